//! Unit tests: issuance, sends, sweep, destroy, dividend (and the shared harness).

use bitcoin::hashes::Hash;

use super::*;
use crate::counterparty::message::{
    Destroy, Dividend, EnhancedSend, FLAG_BALANCES, FLAG_OWNERSHIP, Issuance, Memo, MpmaAsset,
    MpmaSend, Send, Sweep,
};

/// A ledger at a height, and a transaction counter.
pub(super) struct World {
    pub ledger: MemoryLedger,
    pub height: u64,
    n: u64,
}

/// A mainnet P2PKH address, distinct per `i`.
pub(super) fn addr(i: u8) -> String {
    let pkh = bitcoin::PubkeyHash::from_byte_array([i; 20]);
    bitcoin::Address::p2pkh(pkh, bitcoin::Network::Bitcoin).to_string()
}

impl World {
    pub fn new() -> Self {
        let mut ledger = MemoryLedger::new(Network::Mainnet);
        for i in 1..=5 {
            ledger.seed_balance(&addr(i), "XCP", 100 * UNIT);
        }
        Self {
            ledger,
            height: 962_000,
            n: 0,
        }
    }

    /// A transaction from `source` carrying `message`, with one output to the source and an OP_RETURN.
    pub fn tx(&mut self, source: &str, message: Message) -> LedgerTx {
        self.n += 1;
        LedgerTx {
            tx_hash: format!("{:064x}", self.n),
            tx_index: self.n,
            source: source.to_owned(),
            destination: String::new(),
            btc_amount: 0,
            message: TxMessage::Message(message),
            dispense_outputs: Vec::new(),
            inputs: vec![TxInput {
                outpoint: format!("{:064x}:0", 1_000_000 + self.n),
                address: Some(source.to_owned()),
            }],
            outputs: vec![
                TxOutput {
                    address: Some(source.to_owned()),
                    is_op_return: false,
                },
                TxOutput {
                    address: None,
                    is_op_return: true,
                },
            ],
        }
    }

    pub fn apply(&mut self, tx: &LedgerTx) -> TxOutcome {
        self.ledger.transaction(tx, self.height)
    }

    /// Sends `message` from `source` and returns the status.
    pub fn send(&mut self, source: &str, message: Message) -> String {
        let tx = self.tx(source, message);
        self.apply(&tx).status
    }

    /// Ends the block and starts the next.
    pub fn next_block(&mut self) {
        self.ledger.end_block(self.height);
        self.height += 1;
        self.ledger.begin_block(self.height);
    }

    pub fn bal(&self, holder: &str, asset: &str) -> u64 {
        self.ledger.balance(holder, asset).unwrap_or(0)
    }
}

pub(super) fn issuance(asset: &str, quantity: u64) -> Issuance {
    Issuance {
        type_id: ids::ISSUANCE_LR,
        asset_id: crate::asset::id_from_name(asset).unwrap_or(0),
        asset: asset.to_owned(),
        asset_longname: None,
        quantity,
        divisible: false,
        lock: false,
        reset: false,
        callable: false,
        call_date: 0,
        call_price: 0.0,
        description: Some(String::new()),
        mime_type: "text/plain".into(),
    }
}

pub(super) fn issue(w: &mut World, source: &str, asset: &str, quantity: u64) {
    let status = w.send(source, Message::Issuance(issuance(asset, quantity)));
    assert_eq!(status, VALID, "issuing {asset}");
}

pub(super) fn esend(asset: &str, quantity: u64, to: &str) -> Message {
    Message::EnhancedSend(EnhancedSend {
        asset_id: crate::asset::id_from_name(asset).unwrap_or(0),
        asset: asset.to_owned(),
        quantity,
        address: to.to_owned(),
        memo: None,
    })
}

const NUMERIC: &str = "A95428956661682177";

