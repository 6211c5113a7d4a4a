//! The Macedonians' land combat through `Macedonians::apply`, named after its cases: a moving
//! Force entering an enemy-occupied hex (5.22, 9.2): Overrun (5.71-5.73), the city against it
//! (5.72), Retreat Before Combat (10.1), lone commanders (8.54); battles on the two Strategic
//! CRTs (9.0 procedure, 9.4-9.8) with the worked examples in their own numbers (9.0's 134 to
//! 73, 9.44's 55-54, 9.71's Alexander over Memnon, 8.52's 9 at 2-1, 9.62-9.63's morale, 5.52-5.53's
//! Gates), Darius' bolt (8.61), Retreat During Combat (10.22, 10.23), Flight, Pursuit and
//! Disruption (10.3, 10.14), continuous movement (5.14, 9.25) and the battle's Victory Points
//! (21.12, 21.13), and interception (6.22-6.43, the 6.24 example). Where the dice matter they are scripted (`Dice::replay`), each roll named.

#[path = "macedonians/common.rs"]
mod common;

use std::collections::BTreeMap;

use common::*;
use legatus::games::conquerors::force::{LandUnit, Position};
use legatus::games::conquerors::macedonians::orders::Standing;
use legatus::games::conquerors::macedonians::state::{Phase, State};
use legatus::games::conquerors::macedonians::Macedonians;
use legatus::protocol::dice::{Dice, Roll};
use legatus::ruleset::{Context, Event, RuleError, Ruleset, Submission};

/// The campaign with no land unit on the map (commanders where they stand), in `phase`.
fn empty(phase: Phase) -> State {
    emptied(campaign(), phase)
}

/// `s` with no land unit on the map, in `phase`.
fn emptied(mut s: State, phase: Phase) -> State {
    s.units.clear();
    s.aboard.clear();
    s.siege_train = None;
    s.phase = phase;
    // Hellespontine Phrygia the Macedonian's, so that his Forces may go on into Lydia (5.25).
    control(&mut s, "Dascylium", "macedonian");
    s
}

/// Puts a Force of `side` in `hex`: units `tag-1`, `tag-2`… of the SSP given, led by `cmds`.
fn army(s: &mut State, side: &str, tag: &str, hex: &str, ssp: &[u32], cmds: &[&str]) {
    for (k, n) in ssp.iter().enumerate() {
        let u = LandUnit {
            side: side.into(),
            nation: side.into(),
            kind: "hoplite".into(),
            label: None,
            ssp: *n,
            full_ssp: *n,
            cavalry_ssp: 0,
            at: Position {
                map: "macedonians".into(),
                hex: hex.into(),
                inside: false,
            },
        };
        s.units.insert(format!("{tag}-{}", k + 1), u);
    }
    for c in cmds {
        put(s, c, hex);
    }
}

fn standing(side: &str, yaml: &str) -> BTreeMap<String, Standing> {
    let st: Standing = serde_saphyr::from_str(yaml).unwrap_or_else(|e| panic!("{e}: {yaml}"));
    BTreeMap::from([(side.to_string(), st)])
}

/// Submits one move for the phasing side, the non-phasing side's `std` in force, the dice
/// reading `rolls` first (d6 each, in order) and then the stream.
fn fight(
    s: &mut State,
    mv: &str,
    std: &BTreeMap<String, Standing>,
    rolls: &[u32],
) -> Result<Vec<Event>, RuleError> {
    let p = Macedonians.pending(s);
    let side = p.sides.first().cloned().unwrap_or_default();
    let ctx = Context {
        standing: std,
        options: &[],
        seq: 1,
    };
    let sub = Submission {
        kind: p.kind,
        step: p.step.clone(),
        by: BTreeMap::from([(side, orders(&format!("moves:\n  - {mv}\n")))]),
    };
    let mut copy = s.clone();
    if let Err(e @ RuleError::Illegal { .. }) =
        Macedonians.apply(&mut copy, &ctx, &sub, &mut Dice::deferred())
    {
        return Err(e);
    }
    let mut d = Dice::from_seed([9; 32]);
    d.replay(
        rolls
            .iter()
            .map(|v| Roll {
                purpose: String::new(),
                rule: String::new(),
                die: "d6".into(),
                value: *v,
                side: None,
            })
            .collect(),
    );
    Macedonians.apply(s, &ctx, &sub, &mut d)
}

fn none() -> BTreeMap<String, Standing> {
    BTreeMap::new()
}

fn ssp_at(s: &State, hex: &str, side: &str) -> u32 {
    s.units
        .values()
        .filter(|u| u.at.hex == hex && u.side == side)
        .map(|u| u.ssp)
        .sum()
}

#[track_caller]
fn has(t: &str, what: &str) {
    assert!(t.contains(what), "no `{what}` in:\n{t}");
}

// ------------------------------------------------------------ 9.0, 9.44, 9.71: the odds

