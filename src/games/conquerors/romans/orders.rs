//! The orders of The Romans (the `orders:` of an order file): a Campaign Phase's moves, each a
//! commander's path with what he takes along and leaves behind (Romans [5.0], [5.13]) and an
//! optional Forced March declaration ([5.83]). No standing orders yet.

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
    /// A Winter/Planning Turn's orders ([4.2], `winter_orders.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winter: Option<super::winter_orders::WinterOrders>,
    /// The Mutual Diplomacy Phase's approach (errata 4.1, [16], `diplomacy.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diplomacy: Option<super::diplomacy::DiplomacyOrders>,
}

/// Standing orders (none yet: interception and the other decisions in the opponent's turn
/// come with their rules).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Standing {}
