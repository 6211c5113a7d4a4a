//! Set-up on the Tactical Display (Alexandros 10.3, 10.5, 10.7).

use std::collections::{BTreeMap, BTreeSet};

use super::super::data::board::BoxKind;
use super::super::data::counters::{Nationality, Side};
use super::super::data::Pack;
use super::board::{Line, Place};
use super::{leaders, side_name, BUnit, Battle, BattleOrders, Phase};
use crate::ruleset::{Event, RuleError};

const R: &str = "Alexandros 10.3";

fn bad(order: impl Into<String>, rule: &str, why: impl Into<String>) -> RuleError {
    RuleError::illegal(order, rule, why)
}

impl Battle {
    /// Alexandros 10.3: places one army. The placements list is the placement order: the
    /// first units go to the boxes of `board.yaml` `setup_order` (Center, Right, Left,
    /// Reserve, Center, Center), the rest to any of those four boxes within capacity (10.5);
    /// nothing in the outflank boxes. Persian leaders go with the first units by rating;
    /// Macedonian leaders anywhere, but no box gets a second leader while a box with units has
    /// none. Spartans: Agis and a Spartan unit in the Right box. Persian two-unit stacks
    /// (10.7) need a leader in their box.
    pub fn apply_setup(
        &mut self,
        pack: &Pack,
        side: Side,
        orders: &BattleOrders,
    ) -> Result<Vec<Event>, RuleError> {
        let force = self
            .forces
            .get(&side)
            .cloned()
            .ok_or_else(|| bad("placements", R, "this side has no army in the battle"))?;
        let in_force: BTreeMap<&str, u8> =
            force.units.iter().map(|(c, s)| (c.as_str(), *s)).collect();
        // Two-unit stacks (10.7).
        let mut partner: BTreeMap<String, String> = BTreeMap::new();
        let mut paired: BTreeSet<String> = BTreeSet::new();
        for p in &orders.pairs {
            let order = format!("pairs {p:?}");
            if side != Side::Persian || p.len() != 2 {
                return Err(bad(
                    order,
                    "Alexandros 10.7",
                    "only Persian stacks of exactly two units",
                ));
            }
            let mut spec = None;
            for c in p {
                if !in_force.contains_key(c.as_str()) || !paired.insert(c.clone()) {
                    return Err(bad(
                        &order,
                        "Alexandros 10.7",
                        format!("`{c}` is not an unpaired unit of this army"),
                    ));
                }
                let u = pack
                    .unit(c)
                    .ok_or_else(|| bad(&order, "Alexandros 10.7", "unknown unit"))?;
                let full = u.full();
                let s = pack.board.rules.paired_stacks.iter().position(|ps| {
                    ps.nationality == u.nationality
                        && ps.kind == u.kind
                        && ps.attack == full.attack
                        && ps.defense == full.defense
                });
                if s.is_none() || (spec.is_some() && spec != s) {
                    return Err(bad(
                        &order,
                        "Alexandros 10.7",
                        "only two Persian 3-3 cavalry or two Persian 3-2 infantry may stack",
                    ));
                }
                spec = s;
            }
            partner.insert(p[0].clone(), p[1].clone());
        }
        // Every unit is placed (10.3), checked first: the placements are in placement order,
        // so a unit left out would shift every later one to the wrong box of `setup_order`.
        let named: BTreeSet<&str> = orders.placements.iter().map(|p| p.unit.as_str()).collect();
        let missing: Vec<&str> = force
            .units
            .iter()
            .map(|(c, _)| c.as_str())
            .filter(|c| !named.contains(c) && !partner.values().any(|v| v == c))
            .collect();
        if !missing.is_empty() {
            return Err(bad(
                "placements",
                R,
                format!(
                    "not placed: {} (every unit of the army is set up, in the template's order)",
                    missing.join(", ")
                ),
            ));
        }
        // Placements.
        let mut placed: BTreeSet<String> = BTreeSet::new();
        let mut led: BTreeSet<String> = BTreeSet::new();
        let mut units = Vec::new();
        let mut leader_of: Vec<(String, String)> = Vec::new(); // (leader, unit)
        let boxes = ["Left", "Center", "Right", "Reserve"];
        for (i, p) in orders.placements.iter().enumerate() {
            let order = format!("placements[{i}] {}", p.unit);
            if !in_force.contains_key(p.unit.as_str())
                || paired.contains(&p.unit) && !partner.contains_key(&p.unit)
            {
                return Err(bad(
                    &order,
                    R,
                    "not a unit of this army (a stack is placed by its first code)",
                ));
            }
            if !placed.insert(p.unit.clone()) {
                return Err(bad(&order, R, "placed twice"));
            }
            if !boxes.contains(&p.into.as_str()) {
                return Err(bad(&order, R, "units are set up in Left, Center, Right or Reserve only, never an outflank box"));
            }
            if let Some(want) = pack.board.rules.setup_order.get(i) {
                if &p.into != want {
                    return Err(bad(
                        &order,
                        R,
                        format!("unit number {} must go to the {want} box", i + 1),
                    ));
                }
            }
            let place = Place::new(side, &p.into);
            let is_line = place.kind(pack) == BoxKind::BattleLine;
            let def = pack.board.get(&p.into).cloned().expect("known box");
            let firsts = units
                .iter()
                .filter(|u: &&BUnit| u.place == place && u.line == Line::First)
                .count();
            let seconds = units
                .iter()
                .filter(|u: &&BUnit| u.place == place && u.line == Line::Second)
                .count();
            let line = match &p.line {
                Some(l) if is_line => Line::parse(l, &order)?,
                Some(_) => {
                    return Err(bad(
                        &order,
                        "Alexandros 10.6",
                        "only battle-line boxes have lines",
                    ))
                }
                None if is_line && firsts >= def.first_line.unwrap_or(u8::MAX) as usize => {
                    Line::Second
                }
                None => Line::First,
            };
            if is_line {
                let (n, cap) = match line {
                    Line::First => (firsts, def.first_line),
                    Line::Second => (seconds, def.second_line),
                };
                if n >= cap.unwrap_or(u8::MAX) as usize {
                    return Err(bad(
                        &order,
                        "Alexandros 10.5",
                        format!("the {:?} line of {} is full", line, p.into),
                    ));
                }
            }
            let mut codes = vec![p.unit.clone()];
            if let Some(q) = partner.get(&p.unit) {
                codes.push(q.clone());
            }
            let steps = if codes.len() > 1 {
                2
            } else {
                in_force[p.unit.as_str()]
            };
            if let Some(l) = &p.leader {
                if !force.leaders.iter().any(|(n, _)| n == l) || !led.insert(l.clone()) {
                    return Err(bad(
                        &order,
                        "Alexandros 10.7",
                        format!("`{l}` is not an unplaced leader of this army"),
                    ));
                }
                leader_of.push((l.clone(), p.unit.clone()));
            }
            units.push(BUnit {
                id: p.unit.clone(),
                codes,
                side,
                steps,
                place,
                line,
            });
        }
        for (c, _) in &force.units {
            if !placed.contains(c) && !partner.values().any(|v| v == c) {
                return Err(bad("placements", R, format!("unit `{c}` is not placed")));
            }
        }
        for (l, _) in &force.leaders {
            if !led.contains(l) && units.len() > led.len() {
                return Err(bad(
                    "placements",
                    "Alexandros 10.7",
                    format!("leader `{l}` must be stacked with a unit"),
                ));
            }
        }
        for b in boxes {
            let place = Place::new(side, b);
            if units.iter().any(|u| u.place == place)
                && !units
                    .iter()
                    .any(|u| u.place == place && u.line == Line::First)
            {
                return Err(bad(
                    "placements",
                    "Alexandros 10.6",
                    format!("the first line of {b} may not be empty"),
                ));
            }
        }
        let box_of = |unit: &str| {
            units
                .iter()
                .find(|u| u.id == unit)
                .map(|u| u.place.name.clone())
                .unwrap_or_default()
        };
        let spartans: Vec<&BUnit> = units
            .iter()
            .filter(|u| {
                pack.unit(&u.id)
                    .map(|x| x.nationality == Nationality::Spartan)
                    .unwrap_or(false)
            })
            .collect();
        if !spartans.is_empty() {
            let agis_ok = !force.leaders.iter().any(|(n, _)| n == "Agis")
                || leader_of
                    .iter()
                    .any(|(l, u)| l == "Agis" && box_of(u) == "Right");
            if !spartans.iter().any(|u| u.place.name == "Right") || !agis_ok {
                return Err(bad("placements", R, "with Spartans on the display, Agis and at least one Spartan unit set up in the Right box"));
            }
        }
        if side == Side::Persian {
            // Leaders by rating with the first units (Agis exempt with Spartans, digest A-33).
            let ranked = leaders::by_rating(pack, &force, !spartans.is_empty());
            let mut next = ranked.iter();
            let slots = pack.board.rules.setup_order.len().min(4);
            for (i, p) in orders.placements.iter().enumerate().take(slots) {
                if !spartans.is_empty() && p.leader.as_deref() == Some("Agis") {
                    continue;
                }
                let Some(name) = next.next() else { break };
                if p.leader.as_deref() != Some(name.as_str()) {
                    return Err(bad(
                        format!("placements[{i}] {}", p.unit),
                        R,
                        format!(
                            "the next Persian leader by rating, {name}, goes with unit number {}",
                            i + 1
                        ),
                    ));
                }
            }
        } else {
            let mut per_box: BTreeMap<String, usize> = BTreeMap::new();
            for (_, u) in &leader_of {
                *per_box.entry(box_of(u)).or_default() += 1;
            }
            if per_box.values().any(|n| *n > 1) {
                for b in boxes {
                    if units.iter().any(|u| u.place.name == b) && !per_box.contains_key(b) {
                        return Err(bad(
                            "placements",
                            R,
                            format!(
                                "no box gets a second leader while {b} has units and no leader"
                            ),
                        ));
                    }
                }
            }
        }
        for first in partner.keys() {
            let b = box_of(first);
            if !leader_of.iter().any(|(_, u)| box_of(u) == b) {
                return Err(bad(
                    format!("pairs {first}"),
                    "Alexandros 10.7",
                    "a two-unit stack needs a leader in its box",
                ));
            }
        }
        // Commit.
        let mut ev = Vec::new();
        for u in &units {
            ev.push(Event::new(
                R,
                format!(
                    "{} sets up {} in {} ({:?} line)",
                    side_name(side),
                    u.codes.join("+"),
                    u.place.name,
                    u.line
                ),
            ));
        }
        self.units.extend(units);
        for (l, u) in leader_of {
            if let Some(x) = self.leaders.iter_mut().find(|x| x.name == l) {
                x.with = Some(u.clone());
            }
        }
        self.phase = if side == Side::Persian {
            Phase::Setup(Side::Macedonian)
        } else {
            Phase::Round(1, Side::Macedonian)
        };
        if side == Side::Macedonian {
            self.start_round(pack, 1);
        }
        Ok(ev)
    }
}