#[test]
fn named_issuance_pays_the_fee_and_numeric_is_free() {
    let mut w = World::new();
    let a = addr(1);
    let tx = w.tx(&a, Message::Issuance(issuance("PEPECASH", 1000)));
    let out = w.apply(&tx);
    assert_eq!(out.status, VALID);
    assert_eq!(w.bal(&a, "XCP"), 100 * UNIT - NAMED_ASSET_FEE);
    assert_eq!(w.bal(&a, "PEPECASH"), 1000);
    let row = out.effects.iter().find_map(|e| match e {
        Effect::Issuance(r) => Some(r),
        _ => None,
    });
    assert_eq!(row.map(|r| r.asset_events.as_str()), Some("creation"));
    assert!(matches!(out.effects.first(), Some(Effect::Debit(d)) if d.quantity == NAMED_ASSET_FEE));
    // A numeric asset is free, but the zero fee is still debited.
    let tx = w.tx(&a, Message::Issuance(issuance(NUMERIC, 5)));
    let out = w.apply(&tx);
    assert_eq!(out.status, VALID);
    assert!(
        matches!(out.effects.first(), Some(Effect::Debit(d)) if d.quantity == 0 && d.action == "issuance fee")
    );
    let info = w.ledger.asset(NUMERIC).expect("created");
    assert_eq!((info.issuer.as_str(), info.supply()), (a.as_str(), 5));
    // Without XCP a named asset cannot be issued.
    let poor = addr(9);
    assert_eq!(
        w.send(&poor, Message::Issuance(issuance("POORMAN", 1))),
        "invalid: insufficient funds"
    );
}

#[test]
fn reissuance_rules_and_locks() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    issue(&mut w, &a, "FROGCARD", 10);
    assert_eq!(
        w.send(&b, Message::Issuance(issuance("FROGCARD", 1))),
        "invalid: issued by another address"
    );
    let mut divisible = issuance("FROGCARD", 1);
    divisible.divisible = true;
    assert_eq!(
        w.send(&a, Message::Issuance(divisible)),
        "invalid: cannot change divisibility"
    );
    // Reissuance pays no fee.
    let before = w.bal(&a, "XCP");
    issue(&mut w, &a, "FROGCARD", 5);
    assert_eq!(w.bal(&a, "XCP"), before);
    assert_eq!(w.bal(&a, "FROGCARD"), 15);
    // "lock" locks and keeps the description.
    let mut lock = issuance("FROGCARD", 0);
    lock.description = Some("LOCK".into());
    assert_eq!(w.send(&a, Message::Issuance(lock)), VALID);
    assert!(w.ledger.asset("FROGCARD").expect("asset").locked);
    assert_eq!(
        w.send(&a, Message::Issuance(issuance("FROGCARD", 1))),
        "invalid: locked asset and non\u{2010}zero quantity"
    );
    // Transfers and description changes remain allowed on a locked asset.
    let mut text = issuance("FROGCARD", 0);
    text.description = Some("a frog".into());
    assert_eq!(w.send(&a, Message::Issuance(text)), VALID);
    let mut lock_new = issuance("NEWFROG", 0);
    lock_new.description = Some("lock".into());
    assert_eq!(
        w.send(&a, Message::Issuance(lock_new)),
        "invalid: cannot lock a non\u{2010}existent asset"
    );
    assert_eq!(
        w.send(&a, Message::Issuance(issuance("XCP", 1))),
        "invalid: cannot issue BTC or XCP"
    );
}

#[test]
fn locked_description_blocks_every_reissuance() {
    let mut w = World::new();
    let a = addr(1);
    let mut first = issuance(NUMERIC, 1);
    first.description = Some("hello".into());
    assert_eq!(w.send(&a, Message::Issuance(first)), VALID);
    let mut lock = issuance(NUMERIC, 0);
    lock.description = Some("lock_description".into());
    let tx = w.tx(&a, Message::Issuance(lock));
    let out = w.apply(&tx);
    assert_eq!(out.status, VALID);
    let info = w.ledger.asset(NUMERIC).expect("asset");
    assert!(info.description_locked);
    assert_eq!(info.description, "hello");
    assert_eq!(
        w.send(&a, Message::Issuance(issuance(NUMERIC, 0))),
        "invalid: Cannot update a locked description"
    );
}

