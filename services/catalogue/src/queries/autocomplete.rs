//! Autocomplete: the few stamps, SRC-20 ticks, collections and users whose name starts with what was typed.
//!
//! A prefix is looked up as a range of the pattern operator class (`~>=~ p AND ~<~ p || U+10FFFF`), which a
//! prepared statement's generic plan can take to the prefix index (a `LIKE $1 || '%'` cannot), with the `LIKE`
//! kept for exactness.

use sqlx::PgPool;

use super::escape_like;

/// Hits per group.
pub const PER_GROUP: i64 = 5;

/// A stamp hit: number, cpid, long name.
pub type StampHit = (i64, String, String);
/// A collection hit: id, name, its first stamps.
pub type CollectionHit = (String, String, Vec<String>);
/// A user hit: id, display name.
pub type UserHit = (String, String);

/// Stamps whose number is `text`, or whose cpid or long name starts with it (case-insensitively); exact
/// matches first, then by number.
pub async fn stamps(pool: &PgPool, text: &str) -> Result<Vec<StampHit>, sqlx::Error> {
    let number = text.parse::<i64>().ok();
    let upper = escape_like(&text.to_uppercase());
    let lower = escape_like(&text.to_lowercase());
    sqlx::query_as(
        "SELECT stamp, cpid, asset_longname FROM (
             (SELECT stamp, cpid, asset_longname FROM stamps WHERE stamp = $1)
             UNION
             (SELECT stamp, cpid, asset_longname FROM stamps
              WHERE cpid ~>=~ upper($5) AND cpid ~<~ (upper($5) || chr(1114111)) AND cpid LIKE $2 || '%'
              ORDER BY cpid LIMIT $4)
             UNION
             (SELECT stamp, cpid, asset_longname FROM stamps
              WHERE asset_longname <> '' AND lower(asset_longname) ~>=~ lower($5)
                AND lower(asset_longname) ~<~ (lower($5) || chr(1114111)) AND lower(asset_longname) LIKE $3 || '%'
              ORDER BY lower(asset_longname) LIMIT $4)
         ) h
         ORDER BY (stamp = $1 OR cpid = upper($5) OR lower(asset_longname) = lower($5)) DESC, stamp LIMIT $4",
    )
    .bind(number)
    .bind(&upper)
    .bind(&lower)
    .bind(PER_GROUP)
    .bind(text)
    .fetch_all(pool)
    .await
}

/// Deployed ticks starting with `tick` (normalised), the exact one first.
pub async fn ticks(pool: &PgPool, tick: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT tick FROM src20_ticks
         WHERE tick ~>=~ $2 AND tick ~<~ ($2 || chr(1114111)) AND tick LIKE $1 || '%'
         ORDER BY tick <> $2, tick LIMIT $3",
    )
    .bind(escape_like(tick))
    .bind(tick)
    .bind(PER_GROUP)
    .fetch_all(pool)
    .await
}

/// Collections (users' and SRC-721) whose id is `text` or whose name starts with it (case-insensitively), with
/// their first four stamps; exact matches first.
pub async fn collections(pool: &PgPool, text: &str) -> Result<Vec<CollectionHit>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.collection_id, c.name,
                ARRAY(SELECT cpid FROM collection_members s WHERE s.collection_id = c.collection_id
                      ORDER BY position, cpid LIMIT 4) AS stamp_ids
         FROM collection_cards c
         WHERE c.collection_id = $2 OR (lower(c.name) ~>=~ lower($2)
               AND lower(c.name) ~<~ (lower($2) || chr(1114111)) AND lower(c.name) LIKE $1 || '%')
         ORDER BY (c.collection_id = $2 OR lower(c.name) = lower($2)) DESC, lower(c.name), c.collection_id
         LIMIT $3",
    )
    .bind(escape_like(&text.to_lowercase()))
    .bind(text)
    .bind(PER_GROUP)
    .fetch_all(pool)
    .await
}

/// Users whose id starts with `text` or whose display name does (case-insensitively); exact matches first.
pub async fn users(pool: &PgPool, text: &str) -> Result<Vec<UserHit>, sqlx::Error> {
    sqlx::query_as(
        "SELECT user_id, display_name FROM (
             (SELECT user_id, display_name FROM users
              WHERE user_id ~>=~ $3 AND user_id ~<~ ($3 || chr(1114111)) AND user_id LIKE $1 || '%'
              ORDER BY user_id LIMIT $4)
             UNION
             (SELECT user_id, display_name FROM users
              WHERE display_name <> '' AND lower(display_name) ~>=~ lower($3)
                AND lower(display_name) ~<~ (lower($3) || chr(1114111)) AND lower(display_name) LIKE $2 || '%'
              ORDER BY lower(display_name) LIMIT $4)
         ) u
         ORDER BY (user_id = $3 OR lower(display_name) = lower($3)) DESC, lower(display_name), user_id LIMIT $4",
    )
    .bind(escape_like(text))
    .bind(escape_like(&text.to_lowercase()))
    .bind(text)
    .bind(PER_GROUP)
    .fetch_all(pool)
    .await
}
