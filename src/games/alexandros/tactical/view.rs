//! The Tactical Display as a board for the situation view (Alexandros 10.4): each army's seven
//! boxes — the five front boxes in a row (Left Outflank, Left, Center, Right, Right Outflank),
//! the Reserve behind the Center and the Routed Units box apart — with the units in them
//! (strengths, steps, second line), the leaders and who is engaged with whom (10.12).

use super::super::data::counters::Side;
use super::super::data::Pack;
use super::board::{kind, strength, Line, Place};
use super::{side_name, side_title, Battle, Fate, Phase};
use crate::view::{BattleView, BoxView, UnitView};

/// Column and row of a box on its army's display (row 0 faces the enemy).
fn grid(name: &str) -> (u8, u8) {
    match name {
        "LeftOutflank" => (0, 0),
        "Left" => (1, 0),
        "Center" => (2, 0),
        "Right" => (3, 0),
        "RightOutflank" => (4, 0),
        "Reserve" => (2, 1),
        _ => (4, 1), // Routed Units
    }
}

/// The round in words (Alexandros 10.2, 10.3).
pub fn round_words(b: &Battle) -> String {
    match b.phase {
        Phase::Setup(side) => format!("{} set-up (10.3)", side_title(side)),
        Phase::Round(n, side) => format!("round {n}, {} half-round", side_title(side)),
        Phase::Over => "over".into(),
    }
}

/// The board of a battle in progress.
pub fn board(b: &Battle, pack: &Pack) -> BattleView {
    let mut boxes = Vec::new();
    for army in [Side::Macedonian, Side::Persian] {
        for name in pack.board.boxes.keys() {
            let place = Place::new(army, name);
            let (col, row) = grid(name);
            let mut units = Vec::new();
            let mut occupant = None;
            for side in [Side::Macedonian, Side::Persian] {
                for u in b.units_at(side, &place) {
                    occupant = Some(side_name(side).to_string());
                    let st = strength(pack, u);
                    let (words, short) = super::super::view::kind_words(kind(pack, u));
                    let mut status = Vec::new();
                    if u.line == Line::Second && name != "Routed" && name != "Reserve" {
                        status.push("2nd line".to_string());
                    }
                    if let Some(l) = b.leader_with(&u.id) {
                        status.push(format!("with {}", l.name));
                    }
                    let full = if u.codes.len() > 1 {
                        u.codes.len() as u8
                    } else {
                        pack.unit(&u.id).map(|x| x.steps.len() as u8).unwrap_or(1)
                    };
                    units.push(UnitView {
                        id: u.codes.join("+"),
                        kind: words.into(),
                        short: short.into(),
                        strength: format!("{}-{}", st.attack, st.defense),
                        steps: u.steps,
                        full_steps: full,
                        status,
                    });
                }
            }
            let leaders = b
                .leaders
                .iter()
                .filter(|l| {
                    l.fate == Fate::Active && b.leader_place(&l.name).as_ref() == Some(&place)
                })
                .map(|l| {
                    if l.wounded {
                        format!("{} (wounded)", l.name)
                    } else {
                        l.name.clone()
                    }
                })
                .collect();
            boxes.push(BoxView {
                side: side_name(army).into(),
                name: pack
                    .board
                    .get(name)
                    .map(|x| x.title.clone())
                    .unwrap_or_else(|| name.clone()),
                col,
                row,
                units,
                leaders,
                occupant,
                shape: String::new(),
                terrain: String::new(),
            });
        }
    }
    let engaged = b
        .engaged
        .iter()
        .map(|e| {
            format!(
                "{} engaged with {} since round {} (10.12)",
                e.attacker, e.defender, e.round
            )
        })
        .collect();
    BattleView {
        place: b.province.clone(),
        round: round_words(b),
        boxes,
        engaged,
        ..Default::default()
    }
}
