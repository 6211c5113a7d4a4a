//! The typed form of The Macedonians' data files (`scenarios/conquerors/macedonians/*.yaml`):
//! tables, counters, places, rule numbers, the turn track and the scenario. Every item keeps its
//! `source:` / `provisional:` marking through [`Item`]; unknown fields are refused.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::pack::table::{Dice, RowIndex};
use crate::pack::{Item, Table};

/// What a table's rows are indexed by (`tables.yaml` header).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RowsBy {
    /// One die, rows 1–6.
    Die,
    /// Two dice summed, rows 2–12.
    TwoDice,
    /// One die plus modifiers: contiguous rows covering 1–6 (Naval CRT 0–7, 11.4).
    ModifiedDie,
    /// Two dice plus modifiers: contiguous rows covering 2–12 (Siege CRT 2–14, 14.38).
    ModifiedTwoDice,
    /// One row per city, by name (the Surrender Table, 13.5).
    City,
}

impl RowIndex for RowsBy {
    fn dice(&self) -> Option<Dice> {
        match self {
            RowsBy::Die => Some(Dice::D6),
            RowsBy::TwoDice => Some(Dice::TwoD6),
            _ => None,
        }
    }
}

impl RowsBy {
    /// The unmodified dice a modified table's rows must cover.
    pub fn modified(&self) -> Option<Dice> {
        match self {
            RowsBy::ModifiedDie => Some(Dice::D6),
            RowsBy::ModifiedTwoDice => Some(Dice::TwoD6),
            _ => None,
        }
    }
}

/// A Macedonians table.
pub type MTable = Table<RowsBy>;

/// `tables.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TablesFile {
    /// Tables by name.
    pub tables: BTreeMap<String, Item<MTable>>,
}

/// The two sides.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    /// Alexander's.
    Macedonian,
    /// Darius'.
    Persian,
}

impl Side {
    /// The id used in order files and state (`macedonian`, `persian`).
    pub fn id(self) -> &'static str {
        match self {
            Side::Macedonian => "macedonian",
            Side::Persian => "persian",
        }
    }
}

/// What kind of troops a unit type is (3.21; the rules ask: 5.8, 14.12, 18.23, 19.13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Arm {
    /// Heavy or line infantry.
    Infantry,
    /// Missile troops (peltasts, archers, javelinists, cardaces).
    Missile,
    /// Horse (horse archers included).
    Cavalry,
    /// Chariots.
    Chariot,
    /// Elephants.
    Elephant,
    /// Persian Garrison units (18.1).
    Garrison,
}

/// The Asiatic Levy class of a Persian unit type (19.42).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Levy {
    /// Two a levy.
    BarbarianInfantry,
    /// One a levy.
    Cavalry,
    /// One a levy: missile units (horse archers included), chariots, elephants.
    Auxiliary,
}

/// A counter's tactical strengths at full strength (3.21; the Tactical rules read them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tactical {
    /// Tactical Offensive strength.
    pub to: u32,
    /// Tactical Defensive strength.
    pub td: u32,
    /// Missile strength (in parentheses on the counter).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missile: Option<u32>,
}

/// A land unit type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    /// Name for people.
    pub name: String,
    /// Whose counters these are.
    pub side: Side,
    /// Its arm.
    pub arm: Arm,
    /// The most SSP (= steps) a unit of the type has (9.13).
    pub ssp: u32,
    /// Tactical strengths (none for Garrisons, 18.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tactical: Option<Tactical>,
    /// Asiatic Levy class (Persian types).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub levy: Option<Levy>,
}

/// One land counter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Unit {
    /// Unit type id.
    #[serde(rename = "type")]
    pub kind: String,
    /// Name for people (`Coenus' phalanx`).
    pub name: String,
    /// Its designation (`macedonian`, `league`, `greek-mercenary`, `lydian`).
    pub nation: String,
    /// Full SSP when below the type's maximum (9.13 "2 or 1").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ssp: Option<u32>,
}

