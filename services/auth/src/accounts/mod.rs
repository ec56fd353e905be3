//! Accounts in Postgres: challenges issued and consumed, users created at their first sign-in, sessions, linked
//! addresses, profiles and wishlists. Every change of a user writes its `users.*` event to the outbox in the same
//! transaction (`Nats-Msg-Id` `<user_id>:<version>`), and the user's version grows by one per change.
//!
//! A session is an opaque token of 256 random bits given to the browser once; only its SHA-256 is stored. It ends
//! when unused for the idle lifetime or at its absolute lifetime, whichever comes first; every sign-in makes a new
//! one.

mod changes;
mod sign_in;

use std::collections::HashSet;
use std::sync::Arc;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use bitcoin::Network;
use prost::Message;
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, PgPool};
use stamps_platform::outbox::{self, Relay};
use stamps_platform::statements::Statements;
use subtle::ConstantTimeEq;

use crate::config::AuthConfig;
use crate::verify;

/// Now, in Unix milliseconds (injectable, so that tests can let a challenge expire).
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// The system clock.
pub fn system_clock() -> Clock {
    Arc::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
    })
}

/// Why a request was refused.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// A rule broken; the text is what the visitor is shown.
    #[error("{0}")]
    Invalid(String),
    /// No session, or it ended.
    #[error("Not signed in")]
    Unauthenticated,
    /// A name or an address another user holds.
    #[error("{0}")]
    Taken(&'static str),
    /// A rule of the account.
    #[error("{0}")]
    Precondition(&'static str),
    /// Nothing of that name.
    #[error("{0}")]
    NotFound(&'static str),
    /// The database failed.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
}

/// The verdict on a well-formed, correctly signed submission.
#[derive(Debug)]
pub enum Verdict<T> {
    /// Accepted.
    Success(T),
    /// The challenge's lifetime passed.
    Expired,
}

/// A new session.
#[derive(Debug)]
pub struct SignedIn {
    /// The token for the cookie (never logged, never stored).
    pub token: String,
    /// The user signed in.
    pub user_id: String,
    /// The cookie's lifetime, in seconds.
    pub max_age_secs: i64,
}

/// A user as the session sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// The first sign-in's address.
    pub user_id: String,
    /// Display name ('' when none).
    pub display_name: String,
    /// Social handle without `@` ('' when none).
    pub twitter: String,
    /// Linked addresses, in the order they were linked.
    pub addresses: Vec<String>,
    /// The address the session signed in with.
    pub current_address: String,
    /// Cpids, the most recent first.
    pub wishlist: Vec<String>,
    /// Whether the session's address is a staff address.
    pub staff: bool,
    /// The wallet the session signed in with.
    pub wallet: String,
}

/// Accounts, sessions and challenges.
#[derive(Clone)]
pub struct Accounts {
    /// For transactions, and for the sweeps.
    pool: PgPool,
    /// For the single statements of sign-ins and sessions, without the pool's round trip per statement.
    statements: Arc<Statements>,
    relay: Relay,
    network: Network,
    challenge_ms: i64,
    idle_ms: i64,
    absolute_ms: i64,
    staff: Arc<HashSet<String>>,
    clock: Clock,
    /// Where changes of users are announced ([`subjects::USER_CHANGED`], prefixed).
    announce: Option<(async_nats::Client, String)>,
}

/// A session found by its token.
struct Session {
    hash: Vec<u8>,
    user_id: String,
    address: String,
}

const SESSION_TOUCH_MS: i64 = 60_000;
/// Longest wallet name kept with a session.
const MAX_WALLET: usize = 32;

fn ms(secs: u64) -> i64 {
    i64::try_from(secs.saturating_mul(1000)).unwrap_or(i64::MAX)
}

fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// A new session token: 256 random bits, base64url.
fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Whether `token` has the shape of one this service makes (43 base64url characters).
fn well_formed(token: &str) -> bool {
    token.len() == 43
        && token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

async fn enqueue<M: Message>(
    tx: &mut PgConnection,
    subject: &str,
    user_id: &str,
    version: i64,
    event: &M,
) -> Result<(), sqlx::Error> {
    outbox::enqueue(
        tx,
        subject,
        &format!("{user_id}:{version}"),
        &event.encode_to_vec(),
    )
    .await
}

fn version(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

/// Takes the user's next version (locking the user's row until commit).
async fn next_version(tx: &mut PgConnection, user_id: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "UPDATE users SET version = version + 1 WHERE user_id = $1 RETURNING version",
    )
    .bind(user_id)
    .fetch_one(&mut *tx)
    .await
}

/// Makes the transaction's commit wait for the disk: the pool's sessions do not (`synchronous_commit` off), which
/// suits challenges, sessions and first sign-ins (a user that is a function of its address), while the changes a
/// user makes must survive a crash once answered.
async fn durable(tx: &mut PgConnection) -> Result<(), sqlx::Error> {
    sqlx::query("SET LOCAL synchronous_commit = on")
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Serializes what is done to one address (its first sign-in, linking it) across sessions and replicas.
async fn lock_address(tx: &mut PgConnection, address: &str) -> Result<(), sqlx::Error> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended('address:' || $1, 0))")
        .bind(address)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

impl Accounts {
    /// Accounts in `pool` as `config` says (single statements on connections made like the pool's, see
    /// [`Statements`]), publishing through `relay`, on `clock`'s time.
    pub fn new(
        config: &AuthConfig,
        pool: PgPool,
        relay: Relay,
        clock: Clock,
    ) -> Result<Self, String> {
        let network = config.network()?;
        for address in &config.staff {
            verify::parse_address(address, network)
                .map_err(|_| format!("auth.staff: {address:?} is not an address of {network}"))?;
        }
        Ok(Self {
            statements: Arc::new(Statements::like(&pool)),
            pool,
            relay,
            network,
            challenge_ms: ms(config.challenge_ttl_secs).max(1),
            idle_ms: ms(config.session_idle_secs).max(1),
            absolute_ms: ms(config.session_absolute_secs).max(1),
            staff: Arc::new(config.staff.iter().cloned().collect()),
            clock,
            announce: None,
        })
    }

    /// Announces each change of a user on `subject` (core NATS) through `client`.
    pub fn announcing(mut self, client: async_nats::Client, subject: String) -> Self {
        self.announce = Some((client, subject));
        self
    }

    /// Tells whoever keeps answers about `user_id` (the gateways) that they changed. Best effort: what they keep
    /// expires soon anyway.
    async fn changed(&self, user_id: &str) {
        if let Some((client, subject)) = &self.announce
            && let Err(e) = client
                .publish(subject.clone(), user_id.to_owned().into_bytes().into())
                .await
        {
            tracing::warn!(error = %e, "a change of a user was not announced");
        }
    }

    fn now(&self) -> i64 {
        (self.clock)()
    }

    /// `text` as an address that can sign in, or 'Invalid address'.
    pub fn address(&self, text: &str) -> Result<bitcoin::Address, AuthError> {
        let address = verify::parse_address(text, self.network)
            .map_err(|_| AuthError::Invalid("Invalid address".into()))?;
        if verify::supported(&address) {
            Ok(address)
        } else {
            Err(AuthError::Invalid("Invalid address".into()))
        }
    }

    /// The session of `token`, if it has not ended (refreshing when it was last seen, at most once a minute).
    async fn session(&self, token: &str) -> Result<Session, AuthError> {
        if !well_formed(token) {
            return Err(AuthError::Unauthenticated);
        }
        let hash = token_hash(token);
        let row: Option<(Vec<u8>, String, String, i64, i64)> = self
            .statements
            .run(async |c| {
                sqlx::query_as(
                    "SELECT token_hash, user_id, address, seen_ms, expires_ms FROM sessions WHERE token_hash = $1",
                )
                .bind(&hash)
                .fetch_optional(c)
                .await
            })
            .await?;
        let Some((stored, user_id, address, seen, expires)) = row else {
            return Err(AuthError::Unauthenticated);
        };
        self.alive(&stored, &hash, seen, expires).await?;
        Ok(Session {
            hash,
            user_id,
            address,
        })
    }

    /// Whether the session found under `hash` is still alive; touches it when it was seen over a minute ago.
    async fn alive(
        &self,
        stored: &[u8],
        hash: &[u8],
        seen: i64,
        expires: i64,
    ) -> Result<(), AuthError> {
        let now = self.now();
        if !bool::from(stored.ct_eq(hash)) {
            return Err(AuthError::Unauthenticated);
        }
        if expires <= now || seen.saturating_add(self.idle_ms) <= now {
            self.statements
                .run(async |c| {
                    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                        .bind(hash)
                        .execute(c)
                        .await
                })
                .await?;
            return Err(AuthError::Unauthenticated);
        }
        if now - seen > SESSION_TOUCH_MS {
            self.statements
                .run(async |c| {
                    sqlx::query("UPDATE sessions SET seen_ms = $2 WHERE token_hash = $1")
                        .bind(hash)
                        .bind(now)
                        .execute(c)
                        .await
                })
                .await?;
        }
        Ok(())
    }

    /// The user of the session of `token`.
    pub async fn user(&self, token: &str) -> Result<User, AuthError> {
        if !well_formed(token) {
            return Err(AuthError::Unauthenticated);
        }
        let hash = token_hash(token);
        // One round trip: the session, its user, their addresses and wishlist.
        type Row = (
            Vec<u8>,
            String,
            String,
            String,
            i64,
            i64,
            String,
            String,
            Vec<String>,
            Vec<String>,
        );
        let query = sqlx::query_as(
            "SELECT s.token_hash, s.user_id, s.address, s.wallet, s.seen_ms, s.expires_ms, u.display_name,
                    u.twitter,
                    ARRAY(SELECT a.address FROM addresses a WHERE a.user_id = s.user_id
                          ORDER BY a.linked_ms, a.address),
                    ARRAY(SELECT w.cpid FROM wishlist w WHERE w.user_id = s.user_id
                          ORDER BY w.added_ms DESC, w.cpid)
             FROM sessions s JOIN users u ON u.user_id = s.user_id WHERE s.token_hash = $1",
        )
        .bind(&hash);
        let row: Option<Row> = self
            .statements
            .run(async |c| query.fetch_optional(c).await)
            .await?;
        let Some((
            stored,
            user_id,
            address,
            wallet,
            seen,
            expires,
            display_name,
            twitter,
            addresses,
            wishlist,
        )) = row
        else {
            return Err(AuthError::Unauthenticated);
        };
        self.alive(&stored, &hash, seen, expires).await?;
        Ok(User {
            staff: self.staff.contains(&address),
            user_id,
            display_name,
            twitter,
            addresses,
            current_address: address,
            wishlist,
            wallet,
        })
    }

    /// Ends the session of `token` (nothing when there is none).
    pub async fn logout(&self, token: &str) -> Result<(), AuthError> {
        if well_formed(token) {
            let ended: Option<String> = self
                .statements
                .run(async |c| {
                    sqlx::query_scalar(
                        "DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id",
                    )
                    .bind(token_hash(token))
                    .fetch_optional(c)
                    .await
                })
                .await?;
            if let Some(user_id) = ended {
                self.changed(&user_id).await;
            }
        }
        Ok(())
    }

    /// Deletes challenges and sessions that ended: how many rows went.
    pub async fn sweep(&self) -> Result<u64, sqlx::Error> {
        let now = self.now();
        let challenges = sqlx::query("DELETE FROM challenges WHERE expires_ms < $1")
            .bind(now - 60_000)
            .execute(&self.pool)
            .await?
            .rows_affected();
        let sessions = sqlx::query("DELETE FROM sessions WHERE expires_ms <= $1 OR seen_ms <= $2")
            .bind(now)
            .bind(now.saturating_sub(self.idle_ms))
            .execute(&self.pool)
            .await?
            .rows_affected();
        Ok(challenges + sessions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_256_random_bits_and_only_their_hash_is_kept() {
        let a = new_token();
        assert!(well_formed(&a), "{a}");
        assert_ne!(a, new_token());
        assert_eq!(token_hash(&a).len(), 32);
        assert!(!well_formed("short"));
        assert!(!well_formed(&"a".repeat(42)));
        assert!(!well_formed(&format!("{}=", "a".repeat(42))));
    }
}
