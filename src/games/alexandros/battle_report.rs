//! Who did what in a battle's half-round, for the report (Alexandros 10.2, 10.10, 10.19): what
//! a side's standing battle plan ordered, in that side's name — or that it attacked nowhere,
//! and why — and the end of a battle at nightfall, which no side's orders cause.

use super::data::Pack;
use super::data::Side;
use super::tactical::{self, plan::BattlePlan, Battle, BattleOrders};
use crate::ruleset::{stamp_events, Event};

/// Alexandros 10.2, 10.10: what `side`'s battle plan ordered for its half-round, as one event
/// in its name: the rallies, advances, tactical move and attacks it gave; when it gave no attack,
/// why (no box of the side can reach one the enemy holds), and, when an enemy box lies open to
/// an advance the plan does not make (10.9), how to have one made. `before` is the display
/// before the half-round.
pub fn plan_summary(
    before: &Battle,
    pack: &Pack,
    side: Side,
    plan: &BattlePlan,
    o: &BattleOrders,
) -> Event {
    let who = format!("the {} battle plan", tactical::side_title(side));
    let mut did: Vec<String> = Vec::new();
    if !o.rally.is_empty() {
        did.push(format!("tries to rally {} (10.18)", o.rally.join(", ")));
    }
    for a in &o.advances {
        did.push(format!(
            "advances {} into {} (10.9)",
            a.units.join(", "),
            a.to
        ));
    }
    if let Some(m) = &o.tactical_move {
        did.push(format!("moves {} to {} (10.8)", m.units.join(", "), m.to));
    }
    for a in &o.attacks {
        let into = a
            .into
            .as_ref()
            .map(|t| format!(" into {t}"))
            .unwrap_or_else(|| " into the box it faces".to_string());
        did.push(format!("attacks from {}{into}", a.from));
    }
    if !o.attacks.is_empty() {
        return Event::new("Alexandros 10.10", format!("{who} {}", did.join("; ")))
            .by_standing(tactical::side_name(side));
    }
    // No attack: why, after the plan's own rallies and movement.
    let mut after = before.clone();
    let n = after.round();
    let moved = after
        .movement(pack, n, side, o, &mut Vec::new())
        .map(|_| ())
        .is_ok();
    let mut why = if moved && !after.any_attack_possible(pack, side) {
        "none of its boxes holds a unit free to attack next to a box the enemy holds (10.4, 10.10)"
            .to_string()
    } else {
        "its attack rules name no box that may attack now (10.10)".to_string()
    };
    let advanced: Vec<&str> = o.advances.iter().map(|a| a.to.as_str()).collect();
    let open: Vec<String> = before
        .vacant_at_start
        .iter()
        .filter(|p| before.occupant(p).is_none())
        .filter(|p| p.army != side)
        .map(|p| p.label(side))
        .filter(|l| !advanced.contains(&l.as_str()))
        .collect();
    if !open.is_empty() {
        why.push_str(&format!(
            "; {} lie{} open to an advance (10.9), but the plan orders none there{}: add `advance:` rules to the battle plan, or `ask_me: [every_round]` to give the orders yourself",
            open.join(", "),
            if open.len() == 1 { "s" } else { "" },
            if plan.advance.is_empty() {
                " (it has no advance rules)"
            } else {
                ""
            }
        ));
    }
    let done = if did.is_empty() {
        String::new()
    } else {
        format!("{}; ", did.join("; "))
    };
    Event::new(
        "Alexandros 10.10",
        format!("{who} {done}attacks nowhere: {why}"),
    )
    .by_standing(tactical::side_name(side))
}

/// Alexandros 10.19: when `battle` has just ended at nightfall, the events from the nightfall
/// on (the draw, the end-of-battle rally 10.18) are the rules' alone: placed in the phase with
/// no side named, so that no side's orders are credited with them. Call before stamping the
/// half-round's events with the side that acted; `round` is the round just fought.
pub fn stamp_nightfall(battle: &Battle, round: u8, turn: &str, phase: &str, ev: &mut [Event]) {
    if !battle.result().is_some_and(|r| r.nightfall) {
        return;
    }
    let Some(at) = ev.iter().position(|e| e.rule == "Alexandros 10.19") else {
        return;
    };
    stamp_events(
        ev,
        at,
        turn,
        phase,
        Some(&format!("nightfall after round {round} (10.19)")),
        None,
        false,
    );
}
