//! Macedonians [5.14], [9.25], [6.22]: a move in legs. Each leg is planned by `movement`; the
//! interceptions the non-phasing player's standing orders try are rolled before it is made
//! (`engage::try_intercepts`), and a leg ends at the hex where one succeeds or at an
//! enemy-occupied hex, where `engage` resolves the meeting; the next leg goes on from there with
//! the MP left if the Force still stands.

use std::collections::BTreeMap;

use super::movement::{execute, plan_leg, Plan, SIEGE_TRAIN};
use super::orders::Move;
use super::state::State;
use crate::games::conquerors::movement::mp;
use crate::geo::Hex;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Macedonians [5.0]–[5.3], [5.8], [5.14]: one commander's move, the `i`th of the phase. With
/// `dice` None it only checks (a move meeting the enemy is checked up to that hex); with dice it
/// moves, rolls a Forced March's attrition, fights what it meets (`engage`, by the
/// non-phasing player's `standing`) and goes on along the rest of its path if its Force still
/// stands ([9.25]).
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]`, the section and why; dice not available.
pub fn apply_move(
    st: &mut State,
    side: &str,
    i: usize,
    mv: &Move,
    dice: Option<&mut Dice>,
    ev: &mut Vec<Event>,
    standing: &BTreeMap<String, super::orders::Standing>,
) -> Result<(), RuleError> {
    let mut dice = dice;
    let mut leg = mv.clone();
    let mut resume = None;
    loop {
        let mut p = plan_leg(st, side, i, &leg, resume, Some(standing), None)?;
        let mut hit = None;
        if let Some(d) = dice.as_deref_mut() {
            hit = super::engage::try_intercepts(st, side, &p, d, ev)?;
            if let Some((k, _)) = &hit {
                p = plan_leg(st, side, i, &leg, resume, Some(standing), Some(*k))?;
            }
        }
        execute(st, side, &leg, &p, dice.as_deref_mut(), ev)?;
        let Some(d) = dice.as_deref_mut().filter(|_| p.contact || hit.is_some()) else {
            return Ok(());
        };
        let units: Vec<String> = p
            .force
            .iter()
            .filter(|u| st.units.contains_key(*u))
            .cloned()
            .collect();
        let carried: Vec<String> = p.carried.iter().cloned().collect();
        let last = *p.path.last().expect("a plan has a path");
        let goes_on = match &hit {
            Some((_, z)) => super::engage::intercepted(
                st,
                side,
                &p.commander,
                (&units, &carried),
                last,
                z,
                standing,
                d,
                ev,
            )?,
            None => {
                let e = super::engage::enter(
                    st,
                    side,
                    &p.commander,
                    (&units, &carried),
                    last,
                    standing,
                    d,
                    ev,
                )?;
                let per = st.maps.costs("macedonians").map(|c| c.per_mp).unwrap_or(2);
                if let Some(m) = st.moved.get_mut(&p.commander) {
                    m.spent += e.surcharge;
                }
                if e.surcharge > 0 {
                    ev.push(Event::new(
                        "Macedonians [9.22], [5.73]",
                        format!(
                            "{} pays {} more for the combat at {last}",
                            st.commander_name(&p.commander),
                            mp(e.surcharge, per)
                        ),
                    ));
                }
                e.goes_on
            }
        };
        if p.rest.is_empty() {
            return Ok(());
        }
        if !goes_on {
            ev.push(Event::new(
                "Macedonians [9.25]",
                format!(
                    "the move of {} ends at {last}: the rest of the path ({}) is not entered",
                    st.commander_name(&p.commander),
                    p.rest.join(", ")
                ),
            ));
            return Ok(());
        }
        // [5.14], [9.25]: the Force moves on with what it has left.
        let spent = st.moved.get(&p.commander).map(|m| m.spent).unwrap_or(0);
        resume = Some((spent, p.allowance));
        leg = next_leg(st, &p, &leg, last);
    }
}

/// The rest of a move after its combat at `last`: the Force as it stands there, the path and
/// the pick-ups and drop-offs still ahead.
fn next_leg(st: &State, p: &Plan, leg: &Move, last: Hex) -> Move {
    let here = last.to_string();
    let with: Vec<String> = p
        .force
        .iter()
        .chain(&p.carried)
        .filter(|id| {
            st.units.get(*id).is_some_and(|u| u.at.hex == here)
                || st.commanders.get(*id).is_some_and(|c| c.at.hex == here)
                || (id.as_str() == SIEGE_TRAIN && st.siege_train_at(&here))
        })
        .cloned()
        .collect();
    let keep = |m: &BTreeMap<String, Vec<String>>| {
        m.iter()
            .filter(|(h, _)| p.rest.contains(h))
            .map(|(h, v)| (h.clone(), v.clone()))
            .collect()
    };
    Move {
        commander: p.commander.clone(),
        with,
        path: p.rest.clone(),
        pick_up: keep(&leg.pick_up),
        drop_off: keep(&leg.drop_off),
        royal_road: leg.royal_road,
        forced_march: None,
        inside: leg.inside,
    }
}
