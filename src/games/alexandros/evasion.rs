//! Evasion from the Tactical Display (Alexandros 9.3): before set-up either side may try to
//! evade the battle, as its standing `evade_battle` order says. The Persian, who sets up first
//! (10.3), tries first (ruling A-77); the first success ends the battle before it starts.

use std::collections::BTreeMap;

use super::data::{Nationality, Side};
use super::minor_combat;
use super::orders::Standing;
use super::state::{side_name, Host, State};
use super::tactical::evasion::attempt_evasion;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// `evade_battle: {PROVINCE: any}`: evade into the first province open.
pub const ANY: &str = "any";

/// Alexandros 9.3: where a force evading a battle in `p` may go: an adjacent friendly-controlled
/// or contested province every counter of it may enter (8.2, 8.3: Indians only to Gandara,
/// Upper and Lower India); barbarian and Arab raiders only into their province of origin.
pub fn destinations(state: &State, side: Side, host: Host, p: &str) -> Vec<String> {
    let mut out = minor_combat::destinations(state, side, host, p);
    if side == Side::Persian && host == Host::Raiders {
        // Ruling 36a: the Arabs of a raid on Arabia are barbarian raiders too (14.3 rolls them
        // on the barbarian incursion table), so they evade only into Arabia.
        let raider = |u: &String| {
            matches!(
                state.pack.unit(u).map(|x| x.nationality),
                Some(Nationality::Barbarian | Nationality::Arab)
            )
        };
        let origins: Vec<String> = state
            .host_units(side, p, host)
            .iter()
            .filter(|u| raider(u))
            .filter_map(|u| state.raid_origin.get(u).cloned())
            .collect();
        let barbarians = state.host_units(side, p, host).iter().any(raider);
        if barbarians {
            out.retain(|d| origins.iter().all(|o| o == d) && !origins.is_empty());
        }
    }
    out
}

/// Alexandros 9.3: the evasion attempts before a battle in `p` against the Persian-side force
/// `host`. Each side with a standing `evade_battle` order naming `p` rolls (Persian first);
/// success (d6 within the side's `evasion_roll_max`) moves the whole force to the province it
/// named if open, else the first open one (reported); with no open province it cannot try
/// (reported, no roll). Returns true when a side evaded and no battle is fought. A side that
/// gave no order makes no attempt and rolls no die (reported as the default).
pub fn before_battle(
    state: &mut State,
    p: &str,
    host: Host,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    let mut silent = Vec::new();
    for side in [Side::Persian, Side::Macedonian] {
        let h = if side == Side::Macedonian {
            Host::Main
        } else {
            host
        };
        let Some(wanted) = standing
            .get(side_name(side))
            .and_then(|s| s.evade_battle.get(p))
            .cloned()
        else {
            silent.push(side_name(side));
            continue;
        };
        let dests = destinations(state, side, h, p);
        let Some(first) = dests.first().cloned() else {
            ev.push(Event::new(
                "Alexandros 9.3",
                format!(
                    "the {} army in {p} cannot evade: no adjacent friendly-controlled or contested province open to all of it",
                    side_name(side)
                ),
            ));
            continue;
        };
        let to = if wanted == ANY || dests.contains(&wanted) {
            if wanted == ANY {
                first
            } else {
                wanted.clone()
            }
        } else {
            ev.push(Event::new(
                "Alexandros 9.3",
                format!(
                    "{wanted} is not open to the {} army in {p}; it would evade to {first}",
                    side_name(side)
                ),
            ));
            first
        };
        let (ok, e) = attempt_evasion(&state.pack, side, true, dice)?;
        ev.push(Event::new(
            e.rule.clone(),
            format!("the {} army in {p}: {}", side_name(side), e.text),
        ));
        if ok {
            minor_combat::move_force(state, side, h, p, &to, true);
            ev.push(Event::new(
                "Alexandros 9.3",
                format!(
                    "the {} army evades the battle in {p} to {to}",
                    side_name(side)
                ),
            ));
            return Ok(true);
        }
    }
    if !silent.is_empty() {
        ev.push(Event::new(
            "Alexandros 9.3",
            format!(
                "no evasion from the battle in {p} ordered by the {} (standing evade_battle): the battle is fought (default)",
                silent.join(" or the ")
            ),
        ));
    }
    Ok(false)
}
