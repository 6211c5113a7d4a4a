//! The Romans: loss allocations and retreat paths decided in person (issue 15, digest D-15,
//! D-16, D-22): a standing `losses: ask`, `retreat_path: {COMMANDER: ask}` or
//! `naval_losses: ask` stops the resolution where the owner chooses ([9.51], [9.66], [10.13],
//! [10.31], errata 11.2 with ruling AMB-03), the template lists the legal answers and his
//! `decision:` resumes the phase — all through `Romans::apply`.

#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use std::collections::BTreeMap;

use common::*;
use legatus::games::conquerors::force::{Position, Squadron};
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::Romans;
use legatus::ruleset::{Event, PendingKind, RuleError, Ruleset};
use support::*;

fn decide(s: &mut State, answer: &str, n: u32) -> Result<Vec<Event>, RuleError> {
    submit_with(
        s,
        &format!("decision: {answer}"),
        &BTreeMap::new(),
        &mut stream(n),
    )
}

fn athenagorus_to_5120(s: &State) -> String {
    format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [\"5019\", \"5120\"]}}]",
        units_at(s, "4919", "macedon").join(", ")
    )
}

/// The legion at 5120, Macedon to move.
fn legion_at_5120() -> State {
    let mut s = smw();
    place(&mut s, "legion-III", "5120");
    place(&mut s, "tribune-III-1", "5120");
    to_macedon(&mut s);
    s
}

/// The options of the decision waited for (`#   decision: X` lines of the template).
fn options(s: &State, side: &str) -> Vec<String> {
    Romans
        .template(s, side)
        .lines()
        .filter_map(|l| l.trim().strip_prefix("#   decision: "))
        .map(str::to_string)
        .collect()
}

fn asked(s: &State, kind: &str) -> bool {
    s.paused.as_ref().is_some_and(|p| p.question.kind == kind)
}

#[test]
fn romans_9_51_9_66_the_owner_names_the_unit_of_each_ssp_lost_in_person() {
    // Macedon's Force of several Macedonian units attacks Legion III; Macedon's standing
    // `losses: ask`: at the first SSP of an exchange it loses, the game asks which of its units
    // takes it ([9.66]: from the Macedonian contingent, the only one).
    let s = legion_at_5120();
    let mac = standing("macedon", "losses: ask");
    let o = athenagorus_to_5120(&s);
    let (mut x, ev, _) = search(&s, &o, &mac, |x, _| asked(x, "losses"));
    assert!(
        texts(&ev).contains("stops for Macedon's decision in person"),
        "{}",
        texts(&ev)
    );
    let p = Romans.pending(&x);
    assert_eq!(p.kind, PendingKind::Decision);
    assert_eq!(p.sides, ["macedon"]);
    assert_eq!(p.rule, "Romans [9.51], [9.66]");
    assert!(p.prompt.contains("SSP 1 of"), "{}", p.prompt);
    let opts = options(&x, "macedon");
    let mine = units_at(&s, "4919", "macedon");
    assert!(opts.len() > 1, "{opts:?}");
    assert!(opts.iter().all(|o| mine.contains(o)), "{opts:?}");
    // Rome may not answer; an answer not offered is refused with the options.
    let why = refused(
        decide(&mut x.clone(), "legion-III", 3),
        "Romans [9.51], [9.66]",
    );
    assert!(why.contains(&opts.join(", ")), "{why}");
    // Name the last unit offered (the default would take the first by id) every time asked,
    // until the phase has resolved.
    let chosen = opts.last().unwrap().clone();
    let ssp0 = x.paused.as_ref().unwrap().start.units[&chosen].ssp;
    let mut all = Vec::new();
    for n in 0..60 {
        if x.paused.is_none() {
            break;
        }
        let last = options(&x, &x.paused.as_ref().unwrap().question.side.clone())
            .last()
            .unwrap()
            .clone();
        let pick = if asked(&x, "losses") && options(&x, "macedon").contains(&chosen) {
            chosen.clone()
        } else {
            last
        };
        all.extend(decide(&mut x, &pick, 100 + n).unwrap());
    }
    assert!(x.paused.is_none(), "{}", texts(&all));
    let t = texts(&all);
    assert!(t.contains("Macedon decides in person"), "{t}");
    let l = lines(&all, "Romans [9.51], [9.66]");
    assert!(l.iter().any(|l| l.contains(&format!("{chosen} -"))), "{t}");
    assert!(x.units.get(&chosen).is_none_or(|u| u.ssp < ssp0), "{t}");
}

