//! The map picture as SVG, drawn from a [`View`] (the renderer knows no game): a province map
//! with each province at its real place (its cell coloured by control, hatched when depleted,
//! mountain borders, and closed lines between touching provinces that are not adjacent, drawn
//! where the cells meet, real coastlines and rivers behind), or a hex map (drawn by
//! [`super::hexmap`]); cities with their walls; every force as a counter stack naming its
//! leaders and unit count.

use std::fmt::Write as _;

use super::geometry::{self, Projection, Xy};
use crate::view::{Control, Force, MapKind, PlaceView, View};

/// The font family the pictures use (embedded for PNG, see `render::png`).
pub const FONT: &str = "DejaVu Sans";
const NEUTRAL: &str = "#d9cfb4";
const SEA: &str = "#cfe1ec";
const LAND: &str = "#efe8d6";

/// Escapes text for SVG/XML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub(super) fn path(points: &[Xy], closed: bool) -> String {
    let mut d = String::new();
    for (i, p) in points.iter().enumerate() {
        let _ = write!(
            d,
            "{}{:.1},{:.1}",
            if i == 0 { "M" } else { " L" },
            p.0,
            p.1
        );
    }
    if closed {
        d.push_str(" Z");
    }
    d
}

pub(super) fn control_fill(view: &View, p: &PlaceView) -> String {
    match &p.control {
        Some(Control::Side(s)) => view.colour(s).to_string(),
        _ => NEUTRAL.to_string(),
    }
}

fn text(out: &mut String, at: Xy, size: f64, anchor: &str, weight: &str, fill: &str, s: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" fill="{fill}" stroke="{LAND}" stroke-width="{:.1}" paint-order="stroke">{}</text>"#,
        at.0,
        at.1,
        size / 4.0,
        esc(s)
    );
}

/// A counter stack for a force: up to three offset counters, the top one naming the first
/// leader and the number of units (and steps, when some are lost).
pub(super) fn stack(out: &mut String, view: &View, side: &str, f: &Force, at: Xy, size: f64) {
    let colour = view.colour(side);
    let layers = f.units.len().clamp(1, 3);
    for k in (0..layers).rev() {
        let o = k as f64 * 3.0;
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{size:.1}" height="{size:.1}" rx="3" fill="{colour}" stroke="#1b1b1b" stroke-width="1"/>"##,
            at.0 - size / 2.0 + o,
            at.1 - size / 2.0 - o,
        );
    }
    let top = (at.0, at.1);
    let head = f
        .leaders
        .first()
        .map(|l| short_name(&l.name))
        .unwrap_or_else(|| "—".into());
    let (left, full) = f.steps();
    let units = if f.units.is_empty() {
        "no units".to_string()
    } else if left < full {
        format!("{}u {left}/{full}", f.units.len())
    } else {
        format!("{}u", f.units.len())
    };
    let fs = (size / 4.2).max(7.0);
    for (dy, line) in [(-0.12, head.as_str()), (0.3, units.as_str())] {
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="{fs:.1}" text-anchor="middle" fill="#ffffff">{}</text>"##,
            top.0,
            top.1 + dy * size,
            esc(line)
        );
    }
    if f.naval {
        // A fleet: a band of waves along the foot of the counter.
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{size:.1}" height="{:.1}" fill="#1d3f72"/><text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="{:.1}" text-anchor="middle" fill="#ffffff">≈≈≈</text>"##,
            at.0 - size / 2.0,
            at.1 + size / 2.0 - size * 0.18,
            size * 0.18,
            at.0,
            at.1 + size / 2.0 - size * 0.03,
            size * 0.2
        );
    }
    if f.leaders.len() > 1 {
        let more: Vec<String> = f.leaders[1..].iter().map(|l| short_name(&l.name)).collect();
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="{:.1}" text-anchor="middle" fill="#1b1b1b" stroke="{LAND}" stroke-width="2" paint-order="stroke">{}</text>"##,
            top.0,
            top.1 + size / 2.0 + fs + 1.0,
            fs * 0.95,
            esc(&more.join(", "))
        );
    }
    let _ = colour;
}

fn short_name(n: &str) -> String {
    if n.chars().count() > 10 {
        n.chars().take(9).collect::<String>() + "."
    } else {
        n.to_string()
    }
}

