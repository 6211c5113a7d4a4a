//! Romans [5.6], [17.33], [17.15]: Naval Bases. The ports the map prints as bases (the
//! Macedonians map's in the Syrian War with Chios, Rhodes, Sestus and Cnossus: the map's
//! `romans` variant, [20.21] and the follow-up), those a player built ([17.33], `raising`),
//! and a reinforcement's own base for its fleet alone ([20.14]). A base serves the player who
//! controls its port, not sacked ([5.63], [13.54]; a built base goes with its port, errata and
//! follow-up 17.33). No hex a fleet enters may be more than 20 MP from one ([5.62]); a fleet
//! left beyond that when its base falls goes at once to the nearest friendly base ([5.64]).
//! A fleet in a Roman revenue city's hex at the end of a Game-Turn blockades it ([17.15]).

use std::collections::{BTreeMap, BTreeSet};

use super::fleets::{self, city_at, key, position, words};
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::sea::Waters;
use crate::geo::HexKey;
use crate::ruleset::Event;

/// Fleet cost of a hex (half MP, ruling AMB-05).
pub fn per_hex(st: &State) -> u32 {
    st.pack.movement.fleets.per_hex.half_mp
}

/// The reach of a Naval Base (half MP, [5.62]).
pub fn reach_limit(st: &State) -> u32 {
    st.pack
        .movement
        .radii
        .get("naval-base-reach")
        .map(|r| r.item.half_mp)
        .unwrap_or(40)
}

/// Romans [20.14]: hex `k` is the own base of a reinforcement fleet whose nation is the only
/// one in `nations`.
pub fn own_base(st: &State, w: &Waters, k: &HexKey, nations: &BTreeSet<String>) -> bool {
    let Some(sc) = st.pack.scenarios.get(&st.scenario) else {
        return false;
    };
    sc.reinforcements.iter().any(|r| {
        r.own_naval_base
            && nations.len() == 1
            && nations.contains(&r.nation)
            && r.at.hex.as_ref().is_some_and(|h| {
                fleets::parse_hex(st, h, r.at.map.as_deref().unwrap_or("romans"))
                    .ok()
                    .and_then(|x| w.canonical(&x))
                    == w.canonical(k)
            })
    })
}

/// Whether hex `k` holds a Naval Base: printed ([5.61]) or built ([17.33]); sacked cities are
/// no base ([13.54]).
pub fn is_base(st: &State, w: &Waters, k: &HexKey) -> bool {
    let printed = w.entry(k).is_some_and(|e| e.naval_base);
    let city = city_at(st, w, k);
    let built = city
        .as_ref()
        .is_some_and(|(ck, _)| st.built_bases.contains_key(ck));
    (printed || built) && !city.is_some_and(|(_, c)| c.sacked)
}

/// Romans [5.62], [5.63], [14.14] errata: the Naval Bases friendly to `side` now (their port
/// controlled by him), for a fleet of `nations`.
pub fn bases(st: &State, w: &Waters, side: &str, nations: &BTreeSet<String>) -> Vec<HexKey> {
    let mut out: BTreeSet<HexKey> = BTreeSet::new();
    for c in st.cities.values() {
        let Some(k) = key(&c.at).and_then(|k| w.canonical(&k)) else {
            continue;
        };
        if c.control.as_deref() == Some(side) && is_base(st, w, &k) {
            out.insert(k);
        }
    }
    if let Some(sc) = st.pack.scenarios.get(&st.scenario) {
        for r in sc.reinforcements.iter().filter(|r| r.own_naval_base) {
            if let Some(k) = r.at.hex.as_ref().and_then(|h| {
                fleets::parse_hex(st, h, r.at.map.as_deref().unwrap_or("romans"))
                    .ok()
                    .and_then(|x| w.canonical(&x))
            }) {
                if own_base(st, w, &k, nations) {
                    out.insert(k);
                }
            }
        }
    }
    out.into_iter().collect()
}

/// Romans [5.62]: every hex within 20 MP of a Naval Base friendly to `side` (for a fleet of
/// `nations`), with its cost from the nearest.
pub fn reach(
    st: &State,
    w: &Waters,
    side: &str,
    nations: &BTreeSet<String>,
) -> std::sync::Arc<BTreeMap<HexKey, u32>> {
    let b = bases(st, w, side, nations);
    if let Some(r) = st.reach_memo.lock().ok().and_then(|m| m.get(&b).cloned()) {
        return r;
    }
    let from: Vec<(HexKey, u32)> = b.iter().map(|k| (k.clone(), 0)).collect();
    let r = std::sync::Arc::new(w.reach(&from, per_hex(st), reach_limit(st), &|_| true));
    if let Ok(mut m) = st.reach_memo.lock() {
        m.insert(b, r.clone());
    }
    r
}

