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
    /// Pool size per service.
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
