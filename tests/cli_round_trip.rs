//! Whole games through the CLI in each dice mode (core issue acceptance:
//! new → accept ×2 → apply … → verify exit 0; state.yaml equals a fresh replay).

mod support;

use legatus::engine::folder::GameDir;
use legatus::engine::render;
use support::{cli, ok, registry, Table};

fn round_trip(mode: &str) {
    let t = Table::new();
    t.start(mode);
    let n = t.play_out();
    assert!(
        n >= 10,
        "a Tally game takes a dozen entries or more, took {n}"
    );
    let v = ok(&["verify", &t.s("game/log.yaml")]);
    assert!(v.contains("Verdict: VALID"), "{v}");
    let (game, verified) = GameDir::new(t.p("game")).load(&registry()).unwrap();
    assert!(verified.rolls > 0, "a whole game rolls dice");
    assert_eq!(
        std::fs::read_to_string(t.p("game/state.yaml")).unwrap(),
        render::state_yaml(&game),
        "state.yaml equals a fresh replay"
    );
    let status = ok(&["status", &t.game()]);
    assert!(status.contains("the game is over"), "{status}");
}

#[test]
fn protocol_round_trip_mutual_dice() {
    round_trip("mutual");
}

#[test]
fn protocol_round_trip_referee_dice() {
    round_trip("referee");
}

#[test]
fn protocol_round_trip_open_dice() {
    round_trip("open");
}

#[test]
fn protocol_audit_lists_every_roll() {
    let t = Table::new();
    t.start("mutual");
    t.play_out();
    let a = ok(&["audit", &t.s("game/log.yaml"), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    let rolls = v["rolls"].as_array().unwrap();
    assert!(!rolls.is_empty());
    assert!(rolls
        .iter()
        .all(|r| r["rule"].as_str().unwrap().starts_with("Tally T")));
    let r = cli(&["audit", &t.s("game/log.yaml"), "--format", "markdown"]);
    assert_eq!(r.code, 0);
    assert!(r.out.contains("| entry | side |"));
}

#[test]
fn protocol_state_file_is_a_cache_never_trusted() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    for _ in 0..4 {
        t.step(&mut n);
    }
    let state = t.p("game/state.yaml");
    let good = std::fs::read_to_string(&state).unwrap();
    std::fs::write(&state, good.replace("turn", "tern")).unwrap();
    let out = ok(&["status", &t.game()]);
    assert!(out.contains("rebuilt"), "{out}");
    assert_eq!(
        std::fs::read_to_string(&state).unwrap(),
        good,
        "status rebuilds state.yaml from the log"
    );
    std::fs::remove_file(&state).unwrap();
    t.step(&mut n);
    let (game, _) = GameDir::new(t.p("game")).load(&registry()).unwrap();
    assert_eq!(
        std::fs::read_to_string(&state).unwrap(),
        render::state_yaml(&game)
    );
}
