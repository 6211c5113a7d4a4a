//! Romans [9]: land combat on the Strategic CRT, through the shared procedure
//! (`conquerors::combat`), with what is The Romans' own: the Morale Levels of its nations
//! ([9.62]–[9.65], counters.yaml), losses shared among contingents ([9.66]) in the owner's
//! order, commanders killed ([8.52]–[8.53], [8.64]–[8.65]), Retreat During Combat and its die
//! ([10.23]), Flight and Pursuit ([10.31]–[10.34]), Disruption ([10.14]) and the record of
//! each battle for victory ([19.11]) and mutiny ([9.69]). Major Land Battles may be handed to
//! the Tactical battle game at [`battle_system`] (`tactical.rs`; [9.4] allows either).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::casualties::{kill_commander, rdc_losses, take_losses};
use super::orders::{RetreatPolicy, Standing};
use super::retreat::{flee, go, plan_out as plan, Kind};
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::combat::{self as proc, Contingent, End, Host, Situation};
use crate::geo::Hex;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// What combat leaves in the state between moves and phases.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatState {
    /// Retreat MP (half MP) each Force spent this Campaign Phase, by commander ([10.13]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub retreat_spent: BTreeMap<String, u32>,
    /// Disrupted counters ([10.14]) → the Campaign Phase (index) after which they are free.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub disrupted: BTreeMap<String, usize>,
    /// Commanders whose Force intercepted this Campaign Phase ([6.57]).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub intercepted: BTreeSet<String>,
    /// Tribunes killed and serving as their Replacement ([8.65]).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub replacement_side: BTreeSet<String>,
    /// Commanders killed, for the Winter's replacements ([8.61]–[8.64]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub killed: Vec<String>,
    /// Engagements (interceptions, contacts) so far in the game.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub engagements: u32,
    /// Every battle fought.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub battles: Vec<BattleRecord>,
    /// The last battle fought on the Tactical Battle Display as it ended, and the Campaign
    /// Phase (index) it was fought in: the turn page shows it until the next phase ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<(usize, crate::view::BattleView)>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A battle fought, for the victory points of [19.11] and the mutiny roll of [9.69].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleRecord {
    /// Game-Turn number.
    pub turn: String,
    /// The hex.
    pub hex: String,
    /// `major`, `skirmish` ([9.3]) or `overrun` ([5.7]).
    pub kind: String,
    /// The Aggressor's side.
    pub aggressor: String,
    /// The Resister's side.
    pub resister: String,
    /// The winner's side (None: a draw, [9.68]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// A Roman Force lost a Major Land Battle off Roman soil: it rolls for mutiny ([9.69]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub roman_mutiny_check: bool,
    /// The beaten Roman Force's commanders (ids), when it rolls for mutiny ([9.69]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roman_commanders: Vec<String>,
    /// The mutiny roll has been made ([9.69], `mutiny.rs`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mutiny_rolled: bool,
}

/// Index of the current Campaign Phase in the whole game (turn × players + player).
pub fn phase_index(st: &State) -> usize {
    let side = match &st.phase {
        super::state::Phase::Campaign { side } => side.clone(),
        _ => String::new(),
    };
    let i = st.players.iter().position(|p| *p == side).unwrap_or(0);
    st.turn * st.players.len().max(1) + i
}

/// [10.14], [6.57], [10.13]: what lapses when a Campaign Phase ends.
pub fn end_of_phase(st: &mut State) {
    let now = phase_index(st);
    st.combat.disrupted.retain(|_, free| *free > now);
    st.combat.retreat_spent.clear();
    st.combat.intercepted.clear();
}

/// Disrupts counters of `side` ([10.14]) until the end of that side's next Campaign Phase.
pub fn disrupt(st: &mut State, side: &str, ids: &[String]) {
    let n = st.players.len().max(1);
    let own = st.players.iter().position(|p| p == side).unwrap_or(0);
    let now = phase_index(st);
    let mut free = now + 1;
    while free % n != own {
        free += 1;
    }
    for id in ids {
        st.combat.disrupted.insert(id.clone(), free);
    }
}

/// The commander in charge among `ids` ([8.2]): one who always takes charge, then the field
/// consul, then the best known rating, then the first id.
pub fn in_charge(st: &State, ids: &[String]) -> Option<String> {
    let mut v: Vec<&String> = ids.iter().collect();
    v.sort_by_key(|id| {
        let c = &st.commanders[*id];
        let always = c
            .counter
            .as_ref()
            .and_then(|k| st.pack.counters.commanders.get(k))
            .is_some_and(|n| n.in_charge.is_some());
        let consul = c.office.as_deref() == Some("field-consul");
        (
            !always,
            !consul,
            std::cmp::Reverse(st.rating(id).unwrap_or(0)),
            (*id).clone(),
        )
    });
    v.first().map(|s| (*s).clone())
}

