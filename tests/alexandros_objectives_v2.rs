//! Alexandros 15.6 (Bessus placed by the Persian), 15.8 (Persepolis under a Persian army),
//! 17.3 (Death of Alexander: play past Summer 323). Driven through the game's `apply`.

#[path = "alexandros/common.rs"]
mod common;

use std::collections::BTreeMap;

use common::*;
use legatus::games::alexandros::state::{Place, State};
use legatus::games::alexandros::{Alexandros, OPT_DEATH};
use legatus::ruleset::{Event, PendingKind, Ruleset};

/// Darius alone in Cilicia with a Macedonian phalanx: he is captured in the Combat Phase
/// (ruling A-18) and Bessus must become Great King.
fn darius_caught() -> State {
    let mut s = summer_334();
    put(&mut s, &["Darius"], prov("Cilicia"));
    put(&mut s, &["phalanx-1"], prov("Cilicia"));
    for u in s.field_units(legatus::games::alexandros::data::Side::Persian, "Cilicia") {
        s.units.get_mut(&u).unwrap().place = Place::Removed;
    }
    s
}

/// No battle in Ionia: the Persian field force there leaves the map, so the turn's dice after
/// the movement phases are the seed's (a battle would be ended with fixed dice).
fn no_battle_in_ionia(s: &mut State) {
    let side = legatus::games::alexandros::data::Side::Persian;
    for u in s.field_units(side, "Ionia") {
        s.units.get_mut(&u).unwrap().place = Place::Removed;
    }
    for l in s.field_leaders(side, "Ionia") {
        s.leaders.get_mut(&l).unwrap().place = Place::Removed;
    }
}

fn play(s: &mut State, persian: &str) -> Vec<Event> {
    let st = BTreeMap::from([("persian".to_string(), standing(persian))]);
    let mut ev = submit_nightfall(s, orders("moves: []"), &st, &mut dice(2)).unwrap();
    ev.extend(submit_nightfall(s, orders("moves: []"), &st, &mut dice(2)).unwrap());
    ev
}

#[test]
fn alexandros_15_6_the_persian_places_bessus() {
    let mut s = darius_caught();
    let ev = play(&mut s, "bessus: [Media]");
    assert!(s.objectives.contains("Darius"), "{ev:#?}");
    assert_eq!(s.leaders["Bessus"].place, prov("Media"), "{ev:#?}");
    // Nothing said: with the largest Persian army, reported as the default.
    let mut s = darius_caught();
    let ev = play(&mut s, "{}");
    let e = ev.iter().find(|e| e.rule == "Alexandros 15.6").unwrap();
    assert!(e.text.contains("(default"), "{e:?}");
    // Never in an Indian province (8.3), even when asked.
    let mut s = darius_caught();
    let ev = play(&mut s, "bessus: [Upper India]");
    assert_ne!(s.leaders["Bessus"].place, prov("Upper India"), "{ev:#?}");
    assert!(ev
        .iter()
        .any(|e| e.rule == "Alexandros 15.6" && e.text.contains("none of Upper India")));
}

#[test]
fn alexandros_15_8_persepolis_not_taken_while_a_persian_army_holds_persis() {
    let mut s = summer_334(); // Darius and the "D" units set up in Persis
    assert!(!s
        .field_units(legatus::games::alexandros::data::Side::Persian, "Persis")
        .is_empty());
    put(&mut s, &["phalanx-1"], prov("Persis"));
    submit(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    assert!(!s.objectives.contains("Persepolis Treasury"));
}

#[test]
fn alexandros_17_3_the_game_goes_on_past_summer_323_until_alexander_dies() {
    let (mut died, mut lived) = (false, false);
    for seed in 1..25 {
        let mut s = summer_334();
        s.options = vec![OPT_DEATH.to_string()];
        s.turn = 46;
        clear_track(&mut s);
        no_battle_in_ionia(&mut s);
        let mut ev =
            submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(seed)).unwrap();
        if Alexandros.pending(&s).kind == PendingKind::Orders {
            ev.extend(
                submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(seed))
                    .unwrap(),
            );
        }
        if ev.iter().any(|e| e.text.contains("Alexander dies")) {
            died = true;
            assert!(is_game_over(&s));
        } else if ev.iter().any(|e| e.text.contains("Alexander lives on")) {
            lived = true;
            assert!(!is_game_over(&s), "{ev:#?}");
            assert_eq!(s.turn, 47);
            assert_eq!(
                Alexandros.pending(&s).step,
                "autumn-323/macedonian-movement"
            );
        }
    }
    assert!(died && lived);
}

