//! Every error of an Alexandros order file in one run, through the CLI's `apply`: each
//! misspelt name of an order and the movement rule it also breaks (Alexandros 8.1), each at
//! its own file:line:column with the order, the rule and the nearest names — and an unknown
//! field listed together with them, not alone before them.

mod support;

use legatus::protocol::keys::SigningKey;
use support::{cli, folder_snapshot, ok, Table};

/// A new Alexandros game in `t`, played by templates to the Macedonian movement of Summer 334.
fn macedonian_movement(t: &Table) -> String {
    for side in ["macedonian", "persian"] {
        SigningKey::generate(side)
            .unwrap()
            .write(&t.p(&format!("{side}.key")), None)
            .unwrap();
    }
    let game = t.game();
    let mac = format!(
        "macedonian=Ana,ana@example.org,{}",
        t.s("macedonian.key.pub")
    );
    let per = format!("persian=Ben,ben@example.org,{}", t.s("persian.key.pub"));
    ok(&[
        "new",
        "--ruleset",
        "alexandros",
        "--scenario",
        "campaign-334",
        "--dice",
        "open",
        "--player",
        &mac,
        "--player",
        &per,
        "--dir",
        &game,
    ]);
    ok(&["accept", &game, "--key", &t.s("macedonian.key")]);
    ok(&["accept", &game, "--key", &t.s("persian.key")]);
    if t.play_until(&game, "macedonian-movement", 80) {
        return game;
    }
    // Fresh keys make fresh dice: Alexander fell on the way (16.1, a legal end); again.
    t.start_over(&["macedonian", "persian"]);
    macedonian_movement(t)
}

/// `legatus apply` of `text` as the Macedonian's order file; nothing may be written.
fn apply_refused(t: &Table, game: &str, name: &str, text: &str) -> String {
    let f = t.p(name);
    std::fs::write(&f, text).unwrap();
    let before = folder_snapshot(&t.p("game"));
    let r = cli(&[
        "apply",
        game,
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.s("macedonian.key"),
    ]);
    assert_ne!(r.code, 0, "refused");
    assert_eq!(folder_snapshot(&t.p("game")), before, "nothing written");
    r.err
}

fn with_orders(template: &str, orders: &str) -> String {
    let head = &template[..template.find("\norders:").unwrap() + 1];
    format!("{head}orders:\n{orders}")
}

/// The first player's file: three typos in one move, a typo and a province out of reach in
/// another, a typo in a siege, and a field the orders do not have.
const BAD: &str = "  moves:
  - leader: Alexnder
    to: Phyrgia
    units: [hetairo, hypaspistoi]
  - leader: Antipater
    to: Cappadocia
    colour: red
    units: [home-army-01]
  - leader: Parmenio
    to: Thrace
    units: []
  sieges: {Halicarnasus: Parmenio}
";

#[test]
fn alexandros_8_1_every_error_of_every_order_in_one_run() {
    let t = Table::new();
    let game = macedonian_movement(&t);
    let tpl = ok(&["template", &game, "--side", "macedonian"]);
    let file = with_orders(&tpl, BAD);
    let err = apply_refused(&t, &game, "bad2.yaml", &file);
    // Each at the line of the name it is about (the column of its field or list item).
    let place = |needle: &str| {
        let i = file.lines().position(|l| l.contains(needle)).unwrap();
        format!("bad2.yaml:{}:", i + 1)
    };
    for (needle, order, rule, why) in [
        (
            "Alexnder",
            "move Alexnder to Phyrgia",
            "Alexandros 8.1",
            "did you mean Alexander?",
        ),
        (
            "Phyrgia",
            "move Alexnder to Phyrgia",
            "Alexandros 8.1",
            "did you mean Phrygia?",
        ),
        (
            "hetairo",
            "move Alexnder to Phyrgia",
            "Alexandros 8.1",
            "did you mean hetairoi?",
        ),
        (
            "home-army-01",
            "move Antipater to Cappadocia",
            "Alexandros 8.1",
            "did you mean home-army-1?",
        ),
        (
            "Cappadocia",
            "move Antipater to Cappadocia",
            "Alexandros 8.1",
            "Cappadocia is not adjacent to Macedonia",
        ),
        (
            "Halicarnasus",
            "sieges Halicarnasus",
            "Alexandros 11.1",
            "did you mean Halicarnassus?",
        ),
    ] {
        let at = place(needle);
        let line = err
            .lines()
            .find(|l| l.contains(&at))
            .unwrap_or_else(|| panic!("nothing at {at} ({needle}):\n{err}"));
        assert!(
            line.contains(order) && line.contains(rule) && line.contains(why),
            "{needle}: {line}"
        );
    }
    let colour = place("colour");
    assert!(
        err.lines()
            .any(|l| l.contains(&colour) && l.contains("unknown field `colour`")),
        "{err}"
    );
    // Antipater's move also breaks 8.3 (the Home Army stays in Europe): every rule a move
    // breaks is listed, not only the first (8.1).
    assert!(
        err.contains("Antipater belongs to the Home Army and may not leave Europe"),
        "{err}"
    );
    // The keys are fresh each run, so the open dice before the Macedonian movement differ:
    // Parmenio may have fallen or be shut in a city by then, and his move is then refused too.
    let parmenio_gone = err.contains("Parmenio is not in the field");
    let expected = 8 + usize::from(parmenio_gone);
    assert!(
        err.contains(&format!("{expected} problems, all listed here")),
        "{err}"
    );
}

#[test]
fn alexandros_8_1_a_move_with_several_rule_problems_lists_each_in_one_run() {
    // Names all correct, three rules broken: every one is listed in the same run.
    let t = Table::new();
    let game = macedonian_movement(&t);
    let tpl = ok(&["template", &game, "--side", "macedonian"]);
    let file = with_orders(
        &tpl,
        "  moves:\n  - leader: Antipater\n    to: Cappadocia\n    units: [home-army-1, home-army-1, hetairoi]\n",
    );
    let err = apply_refused(&t, &game, "several.yaml", &file);
    for why in [
        "home-army-1 is named twice",
        "hetairoi is not with Antipater in Macedonia",
        "Cappadocia is not adjacent to Macedonia",
    ] {
        assert!(err.contains(why), "{why}:\n{err}");
    }
    assert!(err.contains("Alexandros 8.3"), "{err}");
    assert!(err.contains("problems, all listed here"), "{err}");
}