#[test]
fn transfer_and_keep_description_marker() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    let mut first = issuance(NUMERIC, 7);
    first.description = Some("original".into());
    let mut tx = w.tx(&a, Message::Issuance(first));
    tx.destination = b.clone();
    assert_eq!(w.apply(&tx).status, VALID);
    // The new asset belongs to the destination, the units to the source.
    assert_eq!(w.ledger.asset(NUMERIC).expect("asset").issuer, b);
    assert_eq!(w.bal(&a, NUMERIC), 7);
    // `0xC0 NULL` (None) keeps the description.
    let mut keep = issuance(NUMERIC, 1);
    keep.description = None;
    assert_eq!(w.send(&b, Message::Issuance(keep)), VALID);
    assert_eq!(
        w.ledger.asset(NUMERIC).expect("asset").description,
        "original"
    );
}

#[test]
fn subassets_are_free_and_need_the_parent() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    let sub = |longname: &str| {
        let mut m = issuance(NUMERIC, 3);
        m.type_id = ids::SUBASSET_ISSUANCE_LR;
        m.asset_longname = Some(longname.to_owned());
        Message::Issuance(m)
    };
    assert_eq!(
        w.send(&a, sub("PARENTS.kid")),
        "invalid: parent asset not found"
    );
    issue(&mut w, &a, "PARENTS", 1);
    assert_eq!(
        w.send(&b, sub("PARENTS.kid")),
        "invalid: parent asset owned by another address"
    );
    let before = w.bal(&a, "XCP");
    assert_eq!(w.send(&a, sub("PARENTS.kid")), VALID);
    assert_eq!(w.bal(&a, "XCP"), before);
    assert_eq!(
        w.ledger.asset_by_longname("PARENTS.kid").as_deref(),
        Some(NUMERIC)
    );
    assert_eq!(w.send(&a, sub("PARENTS..x")), "invalid: bad subasset name");
}

#[test]
fn stamp_issuance_is_locked_and_free() {
    let mut w = World::new();
    let a = addr(1);
    let mut stamp = issuance(NUMERIC, 1);
    stamp.lock = true;
    stamp.description = Some("STAMP:iVBORw0KGgo=".into());
    let tx = w.tx(&a, Message::Issuance(stamp));
    let out = w.apply(&tx);
    assert_eq!(out.status, VALID);
    let row = out.effects.iter().find_map(|e| match e {
        Effect::Issuance(r) => Some(r.asset_events.clone()),
        _ => None,
    });
    assert_eq!(row.as_deref(), Some("creation lock_quantity"));
    assert_eq!(
        w.send(&a, Message::Issuance(issuance(NUMERIC, 1))),
        "invalid: locked asset and non\u{2010}zero quantity"
    );
}

#[test]
fn reset_destroys_and_reissues() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    issue(&mut w, &a, NUMERIC, 10);
    let mut reset = issuance(NUMERIC, 4);
    reset.reset = true;
    reset.divisible = true;
    assert_eq!(w.send(&a, Message::Issuance(reset.clone())), VALID);
    assert_eq!(w.bal(&a, NUMERIC), 4);
    let info = w.ledger.asset(NUMERIC).expect("asset");
    assert!(info.divisible);
    assert_eq!(info.supply(), 4);
    assert_eq!(w.send(&a, esend(NUMERIC, 1, &b)), VALID);
    assert_eq!(
        w.send(&a, Message::Issuance(reset)),
        "invalid: Cannot reset an asset with many holders"
    );
}

#[test]
fn enhanced_and_classic_sends() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    issue(&mut w, &a, NUMERIC, 10);
    assert_eq!(w.send(&a, esend(NUMERIC, 4, &b)), VALID);
    assert_eq!((w.bal(&a, NUMERIC), w.bal(&b, NUMERIC)), (6, 4));
    assert_eq!(
        w.send(&a, esend(NUMERIC, 7, &b)),
        "invalid: insufficient funds"
    );
    assert_eq!(w.send(&a, esend(NUMERIC, 0, &b)), "invalid: zero quantity");
    let mut long = esend(NUMERIC, 1, &b);
    if let Message::EnhancedSend(s) = &mut long {
        s.memo = Some(Memo::Bytes(vec![0; 35]));
    }
    assert_eq!(w.send(&a, long), "invalid: memo is too long");
    // A classic send is clamped to the balance.
    let mut tx = w.tx(
        &a,
        Message::Send(Send {
            asset_id: 0,
            asset: NUMERIC.into(),
            quantity: 100,
        }),
    );
    tx.destination = b.clone();
    assert_eq!(w.apply(&tx).status, VALID);
    assert_eq!((w.bal(&a, NUMERIC), w.bal(&b, NUMERIC)), (0, 10));
}

