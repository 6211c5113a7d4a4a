//! Player overrides: a YAML file with the pack's schema holding any subset of items; each item
//! replaces the base item with the same key whole and is marked player-supplied.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::counters::{Leader, Unit};
use super::map::{City, Objective, Province, SeaZone};
use super::provenance::Provenanced;
use super::scenario::{Placement, SetupArea};
use super::tables::Table;
use super::turns::Turn;
use super::{check::validate, parse_yaml, DataError, Pack};

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
    pub provinces: BTreeMap<String, Province>,
    /// Cities.
    #[serde(default)]
    pub cities: BTreeMap<String, City>,
    /// Sea zones.
    #[serde(default)]
    pub sea_zones: BTreeMap<String, SeaZone>,
    /// Objectives.
    #[serde(default)]
    pub objectives: BTreeMap<String, Objective>,
    /// Leaders.
    #[serde(default)]
    pub leaders: BTreeMap<String, Leader>,
    /// Combat units.
    #[serde(default)]
    pub units: BTreeMap<String, Unit>,
    /// Turns of the track.
    #[serde(default)]
    pub turns: BTreeMap<String, Turn>,
    /// Tables.
    #[serde(default)]
    pub tables: BTreeMap<String, Table>,
    /// Set-up codes.
    #[serde(default)]
    pub setup_codes: BTreeMap<String, SetupArea>,
    /// Individual placements.
    #[serde(default)]
    pub placements: BTreeMap<String, Placement>,
}

fn merge<T: Provenanced>(base: &mut BTreeMap<String, T>, over: BTreeMap<String, T>, file: &str) {
    for (k, mut v) in over {
        v.set_player(file);
        base.insert(k, v);
    }
}

/// Merges the override file `yaml` (named `file_name` in errors and in the items' `player`
/// marking) into `pack`. Each item replaces the base item with the same key whole (or adds
/// it); the merged pack must still pass [`validate`], otherwise `pack` is left unchanged.
///
/// Errors: [`DataError::Yaml`] (with line and column) or [`DataError::Invalid`].
pub fn apply_overrides(pack: &mut Pack, file_name: &str, yaml: &str) -> Result<(), DataError> {
    let o: OverrideFile = parse_yaml(file_name, yaml)?;
    let mut merged = pack.clone();
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
    let violations = validate(&merged);
    if !violations.is_empty() {
        return Err(DataError::Invalid(violations));
    }
    *pack = merged;
    Ok(())
}
