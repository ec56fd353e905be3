//! The gRPC API: each call checks its request, gathers what [`crate::buy`] needs (dispensers from the catalogue,
//! coins from the node, the optimal rate from the fee oracle) and answers. Refusals are INVALID_ARGUMENT with the
//! text to show; a service it depends on failing is UNAVAILABLE.

use std::collections::{HashMap, HashSet};

use bitcoin::{Network, OutPoint, ScriptBuf};
use serde_json::{Value, json};
use stamps_platform::node::{Node, NodeError};
use stamps_proto::catalogue::v1::catalogue_service_client::CatalogueServiceClient;
use stamps_proto::catalogue::v1::{
    HeldOutpointsRequest, SaleDispenser, SaleDispensersRequest, SaleListing, SaleListingsRequest,
    SeenTransactionsRequest,
};
use stamps_proto::fees::v1::GetFeesRequest;
use stamps_proto::fees::v1::fees_service_client::FeesServiceClient;
use stamps_proto::wallet::v1 as pb;
use stamps_proto::wallet::v1::wallet_service_server::WalletService;
use tonic::transport::Channel;
use tonic::{Request, Response, Status};

use crate::buy::{self, Coin, Order};
use prost::Message;
use stamps_proto::events::subjects::{LISTING_CANCELLED, LISTING_CREATED};

/// How long the oracle's rates are used before they are asked again (it reads the fee API every 10 s).
const OPTIMAL_KEPT: std::time::Duration = std::time::Duration::from_secs(1);

/// The most items one purchase (or one lookup) names: the cart's limit.
pub const MAX_ITEMS: usize = 5;

/// Why a listed UTXO cannot be bought while a transaction in the mempool spends it.
pub const PENDING_LISTING: &str = "Pending: a transaction waiting for its block already buys it";

/// The refusal of an offer its seller cancelled or replaced.
pub const WITHDRAWN: &str = "This offer was withdrawn by its seller and is not listed again: sign a new one, or \
                             move the coin to revoke it everywhere";

/// What a seller is told when a listing ends: the site stops handing its PSBT out, but a copy already handed out
/// can still be completed until the coin moves.
pub const CANCEL_NOTE: &str = "The listing is no longer offered. Anyone who already received it can still \
                               complete it until the coin moves: 'Cancel on chain' moves it to your own address";

/// The text for a source that is not a P2WPKH address of the network.
pub const NATIVE_SEGWIT: &str = "Please select a Native Segwit address (bc1q...) then try again";

/// The wallet's gRPC API.
#[derive(Clone)]
pub struct WalletGrpc {
    pub(crate) network: Network,
    pub(crate) node: Node,
    pub(crate) catalogue: CatalogueServiceClient<Channel>,
    pub(crate) fees: FeesServiceClient<Channel>,
    pub(crate) fee_to: ScriptBuf,
    pub(crate) fee_address: String,
    /// Where checked listings are published (LISTINGS).
    pub(crate) nats: stamps_platform::nats::Nats,
    /// The oracle's optimal and fastest rates (sat/kvB).
    pub(crate) rates: Kept<Rates>,
    /// A transaction's fee rate may be at most this many times the fastest rate (built or broadcast).
    pub(crate) max_fee_multiple: u64,
    /// The promotion's address (its transactions count the promotional SRC-20 mints), when there is one.
    pub(crate) promo: Option<(String, ScriptBuf)>,
    /// Its transaction count.
    pub(crate) promo_count: Kept,
    /// The node's tip height.
    pub(crate) tip: Kept,
    /// Stamp files (a curated-layer launchpad's mints stack its layers' files).
    pub(crate) content: stamps_platform::content::ContentStore,
    /// The catalogue's answers, kept while its version holds.
    pub(crate) kept: std::sync::Arc<crate::kept::Answers>,
    /// The dispensers being bought from, across replicas: a purchase is checked and sent holding its dispensers.
    pub(crate) locks: crate::locks::Locks,
    /// How long a sent purchase keeps its dispensers while the pending view takes it in.
    pub(crate) pending_wait: std::time::Duration,
}

/// A figure read from another service, used for a while before it is read again (shared by the clones of the
/// API, so by every call of one replica).
#[derive(Clone)]
pub(crate) struct Kept<T = u64>(std::sync::Arc<std::sync::Mutex<Option<(std::time::Instant, T)>>>);

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Self(Default::default())
    }
}

/// The fee oracle's rates the wallet uses, sat/kvB.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rates {
    /// What `-1` (the optimal rate) builds at.
    pub(crate) optimal: u64,
    /// The fastest rate: the ceiling is a multiple of it.
    pub(crate) fastest: u64,
}

