//! Tactical [12.0]: commanders — the Movement Limit from the Strategic Ratings present and
//! active ([12.11]–[12.17]), one commander's TO or TD added to a melee ([12.18]–[12.25]), the
//! Leader Loss and Wound Recovery Tables ([12.3]–[12.5]), stunned and slightly wounded commanders
//! returning ([12.35]), and a lone commander escaping or caught ([12.36]).

use super::data::Class;
use super::display::BoxId;
use super::{Battle, Game, Status};
use crate::protocol::dice::Dice;
use crate::ruleset::RuleError;

/// [12.11]–[12.17]: how many combat units `side` may move this Movement Phase: the Strategic
/// Ratings of its commanders present, active and not Disrupted, at most two of those in its own
/// Reserve Area counting (Roman magistrates aside, [12.17]); in The Romans never less than a
/// third of its units on the display, rounded up ([12.16]).
pub fn movement_limit(bt: &Battle, side: usize) -> u32 {
    let mut in_reserve: Vec<u32> = Vec::new();
    let mut total = 0;
    for c in bt.commanders.values() {
        if c.c.side != side || !c.active() || c.disrupted {
            continue;
        }
        let own_reserve =
            c.at.as_ref()
                .is_some_and(|b| b.is_reserve() && b.side == side);
        if own_reserve && !c.c.reserve_bound {
            in_reserve.push(c.c.sr);
        } else {
            total += c.c.sr;
        }
    }
    in_reserve.sort_unstable_by(|a, b| b.cmp(a));
    total += in_reserve.iter().take(2).sum::<u32>();
    if bt.game == Game::Romans {
        let n = bt
            .units
            .values()
            .filter(|u| u.side == side && u.fighting())
            .count() as u32;
        total = total.max(n.div_ceil(3));
    }
    total
}

/// [12.18], [12.22]–[12.25]: the one commander of `side` in `b` who adds his rating to a melee
/// of `units` (TO attacking, TD defending): the best eligible, not Disrupted ([7.45]); one who
/// commands elephants only adds nothing to other units ([12.24]).
pub fn helper(
    bt: &Battle,
    side: usize,
    b: &BoxId,
    units: &[String],
    attack: bool,
) -> Option<(String, u32)> {
    let all_eleph = units.iter().all(|u| bt.units[u].class == Class::Elephant);
    bt.commanders_in(side, b)
        .into_iter()
        .filter(|c| !bt.commanders[c].disrupted)
        .filter(|c| !bt.commanders[c].c.elephants_only || all_eleph)
        .map(|c| {
            let x = &bt.commanders[&c];
            let r = if attack { x.c.to } else { x.c.td };
            (c, r)
        })
        .filter(|(_, r)| *r > 0)
        .max_by_key(|(c, r)| (*r, std::cmp::Reverse(c.clone())))
}

/// [12.32]–[12.34], [12.5]: each commander of `side` in `b` rolls two dice on the Leader Loss
/// Table in his TCR column; a wound rolls at once for recovery.
///
/// Errors: dice not available yet.
pub fn leader_loss(
    bt: &mut Battle,
    side: usize,
    b: &BoxId,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    for c in bt.commanders_in(side, b) {
        let tcr = bt.commanders[&c].tcr();
        let col = if tcr >= 8 {
            "8+".to_string()
        } else {
            tcr.max(1).to_string()
        };
        let r = dice
            .roll_for(&bt.sides[side])
            .two_d6(&format!("Leader Loss for {c}"), "Tactical 12.33")?;
        let res = bt
            .pack
            .table("leader-loss")
            .and_then(|t| t.roll(r as u8, &col))
            .unwrap_or("-")
            .to_string();
        let name = bt.commanders[&c].c.name.clone();
        let next = bt.turn + 2;
        let (status, words) = match res.as_str() {
            "K" => (Status::Killed, "is killed".to_string()),
            "S" => (Status::Stunned(next), format!("is stunned and misses the rest of this Tactical Turn and the next (back on Turn {next})")),
            "W" => {
                let w = dice.roll_for(&bt.sides[side]).d6(&format!("Wound Recovery for {c}"), "Tactical 12.5")?;
                let cell = bt.pack.table("wound-recovery").and_then(|t| t.roll(w as u8, "turns-missed")).unwrap_or("1").to_string();
                match cell.as_str() {
                    "dies" => (Status::Killed, format!("is wounded and rolls {w} for recovery: he dies of his wounds")),
                    "rest-of-tactical-turn" => (Status::Slight(next), format!("is wounded and rolls {w} for recovery: only slightly, back after the next Tactical Turn (Turn {next}, ruling TR-12)")),
                    n => {
                        let k: u32 = n.parse().unwrap_or(1);
                        bt.wounded.insert(c.clone(), k);
                        (Status::Wounded(k), format!("is wounded and rolls {w} for recovery: out of the battle, missing {k} full Strategic Game-Turn{}", if k == 1 { "" } else { "s" }))
                    }
                }
            }
            _ => {
                bt.note("Tactical 12.33", None, format!("{name} (TCR {tcr}) rolls {r} on the Leader Loss Table: no effect"));
                continue;
            }
        };
        bt.note(
            "Tactical 12.33, 12.34",
            None,
            format!("{name} (TCR {tcr}) rolls {r} on the Leader Loss Table: he {words}"),
        );
        let x = bt.commanders.get_mut(&c).unwrap();
        x.status = status;
        x.at = None;
    }
    Ok(())
}

