//! The state of a game of The Macedonians: the Game-Turn and phase, every counter where it
//! stands (commanders, land units with their SSP, squadrons, the Siege Train), the cities and
//! who controls each, the Cilician Gates, and what has moved in the current Campaign Phase. The
//! pack and maps are pinned by their hash in the header and not repeated here.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::data::model::GameTurn;
use super::data::Pack;
use crate::games::conquerors::data::Pack as Maps;
use crate::games::conquerors::force::{Commander, LandUnit, Position, Squadron};
use crate::geo::{Hex, HexMap};

/// The two players' ids.
pub const PERSIAN: &str = "persian";
/// The Macedonian player's id.
pub const MACEDONIAN: &str = "macedonian";

/// The hex string of a counter standing in the Susa Box (19.32), off the map's grid.
pub const SUSA_BOX: &str = "susa-box";

/// Where the game is in the sequence of play (Macedonians [4.2]): the Persian Player-Turn's
/// three phases, then the Macedonian's six.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// A1: the Persian moves and fights.
    PersianCampaign,
    /// A2: the Persian's supply and attrition.
    PersianSupply,
    /// A3: the Cilician Gates Garrison Table.
    CilicianGarrison,
    /// B1: the Macedonian's sieges.
    MacedonianSiege,
    /// B2: the Macedonian moves and fights.
    MacedonianCampaign,
    /// B3: the Macedonian's supply and attrition.
    MacedonianSupply,
    /// B4: defected Persian fleets leave the map.
    FleetDefection,
    /// B5: the Macedonian appoints satraps.
    SatrapAppointment,
    /// The last Game-Turn is over.
    Over,
}

impl Phase {
    /// The phasing player, if a player's phase.
    pub fn side(self) -> Option<&'static str> {
        match self {
            Phase::PersianCampaign | Phase::PersianSupply | Phase::CilicianGarrison => {
                Some(PERSIAN)
            }
            Phase::Over => None,
            _ => Some(MACEDONIAN),
        }
    }
    /// The phase in words, as the sequence outline names it.
    pub fn words(self) -> &'static str {
        match self {
            Phase::PersianCampaign => "Persian Campaign Phase",
            Phase::PersianSupply => "Persian Supply and Attrition Phase",
            Phase::CilicianGarrison => "Cilician Garrison Phase",
            Phase::MacedonianSiege => "Macedonian Siege Phase",
            Phase::MacedonianCampaign => "Macedonian Campaign Phase",
            Phase::MacedonianSupply => "Macedonian Supply and Attrition Phase",
            Phase::FleetDefection => "Fleet Defection Phase",
            Phase::SatrapAppointment => "Satrap Appointment Phase",
            Phase::Over => "game over",
        }
    }
}

/// A city the rules use, and who controls it (13.3: the last side to have a unit in it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CityState {
    /// Its hex.
    pub hex: String,
    /// The controlling side.
    pub control: String,
}

/// What a commander did in the current Campaign Phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moved {
    /// MP spent, in half MP.
    pub spent: u32,
    /// Steps on the Royal Persian Highway at its rate (5.42).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub highway: u32,
    /// Extra MP of a Forced March (5.8).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub forced: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A step of the sequence the engine cannot resolve yet: the game stops there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Halt {
    /// The rule sections it needs.
    pub rule: String,
    /// What is due, in words.
    pub due: String,
}

