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

/// Gandara (Persian-controlled, in the Indian area): Craterus' army against an Indian army of
/// three units; Arachosia and Bactria, the Persian neighbours, are closed to Indians (8.3).
fn gandara() -> State {
    let mut s = summer_334();
    for p in ["Gandara"] {
        for u in s.field_units(Side::Persian, p) {
            if !u.starts_with("indian") {
                s.units.get_mut(&u).unwrap().place = Place::Removed;
            }
        }
    }
    put(
        &mut s,
        &["Craterus", "phalanx-1", "phalanx-2", "phalanx-3"],
        prov("Gandara"),
    );
    put(&mut s, &["indian-infantry-05"], prov("Gandara"));
    control::update(&mut s);
    s
}

fn indian_evasion(s: &mut State, seed: u8) -> Vec<legatus::ruleset::Event> {
    let st = BTreeMap::from([(
        "persian".to_string(),
        standing("evade_battle: {Gandara: Arachosia}"),
    )]);
    let mut ev = submit_nightfall(s, orders("moves: []"), &st, &mut dice(seed)).unwrap();
    ev.extend(submit_nightfall(s, orders("moves: []"), &st, &mut dice(seed)).unwrap());
    ev
}

#[test]
fn alexandros_9_3_indian_army_evades_only_into_india() {
    use legatus::games::alexandros::state::Host;
    // Upper India is Independent and nobody contests it: the Indians have nowhere to go, so
    // no evasion roll, though Arachosia is a friendly neighbour (8.3: Indians only in India).
    let mut s = gandara();
    assert_eq!(
        s.host_units(Side::Persian, "Gandara", Host::Indian).len(),
        3
    );
    let ev = indian_evasion(&mut s, 1);
    assert!(
        ev.iter().any(|e| e.rule == "Alexandros 9.3"
            && e.text.contains("cannot evade")
            && e.text.contains("Gandara")),
        "{ev:#?}"
    );
    assert!(
        !ev.iter().any(|e| e.text.contains("evasion roll")),
        "{ev:#?}"
    );
    // Upper India held for the Persian side (emptied, its control left Persian): the Indians
    // may evade there, and only there, whatever the order asked.
    let mut moved = false;
    for seed in 1..20 {
        let mut s = gandara();
        for u in s.field_units(Side::Persian, "Upper India") {
            s.units.get_mut(&u).unwrap().place = Place::Removed;
        }
        s.leaders.get_mut("Porus").unwrap().place = Place::Removed;
        s.control.insert(
            "Upper India".into(),
            legatus::games::alexandros::state::Ctl::Persian,
        );
        let ev = indian_evasion(&mut s, seed);
        assert!(
            ev.iter().any(|e| e.rule == "Alexandros 9.3"
                && e.text.contains("Arachosia is not open")
                && e.text.contains("Upper India")),
            "{ev:#?}"
        );
        assert_ne!(s.units["indian-infantry-03"].place, prov("Arachosia"));
        if ev
            .iter()
            .any(|e| e.text.contains("evades the battle in Gandara"))
        {
            moved = true;
            assert_eq!(
                s.units["indian-infantry-03"].place,
                prov("Upper India"),
                "{ev:#?}"
            );
        }
    }
    assert!(moved);
}

#[test]
fn alexandros_8_3_persian_army_beaten_in_syria_does_not_retreat_into_arabia() {
    // Arabia is the only Persian neighbour of Syria, and closed to Persians (8.3).
    let mut s = syria_battle();
    let st = BTreeMap::from([(
        "persian".to_string(),
        standing("{retreat_to: {Syria: Arabia}}"),
    )]);
    let ev = beaten_in_syria(&mut s, &st);
    let e = ev
        .iter()
        .find(|e| e.rule == "Alexandros 10.20" && e.text.contains("survivors retreat from Syria"))
        .unwrap_or_else(|| panic!("{ev:#?}"));
    // Not Arabia, though asked and though it is the only friendly neighbour: the survivors
    // fall back on an enemy-controlled province (10.20's last tier), the first by name,
    // reported as a default.
    assert!(e.text.contains("to Cilicia"), "{e:?}");
    assert!(ev.iter().any(|e| e.rule == "Alexandros 10.20"
        && e.text.contains("asked to retreat to Arabia")
        && e.text.contains("Cilicia (default")));
    for u in [
        "persian-cavalry-05",
        "persian-cavalry-06",
        "persian-infantry-01",
    ] {
        assert_eq!(s.units[u].place, prov("Cilicia"), "{u}: {ev:#?}");
    }
}

#[test]
fn alexandros_10_20_retreat_destination_is_the_losers_else_a_reported_default() {
    // The same defeat in Syria: the Persian names Egypt, in the best tier open to him.
    let mut s = syria_battle();
    let st = BTreeMap::from([(
        "persian".to_string(),
        standing("{retreat_to: {Syria: Egypt}}"),
    )]);
    let ev = beaten_in_syria(&mut s, &st);
    assert_eq!(
        s.units["persian-infantry-01"].place,
        prov("Egypt"),
        "{ev:#?}"
    );
    assert!(!ev
        .iter()
        .any(|e| e.text.contains("(default, the first by name")));
    // Nothing said: the first by name, reported.
    let mut s = syria_battle();
    let ev = beaten_in_syria(&mut s, &BTreeMap::new());
    assert_eq!(
        s.units["persian-infantry-01"].place,
        prov("Cilicia"),
        "{ev:#?}"
    );
    assert!(ev
        .iter()
        .any(|e| e.rule == "Alexandros 10.20" && e.text.contains("gave no standing retreat_to")));
}

