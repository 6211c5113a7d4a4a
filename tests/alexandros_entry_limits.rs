//! Alexandros 8.3, 6.3, 14.2: every path that moves a force — evasion (9.2, 9.3) and retreat
//! (9.5, 10.20) — obeys the same entry limits as movement. Driven through the game's `apply`.

#[path = "alexandros/common.rs"]
mod common;

use std::collections::BTreeMap;

use common::*;
use legatus::games::alexandros::control;
use legatus::games::alexandros::data::Side;
use legatus::games::alexandros::state::{Place, State};

/// Syria: one Persian cavalry unit (it may evade, 9.2) facing Parmenio's two phalanxes; every
/// neighbour but Arabia held by Macedonian units, so the only friendly neighbour is Arabia.
fn syria() -> State {
    let mut s = summer_334();
    put(
        &mut s,
        &["Parmenio", "phalanx-1", "phalanx-2"],
        prov("Syria"),
    );
    put(&mut s, &["persian-cavalry-05"], prov("Syria"));
    put(&mut s, &["phalanx-3"], prov("Cilicia"));
    put(&mut s, &["phalanx-4"], prov("Egypt"));
    put(&mut s, &["phalanx-5"], prov("Mesopotamia"));
    // No Persian garrison contests those neighbours.
    for p in ["Cilicia", "Egypt", "Mesopotamia"] {
        for u in s.city_units(Side::Persian, p) {
            s.units.get_mut(&u).unwrap().place = Place::Removed;
        }
    }
    control::update(&mut s);
    s
}

#[test]
fn alexandros_8_3_persian_unit_may_not_evade_into_arabia() {
    let mut s = syria();
    assert!(control::controls(&s, Side::Persian, "Arabia"));
    let st = BTreeMap::from([(
        "persian".to_string(),
        standing("{evade_minor_combat: always, retreat_to: {Syria: Arabia}}"),
    )]);
    let mut ev = submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(3)).unwrap();
    ev.extend(submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(3)).unwrap());
    assert!(
        !ev.iter().any(|e| e.rule == "Alexandros 9.2"),
        "no evasion roll: Arabia is closed to Persian units (8.3): {ev:#?}"
    );
    assert!(
        ev.iter()
            .any(|e| e.rule == "Alexandros 9.4" && e.text.contains("minor combat in Syria")),
        "the combat is fought: {ev:#?}"
    );
    assert_ne!(s.units["persian-cavalry-05"].place, prov("Arabia"));
}

/// Summer 334: Alexander's army and Memnon's meet in Ionia (a battle on the Tactical Display).
#[test]
fn alexandros_9_3_persian_army_evades_the_tactical_display_by_standing_order() {
    let (mut evaded, mut fought) = (false, false);
    for seed in 1..30 {
        let mut s = summer_334();
        let st = BTreeMap::from([(
            "persian".to_string(),
            standing("evade_battle: {Ionia: any}"),
        )]);
        let mut ev = submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(seed)).unwrap();
        ev.extend(submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(seed)).unwrap());
        assert!(
            ev.iter()
                .any(|e| e.rule == "Alexandros 9.3" && e.text.contains("evasion roll")),
            "{ev:#?}"
        );
        if ev
            .iter()
            .any(|e| e.text.contains("evades the battle in Ionia"))
        {
            evaded = true;
            assert!(!ev
                .iter()
                .any(|e| e.text.contains("battle in Ionia: to the Tactical Display")));
            assert!(s
                .host_units(
                    Side::Persian,
                    "Ionia",
                    legatus::games::alexandros::state::Host::Main
                )
                .is_empty());
        } else {
            fought = true;
            assert!(ev
                .iter()
                .any(|e| e.text.contains("battle in Ionia: to the Tactical Display")));
        }
    }
    assert!(evaded && fought);
}

#[test]
fn alexandros_9_3_no_order_no_evasion_and_no_die() {
    let mut s = summer_334();
    let mut ev =
        submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(4)).unwrap();
    ev.extend(submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(4)).unwrap());
    assert!(
        ev.iter()
            .any(|e| e.rule == "Alexandros 9.3" && e.text.contains("(default)")),
        "{ev:#?}"
    );
    assert!(!ev.iter().any(|e| e.text.contains("evasion roll")));
}

#[test]
fn alexandros_9_3_macedonian_evades_on_one_to_four() {
    let mut rolls = Vec::new();
    for seed in 1..30 {
        let mut s = summer_334();
        let st = BTreeMap::from([(
            "macedonian".to_string(),
            standing("evade_battle: {Ionia: any}"),
        )]);
        let mut ev = submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(seed)).unwrap();
        ev.extend(submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(seed)).unwrap());
        if let Some(e) = ev.iter().find(|e| e.text.contains("evasion roll")) {
            let r: u32 = e.text.split("evasion roll ").nth(1).unwrap()[..1]
                .parse()
                .unwrap();
            let out = ev
                .iter()
                .any(|e| e.text.contains("macedonian army evades the battle"));
            assert_eq!(out, r <= 4, "{ev:#?}");
            rolls.push(r);
        }
    }
    assert!(rolls.iter().any(|r| *r <= 4) && rolls.iter().any(|r| *r > 4));
}
