//! Macedonians [15.2], [16.1], [20.13]: the satrapal supply system. Each satrapy a side
//! controls yields its printed Supply Points less one for every Major or Walled City or Port in
//! it, other than the capital, held by someone else (15.21, 15.22). Every Force (the side's
//! land units in a hex, Garrison units apart: 15.23, 18.24) and every Fleet (its squadrons in a
//! hex: 16.11) needs 3 of them, drawn from satrapies reached through a chain of satrapies the
//! side controls (15.24, 15.25); the Force's own satrapy need not be its (15.24), a Fleet's
//! must (16.12). The chain crosses from satrapy to satrapy where their land hexes touch; a Ferry
//! hexside only while no enemy squadron stands at either end, Cyprus by a Sea-Lane with no enemy
//! squadron on it, an island by sea hexes with no enemy squadron (15.26; ruling M-R30).
//!
//! Who is served first when the points run short is the owner's (standing `supply_first`,
//! hexes); the rest go largest Force first, then Fleets, by hex (a default, reported). Each
//! draws from the nearest satrapies first (ruling M-R30). The Macedonian's 5 extra points of his
//! first Supply Phase (20.13) are drawn as if Thrace yielded them.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::data::model::{Arm, CityKind};
use super::state::{State, MACEDONIAN};
use crate::geo::{Board, Hex, HexMap, Hexside, HexsideFeature, Terrain};

/// A Force or a Fleet of one side in one hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Its hex.
    pub hex: String,
    /// Land unit ids (a Force) or squadron ids (a Fleet), in id order.
    pub ids: Vec<String>,
    /// A Fleet.
    pub naval: bool,
    /// In supply after the phase's distribution.
    pub supplied: bool,
}

/// The Supply Points each satrapy `side` controls yields this phase (15.21, 15.22, 20.13).
pub fn yields(st: &State, side: &str) -> BTreeMap<String, u32> {
    let map = st.map();
    let mut out = BTreeMap::new();
    for (id, s) in &st.pack.places.satrapies {
        if st.satrapy_controller(id) != side {
            continue;
        }
        let lost = st
            .pack
            .places
            .cities
            .iter()
            .filter(|(name, c)| {
                Some(name.as_str()) != s.capital.as_deref()
                    && (c.kind == CityKind::Walled || c.kind == CityKind::Major || c.port)
                    && Hex::parse(&c.hex).ok().and_then(|h| st.satrapy_of(&map, h))
                        == Some(id.clone())
                    && st.controller(name).is_some_and(|o| o != side)
            })
            .count() as u32;
        out.insert(id.clone(), s.supply.saturating_sub(lost));
    }
    if side == MACEDONIAN && st.turn == 0 {
        let extra = st
            .pack
            .number("supply", "first-phase-macedonian")
            .unwrap_or(5);
        *out.entry("thrace".into()).or_default() += extra;
    }
    out
}

fn enemy_squadron(st: &State, side: &str, h: Hex) -> bool {
    let s = h.to_string();
    st.squadrons
        .values()
        .any(|q| q.side != side && q.at.hex == s)
}

/// Satrapies joined for `side`'s supply paths (15.26), each with its neighbours.
fn links(st: &State, map: &HexMap, side: &str) -> BTreeMap<String, BTreeSet<String>> {
    let conv = map.convention();
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut join = |a: &str, b: &str| {
        if a != b {
            out.entry(a.into()).or_default().insert(b.into());
            out.entry(b.into()).or_default().insert(a.into());
        }
    };
    for (h, e) in &map.hexes {
        if !e.terrain.is_land() {
            continue;
        }
        let Some(a) = st.satrapy_of(map, *h) else {
            continue;
        };
        for n in h.neighbours(conv) {
            let Some(ne) = map.hex(n) else { continue };
            if !ne.terrain.is_land() {
                continue;
            }
            let Some(b) = st.satrapy_of(map, n) else {
                continue;
            };
            let f: &[HexsideFeature] = Hexside::between(*h, n, conv)
                .and_then(|s| map.hexsides.get(&s))
                .map(|v| v.as_slice())
                .unwrap_or(&[]);
            let open = if f.contains(&HexsideFeature::Ferry) {
                !enemy_squadron(st, side, *h) && !enemy_squadron(st, side, n)
            } else {
                !f.iter().any(|x| {
                    matches!(
                        x,
                        HexsideFeature::AllSea | HexsideFeature::AllLake | HexsideFeature::Strait
                    )
                })
            };
            if open {
                join(&a, &b);
            }
        }
    }
    // Cyprus by the Sea-Lanes: every satrapy a clear lane touches is joined to every other.
    let lanes: BTreeSet<Hex> = map
        .hexes
        .iter()
        .filter(|(h, e)| e.tags.iter().any(|t| t == "sea-lane") && !enemy_squadron(st, side, **h))
        .map(|(h, _)| *h)
        .collect();
    let mut seen = BTreeSet::new();
    for start in &lanes {
        if !seen.insert(*start) {
            continue;
        }
        let mut touched = BTreeSet::new();
        let mut q = VecDeque::from([*start]);
        while let Some(h) = q.pop_front() {
            for n in h.neighbours(conv) {
                if lanes.contains(&n) {
                    if seen.insert(n) {
                        q.push_back(n);
                    }
                } else if let Some(s) = st.satrapy_of(map, n) {
                    touched.insert(s);
                }
            }
        }
        let t: Vec<String> = touched.into_iter().collect();
        for a in &t {
            for b in &t {
                join(a, b);
            }
        }
    }
    out
}

