//! The state of a game of The Romans: the turn and phase, every counter where it stands
//! (commanders, land units and legions with their SSP, squadrons), the cities with their class
//! and control, the treasuries, the allies on the Alliance Table, and what has moved in the
//! current Campaign Phase. The pack and maps are pinned by their hash in the header and not
//! repeated here.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::data::Pack;
use crate::games::conquerors::data::Pack as Maps;
use crate::games::conquerors::force::{Commander, LandUnit, Position, Squadron};
use crate::geo::hexmap::CityClass;
use crate::geo::{Hex, HexKey, HexMap};

/// Where the game is in the sequence of play (Romans [4.1]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// A player's Campaign Phase (movement, [5]).
    Campaign {
        /// The phasing player.
        side: String,
    },
    /// The Winter/Planning Turn ([4.2]): `winter.rs`, its details in [`State::winter`].
    Winter,
    /// The last Game-Turn is over.
    Over,
}

/// A city on the map.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CityState {
    /// Name.
    pub name: String,
    /// Class (Romans [13.1]).
    pub class: CityClass,
    /// Where.
    pub at: Position,
    /// The player controlling it (None: uncontrolled, [13.52]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub control: Option<String>,
    /// The ally whose home city it is ([20.15]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ally: Option<String>,
    /// Sacked: for the rest of the game no city, base or port ([13.54]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sacked: bool,
}

/// An ally on the Alliance Table ([16.2]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AllyState {
    /// The player it leans to (None: the middle column).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toward: Option<String>,
    /// Levels toward that player.
    pub points: u32,
    /// The player it is actively allied with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<String>,
    /// Allied to a player for the whole game ([20.14]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permanent: Option<String>,
}

/// What a commander did in the current Campaign Phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moved {
    /// Allowance spent (half MP).
    pub spent: u32,
    /// Forced March hexes used.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub forced: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The whole state.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct State {
    /// Scenario id.
    pub scenario: String,
    /// The players, in the order they move ([4.0]).
    pub players: Vec<String>,
    /// Index of the current Game-Turn on the scenario's track (0 = the first).
    pub turn: usize,
    /// Phase.
    pub phase: Phase,
    /// Treasuries in talents ([17.5]).
    pub treasury: BTreeMap<String, u32>,
    /// Commanders by id.
    pub commanders: BTreeMap<String, Commander>,
    /// Land units by id.
    pub units: BTreeMap<String, LandUnit>,
    /// Squadrons and Merchant fleets by id.
    pub squadrons: BTreeMap<String, Squadron>,
    /// Cities by `map:hex`.
    pub cities: BTreeMap<String, CityState>,
    /// Allies by id.
    pub allies: BTreeMap<String, AllyState>,
    /// Pool counters already drawn (out of their cups, [18]).
    #[serde(default)]
    pub drawn: BTreeSet<String>,
    /// Commanders moved this Campaign Phase ([5.0] procedure: none moves twice).
    #[serde(default)]
    pub moved: BTreeMap<String, Moved>,
    /// Units moved this Campaign Phase and the commander who moved them ([5.23]).
    #[serde(default)]
    pub committed: BTreeMap<String, String>,
    /// Options chosen at `new`.
    #[serde(default)]
    pub options: Vec<String>,
    /// Retreats, Disruption, interceptions and battles of the phase ([6], [9], [10]).
    #[serde(default)]
    pub combat: super::combat::CombatState,
    /// Sieges under way by city key ([13.4]; `siege.rs`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sieges: BTreeMap<String, super::siege::Siege>,
    /// The side whose Siege Phase comes before its Campaign Phase ([4.1]; `siege.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub siege_phase: Option<String>,
    /// Commanders whose Force has paid its supply talent this Campaign Phase ([14.21]).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub supply_paid: BTreeSet<String>,
    /// Garrisons sold into slavery: out of the game and the counter mix (errata 13.26-B,
    /// follow-up 13.6).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub enslaved: BTreeMap<String, LandUnit>,
    /// The Winter/Planning Turn in progress ([4.2], `winter.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winter: Option<super::winter::WinterState>,
    /// Victory Points earned and the result ([19], `victory.rs`).
    #[serde(default)]
    pub victory: super::victory::Ledger,
    /// The Senate's records between Winters ([18], `senate.rs`).
    #[serde(default)]
    pub senate: super::senate::SenateState,
    /// Game-Turns this Campaign Year an enemy fleet blockaded each Roman revenue source, by
    /// city name ([17.15]: two cut its revenue for the Winter); the naval rules count them.
    #[serde(default)]
    pub blockades: BTreeMap<String, u32>,
    /// Diplomacy's records: the Mutual Diplomacy Phase done, ambassadors played, allies placed
    /// ([16], `diplomacy.rs`).
    #[serde(default)]
    pub diplomacy: super::diplomacy::DiplomacyState,
    /// Commanders fallen and Replacements serving ([8.6], `replacements.rs`).
    #[serde(default)]
    pub replacements: super::replacements::ReplacementState,
    /// Naval Bases built (Romans [17.33]): city key (`map:hex`) → the side that built it; the
    /// printed ones are on the map.
    #[serde(default)]
    pub built_bases: BTreeMap<String, String>,
    /// The naval rules' records: cargo aboard, attacks, landings (Romans [11], [12],
    /// `fleets.rs`).
    #[serde(default, skip_serializing_if = "super::fleets::NavalState::is_empty")]
    pub naval: super::fleets::NavalState,
    /// A Campaign Phase stopped at a decision its owner asked to take in person, and its
    /// continuation (`pause.rs`, `conquerors::pause`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused: Option<Box<super::pause::RomansPaused>>,
    /// While a Campaign Phase resolves: the answers given in person so far (never in a state
    /// between entries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asking: Option<crate::games::conquerors::pause::Asking>,
    /// Roman camps pitched in Rome's last Campaign Phase ([9.8], option `roman-encampment`,
    /// `encampment.rs`): `map:hex` → the commander whose Force is encamped there.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub encamped: BTreeMap<String, String>,
    /// The side a third-player Macedon took in his first orders (Romans [20.29], ruling
    /// `rome`, `syria` or `neutral`; None until then (the scenario's default,
    /// [`State::macedon_side`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub macedon_side: Option<String>,
    /// Hash of the pack in use.
    pub data_hash: String,
    /// The Romans pack (pinned by the header; not in the state).
    #[serde(skip, default = "embedded_pack")]
    pub pack: Arc<Pack>,
    /// The Conquerors maps.
    #[serde(skip, default = "embedded_maps")]
    pub maps: Arc<Maps>,
    /// The Tactical Battle System pack (pinned by the header; not in the state).
    #[serde(skip, default = "embedded_tactical")]
    pub tactical: Arc<crate::games::conquerors::tactical::data::Pack>,
    /// The scenario's water, built once from the maps (`fleets::waters`).
    #[serde(skip)]
    pub waters: Arc<std::sync::OnceLock<crate::games::conquerors::sea::Waters>>,
    /// Memo of the Naval Base reach by the bases measured from (`naval_bases::reach`): a pure
    /// function of the maps, shared by clones.
    #[serde(skip)]
    pub reach_memo: Arc<std::sync::Mutex<ReachMemo>>,
}

