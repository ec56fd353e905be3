//! The stamp finder: the free-text term, the type, `only`, rarity and sort filters as the finder's URL gives them,
//! checked and turned into one SQL filter, and the paged search over `stamps`.

use sqlx::PgPool;

use super::{COLUMNS, StampRow, escape_like, pick_conditions, split_sort};

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

/// What the finder sorts stamps by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StampSort {
    /// Number.
    Stamp,
    /// Floor price (stamps on sale only).
    FloorPrice,
    /// Satoshis paid in every sale.
    TotalVolume,
    /// Supply.
    Supply,
    /// When it last sold (stamps sold only).
    LastSale,
    /// Price of its latest sale (stamps sold only).
    LastSalePrice,
    /// When its newest dispenser opened (stamps with a dispenser only).
    LastDispenser,
    /// Size of its file.
    StampBase64Size,
    /// Dividends paid on it.
    DividendCount,
    /// Rank by the rarity of its traits in its SRC-721 collection (ranked mints only).
    RarityRank,
}

impl StampSort {
    /// The API's names.
    pub const NAMES: [&'static str; 10] = [
        "stamp",
        "floor_price",
        "total_volume",
        "supply",
        "last_sale",
        "last_sale_price",
        "last_dispenser",
        "stamp_base64_size",
        "dividend_count",
        "rarity_rank",
    ];

    pub(crate) fn parse(name: &str) -> Option<Self> {
        let i = Self::NAMES.iter().position(|n| *n == name)?;
        Some(
            [
                Self::Stamp,
                Self::FloorPrice,
                Self::TotalVolume,
                Self::Supply,
                Self::LastSale,
                Self::LastSalePrice,
                Self::LastDispenser,
                Self::StampBase64Size,
                Self::DividendCount,
                Self::RarityRank,
            ][i],
        )
    }

    /// The column, and whether stamps without a value are left out.
    pub(crate) fn column(self) -> (&'static str, bool) {
        match self {
            Self::Stamp => ("stamp", false),
            Self::FloorPrice => ("floor_price", true),
            Self::TotalVolume => ("total_volume", false),
            Self::Supply => ("supply", false),
            Self::LastSale => ("last_sale_block", true),
            Self::LastSalePrice => ("last_sale_price", true),
            Self::LastDispenser => ("last_dispenser_block", true),
            Self::StampBase64Size => ("file_size", false),
            Self::DividendCount => ("dividend_count", false),
            Self::RarityRank => ("rarity_rank", true),
        }
    }
}

/// File types the finder filters on, with the condition each stands for.
pub(crate) const TYPES: [(&str, &str); 9] = [
    ("src-721", "ident = 'SRC-721'"),
    ("bmn", "file_suffix = 'bmn'"),
    ("png", "file_suffix = 'png'"),
    ("gif", "file_suffix = 'gif'"),
    ("svg", "file_suffix = 'svg'"),
    ("jpeg", "file_suffix IN ('jpeg', 'jpg')"),
    ("html", "file_suffix = 'html'"),
    (
        "other",
        "ident <> 'SRC-721' AND file_suffix NOT IN ('bmn', 'png', 'gif', 'svg', 'jpeg', 'jpg', 'html')",
    ),
    ("cursed_stamp", "is_cursed"),
];

/// Show-only filters, with the condition each stands for.
const ONLY: [(&str, &str); 6] = [
    ("on_sale", "on_sale IS NOT NULL"),
    ("locked", "locked"),
    ("keyburn", "keyburn"),
    ("olga", "encoding = 'olga'"),
    (
        "unique",
        "supply = CASE WHEN divisible THEN 100000000 ELSE 1 END",
    ),
    ("burned", "destroyed > 0"),
];

/// Rarity options, with the condition each stands for: the rarest SRC-721 mints of their collections, or the
/// blessed stamps numbered below a bound.
const RARITY: [(&str, &str); 7] = [
    ("top10", "rarity_rank <= 10"),
    ("top100", "rarity_rank <= 100"),
    ("top1000", "rarity_rank <= 1000"),
    ("sub100", "stamp >= 0 AND stamp < 100"),
    ("sub1000", "stamp >= 0 AND stamp < 1000"),
    ("sub10000", "stamp >= 0 AND stamp < 10000"),
    ("sub100000", "stamp >= 0 AND stamp < 100000"),
];

