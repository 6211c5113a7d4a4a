//! The Romans through the CLI: `legatus new --ruleset romans --scenario second-macedonian-war`,
//! both players accept, Rome moves a legion with its tribune (Romans [5.0]) from an order file
//! written from `template`, Macedon's Campaign Phase comes, `show` draws the hex map, `verify`
//! replays the log.

mod support;

use support::{cli, ok, Table};

fn new_game(t: &Table) -> String {
    let game = t.game();
    let rome = format!("rome=Ana,ana@example.org,{}", t.s("red.key.pub"));
    let mac = format!("macedon=Ben,ben@example.org,{}", t.s("blue.key.pub"));
    ok(&[
        "new",
        "--ruleset",
        "romans",
        "--scenario",
        "second-macedonian-war",
        "--player",
        &rome,
        "--player",
        &mac,
        "--dir",
        &game,
    ]);
    ok(&["accept", &game, "--key", &t.s("red.key")]);
    ok(&["accept", &game, "--key", &t.s("blue.key")]);
    game
}

#[test]
fn romans_cli_new_move_apply_show_verify() {
    let t = Table::new();
    let game = new_game(&t);
    let status = ok(&["status", &game]);
    assert!(status.contains("turn-1/rome-campaign"), "{status}");
    let tpl = ok(&[
        "template",
        &game,
        "--side",
        "rome",
        "--key",
        &t.s("red.key"),
    ]);
    assert!(tpl.contains("tribune-IV-1"), "{tpl}");
    assert!(tpl.contains("legion-IV (24 SSP"), "{tpl}");
    let orders = tpl.replace(
        "  moves: []",
        "  moves:\n    - {commander: tribune-IV-1, with: [legion-IV, tribune-IV-2], path: [\"3318\"]}",
    );
    assert_ne!(orders, tpl, "{tpl}");
    let f = t.p("rome-1.yaml");
    std::fs::write(&f, orders).unwrap();
    let out = ok(&[
        "apply",
        &game,
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.s("red.key"),
    ]);
    assert!(out.contains("3317 → 3318"), "{out}");
    let status = ok(&["status", &game]);
    assert!(status.contains("turn-1/macedon-campaign"), "{status}");
    let shown = ok(&["show", &game]);
    assert!(shown.contains("Macedon's Campaign Phase"), "{shown}");
    assert!(shown.contains("3318"), "{shown}");
    // The text table may wrap a long leader cell between his name and his id.
    assert!(
        shown.contains("tribune of Legion IV") && shown.contains("(tribune-IV-1)"),
        "{shown}"
    );
    let svg = t.p("map.svg");
    ok(&["show", &game, "--svg", &svg.display().to_string()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("Brundisium") && text.contains("<svg"), "svg");
    ok(&["verify", &game]);
}

#[test]
fn romans_cli_refused_move_names_the_rule_and_changes_nothing() {
    let t = Table::new();
    let game = new_game(&t);
    let before = support::folder_snapshot(&t.p("game"));
    let tpl = ok(&[
        "template",
        &game,
        "--side",
        "rome",
        "--key",
        &t.s("red.key"),
    ]);
    let orders = tpl.replace(
        "  moves: []",
        "  moves:\n    - {commander: consul-for-rome, path: [\"2814\"]}",
    );
    let f = t.p("rome-bad.yaml");
    std::fs::write(&f, orders).unwrap();
    let r = cli(&[
        "apply",
        &game,
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.s("red.key"),
    ]);
    assert_ne!(r.code, 0);
    let all = format!("{}{}", r.out, r.err);
    assert!(all.contains("Romans [5.42]"), "{all}");
    assert_eq!(before, support::folder_snapshot(&t.p("game")));
}

#[test]
fn romans_new_with_wrong_side_names_says_the_scenarios_sides_and_help_lists_them() {
    let t = Table::new();
    let rome = format!("roman=Ana,ana@example.org,{}", t.s("red.key.pub"));
    let mac = format!("macedonian=Ben,ben@example.org,{}", t.s("blue.key.pub"));
    let r = cli(&[
        "new",
        "--ruleset",
        "romans",
        "--scenario",
        "second-macedonian-war",
        "--player",
        &rome,
        "--player",
        &mac,
        "--dir",
        &t.game(),
    ]);
    assert_ne!(r.code, 0);
    assert!(r.err.contains("sides macedon, rome"), "{}", r.err);
    assert!(!r.err.contains('{'), "no Rust set syntax: {}", r.err);
    let help = ok(&["new", "--help"]);
    assert!(
        help.contains("--scenario second-macedonian-war") && help.contains("macedon and rome")
            || help.contains("rome and macedon"),
        "{help}"
    );
}

#[test]
fn romans_5_1_path_step_not_adjacent_lists_the_neighbours_and_untried_is_said_once() {
    let t = Table::new();
    let game = new_game(&t);
    let status = ok(&["status", &game]);
    assert!(status.contains("untried"), "{status}");
    assert!(!status.contains(") untried"), "{status}");
    let tpl = ok(&[
        "template",
        &game,
        "--side",
        "rome",
        "--key",
        &t.s("red.key"),
    ]);
    let orders = tpl.replace(
        "  moves: []",
        "  moves:\n    - {commander: tribune-IV-1, with: [legion-IV, tribune-IV-2], path: [\"3320\"]}",
    );
    let f = t.p("rome-far.yaml");
    std::fs::write(&f, orders).unwrap();
    let r = cli(&[
        "apply",
        &game,
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.s("red.key"),
    ]);
    assert_ne!(r.code, 0);
    let all = format!("{}{}", r.out, r.err);
    assert!(all.contains("3320 is not next to 3317"), "{all}");
    assert!(
        all.contains("(next to 3317: ") && all.contains("3318"),
        "{all}"
    );
}
