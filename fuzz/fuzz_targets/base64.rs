//! The lenient base64 decoder and its height gates on arbitrary text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stamps_protocol::Rules;
use stamps_protocol::stamp::base64;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = base64::lenient_decode(text);
    for height in [780_000, 790_000, 840_000] {
        let _ = base64::decode_for_height(text, height, Rules::MAINNET);
    }
    let _ = stamps_protocol::stamp::parse_description(text);
});
