//! What a signed-in user changes: linked addresses, name and handle, wishlist. Each change is written with its
//! `users.*` event in one durable transaction, then announced.

use stamps_proto::events::subjects;
use stamps_proto::events::v1 as pb;

use super::{
    Accounts, AuthError, User, Verdict, durable, enqueue, lock_address, next_version, version,
};
use crate::challenge::Purpose;
use crate::rules;

impl Accounts {
    /// Adds the address of a signed link challenge to the session's user.
    pub async fn link(
        &self,
        token: &str,
        address: &str,
        message: &str,
        signature: &str,
    ) -> Result<Verdict<User>, AuthError> {
        let session = self.session(token).await?;
        let (nonce, address) = match self
            .check(
                address,
                message,
                signature,
                Purpose::Link,
                Some(&session.hash),
            )
            .await?
        {
            Verdict::Success(ok) => ok,
            Verdict::Expired => return Ok(Verdict::Expired),
        };
        let mut tx = self.pool.begin().await?;
        durable(&mut tx).await?;
        if !self.consume(&mut tx, &nonce).await? {
            return Ok(Verdict::Expired);
        }
        lock_address(&mut tx, &address).await?;
        let owner: Option<String> =
            sqlx::query_scalar("SELECT user_id FROM addresses WHERE address = $1")
                .bind(&address)
                .fetch_optional(&mut *tx)
                .await?;
        match owner {
            Some(owner) if owner == session.user_id => {}
            Some(_) => return Err(AuthError::Taken(rules::ADDRESS_TAKEN)),
            None => {
                let v = next_version(&mut tx, &session.user_id).await?;
                sqlx::query(
                    "INSERT INTO addresses (address, user_id, linked_ms) VALUES ($1, $2, $3)",
                )
                .bind(&address)
                .bind(&session.user_id)
                .bind(self.now())
                .execute(&mut *tx)
                .await?;
                let event = pb::AddressLinked {
                    user_id: session.user_id.clone(),
                    address: address.clone(),
                    version: version(v),
                };
                enqueue(
                    &mut tx,
                    subjects::ADDRESS_LINKED,
                    &session.user_id,
                    v,
                    &event,
                )
                .await?;
            }
        }
        tx.commit().await?;
        self.relay.notify();
        self.changed(&session.user_id).await;
        Ok(Verdict::Success(self.user(token).await?))
    }

