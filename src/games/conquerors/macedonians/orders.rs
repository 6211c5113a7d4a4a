//! The orders of The Macedonians (the `orders:` of an order file): a Campaign Phase's moves,
//! each a commander's path with what he takes along and leaves behind (Macedonians [5.0],
//! [5.13]), whether he takes the Royal Persian Highway ([5.4]), a Forced March declaration
//! ([5.8]) and whether the Force ends inside a friendly city ([7.13]); and the standing orders
//! for decisions inside the opponent's Campaign Phase (interception [6.22], Retreat Before
//! Combat [10.1], Retreat During Combat [10.22], retreat paths [10.13], losses [9.5]).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::games::conquerors::decisions::{Intercept, RetreatPolicy, WhenAttacked};
use crate::games::conquerors::pause::Ask;

/// A Forced March declaration (Macedonians [5.8]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForcedMarch {
    /// Movement Points added to the allowance of 30, one to five; the attrition roll uses this
    /// column even if fewer are used.
    pub extra_mp: u32,
    /// The infantry and missile units that take the SSP lost, in order; units not named take
    /// the rest in the order of their ids (reported as a default).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses_from: Vec<String>,
}

/// One commander's move.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The commander who moves (his id: `alexander`, `memnon`).
    pub commander: String,
    /// Land units (and `siege-train`) and commanders in his hex that move with him from the
    /// start.
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
    /// Use the Royal Persian Highway where a step runs along it ([5.41]); default yes. A Force
    /// that uses it in a Campaign Phase may not end in or fight in a hex with enemy units or
    /// an enemy-controlled city ([5.42]); `false` pays every hex's terrain instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub royal_road: Option<bool>,
    /// A Forced March ([5.8]): Alexander's Force only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced_march: Option<ForcedMarch>,
    /// End inside the friendly Major City or Port of the last hex ([7.13], [13.12]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inside: bool,
}

impl Move {
    /// Whether the move takes the Royal Persian Highway (the default).
    pub fn takes_highway(&self) -> bool {
        self.royal_road.unwrap_or(true)
    }
}

/// The `orders:` of an order file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    /// The Campaign Phase's moves, in the order made ([5.0] procedure).
    #[serde(default)]
    pub moves: Vec<Move>,
}

/// Standing orders (the `standing:` of an order file): the owner's decisions in the phases
/// that run without him (supply [15.25], attrition [17.15], the Cilician Gates [5.55],
/// reinforcements [19]) and the non-phasing player's decisions in the enemy's Campaign Phase
/// (interception, Retreat Before Combat, Retreat During Combat, losses; docs/macedonians-orders.md).
/// The combat maps are keyed by commander id or `any`. Deciding in person (`ask`) is not built
/// yet for The Macedonians: an `ask` is refused when the standing orders are sent, naming the
/// section (`battle::check_standing`). Whatever is not said is decided by a default the events
/// report.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// Interception ([6.22], [6.55]): commander → the zones in which his Force tries to
    /// intercept an enemy Force entering them. Not set: no interception (it is voluntary).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub intercept: BTreeMap<String, Ask<Intercept>>,
    /// When an enemy Force enters the hex of a Force of yours ([10.11], [5.72], [7.34]):
    /// `stand`, `retreat` (Retreat Before Combat, [10.1]) or `into_city`. Not set: it stands
    /// (threatened by an Overrun beside a city of yours with room, it goes inside), reported as
    /// a default.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub when_attacked: BTreeMap<String, Ask<WhenAttacked>>,
    /// Retreat During Combat ([10.22]): when the Force leaves a battle. Not set: it fights on
    /// until its Morale Level breaks.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub retreat_during_combat: BTreeMap<String, Ask<RetreatPolicy>>,
    /// Retreat and Flight paths ([10.13], [10.31]): hexes in order; a path that cannot be
    /// followed is cut where it fails and completed by the default (toward the side's basic
    /// source of supply, [10.16]), reported as a default.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub retreat_path: BTreeMap<String, Vec<String>>,
    /// Losses ([9.5], [10.23], [10.32], [10.17]): unit ids in the order they take SSP; units
    /// not named lose in the order of their ids, reported as a default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses: Vec<String>,
    /// Hexes (`CCRR`) whose Force and Fleet are served first when the Supply Points run short
    /// ([15.25], [16.11]); the rest: the largest Force first, then the Fleets, by hex.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub supply_first: Vec<String>,
    /// Land units and squadrons that take attrition losses first, in order ([17.15], [17.5]);
    /// the rest by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attrition_losses: Vec<String>,
    /// Persian: land units that stay in the Cilician Gates when the Garrison Table limits
    /// them, in order ([5.54], [5.55]); the rest: Garrison units first, then by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gates_stay: Vec<String>,
    /// Persian: where the Reinforcements and Asiatic Levies of the track arrive ([19.32]):
    /// `babylon` (the default) or the highway hex `"6121"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reinforcements_at: Option<String>,
    /// Persian: the counters the Asiatic Levies take first ([19.42]); the rest of each class by
    /// id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub levies: Vec<String>,
    /// Macedonian: the phalanx and hypaspist units the honeymoon's 6 SSP leave first ([19.2]);
    /// the rest by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub honeymoon_from: Vec<String>,
    /// Macedonian: units that Reinforcement SSP rebuild first, or bring in when none is left
    /// to rebuild ([19.12], [19.14]); the rest by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rebuild: Vec<String>,
    /// Persian: after a Major Land Battle lost under Darius' command, whether to attempt his
    /// assassination ([8.62]). Not set: the attempt is made, reported as a default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assassinate_darius: Option<bool>,
}