pub(super) use crate::games::conquerors::decisions::standing_for;

/// Which system fights a Major Land Battle ([9.4]): the seam for the Conquerors Tactical battle
/// game, which would take the two Forces and hand back the losses and who left the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BattleSystem {
    /// The Strategic CRT ([9.4]–[9.9]).
    Strategic,
    /// The Tactical Battle Display (Tactical [1]–[14]).
    Tactical,
}

/// [9.4], ruling AMB-10: Major Land Battles use the Strategic CRT unless the game was set up
/// with the option `tactical-battles` (`tactical.rs`: then the display, unless a player's plan
/// asks for the CRT); Skirmishes always use the CRT ([9.3]).
pub fn battle_system(st: &State, major: bool) -> Result<BattleSystem, RuleError> {
    if major && st.options.iter().any(|o| o == super::tactical::OPTION) {
        return Ok(BattleSystem::Tactical);
    }
    Ok(BattleSystem::Strategic)
}

/// One battle to fight.
#[derive(Debug, Clone)]
pub struct Battle {
    /// Map.
    pub map: String,
    /// The hex.
    pub hex: Hex,
    /// Aggressor (0) and Resister (1) sides.
    pub sides: [String; 2],
    /// Each side's land units in the battle.
    pub units: [Vec<String>; 2],
    /// Each side's commanders in the hex (the one in charge first).
    pub commanders: [Vec<String>; 2],
}

pub use crate::games::conquerors::combat::Outcome;

struct RomansHost<'a> {
    st: &'a mut State,
    b: Battle,
    standing: [Option<&'a Standing>; 2],
    dice: &'a mut Dice,
    ev: &'a mut Vec<Event>,
    start: [BTreeMap<String, u32>; 2],
    lost: [BTreeMap<String, u32>; 2],
    fled: [BTreeSet<String>; 2],
    /// Each side's Force is in a Roman camp ([9.8]): its SSP count double, it may not retreat.
    camp: [bool; 2],
    /// The camp's refusal of a retreat has been reported.
    camp_said: bool,
}

impl RomansHost<'_> {
    fn live(&self, s: usize) -> Vec<String> {
        self.b.units[s]
            .iter()
            .filter(|id| {
                self.st
                    .units
                    .get(*id)
                    .is_some_and(|u| !self.fled[s].contains(&u.nation))
            })
            .cloned()
            .collect()
    }
    /// The pause for a decision asked in person during the battle ([10.2]), if one waits.
    fn stopped(&self) -> Result<(), RuleError> {
        match self.st.asking.as_ref().and_then(|a| a.asked.as_ref()) {
            Some(q) => Err(crate::games::conquerors::pause::pause_error(q)),
            None => Ok(()),
        }
    }
    /// [10.2] in person: offered only when the Force has somewhere to go ([10.15]).
    fn asked_to_retreat(&mut self, s: usize, chief: Option<&str>, now: &Situation) -> bool {
        let used = chief
            .and_then(|c| self.st.combat.retreat_spent.get(c))
            .copied()
            .unwrap_or(0);
        let wanted = self.standing[s]
            .map(|x| x.path_for(chief))
            .unwrap_or_default();
        if plan(self.st, &self.b, s, Kind::DuringCombat, used, &wanted).is_none() {
            return false;
        }
        let b = self.b.clone();
        super::pause::retreat_during_combat(self.st, &b, s, chief, now).unwrap_or(false)
    }
    fn chief(&self, s: usize) -> Option<String> {
        let alive: Vec<String> = self.b.commanders[s]
            .iter()
            .filter(|c| self.st.commanders.contains_key(*c))
            .cloned()
            .collect();
        in_charge(self.st, &alive)
    }
}

