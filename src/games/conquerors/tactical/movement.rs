//! Tactical [4.0], [5.0], [8.5]: movement and facing. Every unit moves one box a Movement
//! Phase, through a Frontal side or Frontal Connecting Line ([4.11], [5.21]) or across the
//! Center Line to the box opposite or diagonal ([4.12]); cavalry, chariots and elephants charge
//! two boxes into an enemy-held box without turning ([4.2], [5.26]); a move into an enemy-held
//! box stops ([4.14]); turning costs the move ([4.13], [5.22]); the facing is kept from box to
//! box ([5.23], [5.24]); phalanxes, chariots and elephants go straight ahead only ([5.25]);
//! leaving an enemy-held box by choice rolls on the Voluntary Retreat Capability Table
//! ([9.31]); a river Center Line may Disrupt ([8.5]).

use std::collections::BTreeMap;

use super::data::Class;
use super::display::{aspect, Aspect, BoxId, Dir, Exit};
use super::{commanders, retreats, stacking, Battle, Entry};
use crate::protocol::dice::Dice;
use crate::ruleset::RuleError;

/// The facing a unit has after taking `e` with facing `f` ([5.23], [5.24], [10.14]): kept, turned
/// round across the Center Line, none in a Reserve Area, away from the side it entered by when
/// it leaves a Reserve Area.
pub fn facing_after(f: Option<Dir>, e: &Exit) -> Option<Dir> {
    if e.to.is_reserve() {
        return None;
    }
    match (f, e.from, e.to_anchor) {
        (None, _, Some(a)) => Dir::ALL
            .into_iter()
            .find(|d| d.anchor() == a)
            .map(Dir::opposite)
            .or(Some(Dir::N)),
        (Some(f), _, _) if e.crossing => Some(f.opposite()),
        (f, _, _) => f,
    }
}

/// The exits a unit of `class` facing `f` may take from its box ([5.21], [5.25], [4.12]).
pub fn frontal(class: Class, f: Option<Dir>, exits: Vec<Exit>) -> Vec<Exit> {
    exits
        .into_iter()
        .filter(|e| match (f, e.from) {
            (None, _) => true,
            (Some(_), None) => true,
            (Some(f), Some(a)) => {
                if class.straight_only() {
                    a == f.anchor() && !e.diagonal()
                } else {
                    aspect(f, a) == Aspect::Front
                }
            }
        })
        .collect()
}

/// Why `side`'s units `ids` may not end a step in `to` by `e` (None: they may): enemy-held
/// boxes for missile units ([7.3]) and cavalry ([13.26], [13.31]), a friendly facing to match
/// ([5.12]), stacking ([6.0]).
pub fn refuse_entry(
    bt: &Battle,
    side: usize,
    ids: &[String],
    e: &Exit,
    facing: Option<Dir>,
    end: bool,
) -> Option<(String, String)> {
    if let Some(no) = super::terrain::refuse_entry(bt, ids, &e.to) {
        return Some(no);
    }
    let enemy = bt.in_box(1 - side, &e.to);
    let classes: Vec<Class> = ids.iter().map(|u| bt.units[u].class).collect();
    if !enemy.is_empty() {
        if e.to.is_reserve() {
            // [10.22]: any number may go in.
        } else if ids.iter().any(|u| !bt.units[u].melee_capable()) {
            return Some((
                "Tactical 7.3, 8.14".into(),
                "missile units without a melee capability never enter an enemy-held box".into(),
            ));
        } else if classes.contains(&Class::Cavalry) {
            if enemy.iter().any(|u| bt.units[u].class == Class::Elephant) {
                return Some((
                    "Tactical 13.26".into(),
                    "cavalry never attack elephants".into(),
                ));
            }
            let ef = enemy.first().and_then(|u| bt.units[u].facing);
            let phalanx = enemy.iter().any(|u| bt.units[u].class == Class::Phalanx);
            if let (true, Some(f), Some(a)) = (phalanx, ef, e.to_anchor) {
                if aspect(f, a) == Aspect::Front {
                    return Some((
                        "Tactical 13.31".into(),
                        "cavalry never attack a phalanx through its Frontal side".into(),
                    ));
                }
            }
        }
    }
    if !e.to.is_reserve() {
        if let Some(of) = bt
            .in_box(side, &e.to)
            .iter()
            .find(|u| !ids.contains(u))
            .and_then(|u| bt.units[u].facing)
        {
            if facing != Some(of) {
                return Some((
                    "Tactical 5.12".into(),
                    "the units there face another way and the movers cannot take their facing"
                        .into(),
                ));
            }
        }
    }
    stacking::fits(bt, side, &e.to, ids, &[], end).err()
}

