//! Checking a half-round's attacks against the display after movement (Alexandros 10.10,
//! 10.12, 10.15, 10.16): which boxes may attack which, the compulsory attack, the return
//! attacks of Eng results and the leader an attack names.

use std::collections::BTreeSet;

use super::super::data::board::BoxKind;
use super::super::data::counters::Side;
use super::super::data::Pack;
use super::board::{adjacent, all_places, kind, Line, Place};
use super::{other, Attack, Battle};
use crate::ruleset::RuleError;

fn bad(order: impl Into<String>, rule: &str, why: impl Into<String>) -> RuleError {
    RuleError::illegal(order, rule, why)
}

impl Battle {
    /// Alexandros 10.10, 10.12, 10.15: checks the attacking boxes against the state after
    /// movement and returns them in order, with the return attacks of Eng results added
    /// first when missing (the box must attack, it cannot pass).
    pub fn check_attacks(
        &self,
        pack: &Pack,
        n: u8,
        side: Side,
        attacks: &[Attack],
    ) -> Result<Vec<super::combat::PlannedAttack>, RuleError> {
        let mut out: Vec<super::combat::PlannedAttack> = Vec::new();
        let mut froms = BTreeSet::new();
        for (i, a) in attacks.iter().enumerate() {
            let order = format!("attacks[{i}] from {}", a.from);
            let from = Place::parse(pack, side, &a.from, &order)?;
            let into = match &a.into {
                Some(t) => Place::parse(pack, side, t, &order)?,
                None => {
                    let f = pack.board.faces(&from.name).ok_or_else(|| {
                        bad(
                            &order,
                            "Alexandros 10.10",
                            "say which box it attacks (`into`)",
                        )
                    })?;
                    Place::new(other(from.army), f)
                }
            };
            if !froms.insert(from.clone()) {
                return Err(bad(order, "Alexandros 10.10", "a box attacks only one box"));
            }
            if self.eligible_attackers(pack, side, &from, true).is_empty() {
                return Err(bad(order, "Alexandros 10.6, 10.9", "no unit of this box may attack (first line, not advanced this round, not engaged)"));
            }
            if !adjacent(pack, &from, &into) {
                return Err(bad(
                    order,
                    "Alexandros 10.10",
                    format!("{} is not joined to {}", from.title(), into.title()),
                ));
            }
            if self.occupant(&into) != Some(other(side)) {
                return Err(bad(
                    order,
                    "Alexandros 10.10",
                    format!("no enemy unit in {}", into.title()),
                ));
            }
            if self.cavalry_blocked(pack, side, &from, &into) {
                return Err(bad(
                    order,
                    "Alexandros 10.10",
                    "cavalry may not attack elephants: this box must pass",
                ));
            }
            let mut duels = Vec::new();
            for d in &a.duels {
                let au = self.unit(&d.attacker);
                let du = self.unit(&d.defender);
                if au
                    .map(|u| u.place != from || u.side != side)
                    .unwrap_or(true)
                    || du.map(|u| u.place != into).unwrap_or(true)
                {
                    return Err(bad(&order, "Alexandros 10.10", format!("{} against {}: not an attacker of this box and a defender of the attacked box", d.attacker, d.defender)));
                }
                duels.push((d.attacker.clone(), d.defender.clone()));
            }
            if let Some(l) = &a.leader {
                self.check_attack_leader(side, &from, l, &order)?;
            }
            out.push((from, into, duels, a.leader.clone()));
        }
        // Return attacks of Eng results (10.12; digest A-30).
        let mut forced = Vec::new();
        for e in &self.engaged {
            if e.round >= n {
                continue;
            }
            let (Some(d), Some(a)) = (self.unit(&e.defender), self.unit(&e.attacker)) else {
                continue;
            };
            if d.side != side {
                continue;
            }
            let (f, t) = (d.place.clone(), a.place.clone());
            match out.iter().position(|(fr, _, _, _)| *fr == f) {
                Some(i) if out[i].1 != t => {
                    return Err(bad(
                        format!("attacks from {}", f.label(side)),
                        "Alexandros 10.12",
                        format!("{} is engaged: its box must attack {}", d.id, t.label(side)),
                    ));
                }
                Some(_) => {}
                None => forced.push((f, t, Vec::new(), None)),
            }
        }
        let mut all = forced;
        for x in out {
            if !all.iter().any(|(f, _, _, _)| *f == x.0) {
                all.push(x);
            }
        }
        if n == 1 && all.len() > 1 {
            return Err(bad(
                "attacks",
                "Alexandros 10.10",
                "in the first round only one box may attack",
            ));
        }
        if all.is_empty() && self.any_attack_possible(pack, side) {
            return Err(bad(
                "attacks",
                "Alexandros 10.10",
                "the active player must attack out of at least one box",
            ));
        }
        Ok(all)
    }

