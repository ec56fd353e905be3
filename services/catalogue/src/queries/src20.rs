//! SRC-20 queries: the finder (operations and deploys with their tick's figures), a tick, its holders and mint
//! history, and what is trending among the latest valid mints and transfers.

use sqlx::PgPool;

/// What the finder sorts by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Src20Sort {
    /// The carrying stamp's number (the default, newest first).
    Stamp,
    /// Share of the max supply minted.
    Progress,
    /// Addresses holding a balance.
    HoldersCount,
    /// Valid mints.
    MintedCount,
    /// Distinct minters.
    MintersCount,
}

impl Src20Sort {
    /// The API's names, in the spec's order.
    pub const NAMES: [&'static str; 5] = [
        "stamp",
        "progress",
        "holdersCount",
        "mintedCount",
        "mintersCount",
    ];

    fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "stamp" => Self::Stamp,
            "progress" => Self::Progress,
            "holdersCount" => Self::HoldersCount,
            "mintedCount" => Self::MintedCount,
            "mintersCount" => Self::MintersCount,
            _ => return None,
        })
    }

    /// Whether the sort is about a deploy's tick (and so limits the list to deploys).
    pub fn deploy_only(self) -> bool {
        self != Self::Stamp
    }

    fn column(self) -> &'static str {
        match self {
            Self::Stamp => "o.stamp",
            Self::Progress => "o.progress",
            Self::HoldersCount => "o.holders_count",
            Self::MintedCount => "o.mint_count",
            Self::MintersCount => "o.minters_count",
        }
    }
}

/// A finder query, its rules applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Src20Query {
    /// Operations listed (`DEPLOY`, `MINT`, `TRANSFER`); empty: every one.
    pub ops: Vec<String>,
    /// Valid operations only.
    pub valid: bool,
    /// Deploys whose supply is all minted.
    pub minted_out: bool,
    /// Deploys still minting.
    pub in_progress: bool,
    /// One tick (normalised).
    pub tick: Option<String>,
    /// Free text: a tick prefix (normalised), an address or a tx hash.
    pub text: Option<String>,
    /// Operations this address sent or received.
    pub address: Option<String>,
    /// Order.
    pub sort: Src20Sort,
    /// Descending.
    pub desc: bool,
}

impl Src20Query {
    /// Reads the finder's parameters: `types` (comma-separated `deploy`, `mint`, `transfer`), `only`
    /// (`valid`, `minted_out`, `in_progress`), `sort` (`field[:asc|:desc]`, default `stamp:desc`). Minted out
    /// and in progress, and every sort but `stamp`, list deploys only; minted out and in progress exclude each
    /// other. The error names the offending value.
    pub fn parse(types: &str, only: &str, sort: &str) -> Result<Self, String> {
        let mut ops = Vec::new();
        for t in list(types) {
            let op = match t {
                "deploy" => "DEPLOY",
                "mint" => "MINT",
                "transfer" => "TRANSFER",
                other => {
                    return Err(format!("unknown type {other:?} (deploy, mint, transfer)"));
                }
            };
            if !ops.iter().any(|o: &String| o == op) {
                ops.push(op.to_owned());
            }
        }
        let (mut valid, mut minted_out, mut in_progress) = (false, false, false);
        for o in list(only) {
            match o {
                "valid" => valid = true,
                "minted_out" => minted_out = true,
                "in_progress" => in_progress = true,
                other => {
                    return Err(format!(
                        "unknown only filter {other:?} (valid, minted_out, in_progress)"
                    ));
                }
            }
        }
        if minted_out && in_progress {
            return Err("only filters minted_out and in_progress exclude each other".into());
        }
        let (field, desc) = super::split_sort(sort, "stamp")?;
        let sort = Src20Sort::parse(field)
            .ok_or_else(|| format!("unknown sort {field:?} ({})", Src20Sort::NAMES.join(", ")))?;
        if minted_out || in_progress || sort.deploy_only() {
            ops = vec!["DEPLOY".to_owned()];
        }
        Ok(Self {
            ops,
            valid,
            minted_out,
            in_progress,
            tick: None,
            text: None,
            address: None,
            sort,
            desc,
        })
    }
}

