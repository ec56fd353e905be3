//! User collections: create and edit, validated as the catalogue spec says. An accepted command writes the
//! collection and its `collections.*` event (to the outbox, published after commit) in one transaction; the
//! COLLECTIONS projection then finds the event's version applied and skips it, while a replay rebuilds the same
//! rows from the stream. Commands on collections are serialized by a transaction-scoped advisory lock, so two
//! cannot both take a name or a stamp.

use prost::Message;
use sqlx::{PgConnection, PgPool};
use stamps_platform::outbox;
use stamps_proto::events::v1 as pb;

use crate::projection::people::subjects;

/// The spec's message for a name that breaks the rule.
pub const NAME_RULE: &str = concat!(
    "Name must be between 3 and 20 characters with only alphanumeric characters, ",
    "dashes, dots and underscores"
);
/// The spec's message for a name already used.
pub const NAME_TAKEN: &str = "Collection name already exists";
/// The spec's message for a stamp that is in another collection.
pub const STAMP_TAKEN: &str = "A stamp is already in another collection";
/// Fewer than two known, distinct stamps.
pub const TOO_FEW: &str = "A collection needs at least 2 distinct stamps";

/// Most stamp ids one command may carry.
pub const MAX_STAMP_IDS: usize = 5_000;
const MAX_TWITTER: usize = 50;
const MAX_WEBSITE: usize = 200;
const MAX_DESCRIPTION: usize = 2_000;
/// Serializes collection commands (any constant distinct from other advisory locks).
const LOCK: i64 = 0x636f_6c6c_6563_7431;

/// Why a command was refused.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// A field breaks its rule; the message says which.
    #[error("{0}")]
    Invalid(String),
    /// The name is taken (case-insensitively).
    #[error("{NAME_TAKEN}")]
    NameTaken,
    /// Stamps already in another collection.
    #[error("{STAMP_TAKEN}: {}", .0.join(", "))]
    StampTaken(Vec<String>),
    /// No such collection.
    #[error("no collection {0}")]
    NotFound(String),
    /// Only the collection's creator edits it.
    #[error("only the collection's creator can edit it")]
    NotOwner,
    /// The database failed.
    #[error("database: {0}")]
    Sqlx(#[from] sqlx::Error),
}

/// What a create or an edit carries (an edit ignores `name`: a collection keeps its name).
#[derive(Debug, Clone, Default)]
pub struct CollectionInput {
    /// The signed-in user.
    pub user_id: String,
    /// The name (create only).
    pub name: String,
    /// Stamp ids as typed (trimmed, deduplicated, empties and unknown ids dropped).
    pub stamp_ids: Vec<String>,
    /// Social handle.
    pub twitter: String,
    /// Website URL.
    pub website: String,
    /// Description.
    pub description: String,
}

/// A collection as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionRow {
    /// Id.
    pub collection_id: String,
    /// Name.
    pub name: String,
    /// Creator.
    pub user_id: String,
    /// Social handle.
    pub twitter: String,
    /// Website.
    pub website: String,
    /// Description.
    pub description: String,
    /// Stamps in order.
    pub stamp_ids: Vec<String>,
    /// Version (1 when created, one more per edit).
    pub version: i64,
}

/// Whether `name` is 3 to 20 letters, digits, dashes, dots or underscores.
pub fn valid_name(name: &str) -> bool {
    (3..=20).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'))
}

/// Ids trimmed, empties dropped, duplicates dropped (the first kept), order kept.
pub fn clean_ids(raw: &[String]) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    raw.iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .filter(|s| seen.insert(s.to_string()))
        .map(str::to_owned)
        .collect()
}

/// The id of the user collection named `name` (names are unique case-insensitively, so ids are too).
pub fn collection_id(name: &str) -> String {
    let hash = stamps_platform::content::sha256_hex(
        format!("collection:{}", name.to_lowercase()).as_bytes(),
    );
    hash[..16].to_owned()
}

