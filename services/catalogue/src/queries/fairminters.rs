//! The fairminter list: text search, the Only filters, the sorts, with each fairminter's figures.

use sqlx::PgPool;

/// Sort keys, with their column.
const SORTS: [(&str, &str); 7] = [
    ("timestamp", "s.block_time"),
    ("progress", "s.progress"),
    ("holders_count", "s.holders_count"),
    ("minted_count", "s.minted_count"),
    ("minters_count", "s.minters_count"),
    ("last_mint", "s.last_mint"),
    ("end_block", "f.end_block"),
];

/// A fairminter list query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FairminterQuery {
    /// Free text: an asset (or long name) prefix, or the creator's address.
    pub text: Option<String>,
    /// `open` or `closed` (In progress, Completed), or any started one (Valid), or every one.
    status: Option<&'static [&'static str]>,
    /// A hard cap is set.
    limited: bool,
    /// Sort column.
    column: &'static str,
    /// Descending.
    desc: bool,
}

impl FairminterQuery {
    /// Reads `only` (comma-separated: `completed`, `in_progress`, `limited`, `valid`; completed and in progress
    /// exclude each other, and either makes `valid` moot) and `sort` (`timestamp`, `progress`,
    /// `holders_count`, `minted_count`, `minters_count`, `last_mint` or `end_block`, with `:asc` or `:desc`;
    /// empty: `timestamp:desc`). The error names the offending value.
    pub fn parse(text: Option<String>, only: &str, sort: &str) -> Result<Self, String> {
        let (mut completed, mut in_progress, mut limited, mut valid) = (false, false, false, false);
        for o in only.split(',').map(str::trim).filter(|o| !o.is_empty()) {
            match o {
                "completed" => completed = true,
                "in_progress" => in_progress = true,
                "limited" => limited = true,
                "valid" => valid = true,
                other => {
                    return Err(format!(
                        "unknown only filter {other:?} (completed, in_progress, limited, valid)"
                    ));
                }
            }
        }
        let status: Option<&'static [&'static str]> = match (completed, in_progress, valid) {
            (true, true, _) => {
                return Err("only filters completed and in_progress exclude each other".into());
            }
            (true, false, _) => Some(&["closed"]),
            (false, true, _) => Some(&["open"]),
            (false, false, true) => Some(&["open", "closed"]),
            (false, false, false) => None,
        };
        let (field, desc) = super::split_sort(sort, "timestamp")?;
        let column = SORTS
            .iter()
            .find(|(n, _)| *n == field)
            .map(|(_, c)| *c)
            .ok_or_else(|| {
                let names: Vec<&str> = SORTS.iter().map(|(n, _)| *n).collect();
                format!("unknown sort {field:?} ({})", names.join(", "))
            })?;
        Ok(Self {
            text,
            status,
            limited,
            column,
            desc,
        })
    }
}

/// A fairminter with its figures.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct FairminterHit {
    /// The opening txid.
    pub tx_hash: String,
    /// The asset it mints.
    pub asset: String,
    /// Its long name (empty when none).
    pub asset_longname: String,
    /// Creator.
    pub source: String,
    /// `pending`, `open` or `closed`.
    pub status: String,
    /// Price per lot (XCP base units).
    pub price: String,
    /// Units per lot.
    pub quantity_by_price: String,
    /// Hard cap (0: none).
    pub hard_cap: String,
    /// Units minted before opening.
    pub premint_quantity: String,
    /// Most units in one mint.
    pub max_mint_per_tx: String,
    /// Divisible.
    pub divisible: bool,
    /// First and last block (0: none).
    pub start_block: i64,
    /// Last block (0: none).
    pub end_block: i64,
    /// Created at (block time).
    pub block_time: i64,
    /// Valid fairmints.
    pub minted_count: i64,
    /// Distinct minters.
    pub minters_count: i64,
    /// Units earned by fairmints.
    pub earned: String,
    /// Block time of the latest fairmint.
    pub last_mint: Option<i64>,
    /// Holders of the asset.
    pub holders_count: i64,
    /// Percent of the hard cap issued.
    pub progress: String,
    /// Whether the asset is a stamp.
    pub is_stamp: bool,
    /// The asset's description now.
    pub description: String,
}

const FROM: &str = "FROM fairminters f JOIN fairminter_stats s ON s.tx_hash = f.tx_hash
    WHERE ($1::TEXT[] IS NULL OR f.status = ANY($1))
      AND (NOT $2 OR f.hard_cap > 0)
      AND ($3::TEXT IS NULL OR f.asset LIKE upper($3) || '%' OR lower(f.asset_longname) LIKE lower($3) || '%'
           OR f.source = $4)";

/// A page of fairminters and the exact total.
pub async fn search(
    pool: &PgPool,
    q: &FairminterQuery,
    offset: i64,
    limit: i64,
) -> Result<(Vec<FairminterHit>, i64), sqlx::Error> {
    let status: Option<Vec<String>> = q
        .status
        .map(|s| s.iter().map(|x| (*x).to_owned()).collect());
    let prefix = q.text.as_deref().map(super::escape_like);
    let dir = if q.desc { "DESC" } else { "ASC" };
    let hits = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT f.tx_hash, f.asset, f.asset_longname, f.source, f.status, f.price::TEXT AS price,
                f.quantity_by_price::TEXT AS quantity_by_price, f.hard_cap::TEXT AS hard_cap,
                f.premint_quantity::TEXT AS premint_quantity, f.max_mint_per_tx::TEXT AS max_mint_per_tx,
                f.divisible, f.start_block, f.end_block, s.block_time, s.minted_count, s.minters_count,
                s.earned::TEXT AS earned, s.last_mint, s.holders_count, s.progress::TEXT AS progress,
                EXISTS (SELECT 1 FROM stamps st WHERE st.cpid = f.asset) AS is_stamp,
                COALESCE((SELECT a.description FROM assets a WHERE a.asset = f.asset), '') AS description
         {FROM} ORDER BY {column} {dir} NULLS LAST, f.tx_hash {dir} OFFSET $5 LIMIT $6",
        column = q.column
    )))
    .bind(&status)
    .bind(q.limited)
    .bind(&prefix)
    .bind(&q.text)
    .bind(offset)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT count(*) {FROM}")))
        .bind(&status)
        .bind(q.limited)
        .bind(&prefix)
        .bind(&q.text)
        .fetch_one(pool)
        .await?;
    Ok((hits, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_rules() {
        let q = FairminterQuery::parse(None, "", "").expect("defaults");
        assert_eq!((q.column, q.desc, q.status), ("s.block_time", true, None));
        let q =
            FairminterQuery::parse(None, "completed,valid,limited", "progress:asc").expect("only");
        assert_eq!(q.status, Some(&["closed"][..]), "valid is moot");
        assert!(q.limited && !q.desc);
        let q = FairminterQuery::parse(None, "valid", "").expect("valid");
        assert_eq!(q.status, Some(&["open", "closed"][..]));
        for (only, sort, names) in [
            ("completed,in_progress", "", "exclude"),
            ("cheap", "", "\"cheap\""),
            ("", "price", "\"price\""),
            ("", "end_block:up", "\"up\""),
        ] {
            let e = FairminterQuery::parse(None, only, sort).expect_err("refused");
            assert!(e.contains(names), "{e}");
        }
    }
}
