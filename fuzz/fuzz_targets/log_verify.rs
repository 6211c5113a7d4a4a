//! The log parser and verifier on arbitrary bytes: never a panic, and every
//! log it accepts replays to the same state twice.
#![no_main]

#[path = "../../tests/support/tally.rs"]
mod tally;

use libfuzzer_sys::fuzz_target;
use legatus::engine::verify::verify;
use legatus::protocol::log::LogReader;

fuzz_target!(|data: &[u8]| {
    // The built-in rulesets (Alexandros) and the Tally test ruleset.
    let registry = legatus::ruleset::Registry::builtin().register(tally::Tally);
    let read = || LogReader::new("fuzz.yaml".into(), std::io::Cursor::new(data));
    if let Ok((game, _)) = verify(read(), &registry) {
        let (again, _) = verify(read(), &registry).expect("a log that verified once verifies again");
        assert_eq!(game.state_hash(), again.state_hash());
    }
});
