//! The Romans: the naval rules — fleet movement (Romans [5.2]–[5.6], [5.43]–[5.47]), Naval Bases
//! ([5.6], [17.15], [17.33]), naval interception ([6.6], [6.7]), naval combat with the errata's
//! loss points ([11], errata 11.2, follow-up 11.2 and 11.5), naval transport ([12]), fleets in
//! assaults and sieges ([13.28], [13.47]–[13.49]), naval attrition ([15.2]) and the Syrian War's
//! joined maps ([20.21], [20.22]) — driven through `Romans::apply` with standing orders; each
//! worked example of the naval sections with its own numbers.

#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use std::collections::BTreeMap;

use common::*;
use legatus::games::conquerors::force::{Position, Squadron};
use legatus::games::conquerors::romans::fleets;
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::Romans;
use legatus::geo::HexKey;
use legatus::ruleset::Ruleset;
use support::*;

/// Puts a unit, commander or squadron at `hex` of the Romans map (outside any city).
fn put(s: &mut State, id: &str, hex: &str) {
    if let Some(q) = s.squadrons.get_mut(id) {
        q.at = Position {
            map: "romans".into(),
            hex: hex.into(),
            inside: false,
        };
    } else {
        place(s, id, hex);
    }
}

/// A new squadron of `side` at `hex`.
fn squadron(s: &mut State, id: &str, side: &str, kind: &str, half: bool, hex: &str) {
    s.squadrons.insert(
        id.into(),
        Squadron {
            side: side.into(),
            nation: side.into(),
            kind: kind.into(),
            half,
            at: Position {
                map: "romans".into(),
                hex: hex.into(),
                inside: false,
            },
        },
    );
}

fn city(s: &State, name: &str) -> String {
    s.cities
        .iter()
        .find(|(_, c)| c.name == name)
        .map(|(k, _)| k.clone())
        .unwrap_or_else(|| panic!("no city {name}"))
}

fn control(s: &mut State, name: &str, side: Option<&str>) {
    let k = city(s, name);
    s.cities.get_mut(&k).unwrap().control = side.map(str::to_string);
}

fn none() -> BTreeMap<String, legatus::games::conquerors::romans::orders::Standing> {
    BTreeMap::new()
}

fn at(s: &State, id: &str) -> String {
    s.squadrons
        .get(id)
        .map(|q| q.at.hex.clone())
        .or_else(|| s.units.get(id).map(|u| u.at.hex.clone()))
        .or_else(|| s.commanders.get(id).map(|c| c.at.hex.clone()))
        .unwrap_or_else(|| "gone".into())
}

/// The Syrian War as set up (Romans 20.2).
fn syrian_war() -> State {
    let r = Romans;
    let data = r.load_scenario("syrian-war", &[]).unwrap();
    r.setup("syrian-war", &data, &[]).unwrap()
}

// ---------------------------------------------------------------- movement (5.2–5.6)

#[test]
fn romans_5_43_a_fleet_sails_one_mp_a_hex_and_rolls_for_each_all_sea_hex() {
    // Brundisium to Apollonia: three all-sea hexes and the port, 4 MP of 20 (ruling AMB-05);
    // each all-sea hex entered costs an attrition roll (15.21).
    let s = smw();
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1, rome-heavy-2], path: [\"4418\", \"4518\", \"4618\", \"4719\"]}]";
    let (after, ev, _) = search(&s, o, &none(), |x, _| {
        x.squadrons.contains_key("rome-heavy-1") && x.squadrons.contains_key("rome-heavy-2")
    });
    let t = texts(&ev);
    assert!(
        t.contains("sails 4319 → 4418 → 4518 → 4618 → 4719 (4 MP of 20 MP)"),
        "{t}"
    );
    assert_eq!(
        lines(&ev, "Romans [15.21], [5.43]").len(),
        3,
        "one roll per all-sea hex: {t}"
    );
    assert_eq!(at(&after, "rome-heavy-1"), "4719");
    assert_eq!(at(&after, "legate-1"), "4719");
}

#[test]
fn romans_5_24_a_fleet_never_ends_its_move_in_an_all_sea_hex() {
    let mut s = smw();
    let o = "moves: [{commander: legate-1, with: [rome-light-1], path: [\"4418\"]}]";
    refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [5.24]",
    );
}

#[test]
fn romans_5_43_a_fleet_never_enters_an_all_land_hex() {
    let mut s = smw();
    let o = "moves: [{commander: legate-1, with: [rome-light-1], path: [\"4419\", \"4420\", \"4321\"]}]";
    let why = refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [5.43]",
    );
    assert!(why.contains("path[2] 4321"), "{why}");
}

#[test]
fn romans_8_32_a_tribune_never_commands_a_fleet() {
    let mut s = smw();
    let o = "moves: [{commander: tribune-I-1, with: [rome-light-1], path: [\"4418\", \"4518\", \"4618\", \"4719\"]}]";
    refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [8.32]",
    );
}

#[test]
fn romans_5_62_no_hex_a_fleet_enters_is_beyond_20_mp_of_a_friendly_naval_base() {
    // A Roman fleet at Oreus (5626), in the Aegean: every Roman base is more than 20 MP away.
    let mut s = smw();
    control(&mut s, "Oreus", Some("rome"));
    put(&mut s, "legate-2", "5626");
    put(&mut s, "rome-medium-2", "5626");
    let w = fleets::waters(&s);
    let r = legatus::games::conquerors::romans::naval_bases::reach(
        &s,
        &w,
        "rome",
        &["rome".to_string()].into_iter().collect(),
    );
    assert!(!r.contains_key(&HexKey::parse("5625", "romans").unwrap()));
    let o = "moves: [{commander: legate-2, with: [rome-medium-2], path: [\"5625\", \"5626\"]}]";
    refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [5.62]",
    );
    // With a Naval Base built at Oreus (17.33) the same move is legal.
    let k = city(&s, "Oreus");
    s.built_bases.insert(k, "rome".into());
    submit_with(&mut s, o, &none(), &mut stream(1)).unwrap();
    assert_eq!(at(&s, "rome-medium-2"), "5626");
}

#[test]
fn romans_5_26_a_fleet_enters_an_enemy_b_city_hex_only_to_besiege_it() {
    // Chalcis (5727, B) is Macedon's: a Roman fleet may not sail into or through its hex.
    let mut s = smw();
    control(&mut s, "Oreus", Some("rome"));
    let k = city(&s, "Oreus");
    s.built_bases.insert(k, "rome".into());
    put(&mut s, "legate-2", "5626");
    put(&mut s, "rome-medium-2", "5626");
    let o = "moves: [{commander: legate-2, with: [rome-medium-2], path: [\"5727\", \"5626\"]}]";
    let why = refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [5.26], [13.15]",
    );
    assert!(why.contains("Chalcis"), "{why}");
}

#[test]
fn romans_5_33_corinth_serves_fleets_only_from_the_south() {
    // Macedon's fleet on the Corinthian Gulf side may not use Corinth's port (5529).
    let mut s = smw();
    let w = fleets::waters(&s);
    let corinth = HexKey::parse("5529", "romans").unwrap();
    let north = w
        .neighbours(&corinth)
        .into_iter()
        .find(|n| n.hex.to_string() != "5629" && w.fleet_enters(n) && !w.port(n))
        .expect("a water hex by Corinth other than 5629");
    let n = north.hex.to_string();
    put(&mut s, "heracleidas", &n);
    put(&mut s, "macedon-light-1", &n);
    to_macedon(&mut s);
    let o = "moves: [{commander: heracleidas, with: [macedon-light-1], path: [\"5529\"]}]";
    refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [5.33]",
    );
}

