//! The Romans [20.29], ruling R-83: the side a third-player Macedon takes in the Syrian War
//! (Rome, Syria or neutral), named in his first Campaign Phase orders, and what it does to
//! moves, battles and supply — driven through `Romans::apply`.

#[path = "romans/common.rs"]
mod common;

use common::*;
use legatus::games::conquerors::force::Position;
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::supply::in_supply;
use legatus::games::conquerors::romans::Romans;
use legatus::geo::Hex;
use legatus::ruleset::Ruleset;

fn three_players() -> State {
    let r = Romans;
    let data = r.load_scenario("syrian-war", &[]).unwrap();
    r.setup("syrian-war", &data, &["macedon-third-player".to_string()])
        .unwrap()
}

fn place(s: &mut State, id: &str, hex: &str) {
    let at = Position {
        map: "romans".into(),
        hex: hex.into(),
        inside: false,
    };
    if let Some(u) = s.units.get_mut(id) {
        u.at = at;
    } else if let Some(q) = s.squadrons.get_mut(id) {
        q.at = at;
    } else {
        s.commanders.get_mut(id).unwrap().at = at;
    }
}

/// Rome's and Syria's first Campaign Phases pass: Macedon's first orders are due.
fn to_macedons_first_phase(s: &mut State) {
    submit(s, orders("moves: []"), &mut dice(1)).unwrap();
    submit(s, orders("moves: []"), &mut dice(2)).unwrap();
    assert_eq!(Romans.pending(s).sides, ["macedon"]);
}

/// A Roman Force (Legion VI, 24 SSP, under its tribune) at 5521, next to Pella.
fn romans_beside_pella(s: &mut State) {
    place(s, "legion-VI", "5521");
    place(s, "tribune-VI-1", "5521");
}

const PHILIP: &str =
    "commander: philip-v, with: [macedon-light-infantry-1, macedon-light-infantry-2, macedon-light-infantry-3]";

/// Whether a Roman Force at `hex` (Legion VI's nation) is in supply.
fn rome_in_supply(s: &State, hex: &str) -> bool {
    let map = s.map("romans").unwrap();
    let rome = std::collections::BTreeSet::from(["rome".to_string()]);
    in_supply(s, "rome", &map, Hex::parse(hex).unwrap(), &rome)
}

/// Rome's only source in Illyria is a Naval Base built at Apollonia (4719); eight Macedonian
/// SSP stand outside in its hex; Legion VI and its tribune at 4818, 1 hex away.
fn apollonia_watched(s: &mut State) {
    s.built_bases.insert("romans:4719".into(), "rome".into());
    for n in 1..=4 {
        place(s, &format!("macedon-phalanx-{n}"), "4719");
    }
    place(s, "legion-VI", "4818");
    place(s, "tribune-VI-1", "4818");
}

#[test]
fn romans_20_29_macedon_chooses_rome_and_its_troops_do_not_block_roman_supply() {
    let mut s = three_players();
    apollonia_watched(&mut s);
    to_macedons_first_phase(&mut s);
    let mut hostile = s.clone();
    let ev = submit(&mut s, orders("side: rome\nmoves: []"), &mut dice(3)).unwrap();
    let x = texts(&ev);
    assert!(
        x.contains("[Romans [20.29]] Macedon sides with Rome for the rest of the game"),
        "{x}"
    );
    assert!(!x.contains("default"), "{x}");
    assert_eq!(s.macedon_side.as_deref(), Some("rome"));
    // 14.13: his 8 SSP at Apollonia do not close Rome's source: 4818 and 4817 are in supply.
    assert!(rome_in_supply(&s, "4818") && rome_in_supply(&s, "4817"));
    // Game-Turn 2, Rome's Campaign Phase: Legion VI marches to 4817 and pays nothing (14.21).
    let o = "moves: [{commander: tribune-VI-1, with: [legion-VI], path: [\"4817\"]}]";
    let t = s.talents("rome");
    let ev = submit(&mut s, orders(o), &mut dice(4)).unwrap();
    assert!(!texts(&ev).contains("pays 1 talent"), "{}", texts(&ev));
    assert_eq!(s.units["legion-VI"].at.hex, "4817");
    assert_eq!(s.talents("rome"), t);
    // Sided with Syria, the same 8 SSP close Apollonia's hex (more than 5): the march costs
    // the talent.
    submit(&mut hostile, orders("side: syria\nmoves: []"), &mut dice(3)).unwrap();
    assert!(!rome_in_supply(&hostile, "4818"));
    let ev = submit(&mut hostile, orders(o), &mut dice(4)).unwrap();
    assert!(
        texts(&ev).contains("goes beyond its supply radius at 4817: Rome pays 1 talent"),
        "{}",
        texts(&ev)
    );
    assert_eq!(hostile.talents("rome"), t - 1);
}

