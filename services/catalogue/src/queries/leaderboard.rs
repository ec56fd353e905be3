//! The collectors leaderboard: addresses ranked by stamps held, created, or the value of what they hold or
//! destroyed; or, for one project (a collection), by its stamps held.

use sqlx::PgPool;

/// Sort keys, with their column.
const SORTS: [(&str, &str); 5] = [
    ("stamp_count", "stamp_count"),
    ("stamp_created_count", "stamp_created_count"),
    ("floor_valuation", "floor_valuation"),
    ("last_sale_valuation", "last_sale_valuation"),
    ("destruction_valuation", "destruction_valuation"),
];

/// Stamps shown with each entry.
pub const PREVIEW: i64 = 5;

/// A leaderboard query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaderboardQuery {
    column: &'static str,
    /// Only the stamps of this collection count.
    pub project: Option<String>,
}

impl LeaderboardQuery {
    /// Reads `sort` (`stamp_count`, the default, `stamp_created_count`, `floor_valuation`,
    /// `last_sale_valuation` or `destruction_valuation`; always most first) and `project` (a collection id:
    /// then entries rank by `stamp_count` whatever known sort is asked). The error names the offending value.
    pub fn parse(sort: &str, project: Option<String>) -> Result<Self, String> {
        let sort = if sort.is_empty() { "stamp_count" } else { sort };
        let column = SORTS
            .iter()
            .find(|(n, _)| *n == sort)
            .map(|(_, c)| *c)
            .ok_or_else(|| {
                let names: Vec<&str> = SORTS.iter().map(|(n, _)| *n).collect();
                format!("unknown sort {sort:?} ({})", names.join(", "))
            })?;
        // A project's figures are its stamps held: whatever sort is asked, they rank by that count.
        let column = if project.is_some() {
            "stamp_count"
        } else {
            column
        };
        Ok(Self { column, project })
    }
}

/// A ranked collector.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CollectorRow {
    /// Address.
    pub address: String,
    /// The profile's display name, when the address belongs to one.
    pub display_name: Option<String>,
    /// Stamps held.
    pub stamp_count: i64,
    /// Stamps created.
    pub stamp_created_count: i64,
    /// Satoshis: units held at floor prices.
    pub floor_valuation: i64,
    /// Satoshis: units held at latest-sale prices.
    pub last_sale_valuation: i64,
    /// Stamps destroyed.
    pub destroyed_count: i64,
    /// Satoshis: what they destroyed was worth.
    pub destruction_valuation: i64,
    /// A few of the stamps held, by cpid: read off the balances' primary key in its order, so a collector
    /// holding a million stamps costs no more than one holding five.
    pub stamps: Vec<String>,
}

const PROJECT_ROWS: &str = "SELECT b.holder AS address, count(*) AS stamp_count,
        count(*) FILTER (WHERE s.creator = b.holder) AS stamp_created_count,
        sum(floor(b.quantity * COALESCE(s.floor_price, 0)
                  / CASE WHEN s.divisible THEN 100000000 ELSE 1 END))::BIGINT AS floor_valuation,
        sum(floor(b.quantity * COALESCE(s.last_sale_price, 0)
                  / CASE WHEN s.divisible THEN 100000000 ELSE 1 END))::BIGINT AS last_sale_valuation,
        0::BIGINT AS destroyed_count, 0::BIGINT AS destruction_valuation
    FROM balances b JOIN stamps s ON s.cpid = b.asset
    JOIN (SELECT DISTINCT cpid FROM collection_members WHERE collection_id = $1) cs ON cs.cpid = s.cpid
    WHERE TRUE AND b.quantity > 0 AND b.holder NOT LIKE '%:%'
    GROUP BY b.holder";

/// A page of the leaderboard and the exact total.
pub async fn search(
    pool: &PgPool,
    q: &LeaderboardQuery,
    offset: i64,
    limit: i64,
) -> Result<(Vec<CollectorRow>, i64), sqlx::Error> {
    let source = if q.project.is_some() {
        format!("({PROJECT_ROWS})")
    } else {
        "(SELECT * FROM collectors WHERE $1::TEXT IS NULL)".to_owned()
    };
    let hits = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT c.address, u.display_name, c.stamp_count, c.stamp_created_count, c.floor_valuation,
                c.last_sale_valuation, c.destroyed_count, c.destruction_valuation,
                ARRAY(SELECT b.asset FROM balances b
                      WHERE b.holder = c.address AND b.quantity > 0
                        AND EXISTS (SELECT 1 FROM stamps s WHERE s.cpid = b.asset)
                      ORDER BY b.asset LIMIT {PREVIEW}) AS stamps
         FROM {source} c
         LEFT JOIN user_addresses ua ON ua.address = c.address
         LEFT JOIN users u ON u.user_id = ua.user_id AND u.display_name <> ''
         ORDER BY c.{column} DESC, c.address DESC OFFSET $2 LIMIT $3",
        column = q.column
    )))
    .bind(&q.project)
    .bind(offset)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT count(*) FROM {source} c"
    )))
    .bind(&q.project)
    .fetch_one(pool)
    .await?;
    Ok((hits, total))
}

