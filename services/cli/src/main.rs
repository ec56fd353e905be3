//! `stamps`: one binary for every service, all of them together, the devnet and the operator tools.
//!
//! Configuration is layered: defaults < `stamps.toml` (or `--config`) < `STAMPS_*` environment variables
//! (`__` separates sections, e.g. `STAMPS_POSTGRES__URL`) < the flags below.

mod decode;

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::{Parser, Subcommand};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use stamps_analytics::AnalyticsConfig;
use stamps_auth::AuthConfig;
use stamps_catalogue::CatalogueConfig;
use stamps_devnet::DevnetConfig;
use stamps_fees::FeesConfig;
use stamps_gateway::GatewayConfig;
use stamps_indexer::IndexerConfig;
use stamps_platform::config::{NatsConfig, NodeConfig, PostgresConfig};
use stamps_platform::shutdown::{self, Shutdown};
use stamps_wallet::WalletConfig;

/// How long services get to stop after a signal before the process exits anyway.
const SHUTDOWN_GRACE: Duration = Duration::from_millis(4500);

#[derive(Parser)]
#[command(
    name = "stamps",
    version,
    about = "Bitcoin Stamps, Counterparty and SRC-20 marketplace and explorer"
)]
struct Cli {
    /// Configuration file.
    #[arg(long, global = true, default_value = "stamps.toml")]
    config: PathBuf,
    /// Postgres URL.
    #[arg(long, global = true)]
    postgres_url: Option<String>,
    /// NATS URL.
    #[arg(long, global = true)]
    nats_url: Option<String>,
    /// Prefix of stream, bucket and subject names.
    #[arg(long, global = true)]
    nats_prefix: Option<String>,
    /// Bitcoin Core JSON-RPC URL the indexer follows (and the fee oracle and the wallet ask).
    #[arg(long, global = true)]
    rpc_url: Option<String>,
    /// Base URL of the node's mempool-style HTTP API (fees, prices, an address's coins).
    #[arg(long, global = true)]
    api_url: Option<String>,
    /// First block the indexer indexes.
    #[arg(long, global = true)]
    start_height: Option<u64>,
    /// First height whose header the indexer keeps (the headers up to the start height are checked).
    #[arg(long, global = true)]
    headers_from: Option<u64>,
    /// Catalogue gRPC listen address.
    #[arg(long, global = true)]
    grpc_listen: Option<String>,
    /// Gateway HTTP listen address.
    #[arg(long, global = true)]
    listen: Option<String>,
    /// The built frontend the gateway serves.
    #[arg(long, global = true)]
    static_dir: Option<PathBuf>,
    /// The catalogue's gRPC URL, for a gateway running on its own.
    #[arg(long, global = true)]
    catalogue_url: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Every service in one process (still real Postgres and NATS).
    All,
    /// The indexer alone (or, with `status`, where it stands against the node).
    Indexer {
        /// An action instead of running the indexer.
        #[command(subcommand)]
        action: Option<IndexerAction>,
    },
    /// The catalogue alone.
    Catalogue,
    /// The auth service alone (sign-in, sessions, accounts).
    Auth,
    /// The fee oracle alone (fee rates and prices, published live).
    Fees,
    /// The wallet service alone (purchases built as PSBTs, broadcasting); stateless, run as many as needed.
    Wallet,
    /// The analytics service alone (request events into rollups; the staff dashboard's figures).
    Analytics,
    /// The gateway alone.
    Gateway,
    /// The local Bitcoin network (or, with a subcommand, an action on a running one).
    Devnet {
        /// An action on a running devnet instead of starting one.
        #[command(subcommand)]
        action: Option<DevnetAction>,
        /// JSON-RPC listen address.
        #[arg(long)]
        rpc_listen: Option<String>,
        /// Listen address of the mempool-style HTTP API.
        #[arg(long)]
        api_listen: Option<String>,
        /// Height of the first block.
        #[arg(long)]
        first_height: Option<u64>,
        /// Scenario seed.
        #[arg(long)]
        seed: Option<u64>,
        /// The activity on the chain: `demo` (a marketplace worth browsing), `bench` (mainnet-like volume)
        /// or `minimal` (a few classic stamps).
        #[arg(long, value_parser = ["demo", "bench", "minimal"])]
        scenario: Option<String>,
        /// Size of the demo or bench scenario (1: nominal; 0.1: a tenth).
        #[arg(long)]
        scale: Option<f64>,
        /// Number of classic stamps of the minimal scenario.
        #[arg(long)]
        stamps: Option<u32>,
        /// Seconds between automatically mined blocks (0: only on request).
        #[arg(long)]
        block_interval: Option<u64>,
        /// Keep the chain and mempool in this directory across restarts.
        #[arg(long)]
        data_dir: Option<PathBuf>,
        /// Start a new chain, deleting what the data directory holds.
        #[arg(long)]
        fresh: bool,
    },
    /// Run every service's migrations and exit.
    Migrate,
    /// Delete this deployment's streams, buckets and database (development and tests only).
    Purge {
        /// Confirms the deletion.
        #[arg(long)]
        yes: bool,
    },
    /// Decode a raw transaction or block offline and print JSON.
    Decode {
        /// What to decode.
        #[command(subcommand)]
        what: decode::Decode,
    },
    /// Staff content: import a curation file (banners, featured collections, the themed featured stamps, the
    /// announcement, the advent calendar) as `curation.*` events.
    Curation {
        /// What to do.
        #[command(subcommand)]
        action: CurationAction,
    },
    /// Drop a service's read models and rebuild them from the streams.
    Replay {
        /// The service to rebuild.
        #[arg(value_enum)]
        service: ReplayTarget,
    },
}

