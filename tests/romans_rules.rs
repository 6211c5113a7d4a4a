//! The Romans: the 20.1 set-up and the movement rules (Romans [5]), driven through
//! `Romans::apply`; each refusal names its section.

#[path = "romans/common.rs"]
mod common;

use common::*;
use legatus::games::conquerors::force::Position;
use legatus::games::conquerors::romans::state::Phase;
use legatus::games::conquerors::romans::Romans;
use legatus::ruleset::Ruleset;

fn ssp(s: &legatus::games::conquerors::romans::state::State, side: &str) -> u32 {
    s.units
        .values()
        .filter(|u| u.side == side)
        .map(|u| u.ssp)
        .sum()
}

#[test]
fn romans_20_1_setup_forces_treasuries_and_control() {
    let s = smw();
    assert_eq!(s.treasury["rome"], 25, "20.12");
    assert_eq!(s.treasury["macedon"], 22, "20.12");
    assert_eq!(
        ssp(&s, "macedon"),
        81,
        "20.11 with follow-up 20.11 (Chalcis)"
    );
    // Legions 22 (odd) and 24 (even), I-V; Balearic slingers, Numidians; Illyria active (20.15).
    assert_eq!(s.units["legion-I"].ssp, 22);
    assert_eq!(s.units["legion-II"].ssp, 24);
    assert_eq!(ssp(&s, "rome"), 22 + 24 + 22 + 24 + 22 + 2 + 8 + 4);
    assert_eq!(s.units["illyria-barbarian-infantry-1"].at.hex, "4715");
    // Two tribunes per legion (20.11, 18.23), untried consuls, praetors and legates (8.43).
    assert_eq!(
        s.commanders
            .keys()
            .filter(|k| k.starts_with("tribune-"))
            .count(),
        10
    );
    assert_eq!(s.commanders["field-consul"].at.hex, "4319");
    assert_eq!(s.commanders["field-consul"].counter, None);
    assert_eq!(s.rating("field-consul"), None);
    assert_eq!(s.commanders["consul-for-rome"].at.hex, "2914");
    assert_eq!(s.rating("philip-v"), Some(3));
    // set-up units stand inside a friendly city up to its capacity (7.13: C holds 24).
    assert!(s.units["legion-I"].at.inside);
    assert!(!s.units["legion-II"].at.inside, "22 + 24 > 24");
    // 20.17: Rome holds every city outside Greece but Carthage and Utica, and Apollonia;
    // Macedon the cities of its set-up, Thessalonica and Amphipolis.
    let control = |name: &str| {
        s.cities
            .values()
            .find(|c| c.name == name)
            .unwrap_or_else(|| panic!("{name}"))
            .control
            .clone()
    };
    for c in [
        "Roma",
        "Brundisium",
        "Capua",
        "Caralis",
        "Apollonia",
        "Hippo Regius",
    ] {
        assert_eq!(control(c).as_deref(), Some("rome"), "{c}");
    }
    for c in [
        "Pella",
        "Demetrias",
        "Corinth",
        "Chalcis",
        "Thessalonica",
        "Amphipolis",
        "Antipatreia",
        "Oreus",
    ] {
        assert_eq!(control(c).as_deref(), Some("macedon"), "{c}");
    }
    for c in ["Carthage", "Utica", "Athens", "Sparta"] {
        assert_eq!(control(c), None, "{c}");
    }
    assert_eq!(
        control("Scodra").as_deref(),
        Some("rome"),
        "Illyria, Rome's active ally"
    );
    assert_eq!(s.allies["illyria"].points, 5);
    assert_eq!(s.allies["rhodes"].permanent.as_deref(), Some("rome"));
    assert_eq!(
        s.phase,
        Phase::Campaign {
            side: "rome".into()
        },
        "4.0: Rome first"
    );
    assert_eq!(s.turn_words(), "September 200 B.C. (Game-Turn 1 of 26)");
}

