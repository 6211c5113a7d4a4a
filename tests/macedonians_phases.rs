//! The Macedonians' phases that run by themselves, through `Macedonians::apply`, named after
//! their cases: the Supply and Attrition Phases (15.2, 16, 17, 20.13), the Cilician
//! Garrison Phase (5.54-5.56), the arrivals of the track (19, 8.7) and the end of the game with
//! its Level of Victory (21).

#[path = "macedonians/common.rs"]
mod common;

use std::collections::BTreeMap;

use common::*;
use legatus::games::conquerors::macedonians::orders::Standing;
use legatus::games::conquerors::macedonians::state::{Phase, State};
use legatus::games::conquerors::macedonians::Macedonians;
use legatus::protocol::dice::Dice;
use legatus::ruleset::{Context, Event, PendingKind, RuleError, Ruleset, Submission};

/// Submits `moves: []` for whoever must act, with standing orders.
fn pass_with(
    s: &mut State,
    standing: &BTreeMap<String, Standing>,
    d: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    let p = Macedonians.pending(s);
    let ctx = Context {
        standing,
        options: &[],
        seq: 1,
    };
    let sub = Submission {
        kind: p.kind,
        step: p.step.clone(),
        by: BTreeMap::from([(p.sides[0].clone(), orders("moves: []"))]),
    };
    Macedonians.apply(s, &ctx, &sub, d)
}

fn pass(s: &mut State, seed: u8) -> Vec<Event> {
    submit(s, orders("moves: []"), &mut dice(seed)).unwrap()
}

