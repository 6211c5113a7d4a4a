//! The typed form of the Romans data files (`scenarios/conquerors/romans/*.yaml`): tables,
//! counters, movement effects, numbers, the turn track and the two scenarios. Every item keeps
//! its `source:` / `provisional:` marking through [`Item`]; unknown fields are refused.
//! Sections no rule reads yet (`numbers.yaml`, the scenarios' `victory` and `map-rules`, the
//! turn sequence) are kept as marked JSON values and typed when their rules are built.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::geo::HexsideFeature;
use crate::pack::table::{Dice, RowIndex};
use crate::pack::{Item, Table};

/// What a Romans table's rows are indexed by (`tables.yaml` header).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RowsBy {
    /// One die, rows 1–6.
    Die,
    /// Two dice summed, rows 2–12.
    TwoDice,
    /// One die plus modifiers: the rows present, contiguous, covering 1–6 (Naval CRT 0–7 by
    /// Romans [11.4], Revolt 1–7 by [16.27]).
    ModifiedDie,
    /// A lookup by item (costs, effects).
    Item,
    /// A lookup by city class (Romans [13.1]).
    Class,
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

/// A Romans table.
pub type RTable = Table<RowsBy>;

/// One errata variant of a table (`table-variants`), chosen by a game option.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableVariant {
    /// Added to every loss number of the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub add_to_losses: Option<u32>,
    /// What a no-loss result becomes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_loss_becomes: Option<String>,
    /// Cells replaced, `row/column` → value.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cells: BTreeMap<String, String>,
}

/// The variants of one table and the one used when the players choose none.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TableVariants {
    /// The default variant's name.
    pub default: String,
    /// Variants by name.
    #[serde(flatten)]
    pub variants: BTreeMap<String, Item<TableVariant>>,
}

/// A Forced March column: the commander's rating and the extra hexes (Romans [5.86], errata).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForcedMarchColumn {
    /// Strategic Rating.
    pub rating: u8,
    /// Extra hexes declared.
    pub extra_hexes: u8,
}

/// `forced-march-columns`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForcedMarchColumns {
    /// Column label → rating and extra hexes.
    pub column_key: BTreeMap<String, ForcedMarchColumn>,
    /// Rating (as a string) → the most extra hexes it may declare (Romans [5.85]).
    pub max_extra_hexes: BTreeMap<String, u8>,
}

/// A place named by the data: a city, a hex, or both.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaceRef {
    /// Map id (absent: the scenario's first map).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map: Option<String>,
    /// `CCRR`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    /// City name as the map spells it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    /// A named place that is not a city (the Cilician Gates).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
}

/// An Augury event (Romans [18.32]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AuguryEvent {
    /// What happens, in a sentence.
    pub summary: String,
    /// Legions sent away for the year.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub send_legions: Option<u32>,
    /// Not the Roma legion.
    #[serde(default)]
    pub not_roma_legion: bool,
    /// A newly chosen extra praetor goes with them.
    #[serde(default)]
    pub extra_praetor: bool,
    /// Where they go.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination: Option<PlaceRef>,
    /// Added to this Winter's tax roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tax_modifier: Option<i32>,
    /// No new legions this year.
    #[serde(default)]
    pub no_new_legions: bool,
    /// Share of the largest fleet's steps lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub largest_fleet_loss_percent: Option<u32>,
    /// The field consul may serve another year.
    #[serde(default)]
    pub may_reappoint_field_consul: bool,
    /// Talents added to (or taken from) the treasury.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub treasury_change: Option<i32>,
    /// Talents each open revenue source pays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revenue_per_source: Option<u32>,
    /// Revenue sources that pay nothing this year.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_revenue_from: Vec<String>,
    /// Legions raised without the raising cost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub free_legions: Option<u32>,
}

/// `tables.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TablesFile {
    /// Tables by name.
    pub tables: BTreeMap<String, Item<RTable>>,
    /// Errata variants by table.
    #[serde(rename = "table-variants")]
    pub table_variants: BTreeMap<String, TableVariants>,
    /// What each Forced March column means.
    #[serde(rename = "forced-march-columns")]
    pub forced_march_columns: Item<ForcedMarchColumns>,
    /// Augury events by id.
    #[serde(rename = "augury-events")]
    pub augury_events: BTreeMap<String, Item<AuguryEvent>>,
}

/// Kind of nation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NationKind {
    /// A player's power (Rome, Macedon, Syria).
    Major,
    /// A possible ally (Romans [16]).
    Ally,
}

