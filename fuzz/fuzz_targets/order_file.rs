//! Every ruleset's order-file parser on arbitrary text: never a panic.
#![no_main]

#[path = "../../tests/support/tally.rs"]
mod tally;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // The built-in rulesets (Alexandros) and the Tally test ruleset.
    let registry = legatus::ruleset::Registry::builtin().register(tally::Tally);
    for rules in registry.all() {
        let _ = rules.parse_order_file(text);
    }
});
