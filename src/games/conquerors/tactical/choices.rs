//! What a battle plan decides, and the bundled default for every choice a plan leaves open
//! (see `plan`): the moves of a Movement Phase, Retreat Before Melee, the R-result choice,
//! Retreat During Combat. The default fights like a competent player: it attacks where the
//! differential favours it (flank and rear first), charges with its horse, commits the Reserve
//! from the plan's turn, closes with the enemy, and leaves the field one loss before its
//! Morale Level breaks when the enemy is further from breaking.

use std::collections::BTreeSet;

use super::display::{BoxId, Dir, Exit};
use super::movement::{self, facing_after, frontal, PhaseMoves};
use super::{commanders, melee, morale, retreats, Battle, Entry};
use crate::protocol::dice::Dice;
use crate::ruleset::RuleError;

/// [8.44]: retreat (true) or lose 1 SSP: the plan's choice, else retreat unless the box is held
/// or a phalanx would be Disrupted by turning ([13.42]).
pub fn r_choice(bt: &mut Battle, side: usize, b: &BoxId, ids: &[String]) -> bool {
    if let Some(c) = bt.plans[side].r_result {
        return c == super::plan::RChoice::Retreat;
    }
    let held = bt.plans[side]
        .hold
        .iter()
        .any(|h| bt.display.find(side, h).as_ref() == Some(b));
    let phalanx = ids
        .iter()
        .any(|u| bt.units[u].class == super::data::Class::Phalanx);
    let choice = !(held || phalanx);
    bt.note(
        "Tactical 8.44",
        Some(side),
        format!(
            "{} chooses to {} on the R result (the default: {})",
            bt.names[side],
            if choice { "retreat" } else { "lose 1 SSP" },
            if held {
                "the box is held"
            } else if phalanx {
                "a phalanx turned to retreat is Disrupted"
            } else {
                "retreat rather than bleed"
            }
        ),
    );
    choice
}

/// A unit's place, facing and entry, kept while the default tries a move.
type Saved = (String, Option<BoxId>, Option<Dir>, Option<Entry>);

/// The differential `side` would have in `to` if `ids` came in by `e` (the default's estimate).
fn project(bt: &mut Battle, side: usize, ids: &[String], e: &Exit, from: &BoxId) -> i32 {
    let saved: Vec<Saved> = ids
        .iter()
        .map(|u| {
            let x = &bt.units[u];
            (u.clone(), x.at.clone(), x.facing, x.entry.clone())
        })
        .collect();
    for u in ids {
        let x = bt.units.get_mut(u).unwrap();
        x.facing = facing_after(x.facing, e);
        x.at = Some(e.to.clone());
        x.entry = Some(Entry {
            from: from.clone(),
            anchor: e.to_anchor,
            crossing: e.crossing,
        });
    }
    let att = melee::attackers(bt, side, &e.to);
    let d = if att.iter().any(|a| ids.contains(a)) {
        melee::differential(bt, side, &e.to, &att).0
    } else {
        i32::MIN / 2
    };
    for (u, at, f, en) in saved {
        let x = bt.units.get_mut(&u).unwrap();
        x.at = at;
        x.facing = f;
        x.entry = en;
    }
    d
}

/// Steps (box count) from `b` to the nearest enemy-held box, along any line.
fn distance(bt: &Battle, side: usize, b: &BoxId) -> u32 {
    let mut seen: BTreeSet<BoxId> = BTreeSet::from([b.clone()]);
    let mut frontier = vec![b.clone()];
    for d in 0..12 {
        let mut next = Vec::new();
        for f in &frontier {
            if !f.is_reserve() && !bt.in_box(1 - side, f).is_empty() {
                return d;
            }
            for e in bt.display.exits(f) {
                if seen.insert(e.to.clone()) {
                    next.push(e.to.clone());
                }
            }
        }
        frontier = next;
    }
    99
}

/// A candidate move of the default.
struct Cand {
    score: i32,
    ids: Vec<String>,
    to: BoxId,
    via: Option<BoxId>,
    face: Option<Dir>,
    why: &'static str,
}

