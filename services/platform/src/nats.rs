//! JetStream: connection, the names of streams and subjects (with a per-deployment prefix), and stream setup.

use async_nats::jetstream::{self, stream};

use crate::config::NatsConfig;

/// Why NATS could not be used.
#[derive(Debug, thiserror::Error)]
pub enum NatsError {
    /// Connecting failed.
    #[error("nats connect: {0}")]
    Connect(#[from] async_nats::ConnectError),
    /// Creating or reading a stream failed.
    #[error("jetstream stream: {0}")]
    Stream(String),
}

/// The streams of the platform, with the subjects each one holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// Chain events from the indexer: `chain.>`. Kept forever: replays rebuild from it.
    Chain,
    /// User events from the auth service (profiles, linked addresses, wishlists): `users.>`. Kept forever.
    Users,
    /// User collection events: `collections.>`. Kept forever.
    Collections,
    /// Staff content imported by `stamps curation import`: `curation.>`. Kept forever.
    Curation,
    /// Fee rates from the fee oracle: `fees.>`. Kept a week.
    Fees,
    /// Atomic-swap listings from the wallet service: `listings.>`. Kept forever.
    Listings,
    /// Requests the gateways served, in batches: `analytics.>`. Kept a week (the analytics service keeps what
    /// it consumed).
    Analytics,
    /// The pending view from the indexer: `mempool.>`. Kept a day (the indexer states the whole waiting set
    /// after every block).
    Mempool,
}

impl Stream {
    /// Every stream.
    pub const ALL: [Stream; 8] = [
        Stream::Chain,
        Stream::Users,
        Stream::Collections,
        Stream::Curation,
        Stream::Fees,
        Stream::Listings,
        Stream::Analytics,
        Stream::Mempool,
    ];

    fn base(self) -> (&'static str, &'static str) {
        match self {
            Stream::Chain => ("CHAIN", "chain"),
            Stream::Users => ("USERS", "users"),
            Stream::Collections => ("COLLECTIONS", "collections"),
            Stream::Curation => ("CURATION", "curation"),
            Stream::Fees => ("FEES", "fees"),
            Stream::Listings => ("LISTINGS", "listings"),
            Stream::Analytics => ("ANALYTICS", "analytics"),
            Stream::Mempool => ("MEMPOOL", "mempool"),
        }
    }

    /// How long the stream keeps a message (zero: forever).
    fn max_age(self) -> std::time::Duration {
        match self {
            Stream::Fees | Stream::Analytics => std::time::Duration::from_secs(7 * 24 * 3600),
            Stream::Mempool => std::time::Duration::from_secs(24 * 3600),
            _ => std::time::Duration::ZERO,
        }
    }
}

/// A connected JetStream context plus the naming prefix.
#[derive(Clone)]
pub struct Nats {
    /// The core client.
    pub client: async_nats::Client,
    /// The JetStream context.
    pub js: jetstream::Context,
    prefix: String,
}

impl std::fmt::Debug for Nats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Nats")
            .field("prefix", &self.prefix)
            .finish_non_exhaustive()
    }
}

impl Nats {
    /// Connects to the configured server.
    pub async fn connect(config: &NatsConfig) -> Result<Self, NatsError> {
        let client = async_nats::ConnectOptions::new()
            .retry_on_initial_connect()
            .connection_timeout(std::time::Duration::from_secs(5))
            .connect(&config.url)
            .await?;
        let js = jetstream::new(client.clone());
        Ok(Self {
            client,
            js,
            prefix: sanitize(&config.prefix),
        })
    }

    /// A stream's name: `CHAIN`, or `T1_CHAIN` with prefix `t1`.
    pub fn stream_name(&self, stream: Stream) -> String {
        let (name, _) = stream.base();
        if self.prefix.is_empty() {
            name.to_owned()
        } else {
            format!("{}_{name}", self.prefix.to_uppercase())
        }
    }

    /// A subject: `chain.block.indexed`, or `t1.chain.block.indexed` with prefix `t1`.
    pub fn subject(&self, subject: &str) -> String {
        if self.prefix.is_empty() {
            subject.to_owned()
        } else {
            format!("{}.{subject}", self.prefix)
        }
    }

