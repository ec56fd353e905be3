//! The running devnet: the chain, the mempool and the wallet's keys under one lock, mining, invalidation and
//! reorgs, persistence in the data directory, and the two HTTP listeners (JSON-RPC with REST, and the
//! mempool-style API).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::routing::{get, post};
use axum::serve::ListenerExt;
use bitcoin::secp256k1::{Secp256k1, VerifyOnly};
use bitcoin::{Amount, BlockHash, ScriptBuf, Transaction, TxOut};
use stamps_platform::shutdown::Shutdown;
use tokio::net::TcpListener;
use tokio::sync::RwLock;

use crate::chain::{self, Chain};
use crate::config::DevnetConfig;
use crate::datadir::{self, BlockFile};
use crate::mempool::Mempool;
use crate::scenario::{self, Scenario};

use crate::rest::{rest_block, rest_chaininfo, rest_headers, rest_headers_query};
use crate::rpc::handle;

/// Blocks are filled up to this many virtual bytes (Core's default block weight limit, minus the coinbase).
pub(crate) const MAX_BLOCK_VSIZE: u64 = 998_000;

/// The chain and the mempool, changed together under one lock.
pub(crate) struct NodeState {
    pub(crate) chain: Chain,
    pub(crate) mempool: Mempool,
    /// Blocks taken off the chain by `invalidateblock`, oldest first, kept for `reconsiderblock`.
    invalidated: Vec<bitcoin::Block>,
    /// The actors, whose keys sign the devnet's own transactions.
    pub(crate) actors: Vec<crate::keys::Actor>,
    /// Where mined blocks pay.
    payee: ScriptBuf,
    /// The data directory's block file, when the chain is persisted.
    store: Option<BlockFile>,
    /// Fee rates (sat/kvB: next block, three, six and 144 blocks, minimum) set by `setfeerates`, answered by the
    /// fee API and `estimatesmartfee` instead of what the mempool implies.
    pub(crate) fee_rates: Option<[u64; 5]>,
}

impl NodeState {
    /// Mines one block paying `payee` the subsidy and the fees of the mempool transactions it takes.
    pub(crate) fn mine(&mut self, payee: &ScriptBuf) -> BlockHash {
        let (txs, fees) = self.mempool.select(MAX_BLOCK_VSIZE);
        let reward = chain::subsidy(self.chain.next_height()) + Amount::from_sat(fees);
        let hash = self.chain.mine(
            vec![TxOut {
                value: reward,
                script_pubkey: payee.clone(),
            }],
            txs,
        );
        if let Some((block, _)) = self.chain.block(&hash) {
            let block = block.clone();
            self.mempool.remove_for_block(&block);
            self.persist(Some(&block));
        }
        hash
    }

    /// Brings the block file in line with the chain: cut back to its length, then append `block` if given.
    fn persist(&mut self, block: Option<&bitcoin::Block>) {
        let Some(store) = self.store.as_mut() else {
            return;
        };
        let result = match block {
            Some(b) => store.append(b),
            None => store.truncate(self.chain.len()),
        };
        if let Err(e) = result {
            tracing::error!(error = %e, "cannot write the devnet's block file");
        }
    }
}

impl NodeState {
    /// Disconnects `hash` and every block after it (Core's `invalidateblock`); their transactions go back to
    /// the mempool when they are still valid. `None` when the block is not on the chain.
    pub(crate) fn invalidate(
        &mut self,
        hash: &BlockHash,
        secp: &Secp256k1<VerifyOnly>,
    ) -> Option<()> {
        let (_, height) = self.chain.block(hash)?;
        let mut disconnected = Vec::new();
        while self.chain.tip_height() >= height && !self.chain.is_empty() {
            match self.chain.disconnect_tip() {
                Some(block) => disconnected.push(block),
                None => break,
            }
        }
        self.invalidated.extend(disconnected.iter().rev().cloned());
        self.persist(None);
        // Oldest first, so parents re-enter before their children; coinbases never return.
        for block in disconnected.iter().rev() {
            for tx in block.txdata.iter().skip(1) {
                if let Err(e) = self.mempool.accept(secp, tx.clone(), &self.chain, now()) {
                    tracing::debug!(
                        txid = %tx.compute_txid(),
                        error = %e,
                        "a disconnected transaction did not return to the mempool",
                    );
                }
            }
        }
        tracing::info!(
            from = height,
            blocks = disconnected.len(),
            "devnet invalidated blocks"
        );
        Some(())
    }

