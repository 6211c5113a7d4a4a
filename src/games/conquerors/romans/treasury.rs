//! Romans [17.5]: talents in and out of a player's treasury at the moment they fall due — the
//! one place every rule pays through (supply [14.2], plunder [13.53], slavery follow-up 13.6,
//! parlay terms [13.56]; taxes and purchases of [17] use the same two functions). The treasury
//! never goes below 0 and has no ceiling (ruling AMB-41).

use super::sequence::side_name;
use super::state::State;
use crate::ruleset::RuleError;

impl State {
    /// Talents in `side`'s treasury.
    pub fn talents(&self, side: &str) -> u32 {
        self.treasury.get(side).copied().unwrap_or(0)
    }

    /// Romans [17.5]: pays `talents` from `side`'s treasury for `why` (the rule and what).
    ///
    /// Errors: [`RuleError::Illegal`] under `rule` when the treasury holds fewer talents; the
    /// treasury is then unchanged.
    pub fn spend(
        &mut self,
        side: &str,
        talents: u32,
        rule: &str,
        why: &str,
    ) -> Result<(), RuleError> {
        let have = self.talents(side);
        if have < talents {
            return Err(RuleError::illegal(
                "treasury",
                rule,
                format!(
                    "{} has {have} talents and {why} costs {talents}",
                    side_name(side)
                ),
            ));
        }
        self.treasury.insert(side.to_string(), have - talents);
        Ok(())
    }

    /// Romans [17.5]: adds `talents` to `side`'s treasury (no ceiling, ruling AMB-41).
    pub fn earn(&mut self, side: &str, talents: u32) {
        *self.treasury.entry(side.to_string()).or_insert(0) += talents;
    }

    /// Romans [17.5], ruling AMB-41: takes up to `talents` (a penalty, not a purchase: the
    /// treasury stops at 0). Returns the talents actually taken.
    pub fn forfeit(&mut self, side: &str, talents: u32) -> u32 {
        let t = self.treasury.entry(side.to_string()).or_default();
        let taken = talents.min(*t);
        *t -= taken;
        taken
    }
}
