//! The orders of The Romans (the `orders:` of an order file): a Campaign Phase's moves, each a
//! commander's path with what he takes along and leaves behind (Romans [5.0], [5.13]) and an
//! optional Forced March declaration ([5.83]), an assault or a siege at its end ([13.24],
//! [13.43]); the Siege Phase's sieges; and the standing orders for decisions inside the
//! opponent's Campaign Phase: interception, retreats, losses, surrender terms ([6], [10], [9.51], [13.56]).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::games::conquerors::pause::Ask;

/// A Forced March declaration (Romans [5.83]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ForcedMarch {
    /// Extra hexes declared (not MP); the attrition roll uses this column even if fewer are
    /// used.
    pub extra_hexes: u32,
    /// The units that take the SSP lost, in order (infantry and missile only, [5.86] key);
    /// units not named take the rest in the order of their ids, reported as a default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses_from: Vec<String>,
}

/// One commander's move.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The commander who moves (his id: `philip-v`, `field-consul`, `tribune-III-1`).
    pub commander: String,
    /// Land units and commanders in his hex that move with him from the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub with: Vec<String>,
    /// The hexes he enters, in order (`CCRR`, quoted).
    pub path: Vec<String>,
    /// Hex of the path → units and commanders taken along there ([5.13]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub pick_up: BTreeMap<String, Vec<String>>,
    /// Hex of the path → units and commanders left there ([5.13]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub drop_off: BTreeMap<String, Vec<String>>,
    /// A Forced March ([5.8]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forced_march: Option<ForcedMarch>,
    /// End inside the friendly city of the last hex ([13.13], capacity [7.13]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inside: bool,
    /// The Syrian War, on the Macedonians map ([20.21], Macedonians [5.41]): the Force takes
    /// the Royal Persian Highway at its half point, and may then enter no enemy-occupied hex and
    /// no enemy A or B city this phase ([5.42]); `false` pays each hex's terrain. Default: true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub royal_road: Option<bool>,
    /// Assault the C or D city of the last hex ([13.24], [13.25]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assault: Option<Assault>,
    /// Besiege the city of the last hex: the roll comes in the next Siege Phase ([13.43]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub besiege: Option<Besiege>,
}

impl Move {
    /// Whether the move takes the Royal Persian Highway where there is one (the default).
    pub fn takes_highway(&self) -> bool {
        self.royal_road.unwrap_or(true)
    }
}

/// An assault on a C or D city at the end of a move (Romans [13.24]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Assault {
    /// The most tries, 4 MP each, while MP remain ([13.25]); default 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tries: Option<u32>,
    /// The units that lose the SSP of each NO, in order ([13.25]); the rest by id (default).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses_from: Vec<String>,
    /// Surrender terms offered first ([13.56]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parlay: Option<Terms>,
    /// What to do with the city if it falls ([13.51]); default: control it, kill the garrison.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_capture: Option<Capture>,
}

/// A siege laid at the end of a move (Romans [13.43]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Besiege {
    /// Surrender terms offered before the siege is laid ([13.56]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parlay: Option<Terms>,
}

/// What the captor does with a city taken ([13.26], [13.51]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Capture {
    /// Sack it for plunder ([13.53]) instead of controlling it; its garrison is sold into
    /// slavery (follow-up 13.6).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sack: bool,
    /// The garrison of a city controlled ([13.26] B, errata 13.26-B); default `kill`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub garrison: Option<GarrisonFate>,
}

/// The fate of a captured garrison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum GarrisonFate {
    /// Eliminated (back to the counter mix, errata 17.3).
    Kill,
    /// Set free to the nearest friendly city that can hold it ([13.26] B).
    Free,
    /// Sold into slavery: out of the game for good (errata 13.26-B).
    Slavery,
}

/// Surrender terms the engine enforces (Romans [13.56], ruling AMB-65).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Terms {
    /// The garrison goes free to the nearest friendly city ([13.26] B); otherwise the captor
    /// disposes of it by `on_capture`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub garrison_free: bool,
    /// The city is not sacked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_sack: bool,
    /// Talents the city's owner pays the attacker as tribute.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tribute: u32,
    /// Talents the attacker pays the city's owner.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub payment: u32,
}