#[test]
fn macedonians_9_0_134_to_73_is_3_to_2_and_73_to_134_is_1_to_2() {
    let mut s = empty(Phase::PersianCampaign);
    army(
        &mut s,
        "persian",
        "p",
        "0906",
        &[10; 7].iter().copied().chain([3]).collect::<Vec<_>>(),
        &["spithridates"],
    );
    army(
        &mut s,
        "macedonian",
        "m",
        "0907",
        &[10; 13].iter().copied().chain([4]).collect::<Vec<_>>(),
        &["philotas"],
    );
    let p: Vec<String> = (1..=8).map(|k| format!("p-{k}")).collect();
    let mv = format!(
        "{{commander: spithridates, with: [{}], path: [\"0907\"], royal_road: false}}",
        p.join(", ")
    );
    let t = texts(&fight(&mut s, &mv, &none(), &[]).unwrap());
    // Equal ratings (2 and 2): no column moves (9.72).
    has(&t, "Aggressor 73 v 134 at 1-2 rolls");
    has(&t, "Resister 134 v 73 at 3-2 rolls");
    has(&t, "Major Land Battle at 0907");
}

#[test]
fn macedonians_9_44_55_54_is_1_1_and_54_55_is_1_2() {
    let mut s = empty(Phase::PersianCampaign);
    army(
        &mut s,
        "persian",
        "p",
        "0906",
        &[10, 10, 10, 10, 10, 5],
        &["spithridates"],
    );
    army(
        &mut s,
        "macedonian",
        "m",
        "0907",
        &[10, 10, 10, 10, 10, 4],
        &["philotas"],
    );
    let mv = "{commander: spithridates, with: [p-1, p-2, p-3, p-4, p-5, p-6], path: [\"0907\"], royal_road: false}";
    let t = texts(&fight(&mut s, mv, &none(), &[]).unwrap());
    has(&t, "Aggressor 55 v 54 at 1-1 rolls");
    has(&t, "Resister 54 v 55 at 1-2 rolls");
}

#[test]
fn macedonians_9_71_alexander_against_memnon_rolls_1_2_on_1_1() {
    let mut s = empty(Phase::MacedonianCampaign);
    army(
        &mut s,
        "macedonian",
        "m",
        "0906",
        &[10, 10, 10],
        &["alexander"],
    );
    army(&mut s, "persian", "p", "0907", &[10; 6], &["memnon"]);
    let mv = "{commander: alexander, with: [m-1, m-2, m-3], path: [\"0907\"], royal_road: false}";
    let t = texts(&fight(&mut s, mv, &none(), &[]).unwrap());
    has(
        &t,
        "Aggressor 30 v 60 at 1-2, moved to 1-1 by the better commander, rolls",
    );
    has(&t, "Resister 60 v 30 at 2-1 rolls");
    // 8.2, M-R26: the account names who commands each side.
    has(
        &t,
        "the Macedonian is commanded by Alexander (Strategic Rating 5)",
    );
    has(
        &t,
        "the Persian is commanded by Memnon (Strategic Rating 3)",
    );
}

// ------------------------------------------------------------ 8.52, 9.43: the 9 at 2-1

/// The Persian attacks 40 SSP against 20 under `chief`: 2-1 for him; the Macedonian stays one
/// exchange and leaves after his first loss (10.22).
fn nine_at_two_to_one(chief: &str, rolls: &[u32]) -> (State, String) {
    let mut s = empty(Phase::PersianCampaign);
    army(
        &mut s,
        "persian",
        "p",
        "0906",
        &[10, 10, 10, 10],
        &["arsites"],
    );
    army(&mut s, "macedonian", "m", "0907", &[5, 5, 5, 5], &[chief]);
    let std = standing(
        "macedonian",
        "retreat_during_combat: {any: {after_losses: 1}}\n",
    );
    let mv =
        "{commander: arsites, with: [p-1, p-2, p-3, p-4], path: [\"0907\"], royal_road: false}";
    let t = texts(&fight(&mut s, mv, &std, rolls).unwrap());
    (s, t)
}

#[test]
fn macedonians_8_52_the_persian_9_at_2_1_and_alexander_survives_his_4() {
    // Persian 4+5 = 9 at 2-1: 1x (9.43: the Macedonian removes 1 SSP). Macedonian 1+1 on
    // his column. The check: a 2 (1-3 goes on), then Alexander (5) rolls 4: unharmed. The
    // Macedonian leaves; his Retreat During Combat die is a 3.
    let (s, t) = nine_at_two_to_one("alexander", &[4, 5, 1, 1, 2, 4, 3]);
    has(&t, "Aggressor 40 v 20 at 2-1 rolls 9: 1x");
    has(
        &t,
        "commander check: 2, then 4 against rating 5: not higher, he survives",
    );
    has(&t, "the Macedonian loses 1 SSP on the Strategic CRT");
    assert!(s.commanders.contains_key("alexander"));
    has(&t, "Retreats During Combat");
    has(
        &t,
        "the Macedonian loses 3 SSP after its Retreat During Combat (rolls 3)",
    );
    // 10.25: the side that stays wins the Major Land Battle: 15 VP to the Persian (21.12).
    has(&t, "the Persian wins the Major Land Battle: 15 VP");
    assert_eq!(s.combat.vp.get("persian"), Some(&15));
    assert_eq!(ssp_at(&s, "0907", "macedonian"), 0);
    assert_eq!(ssp_at(&s, "0907", "persian"), 40);
}

