//! Romans [17.3]: raising armies and building fleets in the Winter — legions in numerical order
//! ([17.38]) in Roma or Capua, other land troops in the raising city of their country or, for
//! Rome, the auxiliary cities ([17.32], [17.37]), squadrons and Merchants in the listed ports,
//! Siege Trains ([17.34]); all within the treasury and the counter mix ([17.3]). Costs are the
//! Purchase and Maintenance Cost Table's ([17.4]).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::data::model::Arm;
use super::economy::{cost, fleet_item, troops_cost};
use super::sequence::side_name;
use super::state::State;
use super::winter_orders::WinterOrders;
use crate::games::conquerors::force::{Commander, LandUnit, Position, Squadron};
use crate::ruleset::{Event, RuleError};

const R_RAISE: &str = "Romans [17.31]";
const R_WHERE: &str = "Romans [17.32]";
const R_AUX: &str = "Romans [17.37]";
const R_ORDER: &str = "Romans [17.38]";
const R_MIX: &str = "Romans [17.3]";

#[derive(Deserialize, Default)]
struct RaisingCities {
    #[serde(default)]
    legions: Vec<String>,
    #[serde(default)]
    land: Vec<String>,
    #[serde(default)]
    fleets: Vec<String>,
}

fn numbers<T: for<'de> Deserialize<'de>>(st: &State, section: &str, key: &str) -> Option<T> {
    let v = st.pack.numbers.get(section)?.get(key)?;
    serde_json::from_value(v.item.clone()).ok()
}

fn raising_cities(st: &State, side: &str) -> RaisingCities {
    numbers::<BTreeMap<String, serde_json::Value>>(st, "economy", "raising-cities")
        .and_then(|m| m.get(side).cloned())
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default()
}

fn auxiliary_cities(st: &State, kind: &str) -> Vec<String> {
    numbers::<BTreeMap<String, serde_json::Value>>(st, "economy", "auxiliary-cities")
        .and_then(|m| m.get(kind).cloned())
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default()
}

/// The key of the city named `name` (`map:hex`).
pub fn city_named(st: &State, name: &str) -> Option<String> {
    st.cities
        .iter()
        .find(|(_, c)| c.name.eq_ignore_ascii_case(name))
        .map(|(k, _)| k.clone())
}

/// Enemy land units stand in the city's hex ([17.32] "occupied").
fn occupied_by_enemy(st: &State, side: &str, key: &str) -> bool {
    let c = &st.cities[key];
    st.units
        .values()
        .any(|u| st.hostile(&u.side, side) && u.at.map == c.at.map && u.at.hex == c.at.hex)
}

fn regions(st: &State, key: &str) -> Vec<String> {
    let c = &st.cities[key];
    st.maps
        .maps
        .get(&c.at.map)
        .and_then(|m| m.hexes.get(&c.at.hex))
        .map(|e| e.regions.clone())
        .unwrap_or_default()
}

/// Romans [17.32]: where `side` may place what he raises at `name`, given the listed cities.
/// A listed city serves while it is friendly (for Rome's auxiliary cities: not the enemy's,
/// AMB-57) and no enemy stands there; when every listed city is occupied, another friendly
/// city of the same country takes its place.
fn placement(
    st: &State,
    side: &str,
    name: &str,
    listed: &[String],
    what: &str,
    rule: &str,
    neutral_ok: bool,
) -> Result<String, RuleError> {
    let key = city_named(st, name).ok_or_else(|| {
        RuleError::illegal(
            what,
            rule,
            format!("no city {name} on the map (try {})", listed.join(", ")),
        )
    })?;
    let friendly = |k: &str| match st.cities[k].control.as_deref() {
        Some(s) => s == side,
        None => neutral_ok,
    };
    let usable = |k: &str| friendly(k) && !occupied_by_enemy(st, side, k);
    if listed.iter().any(|l| l.eq_ignore_ascii_case(name)) {
        if usable(&key) {
            return Ok(key);
        }
        return Err(RuleError::illegal(
            what,
            rule,
            format!("{name} is not friendly or an enemy stands there"),
        ));
    }
    let listed_keys: Vec<String> = listed.iter().filter_map(|l| city_named(st, l)).collect();
    let all_blocked = !listed_keys.is_empty() && listed_keys.iter().all(|k| !usable(k));
    let same_country = listed_keys.iter().any(|k| {
        let r = regions(st, k);
        regions(st, &key).iter().any(|x| r.contains(x))
    });
    if all_blocked && same_country && usable(&key) {
        return Ok(key);
    }
    Err(RuleError::illegal(
        what,
        rule,
        format!(
            "{} raises this in {} (another friendly city of the same country only while those are occupied)",
            side_name(side),
            listed.join(" or ")
        ),
    ))
}

