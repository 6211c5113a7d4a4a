//! A half-round (Alexandros 10.2): rally, movement (lines 10.6, advances 10.9, the one tactical
//! move 10.8), then combat (10.10). Every order is checked before the first die is drawn.

use std::collections::BTreeSet;

use super::super::data::board::BoxKind;
use super::super::data::counters::Side;
use super::super::data::Pack;
use super::board::{adjacent, all_places, kind, Line, Place};
use super::{side_name, Battle, BattleOrders, Fate, Phase};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

fn bad(order: impl Into<String>, rule: &str, why: impl Into<String>) -> RuleError {
    RuleError::illegal(order, rule, why)
}

impl Battle {
    /// Alexandros 10.2, 10.9, 10.18: at the start of a round, notes the empty boxes and the
    /// routed units stacked with a leader; clears last round's per-round marks.
    pub fn start_round(&mut self, pack: &Pack, n: u8) {
        self.phase = Phase::Round(n, Side::Macedonian);
        self.vacant_at_start = all_places(pack)
            .into_iter()
            .filter(|p| self.occupant(p).is_none())
            .collect();
        self.may_rally = self
            .units
            .iter()
            .filter(|u| u.place.name == "Routed" && self.leader_with(&u.id).is_some())
            .map(|u| u.id.clone())
            .collect();
        self.no_attack.clear();
        self.box_leader.clear();
        self.attacked.clear();
        self.attacked_from.clear();
        self.boxes_attacked.clear();
    }

    /// Whether a unit is locked by an Eng result (Alexandros 10.12).
    pub fn is_engaged(&self, unit: &str) -> bool {
        self.engaged
            .iter()
            .any(|e| e.attacker == unit || e.defender == unit)
    }

    /// Resolves one side's half-round (Alexandros 10.2).
    pub fn apply_half_round(
        &mut self,
        pack: &Pack,
        n: u8,
        side: Side,
        orders: &BattleOrders,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        if !orders.placements.is_empty() {
            return Err(bad(
                "placements",
                "Alexandros 10.2",
                "placements belong to the set-up",
            ));
        }
        // Validation on a copy, no dice.
        let mut work = self.clone();
        work.check_rallies(side, &orders.rally)?;
        Self::check_rally_into(&orders.rally_into)?;
        work.movement(pack, n, side, orders, &mut Vec::new())?;
        work.check_breakthrough(pack, &mut Vec::new());
        let attacks = if work.ending.is_some() {
            Vec::new()
        } else {
            work.check_attacks(pack, n, side, &orders.attacks)?
        };
        // Resolution.
        let mut ev = Vec::new();
        if let Some(f) = orders.defensive_fire {
            self.fire.insert(side, f);
        }
        if !orders.pursuit_losses.is_empty() {
            self.pursuit_losses
                .insert(side, orders.pursuit_losses.clone());
        }
        match orders.pursue {
            Some(false) => {
                self.no_pursuit.insert(side);
            }
            Some(true) => {
                self.no_pursuit.remove(&side);
            }
            None => {}
        }
        self.choices.entry(side).or_default().update(
            &orders.leaders_first,
            &orders.refill,
            &orders.reserve_defenders,
            &orders.rejoin,
            &orders.rally_into,
        );
        let rallied = self.rally_rolls(pack, side, &orders.rally, dice, &mut ev)?;
        self.movement(pack, n, side, orders, &mut ev)?;
        self.place_rallied(pack, side, &rallied, &mut ev);
        self.check_breakthrough(pack, &mut ev);
        if self.result.is_none() && self.pending_over().is_none() {
            self.attacked.clear();
            self.attacked_from.clear();
            self.sat_out.clear();
            self.boxes_attacked.clear();
            for a in &attacks {
                if self.pending_over().is_some() {
                    break;
                }
                self.resolve_attack(pack, side, a, dice, &mut ev)?;
            }
        }
        ev.extend(self.fill_first_lines(pack));
        self.next_step(pack, n, side, dice, &mut ev)?;
        Ok(ev)
    }

