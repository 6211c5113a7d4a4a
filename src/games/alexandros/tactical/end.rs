//! Ending a battle (Alexandros 10.19) and the result handed back to the strategic game.

use serde::{Deserialize, Serialize};

use super::super::data::counters::Side;
use super::super::data::Pack;
use super::board::{Line, Place};
use super::{other, side_name, Battle, BattleResult, Fate, Phase};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// How a battle ends (Alexandros 10.19).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// Alexander killed or captured: the game ends.
    AlexanderLost,
    /// The commander of `loser` killed or captured: his army routs.
    Commander {
        /// The side that lost its commander.
        loser: Side,
    },
    /// Every unit of `loser` destroyed or routed.
    Elimination {
        /// The side with nothing left in the field.
        loser: Side,
    },
    /// `winner` holds the enemy Reserve with enough units and a leader.
    Breakthrough {
        /// The side that broke through.
        winner: Side,
    },
    /// Ten rounds without an end: a draw.
    Nightfall,
}

impl Battle {
    /// The end condition met, if any.
    pub fn pending_over(&self) -> Option<End> {
        self.ending.clone()
    }

    /// Routs every unit of `side` still in the field (Alexandros 10.19).
    fn rout_all(&mut self, side: Side, ev: &mut Vec<Event>) {
        let mut n = 0;
        for u in self
            .units
            .iter_mut()
            .filter(|u| u.side == side && u.place.name != "Routed")
        {
            u.place = Place::new(side, "Routed");
            u.line = Line::First;
            n += 1;
        }
        self.engaged.clear();
        ev.push(Event::new(
            "Alexandros 10.19",
            format!(
                "the {} army routs ({n} units to the Routed Units box)",
                side_name(side)
            ),
        ));
    }

    /// Alexandros 10.19: the commander of `side` is killed or captured. Alexander: the game
    /// ends. Anyone else (Darius, Bessus, or the highest-rated leader): his army routs.
    pub fn commander_lost(&mut self, side: Side, name: &str, ev: &mut Vec<Event>) {
        if self.ending.is_some() {
            return;
        }
        if name == "Alexander" {
            ev.push(Event::new(
                "Alexandros 10.19",
                "Alexander is lost: the battle and the game end (Persian Decisive Victory)",
            ));
            self.ending = Some(End::AlexanderLost);
            return;
        }
        ev.push(Event::new(
            "Alexandros 10.19",
            format!("{name}, commander of the {} army, is lost", side_name(side)),
        ));
        self.rout_all(side, ev);
        self.ending = Some(End::Commander { loser: side });
    }

    /// Alexandros 10.19: a side with every unit destroyed or routed loses.
    pub fn check_elimination(&mut self, _pack: &Pack, ev: &mut Vec<Event>) {
        if self.ending.is_some() || !matches!(self.phase, Phase::Round(..)) {
            return;
        }
        for side in [Side::Macedonian, Side::Persian] {
            if !self
                .units
                .iter()
                .any(|u| u.side == side && u.place.name != "Routed")
            {
                ev.push(Event::new(
                    "Alexandros 10.19",
                    format!("the {} army has no unit left in the field", side_name(side)),
                ));
                self.ending = Some(End::Elimination { loser: side });
                return;
            }
        }
    }

    /// Alexandros 10.19 Breakthrough: no enemy unit in the enemy Reserve, and at least
    /// `breakthrough_units` own units there with a leader: the enemy army routs.
    pub fn check_breakthrough(&mut self, pack: &Pack, ev: &mut Vec<Event>) {
        if self.ending.is_some() {
            return;
        }
        for side in [Side::Macedonian, Side::Persian] {
            let enemy = other(side);
            let p = Place::new(enemy, "Reserve");
            let mine = self.units_at(side, &p);
            let with_leader = mine.iter().any(|u| self.leader_with(&u.id).is_some());
            if self.units_at(enemy, &p).is_empty()
                && mine.len() >= pack.board.rules.breakthrough_units as usize
                && with_leader
            {
                ev.push(Event::new(
                    "Alexandros 10.19",
                    format!(
                        "Breakthrough: the {} army overruns the enemy camp",
                        side_name(side)
                    ),
                ));
                self.rout_all(enemy, ev);
                self.ending = Some(End::Breakthrough { winner: side });
                return;
            }
        }
    }

    /// Ends the battle: pursuit unless nightfall or Alexander's death (10.20), routed
    /// survivors rally (10.18), and the result.
    pub fn finish(
        &mut self,
        pack: &Pack,
        end: End,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.ending = Some(end.clone());
        let winner = match &end {
            End::AlexanderLost => Some(Side::Persian),
            End::Commander { loser } | End::Elimination { loser } => Some(other(*loser)),
            End::Breakthrough { winner } => Some(*winner),
            End::Nightfall => None,
        };
        let nightfall = end == End::Nightfall;
        let alexander_killed = end == End::AlexanderLost;
        if let (Some(w), false, false) = (winner, nightfall, alexander_killed) {
            if self.no_pursuit.contains(&w) {
                ev.push(Event::new(
                    "Alexandros 10.20",
                    format!("the {} decline to pursue", side_name(w)),
                ));
            } else {
                self.pursuit(pack, w, dice, ev)?;
            }
        }
        // Each side's survivors in its own Routed Units box (the winner may have some too).
        let mut survivors = Vec::new();
        for side in [Side::Macedonian, Side::Persian] {
            let n = self
                .units
                .iter()
                .filter(|u| u.side == side && u.place.name == "Routed")
                .count();
            if n > 0 {
                survivors.push(format!("{n} {}", side_name(side)));
            }
        }
        if !survivors.is_empty() {
            ev.push(Event::new(
                "Alexandros 10.18",
                format!(
                    "routed units that survive ({}) rally at the end of the battle",
                    survivors.join(", ")
                ),
            ));
        }
        let darius_present = self.leader("Darius").is_some();
        let darius_lost = self.leader("Darius").map(|l| {
            l.fate != Fate::Active
                || winner == Some(Side::Macedonian)
                || self
                    .leader_place("Darius")
                    .map(|p| p.name == "Routed")
                    .unwrap_or(false)
        });
        let names = |f: Fate| -> Vec<String> {
            self.leaders
                .iter()
                .filter(|l| l.fate == f)
                .map(|l| l.name.clone())
                .collect()
        };
        self.result = Some(BattleResult {
            winner,
            steps_lost: self.steps_lost.clone(),
            eliminated: self.eliminated.clone(),
            leaders_killed: names(Fate::Killed),
            leaders_wounded: self
                .leaders
                .iter()
                .filter(|l| l.wounded_here && l.fate == Fate::Active)
                .map(|l| l.name.clone())
                .collect(),
            leaders_captured: names(Fate::Captured),
            loser_must_retreat: match (winner, nightfall, alexander_killed) {
                (Some(w), false, false) => Some(other(w)),
                _ => None,
            },
            alexander_killed,
            darius_routed_or_lost: darius_present && darius_lost.unwrap_or(false),
            nightfall,
        });
        self.phase = Phase::Over;
        Ok(())
    }
}
