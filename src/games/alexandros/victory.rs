//! How to win (Alexandros 16): instant Persian victory (16.1), instant Macedonian victory
//! (16.2), victory points after Summer 323 (16.3).

use super::control;
use super::data::{tables::vp_band, ProvinceGroup, Side};
use super::sequence::Phase;
use super::state::{Ctl, State};
use crate::ruleset::Event;

/// Provinces 16.2 excuses by name besides the north-edge barbarian provinces (group data).
pub const EXCUSED: [&str; 2] = ["Arabia", "Sind"];

/// Alexandros 16.1: Alexander killed or captured in combat ends the game.
pub fn persian_instant(state: &mut State, ev: &mut Vec<Event>) {
    state.outcome = Some("decisive Persian victory: Alexander is lost in combat (16.1)".into());
    state.phase = Phase::Over;
    ev.push(Event::new(
        "Alexandros 16.1",
        "Alexander is lost: decisive Persian victory",
    ));
}

/// Alexandros 16.2 (ruling A-64): at the start of a turn, every province except Arabia, Sind
/// and the north-edge barbarian provinces is Macedonian-controlled and not contested.
pub fn macedonian_instant(state: &State) -> bool {
    state.pack.map.provinces.iter().all(|(n, p)| {
        EXCUSED.contains(&n.as_str())
            || p.groups.contains(&ProvinceGroup::NorthEdge)
            || control::controls(state, Side::Macedonian, n)
    })
}

/// Alexandros 16.3: Macedonian victory points: 1 per objective secured, 1 per
/// Macedonian-controlled province (not contested, ruling A-64).
pub fn victory_points(state: &State) -> u32 {
    (state.objectives.len() + provinces_held(state).len()) as u32
}

/// Alexandros 16.3: the provinces that score, Macedonian-controlled and not contested.
pub fn provinces_held(state: &State) -> Vec<String> {
    state
        .pack
        .map
        .provinces
        .keys()
        .filter(|p| {
            state.control.get(*p) == Some(&Ctl::Macedonian) && !control::is_contested(state, p)
        })
        .cloned()
        .collect()
}

/// Alexandros 16.3: the level of victory for `vp` points on the Victory Schedule (pack data).
pub fn schedule(state: &State, vp: u32) -> String {
    let t = state
        .pack
        .table("victory-schedule")
        .expect("victory schedule");
    for (band, cells) in &t.rows {
        if let Some((lo, hi)) = vp_band(band) {
            if vp >= lo && hi.map(|h| vp <= h).unwrap_or(true) {
                return cells.first().cloned().unwrap_or_default();
            }
        }
    }
    String::new()
}

/// Ends the game after the last turn (16.3).
pub fn final_count(state: &mut State, ev: &mut Vec<Event>) {
    let vp = victory_points(state);
    let level = schedule(state, vp);
    state.outcome = Some(format!("{level} ({vp} victory points, 16.3)"));
    state.phase = Phase::Over;
    ev.push(Event::new(
        "Alexandros 16.3",
        format!("the Macedonian scores {vp} VP: {level}"),
    ));
}