/// A finder query: the text, any of the file types, every show-only filter, and the order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StampQuery {
    /// Free text.
    pub term: SearchTerm,
    /// Conditions of the chosen file types (any of them).
    types: Vec<&'static str>,
    /// Conditions of the show-only filters (all of them).
    only: Vec<&'static str>,
    /// Order.
    pub sort: StampSort,
    /// Descending.
    pub desc: bool,
    /// Held by any of these addresses.
    pub holders: Vec<String>,
    /// Created by any of these addresses.
    pub creators: Vec<String>,
    /// Whose asset any of these addresses owns (issues).
    pub owners: Vec<String>,
    /// In this collection.
    pub collection: Option<String>,
    /// Only these stamps (none: any).
    pub cpids: Vec<String>,
    /// SRC-721 traits: groups of layer stamps; a mint matches when, in every group, it chose one of them.
    pub traits: Vec<Vec<String>>,
    /// On this user's wishlist (a user id or display name).
    pub wishlist: Option<String>,
    /// The rarity option's condition.
    rarity: Option<&'static str>,
}

impl StampQuery {
    /// Reads `types` (comma-separated: src-721, bmn, png, gif, svg, jpeg, html, other, cursed_stamp), `only`
    /// (on_sale, locked, keyburn, olga, unique, burned) and `sort` (a key with `:asc` or `:desc`; empty: newest
    /// first). The error names the offending value.
    pub fn parse(term: SearchTerm, types: &str, only: &str, sort: &str) -> Result<Self, String> {
        let types = pick_conditions(types, &TYPES, "type")?;
        let only = pick_conditions(only, &ONLY, "only filter")?;
        let (field, desc) = split_sort(sort, "stamp")?;
        let sort = StampSort::parse(field)
            .ok_or_else(|| format!("unknown sort {field:?} ({})", StampSort::NAMES.join(", ")))?;
        Ok(Self {
            term,
            types,
            only,
            sort,
            desc,
            holders: Vec::new(),
            creators: Vec::new(),
            owners: Vec::new(),
            collection: None,
            cpids: Vec::new(),
            traits: Vec::new(),
            wishlist: None,
            rarity: None,
        })
    }

    /// Reads the rarity option (empty: none); the error names an unknown one.
    pub fn set_rarity(&mut self, rarity: &str) -> Result<(), String> {
        let rarity = rarity.trim();
        if rarity.is_empty() {
            self.rarity = None;
            return Ok(());
        }
        let (_, condition) = RARITY.iter().find(|(n, _)| *n == rarity).ok_or_else(|| {
            let names: Vec<&str> = RARITY.iter().map(|(n, _)| *n).collect();
            format!("unknown rarity {rarity:?} ({})", names.join(", "))
        })?;
        self.rarity = Some(condition);
        Ok(())
    }

    /// Whether every condition in force is a file type, a show-only filter, the rarity option or a sort's "has
    /// a value": conditions on a stamp's facets alone, which `stamp_facet_counts` counts.
    fn facets_only(&self) -> bool {
        matches!(self.term, SearchTerm::All) && self.creators.is_empty() && !self.membership()
    }

    /// Whether the stamps are named by membership in a set kept elsewhere: held by or issued to addresses, in a
    /// collection, on a wishlist, with traits, or by id.
    fn membership(&self) -> bool {
        !self.holders.is_empty()
            || !self.owners.is_empty()
            || self.collection.is_some()
            || !self.cpids.is_empty()
            || !self.traits.is_empty()
            || self.wishlist.is_some()
    }

