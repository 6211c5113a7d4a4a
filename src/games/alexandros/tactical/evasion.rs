//! Tactical evasion before set-up (Alexandros 9.3).

use super::super::data::counters::Side;
use super::super::data::Pack;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Alexandros 9.3: an army tries to evade the Tactical Display before set-up. Allowed only if
/// it can retreat into a friendly-controlled or Contested province (`can_retreat`, decided by
/// the strategic game, which also picks the destination: Indians only to Gandara, Upper or
/// Lower India, Barbarians only to their home province). Succeeds on a d6 of at most the
/// side's `evasion_roll_max` (board.yaml); leader ratings and unit types do not matter.
pub fn attempt_evasion(
    pack: &Pack,
    side: Side,
    can_retreat: bool,
    dice: &mut Dice,
) -> Result<(bool, Event), RuleError> {
    if !can_retreat {
        return Err(RuleError::illegal(
            "evade",
            "Alexandros 9.3",
            "evasion needs an adjacent friendly-controlled or contested province",
        ));
    }
    let max = pack
        .board
        .rules
        .evasion_roll_max
        .get(&side)
        .copied()
        .unwrap_or(0);
    let r = dice
        .roll_for(super::side_name(side))
        .d6("tactical evasion", "Alexandros 9.3")? as u8;
    let ok = r <= max;
    Ok((
        ok,
        Event::new(
            "Alexandros 9.3",
            format!(
                "evasion roll {r} (succeeds on {max} or less): {}",
                if ok {
                    "the army evades"
                } else {
                    "the battle is fought"
                }
            ),
        ),
    ))
}
