//! Facts to chain events (protobuf) and their message ids.

use prost::Message;
use stamps_proto::events::v1::{BlockIndexed, BlockReverted, Op, StampCreated, op};

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

/// Encodes a `BlockIndexed`.
pub fn block_indexed(
    height: u64,
    hash: String,
    prev_hash: String,
    time: u64,
    stamps: Vec<StampCreated>,
) -> Vec<u8> {
    let ops = stamps
        .into_iter()
        .map(|s| Op {
            op: Some(op::Op::StampCreated(s)),
        })
        .collect();
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
