//! The Conquerors Tactical Battle System (Tactical [1.0]–[13.4]), driven through
//! `Romans::apply` with the option `tactical-battles` and standing battle plans: Athenagorus'
//! Force (five phalanxes, heavy cavalry, peltasts: 14 SSP) attacks Legion III and its tribunes
//! (22 SSP) at 5120, Macedon the Aggressor, Rome the Resister. One test per rule case, named
//! after it; the rulebook's worked examples with their own numbers (the tables' and the
//! Movement Limit's at the level they are stated).

#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use std::collections::BTreeMap;

use common::*;
use legatus::games::conquerors::romans::orders::Standing;
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::tactical::data::Pack;
use legatus::games::conquerors::tactical::melee::{column, MeleeResult, Part};
use legatus::games::conquerors::tactical::{
    self as tac, BattleInput, CommanderIn, Game, Status, UnitIn,
};
use legatus::ruleset::Event;
use support::*;

/// The Second Macedonian War with the option.
fn tactical_smw() -> State {
    let mut s = smw();
    s.options.push("tactical-battles".into());
    s
}

/// Legion III (22 SSP) with its tribunes at 5120; Macedon to move.
fn legion_waits(s: &mut State) {
    place(s, "legion-III", "5120");
    place(s, "tribune-III-1", "5120");
    place(s, "tribune-III-2", "5120");
    to_macedon(s);
}

fn athenagorus_attacks(s: &State) -> String {
    format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [\"5019\", \"5120\"]}}]",
        units_at(s, "4919", "macedon").join(", ")
    )
}

/// Standing orders with battle plans (YAML bodies, indented under `battle_plan:`).
fn plans(rome: &str, macedon: &str) -> BTreeMap<String, Standing> {
    let mut m = BTreeMap::new();
    for (side, p) in [("rome", rome), ("macedon", macedon)] {
        if !p.is_empty() {
            let yaml = format!(
                "battle_plan:\n{}",
                p.lines().map(|l| format!("  {l}\n")).collect::<String>()
            );
            m.insert(side.to_string(), serde_saphyr::from_str(&yaml).unwrap());
        }
    }
    m
}

/// The battle at 5120 under these plans and a dice stream.
fn battle(rome: &str, macedon: &str, n: u32) -> (State, Vec<Event>) {
    let mut s = tactical_smw();
    legion_waits(&mut s);
    let o = athenagorus_attacks(&s);
    let ev = submit_with(&mut s, &o, &plans(rome, macedon), &mut stream(n)).unwrap();
    (s, ev)
}

/// The first dice stream whose battle shows `want` in its account.
fn battle_where(rome: &str, macedon: &str, want: &str) -> (State, Vec<Event>) {
    let mut s = tactical_smw();
    legion_waits(&mut s);
    let o = athenagorus_attacks(&s);
    let (st, ev, _) = search(&s, &o, &plans(rome, macedon), |_, ev| {
        texts(ev).contains(want)
    });
    (st, ev)
}

// ------------------------------------------------------------------ when, and which display

#[test]
fn tactical_2_1_option_off_the_strategic_crt_fights() {
    let mut s = smw();
    legion_waits(&mut s);
    let o = athenagorus_attacks(&s);
    let ev = submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(1)).unwrap();
    let t = texts(&ev);
    assert!(!lines(&ev, "Romans [9.42], [9.43]").is_empty(), "{t}");
    assert!(!t.contains("Tactical Battle Display"), "{t}");
}

#[test]
fn tactical_2_1_a_plan_that_asks_for_the_strategic_crt_gets_it() {
    let (_, ev) = battle("system: strategic-crt", "", 1);
    let t = texts(&ev);
    assert!(!lines(&ev, "Romans [9.42], [9.43]").is_empty(), "{t}");
    assert!(!t.contains("fought on the Tactical Battle Display"), "{t}");
}

#[test]
fn tactical_2_2_a_force_half_legion_takes_the_manipular_section() {
    let (_, ev) = battle("", "", 1);
    let t = texts(&ev);
    assert!(t.contains("fought on the Tactical Battle Display"), "{t}");
    assert!(
        t.contains("Rome sets up on the Manipular Legion section"),
        "{t}"
    );
    assert!(
        t.contains("Macedon sets up on the Phalanx Formation section"),
        "{t}"
    );
}

#[test]
fn tactical_2_2_less_than_half_legion_uses_the_phalanx_formation_side() {
    let mut s = tactical_smw();
    s.units.get_mut("legion-III").unwrap().ssp = 9;
    for u in units_at(&s, "1225", "rome")
        .into_iter()
        .chain(units_at(&s, "0116", "rome"))
    {
        place(&mut s, &u, "5120");
    }
    legion_waits(&mut s);
    let o = athenagorus_attacks(&s);
    let ev = submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(1)).unwrap();
    let t = texts(&ev);
    // 9 SSP of legion against 10 of Numidians and slingers: under half.
    assert!(
        t.contains("Rome sets up on the Phalanx Formation section"),
        "{t}"
    );
}

