//! Tactical [2.2], [2.3], [10.12], [10.15], [12.17]: choosing the display and setting up — the
//! Resister first, then the Aggressor, each in any box or the Reserve Area but the Flank
//! circles, within stacking, no more than half his SSP in the Reserve Area, Roman consuls,
//! praetors and legates in the Reserve; then the Resister alone may withdraw (a Retreat During
//! Combat with its penalty, follow-up 2.35).

use super::data::{Class, Pack};
use super::display::{BoxId, Dir, RESERVE};
use super::{stacking, Battle, BattleInput, Game, AGGRESSOR, RESISTER};

/// [2.2]: the side whose Force is at least half Roman legion units by SSP takes the Manipular
/// section (the Resister's first when both are, which cannot happen in either game).
pub fn manipular_side(input: &BattleInput, _pack: &Pack) -> Option<usize> {
    if input.game != Game::Romans {
        return None;
    }
    (0..2).find(|s| {
        let all: u32 = input
            .units
            .iter()
            .filter(|u| u.side == *s)
            .map(|u| u.ssp)
            .sum();
        let legion: u32 = input
            .units
            .iter()
            .filter(|u| u.side == *s && u.legion.is_some())
            .map(|u| u.ssp)
            .sum();
        all > 0 && legion * 2 >= all
    })
}

/// Places every unit and commander of `side`: the plan's boxes first, the default for the rest
/// ([2.32]–[2.34]).
///
/// Errors: none; a plan's placement that breaks a rule is reported and its units placed by the
/// default instead.
pub fn place_side(bt: &mut Battle, side: usize) {
    bt.phase = format!(
        "set-up ({}, Tactical {})",
        if side == RESISTER {
            "Resister first"
        } else {
            "Aggressor second"
        },
        if side == RESISTER { "2.32" } else { "2.34" }
    );
    let plan = bt.plans[side].setup.clone();
    let half = bt.base[side] / 2;
    for (boxname, p) in &plan {
        let Some(b) = bt.display.find(side, boxname).filter(|b| b.side == side) else {
            bt.note(
                "Tactical 2.32",
                Some(side),
                format!("the plan names {boxname}, which is not a box of its section: its units are placed by the default"),
            );
            continue;
        };
        for id in &p.units {
            if let Err(why) = place_one(bt, side, id, &b, p.facing.unwrap_or(Dir::N), half) {
                bt.note(
                    "Tactical 2.32",
                    Some(side),
                    format!("{id} cannot be placed in {boxname} ({why}): placed by the default"),
                );
            }
        }
    }
    default_placement(bt, side, half);
    report_setup(bt, side);
}

fn place_one(
    bt: &mut Battle,
    side: usize,
    id: &str,
    b: &BoxId,
    facing: Dir,
    half: u32,
) -> Result<(), String> {
    if let Some(c) = bt.commanders.get(id) {
        if c.c.side != side {
            return Err("not a commander of this side".into());
        }
        if c.c.reserve_bound && !b.is_reserve() {
            return Err(
                "Roman consuls, praetors and legates set up in the Reserve Area (Tactical 10.15)"
                    .into(),
            );
        }
        let in_res = bt
            .commanders
            .values()
            .filter(|x| {
                x.c.side == side
                    && !x.c.reserve_bound
                    && x.at.as_ref().is_some_and(BoxId::is_reserve)
            })
            .count();
        if b.is_reserve() && !c.c.reserve_bound && in_res >= 2 {
            return Err("no more than 2 commanders in the Reserve Area (Tactical 12.17)".into());
        }
        bt.commanders.get_mut(id).unwrap().at = Some(b.clone());
        return Ok(());
    }
    let Some(u) = bt.units.get(id) else {
        return Err("no such unit in the battle".into());
    };
    if u.side != side {
        return Err("not a unit of this side".into());
    }
    if u.at.is_some() {
        return Err("already placed".into());
    }
    if bt.display.is_flank(b) {
        return Err("no unit sets up in a Flank circle (Tactical 2.33)".into());
    }
    if let Some((r, w)) = super::terrain::refuse_entry(bt, &[id.to_string()], b) {
        return Err(format!("{w} ({r})"));
    }
    if b.is_reserve() {
        let in_res: u32 = bt.ssp_in(side, b);
        if (in_res + u.ssp) > half {
            return Err(format!(
                "no more than half the Force's {} SSP in the Reserve Area (Tactical 2.33, 10.12)",
                bt.base[side]
            ));
        }
    }
    stacking::fits(bt, side, b, &[id.to_string()], &[], true)
        .map_err(|(r, w)| format!("{r}: {w}"))?;
    if !b.is_reserve() {
        if let Some(f) = bt.in_box(side, b).first().and_then(|o| bt.units[o].facing) {
            if f != facing {
                return Err("every unit in a box has one facing (Tactical 5.12)".into());
            }
        }
    }
    let u = bt.units.get_mut(id).unwrap();
    u.at = Some(b.clone());
    u.facing = (!b.is_reserve()).then_some(facing);
    Ok(())
}

