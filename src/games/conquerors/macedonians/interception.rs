//! Macedonians [6.1]–[6.5] as far as movement needs them: which hexes of a move lie in the Zone
//! of Interception of a non-phasing Force that may intercept. The zones are the shared
//! `conquerors::interception` zones with The Macedonians' reach (four hexes, 6.11; not through
//! impassable mountain, all-lake, all-sea or strait hexsides, rivers yes, 6.12; never into the
//! Cilician Gates, 6.12, nor into the sea). Each hex of a move where a Force may intercept is a
//! chance ([`chances`]); the non-phasing player's standing `intercept` says which zones his Force
//! tries in, and `movement` rolls the Land Interception Table for them (6.22, 6.3).

use super::state::State;
use crate::games::conquerors::interception::{exposed, zones, ZoneReach};
use crate::geo::{Board, Hex, HexMap, Hexside, HexsideFeature};

/// A Force that could intercept a move: where it stands and who leads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zone {
    /// Its hex.
    pub hex: Hex,
    /// Its commander (the first by id; Darius or Alexander when there, 8.2).
    pub commander: String,
    /// Its SSP outside any city.
    pub ssp: u32,
}

struct Reach<'a> {
    map: &'a HexMap,
    gates: Option<Hex>,
}

impl ZoneReach for Reach<'_> {
    fn crosses(&self, side: &Hexside) -> bool {
        !self.map.features(side).iter().any(|f| {
            matches!(
                f,
                HexsideFeature::Mountain
                    | HexsideFeature::AllLake
                    | HexsideFeature::AllSea
                    | HexsideFeature::Strait
                    | HexsideFeature::Blocked
            )
        })
    }
    fn enters(&self, h: Hex) -> bool {
        Some(h) != self.gates && self.map.hex(h).is_some_and(|e| e.terrain.is_land())
    }
}

/// Macedonians [6.11], [6.13], [6.51], [6.52]: the Forces of the side other than `side` with a
/// Zone of Interception: a commander, more than 10 SSP outside any city (units inside a city
/// have none, 6.13), on the map.
pub fn forces(st: &State, side: &str) -> Vec<Zone> {
    let more_than = st.pack.number("zones", "intercept-more-than").unwrap_or(10);
    let mut by_hex: std::collections::BTreeMap<String, (Vec<String>, u32)> = Default::default();
    for (id, c) in st.commanders.iter().filter(|(_, c)| c.side != side) {
        by_hex
            .entry(c.at.hex.clone())
            .or_default()
            .0
            .push(id.clone());
    }
    for u in st.units.values().filter(|u| u.side != side && !u.at.inside) {
        if let Some(e) = by_hex.get_mut(&u.at.hex) {
            e.1 += u.ssp;
        }
    }
    by_hex
        .into_iter()
        .filter(|(_, (_, ssp))| *ssp > more_than)
        .filter_map(|(h, (mut cs, ssp))| {
            let hex = Hex::parse(&h).ok()?;
            let chief = cs
                .iter()
                .position(|c| st.commander_data(c).is_some_and(|d| d.in_charge.is_some()))
                .unwrap_or(0);
            Some(Zone {
                hex,
                commander: cs.swap_remove(chief),
                ssp,
            })
        })
        .collect()
}

/// Macedonians [6.2], [6.54], [6.57]: every hex of a move by `side`'s Force from `start`
/// along `path` where a non-phasing Force may try to intercept it: (index in the path, its
/// zone number, the Force), in path order, the strongest zone and the biggest Force first.
/// Marsh hexes never (6.57); a Force that begins the phase (`fresh`) inside a zone is safe
/// while it moves only to weaker zones (6.54); the Force in `target`, which the move attacks,
/// may not intercept it (6.53).
pub fn chances(
    st: &State,
    map: &HexMap,
    side: &str,
    (start, fresh): (Hex, bool),
    path: &[Hex],
    target: Option<Hex>,
) -> Vec<(usize, u32, Zone)> {
    let radius = st.pack.number("zones", "land-radius").unwrap_or(4);
    let gates = Hex::parse(&st.pack.places.cilician_gates.hex).ok();
    let reach = Reach { map, gates };
    let marsh = |h: &Hex| map.terrain(*h) == Some(crate::geo::Terrain::Marsh);
    let mut out = Vec::new();
    for z in forces(st, side)
        .into_iter()
        .filter(|z| Some(z.hex) != target)
    {
        let zone = zones(map, &reach, z.hex, radius);
        let entered: Vec<Option<u32>> = path.iter().map(|h| zone.get(h).copied()).collect();
        let open = exposed(zone.get(&start).copied().filter(|_| fresh), &entered);
        for (k, h) in path.iter().enumerate() {
            if open[k] && !marsh(h) {
                out.push((k, entered[k].unwrap_or(0), z.clone()));
            }
        }
    }
    out.sort_by(|a, b| {
        (a.0, a.1, std::cmp::Reverse(a.2.ssp)).cmp(&(b.0, b.1, std::cmp::Reverse(b.2.ssp)))
    });
    out
}

/// The first of [`chances`] for a Force beginning its move.
pub fn first_chance(
    st: &State,
    map: &HexMap,
    side: &str,
    start: Hex,
    path: &[Hex],
    target: Option<Hex>,
) -> Option<(usize, u32, Zone)> {
    chances(st, map, side, (start, true), path, target)
        .into_iter()
        .next()
}