impl<T: Copy> Kept<T> {
    /// The figure read less than `keep` ago, else `read`'s, kept.
    pub(crate) async fn get<F>(&self, keep: std::time::Duration, read: F) -> Result<T, Status>
    where
        F: std::future::Future<Output = Result<T, Status>>,
    {
        if let Some((at, value)) = self.0.lock().ok().and_then(|k| *k)
            && at.elapsed() < keep
        {
            return Ok(value);
        }
        let value = read.await?;
        if let Ok(mut k) = self.0.lock() {
            *k = Some((std::time::Instant::now(), value));
        }
        Ok(value)
    }
}

/// A built transaction as the API answers it: every input but a swap's seller's is `source`'s to sign.
pub(crate) fn built_tx(b: buy::Built, source: &str) -> pb::BuiltTx {
    pb::BuiltTx {
        psbt_hex: b.psbt.serialize_hex(),
        inputs_to_sign: b
            .to_sign
            .iter()
            .map(|&index| pb::InputToSign {
                index: u32::try_from(index).unwrap_or(u32::MAX),
                address: source.to_owned(),
            })
            .collect(),
        network_fee: b.network_fee,
        vsize: b.vsize,
        wallet_fee: b.wallet_fee,
        royalties: b.royalties,
        built: b.hashes,
        total: b.total,
    }
}

pub(crate) fn unavailable(what: &str, e: impl std::fmt::Display) -> Status {
    tracing::warn!(error = %e, "{what} failed");
    Status::unavailable(format!("{what} failed"))
}

fn node_status(e: NodeError) -> Status {
    match e {
        NodeError::Rpc { message, .. } => Status::invalid_argument(message),
        other => unavailable("the node", other),
    }
}

/// An address's balance from the mempool-style API's statistics (`chain_stats` and `mempool_stats`, each with
/// `funded_txo_sum` and `spent_txo_sum`); what is missing counts 0.
fn balance_of(stats: &Value) -> pb::BalanceResponse {
    let net = |of: &str| {
        let sum = |what: &str| {
            stats
                .pointer(&format!("/{of}/{what}"))
                .and_then(Value::as_i64)
                .unwrap_or(0)
        };
        sum("funded_txo_sum").saturating_sub(sum("spent_txo_sum"))
    };
    pb::BalanceResponse {
        confirmed: net("chain_stats"),
        unconfirmed: net("mempool_stats"),
    }
}

/// Milliseconds since the Unix epoch: a listing's or a cancellation's time.
fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

fn is_txid(h: &str) -> bool {
    h.len() == 64 && h.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A listed UTXO's name, `txid:vout` (an atomic swap's item).
fn outpoint(h: &str) -> Option<OutPoint> {
    let (txid, vout) = h.split_once(':')?;
    if !is_txid(txid) {
        return None;
    }
    Some(OutPoint::new(txid.parse().ok()?, vout.parse().ok()?))
}

/// The item hashes of a request: at most [`MAX_ITEMS`], each a dispenser's 64 hex digits or a listed UTXO's
/// `txid:vout`, lower-cased.
fn hashes<'a>(list: impl ExactSizeIterator<Item = &'a str>) -> Result<Vec<String>, Status> {
    if list.len() == 0 {
        return Err(Status::invalid_argument("No transaction hash provided"));
    }
    if list.len() > MAX_ITEMS {
        return Err(Status::invalid_argument(format!(
            "At most {MAX_ITEMS} items"
        )));
    }
    list.map(|h| {
        if is_txid(h) || outpoint(h).is_some() {
            Ok(h.to_ascii_lowercase())
        } else {
            Err(Status::invalid_argument(format!(
                "{h:?} is not a transaction hash"
            )))
        }
    })
    .collect()
}

impl WalletGrpc {
    /// The fee oracle's rates, asked at most once per [`OPTIMAL_KEPT`].
    async fn rates(&self) -> Result<Rates, Status> {
        self.rates
            .get(OPTIMAL_KEPT, async {
                let record = self
                    .fees
                    .clone()
                    .get_fees(GetFeesRequest {})
                    .await
                    .map_err(|e| unavailable("the fee oracle", e))?
                    .into_inner();
                Ok(Rates {
                    optimal: record.optimal,
                    fastest: record.fastest,
                })
            })
            .await
    }

    /// The highest fee rate a transaction may pay (sat/kvB): [`WalletGrpc::max_fee_multiple`] times the fastest.
    pub(crate) async fn fee_ceiling(&self) -> Result<u64, Status> {
        let rates = self.rates().await?;
        Ok(rates.fastest.saturating_mul(self.max_fee_multiple.max(1)))
    }

    /// The open listings of the UTXOs among `hashes`, by UTXO (the first asset of each).
    async fn listings(&self, hashes: &[String]) -> Result<HashMap<String, SaleListing>, Status> {
        let utxos: Vec<String> = hashes.iter().filter(|h| h.contains(':')).cloned().collect();
        if utxos.is_empty() {
            return Ok(HashMap::new());
        }
        let answer = self
            .kept
            .listings
            .get_or(utxos.clone(), async {
                let answer = self
                    .catalogue
                    .clone()
                    .sale_listings(SaleListingsRequest {
                        utxos,
                        offers: Vec::new(),
                    })
                    .await
                    .map_err(|e| unavailable("the catalogue", e))?;
                Ok(std::sync::Arc::new(answer.into_inner()))
            })
            .await?;
        let mut found = HashMap::new();
        for l in &answer.listings {
            found.entry(l.utxo.clone()).or_insert_with(|| l.clone());
        }
        Ok(found)
    }

