//! Stale, misdirected and malformed order files; sealed orders; the game lock.
//! Every refusal names what was expected and writes nothing.

mod support;

use std::collections::BTreeMap;

use support::{cli, ok, Table};

fn snapshot(t: &Table) -> BTreeMap<String, Vec<u8>> {
    support::folder_snapshot(&t.p("game"))
}

/// A mutual game just started: the bid (sealed) is pending for both.
fn started() -> Table {
    let t = Table::new();
    t.start("mutual");
    t
}

fn template(t: &Table, side: &str) -> String {
    ok(&[
        "template",
        &t.game(),
        "--side",
        side,
        "--key",
        &t.key_of(side),
    ])
}

#[track_caller]
fn refused(t: &Table, orders: &str, side: &str, code: i32, expect: &str) {
    let before = snapshot(t);
    let f = t.p("bad-orders.yaml");
    std::fs::write(&f, orders).unwrap();
    let r = cli(&[
        "apply",
        &t.game(),
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.key_of(side),
    ]);
    assert_eq!(r.code, code, "expected exit {code}: {}{}", r.out, r.err);
    assert!(
        r.err.contains(expect),
        "message must say {expect:?}: {}",
        r.err
    );
    assert_eq!(before, snapshot(t), "a refused command writes nothing");
}

#[test]
fn protocol_orders_for_another_game_are_refused() {
    let t = started();
    let tpl = template(&t, "red");
    let game_line = tpl
        .lines()
        .find(|l| l.starts_with("game:"))
        .unwrap()
        .to_string();
    refused(
        &t,
        &tpl.replace(&game_line, "game: \"00000000000000000000000000000000\""),
        "red",
        2,
        "but this is game",
    );
}

#[test]
fn protocol_stale_orders_are_refused() {
    let t = started();
    let tpl = template(&t, "red");
    let after = tpl
        .lines()
        .find(|l| l.starts_with("after:"))
        .unwrap()
        .to_string();
    refused(
        &t,
        &tpl.replace(&after, "after: 1"),
        "red",
        2,
        "they are stale",
    );
    let hash = tpl
        .lines()
        .find(|l| l.starts_with("after_hash:"))
        .unwrap()
        .to_string();
    refused(
        &t,
        &tpl.replace(&hash, &format!("after_hash: \"{}\"", "0".repeat(64))),
        "red",
        2,
        "written against a different log",
    );
    // Orders written before the opponent's entry are stale once it is in.
    let blue = template(&t, "blue");
    let f = t.p("red.yaml");
    std::fs::write(&f, &tpl).unwrap();
    ok(&[
        "apply",
        &t.game(),
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.key_of("red"),
    ]);
    refused(&t, &blue, "blue", 2, "but the log now ends at entry 3");
}

#[test]
fn protocol_orders_signed_with_the_wrong_side_are_refused() {
    let t = started();
    let tpl = template(&t, "red");
    refused(
        &t,
        &tpl,
        "blue",
        2,
        "this key does not belong to side \"red\"",
    );
}

#[test]
fn protocol_orders_for_the_wrong_step_are_refused() {
    let t = started();
    let tpl = template(&t, "red");
    refused(
        &t,
        &tpl.replace("step: \"turn-1/bid\"", "step: \"turn-2/bid\""),
        "red",
        2,
        "the pending step is \"turn-1/bid\"",
    );
}

#[test]
fn protocol_malformed_yaml_names_file_line_and_column() {
    let t = started();
    let tpl = template(&t, "red");
    refused(
        &t,
        &format!("{tpl}  bid: [unclosed\n"),
        "red",
        2,
        "bad-orders.yaml:",
    );
    let r = cli(&[
        "apply",
        &t.game(),
        "--orders",
        &t.s("bad-orders.yaml"),
        "--key",
        &t.key_of("red"),
    ]);
    let loc = r.err.split("bad-orders.yaml:").nth(1).unwrap();
    let mut parts = loc.split(':');
    assert!(
        parts.next().unwrap().parse::<u32>().unwrap() >= 9,
        "line number: {}",
        r.err
    );
    assert!(
        parts.next().unwrap().parse::<u32>().is_ok(),
        "column number: {}",
        r.err
    );
    refused(
        &t,
        &tpl.replace("  bid: 2", "  bid: 2\n  bidd: 3"),
        "red",
        2,
        "bad-orders.yaml:",
    );
    refused(
        &t,
        &tpl.replace("  bid: 2", "  bid: two"),
        "red",
        2,
        "bad-orders.yaml:",
    );
}