/// A new id `stem-N`, N one more than any in use.
fn next_id<V>(map: &BTreeMap<String, V>, stem: &str) -> String {
    let n = map
        .keys()
        .filter_map(|k| k.strip_prefix(&format!("{stem}-")))
        .filter_map(|s| s.parse::<u32>().ok())
        .max()
        .unwrap_or(0);
    format!("{stem}-{}", n + 1)
}

/// Where a new land counter stands: inside its friendly city while there is room (as the
/// set-up does, ruling R-4).
fn land_position(st: &State, side: &str, key: &str, ssp: u32) -> Position {
    let c = &st.cities[key];
    let inside_now: u32 = st
        .units
        .values()
        .filter(|u| u.at.map == c.at.map && u.at.hex == c.at.hex && u.at.inside)
        .map(|u| u.ssp)
        .sum();
    let cap = st
        .pack
        .movement
        .stacking
        .inside_city_by_class
        .get(&format!("{:?}", c.class))
        .map(|x| x.limit().unwrap_or(u32::MAX))
        .unwrap_or(0);
    Position {
        map: c.at.map.clone(),
        hex: c.at.hex.clone(),
        inside: c.control.as_deref() == Some(side) && inside_now + ssp <= cap,
    }
}

/// Romans [17.3]: counters of a kind `side` may still have (the mix less those in play).
fn mix_left(st: &State, side: &str, group: &str, kind: &str) -> u32 {
    let Some(m) = st.pack.counters.counter_mix.get(side) else {
        return 0;
    };
    let (limit, used) = match group {
        "legions" => (
            m.legions.unwrap_or(0),
            st.units
                .values()
                .filter(|u| u.side == side && u.kind == "legion")
                .count(),
        ),
        "land" => (
            m.land.get(kind).copied().unwrap_or(0),
            st.units
                .values()
                .filter(|u| u.side == side && u.nation == side && u.kind == kind)
                .count(),
        ),
        "squadrons" if kind == "merchant" => (
            m.merchants.unwrap_or(0),
            st.squadrons
                .values()
                .filter(|q| q.side == side && q.kind == kind)
                .count(),
        ),
        "squadrons" => (
            m.squadrons.get(kind).copied().unwrap_or(0),
            st.squadrons
                .values()
                .filter(|q| q.side == side && q.nation == side && q.kind == kind)
                .count(),
        ),
        _ => (
            m.siege_trains.unwrap_or(0),
            st.units
                .values()
                .filter(|u| u.side == side && u.kind == "siege-train")
                .count(),
        ),
    };
    limit.saturating_sub(used as u32)
}

fn mix_check(st: &State, side: &str, group: &str, kind: &str, n: u32) -> Result<(), RuleError> {
    let left = mix_left(st, side, group, kind);
    if n > left {
        return Err(RuleError::illegal(
            kind,
            R_MIX,
            format!(
                "the counter mix leaves {} {left} more {kind} counter(s), not {n}",
                side_name(side)
            ),
        ));
    }
    Ok(())
}

