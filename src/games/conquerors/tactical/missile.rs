//! Tactical [7.0]: missile fire — range one box, two for pure archers at half strength in whole
//! points ([7.11], [7.13], [7.16]); through Frontal sides and lines or across the Center Line
//! ([7.12], [7.14]); never into or out of a Reserve Area ([7.15]), into a box with friends or out
//! of a box with the enemy ([7.22]); once a Tactical Turn, in the Fire Phase or the Reaction
//! Phase ([7.21]); the Missile Fire CRT's D, DL and * ([7.24]–[7.26]); units hit by reaction fire
//! fall back ([7.27]); Disruption ([7.4]).

use std::collections::BTreeMap;

use super::data::Class;
use super::display::{aspect, Aspect, BoxId};
use super::movement::{facing_after, frontal};
use super::{melee, morale, retreats, Battle};
use crate::protocol::dice::Dice;
use crate::ruleset::RuleError;

/// One way a unit may fire: the target box, at range 2 (halved), and the anchor the fire
/// enters the target by.
#[derive(Debug, Clone)]
pub struct Shot {
    /// Target box.
    pub target: BoxId,
    /// Two boxes away ([7.16]).
    pub far: bool,
    /// Where the fire comes into the target box.
    pub anchor: Option<super::display::Anchor>,
}

/// Every target unit `id` may fire at now ([7.1], [7.22]).
pub fn shots(bt: &Battle, id: &str) -> Vec<Shot> {
    let u = &bt.units[id];
    let Some(from) = u.at.clone() else {
        return vec![];
    };
    if u.missile == 0
        || u.disrupted
        || u.fired
        || from.is_reserve()
        || !bt.in_box(1 - u.side, &from).is_empty()
    {
        return vec![];
    }
    let side = u.side;
    let ok = |b: &BoxId| {
        !b.is_reserve() && bt.in_box(side, b).is_empty() && !bt.in_box(1 - side, b).is_empty()
    };
    let mut out = Vec::new();
    // Missile fire goes through Frontal sides and lines, as if the unit moved ([7.14]); the
    // phalanx-type "straight only" movement rule is not a fire rule.
    for e in frontal(Class::Missile, u.facing, bt.display.exits(&from)) {
        if ok(&e.to) {
            out.push(Shot {
                target: e.to.clone(),
                far: false,
                anchor: e.to_anchor,
            });
        }
        if u.archer && !e.to.is_reserve() {
            let f = facing_after(u.facing, &e);
            for e2 in frontal(Class::Missile, f, bt.display.exits(&e.to)) {
                if e2.to != from && ok(&e2.to) {
                    out.push(Shot {
                        target: e2.to.clone(),
                        far: true,
                        anchor: e2.to_anchor,
                    });
                }
            }
        }
    }
    out
}

/// A Fire Phase ([3.0] Phases 1 and 2): the plan's fire orders, then the default: each missile
/// unit fires where the most fire is already going, nearer boxes first.
///
/// Errors: dice not available yet.
pub fn fire_phase(bt: &mut Battle, side: usize, dice: &mut Dice) -> Result<(), RuleError> {
    let mut volleys: BTreeMap<BoxId, Vec<(String, Shot)>> = BTreeMap::new();
    let orders = bt.plans[side].turn(bt.turn).cloned().unwrap_or_default();
    let mut used: Vec<String> = Vec::new();
    for f in &orders.fire {
        let Some(t) = bt.display.find(side, &f.at) else {
            bt.note(
                "Tactical 7.12",
                Some(side),
                format!("the plan fires at {}, which is no box", f.at),
            );
            continue;
        };
        for u in &f.with {
            match bt
                .units
                .get(u)
                .filter(|x| x.side == side)
                .and_then(|_| shots(bt, u).into_iter().find(|s| s.target == t))
            {
                Some(s) => {
                    used.push(u.clone());
                    volleys.entry(t.clone()).or_default().push((u.clone(), s));
                }
                None => bt.note(
                    "Tactical 7.1, 7.22",
                    Some(side),
                    format!("{u} cannot fire at {}", f.at),
                ),
            }
        }
    }
    if !orders.only {
        let ids: Vec<String> = bt
            .units
            .values()
            .filter(|u| u.side == side && u.fighting() && u.missile > 0)
            .map(|u| u.id.clone())
            .collect();
        for u in ids.into_iter().filter(|u| !used.contains(u)) {
            let mut opts = shots(bt, &u);
            opts.sort_by_key(|s| {
                let already: u32 = volleys.get(&s.target).map(|v| v.len() as u32).unwrap_or(0);
                (
                    s.far,
                    std::cmp::Reverse(already),
                    std::cmp::Reverse(bt.ssp_in(1 - side, &s.target)),
                )
            });
            if let Some(s) = opts.into_iter().next() {
                volleys.entry(s.target.clone()).or_default().push((u, s));
            }
        }
    }
    for (t, v) in volleys {
        if bt.end.is_some() {
            break;
        }
        resolve(bt, side, &t, &v, dice)?;
    }
    Ok(())
}

