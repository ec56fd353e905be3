//! Counterparty asset ids and names (PROTOCOL.md §3.3), as CP `lib/ledger/issuances.py` and
//! `lib/utils/assetnames.py` define them.
//!
//! `BTC` = 0, `XCP` = 1. Named assets are 4–12 letters `B…Z` first, base-26 big-endian with `A = 0`.
//! Numeric assets are `A<id>` for `26^12 + 1 ≤ id ≤ 2^64 - 1` (from `numeric_asset_names`). Subassets
//! `PARENT.child` travel as a numeric asset plus a base-68 compacted long name.

use thiserror::Error;

use crate::network::{Change, Rules};

/// The smallest numeric asset id: `26^12 + 1`.
pub const MIN_NUMERIC_ID: u64 = 95_428_956_661_682_177;
/// Ids below `26^3` are not assets.
const MIN_NAMED_ID: u64 = 26 * 26 * 26;
/// Longest subasset long name (`PARENT.child`), in characters.
pub const MAX_SUBASSET_LONGNAME: usize = 250;
/// Longest compacted long name accepted from `subasset_compact_expand_cap` on.
pub const MAX_COMPACTED_LONGNAME: usize = 200;

/// Why a name or id is not a valid asset. The messages contain the reference implementation's wording.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AssetError {
    /// The id is too small to be an asset (and is neither BTC nor XCP).
    #[error("asset id {0} too low")]
    IdTooLow(u64),
    /// The id does not fit in 64 bits.
    #[error("asset id too high")]
    IdTooHigh,
    /// The name breaks a naming rule.
    #[error("invalid asset name {name:?}: {reason}")]
    InvalidName {
        /// The name as given.
        name: String,
        /// Which rule it breaks, in the reference's words.
        reason: &'static str,
    },
    /// The name contains a character outside its alphabet.
    #[error("invalid asset name {name:?}: {reason} {character:?}")]
    InvalidCharacter {
        /// The name as given.
        name: String,
        /// Which part: `invalid character:`, `parent asset name contains invalid character:`, ...
        reason: &'static str,
        /// The offending character.
        character: char,
    },
    /// A compacted subasset long name is longer than [`MAX_COMPACTED_LONGNAME`] bytes.
    #[error("compacted subasset name too long ({0} bytes)")]
    CompactedTooLong(usize),
}

fn invalid(name: &str, reason: &'static str) -> AssetError {
    AssetError::InvalidName {
        name: name.to_owned(),
        reason,
    }
}

/// The asset name for an id, with numeric asset names in force (every height that matters).
pub fn name_from_id(id: u64) -> Result<String, AssetError> {
    name_from_id_at(id, u64::MAX, Rules::MAINNET)
}

