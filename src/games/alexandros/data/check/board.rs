//! Tactical Display validation (`board.yaml`).

use super::super::board::{BoxKind, UnitClass, BOX_NAMES};
use super::super::{Pack, BOARD_FILE};
use super::Out;

/// Alexandros 10.4 (seven boxes per army, the Reserve joined to the five front boxes, front
/// boxes facing enemy boxes), 10.5 (capacities: 4 + 4 in the battle line, 4 cavalry or light
/// infantry in an outflank box, Reserve unlimited with 4 engaging), 10.2 (10 rounds), 10.3
/// (placement order), 9.3 and 10.18 (die ranges within 1–6).
pub(super) fn check_board(pack: &Pack, o: &mut Out) {
    let f = BOARD_FILE;
    let b = &pack.board;
    const R4: &str = "Alexandros 10.4: each army has seven boxes";
    for n in BOX_NAMES {
        if !b.boxes.contains_key(n) {
            o.add(f, format!("boxes/{n}"), R4, "box missing");
        }
    }
    for k in b.boxes.keys() {
        if !BOX_NAMES.contains(&k.as_str()) {
            o.add(f, format!("boxes/{k}"), R4, "unknown box name");
        }
    }
    const R5: &str = "Alexandros 10.5: box capacities";
    for (k, bx) in &b.boxes {
        let item = format!("boxes/{k}");
        let want = match k.as_str() {
            "Left" | "Center" | "Right" => BoxKind::BattleLine,
            "Reserve" => BoxKind::Reserve,
            "LeftOutflank" | "RightOutflank" => BoxKind::Outflank,
            _ => BoxKind::Routed,
        };
        if bx.kind != want {
            o.add(f, &item, R4, format!("kind must be {want:?}"));
        }
        match bx.kind {
            BoxKind::BattleLine => {
                if bx.first_line != Some(4) || bx.second_line != Some(4) {
                    o.add(
                        f,
                        &item,
                        R5,
                        "a battle-line box holds 4 in the first line and 4 in the second",
                    );
                }
            }
            BoxKind::Outflank => {
                if bx.capacity != Some(4) {
                    o.add(f, &item, R5, "an outflank box holds at most 4 units");
                }
                if bx.allowed != vec![UnitClass::Cavalry, UnitClass::LightInfantry] {
                    o.add(
                        f,
                        &item,
                        R5,
                        "only cavalry and light infantry enter an outflank box",
                    );
                }
            }
            BoxKind::Reserve => {
                if bx.capacity.is_some() || bx.engage != Some(4) {
                    o.add(
                        f,
                        &item,
                        R5,
                        "the Reserve is unlimited and engages at most 4 units",
                    );
                }
            }
            BoxKind::Routed => {}
        }
    }
    const R8: &str = "Alexandros 10.4, 10.8: arrows join boxes of one display";
    for [a, c] in &b.arrows {
        for x in [a, c] {
            if !b.boxes.contains_key(x) || x == "Routed" {
                o.add(
                    f,
                    format!("arrows/{a}-{c}"),
                    R8,
                    format!("`{x}` cannot carry an arrow"),
                );
            }
        }
    }
    for front in ["Left", "Center", "Right", "LeftOutflank", "RightOutflank"] {
        if !b.joined("Reserve", front) {
            o.add(
                f,
                "arrows",
                R8,
                format!("the Reserve must be joined to {front}"),
            );
        }
        match b.faces(front) {
            Some(x) if b.boxes.contains_key(x) && x != "Reserve" && x != "Routed" => {}
            _ => o.add(
                f,
                format!("facing/{front}"),
                "Alexandros 10.4: each front box faces a box of the enemy line",
                "missing or not a front box",
            ),
        }
    }
    let r = &b.rules;
    if r.rounds != 10 {
        o.add(
            f,
            "rules/rounds",
            "Alexandros 10.2: at most 10 rounds",
            "must be 10",
        );
    }
    for (what, v) in [
        ("rally_roll_max", r.rally_roll_max),
        ("alexander_kia_confirm_max", r.alexander_kia_confirm_max),
    ]
    .into_iter()
    .chain(
        r.evasion_roll_max
            .values()
            .map(|v| ("evasion_roll_max", *v)),
    ) {
        if !(1..=6).contains(&v) {
            o.add(
                f,
                format!("rules/{what}"),
                "Alexandros 9.3, 10.17, 10.18: a d6 range",
                "must be 1-6",
            );
        }
    }
    for x in &r.setup_order {
        if !matches!(x.as_str(), "Left" | "Center" | "Right" | "Reserve") {
            o.add(
                f,
                "rules/setup_order",
                "Alexandros 10.3: units are placed in Left, Center, Right and Reserve",
                format!("`{x}` is not a set-up box"),
            );
        }
    }
}