    /// Moves to the next half-round, or ends the battle (nightfall after the last round,
    /// Alexandros 10.19) and runs pursuit (10.20).
    fn next_step(
        &mut self,
        pack: &Pack,
        n: u8,
        side: Side,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(end) = self.pending_over() {
            return self.finish(pack, end, dice, ev);
        }
        if side == Side::Macedonian {
            self.phase = Phase::Round(n, Side::Persian);
        } else if n >= pack.board.rules.rounds {
            ev.push(Event::new(
                "Alexandros 10.19",
                "nightfall: the battle ends in a draw",
            ));
            return self.finish(pack, super::end::End::Nightfall, dice, ev);
        } else {
            self.start_round(pack, n + 1);
        }
        Ok(())
    }

    /// Alexandros 10.6, 10.8, 10.9: line changes, advances, the tactical move — deterministic,
    /// checked as it goes. Leaders stacked with units move with them.
    pub fn movement(
        &mut self,
        pack: &Pack,
        n: u8,
        side: Side,
        orders: &BattleOrders,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let rules = pack.board.rules.clone();
        // Two-unit stacks formed in the movement phase (10.7; digest A-34).
        for (i, p) in orders.pairs.iter().enumerate() {
            let order = format!("pairs[{i}]");
            if side != Side::Persian || p.len() != 2 || p[0] == p[1] {
                return Err(bad(
                    order,
                    "Alexandros 10.7",
                    "only Persian stacks of two different units",
                ));
            }
            let a = self.own_unit(side, &p[0], &order)?.clone();
            let b = self.own_unit(side, &p[1], &order)?.clone();
            let spec = |u: &super::BUnit| -> Option<usize> {
                if u.codes.len() != 1 {
                    return None;
                }
                let x = pack.unit(&u.id)?;
                let f = x.full();
                rules.paired_stacks.iter().position(|ps| {
                    ps.nationality == x.nationality
                        && ps.kind == x.kind
                        && ps.attack == f.attack
                        && ps.defense == f.defense
                })
            };
            if spec(&a).is_none() || spec(&a) != spec(&b) {
                return Err(bad(
                    order,
                    "Alexandros 10.7",
                    "only two Persian 3-3 cavalry or two Persian 3-2 infantry may stack",
                ));
            }
            if a.place != b.place || self.is_engaged(&a.id) || self.is_engaged(&b.id) {
                return Err(bad(
                    order,
                    "Alexandros 10.7",
                    "the two units must share a box and not be engaged",
                ));
            }
            if !self
                .units_at(side, &a.place)
                .iter()
                .any(|u| self.leader_with(&u.id).is_some())
            {
                return Err(bad(
                    order,
                    "Alexandros 10.7",
                    "a two-unit stack needs a leader in its box",
                ));
            }
            let moved_leader = self.leader_with(&b.id).map(|l| l.name.clone());
            self.units.retain(|u| u.id != b.id);
            let first = self.unit_mut(&a.id);
            first.codes.push(b.id.clone());
            first.steps = 2;
            if let Some(l) = moved_leader {
                let free = self.leader_with(&a.id).is_none();
                if free {
                    if let Some(x) = self.leaders.iter_mut().find(|x| x.name == l) {
                        x.with = Some(a.id.clone());
                    }
                } else {
                    self.restack_leader(pack, &l, &a.place, side, ev);
                }
            }
            ev.push(Event::new(
                "Alexandros 10.7",
                format!("{} and {} form one two-step unit", a.id, b.id),
            ));
        }
        // Lines (10.6).
        let mut touched = BTreeSet::new();
        for (i, lc) in orders.lines.iter().enumerate() {
            let order = format!("lines[{i}] {}", lc.unit);
            let to = Line::parse(&lc.to, &order)?;
            let u = self.own_unit(side, &lc.unit, &order)?;
            if u.place.kind(pack) != BoxKind::BattleLine {
                return Err(bad(
                    order,
                    "Alexandros 10.6",
                    "only units in a Left, Center or Right box change lines",
                ));
            }
            if self.is_engaged(&u.id) {
                return Err(bad(
                    order,
                    "Alexandros 10.12",
                    "an engaged unit may not move",
                ));
            }
            touched.insert(u.place.clone());
            let id = u.id.clone();
            self.unit_mut(&id).line = to;
            ev.push(Event::new(
                "Alexandros 10.6",
                format!("{id} moves to the {} line", lc.to),
            ));
        }
        for p in touched {
            self.check_lines(pack, side, &p, "lines")?;
        }
        // Advances (10.9).
        let mut entered = BTreeSet::new();
        for (i, a) in orders.advances.iter().enumerate() {
            let order = format!("advances[{i}]");
            let to = Place::parse(pack, side, &a.to, &order)?;
            if !self.vacant_at_start.contains(&to)
                || self.occupant(&to).is_some()
                || !entered.insert(to.clone())
            {
                return Err(bad(
                    order,
                    "Alexandros 10.9",
                    format!(
                        "{} was not empty at the start of the round (or already entered)",
                        a.to
                    ),
                ));
            }
            if a.units.is_empty() || a.units.len() > rules.max_units_per_advance as usize {
                return Err(bad(
                    order,
                    "Alexandros 10.9",
                    format!(
                        "an advance moves 1 to {} units",
                        rules.max_units_per_advance
                    ),
                ));
            }
            self.move_group(pack, side, &a.units, &to, &order, "Alexandros 10.9", ev)?;
            for u in &a.units {
                self.no_attack.insert(u.clone());
            }
            // A leader alone in the box is captured (10.16).
            let caught: Vec<String> = self
                .leaders
                .iter()
                .filter(|l| {
                    l.fate == Fate::Active && l.side != side && l.with.is_none() && l.place == to
                })
                .map(|l| l.name.clone())
                .collect();
            for l in caught {
                ev.push(Event::new(
                    "Alexandros 10.16",
                    format!("{l}, alone in {}, is captured", to.title()),
                ));
                self.remove_leader(&l, Fate::Captured, ev);
            }
        }
        // The tactical move (10.8).
        if let Some(m) = &orders.tactical_move {
            let order = "move".to_string();
            if n == 1 {
                return Err(bad(
                    order,
                    "Alexandros 10.8",
                    "no tactical movement in the first round",
                ));
            }
            if m.units.is_empty() || m.units.len() > rules.max_units_per_tactical_move as usize {
                return Err(bad(
                    order,
                    "Alexandros 10.8",
                    format!(
                        "a tactical move moves 1 to {} units",
                        rules.max_units_per_tactical_move
                    ),
                ));
            }
            let to = Place::parse(pack, side, &m.to, &order)?;
            if to.army != side && self.occupant(&to) != Some(side) {
                return Err(bad(
                    order,
                    "Alexandros 10.9",
                    "an empty enemy box is entered by an advance, not a tactical move",
                ));
            }
            let from = self.own_unit(side, &m.units[0], &order)?.place.clone();
            if from.kind(pack) == BoxKind::BattleLine
                && self.units_at(side, &from).len() <= m.units.len()
            {
                return Err(bad(
                    order,
                    "Alexandros 10.8",
                    format!("the move may not leave {} empty", from.title()),
                ));
            }
            self.move_group(pack, side, &m.units, &to, &order, "Alexandros 10.8", ev)?;
        }
        // Leaders re-attached or moving alone (10.7, 10.16; ruling R-16).
        let mut moved = BTreeSet::new();
        for (i, lm) in orders.leaders.iter().enumerate() {
            let order = format!("leaders[{i}] {}", lm.leader);
            if !moved.insert(lm.leader.clone()) {
                return Err(bad(
                    order,
                    "Alexandros 10.16",
                    "a leader moves once per movement phase",
                ));
            }
            self.move_leader(pack, n, side, lm, &order, ev)?;
        }
        Ok(())
    }

