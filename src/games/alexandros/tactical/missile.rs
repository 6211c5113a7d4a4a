//! Missile fire of archers and horse archers (Alexandros 10.13) and defensive fire (10.14).

use super::super::data::Pack;
use super::board::kind;
use super::Battle;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Alexandros 10.13: a missile roll (d6 pips) hits when, after adding `heavy_modifier` pips
/// against a heavy infantry or heavy cavalry target, it is at most the firer's attack
/// strength. Leaders do not count.
pub fn missile_hits(roll: u8, attack: u8, target_heavy: bool, heavy_modifier: u8) -> bool {
    let modified = roll + if target_heavy { heavy_modifier } else { 0 };
    modified <= attack
}

impl Battle {
    /// Alexandros 10.13, 10.14: `shooter` fires at `target` with `attack` strength points;
    /// one d6; returns whether it hits (a DL for the target, applied by the caller).
    #[allow(clippy::too_many_arguments)]
    pub fn missile_fire(
        &mut self,
        pack: &Pack,
        shooter: &str,
        target: &str,
        attack: u8,
        what: &str,
        rule: &str,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<bool, RuleError> {
        let heavy = self
            .unit(target)
            .map(|u| kind(pack, u).is_heavy())
            .unwrap_or(false);
        let m = pack.board.rules.missile_heavy_modifier;
        // The firer's roll (10.13, 10.14): defensive fire is the defender's.
        let owner = self
            .unit(shooter)
            .map(|u| super::side_name(u.side))
            .unwrap_or("macedonian");
        let roll = dice
            .roll_for(owner)
            .d6(&format!("{what}: {shooter} at {target}"), rule)? as u8;
        let hit = missile_hits(roll, attack, heavy, m);
        let shown = if heavy {
            format!("{roll}+{m}")
        } else {
            roll.to_string()
        };
        ev.push(Event::new(
            rule,
            format!(
                "{what}: {shooter} (fires on {attack} or less) at {target}: roll {shown}, {}",
                if hit { "hit" } else { "no effect" }
            ),
        ));
        Ok(hit)
    }
}
