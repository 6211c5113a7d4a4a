//! The Romans: the Winter/Planning Turn (Romans [4.2]) — taxes ([17.1], [17.2]), maintenance and
//! raising ([17.3], [17.4]), the Senate and the Augury ([18]) — and victory ([19], [20.16]),
//! driven through `Romans::apply`; every worked example of those sections with its numbers.

#[path = "romans/common.rs"]
mod common;

use std::collections::BTreeMap;

use common::*;
use legatus::games::conquerors::romans::augury::Augury;
use legatus::games::conquerors::romans::orders::{Orders, Standing};
use legatus::games::conquerors::romans::state::{Phase, State};
use legatus::games::conquerors::romans::{economy, replacements, victory, Romans};
use legatus::protocol::dice::Dice;
use legatus::ruleset::{Context, Event, PendingKind, RuleError, Ruleset, Submission};

/// Both Player-Turns pass without a move.
fn pass_turn(s: &mut State, d: &mut Dice) -> Vec<Event> {
    let mut ev = submit(s, orders("moves: []"), d).unwrap_or_else(|e| panic!("{e}"));
    ev.extend(submit(s, orders("moves: []"), d).unwrap_or_else(|e| panic!("{e}")));
    ev
}

/// The 20.1 game at its first Winter (after October 200 B.C.), with the events of Macedon's
/// last Campaign Phase (the Augury and the taxes) and the dice drawn for them.
fn first_winter(seed: u8) -> (State, Vec<Event>, Vec<legatus::protocol::dice::Roll>) {
    let mut s = smw();
    pass_turn(&mut s, &mut dice(seed));
    submit(&mut s, orders("moves: []"), &mut dice(seed)).unwrap();
    let mut d = dice(seed.wrapping_add(100));
    let ev = submit(&mut s, orders("moves: []"), &mut d).unwrap();
    assert_eq!(s.phase, Phase::Winter);
    (s, ev, d.into_rolls())
}

/// Both players' sealed Winter orders.
fn sealed(s: &mut State, rome: &str, macedon: &str, d: &mut Dice) -> Result<Vec<Event>, RuleError> {
    let p = Romans.pending(s);
    assert_eq!(p.kind, PendingKind::Sealed, "{p:?}");
    let standing: BTreeMap<String, Standing> = BTreeMap::new();
    let ctx = Context {
        standing: &standing,
        options: &[],
        seq: 1,
    };
    let by: BTreeMap<String, Orders> = BTreeMap::from([
        ("rome".to_string(), orders(rome)),
        ("macedon".to_string(), orders(macedon)),
    ]);
    let sub = Submission {
        kind: p.kind,
        step: p.step.clone(),
        by,
    };
    let mut copy = s.clone();
    let mut deferred = Dice::deferred();
    if let Err(e @ RuleError::Illegal { .. }) = Romans.apply(&mut copy, &ctx, &sub, &mut deferred) {
        return Err(e);
    }
    Romans.apply(s, &ctx, &sub, d)
}

fn cell(table: &str, row: u32, col: &str) -> u32 {
    smw()
        .pack
        .table(table)
        .unwrap()
        .roll(row as u8, col)
        .unwrap()
        .parse()
        .unwrap()
}

fn set_augury(s: &mut State, roll: u32, event: &str) {
    s.winter.as_mut().unwrap().augury = Some(Augury {
        roll,
        event: event.into(),
    });
}

#[test]
fn romans_4_2_winter_comes_after_october_and_asks_both_players_sealed() {
    let (s, ev, _) = first_winter(1);
    let p = Romans.pending(&s);
    assert_eq!(p.kind, PendingKind::Sealed);
    assert_eq!(p.sides, vec!["rome".to_string(), "macedon".to_string()]);
    assert_eq!(p.step, "winter-200-199");
    let t = texts(&ev);
    assert!(t.contains("Augury: Rome rolls"), "{t}");
    assert!(
        t.contains("Rome rolls") && t.contains("Macedon rolls"),
        "{t}"
    );
    let tpl = Romans.template(&s, "macedon");
    assert!(tpl.contains("Maintenance (17.35), paid first"), "{tpl}");
    assert!(tpl.contains("siege_trains"), "{tpl}");
    let tpl = Romans.template(&s, "rome");
    assert!(tpl.contains("the next is VI"), "{tpl}");
    let v = Romans.view(&s, None);
    assert!(
        v.notes.iter().any(|n| n.starts_with("Augury")),
        "{:?}",
        v.notes
    );
    assert!(v
        .tracks
        .iter()
        .any(|t| t.name.starts_with("Macedon Victory Points")));
    assert!(
        v.phase.contains("Winter/Planning Turn 200-199"),
        "{}",
        v.phase
    );
}

#[test]
fn romans_17_2_taxes_by_die_roll() {
    for seed in [1u8, 2, 3, 4] {
        let (s, _, rolls) = first_winter(seed);
        let w = s.winter.clone().unwrap();
        let a = w.augury.clone().unwrap();
        let e = a.data(&s);
        let augury_dice: u32 = rolls
            .iter()
            .filter(|r| r.purpose == "Augury")
            .map(|r| r.value)
            .sum();
        assert_eq!(augury_dice, a.roll, "18.31: two dice");
        for (side, col, start) in [("rome", "rome", 25i64), ("macedon", "macedon", 22)] {
            let die = rolls
                .iter()
                .find(|r| r.purpose.starts_with("taxes") && r.side.as_deref() == Some(side))
                .unwrap()
                .value;
            let t = &w.taxes[side];
            assert_eq!(t.die, die);
            assert_eq!(
                t.schedule,
                cell("taxation", die, col),
                "17.2 {side} die {die}"
            );
            let mut expect = start;
            if side == "rome" {
                expect = (expect + e.treasury_change.unwrap_or(0) as i64).max(0);
                expect += (t.schedule as i64 + e.tax_modifier.unwrap_or(0) as i64).max(0);
                expect += t.revenue.iter().map(|(_, n)| *n as i64).sum::<i64>();
            } else {
                expect += t.schedule as i64;
            }
            assert_eq!(s.treasury[side] as i64, expect, "{side} seed {seed}");
        }
    }
}

