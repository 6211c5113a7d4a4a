//! Names in Alexandros orders: every province and city an order names must be on the map
//! (Alexandros 2), every unit and leader on the counter sheet (Alexandros 6). A name that
//! is not is refused before any other rule, with the nearest names that are — so a typo
//! reads "no province Phyrgia on the map (did you mean Phrygia?)", not a rule refusal.

use super::movement::ALL_UNITS;
use super::orders::Orders;
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
/// as its field requires. Errors: the first unknown name, with the nearest known ones.
pub fn check(state: &State, o: &Orders) -> Result<(), RuleError> {
    use Kind::*;
    if let Some(p) = &o.darius {
        known(state, Province, p, &format!("darius: {p}"), "3.3")?;
    }
    for (who, to) in &o.reinforcements {
        let order = format!("reinforcements {who}: {to}");
        known(state, Counter, who, &order, "13.1")?;
        known(state, Province, to, &order, "13.1")?;
    }
    for r in &o.replacements {
        let order = format!("replacements {}", r.unit);
        known(state, Unit, &r.unit, &order, "12.3")?;
        if let Some(p) = &r.province {
            known(state, Province, p, &order, "12.4")?;
        }
    }
    for c in &o.walls {
        known(state, City, c, &format!("walls {c}"), "12.5")?;
    }
    for u in &o.leave_city {
        known(state, Unit, u, &format!("leave_city {u}"), "11.2")?;
    }
    for m in &o.moves {
        let order = format!("move {} to {}", m.leader, m.to);
        known(state, Leader, &m.leader, &order, "8.1")?;
        known(state, Province, &m.to, &order, "8.1")?;
        if let Some(v) = &m.via {
            known(state, Province, v, &order, "8.4")?;
        }
        let all = m.units.len() == 1 && m.units[0] == ALL_UNITS;
        for u in m.units.iter().filter(|_| !all) {
            known(state, Unit, u, &order, "8.1")?;
        }
        for u in m.drop.iter().chain(&m.pick_up) {
            known(state, Unit, u, &order, "8.4")?;
        }
    }
    for p in &o.scorch {
        known(state, Province, p, &format!("scorch {p}"), "17.1")?;
    }
    for r in &o.raiders {
        let order = format!("raiders to {}", r.to);
        for u in &r.units {
            known(state, Unit, u, &order, "14.3")?;
        }
        known(state, Province, &r.to, &order, "14.3")?;
    }
    for (u, c) in &o.garrison {
        let order = format!("garrison {u}: {c}");
        known(state, Unit, u, &order, "11.2")?;
        known(state, City, c, &order, "11.2")?;
    }
    for (c, so) in &o.sieges {
        let order = format!("sieges {c}");
        known(state, City, c, &order, "11.1")?;
        for l in so.leaders() {
            known(state, Leader, &l, &order, "11.1")?;
        }
        for u in so.units() {
            known(state, Unit, &u, &order, "11.1")?;
        }
    }
    for c in &o.surrender_rolls {
        known(state, City, c, &format!("surrender_rolls {c}"), "17.5")?;
    }
    if let Some(d) = &o.decision {
        for u in &d.losses {
            known(state, Unit, u, "decision losses", "9.5")?;
        }
        if let Some(p) = d.retreat_to.as_ref().filter(|p| *p != "stay") {
            known(state, Province, p, "decision retreat_to", "9.5")?;
        }
    }
    Ok(())
}