#[test]
fn romans_5_23_a_squadron_moves_under_one_commander_a_phase() {
    let mut s = smw();
    let o = "moves: [{commander: legate-1, with: [rome-light-1], path: [\"4418\", \"4518\", \"4618\", \"4719\"]}, {commander: praetor-1, with: [rome-light-1], path: [\"4418\"]}]";
    let _ = o;
    // The second move finds the squadron gone from Brundisium; name one that stayed but has
    // moved: the light squadron sails to Apollonia and back under the legate, then the praetor
    // may not take it.
    let o = "moves: [{commander: legate-1, with: [rome-light-1], path: [\"4418\", \"4319\"]}, {commander: praetor-1, with: [rome-light-1], path: [\"4418\", \"4319\"]}]";
    refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [5.23]",
    );
}

// ---------------------------------------------------------------- transport (12), errata 5.23

#[test]
fn romans_errata_5_23_example_tribune_marches_legate_sails_tribune_marches_on() {
    // The errata's example: a legion marched to a port by its tribune, picked up there by a
    // legate's fleet, carried by sea, and marched on by the tribune — within its 20 MP. Legion
    // IV marches from 3228 into Syracusa, sails to Messana (4 MP) and marches on across the
    // strait's ferry to 3425.
    let mut s = smw();
    put(&mut s, "legate-2", "3329");
    put(&mut s, "rome-medium-2", "3329");
    put(&mut s, "legion-IV", "3228");
    put(&mut s, "tribune-IV-1", "3228");
    let o = "moves:
  - {commander: tribune-IV-1, with: [legion-IV], path: [\"3329\"]}
  - {commander: legate-2, with: [rome-medium-2, legion-IV, tribune-IV-1], path: [\"3328\", \"3427\", \"3426\", \"3526\"], drop_off: {\"3526\": [legion-IV, tribune-IV-1]}}
  - {commander: tribune-IV-1, with: [legion-IV], path: [\"3425\"]}";
    let (after, ev, _) = search(&s, o, &none(), |x, _| {
        x.units
            .get("legion-IV")
            .is_some_and(|u| u.at.hex == "3425" && u.ssp == 24)
    });
    let t = texts(&ev);
    assert!(t.contains("legion-IV, tribune-IV-1 land at 3526"), "{t}");
    assert!(
        t.contains("sails 3329 → 3328 → 3427 → 3426 → 3526 (4 MP of 20 MP)"),
        "{t}"
    );
    // The tribune's second march starts from the MP he had left: his own 1 MP, 4 at sea.
    let second = lines(&ev, "Romans [5.12]")
        .into_iter()
        .find(|l| l.contains("moves 3526 → 3425"))
        .unwrap_or_else(|| panic!("{t}"));
    assert!(
        second.contains("(6 MP of 20 MP)"),
        "1 + 4 at sea + 1: {second}"
    );
    assert_eq!(at(&after, "tribune-IV-1"), "3425");
    assert_eq!(at(&after, "rome-medium-2"), "3526");
}

#[test]
fn romans_follow_up_8_32_the_sea_leg_uses_the_land_commanders_remaining_mp() {
    // The tribune has marched 18 MP: the legate may carry his Force only 2 MP further.
    let mut s = smw();
    put(&mut s, "legate-2", "3329");
    put(&mut s, "rome-medium-2", "3329");
    put(&mut s, "legion-IV", "3329");
    put(&mut s, "tribune-IV-1", "3329");
    s.moved.insert(
        "tribune-IV-1".into(),
        legatus::games::conquerors::romans::state::Moved {
            spent: 36,
            forced: 0,
        },
    );
    s.committed
        .insert("legion-IV".into(), "tribune-IV-1".into());
    let o = "moves: [{commander: legate-2, with: [rome-medium-2, legion-IV, tribune-IV-1], path: [\"3328\", \"3427\", \"3426\", \"3526\"]}]";
    let why = refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [5.12], errata 5.23",
    );
    assert!(why.contains("path[2]"), "{why}");
    assert!(why.contains("its own 20 MP"), "{why}");
}

#[test]
fn romans_12_12_a_half_squadron_carries_12_ssp_a_full_one_a_legion() {
    let mut s = smw();
    s.squadrons.get_mut("rome-light-1").unwrap().half = true;
    let o = "moves: [{commander: legate-1, with: [rome-light-1, legion-II], path: [\"4418\", \"4518\", \"4618\", \"4719\"]}]";
    let why = refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [12.12]",
    );
    assert!(why.contains("legion-II (24 SSP)"), "{why}");
    let o = "moves: [{commander: legate-1, with: [rome-light-2, legion-II], path: [\"4418\", \"4518\", \"4618\", \"4719\"], drop_off: {\"4719\": [legion-II]}}]";
    submit_with(&mut s, o, &none(), &mut stream(1)).unwrap();
}

#[test]
fn romans_12_14_land_units_embark_only_in_a_friendly_controlled_port() {
    // 4420 is a clear coastal hex, not a port.
    let mut s = smw();
    put(&mut s, "legate-1", "4420");
    put(&mut s, "rome-heavy-1", "4420");
    put(&mut s, "legion-I", "4420");
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1, legion-I], path: [\"4319\"]}]";
    let why = refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [12.14]",
    );
    assert!(why.contains("friendly controlled port"), "{why}");
}

#[test]
fn romans_12_14_land_units_land_in_a_clear_hex_not_a_rough_one() {
    let mut s = smw();
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1, legion-I], path: [\"4419\", \"4420\", \"4421\"], drop_off: {\"4421\": [legion-I]}}]";
    let why = refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [12.14]",
    );
    assert!(why.contains("rough"), "{why}");
    // A clear coastal hex (4420) is a landing place.
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1, legion-I], path: [\"4419\", \"4420\"], drop_off: {\"4420\": [legion-I]}}]";
    let (after, ev, _) = search(&s, o, &none(), |_, ev| {
        texts(ev).contains("hex 4419: rolls 1 on the Naval Attrition Table")
    });
    assert_eq!(at(&after, "legion-I"), "4420", "{}", texts(&ev));
    assert!(!after.naval.aboard.contains_key("legion-I"));
}

#[test]
fn romans_12_2_the_merchant_fleet_sails_without_a_commander_and_carries_20_ssp() {
    // The Merchant, come to Hippo Regius, takes the four Numidian units aboard (8 SSP; errata:
    // no land commander needed aboard a Merchant) and lands them on the coast at 1125.
    let mut s = smw();
    put(&mut s, "rome-merchant-1", "1225");
    let o = "moves: [{commander: rome-merchant-1, with: [rome-barbarian-infantry-1, rome-barbarian-infantry-2, rome-barbarian-infantry-3, rome-barbarian-infantry-4], path: [\"1125\"], drop_off: {\"1125\": [rome-barbarian-infantry-1, rome-barbarian-infantry-2, rome-barbarian-infantry-3, rome-barbarian-infantry-4]}}]";
    let mut x = s.clone();
    let ev = submit_with(&mut x, o, &none(), &mut stream(1)).unwrap();
    let t = texts(&ev);
    assert!(
        t.contains("rome-merchant-1 sails 1225 → 1125 (1 MP of 20 MP)"),
        "{t}"
    );
    assert_eq!(at(&x, "rome-barbarian-infantry-4"), "1125", "{t}");
    // A legion (22 SSP) is more than a Merchant carries.
    put(&mut s, "legion-III", "1225");
    let o = "moves: [{commander: rome-merchant-1, with: [legion-III], path: [\"1125\"]}]";
    let why = refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [12.12]",
    );
    assert!(why.contains("legion-III (22 SSP)"), "{why}");
}

#[test]
fn romans_12_2_a_warship_does_not_move_without_a_commander() {
    let mut s = smw();
    let o = "moves: [{commander: rome-light-1, path: [\"4418\", \"4518\", \"4618\", \"4719\"]}]";
    refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [8.2], [12.2]",
    );
}