#[test]
fn macedonians_8_52_parmenion_rating_3_would_have_died_on_the_4() {
    let (s, t) = nine_at_two_to_one("parmenion", &[4, 5, 1, 1, 2, 4, 3]);
    has(
        &t,
        "commander check: 2, then 4 against rating 3: he is killed",
    );
    assert!(!s.commanders.contains_key("parmenion"));
    // 21.13: 1 VP for any other commander; 8.81: a replacement is owed from the pool.
    assert_eq!(s.combat.killed, ["parmenion"]);
    assert_eq!(s.combat.replacements_due, 1);
    // 8.53: no commander left to decide, the defender fights on (he needs one to retreat).
    has(&t, "exchange 2");
}

// ------------------------------------------------------------ 9.6, 5.52, 5.53: morale

#[test]
fn macedonians_9_62_9_63_morale_levels_and_flight_past_them() {
    // 9.62's 120 Macedonian SSP (level 60) against 9.63's 100 Persian (level 35).
    let mut s = empty(Phase::PersianCampaign);
    army(&mut s, "persian", "p", "0906", &[10; 10], &["arsites"]);
    army(&mut s, "macedonian", "m", "0907", &[10; 12], &["philotas"]);
    let p: Vec<String> = (1..=10).map(|k| format!("p-{k}")).collect();
    let mv = format!(
        "{{commander: arsites, with: [{}], path: [\"0907\"], royal_road: false}}",
        p.join(", ")
    );
    let ev = fight(&mut s, &mv, &none(), &[]).unwrap();
    let t = texts(&ev);
    has(&t, "the Persian Morale Level: 35% of 100 SSP");
    has(&t, "the Macedonian Morale Level: 50% of 120 SSP");
    // Whoever fled lost more than his level, and not before the last exchange.
    let lost = |side: &str| -> u32 {
        ev.iter()
            .filter(|e| e.rule == "Macedonians [9.5]")
            .filter_map(|e| {
                let pre = format!("the {side} loses ");
                e.text
                    .strip_prefix(&pre)?
                    .split(' ')
                    .next()?
                    .parse::<u32>()
                    .ok()
            })
            .sum()
    };
    if t.contains("the Persian Flees") {
        assert!(lost("Persian") * 100 > 35 * 100, "{t}");
    } else {
        has(&t, "the Macedonian Flees");
        assert!(lost("Macedonian") > 60, "{t}");
    }
    has(&t, "Pursuit");
    has(&t, "is Disrupted");
}

/// A Macedonian Force of 100 SSP with Alexander attacks `def` Persian SSP in the Cilician
/// Gates from 3012.
fn gates(def: &[u32]) -> String {
    let mut s = empty(Phase::MacedonianCampaign);
    for c in ["Tarsus", "Issus"] {
        if s.cities.contains_key(c) {
            control(&mut s, c, "macedonian");
        }
    }
    army(&mut s, "macedonian", "m", "3012", &[10; 10], &["alexander"]);
    army(&mut s, "persian", "p", "2912", def, &[]);
    put(&mut s, "arsites", "2912");
    let m: Vec<String> = (1..=10).map(|k| format!("m-{k}")).collect();
    let mv = format!(
        "{{commander: alexander, with: [{}], path: [\"2912\"], royal_road: false}}",
        m.join(", ")
    );
    texts(&fight(&mut s, &mv, &none(), &[]).unwrap())
}

#[test]
fn macedonians_5_52_35_ssp_in_the_gates_count_70() {
    let t = gates(&[10, 10, 10, 5]);
    has(&t, "doubled in the Cilician Gates");
    has(&t, "Aggressor 100 v 70 at");
    has(&t, "Resister 70 v 100 at 1-2 rolls");
}

#[test]
fn macedonians_5_53_a_persian_50_in_the_gates_has_morale_60_percent_30_ssp() {
    let t = gates(&[10, 10, 10, 10, 10]);
    has(&t, "the Persian Morale Level: 60% of 50 SSP");
    has(&t, "the Macedonian Morale Level: 50% of 100 SSP");
    has(
        &t,
        "Aggressor 100 v 100 at 1-1, moved to 3-2 by the better commander",
    );
}

// ------------------------------------------------------------ 5.7: Overrun

#[test]
fn macedonians_5_71_ten_ssp_against_70_are_overrun_with_their_commander() {
    let mut s = empty(Phase::MacedonianCampaign);
    army(&mut s, "macedonian", "m", "0906", &[10; 7], &["parmenion"]);
    army(&mut s, "persian", "p", "0907", &[5, 5], &["arsites"]);
    let m: Vec<String> = (1..=7).map(|k| format!("m-{k}")).collect();
    let mv = format!(
        "{{commander: parmenion, with: [{}], path: [\"0907\", \"0908\"], royal_road: false}}",
        m.join(", ")
    );
    let t = texts(&fight(&mut s, &mv, &none(), &[]).unwrap());
    has(&t, "Overrun at 0907: 70 SSP against 10, 7 to 1 or better");
    assert!(!s.commanders.contains_key("arsites"));
    assert!(s.eliminated.contains_key("p-1") && s.eliminated.contains_key("p-2"));
    // 5.73: 3 MP more; 5.14: the Force moves on.
    has(&t, "Parmenion pays 3 MP more for the combat at 0907");
    assert_eq!(s.commanders["parmenion"].at.hex, "0908");
    assert_eq!(ssp_at(&s, "0908", "macedonian"), 70);
    assert_eq!(s.combat.battles[0].kind, "overrun");
    // No Victory Points for an Overrun's win (not a Major Land Battle), 1 for the commander.
    assert_eq!(s.combat.vp.get("macedonian"), Some(&1));
}