fn defs(out: &mut String) {
    out.push_str(r##"<defs><pattern id="depleted" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" stroke="#5b4a2e" stroke-width="1.6" stroke-opacity="0.55"/></pattern></defs>
"##);
}

fn header(out: &mut String, view: &View, width: f64) {
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{width:.0}" height="34" fill="#2b2b2b"/>"##
    );
    let mut title = format!("{} — {}", view.title, view.turn);
    if !view.phase.is_empty() {
        title.push_str(&format!(" — {}", view.phase));
    }
    let _ = writeln!(
        out,
        r##"<text x="12" y="23" font-family="{FONT}" font-size="16" fill="#ffffff">{}</text>"##,
        esc(&title)
    );
}

fn legend(out: &mut String, view: &View, y: f64) {
    let mut x = 12.0;
    let mut items: Vec<(String, String)> = view
        .sides
        .iter()
        .map(|s| (s.colour.clone(), s.name.clone()))
        .collect();
    items.push((NEUTRAL.into(), "Independent".into()));
    for (c, name) in items {
        let _ = writeln!(
            out,
            r##"<rect x="{x:.0}" y="{:.0}" width="14" height="14" fill="{c}" stroke="#1b1b1b"/>"##,
            y - 11.0
        );
        text(
            out,
            (x + 18.0, y),
            12.0,
            "start",
            "normal",
            "#1b1b1b",
            &name,
        );
        x += 30.0 + 7.5 * name.len() as f64;
    }
    let _ = writeln!(
        out,
        r##"<line x1="{x:.0}" y1="{:.0}" x2="{:.0}" y2="{:.0}" stroke="#7a4a1c" stroke-width="4" stroke-dasharray="6 3"/>"##,
        y - 4.0,
        x + 26.0,
        y - 4.0
    );
    text(
        out,
        (x + 30.0, y),
        12.0,
        "start",
        "normal",
        "#1b1b1b",
        "mountain border",
    );
    x += 140.0;
    // Provinces drawn touching that share no border (Alexandros 8.2: not adjacent).
    let _ = writeln!(
        out,
        r##"<line x1="{x:.0}" y1="{:.0}" x2="{:.0}" y2="{:.0}" stroke="#111111" stroke-width="4"/>"##,
        y - 4.0,
        x + 26.0,
        y - 4.0
    );
    text(
        out,
        (x + 30.0, y),
        12.0,
        "start",
        "normal",
        "#1b1b1b",
        "no crossing",
    );
    x += 120.0;
    let _ = writeln!(
        out,
        r##"<rect x="{x:.0}" y="{:.0}" width="14" height="14" fill="url(#depleted)" stroke="#1b1b1b"/>"##,
        y - 11.0
    );
    text(
        out,
        (x + 18.0, y),
        12.0,
        "start",
        "normal",
        "#1b1b1b",
        "depleted",
    );
    x += 90.0;
    let _ = writeln!(
        out,
        r##"<rect x="{x:.0}" y="{:.0}" width="10" height="10" fill="#ffffff" stroke="#1b1b1b" stroke-width="1.5"/>"##,
        y - 9.0
    );
    text(
        out,
        (x + 16.0, y),
        12.0,
        "start",
        "normal",
        "#1b1b1b",
        "city (▮ = wall marker); counters: leader, units (steps left/full)",
    );
}

/// The map of `view` as an SVG document (province or hex map, by the view's layout).
pub fn map_svg(view: &View) -> String {
    match &view.map.kind {
        MapKind::Provinces => province_map(view),
        MapKind::Hex(layout) => super::hexmap::hex_map(view, layout),
    }
}

fn deg(p: crate::view::Point) -> Xy {
    (p.x as f64 / 100.0, p.y as f64 / 100.0)
}

/// Where a province map puts things, in pixels: used to draw it and by tests that read pixels.
pub struct ProvinceLayout {
    /// The projection from degrees.
    pub proj: Projection,
    /// Picture width.
    pub width: f64,
    /// Picture height.
    pub height: f64,
    /// Ids of the places drawn, in order.
    pub ids: Vec<String>,
    /// Their positions.
    pub sites: Vec<Xy>,
    /// Their cells.
    pub cells: Vec<geometry::Cell>,
    /// Counter size.
    pub counter: f64,
    /// Each field force drawn: side id, place id, centre of its top counter.
    pub stacks: Vec<(String, String, Xy)>,
}

