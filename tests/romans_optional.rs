//! The Romans' optional rules offered by `legatus new --option`: Variable Morale ([9.7],
//! `variable-morale`), off by default, its draws from the dice stream once battle is joined —
//! driven through `Romans::apply`.

#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use common::*;
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::Romans;
use legatus::ruleset::Ruleset;
use support::*;

fn legion_at_5120() -> (State, String) {
    let mut s = smw();
    place(&mut s, "legion-III", "5120");
    place(&mut s, "tribune-III-1", "5120");
    to_macedon(&mut s);
    let o = format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [\"5019\", \"5120\"]}}]",
        units_at(&s, "4919", "macedon").join(", ")
    );
    (s, o)
}

#[test]
fn romans_9_7_variable_morale_draws_each_sides_chits_once_battle_is_joined() {
    let (mut s, o) = legion_at_5120();
    s.options.push("variable-morale".into());
    let mut x = s.clone();
    let ev = submit_with(&mut x, &o, &Default::default(), &mut stream(3)).unwrap();
    let t = texts(&ev);
    let l = lines(&ev, "Romans [9.7]");
    assert_eq!(l.len(), 2, "{t}");
    // The Aggressor (Macedon) draws first, then Rome; a number 1-6 with its sign.
    assert!(l[0].starts_with("Variable Morale: Macedon draws "), "{t}");
    assert!(l[1].starts_with("Variable Morale: Rome draws "), "{t}");
    for line in &l {
        let n: u32 = line
            .split("draws ")
            .nth(1)
            .unwrap()
            .trim_start_matches(['+', '−'])
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=6).contains(&n), "{line}");
    }
    // After the Morale Levels are set, before the first exchange.
    let pos = |rule: &str| ev.iter().position(|e| e.rule == rule).unwrap();
    assert!(pos("Romans [9.61]–[9.65]") < pos("Romans [9.7]"), "{t}");
    assert!(pos("Romans [9.7]") < pos("Romans [9.42], [9.43]"), "{t}");
}

#[test]
fn romans_9_7_variable_morale_is_off_by_default_and_offered_as_an_option() {
    let (s, o) = legion_at_5120();
    let mut x = s.clone();
    let ev = submit_with(&mut x, &o, &Default::default(), &mut stream(3)).unwrap();
    assert!(lines(&ev, "Romans [9.7]").is_empty(), "{}", texts(&ev));
    assert!(!x.combat.battles.is_empty());
    assert!(Romans.options().iter().any(|o| o.name == "variable-morale"));
}

/// Legion III and its tribune at 5120 in a game with `roman-encampment` (and `more` options),
/// Rome to move; Macedon's attack from Antipatreia (4919) through 5019.
fn camp_game(more: &[&str]) -> (State, String) {
    let mut s = smw();
    s.options.push("roman-encampment".into());
    s.options.extend(more.iter().map(|o| o.to_string()));
    place(&mut s, "legion-III", "5120");
    place(&mut s, "tribune-III-1", "5120");
    let attack = format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [\"5019\", \"5120\"]}}]",
        units_at(&s, "4919", "macedon").join(", ")
    );
    (s, attack)
}

/// Rome's Campaign Phase: Legion III pitches camp where it stands.
fn pitch_camp(s: &mut State) -> Vec<legatus::ruleset::Event> {
    submit(
        s,
        orders("{moves: [], encamp: [tribune-III-1]}"),
        &mut dice(0),
    )
    .unwrap()
}