fn line(ev: &[Event], rule: &str) -> String {
    ev.iter()
        .filter(|e| e.rule == rule)
        .map(|e| e.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

// ---------------------------------------------------------------- 15-17: supply and attrition

#[test]
fn macedonians_15_23_the_persian_supply_phase_runs_and_play_goes_on() {
    let mut s = campaign();
    let ev = pass(&mut s, 3);
    let t = texts(&ev);
    assert!(t.contains("[Macedonians [15.2]] the Persian has"), "{t}");
    // A2 then A3 (omitted on Game-Turn 1) and B1: the Macedonian moves next.
    assert!(
        t.contains("the Cilician Garrison Phase is omitted on the first Game-Turn"),
        "{t}"
    );
    assert_eq!(s.phase, Phase::MacedonianCampaign);
    assert_eq!(Macedonians.pending(&s).sides, ["macedonian"]);
}

#[test]
fn macedonians_20_13_five_points_keep_the_macedonian_in_supply_on_game_turn_1() {
    let mut s = macedonian_turn();
    let before: u32 = s
        .units
        .values()
        .filter(|u| u.side == "macedonian")
        .map(|u| u.ssp)
        .sum();
    let ev = pass(&mut s, 3);
    let t = line(&ev, "Macedonians [15.2]");
    // Thrace's points and the 5 of 20.13 feed the army at Abydus (across the Ferry) and the
    // fleet at Sestus; the army has its commanders, so nothing rolls.
    assert!(
        t.contains("for 2 Forces and Fleets (3 each): all in supply"),
        "{t}"
    );
    let after: u32 = s
        .units
        .values()
        .filter(|u| u.side == "macedonian")
        .map(|u| u.ssp)
        .sum();
    assert_eq!(before, after);
    // B4-B6: the Game-Turn marker moves on to Game-Turn 2.
    assert!(
        texts(&ev).contains("the Game-Turn marker moves to Jun-Jul 334 B.C. (Game-Turn 2 of 26)")
    );
    assert_eq!(s.phase, Phase::PersianCampaign);
    assert_eq!(s.turn, 1);
}

#[test]
fn macedonians_15_22_an_enemy_city_in_the_satrapy_costs_a_point() {
    let total = |s: &State| -> u32 {
        let mut s = s.clone();
        let ev = pass(&mut s, 3);
        let t = line(&ev, "Macedonians [15.2]");
        t.split(" has ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let mut s = macedonian_turn();
    s.turn = 1;
    control(&mut s, "Sardes", "macedonian");
    let with_erythrae_persian = total(&s);
    control(&mut s, "Erythrae", "macedonian");
    assert_eq!(total(&s), with_erythrae_persian + 1);
}

#[test]
fn macedonians_17_14_a_leaderless_force_out_of_supply_rolls_twice() {
    let mut s = macedonian_turn();
    s.turn = 1; // no 20.13 points
    put(&mut s, "thracian-light", "3009");
    let ev = pass(&mut s, 5);
    let t = line(&ev, "Macedonians [17.1]");
    assert!(t.contains("Force at 3009"), "{t}");
    assert!(
        t.contains("out of supply (17.11), without a commander (17.12)"),
        "{t}"
    );
    assert!(
        t.contains("roll 2 of 2") || !s.units.contains_key("thracian-light"),
        "{t}"
    );
}

#[test]
fn macedonians_17_13_a_force_in_the_desert_rolls_once() {
    let mut s = macedonian_turn();
    put(&mut s, "alexander", "0133");
    put(&mut s, "phalanx-coenus", "0133");
    let ev = pass(&mut s, 7);
    let t = line(&ev, "Macedonians [17.1]");
    let desert: Vec<&str> = t.lines().filter(|l| l.contains("Force at 0133")).collect();
    assert_eq!(desert.len(), 1, "{t}");
    assert!(desert[0].contains("in a Desert hex (17.13)"), "{t}");
    assert!(!desert[0].contains("roll 1 of"), "{t}");
}

#[test]
fn macedonians_17_24_winter_adds_two_to_the_attrition_die() {
    let mut s = macedonian_turn();
    s.turn = 5; // Winter 334
    assert!(s.winter());
    put(&mut s, "thracian-light", "3009");
    let ev = pass(&mut s, 9);
    let t = line(&ev, "Macedonians [17.1]");
    assert!(t.contains("+2 in Winter"), "{t}");
}

#[test]
fn macedonians_17_15_losses_come_from_the_standing_order_first() {
    // Find a seed whose roll costs the leaderless pair something, then check who paid.
    for seed in 0..40u8 {
        let mut s = macedonian_turn();
        s.turn = 1;
        put(&mut s, "thracian-light", "3009");
        put(&mut s, "agrianians", "3009");
        let standing = BTreeMap::from([(
            "macedonian".to_string(),
            Standing {
                attrition_losses: vec!["thracian-light".into()],
                ..Default::default()
            },
        )]);
        let ev = pass_with(&mut s, &standing, &mut dice(seed)).unwrap();
        let t = line(&ev, "Macedonians [17.1]");
        if t.contains("thracian-light -") {
            let first = t.find("thracian-light -").unwrap();
            assert!(t.find("agrianians -").is_none_or(|a| a > first), "{t}");
            return;
        }
    }
    panic!("no seed gave a loss");
}

#[test]
fn macedonians_16_2_an_unsupplied_fleet_disbands_at_the_nearest_port() {
    let mut s = macedonian_turn();
    s.turn = 1;
    s.phase = Phase::PersianCampaign;
    // A Persian squadron in Thrace (Macedonian): a Fleet is supplied only in a satrapy its own
    // side controls (16.12), and Sestus is no friendly Port (17.32).
    let q = s
        .squadrons
        .iter()
        .find(|(_, q)| q.side == "persian")
        .map(|(k, _)| k.clone())
        .unwrap();
    put(&mut s, &q, "0403");
    // Attrition first (17.32), then the disbanding of what is left (16.2): find a seed that
    // leaves a step to disband.
    for seed in 0..40u8 {
        let mut s = s.clone();
        let ev = pass(&mut s, seed);
        let t = texts(&ev);
        assert!(
            line(&ev, "Macedonians [17.32]").contains("Fleet at 0403"),
            "{t}"
        );
        assert!(!s.squadrons.contains_key(&q));
        if t.contains("the Persian's Fleet at 0403 has no 3 Supply Points and disbands at") {
            assert!(s.disbanded.contains_key(&q), "{t}");
            return;
        }
    }
    panic!("no seed left the squadron a step");
}

// ---------------------------------------------------------------- 5.54-5.56: the Gates

/// Game-Turn 2's Persian Campaign Phase with 20 SSP of Persian cavalry and Reomithres in the
/// Gates.
fn gates_held() -> State {
    let mut s = campaign();
    s.turn = 1;
    for u in [
        "median-cavalry-1",
        "median-cavalry-2",
        "median-cavalry-3",
        "median-cavalry-4",
        "bactrian-cavalry-1",
        "bactrian-cavalry-2",
        "bactrian-cavalry-3",
        "bactrian-cavalry-4",
        "reomithres",
    ] {
        put(&mut s, u, "2912");
    }
    s
}

#[test]
fn macedonians_5_55_the_garrison_table_limits_the_gates() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..60u8 {
        let mut s = gates_held();
        let ev = pass(&mut s, seed);
        let t = line(&ev, "Macedonians [5.55]");
        assert!(t.contains("the Persian rolls"), "{t}");
        let held: u32 = s
            .units
            .values()
            .filter(|u| u.side == "persian" && u.at.hex == "2912")
            .map(|u| u.ssp)
            .sum();
        if t.contains("at most 10 SSP") {
            assert!(held <= 10, "{t}");
            // The rest go to the nearest Persian City (Mazaka and Tarsus are three hexes off;
            // the tie goes by name, ruling M-R32).
            assert!(
                t.contains("go to Mazaka, the nearest Persian City or Port"),
                "{t}"
            );
            assert_eq!(s.units["median-cavalry-1"].at.hex, "3009");
            // The Garrison unit stays first (default).
            assert_eq!(s.units["garrison-cilician-gates"].at.hex, "2912");
            seen.insert("max-10");
        } else if t.contains("no change") {
            seen.insert("none");
        }
        // The commander is never moved.
        assert_eq!(s.commanders["reomithres"].at.hex, "2912");
        assert_eq!(s.phase, Phase::MacedonianCampaign);
        if seen.len() == 2 {
            return;
        }
    }
    panic!("seen only {seen:?}");
}

#[test]
fn macedonians_5_55_alexander_within_six_hexes_adds_one() {
    let mut s = gates_held();
    put(&mut s, "alexander", "2909");
    put(&mut s, "phalanx-coenus", "2909");
    let ev = pass(&mut s, 1);
    let t = line(&ev, "Macedonians [5.55]");
    assert!(t.contains("+1 (Alexander's Force within six hexes)"), "{t}");
}

#[test]
fn macedonians_5_56_no_garrison_phase_once_the_gates_are_gained() {
    let mut s = gates_held();
    s.gates_gained = true;
    let ev = pass(&mut s, 1);
    assert!(line(&ev, "Macedonians [5.55]").is_empty());
    assert!(texts(&ev).contains("over since the Macedonian gained the Gates (5.56)"));
}

#[test]
fn macedonians_4_2_quiet_game_turns_run_to_the_last() {
    let mut s = campaign();
    let mut n = 0u8;
    while Macedonians.pending(&s).kind == PendingKind::Orders {
        n = n.wrapping_add(1);
        pass(&mut s, n);
        assert!(n < 100, "still playing on Game-Turn {}", s.turn + 1);
    }
    // No battle, no city taken: every Game-Turn plays, the honeymoon, the arrivals and
    // Memnon's going among them, and the game ends with its Level of Victory (21.2).
    assert_eq!(Macedonians.pending(&s).rule, "Macedonians [21.2]");
    assert_eq!(s.phase, Phase::Over);
    assert!(s.halt.is_none());
    assert!(s.commanders.contains_key("darius") && s.commanders.contains_key("bessus"));
    assert!(s.commanders.contains_key("ptolemy"));
    assert!(!s.commanders.contains_key("memnon"));
}

// ---------------------------------------------------------------- 19.3-19.4, 8.7: arrivals

/// The Macedonian Campaign Phase of the Game-Turn before `next` (1-based).
fn before(next: usize) -> State {
    let mut s = campaign();
    s.turn = next - 2;
    s.phase = Phase::MacedonianCampaign;
    s
}

#[test]
fn macedonians_19_31_persian_reinforcements_arrive_at_babylon() {
    let mut s = before(3);
    let ev = pass(&mut s, 1);
    let t = line(&ev, "Macedonians [19.3]");
    assert!(
        t.contains("Persian Reinforcements arrive at Babylon: Darius"),
        "{t}"
    );
    assert!(t.contains(": default)"), "{t}");
    assert_eq!(s.commanders["darius"].at.hex, "5826");
    assert_eq!(s.units["royal-guard-hoplites-1"].at.hex, "5826");
    assert_eq!(
        s.units["royal-guard-hoplites-1"].ssp,
        s.units["royal-guard-hoplites-1"].full_ssp
    );
    assert_eq!(Macedonians.pending(&s).sides, ["persian"]);
}

#[test]
fn macedonians_19_32_the_highway_hex_by_standing_order() {
    let mut s = before(3);
    let standing = BTreeMap::from([(
        "persian".to_string(),
        Standing {
            reinforcements_at: Some("6121".into()),
            ..Default::default()
        },
    )]);
    let ev = pass_with(&mut s, &standing, &mut dice(1)).unwrap();
    let t = line(&ev, "Macedonians [19.3]");
    assert!(
        t.contains("arrive at the Royal Persian Highway at 6121"),
        "{t}"
    );
    assert!(!t.contains("default"), "{t}");
    assert_eq!(s.commanders["darius"].at.hex, "6121");
}

#[test]
fn macedonians_19_35_never_at_a_macedonian_babylon() {
    let mut s = before(3);
    control(&mut s, "Babylon", "macedonian");
    // Held since the Game-Turn began: no satrap to appoint (15.43).
    s.satrapies_at_turn_start = s.satrapies_of("macedonian");
    pass(&mut s, 1);
    assert_eq!(s.commanders["darius"].at.hex, "6121");
}

#[test]
fn macedonians_19_42_asiatic_levies_two_infantry_a_horse_and_an_auxiliary() {
    let mut s = before(7);
    let ev = pass(&mut s, 1);
    let t = line(&ev, "Macedonians [19.4]");
    assert!(t.contains("Asiatic Levies arrive at Babylon"), "{t}");
    let ids: Vec<String> = t
        .split(": ")
        .nth(1)
        .unwrap()
        .split(" (")
        .next()
        .unwrap()
        .split(", ")
        .map(String::from)
        .collect();
    assert_eq!(ids.len(), 4, "{t}");
    for id in &ids {
        assert_eq!(s.units[id].at.hex, "5826", "{id}");
    }
    let kinds: Vec<String> = ids.iter().map(|i| s.units[i].kind.clone()).collect();
    assert_eq!(
        kinds.iter().filter(|k| *k == "barbarian-infantry").count(),
        2,
        "{kinds:?}"
    );
}

#[test]
fn macedonians_8_7_memnon_leaves_for_the_persian_amyntas() {
    let mut s = campaign();
    s.turn = 7;
    s.phase = Phase::MacedonianCampaign;
    let at = s.commanders["memnon"].at.hex.clone();
    let ev = pass(&mut s, 1);
    assert!(
        texts(&ev).contains("Memnon leaves play; Amyntas (Persian) takes his place"),
        "{}",
        texts(&ev)
    );
    assert!(!s.commanders.contains_key("memnon"));
    assert_eq!(s.commanders["amyntas-persian"].at.hex, at);
}

#[test]
fn macedonians_17_23_north_of_the_line_in_winter_outside_a_city_rolls() {
    let mut s = macedonian_turn();
    s.turn = 5; // Winter 334
    put(&mut s, "alexander", "0403");
    put(&mut s, "phalanx-coenus", "0403");
    let ev = pass(&mut s, 2);
    let t = line(&ev, "Macedonians [17.1]");
    let here: Vec<&str> = t.lines().filter(|l| l.contains("Force at 0403")).collect();
    assert_eq!(here.len().min(1), 1, "{t}");
    assert!(
        here[0].contains("north of the Winter Line outside a friendly city in Winter (17.23)"),
        "{t}"
    );
    // The army at Abydus, a Macedonian city, rolls for nothing but supply.
    assert!(
        !t.lines()
            .any(|l| l.contains("Force at 0505") && l.contains("Winter Line")),
        "{t}"
    );
}

// ---------------------------------------------------------------- 19.1-19.2: the Macedonian's

#[test]
fn macedonians_19_2_the_honeymoon_leaves_in_winter_and_returns_in_spring() {
    let mut s = before(6);
    let full: u32 = s
        .units
        .values()
        .filter(|u| u.kind == "phalanx" || u.kind == "hypaspist")
        .map(|u| u.ssp)
        .sum();
    let standing = BTreeMap::from([(
        "macedonian".to_string(),
        Standing {
            honeymoon_from: vec!["phalanx-coenus".into(), "hypaspists-2".into()],
            ..Default::default()
        },
    )]);
    // The Macedonian passes Game-Turn 5; the Persian passes Game-Turn 6; the honeymoon opens
    // the Macedonian's Winter Player-Turn.
    pass_with(&mut s, &standing, &mut dice(1)).unwrap();
    let ev = pass_with(&mut s, &standing, &mut dice(2)).unwrap();
    let t = line(&ev, "Macedonians [19.2]");
    assert!(t.contains("phalanx-coenus -5, hypaspists-2 -1"), "{t}");
    assert!(!s.units.contains_key("phalanx-coenus"));
    let now: u32 = s
        .units
        .values()
        .filter(|u| u.kind == "phalanx" || u.kind == "hypaspist")
        .map(|u| u.ssp)
        .sum();
    assert_eq!(now, full - 6);
    assert_eq!(s.honeymoon["hypaspists-2"], 1);
}

#[test]
fn macedonians_19_12_reinforcement_ssp_rebuild_units_first() {
    let mut s = before(8);
    s.units.get_mut("phalanx-craterus").unwrap().ssp = 2;
    s.honeymoon.insert("hypaspists-2".into(), 1);
    s.units.get_mut("hypaspists-2").unwrap().ssp -= 1;
    let hyp = s.units["hypaspists-2"].full_ssp;
    pass(&mut s, 1); // the Macedonian ends Game-Turn 7
    let ev = pass(&mut s, 2); // the Persian's Game-Turn 8
    let t = texts(&ev);
    assert!(
        t.contains("the honeymoon is over: the SSP return to their units (hypaspists-2 +1)"),
        "{t}"
    );
    assert_eq!(s.units["hypaspists-2"].ssp, hyp);
    // 12 infantry SSP: Craterus' phalanx back to 5 (+3), the rest new units with Alexander.
    let r = line(&ev, "Macedonians [19.1]");
    assert!(r.contains("phalanx-craterus +3"), "{r}");
    assert!(r.contains("(default)"), "{r}");
    assert_eq!(s.units["phalanx-craterus"].ssp, 5);
    assert_eq!(Macedonians.pending(&s).sides, ["macedonian"]);
}

#[test]
fn macedonians_19_32_a_place_that_is_no_entry_is_refused() {
    let s = campaign();
    let bad = Standing {
        reinforcements_at: Some("susa-box".into()),
        ..Default::default()
    };
    let r = Macedonians.check_standing(&s, "persian", &bad);
    assert_eq!(r.len(), 1);
    assert!(
        r[0].1.to_string().contains("the Susa Box is not built yet"),
        "{}",
        r[0].1
    );
    let good = Standing {
        reinforcements_at: Some("6121".into()),
        ..Default::default()
    };
    assert!(Macedonians.check_standing(&s, "persian", &good).is_empty());
}

// ---------------------------------------------------------------- 21: the end of the game

/// Passes every Campaign Phase from `s` on until the game stops; the events of the last entry.
fn play_out(s: &mut State) -> Vec<Event> {
    let mut last = Vec::new();
    for n in 1..=60u8 {
        if Macedonians.pending(s).kind != PendingKind::Orders {
            return last;
        }
        last = pass(s, n);
    }
    panic!("still playing on Game-Turn {}", s.turn + 1);
}

#[test]
fn macedonians_21_2_the_game_ends_after_game_turn_26_with_the_level_of_victory() {
    let mut s = campaign();
    let before = serde_json::to_value(&s).unwrap();
    assert!(
        before.get("result").is_none(),
        "no result field before the end"
    );
    let ev = play_out(&mut s);
    // 26 Game-Turns played, no battle, no city taken: the Persian keeps his 64 VP of control
    // (every satrapy but Thrace, and the five Walled Cities: 21.11), the Macedonian has none.
    assert_eq!(s.turn, 26);
    assert_eq!(s.phase, Phase::Over);
    let o = s.result.clone().expect("the game has a result");
    assert_eq!((o.macedonian, o.persian, o.adjusted), (0, 64, -64));
    assert_eq!(o.level, "Persian Decisive Victory");
    assert_eq!(o.winner, "persian");
    assert_eq!(o.rule, "Macedonians [21.2]");
    assert!(
        texts(&ev).contains("[Macedonians [21.0], [21.2]] the game is over: the Macedonian 0 VP"),
        "{}",
        texts(&ev)
    );
    // The engine learns the game is over; the status, the summary and the view say the result.
    let p = Macedonians.pending(&s);
    assert_eq!(p.kind, PendingKind::GameOver);
    assert!(p.prompt.starts_with("the game is over: "), "{}", p.prompt);
    assert!(p
        .prompt
        .contains("Adjusted Macedonian VP -64, a Persian Decisive Victory"));
    assert!(Macedonians
        .summary(&s)
        .iter()
        .any(|l| l.contains("Persian Decisive Victory")));
    let v = Macedonians.view(&s, None);
    assert_eq!(v.outcome.as_deref(), Some(o.words.as_str()));
    let adj = v
        .tracks
        .iter()
        .find(|t| t.name == "Adjusted Macedonian VP (Macedonians [21.2])")
        .unwrap();
    assert_eq!(adj.value, "-64");
    assert_eq!(
        adj.items,
        [(
            "the result".to_string(),
            "Persian Decisive Victory".to_string()
        )]
    );
    let per = v
        .tracks
        .iter()
        .find(|t| t.name == "the Persian Victory Points (Macedonians [21.1])")
        .unwrap();
    assert_eq!(per.value, "64");
    // Nothing more is taken.
    let r = submit(&mut s, orders("moves: []"), &mut dice(1));
    assert!(r.is_err(), "orders after the end are refused");
}

/// The Macedonian Campaign Phase of the last Game-Turn (26), the Persian gone from the map and
/// every city Macedonian.
fn macedon_holds_everything() -> State {
    let mut s = campaign();
    s.turn = 25;
    s.phase = Phase::MacedonianCampaign;
    clear(&mut s, "persian");
    let names: Vec<String> = s.cities.keys().cloned().collect();
    for c in names {
        control(&mut s, &c, "macedonian");
    }
    // Every satrapy was his when the Game-Turn began: no satrap is due (15.43).
    s.satrapies_at_turn_start = s.satrapies_of("macedonian");
    s
}

#[test]
fn macedonians_21_2_macedon_controlling_more_wins_tactical_then_decisive() {
    // Every city his: every satrapy but Thrace (none in the standard game, M-R8) and Armenia
    // and Media (no capital, so the Persian's still: 1 VP), and all five Walled Cities.
    let mut s = macedon_holds_everything();
    play_out(&mut s);
    let o = s.result.clone().unwrap();
    assert_eq!((o.macedonian, o.persian, o.adjusted), (63, 1, 62));
    assert_eq!(
        (o.level.as_str(), o.winner.as_str()),
        ("Macedonian Tactical Victory", "macedonian")
    );
    // Three Major Land Battles won besides (5 VP each, 21.12): 78 - 1 = 77, Decisive.
    let mut s = macedon_holds_everything();
    s.combat.vp.insert("macedonian".into(), 15);
    play_out(&mut s);
    let o = s.result.clone().unwrap();
    assert_eq!((o.macedonian, o.persian, o.adjusted), (78, 1, 77));
    assert_eq!(
        (o.level.as_str(), o.winner.as_str()),
        ("Macedonian Decisive Victory", "macedonian")
    );
    assert!(
        o.words
            .contains("the Macedonian 78 VP (63 from control, 15 from combat)"),
        "{}",
        o.words
    );
    // Alexander killed (25 VP to the Persian, 21.13): 63 - 26 = 37, a Persian Tactical Victory.
    let mut s = macedon_holds_everything();
    s.combat.vp.insert("persian".into(), 25);
    play_out(&mut s);
    let o = s.result.clone().unwrap();
    assert_eq!((o.macedonian, o.persian, o.adjusted), (63, 26, 37));
    assert_eq!(
        (o.level.as_str(), o.winner.as_str()),
        ("Persian Tactical Victory", "persian")
    );
}

#[test]
fn macedonians_21_2_the_levels_of_victory_at_their_thresholds() {
    use legatus::games::conquerors::macedonians::victory::level;
    let s = campaign();
    let cases = [
        (81, "Macedonian Decisive Victory", "macedonian"),
        (75, "Macedonian Decisive Victory", "macedonian"),
        (74, "Macedonian Tactical Victory", "macedonian"),
        (40, "Macedonian Tactical Victory", "macedonian"),
        (39, "Persian Tactical Victory", "persian"),
        (0, "Persian Tactical Victory", "persian"),
        (-1, "Persian Decisive Victory", "persian"),
    ];
    for (adjusted, words, winner) in cases {
        assert_eq!(level(&s, adjusted), (words, winner), "{adjusted}");
    }
    // The thresholds are data (rules.yaml, Macedonians 21.2).
    assert_eq!(
        s.pack.number("victory", "decisive-macedonian-from"),
        Some(75)
    );
    assert_eq!(
        s.pack.number("victory", "tactical-macedonian-from"),
        Some(40)
    );
    assert_eq!(s.pack.number("victory", "tactical-persian-from"), Some(0));
}
