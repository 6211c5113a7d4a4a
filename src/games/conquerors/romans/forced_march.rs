//! Romans [5.8] Forced March: Roman and Macedonian Forces only ([5.81]); the commander's
//! Strategic Rating sets how many extra hexes he may declare ([5.82], [5.85]; Philip V marches
//! on the 5 columns, [5.84]); an untried Roman's rating is revealed right after the declaration
//! and a declaration beyond it means no Forced March (errata 5.83); after moving, one die on
//! the Forced March Attrition Table in the declared column ([5.83], [5.86] with both errata),
//! the SSP lost coming from infantry and missile units only ([5.86] key, ruling R-2).

use std::collections::BTreeSet;

use super::data::model::Arm;
use super::orders::ForcedMarch;
use super::state::State;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

fn refuse(i: usize, rule: &str, reason: impl Into<String>) -> RuleError {
    RuleError::illegal(format!("moves[{i}].forced_march"), rule, reason)
}

/// The rating a commander marches with, when known ([5.84]: Philip V on the 5 columns).
pub fn march_rating(st: &State, cid: &str) -> Option<u8> {
    let c = st.commanders.get(cid)?;
    let named = c
        .counter
        .as_ref()
        .and_then(|k| st.pack.counters.commanders.get(k));
    named
        .and_then(|n| n.forced_march_rating)
        .or_else(|| st.rating(cid))
}

/// The most extra hexes a rating may declare ([5.85], `forced-march-columns`).
pub fn max_extra(st: &State, rating: u8) -> u32 {
    st.pack
        .tables
        .forced_march_columns
        .max_extra_hexes
        .get(&rating.to_string())
        .map(|n| u32::from(*n))
        .unwrap_or(0)
}

/// Whether `rating` may march `extra` extra hexes.
pub fn within_ability(st: &State, _cid: &str, rating: u8, extra: u32) -> bool {
    extra >= 1 && extra <= max_extra(st, rating)
}

/// Romans [5.81], [5.85]: the declaration, before any die.
///
/// Errors: a nation that never force marches, a rating of 1 or a declaration beyond a known
/// rating, no extra hexes.
pub fn check_declaration(
    st: &State,
    i: usize,
    cid: &str,
    f: &ForcedMarch,
) -> Result<(), RuleError> {
    let c = &st.commanders[cid];
    let marches = st
        .pack
        .counters
        .nations
        .get(&c.nation)
        .is_some_and(|n| n.forced_march);
    if !marches {
        return Err(refuse(
            i,
            "Romans [5.81]",
            format!(
                "{} of {} may never Force March",
                st.commander_name(cid),
                c.nation
            ),
        ));
    }
    if f.extra_hexes == 0 {
        return Err(refuse(i, "Romans [5.83]", "declare at least one extra hex"));
    }
    let most = st
        .pack
        .tables
        .forced_march_columns
        .max_extra_hexes
        .values()
        .copied()
        .max()
        .map(u32::from)
        .unwrap_or(0);
    if f.extra_hexes > most {
        return Err(refuse(
            i,
            "Romans [5.86]",
            format!("no commander may declare more than {most} extra hexes"),
        ));
    }
    if let Some(r) = march_rating(st, cid) {
        if r <= 1 {
            return Err(refuse(
                i,
                "Romans [5.85]",
                format!(
                    "{} has Strategic Rating {r} and may not lead a Forced March",
                    st.commander_name(cid)
                ),
            ));
        }
        if !within_ability(st, cid, r, f.extra_hexes) {
            return Err(refuse(
                i,
                "Romans [5.85], [5.86]",
                format!(
                    "{} (rating {r}) may declare at most {} extra hexes",
                    st.commander_name(cid),
                    max_extra(st, r)
                ),
            ));
        }
    }
    Ok(())
}

/// The SSP a unit may lose to a Forced March: its infantry and missile SSP ([5.86] key).
fn exposed(st: &State, id: &str) -> u32 {
    let Some(u) = st.units.get(id) else { return 0 };
    if u.kind == "legion" {
        return u.ssp.saturating_sub(u.cavalry_ssp);
    }
    match st.pack.unit_type(&u.kind).map(|t| t.arm) {
        Some(Arm::Infantry | Arm::Missile) => u.ssp,
        _ => 0,
    }
}