#[test]
fn romans_12_13_a_consul_marches_to_port_takes_ship_and_lands_to_march_on() {
    // The field consul takes Legion II aboard at Brundisium, sails to 4420, drops his ships
    // there and lands with the legion, then marches inland to 4321: one move.
    let s = smw();
    let o = "moves: [{commander: field-consul, with: [rome-heavy-2, legion-II], path: [\"4419\", \"4420\", \"4321\"], drop_off: {\"4420\": [rome-heavy-2, legion-II]}}]";
    let (x, ev, _) = search(&s, o, &none(), |_, ev| {
        texts(ev).contains("hex 4419: rolls 1 on the Naval Attrition Table")
    });
    let t = texts(&ev);
    assert_eq!(at(&x, "legion-II"), "4321", "{t}");
    assert_eq!(at(&x, "field-consul"), "4321", "{t}");
    assert_eq!(at(&x, "rome-heavy-2"), "4420", "{t}");
    assert!(t.contains("field-consul land at 4420"), "{t}");
}

// ---------------------------------------------------------------- naval combat (11)

/// Macedon's Heracleidas with one Heavy squadron at Oricus (4620, made Macedon's with a built
/// base so it is in reach), the Roman Heavies at 4520 next door, no commander with them.
fn oricus_duel() -> State {
    let mut s = smw();
    control(&mut s, "Oricus", Some("macedon"));
    let k = city(&s, "Oricus");
    s.built_bases.insert(k, "macedon".into());
    put(&mut s, "heracleidas", "4620");
    put(&mut s, "macedon-heavy-1", "4620");
    put(&mut s, "rome-heavy-1", "4719");
    put(&mut s, "rome-heavy-2", "4719");
    to_macedon(&mut s);
    s
}

#[test]
fn romans_follow_up_11_5_example_1_2_roll_2_reads_a5_d1() {
    // 6 against 12 is 1-2; the defenders have no commander (+1, 11.4), so a die of 1 reads row
    // 2: printed A4/- , under the follow-up A5/D1. Five loss points take one Heavy step (3);
    // one point takes nothing from a fleet without lembi (F's own note).
    let s = oricus_duel();
    let o =
        "moves: [{commander: heracleidas, with: [macedon-heavy-1], path: [\"4619\", \"4719\"]}]";
    let (after, ev, _) = search(&s, o, &none(), |_, ev| {
        let t = texts(ev);
        t.contains("rolls 1 +1 = 2: A4/-") && t.contains("hex 4619: rolls 1 on the Naval Attrition")
    });
    let t = texts(&ev);
    assert!(t.contains("attacks with 6 against 12 (1-2)"), "{t}");
    assert!(
        t.contains("errata-f: attacker 5 loss points, defender 1 loss points"),
        "{t}"
    );
    assert!(!after.squadrons["rome-heavy-1"].half && !after.squadrons["rome-heavy-2"].half);
    // 11.15: the attacker lost more steps: it stops and returns to port (Oricus).
    assert!(t.contains("lost more steps (1 to 0)"), "{t}");
    if let Some(q) = after.squadrons.get("macedon-heavy-1") {
        assert!(q.half, "{t}");
        assert_eq!(q.at.hex, "4620", "{t}");
    }
}

/// Rome's fleet of 2H, 1M, 2L (20) under the legate at Brundisium; a leaderless Macedonian
/// Heavy and Medium (10) at 4420.
fn h_and_m_at_4420() -> State {
    let mut s = smw();
    squadron(&mut s, "macedon-heavy-9", "macedon", "heavy", false, "4420");
    squadron(
        &mut s,
        "macedon-medium-9",
        "macedon",
        "medium",
        false,
        "4420",
    );
    s
}

const ROME_FLEET: &str = "[rome-heavy-1, rome-heavy-2, rome-medium-1, rome-light-1, rome-light-2]";

#[test]
fn romans_errata_11_2_example_four_points_against_heavy_and_medium_take_both_medium_steps() {
    // 20 against 10 is 2-1; leaderless defenders +1; a die of 3 reads row 4: A2/D3, under the
    // follow-up A3/D4. Four points against a Heavy and a Medium remove both Medium steps.
    let s = h_and_m_at_4420();
    let o =
        format!("moves: [{{commander: legate-1, with: {ROME_FLEET}, path: [\"4419\", \"4420\"]}}]");
    let (after, ev, _) = search(&s, &o, &none(), |_, ev| {
        texts(ev).contains("rolls 3 +1 = 4: A2/D3")
    });
    let t = texts(&ev);
    assert!(t.contains("(2-1)"), "{t}");
    assert!(!after.squadrons.contains_key("macedon-medium-9"), "{t}");
    assert!(!after.squadrons["macedon-heavy-9"].half, "{t}");
}

#[test]
fn romans_errata_11_2_example_five_points_take_a_medium_and_a_heavy_step() {
    // Row 5 at 2-1 reads A1/D4, under the follow-up A2/D5: one Medium step and one Heavy step.
    let s = h_and_m_at_4420();
    let o =
        format!("moves: [{{commander: legate-1, with: {ROME_FLEET}, path: [\"4419\", \"4420\"]}}]");
    let (after, ev, _) = search(&s, &o, &none(), |_, ev| {
        texts(ev).contains("rolls 4 +1 = 5: A1/D4")
    });
    let t = texts(&ev);
    assert!(after.squadrons["macedon-heavy-9"].half, "{t}");
    assert!(after.squadrons["macedon-medium-9"].half, "{t}");
    // The attacker's two points: the most steps, so two Light steps (ruling AMB-03).
    let light_steps_lost: u32 = ["rome-light-1", "rome-light-2"]
        .iter()
        .map(|q| match after.squadrons.get(*q) {
            None => 2,
            Some(x) if x.half => 1,
            _ => 0,
        })
        .sum();
    assert_eq!(light_steps_lost, 2, "{t}");
}

#[test]
fn romans_11_22_example_roll_5_at_1_1_attacker_loses_2_steps_defender_4() {
    // As printed (option naval-crt-errata=none): steps. 10 against 10 is 1-1; leaderless
    // defenders +1; a die of 4 reads row 5: A2/D4.
    let mut s = h_and_m_at_4420();
    s.options.push("naval-crt-errata=none".into());
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1, rome-medium-1], path: [\"4419\", \"4420\"]}]";
    let (after, ev, _) = search(&s, o, &none(), |_, ev| {
        texts(ev).contains("rolls 4 +1 = 5: A2/D4")
    });
    let t = texts(&ev);
    assert!(t.contains("attacker 2 steps, defender 4 steps"), "{t}");
    assert!(!after.squadrons.contains_key("macedon-heavy-9"), "{t}");
    assert!(!after.squadrons.contains_key("macedon-medium-9"), "{t}");
}

