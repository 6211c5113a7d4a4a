//! The display for the renderer: every place of both sections with its units (facing,
//! Disruption, Melee Engaged), commanders, shape and Connecting Lines, as the game-agnostic
//! battle board model (`view::BattleView`).

use crate::view::{BattleView, BoxView, LineView, UnitView};

use super::display::Kind;
use super::Battle;

/// The board now.
pub fn board(bt: &Battle, round: &str) -> BattleView {
    let mut boxes = Vec::new();
    for s in 0..2 {
        for b in bt.display.boxes(s) {
            let Some(p) = bt.display.position(&b) else {
                continue;
            };
            let mut units = Vec::new();
            let mut occupant = None;
            for side in 0..2 {
                for u in bt.in_box(side, &b) {
                    let x = &bt.units[&u];
                    occupant = Some(bt.sides[side].clone());
                    let mut status = Vec::new();
                    if let Some(f) = x.facing {
                        status.push(format!("faces {f:?}"));
                    }
                    if x.disrupted {
                        status.push("Disrupted".into());
                    }
                    if x.engaged {
                        status.push("Melee Engaged".into());
                    }
                    units.push(UnitView {
                        id: u.clone(),
                        kind: x.kind.clone(),
                        short: short(&x.kind),
                        strength: format!(
                            "{}-{}{}",
                            x.to_now(),
                            x.td_now(),
                            if x.missile > 0 {
                                format!(" ({})", x.missile_now())
                            } else {
                                String::new()
                            }
                        ),
                        steps: x.ssp.min(255) as u8,
                        full_steps: x.full_ssp.min(255) as u8,
                        status,
                    });
                }
            }
            let leaders = (0..2)
                .flat_map(|side| bt.commanders_in(side, &b))
                .map(|c| bt.commanders[&c].c.name.clone())
                .collect();
            boxes.push(BoxView {
                side: bt.sides[s].clone(),
                name: b.name.clone(),
                col: p.col,
                row: p.row,
                units,
                leaders,
                occupant,
                shape: match p.kind {
                    Kind::Box => "box",
                    Kind::Flank => "circle",
                    Kind::Reserve => "reserve",
                }
                .into(),
                terrain: bt.terrain.of(&b).into(),
            });
        }
    }
    let mut lines = Vec::new();
    for s in 0..2 {
        for (a, aa, b, ba) in bt.display.lines(s) {
            lines.push(LineView {
                side: bt.sides[s].clone(),
                from: a.name,
                from_anchor: aa.map(|x| format!("{x:?}")),
                to: b.name,
                to_anchor: ba.map(|x| format!("{x:?}")),
            });
        }
    }
    BattleView {
        place: bt.place.clone(),
        round: round.to_string(),
        boxes,
        engaged: bt
            .contested()
            .iter()
            .map(|b| format!("both sides in {}", bt.place_words(b)))
            .collect(),
        lines,
        center_line: Some(if bt.river {
            "river".into()
        } else {
            "Center Line".into()
        }),
    }
}

/// A counter's short type: the initials of its words (`heavy-cavalry` → `HC`).
fn short(kind: &str) -> String {
    kind.split('-')
        .filter_map(|w| w.chars().next())
        .collect::<String>()
        .to_uppercase()
}
