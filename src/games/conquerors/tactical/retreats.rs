//! Tactical [9.0]: retreats — Retreat Before Melee in a Reaction Phase ([9.1]), involuntary
//! retreats from an R result ([9.2]), the Voluntary Retreat Capability Table for every move out
//! of an enemy-held box by choice ([9.3]); a retreat is one box toward the side's own lines and
//! away from the enemy, never into an enemy-held box ([9.16], [9.17]), with a free turn to
//! leave frontally and the facing kept in the new box ([5.4], [9.14]), a phalanx so turned
//! Disrupted ([13.42]), displacing friends in the way ([9.15]); units that cannot retreat after
//! reaction fire Flee ([7.27], [8.45]).

use super::data::Class;
use super::display::{BoxId, Dir, Exit};
use super::{morale, stacking, Battle, Fate};
use crate::protocol::dice::Dice;
use crate::ruleset::RuleError;

/// [9.32]–[9.34]: one die for the stack `ids` of `side` leaving `from` by choice, 1 less with a
/// friendly commander of TCR 4 or more there. Ok(true): they may go; a 4–5 holds them, a 6
/// makes them Flee ([8.45]).
///
/// Errors: dice not available yet.
pub fn voluntary_retreat(
    bt: &mut Battle,
    side: usize,
    from: &BoxId,
    ids: &[String],
    dice: &mut Dice,
) -> Result<bool, RuleError> {
    let good = bt
        .commanders_in(side, from)
        .iter()
        .any(|c| bt.commanders[c].tcr() >= 4);
    let r = dice
        .roll_for(&bt.sides[side])
        .d6("Voluntary Retreat Capability", "Tactical 9.33")?;
    let roll = if good { r.saturating_sub(1).max(1) } else { r };
    let cell = bt
        .pack
        .table("voluntary-retreat")
        .and_then(|t| t.roll(roll as u8, "result"))
        .unwrap_or("stay")
        .to_string();
    let m = if good {
        format!("{r} - 1 (a commander of TCR 4 or more, 9.34) = {roll}")
    } else {
        r.to_string()
    };
    let who = ids.join(", ");
    match cell.as_str() {
        "move" => {
            bt.note(
                "Tactical 9.33",
                None,
                format!(
                    "{who} roll {m} to leave {}: they may move",
                    bt.place_words(from)
                ),
            );
            Ok(true)
        }
        "flee" => {
            bt.note(
                "Tactical 9.33",
                None,
                format!(
                    "{who} roll {m} to leave {}: they Flee",
                    bt.place_words(from)
                ),
            );
            for u in ids {
                flee(bt, u, "Tactical 9.33, 8.45");
            }
            morale::check(bt);
            Ok(false)
        }
        _ => {
            bt.note(
                "Tactical 9.33",
                None,
                format!(
                    "{who} roll {m} to leave {}: they must stay",
                    bt.place_words(from)
                ),
            );
            Ok(false)
        }
    }
}

/// [8.45]: a unit Flees: it loses 1 SSP and the rest leave the display for the battle; all of
/// it counts against morale ([11.0]).
pub fn flee(bt: &mut Battle, id: &str, rule: &str) {
    let Some(u) = bt.units.get_mut(id) else {
        return;
    };
    if !u.fighting() {
        return;
    }
    let side = u.side;
    let lose = u.ssp.min(1);
    u.ssp -= lose;
    let rest = u.ssp;
    u.fate = if u.ssp == 0 {
        Fate::Eliminated
    } else {
        Fate::Fled
    };
    let from = u.at.take();
    u.facing = None;
    bt.lost[side] += lose + rest;
    bt.turn_losses += lose + rest;
    bt.note(
        rule,
        None,
        format!(
            "{id} Flees the field: it loses {lose} SSP{}",
            if rest > 0 {
                format!(" and its {rest} SSP leave the display for the battle")
            } else {
                " and is eliminated".into()
            }
        ),
    );
    if let Some(b) = from {
        if bt.in_box(side, &b).is_empty() {
            super::commanders::stack_gone(bt, side, &b);
        }
    }
}

