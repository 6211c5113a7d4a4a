//! The Romans: decisions inside the opponent's Campaign Phase taken in person (issue 15): a
//! standing order `ask` stops the phasing player's resolution at the decision ([6.2], [10.1],
//! [5.72], [7.34], [10.2]), `pending` names the side that decides, `template` lists the legal
//! answers, and his `decision:` resumes the phase — all through `Romans::apply`.

#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use std::collections::BTreeMap;

use common::*;
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::Romans;
use legatus::ruleset::{PendingKind, RuleError, Ruleset};
use support::*;

fn legion_at(s: &mut State, hex: &str) {
    place(s, "legion-III", hex);
    place(s, "tribune-III-1", hex);
}

fn athenagorus_to(s: &State, path: &str) -> String {
    format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [{path}]}}]",
        units_at(s, "4919", "macedon").join(", ")
    )
}

/// The deciding side's entry: `decision: ANSWER` (no standing orders needed: the phase keeps
/// those it began with).
fn decide(s: &mut State, answer: &str, n: u32) -> Result<Vec<legatus::ruleset::Event>, RuleError> {
    submit_with(
        s,
        &format!("decision: {answer}"),
        &BTreeMap::new(),
        &mut stream(n),
    )
}

fn state_json(s: &State) -> String {
    serde_json::to_string(s).unwrap()
}

#[test]
fn romans_6_2_intercept_asked_hex_by_hex() {
    // Legion III at 5123 asks; Athenagorus enters 5019 (Zone-4) then 5120 (Zone-3): Rome is
    // asked at each hex, passes at the first and intercepts at the second.
    let mut s = smw();
    legion_at(&mut s, "5123");
    to_macedon(&mut s);
    let rome = standing("rome", "intercept: {tribune-III-1: ask}");
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let ev = submit_with(&mut s, &o, &rome, &mut stream(1)).unwrap();
    let p = Romans.pending(&s);
    assert_eq!(p.kind, PendingKind::Decision);
    assert_eq!(p.sides, ["rome"]);
    assert_eq!(p.rule, "Romans [6.2], [6.55]");
    assert!(p.prompt.contains("enters 5019, Zone-4"), "{}", p.prompt);
    assert!(p.prompt.contains("moves[0]"), "{}", p.prompt);
    assert!(
        texts(&ev).contains("stops for Rome's decision in person"),
        "{}",
        texts(&ev)
    );
    // The template offers exactly the two answers.
    let t = Romans.template(&s, "rome");
    assert!(
        t.contains("#   decision: pass\n  #   decision: intercept\n"),
        "{t}"
    );
    assert_eq!(t.matches("decision:").count(), 3, "{t}");
    assert!(Romans
        .template(&s, "macedon")
        .contains("waits for Rome's decision"));
    // Macedon may not answer, nor Rome with something else.
    let why = refused(decide(&mut s.clone(), "charge", 2), "Romans [6.2], [6.55]");
    assert!(why.contains("pass, intercept"), "{why}");
    // Pass at 5019: asked again at 5120.
    let ev = decide(&mut s, "pass", 2).unwrap();
    assert!(
        texts(&ev).contains("Rome decides in person"),
        "{}",
        texts(&ev)
    );
    let p = Romans.pending(&s);
    assert_eq!(p.kind, PendingKind::Decision);
    assert!(p.prompt.contains("enters 5120, Zone-3"), "{}", p.prompt);
    assert!(p.step.ends_with("decision-2-intercept"), "{}", p.step);
    // Intercept at 5120: the roll comes from this entry's dice.
    let mut seen = None;
    for n in 0..200 {
        let mut x = s.clone();
        let ev = decide(&mut x, "intercept", n).unwrap();
        let l = lines(&ev, "Romans [6.22], [6.3]");
        assert_eq!(l.len(), 1, "{}", texts(&ev));
        assert!(
            l[0].contains("tries to intercept at 5120, Zone-3"),
            "{}",
            l[0]
        );
        if l[0].contains("intercepted") && !l[0].contains("no interception") {
            seen = Some(x);
            break;
        }
    }
    let x = seen.expect("some roll intercepts at Zone-3");
    assert!(x.paused.is_none());
    assert_eq!(
        x.combat.battles[0].aggressor, "rome",
        "the interceptor attacks (6.42)"
    );
    assert_eq!(Romans.pending(&x).kind, PendingKind::Orders);
}