    /// Removes the deployment prefix from a received subject.
    pub fn unprefixed<'a>(&self, subject: &'a str) -> &'a str {
        if self.prefix.is_empty() {
            return subject;
        }
        subject
            .strip_prefix(&self.prefix)
            .and_then(|s| s.strip_prefix('.'))
            .unwrap_or(subject)
    }

    /// A bucket name (object store or key-value), prefixed like streams.
    pub fn bucket(&self, name: &str) -> String {
        if self.prefix.is_empty() {
            name.to_owned()
        } else {
            format!("{}_{name}", self.prefix)
        }
    }

    /// Creates the stream when missing (file storage, kept for the stream's age, 2-minute duplicate window).
    pub async fn ensure_stream(&self, stream: Stream) -> Result<stream::Stream, NatsError> {
        let (_, subject) = stream.base();
        self.js
            .get_or_create_stream(stream::Config {
                name: self.stream_name(stream),
                subjects: vec![self.subject(&format!("{subject}.>"))],
                storage: stream::StorageType::File,
                retention: stream::RetentionPolicy::Limits,
                duplicate_window: std::time::Duration::from_secs(120),
                max_age: stream.max_age(),
                ..Default::default()
            })
            .await
            .map_err(|e| NatsError::Stream(e.to_string()))
    }
}

/// The key-value bucket of live values the site shows (`cpVersion`, fee rates, prices, ...): the gateway
/// serves it on `/api/realtime`.
pub const REALTIME_BUCKET: &str = "realtime";

/// The key-value bucket of the day keys the gateways hash visitors' addresses with (each kept two days).
pub const VISITOR_KEYS_BUCKET: &str = "analytics-visitor-keys";

/// The key-value bucket of the wallet replicas' dispenser locks (see `stamps_wallet::locks`).
pub const DISPENSER_LOCKS_BUCKET: &str = "wallet-dispenser-locks";

impl Nats {
    /// The `realtime` key-value bucket, created when missing (latest value only, file storage).
    pub async fn realtime(&self) -> Result<async_nats::jetstream::kv::Store, NatsError> {
        self.kv_bucket(REALTIME_BUCKET, std::time::Duration::ZERO)
            .await
    }

    /// The key-value bucket `bucket` of this deployment, created when missing: the latest value of each key only,
    /// file storage, each value kept for `max_age` (zero: for ever). The bucket's stream is created directly, as
    /// the key-value conventions lay it out, because the client's own bucket creation first reads account
    /// information in a shape NATS 2.9 does not send.
    pub async fn kv_bucket(
        &self,
        bucket: &str,
        max_age: std::time::Duration,
    ) -> Result<async_nats::jetstream::kv::Store, NatsError> {
        let name = self.bucket(bucket);
        self.js
            .get_or_create_stream(stream::Config {
                name: format!("KV_{name}"),
                subjects: vec![format!("$KV.{name}.>")],
                max_messages_per_subject: 1,
                max_age,
                storage: stream::StorageType::File,
                allow_rollup: true,
                deny_delete: true,
                allow_direct: true,
                discard: stream::DiscardPolicy::New,
                num_replicas: 1,
                ..Default::default()
            })
            .await
            .map_err(|e| NatsError::Stream(e.to_string()))?;
        self.js
            .get_key_value(&name)
            .await
            .map_err(|e| NatsError::Stream(e.to_string()))
    }

    /// Sets the live value `key` to `value` (JSON text).
    pub async fn put_realtime(
        &self,
        key: &str,
        value: &serde_json::Value,
    ) -> Result<(), NatsError> {
        self.realtime()
            .await?
            .put(key, value.to_string().into())
            .await
            .map(|_| ())
            .map_err(|e| NatsError::Stream(e.to_string()))
    }
}

impl Nats {
    /// Deletes every stream and the file bucket of this deployment (development and tests).
    pub async fn purge(&self) -> Result<(), NatsError> {
        for stream in Stream::ALL {
            match self.js.delete_stream(self.stream_name(stream)).await {
                Ok(_) => {}
                Err(e) if e.to_string().contains("not found") => {}
                Err(e) => return Err(NatsError::Stream(e.to_string())),
            }
        }
        let _ = self
            .js
            .delete_object_store(self.bucket(crate::content::BUCKET))
            .await;
        for bucket in [REALTIME_BUCKET, VISITOR_KEYS_BUCKET, DISPENSER_LOCKS_BUCKET] {
            let _ = self.js.delete_key_value(self.bucket(bucket)).await;
        }
        Ok(())
    }
}

/// Keeps letters, digits and `_` (NATS names and subject tokens must not contain `.`, `*`, `>` or spaces).
fn sanitize(prefix: &str) -> String {
    prefix
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect::<String>()
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    #[test]
    fn sanitizes_prefixes() {
        assert_eq!(super::sanitize("t-1.x*"), "t1x");
    }
}