#[derive(Subcommand)]
enum IndexerAction {
    /// Print the indexed height, the node's tip, the rate over the last minute and the protocol version.
    Status,
}

#[derive(Subcommand)]
enum DevnetAction {
    /// Replace the last N blocks of the running devnet (at `--rpc-url`) with a different, longer branch: some
    /// of the same transactions, some replaced by conflicting ones.
    Reorg {
        /// How many blocks to replace.
        #[arg(long)]
        depth: u64,
    },
}

#[derive(Subcommand)]
enum CurationAction {
    /// Check a curation file (JSON) and publish it: every kind it holds or leaves out, with its version.
    Import {
        /// The curation file.
        file: PathBuf,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum ReplayTarget {
    Catalogue,
}

/// Every service's settings, as one document.
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(default)]
struct Settings {
    postgres: PostgresConfig,
    nats: NatsConfig,
    indexer: IndexerConfig,
    catalogue: CatalogueConfig,
    auth: AuthConfig,
    node: NodeConfig,
    fees: FeesConfig,
    wallet: WalletConfig,
    analytics: AnalyticsConfig,
    gateway: GatewayConfig,
    devnet: DevnetConfig,
}

/// The flags that were given, as a partial settings document.
fn overrides(cli: &Cli) -> Value {
    let mut doc = Map::new();
    let mut set = |section: &str, key: &str, value: Value| {
        if let Value::Object(m) = doc.entry(section).or_insert_with(|| json!({})) {
            m.insert(key.to_owned(), value);
        }
    };
    let flags: [(&str, &str, Option<Value>); 12] = [
        ("postgres", "url", cli.postgres_url.clone().map(Value::from)),
        ("nats", "url", cli.nats_url.clone().map(Value::from)),
        ("nats", "prefix", cli.nats_prefix.clone().map(Value::from)),
        ("indexer", "rpc_url", cli.rpc_url.clone().map(Value::from)),
        ("node", "rpc_url", cli.rpc_url.clone().map(Value::from)),
        ("node", "api_url", cli.api_url.clone().map(Value::from)),
        ("indexer", "start_height", cli.start_height.map(Value::from)),
        ("indexer", "headers_from", cli.headers_from.map(Value::from)),
        (
            "catalogue",
            "grpc_listen",
            cli.grpc_listen.clone().map(Value::from),
        ),
        ("gateway", "listen", cli.listen.clone().map(Value::from)),
        (
            "gateway",
            "static_dir",
            cli.static_dir
                .as_ref()
                .map(|p| Value::from(p.display().to_string())),
        ),
        (
            "gateway",
            "catalogue_url",
            cli.catalogue_url.clone().map(Value::from),
        ),
    ];
    for (section, key, value) in flags {
        if let Some(v) = value {
            set(section, key, v);
        }
    }
    if let Command::Devnet {
        action: _,
        rpc_listen,
        api_listen,
        first_height,
        seed,
        scenario,
        scale,
        stamps,
        block_interval,
        data_dir,
        fresh,
    } = &cli.command
    {
        let devnet: [(&str, Option<Value>); 10] = [
            ("rpc_listen", rpc_listen.clone().map(Value::from)),
            ("api_listen", api_listen.clone().map(Value::from)),
            ("first_height", first_height.map(Value::from)),
            ("seed", seed.map(Value::from)),
            ("scenario", scenario.clone().map(Value::from)),
            ("scale", scale.map(Value::from)),
            ("stamps", stamps.map(Value::from)),
            ("block_interval_secs", block_interval.map(Value::from)),
            (
                "data_dir",
                data_dir
                    .as_ref()
                    .map(|d| Value::from(d.display().to_string())),
            ),
            ("fresh", fresh.then_some(Value::Bool(true))),
        ];
        for (key, value) in devnet {
            if let Some(v) = value {
                set("devnet", key, v);
            }
        }
    }
    Value::Object(doc)
}

// Decoding and indexing allocate and free many short-lived buffers across threads; mimalloc handles that
// pattern with far less time in the allocator than the system's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc 3's `mi_option_t` (`include/mimalloc.h`).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;
/// mimalloc's default purge delay, in milliseconds: the check that the index above names that option.
const MI_DEFAULT_PURGE_DELAY: std::os::raw::c_long = 10;
/// How long freed memory stays with the process before it is returned to the OS.
const PURGE_DELAY_MS: std::os::raw::c_long = 1_000;

/// mimalloc returns freed pages to the OS 10 ms after they empty. An indexer that frees a block's buffers and
/// allocates the next block's a few milliseconds later then takes a page fault, and the kernel zeroes the page
/// again, for most of what it allocates: a tenth of its CPU time in a replay. Memory freed now waits a second.
/// `MIMALLOC_PURGE_DELAY` in the environment, when set, wins.
fn tune_allocator() {
    if std::env::var_os("MIMALLOC_PURGE_DELAY").is_some() {
        return;
    }
    #[allow(unsafe_code)]
    // SAFETY: mi_option_get and mi_option_set read and write one option of the allocator's global table and
    // may be called at any time from any thread; the option is named by its index in the vendored header, and
    // it is set only when that index reads the documented default of that option.
    unsafe {
        if libmimalloc_sys::mi_option_get(MI_OPTION_PURGE_DELAY) == MI_DEFAULT_PURGE_DELAY {
            libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, PURGE_DELAY_MS);
        }
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tune_allocator();
    stamps_platform::telemetry::init();
    let cli = Cli::parse();
    if let Command::Decode { what } = cli.command {
        // An offline tool: a bad input is one clear line on stderr, not a backtrace.
        if let Err(e) = decode::run(what) {
            eprintln!("error: {e:#}");
            std::process::exit(2);
        }
        return Ok(());
    }
    let settings: Settings = stamps_platform::config::load(&cli.config, overrides(&cli))?;
    let stop = shutdown::on_signal();
    let work = run(cli.command, settings, stop.clone());
    tokio::pin!(work);
    tokio::select! {
        result = &mut work => result,
        _ = async { stop.cancelled().await; tokio::time::sleep(SHUTDOWN_GRACE).await } => {
            tracing::warn!("services did not stop within the grace period; exiting");
            std::process::exit(1);
        }
    }
}

async fn run(command: Command, s: Settings, stop: Shutdown) -> anyhow::Result<()> {
    match command {
        Command::All => run_all(s, stop).await,
        Command::Indexer {
            action: Some(IndexerAction::Status),
        } => {
            let status = stamps_indexer::status(&s.indexer, &s.postgres).await?;
            println!("{status}");
            Ok(())
        }
        Command::Indexer { action: None } => {
            let indexer = stamps_indexer::build(&s.indexer, &s.postgres, &s.nats).await?;
            Ok(indexer.run_until_stopped(stop).await?)
        }
        Command::Catalogue => {
            let catalogue = stamps_catalogue::build(&s.catalogue, &s.postgres, &s.nats).await?;
            Ok(catalogue.run_until_stopped(stop).await?)
        }
        Command::Auth => {
            let auth = stamps_auth::build(&s.auth, &s.postgres, &s.nats).await?;
            Ok(auth.run_until_stopped(stop).await?)
        }
        Command::Fees => {
            let fees = stamps_fees::build(&s.fees, &s.node, &s.postgres, &s.nats).await?;
            Ok(fees.run_until_stopped(stop).await?)
        }
        Command::Wallet => {
            let wallet = stamps_wallet::build(&s.wallet, &s.node, &s.nats).await?;
            Ok(wallet.run_until_stopped(stop).await?)
        }
        Command::Analytics => {
            let analytics = stamps_analytics::build(&s.analytics, &s.postgres, &s.nats).await?;
            Ok(analytics.run_until_stopped(stop).await?)
        }
        Command::Gateway => {
            let gateway = stamps_gateway::build(&s.gateway, &s.nats).await?;
            Ok(gateway.run_until_stopped(stop).await?)
        }
        Command::Devnet {
            action: Some(DevnetAction::Reorg { depth }),
            ..
        } => {
            let rpc = stamps_indexer::bitcoind::BitcoinRpc::new(&s.indexer)?;
            let hashes: Vec<String> =
                rpc.call("reorg", json!([depth])).await.with_context(|| {
                    format!("asking the devnet at {} to reorganise", s.indexer.rpc_url)
                })?;
            println!(
                "replaced the last {depth} blocks with a branch of {}:",
                hashes.len()
            );
            for hash in hashes {
                println!("{hash}");
            }
            Ok(())
        }
        Command::Devnet { action: None, .. } => {
            let devnet = stamps_devnet::build(&s.devnet)
                .await
                .context("binding the devnet RPC port")?;
            println!(
                "devnet JSON-RPC on http://{}, mempool-style API on http://{}",
                devnet.rpc_addr()?,
                devnet.api_addr()?
            );
            Ok(devnet.run_until_stopped(stop).await?)
        }
        Command::Migrate => {
            // Building a service runs its migrations; nothing is started.
            stamps_indexer::build(&s.indexer, &s.postgres, &s.nats).await?;
            let listen = CatalogueConfig {
                grpc_listen: "127.0.0.1:0".into(),
                ..CatalogueConfig::default()
            };
            stamps_catalogue::build(&listen, &s.postgres, &s.nats).await?;
            let auth = AuthConfig {
                grpc_listen: "127.0.0.1:0".into(),
                ..s.auth.clone()
            };
            stamps_auth::build(&auth, &s.postgres, &s.nats).await?;
            let fees = FeesConfig {
                grpc_listen: "127.0.0.1:0".into(),
                ..s.fees.clone()
            };
            stamps_fees::build(&fees, &s.node, &s.postgres, &s.nats).await?;
            let analytics = AnalyticsConfig {
                grpc_listen: "127.0.0.1:0".into(),
                ..s.analytics.clone()
            };
            stamps_analytics::build(&analytics, &s.postgres, &s.nats).await?;
            println!("migrations applied");
            Ok(())
        }
        Command::Purge { yes } => {
            anyhow::ensure!(yes, "purge deletes data: run it again with --yes");
            let nats = stamps_platform::nats::Nats::connect(&s.nats).await?;
            nats.purge().await?;
            stamps_platform::db::drop_database(&s.postgres).await?;
            println!("deleted the streams, buckets and database of this deployment");
            Ok(())
        }
        Command::Decode { what } => decode::run(what),
        Command::Curation {
            action: CurationAction::Import { file },
        } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            let curation = stamps_catalogue::curation::CurationFile::parse(&text)
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            let nats = stamps_platform::nats::Nats::connect(&s.nats).await?;
            let published = stamps_catalogue::curation::import(&nats, &curation).await?;
            println!(
                "curation version {} imported: {published} documents published",
                curation.version
            );
            Ok(())
        }
        Command::Replay {
            service: ReplayTarget::Catalogue,
        } => {
            let applied = stamps_catalogue::replay(&s.postgres, &s.nats, stop).await?;
            println!("catalogue rebuilt from the CHAIN stream up to sequence {applied}");
            Ok(())
        }
    }
}

