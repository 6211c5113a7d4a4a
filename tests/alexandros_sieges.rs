//! Alexandros 11.1, 11.3, 11.4: sieges with several leaders, units named per siege, the
//! besieger's losses without infantry, the defender's choice of wall or garrison step and the
//! leader casualty rolls of both sides. Every case is driven through the game's `apply`.

#[path = "alexandros/common.rs"]
mod common;

use std::collections::BTreeMap;

use common::*;
use legatus::games::alexandros::orders::Standing;
use legatus::games::alexandros::state::{Place, State};
use legatus::ruleset::Event;

/// Summer 334: Parmenio and Alexander in Ionia with the phalanxes; Sardis (3 Persian walls,
/// one garrison unit) and Halicarnassus before them.
fn ionia() -> State {
    let mut s = summer_334();
    put(
        &mut s,
        &["Parmenio", "phalanx-1", "phalanx-2", "phalanx-3"],
        prov("Ionia"),
    );
    s
}

fn st(persian: &str) -> BTreeMap<String, Standing> {
    BTreeMap::from([("persian".to_string(), standing(persian))])
}

/// Declares `sieges` in the Macedonian movement and plays the turn's combat and sieges.
fn besiege(
    s: &mut State,
    sieges: &str,
    standing: &BTreeMap<String, Standing>,
    seed: u8,
) -> Vec<Event> {
    let mut ev = submit(
        s,
        orders(&format!("sieges: {sieges}")),
        standing,
        &mut dice(seed),
    )
    .unwrap();
    ev.extend(submit_nightfall(s, orders("moves: []"), standing, &mut dice(seed)).unwrap());
    ev
}

