//! The MIME classifier (with its zlib and msgpack paths) on arbitrary files.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stamps_protocol::Rules;
use stamps_protocol::stamp::mime;

fuzz_target!(|data: &[u8]| {
    for height in [790_000, 820_000, 900_000] {
        let _ = mime::classify(data, height, Rules::MAINNET);
    }
});
