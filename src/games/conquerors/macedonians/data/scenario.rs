//! The typed form of The Macedonians' turn track (`turns.yaml`) and scenario (`scenario.yaml`):
//! the Game-Turns with their Reinforcements (19), the set-up entries (20.1-20.2), initial
//! control (20.3) and the optional rules. Re-exported by [`super::model`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::pack::Item;

/// A Commander leaving play for another (8.7).
pub type Replace = BTreeMap<String, String>;

/// Persian Reinforcements of a Game-Turn (19.3-19.4).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PersianArrivals {
    /// Counters (19.31).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<String>,
    /// Commanders (19.33).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commanders: Vec<String>,
    /// Asiatic Levies this Game-Turn (19.41).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub levies: bool,
    /// Commander leaving → his replacement (8.7).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub replace: Replace,
}

/// Macedonian Reinforcements of a Game-Turn (19.1-19.2).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MacedonianArrivals {
    /// Infantry Reinforcement SSP (19.11).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub infantry_ssp: u32,
    /// Cavalry Reinforcement SSP (19.11).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cavalry_ssp: u32,
    /// Commanders.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commanders: Vec<String>,
    /// The honeymoon leave begins (19.2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub honeymoon: bool,
    /// The honeymoon SSP come back (19.2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub honeymoon_return: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One box of the Turn Record Track.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameTurn {
    /// Its number as printed (`1`…`26`).
    pub turn: String,
    /// The year B.C.
    pub year: String,
    /// The months (`Apr-May`); none for a Winter Game-Turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub months: Option<String>,
    /// A Winter Game-Turn (17.2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub winter: bool,
    /// Persian Reinforcements.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persian: Option<PersianArrivals>,
    /// Macedonian Reinforcements.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub macedonian: Option<MacedonianArrivals>,
}

/// `turns.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnsFile {
    /// The Game-Turns in order.
    pub turns: Vec<Item<GameTurn>>,
}

/// Where a set-up entry stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct At {
    /// The hex.
    pub hex: String,
    /// The city there, as places.yaml names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
}

/// One place of the set-up (20.1, 20.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupEntry {
    /// Where.
    pub at: At,
    /// Land counters.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<String>,
    /// Squadrons.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squadrons: Vec<String>,
    /// Commanders.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commanders: Vec<String>,
    /// The Siege Train stands here.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub siege_train: bool,
    /// The land units are carried by this entry's squadrons.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aboard: bool,
    /// The land units stand inside the city.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inside: bool,
}

/// One side's initial control (20.3).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideControl {
    /// Satrapies (map region ids).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub satrapies: Vec<String>,
    /// Cities by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cities: Vec<String>,
    /// Every satrapy and city not named for the other side.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub all_others: bool,
    /// The Cilician Gates.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cilician_gates: bool,
}

/// Initial control of both sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Control {
    /// The Macedonian's.
    pub macedonian: SideControl,
    /// The Persian's.
    pub persian: SideControl,
}

/// An optional rule (only its provenance).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OptionalRule {}

/// `scenario.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Scenario id.
    pub scenario: String,
    /// Title.
    pub title: String,
    /// Map id.
    pub map: String,
    /// The players in their order of play.
    pub players: Vec<String>,
    /// Who moves first (4.2).
    pub first_player: String,
    /// The turn track file.
    pub turns: String,
    /// Set-up entries by side.
    pub setup: BTreeMap<String, Vec<Item<SetupEntry>>>,
    /// Initial control.
    pub control: Item<Control>,
    /// Optional rules by name.
    pub options: BTreeMap<String, Item<OptionalRule>>,
}