    /// The `WHERE` clause, naming only the conditions in force, so that the planner sees each query's real
    /// shape: the text ($1 a number, or $2 a cpid prefix and $3 the text), the holders, creators and owners
    /// ($4–$6), the collection ($7), the cpids ($8), the SRC-721 traits ($9), the wishlist's user ($10), the types, the
    /// show-only filters, and for a sort by a value only some stamps have, that they
    /// have it. Every piece is one of the fixed conditions above; `TRUE` when none applies.
    fn filter(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        match self.term {
            SearchTerm::All => {}
            SearchTerm::Number(_) => parts.push("stamp = $1".into()),
            SearchTerm::Text(_) => parts.push(
                "(cpid ~>=~ upper($3) AND cpid ~<~ (upper($3) || chr(1114111)) AND cpid LIKE $2 || '%') \
                 OR creator = $3 OR tx_hash = lower($3) OR stamp_hash = $3"
                    .into(),
            ),
        }
        if !self.holders.is_empty() {
            // Held by the addresses or on UTXOs they own, or coming to them in a transaction waiting for its block.
            parts.push(
                "cpid IN (SELECT asset FROM holdings WHERE address = ANY($4) AND quantity > 0
                          UNION SELECT asset FROM pending_balances WHERE address = ANY($4) AND delta > 0)"
                    .into(),
            );
        }
        if !self.creators.is_empty() {
            parts.push("creator = ANY($5)".into());
        }
        if !self.owners.is_empty() {
            parts.push("cpid IN (SELECT asset FROM assets WHERE issuer = ANY($6))".into());
        }
        if self.collection.is_some() {
            parts.push(
                "cpid IN (SELECT cpid FROM collection_members WHERE collection_id = $7)".into(),
            );
        }
        if !self.cpids.is_empty() {
            parts.push("cpid = ANY($8)".into());
        }
        if !self.traits.is_empty() {
            parts.push(
                "cpid IN (SELECT m.cpid FROM src721_mints m WHERE NOT EXISTS (
                     SELECT 1 FROM jsonb_array_elements($9) g
                     WHERE NOT m.traits ?| ARRAY(SELECT jsonb_array_elements_text(g))))"
                    .into(),
            );
        }
        if self.wishlist.is_some() {
            parts.push(
                "cpid IN (SELECT cpid FROM wishlists WHERE user_id = $10 OR user_id IN (
                     SELECT user_id FROM users WHERE display_name <> '' AND lower(display_name) = lower($10)))"
                    .into(),
            );
        }
        if !self.types.is_empty() {
            parts.push(format!("({})", self.types.join(") OR (")));
        }
        parts.extend(self.only.iter().map(|c| (*c).to_owned()));
        if let Some(rarity) = self.rarity {
            parts.push(rarity.to_owned());
        }
        let (column, only_with) = self.sort.column();
        if only_with {
            parts.push(format!("{column} IS NOT NULL"));
        }
        if parts.is_empty() {
            "TRUE".into()
        } else {
            format!("({})", parts.join(") AND ("))
        }
    }
}

/// A page of the finder and the exact total.
pub async fn search(
    pool: &PgPool,
    q: &StampQuery,
    offset: i64,
    limit: i64,
) -> Result<(Vec<StampRow>, i64), sqlx::Error> {
    let (number, prefix, text) = match &q.term {
        SearchTerm::All => (None, None, None),
        SearchTerm::Number(n) => (Some(*n), None, None),
        SearchTerm::Text(t) => (None, Some(escape_like(&t.to_uppercase())), Some(t.clone())),
    };
    let filter = q.filter();
    let dir = if q.desc { "DESC" } else { "ASC" };
    let (column, _) = q.sort.column();
    let order = if column == "stamp" {
        format!("stamp {dir}")
    } else {
        format!("{column} {dir}, stamp {dir}")
    };
    if filter == "TRUE" && column == "stamp" {
        return Ok((
            numbered_page(pool, q.desc, offset, limit).await?,
            all_count(pool).await?,
        ));
    }
    // The page is chosen on stamp numbers alone (an index-only walk for the sorts the indexes cover), then its
    // rows are read: a deep page does not read every row before it. A set named by membership (an address's
    // holdings or issues, a collection, a wishlist, traits, ids) is gathered first and sorted: walking every
    // stamp in order and checking each for membership costs the whole table when the set is small or old.
    let page = if q.membership() {
        let keys = if column == "stamp" {
            "stamp".to_owned()
        } else {
            format!("stamp, {column}")
        };
        format!(
            "WITH candidates AS MATERIALIZED (SELECT {keys} FROM stamps WHERE {filter})
             SELECT stamp FROM candidates ORDER BY {order} OFFSET $11 LIMIT $12"
        )
    } else {
        format!("SELECT stamp FROM stamps WHERE {filter} ORDER BY {order} OFFSET $11 LIMIT $12")
    };
    let hits = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM stamps WHERE stamp IN ({page}) ORDER BY {order}"
    )))
    .bind(number)
    .bind(&prefix)
    .bind(&text)
    .bind(&q.holders)
    .bind(&q.creators)
    .bind(&q.owners)
    .bind(&q.collection)
    .bind(&q.cpids)
    .bind(sqlx::types::Json(&q.traits))
    .bind(&q.wishlist)
    .bind(offset)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    if filter == "TRUE" {
        return Ok((hits, all_count(pool).await?));
    }
    if q.facets_only() {
        // Every condition reads a stamp's facets: the total is a sum of the counts the projection keeps.
        let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT COALESCE(sum(n), 0)::BIGINT FROM stamp_facet_counts WHERE {filter}"
        )))
        .fetch_one(pool)
        .await?;
        return Ok((hits, total));
    }
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT count(*) FROM stamps WHERE {filter}"
    )))
    .bind(number)
    .bind(&prefix)
    .bind(&text)
    .bind(&q.holders)
    .bind(&q.creators)
    .bind(&q.owners)
    .bind(&q.collection)
    .bind(&q.cpids)
    .bind(sqlx::types::Json(&q.traits))
    .bind(&q.wishlist)
    .fetch_one(pool)
    .await?;
    Ok((hits, total))
}

