//! What happens on the devnet: deterministic activity by many actors, every payload encoded exactly as on
//! mainnet, with a record of what each transaction meant ([`intent`]) and the ledger the scenario intends.
//!
//! Three scenarios: `minimal` (a few classic PNG stamps, for tests of the plumbing), `demo` (a marketplace worth
//! browsing, [`demo`]) and `bench` (mainnet-like volume, [`bench`]). Every scenario respects coinbase maturity:
//! coinbases pay the bank (actor 0), which funds the others once they are 100 blocks deep.

pub mod acts;
pub mod bench;
pub mod builder;
pub mod curation;
pub mod demo;
pub mod intent;
pub mod payload;
pub mod rng;
pub mod trades;
pub mod world;

use std::collections::BTreeMap;

use bitcoin::hashes::{Hash, sha256};
use bitcoin::secp256k1::{Message, Secp256k1};
use bitcoin::sighash::{EcdsaSighashType, SighashCache};
use bitcoin::{
    Amount, OutPoint, ScriptBuf, Sequence, Transaction, TxIn, TxOut, Witness, absolute, transaction,
};
use serde::Serialize;
use stamps_protocol::asset;

pub use intent::{Book, Intended, Payload, StampIntent, Transport};
/// The devnet's genesis allocation of XCP, which no transaction on its chain creates, is a ledger snapshot.
pub use stamps_protocol::counterparty::rules::{Bootstrap, BootstrapBalance};

use crate::chain::Chain;
use crate::config::{DevnetConfig, ScenarioKind};
use crate::keys::Actor;
use builder::Builder;
use world::{World, XCP};

/// Actors of the minimal scenario.
pub const MINIMAL_ACTORS: u32 = 4;
/// What the first block of the minimal scenario pays each of its actors (output `i` to actor `i`).
pub const MINIMAL_ALLOCATION: Amount = Amount::from_sat(75_000_000);
/// XCP each actor holds in the bootstrap snapshot.
pub const BOOTSTRAP_XCP: u64 = 10_000 * XCP;
/// Fee rate of scenario transactions, sat/vB.
const FEE_RATE: u64 = 12;

/// A stamp the scenario created, as the plumbing tests use it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntendedStamp {
    /// Asset name.
    pub cpid: String,
    /// Txid of the issuance.
    pub txid: String,
    /// Height of its block.
    pub height: u64,
    /// The file it carries.
    pub file: Vec<u8>,
    /// The issuer's address.
    pub creator: String,
}

/// Enhanced asset information the devnet serves over HTTP for assets whose description points to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetInfo {
    /// The JSON document.
    pub json: String,
    /// Its image (PNG).
    pub image: Vec<u8>,
}

impl AssetInfo {
    /// The document and image for asset `name`, served under `base`.
    pub fn new(seed: u64, index: u32, name: &str, base: &str) -> Self {
        let json = serde_json::json!({
            "asset": name,
            "description": format!("{} is a Counterparty asset with enhanced asset information.", name),
            "image": format!("{base}/asset-info/{name}.png"),
            "website": format!("{base}/asset-info/{name}.json"),
        })
        .to_string();
        Self {
            json,
            image: crate::art::pixel_png(seed, 1_000_000 + index, 32),
        }
    }
}

/// Counts of what a scenario did, for its log.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Blocks mined.
    pub blocks: u64,
    /// Transactions (coinbases excluded).
    pub transactions: u64,
    /// Stamps meant blessed.
    pub blessed: u64,
    /// Stamps meant cursed.
    pub cursed: u64,
    /// SRC-20 operations (valid and invalid).
    pub src20: u64,
    /// Other Counterparty messages by type name.
    pub counterparty: BTreeMap<String, u64>,
    /// Dispenses.
    pub dispenses: u64,
    /// Atomic swaps.
    pub swaps: u64,
    /// Distinct holders of tokens or assets.
    pub holders: u64,
}

/// The generated chain and the record of what it intended.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The chain.
    pub chain: Chain,
    /// The actors (actor 0 is the bank).
    pub actors: Vec<Actor>,
    /// Every transaction's intent, in chain order.
    pub intents: Vec<Intended>,
    /// The ledger the scenario intends.
    pub book: Book,
    /// The snapshot an indexer of this chain starts from.
    pub bootstrap: Bootstrap,
    /// Enhanced asset information by asset name.
    pub asset_info: BTreeMap<String, AssetInfo>,
    /// The stamps, in creation order.
    pub stamps: Vec<IntendedStamp>,
    /// What it did, in counts.
    pub summary: Summary,
}

