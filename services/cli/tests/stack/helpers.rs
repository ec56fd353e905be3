//! A whole stack for one test: the devnet on port 0, and the indexer, catalogue and gateway against a fresh
//! Postgres database and a fresh NATS prefix (real servers, nothing mocked). Tests that only read the indexed
//! demo share one such stack ([`shared_demo`]).

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::Value;
use sqlx::Connection;
use stamps_catalogue::CatalogueConfig;
use stamps_devnet::DevnetConfig;
use stamps_devnet::scenario::IntendedStamp;
use stamps_gateway::GatewayConfig;
use stamps_indexer::IndexerConfig;
use stamps_platform::config::{NatsConfig, PostgresConfig};
use stamps_platform::shutdown::Shutdown;
use tokio::task::JoinHandle;

/// The Postgres server tests use (`STAMPS_TEST_POSTGRES`, default local trust auth).
fn postgres_base() -> String {
    std::env::var("STAMPS_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
}

/// The NATS server tests use (`STAMPS_TEST_NATS`).
fn nats_url() -> String {
    std::env::var("STAMPS_TEST_NATS").unwrap_or_else(|_| "nats://127.0.0.1:4222".into())
}

/// A fresh database URL and NATS prefix named after `test`.
pub fn fresh_settings(test: &str) -> (PostgresConfig, NatsConfig) {
    let unique = format!(
        "{test}_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos())
    );
    let postgres = PostgresConfig {
        url: format!("{}/stamps_t_{unique}", postgres_base()),
        max_connections: 4,
    };
    let nats = NatsConfig {
        url: nats_url(),
        prefix: format!("t{unique}"),
    };
    (postgres, nats)
}

/// A running devnet plus the settings for services that follow it.
pub struct Stack {
    pub postgres: PostgresConfig,
    pub nats: NatsConfig,
    pub rpc_url: String,
    /// The devnet's mempool-style API.
    pub api_url: String,
    /// Where the devnet serves its ledger snapshot.
    pub bootstrap: String,
    pub first_height: u64,
    pub stamps: Vec<IntendedStamp>,
    /// Every transaction's intent.
    pub intents: Vec<stamps_devnet::scenario::Intended>,
    /// The ledger the scenario intends.
    pub book: stamps_devnet::scenario::Book,
    devnet_stop: Shutdown,
    devnet: Option<JoinHandle<()>>,
}

/// The indexer, catalogue and gateway, running.
pub struct Services {
    pub base: String,
    /// The wallet app's origin, when the gateway serves it.
    pub wallet_app: Option<String>,
    /// The indexer's metrics endpoint (when the services run one).
    pub metrics: Option<String>,
    /// Every other service's metrics endpoint, by service (`gateway`, `analytics`, ...).
    pub service_metrics: std::collections::BTreeMap<&'static str, String>,
    /// The wallet service's replicas' gRPC URLs (the gateway balances over them).
    pub wallets: Vec<String>,
    stop: Shutdown,
    tasks: Vec<JoinHandle<()>>,
}

/// A devnet actor of the default seed.
pub fn actor(index: u32) -> stamps_devnet::keys::Actor {
    let secp = bitcoin::secp256k1::Secp256k1::new();
    stamps_devnet::keys::Actor::derive(&secp, DevnetConfig::default().seed, index)
}

/// Where the stacks' wallet service sends its fee (an address no actor uses).
pub const WALLET_FEE_ADDRESS: &str = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";

/// The promotion's address of the stacks' wallet service (no actor uses it).
pub const PROMO_ADDRESS: &str = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

/// The satoshis of a BTC amount as the devnet's RPC writes it (`0.05`, or `2.23e-5` for small amounts), exactly.
pub fn sats(btc: &Value) -> u64 {
    let text = btc.to_string();
    let (mantissa, exponent) = text.split_once(['e', 'E']).unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().expect("exponent");
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    // digits × 10^(exponent − fraction digits + 8) satoshis.
    let digits: u64 = format!("{whole}{fraction}").parse().expect("digits");
    let shift = exponent - i32::try_from(fraction.len()).expect("length") + 8;
    if shift >= 0 {
        digits * 10u64.pow(shift.unsigned_abs())
    } else {
        digits / 10u64.pow(shift.unsigned_abs())
    }
}

/// The catalogue's published versions (the live value `catalogue`), as stored now.
pub async fn published_version(live: &async_nats::jetstream::kv::Store) -> Option<Vec<u8>> {
    live.get(stamps_platform::versions::VERSION_KEY)
        .await
        .expect("read")
        .map(|v| v.to_vec())
}

/// Mines a block (its reward to the wallet's fee address) and waits until the services have it: projected, and
/// its catalogue version published (what the gateway and the wallet keep of the catalogue's answers follows it).
pub async fn mine(stack: &Stack) {
    let live = stack.live_values().await;
    let before = published_version(&live).await;
    stack
        .rpc(
            "generatetoaddress",
            serde_json::json!([1, WALLET_FEE_ADDRESS]),
        )
        .await;
    stack.wait_for_chain(60).await;
    let deadline = Instant::now() + Duration::from_secs(10);
    while published_version(&live).await == before {
        assert!(
            Instant::now() < deadline,
            "the catalogue published no version for the block"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The actor whose address the stacks' auth service gives the staff role.
pub const STAFF_ACTOR: u32 = 63;

/// The tip time of the minimal scenario's devnets in this run.
static RUN_CLOCK: OnceLock<i64> = OnceLock::new();

impl Stack {
    /// Starts a devnet with `stamps` classic stamps and prepares a fresh database and prefix named after `test`.
    pub async fn start(test: &str, stamps: u32) -> Self {
        Self::start_with(
            test,
            DevnetConfig {
                scenario: stamps_devnet::ScenarioKind::Minimal,
                stamps,
                // One clock for every devnet of the run: two of the same scenario make the same chain.
                tip_time: Some(*RUN_CLOCK.get_or_init(|| {
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs() as i64)
                })),
                ..DevnetConfig::default()
            },
        )
        .await
    }

    /// Starts a devnet playing `config`'s scenario (on free ports) and prepares a fresh database and prefix.
    pub async fn start_with(test: &str, config: DevnetConfig) -> Self {
        stamps_platform::telemetry::init();
        let (postgres, nats) = fresh_settings(test);
        // The API's port is chosen first: asset descriptions name it (enhanced asset information).
        let api = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port");
        let config = DevnetConfig {
            rpc_listen: "127.0.0.1:0".into(),
            api_listen: api.to_string(),
            asset_info_url: format!("http://{api}"),
            ..config
        };
        let devnet = stamps_devnet::build(&config).await.expect("devnet binds");
        let rpc_url = format!("http://{}", devnet.rpc_addr().expect("addr"));
        let api_url = format!("http://{}", devnet.api_addr().expect("addr"));
        let bootstrap = format!(
            "http://{}/devnet/bootstrap.json",
            devnet.api_addr().expect("addr")
        );
        let stamps = devnet.scenario.stamps.clone();
        let intents = devnet.scenario.intents.clone();
        let book = devnet.scenario.book.clone();
        let devnet_stop = Shutdown::new();
        let stop = devnet_stop.clone();
        let handle = tokio::spawn(async move {
            devnet.run_until_stopped(stop).await.expect("devnet runs");
        });
        Self {
            postgres,
            nats,
            rpc_url,
            api_url,
            bootstrap,
            first_height: config.first_height,
            stamps,
            intents,
            book,
            devnet_stop,
            devnet: Some(handle),
        }
    }

    /// A second deployment following this stack's devnet: a fresh database and NATS prefix, nothing indexed.
    /// Finishing it leaves the devnet running.
    pub fn fresh_index(&self, test: &str) -> Stack {
        let (postgres, nats) = fresh_settings(test);
        Stack {
            postgres,
            nats,
            rpc_url: self.rpc_url.clone(),
            api_url: self.api_url.clone(),
            bootstrap: self.bootstrap.clone(),
            first_height: self.first_height,
            stamps: self.stamps.clone(),
            intents: self.intents.clone(),
            book: self.book.clone(),
            devnet_stop: Shutdown::new(),
            devnet: None,
        }
    }

    /// Waits until the indexer's chain is the node's best chain and the catalogue has projected exactly the
    /// indexer's blocks (`secs` at most).
    /// The live values' bucket of this stack's services.
    pub async fn live_values(&self) -> async_nats::jetstream::kv::Store {
        let nats = stamps_platform::nats::Nats::connect(&self.nats)
            .await
            .expect("nats");
        nats.realtime().await.expect("realtime bucket")
    }

    pub async fn wait_for_chain(&self, secs: u64) {
        let deadline = Instant::now() + Duration::from_secs(secs);
        let mut db = self.db().await;
        loop {
            let tip = self.rpc("getbestblockhash", serde_json::json!([])).await;
            let tip = tip.as_str().unwrap_or_default().to_owned();
            let height = self.rpc("getblockcount", serde_json::json!([])).await;
            let height = height.as_i64().unwrap_or_default();
            let indexed: Option<(i64, String, i64)> = sqlx::query_as(
                "SELECT height, hash, (SELECT count(*) FROM indexer.blocks)
                 FROM indexer.blocks ORDER BY height DESC LIMIT 1",
            )
            .fetch_optional(&mut db)
            .await
            .unwrap_or(None);
            let blocks = height - self.first_height as i64 + 1;
            let on_tip = indexed == Some((height, tip, blocks));
            // The indexer's blocks link by `prev_hash`, so its tip being the node's means the whole chain is.
            let projected: Option<i64> = sqlx::query_scalar(
                "SELECT count(*) FROM (
                     (SELECT height, hash FROM indexer.blocks EXCEPT SELECT height, hash FROM catalogue.blocks)
                     UNION ALL
                     (SELECT height, hash FROM catalogue.blocks EXCEPT SELECT height, hash FROM indexer.blocks)) d",
            )
            .fetch_optional(&mut db)
            .await
            .unwrap_or(None);
            if on_tip && projected == Some(0) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "not converged on the node's chain: indexed tip {indexed:?}, node tip {height}, \
                 blocks differing between indexer and catalogue {projected:?}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The devnet's JSON-RPC `result` (`null` on an error).
    pub async fn rpc(&self, method: &str, params: Value) -> Value {
        let answer: Value = reqwest::Client::new()
            .post(&self.rpc_url)
            .json(&serde_json::json!({"id": 1, "method": method, "params": params}))
            .send()
            .await
            .expect("devnet up")
            .json()
            .await
            .expect("json");
        answer["result"].clone()
    }

    /// A digest of every table of the indexer's and the catalogue's schemas: per table, its row count and the
    /// md5 of its rows as text in sorted order. Left out: the outbox and consumer positions (bookkeeping of
    /// delivery, not state) and `indexed_at` (when a block was written).
    pub async fn table_digests(&self) -> std::collections::BTreeMap<String, (i64, String)> {
        let mut db = self.db().await;
        let tables: Vec<(String, String, String)> = sqlx::query_as(
            "SELECT table_schema, table_name,
                    string_agg(format('%I', column_name), ', ' ORDER BY ordinal_position)
             FROM information_schema.columns
             WHERE table_schema IN ('indexer', 'catalogue')
               AND table_name NOT IN ('outbox', 'consumer_offsets', '_sqlx_migrations')
               AND column_name <> 'indexed_at'
             GROUP BY table_schema, table_name",
        )
        .fetch_all(&mut db)
        .await
        .expect("tables");
        let mut digests = std::collections::BTreeMap::new();
        for (schema, table, columns) in tables {
            let digest: (i64, String) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "SELECT count(*), md5(COALESCE(string_agg(r, E'\\n' ORDER BY r), ''))
                 FROM (SELECT ROW({columns})::TEXT AS r FROM \"{schema}\".\"{table}\") t"
            )))
            .fetch_one(&mut db)
            .await
            .unwrap_or_else(|e| panic!("{schema}.{table}: {e}"));
            digests.insert(format!("{schema}.{table}"), digest);
        }
        digests
    }

    /// Builds and starts the indexer, catalogue and gateway.
    pub async fn services(&self) -> Services {
        // Small catch-up transactions, so that a stop lands mid-run.
        self.services_with(3).await
    }

    /// Builds and starts the indexer (committing up to `commit_blocks` blocks per catch-up transaction; none
    /// when 0: the test runs it), the catalogue and the gateway.
    pub async fn services_with(&self, commit_blocks: u64) -> Services {
        self.services_with_gateway(commit_blocks, |_| {}).await
    }

    /// As [`Stack::services_with`], with the gateway's settings changed by `gateway`.
    pub async fn services_with_gateway(
        &self,
        commit_blocks: u64,
        gateway: impl FnOnce(&mut GatewayConfig),
    ) -> Services {
        self.services_full(
            commit_blocks,
            stamps_auth::accounts::system_clock(),
            gateway,
        )
        .await
    }

    /// As [`Stack::services_with_gateway`], the auth service on `clock`'s time.
    pub async fn services_full(
        &self,
        commit_blocks: u64,
        clock: stamps_auth::accounts::Clock,
        gateway: impl FnOnce(&mut GatewayConfig),
    ) -> Services {
        let auth = stamps_auth::build_with_clock(
            &stamps_auth::AuthConfig {
                grpc_listen: "127.0.0.1:0".into(),
                staff: vec![actor(STAFF_ACTOR).address().to_string()],
                ..stamps_auth::AuthConfig::default()
            },
            &self.postgres,
            &self.nats,
            clock,
        )
        .await
        .expect("auth builds");
        let catalogue = stamps_catalogue::build(
            &CatalogueConfig {
                grpc_listen: "127.0.0.1:0".into(),
                ..CatalogueConfig::default()
            },
            &self.postgres,
            &self.nats,
        )
        .await
        .expect("catalogue builds");
        let indexer_config = IndexerConfig {
            rpc_url: self.rpc_url.clone(),
            start_height: self.first_height,
            headers_from: self.first_height,
            poll_interval_ms: 50,
            commit_blocks,
            bootstrap: Some(self.bootstrap.clone()),
            metrics_listen: Some("127.0.0.1:0".into()),
            ..IndexerConfig::default()
        };
        let indexer = if commit_blocks == 0 {
            None
        } else {
            Some(
                stamps_indexer::build(&indexer_config, &self.postgres, &self.nats)
                    .await
                    .expect("indexer builds"),
            )
        };
        let node = self.node();
        let fees = stamps_fees::build(&self.fees_config(), &node, &self.postgres, &self.nats)
            .await
            .expect("fees builds");
        // Two wallet replicas, as the wallet is deployed to scale.
        let mut wallets = Vec::new();
        for _ in 0..2 {
            wallets.push(
                stamps_wallet::build(
                    &stamps_wallet::WalletConfig {
                        grpc_listen: "127.0.0.1:0".into(),
                        catalogue_url: format!("http://{}", catalogue.grpc_addr()),
                        fees_url: format!("http://{}", fees.grpc_addr()),
                        fee_address: WALLET_FEE_ADDRESS.into(),
                        promo_address: PROMO_ADDRESS.into(),
                        ..stamps_wallet::WalletConfig::default()
                    },
                    &node,
                    &self.nats,
                )
                .await
                .expect("wallet builds"),
            );
        }
        let wallet_urls: Vec<String> = wallets
            .iter()
            .map(|w| format!("http://{}", w.grpc_addr()))
            .collect();
        let analytics = stamps_analytics::build(
            &stamps_analytics::AnalyticsConfig {
                grpc_listen: "127.0.0.1:0".into(),
                metrics_listen: Some("127.0.0.1:0".into()),
                ..stamps_analytics::AnalyticsConfig::default()
            },
            &self.postgres,
            &self.nats,
        )
        .await
        .expect("analytics builds");
        let mut gateway_config = GatewayConfig {
            analytics_url: format!("http://{}", analytics.grpc_addr()),
            metrics_listen: Some("127.0.0.1:0".into()),
            listen: "127.0.0.1:0".into(),
            catalogue_url: format!("http://{}", catalogue.grpc_addr()),
            auth_url: format!("http://{}", auth.grpc_addr()),
            fees_url: format!("http://{}", fees.grpc_addr()),
            wallet_urls: wallet_urls.clone(),
            static_dir: std::path::PathBuf::from("/nonexistent"),
            // The devnet serves enhanced asset information on the loopback address.
            asset_info: stamps_gateway::asset_info::AssetInfoConfig {
                allow_private: true,
                ..Default::default()
            },
            ..GatewayConfig::default()
        };
        gateway(&mut gateway_config);
        let gateway = stamps_gateway::build(&gateway_config, &self.nats)
            .await
            .expect("gateway builds");
        let base = format!("http://{}", gateway.addr().expect("addr"));
        let wallet_app = gateway.wallet_origin().map(str::to_owned);
        let metrics = indexer
            .as_ref()
            .and_then(|i| i.metrics_addr())
            .map(|a| format!("http://{a}/metrics"));
        let service_metrics = [
            ("gateway", gateway.metrics_addr()),
            ("analytics", analytics.metrics_addr()),
        ]
        .into_iter()
        .filter_map(|(name, addr)| Some((name, format!("http://{}/metrics", addr?))))
        .collect();
        let stop = Shutdown::new();
        let mut tasks = Vec::new();
        if let Some(indexer) = indexer {
            tasks.push(tokio::spawn({
                let stop = stop.clone();
                async move { indexer.run_until_stopped(stop).await.expect("indexer runs") }
            }));
        }
        tasks.extend([
            tokio::spawn({
                let stop = stop.clone();
                async move {
                    catalogue
                        .run_until_stopped(stop)
                        .await
                        .expect("catalogue runs")
                }
            }),
            tokio::spawn({
                let stop = stop.clone();
                async move { gateway.run_until_stopped(stop).await.expect("gateway runs") }
            }),
            tokio::spawn({
                let stop = stop.clone();
                async move { auth.run_until_stopped(stop).await.expect("auth runs") }
            }),
            tokio::spawn({
                let stop = stop.clone();
                async move { fees.run_until_stopped(stop).await.expect("fees runs") }
            }),
            tokio::spawn({
                let stop = stop.clone();
                async move {
                    analytics
                        .run_until_stopped(stop)
                        .await
                        .expect("analytics runs")
                }
            }),
        ]);
        tasks.extend(wallets.into_iter().map(|wallet| {
            let stop = stop.clone();
            tokio::spawn(async move { wallet.run_until_stopped(stop).await.expect("wallet runs") })
        }));
        Services {
            base,
            wallets: wallet_urls,
            wallet_app,
            metrics,
            service_metrics,
            stop,
            tasks,
        }
    }

    /// The devnet as the fee oracle and the wallet reach it.
    pub fn node(&self) -> stamps_platform::config::NodeConfig {
        stamps_platform::config::NodeConfig {
            rpc_url: self.rpc_url.clone(),
            api_url: self.api_url.clone(),
            ..Default::default()
        }
    }

    /// The fee oracle of the stacks: a free port, reading the devnet every 200 ms.
    pub fn fees_config(&self) -> stamps_fees::FeesConfig {
        stamps_fees::FeesConfig {
            grpc_listen: "127.0.0.1:0".into(),
            poll_interval_ms: 200,
            ..Default::default()
        }
    }

    /// A direct connection to the test database, for checks across schemas.
    pub async fn db(&self) -> sqlx::PgConnection {
        sqlx::PgConnection::connect(&self.postgres.url)
            .await
            .expect("test database")
    }

    /// Stops the devnet, drops the database and deletes the prefixed streams and buckets.
    pub async fn finish(mut self) {
        self.devnet_stop.cancel();
        if let Some(h) = self.devnet.take() {
            let _ = h.await;
        }
        remove_streams(&self.nats.url, &self.nats.prefix).await;
        let name = self
            .postgres
            .url
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .to_owned();
        if let Ok(mut admin) =
            sqlx::PgConnection::connect(&format!("{}/postgres", postgres_base())).await
        {
            let _ = sqlx::query(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
            )))
            .execute(&mut admin)
            .await;
        }
    }
}

