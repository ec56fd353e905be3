//! The type of a stamp's file (PROTOCOL.md §4.4): which protocol it speaks (ident), its MIME type and file
//! suffix, exactly as the reference indexer decides them (`models.StampData.check_decoded_data_fetch_ident_mime`,
//! `enhanced_mime_detection`, `stamp_mime.classify`).
//!
//! The decision, in the reference's order:
//! 1. UTF-8 text that is a JSON object or array (after `str.strip()`): keys lower-cased; `p` (upper-cased) of
//!    SRC-20 / SRC-721 / SRC-101 gives that ident with suffix `json`; any other JSON is ident `UNKNOWN`,
//!    `application/json`.
//! 2. Anything else: `BMN` audio (from `cp_bmn_feat_block_start`), strict JSON → `json`, else the byte-prefix
//!    classifier (after stripping leading ASCII whitespace from `strip_whitespace`), overridden to `text/html`
//!    by the "legitimate HTML" check, `svg+xml` → suffix `svg`, text/JavaScript heuristic → `js`.
//! 3. Non-UTF-8 zlib streams are inflated (bounded), unpacked as msgpack and re-classified as JSON text.

use super::Ident;
use crate::network::{Change, Rules};
use crate::py::{self, FloatMode, JsonError, PyDict, PyValue};

/// Suffixes that curse a stamp (`config.INVALID_BTC_STAMP_SUFFIX`).
pub const INVALID_SUFFIXES: [&str; 6] = ["plain", "octet-stream", "js", "css", "x-empty", "json"];

/// Largest inflated zlib payload considered (the reference has no cap; stamps are at most ~100 KB, so a
/// larger result cannot come from a real payload and is treated as a failed decompression).
pub const MAX_INFLATED: usize = 4 * 1024 * 1024;

/// A classified file.
#[derive(Debug, Clone, PartialEq)]
pub struct Class {
    /// Which protocol the file speaks.
    pub ident: Ident,
    /// Its MIME type as the reference records it; empty where the reference leaves it unset (SRC JSON,
    /// `BMN` audio), in which case a caller keeps the mimetype declared in the description, if any.
    pub mimetype: String,
    /// The file suffix that decides blessed/cursed (`file_suffix` before the reference's cosmetic
    /// `plain → txt` renaming); `None` when unset.
    pub file_suffix: Option<String>,
    /// For JSON idents: the parsed object with lower-cased keys (floats parsed as `float`, as the reference's
    /// `json.loads` here does).
    pub json: Option<PyDict>,
    /// The file as the reference continues with it when it differs from the input: the JSON text produced
    /// from a zlib + msgpack payload.
    pub content: Option<Vec<u8>>,
    /// The reference raises on this input (invalid JSON after a lenient pre-check, a JSON array, a
    /// non-string `p`, integers over 4300 digits, undecodable msgpack): the transaction is not a stamp.
    pub rejected: bool,
}

impl Class {
    fn new(ident: Ident, mimetype: &str, suffix: Option<&str>) -> Self {
        Class {
            ident,
            mimetype: mimetype.to_owned(),
            file_suffix: suffix.map(str::to_owned),
            json: None,
            content: None,
            rejected: false,
        }
    }

    fn rejected() -> Self {
        Class {
            rejected: true,
            ..Class::new(Ident::Unknown, "", None)
        }
    }

    /// The file suffix (`svg` for SVG, `json` for JSON, `bmn`, ...); empty when unset.
    pub fn suffix(&self) -> &str {
        self.file_suffix.as_deref().unwrap_or("")
    }

    /// Whether the suffix allows a blessed stamp (`file_suffix not in INVALID_BTC_STAMP_SUFFIX`).
    pub fn suffix_is_valid(&self) -> bool {
        !self.rejected && !INVALID_SUFFIXES.contains(&self.suffix())
    }

    /// The suffix the reference stores the file under (`plain` → `txt`, `xhtml+xml` → `html`).
    pub fn stored_suffix(&self) -> &str {
        match self.suffix() {
            "plain" => "txt",
            "xhtml+xml" => "html",
            "svg+xml" => "svg",
            s => s,
        }
    }
}

