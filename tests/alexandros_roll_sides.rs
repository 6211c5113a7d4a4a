//! Each strategic roll of Alexandros names the side it is for in the rules (issue 13,
//! "Evidence and audit"): the attacker's minor-combat roll, the evader's evasion, each army's
//! attrition, the Persian's event rolls, the Macedonian's surrender, mutiny and forced-march
//! rolls, the leader's own casualty rolls. `legatus audit` groups its per-side statistics by
//! it; the side is worked out again on replay and never written to the log.

#[path = "alexandros/common.rs"]
mod common;

use std::collections::BTreeMap;
use std::sync::Arc;

use common::*;
use legatus::games::alexandros::data::ProvinceType;
use legatus::games::alexandros::minor_combat;
use legatus::games::alexandros::orders::Standing;
use legatus::games::alexandros::state::{Place, State};
use legatus::games::alexandros::{battle, events, movement, siege, supply};
use legatus::protocol::dice::Dice;

/// The side each roll whose purpose starts with `purpose` was made for.
fn sides(d: &Dice, purpose: &str) -> Vec<Option<String>> {
    let found: Vec<Option<String>> = d
        .rolls()
        .iter()
        .filter(|r| r.purpose.starts_with(purpose))
        .map(|r| r.side.clone())
        .collect();
    assert!(!found.is_empty(), "no roll for {purpose}: {:?}", d.rolls());
    found
}

fn side(s: &str) -> Option<String> {
    Some(s.to_string())
}

/// Every cell of table `name` replaced by `value` (a test pack).
fn every_cell(s: &mut State, name: &str, value: &str) {
    let mut p = (*s.pack).clone();
    for row in p.tables.tables.get_mut(name).unwrap().rows.values_mut() {
        for c in row.iter_mut() {
            *c = value.to_string();
        }
    }
    s.pack = Arc::new(p);
}

/// The minor combat in Cilicia (9.1), with the Persian's standing orders `persian`.
fn cilicia_with(persian: &str) -> (State, BTreeMap<String, Standing>) {
    let st = BTreeMap::from([("persian".to_string(), standing(persian))]);
    (cilicia(), st)
}

#[test]
fn alexandros_9_4_minor_combat_roll_is_the_attackers() {
    let (mut s, st) = cilicia_with("evade_minor_combat: never");
    let mut c = minor_combat::start(&s, "Cilicia");
    let mut d = dice(1);
    let mut ev = Vec::new();
    minor_combat::run(&mut s, &mut c, &st, None, &mut d, &mut ev).unwrap();
    assert_eq!(sides(&d, "minor combat in Cilicia"), [side("macedonian")]);
}

#[test]
fn alexandros_9_2_evasion_roll_is_the_evaders() {
    // Cavalry may evade (infantry without a leader may not): to Syria, by standing order.
    let (mut s, st) = cilicia_with("{evade_minor_combat: always, retreat_to: {Cilicia: Syria}}");
    put(&mut s, &["royal-guard"], Place::Pool);
    put(&mut s, &["persian-cavalry-05"], prov("Cilicia"));
    let mut c = minor_combat::start(&s, "Cilicia");
    let mut d = dice(1);
    let mut ev = Vec::new();
    minor_combat::run(&mut s, &mut c, &st, None, &mut d, &mut ev).unwrap();
    assert_eq!(
        sides(&d, "evasion from minor combat in Cilicia"),
        [side("persian")]
    );
}

#[test]
fn alexandros_7_4_each_army_rolls_its_own_attrition_and_7_7_contested_depletion_is_neithers() {
    // Ionia holds both armies (the Granicus ended at nightfall).
    let mut s = summer_334();
    s.depleted.insert("Ionia".into());
    let mut d = dice(3);
    supply::supply_phase(&mut s, &no_standing(), &mut d, &mut Vec::new()).unwrap();
    assert_eq!(
        sides(&d, "attrition of the macedonian army in Ionia"),
        [side("macedonian")]
    );
    assert_eq!(
        sides(&d, "attrition of the persian army in Ionia"),
        [side("persian")]
    );
    // Not yet depleted: one depletion roll for a province that supplies both armies (7.7).
    let mut s = summer_334();
    let mut d = dice(3);
    supply::supply_phase(&mut s, &no_standing(), &mut d, &mut Vec::new()).unwrap();
    assert_eq!(sides(&d, "depletion of Ionia"), [None]);
    // A province supplying one army: its depletion roll is that army's side's (7.2).
    let mut s = summer_334();
    put(
        &mut s,
        &["Parmenio", "phalanx-1", "phalanx-2", "agrianians"],
        prov("Phrygia"),
    );
    legatus::games::alexandros::control::update(&mut s);
    let mut d = dice(3);
    supply::supply_phase(&mut s, &no_standing(), &mut d, &mut Vec::new()).unwrap();
    assert_eq!(sides(&d, "depletion of Phrygia"), [side("macedonian")]);
}

