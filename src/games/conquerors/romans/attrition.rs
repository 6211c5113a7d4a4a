//! Romans [15]: attrition. A roll on the Land Attrition Table ([15.3]) costs a Force SSP, taken
//! in its owner's standing `losses` order (the rest by id, a default); commanders never suffer
//! it ([8.56]). It falls on a Force ending a Game-Turn in a desert hex ([15.13], checked after
//! the last Player-Turn, ruling AMB-37), on a Force out of supply with an empty treasury
//! ([14.26]), and at the start of Winter on a Force outside a friendly city hex or its supply
//! radius ([15.11], [15.14], ruling AMB-39: `winter`, for the Winter turn to call). The
//! Attrition Phase ([4.1], [15.22]) rolls the Naval Attrition Table ([15.4]) for each fleet of
//! the phasing player not in a friendly controlled port (Merchants too, errata 15.22).

use std::collections::{BTreeMap, BTreeSet};

use super::orders::Standing;
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::attrition::{land_loss, remove_ssp};
use crate::geo::{Hex, Terrain};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The owner's standing loss order.
fn named(standing: &BTreeMap<String, Standing>, side: &str) -> Vec<String> {
    standing
        .get(side)
        .map(Standing::loss_order)
        .unwrap_or_default()
}

/// Romans [15.3], [15.14]: one roll on the Land Attrition Table for the Force `ids` of `side`,
/// its losses removed at once.
#[allow(clippy::too_many_arguments)]
pub fn land_attrition(
    st: &mut State,
    side: &str,
    ids: &[String],
    what: &str,
    rule: &str,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let force: u32 = ids
        .iter()
        .filter_map(|id| st.units.get(id))
        .map(|u| u.ssp)
        .sum();
    if force == 0 {
        return Ok(());
    }
    let r = dice.roll_for(side).d6("land attrition", rule)?;
    let cell = st
        .pack
        .table("land-attrition")
        .and_then(|t| t.cell(&r.to_string(), "remove"))
        .unwrap_or("0")
        .to_string();
    let n = land_loss(&cell, force).unwrap_or(0);
    let order = if standing.get(side).is_some_and(|s| s.losses.asks()) {
        super::pause_losses::attrition_order(st, side, ids, n)?
    } else {
        named(standing, side)
    };
    let taken = remove_ssp(&mut st.units, &order, ids, n);
    ev.push(Event::new(
        rule,
        format!(
            "{what} ({force} SSP): {} rolls {r} on the Land Attrition Table ({cell}): {n} SSP lost{}",
            side_name(side),
            taken.words()
        ),
    ));
    Ok(())
}

/// `side`'s land units by hex.
fn stacks(st: &State, side: &str) -> BTreeMap<(String, String), Vec<String>> {
    let mut out: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for (id, u) in st.units.iter().filter(|(_, u)| u.side == side) {
        out.entry((u.at.map.clone(), u.at.hex.clone()))
            .or_default()
            .push(id.clone());
    }
    out
}

/// Romans [15.13], ruling AMB-37: after the last Player-Turn of a Game-Turn, every Force in a
/// desert hex rolls for attrition.
pub fn desert(
    st: &mut State,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    for side in st.players.clone() {
        for ((m, hex), ids) in stacks(st, &side) {
            let desert = st
                .map(&m)
                .zip(Hex::parse(&hex).ok())
                .and_then(|(map, h)| map.hex(h).map(|e| e.terrain))
                == Some(Terrain::Desert);
            if desert {
                land_attrition(
                    st,
                    &side,
                    &ids,
                    &format!("the Force in the desert at {hex}"),
                    "Romans [15.13]",
                    standing,
                    dice,
                    ev,
                )?;
            }
        }
    }
    Ok(())
}

/// Romans [15.11], [15.14], ruling AMB-39: the Winter land attrition, for the Winter/Planning
/// Turn to call first: every Force outside a friendly city hex (inside the walls or out) or
/// beyond its supply radius rolls once.
pub fn winter(
    st: &mut State,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    for side in st.players.clone() {
        for ((m, hex), ids) in stacks(st, &side) {
            let (Some(map), Ok(h)) = (st.map(&m), Hex::parse(&hex)) else {
                continue;
            };
            let in_city = st
                .city_at(&m, h)
                .is_some_and(|c| !c.sacked && c.control.as_deref() == Some(side.as_str()));
            let nations: BTreeSet<String> = ids
                .iter()
                .filter_map(|id| st.units.get(id))
                .map(|u| u.nation.clone())
                .collect();
            let supplied = super::supply::in_supply(st, &side, &map, h, &nations);
            if !in_city || !supplied {
                let why = match (in_city, supplied) {
                    (false, false) => "outside a friendly city hex and beyond its supply radius",
                    (false, true) => "outside a friendly city hex",
                    _ => "beyond its supply radius",
                };
                land_attrition(
                    st,
                    &side,
                    &ids,
                    &format!("the Force at {hex}, {why}"),
                    "Romans [15.11]",
                    standing,
                    dice,
                    ev,
                )?;
            }
        }
    }
    Ok(())
}

