//! Macedonians [5.8]: the Forced March. Only a land Force commanded by Alexander, made of units
//! that began the Campaign Phase stacked with him, may march it; the player declares one to
//! five MP beyond the allowance of 30 before moving; after the Force stops and before any
//! combat he rolls one die on the Forced March Attrition Table in the declared column, used or
//! not, and loses that many SSP from infantry and missile units only, never cavalry (the
//! table's key). The losses fall on the units he names, then on the rest by id (a default,
//! reported), through the shared `conquerors::attrition`.

use std::collections::BTreeSet;

use super::data::model::Arm;
use super::movement::{refuse, Plan, SIEGE_TRAIN};
use super::orders::Move;
use super::state::State;
use crate::games::conquerors::attrition::{land_loss, remove_ssp};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The units of `force` that may take Forced March losses (infantry and missile).
fn on_foot(st: &State, force: &BTreeSet<String>) -> Vec<String> {
    force
        .iter()
        .filter(|id| {
            st.unit_type(id)
                .is_some_and(|t| matches!(t.arm, Arm::Infantry | Arm::Missile))
        })
        .cloned()
        .collect()
}

/// Checks a declaration; its extra MP (0 without one).
///
/// Errors: [`RuleError::Illegal`] under 5.8 for another commander, a declaration outside 1–5,
/// a Force with units that did not begin the phase with Alexander, losses named outside the
/// Force's infantry and missile units.
pub fn check(
    st: &State,
    i: usize,
    mv: &Move,
    force: &BTreeSet<String>,
    picks_up: bool,
) -> Result<u32, RuleError> {
    let Some(f) = &mv.forced_march else {
        return Ok(0);
    };
    let rule = "Macedonians [5.8]";
    let most = st.pack.number("movement", "forced-march-most").unwrap_or(5);
    if !(1..=most).contains(&f.extra_mp) {
        return Err(refuse(
            i,
            rule,
            format!("a Forced March adds one to {most} MP, not {}", f.extra_mp),
        ));
    }
    let cid = &mv.commander;
    if !st.commander_data(cid).is_some_and(|c| c.forced_march) {
        return Err(refuse(
            i,
            rule,
            format!(
                "only a Force commanded by Alexander may Force March, not one under {}",
                st.commander_name(cid)
            ),
        ));
    }
    if force.iter().all(|u| u == SIEGE_TRAIN) {
        return Err(refuse(
            i,
            rule,
            "only Land Forces Force March: Alexander brings no land units",
        ));
    }
    if picks_up {
        return Err(refuse(
            i,
            rule,
            "units picked up on the way did not begin the Campaign Phase stacked with Alexander",
        ));
    }
    let his = st.phase_start.get(cid.as_str());
    for u in force.iter().filter(|u| *u != SIEGE_TRAIN) {
        if st.phase_start.get(u.as_str()) != his {
            return Err(refuse(
                i,
                rule,
                format!("{u} did not begin the Campaign Phase stacked with Alexander"),
            ));
        }
    }
    let foot = on_foot(st, force);
    for u in &f.losses_from {
        if !foot.contains(u) {
            return Err(refuse(i, rule, format!("losses_from: {u} is not an infantry or missile unit of the Force (cavalry never take Forced March losses)")));
        }
    }
    Ok(f.extra_mp)
}

/// Rolls the attrition of a Forced March made ([5.8]) and takes the losses.
///
/// Errors: [`RuleError::Dice`] while the die is not fixed yet.
pub fn attrition(
    st: &mut State,
    mv: &Move,
    p: &Plan,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let side = st
        .commanders
        .get(&p.commander)
        .map(|c| c.side.clone())
        .unwrap_or_default();
    let roll = dice
        .roll_for(&side)
        .d6("Forced March attrition", "Macedonians [5.8]")?;
    let column = format!("+{}", p.forced);
    let cell = st
        .pack
        .table("forced-march-attrition")
        .and_then(|t| t.cell(&roll.to_string(), &column))
        .unwrap_or("-")
        .to_string();
    let lost = if cell == "-" {
        0
    } else {
        land_loss(&cell, 0).unwrap_or(0)
    };
    let named = mv
        .forced_march
        .as_ref()
        .map(|f| f.losses_from.clone())
        .unwrap_or_default();
    let pool = on_foot(st, &p.force);
    let taken = remove_ssp(&mut st.units, &named, &pool, lost);
    for (id, u) in taken.eliminated.iter().cloned() {
        st.eliminated.insert(id, u);
    }
    ev.push(Event::new(
        "Macedonians [5.8]",
        format!(
            "Forced March attrition: {} rolls {roll} in column {column}: {lost} SSP lost{}",
            st.commander_name(&p.commander),
            taken.words()
        ),
    ));
    Ok(())
}
