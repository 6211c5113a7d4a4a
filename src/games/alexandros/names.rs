//! Names in Alexandros orders: every province and city an order names must be on the map
//! (Alexandros 2), every unit and leader on the counter sheet (Alexandros 6). A name that
//! is not is refused before any other rule, with the nearest names that are — so a typo
//! reads "no province Phyrgia on the map (did you mean Phrygia?)", not a rule refusal.

use super::data::Side;
use super::movement::{apply_move, ALL_UNITS};
use super::orders::{Move, Orders};
use super::state::State;
use crate::names::did_you_mean;
use crate::ruleset::RuleError;

/// What kind of name an order field holds.
#[derive(Clone, Copy)]
enum Kind {
    Province,
    City,
    Unit,
    Leader,
    /// A unit code or a leader name (reinforcements, 13.1).
    Counter,
}

/// Checks one name; `order` and `rule` (a section number) say where it was named.
fn known(state: &State, kind: Kind, name: &str, order: &str, rule: &str) -> Result<(), RuleError> {
    let pack = &state.pack;
    let provinces = || pack.map.provinces.keys().map(String::as_str);
    let cities = || pack.map.cities.keys().map(String::as_str);
    let units = || pack.counters.units.keys().map(String::as_str);
    let leaders = || pack.counters.leaders.keys().map(String::as_str);
    let (found, what, near) = match kind {
        Kind::Province => (
            pack.map.provinces.contains_key(name),
            "province",
            did_you_mean(name, provinces()),
        ),
        Kind::City => (
            pack.map.cities.contains_key(name),
            "city",
            did_you_mean(name, cities()),
        ),
        Kind::Unit => (
            pack.counters.units.contains_key(name),
            "unit",
            did_you_mean(name, units()),
        ),
        Kind::Leader => (
            pack.counters.leaders.contains_key(name),
            "leader",
            did_you_mean(name, leaders()),
        ),
        Kind::Counter => (
            pack.counters.units.contains_key(name) || pack.counters.leaders.contains_key(name),
            "unit or leader",
            did_you_mean(name, units().chain(leaders())),
        ),
    };
    if found {
        return Ok(());
    }
    let place = match kind {
        Kind::Province | Kind::City => "on the map",
        _ => "on the counter sheet",
    };
    Err(RuleError::illegal(
        order,
        format!("Alexandros {rule}"),
        format!("no {what} {name} {place}{near}"),
    ))
}

