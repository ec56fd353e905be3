//! Unit tests: dispensers and dispenses, fairminters and fairmints, UTXO balances.

use super::tests::{World, addr, issuance, issue};
use super::*;
use crate::counterparty::message::{Attach, Detach, Dispense, Dispenser, Fairmint, Fairminter};

const NUMERIC: &str = "A95428956661682177";
const OTHER: &str = "A95428956661682178";

fn dispenser(asset: &str, give: u64, escrow: u64, rate: u64, status: u8) -> Message {
    Message::Dispenser(Dispenser {
        asset_id: 0,
        asset: asset.to_owned(),
        give_quantity: give,
        escrow_quantity: escrow,
        mainchainrate: rate,
        dispenser_status: status,
        action_address: None,
        oracle_address: None,
    })
}

fn buy(w: &mut World, buyer: &str, paid: &[(&str, u64)]) -> TxOutcome {
    let mut tx = w.tx(buyer, Message::Dispense(Dispense { data: vec![0] }));
    tx.dispense_outputs = paid.iter().map(|(a, v)| ((*a).to_owned(), *v)).collect();
    w.apply(&tx)
}

fn current(w: &World, address: &str, asset: &str) -> Option<DispenserInfo> {
    w.ledger
        .dispensers()
        .filter(|d| d.source == address && d.asset == asset)
        .last()
        .cloned()
}

#[test]
fn dispenser_open_refill_and_delayed_close() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    issue(&mut w, &a, NUMERIC, 100);
    assert_eq!(w.send(&a, dispenser(NUMERIC, 1, 10, 1000, 0)), VALID);
    assert_eq!(w.bal(&a, NUMERIC), 90);
    assert_eq!(
        w.send(&a, dispenser(NUMERIC, 1, 10, 2000, 0)),
        format!(
            "invalid: address has a dispenser already opened for asset {NUMERIC} with a different mainchainrate"
        )
    );
    for _ in 0..MAX_REFILLS {
        assert_eq!(w.send(&a, dispenser(NUMERIC, 1, 5, 1000, 0)), VALID);
    }
    assert_eq!(
        w.send(&a, dispenser(NUMERIC, 1, 5, 1000, 0)),
        "invalid: the dispenser reached its maximum refilling"
    );
    let d = current(&w, &a, NUMERIC).expect("dispenser");
    assert_eq!((d.give_remaining, d.refills), (35, 5));
    assert_eq!(
        w.send(&a, dispenser(NUMERIC, 1, 100, 1000, 0)),
        format!("invalid: address doesn't have enough balance of {NUMERIC} (65 < 100)")
    );
    assert_eq!(
        w.send(&b, dispenser(NUMERIC, 1, 1, 1000, 0)),
        format!("invalid: address doesn't have the asset {NUMERIC}")
    );
    // Close: status 11 for five blocks, still dispensing.
    let closed_at = w.height + DISPENSER_CLOSE_DELAY;
    assert_eq!(w.send(&a, dispenser(NUMERIC, 0, 0, 0, 10)), VALID);
    let d = current(&w, &a, NUMERIC).expect("dispenser");
    assert_eq!(
        (d.status, d.close_block_index),
        (DISPENSER_CLOSING, Some(closed_at))
    );
    assert_eq!(
        w.send(&a, dispenser(NUMERIC, 1, 1, 1000, 0)),
        "invalid: address has already a dispenser about to close, no action can be taken until it closes"
    );
    assert_eq!(buy(&mut w, &b, &[(&a, 2000)]).status, VALID);
    assert_eq!(w.bal(&b, NUMERIC), 2);
    while w.height < closed_at - 1 {
        w.next_block();
        assert_eq!(
            current(&w, &a, NUMERIC).map(|d| d.status),
            Some(DISPENSER_CLOSING)
        );
    }
    w.next_block();
    let d = current(&w, &a, NUMERIC).expect("dispenser");
    assert_eq!((d.status, d.give_remaining), (DISPENSER_CLOSED, 0));
    assert_eq!(w.bal(&a, NUMERIC), 98);
    assert_eq!(
        w.send(&a, dispenser(NUMERIC, 0, 0, 0, 10)),
        format!("invalid: address doesn't have an open dispenser for asset {NUMERIC}")
    );
    // A new dispenser can open at the same address.
    assert_eq!(w.send(&a, dispenser(NUMERIC, 2, 4, 10, 0)), VALID);
}

