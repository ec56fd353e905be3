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
    /// then only `stamp_count` sorts). The error names the offending value.
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
        if project.is_some() && column != "stamp_count" {
            return Err(format!(
                "sort {sort:?} is not offered for a project (stamp_count only)"
            ));
        }
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
    FROM balances b JOIN stamps s ON s.cpid = b.asset JOIN (SELECT DISTINCT cpid FROM collection_members WHERE collection_id = $1) cs ON cs.cpid = s.cpid
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
        let e = LeaderboardQuery::parse("floor_valuation", Some("p".into())).expect_err("project");
        assert!(e.contains("stamp_count only"), "{e}");
        let e = LeaderboardQuery::parse("wealth", None).expect_err("unknown");
        assert!(e.contains("\"wealth\""), "{e}");
    }
}