fn differential(ev: &[Event], city: &str) -> i32 {
    let e = ev
        .iter()
        .find(|e| e.rule == "Alexandros 11.3" && e.text.contains(&format!("siege of {city}")))
        .unwrap_or_else(|| panic!("no siege of {city}: {ev:#?}"));
    let t = e.text.split("differential ").nth(1).unwrap();
    t.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn alexandros_11_3_each_leader_adds_one_with_an_infantry_unit_for_each() {
    let no = st("sortie: never");
    let one = besiege(
        &mut ionia(),
        "{Sardis: {leaders: [Alexander], units: [phalanx-1, phalanx-2]}}",
        &no,
        1,
    );
    let two = besiege(
        &mut ionia(),
        "{Sardis: {leaders: [Alexander, Parmenio], units: [phalanx-1, phalanx-2]}}",
        &no,
        1,
    );
    assert_eq!(
        differential(&two, "Sardis"),
        differential(&one, "Sardis") + 1
    );
    // Three leaders with two infantry units: only two count (an infantry unit for each).
    let mut s = ionia();
    put(&mut s, &["Hephaistion"], prov("Ionia"));
    let three = besiege(
        &mut s,
        "{Sardis: {leaders: [Alexander, Parmenio, Hephaistion], units: [phalanx-1, phalanx-2]}}",
        &no,
        1,
    );
    assert_eq!(differential(&three, "Sardis"), differential(&two, "Sardis"));
}

#[test]
fn alexandros_11_1_two_sieges_from_one_province_name_their_units() {
    let s = ionia();
    let r = submit(
        &mut s.clone(),
        orders("sieges: {Sardis: Alexander, Halicarnassus: Parmenio}"),
        &no_standing(),
        &mut dice(1),
    );
    let why = refused(r, "Alexandros 11.1");
    assert!(why.contains("name the units"), "{why}");
    // A unit in two sieges is refused (11.1: one siege each).
    let r = submit(
        &mut s.clone(),
        orders("sieges: {Sardis: {leaders: [Alexander], units: [phalanx-1]}, Halicarnassus: {leaders: [Parmenio], units: [phalanx-1]}}"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 11.1");
    // Split: each siege fights with its own units; the short form takes the rest.
    let mut t = s.clone();
    let ev = besiege(
        &mut t,
        "{Sardis: {leaders: [Alexander], units: [phalanx-1, phalanx-2]}, Halicarnassus: Parmenio}",
        &st("sortie: never"),
        2,
    );
    differential(&ev, "Sardis");
    differential(&ev, "Halicarnassus");
}

#[test]
fn alexandros_11_1_a_zero_leader_leads_no_siege_and_leaders_stand_before_the_walls() {
    let mut s = ionia();
    put(&mut s, &["Macedonian 0"], prov("Ionia"));
    let r = submit(
        &mut s.clone(),
        orders("sieges: {Sardis: Macedonian 0}"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 11.1");
    put(&mut s, &["Parmenio"], prov("Cilicia"));
    let r = submit(
        &mut s.clone(),
        orders("sieges: {Sardis: Parmenio}"),
        &no_standing(),
        &mut dice(1),
    );
    let why = refused(r, "Alexandros 11.1");
    assert!(why.contains("before Sardis"), "{why}");
}

#[test]
fn alexandros_11_4_siege_without_infantry_still_costs_the_attacker() {
    let mut seen = false;
    for seed in 1..40 {
        let mut s = ionia();
        let ev = besiege(
            &mut s,
            "{Sardis: {leaders: [Alexander], units: [siege-train]}}",
            &st("sortie: never"),
            seed,
        );
        let e = ev.iter().find(|e| e.rule == "Alexandros 11.3").unwrap();
        if e.text.contains("attacker loses 0") {
            continue;
        }
        seen = true;
        assert!(
            ev.iter()
                .any(|e| e.rule == "Alexandros 11.4"
                    && e.text.contains("siege-train takes the loss")),
            "{ev:#?}"
        );
        assert!(
            ev.iter().any(|e| e.rule == "Alexandros 11.4"
                && e.text.contains("casualty roll")
                && e.text.contains("Alexander")),
            "the leader rolls for the loss: {ev:#?}"
        );
        break;
    }
    assert!(seen, "some seed gives the attacker a loss");
}

#[test]
fn alexandros_11_4_defender_chooses_garrison_step_or_wall() {
    let mut seen = false;
    for seed in 1..40 {
        let mut a = ionia();
        let ev = besiege(
            &mut a,
            "{Sardis: Alexander}",
            &st("{sortie: never, siege_losses: garrison_first}"),
            seed,
        );
        let e = ev.iter().find(|e| e.rule == "Alexandros 11.3").unwrap();
        if e.text.ends_with("defender 0")
            || a.walls["Sardis"].side != legatus::games::alexandros::data::Side::Persian
        {
            continue;
        }
        seen = true;
        assert!(
            ev.iter()
                .any(|e| e.rule == "Alexandros 11.4" && e.text.contains("in Sardis loses a step")),
            "garrison first: {ev:#?}"
        );
        // Said nothing: walls first, reported as the default.
        let mut b = ionia();
        let ev = besiege(&mut b, "{Sardis: Alexander}", &st("sortie: never"), seed);
        assert!(
            ev.iter()
                .any(|e| e.rule == "Alexandros 11.4" && e.text.contains("(default)")),
            "{ev:#?}"
        );
        assert!(
            ev.iter()
                .any(|e| e.text.contains("Sardis loses a wall marker")),
            "{ev:#?}"
        );
        break;
    }
    assert!(seen);
}

#[test]
fn alexandros_11_4_defending_leader_rolls_for_each_garrison_step_lost() {
    let mut seen = false;
    for seed in 1..60 {
        let mut s = ionia();
        put(&mut s, &["Memnon"], Place::City("Sardis".into()));
        let ev = besiege(
            &mut s,
            "{Sardis: Alexander}",
            &st("{sortie: never, siege_losses: garrison_first}"),
            seed,
        );
        if !ev.iter().any(|e| e.text.contains("in Sardis loses a step")) {
            continue;
        }
        seen = true;
        assert!(
            ev.iter().any(|e| e.rule == "Alexandros 11.4"
                && e.text.contains("casualty roll")
                && e.text.contains("Memnon")),
            "{ev:#?}"
        );
        break;
    }
    assert!(seen);
}

#[test]
fn alexandros_11_5_the_besieged_names_the_garrison_step_a_sortie_costs() {
    // Sardis with two garrison units; Parmenio besieges it with the Siege Train.
    let setup = || {
        let mut s = ionia();
        put(&mut s, &["siege-train"], prov("Ionia"));
        put(
            &mut s,
            &["persian-infantry-01"],
            Place::City("Sardis".into()),
        );
        s
    };
    let sieges = "{Sardis: {leaders: [Parmenio], units: [phalanx-1, siege-train]}}";
    let mut s = setup();
    let ev = besiege(
        &mut s,
        sieges,
        &st("{sortie: always, losses: [persian-levy-01]}"),
        1,
    );
    let e = ev
        .iter()
        .find(|e| e.rule == "Alexandros 11.5" && e.text.contains("a sortie from Sardis"))
        .unwrap_or_else(|| panic!("{ev:#?}"));
    assert!(e.text.contains("persian-levy-01 loses a step"), "{e:?}");
    assert!(!ev
        .iter()
        .any(|e| e.text.contains("pays the sortie's step (default)")));
    // Nothing said: the first garrison unit by code, reported as the default.
    let mut s = setup();
    let ev = besiege(&mut s, sieges, &st("{sortie: always}"), 1);
    assert!(
        ev.iter().any(|e| e.rule == "Alexandros 11.5"
            && e.text
                .contains("persian-infantry-01 pays the sortie's step (default)")),
        "{ev:#?}"
    );
    assert!(ev
        .iter()
        .any(|e| e.text.contains("persian-infantry-01 loses a step")));
}
