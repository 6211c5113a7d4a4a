//! Alexandros: rule-case tests for set-up (3), the sequence of play (4) and control (5).
//! Other sections: `alexandros_supply.rs`, `alexandros_movement.rs`, `alexandros_combat.rs`.

#[path = "alexandros/common.rs"]
mod common;

use common::*;
use legatus::games::alexandros::control;
use legatus::games::alexandros::data::Side;
use legatus::games::alexandros::sequence::Phase;
use legatus::games::alexandros::state::{Ctl, Place};
use legatus::games::alexandros::Alexandros;
use legatus::ruleset::{PendingKind, Ruleset};

#[test]
fn alexandros_3_2_macedonian_set_up() {
    let s = fresh();
    assert_eq!(s.leaders["Antipater"].place, prov("Macedonia"));
    assert_eq!(s.leaders["Alexander"].place, prov("Ionia"));
    assert_eq!(s.leaders["Parmenio"].place, prov("Ionia"));
    for (code, u) in &s.pack.counters.units {
        let st = &s.units[code];
        match u.setup {
            legatus::games::alexandros::data::SetupCode::M => {
                assert_eq!(st.place, prov("Macedonia"))
            }
            legatus::games::alexandros::data::SetupCode::I => {
                assert_eq!(st.place, prov("Ionia"));
                assert_eq!(st.steps as usize, u.steps.len(), "3.2: full strength");
            }
            _ => {}
        }
    }
    let athens = &s.walls["Athens"];
    assert_eq!((athens.count, athens.side), (3, Side::Macedonian));
}

