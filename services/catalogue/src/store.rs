//! The catalogue's queries (schema `catalogue`): one function each.

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
    /// A stamp number, or a cpid starting with the same digits.
    Number(i64, String),
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
            Ok(n) => SearchTerm::Number(n, q.to_owned()),
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
    let (filter, a, b) = match term {
        SearchTerm::All => ("TRUE", String::new(), String::new()),
        SearchTerm::Number(n, _) => ("stamp = $1::BIGINT", n.to_string(), String::new()),
        SearchTerm::Text(t) => (
            "(cpid LIKE $1 || '%' OR creator = $2 OR tx_hash = lower($2) OR stamp_hash = $2)",
            escape_like(&t.to_uppercase()),
            t.clone(),
        ),
    };
    let rows_sql = format!(
        "SELECT {COLUMNS} FROM stamps WHERE {filter} ORDER BY stamp DESC OFFSET $3 LIMIT $4"
    );
    let count_sql = format!("SELECT count(*) FROM stamps WHERE {filter}");
    let mut rows = sqlx::query_as(sqlx::AssertSqlSafe(rows_sql));
    let mut count = sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql));
    match term {
        SearchTerm::All => {
            rows = rows.bind(None::<String>).bind(None::<String>);
        }
        _ => {
            rows = rows.bind(a.clone()).bind(b.clone());
            count = count.bind(a);
            if matches!(term, SearchTerm::Text(_)) {
                count = count.bind(b);
            }
        }
    }
    let hits = rows.bind(offset).bind(limit).fetch_all(pool).await?;
    let total = count.fetch_one(pool).await?;
    Ok((hits, total))
}

fn escape_like(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}