/// Deletes the streams, buckets and object store a stack's services make under the NATS prefix `prefix`.
pub async fn remove_streams(url: &str, prefix: &str) {
    let config = stamps_platform::config::NatsConfig {
        url: url.to_owned(),
        prefix: prefix.to_owned(),
    };
    if let Ok(nats) = stamps_platform::nats::Nats::connect(&config).await {
        let _ = nats.purge().await;
    }
}

impl Services {
    /// Stops the services and waits for them.
    pub async fn stop(self) {
        self.stop.cancel();
        for t in self.tasks {
            t.await.expect("service task ends cleanly");
        }
    }

    /// GETs `path` and returns the status and the JSON body.
    /// The value of the indexer's metric `name` (a sample without labels), `None` when it is not exposed.
    pub async fn metric(&self, name: &str) -> Option<f64> {
        let url = self.metrics.as_ref()?;
        let text = reqwest::get(url).await.ok()?.text().await.ok()?;
        text.lines().find_map(|line| {
            let (key, value) = line.split_once(' ')?;
            (key == name).then(|| value.trim().parse().ok())?
        })
    }

    pub async fn get_json(&self, path: &str) -> (u16, Value) {
        let response = reqwest::get(format!("{}{path}", self.base))
            .await
            .expect("request");
        let status = response.status().as_u16();
        (status, response.json().await.expect("JSON body"))
    }