#[test]
fn alexandros_14_2_greek_mercenaries_in_the_pool_join_agis() {
    let mut s = summer_334();
    clear_track(&mut s);
    let turn = (2..=46u8)
        .find(|n| s.pack.turn(*n).unwrap().spartan_revolt)
        .unwrap();
    s.turn = turn;
    no_battle_in_ionia(&mut s);
    for u in ["greek-mercenaries-1", "greek-mercenaries-2"] {
        s.eliminate(u);
    }
    let mut broke = false;
    for seed in 1..40 {
        let mut t = s.clone();
        let mut ev =
            submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(seed)).unwrap();
        if Alexandros.pending(&t).step.ends_with("persian-movement") {
            ev.extend(
                submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(seed))
                    .unwrap(),
            );
        }
        if !t.spartan_revolt {
            continue;
        }
        broke = true;
        let e = ev
            .iter()
            .find(|e| e.rule == "Alexandros 14.2" && e.text.contains("join Agis"))
            .unwrap_or_else(|| panic!("{ev:#?}"));
        let joined = t
            .units
            .iter()
            .filter(|(c, u)| c.starts_with("greek-mercenaries") && u.place == prov("Hellas"))
            .count();
        assert!(
            joined >= 1 && e.text.contains(&format!("{joined} Greek Mercenary")),
            "{e:?}"
        );
        break;
    }
    assert!(broke);
}

#[test]
fn alexandros_15_6_bessus_default_never_beside_raiders() {
    use legatus::games::alexandros::data::Side;
    use legatus::games::alexandros::objectives::bessus_places;
    use legatus::games::alexandros::state::Host;
    // No Persian main army anywhere: the default cannot follow one.
    let bare = || {
        let mut s = darius_caught();
        let codes: Vec<String> = s.units.keys().cloned().collect();
        for c in codes {
            if s.units[&c].owner == Side::Persian
                && matches!(s.units[&c].place, Place::Province(_))
                && s.host_of(&c) == Host::Main
            {
                s.units.get_mut(&c).unwrap().place = Place::Removed;
            }
        }
        // Arab raiders hold the first place Bessus could go (14.3: they keep it Persian).
        let first = bessus_places(&s)
            .into_iter()
            .find(|p| s.pack.province(p).is_some())
            .unwrap();
        put(&mut s, &["arabs-1", "arabs-2", "arabs-3"], prov(&first));
        for c in ["arabs-1", "arabs-2", "arabs-3"] {
            s.units.get_mut(c).unwrap().owner = Side::Persian;
        }
        (s, first)
    };
    let (mut s, first) = bare();
    assert!(bessus_places(&s).contains(&first));
    let ev = play(&mut s, "{}");
    let e = ev.iter().find(|e| e.rule == "Alexandros 15.6").unwrap();
    assert!(e.text.contains("(default"), "{e:?}");
    assert_ne!(s.leaders["Bessus"].place, prov(&first), "{ev:#?}");
    assert!(
        s.host_units(Side::Persian, &first, Host::Raiders).len() == 3,
        "the raiders stay where they were"
    );
    // The Persian may still choose that province himself (15.6: any Persian-controlled one).
    let (mut s, first) = bare();
    let ev = play(&mut s, &format!("bessus: [{first}]"));
    assert_eq!(s.leaders["Bessus"].place, prov(&first), "{ev:#?}");
}