    /// Replaces the last `depth` blocks with a longer branch of `depth + 1` blocks: the old blocks' transactions
    /// return to the mempool, every second one that an actor signed is replaced by a conflicting spend of the
    /// same coin (the actor paying itself a higher fee), and the new blocks confirm what the mempool then holds.
    /// Returns the hashes of the new branch.
    pub(crate) fn reorg(
        &mut self,
        depth: u64,
        secp: &Secp256k1<VerifyOnly>,
    ) -> Result<Vec<BlockHash>, String> {
        let span = self.chain.len() as u64;
        if depth == 0 || depth >= span {
            return Err(format!(
                "reorg depth must be between 1 and {}",
                span.saturating_sub(1)
            ));
        }
        let fork = self.chain.tip_height() + 1 - depth;
        let first = self
            .chain
            .block_at(fork)
            .map(bitcoin::Block::block_hash)
            .ok_or("no block at the fork height")?;
        let old: Vec<Transaction> = (fork..=self.chain.tip_height())
            .filter_map(|h| self.chain.block_at(h))
            .flat_map(|b| b.txdata.iter().skip(1).cloned())
            .collect();
        self.invalidate(&first, secp)
            .ok_or("the fork block vanished")?;
        self.invalidated.clear();
        let signer = Secp256k1::signing_only();
        let mut replaced = 0usize;
        for (i, tx) in old.iter().enumerate() {
            if i % 2 == 1 {
                continue;
            }
            let Some(conflict) = self.conflicting_spend(tx, &signer) else {
                continue;
            };
            self.mempool.evict(&tx.compute_txid());
            match self.mempool.accept(secp, conflict, &self.chain, now()) {
                Ok(_) => replaced += 1,
                Err(e) => tracing::warn!(error = %e, "a conflicting transaction was refused"),
            }
        }
        let payee = self.payee.clone();
        let hashes = (0..=depth).map(|_| self.mine(&payee)).collect();
        tracing::info!(depth, replaced, "devnet reorganised its chain");
        Ok(hashes)
    }

    /// A spend of `tx`'s first input by the actor that owns it, paying the actor back with a larger fee.
    fn conflicting_spend(
        &self,
        tx: &Transaction,
        signer: &Secp256k1<bitcoin::secp256k1::SignOnly>,
    ) -> Option<Transaction> {
        let input = tx.input.first()?;
        let coin = self.chain.coin(&input.previous_output)?;
        let actor = self
            .actors
            .iter()
            .find(|a| a.script_pubkey() == coin.output.script_pubkey)?;
        let fee = 5_000u64;
        let value = coin
            .output
            .value
            .to_sat()
            .checked_sub(fee)
            .filter(|v| *v >= 546)?;
        let mut conflict = scenario::unsigned_spend(
            input.previous_output,
            vec![TxOut {
                value: Amount::from_sat(value),
                script_pubkey: actor.script_pubkey(),
            }],
        );
        scenario::sign_p2wpkh(signer, &mut conflict, actor, coin.output.value);
        Some(conflict)
    }

    /// Reconnects invalidated blocks from `hash` on (Core's `reconsiderblock`), when they still extend the
    /// tip. `None` when `hash` was not invalidated.
    pub(crate) fn reconsider(&mut self, hash: &BlockHash) -> Option<()> {
        let start = self
            .invalidated
            .iter()
            .position(|b| b.block_hash() == *hash)?;
        let blocks: Vec<bitcoin::Block> = self.invalidated.drain(start..).collect();
        for block in blocks {
            if block.header.prev_blockhash != self.chain.tip_hash() {
                // Another branch grew meanwhile; like Core, keep the longer chain (this one is not).
                self.invalidated.push(block);
                continue;
            }
            self.mempool.remove_for_block(&block);
            self.persist(Some(&block));
            self.chain.reconnect(block);
        }
        Some(())
    }
}

/// The running devnet's shared state.
#[derive(Clone)]
pub(crate) struct Node {
    pub(crate) state: Arc<RwLock<NodeState>>,
    pub(crate) secp: Arc<Secp256k1<VerifyOnly>>,
    /// The `Authorization` header value JSON-RPC requires (`Basic ...`), when credentials are set.
    pub(crate) auth: Option<Arc<str>>,
    /// What the scenario publishes besides the chain: enhanced asset information and the bootstrap snapshot.
    pub(crate) published: Arc<Published>,
}

/// Documents the devnet serves over HTTP for the scenario.
pub(crate) struct Published {
    /// Enhanced asset information by asset name.
    pub(crate) asset_info: std::collections::BTreeMap<String, crate::scenario::AssetInfo>,
    /// The ledger snapshot an indexer starts from.
    pub(crate) bootstrap: crate::scenario::Bootstrap,
    /// The staff content that goes with the scenario.
    pub(crate) curation: serde_json::Value,
    /// The UTXOs the scenario left holding assets (attached or moved by swaps), to be listed.
    pub(crate) attached: Vec<bitcoin::OutPoint>,
}

