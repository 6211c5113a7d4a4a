//! Romans [10]: retreats — Retreat Before Combat ([10.1]), Retreat During Combat ([10.2]) and
//! Flight ([10.3]). A retreating Force moves like a moving one ([10.15]: any hex it could
//! enter, never an enemy-occupied hex, errata 10.15, a city only if its side controlled it
//! before), within 20 MP a Campaign Phase for both voluntary kinds together ([10.13], [10.24]);
//! a fleeing Force must move 20 MP whatever it used before, never entering a hex twice, and may
//! stop in a friendly A/B city after more than 10 MP ([10.31], [10.34]); one that cannot is
//! eliminated. More than 4 MP of retreat in a phase Disrupts ([10.14]). The path is the
//! owner's standing order (`retreat_path`); where it is missing or fails, the cheapest hexes
//! toward the nearest city of his (docs/romans-rulings.md R-24), reported as a default.

use std::collections::BTreeSet;

use super::state::State;
use crate::geo::hexmap::CityClass;
use crate::geo::{Hex, HexMap, MoveCosts};

/// The kind of retreat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// [10.1].
    BeforeCombat,
    /// [10.2].
    DuringCombat,
    /// [10.3].
    Flight,
}

/// A retreat planned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    /// The hexes entered.
    pub path: Vec<Hex>,
    /// MP spent (half MP).
    pub spent: u32,
    /// The path (or part of it) is the default, not the owner's.
    pub defaulted: bool,
    /// Ends inside a friendly A/B city ([10.34]).
    pub into_city: bool,
}

/// How far a retreat may go and what it must reach.
struct Rules {
    budget: u32,
    must: u32,
    stop_in_city_after: Option<u32>,
}

/// Whether `side` may retreat into `h` ([10.15], errata 10.15, [5.25]).
fn open(st: &State, map: &HexMap, side: &str, h: Hex) -> bool {
    if !map.hex(h).is_some_and(|e| e.terrain.is_land()) {
        return false;
    }
    let hex = h.to_string();
    if st.units_at(&map.id, &hex).any(|(_, u)| u.side != side) {
        return false;
    }
    if st
        .commanders
        .values()
        .any(|c| c.side != side && c.at.map == map.id && c.at.hex == hex)
    {
        return false;
    }
    match st.city_at(&map.id, h) {
        Some(c) if matches!(c.class, CityClass::A | CityClass::B) => {
            c.control.as_deref() == Some(side)
        }
        _ => true,
    }
}

/// The hex distance to the nearest city `side` controls on the map (R-24's stand-in for the
/// supply source of [10.16] until supply is built); 0 when it has none.
fn home_distance(st: &State, map: &HexMap, side: &str, h: Hex) -> u32 {
    st.cities
        .values()
        .filter(|c| c.at.map == map.id && c.control.as_deref() == Some(side))
        .filter_map(|c| Hex::parse(&c.at.hex).ok())
        .map(|c| c.distance(h, map.convention))
        .min()
        .unwrap_or(0)
}

fn friendly_ab(st: &State, map: &HexMap, side: &str, h: Hex) -> bool {
    st.city_at(&map.id, h).is_some_and(|c| {
        matches!(c.class, CityClass::A | CityClass::B) && c.control.as_deref() == Some(side)
    })
}

