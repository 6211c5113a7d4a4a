//! Romans [16.15]: the allies' leash. The land troops of an active ally go no more than 10 MP
//! (`movement.yaml` radii `allied-leash`) from their point of origin unless a commander of the
//! parent power — the player they serve, Rome, Macedon or Syria — leads them; fleets are free.
//! The point of origin is the hex where the unit was placed when its ally was activated (its
//! scenario force), and the 10 MP are measured as the supply radius is (rulings AMB-30,
//! AMB-52, R-141).

use std::collections::{BTreeMap, BTreeSet};

use super::data::model::PlaceRef;
use super::data::scenario::SetupEntry;
use super::state::State;
use crate::games::conquerors::force::Commander;
use crate::games::conquerors::movement::mp;
use crate::geo::{Hex, HexMap};
use crate::ruleset::RuleError;

/// The leash in half MP ([16.15]).
pub fn leash(st: &State) -> u32 {
    st.pack
        .movement
        .radii
        .get("allied-leash")
        .map(|r| r.half_mp)
        .unwrap_or(20)
}

/// Whether `unit` is an ally's (a city-state or league of the Alliance Table serving a
/// player), so held by the leash.
pub fn is_allied(st: &State, unit: &str) -> bool {
    st.units
        .get(unit)
        .is_some_and(|u| u.nation != u.side && st.allies.contains_key(&u.nation))
}

/// Whether `cmd` belongs to the parent power of the troops of `side` ([16.15]: a Roman,
/// Macedonian or Syrian commander, not an allied one).
pub fn parent_commander(cmd: &Commander, side: &str) -> bool {
    cmd.nation == side
}

/// The scenario forces of `ally` (those of the scenario it is "as in", [20.26]).
fn forces(st: &State, ally: &str) -> Vec<SetupEntry> {
    let Some(a) = st.pack.scenarios[&st.scenario].allies.get(ally) else {
        return Vec::new();
    };
    if !a.forces.is_empty() {
        return a.forces.clone();
    }
    a.same_as
        .as_ref()
        .and_then(|s| st.pack.scenarios.get(&s.scenario)?.allies.get(&s.ally))
        .map(|x| x.forces.clone())
        .unwrap_or_default()
}

/// The hex a scenario place names, on the scenario's maps.
fn place(st: &State, at: &PlaceRef) -> Option<(String, Hex)> {
    let maps = &st.pack.scenarios[&st.scenario].maps;
    let ids: Vec<&String> = match &at.map {
        Some(m) => maps.iter().filter(|x| *x == m).collect(),
        None => maps.iter().collect(),
    };
    if let Some(h) = &at.hex {
        let m = ids.first()?;
        return Some(((*m).clone(), Hex::parse(h).ok()?));
    }
    let name = at.city.as_ref()?;
    ids.iter()
        .find_map(|m| st.map(m)?.city(name).map(|h| ((*m).clone(), h)))
}

/// Ruling AMB-30: the point of origin of `unit`, an ally's: the hex of the scenario force it
/// was placed with, found as the placing numbered it (`achaea-hoplite-4` is the fourth
/// hoplite of Achaea's forces, in their order). A unit not found so is held to the nearest of
/// its ally's force hexes.
pub fn origins(st: &State, unit: &str) -> Vec<(String, Hex)> {
    let Some(u) = st.units.get(unit) else {
        return Vec::new();
    };
    let ally = u.nation.as_str();
    let mut all = Vec::new();
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for f in forces(st, ally) {
        if f.units.is_empty() {
            continue;
        }
        let Some(at) = place(st, &f.at) else { continue };
        all.push(at.clone());
        for x in &f.units {
            let stem = format!("{ally}-{}", x.kind);
            let n = counts.entry(stem.clone()).or_default();
            let first = *n + 1;
            *n += x.count;
            let mine = unit
                .strip_prefix(&format!("{stem}-"))
                .and_then(|k| k.parse::<u32>().ok())
                .is_some_and(|k| k >= first && k <= *n);
            if mine {
                return vec![at];
            }
        }
    }
    all
}

/// Whether `unit` standing at `h` on `map` is within the leash of its point of origin.
fn held(st: &State, side: &str, unit: &str, map: &HexMap, h: Hex) -> bool {
    let points: BTreeSet<Hex> = origins(st, unit)
        .into_iter()
        .filter(|(m, _)| *m == map.id)
        .map(|(_, x)| x)
        .collect();
    !points.is_empty() && super::supply::within_of(st, side, map, h, points, leash(st))
}

/// Romans [16.15]: the `i`th move, by commander `cid` along `path`, with the units taken
/// (`takes`: by path index, 0 the start) and dropped (`drops`): every allied unit it carries
/// into a hex stays within the leash of its point of origin, unless `cid` is of the parent
/// power.
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]`, the unit, the hex and its origin.
#[allow(clippy::too_many_arguments)]
pub fn check(
    st: &State,
    side: &str,
    i: usize,
    cid: &str,
    map: &HexMap,
    path: &[Hex],
    takes: &BTreeMap<usize, Vec<String>>,
    drops: &BTreeMap<usize, Vec<String>>,
) -> Result<(), RuleError> {
    let Some(cmd) = st.commanders.get(cid) else {
        return Ok(());
    };
    if parent_commander(cmd, side) {
        return Ok(());
    }
    let mut with: BTreeSet<String> = BTreeSet::new();
    for k in 0..=path.len() {
        if k > 0 {
            let h = path[k - 1];
            for id in with.iter().filter(|id| is_allied(st, id)) {
                if !held(st, side, id, map, h) {
                    let from = origins(st, id)
                        .into_iter()
                        .map(|(m, x)| {
                            if m == map.id {
                                x.to_string()
                            } else {
                                format!("{x} ({m})")
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(" or ");
                    let per = st.maps.costs("romans").map(|c| c.per_mp).unwrap_or(2);
                    return Err(RuleError::illegal(
                        format!("moves[{i}]"),
                        "Romans [16.15]",
                        format!(
                            "path[{}] {h}: {id} is an allied unit and {} is not a commander of its parent power: it may not go more than {} from its point of origin ({from})",
                            k - 1,
                            st.commander_name(cid),
                            mp(leash(st), per)
                        ),
                    ));
                }
            }
        }
        for id in drops.get(&k).into_iter().flatten() {
            with.remove(id);
        }
        with.extend(takes.get(&k).into_iter().flatten().cloned());
    }
    Ok(())
}