/// The boxes `side`'s units `ids` in `from` may retreat into ([9.13]–[9.17], ruling TR-29):
/// any line with a free turn, toward the side's own lines, never into an enemy-held box; the
/// movement restrictions of phalanxes, chariots and elephants hold. Rearward boxes first,
/// sideways ones only if none is rearward.
pub fn retreat_exits(bt: &Battle, side: usize, ids: &[String], from: &BoxId) -> Vec<Exit> {
    let straight = ids.iter().any(|u| bt.units[u].class.straight_only());
    let here = bt.display.depth(side, from);
    let mut back = Vec::new();
    let mut sideways = Vec::new();
    for e in bt.display.exits(from) {
        if !bt.in_box(1 - side, &e.to).is_empty() {
            continue;
        }
        if straight && e.diagonal() {
            continue;
        }
        if e.to.is_reserve() && e.to.side != side {
            continue;
        }
        if bt.terrain.blocked.contains(&e.to) {
            continue; // [8.6]
        }
        let d = bt.display.depth(side, &e.to);
        if d > here {
            back.push(e);
        } else if d == here {
            sideways.push(e);
        }
    }
    let mut out = if back.is_empty() { sideways } else { back };
    // [8.6]: chariots go round Rough ground when they can (forced in, they are eliminated).
    if ids.iter().any(|u| bt.units[u].class == Class::Chariot) {
        out.sort_by_key(|e| bt.terrain.rough.contains(&e.to));
    }
    out
}

/// The facing after a retreat by `e` ([5.4], [9.14]): toward where it went, or the friends'
/// facing in the new box.
fn retreat_facing(bt: &Battle, side: usize, e: &Exit) -> Option<Dir> {
    if e.to.is_reserve() {
        return None;
    }
    if let Some(f) = bt
        .in_box(side, &e.to)
        .first()
        .and_then(|u| bt.units[u].facing)
    {
        return Some(f);
    }
    let leave = e
        .from
        .and_then(|a| Dir::ALL.into_iter().find(|d| d.anchor() == a));
    let f = match (leave, e.from) {
        (Some(d), _) => d,
        (None, Some(a)) => {
            // A corner line: face the side the corner's first letter names.
            let s = format!("{a:?}");
            if s.starts_with('N') {
                Dir::N
            } else {
                Dir::S
            }
        }
        (None, None) => Dir::N,
    };
    Some(if e.crossing { f.opposite() } else { f })
}

/// Retreats `ids` of `side` one box out of `from` ([9.2], [9.1]): the plan's or the default's
/// box among the legal ones, displacing friends where needed ([9.15]). Ok(false): nowhere to go.
pub fn retreat(bt: &mut Battle, side: usize, ids: &[String], from: &BoxId, rule: &str) -> bool {
    let exits = retreat_exits(bt, side, ids, from);
    // A box with room first, then one where friends can be displaced.
    let mut best: Option<(u32, Exit)> = None;
    for e in &exits {
        let f = retreat_facing(bt, side, e);
        let room = stacking::fits(bt, side, &e.to, ids, &[], true).is_ok();
        let facing_ok = e.to.is_reserve()
            || bt.in_box(side, &e.to).is_empty()
            || f == bt
                .in_box(side, &e.to)
                .first()
                .and_then(|u| bt.units[u].facing);
        if !facing_ok {
            continue;
        }
        let score = if room {
            2
        } else if can_displace(bt, side, &e.to, 2) {
            1
        } else {
            0
        };
        if score > 0 && best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, e.clone()));
        }
    }
    let Some((score, e)) = best else {
        // [6.4]: a stack may split; try each unit alone.
        if ids.len() > 1 {
            let mut all = true;
            for u in ids {
                all &= retreat(bt, side, std::slice::from_ref(u), from, rule);
            }
            return all;
        }
        return false;
    };
    if score == 1 {
        displace(bt, side, &e.to, 2);
    }
    let f = retreat_facing(bt, side, &e);
    let turned = ids
        .iter()
        .any(|u| bt.units[u].facing.is_some() && bt.units[u].facing != f && !e.to.is_reserve());
    for u in ids {
        let x = bt.units.get_mut(u).unwrap();
        if x.class == Class::Phalanx && x.facing.is_some() && x.facing != f {
            x.disrupted = true;
        }
        x.at = Some(e.to.clone());
        x.facing = f;
        x.engaged = false;
        x.kept_facing = true;
        x.entry = None;
    }
    let ph = ids.iter().any(|u| bt.units[u].class == Class::Phalanx) && turned;
    bt.note(
        rule,
        None,
        format!(
            "{} retreat from {} to {}{}",
            ids.join(", "),
            bt.place_words(from),
            bt.place_words(&e.to),
            if ph {
                " (the phalanx turns to retreat and is Disrupted, 13.42)"
            } else {
                ""
            }
        ),
    );
    super::terrain::forced_in(bt, side, ids, &e.to);
    if bt.in_box(side, from).is_empty() {
        super::commanders::stack_gone(bt, side, from);
    }
    true
}

