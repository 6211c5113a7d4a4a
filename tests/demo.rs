//! `legatus demo`: plays the bundled Alexandros scenario from the historical
//! fixture in mutual dice, verifies it, and leaves a game folder that verifies.

mod support;

/// Runs `legatus` in-process: exit code and everything printed.
fn cli(args: &[&str]) -> (i32, String) {
    let r = support::cli(args);
    (r.code, format!("{}{}", r.out, r.err))
}

#[test]
fn demo_plays_verifies_and_fights_the_granicus() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    let d = dir.display().to_string();
    let (code, out) = cli(&["demo", "--dir", &d]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Verdict: VALID"), "{out}");
    assert!(
        out.contains(&format!("Game folder: {}", dir.join("game").display())),
        "{out}"
    );
    assert!(out.contains("from the historical fixture"), "{out}");
    assert!(
        out.contains("spring-334: battle in Ionia"),
        "the Granicus is fought on the display: {out}"
    );
    assert!(out.contains("[Alexandros 10.19]"), "and ends: {out}");
    // The folder's log verifies on its own.
    let log = dir.join("game/log.yaml").display().to_string();
    let (code, v) = cli(&["verify", &log]);
    assert_eq!(code, 0, "{v}");
    assert!(v.contains("Verdict: VALID"), "{v}");
    // The demo's published keys and game id fix every roll: the default run always reaches
    // the winter of 331, through Gaugamela, with no part of the fixture refused.
    assert!(
        out.contains("Played 15 turns (spring-334 → autumn-331)"),
        "{out}"
    );
    assert!(out.contains("autumn-331: battle in Mesopotamia"), "{out}");
    assert!(!out.contains("dropped"), "{out}");
    assert!(!out.contains("Game over"), "{out}");
    let (code, status) = cli(&["status", &dir.join("game").display().to_string()]);
    assert_eq!(code, 0, "{status}");
    assert!(status.contains("objective secured"), "{status}");
    assert!(status.contains("Macedonian forces"), "the roster: {status}");
    // The demo leaves the turn page and the map picture in its folder and names them.
    let page = dir.join("game/turn.html");
    let map = dir.join("game/map.png");
    assert!(
        out.contains(&format!("Turn page: {}", page.display())),
        "{out}"
    );
    assert!(out.contains(&format!("Map: {}", map.display())), "{out}");
    assert!(std::fs::read_to_string(&page)
        .unwrap()
        .contains("Macedonian forces"));
    assert!(std::fs::read(&map).unwrap().starts_with(b"\x89PNG"));
    let (code, audit) = cli(&["audit", &log]);
    assert_eq!(code, 0, "{audit}");
    assert!(
        audit.contains("[Alexandros 10.11]"),
        "battle rolls on the display: {audit}"
    );
    // The order files the demo applied are kept for players to read.
    let orders = std::fs::read_dir(dir.join("orders")).unwrap().count();
    assert!(orders >= 30, "{orders} order files kept:\n{out}");
}

#[test]
fn demo_game_romans_plays_the_second_macedonian_war_and_an_unknown_game_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("romans");
    let d = dir.display().to_string();
    // Until the first Winter: Galba's march to Ariminum and Philip before Athens.
    let (code, out) = cli(&[
        "demo",
        "--game",
        "romans",
        "--dir",
        &d,
        "--until",
        "winter-200-199",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("The Romans (second-macedonian-war)"), "{out}");
    assert!(out.contains("Played 2 turns (turn-1 → turn-2)"), "{out}");
    assert!(out.contains("Verdict: VALID"), "{out}");
    assert!(!out.contains("dropped"), "{out}");
    let (code, status) = cli(&["status", &dir.join("game").display().to_string()]);
    assert_eq!(code, 0, "{status}");
    assert!(status.contains("winter-200-199"), "{status}");
    let (code, out) = cli(&["demo", "--game", "carthage", "--dir", &t(&tmp, "x")]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("the demos are alexandros, romans"), "{out}");
}

fn t(tmp: &tempfile::TempDir, name: &str) -> String {
    tmp.path().join(name).display().to_string()
}

#[test]
fn demo_cynoscephalae_is_fought_on_the_tactical_display_and_scores() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    let d = dir.display().to_string();
    let (code, out) = cli(&["demo", "--game", "cynoscephalae", "--dir", &d]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Verdict: VALID"), "{out}");
    assert!(
        out.contains("Battles fought on the Tactical Battle Display: 1"),
        "{out}"
    );
    assert!(out.contains("turn-1: Major Land Battle at 5425"), "{out}");
    assert!(
        out.contains("2 order files from the historical fixture"),
        "{out}"
    );
    assert!(!out.contains("dropped"), "{out}");
    let report = std::fs::read_to_string(dir.join("game/report.md")).unwrap();
    assert!(report.contains("Manipular Legion section"), "{report}");
    // The demo's keys fix the dice: Rome wins, and the Major Land Battle is on its Victory
    // Point record (Romans [19.11]).
    assert!(
        report.contains("Rome wins the Major Land Battle"),
        "{report}"
    );
    assert!(
        report.contains("Rome Victory Points (Romans [19]): 25"),
        "{report}"
    );
    // The armies came from the data override the demo gave `legatus new --data`.
    assert!(dir.join("orders/armies.yaml").exists());
}
