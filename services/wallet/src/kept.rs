//! The catalogue's answers kept while its content version is the one they were asked at. The catalogue answers
//! from the indexed ledger (and the staff's content) alone, and moves its published version with every commit
//! that changes them; an answer kept under the version read before asking is never older than the versions
//! announced (`stamps_platform::versions`). What decides whether something can be bought or spent also reads the
//! pending view (what the mempool will do), so it is kept under the pending view's version too. While no version
//! is known nothing is kept. A replica keeps its own.

use std::hash::Hash;
use std::sync::Arc;

use stamps_platform::versions::{CatalogueVersions, UNKNOWN};
use stamps_proto::catalogue::v1 as cat;
use tonic::Status;

/// What a replica keeps of the catalogue's answers.
pub(crate) struct Answers {
    /// Whether an outpoint holds a Counterparty balance.
    pub(crate) held: ByVersion<bitcoin::OutPoint, bool>,
    /// Terms of a fairminter, an SRC-20 tick or a launchpad, by (key, address).
    pub(crate) fairmint: ByVersion<(String, String), Arc<cat::FairmintTerms>>,
    pub(crate) src20: ByVersion<(String, String), Arc<cat::Src20Terms>>,
    pub(crate) launchpad: ByVersion<(String, String), Arc<cat::LaunchpadTerms>>,
    /// Dispensers by (tx hashes, addresses asked about).
    pub(crate) dispensers: ByVersion<(Vec<String>, Vec<String>), Arc<cat::SaleDispensersResponse>>,
    /// Listings by UTXOs.
    pub(crate) listings: ByVersion<Vec<String>, Arc<cat::SaleListingsResponse>>,
}

/// Outpoints whose holding is kept.
const OUTPOINTS: usize = 200_000;
/// Answers of each other kind kept.
const ANSWERS: usize = 10_000;

impl Answers {
    /// Empty, following `versions`.
    pub(crate) fn new(versions: &CatalogueVersions) -> Self {
        Self {
            held: ByVersion::new(versions.clone(), OUTPOINTS).pending(),
            fairmint: ByVersion::new(versions.clone(), ANSWERS).pending(),
            src20: ByVersion::new(versions.clone(), ANSWERS).pending(),
            launchpad: ByVersion::new(versions.clone(), ANSWERS).pending(),
            dispensers: ByVersion::new(versions.clone(), ANSWERS).pending(),
            listings: ByVersion::new(versions.clone(), ANSWERS).pending(),
        }
    }
}

/// The versions an answer was asked at: the content's, and the pending view's when it reads it (else 0).
type Stamp = (u64, u64);

/// Answers by key, each with the versions it was asked at.
pub(crate) struct ByVersion<K, V> {
    versions: CatalogueVersions,
    answers: quick_cache::sync::Cache<K, (Stamp, V)>,
    /// Whether the answers read the pending view.
    pending: bool,
}

impl<K, V> ByVersion<K, V>
where
    K: Eq + Hash + Clone,
    V: Clone,
{
    /// At most `entries` answers, following `versions`.
    pub(crate) fn new(versions: CatalogueVersions, entries: usize) -> Self {
        Self {
            versions,
            answers: quick_cache::sync::Cache::new(entries),
            pending: false,
        }
    }

    /// Kept under the pending view's version as well.
    pub(crate) fn pending(mut self) -> Self {
        self.pending = true;
        self
    }

    /// The current versions; unknown when the content's (or the pending view's, when read) is.
    pub(crate) fn version(&self) -> Stamp {
        let pending = if self.pending {
            self.versions.pending()
        } else {
            0
        };
        (self.versions.version(), pending)
    }

    fn unknown(&self, (version, pending): Stamp) -> bool {
        version == UNKNOWN || (self.pending && pending == UNKNOWN)
    }

    /// `key`'s answer if it was asked at `version`.
    pub(crate) fn get(&self, key: &K, version: Stamp) -> Option<V> {
        if self.unknown(version) {
            return None;
        }
        self.answers
            .get(key)
            .filter(|(at, _)| *at == version)
            .map(|(_, answer)| answer)
    }

    /// Keeps `answer`, asked at `version`, while that version is current.
    pub(crate) fn put(&self, key: K, version: Stamp, answer: V) {
        if !self.unknown(version) && self.version() == version {
            self.answers.insert(key, (version, answer));
        }
    }

    /// `key`'s kept answer, else `ask`'s, kept when it succeeds.
    pub(crate) async fn get_or<F>(&self, key: K, ask: F) -> Result<V, Status>
    where
        F: Future<Output = Result<V, Status>>,
    {
        let version = self.version();
        if let Some(answer) = self.get(&key, version) {
            return Ok(answer);
        }
        let answer = ask.await?;
        self.put(key, version, answer.clone());
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_answer_is_kept_for_its_version_only() {
        let versions = CatalogueVersions::default();
        let kept: ByVersion<u32, u32> = ByVersion::new(versions.clone(), 16);
        let asked = std::sync::atomic::AtomicU32::new(0);
        let ask = || async {
            Ok::<_, Status>(asked.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1)
        };
        // No version known: every call asks.
        assert_eq!(kept.get_or(1, ask()).await.ok(), Some(1));
        assert_eq!(kept.get_or(1, ask()).await.ok(), Some(2));
        versions.set(5, 5, 5);
        assert_eq!(kept.get_or(1, ask()).await.ok(), Some(3));
        assert_eq!(
            kept.get_or(1, ask()).await.ok(),
            Some(3),
            "kept at version 5"
        );
        versions.set(6, 6, 6);
        assert_eq!(
            kept.get_or(1, ask()).await.ok(),
            Some(4),
            "asked again at 6"
        );
        // An answer whose version moved while it was asked for is not kept.
        let version = kept.version();
        versions.set(7, 7, 7);
        kept.put(2, version, 99);
        assert_eq!(kept.get(&2, (7, 0)), None);
        assert_eq!(kept.get(&2, version), None);
        // A failure is not kept.
        let failed = kept
            .get_or(3, async { Err::<u32, _>(Status::unavailable("down")) })
            .await;
        assert!(failed.is_err());
        assert_eq!(kept.get_or(3, ask()).await.ok(), Some(5));

        // An answer that reads the pending view is asked again when only the pending view moved.
        let pending: ByVersion<u32, u32> = ByVersion::new(versions.clone(), 16).pending();
        let at = |pending| stamps_platform::versions::Versions {
            version: 8,
            names: 8,
            people: 8,
            pending,
        };
        versions.set_all(at(1));
        assert_eq!(pending.get_or(1, ask()).await.ok(), Some(6));
        assert_eq!(pending.get_or(1, ask()).await.ok(), Some(6), "kept");
        assert_eq!(kept.get_or(1, ask()).await.ok(), Some(7));
        versions.set_all(at(2));
        assert_eq!(
            pending.get_or(1, ask()).await.ok(),
            Some(8),
            "the mempool moved"
        );
        assert_eq!(
            kept.get_or(1, ask()).await.ok(),
            Some(7),
            "an answer not reading it stays"
        );
    }
}