/// The asset name for an id under the rules at `height`.
pub fn name_from_id_at(id: u64, height: u64, rules: Rules) -> Result<String, AssetError> {
    match id {
        0 => return Ok("BTC".into()),
        1 => return Ok("XCP".into()),
        _ if id < MIN_NAMED_ID => return Err(AssetError::IdTooLow(id)),
        _ if id >= MIN_NUMERIC_ID && rules.active(Change::NumericAssetNames, height) => {
            return Ok(format!("A{id}"));
        }
        _ => {}
    }
    // Base 26 (`26^12` itself becomes the 13-letter `BAAAAAAAAAAAA`, as in the reference).
    let mut n = id;
    let mut letters = Vec::with_capacity(14);
    while n > 0 {
        letters.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    Ok(letters.into_iter().map(char::from).collect())
}

/// The asset id for a name, with numeric asset names in force.
pub fn id_from_name(name: &str) -> Result<u64, AssetError> {
    id_from_name_at(name, u64::MAX, Rules::MAINNET)
}

/// The asset id for a name under the rules at `height`.
pub fn id_from_name_at(name: &str, height: u64, rules: Rules) -> Result<u64, AssetError> {
    match name {
        "BTC" => return Ok(0),
        "XCP" => return Ok(1),
        _ => {}
    }
    if name.chars().count() < 4 {
        return Err(invalid(name, "too short"));
    }
    if rules.active(Change::NumericAssetNames, height) {
        if let Some(digits) = name.strip_prefix('A') {
            let id = match parse_py_int(digits) {
                Err(()) => {
                    return Err(invalid(
                        name,
                        "non\u{2010}numeric asset name starts with \u{2018}A\u{2019}",
                    ));
                }
                Ok(Some(id)) => u64::try_from(id).ok().filter(|id| *id >= MIN_NUMERIC_ID),
                Ok(None) => None,
            };
            return id.ok_or_else(|| invalid(name, "numeric asset name not in range"));
        }
        if name.chars().count() >= 13 {
            return Err(invalid(name, "long asset names must be numeric"));
        }
    }
    if name.starts_with('A') {
        return Err(invalid(
            name,
            "non\u{2010}numeric asset name starts with \u{2018}A\u{2019}",
        ));
    }
    let mut id: u64 = 0;
    for c in name.chars() {
        if !c.is_ascii_uppercase() {
            return Err(AssetError::InvalidCharacter {
                name: name.to_owned(),
                reason: "invalid character:",
                character: c,
            });
        }
        id = id
            .checked_mul(26)
            .and_then(|id| id.checked_add(u64::from(c as u8 - b'A')))
            .ok_or(AssetError::IdTooHigh)?;
    }
    Ok(id)
}

/// Whether `cpid` is a numeric asset name (`A` followed by a valid numeric id), as stamps normally are.
pub fn is_numeric_name(cpid: &str) -> bool {
    cpid.starts_with('A') && id_from_name(cpid).is_ok_and(|id| id >= MIN_NUMERIC_ID)
}

/// Python's `int(str)` for ASCII input: surrounding whitespace, an optional sign, decimal digits with single
/// underscores between them. `Err(())`: not an integer literal; `Ok(None)`: an integer too large for `i128`.
pub(crate) fn parse_py_int(s: &str) -> Result<Option<i128>, ()> {
    let s = s.trim_matches(|c: char| c.is_whitespace());
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, s.get(1..).ok_or(())?),
        Some(b'+') => (false, s.get(1..).ok_or(())?),
        _ => (false, s),
    };
    let bytes = digits.as_bytes();
    if bytes.is_empty() || bytes.first() == Some(&b'_') || bytes.last() == Some(&b'_') {
        return Err(());
    }
    let mut value: Option<i128> = Some(0);
    let mut previous_underscore = false;
    for b in bytes {
        match b {
            b'_' if !previous_underscore => previous_underscore = true,
            b'0'..=b'9' => {
                previous_underscore = false;
                value = value
                    .and_then(|v| v.checked_mul(10))
                    .and_then(|v| v.checked_add(i128::from(b - b'0')));
            }
            _ => return Err(()),
        }
    }
    Ok(value.map(|v| if negative { -v } else { v }))
}

/// `^A(\d{17,20})$` (a trailing newline allowed, as Python's `$` does) with the number in
/// `26^12 + 1 ..= 2^64`: the reference's `is_numeric`.
fn is_numeric_parent(name: &str) -> bool {
    let name = name.strip_suffix('\n').unwrap_or(name);
    let Some(digits) = name.strip_prefix('A') else {
        return false;
    };
    if !(17..=20).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    digits
        .parse::<u128>()
        .is_ok_and(|n| (u128::from(MIN_NUMERIC_ID)..=(1u128 << 64)).contains(&n))
}

/// Checks a subasset parent name. `allow_numerics` is the `allow_subassets_on_numerics` rule.
pub fn validate_subasset_parent_name(name: &str, allow_numerics: bool) -> Result<(), AssetError> {
    match name {
        "BTC" => return Err(invalid(name, "parent asset cannot be BTC")),
        "XCP" => return Err(invalid(name, "parent asset cannot be XCP")),
        _ => {}
    }
    let len = name.chars().count();
    if len < 4 {
        return Err(invalid(name, "parent asset name too short"));
    }
    let invalid_character = |character| AssetError::InvalidCharacter {
        name: name.to_owned(),
        reason: "parent asset name contains invalid character:",
        character,
    };
    if allow_numerics {
        if len > 21 {
            return Err(invalid(name, "parent asset name too long"));
        }
        if !is_numeric_parent(name)
            && let Some(c) = name.chars().find(|c| !c.is_ascii_uppercase())
        {
            return Err(invalid_character(c));
        }
        return Ok(());
    }
    if len >= 13 {
        return Err(invalid(name, "parent asset name too long"));
    }
    if name.starts_with('A') {
        return Err(invalid(name, "parent asset name starts with 'A'"));
    }
    match name.chars().find(|c| !c.is_ascii_uppercase()) {
        Some(c) => Err(invalid_character(c)),
        None => Ok(()),
    }
}

