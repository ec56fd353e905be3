//! Facts to chain events (protobuf) and their message ids.

use prost::Message;
use stamps_platform::db::storable;
use stamps_proto::events::v1::{
    BlockIndexed, BlockReverted, Op, Src20BalanceChanged, Src20Operation, StampCreated, op,
};

/// Subject of `BlockIndexed`.
pub const SUBJECT_INDEXED: &str = "chain.block.indexed";
/// Subject of `BlockReverted`.
pub const SUBJECT_REVERTED: &str = "chain.block.reverted";

/// The message id of a block's `BlockIndexed` (the relay appends the outbox row id: see
/// [`stamps_platform::outbox`]).
pub fn indexed_msg_id(hash: &str) -> String {
    format!("indexed:{hash}")
}

/// The message id of a block's `BlockReverted`.
pub fn reverted_msg_id(hash: &str) -> String {
    format!("reverted:{hash}")
}

/// A decoded block's SRC-20 operations and the balances it set, as event messages.
pub fn src20_events(
    decoded: &stamps_protocol::block::DecodedBlock,
) -> (Vec<Src20Operation>, Vec<Src20BalanceChanged>) {
    let ops = decoded
        .src20
        .iter()
        .map(|o| Src20Operation {
            tx_hash: o.tx_hash.clone(),
            tx_index: u32::try_from(o.tx_index).unwrap_or(u32::MAX),
            op: o.op.clone().unwrap_or_default(),
            tick: o.tick.clone().unwrap_or_default(),
            amt: o.amt.clone().unwrap_or_default(),
            max: o.max.clone().unwrap_or_default(),
            lim: o.lim.clone().unwrap_or_default(),
            dec: o.dec,
            creator: o.creator.clone().unwrap_or_default(),
            destination: o.destination.clone().unwrap_or_default(),
            valid: o.valid,
            status: o.status.clone().unwrap_or_default(),
        })
        .collect();
    let balances = decoded
        .src20_balances
        .iter()
        .map(|u| Src20BalanceChanged {
            tick: u.tick.clone(),
            address: u.address.clone(),
            balance: u.new_total.to_string(),
            change: u.net_change.to_string(),
        })
        .collect();
    (ops, balances)
}

/// A block's ops in their order: the bootstrap credits (first block only), its stamps, its SRC-20 operations,
/// the SRC-20 balances it set, then its Counterparty verdicts and ledger effects.
pub fn block_ops(
    bootstrap: Vec<op::Op>,
    stamps: Vec<StampCreated>,
    src20: Vec<Src20Operation>,
    src20_balances: Vec<Src20BalanceChanged>,
    ledger: &crate::ledger_db::BlockLedger,
) -> Vec<op::Op> {
    let mut ops = bootstrap;
    ops.reserve(
        stamps.len()
            + src20.len()
            + src20_balances.len()
            + ledger.judged.len()
            + ledger.effects.len(),
    );
    ops.extend(stamps.into_iter().map(op::Op::StampCreated));
    ops.extend(src20.into_iter().map(op::Op::Src20Operation));
    ops.extend(src20_balances.into_iter().map(op::Op::Src20BalanceChanged));
    ops.extend(ledger_ops(ledger));
    ops
}

/// A committed block's `BlockIndexed` parts built again from its facts: the same bytes its preparation made.
pub fn from_facts(hash: String, facts: crate::tables::BlockFacts) -> Vec<Vec<u8>> {
    let ops = block_ops(
        bootstrap_ops(&facts.bootstrap),
        facts.stamps,
        facts.src20,
        facts.src20_balances,
        &facts.ledger,
    );
    block_indexed(facts.height, hash, facts.prev_hash, facts.time, ops)
}

/// The bootstrap snapshot's balances as credits (action `bootstrap`): the first indexed block carries them.
pub fn bootstrap_ops(
    balances: &[stamps_protocol::counterparty::rules::BootstrapBalance],
) -> Vec<op::Op> {
    balances
        .iter()
        .map(|b| {
            op::Op::BalanceChanged(stamps_proto::events::v1::BalanceChanged {
                holder: b.address.clone(),
                asset: b.asset.clone(),
                credit: true,
                quantity: b.quantity.to_string(),
                balance: b.quantity.to_string(),
                action: "bootstrap".into(),
                event: String::new(),
                utxo_address: String::new(),
            })
        })
        .collect()
}

