//! The Conquerors Tactical Battle System (Tactical [1.0]–[13.4], its errata and the Berg
//! follow-up): a Major Land Battle of The Romans or The Macedonians fought on the Tactical
//! Battle Display instead of the Strategic CRT.
//!
//! The strategic game hands a battle in as a [`BattleInput`] (both Forces, their commanders with
//! their tactical ratings, the Morale Levels of their contingents, whether the Center Line is a
//! river) with each side's [`plan::BattlePlan`], and takes a [`BattleResult`] back (SSP lost,
//! fled units, commander casualties, how it ended, the account phase by phase). The files are
//! named after the rules' sections: `display` (2.0), `setup` (2.3), `sequence` (3.0),
//! `movement` (4.0, 5.0), `terrain` (8.6), `overrides` (players' values), `stacking` (6.0), `missile` (7.0), `melee` (8.0), `retreats` (9.0),
//! `reserve` (10.0), `morale` (11.0), `commanders` (12.0), `special_units` (13.0); `plan`
//! turns standing orders into every choice the rules give a player; `report` and `view` show it.
//!
//! How a game plugs in (The Romans does in `romans/tactical.rs`; The Macedonians will the same
//! way): its unit types and commanders get tactical values in `units.yaml` under its id
//! (`games: {macedonians: ...}`); at a Major Land Battle it builds a [`BattleInput`] (its
//! counters as the display's units — a Roman legion as its maniples —, each commander's
//! Strategic Rating revealed, TO and TD, whether he is bound to the Reserve Area, the
//! contingents' Morale Levels), takes each side's [`plan::BattlePlan`] from its standing orders,
//! calls [`Battle::new`] and [`Battle::fight`] with the entry's dice, and puts the
//! [`BattleResult`] on its map (SSP lost, commanders killed or wounded, the end: Flight with
//! Pursuit, Retreat During Combat, a draw; the winner's Victory Points).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

pub mod choices;
pub mod commanders;
pub mod data;
pub mod display;
pub mod melee;
pub mod missile;
pub mod morale;
pub mod movement;
pub mod overrides;
pub mod plan;
pub mod report;
pub mod reserve;
pub mod retreats;
pub mod sequence;
pub mod setup;
pub mod special_units;
pub mod stacking;
pub mod template;
pub mod terrain;
pub mod view;

use crate::games::conquerors::combat::End;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};
use data::{Class, Pack};
use display::{BoxId, Dir, Display};
use plan::BattlePlan;

/// The Aggressor: the Force that initiated combat ([2.34]).
pub const AGGRESSOR: usize = 0;
/// The Resister: the Force attacked ([2.32]).
pub const RESISTER: usize = 1;

/// Which game's rules ([1.0]: all rules apply to both unless noted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Game {
    /// The Romans: two SSP a box ([6.2]), +3 on a phalanx's flank ([5.35]), the third of the
    /// Force that may always move ([12.16]), magistrates in the Reserve ([10.15], [12.25]).
    Romans,
    /// The Macedonians: five SSP a box ([6.11]), big phalanxes alone ([6.13]).
    Macedonians,
}

impl Game {
    /// Its id in `units.yaml`.
    pub fn id(self) -> &'static str {
        match self {
            Game::Romans => "romans",
            Game::Macedonians => "macedonians",
        }
    }
}

/// A land unit handed in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitIn {
    /// Counter id.
    pub id: String,
    /// 0 Aggressor, 1 Resister.
    pub side: usize,
    /// Unit type id of the game's counters.
    pub kind: String,
    /// SSP now.
    pub ssp: u32,
    /// SSP at full strength.
    pub full_ssp: u32,
    /// Contingent (nation) for morale.
    pub contingent: String,
    /// Its legion, for [6.2] C.
    pub legion: Option<String>,
}