#[test]
fn romans_11_24_e_eliminates_the_whole_fleet_and_11_4_its_commander() {
    // One Light (2) against the Roman Heavies (12): 1-3 (below 1-3 uses 1-3); a die of 1 with
    // +1 reads row 2: Ae/-: Heracleidas goes down with his fleet.
    let mut s = oricus_duel();
    put(&mut s, "macedon-heavy-1", "5624");
    put(&mut s, "macedon-light-1", "4620");
    let o =
        "moves: [{commander: heracleidas, with: [macedon-light-1], path: [\"4619\", \"4719\"]}]";
    let (after, ev, _) = search(&s, o, &none(), |_, ev| texts(ev).contains("= 2: Ae/-"));
    let t = texts(&ev);
    assert!(!after.squadrons.contains_key("macedon-light-1"), "{t}");
    assert!(!after.commanders.contains_key("heracleidas"), "{t}");
    assert!(t.contains("goes down with the whole Macedon fleet"), "{t}");
}

#[test]
fn romans_12_2_a_merchant_attacked_alone_is_eliminated() {
    let mut s = oricus_duel();
    put(&mut s, "rome-heavy-1", "4319");
    put(&mut s, "rome-heavy-2", "4319");
    put(&mut s, "rome-merchant-1", "4719");
    let o =
        "moves: [{commander: heracleidas, with: [macedon-heavy-1], path: [\"4619\", \"4719\"]}]";
    let ev = submit_with(&mut s, o, &none(), &mut stream(2)).unwrap();
    let t = texts(&ev);
    assert!(!s.squadrons.contains_key("rome-merchant-1"), "{t}");
    assert!(
        t.contains("has no combat strength and is eliminated"),
        "{t}"
    );
}

#[test]
fn romans_11_13_a_fleet_retreats_before_combat_into_a_friendly_port() {
    // The Roman Heavies at 4719 (Apollonia) with the legate retreat from Heracleidas to
    // Brundisium (4 MP): no combat, and no Disruption (not more than 4 MP).
    let mut s = oricus_duel();
    put(&mut s, "legate-1", "4719");
    let rome = standing("rome", "fleet_when_attacked: {legate-1: retreat}");
    let o =
        "moves: [{commander: heracleidas, with: [macedon-heavy-1], path: [\"4619\", \"4719\"]}]";
    let ev = submit_with(&mut s, o, &rome, &mut stream(2)).unwrap();
    let t = texts(&ev);
    assert!(t.contains("Retreats Before Combat 4719"), "{t}");
    assert!(
        lines(&ev, "Romans [11.14], [11.4], [11.5]").is_empty(),
        "{t}"
    );
    let to = at(&s, "rome-heavy-1");
    assert_eq!(to, at(&s, "legate-1"));
    assert_ne!(to, "4719");
}

#[test]
fn romans_11_13_default_the_attacked_fleet_stands_and_says_so() {
    let s = oricus_duel();
    let o =
        "moves: [{commander: heracleidas, with: [macedon-heavy-1], path: [\"4619\", \"4719\"]}]";
    let mut x = s.clone();
    let ev = submit_with(&mut x, o, &none(), &mut stream(2)).unwrap();
    assert!(texts(&ev).contains("it stands (default)"), "{}", texts(&ev));
}

#[test]
fn romans_11_12_entering_an_enemy_fleet_hex_needs_two_more_mp() {
    // A fleet with 1 MP left may not attack.
    let mut s = oricus_duel();
    s.moved.insert(
        "heracleidas".into(),
        legatus::games::conquerors::romans::state::Moved {
            spent: 0,
            forced: 0,
        },
    );
    s.moved.clear();
    let o = "moves: [{commander: heracleidas, with: [macedon-heavy-1], path: [\"4619\", \"4620\", \"4619\", \"4620\", \"4619\", \"4620\", \"4619\", \"4620\", \"4619\", \"4620\", \"4619\", \"4620\", \"4619\", \"4620\", \"4619\", \"4620\", \"4619\", \"4620\", \"4619\", \"4719\"]}]";
    let why = refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [11.12], [9.22]",
    );
    assert!(why.contains("path[19]"), "{why}");
}

#[test]
fn romans_11_16_a_fleet_beginning_in_an_enemy_fleets_hex_moves_away_or_fights() {
    let mut s = smw();
    squadron(&mut s, "macedon-light-9", "macedon", "light", false, "4319");
    let o = "moves: []";
    refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [11.16]",
    );
    // Attacking it in place (its own hex named first) is the other choice.
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1], path: [\"4319\"]}]";
    let mut x = s.clone();
    let ev = submit_with(&mut x, o, &none(), &mut stream(1)).unwrap();
    assert!(
        !lines(&ev, "Romans [11.14], [11.4], [11.5]").is_empty(),
        "{}",
        texts(&ev)
    );
}

#[test]
fn romans_11_15_a_fleet_attacks_a_given_fleet_once_a_phase() {
    let mut s = h_and_m_at_4420();
    s.squadrons.remove("macedon-medium-9");
    let o = format!("moves: [{{commander: legate-1, with: {ROME_FLEET}, path: [\"4419\", \"4420\", \"4419\", \"4420\"]}}]");
    // The check before the dice stops at the first attack; the second is refused when it is
    // reached, and the move ends there (the dice have been rolled).
    let (_, ev, _) = search(&s, &o, &none(), |x, _| {
        x.squadrons.contains_key("macedon-heavy-9")
    });
    let t = texts(&ev);
    assert!(t.contains("Romans [11.15]"), "{t}");
}

// ---------------------------------------------------------------- interception (6.6)

#[test]
fn romans_6_63_naval_interception_zone_1_succeeds_on_1_to_5() {
    // Heracleidas's fleet at Oricus (4620) watches 4520 (adjacent, Zone-1) and 4519 (Zone-2).
    let mut s = smw();
    control(&mut s, "Oricus", Some("macedon"));
    let k = city(&s, "Oricus");
    s.built_bases.insert(k, "macedon".into());
    put(&mut s, "heracleidas", "4620");
    put(&mut s, "macedon-heavy-1", "4620");
    let mac = standing("macedon", "naval_intercept: {heracleidas: {zones: [1]}}");
    let o = "moves: [{commander: legate-1, with: [rome-light-1], path: [\"4419\", \"4520\", \"4521\", \"4621\", \"4622\", \"4723\"]}]";
    let (_, ev, _) = search(&s, o, &mac, |_, ev| {
        texts(ev).contains("at 4520, Zone-1: rolls 5, intercepted")
    });
    let t = texts(&ev);
    assert!(
        t.contains("moves from 4620 to 4520 at no cost and attacks"),
        "{t}"
    );
    assert!(t.contains("naval battle at 4520: Macedon attacks"), "{t}");
    // A 6 fails at Zone-1.
    let (_, ev, _) = search(&s, o, &mac, |_, ev| {
        texts(ev).contains("at 4520, Zone-1: rolls 6, no interception")
    });
    assert!(lines(&ev, "Romans [11.14], [11.4], [11.5]").is_empty());
}