/// [7.16], [7.24]: the fire's total, range-2 archers halved over the whole volley, whole
/// points only.
pub fn strength(bt: &Battle, v: &[(String, Shot)]) -> u32 {
    let near: u32 = v
        .iter()
        .filter(|(_, s)| !s.far)
        .map(|(u, _)| bt.units[u].missile_now())
        .sum();
    let far: u32 = v
        .iter()
        .filter(|(_, s)| s.far)
        .map(|(u, _)| bt.units[u].missile_now())
        .sum();
    near + far / 2
}

fn resolve(
    bt: &mut Battle,
    side: usize,
    t: &BoxId,
    v: &[(String, Shot)],
    dice: &mut Dice,
) -> Result<(), RuleError> {
    let total = strength(bt, v);
    let who: Vec<&str> = v.iter().map(|(u, _)| u.as_str()).collect();
    for (u, _) in v {
        bt.units.get_mut(u).unwrap().fired = true;
    }
    if total == 0 {
        bt.note(
            "Tactical 7.16",
            Some(side),
            format!(
                "{} fire at {} with less than one whole point: no fire",
                who.join(", "),
                bt.place_words(t)
            ),
        );
        return Ok(());
    }
    let r = dice
        .roll_for(&bt.sides[side])
        .d6(&format!("missile fire at {}", t.name), "Tactical 7.24")?;
    let col = if total >= 6 {
        "6+".to_string()
    } else {
        total.to_string()
    };
    let cell = bt
        .pack
        .table("missile-fire")
        .and_then(|x| x.roll(r as u8, &col))
        .unwrap_or("-")
        .to_string();
    // [7.26] (ruling TR-26): a * spares a phalanx only when all the fire comes at its front.
    let frontal = |bt: &Battle, p: &str| {
        let f = bt.units[p].facing;
        v.iter().all(
            |(_, s)| matches!((f, s.anchor), (Some(f), Some(a)) if aspect(f, a) == Aspect::Front),
        )
    };
    let targets = bt.in_box(1 - side, t);
    let hit = effect(bt, &cell, &targets, |bt, p| frontal(bt, p));
    bt.note(
        "Tactical 7.24, 7.5",
        Some(side),
        format!(
            "{} fire at {} (strength {total}{}), roll {r} on column {col}: {}",
            who.join(", "),
            bt.place_words(t),
            if v.iter().any(|(_, s)| s.far) {
                ", archers at two boxes halved"
            } else {
                ""
            },
            words(&cell)
        ),
    );
    apply(bt, 1 - side, t, &cell, &hit, "Tactical 7.25");
    Ok(())
}

fn words(cell: &str) -> &'static str {
    match cell.trim_end_matches('*') {
        "D" => "Disrupted (D)",
        "DL" => "Disrupted and 1 SSP lost (DL)",
        _ => "no effect",
    }
}

/// The units a result touches: all, but a phalanx spared by a * ([7.26]).
fn effect(
    bt: &Battle,
    cell: &str,
    targets: &[String],
    spared: impl Fn(&Battle, &str) -> bool,
) -> Vec<String> {
    let star = cell.ends_with('*');
    targets
        .iter()
        .filter(|u| !(star && bt.units[*u].class == Class::Phalanx && spared(bt, u)))
        .cloned()
        .collect()
}

