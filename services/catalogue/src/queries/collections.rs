//! Collections (users' and SRC-721) with their market figures; a collection's collectors and destroyers; an
//! SRC-721 stamp's layers, mints and parent.

use sqlx::PgPool;

use super::{COLUMNS, StampRow, escape_like, split_sort};

/// Sort keys and the order each stands for (`{dir}` is the direction). Values only some collections have (a
/// floor, a market cap) sort last either way.
const SORTS: [(&str, &str); 8] = [
    // Trending: the week's sales, then all-time.
    ("trending", "st.week_volume {dir}, st.total_volume {dir}"),
    ("lowest_stamp_number", "st.lowest_stamp {dir} NULLS LAST"),
    ("highest_stamp_number", "st.highest_stamp {dir} NULLS LAST"),
    ("floor_price", "st.floor_price {dir} NULLS LAST"),
    ("total_volume", "st.total_volume {dir}"),
    ("market_cap", "st.market_cap {dir} NULLS LAST"),
    ("stamp_count", "st.stamp_count {dir}"),
    ("collector_count", "st.collector_count {dir}"),
];

/// Show-only filters.
const ONLY: [&str; 2] = ["launchpad", "src721"];

/// Stamps listed with each collection.
pub const PREVIEW: i64 = 12;

/// Stamps listed with each collector or destroyer.
pub const PERSON_PREVIEW: i64 = 10;

/// A collections query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionQuery {
    order: String,
    /// A name prefix or an id.
    pub text: String,
    /// Only these ids (none: all).
    pub ids: Vec<String>,
    /// Only this creator's.
    pub user_id: String,
    /// Only launchpad collections.
    pub launchpad: bool,
    /// Only SRC-721 collections.
    pub src721: bool,
}

impl CollectionQuery {
    /// Reads `sort` (a key with `:asc`/`:desc`; empty: `trending:desc`) and `only` (`launchpad`, `src721`). The error
    /// names the offending value.
    pub fn parse(sort: &str, only: &str) -> Result<Self, String> {
        let sort = if sort.is_empty() {
            "trending:desc"
        } else {
            sort
        };
        let (field, desc) = split_sort(sort, "trending")?;
        let template = SORTS
            .iter()
            .find(|(n, _)| *n == field)
            .map(|(_, o)| *o)
            .ok_or_else(|| {
                let names: Vec<&str> = SORTS.iter().map(|(n, _)| *n).collect();
                format!("unknown sort {field:?} ({})", names.join(", "))
            })?;
        let dir = if desc { "DESC" } else { "ASC" };
        let (mut launchpad, mut src721) = (false, false);
        for name in only.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            match name {
                "launchpad" => launchpad = true,
                "src721" => src721 = true,
                _ => {
                    return Err(format!(
                        "unknown only filter {name:?} ({})",
                        ONLY.join(", ")
                    ));
                }
            }
        }
        Ok(Self {
            order: format!("{}, k.collection_id {dir}", template.replace("{dir}", dir)),
            text: String::new(),
            ids: Vec::new(),
            user_id: String::new(),
            launchpad,
            src721,
        })
    }
}

/// A collection and its figures.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CollectionRow {
    /// The id (an SRC-721 collection's is its deploy's cpid).
    pub collection_id: String,
    /// Name.
    pub name: String,
    /// `src721` or `other`.
    pub r#type: String,
    /// The creator: a user id, or the deploy's address.
    pub user_id: String,
    /// Twitter handle.
    pub twitter: String,
    /// Website.
    pub website: String,
    /// Description.
    pub description: String,
    /// The stamp shown for it.
    pub icon_id: String,
    /// Stamps in it.
    pub stamp_count: i64,
    /// Addresses holding any of them.
    pub collector_count: i64,
    /// The first stamps, in the collection's order.
    pub stamp_ids: Vec<String>,
    /// Lowest stamp number.
    pub lowest_stamp: Option<i64>,
    /// Highest stamp number.
    pub highest_stamp: Option<i64>,
    /// Oldest stamp's block time.
    pub lowest_time: Option<i64>,
    /// Newest stamp's block time.
    pub highest_time: Option<i64>,
    /// Satoshis: the cheapest floor per unit of its stamps.
    pub floor_price: Option<i64>,
    /// Satoshis of every sale.
    pub total_volume: i64,
    /// Satoshis: every stamp's supply at its floor.
    pub market_cap: Option<i64>,
    /// Satoshis sold in the last 24 hours.
    pub day_volume: i64,
    /// Satoshis sold in the 24 hours before those.
    pub prev_day_volume: i64,
    /// Satoshis sold in the last 7 days.
    pub week_volume: i64,
    /// Satoshis sold in the 7 days before those.
    pub prev_week_volume: i64,
    /// Satoshis sold in the last 30 days.
    pub month_volume: i64,
    /// Satoshis sold in the 30 days before those.
    pub prev_month_volume: i64,
    /// Its launchpad configuration (JSON), when it is a launchpad.
    pub launchpad: Option<String>,
}

