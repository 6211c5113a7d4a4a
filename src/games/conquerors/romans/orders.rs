//! The orders of The Romans (the `orders:` of an order file): a Campaign Phase's moves, each a
//! commander's path with what he takes along and leaves behind (Romans [5.0], [5.13]) and an
//! optional Forced March declaration ([5.83]); and the standing orders for decisions inside the
//! opponent's Campaign Phase: interception, retreats, losses ([6], [10], [9.51]).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A Forced March declaration (Romans [5.83]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForcedMarch {
    /// Extra hexes declared (not MP); the attrition roll uses this column even if fewer are
    /// used.
    pub extra_hexes: u32,
    /// The units that take the SSP lost, in order (infantry and missile only, [5.86] key);
    /// units not named take the rest in the order of their ids, reported as a default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses_from: Vec<String>,
}

/// One commander's move.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The commander who moves (his id: `philip-v`, `field-consul`, `tribune-III-1`).
    pub commander: String,
    /// Land units and commanders in his hex that move with him from the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub with: Vec<String>,
    /// The hexes he enters, in order (`CCRR`, quoted).
    pub path: Vec<String>,
    /// Hex of the path → units and commanders taken along there ([5.13]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pick_up: BTreeMap<String, Vec<String>>,
    /// Hex of the path → units and commanders left there ([5.13]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub drop_off: BTreeMap<String, Vec<String>>,
    /// A Forced March ([5.8]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced_march: Option<ForcedMarch>,
    /// End inside the friendly city of the last hex ([13.13], capacity [7.13]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inside: bool,
}

/// Orders for one step.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    /// The Campaign Phase's moves, in the order made ([5.0] procedure).
    #[serde(default)]
    pub moves: Vec<Move>,
}

/// Standing orders: the non-phasing player's answers, sent in advance, to the decisions the
/// rules give him inside his opponent's Campaign Phase (Romans [6.2], [10.1], [10.2], [10.3],
/// [5.72], [9.51]). Forces are named by the id of their commander in charge; the key `any`
/// answers for every Force not named. What is not set takes the default the rules engine
/// reports as a default (docs/romans-orders.md).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// Interception ([6.2], [6.55]): commander → the zones in which his Force tries to
    /// intercept an enemy Force entering them. Not set: no interception (it is voluntary).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub intercept: BTreeMap<String, Intercept>,
    /// When an enemy Force enters the hex of a Force of yours ([10.1], [5.72], [7.34]):
    /// commander (or `any`) → what it does. Not set: it stands (or, threatened by an
    /// overrun in a hex with a city of yours, goes inside), reported as a default.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub when_attacked: BTreeMap<String, WhenAttacked>,
    /// Retreat During Combat ([10.2]): commander (or `any`) → when his Force leaves a battle.
    /// Not set: it fights on until its Morale Level breaks, reported as a default.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub retreat_during_combat: BTreeMap<String, RetreatPolicy>,
    /// Retreat and flight paths ([10.13], [10.31]): commander (or `any`) → hexes in order; a
    /// path that cannot be followed is cut where it fails and completed by the default (the
    /// cheapest hexes toward the nearest city of yours), reported as a default.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub retreat_path: BTreeMap<String, Vec<String>>,
    /// Losses ([9.51], [10.23], [10.32]): unit ids in the order they take SSP (each contingent
    /// still losing in proportion, [9.66]); units not named lose in the order of their ids.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses: Vec<String>,
}

/// Where a Force tries to intercept ([6.3]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Intercept {
    /// Zones (1–4) in which to try; zone 1 needs no roll.
    pub zones: Vec<u32>,
}

/// What a Force does when an enemy Force enters its hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WhenAttacked {
    /// Stay and accept combat.
    Stand,
    /// Retreat Before Combat ([10.1]) along `retreat_path` (or the default path).
    Retreat,
    /// Go inside the city of the hex when it is yours and has room ([7.34], [5.72]),
    /// otherwise stand.
    IntoCity,
}

/// When a Force Retreats During Combat ([10.22]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RetreatPolicy {
    /// Leave before the first exchange (the defender only, [10.22]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_once: bool,
    /// Leave once the Force has lost this many SSP in the battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_losses: Option<u32>,
    /// Leave when its own odds column would be this one or worse (`1-2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_odds: Option<String>,
}
