//! Every Counterparty asset as a catalogue item (the XCP site's finder): stamps and the others alike.

use sqlx::PgPool;

use super::finder::{self, StampSort};
use super::{escape_like, pick_conditions, split_sort};

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
    /// Its stamp's floor price (satoshis).
    pub floor_price: Option<i64>,
    /// Its stamp's latest sale price (satoshis).
    pub last_sale_price: Option<i64>,
    /// The latest sale's block time.
    pub last_sale: Option<i64>,
    /// Satoshis paid in its stamp's sales.
    pub total_volume: Option<i64>,
    /// Dividends paid on its stamp.
    pub dividend_count: Option<i64>,
    /// Its stamp's rarity rank in its SRC-721 collection.
    pub rarity_rank: Option<i64>,
    /// Its stamp's cheapest buyable offer.
    pub on_sale: Option<String>,
}

/// The asset finder's own sorts, with the column each orders by.
const SORTS: [(&str, &str); 4] = [
    ("block_index", "a.first_block"),
    ("asset", "a.asset"),
    ("supply", "a.supply"),
    (
        "holders",
        "(SELECT count(*) FROM balances b WHERE b.asset = a.asset AND b.quantity > 0)",
    ),
];

/// Filters, with the condition each stands for (`s` is the asset's stamp, when it is one).
const ONLY: [(&str, &str); 4] = [
    ("stamps", "s.cpid IS NOT NULL"),
    ("named", "a.asset NOT LIKE 'A%'"),
    ("locked", "a.locked"),
    ("on_sale", "s.on_sale IS NOT NULL"),
];

/// A query of the asset finder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetQuery {
    /// Free text: an asset or long-name prefix, or an issuer.
    pub text: String,
    only: Vec<&'static str>,
    /// Conditions on the asset's stamp of the file types asked (any of them).
    types: Vec<&'static str>,
    order: String,
}

impl AssetQuery {
    /// Reads `only` (comma-separated, all of: stamps, named, locked, on_sale), `types` (comma-separated, any of
    /// the stamp finder's file types: the asset is a stamp of one of them) and `sort` (one of the finder's own
    /// keys or a stamp finder's sort, with `:asc`/`:desc`; empty: `block_index:desc`; assets without the stamp
    /// figure come last either way); the error names the offending value.
    pub fn parse(text: &str, only: &str, types: &str, sort: &str) -> Result<Self, String> {
        let only = pick_conditions(only, &ONLY, "only filter")?;
        let types = pick_conditions(types, &finder::TYPES, "type")?;
        let (field, desc) = split_sort(sort, "block_index")?;
        let dir = if desc { "DESC" } else { "ASC" };
        let order = if let Some((_, column)) = SORTS.iter().find(|(n, _)| *n == field) {
            format!("{column} {dir}, a.asset {dir}")
        } else if let Some(stamp_sort) = StampSort::parse(field) {
            let (column, _) = stamp_sort.column();
            format!("s.{column} {dir} NULLS LAST, a.asset {dir}")
        } else {
            let names: Vec<&str> = SORTS
                .iter()
                .map(|(n, _)| *n)
                .chain(StampSort::NAMES.iter().copied().filter(|n| *n != "supply"))
                .collect();
            return Err(format!("unknown sort {field:?} ({})", names.join(", ")));
        };
        Ok(Self {
            text: text.trim().to_owned(),
            only,
            types,
            order,
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
        if !self.types.is_empty() {
            // The finder's conditions name the stamp's columns unqualified: inside, they are `t`'s.
            parts.push(format!(
                "EXISTS (SELECT 1 FROM stamps t WHERE t.cpid = a.asset AND (({})))",
                self.types.join(") OR (")
            ));
        }
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
                s.file_suffix, s.floor_price, s.last_sale_price, lb.time AS last_sale, s.total_volume,
                s.dividend_count, s.rarity_rank, s.on_sale,
                (SELECT count(*) FROM balances b WHERE b.asset = a.asset AND b.quantity > 0) AS holders,
                (SELECT COALESCE(sum(quantity), 0) FROM destructions d
                 WHERE d.asset = a.asset AND d.status = 'valid')::TEXT AS destroyed
         FROM (SELECT a.* FROM assets a LEFT JOIN stamps s ON s.cpid = a.asset
               WHERE {filter} ORDER BY {order} OFFSET $4 LIMIT $5) a
         LEFT JOIN stamps s ON s.cpid = a.asset
         LEFT JOIN blocks bl ON bl.height = a.first_block
         LEFT JOIN blocks lb ON lb.height = s.last_sale_block
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
        "SELECT count(*) FROM assets a LEFT JOIN stamps s ON s.cpid = a.asset WHERE {filter}"
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
        let q = AssetQuery::parse("", "", "", "").expect("defaults");
        assert_eq!(q.filter(), "TRUE");
        assert!(q.order.starts_with("a.first_block DESC"), "{}", q.order);
        let q =
            AssetQuery::parse("pepe", "stamps, locked,stamps", "", "supply:asc").expect("parsed");
        assert_eq!(q.only.len(), 2);
        assert!(q.order.starts_with("a.supply ASC"));
        assert!(q.filter().contains("a.locked"));
        let e = AssetQuery::parse("", "cheap", "", "").expect_err("refused");
        assert!(e.contains("\"cheap\""), "{e}");
        let e = AssetQuery::parse("", "", "", "hype").expect_err("refused");
        assert!(e.contains("\"hype\""), "{e}");
        let e = AssetQuery::parse("", "", "mp3", "").expect_err("refused");
        assert!(e.contains("unknown type \"mp3\""), "{e}");
    }

    #[test]
    fn stamp_types_and_sorts_apply_to_the_assets_stamps() {
        let q = AssetQuery::parse("", "on_sale", "png,cursed_stamp", "floor_price:desc")
            .expect("parsed");
        let filter = q.filter();
        assert!(filter.contains("s.on_sale IS NOT NULL"), "{filter}");
        let types = "EXISTS (SELECT 1 FROM stamps t WHERE t.cpid = a.asset \
                     AND ((file_suffix = 'png') OR (is_cursed)))";
        assert!(filter.contains(types), "{filter}");
        assert_eq!(q.order, "s.floor_price DESC NULLS LAST, a.asset DESC");
        let q = AssetQuery::parse("", "", "", "last_sale:asc").expect("parsed");
        assert_eq!(q.order, "s.last_sale_block ASC NULLS LAST, a.asset ASC");
        assert!(AssetQuery::parse("", "", "", "rarity_rank:asc").is_ok());
    }
}
