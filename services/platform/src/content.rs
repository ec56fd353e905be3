//! The content-addressed store for stamp files: a JetStream object store keyed by the sha256 of the bytes.
//! Events carry the hash, size and MIME type, never the file (no event is larger than 1 MiB).

use async_nats::jetstream::object_store::{self, ObjectStore};
use bitcoin::hashes::{Hash, sha256};
use tokio::io::AsyncReadExt;

use crate::nats::Nats;

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
#[error("content store: {0}")]
pub struct ContentError(String);

/// The object store bucket (before the deployment prefix).
pub const BUCKET: &str = "stamp-files";

/// Stamp files by sha256.
#[derive(Clone)]
pub struct ContentStore {
    store: ObjectStore,
}

/// The lowercase hex sha256 of `bytes`: a file's key in the store.
pub fn sha256_hex(bytes: &[u8]) -> String {
    sha256::Hash::hash(bytes).to_string()
}

impl ContentStore {
    /// Opens the `stamp-files` bucket, creating it when missing.
    pub async fn open(nats: &Nats) -> Result<Self, ContentError> {
        let bucket = nats.bucket(BUCKET);
        let store = match nats.js.get_object_store(&bucket).await {
            Ok(store) => store,
            Err(_) => nats
                .js
                .create_object_store(object_store::Config {
                    bucket,
                    ..Default::default()
                })
                .await
                .map_err(|e| ContentError(e.to_string()))?,
        };
        Ok(Self { store })
    }

    /// Stores `bytes` under their hash (idempotent) and returns the hash.
    pub async fn put(&self, bytes: &[u8]) -> Result<String, ContentError> {
        let key = sha256_hex(bytes);
        if self.store.info(&key).await.is_ok() {
            return Ok(key);
        }
        let mut reader = bytes;
        self.store
            .put(key.as_str(), &mut reader)
            .await
            .map_err(|e| ContentError(e.to_string()))?;
        Ok(key)
    }

    /// The file with hash `key`, or `None` when the store does not hold it.
    pub async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, ContentError> {
        let mut object = match self.store.get(key).await {
            Ok(o) => o,
            Err(e) if e.kind() == object_store::GetErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(ContentError(e.to_string())),
        };
        let mut out = Vec::new();
        object
            .read_to_end(&mut out)
            .await
            .map_err(|e| ContentError(e.to_string()))?;
        Ok(Some(out))
    }
}