#[test]
fn romans_6_24_example_path_costs() {
    // Force B leaves Antipatreia (4919) for 5019 (rough, 3 MP), then 5120 (clear, 1 MP).
    let mut s = smw();
    to_macedon(&mut s);
    let force = units_at(&s, "4919", "macedon");
    assert_eq!(force.len(), 7);
    let ev = submit(
        &mut s,
        orders(&format!(
            "moves: [{{commander: athenagorus, with: [{}], path: [\"5019\", \"5120\"]}}]",
            force.join(", ")
        )),
        &mut dice(1),
    )
    .unwrap();
    let t = texts(&ev);
    assert!(t.contains("4919 → 5019 → 5120 (4 MP of 20 MP)"), "{t}");
    assert!(t.contains("7 units, 14 SSP"), "{t}");
    for u in &force {
        assert_eq!(s.units[u].at.hex, "5120");
    }
    assert_eq!(s.commanders["athenagorus"].at.hex, "5120");
    assert_eq!(
        s.turn_number(),
        "2",
        "both Campaign Phases done: the next Game-Turn"
    );
}

#[test]
fn romans_5_12_no_hex_beyond_the_allowance() {
    let mut s = smw();
    to_macedon(&mut s);
    // North from Pella: 5519 … 5508 are 19 MP (rough 5517-5515, the river into 5508); rough
    // 5507 needs 3 more.
    let r = submit(
        &mut s,
        orders("moves: [{commander: nicanor, path: [\"5519\", \"5518\", \"5517\", \"5516\", \"5515\", \"5514\", \"5513\", \"5512\", \"5511\", \"5510\", \"5509\", \"5508\", \"5507\"]}]"),
        &mut dice(1),
    );
    let why = refused(r, "Romans [5.12]");
    assert!(why.contains("only"), "{why}");
    assert!(why.contains("5507 costs 3 MP and only 1 MP"), "{why}");
    assert_eq!(s.commanders["nicanor"].at.hex, "5520", "nothing moved");
}

#[test]
fn romans_5_42_land_units_do_not_cross_all_sea() {
    let mut s = smw();
    to_macedon(&mut s);
    // Corinth (5529) and 5528 are parted by an all-sea hexside (the Corinthian Gulf).
    let why = refused(
        submit(
            &mut s,
            orders("moves: [{commander: androsthenes, path: [\"5528\"]}]"),
            &mut dice(1),
        ),
        "Romans [5.42]",
    );
    assert!(why.contains("all-sea"), "{why}");
}

#[test]
fn romans_5_13_drop_off_along_the_path_costs_nothing() {
    let mut s = smw();
    to_macedon(&mut s);
    let ev = submit(
        &mut s,
        orders("moves: [{commander: athenagorus, with: [macedon-phalanx-1, macedon-phalanx-2, macedon-peltast-1], path: [\"5019\", \"5120\"], drop_off: {\"5019\": [macedon-peltast-1]}}]"),
        &mut dice(1),
    )
    .unwrap();
    assert!(texts(&ev).contains("(4 MP of 20 MP)"));
    assert_eq!(s.units["macedon-peltast-1"].at.hex, "5019");
    assert_eq!(s.units["macedon-phalanx-1"].at.hex, "5120");
    assert_eq!(
        s.units["macedon-phalanx-3"].at.hex, "4919",
        "not taken, stays"
    );
}

#[test]
fn romans_5_23_a_unit_moves_under_one_commander_a_phase() {
    let mut s = smw();
    to_macedon(&mut s);
    // Nicanor leaves a phalanx at 5519; Brachylles may not take it on.
    let r = submit(
        &mut s,
        orders("moves: [{commander: nicanor, with: [macedon-phalanx-12], path: [\"5519\"]}, {commander: brachylles, path: [\"5519\"], pick_up: {\"5519\": [macedon-phalanx-12]}}]"),
        &mut dice(1),
    );
    let why = refused(r, "Romans [5.23]");
    assert!(why.contains("nicanor"), "{why}");
}