/// The JSON-RPC credentials: configured ones, else a fresh cookie written to the data directory as Core writes
/// `.cookie` (`__cookie__:<random hex>`), else none.
fn credentials(config: &DevnetConfig) -> std::io::Result<Option<(String, String)>> {
    if let (Some(user), Some(password)) = (&config.rpc_user, &config.rpc_password) {
        return Ok(Some((user.clone(), password.clone())));
    }
    let Some(dir) = &config.data_dir else {
        return Ok(None);
    };
    let secret: [u8; 32] = bitcoin::secp256k1::rand::random();
    let password = hex::encode(secret);
    std::fs::create_dir_all(dir)?;
    let path = dir.join(".cookie");
    let tmp = dir.join(".cookie.tmp");
    std::fs::write(&tmp, format!("__cookie__:{password}"))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o600))?;
    }
    std::fs::rename(tmp, &path)?;
    tracing::info!(cookie = %path.display(), "devnet JSON-RPC requires the cookie's credentials");
    Ok(Some(("__cookie__".into(), password)))
}

/// A built devnet: the scenario's chain and the bound RPC port.
pub struct Devnet {
    node: Node,
    listener: TcpListener,
    api_listener: TcpListener,
    config: DevnetConfig,
    /// What the scenario created (its chain has moved into the node: read blocks over JSON-RPC).
    pub scenario: Scenario,
}

/// Generates the scenario (or, with a data directory, continues the chain stored there) and binds the RPC port.
/// Without a tip time in `config`, the scenario's last block is timed at the moment the devnet was first
/// started ([`clock`]).
pub async fn build(config: &DevnetConfig) -> std::io::Result<Devnet> {
    let config = clock(config)?;
    build_with(&config, scenario::generate(&config)).await
}

/// `config` with its tip time: as given; else the one its data directory keeps; else now. A data directory
/// keeps the time it was given (after `fresh` wiped it), except that one whose chain was made before tip times
/// were kept goes on with mainnet's schedule.
pub fn clock(config: &DevnetConfig) -> std::io::Result<DevnetConfig> {
    let mut config = config.clone();
    let Some(dir) = config.data_dir.clone() else {
        config.tip_time = config.tip_time.or_else(|| Some(crate::chain::unix_now()));
        return Ok(config);
    };
    if config.fresh {
        datadir::wipe(&dir)?;
        config.fresh = false;
    }
    let kept = datadir::load_tip_time(&dir)?;
    config.tip_time = match (config.tip_time, kept) {
        (Some(time), _) | (None, Some(time)) => Some(time),
        (None, None) if datadir::has_blocks(&dir) => None,
        (None, None) => Some(crate::chain::unix_now()),
    };
    if let Some(time) = config.tip_time
        && kept != config.tip_time
    {
        datadir::save_tip_time(&dir, time)?;
    }
    Ok(config)
}

/// [`build`] with a scenario generated beforehand (from the same configuration). The scenario's chain moves
/// into the running node: [`Devnet::scenario`] keeps the record of intent with an empty chain.
pub async fn build_with(config: &DevnetConfig, mut scenario: Scenario) -> std::io::Result<Devnet> {
    tracing::info!(
        first_height = scenario.chain.first_height(),
        tip = scenario.chain.tip_height(),
        stamps = scenario.stamps.len(),
        "devnet scenario generated"
    );
    let (mut chain, store) = match &config.data_dir {
        None => (
            std::mem::replace(&mut scenario.chain, Chain::new(config.first_height)),
            None,
        ),
        Some(dir) => open_store(
            dir,
            config.fresh,
            std::mem::replace(&mut scenario.chain, Chain::new(config.first_height)),
        )?,
    };
    chain.go_live();
    let curation = crate::scenario::curation::curation(&scenario.intents, |h| chain.time_at(h));
    if let Some(dir) = &config.data_dir {
        let json = serde_json::to_vec_pretty(&scenario.bootstrap).map_err(std::io::Error::other)?;
        std::fs::write(dir.join("bootstrap.json"), json)?;
        let json = serde_json::to_vec_pretty(&curation).map_err(std::io::Error::other)?;
        std::fs::write(dir.join("curation.json"), json)?;
    }
    let secp = Arc::new(Secp256k1::verification_only());
    let mut mempool = Mempool::default();
    if let Some(dir) = &config.data_dir {
        for tx in datadir::load_mempool(dir)? {
            if let Err(e) = mempool.accept(&secp, tx, &chain, now()) {
                tracing::debug!(error = %e, "a saved mempool transaction is no longer valid");
            }
        }
        tracing::info!(tip = chain.tip_height(), mempool = mempool.len(), dir = %dir.display(), "devnet chain loaded");
    }
    // Credentials exist before the port opens, so a client that waits for the port finds the cookie.
    let auth = credentials(config)?.map(|(user, password)| {
        use base64::Engine;
        let token = base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"));
        Arc::<str>::from(format!("Basic {token}"))
    });
    let listener = TcpListener::bind(&config.rpc_listen).await?;
    let api_listener = TcpListener::bind(&config.api_listen).await?;
    let node = Node {
        state: Arc::new(RwLock::new(NodeState {
            chain,
            mempool,
            invalidated: Vec::new(),
            actors: scenario.actors.clone(),
            payee: scenario
                .actors
                .first()
                .map(crate::keys::Actor::script_pubkey)
                .unwrap_or_default(),
            store,
            fee_rates: None,
        })),
        secp,
        auth,
        published: Arc::new(Published {
            asset_info: scenario.asset_info.clone(),
            bootstrap: scenario.bootstrap.clone(),
            curation,
            attached: scenario
                .book
                .balances
                .keys()
                .filter_map(|(holder, _)| holder.parse().ok())
                .collect::<std::collections::BTreeSet<bitcoin::OutPoint>>()
                .into_iter()
                .collect(),
        }),
    };
    Ok(Devnet {
        node,
        listener,
        api_listener,
        config: config.clone(),
        scenario,
    })
}

