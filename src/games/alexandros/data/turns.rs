//! The Turn Record Track as data (`scenarios/alexandros/turns.yaml`): 46 seasonal turns from
//! Spring 334 to Summer 323 BC. Alexandros 1.0, 3.2, 4, 12.1, 13, 14, 16.3, 17.3, 17.4.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::pack::Item;

/// Season of a turn (one turn = three months, 1.0).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Season {
    /// Spring.
    Spring,
    /// Summer: depletion markers removed (7.3).
    Summer,
    /// Autumn.
    Autumn,
    /// Winter: mountain borders closed (8.2), +1 depletion (7.2).
    Winter,
}

/// One reinforcement or withdrawal on the track (13.1, 13.2). Exactly one of `unit`, `leader`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrackEntry {
    /// Unit code (counters.yaml).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// Leader name (counters.yaml).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<String>,
    /// Historical or rule note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl TrackEntry {
    /// `unit/<code>` or `leader/<name>`.
    pub fn key(&self) -> String {
        match (&self.unit, &self.leader) {
            (Some(u), _) => format!("unit/{u}"),
            (None, Some(l)) => format!("leader/{l}"),
            (None, None) => "unnamed".to_string(),
        }
    }
}

/// One turn of the track. Key: `T01` … `T46`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// Season.
    pub season: Season,
    /// Year BC, e.g. `"334"`.
    pub year: String,
    /// Macedonian replacement phase (Winter only, 12.1).
    pub macedonian_replacements: bool,
    /// Persian replacement phase (Spring and Winter, not Winter 334, 12.1).
    pub persian_replacements: bool,
    /// Barbarian "B" turn: roll for a raid (14.3).
    #[serde(default)]
    pub barbarians: bool,
    /// Spartan Revolt roll (Summer and Autumn from 332, 14.2).
    #[serde(default)]
    pub spartan_revolt: bool,
    /// "Mutiny Check" turn (optional 17.4).
    #[serde(default)]
    pub mutiny_check: bool,
    /// Roll for the death of Alexander (optional 17.3).
    #[serde(default)]
    pub death_of_alexander: bool,
    /// Reinforcements (13.1), by side.
    #[serde(default)]
    pub reinforcements: Vec<Item<TrackEntry>>,
    /// Withdrawals (13.2), by side.
    #[serde(default)]
    pub withdrawals: Vec<Item<TrackEntry>>,
    /// Historical note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// `turns.yaml` (its file-level `source` / `provisional` are on the [`Item`] holding it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnsFile {
    /// Turns by key `T01`…`T46`.
    pub turns: BTreeMap<String, Item<Turn>>,
}

impl TurnsFile {
    /// The turn key of a season and year, e.g. (`Spring`, `"333"`) → `T05`.
    pub fn find(&self, season: Season, year: &str) -> Option<(&str, &Turn)> {
        self.turns
            .iter()
            .find(|(_, t)| t.season == season && t.year == year)
            .map(|(k, t)| (k.as_str(), &t.item))
    }
}