// ------------------------------------------------------------------ set-up

#[test]
fn tactical_2_33_no_unit_sets_up_in_a_flank_circle() {
    let (_, ev) = battle("setup: {LF: {units: [legion-III/hastati-1]}}", "", 1);
    let t = texts(&ev);
    assert!(t.contains("legion-III/hastati-1 cannot be placed in LF (no unit sets up in a Flank circle (Tactical 2.33))"), "{t}");
}

#[test]
fn tactical_10_12_no_more_than_half_the_force_in_the_reserve_at_set_up() {
    let all = "[legion-III/principes-1, legion-III/principes-2, legion-III/hastati-1, legion-III/hastati-2, legion-III/velites-1, legion-III/velites-2, legion-III/triarii-1, legion-III/legion-cavalry-1]";
    let (_, ev) = battle(&format!("setup: {{Reserve: {{units: {all}}}}}"), "", 1);
    let t = texts(&ev);
    assert!(
        t.contains(
            "no more than half the Force's 22 SSP in the Reserve Area (Tactical 2.33, 10.12)"
        ),
        "{t}"
    );
}

#[test]
fn tactical_10_15_roman_consuls_set_up_in_the_reserve() {
    let mut s = tactical_smw();
    place(&mut s, "field-consul", "5120");
    legion_waits(&mut s);
    let o = athenagorus_attacks(&s);
    let ev = submit_with(
        &mut s,
        &o,
        &plans("setup: {F4: {units: [field-consul]}}", ""),
        &mut stream(1),
    )
    .unwrap();
    let t = texts(&ev);
    assert!(t.contains("field-consul cannot be placed in F4 (Roman consuls, praetors and legates set up in the Reserve Area (Tactical 10.15))"), "{t}");
    let name = s.commander_name("field-consul");
    let setup = ev
        .iter()
        .find(|e| e.text.starts_with("Rome sets up"))
        .unwrap();
    let reserve = setup.text.split("Reserve: ").nth(1).unwrap();
    assert!(reserve.contains(&name), "{}", setup.text);
}

#[test]
fn tactical_2_35_resister_withdraws_after_set_up_with_the_retreat_penalty() {
    let (s, ev) = battle("withdraw_after_setup: true", "", 2);
    let t = texts(&ev);
    assert!(
        t.contains(
            "Rome withdraws once both sides are set up: a Retreat During Combat, with its penalty"
        ),
        "{t}"
    );
    assert!(
        t.contains("after its Retreat During Combat and loses"),
        "{t}"
    );
    assert_eq!(s.combat.battles[0].winner.as_deref(), Some("macedon"));
}

// ------------------------------------------------------------------ movement and facing

/// Plans where Macedon holds still (no fire, no move) and Rome moves only as told on turn 1.
fn still(rome_turn1: &str) -> (String, String) {
    (
        format!("setup: {{F4: {{units: [legion-III/legion-cavalry-1]}}}}\nstand: true\nturns: {{\"1\": {{only: true, moves: [{rome_turn1}]}}}}"),
        "setup: {F4: {units: [macedon-phalanx-1]}, F3: {units: [macedon-phalanx-2]}}\nstand: true\nturns: {\"1\": {only: true}, \"2\": {only: true}}".to_string(),
    )
}

#[test]
fn tactical_13_31_cavalry_never_attack_a_phalanx_through_its_front() {
    let (r, m) = still("{units: [legion-III/legion-cavalry-1], to: \"enemy F4\"}");
    let (_, ev) = battle(&r, &m, 1);
    let t = texts(&ev);
    assert!(t.contains("legion-III/legion-cavalry-1 cannot move: cavalry never attack a phalanx through its Frontal side"), "{t}");
}

#[test]
fn tactical_5_22_turning_costs_the_move() {
    let (r, m) = still("{units: [legion-III/legion-cavalry-1], face: E}, {units: [legion-III/legion-cavalry-1], to: F5}");
    let (_, ev) = battle(&r, &m, 1);
    let t = texts(&ev);
    assert!(
        t.contains("legion-III/legion-cavalry-1 in Rome's F4 turn to face E (their move)"),
        "{t}"
    );
    assert!(t.contains("legion-III/legion-cavalry-1 cannot move: legion-III/legion-cavalry-1 has moved this phase"), "{t}");
}

#[test]
fn tactical_4_12_phalanxes_never_cross_the_center_line_diagonally() {
    let m = "setup: {F4: {units: [macedon-phalanx-1]}}\nstand: true\nturns: {\"1\": {only: true, moves: [{units: [macedon-phalanx-1], to: \"enemy F3\"}]}}";
    let (_, ev) = battle("stand: true", m, 1);
    let t = texts(&ev);
    assert!(
        t.contains("macedon-phalanx-1 cannot move: no Frontal line from F4 to Rome's F3"),
        "{t}"
    );
}