    async fn dispensers(
        &self,
        tx_hashes: Vec<String>,
        addresses: Vec<String>,
    ) -> Result<(HashMap<String, SaleDispenser>, HashSet<String>), Status> {
        let tx_hashes: Vec<String> = tx_hashes.into_iter().filter(|h| !h.contains(':')).collect();
        let key = (tx_hashes.clone(), addresses.clone());
        let answer = self
            .kept
            .dispensers
            .get_or(key, async {
                let answer = self
                    .catalogue
                    .clone()
                    .sale_dispensers(SaleDispensersRequest {
                        tx_hashes,
                        addresses,
                        sources: Vec::new(),
                    })
                    .await
                    .map_err(|e| unavailable("the catalogue", e))?;
                Ok(std::sync::Arc::new(answer.into_inner()))
            })
            .await?;
        let found = answer
            .dispensers
            .iter()
            .map(|d| (d.tx_hash.clone(), d.clone()))
            .collect();
        Ok((found, answer.dispensing.iter().cloned().collect()))
    }

    /// The buyer's coins that hold nothing: the node's unspent outputs of `address`, minus those the catalogue
    /// says hold a Counterparty balance.
    pub(crate) async fn free_coins(&self, address: &str) -> Result<Vec<Coin>, Status> {
        let answer = self
            .node
            .api_json(&format!("/api/address/{address}/utxo"))
            .await
            .map_err(|e| unavailable("reading the address's coins", e))?;
        let mut coins = Vec::new();
        for u in answer.as_array().map(Vec::as_slice).unwrap_or_default() {
            let txid = u
                .get("txid")
                .and_then(Value::as_str)
                .and_then(|t| t.parse().ok());
            let vout = u
                .get("vout")
                .and_then(Value::as_u64)
                .and_then(|v| u32::try_from(v).ok());
            let value = u.get("value").and_then(Value::as_u64);
            let (Some(txid), Some(vout), Some(value)) = (txid, vout, value) else {
                continue;
            };
            let confirmed = u
                .pointer("/status/confirmed")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            coins.push(Coin {
                outpoint: OutPoint::new(txid, vout),
                value,
                confirmed,
            });
        }
        if coins.is_empty() {
            return Ok(coins);
        }
        // What the catalogue said of each coin at its current version is kept; it is asked about the others.
        let kept = &self.kept.held;
        let version = kept.version();
        let mut held = HashSet::new();
        let mut unknown = Vec::new();
        for c in &coins {
            match kept.get(&c.outpoint, version) {
                Some(true) => {
                    held.insert(c.outpoint);
                }
                Some(false) => {}
                None => unknown.push(c.outpoint),
            }
        }
        if !unknown.is_empty() {
            let answer: HashSet<String> = self
                .catalogue
                .clone()
                .held_outpoints(HeldOutpointsRequest {
                    outpoints: unknown.iter().map(OutPoint::to_string).collect(),
                })
                .await
                .map_err(|e| unavailable("the catalogue", e))?
                .into_inner()
                .held
                .into_iter()
                .collect();
            for o in unknown {
                let holds = answer.contains(&o.to_string());
                kept.put(o, version, holds);
                if holds {
                    held.insert(o);
                }
            }
        }
        coins.retain(|c| !held.contains(&c.outpoint));
        Ok(coins)
    }

    /// The rate a transaction is built at: `asked` (sat/kvB), or the optimal one for 0; refused outside
    /// [`buy::FEE_RATE_RANGE`] or above the ceiling ([`WalletGrpc::fee_ceiling`]).
    pub(crate) async fn fee_rate(&self, asked: u64) -> Result<u64, Status> {
        let rates = self.rates().await?;
        let rate = if asked == 0 { rates.optimal } else { asked };
        if !buy::FEE_RATE_RANGE.contains(&rate) {
            return Err(Status::invalid_argument(
                "The fee rate must be between 0.1 and 2000 sat/vB",
            ));
        }
        let ceiling = rates.fastest.saturating_mul(self.max_fee_multiple.max(1));
        if rate > ceiling {
            return Err(Status::invalid_argument(above_ceiling(
                rate,
                ceiling,
                self.max_fee_multiple,
            )));
        }
        Ok(rate)
    }
}

/// The refusal of a fee rate above the ceiling, in sat/vB.
pub(crate) fn above_ceiling(rate: u64, ceiling: u64, multiple: u64) -> String {
    format!(
        "The fee rate {} sat/vB is above {} sat/vB, {multiple} times the fastest rate",
        stamps_platform::figures::fee_rate(rate),
        stamps_platform::figures::fee_rate(ceiling)
    )
}

