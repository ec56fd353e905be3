//! What users may set: the spec's rules and their exact texts.

/// The text for a display name that breaks the rule.
pub const NAME_RULE: &str = concat!(
    "Name must be between 3 and 20 characters with only alphanumeric characters, ",
    "dashes, dots and underscores"
);
/// The text for a social handle that breaks the rule.
pub const TWITTER_RULE: &str =
    "Name must be between 2 and 20 characters with only alphanumeric characters";
/// The text for a display name another user has.
pub const NAME_TAKEN: &str = "Username already taken";
/// The text for an address of another user.
pub const ADDRESS_TAKEN: &str = "This address is already linked to another account";
/// The text for unlinking the address the session signed in with.
pub const CURRENT_ADDRESS: &str = "The current address cannot be unlinked";
/// The text for a display name kept for the site itself.
pub const NAME_RESERVED: &str = "This name is reserved";
/// Names no user may take (any case): the site's roles, its own names and the words a page shows for nobody.
/// `XCP` is the network default that owns the staff directories.
pub const RESERVED_NAMES: &[&str] = &[
    "admin",
    "administrator",
    "staff",
    "moderator",
    "support",
    "official",
    "root",
    "system",
    "null",
    "undefined",
    "none",
    "anonymous",
    "api",
    "www",
    "kpi",
    "wallet",
    "ninja",
    "stamps",
    "stamp",
    "bitcoinstamps",
    "bitcoin-stamps",
    "xcp",
    "counterparty",
    "counterparty-assets",
];

/// Whether `name` is one of [`RESERVED_NAMES`], whatever its case.
pub fn reserved_name(name: &str) -> bool {
    RESERVED_NAMES.iter().any(|r| r.eq_ignore_ascii_case(name))
}

/// Most items on a wishlist.
pub const MAX_WISHLIST: i64 = 1000;
/// Longest cpid (a Counterparty sub-asset's long name is at most 250 characters).
pub const MAX_CPID: usize = 250;

/// Whether `name` is 3 to 20 letters, digits, dashes, dots or underscores.
pub fn valid_name(name: &str) -> bool {
    (3..=20).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'))
}

/// The handle without a leading `@`, if it is 2 to 20 letters, digits or underscores (or empty: none).
pub fn twitter(handle: &str) -> Result<String, &'static str> {
    let handle = handle.trim();
    let handle = handle.strip_prefix('@').unwrap_or(handle);
    let ok = handle.is_empty()
        || ((2..=20).contains(&handle.len())
            && handle
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_'));
    if ok {
        Ok(handle.to_owned())
    } else {
        Err(TWITTER_RULE)
    }
}

/// Whether `cpid` can name a stamp or an asset: a numeric or named asset, or a sub-asset's long name.
pub fn valid_cpid(cpid: &str) -> bool {
    !cpid.is_empty()
        && cpid.len() <= MAX_CPID
        && cpid
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b'@' | b'!'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_rule() {
        assert!(valid_name("alice"));
        assert!(valid_name("a.b-c_d"));
        assert!(!valid_name("al"));
        assert!(!valid_name(&"a".repeat(21)));
        assert!(!valid_name("al ice"));
        assert!(!valid_name("élise"));
    }

    #[test]
    fn the_sites_own_names_are_reserved_in_any_case() {
        for name in [
            "admin",
            "Staff",
            "NULL",
            "undefined",
            "xcp",
            "Counterparty",
            "ninja",
        ] {
            assert!(reserved_name(name), "{name}");
        }
        assert!(!reserved_name("alice"));
        assert!(!reserved_name("admins"));
    }

    #[test]
    fn handles_lose_their_at_and_follow_the_rule() {
        assert_eq!(twitter("@stamps_io").as_deref(), Ok("stamps_io"));
        assert_eq!(twitter("").as_deref(), Ok(""));
        assert_eq!(twitter("a"), Err(TWITTER_RULE));
        assert_eq!(twitter("a.b"), Err(TWITTER_RULE));
        assert_eq!(twitter(&"a".repeat(21)), Err(TWITTER_RULE));
    }

    #[test]
    fn cpids_are_asset_names() {
        assert!(valid_cpid("A12345678901234567"));
        assert!(valid_cpid("PEPE.rare"));
        assert!(!valid_cpid(""));
        assert!(!valid_cpid("a b"));
        assert!(!valid_cpid(&"A".repeat(251)));
    }
}
