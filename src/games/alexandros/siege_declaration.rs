//! Siege declarations (Alexandros 11.1, 11.3, 6.3): which leaders and units of a force besiege
//! which city this turn, checked in the movement phase before any die.

use std::collections::{BTreeMap, BTreeSet};

use super::data::Side;
use super::orders::SiegeOrder;
use super::siege::{is_infantry, siege_provinces, SiegeDecl};
use super::state::{Place, State};
use crate::ruleset::RuleError;

fn illegal(city: &str, rule: &str, why: impl Into<String>) -> RuleError {
    RuleError::illegal(format!("sieges {city}"), format!("Alexandros {rule}"), why)
}

/// May `code` besiege: an infantry unit (11.3) or the Siege Train (11.3, 11.7)?
fn besieger(state: &State, code: &str) -> bool {
    state.is_siege_train(code)
        || state
            .pack
            .unit(code)
            .map(|u| is_infantry(u.kind))
            .unwrap_or(false)
}

/// Alexandros 11.1, 11.3, 6.3: checks the `sieges:` of a movement order file and resolves
/// which units take part in each. Each siege needs an enemy walled city, leaders of `side` in
/// the field in a province it can be besieged from (all in one province), led by a leader rated
/// above 0 (11.1); a leader and a unit take part in one siege only (11.1). A siege given as
/// `CITY: LEADER` (or with no `units`) takes every infantry unit and the Siege Train of the
/// force not named for another siege; two such sieges from one province are refused, since
/// the units cannot be divided without the player saying how. Errors: the first refusal, with
/// the order, the section and why.
pub fn declare(
    state: &State,
    side: Side,
    orders: &BTreeMap<String, SiegeOrder>,
) -> Result<Vec<SiegeDecl>, RuleError> {
    let mut leaders_used: BTreeSet<String> = BTreeSet::new();
    let mut units_used: BTreeSet<String> = BTreeSet::new();
    let mut located: Vec<(String, String, Vec<String>, Vec<String>)> = Vec::new();
    for (city, o) in orders {
        let w = state.walls.get(city).filter(|w| w.count > 0);
        if w.map(|w| w.side == side).unwrap_or(true) {
            return Err(illegal(
                city,
                "11.1",
                format!("{city} is not an enemy walled city"),
            ));
        }
        let leaders = o.leaders();
        if leaders.is_empty() {
            return Err(illegal(city, "11.1", "a siege is led by a leader"));
        }
        let from = siege_provinces(state, city);
        let mut at: Option<String> = None;
        for l in &leaders {
            let Some(ls) = state.leaders.get(l).filter(|x| x.owner == side) else {
                return Err(illegal(city, "11.1", format!("{l} is not your leader")));
            };
            let here = match &ls.place {
                Place::Province(p) if from.contains(p) => p.clone(),
                Place::Province(p) if ls.moved => {
                    return Err(illegal(
                        city,
                        "11.1",
                        format!(
                            "{l} marches to {p} in this turn's moves, away from {city}'s walls: a siege is led by a leader who is in {} once the moves are done; keep {l} there or give the siege to a leader who stays",
                            from.join(" or ")
                        ),
                    ))
                }
                _ => {
                    return Err(illegal(
                        city,
                        "11.1",
                        format!(
                            "{l} is not in the field before {city} (besieged from {})",
                            from.join(" or ")
                        ),
                    ))
                }
            };
            if at.as_ref().is_some_and(|a| *a != here) {
                return Err(illegal(
                    city,
                    "6.3",
                    "the leaders of one siege stand in one province",
                ));
            }
            at = Some(here);
            if !leaders_used.insert(l.clone()) {
                return Err(illegal(
                    city,
                    "11.1",
                    format!("{l} takes part in one siege a turn"),
                ));
            }
        }
        if state
            .pack
            .leader(&leaders[0])
            .is_some_and(|x| x.rating == 0 && x.wounded_rating.is_none())
        {
            return Err(illegal(
                city,
                "11.1",
                format!("{} is a \"0\" leader and leads no siege", leaders[0]),
            ));
        }
        let at = at.unwrap_or_default();
        for u in o.units() {
            let ok = state
                .units
                .get(&u)
                .is_some_and(|x| x.owner == side && x.place == Place::Province(at.clone()));
            if !ok {
                let gone = state.units.get(&u).filter(|x| x.owner == side && x.moved);
                if let Some(Place::Province(p)) = gone.map(|x| &x.place) {
                    return Err(illegal(
                        city,
                        "11.1",
                        format!(
                            "{u} marches to {p} in this turn's moves, away from {city}'s walls: only units that stand in {at} with the siege's leaders after moving take part; leave {u} in {at} or drop it from the siege"
                        ),
                    ));
                }
                return Err(illegal(
                    city,
                    "11.1",
                    format!("{u} is not one of your units in the field in {at}"),
                ));
            }
            if !besieger(state, &u) {
                return Err(illegal(
                    city,
                    "11.3",
                    format!("{u} is neither infantry nor the Siege Train: cavalry and archers do not besiege"),
                ));
            }
            if !units_used.insert(u.clone()) {
                return Err(illegal(
                    city,
                    "11.1",
                    format!("{u} takes part in one siege a turn"),
                ));
            }
        }
        located.push((city.clone(), at, leaders, o.units()));
    }
    // The sieges that name no units take the rest of their force: one per province.
    let mut rest_taken: BTreeMap<String, String> = BTreeMap::new();
    let mut out = Vec::new();
    for (city, at, leaders, named) in located {
        let units = if named.is_empty() {
            if let Some(other) = rest_taken.get(&at) {
                return Err(illegal(
                    &city,
                    "11.1",
                    format!(
                        "two sieges from {at} ({other} and {city}) cannot share the force: name the units of each ({city}: {{leaders: [..], units: [..]}})"
                    ),
                ));
            }
            rest_taken.insert(at.clone(), city.clone());
            // The Siege Train is no field combat unit (ruling A-43) but besieges (11.3).
            state
                .units
                .iter()
                .filter(|(_, x)| x.owner == side && x.place == Place::Province(at.clone()))
                .map(|(c, _)| c.clone())
                .filter(|u| besieger(state, u) && !units_used.contains(u))
                .collect::<Vec<_>>()
        } else {
            named
        };
        if units.is_empty() {
            return Err(illegal(
                &city,
                "11.3",
                format!(
                    "no infantry unit or Siege Train of yours in {at} is free to besiege {city}"
                ),
            ));
        }
        out.push(SiegeDecl {
            side,
            city,
            leader: leaders[0].clone(),
            leaders,
            units,
            sortie: None,
        });
    }
    Ok(out)
}