#[test]
fn macedonians_5_71_69_against_10_is_not_an_overrun() {
    let mut s = empty(Phase::MacedonianCampaign);
    army(
        &mut s,
        "macedonian",
        "m",
        "0906",
        &[10, 10, 10, 10, 10, 10, 9],
        &["parmenion"],
    );
    army(&mut s, "persian", "p", "0907", &[5, 5], &["arsites"]);
    let m: Vec<String> = (1..=7).map(|k| format!("m-{k}")).collect();
    let mv = format!(
        "{{commander: parmenion, with: [{}], path: [\"0907\"], royal_road: false}}",
        m.join(", ")
    );
    let t = texts(&fight(&mut s, &mv, &none(), &[]).unwrap());
    assert!(!t.contains("Overrun"), "{t}");
    // 9.3: a Force of 10 SSP or less: a Skirmish, no Victory Points.
    has(&t, "Skirmish at 0907");
}

#[test]
fn macedonians_5_72_threatened_with_overrun_the_force_goes_into_cyzicus() {
    let mut s = empty(Phase::MacedonianCampaign);
    army(
        &mut s,
        "macedonian",
        "m",
        "0905",
        &[10, 10, 10],
        &["parmenion"],
    );
    army(&mut s, "persian", "p", "0904", &[2, 2], &[]);
    assert_eq!(s.controller("Cyzicus"), Some("persian"));
    let mv = "{commander: parmenion, with: [m-1, m-2, m-3], path: [\"0904\"], royal_road: false}";
    let t = texts(&fight(&mut s, mv, &none(), &[]).unwrap());
    has(
        &t,
        "threatened with Overrun at 0904 (30 SSP against 4) goes inside the city (default)",
    );
    assert!(s.units["p-1"].at.inside && s.units["p-2"].at.inside);
    assert!(!t.contains("pays 3 MP"), "{t}");
}

// ------------------------------------------------------------ 10.1: Retreat Before Combat

#[test]
fn macedonians_10_11_retreat_before_combat_and_5_14_the_move_goes_on() {
    let mut s = empty(Phase::MacedonianCampaign);
    army(
        &mut s,
        "macedonian",
        "m",
        "0906",
        &[10, 10, 10],
        &["parmenion"],
    );
    army(&mut s, "persian", "p", "0907", &[10, 10], &["arsites"]);
    let std = standing("persian", "when_attacked: {arsites: retreat}\n");
    let mv = "{commander: parmenion, with: [m-1, m-2, m-3], path: [\"0907\", \"0908\"], royal_road: false}";
    let t = texts(&fight(&mut s, mv, &std, &[]).unwrap());
    has(&t, "the Persian Retreats Before Combat: 0907 → ");
    has(&t, "(default path: no standing `retreat_path`)");
    assert!(!t.contains("Major Land Battle"), "{t}");
    assert!(!t.contains("pays 3 MP"), "{t}");
    assert_eq!(s.commanders["parmenion"].at.hex, "0908");
    assert_ne!(s.commanders["arsites"].at.hex, "0907");
    // The retreat MP of the phase (10.13) lapse with it.
    assert!(s.combat.retreat_spent.is_empty());
}

#[test]
fn macedonians_10_12_without_a_commander_no_retreat_before_combat() {
    let mut s = empty(Phase::MacedonianCampaign);
    army(
        &mut s,
        "macedonian",
        "m",
        "0906",
        &[10, 10, 10],
        &["parmenion"],
    );
    army(&mut s, "persian", "p", "0907", &[10, 10], &[]);
    let std = standing("persian", "when_attacked: {any: retreat}\n");
    let mv = "{commander: parmenion, with: [m-1, m-2, m-3], path: [\"0907\"], royal_road: false}";
    let t = texts(&fight(&mut s, mv, &std, &[]).unwrap());
    has(
        &t,
        "has no commander and may not Retreat Before Combat: it stands",
    );
    has(&t, "Major Land Battle at 0907");
}

#[test]
fn macedonians_8_54_a_lone_commander_retreats_before_the_force() {
    let mut s = empty(Phase::MacedonianCampaign);
    army(
        &mut s,
        "macedonian",
        "m",
        "0906",
        &[10, 10, 10],
        &["parmenion"],
    );
    put(&mut s, "arsites", "0907");
    let mv = "{commander: parmenion, with: [m-1, m-2, m-3], path: [\"0907\", \"0908\"], royal_road: false}";
    let t = texts(&fight(&mut s, mv, &none(), &[]).unwrap());
    has(&t, "the Persian Retreats Before Combat: 0907 →");
    assert!(s.commanders.contains_key("arsites"));
    assert_eq!(s.commanders["parmenion"].at.hex, "0908");
    // Standing ordered to stand, he is captured.
    let mut s2 = empty(Phase::MacedonianCampaign);
    army(
        &mut s2,
        "macedonian",
        "m",
        "0906",
        &[10, 10, 10],
        &["parmenion"],
    );
    put(&mut s2, "arsites", "0907");
    let std = standing("persian", "when_attacked: {arsites: stand}\n");
    let t = texts(&fight(&mut s2, mv, &std, &[]).unwrap());
    has(&t, "Arsites stands alone at 0907 and is captured");
    assert!(!s2.commanders.contains_key("arsites"));
}

// ------------------------------------------------------------ 10.2, 10.3, 10.14, 8.61

