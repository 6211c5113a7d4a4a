//! The Romans, scenario 20.2 *The Syrian War*: its victory conditions ([19], [20.27]) and
//! those of Macedon as a third player ([20.29], the follow-up's notes), driven through
//! `Romans::apply` to the end of the last Game-Turn.

#[path = "romans/common.rs"]
mod common;

use std::collections::BTreeMap;

use common::*;
use legatus::games::conquerors::romans::orders::{Orders, Standing};
use legatus::games::conquerors::romans::state::{Phase, State};
use legatus::games::conquerors::romans::{victory, Romans};
use legatus::ruleset::{Context, Event, PendingKind, Ruleset, Submission};

fn syrian_war(options: &[&str]) -> State {
    let r = Romans;
    let data = r.load_scenario("syrian-war", &[]).unwrap();
    let o: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    r.setup("syrian-war", &data, &o).unwrap()
}

/// Every pending side sends `yaml` at once (a sealed step) through `apply`.
fn all_send(s: &mut State, yaml: &str, seed: u8) -> Vec<Event> {
    let p = Romans.pending(s);
    let standing: BTreeMap<String, Standing> = BTreeMap::new();
    let ctx = Context {
        standing: &standing,
        options: &[],
        seq: 1,
    };
    let by: BTreeMap<String, Orders> = p
        .sides
        .iter()
        .map(|side| (side.clone(), orders(yaml)))
        .collect();
    let sub = Submission {
        kind: p.kind,
        step: p.step.clone(),
        by,
    };
    Romans
        .apply(s, &ctx, &sub, &mut dice(seed))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Plays `s` to the end of the game, every player passing.
fn play_out(s: &mut State) -> Vec<Event> {
    let mut all = Vec::new();
    let mut n = 40u8;
    while s.phase != Phase::Over {
        n = n.wrapping_add(1);
        let p = Romans.pending(s);
        if p.kind == PendingKind::Sealed && s.phase == Phase::Winter {
            all.extend(all_send(s, "winter: {}", n));
        } else if p.kind == PendingKind::Sealed {
            all.extend(all_send(s, "moves: []", n));
        } else {
            all.extend(
                submit(s, orders("moves: []"), &mut dice(n)).unwrap_or_else(|e| panic!("{e}")),
            );
        }
    }
    all
}

fn key(s: &State, name: &str) -> String {
    s.cities
        .iter()
        .find(|(_, c)| c.name == name)
        .unwrap_or_else(|| panic!("no city {name}"))
        .0
        .clone()
}

fn give(s: &mut State, name: &str, side: &str) {
    let k = key(s, name);
    s.cities.get_mut(&k).unwrap().control = Some(side.into());
}

fn vp_of(s: &State, side: &str, name: &str) -> Option<u32> {
    victory::city_vp(s, side)
        .into_iter()
        .find(|(c, _)| c == name)
        .map(|(_, v)| v)
}

/// The last Game-Turn (October 189 B.C.).
fn last_turn(s: &mut State) {
    s.turn = 25;
}

#[test]
fn romans_20_27_syria_scores_cities_outside_asia_and_the_eight_listed() {
    let mut s = syrian_war(&[]);
    // At the start (20.28, follow-up): Demetrias (Romans map, B) and Lysimachae (Thrace, in
    // Europe, B) lie outside Asia; Sardes, Ephesus, Abydus and Side (C) are listed; Antioch (A)
    // and Tyre (A) are in Asia and not listed.
    assert_eq!(vp_of(&s, "syria", "Demetrias"), Some(8));
    assert_eq!(vp_of(&s, "syria", "Lysimachae"), Some(8));
    for c in ["Sardes", "Ephesus", "Abydus", "Side"] {
        assert_eq!(vp_of(&s, "syria", c), Some(4), "{c}");
    }
    assert_eq!(vp_of(&s, "syria", "Antioch"), None);
    assert_eq!(vp_of(&s, "syria", "Tyre"), None);
    // Athens (Romans map) would score for him; Pergamum (Asia, listed) too.
    give(&mut s, "Athens", "syria");
    give(&mut s, "Miletus", "syria");
    assert_eq!(vp_of(&s, "syria", "Athens"), Some(8));
    assert_eq!(vp_of(&s, "syria", "Miletus"), Some(4));
    let cities: u32 = victory::city_vp(&s, "syria").iter().map(|(_, v)| v).sum();
    assert!(cities >= 8 + 8 + 4 * 4 + 8 + 4, "{cities}");
    // Through apply to the end of the game: the total goes into the result.
    last_turn(&mut s);
    play_out(&mut s);
    let syria = victory::score(&s, "syria").total;
    assert!(syria >= cities, "{syria}");
    let o = s.victory.outcome.clone().unwrap();
    assert!(
        o.words.contains(&format!("Syria {syria} VP")),
        "{}",
        o.words
    );
    assert_eq!(o.winner.as_deref(), Some("syria"), "{}", o.words);
}

#[test]
fn romans_20_27_rome_scores_thrice_on_the_macedonians_map_and_nothing_on_the_romans_map() {
    let mut s = syrian_war(&[]);
    // Rome holds all of Italy (20.28) and scores none of it.
    assert_eq!(s.cities[&key(&s, "Roma")].control.as_deref(), Some("rome"));
    assert!(victory::city_vp(&s, "rome").is_empty());
    // Antioch (A, 12) thrice: 36; Sardes (C, 4) thrice: 12. Athens (Romans map): nothing.
    give(&mut s, "Antioch", "rome");
    give(&mut s, "Sardes", "rome");
    give(&mut s, "Athens", "rome");
    assert_eq!(vp_of(&s, "rome", "Antioch"), Some(36));
    assert_eq!(vp_of(&s, "rome", "Sardes"), Some(12));
    assert_eq!(vp_of(&s, "rome", "Athens"), None);
    // 19.12: Pergamum, an ally active for Rome, scores only if taken by force.
    s.allies.get_mut("pergamum").unwrap().active = Some("rome".into());
    give(&mut s, "Pergamum", "rome");
    assert_eq!(vp_of(&s, "rome", "Pergamum"), None);
    last_turn(&mut s);
    play_out(&mut s);
    let rome = victory::score(&s, "rome");
    assert_eq!(rome.cities.iter().map(|(_, v)| v).sum::<u32>(), 36 + 12);
    let o = s.victory.outcome.clone().unwrap();
    assert!(
        o.words.contains(&format!("Rome {} VP", rome.total)),
        "{}",
        o.words
    );
}

#[test]
fn romans_20_29_macedon_as_third_player_scores_greek_cities_and_thrice_on_the_macedonians_map() {
    let mut s = syrian_war(&["macedon-third-player"]);
    assert_eq!(s.players, ["rome", "syria", "macedon"]);
    // As in 20.16: his own Pella, Thessalonica and Amphipolis never score; other Greek cities
    // do, at their value; a city of the Macedonians map thrice (his Miletus, C: 12, R-124).
    for c in ["Pella", "Thessalonica", "Amphipolis"] {
        assert_eq!(vp_of(&s, "macedon", c), None, "{c}");
    }
    assert_eq!(vp_of(&s, "macedon", "Miletus"), Some(12));
    give(&mut s, "Athens", "macedon");
    give(&mut s, "Demetrias", "macedon");
    give(&mut s, "Lysimachae", "macedon");
    assert_eq!(vp_of(&s, "macedon", "Athens"), Some(8));
    assert_eq!(vp_of(&s, "macedon", "Demetrias"), Some(8));
    assert_eq!(vp_of(&s, "macedon", "Lysimachae"), Some(24));
    // Cities of Italy and the west are no Greek cities.
    give(&mut s, "Capua", "macedon");
    assert_eq!(vp_of(&s, "macedon", "Capua"), None);
    let cities: u32 = victory::city_vp(&s, "macedon").iter().map(|(_, v)| v).sum();
    assert_eq!(cities, 12 + 8 + 8 + 24);
    last_turn(&mut s);
    play_out(&mut s);
    let mac = victory::score(&s, "macedon").total;
    assert_eq!(mac, cities);
    let o = s.victory.outcome.clone().unwrap();
    assert!(
        o.words.contains(&format!("Macedon {mac} VP")),
        "{}",
        o.words
    );
}

#[test]
fn romans_20_29_in_a_three_player_game_the_highest_total_wins() {
    let mut s = syrian_war(&["macedon-third-player"]);
    // Macedon takes Antioch and Tyre (A, thrice: 36 each) and every Greek city Syria held.
    for c in [
        "Antioch",
        "Tyre",
        "Sardes",
        "Ephesus",
        "Abydus",
        "Side",
        "Lysimachae",
        "Demetrias",
    ] {
        give(&mut s, c, "macedon");
    }
    last_turn(&mut s);
    play_out(&mut s);
    let tot: BTreeMap<&str, u32> = ["rome", "syria", "macedon"]
        .into_iter()
        .map(|p| (p, victory::score(&s, p).total))
        .collect();
    assert!(
        tot["macedon"] > tot["syria"] && tot["macedon"] > tot["rome"],
        "{tot:?}"
    );
    let o = s.victory.outcome.clone().unwrap();
    assert_eq!(o.winner.as_deref(), Some("macedon"), "{}", o.words);
    for (p, n) in [
        ("Rome", tot["rome"]),
        ("Syria", tot["syria"]),
        ("Macedon", tot["macedon"]),
    ] {
        assert!(o.words.contains(&format!("{p} {n} VP")), "{}", o.words);
    }
    assert!(o.words.contains("Macedon wins"), "{}", o.words);
}

/// Sends `by` (side, orders) for the Mutual Diplomacy Phase through `apply`.
fn diplomacy(
    s: &mut State,
    by: &[(&str, &str)],
    seed: u8,
) -> Result<Vec<Event>, legatus::ruleset::RuleError> {
    let p = Romans.pending(s);
    assert_eq!(p.kind, PendingKind::Sealed, "{p:?}");
    let standing: BTreeMap<String, Standing> = BTreeMap::new();
    let ctx = Context {
        standing: &standing,
        options: &[],
        seq: 1,
    };
    let sub = Submission {
        kind: p.kind,
        step: p.step.clone(),
        by: by
            .iter()
            .map(|(side, o)| (side.to_string(), orders(o)))
            .collect(),
    };
    Romans.apply(s, &ctx, &sub, &mut dice(seed))
}

#[test]
fn romans_20_29_a_third_player_macedon_may_not_use_the_alliance_table() {
    let mut s = syrian_war(&["macedon-third-player", "mutual-diplomacy"]);
    // The phase is for the table's two ends: Rome (left) and Syria (right).
    let p = Romans.pending(&s);
    assert_eq!(p.sides, ["rome", "syria"], "{p:?}");
    assert!(Romans.template(&s, "macedon").contains("may not use it"));
    // Macedon's graft is refused (20.29, follow-up): it moves no ally toward anyone.
    let r = diplomacy(
        &mut s,
        &[
            ("rome", "moves: []"),
            ("syria", "moves: []"),
            ("macedon", "diplomacy: {target: sparta, graft: 3}"),
        ],
        1,
    );
    refused(r, "Romans [20.29]");
    assert_eq!(s.allies["sparta"].points, 0);
    assert_eq!(s.treasury["macedon"], 15);
    // Each table player's graft moves the level toward himself (16.4).
    diplomacy(
        &mut s,
        &[
            ("rome", "diplomacy: {target: sparta, graft: 2}"),
            ("syria", "diplomacy: {target: egypt, graft: 3}"),
        ],
        1,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.allies["sparta"].toward.as_deref(), Some("rome"));
    assert_eq!(s.allies["sparta"].points, 2);
    assert_eq!(s.allies["egypt"].toward.as_deref(), Some("syria"));
    assert_eq!(s.allies["egypt"].points, 3);
    assert_eq!((s.treasury["rome"], s.treasury["syria"]), (28, 47));
}
