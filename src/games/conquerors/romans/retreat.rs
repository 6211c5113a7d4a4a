//! Romans [10]: retreats — Retreat Before Combat ([10.1]), Retreat During Combat ([10.2]) and
//! Flight ([10.3]). A retreating Force moves like a moving one ([10.15]: any hex it could
//! enter, never an enemy-occupied hex, errata 10.15, a city only if its side controlled it
//! before), within 20 MP a Campaign Phase for both voluntary kinds together ([10.13], [10.24]);
//! a fleeing Force must move 20 MP whatever it used before, never entering a hex twice, and may
//! stop in a friendly A/B city after more than 10 MP ([10.31], [10.34]); one that cannot is
//! eliminated. More than 4 MP of retreat in a phase Disrupts ([10.14]). The path is the
//! owner's standing order (`retreat_path`); where it is missing or fails, the cheapest hexes
//! toward the nearest city of his (docs/romans-rulings.md R-24), reported as a default.

use std::collections::{BTreeMap, BTreeSet};

use super::casualties::{kill_commander, take_losses};
use super::combat::{disrupt, in_charge, Battle};
use super::orders::Standing;
use super::sequence::side_name;
use super::state::State;
use crate::geo::hexmap::CityClass;
use crate::geo::{Hex, HexMap, MoveCosts};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The kind of retreat.
pub use crate::games::conquerors::decisions::RetreatKind as Kind;

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

/// The hex distance to the nearest city `side` controls on the map: the default retreat's aim
/// (ruling R-24 reads [10.16]'s "toward a supply source" as the nearest such city); 0 when
/// it has none.
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

/// How far a retreat of `kind` may go, `used` retreat MP spent before ([10.13], [10.24],
/// [10.31], [10.34]).
fn rules(st: &State, kind: Kind, used: u32) -> Rules {
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
    match kind {
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
    }
}

/// Whether a retreat along `p` (`spent` MP) may end there: `Some(true)` inside a friendly
/// A/B city a Flight may stop in ([10.34]), `Some(false)` when it has gone far enough.
fn finished(
    st: &State,
    map: &HexMap,
    side: &str,
    rules: &Rules,
    p: &[Hex],
    spent: u32,
) -> Option<bool> {
    let last = *p.last()?;
    if let Some(after) = rules.stop_in_city_after {
        if spent > after && friendly_ab(st, map, side, last) {
            return Some(true);
        }
    }
    (spent >= rules.must).then_some(false)
}