/// Checks a subasset long name `PARENT.child` (the child part is what follows the first `.`).
pub fn validate_subasset_longname(longname: &str) -> Result<(), AssetError> {
    let child = longname.split_once('.').map_or("", |(_, child)| child);
    if child.is_empty() {
        return Err(invalid(longname, "subasset name too short"));
    }
    if longname.chars().count() > MAX_SUBASSET_LONGNAME {
        return Err(invalid(longname, "subasset name too long"));
    }
    let mut previous = '.';
    for c in child.chars() {
        if subasset_value(c).is_none() {
            return Err(AssetError::InvalidCharacter {
                name: longname.to_owned(),
                reason: "subasset name contains invalid character:",
                character: c,
            });
        }
        if c == '.' && previous == '.' {
            return Err(invalid(
                longname,
                "subasset name contains consecutive periods",
            ));
        }
        previous = c;
    }
    if previous == '.' {
        return Err(invalid(longname, "subasset name ends with a period"));
    }
    Ok(())
}

/// Splits and checks `PARENT.child`: `Ok(None)` when `asset` has no `.`, else `(parent, longname)`.
pub fn parse_subasset_from_asset_name(
    asset: &str,
    allow_numerics: bool,
) -> Result<Option<(String, String)>, AssetError> {
    let Some((parent, _)) = asset.split_once('.') else {
        return Ok(None);
    };
    validate_subasset_parent_name(parent, allow_numerics)?;
    validate_subasset_longname(asset)?;
    Ok(Some((parent.to_owned(), asset.to_owned())))
}

/// Digits of compacted subasset names: value `v` (1-based) is `SUBASSET_DIGITS[v - 1]`.
const SUBASSET_DIGITS: &[u8; 67] =
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_@!";

fn subasset_value(c: char) -> Option<u32> {
    let b = u8::try_from(c).ok()?;
    SUBASSET_DIGITS
        .iter()
        .position(|d| *d == b)
        .and_then(|i| u32::try_from(i + 1).ok())
}