#[test]
fn protocol_orders_refused_by_the_rules_name_the_rule() {
    let t = started();
    let tpl = template(&t, "red");
    // A sealed commitment hides the orders: an illegal bid is refused at its reveal.
    let f = t.p("red.yaml");
    std::fs::write(&f, tpl.replace("bid: 2", "bid: 9")).unwrap();
    ok(&[
        "apply",
        &t.game(),
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.key_of("red"),
    ]);
    let b = t.p("blue.yaml");
    std::fs::write(&b, template(&t, "blue")).unwrap();
    ok(&[
        "apply",
        &t.game(),
        "--orders",
        &b.display().to_string(),
        "--key",
        &t.key_of("blue"),
    ]);
    std::fs::write(&b, template(&t, "blue")).unwrap();
    ok(&[
        "apply",
        &t.game(),
        "--orders",
        &b.display().to_string(),
        "--key",
        &t.key_of("blue"),
    ]);
    let again = template(&t, "red").replace("bid: 2", "bid: 9");
    refused(&t, &again, "red", 1, "Tally T1");
    // The refusal of a sealed step is at the refused order's line and column.
    let line = again.lines().position(|l| l.contains("bid: 9")).unwrap() + 1;
    refused(&t, &again, "red", 1, &format!("bad-orders.yaml:{line}:"));
}

#[test]
fn protocol_sealed_reveal_must_match_commitment() {
    let t = started();
    let f = t.p("red.yaml");
    std::fs::write(&f, template(&t, "red")).unwrap();
    let out = ok(&[
        "apply",
        &t.game(),
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.key_of("red"),
    ]);
    assert!(out.contains("SealedCommit"), "{out}");
    let log = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    assert!(
        !log.contains("bid:") && !log.contains("payload"),
        "a sealed commitment must not show the orders"
    );
    // Red cannot reveal before blue has committed.
    refused(
        &t,
        &template(&t, "red"),
        "red",
        2,
        "once blue has committed",
    );
    let b = t.p("blue.yaml");
    std::fs::write(&b, template(&t, "blue").replace("bid: 2", "bid: 1")).unwrap();
    ok(&[
        "apply",
        &t.game(),
        "--orders",
        &b.display().to_string(),
        "--key",
        &t.key_of("blue"),
    ]);
    // A reveal of different orders does not match red's commitment.
    refused(
        &t,
        &template(&t, "red").replace("bid: 2", "bid: 3"),
        "red",
        2,
        "do not match red's sealed commitment",
    );
    std::fs::write(&f, template(&t, "red")).unwrap();
    let out = ok(&[
        "apply",
        &t.game(),
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.key_of("red"),
    ]);
    assert!(out.contains("SealedReveal"), "{out}");
}

#[test]
fn protocol_busy_game_is_refused_while_locked() {
    let t = started();
    let lock = legatus::engine::folder::GameDir::new(t.p("game"))
        .lock()
        .unwrap();
    let f = t.p("red.yaml");
    std::fs::write(&f, template(&t, "red")).unwrap();
    let before = snapshot(&t);
    let r = cli(&[
        "apply",
        &t.game(),
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.key_of("red"),
    ]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("is busy"), "{}", r.err);
    assert_eq!(before, snapshot(&t));
    drop(lock);
    ok(&[
        "apply",
        &t.game(),
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.key_of("red"),
    ]);
}

#[test]
fn protocol_usage_errors_exit_2() {
    assert_eq!(cli(&["apply"]).code, 2);
    assert_eq!(cli(&["frobnicate"]).code, 2);
    let r = cli(&["status", "/nonexistent/game"]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("no log.yaml"), "{}", r.err);
    assert_eq!(cli(&["--help"]).code, 0);
    assert!(cli(&["--help"]).out.contains("Exit codes"));
}