    /// Removes `address` from the session's user and ends the sessions signed in with it.
    pub async fn unlink(&self, token: &str, address: &str) -> Result<User, AuthError> {
        let session = self.session(token).await?;
        if address == session.address {
            return Err(AuthError::Precondition(rules::CURRENT_ADDRESS));
        }
        let mut tx = self.pool.begin().await?;
        durable(&mut tx).await?;
        let v = next_version(&mut tx, &session.user_id).await?;
        let removed = sqlx::query("DELETE FROM addresses WHERE address = $1 AND user_id = $2")
            .bind(address)
            .bind(&session.user_id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if removed == 0 {
            return Err(AuthError::NotFound(
                "This address is not linked to your account",
            ));
        }
        sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND address = $2")
            .bind(&session.user_id)
            .bind(address)
            .execute(&mut *tx)
            .await?;
        let event = pb::AddressUnlinked {
            user_id: session.user_id.clone(),
            address: address.to_owned(),
            version: version(v),
        };
        enqueue(
            &mut tx,
            subjects::ADDRESS_UNLINKED,
            &session.user_id,
            v,
            &event,
        )
        .await?;
        tx.commit().await?;
        self.relay.notify();
        self.changed(&session.user_id).await;
        self.user(token).await
    }

    /// Sets the display name and/or the social handle (an empty value clears it).
    pub async fn update_profile(
        &self,
        token: &str,
        display_name: Option<&str>,
        twitter: Option<&str>,
    ) -> Result<User, AuthError> {
        let display_name = display_name.map(str::trim);
        if let Some(name) = display_name
            && !name.is_empty()
        {
            if !rules::valid_name(name) {
                return Err(AuthError::Invalid(rules::NAME_RULE.into()));
            }
            if rules::reserved_name(name) {
                return Err(AuthError::Invalid(rules::NAME_RESERVED.into()));
            }
        }
        let twitter = twitter
            .map(rules::twitter)
            .transpose()
            .map_err(|e| AuthError::Invalid(e.into()))?;
        let session = self.session(token).await?;
        let mut tx = self.pool.begin().await?;
        durable(&mut tx).await?;
        let current: (String, String) =
            sqlx::query_as("SELECT display_name, twitter FROM users WHERE user_id = $1 FOR UPDATE")
                .bind(&session.user_id)
                .fetch_one(&mut *tx)
                .await?;
        let name = display_name.map_or(current.0.clone(), str::to_owned);
        let handle = twitter.unwrap_or_else(|| current.1.clone());
        if (name.as_str(), handle.as_str()) != (current.0.as_str(), current.1.as_str()) {
            let updated: Result<i64, sqlx::Error> = sqlx::query_scalar(
                "UPDATE users SET display_name = $2, twitter = $3, version = version + 1 WHERE user_id = $1
                 RETURNING version",
            )
            .bind(&session.user_id)
            .bind(&name)
            .bind(&handle)
            .fetch_one(&mut *tx)
            .await;
            let v = match updated {
                Ok(v) => v,
                Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("23505") => {
                    return Err(AuthError::Taken(rules::NAME_TAKEN));
                }
                Err(e) => return Err(e.into()),
            };
            let event = pb::UserProfileUpdated {
                user_id: session.user_id.clone(),
                display_name: name,
                twitter: handle,
                version: version(v),
            };
            enqueue(
                &mut tx,
                subjects::PROFILE_UPDATED,
                &session.user_id,
                v,
                &event,
            )
            .await?;
            tx.commit().await?;
            self.relay.notify();
            self.changed(&session.user_id).await;
        }
        self.user(token).await
    }

    /// Adds `cpid` to the wishlist, or takes it off: whether it was added, and the wishlist after.
    pub async fn toggle_wishlist(
        &self,
        token: &str,
        cpid: &str,
    ) -> Result<(bool, Vec<String>), AuthError> {
        if !rules::valid_cpid(cpid) {
            return Err(AuthError::Invalid(format!(
                "{cpid:?} is not a stamp or an asset"
            )));
        }
        let session = self.session(token).await?;
        let mut tx = self.pool.begin().await?;
        durable(&mut tx).await?;
        let v = next_version(&mut tx, &session.user_id).await?;
        let removed = sqlx::query("DELETE FROM wishlist WHERE user_id = $1 AND cpid = $2")
            .bind(&session.user_id)
            .bind(cpid)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        let added = removed == 0;
        if added {
            let count: i64 = sqlx::query_scalar("SELECT count(*) FROM wishlist WHERE user_id = $1")
                .bind(&session.user_id)
                .fetch_one(&mut *tx)
                .await?;
            if count >= rules::MAX_WISHLIST {
                return Err(AuthError::Invalid(format!(
                    "A wishlist holds at most {} items",
                    rules::MAX_WISHLIST
                )));
            }
            sqlx::query("INSERT INTO wishlist (user_id, cpid, added_ms) VALUES ($1, $2, $3)")
                .bind(&session.user_id)
                .bind(cpid)
                .bind(self.now())
                .execute(&mut *tx)
                .await?;
            let event = pb::WishlistItemAdded {
                user_id: session.user_id.clone(),
                cpid: cpid.to_owned(),
                version: version(v),
            };
            enqueue(
                &mut tx,
                subjects::WISHLIST_ADDED,
                &session.user_id,
                v,
                &event,
            )
            .await?;
        } else {
            let event = pb::WishlistItemRemoved {
                user_id: session.user_id.clone(),
                cpid: cpid.to_owned(),
                version: version(v),
            };
            enqueue(
                &mut tx,
                subjects::WISHLIST_REMOVED,
                &session.user_id,
                v,
                &event,
            )
            .await?;
        }
        let wishlist: Vec<String> = sqlx::query_scalar(
            "SELECT cpid FROM wishlist WHERE user_id = $1 ORDER BY added_ms DESC, cpid",
        )
        .bind(&session.user_id)
        .fetch_all(&mut *tx)
        .await?;
        tx.commit().await?;
        self.relay.notify();
        self.changed(&session.user_id).await;
        Ok((added, wishlist))
    }
}