#[test]
fn romans_9_51_a_standing_loss_list_still_resolves_in_one_entry() {
    // The same battle with the loss order given in advance: no pause.
    let s = legion_at_5120();
    let mine = units_at(&s, "4919", "macedon");
    let mac = standing("macedon", &format!("losses: [{}]", mine.join(", ")));
    let o = athenagorus_to_5120(&s);
    let mut x = s.clone();
    submit_with(&mut x, &o, &mac, &mut stream(5)).unwrap();
    assert!(x.paused.is_none());
    assert!(!serde_json::to_string(&x).unwrap().contains("paused"));
}

#[test]
fn romans_10_13_retreat_before_combat_path_chosen_hex_by_hex() {
    // Legion III retreats before Athenagorus ([10.1]) and Rome steers it in person: the first
    // hex is asked with the hexes it may enter; Rome takes the last offered, then stops.
    let s = legion_at_5120();
    let rome = standing(
        "rome",
        "when_attacked: {any: retreat}\nretreat_path: {tribune-III-1: ask}",
    );
    let o = athenagorus_to_5120(&s);
    let mut x = s.clone();
    submit_with(&mut x, &o, &rome, &mut stream(9)).unwrap();
    let p = Romans.pending(&x);
    assert_eq!(p.kind, PendingKind::Decision, "{}", p.prompt);
    assert_eq!(p.sides, ["rome"]);
    assert_eq!(p.rule, "Romans [10.13], [10.15]");
    assert!(p.prompt.contains("Retreat Before Combat"), "{}", p.prompt);
    let opts = options(&x, "rome");
    assert!(
        !opts.contains(&"stop".to_string()),
        "not before a first hex: {opts:?}"
    );
    assert!(
        !opts.contains(&"5120".to_string()),
        "not the battle hex: {opts:?}"
    );
    let first = opts.last().unwrap().clone();
    decide(&mut x, &first, 10).unwrap();
    let mut ev = Vec::new();
    if x.paused.is_some() {
        let opts = options(&x, "rome");
        assert_eq!(opts[0], "stop", "{opts:?}");
        ev = decide(&mut x, "stop", 11).unwrap();
    }
    assert!(x.paused.is_none());
    assert_eq!(x.units["legion-III"].at.hex, first, "{}", texts(&ev));
    assert!(x.combat.battles.is_empty());
}

#[test]
fn romans_10_31_flight_path_asked_in_person_goes_20_mp() {
    // Rome's Force flees ([10.31]) after its Morale Level breaks, steered in person: each hex
    // offered leads to a legal end of the 20 MP ([10.34]); Rome always takes the first offered.
    let s = legion_at_5120();
    let rome = standing("rome", "retreat_path: {any: ask}");
    let o = athenagorus_to_5120(&s);
    let (mut x, _, _) = search(&s, &o, &rome, |x, _| asked(x, "retreat_path"));
    let p = Romans.pending(&x);
    assert_eq!(p.rule, "Romans [10.31], [10.34]", "{}", p.prompt);
    let mut path = Vec::new();
    let mut ev = Vec::new();
    for n in 0..40 {
        if !asked(&x, "retreat_path") {
            break;
        }
        let o = options(&x, "rome");
        let pick = o.iter().find(|h| *h != "stop").unwrap_or(&o[0]).clone();
        path.push(pick.clone());
        ev.extend(decide(&mut x, &pick, 200 + n).unwrap());
    }
    assert!(!asked(&x, "retreat_path"));
    let t = texts(&ev);
    let fled = lines(&ev, "Romans [10.31]");
    assert_eq!(fled.len(), 1, "{t}");
    assert!(
        fled[0].contains(&format!("5120 → {}", path.join(" → "))),
        "{path:?}: {t}"
    );
    assert!(!fled[0].contains("by default"), "{t}");
}

fn squadron(s: &mut State, id: &str, side: &str, kind: &str, hex: &str) {
    s.squadrons.insert(
        id.into(),
        Squadron {
            side: side.into(),
            nation: side.into(),
            kind: kind.into(),
            half: false,
            at: Position {
                map: "romans".into(),
                hex: hex.into(),
                inside: false,
            },
        },
    );
}