/// Syria as [`syria`], with armies of three on each side: a battle on the Tactical Display.
fn syria_battle() -> State {
    let mut s = syria();
    put(&mut s, &["phalanx-6"], prov("Syria"));
    put(
        &mut s,
        &["persian-cavalry-06", "persian-infantry-01"],
        prov("Syria"),
    );
    s
}

/// Plays the turn; the battle in Syria is handed back as a Macedonian win that the Persian
/// must leave (10.20), any other as nightfall.
fn beaten_in_syria(
    s: &mut State,
    st: &BTreeMap<String, legatus::games::alexandros::orders::Standing>,
) -> Vec<legatus::ruleset::Event> {
    use legatus::games::alexandros::tactical::BattleResult;
    use legatus::games::alexandros::{battle, sequence};
    let mut ev = submit_nightfall(s, orders("moves: []"), st, &mut dice(3)).unwrap();
    ev.extend(submit(s, orders("moves: []"), st, &mut dice(3)).unwrap());
    let mut syria_fought = false;
    while let Some(b) = s.battle.take() {
        let mut r = BattleResult {
            nightfall: true,
            ..Default::default()
        };
        if b.province == "Syria" {
            syria_fought = true;
            r = BattleResult {
                winner: Some(Side::Macedonian),
                loser_must_retreat: Some(Side::Persian),
                ..Default::default()
            };
        }
        battle::apply_result_for(s, &b.province, b.host, &r, st, &mut ev);
        sequence::continue_combat(s, st, &[], None, &mut dice(1), &mut ev).unwrap();
    }
    assert!(syria_fought, "{ev:#?}");
    ev
}

#[test]
fn alexandros_9_3_raiders_evade_a_battle_only_into_their_province_of_origin() {
    // Arab raiders from Arabia have ridden into Syria and meet Parmenio's army there; Egypt,
    // Cilicia and Mesopotamia are Persian too, but raiders evade only home (9.3).
    let setup = || {
        let mut s = summer_334();
        // No battle in Ionia, so that the Syrian evasion roll comes from the seed.
        for p in ["Syria", "Ionia"] {
            for u in s.field_units(Side::Persian, p) {
                s.units.get_mut(&u).unwrap().place = Place::Removed;
            }
        }
        put(
            &mut s,
            &["Parmenio", "phalanx-1", "phalanx-2", "phalanx-3"],
            prov("Syria"),
        );
        let arabs = ["arabs-1", "arabs-2", "arabs-3"];
        put(&mut s, &arabs, prov("Syria"));
        for c in arabs {
            s.units.get_mut(c).unwrap().owner = Side::Persian;
            s.raid_origin.insert(c.to_string(), "Arabia".to_string());
        }
        assert!(control::controls(&s, Side::Persian, "Egypt"));
        s
    };
    let st = BTreeMap::from([(
        "persian".to_string(),
        standing("evade_battle: {Syria: Egypt}"),
    )]);
    let mut evaded = false;
    for seed in 1..20 {
        let mut s = setup();
        let mut ev = submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(seed)).unwrap();
        ev.extend(submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(seed)).unwrap());
        assert!(
            ev.iter().any(|e| e.rule == "Alexandros 9.3"
                && e.text.contains("Egypt is not open")
                && e.text.contains("evade to Arabia")),
            "{ev:#?}"
        );
        assert_ne!(s.units["arabs-1"].place, prov("Egypt"));
        if ev
            .iter()
            .any(|e| e.text.contains("evades the battle in Syria to Arabia"))
        {
            evaded = true;
            assert_eq!(s.units["arabs-1"].place, prov("Arabia"), "{ev:#?}");
        }
    }
    assert!(evaded);
}

#[test]
fn alexandros_14_3_raiders_evading_minor_combat_never_join_other_raiders() {
    // One Arab raider in Syria facing Parmenio's two phalanxes; two more Arabs hold Egypt.
    let mut s = summer_334();
    for u in s.field_units(Side::Persian, "Syria") {
        s.units.get_mut(&u).unwrap().place = Place::Removed;
    }
    put(
        &mut s,
        &["Parmenio", "phalanx-1", "phalanx-2"],
        prov("Syria"),
    );
    for (c, at) in [
        ("arabs-1", "Syria"),
        ("arabs-2", "Egypt"),
        ("arabs-3", "Egypt"),
    ] {
        put(&mut s, &[c], prov(at));
        s.units.get_mut(c).unwrap().owner = Side::Persian;
        s.raid_origin.insert(c.to_string(), "Arabia".to_string());
    }
    control::update(&mut s);
    let st = BTreeMap::from([(
        "persian".to_string(),
        standing("{evade_minor_combat: always, retreat_to: {Syria: Egypt}}"),
    )]);
    let mut ev = submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(1)).unwrap();
    ev.extend(submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(1)).unwrap());
    let e = ev
        .iter()
        .find(|e| e.rule == "Alexandros 9.2" && e.text.contains("named no open province"))
        .unwrap_or_else(|| panic!("{ev:#?}"));
    assert!(!e.text.contains("Egypt"), "{e:?}");
    assert_ne!(s.units["arabs-1"].place, prov("Egypt"), "{ev:#?}");
}
