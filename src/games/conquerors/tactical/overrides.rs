//! Player overrides of the Tactical pack: players who own the printed game replace any table,
//! display section, unit value or commander rating of `scenarios/conquerors/tactical/` with the
//! `tactical:` section of an override file given to `legatus new --data` (the strategic game's
//! own sections sit beside it). Each item replaces the pack's item of the same key whole and is
//! marked `player:` with the file's name; the merged pack is pinned in the game's header.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::data::{DisplayData, Pack, Ratings, SectionData, TTable, UnitValues};
use crate::pack::{merge, Item};

/// The `tactical:` section of an override file.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Overrides {
    /// Tables by name (`tables.yaml`: missile, melee, Reserve Area, Leader Loss, Wound
    /// Recovery, Voluntary Retreat Capability).
    #[serde(default)]
    pub tables: BTreeMap<String, Item<TTable>>,
    /// Display sections by id (`display.yaml`).
    #[serde(default)]
    pub sections: BTreeMap<String, Item<SectionData>>,
    /// Displays by id (`display.yaml`).
    #[serde(default)]
    pub displays: BTreeMap<String, Item<DisplayData>>,
    /// This game's unit types' TO, TD and missile values (`units.yaml`).
    #[serde(default)]
    pub unit_types: BTreeMap<String, Item<UnitValues>>,
    /// This game's named commanders' TO and TD ratings (`units.yaml`, `commanders.named`).
    #[serde(default)]
    pub commanders: BTreeMap<String, Item<Ratings>>,
}

impl Overrides {
    /// Merges the items into `pack`, the unit values and ratings under `game` (`romans`,
    /// `macedonians`), each marked as supplied by `file`. A game the pack has no values for
    /// takes none (the pack's validation then reports it).
    pub fn merge_into(self, pack: &mut Pack, game: &str, file: &str) {
        merge(&mut pack.tables.item.tables, self.tables, file);
        merge(&mut pack.display.item.sections, self.sections, file);
        merge(&mut pack.display.item.displays, self.displays, file);
        if let Some(g) = pack.units.item.games.get_mut(game) {
            merge(&mut g.unit_types, self.unit_types, file);
            merge(&mut g.commanders.named, self.commanders, file);
        }
    }
}