/// [7.25], [7.46], [13.24]: D Disrupts the units hit (and the side's commanders in the box); DL
/// also takes 1 SSP in total from them.
fn apply(bt: &mut Battle, side: usize, t: &BoxId, cell: &str, hit: &[String], rule: &str) {
    let c = cell.trim_end_matches('*');
    if c == "-" || hit.is_empty() {
        if c != "-" {
            bt.note(
                "Tactical 7.26",
                None,
                "the phalanx takes the fire on its front: no effect (*)",
            );
        }
        return;
    }
    for u in hit {
        let x = bt.units.get_mut(u).unwrap();
        if !x.disrupted {
            x.disrupted = true;
        }
    }
    for cmd in bt.commanders_in(side, t) {
        bt.commanders.get_mut(&cmd).unwrap().disrupted = true;
    }
    if hit.iter().any(|u| bt.units[u].class == Class::Elephant) {
        bt.note("Tactical 13.24", None, "the Disrupted elephants go Berserk");
    }
    if c == "DL" {
        melee::take_losses(bt, side, hit, 1, rule);
        morale::check(bt);
    }
}

/// A Reaction Phase's fire ([7.21], [7.27], ruling TR-10): `side`'s missile units that have not
/// fired this turn fire at enemy units that entered their box through their Frontal side or
/// lines in the Movement Phase just played; the result falls on those units, which fall back.
///
/// Errors: dice not available yet.
pub fn reaction_fire(bt: &mut Battle, side: usize, dice: &mut Dice) -> Result<(), RuleError> {
    for b in bt.contested() {
        if bt.end.is_some() {
            break;
        }
        let entrants: Vec<String> = bt
            .in_box(1 - side, &b)
            .into_iter()
            .filter(|u| bt.units[u].entry.is_some())
            .collect();
        if entrants.is_empty() {
            continue;
        }
        let firers: Vec<String> = bt
            .in_box(side, &b)
            .into_iter()
            .filter(|u| {
                let x = &bt.units[u];
                x.missile > 0 && !x.fired && !x.disrupted
            })
            .filter(|u| {
                let f = bt.units[u].facing;
                entrants.iter().any(|e| matches!((f, bt.units[e].entry.as_ref().and_then(|x| x.anchor)), (Some(f), Some(a)) if aspect(f, a) == Aspect::Front))
            })
            .collect();
        if firers.is_empty() {
            continue;
        }
        let total: u32 = firers.iter().map(|u| bt.units[u].missile_now()).sum();
        for u in &firers {
            bt.units.get_mut(u).unwrap().fired = true;
        }
        let r = dice
            .roll_for(&bt.sides[side])
            .d6(&format!("reaction fire in {}", b.name), "Tactical 7.21")?;
        let col = if total >= 6 {
            "6+".to_string()
        } else {
            total.to_string()
        };
        let cell = bt
            .pack
            .table("missile-fire")
            .and_then(|x| x.roll(r as u8, &col))
            .unwrap_or("-")
            .to_string();
        let hit = effect(bt, &cell, &entrants, |_, _| true);
        bt.note(
            "Tactical 7.21, 7.5",
            Some(side),
            format!(
                "reaction fire: {} fire at {} (strength {total}), roll {r} on column {col}: {}",
                firers.join(", "),
                entrants.join(", "),
                words(&cell)
            ),
        );
        if cell.trim_end_matches('*') == "-" || hit.is_empty() {
            continue;
        }
        apply(bt, 1 - side, &b, &cell, &hit, "Tactical 7.25");
        // [7.27]: each group goes back to where it came from.
        let mut by_origin: BTreeMap<BoxId, Vec<String>> = BTreeMap::new();
        for u in hit.iter().filter(|u| bt.units[*u].fighting()) {
            if let Some(o) = bt.units[u].entry.as_ref().map(|e| e.from.clone()) {
                by_origin.entry(o).or_default().push(u.clone());
            }
        }
        for (o, ids) in by_origin {
            retreats::repulse(bt, 1 - side, &ids, &o);
        }
    }
    Ok(())
}
