//! Challenges issued and consumed, and sign-ins: the signature checked first, then one statement consuming the
//! nonce and opening the session; a first sign-in creates the user.

use sqlx::PgConnection;
use stamps_proto::events::subjects;
use stamps_proto::events::v1 as pb;
use subtle::ConstantTimeEq;

use super::{
    Accounts, AuthError, MAX_WALLET, SignedIn, Verdict, enqueue, lock_address, new_token,
    token_hash, version,
};
use crate::challenge::{self, Purpose};
use crate::verify;

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

/// What a sign-in statement binds.
struct Opening<'a> {
    nonce: &'a str,
    address: &'a str,
    message: &'a str,
    now: i64,
    token_hash: Vec<u8>,
    wallet: &'a str,
    expires: i64,
}

/// The start of both sign-in statements: `c`, the nonce consumed if it was issued for this address and message
/// and is unused and unexpired; `h`, the user holding the address.
macro_rules! consumed {
    () => {
        "WITH c AS (
             UPDATE challenges SET used = TRUE
             WHERE nonce = $1 AND address = $2 AND purpose = 1 AND message = $3 AND session_hash IS NULL
               AND NOT used AND expires_ms > $4
             RETURNING address),
         h AS (SELECT a.user_id FROM c JOIN addresses a ON a.address = c.address),"
    };
}

/// Consumes the nonce, if it was issued for this address and message and is unused and unexpired, and opens a
/// session for the address's user: `(nonces consumed, the user signed in, whether the user was created)`.
const OPEN: &str = concat!(
    consumed!(),
    "
     s AS (
         INSERT INTO sessions (token_hash, user_id, address, wallet, created_ms, seen_ms, expires_ms)
         SELECT $5, user_id, $2, $6, $4, $4, $7 FROM h
         RETURNING user_id)
     SELECT (SELECT count(*) FROM c), (SELECT user_id FROM s), FALSE"
);

/// [`OPEN`], and at the address's first sign-in (no user holds it, none is named by it) also the user, the address
/// and the user's event, under the address's lock. Any other first sign-in is left to [`Accounts::first_sign_in`].
/// Its commit does not wait for the disk: what a crash could take back is a user that is a function of its address,
/// with its session, which the next sign-in makes again, and the relay publishes no event before the log holds it
/// (`Relay::flushing`).
const OPEN_OR_CREATE: &str = concat!(
    consumed!(),
    "
     u AS (
         INSERT INTO users (user_id, version, created_ms)
         SELECT address, 1, $4 FROM c
         WHERE CASE WHEN EXISTS (SELECT 1 FROM h) THEN FALSE
                    ELSE pg_advisory_xact_lock(hashtextextended('address:' || address, 0))::text = '' END
         ON CONFLICT (user_id) DO NOTHING RETURNING user_id),
     n AS (
         INSERT INTO addresses (address, user_id, linked_ms) SELECT user_id, user_id, $4 FROM u
         RETURNING address),
     o AS (INSERT INTO outbox (subject, msg_id, payload) SELECT $8, address || ':1', $9 FROM n),
     s AS (
         INSERT INTO sessions (token_hash, user_id, address, wallet, created_ms, seen_ms, expires_ms)
         SELECT $5, w.user_id, $2, $6, $4, $4, $7 FROM (SELECT user_id FROM h UNION ALL SELECT address FROM n) w
         RETURNING user_id)
     SELECT (SELECT count(*) FROM c), (SELECT user_id FROM s), EXISTS (SELECT 1 FROM n)"
);

impl Accounts {
    /// Runs [`OPEN_OR_CREATE`] (`create`) or [`OPEN`] for a sign-in.
    async fn open(
        &self,
        o: &Opening<'_>,
        create: bool,
    ) -> Result<(i64, Option<String>, bool), sqlx::Error> {
        let query = sqlx::query_as(if create { OPEN_OR_CREATE } else { OPEN })
            .bind(o.nonce)
            .bind(o.address)
            .bind(o.message)
            .bind(o.now)
            .bind(&o.token_hash)
            .bind(o.wallet)
            .bind(o.expires);
        if !create {
            return self
                .statements
                .run(async |c| query.fetch_one(c).await)
                .await;
        }
        let event = pb::AddressLinked {
            user_id: o.address.to_owned(),
            address: o.address.to_owned(),
            version: 1,
        };
        let query = query
            .bind(subjects::ADDRESS_LINKED)
            .bind(prost::Message::encode_to_vec(&event));
        self.statements
            .run(async |c| query.fetch_one(c).await)
            .await
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
        self.statements
            .run(async |c| {
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
                .execute(c)
                .await
            })
            .await?;
        Ok((text, expires))
    }

    /// Checks that `message` is a challenge issued for `purpose` to `address` (and to the session `session`),
    /// unused and signed by `address`'s holder; `Expired` when its lifetime passed. Consumes nothing.
    pub(super) async fn check(
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
    pub(super) async fn consume(
        &self,
        tx: &mut PgConnection,
        nonce: &str,
    ) -> Result<bool, AuthError> {
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
    /// The signature is checked first (no database); then one statement ([`OPEN_OR_CREATE`]) consumes the nonce,
    /// if it was issued for this address and message and is unused and unexpired, and opens a session for the
    /// address's user, creating the user at the address's first sign-in. Only an address taken meanwhile, or
    /// unlinked from its user, takes a transaction of its own.
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
        let opened = Opening {
            nonce,
            address: &address,
            message,
            now,
            token_hash: token_hash(&token),
            wallet: &wallet,
            expires: now.saturating_add(self.absolute_ms),
        };
        let (consumed, user_id, created) = match self.open(&opened, true).await {
            // The address was linked or taken meanwhile (its row written by another transaction after this
            // statement's snapshot): the statement was undone, nonce included; consume and open as a returning
            // sign-in, then step by step.
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                self.open(&opened, false).await?
            }
            opened => opened?,
        };
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
        if created {
            self.relay.notify();
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
        let row: Option<Row> = self
            .statements
            .run(async |c| {
                sqlx::query_as(
                    "SELECT address, purpose, message, session_hash, expires_ms, used FROM challenges WHERE nonce = $1",
                )
                .bind(nonce)
                .fetch_optional(c)
                .await
            })
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

    /// The first sign-in of `address` (its nonce consumed) that [`OPEN_OR_CREATE`] left: the address was taken
    /// meanwhile, or it was unlinked from its user, which takes it back. The user is created or found, with its
    /// event, and the session opened. Its commit does not wait for the disk either, as [`OPEN_OR_CREATE`]'s.
    async fn first_sign_in(
        &self,
        address: &str,
        token: &str,
        wallet: &str,
        now: i64,
    ) -> Result<String, AuthError> {
        let mut tx = self.pool.begin().await?;
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
}
