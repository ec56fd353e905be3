//! Decoding cost of real mainnet blocks: the `bitcoin` crate's bare consensus decode, against the full decode
//! (consensus decode, then every Counterparty message, stamp, SRC-20 operation and the consensus hashes).
//!
//! Blocks come from the fixtures (`STAMPS_FIXTURES`, default `../shared/fixtures` beside the repository).

#![allow(missing_docs)]

#[path = "../tests/conformance/common/mod.rs"]
mod common;

use bitcoin::Block;
use bitcoin::consensus::deserialize;
use criterion::{Criterion, criterion_group, criterion_main};
use stamps_protocol::Rules;
use stamps_protocol::block::{BlockContext, decode_contents, decode_raw_block};
use stamps_protocol::counterparty::transport::NoPrevouts;
use stamps_protocol::src20::MemoryState;

fn block_hex(file: &str, key: &str) -> (u64, Vec<u8>) {
    let json = common::json(&format!("btc_stamps/{file}"));
    let block = &json[key];
    let height = block["height"].as_u64().expect("height");
    let raw = hex::decode(block["hex"].as_str().expect("hex")).expect("hex decodes");
    (height, raw)
}

fn bench(c: &mut Criterion) {
    for (file, key) in [
        ("bitcoin_node_fixtures.json", "test_block_700000"),
        ("test_data.json", "block"),
    ] {
        let (height, raw) = block_hex(file, key);
        let state = MemoryState::default();
        let mut group = c.benchmark_group(format!("block_{height}"));
        group.bench_function("bitcoin_consensus_decode", |b| {
            b.iter(|| deserialize::<Block>(std::hint::black_box(&raw)).expect("block"))
        });
        // Every Counterparty message, stamp and SRC-20 operation: the budget is 2x the bare decode.
        group.bench_function("full_decode", |b| {
            b.iter(|| {
                let block: Block = deserialize(std::hint::black_box(&raw)).expect("block");
                decode_contents(
                    &block,
                    &BlockContext::offline(height, Rules::MAINNET, &NoPrevouts, &state),
                )
            })
        });
        // The same plus every txid and the three consensus hashes.
        group.bench_function("full_decode_with_consensus_hashes", |b| {
            b.iter(|| {
                decode_raw_block(
                    std::hint::black_box(&raw),
                    &BlockContext::offline(height, Rules::MAINNET, &NoPrevouts, &state),
                )
                .expect("block")
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = bench
}
criterion_main!(benches);
