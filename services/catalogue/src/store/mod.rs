//! The catalogue's queries (schema `catalogue`): one function each. Stamps here; SRC-20 in [`src20`].

pub mod autocomplete;
pub mod detail;
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
}

const COLUMNS: &str = "stamp, cpid, block_index, block_time, tx_hash, creator, supply::TEXT AS supply, divisible, \
                       locked, keyburn, ident, is_cursed, mimetype, file_sha256, file_size, stamp_hash, asset_longname";

/// One stamp by cpid.
pub async fn stamp(pool: &PgPool, cpid: &str) -> Result<Option<StampRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM stamps WHERE cpid = $1"
    )))
    .bind(cpid)
    .fetch_optional(pool)
    .await
}

/// What a free-text search matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchTerm {
    /// Everything.
    All,
    /// A stamp number.
    Number(i64),
    /// A cpid prefix (upper-cased), a creator address, a tx hash or a stamp hash.
    Text(String),
}

impl SearchTerm {
    /// Reads the query text.
    pub fn parse(q: &str) -> Self {
        let q = q.trim();
        if q.is_empty() {
            return SearchTerm::All;
        }
        match q.parse::<i64>() {
            Ok(n) => SearchTerm::Number(n),
            Err(_) => SearchTerm::Text(q.to_owned()),
        }
    }
}

/// A page of stamps matching `term`, newest (highest number) first, and the exact total.
pub async fn search(
    pool: &PgPool,
    term: &SearchTerm,
    offset: i64,
    limit: i64,
) -> Result<(Vec<StampRow>, i64), sqlx::Error> {
    // One statement shape for every term: a NULL parameter switches its condition off.
    const FILTER: &str = "($1::BIGINT IS NULL OR stamp = $1) AND ($2::TEXT IS NULL OR cpid LIKE $2 || '%' \
                          OR creator = $3 OR tx_hash = lower($3) OR stamp_hash = $3)";
    let (number, prefix, text) = match term {
        SearchTerm::All => (None, None, None),
        SearchTerm::Number(n) => (Some(*n), None, None),
        SearchTerm::Text(t) => (None, Some(escape_like(&t.to_uppercase())), Some(t.clone())),
    };
    let hits = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM stamps WHERE {FILTER} ORDER BY stamp DESC OFFSET $4 LIMIT $5"
    )))
    .bind(number)
    .bind(&prefix)
    .bind(&text)
    .bind(offset)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT count(*) FROM stamps WHERE {FILTER}"
    )))
    .bind(number)
    .bind(&prefix)
    .bind(&text)
    .fetch_one(pool)
    .await?;
    Ok((hits, total))
}

fn escape_like(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}
