//! Romans [8.6]: command replacements. A Roman consul, praetor or legate eliminated is removed
//! for good and the Senate fills his office at the Winter ([8.64]); a tribune turns over to his
//! Replacement at once and stays ([8.65]); any other commander is set aside and comes back at
//! the next Winter as the Replacement on his counter's back, where his nation has troops
//! ([8.61]–[8.63]). Combat calls [`eliminated`]; the Winter calls [`return_fallen`].

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::force::Commander;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Commanders out of play until the Winter, and those serving as their Replacement.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplacementState {
    /// Eliminated commanders of Macedon, Syria and the allies, by id, waiting for the Winter
    /// ([8.62]).
    #[serde(default)]
    pub fallen: BTreeMap<String, Commander>,
    /// Commanders (ids) on their Replacement side ([8.62], [8.65]).
    #[serde(default)]
    pub replaced: BTreeSet<String>,
}

/// The Replacement's rating on the back of commander `id`'s counter.
pub fn replacement_rating(st: &State, id: &str) -> Option<u8> {
    let c = st.commanders.get(id)?;
    let counter = c.counter.as_ref()?;
    if let Some(n) = st.pack.counters.commanders.get(counter) {
        return Some(n.replacement.rating);
    }
    let pool = st.pack.counters.roman_pools.get(c.pool.as_ref()?)?;
    pool.counters
        .get(counter)?
        .replacement
        .as_ref()
        .map(|r| r.rating)
}

/// Romans [8.6], [19.16]: commander `id` was eliminated by the enemy. Scores his bounty (if
/// the scenario sets one), then removes him ([8.64]), turns a tribune over ([8.65], drawing an
/// untried tribune's counter first) or sets him aside for the Winter ([8.62], [8.63]).
/// Returns the VP scored.
///
/// Errors: [`RuleError::Dice`] when an untried tribune must be drawn without dice.
pub fn eliminated(
    st: &mut State,
    id: &str,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<u32, RuleError> {
    let Some(c) = st.commanders.get(id).cloned() else {
        return Ok(0);
    };
    let vp = super::victory::record_commander_eliminated(st, id);
    let name = st.commander_name(id);
    match c.pool.as_deref() {
        Some("tribunes") => {
            super::senate::reveal(st, id, dice, "Romans [8.65]", ev)?;
            st.replacements.replaced.insert(id.to_string());
            ev.push(Event::new(
                "Romans [8.65]",
                format!("{name} falls: his Replacement takes his place at once"),
            ));
        }
        Some(_) => {
            st.remove_commander(id);
            ev.push(Event::new(
                "Romans [8.64]",
                format!("{name} falls and is removed from play; the Senate fills his office at the Winter"),
            ));
        }
        None => {
            st.remove_commander(id);
            st.replacements.fallen.insert(id.to_string(), c);
            ev.push(Event::new(
                "Romans [8.62]",
                format!("{name} falls and is set aside: his Replacement comes at the Winter"),
            ));
        }
    }
    if vp > 0 {
        ev.push(Event::new(
            "Romans [19.16]",
            format!("{vp} Victory Points for eliminating {name}"),
        ));
    }
    Ok(vp)
}

/// Hexes holding land units of `nation`, the most SSP first.
fn nation_hexes(st: &State, nation: &str) -> Vec<(String, String)> {
    let mut by: BTreeMap<(String, String), u32> = BTreeMap::new();
    for u in st.units.values().filter(|u| u.nation == nation) {
        *by.entry((u.at.map.clone(), u.at.hex.clone())).or_default() += u.ssp.max(1);
    }
    let mut v: Vec<_> = by.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v.into_iter().map(|(k, _)| k).collect()
}

/// Romans [8.62], [8.63]: at the Winter, each of `side`'s fallen commanders returns as his
/// Replacement in a hex holding troops of his nation — where `chosen` says (commander id →
/// `CCRR`), else where most of them stand (a reported default). With none of his nation's
/// troops on the map he waits for a later Winter (ruling R-78).
///
/// Errors: [`RuleError::Illegal`]: a commander who is not fallen, or a hex without his
/// nation's troops.
pub fn return_fallen(
    st: &mut State,
    side: &str,
    chosen: &BTreeMap<String, String>,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    for id in chosen.keys() {
        if !st
            .replacements
            .fallen
            .get(id)
            .is_some_and(|c| c.side == side)
        {
            return Err(RuleError::illegal(
                format!("replacements.{id}"),
                "Romans [8.62]",
                format!("{id} is not a fallen commander of {}", side_name(side)),
            ));
        }
    }
    let ids: Vec<String> = st
        .replacements
        .fallen
        .iter()
        .filter(|(_, c)| c.side == side)
        .map(|(k, _)| k.clone())
        .collect();
    for id in ids {
        let c = st.replacements.fallen[&id].clone();
        let hexes = nation_hexes(st, &c.nation);
        let at = match chosen.get(&id) {
            Some(h) => hexes.iter().find(|(_, x)| x == h).cloned().ok_or_else(|| {
                RuleError::illegal(
                    format!("replacements.{id}"),
                    "Romans [8.62]",
                    format!(
                        "no troops of his nation at {h} (try {})",
                        hexes
                            .iter()
                            .map(|(_, x)| x.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })?,
            None => match hexes.first() {
                Some(h) => {
                    ev.push(Event::new(
                        "Romans [8.62]",
                        format!(
                            "default: {id}'s Replacement returns at {} (nothing ordered)",
                            h.1
                        ),
                    ));
                    h.clone()
                }
                None => {
                    ev.push(Event::new(
                        "Romans [8.62]",
                        format!("{id}'s Replacement waits: no troops of his nation on the map"),
                    ));
                    continue;
                }
            },
        };
        let mut back = c;
        back.at.map = at.0;
        back.at.hex = at.1.clone();
        back.at.inside = false;
        st.replacements.fallen.remove(&id);
        st.commanders.insert(id.clone(), back);
        st.replacements.replaced.insert(id.clone());
        ev.push(Event::new(
            "Romans [8.62], [8.63]",
            format!(
                "{}'s Replacement (rating {}) returns at {}",
                id,
                replacement_rating(st, &id).unwrap_or(1),
                at.1
            ),
        ));
    }
    Ok(())
}