#[test]
fn romans_6_2_without_ask_the_phase_resolves_as_before_in_one_entry() {
    // The same move with the zones ordered in advance: no pause, the dice of romans_combat's
    // 6.24 example.
    let mut s = smw();
    legion_at(&mut s, "5123");
    to_macedon(&mut s);
    let rome = standing("rome", "intercept: {any: {zones: [3, 4]}}");
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    submit_with(&mut s, &o, &rome, &mut stream(1)).unwrap();
    assert!(s.paused.is_none());
    assert!(!state_json(&s).contains("paused"));
    assert_eq!(Romans.pending(&s).kind, PendingKind::Orders);
}

#[test]
fn romans_6_2_the_resumed_phase_repeats_itself_exactly() {
    // Replay: the same entries give the same state, and the rolls before the pause are read
    // again, not drawn anew (the events up to the pause are not reported twice).
    let run = || {
        let mut s = smw();
        legion_at(&mut s, "5123");
        to_macedon(&mut s);
        let rome = standing("rome", "intercept: {any: ask}");
        let o = athenagorus_to(&s, "\"5019\", \"5120\"");
        let first = submit_with(&mut s, &o, &rome, &mut stream(5)).unwrap();
        let a = decide(&mut s, "intercept", 6).unwrap();
        (s, first, a)
    };
    let (s1, first, a) = run();
    let (s2, _, b) = run();
    assert_eq!(state_json(&s1), state_json(&s2));
    assert_eq!(a, b);
    // The roll at 5019 was drawn by the resuming entry (the first drew none).
    assert!(lines(&first, "Romans [6.22], [6.3]").is_empty());
    assert_eq!(
        lines(&a, "Romans [6.22], [6.3]").len().min(1),
        1,
        "{}",
        texts(&a)
    );
}

#[test]
fn romans_10_1_retreat_before_combat_decided_in_person() {
    // Legion III at 5120, attacked by Athenagorus: Rome asks, and is offered stand or retreat
    // (no city of his at 5120), then retreats.
    let mut s = smw();
    legion_at(&mut s, "5120");
    to_macedon(&mut s);
    let rome = standing("rome", "when_attacked: {any: ask}");
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    submit_with(&mut s, &o, &rome, &mut stream(9)).unwrap();
    let p = Romans.pending(&s);
    assert_eq!(p.kind, PendingKind::Decision);
    assert_eq!(p.sides, ["rome"]);
    assert_eq!(p.rule, "Romans [10.1], [7.34]");
    let t = Romans.template(&s, "rome");
    assert!(
        t.contains("#   decision: stand\n  #   decision: retreat\n"),
        "{t}"
    );
    assert!(!t.contains("into_city"), "no city of Rome's at 5120: {t}");
    let why = refused(
        decide(&mut s.clone(), "into_city", 10),
        "Romans [10.1], [7.34]",
    );
    assert!(why.contains("stand, retreat"), "{why}");
    let ev = decide(&mut s, "retreat", 10).unwrap();
    let t = texts(&ev);
    assert!(t.contains("Retreats Before Combat 5120 →"), "{t}");
    assert!(s.combat.battles.is_empty());
    assert_ne!(s.units["legion-III"].at.hex, "5120");
    assert!(s.paused.is_none());
    assert_eq!(Romans.pending(&s).kind, PendingKind::Orders);
}

