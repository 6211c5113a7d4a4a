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
    put(&mut s, &["Parmenio", "phalanx-1", "phalanx-2"], prov("Syria"));
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
