//! Romans [14]: land supply. A Force is in supply within 10 MP (`movement.yaml` radii.supply)
//! of a friendly controlled Naval Base (printed, or built in play, [17.33]) or its capital ([14.11], [14.12]; allies also their home
//! cities, [14.14]; any friendly controlled Naval Base serves anyone, errata 14.14), traced over
//! land and coastal hexes only (errata 14.12) and never through an enemy stack of more than 5
//! SSP outside a city or an enemy A/B city hex ([14.13]); a base blockaded by an enemy fleet
//! does not serve ([14.15]). Going beyond the radius costs 1 talent, once a phase a Force
//! ([14.21]), paid at that moment through `State::spend`; without it the Force may not leave
//! the radius. A commander-led Force that stays beyond it outside a friendly city hex pays at
//! the end of its phase, or, unable to pay, rolls land attrition (rulings AMB-53, AMB-64, R-41;
//! [14.26]).

use std::collections::{BTreeMap, BTreeSet};

use super::attrition::land_attrition;
use super::data::model::NationKind;
use super::orders::Standing;
use super::sequence::side_name;
use super::state::{CityState, State};
use crate::games::conquerors::movement::Walk;
use crate::games::conquerors::supply::distance;
use crate::geo::hexmap::CityClass;
use crate::geo::{Hex, HexMap};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The supply radius in half MP ([14.12]).
pub fn radius(st: &State) -> u32 {
    st.pack
        .movement
        .radii
        .get("supply")
        .map(|r| r.half_mp)
        .unwrap_or(20)
}

/// The cities of `map` in `st.cities` with their hex: the same pairs as looking up
/// `State::city_at` for every hex of the map, without formatting a key per hex.
fn cities_on<'a>(
    st: &'a State,
    map: &'a HexMap,
) -> impl Iterator<Item = (Hex, &'a CityState)> + 'a {
    let prefix = format!("{}:", map.id);
    st.cities
        .range(prefix.clone()..)
        .take_while(move |(k, _)| k.starts_with(&prefix))
        .filter_map(move |(k, c)| {
            let rest = &k[map.id.len() + 1..];
            // A four-digit key is the one hex printing as it; any other (never written by
            // the set-up) is matched as `city_at` would, by printing the map's hexes.
            let h = match Hex::parse(rest) {
                Ok(h) if h.to_string() == rest => Some(h),
                _ => map.hexes.keys().copied().find(|h| h.to_string() == rest),
            }?;
            map.hexes.contains_key(&h).then_some((h, c))
        })
}

/// Romans [14.11], [14.14], [14.15], errata 14.14: the supply sources on `map` of a Force of
/// `side` made of units of `nations`.
pub fn sources(st: &State, side: &str, map: &HexMap, nations: &BTreeSet<String>) -> BTreeSet<Hex> {
    let mut out = BTreeSet::new();
    let blockaded = |h: Hex| {
        let hex = h.to_string();
        st.squadrons
            .values()
            .any(|q| st.hostile(&q.side, side) && q.at.map == map.id && q.at.hex == hex)
    };
    // [14.14]: a Force of one ally's units also draws on that ally's home cities.
    let allied: Vec<&String> = nations
        .iter()
        .filter(|n| {
            st.pack
                .counters
                .nations
                .get(*n)
                .is_some_and(|x| x.kind == NationKind::Ally)
        })
        .collect();
    let capital = st
        .pack
        .counters
        .nations
        .get(side)
        .and_then(|n| n.capital.as_ref());
    for (h, c) in cities_on(st, map) {
        if c.sacked || c.control.as_deref() != Some(side) || blockaded(h) {
            continue;
        }
        // [5.65], [17.33]: printed and built Naval Bases alike.
        let base = map.hexes.get(&h).is_some_and(|e| e.naval_base)
            || st
                .built_bases
                .contains_key(&super::state::city_key(&map.id, &h.to_string()));
        let capital = capital.is_some_and(|p| {
            p.city.as_deref() == Some(c.name.as_str())
                && p.map.as_deref().is_none_or(|m| m == map.id)
        });
        let home = allied.len() == nations.len()
            && allied.len() == 1
            && c.ally.as_deref() == Some(allied[0].as_str());
        if base || capital || home {
            out.insert(h);
        }
    }
    out
}

/// Romans [14.12], [14.13]: whether a Force of `side` (units of `nations`) at `h` is within its
/// supply radius.
pub fn in_supply(st: &State, side: &str, map: &HexMap, h: Hex, nations: &BTreeSet<String>) -> bool {
    Radius::new(st, side, map, nations).is_none_or(|r| r.reaches(h))
}

/// Romans [16.15], ruling AMB-30: whether a Force of `side` at `h` lies within `limit` half
/// MP of one of `points`, measured as the supply radius is ([14.12], [14.13], AMB-52).
pub fn within_of(
    st: &State,
    side: &str,
    map: &HexMap,
    h: Hex,
    points: BTreeSet<Hex>,
    limit: u32,
) -> bool {
    Radius::new(st, side, map, &BTreeSet::new()).is_none_or(|mut r| {
        r.sources = points;
        r.limit = limit;
        r.reaches(h)
    })
}

/// Romans [14.12], [14.13]: what a supply search of one Force looks at — its sources, the
/// enemy stacks and cities that close hexes — gathered once, so the hexes of a whole path are
/// checked against the same state without gathering it again for each.
struct Radius<'a> {
    st: &'a State,
    map: &'a HexMap,
    sources: BTreeSet<Hex>,
    /// [14.13]: enemy SSP outside a city, by hex (a position not written `CCRR` by its text).
    stacks: BTreeMap<Hex, u32>,
    odd: BTreeMap<&'a str, u32>,
    /// [14.13]: enemy A/B cities.
    walled: BTreeSet<Hex>,
    limit: u32,
}

