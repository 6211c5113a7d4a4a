//! Romans [9.7] (optional, option `variable-morale`): once battle is joined on the Strategic
//! CRT and before its first exchange, each side draws a number chit (two sets of 1–6) and a
//! sign chit (two plus, two minus) and moves its Morale Level that many percentage points. The
//! draws are dice from the stream at that moment: one die for the number, one for the sign
//! (1–3 plus, 4–6 minus: two chits of each; ruling R-131). The adjustment is each side's own
//! secret until the battle is fought; the battle resolves in one entry, so the report shows it
//! with the battle.

use super::sequence::side_name;
use crate::games::conquerors::combat::Contingent;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The option's name in `legatus new --option`.
pub const OPTION: &str = "variable-morale";

/// [9.7]: draws each side's adjustment (the Aggressor's first) and applies it to every
/// contingent of that side, never below 0%, when `on` (the option chosen).
///
/// Errors: [`RuleError::Dice`] when dice are not available yet.
pub fn draw(
    on: bool,
    sides: &[String; 2],
    contingents: &mut [Vec<Contingent>; 2],
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !on {
        return Ok(());
    }
    for (s, side) in sides.iter().enumerate() {
        let n = dice
            .roll_for(side)
            .d6("Variable Morale number chit", "Romans [9.7]")?;
        let sign = dice
            .roll_for(side)
            .d6("Variable Morale sign chit (1-3 plus)", "Romans [9.7]")?;
        let plus = sign <= 3;
        for c in contingents[s].iter_mut() {
            c.morale_percent = if plus {
                c.morale_percent + n
            } else {
                c.morale_percent.saturating_sub(n)
            };
        }
        ev.push(Event::new(
            "Romans [9.7]",
            format!(
                "Variable Morale: {} draws {}{n} (dice {n} and {sign}): its Morale Level moves {n} points {}",
                side_name(side),
                if plus { "+" } else { "−" },
                if plus { "up" } else { "down" }
            ),
        ));
    }
    Ok(())
}