#[test]
fn romans_20_29_macedon_says_nothing_and_stays_neutral_by_default_reported() {
    let mut s = three_players();
    apollonia_watched(&mut s);
    romans_beside_pella(&mut s);
    to_macedons_first_phase(&mut s);
    // The template offers the choice, with its default.
    let tpl = Romans.template(&s, "macedon");
    assert!(
        tpl.contains("Romans [20.29]") && tpl.contains("not given: neutral, the default"),
        "{tpl}"
    );
    // Neutral, he may not enter the hex of a Roman Force (nor Rome his).
    let mut t = s.clone();
    let o = format!("moves: [{{{PHILIP}, path: [\"5521\"]}}]");
    let why = refused(submit(&mut t, orders(&o), &mut dice(3)), "Romans [20.29]");
    assert!(
        why.contains("5521 holds troops of Rome, at peace with Macedon"),
        "{why}"
    );
    assert_eq!(t.units["legion-VI"].ssp, 24);
    // He says nothing: the data's default, reported as a default.
    let ev = submit(&mut s, orders("moves: []"), &mut dice(3)).unwrap();
    let x = texts(&ev);
    assert!(
        x.contains("[Romans [20.29]] Macedon named no side (`side:`): he stays neutral")
            && x.contains("(the scenario's default)"),
        "{x}"
    );
    assert_eq!(s.macedon_side.as_deref(), Some("neutral"));
    // At peace, his troops at Apollonia do not close Rome's source either.
    assert!(rome_in_supply(&s, "4818"));
    // Game-Turn 2: Rome's Force beside Pella may not enter Pella's hex.
    let o = "moves: [{commander: tribune-VI-1, with: [legion-VI], path: [\"5520\"]}]";
    let why = refused(submit(&mut s, orders(o), &mut dice(4)), "Romans [20.29]");
    assert!(
        why.contains("5520 holds troops of Macedon, at peace with Rome"),
        "{why}"
    );
}

#[test]
fn romans_20_29_macedon_for_syria_is_hostile_to_rome() {
    let mut s = three_players();
    romans_beside_pella(&mut s);
    to_macedons_first_phase(&mut s);
    let o = format!("side: syria\nmoves: [{{{PHILIP}, path: [\"5521\"]}}]");
    let ev = submit(&mut s, orders(&o), &mut dice(3)).unwrap();
    let x = texts(&ev);
    assert!(x.contains("Macedon sides with Syria"), "{x}");
    assert_eq!(s.macedon_side.as_deref(), Some("syria"));
    // Philip's 6 SSP enter the Roman hex: a battle (9.3), with losses on both sides.
    assert!(
        x.contains("[Romans [9.3]] Skirmish at 5521: Macedon (6 SSP) against Rome (24 SSP)"),
        "{x}"
    );
    let lost: u32 = (1..=3)
        .map(|n| {
            2 - s
                .units
                .get(&format!("macedon-light-infantry-{n}"))
                .map_or(0, |u| u.ssp)
        })
        .sum();
    assert!(lost > 0 && s.units["legion-VI"].ssp < 24, "{x}");
    // The same move with Macedon for Rome is no attack (the allied test below), and neutral
    // it is refused (the default's test).
}