#[test]
fn romans_6_61_an_interceptor_in_an_all_sea_hex_rolls_no_attrition_and_may_stay() {
    let mut s = smw();
    control(&mut s, "Oricus", Some("macedon"));
    let k = city(&s, "Oricus");
    s.built_bases.insert(k, "macedon".into());
    put(&mut s, "heracleidas", "4620");
    put(&mut s, "macedon-heavy-1", "4620");
    let mac = standing("macedon", "naval_intercept: {any: {zones: [1, 2]}}");
    let o = "moves: [{commander: legate-1, with: [rome-light-1], path: [\"4419\", \"4520\", \"4521\", \"4621\", \"4622\", \"4723\"]}]";
    let (after, ev, _) = search(&s, o, &mac, |x, ev| {
        texts(ev).contains("at 4520, Zone-1: rolls")
            && x.squadrons.contains_key("macedon-heavy-1")
            && at(x, "macedon-heavy-1") == "4520"
    });
    let t = texts(&ev);
    assert!(
        t.contains("an all-sea hex: no attrition for the interceptor"),
        "{t}"
    );
    assert!(
        !t.contains("Macedon's fleet enters the all-sea hex"),
        "the interceptor rolls no attrition: {t}"
    );
    assert!(after.naval.at_sea.contains("macedon-heavy-1"), "{t}");
    // Macedon's phase: its fleet may end the Game-Turn where it intercepted.
    let mut x = after.clone();
    submit_with(&mut x, "moves: []", &none(), &mut stream(1)).unwrap();
    assert_eq!(at(&x, "macedon-heavy-1"), "4520");
}

#[test]
fn romans_11_17_b_an_intercepted_fleet_that_loses_as_much_returns_to_its_port() {
    let mut s = smw();
    control(&mut s, "Oricus", Some("macedon"));
    let k = city(&s, "Oricus");
    s.built_bases.insert(k, "macedon".into());
    put(&mut s, "heracleidas", "4620");
    put(&mut s, "macedon-heavy-1", "4620");
    let mac = standing("macedon", "naval_intercept: {any: {zones: [1, 2]}}");
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1, rome-heavy-2], path: [\"4419\", \"4520\", \"4521\", \"4621\", \"4622\", \"4723\"]}]";
    let (after, ev, _) = search(&s, o, &mac, |x, ev| {
        texts(ev).contains("Romans [11.17] B")
            || lines(ev, "Romans [11.17] B").len() > 1 && x.squadrons.contains_key("rome-heavy-1")
    });
    let t = texts(&ev);
    assert!(t.contains("must turn back"), "{t}");
    if after.squadrons.contains_key("rome-heavy-1") || after.squadrons.contains_key("rome-heavy-2")
    {
        assert_eq!(at(&after, "legate-1"), "4319", "back to Brundisium: {t}");
    }
}

#[test]
fn romans_6_6_no_standing_order_no_naval_interception_reported_as_default() {
    let mut s = smw();
    control(&mut s, "Oricus", Some("macedon"));
    let k = city(&s, "Oricus");
    s.built_bases.insert(k, "macedon".into());
    put(&mut s, "heracleidas", "4620");
    put(&mut s, "macedon-heavy-1", "4620");
    let o = "moves: [{commander: legate-1, with: [rome-light-1], path: [\"4419\", \"4520\", \"4521\", \"4621\", \"4622\", \"4723\"]}]";
    let ev = submit_with(&mut s, o, &none(), &mut stream(4)).unwrap();
    let t = texts(&ev);
    assert!(
        t.contains("sent no standing `naval_intercept`: no interception (default)"),
        "{t}"
    );
}

// ---------------------------------------------------------------- attrition, cargo (15.2, 12.15)

#[test]
fn romans_12_15_example_a_squadron_reduced_to_half_keeps_12_of_its_20_ssp() {
    // Two squadrons carry 40 SSP, 20 each; one is reduced (naval attrition, one step): it must
    // lose 8 SSP of what it carries.
    let mut s = smw();
    s.units.get_mut("legion-I").unwrap().ssp = 20;
    s.units.get_mut("legion-II").unwrap().ssp = 20;
    let rome = standing("rome", "naval_losses: [rome-heavy-1]");
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1, rome-heavy-2, legion-I, legion-II], path: [\"4419\", \"4420\"]}]";
    let (after, ev, _) = search(&s, o, &rome, |_, ev| {
        let t = texts(ev);
        t.contains("hex 4419: rolls 1 on the Naval Attrition")
            && lines(ev, "Romans [15.22]")
                .iter()
                .any(|l| l.contains(", 1 steps"))
    });
    let t = texts(&ev);
    assert!(after.squadrons["rome-heavy-1"].half, "{t}");
    let aboard_1: Vec<&String> = after
        .naval
        .aboard
        .iter()
        .filter(|(_, q)| *q == "rome-heavy-1")
        .map(|(u, _)| u)
        .collect();
    assert_eq!(aboard_1.len(), 1, "{t}");
    assert_eq!(after.units[aboard_1[0]].ssp, 12, "{t}");
    assert!(
        t.contains("now carries 12 SSP: 8 SSP of its cargo are lost"),
        "{t}"
    );
}

#[test]
fn romans_15_22_merchants_take_attrition_outside_a_friendly_port() {
    // Errata 15.22: the Merchant ends Rome's phase at 3217, a coast with no port: it rolls in
    // the Attrition Phase like any fleet (one step: its counter has no reduced side).
    let s = smw();
    let o = "moves: [{commander: rome-merchant-1, path: [\"2916\", \"3016\", \"3117\", \"3217\"]}]";
    let (_, ev, _) = search(&s, o, &none(), |_, ev| {
        texts(ev).contains(
            "Rome's fleet at 3217 ends the Campaign Phase outside a friendly controlled port",
        )
    });
    assert!(!lines(&ev, "Romans [15.22]").is_empty());
}

// ---------------------------------------------------------------- bases, blockades (5.6, 17.15)

#[test]
fn romans_17_15_a_fleet_in_a_revenue_citys_hex_at_the_end_of_a_game_turn_blockades_it() {
    let mut s = smw();
    put(&mut s, "heracleidas", "3329");
    put(&mut s, "macedon-light-1", "3329");
    to_macedon(&mut s);
    let ev = submit_with(&mut s, "moves: []", &none(), &mut stream(1)).unwrap();
    let t = texts(&ev);
    assert_eq!(s.blockades.get("Syracusa"), Some(&1), "{t}");
    assert!(
        t.contains("Syracusa is blockaded by Macedon's fleet"),
        "{t}"
    );
}

#[test]
fn romans_5_64_a_fleet_whose_base_falls_goes_at_once_to_the_nearest_friendly_base() {
    // Macedon's fleet at 4616, off Epidamnus, relies on its base at Oricus (4620); Legion I takes
    // Oricus by assault: the fleet, now beyond 20 MP of any Macedonian base, goes to the nearest.
    let mut s = smw();
    control(&mut s, "Oricus", Some("macedon"));
    let k = city(&s, "Oricus");
    s.built_bases.insert(k, "macedon".into());
    put(&mut s, "heracleidas", "4616");
    put(&mut s, "macedon-heavy-1", "4616");
    put(&mut s, "legion-I", "4719");
    put(&mut s, "tribune-I-1", "4719");
    let o = "moves: [{commander: tribune-I-1, with: [legion-I], path: [\"4720\", \"4721\", \"4620\"], assault: {tries: 3}}]";
    let (after, ev, _) = search(&s, o, &none(), |x, _| {
        x.cities[&city(x, "Oricus")].control.as_deref() == Some("rome")
    });
    let t = texts(&ev);
    assert!(
        t.contains(
            "is more than 20 MP from any friendly Naval Base: it goes at once to the nearest"
        ),
        "{t}"
    );
    assert_ne!(at(&after, "macedon-heavy-1"), "4616", "{t}");
    assert_eq!(
        at(&after, "heracleidas"),
        at(&after, "macedon-heavy-1"),
        "{t}"
    );
}