#[test]
fn macedonians_10_22_the_defender_leaves_before_the_first_exchange_and_rolls_10_23() {
    let mut s = empty(Phase::MacedonianCampaign);
    army(
        &mut s,
        "macedonian",
        "m",
        "0906",
        &[10, 10, 10],
        &["parmenion"],
    );
    army(&mut s, "persian", "p", "0907", &[10, 10], &["arsites"]);
    let std = standing(
        "persian",
        "retreat_during_combat: {any: {at_once: true}}\nlosses: [p-2]\n",
    );
    // The Persian's die after the retreat: 4, from p-2 (his order).
    let mv = "{commander: parmenion, with: [m-1, m-2, m-3], path: [\"0907\", \"0908\"], royal_road: false}";
    let t = texts(&fight(&mut s, mv, &std, &[4]).unwrap());
    assert!(!t.contains("exchange 1"), "{t}");
    has(&t, "the Persian Retreats During Combat: 0907 →");
    has(
        &t,
        "the Persian loses 4 SSP after its Retreat During Combat (rolls 4) (p-2 -4)",
    );
    // 10.25: the Macedonian wins the Major Land Battle: 5 VP (21.12); he paid the 3 MP and
    // moves on (9.25).
    has(&t, "the Macedonian wins the Major Land Battle: 5 VP");
    has(&t, "Parmenion pays 3 MP more for the combat at 0907");
    assert_eq!(s.commanders["parmenion"].at.hex, "0908");
}

#[test]
fn macedonians_10_32_flight_pursuit_and_10_14_disruption_next_turn() {
    let mut s = empty(Phase::MacedonianCampaign);
    army(&mut s, "macedonian", "m", "0906", &[10; 10], &["alexander"]);
    army(&mut s, "persian", "p", "0907", &[10, 10], &["arsites"]);
    // Macedonian 6+6 = 12 at 3-1+: 10x; Persian 1+1 = 2 at 1-3: 1. The x: a 1, then Arsites
    // (2) rolls 2 and lives. 10 lost of 20 passes 35%: the Persian Flees; the Pursuit die 3.
    let m: Vec<String> = (1..=10).map(|k| format!("m-{k}")).collect();
    let mv = format!(
        "{{commander: alexander, with: [{}], path: [\"0907\"], royal_road: false}}",
        m.join(", ")
    );
    let t = texts(&fight(&mut s, &mv, &none(), &[6, 6, 1, 1, 1, 2, 3]).unwrap());
    has(&t, "Aggressor 100 v 20 at 3-1+ rolls 12: 10x");
    has(
        &t,
        "the Persian loses 6 SSP to Pursuit (the Macedonian rolls 3, ×2)",
    );
    has(&t, "the Persian Flees: 0907 →");
    has(&t, "(30 MP, off the Royal Persian Highway");
    has(&t, "is Disrupted");
    let at = s.commanders["arsites"].at.hex.clone();
    assert_ne!(at, "0907");
    assert_eq!(ssp_at(&s, &at, "persian"), 4);
    // The Persian's next Player-Turn: Arsites may not move (10.14).
    s.phase = Phase::PersianCampaign;
    s.halt = None;
    s.turn += 1;
    let why = refused(
        go(
            &mut s,
            "{commander: arsites, with: [p-1, p-2], path: [\"0907\"]}",
        ),
        "Macedonians [10.14]",
    );
    has(&why, "Disrupted");
}

#[test]
fn macedonians_8_61_darius_bolts_on_a_6_after_losing_more() {
    let mut s = empty(Phase::PersianCampaign);
    // Darius enters later in the game (19.3): his counter is put on the map by hand.
    let mut d = s.commanders["arsites"].clone();
    d.counter = d.counter.as_ref().map(|_| "darius".to_string());
    s.commanders.insert("darius".into(), d);
    army(&mut s, "persian", "p", "0906", &[10; 6], &["darius"]);
    army(&mut s, "macedonian", "m", "0907", &[10; 4], &["philotas"]);
    // Persian 1+1 = 2 at 3-2: no loss; Macedonian 1+2 = 3 at 1-2: 2. The Persians lost more:
    // Darius' die 6, they flee; the Pursuit die 1; the battle lost, the attempt on Darius' life
    // (8.62) a 4: he lives.
    let p: Vec<String> = (1..=6).map(|k| format!("p-{k}")).collect();
    let mv = format!(
        "{{commander: darius, with: [{}], path: [\"0907\"], royal_road: false}}",
        p.join(", ")
    );
    let t = texts(&fight(&mut s, &mv, &none(), &[1, 1, 1, 2, 6, 1, 4]).unwrap());
    has(&t, "he rolls 6, Darius bolts and the Persian army Flees");
    has(&t, "the Persian Flees");
    has(&t, "the Macedonian wins the Major Land Battle: 5 VP");
    has(&t, "rolls 4, needing a 1: Darius lives");
    assert_ne!(s.commanders["darius"].at.hex, "0907");
}

// ------------------------------------------------------------ 6: interception

/// Arsamenes' 12 SSP at 3315 (Force A of the 6.24 example), Parmenion with Coenus' phalanx at
/// `from` (Force B).
fn force_a(from: &str) -> State {
    let mut s = empty(Phase::MacedonianCampaign);
    army(
        &mut s,
        "persian",
        "p",
        "3315",
        &[3, 3, 3, 3],
        &["arsamenes"],
    );
    army(&mut s, "macedonian", "m", from, &[5, 5], &["parmenion"]);
    s
}

