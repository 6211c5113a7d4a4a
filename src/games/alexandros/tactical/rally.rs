//! Rallying routed units (Alexandros 10.18).

use super::super::data::board::BoxKind;
use super::super::data::counters::Side;
use super::super::data::Pack;
use super::board::{kind, Line, Place};
use super::{side_name, Battle};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Alexandros 10.18: the own boxes a rallied unit may be sent to when the enemy holds the
/// Reserve.
pub const RALLY_BOXES: [&str; 5] = ["Center", "Left", "Right", "LeftOutflank", "RightOutflank"];

impl Battle {
    /// Alexandros 10.18: a `rally_into` list names only own boxes other than the Reserve and
    /// the Routed Units box (`RALLY_BOXES`). Error: the first other name, with the choices.
    pub fn check_rally_into(list: &[String]) -> Result<(), RuleError> {
        for b in list {
            if !RALLY_BOXES.contains(&b.as_str()) {
                return Err(RuleError::illegal(
                    format!("rally_into {b}"),
                    "Alexandros 10.18",
                    format!(
                        "a rallied unit goes to the Reserve, or with the Reserve enemy-held to one of {}",
                        RALLY_BOXES.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Alexandros 10.18: the listed units must be routed units of `side` that began the round
    /// stacked with a leader other than Darius.
    pub fn check_rallies(&self, side: Side, list: &[String]) -> Result<(), RuleError> {
        for id in list {
            let ok = self.may_rally.contains(id)
                && self
                    .unit(id)
                    .map(|u| u.side == side && u.place.name == "Routed")
                    .unwrap_or(false);
            if !ok {
                return Err(RuleError::illegal(
                    format!("rally {id}"),
                    "Alexandros 10.18",
                    "only a routed unit that began the round stacked with a leader may rally",
                ));
            }
            if self
                .leader_with(id)
                .map(|l| l.name == "Darius")
                .unwrap_or(false)
            {
                return Err(RuleError::illegal(
                    format!("rally {id}"),
                    "Alexandros 10.18",
                    "Darius may not rally units",
                ));
            }
        }
        Ok(())
    }

    /// Alexandros 10.18: a unit with Porus rallies without a roll (even unlisted); other listed
    /// units rally on a d6 of at most `rally_roll_max`. Returns the units that rallied; they
    /// are placed by [`Battle::place_rallied`] once the movement orders (checked against the
    /// display as it stood) have been carried out, so that no die is drawn before a check.
    pub fn rally_rolls(
        &mut self,
        pack: &Pack,
        side: Side,
        list: &[String],
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<Vec<String>, RuleError> {
        let mut todo: Vec<String> = self
            .may_rally
            .iter()
            .filter(|id| {
                self.unit(id)
                    .map(|u| u.side == side && u.place.name == "Routed")
                    .unwrap_or(false)
                    && self
                        .leader_with(id)
                        .map(|l| l.name == "Porus")
                        .unwrap_or(false)
            })
            .cloned()
            .collect();
        for id in list {
            if !todo.contains(id) {
                todo.push(id.clone());
            }
        }
        let mut out = Vec::new();
        for id in todo {
            let Some(leader) = self.leader_with(&id).map(|l| l.name.clone()) else {
                continue;
            };
            let ok = if leader == "Porus" {
                ev.push(Event::new(
                    "Alexandros 10.18",
                    format!("{id} rallies automatically with Porus"),
                ));
                true
            } else {
                // The owner's roll (10.18).
                let r = dice
                    .roll_for(side_name(side))
                    .d6(&format!("rally {id} with {leader}"), "Alexandros 10.18")?
                    as u8;
                let ok = r <= pack.board.rules.rally_roll_max;
                ev.push(Event::new(
                    "Alexandros 10.18",
                    format!(
                        "{id} with {leader} tries to rally: roll {r}, {}",
                        if ok { "rallied" } else { "fails" }
                    ),
                ));
                ok
            };
            if ok {
                out.push(id);
            }
        }
        Ok(out)
    }

    /// Alexandros 10.18: rallied units and their leaders go to the Reserve, or if the enemy
    /// holds it to the first friendly-held box that admits them: the owner's standing
    /// `rally_into` boxes first, else Center, Left, Right, the outflanks (reported as a
    /// default). 10.18 sets no bar on their attacking in the round they rally (unlike the
    /// advance of 10.9), so they may (ruling R-9).
    pub fn place_rallied(
        &mut self,
        pack: &Pack,
        side: Side,
        rallied: &[String],
        ev: &mut Vec<Event>,
    ) {
        for id in rallied {
            let Some(leader) = self.leader_with(id).map(|l| l.name.clone()) else {
                continue;
            };
            let t = kind(pack, self.unit(id).expect("unit"));
            let mut dest = None;
            // 10.18: with the Reserve enemy-held, which other own box takes the unit is the
            // owner's: his standing `rally_into` boxes first, then the fixed order (a default).
            let wanted: Vec<String> = self
                .choices
                .get(&side)
                .map(|c| c.rally_into.clone())
                .unwrap_or_default();
            let order: Vec<&str> = std::iter::once("Reserve")
                .chain(
                    wanted
                        .iter()
                        .map(String::as_str)
                        .filter(|b| *b != "Reserve"),
                )
                .chain(RALLY_BOXES)
                .collect();
            for b in order {
                let Some(def) = pack.board.get(b) else {
                    continue;
                };
                let p = Place::new(side, b);
                let occ = self.occupant(&p);
                let admits = def.allowed.is_empty() || def.allowed.iter().any(|c| c.admits(t));
                let room = def
                    .capacity
                    .map(|c| self.units_at(side, &p).len() < c as usize)
                    .unwrap_or(true);
                let lines_room = def.kind != BoxKind::BattleLine
                    || self.count_line(side, &p, Line::First)
                        < def.first_line.unwrap_or(u8::MAX) as usize
                    || self.count_line(side, &p, Line::Second)
                        < def.second_line.unwrap_or(u8::MAX) as usize;
                let fits = if b == "Reserve" {
                    occ != Some(super::other(side))
                } else {
                    occ == Some(side) && admits && room && lines_room
                };
                if fits {
                    dest = Some(p);
                    break;
                }
            }
            let Some(p) = dest else {
                ev.push(Event::new(
                    "Alexandros 10.18",
                    format!("{id} has no friendly box to rally into"),
                ));
                continue;
            };
            let line = if p.kind(pack) == BoxKind::BattleLine
                && self.count_line(side, &p, Line::First)
                    >= pack
                        .board
                        .get(&p.name)
                        .and_then(|d| d.first_line)
                        .unwrap_or(u8::MAX) as usize
            {
                Line::Second
            } else {
                Line::First
            };
            if p.name != "Reserve" && !wanted.contains(&p.name) {
                ev.push(Event::new(
                    "Alexandros 10.18",
                    format!(
                        "the {} Reserve is enemy-held and no rally_into box of the {} player takes {id}: the {} (default)",
                        side_name(side),
                        side_name(side),
                        p.name
                    ),
                ));
            }
            let u = self.unit_mut(id);
            u.place = p.clone();
            u.line = line;
            ev.push(Event::new(
                "Alexandros 10.18",
                format!(
                    "{id} and {leader} return to the {} {}",
                    side_name(side),
                    p.name
                ),
            ));
        }
    }
}
