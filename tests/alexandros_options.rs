//! Alexandros optional rules: Recuperation (12.11), Macedonian Fury (17.2), Death of Alexander
//! (17.3), City Surrender (17.5).

#[path = "alexandros/common.rs"]
mod common;

use std::sync::Arc;

use common::*;
use legatus::games::alexandros::data::Side;
use legatus::games::alexandros::state::{Place, State};
use legatus::games::alexandros::{
    events, Alexandros, CAMPAIGN, OPT_BEGINNER, OPT_DEATH, OPT_FURY, OPT_MUTINY, OPT_NO_EVENTS,
    OPT_RECUPERATION, OPT_SCORCHED, OPT_SURRENDER,
};
use legatus::ruleset::Ruleset;

fn with(option: &str) -> State {
    let mut s = summer_334();
    s.options = vec![option.to_string()];
    s
}

#[test]
fn alexandros_options_are_offered() {
    let names: Vec<String> = Alexandros.options().into_iter().map(|o| o.name).collect();
    for o in [
        OPT_RECUPERATION,
        OPT_SCORCHED,
        OPT_FURY,
        OPT_DEATH,
        OPT_SURRENDER,
    ] {
        assert!(names.contains(&o.to_string()), "{o}");
    }
}

#[test]
fn alexandros_12_11_recuperation_of_a_rested_phalanx() {
    let mut s = with(OPT_RECUPERATION);
    s.lose_step("phalanx-1");
    s.lose_step("phalanx-2");
    put(&mut s, &["phalanx-1"], prov("Macedonia"));
    submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    assert_eq!(s.units["phalanx-1"].steps, 2, "rested in Macedonia");
    assert_eq!(s.units["phalanx-2"].steps, 1, "fought in Ionia");
    // Without the option nothing recovers.
    let mut t = summer_334();
    t.lose_step("phalanx-1");
    put(&mut t, &["phalanx-1"], prov("Macedonia"));
    submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    assert_eq!(t.units["phalanx-1"].steps, 1);
}

#[test]
fn alexandros_17_2_macedonian_fury_doubles_defender_losses() {
    let mut s = with(OPT_FURY);
    // Only "1/1" results on the Siege Table, and every Leader Casualty a wound.
    let mut p = (*s.pack).clone();
    for row in p.tables.tables.get_mut("siege").unwrap().rows.values_mut() {
        for c in row.iter_mut() {
            *c = "1/1".into();
        }
    }
    for row in p
        .tables
        .tables
        .get_mut("leader-casualty")
        .unwrap()
        .rows
        .values_mut()
    {
        for c in row.iter_mut() {
            *c = "WIA".into();
        }
    }
    s.pack = Arc::new(p);
    s.walls.get_mut("Sardis").unwrap().count = 5;
    let st = std::collections::BTreeMap::from([("persian".to_string(), standing("sortie: never"))]);
    put(&mut s, &["siege-train"], Place::Pool);
    submit_nightfall(
        &mut s,
        orders("sieges: {Sardis: Alexander}"),
        &st,
        &mut dice(1),
    )
    .unwrap();
    let ev = submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(1)).unwrap();
    assert!(ev.iter().any(|e| e.rule == "Alexandros 17.2"), "{ev:?}");
    assert_eq!(s.walls["Sardis"].count, 4);
    assert!(s.fury.contains("Sardis"));
    submit_nightfall(
        &mut s,
        orders("sieges: {Sardis: Alexander}"),
        &st,
        &mut dice(1),
    )
    .unwrap();
    submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(1)).unwrap();
    assert_eq!(s.walls["Sardis"].count, 2, "the defender's loss is doubled");
}

#[test]
fn alexandros_17_3_death_of_alexander_ends_the_game() {
    let mut s = with(OPT_DEATH);
    s.turn = 46;
    let mut died = false;
    let mut lived = false;
    for seed in 1..30 {
        let mut t = s.clone();
        let mut ev = Vec::new();
        events::death_of_alexander(&mut t, &mut dice(seed), &mut ev).unwrap();
        if t.outcome.is_some() {
            died = true;
            assert!(
                legatus::games::alexandros::Alexandros.pending(&t).kind
                    == legatus::ruleset::PendingKind::GameOver
            );
            assert!(!t
                .outcome
                .as_deref()
                .unwrap()
                .contains("Persian victory: Alexander"));
        } else {
            lived = true;
        }
    }
    assert!(died && lived);
}

