//! Tactical [11.0]: the victor is decided by Morale Levels as in the strategic games — a side's
//! contingents each break when its losses, fled units counted ([8.45], [10.24]), pass their
//! Level ([Rom 9.6], [Mac 9.6]); a contingent that breaks Flees the display; the side whose
//! every contingent broke (or that has nothing left on the display) Flees and loses; both at
//! once is a draw ([Rom 9.68], [Mac 9.65]). Checked after every loss (ruling TR-7).
#![allow(clippy::needless_range_loop)] // both sides' arrays are indexed together

use crate::games::conquerors::combat::{breaks, End};

use super::{Battle, Fate};

fn contingent_units(bt: &Battle, side: usize, key: &str) -> Vec<String> {
    bt.units
        .values()
        .filter(|u| u.side == side && u.fighting() && u.contingent == key)
        .map(|u| u.id.clone())
        .collect()
}

/// Checks both sides' Morale Levels; sets the battle's end when a side breaks.
pub fn check(bt: &mut Battle) {
    if bt.end.is_some() {
        return;
    }
    let mut beaten = [false, false];
    loop {
        let mut changed = false;
        for s in 0..2 {
            let keys: Vec<(String, u32)> =
                bt.morale[s].iter().map(|(k, v)| (k.clone(), *v)).collect();
            let unbroken: Vec<&(String, u32)> = keys
                .iter()
                .filter(|(k, _)| !bt.broken[s].contains(k))
                .collect();
            let newly: Vec<String> = unbroken
                .iter()
                .filter(|(_, pct)| breaks(bt.lost[s], bt.base[s], *pct))
                .map(|(k, _)| k.clone())
                .collect();
            let fighting = bt.units.values().any(|u| u.side == s && u.fighting());
            if newly.len() >= unbroken.len() || !fighting {
                beaten[s] = true;
                continue;
            }
            for k in newly {
                changed = true;
                bt.broken[s].push(k.clone());
                let pct = bt.morale[s][&k];
                bt.note(
                    "Tactical 11.0, Romans 9.65, 9.67",
                    None,
                    format!("{} has lost {} of {} SSP: the {k} contingent passes its Morale Level of {pct}% and Flees the field", bt.names[s], bt.lost[s], bt.base[s]),
                );
                for u in contingent_units(bt, s, &k) {
                    let x = bt.units.get_mut(&u).unwrap();
                    let left = x.ssp;
                    x.fate = Fate::Fled;
                    x.at = None;
                    bt.lost[s] += left;
                }
            }
        }
        if !changed || beaten.iter().any(|b| *b) {
            break;
        }
    }
    let end = match beaten {
        [true, true] => Some(End::Draw(match bt.lost[0].cmp(&bt.lost[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        })),
        [true, false] => Some(End::Fled(0)),
        [false, true] => Some(End::Fled(1)),
        _ => None,
    };
    if let Some(e) = end {
        let words = match &e {
            End::Fled(s) => format!(
                "{} has lost {} of its {} SSP, past its Morale Level: it Flees the field and loses the battle",
                bt.names[*s], bt.lost[*s], bt.base[*s]
            ),
            End::Draw(Some(s)) => format!("both sides pass their Morale Levels at once: a draw; {} lost more and Flees", bt.names[*s]),
            _ => "both sides pass their Morale Levels at once with equal losses: a draw, both Flee".into(),
        };
        bt.note("Tactical 11.0", None, words);
        bt.end = Some(e);
    }
}

/// How many more SSP `side` may lose before its last contingent breaks.
pub fn margin(bt: &Battle, side: usize) -> u32 {
    let worst = bt.morale[side]
        .iter()
        .filter(|(k, _)| !bt.broken[side].contains(k))
        .map(|(_, p)| *p)
        .max()
        .unwrap_or(0);
    // breaks when lost * 100 > pct * base.
    let limit = (u64::from(worst) * u64::from(bt.base[side]) / 100) as u32;
    limit.saturating_sub(bt.lost[side])
}