#[test]
fn tactical_4_2_cavalry_charge_two_boxes_into_the_enemy() {
    // Macedon's heavy cavalry in its F1 charges through the free Rome's F6 into Rome's B5 (a
    // corner line of the Manipular section), where the hastati stand.
    let m = "setup: {F1: {units: [macedon-heavy-cavalry-1]}}\nstand: true\nturns: {\"1\": {only: true, moves: [{units: [macedon-heavy-cavalry-1], via: \"enemy F6\", to: \"enemy B5\"}]}}";
    let r = "setup: {B5: {units: [legion-III/hastati-1]}}\nstand: true";
    let (_, ev) = battle(r, m, 1);
    let t = texts(&ev);
    assert!(t.contains("macedon-heavy-cavalry-1 move from Macedon's F1 to Rome's B5 charging through Rome's F6 into the enemy"), "{t}");
}

// ------------------------------------------------------------------ melee results

#[test]
fn tactical_8_44_r_result_choice() {
    // The plan takes R results as losses.
    let (_, ev) = battle_where(
        "r_result: lose",
        "",
        "take the R result as 1 SSP lost (its plan's choice)",
    );
    let t = texts(&ev);
    let line = ev
        .iter()
        .find(|e| {
            e.text
                .contains("take the R result as 1 SSP lost (its plan's choice)")
        })
        .unwrap();
    assert_eq!(line.by.as_deref(), Some("rome"), "{t}");
    // The default retreats.
    let (_, ev) = battle_where(
        "",
        "",
        "chooses to retreat on the R result (the default: retreat rather than bleed)",
    );
    assert!(texts(&ev).contains("retreat from"), "{}", texts(&ev));
}

#[test]
fn tactical_8_45_f_result_each_unit_loses_one_ssp_and_flees() {
    let (_, ev) = battle_where("", "", "Flees the field: it loses 1 SSP");
    assert!(
        texts(&ev).contains("Tactical 8.45") || texts(&ev).contains("9.33"),
        "{}",
        texts(&ev)
    );
}

#[test]
fn tactical_8_46_m_result_both_sides_melee_engaged() {
    let (_, ev) = battle_where("", "", "are Melee Engaged");
    assert!(!lines(&ev, "Tactical 8.46").is_empty());
}

#[test]
fn tactical_9_4_retreat_during_combat_by_the_plan() {
    let (s, ev) = battle_where(
        "retreat_after_losses: 1",
        "",
        "Rome Retreats During Combat (its plan leaves the field after 1 SSP lost)",
    );
    assert_eq!(
        s.combat.battles[0].winner.as_deref(),
        Some("macedon"),
        "{}",
        texts(&ev)
    );
    assert!(
        texts(&ev).contains("after its Retreat During Combat and loses"),
        "{}",
        texts(&ev)
    );
}

// ------------------------------------------------------------------ commanders

#[test]
fn tactical_12_11_movement_limit_is_the_strategic_ratings_present() {
    let (s, ev) = battle("", "", 1);
    let t = texts(&ev);
    // Athenagorus, Strategic Rating 3; seven units, a third of which is 3 as well.
    assert!(
        t.contains("Macedon may move 3 units (the Movement Limit)"),
        "{t}"
    );
    let sr: u8 = ["tribune-III-1", "tribune-III-2"]
        .iter()
        .map(|c| s.rating(c).unwrap_or(1))
        .sum();
    let want = u32::from(sr).max(3);
    assert!(
        t.contains(&format!("Rome may move {want} units (the Movement Limit)")),
        "{t}"
    );
}

#[test]
fn tactical_12_16_romans_a_third_of_the_force_always_moves() {
    let mut s = tactical_smw();
    place(&mut s, "legion-III", "5120");
    to_macedon(&mut s);
    let o = athenagorus_attacks(&s);
    let ev = submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(1)).unwrap();
    // No commander at all: eight counters of Legion III, a third rounded up.
    assert!(
        texts(&ev).contains("Rome may move 3 units (the Movement Limit)"),
        "{}",
        texts(&ev)
    );
}

/// A battle of `n` units a side with `commanders` (id, Strategic Rating) for side 0.
fn engine_battle(game: Game, n: usize, commanders: &[(&str, u32)]) -> tac::Battle {
    let mut pack: Pack = tac::data::load_embedded().unwrap();
    let romans = pack.units.games["romans"].clone();
    pack.units.games.insert("macedonians".into(), romans);
    let mut units = Vec::new();
    for s in 0..2 {
        for i in 0..n {
            units.push(UnitIn {
                id: format!("u{s}-{i}"),
                side: s,
                kind: "hoplite".into(),
                ssp: 2,
                full_ssp: 2,
                contingent: "x".into(),
                legion: None,
            });
        }
    }
    let commanders = commanders
        .iter()
        .map(|(id, sr)| CommanderIn {
            id: id.to_string(),
            side: 0,
            name: id.to_string(),
            sr: *sr,
            to: 1,
            td: 1,
            reserve_bound: false,
            elephants_only: false,
            contingent: "x".into(),
        })
        .collect();
    let input = BattleInput {
        game,
        place: "test".into(),
        sides: ["persia".into(), "macedon".into()],
        names: ["Persia".into(), "Macedon".into()],
        units,
        commanders,
        river: false,
        rough: false,
        morale: [
            BTreeMap::from([("x".into(), 35)]),
            BTreeMap::from([("x".into(), 50)]),
        ],
    };
    tac::Battle::new(&pack, input, [None, None]).unwrap()
}