/// One naval squadron counter (11.21).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SquadronCounter {
    /// Whose at the start.
    pub side: Side,
    /// The fleet it belongs to (`league`, `tyrian`, `cypriot`).
    pub nation: String,
    /// Naval strength at full strength (2 or 3; a half squadron is 1).
    pub strength: u32,
    /// Its home port (12.32), a city of places.yaml.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home: Option<String>,
}

/// Which fleets a commander may command (8.3, 12.43).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Fleets {
    /// Fleets of the Macedonian side (Alexander, Parmenion, Hegelochus: 8.3).
    Macedonian,
    /// Only the fleets of `fleet_nations` (Pyntagorus, Azemilk: 12.43).
    Only,
    /// Any fleet of his side.
    Any,
    /// No fleet (8.3: every other Macedonian).
    None,
}

/// A commander who takes command of any Force he is in (8.2, 8.61).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum InCharge {
    /// Always in command.
    Always,
}

/// The pool a commander waits in (8.83).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Pool {
    /// The Macedonian Command Replacement Pool.
    Replacement,
}

/// A commander counter (3.21, 8.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Commander {
    /// Name for people.
    pub name: String,
    /// His side.
    pub side: Side,
    /// Strategic Rating.
    pub rating: u8,
    /// Tactical Offensive Rating.
    pub to: u8,
    /// Tactical Defensive Rating.
    pub td: u8,
    /// Always in command (Alexander, Darius).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_charge: Option<InCharge>,
    /// Fleets he may command.
    pub fleets: Fleets,
    /// With `fleets: only`: those fleets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fleet_nations: Vec<String>,
    /// Commands fleets only, never a land Force.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub naval_only: bool,
    /// May Force March (5.8: Alexander).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forced_march: bool,
    /// Commands only cavalry on the Tactical Battle Display (8.3, 8.83).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tactical_cavalry_only: bool,
    /// In the Replacement Pool (8.83).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<Pool>,
}

/// The Siege Train (14.2).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SiegeTrain {
    /// Name.
    pub name: String,
    /// Whose.
    pub side: Side,
    /// Stacking and transport value (SSP).
    pub stacking_ssp: u32,
    /// Siege Combat Points.
    pub siege_points: u32,
}

/// `counters.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CountersFile {
    /// Unit types by id.
    #[serde(rename = "unit-types")]
    pub unit_types: BTreeMap<String, Item<UnitType>>,
    /// Land counters by id.
    pub units: BTreeMap<String, Item<Unit>>,
    /// Squadrons by id.
    pub squadrons: BTreeMap<String, Item<SquadronCounter>>,
    /// Commanders by id.
    pub commanders: BTreeMap<String, Item<Commander>>,
    /// The Siege Train.
    #[serde(rename = "siege-train")]
    pub siege_train: Item<SiegeTrain>,
}

/// A satrapy's game data (15.11, 15.12, 21.11).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Satrapy {
    /// Name for people.
    pub name: String,
    /// Its capital city (a city of `cities`); none: nobody can gain it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capital: Option<String>,
    /// Supply Points (and Victory Points).
    pub supply: u32,
}

/// A city's class in the rules (3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CityKind {
    /// A Major City or Major Port (13).
    Major,
    /// A Walled City (14).
    Walled,
}

/// A city the rules give a role.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CityRole {
    /// Its hex.
    pub hex: String,
    /// Major or Walled.
    pub kind: CityKind,
    /// A port.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub port: bool,
    /// A Naval Base (5.91).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub naval_base: bool,
    /// On an island.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub island: bool,
    /// Fortification Strength (Walled Cities, 14.16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fortification: Option<u32>,
    /// Victory Points to its holder at the end (Walled Cities, 21.11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vp: Option<u32>,
}

/// An island of no satrapy (15.14): a map place or a city.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Island {
    /// Map place id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// Or a city of `cities`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    /// Which side of the Winter Line the text puts it (17.21).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub south_of_winter_line: Option<bool>,
}

/// Where Persian Reinforcements come on (19.32).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PersianEntry {
    /// The map place of the Susa Box.
    pub susa_box: String,
    /// The Royal Persian Highway entry hexes.
    pub entry_hexes: Vec<String>,
    /// The city (Babylon).
    pub city: String,
}