/// The terms a player accepts for one of his cities (Romans [13.56]): every offer at least as
/// good is accepted.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Acceptable {
    /// Only if the garrison goes free.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub garrison_free: bool,
    /// Only if the city is not sacked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_sack: bool,
    /// The most tribute he pays.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub max_tribute: u32,
    /// The least payment he takes.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub min_payment: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One siege in the Siege Phase (Romans [13.43]): roll or not, and what to do with the city.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SiegeOrder {
    /// The besieged city (its name or hex).
    pub city: String,
    /// Roll this Siege Phase (default true); false keeps the siege without a roll, so the
    /// besiegers stay free to move (ruling AMB-26).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<bool>,
    /// The units that lose the besieger's SSP on a NO ([13.44]); the rest by id (default).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses_from: Vec<String>,
    /// Surrender terms offered before the roll ([13.56]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parlay: Option<Terms>,
    /// What to do with the city if it falls ([13.51]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_capture: Option<Capture>,
}

/// Orders for one step.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    /// The Campaign Phase's moves, in the order made ([5.0] procedure).
    #[serde(default)]
    pub moves: Vec<Move>,
    /// The Siege Phase's sieges ([4.1], [13.43]); a siege not named is rolled (default).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sieges: Vec<SiegeOrder>,
    /// A Winter/Planning Turn's orders ([4.2], `winter_orders.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winter: Option<super::winter_orders::WinterOrders>,
    /// The Mutual Diplomacy Phase's approach (errata 4.1, [16], `diplomacy.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub diplomacy: Option<super::diplomacy::DiplomacyOrders>,
    /// Naval Bases built now, before the moves ([17.33]: "at any point in the game"; 5 talents
    /// each, in friendly controlled ports, two standing at once): port names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub naval_bases: Vec<String>,
    /// Roman Encampments ([9.8], option `roman-encampment`): the commanders whose Forces pitch
    /// camp once the phase's moves are made (Rome only; a Force of legion size, 22 SSP or
    /// more, that marched no more than 10 MP this phase and made no Forced March). A camp
    /// stands until Rome's next Campaign Phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub encamp: Vec<String>,
    /// The answer to a decision the game paused for (`legatus template` lists the options):
    /// `intercept`, `pass`, `stand`, `retreat`, `into_city`, `fight_on` (`pause.rs`); a hex or
    /// `stop`, a unit's id, a naval spread (`pause_losses.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<String>,
    /// Macedon as a third player, in the orders of his first Campaign Phase only (Romans
    /// [20.29], ruling R-83): the side he takes for the rest of the game. Not given: the
    /// scenario's default (`neutral`), reported as a default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<MacedonSide>,
}

/// The side a third-player Macedon takes (Romans [20.29], ruling R-83).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum MacedonSide {
    /// At peace with Rome and Syria: no one's enemy, and no one enters the other's hexes.
    Neutral,
    /// Allied to Rome: Syria's enemy.
    Rome,
    /// Allied to Syria: Rome's enemy.
    Syria,
}

impl MacedonSide {
    /// The id stored in the state (`neutral`, `rome`, `syria`).
    pub fn id(self) -> &'static str {
        match self {
            MacedonSide::Neutral => "neutral",
            MacedonSide::Rome => "rome",
            MacedonSide::Syria => "syria",
        }
    }
}