/// The whole state.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct State {
    /// Scenario id.
    pub scenario: String,
    /// The players in their order (the Persian first, 4.2).
    pub players: Vec<String>,
    /// Index of the current Game-Turn on the track (0 = Game-Turn 1).
    pub turn: usize,
    /// Phase.
    pub phase: Phase,
    /// Commanders in play, by id.
    pub commanders: BTreeMap<String, Commander>,
    /// Land units in play, by id.
    pub units: BTreeMap<String, LandUnit>,
    /// Squadrons in play, by id.
    pub squadrons: BTreeMap<String, Squadron>,
    /// Where the Siege Train stands (None: destroyed, 14.24).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub siege_train: Option<Position>,
    /// Land units carried by a squadron: unit → squadron (12.13).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub aboard: BTreeMap<String, String>,
    /// The cities by name.
    pub cities: BTreeMap<String, CityState>,
    /// Who controls the Cilician Gates (A-12: the last side with a land unit there).
    pub gates: String,
    /// The Macedonian has held the Gates: the Cilician Garrison Phase is over for good (5.56).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub gates_gained: bool,
    /// The Macedonian Command Replacement Pool (8.83): commanders not yet in play.
    #[serde(default)]
    pub pool: BTreeSet<String>,
    /// Commanders moved this Campaign Phase ([5.0] procedure: none moves twice).
    #[serde(default)]
    pub moved: BTreeMap<String, Moved>,
    /// Units moved this Campaign Phase and the commander who moved them ([5.23]).
    #[serde(default)]
    pub committed: BTreeMap<String, String>,
    /// Units and commanders at each one's start of the Campaign Phase: hex (5.8).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub phase_start: BTreeMap<String, String>,
    /// Satrapies the Macedonian controlled when the Game-Turn began (15.43: a satrap is
    /// appointed in the Game-Turn control is gained).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub satrapies_at_turn_start: BTreeSet<String>,
    /// Where the game stops: a phase or event whose rules this engine does not resolve yet
    /// (rule, what is due).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub halt: Option<Halt>,
    /// How the game ended, once the last Game-Turn is over (Macedonians [21.2]); absent before,
    /// so states before the end are as they were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<super::victory::Outcome>,
    /// Land units eliminated, by id (19.42: never levied again).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub eliminated: BTreeMap<String, LandUnit>,
    /// What land combat leaves between moves and phases (`battle.rs`).
    #[serde(default, skip_serializing_if = "super::record::CombatState::is_empty")]
    pub combat: super::record::CombatState,
    /// SSP away on the honeymoon, by the unit they left (19.2).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub honeymoon: BTreeMap<String, u32>,
    /// Squadrons disbanded, by id, each at the Port where it disbanded (12.22, 16.2).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub disbanded: BTreeMap<String, Squadron>,
    /// Options chosen at `new`.
    #[serde(default)]
    pub options: Vec<String>,
    /// Hash of the pack in use.
    pub data_hash: String,
    /// The Macedonians pack (pinned by the header; not in the state).
    #[serde(skip, default = "embedded_pack")]
    pub pack: Arc<Pack>,
    /// The Conquerors maps.
    #[serde(skip, default = "embedded_maps")]
    pub maps: Arc<Maps>,
    /// The game's map as The Macedonians uses it, indexed once.
    #[serde(skip, default = "embedded_hexmap")]
    pub hexmap: Arc<HexMap>,
}

fn embedded_hexmap() -> Arc<HexMap> {
    Arc::new(hexmap_of(&embedded_pack(), &embedded_maps()))
}

/// The map of `pack`'s scenario as The Macedonians uses it (Antioch, Pergamum and Lysimachae
/// absent, 13.0).
pub fn hexmap_of(pack: &Pack, maps: &Maps) -> HexMap {
    maps.map_for(&pack.scenario.map, "macedonians")
        .expect("the pack's map is checked to exist")
}

fn embedded_pack() -> Arc<Pack> {
    Arc::new(super::data::load_embedded().expect("embedded Macedonians pack is valid"))
}

fn embedded_maps() -> Arc<Maps> {
    Arc::new(
        crate::games::conquerors::data::load_embedded().expect("embedded Conquerors pack is valid"),
    )
}