/// The chain kept in `dir`: the stored one when it grew from this scenario's first block, else (empty
/// directory, or `fresh`) the scenario's, written there.
fn open_store(
    dir: &std::path::Path,
    fresh: bool,
    scenario: Chain,
) -> std::io::Result<(Chain, Option<BlockFile>)> {
    if fresh {
        datadir::wipe(dir)?;
    }
    let (mut file, stored) = BlockFile::open(dir)?;
    if stored.is_empty() {
        for block in scenario.blocks() {
            file.append(block)?;
        }
        return Ok((scenario, Some(file)));
    }
    let same_start = stored.first().map(bitcoin::Block::block_hash)
        == scenario.blocks().first().map(bitcoin::Block::block_hash);
    if !same_start {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "{} holds another devnet's chain (different seed or first height): start with --fresh to replace it",
                dir.display()
            ),
        ));
    }
    Ok((
        Chain::from_blocks(scenario.first_height(), stored),
        Some(file),
    ))
}

impl Devnet {
    /// The bound RPC address.
    pub fn rpc_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The bound address of the mempool-style HTTP API.
    pub fn api_addr(&self) -> std::io::Result<SocketAddr> {
        self.api_listener.local_addr()
    }

    /// Serves RPC (and mines on the configured interval) until `shutdown`.
    pub async fn run_until_stopped(self, shutdown: Shutdown) -> std::io::Result<()> {
        tracing::info!(addr = %self.rpc_addr()?, "devnet JSON-RPC listening");
        if self.config.block_interval_secs > 0 {
            let node = self.node.clone();
            let every = std::time::Duration::from_secs(self.config.block_interval_secs);
            let payee = self
                .scenario
                .actors
                .first()
                .map(|a| a.script_pubkey())
                .unwrap_or_default();
            let stop = shutdown.clone();
            tokio::spawn(async move {
                loop {
                    tokio::select! {
                        _ = stop.cancelled() => break,
                        _ = tokio::time::sleep(every) => {}
                    }
                    let mut state = node.state.write().await;
                    let hash = state.mine(&payee);
                    tracing::info!(height = state.chain.tip_height(), %hash, "devnet mined a block");
                }
            });
        }
        tracing::info!(addr = %self.api_addr()?, "devnet mempool-style API listening");
        let state_for_save = self.node.state.clone();
        let api_router = crate::api::router(self.node.clone());
        let app = Router::new()
            .route("/", post(handle))
            .route("/rest/block/{file}", get(rest_block))
            .route("/rest/headers/{count}/{file}", get(rest_headers))
            .route("/rest/headers/{file}", get(rest_headers_query))
            .route("/rest/chaininfo.json", get(rest_chaininfo))
            .with_state(self.node);
        // Answers go out as soon as they are written: without TCP_NODELAY a small answer written in two parts
        // waits for the client's delayed acknowledgement (40 ms on Linux) before its second part leaves.
        let nodelay = |stream: &mut tokio::net::TcpStream| {
            let _ = stream.set_nodelay(true);
        };
        let api = axum::serve(self.api_listener.tap_io(nodelay), api_router)
            .with_graceful_shutdown(shutdown.clone().cancelled_owned());
        let rpc = axum::serve(self.listener.tap_io(nodelay), app)
            .with_graceful_shutdown(shutdown.cancelled_owned());
        let (rpc, api) = tokio::join!(rpc, api);
        rpc?;
        api?;
        if let Some(dir) = &self.config.data_dir {
            let state = state_for_save.read().await;
            let (txs, _) = state.mempool.select(u64::MAX);
            datadir::save_mempool(dir, &txs)?;
            tracing::info!(mempool = txs.len(), "devnet mempool saved");
        }
        Ok(())
    }
}

/// Seconds since the Unix epoch.
pub(crate) fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
