//! What the rules of movement say of one leader's move (Alexandros 8.1–8.5, 3.3, 6.3, 11.7,
//! 17.4), every problem at once: a move order with the right names but several rule problems
//! is refused with all of them ([`RuleError::Several`]), so one run lists all there is to fix.

use super::data::Side;
use super::data::{Nationality, UnitType};
use super::movement::{crossing, may_enter};
use super::orders::Move;
use super::state::{Place, State};
use super::supply;
use crate::ruleset::RuleError;

fn illegal(order: &str, rule: &str, why: impl Into<String>) -> RuleError {
    RuleError::illegal(order, format!("Alexandros {rule}"), why)
}

/// Alexandros 8.1–8.5, 3.3, 6.3, 11.7, 17.4: every rule `m` breaks, for a leader of `side`
/// standing in the field in `from` (checked by the caller) with `m.units` already expanded
/// from `all`. Empty when the move is legal. A problem that makes later checks meaningless
/// (a province not on the map, a unit that does not exist or is not the mover's) stops only
/// the checks that depend on it; identical refusals are listed once.
pub fn problems(state: &State, side: Side, from: &str, m: &Move) -> Vec<RuleError> {
    let order = format!("move {} to {}", m.leader, m.to);
    let mut out: Vec<RuleError> = Vec::new();
    let mut push = |e: RuleError| {
        if !out.contains(&e) {
            out.push(e);
        }
    };
    let l = &state.leaders[&m.leader];
    if state.frozen.contains(&m.leader) && side == Side::Macedonian {
        push(illegal(
            &order,
            "17.4",
            format!("{} and his army refuse to march after the mutiny", m.leader),
        ));
    }
    if l.moved {
        push(illegal(
            &order,
            "8.1",
            format!("{} has already moved this turn", m.leader),
        ));
    }
    // 3.3: the Indian army (Porus with it) waits until a Macedonian unit enters India.
    if state.pack.leader(&m.leader).map(|x| x.nationality) == Some(Nationality::Indian)
        && !state.indians_active
    {
        push(illegal(
            &order,
            "3.3",
            format!(
                "{}: the Indians may not move before a Macedonian unit enters Gandara, Upper or Lower India",
                m.leader
            ),
        ));
    }
    if m.via.is_none() && (!m.drop.is_empty() || !m.pick_up.is_empty()) {
        push(illegal(
            &order,
            "8.4",
            "drop and pick_up belong to a forced march (give via)",
        ));
    }
    // Each unit is named once (8.1): a repeated code is a mistake, not a second unit.
    let mut seen = std::collections::BTreeSet::new();
    for u in &m.units {
        if !seen.insert(u) {
            push(illegal(&order, "8.1", format!("unit {u} is named twice")));
        }
    }
    let mut map_ok = true;
    for p in std::iter::once(&m.to).chain(&m.via) {
        if !state.pack.map.provinces.contains_key(p) {
            map_ok = false;
            push(illegal(
                &order,
                "8.1",
                format!("there is no province {p} on the map"),
            ));
        }
    }
    // Units must start the turn with the leader, in the field, and not have moved (8.1).
    let mut known: Vec<&String> = Vec::new();
    for u in m.units.iter() {
        let Some(us) = state.units.get(u) else {
            push(illegal(&order, "8.1", format!("no unit {u}")));
            continue;
        };
        if us.owner != side {
            push(illegal(&order, "8.1", format!("{u} is not yours")));
            continue;
        }
        known.push(u);
        if us.place != Place::Province(from.to_string()) {
            let now = match &us.place {
                Place::Province(p) => format!("it is in {p}"),
                Place::City(c) => format!("it is inside {c} as its garrison"),
                Place::Pool => "it is in the replacement pool (12.4): eliminated".into(),
                Place::Track => "it is still due on the Turn Record Track (13.1)".into(),
                Place::SetAside => "it is set aside, not in play".into(),
                Place::Removed => "it is out of the game".into(),
                Place::Captured => "it is captured".into(),
            };
            push(illegal(
                &order,
                "8.1",
                format!("{u} is not with {} in {from} ({now}): a unit moves only with a leader it starts the turn with", m.leader),
            ));
        }
        if us.moved {
            push(illegal(
                &order,
                "8.1",
                format!("{u} has already moved this turn"),
            ));
        }
        if state.frozen.contains(u) {
            push(illegal(
                &order,
                "17.4",
                format!("{u} refuses to march after the mutiny"),
            ));
        }
        if state.host_of(u) != state.host_of(&m.leader) {
            push(illegal(
                &order,
                "6.3",
                format!("{u} belongs to another force than {}", m.leader),
            ));
        }
        if state.pack.unit(u).map(|x| x.nationality) == Some(Nationality::Indian)
            && !state.indians_active
        {
            push(illegal(
                &order,
                "3.3",
                format!("{u}: Indian units may not move before a Macedonian unit enters India"),
            ));
        }
    }
    let enter = |who: &str, to: &str, push: &mut dyn FnMut(RuleError)| {
        if let Err((s, w)) = may_enter(state, who, to) {
            push(illegal(&order, &s, w));
        }
    };
    let final_units: Vec<String>;
    if let Some(via) = &m.via {
        // Forced march (8.4–8.6).
        if side != Side::Macedonian || m.leader != "Alexander" {
            push(illegal(
                &order,
                "8.4",
                "only Alexander's group may force march",
            ));
        }
        if map_ok {
            for (a, b) in [(from, via.as_str()), (via.as_str(), m.to.as_str())] {
                if let Err((s, w)) = crossing(state, side, a, b) {
                    push(illegal(&order, &s, w));
                }
            }
        }
        if m.to == from {
            push(illegal(
                &order,
                "8.4",
                "a forced march ends in a third province",
            ));
        }
        let enemy = super::state::enemy(side);
        let enemy_field = state.field_units(enemy, via).len();
        let enemy_city = state.city_units(enemy, via).len();
        if enemy_field >= supply::ARMY_UNITS {
            push(illegal(&order, "8.5", format!("{via} holds an enemy army")));
        } else if (enemy_field > 0 || enemy_city > 0) && m.drop.is_empty() {
            push(illegal(
                &order,
                "8.5",
                format!("{via} holds an enemy garrison: drop at least one combat unit there"),
            ));
        }
        for u in &m.drop {
            if !m.units.contains(u) {
                push(illegal(
                    &order,
                    "8.4",
                    format!("{u} is dropped but not moving"),
                ));
            }
        }
        let mut picked: Vec<&String> = Vec::new();
        for u in &m.pick_up {
            match state.units.get(u) {
                None => push(illegal(&order, "8.4", format!("no unit {u}"))),
                Some(us) if us.owner != side || us.place != Place::Province(via.clone()) || us.moved => {
                    push(illegal(
                        &order,
                        "8.4",
                        format!(
                            "{u} cannot be picked up: it must be yours, unmoved, in the field in {via}"
                        ),
                    ))
                }
                Some(_) => picked.push(u),
            }
        }
        let marching: Vec<String> = known
            .iter()
            .filter(|u| !m.drop.contains(u))
            .map(|u| u.to_string())
            .collect();
        for u in &marching {
            if !state.pack.unit(u).map(|x| x.forced_march).unwrap_or(false) {
                push(illegal(
                    &order,
                    "8.4",
                    format!("{u} may not force march (only cavalry, archers, the Agrianians and the Hypaspists); leave it in {from} or {via}"),
                ));
            }
        }
        if map_ok {
            for u in known.iter().copied().chain(picked.iter().copied()) {
                let dest = if m.drop.contains(u) { via } else { &m.to };
                enter(u, dest, &mut push);
                if m.drop.contains(u) {
                    enter(u, via, &mut push);
                }
            }
            enter(&m.leader, via, &mut push);
            enter(&m.leader, &m.to, &mut push);
        }
        let mut all = marching;
        all.extend(picked.into_iter().cloned());
        final_units = all;
    } else {
        if map_ok {
            if let Err((s, w)) = crossing(state, side, from, &m.to) {
                push(illegal(&order, &s, w));
            }
            for u in &known {
                enter(u, &m.to, &mut push);
            }
            enter(&m.leader, &m.to, &mut push);
        }
        final_units = known.into_iter().cloned().collect();
    }
    // Siege Train moves only with an infantry unit (11.7).
    let infantry = |u: &String| {
        matches!(
            state.pack.unit(u).map(|x| x.kind),
            Some(UnitType::HeavyInfantry | UnitType::RegularInfantry | UnitType::LightInfantry)
        )
    };
    if final_units.iter().any(|u| state.is_siege_train(u)) && !final_units.iter().any(infantry) {
        push(illegal(
            &order,
            "11.7",
            "the Siege Train moves only with an infantry unit",
        ));
    }
    out
}

/// The problems of [`problems`] as one refusal: `Ok` when none, the one alone, or
/// [`RuleError::Several`].
pub fn refusal(mut v: Vec<RuleError>) -> Result<(), RuleError> {
    match v.len() {
        0 => Ok(()),
        1 => Err(v.remove(0)),
        _ => Err(RuleError::Several(v)),
    }
}