/// Standing orders: the non-phasing player's answers, sent in advance, to the decisions the
/// rules give him inside his opponent's Campaign Phase (Romans [6.2], [10.1], [10.2], [10.3],
/// [5.72], [9.51]). Forces are named by the id of their commander in charge; the key `any`
/// answers for every Force not named. What is not set takes the default the rules engine
/// reports as a default (docs/romans-orders.md).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// Interception ([6.2], [6.55]): commander → the zones in which his Force tries to
    /// intercept an enemy Force entering them, or `ask` (the game pauses each time an enemy
    /// Force enters one of its zones and waits for his entry: intercept or pass). Not set: no
    /// interception (it is voluntary).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub intercept: BTreeMap<String, Ask<Intercept>>,
    /// When an enemy Force enters the hex of a Force of yours ([10.1], [5.72], [7.34]):
    /// commander (or `any`) → what it does. Not set: it stands (or, threatened by an
    /// overrun in a hex with a city of yours, goes inside), reported as a default. `ask`: the
    /// game pauses and waits for his entry, offering only what he may do there.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub when_attacked: BTreeMap<String, Ask<WhenAttacked>>,
    /// Retreat During Combat ([10.2]): commander (or `any`) → when his Force leaves a battle.
    /// Not set: it fights on until its Morale Level breaks, reported as a default. `ask`: the
    /// game pauses before each exchange the Force may leave at and waits for his entry.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub retreat_during_combat: BTreeMap<String, Ask<RetreatPolicy>>,
    /// Retreat and flight paths ([10.13], [10.31]): commander (or `any`) → hexes in order; a
    /// path that cannot be followed is cut where it fails and completed by the default (the
    /// cheapest hexes toward the nearest city of yours), reported as a default. `ask`: the
    /// game pauses at each hex of a land retreat or flight and offers the hexes that can be
    /// entered next (and `stop` where the retreat may end); a fleet's retreat is offered the
    /// friendly ports it can reach (`pause_losses.rs`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub retreat_path: BTreeMap<String, Ask<Vec<String>>>,
    /// Losses ([9.51], [10.23], [10.32], a siege's NO on a garrison [13.44], attrition [15]): unit
    /// ids in the order they take SSP (each contingent
    /// still losing in proportion, [9.66]); units not named lose in the order of their ids.
    /// `ask`: the game pauses at each SSP to take where more than one unit may take it (in a
    /// battle, a Retreat During Combat, a Pursuit), and before each unit an attrition roll
    /// starts on, and waits for the owner's entry naming the unit ([9.51], D-15).
    #[serde(default, skip_serializing_if = "no_order")]
    pub losses: Ask<Vec<String>>,
    /// City (name or hex) → the surrender terms accepted there ([13.56]); a city not named
    /// refuses every parlay (default).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub surrender: BTreeMap<String, Acceptable>,
    /// The battle plan for Major Land Battles on the Tactical Battle Display (option
    /// `tactical-battles`, Tactical [2]–[13]); not set: the bundled default plan, reported as
    /// such.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle_plan: Option<crate::games::conquerors::tactical::plan::BattlePlan>,
    /// Naval interception ([6.6], [6.7]): commander → the zones (1, 2) in which his fleet tries
    /// to intercept an enemy fleet entering them. Not set: no naval interception (it is
    /// voluntary), reported as a default.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub naval_intercept: BTreeMap<String, Intercept>,
    /// When an enemy fleet enters the hex of a fleet of yours ([11.13], [12.2]): commander (a
    /// Merchant's id for a Merchant alone, or `any`) → `stand` or `retreat` (Retreat Before
    /// Combat into a friendly port, along `retreat_path` or the nearest). Not set: it stands,
    /// reported as a default.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fleet_when_attacked: BTreeMap<String, FleetWhenAttacked>,
    /// Naval losses ([11.2] errata loss points, [15.4] attrition): squadron ids in the order
    /// they lose steps; the allocation still absorbs the most loss points, then the most steps
    /// (ruling AMB-03); squadrons not named lose in the default order (those carrying nothing
    /// first, then by id), reported as a default. Cargo lost with a reduced squadron ([12.15])
    /// follows `losses`.
    /// `ask`: the game pauses when the loss points may be spread in more than one way that
    /// absorbs the most points and removes the most steps, and offers those ways (AMB-03).
    #[serde(default, skip_serializing_if = "no_order")]
    pub naval_losses: Ask<Vec<String>>,
}

fn no_order(a: &Ask<Vec<String>>) -> bool {
    matches!(a, Ask::Given(v) if v.is_empty())
}

impl Standing {
    /// The standing `losses` order (none when it says `ask`).
    pub fn loss_order(&self) -> Vec<String> {
        self.losses.given().cloned().unwrap_or_default()
    }
    /// The standing `naval_losses` order (none when it says `ask`).
    pub fn naval_loss_order(&self) -> Vec<String> {
        self.naval_losses.given().cloned().unwrap_or_default()
    }
    /// The standing retreat path of the Force led by `chief` (or `any`); none when it says
    /// `ask` or is not set.
    pub fn path_for(&self, chief: Option<&str>) -> Vec<String> {
        super::combat::standing_for(&self.retreat_path, chief)
            .and_then(|p| p.given().cloned())
            .unwrap_or_default()
    }
    /// The Force led by `chief` has its retreat path decided in person.
    pub fn asks_path(&self, chief: Option<&str>) -> bool {
        super::combat::standing_for(&self.retreat_path, chief).is_some_and(Ask::asks)
    }
}

/// What a fleet does when an enemy fleet enters its hex ([11.13]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FleetWhenAttacked {
    /// Stay and fight.
    Stand,
    /// Retreat Before Combat into a friendly port within 20 MP ([11.13]).
    Retreat,
}

pub use crate::games::conquerors::decisions::{Intercept, RetreatPolicy, WhenAttacked};