impl<'a> Radius<'a> {
    /// None when the game has no movement costs (everything is then in supply).
    fn new(st: &'a State, side: &str, map: &'a HexMap, nations: &BTreeSet<String>) -> Option<Self> {
        st.maps.costs("romans")?;
        let sources = sources(st, side, map, nations);
        let mut stacks: BTreeMap<Hex, u32> = BTreeMap::new();
        let mut odd: BTreeMap<&str, u32> = BTreeMap::new();
        for u in st.units.values() {
            if u.at.map == map.id && st.hostile(&u.side, side) && !u.at.inside {
                match Hex::parse(&u.at.hex) {
                    Ok(x) if x.to_string() == u.at.hex => *stacks.entry(x).or_insert(0) += u.ssp,
                    _ => *odd.entry(u.at.hex.as_str()).or_insert(0) += u.ssp,
                }
            }
        }
        let walled: BTreeSet<Hex> = cities_on(st, map)
            .filter(|(_, c)| {
                !c.sacked
                    && matches!(c.class, CityClass::A | CityClass::B)
                    && c.control.as_deref().is_some_and(|o| st.hostile(o, side))
            })
            .map(|(h, _)| h)
            .collect();
        Some(Radius {
            st,
            map,
            sources,
            stacks,
            odd,
            walled,
            limit: radius(st),
        })
    }

    /// Enemy SSP outside a city at `x`.
    fn enemy_ssp(&self, x: Hex) -> u32 {
        self.stacks.get(&x).copied().unwrap_or(0)
            + if self.odd.is_empty() {
                0
            } else {
                self.odd.get(x.to_string().as_str()).copied().unwrap_or(0)
            }
    }

    /// Whether a Force at `h` is within the radius.
    fn reaches(&self, h: Hex) -> bool {
        // [20.21], the errata's Syrian War note: the Macedonians map's chart and its highway.
        let enemy = |x: Hex| self.enemy_ssp(x);
        let Some(costs) = super::persian_ways::supply_costs(self.st, self.map, h, &enemy) else {
            return true;
        };
        let closed = |x: Hex| self.walled.contains(&x) || self.enemy_ssp(x) > 5;
        distance(&costs, self.map, &closed, h, &self.sources, self.limit).is_some()
    }
}

fn nations_of(st: &State, ids: &BTreeSet<String>) -> BTreeSet<String> {
    ids.iter()
        .filter_map(|id| st.units.get(id))
        .map(|u| u.nation.clone())
        .collect()
}