/// Largest encoded event: JetStream's default maximum message is 1 MiB, and the headers need room.
pub const MAX_EVENT_BYTES: usize = 900 * 1024;

/// Encodes a block's `BlockIndexed`: one message, or parts of at most [`MAX_EVENT_BYTES`] each when its ops do
/// not fit one (each part repeats the header; ops keep their order across parts).
pub fn block_indexed(
    height: u64,
    hash: String,
    prev_hash: String,
    time: u64,
    ops: Vec<op::Op>,
) -> Vec<Vec<u8>> {
    let header = BlockIndexed {
        height,
        hash,
        prev_hash,
        time,
        ops: Vec::new(),
        part: 0,
        parts: 0,
    };
    let room = MAX_EVENT_BYTES.saturating_sub(header.encoded_len() + 16);
    let mut ops: Vec<Op> = ops.into_iter().map(|o| Op { op: Some(o) }).collect();
    // Where each part starts, then the parts split off from the end: each part's ops are moved once, into a
    // vector of their exact size.
    let mut starts = vec![0];
    let mut size = 0;
    for (i, op) in ops.iter().enumerate() {
        let len = op.encoded_len() + 4;
        if size + len > room && i > starts.last().copied().unwrap_or(0) {
            starts.push(i);
            size = 0;
        }
        size += len;
    }
    let mut chunks: Vec<Vec<Op>> = starts
        .iter()
        .rev()
        .map(|&start| ops.split_off(start))
        .collect();
    chunks.reverse();
    let parts = u32::try_from(chunks.len()).unwrap_or(u32::MAX);
    chunks
        .into_iter()
        .enumerate()
        .map(|(i, ops)| {
            BlockIndexed {
                ops,
                part: u32::try_from(i).unwrap_or(u32::MAX),
                parts,
                ..header.clone()
            }
            .encode_to_vec()
        })
        .collect()
}

/// Encodes a `BlockReverted`.
pub fn block_reverted(height: u64, hash: String) -> Vec<u8> {
    BlockReverted { height, hash }.encode_to_vec()
}