/// Builds the scenario `config` names.
pub fn generate(config: &DevnetConfig) -> Scenario {
    let secp = Secp256k1::new();
    let actor_count = match config.scenario {
        ScenarioKind::Minimal => MINIMAL_ACTORS as usize,
        ScenarioKind::Demo => demo::ACTORS,
        ScenarioKind::Bench => bench::actors(config.scale),
    };
    let actors: Vec<Actor> = (0..actor_count)
        .map(|i| Actor::derive(&secp, config.seed, i as u32))
        .collect();
    let mut b = Builder::new(config.first_height, actors.clone(), FEE_RATE);
    let mut w = World::new(config.seed, "scenario");
    // The bootstrap snapshot's XCP is there before the first block.
    for address in &b.addresses {
        w.book.credit(address, "XCP", BOOTSTRAP_XCP);
    }
    let mut asset_info = BTreeMap::new();
    match config.scenario {
        ScenarioKind::Minimal => minimal(&mut b, config),
        ScenarioKind::Demo => {
            asset_info = demo::play(&mut b, &mut w, config.scale, &config.asset_info_url);
        }
        ScenarioKind::Bench => bench::play(&mut b, &mut w, config.scale),
    }
    if let Some(tip_time) = config.tip_time {
        b.chain.retime(tip_time);
    }
    let bootstrap = Bootstrap {
        height: config.first_height.saturating_sub(1),
        balances: b
            .addresses
            .iter()
            .map(|address| BootstrapBalance {
                address: address.clone(),
                asset: "XCP".into(),
                quantity: BOOTSTRAP_XCP,
            })
            .collect(),
    };
    let book = std::mem::take(&mut w.book);
    let stamps = b
        .intents
        .iter()
        .filter_map(|i| match &i.payload {
            Payload::Stamp(s) => Some(IntendedStamp {
                cpid: s.cpid.clone(),
                txid: i.txid.to_string(),
                height: i.height,
                file: s.file.clone(),
                creator: i.source.clone(),
            }),
            _ => None,
        })
        .collect();
    let summary = summarize(&b, &book);
    tracing::info!(
        scenario = ?config.scenario,
        blocks = summary.blocks,
        transactions = summary.transactions,
        blessed = summary.blessed,
        cursed = summary.cursed,
        src20 = summary.src20,
        dispenses = summary.dispenses,
        swaps = summary.swaps,
        holders = summary.holders,
        counterparty = ?summary.counterparty,
        "devnet scenario played"
    );
    Scenario {
        chain: b.chain,
        actors,
        intents: b.intents,
        book,
        bootstrap,
        asset_info,
        stamps,
        summary,
    }
}

fn summarize(b: &Builder, book: &Book) -> Summary {
    let mut s = Summary {
        blocks: b.chain.len() as u64,
        transactions: b
            .chain
            .blocks()
            .iter()
            .map(|blk| blk.txdata.len() as u64 - 1)
            .sum(),
        holders: book.holders() as u64,
        ..Summary::default()
    };
    for i in &b.intents {
        match &i.payload {
            Payload::Stamp(st) if st.blessed => s.blessed += 1,
            Payload::Stamp(_) => s.cursed += 1,
            Payload::Src20(_) => s.src20 += 1,
            Payload::Counterparty { message, .. } => {
                *s.counterparty.entry(message.name().to_owned()).or_default() += 1;
            }
            Payload::Dispense { .. } => s.dispenses += 1,
            Payload::Swap { .. } => s.swaps += 1,
        }
    }
    s
}

/// The minimal scenario: the first block pays each actor [`MINIMAL_ALLOCATION`] (output `i` to actor `i`, left
/// for tests to spend), then after maturity one classic PNG stamp per block, by the actors in turn.
fn minimal(b: &mut Builder, config: &DevnetConfig) {
    let genesis = (0..MINIMAL_ACTORS as usize)
        .map(|i| TxOut {
            value: MINIMAL_ALLOCATION,
            script_pubkey: b.scripts[i].clone(),
        })
        .collect();
    b.chain.mine(genesis, Vec::new());
    if config.stamps == 0 {
        return;
    }
    for _ in 0..crate::chain::COINBASE_MATURITY {
        b.mine();
    }
    for n in 0..config.stamps {
        let who = (n % MINIMAL_ACTORS) as usize;
        let file = crate::art::pixel_png(config.seed, n, 12 + (n % 3) * 4);
        let asset_id = numeric_asset_id(config.seed, n);
        let spec = payload::StampSpec {
            asset_id,
            asset: format!("A{asset_id}"),
            longname: None,
            quantity: 1,
            lock: true,
            file,
            mimetype: "image/png".into(),
            transport: Transport::Multisig,
            blessed: true,
            src721: None,
        };
        b.stamp(who, spec);
        b.mine();
    }
}

