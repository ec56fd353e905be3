//! `stamps decode tx|block`: decode raw transactions and blocks offline and print JSON (schema in the README).

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Subcommand;
use serde::Deserialize;
use stamps_protocol::bitcoin::{Amount, Block, OutPoint, ScriptBuf, Transaction, TxOut, Txid};
use stamps_protocol::block::{BlockContext, decode_block, decode_transaction};
use stamps_protocol::src20::MemoryState;
use stamps_protocol::{Network, Rules};

/// What to decode.
#[derive(Subcommand)]
pub enum Decode {
    /// A raw transaction, given as hex.
    Tx {
        /// The transaction's hex.
        hex: String,
        /// Height of the block that confirms it (selects the protocol rules).
        #[arg(long)]
        height: u64,
        /// JSON file of the outputs it spends, for its source and fee:
        /// `[{"txid": "...", "vout": 0, "value": 546, "script_pubkey": "<hex>"}]`.
        #[arg(long)]
        prevouts: Option<PathBuf>,
        /// Network whose rules and address formats apply.
        #[arg(long, default_value = "mainnet")]
        network: String,
    },
    /// A raw block, as hex or binary, from a file or `-` for standard input.
    Block {
        /// File holding the block, or `-`.
        input: String,
        /// The block's height.
        #[arg(long)]
        height: u64,
        /// Number of the next blessed stamp.
        #[arg(long, default_value_t = 0)]
        first_stamp: i64,
        /// Number of the next cursed stamp.
        #[arg(long, default_value_t = -1, allow_hyphen_values = true)]
        first_cursed: i64,
        /// The previous block's txlist hash (not needed at the first stamp block).
        #[arg(long, default_value = "")]
        prev_txlist_hash: String,
        /// The previous block's messages hash (not needed at the first stamp block).
        #[arg(long, default_value = "")]
        prev_messages_hash: String,
        /// The last non-empty SRC-20 ledger hash.
        #[arg(long, default_value = "")]
        prev_ledger_hash: String,
        /// JSON file of spent outputs (same format as for `decode tx`).
        #[arg(long)]
        prevouts: Option<PathBuf>,
        /// Network whose rules and address formats apply.
        #[arg(long, default_value = "mainnet")]
        network: String,
    },
}

#[derive(Deserialize)]
struct PrevoutEntry {
    txid: String,
    vout: u32,
    value: u64,
    script_pubkey: String,
}

fn load_prevouts(path: Option<&Path>) -> anyhow::Result<HashMap<OutPoint, TxOut>> {
    let Some(path) = path else {
        return Ok(HashMap::new());
    };
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let entries: Vec<PrevoutEntry> = serde_json::from_str(&text).with_context(|| {
        format!(
            "{}: expected [{{txid, vout, value, script_pubkey}}]",
            path.display()
        )
    })?;
    entries
        .into_iter()
        .map(|e| {
            let txid: Txid = e
                .txid
                .parse()
                .with_context(|| format!("bad txid {}", e.txid))?;
            let script = ScriptBuf::from_hex(&e.script_pubkey)
                .with_context(|| format!("bad script_pubkey for {}:{}", e.txid, e.vout))?;
            Ok((
                OutPoint::new(txid, e.vout),
                TxOut {
                    value: Amount::from_sat(e.value),
                    script_pubkey: script,
                },
            ))
        })
        .collect()
}

fn rules(network: &str) -> anyhow::Result<Rules> {
    Network::from_name(network)
        .map(Network::rules)
        .with_context(|| {
            format!("unknown network {network:?} (mainnet, testnet3, testnet4, signet, regtest)")
        })
}

/// Hex text (whitespace ignored) or raw bytes.
fn bytes_from(raw: Vec<u8>) -> anyhow::Result<Vec<u8>> {
    let text: Option<String> = std::str::from_utf8(&raw)
        .ok()
        .map(|t| t.chars().filter(|c| !c.is_whitespace()).collect());
    match text {
        Some(t) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_hexdigit()) => {
            hex::decode(&t).context("the input looks like hex but does not decode")
        }
        _ => Ok(raw),
    }
}

/// Runs the command and prints its JSON.
pub fn run(what: Decode) -> anyhow::Result<()> {
    // No SRC-20 history is known offline: operations are judged against the block alone.
    let history = MemoryState::default();
    let json = match what {
        Decode::Tx {
            hex,
            height,
            prevouts,
            network,
        } => {
            let rules = rules(&network)?;
            let bytes = hex::decode(hex.trim()).context("the transaction must be hex")?;
            let tx: Transaction = stamps_protocol::bitcoin::consensus::deserialize(&bytes)
                .context("not a valid transaction")?;
            let prevouts = load_prevouts(prevouts.as_deref())?;
            let ctx = BlockContext::offline(height, rules, &prevouts, &history);
            serde_json::to_string_pretty(&decode_transaction(&tx, &ctx))?
        }
        Decode::Block {
            input,
            height,
            first_stamp,
            first_cursed,
            prev_txlist_hash,
            prev_messages_hash,
            prev_ledger_hash,
            prevouts,
            network,
        } => {
            let rules = rules(&network)?;
            let mut raw = Vec::new();
            if input == "-" {
                std::io::stdin()
                    .read_to_end(&mut raw)
                    .context("reading standard input")?;
            } else {
                raw = std::fs::read(&input).with_context(|| format!("reading {input}"))?;
            }
            let bytes = bytes_from(raw)?;
            let block: Block = stamps_protocol::bitcoin::consensus::deserialize(&bytes)
                .context("not a valid block")?;
            let prevouts = load_prevouts(prevouts.as_deref())?;
            let ctx = BlockContext {
                next_stamp: first_stamp,
                next_cursed: first_cursed,
                prev_txlist_hash,
                prev_messages_hash,
                prev_ledger_hash,
                ..BlockContext::offline(height, rules, &prevouts, &history)
            };
            serde_json::to_string_pretty(&decode_block(&block, &ctx))?
        }
    };
    println!("{json}");
    Ok(())
}
