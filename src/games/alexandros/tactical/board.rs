//! Places on the Tactical Display and what joins them (Alexandros 10.4–10.8), read from
//! `board.yaml`; unit strengths (strength points) from `counters.yaml`.

use serde::{Deserialize, Serialize};

use super::super::data::board::BoxKind;
use super::super::data::counters::{Side, Step, UnitType};
use super::super::data::Pack;
use super::{other, side_name, BUnit, Battle, Fate};
use crate::ruleset::RuleError;

/// A box of one army's display: `army` owns the box (not necessarily the units in it).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Place {
    /// The army whose display holds the box.
    pub army: Side,
    /// Box name (`Left`, `Center`, `Right`, `Reserve`, `LeftOutflank`, `RightOutflank`, `Routed`).
    #[serde(rename = "box")]
    pub name: String,
}

impl Place {
    /// The box `name` of `army`.
    pub fn new(army: Side, name: &str) -> Place {
        Place {
            army,
            name: name.to_string(),
        }
    }

    /// Parses `Center` (own box of `side`) or `enemy Center` (Alexandros 10.4).
    pub fn parse(pack: &Pack, side: Side, text: &str, order: &str) -> Result<Place, RuleError> {
        let t = text.trim();
        let (army, name) = match t.strip_prefix("enemy ") {
            Some(rest) => (other(side), rest.trim()),
            None => (side, t),
        };
        if pack.board.get(name).is_none() {
            return Err(RuleError::illegal(
                order,
                "Alexandros 10.4",
                format!("`{t}` is not a box (Left, Center, Right, Reserve, LeftOutflank, RightOutflank, or `enemy <box>`)"),
            ));
        }
        Ok(Place::new(army, name))
    }

    /// How `side` writes this place in orders.
    pub fn label(&self, side: Side) -> String {
        if self.army == side {
            self.name.clone()
        } else {
            format!("enemy {}", self.name)
        }
    }

    /// `macedonian Center`, for events.
    pub fn title(&self) -> String {
        format!("{} {}", side_name(self.army), self.name)
    }

    /// The kind of the box (10.4).
    pub fn kind(&self, pack: &Pack) -> BoxKind {
        pack.board
            .get(&self.name)
            .map(|b| b.kind)
            .unwrap_or(BoxKind::Routed)
    }
}

/// First or second line of a battle-line box (Alexandros 10.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Line {
    /// May attack and be attacked.
    First,
    /// Attacked only by flank or rear attacks (10.15).
    Second,
}

impl Line {
    /// Parses `first` / `second`.
    pub fn parse(t: &str, order: &str) -> Result<Line, RuleError> {
        match t {
            "first" => Ok(Line::First),
            "second" => Ok(Line::Second),
            _ => Err(RuleError::illegal(
                order,
                "Alexandros 10.6",
                format!("line must be `first` or `second`, not `{t}`"),
            )),
        }
    }
}

/// Whether a unit at `a` may move into or attack `b`: an arrow of one display, or the enemy
/// box a front box faces (Alexandros 10.4, 10.8; reading of `board.yaml`).
pub fn adjacent(pack: &Pack, a: &Place, b: &Place) -> bool {
    if a.name == "Routed" || b.name == "Routed" {
        return false;
    }
    if a.army == b.army {
        pack.board.joined(&a.name, &b.name)
    } else {
        pack.board.faces(&a.name) == Some(b.name.as_str())
    }
}

/// Every place of both displays but the Routed boxes.
pub fn all_places(pack: &Pack) -> Vec<Place> {
    let mut v = Vec::new();
    for army in [Side::Macedonian, Side::Persian] {
        for name in pack.board.boxes.keys() {
            if name != "Routed" {
                v.push(Place::new(army, name));
            }
        }
    }
    v
}

/// Strength of one counter with `steps` steps left (attack and defence, strength points).
pub fn counter_step(pack: &Pack, code: &str, steps: u8) -> Step {
    match pack.unit(code) {
        Some(u) => {
            let n = u.steps.len();
            let i = n.saturating_sub(steps as usize).min(n.saturating_sub(1));
            u.steps.get(i).copied().unwrap_or(u.full())
        }
        None => Step {
            attack: 0,
            defense: 0,
        },
    }
}

