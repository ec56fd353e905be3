//! SRC-20 (PROTOCOL.md §5): transport, JSON acceptance, normalisation, the DEPLOY / MINT / TRANSFER
//! operations over a balance view, and the SRC-20 ledger hash, all as the reference indexer
//! (`index_core/src20.py`) decides them.
//!
//! Amounts are Python `Decimal`s ([`PyDecimal`]) with the default 28-digit context, because the reference
//! computes with them: running totals, balances and the ledger string inherit its rounding.
//!
//! Flow for one block: for each raw payload, [`transport::decode`] → [`crate::py::convert_to_dict`] →
//! ident check → [`check_format`] (dropped payloads get no stamp) → [`Src20Block::process`] (numbered stamps
//! whose operation is valid or not). At the end of the block [`Src20Block::balance_updates`] gives the
//! balance changes and [`valid_src20_str`] / [`ledger_hash`] the consensus string and hash.

mod consensus;
mod ops;
mod state;
pub mod transport;

pub use consensus::{format_decimal, ledger_hash, valid_src20_str};
pub use ops::{BalanceUpdate, Src20Block, Src20Record, TxContext};
pub use state::{Deploy, MemoryState, Src20State};

use std::fmt::Write as _;

use sha3::{Digest, Sha3_256};

use crate::network::{Change, Rules};
use crate::py::{self, PyDecimal, PyDict, PyValue};

/// Ticker characters besides the emoji (`config.SUPPORTED_CHARS`).
pub const SUPPORTED_CHARS: &str =
    ".!#$%&()*0123456789<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ^_abcdefghijklmnopqrstuvwxyz~";

/// The emoji allowed in ticks (`config.SUPPORTED_UNICODE`, 1,154 code points between U+1F004 and U+1FAD6),
/// as inclusive ranges.
pub const SUPPORTED_UNICODE: &[(u32, u32)] = &[
    (0x1F004, 0x1F004),
    (0x1F0CF, 0x1F0CF),
    (0x1F170, 0x1F171),
    (0x1F17E, 0x1F17F),
    (0x1F18E, 0x1F18E),
    (0x1F191, 0x1F19A),
    (0x1F201, 0x1F202),
    (0x1F21A, 0x1F21A),
    (0x1F22F, 0x1F22F),
    (0x1F232, 0x1F23A),
    (0x1F250, 0x1F251),
    (0x1F300, 0x1F321),
    (0x1F324, 0x1F393),
    (0x1F396, 0x1F397),
    (0x1F399, 0x1F39B),
    (0x1F39E, 0x1F3F0),
    (0x1F3F3, 0x1F3F5),
    (0x1F3F7, 0x1F3FA),
    (0x1F400, 0x1F4FD),
    (0x1F4FF, 0x1F53D),
    (0x1F549, 0x1F54E),
    (0x1F550, 0x1F567),
    (0x1F56F, 0x1F570),
    (0x1F573, 0x1F57A),
    (0x1F587, 0x1F587),
    (0x1F58A, 0x1F58D),
    (0x1F590, 0x1F590),
    (0x1F595, 0x1F596),
    (0x1F5A4, 0x1F5A5),
    (0x1F5A8, 0x1F5A8),
    (0x1F5B1, 0x1F5B2),
    (0x1F5BC, 0x1F5BC),
    (0x1F5C2, 0x1F5C4),
    (0x1F5D1, 0x1F5D3),
    (0x1F5DC, 0x1F5DE),
    (0x1F5E1, 0x1F5E1),
    (0x1F5E3, 0x1F5E3),
    (0x1F5E8, 0x1F5E8),
    (0x1F5EF, 0x1F5EF),
    (0x1F5F3, 0x1F5F3),
    (0x1F5FA, 0x1F64F),
    (0x1F680, 0x1F6C5),
    (0x1F6CB, 0x1F6D2),
    (0x1F6D5, 0x1F6D7),
    (0x1F6E0, 0x1F6E5),
    (0x1F6E9, 0x1F6E9),
    (0x1F6EB, 0x1F6EC),
    (0x1F6F0, 0x1F6F0),
    (0x1F6F3, 0x1F6FC),
    (0x1F7E0, 0x1F7EB),
    (0x1F90C, 0x1F93A),
    (0x1F93C, 0x1F945),
    (0x1F947, 0x1F978),
    (0x1F97A, 0x1F9CB),
    (0x1F9CD, 0x1F9FF),
    (0x1FA70, 0x1FA74),
    (0x1FA78, 0x1FA7A),
    (0x1FA80, 0x1FA86),
    (0x1FA90, 0x1FAA8),
    (0x1FAB0, 0x1FAB6),
    (0x1FAC0, 0x1FAC2),
    (0x1FAD0, 0x1FAD6),
];

