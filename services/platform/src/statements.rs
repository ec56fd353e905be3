//! Connections for single statements on a service's busiest paths, each given back as soon as its statement has
//! run to its end, without the round trip `sqlx`'s pool makes.
//!
//! `sqlx`'s pool checks every connection it is given back: a spawned task sends Postgres a `Sync` and waits for
//! its answer, so that a statement dropped half-way does not hand a connection in an unknown state to the next
//! user. Every statement run on the pool therefore costs two round trips, and Postgres a second wake-up. Here
//! [`Statements::run`] (or the caller, with [`Lease::give_back`]) tells how the statement ended: a connection
//! whose statement ran to its end (an answer, or an error Postgres reported) goes straight back, ready for the
//! next one, as `sqlx` reads whatever an earlier statement left unread before it sends the next; a connection
//! whose statement was dropped half-way, or failed on the connection itself, is closed. Only for statements
//! outside a transaction: a transaction takes the pool.

use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use sqlx::postgres::{PgConnectOptions, PgConnection};
use sqlx::{ConnectOptions, Connection, PgPool};
use tokio::sync::{Semaphore, SemaphorePermit};

use crate::db::PING_IDLE_AFTER;

/// Up to as many connections as the pool they are made like, opened when first needed.
pub struct Statements {
    idle: Mutex<Vec<(PgConnection, Instant)>>,
    permits: Semaphore,
    options: PgConnectOptions,
}

impl Statements {
    /// Connections made as `pool`'s are (the same server, database and settings), at most as many as it has.
    pub fn like(pool: &PgPool) -> Self {
        let max = usize::try_from(pool.options().get_max_connections()).unwrap_or(1);
        Self {
            idle: Mutex::new(Vec::new()),
            permits: Semaphore::new(max.max(1)),
            options: (*pool.connect_options()).clone(),
        }
    }

    /// A connection for one statement, waiting while all are taken.
    pub async fn take(&self) -> Result<Lease<'_>, sqlx::Error> {
        let permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| sqlx::Error::PoolClosed)?;
        let idle = self
            .idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        let conn = match idle {
            Some((mut conn, since)) if since.elapsed() > PING_IDLE_AFTER => {
                match conn.ping().await {
                    Ok(()) => conn,
                    // Closed by the server meanwhile (restarted, or idle too long): a new one.
                    Err(_) => self.options.connect().await?,
                }
            }
            Some((conn, _)) => conn,
            None => self.options.connect().await?,
        };
        Ok(Lease {
            conn: Some(conn),
            home: self,
            reusable: false,
            _permit: permit,
        })
    }

    /// Runs `statement` on a connection taken for it, and gives the connection back as its outcome says
    /// ([`Lease::give_back`]); dropped before it ends, the connection is closed.
    pub async fn run<T>(
        &self,
        statement: impl AsyncFnOnce(&mut PgConnection) -> Result<T, sqlx::Error>,
    ) -> Result<T, sqlx::Error> {
        let mut lease = self.take().await?;
        let outcome = statement(&mut lease).await;
        lease.give_back(outcome)
    }

    /// How many connections are open and not taken.
    pub fn idle(&self) -> usize {
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

/// A connection taken for one statement. Given back with [`Lease::give_back`] once the statement ran to its end;
/// dropped otherwise, it is closed.
pub struct Lease<'a> {
    conn: Option<PgConnection>,
    home: &'a Statements,
    reusable: bool,
    _permit: SemaphorePermit<'a>,
}

impl Lease<'_> {
    /// Gives the connection back after its statement ended with `outcome`, and returns `outcome`: the connection
    /// is kept when Postgres answered (rows, or an error of the statement's), closed when the connection failed.
    pub fn give_back<T>(mut self, outcome: Result<T, sqlx::Error>) -> Result<T, sqlx::Error> {
        self.reusable = matches!(
            outcome,
            Ok(_) | Err(sqlx::Error::Database(_) | sqlx::Error::RowNotFound)
        );
        outcome
    }
}

impl std::ops::Deref for Lease<'_> {
    type Target = PgConnection;

    fn deref(&self) -> &PgConnection {
        self.conn
            .as_ref()
            .expect("a lease holds its connection until dropped")
    }
}

impl std::ops::DerefMut for Lease<'_> {
    fn deref_mut(&mut self) -> &mut PgConnection {
        self.conn
            .as_mut()
            .expect("a lease holds its connection until dropped")
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take()
            && self.reusable
        {
            self.home
                .idle
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push((conn, Instant::now()));
        }
    }
}