/// Romans [17.33], follow-up 17.33: a Naval Base may be built in a port `side` controls (his
/// active ally's included), not already a base, while he has fewer than two built.
pub(super) fn naval_base_site(
    st: &State,
    side: &str,
    name: &str,
    what: &str,
) -> Result<String, RuleError> {
    const R: &str = "Romans [17.33]";
    let key = city_named(st, name)
        .ok_or_else(|| RuleError::illegal(what, R, format!("no city {name} on the map")))?;
    let c = &st.cities[&key];
    let entry = st
        .maps
        .maps
        .get(&c.at.map)
        .and_then(|m| m.hexes.get(&c.at.hex));
    if !entry.is_some_and(|e| e.port) {
        return Err(RuleError::illegal(what, R, format!("{name} is not a port")));
    }
    if entry.is_some_and(|e| e.naval_base) || st.built_bases.contains_key(&key) {
        return Err(RuleError::illegal(
            what,
            R,
            format!("{name} is a Naval Base already"),
        ));
    }
    if c.control.as_deref() != Some(side) {
        return Err(RuleError::illegal(
            what,
            R,
            format!("{name} is not a port {} controls", side_name(side)),
        ));
    }
    let max: u32 = numbers::<serde_json::Value>(st, "economy", "naval-bases-buildable-at-once")
        .and_then(|v| v.get("count").and_then(|x| x.as_u64()))
        .unwrap_or(2) as u32;
    // Follow-up 17.33: a base that went over with its port no longer counts for its builder.
    let built = st
        .built_bases
        .iter()
        .filter(|(k, s)| {
            *s == side
                && st
                    .cities
                    .get(*k)
                    .is_some_and(|c| c.control.as_deref() == Some(side))
        })
        .count() as u32;
    if built >= max {
        return Err(RuleError::illegal(
            what,
            R,
            format!(
                "{} has {built} Naval Bases built; {max} at any one time",
                side_name(side)
            ),
        ));
    }
    Ok(key)
}

/// Romans [17.38]: the lowest legion numeral not in play.
pub fn next_legion(st: &State) -> Option<String> {
    st.pack
        .counters
        .legion
        .numerals
        .iter()
        .find(|n| !st.units.contains_key(&format!("legion-{n}")))
        .cloned()
}

/// Puts legion `numeral` with its two tribunes (untried: drawn when first used, R-12) at
/// `key`.
pub fn place_legion(st: &mut State, side: &str, numeral: &str, key: &str) {
    let pack = st.pack.clone();
    let l = &pack.counters.legion;
    let full = l.full_ssp(numeral).unwrap_or(0);
    let i = l.numerals.iter().position(|n| n == numeral).unwrap_or(0);
    let comp = if i % 2 == 0 { &l.odd } else { &l.even };
    let cav: u32 = comp
        .iter()
        .filter_map(|(t, n)| {
            pack.unit_type(t)
                .filter(|u| u.arm == Arm::Cavalry)
                .map(|u| u.ssp * n)
        })
        .sum();
    let at = land_position(st, side, key, full);
    st.units.insert(
        format!("legion-{numeral}"),
        LandUnit {
            side: side.into(),
            nation: side.into(),
            kind: "legion".into(),
            label: Some(format!("Legion {numeral}")),
            ssp: full,
            full_ssp: full,
            cavalry_ssp: cav,
            at: at.clone(),
        },
    );
    for k in 1..=l.tribunes {
        st.commanders.insert(
            format!("tribune-{numeral}-{k}"),
            Commander {
                side: side.into(),
                nation: side.into(),
                counter: None,
                pool: Some("tribunes".into()),
                office: Some(format!("tribune of Legion {numeral}")),
                at: at.clone(),
            },
        );
    }
}