/// Whether `c` may appear in a tick (`TICK_PATTERN_SET`).
pub fn tick_char_allowed(c: char) -> bool {
    if c.is_ascii() {
        return SUPPORTED_CHARS.contains(c);
    }
    let cp = u32::from(c);
    SUPPORTED_UNICODE
        .iter()
        .any(|&(lo, hi)| (lo..=hi).contains(&cp))
}

/// `2**64 - 1`, the largest amount `check_format` lets through.
pub const UINT64_MAX: u64 = u64::MAX;

/// `convert_to_utf8_string`: a tick that fits latin-1 is re-read as UTF-8 bytes (repairing the mojibake of
/// the literal-eval fallback). `None` where Python raises (latin-1 bytes that are not UTF-8).
pub fn repair_tick(tick: &str) -> Option<String> {
    if tick.chars().all(|c| u32::from(c) < 0x100) {
        let bytes: Vec<u8> = tick.chars().map(|c| u32::from(c) as u8).collect();
        return String::from_utf8(bytes).ok();
    }
    Some(tick.to_owned())
}

/// The number an amount field holds for the range check of `check_format`; `None` = excluded.
fn format_amount(value: &PyValue, height: u64, rules: Rules) -> Option<PyDecimal> {
    let d = match value {
        PyValue::Str(s) => {
            if s.is_empty() {
                PyDecimal::zero()
            } else if rules.active(Change::CpP2wshFeat, height) {
                PyDecimal::parse(s)?
            } else {
                let kept: String = s
                    .chars()
                    .filter(|c| py::is_digit(*c) || *c == '.')
                    .collect();
                PyDecimal::parse(&kept)?
            }
        }
        PyValue::Int(i) => PyDecimal::from_int(i),
        PyValue::Bool(b) => PyDecimal::from_u128(u128::from(*b)),
        PyValue::Float(f) => {
            if f.is_nan() {
                return None;
            }
            if f.is_infinite() {
                return None;
            }
            PyDecimal::parse(&format!("{f:.6}"))?
        }
        PyValue::Decimal(d) => d.clone(),
        _ => return None,
    };
    if d.is_nan() {
        return None;
    }
    let max = PyDecimal::from_u128(u128::from(UINT64_MAX));
    (PyDecimal::zero().le(&d) && d.le(&max)).then_some(d)
}

/// `src20.check_format` on a decoded payload whose keys are already lower-cased: whether the SRC-20 gets a
/// stamp number. Returns the dict to process (with the tick repaired) or `None` when it is dropped.
/// SRC-721 payloads pass unchanged.
pub fn check_format(dict: &PyDict, height: u64, rules: Rules) -> Option<PyDict> {
    let p = py::py_lower(dict.get("p")?.as_str()?);
    if p == "src-721" {
        return Some(dict.clone());
    }
    if p != "src-20" {
        return None;
    }
    let tick = match dict.get("tick") {
        None => String::new(),
        Some(PyValue::Str(s)) => repair_tick(s)?,
        // `.encode` on a non-string raises in the reference.
        Some(_) => return None,
    };
    let mut out = dict.clone();
    out.set("tick", PyValue::Str(tick.clone()));
    if tick.is_empty() || tick.chars().count() > 5 || !tick.chars().all(tick_char_allowed) {
        return None;
    }
    let has = |keys: &[&str]| keys.iter().all(|k| out.contains(k));
    let mut checks: Vec<&str> = Vec::new();
    if has(&["op", "tick", "max", "lim"]) {
        checks.extend(["max", "lim"]);
    }
    if has(&["op", "tick", "amt"]) {
        checks.push("amt");
    }
    for key in checks {
        let value = out.get(key)?;
        if matches!(value, PyValue::None) {
            return None;
        }
        format_amount(value, height, rules)?;
    }
    Some(out)
}