#[test]
fn tactical_12_13_example_ten_commanders_of_sr_18_move_18_and_15_with_memnon_stunned() {
    // The Persian Player has 53 units and ten commanders with a total Strategic Rating of 18;
    // with Memnon (3) stunned the limit drops to 15 (The Macedonians: no third rule, 12.16).
    let cs = [
        ("memnon", 3),
        ("c1", 2),
        ("c2", 2),
        ("c3", 2),
        ("c4", 2),
        ("c5", 2),
        ("c6", 2),
        ("c7", 1),
        ("c8", 1),
        ("c9", 1),
    ];
    let mut b = engine_battle(Game::Macedonians, 53, &cs);
    for c in b.commanders.values_mut() {
        c.at = Some(tac::display::BoxId::new(0, "F4"));
    }
    assert_eq!(tac::commanders::movement_limit(&b, 0), 18);
    b.commanders.get_mut("memnon").unwrap().status = Status::Stunned(3);
    assert_eq!(tac::commanders::movement_limit(&b, 0), 15);
}

#[test]
fn tactical_12_31_example_philopoemen_has_a_total_command_rating_of_8() {
    let s = smw();
    let r = &s.tactical.game("romans").unwrap().commanders.named["philopoemen"];
    let sr = u32::from(s.pack.counters.commanders["philopoemen"].rating);
    assert_eq!((sr, r.to, r.td), (4, 2, 2));
    assert_eq!(sr + r.to + r.td, 8);
}

#[test]
fn tactical_12_33_example_a_tcr_4_tribune_rolling_8_is_wounded_10_is_nothing() {
    let p = tac::data::load_embedded().unwrap();
    let t = p.table("leader-loss").unwrap();
    assert_eq!(t.roll(8, "4"), Some("W"));
    assert_eq!(t.roll(10, "4"), Some("-"));
    // Tribunes are 1 and 1: a tribune of Strategic Rating 2 has TCR 4.
    let tr = &p.game("romans").unwrap().commanders.pools["tribunes"];
    assert_eq!(2 + tr.to + tr.td, 4);
}

#[test]
fn tactical_12_32_example_attacking_at_plus_2_and_rolling_3_checks_the_attackers_leaders() {
    let p = tac::data::load_embedded().unwrap();
    let cell = p.table("melee").unwrap().roll(3, column(2)).unwrap();
    match MeleeResult::parse(cell) {
        Some(MeleeResult::Parts([(_, attacker_star), _])) => assert!(attacker_star, "{cell}"),
        other => panic!("{cell}: {other:?}"),
    }
}

#[test]
fn tactical_8_22_example_seven_against_eight_is_the_minus_1_column() {
    assert_eq!(column(7 - 8), "-1");
    let p = tac::data::load_embedded().unwrap();
    assert!(p.table("melee").unwrap().columns.iter().any(|c| c == "-1"));
    // Beyond the printed ends (ruling TR-14).
    assert_eq!(column(-9), "-5");
    assert_eq!(column(12), "+9");
}

#[test]
fn tactical_12_34_example_wounded_on_game_turn_3_rolling_3_returns_on_game_turn_6() {
    let p = tac::data::load_embedded().unwrap();
    let missed: u32 = p
        .table("wound-recovery")
        .unwrap()
        .roll(3, "turns-missed")
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        3 + 1 + missed,
        6,
        "he misses 2 Game-Turns besides the one he was wounded in"
    );
    assert_eq!(
        p.table("wound-recovery").unwrap().roll(6, "turns-missed"),
        Some("dies")
    );
}

#[test]
fn tactical_8_43_results_parse_as_the_key_says() {
    assert_eq!(
        MeleeResult::parse("F*/-"),
        Some(MeleeResult::Parts([(Part::F, true), (Part::None, false)]))
    );
    assert_eq!(
        MeleeResult::parse("1/2*"),
        Some(MeleeResult::Parts([
            (Part::Lose(1), false),
            (Part::Lose(2), true)
        ]))
    );
    assert_eq!(MeleeResult::parse("M"), Some(MeleeResult::Engaged));
}

