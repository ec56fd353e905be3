//! The payloads of the indexer's `BlockIndexed` outbox rows. A block's transaction writes its facts and one
//! outbox row per event part naming the block, not the event's bytes: every byte of an event is already in the
//! facts, and writing it twice (then reading it back and deleting it) was a large share of the database's
//! work. The relay asks for a row's payload when it publishes it: the parts the block's preparation encoded,
//! while they are held in memory (the usual case, right after the commit), else the same parts built again
//! from the committed facts (after a restart, or once the memory's bound is reached).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use futures::future::BoxFuture;
use sqlx::PgPool;
use stamps_platform::outbox::DeferredPayloads;

use crate::events;
use crate::tables;

/// Bytes of encoded events held for the relay at most; beyond it, rows are built again from the facts.
const MEMORY_BOUND: usize = 256 * 1024 * 1024;

/// The outbox message id of part `part` of the block `hash`'s `BlockIndexed`.
pub fn msg_id(hash: &str, part: usize) -> String {
    if part == 0 {
        events::indexed_msg_id(hash)
    } else {
        format!("{}:part{part}", events::indexed_msg_id(hash))
    }
}

/// The block hash and part a `BlockIndexed` message id names.
pub fn parse_msg_id(msg_id: &str) -> Option<(&str, usize)> {
    let rest = msg_id.strip_prefix("indexed:")?;
    match rest.split_once(":part") {
        Some((hash, part)) => Some((hash, part.parse().ok().filter(|p| *p > 0)?)),
        None => Some((rest, 0)),
    }
}

#[derive(Default)]
struct Held {
    blocks: HashMap<String, Arc<Vec<Vec<u8>>>>,
    bytes: usize,
}

/// Gives the payloads of `BlockIndexed` rows (see the module's text).
pub struct BlockEvents {
    pool: PgPool,
    held: Mutex<Held>,
}

impl BlockEvents {
    /// Events of the indexer whose tables are in `pool`.
    pub fn new(pool: PgPool) -> Self {
        Self {
            pool,
            held: Mutex::new(Held::default()),
        }
    }

    fn held(&self) -> MutexGuard<'_, Held> {
        // The map stays consistent whatever a panicking holder did: each change is one insert or remove.
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Holds the encoded parts of the block `hash` for the relay (unless the bound is reached).
    pub fn hold(&self, hash: &str, parts: Arc<Vec<Vec<u8>>>) {
        let size: usize = parts.iter().map(Vec::len).sum();
        let mut held = self.held();
        if held.bytes + size > MEMORY_BOUND {
            return;
        }
        if let Some(old) = held.blocks.insert(hash.to_owned(), parts) {
            held.bytes -= old.iter().map(Vec::len).sum::<usize>();
        }
        held.bytes += size;
    }

    /// Forgets every held block (after a failure: what was held may not have committed).
    pub fn forget(&self) {
        let mut held = self.held();
        held.blocks.clear();
        held.bytes = 0;
    }

    /// The parts of the block `hash`'s `BlockIndexed`: held, else built from the committed facts (`None`: no
    /// indexed block has that hash).
    pub async fn parts(&self, hash: &str) -> Result<Option<Arc<Vec<Vec<u8>>>>, sqlx::Error> {
        if let Some(parts) = self.held().blocks.get(hash) {
            return Ok(Some(parts.clone()));
        }
        let mut conn = self.pool.acquire().await?;
        Ok(tables::block_facts(&mut conn, hash)
            .await?
            .map(|facts| Arc::new(events::from_facts(hash.to_owned(), facts))))
    }

    /// The parts built from the facts `conn` sees, never the held ones: what the relay would publish after a
    /// restart.
    pub async fn parts_from_facts(
        conn: &mut sqlx::PgConnection,
        hash: &str,
    ) -> Result<Option<Vec<Vec<u8>>>, sqlx::Error> {
        Ok(tables::block_facts(conn, hash)
            .await?
            .map(|facts| events::from_facts(hash.to_owned(), facts)))
    }
}

impl BlockEvents {
    /// Gives the deferred rows of the blocks `hashes` their payloads inside `tx`, before an unwind deletes the
    /// facts they would be built from: a block indexed and unwound before the relay published it is still
    /// published, then reverted.
    pub async fn materialize(
        &self,
        tx: &mut sqlx::PgConnection,
        hashes: &std::collections::HashSet<String>,
    ) -> Result<(), sqlx::Error> {
        let rows =
            stamps_platform::outbox::deferred_rows(&mut *tx, events::SUBJECT_INDEXED).await?;
        for (id, msg_id) in rows {
            let Some((hash, part)) = parse_msg_id(&msg_id) else {
                continue;
            };
            if !hashes.contains(hash) {
                continue;
            }
            let held = self.held().blocks.get(hash).cloned();
            let parts = match held {
                Some(parts) => Some(parts),
                None => Self::parts_from_facts(&mut *tx, hash).await?.map(Arc::new),
            };
            if let Some(payload) = parts.as_ref().and_then(|p| p.get(part)) {
                stamps_platform::outbox::set_payload(&mut *tx, id, payload).await?;
            }
        }
        Ok(())
    }
}

impl DeferredPayloads for BlockEvents {
    fn payload<'a>(
        &'a self,
        subject: &'a str,
        msg_id: &'a str,
    ) -> BoxFuture<'a, Result<Vec<u8>, String>> {
        Box::pin(async move {
            if subject != events::SUBJECT_INDEXED {
                return Err(format!("no deferred payloads on {subject}"));
            }
            let (hash, part) = parse_msg_id(msg_id)
                .ok_or_else(|| format!("not a block's message id: {msg_id}"))?;
            let parts = self
                .parts(hash)
                .await
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("no indexed block {hash}"))?;
            parts
                .get(part)
                .cloned()
                .ok_or_else(|| format!("block {hash} has {} parts, not {}", parts.len(), part + 1))
        })
    }

    fn published(&self, msg_ids: &[&str]) {
        let mut held = self.held();
        for (hash, part) in msg_ids.iter().filter_map(|m| parse_msg_id(m)) {
            // A block is let go with its last part.
            if held.blocks.get(hash).is_some_and(|p| p.len() == part + 1)
                && let Some(parts) = held.blocks.remove(hash)
            {
                held.bytes -= parts.iter().map(Vec::len).sum::<usize>();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_ids_name_the_block_and_the_part() {
        let hash = "ab".repeat(32);
        for part in [0, 1, 17] {
            assert_eq!(
                parse_msg_id(&msg_id(&hash, part)),
                Some((hash.as_str(), part))
            );
        }
        assert_eq!(parse_msg_id("reverted:00"), None);
        assert_eq!(parse_msg_id("indexed:00:part0"), None);
        assert_eq!(parse_msg_id("indexed:00:partx"), None);
    }
}
