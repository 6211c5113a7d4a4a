//! The Romans: the rules built last (issue 15's tail): the supply talents of an interception
//! ([14.21]) and of an attack beyond the radius ([14.23]), and the rest of the list in
//! docs/coverage/romans.md, each driven through `Romans::apply`.

#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use common::*;
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::supply::in_supply;
use support::*;

fn beyond_supply(s: &State, side: &str, hex: &str, units: &[&str]) -> bool {
    let map = s.map("romans").unwrap();
    let nations = units.iter().map(|u| s.units[*u].nation.clone()).collect();
    !in_supply(
        s,
        side,
        &map,
        legatus::geo::Hex::parse(hex).unwrap(),
        &nations,
    )
}

/// Legion I, II and III with the field consul at 5628, beyond any Roman base (Greece).
fn rome_in_greece() -> State {
    let mut s = smw();
    for id in ["legion-I", "legion-II", "legion-III", "field-consul"] {
        place(&mut s, id, "5628");
    }
    s
}

/// Athenagorus's Force (14 SSP) moved next to the Romans, at 5627.
fn macedonians_at_5627(s: &mut State) {
    for u in units_at(s, "4919", "macedon") {
        place(s, &u, "5627");
    }
    place(s, "athenagorus", "5627");
}

const ATTACK_5627: &str =
    "moves: [{commander: field-consul, with: [legion-I, legion-II, legion-III], path: [\"5627\"]}]";

#[test]
fn romans_14_23_moving_out_of_the_radius_and_attacking_costs_two_talents() {
    // 14.23's example: a Force that moves out of its radius and attacks pays two talents.
    let mut s = rome_in_greece();
    macedonians_at_5627(&mut s);
    assert!(beyond_supply(&s, "rome", "5627", &["legion-I"]));
    let mac = standing("macedon", "when_attacked: {any: stand}");
    let ev = submit_with(&mut s, ATTACK_5627, &mac, &mut stream(1)).unwrap();
    let t = texts(&ev);
    assert!(t.contains("[Romans [14.21]]"), "{t}");
    assert!(
        t.contains("[Romans [14.23]] untried field-consul's Force attacks at 5627 beyond its supply radius: Rome pays 1 talent"),
        "{t}"
    );
    assert!(t.contains("Major Land Battle at 5627"), "{t}");
    assert_eq!(s.talents("rome"), 23, "25 - 1 (14.21) - 1 (14.23)");
}

#[test]
fn romans_14_23_no_talent_for_a_defender_nor_when_the_enemy_retreats_before_combat() {
    // The defender beyond its radius pays nothing; a Retreat Before Combat means no battle.
    let mut s = rome_in_greece();
    macedonians_at_5627(&mut s);
    let mac = standing("macedon", "when_attacked: {any: retreat}");
    let ev = submit_with(&mut s, ATTACK_5627, &mac, &mut stream(1)).unwrap();
    let t = texts(&ev);
    assert!(t.contains("Retreats Before Combat"), "{t}");
    assert!(!t.contains("[Romans [14.23]]"), "{t}");
    assert_eq!(s.talents("rome"), 24, "only the 14.21 talent");
}

#[test]
fn romans_14_23_an_empty_treasury_attacks_unpaid_ruling_r135() {
    // The 14.21 talent takes Rome's last; the attack is still fought, unpaid.
    let mut s = rome_in_greece();
    macedonians_at_5627(&mut s);
    s.treasury.insert("rome".into(), 1);
    let mac = standing("macedon", "when_attacked: {any: stand}");
    let ev = submit_with(&mut s, ATTACK_5627, &mac, &mut stream(1)).unwrap();
    let t = texts(&ev);
    assert!(
        t.contains("Rome has no talent to pay (ruling R-135)"),
        "{t}"
    );
    assert!(t.contains("Major Land Battle at 5627"), "{t}");
    assert_eq!(s.talents("rome"), 0);
}

/// Legion III and its tribune at 5123 on Rome's side; Athenagorus marches 5019 → 5120 (the
/// 6.24 example), Macedon's Campaign Phase.
fn interception_at_5120() -> (State, String) {
    let mut s = smw();
    place(&mut s, "legion-III", "5123");
    place(&mut s, "tribune-III-1", "5123");
    to_macedon(&mut s);
    let o = format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [\"5019\", \"5120\"]}}]",
        units_at(&s, "4919", "macedon").join(", ")
    );
    (s, o)
}

#[test]
fn romans_14_21_an_interception_move_beyond_the_radius_costs_the_talent() {
    let (s, o) = interception_at_5120();
    assert!(beyond_supply(&s, "rome", "5120", &["legion-III"]));
    let rome = standing("rome", "intercept: {any: {zones: [1, 2, 3, 4]}}");
    let (after, ev, _) = search(&s, &o, &rome, |_, ev| {
        texts(ev).contains("moves from 5123 to 5120 at no cost")
    });
    let t = texts(&ev);
    assert!(
        t.contains("[Romans [14.21]] untried tribune of Legion III's interception takes its Force beyond its supply radius at 5120: Rome pays 1 talent"),
        "{t}"
    );
    // The interceptor attacks (6.42) beyond its radius: the 14.23 talent as well.
    assert!(t.contains("[Romans [14.23]]"), "{t}");
    assert_eq!(
        after.talents("rome"),
        s.talents("rome") - 2,
        "14.21 and 14.23: {t}"
    );
}

#[test]
fn romans_14_21_no_talent_no_interception_beyond_the_radius() {
    let (mut s, o) = interception_at_5120();
    s.treasury.insert("rome".into(), 0);
    let rome = standing("rome", "intercept: {any: {zones: [1, 2, 3, 4]}}");
    for n in 0..10 {
        let mut x = s.clone();
        let ev = submit_with(&mut x, &o, &rome, &mut stream(n)).unwrap();
        assert!(
            lines(&ev, "Romans [6.22], [6.3]").is_empty(),
            "{}",
            texts(&ev)
        );
        assert_eq!(x.commanders["athenagorus"].at.hex, "5120");
    }
}
