//! Facts to chain events (protobuf) and their message ids.

use prost::Message;
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

/// The ops of a decoded block: its stamps, its SRC-20 operations, then the SRC-20 balances it changed.
pub fn ops(
    stamps: Vec<StampCreated>,
    decoded: &stamps_protocol::block::DecodedBlock,
) -> Vec<op::Op> {
    let mut ops: Vec<op::Op> = stamps.into_iter().map(op::Op::StampCreated).collect();
    ops.extend(decoded.src20.iter().map(|o| {
        op::Op::Src20Operation(Src20Operation {
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
    }));
    ops.extend(decoded.src20_balances.iter().map(|u| {
        op::Op::Src20BalanceChanged(Src20BalanceChanged {
            tick: u.tick.clone(),
            address: u.address.clone(),
            balance: u.new_total.to_string(),
            change: u.net_change.to_string(),
        })
    }));
    ops
}

/// Encodes a `BlockIndexed`.
pub fn block_indexed(
    height: u64,
    hash: String,
    prev_hash: String,
    time: u64,
    ops: Vec<op::Op>,
) -> Vec<u8> {
    let ops = ops.into_iter().map(|o| Op { op: Some(o) }).collect();
    BlockIndexed {
        height,
        hash,
        prev_hash,
        time,
        ops,
    }
    .encode_to_vec()
}

/// Encodes a `BlockReverted`.
pub fn block_reverted(height: u64, hash: String) -> Vec<u8> {
    BlockReverted { height, hash }.encode_to_vec()
}