/// Morale of a nation's Forces (Romans [9.6]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Morale {
    /// Base percentage.
    pub base_percent: u32,
    /// Added per point of the commander's rating (Rome, [9.64]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_rating_point: Option<u32>,
}

/// A nation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Nation {
    /// Name.
    pub name: String,
    /// Major power or ally.
    pub kind: NationKind,
    /// Morale.
    pub morale: Morale,
    /// May force march (Romans [5.81]).
    pub forced_march: bool,
    /// Column of the Taxation Schedule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tax_column: Option<String>,
    /// Capital (Romans [14.11]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capital: Option<PlaceRef>,
}

/// Arm of a land unit type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Arm {
    /// Infantry.
    Infantry,
    /// Archers and slingers.
    Missile,
    /// Cavalry.
    Cavalry,
    /// Elephants.
    Elephant,
    /// Chariots.
    Chariot,
}

/// A land unit type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    /// Name.
    pub name: String,
    /// Arm.
    pub arm: Arm,
    /// Strategic Strength Points at full strength (Romans [3.21] note, [3.4]).
    pub ssp: u32,
}

/// SSP of odd and even legions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegionSsp {
    /// Odd-numbered legions.
    pub odd: u32,
    /// Even-numbered legions.
    pub even: u32,
}

/// The Roman legion (Romans [3.4]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Legion {
    /// Legion numerals in raising order.
    pub numerals: Vec<String>,
    /// Composition of an odd legion: unit type → count.
    pub odd: BTreeMap<String, u32>,
    /// Composition of an even legion.
    pub even: BTreeMap<String, u32>,
    /// Full SSP.
    pub ssp: LegionSsp,
    /// Tribunes per legion.
    pub tribunes: u32,
    /// Least share of full strength to carry the siege train.
    pub siege_train_min_percent: u32,
    /// Legions are raised in numeral order.
    pub raised_in_order: bool,
    /// Reading notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Legion {
    /// Full SSP of the legion with this numeral (odd or even by its place in `numerals`).
    pub fn full_ssp(&self, numeral: &str) -> Option<u32> {
        let i = self.numerals.iter().position(|n| n == numeral)?;
        Some(if i % 2 == 0 {
            self.ssp.odd
        } else {
            self.ssp.even
        })
    }
}

/// Full and half strength of a squadron.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SquadronStrength {
    /// Full strength.
    pub full: u32,
    /// Half strength.
    pub half: u32,
}

/// A squadron type (Romans [3.4], [11.21]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SquadronType {
    /// Name.
    pub name: String,
    /// Naval strength.
    pub strength: SquadronStrength,
    /// Loss points per step (errata 11.2).
    pub loss_points_per_step: u32,
}

/// Transport capacities (Romans [12.12], [12.2]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Transport {
    /// SSP a full squadron carries.
    pub squadron_full_ssp: u32,
    /// SSP a half squadron carries.
    pub squadron_half_ssp: u32,
    /// SSP a Merchant fleet carries.
    pub merchant_ssp: u32,
    /// SSP a Siege Train counts as.
    pub siege_train_ssp: u32,
    /// SSP a commander counts as.
    pub commanders_ssp: u32,
}

/// The Merchant fleet or the Siege Train counter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpecialCounter {
    /// Name.
    pub name: String,
    /// Combat strength.
    pub strength: u32,
    /// Moves without a commander.
    #[serde(default)]
    pub moves_without_commander: bool,
    /// Nations that have it.
    pub owners: Vec<String>,
    /// Reading notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The Replacement commander on a counter's back (Romans [8.62], [8.65]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Replacement {
    /// Name, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Strategic Rating.
    pub rating: u8,
}

/// When a commander takes charge of a stack (Romans [8.2]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum InCharge {
    /// Of any stack he is in.
    Always,
}

/// A named commander of Macedon, Syria or an ally.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Commander {
    /// Name.
    pub name: String,
    /// Nation id.
    pub nation: String,
    /// Strategic Rating (Romans [8.1]).
    pub rating: u8,
    /// Rating used on the Forced March table ([5.84], Philip V).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced_march_rating: Option<u8>,
    /// Takes charge of any stack ([8.2]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_charge: Option<InCharge>,
    /// May lead fleets only ([8.32]).
    #[serde(default)]
    pub naval_only: bool,
    /// May lead elephants only ([20.22]).
    #[serde(default)]
    pub elephants_only: bool,
    /// The Replacement on the back.
    pub replacement: Item<Replacement>,
}

