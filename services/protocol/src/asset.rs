//! Counterparty asset ids and names (PROTOCOL.md §3.3).
//!
//! `BTC` = 0, `XCP` = 1. Named assets are 4–12 letters `B…Z` first, base-26 big-endian with `A = 0`.
//! Numeric assets are `A<id>` for `26^12 + 1 ≤ id ≤ 2^64 - 1`.

use thiserror::Error;

/// The smallest numeric asset id: `26^12 + 1`.
pub const MIN_NUMERIC_ID: u64 = 95_428_956_661_682_177;
/// Ids below `26^3` are not assets.
const MIN_NAMED_ID: u64 = 26 * 26 * 26;

/// Why a name or id is not a valid asset.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AssetError {
    /// The id is too small to be an asset (and is neither BTC nor XCP).
    #[error("asset id {0} is too low")]
    IdTooLow(u64),
    /// The id lies between the largest named asset and the first numeric asset.
    #[error("asset id {0} is not a valid named or numeric asset")]
    IdOutOfRange(u64),
    /// The name breaks the naming rules.
    #[error("invalid asset name {name:?}: {reason}")]
    InvalidName {
        /// The name as given.
        name: String,
        /// Which rule it breaks.
        reason: &'static str,
    },
}

/// The asset name for an id.
pub fn name_from_id(id: u64) -> Result<String, AssetError> {
    match id {
        0 => return Ok("BTC".into()),
        1 => return Ok("XCP".into()),
        _ if id < MIN_NAMED_ID => return Err(AssetError::IdTooLow(id)),
        _ if id >= MIN_NUMERIC_ID => return Ok(format!("A{id}")),
        _ => {}
    }
    let mut n = id;
    let mut letters = Vec::with_capacity(12);
    while n > 0 {
        letters.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    if letters.first() == Some(&b'A') || letters.len() > 12 {
        return Err(AssetError::IdOutOfRange(id));
    }
    Ok(letters.into_iter().map(char::from).collect())
}

/// The asset id for a name.
pub fn id_from_name(name: &str) -> Result<u64, AssetError> {
    let invalid = |reason| AssetError::InvalidName {
        name: name.to_owned(),
        reason,
    };
    match name {
        "BTC" => return Ok(0),
        "XCP" => return Ok(1),
        _ => {}
    }
    if name.len() < 4 {
        return Err(invalid("too short"));
    }
    if let Some(digits) = name.strip_prefix('A') {
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return Err(invalid("numeric asset names are A followed by a number"));
        }
        let id: u64 = digits
            .parse()
            .map_err(|_| invalid("numeric asset id out of range"))?;
        if id < MIN_NUMERIC_ID {
            return Err(invalid("numeric asset id out of range"));
        }
        return Ok(id);
    }
    if name.len() > 12 {
        return Err(invalid("long names must be numeric"));
    }
    let mut id: u64 = 0;
    for b in name.bytes() {
        if !b.is_ascii_uppercase() {
            return Err(invalid("named assets use the letters A-Z only"));
        }
        id = id * 26 + u64::from(b - b'A');
    }
    if id < MIN_NAMED_ID {
        return Err(invalid("too short"));
    }
    Ok(id)
}

/// Whether `cpid` is a numeric asset name (`A` followed by a valid numeric id), as stamps normally are.
pub fn is_numeric_name(cpid: &str) -> bool {
    cpid.starts_with('A') && id_from_name(cpid).is_ok_and(|id| id >= MIN_NUMERIC_ID)
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
    }

    #[test]
    fn rejects_bad_names() {
        assert!(id_from_name("AAAA").is_err());
        assert!(id_from_name("A123").is_err());
        assert!(id_from_name("abcd").is_err());
        assert!(id_from_name("A18446744073709551616").is_err());
        assert!(name_from_id(5).is_err());
    }
}