impl Host for RomansHost<'_> {
    type Error = RuleError;
    fn ssp(&self, s: usize) -> u32 {
        let n = self.live(s).iter().map(|id| self.st.units[id].ssp).sum();
        super::encampment::odds_ssp(self.camp[s], n)
    }
    fn rating(&mut self, s: usize) -> Result<Option<u8>, RuleError> {
        let Some(c) = self.chief(s) else {
            return Ok(None);
        };
        if self.st.combat.replacement_side.contains(&c) {
            return Ok(Some(1));
        }
        // [8.43]: an untried commander is revealed once battle is joined.
        let r = super::forced_march::reveal_rating(self.st, &c, self.dice, self.ev)?;
        Ok(Some(self.st.rating(&c).unwrap_or(r)))
    }
    fn two_d6(&mut self, s: usize, purpose: &str) -> Result<u32, RuleError> {
        self.stopped()?;
        Ok(self
            .dice
            .roll_for(&self.b.sides[s])
            .two_d6(purpose, "Romans [9.52]")?)
    }
    fn d6(&mut self, s: usize, purpose: &str) -> Result<u32, RuleError> {
        Ok(self
            .dice
            .roll_for(&self.b.sides[s])
            .d6(purpose, "Romans [8.52]")?)
    }
    fn lose(&mut self, s: usize, n: u32) -> Result<u32, RuleError> {
        let live = self.live(s);
        let side = self.b.sides[s].clone();
        let taken = take_losses(
            self.st,
            &side,
            &live,
            self.standing[s],
            &self.start[s],
            &mut self.lost[s],
            n,
        )?;
        if taken.0 > 0 {
            self.ev.push(Event::new(
                "Romans [9.51], [9.66]",
                format!(
                    "{} loses {} SSP ({}){}",
                    side_name(&self.b.sides[s]),
                    taken.0,
                    taken.1.join(", "),
                    if taken.2 {
                        "; units not in the standing `losses` took them in the order of their ids (default)"
                    } else {
                        ""
                    }
                ),
            ));
        }
        Ok(taken.0)
    }
    fn commander_killed(&mut self, s: usize) -> Result<bool, RuleError> {
        let Some(c) = self.chief(s) else {
            return Ok(false);
        };
        kill_commander(self.st, &c, self.ev);
        Ok(self.chief(s).is_some())
    }
    fn contingent_breaks(&mut self, s: usize, key: &str) -> Result<(), RuleError> {
        let group: Vec<String> = self.b.units[s]
            .iter()
            .filter(|id| self.st.units.get(*id).is_some_and(|u| u.nation == key))
            .cloned()
            .collect();
        self.fled[s].insert(key.to_string());
        let cmds: Vec<String> = self.b.commanders[s]
            .iter()
            .filter(|c| self.st.commanders.get(*c).is_some_and(|x| x.nation == key))
            .cloned()
            .collect();
        self.ev.push(Event::new(
            "Romans [9.65], [9.67]",
            format!(
                "the {key} contingent of {} passes its Morale Level and Flees",
                side_name(&self.b.sides[s])
            ),
        ));
        let (st, b, standing) = (&mut *self.st, self.b.clone(), self.standing[s]);
        flee(st, &b, s, &group, &cmds, standing, self.dice, self.ev, true)
    }
    fn retreats(&mut self, s: usize, now: &Situation) -> bool {
        // A decision asked in person stops the battle before its next roll.
        if self.stopped().is_err() {
            return false;
        }
        let chief = self.chief(s);
        let said =
            self.standing[s].and_then(|x| standing_for(&x.retreat_during_combat, chief.as_deref()));
        let Some(said) = said else {
            return false;
        };
        if self.camp[s] {
            // [9.8]: said once, the first time the order would have been looked at.
            if !self.camp_said {
                self.camp_said = true;
                self.ev.push(super::encampment::no_retreat(
                    &self.b.hex.to_string(),
                    "Retreat During Combat",
                ));
            }
            return false;
        }
        if chief.is_none() {
            return false;
        }
        let Some(p) = said.given() else {
            return self.asked_to_retreat(s, chief.as_deref(), now);
        };
        let p: &RetreatPolicy = p;
        let cols = self
            .st
            .pack
            .table("strategic-crt")
            .map(|t| t.columns.clone());
        if !p.leaves(now, s, cols.as_deref()) {
            return false;
        }
        // A Force with nowhere to go cannot leave ([10.15]).
        let used = chief
            .as_ref()
            .and_then(|c| self.st.combat.retreat_spent.get(c))
            .copied()
            .unwrap_or(0);
        let wanted = self.standing[s]
            .map(|x| x.path_for(chief.as_deref()))
            .unwrap_or_default();
        let possible = plan(self.st, &self.b, s, Kind::DuringCombat, used, &wanted).is_some();
        if !possible {
            self.ev.push(Event::new(
                "Romans [10.15]",
                format!(
                    "{} would Retreat During Combat but has no hex to retreat into, and fights on",
                    side_name(&self.b.sides[s])
                ),
            ));
        }
        possible
    }
    fn note(&mut self, rule: &str, text: String) {
        self.ev.push(Event::new(rule, text));
    }
}