fn mpma(asset: &str, sends: &[(&str, u64)]) -> Message {
    Message::Mpma(crate::counterparty::message::Mpma {
        memo: None,
        assets: vec![MpmaAsset {
            asset_id: 0,
            asset: asset.to_owned(),
            sends: sends
                .iter()
                .map(|(to, q)| MpmaSend {
                    address: (*to).to_owned(),
                    quantity: *q,
                    memo: None,
                })
                .collect(),
        }],
    })
}

#[test]
fn mpma_credits_then_debits() {
    let mut w = World::new();
    let (a, b, c) = (addr(1), addr(2), addr(3));
    issue(&mut w, &a, NUMERIC, 10);
    let tx = w.tx(&a, mpma(NUMERIC, &[(&b, 2), (&c, 3)]));
    let out = w.apply(&tx);
    assert_eq!(out.status, VALID);
    let kinds: Vec<&str> = out
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::Credit(_) => Some("credit"),
            Effect::Debit(_) => Some("debit"),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, ["credit", "credit", "debit"]);
    assert_eq!(w.bal(&a, NUMERIC), 5);
    assert_eq!(
        w.send(&a, mpma(NUMERIC, &[(&b, 1)])),
        "invalid:send list cannot have only one element"
    );
    assert_eq!(
        w.send(&a, mpma(NUMERIC, &[(&b, 1), (&b, 1)])),
        "invalid:cannot specify more than once a destination per asset"
    );
    assert_eq!(
        w.send(&b, mpma("PEPECASH", &[(&a, 1), (&c, 1)])),
        format!("invalid: insufficient funds for asset PEPECASH, address {b} has no balance")
    );
    assert_eq!(
        w.send(&a, mpma(NUMERIC, &[(&b, 4), (&c, 4)])),
        format!("invalid: insufficient funds for asset {NUMERIC}, needs 8")
    );
}

#[test]
fn sweep_fee_balances_and_ownership() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    issue(&mut w, &a, NUMERIC, 10);
    issue(&mut w, &a, "SWEEPME", 3);
    let sweep = |flags, to: &str| {
        Message::Sweep(Sweep {
            destination: to.to_owned(),
            flags,
            memo: None,
        })
    };
    assert_eq!(
        w.send(&a, sweep(FLAG_BALANCES, &a)),
        "invalid: destination cannot be the same as source"
    );
    assert_eq!(w.send(&a, sweep(8, &b)), "invalid: invalid flags 8");
    // Three balances (XCP included) and two assets issued.
    assert_eq!(
        super::send::sweep_fee(&w.ledger, &a, 3),
        3 * 200_000 + 2 * 400_000
    );
    let xcp = w.bal(&a, "XCP");
    assert_eq!(w.send(&a, sweep(FLAG_BALANCES | FLAG_OWNERSHIP, &b)), VALID);
    assert_eq!(w.bal(&b, "XCP"), 100 * UNIT + xcp - 1_400_000);
    assert_eq!((w.bal(&a, NUMERIC), w.bal(&b, NUMERIC)), (0, 10));
    assert_eq!(w.ledger.asset("SWEEPME").expect("asset").issuer, b);
    // Nothing left: the fee of another sweep is the issuance count only, which it cannot pay.
    assert_eq!(
        w.send(&a, sweep(FLAG_OWNERSHIP, &b)),
        "invalid: insufficient XCP balance for sweep. Need 0.008 XCP for antispam fee"
    );
    assert_eq!(super::send::py_xcp(100_000_000), "1.0");
}

