//! Macedonians [5.54]–[5.56], [4.2] A3: the Cilician Garrison Phase. The Persian rolls one die
//! on the Cilician Gates Garrison Table, +1 when a Force commanded by Alexander (he and at least
//! one land unit) stands within six hexes of the Gates whatever lies between (5.55). A limit of
//! N SSP sends the land units beyond it to the nearest Persian-controlled City or Port, without
//! a commander and at no MP cost (5.54); which stay is the Persian's (standing `gates_stay`;
//! the rest: Garrison units first, then by id, a default). Unguarded: every land unit in the
//! Gates goes to Tarsus, or to Mallus when Tarsus is not Persian, and is eliminated when neither
//! is (5.55; ruling M-R32). Commanders are not limited. The sequence calls it only when the
//! phase is held (not Game-Turn 1, not Winter, not after 5.56).

use std::collections::BTreeMap;

use super::data::model::Arm;
use super::orders::Standing;
use super::state::{State, MACEDONIAN, PERSIAN};
use crate::geo::{Board, Hex};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

const RULE: &str = "Macedonians [5.55]";

/// The Gates hex (5.51).
fn gates(st: &State) -> String {
    st.pack.places.cilician_gates.hex.clone()
}

/// A Force commanded by Alexander is within six hexes of the Gates (5.55).
fn alexander_near(st: &State) -> bool {
    let Some(a) = st.commanders.get("alexander") else {
        return false;
    };
    let conv = st.map().convention();
    let force = st
        .units
        .values()
        .any(|u| u.side == MACEDONIAN && u.at.hex == a.at.hex);
    let near = Hex::parse(&a.at.hex)
        .ok()
        .zip(Hex::parse(&gates(st)).ok())
        .is_some_and(|(x, g)| x.distance(g, conv) <= 6);
    force && near
}

/// The nearest Persian-controlled City or Port to the Gates: (name, hex), by hex count, then
/// by name (5.54).
fn nearest_city(st: &State) -> Option<(String, String)> {
    let conv = st.map().convention();
    let g = Hex::parse(&gates(st)).ok()?;
    st.pack
        .places
        .cities
        .iter()
        .filter(|(n, _)| st.controller(n) == Some(PERSIAN))
        .filter_map(|(n, c)| {
            Some((
                Hex::parse(&c.hex).ok()?.distance(g, conv),
                n.clone(),
                c.hex.clone(),
            ))
        })
        .min()
        .map(|(_, n, h)| (n, h))
}

fn send(st: &mut State, ids: &[String], hex: &str) {
    for id in ids {
        if let Some(u) = st.units.get_mut(id) {
            u.at.hex = hex.to_string();
            u.at.inside = false;
        }
    }
}

/// Macedonians [5.55]: the roll and its result.
///
/// Errors: [`RuleError::Dice`] while the die is not fixed yet.
pub fn phase(
    st: &mut State,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let r = dice
        .roll_for(PERSIAN)
        .d6("Cilician Gates Garrison Table", RULE)?;
    let plus = u32::from(alexander_near(st));
    let row = r + plus;
    let result = st
        .pack
        .table("cilician-gates-garrison")
        .and_then(|t| t.cell(&row.to_string(), "result"))
        .unwrap_or("no-restriction")
        .to_string();
    let g = gates(st);
    let mut held: Vec<String> = st
        .units
        .iter()
        .filter(|(_, u)| u.side == PERSIAN && u.at.hex == g)
        .map(|(id, _)| id.clone())
        .collect();
    let named = standing
        .get(PERSIAN)
        .map(|s| s.gates_stay.clone())
        .unwrap_or_default();
    held.sort_by_key(|id| {
        let pos = named.iter().position(|n| n == id).unwrap_or(usize::MAX);
        let garrison = st.unit_type(id).is_some_and(|t| t.arm == Arm::Garrison);
        (pos, !garrison, id.clone())
    });
    let roll = if plus > 0 {
        format!("rolls {r} +1 (Alexander's Force within six hexes) = {row}")
    } else {
        format!("rolls {r}")
    };
    let text = match result
        .strip_prefix("max-")
        .and_then(|n| n.parse::<u32>().ok())
    {
        Some(max) => {
            let (mut kept, mut total, mut gone) = (Vec::new(), 0u32, Vec::new());
            for id in &held {
                let ssp = st.units[id].ssp;
                if total + ssp <= max {
                    total += ssp;
                    kept.push(id.clone());
                } else {
                    gone.push(id.clone());
                }
            }
            if gone.is_empty() {
                format!("at most {max} SSP may guard the Gates; the {total} SSP there stay")
            } else {
                let default = gone.iter().chain(kept.iter()).any(|id| !named.contains(id));
                let to = nearest_city(st);
                let words = match &to {
                    Some((n, h)) => {
                        send(st, &gone, &h.clone());
                        format!("go to {n}, the nearest Persian City or Port")
                    }
                    None => "have no Persian City or Port to go to and stay".into(),
                };
                format!(
                    "at most {max} SSP may guard the Gates: {} stay ({total} SSP); {} {words}{}",
                    if kept.is_empty() {
                        "none".into()
                    } else {
                        kept.join(", ")
                    },
                    gone.join(", "),
                    if default {
                        " (units not named in the standing `gates_stay` chosen Garrison units first, then by id: default)"
                    } else {
                        ""
                    }
                )
            }
        }
        None if result == "unguarded" => {
            let to = ["Tarsus", "Mallus"]
                .into_iter()
                .find(|c| st.controller(c) == Some(PERSIAN))
                .and_then(|c| st.pack.places.cities.get(c).map(|x| (c, x.hex.clone())));
            if held.is_empty() {
                "the Gates are unguarded; no unit is there".into()
            } else if let Some((c, h)) = to {
                send(st, &held, &h);
                format!("the Gates are unguarded: {} go to {c}", held.join(", "))
            } else {
                for id in &held {
                    if let Some(u) = st.units.remove(id) {
                        st.eliminated.insert(id.clone(), u);
                    }
                }
                format!(
                    "the Gates are unguarded and Tarsus and Mallus are Macedonian: {} eliminated",
                    held.join(", ")
                )
            }
        }
        None => "no change, no restrictions".into(),
    };
    ev.push(Event::new(
        RULE,
        format!("the Persian {roll} on the Cilician Gates Garrison Table: {text}"),
    ));
    Ok(())
}