fn can_displace(bt: &Battle, side: usize, b: &BoxId, depth: u32) -> bool {
    if depth == 0 {
        return false;
    }
    let occ = bt.in_box(side, b);
    if occ.is_empty() {
        return false;
    }
    retreat_exits(bt, side, &occ, b).iter().any(|e| {
        stacking::fits(bt, side, &e.to, &occ, &[], true).is_ok()
            || can_displace(bt, side, &e.to, depth - 1)
    })
}

/// [9.15]: the occupants of `b` are pushed back one box by the rules of retreat.
fn displace(bt: &mut Battle, side: usize, b: &BoxId, depth: u32) {
    let occ = bt.in_box(side, b);
    if depth > 0 && !occ.is_empty() {
        retreat(bt, side, &occ, b, "Tactical 9.15 (displaced)");
    }
}

/// [7.27]: units hit by reaction fire go back to the box they came from, else any free or
/// friendly box within stacking, else Flee.
pub fn repulse(bt: &mut Battle, side: usize, ids: &[String], origin: &BoxId) {
    let at = bt.units[&ids[0]].at.clone();
    let Some(at) = at else { return };
    let mut cands: Vec<Exit> = bt
        .display
        .exits(&at)
        .into_iter()
        .filter(|e| e.to == *origin)
        .collect();
    cands.extend(
        bt.display
            .exits(&at)
            .into_iter()
            .filter(|e| e.to != *origin),
    );
    for e in cands {
        if !bt.in_box(1 - side, &e.to).is_empty() || (e.to.is_reserve() && e.to.side != side) {
            continue;
        }
        if super::terrain::refuse_entry(bt, ids, &e.to).is_some() {
            continue; // [8.6]
        }
        if stacking::fits(bt, side, &e.to, ids, &[], true).is_err() {
            continue;
        }
        let f = retreat_facing(bt, side, &e);
        if !e.to.is_reserve()
            && bt
                .in_box(side, &e.to)
                .first()
                .is_some_and(|u| bt.units[u].facing != f)
        {
            continue;
        }
        for u in ids {
            let x = bt.units.get_mut(u).unwrap();
            x.at = Some(e.to.clone());
            x.facing = f;
            x.entry = None;
            x.kept_facing = true;
        }
        bt.note(
            "Tactical 7.27",
            None,
            format!(
                "{} fall back from {} to {}",
                ids.join(", "),
                bt.place_words(&at),
                bt.place_words(&e.to)
            ),
        );
        return;
    }
    for u in ids {
        flee(bt, u, "Tactical 7.27, 8.45");
    }
    morale::check(bt);
}
