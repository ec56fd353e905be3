//! The Counterparty ledger rules (`stamps_protocol::counterparty::rules`) against the demo scenario: replaying
//! the chain block by block from the bootstrap snapshot must reach the ledger the scenario intends (its book):
//! the same balances (XCP included), dispenser and fairminter statuses, and every intended message valid.

use std::collections::{BTreeMap, HashMap};

use bitcoin::{OutPoint, TxOut};
use stamps_devnet::chain::Chain;
use stamps_devnet::scenario::{self, Payload, Scenario};
use stamps_devnet::{DevnetConfig, ScenarioKind};
use stamps_protocol::block::{BlockContext, CounterpartyRecord, decode_contents};
use stamps_protocol::counterparty::rules::{LedgerState, LedgerTx, MemoryLedger};
use stamps_protocol::counterparty::transport::PrevoutSource;
use stamps_protocol::src20::MemoryState;
use stamps_protocol::{Network, Rules};

struct Prevouts<'a>(&'a Chain);

impl PrevoutSource for Prevouts<'_> {
    fn prevout(&self, outpoint: &OutPoint) -> Option<TxOut> {
        self.0.output(outpoint).cloned()
    }
}

/// The ledger after the whole chain, and each applied transaction's status.
struct Replay {
    ledger: MemoryLedger,
    statuses: HashMap<String, String>,
}

fn replay(s: &Scenario) -> Replay {
    let mut ledger = MemoryLedger::new(Network::Mainnet);
    for b in &s.bootstrap.balances {
        ledger.seed_balance(&b.address, &b.asset, b.quantity);
    }
    let prevouts = Prevouts(&s.chain);
    let src20 = MemoryState::default();
    let mut statuses = HashMap::new();
    for (i, block) in s.chain.blocks().iter().enumerate() {
        let height = s.chain.first_height() + i as u64;
        let ctx = BlockContext::offline(height, Rules::MAINNET, &prevouts, &src20);
        let decoded = decode_contents(block, &ctx);
        let records: HashMap<usize, &CounterpartyRecord> = decoded
            .counterparty
            .iter()
            .map(|r| (r.tx_index, r))
            .collect();
        ledger.begin_block(height);
        for (tx_index, tx) in block.txdata.iter().enumerate().skip(1) {
            let record = records.get(&tx_index).copied();
            let ltx =
                LedgerTx::from_transaction(tx, tx_index, record, &prevouts, height, Rules::MAINNET);
            // Without Counterparty data a transaction matters only when it spends a UTXO holding balances
            // (the atomic swaps).
            if record.is_none() && ltx.balance_inputs(&ledger).is_empty() {
                continue;
            }
            let outcome = ledger.transaction(&ltx, height);
            statuses.insert(ltx.tx_hash, outcome.status);
        }
        ledger.end_block(height);
    }
    Replay { ledger, statuses }
}

/// Differences between two maps, both directions, as readable lines.
fn diff<K: Ord + std::fmt::Debug, V: PartialEq + std::fmt::Debug>(
    ledger: &BTreeMap<K, V>,
    book: &BTreeMap<K, V>,
) -> Vec<String> {
    let mut out = Vec::new();
    for (k, v) in ledger {
        match book.get(k) {
            None => out.push(format!("{k:?}: ledger {v:?}, not in the book")),
            Some(b) if b != v => out.push(format!("{k:?}: ledger {v:?}, book {b:?}")),
            Some(_) => {}
        }
    }
    for (k, b) in book {
        if !ledger.contains_key(k) {
            out.push(format!("{k:?}: book {b:?}, not in the ledger"));
        }
    }
    out
}

#[test]
fn the_ledger_replays_the_demo_to_its_book() {
    let s = scenario::generate(&DevnetConfig {
        scenario: ScenarioKind::Demo,
        scale: 0.3,
        ..DevnetConfig::default()
    });
    let Replay { ledger, statuses } = replay(&s);
    let mut problems: Vec<String> = Vec::new();

    // Every intended message got the intended status; every stamp, dispense and swap is valid.
    let mut checked = 0;
    for intent in &s.intents {
        let txid = intent.txid.to_string();
        let status = statuses.get(&txid).map(String::as_str);
        let (what, want_valid) = match &intent.payload {
            Payload::Counterparty { message, valid } => (message.name().to_owned(), *valid),
            Payload::Stamp(st) => (format!("stamp {}", st.cpid), true),
            Payload::Dispense { dispenser, .. } => (format!("dispense at {dispenser}"), true),
            Payload::Swap { utxo, .. } => (format!("swap of {utxo}"), true),
            Payload::Src20(_) => continue,
        };
        checked += 1;
        if (status == Some("valid")) != want_valid {
            problems.push(format!(
                "{what} {txid} at {}: status {status:?}, intended valid={want_valid}",
                intent.height
            ));
        }
    }
    assert!(checked > 300, "{checked} intents checked");

    let balances = ledger.nonzero_balances();
    for line in diff(&balances, &s.book.balances) {
        problems.push(format!("balance {line}"));
    }
    let dispensers: BTreeMap<String, u8> = ledger
        .dispensers()
        .map(|d| (d.tx_hash.clone(), d.status))
        .collect();
    for line in diff(&dispensers, &s.book.dispensers) {
        problems.push(format!("dispenser {line}"));
    }
    let fairminters: BTreeMap<String, String> = s
        .book
        .fairminters
        .keys()
        .filter_map(|asset| {
            let f = ledger.fairminter(asset)?;
            Some((asset.clone(), f.status.as_str().to_owned()))
        })
        .chain(
            ledger
                .fairminters()
                .filter(|f| !s.book.fairminters.contains_key(&f.asset))
                .map(|f| (f.asset.clone(), f.status.as_str().to_owned())),
        )
        .collect();
    for line in diff(&fairminters, &s.book.fairminters) {
        problems.push(format!("fairminter {line}"));
    }

    assert!(
        problems.is_empty(),
        "the ledger and the scenario's book disagree ({} problems):\n{}",
        problems.len(),
        problems.join("\n")
    );
    // The replay exercised what the demo intends.
    assert!(dispensers.len() >= 5, "{dispensers:?}");
    assert!(!fairminters.is_empty());
    assert!(
        balances.keys().any(|(h, _)| h.contains(':')),
        "no UTXO balance"
    );
}