#[test]
fn dispense_serves_every_dispenser_at_the_address_and_closes_them() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    issue(&mut w, &a, NUMERIC, 100);
    issue(&mut w, &a, OTHER, 100);
    assert_eq!(w.send(&a, dispenser(OTHER, 1, 3, 500, 0)), VALID);
    assert_eq!(w.send(&a, dispenser(NUMERIC, 2, 5, 1000, 0)), VALID);
    let out = buy(&mut w, &b, &[(&a, 2500)]);
    assert_eq!(out.status, VALID);
    let rows: Vec<(u64, String, u64)> = out
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::Dispensed(d) => Some((d.dispense_index, d.asset.clone(), d.dispense_quantity)),
            _ => None,
        })
        .collect();
    // By asset name; NUMERIC gives 2 lots (4 units), its last unit goes back to the address.
    assert_eq!(rows, [(0, NUMERIC.to_owned(), 4), (1, OTHER.to_owned(), 3)]);
    assert_eq!((w.bal(&b, NUMERIC), w.bal(&b, OTHER)), (4, 3));
    assert_eq!(w.bal(&a, NUMERIC), 96);
    assert!(
        w.ledger
            .dispensers()
            .all(|d| d.status == DISPENSER_CLOSED && d.give_remaining == 0)
    );
    assert_eq!(
        buy(&mut w, &b, &[(&a, 2500)]).status,
        "invalid: no dispense"
    );
    // Too little BTC for a lot: no dispense either.
    assert_eq!(w.send(&a, dispenser(NUMERIC, 1, 5, 1000, 0)), VALID);
    assert_eq!(buy(&mut w, &b, &[(&a, 999)]).status, "invalid: no dispense");
}

#[test]
fn pending_dispenses_see_each_other_and_leave_the_ledger_untouched() {
    let mut w = World::new();
    let (a, b, c) = (addr(1), addr(2), addr(3));
    issue(&mut w, &a, NUMERIC, 100);
    // Two lots of one unit left.
    assert_eq!(w.send(&a, dispenser(NUMERIC, 1, 2, 1000, 0)), VALID);
    let mut first = w.tx(&b, Message::Dispense(Dispense { data: vec![0] }));
    first.dispense_outputs = vec![(a.clone(), 2000)];
    let mut second = w.tx(&c, Message::Dispense(Dispense { data: vec![0] }));
    second.dispense_outputs = vec![(a.clone(), 1000)];
    let height = w.height + 1;
    let mut pending = PendingLedger::new(&w.ledger);
    assert_eq!(pending.transaction(&first, height).status, VALID);
    assert_eq!(pending.balance(&b, NUMERIC), Some(2));
    // The second buyer finds the dispenser emptied by the first, still waiting for its block.
    assert_eq!(
        pending.transaction(&second, height).status,
        "invalid: no dispense"
    );
    assert_eq!(pending.balance(&c, NUMERIC), None);
    drop(pending);
    let committed = current(&w, &a, NUMERIC).expect("dispenser");
    assert_eq!(
        (committed.status, committed.give_remaining),
        (DISPENSER_OPEN, 2),
        "the committed ledger is not written"
    );
    assert_eq!(w.bal(&b, NUMERIC), 0);
}