fn embedded_pack() -> Arc<Pack> {
    Arc::new(super::data::load_embedded().expect("embedded Romans pack is valid"))
}

/// The embedded Tactical Battle System pack.
/// Parsed once per process and shared (issue 15: every set-up asked for it).
pub fn embedded_tactical() -> Arc<crate::games::conquerors::tactical::data::Pack> {
    static SHARED: std::sync::OnceLock<Arc<crate::games::conquerors::tactical::data::Pack>> =
        std::sync::OnceLock::new();
    SHARED
        .get_or_init(|| {
            Arc::new(
                crate::games::conquerors::tactical::data::load_embedded()
                    .expect("embedded Tactical pack is valid"),
            )
        })
        .clone()
}

fn embedded_maps() -> Arc<Maps> {
    crate::games::conquerors::data::embedded_shared().expect("embedded Conquerors pack is valid")
}

/// Naval Base reach memoised by the bases it is measured from (`naval_bases::reach`).
pub type ReachMemo = BTreeMap<Vec<HexKey>, Arc<BTreeMap<HexKey, u32>>>;

/// The key of a city: `map:hex`.
pub fn city_key(map: &str, hex: &str) -> String {
    format!("{map}:{hex}")
}

/// How two owners stand to each other (Romans [20.29], ruling R-83).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relation {
    /// The same player.
    Same,
    /// A third-player Macedon and the player he sided with: neither is the other's enemy.
    Allied,
    /// A neutral third-player Macedon and Rome or Syria: at peace; neither enters a hex the
    /// other holds (`macedon_side.rs`).
    AtPeace,
    /// Enemies.
    Hostile,
}

/// The player of [20.29]'s third side.
pub const MACEDON: &str = "macedon";