/// Plans the retreat of `side`'s Force from `from`: `wanted` (the standing order's hexes) as
/// far as it is legal, then the default. `used` is the retreat MP the Force spent earlier this
/// phase ([10.24]); `avoid` hexes may not be entered (the battle hex). Returns None when no
/// retreat is possible (for Flight: when 20 MP cannot be completed, [10.34]).
#[allow(clippy::too_many_arguments)]
pub fn plan(
    st: &State,
    costs: &MoveCosts,
    map: &HexMap,
    side: &str,
    from: Hex,
    kind: Kind,
    used: u32,
    wanted: &[String],
) -> Option<Planned> {
    let full = st
        .pack
        .movement
        .radii
        .get(if kind == Kind::Flight {
            "flight"
        } else {
            "retreat"
        })
        .map(|r| r.item.half_mp)
        .unwrap_or(40);
    let rules = match kind {
        Kind::Flight => Rules {
            budget: full,
            must: full,
            stop_in_city_after: st
                .pack
                .movement
                .radii
                .get("flight-may-stop-in-a-b-city-after")
                .map(|r| r.item.half_mp),
        },
        _ => Rules {
            budget: full.saturating_sub(used),
            must: 0,
            stop_in_city_after: None,
        },
    };
    let mut path = Vec::new();
    let mut spent = 0;
    let mut seen = BTreeSet::from([from]);
    let mut at = from;
    for w in wanted {
        let Ok(h) = Hex::parse(w) else { break };
        let Ok(c) = costs.step(map, at, h) else { break };
        if seen.contains(&h) || !open(st, map, side, h) || spent + c > rules.budget {
            break;
        }
        seen.insert(h);
        spent += c;
        path.push(h);
        at = h;
    }
    let owned = path.len();
    let done = |p: &[Hex], spent: u32| -> Option<bool> {
        let last = *p.last()?;
        if let Some(after) = rules.stop_in_city_after {
            if spent > after && friendly_ab(st, map, side, last) {
                return Some(true);
            }
        }
        (spent >= rules.must).then_some(false)
    };
    if !path.is_empty() && owned == wanted.len() {
        if let Some(city) = done(&path, spent) {
            return Some(Planned {
                path,
                spent,
                defaulted: false,
                into_city: city,
            });
        }
    }
    // The default: depth first, cheapest hexes toward home first.
    let mut budget_nodes = 20_000u32;
    let found = search(
        st,
        costs,
        map,
        side,
        &rules,
        from,
        &mut path,
        &mut seen,
        spent,
        &mut budget_nodes,
        &done,
    )?;
    Some(Planned {
        path: found.0,
        spent: found.1,
        defaulted: true,
        into_city: found.2,
    })
}

type Done<'a> = dyn Fn(&[Hex], u32) -> Option<bool> + 'a;

#[allow(clippy::too_many_arguments)]
fn search(
    st: &State,
    costs: &MoveCosts,
    map: &HexMap,
    side: &str,
    rules: &Rules,
    from: Hex,
    path: &mut Vec<Hex>,
    seen: &mut BTreeSet<Hex>,
    spent: u32,
    nodes: &mut u32,
    done: &Done<'_>,
) -> Option<(Vec<Hex>, u32, bool)> {
    if let Some(city) = done(path, spent) {
        return Some((path.clone(), spent, city));
    }
    if *nodes == 0 {
        return None;
    }
    *nodes -= 1;
    let at = path.last().copied().unwrap_or(from);
    let mut next: Vec<(u32, u32, Hex)> = Vec::new();
    let mut blocked_by_cost = false;
    for n in at.neighbours(map.convention) {
        if seen.contains(&n) || !open(st, map, side, n) {
            continue;
        }
        let Ok(c) = costs.step(map, at, n) else {
            continue;
        };
        if spent + c > rules.budget {
            blocked_by_cost = true;
            continue;
        }
        next.push((home_distance(st, map, side, n), c, n));
    }
    next.sort();
    for (_, c, n) in next {
        seen.insert(n);
        path.push(n);
        if let Some(r) = search(st, costs, map, side, rules, from, path, seen, spent + c, nodes, done) {
            return Some(r);
        }
        path.pop();
        seen.remove(&n);
    }
    // a fleeing Force whose next hexes all cost more than the MP it has left has fled
    // its 20 MP (it is not boxed in).
    if blocked_by_cost && rules.must > 0 && !path.is_empty() {
        return Some((path.clone(), spent, false));
    }
    None
}
