//! Tactical [8.6] (optional): additional terrain on the display, for a battle fought in a Rough
//! hex of the strategic map. The players mark boxes Rough or Blocked; orders are sealed, so a
//! box is marked when both battle plans name it (ruling TR-68, as the river of [8.5]). No unit
//! enters a Blocked box; a unit entering a Rough box rolls a die and is Disrupted on a 6 (a
//! phalanx on a 5 or 6); chariots never enter Rough, and one forced in is eliminated; a unit
//! defending against melee in a Rough box adds 2 to its side's Tactical Defense total.

use std::collections::BTreeSet;

use super::data::Class;
use super::display::{BoxId, Display};
use super::plan::BattlePlan;
use super::Battle;
use crate::protocol::dice::Dice;
use crate::ruleset::RuleError;

/// The rule's citation.
pub const RULE: &str = "Tactical 8.6";

/// The TD added to a Rough box's defenders ([8.6]), in Tactical Defense points.
pub const ROUGH_DEFENCE: u32 = 2;

/// The boxes marked for one battle.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Terrain {
    /// Rough boxes.
    pub rough: BTreeSet<BoxId>,
    /// Blocked boxes.
    pub blocked: BTreeSet<BoxId>,
}

impl Terrain {
    /// [8.6], ruling TR-68: the boxes both plans mark (each names them in its own words: `F3`,
    /// `enemy B2`), only when the battle hex is Rough; a Reserve Area or a Flank circle is not a
    /// box and is never marked. Returns the terrain and the lines for the battle's account.
    pub fn agreed(
        display: &Display,
        plans: &[BattlePlan; 2],
        rough_hex: bool,
    ) -> (Self, Vec<String>) {
        let marked = |pick: fn(&BattlePlan) -> &Vec<String>| -> [BTreeSet<BoxId>; 2] {
            [0, 1].map(|s| {
                pick(&plans[s])
                    .iter()
                    .filter_map(|w| display.find(s, w))
                    .filter(|b| !b.is_reserve() && !display.is_flank(b))
                    .collect()
            })
        };
        let [r0, r1] = marked(|p| &p.rough);
        let [b0, b1] = marked(|p| &p.blocked);
        let asked = !(r0.is_empty() && r1.is_empty() && b0.is_empty() && b1.is_empty());
        let mut notes = Vec::new();
        if !rough_hex {
            if asked {
                notes.push(
                    "the battle hex is not Rough: the boxes the plans mark Rough or Blocked are not used"
                        .to_string(),
                );
            }
            return (Terrain::default(), notes);
        }
        let t = Terrain {
            rough: r0.intersection(&r1).cloned().collect(),
            blocked: b0.intersection(&b1).cloned().collect(),
        };
        let list = |s: &BTreeSet<BoxId>| -> String {
            s.iter()
                .map(|b| display.words(0, b))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !t.rough.is_empty() {
            notes.push(format!(
                "both plans mark Rough (in the Aggressor's words): {}",
                list(&t.rough)
            ));
        }
        if !t.blocked.is_empty() {
            notes.push(format!(
                "both plans mark Blocked (in the Aggressor's words): {}",
                list(&t.blocked)
            ));
        }
        if asked && t.rough.is_empty() && t.blocked.is_empty() {
            notes.push("the plans mark no box alike: the display has no terrain".to_string());
        }
        (t, notes)
    }

    /// [8.6]: the terrain of a box, for people and pictures: `rough`, `blocked` or empty.
    pub fn of(&self, b: &BoxId) -> &'static str {
        if self.blocked.contains(b) {
            "blocked"
        } else if self.rough.contains(b) {
            "rough"
        } else {
            ""
        }
    }
}

/// [8.6]: why units `ids` may not enter `to` (None: they may): a Blocked box, or a Rough one
/// for chariots.
pub fn refuse_entry(bt: &Battle, ids: &[String], to: &BoxId) -> Option<(String, String)> {
    if bt.terrain.blocked.contains(to) {
        return Some((RULE.into(), "no unit enters a Blocked box".into()));
    }
    let chariots = ids.iter().any(|u| bt.units[u].class == Class::Chariot);
    if chariots && bt.terrain.rough.contains(to) {
        return Some((RULE.into(), "chariots never enter a Rough box".into()));
    }
    None
}

/// [8.6]: `side`'s units `ids` have entered the boxes `boxes` by a move: each Rough one among
/// them rolls a die for each unit not yet Disrupted, which is Disrupted on a 6 (a phalanx on
/// a 5 or 6).
///
/// Errors: the die is not available yet.
pub fn entered(
    bt: &mut Battle,
    side: usize,
    ids: &[String],
    boxes: &[BoxId],
    dice: &mut Dice,
) -> Result<(), RuleError> {
    let rough: Vec<&BoxId> = boxes
        .iter()
        .filter(|b| bt.terrain.rough.contains(*b))
        .collect();
    for b in rough {
        for u in ids {
            if bt.units[u].disrupted {
                continue;
            }
            let at = if bt.units[u].class == Class::Phalanx {
                5
            } else {
                6
            };
            let r = dice
                .roll_for(&bt.sides[side])
                .d6(&format!("{u} entering a Rough box"), RULE)?;
            let words = bt.place_words(b);
            if r >= at {
                bt.units.get_mut(u).unwrap().disrupted = true;
                bt.note(
                    RULE,
                    None,
                    format!("{u} rolls {r} entering the Rough ground of {words} and is Disrupted"),
                );
            } else {
                bt.note(
                    RULE,
                    None,
                    format!("{u} rolls {r} entering the Rough ground of {words}"),
                );
            }
        }
    }
    Ok(())
}

/// [8.6]: chariots among `ids` forced into the Rough box `b` (by a retreat or a displacement)
/// are eliminated; the others keep their place.
pub fn forced_in(bt: &mut Battle, side: usize, ids: &[String], b: &BoxId) {
    if !bt.terrain.rough.contains(b) {
        return;
    }
    let chariots: Vec<String> = ids
        .iter()
        .filter(|u| bt.units[*u].class == Class::Chariot && bt.units[*u].fighting())
        .cloned()
        .collect();
    for u in chariots {
        let n = bt.units[&u].ssp;
        super::melee::take_losses(bt, side, std::slice::from_ref(&u), n, RULE);
        bt.note(
            RULE,
            None,
            format!("{u}, a chariot forced into Rough ground, is eliminated"),
        );
    }
}

/// [8.6]: the TD a Rough box adds to its defenders (Tactical Defense points).
pub fn defence(bt: &Battle, b: &BoxId) -> u32 {
    if bt.terrain.rough.contains(b) {
        ROUGH_DEFENCE
    } else {
        0
    }
}
