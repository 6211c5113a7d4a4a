//! Supply and attrition (Alexandros 7): depletion rolls, attrition, sea supply.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::control;
use super::data::{Pack, ProvinceType, Side};
use super::orders::Standing;
use super::state::{side_name, Host, State};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Alexandros 6.2, 7.2: combat units that make an army (and call for a depletion roll).
pub const ARMY_UNITS: usize = 3;
/// Alexandros 7.2: more than this many units in a province adds one to the depletion roll.
pub const CROWD_UNITS: usize = 8;
/// Alexandros 7.2: a modified depletion roll of at least this (d6 pips) depletes the province.
pub const DEPLETION_AT: u32 = 5;

/// Alexandros 7.2: the depletion modifier in d6 pips; the three additions are cumulative:
/// +1 for more than 8 units, +1 for a Mountain province, +1 in a Winter turn.
pub fn depletion_modifier(units: usize, mountain: bool, winter: bool) -> u32 {
    u32::from(units > CROWD_UNITS) + u32::from(mountain) + u32::from(winter)
}

/// Alexandros 7.2: a d6 `roll` plus `modifier` of 5 or more depletes the province.
pub fn depletes(roll: u32, modifier: u32) -> bool {
    roll + modifier >= DEPLETION_AT
}

/// The province-type part of a Supply Attrition Table column label (7.4, 8.6).
pub fn attrition_type(kind: ProvinceType) -> &'static str {
    match kind {
        ProvinceType::Rich => "rich",
        ProvinceType::Fertile => "fertile",
        ProvinceType::Mountain => "mountain",
        ProvinceType::DesertWilderness => "desert-wilderness",
    }
}

/// Alexandros 7.4, 8.6: the Supply Attrition Table column for an army of `units` combat units
/// in a province of type `kind`: the column labelled `<type> <band>` whose band (`9-16`, `17+`)
/// holds `units`, or a column labelled with the type alone (a table that ignores size, as a
/// player's printed table may). `None` if the table has no such column.
pub fn attrition_column(pack: &Pack, kind: ProvinceType, units: usize) -> Option<String> {
    let t = pack.table("supply-attrition")?;
    let ty = attrition_type(kind);
    t.columns
        .iter()
        .find(|c| match c.split_once(' ') {
            None => c.as_str() == ty,
            Some((k, band)) => {
                k == ty
                    && crate::pack::table::band(band.trim())
                        .map(|(lo, hi)| {
                            units as u32 >= lo && hi.map(|h| units as u32 <= h).unwrap_or(true)
                        })
                        .unwrap_or(false)
            }
        })
        .cloned()
}

/// Alexandros 7.4, 8.6: steps lost for a d6 `roll` by `units` combat units (counted first,
/// 7.4) in a province of type `kind`, on the Supply Attrition Table (pack data).
pub fn attrition_steps(pack: &Pack, roll: u32, kind: ProvinceType, units: usize) -> u8 {
    attrition_column(pack, kind, units)
        .and_then(|col| {
            pack.table("supply-attrition")
                .and_then(|t| t.roll(roll as u8, &col))
                .and_then(|c| c.trim().parse().ok())
        })
        .unwrap_or(0)
}