#[test]
fn romans_errata_11_2_amb_03_naval_loss_spread_as_the_owner_prefers_in_person() {
    // Rome's 2H 1M 2L attack a leaderless Heavy and Medium at 4420 (a stream is searched for
    // in which Rome's loss points are best taken as Light steps, e.g. A1/D4, under the
    // follow-up A2/D5): the most steps, both from one Light (a standing order's spread: the squadron named first loses all it
    // can) — Rome, `naval_losses: ask`, is offered either Light and picks the second.
    let mut s = smw();
    squadron(&mut s, "macedon-heavy-9", "macedon", "heavy", "4420");
    squadron(&mut s, "macedon-medium-9", "macedon", "medium", "4420");
    let rome = standing("rome", "naval_losses: ask");
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1, rome-heavy-2, rome-medium-1, rome-light-1, rome-light-2], path: [\"4419\", \"4420\"]}]";
    let (mut x, ev, _) = search(&s, o, &rome, |x, _| {
        asked(x, "naval_losses")
            && options(x, "rome").len() == 2
            && options(x, "rome").iter().all(|o| o.contains("rome-light"))
    });
    let p = Romans.pending(&x);
    assert_eq!(p.sides, ["rome"]);
    assert_eq!(p.rule, "Romans [11.2] errata, AMB-03");
    let opts = options(&x, "rome");
    assert_eq!(opts.len(), 2, "{opts:?} {}", texts(&ev));
    assert!(opts.iter().all(|o| o.contains("rome-light")), "{opts:?}");
    let pick = opts
        .iter()
        .find(|o| o.contains("rome-light-2 −2"))
        .expect("both steps of the second Light offered")
        .clone();
    let ev = decide(&mut x, &format!("\"{pick}\""), 30).unwrap();
    let t = texts(&ev);
    assert!(
        t.contains(&format!(
            "Rome loses {pick} (as its owner chose in person, AMB-03)"
        )),
        "{t}"
    );
    assert!(!x.squadrons.contains_key("rome-light-2"), "{t}");
}

#[test]
fn romans_11_13_a_fleet_retreat_port_chosen_in_person() {
    // The Roman Heavies at Apollonia (4719) with the legate retreat before Heracleidas, Rome
    // choosing the port in person among the friendly ports within reach ([11.13]).
    let mut s = smw();
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Oricus")
        .map(|(k, _)| k.clone())
        .unwrap();
    s.cities.get_mut(&k).unwrap().control = Some("macedon".into());
    s.built_bases.insert(k, "macedon".into());
    for (id, hex) in [
        ("heracleidas", "4620"),
        ("macedon-heavy-1", "4620"),
        ("rome-heavy-1", "4719"),
        ("rome-heavy-2", "4719"),
    ] {
        s.squadrons
            .get_mut(id)
            .map(|q| q.at.hex = hex.into())
            .unwrap_or_else(|| place(&mut s, id, hex));
    }
    place(&mut s, "legate-1", "4719");
    to_macedon(&mut s);
    let rome = standing(
        "rome",
        "fleet_when_attacked: {legate-1: retreat}\nretreat_path: {legate-1: ask}",
    );
    let o =
        "moves: [{commander: heracleidas, with: [macedon-heavy-1], path: [\"4619\", \"4719\"]}]";
    submit_with(&mut s, o, &rome, &mut stream(2)).unwrap();
    let p = Romans.pending(&s);
    assert_eq!(p.kind, PendingKind::Decision, "{}", p.prompt);
    assert_eq!(p.rule, "Romans [11.13]");
    let opts = options(&s, "rome");
    assert!(opts.len() > 1, "{opts:?}");
    let pick = opts.last().unwrap().clone();
    let ev = decide(&mut s, &format!("\"{pick}\""), 3).unwrap();
    let t = texts(&ev);
    let l = lines(&ev, "Romans [11.13]");
    assert!(
        l.iter()
            .any(|l| l.contains("Retreats Before Combat") && l.contains(&format!("→ {pick} ("))),
        "{t}"
    );
    assert!(
        !t.contains("to the nearest friendly port (no standing"),
        "{t}"
    );
}