#[allow(clippy::too_many_arguments)]
fn fairminter(
    asset: &str,
    price: u64,
    lot: u64,
    max_tx: u64,
    hard_cap: u64,
    premint: u64,
    soft_cap: u64,
    deadline: u64,
) -> Fairminter {
    Fairminter {
        asset: asset.to_owned(),
        asset_parent: String::new(),
        price,
        quantity_by_price: lot,
        max_mint_per_tx: max_tx,
        max_mint_per_address: 0,
        hard_cap,
        premint_quantity: premint,
        start_block: 0,
        end_block: 0,
        soft_cap,
        soft_cap_deadline_block: deadline,
        minted_asset_commission_int: 0,
        burn_payment: false,
        lock_description: false,
        lock_quantity: false,
        divisible: false,
        mime_type: "text/plain".into(),
        description: "fair".into(),
        pool_quantity: 0,
        lp_asset: None,
    }
}

fn fairmint(asset: &str, quantity: u64) -> Message {
    Message::Fairmint(Fairmint {
        asset: asset.to_owned(),
        quantity,
    })
}

#[test]
fn fairminter_paid_mints_and_hard_cap() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    let mut f = fairminter("FAIRCOIN", 2_000_000, 100, 500, 1000, 200, 0, 0);
    f.lock_quantity = true;
    assert_eq!(w.send(&a, Message::Fairminter(f)), VALID);
    assert_eq!(w.bal(&a, "XCP"), 100 * UNIT - NAMED_ASSET_FEE);
    assert_eq!(w.bal(&a, "FAIRCOIN"), 200);
    assert_eq!(
        w.send(&a, Message::Issuance(issuance("FAIRCOIN", 1))),
        "invalid: cannot issue during fair minting"
    );
    assert_eq!(
        w.send(&b, fairmint("FAIRCOIN", 150)),
        "invalid: quantity is not a multiple of lot_size"
    );
    assert_eq!(
        w.send(&b, fairmint("FAIRCOIN", 600)),
        "invalid: Quantity exceeds maximum allowed per transaction"
    );
    assert_eq!(w.send(&b, fairmint("FAIRCOIN", 500)), VALID);
    assert_eq!(w.bal(&b, "FAIRCOIN"), 500);
    assert_eq!(w.bal(&b, "XCP"), 100 * UNIT - 10_000_000);
    assert_eq!(w.bal(&a, "XCP"), 100 * UNIT - NAMED_ASSET_FEE + 10_000_000);
    assert_eq!(
        w.send(&b, fairmint("FAIRCOIN", 400)),
        "invalid: asset supply quantity exceeds hard cap"
    );
    // The last 300 reach the hard cap: closed and locked.
    assert_eq!(w.send(&b, fairmint("FAIRCOIN", 300)), VALID);
    let f = w.ledger.fairminter("FAIRCOIN").expect("fairminter");
    assert_eq!(f.status, FairminterStatus::Closed);
    let info = w.ledger.asset("FAIRCOIN").expect("asset");
    assert!(info.locked && !info.fair_minting);
    assert_eq!(info.supply(), 1000);
    assert_eq!(
        w.send(&b, fairmint("FAIRCOIN", 100)),
        "invalid: fairminter is not open for asset: `FAIRCOIN`; asset supply quantity exceeds hard cap"
    );
    assert_eq!(
        w.send(&b, fairmint("NOFAIR", 100)),
        "invalid: fairminter not found for asset: `NOFAIR`"
    );
}