fn list(s: &str) -> impl Iterator<Item = &str> {
    s.split(',').map(str::trim).filter(|t| !t.is_empty())
}

/// An operation, and for a valid deploy its tick's figures.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Src20Row {
    /// Tick (normalised).
    pub tick: String,
    /// `DEPLOY`, `MINT` or `TRANSFER`.
    pub op: String,
    /// Amount as written in the operation.
    pub amt: String,
    /// Source address.
    pub creator: String,
    /// Destination address.
    pub destination: String,
    /// Height.
    pub block_index: i64,
    /// Block time, unix seconds.
    pub block_time: i64,
    /// Number of the stamp that carried it.
    pub stamp: Option<i64>,
    /// Txid.
    pub tx_hash: String,
    /// Whether the reference accepts it.
    pub valid: bool,
    /// The reference's status text.
    pub status: String,
    /// The carrying stamp's cpid.
    pub cpid: Option<String>,
    /// Max supply (valid deploys).
    pub max: Option<String>,
    /// Per-mint limit (valid deploys).
    pub lim: Option<String>,
    /// Decimals (valid deploys).
    pub dec: Option<i32>,
    /// Supply minted so far (valid deploys).
    pub minted: Option<String>,
    /// Valid mints (valid deploys).
    pub mint_count: Option<i64>,
    /// Distinct minters (valid deploys).
    pub minters_count: Option<i64>,
    /// Holders (valid deploys).
    pub holders_count: Option<i64>,
    /// Percent minted, 2 decimals (valid deploys).
    pub progress: Option<String>,
}

const SELECT: &str = "SELECT o.tick, o.op, COALESCE(src20_amount(o.amt)::TEXT, o.amt) AS amt, o.creator,
        o.destination, o.block_index, o.block_time, o.stamp, o.tx_hash, o.valid, o.status, s.cpid,
        t.max::TEXT AS max, t.lim::TEXT AS lim, t.dec, t.minted::TEXT AS minted, t.mint_count, t.minters_count,
        t.holders_count, t.progress::TEXT AS progress";

/// The `FROM` and `WHERE` of a finder query, naming only the conditions in force so that the planner sees each
/// query's real shape: the operations (written out, or $1), validity, the deploys' progress, one tick ($5), the
/// text ($6 a tick prefix, $7 the text), an address ($8). Filters and sorts on a tick's figures read the copies
/// its valid deploy carries; the page joins the ticks' other figures and the carrying stamp (a count needs
/// neither).
fn from(q: &Src20Query, page: bool) -> String {
    let mut parts: Vec<String> = Vec::new();
    if !q.ops.is_empty() {
        // The kinds written out (each is one of the three), so that the planner can use the indexes of deploys.
        let kinds: Option<Vec<&str>> = q
            .ops
            .iter()
            .map(|op| match op.as_str() {
                "DEPLOY" => Some("'DEPLOY'"),
                "MINT" => Some("'MINT'"),
                "TRANSFER" => Some("'TRANSFER'"),
                _ => None,
            })
            .collect();
        parts.push(match kinds {
            Some(kinds) => format!("o.op IN ({})", kinds.join(", ")),
            None => "o.op = ANY($1)".into(),
        });
    }
    if q.valid {
        parts.push("o.valid".into());
    }
    // A valid deploy carries its tick's figures.
    if q.minted_out {
        parts.push("o.progress >= 100".into());
    }
    if q.in_progress {
        parts.push("o.progress < 100".into());
    }
    if q.tick.is_some() {
        parts.push("o.tick = $5".into());
    }
    if q.text.is_some() {
        parts.push(
            "o.tick LIKE $6 || '%' OR o.creator = $7 OR o.destination = $7 OR o.tx_hash = lower($7)"
                .into(),
        );
    }
    if q.address.is_some() {
        parts.push("o.creator = $8 OR o.destination = $8".into());
    }
    let mut sql = "FROM src20_ops o".to_owned();
    if page {
        sql.push_str(" LEFT JOIN src20_ticks t ON t.tx_hash = o.tx_hash AND o.op = 'DEPLOY'");
    }
    if page {
        sql.push_str(" LEFT JOIN LATERAL (SELECT cpid FROM stamps WHERE tx_hash = o.tx_hash LIMIT 1) s ON TRUE");
    }
    if !parts.is_empty() {
        sql.push_str(" WHERE (");
        sql.push_str(&parts.join(") AND ("));
        sql.push(')');
    }
    sql
}

