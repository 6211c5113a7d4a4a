//! Leaders in battle: commanders (Alexandros 10.19), ranking (10.3), the one leader per box
//! per round (10.16), casualties (10.16) and Alexander's rules (10.17).

use super::super::data::counters::Side;
use super::super::data::Pack;
use super::board::Place;
use super::{side_name, Battle, Fate, Force};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Leader rating now (ability points), wounded side if wounded (Alexandros 10.16).
pub fn rating(pack: &Pack, name: &str, wounded: bool) -> u8 {
    match pack.leader(name) {
        Some(l) if wounded => l.wounded_rating.unwrap_or(0),
        Some(l) => l.rating,
        None => 0,
    }
}

/// A force's leaders by current rating, highest first; ties keep the force's order
/// (Alexandros 10.3; digest A-38). `skip_agis`: Agis is placed by the Spartan rule.
pub fn by_rating(pack: &Pack, force: &Force, skip_agis: bool) -> Vec<String> {
    let mut v: Vec<(usize, u8, String)> = force
        .leaders
        .iter()
        .enumerate()
        .filter(|(_, (n, _))| !(skip_agis && n == "Agis"))
        .map(|(i, (n, w))| (i, rating(pack, n, *w), n.clone()))
        .collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v.into_iter().map(|(_, _, n)| n).collect()
}

/// The army's commander (Alexandros 10.19): Alexander; Darius, else Bessus; else the
/// highest-rated leader (ties: first listed). None for a leaderless army.
pub fn commander_of(pack: &Pack, force: &Force) -> Option<String> {
    for special in ["Alexander", "Darius", "Bessus"] {
        if force.leaders.iter().any(|(n, _)| n == special) {
            return Some(special.to_string());
        }
    }
    by_rating(pack, force, false).into_iter().next()
}

/// Column of the Leader Casualty Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    /// After AR / DR.
    Rout,
    /// After AL / DL and missile hits.
    Loss,
}

impl Column {
    fn label(self) -> &'static str {
        match self {
            Column::Rout => "Rout",
            Column::Loss => "Loss",
        }
    }
}

impl Battle {
    /// The key of a box in [`Battle::box_leader`]: the side fighting from it and the place.
    pub fn box_key(side: Side, place: &Place) -> String {
        format!(
            "{}|{}|{}",
            side_name(side),
            side_name(place.army),
            place.name
        )
    }

    /// Alexandros 10.16: the leader who takes part in combat for `unit` this round, if any —
    /// only one leader per box per round. The owner chooses him: an attack's `leader`, else
    /// the first of his `leaders_first` stacked with a unit of the box, else (reported as a
    /// default) the highest-rated; chosen when the box first fights in the round and kept for
    /// the round. A leader who sat out this phase (10.12 AL) is not chosen.
    pub fn participating_leader(
        &mut self,
        pack: &Pack,
        unit: &str,
        ev: &mut Vec<Event>,
    ) -> Option<String> {
        let u = self.unit(unit)?.clone();
        let stacked = self.leader_with(unit)?.name.clone();
        if self.sat_out.contains(&stacked) {
            return None;
        }
        let key = Battle::box_key(u.side, &u.place);
        if let Some(l) = self.box_leader.get(&key) {
            return (l == &stacked).then_some(stacked);
        }
        let mut present: Vec<(u8, String)> = Vec::new();
        for x in self.units_at(u.side, &u.place) {
            if let Some(l) = self.leader_with(&x.id) {
                if !self.sat_out.contains(&l.name) {
                    present.push((rating(pack, &l.name, l.wounded), l.name.clone()));
                }
            }
        }
        let wanted = self
            .choices
            .get(&u.side)
            .and_then(|c| {
                c.leaders_first
                    .iter()
                    .find(|n| present.iter().any(|(_, p)| p == *n))
            })
            .cloned();
        let chosen = match wanted {
            Some(n) => {
                if present.len() > 1 {
                    ev.push(Event::new(
                        "Alexandros 10.16",
                        format!(
                            "{n} takes part for {} this round (the {} player's leaders_first)",
                            u.place.title(),
                            side_name(u.side)
                        ),
                    ));
                }
                n
            }
            None => {
                present.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
                let (_, n) = present.first()?.clone();
                if present.len() > 1 {
                    ev.push(Event::new(
                        "Alexandros 10.16",
                        format!(
                            "{n} takes part for {} this round (default: the highest-rated; the {} player named none)",
                            u.place.title(),
                            side_name(u.side)
                        ),
                    ));
                }
                n
            }
        };
        self.box_leader.insert(key, chosen.clone());
        (chosen == stacked).then_some(stacked)
    }

    /// Rating added by a participating leader (strength points, Alexandros 10.11).
    pub fn leader_bonus(&self, pack: &Pack, leader: Option<&str>) -> u8 {
        leader
            .and_then(|n| self.leader(n))
            .map(|l| rating(pack, &l.name, l.wounded))
            .unwrap_or(0)
    }