#[test]
fn tactical_7_16_two_one_point_archers_at_two_boxes_make_one_point() {
    let b = engine_battle(Game::Romans, 2, &[]);
    let shot = |far| tac::missile::Shot {
        target: tac::display::BoxId::new(1, "F4"),
        far,
        anchor: None,
    };
    let mut b = b;
    for u in ["u0-0", "u0-1"] {
        let x = b.units.get_mut(u).unwrap();
        x.missile = 1;
        x.full_ssp = 2;
    }
    let one = vec![("u0-0".to_string(), shot(true))];
    let two = vec![
        ("u0-0".to_string(), shot(true)),
        ("u0-1".to_string(), shot(true)),
    ];
    assert_eq!(tac::missile::strength(&b, &one), 0);
    assert_eq!(tac::missile::strength(&b, &two), 1);
    assert_eq!(
        tac::missile::strength(&b, &[("u0-0".to_string(), shot(false))]),
        1
    );
}

#[test]
fn tactical_11_0_the_battle_ends_when_a_morale_level_breaks_or_a_side_retreats() {
    for n in 0..6 {
        let (s, ev) = battle("", "", n);
        let t = texts(&ev);
        assert!(
            t.contains("Flees the field and loses the battle")
                || t.contains("Retreats During Combat")
                || t.contains("a draw"),
            "{t}"
        );
        assert_eq!(s.combat.battles.len(), 1);
    }
}

// ------------------------------------------------------------------ in play, by the dice

#[test]
fn tactical_9_33_voluntary_retreat_capability_rolled_to_retreat_before_melee() {
    let (_, ev) = battle_where("retreat_before_melee_at: -20", "", "to leave Rome's");
    let t = texts(&ev);
    assert!(t.contains("try to Retreat Before Melee"), "{t}");
    assert!(!lines(&ev, "Tactical 9.33").is_empty(), "{t}");
}

#[test]
fn tactical_12_33_leader_loss_table_rolled_for_each_commander_on_a_star() {
    let (_, ev) = battle_where("", "", "on the Leader Loss Table");
    let l = ev
        .iter()
        .find(|e| e.text.contains("on the Leader Loss Table"))
        .unwrap();
    assert!(l.text.contains("(TCR "), "{}", l.text);
}

#[test]
fn tactical_7_21_reaction_fire_at_units_that_entered_the_box() {
    let (_, ev) = battle_where("", "", "reaction fire:");
    assert!(!lines(&ev, "Tactical 7.21, 7.5").is_empty());
}

#[test]
fn tactical_7_42_disruption_markers_come_off_in_the_disruption_removal_phase() {
    let (_, ev) = battle_where("", "", "Disruption marker(s)");
    let l = ev
        .iter()
        .find(|e| e.text.contains("Disruption marker(s)"))
        .unwrap();
    assert!(
        l.round
            .as_deref()
            .is_some_and(|r| r.contains("Disruption Removal Phase")),
        "{:?}",
        l.round
    );
}

#[test]
fn tactical_10_23_reserve_area_combat_rolls_on_the_intruders_ssp() {
    // Rome's legion cavalry crosses to Macedon's empty F4 on turn 1 and charges through B4 into
    // Macedon's Reserve Area on turn 2 (10.22: any number may go in); in the Reserve Area Phase it
    // rolls on the 1-3 column against the peltasts and horse there.
    let r = "setup: {F4: {units: [legion-III/legion-cavalry-1]}}\nstand: true\nturns: {\"1\": {only: true, moves: [{units: [legion-III/legion-cavalry-1], to: \"enemy F4\"}]}, \"2\": {only: true, moves: [{units: [legion-III/legion-cavalry-1], via: \"enemy B4\", to: \"enemy Reserve\"}]}}";
    let m = "setup: {F1: {units: [macedon-phalanx-1]}, F2: {units: [macedon-phalanx-2]}, F3: {units: [macedon-phalanx-3]}, B1: {units: [macedon-phalanx-4]}, B2: {units: [macedon-phalanx-5]}, Reserve: {units: [macedon-peltast-1, macedon-heavy-cavalry-1]}}\nstand: true";
    let (_, ev) = battle(r, m, 1);
    let t = texts(&ev);
    assert!(t.contains("legion-III/legion-cavalry-1 move from Macedon's F4 to Macedon's Reserve Area charging through Macedon's B4"), "{t}");
    let roll = lines(&ev, "Tactical 10.23, 10.3");
    assert!(
        roll.iter().any(
            |l| l.starts_with("Rome has 2 SSP in Macedon's Reserve Area: roll")
                && l.contains("on column 1-3")
        ),
        "{t}"
    );
}

#[test]
fn tactical_13_24_a_disrupted_elephant_goes_berserk() {
    let mut s = tactical_smw();
    let mut e = s.units["legion-III"].clone();
    e.kind = "elephant".into();
    e.ssp = 2;
    e.full_ssp = 2;
    e.cavalry_ssp = 0;
    s.units.insert("rome-elephant-1".into(), e);
    legion_waits(&mut s);
    place(&mut s, "rome-elephant-1", "5120");
    let o = athenagorus_attacks(&s);
    let rome = plans("setup: {F4: {units: [rome-elephant-1]}}", "");
    let (_, ev, _) = search(&s, &o, &rome, |_, ev| texts(ev).contains("goes Berserk"));
    let t = texts(&ev);
    assert!(!lines(&ev, "Tactical 13.24").is_empty(), "{t}");
}

