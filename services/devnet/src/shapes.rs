//! The JSON shapes Bitcoin Core gives blocks, headers, transactions, scripts, mempool entries and chain info.

use bitcoin::consensus::encode::serialize_hex;
use bitcoin::{Address, Amount, OutPoint, ScriptBuf, Transaction, Txid};
use serde_json::{Value, json};

use crate::chain::Chain;
use crate::mempool::Mempool;

pub(crate) fn chain_info(chain: &Chain) -> Value {
    let tip = chain.block_at(chain.tip_height());
    json!({
        "chain": "regtest",
        "blocks": chain.tip_height(),
        "headers": chain.tip_height(),
        "bestblockhash": chain.tip_hash().to_string(),
        "difficulty": DIFFICULTY,
        "time": tip.map_or(0, |b| b.header.time),
        "mediantime": tip.map_or(0, |b| b.header.time),
        "verificationprogress": 1,
        "initialblockdownload": false,
        "chainwork": chainwork(chain, chain.tip_height()),
        "size_on_disk": 0,
        "pruned": false,
        "warnings": []
    })
}

/// Regtest's difficulty, as Core reports it.
pub(crate) const DIFFICULTY: f64 = 4.656542373906925e-10;

/// Cumulative work in hex: regtest blocks each add 2 units of work.
pub(crate) fn chainwork(chain: &Chain, height: u64) -> String {
    format!("{:064x}", (height + 1 - chain.first_height()) * 2)
}

pub(crate) fn mempool_entry_json(
    pool: &Mempool,
    txid: &Txid,
    entry: &crate::mempool::Entry,
) -> Value {
    let fee = Amount::from_sat(entry.fee).to_btc();
    let spent_by: Vec<String> = (0..entry.tx.output.len())
        .filter_map(|v| pool.spender(&OutPoint::new(*txid, v as u32)))
        .map(ToString::to_string)
        .collect();
    json!({
        "vsize": entry.vsize,
        "weight": entry.tx.weight().to_wu(),
        "time": entry.time,
        "height": entry.height,
        "descendantcount": 1 + spent_by.len(),
        "descendantsize": entry.vsize,
        "ancestorcount": 1 + pool.parents(txid).len(),
        "ancestorsize": entry.vsize,
        "wtxid": entry.tx.compute_wtxid().to_string(),
        "fees": {"base": fee, "modified": fee, "ancestor": fee, "descendant": fee},
        "depends": pool.parents(txid).iter().map(ToString::to_string).collect::<Vec<_>>(),
        "spentby": spent_by,
        "bip125-replaceable": entry.tx.is_explicitly_rbf(),
        "unbroadcast": false
    })
}

pub(crate) fn script_json(script: &ScriptBuf) -> Value {
    let address = Address::from_script(script, bitcoin::Network::Bitcoin)
        .ok()
        .map(|a| a.to_string());
    let kind = if script.is_p2pkh() {
        "pubkeyhash"
    } else if script.is_p2sh() {
        "scripthash"
    } else if script.is_p2wpkh() {
        "witness_v0_keyhash"
    } else if script.is_p2wsh() {
        "witness_v0_scripthash"
    } else if script.is_p2tr() {
        "witness_v1_taproot"
    } else if script.is_op_return() {
        "nulldata"
    } else if script.is_multisig() {
        "multisig"
    } else {
        "nonstandard"
    };
    let mut v = json!({
        "asm": script.to_asm_string(),
        "hex": script.to_hex_string(),
        "type": kind,
    });
    if let Some(address) = address {
        v["address"] = json!(address);
    }
    v
}

pub(crate) fn tx_json(tx: &Transaction) -> Value {
    json!({
        "txid": tx.compute_txid().to_string(),
        "hash": tx.compute_wtxid().to_string(),
        "version": tx.version.0,
        "size": tx.total_size(),
        "vsize": tx.vsize(),
        "weight": tx.weight().to_wu(),
        "locktime": tx.lock_time.to_consensus_u32(),
        "vin": tx.input.iter().map(|i| {
            if tx.is_coinbase() {
                return json!({
                    "coinbase": i.script_sig.to_hex_string(),
                    "txinwitness": i.witness.iter().map(hex::encode).collect::<Vec<_>>(),
                    "sequence": i.sequence.0
                });
            }
            let mut v = json!({
                "txid": i.previous_output.txid.to_string(),
                "vout": i.previous_output.vout,
                "scriptSig": {"asm": i.script_sig.to_asm_string(), "hex": i.script_sig.to_hex_string()},
                "sequence": i.sequence.0
            });
            if !i.witness.is_empty() {
                v["txinwitness"] = json!(i.witness.iter().map(hex::encode).collect::<Vec<_>>());
            }
            v
        }).collect::<Vec<_>>(),
        "vout": tx.output.iter().enumerate().map(|(n, o)| json!({
            "value": o.value.to_btc(),
            "n": n,
            "scriptPubKey": script_json(&o.script_pubkey)
        })).collect::<Vec<_>>()
    })
}

pub(crate) fn header_json(chain: &Chain, block: &bitcoin::Block, height: u64) -> Value {
    let mut v = json!({
        "hash": block.block_hash().to_string(),
        "confirmations": chain.tip_height() - height + 1,
        "height": height,
        "version": block.header.version.to_consensus(),
        "versionHex": format!("{:08x}", block.header.version.to_consensus()),
        "merkleroot": block.header.merkle_root.to_string(),
        "time": block.header.time,
        "mediantime": block.header.time,
        "nonce": block.header.nonce,
        "bits": format!("{:08x}", block.header.bits.to_consensus()),
        "difficulty": DIFFICULTY,
        "chainwork": chainwork(chain, height),
        "nTx": block.txdata.len(),
    });
    if height > chain.first_height() {
        v["previousblockhash"] = json!(block.header.prev_blockhash.to_string());
    }
    if let Some(next) = chain.block_at(height + 1) {
        v["nextblockhash"] = json!(next.block_hash().to_string());
    }
    v
}

pub(crate) fn block_json(
    chain: &Chain,
    block: &bitcoin::Block,
    height: u64,
    full_txs: bool,
) -> Value {
    let mut v = header_json(chain, block, height);
    v["size"] = json!(block.total_size());
    // weight = 3 * stripped + total.
    v["strippedsize"] = json!((block.weight().to_wu() as usize - block.total_size()) / 3);
    v["weight"] = json!(block.weight().to_wu());
    v["tx"] = if full_txs {
        json!(
            block
                .txdata
                .iter()
                .map(|t| {
                    let mut j = tx_json(t);
                    j["hex"] = json!(serialize_hex(t));
                    if !t.is_coinbase() {
                        // Core adds the fee when the spent outputs are known (always, on the devnet).
                        let spent: Option<u64> = t
                            .input
                            .iter()
                            .map(|i| chain.output(&i.previous_output).map(|o| o.value.to_sat()))
                            .sum();
                        let out: u64 = t.output.iter().map(|o| o.value.to_sat()).sum();
                        if let Some(spent) = spent {
                            j["fee"] = json!(Amount::from_sat(spent.saturating_sub(out)).to_btc());
                        }
                    }
                    j
                })
                .collect::<Vec<_>>()
        )
    } else {
        json!(
            block
                .txdata
                .iter()
                .map(|t| t.compute_txid().to_string())
                .collect::<Vec<_>>()
        )
    };
    v
}