#[test]
fn romans_17_13_revenue_sources_pay_one_talent_each_until_captured() {
    let mut s = smw();
    pass_turn(&mut s, &mut dice(7));
    submit(&mut s, orders("moves: []"), &mut dice(7)).unwrap();
    // Syracusa falls to Macedon before the Winter ([17.15]: captured, no revenue).
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Syracusa")
        .unwrap()
        .0
        .clone();
    s.cities.get_mut(&k).unwrap().control = Some("macedon".into());
    submit(&mut s, orders("moves: []"), &mut dice(8)).unwrap();
    let t = &s.winter.as_ref().unwrap().taxes["rome"];
    let a = s.winter.as_ref().unwrap().augury.clone().unwrap();
    let each = a.data(&s).revenue_per_source.unwrap_or(1);
    let paid: Vec<&str> = t.revenue.iter().map(|(c, _)| c.as_str()).collect();
    assert!(!paid.contains(&"Syracusa"), "{t:?}");
    assert!(t
        .closed
        .iter()
        .any(|(c, why)| c == "Syracusa" && why.contains("held by Macedon")));
    // Carthage is neutral (AMB-57) and still pays.
    assert!(paid.contains(&"Carthage"), "{t:?}");
    assert!(t
        .revenue
        .iter()
        .all(|(c, n)| *n == each || a.data(&s).no_revenue_from.contains(c)));
}

