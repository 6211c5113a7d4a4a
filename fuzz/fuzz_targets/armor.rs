//! The forum armored-block finder and decoder on arbitrary text: never a
//! panic, and a decoded block always re-encodes to the same payload.
#![no_main]

use libfuzzer_sys::fuzz_target;
use legatus::transport::armor::{encode, find_blocks};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for block in find_blocks(text).into_iter().flatten() {
        let again = find_blocks(&encode(&block.header, &block.payload));
        assert_eq!(again.len(), 1);
        assert_eq!(again[0].as_ref().expect("re-encoded block decodes").payload, block.payload);
    }
});