/// What a Roman pool's commanders may lead (Romans [8.32], [18.22]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Commands {
    /// Land Forces.
    pub land: bool,
    /// Fleets.
    pub fleets: bool,
}

/// A counter of a Roman pool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PoolCounter {
    /// Name.
    pub name: String,
    /// Strategic Rating (hidden until first used, [8.43]).
    pub rating: u8,
    /// Scenario in which killing him scores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kill_vp_scenario: Option<String>,
    /// Replacement on the back (tribunes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replacement: Option<Replacement>,
}

/// A Roman draw pool (consuls, praetors, legates, tribunes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pool {
    /// What its commanders may lead.
    pub commands: Commands,
    /// Counters by id.
    pub counters: BTreeMap<String, Item<PoolCounter>>,
}

/// Historical consuls of one year (the optional rule of Romans [8.4]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConsulYear {
    /// The field consul's counter.
    pub field: String,
    /// The Consul for Rome's counter.
    pub roma: String,
}

/// Ambassador counters (Romans [16.32]–[16.34]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ambassadors {
    /// Counters per player.
    pub per_player: u32,
    /// Drawn each Winter.
    pub drawn_each_winter: u32,
    /// The ratings of the counters.
    pub ratings: Vec<i32>,
}

/// One nation's counter mix (Romans [17.3]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NationMix {
    /// Legions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legions: Option<u32>,
    /// Land units by type.
    #[serde(default)]
    pub land: BTreeMap<String, u32>,
    /// Squadrons by type.
    #[serde(default)]
    pub squadrons: BTreeMap<String, u32>,
    /// Merchant fleets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merchants: Option<u32>,
    /// Commanders by pool.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub commanders: BTreeMap<String, u32>,
    /// Siege trains.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub siege_trains: Option<u32>,
    /// Army counters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armies: Option<u32>,
}

/// `counters.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CountersFile {
    /// Nations by id.
    pub nations: BTreeMap<String, Item<Nation>>,
    /// Land unit types by id.
    #[serde(rename = "unit-types")]
    pub unit_types: BTreeMap<String, Item<UnitType>>,
    /// The legion.
    pub legion: Item<Legion>,
    /// Squadron types by id (`heavy`, `medium`, `light`).
    #[serde(rename = "squadron-types")]
    pub squadron_types: BTreeMap<String, Item<SquadronType>>,
    /// Transport capacities.
    pub transport: Item<Transport>,
    /// The Merchant fleet.
    pub merchant: Item<SpecialCounter>,
    /// The Siege Train.
    #[serde(rename = "siege-train")]
    pub siege_train: Item<SpecialCounter>,
    /// Named commanders by id.
    pub commanders: BTreeMap<String, Item<Commander>>,
    /// How Replacements are read.
    #[serde(rename = "replacement-note")]
    pub replacement_note: String,
    /// The Roman pools by id.
    #[serde(rename = "roman-pools")]
    pub roman_pools: BTreeMap<String, Item<Pool>>,
    /// Historical consuls by year.
    #[serde(rename = "historical-consuls")]
    pub historical_consuls: Item<BTreeMap<String, ConsulYear>>,
    /// Ambassadors.
    pub ambassadors: Item<Ambassadors>,
    /// Counter mix by nation.
    #[serde(rename = "counter-mix")]
    pub counter_mix: Item<BTreeMap<String, NationMix>>,
}

/// A cost or radius in half Movement Points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HalfMp {
    /// Half MP.
    pub half_mp: u32,
    /// The radius counts when exceeded (not reached).
    #[serde(default)]
    pub exceeded: bool,
}

/// A marking with no value of its own.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Marked {}

/// Fleet movement (Romans [5.43], [11.12]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fleets {
    /// Cost of a hex.
    pub per_hex: Item<HalfMp>,
    /// Hexes fleets may not enter.
    pub may_not_enter: Vec<String>,
    /// Hexsides fleets may not cross.
    pub may_not_cross: Vec<HexsideFeature>,
    /// Attrition on entering an all-sea hex.
    pub attrition_on_entering_all_sea: Item<Marked>,
    /// A fleet's allowance.
    pub allowance: Item<HalfMp>,
}

