//! The catalogue's read models as the screens ask for them (schema `catalogue`): one module per screen or
//! resource, one function per query. Only reads; the projections and figures write these tables.
//!
//! Here: a stamp's row and the helpers the queries share. The stamp finder is [`finder`].

pub mod activity;
pub mod assets;
pub mod autocomplete;
pub mod collections;
pub mod detail;
pub mod fairminters;
pub mod finder;
pub mod home;
pub mod leaderboard;
pub mod mint;
pub mod profile;
pub mod sale;
pub mod src20;

use sqlx::PgPool;

/// A stamp as the catalogue holds it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StampRow {
    /// Number.
    pub stamp: i64,
    /// Asset name.
    pub cpid: String,
    /// Height.
    pub block_index: i64,
    /// Block time, unix seconds.
    pub block_time: i64,
    /// Txid.
    pub tx_hash: String,
    /// Creator address.
    pub creator: String,
    /// Supply, base units, exact decimal text.
    pub supply: String,
    /// Divisible.
    pub divisible: bool,
    /// Locked.
    pub locked: bool,
    /// Keyburn.
    pub keyburn: bool,
    /// Ident.
    pub ident: String,
    /// Cursed.
    pub is_cursed: bool,
    /// MIME type.
    pub mimetype: String,
    /// File hash.
    pub file_sha256: String,
    /// File size.
    pub file_size: i64,
    /// Stamp hash.
    pub stamp_hash: String,
    /// Subasset long name (empty when none).
    pub asset_longname: String,
    /// How the file travelled: `multisig`, `olga` or `op_return`.
    pub encoding: String,
    /// The file's kind (`png`, `svg`, `bmn`, ...).
    pub file_suffix: String,
    /// Satoshis per whole unit at the cheapest buyable dispenser.
    pub floor_price: Option<i64>,
    /// That dispenser's txid.
    pub on_sale: Option<String>,
    /// Satoshis per whole unit of the latest sale.
    pub last_sale_price: Option<i64>,
    /// Satoshis paid in every sale.
    pub total_volume: i64,
    /// Valid dividends paid on it.
    pub dividend_count: i64,
    /// Destroyed, base units.
    pub destroyed: String,
    /// An SRC-721 mint's rank in its collection by the rarity of its traits (1: rarest).
    pub rarity_rank: Option<i64>,
}

pub(crate) const COLUMNS: &str = "stamp, cpid, block_index, block_time, tx_hash, creator, supply::TEXT AS supply, \
    divisible, locked, keyburn, ident, is_cursed, mimetype, file_sha256, file_size, stamp_hash, asset_longname, \
    encoding, file_suffix, floor_price, on_sale, last_sale_price, total_volume, dividend_count, \
    destroyed::TEXT AS destroyed, rarity_rank";

/// One stamp by cpid.
pub async fn stamp(pool: &PgPool, cpid: &str) -> Result<Option<StampRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM stamps WHERE cpid = $1"
    )))
    .bind(cpid)
    .fetch_optional(pool)
    .await
}

/// Splits a `field[:asc|:desc]` sort (descending by default; an empty field is `default`) into the field and
/// whether it is descending; the error names an unknown direction.
pub(crate) fn split_sort<'a>(sort: &'a str, default: &'a str) -> Result<(&'a str, bool), String> {
    let (field, dir) = sort.split_once(':').unwrap_or((sort, "desc"));
    let field = if field.is_empty() { default } else { field };
    match dir {
        "desc" => Ok((field, true)),
        "asc" => Ok((field, false)),
        other => Err(format!("unknown sort direction {other:?} (asc, desc)")),
    }
}

/// The conditions `table` gives the comma-separated names of `list` (each once, in order); the error names an
/// unknown one as a `what` and lists the known.
pub(crate) fn pick_conditions(
    list: &str,
    table: &[(&'static str, &'static str)],
    what: &str,
) -> Result<Vec<&'static str>, String> {
    let mut picked = Vec::new();
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let (_, condition) = table.iter().find(|(n, _)| *n == name).ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            format!("unknown {what} {name:?} ({})", names.join(", "))
        })?;
        if !picked.contains(condition) {
            picked.push(*condition);
        }
    }
    Ok(picked)
}

/// Escapes `LIKE` wildcards, for a prefix pattern.
pub(crate) fn escape_like(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}