    /// GETs `path`: the status, the content type and the body as text.
    pub async fn get_text(&self, path: &str) -> (u16, String, String) {
        let response = reqwest::get(format!("{}{path}", self.base))
            .await
            .expect("request");
        let status = response.status().as_u16();
        let kind = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        (status, kind, response.text().await.expect("text body"))
    }

    /// Waits until the search reports `n` stamps and lists the first (30 s at most); returns that answer.
    pub async fn wait_for_stamps(&self, n: u64) -> Value {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let response = reqwest::get(format!("{}/api/search?limit=1", self.base))
                .await
                .expect("request");
            if response.status().is_success() {
                let body: Value = response.json().await.expect("JSON");
                if body["estimatedTotalHits"].as_u64() >= Some(n)
                    && body["hits"][0]["cpid"].is_string()
                {
                    return body;
                }
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {n} stamps"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The demo scenario at the scale the API tests use.
pub fn demo_config() -> DevnetConfig {
    DevnetConfig {
        scenario: stamps_devnet::ScenarioKind::Demo,
        scale: 0.2,
        ..DevnetConfig::default()
    }
}

/// The indexed demo and its running services, shared by the tests that only read them.
pub struct SharedDemo {
    pub stack: Stack,
    pub services: Services,
}

/// The test name of the shared demo's database and NATS prefix.
const SHARED_DEMO: &str = "shareddemo";

/// The demo stack the read-only tests share: started once, on a runtime of its own (a test's runtime ends with
/// the test), and indexed to the devnet's tip before any test sees it. It serves until the test process ends;
/// what an earlier process left of it (its database, streams and buckets) is removed first.
pub fn shared_demo() -> &'static SharedDemo {
    static DEMO: OnceLock<SharedDemo> = OnceLock::new();
    tokio::task::block_in_place(|| {
        DEMO.get_or_init(|| {
            let (sender, started) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_multi_thread()
                    .worker_threads(2)
                    .enable_all()
                    .build()
                    .expect("the shared demo's runtime");
                runtime.block_on(async move {
                    remove_earlier_shared_demos().await;
                    let stack = Stack::start_with(SHARED_DEMO, demo_config()).await;
                    let services = stack.services_with(100).await;
                    stack.wait_for_chain(180).await;
                    if sender.send(SharedDemo { stack, services }).is_ok() {
                        std::future::pending::<()>().await;
                    }
                });
            });
            started.recv().expect("the shared demo starts")
        })
    })
}

/// Drops the databases and deletes the streams an earlier test process's shared demo left.
async fn remove_earlier_shared_demos() {
    if let Ok(mut admin) =
        sqlx::PgConnection::connect(&format!("{}/postgres", postgres_base())).await
    {
        let names: Vec<String> =
            sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE $1")
                .bind(format!("stamps_t_{SHARED_DEMO}_%"))
                .fetch_all(&mut admin)
                .await
                .unwrap_or_default();
        for name in names {
            let _ = sqlx::query(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
            )))
            .execute(&mut admin)
            .await;
        }
    }
    if let Ok(client) = async_nats::connect(nats_url()).await {
        use futures::StreamExt;
        let js = async_nats::jetstream::new(client);
        let names: Vec<String> = js
            .stream_names()
            .filter_map(|name| async move { name.ok() })
            .collect()
            .await;
        for name in names {
            if name.to_lowercase().contains(&format!("t{SHARED_DEMO}_")) {
                let _ = js.delete_stream(name).await;
            }
        }
    }
}
