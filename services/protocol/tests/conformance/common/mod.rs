//! Fixture access shared by the conformance suites.
//!
//! The fixtures live outside the project (`../shared/fixtures` beside the checkout, or `STAMPS_FIXTURES`).
//! When they are missing the suites fail and say so: a conformance suite that passes on nothing proves nothing.

#![allow(dead_code)]

use std::path::PathBuf;

/// The fixtures directory.
pub fn fixtures() -> PathBuf {
    let dir = std::env::var_os("STAMPS_FIXTURES").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/fixtures"),
        PathBuf::from,
    );
    assert!(
        dir.is_dir(),
        "fixtures not found at {} (set STAMPS_FIXTURES to the shared fixtures directory)",
        dir.display()
    );
    dir
}

/// A fixture file parsed as JSON.
pub fn json(relative: &str) -> serde_json::Value {
    let path = fixtures().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// `counterparty/vectors.json`, read once per test binary.
pub fn vectors() -> &'static serde_json::Value {
    static VECTORS: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    VECTORS.get_or_init(|| json("counterparty/vectors.json"))
}

/// One section of `counterparty/vectors.json`; panics when it is absent or empty.
pub fn vectors_section(name: &str) -> &'static [serde_json::Value] {
    let cases = vectors()[name]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    assert!(!cases.is_empty(), "vectors.json has no {name} cases");
    cases
}