/// Classifies decoded stamp bytes found at `height`.
pub fn classify(bytes: &[u8], height: u64, rules: Rules) -> Class {
    match std::str::from_utf8(bytes) {
        Ok(text) => classify_text(text, height, rules),
        Err(_) => classify_binary(bytes, height, rules),
    }
}

/// Step 1 for text (`handle_json_string`).
fn classify_text(text: &str, height: u64, rules: Rules) -> Class {
    let stripped = py::py_strip(text);
    let bracketed = (stripped.starts_with('{') && stripped.ends_with('}'))
        || (stripped.starts_with('[') && stripped.ends_with(']'));
    if bracketed {
        match py::json_loads(stripped, FloatMode::Float) {
            Ok(_) => return json_ident(text),
            Err(JsonError::Decode(..)) => {}
            Err(_) => return Class::rejected(),
        }
    }
    let mut class = mime_and_suffix(text.as_bytes(), height, rules);
    if !class.rejected {
        class.ident = Ident::Stamp;
    }
    class
}

/// `decode_and_reformat_src_string` on text known to be JSON once stripped.
fn json_ident(text: &str) -> Class {
    let dict = match py::json_loads(text, FloatMode::Float) {
        Ok(PyValue::Dict(d)) => d,
        // A list has no `.items()`; unstripped text that no longer parses raises `JSONDecodeError`.
        _ => return Class::rejected(),
    };
    let Some(lowered) = dict.with_lowercase_keys() else {
        return Class::rejected();
    };
    let p = lowered.get("p").filter(|v| v.is_truthy());
    let mut class = match p {
        Some(PyValue::Str(p)) => match py::py_upper(p).as_str() {
            "SRC-20" => Class::new(Ident::Src20, "", Some("json")),
            "SRC-721" => Class::new(Ident::Src721, "", Some("json")),
            "SRC-101" => Class::new(Ident::Src101, "", Some("json")),
            _ => Class::new(Ident::Unknown, "application/json", Some("json")),
        },
        Some(_) => return Class::rejected(),
        None => Class::new(Ident::Unknown, "application/json", Some("json")),
    };
    class.json = Some(lowered);
    class
}

/// `handle_bytes_again`: non-UTF-8 bytes.
fn classify_binary(bytes: &[u8], height: u64, rules: Rules) -> Class {
    let class = mime_and_suffix(bytes, height, rules);
    if class.rejected {
        return class;
    }
    if class.suffix() != "zlib" {
        return Class {
            ident: Ident::Stamp,
            ..class
        };
    }
    // `zlib_decompress`: inflate, msgpack-unpack, json.dumps, then classify the JSON text.
    let Some(inflated) = inflate_zlib(bytes) else {
        return Class {
            ident: Ident::Unknown,
            ..class
        };
    };
    let value = match msgpack::unpack(&inflated) {
        Ok(v) => v,
        Err(msgpack::Error::ExtraData) => {
            return Class {
                ident: Ident::Unknown,
                ..class
            };
        }
        Err(msgpack::Error::Invalid) => return Class::rejected(),
    };
    let Ok(json_text) = py::json_dumps(&value) else {
        // `TypeError` from json.dumps (bytes, ext types) is caught: ident UNKNOWN.
        return Class {
            ident: Ident::Unknown,
            ..class
        };
    };
    let mut inner = classify_text(&json_text, height, rules);
    if inner.mimetype.is_empty() && !inner.rejected {
        // SRC JSON leaves the MIME type as it was: the zlib one.
        inner.mimetype = class.mimetype;
    }
    inner.content = Some(json_text.into_bytes());
    inner
}

/// `zlib.decompress`, bounded by [`MAX_INFLATED`]. Data after the end of the stream is ignored.
fn inflate_zlib(bytes: &[u8]) -> Option<Vec<u8>> {
    miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(bytes, MAX_INFLATED).ok()
}

