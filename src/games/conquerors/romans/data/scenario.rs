//! The typed form of a Romans scenario file (`scenario-*.yaml`, Romans [20]): players, treasury,
//! options, set-up, reinforcements, allies and initial control. Victory conditions and the
//! Syrian War's borrowed map rules are kept as JSON values until their rules are built.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::model::PlaceRef;
use crate::pack::Item;

/// Land units of one type in a set-up entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitCount {
    /// Unit type id (`counters.yaml` `unit-types`).
    #[serde(rename = "type")]
    pub kind: String,
    /// How many.
    pub count: u32,
    /// A label for people (`Balearic`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
}

/// An untried Roman commander placed at set-up (Romans [8.43], [18.1]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Untried {
    /// Pool id (`consuls`, `praetors`, `legates`).
    pub pool: String,
    /// Office (`field-consul`, `consul-for-rome`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub office: Option<String>,
}

/// A Carthaginian half-squadron's leave to sail alone ([20.22]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MovesAlone {
    /// Until the end of this year.
    pub until_year: String,
    /// Where to.
    pub to: String,
}

/// One place of a side's set-up, or an ally's force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SetupEntry {
    /// Where.
    pub at: PlaceRef,
    /// Legions by numeral.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legions: Vec<String>,
    /// Land units.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<UnitCount>,
    /// Full-strength squadrons by type.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub squadrons: BTreeMap<String, u32>,
    /// Half-strength squadrons by type ([11.21]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub half_squadrons: BTreeMap<String, u32>,
    /// Merchant fleets.
    #[serde(default)]
    pub merchants: u32,
    /// Named commanders.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commanders: Vec<String>,
    /// Untried Roman commanders.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub untried: Vec<Untried>,
    /// Not maintained until they join the army.
    #[serde(default)]
    pub no_maintenance_until_joined: bool,
    /// May sail without a commander.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves_without_commander: Option<MovesAlone>,
    /// Commanders drawn blind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blind_commanders: Option<BlindCommanders>,
}

/// Commanders drawn blind at set-up ([20.29] follow-up).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BlindCommanders {
    /// How many.
    pub count: u32,
    /// From these commander ids.
    pub from: Vec<String>,
}

/// A side's set-up that applies only under an option (the third-player Macedon, [20.29]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalSetup {
    /// The option.
    pub only_when: OnlyWhen,
    /// The entries.
    pub placements: Vec<Item<SetupEntry>>,
}

/// One side's set-up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum SideSetup {
    /// Entries.
    Always(Vec<Item<SetupEntry>>),
    /// Entries under an option.
    Conditional(Item<ConditionalSetup>),
}

impl SideSetup {
    /// The entries.
    pub fn entries(&self) -> &[Item<SetupEntry>] {
        match self {
            SideSetup::Always(v) => v,
            SideSetup::Conditional(c) => &c.placements,
        }
    }
}

/// The set-up: entries by side, and the tribunes drawn per legion.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Setup {
    /// Tribunes drawn for each legion in play ([18.23]).
    pub tribunes_per_legion: u32,
    /// Entries by side.
    #[serde(flatten)]
    pub sides: BTreeMap<String, SideSetup>,
}

/// A reinforcement ([20.14]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reinforcement {
    /// The side receiving it.
    pub side: String,
    /// The nation of its units.
    pub nation: String,
    /// Game-Turn of arrival.
    pub turn: String,
    /// Where.
    pub at: PlaceRef,
    /// Squadrons by type.
    #[serde(default)]
    pub squadrons: BTreeMap<String, u32>,
    /// Commanders.
    #[serde(default)]
    pub commanders: Vec<String>,
    /// Its hex is a Naval Base for it alone.
    #[serde(default)]
    pub own_naval_base: bool,
    /// Allied to the side for the whole game.
    #[serde(default)]
    pub permanent_ally: bool,
    /// Table for the optional random arrival.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub random_arrival_table: Option<String>,
    /// Placed elsewhere if these have units at `at`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub if_occupied_by: Vec<String>,
    /// …with this reinforcement instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub else_with: Option<String>,
}

/// An alliance level: points toward a side, 0 the middle column ([16.2]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Level {
    /// The side it leans to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toward: Option<String>,
    /// Points.
    pub points: u32,
}

/// A condition on a game option.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OnlyWhen {
    /// The option.
    pub option: String,
    /// Its value.
    pub is: Value,
}

/// An ally defined as in another scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SameAs {
    /// Scenario id.
    pub scenario: String,
    /// Ally id there.
    pub ally: String,
}

/// A city named by its name alone, or as a place with its map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum CityRef {
    /// A name, looked up on the scenario's maps.
    Name(String),
    /// A place.
    Place(PlaceRef),
}

