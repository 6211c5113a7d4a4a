//! Campaign set-up as data (`scenarios/alexandros/scenario-campaign-334.yaml`): where set-up
//! codes go, individual placements, first and last turn. Alexandros 3.2, 3.3, 4.3, 16.3.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::counters::Side;
use crate::pack::Item;

/// Where the counters of one set-up code go (3.2, 3.3). Key: the code (`M`, `I`, `D`, `A`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupArea {
    /// Side placing these counters.
    pub side: Side,
    /// Province(s); when more than one, the player picks one and all go there (3.3 "D").
    pub provinces: Vec<String>,
    /// Leaders that go with the code's units.
    #[serde(default)]
    pub leaders: Vec<String>,
}

/// One counter placed individually (set-up code `placed`). Key: unit code or leader name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// Province.
    pub province: String,
    /// City inside the province, for a city garrison.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
}

/// `scenario-campaign-334.yaml` (its file-level `source` / `provisional` are on the [`Item`]
/// holding it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Scenario title.
    pub title: String,
    /// First turn key (`T01`, Spring 334: the Granicus, 4.3).
    pub first_turn: String,
    /// Last turn key (`T46`, Summer 323, 16.3).
    pub last_turn: String,
    /// Province of the first-turn battle (4.3).
    pub first_battle: String,
    /// Set-up codes.
    pub setup_codes: BTreeMap<String, Item<SetupArea>>,
    /// Individually placed units and leaders.
    pub placements: BTreeMap<String, Item<Placement>>,
}