fn listing_item(utxo: &str, found: Option<&SaleListing>) -> pb::BuyItem {
    let Some(l) = found else {
        return pb::BuyItem {
            tx_hash: utxo.to_owned(),
            error: "Listing not found".into(),
            ..pb::BuyItem::default()
        };
    };
    pb::BuyItem {
        tx_hash: l.utxo.clone(),
        source: l.seller.clone(),
        owner: l.owner.clone(),
        origin: l.seller.clone(),
        cpid: l.asset.clone(),
        asset_longname: l.asset_longname.clone(),
        divisible: l.divisible,
        give_quantity: l.quantity.clone(),
        give_remaining: l.quantity.clone(),
        price: l.price,
        error: if l.pending {
            PENDING_LISTING.into()
        } else {
            String::new()
        },
        pending: l.pending,
    }
}

/// A listing as the swap it is bought by, or why it cannot be.
fn swap(
    l: &SaleListing,
    network: Network,
    dispensing: &HashSet<String>,
) -> Result<buy::Swap, String> {
    let psbt =
        crate::broadcast::psbt(&l.psbt_hex).map_err(|_| "The listing is damaged".to_owned())?;
    let checked = crate::listing::check(&psbt, network)?;
    let price = checked.payout.value.to_sat();
    let royalty = if l.owner != l.seller && !l.owner.is_empty() {
        let royalty = crate::money::percent_of(price, buy::ROYALTY_PERCENT);
        if royalty > buy::ROYALTY_MIN {
            if dispensing.contains(&l.owner) {
                return Err(
                    "The owner's address has an open dispenser: its royalty would buy from it"
                        .into(),
                );
            }
            let owner = buy::address(&l.owner, network)
                .ok_or("The owner's address is not of this network")?;
            Some((owner.script_pubkey(), royalty))
        } else {
            None
        }
    } else {
        None
    };
    Ok(buy::Swap {
        tx_hash: l.utxo.clone(),
        utxo: checked.utxo,
        seller_input: checked.input,
        payout: checked.payout,
        royalty,
    })
}

fn item(tx_hash: &str, found: Option<&SaleDispenser>) -> pb::BuyItem {
    let Some(d) = found else {
        return pb::BuyItem {
            tx_hash: tx_hash.to_owned(),
            error: "Dispenser not found".into(),
            ..pb::BuyItem::default()
        };
    };
    pb::BuyItem {
        tx_hash: d.tx_hash.clone(),
        source: d.source.clone(),
        owner: d.owner.clone(),
        origin: d.origin.clone(),
        cpid: d.asset.clone(),
        asset_longname: d.asset_longname.clone(),
        divisible: d.divisible,
        give_quantity: d.give_quantity.clone(),
        give_remaining: d.give_remaining.clone(),
        price: d.satoshirate,
        error: buy::unbuyable(d).unwrap_or_default(),
        pending: d.pending,
    }
}

#[tonic::async_trait]
impl WalletService for WalletGrpc {
    async fn buy_items(
        &self,
        request: Request<pb::BuyItemsRequest>,
    ) -> Result<Response<pb::BuyItemsResponse>, Status> {
        let asked = hashes(request.get_ref().hashes.iter().map(String::as_str))?;
        let (found, _) = self.dispensers(asked.clone(), Vec::new()).await?;
        let listed = self.listings(&asked).await?;
        Ok(Response::new(pb::BuyItemsResponse {
            items: asked
                .iter()
                .map(|h| {
                    if h.contains(':') {
                        listing_item(h, listed.get(h))
                    } else {
                        item(h, found.get(h))
                    }
                })
                .collect(),
        }))
    }