/// [12.35]: stunned and slightly wounded commanders due back this turn return to the box of
/// their side with the most SSP.
pub fn returns(bt: &mut Battle) {
    let due: Vec<String> = bt
        .commanders
        .values()
        .filter(|c| matches!(c.status, Status::Stunned(t) | Status::Slight(t) if t <= bt.turn))
        .map(|c| c.c.id.clone())
        .collect();
    for c in due {
        let side = bt.commanders[&c].c.side;
        let b = if bt.commanders[&c].c.reserve_bound {
            BoxId::new(side, super::display::RESERVE)
        } else {
            super::setup::best_box_for_commander(bt, side)
        };
        let x = bt.commanders.get_mut(&c).unwrap();
        x.status = Status::Active;
        x.at = Some(b.clone());
        let name = x.c.name.clone();
        let w = bt.place_words(&b);
        bt.note(
            "Tactical 12.35",
            Some(side),
            format!("{name} returns to the battle in {w}"),
        );
    }
}

/// [12.36] (ruling TR-18): commanders of `side` alone in `b` with the enemy there go to the
/// nearest box holding friendly units (the first found through the box's lines); with none they
/// are caught and killed.
pub fn lone_commanders_escape(bt: &mut Battle, side: usize, b: &BoxId) {
    if !bt.in_box(side, b).is_empty() || bt.in_box(1 - side, b).is_empty() {
        return;
    }
    for c in bt.commanders_in(side, b) {
        let mut seen = vec![b.clone()];
        let mut frontier = vec![b.clone()];
        let mut found = None;
        while found.is_none() && !frontier.is_empty() {
            let mut next = Vec::new();
            for f in &frontier {
                for e in bt.display.exits(f) {
                    if seen.contains(&e.to) {
                        continue;
                    }
                    seen.push(e.to.clone());
                    if !bt.in_box(side, &e.to).is_empty() && found.is_none() {
                        found = Some(e.to.clone());
                    }
                    if bt.in_box(1 - side, &e.to).is_empty() {
                        next.push(e.to.clone());
                    }
                }
            }
            frontier = next;
        }
        let surrounded = bt
            .display
            .exits(b)
            .iter()
            .all(|e| !bt.in_box(1 - side, &e.to).is_empty());
        let name = bt.commanders[&c].c.name.clone();
        match found.filter(|_| !surrounded) {
            Some(to) => {
                let w = bt.place_words(&to);
                bt.commanders.get_mut(&c).unwrap().at = Some(to);
                bt.note(
                    "Tactical 12.36",
                    Some(side),
                    format!("{name}, alone with the enemy, rides to the nearest friendly box, {w}"),
                );
            }
            None => {
                let x = bt.commanders.get_mut(&c).unwrap();
                x.status = Status::Killed;
                x.at = None;
                bt.note(
                    "Tactical 12.36",
                    None,
                    format!("{name} is alone and surrounded by the enemy: he is killed"),
                );
            }
        }
    }
}

/// A stack has left or been destroyed: its commanders left alone with the enemy escape.
pub fn stack_gone(bt: &mut Battle, side: usize, b: &BoxId) {
    lone_commanders_escape(bt, side, b);
}

/// Commanders of fled or eliminated stacks: a commander alone in a box with no enemy stays.
pub fn flee_with(bt: &mut Battle, side: usize, b: &BoxId) {
    if bt.in_box(side, b).is_empty() && !bt.in_box(1 - side, b).is_empty() {
        for c in bt.commanders_in(side, b) {
            let x = bt.commanders.get_mut(&c).unwrap();
            x.status = Status::Fled;
            x.at = None;
        }
    }
}
