//! The strategic game state (Alexandros 2–17): where every counter is, province control,
//! depletion, walls, objectives, replacement points, the turn and the phase. Only `BTreeMap`,
//! no floats, so the canonical serialisation (and the state hash) is deterministic.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::battle::BattleState;
use super::data::{self, Pack, Side};
use super::minor_combat::MinorCombat;
use super::sequence::Phase;

/// Where a unit or leader is.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    /// In the field in a province.
    Province(String),
    /// Inside a walled city as its city garrison (6.2, 11.2).
    City(String),
    /// Replacement pool / dead pile: the two are one (3.2, 12.4).
    Pool,
    /// Waiting on the Turn Record Track (13.1).
    Track,
    /// Set aside (3.2: "0" leaders; 14.2 Spartans; 14.3 raiders).
    SetAside,
    /// Out of the game (withdrawn 13.2, killed leader 10.16).
    Removed,
    /// Captured leader (15.6, 15.7).
    Captured,
}

/// One combat unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitState {
    /// Who controls it now (Greek Mercenaries go to their buyer, 12.7).
    pub owner: Side,
    /// Where it is.
    pub place: Place,
    /// Steps remaining (full strength = the number of steps of its counter data).
    pub steps: u8,
    /// Moved this turn (8.1: one province per leader move; 8.4 pick-ups).
    #[serde(default)]
    pub moved: bool,
}

/// One leader.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderState {
    /// Who controls him.
    pub owner: Side,
    /// Where he is.
    pub place: Place,
    /// Wounded (reduced) side up (10.16, 12.9).
    pub wounded: bool,
    /// Moved this turn (8.1).
    #[serde(default)]
    pub moved: bool,
}

/// Which force of its side a counter belongs to (Alexandros 6.3, 14.3): Indian and Barbarian
/// (or Arab) units never join other Persian-side units in one force.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Host {
    /// The side's main forces (every Macedonian counter; Persians, Greek Mercenaries, Spartans).
    #[default]
    Main,
    /// Indian units and leaders.
    Indian,
    /// Barbarian and Arab raiders.
    Raiders,
}

/// Where one side's forces meet in a province for the Combat Phase (9.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatAt {
    /// Province.
    pub province: String,
    /// The Persian-side force fighting there (6.3).
    pub host: Host,
}

/// Control of a province (Alexandros 5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ctl {
    /// 5.2.
    Independent,
    /// 5.3, 5.4.
    Macedonian,
    /// 5.4.
    Persian,
}

/// Walls of one city: how many markers and whose colours (3.2, 3.3, 12.5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Walls {
    /// Number of wall markers (at most 5, 6.4).
    pub count: u8,
    /// Whose colours they show.
    pub side: Side,
}

/// The whole game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct State {
    /// The data pack (pinned in the header by its hash; not repeated in the state).
    #[serde(skip, default = "embedded_pack")]
    pub pack: Arc<Pack>,
    /// SHA-256 of the pack in use.
    pub data_hash: String,
    /// Turn index 1–46 (Spring 334 = 1).
    pub turn: u8,
    /// The phase and what it waits for.
    pub phase: Phase,
    /// Combat units by code.
    pub units: BTreeMap<String, UnitState>,
    /// Leaders by name.
    pub leaders: BTreeMap<String, LeaderState>,
    /// Underlying loyalty of each province (5.4: it survives contesting).
    pub control: BTreeMap<String, Ctl>,
    /// Depleted provinces (7.2); Desert/Wilderness ones are depleted without a marker (7.6).
    pub depleted: BTreeSet<String>,
    /// Walls by city.
    pub walls: BTreeMap<String, Walls>,
    /// Objectives secured by the Macedonian (15).
    pub objectives: BTreeSet<String>,
    /// Replacement points to spend this turn, by side (12.1; never banked).
    pub replacement_points: BTreeMap<Side, u32>,
    /// Indian units activated (3.3).
    pub indians_active: bool,
    /// Turn Alexander first entered Egypt (15.4: Alexandria exists from the next turn).
    pub alexandria_from: Option<u8>,
    /// Provinces whose combat is still to resolve this Combat Phase, in order (9.1).
    pub combat_queue: Vec<CombatAt>,
    /// The minor combat being resolved (may wait for a decision).
    pub minor: Option<MinorCombat>,
    /// The tactical battle handed to the Tactical Display.
    pub battle: Option<BattleState>,
    /// Sieges declared for this turn's Siege Phase, by besieging side (11.1).
    pub sieges: BTreeMap<Side, Vec<super::siege::SiegeDecl>>,
    /// Sieges of this turn's Siege Phase still to resolve (11).
    pub siege_queue: Vec<super::siege::SiegeDecl>,
    /// Optional rules chosen at `new` (17, 12.11).
    pub options: Vec<String>,
    /// Units that took part in a combat this turn (12.11).
    pub fought: BTreeSet<String>,
    /// Cities where Alexander was wounded leading a siege (17.2).
    pub fury: BTreeSet<String>,
    /// Cities that have had their surrender roll (17.5).
    pub surrender_tried: BTreeSet<String>,
    /// Turn the Macedonians first took a Persian capital (12.8).
    pub capital_taken: Option<u8>,
    /// Turn a Macedonian unit first entered Upper or Lower India (12.8).
    pub india_entered: Option<u8>,
    /// Provinces laid waste by Scorched Earth: depleted for good (17.1).
    pub scorched: BTreeSet<String>,
    /// Scorched Earth ordered for the next Supply Phase (17.1).
    pub scorch_orders: Vec<String>,
    /// Units and leaders that may not move in the next Macedonian movement phase (17.4).
    pub frozen: BTreeSet<String>,
    /// Cities whose siege has begun (17.5: no surrender roll afterwards).
    pub besieged: BTreeSet<String>,
    /// Surrender rolls declared for this turn's Siege Phase (17.5).
    pub surrender_rolls: Vec<String>,
    /// Units that have taken part in a siege this turn (6.3: one siege each).
    pub siege_used: BTreeSet<String>,
    /// Units that evaded into a contested province this turn and sit the combat out (9.2).
    pub evaded: BTreeSet<String>,
    /// Victory: who won and how, once the game is over (16).
    pub outcome: Option<String>,
    /// A Spartan Revolt has happened (14.2).
    pub spartan_revolt: bool,
    /// Darius has left the board and Bessus waits to be placed as Great King (15.6).
    #[serde(default)]
    pub bessus_due: bool,
    /// Where each raid counter on the map came from (14.3; 9.3: evading barbarians only go home).
    #[serde(default)]
    pub raid_origin: BTreeMap<String, String>,
    /// Events raised inside helpers, handed to the report at the end of the step.
    #[serde(skip)]
    pub pending_events: Vec<crate::ruleset::Event>,
}

