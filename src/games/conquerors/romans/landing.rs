//! Romans [12.14], [12.16], [5.13]: land units and commanders put ashore from a fleet along
//! its path — where they may land (a clear hex, a friendly port, the port they assault), what
//! they have spent (a passenger's MP at sea are his own, errata 5.23), and the amphibious
//! attack when the hex is enemy-occupied (`engage::enter`), recorded so that the Force leaves by
//! its fleet if it must retreat (`transport::amphibious_plan`).

use std::collections::BTreeMap;

use super::combat::in_charge;
use super::fleets::{self, position, words, Landing};
use super::naval_movement::{allowance, refuse, Fleet};
use super::orders::Standing;
use super::state::{Moved, State};
use crate::games::conquerors::sea::Waters;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Romans [12.14], [12.16], [5.13]: `ashore` (land units and commanders aboard `f`) land at
/// the fleet's hex (`who`: side, move index, the path entry); `how`: the move assaults or
/// besieges there, and the mover himself lands (his ships all dropped). An enemy Force there
/// is attacked at once by the landing Force ([12.14], `engage::enter`). Returns whether the
/// fleet (or the landed mover) goes on.
///
/// Errors: [`RuleError::Illegal`] for a landing the rules refuse; dice not available yet.
#[allow(clippy::too_many_arguments)]
pub(super) fn land(
    st: &mut State,
    w: &Waters,
    who: (&str, usize, &str),
    f: &mut Fleet,
    ashore: &[String],
    how: (bool, bool),
    dice: Option<&mut Dice>,
    ev: &mut Vec<Event>,
    standing: &BTreeMap<String, Standing>,
) -> Result<bool, RuleError> {
    let (side, i, name) = who;
    let (assaulting, mover_lands) = how;
    if ashore.is_empty() && !mover_lands {
        return Ok(true);
    }
    let here = f.at.clone();
    for id in ashore {
        if !f.cargo.contains(id) {
            return Err(refuse(
                i,
                "Romans [5.13]",
                format!("drop_off at {name}: {id} is not aboard the fleet"),
            ));
        }
    }
    let units: Vec<String> = ashore
        .iter()
        .filter(|id| st.units.contains_key(*id))
        .cloned()
        .collect();
    let mut cmds: Vec<String> = ashore
        .iter()
        .filter(|id| st.commanders.contains_key(*id))
        .cloned()
        .collect();
    if mover_lands && f.led {
        cmds.push(f.mover.clone());
    }
    if !units.is_empty() {
        if let Some(why) = super::transport::landing_refusal(st, w, &here, side, assaulting) {
            return Err(refuse(
                i,
                "Romans [12.14]",
                format!("drop_off at {name}: {why}"),
            ));
        }
    } else if !w.entry(&here).is_some_and(|e| e.terrain.is_land()) {
        return Err(refuse(
            i,
            "Romans [5.46]",
            format!("drop_off at {name}: a commander lands only on land"),
        ));
    }
    // [20.29] (R-83, AMB-46): not ashore in a neutral's hex, nor beside an ally's troops.
    super::macedon_side::check_path(st, side, i, &here.map, &[here.hex], true, assaulting)?;
    let enemy: Vec<String> = st
        .units
        .iter()
        .filter(|(id, u)| {
            st.hostile(&u.side, side)
                && !u.at.inside
                && fleets::same_hex(w, &u.at, &position(&here))
                && super::transport::ashore(st, id)
        })
        .map(|(id, _)| id.clone())
        .collect();
    let land_cmds: Vec<String> = cmds
        .iter()
        .filter(|c| fleets::commands_land(st, c))
        .cloned()
        .collect();
    let chief = in_charge(st, &land_cmds);
    if !enemy.is_empty() {
        if units.is_empty() {
            return Err(refuse(i, "Romans [8.2], [9.22]", format!("drop_off at {name}: the hex is enemy-occupied and no combat units land to attack with")));
        }
        let Some(c) = &chief else {
            return Err(refuse(i, "Romans [8.2]", format!("drop_off at {name}: the hex is enemy-occupied and no land commander lands with the troops: land units without one do not attack")));
        };
        let surcharge = st
            .pack
            .movement
            .actions
            .get("enter-enemy-occupied")
            .map(|a| a.half_mp)
            .unwrap_or(4);
        let spent = if *c == f.mover {
            f.spent
        } else {
            commander_spent(st, f, c)
        };
        if spent + surcharge > allowance(st) {
            return Err(refuse(i, "Romans [9.22]", format!("drop_off at {name}: landing into the enemy-occupied hex needs 2 MP for combat and {} has {} left", st.commander_name(c), allowance(st).saturating_sub(spent) / 2)));
        }
    }
    // They are ashore now.
    let now = super::combat::phase_index(st);
    let hk = super::state::city_key(&here.map, &here.hex.to_string());
    for id in &units {
        st.naval.aboard.remove(id);
        st.naval.landings.insert(
            id.clone(),
            Landing {
                at: hk.clone(),
                squadrons: f.ships.iter().chain(f.all_ships.iter()).cloned().collect(),
                phase: now,
            },
        );
        if !st.committed.contains_key(id) {
            st.committed.insert(id.clone(), f.mover.clone());
        }
    }
    for c in cmds.iter().filter(|c| **c != f.mover) {
        let spent = commander_spent(st, f, c);
        st.moved.insert(c.clone(), Moved { spent, forced: 0 });
        st.naval.aboard.remove(c);
        st.naval.landed.insert(c.clone());
    }
    f.cargo.retain(|c| !ashore.contains(c));
    if mover_lands {
        st.moved.insert(
            f.mover.clone(),
            Moved {
                spent: f.spent,
                forced: 0,
            },
        );
    }
    ev.push(Event::new(
        "Romans [12.14]",
        format!(
            "{} land at {}{}",
            ashore
                .iter()
                .chain(mover_lands.then_some(&f.mover))
                .cloned()
                .collect::<Vec<_>>()
                .join(", "),
            words(st, &here),
            if enemy.is_empty() {
                String::new()
            } else {
                ", an enemy-occupied hex: an amphibious attack".into()
            }
        ),
    ));
    if enemy.is_empty() {
        return Ok(true);
    }
    let Some(d) = dice else {
        return Ok(false);
    };
    let c = chief.unwrap_or_default();
    let others: Vec<String> = cmds.iter().filter(|x| **x != c).cloned().collect();
    let e = super::engage::enter(
        st, side, &c, &units, &others, &here.map, here.hex, standing, d, ev,
    )?;
    if let Some(m) = st.moved.get_mut(&c) {
        m.spent += e.surcharge;
    }
    if c == f.mover {
        f.spent += e.surcharge;
        return Ok(e.goes_on);
    }
    let still = f.ships.iter().any(|q| {
        st.squadrons
            .get(q)
            .is_some_and(|x| fleets::same_hex(w, &x.at, &position(&here)))
    });
    Ok(still)
}

/// A passenger commander's MP now: his own before he came aboard plus the voyage since.
fn commander_spent(st: &State, f: &Fleet, c: &str) -> u32 {
    let before = st.moved.get(c).map(|m| m.spent).unwrap_or(0);
    before
        + f.spent
            .saturating_sub(f.boarded.get(c).copied().unwrap_or(f.spent))
}