#[test]
fn macedonians_6_24_zone_4_misses_on_a_3_zone_3_intercepts_on_a_2() {
    let mut s = force_a("2912");
    let std = standing("persian", "intercept: {arsamenes: {zones: [3, 4]}}\n");
    // 2913 is Zone-4: a 3 (a 1 is needed); 2914, Zone-4 again: a 4; 3014 Zone-3: a 2. Then
    // the battle's dice.
    let mv = "{commander: parmenion, with: [m-1, m-2], path: [\"2913\", \"2914\", \"3014\", \"3114\"], royal_road: false}";
    let t = texts(&fight(&mut s, mv, &std, &[3, 4, 2]).unwrap());
    has(&t, "the Persian tries to intercept with Arsamenes's Force at 3315 (12 SSP) as the move enters 2913 (Zone-4): rolls 3, no interception");
    has(&t, "as the move enters 3014 (Zone-3): rolls 2, intercepted");
    has(
        &t,
        "Arsamenes's Force moves from 3315 to 3014 at no cost and must attack",
    );
    // 9.0: the interceptor is the attacker; 10 SSP or less on a side: a Skirmish.
    has(
        &t,
        "Skirmish at 3014: the Persian (12 SSP) against the Macedonian (10 SSP)",
    );
    // 6.58: he has intercepted this phase (the record lapses with the phase).
    assert!(s.combat.intercepted.is_empty());
}

#[test]
fn macedonians_6_22_interception_is_voluntary_and_zone_1_needs_no_roll() {
    // Only Zone-1 ordered: the Zone-2 hex 3115 passes without a roll, 3214 (Zone-1) is automatic.
    let mut s = force_a("3015");
    let std = standing("persian", "intercept: {any: {zones: [1]}}\n");
    let mv =
        "{commander: parmenion, with: [m-1, m-2], path: [\"3115\", \"3214\"], royal_road: false}";
    let t = texts(&fight(&mut s, mv, &std, &[]).unwrap());
    assert!(!t.contains("enters 3115 (Zone-2)"), "{t}");
    has(
        &t,
        "as the move enters 3214 (Zone-1): automatic, intercepted",
    );
    has(&t, "Skirmish at 3214");
}

// ------------------------------------------------------------ standing orders

#[test]
fn macedonians_6_22_interception_orders_are_taken_and_10_11_ask_is_refused_until_built() {
    let s = campaign();
    let st: Standing = serde_saphyr::from_str(
        "when_attacked: {any: ask}\nintercept: {memnon: {zones: [1]}, arsites: ask}\n",
    )
    .unwrap();
    let errs = Macedonians.check_standing(&s, "persian", &st);
    let words: Vec<String> = errs.iter().map(|(p, e)| format!("{p}: {e}")).collect();
    assert_eq!(errs.len(), 2, "{words:?}");
    assert!(
        words
            .iter()
            .any(|w| w.contains("/when_attacked/any") && w.contains("10.11")),
        "{words:?}"
    );
    // An interception order is carried out; only deciding it in person is refused.
    assert!(
        words
            .iter()
            .any(|w| w.contains("/intercept/arsites") && w.contains("6.22")),
        "{words:?}"
    );
    assert!(
        !words.iter().any(|w| w.contains("/intercept/memnon")),
        "{words:?}"
    );
}

// ------------------------------------------------------------ 8.62-8.64: Darius' assassination

/// Darius' counter on the map at `hex` (he enters on Game-Turn 3, 19.3: put there by hand).
fn darius_at(s: &mut State, hex: &str) {
    let mut d = s.commanders["arsites"].clone();
    d.counter = d.counter.as_ref().map(|_| "darius".to_string());
    s.commanders.insert("darius".into(), d);
    put(s, "darius", hex);
}

/// Alexander's 100 SSP attack Darius' 20 at 0907 in the Macedonian Campaign Phase of Game-Turn
/// 1: Macedonian 6+6 = 12 at 3-1+, 10x; Persian 1+1 = 2 at 1-3, 1. The x: a 1, then Darius
/// (Strategic Rating 2) rolls 2 and lives. 10 lost of 20 passes 35%: the Persian Flees (broken
/// before any bolt), the Pursuit die 3; then `after` (the assassination die, if thrown).
fn lost_under_darius(s: &mut State, std: &BTreeMap<String, Standing>, after: &[u32]) -> String {
    army(s, "macedonian", "m", "0906", &[10; 10], &["alexander"]);
    army(s, "persian", "p", "0907", &[10, 10], &[]);
    darius_at(s, "0907");
    let m: Vec<String> = (1..=10).map(|k| format!("m-{k}")).collect();
    let mv = format!(
        "{{commander: alexander, with: [{}], path: [\"0907\"], royal_road: false}}",
        m.join(", ")
    );
    let mut rolls = vec![6, 6, 1, 1, 1, 2, 3];
    rolls.extend_from_slice(after);
    texts(&fight(s, &mv, std, &rolls).unwrap())
}

/// The lines of `t` citing `rule`.
fn cited<'a>(t: &'a str, rule: &str) -> Vec<&'a str> {
    t.lines().filter(|l| l.contains(rule)).collect()
}