/// Romans [14.21]: a move of `cid`'s Force (`force`) along `walked` from `start`: the first
/// hex beyond the radius costs 1 talent, once this phase for this Force.
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]` when the treasury cannot pay.
#[allow(clippy::too_many_arguments)]
pub fn charge_move(
    st: &mut State,
    side: &str,
    i: usize,
    cid: &str,
    map: &HexMap,
    walked: &Walk,
    force: &BTreeSet<String>,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if force.is_empty() || st.supply_paid.contains(cid) {
        return Ok(());
    }
    let nations = nations_of(st, force);
    let Some(supply) = Radius::new(st, side, map, &nations) else {
        return Ok(());
    };
    let Some(out) = walked.steps.iter().find(|s| !supply.reaches(s.hex)) else {
        return Ok(());
    };
    let hex = out.hex;
    st.spend(
        side,
        1,
        "Romans [14.21]",
        &format!(
            "taking {}'s Force beyond its supply radius at {hex}",
            st.commander_name(cid)
        ),
    )
    .map_err(|e| match e {
        RuleError::Illegal { rule, reason, .. } => RuleError::illegal(
            format!("moves[{i}]"),
            rule,
            format!("{reason}: a Force may not leave its supply radius without the talent"),
        ),
        other => other,
    })?;
    st.supply_paid.insert(cid.to_string());
    ev.push(Event::new(
        "Romans [14.21]",
        format!(
            "{}'s Force goes beyond its supply radius at {hex}: {} pays 1 talent ({} left)",
            st.commander_name(cid),
            side_name(side),
            st.talents(side)
        ),
    ));
    Ok(())
}

/// Rulings AMB-53, AMB-64, [14.26]: at the end of `side`'s Campaign Phase, each of its
/// commander-led Forces beyond the radius that has not paid this phase pays 1 talent; one that
/// cannot rolls on the Land Attrition Table.
pub fn end_of_phase(
    st: &mut State,
    side: &str,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let mut forces: BTreeMap<(String, String), (String, BTreeSet<String>)> = BTreeMap::new();
    for (id, c) in st.commanders.iter().filter(|(_, c)| c.side == side) {
        forces
            .entry((c.at.map.clone(), c.at.hex.clone()))
            .or_insert_with(|| (id.clone(), BTreeSet::new()));
    }
    // Errata 14.21, follow-up 14.12: a Force aboard a fleet (within 20 MP of a friendly Naval
    // Base, [5.62]) pays nothing for being beyond its radius (`transport`).
    for (id, u) in st
        .units
        .iter()
        .filter(|(id, u)| u.side == side && super::transport::ashore(st, id))
    {
        if let Some(f) = forces.get_mut(&(u.at.map.clone(), u.at.hex.clone())) {
            f.1.insert(id.clone());
        }
    }
    let mut maps: BTreeMap<String, std::sync::Arc<HexMap>> = BTreeMap::new();
    for ((m, hex), (cid, units)) in forces {
        if units.is_empty() || st.supply_paid.contains(&cid) {
            continue;
        }
        if !maps.contains_key(&m) {
            let Some(x) = st.map(&m) else { continue };
            maps.insert(m.clone(), x);
        }
        let map = &maps[&m];
        let Ok(h) = Hex::parse(&hex) else { continue };
        // Ruling R-41: a Force standing in a friendly city hex is not charged for staying.
        let sheltered = st
            .city_at(&m, h)
            .is_some_and(|c| !c.sacked && c.control.as_deref() == Some(side));
        if sheltered || in_supply(st, side, map, h, &nations_of(st, &units)) {
            continue;
        }
        if st.spend(side, 1, "Romans [14.21]", "supply").is_ok() {
            ev.push(Event::new(
                "Romans [14.21], ruling AMB-53",
                format!(
                    "{}'s Force at {hex} is beyond its supply radius: {} pays 1 talent ({} left)",
                    st.commander_name(&cid),
                    side_name(side),
                    st.talents(side)
                ),
            ));
        } else {
            let ids: Vec<String> = units.into_iter().collect();
            land_attrition(
                st,
                side,
                &ids,
                &format!(
                    "{}'s Force at {hex}, out of supply with an empty treasury",
                    st.commander_name(&cid)
                ),
                "Romans [14.26]",
                standing,
                dice,
                ev,
            )?;
        }
    }
    Ok(())
}
