//! The type of a stamp's file (PROTOCOL.md §4.4): which protocol it speaks (ident) and its MIME type.
//!
//! Covers the formats the reference classifier recognises by magic bytes; its full libmagic emulation
//! (structural PNG checks, the HTML text gate, zlib+msgpack payloads, BMN audio) is not reproduced yet.

use super::Ident;
use crate::network::{Change, Rules};

/// Suffixes that curse a stamp (`config.INVALID_BTC_STAMP_SUFFIX`).
pub const INVALID_SUFFIXES: [&str; 6] = ["plain", "octet-stream", "js", "css", "x-empty", "json"];

/// A classified file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Class {
    /// Which protocol the file speaks.
    pub ident: Ident,
    /// Its MIME type.
    pub mimetype: String,
}

impl Class {
    /// The part of the MIME type after `/`, with `svg+xml` shortened to `svg`.
    pub fn suffix(&self) -> &str {
        let sub = self
            .mimetype
            .split_once('/')
            .map_or(self.mimetype.as_str(), |(_, s)| s);
        if sub == "svg+xml" { "svg" } else { sub }
    }

    /// Whether the suffix allows a blessed stamp.
    pub fn suffix_is_valid(&self) -> bool {
        !self.mimetype.is_empty() && !INVALID_SUFFIXES.contains(&self.suffix())
    }
}

/// Classifies decoded stamp bytes found at `height`.
pub fn classify(bytes: &[u8], height: u64, rules: Rules) -> Class {
    if let Ok(text) = std::str::from_utf8(bytes) {
        let trimmed = text.trim_start();
        if (trimmed.starts_with('{') || trimmed.starts_with('['))
            && let Some(ident) = json_protocol(trimmed)
        {
            return Class {
                ident,
                mimetype: "application/json".into(),
            };
        }
    }
    let data = if !rules.active(Change::StripWhitespace, height) {
        bytes
    } else {
        trim_ascii_start(bytes)
    };
    Class {
        ident: Ident::Stamp,
        mimetype: magic(data).into(),
    }
}

/// `Some(ident)` when `text` is a JSON object or array: the protocol named by its `p` key (any case), else
/// unknown.
fn json_protocol(text: &str) -> Option<Ident> {
    let value: serde_json::Value = serde_json::from_str(text).ok()?;
    let p = value
        .as_object()
        .and_then(|o| o.iter().find(|(k, _)| k.eq_ignore_ascii_case("p")))
        .and_then(|(_, v)| v.as_str())
        .map(str::to_ascii_uppercase);
    Some(match p.as_deref() {
        Some("SRC-20") => Ident::Src20,
        Some("SRC-721") => Ident::Src721,
        Some("SRC-101") => Ident::Src101,
        _ => Ident::Unknown,
    })
}

fn trim_ascii_start(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    &bytes[start..]
}

fn magic(b: &[u8]) -> &'static str {
    const BMP_DIB_SIZES: [u32; 7] = [12, 40, 52, 56, 64, 108, 124];
    if b.is_empty() {
        return "application/x-empty";
    }
    if b.starts_with(b"\x89PNG\r\n\x1a\n") {
        return "image/png";
    }
    if b.starts_with(&[0xff, 0xd8, 0xff]) {
        return "image/jpeg";
    }
    if b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a") {
        return "image/gif";
    }
    if b.len() >= 18 && b.starts_with(b"BM") {
        let dib = u32::from_le_bytes([b[14], b[15], b[16], b[17]]);
        if BMP_DIB_SIZES.contains(&dib) {
            return "image/bmp";
        }
    }
    if b.len() >= 12 && b.starts_with(b"RIFF") && &b[8..12] == b"WEBP" {
        return "image/webp";
    }
    if b.len() >= 12 && &b[4..8] == b"ftyp" {
        match &b[8..12] {
            b"avif" | b"avis" => return "image/avif",
            b"heic" | b"heix" | b"mif1" => return "image/heic",
            _ => {}
        }
    }
    if b.starts_with(&[0x1f, 0x8b]) {
        return "application/gzip";
    }
    if b.starts_with(b"ID3") {
        return "audio/mpeg";
    }
    if b.starts_with(b"PK\x03\x04") {
        return "application/zip";
    }
    if let Ok(text) = std::str::from_utf8(b) {
        let head = text
            .get(..text.len().min(4096))
            .unwrap_or(text)
            .to_ascii_lowercase();
        if head.starts_with("<?xml") && head.contains("<svg")
            || head.starts_with("<svg")
            || head.starts_with("<!doctype svg")
        {
            return "image/svg+xml";
        }
        if head.contains("<html") || head.starts_with("<!doctype html") {
            return "text/html";
        }
        return "text/plain";
    }
    "application/octet-stream"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(bytes: &[u8]) -> Class {
        classify(bytes, 840_000, Rules::MAINNET)
    }

    #[test]
    fn images_by_magic() {
        assert_eq!(class(b"\x89PNG\r\n\x1a\n....").mimetype, "image/png");
        assert_eq!(class(b"GIF89a...").mimetype, "image/gif");
        assert_eq!(
            class(b"<svg xmlns='http://www.w3.org/2000/svg'></svg>").suffix(),
            "svg"
        );
        assert_eq!(
            class(b"<!DOCTYPE html><html><body></body></html>").mimetype,
            "text/html"
        );
    }

    #[test]
    fn cursing_suffixes() {
        assert!(!class(b"just text").suffix_is_valid());
        assert!(!class(&[0x00, 0x01, 0xff]).suffix_is_valid());
        assert!(class(b"\x89PNG\r\n\x1a\n").suffix_is_valid());
    }

    #[test]
    fn json_protocols() {
        assert_eq!(
            class(br#"{"p":"src-20","op":"deploy","tick":"NIVEK"}"#).ident,
            Ident::Src20
        );
        assert_eq!(
            class(br#"{"P": "SRC-721", "op": "mint"}"#).ident,
            Ident::Src721
        );
        assert_eq!(class(br#"{"a": 1}"#).ident, Ident::Unknown);
        assert_eq!(class(br#"{"p": "src-20""#).ident, Ident::Stamp);
    }
}