/// The retreat of `side`'s Force from `from` decided hex by hex in person (`pause_losses.rs`):
/// after `path` (entered so far), the hexes it may enter next from which the retreat can
/// still be completed, and whether it may stop now. Both empty/false when `path` is not
/// legal.
#[allow(clippy::too_many_arguments)]
pub fn next_steps(
    st: &State,
    costs: &MoveCosts,
    map: &HexMap,
    side: &str,
    from: Hex,
    kind: Kind,
    used: u32,
    path: &[Hex],
) -> (Vec<Hex>, bool) {
    let rules = rules(st, kind, used);
    let mut seen = BTreeSet::from([from]);
    let (mut at, mut spent) = (from, 0);
    for h in path {
        let Ok(c) = costs.step(map, at, *h) else {
            return (Vec::new(), false);
        };
        seen.insert(*h);
        spent += c;
        at = *h;
    }
    let done = |p: &[Hex], spent: u32| finished(st, map, side, &rules, p, spent);
    let stop = done(path, spent).is_some();
    if done(path, spent) == Some(false) && rules.must > 0 {
        // A Flight that has fled its 20 MP ends there ([10.34]).
        return (Vec::new(), true);
    }
    let mut out = Vec::new();
    for n in at.neighbours(map.convention) {
        if seen.contains(&n) || !open(st, map, side, n) {
            continue;
        }
        let Ok(c) = costs.step(map, at, n) else {
            continue;
        };
        if spent + c > rules.budget {
            continue;
        }
        let (mut p, mut s2) = (path.to_vec(), seen.clone());
        p.push(n);
        s2.insert(n);
        let mut nodes = 20_000u32;
        if search(
            st,
            costs,
            map,
            side,
            &rules,
            from,
            &mut p,
            &mut s2,
            spent + c,
            &mut nodes,
            &done,
        )
        .is_some()
        {
            out.push(n);
        }
    }
    (out, stop)
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
    let rules = rules(st, kind, used);
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
    let done = |p: &[Hex], spent: u32| finished(st, map, side, &rules, p, spent);
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
        if let Some(r) = search(
            st,
            costs,
            map,
            side,
            rules,
            from,
            path,
            seen,
            spent + c,
            nodes,
            done,
        ) {
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

/// Plans a retreat of side `s` of `b` out of the battle hex.
pub fn plan_out(
    st: &State,
    b: &Battle,
    s: usize,
    kind: Kind,
    used: u32,
    wanted: &[String],
) -> Option<Planned> {
    // [12.16]: an amphibious attacker leaves by the fleet that landed it (`transport`).
    if let Some(p) = super::transport::amphibious_plan(st, b, s, kind, used) {
        return p;
    }
    let map = st.map(&b.map)?;
    let costs = st.maps.costs("romans")?.clone();
    plan(st, &costs, &map, &b.sides[s], b.hex, kind, used, wanted)
}

/// [`next_steps`] for side `s` of `b` leaving the battle hex; `None` when the retreat is not
/// over land the owner steers (an amphibious attacker's leaves by its fleet, [12.16]).
pub fn next_out(
    st: &State,
    b: &Battle,
    s: usize,
    kind: Kind,
    used: u32,
    path: &[Hex],
) -> Option<(Vec<Hex>, bool)> {
    if super::transport::amphibious_plan(st, b, s, kind, used).is_some() {
        return None;
    }
    let map = st.map(&b.map)?;
    let costs = st.maps.costs("romans")?.clone();
    Some(next_steps(
        st,
        &costs,
        &map,
        &b.sides[s],
        b.hex,
        kind,
        used,
        path,
    ))
}

/// Moves `units` and `cmds` of side `s` out of the battle: Flight ([10.31]–[10.34], with
/// Pursuit [10.32] when `pursued`) — or eliminates them when they cannot flee.
#[allow(clippy::too_many_arguments)]
pub fn flee(
    st: &mut State,
    b: &Battle,
    s: usize,
    units: &[String],
    cmds: &[String],
    standing: Option<&Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
    pursued: bool,
) -> Result<(), RuleError> {
    let chief = in_charge(st, cmds);
    let who = side_name(&b.sides[s]);
    if pursued {
        let pursuit = st
            .pack
            .numbers
            .get("combat")
            .and_then(|c| c.get("pursuit"))
            .and_then(|p| p.item.get("multiplier"))
            .and_then(|m| m.as_u64())
            .unwrap_or(2) as u32;
        let roll = dice
            .roll_for(&b.sides[1 - s])
            .d6("pursuit", "Romans [10.32]")?;
        let live: Vec<String> = units
            .iter()
            .filter(|u| st.units.contains_key(*u))
            .cloned()
            .collect();
        let mut start = BTreeMap::new();
        for id in &live {
            *start.entry(st.units[id].nation.clone()).or_insert(0) += st.units[id].ssp;
        }
        let (k, words, _) = take_losses(
            st,
            &b.sides[s],
            &live,
            standing,
            &start,
            &mut BTreeMap::new(),
            roll * pursuit,
        )?;
        ev.push(Event::new(
            "Romans [10.32]",
            format!(
                "Pursuit: {} rolls {roll} × {pursuit}: the fleeing {who} loses {k} SSP{}",
                side_name(&b.sides[1 - s]),
                if words.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", words.join(", "))
                }
            ),
        ));
    }
    let wanted =
        super::pause_losses::retreat_path(st, b, s, (Kind::Flight, 0), standing, chief.as_deref())?;
    let p = plan_out(st, b, s, Kind::Flight, 0, &wanted);
    let live: Vec<String> = units
        .iter()
        .filter(|u| st.units.contains_key(*u))
        .cloned()
        .collect();
    let Some(p) = p else {
        for id in &live {
            st.units.remove(id);
        }
        for c in cmds {
            if st.commanders.contains_key(c) {
                kill_commander(st, c, ev);
            }
        }
        ev.push(Event::new(
            "Romans [10.34]",
            format!("the fleeing {who} Force cannot flee 20 MP and is eliminated"),
        ));
        return Ok(());
    };
    go(st, b, s, &live, cmds, &p, ev, "Romans [10.31]", "Flees");
    Ok(())
}

/// Moves a retreating group along its planned path and charges the retreat MP ([10.14]).
#[allow(clippy::too_many_arguments)]
pub fn go(
    st: &mut State,
    b: &Battle,
    s: usize,
    units: &[String],
    cmds: &[String],
    p: &Planned,
    ev: &mut Vec<Event>,
    rule: &str,
    verb: &str,
) {
    let end = p.path.last().copied().unwrap_or(b.hex).to_string();
    for id in units {
        if let Some(u) = st.units.get_mut(id) {
            u.at.hex = end.clone();
            u.at.inside = p.into_city;
        }
    }
    super::transport::amphibious_after(st, b, s, p, ev);
    let mut ids: Vec<String> = units.to_vec();
    for c in cmds {
        if let Some(x) = st.commanders.get_mut(c) {
            x.at.hex = end.clone();
            ids.push(c.clone());
            *st.combat.retreat_spent.entry(c.clone()).or_default() += p.spent;
        }
    }
    let total = cmds
        .iter()
        .filter_map(|c| st.combat.retreat_spent.get(c))
        .max()
        .copied()
        .unwrap_or(p.spent);
    let limit = st
        .pack
        .movement
        .radii
        .get("disruption-threshold")
        .map(|r| r.item.half_mp)
        .unwrap_or(8);
    let per = st.maps.costs("romans").map(|c| c.per_mp).unwrap_or(2);
    let hexes: Vec<String> = p.path.iter().map(Hex::to_string).collect();
    ev.push(Event::new(
        rule,
        format!(
            "{} {verb} {} → {} ({}{}){}",
            side_name(&b.sides[s]),
            b.hex,
            hexes.join(" → "),
            crate::games::conquerors::movement::mp(p.spent, per),
            if p.into_city { ", into the city" } else { "" },
            if p.defaulted {
                "; path by default (no standing `retreat_path`, or it could not be followed)"
            } else {
                ""
            }
        ),
    ));
    if total > limit || p.spent > limit {
        disrupt(st, &b.sides[s].clone(), &ids);
        ev.push(Event::new(
            "Romans [10.14]",
            format!(
                "the {} Force has retreated more than 4 MP this phase and is Disrupted",
                side_name(&b.sides[s])
            ),
        ));
    }
}
