//! The historical fixture (`fixtures/alexandros/historical/`): Alexander's campaign from the
//! Granicus (Spring 334) to India and back to Babylon (Summer 323, the end of the game, 16.3),
//! played through the CLI by
//! `legatus demo --until end` in mutual dice with the demo's two keys and game id, so every
//! roll is the same each run. Granicus, Issus and Gaugamela are fought on the Tactical Display
//! from both sides' battle plans (Alexandros 10), and so is the Hydaspes against Porus (Summer
//! 327); `legatus verify` accepts the log; the final report and the Gaugamela battle report are
//! insta snapshots. Recorded for ruleset 0.3 (docs/protocol.md §Versions).

use std::collections::BTreeSet;
use std::path::Path;

use legatus::engine::verify::replay;
use legatus::protocol::log::LogReader;
use legatus::ruleset::Registry;

mod support;

/// Runs `legatus` in-process: exit code and everything printed.
fn cli(args: &[&str]) -> (i32, String) {
    let r = support::cli(args);
    (r.code, format!("{}{}", r.out, r.err))
}

/// Every event of the log in order, as `entry N (author): text [rule]`.
fn chronicle(log: &Path) -> Vec<String> {
    let registry = Registry::builtin();
    let mut seen = BTreeSet::new();
    let mut lines = Vec::new();
    replay(LogReader::open(log).unwrap(), &registry, |_, game| {
        for ev in game.recent() {
            if seen.insert((ev.seq, ev.resolved_by)) {
                for e in &ev.events {
                    lines.push(format!(
                        "entry {} ({}): {} [{}]",
                        ev.seq, ev.author, e.text, e.rule
                    ));
                }
            }
        }
        Ok(())
    })
    .unwrap();
    lines
}

/// The account of the battle in `province`: from its hand-off to the Tactical Display (9.1)
/// to its end (10.19) and the pursuit and retreat that follow (10.20).
fn battle_account(events: &[String], province: &str) -> Vec<String> {
    let start = events
        .iter()
        .position(|l| {
            l.contains(&format!("battle in {province}")) && l.contains("Tactical Display")
        })
        .unwrap_or_else(|| panic!("no battle in {province} handed to the display"));
    let end = events[start..]
        .iter()
        .position(|l| l.contains(&format!("the battle in {province}")) && l.contains("10.19]"))
        .map(|i| start + i)
        .expect("the battle ends");
    let mut out = events[start..=end].to_vec();
    out.extend(
        events[end + 1..]
            .iter()
            .take_while(|l| l.contains("10.20]") || l.contains("10.16]") || l.contains("15."))
            .cloned(),
    );
    out
}

#[test]
fn alexandros_historical_campaign_from_the_granicus_to_babylon_through_the_cli() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    let d = dir.display().to_string();
    let (code, out) = cli(&["demo", "--dir", &d, "--until", "end"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Verdict: VALID"), "{out}");
    assert!(
        out.contains("Played 46 turns (spring-334 → summer-323)"),
        "the whole game, eleven and a half years: {out}"
    );
    // 16.3: the game ends after Summer 323 and is judged on victory points.
    assert!(
        out.contains("The game is over: decisive-macedonian"),
        "{out}"
    );
    // The fixture is written for these dice: nothing of it is refused, nothing replaced.
    assert!(!out.contains("dropped"), "{out}");
    assert!(!out.contains("replaced by the template default"), "{out}");
    for battle in [
        "spring-334: battle in Ionia",       // the Granicus (4.3)
        "autumn-333: battle in Cilicia",     // Issus
        "autumn-331: battle in Mesopotamia", // Gaugamela
        "summer-327: battle in Upper India", // the Hydaspes
    ] {
        assert!(out.contains(battle), "{battle}: {out}");
    }
    assert!(!out.contains("Game over before"), "Alexander lives: {out}");

    // The log verifies on its own, as an opponent or auditor would check it.
    let log = dir.join("game/log.yaml");
    let (code, v) = cli(&["verify", &log.display().to_string()]);
    assert_eq!(code, 0, "{v}");
    assert!(v.contains("Verdict: VALID"), "{v}");

    let report = std::fs::read_to_string(dir.join("game/report.md")).unwrap();
    insta::assert_snapshot!("historical_final_report", report);

    let events = chronicle(&log);
    let gaugamela = battle_account(&events, "Mesopotamia");
    assert!(
        gaugamela
            .iter()
            .any(|l| l.contains("the Macedonian wins the battle in Mesopotamia")),
        "{gaugamela:#?}"
    );
    insta::assert_snapshot!("historical_gaugamela_battle_report", gaugamela.join("\n"));

    // The Hydaspes (Summer 327): under the 0.3 dice Porus' army is still an army when
    // Alexander crosses (9.1), the battle is fought on the Tactical Display, the Macedonian
    // wins it and Porus falls (10.16).
    let hydaspes = battle_account(&events, "Upper India");
    assert!(
        hydaspes
            .iter()
            .any(|l| l.contains("the Macedonian wins the battle in Upper India")),
        "{hydaspes:#?}"
    );
    assert!(
        events.iter().any(|l| l.contains("Porus is killed")),
        "Porus falls at the Hydaspes"
    );
}