#[test]
fn alexandros_14_3_barbarian_raid_rolls_are_the_persians() {
    let mut s = summer_334();
    let mut d = dice(2);
    events::raid(&mut s, &mut d, &mut Vec::new()).unwrap();
    assert_eq!(sides(&d, "barbarian raid location"), [side("persian")]);
    assert_eq!(sides(&d, "barbarian raid size"), [side("persian")]);
}

#[test]
fn alexandros_17_3_death_and_17_4_mutiny_and_treachery_rolls_are_the_macedonians() {
    let mut s = summer_334();
    let mut d = dice(1);
    events::death_of_alexander(&mut s, &mut d, &mut Vec::new()).unwrap();
    assert_eq!(sides(&d, "death of Alexander"), [side("macedonian")]);

    let mut s = summer_334();
    every_cell(&mut s, "mutiny", "mutiny-1");
    let mut d = dice(1);
    events::mutiny(&mut s, &mut d, &mut Vec::new()).unwrap();
    assert_eq!(sides(&d, "mutiny check"), [side("macedonian")]);
    // Parmenio stands with Alexander: tried for treachery, the Macedonian's rolls.
    assert!(sides(&d, "treachery")
        .iter()
        .all(|s| s.as_deref() == Some("macedonian")));
}

#[test]
fn alexandros_17_5_surrender_roll_is_the_macedonians() {
    let mut s = summer_334();
    s.surrender_rolls = vec!["Sardis".to_string()];
    let mut d = dice(1);
    siege::surrender_rolls(&mut s, &mut d, &mut Vec::new()).unwrap();
    assert_eq!(sides(&d, "surrender of Sardis"), [side("macedonian")]);
}

#[test]
fn alexandros_10_17_alexanders_kia_confirmation_is_the_macedonians() {
    let mut s = summer_334();
    every_cell(&mut s, "leader-casualty", "KIA");
    let mut d = dice(1);
    battle::leader_casualty(
        &mut s,
        "Alexander",
        "Loss",
        "Alexandros 10.16",
        &mut d,
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(
        sides(&d, "leader casualty for Alexander"),
        [side("macedonian")]
    );
    assert_eq!(
        sides(&d, "Alexander's KIA confirmation"),
        [side("macedonian")]
    );
}

#[test]
fn alexandros_8_6_forced_march_attrition_is_the_macedonians() {
    let mut s = summer_334();
    let units = vec!["phalanx-1".to_string()];
    let mut d = dice(1);
    movement::forced_march_attrition(
        &mut s,
        &units,
        ProvinceType::Mountain,
        &[],
        &mut d,
        &mut Vec::new(),
    )
    .unwrap();
    assert_eq!(sides(&d, "forced-march attrition"), [side("macedonian")]);
}

#[test]
fn alexandros_14_2_spartan_revolt_and_mercenary_rolls_are_the_persians() {
    use legatus::games::alexandros::data::Side;
    use legatus::games::alexandros::Alexandros;
    use legatus::ruleset::Ruleset;
    let mut s = summer_334();
    clear_track(&mut s);
    s.turn = (2..=46u8)
        .find(|n| s.pack.turn(*n).unwrap().spartan_revolt)
        .unwrap();
    // No battle in Ionia: every roll of the turn is drawn from the dice given here.
    for u in s.field_units(Side::Persian, "Ionia") {
        s.units.get_mut(&u).unwrap().place = Place::Removed;
    }
    for l in s.field_leaders(Side::Persian, "Ionia") {
        s.leaders.get_mut(&l).unwrap().place = Place::Removed;
    }
    s.eliminate("greek-mercenaries-1");
    let mut broke = false;
    for seed in 1..40 {
        let mut t = s.clone();
        let mut d = dice(seed);
        submit(&mut t, orders("moves: []"), &no_standing(), &mut d).unwrap();
        if Alexandros.pending(&t).step.ends_with("persian-movement") {
            submit(&mut t, orders("moves: []"), &no_standing(), &mut d).unwrap();
        }
        assert_eq!(sides(&d, "Spartan Revolt"), [side("persian")]);
        if t.spartan_revolt {
            broke = true;
            assert_eq!(
                sides(&d, "Greek Mercenaries joining Agis"),
                [side("persian")]
            );
            break;
        }
    }
    assert!(broke);
}