/// Lays a province map out.
pub fn province_layout(view: &View) -> ProvinceLayout {
    let placed: Vec<&PlaceView> = view.map.places.iter().filter(|p| p.at.is_some()).collect();
    let mut min = (f64::MAX, f64::MAX);
    let mut max = (f64::MIN, f64::MIN);
    for p in &placed {
        let d = deg(p.at.expect("placed"));
        min = (min.0.min(d.0), min.1.min(d.1));
        max = (max.0.max(d.0), max.1.max(d.1));
    }
    if placed.is_empty() {
        min = (0.0, 0.0);
        max = (10.0, 10.0);
    }
    let pad = 2.2;
    min = (min.0 - pad, min.1 - pad);
    max = (max.0 + pad, max.1 + pad);
    let width = 1400.0;
    let proj = Projection::fit(min, max, width, 0.0, 34.0);
    let height = proj.height + 34.0 + 28.0;
    let sites: Vec<Xy> = placed
        .iter()
        .map(|p| {
            let d = deg(p.at.expect("placed"));
            proj.xy(d.0, d.1)
        })
        .collect();
    // With real coastlines the cells are clipped to the land, so they may reach further
    // inland before the disc around each province ends them.
    let reach = if view.map.geography.is_empty() {
        3.6
    } else {
        5.0
    };
    let cells = geometry::cells(
        &sites,
        (0.0, 34.0),
        (width, 34.0 + proj.height),
        reach * proj.scale(),
    );
    let counter = (proj.scale() * 1.25).clamp(30.0, 46.0);
    let mut stacks = Vec::new();
    for (p, &s) in placed.iter().zip(&sites) {
        let fields: Vec<&str> = view
            .sides
            .iter()
            .flat_map(|sv| {
                sv.forces
                    .iter()
                    .filter(|f| f.place == p.id && !f.at.starts_with("garrison"))
                    .map(move |_| sv.id.as_str())
            })
            .collect();
        let n = fields.len() as f64;
        for (k, side) in fields.iter().enumerate() {
            let dx = (k as f64 - (n - 1.0) / 2.0) * (counter + 8.0);
            stacks.push((
                side.to_string(),
                p.id.clone(),
                (s.0 + dx, s.1 + counter * 0.25),
            ));
        }
    }
    ProvinceLayout {
        proj,
        width,
        height,
        ids: placed.iter().map(|p| p.id.clone()).collect(),
        sites,
        cells,
        counter,
        stacks,
    }
}