/// The step from `from` to `to` a unit of `class` facing `f` may take, if any.
pub fn step_to(
    bt: &Battle,
    class: Class,
    f: Option<Dir>,
    from: &BoxId,
    to: &BoxId,
) -> Option<Exit> {
    frontal(class, f, bt.display.exits(from))
        .into_iter()
        .find(|e| e.to == *to)
}

/// [10.22]: intruders in an enemy Reserve Area may leave only with 2 to 1 there, kept after.
fn reserve_hold(bt: &Battle, side: usize, from: &BoxId, ids: &[String]) -> Option<String> {
    if !from.is_reserve() || from.side == side {
        return None;
    }
    let mine = bt.ssp_in(side, from);
    let theirs = bt.ssp_in(1 - side, from);
    let going: u32 = ids.iter().map(|u| bt.units[u].ssp).sum();
    let left = mine - going.min(mine);
    if mine < 2 * theirs || (left > 0 && left < 2 * theirs) {
        return Some(format!(
            "units in the enemy Reserve Area stay until they have 2 to 1 there, and keep it ({mine} SSP against {theirs})"
        ));
    }
    None
}

/// Phase bookkeeping of one Movement Phase: the Voluntary Retreat rolls already made, by box.
#[derive(Default)]
pub struct PhaseMoves {
    vrc: BTreeMap<BoxId, bool>,
}

