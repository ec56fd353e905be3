//! Projections of the USERS stream (display names, social handles, linked addresses, wishlists) and the
//! COLLECTIONS stream (user collections and their stamps). Each user and each collection stores the version of
//! the last event applied to it; an event at or below that version is skipped, so redelivery changes nothing.

use prost::Message;
use sqlx::PgConnection;
use stamps_platform::consumer::{Projection, ProjectionError};
use stamps_proto::events::v1 as pb;

/// The durable consumer name of the users projection.
pub const USERS_CONSUMER: &str = "catalogue-users";
/// The durable consumer name of the collections projection.
pub const COLLECTIONS_CONSUMER: &str = "catalogue-collections";

/// Subjects of the USERS and COLLECTIONS streams.
pub use stamps_proto::events::subjects;

fn decode<M: Message + Default>(payload: &[u8]) -> Result<M, ProjectionError> {
    M::decode(payload).map_err(|e| ProjectionError::Malformed(e.to_string()))
}

fn version(v: u64) -> Result<i64, ProjectionError> {
    i64::try_from(v).map_err(|_| ProjectionError::Malformed(format!("version {v} out of range")))
}

fn required(what: &str, value: &str) -> Result<(), ProjectionError> {
    if value.is_empty() {
        Err(ProjectionError::Malformed(format!("{what} is empty")))
    } else {
        Ok(())
    }
}

/// The projection of the USERS stream.
#[derive(Default, Clone)]
pub struct UsersProjection {
    /// Told when a change shows on screens not about people (a display name, or the addresses of a named user).
    names: Option<crate::live::Changes>,
}

impl UsersProjection {
    /// The projection, marking in `changes` what moves the names' version.
    pub fn notifying(changes: crate::live::Changes) -> Self {
        Self {
            names: Some(changes),
        }
    }

    fn names_changed(&self) {
        if let Some(changes) = &self.names {
            changes.mark(crate::live::scope::NAMES);
        }
    }

    /// Marks the names changed when `user_id` has a display name (its addresses are where that name shows).
    async fn named_user_changed(
        &self,
        tx: &mut PgConnection,
        user_id: &str,
    ) -> Result<(), ProjectionError> {
        let named: Option<bool> =
            sqlx::query_scalar("SELECT display_name <> '' FROM users WHERE user_id = $1")
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await?;
        if named == Some(true) {
            self.names_changed();
        }
        Ok(())
    }
}

/// Claims version `v` of `user_id` (creating the user when unknown): `false` when it was applied already.
async fn claim_user_version(
    tx: &mut PgConnection,
    user_id: &str,
    v: i64,
) -> Result<bool, ProjectionError> {
    required("user_id", user_id)?;
    let claimed = sqlx::query(
        "INSERT INTO users (user_id, display_name, twitter, version) VALUES ($1, '', '', $2)
         ON CONFLICT (user_id) DO UPDATE SET version = EXCLUDED.version WHERE users.version < EXCLUDED.version",
    )
    .bind(user_id)
    .bind(v)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    Ok(claimed > 0)
}

impl Projection for UsersProjection {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ProjectionError> {
        match subject {
            subjects::PROFILE_UPDATED => {
                let e: pb::UserProfileUpdated = decode(payload)?;
                let before: Option<String> =
                    sqlx::query_scalar("SELECT display_name FROM users WHERE user_id = $1")
                        .bind(&e.user_id)
                        .fetch_optional(&mut *tx)
                        .await?;
                if claim_user_version(tx, &e.user_id, version(e.version)?).await? {
                    if before.unwrap_or_default() != e.display_name {
                        self.names_changed();
                    }
                    sqlx::query(
                        "UPDATE users SET display_name = $2, twitter = $3 WHERE user_id = $1",
                    )
                    .bind(&e.user_id)
                    .bind(&e.display_name)
                    .bind(&e.twitter)
                    .execute(&mut *tx)
                    .await?;
                }
            }
            subjects::ADDRESS_LINKED => {
                let e: pb::AddressLinked = decode(payload)?;
                required("address", &e.address)?;
                let before: Option<String> =
                    sqlx::query_scalar("SELECT user_id FROM user_addresses WHERE address = $1")
                        .bind(&e.address)
                        .fetch_optional(&mut *tx)
                        .await?;
                if claim_user_version(tx, &e.user_id, version(e.version)?).await? {
                    if let Some(before) = before.filter(|b| *b != e.user_id) {
                        self.named_user_changed(tx, &before).await?;
                    }
                    // An address belongs to one profile: linking it elsewhere moves it.
                    sqlx::query(
                        "INSERT INTO user_addresses (address, user_id) VALUES ($1, $2)
                         ON CONFLICT (address) DO UPDATE SET user_id = EXCLUDED.user_id",
                    )
                    .bind(&e.address)
                    .bind(&e.user_id)
                    .execute(&mut *tx)
                    .await?;
                    self.named_user_changed(tx, &e.user_id).await?;
                }
            }
            subjects::ADDRESS_UNLINKED => {
                let e: pb::AddressUnlinked = decode(payload)?;
                if claim_user_version(tx, &e.user_id, version(e.version)?).await? {
                    sqlx::query("DELETE FROM user_addresses WHERE address = $1 AND user_id = $2")
                        .bind(&e.address)
                        .bind(&e.user_id)
                        .execute(&mut *tx)
                        .await?;
                    self.named_user_changed(tx, &e.user_id).await?;
                }
            }
            subjects::WISHLIST_ADDED => {
                let e: pb::WishlistItemAdded = decode(payload)?;
                required("cpid", &e.cpid)?;
                let v = version(e.version)?;
                if claim_user_version(tx, &e.user_id, v).await? {
                    sqlx::query(
                        "INSERT INTO wishlists (user_id, cpid, added_version) VALUES ($1, $2, $3)
                         ON CONFLICT (user_id, cpid) DO NOTHING",
                    )
                    .bind(&e.user_id)
                    .bind(&e.cpid)
                    .bind(v)
                    .execute(&mut *tx)
                    .await?;
                }
            }
            subjects::WISHLIST_REMOVED => {
                let e: pb::WishlistItemRemoved = decode(payload)?;
                if claim_user_version(tx, &e.user_id, version(e.version)?).await? {
                    sqlx::query("DELETE FROM wishlists WHERE user_id = $1 AND cpid = $2")
                        .bind(&e.user_id)
                        .bind(&e.cpid)
                        .execute(&mut *tx)
                        .await?;
                }
            }
            other => tracing::debug!(subject = other, "user event not projected by the catalogue"),
        }
        Ok(())
    }
}

