//! Layered configuration: defaults < `stamps.toml` < `STAMPS_*` environment variables (`__` for nesting)
//! < command-line flags.

use std::path::Path;

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// Where Postgres is.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct PostgresConfig {
    /// Connection URL; the database is created when missing. Never logged (it may hold a password).
    pub url: String,
    /// Pool size per service; a service running single statements apart ([`crate::statements`]) opens up to as
    /// many again for them.
    pub max_connections: u32,
}

impl Default for PostgresConfig {
    fn default() -> Self {
        Self {
            url: "postgres://postgres@127.0.0.1:5432/stamps".into(),
            max_connections: 8,
        }
    }
}

/// Where NATS is, and the prefix that isolates one deployment's streams from another's on the same server.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct NatsConfig {
    /// Server URL.
    pub url: String,
    /// Prefix for stream, bucket and subject names (empty in production; unique per test).
    pub prefix: String,
}

impl Default for NatsConfig {
    fn default() -> Self {
        Self {
            url: "nats://127.0.0.1:4222".into(),
            prefix: String::new(),
        }
    }
}

/// Where a Bitcoin node is, for the services that read from it or send to it beside the indexer (the fee oracle,
/// the wallet): Core's JSON-RPC, and a mempool.space-compatible HTTP API (`/api/...`).
#[derive(Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct NodeConfig {
    /// JSON-RPC URL.
    pub rpc_url: String,
    /// RPC user name (with `rpc_password`); when absent, `rpc_cookie_file` is used if set.
    pub rpc_user: Option<String>,
    /// RPC password. Never logged.
    pub rpc_password: Option<String>,
    /// Path of Core's `.cookie` file.
    pub rpc_cookie_file: Option<std::path::PathBuf>,
    /// Base URL of the mempool-style API (fees, prices, an address's UTXOs), without the `/api` part.
    pub api_url: String,
}

impl Default for NodeConfig {
    fn default() -> Self {
        Self {
            rpc_url: "http://127.0.0.1:18443".into(),
            rpc_user: None,
            rpc_password: None,
            rpc_cookie_file: None,
            api_url: "http://127.0.0.1:18444".into(),
        }
    }
}

impl std::fmt::Debug for NodeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NodeConfig")
            .field("rpc_url", &self.rpc_url)
            .field("rpc_user", &self.rpc_user)
            .field("rpc_cookie_file", &self.rpc_cookie_file)
            .field("api_url", &self.api_url)
            .finish_non_exhaustive()
    }
}

/// Why configuration could not be loaded.
#[derive(Debug, thiserror::Error)]
#[error("invalid configuration: {0}")]
pub struct ConfigError(#[from] Box<figment::Error>);

/// Loads `T` from its defaults, then `file` (when it exists), then `STAMPS_*` variables, then `overrides`
/// (the command-line flags that were given, as a serializable value whose `None` fields are skipped).
pub fn load<T>(file: &Path, overrides: impl Serialize) -> Result<T, ConfigError>
where
    T: Default + Serialize + DeserializeOwned,
{
    Figment::from(Serialized::defaults(T::default()))
        .merge(Toml::file(file))
        .merge(Env::prefixed("STAMPS_").split("__"))
        .merge(Serialized::defaults(overrides))
        .extract()
        .map_err(|e| ConfigError(Box::new(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, Serialize, Deserialize)]
    #[serde(default)]
    struct Settings {
        postgres: PostgresConfig,
        nats: NatsConfig,
    }

    #[derive(Serialize)]
    struct Flags {
        #[serde(skip_serializing_if = "Option::is_none")]
        nats: Option<NatsFlags>,
    }

    #[derive(Serialize)]
    struct NatsFlags {
        prefix: String,
    }

    #[test]
    fn layers_apply_in_order() {
        let dir = std::env::temp_dir().join(format!("stamps-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let file = dir.join("stamps.toml");
        std::fs::write(
            &file,
            "[nats]\nurl = \"nats://file:1\"\nprefix = \"file\"\n",
        )
        .expect("write");
        let s: Settings = load(&file, Flags { nats: None }).expect("load");
        assert_eq!(s.nats.url, "nats://file:1");
        assert_eq!(s.postgres.max_connections, 8);
        let s: Settings = load(
            &file,
            Flags {
                nats: Some(NatsFlags {
                    prefix: "flag".into(),
                }),
            },
        )
        .expect("load");
        assert_eq!(s.nats.prefix, "flag");
        std::fs::remove_dir_all(dir).ok();
    }
}