/// Every stamp, counted off the two ends of the number index: blessed stamps are numbered 0, 1, 2, ... and cursed
/// ones -1, -2, ... without gaps.
async fn all_count(pool: &PgPool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COALESCE((SELECT max(stamp) + 1 FROM stamps WHERE stamp >= 0), 0)
              + COALESCE((SELECT -min(stamp) FROM stamps WHERE stamp < 0), 0)",
    )
    .fetch_one(pool)
    .await
}

/// A page of every stamp by number. Numbers have no gaps (see [`all_count`]), so the `offset`-th stamp's
/// number is known without walking the ones before it: newest first it is `blessed - 1 - offset` (past the
/// blessed ones that lands on the cursed ones, -1 first), oldest first `lowest + offset`. Deep pages cost what
/// the first one does.
async fn numbered_page(
    pool: &PgPool,
    desc: bool,
    offset: i64,
    limit: i64,
) -> Result<Vec<StampRow>, sqlx::Error> {
    let sql = if desc {
        format!(
            "SELECT {COLUMNS} FROM stamps
             WHERE stamp <= COALESCE((SELECT max(stamp) + 1 FROM stamps WHERE stamp >= 0), 0) - 1 - $1
             ORDER BY stamp DESC LIMIT $2"
        )
    } else {
        format!(
            "SELECT {COLUMNS} FROM stamps
             WHERE stamp >= (SELECT min(stamp) FROM stamps) + $1
             ORDER BY stamp ASC LIMIT $2"
        )
    };
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(offset)
        .bind(limit)
        .fetch_all(pool)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finder_rules() {
        let q = StampQuery::parse(SearchTerm::All, "", "", "").expect("defaults");
        assert_eq!((q.sort, q.desc), (StampSort::Stamp, true));
        assert_eq!(q.filter(), "TRUE", "no condition");
        let mut q = StampQuery::parse(SearchTerm::Number(3), "", "", "").expect("number");
        q.creators = vec!["bc1q".into()];
        assert_eq!(q.filter(), "(stamp = $1) AND (creator = ANY($5))");
        let q = StampQuery::parse(
            SearchTerm::All,
            "png, gif,png",
            "on_sale,locked",
            "floor_price:asc",
        )
        .expect("filters");
        assert_eq!(q.types.len(), 2, "png once");
        assert_eq!(q.only.len(), 2);
        assert!(!q.desc);
        let filter = q.filter();
        assert!(
            filter.contains("file_suffix = 'png') OR (file_suffix = 'gif'"),
            "{filter}"
        );
        assert!(filter.contains("floor_price IS NOT NULL"), "{filter}");
        for name in StampSort::NAMES {
            assert!(
                StampQuery::parse(SearchTerm::All, "", "", name).is_ok(),
                "{name}"
            );
        }
        for (types, only, sort, names) in [
            ("tiff", "", "", "\"tiff\""),
            ("", "cheap", "", "\"cheap\""),
            ("", "", "rarity", "\"rarity\""),
            ("", "", "stamp:sideways", "\"sideways\""),
        ] {
            let e = StampQuery::parse(SearchTerm::All, types, only, sort).expect_err("refused");
            assert!(e.contains(names), "{e}");
        }
        let mut q = StampQuery::parse(SearchTerm::All, "", "", "rarity_rank:asc").expect("rarity");
        q.set_rarity("top100").expect("top100");
        let filter = q.filter();
        assert!(filter.contains("rarity_rank <= 100"), "{filter}");
        assert!(filter.contains("rarity_rank IS NOT NULL"), "{filter}");
        q.set_rarity("sub1000").expect("sub1000");
        assert!(q.filter().contains("stamp < 1000"));
        let e = q.set_rarity("top7").expect_err("refused");
        assert!(e.contains("\"top7\"") && e.contains("sub100000"), "{e}");
    }
}