/// The Counterparty ops of a block: each transaction's verdict, then the ledger's effects in order (fee burns and
/// attach counts are implied by the debits and attaches, and new assets by their first issuance).
pub fn ledger_ops(block: &crate::ledger_db::BlockLedger) -> Vec<op::Op> {
    use stamps_proto::events::v1 as pb;
    use stamps_protocol::counterparty::rules::{DispenserInfo, Effect, FairminterInfo, SendRow};
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    let moved = |kind: &str, r: &SendRow| {
        op::Op::AssetMoved(pb::AssetMoved {
            kind: kind.to_owned(),
            tx_hash: r.tx_hash.clone(),
            msg_index: u32::try_from(r.msg_index).unwrap_or(u32::MAX),
            source: r.source.clone(),
            destination: r.destination.clone(),
            asset: r.asset.clone(),
            quantity: r.quantity.to_string(),
            memo: r.memo.as_deref().map(hex).unwrap_or_default(),
            fee_paid: r.fee_paid.to_string(),
            status: r.status.clone(),
        })
    };
    let dispenser = |kind: &str, d: &DispenserInfo, refill: Option<(&str, u64)>| {
        op::Op::DispenserChanged(pb::DispenserChanged {
            kind: kind.to_owned(),
            tx_hash: d.tx_hash.clone(),
            block_index: d.block_index,
            source: d.source.clone(),
            origin: d.origin.clone(),
            asset: d.asset.clone(),
            give_quantity: d.give_quantity.to_string(),
            escrow_quantity: d.escrow_quantity.to_string(),
            satoshirate: d.satoshirate,
            status: u32::from(d.status),
            give_remaining: d.give_remaining.to_string(),
            oracle_address: d.oracle_address.clone().unwrap_or_default(),
            dispense_count: d.dispense_count,
            close_block_index: d.close_block_index.unwrap_or(0),
            refill_tx_hash: refill.map(|(t, _)| t.to_owned()).unwrap_or_default(),
            refill_quantity: refill.map(|(_, q)| q.to_string()).unwrap_or_default(),
        })
    };
    let fairminter = |kind: &str, f: &FairminterInfo| {
        op::Op::FairminterChanged(pb::FairminterChanged {
            kind: kind.to_owned(),
            tx_hash: f.tx_hash.clone(),
            block_index: f.block_index,
            source: f.source.clone(),
            asset: f.asset.clone(),
            asset_parent: f.asset_parent.clone().unwrap_or_default(),
            asset_longname: f.asset_longname.clone().unwrap_or_default(),
            description: storable(&f.description).into_owned(),
            price: f.price.to_string(),
            quantity_by_price: f.quantity_by_price.to_string(),
            hard_cap: f.hard_cap.to_string(),
            burn_payment: f.burn_payment,
            max_mint_per_tx: f.max_mint_per_tx.to_string(),
            max_mint_per_address: f.max_mint_per_address.to_string(),
            premint_quantity: f.premint_quantity.to_string(),
            start_block: f.start_block,
            end_block: f.end_block,
            minted_asset_commission_int: f.minted_asset_commission_int,
            soft_cap: f.soft_cap.to_string(),
            soft_cap_deadline_block: f.soft_cap_deadline_block,
            lock_description: f.lock_description,
            lock_quantity: f.lock_quantity,
            divisible: f.divisible,
            pre_minted: f.pre_minted,
            status: f.status.as_str().to_owned(),
        })
    };
    let mut ops: Vec<op::Op> = block
        .judged
        .iter()
        .map(|j| {
            op::Op::TxJudged(pb::TxJudged {
                tx_hash: j.tx_hash.clone(),
                tx_index: u32::try_from(j.tx_index).unwrap_or(u32::MAX),
                message_type: j.message_type.clone().unwrap_or_default(),
                status: j.status.clone(),
            })
        })
        .collect();
    for e in &block.effects {
        let next = match e {
            Effect::Debit(c) | Effect::Credit(c) => op::Op::BalanceChanged(pb::BalanceChanged {
                holder: c.holder.clone(),
                asset: c.asset.clone(),
                credit: matches!(e, Effect::Credit(_)),
                quantity: c.quantity.to_string(),
                balance: c.balance.map(|b| b.to_string()).unwrap_or_default(),
                action: c.action.clone(),
                event: c.event.clone(),
                utxo_address: c.address.clone().unwrap_or_default(),
            }),
            Effect::Issuance(i) => op::Op::AssetIssued(pb::AssetIssued {
                tx_hash: i.tx_hash.clone(),
                msg_index: u32::try_from(i.msg_index).unwrap_or(u32::MAX),
                asset: i.asset.clone().unwrap_or_default(),
                asset_longname: i.asset_longname.clone().unwrap_or_default(),
                quantity: i.quantity.to_string(),
                divisible: i.divisible,
                source: i.source.clone(),
                issuer: i.issuer.clone(),
                transfer: i.transfer,
                description: storable(&i.description).into_owned(),
                mime_type: i.mime_type.clone(),
                fee_paid: i.fee_paid.to_string(),
                locked: i.locked,
                description_locked: i.description_locked,
                reset: i.reset,
                fair_minting: i.fair_minting,
                status: i.status.clone(),
                asset_events: i.asset_events.clone(),
            }),
            Effect::Destroyed(d) => op::Op::AssetDestroyed(pb::AssetDestroyed {
                tx_hash: d.tx_hash.clone(),
                source: d.source.clone(),
                asset: d.asset.clone().unwrap_or_default(),
                quantity: d.quantity.to_string(),
                tag: hex(&d.tag),
                status: d.status.clone(),
            }),
            Effect::Sent(r) => moved("send", r),
            Effect::Moved(r) => moved("move", r),
            Effect::Attached(r) => moved("attach", r),
            Effect::Detached(r) => moved("detach", r),
            Effect::Swept(r) => op::Op::Swept(pb::Swept {
                tx_hash: r.tx_hash.clone(),
                source: r.source.clone(),
                destination: r.destination.clone(),
                flags: u32::from(r.flags),
                memo: r.memo.as_deref().map(hex).unwrap_or_default(),
                fee_paid: r.fee_paid.to_string(),
                status: r.status.clone(),
            }),
            Effect::DividendPaid(r) => op::Op::DividendPaid(pb::DividendPaid {
                tx_hash: r.tx_hash.clone(),
                source: r.source.clone(),
                asset: r.asset.clone(),
                dividend_asset: r.dividend_asset.clone(),
                quantity_per_unit: r.quantity_per_unit.to_string(),
                fee_paid: r.fee_paid.to_string(),
                status: r.status.clone(),
            }),
            Effect::DispenserOpened(d) => dispenser("opened", d, None),
            Effect::DispenserUpdated(d) => dispenser("updated", d, None),
            Effect::DispenserRefilled {
                refill,
                dispenser: d,
            } => dispenser(
                "refilled",
                d,
                Some((refill.tx_hash.as_str(), refill.dispense_quantity)),
            ),
            Effect::DispenserClosed(d) => dispenser("closed", d, None),
            Effect::Dispensed(r) => op::Op::Dispensed(pb::Dispensed {
                tx_hash: r.tx_hash.clone(),
                dispense_index: u32::try_from(r.dispense_index).unwrap_or(u32::MAX),
                source: r.source.clone(),
                destination: r.destination.clone(),
                asset: r.asset.clone(),
                quantity: r.dispense_quantity.to_string(),
                dispenser_tx_hash: r.dispenser_tx_hash.clone(),
                btc_amount: r.btc_amount,
            }),
            Effect::FairminterCreated(f) => fairminter("created", f),
            Effect::FairminterUpdated(f) => fairminter("updated", f),
            Effect::FairminterInvalid {
                tx_hash,
                source,
                status,
            } => op::Op::FairminterChanged(pb::FairminterChanged {
                kind: "invalid".into(),
                tx_hash: tx_hash.clone(),
                source: source.clone(),
                status: status.clone(),
                ..Default::default()
            }),
            Effect::Fairminted(r) => op::Op::Fairminted(pb::Fairminted {
                tx_hash: r.tx_hash.clone(),
                source: r.source.clone(),
                fairminter_tx_hash: r.fairminter_tx_hash.clone().unwrap_or_default(),
                asset: r.asset.clone().unwrap_or_default(),
                earn_quantity: r.earn_quantity.to_string(),
                paid_quantity: r.paid_quantity.to_string(),
                commission: r.commission.to_string(),
                status: r.status.clone(),
            }),
            Effect::FeeBurned { .. }
            | Effect::AttachCounted { .. }
            | Effect::AssetCreated { .. } => {
                continue;
            }
        };
        ops.push(next);
    }
    ops
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_block_is_split_into_parts_that_keep_the_ops_in_order() {
        let ops: Vec<op::Op> = (0..20_000)
            .map(|i| {
                op::Op::TxJudged(stamps_proto::events::v1::TxJudged {
                    tx_hash: format!("{i:064x}"),
                    tx_index: i,
                    message_type: "issuance".into(),
                    status: "valid".into(),
                })
            })
            .collect();
        let parts = block_indexed(7, "ab".repeat(32), "cd".repeat(32), 1, ops.clone());
        assert!(parts.len() > 1, "{} parts", parts.len());
        let mut seen = Vec::new();
        for (i, bytes) in parts.iter().enumerate() {
            assert!(
                bytes.len() <= MAX_EVENT_BYTES,
                "part {i}: {} bytes",
                bytes.len()
            );
            let e = BlockIndexed::decode(bytes.as_slice()).expect("decodes");
            assert_eq!(
                (e.height, e.part as usize, e.parts as usize),
                (7, i, parts.len())
            );
            seen.extend(e.ops.into_iter().filter_map(|o| o.op));
        }
        assert_eq!(seen, ops);
        let small = block_indexed(7, "ab".repeat(32), "cd".repeat(32), 1, ops[..3].to_vec());
        assert_eq!(small.len(), 1);
        let e = BlockIndexed::decode(small[0].as_slice()).expect("decodes");
        assert_eq!((e.part, e.parts, e.ops.len()), (0, 1, 3));
    }
}