#[test]
fn romans_9_8_an_encamped_legion_counts_its_ssp_double_when_attacked() {
    let (mut s, attack) = camp_game(&[]);
    let ev = pitch_camp(&mut s);
    let l = lines(&ev, "Romans [9.8]");
    assert_eq!(
        l,
        vec![
            "the Roman Force of untried tribune of Legion III (tribune-III-1) at 5120 (22 SSP) pitches camp: until Rome's next Campaign Phase it may not retreat if attacked, and its SSP count double"
        ],
        "{}",
        texts(&ev)
    );
    assert_eq!(
        s.encamped.get("romans:5120").map(String::as_str),
        Some("tribune-III-1")
    );
    let macedon = ssp_of_force(&s, "4919");
    // The same attack on the camp and on the legion out of camp: only the odds differ.
    let mut open = s.clone();
    open.encamped.clear();
    let ev = submit_with(&mut s, &attack, &Default::default(), &mut stream(3)).unwrap();
    let t = texts(&ev);
    assert_eq!(
        lines(&ev, "Romans [9.8]"),
        vec!["Rome fights from its camp: its 22 SSP count 44 for the odds".to_string()],
        "{t}"
    );
    let first = |ev: &[legatus::ruleset::Event]| {
        lines(ev, "Romans [9.42], [9.43]")
            .first()
            .cloned()
            .unwrap_or_default()
    };
    let camp_odds = first(&ev);
    let open_ev = submit_with(&mut open, &attack, &Default::default(), &mut stream(3)).unwrap();
    let open_odds = first(&open_ev);
    // [9.8]: the odds are read with Rome's 44, not 22; the battle is a Major one either way.
    assert!(
        camp_odds.starts_with(&format!("exchange 1: Aggressor {macedon} v 44 at ")),
        "{t}"
    );
    assert!(
        camp_odds.contains(&format!("; Resister 44 v {macedon} at ")),
        "{t}"
    );
    assert!(
        open_odds.starts_with(&format!("exchange 1: Aggressor {macedon} v 22 at ")),
        "{open_odds}"
    );
    assert!(lines(&open_ev, "Romans [9.8]").is_empty());
}

fn ssp_of_force(s: &State, hex: &str) -> u32 {
    s.units
        .values()
        .filter(|u| u.at.hex == hex && u.side == "macedon")
        .map(|u| u.ssp)
        .sum()
}

#[test]
fn romans_9_8_an_encamped_force_may_not_retreat_before_combat() {
    let (mut s, attack) = camp_game(&[]);
    pitch_camp(&mut s);
    let rome = standing("rome", "when_attacked: {any: retreat}");
    let ev = submit_with(&mut s, &attack, &rome, &mut stream(3)).unwrap();
    let t = texts(&ev);
    assert!(
        lines(&ev, "Romans [9.8]").contains(
            &"the Roman Force encamped at 5120 may not Retreat Before Combat: it stands and fights"
                .to_string()
        ),
        "{t}"
    );
    assert!(lines(&ev, "Romans [10.11]").is_empty(), "{t}");
    assert!(t.contains("Major Land Battle at 5120"), "{t}");
}

#[test]
fn romans_9_8_an_encamped_force_may_not_retreat_during_combat() {
    let (mut s, attack) = camp_game(&[]);
    pitch_camp(&mut s);
    let rome = standing("rome", "retreat_during_combat: {any: {at_once: true}}");
    // Out of camp the order takes the legion away before the first exchange ([10.22]).
    let mut open = s.clone();
    open.encamped.clear();
    let ev = submit_with(&mut open, &attack, &rome, &mut stream(3)).unwrap();
    assert!(
        lines(&ev, "Romans [9.42], [9.43]").is_empty(),
        "{}",
        texts(&ev)
    );
    let ev = submit_with(&mut s, &attack, &rome, &mut stream(3)).unwrap();
    let t = texts(&ev);
    assert_eq!(
        lines(&ev, "Romans [9.8]")
            .iter()
            .filter(|l| l.contains("may not Retreat During Combat"))
            .count(),
        1,
        "{t}"
    );
    assert!(!lines(&ev, "Romans [9.42], [9.43]").is_empty(), "{t}");
}