fn embedded_pack() -> Arc<Pack> {
    Arc::new(data::load_embedded().expect("embedded pack is valid"))
}

/// The other side.
pub fn enemy(side: Side) -> Side {
    match side {
        Side::Macedonian => Side::Persian,
        _ => Side::Macedonian,
    }
}

/// Kebab name of a side (`macedonian`, `persian`).
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Macedonian => "macedonian",
        Side::Persian => "persian",
        Side::Mercenary => "mercenary",
    }
}

/// Parses a side name.
pub fn parse_side(s: &str) -> Option<Side> {
    match s {
        "macedonian" => Some(Side::Macedonian),
        "persian" => Some(Side::Persian),
        _ => None,
    }
}

impl State {
    /// Is the optional rule `name` in play?
    pub fn option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o == name)
    }
    /// The current turn of the track. Past the last printed turn (only with the optional
    /// Death of Alexander, 17.3; ruling A-63) the turn repeats the same season of the last
    /// printed year, a year later, with no reinforcements or withdrawals and the death roll.
    pub fn turn_data(&self) -> data::Turn {
        if let Some(t) = self.pack.turn(self.turn) {
            return t.clone();
        }
        let last = self.last_turn();
        let years = (self.turn - last).div_ceil(4);
        let mut t = self
            .pack
            .turn(self.turn - 4 * years)
            .cloned()
            .expect("the printed track has a last year");
        let year: u32 = t.year.parse().unwrap_or(323);
        t.year = year.saturating_sub(u32::from(years)).to_string();
        t.reinforcements.clear();
        t.withdrawals.clear();
        t.death_of_alexander = true;
        t.note = Some("past the printed track: Alexander lives on (17.3)".into());
        t
    }
    /// The last turn of the printed track (16.3), e.g. 46 for `T46`.
    pub fn last_turn(&self) -> u8 {
        self.pack
            .scenario
            .last_turn
            .trim_start_matches('T')
            .parse::<u8>()
            .unwrap_or(46)
    }
    /// `spring-334` style label of the turn.
    pub fn turn_label(&self) -> String {
        let t = self.turn_data();
        format!("{}-{}", format!("{:?}", t.season).to_lowercase(), t.year)
    }
    /// Winter turn (8.2, 7.2, 12.1).
    pub fn is_winter(&self) -> bool {
        self.turn_data().season == data::Season::Winter
    }
    /// Province of a place (a city's province; a border fortress has none).
    pub fn province_of(&self, place: &Place) -> Option<String> {
        self.province_ref(place).map(str::to_string)
    }
    /// Province of a place, borrowed.
    pub fn province_ref<'a>(&'a self, place: &'a Place) -> Option<&'a str> {
        match place {
            Place::Province(p) => Some(p.as_str()),
            Place::City(c) => self.pack.city(c).and_then(|c| c.province.as_deref()),
            _ => None,
        }
    }
    /// Units on the map for `side` in a province: field units (not city garrisons).
    pub fn field_units(&self, side: Side, province: &str) -> Vec<String> {
        self.units
            .iter()
            .filter(|(_, u)| {
                u.owner == side && matches!(&u.place, Place::Province(p) if p == province)
            })
            .filter(|(c, _)| !self.is_siege_train(c))
            .map(|(c, _)| c.clone())
            .collect()
    }
    /// City garrison units of `side` in a province's cities.
    pub fn city_units(&self, side: Side, province: &str) -> Vec<String> {
        self.units
            .iter()
            .filter(|(_, u)| u.owner == side)
            .filter(|(_, u)| match &u.place {
                Place::City(c) => {
                    self.pack.city(c).and_then(|c| c.province.as_deref()) == Some(province)
                }
                _ => false,
            })
            .map(|(c, _)| c.clone())
            .collect()
    }
    /// Alexandros 6.3: the force a unit or leader belongs to. Every Macedonian-controlled counter
    /// is in the main force; Persian-side Indian counters and Barbarian or Arab raiders are apart.
    pub fn host_of(&self, who: &str) -> Host {
        let (owner, nationality) = if let Some(u) = self.pack.unit(who) {
            (self.units.get(who).map(|x| x.owner), u.nationality)
        } else if let Some(l) = self.pack.leader(who) {
            (self.leaders.get(who).map(|x| x.owner), l.nationality)
        } else {
            return Host::Main;
        };
        if owner == Some(Side::Macedonian) {
            return Host::Main;
        }
        match nationality {
            data::Nationality::Indian => Host::Indian,
            data::Nationality::Barbarian | data::Nationality::Arab => Host::Raiders,
            _ => Host::Main,
        }
    }
    /// Field units of one force of `side` in a province (6.3).
    pub fn host_units(&self, side: Side, province: &str, host: Host) -> Vec<String> {
        self.field_units(side, province)
            .into_iter()
            .filter(|u| self.host_of(u) == host)
            .collect()
    }
    /// Leaders of one force of `side` in the field in a province (6.3).
    pub fn host_leaders(&self, side: Side, province: &str, host: Host) -> Vec<String> {
        self.field_leaders(side, province)
            .into_iter()
            .filter(|l| self.host_of(l) == host)
            .collect()
    }
    /// Leaders of `side` in the field in a province.
    pub fn field_leaders(&self, side: Side, province: &str) -> Vec<String> {
        self.leaders
            .iter()
            .filter(|(_, l)| {
                l.owner == side && matches!(&l.place, Place::Province(p) if p == province)
            })
            .map(|(n, _)| n.clone())
            .collect()
    }
    /// The Siege Train is not a combat unit for counting (ruling A-43).
    pub fn is_siege_train(&self, code: &str) -> bool {
        self.pack
            .unit(code)
            .map(|u| u.kind == data::UnitType::SiegeTrain)
            .unwrap_or(false)
    }
    /// Current strength step of a unit (attack, defence in strength points).
    pub fn strength(&self, code: &str) -> data::Step {
        let u = self.pack.unit(code).expect("unit in pack");
        let s = &self.units[code];
        let full = u.steps.len() as u8;
        let idx = full.saturating_sub(s.steps.max(1)) as usize;
        u.steps.get(idx).copied().unwrap_or(data::Step {
            attack: 0,
            defense: 0,
        })
    }
    /// Full number of steps of a unit.
    pub fn full_steps(&self, code: &str) -> u8 {
        self.pack
            .unit(code)
            .map(|u| u.steps.len() as u8)
            .unwrap_or(1)
    }
    /// A leader's rating now (wounded side if wounded), in strength points.
    pub fn rating(&self, name: &str) -> u8 {
        let l = self.pack.leader(name).expect("leader in pack");
        if self.leaders[name].wounded {
            l.wounded_rating.unwrap_or(l.rating)
        } else {
            l.rating
        }
    }
    /// Provinces adjacent to `p`.
    pub fn neighbours(&self, p: &str) -> Vec<String> {
        self.pack
            .province(p)
            .map(|x| x.borders.keys().cloned().collect())
            .unwrap_or_default()
    }
    /// Removes one step from a unit; at zero steps it goes to the pool (dead pile, 12.4).
    pub fn lose_step(&mut self, code: &str) {
        let u = self.units.get_mut(code).expect("unit");
        u.steps = u.steps.saturating_sub(1);
        if u.steps == 0 {
            u.place = Place::Pool;
            u.steps = 0;
            // Greek Mercenaries return to the common pool (12.7).
            if self.pack.unit(code).map(|x| x.side) == Some(Side::Mercenary) {
                u.owner = Side::Mercenary;
            }
        }
    }
    /// Eliminates a unit outright.
    pub fn eliminate(&mut self, code: &str) {
        while self.units[code].place != Place::Pool {
            self.lose_step(code);
        }
    }
}
