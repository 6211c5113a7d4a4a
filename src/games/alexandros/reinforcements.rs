//! Reinforcements and withdrawals (Alexandros 13), from the Turn Record Track of the pack.

use std::collections::BTreeMap;

use super::control;
use super::data::Side;
use super::state::{side_name, Place, State};
use crate::ruleset::{Event, RuleError};

/// Side of a track counter (Greek Mercenaries on the track go to the Persian, 3.3).
fn counter_side(state: &State, who: &str) -> Option<Side> {
    let s = if let Some(u) = state.pack.unit(who) {
        u.side
    } else {
        state.pack.leader(who)?.side
    };
    Some(if s == Side::Mercenary {
        Side::Persian
    } else {
        s
    })
}

/// Alexandros 13.1: the reinforcements of `side` due by this turn and still on the track.
pub fn due(state: &State, side: Side) -> Vec<String> {
    let mut v = Vec::new();
    for n in 1..=state.turn {
        if let Some(t) = state.pack.turn(n) {
            for e in &t.reinforcements {
                let who = e
                    .unit
                    .clone()
                    .or_else(|| e.leader.clone())
                    .unwrap_or_default();
                let on_track = state
                    .units
                    .get(&who)
                    .map(|u| u.place == Place::Track)
                    .unwrap_or(false)
                    || state
                        .leaders
                        .get(&who)
                        .map(|l| l.place == Place::Track)
                        .unwrap_or(false);
                if on_track && counter_side(state, &who) == Some(side) && !v.contains(&who) {
                    v.push(who);
                }
            }
        }
    }
    v
}

/// Alexandros 13.2: the units and leaders of `side` this turn withdraws from the map when its
/// movement step is applied (what an order template must not offer), in track order.
pub fn withdrawing(state: &State, side: Side) -> Vec<String> {
    let Some(t) = state.pack.turn(state.turn) else {
        return Vec::new();
    };
    t.withdrawals
        .iter()
        .filter_map(|e| e.unit.clone().or_else(|| e.leader.clone()))
        .filter(|who| counter_side(state, who) == Some(side))
        .filter(|who| {
            let place = state
                .units
                .get(who)
                .map(|u| &u.place)
                .or_else(|| state.leaders.get(who).map(|l| &l.place));
            matches!(place, Some(Place::Province(_) | Place::City(_)))
        })
        .collect()
}

/// Alexandros 13.2: removes this turn's withdrawals of `side` (already eliminated: ignored).
pub fn withdraw(state: &mut State, side: Side, ev: &mut Vec<Event>) {
    let Some(t) = state.pack.turn(state.turn).cloned() else {
        return;
    };
    for e in &t.withdrawals {
        let who = e
            .unit
            .clone()
            .or_else(|| e.leader.clone())
            .unwrap_or_default();
        if counter_side(state, &who) != Some(side) {
            continue;
        }
        if let Some(u) = state.units.get_mut(&who) {
            if matches!(u.place, Place::Province(_) | Place::City(_)) {
                u.place = Place::Removed;
                ev.push(Event::new("Alexandros 13.2", format!("{who} is withdrawn")));
            }
        } else if let Some(l) = state.leaders.get_mut(&who) {
            if matches!(l.place, Place::Province(_) | Place::City(_)) {
                l.place = Place::Removed;
                ev.push(Event::new("Alexandros 13.2", format!("{who} is withdrawn")));
            }
        }
    }
}

/// Alexandros 13.1: places every due reinforcement at full strength in a province `side`
/// controls and that is not contested; each must be placed.
pub fn place(
    state: &mut State,
    side: Side,
    orders: &BTreeMap<String, String>,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let due = due(state, side);
    for who in orders.keys() {
        if !due.contains(who) {
            return Err(RuleError::illegal(
                format!("reinforcements {who}"),
                "Alexandros 13.1",
                format!(
                    "{who} is not a {} reinforcement due this turn",
                    side_name(side)
                ),
            ));
        }
    }
    for who in &due {
        let Some(p) = orders.get(who) else {
            return Err(RuleError::illegal(
                format!("reinforcements {who}"),
                "Alexandros 13.1",
                format!("{who} arrives this turn: say where it is placed"),
            ));
        };
        if state.pack.province(p).is_none() || !control::controls(state, side, p) {
            return Err(RuleError::illegal(
                format!("reinforcements {who}: {p}"),
                "Alexandros 13.1",
                format!("{p} is not a province you control without contest"),
            ));
        }
        if let Some(u) = state.units.get_mut(who) {
            u.place = Place::Province(p.clone());
            u.owner = side;
            u.steps = state
                .pack
                .unit(who)
                .map(|x| x.steps.len() as u8)
                .unwrap_or(1);
        } else if let Some(l) = state.leaders.get_mut(who) {
            l.place = Place::Province(p.clone());
            l.owner = side;
            // 12.10 (ruling A-56): a new leader sends the side's "0" leader off the map.
            if let Some(z) = super::battle::zero_leader(state, side) {
                let zl = state.leaders.get_mut(&z).unwrap();
                if matches!(zl.place, Place::Province(_) | Place::City(_)) {
                    zl.place = Place::SetAside;
                    ev.push(Event::new(
                        "Alexandros 12.10",
                        format!("{z} leaves as {who} arrives"),
                    ));
                }
            }
        }
        ev.push(Event::new(
            "Alexandros 13.1",
            format!("{who} arrives in {p}"),
        ));
    }
    Ok(())
}