/// A commander handed in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommanderIn {
    /// Counter id.
    pub id: String,
    /// Side.
    pub side: usize,
    /// Name for people.
    pub name: String,
    /// Strategic Rating.
    pub sr: u32,
    /// Tactical Offensive Rating.
    pub to: u32,
    /// Tactical Defensive Rating.
    pub td: u32,
    /// A Roman consul, praetor or legate: set up in the Reserve and never leaves ([10.15]).
    pub reserve_bound: bool,
    /// Commands elephants only ([12.24]).
    pub elephants_only: bool,
    /// Contingent.
    pub contingent: String,
}

/// A battle handed in by a strategic game.
#[derive(Debug, Clone)]
pub struct BattleInput {
    /// Which game's rules.
    pub game: Game,
    /// Where (for people).
    pub place: String,
    /// Aggressor's and Resister's side ids.
    pub sides: [String; 2],
    /// Their names for people.
    pub names: [String; 2],
    /// Every land unit.
    pub units: Vec<UnitIn>,
    /// Every commander.
    pub commanders: Vec<CommanderIn>,
    /// The Center Line is a river ([8.5]).
    pub river: bool,
    /// The battle hex is Rough on the strategic map: the plans may mark boxes ([8.6]).
    pub rough: bool,
    /// Each side's contingents with their Morale Level in percent ([11.0]).
    pub morale: [BTreeMap<String, u32>; 2],
}

/// What happened to a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    /// On the display.
    Fighting,
    /// Fled the field ([8.45]): back on the map after the battle.
    Fled,
    /// All its SSP lost.
    Eliminated,
    /// A berserk elephant gone into a Reserve Area ([13.25]): removed from play.
    Removed,
}

/// How a unit entered its box this phase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The box it came from.
    pub from: BoxId,
    /// The anchor of the new box it came in by (None: from a Reserve Area).
    pub anchor: Option<display::Anchor>,
    /// Across the Center Line.
    pub crossing: bool,
}

/// A unit on the display.
#[derive(Debug, Clone)]
pub struct Unit {
    /// Counter id.
    pub id: String,
    /// Side.
    pub side: usize,
    /// Type id.
    pub kind: String,
    /// Class.
    pub class: Class,
    /// SSP now.
    pub ssp: u32,
    /// Full strength.
    pub full_ssp: u32,
    /// At the start of the battle.
    pub start_ssp: u32,
    /// TO and TD of the full counter.
    pub to: u32,
    /// TD of the full counter.
    pub td: u32,
    /// Missile strength of the full counter.
    pub missile: u32,
    /// Pure archer ([7.11]).
    pub archer: bool,
    /// Contingent.
    pub contingent: String,
    /// Legion.
    pub legion: Option<String>,
    /// Where (None: off the display).
    pub at: Option<BoxId>,
    /// Facing (None in a Reserve Area, [5.14]).
    pub facing: Option<Dir>,
    /// Disrupted ([7.4]); an elephant so is Berserk ([13.24]).
    pub disrupted: bool,
    /// Melee Engaged ([8.46]).
    pub engaged: bool,
    /// Fired this Tactical Turn ([7.21]).
    pub fired: bool,
    /// Moved this Movement Phase.
    pub moved: bool,
    /// Retreated into its box this turn: keeps its facing ([5.4]).
    pub kept_facing: bool,
    /// How it entered its box in the last Movement Phase.
    pub entry: Option<Entry>,
    /// Its fate.
    pub fate: Fate,
    /// SSP split off by a Reserve Area result that Fled ([10.24]): back after the battle.
    pub fled_ssp: u32,
}

impl Unit {
    /// [8.43] note: a reduced counter's strength in proportion to its SSP, rounded up.
    pub fn scaled(&self, full: u32) -> u32 {
        if self.full_ssp == 0 {
            return full;
        }
        (full * self.ssp).div_ceil(self.full_ssp)
    }
    /// Tactical Offensive strength now.
    pub fn to_now(&self) -> u32 {
        self.scaled(self.to)
    }
    /// Tactical Defensive strength now.
    pub fn td_now(&self) -> u32 {
        self.scaled(self.td)
    }
    /// Missile strength now.
    pub fn missile_now(&self) -> u32 {
        self.scaled(self.missile)
    }
    /// On the display.
    pub fn fighting(&self) -> bool {
        self.fate == Fate::Fighting && self.at.is_some()
    }
    /// May melee: not a missile-only unit ([8.11], [8.14], digest TA-26: TO above 0).
    pub fn melee_capable(&self) -> bool {
        self.to > 0
    }
}

