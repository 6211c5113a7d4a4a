//! The Tactical Display as data (`scenarios/alexandros/board.yaml`): the seven boxes of each
//! army, their capacities, the double-headed arrows between own boxes, which box faces which
//! enemy box, and the figures the tactical rules state. Alexandros 9.3, 10.2–10.20.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::counters::{Nationality, Side, UnitType};
use crate::pack::Item;

/// Kind of a box (Alexandros 10.4).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum BoxKind {
    /// Left, Center, Right: first and second line (10.5, 10.6).
    BattleLine,
    /// Rear area: unlimited, a few engage (10.5).
    Reserve,
    /// Flank boxes: limited, cavalry and light infantry only (10.5).
    Outflank,
    /// Routed Units box: holding area (10.4, 10.12).
    Routed,
}

/// A class of unit allowed in a box (Alexandros 10.5).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum UnitClass {
    /// Heavy and light cavalry and horse archers.
    Cavalry,
    /// Light infantry.
    LightInfantry,
}

impl UnitClass {
    /// Whether a unit type belongs to the class.
    pub fn admits(self, t: UnitType) -> bool {
        match self {
            UnitClass::Cavalry => t.is_cavalry(),
            UnitClass::LightInfantry => t == UnitType::LightInfantry,
        }
    }
}

/// One box of an army's display. Key: `Left`, `Center`, `Right`, `Reserve`, `LeftOutflank`,
/// `RightOutflank`, `Routed`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoxDef {
    /// Name as the rulebook writes it.
    pub title: String,
    /// What kind of box.
    pub kind: BoxKind,
    /// Units allowed in the first line (battle-line boxes; 10.5: 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_line: Option<u8>,
    /// Units allowed in the second line (battle-line boxes; 10.5: 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_line: Option<u8>,
    /// Units allowed in the box without lines (outflank boxes; 10.5: 4). None = no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity: Option<u8>,
    /// Units of the box that may engage in one combat, attacking or defending (Reserve; 10.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engage: Option<u8>,
    /// Unit classes allowed (empty = any; outflank boxes: cavalry, light infantry, 10.5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed: Vec<UnitClass>,
}

/// A unit type two of which may stack as one two-step unit with a leader in the box (10.7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PairedStack {
    /// Counter colour.
    pub nationality: Nationality,
    /// Unit type.
    #[serde(rename = "type")]
    pub kind: UnitType,
    /// Full attack strength of each unit (strength points).
    pub attack: u8,
    /// Full defence strength of each unit (strength points).
    pub defense: u8,
}

/// The figures the tactical rules state in their text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardRules {
    /// Most combat rounds in a battle (10.2).
    pub rounds: u8,
    /// Most units of one side inside one enemy box (10.5).
    pub max_units_in_enemy_box: u8,
    /// Most units advancing from one box into another in a round (10.9).
    pub max_units_per_advance: u8,
    /// Most units in the one tactical movement of a round (10.8).
    pub max_units_per_tactical_move: u8,
    /// Units needed in the enemy Reserve, with a leader, for a Breakthrough (10.19).
    pub breakthrough_units: u8,
    /// Highest d6 roll that rallies a unit with a leader other than Porus (10.18).
    pub rally_roll_max: u8,
    /// Highest d6 roll of the second roll that confirms Alexander's KIA (10.17).
    pub alexander_kia_confirm_max: u8,
    /// Pips added to a missile roll against heavy infantry or heavy cavalry (10.13).
    pub missile_heavy_modifier: u8,
    /// Attack strength of light infantry defensive fire (10.14 optional rule).
    pub light_infantry_fire_strength: u8,
    /// Highest d6 roll for a successful tactical evasion, by side (9.3).
    pub evasion_roll_max: BTreeMap<Side, u8>,
    /// Boxes of the first units placed at set-up, in order (10.3).
    pub setup_order: Vec<String>,
    /// Unit kinds that may form two-unit stacks (10.7).
    pub paired_stacks: Vec<PairedStack>,
}

/// `board.yaml` (its file-level `source` / `provisional` are on the [`Item`] holding it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardFile {
    /// The reading of 10.4 and 10.8 chosen for the arrows (digest A-23).
    pub reading: String,
    /// The seven boxes of each army, by name.
    pub boxes: BTreeMap<String, Item<BoxDef>>,
    /// Double-headed arrows between boxes of one army's display (10.8).
    pub arrows: Vec<[String; 2]>,
    /// Own box → the enemy box it faces (10.4).
    pub facing: Vec<[String; 2]>,
    /// Figures of the tactical rules.
    pub rules: Item<BoardRules>,
}

/// The seven box names every army has (Alexandros 10.4).
pub const BOX_NAMES: [&str; 7] = [
    "Left",
    "Center",
    "Right",
    "Reserve",
    "LeftOutflank",
    "RightOutflank",
    "Routed",
];

impl BoardFile {
    /// Whether two boxes of one display are joined by an arrow (10.8).
    pub fn joined(&self, a: &str, b: &str) -> bool {
        self.arrows
            .iter()
            .any(|[x, y]| (x == a && y == b) || (x == b && y == a))
    }
    /// The enemy box a box faces (10.4), if any.
    pub fn faces(&self, a: &str) -> Option<&str> {
        self.facing
            .iter()
            .find(|[x, _]| x == a)
            .map(|[_, y]| y.as_str())
    }
    /// A box by name.
    pub fn get(&self, name: &str) -> Option<&BoxDef> {
        self.boxes.get(name).map(|b| &b.item)
    }
}
