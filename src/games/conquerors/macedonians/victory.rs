//! Macedonians [21]: Victory Points and the end of the game. [21.11], [21.14]: what a side's
//! control is worth as it stands — each satrapy its Supply Point level (undoubled), Egypt only
//! with Gaza, and the Walled Cities' own points; Thrace gives none in the standard game (23.1;
//! ruling M-R8). [21.12], [21.13]: battles and commanders, kept by combat in `combat.vp`
//! (`record.rs`, `battle.rs`). [21.0], [21.2]: when the last Game-Turn ends, the Persian's total
//! is taken from the Macedonian's and the Levels of Victory (rules.yaml) name the winner
//! ([`end_game`], kept in `State::result`).

use serde::{Deserialize, Serialize};

use super::state::{Phase, State, MACEDONIAN, PERSIAN};
use crate::ruleset::Event;

/// A side's points from control.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standing {
    /// (satrapy name, points), in id order.
    pub satrapies: Vec<(String, u32)>,
    /// (Walled City, points).
    pub cities: Vec<(String, u32)>,
    /// The total.
    pub total: u32,
}

/// [21.11]: what `side`'s control is worth now.
pub fn standing(st: &State, side: &str) -> Standing {
    let mut s = Standing::default();
    let thrace_counts = st.options.iter().any(|o| o == "thrace-invasion");
    for (id, sat) in &st.pack.places.satrapies {
        if st.satrapy_controller(id) != side || (id == "thrace" && !thrace_counts) {
            continue;
        }
        if id == "egypt" && st.controller("Gaza") != Some(side) {
            continue;
        }
        s.satrapies.push((sat.name.clone(), sat.supply));
    }
    for (name, c) in &st.pack.places.cities {
        if let (Some(vp), Some(who)) = (c.vp, st.controller(name)) {
            if who == side {
                s.cities.push((name.clone(), vp));
            }
        }
    }
    s.total = s.satrapies.iter().chain(&s.cities).map(|(_, v)| v).sum();
    s
}

/// A side's Victory Points at the end of the game ([21.1]): control as it stands (21.11, 21.14)
/// and what combat won (21.12 Major Land Battles, 21.13 commanders eliminated).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Score {
    /// Points from control.
    pub control: Standing,
    /// Points won in combat (`combat.vp`).
    pub combat: u32,
    /// The sum.
    pub total: u32,
}

/// [21.1]: `side`'s Victory Points from every source the game keeps.
pub fn score(st: &State, side: &str) -> Score {
    let control = standing(st, side);
    let combat = st.combat.vp.get(side).copied().unwrap_or(0);
    Score {
        total: control.total + combat,
        control,
        combat,
    }
}

/// How the game ended ([21.2]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The Macedonian's Victory Points.
    pub macedonian: u32,
    /// The Persian's Victory Points.
    pub persian: u32,
    /// The Adjusted Macedonian VP: the Macedonian's less the Persian's (may be negative).
    pub adjusted: i64,
    /// The Level of Victory, as the schedule names it (`Persian Decisive Victory`).
    pub level: String,
    /// The winner's side.
    pub winner: String,
    /// The result in words.
    pub words: String,
    /// The rule that decided it.
    pub rule: String,
}

/// [21.2]: the Level of Victory of an Adjusted Macedonian VP total, and its winner. The
/// thresholds are rules.yaml's `victory` numbers: from 75 a Macedonian Decisive Victory, from
/// 40 a Macedonian Tactical one, from 0 (0 itself included) a Persian Tactical Victory, below
/// 0 a Persian Decisive one (ruling M-R35).
pub fn level(st: &State, adjusted: i64) -> (&'static str, &'static str) {
    let at = |key: &str, default: u32| i64::from(st.pack.number("victory", key).unwrap_or(default));
    if adjusted >= at("decisive-macedonian-from", 75) {
        ("Macedonian Decisive Victory", MACEDONIAN)
    } else if adjusted >= at("tactical-macedonian-from", 40) {
        ("Macedonian Tactical Victory", MACEDONIAN)
    } else if adjusted >= at("tactical-persian-from", 0) {
        ("Persian Tactical Victory", PERSIAN)
    } else {
        ("Persian Decisive Victory", PERSIAN)
    }
}

/// [21.0], [21.2]: the result of the game as the state stands: both totals, the Persian's
/// taken from the Macedonian's, and the Level of Victory of what remains.
pub fn final_outcome(st: &State) -> Outcome {
    let (mac, per) = (score(st, MACEDONIAN), score(st, PERSIAN));
    let adjusted = i64::from(mac.total) - i64::from(per.total);
    let (level, winner) = level(st, adjusted);
    let history = st.pack.number("victory", "historical-total").unwrap_or(81);
    let words = format!(
        "the Macedonian {} VP ({} from control, {} from combat), the Persian {} VP ({} from control, {} from combat): Adjusted Macedonian VP {adjusted}, a {level} (Macedonians [21.2]; Alexander's own campaign scored {history})",
        mac.total, mac.control.total, mac.combat, per.total, per.control.total, per.combat
    );
    Outcome {
        macedonian: mac.total,
        persian: per.total,
        adjusted,
        level: level.into(),
        winner: winner.into(),
        words,
        rule: "Macedonians [21.2]".into(),
    }
}

/// [21.0]: the last Game-Turn is over: the game ends with its result, reported.
pub fn end_game(st: &mut State, ev: &mut Vec<Event>) {
    let o = final_outcome(st);
    ev.push(Event::new(
        "Macedonians [21.0], [21.2]",
        format!("the game is over: {}", o.words),
    ));
    st.phase = Phase::Over;
    st.result = Some(o);
}