    async fn create_buy(
        &self,
        request: Request<pb::CreateBuyRequest>,
    ) -> Result<Response<pb::CreateBuyResponse>, Status> {
        let r = request.into_inner();
        let source = buy::address(r.source.trim(), self.network)
            .filter(|a| a.script_pubkey().is_p2wpkh())
            .ok_or_else(|| Status::invalid_argument(NATIVE_SEGWIT))?;
        let asked = hashes(r.orders.iter().map(|o| o.tx_hash.as_str()))?;
        let source_text = source.to_string();
        // What the purchase needs, asked at once: the rate, the dispensers, the listings, the buyer's free coins.
        let (fee_rate, (found, dispensing), listed, coins) = tokio::try_join!(
            self.fee_rate(r.fee_rate),
            self.dispensers(asked.clone(), vec![self.fee_address.clone()]),
            self.listings(&asked),
            self.free_coins(&source_text),
        )?;
        if dispensing.contains(&self.fee_address) {
            tracing::error!("the wallet fee address has an open dispenser: purchases are refused");
            return Err(Status::failed_precondition(
                "The wallet cannot take purchases now",
            ));
        }
        let owners: Vec<String> = found
            .values()
            .filter(|d| d.owner != d.origin && !d.owner.is_empty())
            .map(|d| d.owner.clone())
            .chain(
                listed
                    .values()
                    .filter(|l| l.owner != l.seller && !l.owner.is_empty())
                    .map(|l| l.owner.clone()),
            )
            .collect();
        let owners_dispensing = if owners.is_empty() {
            HashSet::new()
        } else {
            self.dispensers(Vec::new(), owners).await?.1
        };
        let mut errors = Vec::new();
        let mut payments = Vec::new();
        let mut swaps = Vec::new();
        let mut paid_addresses = HashSet::new();
        for (hash, order) in asked.iter().zip(&r.orders) {
            let error = |text: String| pb::ItemError {
                tx_hash: hash.clone(),
                error: text,
            };
            if hash.contains(':') {
                let Some(l) = listed.get(hash) else {
                    errors.push(error("Listing not found".into()));
                    continue;
                };
                if l.pending {
                    errors.push(error(PENDING_LISTING.into()));
                } else if l.seller == source_text {
                    errors.push(error("This is your own listing".into()));
                } else if l.seller != order.address.trim() {
                    errors.push(error("The seller's address is not the one shown".into()));
                } else if order.amount != l.price {
                    errors.push(error(format!("The price is {} sat", l.price)));
                } else {
                    match swap(l, self.network, &owners_dispensing) {
                        Ok(s) => swaps.push(s),
                        Err(text) => errors.push(error(text)),
                    }
                }
                continue;
            }
            let Some(d) = found.get(hash) else {
                errors.push(error("Dispenser not found".into()));
                continue;
            };
            if d.source != order.address.trim() {
                errors.push(error("The dispenser's address is not the one shown".into()));
                continue;
            }
            if d.source == source_text {
                errors.push(error("This is your own dispenser".into()));
                continue;
            }
            if !paid_addresses.insert(d.source.clone()) {
                errors.push(error(
                    "Another item pays the same dispenser address: buy it on its own".into(),
                ));
                continue;
            }
            let order = Order {
                tx_hash: hash.clone(),
                amount: order.amount,
            };
            match buy::payment(&order, d, self.network, &owners_dispensing) {
                Ok(p) => payments.push(p),
                Err(text) => {
                    paid_addresses.remove(&d.source);
                    errors.push(error(text));
                }
            }
        }
        if payments.is_empty() && swaps.is_empty() {
            return Ok(Response::new(pb::CreateBuyResponse {
                errors,
                fee_rate,
                ..pb::CreateBuyResponse::default()
            }));
        }
        let mut coins = coins;
        let buyer = source.script_pubkey();
        let mut built = Vec::new();
        for s in &swaps {
            let one = buy::build_swap(s, &buyer, &mut coins, fee_rate, &self.fee_to);
            built.push(one.map_err(Status::invalid_argument)?);
        }
        if !payments.is_empty() {
            let all = buy::build(&payments, &buyer, coins, fee_rate, &self.fee_to);
            built.extend(all.map_err(Status::invalid_argument)?);
        }
        let txs = built
            .into_iter()
            .map(|b| built_tx(b, &source_text))
            .collect();
        Ok(Response::new(pb::CreateBuyResponse {
            txs,
            fee_rate,
            errors,
        }))
    }

    async fn create_fairmint(
        &self,
        request: Request<pb::CreateFairmintRequest>,
    ) -> Result<Response<pb::CreateMintResponse>, Status> {
        self.create_fairmint(request.into_inner())
            .await
            .map(Response::new)
    }

    async fn create_src20(
        &self,
        request: Request<pb::CreateSrc20Request>,
    ) -> Result<Response<pb::CreateMintResponse>, Status> {
        self.create_src20(request.into_inner())
            .await
            .map(Response::new)
    }

    async fn create_launchpad_mint(
        &self,
        request: Request<pb::CreateLaunchpadMintRequest>,
    ) -> Result<Response<pb::CreateMintResponse>, Status> {
        self.create_launchpad_mint(request.into_inner())
            .await
            .map(Response::new)
    }

    async fn create_stamp(
        &self,
        request: Request<pb::CreateStampRequest>,
    ) -> Result<Response<pb::CreateMintResponse>, Status> {
        self.create_stamp(request.into_inner())
            .await
            .map(Response::new)
    }

    async fn create_send(
        &self,
        request: Request<pb::CreateSendRequest>,
    ) -> Result<Response<pb::CreateMintResponse>, Status> {
        self.create_send(request.into_inner())
            .await
            .map(Response::new)
    }

    async fn create_move(
        &self,
        request: Request<pb::CreateMoveRequest>,
    ) -> Result<Response<pb::CreateMintResponse>, Status> {
        self.create_move(request.into_inner())
            .await
            .map(Response::new)
    }

    async fn whitelist(
        &self,
        request: Request<pb::WhitelistRequest>,
    ) -> Result<Response<pb::WhitelistResponse>, Status> {
        self.whitelist(request.into_inner())
            .await
            .map(Response::new)
    }