/// A commander's state ([12.34]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// On the display.
    Active,
    /// Stunned: returns at the start of this Tactical Turn ([12.34]).
    Stunned(u32),
    /// Slightly wounded (a 1 on the Wound Recovery Table): returns at the start of this turn.
    Slight(u32),
    /// Wounded: misses this many full Strategic Game-Turns ([12.5]).
    Wounded(u32),
    /// Killed (or died of wounds, or caught alone, [12.36]).
    Killed,
    /// Left with his fleeing units.
    Fled,
}

/// A commander on the display.
#[derive(Debug, Clone)]
pub struct Commander {
    /// The input.
    pub c: CommanderIn,
    /// Where.
    pub at: Option<BoxId>,
    /// Status.
    pub status: Status,
    /// Disrupted ([7.45]).
    pub disrupted: bool,
}

impl Commander {
    /// Total Command Rating ([12.31]).
    pub fn tcr(&self) -> u32 {
        self.c.sr + self.c.to + self.c.td
    }
    /// On the display and able ([12.12]).
    pub fn active(&self) -> bool {
        self.status == Status::Active && self.at.is_some()
    }
}

/// What the strategic game takes back.
#[derive(Debug, Clone, Default)]
pub struct BattleResult {
    /// How it ended (None: the Resister withdrew after set-up is `Retreated(RESISTER)`).
    pub end: Option<End>,
    /// SSP each unit lost.
    pub ssp_lost: BTreeMap<String, u32>,
    /// Units that fled the field (back with their Force after, [8.45]).
    pub fled: BTreeSet<String>,
    /// SSP split off a unit by the Reserve Area CRT that Fled and rejoin it ([10.24]).
    pub split_fled: BTreeMap<String, u32>,
    /// Berserk elephants removed from play ([13.25]).
    pub removed: BTreeSet<String>,
    /// Contingents whose Morale Level broke, by side ([11.0]).
    pub broken: [Vec<String>; 2],
    /// Commanders killed.
    pub killed: Vec<String>,
    /// Commanders wounded → full Strategic Game-Turns missed ([12.5]).
    pub wounded: BTreeMap<String, u32>,
    /// Tactical Turns fought.
    pub turns: u32,
    /// The account, phase by phase.
    pub events: Vec<Event>,
    /// The display as the battle ended.
    pub board: Option<crate::view::BattleView>,
}

/// A battle on the display.
pub struct Battle {
    /// Which rules.
    pub game: Game,
    /// Where.
    pub place: String,
    /// Side ids.
    pub sides: [String; 2],
    /// Side names.
    pub names: [String; 2],
    /// The display.
    pub display: Display,
    /// The data.
    pub pack: Pack,
    /// Units by id.
    pub units: BTreeMap<String, Unit>,
    /// Commanders by id.
    pub commanders: BTreeMap<String, Commander>,
    /// The Center Line is a river ([8.5]).
    pub river: bool,
    /// Rough and Blocked boxes ([8.6]).
    pub terrain: terrain::Terrain,
    /// Morale Levels by contingent.
    pub morale: [BTreeMap<String, u32>; 2],
    /// Each side's SSP at the start ([11.0]).
    pub base: [u32; 2],
    /// SSP lost, fled SSP included ([11.0]).
    pub lost: [u32; 2],
    /// Contingents broken.
    pub broken: [Vec<String>; 2],
    /// The plans.
    pub plans: [BattlePlan; 2],
    /// The side's plan is the bundled default (it sent none).
    pub defaulted: [bool; 2],
    /// Tactical Turn (1 = the first; 0 = set-up).
    pub turn: u32,
    /// The phase in words.
    pub phase: String,
    /// Units moved in the current Movement Phase ([12.11]).
    pub moves_used: u32,
    /// SSP lost or fled this turn (for the stalled-battle ruling TR-9).
    pub turn_losses: u32,
    /// Turns in a row without a loss.
    pub quiet: u32,
    /// The end.
    pub end: Option<End>,
    /// The account.
    pub events: Vec<Event>,
    /// Wounded commanders → Strategic Game-Turns missed.
    pub wounded: BTreeMap<String, u32>,
}