/// What a hexside feature does to zones and supply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideEffect {
    /// Land zones of interception stop there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zoi_blocked: Option<bool>,
    /// Supply paths stop there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply_blocked: Option<bool>,
    /// Naval zones stop there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub naval_zoi_blocked: Option<bool>,
    /// Closed by an enemy fleet in the hexside's `via` port.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub closed_by_enemy_fleet_in: Option<String>,
}

/// A movement surcharge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Action {
    /// Half MP.
    pub half_mp: u32,
    /// Must be available before entering the hex ([5.22]).
    #[serde(default)]
    pub must_have_before_entry: bool,
    /// May be paid again for another try.
    #[serde(default)]
    pub repeatable: bool,
}

/// A land zone of interception (Romans [6.1]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LandZone {
    /// Radius in hexes.
    pub radius: u32,
    /// A Force needs more than this many SSP.
    pub min_ssp_exclusive: u32,
    /// Needs a commander.
    pub needs_commander: bool,
    /// Not into an uncontrolled A/B city hex.
    pub not_into_uncontrolled_a_b_city: bool,
    /// Not from inside a city.
    pub not_from_inside_city: bool,
    /// The table rolled on.
    pub table: String,
}

/// A naval zone of interception (Romans [6.6]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NavalZone {
    /// Radius in hexes.
    pub radius: u32,
    /// Needs a commander.
    pub needs_commander: bool,
    /// Reaches through all-sea.
    pub through_all_sea: bool,
    /// The table rolled on.
    pub table: String,
}

/// Zones of interception.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Zones {
    /// Land.
    pub land: Item<LandZone>,
    /// Naval.
    pub naval: Item<NavalZone>,
    /// One attempt per hex entered.
    pub one_attempt_per_hex_entered: bool,
    /// One success per Campaign Phase.
    pub one_success_per_campaign_phase: bool,
    /// Where the last two come from.
    pub attempt_source: String,
}

/// A capacity: a number of SSP or `unlimited`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Capacity {
    /// At most this many SSP.
    Ssp(u32),
    /// `unlimited`.
    Word(String),
}

impl Capacity {
    /// The limit in SSP, None when unlimited.
    pub fn limit(&self) -> Option<u32> {
        match self {
            Capacity::Ssp(n) => Some(*n),
            Capacity::Word(_) => None,
        }
    }
}

/// Stacking (Romans [7.1]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stacking {
    /// Limit in a hex.
    pub hex_limit: Capacity,
    /// Limit inside a city, by class.
    pub inside_city_by_class: BTreeMap<String, Capacity>,
    /// Squadrons in a port.
    pub squadrons_in_port: Capacity,
}

/// `movement.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MovementFile {
    /// Fleet movement.
    pub fleets: Fleets,
    /// Hexside effects on zones and supply.
    #[serde(rename = "hexside-effects")]
    pub hexside_effects: BTreeMap<HexsideFeature, Item<HexsideEffect>>,
    /// Surcharges.
    pub actions: BTreeMap<String, Item<Action>>,
    /// Zones of interception.
    #[serde(rename = "zones-of-interception")]
    pub zones: Zones,
    /// Stacking.
    pub stacking: Item<Stacking>,
    /// Radii in MP.
    pub radii: BTreeMap<String, Item<HalfMp>>,
}

/// `numbers.yaml`: sections of numbers, each marked; typed as each rule comes to use them.
pub type NumbersFile = BTreeMap<String, BTreeMap<String, Item<Value>>>;

/// One line of the Turn Record Track: a Game-Turn or a Winter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TrackEntry {
    /// Game-Turn number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<String>,
    /// Year B.C.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<String>,
    /// Month.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub month: Option<String>,
    /// The consular year it belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consular_year: Option<String>,
    /// A Winter/Planning Turn (`200-199`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winter: Option<String>,
    /// The Game-Turn it follows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_turn: Option<String>,
    /// The consular year that begins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consular_year_begins: Option<String>,
}

/// A scenario's turn track.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioTurns {
    /// Years B.C.
    pub years: Vec<String>,
    /// Game-Turns (Winters not counted).
    pub game_turns: u32,
    /// The track.
    pub track: Vec<TrackEntry>,
}

/// `turns.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnsFile {
    /// The campaign months.
    pub months: Vec<String>,
    /// Months a Winter covers.
    pub winter_months: u32,
    /// Months a Game-Turn covers.
    pub game_turn_months: u32,
    /// The sequence of play (typed when the phases are built).
    pub sequence: Value,
    /// Track by scenario id.
    pub scenarios: BTreeMap<String, Item<ScenarioTurns>>,
}