#[test]
fn romans_20_29_allied_forces_pass_through_but_do_not_end_together() {
    let mut s = three_players();
    romans_beside_pella(&mut s);
    to_macedons_first_phase(&mut s);
    let mut t = s.clone();
    let o = format!("side: rome\nmoves: [{{{PHILIP}, path: [\"5521\"]}}]");
    let why = refused(submit(&mut t, orders(&o), &mut dice(3)), "Romans [20.29]");
    assert!(why.contains("do not end a move together"), "{why}");
    let o = format!("side: rome\nmoves: [{{{PHILIP}, path: [\"5521\", \"5522\"]}}]");
    let ev = submit(&mut s, orders(&o), &mut dice(3)).unwrap();
    let x = texts(&ev);
    assert_eq!(s.commanders["philip-v"].at.hex, "5522", "{x}");
    assert_eq!(s.units["macedon-light-infantry-1"].at.hex, "5522");
    // No battle: both Forces whole.
    assert_eq!(s.units["legion-VI"].ssp, 24, "{x}");
    assert_eq!(s.units["macedon-light-infantry-1"].ssp, 2, "{x}");
    assert!(!x.contains("[Romans [9."), "{x}");
}

#[test]
fn romans_20_29_side_is_refused_outside_macedons_first_campaign_phase() {
    // Rome has no side to choose.
    let mut s = three_players();
    let why = refused(
        submit(&mut s, orders("side: rome\nmoves: []"), &mut dice(1)),
        "Romans [20.29]",
    );
    assert!(why.contains("Rome has no side to choose"), "{why}");
    // Nor is there a choice without the third player.
    let r = Romans;
    let data = r.load_scenario("syrian-war", &[]).unwrap();
    let mut two = r.setup("syrian-war", &data, &[]).unwrap();
    refused(
        submit(&mut two, orders("side: syria\nmoves: []"), &mut dice(1)),
        "Romans [20.29]",
    );
    // Macedon chooses once: in Game-Turn 2 it is refused.
    to_macedons_first_phase(&mut s);
    submit(&mut s, orders("side: syria\nmoves: []"), &mut dice(3)).unwrap();
    submit(&mut s, orders("moves: []"), &mut dice(4)).unwrap();
    submit(&mut s, orders("moves: []"), &mut dice(5)).unwrap();
    assert_eq!(Romans.pending(&s).sides, ["macedon"]);
    let why = refused(
        submit(&mut s, orders("side: rome\nmoves: []"), &mut dice(6)),
        "Romans [20.29]",
    );
    assert!(why.contains("it is not chosen again"), "{why}");
    assert_eq!(s.macedon_side.as_deref(), Some("syria"));
}

#[test]
fn romans_20_29_no_landing_in_a_neutral_macedons_hex() {
    // Two Macedonian light infantry stand on the Illyrian coast at 4420; Legion VI and its
    // tribune sail from Brundisium with Legate 2 and two medium squadrons to land there (12.14).
    let mut s = three_players();
    for id in [
        "legion-VI",
        "tribune-VI-1",
        "rome-medium-2",
        "rome-medium-3",
    ] {
        place(&mut s, id, "4319");
    }
    for n in 4..=5 {
        place(&mut s, &format!("macedon-light-infantry-{n}"), "4420");
    }
    let mut hostile = s.clone();
    let o = "moves: [{commander: legate-2, with: [rome-medium-2, rome-medium-3, legion-VI, tribune-VI-1], path: [\"4419\", \"4420\"], drop_off: {\"4420\": [legion-VI, tribune-VI-1]}}]";
    // Game-Turn 1, before Macedon has chosen: he counts as neutral (the default).
    let why = refused(submit(&mut s, orders(o), &mut dice(1)), "Romans [20.29]");
    assert!(
        why.contains("4420 holds troops of Macedon, at peace with Rome"),
        "{why}"
    );
    assert_eq!(s.units["legion-VI"].at.hex, "4319");
    // Macedon for Syria (set here; his choice through `apply` is the tests above): the landing
    // is an amphibious attack on his troops (12.16).
    hostile.macedon_side = Some("syria".into());
    let ev = submit(&mut hostile, orders(o), &mut dice(1)).unwrap_or_else(|e| panic!("{e}"));
    let x = texts(&ev);
    assert!(
        x.contains(
            "legion-VI, tribune-VI-1 land at 4420, an enemy-occupied hex: an amphibious attack"
        ),
        "{x}"
    );
    assert_eq!(hostile.units["legion-VI"].at.hex, "4420", "{x}");
}
