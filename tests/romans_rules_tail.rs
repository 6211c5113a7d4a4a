//! The Romans: the rules built last (issue 15's tail): the supply talents of an interception
//! ([14.21]) and of an attack beyond the radius ([14.23]), and the rest of the list in
//! docs/coverage/romans.md, each driven through `Romans::apply`.

#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use std::collections::BTreeMap;

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

// ------------------------------------------------- the Macedonians map in the Syrian War (20.21)

fn syrian_war() -> State {
    use legatus::ruleset::Ruleset;
    let r = legatus::games::conquerors::romans::Romans;
    let data = r.load_scenario("syrian-war", &[]).unwrap();
    let mut s = r.setup("syrian-war", &data, &[]).unwrap();
    // Rome's Campaign Phase passes: Syria's comes.
    submit_with(&mut s, "moves: []", &BTreeMap::new(), &mut stream(1)).unwrap();
    s
}

/// Puts a counter at `hex` of the Macedonians map, outside any city.
fn place_m(s: &mut State, id: &str, hex: &str) {
    place(s, id, hex);
    if let Some(u) = s.units.get_mut(id) {
        u.at.map = "macedonians".into();
    } else if let Some(c) = s.commanders.get_mut(id) {
        c.at.map = "macedonians".into();
    }
}

/// Xeno and two units of Antioch's garrison at `hex` (Macedonians map).
fn xeno_at(s: &mut State, hex: &str) -> String {
    let mut units: Vec<String> = s
        .units
        .iter()
        .filter(|(_, u)| u.side == "syria" && u.at.map == "macedonians" && u.at.hex == "3317")
        .map(|(k, _)| k.clone())
        .collect();
    units.truncate(2);
    for u in &units {
        place_m(s, u, hex);
    }
    place_m(s, "xeno", hex);
    units.join(", ")
}

fn moves(line: &str, with: &str, path: &[&str], extra: &str) -> String {
    let p: Vec<String> = path.iter().map(|h| format!("\"{h}\"")).collect();
    format!(
        "moves: [{{commander: {line}, with: [{with}], path: [{}]{extra}}}]",
        p.join(", ")
    )
}

#[test]
fn romans_20_21_the_royal_persian_highway_costs_half_a_point_a_hex() {
    // Macedonians 5.41: 3316 (rough) from Antioch off the highway, 3 MP; then 3416, 3517, 3616
    // and 3717 along it, half a point each: 5 MP. Without the highway 3 + 1 + 2 + 2 + 2 = 10.
    let mut s = syrian_war();
    let with = xeno_at(&mut s, "3317");
    let path = ["3316", "3416", "3517", "3616", "3717"];
    let mut t = s.clone();
    let ev = submit_with(
        &mut t,
        &moves("xeno", &with, &path, ""),
        &BTreeMap::new(),
        &mut stream(1),
    )
    .unwrap();
    let x = texts(&ev);
    assert!(x.contains("→ 3717 (5 MP of 20 MP)"), "{x}");
    let ev = submit_with(
        &mut s,
        &moves("xeno", &with, &path, ", royal_road: false"),
        &BTreeMap::new(),
        &mut stream(1),
    )
    .unwrap();
    let x = texts(&ev);
    assert!(x.contains("→ 3717 (10 MP of 20 MP)"), "{x}");
}

#[test]
fn romans_20_21_the_cilician_gates_cost_six_movement_points() {
    // Macedonians 5.51: entering 2912 costs 6 MP whatever the road.
    let mut s = syrian_war();
    let with = xeno_at(&mut s, "2913");
    let ev = submit_with(
        &mut s,
        &moves("xeno", &with, &["2912"], ""),
        &BTreeMap::new(),
        &mut stream(1),
    )
    .unwrap();
    let x = texts(&ev);
    assert!(x.contains("2913 → 2912 (6 MP of 20 MP)"), "{x}");
}

#[test]
fn romans_20_21_a_force_that_used_the_highway_may_not_attack() {
    // Macedonians 5.42: along the highway 3416 → 3517, then into the Romans at 3616: refused;
    // paying the terrain instead the attack may be made.
    let mut s = syrian_war();
    let with = xeno_at(&mut s, "3416");
    for id in ["legion-I", "consul-1"] {
        if s.units.contains_key(id) || s.commanders.contains_key(id) {
            place_m(&mut s, id, "3616");
        }
    }
    let rome_there = s
        .units
        .values()
        .any(|u| u.side == "rome" && u.at.map == "macedonians" && u.at.hex == "3616");
    assert!(rome_there, "a Roman unit at 3616");
    let o = moves("xeno", &with, &["3517", "3616"], "");
    let why = refused(
        submit_with(&mut s.clone(), &o, &BTreeMap::new(), &mut stream(1)),
        "Macedonians [5.42], Romans [20.21]",
    );
    assert!(why.contains("Royal Persian Highway"), "{why}");
    let o = moves("xeno", &with, &["3517", "3616"], ", royal_road: false");
    submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(1)).unwrap();
}

#[test]
fn romans_20_21_marsh_is_entered_at_two_mp_but_never_when_the_enemy_holds_it() {
    // Macedonians 5.34: 2133 (marsh) behind Pelusium.
    let mut s = syrian_war();
    let map = s.map("macedonians").unwrap();
    let marsh = legatus::geo::Hex::parse("2133").unwrap();
    let from = marsh
        .neighbours(map.convention)
        .into_iter()
        .find(|n| {
            map.hex(*n)
                .is_some_and(|e| e.terrain == legatus::geo::Terrain::Clear)
        })
        .expect("a clear hex next to the marsh")
        .to_string();
    let with = xeno_at(&mut s, &from);
    let o = moves("xeno", &with, &["2133"], "");
    let mut t = s.clone();
    let ev = submit_with(&mut t, &o, &BTreeMap::new(), &mut stream(1)).unwrap();
    assert!(
        texts(&ev).contains("→ 2133 (2 MP of 20 MP)"),
        "{}",
        texts(&ev)
    );
    let legion = s
        .units
        .keys()
        .find(|k| k.starts_with("legion-"))
        .unwrap()
        .clone();
    place_m(&mut s, &legion, "2133");
    refused(
        submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(1)),
        "Macedonians [5.34], Romans [20.21]",
    );
}

#[test]
fn romans_20_29_supply_along_the_royal_persian_highway_until_an_enemy_force_stands_on_it() {
    // The follow-up's Syrian War note: for a Force on the highway its hexes count nothing to
    // the radius, while no enemy Force of more than 5 SSP stands on it. Xeno goes 5525 → 5625,
    // on the highway and far from any Syrian base: in supply; with a legion at 6121 (the
    // highway's end) the highway no longer counts and the move pays the 14.21 talent.
    let mut s = syrian_war();
    let with = xeno_at(&mut s, "5525");
    let o = moves("xeno", &with, &["5625"], "");
    let mut t = s.clone();
    let ev = submit_with(&mut t, &o, &BTreeMap::new(), &mut stream(1)).unwrap();
    assert!(
        !texts(&ev).contains("goes beyond its supply radius"),
        "{}",
        texts(&ev)
    );
    let legion = s
        .units
        .keys()
        .find(|k| k.starts_with("legion-"))
        .unwrap()
        .clone();
    place_m(&mut s, &legion, "6121");
    let ev = submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(1)).unwrap();
    assert!(
        texts(&ev).contains("goes beyond its supply radius at 5625: Syria pays 1 talent"),
        "{}",
        texts(&ev)
    );
}
