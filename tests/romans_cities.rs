//! The Romans: cities, assaults, sieges, parlay, sack (Romans [13]), supply (Romans [14]) and
//! attrition (Romans [15]), driven through `Romans::apply`. Forces are put where a case needs
//! them by editing the 20.1 set-up; dice are seeded, and a case that needs a given roll takes
//! the first seed that gives it, then checks every number against the tables.

#[path = "romans/common.rs"]
mod common;

use std::collections::BTreeMap;

use common::*;
use legatus::games::conquerors::romans::orders::{Orders, Standing};
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::Romans;
use legatus::protocol::dice::Dice;
use legatus::ruleset::{Context, Event, RuleError, Ruleset, Submission};

/// Submits `o` for whoever must act, with standing orders (as `common::submit`).
fn submit_with(
    s: &mut State,
    o: Orders,
    standing: &BTreeMap<String, Standing>,
    d: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    let p = Romans.pending(s);
    let ctx = Context {
        standing,
        options: &[],
        seq: 1,
    };
    let sub = Submission {
        kind: p.kind,
        step: p.step.clone(),
        by: BTreeMap::from([(p.sides[0].clone(), o)]),
    };
    let mut copy = s.clone();
    let mut deferred = Dice::deferred();
    if let Err(e @ RuleError::Illegal { .. }) = Romans.apply(&mut copy, &ctx, &sub, &mut deferred) {
        return Err(e);
    }
    Romans.apply(s, &ctx, &sub, d)
}

/// Puts units and commanders at `hex` (outside any city).
fn put(s: &mut State, ids: &[&str], hex: &str) {
    for id in ids {
        if let Some(u) = s.units.get_mut(*id) {
            u.at.hex = hex.into();
            u.at.inside = false;
        } else if let Some(c) = s.commanders.get_mut(*id) {
            c.at.hex = hex.into();
        } else {
            panic!("no {id}");
        }
    }
}

fn city<'a>(s: &'a State, name: &str) -> &'a legatus::games::conquerors::romans::state::CityState {
    s.cities.values().find(|c| c.name == name).unwrap()
}

/// The first seed from which `o` gives events matching `pred`: (state after, events).
fn first_seed(
    s: &State,
    o: &str,
    standing: &BTreeMap<String, Standing>,
    pred: impl Fn(&str) -> bool,
) -> (State, String) {
    for n in 0..200u8 {
        let mut t = s.clone();
        let ev = submit_with(&mut t, orders(o), standing, &mut dice(n)).unwrap();
        let x = texts(&ev);
        if pred(&x) {
            return (t, x);
        }
    }
    panic!("no seed gives the case");
}

fn ssp_of(s: &State, ids: &[&str]) -> u32 {
    ids.iter()
        .filter_map(|id| s.units.get(*id))
        .map(|u| u.ssp)
        .sum()
}

/// Philip with 22 SSP at Corinth, next to Argos (C, Achaean, uncontrolled): Macedon to move.
fn philip_at_corinth() -> State {
    let mut s = smw();
    to_macedon(&mut s);
    let ids: Vec<String> = units_at(&s, "5624", "macedon");
    let mut all: Vec<&str> = ids.iter().map(String::as_str).collect();
    all.push("philip-v");
    put(&mut s, &all, "5529");
    s
}