#[test]
fn free_fairmint_partial_last_mint_and_invalid_fairminters() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    let free = fairminter(NUMERIC, 0, 1, 100, 250, 0, 0, 0);
    let before = w.bal(&a, "XCP");
    assert_eq!(w.send(&a, Message::Fairminter(free)), VALID);
    assert_eq!(w.bal(&a, "XCP"), before, "numeric assets pay no fee");
    assert_eq!(
        w.send(&b, fairmint(NUMERIC, 5)),
        "invalid: quantity is not allowed for free fairminters"
    );
    for _ in 0..3 {
        assert_eq!(w.send(&b, fairmint(NUMERIC, 0)), VALID);
    }
    assert_eq!(w.bal(&b, NUMERIC), 250);
    assert_eq!(
        w.ledger.fairminter(NUMERIC).map(|f| f.status),
        Some(FairminterStatus::Closed)
    );
    assert_eq!(
        w.send(
            &a,
            Message::Fairminter(fairminter("ZEROFAIR", 0, 1, 0, 0, 0, 0, 0))
        ),
        "invalid: Price or max_mint_per_tx must be > 0."
    );
    assert_eq!(
        w.send(
            &a,
            Message::Fairminter(fairminter("SOFTFAIR", 1, 1, 0, 10, 0, 20, 0))
        ),
        "invalid: Soft cap must be <= hard cap.; Soft cap deadline block must be specified if soft cap is \
        specified.; Soft cap deadline block must be > start block."
    );
    let mut pending = fairminter("LATEFAIR", 1, 1, 0, 0, 50, 0, 0);
    pending.start_block = w.height + 2;
    pending.end_block = w.height + 3;
    assert_eq!(w.send(&a, Message::Fairminter(pending)), VALID);
    let unspendable = transport::unspendable(Network::Mainnet);
    assert_eq!(w.bal(unspendable, "LATEFAIR"), 50);
    w.next_block();
    w.next_block();
    assert_eq!(
        w.ledger
            .fairminter("LATEFAIR")
            .map(|f| (f.status, f.pre_minted)),
        Some((FairminterStatus::Open, true))
    );
    assert_eq!(
        (w.bal(unspendable, "LATEFAIR"), w.bal(&a, "LATEFAIR")),
        (0, 50)
    );
    w.next_block();
    w.next_block();
    assert_eq!(
        w.ledger.fairminter("LATEFAIR").map(|f| f.status),
        Some(FairminterStatus::Closed)
    );
}

#[test]
fn soft_cap_escrow_refund_or_payment() {
    let unspendable = transport::unspendable(Network::Mainnet);
    for reach in [false, true] {
        let mut w = World::new();
        let (a, b) = (addr(1), addr(2));
        let deadline = w.height + 2;
        let f = fairminter("SOFTCOIN", 1_000_000, 10, 100, 0, 0, 50, deadline);
        assert_eq!(w.send(&a, Message::Fairminter(f)), VALID);
        let quantity = if reach { 60 } else { 30 };
        assert_eq!(w.send(&b, fairmint("SOFTCOIN", quantity)), VALID);
        assert_eq!(w.bal(unspendable, "SOFTCOIN"), quantity);
        assert_eq!(w.bal(unspendable, "XCP"), quantity / 10 * 1_000_000);
        assert_eq!(w.bal(&b, "SOFTCOIN"), 0);
        while w.height < deadline {
            w.next_block();
        }
        w.next_block();
        assert_eq!(w.bal(unspendable, "SOFTCOIN"), 0);
        assert_eq!(w.bal(unspendable, "XCP"), 0);
        let status = w.ledger.fairminter("SOFTCOIN").map(|f| f.status);
        if reach {
            assert_eq!(w.bal(&b, "SOFTCOIN"), 60);
            assert_eq!(w.bal(&a, "XCP"), 100 * UNIT - NAMED_ASSET_FEE + 6_000_000);
            assert_eq!(status, Some(FairminterStatus::Open));
            // After the deadline mints are paid directly.
            assert_eq!(w.send(&b, fairmint("SOFTCOIN", 10)), VALID);
            assert_eq!(w.bal(&b, "SOFTCOIN"), 70);
        } else {
            assert_eq!(w.bal(&b, "XCP"), 100 * UNIT);
            assert_eq!(w.bal(&b, "SOFTCOIN"), 0);
            assert_eq!(status, Some(FairminterStatus::Closed));
            assert_eq!(w.ledger.asset("SOFTCOIN").map(|a| a.supply()), Some(0));
        }
    }
}

