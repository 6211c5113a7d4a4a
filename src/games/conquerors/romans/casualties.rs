//! Romans [9.51], [9.66], [8.52]–[8.65]: casualties. SSP lost in a battle, a Retreat During
//! Combat or a Pursuit are taken one at a time from the contingent (nation) furthest below its
//! share of the starting SSP ([9.66]), within it from the units of the owner's standing
//! `losses`, then by id; commanders killed turn to their Replacement side (tribunes, [8.65]) or
//! leave the map for the Winter's replacements ([8.61]–[8.64]).

use std::collections::BTreeMap;

use super::orders::Standing;
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::force::LandUnit;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Takes `n` SSP from `side`'s `live` units: each contingent in proportion to its starting SSP
/// ([9.66]), within it the units of the owner's standing `losses` first, then by id
/// (`conquerors::losses::take`); when it says `ask`, the owner names the unit of each SSP in
/// person (`pause_losses::loss`) where more than one may take it. Returns (taken, words,
/// defaulted).
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
    let asking = &mut st.asking;
    let mut ask = |units: &BTreeMap<String, LandUnit>, nation: &str, can: &[String], kn| {
        super::pause_losses::loss(asking, units, side, nation, can, kn)
    };
    let choose: crate::games::conquerors::losses::Chooser<'_, RuleError> =
        if standing.is_some_and(|x| x.losses.asks()) {
            Some(&mut ask)
        } else {
            None
        };
    crate::games::conquerors::losses::take(
        &mut st.units,
        live,
        &order,
        (start, lost),
        n,
        |u| &u.nation,
        choose,
    )
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
