//! Cynoscephalae (The Romans, Second Macedonian War) fought on the Tactical Battle Display
//! through the CLI: `legatus new --option tactical-battles --data
//! fixtures/romans/cynoscephalae/armies.yaml` (the armies where they met), Rome's order file
//! with its battle plan as standing orders, Macedon's attack with its own, Rome's reveal; the
//! battle costs one entry a side (and the reveal the dice need); the account is snapshotted
//! phase by phase; `verify` replays it. Fixed keys and game id fix every roll.

mod support;

use legatus::protocol::keys::SigningKey;
use support::{ok, Table};

const GAME_ID: &str = "c7a05e1d4b2f4e0d9a1c3b5d7e9f0a21";

fn key(t: &Table, side: &str) -> String {
    use sha2::Digest;
    let seed: [u8; 32] = sha2::Sha256::digest(format!("legatus test key: {side}")).into();
    let p = t.p(&format!("{side}.fixed.key"));
    SigningKey::from_seed(&seed, side).write(&p, None).unwrap();
    p.display().to_string()
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/fixtures/romans/cynoscephalae/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// The order file with the side's standing orders (its battle plan) from the fixture.
fn with_plan(order_file: &str, side: &str) -> String {
    let text = fixture(&format!("orders/{side}-standing.yaml"));
    let i = text.find("\nstanding:").expect("a standing-orders file");
    format!("{order_file}{}\n", &text[i + 1..])
}

fn philip_attacks(template: &str) -> String {
    let line = template
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
    template.replace(
        "  moves: []",
        &format!("  moves:\n    - {{commander: philip-v, with: [{}, athenagorus, nicanor], path: [\"5425\"]}}", ids.join(", ")),
    )
}

#[test]
fn tactical_cynoscephalae_through_the_cli_with_plans() {
    let t = Table::new();
    let (rk, mk) = (key(&t, "rome"), key(&t, "macedon"));
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
        &format!("rome=Titus,titus@example.org,{rk}.pub"),
        "--player",
        &format!("macedon=Philip,philip@example.org,{mk}.pub"),
        "--option",
        "tactical-battles",
        "--data",
        &data,
        "--game-id",
        GAME_ID,
        "--dir",
        &game,
    ]);
    ok(&["accept", &game, "--key", &rk]);
    ok(&["accept", &game, "--key", &mk]);
    // Rome's Campaign Phase: it waits, with its battle plan.
    let tpl = ok(&["template", &game, "--side", "rome", "--key", &rk]);
    assert!(
        tpl.contains("Tactical Battle Display"),
        "the template shows the display: {tpl}"
    );
    let f = t.p("rome-1.yaml");
    std::fs::write(&f, with_plan(&tpl, "rome")).unwrap();
    ok(&[
        "apply",
        &game,
        "--orders",
        &f.display().to_string(),
        "--key",
        &rk,
    ]);
    // Macedon's: Philip attacks, with his battle plan.
    let tpl = ok(&["template", &game, "--side", "macedon", "--key", &mk]);
    let f = t.p("macedon-1.yaml");
    std::fs::write(&f, with_plan(&philip_attacks(&tpl), "macedon")).unwrap();
    ok(&[
        "apply",
        &game,
        "--orders",
        &f.display().to_string(),
        "--key",
        &mk,
    ]);
    // Rome's reveal fixes the dice of the battle.
    ok(&["apply", &game, "--key", &rk]);
    let log = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    let kinds: Vec<&str> = log
        .lines()
        .filter_map(|l| l.strip_prefix("kind: "))
        .collect();
    let report = std::fs::read_to_string(t.p("game/report.md")).unwrap();
    let from = report
        .find("Major Land Battle at 5425")
        .expect("a battle was fought");
    let to = report[from..]
        .find("wins the Major Land Battle")
        .or_else(|| report[from..].find("a draw, nobody wins"))
        .and_then(|i| report[from + i..].find('\n').map(|j| from + i + j))
        .unwrap_or(report.len());
    let account = &report[from..to];
    assert!(
        account.contains("Manipular Legion section")
            && account.contains("Phalanx Formation section"),
        "{account}"
    );
    assert!(
        account.contains("1. Aggressor Fire Phase") || account.contains("2. Resister Fire Phase"),
        "{account}"
    );
    assert!(
        account.contains("6. Aggressor Melee Phase")
            && account.contains("10. Resister Melee Phase"),
        "{account}"
    );
    insta::assert_snapshot!("cynoscephalae_battle_account", account);
    // One entry a side for the battle (each with its plan), and Rome's bare reveal.
    assert_eq!(kinds, ["accept", "accept", "orders", "orders", "reveal"]);
    // The battle as a picture: the board as it ended, in the turn page and on its own.
    let svg = t.p("board.svg");
    ok(&["show", &game, "--board", &svg.display().to_string()]);
    let board = std::fs::read_to_string(&svg).unwrap();
    assert!(
        board.contains("Battle in 5425")
            && board.contains("<ellipse")
            && board.contains("Center Line"),
        "{board}"
    );
    assert!(
        board.contains("Rome Reserve") && board.contains("Macedon F4"),
        "both sections are drawn"
    );
    let page = t.p("page.html");
    ok(&[
        "show",
        &game,
        "--html",
        &page.display().to_string(),
        "--side",
        "rome",
    ]);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains("The battle board") && html.contains("Tactical Turn"),
        "the turn page shows the battle"
    );
    ok(&["verify", &game]);
}
