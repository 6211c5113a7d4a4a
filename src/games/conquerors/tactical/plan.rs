//! Battle plans: a side's standing orders for a tactical battle, so that a battle costs no mail
//! beyond the one that carried the plan. A plan names what the player wants decided his way —
//! set-up boxes, boxes to hold, the turn the Reserve goes in, when to attack and when to retreat
//! before melee, how to take R results and losses, when to leave the field, and orders for given
//! turns — and the bundled default fights every choice it leaves open like a competent player:
//! a full line, the Reserve committed on turn 2, attacks where the differential favours it,
//! cavalry round the flanks, Retreat During Combat one loss before the Morale Level breaks.
//! Every choice the default makes is reported as the default.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::display::Dir;

/// Which system fights the battle ([2.1]: the players are never required to use the display).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// The Tactical Battle Display (the default when the game has the option).
    #[default]
    Tactical,
    /// This side asks for the Strategic CRT: the battle is fought there (ruling TR-1).
    StrategicCrt,
}

/// How to take an R result ([8.44]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RChoice {
    /// Retreat one box whenever the stack can.
    Retreat,
    /// Lose 1 SSP and stay.
    Lose,
}

/// Units placed in one box at set-up ([2.32]–[2.34], [5.11]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// Unit and commander ids.
    pub units: Vec<String>,
    /// Facing (default N, toward the enemy; none in the Reserve Area).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Dir>,
}

/// One move ordered for a turn ([4.1], [5.2]): the units go to `to` (one box, two for a
/// charge through `via`), or turn to `face` instead of moving.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveOrder {
    /// Unit ids (commanders go with them).
    pub units: Vec<String>,
    /// The box to enter: `F3`, `enemy F3`, `Reserve`, `enemy Reserve`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// A charge's first box ([4.2]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via: Option<String>,
    /// Change facing instead ([5.22]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<Dir>,
}

/// Fire ordered for a turn ([7.2]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FireOrder {
    /// The target box.
    pub at: String,
    /// The missile units firing.
    pub with: Vec<String>,
}

/// Orders for one Tactical Turn, carried out before the default fills in the rest.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnOrders {
    /// Moves in the side's Movement Phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveOrder>,
    /// Fire in the side's Fire Phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fire: Vec<FireOrder>,
    /// Only these orders this turn: the default moves and fires nothing else.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub only: bool,
}

/// A side's battle plan (standing orders).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BattlePlan {
    /// `tactical` or `strategic-crt` ([2.1], ruling TR-1).
    #[serde(default)]
    pub system: System,
    /// Set-up: box name (`F3`, `B4`, `Reserve`) → the units and commanders placed there; what is
    /// not named is placed by the default.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub setup: BTreeMap<String, Placement>,
    /// Boxes whose units never leave by choice (the line held).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hold: Vec<String>,
    /// The first Tactical Turn the Reserve Area's units go into the line (default 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit_reserve: Option<u32>,
    /// Attack a box when the Melee Differential would be at least this (default +1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attack_at: Option<i32>,
    /// Retreat Before Melee when the enemy's coming differential is at least this (default +6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat_before_melee_at: Option<i32>,
    /// R results ([8.44]); default: retreat, but lose the SSP in a held box and where a
    /// phalanx would be Disrupted by the turn ([13.42]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub r_result: Option<RChoice>,
    /// Unit ids in the order they take SSP losses; the rest lose from the strongest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses: Vec<String>,
    /// The Resister withdraws once both sides are set up ([2.35], follow-up: a Retreat During
    /// Combat with its penalty).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withdraw_after_setup: bool,
    /// Retreat During Combat in the Retreat Phase once the side has lost this many SSP
    /// ([9.4]); default: when one more SSP lost would break its Morale Level and the enemy is
    /// further from breaking his.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat_after_losses: Option<u32>,
    /// Never Retreat During Combat: fight until the Morale Level breaks.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub never_retreat: bool,
    /// Move nothing by default: only the turn orders move (a plan that holds its ground).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stand: bool,
    /// This side agrees that the Center Line is a river ([8.5]: the Players may decide so
    /// between themselves): it is one when both plans say so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub river: bool,
    /// Boxes this side marks Rough ([8.6], optional, a battle in a Rough hex only): in its own
    /// words (`F3`, `enemy B2`); a box is Rough when both plans mark it (ruling TR-68).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rough: Vec<String>,
    /// Boxes this side marks Blocked ([8.6]): as `rough`, and no unit ever enters them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blocked: Vec<String>,
    /// Orders for given Tactical Turns (`"1"`, `"2"`…), before the default.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub turns: BTreeMap<String, TurnOrders>,
}

impl BattlePlan {
    /// The turn orders for turn `n`.
    pub fn turn(&self, n: u32) -> Option<&TurnOrders> {
        self.turns.get(&n.to_string())
    }
    /// Attack threshold.
    pub fn attack_at(&self) -> i32 {
        self.attack_at.unwrap_or(1)
    }
    /// Retreat Before Melee threshold.
    pub fn rbm_at(&self) -> i32 {
        self.retreat_before_melee_at.unwrap_or(6)
    }
    /// Reserve commitment turn.
    pub fn commit_turn(&self) -> u32 {
        self.commit_reserve.unwrap_or(2)
    }
    /// Every box, unit and commander name the plan gives, for checking against a battle:
    /// (where in the plan, the name).
    pub fn names(&self) -> Vec<(String, String)> {
        let mut v = Vec::new();
        for (b, p) in &self.setup {
            v.push((format!("setup.{b}"), b.clone()));
            for u in &p.units {
                v.push((format!("setup.{b}.units"), u.clone()));
            }
        }
        for (k, list) in [("rough", &self.rough), ("blocked", &self.blocked)] {
            for b in list {
                v.push((k.to_string(), b.clone()));
            }
        }
        for (t, o) in &self.turns {
            for m in &o.moves {
                for u in &m.units {
                    v.push((format!("turns.{t}.moves.units"), u.clone()));
                }
            }
        }
        v
    }
}