#[test]
fn tactical_2_32_a_plans_names_are_checked_with_the_nearest_ones() {
    use legatus::games::conquerors::romans::Romans;
    use legatus::ruleset::Ruleset;
    let s = tactical_smw();
    let p = plans(
        "setup: {F9: {units: [legion-III/hastatti-1]}}\nturns: {\"1\": {moves: [{units: [legion-III/hastati-1], to: \"enemy F44\"}]}}",
        "",
    );
    let refused = Romans.check_standing(&s, "rome", &p["rome"]);
    let words: Vec<String> = refused
        .iter()
        .map(|(path, e)| format!("{path}: {e}"))
        .collect();
    let all = words.join("\n");
    assert!(
        all.contains("/battle_plan/setup/F9: ") && all.contains("no box `F9` in your section"),
        "{all}"
    );
    assert!(
        all.contains("/battle_plan/setup/F9/units/0") && all.contains("legion-III/hastati-1"),
        "{all}"
    );
    assert!(
        all.contains("/battle_plan/turns/1/moves/0/to") && all.contains("enemy F4"),
        "{all}"
    );
    assert_eq!(refused.len(), 3, "{all}");
}

#[test]
fn tactical_10_22_intruders_stay_in_the_enemy_reserve_until_they_have_2_to_1() {
    let r = "setup: {F4: {units: [legion-III/legion-cavalry-1]}}\nstand: true\nturns: {\"1\": {only: true, moves: [{units: [legion-III/legion-cavalry-1], to: \"enemy F4\"}]}, \"2\": {only: true, moves: [{units: [legion-III/legion-cavalry-1], via: \"enemy B4\", to: \"enemy Reserve\"}]}, \"3\": {only: true, moves: [{units: [legion-III/legion-cavalry-1], to: \"enemy B4\"}]}}";
    let m = "setup: {F1: {units: [macedon-phalanx-1]}, F2: {units: [macedon-phalanx-2]}, F3: {units: [macedon-phalanx-3]}, B1: {units: [macedon-phalanx-4]}, B2: {units: [macedon-phalanx-5]}, Reserve: {units: [macedon-peltast-1, macedon-heavy-cavalry-1]}}\nstand: true";
    let (_, ev) = battle(r, m, 1);
    let t = texts(&ev);
    assert!(t.contains("legion-III/legion-cavalry-1 cannot move: units in the enemy Reserve Area stay until they have 2 to 1 there, and keep it (2 SSP against 4)"), "{t}");
}

#[test]
fn tactical_6_2_two_ssp_a_box_in_the_romans() {
    let (_, ev) = battle(
        "setup: {F4: {units: [legion-III/triarii-1, legion-III/legion-cavalry-1]}}",
        "",
        1,
    );
    let t = texts(&ev);
    assert!(t.contains("legion-III/legion-cavalry-1 cannot be placed in F4 (Tactical 6.2: 4 SSP of one side in Rome's F4: the limit is 2)"), "{t}");
}

#[test]
fn tactical_13_42_a_phalanx_turned_to_retreat_is_disrupted() {
    let (_, ev) = battle_where(
        "",
        "r_result: retreat",
        "(the phalanx turns to retreat and is Disrupted, 13.42)",
    );
    assert!(
        !lines(&ev, "Tactical 8.44, 9.2").is_empty(),
        "{}",
        texts(&ev)
    );
}

#[test]
fn tactical_3_0_every_battle_ends_whatever_the_armies() {
    // Mixed armies of every kind of counter The Romans has, both plans the default, many
    // dice streams: each battle ends (a Morale Level, a Retreat During Combat or the stalled
    // battle of ruling TR-9) and no unit ends with more SSP than it started with.
    let kinds = [
        "phalanx",
        "hoplite",
        "peltast",
        "light-infantry",
        "archer",
        "slinger",
        "heavy-cavalry",
        "light-cavalry",
        "horse-archer",
        "elephant",
        "chariot",
        "barbarian-infantry",
    ];
    let pack = tac::data::load_embedded().unwrap();
    for seed in 0..24u8 {
        let mut units = Vec::new();
        for s in 0..2 {
            for (i, k) in kinds.iter().enumerate() {
                if !(i + seed as usize + s).is_multiple_of(3) {
                    units.push(UnitIn {
                        id: format!("s{s}-{k}"),
                        side: s,
                        kind: k.to_string(),
                        ssp: 2,
                        full_ssp: 2,
                        contingent: format!("n{s}"),
                        legion: None,
                    });
                }
            }
        }
        let commanders = (0..2)
            .map(|s| CommanderIn {
                id: format!("c{s}"),
                side: s,
                name: format!("C{s}"),
                sr: 2 + u32::from(seed % 3),
                to: 1,
                td: 1,
                reserve_bound: false,
                elephants_only: false,
                contingent: format!("n{s}"),
            })
            .collect();
        let input = BattleInput {
            game: Game::Romans,
            place: "test".into(),
            sides: ["a".into(), "b".into()],
            names: ["A".into(), "B".into()],
            units,
            commanders,
            river: seed % 4 == 0,
            rough: false,
            morale: [
                BTreeMap::from([("n0".into(), 40)]),
                BTreeMap::from([("n1".into(), 35)]),
            ],
        };
        let b = tac::Battle::new(&pack, input, [None, None]).unwrap();
        let r = b
            .fight(&mut legatus::protocol::dice::Dice::from_seed([seed; 32]))
            .unwrap();
        assert!(r.end.is_some(), "seed {seed}");
        assert!(r.turns <= tac::sequence::LAST_TURN, "seed {seed}");
        for (u, n) in &r.ssp_lost {
            assert!(*n <= 2, "seed {seed}: {u} lost {n}");
        }
    }
}