/// Romans [17.3]: `side` raises and builds what `o` orders. Everything is checked, then the
/// whole cost is paid at once; `free_legions` legions cost nothing (Augury 12).
///
/// Errors: [`RuleError::Illegal`] naming the rule: a legion out of order or forbidden this
/// year, a city that may not take it, the counter mix, the 10-SSP auxiliary limit, the
/// treasury.
pub fn raise(
    st: &mut State,
    side: &str,
    o: &WinterOrders,
    no_new_legions: bool,
    free_legions: u32,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let cities = raising_cities(st, side);
    let mut talents = 0;
    let mut lines = Vec::new();
    // Legions ([17.38]: in numerical order; [17.32]: Roma or Capua).
    if !o.legions.is_empty() {
        if side != "rome" {
            return Err(RuleError::illegal(
                "legions",
                R_RAISE,
                "only Rome raises legions",
            ));
        }
        if no_new_legions {
            return Err(RuleError::illegal(
                "legions",
                "Romans [18.32]",
                "the Augury forbids new legions this year",
            ));
        }
    }
    let mut free = free_legions;
    for (i, l) in o.legions.iter().enumerate() {
        let what = format!("legions[{i}]");
        let want = next_legion(st)
            .ok_or_else(|| RuleError::illegal(&what, R_MIX, "all twelve legions are in play"))?;
        if want != l.legion {
            return Err(RuleError::illegal(
                &what,
                R_ORDER,
                format!(
                    "legions are raised in order: the next is {want}, not {}",
                    l.legion
                ),
            ));
        }
        let key = placement(st, side, &l.at, &cities.legions, &what, R_WHERE, false)?;
        place_legion(st, side, &l.legion, &key);
        let c = if free > 0 {
            free -= 1;
            0
        } else {
            cost(st, "legion", "raise")
        };
        talents += c;
        lines.push(format!(
            "Legion {} at {} ({c} talents)",
            l.legion, st.cities[&key].name
        ));
    }
    // Land troops ([17.31], [17.32], [17.37]).
    let mut ssp = 0;
    let mut aux: BTreeMap<String, u32> = BTreeMap::new();
    for (kind, n) in o.troops_by_type() {
        mix_check(st, side, "land", &kind, n)?;
    }
    for (i, t) in o.troops.iter().enumerate() {
        let what = format!("troops[{i}]");
        let ty = st.pack.unit_type(&t.kind).cloned().ok_or_else(|| {
            RuleError::illegal(&what, R_RAISE, format!("no unit type {}", t.kind))
        })?;
        let key = if side == "rome" {
            let listed = auxiliary_cities(st, &t.kind);
            if listed.is_empty() {
                return Err(RuleError::illegal(
                    &what,
                    R_AUX,
                    format!("Rome raises no {} auxiliaries", t.kind),
                ));
            }
            let key = placement(st, side, &t.at, &listed, &what, R_AUX, true)?;
            let here = aux.entry(key.clone()).or_default();
            *here += ty.ssp * t.count;
            let max: u32 = numbers::<serde_json::Value>(
                st,
                "economy",
                "auxiliary-recruiting-per-city-per-year",
            )
            .and_then(|v| v.get("ssp").and_then(|x| x.as_u64()))
            .unwrap_or(10) as u32;
            if *here > max {
                return Err(RuleError::illegal(
                    &what,
                    R_AUX,
                    format!(
                        "no more than {max} SSP a year from {}",
                        st.cities[&key].name
                    ),
                ));
            }
            key
        } else {
            placement(st, side, &t.at, &cities.land, &what, R_WHERE, false)?
        };
        for _ in 0..t.count {
            let id = next_id(&st.units, &format!("{side}-{}", t.kind));
            let at = land_position(st, side, &key, ty.ssp);
            st.units.insert(
                id,
                LandUnit {
                    side: side.into(),
                    nation: side.into(),
                    kind: t.kind.clone(),
                    label: None,
                    ssp: ty.ssp,
                    full_ssp: ty.ssp,
                    cavalry_ssp: if ty.arm == Arm::Cavalry { ty.ssp } else { 0 },
                    at,
                },
            );
        }
        ssp += ty.ssp * t.count;
        lines.push(format!(
            "{} {} ({} SSP) at {}",
            t.count,
            t.kind,
            ty.ssp * t.count,
            st.cities[&key].name
        ));
    }
    if ssp > 0 {
        let c = troops_cost(st, ssp);
        talents += c;
        lines.push(format!(
            "{ssp} SSP of troops: {c} talents (3 a 20 SSP, rounded up)"
        ));
    }
    // Fleets ([17.32]; Merchants: Rome, at Ostia, AMB-43).
    for f in &o.fleets {
        let n = o
            .fleets
            .iter()
            .filter(|x| x.kind == f.kind)
            .map(|x| x.count)
            .sum();
        mix_check(st, side, "squadrons", &f.kind, n)?;
    }
    for (i, f) in o.fleets.iter().enumerate() {
        let what = format!("fleets[{i}]");
        if !["heavy", "medium", "light", "merchant"].contains(&f.kind.as_str()) {
            return Err(RuleError::illegal(
                &what,
                R_RAISE,
                format!(
                    "no squadron kind {} (heavy, medium, light, merchant)",
                    f.kind
                ),
            ));
        }
        if f.kind == "merchant" && side != "rome" {
            return Err(RuleError::illegal(
                &what,
                R_RAISE,
                "only Rome builds Merchants (AMB-43)",
            ));
        }
        let key = placement(st, side, &f.at, &cities.fleets, &what, R_WHERE, false)?;
        let c = st.cities[&key].clone();
        for _ in 0..f.count {
            let id = next_id(&st.squadrons, &format!("{side}-{}", f.kind));
            st.squadrons.insert(
                id,
                Squadron {
                    side: side.into(),
                    nation: side.into(),
                    kind: f.kind.clone(),
                    half: false,
                    at: Position {
                        map: c.at.map.clone(),
                        hex: c.at.hex.clone(),
                        inside: false,
                    },
                },
            );
        }
        let t = cost(st, &fleet_item(&f.kind), "raise") * f.count;
        talents += t;
        lines.push(format!(
            "{} {} at {} ({t} talents)",
            f.count, f.kind, c.name
        ));
    }
    // Siege Trains ([17.34]).
    for (i, s) in o.siege_trains.iter().enumerate() {
        let what = format!("siege_trains[{i}]");
        if side == "rome" {
            return Err(RuleError::illegal(
                &what,
                "Romans [17.34]",
                "Rome's legions carry their own siege equipment",
            ));
        }
        mix_check(st, side, "siege-trains", "siege-train", s.count)?;
        let key = placement(st, side, &s.at, &cities.land, &what, R_WHERE, false)?;
        for _ in 0..s.count {
            let id = next_id(&st.units, &format!("{side}-siege-train"));
            let at = land_position(st, side, &key, 0);
            st.units.insert(
                id,
                LandUnit {
                    side: side.into(),
                    nation: side.into(),
                    kind: "siege-train".into(),
                    label: Some("Siege Train".into()),
                    ssp: 0,
                    full_ssp: 0,
                    cavalry_ssp: 0,
                    at,
                },
            );
        }
        let t = cost(st, "siege-train", "raise") * s.count;
        talents += t;
        lines.push(format!(
            "{} Siege Train(s) at {} ({t} talents)",
            s.count, st.cities[&key].name
        ));
    }
    // Naval Bases ([17.33], follow-up 17.33).
    for (i, name) in o.naval_bases.iter().enumerate() {
        let key = naval_base_site(st, side, name, &format!("naval_bases[{i}]"))?;
        st.built_bases.insert(key, side.to_string());
        let t = cost(st, "naval-base", "raise");
        talents += t;
        lines.push(format!("a Naval Base at {name} ({t} talents)"));
    }
    if lines.is_empty() {
        return Ok(());
    }
    st.spend(side, talents, R_RAISE, "raising")?;
    ev.push(Event::new(
        R_RAISE,
        format!(
            "{} raises {}: {talents} talents; treasury {}",
            side_name(side),
            lines.join("; "),
            st.treasury.get(side).copied().unwrap_or(0)
        ),
    ));
    Ok(())
}