/// The XCP site's sort keys, with their column: the holder's own counts, or the valuations of the stamps among
/// its assets (`v`, the stamps leaderboard's row of the same address; none counts zero).
const XCP_SORTS: [(&str, &str); 6] = [
    ("xcp_count", "c.asset_count"),
    ("xcp_created_count", "c.created_count"),
    ("xcp_destroyed_count", "c.destroyed_count"),
    ("floor_valuation", "COALESCE(v.floor_valuation, 0)"),
    ("last_sale_valuation", "COALESCE(v.last_sale_valuation, 0)"),
    (
        "destruction_valuation",
        "COALESCE(v.destruction_valuation, 0)",
    ),
];

/// A ranked holder of Counterparty assets.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct XcpCollectorRow {
    /// Address.
    pub address: String,
    /// The profile's display name, when the address belongs to one.
    pub display_name: Option<String>,
    /// Assets held (XCP aside).
    pub asset_count: i64,
    /// Assets created.
    pub created_count: i64,
    /// Assets destroyed.
    pub destroyed_count: i64,
    /// A few of the assets held.
    pub held: Vec<String>,
    /// A few of the assets destroyed.
    pub destroyed: Vec<String>,
    /// Satoshis: the stamps held at floor prices.
    pub floor_valuation: i64,
    /// Satoshis: the stamps held at latest-sale prices.
    pub last_sale_valuation: i64,
    /// Satoshis: what the stamps destroyed were worth.
    pub destruction_valuation: i64,
    /// Which of `held` and `destroyed` are stamps.
    pub stamp_ids: Vec<String>,
}

/// Reads the XCP leaderboard's sort (`xcp_count`, the default, `xcp_created_count`, `xcp_destroyed_count`,
/// `floor_valuation`, `last_sale_valuation` or `destruction_valuation`; most first) into its column; the error
/// names an unknown one.
pub fn xcp_sort(sort: &str) -> Result<&'static str, String> {
    let sort = if sort.is_empty() { "xcp_count" } else { sort };
    XCP_SORTS
        .iter()
        .find(|(n, _)| *n == sort)
        .map(|(_, c)| *c)
        .ok_or_else(|| {
            let names: Vec<&str> = XCP_SORTS.iter().map(|(n, _)| *n).collect();
            format!("unknown sort {sort:?} ({})", names.join(", "))
        })
}

/// A page of the XCP leaderboard (by `column`, most first) and the exact total.
pub async fn xcp_search(
    pool: &PgPool,
    column: &'static str,
    offset: i64,
    limit: i64,
) -> Result<(Vec<XcpCollectorRow>, i64), sqlx::Error> {
    let hits = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT c.address, u.display_name, c.asset_count, c.created_count, c.destroyed_count, c.held, c.destroyed,
                COALESCE(v.floor_valuation, 0) AS floor_valuation,
                COALESCE(v.last_sale_valuation, 0) AS last_sale_valuation,
                COALESCE(v.destruction_valuation, 0) AS destruction_valuation,
                ARRAY(SELECT s.cpid FROM stamps s
                      WHERE s.cpid = ANY(c.held) OR s.cpid = ANY(c.destroyed)) AS stamp_ids
         FROM (SELECT c.*,
                      ARRAY(SELECT b.asset FROM balances b
                            WHERE b.holder = c.address AND b.quantity > 0 AND b.asset <> 'XCP'
                            ORDER BY b.asset LIMIT {PREVIEW}) AS held,
                      ARRAY(SELECT DISTINCT x.asset FROM destructions x
                            WHERE x.source = c.address AND x.status = 'valid' AND x.asset <> 'XCP'
                            ORDER BY x.asset LIMIT {PREVIEW}) AS destroyed
               FROM xcp_collectors c LEFT JOIN collectors v USING (address)
               ORDER BY {column} DESC, c.address DESC OFFSET $1 LIMIT $2) c
         LEFT JOIN collectors v USING (address)
         LEFT JOIN user_addresses ua ON ua.address = c.address
         LEFT JOIN users u ON u.user_id = ua.user_id AND u.display_name <> ''
         ORDER BY {column} DESC, c.address DESC"
    )))
    .bind(offset)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    let total = sqlx::query_scalar("SELECT count(*) FROM xcp_collectors")
        .fetch_one(pool)
        .await?;
    Ok((hits, total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaderboard_rules() {
        assert_eq!(
            LeaderboardQuery::parse("", None).expect("default").column,
            "stamp_count"
        );
        for (name, _) in SORTS {
            assert!(LeaderboardQuery::parse(name, None).is_ok(), "{name}");
        }
        assert!(LeaderboardQuery::parse("stamp_count", Some("p".into())).is_ok());
        assert_eq!(
            LeaderboardQuery::parse("floor_valuation", Some("p".into()))
                .expect("a project ranks by its stamps")
                .column,
            "stamp_count"
        );
        assert!(LeaderboardQuery::parse("wealth", Some("p".into())).is_err());
        let e = LeaderboardQuery::parse("wealth", None).expect_err("unknown");
        assert!(e.contains("\"wealth\""), "{e}");
        assert_eq!(xcp_sort(""), Ok("c.asset_count"));
        assert_eq!(xcp_sort("xcp_created_count"), Ok("c.created_count"));
        assert_eq!(
            xcp_sort("destruction_valuation"),
            Ok("COALESCE(v.destruction_valuation, 0)")
        );
        assert!(xcp_sort("stamp_count").is_err());
    }
}