#[test]
fn alexandros_3_3_persian_set_up_and_darius_choice() {
    let mut s = fresh();
    let p = Alexandros.pending(&s);
    assert_eq!(p.step, "spring-334/persian-setup");
    assert_eq!(p.sides, vec!["persian".to_string()]);
    assert_eq!(
        s.units["persian-levy-01"].place,
        Place::City("Sardis".into())
    );
    assert_eq!(s.units["dahae"].place, prov("Bactria"));
    assert_eq!(s.leaders["Memnon"].place, prov("Ionia"));
    let r = submit(
        &mut s.clone(),
        orders("darius: Media"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 3.3");
    submit(
        &mut s,
        orders("darius: Babylonia"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.leaders["Darius"].place, prov("Babylonia"));
    let d_units = s
        .pack
        .counters
        .units
        .iter()
        .filter(|(_, u)| u.setup == legatus::games::alexandros::data::SetupCode::D)
        .count();
    assert!(d_units > 0);
    assert_eq!(s.field_units(Side::Persian, "Babylonia").len(), d_units);
}

#[test]
fn alexandros_3_3_indians_frozen_until_macedonians_enter_india() {
    let mut s = fresh();
    assert!(!s.indians_active);
    put(&mut s, &["agrianians"], prov("Gandara"));
    s.check_indians();
    assert!(s.indians_active);
}

#[test]
fn alexandros_4_3_first_turn_goes_straight_to_the_granicus() {
    let mut s = fresh();
    let ev = submit_nightfall(
        &mut s,
        orders("darius: Persis"),
        &no_standing(),
        &mut dice(2),
    )
    .unwrap();
    assert!(
        ev.iter()
            .any(|e| e.rule == "Alexandros 9.1" && e.text.contains("Ionia")),
        "{ev:?}"
    );
    // No supply or movement in turn 1; the next step is the Macedonian movement of turn 2.
    assert_eq!(s.turn, 2);
    assert_eq!(
        Alexandros.pending(&s).step,
        "summer-334/macedonian-movement"
    );
    assert_eq!(Alexandros.pending(&s).kind, PendingKind::Orders);
}

#[test]
fn alexandros_4_2_one_order_file_per_player_per_turn() {
    let mut s = summer_334();
    submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(3)).unwrap();
    assert_eq!(Alexandros.pending(&s).step, "summer-334/persian-movement");
    assert_eq!(s.phase, Phase::PersianMovement);
    submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(4)).ok();
    // Ionia still holds both armies; their battle ends at nightfall and the turn ends.
    assert_eq!(
        Alexandros.pending(&s).step,
        "autumn-334/macedonian-movement"
    );
}

#[test]
fn alexandros_4_1_parts_of_another_phase_are_refused() {
    let mut s = summer_334();
    let r = submit(
        &mut s,
        orders("darius: Persis"),
        &no_standing(),
        &mut dice(3),
    );
    refused(r, "Alexandros 4.1");
}

#[test]
fn alexandros_5_2_to_5_5_initial_control() {
    let s = fresh();
    assert_eq!(control::loyalty(&s, "Macedonia"), Ctl::Macedonian);
    assert_eq!(control::loyalty(&s, "Hellas"), Ctl::Macedonian);
    assert_eq!(control::loyalty(&s, "Thrace"), Ctl::Macedonian);
    for p in ["Scythia", "Chorasmia", "Upper India", "Lower India", "Sind"] {
        assert_eq!(control::loyalty(&s, p), Ctl::Independent, "{p}");
    }
    assert_eq!(control::loyalty(&s, "Syria"), Ctl::Persian);
    assert!(
        control::is_contested(&s, "Ionia"),
        "both sides have units in Ionia"
    );
}

#[test]
fn alexandros_5_3_macedonia_never_contested() {
    let mut s = fresh();
    put(&mut s, &["persian-levy-01"], prov("Macedonia"));
    control::update(&mut s);
    assert!(!control::is_contested(&s, "Macedonia"));
    assert_eq!(control::loyalty(&s, "Macedonia"), Ctl::Macedonian);
}

#[test]
fn alexandros_5_3_hellas_lost_only_to_persians_alone() {
    let mut s = fresh();
    put(&mut s, &["persian-levy-01"], prov("Thrace"));
    control::update(&mut s);
    assert_eq!(control::loyalty(&s, "Thrace"), Ctl::Persian);
    put(&mut s, &["agrianians"], prov("Thrace"));
    control::update(&mut s);
    assert!(control::is_contested(&s, "Thrace"));
    assert_eq!(control::loyalty(&s, "Thrace"), Ctl::Macedonian);
}

#[test]
fn alexandros_5_4_control_stays_after_leaving_and_survives_contest() {
    let mut s = fresh();
    put(&mut s, &["agrianians"], prov("Cilicia"));
    control::update(&mut s);
    assert_eq!(control::loyalty(&s, "Cilicia"), Ctl::Macedonian);
    put(&mut s, &["agrianians"], prov("Ionia"));
    control::update(&mut s);
    assert_eq!(
        control::loyalty(&s, "Cilicia"),
        Ctl::Macedonian,
        "no unit needs to stay"
    );
    put(&mut s, &["persian-levy-01"], prov("Cilicia"));
    put(&mut s, &["agrianians"], prov("Cilicia"));
    control::update(&mut s);
    assert!(control::is_contested(&s, "Cilicia"));
    assert_eq!(control::loyalty(&s, "Cilicia"), Ctl::Macedonian);
}

#[test]
fn alexandros_5_2_independent_stays_independent_under_persian_side_units() {
    let mut s = fresh();
    control::update(&mut s);
    assert_eq!(control::loyalty(&s, "Upper India"), Ctl::Independent);
    put(&mut s, &["agrianians"], prov("Sind"));
    control::update(&mut s);
    assert_eq!(control::loyalty(&s, "Sind"), Ctl::Macedonian);
}

#[test]
fn alexandros_5_6_sea_zone_use() {
    let s = fresh();
    assert!(control::may_use_sea_zone(&s, Side::Macedonian, "Aegean"));
    assert!(!control::may_use_sea_zone(
        &s,
        Side::Macedonian,
        "Persian Gulf"
    ));
    assert!(control::may_use_sea_zone(&s, Side::Persian, "Persian Gulf"));
}

#[test]
fn alexandros_3_2_set_aside_counters_and_four_step_units() {
    let s = fresh();
    assert_eq!(s.leaders["Macedonian 0"].place, Place::SetAside);
    assert_eq!(s.leaders["Persian 0"].place, Place::SetAside);
    assert_eq!(
        s.units["hetairoi"].steps, 4,
        "two counters, four steps (2.3)"
    );
    assert_eq!(s.units["hypaspistoi"].steps, 4);
    // Track counters wait on the track; the rest of the counters form the pool (3.2, 3.3).
    assert_eq!(s.units["phalanx-7"].place, Place::Track);
    assert!(s.units.values().any(|u| u.place == Place::Pool));
}

#[test]
fn alexandros_3_3_walls_at_start() {
    let s = fresh();
    for (city, n) in [("Tyre", 4), ("Sardis", 3), ("Babylon", 1), ("Gaza", 1)] {
        assert_eq!(s.walls[city].count, n, "{city}");
        assert_eq!(s.walls[city].side, Side::Persian);
    }
    assert!(!s.walls.contains_key("Persepolis"));
}

#[test]
fn alexandros_status_lists_leaderless_units() {
    let mut s = summer_334();
    put(&mut s, &["agrianians"], prov("Thrace"));
    let lines = Alexandros.summary(&s);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Thrace: 1 unit without a leader")
                || l.contains("Thrace: ") && l.contains("without a leader")),
        "{lines:?}"
    );
}