/// The projection of the COLLECTIONS stream.
#[derive(Debug, Default, Clone, Copy)]
pub struct CollectionsProjection;

/// Claims version `v` of an existing collection: `false` when it is unknown, deleted, or the version was
/// applied.
async fn claim_collection_version(
    tx: &mut PgConnection,
    collection_id: &str,
    v: i64,
) -> Result<bool, ProjectionError> {
    let claimed = sqlx::query(
        "UPDATE collections SET version = $2 WHERE collection_id = $1 AND version < $2 AND NOT deleted",
    )
    .bind(collection_id)
    .bind(v)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    Ok(claimed > 0)
}

/// Makes `stamp_ids`, in order, the stamps of `collection_id` (taking each from any collection that held it),
/// and computes the figures of every collection that changed.
pub(crate) async fn set_stamps(
    tx: &mut PgConnection,
    collection_id: &str,
    stamp_ids: &[String],
) -> Result<(), sqlx::Error> {
    crate::figures::collections::lock(tx).await?;
    let mut changed: Vec<String> = sqlx::query_scalar(
        "SELECT DISTINCT collection_id FROM collection_stamps WHERE cpid = ANY($1) AND collection_id <> $2",
    )
    .bind(stamp_ids)
    .bind(collection_id)
    .fetch_all(&mut *tx)
    .await?;
    changed.push(collection_id.to_owned());
    sqlx::query("DELETE FROM collection_stamps WHERE collection_id = $1")
        .bind(collection_id)
        .execute(&mut *tx)
        .await?;
    let positions: Vec<i32> = (0..stamp_ids.len())
        .map(|i| i32::try_from(i).unwrap_or(i32::MAX))
        .collect();
    sqlx::query(
        "INSERT INTO collection_stamps (cpid, collection_id, position)
         SELECT c, $1, p FROM UNNEST($2::TEXT[], $3::INTEGER[]) AS u(c, p)
         ON CONFLICT (cpid) DO UPDATE SET collection_id = EXCLUDED.collection_id, position = EXCLUDED.position",
    )
    .bind(collection_id)
    .bind(stamp_ids)
    .bind(&positions)
    .execute(&mut *tx)
    .await?;
    crate::figures::collections::refresh(tx, &changed).await
}

impl Projection for CollectionsProjection {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ProjectionError> {
        match subject {
            subjects::COLLECTION_CREATED => {
                let e: pb::CollectionCreated = decode(payload)?;
                required("collection_id", &e.collection_id)?;
                required("name", &e.name)?;
                let mut ids = e.stamp_ids.clone();
                let mut seen = std::collections::HashSet::new();
                ids.retain(|c| !c.is_empty() && seen.insert(c.clone()));
                let created = sqlx::query(
                    "INSERT INTO collections (collection_id, name, user_id, twitter, website, description, version)
                     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (collection_id) DO NOTHING",
                )
                .bind(&e.collection_id)
                .bind(&e.name)
                .bind(&e.user_id)
                .bind(&e.twitter)
                .bind(&e.website)
                .bind(&e.description)
                .bind(version(e.version)?)
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if created > 0 {
                    set_stamps(tx, &e.collection_id, &ids).await?;
                }
            }
            subjects::COLLECTION_UPDATED => {
                let e: pb::CollectionUpdated = decode(payload)?;
                if claim_collection_version(tx, &e.collection_id, version(e.version)?).await? {
                    sqlx::query(
                        "UPDATE collections SET twitter = $2, website = $3, description = $4
                         WHERE collection_id = $1",
                    )
                    .bind(&e.collection_id)
                    .bind(&e.twitter)
                    .bind(&e.website)
                    .bind(&e.description)
                    .execute(&mut *tx)
                    .await?;
                    let mut ids = e.stamp_ids.clone();
                    let mut seen = std::collections::HashSet::new();
                    ids.retain(|c| !c.is_empty() && seen.insert(c.clone()));
                    set_stamps(tx, &e.collection_id, &ids).await?;
                }
            }
            subjects::COLLECTION_DELETED => {
                let e: pb::CollectionDeleted = decode(payload)?;
                if claim_collection_version(tx, &e.collection_id, version(e.version)?).await? {
                    sqlx::query("DELETE FROM collection_stamps WHERE collection_id = $1")
                        .bind(&e.collection_id)
                        .execute(&mut *tx)
                        .await?;
                    sqlx::query("UPDATE collections SET deleted = TRUE WHERE collection_id = $1")
                        .bind(&e.collection_id)
                        .execute(&mut *tx)
                        .await?;
                    crate::figures::collections::refresh(
                        tx,
                        std::slice::from_ref(&e.collection_id),
                    )
                    .await?;
                }
            }
            other => tracing::debug!(
                subject = other,
                "collection event not projected by the catalogue"
            ),
        }
        Ok(())
    }
}