    async fn balance(
        &self,
        request: Request<pb::BalanceRequest>,
    ) -> Result<Response<pb::BalanceResponse>, Status> {
        let address = request.get_ref().address.trim();
        if buy::address(address, self.network).is_none() {
            return Err(Status::invalid_argument("Invalid address"));
        }
        let stats = self
            .node
            .api_json(&format!("/api/address/{address}"))
            .await
            .map_err(|e| unavailable("reading the address", e))?;
        Ok(Response::new(balance_of(&stats)))
    }

    async fn promo(
        &self,
        _request: Request<pb::PromoRequest>,
    ) -> Result<Response<pb::PromoResponse>, Status> {
        Ok(Response::new(pb::PromoResponse {
            left: self.promo_left().await?,
            limit: crate::mint::PROMO_LIMIT,
            price: crate::mint::SRC20_PROMO_FEE,
        }))
    }

    async fn broadcast(
        &self,
        request: Request<pb::BroadcastRequest>,
    ) -> Result<Response<pb::BroadcastResponse>, Status> {
        let r = request.get_ref();
        let tx =
            crate::broadcast::transaction(&r.tx, r.is_psbt).map_err(Status::invalid_argument)?;
        // A purchase from dispensers holds them from its check until the pending view has it (see `locks`).
        let paid = self.dispensers_paid(&tx).await?;
        let held = if paid.is_empty() {
            None
        } else {
            let sources: Vec<String> = paid.iter().map(|d| d.source.clone()).collect();
            Some(self.locks.take(&sources).await?)
        };
        let sent = self.check_and_send(&tx, !paid.is_empty()).await;
        if let (Ok(txid), Some(_)) = (&sent, &held) {
            self.await_seen(txid).await;
        }
        if let Some(held) = held {
            held.release().await;
        }
        sent.map(|txid| Response::new(pb::BroadcastResponse { txids: vec![txid] }))
    }

    async fn create_listing(
        &self,
        request: Request<pb::CreateListingRequest>,
    ) -> Result<Response<pb::Listing>, Status> {
        let r = request.get_ref();
        let psbt = crate::broadcast::psbt(&r.psbt).map_err(Status::invalid_argument)?;
        let checked =
            crate::listing::check(&psbt, self.network).map_err(Status::invalid_argument)?;
        let utxo = checked.utxo.to_string();
        // Unspent (in the mempool too), with the script and value the listing claims: the signature was made
        // over them, so only the holder of the UTXO's key can have made it (whoever posts it).
        let Some(out) = self.unspent(&checked.utxo).await? else {
            return Err(Status::invalid_argument("The listed UTXO is spent"));
        };
        crate::listing::check_spent_output(&checked, out.script.as_bytes(), out.value)
            .map_err(Status::invalid_argument)?;
        // Holding assets per the ledger, and not an offer its seller withdrew.
        let withdrawn = async {
            self.catalogue
                .clone()
                .sale_listings(SaleListingsRequest {
                    utxos: Vec::new(),
                    offers: vec![checked.offer.clone()],
                })
                .await
                .map_err(|e| unavailable("the catalogue", e))
        };
        let (held, listings) = tokio::try_join!(self.held(vec![utxo.clone()]), withdrawn)?;
        if !held.contains(&utxo) {
            return Err(Status::invalid_argument("The listed UTXO holds no asset"));
        }
        if !listings.into_inner().withdrawn.is_empty() {
            return Err(Status::invalid_argument(WITHDRAWN));
        }
        let price = checked.payout.value.to_sat();
        let time_ms = now_ms();
        let event = stamps_proto::events::v1::ListingCreated {
            utxo: utxo.clone(),
            seller: checked.seller.to_string(),
            price,
            psbt_hex: psbt.serialize_hex(),
            time_ms,
            offer: checked.offer.clone(),
        };
        self.publish(
            LISTING_CREATED,
            &format!("listing:{utxo}:{time_ms}"),
            event.encode_to_vec(),
        )
        .await?;
        tracing::info!(%utxo, price, "listing published");
        Ok(Response::new(pb::Listing {
            utxo,
            seller: checked.seller.to_string(),
            price,
        }))
    }

    async fn cancel_listing(
        &self,
        request: Request<pb::CancelListingRequest>,
    ) -> Result<Response<pb::CancelListingResponse>, Status> {
        let r = request.get_ref();
        let utxo = r.utxo.trim().to_ascii_lowercase();
        if outpoint(&utxo).is_none() {
            return Err(Status::invalid_argument(format!("{utxo:?} is not a UTXO")));
        }
        let listed = self.listings(std::slice::from_ref(&utxo)).await?;
        let Some(l) = listed.get(&utxo) else {
            return Err(Status::not_found("Listing not found"));
        };
        if !r.addresses.contains(&l.seller) {
            return Err(Status::permission_denied("Only its seller ends a listing"));
        }
        let time_ms = now_ms();
        let event = stamps_proto::events::v1::ListingCancelled {
            utxo: utxo.clone(),
            time_ms,
        };
        self.publish(
            LISTING_CANCELLED,
            &format!("cancel:{utxo}:{time_ms}"),
            event.encode_to_vec(),
        )
        .await?;
        Ok(Response::new(pb::CancelListingResponse {
            note: CANCEL_NOTE.into(),
        }))
    }
}