impl Battle {
    /// A legal set-up for `side` (Alexandros 10.3, 10.5, 10.7): the units strongest first
    /// (attack plus defence at their present steps; ties in the force's order) to the boxes
    /// of `setup_order`, then to the first of Center, Right, Left, Reserve with room; with
    /// Spartans, the first Spartan unit takes the Right slot and Agis goes with it; leader
    /// number i, by rating, stacks with unit number i — so the best leaders lead the best
    /// units, the highest-rated in the Center as 10.3 requires of the Persian, and for the
    /// Macedonian (free to place his leaders) one leader per box first: Alexander with the
    /// Hetairoi. Players edit it; templates and tests start from it. Empty when `side` has
    /// no army here.
    pub fn default_setup(&self, pack: &Pack, side: Side) -> BattleOrders {
        let Some(f) = self.forces.get(&side) else {
            return BattleOrders::default();
        };
        let order = &pack.board.rules.setup_order;
        let mut units: Vec<String> = f.units.iter().map(|(c, _)| c.clone()).collect();
        // The best units first, so that the best leaders stack with them (10.3, 10.16).
        let worth: BTreeMap<&str, u16> = f
            .units
            .iter()
            .map(|(c, n)| {
                let s = super::board::counter_step(pack, c, *n);
                (c.as_str(), s.attack as u16 + s.defense as u16)
            })
            .collect();
        units.sort_by_key(|c| std::cmp::Reverse(worth.get(c.as_str()).copied().unwrap_or(0)));
        let is_spartan = |c: &str| {
            pack.unit(c)
                .map(|u| u.nationality == Nationality::Spartan)
                .unwrap_or(false)
        };
        let spartans = side == Side::Persian && units.iter().any(|c| is_spartan(c));
        let right_slot = order.iter().position(|b| b == "Right");
        if spartans {
            if let (Some(slot), Some(at)) = (right_slot, units.iter().position(|c| is_spartan(c))) {
                let u = units.remove(at);
                units.insert(slot.min(units.len()), u);
            }
        }
        let agis = spartans && f.leaders.iter().any(|(n, _)| n == "Agis");
        let mut ranked = leaders::by_rating(pack, f, spartans).into_iter();
        let room = |b: &str, used: &BTreeMap<String, usize>| {
            let cap =
                pack.board
                    .get(b)
                    .map_or(usize::MAX, |d| match (d.first_line, d.second_line) {
                        (Some(x), Some(y)) => x as usize + y as usize,
                        _ => usize::MAX,
                    });
            used.get(b).copied().unwrap_or(0) < cap
        };
        let mut used: BTreeMap<String, usize> = BTreeMap::new();
        let mut placements = Vec::new();
        for (i, code) in units.iter().enumerate() {
            let b = match order.get(i) {
                Some(b) => b.clone(),
                None => ["Center", "Right", "Left", "Reserve"]
                    .into_iter()
                    .find(|b| room(b, &used))
                    .unwrap_or("Reserve")
                    .to_string(),
            };
            *used.entry(b.clone()).or_default() += 1;
            let leader = if agis && Some(i) == right_slot && is_spartan(code) {
                Some("Agis".to_string())
            } else {
                ranked.next()
            };
            placements.push(super::orders::Placement {
                unit: code.clone(),
                into: b,
                line: None,
                leader,
            });
        }
        BattleOrders {
            placements,
            ..Default::default()
        }
    }
}