#[test]
fn macedonians_8_62_darius_is_assassinated_after_a_lost_battle_on_a_roll_of_1() {
    let mut s = empty(Phase::MacedonianCampaign);
    let t = lost_under_darius(&mut s, &none(), &[1]);
    has(
        &t,
        "Major Land Battle at 0907: the Macedonian (100 SSP) against the Persian (20 SSP)",
    );
    has(
        &t,
        "the Persian is commanded by Darius III (Strategic Rating 2)",
    );
    has(&t, "the Macedonian wins the Major Land Battle: 5 VP");
    has(&t, "[Macedonians [8.62]] the Persian has lost a Major Land Battle under Darius, the 1st such loss: the Persian attempts his assassination (default: the standing `assassinate_darius` is not set) and rolls 1, needing a 1: Darius is assassinated and leaves the game");
    assert!(!s.commanders.contains_key("darius"));
    assert_eq!(s.combat.darius.losses, 1);
    assert_eq!(s.combat.darius.assassinated, Some(0));
}

#[test]
fn macedonians_8_62_a_2_spares_darius_after_the_first_loss_and_a_3_kills_after_the_third() {
    let mut s = empty(Phase::MacedonianCampaign);
    let t = lost_under_darius(&mut s, &none(), &[2]);
    has(&t, "the 1st such loss: the Persian attempts his assassination (default: the standing `assassinate_darius` is not set) and rolls 2, needing a 1: Darius lives");
    assert!(s.commanders.contains_key("darius"));
    assert_eq!(s.combat.darius.losses, 1);
    assert_eq!(s.combat.darius.assassinated, None);
    // A second loss spared him too (the count, A-37): after the third, 1-3 kill him; a 3.
    let mut s = empty(Phase::MacedonianCampaign);
    s.combat.darius.losses = 2;
    let std = standing("persian", "assassinate_darius: true\n");
    let t = lost_under_darius(&mut s, &std, &[3]);
    has(&t, "[Macedonians [8.62]] the Persian has lost a Major Land Battle under Darius, the 3rd such loss: the Persian attempts his assassination and rolls 3, needing 3 or less: Darius is assassinated and leaves the game");
    assert_eq!(s.combat.darius.losses, 3);
    assert!(!s.commanders.contains_key("darius"));
}

#[test]
fn macedonians_8_62_the_persian_may_decline_the_attempt_and_the_loss_still_counts() {
    let mut s = empty(Phase::MacedonianCampaign);
    let std = standing("persian", "assassinate_darius: false\n");
    let t = lost_under_darius(&mut s, &std, &[1]);
    has(&t, "[Macedonians [8.62]] the Persian has lost a Major Land Battle under Darius, the 1st such loss: the Persian does not attempt his assassination (standing `assassinate_darius: false`); the next loss would need 2 or less");
    assert!(!t.contains("Darius' assassination"), "{t}");
    assert!(s.commanders.contains_key("darius"));
    assert_eq!(s.combat.darius.losses, 1);
}

#[test]
fn macedonians_8_62_no_roll_when_darius_did_not_fight() {
    // Arsites loses the same battle while Darius stands at 0909, away from it.
    let mut s = empty(Phase::MacedonianCampaign);
    darius_at(&mut s, "0909");
    army(&mut s, "macedonian", "m", "0906", &[10; 10], &["alexander"]);
    army(&mut s, "persian", "p", "0907", &[10, 10], &["arsites"]);
    let m: Vec<String> = (1..=10).map(|k| format!("m-{k}")).collect();
    let mv = format!(
        "{{commander: alexander, with: [{}], path: [\"0907\"], royal_road: false}}",
        m.join(", ")
    );
    let t = texts(&fight(&mut s, &mv, &none(), &[6, 6, 1, 1, 1, 2, 3, 1]).unwrap());
    has(
        &t,
        "the Persian is commanded by Arsites (Strategic Rating 2)",
    );
    has(&t, "the Macedonian wins the Major Land Battle: 5 VP");
    assert!(cited(&t, "[8.62]").is_empty(), "{t}");
    assert!(s.commanders.contains_key("darius"));
    assert_eq!(s.combat.darius.losses, 0);
}

#[test]
fn macedonians_8_63_no_vp_for_the_assassination() {
    let mut s = empty(Phase::MacedonianCampaign);
    let t = lost_under_darius(&mut s, &none(), &[1]);
    has(&t, "[Macedonians [8.63]] the Macedonian scores no Victory Points for Darius' death; in Jun-Jul 334 B.C. (Game-Turn 2) the Kingdom is in chaos: Persian units may not move except to retreat");
    // The battle's 5 VP (21.12) only: not 21.13's 5 for an eliminated Darius.
    assert_eq!(s.combat.vp.get("macedonian"), Some(&5));
    assert!(!s.combat.killed.contains(&"darius".to_string()));
    assert!(!t.contains("Darius III is eliminated"), "{t}");
}

/// Sets the Game-Turn (index) and phase by hand, nothing moved yet.
fn now(s: &mut State, turn: usize, phase: Phase) {
    s.turn = turn;
    s.phase = phase;
    s.halt = None;
    s.moved.clear();
    s.committed.clear();
}