/// [9.4]–[9.6], [10.2], [10.3]: fights battle `b` and carries out its end.
///
/// Errors: [`RuleError`] when dice are not available yet, or the Tactical game is asked for.
pub fn fight(
    st: &mut State,
    b: Battle,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<Outcome, RuleError> {
    let crt = st
        .pack
        .table("strategic-crt")
        .cloned()
        .ok_or_else(|| RuleError::illegal("battle", "Romans [9.9]", "no Strategic CRT"))?;
    let ssp = |st: &State, s: usize| -> u32 {
        b.units[s]
            .iter()
            .filter_map(|u| st.units.get(u))
            .map(|u| u.ssp)
            .sum()
    };
    let base = [ssp(st, 0), ssp(st, 1)];
    let major = base[0] > 10 && base[1] > 10;
    let h = b.hex.to_string();
    let camp = [0, 1].map(|s| super::encampment::encamped(st, &b.map, &h, &b.sides[s]));
    let tactical = battle_system(st, major)? == BattleSystem::Tactical;
    if tactical && camp.contains(&true) {
        ev.push(Event::new(
            "Romans [9.8]",
            format!("a Roman camp is attacked at {h}: the battle is fought on the Strategic CRT, never on the Tactical display"),
        ));
    } else if tactical && super::tactical::chosen(st, standing, &b.sides) {
        return super::tactical::fight(st, b, standing, dice, ev);
    }
    ev.push(Event::new(
        if major {
            "Romans [9.4]"
        } else {
            "Romans [9.3]"
        },
        format!(
            "{} at {}: {} ({} SSP) against {} ({} SSP); both Forces are revealed (Romans [10.22])",
            if major {
                "Major Land Battle"
            } else {
                "Skirmish"
            },
            b.hex,
            side_name(&b.sides[0]),
            base[0],
            side_name(&b.sides[1]),
            base[1]
        ),
    ));
    for s in (0..2).filter(|&s| camp[s]) {
        ev.push(Event::new(
            "Romans [9.8]",
            format!(
                "{} fights from its camp: its {} SSP count {} for the odds",
                side_name(&b.sides[s]),
                base[s],
                super::encampment::odds_ssp(true, base[s])
            ),
        ));
    }
    let mut start: [BTreeMap<String, u32>; 2] = [BTreeMap::new(), BTreeMap::new()];
    for (acc, units) in start.iter_mut().zip(b.units.iter()) {
        for u in units.iter().filter_map(|u| st.units.get(u)) {
            *acc.entry(u.nation.clone()).or_default() += u.ssp;
        }
    }
    let std_of = |s: usize| standing.get(&b.sides[s]);
    let mut host = RomansHost {
        st,
        b: b.clone(),
        standing: [std_of(0), std_of(1)],
        dice,
        ev,
        start: start.clone(),
        lost: [BTreeMap::new(), BTreeMap::new()],
        fled: [BTreeSet::new(), BTreeSet::new()],
        camp,
        camp_said: false,
    };
    // [9.64]: Roman morale from the rating of the commander in charge when battle is joined.
    let ratings = [host.rating(0)?, host.rating(1)?];
    let mut contingents: [Vec<Contingent>; 2] = [Vec::new(), Vec::new()];
    for s in 0..2 {
        for nation in start[s].keys() {
            let pct = host
                .st
                .pack
                .counters
                .nations
                .get(nation)
                .map(|n| {
                    n.item.morale.base_percent
                        + n.item.morale.per_rating_point.unwrap_or(0)
                            * u32::from(ratings[s].unwrap_or(0))
                })
                .unwrap_or(40);
            contingents[s].push(Contingent {
                key: nation.clone(),
                morale_percent: pct,
            });
        }
        let words: Vec<String> = contingents[s]
            .iter()
            .map(|c| format!("{} {}%", c.key, c.morale_percent))
            .collect();
        host.ev.push(Event::new(
            "Romans [9.61]–[9.65]",
            format!(
                "{} Morale Level: {} of {} SSP",
                side_name(&b.sides[s]),
                words.join(", "),
                base[s]
            ),
        ));
    }
    // [9.7] (optional): each side's Morale Level varied before the first exchange.
    let vary = host
        .st
        .options
        .iter()
        .any(|o| o == super::variable_morale::OPTION);
    super::variable_morale::draw(vary, &b.sides, &mut contingents, host.dice, host.ev)?;
    let setup = proc::Setup { contingents, base };
    let end = proc::fight(&crt, &setup, &mut host, || {
        RuleError::illegal("battle", "Romans [9.42]", "no end after 500 exchanges")
    })?;
    let RomansHost {
        st, dice, ev, fled, ..
    } = host;
    let mut stands = [true, true];
    let live = |st: &State, s: usize| -> Vec<String> {
        b.units[s]
            .iter()
            .filter(|u| {
                st.units
                    .get(*u)
                    .is_some_and(|x| !fled[s].contains(&x.nation))
            })
            .cloned()
            .collect()
    };
    let cmds = |st: &State, s: usize| -> Vec<String> {
        b.commanders[s]
            .iter()
            .filter(|c| st.commanders.contains_key(*c))
            .cloned()
            .collect()
    };
    match &end {
        End::Retreated(s) => {
            let s = *s;
            stands[s] = false;
            let (u, c) = (live(st, s), cmds(st, s));
            let chief = in_charge(st, &c);
            let used = chief
                .as_ref()
                .and_then(|x| st.combat.retreat_spent.get(x))
                .copied()
                .unwrap_or(0);
            let wanted = super::pause_losses::retreat_path(
                st,
                &b,
                s,
                (Kind::DuringCombat, used),
                std_of(s),
                chief.as_deref(),
            )?;
            if let Some(p) = plan(st, &b, s, Kind::DuringCombat, used, &wanted) {
                go(
                    st,
                    &b,
                    s,
                    &u,
                    &c,
                    &p,
                    ev,
                    "Romans [10.22]",
                    "Retreats During Combat",
                );
            }
            rdc_losses(st, &b.sides[s], &u, std_of(s), "Romans [10.23]", dice, ev)?;
        }
        End::Fled(s) => {
            let s = *s;
            stands[s] = false;
            let (u, c) = (live(st, s), cmds(st, s));
            flee(st, &b, s, &u, &c, std_of(s), dice, ev, true)?;
        }
        End::Draw(who) => {
            let list: Vec<usize> = match who {
                Some(s) => vec![*s],
                None => vec![0, 1],
            };
            for s in list {
                stands[s] = false;
                let (u, c) = (live(st, s), cmds(st, s));
                flee(st, &b, s, &u, &c, std_of(s), dice, ev, false)?;
            }
        }
    }
    record_end(st, &b, &end, major, ev);
    Ok(Outcome { end, stands })
}

/// Romans [9.45], [9.68], [9.69], [19.11]: a battle's end on the record, whatever fought it
/// (the Strategic CRT or the Tactical display): who won, the winner's Major Land Battle for
/// Victory Points with his commander in charge ([18.14]), and the mutiny check of a Roman Force
/// beaten in a Major Land Battle off Roman soil. `major`: not a Skirmish ([9.3]).
pub(super) fn record_end(st: &mut State, b: &Battle, end: &End, major: bool, ev: &mut Vec<Event>) {
    let cmds = |st: &State, s: usize| -> Vec<String> {
        b.commanders[s]
            .iter()
            .filter(|c| st.commanders.contains_key(*c))
            .cloned()
            .collect()
    };
    let winner = end.winner().map(|w| b.sides[w].clone());
    let loser_rome = end.winner().is_some_and(|w| b.sides[1 - w] == "rome");
    let roman_soil = st
        .map(&b.map)
        .and_then(|m| {
            m.hex(b.hex)
                .map(|e| e.regions.iter().any(|r| r == "roman-soil"))
        })
        .unwrap_or(false);
    ev.push(Event::new(
        "Romans [9.45], [9.68], [9.69]",
        match &winner {
            Some(w) => format!(
                "{} wins the {}",
                side_name(w),
                if major {
                    "Major Land Battle"
                } else {
                    "Skirmish (no Victory Points, Romans [9.3])"
                }
            ),
            None => "both Morale Levels broke in the same exchange: a draw, nobody wins".into(),
        },
    ));
    if let (true, Some(w)) = (major, end.winner()) {
        // [19.11]: 25 VP to the winner of a Major Land Battle; his commander in charge may
        // be re-elected ([18.14]).
        let chief: Vec<String> = in_charge(st, &cmds(st, w)).into_iter().collect();
        super::victory::record_major_battle(st, &b.sides[w], &chief);
    }
    st.combat.battles.push(BattleRecord {
        turn: st.turn_number(),
        hex: b.hex.to_string(),
        kind: if major { "major" } else { "skirmish" }.into(),
        aggressor: b.sides[0].clone(),
        resister: b.sides[1].clone(),
        winner,
        roman_mutiny_check: major && loser_rome && !roman_soil,
        roman_commanders: match end.winner() {
            Some(w) if major && loser_rome && !roman_soil => b.commanders[1 - w].clone(),
            _ => Vec::new(),
        },
        mutiny_rolled: false,
    });
}