/// A rate in sat/kvB as the BTC/kvB number Bitcoin Core's `maxfeerate` takes.
fn btc_per_kvb(rate: u64) -> Value {
    let text = format!("{}.{:08}", rate / 100_000_000, rate % 100_000_000);
    text.parse::<serde_json::Number>()
        .map_or(Value::Null, Value::Number)
}

/// The fee rate (sat/kvB) a `testmempoolaccept` verdict reports: its base fee over its virtual size.
fn tested_rate(verdict: &Value) -> Option<u64> {
    let vsize = verdict
        .get("vsize")
        .and_then(Value::as_u64)
        .filter(|v| *v > 0)?;
    let base = verdict.pointer("/fees/base")?.to_string();
    let fee = stamps_platform::figures::btc_to_sats(&base)?;
    Some(crate::money::fee(fee, 1_000_000) / vsize)
}

/// The node's reason for refusing a transaction, in plain words when it lost a race: another transaction took
/// the coins it spends first (a purchase of the same item, or a spend of the same coins elsewhere).
pub(crate) fn race_lost(reason: &str) -> String {
    let lost = [
        "txn-mempool-conflict",
        "missingorspent",
        "missing-inputs",
        "insufficient fee",
    ]
    .iter()
    .any(|r| reason.contains(r));
    if lost {
        format!(
            "Another transaction already spends these coins (someone was quicker, or they were spent \
             elsewhere): nothing was sent ({reason})"
        )
    } else {
        reason.to_owned()
    }
}

/// An unspent output as the node has it (spends in its mempool counted).
pub(crate) struct NodeOutput {
    /// Its script.
    pub(crate) script: ScriptBuf,
    /// Satoshis.
    pub(crate) value: u64,
    /// Whether a block holds it.
    pub(crate) confirmed: bool,
}

impl WalletGrpc {
    /// `o` as the node has it, `None` when it is spent (or never was).
    pub(crate) async fn unspent(&self, o: &OutPoint) -> Result<Option<NodeOutput>, Status> {
        let out: Value = self
            .node
            .call("gettxout", json!([o.txid.to_string(), o.vout, true]))
            .await
            .map_err(node_status)?;
        if out.is_null() {
            return Ok(None);
        }
        let script = out
            .pointer("/scriptPubKey/hex")
            .and_then(Value::as_str)
            .and_then(|h| hex::decode(h).ok())
            .map(ScriptBuf::from_bytes)
            .ok_or_else(|| unavailable("the node", "gettxout without a script"))?;
        let value = out
            .get("value")
            .and_then(|v| stamps_platform::figures::btc_to_sats(&v.to_string()))
            .ok_or_else(|| unavailable("the node", "gettxout without a value"))?;
        let confirmed = out
            .get("confirmations")
            .and_then(Value::as_u64)
            .unwrap_or(0)
            > 0;
        Ok(Some(NodeOutput {
            script,
            value,
            confirmed,
        }))
    }

    /// Which of `outpoints` hold a Counterparty balance, per the catalogue.
    pub(crate) async fn held(&self, outpoints: Vec<String>) -> Result<HashSet<String>, Status> {
        Ok(self
            .catalogue
            .clone()
            .held_outpoints(HeldOutpointsRequest { outpoints })
            .await
            .map_err(|e| unavailable("the catalogue", e))?
            .into_inner()
            .held
            .into_iter()
            .collect())
    }

    /// Checks `tx` (the coins it spends, and when it buys from dispensers, that they still have the lots) and sends
    /// it: its txid.
    async fn check_and_send(
        &self,
        tx: &bitcoin::Transaction,
        dispenses: bool,
    ) -> Result<String, Status> {
        if dispenses {
            tokio::try_join!(self.check_held(tx), self.check_dispenses(tx))?;
        } else {
            self.check_held(tx).await?;
        }
        let hex = bitcoin::consensus::encode::serialize_hex(tx);
        let ceiling = self.fee_ceiling().await?;
        let tested: Value = self
            .node
            .call("testmempoolaccept", json!([[hex], btc_per_kvb(ceiling)]))
            .await
            .map_err(node_status)?;
        let verdict = tested.get(0).cloned().unwrap_or(Value::Null);
        if verdict.get("allowed").and_then(Value::as_bool) != Some(true) {
            let reason = verdict
                .get("reject-reason")
                .and_then(Value::as_str)
                .unwrap_or("the node refused the transaction");
            return Err(Status::invalid_argument(race_lost(reason)));
        }
        if let Some(rate) = tested_rate(&verdict)
            && rate > ceiling
        {
            return Err(Status::invalid_argument(above_ceiling(
                rate,
                ceiling,
                self.max_fee_multiple,
            )));
        }
        let txid: String = self
            .node
            .call("sendrawtransaction", json!([hex]))
            .await
            .map_err(|e| match e {
                NodeError::Rpc { message, .. } => Status::invalid_argument(race_lost(&message)),
                other => unavailable("the node", other),
            })?;
        tracing::info!(%txid, "transaction broadcast");
        Ok(txid)
    }

