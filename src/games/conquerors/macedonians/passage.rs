//! The rules of the hexes and hexsides a path crosses, beyond what they cost: the Cilician Gates
//! closed in Winter (Macedonians [5.51]), the Ferry hexsides ([5.37]), the Winter Line
//! ([17.22]), Thrace in the standard game ([23.1]) and the satrapy chain ([5.25]).

use super::movement::refuse;
use super::state::State;
use crate::geo::{Board, Hex, HexMap, Hexside, HexsideFeature};
use crate::ruleset::RuleError;

/// The rules of the hexes and hexsides a path crosses, beyond their cost: the Gates in Winter
/// ([5.51]), the Ferry hexsides ([5.37]), the satrapy chain ([5.25]), the Winter Line
/// ([17.22]).
/// `troops`: the move carries land units or commanders.
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]`, the section and why.
pub fn check(
    st: &State,
    map: &HexMap,
    side: &str,
    i: usize,
    start: Hex,
    path: &[Hex],
    troops: bool,
) -> Result<(), RuleError> {
    let gates = Hex::parse(&st.pack.places.cilician_gates.hex).ok();
    let north = |h: Hex| {
        map.hex(h)
            .is_some_and(|e| e.regions.iter().any(|r| r == "north-of-winter-line"))
    };
    let mut from = start;
    for (k, &h) in path.iter().enumerate() {
        if st.winter() && Some(h) == gates {
            return Err(refuse(
                i,
                "Macedonians [5.51]",
                format!("path[{k}] {h}: the Cilician Gates are impassable in a Winter Game-Turn"),
            ));
        }
        if let Some(s) = Hexside::between(from, h, map.convention) {
            if map.features(&s).contains(&HexsideFeature::Ferry) {
                ferry(st, side, i, k, from, h)?;
            }
        }
        if st.winter() && north(h) && !north(from) && troops {
            return Err(refuse(i, "Macedonians [17.22]", format!("path[{k}] {h}: land units south of the Winter Line in a Winter Game-Turn may not go north of it")));
        }
        from = h;
    }
    // [23.1]: in the standard game the Persian never lands in Thrace.
    let invasion = st.options.iter().any(|o| o == "thrace-invasion");
    if side == super::state::PERSIAN && !invasion && troops {
        let thrace = path
            .iter()
            .position(|h| st.satrapy_of(map, *h).as_deref() == Some("thrace"));
        if let Some(k) = thrace {
            return Err(refuse(i, "Macedonians [23.1]", format!("path[{k}] {}: the Persian may not move units into Thrace in the standard game (the optional 23.2 allows it)", path[k])));
        }
    }
    if let Some((k, left, into)) = super::satrapies::enemy_to_enemy(st, map, side, start, path) {
        return Err(refuse(i, "Macedonians [5.25]", format!("path[{k}] {}: from {}, which the enemy controls, straight into {}, which he controls too: a Force must gain the first before it enters the second", path[k], super::satrapies::name(st, &left), super::satrapies::name(st, &into))));
    }
    Ok(())
}

/// Macedonians [5.37]: a Ferry hexside only with a friendly squadron in one of its two hexes and
/// no enemy squadron there.
fn ferry(st: &State, side: &str, i: usize, k: usize, a: Hex, b: Hex) -> Result<(), RuleError> {
    let hexes = [a.to_string(), b.to_string()];
    let hexside = Hexside::between(a, b, st.hexmap.convention)
        .map(|s| s.to_string())
        .unwrap_or_else(|| format!("{a}/{b}"));
    let in_either = |mine: bool| {
        hexes
            .iter()
            .any(|h| st.squadrons_at(h).any(|(_, q)| (q.side == side) == mine))
    };
    if in_either(false) {
        return Err(refuse(
            i,
            "Macedonians [5.37]",
            format!("path[{k}] {b}: an enemy squadron lies at the Ferry hexside {hexside}"),
        ));
    }
    if !in_either(true) {
        return Err(refuse(i, "Macedonians [5.37]", format!("path[{k}] {b}: the Ferry hexside {hexside} needs a friendly squadron in {a} or {b}")));
    }
    Ok(())
}
