//! The turn page: one self-contained HTML file (no network, no scripts) with the map drawn
//! inline as SVG, the battle board when a battle is on, what the reader must do next, the
//! situation tables, what happened since his last turn as a narrative by phase and battle
//! round, and this turn's dice. Opens in any browser and in mail clients that show HTML.

use std::fmt::Write as _;

use super::svg::esc;
use crate::report::Block;
use crate::view::{EventGroup, View};

/// Everything a turn page shows.
pub struct TurnPage<'a> {
    /// Page title (game and id).
    pub title: String,
    /// Lines under the title (scenario, players, dice mode, log length).
    pub intro: Vec<String>,
    /// The situation.
    pub view: &'a View,
    /// What each side must do next.
    pub next: Vec<String>,
    /// What happened, grouped.
    pub narrative: &'a [EventGroup],
    /// This turn's dice, one line each.
    pub dice: Vec<String>,
    /// Closing lines (e.g. where the provisional data is listed).
    pub footer: Vec<String>,
}

const STYLE: &str = "body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;margin:0 auto;max-width:1440px;padding:0 12px 40px;color:#1b1b1b;background:#fbf8f0}
h1{font-size:1.5em;margin:18px 0 4px}h2{font-size:1.15em;margin:22px 0 6px;border-bottom:1px solid #cbbf9f}
table{border-collapse:collapse;margin:6px 0;font-size:.9em}td,th{border:1px solid #cbbf9f;padding:3px 6px;vertical-align:top;text-align:left}th{background:#eee6d0}
.map svg{max-width:100%;height:auto;border:1px solid #9d927a}.next{background:#fff3c4;border:1px solid #d9b84a;padding:8px 12px}
details{margin:4px 0}summary{cursor:pointer;font-weight:bold}ul{margin:4px 0 8px}pre{background:#f0ead8;padding:6px;overflow-x:auto}
.side{display:inline-block;width:.9em;height:.9em;border:1px solid #333;vertical-align:middle;margin-right:4px}";

fn inline(s: &str) -> String {
    // Markdown-style `code` spans in report lines become <code>.
    let mut out = String::new();
    for (i, part) in esc(s).split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{part}</code>");
        } else {
            out.push_str(part);
        }
    }
    out
}

/// One report block as HTML (headings become `<h2>`).
pub fn block(b: &Block) -> String {
    match b {
        Block::Heading(h) => format!("<h2>{}</h2>\n", inline(h)),
        Block::Paragraph(p) => format!("<p>{}</p>\n", inline(p)),
        Block::List(items) => {
            let mut s = String::from("<ul>\n");
            for i in items {
                let _ = writeln!(s, "<li>{}</li>", inline(i));
            }
            s.push_str("</ul>\n");
            s
        }
        Block::Table { header, rows } => {
            let mut s = String::from("<table>\n<tr>");
            for h in header {
                let _ = write!(s, "<th>{}</th>", inline(h));
            }
            s.push_str("</tr>\n");
            for r in rows {
                s.push_str("<tr>");
                for c in r {
                    let _ = write!(s, "<td>{}</td>", inline(c));
                }
                s.push_str("</tr>\n");
            }
            s.push_str("</table>\n");
            s
        }
        Block::Preformatted(p) => format!("<pre>{}</pre>\n", esc(p)),
        Block::Quote(q) => format!("<blockquote>{}</blockquote>\n", esc(q)),
        Block::Folded { title, items } => {
            let mut s = format!("<details><summary>{}</summary>\n", inline(title));
            s.push_str(&block(&Block::List(items.clone())));
            s.push_str("</details>\n");
            s
        }
    }
}

/// Strips the XML prolog-free SVG's outer size so it scales with the page.
fn embed(svg: &str) -> String {
    svg.replacen("<svg ", "<svg role=\"img\" ", 1)
}

/// The turn page as one HTML document.
pub fn turn_page(p: &TurnPage<'_>) -> String {
    let v = p.view;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>",
        esc(&p.title)
    );
    let _ = writeln!(s, "<h1>{}</h1>", esc(&p.title));
    for l in &p.intro {
        let _ = writeln!(s, "<p>{}</p>", inline(l));
    }
    let _ = writeln!(
        s,
        "<p><strong>{}</strong> — {}</p>",
        esc(&v.turn),
        esc(&v.phase)
    );
    if let Some(o) = &v.outcome {
        let _ = writeln!(s, "<p><strong>Result:</strong> {}</p>", esc(o));
    }
    s.push_str("<h2>What you must do next</h2>\n<div class=\"next\"><ul>\n");
    for n in &p.next {
        let _ = writeln!(s, "<li>{}</li>", inline(n));
    }
    s.push_str("</ul></div>\n");
    let _ = writeln!(
        s,
        "<h2>The map</h2>\n<div class=\"map\">{}</div>",
        embed(&super::svg::map_svg(v))
    );
    if let Some(board) = super::board::board_svg(v) {
        let _ = writeln!(
            s,
            "<h2>The battle board</h2>\n<div class=\"map\">{}</div>",
            embed(&board)
        );
    }
    let mut sides = String::new();
    for side in &v.sides {
        let _ = write!(
            sides,
            "<span class=\"side\" style=\"background:{}\"></span>{} ",
            esc(&side.colour),
            esc(&side.name)
        );
    }
    let _ = writeln!(s, "<p>{sides}</p>");
    let situation = super::text::situation_with(v, true);
    let skip = usize::from(!v.turn.is_empty() || !v.phase.is_empty());
    for b in situation.iter().skip(skip) {
        s.push_str(&block(b));
    }
    s.push_str("<h2>What happened</h2>\n");
    if p.narrative.is_empty() {
        s.push_str("<p>Nothing yet.</p>\n");
    }
    for g in p.narrative {
        let lines = super::text::group_lines(g);
        let title = super::text::group_title(g);
        // Long groups (a battle half-round of many attacks) are folded, short ones open.
        let open = if lines.len() <= 12 { " open" } else { "" };
        let _ = writeln!(
            s,
            "<details{open}><summary>{} ({})</summary>\n<ul>",
            inline(&title),
            crate::view::count(lines.len(), "event")
        );
        for l in &lines {
            let _ = writeln!(s, "<li>{}</li>", inline(l));
        }
        s.push_str("</ul></details>\n");
    }
    if !p.dice.is_empty() {
        let _ = writeln!(
            s,
            "<h2>This turn's dice</h2>\n<details><summary>{}</summary><ul>",
            crate::view::count(p.dice.len(), "roll")
        );
        for d in &p.dice {
            let _ = writeln!(s, "<li>{}</li>", inline(d));
        }
        s.push_str("</ul></details>\n");
    }
    for f in &p.footer {
        let _ = writeln!(s, "<p>{}</p>", inline(f));
    }
    s.push_str("</body>\n</html>\n");
    s
}