const CARD: &str = "k.collection_id, k.name, k.type, k.user_id, k.twitter, k.website, k.description, k.icon_id,
    COALESCE(st.stamp_count, 0) AS stamp_count, COALESCE(st.collector_count, 0) AS collector_count,
    ARRAY(SELECT cpid FROM collection_members m WHERE m.collection_id = k.collection_id
          ORDER BY position, cpid LIMIT 12) AS stamp_ids,
    st.lowest_stamp, st.highest_stamp, st.lowest_time, st.highest_time, st.floor_price,
    COALESCE(st.total_volume, 0) AS total_volume, st.market_cap,
    COALESCE(st.day_volume, 0) AS day_volume, COALESCE(st.prev_day_volume, 0) AS prev_day_volume,
    COALESCE(st.week_volume, 0) AS week_volume, COALESCE(st.prev_week_volume, 0) AS prev_week_volume,
    COALESCE(st.month_volume, 0) AS month_volume, COALESCE(st.prev_month_volume, 0) AS prev_month_volume,
    (SELECT l.config::TEXT FROM launchpads l WHERE l.collection_id = k.collection_id) AS launchpad";

/// A page of collections and the exact total. The staff directories (owner `XCP`) are listed only when asked for
/// by owner or by id; `launchpad` lists only the curated launchpads, `src721` only the SRC-721 collections.
pub async fn search(
    pool: &PgPool,
    q: &CollectionQuery,
    offset: i64,
    limit: i64,
) -> Result<(Vec<CollectionRow>, i64), sqlx::Error> {
    // The name prefix as a pattern-operator range, which reaches the name indexes (see `autocomplete`).
    let filter = "($1 = '' OR k.collection_id = $1 OR (lower(k.name) ~>=~ lower($1)
            AND lower(k.name) ~<~ (lower($1) || chr(1114111)) AND lower(k.name) LIKE $2 || '%'))
        AND (cardinality($3::TEXT[]) = 0 OR k.collection_id = ANY($3))
        AND (CASE WHEN $4 <> '' THEN k.user_id = $4
                  WHEN cardinality($3::TEXT[]) = 0 THEN k.user_id <> 'XCP' ELSE TRUE END)
        AND (NOT $5 OR k.collection_id IN (SELECT collection_id FROM launchpads))
        AND (NOT $8 OR k.type = 'src721')";
    let prefix = escape_like(&q.text.to_lowercase());
    let hits = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CARD} FROM collection_cards k
         LEFT JOIN collection_stats st ON st.collection_id = k.collection_id
         WHERE {filter} ORDER BY {order} OFFSET $6 LIMIT $7",
        order = q.order
    )))
    .bind(&q.text)
    .bind(&prefix)
    .bind(&q.ids)
    .bind(&q.user_id)
    .bind(q.launchpad)
    .bind(offset)
    .bind(limit)
    .bind(q.src721)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT count(*) FROM collection_cards k WHERE {filter}"
    )))
    .bind(&q.text)
    .bind(&prefix)
    .bind(&q.ids)
    .bind(&q.user_id)
    .bind(q.launchpad)
    .bind(0_i64)
    .bind(0_i64)
    .bind(q.src721)
    .fetch_one(pool)
    .await?;
    Ok((hits, total))
}

/// One collection.
pub async fn collection(pool: &PgPool, id: &str) -> Result<Option<CollectionRow>, sqlx::Error> {
    sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT {CARD} FROM collection_cards k
         LEFT JOIN collection_stats st ON st.collection_id = k.collection_id
         WHERE k.collection_id = $1"
    )))
    .bind(id)
    .fetch_optional(pool)
    .await
}

