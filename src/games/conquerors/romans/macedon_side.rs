//! Romans [20.29], ruling R-83: the side a third-player Macedon takes in the Syrian War — with
//! Rome, with Syria, or neutral — chosen in the orders of his first Campaign Phase (`side:`),
//! the scenario's default (`macedon-side`, neutral) when he says nothing. How owners stand is
//! [`State::relation`]; this module takes the choice and enforces what neutrality and the
//! alliance forbid a land move: a neutral's hexes and cities are not entered, and the Forces
//! of two allied players do not end a move together in one hex nor attack each other's cities
//! (ruling AMB-46).

use super::orders::Orders;
use super::sequence::side_name;
use super::state::{Phase, Relation, State, MACEDON};
use crate::geo::Hex;
use crate::ruleset::{Event, RuleError, Submission};

const RULE: &str = "Romans [20.29]";

/// Whether `by`'s orders now are Macedon's first Campaign Phase orders, where `side:` is given.
fn due(st: &State, by: &str) -> bool {
    st.macedon_plays()
        && by == MACEDON
        && st.macedon_side.is_none()
        && st.paused.is_none()
        && matches!(&st.phase, Phase::Campaign { side } if side == MACEDON)
        && st.siege_phase.as_deref() != Some(MACEDON)
}

/// Romans [20.29]: `side:` is refused in every entry but Macedon's first Campaign Phase orders
/// (checked before anything else of the step).
///
/// Errors: [`RuleError::Illegal`] naming the misplaced `side:`.
pub fn check_placed(st: &State, sub: &Submission<Orders>) -> Result<(), RuleError> {
    for (by, o) in &sub.by {
        if o.side.is_some() && !due(st, by) {
            let why = if !st.macedon_plays() {
                "`side:` is for Macedon as a third player of the Syrian War only".to_string()
            } else if by != MACEDON {
                format!(
                    "{} has no side to choose: `side:` is Macedon's",
                    side_name(by)
                )
            } else {
                format!(
                    "Macedon chose his side in his first Campaign Phase ({}); it is not chosen again",
                    st.macedon_side.as_deref().unwrap_or("not yet due")
                )
            };
            return Err(RuleError::illegal("side", RULE, why));
        }
    }
    Ok(())
}

/// Romans [20.29]: at the start of Macedon's first Campaign Phase, his `side:` (or the
/// scenario's default, reported as such) is taken for the rest of the game, before his moves
/// are checked.
///
/// Errors: [`RuleError::Illegal`] for a `side:` out of its place.
pub fn choose(st: &mut State, by: &str, o: &Orders, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    if !due(st, by) {
        if o.side.is_some() {
            return Err(RuleError::illegal(
                "side",
                RULE,
                "`side:` is given only in Macedon's first Campaign Phase orders",
            ));
        }
        return Ok(());
    }
    let (chosen, default) = match o.side {
        Some(s) => (s.id().to_string(), false),
        None => (st.macedon_default(), true),
    };
    let words = match chosen.as_str() {
        "neutral" => "stays neutral: at peace with Rome and Syria, no one's enemy, and no one enters the other's hexes or cities".to_string(),
        s => format!("sides with {} for the rest of the game", side_name(s)),
    };
    ev.push(Event::new(
        RULE,
        if default {
            format!("Macedon named no side (`side:`): he {words} (the scenario's default)")
        } else {
            format!("Macedon {words}")
        },
    ));
    st.macedon_side = Some(chosen);
    Ok(())
}

/// What of `owner`'s stands in hex `h` of `map`: land units, commanders, or the city he
/// controls.
fn holds(st: &State, owner: &str, map: &str, h: Hex) -> Option<&'static str> {
    let hex = h.to_string();
    if st.units_at(map, &hex).any(|(_, u)| u.side == owner) {
        return Some("troops");
    }
    if st
        .commanders
        .values()
        .any(|c| c.side == owner && c.at.map == map && c.at.hex == hex)
    {
        return Some("a commander");
    }
    st.city_at(map, h)
        .filter(|c| !c.sacked && c.control.as_deref() == Some(owner))
        .map(|_| "a city")
}

/// Romans [20.29], rulings R-83 and AMB-46: the hexes a land move of `side` enters (`path`,
/// its last the move's end when `ends`): none may hold troops, a commander or a city of a
/// player at peace with `side`; the end may hold no troops or commander of an allied player,
/// and no city of his to assault or besiege (`attacks`).
///
/// Errors: [`RuleError::Illegal`] at `moves[i]` naming the hex.
pub fn check_path(
    st: &State,
    side: &str,
    i: usize,
    map: &str,
    path: &[Hex],
    ends: bool,
    attacks: bool,
) -> Result<(), RuleError> {
    if !st.macedon_plays() {
        return Ok(());
    }
    for (k, h) in path.iter().enumerate() {
        for p in st.players.iter().filter(|p| *p != side) {
            let Some(what) = holds(st, p, map, *h) else {
                continue;
            };
            match st.relation(side, p) {
                Relation::AtPeace => {
                    return Err(RuleError::illegal(
                        format!("moves[{i}]"),
                        RULE,
                        format!("path[{k}] {h} holds {what} of {}, at peace with {} while Macedon is neutral: it may not be entered (ruling R-83)", side_name(p), side_name(side)),
                    ));
                }
                Relation::Allied if ends && k + 1 == path.len() => {
                    let city = what == "a city";
                    if !city || attacks {
                        return Err(RuleError::illegal(
                            format!("moves[{i}]"),
                            RULE,
                            if city {
                                format!("{h}: the city is held by {}, {}'s ally: it is not assaulted or besieged (ruling R-83)", side_name(p), side_name(side))
                            } else {
                                format!("{h} holds {what} of {}, {}'s ally: allied players' Forces pass through each other's hexes but do not end a move together (ruling AMB-46)", side_name(p), side_name(side))
                            },
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// The template's lines for `side`'s orders: Macedon's `side:` in his first Campaign Phase.
pub fn template(st: &State, side: &str) -> String {
    if !due(st, side) {
        return String::new();
    }
    format!(
        "  # Romans [20.29]: Macedon takes a side for the game now: rome, syria or neutral (not given: {}, the default).\n  # side: neutral\n",
        st.macedon_default()
    )
}
