//! Combat (Alexandros 10.10–10.15): pairing attackers with defenders, the duels, the Tactical
//! Combat Results Table and its five results.

use super::super::data::board::BoxKind;
use super::super::data::counters::{Side, UnitType};
use super::super::data::Pack;
use super::board::{kind, strength, Line, Place};
use super::leaders::Column;
use super::{other, Battle, Engagement, FirePolicy, OPT_FLANK_SHIFT, OPT_LIGHT_INFANTRY_FIRE};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// One attacking box after checking: attacking place, attacked place, preferred pairs, and
/// the leader its owner named to take part (10.16).
pub type PlannedAttack = (Place, Place, Vec<(String, String)>, Option<String>);

/// The odds column of the Tactical Combat Results Table for an attack and a defence
/// (strength points): attack ÷ defence rounded down; below 1:1 the first column, above the
/// last column the last (Alexandros 10.11). `shift` moves that many columns right (10.15
/// optional rule).
pub fn odds_column(pack: &Pack, attack: u8, defense: u8, shift: usize) -> String {
    let cols = pack
        .table("tactical-combat-results")
        .map(|t| t.columns.clone())
        .unwrap_or_default();
    if cols.is_empty() {
        return String::new();
    }
    let ratio = attack.checked_div(defense).unwrap_or(u8::MAX);
    let mut idx = 0usize;
    for (i, c) in cols.iter().enumerate() {
        if let Some(n) = c.strip_suffix(":1").and_then(|x| x.parse::<u8>().ok()) {
            if n <= ratio {
                idx = i;
            }
        }
    }
    if ratio == 0 {
        idx = cols.iter().position(|c| c.starts_with('<')).unwrap_or(0);
    }
    cols[(idx + shift).min(cols.len() - 1)].clone()
}

