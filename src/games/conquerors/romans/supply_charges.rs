//! Romans [14.21], [14.23]: the supply talents of interceptions and attacks. An interception
//! move that takes the intercepting Force beyond its supply radius costs its player the
//! [14.21] talent (once a phase for that Force, like a move); a Force that attacks another,
//! causing a Major Land Battle, while beyond its radius pays one talent more for each such
//! attack ([14.23]; defending costs nothing). An Overrun is not a Major Land Battle, nor is a
//! Retreat Before Combat or a defender going inside its city (ruling R-135).

use std::collections::BTreeSet;

use super::interception::Interceptor;
use super::sequence::side_name;
use super::state::State;
use super::supply::in_supply;
use crate::geo::Hex;
use crate::ruleset::Event;

fn nations(st: &State, units: &[String]) -> BTreeSet<String> {
    units
        .iter()
        .filter_map(|u| st.units.get(u))
        .map(|u| u.nation.clone())
        .collect()
}

/// A supply cost of `numbers.yaml` `economy` (`supply-talent` [14.21], `supply-attack-talent`
/// [14.23]), in talents.
fn talents(st: &State, key: &str) -> u32 {
    st.pack
        .numbers
        .get("economy")
        .and_then(|e| e.get(key))
        .and_then(|v| v.item.get("talents"))
        .and_then(|t| t.as_u64())
        .unwrap_or(1) as u32
}

fn beyond(st: &State, side: &str, map: &str, hex: Hex, units: &[String]) -> bool {
    let Some(m) = st.map(map) else {
        return false;
    };
    !in_supply(st, side, &m, hex, &nations(st, units))
}

/// Romans [14.21]: what an interception by `f` (of `side`) into `hex` of `map` costs in supply:
/// `Some(0)` nothing (within the radius, or paid already this phase), `Some(t)` the talents, None
/// the Force may not go there (beyond the radius and an empty treasury).
pub fn interception_cost(
    st: &State,
    side: &str,
    map: &str,
    f: &Interceptor,
    hex: Hex,
) -> Option<u32> {
    if st.supply_paid.contains(&f.chief) || !beyond(st, side, map, hex, &f.units) {
        return Some(0);
    }
    let t = talents(st, "supply-talent");
    (st.talents(side) >= t).then_some(t)
}

/// Romans [14.21]: the interceptor `f` (of `side`) moves into `hex` beyond its radius: its
/// player pays the talent (checked by [`interception_cost`] before the roll).
pub fn charge_interception(
    st: &mut State,
    side: &str,
    map: &str,
    f: &Interceptor,
    hex: Hex,
    ev: &mut Vec<Event>,
) {
    let Some(t) = interception_cost(st, side, map, f, hex).filter(|t| *t > 0) else {
        return;
    };
    if st
        .spend(side, t, "Romans [14.21]", "an interception move")
        .is_err()
    {
        return;
    }
    st.supply_paid.insert(f.chief.clone());
    ev.push(Event::new(
        "Romans [14.21]",
        format!(
            "{}'s interception takes its Force beyond its supply radius at {hex}: {} pays {t} talent ({} left)",
            st.commander_name(&f.chief),
            side_name(side),
            st.talents(side)
        ),
    ));
}

/// Romans [14.23]: the Force of `units` (of `side`, led by `chief`) attacks at `hex` of `map`,
/// causing a Major Land Battle: beyond its radius it pays one talent, every attack. With an
/// empty treasury the attack is still fought and the talent is not paid (ruling R-135: 14.23,
/// unlike 14.21, forbids nothing; the empty treasury's price is [14.26]'s attrition).
pub fn charge_attack(
    st: &mut State,
    side: &str,
    chief: &str,
    map: &str,
    hex: Hex,
    units: &[String],
    ev: &mut Vec<Event>,
) {
    if units.is_empty() || !beyond(st, side, map, hex, units) {
        return;
    }
    let name = st.commander_name(chief);
    let t = talents(st, "supply-attack-talent");
    let text = if st
        .spend(
            side,
            t,
            "Romans [14.23]",
            "an attack beyond the supply radius",
        )
        .is_ok()
    {
        format!(
            "{name}'s Force attacks at {hex} beyond its supply radius: {} pays {t} talent ({} left)",
            side_name(side),
            st.talents(side)
        )
    } else {
        format!(
            "{name}'s Force attacks at {hex} beyond its supply radius: {} has no talent to pay (ruling R-135)",
            side_name(side)
        )
    };
    ev.push(Event::new("Romans [14.23]", text));
}
