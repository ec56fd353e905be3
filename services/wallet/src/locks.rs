//! Purchases from one dispenser are sent one at a time, whichever replica serves them.
//!
//! The check that a dispenser still has the lots a transaction pays for reads the confirmed ledger and the pending
//! view; the pending view takes a sent transaction in a moment later (the indexer reads the mempool at its own
//! pace). Two purchases of the last lot checked within that moment would both pass, and the second buyer would pay
//! for nothing: the node cannot tell, as they spend different coins. So a replica sending a purchase first takes
//! each dispenser it pays (a key of a JetStream key-value bucket, created only where it is absent), checks, sends,
//! and keeps the dispensers until the catalogue has seen the transaction; the next purchase from them is then
//! checked against it. A replica that dies holding a dispenser lets go when the bucket's values expire.

use std::time::{Duration, Instant};

use async_nats::jetstream::kv::{CreateErrorKind, Store};
use stamps_platform::nats::{DISPENSER_LOCKS_BUCKET, Nats, NatsError};
use tonic::Status;

/// What a purchase waiting too long for a dispenser is told.
pub const BUSY: &str = "Another purchase from this dispenser is being sent right now. Nothing was sent: try again \
                        in a moment";

/// How often a purchase waiting for a dispenser tries again.
const RETRY: Duration = Duration::from_millis(20);

/// The bucket of dispensers being bought from, and how long a purchase waits for one.
#[derive(Clone)]
pub struct Locks {
    store: Store,
    wait: Duration,
}

impl Locks {
    /// The bucket, created when missing; a hold lasts `hold` at the most, and a purchase waits up to `wait`.
    pub async fn open(nats: &Nats, hold: Duration, wait: Duration) -> Result<Self, NatsError> {
        let store = nats
            .kv_bucket(DISPENSER_LOCKS_BUCKET, hold.max(Duration::from_secs(1)))
            .await?;
        Ok(Self { store, wait })
    }

    /// Takes every dispenser address of `sources` (in order, so that two purchases never wait on each other),
    /// waiting for those another purchase holds. Refused (FAILED_PRECONDITION) with [`BUSY`] after the wait.
    pub async fn take(&self, sources: &[String]) -> Result<Held, Status> {
        let mut keys: Vec<&String> = sources.iter().collect();
        keys.sort();
        keys.dedup();
        let mut held = Held {
            store: self.store.clone(),
            keys: Vec::new(),
        };
        let deadline = Instant::now() + self.wait;
        for key in keys {
            let name = key_of(key);
            loop {
                match self.store.create(&name, Default::default()).await {
                    Ok(revision) => {
                        held.keys.push((name, revision));
                        break;
                    }
                    Err(e) if e.kind() == CreateErrorKind::AlreadyExists => {
                        if Instant::now() >= deadline {
                            held.release().await;
                            return Err(Status::failed_precondition(BUSY));
                        }
                        tokio::time::sleep(RETRY).await;
                    }
                    Err(e) => {
                        held.release().await;
                        return Err(Status::unavailable(format!(
                            "the dispenser locks are unavailable: {e}"
                        )));
                    }
                }
            }
        }
        Ok(held)
    }
}

/// A key-value key for an address (letters and digits, as every address format is).
fn key_of(address: &str) -> String {
    address
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect()
}

/// Dispensers a purchase holds, each with the revision it wrote. Let go with [`Held::release`]; a hold dropped
/// unreleased (a request cancelled midway) is let go in the background.
pub struct Held {
    store: Store,
    keys: Vec<(String, u64)>,
}

impl Held {
    /// Lets every dispenser go (only the holds this purchase wrote: one that expired and was taken since stays).
    pub async fn release(mut self) {
        let keys = std::mem::take(&mut self.keys);
        release(&self.store, keys).await;
    }
}

async fn release(store: &Store, keys: Vec<(String, u64)>) {
    for (key, revision) in keys {
        if let Err(e) = store.delete_expect_revision(&key, Some(revision)).await {
            tracing::debug!(error = %e, key, "a dispenser hold was not let go; it expires");
        }
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let keys = std::mem::take(&mut self.keys);
        if keys.is_empty() {
            return;
        }
        let store = self.store.clone();
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move { release(&store, keys).await });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_its_own_key() {
        assert_eq!(
            key_of("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"),
            "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
        );
        assert_eq!(key_of("1A1z.P1*eP>5"), "1A1zP1eP5");
    }
}
