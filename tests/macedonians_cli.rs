//! The Macedonians through the CLI: `legatus new --ruleset macedonians --scenario campaign-334`,
//! both players accept, the Persian (who moves first, Macedonians [4.2]) moves a Force along
//! the Royal Persian Highway ([5.41]) with an order file written from `template`, the Supply
//! and Attrition Phase rolls its dice and play runs on to the Macedonian, `show` draws the hex
//! map, `verify` replays the log.

mod support;

use support::{cli, ok, Table};

fn new_game(t: &Table) -> String {
    let game = t.game();
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
    game
}

#[test]
fn macedonians_cli_new_template_move_show_verify() {
    let t = Table::new();
    let game = new_game(&t);
    let status = ok(&["status", &game]);
    assert!(status.contains("turn-1/persian-campaign-phase"), "{status}");
    let tpl = ok(&[
        "template",
        &game,
        "--side",
        "persian",
        "--key",
        &t.s("red.key"),
    ]);
    let route = "path: [\"1111\", \"1210\", \"1311\", \"1411\", \"1511\", \"1611\"]";
    assert!(
        tpl.contains(&format!("to 1611 Celaenae: 3 MP, {route}")),
        "{tpl}"
    );
    let orders = tpl.replace(
        "  moves: []",
        &format!("  moves:\n    - {{commander: spithridates, with: [lydian-cavalry-1, lydian-cavalry-2], {route}}}"),
    );
    assert_ne!(orders, tpl, "{tpl}");
    let f = t.p("persian-1.yaml");
    std::fs::write(&f, orders).unwrap();
    let out = ok(&[
        "apply",
        &game,
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.s("red.key"),
    ]);
    assert!(
        out.contains("1010 → 1111 → 1210 → 1311 → 1411 → 1511 → 1611 (3 MP of 30 MP"),
        "{out}"
    );
    // The Persian Supply and Attrition Phase rolls (Macedonians [17.15]): the players reveal
    // the dice and play runs on to the Macedonian Campaign Phase.
    for (side, key) in [("persian", "red"), ("macedonian", "blue")] {
        std::fs::copy(t.p(&format!("{key}.key")), t.p(&format!("{side}.key"))).unwrap();
    }
    assert!(t.play_until(&game, "turn-1/macedonian-campaign-phase", 10));
    let shown = ok(&["show", &game]);
    assert!(
        shown.contains("Macedonian Campaign Phase") && shown.contains("Celaenae"),
        "{shown}"
    );
    let row = shown
        .lines()
        .find(|l| l.contains("Spithridates"))
        .unwrap_or_default();
    assert!(
        row.starts_with("1611") || row.starts_with("Celaenae"),
        "{shown}"
    );
    let svg = t.p("map.svg");
    ok(&["show", &game, "--svg", &svg.display().to_string()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("<svg") && text.contains("Sardes"), "svg");
    ok(&["verify", &game]);
    // An order refused names its rule and leaves the game as it was.
    let bad = t.p("persian-2.yaml");
    std::fs::write(&bad, "orders:\n  moves: []\n").unwrap();
    let r = cli(&[
        "apply",
        &game,
        "--orders",
        &bad.display().to_string(),
        "--key",
        &t.s("red.key"),
    ]);
    assert_ne!(r.code, 0);
}

/// Three quiet Game-Turns (every order file the template as written) run through both Supply
/// and Attrition Phases (Macedonians [15]-[17]), the Cilician Garrison Phase ([5.55]), the
/// Persian Reinforcements ([19.3]) and the Game-Turn Phase; `verify` replays the log.
#[test]
fn macedonians_cli_three_quiet_game_turns() {
    let t = Table::new();
    for (side, key) in [("persian", "red"), ("macedonian", "blue")] {
        std::fs::copy(t.p(&format!("{key}.key")), t.p(&format!("{side}.key"))).unwrap();
    }
    let game = new_game(&t);
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