/// `side`'s Movement Phase ([3.0] Phases 3 and 7): the plan's orders for the turn, then the
/// default's moves while the Movement Limit allows.
///
/// Errors: dice not available yet.
pub fn movement_phase(bt: &mut Battle, side: usize, dice: &mut Dice) -> Result<(), RuleError> {
    let mut pm = PhaseMoves::default();
    let orders = bt.plans[side].turn(bt.turn).cloned().unwrap_or_default();
    for m in &orders.moves {
        let to = m.to.as_ref().and_then(|t| bt.display.find(side, t));
        let via = m.via.as_ref().and_then(|t| bt.display.find(side, t));
        if m.to.is_some() && to.is_none() || m.via.is_some() && via.is_none() {
            bt.note(
                "Tactical 4.11",
                Some(side),
                format!(
                    "the plan moves {} to a box that does not exist",
                    m.units.join(", ")
                ),
            );
            continue;
        }
        movement::order(
            bt,
            &mut pm,
            side,
            &m.units,
            to.as_ref(),
            via.as_ref(),
            m.face,
            dice,
        )?;
        if bt.end.is_some() {
            return Ok(());
        }
    }
    if orders.only || bt.plans[side].stand {
        return Ok(());
    }
    for _ in 0..200 {
        if bt.end.is_some() {
            break;
        }
        let limit = commanders::movement_limit(bt, side);
        if bt.moves_used >= limit {
            break;
        }
        let room = (limit - bt.moves_used) as usize;
        let Some(c) = best(bt, side, room) else { break };
        let label = c.why;
        let before = bt.events.len();
        let moved = movement::order(
            bt,
            &mut pm,
            side,
            &c.ids,
            Some(&c.to).filter(|_| c.face.is_none()),
            c.via.as_ref(),
            c.face,
            dice,
        )?;
        if let Some(e) = bt.events.get_mut(before) {
            e.text = format!("{} (the default plan: {label})", e.text);
        }
        if !moved {
            for u in &c.ids {
                if let Some(x) = bt.units.get_mut(u) {
                    x.moved = true;
                }
            }
        }
    }
    Ok(())
}

fn best(bt: &mut Battle, side: usize, room: usize) -> Option<Cand> {
    let held: Vec<BoxId> = bt.plans[side]
        .hold
        .iter()
        .filter_map(|h| bt.display.find(side, h))
        .collect();
    let commit = bt.turn >= bt.plans[side].commit_turn();
    let threshold = bt.plans[side].attack_at();
    let mut cands: Vec<Cand> = Vec::new();
    let boxes: Vec<BoxId> = (0..2).flat_map(|s| bt.display.boxes(s)).collect();
    for b in boxes {
        let enemy_here = !bt.in_box(1 - side, &b).is_empty();
        let movers: Vec<String> = bt
            .in_box(side, &b)
            .into_iter()
            .filter(|u| !bt.units[u].moved && !bt.units[u].disrupted)
            .collect();
        if movers.is_empty() || held.contains(&b) || (enemy_here && !b.is_reserve()) {
            continue;
        }
        if b.is_reserve() && b.side == side && !commit {
            continue;
        }
        if b.is_reserve() && b.side != side {
            continue; // [10.22]: intruders stay and fight for the Reserve Area.
        }
        // Each unit on its own in a Reserve Area (no facing); a stack moves together.
        let groups: Vec<Vec<String>> = if b.is_reserve() {
            movers.iter().map(|u| vec![u.clone()]).collect()
        } else {
            vec![movers.clone()]
        };
        for g in groups {
            let g: Vec<String> = g.into_iter().take(room).collect();
            let class = g
                .iter()
                .map(|u| bt.units[u].class)
                .find(|c| c.straight_only())
                .unwrap_or(bt.units[&g[0]].class);
            let f = bt.units[&g[0]].facing;
            let here = distance(bt, side, &b);
            for e in frontal(class, f, bt.display.exits(&b)) {
                if e.to.is_reserve() && e.to.side == side {
                    continue;
                }
                let enemy = !bt.in_box(1 - side, &e.to).is_empty();
                let f2 = facing_after(f, &e);
                if enemy && e.to.is_reserve() {
                    // [10.22]-[10.23]: into the enemy Reserve Area when the intruders there would
                    // reach half its defenders' SSP (the Reserve Area CRT rolls on SSP alone).
                    let mine: u32 =
                        bt.ssp_in(side, &e.to) + g.iter().map(|u| bt.units[u].ssp).sum::<u32>();
                    if mine * 2 >= bt.ssp_in(1 - side, &e.to) && mine >= 4 {
                        cands.push(Cand {
                            score: 900 + mine as i32,
                            ids: g.clone(),
                            to: e.to.clone(),
                            via: None,
                            face: None,
                            why: "break into the enemy Reserve Area",
                        });
                    }
                    continue;
                }
                if enemy {
                    if movement::refuse_entry(bt, side, &g, &e, f2, true).is_some() {
                        continue;
                    }
                    let d = project(bt, side, &g, &e, &b);
                    if d >= threshold {
                        cands.push(Cand {
                            score: 1000 + d * 10,
                            ids: g.clone(),
                            to: e.to.clone(),
                            via: None,
                            face: None,
                            why: "attack where the differential favours it",
                        });
                    }
                    continue;
                }
                if movement::refuse_entry(bt, side, &g, &e, f2, true).is_none() {
                    let there = distance(bt, side, &e.to);
                    if there < here {
                        let from_reserve = b.is_reserve();
                        let score = if from_reserve { 500 } else { 100 } - there as i32;
                        cands.push(Cand {
                            score,
                            ids: g.clone(),
                            to: e.to.clone(),
                            via: None,
                            face: None,
                            why: if from_reserve {
                                "commit the Reserve"
                            } else {
                                "close with the enemy"
                            },
                        });
                    }
                }
                // A charge: through this free box into an enemy-held one ([4.2]).
                if class.charges()
                    && g.iter().all(|u| bt.units[u].class.charges())
                    && movement::refuse_entry(bt, side, &g, &e, f2, false).is_none()
                {
                    for e2 in frontal(class, f2, bt.display.exits(&e.to)) {
                        if bt.in_box(1 - side, &e2.to).is_empty() || e2.to == b {
                            continue;
                        }
                        let f3 = facing_after(f2, &e2);
                        if movement::refuse_entry(bt, side, &g, &e2, f3, true).is_some() {
                            continue;
                        }
                        let d = project(bt, side, &g, &e2, &e.to);
                        if d >= threshold {
                            cands.push(Cand {
                                score: 1000 + d * 10 + 1,
                                ids: g.clone(),
                                to: e2.to.clone(),
                                via: Some(e.to.clone()),
                                face: None,
                                why: "charge",
                            });
                        }
                    }
                }
            }
            // Turn to face an enemy that no frontal line reaches.
            if !b.is_reserve() {
                if let Some(fc) = f {
                    for d in Dir::ALL {
                        if d == fc {
                            continue;
                        }
                        let reach = frontal(class, Some(d), bt.display.exits(&b))
                            .iter()
                            .any(|e| !e.to.is_reserve() && !bt.in_box(1 - side, &e.to).is_empty());
                        let now = frontal(class, Some(fc), bt.display.exits(&b))
                            .iter()
                            .any(|e| !e.to.is_reserve() && !bt.in_box(1 - side, &e.to).is_empty());
                        let friends_stay = bt.in_box(side, &b).len() == g.len();
                        if reach && !now && friends_stay {
                            cands.push(Cand {
                                score: 50,
                                ids: g.clone(),
                                to: b.clone(),
                                via: None,
                                face: Some(d),
                                why: "turn to face the enemy",
                            });
                            break;
                        }
                    }
                }
            }
        }
    }
    cands.sort_by_key(|c| (std::cmp::Reverse(c.score), c.ids.clone()));
    cands.into_iter().next()
}

