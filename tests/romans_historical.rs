//! The Romans' historical fixture (`fixtures/romans/historical/`): the Second Macedonian War
//! (Romans 20.1) from Galba's crossing in September 200 B.C. to Cynoscephalae and the truce of
//! Tempe in October 197, played through the CLI by `legatus demo --game romans` in mutual dice
//! with the demo's two keys and game id, so every roll is the same each run. Galba's army
//! crosses from Brundisium to Apollonia by sea (a standing `naval_losses` order gives the sea's
//! steps to the empty Lights, errata 11.2); Athenagoras' troops are overrun before Antipatreia,
//! which is sacked in 199; Epidamnus and Thebes are taken; Legion VI comes round the Adriatic by
//! land (a second crossing would cost the fleet more steps than it has); the Aous (June 198) and
//! Cynoscephalae (June 197) are won on the Strategic CRT, Philip breaking off after 6 SSP lost by
//! his standing order, and Flamininus, kept for 197, survives both; `legatus verify` accepts the
//! log; the final report and the Cynoscephalae battle account are insta snapshots.

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

/// The account of the Major Land Battle at `hex`: from its first line to its winner.
fn battle_account(events: &[String], hex: &str) -> Vec<String> {
    let start = events
        .iter()
        .position(|l| l.contains(&format!("Major Land Battle at {hex}:")))
        .unwrap_or_else(|| panic!("no battle at {hex}"));
    let end = events[start..]
        .iter()
        .position(|l| l.contains("wins the Major Land Battle"))
        .map(|i| start + i)
        .expect("the battle ends");
    events[start..=end].to_vec()
}

#[test]
fn romans_historical_second_macedonian_war_from_galba_to_cynoscephalae_through_the_cli() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("demo");
    let d = dir.display().to_string();
    let (code, out) = cli(&["demo", "--game", "romans", "--dir", &d]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Verdict: VALID"), "{out}");
    // 20.13: September 200 to October 197, 26 Game-Turns and three Winters.
    assert!(
        out.contains("Played 29 turns (turn-1 → turn-26)"),
        "the whole scenario: {out}"
    );
    // The fixture is written for these dice: nothing of it is refused, nothing replaced.
    assert!(!out.contains("dropped"), "{out}");
    assert!(!out.contains("replaced by the template default"), "{out}");
    assert!(out.contains("0 from template defaults"), "{out}");
    // The Aous (June 198) and Cynoscephalae (June 197), both won by Rome (19.11: 25 VP each).
    for battle in [
        "turn-14: Major Land Battle at 4821",
        "turn-22: Major Land Battle at 5323",
    ] {
        assert!(out.contains(battle), "{battle}: {out}");
    }
    assert_eq!(
        out.matches("Rome wins the Major Land Battle").count(),
        2,
        "{out}"
    );
    // 19.2: twice Macedon's VP and a Major Land Battle won: more than a nominal victory.
    assert!(
        out.contains(
            "The game is over: Macedon 26 VP, Rome 56 VP: Rome wins (more than a nominal victory"
        ),
        "{out}"
    );

    // The log verifies on its own, as an opponent or auditor would check it.
    let log = dir.join("game/log.yaml");
    let (code, v) = cli(&["verify", &log.display().to_string()]);
    assert_eq!(code, 0, "{v}");
    assert!(v.contains("Verdict: VALID"), "{v}");

    let events = chronicle(&log);
    let all = events.join("\n");
    for (what, line) in [
        (
            "Galba crosses from Brundisium to Apollonia",
            "P. Sulpicius Galba sails 4319 → 4418 → 4518 → 4618 → 4719",
        ),
        (
            "the standing naval_losses order gives the sea the empty Lights first",
            "rolls 6 on the Naval Attrition Table, 3 steps (rome-light-1 to half strength, rome-light-1 eliminated, rome-light-2 to half strength)",
        ),
        (
            "the legions land at Apollonia whole",
            "legion-I, legion-II, praetor-1, tribune-I-1, tribune-I-2, tribune-II-1, tribune-II-2 land at 4719",
        ),
        (
            "Athenagoras' troops overrun before Antipatreia",
            "Overrun at 4919",
        ),
        (
            "the Senate's consuls of the fasti",
            "T. Quinctius Flamininus is the field consul for 198 B.C.",
        ),
        ("Antipatreia stormed and sacked", "Antipatreia is SACKED"),
        ("Epidamnus held", "Rome controls Epidamnus"),
        (
            "Thebes taken in 197, at the first try",
            "T. Quinctius Flamininus assaults Thebes (defence 20 = 20 SSP) with 58 SSP: rolls 5 (YES): the city falls",
        ),
        ("Thebes held", "Rome controls Thebes"),
        (
            "Flamininus kept for 197 after the Aous",
            "the Senate keeps T. Quinctius Flamininus as field consul",
        ),
        (
            "Philip retreats from the Aous",
            "Macedon Retreats During Combat 4821",
        ),
        (
            "Philip breaks off at Cynoscephalae",
            "Macedon Retreats During Combat 5323 → 5423",
        ),
    ] {
        assert!(all.contains(line), "{what}: `{line}` not in the chronicle");
    }
    // Flamininus lives through both battles (8.52): no Roman commander falls in this history.
    assert!(
        !all.contains("Flamininus is killed"),
        "Flamininus survives: {all}"
    );
    let cynoscephalae = battle_account(&events, "5323");
    assert!(
        cynoscephalae
            .last()
            .unwrap()
            .contains("Rome wins the Major Land Battle"),
        "{cynoscephalae:#?}"
    );
    insta::assert_snapshot!("romans_historical_cynoscephalae", cynoscephalae.join("\n"));

    let report = std::fs::read_to_string(dir.join("game/report.md")).unwrap();
    insta::assert_snapshot!("romans_historical_final_report", report);
}