#[test]
fn destroy_rules() {
    let mut w = World::new();
    let a = addr(1);
    issue(&mut w, &a, NUMERIC, 10);
    let destroy = |asset: &str, quantity| {
        Message::Destroy(Destroy {
            asset_id: 0,
            asset: asset.to_owned(),
            quantity,
            tag: b"bye".to_vec(),
        })
    };
    assert_eq!(w.send(&a, destroy(NUMERIC, 3)), VALID);
    assert_eq!(w.ledger.asset(NUMERIC).expect("asset").supply(), 7);
    assert_eq!(w.send(&a, destroy(NUMERIC, 0)), VALID);
    assert_eq!(
        w.send(&a, destroy(NUMERIC, 8)),
        "invalid: balance insufficient"
    );
    assert_eq!(w.send(&a, destroy("NOSUCH", 1)), "invalid: asset invalid");
    let mut tx = w.tx(&a, destroy(NUMERIC, 1));
    tx.destination = addr(2);
    assert_eq!(w.apply(&tx).status, "invalid: destination exists");
}

fn dividend(asset: &str, per_unit: u64) -> Message {
    Message::Dividend(Dividend {
        asset_id: 0,
        asset: asset.to_owned(),
        quantity_per_unit: per_unit,
        dividend_asset_id: 1,
        dividend_asset: "XCP".into(),
    })
}

#[test]
fn dividends_pay_holders_including_utxos() {
    let mut w = World::new();
    let (a, b, c) = (addr(1), addr(2), addr(3));
    issue(&mut w, &a, NUMERIC, 100);
    assert_eq!(w.send(&a, esend(NUMERIC, 10, &b)), VALID);
    let utxo = format!("{:064x}:0", 77);
    w.ledger.seed_balance(&utxo, NUMERIC, 5);
    assert_eq!(
        w.send(&b, dividend(NUMERIC, 1000)),
        "invalid: only issuer can pay dividends"
    );
    assert_eq!(
        w.send(&a, dividend(NUMERIC, 0)),
        "invalid: non\u{2010}positive quantity per unit; zero dividend"
    );
    let xcp = w.bal(&a, "XCP");
    assert_eq!(w.send(&a, dividend(NUMERIC, 1000)), VALID);
    assert_eq!(w.bal(&b, "XCP"), 100 * UNIT + 10_000);
    assert_eq!(w.bal(&utxo, "XCP"), 5_000);
    assert_eq!(w.bal(&a, "XCP"), xcp - 15_000 - 2 * DIVIDEND_FEE_PER_HOLDER);
    assert_eq!(w.bal(&c, "XCP"), 100 * UNIT);
    // Divisible assets: held * per_unit / 1e8, truncated.
    let mut divisible = issuance("DIVCOIN", 3 * UNIT);
    divisible.divisible = true;
    assert_eq!(w.send(&a, Message::Issuance(divisible)), VALID);
    assert_eq!(w.send(&a, esend("DIVCOIN", UNIT + 1, &c)), VALID);
    assert_eq!(w.send(&a, dividend("DIVCOIN", 3)), VALID);
    assert_eq!(w.bal(&c, "XCP"), 100 * UNIT + 3);
    assert_eq!(
        w.send(&a, dividend("NOSUCH", 1)),
        "invalid: no such asset, NOSUCH."
    );
}

#[test]
fn undecodable_and_unsupported_messages() {
    let mut w = World::new();
    let a = addr(1);
    let mut tx = w.tx(&a, esend(NUMERIC, 1, &a));
    tx.message = TxMessage::Undecodable {
        type_id: Some(ids::ENHANCED_SEND),
        status: "invalid: could not unpack (invalid message length)".into(),
    };
    let out = w.apply(&tx);
    assert_eq!(
        out.status,
        "invalid: could not unpack (invalid message length)"
    );
    assert!(out.supported);
    let order = Message::Cancel(crate::counterparty::message::Cancel {
        offer_hash: "00".repeat(32),
    });
    let tx = w.tx(&a, order);
    let out = w.apply(&tx);
    assert_eq!(out.status, "invalid: unsupported message type cancel");
    assert!(!out.supported);
    let mut tx = w.tx(&a, esend(NUMERIC, 1, &a));
    tx.source = String::new();
    assert_eq!(
        w.apply(&tx).status,
        "invalid: source or destination not parsable"
    );
}