/// Romans [5.64]: each fleet left more than 20 MP from every friendly Naval Base (its base
/// was taken) goes at once, with what it carries, to the nearest one; a fleet with no friendly
/// base left anywhere stays (ruling R-95).
pub fn beyond_reach(st: &mut State, ev: &mut Vec<Event>) {
    let w = fleets::waters(st);
    let mut groups: BTreeMap<(String, HexKey), Vec<String>> = BTreeMap::new();
    for (id, q) in &st.squadrons {
        if let Some(k) = key(&q.at).and_then(|k| w.canonical(&k)) {
            groups
                .entry((q.side.clone(), k))
                .or_default()
                .push(id.clone());
        }
    }
    for ((side, k), ids) in groups {
        let nations = fleets::nations(st, &ids);
        let r = reach(st, &w, &side, &nations);
        if r.contains_key(&k) {
            continue;
        }
        let targets: BTreeSet<HexKey> = bases(st, &w, &side, &nations).into_iter().collect();
        let Some((path, _)) = w.path(&k, &|x| targets.contains(x), 1, u32::MAX / 2, &|_| true)
        else {
            continue;
        };
        let Some(to) = path.last().cloned() else {
            continue;
        };
        let cargo = fleets::cargo_of(st, &ids);
        let pos = position(&to);
        for id in &ids {
            if let Some(q) = st.squadrons.get_mut(id) {
                q.at = pos.clone();
            }
        }
        for c in cargo.keys() {
            if let Some(u) = st.units.get_mut(c) {
                u.at = pos.clone();
            } else if let Some(x) = st.commanders.get_mut(c) {
                x.at = pos.clone();
            }
        }
        let naval: Vec<String> = fleets::fleet_commanders(st, &w, &k, &side)
            .into_iter()
            .filter(|c| !fleets::commands_land(st, c))
            .collect();
        for c in &naval {
            if let Some(x) = st.commanders.get_mut(c) {
                x.at = pos.clone();
            }
        }
        ev.push(Event::new(
            "Romans [5.64]",
            format!(
                "{}'s fleet at {} is more than 20 MP from any friendly Naval Base: it goes at once to the nearest, {}",
                side_name(&side),
                words(st, &k),
                words(st, &to)
            ),
        ));
    }
}

/// Romans [17.15]: at the end of a Game-Turn, each Roman revenue source with a fleet of
/// another player in its hex counts one Game-Turn of blockade this Campaign Year (two cut its
/// revenue for the Winter, `economy`).
pub fn count_blockades(st: &mut State, ev: &mut Vec<Event>) {
    let Some(v) = st
        .pack
        .numbers
        .get("economy")
        .and_then(|e| e.get("roman-revenue-sources"))
    else {
        return;
    };
    let names: Vec<String> = v
        .item
        .get("cities")
        .and_then(|c| serde_json::from_value(c.clone()).ok())
        .unwrap_or_default();
    let w = fleets::waters(st);
    for name in names {
        let Some(c) = st.cities.values().find(|c| c.name == name).cloned() else {
            continue;
        };
        let Some(k) = key(&c.at) else { continue };
        let by: BTreeSet<String> = fleets::enemy_squadrons(st, &w, &k, "rome")
            .into_iter()
            .map(|q| st.squadrons[&q].side.clone())
            .collect();
        if by.is_empty() {
            continue;
        }
        let n = st.blockades.entry(name.clone()).or_default();
        *n += 1;
        let n = *n;
        ev.push(Event::new(
            "Romans [17.15]",
            format!(
                "{name} is blockaded by {}'s fleet at the end of the Game-Turn: {n} Game-Turn(s) this Campaign Year (two cut its revenue)",
                by.iter().map(|s| side_name(s)).collect::<Vec<_>>().join(" and ")
            ),
        ));
    }
}

/// Romans [17.33] (follow-up: two standing at once; errata: in an ally's port, no unit
/// needed): the Naval Bases `side` builds now, in his Campaign Phase, 5 talents each (the
/// Purchase and Maintenance Cost Table).
///
/// Errors: [`RuleError::Illegal`] naming `naval_bases[n]`: not a friendly controlled port, a
/// base already, two built, or the treasury short.
pub fn build(
    st: &mut State,
    side: &str,
    names: &[String],
    ev: &mut Vec<Event>,
) -> Result<(), crate::ruleset::RuleError> {
    let cost = super::economy::cost(st, "naval-base", "raise");
    for (n, name) in names.iter().enumerate() {
        let what = format!("naval_bases[{n}]");
        let key = super::raising::naval_base_site(st, side, name, &what)?;
        st.spend(
            side,
            cost,
            "Romans [17.33]",
            &format!("a Naval Base at {name}"),
        )
        .map_err(|e| match e {
            crate::ruleset::RuleError::Illegal { rule, reason, .. } => {
                crate::ruleset::RuleError::illegal(what.clone(), rule, reason)
            }
            other => other,
        })?;
        st.built_bases.insert(key, side.to_string());
        ev.push(Event::new(
            "Romans [17.33]",
            format!(
                "{} builds a Naval Base at {name} for {cost} talents ({} left)",
                side_name(side),
                st.talents(side)
            ),
        ));
    }
    Ok(())
}