    pub(crate) fn own_unit(
        &self,
        side: Side,
        id: &str,
        order: &str,
    ) -> Result<&super::BUnit, RuleError> {
        self.units
            .iter()
            .find(|u| u.id == id && u.side == side && u.place.name != "Routed")
            .ok_or_else(|| {
                bad(
                    order,
                    "Alexandros 10.2",
                    format!(
                        "`{id}` is not a unit of the {} player on the display",
                        side_name(side)
                    ),
                )
            })
    }

    pub(crate) fn unit_mut(&mut self, id: &str) -> &mut super::BUnit {
        self.units
            .iter_mut()
            .find(|u| u.id == id)
            .expect("unit exists")
    }

    /// Alexandros 10.5, 10.6: line capacities and a first line never empty.
    fn check_lines(
        &self,
        pack: &Pack,
        side: Side,
        p: &Place,
        order: &str,
    ) -> Result<(), RuleError> {
        if p.kind(pack) != BoxKind::BattleLine {
            return Ok(());
        }
        let def = pack.board.get(&p.name).expect("box");
        let f = self.count_line(side, p, Line::First);
        let s = self.count_line(side, p, Line::Second);
        if f > def.first_line.unwrap_or(u8::MAX) as usize
            || s > def.second_line.unwrap_or(u8::MAX) as usize
        {
            return Err(bad(
                order,
                "Alexandros 10.5",
                format!(
                    "{} holds at most {:?} + {:?}",
                    p.title(),
                    def.first_line,
                    def.second_line
                ),
            ));
        }
        if f == 0 && s > 0 {
            return Err(bad(
                order,
                "Alexandros 10.6",
                format!("the first line of {} may not be empty", p.title()),
            ));
        }
        Ok(())
    }