#[test]
fn romans_17_33_a_built_base_that_went_over_with_its_port_no_longer_counts_for_its_builder() {
    // Rome built at Aegina and at Apollonia, and Aegina has gone to Macedon with its base
    // (errata and follow-up 17.33): only Apollonia counts against Rome's two, so Rome may build
    // at Tarentum; the Aegina base serves Macedon now.
    let mut s = smw();
    let aegina = city(&s, "Aegina");
    s.built_bases.insert(aegina.clone(), "rome".into());
    s.cities.get_mut(&aegina).unwrap().control = Some("macedon".into());
    s.built_bases.insert(city(&s, "Apollonia"), "rome".into());
    let ev = submit_with(
        &mut s,
        "naval_bases: [Tarentum]\nmoves: []",
        &none(),
        &mut stream(1),
    )
    .unwrap();
    assert!(
        texts(&ev).contains("builds a Naval Base at Tarentum"),
        "{}",
        texts(&ev)
    );
    let w = fleets::waters(&s);
    let macedon: std::collections::BTreeSet<String> = ["macedon".to_string()].into_iter().collect();
    assert!(
        legatus::games::conquerors::romans::naval_bases::bases(&s, &w, "macedon", &macedon)
            .contains(&HexKey::parse("5730", "romans").unwrap())
    );
    // A third standing base is refused (Rome's next Campaign Phase).
    to_macedon(&mut s);
    let why = refused(
        submit_with(
            &mut s,
            "naval_bases: [Neapolis]\nmoves: []",
            &none(),
            &mut stream(1),
        ),
        "Romans [17.33]",
    );
    assert!(
        why.contains("2 Naval Bases built; 2 at any one time"),
        "{why}"
    );
}

// ---------------------------------------------------------------- assaults (13.28)

#[test]
fn romans_13_28_a_fleet_alone_assaults_an_unoccupied_d_port() {
    // Epidamnus (4718, D, defence 10) is empty; Rome's fleet (strength 20), come to Apollonia,
    // assaults it, each naval strength point one SSP, and loses nothing on a NO.
    let mut s = smw();
    for q in [
        "legate-1",
        "rome-heavy-1",
        "rome-heavy-2",
        "rome-medium-1",
        "rome-light-1",
        "rome-light-2",
    ] {
        put(&mut s, q, "4719");
    }
    let o = format!("moves: [{{commander: legate-1, with: {ROME_FLEET}, path: [\"4718\"], assault: {{tries: 3}}}}]");
    let (after, ev, _) = search(&s, &o, &none(), |x, _| {
        x.cities[&city(x, "Epidamnus")].control.as_deref() == Some("rome")
    });
    let t = texts(&ev);
    assert!(
        t.contains("assaults Epidamnus (defence 10 = 10 SSP) with 20 SSP"),
        "{t}"
    );
    let strength: u32 = after
        .squadrons
        .values()
        .filter(|q| q.side == "rome" && q.at.hex == "4718")
        .map(|q| fleets::strength(&after, q))
        .sum();
    assert_eq!(strength, 20, "fleets take no losses in an assault: {t}");
}

#[test]
fn romans_13_28_fleets_never_assault_an_occupied_port() {
    let mut s = smw();
    for q in [
        "legate-1",
        "rome-heavy-1",
        "rome-heavy-2",
        "rome-medium-1",
        "rome-light-1",
        "rome-light-2",
    ] {
        put(&mut s, q, "4719");
    }
    control(&mut s, "Epidamnus", Some("macedon"));
    put(&mut s, "macedon-hoplite-1", "4718");
    s.units.get_mut("macedon-hoplite-1").unwrap().at.inside = true;
    let o = format!(
        "moves: [{{commander: legate-1, with: {ROME_FLEET}, path: [\"4718\"], assault: {{}}}}]"
    );
    refused(
        submit_with(&mut s, &o, &none(), &mut stream(1)),
        "Romans [13.24]",
    );
}

// ---------------------------------------------------------------- amphibious attack (12.16)

#[test]
fn romans_12_16_an_amphibious_attacker_that_retreats_leaves_by_its_fleet() {
    // Legion II and a tribune land at 4420 against a Macedonian Force there; the tribune's
    // standing order takes the Force out after the first exchange: it re-embarks and sails
    // back to a friendly port.
    let mut s = smw();
    for u in [
        "macedon-phalanx-1",
        "macedon-phalanx-2",
        "macedon-phalanx-3",
        "macedon-phalanx-4",
        "macedon-phalanx-5",
        "macedon-phalanx-6",
    ] {
        put(&mut s, u, "4420");
    }
    put(&mut s, "nicanor", "4420");
    let rome = standing(
        "rome",
        "retreat_during_combat: {tribune-II-1: {after_losses: 1}}",
    );
    let o = "moves: [{commander: legate-1, with: [rome-heavy-2, legion-II, tribune-II-1], path: [\"4419\", \"4420\"], drop_off: {\"4420\": [legion-II, tribune-II-1]}}]";
    let (after, ev, _) = search(&s, o, &rome, |_, ev| texts(ev).contains("re-embarks"));
    let t = texts(&ev);
    assert!(t.contains("an amphibious attack"), "{t}");
    let l = at(&after, "legion-II");
    assert!(l == "4319" || l == "gone", "{t}");
}

// ---------------------------------------------------------------- the Syrian War (20.2)

#[test]
fn romans_20_21_a_fleet_sails_across_the_seam_of_the_two_maps() {
    // Zeuxis takes the Syrian fleet from Ephesus (0712 on The Macedonians map) west onto The
    // Romans map (6125), 8 MP: hexes of the other map carry its letter.
    let mut s = syrian_war();
    let o = "moves: []";
    submit_with(&mut s, o, &none(), &mut stream(1)).unwrap();
    let o = "moves: [{commander: zeuxis, with: [syria-heavy-3, syria-heavy-4], path: [\"0611M\", \"0511M\", \"0410M\", \"0310M\"]}]";
    let ev = submit_with(&mut s, o, &none(), &mut stream(1)).unwrap();
    let t = texts(&ev);
    assert!(
        t.contains("sails 0712M → 0611M → 0511M → 0410M → 0310M (4 MP of 20 MP)"),
        "{t}"
    );
    assert_eq!(s.squadrons["syria-heavy-3"].at.map, "macedonians");
}

#[test]
fn romans_20_22_the_carthage_half_squadron_sails_alone_to_an_italian_city_in_192() {
    // Ruling R-7: in 192 the half-squadron from Carthage sails without a commander, but only
    // to a Roman city of Italy (here from Syracusa to Messana, 4 MP).
    let mut s = syrian_war();
    put(&mut s, "rome-medium-4", "3329");
    let o = "moves: [{commander: rome-medium-4, path: [\"3328\"]}]";
    refused(
        submit_with(&mut s.clone(), o, &none(), &mut stream(1)),
        "Romans [20.22]",
    );
    let o = "moves: [{commander: rome-medium-4, path: [\"3328\", \"3427\", \"3426\", \"3526\"]}]";
    let (after, _, _) = search(&s, o, &none(), |x, _| {
        x.squadrons.contains_key("rome-medium-4")
    });
    assert_eq!(at(&after, "rome-medium-4"), "3526");
    // A warship without that leave needs a commander.
    let o = "moves: [{commander: rome-medium-2, path: [\"4418\", \"4518\", \"4618\", \"4719\"]}]";
    refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [8.2], [12.2]",
    );
}

