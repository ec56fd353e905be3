//! The content-addressed store for stamp files: a JetStream object store keyed by the sha256 of the bytes.
//! Events carry the hash, size and MIME type, never the file (no event is larger than 1 MiB).

use async_nats::HeaderMap;
use async_nats::jetstream::context::{PublishAckFuture, PublishError, PublishErrorKind};
use async_nats::jetstream::object_store::{self, ObjectInfo, ObjectOptions, ObjectStore};
use async_nats::jetstream::publish::PublishAck;
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

/// Files whose messages [`ContentStore::put_many`] keeps in flight at most.
const GROUP_FILES: usize = 2048;
/// Bytes of files whose messages [`ContentStore::put_many`] keeps in flight at most.
const GROUP_BYTES: usize = 16 * 1024 * 1024;

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
        let digest = digest_of(key)?;
        if bytes.is_empty() {
            // No chunk to roll the subject up with: the object store's own put handles the empty file.
            let mut reader: &[u8] = &bytes;
            self.store
                .put(key, &mut reader)
                .await
                .map_err(|e| ContentError(e.to_string()))?;
            return Ok(());
        }
        let chunks = bytes.len().div_ceil(CHUNK_SIZE);
        if chunks == 1 {
            let ack = self.publish_where_empty(self.chunk_subject(key), bytes.clone());
            settle_where_empty(key, ack.await?.await)?;
        } else {
            let chunk_subject = self.chunk_subject(key);
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
        let ack =
            self.publish_where_empty(self.info_subject(key), self.info(key, &digest, &bytes)?);
        settle_where_empty(key, ack.await?.await)
    }

    /// Stores each `(key, bytes)` as [`Self::put_keyed_bytes`] does, with many files' messages in flight at
    /// once: for a group of files of one chunk each, every chunk is published before any acknowledgement is
    /// awaited, then every info. The server takes a group's messages in a few reads instead of a round trip
    /// per file, and an info is still published only once its file's chunk is stored. Empty files and files
    /// of several chunks are stored one by one.
    pub async fn put_many(&self, files: &[(String, bytes::Bytes)]) -> Result<(), ContentError> {
        let mut group: Vec<(&str, &bytes::Bytes)> = Vec::new();
        let mut group_bytes = 0;
        for (key, bytes) in files {
            if bytes.is_empty() || bytes.len() > CHUNK_SIZE {
                self.put_keyed_bytes(key, bytes.clone()).await?;
                continue;
            }
            group.push((key, bytes));
            group_bytes += bytes.len();
            if group.len() >= GROUP_FILES || group_bytes >= GROUP_BYTES {
                self.put_group(&group).await?;
                group.clear();
                group_bytes = 0;
            }
        }
        if group.is_empty() {
            return Ok(());
        }
        self.put_group(&group).await
    }

    /// Stores files of one chunk each: all chunks, then all infos (see [`Self::put_many`]).
    async fn put_group(&self, files: &[(&str, &bytes::Bytes)]) -> Result<(), ContentError> {
        let digests = files
            .iter()
            .map(|(key, _)| digest_of(key))
            .collect::<Result<Vec<_>, _>>()?;
        let mut acks = Vec::with_capacity(files.len());
        for (key, bytes) in files {
            acks.push(
                self.publish_where_empty(self.chunk_subject(key), (*bytes).clone())
                    .await?,
            );
        }
        for ((key, _), ack) in files.iter().zip(acks.drain(..)) {
            settle_where_empty(key, ack.await)?;
        }
        for ((key, bytes), digest) in files.iter().zip(&digests) {
            acks.push(
                self.publish_where_empty(self.info_subject(key), self.info(key, digest, bytes)?)
                    .await?,
            );
        }
        for ((key, _), ack) in files.iter().zip(acks) {
            settle_where_empty(key, ack.await)?;
        }
        Ok(())
    }

    fn chunk_subject(&self, key: &str) -> String {
        format!("$O.{}.C.{key}", self.bucket)
    }

    fn info_subject(&self, key: &str) -> String {
        format!("$O.{}.M.{}", self.bucket, URL_SAFE.encode(key))
    }

    /// The info message of the file `key` (`digest` is the key's bytes) whose bytes are `bytes`.
    fn info(&self, key: &str, digest: &[u8], bytes: &[u8]) -> Result<bytes::Bytes, ContentError> {
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
            chunks: bytes.len().div_ceil(CHUNK_SIZE),
            modified: None,
            digest: Some(format!("SHA-256={}", URL_SAFE.encode(digest))),
            deleted: false,
        };
        serde_json::to_vec(&info)
            .map(Into::into)
            .map_err(|e| put_failed(key, &e))
    }

    /// Publishes `payload` on `subject` on the condition that the subject holds no message yet; the
    /// acknowledgement tells, and [`settle_where_empty`] reads it.
    async fn publish_where_empty(
        &self,
        subject: String,
        payload: bytes::Bytes,
    ) -> Result<PublishAckFuture, ContentError> {
        let mut headers = HeaderMap::new();
        headers.insert("Nats-Expected-Last-Subject-Sequence", "0");
        self.js
            .publish_with_headers(subject.clone(), headers, payload)
            .await
            .map_err(|e| put_failed(&subject, &e))
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

/// The 32 bytes a file's key names, or why the key is not a sha256.
fn digest_of(key: &str) -> Result<Vec<u8>, ContentError> {
    hex::decode(key)
        .ok()
        .filter(|d| d.len() == 32)
        .ok_or_else(|| ContentError(format!("not a sha256 key: {key:?}")))
}

/// The outcome of a [`ContentStore::publish_where_empty`]: stored, or left as it was because the subject
/// already held a message (the same bytes, as the key says).
fn settle_where_empty(
    key: &str,
    ack: Result<PublishAck, PublishError>,
) -> Result<(), ContentError> {
    match ack {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == PublishErrorKind::WrongLastSequence => Ok(()),
        Err(e) => Err(put_failed(key, &e)),
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