/// Shorthand for an illegal order of the battle.
pub fn illegal(rule: &str, why: impl Into<String>) -> RuleError {
    RuleError::illegal("battle", rule, why)
}

impl Battle {
    /// [2.2], [2.31]: the battle laid out: the display chosen by the 50%-legion rule, every unit
    /// with its tactical values, nothing placed yet.
    ///
    /// Errors: a unit type or commander the data has no values for.
    pub fn new(
        pack: &Pack,
        input: BattleInput,
        plans: [Option<BattlePlan>; 2],
    ) -> Result<Battle, RuleError> {
        let values = pack
            .game(input.game.id())
            .ok_or_else(|| illegal("Tactical 1.0", "no tactical values for this game"))?;
        let mut units = BTreeMap::new();
        for u in &input.units {
            let v = values.unit_types.get(&u.kind).ok_or_else(|| {
                illegal(
                    "Tactical 7.0, 8.22",
                    format!("no tactical values for unit type {}", u.kind),
                )
            })?;
            units.insert(
                u.id.clone(),
                Unit {
                    id: u.id.clone(),
                    side: u.side,
                    kind: u.kind.clone(),
                    class: v.class,
                    ssp: u.ssp,
                    full_ssp: u.full_ssp.max(u.ssp),
                    start_ssp: u.ssp,
                    to: v.to,
                    td: v.td,
                    missile: v.missile.unwrap_or(0),
                    archer: v.archer,
                    contingent: u.contingent.clone(),
                    legion: u.legion.clone(),
                    at: None,
                    facing: None,
                    disrupted: false,
                    engaged: false,
                    fired: false,
                    moved: false,
                    kept_facing: false,
                    entry: None,
                    fate: Fate::Fighting,
                    fled_ssp: 0,
                },
            );
        }
        let manipular = setup::manipular_side(&input, pack);
        let display = Display::new(pack, manipular).map_err(|e| illegal("Tactical 2.2", e))?;
        let commanders = input
            .commanders
            .iter()
            .map(|c| {
                (
                    c.id.clone(),
                    Commander {
                        c: c.clone(),
                        at: None,
                        status: Status::Active,
                        disrupted: false,
                    },
                )
            })
            .collect();
        let mut base = [0, 0];
        for u in &input.units {
            base[u.side] += u.ssp;
        }
        let defaulted = [plans[0].is_none(), plans[1].is_none()];
        let [p0, p1] = plans;
        let plans = [p0.unwrap_or_default(), p1.unwrap_or_default()];
        let (terrain, terrain_notes) = terrain::Terrain::agreed(&display, &plans, input.rough);
        let mut bt = Battle {
            game: input.game,
            place: input.place,
            sides: input.sides,
            names: input.names,
            display,
            pack: pack.clone(),
            units,
            commanders,
            river: input.river,
            terrain,
            morale: input.morale,
            base,
            lost: [0, 0],
            broken: [Vec::new(), Vec::new()],
            plans,
            defaulted,
            turn: 0,
            phase: "set-up".into(),
            moves_used: 0,
            turn_losses: 0,
            quiet: 0,
            end: None,
            events: Vec::new(),
            wounded: BTreeMap::new(),
        };
        for n in terrain_notes {
            bt.note(terrain::RULE, None, n);
        }
        Ok(bt)
    }