impl State {
    /// The map id of the game.
    pub fn map_id(&self) -> &str {
        &self.pack.scenario.map
    }
    /// The map as The Macedonians uses it (Antioch, Pergamum and Lysimachae absent, 13.0).
    pub fn map(&self) -> Arc<HexMap> {
        self.hexmap.clone()
    }
    /// The current Game-Turn's box of the track.
    pub fn game_turn(&self) -> Option<&GameTurn> {
        self.pack.track().nth(self.turn)
    }
    /// A Winter Game-Turn (17.2).
    pub fn winter(&self) -> bool {
        self.game_turn().is_some_and(|t| t.winter)
    }
    /// The current Game-Turn in words: `Apr-May 334 B.C. (Game-Turn 1 of 26)`.
    pub fn turn_words(&self) -> String {
        let n = self.pack.track().count();
        match self.game_turn() {
            Some(t) => format!(
                "{} {} B.C. (Game-Turn {} of {n})",
                t.months.as_deref().unwrap_or("Winter"),
                t.year,
                t.turn
            ),
            None => "after the last Game-Turn".into(),
        }
    }
    /// The Game-Turn number as printed.
    pub fn turn_number(&self) -> String {
        self.game_turn()
            .map(|t| t.turn.clone())
            .unwrap_or_else(|| (self.turn + 1).to_string())
    }
    /// Land units in a hex (inside and outside its city).
    pub fn units_at<'a>(
        &'a self,
        hex: &'a str,
    ) -> impl Iterator<Item = (&'a String, &'a LandUnit)> + 'a {
        self.units.iter().filter(move |(_, u)| u.at.hex == hex)
    }
    /// Commanders in a hex.
    pub fn commanders_at<'a>(
        &'a self,
        hex: &'a str,
    ) -> impl Iterator<Item = (&'a String, &'a Commander)> + 'a {
        self.commanders.iter().filter(move |(_, c)| c.at.hex == hex)
    }
    /// Squadrons in a hex.
    pub fn squadrons_at<'a>(
        &'a self,
        hex: &'a str,
    ) -> impl Iterator<Item = (&'a String, &'a Squadron)> + 'a {
        self.squadrons.iter().filter(move |(_, q)| q.at.hex == hex)
    }
    /// The city in a hex, by name.
    pub fn city_at(&self, hex: Hex) -> Option<(&String, &CityState)> {
        let h = hex.to_string();
        self.cities.iter().find(|(_, c)| c.hex == h)
    }
    /// The controller of the city `name`.
    pub fn controller(&self, city: &str) -> Option<&str> {
        self.cities.get(city).map(|c| c.control.as_str())
    }
    /// The satrapies `side` controls.
    pub fn satrapies_of(&self, side: &str) -> BTreeSet<String> {
        self.pack
            .places
            .satrapies
            .keys()
            .filter(|s| self.satrapy_controller(s) == side)
            .cloned()
            .collect()
    }
    /// The side controlling satrapy `id` (15.11: whoever controls its capital; a satrapy with
    /// no capital stays with the side that held it at the start, 20.3).
    pub fn satrapy_controller(&self, id: &str) -> &str {
        let s = self.pack.places.satrapies.get(id);
        match s.and_then(|s| s.capital.as_deref()) {
            Some(cap) => self.controller(cap).unwrap_or(PERSIAN),
            None => {
                let mac = &self.pack.scenario.control.macedonian.satrapies;
                if mac.iter().any(|x| x == id) {
                    MACEDONIAN
                } else {
                    PERSIAN
                }
            }
        }
    }
    /// The satrapy a hex lies in (15.14: none for the islands and a few edge hexes).
    pub fn satrapy_of(&self, map: &HexMap, h: Hex) -> Option<String> {
        map.hex(h)?
            .regions
            .iter()
            .find(|r| self.pack.places.satrapies.contains_key(*r))
            .cloned()
    }
    /// A land unit's type in the pack.
    pub fn unit_type(&self, id: &str) -> Option<&super::data::model::UnitType> {
        self.units
            .get(id)
            .and_then(|u| self.pack.unit_type(&u.kind))
    }
    /// The commander's counter data.
    pub fn commander_data(&self, id: &str) -> Option<&super::data::model::Commander> {
        self.pack.counters.commanders.get(id).map(|c| &c.item)
    }
    /// The commander's Strategic Rating.
    pub fn rating(&self, id: &str) -> Option<u8> {
        self.commander_data(id).map(|c| c.rating)
    }
    /// The commander's name for people.
    pub fn commander_name(&self, id: &str) -> String {
        self.commander_data(id)
            .map(|c| c.name.clone())
            .unwrap_or_else(|| id.to_string())
    }
    /// The land unit's name for people.
    pub fn unit_name(&self, id: &str) -> String {
        self.units
            .get(id)
            .and_then(|u| u.label.clone())
            .unwrap_or_else(|| id.to_string())
    }
    /// The Siege Train stands in `hex`.
    pub fn siege_train_at(&self, hex: &str) -> bool {
        self.siege_train.as_ref().is_some_and(|p| p.hex == hex)
    }
}