/// What the reference makes of a raw (non-Counterparty) payload once decoded into a dict
/// (`models.StampData` with `get_src_or_img_from_data`, `decode_and_reformat_src_string`, `valid_src20`).
#[derive(Debug, Clone, PartialEq)]
pub enum RawStamp {
    /// An SRC-20 that passed [`check_format`]: it gets a stamp number; process it with [`Src20Block`].
    /// `issuer` is the payload's own `issuer` key, which the reference uses as the creator when present.
    Src20 {
        /// The dict to process (lower-cased keys, tick repaired).
        dict: PyDict,
        /// Creator override from the payload's `issuer` key.
        issuer: Option<String>,
    },
    /// Another known protocol (SRC-721, SRC-101) or an SRC-20 without keyburn: decided by those rules.
    Other {
        /// The ident.
        ident: crate::stamp::Ident,
        /// The dict with lower-cased keys.
        dict: PyDict,
    },
    /// Not a stamp (unknown or missing `p`, failed pre-check, or a payload the reference raises on).
    Dropped,
}

/// Classifies a decoded raw payload as the reference does (see [`RawStamp`]).
pub fn raw_stamp(dict: &PyDict, keyburn: bool, height: u64, rules: Rules) -> RawStamp {
    use crate::stamp::Ident;
    let protocol = match (dict.get("p"), dict.get("P")) {
        (Some(v), _) | (None, Some(v)) => v,
        (None, None) => return RawStamp::Dropped,
    };
    let Some(protocol) = protocol.as_str() else {
        return RawStamp::Dropped;
    };
    if !matches!(
        py::py_upper(protocol).as_str(),
        "SRC-20" | "SRC-721" | "SRC-101"
    ) {
        return RawStamp::Dropped;
    }
    let Some(lowered) = dict.with_lowercase_keys() else {
        return RawStamp::Dropped;
    };
    let ident = match lowered.get("p").filter(|v| v.is_truthy()) {
        Some(PyValue::Str(p)) => match py::py_upper(p).as_str() {
            "SRC-20" => Ident::Src20,
            "SRC-721" => Ident::Src721,
            "SRC-101" => Ident::Src101,
            _ => Ident::Unknown,
        },
        Some(_) => return RawStamp::Dropped,
        None => Ident::Unknown,
    };
    let issuer = dict
        .get("issuer")
        .filter(|v| v.is_truthy())
        .map(PyValue::py_str);
    let cpid = dict.get("cpid").filter(|v| v.is_truthy());
    let is_src20 = ident == Ident::Src20 && keyburn;
    let valid_src20 = match cpid {
        None => is_src20,
        Some(PyValue::Str(c)) => {
            let quantity_zero = matches!(
                dict.get("quantity"),
                Some(q) if !q.is_truthy()
                    && !matches!(
                        q,
                        PyValue::None
                            | PyValue::Str(_)
                            | PyValue::List(_)
                            | PyValue::Dict(_)
                            | PyValue::Tuple(_)
                            | PyValue::Bytes(_)
                    )
            );
            is_src20
                && !rules.active(Change::CpSrc20End, height)
                && quantity_zero
                && c.starts_with('A')
        }
        Some(_) => false,
    };
    if valid_src20 {
        return match check_format(&lowered, height, rules) {
            Some(dict) => RawStamp::Src20 { dict, issuer },
            None => RawStamp::Dropped,
        };
    }
    RawStamp::Other {
        ident,
        dict: lowered,
    }
}

