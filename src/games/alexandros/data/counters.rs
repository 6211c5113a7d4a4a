//! The counter sheet as data: leaders and combat units (`scenarios/alexandros/counters.yaml`).
//! Alexandros 2.3–2.8, 3, 10.7, 10.13, 10.16, 12.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::pack::Item;

/// Who controls a counter (Alexandros 3.1, 12.7).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// Macedonian player: Macedonians and Greek Allies.
    Macedonian,
    /// Persian player: Persians, Indians, Barbarians, Arabs, and Spartans after a revolt (14.2).
    Persian,
    /// Greek Mercenaries: whoever buys them (12.7).
    Mercenary,
}

/// Nationality/background colour (Alexandros 2.5).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Nationality {
    /// Red: Macedonians.
    Macedonian,
    /// Red: Greek Allies.
    GreekAllied,
    /// Black.
    Spartan,
    /// Orange.
    GreekMercenary,
    /// Blue.
    Persian,
    /// Green.
    Indian,
    /// Gold.
    Barbarian,
    /// Sand.
    Arab,
}

/// Unit type, shown on the counter by its silhouette (Alexandros 2.7). It decides missile fire
/// (10.13, +1 against heavy targets), outflank boxes (10.5), pursuit (10.20), elephants (10.10),
/// sieges (11.3) and replacement cost (12.2).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum UnitType {
    /// Heavy infantry (heavy target for missiles).
    HeavyInfantry,
    /// Regular infantry: no special qualities (2.7).
    RegularInfantry,
    /// Light infantry (Thrace, Illyria, Arabs: 2.7).
    LightInfantry,
    /// Heavy cavalry (heavy target for missiles).
    HeavyCavalry,
    /// Light cavalry: all other cavalry (2.7).
    LightCavalry,
    /// Foot archers: missile attack, bracketed (10.13).
    Archer,
    /// Horse archers: missile attack, bracketed (10.13).
    HorseArcher,
    /// Elephants: cavalry may not attack them (10.10).
    Elephant,
    /// The Siege Train (11.3, 11.7).
    SiegeTrain,
}

impl UnitType {
    /// Missile units roll against their attack strength instead of using the CRT (10.13).
    pub fn is_missile(self) -> bool {
        matches!(self, UnitType::Archer | UnitType::HorseArcher)
    }
    /// Heavy targets add one to a missile die roll (10.13).
    pub fn is_heavy(self) -> bool {
        matches!(self, UnitType::HeavyInfantry | UnitType::HeavyCavalry)
    }
    /// Cavalry types (10.5, 10.10, 10.20).
    pub fn is_cavalry(self) -> bool {
        matches!(
            self,
            UnitType::HeavyCavalry | UnitType::LightCavalry | UnitType::HorseArcher
        )
    }
}

/// Where a counter starts (the set-up code printed on it, Alexandros 2.4, 3.2, 3.3).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
pub enum SetupCode {
    /// "M": Macedonia, with Antipater (3.2).
    #[serde(rename = "M")]
    M,
    /// "I": Ionia, with Alexander and Parmenio (3.2).
    #[serde(rename = "I")]
    I,
    /// "D": with Darius in Susiana, Persis or Babylonia (3.3).
    #[serde(rename = "D")]
    D,
    /// "A": Ionia, with Memnon (3.3).
    #[serde(rename = "A")]
    A,
    /// Placed individually by the scenario's `placements` (3.3: Sardis, Indians, Dahae…).
    #[serde(rename = "placed")]
    Placed,
    /// Enters from the Turn Record Track (13.1).
    #[serde(rename = "track")]
    Track,
    /// Pool of potential replacements (3.2, 3.3, 12.4).
    #[serde(rename = "pool")]
    Pool,
    /// Set aside for barbarian and Arab raids (3.3, 14.3).
    #[serde(rename = "raid")]
    Raid,
    /// Set aside for the Spartan Revolt (14.2).
    #[serde(rename = "revolt")]
    Revolt,
    /// Set aside; used only after casualties (second Hypaspist/Hetairoi counters, "0" leaders, 3.2).
    #[serde(rename = "set-aside")]
    SetAside,
    /// Enters by a rule event (Bessus when Darius leaves the map, 15.6).
    #[serde(rename = "event")]
    Event,
}

/// Strengths of one step: attack and defence, in combat strength points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// Attack strength (for missile units: the highest die roll that hits, 10.13).
    pub attack: u8,
    /// Defence strength.
    pub defense: u8,
}

/// A leader (Alexandros 2.3, 2.8, 10.16, 12.9, 12.10). Key: the leader's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Leader {
    /// Controlling side.
    pub side: Side,
    /// Counter colour.
    pub nationality: Nationality,
    /// Ability rating, added to the unit's strength in combat (9.4, 10.11).
    pub rating: u8,
    /// Rating on the wounded (reduced) side; `None` for leaders without one ("0" leaders, 10.16).
    #[serde(default)]
    pub wounded_rating: Option<u8>,
    /// Set-up code.
    pub setup: SetupCode,
}

/// A combat unit (Alexandros 2.3–2.8). Key: a unit code (`phalanx-1`, `persian-cav-3-3-01`…).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// Name as printed (abbreviations of 2.6 spelled out).
    pub name: String,
    /// Controlling side.
    pub side: Side,
    /// Counter colour (2.5).
    pub nationality: Nationality,
    /// Unit type (2.7).
    #[serde(rename = "type")]
    pub kind: UnitType,
    /// Strength of each step, full first; `steps.len()` is the number of steps. A reduced
    /// step is never stronger than the step above it.
    pub steps: Vec<Step>,
    /// Counters the unit uses (2 for the four-step Hypaspistoi and Hetairoi, 2.3).
    #[serde(default = "one")]
    pub counters: u8,
    /// Nationality printed on the back of a one-step double-sided counter (2.5, 12.8).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flip_nationality: Option<Nationality>,
    /// Set-up code.
    pub setup: SetupCode,
    /// May force march with Alexander (8.4).
    #[serde(default)]
    pub forced_march: bool,
    /// Macedonian Home Army: may not leave Europe (8.3).
    #[serde(default)]
    pub home_army: bool,
}

fn one() -> u8 {
    1
}

impl Unit {
    /// Full-strength step (the first one). Panics never: the check rejects units without steps,
    /// and an empty unit reports 0-0.
    pub fn full(&self) -> Step {
        self.steps.first().copied().unwrap_or(Step {
            attack: 0,
            defense: 0,
        })
    }
}

/// `counters.yaml` (its file-level `source` / `provisional` are on the [`Item`] holding it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CountersFile {
    /// Leaders by name.
    pub leaders: BTreeMap<String, Item<Leader>>,
    /// Combat units by code.
    pub units: BTreeMap<String, Item<Unit>>,
}