    /// Waits (up to the configured time) until the catalogue has seen `txid`: the pending view then counts it.
    async fn await_seen(&self, txid: &str) {
        let deadline = std::time::Instant::now() + self.pending_wait;
        loop {
            let seen = self
                .catalogue
                .clone()
                .seen_transactions(SeenTransactionsRequest {
                    txids: vec![txid.to_owned()],
                })
                .await
                .map(|r| r.into_inner().seen.iter().any(|t| t == txid));
            match seen {
                Ok(true) => return,
                Ok(false) => {}
                Err(e) => {
                    tracing::debug!(error = %e, "the catalogue could not say whether it saw a purchase")
                }
            }
            if std::time::Instant::now() >= deadline {
                tracing::warn!(%txid, "the pending view did not take a purchase in in time; its dispensers are let go");
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    /// Refuses a transaction that would give away the assets an output it spends holds
    /// ([`crate::broadcast::check_held_inputs`]); the catalogue says which outputs hold assets, the node what
    /// their scripts are.
    async fn check_held(&self, tx: &bitcoin::Transaction) -> Result<(), Status> {
        let outpoints: Vec<String> = tx
            .input
            .iter()
            .map(|i| i.previous_output.to_string())
            .collect();
        let held = self.held(outpoints).await?;
        let mut scripts = Vec::new();
        for (index, input) in tx.input.iter().enumerate() {
            let o = input.previous_output;
            if !held.contains(&o.to_string()) {
                continue;
            }
            // A spent one makes the node refuse the transaction anyway.
            let script = self
                .unspent(&o)
                .await?
                .map(|out| out.script)
                .unwrap_or_default();
            scripts.push((index, script));
        }
        crate::broadcast::check_held_inputs(tx, &scripts).map_err(Status::invalid_argument)
    }

    /// Refuses a transaction paying a dispenser for more lots than the mempool leaves it
    /// ([`buy::check_dispenses`]).
    /// The open (or closing) dispensers `tx` pays, as the ledger and the pending view leave them; none when it
    /// carries no dispense.
    async fn dispensers_paid(
        &self,
        tx: &bitcoin::Transaction,
    ) -> Result<Vec<SaleDispenser>, Status> {
        if !buy::carries_dispense(tx) {
            return Ok(Vec::new());
        }
        let mut sources: Vec<String> = tx
            .output
            .iter()
            .filter_map(|o| bitcoin::Address::from_script(&o.script_pubkey, self.network).ok())
            .map(|a| a.to_string())
            .collect();
        sources.sort();
        sources.dedup();
        if sources.is_empty() {
            return Ok(Vec::new());
        }
        Ok(self
            .catalogue
            .clone()
            .sale_dispensers(SaleDispensersRequest {
                sources,
                ..SaleDispensersRequest::default()
            })
            .await
            .map_err(|e| unavailable("the catalogue", e))?
            .into_inner()
            .at_sources)
    }

    /// Refuses `tx` when a dispenser it pays no longer has the lots it pays for (read now).
    async fn check_dispenses(&self, tx: &bitcoin::Transaction) -> Result<(), Status> {
        let open = self.dispensers_paid(tx).await?;
        buy::check_dispenses(tx, &open, self.network).map_err(Status::invalid_argument)
    }

    /// Publishes an event on LISTINGS and waits for the stream's acknowledgement.
    async fn publish(&self, subject: &str, msg_id: &str, payload: Vec<u8>) -> Result<(), Status> {
        let mut headers = async_nats::HeaderMap::new();
        headers.insert("Nats-Msg-Id", msg_id);
        self.nats
            .js
            .publish_with_headers(self.nats.subject(subject), headers, payload.into())
            .await
            .map_err(|e| unavailable("publishing the listing", e))?
            .await
            .map_err(|e| unavailable("publishing the listing", e))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_balance_is_what_was_funded_less_what_was_spent() {
        let stats = json!({
            "chain_stats": {"funded_txo_sum": 150_000, "spent_txo_sum": 50_000, "tx_count": 3},
            "mempool_stats": {"funded_txo_sum": 1_000, "spent_txo_sum": 30_000, "tx_count": 1},
        });
        let b = balance_of(&stats);
        assert_eq!((b.confirmed, b.unconfirmed), (100_000, -29_000));
        let none = balance_of(&json!({}));
        assert_eq!((none.confirmed, none.unconfirmed), (0, 0));
    }
}
