//! The Macedonians' phases that run by themselves, through the CLI: three quiet Game-Turns
//! (every order file the template as written) run through both Supply and Attrition Phases
//! (Macedonians [15]-[17]), the Cilician Garrison Phase ([5.55]), the Persian Reinforcements
//! ([19.3]) and the Game-Turn Phase; `verify` replays the log.

mod support;

use support::{ok, Table};

#[test]
fn macedonians_cli_three_quiet_game_turns() {
    let t = Table::new();
    let game = t.game();
    for (side, key) in [("persian", "red"), ("macedonian", "blue")] {
        std::fs::copy(t.p(&format!("{key}.key")), t.p(&format!("{side}.key"))).unwrap();
    }
    let persian = format!("persian=Ana,ana@example.org,{}", t.s("red.key.pub"));
    let macedonian = format!("macedonian=Ben,ben@example.org,{}", t.s("blue.key.pub"));
    ok(&[
        "new",
        "--ruleset",
        "macedonians",
        "--scenario",
        "campaign-334",
        "--player",
        &persian,
        "--player",
        &macedonian,
        "--dir",
        &game,
    ]);
    ok(&["accept", &game, "--key", &t.s("red.key")]);
    ok(&["accept", &game, "--key", &t.s("blue.key")]);
    // Three Game-Turns, Darius arriving on the third (19.31).
    assert!(t.play_until(&game, "(Game-Turn 4 of 26) — Persian Campaign Phase", 80));
    let status = ok(&["status", &game]);
    let shown = ok(&["show", &game]);
    assert!(shown.contains("Darius"), "{shown}");
    assert!(!status.contains("does not resolve it yet"), "{status}");
    let audit = ok(&["audit", &game]);
    assert!(audit.contains("Cilician Gates Garrison Table"), "{audit}");
    ok(&["verify", &game]);
}
