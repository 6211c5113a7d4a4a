//! The Macedonians' phases that run by themselves, through the CLI: five quiet Game-Turns
//! (every order file the template as written) run through both Supply and Attrition Phases
//! (Macedonians [15]-[17]), the Cilician Garrison Phase ([5.55]), the Persian Reinforcements
//! ([19.3]) and the Game-Turn Phase, until the honeymoon of Game-Turn 6 ([19.2], not built)
//! stops the game naming its section; `verify` replays the log.

mod support;

use support::{ok, Table};

#[test]
fn macedonians_cli_quiet_game_turns_to_the_honeymoon() {
    let t = Table::new();
    let game = t.game();
    for (side, key) in [("persian", "red"), ("macedonian", "blue")] {
        std::fs::copy(t.p(&format!("{key}.key")), t.p(&format!("{side}.key"))).unwrap();
    }
    let persian = format!("persian=Ana,ana@example.org,{}", t.s("red.key.pub"));
    let macedonian = format!("macedonian=Ben,ben@example.org,{}", t.s("blue.key.pub"));
    ok(&[
        "new", "--ruleset", "macedonians", "--scenario", "campaign-334", "--player", &persian,
        "--player", &macedonian, "--dir", &game,
    ]);
    ok(&["accept", &game, "--key", &t.s("red.key")]);
    ok(&["accept", &game, "--key", &t.s("blue.key")]);
    // Play runs until nothing waits: the honeymoon of Game-Turn 6 (19.2, not built) stops it.
    t.play_until(&game, "turn-7/", 80);
    let status = ok(&["status", &game]);
    assert!(status.contains("Winter 334 B.C. (Game-Turn 6 of 26) — Macedonian Siege Phase"), "{status}");
    assert!(status.contains("Macedonians [19.2]"), "{status}");
    let audit = ok(&["audit", &game]);
    assert!(audit.contains("Cilician Gates Garrison Table"), "{audit}");
    ok(&["verify", &game]);
}
