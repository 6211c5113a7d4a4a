//! The `orders:` part of an order file for the pending battle step, with the legal choices as
//! YAML comments (for `legatus status` / order templates of the strategic game).

use std::collections::BTreeMap;

use super::super::data::board::BoxKind;
use super::super::data::counters::Side;
use super::super::data::Pack;
use super::board::{adjacent, all_places, strength, Line};
use super::{other, Battle, Phase};

impl Battle {
    /// A commented YAML template of `side`'s orders for the pending step (Alexandros 10.2,
    /// 10.3): units by box with strengths (attack-defence, strength points) and leaders, the
    /// routed units that may rally (10.18), the empty boxes open to an advance (10.9) and the
    /// attacks the rules allow (10.10). Empty when it is not `side`'s step.
    pub fn order_template(&self, pack: &Pack, side: Side) -> String {
        let Some((want, step, _, prompt)) = self.pending() else {
            return String::new();
        };
        if want != side {
            return String::new();
        }
        let mut s = format!("  # {step}: {prompt}\n");
        match self.phase {
            Phase::Setup(_) => {
                let order: Vec<&str> = pack
                    .board
                    .rules
                    .setup_order
                    .iter()
                    .map(String::as_str)
                    .collect();
                s.push_str(&format!(
                    "  # units in placement order; the first go to: {}\n",
                    order.join(", ")
                ));
                s.push_str("  placements:\n");
                if let Some(f) = self.forces.get(&side) {
                    let steps: BTreeMap<&str, u8> =
                        f.units.iter().map(|(c, n)| (c.as_str(), *n)).collect();
                    for p in self.default_setup(pack, side).placements {
                        let lead = p
                            .leader
                            .map(|l| format!(", leader: {l}"))
                            .unwrap_or_default();
                        s.push_str(&format!(
                            "  - {{unit: {}, box: {}{lead}}}  # {} step(s)\n",
                            p.unit,
                            p.into,
                            steps.get(p.unit.as_str()).copied().unwrap_or(0)
                        ));
                    }
                    let names: Vec<&str> = f.leaders.iter().map(|(n, _)| n.as_str()).collect();
                    s.push_str(&format!(
                        "  # leaders to stack (leader: NAME): {}\n",
                        names.join(", ")
                    ));
                }
            }
            Phase::Round(n, _) => {
                for p in all_places(pack) {
                    let mine = self.units_at(side, &p);
                    if mine.is_empty() {
                        continue;
                    }
                    s.push_str(&format!("  # {}:", p.label(side)));
                    for u in mine {
                        let st = strength(pack, u);
                        let line = if p.kind(pack) == BoxKind::BattleLine && u.line == Line::Second
                        {
                            " 2nd"
                        } else {
                            ""
                        };
                        let lead = self
                            .leader_with(&u.id)
                            .map(|l| format!(" +{}", l.name))
                            .unwrap_or_default();
                        s.push_str(&format!(
                            " {} {}-{}{line}{lead};",
                            u.id, st.attack, st.defense
                        ));
                    }
                    s.push('\n');
                }
                let led_by = |id: &&String, who: &str| {
                    self.leader_with(id).map(|l| l.name == who).unwrap_or(false)
                };
                let mine: Vec<&String> = self
                    .may_rally
                    .iter()
                    .filter(|id| self.unit(id).map(|u| u.side == side).unwrap_or(false))
                    .collect();
                let rally: Vec<&str> = mine
                    .iter()
                    .filter(|id| !led_by(id, "Darius") && !led_by(id, "Porus"))
                    .map(|id| id.as_str())
                    .collect();
                // Porus' units rally without an order or a die (10.18).
                let auto: Vec<&str> = mine
                    .iter()
                    .filter(|id| led_by(id, "Porus"))
                    .map(|id| id.as_str())
                    .collect();
                if rally.is_empty() {
                    s.push_str("  rally: []  # none of your units may try to rally: only a routed unit that began the round with a leader, and not with Darius (10.18)\n");
                } else {
                    s.push_str(&format!(
                        "  rally: []  # may try (10.18): {}\n",
                        rally.join(", ")
                    ));
                }
                if !auto.is_empty() {
                    s.push_str(&format!(
                        "  # rally automatically with Porus, no order needed (10.18): {}\n",
                        auto.join(", ")
                    ));
                }
                let open: Vec<String> = self
                    .vacant_at_start
                    .iter()
                    .filter(|p| self.occupant(p).is_none())
                    .map(|p| p.label(side))
                    .collect();
                if open.is_empty() {
                    s.push_str(
                        "  advances: []  # no box has been empty since the round began (10.9)\n",
                    );
                } else {
                    s.push_str(&format!(
                        "  advances: []  # into boxes empty since the round began (10.9): {}\n",
                        open.join(", ")
                    ));
                }
                if n > 1 {
                    s.push_str("  # move: {units: [A, B], to: BOX}  (one tactical move, 10.8)\n");
                }
                s.push_str(&self.leader_notes(pack, side, n));
                let mut legal = Vec::new();
                for f in all_places(pack) {
                    if self.eligible_attackers(pack, side, &f, true).is_empty() {
                        continue;
                    }
                    for t in all_places(pack) {
                        if adjacent(pack, &f, &t) && self.occupant(&t) == Some(other(side)) {
                            legal.push((f.label(side), t.label(side)));
                        }
                    }
                }
                let rule = if n == 1 {
                    "exactly one box in round 1"
                } else {
                    "at least one box"
                };
                let possible: Vec<String> =
                    legal.iter().map(|(f, t)| format!("{f} -> {t}")).collect();
                // An attack is compulsory when one is possible (10.10): the default makes the
                // first, so the template as it stands is always legal.
                match legal.first() {
                    Some((f, t)) => s.push_str(&format!(
                        "  attacks:  # attack from {rule} (10.10); possible: {}\n  - {{from: {f}, into: {t}}}\n",
                        possible.join("; ")
                    )),
                    None => s.push_str(&format!(
                        "  attacks: []  # attack from {rule} (10.10); none possible\n"
                    )),
                }
            }
            Phase::Over => {}
        }
        s
    }
}