    /// Records a line of the account in the current phase; `by` the side whose plan chose it.
    pub fn note(&mut self, rule: &str, by: Option<usize>, text: impl Into<String>) {
        let mut e = Event::new(rule, text);
        e.round = Some(if self.turn == 0 {
            format!("battle of {}: {}", self.place, self.phase)
        } else {
            format!(
                "battle of {}: Tactical Turn {}, {}",
                self.place, self.turn, self.phase
            )
        });
        if let Some(s) = by {
            e.by = Some(self.sides[s].clone());
            e.standing = true;
        }
        self.events.push(e);
    }

    /// The units of `side` fighting in `b`, by id.
    pub fn in_box(&self, side: usize, b: &BoxId) -> Vec<String> {
        self.units
            .values()
            .filter(|u| u.side == side && u.fighting() && u.at.as_ref() == Some(b))
            .map(|u| u.id.clone())
            .collect()
    }

    /// The active commanders of `side` in `b`.
    pub fn commanders_in(&self, side: usize, b: &BoxId) -> Vec<String> {
        self.commanders
            .values()
            .filter(|c| c.c.side == side && c.active() && c.at.as_ref() == Some(b))
            .map(|c| c.c.id.clone())
            .collect()
    }

    /// SSP of `side` in `b`.
    pub fn ssp_in(&self, side: usize, b: &BoxId) -> u32 {
        self.in_box(side, b).iter().map(|u| self.units[u].ssp).sum()
    }

    /// Every place holding units of both sides.
    pub fn contested(&self) -> Vec<BoxId> {
        let mut v: Vec<BoxId> = Vec::new();
        for s in 0..2 {
            for b in self.display.boxes(s) {
                if !b.is_reserve()
                    && !self.in_box(0, &b).is_empty()
                    && !self.in_box(1, &b).is_empty()
                {
                    v.push(b);
                }
            }
        }
        v
    }

    /// A unit's name for people: `principes-1 (Principes, 3 SSP)`.
    pub fn unit_words(&self, id: &str) -> String {
        match self.units.get(id) {
            Some(u) => format!("{id} ({} SSP)", u.ssp),
            None => id.to_string(),
        }
    }

    /// A place in neutral words: `Rome's F3`, `Macedon's Reserve Area`.
    pub fn place_words(&self, b: &BoxId) -> String {
        let n = if b.is_reserve() {
            "Reserve Area".to_string()
        } else {
            b.name.clone()
        };
        format!("{}'s {n}", self.names[b.side])
    }

    /// Fights the battle to its end by the two plans ([2.3], [3.0]).
    ///
    /// Errors: dice not available yet.
    pub fn fight(mut self, dice: &mut Dice) -> Result<BattleResult, RuleError> {
        sequence::run(&mut self, dice)?;
        Ok(self.result())
    }

    fn result(self) -> BattleResult {
        let round = format!(
            "as it ended, after {} Tactical Turn{}",
            self.turn,
            if self.turn == 1 { "" } else { "s" }
        );
        let board = Some(view::board(&self, &round));
        let mut r = BattleResult {
            board,
            end: self.end.clone(),
            turns: self.turn,
            broken: self.broken.clone(),
            wounded: self.wounded.clone(),
            ..Default::default()
        };
        for u in self.units.values() {
            let kept = u.ssp + u.fled_ssp;
            if u.start_ssp > kept {
                r.ssp_lost.insert(u.id.clone(), u.start_ssp - kept);
            }
            if u.fled_ssp > 0 && u.fate != Fate::Fled {
                r.split_fled.insert(u.id.clone(), u.fled_ssp);
            }
            match u.fate {
                Fate::Fled => {
                    r.fled.insert(u.id.clone());
                }
                Fate::Removed => {
                    r.removed.insert(u.id.clone());
                }
                _ => {}
            }
        }
        for c in self.commanders.values() {
            if c.status == Status::Killed {
                r.killed.push(c.c.id.clone());
            }
        }
        r.events = self.events;
        r
    }
}
