//! The battle part of an order file's template: the display a side will fight on (both
//! sections' boxes and Connecting Lines), its units' tactical values and what each may do,
//! and the shape of a battle plan with every field the default fills in when it is left out.

use std::collections::BTreeMap;

use super::data::{Class, Pack};
use super::display::{BoxId, Display};
use super::Game;

/// What a unit type may do on the display, in words, by its class and values.
pub fn abilities(class: Class, missile: u32, archer: bool, game: Game) -> String {
    let mut v: Vec<&str> = Vec::new();
    match class {
        Class::Phalanx => v.push("straight ahead only (5.25), never crosses the Center Line diagonally; Disrupted when it turns to retreat (13.42); flank attacks on it +3 in The Romans (5.35); cavalry never attack its front (13.31)"),
        Class::Legionary => v.push(if game == Game::Romans { "three SSP of legionary infantry to a box (6.2)" } else { "infantry-type (6.14)" }),
        Class::HeavyInfantry => v.push("infantry-type: cavalry do not end a move with it (6.14)"),
        Class::LightInfantry => v.push("not infantry-type: cavalry may stack with it (6.14)"),
        Class::Missile => v.push("fires only, never enters an enemy box (7.3, 8.14)"),
        Class::Cavalry => v.push("charges two boxes into the enemy (4.2); never attacks elephants (13.26) nor a phalanx's front (13.31); defends with TO against cavalry (13.32)"),
        Class::Elephant => v.push("straight ahead only, charges two boxes; +4 attacking cavalry (13.28); only with elephants (13.27); Berserk when Disrupted (13.24)"),
        Class::Chariot => v.push("straight ahead only, charges two boxes (13.1)"),
    }
    if missile > 0 {
        v.push(if archer {
            "fires two boxes, halved at two (7.11, 7.16)"
        } else {
            "fires one box (7.11)"
        });
    }
    v.join("; ")
}