/// The default set-up: cavalry on the wings, the heavy foot in the centre of the front row,
/// missile units behind them, the rest in the back row, whatever is left in the Reserve Area
/// (within half), commanders with the largest stacks; Roman magistrates in the Reserve.
fn default_placement(bt: &mut Battle, side: usize, half: u32) {
    let n = bt.display.boxes(side).len();
    let cols = (n.saturating_sub(3)) / 2; // boxes in a row
    let front: Vec<String> = (1..=cols).map(|i| format!("F{i}")).collect();
    let back: Vec<String> = (1..=cols).map(|i| format!("B{i}")).collect();
    let centre_out = |row: &[String]| -> Vec<String> {
        let mid = row.len() / 2;
        let mut v = vec![row[mid].clone()];
        for d in 1..=mid {
            if mid >= d {
                v.push(row[mid - d].clone());
            }
            if mid + d < row.len() {
                v.push(row[mid + d].clone());
            }
        }
        v
    };
    let wings: Vec<String> = vec![
        front[0].clone(),
        front[cols - 1].clone(),
        back[0].clone(),
        back[cols - 1].clone(),
        front[1].clone(),
        front[cols - 2].clone(),
    ];
    let mut todo: Vec<(u32, String)> = bt
        .units
        .values()
        .filter(|u| u.side == side && u.at.is_none())
        .map(|u| {
            let rank = match (u.class, u.kind.as_str()) {
                (Class::Phalanx, _) => 0,
                (Class::Legionary, "hastati") | (Class::Legionary, "velites") => 1,
                (Class::Legionary, "principes") => 2,
                (Class::Elephant, _) | (Class::HeavyInfantry, _) => 3,
                (Class::Cavalry, _) | (Class::Chariot, _) => 4,
                (Class::LightInfantry, _) => 5,
                (Class::Missile, _) => 6,
                (Class::Legionary, _) => 7,
            };
            (rank, u.id.clone())
        })
        .collect();
    todo.sort();
    for (rank, id) in todo {
        let pref: Vec<String> = match rank {
            0 | 1 | 3 => [centre_out(&front), centre_out(&back)].concat(),
            2 | 7 => [centre_out(&back), centre_out(&front)].concat(),
            4 => [wings.clone(), centre_out(&back), centre_out(&front)].concat(),
            _ => [centre_out(&back), centre_out(&front)].concat(),
        };
        let mut tries: Vec<String> = if rank == 7 {
            vec![RESERVE.to_string()]
        } else {
            Vec::new()
        };
        tries.extend(pref);
        tries.push(RESERVE.into());
        let mut done = false;
        for name in &tries {
            let b = BoxId::new(side, name);
            if place_one(bt, side, &id, &b, Dir::N, half).is_ok() {
                done = true;
                break;
            }
        }
        if !done {
            // Nowhere within the rules: the Reserve Area beyond half is the least breach.
            let u = bt.units.get_mut(&id).unwrap();
            u.at = Some(BoxId::new(side, RESERVE));
            u.facing = None;
            bt.note(
                "Tactical 2.33, 6.2",
                Some(side),
                format!("{id} finds no box within stacking and goes to the Reserve Area beyond half the Force"),
            );
        }
    }
    let mut cmds: Vec<String> = bt
        .commanders
        .values()
        .filter(|c| c.c.side == side && c.at.is_none())
        .map(|c| c.c.id.clone())
        .collect();
    cmds.sort_by_key(|c| std::cmp::Reverse(bt.commanders[c].tcr()));
    for c in cmds {
        let bound = bt.commanders[&c].c.reserve_bound;
        let target = if bound {
            BoxId::new(side, RESERVE)
        } else {
            best_box_for_commander(bt, side)
        };
        bt.commanders.get_mut(&c).unwrap().at = Some(target);
    }
}

/// The box of `side` with the most SSP and no commander yet, for a commander to join.
pub fn best_box_for_commander(bt: &Battle, side: usize) -> BoxId {
    let mut best: Option<(u32, BoxId)> = None;
    for b in bt
        .display
        .boxes(side)
        .into_iter()
        .chain(bt.display.boxes(1 - side))
    {
        if b.is_reserve() || bt.in_box(side, &b).is_empty() {
            continue;
        }
        let taken = bt.commanders_in(side, &b).len() as u32;
        let score = bt.ssp_in(side, &b) * 10 / (1 + taken * 10);
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, b));
        }
    }
    best.map(|x| x.1)
        .unwrap_or_else(|| BoxId::new(side, RESERVE))
}

fn report_setup(bt: &mut Battle, side: usize) {
    let mut lines = Vec::new();
    for b in bt.display.boxes(side) {
        let ids = bt.in_box(side, &b);
        let cs = bt.commanders_in(side, &b);
        if ids.is_empty() && cs.is_empty() {
            continue;
        }
        let mut words: Vec<String> = ids.iter().map(|u| bt.unit_words(u)).collect();
        words.extend(cs.iter().map(|c| bt.commanders[c].c.name.clone()));
        lines.push(format!("{}: {}", b.name, words.join(", ")));
    }
    let default = if bt.plans[side].setup.is_empty() {
        " (the default set-up: the side's plan names no boxes)"
    } else {
        ""
    };
    let r = if side == AGGRESSOR {
        "Tactical 2.34"
    } else {
        "Tactical 2.32"
    };
    bt.note(
        r,
        Some(side),
        format!(
            "{} sets up on the {}{default} — {}",
            bt.names[side],
            bt.display.section_title(side),
            lines.join("; ")
        ),
    );
}