    /// Moves units that share one box into an adjacent box, checking capacity (10.5).
    #[allow(clippy::too_many_arguments)]
    fn move_group(
        &mut self,
        pack: &Pack,
        side: Side,
        ids: &[String],
        to: &Place,
        order: &str,
        rule: &str,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let mut from: Option<Place> = None;
        let mut seen = BTreeSet::new();
        for id in ids {
            let u = self.own_unit(side, id, order)?;
            if !seen.insert(id.clone()) {
                return Err(bad(order, rule, format!("`{id}` listed twice")));
            }
            if self.is_engaged(id) {
                return Err(bad(
                    order,
                    "Alexandros 10.12",
                    format!("`{id}` is engaged and may not move"),
                ));
            }
            match &from {
                None => from = Some(u.place.clone()),
                Some(f) if f != &u.place => {
                    return Err(bad(order, rule, "the units must all come from one box"))
                }
                _ => {}
            }
        }
        let from = from.expect("at least one unit");
        if !adjacent(pack, &from, to) {
            return Err(bad(
                order,
                "Alexandros 10.4",
                format!("{} is not joined to {}", from.title(), to.title()),
            ));
        }
        if self.occupant(to).map(|s| s != side).unwrap_or(false) {
            return Err(bad(
                order,
                "Alexandros 10.9",
                "units may not enter a box held by the enemy",
            ));
        }
        let def = pack.board.get(&to.name).expect("box").clone();
        for id in ids {
            let t = kind(pack, self.unit(id).expect("unit"));
            if !def.allowed.is_empty() && !def.allowed.iter().any(|c| c.admits(t)) {
                return Err(bad(
                    order,
                    "Alexandros 10.5",
                    format!(
                        "`{id}` may not enter an outflank box (cavalry and light infantry only)"
                    ),
                ));
            }
        }
        let already = self.units_at(side, to).len();
        if let Some(cap) = def.capacity {
            if already + ids.len() > cap as usize {
                return Err(bad(
                    order,
                    "Alexandros 10.5",
                    format!("{} holds at most {cap} units", to.title()),
                ));
            }
        }
        if to.army != side && already + ids.len() > pack.board.rules.max_units_in_enemy_box as usize
        {
            return Err(bad(
                order,
                "Alexandros 10.5",
                "no more than four units inside an enemy box",
            ));
        }
        for id in ids {
            let line = if def.kind == BoxKind::BattleLine
                && self.count_line(side, to, Line::First)
                    >= def.first_line.unwrap_or(u8::MAX) as usize
            {
                Line::Second
            } else {
                Line::First
            };
            let u = self.unit_mut(id);
            u.place = to.clone();
            u.line = line;
        }
        self.check_lines(pack, side, to, order)?;
        ev.push(Event::new(
            rule,
            format!(
                "{} move from {} to {}",
                ids.join(", "),
                from.title(),
                to.title()
            ),
        ));
        Ok(())
    }
}
