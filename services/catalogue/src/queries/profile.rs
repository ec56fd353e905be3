//! Profiles: a user (by display name or id) or a bare address, its addresses, the figures over all of them,
//! and its SRC-20 balances.

use sqlx::PgPool;

/// Most addresses a profile's lists combine.
pub const MAX_ADDRESSES: usize = 20;

/// Who a profile id names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// A profile: its id (a user id or an address), name, handle and addresses.
    Profile {
        /// User id, or the address itself.
        user_id: String,
        /// Display name (empty when none).
        display_name: String,
        /// Social handle (empty when none).
        twitter: String,
        /// Its addresses (at most [`MAX_ADDRESSES`]).
        addresses: Vec<String>,
    },
    /// The id is better named otherwise (a user's display name, or the user an address is linked to).
    Redirect(String),
}

/// Resolves `id`: a display name (any case), a user id (redirected to its display name when it has one), an
/// address linked to a user (redirected to that user), or an address with stamps, balances or SRC-20 tokens.
pub async fn resolve(pool: &PgPool, id: &str) -> Result<Option<Resolved>, sqlx::Error> {
    let user: Option<(String, String, String)> = sqlx::query_as(
        "SELECT user_id, display_name, twitter FROM users
         WHERE (display_name <> '' AND lower(display_name) = lower($1)) OR user_id = $1
         ORDER BY (user_id = $1) LIMIT 1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?;
    if let Some((user_id, display_name, twitter)) = user {
        if user_id == id && !display_name.is_empty() {
            return Ok(Some(Resolved::Redirect(display_name)));
        }
        let addresses: Vec<String> = sqlx::query_scalar(
            "SELECT address FROM user_addresses WHERE user_id = $1 ORDER BY address <> $1, address LIMIT $2",
        )
        .bind(&user_id)
        .bind(MAX_ADDRESSES as i64)
        .fetch_all(pool)
        .await?;
        let addresses = if addresses.is_empty() {
            vec![user_id.clone()]
        } else {
            addresses
        };
        return Ok(Some(Resolved::Profile {
            user_id,
            display_name,
            twitter,
            addresses,
        }));
    }
    let linked: Option<(String, String)> = sqlx::query_as(
        "SELECT u.user_id, u.display_name FROM user_addresses a JOIN users u USING (user_id) WHERE a.address = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?;
    if let Some((user_id, display_name)) = linked {
        return Ok(Some(Resolved::Redirect(if display_name.is_empty() {
            user_id
        } else {
            display_name
        })));
    }
    let known: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM collectors WHERE address = $1)
             OR EXISTS (SELECT 1 FROM balances WHERE holder = $1)
             OR EXISTS (SELECT 1 FROM src20_balances WHERE address = $1)",
    )
    .bind(id)
    .fetch_one(pool)
    .await?;
    Ok(known.then(|| Resolved::Profile {
        user_id: id.to_owned(),
        display_name: String::new(),
        twitter: String::new(),
        addresses: vec![id.to_owned()],
    }))
}

/// A profile's figures over its addresses: distinct stamps held and created, and what those held are worth at
/// floor and at latest-sale prices (satoshis).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct ProfileStats {
    /// Distinct stamps held.
    pub stamp_count: i64,
    /// Stamps created.
    pub stamp_created_count: i64,
    /// Held at floor prices.
    pub floor_valuation: i64,
    /// Held at latest-sale prices.
    pub last_sale_valuation: i64,
}

/// The figures of `addresses` together. One address's are the leaderboard's row, kept by the projection; several
/// addresses' are computed, as a stamp two of them hold counts once.
pub async fn stats(pool: &PgPool, addresses: &[String]) -> Result<ProfileStats, sqlx::Error> {
    if let [address] = addresses {
        let row: Option<ProfileStats> = sqlx::query_as(
            "SELECT stamp_count, stamp_created_count, floor_valuation, last_sale_valuation
             FROM collectors WHERE address = $1",
        )
        .bind(address)
        .fetch_optional(pool)
        .await?;
        return Ok(row.unwrap_or(ProfileStats {
            stamp_count: 0,
            stamp_created_count: 0,
            floor_valuation: 0,
            last_sale_valuation: 0,
        }));
    }
    sqlx::query_as(
        "WITH held AS (
             SELECT b.asset, sum(b.quantity) AS quantity FROM holdings b JOIN stamps s ON s.cpid = b.asset
             WHERE b.address = ANY($1) AND b.quantity > 0 GROUP BY b.asset)
         SELECT (SELECT count(*) FROM held) AS stamp_count,
                (SELECT count(*) FROM stamps WHERE creator = ANY($1)) AS stamp_created_count,
                (SELECT COALESCE(sum(floor(h.quantity * COALESCE(s.floor_price, 0)
                                 / CASE WHEN s.divisible THEN 100000000 ELSE 1 END)), 0)
                 FROM held h JOIN stamps s ON s.cpid = h.asset)::BIGINT AS floor_valuation,
                (SELECT COALESCE(sum(floor(h.quantity * COALESCE(s.last_sale_price, 0)
                                 / CASE WHEN s.divisible THEN 100000000 ELSE 1 END)), 0)
                 FROM held h JOIN stamps s ON s.cpid = h.asset)::BIGINT AS last_sale_valuation",
    )
    .bind(addresses)
    .fetch_one(pool)
    .await
}

/// The SRC-20 balances of `addresses` (positive), by tick then address.
pub async fn src20_balances(
    pool: &PgPool,
    addresses: &[String],
) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT tick, address, balance::TEXT FROM src20_balances
         WHERE address = ANY($1) AND balance > 0 ORDER BY tick, address",
    )
    .bind(addresses)
    .fetch_all(pool)
    .await
}