    /// Alexandros 10.16, 10.17: one d6 on the Rout or Loss column of the Leader Casualty
    /// Table. WIA flips the leader (no further effect if already wounded; a leader with no
    /// wounded side dies). KIA removes him — Alexander only if a second d6 is at most
    /// `alexander_kia_confirm_max`, else WIA. Returns true if the leader died.
    pub fn leader_casualty(
        &mut self,
        pack: &Pack,
        name: &str,
        column: Column,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<bool, RuleError> {
        let table = pack.table("leader-casualty").ok_or_else(|| {
            RuleError::illegal("battle", "Alexandros 10.16", "no leader-casualty table")
        })?;
        // The roll is for the leader's side (10.16).
        let owner = self
            .leader(name)
            .map(|l| side_name(l.side))
            .unwrap_or("macedonian");
        let roll = dice.roll_for(owner).d6(
            &format!("leader casualty {name} ({})", column.label()),
            "Alexandros 10.16",
        )?;
        let mut cell = table
            .roll(roll as u8, column.label())
            .unwrap_or("none")
            .to_string();
        if cell == "KIA" && name == "Alexander" {
            let again = dice
                .roll_for("macedonian")
                .d6("Alexander KIA confirmation", "Alexandros 10.17")?;
            if again as u8 > pack.board.rules.alexander_kia_confirm_max {
                ev.push(Event::new(
                    "Alexandros 10.17",
                    format!("Alexander rolls KIA, then {again}: wounded instead"),
                ));
                cell = "WIA".to_string();
            } else {
                ev.push(Event::new(
                    "Alexandros 10.17",
                    format!("Alexander rolls KIA, then {again}: he is dead"),
                ));
            }
        }
        let has_wounded_side = pack.leader(name).and_then(|l| l.wounded_rating).is_some();
        let dies = cell == "KIA" || (cell == "WIA" && !has_wounded_side);
        if dies {
            ev.push(Event::new(
                "Alexandros 10.16",
                format!(
                    "{name} rolls {roll} on the {} column: killed",
                    column.label()
                ),
            ));
            self.remove_leader(name, Fate::Killed, ev);
            return Ok(true);
        }
        if cell == "WIA" {
            if let Some(l) = self.leaders.iter_mut().find(|l| l.name == name) {
                if l.wounded {
                    ev.push(Event::new(
                        "Alexandros 10.16",
                        format!("{name} rolls {roll}: wounded again, no further effect"),
                    ));
                } else {
                    l.wounded = true;
                    l.wounded_here = true;
                    ev.push(Event::new(
                        "Alexandros 10.16",
                        format!(
                            "{name} rolls {roll} on the {} column: wounded",
                            column.label()
                        ),
                    ));
                }
            }
        } else {
            ev.push(Event::new(
                "Alexandros 10.16",
                format!(
                    "{name} rolls {roll} on the {} column: unharmed",
                    column.label()
                ),
            ));
        }
        Ok(false)
    }

    /// Removes a leader (killed or captured) and ends the battle if he commanded his army
    /// (Alexandros 10.16, 10.19).
    pub fn remove_leader(&mut self, name: &str, fate: Fate, ev: &mut Vec<Event>) {
        let mut side = None;
        if let Some(l) = self.leaders.iter_mut().find(|l| l.name == name) {
            l.fate = fate;
            l.with = None;
            side = Some(l.side);
        }
        let Some(side) = side else { return };
        if self
            .commanders
            .get(&side)
            .map(|c| c == name)
            .unwrap_or(false)
        {
            self.commander_lost(side, name, ev);
        }
    }

    /// Alexandros 10.12 AL (digest A-36): a leader whose unit was destroyed joins another unit
    /// of the box without a leader — the first of the owner's `rejoin` list, else (reported
    /// as a default) the strongest in defence — and sits out the rest of the combat phase;
    /// with none, he stays alone in the box (in an enemy box he goes to his own Routed Units
    /// box).
    pub fn restack_leader(
        &mut self,
        pack: &Pack,
        name: &str,
        place: &Place,
        side: Side,
        ev: &mut Vec<Event>,
    ) {
        let free: Vec<(u8, String)> = self
            .units_at(side, place)
            .into_iter()
            .filter(|u| self.leader_with(&u.id).is_none())
            .map(|u| (super::board::strength(pack, u).defense, u.id.clone()))
            .collect();
        let wanted = self
            .choices
            .get(&side)
            .and_then(|c| c.rejoin.iter().find(|x| free.iter().any(|(_, f)| f == *x)))
            .cloned();
        let best = match wanted {
            Some(u) => Some((u, "the owner's rejoin list")),
            None => {
                let mut best: Option<(u8, String)> = None;
                for (d, id) in &free {
                    if best.as_ref().map(|(bd, _)| d > bd).unwrap_or(true) {
                        best = Some((*d, id.clone()));
                    }
                }
                best.map(|(_, id)| (id, "default: the strongest; the owner named none"))
            }
        };
        let alone = if place.army == side {
            place.clone()
        } else {
            Place::new(side, "Routed")
        };
        if let Some(l) = self.leaders.iter_mut().find(|l| l.name == name) {
            match best {
                Some((u, why)) => {
                    ev.push(Event::new(
                        "Alexandros 10.12",
                        format!(
                            "{name} joins {u} ({why}) and sits out the rest of this combat phase"
                        ),
                    ));
                    l.with = Some(u);
                    self.sat_out.insert(name.to_string());
                }
                None => {
                    ev.push(Event::new(
                        "Alexandros 10.12",
                        format!("{name} is left alone in {}", alone.title()),
                    ));
                    l.with = None;
                    l.place = alone;
                }
            }
        }
    }
}
