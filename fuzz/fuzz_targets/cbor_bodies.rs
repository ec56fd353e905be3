//! Counterparty messages (CBOR bodies from 902000, legacy layouts before) from arbitrary bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stamps_protocol::Rules;
use stamps_protocol::counterparty::message::Message;

fuzz_target!(|data: &[u8]| {
    let _ = stamps_protocol::cbor::decode(data);
    for height in [800_000, 870_000, 960_000] {
        if let Ok(message) = Message::unpack(data, height, Rules::MAINNET) {
            let _ = message.pack(height, Rules::MAINNET);
        }
    }
});