/// Every stamp id of collection `id`, in its order.
pub async fn stamp_ids(pool: &PgPool, id: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT cpid FROM collection_members WHERE collection_id = $1 ORDER BY position, cpid",
    )
    .bind(id)
    .fetch_all(pool)
    .await
}

/// A collector or destroyer of a collection's stamps.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PersonRow {
    /// The address.
    pub address: String,
    /// The profile's display name, when the address belongs to one.
    pub display_name: Option<String>,
    /// Stamps held, or destroyed.
    pub count: i64,
    /// The first of them, newest first.
    pub stamps: Vec<String>,
}

/// Whose stamps a list of people counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum People {
    /// Holders: the collection's stamps held, by address.
    Collectors,
    /// Destroyers: the collection's stamps destroyed by valid destructions, by source.
    Burned,
}

/// A page of a collection's collectors (most stamps held first) or destroyers (most stamps destroyed first),
/// with the exact total.
pub async fn people(
    pool: &PgPool,
    id: &str,
    which: People,
    offset: i64,
    limit: i64,
) -> Result<(Vec<PersonRow>, i64), sqlx::Error> {
    let source = match which {
        People::Collectors => {
            "SELECT b.holder AS address, b.asset FROM balances b
             WHERE b.asset IN (SELECT cpid FROM collection_members WHERE collection_id = $1)
               AND b.quantity > 0 AND b.holder NOT LIKE '%:%'"
        }
        People::Burned => {
            "SELECT DISTINCT x.source AS address, x.asset FROM destructions x
             WHERE x.asset IN (SELECT cpid FROM collection_members WHERE collection_id = $1)
               AND x.status = 'valid'"
        }
    };
    let hits = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "WITH held AS ({source})
         SELECT p.address, u.display_name, p.count,
                ARRAY(SELECT h.asset FROM held h JOIN stamps s ON s.cpid = h.asset WHERE h.address = p.address
                      ORDER BY s.stamp DESC LIMIT {PERSON_PREVIEW}) AS stamps
         FROM (SELECT address, count(*) AS count FROM held GROUP BY address) p
         LEFT JOIN user_addresses ua ON ua.address = p.address
         LEFT JOIN users u ON u.user_id = ua.user_id AND u.display_name <> ''
         ORDER BY p.count DESC, p.address OFFSET $2 LIMIT $3"
    )))
    .bind(id)
    .bind(offset)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT count(DISTINCT address) FROM ({source}) h"
    )))
    .bind(id)
    .fetch_one(pool)
    .await?;
    Ok((hits, total))
}

/// An SRC-721 stamp as collections see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Src721Row {
    /// A deploy: its collection's name, layers, first mints (newest first) and how many there are.
    Deploy {
        /// The collection's name.
        name: String,
        /// Per layer, the stamps its images come from.
        layers: Vec<Vec<String>>,
        /// The first mints, newest first.
        mints: Vec<StampRow>,
        /// How many mints there are.
        mint_count: i64,
    },
    /// A mint: its collection, the stamp it chose in each layer, and the deploy stamp.
    Mint {
        /// The collection (its deploy's cpid).
        collection_id: String,
        /// The collection's name.
        name: String,
        /// The stamp chosen in each layer.
        traits: Vec<Option<String>>,
        /// The deploy stamp.
        parent: Option<Box<StampRow>>,
    },
}

/// Mints listed with a deploy.
pub const MINTS_PAGE: i64 = 20;