/// A page of the finder and the exact total.
pub async fn search(
    pool: &PgPool,
    q: &Src20Query,
    offset: i64,
    limit: i64,
) -> Result<(Vec<Src20Row>, i64), sqlx::Error> {
    let dir = if q.desc { "DESC" } else { "ASC" };
    let order = match q.sort {
        Src20Sort::Stamp => format!("o.stamp {dir} NULLS LAST, o.block_index {dir}, o.seq {dir}"),
        other => format!(
            "{} {dir} NULLS LAST, o.stamp DESC NULLS LAST",
            other.column()
        ),
    };
    let prefix = q
        .text
        .as_deref()
        .map(|t| super::escape_like(&stamps_protocol::src20::tick_text(t)));
    let hits: Vec<Src20Row> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "{SELECT} {} ORDER BY {order} OFFSET $9 LIMIT $10",
        from(q, true)
    )))
    .bind(&q.ops)
    .bind(q.valid)
    .bind(q.minted_out)
    .bind(q.in_progress)
    .bind(&q.tick)
    .bind(&prefix)
    .bind(&q.text)
    .bind(&q.address)
    .bind(offset)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    // Filtered by kind and validity alone, the total is kept by the projection.
    let counted = !q.minted_out
        && !q.in_progress
        && q.tick.is_none()
        && q.text.is_none()
        && q.address.is_none();
    let total: i64 = if counted {
        sqlx::query_scalar(
            "SELECT COALESCE(sum(n), 0)::BIGINT FROM src20_op_counts
             WHERE (cardinality($1::TEXT[]) = 0 OR op = ANY($1)) AND (valid OR NOT $2)",
        )
        .bind(&q.ops)
        .bind(q.valid)
        .fetch_one(pool)
        .await?
    } else {
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
            "SELECT count(*) {}",
            from(q, false)
        )))
        .bind(&q.ops)
        .bind(q.valid)
        .bind(q.minted_out)
        .bind(q.in_progress)
        .bind(&q.tick)
        .bind(&prefix)
        .bind(&q.text)
        .bind(&q.address)
        .fetch_one(pool)
        .await?
    };
    Ok((hits, total))
}

/// A deployed tick's figures.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct TickRow {
    /// Tick (normalised).
    pub tick: String,
    /// Deploy txid.
    pub tx_hash: String,
    /// Deploy height.
    pub block_index: i64,
    /// Deploy time.
    pub block_time: i64,
    /// The deploy's stamp number.
    pub stamp: Option<i64>,
    /// The deploy's stamp.
    pub cpid: Option<String>,
    /// Deployer.
    pub creator: String,
    /// Max supply.
    pub max: String,
    /// Per-mint limit.
    pub lim: String,
    /// Decimals.
    pub dec: Option<i32>,
    /// Supply minted.
    pub minted: String,
    /// Valid mints.
    pub mint_count: i64,
    /// Distinct minters.
    pub minters_count: i64,
    /// Holders.
    pub holders_count: i64,
    /// Percent minted.
    pub progress: String,
}