#[test]
fn romans_5_0_a_commander_moves_once_a_phase() {
    let mut s = smw();
    to_macedon(&mut s);
    let r = submit(
        &mut s,
        orders("moves: [{commander: nicanor, path: [\"5519\"]}, {commander: nicanor, path: [\"5518\"]}]"),
        &mut dice(1),
    );
    refused(r, "Romans [5.0]");
}

#[test]
fn romans_5_11_only_the_phasing_players_commanders_move() {
    let mut s = smw();
    let r = submit(
        &mut s,
        orders("moves: [{commander: nicanor, path: [\"5519\"]}]"),
        &mut dice(1),
    );
    refused(r, "Romans [5.11]");
}

#[test]
fn romans_5_0_unknown_commander_names_the_nearest() {
    let mut s = smw();
    to_macedon(&mut s);
    let why = refused(
        submit(
            &mut s,
            orders("moves: [{commander: athenagoras, path: [\"5019\"]}]"),
            &mut dice(1),
        ),
        "Romans [5.0]",
    );
    assert!(why.contains("athenagorus"), "{why}");
}

#[test]
fn romans_5_25_no_passing_through_an_uncontrolled_b_city() {
    let mut s = smw();
    to_macedon(&mut s);
    // Athens (5828, B, uncontrolled): Sopater may not pass through it from Chalcis…
    let why = refused(
        submit(
            &mut s,
            orders("moves: [{commander: sopater, path: [\"5827\", \"5828\", \"5829\"]}]"),
            &mut dice(1),
        ),
        "Romans [5.25]",
    );
    assert!(why.contains("Athens"), "{why}");
    // …and entering it means a siege, which is not resolved yet (5.52, 13.4).
    let why = refused(
        submit(
            &mut s,
            orders("moves: [{commander: sopater, path: [\"5827\", \"5828\"]}]"),
            &mut dice(1),
        ),
        "Romans [5.52], [13.4]",
    );
    assert!(why.contains("besiege"), "{why}");
}

#[test]
fn romans_5_22_enemy_occupied_hex_needs_two_more_mp_and_starts_combat() {
    let mut s = smw();
    // A Roman legion with its tribune stands at 5019, a hex from Antipatreia.
    for id in ["legion-III", "tribune-III-1"] {
        let at = Position {
            map: "romans".into(),
            hex: "5019".into(),
            inside: false,
        };
        if let Some(u) = s.units.get_mut(id) {
            u.at = at;
        } else {
            s.commanders.get_mut(id).unwrap().at = at;
        }
    }
    to_macedon(&mut s);
    // A commander alone has nothing to attack with.
    refused(
        submit(
            &mut s.clone(),
            orders("moves: [{commander: athenagorus, path: [\"5019\"]}]"),
            &mut dice(1),
        ),
        "Romans [8.2], [9.22]",
    );
    let force = units_at(&s, "4919", "macedon");
    let ev = submit(
        &mut s,
        orders(&format!(
            "moves: [{{commander: athenagorus, with: [{}], path: [\"5019\"]}}]",
            force.join(", ")
        )),
        &mut dice(1),
    )
    .unwrap();
    let t = texts(&ev);
    assert!(t.contains("Major Land Battle at 5019"), "{t}");
    assert!(t.contains("pays 2 MP more for the combat at 5019"), "{t}");
}

#[test]
fn romans_8_32_a_naval_commander_leads_no_land_force() {
    let mut s = smw();
    to_macedon(&mut s);
    let r = submit(
        &mut s,
        orders("moves: [{commander: heracleidas, with: [macedon-hoplite-1], path: [\"5625\"]}]"),
        &mut dice(1),
    );
    refused(r, "Romans [8.32]");
}

