//! The Macedonians' phases that run by themselves, through the CLI: two quiet Game-Turns
//! (every order file the template as written) run through both Supply and Attrition Phases
//! (Macedonians [15]-[17]), the Cilician Garrison Phase of Game-Turn 2 ([5.55]) and the
//! Game-Turn Phase, until Game-Turn 3's Persian Reinforcements ([19.3], not built) stop the game
//! naming their sections; `verify` replays the log.

mod support;

use support::{ok, Table};

#[test]
fn macedonians_cli_two_quiet_game_turns() {
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
    // Play runs until nothing waits: Game-Turn 3 stops it.
    t.play_until(&game, "turn-4/", 30);
    let status = ok(&["status", &game]);
    assert!(status.contains("Jul-Aug 334 B.C. (Game-Turn 3 of 26) — Persian Campaign Phase"), "{status}");
    assert!(status.contains("Macedonians [19.3], [19.4]"), "{status}");
    let audit = ok(&["audit", &game]);
    assert!(audit.contains("Cilician Gates Garrison Table"), "{audit}");
    ok(&["verify", &game]);
}