/// Compacts a long name into the base-68 big-endian minimal bytes the messages carry (`""` → no bytes).
pub fn compact_subasset_longname(longname: &str) -> Result<Vec<u8>, AssetError> {
    // Little-endian base-2^32 limbs.
    let mut limbs: Vec<u32> = Vec::new();
    for c in longname.chars() {
        let v = subasset_value(c).ok_or_else(|| AssetError::InvalidCharacter {
            name: longname.to_owned(),
            reason: "subasset name contains invalid character:",
            character: c,
        })?;
        let mut carry = u64::from(v);
        for limb in &mut limbs {
            let x = u64::from(*limb) * 68 + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
    }
    let bytes: Vec<u8> = limbs.iter().rev().flat_map(|l| l.to_be_bytes()).collect();
    let first = bytes.iter().position(|b| *b != 0).unwrap_or(bytes.len());
    Ok(bytes.get(first..).unwrap_or_default().to_vec())
}

/// Expands compacted long-name bytes. A base-68 digit 0 renders as `!` (the reference indexes its digit table
/// with `-1`). From `subasset_compact_expand_cap` more than [`MAX_COMPACTED_LONGNAME`] bytes are an error.
pub fn expand_subasset_longname(
    bytes: &[u8],
    height: u64,
    rules: Rules,
) -> Result<String, AssetError> {
    if rules.active(Change::SubassetCompactExpandCap, height)
        && bytes.len() > MAX_COMPACTED_LONGNAME
    {
        return Err(AssetError::CompactedTooLong(bytes.len()));
    }
    const CHUNK: u64 = 68 * 68 * 68 * 68 * 68;
    // Big-endian base-2^32 limbs, leading zeros dropped.
    let first = bytes.iter().position(|b| *b != 0).unwrap_or(bytes.len());
    let significant = bytes.get(first..).unwrap_or_default();
    let pad = (4 - significant.len() % 4) % 4;
    let mut limbs: Vec<u32> = std::iter::repeat_n(0u8, pad)
        .chain(significant.iter().copied())
        .collect::<Vec<u8>>()
        .chunks(4)
        .map(|c| c.iter().fold(0u32, |acc, b| (acc << 8) | u32::from(*b)))
        .collect();
    let mut digits: Vec<u8> = Vec::new(); // least significant first
    while !limbs.is_empty() {
        let mut rem: u64 = 0;
        for limb in &mut limbs {
            let cur = (rem << 32) | u64::from(*limb);
            *limb = (cur / CHUNK) as u32;
            rem = cur % CHUNK;
        }
        let leading = limbs.iter().take_while(|l| **l == 0).count();
        limbs.drain(..leading);
        for _ in 0..5 {
            digits.push((rem % 68) as u8);
            rem /= 68;
        }
    }
    while digits.last() == Some(&0) {
        digits.pop();
    }
    Ok(digits
        .iter()
        .rev()
        .map(|d| match usize::from(*d).checked_sub(1) {
            Some(i) => char::from(SUBASSET_DIGITS.get(i).copied().unwrap_or(b'!')),
            None => '!',
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_and_numeric_round_trip() {
        assert_eq!(id_from_name("BSSET"), Ok(785_635));
        assert_eq!(name_from_id(785_635).as_deref(), Ok("BSSET"));
        assert_eq!(id_from_name("BAAA"), Ok(17_576));
        assert_eq!(
            name_from_id(MIN_NUMERIC_ID).as_deref(),
            Ok("A95428956661682177")
        );
        assert_eq!(id_from_name("A18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            name_from_id(MIN_NUMERIC_ID - 1).as_deref(),
            Ok("BAAAAAAAAAAAA")
        );
        // Python's int() accepts these.
        assert_eq!(id_from_name("A95_428_956_661_682_177"), Ok(MIN_NUMERIC_ID));
        assert_eq!(id_from_name("A 95428956661682177 "), Ok(MIN_NUMERIC_ID));
    }

    #[test]
    fn rejects_bad_names() {
        assert!(id_from_name("AAAA").is_err());
        assert!(id_from_name("A123").is_err());
        assert!(id_from_name("abcd").is_err());
        assert!(id_from_name("A18446744073709551616").is_err());
        assert!(name_from_id(5).is_err());
    }

    #[test]
    fn before_numeric_names_long_ids_are_letters() {
        let rules = Rules::MAINNET;
        assert_eq!(
            name_from_id_at(MIN_NUMERIC_ID, 300_000, rules).as_deref(),
            Ok("BAAAAAAAAAAAB")
        );
        assert_eq!(
            id_from_name_at("BAAAAAAAAAAAB", 300_000, rules),
            Ok(MIN_NUMERIC_ID)
        );
    }

    #[test]
    fn subasset_compaction() {
        assert_eq!(compact_subasset_longname("a"), Ok(vec![1]));
        assert_eq!(
            compact_subasset_longname("aaaa"),
            Ok(vec![0x04, 0xde, 0x95])
        );
        assert_eq!(compact_subasset_longname(""), Ok(vec![]));
        let r = Rules::MAINNET;
        assert_eq!(
            expand_subasset_longname(&[0x04, 0xde, 0x95], 0, r).as_deref(),
            Ok("aaaa")
        );
        assert_eq!(expand_subasset_longname(&[0, 0], 0, r).as_deref(), Ok(""));
        // 68 = "a" then digit 0, which the reference renders as '!'.
        assert_eq!(expand_subasset_longname(&[68], 0, r).as_deref(), Ok("a!"));
        for name in ["PARENT.a-zA-Z0-9.-_@!", "a.very.long.name", "Z9.x"] {
            let c = compact_subasset_longname(name).expect("valid");
            assert_eq!(expand_subasset_longname(&c, 0, r).as_deref(), Ok(name));
        }
    }
}
