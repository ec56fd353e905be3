//! What happens on the devnet: a genesis allocation to the actors, then classic stamps (Counterparty
//! issuances of numeric assets whose description is `STAMP:` + base64 of a PNG, carried in bare multisig
//! outputs with a burn key and ARC4 keyed by the first input's txid), one per block.

use base64::Engine;
use bitcoin::hashes::{Hash, sha256};
use bitcoin::secp256k1::{Message, Secp256k1};
use bitcoin::sighash::{EcdsaSighashType, SighashCache};
use bitcoin::{
    Amount, OutPoint, ScriptBuf, Sequence, Transaction, TxIn, TxOut, Witness, absolute, transaction,
};
use stamps_protocol::asset;
use stamps_protocol::counterparty::message::{Issuance, ids};
use stamps_protocol::counterparty::transport;
use stamps_protocol::stamp::BURN_KEYS;

use crate::art;
use crate::chain::Chain;
use crate::config::DevnetConfig;
use crate::keys::Actor;

/// How many actors hold coins.
pub const ACTORS: u32 = 4;
/// Each actor's genesis allocation.
const ALLOCATION: Amount = Amount::from_sat(100_000_000);
/// Fee rate of scenario transactions, sat/vB.
const FEE_RATE: u64 = 12;

/// A stamp the scenario created: what a decoder must find.
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

/// The generated chain and the record of what it intended.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The chain.
    pub chain: Chain,
    /// The actors.
    pub actors: Vec<Actor>,
    /// Stamps, in creation order.
    pub stamps: Vec<IntendedStamp>,
}

/// Builds the scenario for `config`.
pub fn generate(config: &DevnetConfig) -> Scenario {
    let secp = Secp256k1::new();
    let actors: Vec<Actor> = (0..ACTORS)
        .map(|i| Actor::derive(&secp, config.seed, i))
        .collect();
    let mut chain = Chain::new(config.first_height);
    let genesis = actors
        .iter()
        .map(|a| TxOut {
            value: ALLOCATION,
            script_pubkey: a.script_pubkey(),
        })
        .collect();
    chain.mine(genesis, Vec::new());
    // The genesis coinbase pays actor i at output i.
    let Some(coinbase) = chain
        .block_at(config.first_height)
        .and_then(|b| b.txdata.first())
    else {
        return Scenario {
            chain,
            actors,
            stamps: Vec::new(),
        };
    };
    let txid = coinbase.compute_txid();
    let mut coins: Vec<(OutPoint, TxOut)> = coinbase
        .output
        .iter()
        .take(actors.len())
        .enumerate()
        .map(|(v, o)| (OutPoint::new(txid, v as u32), o.clone()))
        .collect();
    let mut stamps = Vec::new();
    for n in 0..config.stamps {
        let who = (n % ACTORS) as usize;
        let actor = &actors[who];
        let file = art::pixel_png(config.seed, n, 12 + (n % 3) * 4);
        let asset_id = numeric_asset_id(config.seed, n);
        let (tx, change) = stamp_issuance(&secp, actor, &coins[who], asset_id, &file);
        let txid = tx.compute_txid();
        coins[who] = (OutPoint::new(txid, change.0), change.1);
        let height = chain.tip_height() + 1;
        chain.mine(
            vec![TxOut {
                value: Amount::from_sat(312_500_000),
                script_pubkey: actors[0].script_pubkey(),
            }],
            vec![tx],
        );
        stamps.push(IntendedStamp {
            cpid: format!("A{asset_id}"),
            txid: txid.to_string(),
            height,
            file,
            creator: actor.address().to_string(),
        });
    }
    Scenario {
        chain,
        actors,
        stamps,
    }
}

/// A numeric asset id in `[26^12 + 1, 2^64 - 1]`, deterministic from the seed.
fn numeric_asset_id(seed: u64, n: u32) -> u64 {
    let digest =
        sha256::Hash::hash(format!("stamps-devnet/{seed}/asset/{n}").as_bytes()).to_byte_array();
    let raw = u64::from_be_bytes(digest[..8].try_into().unwrap_or([1; 8]));
    asset::MIN_NUMERIC_ID + raw % (u64::MAX - asset::MIN_NUMERIC_ID)
}

/// A signed classic stamp issuance spending `coin`; returns it and its change output (index, output).
fn stamp_issuance(
    secp: &Secp256k1<bitcoin::secp256k1::All>,
    actor: &Actor,
    coin: &(OutPoint, TxOut),
    asset_id: u64,
    file: &[u8],
) -> (Transaction, (u32, TxOut)) {
    let description = format!(
        "STAMP:{}",
        base64::engine::general_purpose::STANDARD.encode(file)
    );
    let message = Issuance {
        type_id: ids::ISSUANCE,
        asset_id,
        asset: format!("A{asset_id}"),
        quantity: 1,
        divisible: false,
        lock: true,
        reset: false,
        asset_longname: None,
        description: Some(description),
        callable: false,
        call_date: 0,
        call_price: 0.0,
        mime_type: "text/plain".into(),
    }
    .pack();
    let key = stamps_protocol::arc4::key_for(&coin.0.txid);
    let mut outputs = transport::multisig_data_outputs(&key, &message, &BURN_KEYS[1]);
    let data_value: u64 = outputs.iter().map(|o| o.value.to_sat()).sum();
    let mut tx = unsigned_spend(coin.0, Vec::new());
    outputs.push(TxOut {
        value: Amount::ZERO,
        script_pubkey: actor.script_pubkey(),
    });
    tx.output = outputs;
    // vsize with a P2WPKH witness (~108 WU) added to the stripped size.
    let vsize = tx.base_size() as u64 + 28;
    let change = coin
        .1
        .value
        .to_sat()
        .saturating_sub(data_value + vsize * FEE_RATE);
    let change_index = tx.output.len() - 1;
    tx.output[change_index].value = Amount::from_sat(change);
    sign_p2wpkh(secp, &mut tx, actor, coin.1.value);
    let change_out = tx.output[change_index].clone();
    (tx, (change_index as u32, change_out))
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
    let script = actor.script_pubkey();
    let sighash = match SighashCache::new(&*tx).p2wpkh_signature_hash(
        0,
        &script,
        value,
        EcdsaSighashType::All,
    ) {
        Ok(h) => h,
        Err(e) => {
            tracing::error!(error = %e, "cannot compute the sighash of a scenario transaction");
            return;
        }
    };
    let signature = secp.sign_ecdsa(
        &Message::from_digest(sighash.to_byte_array()),
        &actor.secret,
    );
    let signature = bitcoin::ecdsa::Signature {
        signature,
        sighash_type: EcdsaSighashType::All,
    };
    tx.input[0].witness = Witness::p2wpkh(&signature, &actor.public.0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use stamps_protocol::counterparty::message::split_type;

    #[test]
    fn every_stamp_decodes_back_to_its_file() {
        let config = DevnetConfig {
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
            stamps: 2,
            ..DevnetConfig::default()
        };
        assert_eq!(
            generate(&config).chain.tip_hash(),
            generate(&config).chain.tip_hash()
        );
    }
}