fn province_map(view: &View) -> String {
    let l = province_layout(view);
    let (proj, width, height) = (&l.proj, l.width, l.height);
    let placed: Vec<&PlaceView> = l.ids.iter().filter_map(|id| view.place(id)).collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}">"#
    );
    defs(&mut out);
    let geo = !view.map.geography.is_empty();
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="{}"/>"#,
        if geo { SEA } else { LAND }
    );
    let mut land_ids = Vec::new();
    let mut lake_ids = Vec::new();
    for g in &view.map.geography {
        let mut d = String::new();
        for ring in &g.rings {
            // At this scale a point closer than a pixel to the last one adds nothing.
            let mut pts: Vec<Xy> = Vec::new();
            for p in ring {
                let q = deg(*p);
                let xy = proj.xy(q.0, q.1);
                match pts.last() {
                    Some(l) if (l.0 - xy.0).abs() + (l.1 - xy.1).abs() < 2.5 => {}
                    _ => pts.push((xy.0.round(), xy.1.round())),
                }
            }
            if pts.len() >= 2 {
                // Whole pixels: the coastline is background, and the page must stay small.
                for (i, p) in pts.iter().enumerate() {
                    let _ = write!(d, "{}{},{}", if i == 0 { "M" } else { "L" }, p.0, p.1);
                }
                d.push_str(if g.closed { "Z " } else { " " });
            }
        }
        if d.is_empty() {
            continue;
        }
        let style = match g.kind.as_str() {
            "land" => {
                // Named, so the province cells can be clipped to it (drawn once, used twice).
                let id = format!("land-{}", land_ids.len());
                let style = format!(
                    r##"id="{id}" fill="{LAND}" fill-rule="evenodd" clip-rule="evenodd" stroke="#6f8797" stroke-width="0.8""##
                );
                land_ids.push(id);
                style
            }
            "lake" => {
                let id = format!("lake-{}", lake_ids.len());
                let style = format!(
                    r##"id="{id}" fill="{SEA}" fill-rule="evenodd" stroke="#6f8797" stroke-width="0.6""##
                );
                lake_ids.push(id);
                style
            }
            "river-1" => r##"fill="none" stroke="#4f86b8" stroke-width="1.8""##.to_string(),
            _ => r##"fill="none" stroke="#6b9cc6" stroke-width="1""##.to_string(),
        };
        let _ = writeln!(out, r#"<path d="{}" {style}/>"#, d.trim_end());
    }
    if land_ids.is_empty() {
        header(&mut out, view, width);
    }
    let opacity = if geo { 0.42 } else { 0.55 };
    // Provinces end at the coast: their cells and borders are clipped to the land drawn.
    if !land_ids.is_empty() {
        out.push_str(r#"<clipPath id="land">"#);
        for id in &land_ids {
            let _ = write!(out, r##"<use href="#{id}" clip-rule="evenodd"/>"##);
        }
        out.push_str("</clipPath>\n<g clip-path=\"url(#land)\">\n");
    }
    for (p, cell) in placed.iter().zip(&l.cells) {
        let d = path(&cell.points, true);
        let _ = writeln!(
            out,
            r##"<path d="{d}" fill="{}" fill-opacity="{opacity}" stroke="#6b6253" stroke-width="0.8"/>"##,
            control_fill(view, p)
        );
        if p.depleted {
            let _ = writeln!(out, r#"<path d="{d}" fill="url(#depleted)"/>"#);
        }
        if p.contested {
            let _ = writeln!(
                out,
                r##"<path d="{d}" fill="none" stroke="#d1291f" stroke-width="2.5" stroke-dasharray="3 4"/>"##
            );
        }
    }
    for b in &view.map.borders {
        let (Some(i), Some(j)) = (
            l.ids.iter().position(|p| *p == b.a),
            l.ids.iter().position(|p| *p == b.b),
        ) else {
            continue;
        };
        if let Some((a, c)) = geometry::shared_edge(&l.cells[i], j) {
            let (stroke, dash) = match b.kind.as_str() {
                "mountain" => ("#7a4a1c", r#" stroke-dasharray="6 3""#),
                _ => ("#111111", ""),
            };
            let _ = writeln!(
                out,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{stroke}" stroke-width="4"{dash} stroke-linecap="round"/>"#,
                a.0, a.1, c.0, c.1
            );
        }
    }
    if !land_ids.is_empty() {
        out.push_str("</g>\n");
        // Lakes (the Caspian, the Aral) are water over the provinces too.
        for id in &lake_ids {
            let _ = writeln!(out, r##"<use href="#{id}"/>"##);
        }
        header(&mut out, view, width);
    }
    // Rivers and seas are named under the provinces, cities and counters, never over them.
    for label in &view.map.geography_labels {
        let q = deg(label.at);
        let at = proj.xy(q.0, q.1);
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="10" font-style="italic" fill="#2f6796" fill-opacity="0.8">{}</text>"##,
            at.0,
            at.1,
            esc(&label.name)
        );
    }
    let counter = l.counter;
    for (p, &s) in placed.iter().zip(&l.sites) {
        text(
            &mut out,
            (s.0, s.1 - counter * 0.85),
            13.0,
            "middle",
            "bold",
            "#1b1b1b",
            &p.name,
        );
        for c in &p.cities {
            let at =
                c.at.map(|q| {
                    let d = deg(q);
                    proj.xy(d.0, d.1)
                })
                .unwrap_or((s.0, s.1 + counter * 0.9));
            city(&mut out, view, c, at);
        }
    }
    for sv in &view.sides {
        let mut drawn = l.stacks.iter().filter(|(side, _, _)| *side == sv.id);
        for f in sv.forces.iter().filter(|f| !f.at.starts_with("garrison")) {
            if let Some((_, _, at)) = drawn.find(|(_, place, _)| *place == f.place) {
                stack(&mut out, view, &sv.id, f, *at, counter);
            }
        }
    }
    legend(&mut out, view, 34.0 + proj.height + 19.0);
    if let Some(src) = &view.map.geography_source {
        text(
            &mut out,
            (width - 8.0, 34.0 + proj.height + 19.0),
            10.0,
            "end",
            "normal",
            "#444444",
            src,
        );
    }
    out.push_str("</svg>\n");
    out
}

pub(super) fn city(out: &mut String, view: &View, c: &crate::view::CityView, at: Xy) {
    let wall = c
        .wall_side
        .as_deref()
        .map(|s| view.colour(s).to_string())
        .unwrap_or_else(|| "#ffffff".into());
    let _ = writeln!(
        out,
        r##"<rect x="{:.1}" y="{:.1}" width="10" height="10" fill="{wall}" stroke="#1b1b1b" stroke-width="1.5"/>"##,
        at.0 - 5.0,
        at.1 - 5.0
    );
    let mut label = c.name.clone();
    if c.walls > 0 {
        label.push(' ');
        label.push_str(&"▮".repeat(c.walls as usize));
    }
    if !c.garrison.is_empty() {
        label.push_str(&format!(" [{}]", c.garrison.len()));
    }
    if c.siege.is_some() {
        label.push_str(" ⚔");
    }
    text(
        out,
        (at.0 + 8.0, at.1 + 4.0),
        10.5,
        "start",
        "normal",
        "#1b1b1b",
        &label,
    );
}
