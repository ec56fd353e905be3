//! Every Counterparty asset as a catalogue item (the XCP site's finder): stamps and the others alike.

use sqlx::PgPool;

use super::{escape_like, split_sort};

/// An asset as a catalogue item.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AssetItemRow {
    /// Name.
    pub asset: String,
    /// Long name, or empty.
    pub asset_longname: String,
    /// Its first issuer.
    pub creator: String,
    /// Its owner now.
    pub issuer: String,
    /// Supply, base units.
    pub supply: String,
    /// Divisible.
    pub divisible: bool,
    /// Locked.
    pub locked: bool,
    /// Description.
    pub description: String,
    /// Its first issuance's block.
    pub first_block: i64,
    /// That block's time.
    pub block_time: i64,
    /// Its stamp number, when it is a stamp.
    pub stamp: Option<i64>,
    /// Addresses holding some.
    pub holders: i64,
    /// Destroyed, base units.
    pub destroyed: String,
    /// Its stamp's MIME type, when it is a stamp.
    pub mimetype: Option<String>,
    /// Its stamp's file kind, when it is a stamp.
    pub file_suffix: Option<String>,
}

/// Sorts, with the column each orders by.
const SORTS: [(&str, &str); 4] = [
    ("block_index", "a.first_block"),
    ("asset", "a.asset"),
    ("supply", "a.supply"),
    (
        "holders",
        "(SELECT count(*) FROM balances b WHERE b.asset = a.asset AND b.quantity > 0)",
    ),
];

/// Filters, with the condition each stands for.
const ONLY: [(&str, &str); 3] = [
    (
        "stamps",
        "EXISTS (SELECT 1 FROM stamps s WHERE s.cpid = a.asset)",
    ),
    ("named", "a.asset NOT LIKE 'A%'"),
    ("locked", "a.locked"),
];

/// A query of the asset finder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetQuery {
    /// Free text: an asset or long-name prefix, or an issuer.
    pub text: String,
    only: Vec<&'static str>,
    order: String,
}

impl AssetQuery {
    /// Reads `only` (comma-separated, all of: stamps, named, locked) and `sort` (a key with `:asc`/`:desc`;
    /// empty: `block_index:desc`); the error names the offending value.
    pub fn parse(text: &str, only: &str, sort: &str) -> Result<Self, String> {
        let mut picked = Vec::new();
        for name in only.split(',').map(str::trim).filter(|o| !o.is_empty()) {
            let (_, condition) = ONLY.iter().find(|(n, _)| *n == name).ok_or_else(|| {
                let names: Vec<&str> = ONLY.iter().map(|(n, _)| *n).collect();
                format!("unknown only filter {name:?} ({})", names.join(", "))
            })?;
            if !picked.contains(condition) {
                picked.push(*condition);
            }
        }
        let (field, desc) = split_sort(sort, "block_index")?;
        let (_, column) = SORTS.iter().find(|(n, _)| *n == field).ok_or_else(|| {
            let names: Vec<&str> = SORTS.iter().map(|(n, _)| *n).collect();
            format!("unknown sort {field:?} ({})", names.join(", "))
        })?;
        let dir = if desc { "DESC" } else { "ASC" };
        Ok(Self {
            text: text.trim().to_owned(),
            only: picked,
            order: format!("{column} {dir}, a.asset {dir}"),
        })
    }

    /// The `WHERE` clause: the text ($1 the text, $2 its escaped upper-case prefix, $3 its lower-case one) and
    /// the filters in force.
    fn filter(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        if !self.text.is_empty() {
            parts.push(
                "(a.asset ~>=~ $2 AND a.asset ~<~ ($2 || chr(1114111)) AND a.asset LIKE $2 || '%')
                 OR (lower(a.asset_longname) LIKE $3 || '%') OR a.issuer = $1 OR a.creator = $1"
                    .into(),
            );
        }
        parts.extend(self.only.iter().map(|c| (*c).to_owned()));
        if parts.is_empty() {
            "TRUE".into()
        } else {
            format!("({})", parts.join(") AND ("))
        }
    }
}

/// A page of assets and the exact total.
pub async fn search(
    pool: &PgPool,
    q: &AssetQuery,
    offset: i64,
    limit: i64,
) -> Result<(Vec<AssetItemRow>, i64), sqlx::Error> {
    let filter = q.filter();
    let upper = escape_like(&q.text.to_uppercase());
    let lower = escape_like(&q.text.to_lowercase());
    let hits = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT a.asset, a.asset_longname, a.creator, a.issuer, a.supply::TEXT AS supply, a.divisible, a.locked,
                a.description, a.first_block, COALESCE(bl.time, 0) AS block_time, s.stamp, s.mimetype,
                s.file_suffix,
                (SELECT count(*) FROM balances b WHERE b.asset = a.asset AND b.quantity > 0) AS holders,
                (SELECT COALESCE(sum(quantity), 0) FROM destructions d
                 WHERE d.asset = a.asset AND d.status = 'valid')::TEXT AS destroyed
         FROM (SELECT a.* FROM assets a WHERE {filter} ORDER BY {order} OFFSET $4 LIMIT $5) a
         LEFT JOIN stamps s ON s.cpid = a.asset
         LEFT JOIN blocks bl ON bl.height = a.first_block
         ORDER BY {order}",
        order = q.order
    )))
    .bind(&q.text)
    .bind(&upper)
    .bind(&lower)
    .bind(offset)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT count(*) FROM assets a WHERE {filter}"
    )))
    .bind(&q.text)
    .bind(&upper)
    .bind(&lower)
    .fetch_one(pool)
    .await?;
    Ok((hits, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asset_finder_rules() {
        let q = AssetQuery::parse("", "", "").expect("defaults");
        assert_eq!(q.filter(), "TRUE");
        assert!(q.order.starts_with("a.first_block DESC"), "{}", q.order);
        let q = AssetQuery::parse("pepe", "stamps, locked,stamps", "supply:asc").expect("parsed");
        assert_eq!(q.only.len(), 2);
        assert!(q.order.starts_with("a.supply ASC"));
        assert!(q.filter().contains("a.locked"));
        let e = AssetQuery::parse("", "cheap", "").expect_err("refused");
        assert!(e.contains("\"cheap\""), "{e}");
        let e = AssetQuery::parse("", "", "hype").expect_err("refused");
        assert!(e.contains("\"hype\""), "{e}");
    }
}