impl Battle {
    /// Alexandros 10.10: resolves every duel of one attacking box, one at a time.
    pub fn resolve_attack(
        &mut self,
        pack: &Pack,
        side: Side,
        attack: &PlannedAttack,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (from, into, preferred, leader) = attack;
        if self.occupant(into) != Some(other(side)) {
            ev.push(Event::new(
                "Alexandros 10.10",
                format!(
                    "{} has no enemy left: the attack from {} lapses",
                    into.title(),
                    from.title()
                ),
            ));
            return Ok(());
        }
        // The leader the attacker named for the box (10.16), checked before the first die.
        if let Some(l) = leader {
            let key = Battle::box_key(side, from);
            let here = self
                .leader_place(l)
                .map(|p| &p == from && self.leader(l).is_some_and(|x| x.with.is_some()))
                .unwrap_or(false);
            if here && !self.box_leader.contains_key(&key) {
                self.box_leader.insert(key, l.clone());
                ev.push(Event::new(
                    "Alexandros 10.16",
                    format!(
                        "{l} takes part for {} this round (the {} player's order)",
                        from.title(),
                        super::side_name(side)
                    ),
                ));
            } else if !here {
                ev.push(Event::new(
                    "Alexandros 10.16",
                    format!(
                        "{l}, named to take part for {}, is no longer stacked with a unit there",
                        from.title()
                    ),
                ));
            }
        }
        // The defending Reserve's four (10.5): the owner's choice or the default, said.
        if into.kind(pack) == BoxKind::Reserve {
            let ids: Vec<String> = self
                .units_at(other(side), into)
                .iter()
                .filter(|u| !self.is_engaged(&u.id))
                .map(|u| u.id.clone())
                .collect();
            let (keep, by_owner) = self.reserve_defenders(pack, other(side), &ids);
            if keep.len() < ids.len() {
                ev.push(Event::new(
                    "Alexandros 10.5",
                    format!(
                        "{} engages {} ({})",
                        into.title(),
                        keep.join(", "),
                        if by_owner {
                            format!(
                                "the {} player's reserve_defenders",
                                super::side_name(other(side))
                            )
                        } else {
                            format!(
                                "default: the strongest in defence; the {} player named none",
                                super::side_name(other(side))
                            )
                        }
                    ),
                ));
            }
        }
        let (duels, notes) = self.pair_explained(pack, side, from, into, preferred);
        for note in notes {
            ev.push(Event::new("Alexandros 10.10", note));
        }
        self.boxes_attacked.insert(into.clone());
        if duels.is_empty() {
            ev.push(self.no_free_target(from, into));
            return Ok(());
        }
        ev.push(Event::new(
            "Alexandros 10.10",
            format!(
                "{} attacks {}: {}",
                from.title(),
                into.title(),
                duels
                    .iter()
                    .map(|(a, d)| format!("{a} vs {d}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
        for (a, d) in duels {
            if self.ending.is_some() {
                break;
            }
            let live = |b: &Battle, id: &str, p: &Place| {
                b.unit(id).map(|u| &u.place == p).unwrap_or(false)
            };
            if !live(self, &a, from) || !live(self, &d, into) {
                continue;
            }
            self.duel(pack, &a, &d, from, dice, ev)?;
        }
        Ok(())
    }

    /// Alexandros 10.10, 10.12: what an attack that pairs no duel reports. An engaged pair
    /// (an Eng result of an earlier round) is out of the free pairing: it fights only when the
    /// engaged defender's box attacks back (10.12); otherwise no unit of `from` may fight one
    /// of `into` (10.9, 10.15).
    fn no_free_target(&self, from: &Place, into: &Place) -> Event {
        let here = |id: &str, p: &Place| self.unit(id).is_some_and(|u| &u.place == p);
        let pairs: Vec<String> = self
            .engaged
            .iter()
            .filter(|e| {
                (here(&e.attacker, from) && here(&e.defender, into))
                    || (here(&e.attacker, into) && here(&e.defender, from))
            })
            .map(|e| format!("{} is engaged with {}", e.defender, e.attacker))
            .collect();
        let text = if pairs.is_empty() {
            format!(
                "{} attacks {}: no free target — no unit there may be attacked by a unit of {} now, so no duel is fought",
                from.title(),
                into.title(),
                from.title()
            )
        } else {
            format!(
                "{} attacks {}: no free target — {}; an engaged pair fights only as Alexandros 10.12 says (the engaged defender's box attacks back), so no other duel is fought",
                from.title(),
                into.title(),
                pairs.join(", ")
            )
        };
        Event::new("Alexandros 10.10", text)
    }

    /// One duel (Alexandros 10.11–10.14): missile attack, or defensive fire then the CRT with
    /// leader ratings added.
    pub fn duel(
        &mut self,
        pack: &Pack,
        a: &str,
        d: &str,
        from: &Place,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let n = self.round();
        let prior_boxes = self
            .attacked_from
            .get(d)
            .map(|s| s.iter().filter(|x| *x != &from.title()).count())
            .unwrap_or(0);
        *self.attacked.entry(d.to_string()).or_default() += 1;
        self.attacked_from
            .entry(d.to_string())
            .or_default()
            .insert(from.title());
        let forced = self
            .engaged
            .iter()
            .position(|e| e.defender == a && e.attacker == d && e.round < n);
        let engaged_before = self
            .engaged
            .iter()
            .any(|e| (e.attacker == d || e.defender == d) && e.round < n);
        if let Some(i) = forced {
            self.engaged.remove(i);
        }
        let au = self.unit(a).expect("attacker").clone();
        let du = self.unit(d).expect("defender").clone();
        let at = kind(pack, &au);
        let dt = kind(pack, &du);
        if at.is_missile() {
            let s = strength(pack, &au).attack;
            let hit = self.missile_fire(
                pack,
                a,
                d,
                s,
                "missile attack",
                "Alexandros 10.13",
                dice,
                ev,
            )?;
            if hit {
                let leader = self.leader_with(d).map(|l| l.name.clone());
                self.take_loss(pack, d, leader, dice, ev)?;
            }
            return Ok(());
        }
        // Defensive fire (10.14).
        if self
            .fire
            .get(&du.side)
            .copied()
            .unwrap_or(FirePolicy::Always)
            == FirePolicy::Always
            && !engaged_before
        {
            let mut fire_strength = None;
            if dt.is_missile() {
                fire_strength = Some(strength(pack, &du).attack);
            } else if dt == UnitType::LightInfantry
                && self.option(OPT_LIGHT_INFANTRY_FIRE)
                && !self.fired_once.contains(d)
            {
                self.fired_once.insert(d.to_string());
                fire_strength = Some(pack.board.rules.light_infantry_fire_strength);
            }
            if let Some(s) = fire_strength {
                if self.missile_fire(
                    pack,
                    d,
                    a,
                    s,
                    "defensive fire",
                    "Alexandros 10.14",
                    dice,
                    ev,
                )? {
                    let leader = self.leader_with(a).map(|l| l.name.clone());
                    let gone = self.take_loss(pack, a, leader, dice, ev)?;
                    if gone || self.ending.is_some() {
                        return Ok(());
                    }
                }
            }
        }
        let au = self.unit(a).expect("attacker").clone();
        let la = self.participating_leader(pack, a, ev);
        let ld = self.participating_leader(pack, d, ev);
        // Every leader stacked with a unit that suffers a result rolls (10.16), whether or not
        // he was the one taking part for his box.
        let sa = self.leader_with(a).map(|l| l.name.clone());
        let sd = self.leader_with(d).map(|l| l.name.clone());
        let att = strength(pack, &au).attack + self.leader_bonus(pack, la.as_deref());
        let def = strength(pack, &du).defense + self.leader_bonus(pack, ld.as_deref());
        let shift = if self.option(OPT_FLANK_SHIFT) {
            prior_boxes
        } else {
            0
        };
        let col = odds_column(pack, att, def, shift);
        // The attacker's roll (10.11): it names his side for the audit.
        let roll = dice
            .roll_for(super::side_name(au.side))
            .d6(&format!("combat {a} vs {d} at {col}"), "Alexandros 10.11")?;
        let result = pack
            .table("tactical-combat-results")
            .and_then(|t| t.roll(roll as u8, &col))
            .unwrap_or("Eng")
            .to_string();
        ev.push(Event::new(
            "Alexandros 10.11",
            format!("{a} ({att}) attacks {d} ({def}) at {col}: roll {roll}, {result}"),
        ));
        match result.as_str() {
            "AR" => self.rout(pack, a, sa, dice, ev)?,
            "AL" => {
                self.take_loss(pack, a, sa, dice, ev)?;
            }
            "DR" => self.rout(pack, d, sd, dice, ev)?,
            "DL" => {
                self.take_loss(pack, d, sd, dice, ev)?;
            }
            _ if at == UnitType::Elephant && dt.is_cavalry() && !dt.is_missile() => {
                // The return attack would be cavalry against elephants (10.10): the pair
                // disengages instead (digest A-30).
                ev.push(Event::new(
                    "Alexandros 10.10",
                    format!("{a} and {d} are engaged, but cavalry may not attack elephants: they disengage"),
                ));
            }
            _ => {
                self.engaged.push(Engagement {
                    attacker: a.to_string(),
                    defender: d.to_string(),
                    round: n,
                });
                ev.push(Event::new(
                    "Alexandros 10.12",
                    format!("{a} and {d} are engaged: {d} must attack {a} next round"),
                ));
            }
        }
        self.check_elimination(pack, ev);
        self.check_breakthrough(pack, ev);
        Ok(())
    }

    /// Alexandros 10.12 AL/DL, 10.13, 10.16: the unit loses a step (a stack loses a counter);
    /// with no step left it is destroyed. The leader stacked with it (`leader`) rolls on the
    /// Loss column;
    /// if his unit is gone and he lives he joins another unit of the box. Returns true if the
    /// unit was destroyed.
    pub fn take_loss(
        &mut self,
        pack: &Pack,
        id: &str,
        leader: Option<String>,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<bool, RuleError> {
        let (place, side) = {
            let u = self.unit_mut(id);
            let lost = if u.codes.len() > 1 {
                u.codes.pop().expect("two codes")
            } else {
                u.id.clone()
            };
            u.steps = u.steps.saturating_sub(1);
            let left = u.steps;
            let (p, s) = (u.place.clone(), u.side);
            *self.steps_lost.entry(lost.clone()).or_default() += 1;
            if left == 0 || lost != id {
                self.eliminated.push(lost.clone());
            }
            ev.push(Event::new(
                "Alexandros 10.12",
                format!("{id} loses a step ({left} left)"),
            ));
            (p, s)
        };
        let destroyed = self.unit(id).map(|u| u.steps == 0).unwrap_or(true);
        if destroyed {
            self.units.retain(|u| u.id != id);
            self.engaged
                .retain(|e| e.attacker != id && e.defender != id);
            ev.push(Event::new("Alexandros 10.12", format!("{id} is destroyed")));
        }
        let stacked = self
            .leaders
            .iter()
            .find(|l| l.with.as_deref() == Some(id) && l.fate == super::Fate::Active)
            .map(|l| l.name.clone());
        if let Some(l) = &leader {
            self.leader_casualty(pack, l, Column::Loss, dice, ev)?;
        }
        if destroyed {
            if let Some(l) = stacked {
                if self
                    .leader(&l)
                    .map(|x| x.fate == super::Fate::Active)
                    .unwrap_or(false)
                {
                    self.restack_leader(pack, &l, &place, side, ev);
                }
            }
        }
        self.check_elimination(pack, ev);
        Ok(destroyed)
    }

    /// Alexandros 10.12 AR/DR, 10.16, 10.17: the unit goes to its Routed Units box with the
    /// leader stacked with it (`leader`), who first rolls on the Rout column; a unit stacked
    /// with Alexander ignores the rout, but Alexander still rolls.
    pub fn rout(
        &mut self,
        pack: &Pack,
        id: &str,
        leader: Option<String>,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let with_alexander = self
            .leader_with(id)
            .map(|l| l.name == "Alexander")
            .unwrap_or(false);
        if let Some(l) = &leader {
            self.leader_casualty(pack, l, Column::Rout, dice, ev)?;
        } else if with_alexander {
            self.leader_casualty(pack, "Alexander", Column::Rout, dice, ev)?;
        }
        if with_alexander {
            ev.push(Event::new(
                "Alexandros 10.17",
                format!("{id} is stacked with Alexander and ignores the rout"),
            ));
            return Ok(());
        }
        if self.unit(id).is_none() {
            return Ok(());
        }
        let side = self.unit(id).expect("unit").side;
        let u = self.unit_mut(id);
        u.place = Place::new(side, "Routed");
        u.line = Line::First;
        self.engaged
            .retain(|e| e.attacker != id && e.defender != id);
        ev.push(Event::new(
            "Alexandros 10.12",
            format!("{id} routs to the Routed Units box"),
        ));
        if side == Side::Persian {
            if let Some(l) = self.leader_with(id) {
                if l.name == "Darius" {
                    ev.push(Event::new("Alexandros 15.2", "Darius routs"));
                }
            }
        }
        self.check_elimination(pack, ev);
        Ok(())
    }
}
