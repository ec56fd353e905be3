//! Accounts in Postgres: challenges issued and consumed, users created at their first sign-in, sessions, linked
//! addresses, profiles and wishlists. Every change of a user writes its `users.*` event to the outbox in the same
//! transaction (`Nats-Msg-Id` `<user_id>:<version>`), and the user's version grows by one per change.
//!
//! A session is an opaque token of 256 random bits given to the browser once; only its SHA-256 is stored. It ends
//! when unused for the idle lifetime or at its absolute lifetime, whichever comes first; every sign-in makes a new
//! one.

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
use stamps_proto::events::v1 as pb;
use subtle::ConstantTimeEq;

use crate::challenge::{self, Purpose};
use crate::config::AuthConfig;
use crate::rules;
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

use stamps_proto::events::subjects;

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
    pool: PgPool,
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

/// The refusal of a message the site did not issue.
fn not_issued() -> AuthError {
    AuthError::Invalid("This message was not issued by the site".into())
}

/// Where a challenge stands for a submission.
enum ChallengeState {
    /// No such nonce (never issued, or swept).
    NotIssued,
    /// Issued for another address, purpose, text or session.
    NotForThis,
    /// Consumed by an earlier submission.
    Used,
    /// Its lifetime passed.
    Expired,
    /// Can be consumed.
    Open,
}

impl ChallengeState {
    fn refusal(self) -> AuthError {
        match self {
            ChallengeState::NotIssued => not_issued(),
            ChallengeState::NotForThis => {
                AuthError::Invalid("This message was not issued for this address".into())
            }
            _ => AuthError::Invalid("This message was already used".into()),
        }
    }
}

/// The refusal of a signature that does not prove the address signed the message.
fn refused(e: verify::VerifyError) -> AuthError {
    AuthError::Invalid(format!("The signature was refused: {e}"))
}