#[test]
fn romans_17_35_example_five_legions_two_heavy_one_medium_cost_thirteen() {
    // Winter attrition (15.11) comes first: with this seed it eliminates rome-barbarian-infantry-1
    // at Hippo Regius (beyond Rome's supply radius); the other auxiliaries stay free.
    let (mut s, _, _) = first_winter(2);
    // Keep 5 legions, 2 quinquireme and 1 trireme squadrons: disband the rest of the fleet.
    let mediums: Vec<String> = s
        .squadrons
        .iter()
        .filter(|(_, q)| q.side == "rome" && q.kind == "medium")
        .map(|(k, _)| k.clone())
        .collect();
    let lights: Vec<String> = s
        .squadrons
        .iter()
        .filter(|(_, q)| q.side == "rome" && q.kind == "light")
        .map(|(k, _)| k.clone())
        .collect();
    let mut gone = vec![mediums[1].clone()];
    gone.extend(lights);
    set_augury(&mut s, 8, "carthaginian-tribute");
    let before = s.treasury["rome"];
    let ev = sealed(
        &mut s,
        &format!("winter: {{disband: [{}]}}", gone.join(", ")),
        "winter: {}",
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert!(t.contains("Rome pays 13 talents of maintenance"), "{t}");
    assert!(
        t.contains("free: rome-barbarian-infantry-2"),
        "20.11 auxiliaries not yet joined: {t}"
    );
    assert_eq!(s.treasury["rome"], before - 13);
    assert_eq!(
        s.phase,
        Phase::Campaign {
            side: "rome".into()
        }
    );
}

#[test]
fn romans_17_31_example_legion_v_costs_three_talents() {
    let (mut s, _, _) = first_winter(3);
    set_augury(&mut s, 8, "carthaginian-tribute");
    let before = s.treasury["rome"];
    // Legion V is disbanded first (errata 17.39) and is then the next legion to raise (17.38).
    let ev = sealed(
        &mut s,
        "winter: {disband: [legion-V], legions: [{legion: V, at: Roma}]}",
        "winter: {}",
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert!(t.contains("Legion V at Roma (3 talents)"), "{t}");
    // Maintenance of 4 legions and the fleet (6 + 4 + 2), then 3 for Legion V.
    assert_eq!(s.treasury["rome"], before - (4 + 12) - 3);
    assert_eq!(s.units["legion-V"].at.hex, "2914");
    assert_eq!(s.units["legion-V"].ssp, 22, "an odd legion, 3.4");
    assert!(s.commanders.contains_key("tribune-V-1") && s.commanders.contains_key("tribune-V-2"));
}

#[test]
fn romans_17_31_example_forty_ssp_of_macedonian_troops_cost_six_talents() {
    let (mut s, _, _) = first_winter(4);
    let phalanx: Vec<String> = s
        .units
        .iter()
        .filter(|(_, u)| u.kind == "phalanx")
        .map(|(k, _)| k.clone())
        .collect();
    assert_eq!(phalanx.len(), 15);
    let mut after = s.clone();
    for p in &phalanx {
        after.units.remove(p);
    }
    let upkeep = economy::upkeep(&after, "macedon").total;
    let before = s.treasury["macedon"];
    let ev = sealed(
        &mut s,
        "winter: {}",
        &format!(
            "winter: {{disband: [{}], troops: [{{type: phalanx, count: 20, at: Pella}}]}}",
            phalanx.join(", ")
        ),
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert!(t.contains("40 SSP of troops: 6 talents"), "{t}");
    assert_eq!(s.treasury["macedon"], before - upkeep - 6);
    assert_eq!(s.units.values().filter(|u| u.kind == "phalanx").count(), 20);
}

#[test]
fn romans_17_3_counter_mix_limits_raising() {
    let (mut s, _, _) = first_winter(5);
    let r = sealed(
        &mut s,
        "winter: {}",
        "winter: {troops: [{type: phalanx, count: 6, at: Pella}]}",
        &mut dice(3),
    );
    let why = refused(r, "Romans [17.3]");
    assert!(why.contains("5 more phalanx"), "{why}");
}

#[test]
fn romans_17_38_legions_are_raised_in_numerical_order() {
    let (mut s, _, _) = first_winter(5);
    set_augury(&mut s, 8, "carthaginian-tribute");
    let r = sealed(
        &mut s,
        "winter: {legions: [{legion: VII, at: Roma}]}",
        "winter: {}",
        &mut dice(3),
    );
    let why = refused(r, "Romans [17.38]");
    assert!(why.contains("the next is VI"), "{why}");
}

#[test]
fn romans_17_32_troops_appear_only_in_their_raising_city() {
    let (mut s, _, _) = first_winter(5);
    let r = sealed(
        &mut s,
        "winter: {}",
        "winter: {troops: [{type: peltast, count: 1, at: Demetrias}]}",
        &mut dice(3),
    );
    refused(r, "Romans [17.32]");
    let r = sealed(
        &mut s,
        "winter: {troops: [{type: hoplite, count: 6, at: Syracusa}]}",
        "winter: {}",
        &mut dice(3),
    );
    let why = refused(r, "Romans [17.37]");
    assert!(why.contains("10 SSP"), "{why}");
}

#[test]
fn romans_18_32_no_new_legions_after_civil_unrest() {
    let (mut s, _, _) = first_winter(5);
    set_augury(&mut s, 7, "civil-unrest");
    let r = sealed(
        &mut s,
        "winter: {legions: [{legion: VI, at: Capua}]}",
        "winter: {}",
        &mut dice(3),
    );
    refused(r, "Romans [18.32]");
}

#[test]
fn romans_17_35_maintenance_beyond_the_treasury() {
    let (mut s, _, _) = first_winter(6);
    s.treasury.insert("macedon".into(), 10);
    let r = sealed(&mut s, "winter: {}", "winter: {}", &mut dice(3));
    let why = refused(r, "Romans [17.35]");
    assert!(why.contains("disband"), "{why}");
    // A player who sends no Winter orders keeps what his treasury pays for (a default).
    let ev =
        sealed(&mut s, "winter: {}", "moves: []", &mut dice(3)).unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert!(t.contains("default: Macedon sent no Winter orders"), "{t}");
    assert!(economy::upkeep(&s, "macedon").total <= 10);
}

#[test]
fn romans_errata_17_39_only_own_units_are_disbanded() {
    let (mut s, _, _) = first_winter(6);
    let r = sealed(
        &mut s,
        "winter: {disband: [macedon-phalanx-1]}",
        "winter: {}",
        &mut dice(3),
    );
    refused(r, "Romans errata 17.39");
}

/// [18.12], [12.12]: the old consuls leave with the year; the one who was at sea leaves his
/// ship too, so the new field consul (the same counter id, placed with a legion ashore) is
/// not taken to be aboard it.
#[test]
fn romans_18_12_a_consul_replaced_at_sea_leaves_his_ship() {
    let (mut s, _, _) = first_winter(9);
    set_augury(&mut s, 8, "carthaginian-tribute");
    let ship = s
        .squadrons
        .iter()
        .find(|(_, q)| q.side == "rome")
        .map(|(k, _)| k.clone())
        .expect("a Roman squadron");
    s.naval.aboard.insert("field-consul".into(), ship.clone());
    sealed(
        &mut s,
        "winter: {senate: {field_consul_at: \"4319\", praetors_at: [\"4319\", \"2203\"], legates_at: [\"2625\"]}}",
        "winter: {}",
        &mut dice(9),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.commanders["field-consul"].at.hex, "4319");
    assert_eq!(
        s.naval.aboard.get("field-consul"),
        None,
        "not aboard {ship}"
    );
}

#[test]
fn romans_18_12_new_consuls_the_consul_for_rome_revealed_at_once() {
    let (mut s, _, _) = first_winter(9);
    set_augury(&mut s, 8, "carthaginian-tribute");
    let mut d = dice(9);
    let ev = sealed(
        &mut s,
        "winter: {senate: {field_consul_at: \"4319\", praetors_at: [\"4319\", \"2203\"], legates_at: [\"2625\"]}}",
        "winter: {}",
        &mut d,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    let cr = &s.commanders["consul-for-rome"];
    assert!(cr.counter.is_some(), "18.13: revealed at once: {t}");
    assert_eq!(cr.at.hex, "2914");
    assert!(t.contains("the untried consul-for-rome is revealed"), "{t}");
    let fc = &s.commanders["field-consul"];
    assert!(
        fc.counter.is_none(),
        "18.13: the field consul stays untried"
    );
    assert_eq!(fc.at.hex, "4319");
    let praetors: Vec<_> = s
        .commanders
        .values()
        .filter(|c| c.pool.as_deref() == Some("praetors"))
        .collect();
    assert_eq!(praetors.len(), 2, "18.21, AMB-33: 5 legions, 2 praetors");
    let legates: Vec<_> = s
        .commanders
        .values()
        .filter(|c| c.pool.as_deref() == Some("legates"))
        .collect();
    assert_eq!(
        legates.len(),
        1,
        "18.22: Rome has 6 squadrons, so as many legates as praetors (1 named)"
    );
    assert!(d.rolls().iter().any(|r| r.rule == "Romans [18.13]"));
}

#[test]
fn romans_18_14_field_consul_kept_only_after_a_major_battle_won() {
    let (mut s, _, _) = first_winter(10);
    set_augury(&mut s, 8, "carthaginian-tribute");
    let r = sealed(
        &mut s,
        "winter: {senate: {keep_field_consul: true}}",
        "winter: {}",
        &mut dice(3),
    );
    refused(r, "Romans [18.14]");
    victory::record_major_battle(&mut s, "rome", &["field-consul".to_string()]);
    assert_eq!(victory::score(&s, "rome").battles, 25, "19.11");
    sealed(
        &mut s,
        "winter: {senate: {keep_field_consul: true}}",
        "winter: {}",
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        s.commanders["field-consul"].at.hex, "4319",
        "he stays where he was"
    );
}

#[test]
fn romans_18_32_item_6_the_augury_lets_rome_keep_its_consul() {
    let (mut s, _, _) = first_winter(10);
    set_augury(&mut s, 6, "reappoint-consul");
    sealed(
        &mut s,
        "winter: {senate: {keep_field_consul: true}}",
        "winter: {}",
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn romans_18_32_item_2_a_legion_and_an_extra_praetor_go_to_emporiae() {
    let (mut s, _, _) = first_winter(11);
    set_augury(&mut s, 2, "rising-in-hispania");
    let r = sealed(
        &mut s,
        "winter: {senate: {augury_legions: [legion-III]}}",
        "winter: {}",
        &mut dice(3),
    );
    refused(r, "Romans [18.32]");
    let ev = sealed(
        &mut s,
        "winter: {senate: {augury_legions: [legion-IV]}}",
        "winter: {}",
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert_eq!(s.units["legion-IV"].at.hex, "0507", "{t}");
    assert_eq!(s.senate.posted["legion-IV"], "Emporiae");
    assert_eq!(s.commanders["praetor-augury"].at.hex, "0507");
    assert_eq!(
        s.commanders["tribune-IV-1"].at.hex, "0507",
        "18.23: the tribunes stay with their legion"
    );
}

#[test]
fn romans_18_32_item_4_the_storm_takes_half_of_the_largest_fleet() {
    let (mut s, _, _) = first_winter(12);
    set_augury(&mut s, 4, "storm");
    // Brundisium: 2 heavy, 1 medium, 2 light = 10 steps, the largest fleet; 5 are lost.
    let r = sealed(
        &mut s,
        "winter: {senate: {storm_steps: [rome-light-1]}}",
        "winter: {}",
        &mut dice(3),
    );
    refused(r, "Romans [18.32]");
    let ev = sealed(
        &mut s,
        "winter: {senate: {storm_steps: [rome-light-1, rome-light-1, rome-light-2, rome-light-2, rome-medium-1]}}",
        "winter: {}",
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert!(t.contains("5 step(s)"), "{t}");
    assert!(!s.squadrons.contains_key("rome-light-1") && !s.squadrons.contains_key("rome-light-2"));
    assert!(s.squadrons["rome-medium-1"].half);
}

#[test]
fn romans_4_2_first_winter_into_march_199() {
    let (mut s, _, _) = first_winter(13);
    let ev =
        sealed(&mut s, "winter: {}", "winter: {}", &mut dice(13)).unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert!(
        t.contains("March 199 B.C. (Game-Turn 3 of 26) begins"),
        "{t}"
    );
    assert_eq!(
        s.phase,
        Phase::Campaign {
            side: "rome".into()
        }
    );
    assert!(s.winter.is_none());
    // The game goes on: March's Campaign Phases are played.
    pass_turn(&mut s, &mut dice(14));
    assert!(
        s.turn_words().starts_with("April 199"),
        "{}",
        s.turn_words()
    );
}

#[test]
fn romans_17_36_rome_may_not_leave_roma_without_a_full_legion() {
    let mut s = smw();
    let r = submit(
        &mut s,
        orders("moves: [{commander: consul-for-rome, with: [legion-III, tribune-III-1, tribune-III-2], path: [\"2915\"]}]"),
        &mut dice(1),
    );
    refused(r, "Romans [17.36]");
}

#[test]
fn romans_19_15_roma_falls_and_the_game_ends() {
    let mut s = smw();
    submit(&mut s, orders("moves: []"), &mut dice(1)).unwrap();
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Roma")
        .unwrap()
        .0
        .clone();
    s.cities.get_mut(&k).unwrap().control = Some("macedon".into());
    let ev = submit(&mut s, orders("moves: []"), &mut dice(1)).unwrap();
    assert_eq!(s.phase, Phase::Over);
    let o = s.victory.outcome.clone().unwrap();
    assert_eq!(o.winner.as_deref(), Some("macedon"));
    assert_eq!(o.rule, "Romans [19.15]");
    assert!(texts(&ev).contains("Roma has fallen"));
    assert_eq!(Romans.pending(&s).kind, PendingKind::GameOver);
}

#[test]
fn romans_19_14_example_apollonia_scores_for_macedon_not_rome() {
    let mut s = smw();
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Apollonia")
        .unwrap()
        .0
        .clone();
    assert_eq!(s.cities[&k].control.as_deref(), Some("rome"), "20.17");
    assert!(!victory::city_vp(&s, "rome")
        .iter()
        .any(|(c, _)| c == "Apollonia"));
    s.cities.get_mut(&k).unwrap().control = Some("macedon".into());
    let class = format!("{:?}", s.cities[&k].class);
    let vp = match class.as_str() {
        "A" => 12,
        "B" => 8,
        "C" => 4,
        _ => 2,
    };
    assert!(
        victory::city_vp(&s, "macedon").contains(&("Apollonia".to_string(), vp)),
        "19.14 class {class}"
    );
    // Macedon's own Pella never scores (20.16).
    assert!(!victory::city_vp(&s, "macedon")
        .iter()
        .any(|(c, _)| c == "Pella"));
}

#[test]
fn romans_19_12_example_an_allied_city_scores_only_if_seized() {
    let mut s = smw();
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Argos")
        .unwrap()
        .0
        .clone();
    s.cities.get_mut(&k).unwrap().control = Some("rome".into());
    s.allies.get_mut("achaea").unwrap().active = Some("rome".into());
    assert!(!victory::city_vp(&s, "rome")
        .iter()
        .any(|(c, _)| c == "Argos"));
    let (m, h) = (s.cities[&k].at.map.clone(), s.cities[&k].at.hex.clone());
    victory::record_city_taken(&mut s, &m, &h, false);
    assert!(victory::city_vp(&s, "rome")
        .iter()
        .any(|(c, _)| c == "Argos"));
    victory::record_city_taken(&mut s, &m, &h, true);
    assert!(
        !victory::city_vp(&s, "rome")
            .iter()
            .any(|(c, _)| c == "Argos"),
        "19.13: sacked"
    );
}

#[test]
fn romans_20_16_philip_v_is_worth_ten_to_rome() {
    let mut s = smw();
    assert_eq!(victory::record_commander_eliminated(&mut s, "philip-v"), 10);
    assert_eq!(victory::score(&s, "rome").kills, 10);
}

/// Plays `s` to the end, every Winter with empty orders.
fn play_out(s: &mut State, seed: u8) -> Vec<Event> {
    let mut all = Vec::new();
    let mut n = seed;
    while s.phase != Phase::Over {
        n = n.wrapping_add(1);
        if s.phase == Phase::Winter {
            all.extend(
                sealed(s, "winter: {}", "winter: {}", &mut dice(n))
                    .unwrap_or_else(|e| panic!("{e}")),
            );
        } else {
            all.extend(
                submit(s, orders("moves: []"), &mut dice(n)).unwrap_or_else(|e| panic!("{e}")),
            );
        }
    }
    all
}

#[test]
fn romans_20_13_the_game_ends_after_october_197_and_names_the_winner() {
    let mut s = smw();
    let ev = play_out(&mut s, 20);
    let t = texts(&ev);
    assert_eq!(t.matches("Winter/Planning Turn").count() >= 3, true);
    assert!(t.contains("winter") || t.contains("Winter"));
    assert!(t.contains("198-197 B.C. begins"), "three Winters");
    let rome = victory::score(&s, "rome").total;
    let mac = victory::score(&s, "macedon").total;
    assert!(
        mac > rome,
        "Macedon holds its Greek cities: {mac} against {rome}"
    );
    let o = s.victory.outcome.clone().unwrap();
    assert_eq!(o.winner.as_deref(), Some("macedon"));
    assert!(
        o.words.contains(&format!("Macedon {mac} VP")),
        "{}",
        o.words
    );
    assert!(Romans.pending(&s).prompt.contains("Macedon wins"));
    assert!(Romans
        .view(&s, None)
        .outcome
        .unwrap()
        .contains("Macedon wins"));
}

#[test]
fn romans_19_2_a_roman_win_without_a_major_battle_is_nominal() {
    let mut s = smw();
    // The last Game-Turn, with every Greek city Rome's.
    s.turn = 25;
    for c in s.cities.values_mut() {
        if c.control.as_deref() == Some("macedon") {
            c.control = Some("rome".into());
        }
    }
    let mut s2 = s.clone();
    play_out(&mut s, 30);
    let o = s.victory.outcome.clone().unwrap();
    assert_eq!(o.winner.as_deref(), Some("rome"));
    assert!(o.words.contains("only nominally"), "{}", o.words);
    victory::record_major_battle(&mut s2, "rome", &[]);
    play_out(&mut s2, 30);
    let o = s2.victory.outcome.clone().unwrap();
    assert!(
        o.words.contains("more than a nominal victory"),
        "{}",
        o.words
    );
}

#[test]
fn romans_18_32_a_posted_legion_stays_for_the_year() {
    let (mut s, _, _) = first_winter(11);
    set_augury(&mut s, 2, "rising-in-hispania");
    sealed(
        &mut s,
        "winter: {senate: {augury_legions: [legion-IV]}}",
        "winter: {}",
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let r = submit(
        &mut s,
        orders("moves: [{commander: praetor-augury, with: [legion-IV], path: [\"0508\"]}]"),
        &mut dice(1),
    );
    refused(r, "Romans [18.32]");
}

#[test]
fn romans_18_15_a_proconsul_needs_more_than_seven_legions_in_the_field() {
    let (mut s, _, _) = first_winter(15);
    set_augury(&mut s, 8, "carthaginian-tribute");
    s.treasury.insert("rome".into(), 60);
    let r = sealed(
        &mut s,
        "winter: {senate: {proconsul: true}}",
        "winter: {}",
        &mut dice(3),
    );
    let why = refused(r, "Romans [18.15]");
    assert!(why.contains("Rome has 4"), "{why}");
    // Four more legions at Capua: 8 in the field.
    sealed(
        &mut s,
        "winter: {legions: [{legion: VI, at: Capua}, {legion: VII, at: Capua}, {legion: VIII, at: Capua}, {legion: IX, at: Capua}], senate: {proconsul: true}}",
        "winter: {}",
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.commanders["proconsul"].at.hex, "2914");
    assert_eq!(
        s.commanders
            .values()
            .filter(|c| c.pool.as_deref() == Some("praetors"))
            .count(),
        3,
        "AMB-33: 9 legions, 3 praetors"
    );
}

#[test]
fn romans_4_2_no_movement_in_winter() {
    let (mut s, _, _) = first_winter(16);
    let r = sealed(
        &mut s,
        "moves: [{commander: field-consul, path: [\"4320\"]}]",
        "winter: {}",
        &mut dice(3),
    );
    refused(r, "Romans [4.2]");
}

#[test]
fn romans_17_34_siege_trains_for_macedon_not_rome() {
    let (mut s, _, _) = first_winter(17);
    set_augury(&mut s, 8, "carthaginian-tribute");
    let r = sealed(
        &mut s,
        "winter: {siege_trains: [{count: 1, at: Roma}]}",
        "winter: {}",
        &mut dice(3),
    );
    refused(r, "Romans [17.34]");
    let upkeep = economy::upkeep(&s, "macedon").total;
    let before = s.treasury["macedon"];
    sealed(
        &mut s,
        "winter: {}",
        "winter: {siege_trains: [{count: 1, at: Pella}]}",
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let st: Vec<_> = s
        .units
        .values()
        .filter(|u| u.kind == "siege-train")
        .collect();
    assert_eq!(st.len(), 1);
    assert_eq!(st[0].at.hex, "5520");
    assert_eq!(
        s.treasury["macedon"],
        before - upkeep - 2,
        "17.4: 2 talents"
    );
}

/// The 20.1 game with the Mutual Diplomacy Phase.
fn smw_diplomacy() -> State {
    let r = Romans;
    let data = r.load_scenario("second-macedonian-war", &[]).unwrap();
    r.setup(
        "second-macedonian-war",
        &data,
        &["mutual-diplomacy".to_string()],
    )
    .unwrap()
}

#[test]
fn romans_errata_4_1_mutual_diplomacy_opens_each_game_turn() {
    let mut s = smw_diplomacy();
    let p = Romans.pending(&s);
    assert_eq!(
        (p.kind, p.step.as_str()),
        (PendingKind::Sealed, "turn-1/diplomacy")
    );
    let ev = sealed(&mut s, "moves: []", "moves: []", &mut dice(1)).unwrap();
    assert!(texts(&ev).contains("no diplomacy this Game-Turn"));
    assert_eq!(Romans.pending(&s).step, "turn-1/rome-campaign");
    pass_turn(&mut s, &mut dice(2));
    assert_eq!(Romans.pending(&s).step, "turn-2/diplomacy");
    let r = sealed(
        &mut s,
        "moves: [{commander: field-consul, path: [\"4320\"]}]",
        "moves: []",
        &mut dice(1),
    );
    refused(r, "Romans errata 4.1");
}

#[test]
fn romans_16_4_example_six_talents_of_graft_turn_acarnania_from_three_toward_macedon_to_three_toward_rome(
) {
    let mut s = smw_diplomacy();
    let a = s.allies.get_mut("acarnania").unwrap();
    a.toward = Some("macedon".into());
    a.points = 3;
    sealed(
        &mut s,
        "diplomacy: {target: acarnania, graft: 6}",
        "moves: []",
        &mut dice(1),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.allies["acarnania"].toward.as_deref(), Some("rome"));
    assert_eq!(s.allies["acarnania"].points, 3);
    assert_eq!(s.treasury["rome"], 25 - 6);
}

#[test]
fn romans_16_23_an_ally_at_five_is_activated_and_its_forces_appear() {
    let mut s = smw_diplomacy();
    let ev = sealed(
        &mut s,
        "diplomacy: {target: sparta, graft: 5}",
        "moves: []",
        &mut dice(1),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert_eq!(s.allies["sparta"].active.as_deref(), Some("rome"), "{t}");
    let spartans: Vec<_> = s.units.values().filter(|u| u.nation == "sparta").collect();
    assert_eq!(
        spartans.len(),
        11,
        "20.15: 10 hoplites and a medium cavalry"
    );
    assert!(spartans.iter().all(|u| u.side == "rome"));
    assert_eq!(s.commanders["nabis"].side, "rome");
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Sparta")
        .unwrap()
        .0
        .clone();
    assert_eq!(s.cities[&k].control.as_deref(), Some("rome"), "16.13");
    // 16.25: never beyond 5.
    pass_turn(&mut s, &mut dice(2));
    sealed(
        &mut s,
        "diplomacy: {target: sparta, graft: 2}",
        "moves: []",
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.allies["sparta"].points, 5);
}

#[test]
fn romans_errata_4_1_both_players_graft_the_same_ally_and_both_pay() {
    let mut s = smw_diplomacy();
    sealed(
        &mut s,
        "diplomacy: {target: aetolia, graft: 3}",
        "diplomacy: {target: aetolia, graft: 2}",
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.allies["aetolia"].toward.as_deref(), Some("rome"));
    assert_eq!(s.allies["aetolia"].points, 1, "AMB-21: netted");
    assert_eq!((s.treasury["rome"], s.treasury["macedon"]), (22, 20));
    pass_turn(&mut s, &mut dice(2));
    let r = sealed(
        &mut s,
        "moves: []",
        "diplomacy: {target: athens, graft: 99}",
        &mut dice(1),
    );
    refused(r, "Romans [16.4]");
}

#[test]
fn romans_16_35_an_ambassador_is_turned_up_when_sent() {
    let mut s = smw_diplomacy();
    let mut d = dice(4);
    let ev = sealed(
        &mut s,
        "diplomacy: {target: epirus, ambassador: true}",
        "moves: []",
        &mut d,
    )
    .unwrap();
    let t = texts(&ev);
    assert!(t.contains("ambassador to epirus is turned up"), "{t}");
    let played = s.diplomacy.played["rome"][0];
    let rating = [-1i32, 0, 1, 1, 2, 3][played];
    let level = match s.allies["epirus"].toward.as_deref() {
        Some("rome") => s.allies["epirus"].points as i32,
        Some(_) => -(s.allies["epirus"].points as i32),
        None => 0,
    };
    assert_eq!(
        level, rating,
        "16.35: the rating moves the level (a negative one away)"
    );
    assert!(d.rolls().iter().any(|r| r.rule == "Romans [16.35]"));
    s.diplomacy.played.insert("rome".into(), vec![0, 1, 2]);
    pass_turn(&mut s, &mut dice(2));
    let r = sealed(
        &mut s,
        "diplomacy: {target: epirus, ambassador: true}",
        "moves: []",
        &mut dice(1),
    );
    refused(r, "Romans [16.34]");
}

#[test]
fn romans_16_26_an_active_ally_changes_sides_at_five_for_the_other() {
    let mut s = smw_diplomacy();
    assert_eq!(s.allies["illyria"].active.as_deref(), Some("rome"));
    sealed(
        &mut s,
        "moves: []",
        "diplomacy: {target: illyria, graft: 10}",
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.allies["illyria"].active.as_deref(), Some("macedon"));
    assert!(s
        .units
        .values()
        .filter(|u| u.nation == "illyria")
        .all(|u| u.side == "macedon"));
    assert_eq!(s.commanders["pleuratus"].side, "macedon");
}

#[test]
fn romans_16_24_forces_appearing_in_a_city_the_opponent_holds_revolt() {
    let mut s = smw_diplomacy();
    // Macedon holds Argos with one light infantry unit.
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Argos")
        .unwrap()
        .0
        .clone();
    s.cities.get_mut(&k).unwrap().control = Some("macedon".into());
    let at = s.cities[&k].at.clone();
    s.units.get_mut("macedon-light-infantry-1").unwrap().at = at.clone();
    let ev = sealed(
        &mut s,
        "diplomacy: {target: achaea, graft: 5}",
        "moves: []",
        &mut dice(6),
    )
    .unwrap();
    let t = texts(&ev);
    assert!(
        t.contains("achaea revolts in Argos against Macedon (6 SSP against 2, 3-1"),
        "{t}"
    );
    if t.contains("the garrison is removed") {
        assert_eq!(s.cities[&k].control.as_deref(), Some("rome"));
        assert!(!s.units.contains_key("macedon-light-infantry-1"));
    } else {
        assert!(s
            .units
            .values()
            .filter(|u| u.at.hex == at.hex)
            .all(|u| u.nation != "achaea"));
    }
}

#[test]
fn romans_errata_16_24_a_switching_ally_steps_away_from_its_old_side() {
    let mut s = smw_diplomacy();
    let scodra = s
        .units
        .values()
        .find(|u| u.nation == "illyria")
        .unwrap()
        .at
        .clone();
    s.units.get_mut("legion-V").unwrap().at = scodra.clone();
    let ev = sealed(
        &mut s,
        "moves: []",
        "diplomacy: {target: illyria, graft: 10}",
        &mut dice(1),
    )
    .unwrap();
    let t = texts(&ev);
    assert!(t.contains("share the hex with Rome"), "{t}");
    let now: Vec<_> = s.units.values().filter(|u| u.nation == "illyria").collect();
    assert!(
        now.iter()
            .all(|u| u.at.hex != scodra.hex && u.side == "macedon"),
        "{t}"
    );
    assert_ne!(s.commanders["pleuratus"].at.hex, scodra.hex);
}

#[test]
fn romans_8_4_historical_consuls_option() {
    let r = Romans;
    let data = r.load_scenario("second-macedonian-war", &[]).unwrap();
    let mut s = r
        .setup(
            "second-macedonian-war",
            &data,
            &["historical-consuls".to_string()],
        )
        .unwrap();
    assert_eq!(
        s.commanders["field-consul"].counter.as_deref(),
        Some("sulpicius"),
        "200 B.C."
    );
    assert_eq!(
        s.commanders["consul-for-rome"].counter.as_deref(),
        Some("cornelius-lentulus")
    );
    pass_turn(&mut s, &mut dice(1));
    pass_turn(&mut s, &mut dice(2));
    set_augury(&mut s, 8, "carthaginian-tribute");
    sealed(&mut s, "winter: {}", "winter: {}", &mut dice(3)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        s.commanders["field-consul"].counter.as_deref(),
        Some("villius-tappulus"),
        "199 B.C."
    );
    // History names Lentulus again: the order replaces the blind draw and its set-aside.
    assert_eq!(
        s.commanders["consul-for-rome"].counter.as_deref(),
        Some("cornelius-lentulus")
    );
}

#[test]
fn romans_8_62_a_fallen_commander_returns_as_his_replacement_at_the_winter() {
    let (mut s, _, _) = first_winter(18);
    set_augury(&mut s, 8, "carthaginian-tribute");
    let mut ev = Vec::new();
    let vp = replacements::eliminated(&mut s, "philip-v", &mut dice(1), &mut ev).unwrap();
    assert_eq!(vp, 10, "20.16: Philip V is worth 10 to Rome");
    assert!(!s.commanders.contains_key("philip-v"));
    let r = sealed(
        &mut s,
        "winter: {}",
        "winter: {replacements: {philip-v: \"0101\"}}",
        &mut dice(3),
    );
    refused(r, "Romans [8.62]");
    sealed(
        &mut s,
        "winter: {}",
        "winter: {replacements: {philip-v: \"5520\"}}",
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.commanders["philip-v"].at.hex, "5520");
    let back = s.pack.counters.commanders["philip-v"].replacement.rating;
    assert_eq!(
        s.rating("philip-v"),
        Some(back),
        "8.62: the Replacement's rating"
    );
}

#[test]
fn romans_8_64_8_65_roman_officers_removed_tribunes_turn_over() {
    let mut s = smw();
    let mut ev = Vec::new();
    replacements::eliminated(&mut s, "praetor-1", &mut dice(1), &mut ev).unwrap();
    assert!(!s.commanders.contains_key("praetor-1"), "8.64");
    replacements::eliminated(&mut s, "tribune-I-1", &mut dice(1), &mut ev).unwrap();
    assert!(
        s.commanders.contains_key("tribune-I-1"),
        "8.65: never removed"
    );
    assert_eq!(
        s.rating("tribune-I-1"),
        replacements::replacement_rating(&s, "tribune-I-1")
    );
    assert!(texts(&ev).contains("his Replacement takes his place at once"));
}

#[test]
fn romans_17_33_two_naval_bases_at_any_one_time_in_friendly_ports() {
    let (mut s, _, _) = first_winter(19);
    set_augury(&mut s, 8, "carthaginian-tribute");
    let r = sealed(
        &mut s,
        "winter: {naval_bases: [Brundisium]}",
        "winter: {}",
        &mut dice(3),
    );
    let why = refused(r, "Romans [17.33]");
    assert!(why.contains("already"), "{why}");
    // Two bases Macedon built and still holds (follow-up 17.33: a base lost with its port no
    // longer counts for its builder, so they stand in ports of his: Chalcis and Demetrias).
    let mut full = s.clone();
    full.built_bases
        .insert("romans:5727".into(), "macedon".into());
    full.built_bases
        .insert("romans:5624".into(), "macedon".into());
    let r = sealed(
        &mut full,
        "winter: {}",
        "winter: {naval_bases: [Oreus]}",
        &mut dice(3),
    );
    let why = refused(r, "Romans [17.33]");
    assert!(why.contains("2 at any one time"), "{why}");
    let upkeep = economy::upkeep(&s, "macedon").total;
    let before = s.treasury["macedon"];
    sealed(
        &mut s,
        "winter: {}",
        "winter: {naval_bases: [Oreus]}",
        &mut dice(3),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        s.treasury["macedon"],
        before - upkeep - 5,
        "17.4: 5 talents"
    );
    assert_eq!(
        s.built_bases.values().filter(|x| *x == "macedon").count(),
        1
    );
}

#[test]
fn romans_18_32_item_10_by_default_two_legions_from_outside_roma_go_to_placentia() {
    let (mut s, _, _) = first_winter(20);
    set_augury(&mut s, 10, "revolt-in-cisalpine-gaul");
    let ev =
        sealed(&mut s, "winter: {}", "winter: {}", &mut dice(3)).unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert!(t.contains("default: legion-I, legion-II sent"), "{t}");
    assert_eq!(
        s.units["legion-III"].at.hex, "2914",
        "17.36: Roma keeps its legion"
    );
    assert_eq!(s.units["legion-I"].at.hex, "2203");
}

#[test]
fn romans_errata_17_35_refits_bring_a_reduced_legion_and_a_half_squadron_to_strength() {
    // Legion I in Roma down to 12 of 22 SSP: 10 missing of a 3-talent legion, 2 talents (ruling
    // R-137); Rome's heavy squadron at half strength: half its build cost.
    let (mut s, _, _) = first_winter(3);
    set_augury(&mut s, 8, "carthaginian-tribute");
    s.units.get_mut("legion-I").unwrap().ssp = 12;
    let q = s
        .squadrons
        .iter()
        .find(|(_, q)| q.side == "rome" && q.kind == "heavy")
        .map(|(k, _)| k.clone())
        .unwrap();
    s.squadrons.get_mut(&q).unwrap().half = true;
    let before = s.treasury["rome"];
    let mut t = s.clone();
    sealed(&mut t, "winter: {}", "winter: {}", &mut dice(3)).unwrap_or_else(|e| panic!("{e}"));
    let upkeep = before - t.treasury["rome"];
    let o = format!("winter: {{refits: [legion-I, {q}]}}");
    let ev = sealed(&mut s, &o, "winter: {}", &mut dice(3)).unwrap_or_else(|e| panic!("{e}"));
    let x = texts(&ev);
    assert!(
        x.contains("refit: legion-I from 12 to 22 SSP for 2 talents"),
        "{x}"
    );
    let fleet = economy::cost(&s, "heavy-squadron", "raise").div_ceil(2);
    assert!(
        x.contains(&format!(
            "refit: {q} from half to full strength for {fleet} talents"
        )),
        "{x}"
    );
    assert_eq!(s.units["legion-I"].ssp, 22);
    assert!(!s.squadrons[&q].half);
    assert_eq!(s.treasury["rome"], before - upkeep - 2 - fleet);
}

#[test]
fn romans_follow_up_17_3_allies_and_units_out_of_supply_are_not_refitted() {
    let (mut s, _, _) = first_winter(3);
    set_augury(&mut s, 8, "carthaginian-tribute");
    let ally = s
        .units
        .keys()
        .find(|k| k.starts_with("illyria-"))
        .unwrap()
        .clone();
    s.units.get_mut(&ally).unwrap().ssp -= 1;
    let o = format!("winter: {{refits: [{ally}]}}");
    let why = match sealed(&mut s.clone(), &o, "winter: {}", &mut dice(3)) {
        Err(RuleError::Illegal { rule, reason, .. }) => {
            assert_eq!(rule, "Romans [17.35] errata");
            reason
        }
        other => panic!("{other:?}"),
    };
    assert!(why.contains("allies are never refitted"), "{why}");
    // Legion II in Greece (5628), beyond any Roman base: not refitted.
    let l = s.units.get_mut("legion-II").unwrap();
    l.ssp -= 4;
    l.at.hex = "5628".into();
    l.at.inside = false;
    let why = match sealed(
        &mut s,
        "winter: {refits: [legion-II]}",
        "winter: {}",
        &mut dice(3),
    ) {
        Err(RuleError::Illegal { reason, .. }) => reason,
        other => panic!("{other:?}"),
    };
    assert!(why.contains("beyond its supply radius"), "{why}");
}

#[test]
fn romans_errata_16_13_an_ally_whose_every_city_is_sacked_is_never_activated() {
    let mut s = smw_diplomacy();
    for c in s
        .cities
        .values_mut()
        .filter(|c| c.ally.as_deref() == Some("sparta"))
    {
        c.sacked = true;
    }
    let ev = sealed(
        &mut s,
        "diplomacy: {target: sparta, graft: 5}",
        "moves: []",
        &mut dice(1),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert!(
        t.contains("every city of sparta is sacked: it can never be activated"),
        "{t}"
    );
    assert_eq!(s.allies["sparta"].active, None);
    assert!(!s.units.values().any(|u| u.nation == "sparta"), "{t}");
}

#[test]
fn romans_follow_up_16_28_a_league_with_a_city_sacked_brings_its_forces_cut_where_a_city_stands() {
    // Aetolia (Thermum, Naupactus, Gomphi) with Thermum sacked: 2/3 of each unit's SSP
    // (rounded down, ruling R-138), and Thermum's forces appear in a city still standing.
    let s = smw_diplomacy();
    let o = "diplomacy: {target: aetolia, graft: 5}";
    let mut whole = s.clone();
    sealed(&mut whole, o, "moves: []", &mut dice(1)).unwrap_or_else(|e| panic!("{e}"));
    let want: u32 = whole
        .units
        .values()
        .filter(|u| u.nation == "aetolia")
        .map(|u| u.ssp * 2 / 3)
        .sum();
    let mut s = s;
    let k = s
        .cities
        .iter()
        .find(|(_, c)| c.name == "Thermum")
        .unwrap()
        .0
        .clone();
    s.cities.get_mut(&k).unwrap().sacked = true;
    let thermum = s.cities[&k].at.hex.clone();
    let ev = sealed(&mut s, o, "moves: []", &mut dice(1)).unwrap_or_else(|e| panic!("{e}"));
    let t = texts(&ev);
    assert!(
        t.contains("1 of aetolia's 3 cities are sacked: its forces are cut to 2/3"),
        "{t}"
    );
    assert!(t.contains("they appear at"), "{t}");
    let got: u32 = s
        .units
        .values()
        .filter(|u| u.nation == "aetolia")
        .map(|u| u.ssp)
        .sum();
    assert_eq!(got, want, "{t}");
    assert!(!s
        .units
        .values()
        .any(|u| u.nation == "aetolia" && u.at.hex == thermum));
}
