//! Game tables as data (`scenarios/alexandros/tables.yaml`): every table is a grid of text
//! cells, rows by die value (or city, VP band, unit type), columns by odds, province type…
//! Alexandros 7.4, 9.4, 9.5, 10.11–10.20, 11.3, 12.2, 14.3, 16.3, 17.4, 17.5.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::pack::{Dice, Item, RowIndex};

/// What a table's rows are indexed by.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum RowKind {
    /// One d6: rows `"1"`…`"6"`, all required.
    Die,
    /// A city of the map (City Surrender Table, 17.5).
    City,
    /// Bands of victory points: `"0-10"`, … `"26+"`, contiguous from 0 (16.3).
    VictoryPoints,
    /// A unit type of counters.yaml, or `wall` (Unit Replacement Cost, 12.2).
    UnitType,
}

impl RowIndex for RowKind {
    fn dice(&self) -> Option<Dice> {
        (*self == RowKind::Die).then_some(Dice::D6)
    }
}

/// One table (the shared model of `pack::table`, rows indexed by [`RowKind`]). Key: the table's
/// name in kebab-case (`minor-combat-results`…).
pub type Table = crate::pack::Table<RowKind>;

pub use crate::pack::table::{band as vp_band, die_range};

/// `tables.yaml` (its file-level `source` / `provisional` are on the [`Item`] holding it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TablesFile {
    /// Tables by name.
    pub tables: BTreeMap<String, Item<Table>>,
}

/// Names of the tables the pack must hold (Alexandros 7.4, 9.4, 10.11, 10.16, 10.20, 11.3,
/// 12.2, 14.3, 16.3, 17.4, 17.5).
pub const REQUIRED_TABLES: &[&str] = &[
    "supply-attrition",
    "minor-combat-results",
    "tactical-combat-results",
    "leader-casualty",
    "pursuit",
    "siege",
    "unit-replacement-cost",
    "mutiny",
    "raid-location",
    "raid-size",
    "victory-schedule",
    "city-surrender",
];