/// Romans [5.81]: every unit of the Force belongs to a nation that force marches; the units
/// named to take the losses are in it and exposed.
pub fn check_force(
    st: &State,
    i: usize,
    _cid: &str,
    _nation: &str,
    force: &BTreeSet<String>,
) -> Result<(), RuleError> {
    for id in force {
        let n = &st.units[id].nation;
        let ok = st
            .pack
            .counters
            .nations
            .get(n)
            .is_some_and(|x| x.forced_march);
        if !ok {
            return Err(refuse(
                i,
                "Romans [5.81]",
                format!(
                    "{id} ({n}) may never Force March, and neither may a Force that includes it"
                ),
            ));
        }
    }
    Ok(())
}

/// Checks `losses_from` against the Force.
pub fn check_losses(
    st: &State,
    i: usize,
    f: &ForcedMarch,
    force: &BTreeSet<String>,
) -> Result<(), RuleError> {
    for id in &f.losses_from {
        if !force.contains(id) {
            return Err(refuse(
                i,
                "Romans [5.83]",
                format!("losses_from: {id} is not in the marching Force"),
            ));
        }
        if exposed(st, id) == 0 {
            return Err(refuse(
                i,
                "Romans [5.86]",
                format!("losses_from: {id} has no infantry or missile SSP to lose"),
            ));
        }
    }
    Ok(())
}

/// Romans [8.43], errata 5.83: the commander's rating, revealing an untried commander by a
/// blind draw from his pool (the dice stream's draw; nobody knew it before).
pub fn reveal_rating(
    st: &mut State,
    cid: &str,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<u8, RuleError> {
    if let Some(r) = march_rating(st, cid) {
        return Ok(r);
    }
    super::senate::reveal(st, cid, dice, "Romans [8.43], errata 5.83", ev)?;
    let r = march_rating(st, cid).unwrap_or(1);
    Ok(r)
}

/// Romans [5.83], [5.86]: the attrition roll after the march, in the declared column, and the
/// SSP lost from the Force's infantry and missile units.
pub fn attrition(
    st: &mut State,
    cid: &str,
    rating: u8,
    f: &ForcedMarch,
    force: &BTreeSet<String>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let side = st.commanders[cid].side.clone();
    let col = st
        .pack
        .tables
        .forced_march_columns
        .column_key
        .iter()
        .find(|(_, c)| c.rating == rating && u32::from(c.extra_hexes) == f.extra_hexes)
        .map(|(k, _)| k.clone())
        .ok_or_else(|| {
            RuleError::illegal(
                cid,
                "Romans [5.86]",
                format!(
                    "no column for rating {rating} and {} extra hexes",
                    f.extra_hexes
                ),
            )
        })?;
    let table = st
        .pack
        .table("forced-march-attrition")
        .cloned()
        .ok_or_else(|| {
            RuleError::illegal(cid, "Romans [5.86]", "no Forced March Attrition Table")
        })?;
    let roll = dice
        .roll_for(&side)
        .d6("Forced March attrition", "Romans [5.86]")?;
    let cell = table
        .cell(&roll.to_string(), &col)
        .unwrap_or("0")
        .to_string();
    let mut loss: u32 = cell.parse().unwrap_or(0);
    let total = loss;
    let mut order: Vec<String> = f.losses_from.clone();
    let named = order.len();
    order.extend(
        force
            .iter()
            .filter(|id| !f.losses_from.contains(id))
            .cloned(),
    );
    let mut taken = Vec::new();
    let mut defaulted = false;
    for (k, id) in order.iter().enumerate() {
        if loss == 0 {
            break;
        }
        let x = exposed(st, id).min(loss);
        if x == 0 {
            continue;
        }
        if k >= named {
            defaulted = true;
        }
        loss -= x;
        let gone = {
            let u = st.units.get_mut(id).expect("force unit exists");
            u.ssp -= x;
            u.ssp == 0
        };
        if gone {
            st.units.remove(id);
            taken.push(format!("{id} -{x} (eliminated)"));
        } else {
            taken.push(format!("{id} -{x}"));
        }
    }
    ev.push(Event::new(
        "Romans [5.86]",
        format!(
            "Forced March attrition: {} rolls {roll} in column {col}: {total} SSP lost{}{}{}",
            st.commander_name(cid),
            if taken.is_empty() {
                String::new()
            } else {
                format!(" ({})", taken.join(", "))
            },
            if loss > 0 {
                format!("; {loss} could not be taken (no infantry or missile SSP left)")
            } else {
                String::new()
            },
            if defaulted {
                "; units not named in losses_from took losses in the order of their ids (default)"
            } else {
                ""
            }
        ),
    ));
    Ok(())
}
