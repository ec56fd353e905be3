//! Any bytes that deserialise as a transaction go through the whole Counterparty and SRC-20 transport.
#![no_main]

use bitcoin::Transaction;
use libfuzzer_sys::fuzz_target;
use stamps_protocol::Rules;
use stamps_protocol::counterparty::transport::{self, NoPrevouts, Params};

fuzz_target!(|data: &[u8]| {
    let Ok(tx) = bitcoin::consensus::deserialize::<Transaction>(data) else {
        return;
    };
    for height in [800_000, 870_000, 960_000] {
        for rules in [Rules::MAINNET, Rules::REGTEST] {
            let params = Params::new(height, rules);
            let _ = transport::parse_outputs(&tx, &params);
            let _ = transport::tx_info(&tx, &params, &NoPrevouts, true);
            let _ = transport::check_sighash(&tx, &params);
            let _ = stamps_protocol::src20::transport::decode(&tx, height, rules, None);
            let _ = stamps_protocol::src20::transport::prefilter(&tx);
            let _ = transport::has_counterparty_data(&tx);
            let _ = stamps_protocol::stamp::olga_file(&tx);
        }
    }
});
