//! PLACEHOLDER until the tactical display branch merges.
//!
//! The Tactical Display (Alexandros 9.3, 10) is built on another branch. This module only holds
//! the agreed signatures so the strategic game can hand a battle over and take its result back:
//! [`Battle::new`] yields at once a result in which nothing happens (no losses, no winner, as if
//! night fell at once). The integrator replaces this file with the real module.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::data::{Pack, Side};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, PendingKind, RuleError};

/// One side's army on the display: units with their steps now, leaders with their wounds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Force {
    /// Side.
    pub side: Side,
    /// (unit code, steps now).
    pub units: Vec<(String, u8)>,
    /// (leader name, wounded).
    pub leaders: Vec<(String, bool)>,
}

/// What the strategic game hands to the display.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleSetup {
    /// Province of the battle.
    pub province: String,
    /// Macedonian army.
    pub macedonian: Force,
    /// Persian army.
    pub persian: Force,
    /// The Granicus (4.3): no evasion.
    pub first_battle: bool,
}

/// Orders for one step of a battle (placeholder: empty).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BattleOrders {}

/// Standing battle plan (placeholder: empty).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BattlePlan {}

/// The outcome of a battle, applied by the strategic game.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleResult {
    /// Winner, if any.
    pub winner: Option<Side>,
    /// Steps lost by unit code.
    pub steps_lost: BTreeMap<String, u8>,
    /// Units eliminated.
    pub eliminated: Vec<String>,
    /// Leaders killed.
    pub leaders_killed: Vec<String>,
    /// Leaders wounded.
    pub leaders_wounded: Vec<String>,
    /// Leaders captured.
    pub leaders_captured: Vec<String>,
    /// The side whose survivors must retreat (10.20).
    pub loser_must_retreat: Option<Side>,
    /// Alexander killed or captured (16.1).
    pub alexander_killed: bool,
    /// Darius routed, killed or captured (15.2).
    pub darius_routed_or_lost: bool,
    /// The battle ended at nightfall (10.19).
    pub nightfall: bool,
}

/// A battle in progress (placeholder: over as soon as it starts).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// Province of the battle.
    pub province: String,
    result: Option<BattleResult>,
}

impl Battle {
    /// Starts a battle (placeholder: ends at once, nothing happens).
    pub fn new(_pack: &Pack, setup: BattleSetup, _options: &[String]) -> Battle {
        Battle {
            province: setup.province,
            result: Some(BattleResult {
                nightfall: true,
                ..BattleResult::default()
            }),
        }
    }
    /// Who must act next in the battle; `None` when it is over.
    pub fn pending(&self) -> Option<(Side, String, PendingKind, String)> {
        None
    }
    /// Resolves one battle step (placeholder: nothing to do).
    pub fn apply(
        &mut self,
        _pack: &Pack,
        _side: Side,
        _orders: &BattleOrders,
        _plan: Option<&BattlePlan>,
        _dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        Ok(Vec::new())
    }
    /// The result once the battle is over.
    pub fn result(&self) -> Option<BattleResult> {
        self.result.clone()
    }
}
