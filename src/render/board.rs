//! A battle in progress as its own picture: each side's display of boxes (the front row facing
//! the enemy, the rows behind it), the first side's at the bottom and the second's at the top
//! turned to face it (its columns mirrored), each box listing its units (type, strengths, steps)
//! and leaders in the occupant's colour. Drawn from a [`BattleView`]; knows no game.

use std::fmt::Write as _;

use super::svg::{esc, FONT};
use crate::view::{BattleView, View};

const BOX_W: f64 = 230.0;
const BOX_H: f64 = 118.0;
const GAP: f64 = 12.0;

/// The board of the battle in `view`, if one is in progress, as an SVG document.
pub fn board_svg(view: &View) -> Option<String> {
    let b = view.battle.as_ref()?;
    Some(draw(view, b))
}

fn draw(view: &View, b: &BattleView) -> String {
    let cols = b.boxes.iter().map(|x| x.col).max().unwrap_or(0) as f64 + 1.0;
    let rows = b.boxes.iter().map(|x| x.row).max().unwrap_or(0) as f64 + 1.0;
    let width = cols * (BOX_W + GAP) + GAP;
    let cols = cols.max(1.0);
    let half = rows * (BOX_H + GAP);
    let top = 44.0;
    let mid = top + half + 14.0;
    // A board with Connecting Lines (its Reserve Areas fill the bottom row) lists who is engaged
    // below it.
    let below = if b.lines.is_empty() {
        0.0
    } else {
        13.0 * b.engaged.len() as f64
    };
    let height = mid + 14.0 + half + 20.0 + below;
    let first = view.sides.first().map(|s| s.id.clone()).unwrap_or_default();
    let mut out = String::new();
    let _ = writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}"><rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="#f4efe2"/><rect x="0" y="0" width="{width:.0}" height="34" fill="#2b2b2b"/>"##
    );
    let _ = writeln!(
        out,
        r##"<text x="12" y="23" font-family="{FONT}" font-size="16" fill="#ffffff">{}</text>"##,
        esc(&format!("Battle in {} — {}", b.place, b.round))
    );
    let _ = writeln!(
        out,
        r##"<line x1="0" y1="{mid:.0}" x2="{width:.0}" y2="{mid:.0}" stroke="#8a2a1a" stroke-width="2" stroke-dasharray="8 5"/>"##
    );
    let place = |bx: &crate::view::BoxView| -> (f64, f64, f64, f64) {
        let bottom = bx.side == first;
        if bx.shape == "reserve" {
            let y = if bottom {
                mid + 14.0 + bx.row as f64 * (BOX_H + GAP)
            } else {
                mid - 14.0 - (bx.row as f64 + 1.0) * (BOX_H + GAP) + GAP
            };
            return (GAP, y, width - 2.0 * GAP, BOX_H);
        }
        let col = if bottom {
            bx.col as f64
        } else {
            cols - 1.0 - bx.col as f64
        };
        let x = GAP + col * (BOX_W + GAP);
        let y = if bottom {
            mid + 14.0 + bx.row as f64 * (BOX_H + GAP)
        } else {
            mid - 14.0 - (bx.row as f64 + 1.0) * (BOX_H + GAP) + GAP
        };
        (x, y, BOX_W, BOX_H)
    };
    // Connecting Lines, under the boxes: from anchor to anchor (N toward the Center Line).
    for l in &b.lines {
        let find = |n: &str| b.boxes.iter().find(|x| x.side == l.side && x.name == n);
        let (Some(a), Some(z)) = (find(&l.from), find(&l.to)) else {
            continue;
        };
        let bottom = l.side == first;
        let (pa, pz) = (place(a), place(z));
        let (x1, y1) = anchor_point(pa, l.from_anchor.as_deref(), bottom, pz);
        let (x2, y2) = anchor_point(pz, l.to_anchor.as_deref(), bottom, pa);
        let _ = writeln!(
            out,
            r##"<line x1="{x1:.0}" y1="{y1:.0}" x2="{x2:.0}" y2="{y2:.0}" stroke="#7a6a4a" stroke-width="3"/>"##
        );
    }
    if let Some(c) = &b.center_line {
        let _ = writeln!(
            out,
            r##"<text x="{:.0}" y="{:.0}" font-family="{FONT}" font-size="12" fill="#8a2a1a" text-anchor="middle">{}</text>"##,
            width / 2.0,
            mid + 4.0,
            esc(c)
        );
    }
    for bx in &b.boxes {
        let (x, y, w, h) = place(bx);
        let owner = view.colour(&bx.side);
        // Rough ground is shaded, Blocked ground greyed ([8.6] of the Conquerors Tactical).
        let ground = match bx.terrain.as_str() {
            "rough" => "#eadcb8",
            "blocked" => "#bdb6a6",
            _ => "#fffaf0",
        };
        if bx.shape == "circle" {
            let _ = writeln!(
                out,
                r##"<ellipse cx="{:.0}" cy="{:.0}" rx="{:.0}" ry="{:.0}" fill="{ground}" stroke="{owner}" stroke-width="2.5"/>"##,
                x + w / 2.0,
                y + h / 2.0,
                w / 2.0,
                h / 2.0
            );
        } else {
            let _ = writeln!(
                out,
                r##"<rect x="{x:.0}" y="{y:.0}" width="{w:.0}" height="{h:.0}" rx="4" fill="{ground}" stroke="{owner}" stroke-width="2.5"/>"##
            );
        }
        let side_name = view
            .side(&bx.side)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| bx.side.clone());
        let _ = writeln!(
            out,
            r##"<text x="{:.0}" y="{:.0}" font-family="{FONT}" font-size="12" font-weight="bold" fill="{owner}">{}</text>"##,
            x + 6.0,
            y + 15.0,
            esc(&match bx.terrain.as_str() {
                "" => format!("{side_name} {}", bx.name),
                t => format!("{side_name} {} ({t})", bx.name),
            })
        );
        let fill = bx
            .occupant
            .as_deref()
            .map(|s| view.colour(s).to_string())
            .unwrap_or_else(|| "#333333".into());
        let mut lines: Vec<String> = bx
            .units
            .iter()
            .map(|u| {
                let steps = if u.steps < u.full_steps {
                    format!(" {}/{}", u.steps, u.full_steps)
                } else {
                    String::new()
                };
                let st = if u.status.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", u.status.join(", "))
                };
                format!("{} {} {}{steps}{st}", u.id, u.short, u.strength)
            })
            .collect();
        let alone: Vec<&String> = bx
            .leaders
            .iter()
            .filter(|l| {
                !bx.units
                    .iter()
                    .any(|u| u.status.iter().any(|s| s.ends_with(l.as_str())))
            })
            .collect();
        if !alone.is_empty() {
            lines.push(format!(
                "leaders: {}",
                alone
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        // Seven lines fit; with more, six and the count (the count takes the seventh line).
        let max_lines = if lines.len() > 7 { 6 } else { 7 };
        let more = lines.len().saturating_sub(max_lines);
        for (k, l) in lines.iter().take(max_lines).enumerate() {
            let _ = writeln!(
                out,
                r##"<text x="{:.0}" y="{:.0}" font-family="{FONT}" font-size="10.5" fill="{fill}">{}</text>"##,
                x + 8.0,
                y + 30.0 + k as f64 * 12.5,
                esc(l)
            );
        }
        if more > 0 {
            let _ = writeln!(
                out,
                r##"<text x="{:.0}" y="{:.0}" font-family="{FONT}" font-size="10.5" fill="{fill}">… and {more} more</text>"##,
                x + 8.0,
                y + BOX_H - 6.0
            );
        }
    }
    for (k, e) in b.engaged.iter().enumerate() {
        let _ = writeln!(
            out,
            r##"<text x="{:.0}" y="{:.0}" font-family="{FONT}" font-size="11" fill="#8a2a1a">{}</text>"##,
            GAP,
            height - 6.0 - k as f64 * 13.0,
            esc(e)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// Where a Connecting Line meets a box drawn at `r` (x, y, w, h): a side's middle or a corner
/// (`N` toward the Center Line, so up for the side drawn at the bottom, down for the other,
/// whose left and right are mirrored too); a line without an anchor (a Reserve Area) meets
/// the box's edge nearest the other end `o`.
fn anchor_point(
    r: (f64, f64, f64, f64),
    anchor: Option<&str>,
    bottom: bool,
    o: (f64, f64, f64, f64),
) -> (f64, f64) {
    let (x, y, w, h) = r;
    let Some(a) = anchor else {
        let ox = (o.0 + o.2 / 2.0).clamp(x, x + w);
        let toward_top = o.1 < y;
        return (ox, if toward_top { y } else { y + h });
    };
    let mut dx = 0.0;
    let mut dy = 0.0;
    for c in a.chars() {
        match c {
            'N' => dy = 1.0,
            'S' => dy = -1.0,
            'E' => dx = 1.0,
            'W' => dx = -1.0,
            _ => {}
        }
    }
    if !bottom {
        dx = -dx;
        dy = -dy;
    }
    (x + w / 2.0 + dx * w / 2.0, y + h / 2.0 - dy * h / 2.0)
}