#[test]
fn romans_10_1_stand_decided_in_person_fights_the_battle() {
    let mut s = smw();
    legion_at(&mut s, "5120");
    to_macedon(&mut s);
    let rome = standing("rome", "when_attacked: {tribune-III-1: ask}");
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    submit_with(&mut s, &o, &rome, &mut stream(9)).unwrap();
    let ev = decide(&mut s, "stand", 10).unwrap();
    assert!(
        texts(&ev).contains("Major Land Battle at 5120"),
        "{}",
        texts(&ev)
    );
    assert_eq!(s.combat.battles.len(), 1);
}

#[test]
fn romans_5_72_overrun_threat_asks_into_the_city_or_stand() {
    // At Antipatreia (4919, class D, Macedon's) one unit inside, one outside; Legion III (22
    // SSP) comes: Macedon asked in person is offered only into_city or stand ([5.72]: no
    // Retreat Before Combat under the threat of an Overrun).
    let mut s = smw();
    legion_at(&mut s, "5019");
    let mut here = units_at(&s, "4919", "macedon");
    let keep: Vec<String> = here.drain(..2).collect();
    for u in here {
        s.units.remove(&u);
    }
    s.units.get_mut(&keep[0]).unwrap().at.inside = true;
    s.units.get_mut(&keep[1]).unwrap().at.inside = false;
    let mac = standing("macedon", "when_attacked: {any: ask}");
    let o = "moves: [{commander: tribune-III-1, with: [legion-III], path: [\"4919\"]}]";
    submit_with(&mut s, o, &mac, &mut stream(8)).unwrap();
    let p = Romans.pending(&s);
    assert_eq!(p.sides, ["macedon"], "{}", p.prompt);
    assert_eq!(p.rule, "Romans [5.72]");
    let t = Romans.template(&s, "macedon");
    assert!(
        t.contains("#   decision: into_city\n  #   decision: stand\n"),
        "{t}"
    );
    assert!(
        !t.contains("decision: retreat"),
        "no Retreat Before Combat under an Overrun: {t}"
    );
    let ev = decide(&mut s, "into_city", 4).unwrap();
    assert!(
        texts(&ev).contains("goes inside the city"),
        "{}",
        texts(&ev)
    );
    assert!(s.units[&keep[1]].at.inside);
    assert!(s.combat.battles.is_empty());
}

#[test]
fn romans_5_72_standing_under_an_overrun_threat_is_overrun() {
    let mut s = smw();
    legion_at(&mut s, "5019");
    let mut here = units_at(&s, "4919", "macedon");
    let keep: Vec<String> = here.drain(..2).collect();
    for u in here {
        s.units.remove(&u);
    }
    s.units.get_mut(&keep[0]).unwrap().at.inside = true;
    s.units.get_mut(&keep[1]).unwrap().at.inside = false;
    let mac = standing("macedon", "when_attacked: {any: ask}");
    let o = "moves: [{commander: tribune-III-1, with: [legion-III], path: [\"4919\"]}]";
    submit_with(&mut s, o, &mac, &mut stream(8)).unwrap();
    let ev = decide(&mut s, "stand", 4).unwrap();
    assert!(texts(&ev).contains("Overrun at 4919"), "{}", texts(&ev));
    assert!(!s.units.contains_key(&keep[1]));
}