#[test]
fn tactical_8_5_a_river_center_line_when_both_players_agree() {
    let (_, ev) = battle_where(
        "river: true",
        "river: true",
        "crossing the river and is Disrupted",
    );
    let t = texts(&ev);
    assert!(
        t.contains("both plans agree that the Center Line is a river"),
        "{t}"
    );
    // One side alone does not make a river.
    let (_, ev) = battle("river: true", "", 1);
    assert!(!texts(&ev).contains("is a river"), "{}", texts(&ev));
}

// ------------------------------------------------------------------ [8.6] additional terrain

/// Legion III waits at 5019, a Rough hex of the Romans map; Athenagorus attacks from 4919.
fn rough_battle(rome: &str, macedon: &str, want: &str) -> (State, Vec<Event>) {
    rough_battle_where(rome, macedon, |t| t.contains(want))
}

/// As [`rough_battle`], the first dice stream whose account passes `want`.
fn rough_battle_where(
    rome: &str,
    macedon: &str,
    want: impl Fn(&str) -> bool,
) -> (State, Vec<Event>) {
    let mut s = tactical_smw();
    legion_waits(&mut s);
    for id in ["legion-III", "tribune-III-1", "tribune-III-2"] {
        place(&mut s, id, "5019");
    }
    let o = format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [\"5019\"]}}]",
        units_at(&s, "4919", "macedon").join(", ")
    );
    let (st, ev, _) = search(&s, &o, &plans(rome, macedon), |_, ev| want(&texts(ev)));
    (st, ev)
}

/// Both sections' boxes of `row` in a plan's words (`F1`…`F7`, `enemy F1`…).
fn row_words(row: &str) -> String {
    let own: Vec<String> = (1..=7).map(|i| format!("{row}{i}")).collect();
    let enemy: Vec<String> = own.iter().map(|b| format!("\"enemy {b}\"")).collect();
    format!("[{}, {}]", own.join(", "), enemy.join(", "))
}

#[test]
fn tactical_8_6_rough_boxes_both_plans_mark_roll_for_disruption_and_add_2_td() {
    let plan = format!("rough: {}", row_words("F"));
    let (s, ev) = rough_battle(
        &plan,
        &plan,
        "the defenders stand on Rough ground: +2 TD (8.6)",
    );
    let t = texts(&ev);
    assert!(t.contains("both plans mark Rough"), "{t}");
    assert!(t.contains("entering the Rough ground of"), "{t}");
    let board = &s.combat.board.as_ref().expect("the battle's board").1;
    assert_eq!(
        board.boxes.iter().filter(|b| b.terrain == "rough").count(),
        14,
        "both front rows are Rough"
    );
}

#[test]
fn tactical_8_6_a_phalanx_is_disrupted_entering_rough_on_a_5() {
    let plan = format!("rough: {}", row_words("F"));
    let five = |l: &str| l.contains("rolls 5 entering the Rough ground");
    let (_, ev) = rough_battle_where(&plan, &plan, |t| {
        t.lines().any(|l| five(l) && l.contains("phalanx"))
            && t.lines().any(|l| five(l) && !l.contains("phalanx"))
    });
    let t = texts(&ev);
    let fives: Vec<&str> = t.lines().filter(|l| five(l)).collect();
    // Macedon's phalanxes are Disrupted on a 5, anything else only on a 6.
    for l in &fives {
        assert_eq!(
            l.contains("is Disrupted"),
            l.contains("phalanx"),
            "{l}\n{t}"
        );
    }
}