/// Alexandros 7.5, 5.6: can `side` carry supply by sea from `source` to an army in `army`?
/// `Ok(zones used)` or `Err(why)`. The source must be friendly-controlled, not contested, not
/// depleted and not Desert (ruling A-07); the army's province friendly or contested; each zone
/// usable by `side` (5.6); supply passes along a zone's coast up to, not beyond, an enemy-walled
/// coastal city (7.5, ruling A-06). Zones connect through the provinces on both coasts.
pub fn sea_route(state: &State, side: Side, army: &str, source: &str) -> Result<(), String> {
    if !control::controls(state, side, source) {
        return Err(format!(
            "{source} is not controlled by the {}",
            side_name(side)
        ));
    }
    if state.depleted.contains(source)
        || state.pack.province(source).map(|p| p.kind) == Some(ProvinceType::DesertWilderness)
    {
        return Err(format!("{source} is depleted"));
    }
    if !control::friendly_or_contested(state, side, army) {
        return Err(format!("{army} is neither friendly nor contested"));
    }
    let zones: Vec<(&String, &Vec<String>)> = state
        .pack
        .map
        .sea_zones
        .iter()
        .filter(|(z, _)| control::may_use_sea_zone(state, side, z))
        .map(|(z, d)| (z, &d.coast))
        .collect();
    let blocker = |name: &str| -> bool {
        state
            .walls
            .get(name)
            .map(|w| w.count > 0 && w.side != side)
            .unwrap_or(false)
            && state.pack.city(name).map(|c| c.coastal).unwrap_or(false)
    };
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::new();
    for (zi, (_, coast)) in zones.iter().enumerate() {
        for (i, n) in coast.iter().enumerate() {
            if n == army {
                queue.push_back((zi, i));
                seen.insert((zi, i));
            }
        }
    }
    while let Some((zi, i)) = queue.pop_front() {
        let coast = zones[zi].1;
        let name = &coast[i];
        if name == source {
            return Ok(());
        }
        let start = name == army;
        if blocker(name) && !start {
            continue; // up to the fortress, not beyond (7.5)
        }
        let mut next = Vec::new();
        if i > 0 {
            next.push((zi, i - 1));
        }
        if i + 1 < coast.len() {
            next.push((zi, i + 1));
        }
        for (zj, (_, c2)) in zones.iter().enumerate() {
            for (j, n2) in c2.iter().enumerate() {
                if n2 == name && zj != zi {
                    next.push((zj, j));
                }
            }
        }
        for n in next {
            if seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    Err(format!(
        "no chain of usable sea zones from {source} to {army} that does not pass an enemy coastal fortress"
    ))
}

/// Alexandros 7 (Mutual Supply Phase): depletion rolls for every province supplying an army,
/// then attrition for armies in provinces depleted before this phase or in Desert/Wilderness.
pub fn supply_phase(
    state: &mut State,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let winter = state.is_winter();
    // Sea supply declared in standing orders (7.5).
    let mut sea: BTreeMap<(Side, String), String> = BTreeMap::new();
    for side in [Side::Macedonian, Side::Persian] {
        if let Some(st) = standing.get(side_name(side)) {
            for (army, source) in &st.sea_supply {
                if state.field_units(side, army).len() < ARMY_UNITS {
                    continue;
                }
                match sea_route(state, side, army, source) {
                    Ok(()) => {
                        ev.push(Event::new(
                            "Alexandros 7.5",
                            format!(
                                "the {} army in {army} draws supply by sea from {source}",
                                side_name(side)
                            ),
                        ));
                        sea.insert((side, army.clone()), source.clone());
                    }
                    Err(why) => ev.push(Event::new(
                        "Alexandros 7.5",
                        format!("sea supply {army} from {source} not possible: {why}"),
                    )),
                }
            }
        }
    }
    // 17.1: Scorched Earth is laid before the depletion rolls (ruling A-67).
    for p in std::mem::take(&mut state.scorch_orders) {
        if control::controls(state, Side::Persian, &p) {
            state.depleted.insert(p.clone());
            state.scorched.insert(p.clone());
            ev.push(Event::new(
                "Alexandros 17.1",
                format!("the Persians lay {p} waste"),
            ));
        }
    }
    let depleted_before: BTreeSet<String> = state.depleted.clone();
    let provinces: Vec<String> = state.pack.map.provinces.keys().cloned().collect();
    // A. Depletion (7.2, 7.5, 7.7).
    for p in &provinces {
        let kind = state.pack.province(p).map(|x| x.kind).unwrap();
        if kind == ProvinceType::DesertWilderness || state.depleted.contains(p) {
            continue; // 7.6, 7.2: nothing more to deplete
        }
        let mut count = 0usize;
        // The sides whose armies the province supplies (7.2, 7.5, 7.7).
        let mut armies: BTreeSet<Side> = BTreeSet::new();
        for side in [Side::Macedonian, Side::Persian] {
            let field = state.field_units(side, p).len();
            let city = state.city_units(side, p).len();
            if sea.contains_key(&(side, p.clone())) {
                count += city; // the sea-supplied army counts at its source (ruling A-07)
            } else {
                count += field + city;
                if field >= ARMY_UNITS {
                    armies.insert(side);
                }
            }
        }
        for ((side, army), source) in &sea {
            if source == p {
                count += state.field_units(*side, army).len();
                armies.insert(*side);
            }
        }
        if armies.is_empty() {
            continue;
        }
        let m = depletion_modifier(count, kind == ProvinceType::Mountain, winter);
        let purpose = format!("depletion of {p} ({count} units)");
        // The roll is for the army the province supplies; a Contested province supplying
        // both sides' armies (7.7) rolls for neither.
        let r = match armies.iter().collect::<Vec<_>>().as_slice() {
            [one] => dice
                .roll_for(side_name(**one))
                .d6(&purpose, "Alexandros 7.2")?,
            _ => dice.d6(&purpose, "Alexandros 7.2")?,
        };
        let result = if depletes(r, m) {
            state.depleted.insert(p.clone());
            "depleted"
        } else {
            "not depleted"
        };
        ev.push(Event::new(
            "Alexandros 7.2",
            format!(
                "{p} {result} (roll {r} + {m} = {}, needs {DEPLETION_AT} or more)",
                r + m
            ),
        ));
    }
    // B. Attrition (7.3, 7.4, 7.6, 7.7, 7.8, 7.9).
    for p in &provinces {
        let kind = state.pack.province(p).map(|x| x.kind).unwrap();
        if kind != ProvinceType::DesertWilderness && !depleted_before.contains(p) {
            continue;
        }
        for (side, host) in [
            (Side::Macedonian, Host::Main),
            (Side::Persian, Host::Main),
            (Side::Persian, Host::Indian),
            (Side::Persian, Host::Raiders),
        ] {
            if sea.contains_key(&(side, p.clone())) && host == Host::Main {
                continue;
            }
            // 6.3: each Persian-side force is a separate army for attrition.
            let mut army = state.host_units(side, p, host);
            // 14.3: raiders need no supply while they stay in their province of origin (the
            // raid's province, recorded when they appear); in another barbarian province, as
            // in the Empire, they pay attrition like any army. A raider with no recorded
            // origin (a game saved before origins were kept) is at home in any barbarian
            // province.
            let barbarian = state
                .pack
                .province(p)
                .map(|x| x.groups.contains(&super::data::ProvinceGroup::Barbarian))
                .unwrap_or(false);
            army.retain(|u| {
                let n = state.pack.unit(u).map(|x| x.nationality);
                let raider = matches!(
                    n,
                    Some(super::data::Nationality::Barbarian | super::data::Nationality::Arab)
                );
                let raider_at_home = raider
                    && match state.raid_origin.get(u) {
                        Some(origin) => origin == p,
                        None => barbarian,
                    };
                // 14.2: Spartans need no supply in Hellas.
                let spartan_at_home = p == super::events::REVOLT_PROVINCE
                    && n == Some(super::data::Nationality::Spartan);
                !(raider_at_home || spartan_at_home)
            });
            if side == Side::Macedonian && p == "Macedonia" {
                continue; // 7.8
            }
            if army.len() < ARMY_UNITS {
                continue; // 7.9 garrisons need no supply
            }
            let r = dice.roll_for(side_name(side)).d6(
                &format!("attrition of the {} army in {p}", side_name(side)),
                "Alexandros 7.4",
            )?;
            // 7.4: count the units first; the army's size picks the column with its type.
            let n = attrition_steps(&state.pack, r, kind, army.len());
            ev.push(Event::new(
                "Alexandros 7.4",
                format!(
                    "the {} army in {p} ({}) rolls {r} for attrition on the {} column: {} lost",
                    match host {
                        Host::Main => side_name(side),
                        Host::Indian => "Indian",
                        Host::Raiders => "raiders'",
                    },
                    crate::view::count(army.len(), "unit"),
                    attrition_column(&state.pack, kind, army.len())
                        .unwrap_or_else(|| attrition_type(kind).to_string()),
                    crate::view::count(n as usize, "step"),
                ),
            ));
            let pref = standing
                .get(side_name(side))
                .and_then(|s| s.losses.clone())
                .unwrap_or_default();
            take_attrition(state, &army, n, &pref, ev);
        }
    }
    Ok(())
}

/// Alexandros 7.4: takes `n` steps from `army`. The owner's order (`pref`, unit codes) is
/// followed, but no unit is eliminated while another can absorb the step by reduction; without
/// an order the unit with the most steps left is reduced first (ties: strongest defence, then code).
pub fn take_attrition(
    state: &mut State,
    army: &[String],
    n: u8,
    pref: &[String],
    ev: &mut Vec<Event>,
) {
    take_losses(state, army, n, pref, "Alexandros 7.4", ev);
}

/// Takes up to `n` steps from `army` as [`take_attrition`] does, reporting each under `rule`
/// (7.4 attrition, 8.6 forced march, 11.4 siege); a step the owner's `losses` order does not
/// place is reported as the default pick. Returns the steps taken (fewer when the army runs out).
pub fn take_losses(
    state: &mut State,
    army: &[String],
    n: u8,
    pref: &[String],
    rule: &str,
    ev: &mut Vec<Event>,
) -> u8 {
    let mut taken = 0;
    for _ in 0..n {
        let alive: Vec<String> = army
            .iter()
            .filter(|c| {
                state.units[c.as_str()].steps > 0
                    && state.units[c.as_str()].place != super::state::Place::Pool
            })
            .cloned()
            .collect();
        if alive.is_empty() {
            return taken;
        }
        let reducible: Vec<String> = alive
            .iter()
            .filter(|c| state.units[c.as_str()].steps > 1)
            .cloned()
            .collect();
        let pool = if reducible.is_empty() {
            &alive
        } else {
            &reducible
        };
        let chosen = pref.iter().find(|c| pool.contains(c)).cloned();
        let default = chosen.is_none();
        let pick = chosen.unwrap_or_else(|| {
            let mut v = pool.clone();
            v.sort_by_key(|c| {
                (
                    std::cmp::Reverse(state.units[c.as_str()].steps),
                    std::cmp::Reverse(state.strength(c).defense),
                    c.clone(),
                )
            });
            v[0].clone()
        });
        state.lose_step(&pick);
        taken += 1;
        ev.push(Event::new(
            rule,
            if default {
                format!("{pick} loses a step (default: the standing losses order names no unit that can take it)")
            } else {
                format!("{pick} loses a step")
            },
        ));
    }
    taken
}

/// Alexandros 17.1 (optional Scorched Earth): may `side` lay `province` waste?
pub fn check_scorch(state: &State, side: Side, province: &str) -> Result<(), RuleError> {
    let order = format!("scorch {province}");
    if !state.option(super::OPT_SCORCHED) {
        return Err(RuleError::illegal(
            order,
            "Alexandros 17.1",
            "the optional Scorched Earth rule is not in play",
        ));
    }
    if side != Side::Persian {
        return Err(RuleError::illegal(
            order,
            "Alexandros 17.1",
            "only the Persian scorches the earth",
        ));
    }
    if !control::controls(state, side, province) {
        return Err(RuleError::illegal(
            order,
            "Alexandros 17.1",
            format!("{province} is not a province you control without contest"),
        ));
    }
    Ok(())
}