#[test]
fn alexandros_10_4_status_shows_the_battle_board() {
    let s = granicus_on_the_display();
    let lines = Alexandros.summary(&s);
    assert!(
        lines.iter().any(|l| l.starts_with("battle in Ionia")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("persian Center: ")),
        "{lines:?}"
    );
}

/// The Granicus set up on the display (Alexandros 4.3, 10.3), Persian set-up by default.
fn granicus_on_the_display() -> legatus::games::alexandros::state::State {
    let mut s = fresh();
    submit(
        &mut s,
        orders("darius: Persis"),
        &no_standing(),
        &mut dice(2),
    )
    .unwrap();
    let b = s
        .battle
        .clone()
        .expect("the Granicus is on the display (4.3)");
    let setup = b.battle.default_setup(&s.pack, Side::Persian);
    let o = legatus::games::alexandros::orders::Orders {
        battle: Some(setup),
        ..Default::default()
    };
    submit(&mut s, o, &no_standing(), &mut dice(2)).unwrap();
    s
}

#[test]
fn alexandros_10_12_forces_during_a_battle_leave_out_the_destroyed() {
    let mut s = granicus_on_the_display();
    let b = s.battle.as_mut().unwrap();
    let province = b.province.clone();
    let mut persians: Vec<String> = b.battle.forces[&Side::Persian]
        .units
        .iter()
        .map(|(u, _)| u.clone())
        .collect();
    persians.sort();
    // Losses of earlier rounds, as the display records them (10.12).
    let (gone, hurt) = (persians[0].clone(), persians[1].clone());
    b.battle.eliminated.push(gone.clone());
    b.battle.steps_lost.insert(hurt.clone(), 1);
    let v = Alexandros.view(&s, None);
    let side = v.sides.iter().find(|x| x.id == "persian").unwrap();
    let units: Vec<&legatus::view::UnitView> = side
        .forces
        .iter()
        .filter(|f| f.place == province)
        .flat_map(|f| f.units.iter())
        .collect();
    assert!(!units.iter().any(|u| u.id == gone), "{gone} is destroyed");
    let h = units.iter().find(|u| u.id == hurt).unwrap();
    assert_eq!(h.steps, h.full_steps.saturating_sub(1).max(1), "{h:?}");
    assert!(
        h.status.iter().any(|x| x == "1 step lost in the battle"),
        "{h:?}"
    );
    // Where a player writes orders, the units are named by their codes.
    let text = legatus::report::render(
        &legatus::render::text::situation(&v),
        legatus::report::Format::Text,
    );
    assert!(
        text.contains(&format!("({hurt}"))
            || text.contains(&format!(" {hurt})"))
            || text.contains(&format!(", {hurt}")),
        "{text}"
    );
}

#[test]
fn alexandros_10_4_battle_board_rasterised_as_png() {
    let s = granicus_on_the_display();
    let v = Alexandros.view(&s, None);
    let svg = legatus::render::board::board_svg(&v).expect("a battle is on");
    let png = legatus::render::png::png(&svg).unwrap();
    let pic = legatus::render::png::decode(&png).unwrap();
    let (w, h) = pic.size();
    assert!(w > 200 && h > 200, "{w}x{h}");
    let coloured = (0..w)
        .step_by(7)
        .flat_map(|x| (0..h).step_by(7).map(move |y| (x, y)))
        .filter(|&(x, y)| {
            pic.pixel(x, y)
                .is_some_and(|(r, g, b, _)| (r, g, b) != (255, 255, 255))
        })
        .count();
    assert!(
        coloured > 100,
        "the board is drawn, not blank ({coloured} pixels)"
    );
}