fn check_fields(input: &CollectionInput) -> Result<(), CommandError> {
    let invalid = |m: String| Err(CommandError::Invalid(m));
    if input.user_id.is_empty() || input.user_id.len() > 100 {
        return invalid("a signed-in user is required".into());
    }
    if input.stamp_ids.len() > MAX_STAMP_IDS {
        return invalid(format!("at most {MAX_STAMP_IDS} stamp ids"));
    }
    if input.twitter.len() > MAX_TWITTER {
        return invalid(format!("twitter is longer than {MAX_TWITTER} characters"));
    }
    if input.website.len() > MAX_WEBSITE {
        return invalid(format!("website is longer than {MAX_WEBSITE} characters"));
    }
    let web_url = input.website.starts_with("https://") || input.website.starts_with("http://");
    if !input.website.is_empty() && !web_url {
        return invalid("website must be an http(s) URL".into());
    }
    if input.description.len() > MAX_DESCRIPTION {
        return invalid(format!(
            "description is longer than {MAX_DESCRIPTION} characters"
        ));
    }
    Ok(())
}

/// The cleaned ids that name a stamp or asset the catalogue knows, in the given order.
async fn known_ids(tx: &mut PgConnection, raw: &[String]) -> Result<Vec<String>, CommandError> {
    let ids = clean_ids(raw);
    let known: std::collections::HashSet<String> = sqlx::query_scalar(
        "SELECT cpid FROM stamps WHERE cpid = ANY($1) UNION SELECT asset FROM assets WHERE asset = ANY($1)",
    )
    .bind(&ids)
    .fetch_all(&mut *tx)
    .await?
    .into_iter()
    .collect();
    let ids: Vec<String> = ids.into_iter().filter(|c| known.contains(c)).collect();
    if ids.len() < 2 {
        return Err(CommandError::Invalid(TOO_FEW.into()));
    }
    Ok(ids)
}

async fn check_stamps_free(
    tx: &mut PgConnection,
    ids: &[String],
    collection_id: &str,
) -> Result<(), CommandError> {
    let taken: Vec<String> = sqlx::query_scalar(
        "SELECT s.cpid FROM collection_stamps s JOIN collections c USING (collection_id)
         WHERE s.cpid = ANY($1) AND s.collection_id <> $2 AND NOT c.deleted ORDER BY s.cpid",
    )
    .bind(ids)
    .bind(collection_id)
    .fetch_all(&mut *tx)
    .await?;
    if taken.is_empty() {
        Ok(())
    } else {
        Err(CommandError::StampTaken(taken))
    }
}

/// Creates a collection for `input.user_id`.
pub async fn create(pool: &PgPool, input: &CollectionInput) -> Result<CollectionRow, CommandError> {
    if !valid_name(&input.name) {
        return Err(CommandError::Invalid(NAME_RULE.into()));
    }
    check_fields(input)?;
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(LOCK)
        .execute(&mut *tx)
        .await?;
    let taken: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM collections WHERE lower(name) = lower($1) OR collection_id = $2)",
    )
    .bind(&input.name)
    .bind(collection_id(&input.name))
    .fetch_one(&mut *tx)
    .await?;
    if taken {
        return Err(CommandError::NameTaken);
    }
    let ids = known_ids(&mut tx, &input.stamp_ids).await?;
    let row = CollectionRow {
        collection_id: collection_id(&input.name),
        name: input.name.clone(),
        user_id: input.user_id.clone(),
        twitter: input.twitter.clone(),
        website: input.website.clone(),
        description: input.description.clone(),
        stamp_ids: ids,
        version: 1,
    };
    check_stamps_free(&mut tx, &row.stamp_ids, &row.collection_id).await?;
    sqlx::query(
        "INSERT INTO collections (collection_id, name, user_id, twitter, website, description, version)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&row.collection_id)
    .bind(&row.name)
    .bind(&row.user_id)
    .bind(&row.twitter)
    .bind(&row.website)
    .bind(&row.description)
    .bind(row.version)
    .execute(&mut *tx)
    .await?;
    crate::projection::people::set_stamps(&mut tx, &row.collection_id, &row.stamp_ids).await?;
    let event = pb::CollectionCreated {
        collection_id: row.collection_id.clone(),
        name: row.name.clone(),
        user_id: row.user_id.clone(),
        twitter: row.twitter.clone(),
        website: row.website.clone(),
        description: row.description.clone(),
        stamp_ids: row.stamp_ids.clone(),
        version: 1,
    };
    outbox::enqueue(
        &mut tx,
        subjects::COLLECTION_CREATED,
        &format!("{}:1", row.collection_id),
        &event.encode_to_vec(),
    )
    .await?;
    tx.commit().await?;
    Ok(row)
}

