//! Pairing attackers with defenders (Alexandros 10.5, 10.10, 10.15): the defenders an attack
//! must take on, the Reserve's four, and the duels, with the reasons when a player's preferred
//! pairing is set aside.

use super::super::data::board::BoxKind;
use super::super::data::counters::{Side, UnitType};
use super::super::data::Pack;
use super::board::{kind, strength, Line, Place};
use super::{other, Battle};

impl Battle {
    /// Alexandros 10.10, 10.15: the defenders an attack from one box may face, in the order
    /// they must be attacked: least attacked this phase first, then first line before second
    /// line, then strongest defence (ties by code). A battle-line box offers its second line
    /// only to a box attacking it after another box did (flank or rear attack); a Reserve
    /// offers its 4 strongest (10.5; digest A-26). Engaged units stand aside (digest A-30).
    pub fn defender_order(&self, pack: &Pack, side: Side, into: &Place) -> Vec<String> {
        let enemy = other(side);
        let flank = self.boxes_attacked.contains(into)
            || self
                .units_at(enemy, into)
                .iter()
                .any(|u| self.attacked.contains_key(&u.id));
        let mut v: Vec<(u8, Line, std::cmp::Reverse<u8>, String)> = self
            .units_at(enemy, into)
            .into_iter()
            .filter(|u| !self.is_engaged(&u.id))
            .filter(|u| into.kind(pack) != BoxKind::BattleLine || u.line == Line::First || flank)
            .map(|u| {
                (
                    self.attacked.get(&u.id).copied().unwrap_or(0),
                    u.line,
                    std::cmp::Reverse(strength(pack, u).defense),
                    u.id.clone(),
                )
            })
            .collect();
        if into.kind(pack) == BoxKind::Reserve {
            let ids: Vec<String> = v.iter().map(|x| x.3.clone()).collect();
            let (keep, _) = self.reserve_defenders(pack, enemy, &ids);
            v.retain(|x| keep.contains(&x.3));
        }
        v.sort();
        v.into_iter().map(|x| x.3).collect()
    }