/// Moves `ids` (all in one box, one facing) to `to`, through `via` for a charge; or turns them
/// to `face`. Counts each unit against the Movement Limit ([12.11]; a failed Voluntary Retreat
/// too, errata 9.3/12.11). Ok(false): refused or stopped, with the reason in the account.
///
/// Errors: dice not available yet.
#[allow(clippy::too_many_arguments)]
pub fn order(
    bt: &mut Battle,
    pm: &mut PhaseMoves,
    side: usize,
    ids: &[String],
    to: Option<&BoxId>,
    via: Option<&BoxId>,
    face: Option<Dir>,
    dice: &mut Dice,
) -> Result<bool, RuleError> {
    let who = ids.join(", ");
    let refuse = |bt: &mut Battle, rule: &str, why: String| {
        bt.note(rule, Some(side), format!("{who} cannot move: {why}"));
        Ok(false)
    };
    if ids.is_empty() {
        return Ok(false);
    }
    let first = &bt.units[&ids[0]];
    let Some(from) = first.at.clone() else {
        return refuse(bt, "Tactical 8.45", "not on the display".into());
    };
    let facing = first.facing;
    for u in ids {
        let x = &bt.units[u];
        if x.side != side || !x.fighting() || x.at.as_ref() != Some(&from) {
            return refuse(
                bt,
                "Tactical 6.3",
                format!("{u} is not with the others in {}", from.name),
            );
        }
        if x.disrupted {
            return refuse(bt, "Tactical 7.42", format!("{u} is Disrupted"));
        }
        if x.moved {
            return refuse(bt, "Tactical 4.2", format!("{u} has moved this phase"));
        }
    }
    let limit = commanders::movement_limit(bt, side);
    if bt.moves_used + ids.len() as u32 > limit {
        return refuse(
            bt,
            "Tactical 12.11",
            format!(
                "the Movement Limit is {limit} units and {} have moved",
                bt.moves_used
            ),
        );
    }
    if let Some(d) = face {
        if from.is_reserve() {
            return refuse(
                bt,
                "Tactical 5.14",
                "there is no facing in the Reserve Area".into(),
            );
        }
        bt.moves_used += ids.len() as u32;
        for u in ids {
            let x = bt.units.get_mut(u).unwrap();
            x.facing = Some(d);
            x.moved = true;
        }
        bt.note(
            "Tactical 4.13, 5.22",
            Some(side),
            format!(
                "{who} in {} turn to face {d:?} (their move)",
                bt.place_words(&from)
            ),
        );
        return Ok(true);
    }
    let Some(to) = to else { return Ok(false) };
    if let Some(why) = reserve_hold(bt, side, &from, ids) {
        return refuse(bt, "Tactical 10.22", why);
    }
    let classes: Vec<Class> = ids.iter().map(|u| bt.units[u].class).collect();
    let class = classes
        .iter()
        .copied()
        .find(|c| c.straight_only())
        .unwrap_or(classes[0]);
    let path: Vec<Exit> = match via {
        None => match step_to(bt, class, facing, &from, to) {
            Some(e) => vec![e],
            None => {
                return refuse(
                    bt,
                    "Tactical 4.11, 5.21, 5.25",
                    format!(
                        "no Frontal line from {} to {}",
                        from.name,
                        bt.place_words(to)
                    ),
                )
            }
        },
        Some(v) => {
            if !classes.iter().all(|c| c.charges()) {
                return refuse(
                    bt,
                    "Tactical 4.2",
                    "only cavalry, chariots and elephants charge two boxes".into(),
                );
            }
            let (Some(a), true) = (
                step_to(bt, class, facing, &from, v),
                bt.in_box(1 - side, v).is_empty(),
            ) else {
                return refuse(
                    bt,
                    "Tactical 4.2, 4.14",
                    format!(
                        "the charge's first box {} is not a free Frontal step",
                        bt.place_words(v)
                    ),
                );
            };
            let f2 = facing_after(facing, &a);
            let Some(b) = step_to(bt, class, f2, v, to) else {
                return refuse(
                    bt,
                    "Tactical 5.26",
                    "no Frontal line for the charge's second box without turning".into(),
                );
            };
            if bt.in_box(1 - side, to).is_empty() {
                return refuse(
                    bt,
                    "Tactical 4.2",
                    "a charge ends in an enemy-held box".into(),
                );
            }
            if let Some((r, w)) = refuse_entry(bt, side, ids, &a, f2, false) {
                return refuse(bt, &r, w);
            }
            vec![a, b]
        }
    };
    let last = path.last().unwrap().clone();
    let end_facing = path.iter().fold(facing, facing_after);
    if let Some((r, w)) = refuse_entry(bt, side, ids, &last, end_facing, true) {
        return refuse(bt, &r, w);
    }
    // [9.31]: leaving an enemy-held box by choice.
    bt.moves_used += ids.len() as u32;
    if !bt.in_box(1 - side, &from).is_empty() && !from.is_reserve() {
        let may = match pm.vrc.get(&from) {
            Some(m) => *m,
            None => {
                let m = retreats::voluntary_retreat(bt, side, &from, ids, dice)?;
                pm.vrc.insert(from.clone(), m);
                m
            }
        };
        if !may {
            for u in ids {
                if let Some(x) = bt.units.get_mut(u) {
                    x.moved = true;
                }
            }
            return Ok(false);
        }
    }
    // [8.5]: a river Center Line.
    let mut stop_at = None;
    if bt.river && path.iter().any(|e| e.crossing) {
        for u in ids {
            let plus = u32::from(matches!(bt.units[u].class, Class::Cavalry | Class::Chariot));
            let r = dice
                .roll_for(&bt.sides[side])
                .d6(&format!("river crossing for {u}"), "Tactical 8.5")?;
            if r + plus >= 6 {
                bt.units.get_mut(u).unwrap().disrupted = true;
                bt.note(
                    "Tactical 8.5",
                    None,
                    format!(
                        "{u} rolls {r}{} crossing the river and is Disrupted",
                        if plus > 0 { " +1" } else { "" }
                    ),
                );
                if !bt.in_box(1 - side, to).is_empty() {
                    stop_at = Some(from.clone());
                }
            }
        }
    }
    let dest = stop_at.clone().unwrap_or_else(|| to.clone());
    let from_box = if path.len() == 2 {
        path[0].to.clone()
    } else {
        from.clone()
    };
    let cmds: Vec<String> = bt
        .commanders_in(side, &from)
        .into_iter()
        .filter(|c| !bt.commanders[c].c.reserve_bound && !bt.commanders[c].disrupted)
        .collect();
    for u in ids {
        let x = bt.units.get_mut(u).unwrap();
        x.moved = true;
        x.engaged = false;
        if stop_at.is_none() {
            x.at = Some(dest.clone());
            x.facing = end_facing;
            x.kept_facing = false;
            x.entry = Some(Entry {
                from: from_box.clone(),
                anchor: last.to_anchor,
                crossing: path.iter().any(|e| e.crossing),
            });
        }
    }
    if stop_at.is_some() {
        bt.note(
            "Tactical 8.5",
            Some(side),
            format!(
                "{who} stay in {}: the river stopped them",
                bt.place_words(&from)
            ),
        );
        return Ok(false);
    }
    // [8.6]: the Rough boxes entered on the way.
    let entered: Vec<BoxId> = path.iter().map(|e| e.to.clone()).collect();
    super::terrain::entered(bt, side, ids, &entered, dice)?;
    // Commanders in the box go along when the whole stack leaves (they move freely, [12.14]).
    if bt.in_box(side, &from).is_empty() {
        for c in cmds {
            bt.commanders.get_mut(&c).unwrap().at = Some(dest.clone());
        }
    }
    let charge = if path.len() == 2 {
        format!(" charging through {}", bt.place_words(&path[0].to))
    } else {
        String::new()
    };
    let enemy = !bt.in_box(1 - side, &dest).is_empty();
    bt.note(
        if path.len() == 2 {
            "Tactical 4.2"
        } else {
            "Tactical 4.11"
        },
        Some(side),
        format!(
            "{who} move from {} to {}{charge}{}",
            bt.place_words(&from),
            bt.place_words(&dest),
            if enemy {
                " into the enemy (they must stop, 4.14)"
            } else {
                ""
            }
        ),
    );
    if enemy {
        commanders::lone_commanders_escape(bt, 1 - side, &dest);
    }
    Ok(true)
}
