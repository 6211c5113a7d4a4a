//! Macedonians [15.1] and [5.25]: satrapies on the map. A satrapy is controlled by whoever
//! controls its capital (15.11, `State::satrapy_controller`); a Force may enter an
//! enemy-controlled satrapy, and pass through one into a friendly one, but never pass from one
//! enemy-controlled satrapy straight into another (5.25, the example of 5.26). Hexes of no
//! satrapy (the islands, 15.14) are neither friendly nor enemy and do not break the chain.

use super::state::State;
use crate::geo::{Hex, HexMap};

/// The satrapies entered along a path (the start's first), skipping hexes of none.
fn chain(st: &State, map: &HexMap, start: Hex, path: &[Hex]) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let hexes = std::iter::once(start).chain(path.iter().copied());
    for (k, h) in hexes.enumerate() {
        if let Some(s) = st.satrapy_of(map, h) {
            if out.last().is_none_or(|(_, last)| *last != s) {
                out.push((k, s));
            }
        }
    }
    out
}

/// Macedonians [5.25]: the first place a path of `side`'s Force passes from one
/// enemy-controlled satrapy into another: (index in the path of the hex entered, the satrapy
/// left, the satrapy entered). None: the path keeps the rule.
pub fn enemy_to_enemy(
    st: &State,
    map: &HexMap,
    side: &str,
    start: Hex,
    path: &[Hex],
) -> Option<(usize, String, String)> {
    let enemy = |s: &str| st.satrapy_controller(s) != side;
    chain(st, map, start, path)
        .windows(2)
        .find(|w| enemy(&w[0].1) && enemy(&w[1].1))
        .map(|w| (w[1].0 - 1, w[0].1.clone(), w[1].1.clone()))
}

/// A satrapy's name for people.
pub fn name(st: &State, id: &str) -> String {
    st.pack
        .places
        .satrapies
        .get(id)
        .map(|s| s.name.clone())
        .unwrap_or_else(|| id.to_string())
}
