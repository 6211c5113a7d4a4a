//! The battle told for people: a summary of how it ended, for the strategic report after the
//! account of every phase (the account itself is the battle's events, each stamped with its
//! Tactical Turn and phase).

use crate::games::conquerors::combat::End;

use super::{Battle, BattleResult, Fate};

/// One line: how the battle ended and what each side lost.
pub fn summary(names: &[String; 2], r: &BattleResult) -> String {
    let how = match &r.end {
        Some(End::Fled(s)) => format!("{} broke and fled", names[*s]),
        Some(End::Retreated(s)) => format!("{} retreated during combat", names[*s]),
        Some(End::Draw(_)) => "both sides broke at once: a draw".into(),
        None => "unfinished".into(),
    };
    let lost: u32 = r.ssp_lost.values().sum();
    format!(
        "after {} Tactical Turn{} {how}; {lost} SSP lost in all, {} unit(s) fled the field{}",
        r.turns,
        if r.turns == 1 { "" } else { "s" },
        r.fled.len(),
        if r.killed.is_empty() {
            String::new()
        } else {
            format!(", commanders killed: {}", r.killed.join(", "))
        }
    )
}

/// What is on the display, box by box, for `side` (the picture in words).
pub fn board_lines(bt: &Battle) -> Vec<String> {
    let mut out = Vec::new();
    for s in 0..2 {
        for b in bt.display.boxes(s) {
            let mut parts = Vec::new();
            for side in 0..2 {
                let ids = bt.in_box(side, &b);
                if ids.is_empty() {
                    continue;
                }
                let words: Vec<String> = ids
                    .iter()
                    .map(|u| {
                        let x = &bt.units[u];
                        let mut w = format!("{u} {}", x.ssp);
                        if let Some(f) = x.facing {
                            w.push_str(&format!(" {f:?}"));
                        }
                        if x.disrupted {
                            w.push_str(" D");
                        }
                        if x.engaged {
                            w.push_str(" M");
                        }
                        w
                    })
                    .collect();
                parts.push(format!("{}: {}", bt.names[side], words.join(", ")));
            }
            if !parts.is_empty() {
                out.push(format!("{}: {}", bt.place_words(&b), parts.join(" | ")));
            }
        }
    }
    let fled: Vec<&String> = bt
        .units
        .values()
        .filter(|u| u.fate == Fate::Fled)
        .map(|u| &u.id)
        .collect();
    if !fled.is_empty() {
        out.push(format!(
            "fled: {}",
            fled.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    out
}