/// Edits collection `id` (its creator only): stamps, links and description; the name stays.
pub async fn update(
    pool: &PgPool,
    id: &str,
    input: &CollectionInput,
) -> Result<CollectionRow, CommandError> {
    check_fields(input)?;
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(LOCK)
        .execute(&mut *tx)
        .await?;
    let current: Option<(String, String, i64)> = sqlx::query_as(
        "SELECT name, user_id, version FROM collections WHERE collection_id = $1 AND NOT deleted",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((name, owner, version)) = current else {
        return Err(CommandError::NotFound(id.to_owned()));
    };
    if owner != input.user_id {
        return Err(CommandError::NotOwner);
    }
    let ids = known_ids(&mut tx, &input.stamp_ids).await?;
    check_stamps_free(&mut tx, &ids, id).await?;
    let row = CollectionRow {
        collection_id: id.to_owned(),
        name,
        user_id: owner,
        twitter: input.twitter.clone(),
        website: input.website.clone(),
        description: input.description.clone(),
        stamp_ids: ids,
        version: version + 1,
    };
    sqlx::query(
        "UPDATE collections SET twitter = $2, website = $3, description = $4, version = $5 WHERE collection_id = $1",
    )
    .bind(id)
    .bind(&row.twitter)
    .bind(&row.website)
    .bind(&row.description)
    .bind(row.version)
    .execute(&mut *tx)
    .await?;
    crate::projection::people::set_stamps(&mut tx, id, &row.stamp_ids).await?;
    let event = pb::CollectionUpdated {
        collection_id: id.to_owned(),
        twitter: row.twitter.clone(),
        website: row.website.clone(),
        description: row.description.clone(),
        stamp_ids: row.stamp_ids.clone(),
        version: u64::try_from(row.version).unwrap_or(u64::MAX),
    };
    outbox::enqueue(
        &mut tx,
        subjects::COLLECTION_UPDATED,
        &format!("{id}:{}", row.version),
        &event.encode_to_vec(),
    )
    .await?;
    tx.commit().await?;
    Ok(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_rule() {
        for ok in ["abc", "Frogs.v2", "a-b_c.d", "x".repeat(20).as_str()] {
            assert!(valid_name(ok), "{ok}");
        }
        for bad in [
            "ab",
            "",
            "x".repeat(21).as_str(),
            "with space",
            "émoji",
            "a/b",
            "a@b",
        ] {
            assert!(!valid_name(bad), "{bad}");
        }
    }

    #[test]
    fn ids_are_trimmed_deduplicated_and_emptied() {
        let raw: Vec<String> = [" A1", "A2 ", "", "A1", "  ", "A3", "A2"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        assert_eq!(clean_ids(&raw), vec!["A1", "A2", "A3"]);
    }

    #[test]
    fn ids_follow_names_case_insensitively() {
        assert_eq!(collection_id("Frogs"), collection_id("frogs"));
        assert_ne!(collection_id("frogs"), collection_id("toads"));
        assert_eq!(collection_id("frogs").len(), 16);
    }
}