/// `update_file_suffix_and_mime_type`: suffix and MIME type of text or binary content.
fn mime_and_suffix(b: &[u8], height: u64, rules: Rules) -> Class {
    if rules.active(Change::CpBmnFeat, height) && b.starts_with(b"BMN") {
        return Class::new(Ident::Stamp, "", Some("bmn"));
    }
    if let Ok(text) = std::str::from_utf8(b) {
        match py::json_loads(text, FloatMode::Float) {
            Ok(_) => return Class::new(Ident::Stamp, "application/json", Some("json")),
            Err(JsonError::Decode(..)) => {}
            Err(_) => return Class::rejected(),
        }
    }
    let processed = if rules.active(Change::StripWhitespace, height) {
        lstrip_ascii_ws(b)
    } else {
        b
    };
    let mime = if rules.active(Change::EnhancedMimeDetection, height) && is_svg_content(processed) {
        "image/svg+xml"
    } else if is_legitimate_html(processed) {
        "text/html"
    } else {
        magic(processed)
    };
    let suffix = match mime.rsplit('/').next().unwrap_or(mime) {
        "svg+xml" => "svg",
        s => s,
    };
    if (mime == "text/plain" || mime == "application/javascript") && is_javascript(b) {
        return Class::new(Ident::Stamp, "application/javascript", Some("js"));
    }
    Class::new(Ident::Stamp, mime, Some(suffix))
}