impl State {
    /// Whether Macedon plays as a third player (Romans [20.29], option
    /// `macedon-third-player`); in every other game there are two owners, always enemies.
    pub fn macedon_plays(&self) -> bool {
        self.options
            .iter()
            .any(|o| o == super::setup::MACEDON_PLAYS)
            && self.players.iter().any(|p| p == MACEDON)
    }
    /// The side a third-player Macedon is on (Romans [20.29]): his choice, or until he makes
    /// it the scenario's default (`macedon-side`, neutral); None when Macedon does not play.
    pub fn macedon_side(&self) -> Option<String> {
        if !self.macedon_plays() {
            return None;
        }
        Some(
            self.macedon_side
                .clone()
                .unwrap_or_else(|| self.macedon_default()),
        )
    }
    /// The scenario data's default side for Macedon (`options: macedon-side: default`).
    pub fn macedon_default(&self) -> String {
        self.pack
            .scenarios
            .get(&self.scenario)
            .and_then(|s| s.options.get("macedon-side"))
            .and_then(|o| o.item.default.as_str().map(str::to_string))
            .unwrap_or_else(|| "neutral".into())
    }
    /// How owners `a` and `b` (players' ids, as in `side` and `control`) stand (Romans
    /// [20.29], ruling R-83).
    pub fn relation(&self, a: &str, b: &str) -> Relation {
        if a == b {
            return Relation::Same;
        }
        let other = match (a, b) {
            (MACEDON, o) | (o, MACEDON) => o,
            _ => return Relation::Hostile,
        };
        match self.macedon_side() {
            Some(s) if s == other => Relation::Allied,
            Some(s) if s == "neutral" => Relation::AtPeace,
            _ => Relation::Hostile,
        }
    }
    /// Romans [20.29] (ruling R-83): whether owners `a` and `b` are enemies — they are unless
    /// they are the same player, or one is a third-player Macedon allied to the other or
    /// neutral. Every enemy test of the rules (enemy-occupied hexes, blockades, supply, cities
    /// that close a road, interception, battles) asks this.
    pub fn hostile(&self, a: &str, b: &str) -> bool {
        self.relation(a, b) == Relation::Hostile
    }
    /// Romans [20.29]: whether `a` and `b` are the same player or allies by Macedon's choice.
    pub fn friends(&self, a: &str, b: &str) -> bool {
        matches!(self.relation(a, b), Relation::Same | Relation::Allied)
    }

    /// Takes commander `id` off the map (killed, recalled, replaced by the Senate, gone with
    /// an ally): out of the commanders and out of any ship that carried him ([12.12]), so
    /// no later commander of the same id is taken to be aboard.
    pub fn remove_commander(&mut self, id: &str) -> Option<Commander> {
        self.naval.aboard.remove(id);
        self.commanders.remove(id)
    }

    /// The map `id` as The Romans uses it.
    pub fn map(&self, id: &str) -> Option<Arc<HexMap>> {
        self.maps.indexed(id, "romans")
    }
    /// The current Game-Turn's track entry.
    pub fn track(&self) -> Vec<&super::data::model::TrackEntry> {
        let id = &self.pack.scenarios[&self.scenario].turns;
        self.pack.turns.scenarios[id]
            .track
            .iter()
            .filter(|t| t.turn.is_some())
            .collect()
    }
    /// The current Game-Turn in words: `September 200 B.C. (Game-Turn 1 of 26)`.
    pub fn turn_words(&self) -> String {
        let track = self.track();
        match track.get(self.turn) {
            Some(t) => {
                let month = t.month.clone().unwrap_or_default();
                let mut m = month.chars();
                let month = match m.next() {
                    Some(c) => c.to_uppercase().chain(m).collect::<String>(),
                    None => month,
                };
                format!(
                    "{month} {} B.C. (Game-Turn {} of {})",
                    t.year.clone().unwrap_or_default(),
                    t.turn.clone().unwrap_or_default(),
                    track.len()
                )
            }
            None => "after the last Game-Turn".into(),
        }
    }
    /// The Game-Turn number as printed (`1`…`26`).
    pub fn turn_number(&self) -> String {
        self.track()
            .get(self.turn)
            .and_then(|t| t.turn.clone())
            .unwrap_or_else(|| (self.turn + 1).to_string())
    }
    /// The city in a hex.
    pub fn city_at(&self, map: &str, hex: Hex) -> Option<&CityState> {
        self.cities.get(&city_key(map, &hex.to_string()))
    }
    /// Land units in a hex (inside and outside its city).
    pub fn units_at<'a>(
        &'a self,
        map: &'a str,
        hex: &'a str,
    ) -> impl Iterator<Item = (&'a String, &'a LandUnit)> + 'a {
        self.units
            .iter()
            .filter(move |(_, u)| u.at.map == map && u.at.hex == hex)
    }
    /// The commander's Strategic Rating, when his counter is known.
    pub fn rating(&self, id: &str) -> Option<u8> {
        if self.replacements.replaced.contains(id) {
            return super::replacements::replacement_rating(self, id);
        }
        let c = self.commanders.get(id)?;
        let counter = c.counter.as_ref()?;
        if let Some(n) = self.pack.counters.commanders.get(counter) {
            return Some(n.rating);
        }
        let pool = c.pool.as_ref()?;
        self.pack
            .counters
            .roman_pools
            .get(pool)?
            .counters
            .get(counter)
            .map(|p| p.rating)
    }
    /// The commander's name for people: his counter's name, or his office while untried.
    pub fn commander_name(&self, id: &str) -> String {
        let Some(c) = self.commanders.get(id) else {
            return id.to_string();
        };
        if let Some(counter) = &c.counter {
            if let Some(n) = self.pack.counters.commanders.get(counter) {
                return n.name.clone();
            }
            if let Some(p) = c
                .pool
                .as_ref()
                .and_then(|p| self.pack.counters.roman_pools.get(p))
                .and_then(|p| p.counters.get(counter))
            {
                return p.name.clone();
            }
        }
        match &c.office {
            Some(o) => format!("untried {o}"),
            None => format!(
                "untried {}",
                c.pool.clone().unwrap_or_default().trim_end_matches('s')
            ),
        }
    }
}
