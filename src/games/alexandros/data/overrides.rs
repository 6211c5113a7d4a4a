//! Player overrides: a YAML file with the pack's schema holding any subset of items; each item
//! replaces the base item with the same key whole and is marked player-supplied.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::counters::{Leader, Unit};
use super::map::{City, Objective, Province, SeaZone};
use super::scenario::{Placement, SetupArea};
use super::tables::Table;
use super::turns::Turn;
use super::{check::validate, DataError, Pack};
use crate::pack::{merge, Item};

/// An override file. Every section is optional; keys are the same as in the pack files
/// (province and city names, unit codes, leader names, `T05`, table names, set-up codes).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OverrideFile {
    /// Where the values come from (e.g. "printed map and counter sheet, owner's copy").
    #[serde(default)]
    pub note: Option<String>,
    /// Provinces replacing `map.yaml` provinces.
    #[serde(default)]
    pub provinces: BTreeMap<String, Item<Province>>,
    /// Cities.
    #[serde(default)]
    pub cities: BTreeMap<String, Item<City>>,
    /// Sea zones.
    #[serde(default)]
    pub sea_zones: BTreeMap<String, Item<SeaZone>>,
    /// Objectives.
    #[serde(default)]
    pub objectives: BTreeMap<String, Item<Objective>>,
    /// Leaders.
    #[serde(default)]
    pub leaders: BTreeMap<String, Item<Leader>>,
    /// Combat units.
    #[serde(default)]
    pub units: BTreeMap<String, Item<Unit>>,
    /// Turns of the track.
    #[serde(default)]
    pub turns: BTreeMap<String, Item<Turn>>,
    /// Tables.
    #[serde(default)]
    pub tables: BTreeMap<String, Item<Table>>,
    /// Set-up codes.
    #[serde(default)]
    pub setup_codes: BTreeMap<String, Item<SetupArea>>,
    /// Individual placements.
    #[serde(default)]
    pub placements: BTreeMap<String, Item<Placement>>,
}

/// Merges the override file `yaml` (named `file_name` in errors and in the items' `player`
/// marking) into `pack`. Each item replaces the base item with the same key whole (or adds
/// it); the merged pack must still pass [`validate`], otherwise `pack` is left unchanged.
///
/// Errors: [`DataError::Yaml`] (with line and column) or [`DataError::Invalid`].
pub fn apply_overrides(pack: &mut Pack, file_name: &str, yaml: &str) -> Result<(), DataError> {
    crate::pack::apply_overrides(pack, file_name, yaml, merge_file, validate)
}

fn merge_file(merged: &mut Pack, o: OverrideFile, file_name: &str) {
    merge(&mut merged.map.provinces, o.provinces, file_name);
    merge(&mut merged.map.cities, o.cities, file_name);
    merge(&mut merged.map.sea_zones, o.sea_zones, file_name);
    merge(&mut merged.map.objectives, o.objectives, file_name);
    merge(&mut merged.counters.leaders, o.leaders, file_name);
    merge(&mut merged.counters.units, o.units, file_name);
    merge(&mut merged.turns.turns, o.turns, file_name);
    merge(&mut merged.tables.tables, o.tables, file_name);
    merge(&mut merged.scenario.setup_codes, o.setup_codes, file_name);
    merge(&mut merged.scenario.placements, o.placements, file_name);
}