/// `bytes.lstrip()`: ASCII whitespace (space, `\t`, `\n`, `\r`, `\x0b`, `\x0c`).
fn lstrip_ascii_ws(b: &[u8]) -> &[u8] {
    let start = b
        .iter()
        .position(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
        .unwrap_or(b.len());
    &b[start..]
}

/// `enhanced_mime_detection.is_svg_content` (used only once `enhanced_mime_detection` activates; never on
/// public networks).
fn is_svg_content(b: &[u8]) -> bool {
    let head = &b[..b.len().min(512)];
    let lower = String::from_utf8_lossy(head)
        .replace('\u{fffd}', "")
        .to_lowercase();
    lower.contains("<svg") && (lower.contains("xmlns") || lower.contains("viewbox"))
}

/// `enhanced_mime_detection.is_legitimate_html`: UTF-8, at most 5 % control bytes, no image header, and
/// balanced `<html`/`</html>` and `<body`/`</body>` counts (both present).
pub fn is_legitimate_html(b: &[u8]) -> bool {
    if b.is_empty() || std::str::from_utf8(b).is_err() {
        return false;
    }
    let controls = b
        .iter()
        .filter(|&&c| c < 32 && !matches!(c, 9 | 10 | 13))
        .count();
    if controls * 20 > b.len() {
        return false;
    }
    if b.starts_with(b"\x89PNG") || b.starts_with(b"\xff\xd8\xff") || b.starts_with(b"GIF8") {
        return false;
    }
    let lower = b.to_ascii_lowercase();
    let count = |needle: &[u8]| lower.windows(needle.len()).filter(|w| *w == needle).count();
    let html_open = count(b"<html");
    let body_open = count(b"<body");
    if html_open == 0 || body_open == 0 {
        return false;
    }
    html_open == count(b"</html>") && body_open == count(b"</body>")
}

/// `stamp_mime.classify`: the reference's byte-prefix classifier (a reproduction of libmagic 5.41 for every
/// type seen on mainnet).
pub fn magic(b: &[u8]) -> &'static str {
    const OCTET: &str = "application/octet-stream";
    let n = b.len();
    if n == 0 {
        return "application/x-empty";
    }
    let u32_le = |at: usize| -> u32 {
        b.get(at..at + 4)
            .map_or(0, |s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
    };
    let u32_be = |at: usize| -> u32 {
        b.get(at..at + 4)
            .map_or(0, |s| u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
    };
    if b.starts_with(b"\x89PNG\r\n\x1a\n") {
        return if n >= 16 && u32_be(8) == 13 && &b[12..16] == b"IHDR" {
            "image/png"
        } else {
            OCTET
        };
    }
    if b.starts_with(&[0x1f, 0x8b, 0x08]) {
        return if n >= 10 && b[3] & 0xe0 == 0 {
            "application/gzip"
        } else {
            OCTET
        };
    }
    if b.starts_with(&[0xff, 0xd8, 0xff]) {
        return if n >= 4
            && matches!(
                b[3],
                0xe0 | 0xe1 | 0xe2 | 0xe3 | 0xe8 | 0xdb | 0xee | 0xc0 | 0xc4
            ) {
            "image/jpeg"
        } else {
            OCTET
        };
    }
    if b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a") {
        return if n >= 13 { "image/gif" } else { OCTET };
    }
    if n >= 18 && b.starts_with(b"BM") && [12, 40, 52, 56, 64, 108, 124].contains(&u32_le(14)) {
        let offset = u32_le(10) as usize;
        return if offset != 0 && offset <= n {
            "image/bmp"
        } else {
            OCTET
        };
    }
    if n >= 12 && b.starts_with(b"RIFF") && &b[8..12] == b"WEBP" {
        return if n >= 16 && matches!(&b[12..16], b"VP8 " | b"VP8L" | b"VP8X") {
            "image/webp"
        } else {
            OCTET
        };
    }
    if n >= 12 && &b[4..8] == b"ftyp" {
        let box_size = u32_be(0) as usize;
        let valid = n >= 16
            && match box_size {
                0 => true,
                1 => n >= 24,
                s => (16..=n).contains(&s),
            };
        if !valid {
            return OCTET;
        }
        match &b[8..12] {
            b"avif" | b"avis" => return "image/avif",
            b"heic" | b"heix" | b"heim" | b"heis" | b"hevc" | b"hevx" | b"hevm" | b"hevs"
            | b"mif1" => {
                return "image/heic";
            }
            _ => {}
        }
    }
    if b.starts_with(b"ID3") {
        return "audio/mpeg";
    }
    if b.starts_with(b"PK\x03\x04") {
        return "application/zip";
    }
    if n >= 2 && b[0] == 0x78 && matches!(b[1], 0x01 | 0x5e | 0x9c | 0xda) {
        return "application/zlib";
    }
    if n >= 2 && (b.starts_with(&[0xff, 0xfe]) || b.starts_with(&[0xfe, 0xff])) {
        let le = b[0] == 0xff;
        let head = &b[2..n.min(1024)];
        let units = head.chunks_exact(2).map(|c| {
            if le {
                u16::from_le_bytes([c[0], c[1]])
            } else {
                u16::from_be_bytes([c[0], c[1]])
            }
        });
        // `decode(errors="ignore")`: invalid surrogates vanish.
        let decoded: String = char::decode_utf16(units).filter_map(Result::ok).collect();
        let decoded = decoded.trim_start_matches(py::is_space);
        if decoded.starts_with("<svg") {
            return "image/svg+xml";
        }
        if decoded.starts_with("<?xml") {
            return "text/xml";
        }
    }
    // `b.lstrip(b"\xef\xbb\xbf")` strips any of those three bytes, not the BOM sequence.
    let bom_start = b
        .iter()
        .position(|c| !matches!(c, 0xef | 0xbb | 0xbf))
        .unwrap_or(n);
    let head = &b[bom_start..n.min(bom_start + 1024)];
    if head.starts_with(b"<?xml") {
        return if contains(head, b"<svg") {
            "image/svg+xml"
        } else {
            "text/xml"
        };
    }
    if head.starts_with(b"<svg") || head.starts_with(b"<!DOCTYPE svg") {
        return "image/svg+xml";
    }
    if has_html_tag(b) && looks_like_text(b) {
        return "text/html";
    }
    if looks_like_text(b) {
        return "text/plain";
    }
    OCTET
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// libmagic's HTML rule as the reference reproduces it: within the first 4096 bytes, any known tag when the
/// first meaningful byte is `<`, otherwise only `<script` or `<style`.
fn has_html_tag(b: &[u8]) -> bool {
    const TAGS: [&[u8]; 17] = [
        b"<!doctype html",
        b"<html",
        b"<head",
        b"<body",
        b"<title",
        b"<script",
        b"<style",
        b"<meta",
        b"<link",
        b"<table",
        b"<div",
        b"<h1",
        b"<h2",
        b"<h3",
        b"<h4",
        b"<h5",
        b"<h6",
    ];
    const STRONG: [&[u8]; 2] = [b"<script", b"<style"];
    let window = &b[..b.len().min(4096)];
    if !window.contains(&b'<') {
        return false;
    }
    let lower = window.to_ascii_lowercase();
    let mut i = if lower.starts_with(b"\xef\xbb\xbf") {
        3
    } else {
        0
    };
    while lower
        .get(i)
        .is_some_and(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n'))
    {
        i += 1;
    }
    let needles: &[&[u8]] = if lower.get(i) == Some(&b'<') {
        &TAGS
    } else {
        &STRONG
    };
    needles.iter().any(|n| contains(&lower, n))
}

/// libmagic's text test: printable ASCII, BEL, BS, TAB, LF, VT, FF, CR, ESC or any byte ≥ 0x80.
fn looks_like_text(b: &[u8]) -> bool {
    !b.is_empty()
        && b.iter()
            .all(|&c| (0x20..=0x7e).contains(&c) || matches!(c, 7..=13 | 0x1b) || c >= 0x80)
}

// -----------------------------------------------------------------------------------------------------------
// JavaScript heuristic (`StampData.is_javascript`)
// -----------------------------------------------------------------------------------------------------------

/// `\w` (Unicode word character).
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

struct Text {
    chars: Vec<char>,
}

impl Text {
    fn word_at(&self, i: usize) -> bool {
        self.chars.get(i).copied().is_some_and(is_word)
    }

    /// `\b` at position `i`.
    fn boundary(&self, i: usize) -> bool {
        let before = i > 0 && self.word_at(i - 1);
        before != self.word_at(i)
    }

    /// Matches `lit` at `i` (case-sensitive or ASCII/Unicode-simple case-insensitive); returns the end.
    fn lit(&self, i: usize, lit: &str, fold: bool) -> Option<usize> {
        let mut j = i;
        for want in lit.chars() {
            let got = *self.chars.get(j)?;
            let ok = if fold {
                fold_char(got) == fold_char(want)
            } else {
                got == want
            };
            if !ok {
                return None;
            }
            j += 1;
        }
        Some(j)
    }

    fn ws(&self, mut i: usize) -> usize {
        while self.chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        i
    }

    fn ws1(&self, i: usize) -> Option<usize> {
        let j = self.ws(i);
        (j > i).then_some(j)
    }

    fn word1(&self, mut i: usize) -> Option<usize> {
        let start = i;
        while self.word_at(i) {
            i += 1;
        }
        (i > start).then_some(i)
    }
}

fn fold_char(c: char) -> char {
    match c {
        '\u{17f}' => 's',
        '\u{212a}' => 'k',
        _ => c.to_lowercase().next().unwrap_or(c),
    }
}

/// One of the reference's "JS formatting" patterns, matched at `i` (after the `\b`).
fn js_pattern_at(t: &Text, i: usize, kw: &str) -> bool {
    let Some(j) = t.lit(i, kw, false) else {
        return false;
    };
    // `\(.*?\)\s*{`: a `)` later on the same line, followed by optional whitespace and `{`.
    let paren_block = |j: usize| -> bool {
        let k = t.ws(j);
        if t.chars.get(k) != Some(&'(') {
            return false;
        }
        let mut m = k + 1;
        while let Some(&c) = t.chars.get(m) {
            if c == '\n' {
                return false;
            }
            if c == ')' {
                let after = t.ws(m + 1);
                if t.chars.get(after) == Some(&'{') {
                    return true;
                }
            }
            m += 1;
        }
        false
    };
    match kw {
        "function" | "new" => t
            .ws1(j)
            .and_then(|k| t.word1(k))
            .is_some_and(|k| t.chars.get(t.ws(k)) == Some(&'(')),
        "var" | "let" | "const" => t
            .ws1(j)
            .and_then(|k| t.word1(k))
            .is_some_and(|k| t.chars.get(t.ws(k)) == Some(&'=')),
        "if" | "for" | "while" | "catch" => paren_block(j),
        "else" | "try" | "finally" => t.chars.get(t.ws(j)) == Some(&'{'),
        "class" => t
            .ws1(j)
            .and_then(|k| t.word1(k))
            .is_some_and(|k| t.chars.get(t.ws(k)) == Some(&'{')),
        "import" => {
            // `import\s+.*?\s+from\s+["']` (`.` does not cross lines).
            let Some(k) = t.ws1(j) else { return false };
            let line_end = (k..t.chars.len())
                .find(|&m| t.chars[m] == '\n')
                .unwrap_or(t.chars.len());
            (k..=line_end).any(|m| {
                m > 0
                    && t.chars.get(m - 1).is_some_and(|c| c.is_whitespace())
                    && t.lit(m, "from", false)
                        .and_then(|e| t.ws1(e))
                        .is_some_and(|e| matches!(t.chars.get(e), Some('"' | '\'')))
            })
        }
        "export" | "typeof" | "instanceof" => t.ws1(j).and_then(|k| t.word1(k)).is_some(),
        "return" => t.ws1(j).is_some(),
        "=>" => t.chars.get(t.ws(j)) == Some(&'{'),
        _ => false,
    }
}

/// `StampData.is_javascript`: a JavaScript keyword (case-insensitive, word-bounded) and one of the
/// reference's JavaScript statement shapes. Only distinguishes `text/plain` from `application/javascript`,
/// both cursing, so it never changes a stamp's number.
pub fn is_javascript(b: &[u8]) -> bool {
    const KEYWORDS: [&str; 19] = [
        "function",
        "var",
        "let",
        "const",
        "if",
        "else",
        "for",
        "while",
        "=>",
        "class",
        "import",
        "export",
        "new",
        "return",
        "typeof",
        "instanceof",
        "catch",
        "try",
        "finally",
    ];
    let text = String::from_utf8_lossy(b).replace('\u{fffd}', "");
    let t = Text {
        chars: text.chars().collect(),
    };
    let n = t.chars.len();
    let gate = (0..n).any(|i| {
        t.boundary(i)
            && KEYWORDS
                .iter()
                .any(|kw| t.lit(i, kw, true).is_some_and(|e| t.boundary(e)))
    });
    if !gate {
        return false;
    }
    (0..n).any(|i| t.boundary(i) && KEYWORDS.iter().any(|kw| js_pattern_at(&t, i, kw)))
}

// msgpack (the subset `msgpack.unpackb` with its defaults produces) is in its own file.
pub(crate) mod msgpack;

#[cfg(test)]
mod tests {
    use super::*;

    fn class(bytes: &[u8]) -> Class {
        classify(bytes, 840_000, Rules::MAINNET)
    }

    fn png_min() -> Vec<u8> {
        let mut v = b"\x89PNG\r\n\x1a\n".to_vec();
        v.extend_from_slice(&13u32.to_be_bytes());
        v.extend_from_slice(b"IHDR");
        v.extend_from_slice(&[0u8; 13]);
        v.extend_from_slice(&[0u8; 4]);
        v.extend_from_slice(&0u32.to_be_bytes());
        v.extend_from_slice(b"IEND");
        v.extend_from_slice(&[0u8; 4]);
        v
    }

    #[test]
    fn reference_classifier_vectors() {
        // The reference's own self-test table for `stamp_mime.classify`.
        let mut bmp = b"BM".to_vec();
        bmp.extend_from_slice(&[0u8; 8]);
        bmp.extend_from_slice(&54u32.to_le_bytes());
        bmp.extend_from_slice(&40u32.to_le_bytes());
        bmp.extend_from_slice(&[0u8; 200]);
        let utf16le: Vec<u8> = "<?xml version='1.0'?><root/>"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let mut bom_le = vec![0xff, 0xfe];
        bom_le.extend_from_slice(&utf16le);
        let mut bom_be = vec![0xfe, 0xff];
        bom_be.extend(
            "<?xml version='1.0'?><root/>"
                .encode_utf16()
                .flat_map(u16::to_be_bytes),
        );
        let mut html_bin = b"<html>\n\t<body>".to_vec();
        for _ in 0..20 {
            html_bin.extend_from_slice(b"\x00\x01\x02\x03");
        }
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (b"".to_vec(), "application/x-empty"),
            (png_min(), "image/png"),
            (b"GIF89a\x00\x00\x00\x00\x00\x00\x00;".to_vec(), "image/gif"),
            (b"GIF87a\x00\x00\x00\x00\x00\x00\x00;".to_vec(), "image/gif"),
            (
                b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xdb\x00\x04\x00\x00\xff\
                \xda\x00\x02\xff\xd9"
                    .to_vec(),
                "image/jpeg",
            ),
            (bmp, "image/bmp"),
            ([b"BM".as_slice(), &[0u8; 30]].concat(), "application/octet-stream"),
            (b"BMessage starts here, BM is just two letters".to_vec(), "text/plain"),
            (b"RIFF\x10\x00\x00\x00WEBPVP8 \x04\x00\x00\x00\x00\x00\x00\x00".to_vec(), "image/webp"),
            (b"\x00\x00\x00\x10ftypavif\x00\x00\x00\x00".to_vec(), "image/avif"),
            (b"\x00\x00\x00\x10ftypavis\x00\x00\x00\x00".to_vec(), "image/avif"),
            (b"\x00\x00\x00\x10ftypheic\x00\x00\x00\x00".to_vec(), "image/heic"),
            (b"\x00\x00\x00\x10ftypmif1\x00\x00\x00\x00".to_vec(), "image/heic"),
            (b"\x89PNG\r\n\x1a\n\x00\x00".to_vec(), "application/octet-stream"),
            (b"GIF89a\x00\x00".to_vec(), "application/octet-stream"),
            (b"\xff\xd8\xff\xe0\x00\x10JFIF".to_vec(), "image/jpeg"),
            (b"PK\x03\x04rest".to_vec(), "application/zip"),
            (b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x00".to_vec(), "application/gzip"),
            (b"ID3\x03\x00".to_vec(), "audio/mpeg"),
            (b"\x78\x01abcdef".to_vec(), "application/zlib"),
            (b"\x78\x5eabcdef".to_vec(), "application/zlib"),
            (b"\x78\x9cabcdef".to_vec(), "application/zlib"),
            (b"\x78\xdaabcdef".to_vec(), "application/zlib"),
            (b"x and y are normal text here".to_vec(), "text/plain"),
            (b"<svg xmlns='http://www.w3.org/2000/svg'></svg>".to_vec(), "image/svg+xml"),
            (b"<?xml version='1.0'?><svg></svg>".to_vec(), "image/svg+xml"),
            (b"<?xml version='1.0'?><root/>".to_vec(), "text/xml"),
            (
                b"<!DOCTYPE svg PUBLIC '-//W3C//DTD SVG 1.1//EN' 'svg11.dtd'><svg></svg>".to_vec(),
                "image/svg+xml",
            ),
            (b"\n<svg xmlns='x'><style>x{}</style><text>hi</text></svg>".to_vec(), "text/html"),
            (b"<!DOCTYPE html><html></html>".to_vec(), "text/html"),
            (b"<html><body>hi</body></html>".to_vec(), "text/html"),
            (b"<script src='/s/A123'></script>".to_vec(), "text/html"),
            (b"<canvas id='c'></canvas><script>x=1</script>".to_vec(), "text/html"),
            (b"<canvas id='c' width='100'></canvas>".to_vec(), "text/plain"),
            (b"<meta charset='UTF-8'><script>x=1</script>".to_vec(), "text/html"),
            (html_bin, "application/octet-stream"),
            (b"<html lang='en'><body>data\x00\x00data".to_vec(), "application/octet-stream"),
            (b"<html><style>x{}</style>\xd8>\xdd\x81<br>JUAN".to_vec(), "text/html"),
            (br#"{"p":"stamp","op":"mint"}"#.to_vec(), "text/plain"),
            (br#"["a","b","c"]"#.to_vec(), "text/plain"),
            (bom_le, "text/xml"),
            (bom_be, "text/xml"),
            (utf16le, "application/octet-stream"),
            (b"plain text only".to_vec(), "text/plain"),
            (b"text with\ttab and\nnewline".to_vec(), "text/plain"),
            (b"\x00\x01\x02binary".to_vec(), "application/octet-stream"),
            (b"text \x00 with NUL".to_vec(), "application/octet-stream"),
            (b"text \x7f with DEL".to_vec(), "application/octet-stream"),
            ("café".as_bytes().to_vec(), "text/plain"),
        ];
        for (bytes, want) in cases {
            assert_eq!(magic(&bytes), want, "{:?}", String::from_utf8_lossy(&bytes));
        }
    }

    #[test]
    fn one_class_each() {
        assert_eq!(class(&png_min()).suffix(), "png");
        assert!(class(&png_min()).suffix_is_valid());
        assert_eq!(class(b"<svg xmlns='x'></svg>").suffix(), "svg");
        assert_eq!(class(b"<svg xmlns='x'></svg>").mimetype, "image/svg+xml");
        let html = class(b"<html><body>hi</body></html>");
        assert_eq!(
            (html.mimetype.as_str(), html.suffix()),
            ("text/html", "html")
        );
        // Legitimate HTML overrides the classifier even without a leading tag.
        assert_eq!(
            class(b"hello <html><body></body></html>").mimetype,
            "text/html"
        );
        let text = class(b"just text");
        assert_eq!((text.suffix(), text.suffix_is_valid()), ("plain", false));
        assert_eq!(text.stored_suffix(), "txt");
        let js = class(b"function main() { return 1; }");
        assert_eq!(
            (js.mimetype.as_str(), js.suffix()),
            ("application/javascript", "js")
        );
        assert!(!js.suffix_is_valid());
        assert_eq!(class(&[0x00, 0x01, 0xff]).suffix(), "octet-stream");
        assert_eq!(class(b"").suffix(), "x-empty");
        assert_eq!(class(b"123").mimetype, "application/json");
        assert_eq!(class(b"BMN\x00\x01").suffix(), "bmn");
        assert_eq!(
            classify(b"BMN\x00\x01", 815_130, Rules::MAINNET).suffix(),
            "octet-stream"
        );
        assert_eq!(
            class(b"GIF89a\x00\x00\x00\x00\x00\x00\x00\x00").ident,
            Ident::Stamp
        );
        // Whitespace before an SVG: stripped from strip_whitespace (797201), not before.
        assert_eq!(class(b"  <svg></svg>").mimetype, "image/svg+xml");
        assert_eq!(
            classify(b"  <svg></svg>", 797_200, Rules::MAINNET).mimetype,
            "text/plain"
        );
    }

    #[test]
    fn json_protocols() {
        let c = class(br#"{"p":"src-20","op":"deploy","tick":"NIVEK"}"#);
        assert_eq!(
            (c.ident, c.suffix(), c.mimetype.as_str()),
            (Ident::Src20, "json", "")
        );
        assert_eq!(
            class(br#"{"P": "SRC-721", "op": "mint"}"#).ident,
            Ident::Src721
        );
        assert_eq!(class(br#" {"p": "src-101"} "#).ident, Ident::Src101);
        let unknown = class(br#"{"a": 1}"#);
        assert_eq!(
            (unknown.ident, unknown.mimetype.as_str()),
            (Ident::Unknown, "application/json")
        );
        assert!(!unknown.suffix_is_valid());
        // Not JSON: plain text stamp.
        assert_eq!(class(br#"{"p": "src-20""#).ident, Ident::Stamp);
        // Raises in the reference.
        assert!(class(br#"[1, 2]"#).rejected);
        assert!(class(br#"{"p": 1}"#).rejected);
        assert!(class("\u{a0}{\"p\": \"src-20\"}".as_bytes()).rejected);
        // The Unicode upper-case of the long s.
        assert_eq!(
            class("{\"p\": \"\u{17f}rc-20\"}".as_bytes()).ident,
            Ident::Src20
        );
    }

    #[test]
    fn zlib_msgpack_json() {
        // msgpack {"p": "src-20", "op": "mint"} deflated.
        let mut packed = vec![0x82, 0xa1, b'p', 0xa6];
        packed.extend_from_slice(b"src-20");
        packed.extend_from_slice(&[0xa2, b'o', b'p', 0xa4]);
        packed.extend_from_slice(b"mint");
        let z = miniz_oxide::deflate::compress_to_vec_zlib(&packed, 6);
        assert!(std::str::from_utf8(&z).is_err());
        let c = class(&z);
        assert_eq!((c.ident, c.suffix()), (Ident::Src20, "json"));
        assert_eq!(
            c.content.as_deref(),
            Some(br#"{"p": "src-20", "op": "mint"}"#.as_slice())
        );
        // A broken stream: ident unknown, zlib suffix (cursed? zlib is not in the invalid list).
        let broken = class(b"\x78\x9c\xff\xff\xff\x80");
        assert_eq!((broken.ident, broken.suffix()), (Ident::Unknown, "zlib"));
        // Trailing msgpack bytes: ExtraData, caught.
        let z2 = miniz_oxide::deflate::compress_to_vec_zlib(&[0xc0, 0xc0], 6);
        assert_eq!(class(&z2).ident, Ident::Unknown);
        // Truncated msgpack: raises.
        let z3 = miniz_oxide::deflate::compress_to_vec_zlib(&[0x92, 0x01], 6);
        assert!(class(&z3).rejected);
    }
}
