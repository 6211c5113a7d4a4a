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

/// The armies of Cynoscephalae face to face (5425 and 5424): `new --data` with the fixture.
fn cynoscephalae(t: &Table) -> String {
    let game = t.game();
    let data = format!(
        "{}/fixtures/romans/cynoscephalae/armies.yaml",
        env!("CARGO_MANIFEST_DIR")
    );
    ok(&[
        "new",
        "--ruleset",
        "romans",
        "--scenario",
        "second-macedonian-war",
        "--player",
        &format!("rome=Ana,ana@example.org,{}", t.s("red.key.pub")),
        "--player",
        &format!("macedon=Ben,ben@example.org,{}", t.s("blue.key.pub")),
        "--data",
        &data,
        "--dir",
        &game,
    ]);
    ok(&["accept", &game, "--key", &t.s("red.key")]);
    ok(&["accept", &game, "--key", &t.s("blue.key")]);
    game
}

fn apply_text(t: &Table, game: &str, name: &str, text: &str, key: &str) -> String {
    let f = t.p(name);
    std::fs::write(&f, text).unwrap();
    ok(&[
        "apply",
        game,
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.s(key),
    ])
}

#[test]
fn romans_cli_decision_in_person_costs_an_entry_only_when_asked() {
    // Rome waits at 5425 with standing orders; Philip attacks from 5424. Answered in advance
    // (`stand`) the Game-Turn's half costs one entry a side; with `ask` Rome gets a decision
    // step, its template offers only the legal answers, and the game verifies.
    for ask in [false, true] {
        let t = Table::new();
        let game = cynoscephalae(&t);
        let tpl = ok(&[
            "template",
            &game,
            "--side",
            "rome",
            "--key",
            &t.s("red.key"),
        ]);
        let order = if ask { "ask" } else { "stand" };
        let rome = format!("{tpl}standing:\n  when_attacked: {{any: {order}}}\n");
        apply_text(&t, &game, "rome-1.yaml", &rome, "red.key");
        let tpl = ok(&[
            "template",
            &game,
            "--side",
            "macedon",
            "--key",
            &t.s("blue.key"),
        ]);
        let line = tpl
            .lines()
            .find(|l| l.contains("#   philip-v:"))
            .expect("Philip in the template");
        let ids: Vec<&str> = line
            .split("with him: ")
            .nth(1)
            .unwrap()
            .split(", ")
            .map(|x| x.split(' ').next().unwrap())
            .collect();
        let attack = tpl.replace(
            "  moves: []",
            &format!(
                "  moves:\n    - {{commander: philip-v, with: [{}, athenagorus, nicanor], path: [\"5425\"]}}",
                ids.join(", ")
            ),
        );
        apply_text(&t, &game, "macedon-1.yaml", &attack, "blue.key");
        let status = ok(&["status", &game]);
        if ask {
            assert!(status.contains("decision-1-when-attacked"), "{status}");
            assert!(status.contains("Romans [10.1]"), "{status}");
            let tpl = ok(&[
                "template",
                &game,
                "--side",
                "rome",
                "--key",
                &t.s("red.key"),
            ]);
            assert!(
                tpl.contains("#   decision: stand\n") && tpl.contains("#   decision: retreat\n"),
                "{tpl}"
            );
            assert!(!tpl.contains("into_city"), "no city at 5425: {tpl}");
            assert!(!tpl.contains("moves:"), "{tpl}");
            apply_text(&t, &game, "rome-decision.yaml", &tpl, "red.key");
        } else {
            assert!(!status.contains("decision"), "{status}");
        }
        // The battle's dice wait for the other side's reveal (mutual dice).
        let status = ok(&["status", &game]);
        if !status.contains("turn-2/rome-campaign") {
            let key = if ask { "blue.key" } else { "red.key" };
            ok(&["apply", &game, "--key", &t.s(key)]);
        }
        let status = ok(&["status", &game]);
        assert!(status.contains("turn-2/rome-campaign"), "{status}");
        let log = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
        let kinds: Vec<&str> = log
            .lines()
            .filter_map(|l| l.strip_prefix("kind: "))
            .collect();
        if ask {
            assert_eq!(
                kinds,
                ["accept", "accept", "orders", "orders", "decision", "reveal"]
            );
        } else {
            assert_eq!(kinds, ["accept", "accept", "orders", "orders", "reveal"]);
        }
        let report = std::fs::read_to_string(t.p("game/report.md")).unwrap();
        assert!(report.contains("Major Land Battle at 5425"), "{report}");
        ok(&["verify", &game]);
    }
}