fn row(d: &Display, side: usize, row: u8) -> String {
    let mut boxes: Vec<(u8, String)> = d
        .boxes(side)
        .into_iter()
        .filter_map(|b| {
            d.position(&b)
                .filter(|p| p.row == row)
                .map(|p| (p.col, b.name))
        })
        .collect();
    boxes.sort();
    boxes
        .into_iter()
        .map(|(_, n)| n)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The notes: `own` is the side's index for the display (its section), `units` its units as
/// (id, type, SSP).
pub fn notes(
    pack: &Pack,
    game: Game,
    manipular: bool,
    own: usize,
    units: &[(String, String, u32)],
) -> String {
    let mut out = String::new();
    let Ok(d) = Display::new(pack, manipular.then_some(own)) else {
        return out;
    };
    let p = |out: &mut String, s: &str| {
        out.push_str("  # ");
        out.push_str(s);
        out.push('\n');
    };
    p(&mut out, "Tactical Battle Display (option tactical-battles): Major Land Battles are fought by the battle plans in");
    p(&mut out, "standing orders (`battle_plan:`, docs/conquerors-tactical-orders.md); what a plan leaves out the default decides.");
    p(
        &mut out,
        &format!(
            "{} (Tactical 2.2): your {}; the enemy's {}.",
            d.title,
            d.section_title(own),
            d.section_title(1 - own)
        ),
    );
    p(
        &mut out,
        &format!("  front (on the Center Line): {}", row(&d, own, 0)),
    );
    p(
        &mut out,
        &format!("  back:                       {}", row(&d, own, 1)),
    );
    p(
        &mut out,
        "  Reserve (behind); your boxes by name, the enemy's as `enemy F3`; N faces the enemy.",
    );
    let lines: Vec<String> = d
        .lines(own)
        .into_iter()
        .map(|(a, aa, b, ba)| {
            let w = |x: &BoxId, an: Option<super::display::Anchor>| match an {
                Some(an) => format!("{}.{an:?}", x.name),
                None => x.name.clone(),
            };
            format!("{}-{}", w(&a, aa), w(&b, ba))
        })
        .collect();
    for chunk in lines.chunks(8) {
        p(&mut out, &format!("  lines: {}", chunk.join(" ")));
    }
    p(&mut out, "  The Center Line joins each front box and Flank circle to the one opposite (N) and its neighbours (NE, NW).");
    p(
        &mut out,
        &format!(
            "The enemy's {} as he sees it (name its boxes `enemy F3`…):",
            d.section_title(1 - own)
        ),
    );
    p(
        &mut out,
        &format!(
            "  front: {}   back: {}   and his Reserve",
            row(&d, 1 - own, 0),
            row(&d, 1 - own, 1)
        ),
    );
    let theirs: Vec<String> = d
        .lines(1 - own)
        .into_iter()
        .filter(|(a, aa, b, ba)| {
            let flank = |n: &str| d.is_flank(&BoxId::new(1 - own, n));
            aa.is_some_and(|x| x.corner())
                || ba.is_some_and(|x| x.corner())
                || (aa.is_some() && ba.is_some() && (flank(&a.name) || flank(&b.name)))
        })
        .map(|(a, aa, b, ba)| {
            format!(
                "{}.{:?}-{}.{:?}",
                a.name,
                aa.unwrap_or(super::display::Anchor::N),
                b.name,
                ba.unwrap_or(super::display::Anchor::N)
            )
        })
        .collect();
    p(&mut out, "  its lines are the straight ones along and between the rows and to the Reserve, and these corner and flank lines:");
    for chunk in theirs.chunks(8) {
        p(&mut out, &format!("  lines: {}", chunk.join(" ")));
    }
    let values = pack.game(game.id());
    let mut by_type: BTreeMap<String, Vec<(String, u32)>> = BTreeMap::new();
    for (id, kind, ssp) in units {
        by_type
            .entry(kind.clone())
            .or_default()
            .push((id.clone(), *ssp));
    }
    if !by_type.is_empty() {
        p(
            &mut out,
            "Your units on the display: TO-TD (missile), what each may do:",
        );
    }
    for (kind, ids) in by_type {
        let Some(v) = values.and_then(|g| g.unit_types.get(&kind)) else {
            continue;
        };
        let list: Vec<String> = ids.iter().map(|(i, s)| format!("{i} {s}")).collect();
        p(
            &mut out,
            &format!(
                "  {kind} {}-{}{}: {}",
                v.to,
                v.td,
                v.missile.map(|m| format!(" ({m})")).unwrap_or_default(),
                abilities(v.class, v.missile.unwrap_or(0), v.archer, game)
            ),
        );
        for chunk in list.chunks(6) {
            p(&mut out, &format!("    {}", chunk.join(", ")));
        }
    }
    for l in PLAN_SHAPE.lines() {
        p(&mut out, l);
    }
    out
}

const PLAN_SHAPE: &str = "A battle plan (standing orders; every field optional):
battle_plan:
  system: tactical                 # or strategic-crt: this battle on the Strategic CRT (2.1)
  setup: {F4: {units: [UNIT, ...], facing: N}, Reserve: {units: [UNIT, COMMANDER]}}   # 2.32-2.34
  hold: [F3, F4]                   # never left by choice
  commit_reserve: 2                # the Reserve goes in from this Tactical Turn
  attack_at: 1                     # attack where the Melee Differential is at least this
  retreat_before_melee_at: 6       # 9.1: retreat when the enemy would attack at this or more
  r_result: retreat                # or lose (8.44); default: retreat, but lose in held boxes and with phalanxes
  losses: [UNIT, ...]              # 8.43: who loses SSP first
  withdraw_after_setup: false      # 2.35 (Resister only): a Retreat During Combat
  retreat_after_losses: 12         # 9.4: leave in the Retreat Phase after this many SSP lost
  never_retreat: false             # fight until the Morale Level breaks
  stand: false                     # move nothing but the turn orders
  river: false                     # 8.5: the Center Line is a river when both plans agree
  rough: [F2, \"enemy F3\"]            # 8.6 (a battle in a Rough hex): boxes both plans mark are Rough
  blocked: [B1]                    # 8.6: boxes both plans mark are Blocked (no unit enters)
  turns: {\"1\": {moves: [{units: [UNIT], to: \"enemy F4\", via: BOX, face: E}], fire: [{at: \"enemy F3\", with: [UNIT]}], only: false}}";