async fn run_all(mut s: Settings, stop: Shutdown) -> anyhow::Result<()> {
    let catalogue = stamps_catalogue::build(&s.catalogue, &s.postgres, &s.nats).await?;
    s.gateway.catalogue_url = format!("http://{}", catalogue.grpc_addr());
    let auth = stamps_auth::build(&s.auth, &s.postgres, &s.nats).await?;
    s.gateway.auth_url = format!("http://{}", auth.grpc_addr());
    let fees = stamps_fees::build(&s.fees, &s.node, &s.postgres, &s.nats).await?;
    s.gateway.fees_url = format!("http://{}", fees.grpc_addr());
    s.wallet.fees_url = s.gateway.fees_url.clone();
    s.wallet.catalogue_url = s.gateway.catalogue_url.clone();
    let wallet = stamps_wallet::build(&s.wallet, &s.node, &s.nats).await?;
    s.gateway.wallet_urls = vec![format!("http://{}", wallet.grpc_addr())];
    let analytics = stamps_analytics::build(&s.analytics, &s.postgres, &s.nats).await?;
    s.gateway.analytics_url = format!("http://{}", analytics.grpc_addr());
    let indexer = stamps_indexer::build(&s.indexer, &s.postgres, &s.nats).await?;
    let gateway = stamps_gateway::build(&s.gateway, &s.nats).await?;
    println!("stamps is serving on http://{}", gateway.addr()?);
    if let Some(origin) = gateway.wallet_origin() {
        println!("the wallet app is served on {origin}");
    }
    let fail = |stop: &Shutdown, name: &str, e: &dyn std::fmt::Display| {
        tracing::error!(service = name, error = %e, "service failed; stopping the others");
        stop.cancel();
    };
    let (a, b, c, d, e, f, g) = tokio::join!(
        async {
            let r = indexer.run_until_stopped(stop.clone()).await;
            if let Err(e) = &r {
                fail(&stop, "indexer", e);
            }
            r
        },
        async {
            let r = catalogue.run_until_stopped(stop.clone()).await;
            if let Err(e) = &r {
                fail(&stop, "catalogue", e);
            }
            r
        },
        async {
            let r = auth.run_until_stopped(stop.clone()).await;
            if let Err(e) = &r {
                fail(&stop, "auth", e);
            }
            r
        },
        async {
            let r = fees.run_until_stopped(stop.clone()).await;
            if let Err(e) = &r {
                fail(&stop, "fees", e);
            }
            r
        },
        async {
            let r = wallet.run_until_stopped(stop.clone()).await;
            if let Err(e) = &r {
                fail(&stop, "wallet", e);
            }
            r
        },
        async {
            let r = gateway.run_until_stopped(stop.clone()).await;
            if let Err(e) = &r {
                fail(&stop, "gateway", e);
            }
            r
        },
        async {
            let r = analytics.run_until_stopped(stop.clone()).await;
            if let Err(e) = &r {
                fail(&stop, "analytics", e);
            }
            r
        },
    );
    a?;
    b?;
    c?;
    d?;
    e?;
    f?;
    g?;
    Ok(())
}