    /// Alexandros 10.16: the leader an attack names must be a leader of `side` stacked with a
    /// unit of the attacking box, and the box may not already have had another leader take
    /// part this round (one leader per box per round).
    fn check_attack_leader(
        &self,
        side: Side,
        from: &Place,
        leader: &str,
        order: &str,
    ) -> Result<(), RuleError> {
        let here: Vec<String> = self
            .units_at(side, from)
            .iter()
            .filter_map(|u| self.leader_with(&u.id).map(|l| l.name.clone()))
            .collect();
        if !here.iter().any(|l| l == leader) {
            return Err(bad(
                order,
                "Alexandros 10.16",
                if here.is_empty() {
                    format!(
                        "`{leader}` is not stacked with a unit of {}: no leader is",
                        from.title()
                    )
                } else {
                    format!(
                        "`{leader}` is not stacked with a unit of {}; leaders there: {}",
                        from.title(),
                        here.join(", ")
                    )
                },
            ));
        }
        if let Some(l) = self.box_leader.get(&Battle::box_key(side, from)) {
            if l != leader {
                return Err(bad(
                    order,
                    "Alexandros 10.16",
                    format!(
                        "{l} already took part for {} this round (one leader per box per round)",
                        from.title()
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Units of `side` in `from` that may attack this round: first line of a battle-line box,
    /// not advanced this round (10.9), not engaged unless `forced_ok` and it must
    /// return an attack (10.12).
    pub fn eligible_attackers(
        &self,
        pack: &Pack,
        side: Side,
        from: &Place,
        forced_ok: bool,
    ) -> Vec<String> {
        let n = self.round();
        self.units
            .iter()
            .filter(|u| u.side == side && &u.place == from && from.name != "Routed")
            .filter(|u| from.kind(pack) != BoxKind::BattleLine || u.line == Line::First)
            .filter(|u| !self.no_attack.contains(&u.id))
            .filter(|u| {
                !self.is_engaged(&u.id)
                    || (forced_ok
                        && self
                            .engaged
                            .iter()
                            .any(|e| e.defender == u.id && e.round < n))
            })
            .map(|u| u.id.clone())
            .collect()
    }

    /// Alexandros 10.10: a box whose attackers are all (non-missile) cavalry facing elephants
    /// must pass.
    fn cavalry_blocked(&self, pack: &Pack, side: Side, from: &Place, into: &Place) -> bool {
        let att = self.eligible_attackers(pack, side, from, true);
        let all_cav = att.iter().all(|id| {
            let t = kind(pack, self.unit(id).expect("unit"));
            t.is_cavalry() && !t.is_missile()
        });
        all_cav
            && self
                .units_at(other(side), into)
                .iter()
                .any(|u| kind(pack, u) == super::super::data::counters::UnitType::Elephant)
    }

    /// Whether any box of `side` could attack at all (Alexandros 10.10).
    pub fn any_attack_possible(&self, pack: &Pack, side: Side) -> bool {
        let froms: BTreeSet<Place> = self
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.place.clone())
            .collect();
        for f in &froms {
            if self.eligible_attackers(pack, side, f, true).is_empty() {
                continue;
            }
            for t in all_places(pack) {
                if adjacent(pack, f, &t)
                    && self.occupant(&t) == Some(other(side))
                    && !self.cavalry_blocked(pack, side, f, &t)
                {
                    return true;
                }
            }
        }
        false
    }
}