#[test]
fn alexandros_17_5_city_surrender() {
    let s = with(OPT_SURRENDER);
    // Not for Tyre (never), nor without a force before it, nor without the option.
    let r = submit(
        &mut s.clone(),
        orders("surrender_rolls: [Halicarnassus]"),
        &no_standing(),
        &mut dice(1),
    );
    assert!(r.is_ok());
    let r = submit(
        &mut s.clone(),
        orders("surrender_rolls: [Babylon]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 17.5");
    let mut plain = summer_334();
    let r = submit(
        &mut plain,
        orders("surrender_rolls: [Halicarnassus]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 17.5");
    // Sardis surrenders on 1-5: find a roll that takes it.
    let mut taken = false;
    for seed in 1..20 {
        let mut t = s.clone();
        submit_nightfall(
            &mut t,
            orders("surrender_rolls: [Sardis]"),
            &no_standing(),
            &mut dice(seed),
        )
        .unwrap();
        let ev =
            submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(seed)).unwrap();
        assert!(t.surrender_tried.contains("Sardis"));
        if ev.iter().any(|e| e.text.starts_with("Sardis surrenders")) {
            assert_eq!(t.walls["Sardis"].side, Side::Macedonian);
            assert_ne!(
                t.units["persian-levy-01"].place,
                Place::City("Sardis".into())
            );
            taken = true;
            // A second roll for the same city is refused.
            let r = submit(
                &mut t,
                orders("surrender_rolls: [Sardis]"),
                &no_standing(),
                &mut dice(1),
            );
            refused(r, "Alexandros 17.5");
            break;
        }
    }
    assert!(taken);
}

#[test]
fn alexandros_17_1_scorched_earth_stays_past_summer() {
    let mut s = with(OPT_SCORCHED);
    submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    let r = submit(
        &mut s.clone(),
        orders("scorch: [Thrace]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 17.1");
    let ev = submit_nightfall(
        &mut s,
        orders("scorch: [Phrygia]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert!(ev.iter().any(|e| e.rule == "Alexandros 17.1"), "{ev:?}");
    assert!(s.depleted.contains("Phrygia"));
    // Autumn, Winter, then Spring and Summer 333: the marker stays.
    for _ in 0..8 {
        let p = Alexandros.pending(&s);
        if p.step.starts_with("summer-333") && p.step.ends_with("macedonian-movement") {
            break;
        }
        let o = if p.step.ends_with("macedonian-movement") || p.step.ends_with("persian-movement") {
            let mut o = String::from("reinforcements: {");
            let side = if p.step.ends_with("macedonian-movement") {
                Side::Macedonian
            } else {
                Side::Persian
            };
            let home = if side == Side::Macedonian {
                "Macedonia"
            } else {
                "Persis"
            };
            for d in legatus::games::alexandros::reinforcements::due(&s, side) {
                o.push_str(&format!("{d}: {home}, "));
            }
            o.push('}');
            o
        } else {
            "decision: {}".to_string()
        };
        submit_nightfall(&mut s, orders(&o), &no_standing(), &mut dice(1)).unwrap();
    }
    assert_eq!(s.turn, 6, "Summer 333");
    assert!(s.depleted.contains("Phrygia"));
    // Without the option: the Macedonian may not scorch at all (4.1), the Persian not in
    // this game (17.1).
    let mut plain = summer_334();
    let r = submit(
        &mut plain.clone(),
        orders("scorch: [Phrygia]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 4.1");
    submit_nightfall(
        &mut plain,
        orders("moves: []"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    let r = submit(
        &mut plain,
        orders("scorch: [Phrygia]"),
        &no_standing(),
        &mut dice(1),
    );
    let why = refused(r, "Alexandros 17.1");
    assert!(why.contains("not in play"));
}

#[test]
fn alexandros_17_4_mutiny_withdraws_units_and_freezes_alexander() {
    let mut s = with(OPT_MUTINY);
    let mut p = (*s.pack).clone();
    for row in p.tables.tables.get_mut("mutiny").unwrap().rows.values_mut() {
        for c in row.iter_mut() {
            *c = "mutiny-1".into();
        }
    }
    s.pack = Arc::new(p);
    let before = s
        .units
        .values()
        .filter(|u| u.place == Place::Removed)
        .count();
    let mut ev = Vec::new();
    events::mutiny(&mut s, &mut dice(1), &mut ev).unwrap();
    assert_eq!(
        s.units
            .values()
            .filter(|u| u.place == Place::Removed)
            .count(),
        before + 1
    );
    assert!(s.frozen.contains("Alexander"));
    // Parmenio stands with Alexander: he is the one tried for treachery.
    assert!(ev.iter().any(|e| e.text.contains("Parmenio")), "{ev:?}");
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Alexander, to: Phrygia}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 17.4");
    submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    assert!(s.frozen.is_empty(), "one movement phase only");
}

#[test]
fn alexandros_3_1_beginner_game_and_no_random_events() {
    let names: Vec<String> = Alexandros.options().into_iter().map(|o| o.name).collect();
    assert!(
        names.contains(&OPT_BEGINNER.to_string()) && names.contains(&OPT_NO_EVENTS.to_string())
    );
    // 17.0: the Beginners Rule leaves the optional rules out.
    let data = Alexandros.load_scenario(CAMPAIGN, &[]).unwrap();
    let r = Alexandros.setup(
        CAMPAIGN,
        &data,
        &[OPT_BEGINNER.to_string(), OPT_MUTINY.to_string()],
    );
    assert!(r.unwrap_err().0.contains("17.0"));
    // 7.0, 14.0: no supply phase, no random events.
    let mut s = with(OPT_BEGINNER);
    let turn = (2..=46u8)
        .find(|n| s.pack.turn(*n).unwrap().spartan_revolt)
        .unwrap();
    s.turn = turn;
    clear_track(&mut s);
    let mut ev =
        submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    ev.extend(submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap());
    assert!(
        !ev.iter().any(|e| e.rule.starts_with("Alexandros 14")),
        "{ev:#?}"
    );
    assert!(
        ev.iter()
            .any(|e| e.text.contains("Beginners Rule: no Supply Phase")),
        "{ev:#?}"
    );
    assert!(
        !ev.iter()
            .any(|e| e.rule.starts_with("Alexandros 7.") && e.rule != "Alexandros 7.0"),
        "{ev:#?}"
    );
    // Without random events (3.1) the revolt is not rolled either.
    let mut s = with(OPT_NO_EVENTS);
    s.turn = turn;
    clear_track(&mut s);
    let mut ev =
        submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    ev.extend(submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap());
    assert!(!ev.iter().any(|e| e.rule == "Alexandros 14.2"), "{ev:#?}");
}

#[test]
fn alexandros_17_4_mutiny_withdraws_the_units_the_macedonian_names() {
    let mut s = with(OPT_MUTINY);
    let mut p = (*s.pack).clone();
    for row in p.tables.tables.get_mut("mutiny").unwrap().rows.values_mut() {
        for c in row.iter_mut() {
            *c = "mutiny-2".into();
        }
    }
    s.pack = Arc::new(p);
    s.turn = (2..=46u8)
        .find(|n| s.pack.turn(*n).unwrap().mutiny_check)
        .unwrap();
    clear_track(&mut s);
    let st = std::collections::BTreeMap::from([(
        "macedonian".to_string(),
        standing("mutiny_withdrawals: [hetairoi]"),
    )]);
    let mut ev = submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(1)).unwrap();
    ev.extend(submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(1)).unwrap());
    assert_eq!(s.units["hetairoi"].place, Place::Removed, "{ev:#?}");
    assert!(ev.iter().any(|e| e.text == "hetairoi is withdrawn"));
    assert!(
        ev.iter()
            .any(|e| e.rule == "Alexandros 17.4" && e.text.contains("(default")),
        "the second unit is the default pick: {ev:#?}"
    );
}