#[test]
fn macedonians_8_63_in_the_chaos_turn_the_persian_moves_nothing_but_retreats() {
    // Game-Turn 4 (Sep-Oct 334): Darius is in the game. Arsites' Force waits at 1206,
    // Arsamenes' (12 SSP) at 3315.
    let mut s = empty(Phase::MacedonianCampaign);
    s.turn = 3;
    army(&mut s, "persian", "q", "1206", &[10, 10], &["arsites"]);
    army(
        &mut s,
        "persian",
        "a",
        "3315",
        &[3, 3, 3, 3],
        &["arsamenes"],
    );
    let t = lost_under_darius(&mut s, &none(), &[1]);
    has(&t, "in Oct-Nov 334 B.C. (Game-Turn 5) the Kingdom is in chaos: Persian units may not move except to retreat");
    // Game-Turn 5, the Persian Campaign Phase: no Persian unit moves.
    now(&mut s, 4, Phase::PersianCampaign);
    has(
        &Macedonians.pending(&s).prompt,
        "the Kingdom is in chaos after Darius' assassination and the Persian moves nothing",
    );
    let arsites_moves =
        "{commander: arsites, with: [q-1, q-2], path: [\"1307\"], royal_road: false}";
    let why = refused(go(&mut s.clone(), arsites_moves), "Macedonians [8.63]");
    has(&why, "in Oct-Nov 334 B.C. (Game-Turn 5 of 26) the Kingdom is in chaos: Persian units may not move except to retreat");
    let t = texts(&submit(&mut s, orders("moves: []\n"), &mut dice(1)).unwrap());
    has(&t, "the Persian moves nothing");
    // The Macedonian Campaign Phase of Game-Turn 5: Arsamenes' Force does not intercept
    // Parmenion (no die), and Arsites' Force still Retreats Before Combat.
    now(&mut s, 4, Phase::MacedonianCampaign);
    army(&mut s, "macedonian", "n", "2912", &[5, 5], &["parmenion"]);
    for id in ["arsites", "q-1", "q-2"] {
        put(&mut s, id, "1006");
    }
    let std = standing(
        "persian",
        "intercept: {arsamenes: {zones: [3, 4]}}\nwhen_attacked: {arsites: retreat}\n",
    );
    let m: Vec<String> = (1..=10).map(|k| format!("m-{k}")).collect();
    let mv = format!(
        "{{commander: parmenion, with: [n-1, n-2], path: [\"2913\", \"2914\", \"3014\", \"3114\"], royal_road: false}}\n  - {{commander: alexander, with: [{}], path: [\"1006\"], royal_road: false}}",
        m.join(", ")
    );
    let t = texts(&fight(&mut s, &mv, &std, &[]).unwrap());
    has(&t, "[Macedonians [8.63]] Arsamenes's Force at 3315 does not try to intercept as the move enters 2913: the Kingdom is in chaos after Darius' assassination");
    assert!(!t.contains("tries to intercept"), "{t}");
    assert_eq!(s.commanders["parmenion"].at.hex, "3114");
    has(&t, "the Persian Retreats Before Combat: 1006 → ");
    assert_ne!(s.commanders["arsites"].at.hex, "1006");
    assert_eq!(s.commanders["alexander"].at.hex, "1006");
    // Game-Turn 6: the chaos is over, the Persian moves again.
    now(&mut s, 5, Phase::PersianCampaign);
    for id in ["arsites", "q-1", "q-2"] {
        put(&mut s, id, "1206");
    }
    go(&mut s, arsites_moves).unwrap();
    assert_eq!(s.commanders["arsites"].at.hex, "1307");
}

#[test]
fn macedonians_8_64_without_the_darius_rules_no_bolt_and_no_assassination() {
    let r = Macedonians;
    let data = r.load_scenario("campaign-334", &[]).unwrap();
    let st = r
        .setup("campaign-334", &data, &["no-darius-rules".into()])
        .unwrap();
    assert_eq!(st.options, ["no-darius-rules"]);
    let help = r
        .options()
        .into_iter()
        .find(|o| o.name == "no-darius-rules");
    assert!(!help.unwrap().help.contains("refused"));
    // The battle lost under Darius: no attempt on his life, no loss counted.
    let mut s = emptied(st.clone(), Phase::MacedonianCampaign);
    let t = lost_under_darius(&mut s, &none(), &[1]);
    has(&t, "the Macedonian wins the Major Land Battle: 5 VP");
    assert!(cited(&t, "[8.62]").is_empty(), "{t}");
    assert!(s.commanders.contains_key("darius"));
    assert_eq!(s.combat.darius.losses, 0);
    // 8.61's battle: the Persians lose more in the first exchange (2 against 0) and no bolt
    // die is thrown; the next exchange goes on.
    let mut s = emptied(st, Phase::PersianCampaign);
    army(&mut s, "persian", "p", "0906", &[10; 6], &[]);
    darius_at(&mut s, "0906");
    army(&mut s, "macedonian", "m", "0907", &[10; 4], &["philotas"]);
    let p: Vec<String> = (1..=6).map(|k| format!("p-{k}")).collect();
    let mv = format!(
        "{{commander: darius, with: [{}], path: [\"0907\"], royal_road: false}}",
        p.join(", ")
    );
    let t = texts(&fight(&mut s, &mv, &none(), &[1, 1, 1, 2]).unwrap());
    has(&t, "exchange 1: Aggressor 60 v 40 at 3-2 rolls 2");
    has(&t, "exchange 2:");
    assert!(cited(&t, "[8.61]").is_empty(), "{t}");
}