impl CityRef {
    /// As a place.
    pub fn place(&self) -> PlaceRef {
        match self {
            CityRef::Name(n) => PlaceRef {
                map: None,
                hex: None,
                city: Some(n.clone()),
                place: None,
            },
            CityRef::Place(p) => p.clone(),
        }
    }
}

/// A possible ally ([16], [20.15], [20.26]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ally {
    /// Nation id when it differs from the key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<String>,
    /// Home cities (its supply bases): a name, or a place with its map.
    #[serde(default)]
    pub cities: Vec<CityRef>,
    /// A supply base without a city.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply_base: Option<PlaceRef>,
    /// Starting level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<Level>,
    /// Active for this side from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_at_start: Option<String>,
    /// Forces that appear at activation.
    #[serde(default)]
    pub forces: Vec<SetupEntry>,
    /// Commanders (when listed apart).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commanders: Option<Vec<String>>,
    /// Only these of its commanders.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commanders_only: Vec<String>,
    /// Moves only under another nation's commanders.
    #[serde(default)]
    pub moves_only_under_other_commanders: bool,
    /// Allied to this side throughout.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permanent_ally: Option<String>,
    /// Open to diplomacy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diplomacy: Option<bool>,
    /// Present only under this option.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_when: Option<OnlyWhen>,
    /// As in another scenario.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub same_as: Option<SameAs>,
    /// Cities Syria holds at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub held_by_syria_at_start: Vec<PlaceRef>,
}

/// Regions of one map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegionSet {
    /// Map id.
    pub map: String,
    /// Region ids of that map.
    pub regions: Vec<String>,
    /// Less these regions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub except_regions: Vec<String>,
}

/// A side's initial control ([20.17], [20.28]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InitialControl {
    /// Every city of the map outside these regions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every_city_on_map_outside_regions: Option<RegionSet>,
    /// Every city of these regions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<RegionSet>,
    /// But these (city names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub except_cities: Vec<String>,
    /// And these.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub plus_cities: Vec<PlaceRef>,
    /// Every city where the side sets up land units.
    #[serde(default)]
    pub cities_with_own_troops: bool,
    /// Not the cities of allies.
    #[serde(default)]
    pub not_ally_cities: bool,
    /// As in 20.17 (Syrian War option `roman-initial-control`).
    #[serde(default, rename = "as-20.17", skip_serializing_if = "Option::is_none")]
    pub as_20_17: Option<Box<InitialControl>>,
    /// Italy only (the same option's other choice).
    #[serde(
        default,
        rename = "italy-only",
        skip_serializing_if = "Option::is_none"
    )]
    pub italy_only: Option<Box<InitialControl>>,
    /// Present only under this option.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub only_when: Option<OnlyWhen>,
}

/// A game option the players agree at set-up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioOption {
    /// The values it may take.
    pub choices: Vec<Value>,
    /// The value when nobody says.
    pub default: Value,
    /// Only when another option has a value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<Value>,
    /// Reading note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A scenario file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Id.
    pub scenario: String,
    /// Title.
    pub title: String,
    /// Maps in use, the first the default for places.
    pub maps: Vec<String>,
    /// Map variants applied (`macedonians: romans`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub map_variants: BTreeMap<String, String>,
    /// Players' sides in order.
    pub players: Vec<String>,
    /// A third player who may join.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub optional_players: Vec<String>,
    /// Who moves first ([4.0]).
    pub first_player: String,
    /// Turn track id in `turns.yaml`.
    pub turns: String,
    /// Treasuries by side, with `adjustable`.
    pub treasury: Item<BTreeMap<String, Value>>,
    /// Options by name.
    pub options: BTreeMap<String, Item<ScenarioOption>>,
    /// The Syrian War's map rules (typed when built).
    #[serde(default, rename = "map-rules", skip_serializing_if = "Option::is_none")]
    pub map_rules: Option<Value>,
    /// The set-up.
    pub setup: Setup,
    /// Reinforcements.
    #[serde(default)]
    pub reinforcements: Vec<Item<Reinforcement>>,
    /// Possible allies by id.
    pub allies: BTreeMap<String, Item<Ally>>,
    /// Initial control by side.
    #[serde(rename = "initial-control")]
    pub initial_control: BTreeMap<String, Item<InitialControl>>,
    /// Victory conditions (typed when victory is built).
    pub victory: Value,
}

impl Scenario {
    /// The starting treasury of a side, in talents ([20.12], [20.23]).
    pub fn treasury(&self, side: &str) -> Option<u32> {
        self.treasury
            .get(side)
            .and_then(Value::as_u64)
            .map(|v| v as u32)
    }
}