    /// Alexandros 10.5: of the units of `owner`'s Reserve that could defend (`ids`), the ones
    /// that engage — at most the box's `engage` (4): first those of the owner's
    /// `reserve_defenders`, then the strongest in defence (ties by code). The flag is true
    /// when the owner's list decided (false: the default, or no choice to make).
    pub fn reserve_defenders(
        &self,
        pack: &Pack,
        owner: Side,
        ids: &[String],
    ) -> (Vec<String>, bool) {
        let engage = pack
            .board
            .get("Reserve")
            .and_then(|b| b.engage)
            .unwrap_or(u8::MAX) as usize;
        if ids.len() <= engage {
            return (ids.to_vec(), false);
        }
        let named: Vec<String> = self
            .choices
            .get(&owner)
            .map(|c| {
                c.reserve_defenders
                    .iter()
                    .filter(|x| ids.contains(x))
                    .take(engage)
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        let mut rest: Vec<(std::cmp::Reverse<u8>, String)> = ids
            .iter()
            .filter(|x| !named.contains(x))
            .map(|x| {
                (
                    std::cmp::Reverse(strength(pack, self.unit(x).expect("unit")).defense),
                    x.clone(),
                )
            })
            .collect();
        rest.sort();
        let by_owner = !named.is_empty();
        let mut keep = named;
        keep.extend(rest.into_iter().map(|x| x.1).take(engage - keep.len()));
        (keep, by_owner)
    }

    /// Alexandros 10.10: the duels of one attacking box. Return attacks of Eng results come
    /// first; then each defender the rules make the attacker take on (as many as there are
    /// attackers, in [`Battle::defender_order`]) gets one attacker — the player's preferred
    /// pairs where still possible, else the strongest remaining attacker allowed to attack it
    /// (cavalry never attack elephants).
    pub fn pair(
        &self,
        pack: &Pack,
        side: Side,
        from: &Place,
        into: &Place,
        preferred: &[(String, String)],
    ) -> Vec<(String, String)> {
        self.pair_explained(pack, side, from, into, preferred).0
    }

    /// [`Battle::pair`], with a note for each preferred duel the rules did not allow, saying
    /// why (issue 12: the report says when the rules override a player's stated preference).
    pub fn pair_explained(
        &self,
        pack: &Pack,
        side: Side,
        from: &Place,
        into: &Place,
        preferred: &[(String, String)],
    ) -> (Vec<(String, String)>, Vec<String>) {
        let mut notes = Vec::new();
        let n = self.round();
        let mut duels = Vec::new();
        let mut attackers = self.eligible_attackers(pack, side, from, true);
        for e in &self.engaged {
            if e.round < n
                && attackers.contains(&e.defender)
                && self
                    .unit(&e.attacker)
                    .map(|u| &u.place == into)
                    .unwrap_or(false)
            {
                duels.push((e.defender.clone(), e.attacker.clone()));
                attackers.retain(|a| a != &e.defender);
            }
        }
        attackers.retain(|a| !self.is_engaged(a));
        if from.kind(pack) == BoxKind::Reserve {
            let engage = pack
                .board
                .get("Reserve")
                .and_then(|b| b.engage)
                .unwrap_or(u8::MAX) as usize;
            let mut ranked: Vec<(bool, std::cmp::Reverse<u8>, String)> = attackers
                .iter()
                .map(|a| {
                    (
                        !preferred.iter().any(|(x, _)| x == a),
                        std::cmp::Reverse(strength(pack, self.unit(a).expect("unit")).attack),
                        a.clone(),
                    )
                })
                .collect();
            ranked.sort();
            attackers = ranked
                .into_iter()
                .take(engage.saturating_sub(duels.len()))
                .map(|x| x.2)
                .collect();
        }
        let order = self.defender_order(pack, side, into);
        let k = attackers.len().min(order.len());
        if k == 0 {
            for (a, d) in preferred {
                notes.push(format!("{a} against {d} asked: no duel can be fought"));
            }
            return (duels, notes);
        }
        // Ties at the cut-off: the attacker picks (digest A-29).
        let key = |id: &String| {
            let u = self.unit(id).expect("unit");
            (
                self.attacked.get(id).copied().unwrap_or(0),
                u.line,
                strength(pack, u).defense,
            )
        };
        let cut = key(&order[k - 1]);
        let mut targets: Vec<String> = order
            .iter()
            .filter(|d| key(d) != cut)
            .take(k)
            .cloned()
            .collect();
        targets.retain(|d| order.iter().position(|x| x == d) < Some(k));
        let mut ties: Vec<String> = order.iter().filter(|d| key(d) == cut).cloned().collect();
        ties.sort_by_key(|d| !preferred.iter().any(|(_, x)| x == d));
        while targets.len() < k && !ties.is_empty() {
            targets.push(ties.remove(0));
        }
        let can = |a: &String, d: &String| {
            let at = kind(pack, self.unit(a).expect("unit"));
            let dt = kind(pack, self.unit(d).expect("unit"));
            !(dt == UnitType::Elephant && at.is_cavalry() && !at.is_missile())
        };
        let mut free = attackers.clone();
        let mut open = targets.clone();
        for (a, d) in preferred {
            if free.contains(a) && open.contains(d) && can(a, d) {
                duels.push((a.clone(), d.clone()));
                free.retain(|x| x != a);
                open.retain(|x| x != d);
                continue;
            }
            let why = if duels.iter().any(|(x, y)| x == a && y == d) {
                continue;
            } else if !attackers.contains(a) && !duels.iter().any(|(x, _)| x == a) {
                format!("{a} may not attack from {} now (first line, not advanced this round, not engaged; a Reserve attacks with four at most, 10.5, 10.6, 10.9, 10.12)", from.title())
            } else if !free.contains(a) {
                format!("{a} already fights another duel")
            } else if !targets.contains(d) {
                let must: Vec<&str> = targets.iter().map(String::as_str).collect();
                format!(
                    "with {k} attacker(s) the rules make this attack take on {} first (10.10: the strongest defenders; 10.15: the unattacked first line first)",
                    must.join(", ")
                )
            } else if !open.contains(d) {
                format!("{d} is already paired with another attacker")
            } else {
                "cavalry may not attack elephants (10.10)".to_string()
            };
            notes.push(format!("{a} against {d} asked, not fought: {why}"));
        }
        for d in order.iter().filter(|d| open.contains(d)) {
            let mut best: Option<(u8, String)> = None;
            for a in &free {
                if can(a, d) {
                    let s = strength(pack, self.unit(a).expect("unit")).attack;
                    if best.as_ref().map(|(bs, _)| s > *bs).unwrap_or(true) {
                        best = Some((s, a.clone()));
                    }
                }
            }
            if let Some((_, a)) = best {
                free.retain(|x| x != &a);
                duels.push((a, d.clone()));
            }
        }
        (duels, notes)
    }
}