/// The tick as the reference stores it: lower-cased, then `unicode_escape`d (`🐶` → `\U0001f436`).
pub fn normalize_tick(tick: &str) -> String {
    py::unicode_escape(&py::py_lower(tick))
}

/// A tick as people read it: its characters, lower-cased. Takes the stored form (`\U0001f436` → `🐶`) as
/// well as typed text (`DOG` → `dog`), so that either names the same tick. A stored form whose characters
/// would include a control character stays as it is (it has nothing better to show).
pub fn tick_text(tick: &str) -> String {
    if tick.contains('\\') {
        return match py::unicode_unescape(tick) {
            Some(text) if !text.chars().any(char::is_control) => py::py_lower(&text),
            _ => tick.to_owned(),
        };
    }
    py::py_lower(tick)
}

/// `tick_hash`: hex SHA3-256 (NIST) of the lower-cased tick's UTF-8.
pub fn tick_hash(tick: &str) -> String {
    let digest = Sha3_256::digest(py::py_lower(tick).as_bytes());
    digest.iter().fold(String::with_capacity(64), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_set_is_the_reference_list() {
        let count: u32 = SUPPORTED_UNICODE.iter().map(|(a, b)| b - a + 1).sum();
        assert_eq!(count, 1154);
        assert!(tick_char_allowed('🐶'));
        assert!(!tick_char_allowed('\u{1F322}'));
        assert!(!tick_char_allowed(','));
        assert!(tick_char_allowed('~'));
    }

    #[test]
    fn tick_normalisation() {
        assert_eq!(normalize_tick("🐶"), "\\U0001f436");
        assert_eq!(normalize_tick("NiVeK"), "nivek");
        for (typed, text) in [
            ("\\U0001f436", "🐶"),
            ("\\U0001F436", "🐶"),
            ("🐸", "🐸"),
            ("KEK", "kek"),
            ("\\x00", "\\x00"),
            ("a\\", "a\\"),
        ] {
            assert_eq!(tick_text(typed), text, "{typed}");
            assert_eq!(tick_text(&normalize_tick(text)), tick_text(text), "{text}");
        }
        assert_eq!(
            tick_hash("KEVIN"),
            "9769ee76c3860c370f0914c472886a25f39d34cd9f1a3fe7751df92b3d439409"
        );
        assert_eq!(
            repair_tick("\u{f0}\u{9f}\u{90}\u{b6}").as_deref(),
            Some("🐶")
        );
        assert_eq!(repair_tick("\u{ff}"), None);
    }

    #[test]
    fn ledger_string_format() {
        let d = |s: &str| PyDecimal::parse(s).expect("d");
        assert_eq!(
            format_decimal(&d("1000.000000000000000000")).expect("f"),
            "1000"
        );
        assert_eq!(format_decimal(&d("0.500")).expect("f"), "0.5");
        assert_eq!(format_decimal(&d("1E+3")).expect("f"), "1000");
        let updates = vec![
            BalanceUpdate {
                tick: "\\U0001f436".into(),
                tick_hash: String::new(),
                address: "bc1b".into(),
                credit: d("1"),
                debit: d("0"),
                net_change: d("1"),
                original: d("0"),
                new_total: d("1.50"),
            },
            BalanceUpdate {
                tick: "abc".into(),
                tick_hash: String::new(),
                address: "bc1a".into(),
                credit: d("1"),
                debit: d("0"),
                net_change: d("1"),
                original: d("0"),
                new_total: d("2E+1"),
            },
        ];
        assert_eq!(
            valid_src20_str(&updates).expect("s"),
            "abc,bc1a,20;🐶,bc1b,1.5"
        );
        assert_eq!(
            ledger_hash(788_041, Rules::MAINNET, "", ""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(ledger_hash(788_050, Rules::MAINNET, "x", ""), "");
        assert_eq!(ledger_hash(788_050, Rules::MAINNET, "x", "a").len(), 64);
    }
}