/// A validly deployed tick (normalised), if any.
pub async fn tick(pool: &PgPool, tick: &str) -> Result<Option<TickRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT t.tick, t.tx_hash, t.block_index, t.block_time, t.stamp, s.cpid, t.creator, t.max::TEXT AS max,
                t.lim::TEXT AS lim, t.dec, t.minted::TEXT AS minted, t.mint_count, t.minters_count,
                t.holders_count, t.progress::TEXT AS progress
         FROM src20_ticks t LEFT JOIN stamps s ON s.tx_hash = t.tx_hash WHERE t.tick = $1",
    )
    .bind(tick)
    .fetch_optional(pool)
    .await
}

/// The largest `limit` holders of `tick`: address, balance and share of the max supply (percent, 2 decimals).
pub async fn holders(
    pool: &PgPool,
    tick: &str,
    max: &str,
    limit: i64,
) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT b.address, b.balance::TEXT AS amount,
                COALESCE(trunc(b.balance * 100 / NULLIF($2::NUMERIC, 0), 2), 0)::TEXT AS percentage
         FROM src20_balances b WHERE b.tick = $1 AND b.balance > 0
         ORDER BY b.balance DESC, b.address LIMIT $3",
    )
    .bind(tick)
    .bind(max)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// Supply minted after each block with valid mints of `tick` (the latest `points` such blocks, oldest
/// first): height, block time, mints in the block, supply minted so far (at most `max`).
pub async fn mint_history(
    pool: &PgPool,
    tick: &str,
    max: &str,
    points: i64,
) -> Result<Vec<(i64, i64, i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT block_index, block_time, mints, minted::TEXT FROM (
             SELECT block_index, block_time, mints,
                    LEAST($2::NUMERIC, sum(amount) OVER (ORDER BY block_index)) AS minted
             FROM src20_mint_blocks WHERE tick = $1
         ) cumulative ORDER BY block_index DESC LIMIT $3",
    )
    .bind(tick)
    .bind(max)
    .bind(points)
    .fetch_all(pool)
    .await
    .map(|mut rows: Vec<(i64, i64, i64, String)>| {
        rows.reverse();
        rows
    })
}

/// Ticks by how many of the latest `window` valid operations `op` (`MINT` or `TRANSFER`) they had, most first
/// (at most `limit`).
pub async fn trending(
    pool: &PgPool,
    op: &str,
    window: i64,
    limit: i64,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT tick, count(*) FROM (
             SELECT tick FROM src20_ops WHERE op = $1 AND valid ORDER BY block_index DESC, seq DESC LIMIT $2
         ) latest GROUP BY tick ORDER BY count(*) DESC, tick LIMIT $3",
    )
    .bind(op)
    .bind(window)
    .bind(limit)
    .fetch_all(pool)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finder_rules() {
        let q = Src20Query::parse("", "", "").expect("defaults");
        assert_eq!(
            (q.ops.len(), q.sort, q.desc, q.valid),
            (0, Src20Sort::Stamp, true, false)
        );
        let q = Src20Query::parse("mint, transfer,mint", "valid", "stamp:asc").expect("types");
        assert_eq!(q.ops, vec!["MINT", "TRANSFER"]);
        assert!(q.valid && !q.desc);
        // Minted out, in progress and the tick sorts force deploys.
        for (types, only, sort) in [
            ("mint", "minted_out", ""),
            ("transfer", "in_progress", ""),
            ("mint,transfer", "", "progress"),
            ("", "", "holdersCount:asc"),
            ("mint", "", "mintedCount"),
            ("transfer", "", "mintersCount"),
        ] {
            let q = Src20Query::parse(types, only, sort).expect("forced");
            assert_eq!(q.ops, vec!["DEPLOY"], "{types} {only} {sort}");
        }
        for (types, only, sort, names) in [
            ("burn", "", "", "\"burn\""),
            ("", "cheap", "", "\"cheap\""),
            ("", "minted_out,in_progress", "", "exclude"),
            ("", "", "price", "\"price\""),
            ("", "", "stamp:up", "\"up\""),
        ] {
            let e = Src20Query::parse(types, only, sort).expect_err("refused");
            assert!(e.contains(names), "{e}");
        }
    }
}