/// Satrapies an island hex (of no satrapy) reaches by sea hexes clear of enemy squadrons
/// (15.26; zones of interception are not counted, ruling M-R30).
fn by_sea(st: &State, map: &HexMap, side: &str, from: Hex) -> BTreeSet<String> {
    let conv = map.convention();
    let mut out = BTreeSet::new();
    let mut seen = BTreeSet::from([from]);
    let mut q = VecDeque::from([from]);
    while let Some(h) = q.pop_front() {
        for n in h.neighbours(conv) {
            let Some(e) = map.hex(n) else { continue };
            if let Some(s) = st.satrapy_of(map, n) {
                out.insert(s);
            } else if e.terrain == Terrain::Sea && !enemy_squadron(st, side, n) && seen.insert(n) {
                q.push_back(n);
            }
        }
    }
    out
}

/// The satrapies `side` controls that a Force (or a Fleet: `naval`) at `hex` draws from,
/// nearest first (15.24, 16.12).
pub fn sources(st: &State, side: &str, hex: &str, naval: bool) -> Vec<String> {
    let map = st.map();
    let Ok(h) = Hex::parse(hex) else {
        return Vec::new();
    };
    let ours = |s: &str| st.satrapy_controller(s) == side;
    let start: BTreeSet<String> = match st.satrapy_of(&map, h) {
        Some(s) if naval && !ours(&s) => return Vec::new(),
        Some(s) => BTreeSet::from([s]),
        None if map.hex(h).is_some_and(|e| e.terrain.is_land()) => by_sea(st, &map, side, h)
            .into_iter()
            .filter(|s| ours(s))
            .collect(),
        None => return Vec::new(),
    };
    let links = links(st, &map, side);
    let mut order: Vec<String> = Vec::new();
    let mut seen: BTreeSet<String> = start.clone();
    let mut q: VecDeque<String> = start.into_iter().collect();
    while let Some(s) = q.pop_front() {
        // Only the start may be uncontrolled (15.24): the path enters controlled ones only.
        if ours(&s) {
            order.push(s.clone());
        }
        for n in links.get(&s).into_iter().flatten() {
            if ours(n) && seen.insert(n.clone()) {
                q.push_back(n.clone());
            }
        }
    }
    order
}

/// `side`'s Forces (Garrison units apart, 18.24) and Fleets on the map, by hex.
pub fn groups(st: &State, side: &str) -> Vec<Group> {
    let mut land: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (id, u) in st.units.iter().filter(|(_, u)| u.side == side) {
        if st.unit_type(id).is_some_and(|t| t.arm == Arm::Garrison) {
            continue;
        }
        land.entry(u.at.hex.clone()).or_default().push(id.clone());
    }
    let mut sea: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (id, q) in st.squadrons.iter().filter(|(_, q)| q.side == side) {
        sea.entry(q.at.hex.clone()).or_default().push(id.clone());
    }
    let mk = |naval| {
        move |(hex, ids): (String, Vec<String>)| Group {
            hex,
            ids,
            naval,
            supplied: false,
        }
    };
    land.into_iter()
        .map(mk(false))
        .chain(sea.into_iter().map(mk(true)))
        .collect()
}

/// Macedonians [15.23]–[15.25], [16.11]: distributes `side`'s Supply Points over its Forces and
/// Fleets, those in the hexes of `first` first (the owner's order), then the default order.
/// Returns the groups with their supply, and whether the default order served any.
pub fn distribute(st: &State, side: &str, first: &[String]) -> (Vec<Group>, bool) {
    let mut pool = yields(st, side);
    let need = st.pack.number("supply", "per-force").unwrap_or(3);
    let mut gs = groups(st, side);
    let ssp = |g: &Group| -> u32 {
        if g.naval {
            0
        } else {
            g.ids
                .iter()
                .filter_map(|i| st.units.get(i))
                .map(|u| u.ssp)
                .sum()
        }
    };
    let rank = |g: &Group| {
        let named = first.iter().position(|h| *h == g.hex).unwrap_or(usize::MAX);
        (named, g.naval, std::cmp::Reverse(ssp(g)), g.hex.clone())
    };
    gs.sort_by_key(rank);
    let mut defaulted = false;
    for g in gs.iter_mut() {
        if !first.contains(&g.hex) {
            defaulted = true;
        }
        let from = sources(st, side, &g.hex, g.naval);
        let have: u32 = from.iter().map(|s| pool.get(s).copied().unwrap_or(0)).sum();
        if have < need {
            continue;
        }
        let mut left = need;
        for s in &from {
            let p = pool.entry(s.clone()).or_default();
            let x = (*p).min(left);
            *p -= x;
            left -= x;
        }
        g.supplied = true;
    }
    (gs, defaulted)
}
