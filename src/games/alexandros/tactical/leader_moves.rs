//! Leaders moving on the display in the movement phase (Alexandros 10.7, 10.8, 10.16;
//! ruling R-16): to another unit, or alone.

use super::super::data::counters::Side;
use super::super::data::Pack;
use super::board::{adjacent, Place};
use super::{other, side_name, Battle, Fate};
use crate::ruleset::{Event, RuleError};

fn bad(order: impl Into<String>, rule: &str, why: impl Into<String>) -> RuleError {
    RuleError::illegal(order, rule, why)
}

impl Battle {
    /// Alexandros 10.7, 10.8, 10.16 (ruling R-16): a leader of `side` on the display — stacked
    /// with a unit that is not engaged, or alone, but not in the Routed Units box — goes to a
    /// leaderless unit of his box or of a box joined to his (10.4), or alone into a box joined
    /// to his that holds no enemy unit (an own box, or an enemy box own units hold). Leaders
    /// are not units (10.5), so this is no tactical move; like one, it leaves the box only
    /// after the first round (10.8).
    pub(crate) fn move_leader(
        &mut self,
        pack: &Pack,
        n: u8,
        side: Side,
        lm: &super::LeaderMove,
        order: &str,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let rule = "Alexandros 10.16";
        let Some(l) = self
            .leader(&lm.leader)
            .filter(|l| l.side == side && l.fate == Fate::Active)
            .cloned()
        else {
            let mine: Vec<String> = self
                .leaders
                .iter()
                .filter(|l| l.side == side && l.fate == Fate::Active)
                .map(|l| l.name.clone())
                .collect();
            return Err(bad(
                order,
                rule,
                format!(
                    "`{}` is not a leader of the {} player on the display (yours: {})",
                    lm.leader,
                    side_name(side),
                    mine.join(", ")
                ),
            ));
        };
        let at = self
            .leader_place(&l.name)
            .expect("active leader has a place");
        if at.name == "Routed" {
            return Err(bad(
                order,
                rule,
                format!(
                    "{} is in the Routed Units box: he rallies with his unit (10.18)",
                    l.name
                ),
            ));
        }
        if let Some(u) = &l.with {
            if self.is_engaged(u) {
                return Err(bad(
                    order,
                    "Alexandros 10.12",
                    format!("{} is stacked with {u}, which is engaged", l.name),
                ));
            }
        }
        let (to, unit) = match (&lm.unit, &lm.to) {
            (Some(u), None) => {
                let x = self.own_unit(side, u, order)?;
                if self.leader_with(u).is_some() {
                    return Err(bad(
                        order,
                        "Alexandros 10.7",
                        format!("{u} already has a leader (one leader per unit)"),
                    ));
                }
                if self.is_engaged(u) {
                    return Err(bad(order, "Alexandros 10.12", format!("{u} is engaged")));
                }
                (x.place.clone(), Some(u.clone()))
            }
            (None, Some(t)) => {
                let p = Place::parse(pack, side, t, order)?;
                if p.army != side && self.occupant(&p) != Some(side) {
                    return Err(bad(
                        order,
                        rule,
                        "a leader enters an enemy box only where own units stand",
                    ));
                }
                (p, None)
            }
            _ => {
                return Err(bad(
                    order,
                    rule,
                    "give either `unit` (the unit he joins) or `to` (a box he goes to alone)",
                ));
            }
        };
        if self.occupant(&to) == Some(other(side)) {
            return Err(bad(
                order,
                rule,
                format!("{} is held by the enemy", to.title()),
            ));
        }
        if to != at {
            if n == 1 {
                return Err(bad(
                    order,
                    "Alexandros 10.8",
                    "no movement between boxes in the first round",
                ));
            }
            if !adjacent(pack, &at, &to) {
                return Err(bad(
                    order,
                    "Alexandros 10.4",
                    format!("{} is not joined to {}", at.title(), to.title()),
                ));
            }
        }
        if let Some(x) = self.leaders.iter_mut().find(|x| x.name == l.name) {
            x.with = unit.clone();
            x.place = to.clone();
        }
        ev.push(Event::new(
            rule,
            match unit {
                Some(u) => format!("{} joins {u} in {}", l.name, to.title()),
                None => format!("{} moves alone to {}", l.name, to.title()),
            },
        ));
        Ok(())
    }
}
