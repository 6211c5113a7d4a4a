//! Tactical [3.0]: the Sequence of Play — set-up ([2.3]), then Tactical Game-Turns of twelve
//! phases in strict order until a side's Morale Level breaks or a side Retreats During Combat:
//! the Aggressor's and the Resister's Fire Phases; the Aggressor's Movement, Disruption Removal,
//! the Resister's Reaction and the Aggressor's Melee; the same with the roles reversed; the
//! Reserve Area Phase; the Retreat Phase.

use crate::games::conquerors::combat::End;

use super::data::Class;
use super::{
    choices, commanders, melee, missile, morale, reserve, setup, special_units, Battle, AGGRESSOR,
    RESISTER,
};
use crate::protocol::dice::Dice;
use crate::ruleset::RuleError;

/// Ruling TR-9: Tactical Turns in a row without an SSP lost or fled after which the Aggressor's
/// attack has stalled and he Retreats During Combat.
pub const STALLED_TURNS: u32 = 4;
/// Ruling TR-9: the last Tactical Turn (about ten hours of daylight at 10–15 minutes a turn).
pub const LAST_TURN: u32 = 48;

/// Sets up and fights the battle to its end.
///
/// Errors: dice not available yet.
pub fn run(bt: &mut Battle, dice: &mut Dice) -> Result<(), RuleError> {
    setup::place_side(bt, RESISTER);
    setup::place_side(bt, AGGRESSOR);
    bt.phase = "after set-up (Tactical 2.35)".into();
    if bt.plans[RESISTER].withdraw_after_setup {
        bt.note("Tactical 2.35, follow-up 2.35", Some(RESISTER), format!("{} withdraws once both sides are set up: a Retreat During Combat, with its penalty", bt.names[RESISTER]));
        bt.end = Some(End::Retreated(RESISTER));
        return Ok(());
    }
    while bt.end.is_none() {
        bt.turn += 1;
        turn(bt, dice)?;
    }
    Ok(())
}

fn phase(bt: &mut Battle, words: &str) {
    bt.phase = words.to_string();
}

fn turn(bt: &mut Battle, dice: &mut Dice) -> Result<(), RuleError> {
    bt.turn_losses = 0;
    for u in bt.units.values_mut() {
        u.fired = false;
    }
    commanders::returns(bt);
    let (a, r) = (AGGRESSOR, RESISTER);
    phase(bt, "1. Aggressor Fire Phase");
    missile::fire_phase(bt, a, dice)?;
    done(bt)?;
    phase(bt, "2. Resister Fire Phase");
    missile::fire_phase(bt, r, dice)?;
    done(bt)?;
    half(
        bt,
        a,
        dice,
        [
            "3. Aggressor Movement Phase",
            "4. Aggressor Disruption Removal Phase",
            "5. Resister Reaction Phase",
            "6. Aggressor Melee Phase",
        ],
    )?;
    if bt.end.is_some() {
        return Ok(());
    }
    half(
        bt,
        r,
        dice,
        [
            "7. Resister Movement Phase",
            "8. Resister Disruption Removal Phase",
            "9. Aggressor Reaction Phase",
            "10. Resister Melee Phase",
        ],
    )?;
    if bt.end.is_some() {
        return Ok(());
    }
    phase(bt, "11. Reserve Area Phase");
    reserve::reserve_phase(bt, dice)?;
    if bt.end.is_some() {
        return Ok(());
    }
    phase(bt, "12. Retreat Phase");
    for s in [RESISTER, AGGRESSOR] {
        if choices::retreats_during_combat(bt, s) {
            let words = match bt.plans[s].retreat_after_losses {
                Some(n) => format!("its plan leaves the field after {n} SSP lost"),
                None => "the default plan: one more loss would break its Morale Level, the enemy is further from breaking".into(),
            };
            bt.note(
                "Tactical 9.4",
                Some(s),
                format!("{} Retreats During Combat ({words})", bt.names[s]),
            );
            bt.end = Some(End::Retreated(s));
            return Ok(());
        }
    }
    if bt.turn_losses == 0 {
        bt.quiet += 1;
    } else {
        bt.quiet = 0;
    }
    if bt.quiet >= STALLED_TURNS || bt.turn >= LAST_TURN {
        bt.note("ruling TR-9", None, format!("{} Tactical Turns without a loss (or the last of the day): the Aggressor's attack has stalled and {} Retreats During Combat", bt.quiet, bt.names[AGGRESSOR]));
        bt.end = Some(End::Retreated(AGGRESSOR));
    }
    Ok(())
}

fn done(bt: &mut Battle) -> Result<(), RuleError> {
    morale::check(bt);
    Ok(())
}

fn half(bt: &mut Battle, side: usize, dice: &mut Dice, names: [&str; 4]) -> Result<(), RuleError> {
    phase(bt, names[0]);
    bt.moves_used = 0;
    for u in bt.units.values_mut() {
        u.moved = false;
        if u.side != side {
            u.entry = None;
        }
        if u.side == side {
            u.entry = None;
            u.kept_facing = false;
        }
    }
    special_units::berserk_moves(bt, side, dice)?;
    if bt.end.is_some() {
        return Ok(());
    }
    let limit = commanders::movement_limit(bt, side);
    bt.note(
        "Tactical 12.11",
        None,
        format!(
            "{} may move {limit} units (the Movement Limit)",
            bt.names[side]
        ),
    );
    choices::movement_phase(bt, side, dice)?;
    done(bt)?;
    if bt.end.is_some() {
        return Ok(());
    }
    phase(bt, names[1]);
    let mut n = 0;
    for u in bt.units.values_mut() {
        // [13.25], ruling TR-24: a Berserk elephant is calmed only by its own roll.
        if u.side == side && u.disrupted && u.class != Class::Elephant {
            u.disrupted = false;
            n += 1;
        }
    }
    for c in bt.commanders.values_mut() {
        if c.c.side == side && c.disrupted {
            c.disrupted = false;
            n += 1;
        }
    }
    if n > 0 {
        bt.note(
            "Tactical 7.42",
            None,
            format!("{} removes {n} Disruption marker(s)", bt.names[side]),
        );
    }
    phase(bt, names[2]);
    missile::reaction_fire(bt, 1 - side, dice)?;
    done(bt)?;
    if bt.end.is_some() {
        return Ok(());
    }
    choices::retreat_before_melee(bt, 1 - side, dice)?;
    done(bt)?;
    if bt.end.is_some() {
        return Ok(());
    }
    phase(bt, names[3]);
    melee::melee_phase(bt, side, dice)?;
    done(bt)
}