/// A Reaction Phase's Retreat Before Melee ([9.1]): `side`'s stacks in boxes the enemy just
/// entered retreat one box when the enemy's differential there would reach the plan's
/// threshold (default +6), after a Voluntary Retreat roll (ruling TR-13); never from a held
/// box, never Disrupted units ([7.43]).
///
/// Errors: dice not available yet.
pub fn retreat_before_melee(
    bt: &mut Battle,
    side: usize,
    dice: &mut Dice,
) -> Result<(), RuleError> {
    let at = bt.plans[side].rbm_at();
    let held: Vec<BoxId> = bt.plans[side]
        .hold
        .iter()
        .filter_map(|h| bt.display.find(side, h))
        .collect();
    for b in bt.contested() {
        if bt.end.is_some() {
            break;
        }
        if held.contains(&b) || b.is_reserve() {
            continue;
        }
        if !bt
            .in_box(1 - side, &b)
            .iter()
            .any(|u| bt.units[u].entry.is_some())
        {
            continue;
        }
        let att = melee::attackers(bt, 1 - side, &b);
        if att.is_empty() {
            continue;
        }
        let (d, ..) = melee::differential(bt, 1 - side, &b, &att);
        let ids: Vec<String> = bt
            .in_box(side, &b)
            .into_iter()
            .filter(|u| !bt.units[u].disrupted)
            .collect();
        if d < at || ids.is_empty() || retreats::retreat_exits(bt, side, &ids, &b).is_empty() {
            continue;
        }
        bt.note("Tactical 9.11", Some(side), format!("{} try to Retreat Before Melee from {} (the enemy would attack at {d:+}; the plan retreats at {at:+} or more)", ids.join(", "), bt.place_words(&b)));
        if retreats::voluntary_retreat(bt, side, &b, &ids, dice)? {
            let alive: Vec<String> = ids.into_iter().filter(|u| bt.units[u].fighting()).collect();
            retreats::retreat(bt, side, &alive, &b, "Tactical 9.11, 9.13");
        }
    }
    Ok(())
}

/// [9.4]: `side` Retreats During Combat in the Retreat Phase: by the plan's loss threshold, or
/// by default one SSP before its Morale Level breaks when the enemy is further from his.
pub fn retreats_during_combat(bt: &mut Battle, side: usize) -> bool {
    let p = &bt.plans[side];
    if p.never_retreat {
        return false;
    }
    if let Some(n) = p.retreat_after_losses {
        return bt.lost[side] >= n;
    }
    let (mine, theirs) = (morale::margin(bt, side), morale::margin(bt, 1 - side));
    mine <= 1 && theirs > mine + 2
}
