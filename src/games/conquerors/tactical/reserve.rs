//! Tactical [10.2], [10.3]: combat in the Reserve Area. In the Reserve Area Phase the Aggressor,
//! then the Resister, totals the SSP he has in the other's Reserve Area and rolls on the Reserve
//! Area CRT ([10.23]); the result is the enemy SSP that Flee from it, not eliminated ([10.24]);
//! commanders count for nothing ([10.25]). Leaving an enemy Reserve Area needs 2 to 1
//! (`movement`, [10.22]).

use super::display::{BoxId, RESERVE};
use super::{morale, Battle, Fate, AGGRESSOR, RESISTER};
use crate::protocol::dice::Dice;
use crate::ruleset::RuleError;

/// The Reserve Area CRT column for `ssp` attacking SSP.
pub fn column(ssp: u32) -> &'static str {
    match ssp {
        0..=3 => "1-3",
        4..=10 => "4-10",
        11..=15 => "11-15",
        16..=20 => "16-20",
        21..=25 => "21-25",
        26..=35 => "26-35",
        36..=45 => "36-45",
        _ => "46+",
    }
}

/// The Reserve Area Phase ([3.0] Phase 11).
///
/// Errors: dice not available yet.
pub fn reserve_phase(bt: &mut Battle, dice: &mut Dice) -> Result<(), RuleError> {
    for side in [AGGRESSOR, RESISTER] {
        if bt.end.is_some() {
            break;
        }
        let area = BoxId::new(1 - side, RESERVE);
        let mine = bt.ssp_in(side, &area);
        if mine == 0 {
            continue;
        }
        let theirs = bt.in_box(1 - side, &area);
        if theirs.is_empty() {
            bt.note(
                "Tactical 10.21",
                None,
                format!(
                    "{} has {mine} SSP in {} and nobody to fight there",
                    bt.names[side],
                    bt.place_words(&area)
                ),
            );
            continue;
        }
        let col = column(mine);
        let r = dice
            .roll_for(&bt.sides[side])
            .d6("Reserve Area combat", "Tactical 10.23")?;
        let cell = bt
            .pack
            .table("reserve-area")
            .and_then(|t| t.roll(r as u8, col))
            .unwrap_or("-")
            .to_string();
        let n: u32 = cell.parse().unwrap_or(0);
        bt.note(
            "Tactical 10.23, 10.3",
            Some(side),
            format!(
                "{} has {mine} SSP in {}: roll {r} on column {col}: {}",
                bt.names[side],
                bt.place_words(&area),
                if n == 0 {
                    "no effect".to_string()
                } else {
                    format!("{n} SSP Flee")
                }
            ),
        );
        if n > 0 {
            flee_ssp(bt, 1 - side, &theirs, n);
            morale::check(bt);
        }
    }
    Ok(())
}

/// [10.24] (ruling TR-33): `n` SSP of `ids` Flee: whole units while they fit, the plan's loss
/// order first, else the weakest first; a part of a unit that must go is split off and
/// rejoins the Force after the battle.
fn flee_ssp(bt: &mut Battle, side: usize, ids: &[String], n: u32) {
    let mut order: Vec<String> = bt.plans[side]
        .losses
        .iter()
        .filter(|u| ids.contains(u))
        .cloned()
        .collect();
    let mut rest: Vec<String> = ids.iter().filter(|u| !order.contains(u)).cloned().collect();
    rest.sort_by_key(|u| (bt.units[u].ssp, u.clone()));
    order.extend(rest);
    let mut left = n;
    let mut words = Vec::new();
    for u in order {
        if left == 0 {
            break;
        }
        let x = bt.units.get_mut(&u).unwrap();
        if x.ssp <= left {
            left -= x.ssp;
            words.push(format!("{u} ({} SSP)", x.ssp));
            bt.lost[side] += x.ssp;
            bt.turn_losses += x.ssp;
            x.fate = Fate::Fled;
            x.at = None;
            x.facing = None;
        } else {
            x.ssp -= left;
            x.fled_ssp += left;
            words.push(format!("{left} SSP of {u}"));
            bt.lost[side] += left;
            bt.turn_losses += left;
            left = 0;
        }
    }
    bt.note(
        "Tactical 10.24",
        Some(side),
        format!(
            "{} Flee from the Reserve Area: {}",
            bt.names[side],
            words.join(", ")
        ),
    );
}