#[test]
fn romans_9_8_a_camp_is_attacked_on_the_strategic_crt_even_with_tactical_battles() {
    let (mut s, attack) = camp_game(&["tactical-battles"]);
    pitch_camp(&mut s);
    let ev = submit_with(&mut s, &attack, &Default::default(), &mut stream(3)).unwrap();
    let t = texts(&ev);
    assert!(
        lines(&ev, "Romans [9.8]").contains(&"a Roman camp is attacked at 5120: the battle is fought on the Strategic CRT, never on the Tactical display".to_string()),
        "{t}"
    );
    assert!(!lines(&ev, "Romans [9.42], [9.43]").is_empty(), "{t}");
}

#[test]
fn romans_9_8_a_camp_needs_a_force_of_legion_size() {
    let (mut s, _) = camp_game(&[]);
    s.units.get_mut("legion-III").unwrap().ssp = 20;
    let why = refused(
        submit(
            &mut s,
            orders("{moves: [], encamp: [tribune-III-1]}"),
            &mut dice(0),
        ),
        "Romans [9.8]",
    );
    assert_eq!(
        why,
        "the Force of tribune-III-1 at 5120 is 20 SSP: a camp needs a Force of legion size, 22 SSP or more"
    );
}

#[test]
fn romans_9_8_a_camp_needs_a_march_held_to_10_mp() {
    let (mut s, _) = camp_game(&[]);
    let long = "{moves: [{commander: tribune-III-1, with: [legion-III], path: [\"5121\", \"5122\", \"5123\", \"5124\", \"5125\", \"5126\"]}], encamp: [tribune-III-1]}";
    let why = refused(submit(&mut s, orders(long), &mut dice(0)), "Romans [9.8]");
    assert!(why.starts_with("the Force at 5126 was moved "), "{why}");
    assert!(
        why.ends_with(" MP this phase by tribune-III-1: a camp needs a march held to 10 MP"),
        "{why}"
    );
    let mp: u32 = why
        .trim_start_matches("the Force at 5126 was moved ")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(mp > 10, "{why}");
    // One hex is a short march: the camp is pitched at its end.
    let short = "{moves: [{commander: tribune-III-1, with: [legion-III], path: [\"5121\"]}], encamp: [tribune-III-1]}";
    submit(&mut s, orders(short), &mut dice(0)).unwrap();
    assert_eq!(
        s.encamped.get("romans:5121").map(String::as_str),
        Some("tribune-III-1")
    );
}

#[test]
fn romans_9_8_encampment_is_an_option_and_rome_s_alone() {
    let mut s = smw();
    place(&mut s, "legion-III", "5120");
    place(&mut s, "tribune-III-1", "5120");
    let why = refused(
        submit(
            &mut s,
            orders("{moves: [], encamp: [tribune-III-1]}"),
            &mut dice(0),
        ),
        "Romans [9.8]",
    );
    assert!(why.contains("`--option roman-encampment`"), "{why}");
    assert!(Romans
        .options()
        .iter()
        .any(|o| o.name == "roman-encampment"));
    assert!(!Romans.template(&s, "rome").contains("encamp:"));
    let (mut s, _) = camp_game(&[]);
    let t = Romans.template(&s, "rome");
    assert!(
        t.contains("  #   of legion size now: field-consul (24 SSP at 4319), "),
        "{t}"
    );
    assert!(t.contains(", tribune-III-1 (22 SSP at 5120)\n"), "{t}");
    assert!(t.contains("\n  encamp: []\n"), "{t}");
    to_macedon(&mut s);
    let why = refused(
        submit(
            &mut s,
            orders("{moves: [], encamp: [athenagorus]}"),
            &mut dice(0),
        ),
        "Romans [9.8]",
    );
    assert_eq!(why, "only the Roman Player pitches camp, not Macedon");
}

#[test]
fn romans_9_8_the_camp_is_struck_when_rome_s_next_campaign_phase_begins() {
    let (mut s, _) = camp_game(&[]);
    pitch_camp(&mut s);
    to_macedon(&mut s);
    assert_eq!(
        s.encamped.len(),
        1,
        "the camp stands through Macedon's Campaign Phase"
    );
    submit(&mut s, orders("moves: []"), &mut dice(0)).unwrap();
    assert!(s.encamped.is_empty());
}