#[test]
fn tactical_8_6_no_unit_enters_a_blocked_box() {
    let plan = format!("blocked: {}", row_words("B"));
    let (s, ev) = rough_battle(&plan, &plan, "both plans mark Blocked");
    let board = &s.combat.board.as_ref().expect("the battle's board").1;
    let blocked: Vec<_> = board
        .boxes
        .iter()
        .filter(|b| b.terrain == "blocked")
        .collect();
    assert_eq!(blocked.len(), 14, "{}", texts(&ev));
    for b in blocked {
        assert!(
            b.units.is_empty(),
            "{} {} holds {:?}",
            b.side,
            b.name,
            b.units
        );
    }
}

#[test]
fn tactical_8_6_one_plan_alone_marks_nothing() {
    let plan = format!("rough: {}", row_words("F"));
    let (s, ev) = rough_battle(&plan, "", "Tactical Battle Display");
    let t = texts(&ev);
    assert!(t.contains("the plans mark no box alike"), "{t}");
    assert!(!t.contains("entering the Rough ground"), "{t}");
    let board = &s.combat.board.as_ref().expect("the battle's board").1;
    assert!(board.boxes.iter().all(|b| b.terrain.is_empty()));
}

#[test]
fn tactical_8_6_only_for_a_battle_in_a_rough_hex() {
    let plan = format!("rough: {}", row_words("F"));
    // 5120 is Clear.
    let (_, ev) = battle(&plan, &plan, 1);
    let t = texts(&ev);
    assert!(t.contains("the battle hex is not Rough"), "{t}");
    assert!(!t.contains("entering the Rough ground"), "{t}");
}

// ------------------------------------------------------------------ the players' own pack

/// The Second Macedonian War with the option, set up with an override file.
fn tactical_smw_with(name: &str, text: &str) -> Result<(State, serde_json::Value), String> {
    use legatus::games::conquerors::romans::Romans;
    use legatus::ruleset::{DataOverride, Ruleset};
    let o = DataOverride {
        name: name.into(),
        text: text.into(),
    };
    let data = Romans
        .load_scenario("second-macedonian-war", &[o])
        .map_err(|e| e.to_string())?;
    let mut s = Romans
        .setup("second-macedonian-war", &data, &[])
        .map_err(|e| e.to_string())?;
    s.options.push("tactical-battles".into());
    Ok((s, data))
}

#[test]
fn tactical_1_0_players_override_the_tactical_pack_with_their_printed_values() {
    use legatus::games::conquerors::romans::Romans;
    use legatus::ruleset::Ruleset;
    let text = "tactical:\n  unit-types:\n    phalanx: {class: phalanx, to: 9, td: 9}\n  commanders:\n    athenagorus: {to: 3, td: 3}\n";
    let (mut s, data) = tactical_smw_with("printed.yaml", text).unwrap();
    // The header pins the player's values, and they are no longer provisional.
    let provisional = Romans.provisional(&data);
    assert!(
        !provisional
            .iter()
            .any(|l| l.starts_with("tactical/units.yaml") && l.contains("/phalanx:")),
        "{provisional:?}"
    );
    assert!(provisional
        .iter()
        .any(|l| l.starts_with("tactical/units.yaml")));
    let v = &s.tactical.game("romans").unwrap();
    assert_eq!(
        (v.unit_types["phalanx"].to, v.unit_types["phalanx"].td),
        (9, 9)
    );
    assert_eq!(v.commanders.named["athenagorus"].to, 3);
    // The battle is fought with them: a whole phalanx counter shows 9-9 on the board.
    legion_waits(&mut s);
    let o = athenagorus_attacks(&s);
    let (st, _, _) = search(&s, &o, &BTreeMap::new(), |st, _| {
        st.combat.board.as_ref().is_some_and(|(_, b)| {
            b.boxes
                .iter()
                .flat_map(|x| &x.units)
                .any(|u| u.kind == "phalanx" && u.steps == u.full_steps && u.strength == "9-9")
        })
    });
    assert!(st.combat.board.is_some());
}

#[test]
fn tactical_1_0_a_bad_tactical_override_is_refused_with_its_file_and_line() {
    let text = "tactical:\n  unit-types:\n    phalanx: {class: phalanx, to: 9, tdd: 9}\n";
    let e = tactical_smw_with("printed.yaml", text).unwrap_err();
    assert!(e.contains("printed.yaml"), "{e}");
    assert!(e.contains("tdd"), "{e}");
    assert!(e.contains(":3:") || e.contains("line 3"), "{e}");
}

#[test]
fn tactical_19_11_the_winner_on_the_display_scores_the_major_land_battle() {
    let (s, ev) = battle_where("", "", "wins the Major Land Battle");
    let t = texts(&ev);
    let winner = if t.contains("Rome wins the Major Land Battle") {
        "rome"
    } else {
        "macedon"
    };
    assert_eq!(s.victory.battles_won.get(winner), Some(&1), "{t}");
    assert_eq!(s.victory.battles_won.len(), 1);
    let record = s.combat.battles.last().unwrap();
    assert_eq!(record.winner.as_deref(), Some(winner));
    assert_eq!(record.kind, "major");
}