// ---------------------------------------------------------------- orders, template, view

#[test]
fn romans_6_62_standing_naval_zones_run_from_1_to_2_and_squadrons_are_named() {
    let s = smw();
    let bad: legatus::games::conquerors::romans::orders::Standing = serde_saphyr::from_str(
        "naval_intercept: {heracleidas: {zones: [3]}}\nnaval_losses: [macedon-heavy-7]\nfleet_when_attacked: {heraclidas: retreat}",
    )
    .unwrap();
    let errs = Romans.check_standing(&s, "macedon", &bad);
    let all: Vec<String> = errs.iter().map(|(p, e)| format!("{p}: {e}")).collect();
    let t = all.join("\n");
    assert!(t.contains("/naval_intercept/heracleidas/zones/0"), "{t}");
    assert!(t.contains("/naval_losses/0"), "{t}");
    assert!(t.contains("macedon-heavy-1"), "nearest name: {t}");
    assert!(t.contains("/fleet_when_attacked/heraclidas"), "{t}");
}

#[test]
fn romans_5_0_template_lists_each_fleet_its_ports_and_their_mp() {
    let s = smw();
    let t = Romans.template(&s, "rome");
    assert!(t.contains("Fleet at 4319 Brundisium"), "{t}");
    assert!(t.contains("4719 Apollonia 4 MP"), "{t}");
    assert!(
        t.contains("may embark here: legion-I (22 SSP), legion-II (24 SSP)"),
        "{t}"
    );
    assert!(t.contains("naval_intercept"), "{t}");
}

#[test]
fn romans_view_shows_fleets_apart_with_their_cargo_and_built_bases() {
    let mut s = smw();
    let o = "moves: [{commander: legate-1, with: [rome-heavy-2, legion-II], path: [\"4418\", \"4518\", \"4618\", \"4719\"]}]";
    let (after, _, _) = search(&s, o, &none(), |x, _| {
        x.squadrons.contains_key("rome-heavy-2")
    });
    s = after;
    let k = city(&s, "Apollonia");
    s.built_bases.insert(k, "rome".into());
    let v = Romans.view(&s, None);
    let rome = v.sides.iter().find(|x| x.id == "rome").unwrap();
    let fleet = rome
        .forces
        .iter()
        .find(|f| f.naval && f.place == "4719")
        .expect("a fleet at 4719");
    assert!(
        fleet
            .units
            .iter()
            .any(|u| u.id == "legion-II"
                && u.status.iter().any(|x| x.contains("aboard rome-heavy-2")))
    );
    let apollonia = v
        .map
        .places
        .iter()
        .find(|p| p.id == "4719")
        .expect("Apollonia on the map");
    assert!(apollonia.cities[0].naval_base);
    let svg = legatus::render::hexmap::hex_map(
        &v,
        match &v.map.kind {
            legatus::view::MapKind::Hex(l) => l,
            _ => panic!("a hex map"),
        },
    );
    assert!(svg.contains("≈≈≈"), "fleet stacks are marked");
}

// ---------------------------------------------------------------- more cases

#[test]
fn romans_5_32_an_enemy_fleet_at_messana_closes_the_ferry() {
    // Legion IV on the Sicilian shore (3425) may not cross to Messana while a Macedonian
    // squadron lies in its hex.
    let mut s = smw();
    put(&mut s, "legion-IV", "3425");
    put(&mut s, "tribune-IV-1", "3425");
    let o = "moves: [{commander: tribune-IV-1, with: [legion-IV], path: [\"3526\"]}]";
    submit_with(&mut s.clone(), o, &none(), &mut stream(1)).unwrap();
    squadron(&mut s, "macedon-light-9", "macedon", "light", false, "3526");
    let why = refused(
        submit_with(&mut s, o, &none(), &mut stream(1)),
        "Romans [5.32]",
    );
    assert!(why.contains("3425/3526"), "{why}");
}

/// Legion I and its tribune aboard Rome's Heavies at Apollonia (4719), the legate with them.
fn aboard_at_apollonia() -> State {
    let mut s = smw();
    for q in [
        "legate-1",
        "rome-heavy-1",
        "rome-heavy-2",
        "legion-I",
        "tribune-I-1",
    ] {
        put(&mut s, q, "4719");
    }
    s.naval
        .aboard
        .insert("legion-I".into(), "rome-heavy-1".into());
    s.naval
        .aboard
        .insert("tribune-I-1".into(), "rome-heavy-1".into());
    s
}

#[test]
fn romans_errata_14_21_a_force_carried_by_sea_pays_no_supply_talent() {
    // Carried to Epidamnus (4718), beyond its land supply radius, Legion I pays nothing while
    // aboard (errata 14.21); landed there, outside the radius of a land supply source, it pays
    // (follow-up 14.12).
    let s = aboard_at_apollonia();
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1, rome-heavy-2], path: [\"4718\"]}]";
    let mut x = s.clone();
    let ev = submit_with(&mut x, o, &none(), &mut stream(1)).unwrap();
    assert_eq!(x.treasury["rome"], 25, "{}", texts(&ev));
    assert_eq!(at(&x, "legion-I"), "4718");
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1, rome-heavy-2], path: [\"4718\"], drop_off: {\"4718\": [legion-I, tribune-I-1]}}]";
    let mut x = s.clone();
    let ev = submit_with(&mut x, o, &none(), &mut stream(1)).unwrap();
    let t = texts(&ev);
    assert_eq!(x.treasury["rome"], 24, "{t}");
    assert!(t.contains("beyond its supply radius"), "{t}");
}

#[test]
fn romans_17_33_a_naval_base_is_built_in_a_campaign_phase_for_5_talents() {
    let mut s = smw();
    let ev = submit_with(
        &mut s,
        "naval_bases: [Apollonia]\nmoves: []",
        &none(),
        &mut stream(1),
    )
    .unwrap();
    let t = texts(&ev);
    assert!(
        t.contains("Rome builds a Naval Base at Apollonia for 5 talents (20 left)"),
        "{t}"
    );
    assert_eq!(
        s.built_bases
            .get(&city(&s, "Apollonia"))
            .map(String::as_str),
        Some("rome")
    );
    // Not in an enemy port.
    to_macedon(&mut s);
    let mut x = s.clone();
    refused(
        submit_with(
            &mut x,
            "naval_bases: [Apollonia]\nmoves: []",
            &none(),
            &mut stream(1),
        ),
        "Romans [17.33]",
    );
}

/// Brundisium besieged by Macedon, a Macedonian squadron blockading its port.
fn blockaded_brundisium() -> State {
    let mut s = smw();
    let k = city(&s, "Brundisium");
    s.sieges.insert(
        k,
        legatus::games::conquerors::romans::siege::Siege {
            side: "macedon".into(),
            from: "4320".into(),
            since: 0,
            rolled: None,
        },
    );
    squadron(
        &mut s,
        "macedon-medium-9",
        "macedon",
        "medium",
        false,
        "4319",
    );
    s
}