fn with_all(s: &State, hex: &str, side: &str) -> String {
    units_at(s, hex, side)
        .into_iter()
        .filter(|id| !s.units[id].at.inside)
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn romans_13_24_assault_needs_one_ssp_more_than_the_defence() {
    // Androsthenes' 3 mercenary hoplites (6 SSP) against Argos, class C: 20 + 1 needed.
    let mut s = smw();
    to_macedon(&mut s);
    let r = submit(
        &mut s,
        orders("moves: [{commander: androsthenes, with: [macedon-mercenary-hoplite-1, macedon-mercenary-hoplite-2, macedon-mercenary-hoplite-3], path: [\"5429\"], assault: {}}]"),
        &mut dice(1),
    );
    let why = refused(r, "Romans [13.24]");
    assert!(
        why.contains("20 = 20 SSP") && why.contains("at least 21"),
        "{why}"
    );
}

#[test]
fn romans_19_12_an_allied_city_taken_by_assault_scores_for_its_captor() {
    // Achaea is Rome's ally, but Macedon holds its city Argos: merely controlled it would give
    // Rome nothing (19.12), stormed it scores its 4 VP for Rome ("unless they seize it by force").
    use legatus::games::conquerors::romans::victory::city_vp;
    let mut s = smw();
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Argos")
        .unwrap()
        .0
        .clone();
    s.cities.get_mut(&k).unwrap().control = Some("macedon".into());
    s.allies.get_mut("achaea").unwrap().active = Some("rome".into());
    put(&mut s, &["legion-I", "field-consul"], "5430");
    let mut held = s.clone();
    held.cities.get_mut(&k).unwrap().control = Some("rome".into());
    assert!(!city_vp(&held, "rome").iter().any(|(c, _)| c == "Argos"));
    let o = "moves: [{commander: field-consul, with: [legion-I], path: [\"5429\"], assault: {tries: 3}}]";
    let (t, x) = first_seed(&s, o, &BTreeMap::new(), |x| x.contains("the city falls"));
    assert_eq!(city(&t, "Argos").control.as_deref(), Some("rome"), "{x}");
    assert!(
        city_vp(&t, "rome")
            .iter()
            .any(|(c, v)| c == "Argos" && *v == 4),
        "{x}"
    );
}

#[test]
fn romans_13_24_assault_on_a_class_c_city_falls_and_is_controlled() {
    let s = philip_at_corinth();
    let force = with_all(&s, "5529", "macedon");
    let o = format!("moves: [{{commander: philip-v, with: [{force}], path: [\"5429\"], assault: {{tries: 3}}}}]");
    let before = s.talents("macedon");
    let (t, x) = first_seed(&s, &o, &BTreeMap::new(), |x| x.contains("the city falls"));
    assert_eq!(city(&t, "Argos").control.as_deref(), Some("macedon"), "{x}");
    assert!(x.contains("control, the default"), "{x}");
    // Each NO before the fall cost 1 SSP (13.25) and 4 MP a try; Argos is Achaean, an inactive
    // ally: capturing it costs Macedon 2 levels with Achaea (errata 13.2).
    let nos = x.matches("the city withstands").count() as u32;
    let ids: Vec<String> = units_at(&s, "5529", "macedon")
        .into_iter()
        .filter(|id| !s.units[id].at.inside)
        .collect();
    let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
    assert_eq!(ssp_of(&t, &refs), ssp_of(&s, &refs) - nos, "{x}");
    assert!(x.contains("[Romans errata 13.2] Macedon takes a city of achaea (inactive): Macedon loses 2 levels with achaea, now 2 toward Rome"), "{x}");
    assert_eq!(t.allies["achaea"].toward.as_deref(), Some("rome"));
    assert_eq!(t.allies["achaea"].points, 2);
    assert!(
        t.talents("macedon") <= before,
        "no plunder when the city is controlled"
    );
}

/// AMB-01 (errata 13.2 against the follow-up's 13.54): Philip storms and sacks Argos while
/// Achaea is his own active ally. The errata's table moves the level 6 toward Rome; with the
/// option `ally-city-effects=errata-f`, 5.
#[test]
fn romans_13_54_sacking_ones_own_active_allys_city_errata_e_or_f() {
    let mut s = philip_at_corinth();
    {
        let a = s
            .allies
            .get_mut("achaea")
            .expect("Achaea on the Alliance Table");
        a.active = Some("macedon".into());
        a.toward = Some("macedon".into());
        a.points = 5;
    }
    // Rome holds Argos: Philip retakes his ally's city from the enemy, no attack on the ally
    // itself (that would make it defect, errata 13.2: ruling R-140).
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Argos")
        .unwrap()
        .0
        .clone();
    s.cities.get_mut(&k).unwrap().control = Some("rome".into());
    let force = with_all(&s, "5529", "macedon");
    let o = format!("moves: [{{commander: philip-v, with: [{force}], path: [\"5429\"], assault: {{tries: 3, on_capture: {{sack: true}}}}}}]");
    let sacked = |x: &str| x.contains("Macedon sacks a city of achaea");
    let (_, x) = first_seed(&s, &o, &BTreeMap::new(), sacked);
    assert!(
        x.contains("(allied-to-attacker): Macedon loses 6 levels with achaea, now 1 toward Rome"),
        "{x}"
    );
    s.options.push("ally-city-effects=errata-f".into());
    let (_, x) = first_seed(&s, &o, &BTreeMap::new(), sacked);
    assert!(
        x.contains(
            "(allied-to-attacker): Macedon loses 5 levels with achaea, now the middle column"
        ),
        "{x}"
    );
}

#[test]
fn romans_13_25_a_no_costs_the_attacker_one_ssp() {
    let s = philip_at_corinth();
    let force = with_all(&s, "5529", "macedon");
    let o = format!("moves: [{{commander: philip-v, with: [{force}], path: [\"5429\"], assault: {{tries: 1}}}}]");
    let (t, x) = first_seed(&s, &o, &BTreeMap::new(), |x| {
        x.contains("the city withstands")
    });
    assert_eq!(city(&t, "Argos").control, None, "{x}");
    assert!(x.contains("the attackers lose 1 SSP"), "{x}");
    assert!(
        x.contains("(default)"),
        "no losses_from: by id, reported as the default: {x}"
    );
}

#[test]
fn romans_13_42_a_b_city_is_taken_only_by_siege() {
    let mut s = smw();
    put(&mut s, &["legion-I", "field-consul"], "5628");
    let r = submit(
        &mut s,
        orders(
            "moves: [{commander: field-consul, with: [legion-I], path: [\"5529\"], assault: {}}]",
        ),
        &mut dice(1),
    );
    let why = refused(r, "Romans [5.52], [13.4]");
    assert!(why.contains("besiege"), "{why}");
}

/// Legions I, II, III and the field consul beside Corinth (B: 40 + 6 garrison = 46).
fn rome_before_corinth() -> State {
    let mut s = smw();
    put(
        &mut s,
        &["legion-I", "legion-II", "legion-III", "field-consul"],
        "5628",
    );
    s
}

const BESIEGE_CORINTH: &str = "moves: [{commander: field-consul, with: [legion-I, legion-II, legion-III], path: [\"5529\"], besiege: {}}]";

#[test]
fn romans_13_43_siege_is_rolled_in_the_next_siege_phase() {
    let mut s = rome_before_corinth();
    let ev = submit(&mut s, orders(BESIEGE_CORINTH), &mut dice(3)).unwrap();
    let x = texts(&ev);
    assert!(
        x.contains("lays siege to Corinth (class B, defence 40 + 6 garrison = 46 SSP) with 68 SSP"),
        "{x}"
    );
    // 14.21: Corinth is beyond 10 MP of any Roman base or Roma: one talent, once.
    assert_eq!(x.matches("pays 1 talent").count(), 1, "{x}");
    assert_eq!(s.talents("rome"), 24);
    to_macedon_nothing(&mut s);
    // Rome's next Player-Turn opens with its Siege Phase.
    let p = Romans.pending(&s);
    assert!(p.step.ends_with("rome-siege"), "{}", p.step);
    let garrison = ssp_of(
        &s,
        &[
            "macedon-mercenary-hoplite-1",
            "macedon-mercenary-hoplite-2",
            "macedon-mercenary-hoplite-3",
        ],
    );
    let (t, x) = first_seed(&s, "sieges: []", &BTreeMap::new(), |x| {
        x.contains("the city withstands")
    });
    // 13.44: the garrison loses 2 SSP, the besiegers 1; 4.1: besiegers of a B city are Disrupted.
    assert!(x.contains("(rolled by default)"), "{x}");
    assert_eq!(
        ssp_of(
            &t,
            &[
                "macedon-mercenary-hoplite-1",
                "macedon-mercenary-hoplite-2",
                "macedon-mercenary-hoplite-3"
            ]
        ),
        garrison - 2,
        "{x}"
    );
    assert_eq!(
        ssp_of(&t, &["legion-I", "legion-II", "legion-III"]),
        67,
        "{x}"
    );
    let mut t = t;
    let r = submit(
        &mut t,
        orders("moves: [{commander: field-consul, with: [legion-I], path: [\"5628\"]}]"),
        &mut dice(1),
    );
    refused(r, "Romans [4.1]");
}

fn to_macedon_nothing(s: &mut State) {
    submit(s, orders("moves: []"), &mut dice(9)).unwrap();
}

#[test]
fn romans_errata_13_4_a_siege_is_given_up_through_the_hexside_of_entry() {
    // Follow-up 13.4's example: a Force that entered Corinth from 5628 goes back to 5628,
    // not on to 5429.
    let mut s = rome_before_corinth();
    submit(&mut s, orders(BESIEGE_CORINTH), &mut dice(3)).unwrap();
    to_macedon_nothing(&mut s);
    let ev = submit(
        &mut s,
        orders("sieges: [{city: Corinth, roll: false}]"),
        &mut dice(1),
    )
    .unwrap();
    assert!(texts(&ev).contains("does not roll for the siege of Corinth"));
    let mut t = s.clone();
    let r = submit(
        &mut t,
        orders("moves: [{commander: field-consul, with: [legion-I, legion-II, legion-III], path: [\"5429\"]}]"),
        &mut dice(1),
    );
    refused(r, "Romans errata 13.4-A, follow-up 13.4");
    let ev = submit(
        &mut s,
        orders("moves: [{commander: field-consul, with: [legion-I, legion-II, legion-III], path: [\"5628\"]}]"),
        &mut dice(1),
    )
    .unwrap();
    assert!(
        texts(&ev).contains("the siege of Corinth by Rome is given up"),
        "{}",
        texts(&ev)
    );
    assert!(s.sieges.is_empty());
}

#[test]
fn romans_13_45_no_siege_without_a_siege_train() {
    // A legion below half its 22 SSP carries no usable train.
    let mut s = rome_before_corinth();
    for l in ["legion-I", "legion-II", "legion-III"] {
        s.units.get_mut(l).unwrap().ssp = 10;
    }
    s.units.get_mut("legion-II").unwrap().ssp = 11; // 11 of 24: below half
    let r = submit(&mut s, orders(BESIEGE_CORINTH), &mut dice(3));
    refused(r, "Romans [13.45]");
}

/// Legion I and the field consul at 5726 (Euboea), beside Oreus (D, Macedon: 4 phalanx inside).
fn rome_before_oreus() -> State {
    let mut s = smw();
    put(&mut s, &["legion-I", "field-consul"], "5726");
    s
}

#[test]
fn romans_13_53_sack_plunder_and_the_garrison_sold() {
    let s = rome_before_oreus();
    let o = "moves: [{commander: field-consul, with: [legion-I], path: [\"5626\"], assault: {tries: 4, on_capture: {sack: true}}}]";
    let (t, x) = first_seed(&s, o, &BTreeMap::new(), |x| x.contains("the city falls"));
    let oreus = city(&t, "Oreus");
    assert!(oreus.sacked && oreus.control.is_none(), "{x}");
    // Follow-up 13.6: 8 SSP of phalanx sold, 8 / 3 = 2 talents; the plunder cell of class D.
    assert!(
        x.contains("sold into slavery") && x.contains(": 2 talents"),
        "{x}"
    );
    assert_eq!(t.enslaved.len(), 4);
    let plunder: u32 = x
        .split("plunder roll ")
        .nth(1)
        .and_then(|r| r.split(", ").nth(1))
        .and_then(|n| n.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("plunder reported");
    let paid = x.matches("pays 1 talent").count() as u32;
    assert_eq!(t.talents("rome"), 25 - paid + plunder + 2, "{x}");
}

#[test]
fn romans_13_56_parlay_accepted_by_standing_order() {
    let mut s = rome_before_oreus();
    let standing: BTreeMap<String, Standing> = BTreeMap::from([(
        "macedon".to_string(),
        serde_saphyr::from_str(
            "surrender: {Oreus: {garrison_free: true, no_sack: true, min_payment: 2}}",
        )
        .unwrap(),
    )]);
    let o = "moves: [{commander: field-consul, with: [legion-I], path: [\"5626\"], assault: {parlay: {garrison_free: true, no_sack: true, payment: 3}}}]";
    let ev = submit_with(&mut s, orders(o), &standing, &mut dice(1)).unwrap();
    let x = texts(&ev);
    assert!(x.contains("accepted by standing order"), "{x}");
    assert_eq!(city(&s, "Oreus").control.as_deref(), Some("rome"));
    assert_eq!(s.talents("macedon"), 22 + 3);
    // The freed phalanxes stand inside the nearest Macedonian city that holds them.
    let p = &s.units["macedon-phalanx-1"];
    assert!(p.at.inside && p.at.hex != "5626", "{x}");
    assert_eq!(
        s.cities[&format!("romans:{}", p.at.hex)].control.as_deref(),
        Some("macedon")
    );
}

#[test]
fn romans_13_56_no_standing_order_refuses_and_the_assault_goes_on() {
    let s = rome_before_oreus();
    let o = "moves: [{commander: field-consul, with: [legion-I], path: [\"5626\"], assault: {parlay: {payment: 1}}}]";
    let mut t = s.clone();
    let ev = submit_with(&mut t, orders(o), &BTreeMap::new(), &mut dice(1)).unwrap();
    let x = texts(&ev);
    assert!(
        x.contains("refuses (default)") && x.contains("assaults Oreus"),
        "{x}"
    );
}

#[test]
fn romans_15_13_desert_attrition_at_the_end_of_the_game_turn() {
    let mut s = smw();
    put(&mut s, &["macedon-phalanx-1", "macedon-phalanx-2"], "0125");
    to_macedon(&mut s);
    let ev = submit(&mut s, orders("moves: []"), &mut dice(2)).unwrap();
    let x = texts(&ev);
    assert!(
        x.contains("[Romans [15.13]] the Force in the desert at 0125 (4 SSP)"),
        "{x}"
    );
}

#[test]
fn romans_15_22_fleet_outside_a_friendly_port_rolls_naval_attrition() {
    // Demetrias handed to Rome: Macedon's fleet there is not in a friendly port.
    let mut s = smw();
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Demetrias")
        .unwrap()
        .0
        .clone();
    s.cities.get_mut(&k).unwrap().control = Some("rome".into());
    to_macedon(&mut s);
    let ev = submit(&mut s, orders("moves: []"), &mut dice(2)).unwrap();
    let x = texts(&ev);
    assert!(
        x.contains(
            "Macedon's fleet at 5624 ends the Campaign Phase outside a friendly controlled port"
        ),
        "{x}"
    );
}

#[test]
fn romans_13_22_roma_defence_example() {
    // 13.22: 43 SSP of legions in Roma, 3 of them cavalry: 75 + 40 = 115 (ruling R-1).
    let mut s = smw();
    for (l, ssp, cav) in [("legion-III", 21, 1), ("legion-IV", 22, 2)] {
        let u = s.units.get_mut(l).unwrap();
        u.at.hex = "2914".into();
        u.at.inside = true;
        u.ssp = ssp;
        u.cavalry_ssp = cav;
    }
    let d = legatus::games::conquerors::romans::cities::defence(&s, "romans:2914", false);
    assert_eq!(d.total(), 115);
}

#[test]
fn romans_13_22_roma_defence_without_cavalry_is_118() {
    // 13.22: the same 43 SSP with no cavalry: 75 + 43 = 118.
    let mut s = smw();
    for (l, ssp) in [("legion-III", 21), ("legion-IV", 22)] {
        let u = s.units.get_mut(l).unwrap();
        u.at.hex = "2914".into();
        u.at.inside = true;
        u.ssp = ssp;
        u.cavalry_ssp = 0;
    }
    let d = legatus::games::conquerors::romans::cities::defence(&s, "romans:2914", false);
    assert_eq!(d.total(), 118);
}

/// A Roman praetor with 20 SSP of Illyrians (Rome's active ally) beside Oreus: far beyond 10 MP
/// of Scodra, where the Illyrians were placed, they march there only under a commander of
/// their parent power (16.15); the army is still one of allied troops alone (13.55).
fn illyrians_before_oreus() -> State {
    let mut s = smw();
    for id in [
        "illyria-barbarian-infantry-1",
        "illyria-barbarian-infantry-2",
    ] {
        s.units.get_mut(id).unwrap().ssp = 10;
    }
    put(
        &mut s,
        &[
            "illyria-barbarian-infantry-1",
            "illyria-barbarian-infantry-2",
            "praetor-1",
        ],
        "5726",
    );
    s
}

const ILLYRIANS_ASSAULT: &str = "moves: [{commander: praetor-1, with: [illyria-barbarian-infantry-1, illyria-barbarian-infantry-2], path: [\"5626\"], assault: {tries: 4, on_capture: {sack: true}}}]";

#[test]
fn romans_13_55_an_allied_army_rolls_1_2_sacked_without_plunder() {
    let s = illyrians_before_oreus();
    let (t, x) = first_seed(&s, ILLYRIANS_ASSAULT, &BTreeMap::new(), |x| {
        x.contains("sacked, without plunder")
    });
    let oreus = city(&t, "Oreus");
    assert!(oreus.sacked, "{x}");
    assert!(!x.contains("plunder roll"), "{x}");
    // No talents at all (ruling R-46): only supply talents changed Rome's treasury.
    let paid = x.matches("pays 1 talent").count() as u32;
    assert_eq!(t.talents("rome"), 25 - paid, "{x}");
}

#[test]
fn romans_13_55_an_allied_army_rolls_3_6_controlled() {
    let s = illyrians_before_oreus();
    let (t, x) = first_seed(&s, ILLYRIANS_ASSAULT, &BTreeMap::new(), |x| {
        x.contains("so it is controlled")
    });
    let oreus = city(&t, "Oreus");
    assert!(
        !oreus.sacked && oreus.control.as_deref() == Some("rome"),
        "{x}"
    );
}

#[test]
fn romans_errata_13_4_pella_entered_from_5521_may_fall_back_on_5420() {
    // Follow-up 13.4: "in the spirit" of the rule, a Force besieging Pella (5520) from 5521 may
    // fall back on 5420.
    let mut s = smw();
    put(
        &mut s,
        &["legion-I", "legion-II", "legion-III", "field-consul"],
        "5521",
    );
    submit(
        &mut s,
        orders("moves: [{commander: field-consul, with: [legion-I, legion-II, legion-III], path: [\"5520\"], besiege: {}}]"),
        &mut dice(3),
    )
    .unwrap();
    to_macedon_nothing(&mut s);
    submit(
        &mut s,
        orders("sieges: [{city: \"5520\", roll: false}]"),
        &mut dice(1),
    )
    .unwrap();
    let ev = submit(
        &mut s,
        orders("moves: [{commander: field-consul, with: [legion-I, legion-II, legion-III], path: [\"5420\"]}]"),
        &mut dice(1),
    )
    .unwrap();
    assert!(
        texts(&ev).contains("the siege of Pella by Rome is given up"),
        "{}",
        texts(&ev)
    );
}

#[test]
fn romans_14_21_no_talent_no_leaving_the_radius() {
    let mut s = rome_before_corinth();
    s.treasury.insert("rome".into(), 0);
    let r = submit(
        &mut s,
        orders("moves: [{commander: field-consul, with: [legion-I], path: [\"5627\"]}]"),
        &mut dice(1),
    );
    let why = refused(r, "Romans [14.21]");
    assert!(why.contains("may not leave its supply radius"), "{why}");
}

#[test]
fn romans_14_26_out_of_supply_with_an_empty_treasury_rolls_attrition() {
    let mut s = rome_before_corinth();
    s.treasury.insert("rome".into(), 0);
    let ev = submit(&mut s, orders("moves: []"), &mut dice(4)).unwrap();
    let x = texts(&ev);
    assert!(x.contains("[Romans [14.26]] untried field-consul's Force at 5628, out of supply with an empty treasury (68 SSP)"), "{x}");
}

#[test]
fn romans_14_21_a_force_in_supply_pays_nothing() {
    // Legion IV leaves Capua for a hex beside it: Roma and Ostia are within 10 MP; Placentia's
    // garrison stands in a friendly city (ruling R-41).
    let mut s = smw();
    put(&mut s, &["praetor-1"], "3317");
    let ev = submit(
        &mut s,
        orders("moves: [{commander: praetor-1, with: [legion-IV], path: [\"3316\"]}]"),
        &mut dice(1),
    )
    .unwrap();
    let x = texts(&ev);
    assert!(!x.contains("pays 1 talent"), "{x}");
    assert_eq!(s.talents("rome"), 25);
}

#[test]
fn romans_13_54_a_sacked_city_no_longer_blocks_movement() {
    // Athens (B, uncontrolled) may not be passed through (5.25) until it is sacked.
    let mut s = smw();
    put(&mut s, &["legion-I", "field-consul"], "5728");
    let o = "moves: [{commander: field-consul, with: [legion-I], path: [\"5828\", \"5827\"]}]";
    let mut t = s.clone();
    refused(submit(&mut t, orders(o), &mut dice(1)), "Romans [5.25]");
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Athens")
        .unwrap()
        .0
        .clone();
    s.cities.get_mut(&k).unwrap().sacked = true;
    submit(&mut s, orders(o), &mut dice(1)).unwrap();
    assert_eq!(s.units["legion-I"].at.hex, "5827");
    let v = Romans.view(&s, None);
    let athens = v.map.places.iter().find(|p| p.name == "Athens").unwrap();
    assert!(athens.cities[0]
        .marks
        .iter()
        .any(|m| m.starts_with("SACKED")));
}

#[test]
fn romans_15_11_winter_attrition_outside_a_friendly_city_or_beyond_supply() {
    // The Winter turn calls this first (15.14); it is not reached in play yet. Legion I in the
    // field in Greece (no friendly city, no supply) rolls; Legion III in Roma does not.
    use legatus::games::conquerors::romans::attrition::winter;
    let mut s = smw();
    put(&mut s, &["legion-I"], "5628");
    let mut d = dice(5);
    let mut ev = Vec::new();
    winter(&mut s, &BTreeMap::new(), &mut d, &mut ev).unwrap();
    let x = texts(&ev);
    assert!(x.contains("[Romans [15.11]] the Force at 5628, outside a friendly city hex and beyond its supply radius (22 SSP)"), "{x}");
    assert!(!x.contains("at 2914"), "{x}");
    let line = x.lines().find(|l| l.contains("at 5628")).unwrap();
    let r: u32 = line
        .split(" rolls ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .unwrap()
        .parse()
        .unwrap();
    let lost = [1, 2, 3, 5, 6, 8][r as usize - 1]; // 1, 2, 10%, 20%, 25%, 33% of 22, rounded up
    assert_eq!(s.units["legion-I"].ssp, 22 - lost, "{x}");
}

#[test]
fn romans_14_11_a_naval_base_built_in_play_is_a_supply_source() {
    // Legion I leaves Apollonia (Roman, a port with no printed base) for Epidamnus: beyond
    // every Roman source, it pays the talent. Once Rome has built a Naval Base at Apollonia
    // (17.33) the same move is in supply and free.
    let mut s = smw();
    put(&mut s, &["legion-I", "field-consul"], "4719");
    let o = "moves: [{commander: field-consul, with: [legion-I], path: [\"4818\"]}]";
    let mut t = s.clone();
    let ev = submit(&mut t, orders(o), &mut dice(1)).unwrap();
    assert!(texts(&ev).contains("pays 1 talent"), "{}", texts(&ev));
    s.built_bases.insert("romans:4719".into(), "rome".into());
    let ev = submit(&mut s, orders(o), &mut dice(1)).unwrap();
    assert!(!texts(&ev).contains("pays 1 talent"), "{}", texts(&ev));
    assert_eq!(s.talents("rome"), 25);
}

#[test]
fn romans_14_15_a_blockaded_base_supplies_nobody() {
    // Philip leaves Corinth (Macedon's Naval Base) for 5431, 7 MP away (Demetrias is 13): in
    // supply, free. With a Roman squadron in Corinth's hex the base is blockaded and the move
    // costs the talent.
    let s = philip_at_corinth();
    let force = with_all(&s, "5529", "macedon");
    let o = format!(
        "moves: [{{commander: philip-v, with: [{force}], path: [\"5530\", \"5430\", \"5431\"]}}]"
    );
    let mut free = s.clone();
    let ev = submit(&mut free, orders(&o), &mut dice(1)).unwrap();
    assert!(!texts(&ev).contains("pays 1 talent"), "{}", texts(&ev));
    let mut blockaded = s.clone();
    blockaded.squadrons.get_mut("rome-light-1").unwrap().at.hex = "5529".into();
    let ev = submit(&mut blockaded, orders(&o), &mut dice(1)).unwrap();
    assert!(
        texts(&ev).contains("goes beyond its supply radius at 5530: Macedon pays 1 talent"),
        "{}",
        texts(&ev)
    );
}

#[test]
fn romans_14_13_an_enemy_stack_of_more_than_5_ssp_closes_the_path() {
    use legatus::games::conquerors::romans::supply::in_supply;
    use legatus::geo::Hex;
    let mut s = smw();
    let map = s.map("romans").unwrap();
    let at = Hex::parse("5431").unwrap();
    let macedon = std::collections::BTreeSet::from(["macedon".to_string()]);
    assert!(
        in_supply(&s, "macedon", &map, at, &macedon),
        "Corinth is 7 MP away, Demetrias 13"
    );
    // Legion I outside the walls at Corinth: the source hex is closed at 6 SSP, open at 5.
    put(&mut s, &["legion-I"], "5529");
    s.units.get_mut("legion-I").unwrap().ssp = 5;
    assert!(in_supply(&s, "macedon", &map, at, &macedon));
    s.units.get_mut("legion-I").unwrap().ssp = 6;
    assert!(!in_supply(&s, "macedon", &map, at, &macedon));
}

#[test]
fn romans_13_47_besieging_squadrons_add_their_strength_to_a_siege() {
    // Legions I and II (46 SSP) against Corinth (40 + 6 = 46): one short; a Roman light
    // squadron in the hex (2) makes 48.
    let mut s = smw();
    put(&mut s, &["legion-I", "legion-II", "field-consul"], "5628");
    let o = "moves: [{commander: field-consul, with: [legion-I, legion-II], path: [\"5529\"], besiege: {}}]";
    let mut t = s.clone();
    refused(
        submit(&mut t, orders(o), &mut dice(1)),
        "Romans [13.43], [13.24]",
    );
    s.squadrons.get_mut("rome-light-1").unwrap().at.hex = "5529".into();
    let ev = submit(&mut s, orders(o), &mut dice(1)).unwrap();
    assert!(texts(&ev).contains("with 48 SSP"), "{}", texts(&ev));
}

#[test]
fn romans_13_47_the_citys_squadrons_add_to_its_defence_in_a_siege() {
    // Demetrias (B, 40) with Philip's units inside and Macedon's fleet in port (heavy 6,
    // 3 medium 12, light 2 = 20).
    let s = smw();
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Demetrias")
        .unwrap()
        .0
        .clone();
    let d = legatus::games::conquerors::romans::cities::defence(&s, &k, true);
    assert_eq!(d.naval, 20);
    let assault = legatus::games::conquerors::romans::cities::defence(&s, &k, false);
    assert_eq!(assault.naval, 0, "13.28: never in an assault");
}

/// Achaea active for Macedon (5 toward Macedon), its cities Argos and Aegium Macedon's, one
/// Achaean hoplite inside Amphipolis, a Macedonian city with no Macedonian troops; Philip with
/// 22 SSP at Corinth beside Argos, empty. Macedon to move.
fn philip_beside_his_allys_argos() -> State {
    use legatus::games::conquerors::force::{LandUnit, Position};
    let mut s = philip_at_corinth();
    {
        let a = s.allies.get_mut("achaea").unwrap();
        a.active = Some("macedon".into());
        a.toward = Some("macedon".into());
        a.points = 5;
    }
    for c in s.cities.values_mut() {
        if c.ally.as_deref() == Some("achaea") && c.control.is_none() {
            c.control = Some("macedon".into());
        }
    }
    assert_eq!(city(&s, "Amphipolis").control.as_deref(), Some("macedon"));
    assert!(units_at(&s, "5820", "macedon").is_empty());
    s.units.insert(
        "achaea-hoplite-1".into(),
        LandUnit {
            side: "macedon".into(),
            nation: "achaea".into(),
            kind: "hoplite".into(),
            label: None,
            ssp: 2,
            full_ssp: 2,
            cavalry_ssp: 0,
            at: Position {
                map: "romans".into(),
                hex: "5820".into(),
                inside: true,
            },
        },
    );
    s
}

/// Errata 13.2: Philip storms Argos, a city of Macedon's own active ally Achaea. Achaea goes
/// over to Rome at once and for good: active for Rome, 5 toward Rome, out of diplomacy; its
/// other city Aegium is Rome's; its hoplite in Macedon's Amphipolis revolts against a garrison
/// of 0 SSP (4-1+, a YES on any roll) and takes the city for Rome. The city's fall then moves
/// no level (the ally is Rome's for the rest of the game).
#[test]
fn romans_13_2_errata_attacking_an_active_ally_makes_it_defect() {
    let s = philip_beside_his_allys_argos();
    let force = with_all(&s, "5529", "macedon");
    let o = format!("moves: [{{commander: philip-v, with: [{force}], path: [\"5429\"], assault: {{tries: 3}}}}]");
    let (t, x) = first_seed(&s, &o, &BTreeMap::new(), |x| x.contains("the city falls"));
    assert!(x.contains("[Romans errata 13.2] Macedon attacks Argos, a city of achaea, its own active ally: achaea goes over to Rome for the rest of the game (Alliance Table from 5 toward Macedon to 5 toward Rome, out of diplomacy)"), "{x}");
    let a = &t.allies["achaea"];
    assert_eq!(a.active.as_deref(), Some("rome"), "{x}");
    assert_eq!(a.toward.as_deref(), Some("rome"), "{x}");
    assert_eq!(a.points, 5, "{x}");
    assert_eq!(a.permanent.as_deref(), Some("rome"), "{x}");
    assert_eq!(city(&t, "Aegium").control.as_deref(), Some("rome"), "{x}");
    // The revolt (16.24, 16.27): 2 SSP against 0, the 4-1+ column.
    assert!(
        x.contains("achaea revolts in Amphipolis against Macedon (2 SSP against 0, 4-1+"),
        "{x}"
    );
    assert_eq!(
        city(&t, "Amphipolis").control.as_deref(),
        Some("rome"),
        "{x}"
    );
    assert_eq!(t.units["achaea-hoplite-1"].side, "rome");
    // Argos falls to Macedon, an enemy city now: no errata 13.2 level for it (out of play).
    assert_eq!(city(&t, "Argos").control.as_deref(), Some("macedon"), "{x}");
    assert!(!x.contains("levels with achaea"), "{x}");
    assert_eq!(t.allies["achaea"].points, 5);
}

/// Errata 13.2: no attack on one's own ally's city while its troops stand with one's own: an
/// Achaean hoplite marching with Philip's Force, or one inside Corinth with its Macedonian
/// garrison. Nothing changes on the Alliance Table.
#[test]
fn romans_13_2_errata_attack_refused_while_the_allys_troops_stand_with_the_attacker() {
    let base = philip_beside_his_allys_argos();
    let force = with_all(&base, "5529", "macedon");
    let o = format!("moves: [{{commander: philip-v, with: [{force}], path: [\"5429\"], assault: {{tries: 3}}}}]");
    // Marching with the Force from Corinth into Argos's hex.
    let mut s = base.clone();
    {
        let u = s.units.get_mut("achaea-hoplite-1").unwrap();
        u.at.hex = "5529".into();
        u.at.inside = false;
    }
    let with = format!("moves: [{{commander: philip-v, with: [{force}, achaea-hoplite-1], path: [\"5429\"], assault: {{tries: 3}}}}]");
    let why = refused(
        submit(&mut s, orders(&with), &mut dice(1)),
        "Romans errata 13.2",
    );
    assert!(
        why.contains("Argos is a city of achaea, your own active ally"),
        "{why}"
    );
    assert!(why.contains("achaea-hoplite-1 at 5429"), "{why}");
    assert_eq!(s.allies["achaea"].active.as_deref(), Some("macedon"));
    assert_eq!(s.allies["achaea"].points, 5);
    // Inside Corinth beside its Macedonian garrison (Corinth holds Macedonian troops inside).
    let mut s = base.clone();
    assert!(units_at(&s, "5529", "macedon")
        .iter()
        .any(|id| s.units[id].at.inside));
    s.units.get_mut("achaea-hoplite-1").unwrap().at.hex = "5529".into();
    let why = refused(
        submit(&mut s, orders(&o), &mut dice(1)),
        "Romans errata 13.2",
    );
    assert!(why.contains("achaea-hoplite-1 at 5529"), "{why}");
    assert_eq!(s.allies["achaea"].toward.as_deref(), Some("macedon"));
    // Alone in Amphipolis it stands with no Macedonian troops: the attack is allowed.
    let mut s = base;
    assert!(submit(&mut s, orders(&o), &mut dice(1)).is_ok());
    assert_eq!(s.allies["achaea"].active.as_deref(), Some("rome"));
}