#[test]
fn romans_5_85_rating_one_may_not_force_march() {
    let mut s = smw();
    to_macedon(&mut s);
    let r = submit(
        &mut s,
        orders("moves: [{commander: leo, path: [\"5625\"], forced_march: {extra_hexes: 1}}]"),
        &mut dice(1),
    );
    refused(r, "Romans [5.85]");
}

#[test]
fn romans_5_83_forced_march_rolls_in_the_declared_column_and_infantry_pays() {
    // Philip V marches on the 5 columns (5.84): from Pella with three phalanxes and a heavy
    // cavalry, 20 MP of hexes and then declared extra hexes.
    let mut s = smw();
    to_macedon(&mut s);
    // Put Philip at Pella with the Pella Force; north, 5519 … 5508 are 19 MP, then 5507 and
    // 5506 are the two declared extra hexes.
    s.commanders.get_mut("philip-v").unwrap().at = s.units["macedon-phalanx-10"].at.clone();
    s.commanders.get_mut("philip-v").unwrap().at.inside = false;
    let path: Vec<String> = (6..=19).rev().map(|r| format!("55{r:02}")).collect();
    let force = [
        "macedon-phalanx-10",
        "macedon-phalanx-11",
        "macedon-heavy-cavalry-2",
    ];
    let before: u32 = force.iter().map(|u| s.units[*u].ssp).sum();
    let ev = submit(
        &mut s,
        orders(&format!(
            "moves: [{{commander: philip-v, with: [{}], path: [{}], forced_march: {{extra_hexes: 2, losses_from: [macedon-phalanx-11]}}}}]",
            force.join(", "),
            path.iter().map(|h| format!("\"{h}\"")).collect::<Vec<_>>().join(", ")
        )),
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert!(t.contains("2 Forced March hexes"), "{t}");
    let line = ev
        .iter()
        .find(|e| e.rule == "Romans [5.86]")
        .expect("attrition roll")
        .text
        .clone();
    assert!(line.contains("in column sr5+2"), "{line}");
    let roll: u32 = line
        .split("rolls ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let table = s.pack.table("forced-march-attrition").unwrap();
    let lost: u32 = table
        .cell(&roll.to_string(), "sr5+2")
        .unwrap()
        .parse()
        .unwrap();
    let after: u32 = force
        .iter()
        .filter_map(|u| s.units.get(*u))
        .map(|u| u.ssp)
        .sum();
    assert_eq!(before - after, lost, "{line}");
    assert_eq!(
        s.units["macedon-heavy-cavalry-2"].ssp, 2,
        "cavalry never pay (5.86 key)"
    );
    assert_eq!(
        s.commanders["philip-v"].at.hex,
        path.last().unwrap().as_str()
    );
}

#[test]
fn romans_errata_5_83_untried_consul_revealed_on_forced_march() {
    let mut s = smw();
    // The field consul at Brundisium marches with Legion I along the coast road north-west.
    let ev = submit(
        &mut s,
        orders("moves: [{commander: field-consul, with: [legion-I], path: [\"4320\"], forced_march: {extra_hexes: 1}}]"),
        &mut dice(5),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert!(t.contains("the untried field-consul is revealed"), "{t}");
    assert!(s.commanders["field-consul"].counter.is_some());
    let r = s.rating("field-consul").unwrap();
    assert!(s
        .drawn
        .contains(s.commanders["field-consul"].counter.as_ref().unwrap()));
    if r >= 2 {
        assert!(t.contains("Forced March attrition"), "{t}");
    } else {
        assert!(t.contains("there is no Forced March"), "{t}");
    }
}

#[test]
fn romans_20_1_only_second_macedonian_war_so_far() {
    // 20.2 is registered since (tests/romans_syrian_war.rs); an unknown scenario is refused.
    let r = Romans;
    assert!(r.load_scenario("third-punic-war", &[]).is_err());
}

/// Pleuratus's Illyrians (Rome's active ally from the start, 20.15), placed at Scodra (4715):
/// south along the coast plain, each hex clear (1 MP). Measured back to Scodra as the supply
/// radius is (AMB-30, AMB-52; entering rough Scodra costs 3 MP): 4822 lies 10 MP from it,
/// 4923 11 MP.
const ILLYRIAN_PATH: [&str; 9] = [
    "4716", "4816", "4817", "4818", "4819", "4820", "4821", "4822", "4923",
];

fn illyrian_move(commander: &str, hexes: &[&str]) -> String {
    let path: Vec<String> = hexes.iter().map(|h| format!("\"{h}\"")).collect();
    format!(
        "moves: [{{commander: {commander}, with: [illyria-barbarian-infantry-1, illyria-barbarian-infantry-2], path: [{}]}}]",
        path.join(", ")
    )
}

#[test]
fn romans_16_15_allied_force_held_within_10_mp_of_its_origin() {
    let base = smw();
    for id in [
        "illyria-barbarian-infantry-1",
        "illyria-barbarian-infantry-2",
        "pleuratus",
    ] {
        let at = base
            .units
            .get(id)
            .map(|u| u.at.hex.clone())
            .or_else(|| base.commanders.get(id).map(|c| c.at.hex.clone()));
        assert_eq!(at.as_deref(), Some("4715"), "{id} starts at Scodra");
    }
    // 8 hexes, 8 MP of movement, ending 10 MP from Scodra: allowed.
    let mut s = base.clone();
    submit(
        &mut s,
        orders(&illyrian_move("pleuratus", &ILLYRIAN_PATH[..8])),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.units["illyria-barbarian-infantry-1"].at.hex, "4822");
    assert_eq!(s.units["illyria-barbarian-infantry-2"].at.hex, "4822");
    // One hex more, 9 MP of a 20 MP allowance, but 11 MP from Scodra: refused.
    let mut s = base.clone();
    let why = refused(
        submit(
            &mut s,
            orders(&illyrian_move("pleuratus", &ILLYRIAN_PATH)),
            &mut dice(1),
        ),
        "Romans [16.15]",
    );
    assert!(
        why.starts_with("path[8] 4923: illyria-barbarian-infantry-"),
        "{why}"
    );
    assert!(
        why.contains("Pleuratus is not a commander of its parent power: it may not go more than 10 MP from its point of origin (4715)"),
        "{why}"
    );
    assert_eq!(s.units["illyria-barbarian-infantry-1"].at.hex, "4715");
    // Dropped at 4822 on the way, they never go beyond: Pleuratus goes on alone.
    let mut s = base;
    let o = format!(
        "{}, drop_off: {{\"4822\": [illyria-barbarian-infantry-1, illyria-barbarian-infantry-2]}}}}]",
        illyrian_move("pleuratus", &ILLYRIAN_PATH).trim_end_matches("}]")
    );
    submit(&mut s, orders(&o), &mut dice(1)).unwrap();
    assert_eq!(s.units["illyria-barbarian-infantry-1"].at.hex, "4822");
    assert_eq!(s.commanders["pleuratus"].at.hex, "4923");
}

#[test]
fn romans_16_15_a_parent_power_commander_lifts_the_leash() {
    // A Roman praetor at Scodra leads the same Illyrians the same 9 MP, to 4923, 11 MP from
    // Scodra: a commander of the parent power takes them anywhere his MP reach.
    let mut s = smw();
    s.commanders.get_mut("praetor-1").unwrap().at = Position {
        map: "romans".into(),
        hex: "4715".into(),
        inside: false,
    };
    let ev = submit(
        &mut s,
        orders(&illyrian_move("praetor-1", &ILLYRIAN_PATH)),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.units["illyria-barbarian-infantry-1"].at.hex, "4923");
    assert_eq!(s.units["illyria-barbarian-infantry-2"].at.hex, "4923");
    let x = texts(&ev);
    assert!(x.contains("9 MP"), "{x}");
}
