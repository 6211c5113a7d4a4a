//! Romans [9.51], [9.66], [8.52]–[8.65]: casualties. SSP lost in a battle, a Retreat During
//! Combat or a Pursuit are taken one at a time from the contingent (nation) furthest below its
//! share of the starting SSP ([9.66]), within it from the units of the owner's standing
//! `losses`, then by id; commanders killed turn to their Replacement side (tribunes, [8.65]) or
//! leave the map for the Winter's replacements ([8.61]–[8.64]).

use std::collections::BTreeMap;

use super::orders::Standing;
use super::sequence::side_name;
use super::state::State;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Takes `n` SSP from `side`'s `live` units: each contingent in proportion to its starting SSP
/// ([9.66]), within it the units of the owner's standing `losses` first, then by id; when it
/// says `ask`, the owner names the unit of each SSP in person (`pause_losses::loss`) where
/// more than one may take it. Returns (taken, words, defaulted).
///
/// Errors: the pause for a unit asked in person.
pub fn take_losses(
    st: &mut State,
    side: &str,
    live: &[String],
    standing: Option<&Standing>,
    start: &BTreeMap<String, u32>,
    lost: &mut BTreeMap<String, u32>,
    n: u32,
) -> Result<(u32, Vec<String>, bool), RuleError> {
    let order = standing.map(Standing::loss_order).unwrap_or_default();
    let asks = standing.is_some_and(|x| x.losses.asks());
    let mut taken = 0;
    let mut per: BTreeMap<String, u32> = BTreeMap::new();
    let mut defaulted = false;
    for _ in 0..n {
        // The contingent furthest below its share.
        let mut best: Option<(u64, String)> = None;
        for (nation, s0) in start {
            let has = live.iter().any(|id| {
                st.units
                    .get(id)
                    .is_some_and(|u| &u.nation == nation && u.ssp > 0)
            });
            if !has || *s0 == 0 {
                continue;
            }
            let key = u64::from(*lost.get(nation).unwrap_or(&0)) * 1_000_000 / u64::from(*s0);
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((key, nation.clone()));
            }
        }
        let Some((_, nation)) = best else { break };
        let mut pick = order
            .iter()
            .find(|id| {
                live.contains(id)
                    && st
                        .units
                        .get(*id)
                        .is_some_and(|u| u.nation == nation && u.ssp > 0)
            })
            .cloned();
        if pick.is_none() && asks {
            let can: Vec<String> = live
                .iter()
                .filter(|id| {
                    st.units
                        .get(*id)
                        .is_some_and(|u| u.nation == nation && u.ssp > 0)
                })
                .cloned()
                .collect();
            if can.len() > 1 {
                pick = super::pause_losses::loss(st, side, &nation, &can, (taken + 1, n))?;
            }
        }
        if pick.is_none() {
            pick = live
                .iter()
                .find(|id| {
                    st.units
                        .get(*id)
                        .is_some_and(|u| u.nation == nation && u.ssp > 0)
                })
                .cloned();
            defaulted = true;
        }
        let Some(id) = pick else { break };
        if let Some(u) = st.units.get_mut(&id) {
            u.ssp -= 1;
        }
        *lost.entry(nation).or_default() += 1;
        *per.entry(id).or_default() += 1;
        taken += 1;
    }
    let mut words = Vec::new();
    for (id, k) in per {
        if st.units.get(&id).is_some_and(|u| u.ssp == 0) {
            st.units.remove(&id);
            words.push(format!("{id} -{k}, eliminated"));
        } else {
            words.push(format!("{id} -{k}"));
        }
    }
    Ok((taken, words, defaulted && !order.is_empty()))
}

/// [8.52], [8.62]–[8.65]: a commander killed: a tribune turns to his Replacement side and
/// stays; any other leaves the map (replaced in the Winter).
pub fn kill_commander(st: &mut State, cid: &str, ev: &mut Vec<Event>) {
    let name = st.commander_name(cid);
    let tribune = st.commanders[cid].pool.as_deref() == Some("tribunes");
    if tribune && !st.combat.replacement_side.contains(cid) {
        st.combat.replacement_side.insert(cid.to_string());
        ev.push(Event::new(
            "Romans [8.65]",
            format!("{name} is killed; his counter turns to its Replacement side"),
        ));
    } else if tribune {
        ev.push(Event::new(
            "Romans [8.65]",
            format!("{name}, a Replacement tribune, is killed and stays in the game"),
        ));
    }
    if tribune {
        // a tribune left with no units of his side in the hex goes back to Roma.
        let c = st.commanders[cid].clone();
        let alone = !st
            .units_at(&c.at.map, &c.at.hex)
            .any(|(_, u)| u.side == c.side && !u.at.inside);
        let roma = st
            .cities
            .values()
            .find(|x| x.name == "Roma")
            .map(|x| x.at.clone());
        if let (true, Some(at)) = (alone, roma) {
            if let Some(x) = st.commanders.get_mut(cid) {
                x.at = at.clone();
                x.at.inside = false;
            }
            ev.push(Event::new(
                "Romans [8.65]",
                format!("{name} has no Force left and returns to Roma ({})", at.hex),
            ));
        }
    } else {
        st.remove_commander(cid);
        st.combat.killed.push(cid.to_string());
        ev.push(Event::new(
            "Romans [8.52], [8.6]",
            format!("{name} is killed and leaves the map"),
        ));
    }
}

/// Romans [10.23]: the die of SSP a Force loses after its Retreat During Combat, rolled for
/// `side`, taken from its `live` units by the owner's standing `losses` ([`take_losses`]) (each contingent in
/// proportion, [9.66]); the event cites `rule` (the Tactical display adds its follow-up 2.35).
///
/// Errors: [`RuleError::Dice`] without dice; the pause for a unit asked in person.
pub fn rdc_losses(
    st: &mut State,
    side: &str,
    live: &[String],
    standing: Option<&Standing>,
    rule: &str,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let roll = dice
        .roll_for(side)
        .d6("Retreat During Combat losses", "Romans [10.23]")?;
    let mut start = BTreeMap::new();
    for id in live {
        if let Some(x) = st.units.get(id) {
            *start.entry(x.nation.clone()).or_insert(0) += x.ssp;
        }
    }
    let (k, words, _) = take_losses(st, side, live, standing, &start, &mut BTreeMap::new(), roll)?;
    ev.push(Event::new(
        rule.to_string(),
        format!(
            "{} rolls {roll} after its Retreat During Combat and loses {k} SSP{}",
            side_name(side),
            if words.is_empty() {
                String::new()
            } else {
                format!(" ({})", words.join(", "))
            }
        ),
    ));
    Ok(())
}
