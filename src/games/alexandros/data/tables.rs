//! Game tables as data (`scenarios/alexandros/tables.yaml`): every table is a grid of text
//! cells, rows by die value (or city, VP band, unit type), columns by odds, province type…
//! Alexandros 7.4, 9.4, 9.5, 10.11–10.20, 11.3, 12.2, 14.3, 16.3, 17.4, 17.5.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::provenance::provenanced;

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

/// One table. Key: the table's name in kebab-case (`minor-combat-results`…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// Title as the rulebook names it.
    pub title: String,
    /// What the rows are indexed by.
    pub rows_by: RowKind,
    /// Column labels, in order (odds `"1:1"`, province types, `Rout`/`Loss`…).
    pub columns: Vec<String>,
    /// Allowed cell values; empty = any text (then each kind has its own check).
    #[serde(default)]
    pub results: Vec<String>,
    /// Row key → one cell per column.
    pub rows: BTreeMap<String, Vec<String>>,
    /// Result when the odds exceed the last column (9.4: above 4:1 the defender is eliminated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub above_last_column: Option<String>,
    /// Rows printed in the rulebook inside an otherwise provisional table: row → section.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sourced_rows: BTreeMap<String, String>,
    /// How to read the table (paraphrase of the rule, with sections).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Rule section printing the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// One line: what the provisional values are based on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<String>,
    /// Override file that supplied the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

impl Table {
    /// The cell at a row key and column label.
    pub fn cell(&self, row: &str, column: &str) -> Option<&str> {
        let c = self.columns.iter().position(|x| x == column)?;
        self.rows.get(row)?.get(c).map(String::as_str)
    }

    /// The cell for a d6 roll (1–6) and a column label.
    pub fn roll(&self, die: u8, column: &str) -> Option<&str> {
        self.cell(&die.to_string(), column)
    }
}

/// Reads a die-range cell: `"1-5"` → `Some((1, 5))`, `"1"` → `Some((1, 1))`, `"N"` or blank →
/// `None` (never). Used by the City Surrender Table (17.5).
pub fn die_range(cell: &str) -> Option<(u8, u8)> {
    let cell = cell.trim();
    if let Some((a, b)) = cell.split_once('-') {
        Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
    } else {
        let v: u8 = cell.parse().ok()?;
        Some((v, v))
    }
}

/// Reads a VP band: `"11-15"` → `(11, Some(15))`, `"26+"` → `(26, None)`.
pub fn vp_band(key: &str) -> Option<(u32, Option<u32>)> {
    if let Some(lo) = key.strip_suffix('+') {
        return Some((lo.trim().parse().ok()?, None));
    }
    let (a, b) = key.split_once('-')?;
    Some((a.trim().parse().ok()?, Some(b.trim().parse().ok()?)))
}

/// `tables.yaml`: exactly one of the file-level `source` / `provisional`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TablesFile {
    /// File-level source.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// File-level provisional basis.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provisional: Option<String>,
    /// Tables by name.
    pub tables: BTreeMap<String, Table>,
}

provenanced!(Table);

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