#[test]
fn romans_10_2_retreat_during_combat_asked_between_exchanges() {
    // Legion III at 5120 attacked by Athenagorus, Rome deciding in person: asked before the
    // first exchange (the Resister may leave at once, [10.22]), fights on, is asked again after
    // the exchange and retreats ([10.23]).
    let mut s = smw();
    legion_at(&mut s, "5120");
    to_macedon(&mut s);
    let rome = standing("rome", "retreat_during_combat: {any: ask}");
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    submit_with(&mut s, &o, &rome, &mut stream(11)).unwrap();
    let p = Romans.pending(&s);
    assert_eq!(p.kind, PendingKind::Decision);
    assert_eq!(p.sides, ["rome"]);
    assert_eq!(p.rule, "Romans [10.2], [10.22]");
    assert!(
        p.prompt.contains("before the first exchange"),
        "{}",
        p.prompt
    );
    let t = Romans.template(&s, "rome");
    assert!(
        t.contains("#   decision: fight_on\n  #   decision: retreat\n"),
        "{t}"
    );
    let mut found = None;
    for n in 0..200 {
        let mut x = s.clone();
        let ev = decide(&mut x, "fight_on", n).unwrap();
        assert_eq!(
            lines(&ev, "Romans [9.42], [9.43]").len(),
            1,
            "{}",
            texts(&ev)
        );
        let p = Romans.pending(&x);
        if p.kind == PendingKind::Decision && p.prompt.contains("after exchange 1") {
            found = Some(x);
            break;
        }
    }
    let mut x = found.expect("a first exchange that leaves the battle on");
    let ev = decide(&mut x, "retreat", 7).unwrap();
    assert!(
        lines(&ev, "Romans [9.42], [9.43]").is_empty(),
        "{}",
        texts(&ev)
    );
    assert_eq!(lines(&ev, "Romans [10.23]").len(), 1, "{}", texts(&ev));
    assert!(x.paused.is_none());
    assert_eq!(x.combat.battles[0].winner.as_deref(), Some("macedon"));
    assert_ne!(x.units["legion-III"].at.hex, "5120");
}

#[test]
fn romans_4_1_a_decision_is_refused_when_none_is_waited_for_and_from_the_other_side() {
    let mut s = smw();
    legion_at(&mut s, "5123");
    to_macedon(&mut s);
    // No pause: `decision:` has nothing to answer.
    let why = refused(decide(&mut s.clone(), "pass", 1), "Romans [4.1]");
    assert!(why.contains("no decision is waited for"), "{why}");
    let rome = standing("rome", "intercept: {any: ask}");
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    submit_with(&mut s, &o, &rome, &mut stream(1)).unwrap();
    // Macedon's entry while Rome decides is refused, and so are orders with the decision.
    let p = Romans.pending(&s);
    let ctx = legatus::ruleset::Context {
        standing: &BTreeMap::new(),
        options: &[],
        seq: 1,
    };
    let sub = legatus::ruleset::Submission {
        kind: p.kind,
        step: p.step.clone(),
        by: BTreeMap::from([("macedon".to_string(), orders("decision: pass"))]),
    };
    let r = Romans.apply(&mut s.clone(), &ctx, &sub, &mut stream(2));
    assert!(refused(r, "Romans [6.2], [6.55]").contains("Rome decides now"));
    let why = refused(
        submit_with(
            &mut s.clone(),
            "{decision: pass, moves: [{commander: tribune-III-1, path: [\"5124\"]}]}",
            &BTreeMap::new(),
            &mut stream(2),
        ),
        "Romans [6.2], [6.55]",
    );
    assert!(why.contains("carries only its `decision:`"), "{why}");
}

#[test]
fn romans_10_1_a_misspelt_standing_answer_is_refused_with_the_answers_it_may_be() {
    // `ask` is read beside the answers, and existing standing orders read as before.
    let bad = serde_saphyr::from_str::<legatus::games::conquerors::romans::orders::Standing>(
        "when_attacked: {any: retreet}",
    )
    .unwrap_err()
    .to_string();
    assert!(
        bad.contains("retreet") && bad.contains("into_city"),
        "{bad}"
    );
    let ok: legatus::games::conquerors::romans::orders::Standing = serde_saphyr::from_str(
        "intercept: {philip-v: {zones: [1, 2]}, any: ask}\nwhen_attacked: {any: into_city}\nretreat_during_combat: {any: {after_losses: 3}}",
    )
    .unwrap();
    assert!(ok.intercept["any"].asks());
    assert_eq!(ok.intercept["philip-v"].given().unwrap().zones, [1, 2]);
}