/// Alexandros 2, 6: every name in `o` is a province, city, unit or leader of the game,
/// as its field requires. Errors: every unknown name of the first order that has one, each
/// with the nearest known ones — and, for a move, what the rules of movement say of the rest
/// of it (a border it cannot cross, 8.1–8.3), so that one run lists all that is wrong with it
/// ([`RuleError::Several`] when more than one).
pub fn check(state: &State, side: Side, o: &Orders) -> Result<(), RuleError> {
    use Kind::*;
    let one = |kind: Kind, name: &str, order: &str, rule: &str| {
        known(state, kind, name, order, rule).err()
    };
    if let Some(p) = &o.darius {
        flush(
            one(Province, p, &format!("darius: {p}"), "3.3")
                .into_iter()
                .collect(),
        )?;
    }
    for (who, to) in &o.reinforcements {
        let order = format!("reinforcements {who}: {to}");
        flush(
            [
                one(Counter, who, &order, "13.1"),
                one(Province, to, &order, "13.1"),
            ]
            .into_iter()
            .flatten()
            .collect(),
        )?;
    }
    for r in &o.replacements {
        let order = format!("replacements {}", r.unit);
        let mut v: Vec<RuleError> = one(Unit, &r.unit, &order, "12.3").into_iter().collect();
        if let Some(p) = &r.province {
            v.extend(one(Province, p, &order, "12.4"));
        }
        flush(v)?;
    }
    for c in &o.walls {
        flush(
            one(City, c, &format!("walls {c}"), "12.5")
                .into_iter()
                .collect(),
        )?;
    }
    for u in &o.leave_city {
        flush(
            one(Unit, u, &format!("leave_city {u}"), "11.2")
                .into_iter()
                .collect(),
        )?;
    }
    for m in &o.moves {
        flush(move_names(state, side, m))?;
    }
    for p in &o.scorch {
        flush(
            one(Province, p, &format!("scorch {p}"), "17.1")
                .into_iter()
                .collect(),
        )?;
    }
    for r in &o.raiders {
        let order = format!("raiders to {}", r.to);
        let mut v: Vec<RuleError> = r
            .units
            .iter()
            .filter_map(|u| one(Unit, u, &order, "14.3"))
            .collect();
        v.extend(one(Province, &r.to, &order, "14.3"));
        flush(v)?;
    }
    for (u, c) in &o.garrison {
        let order = format!("garrison {u}: {c}");
        flush(
            [one(Unit, u, &order, "11.2"), one(City, c, &order, "11.2")]
                .into_iter()
                .flatten()
                .collect(),
        )?;
    }
    for (c, l) in &o.sieges {
        let order = format!("sieges {c}");
        let mut v: Vec<RuleError> = one(City, c, &order, "11.1").into_iter().collect();
        v.extend(
            l.leaders()
                .iter()
                .filter_map(|x| one(Leader, x, &order, "11.1")),
        );
        v.extend(
            l.units()
                .iter()
                .filter_map(|x| one(Unit, x, &order, "11.1")),
        );
        flush(v)?;
    }
    for c in &o.surrender_rolls {
        flush(
            one(City, c, &format!("surrender_rolls {c}"), "17.5")
                .into_iter()
                .collect(),
        )?;
    }
    if let Some(d) = &o.decision {
        let mut v: Vec<RuleError> = d
            .losses
            .iter()
            .filter_map(|u| one(Unit, u, "decision losses", "9.5"))
            .collect();
        if let Some(p) = d.retreat_to.as_ref().filter(|p| *p != "stay") {
            v.extend(one(Province, p, "decision retreat_to", "9.5"));
        }
        flush(v)?;
    }
    Ok(())
}

/// The refusals of one order: none, one, or [`RuleError::Several`].
fn flush(mut v: Vec<RuleError>) -> Result<(), RuleError> {
    match v.len() {
        0 => Ok(()),
        1 => Err(v.remove(0)),
        _ => Err(RuleError::Several(v)),
    }
}

/// Alexandros 8.1: the unknown names of one move and, when its leader and provinces are known,
/// what movement says of the move with the unknown units left out (its first refusal, tried on
/// a copy of the state).
fn move_names(state: &State, side: Side, m: &Move) -> Vec<RuleError> {
    use Kind::*;
    let order = format!("move {} to {}", m.leader, m.to);
    let one = |kind: Kind, name: &str, rule: &str| known(state, kind, name, &order, rule).err();
    let mut v: Vec<RuleError> = Vec::new();
    let places_known = [
        one(Leader, &m.leader, "8.1"),
        one(Province, &m.to, "8.1"),
        m.via.as_ref().and_then(|p| one(Province, p, "8.4")),
    ];
    let places_ok = places_known.iter().all(Option::is_none);
    v.extend(places_known.into_iter().flatten());
    let all = m.units.len() == 1 && m.units[0] == ALL_UNITS;
    let unit_ok = |u: &String| one(Unit, u, "8.1").is_none();
    for u in m.units.iter().filter(|_| !all) {
        v.extend(one(Unit, u, "8.1"));
    }
    for u in m.drop.iter().chain(&m.pick_up) {
        v.extend(one(Unit, u, "8.4"));
    }
    if !v.is_empty() && places_ok {
        let known_only = Move {
            units: m
                .units
                .iter()
                .filter(|u| all || unit_ok(u))
                .cloned()
                .collect(),
            drop: m.drop.iter().filter(|u| unit_ok(u)).cloned().collect(),
            pick_up: m.pick_up.iter().filter(|u| unit_ok(u)).cloned().collect(),
            ..m.clone()
        };
        let mut copy = state.clone();
        if let Err(e @ RuleError::Illegal { .. }) =
            apply_move(&mut copy, side, &known_only, &mut Vec::new())
        {
            v.push(e);
        }
    }
    v
}
