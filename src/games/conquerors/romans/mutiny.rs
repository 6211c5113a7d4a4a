//! Romans [9.69]: the Roman mutiny. A Roman Force that lost a Major Land Battle off Roman soil
//! (combat marks the battle, ruling R-35) rolls one die at the start of Rome's next Campaign
//! Phase; a roll at least two above the Strategic Rating of its consul (the praetor's when the
//! consul is dead, the commander in charge's when neither is left: AMB-14) is a mutiny: the
//! Force, consul and all, goes back to Roma at once and stays there until the next Campaign
//! Year (the Winter's end). Ruling R-127.

use super::combat::in_charge;
use super::sequence::side_name;
use super::state::{Phase, State};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The commander whose rating the roll is against: a consul, else a praetor, else the one in
/// charge (AMB-14), among `ids` still in play.
fn rated(st: &State, ids: &[String]) -> Option<String> {
    let alive: Vec<String> = ids
        .iter()
        .filter(|c| st.commanders.get(*c).is_some_and(|x| x.side == "rome"))
        .cloned()
        .collect();
    let of_pool = |pool: &str| {
        alive
            .iter()
            .find(|c| st.commanders[*c].pool.as_deref() == Some(pool))
            .cloned()
    };
    of_pool("consuls")
        .or_else(|| of_pool("praetors"))
        .or_else(|| in_charge(st, &alive))
}

/// Romans [9.69]: at the start of Rome's Campaign Phase, every battle marked for the mutiny
/// roll and not yet rolled is rolled.
///
/// Errors: [`RuleError::Dice`] without dice.
pub fn at_phase_start(
    st: &mut State,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !matches!(&st.phase, Phase::Campaign { side } if side == "rome") {
        return Ok(());
    }
    let due: Vec<usize> = (0..st.combat.battles.len())
        .filter(|i| {
            let b = &st.combat.battles[*i];
            b.roman_mutiny_check && !b.mutiny_rolled
        })
        .collect();
    for i in due {
        st.combat.battles[i].mutiny_rolled = true;
        let b = st.combat.battles[i].clone();
        let Some(cid) = rated(st, &b.roman_commanders) else {
            ev.push(Event::new(
                "Romans [9.69]",
                format!(
                    "the Roman Force beaten at {} has no commander left: no mutiny roll",
                    b.hex
                ),
            ));
            continue;
        };
        // [8.43]: an untried commander's rating is known when the rules first use it.
        super::senate::reveal(st, &cid, dice, "Romans [9.69], [8.43]", ev)?;
        let rating = u32::from(st.rating(&cid).unwrap_or(1));
        let by = super::cities::number(st, "combat", "mutiny", "roll_exceeds_rating_by_at_least")
            .unwrap_or(2);
        let roll = dice
            .roll_for("rome")
            .d6("mutiny after a Major Land Battle lost", "Romans [9.69]")?;
        let name = st.commander_name(&cid);
        if roll < rating + by {
            ev.push(Event::new(
                "Romans [9.69]",
                format!(
                    "the Roman Force beaten at {} rolls {roll} against {name}'s Strategic Rating {rating}: no mutiny (it takes {} or more)",
                    b.hex,
                    rating + by
                ),
            ));
            continue;
        }
        let at = st.commanders[&cid].at.clone();
        let Some(roma) = roma(st) else { continue };
        // The Force: the commander and the Roman commanders and legions with him (AMB-14:
        // allied contingents do not mutiny).
        let cmds: Vec<String> = st
            .commanders
            .iter()
            .filter(|(_, c)| {
                c.side == "rome" && c.nation == "rome" && c.at.map == at.map && c.at.hex == at.hex
            })
            .map(|(k, _)| k.clone())
            .collect();
        let units: Vec<String> = st
            .units
            .iter()
            .filter(|(_, u)| {
                u.side == "rome" && u.nation == "rome" && u.at.map == at.map && u.at.hex == at.hex
            })
            .map(|(k, _)| k.clone())
            .collect();
        for k in &cmds {
            if let Some(c) = st.commanders.get_mut(k) {
                c.at = roma.clone();
            }
            st.senate.mutinied.insert(k.clone());
        }
        for k in &units {
            if let Some(u) = st.units.get_mut(k) {
                u.at = roma.clone();
            }
            st.senate.mutinied.insert(k.clone());
        }
        ev.push(Event::new(
            "Romans [9.69]",
            format!(
                "the Roman Force beaten at {} rolls {roll} against {name}'s Strategic Rating {rating}: it mutinies and goes back to Roma ({}), where it stays until the next Campaign Year",
                b.hex,
                cmds.iter()
                    .chain(units.iter())
                    .cloned()
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    Ok(())
}

/// Roma's hex (placed as the set-up places Forces there).
fn roma(st: &State) -> Option<crate::games::conquerors::force::Position> {
    let cap = st.pack.counters.nations.get("rome")?.capital.clone()?;
    Some(crate::games::conquerors::force::Position {
        map: cap.map.clone().unwrap_or_else(|| "romans".into()),
        hex: cap.hex.clone()?,
        inside: false,
    })
}

/// Romans [9.69]: a mutinied commander or unit stays in Roma until the next Campaign Year.
///
/// Errors: [`RuleError::Illegal`] naming the move that moves one.
pub fn check_held(st: &State, i: usize, mv: &super::orders::Move) -> Result<(), RuleError> {
    let ids = std::iter::once(&mv.commander)
        .chain(mv.with.iter())
        .chain(mv.pick_up.values().flatten());
    for id in ids {
        if st.senate.mutinied.contains(id) {
            return Err(RuleError::illegal(
                format!("moves[{i}]"),
                "Romans [9.69]",
                format!(
                    "{id} mutinied and stays in Roma until the next Campaign Year ({} may move it after the Winter)",
                    side_name("rome")
                ),
            ));
        }
    }
    Ok(())
}
