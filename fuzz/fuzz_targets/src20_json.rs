//! SRC-20 JSON: Python-compatible parsing (with the `literal_eval` fallback), the format check, normalisation
//! and the operations against an empty ledger.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stamps_protocol::Rules;
use stamps_protocol::src20::{self, MemoryState, RawStamp, Src20Block, TxContext};

fuzz_target!(|data: &[u8]| {
    let Ok(dict) = stamps_protocol::py::convert_to_dict(data) else {
        return;
    };
    let state = MemoryState::default();
    for height in [790_000, 840_000] {
        if let RawStamp::Src20 { dict, .. } = src20::raw_stamp(&dict, true, height, Rules::MAINNET) {
            let mut block = Src20Block::new();
            let ctx = TxContext {
                tx_hash: String::new(),
                tx_index: 0,
                block_index: height,
                creator: "a".into(),
                destination: "b".into(),
            };
            block.process(&dict, ctx, &state);
            if let Ok(updates) = block.balance_updates(&state) {
                let _ = src20::valid_src20_str(&updates);
            }
        }
    }
});
