//! `stamps decode`: the binary on real mainnet data (block 820000 and a CP-era stamp issuance from the fixtures),
//! and its answers to bad input.

use std::process::Command;

// The fixture access the protocol's conformance suites use.
#[path = "../../protocol/tests/conformance/common/mod.rs"]
mod common;

fn stamps(args: &[&str], stdin: Option<&[u8]>) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_stamps"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input)
            .expect("writes");
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("finishes");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn block_820000_from_stdin_as_binary() {
    let block = common::json("btc_stamps/test_data.json");
    let raw = hex::decode(block["block"]["hex"].as_str().expect("hex")).expect("hex");
    let args = [
        "decode",
        "block",
        "-",
        "--height",
        "820000",
        "--first-stamp",
        "100",
        "--prev-txlist-hash",
        "a",
        "--prev-messages-hash",
        "b",
    ];
    let (code, stdout, stderr) = stamps(&args, Some(&raw));
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(json["height"], 820_000);
    assert_eq!(json["stamps"].as_array().map(Vec::len), Some(13));
    assert_eq!(json["stamps"][0]["stamp"], 100);
    assert_eq!(json["stamps"][12]["stamp"], 112);
    assert_eq!(json["counterparty"].as_array().map(Vec::len), Some(4));
    assert_eq!(json["counterparty"][0]["message"]["type"], "enhanced_send");
    assert_eq!(
        json["hashes"]["messages_hash"].as_str().map(str::len),
        Some(64)
    );
    // The stamp fields come in the documented order.
    let first = stdout.find("\"stamp\":").expect("stamp");
    let order = [
        "\"tx_hash\":",
        "\"cpid\":",
        "\"ident\":",
        "\"mimetype\":",
        "\"is_cursed\":",
        "\"keyburn\":",
    ];
    let mut at = first;
    for key in order {
        let next = stdout[at..].find(key).map(|i| i + at).expect(key);
        assert!(next > at, "{key} follows");
        at = next;
    }
}

#[test]
fn a_stamp_issuance_as_hex() {
    let tx = common::json(
        "btc_stamps/transaction_cache/0321905ca9053a5b8313be9524a2af146196982a479573e9a324e8b929231730.json",
    );
    let hex = tx["hex"].as_str().expect("hex");
    let (code, stdout, stderr) = stamps(&["decode", "tx", hex, "--height", "789352"], None);
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(json["stamps"][0]["cpid"], "A2981132631618090564");
    assert_eq!(json["stamps"][0]["ident"], "SRC-20");
    assert_eq!(json["src20"][0]["op"], "DEPLOY");
    assert_eq!(json["src20"][0]["tick"], "nivek");
    assert_eq!(json["counterparty"][0]["message"]["type"], "issuance");
}

#[test]
fn bad_input_is_one_clear_error() {
    let (code, stdout, stderr) = stamps(&["decode", "tx", "zz", "--height", "1"], None);
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(
        stderr.starts_with("error: the transaction must be hex"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let (code, _, stderr) = stamps(&["decode", "block", "-", "--height", "1"], Some(b"00ff"));
    assert_eq!(code, 2);
    assert!(stderr.contains("not a valid block"), "{stderr}");
}
