//! The catalogue's published versions, followed. Every answer the catalogue gives is a function of its state,
//! which changes only when it projects an event or runs a command; after each commit it publishes the live value
//! `catalogue` (`{"version", "names", "people", "pending", "height"}`): `version` for its content, `names` for users'
//! display names as the screens not about people show them, `people` for anything of a user, `pending` for the
//! pending view (what the mempool will do). Whoever keeps answers of
//! the catalogue keeps each with the version read *before* asking, and serves it only while that version is
//! current: an answer is then never older than the versions announced, whatever the order in which answers and
//! announcements arrive.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use async_nats::jetstream::kv::Operation;
use futures::StreamExt;

use crate::nats::Nats;
use crate::shutdown::Shutdown;

/// The live value the catalogue publishes its versions under.
pub const VERSION_KEY: &str = "catalogue";

/// No version known: nothing may be kept.
pub const UNKNOWN: u64 = 0;

/// The catalogue's current versions as last announced ([`UNKNOWN`] while not followed).
#[derive(Clone)]
pub struct CatalogueVersions {
    version: Arc<AtomicU64>,
    names: Arc<AtomicU64>,
    people: Arc<AtomicU64>,
    pending: Arc<AtomicU64>,
    changes: Arc<tokio::sync::watch::Sender<u64>>,
}

impl Default for CatalogueVersions {
    fn default() -> Self {
        Self {
            version: Arc::new(AtomicU64::new(UNKNOWN)),
            names: Arc::new(AtomicU64::new(UNKNOWN)),
            people: Arc::new(AtomicU64::new(UNKNOWN)),
            pending: Arc::new(AtomicU64::new(UNKNOWN)),
            changes: Arc::new(tokio::sync::watch::channel(UNKNOWN).0),
        }
    }
}

impl CatalogueVersions {
    /// The content's version.
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::Acquire)
    }

    /// The version of users' display names.
    pub fn names(&self) -> u64 {
        self.names.load(Ordering::Acquire)
    }

    /// The version of everything about people.
    pub fn people(&self) -> u64 {
        self.people.load(Ordering::Acquire)
    }

    /// The version of the pending view.
    pub fn pending(&self) -> u64 {
        self.pending.load(Ordering::Acquire)
    }

    /// The content's version as it changes.
    pub fn subscribe(&self) -> tokio::sync::watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// Records the catalogue's current versions: of its content, of names and of people (the pending view's
    /// following the content's).
    pub fn set(&self, version: u64, names: u64, people: u64) {
        self.set_all(Versions {
            version,
            names,
            people,
            pending: version,
        });
    }

    /// Records the catalogue's current versions.
    pub fn set_all(&self, v: Versions) {
        let Versions {
            version,
            names,
            people,
            pending,
        } = v;
        self.names.store(names, Ordering::Release);
        self.people.store(people, Ordering::Release);
        self.pending.store(pending, Ordering::Release);
        self.version.store(version, Ordering::Release);
        self.changes.send_replace(version);
    }

    /// Follows the announcements until `shutdown`; while they cannot be read the versions are [`UNKNOWN`].
    pub async fn follow(self, nats: Nats, shutdown: Shutdown) {
        while !shutdown.is_cancelled() {
            if let Err(e) = self.watch(&nats, &shutdown).await {
                tracing::warn!(error = %e, "catalogue version unknown; its answers are not kept");
            }
            self.set_all(Versions::unknown());
            tokio::select! {
                _ = shutdown.cancelled() => {}
                _ = tokio::time::sleep(Duration::from_secs(1)) => {}
            }
        }
    }

    async fn watch(&self, nats: &Nats, shutdown: &Shutdown) -> Result<(), String> {
        let kv = nats.realtime().await.map_err(|e| e.to_string())?;
        let mut watch = kv
            .watch_with_history(VERSION_KEY)
            .await
            .map_err(|e| e.to_string())?;
        loop {
            let entry = tokio::select! {
                _ = shutdown.cancelled() => return Ok(()),
                entry = watch.next() => entry,
            };
            let Some(entry) = entry else {
                return Err("the watch ended".into());
            };
            let entry = entry.map_err(|e| e.to_string())?;
            let versions = match entry.operation {
                Operation::Put => parse_all(&entry.value).unwrap_or_else(Versions::unknown),
                _ => Versions::unknown(),
            };
            self.set_all(versions);
        }
    }
}

/// The catalogue's versions, as a `catalogue` value announces them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Versions {
    /// The content's.
    pub version: u64,
    /// Users' display names'.
    pub names: u64,
    /// Anything of a user.
    pub people: u64,
    /// The pending view's.
    pub pending: u64,
}

impl Versions {
    /// None known.
    pub fn unknown() -> Self {
        Self {
            version: UNKNOWN,
            names: UNKNOWN,
            people: UNKNOWN,
            pending: UNKNOWN,
        }
    }
}

/// The versions in a `catalogue` value: `version`, `names` and `people` (each `version` when missing); None
/// when it names no version.
pub fn parse(value: &[u8]) -> Option<(u64, u64, u64)> {
    parse_all(value).map(|v| (v.version, v.names, v.people))
}

/// Every version in a `catalogue` value (each `version` when missing); None when it names no version.
pub fn parse_all(value: &[u8]) -> Option<Versions> {
    let value: serde_json::Value = serde_json::from_slice(value).ok()?;
    let read = |name: &str| {
        value
            .get(name)
            .and_then(|v| v.as_str())
            .and_then(|v| u64::from_str_radix(v, 16).ok())
    };
    let version = read("version").filter(|v| *v != UNKNOWN)?;
    Some(Versions {
        version,
        names: read("names").unwrap_or(version),
        people: read("people").unwrap_or(version),
        pending: read("pending").unwrap_or(version),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_read_from_the_live_value() {
        assert_eq!(
            parse(br#"{"version":"05","names":"01","people":"02"}"#),
            Some((5, 1, 2))
        );
        assert_eq!(parse(br#"{"version":"05"}"#), Some((5, 5, 5)));
        assert_eq!(
            parse(br#"{"version": "00000000000000ff", "height": 3}"#),
            Some((255, 255, 255))
        );
        assert_eq!(parse(br#"{"version": "0000000000000000"}"#), None);
        assert_eq!(parse(br#"{"height": 3}"#), None);
        assert_eq!(parse(b"not json"), None);
    }

    #[test]
    fn a_change_is_seen_by_subscribers() {
        let versions = CatalogueVersions::default();
        let seen = versions.subscribe();
        assert_eq!(versions.version(), UNKNOWN);
        versions.set(7, 6, 5);
        assert_eq!(
            (versions.version(), versions.names(), versions.people()),
            (7, 6, 5)
        );
        assert_eq!(*seen.borrow(), 7);
    }
}