#[test]
fn absurd_quantities_are_invalid_and_move_nothing() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    issue(&mut w, &a, NUMERIC, 10);
    assert_eq!(w.send(&a, esend(NUMERIC, 5, &b)), VALID);
    let before = w.ledger.nonzero_balances();
    // Past the reference's 64-bit signed ceiling: refused with its words, whatever the balance.
    let first = w.send(
        &a,
        Message::Issuance(issuance("A95428956661682178", u64::MAX)),
    );
    assert!(first.contains("integer overflow"), "{first}");
    let more = w.send(&a, Message::Issuance(issuance(NUMERIC, MAX_INT)));
    assert!(more.contains("total quantity overflow"), "{more}");
    assert_eq!(
        w.send(&a, esend("XCP", u64::MAX, &b)),
        "invalid: quantity is too large"
    );
    // Within the ceiling but above what the source holds.
    assert_eq!(
        w.send(&a, esend(NUMERIC, MAX_INT, &b)),
        "invalid: insufficient funds"
    );
    let div = w.send(&a, dividend(NUMERIC, u64::MAX));
    assert!(div.contains("integer overflow"), "{div}");
    w.next_block();
    assert_eq!(w.ledger.nonzero_balances(), before, "nothing moved");
    assert_eq!(
        w.ledger.asset(NUMERIC).map(|i| i.supply()),
        Some(10),
        "the supply is unchanged"
    );
}

#[test]
fn lock_keywords_are_matched_as_python_lowercases_them() {
    let mut w = World::new();
    let a = addr(1);
    issue(&mut w, &a, "KELVIN", 10);
    // U+212A KELVIN SIGN lowercases to "k": the reference's `description.lower() == "lock"` holds.
    let mut kelvin = issuance("KELVIN", 0);
    kelvin.description = Some("LOC\u{212A}".into());
    assert_eq!(w.send(&a, Message::Issuance(kelvin)), VALID);
    let info = w.ledger.asset("KELVIN").expect("asset");
    assert!(info.locked, "locked by the keyword");
    assert_ne!(
        info.description, "LOC\u{212A}",
        "the keyword is no description"
    );
    // A long description that merely holds the keyword is a description.
    issue(&mut w, &a, "LONGTEXT", 10);
    let mut long = issuance("LONGTEXT", 0);
    long.description = Some(format!("lock {}", "A".repeat(4000)));
    assert_eq!(w.send(&a, Message::Issuance(long.clone())), VALID);
    let info = w.ledger.asset("LONGTEXT").expect("asset");
    assert!(!info.locked && !info.description_locked);
    assert_eq!(Some(info.description), long.description);
    // The description keyword, in any case, locks the description and keeps the one before.
    let mut keep = issuance("LONGTEXT", 0);
    keep.description = Some("Lock_Description".into());
    assert_eq!(w.send(&a, Message::Issuance(keep)), VALID);
    let info = w.ledger.asset("LONGTEXT").expect("asset");
    assert!(info.description_locked);
    assert_eq!(Some(info.description), long.description);
}

#[test]
fn utxos_holding_balances_are_known_by_outpoint() {
    let mut ledger = MemoryLedger::new(crate::network::Network::Regtest);
    let txid = "ab".repeat(32);
    let outpoint: bitcoin::OutPoint = format!("{txid}:1").parse().expect("outpoint");
    assert!(!ledger.utxo_holds_balances(&outpoint));
    ledger.seed_balance(&format!("{txid}:1"), "XCP", 5);
    assert!(ledger.utxo_holds_balances(&outpoint));
    assert!(!ledger.positive_balances(&outpoint.to_string()).is_empty());
    // Another asset at zero keeps it holding; the last positive one at zero does not.
    ledger.seed_balance(&format!("{txid}:1"), "PEPE", 0);
    assert!(ledger.utxo_holds_balances(&outpoint));
    ledger.seed_balance(&format!("{txid}:1"), "XCP", 0);
    assert!(!ledger.utxo_holds_balances(&outpoint));
    // A holder text that is not the outpoint's own (upper-case hex) is another holder, as for `positive_balances`.
    ledger.seed_balance(&format!("{}:1", txid.to_uppercase()), "XCP", 5);
    assert!(!ledger.utxo_holds_balances(&outpoint));
    assert!(ledger.positive_balances(&outpoint.to_string()).is_empty());
}