#[test]
fn romans_13_47_a_blockaded_fleet_leaves_only_by_attacking_the_blockaders() {
    let mut s = blockaded_brundisium();
    // It need not attack (13.47): staying is allowed.
    submit_with(&mut s.clone(), "moves: []", &none(), &mut stream(1)).unwrap();
    let o = format!("moves: [{{commander: legate-1, with: {ROME_FLEET}, path: [\"4418\", \"4518\", \"4618\", \"4719\"]}}]");
    refused(
        submit_with(&mut s, &o, &none(), &mut stream(1)),
        "Romans [13.47], [13.49]",
    );
}

#[test]
fn romans_13_49_a_fleet_that_inflicts_no_more_than_it_suffers_may_not_leave() {
    let s = blockaded_brundisium();
    // One Heavy (6) against the Medium (4): 1-1; a step each, and it stays.
    let o = "moves: [{commander: legate-1, with: [rome-heavy-1], path: [\"4319\", \"4418\", \"4518\", \"4618\", \"4719\"]}]";
    let (after, ev, _) = search(&s, o, &none(), |_, ev| {
        texts(ev).contains("may not leave this Campaign Phase")
    });
    assert_eq!(at(&after, "legate-1"), "4319", "{}", texts(&ev));
    let o = format!("moves: [{{commander: legate-1, with: {ROME_FLEET}, path: [\"4319\", \"4418\", \"4518\", \"4618\", \"4719\"]}}]");
    // ... and one that inflicts more (here: sinks the blockader) sails on.
    let (after, ev, _) = search(&s, &o, &none(), |x, _| {
        !x.squadrons.contains_key("macedon-medium-9") && at(x, "legate-1") == "4719"
    });
    assert!(!texts(&ev).contains("may not leave"), "{}", texts(&ev));
    let _ = after;
}

#[test]
fn romans_5_74_fleets_never_overrun() {
    // 20 against a half Light squadron (1): 4-1+ on the Naval CRT, a roll, never an Overrun.
    let mut s = smw();
    squadron(&mut s, "macedon-light-9", "macedon", "light", true, "4420");
    let o =
        format!("moves: [{{commander: legate-1, with: {ROME_FLEET}, path: [\"4419\", \"4420\"]}}]");
    let (_, ev, _) = search(&s, &o, &none(), |_, ev| {
        !lines(ev, "Romans [11.14], [11.4], [11.5]").is_empty()
    });
    let t = texts(&ev);
    assert!(t.contains("against 1 (4-1+)"), "{t}");
    assert!(!t.contains("Overrun"), "{t}");
}

/// Both players' sealed Winter orders, empty.
fn empty_winter(s: &mut State, d: &mut legatus::protocol::dice::Dice) {
    use legatus::games::conquerors::romans::orders::Orders;
    use legatus::ruleset::{Context, Submission};
    let p = Romans.pending(s);
    let standing = none();
    let ctx = Context {
        standing: &standing,
        options: &[],
        seq: 1,
    };
    let by: BTreeMap<String, Orders> = BTreeMap::from([
        ("rome".to_string(), orders("moves: []")),
        ("macedon".to_string(), orders("moves: []")),
    ]);
    let sub = Submission {
        kind: p.kind,
        step: p.step.clone(),
        by,
    };
    Romans.apply(s, &ctx, &sub, d).unwrap();
}

#[test]
fn romans_20_14_the_rhodian_and_pergamene_fleets_arrive_in_march_199() {
    let mut s = smw();
    for _ in 0..4 {
        submit(&mut s, orders("moves: []"), &mut dice(3)).unwrap();
    }
    let mut occupied = s.clone();
    empty_winter(&mut s, &mut dice(4));
    assert_eq!(s.turn_number(), "3");
    let rhodian: Vec<&String> = s
        .squadrons
        .iter()
        .filter(|(_, q)| q.nation == "rhodes")
        .map(|(k, _)| k)
        .collect();
    assert_eq!(rhodian.len(), 1);
    assert_eq!(at(&s, rhodian[0]), "6134");
    assert_eq!(at(&s, "acestimbrotus"), "6134");
    assert_eq!(at(&s, "attalus-i"), "5730");
    // 6134 is the Rhodians' own base: they may stay there (an all-sea hex).
    submit_with(&mut s, "moves: []", &none(), &mut stream(1)).unwrap();
    // With Macedon on Aegina, the Pergamenes join the Rhodians.
    put(&mut occupied, "macedon-hoplite-1", "5730");
    empty_winter(&mut occupied, &mut dice(4));
    assert_eq!(at(&occupied, "attalus-i"), "6134");
}

#[test]
fn romans_ruling_amb_58_troops_aboard_a_fleet_are_not_met_by_a_land_force() {
    // Legion I aboard Rome's Heavy off the beach at 4420: Athenagorus marches into the hex and
    // finds nobody to fight (the fleet is at sea, 5.22: land and sea do not impede each other).
    let mut s = smw();
    for q in ["legate-1", "rome-heavy-1", "legion-I", "tribune-I-1"] {
        put(&mut s, q, "4420");
    }
    s.naval
        .aboard
        .insert("legion-I".into(), "rome-heavy-1".into());
    s.naval
        .aboard
        .insert("tribune-I-1".into(), "rome-heavy-1".into());
    let mac: Vec<String> = units_at(&s, "4919", "macedon");
    for u in &mac {
        put(&mut s, u, "4321");
    }
    put(&mut s, "athenagorus", "4321");
    to_macedon(&mut s);
    let o = format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [\"4420\"]}}]",
        mac.join(", ")
    );
    let ev = submit_with(&mut s, &o, &none(), &mut stream(1)).unwrap();
    let t = texts(&ev);
    assert!(!t.contains("Land Battle") && !t.contains("Skirmish"), "{t}");
    assert_eq!(at(&s, "athenagorus"), "4420", "{t}");
    assert!(fleets::aboard(&s, "legion-I"), "{t}");
}

#[test]
fn romans_12_15_a_siege_train_is_lost_when_its_carrier_is_reduced() {
    // A Macedonian Siege Train (20 SSP aboard) on a Heavy squadron off the coast at 5625: the
    // Attrition Phase takes one step, the squadron goes to half strength, and the train is lost.
    let mut s = smw();
    put(&mut s, "heracleidas", "5625");
    put(&mut s, "macedon-heavy-1", "5625");
    s.units.insert(
        "macedon-siege-train-1".into(),
        legatus::games::conquerors::force::LandUnit {
            side: "macedon".into(),
            nation: "macedon".into(),
            kind: "siege-train".into(),
            label: None,
            ssp: 0,
            full_ssp: 0,
            cavalry_ssp: 0,
            at: Position {
                map: "romans".into(),
                hex: "5625".into(),
                inside: false,
            },
        },
    );
    s.naval
        .aboard
        .insert("macedon-siege-train-1".into(), "macedon-heavy-1".into());
    to_macedon(&mut s);
    let (after, ev, _) = search(&s, "moves: []", &none(), |_, ev| {
        lines(ev, "Romans [15.22]")
            .iter()
            .any(|l| l.contains("at 5625") && l.contains(", 1 steps"))
    });
    let t = texts(&ev);
    assert!(after.squadrons["macedon-heavy-1"].half, "{t}");
    assert!(!after.units.contains_key("macedon-siege-train-1"), "{t}");
    assert!(
        t.contains("the Siege Train macedon-siege-train-1 is lost with its reduced carrier"),
        "{t}"
    );
}