impl Battle {
    /// Template lines on leaders (Alexandros 10.7, 10.8, 10.16; ruling R-16): where each
    /// leader may go in the movement phase (or why he may not), which leader may take part
    /// for a box that holds several, and the standing choices in force.
    fn leader_notes(&self, pack: &Pack, side: Side, n: u8) -> String {
        let mut s = String::new();
        let mut lines = Vec::new();
        for l in self
            .leaders
            .iter()
            .filter(|l| l.side == side && l.fate == super::Fate::Active)
        {
            let Some(at) = self.leader_place(&l.name) else {
                continue;
            };
            let why_not = if at.name == "Routed" {
                Some("in the Routed Units box (he rallies with his unit, 10.18)".to_string())
            } else {
                l.with
                    .as_ref()
                    .filter(|u| self.is_engaged(u))
                    .map(|u| format!("stacked with {u}, which is engaged (10.12)"))
            };
            if let Some(w) = why_not {
                lines.push(format!("  #   {}: may not move: {w}\n", l.name));
                continue;
            }
            let mut units = Vec::new();
            let mut boxes = Vec::new();
            for p in all_places(pack) {
                let reach = p == at || (n > 1 && adjacent(pack, &at, &p));
                if !reach || self.occupant(&p) == Some(other(side)) {
                    continue;
                }
                for u in self.units_at(side, &p) {
                    if self.leader_with(&u.id).is_none() && !self.is_engaged(&u.id) {
                        units.push(u.id.clone());
                    }
                }
                if p != at && (p.army == side || self.occupant(&p) == Some(side)) {
                    boxes.push(p.label(side));
                }
            }
            let mut what = Vec::new();
            if !units.is_empty() {
                what.push(format!("join (unit:) {}", units.join(", ")));
            }
            if !boxes.is_empty() {
                what.push(format!("go alone (to:) {}", boxes.join(", ")));
            }
            if what.is_empty() {
                what.push(if n == 1 {
                    "nothing: no leaderless unit in his box, and no movement between boxes in round 1 (10.8)".to_string()
                } else {
                    "nothing: no leaderless unit and no free box within reach (10.4, 10.7)".to_string()
                });
            }
            lines.push(format!(
                "  #   {} (in {}): {}\n",
                l.name,
                at.label(side),
                what.join("; ")
            ));
        }
        if !lines.is_empty() {
            s.push_str("  # leaders: [{leader: NAME, unit: CODE} or {leader: NAME, to: BOX}]  (10.16, after the units move)\n");
            for l in lines {
                s.push_str(&l);
            }
        }
        for p in all_places(pack) {
            let here: Vec<String> = self
                .units_at(side, &p)
                .iter()
                .filter_map(|u| self.leader_with(&u.id).map(|l| l.name.clone()))
                .collect();
            if here.len() < 2 {
                continue;
            }
            match self.box_leader.get(&Battle::box_key(side, &p)) {
                Some(l) => s.push_str(&format!(
                    "  # {}: {l} already took part this round; no other leader may (10.16)\n",
                    p.label(side)
                )),
                None => s.push_str(&format!(
                    "  # {}: one leader takes part this round (10.16): attacks[].leader: one of {}\n",
                    p.label(side),
                    here.join(", ")
                )),
            }
        }
        let c = self.choices.get(&side).cloned().unwrap_or_default();
        let show = |v: &Vec<String>| {
            if v.is_empty() {
                "none (default)".to_string()
            } else {
                v.join(", ")
            }
        };
        s.push_str(&format!(
            "  # standing choices, kept until changed: leaders_first: {}; refill (10.6): {}; reserve_defenders (10.5): {}; rejoin (10.12): {}; rally_into (10.18): {}\n",
            show(&c.leaders_first),
            show(&c.refill),
            show(&c.reserve_defenders),
            show(&c.rejoin),
            show(&c.rally_into)
        ));
        s
    }

    /// The battle board as both sides see it, for `legatus status` and reports
    /// (Alexandros 10.4–10.6): one line per occupied box — units with attack-defence,
    /// second-line units marked, stacked leaders — and the Routed Units boxes.
    pub fn board_lines(&self, pack: &Pack) -> Vec<String> {
        let mut out = Vec::new();
        for p in all_places(pack) {
            let mut units = Vec::new();
            for side in [Side::Macedonian, Side::Persian] {
                for u in self.units_at(side, &p) {
                    let st = strength(pack, u);
                    let second = if p.kind(pack) == BoxKind::BattleLine && u.line == Line::Second {
                        " (2nd line)"
                    } else {
                        ""
                    };
                    let lead = self
                        .leader_with(&u.id)
                        .map(|l| format!(" +{}", l.name))
                        .unwrap_or_default();
                    units.push(format!(
                        "{} {}-{}{second}{lead}",
                        u.id, st.attack, st.defense
                    ));
                }
            }
            if !units.is_empty() {
                out.push(format!("{}: {}", p.title(), units.join(", ")));
            }
        }
        out
    }
}