/// Romans [15.4], ruling AMB-04: one roll on the Naval Attrition Table for the fleet `ids` of
/// `side`: the steps it gives come off one at a time (a full squadron to half, a half one
/// eliminated), squadrons in the owner's standing `naval_losses` order, then those carrying
/// nothing, then by id (a default); cargo follows its ships ([12.15]).
///
/// Errors: dice not available yet.
#[allow(clippy::too_many_arguments)]
pub fn naval_steps(
    st: &mut State,
    side: &str,
    ids: &[String],
    what: &str,
    rule: &str,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let r = dice.roll_for(side).d6("naval attrition", rule)?;
    let n: u32 = st
        .pack
        .table("naval-attrition")
        .and_then(|t| t.cell(&r.to_string(), "remove"))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let order = super::naval_decisions::naval_loss_order(standing, side);
    let mut rest: Vec<String> = ids
        .iter()
        .filter(|id| !order.value.contains(id))
        .cloned()
        .collect();
    rest.sort_by_key(|q| (st.naval.aboard.values().any(|x| x == q), q.clone()));
    let ranked: Vec<(bool, String)> = order
        .value
        .iter()
        .filter(|id| ids.contains(id))
        .map(|id| (true, id.clone()))
        .chain(rest.into_iter().map(|id| (false, id)))
        .collect();
    let mut left = n;
    let mut lines = Vec::new();
    let mut defaulted = false;
    let mut hit = Vec::new();
    for (by_owner, id) in ranked {
        while left > 0 && st.squadrons.contains_key(&id) {
            if !by_owner {
                defaulted = true;
            }
            left -= 1;
            hit.push(id.clone());
            // A Merchant has one step: its counter has no reduced side ([3.21], [12.2]).
            let half = st.squadrons[&id].half || st.squadrons[&id].kind == "merchant";
            if half {
                st.squadrons.remove(&id);
                lines.push(format!("{id} eliminated"));
            } else if let Some(q) = st.squadrons.get_mut(&id) {
                q.half = true;
                lines.push(format!("{id} to half strength"));
            }
        }
    }
    ev.push(Event::new(
        rule,
        format!(
            "{what}: rolls {r} on the Naval Attrition Table, {n} steps{}{}",
            if lines.is_empty() { String::new() } else { format!(" ({})", lines.join(", ")) },
            if defaulted { "; squadrons not named in the standing `naval_losses` order lost steps in the default order (those carrying nothing first, then by id)" } else { "" }
        ),
    ));
    if !hit.is_empty() {
        // A loss at sea may make later moves of the phase impossible: they are cancelled,
        // not refused (as after a battle, ruling R-32).
        st.combat.engagements += 1;
    }
    super::transport::settle(st, side, &hit, standing, ev);
    Ok(())
}

/// Romans [4.1], [15.22], [15.4]: `side`'s Attrition Phase: each of its fleets not in a
/// friendly controlled port ([11.18]: not while an enemy fleet shares the port) rolls once on
/// the Naval Attrition Table (Merchants too, errata 15.22; ruling AMB-38: one roll a fleet).
pub fn attrition_phase(
    st: &mut State,
    side: &str,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let w = super::fleets::waters(st);
    let mut fleets: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for (id, q) in st.squadrons.iter().filter(|(_, q)| q.side == side) {
        let Some(k) = super::fleets::key(&q.at).and_then(|k| w.canonical(&k)) else {
            continue;
        };
        fleets
            .entry((k.map.clone(), k.hex.to_string()))
            .or_default()
            .push(id.clone());
    }
    for ((m, hex), ids) in fleets {
        let Ok(h) = Hex::parse(&hex) else { continue };
        let k = crate::geo::HexKey {
            map: m.clone(),
            hex: h,
        };
        let nations = super::fleets::nations(st, &ids);
        if super::fleets::friendly_port(st, &w, &k, side, &nations) {
            continue;
        }
        let what = format!(
            "{}'s fleet at {} ends the Campaign Phase outside a friendly controlled port",
            side_name(side),
            super::fleets::words(st, &k)
        );
        naval_steps(st, side, &ids, &what, "Romans [15.22]", standing, dice, ev)?;
    }
    Ok(())
}
