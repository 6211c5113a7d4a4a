//! Romans [20.21]: in the Syrian War the Macedonians map keeps the Macedonians' own terrain:
//! its chart (Marsh, Macedonians [5.34]; the Royal Persian Highway's half point, [5.41]) taken
//! from the shared pack's `macedonians` costs with The Romans' allowance, the highway's limits
//! ([5.42]–[5.44]) and the Cilician Gates' cost ([5.51]) through the shared
//! `conquerors::movement::PersianWays`, and supply along the highway (the errata's Syrian War
//! note, SUP-14). The Winter Line is ignored ([20.21]); the Romans move nobody in Winter.

use std::collections::BTreeSet;

use super::state::State;
use crate::games::conquerors::movement::{PersianWays, Walk};
use crate::geo::{Board, Hex, HexMap, MoveCosts, Terrain};
use crate::ruleset::RuleError;

/// The map whose terrain is The Macedonians'.
pub const MACEDONIANS_MAP: &str = "macedonians";
/// The highway's road kind on the map.
pub const HIGHWAY: &str = "royal-road";

/// The movement costs on `map` (half MP): The Romans' chart, or on the Macedonians map that
/// game's chart with The Romans' allowance ([5.11], [20.21]).
pub fn costs(st: &State, map: &str) -> Option<MoveCosts> {
    let romans = st.maps.costs("romans")?;
    if map != MACEDONIANS_MAP {
        return Some(romans.clone());
    }
    let mut c = st.maps.costs(MACEDONIANS_MAP)?.clone();
    c.allowance = romans.allowance;
    Some(c)
}

/// The highway and the Gates on `map` for a Force that does or does not take the highway;
/// None off the Macedonians map. The Gates' hex and cost are the scenario's `map-rules`
/// `cilician-gates` (Macedonians [5.51]: six MP, in place of the terrain).
pub fn ways(st: &State, map: &HexMap, highway: bool) -> Option<PersianWays> {
    if map.id != MACEDONIANS_MAP {
        return None;
    }
    let gates = st
        .pack
        .scenarios
        .get(&st.scenario)
        .and_then(|s| s.map_rules.as_ref())
        .and_then(|r| r.get("cilician-gates"));
    let hex = gates
        .and_then(|g| g.pointer("/at/hex"))
        .and_then(|h| h.as_str())
        .and_then(|h| Hex::parse(h).ok());
    let cost = gates
        .and_then(|g| g.pointer("/land/half_mp"))
        .and_then(|c| c.as_u64())
        .unwrap_or(12) as u32;
    Some(PersianWays {
        highway,
        gates: hex,
        gates_cost: cost,
    })
}

fn refuse(i: usize, rule: &str, reason: String) -> RuleError {
    RuleError::illegal(format!("moves[{i}]"), rule, reason)
}

/// Macedonians [5.34], [5.42] on the Macedonians map: an enemy-occupied Marsh hex is never
/// entered; a Force that used the highway this phase (`walked`, up to the hex `contact` it
/// would attack) enters no enemy-occupied hex and no enemy A or B city (`closed_end`: the last
/// hex holds one, ruling R-136).
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]` and the section.
pub fn check(
    map: &HexMap,
    i: usize,
    walked: &Walk,
    contact: Option<Hex>,
    closed_end: Option<&str>,
) -> Result<(), RuleError> {
    if map.id != MACEDONIANS_MAP {
        return Ok(());
    }
    if let Some(h) = contact {
        if map.terrain(h) == Some(Terrain::Marsh) {
            return Err(refuse(
                i,
                "Macedonians [5.34], Romans [20.21]",
                format!("{h} is a Marsh hex held by the enemy, which may never be entered"),
            ));
        }
    }
    if walked.road_steps == 0 {
        return Ok(());
    }
    let used = "the Force used the Royal Persian Highway this phase (`royal_road: false` pays each hex's terrain instead)";
    if let Some(h) = contact {
        return Err(refuse(
            i,
            "Macedonians [5.42], Romans [20.21]",
            format!("{h} is enemy-occupied and {used}: it may not enter it"),
        ));
    }
    if let Some(c) = closed_end {
        return Err(refuse(
            i,
            "Macedonians [5.42], Romans [20.21]",
            format!("the last hex holds {c} and {used}: it may not enter it"),
        ));
    }
    Ok(())
}

/// Macedonians [5.41], Romans [20.21]: whether `h` lies on the Royal Persian Highway.
pub fn on_highway(map: &HexMap, h: Hex) -> bool {
    map.roads
        .iter()
        .any(|(s, k)| k.iter().any(|x| x == HIGHWAY) && (s.a == h || s.b == h))
}

/// Romans [14.12], [20.21]: the costs a supply path is traced with on `map` from `from` (SUP-14, the errata's Syrian
/// War note): the movement costs, and for a Force on the highway, while no enemy Force of more
/// than 5 SSP (`enemy_ssp_at`) stands on it, highway steps that count nothing.
pub fn supply_costs(
    st: &State,
    map: &HexMap,
    from: Hex,
    enemy_ssp_at: &dyn Fn(Hex) -> u32,
) -> Option<MoveCosts> {
    let mut c = costs(st, &map.id)?;
    if map.id != MACEDONIANS_MAP || !on_highway(map, from) {
        return Some(c);
    }
    let hexes: BTreeSet<Hex> = map
        .roads
        .iter()
        .filter(|(_, k)| k.iter().any(|x| x == HIGHWAY))
        .flat_map(|(s, _)| [s.a, s.b])
        .collect();
    if hexes.iter().all(|h| enemy_ssp_at(*h) <= 5) {
        c.roads.insert(HIGHWAY.to_string(), 0);
    }
    Some(c)
}