/// An SRC-721 deploy or mint by cpid; `None` when the stamp is neither.
pub async fn src721(pool: &PgPool, cpid: &str) -> Result<Option<Src721Row>, sqlx::Error> {
    use sqlx::types::Json;
    let deploy: Option<(String, Json<Vec<Vec<String>>>)> =
        sqlx::query_as("SELECT name, layers FROM src721_collections WHERE collection_id = $1")
            .bind(cpid)
            .fetch_optional(pool)
            .await?;
    if let Some((name, Json(layers))) = deploy {
        let mints = sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT {COLUMNS} FROM stamps WHERE cpid IN (
                 SELECT cpid FROM src721_mints WHERE collection_id = $1 ORDER BY stamp DESC LIMIT $2)
             ORDER BY stamp DESC"
        )))
        .bind(cpid)
        .bind(MINTS_PAGE)
        .fetch_all(pool)
        .await?;
        let mint_count =
            sqlx::query_scalar("SELECT count(*) FROM src721_mints WHERE collection_id = $1")
                .bind(cpid)
                .fetch_one(pool)
                .await?;
        return Ok(Some(Src721Row::Deploy {
            name,
            layers,
            mints,
            mint_count,
        }));
    }
    /// A mint's collection, its name, and the stamp chosen per layer.
    type MintRow = (String, String, Json<Vec<Option<String>>>);
    let mint: Option<MintRow> = sqlx::query_as(
        "SELECT m.collection_id, c.name, m.traits FROM src721_mints m
         JOIN src721_collections c ON c.collection_id = m.collection_id WHERE m.cpid = $1",
    )
    .bind(cpid)
    .fetch_optional(pool)
    .await?;
    let Some((collection_id, name, Json(traits))) = mint else {
        return Ok(None);
    };
    let parent = super::stamp(pool, &collection_id).await?.map(Box::new);
    Ok(Some(Src721Row::Mint {
        collection_id,
        name,
        traits,
        parent,
    }))
}

/// An SRC-721 collection's layers (the stamps of t0, t1, ...), how many of its mints chose each stamp of each
/// layer, and how many mints it has; `None` for a collection without layers.
pub struct LayersRow {
    /// Per layer, its stamps.
    pub layers: Vec<Vec<String>>,
    /// (layer index, stamp) → mints that chose it.
    pub counts: std::collections::HashMap<(usize, String), i64>,
    /// Mints.
    pub mint_count: i64,
}

/// The layers of collection `id` with their counts.
pub async fn layers(pool: &PgPool, id: &str) -> Result<Option<LayersRow>, sqlx::Error> {
    use sqlx::types::Json;
    let deploy: Option<Json<Vec<Vec<String>>>> =
        sqlx::query_scalar("SELECT layers FROM src721_collections WHERE collection_id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?;
    let Some(Json(layers)) = deploy else {
        return Ok(None);
    };
    let rows: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT e.layer - 1, e.trait, count(*)
         FROM src721_mints m, jsonb_array_elements_text(m.traits) WITH ORDINALITY AS e(trait, layer)
         WHERE m.collection_id = $1 AND e.trait IS NOT NULL
         GROUP BY 1, 2",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let mint_count =
        sqlx::query_scalar("SELECT count(*) FROM src721_mints WHERE collection_id = $1")
            .bind(id)
            .fetch_one(pool)
            .await?;
    Ok(Some(LayersRow {
        layers,
        counts: rows
            .into_iter()
            .map(|(layer, cpid, n)| ((usize::try_from(layer).unwrap_or(usize::MAX), cpid), n))
            .collect(),
        mint_count,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collection_query_rules() {
        let q = CollectionQuery::parse("", "").expect("default");
        assert!(q.order.starts_with("st.week_volume DESC"), "{}", q.order);
        assert!(!q.launchpad);
        for (name, _) in SORTS {
            let asc = CollectionQuery::parse(&format!("{name}:asc"), "").expect(name);
            assert!(
                asc.order.contains("ASC") && !asc.order.contains("DESC"),
                "{}",
                asc.order
            );
        }
        assert!(
            CollectionQuery::parse("", "launchpad")
                .expect("launchpad")
                .launchpad
        );
        let both = CollectionQuery::parse("", "src721, launchpad").expect("both");
        assert!(both.src721 && both.launchpad);
        assert!(
            !CollectionQuery::parse("", "launchpad")
                .expect("launchpad")
                .src721
        );
        let e = CollectionQuery::parse("hype", "").expect_err("unknown sort");
        assert!(e.contains("\"hype\""), "{e}");
        let e = CollectionQuery::parse("", "cheap").expect_err("unknown filter");
        assert!(e.contains("\"cheap\""), "{e}");
        let e = CollectionQuery::parse("stamp_count:up", "").expect_err("bad direction");
        assert!(e.contains("up"), "{e}");
    }
}
