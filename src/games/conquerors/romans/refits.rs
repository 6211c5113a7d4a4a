//! Romans errata 17.35, follow-up 17.3: refits in the Winter. A player's reduced land unit in
//! supply is brought back to full strength by buying its missing SSP (a legion anywhere on the
//! map, its tribunes unchanged; ruling R-137 prices a legion's SSP pro rata of its raising cost,
//! other troops at the 20-SSP rate); a half squadron becomes whole for half its build cost
//! (fleets are never out of supply, [14.25]). Allied units are never refitted (follow-up 17.3
//! says so of the Greek city-states and leagues; ruling R-137 reads it of every ally, whose
//! troops a major player neither raises nor maintains, [17.35]).

use std::collections::BTreeSet;

use super::data::model::NationKind;
use super::economy::{cost, fleet_item, troops_cost};
use super::state::State;
use crate::geo::Hex;
use crate::ruleset::{Event, RuleError};

const RULE: &str = "Romans [17.35] errata";

fn refuse(k: usize, reason: String) -> RuleError {
    RuleError::illegal(format!("refits[{k}]"), RULE, reason)
}

/// What refitting `id` costs `side` in talents, and what it becomes (words for the report).
///
/// Errors: [`RuleError::Illegal`] naming `refits[k]`: not his, not reduced, an ally's, out of
/// supply, no such counter.
fn price(st: &State, side: &str, k: usize, id: &str) -> Result<(u32, String), RuleError> {
    if let Some(u) = st.units.get(id) {
        if u.side != side {
            return Err(refuse(k, format!("{id} is not yours")));
        }
        let ally = st
            .pack
            .counters
            .nations
            .get(&u.nation)
            .is_some_and(|n| n.kind == NationKind::Ally);
        if ally {
            return Err(refuse(k, format!("{id} is an allied unit: allies are never refitted (follow-up 17.3, ruling R-137)")));
        }
        let missing = u.full_ssp.saturating_sub(u.ssp);
        if missing == 0 {
            return Err(refuse(
                k,
                format!("{id} is at full strength ({} SSP)", u.ssp),
            ));
        }
        let map = st.map(&u.at.map);
        let hex = Hex::parse(&u.at.hex).ok();
        let nations: BTreeSet<String> = [u.nation.clone()].into();
        let supplied = match (map, hex) {
            (Some(m), Some(h)) => super::supply::in_supply(st, side, &m, h, &nations),
            _ => false,
        };
        if !supplied {
            return Err(refuse(
                k,
                format!(
                    "{id} at {} is beyond its supply radius: only a unit in supply is refitted",
                    u.at.hex
                ),
            ));
        }
        let talents = if u.kind == "legion" {
            (cost(st, "legion", "raise") * missing).div_ceil(u.full_ssp.max(1))
        } else {
            troops_cost(st, missing)
        };
        return Ok((
            talents,
            format!("{id} from {} to {} SSP", u.ssp, u.full_ssp),
        ));
    }
    if let Some(q) = st.squadrons.get(id) {
        if q.side != side {
            return Err(refuse(k, format!("{id} is not yours")));
        }
        if !q.half {
            return Err(refuse(k, format!("{id} is a whole squadron already")));
        }
        let talents = cost(st, &fleet_item(&q.kind), "raise").div_ceil(2);
        return Ok((talents, format!("{id} from half to full strength")));
    }
    Err(refuse(k, format!("no unit or squadron `{id}`")))
}

/// Errata 17.35: `side`'s Winter refits, each paid through `State::spend`.
///
/// Errors: [`RuleError::Illegal`] naming `refits[k]` (see [`price`]) or the treasury.
pub fn refit(
    st: &mut State,
    side: &str,
    ids: &[String],
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    for (k, id) in ids.iter().enumerate() {
        let (talents, what) = price(st, side, k, id)?;
        st.spend(side, talents, RULE, &format!("refitting {id}"))
            .map_err(|e| match e {
                RuleError::Illegal { rule, reason, .. } => {
                    RuleError::illegal(format!("refits[{k}]"), rule, reason)
                }
                other => other,
            })?;
        if let Some(u) = st.units.get_mut(id) {
            u.ssp = u.full_ssp;
        } else if let Some(q) = st.squadrons.get_mut(id) {
            q.half = false;
        }
        ev.push(Event::new(
            RULE,
            format!(
                "refit: {what} for {talents} talents ({} left)",
                st.talents(side)
            ),
        ));
    }
    Ok(())
}
