//! The content-addressed store for stamp files: a JetStream object store keyed by the sha256 of the bytes.
//! Events carry the hash, size and MIME type, never the file (no event is larger than 1 MiB).

use async_nats::HeaderMap;
use async_nats::jetstream::context::PublishErrorKind;
use async_nats::jetstream::object_store::{self, ObjectInfo, ObjectOptions, ObjectStore};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE;
use bitcoin::hashes::{Hash, sha256};
use tokio::io::AsyncReadExt;

use crate::nats::Nats;

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
#[error("content store: {0}")]
pub struct ContentError(String);

impl ContentError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

/// The object store bucket (before the deployment prefix).
pub const BUCKET: &str = "stamp-files";

/// Largest chunk a file is stored in (the object store's default).
const CHUNK_SIZE: usize = 128 * 1024;

/// Stamp files by sha256.
#[derive(Clone)]
pub struct ContentStore {
    store: ObjectStore,
    js: async_nats::jetstream::Context,
    bucket: String,
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
                    bucket: bucket.clone(),
                    ..Default::default()
                })
                .await
                .map_err(|e| ContentError(e.to_string()))?,
        };
        Ok(Self {
            store,
            js: nats.js.clone(),
            bucket,
        })
    }

    /// Stores `bytes` under their hash (idempotent) and returns the hash.
    pub async fn put(&self, bytes: &[u8]) -> Result<String, ContentError> {
        let key = sha256_hex(bytes);
        self.put_keyed(&key, bytes).await?;
        Ok(key)
    }

    /// Stores `bytes` under `key`, which the caller computed as [`sha256_hex`] of them. Idempotent, and
    /// without a lookup first: storing a new file costs its chunk and info messages, nothing more.
    ///
    /// The messages follow the JetStream object store's layout (chunks on `$O.<bucket>.C.<id>`, the info on
    /// `$O.<bucket>.M.<base64url(name)>`), so any object store client reads them. The chunks' id is the
    /// content hash rather than a random one, so a file has one place. A file of one chunk (every stamp) is
    /// written only where nothing is: its chunk and its info each expect their subject to be empty, and a
    /// file stored before (the same bytes, as the key says) costs one refused publish per message. A larger
    /// file's first chunk rolls its subject up instead, since a crash could have left only some of its chunks.
    pub async fn put_keyed(&self, key: &str, bytes: &[u8]) -> Result<(), ContentError> {
        self.put_keyed_bytes(key, bytes::Bytes::copy_from_slice(bytes))
            .await
    }

    /// [`Self::put_keyed`] for bytes the caller already holds as [`bytes::Bytes`]: its messages share them
    /// instead of copying them.
    pub async fn put_keyed_bytes(
        &self,
        key: &str,
        bytes: bytes::Bytes,
    ) -> Result<(), ContentError> {
        let digest = hex::decode(key)
            .ok()
            .filter(|d| d.len() == 32)
            .ok_or_else(|| ContentError(format!("not a sha256 key: {key:?}")))?;
        if bytes.is_empty() {
            // No chunk to roll the subject up with: the object store's own put handles the empty file.
            let mut reader: &[u8] = &bytes;
            self.store
                .put(key, &mut reader)
                .await
                .map_err(|e| ContentError(e.to_string()))?;
            return Ok(());
        }
        let chunk_subject = format!("$O.{}.C.{key}", self.bucket);
        let chunks = bytes.len().div_ceil(CHUNK_SIZE);
        if chunks == 1 {
            self.publish_where_empty(key, chunk_subject, bytes.clone())
                .await?;
        } else {
            let mut acks = Vec::with_capacity(chunks);
            for i in 0..chunks {
                let headers = if i == 0 { rollup() } else { HeaderMap::new() };
                let chunk = bytes.slice(i * CHUNK_SIZE..bytes.len().min((i + 1) * CHUNK_SIZE));
                acks.push(
                    self.js
                        .publish_with_headers(chunk_subject.clone(), headers, chunk)
                        .await
                        .map_err(|e| put_failed(key, &e))?,
                );
            }
            for ack in acks {
                ack.await.map_err(|e| put_failed(key, &e))?;
            }
        }
        // The info is written once every chunk is stored: a reader never finds info without its chunks.
        let info = ObjectInfo {
            name: key.to_owned(),
            description: None,
            metadata: Default::default(),
            headers: None,
            options: Some(ObjectOptions {
                link: None,
                max_chunk_size: Some(CHUNK_SIZE),
            }),
            bucket: self.bucket.clone(),
            nuid: key.to_owned(),
            size: bytes.len(),
            chunks,
            modified: None,
            digest: Some(format!("SHA-256={}", URL_SAFE.encode(&digest))),
            deleted: false,
        };
        let meta = serde_json::to_vec(&info).map_err(|e| put_failed(key, &e))?;
        self.publish_where_empty(
            key,
            format!("$O.{}.M.{}", self.bucket, URL_SAFE.encode(key)),
            meta.into(),
        )
        .await
    }

    /// Publishes `payload` on `subject` unless the subject already holds a message (then it is left as it is).
    async fn publish_where_empty(
        &self,
        key: &str,
        subject: String,
        payload: bytes::Bytes,
    ) -> Result<(), ContentError> {
        let mut headers = HeaderMap::new();
        headers.insert("Nats-Expected-Last-Subject-Sequence", "0");
        let ack = self
            .js
            .publish_with_headers(subject, headers, payload)
            .await
            .map_err(|e| put_failed(key, &e))?;
        match ack.await {
            Ok(_) => Ok(()),
            Err(e) if e.kind() == PublishErrorKind::WrongLastSequence => Ok(()),
            Err(e) => Err(put_failed(key, &e)),
        }
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

fn put_failed(key: &str, e: &dyn std::fmt::Display) -> ContentError {
    ContentError(format!("put {key}: {e}"))
}

/// The header that makes a message replace every earlier one on its subject.
fn rollup() -> HeaderMap {
    let mut headers = HeaderMap::new();
    headers.insert("Nats-Rollup", "sub");
    headers
}