/// A side's basic source of supply (10.16).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SupplySource {
    /// A city.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    /// Or a satrapy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub satrapy: Option<String>,
}

/// A single hex the rules name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexRef {
    /// The hex.
    pub hex: String,
}

/// `places.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlacesFile {
    /// Satrapies by map region id.
    pub satrapies: BTreeMap<String, Item<Satrapy>>,
    /// Cities by name.
    pub cities: BTreeMap<String, Item<CityRole>>,
    /// Islands of no satrapy.
    pub islands: BTreeMap<String, Item<Island>>,
    /// Where Persian Reinforcements come on.
    #[serde(rename = "persian-entry")]
    pub persian_entry: Item<PersianEntry>,
    /// Each side's source of supply, by side id.
    #[serde(rename = "supply-sources")]
    pub supply_sources: BTreeMap<String, Item<SupplySource>>,
    /// The Cilician Gates.
    #[serde(rename = "cilician-gates")]
    pub cilician_gates: Item<HexRef>,
}

/// What a rule number counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Measure {
    /// Movement Points.
    Mp,
    /// Strategic Strength Points.
    Ssp,
    /// A percentage.
    Percent,
    /// Hexes.
    Hexes,
    /// A die result or modifier.
    Die,
    /// Steps.
    Steps,
    /// Supply Points.
    SupplyPoints,
    /// Victory Points.
    Vp,
    /// A Game-Turn number or count of Game-Turns.
    GameTurns,
    /// A plain count or multiplier.
    Count,
}

/// One number of the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Quantity {
    /// The number.
    pub value: u32,
    /// What it counts.
    pub unit: Measure,
}

/// The Ferry hexsides (5.37).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ferries {
    /// Hexside keys `AAAA/BBBB`.
    pub hexsides: Vec<String>,
}

/// What brings a Persian fleet over (12.34).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Defection {
    /// Cities the Macedonian must control, every one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cities: Vec<String>,
    /// Satrapies he must control, at least.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub satrapies_at_least: Option<u32>,
    /// He must control the Cilician Gates.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cilician_gates: bool,
    /// Never before this Game-Turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_before: Option<String>,
    /// Never defects.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub never: bool,
    /// Leaves play when this city falls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removed_when: Option<String>,
}

/// Named numbers of one section.
pub type Numbers = BTreeMap<String, Item<Quantity>>;

/// `rules.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    /// Movement (5).
    pub movement: Numbers,
    /// Ferry hexsides (5.37).
    pub ferries: Item<Ferries>,
    /// Zones of interception (6).
    pub zones: Numbers,
    /// Stacking (7).
    pub stacking: Numbers,
    /// Combat (5.5, 5.7, 8-10).
    pub combat: Numbers,
    /// Fleets (11-12).
    pub naval: Numbers,
    /// Cities and sieges (13-14, 18).
    pub cities: Numbers,
    /// Supply and attrition (15-17, 20.13).
    pub supply: Numbers,
    /// Victory (21, 23).
    pub victory: Numbers,
    /// Reinforcements (19).
    pub reinforcements: Numbers,
    /// Fleet defection by fleet (12.34).
    pub defection: BTreeMap<String, Item<Defection>>,
}

impl RulesFile {
    /// The sections of named numbers, by name.
    pub fn sections(&self) -> [(&'static str, &Numbers); 9] {
        [
            ("movement", &self.movement),
            ("zones", &self.zones),
            ("stacking", &self.stacking),
            ("combat", &self.combat),
            ("naval", &self.naval),
            ("cities", &self.cities),
            ("supply", &self.supply),
            ("victory", &self.victory),
            ("reinforcements", &self.reinforcements),
        ]
    }
    /// The number `name` of `section`.
    pub fn get(&self, section: &str, name: &str) -> Option<u32> {
        self.sections()
            .into_iter()
            .find(|(s, _)| *s == section)
            .and_then(|(_, n)| n.get(name))
            .map(|q| q.value)
    }
}

pub use super::scenario::*;