/// Makes the transaction's commit wait for the disk: the pool's sessions do not (`synchronous_commit` off), which
/// suits challenges and sessions, while users' changes and their events must survive a crash once answered.
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
    /// Accounts in `pool` as `config` says, publishing through `relay`, on `clock`'s time.
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

    /// Issues a challenge for `address` (a link challenge to the session of `token` only).
    pub async fn issue(
        &self,
        address: &str,
        purpose: Purpose,
        host: &str,
        token: Option<&str>,
    ) -> Result<(String, i64), AuthError> {
        let address = self.address(address)?.to_string();
        let session_hash = match purpose {
            Purpose::SignIn => None,
            Purpose::Link => Some(self.session(token.unwrap_or_default()).await?.hash),
        };
        let nonce = challenge::nonce();
        let issued = self.now();
        let expires = issued.saturating_add(self.challenge_ms);
        let text = challenge::message(
            purpose,
            challenge::domain(host),
            &address,
            &nonce,
            issued,
            expires,
        );
        sqlx::query(
            "INSERT INTO challenges (nonce, address, purpose, message, session_hash, expires_ms)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&nonce)
        .bind(&address)
        .bind(purpose.code())
        .bind(&text)
        .bind(session_hash)
        .bind(expires)
        .execute(&self.pool)
        .await?;
        Ok((text, expires))
    }

    /// Checks that `message` is a challenge issued for `purpose` to `address` (and to the session `session`),
    /// unused and signed by `address`'s holder; `Expired` when its lifetime passed. Consumes nothing.
    async fn check(
        &self,
        address: &str,
        message: &str,
        signature: &str,
        purpose: Purpose,
        session: Option<&[u8]>,
    ) -> Result<Verdict<(String, String)>, AuthError> {
        let parsed = self.address(address)?;
        let address = parsed.to_string();
        let nonce = Self::nonce_in(message)?;
        verify::verify(&parsed, message, signature).map_err(refused)?;
        match self
            .challenge_state(nonce, &address, message, purpose, session)
            .await?
        {
            ChallengeState::Open => Ok(Verdict::Success((nonce.to_owned(), address))),
            ChallengeState::Expired => Ok(Verdict::Expired),
            state => Err(state.refusal()),
        }
    }

    /// Consumes the nonce in `tx`: `Err` when another submission took it first, `Ok(false)` when it expired.
    async fn consume(&self, tx: &mut PgConnection, nonce: &str) -> Result<bool, AuthError> {
        let taken = sqlx::query(
            "UPDATE challenges SET used = TRUE WHERE nonce = $1 AND NOT used AND expires_ms > $2",
        )
        .bind(nonce)
        .bind(self.now())
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if taken == 1 {
            return Ok(true);
        }
        let used: Option<bool> = sqlx::query_scalar("SELECT used FROM challenges WHERE nonce = $1")
            .bind(nonce)
            .fetch_optional(&mut *tx)
            .await?;
        match used {
            Some(false) => Ok(false),
            _ => Err(AuthError::Invalid("This message was already used".into())),
        }
    }

    /// Signs in with a signed challenge: creates the user at the address's first sign-in and opens a session.
    ///
    /// The signature is checked first (no database); then one statement consumes the nonce, if it was issued
    /// for this address and message and is unused and unexpired, and opens a session for the address's user.
    /// Only a first sign-in (no user holds the address) takes a transaction of its own, to create the user.
    pub async fn sign_in(
        &self,
        address: &str,
        message: &str,
        signature: &str,
        wallet: &str,
    ) -> Result<Verdict<SignedIn>, AuthError> {
        let parsed = self.address(address)?;
        let address = parsed.to_string();
        let nonce = Self::nonce_in(message)?;
        verify::verify(&parsed, message, signature).map_err(refused)?;
        let wallet: String = wallet
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .take(MAX_WALLET)
            .collect();
        let token = new_token();
        let now = self.now();
        let expires = now.saturating_add(self.absolute_ms);
        let (consumed, user_id): (i64, Option<String>) = sqlx::query_as(
            "WITH c AS (
                 UPDATE challenges SET used = TRUE
                 WHERE nonce = $1 AND address = $2 AND purpose = 1 AND message = $3 AND session_hash IS NULL
                   AND NOT used AND expires_ms > $4
                 RETURNING address),
             s AS (
                 INSERT INTO sessions (token_hash, user_id, address, wallet, created_ms, seen_ms, expires_ms)
                 SELECT $5, a.user_id, a.address, $6, $4, $4, $7 FROM c JOIN addresses a ON a.address = c.address
                 RETURNING user_id)
             SELECT (SELECT count(*) FROM c), (SELECT user_id FROM s)",
        )
        .bind(nonce)
        .bind(&address)
        .bind(message)
        .bind(now)
        .bind(token_hash(&token))
        .bind(&wallet)
        .bind(expires)
        .fetch_one(&self.pool)
        .await?;
        if consumed == 0 {
            return match self
                .challenge_state(nonce, &address, message, Purpose::SignIn, None)
                .await?
            {
                ChallengeState::Expired => Ok(Verdict::Expired),
                // Open: another submission consumed it between the two statements.
                ChallengeState::Open => Err(ChallengeState::Used.refusal()),
                state => Err(state.refusal()),
            };
        }
        let user_id = match user_id {
            Some(user_id) => user_id,
            None => self.first_sign_in(&address, &token, &wallet, now).await?,
        };
        Ok(Verdict::Success(SignedIn {
            token,
            user_id,
            max_age_secs: self.absolute_ms / 1000,
        }))
    }

    /// The nonce `message` names, or the refusal of a message the site did not issue.
    fn nonce_in(message: &str) -> Result<&str, AuthError> {
        if message.len() > challenge::MAX_MESSAGE {
            return Err(not_issued());
        }
        challenge::nonce_of(message).ok_or_else(not_issued)
    }

    /// Where the challenge of `nonce` stands for a submission of `message` by `address` for `purpose` (and the
    /// session `session`).
    async fn challenge_state(
        &self,
        nonce: &str,
        address: &str,
        message: &str,
        purpose: Purpose,
        session: Option<&[u8]>,
    ) -> Result<ChallengeState, AuthError> {
        type Row = (String, i16, String, Option<Vec<u8>>, i64, bool);
        let row: Option<Row> = sqlx::query_as(
            "SELECT address, purpose, message, session_hash, expires_ms, used FROM challenges WHERE nonce = $1",
        )
        .bind(nonce)
        .fetch_optional(&self.pool)
        .await?;
        let Some((for_address, for_purpose, text, for_session, expires, used)) = row else {
            return Ok(ChallengeState::NotIssued);
        };
        let same_session = match (session, for_session.as_deref()) {
            (None, None) => true,
            (Some(a), Some(b)) => bool::from(a.ct_eq(b)),
            _ => false,
        };
        Ok(
            if for_address != address
                || for_purpose != purpose.code()
                || text != message
                || !same_session
            {
                ChallengeState::NotForThis
            } else if used {
                ChallengeState::Used
            } else if expires <= self.now() {
                ChallengeState::Expired
            } else {
                ChallengeState::Open
            },
        )
    }

    /// The first sign-in of `address` (its nonce consumed): the user is created, named by the address (or takes
    /// back its own user, when the address was unlinked from it), with its event, and the session opened.
    async fn first_sign_in(
        &self,
        address: &str,
        token: &str,
        wallet: &str,
        now: i64,
    ) -> Result<String, AuthError> {
        let mut tx = self.pool.begin().await?;
        durable(&mut tx).await?;
        lock_address(&mut tx, address).await?;
        let owner: Option<String> =
            sqlx::query_scalar("SELECT user_id FROM addresses WHERE address = $1")
                .bind(address)
                .fetch_optional(&mut *tx)
                .await?;
        let created = owner.is_none();
        let user_id = match owner {
            // Another first sign-in of the address committed meanwhile.
            Some(user_id) => user_id,
            None => {
                let v: i64 = sqlx::query_scalar(
                    "INSERT INTO users (user_id, version, created_ms) VALUES ($1, 1, $2)
                     ON CONFLICT (user_id) DO UPDATE SET version = users.version + 1 RETURNING version",
                )
                .bind(address)
                .bind(now)
                .fetch_one(&mut *tx)
                .await?;
                sqlx::query(
                    "INSERT INTO addresses (address, user_id, linked_ms) VALUES ($1, $1, $2)",
                )
                .bind(address)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                let event = pb::AddressLinked {
                    user_id: address.to_owned(),
                    address: address.to_owned(),
                    version: version(v),
                };
                enqueue(&mut tx, subjects::ADDRESS_LINKED, address, v, &event).await?;
                address.to_owned()
            }
        };
        sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, address, wallet, created_ms, seen_ms, expires_ms)
             VALUES ($1, $2, $3, $4, $5, $5, $6)",
        )
        .bind(token_hash(token))
        .bind(&user_id)
        .bind(address)
        .bind(wallet)
        .bind(now)
        .bind(now.saturating_add(self.absolute_ms))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        if created {
            self.relay.notify();
        }
        Ok(user_id)
    }

    /// The session of `token`, if it has not ended (refreshing when it was last seen, at most once a minute).
    async fn session(&self, token: &str) -> Result<Session, AuthError> {
        if !well_formed(token) {
            return Err(AuthError::Unauthenticated);
        }
        let hash = token_hash(token);
        let row: Option<(Vec<u8>, String, String, i64, i64)> = sqlx::query_as(
            "SELECT token_hash, user_id, address, seen_ms, expires_ms FROM sessions WHERE token_hash = $1",
        )
        .bind(&hash)
        .fetch_optional(&self.pool)
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
            sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                .bind(hash)
                .execute(&self.pool)
                .await?;
            return Err(AuthError::Unauthenticated);
        }
        if now - seen > SESSION_TOUCH_MS {
            sqlx::query("UPDATE sessions SET seen_ms = $2 WHERE token_hash = $1")
                .bind(hash)
                .bind(now)
                .execute(&self.pool)
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
        let row: Option<Row> = sqlx::query_as(
            "SELECT s.token_hash, s.user_id, s.address, s.wallet, s.seen_ms, s.expires_ms, u.display_name,
                    u.twitter,
                    ARRAY(SELECT a.address FROM addresses a WHERE a.user_id = s.user_id
                          ORDER BY a.linked_ms, a.address),
                    ARRAY(SELECT w.cpid FROM wishlist w WHERE w.user_id = s.user_id
                          ORDER BY w.added_ms DESC, w.cpid)
             FROM sessions s JOIN users u ON u.user_id = s.user_id WHERE s.token_hash = $1",
        )
        .bind(&hash)
        .fetch_optional(&self.pool)
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
            let ended: Option<String> =
                sqlx::query_scalar("DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id")
                    .bind(token_hash(token))
                    .fetch_optional(&self.pool)
                    .await?;
            if let Some(user_id) = ended {
                self.changed(&user_id).await;
            }
        }
        Ok(())
    }

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
            && !rules::valid_name(name)
        {
            return Err(AuthError::Invalid(rules::NAME_RULE.into()));
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