/// Current strength of a unit; a two-unit stack adds its counters (Alexandros 10.7).
pub fn strength(pack: &Pack, u: &BUnit) -> Step {
    if u.codes.len() > 1 {
        let mut s = Step {
            attack: 0,
            defense: 0,
        };
        for c in &u.codes {
            let f = counter_step(pack, c, 1);
            s.attack += f.attack;
            s.defense += f.defense;
        }
        s
    } else {
        counter_step(pack, &u.id, u.steps)
    }
}

/// The unit type (the first counter's).
pub fn kind(pack: &Pack, u: &BUnit) -> UnitType {
    pack.unit(&u.id)
        .map(|x| x.kind)
        .unwrap_or(UnitType::RegularInfantry)
}

/// Full strength: no step lost (Alexandros 10.20).
pub fn full_strength(pack: &Pack, u: &BUnit) -> bool {
    if u.codes.len() > 1 {
        return true;
    }
    pack.unit(&u.id)
        .map(|x| x.steps.len() as u8 <= u.steps)
        .unwrap_or(false)
}

impl Battle {
    /// Units of `side` in `place`.
    pub fn units_at(&self, side: Side, place: &Place) -> Vec<&BUnit> {
        self.units
            .iter()
            .filter(|u| u.side == side && &u.place == place)
            .collect()
    }

    /// The side with units in `place`, if any (a box never holds both, digest A-27).
    pub fn occupant(&self, place: &Place) -> Option<Side> {
        self.units
            .iter()
            .find(|u| &u.place == place)
            .map(|u| u.side)
    }

    /// The live leader stacked with a unit.
    pub fn leader_with(&self, unit: &str) -> Option<&super::BLeader> {
        self.leaders
            .iter()
            .find(|l| l.fate == Fate::Active && l.with.as_deref() == Some(unit))
    }

    /// Where a leader stands now.
    pub fn leader_place(&self, name: &str) -> Option<Place> {
        let l = self.leader(name)?;
        match &l.with {
            Some(u) => self.unit(u).map(|u| u.place.clone()),
            None => Some(l.place.clone()),
        }
    }

    /// Units of `side` in the first (or second) line of a place.
    pub fn count_line(&self, side: Side, place: &Place, line: super::Line) -> usize {
        self.units
            .iter()
            .filter(|u| u.side == side && &u.place == place && u.line == line)
            .count()
    }

    /// Alexandros 10.6: a battle-line box holding units always has one in its first line. When
    /// a first line empties, a second-line unit steps forward at the end of the half-round —
    /// the owner's choice, made in advance because the next movement phase may be the
    /// enemy's: the first of his `refill` list in that line, else (reported as a default) the
    /// strongest in defence (digest A-24).
    pub fn fill_first_lines(&mut self, pack: &Pack) -> Vec<crate::ruleset::Event> {
        let mut ev = Vec::new();
        for place in all_places(pack) {
            if place.kind(pack) != BoxKind::BattleLine {
                continue;
            }
            for side in [Side::Macedonian, Side::Persian] {
                if self.count_line(side, &place, Line::First) != 0 {
                    continue;
                }
                let second: Vec<(u8, String)> = self
                    .units_at(side, &place)
                    .iter()
                    .map(|u| (strength(pack, u).defense, u.id.clone()))
                    .collect();
                let wanted = self
                    .choices
                    .get(&side)
                    .and_then(|c| {
                        c.refill
                            .iter()
                            .find(|x| second.iter().any(|(_, i)| i == *x))
                    })
                    .cloned();
                let (id, why) = match wanted {
                    Some(id) => (id, format!("the {} player's refill order", side_name(side))),
                    None => {
                        let mut best: Option<(u8, String)> = None;
                        for (d, id) in &second {
                            if best.as_ref().map(|(bd, _)| d > bd).unwrap_or(true) {
                                best = Some((*d, id.clone()));
                            }
                        }
                        let Some((_, id)) = best else { continue };
                        let why = if second.len() > 1 {
                            format!(
                                "default: the strongest in defence; the {} player named none",
                                side_name(side)
                            )
                        } else {
                            "the only unit there".to_string()
                        };
                        (id, why)
                    }
                };
                if let Some(u) = self.units.iter_mut().find(|u| u.id == id) {
                    u.line = Line::First;
                }
                ev.push(crate::ruleset::Event::new(
                    "Alexandros 10.6",
                    format!(
                        "{id} steps forward into the emptied first line of {} ({why})",
                        place.title()
                    ),
                ));
            }
        }
        ev
    }
}