/// A numeric asset id in `[26^12 + 1, 2^64 - 1]`, deterministic from the seed.
pub fn numeric_asset_id(seed: u64, n: u32) -> u64 {
    let digest =
        sha256::Hash::hash(format!("stamps-devnet/{seed}/asset/{n}").as_bytes()).to_byte_array();
    let raw = u64::from_be_bytes(digest[..8].try_into().unwrap_or([1; 8]));
    asset::MIN_NUMERIC_ID + raw % (u64::MAX - asset::MIN_NUMERIC_ID)
}

/// An unsigned version-2 transaction spending `previous_output` (replaceable, no lock time) to `outputs`.
pub fn unsigned_spend(previous_output: OutPoint, outputs: Vec<TxOut>) -> Transaction {
    Transaction {
        version: transaction::Version::TWO,
        lock_time: absolute::LockTime::ZERO,
        input: vec![TxIn {
            previous_output,
            script_sig: ScriptBuf::new(),
            sequence: Sequence::ENABLE_RBF_NO_LOCKTIME,
            witness: Witness::new(),
        }],
        output: outputs,
    }
}

/// Signs input 0, a P2WPKH output of `actor` worth `value`, with SIGHASH_ALL.
pub fn sign_p2wpkh<C: bitcoin::secp256k1::Signing>(
    secp: &Secp256k1<C>,
    tx: &mut Transaction,
    actor: &Actor,
    value: Amount,
) {
    let witness = p2wpkh_witness(secp, &mut SighashCache::new(&*tx), 0, actor, value);
    match witness {
        Some(w) => tx.input[0].witness = w,
        None => tracing::error!("cannot compute the sighash of a scenario transaction"),
    }
}

/// The witness of input `index` (a P2WPKH output of `actor` worth `value`) signed with SIGHASH_ALL; `None` when
/// the input does not exist.
pub fn p2wpkh_witness<C: bitcoin::secp256k1::Signing>(
    secp: &Secp256k1<C>,
    cache: &mut SighashCache<&Transaction>,
    index: usize,
    actor: &Actor,
    value: Amount,
) -> Option<Witness> {
    let script = actor.script_pubkey();
    let sighash = cache
        .p2wpkh_signature_hash(index, &script, value, EcdsaSighashType::All)
        .ok()?;
    let signature = secp.sign_ecdsa(
        &Message::from_digest(sighash.to_byte_array()),
        &actor.secret,
    );
    let signature = bitcoin::ecdsa::Signature {
        signature,
        sighash_type: EcdsaSighashType::All,
    };
    Some(Witness::p2wpkh(&signature, &actor.public.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use stamps_protocol::counterparty::message::{Issuance, split_type};
    use stamps_protocol::counterparty::transport;

    #[test]
    fn every_stamp_decodes_back_to_its_file() {
        let config = DevnetConfig {
            scenario: ScenarioKind::Minimal,
            stamps: 3,
            ..DevnetConfig::default()
        };
        let scenario = generate(&config);
        assert_eq!(scenario.stamps.len(), 3);
        for intended in &scenario.stamps {
            let txid = intended.txid.parse().expect("txid");
            let (tx, _, height) = scenario.chain.transaction(&txid).expect("mined");
            assert_eq!(height, intended.height);
            let params = transport::Params::new(height, stamps_protocol::Rules::MAINNET);
            let data = transport::parse_outputs(tx, &params).expect("transport");
            let (type_id, body) =
                split_type(&data.data, height, stamps_protocol::Rules::MAINNET).expect("type");
            let issuance = Issuance::unpack(type_id, body, height, stamps_protocol::Rules::MAINNET)
                .expect("issuance");
            assert_eq!(issuance.asset, intended.cpid);
            let found = stamps_protocol::stamp::from_issuance(
                &issuance,
                tx,
                &data,
                height,
                stamps_protocol::Rules::MAINNET,
            )
            .expect("stamp");
            assert_eq!(found.file.as_deref(), Some(intended.file.as_slice()));
            assert_eq!(found.mimetype, "image/png");
            assert!(!found.is_cursed);
            assert!(found.keyburn);
        }
    }

    #[test]
    fn deterministic() {
        let config = DevnetConfig {
            scenario: ScenarioKind::Minimal,
            stamps: 2,
            ..DevnetConfig::default()
        };
        assert_eq!(
            generate(&config).chain.tip_hash(),
            generate(&config).chain.tip_hash()
        );
    }
}
