//! The situation and the narrative as report blocks (text, Markdown, BBCode through
//! `crate::report`): a roster per side (every force where it stands, its leaders with their
//! status, its units with type, strengths and steps), the cities (walls, garrison, siege), the
//! tracks with each source named, the battle board, what each side must do next, and the events
//! grouped by turn, phase and round.

use crate::report::Block;
use crate::view::{count, narrative::capitalised, EventGroup, Force, UnitView, View};

/// `A1 HI 6-5` with `1/2 steps` when reduced and its status in brackets.
pub fn unit_words(u: &UnitView) -> String {
    let mut s = format!("{} {} {}", u.id, u.short, u.strength);
    if u.steps < u.full_steps {
        s.push_str(&format!(" ({}/{} steps)", u.steps, u.full_steps));
    }
    if !u.status.is_empty() {
        s.push_str(&format!(" [{}]", u.status.join(", ")));
    }
    s
}

/// The leaders of a force: `Alexander 4 (wounded)`.
pub fn leader_words(f: &Force) -> String {
    if f.leaders.is_empty() {
        return "no leader".into();
    }
    f.leaders
        .iter()
        .map(|l| {
            // A leader whose rating is not known yet (an untried commander) has none to show.
            let named = if l.rating.is_empty() {
                l.name.clone()
            } else {
                format!("{} {}", l.name, l.rating)
            };
            if l.status.is_empty() {
                named
            } else {
                format!("{named} ({})", l.status.join(", "))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where a force stands: `Phrygia` or `Phrygia, garrison of Gordium`.
pub fn where_words(f: &Force) -> String {
    if f.at.is_empty() || f.at == "field" {
        f.place.clone()
    } else {
        format!("{}, {}", f.place, f.at)
    }
}

/// `12 units, 22 of 24 steps`.
pub fn size_words(f: &Force) -> String {
    let (left, full) = f.steps();
    let mut s = count(f.units.len(), "unit");
    if left < full {
        s.push_str(&format!(", {left} of {full} steps"));
    }
    s
}

/// A force's units grouped by type, strengths and steps, each group with the codes that
/// order files name: `6×HI 6-6 (A1, A2, A3, A4, A5, A6), HC 5-4 at 1/2 steps (hetairoi)`.
pub fn units_compact(f: &Force) -> String {
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for u in &f.units {
        let mut key = format!("{} {}", u.short, u.strength);
        if u.steps < u.full_steps {
            key.push_str(&format!(" at {}/{} steps", u.steps, u.full_steps));
        }
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, codes)) => codes.push(&u.id),
            None => groups.push((key, vec![&u.id])),
        }
    }
    groups
        .into_iter()
        .map(|(k, codes)| {
            let n = codes.len();
            let codes = codes.join(", ");
            if n == 1 {
                format!("{k} ({codes})")
            } else {
                format!("{n}×{k} ({codes})")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The roster of every side: one table row per force, units grouped (see [`units_compact`]).
pub fn roster(view: &View) -> Vec<Block> {
    roster_with(view, false)
}

/// The roster with every unit by its code (`full`) or grouped by type.
pub fn roster_with(view: &View, full: bool) -> Vec<Block> {
    let mut out = Vec::new();
    for side in &view.sides {
        out.push(Block::Heading(format!("{} forces", side.name)));
        if side.forces.is_empty() {
            out.push(Block::Paragraph("No forces on the map.".into()));
        } else {
            let rows = side
                .forces
                .iter()
                .map(|f| {
                    let mut units = if full {
                        f.units
                            .iter()
                            .map(unit_words)
                            .collect::<Vec<_>>()
                            .join(", ")
                    } else {
                        units_compact(f)
                    };
                    if !f.status.is_empty() {
                        units = format!("{} — {units}", f.status.join("; "));
                    }
                    vec![where_words(f), leader_words(f), size_words(f), units]
                })
                .collect();
            out.push(Block::Table {
                header: vec![
                    "Where".into(),
                    "Leaders".into(),
                    "Size".into(),
                    "Units".into(),
                ],
                rows,
            });
        }
        if !side.off_map.is_empty() {
            out.push(Block::Paragraph(format!(
                "Off the map: {}.",
                side.off_map
                    .iter()
                    .map(|(k, n)| format!("{k}: {n}"))
                    .collect::<Vec<_>>()
                    .join("; ")
            )));
        }
    }
    out
}

/// Cities worth a line: walled, garrisoned, besieged or marked.
pub fn cities(view: &View) -> Vec<Block> {
    let mut rows = Vec::new();
    for p in &view.map.places {
        for c in &p.cities {
            if c.walls == 0 && c.garrison.is_empty() && c.siege.is_none() && c.marks.is_empty() {
                continue;
            }
            let walls = match (&c.wall_side, c.walls) {
                (_, 0) => "none".to_string(),
                (Some(s), n) => format!("{n} ({})", capitalised(s)),
                (None, n) => n.to_string(),
            };
            rows.push(vec![
                c.name.clone(),
                p.name.clone(),
                walls,
                if c.garrison.is_empty() {
                    "—".into()
                } else {
                    c.garrison.join(", ")
                },
                c.siege.clone().unwrap_or_else(|| "—".into()),
                c.marks.join("; "),
            ]);
        }
    }
    if rows.is_empty() {
        return Vec::new();
    }
    vec![
        Block::Heading("Cities".into()),
        Block::Table {
            header: vec![
                "City".into(),
                "Province".into(),
                "Walls".into(),
                "Garrison".into(),
                "Siege".into(),
                "Notes".into(),
            ],
            rows,
        },
    ]
}

/// The tracks: each total with its sources.
pub fn tracks(view: &View) -> Vec<Block> {
    if view.tracks.is_empty() {
        return Vec::new();
    }
    let mut items = Vec::new();
    for t in &view.tracks {
        let parts: Vec<String> = t
            .items
            .iter()
            .map(|(what, n)| {
                if n.is_empty() {
                    what.clone()
                } else {
                    format!("{what}: {n}")
                }
            })
            .collect();
        if parts.is_empty() {
            items.push(format!("{}: {}", t.name, t.value));
        } else {
            items.push(format!("{}: {} — {}", t.name, t.value, parts.join("; ")));
        }
    }
    vec![Block::Heading("Tracks".into()), Block::List(items)]
}

/// The battle in progress as a table of boxes.
pub fn battle(view: &View) -> Vec<Block> {
    let Some(b) = &view.battle else {
        return Vec::new();
    };
    let mut rows = Vec::new();
    for bx in &b.boxes {
        if bx.units.is_empty() && bx.leaders.is_empty() {
            continue;
        }
        let side = view
            .side(&bx.side)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| bx.side.clone());
        rows.push(vec![
            format!("{side} {}", bx.name),
            bx.units
                .iter()
                .map(unit_words)
                .collect::<Vec<_>>()
                .join(", "),
            bx.leaders.join(", "),
        ]);
    }
    let mut out = vec![
        Block::Heading(format!("Battle in {} — {}", b.place, b.round)),
        Block::Table {
            header: vec!["Box".into(), "Units".into(), "Leaders".into()],
            rows,
        },
    ];
    if !b.engaged.is_empty() {
        out.push(Block::List(b.engaged.clone()));
    }
    out
}

/// The whole situation: turn and phase, roster (units grouped), cities, tracks, battle, notes.
pub fn situation(view: &View) -> Vec<Block> {
    situation_with(view, false)
}

/// The situation with every unit listed by its code (`full`, for the turn page) or grouped.
pub fn situation_with(view: &View, full: bool) -> Vec<Block> {
    let head: Vec<&str> = [view.turn.as_str(), view.phase.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    let mut out = Vec::new();
    if !head.is_empty() {
        out.push(Block::Paragraph(format!("{}.", head.join(" — "))));
    }
    if let Some(o) = &view.outcome {
        out.push(Block::Paragraph(format!("Result: {o}.")));
    }
    out.extend(roster_with(view, full));
    out.extend(cities(view));
    out.extend(tracks(view));
    out.extend(battle(view));
    if !view.notes.is_empty() {
        if view.sides.is_empty() {
            // A game that draws nothing yet: its summary lines as they are.
            out.push(Block::Paragraph(view.notes.join("\n")));
        } else {
            out.push(Block::List(view.notes.clone()));
        }
    }
    out
}

/// The side that caused every event of a group, when one side did (by its orders).
fn sole_author(g: &EventGroup) -> Option<&str> {
    let first = g.events.first()?.by.as_deref()?;
    g.events
        .iter()
        .all(|e| e.by.as_deref() == Some(first) && !e.standing)
        .then_some(first)
}

/// A group's heading: its place in the game and, when one side's orders caused it all, whose.
pub fn group_title(g: &EventGroup) -> String {
    match sole_author(g) {
        Some(by) => format!("{} ({} orders)", g.title(), capitalised(by)),
        None => g.title(),
    }
}

/// A group's event lines: each names the side that caused it unless the heading does.
pub fn group_lines(g: &EventGroup) -> Vec<String> {
    let sole = sole_author(g).is_some();
    g.events
        .iter()
        .map(|e| match (&e.by, e.standing, sole) {
            (Some(_), true, _) => e.line(),
            (Some(by), false, false) => format!("{}: {}", capitalised(by), e.line()),
            _ => e.line(),
        })
        .collect()
}

/// The narrative: one heading and list per group.
pub fn narrative(groups: &[EventGroup]) -> Vec<Block> {
    let mut out = Vec::new();
    for g in groups {
        out.push(Block::Heading(group_title(g)));
        out.push(Block::List(group_lines(g)));
    }
    out
}

/// Groups of more events than this are folded in posts (BBCode spoiler, Markdown details).
pub const FOLD_OVER: usize = 6;

/// The narrative for a forum post: short groups as lists, long ones (a battle round of many
/// attacks) folded under their heading.
pub fn narrative_folded(groups: &[EventGroup]) -> Vec<Block> {
    let mut out = Vec::new();
    for g in groups {
        let lines = group_lines(g);
        if lines.len() > FOLD_OVER {
            out.push(Block::Folded {
                title: format!("{} — {}", group_title(g), count(lines.len(), "event")),
                items: lines,
            });
        } else {
            out.push(Block::Paragraph(group_title(g)));
            out.push(Block::List(lines));
        }
    }
    out
}

/// The compact situation for a forum post: turn and phase, roster (units grouped), tracks,
/// the battle board; cities only where something stands or happens.
pub fn situation_compact(view: &View) -> Vec<Block> {
    let mut out = Vec::new();
    let head: Vec<&str> = [view.turn.as_str(), view.phase.as_str()]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    if !head.is_empty() {
        out.push(Block::Paragraph(format!("{}.", head.join(" — "))));
    }
    if let Some(o) = &view.outcome {
        out.push(Block::Paragraph(format!("Result: {o}.")));
    }
    out.extend(roster(view));
    out.extend(tracks(view));
    out.extend(battle(view));
    if view.sides.is_empty() && !view.notes.is_empty() {
        out.push(Block::List(view.notes.clone()));
    }
    out
}
