//! The strategic map as data: provinces, borders, cities, sea zones and objective markers
//! (`scenarios/alexandros/map.yaml`). Alexandros 2.2, 5, 7, 8.2, 15.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::pack::Item;

/// Province type for supply (Alexandros 7.1): it fixes the depletion modifier (Mountain +1,
/// 7.2), the Supply Attrition column (7.4, 8.6) and permanent depletion (Desert/Wilderness, 7.6).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum ProvinceType {
    /// Rich.
    Rich,
    /// Fertile.
    Fertile,
    /// Mountain: every border is a mountain border (8.2).
    Mountain,
    /// Desert/Wilderness: never supplies an army (7.6).
    DesertWilderness,
}

/// Border type between two provinces (Alexandros 8.2).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum BorderType {
    /// No effect on movement.
    Normal,
    /// Impassable in Winter turns, normal otherwise (8.2). The rules know no other kind:
    /// provinces no movement may pass between are simply not adjacent.
    Mountain,
}

/// Groups a province belongs to; rules refer to them by these names.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum ProvinceGroup {
    /// Macedonia, Hellas, Thrace: the Home Army's limit (8.3).
    Europe,
    /// Outlined in red, Independent at start (5.2).
    Independent,
    /// Where Indian units may go (8.3: Gandara, Upper and Lower India).
    IndianArea,
    /// Indian provinces Persian units may not enter (8.3).
    Indian,
    /// Barbarian/Arab raid provinces of 14.3, closed to Persian units (8.3).
    Barbarian,
    /// Barbarian provinces on the north edge, excused from 16.2.
    NorthEdge,
    /// Persian Empire province (counts for Persian replacements, 12.1, 12.6).
    Empire,
}

/// Control of a province at the start of the campaign (Alexandros 5.2–5.4).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Control {
    /// Macedonian-controlled.
    Macedonian,
    /// Persian-controlled.
    Persian,
    /// Independent (5.2).
    Independent,
}

/// Which side's colours a wall marker shows (Alexandros 2.3, 3.2, 3.3).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum WallSide {
    /// Macedonian colours.
    Macedonian,
    /// Persian colours.
    Persian,
}

/// One province of the strategic map. Key: the province name as the rulebook spells it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Province {
    /// Supply type (7.1).
    #[serde(rename = "type")]
    pub kind: ProvinceType,
    /// Control at the start (5.2–5.4).
    pub start_control: Control,
    /// Rule groups (Europe, Independent, Indian…).
    #[serde(default)]
    pub groups: Vec<ProvinceGroup>,
    /// Adjacent provinces and the border type; must be symmetric (8.2).
    pub borders: BTreeMap<String, BorderType>,
    /// Named impassable map edges (Caucasus, Pamirs: 18).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub impassable_edges: Vec<String>,
    /// Free note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A city or fortress (walls, garrisons, sieges: Alexandros 6.2, 6.4, 11, 12.5, 17.5).
/// Key: the city name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct City {
    /// Province holding the city; absent for a border fortress (Gaza, 8.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub province: Option<String>,
    /// The two provinces whose common border the fortress is (Gaza: Egypt and Syria, 8.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub between: Vec<String>,
    /// On a sea coast: an enemy coastal fortress blocks sea supply (5.6, 7.5).
    pub coastal: bool,
    /// Wall markers at the start of the campaign (3.2, 3.3); at most 5 (6.4).
    pub walls: u8,
    /// Colours of the starting walls; required when `walls > 0`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall_side: Option<WallSide>,
    /// May carry walls (false for the Temple of Ammon, 6.4).
    pub fortifiable: bool,
    /// A Persian capital (12.8: Susa, Persepolis, Ecbatana).
    #[serde(default)]
    pub capital: bool,
    /// Exists only from the turn after Alexander enters its province (Alexandria, 15.4).
    #[serde(default)]
    pub founded_later: bool,
    /// Free note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A sea zone for sea transport of supply (Alexandros 5.6, 7.5). Key: zone name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeaZone {
    /// The coast in order along the shore: province names, with coastal city names at their
    /// place. Supply passes along the coast up to, not beyond, an enemy-held walled coastal city.
    pub coast: Vec<String>,
    /// Coastal fortresses that can block the zone (cities listed in `coast`).
    #[serde(default)]
    pub fortresses: Vec<String>,
    /// Contiguous sea zones (symmetric).
    #[serde(default)]
    pub adjacent_zones: Vec<String>,
}

/// A Macedonian objective (Alexandros 3.2, 15). Exactly one of `city`, `province`, `leader`.
/// Each objective secured is 1 VP (16.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// City where the marker lies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    /// Province where the marker lies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub province: Option<String>,
    /// Leader the marker travels with, or the leader who is himself the objective (15.6, 15.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<String>,
    /// A Persian treasury (15.8).
    #[serde(default)]
    pub treasury: bool,
}

/// `map.yaml` (its file-level `source` / `provisional` are on the [`Item`] holding it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// Provinces by name.
    pub provinces: BTreeMap<String, Item<Province>>,
    /// Cities and fortresses by name.
    pub cities: BTreeMap<String, Item<City>>,
    /// Sea zones by name.
    pub sea_zones: BTreeMap<String, Item<SeaZone>>,
    /// Macedonian objectives by name.
    pub objectives: BTreeMap<String, Item<Objective>>,
}

impl MapFile {
    /// The border type between two provinces, if they are adjacent.
    pub fn border(&self, a: &str, b: &str) -> Option<BorderType> {
        self.provinces.get(a)?.borders.get(b).copied()
    }
}