fn spend(
    w: &mut World,
    inputs: &[(&str, &str)],
    outputs: &[Option<&str>],
) -> (LedgerTx, TxOutcome) {
    let mut tx = w.tx(&addr(9), Message::Dispense(Dispense { data: vec![] }));
    tx.message = TxMessage::None;
    tx.source = String::new();
    tx.inputs = inputs
        .iter()
        .map(|(o, a)| TxInput {
            outpoint: (*o).to_owned(),
            address: Some((*a).to_owned()),
        })
        .collect();
    tx.outputs = outputs
        .iter()
        .map(|a| TxOutput {
            address: a.map(str::to_owned),
            is_op_return: a.is_none(),
        })
        .collect();
    let out = w.apply(&tx);
    (tx, out)
}

#[test]
fn attach_move_and_detach() {
    let mut w = World::new();
    let (a, b) = (addr(1), addr(2));
    issue(&mut w, &a, NUMERIC, 10);
    let attach = |vout| {
        Message::Attach(Attach {
            asset: NUMERIC.into(),
            quantity: 3,
            destination_vout: vout,
        })
    };
    assert_eq!(
        w.send(&a, attach(Some(1))),
        "invalid: destination vout is an OP_RETURN output"
    );
    assert_eq!(
        w.send(&a, attach(Some(5))),
        "invalid: destination vout is greater than the number of outputs"
    );
    let tx = w.tx(&a, attach(None));
    let out = w.apply(&tx);
    assert_eq!(out.status, VALID);
    let utxo = format!("{}:0", tx.tx_hash);
    assert_eq!((w.bal(&a, NUMERIC), w.bal(&utxo, NUMERIC)), (7, 3));
    assert!(
        out.effects
            .iter()
            .any(|e| matches!(e, Effect::AttachCounted { .. }))
    );
    // A spend moves the balances to the first non-OP_RETURN output.
    let (tx2, out) = spend(&mut w, &[(&utxo, &a)], &[None, Some(&b)]);
    assert_eq!(out.status, VALID);
    let utxo2 = format!("{}:1", tx2.tx_hash);
    assert_eq!((w.bal(&utxo, NUMERIC), w.bal(&utxo2, NUMERIC)), (0, 3));
    // A detach sends everything to the given address.
    let mut tx3 = w.tx(&b, Message::Detach(Detach { destination: None }));
    tx3.inputs = vec![TxInput {
        outpoint: utxo2.clone(),
        address: Some(b.clone()),
    }];
    assert_eq!(w.apply(&tx3).status, VALID);
    assert_eq!((w.bal(&utxo2, NUMERIC), w.bal(&b, NUMERIC)), (0, 3));
    // A spend to OP_RETURN outputs only detaches to the UTXO's address.
    let tx4 = w.tx(&b, attach(None));
    let mut tx4 = tx4;
    tx4.source = a.clone();
    assert_eq!(w.apply(&tx4).status, VALID);
    let utxo4 = format!("{}:0", tx4.tx_hash);
    let (_, out) = spend(&mut w, &[(&utxo4, &b)], &[None]);
    assert_eq!(out.status, VALID);
    assert_eq!(w.bal(&b, NUMERIC), 6);
    // Nothing to detach.
    let tx5 = w.tx(&b, Message::Detach(Detach { destination: None }));
    assert_eq!(w.apply(&tx5).status, "invalid: no balances to move");
}

#[test]
fn attach_fee_follows_the_gas_curve() {
    let height = 962_000;
    let fee = |count: u64| {
        let mut ledger = MemoryLedger::new(Network::Mainnet);
        let counted = Effect::AttachCounted {
            block_index: height - 1,
        };
        ledger.apply(&vec![counted; usize::try_from(count).unwrap_or(0)]);
        utxo::attach_fee(&cx::Cx::new(&ledger, height, 0, ""))
    };
    assert_eq!(fee(4 * 2016 - 1), 0);
    assert_eq!(fee(4 * 2016), 669_285);
    assert_eq!(fee(9 * 2016), 50_000_000);
    assert_eq!(fee(16 * 2016), 101_000_000);
    assert_eq!(fee(17 * 2016), 102_828_427);
}
