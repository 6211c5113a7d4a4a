//! Pursuit after a battle (Alexandros 10.20).

use super::super::data::counters::{Side, UnitType};
use super::super::data::Pack;
use super::board::{full_strength, kind, strength};
use super::{other, Battle};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

impl Battle {
    /// Alexandros 10.20: each full-strength un-routed cavalry (horse archers included) and
    /// light infantry unit of the winner rolls one d6 on the Pursuit Table (cavalry first,
    /// then light infantry, each by code) and destroys that many routed enemy units, chosen by
    /// their owner (his `pursuit_losses` list first, then the weakest). Light infantry cannot
    /// destroy cavalry and do not roll when only routed cavalry remain.
    pub fn pursuit(
        &mut self,
        pack: &Pack,
        winner: Side,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let loser = other(winner);
        let table = pack
            .table("pursuit")
            .ok_or_else(|| RuleError::illegal("battle", "Alexandros 10.20", "no pursuit table"))?
            .clone();
        let mut pursuers: Vec<(u8, String, &'static str)> = self
            .units
            .iter()
            .filter(|u| u.side == winner && u.place.name != "Routed" && full_strength(pack, u))
            .filter_map(|u| {
                let t = kind(pack, u);
                if t.is_cavalry() {
                    Some((0, u.id.clone(), "cavalry"))
                } else if t == UnitType::LightInfantry {
                    Some((1, u.id.clone(), "light-infantry"))
                } else {
                    None
                }
            })
            .collect();
        pursuers.sort();
        if pursuers.is_empty() {
            ev.push(Event::new(
                "Alexandros 10.20",
                "no full-strength cavalry or light infantry to pursue",
            ));
        }
        for (_, id, col) in pursuers {
            let routed: Vec<String> = self.routed_of(loser);
            if routed.is_empty() {
                break;
            }
            let li = col == "light-infantry";
            let cav = |b: &Battle, x: &String| kind(pack, b.unit(x).expect("unit")).is_cavalry();
            if li && routed.iter().all(|x| cav(self, x)) {
                ev.push(Event::new(
                    "Alexandros 10.20",
                    format!("{id} (light infantry) cannot pursue: only routed cavalry remain"),
                ));
                continue;
            }
            // The pursuer's roll (10.20).
            let r = dice
                .roll_for(super::side_name(winner))
                .d6(&format!("pursuit by {id}"), "Alexandros 10.20")? as u8;
            let kills: usize = table.roll(r, col).and_then(|c| c.parse().ok()).unwrap_or(0);
            ev.push(Event::new(
                "Alexandros 10.20",
                format!("{id} pursues: roll {r}, {kills} routed units destroyed"),
            ));
            for _ in 0..kills {
                let mut pool: Vec<String> = self.routed_of(loser);
                if li {
                    pool.retain(|x| !cav(self, x));
                }
                let Some(victim) = self.pursuit_victim(pack, loser, &pool) else {
                    break;
                };
                let u = self.unit(&victim).expect("unit").clone();
                for c in &u.codes {
                    let steps = if u.codes.len() > 1 { 1 } else { u.steps };
                    *self.steps_lost.entry(c.clone()).or_default() += steps;
                    self.eliminated.push(c.clone());
                }
                self.units.retain(|x| x.id != victim);
                ev.push(Event::new(
                    "Alexandros 10.20",
                    format!("{victim} is destroyed in the pursuit"),
                ));
                let orphans: Vec<String> = self
                    .leaders
                    .iter()
                    .filter(|l| l.with.as_deref() == Some(victim.as_str()))
                    .map(|l| l.name.clone())
                    .collect();
                for l in orphans {
                    // Digest A-37: the leader escapes with the survivors.
                    if let Some(x) = self.leaders.iter_mut().find(|x| x.name == l) {
                        x.with = None;
                        x.place = u.place.clone();
                    }
                }
            }
        }
        Ok(())
    }

    fn routed_of(&self, side: Side) -> Vec<String> {
        self.units
            .iter()
            .filter(|u| u.side == side && u.place.name == "Routed")
            .map(|u| u.id.clone())
            .collect()
    }

    /// The routed unit the owner gives up: first of his list, else the weakest (attack plus
    /// defence strength points, then code).
    fn pursuit_victim(&self, pack: &Pack, owner: Side, pool: &[String]) -> Option<String> {
        if let Some(pref) = self.pursuit_losses.get(&owner) {
            if let Some(x) = pref.iter().find(|x| pool.contains(x)) {
                return Some(x.clone());
            }
        }
        pool.iter()
            .min_by_key(|x| {
                let s = strength(pack, self.unit(x).expect("unit"));
                (s.attack as u16 + s.defense as u16, (*x).clone())
            })
            .cloned()
    }
}
