//! The hex map picture as SVG (flat-topped hexes in columns, one column parity half a hex
//! lower): the printed board of the view's [`HexLayout`] — terrain colours, coasts, hexside
//! features on the hex edges, region borders and names, roads, cities with their class letter,
//! ports and naval bases, every hex number — with a legend, then what the game puts on it
//! (control, counter stacks). Knows no game: every word it draws comes from the view.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::geometry::{self, Xy};
use super::svg::{city, control_fill, esc, path, stack, FONT};
use crate::view::{Force, HexCell, HexLayout, PlaceView, Point, View};

/// Centre-to-corner size of a hex, in SVG units.
pub const HEX: f64 = 30.0;
const TOP: f64 = 44.0;
const LEFT: f64 = 14.0;
const LEGEND: f64 = 112.0;
const PAPER: &str = "#f7f3e8";
const INK: &str = "#1b1b1b";
const HALO: &str = "#ffffff";

/// Fill of a terrain word (plain paper for one the renderer does not know).
pub fn terrain_fill(terrain: &str) -> &'static str {
    match terrain {
        "clear" => "#eef0cf",
        "rough" => "#c49a6c",
        "desert" => "#f3d998",
        "marsh" => "#a9c79a",
        "sea" => "#a9cfe8",
        "lake" => "#86bde0",
        _ => "#f6f1e3",
    }
}

/// Stroke of a hexside feature: colour, width, dash pattern; drawn in this order.
const SIDES: [(&str, &str, f64, &str); 9] = [
    ("border", "#8a3c96", 2.6, "0.1 5"),
    ("coast", "#2d5f8a", 1.8, ""),
    ("all-land", "#6b7f2a", 4.0, ""),
    ("all-sea", "#2468ae", 4.5, ""),
    ("all-lake", "#3f8fd0", 4.5, ""),
    ("strait", "#17a2c9", 5.0, "5 3"),
    ("river", "#1c5fd0", 3.2, ""),
    ("mountain", "#5b3715", 6.0, ""),
    ("blocked", "#111111", 5.0, "8 3"),
];

/// Colour and width of a road kind.
fn road_style(kind: &str) -> (&'static str, f64) {
    match kind {
        "roman-road" => ("#c0262d", 2.6),
        "royal-road" => ("#7a2fa0", 3.2),
        _ => ("#555555", 2.4),
    }
}

/// Fill of a city class square.
fn class_fill(class: &str) -> &'static str {
    match class {
        "A" => "#7a0c0c",
        "B" => "#b83224",
        "C" => "#d9731a",
        "D" => "#3e4f63",
        _ => "#666666",
    }
}

/// Where a hex map puts things, in SVG units: used to draw it and by tests that read pixels.
#[derive(Debug, Clone)]
pub struct HexPlacement {
    layout: HexLayout,
    /// Picture width.
    pub width: f64,
    /// Picture height.
    pub height: f64,
}

impl HexPlacement {
    /// Lays out `layout`.
    pub fn new(layout: &HexLayout) -> HexPlacement {
        let h = 3f64.sqrt() * HEX;
        let width =
            (f64::from(layout.columns.max(1) - 1) * 1.5 * HEX + 2.0 * HEX + 2.0 * LEFT).max(1500.0);
        let height = TOP + f64::from(layout.rows) * h + h / 2.0 + 10.0 + LEGEND;
        HexPlacement {
            layout: layout.clone(),
            width,
            height,
        }
    }
    /// Centre of hex (column, row).
    pub fn centre(&self, at: Point) -> Xy {
        let l = &self.layout;
        let low = (at.x.rem_euclid(2) == 1) == l.odd_columns_low;
        geometry::hex_centre(
            (at.x - l.first_column as i32).max(0) as u32,
            (at.y - l.first_row as i32).max(0) as u32,
            HEX,
            low,
            (LEFT, TOP),
        )
    }
    /// Where the legend starts.
    fn legend_top(&self) -> f64 {
        self.height - LEGEND
    }
}

/// The two ends of the hexside between neighbouring centres `a` and `b`.
fn side_ends(a: Xy, b: Xy) -> (Xy, Xy) {
    let m = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (px, py) = (-dy / len * HEX / 2.0, dx / len * HEX / 2.0);
    ((m.0 + px, m.1 + py), (m.0 - px, m.1 - py))
}

fn hex_path(d: &mut String, c: Xy, s: f64) {
    for (i, p) in geometry::hex_corners(c, s).iter().enumerate() {
        let _ = write!(d, "{}{:.1},{:.1}", if i == 0 { "M" } else { "L" }, p.0, p.1);
    }
    d.push('Z');
}

fn label(out: &mut String, at: Xy, size: f64, weight: &str, fill: &str, extra: &str, s: &str) {
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="{size}" text-anchor="middle" font-weight="{weight}" fill="{fill}" stroke="{HALO}" stroke-width="{:.1}" stroke-linejoin="round" paint-order="stroke"{extra}>{}</text>"#,
        at.0,
        at.1,
        size / 3.5,
        esc(s)
    );
}

fn defs(out: &mut String) {
    out.push_str(
        r##"<defs><g id="anchor" fill="none" stroke-linecap="round"><circle cx="0" cy="-5" r="1.8" stroke-width="1.3"/><path d="M0,-3.2 V5.5 M-3.5,-1.2 H3.5 M-5,2.2 Q0,9.5 5,2.2" stroke-width="1.5"/></g><pattern id="depleted" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" stroke="#5b4a2e" stroke-width="1.6" stroke-opacity="0.55"/></pattern></defs>
"##,
    );
}

/// A port (anchor) or a naval base (anchor on a navy disc) centred at `at`.
fn anchor(out: &mut String, at: Xy, base: bool) {
    if base {
        let _ = writeln!(
            out,
            r##"<circle cx="{:.1}" cy="{:.1}" r="8" fill="#1d3f72" stroke="#ffffff" stroke-width="1"/><use href="#anchor" x="{:.1}" y="{:.1}" stroke="#ffffff"/>"##,
            at.0, at.1, at.0, at.1
        );
    } else {
        let _ = writeln!(
            out,
            r##"<use href="#anchor" x="{:.1}" y="{:.1}" stroke="#1d3f72"/>"##,
            at.0, at.1
        );
    }
}

/// A city: its class letter in a square (larger when `major`, framed when `walled`, a gold
/// star when `capital`), its name under it.
fn board_city(out: &mut String, c: Xy, name: &str, class: &str, tags: &[String]) {
    let has = |t: &str| tags.iter().any(|x| x == t);
    let k = if has("major") || class == "A" {
        8.5
    } else {
        7.0
    };
    let frame = if has("walled") { 2.6 } else { 1.0 };
    let at = (c.0, c.1 - 3.0);
    let _ = writeln!(
        out,
        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{}" stroke="#111111" stroke-width="{frame}"/>"##,
        at.0 - k,
        at.1 - k,
        2.0 * k,
        2.0 * k,
        class_fill(class)
    );
    let _ = writeln!(
        out,
        r##"<text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="{:.1}" text-anchor="middle" font-weight="bold" fill="#ffffff">{}</text>"##,
        at.0,
        at.1 + k * 0.45,
        k * 1.35,
        esc(class)
    );
    if has("capital") {
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="13" text-anchor="middle" fill="#e0a800" stroke="#5a4200" stroke-width="0.6">★</text>"##,
            at.0 + k + 7.0,
            at.1 - 2.0
        );
    }
    label(out, (c.0, c.1 + 17.5), 9.5, "bold", INK, "", name);
}

fn cell_marks(out: &mut String, c: Xy, cell: &HexCell) {
    let has = |t: &str| cell.marks.iter().any(|x| x == t);
    let port_at = if cell.city.is_some() {
        (c.0 - 17.0, c.1 - 3.0)
    } else {
        (c.0, c.1 - 1.0)
    };
    if has("naval-base") {
        anchor(out, port_at, true);
    } else if has("port") {
        anchor(out, port_at, false);
    }
    if has("pass") {
        label(out, (c.0, c.1 + 4.0), 14.0, "bold", "#5b3715", "", ")(");
    }
    if has("sea-lane") {
        label(out, (c.0, c.1 + 5.0), 13.0, "normal", "#1d3f72", "", "≈");
    }
    if has("entry") {
        label(
            out,
            (c.0 + 15.0, c.1 - 4.0),
            8.0,
            "bold",
            "#7a0c0c",
            "",
            "entry",
        );
    }
    if has("supply-source") {
        label(
            out,
            (c.0 + 15.0, c.1 + 6.0),
            8.0,
            "bold",
            "#2f6b2f",
            "",
            "supply",
        );
    }
    if let Some(n) = &cell.name {
        let y = if cell.city.is_some() { 27.0 } else { 17.5 };
        label(
            out,
            (c.0, c.1 + y),
            8.5,
            "normal",
            "#2b2b2b",
            r#" font-style="italic""#,
            n,
        );
    }
}

/// The hex map of `view` with its printed board, as an SVG document.
pub fn hex_map(view: &View, layout: &HexLayout) -> String {
    let p = HexPlacement::new(layout);
    let (width, height) = (p.width, p.height);
    let h = 3f64.sqrt() * HEX;
    let board = &layout.board;
    let cells: BTreeMap<(i32, i32), &HexCell> =
        board.hexes.iter().map(|c| ((c.at.x, c.at.y), c)).collect();
    let places: BTreeMap<(i32, i32), &PlaceView> = view
        .map
        .places
        .iter()
        .filter_map(|pl| pl.at.map(|a| ((a.x, a.y), pl)))
        .collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}">"#
    );
    defs(&mut out);
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="{PAPER}"/>"#
    );
    // Terrain: one path per terrain, the grid drawn with it.
    let mut by_terrain: BTreeMap<&str, String> = BTreeMap::new();
    let mut coastal = String::new();
    // The printed hexes; a bare grid when the board is not printed. Two joined maps leave
    // corners no map prints: those stay paper.
    let grid: Vec<Point> = if cells.is_empty() {
        (0..layout.columns)
            .flat_map(|c| {
                (0..layout.rows).map(move |r| Point {
                    x: (layout.first_column + c) as i32,
                    y: (layout.first_row + r) as i32,
                })
            })
            .collect()
    } else {
        cells.keys().map(|&(x, y)| Point { x, y }).collect()
    };
    for at in &grid {
        let c = p.centre(*at);
        let cell = cells.get(&(at.x, at.y));
        let t = cell.map(|x| x.terrain.as_str()).unwrap_or("");
        hex_path(by_terrain.entry(terrain_fill(t)).or_default(), c, HEX);
        if cell.is_some_and(|x| x.coastal && x.terrain != "sea" && x.terrain != "lake") {
            hex_path(&mut coastal, c, HEX * 0.8);
        }
    }
    for (fill, d) in &by_terrain {
        let stroke = if *fill == terrain_fill("sea") {
            "#86abc6"
        } else {
            "#9a917c"
        };
        let _ = writeln!(
            out,
            r#"<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="0.7"/>"#
        );
    }
    if !coastal.is_empty() {
        let _ = writeln!(
            out,
            r##"<path d="{coastal}" fill="none" stroke="#4a86b8" stroke-width="1.3" stroke-dasharray="3 2.5"/>"##
        );
    }
    // What the game puts on the map: control and depletion.
    for at in &grid {
        if let Some(pl) = places.get(&(at.x, at.y)) {
            let mut d = String::new();
            hex_path(&mut d, p.centre(*at), HEX);
            if pl.control.is_some() {
                let _ = writeln!(
                    out,
                    r##"<path d="{d}" fill="{}" fill-opacity="0.5" stroke="#8c826c" stroke-width="1"/>"##,
                    control_fill(view, pl)
                );
            }
            if pl.depleted {
                let _ = writeln!(out, r#"<path d="{d}" fill="url(#depleted)"/>"#);
            }
        }
    }
    // Hexsides, one path per feature.
    for (feature, colour, w, dash) in SIDES {
        let mut d = String::new();
        for s in board
            .hexsides
            .iter()
            .filter(|s| s.features.iter().any(|f| f == feature))
        {
            let (a, b) = side_ends(p.centre(s.a), p.centre(s.b));
            let _ = write!(d, "M{:.1},{:.1}L{:.1},{:.1}", a.0, a.1, b.0, b.1);
        }
        if !d.is_empty() {
            let dash = if dash.is_empty() {
                String::new()
            } else {
                format!(r#" stroke-dasharray="{dash}""#)
            };
            let _ = writeln!(
                out,
                r#"<path d="{d}" fill="none" stroke="{colour}" stroke-width="{w}" stroke-linecap="round"{dash}/>"#
            );
        }
    }
    // Roads through hex centres.
    for r in &board.roads {
        let pts: Vec<Xy> = r.hexes.iter().map(|h| p.centre(*h)).collect();
        if pts.len() < 2 {
            continue;
        }
        let (colour, w) = road_style(&r.kind);
        let _ = writeln!(
            out,
            r#"<path d="{}" fill="none" stroke="{colour}" stroke-width="{w}" stroke-linejoin="round" stroke-linecap="round" stroke-opacity="0.85"/>"#,
            path(&pts, false)
        );
    }
    // Ferries and bridges, across the hexside from centre to centre.
    for s in &board.hexsides {
        let (a, b) = (p.centre(s.a), p.centre(s.b));
        let at = |t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        let (u, v) = (at(0.28), at(0.72));
        if s.features.iter().any(|f| f == "ferry") {
            let _ = writeln!(
                out,
                r##"<path d="M{:.1},{:.1}L{:.1},{:.1}" stroke="#111111" stroke-width="2.2" stroke-dasharray="4 2.5"/>"##,
                u.0, u.1, v.0, v.1
            );
        }
        if s.features.iter().any(|f| f == "bridge") {
            let _ = writeln!(
                out,
                r##"<path d="M{:.1},{:.1}L{:.1},{:.1}" stroke="#111111" stroke-width="6" stroke-linecap="butt"/><path d="M{:.1},{:.1}L{:.1},{:.1}" stroke="#d8d2c0" stroke-width="2.6"/>"##,
                u.0, u.1, v.0, v.1, u.0, u.1, v.0, v.1
            );
        }
    }
    // Hex numbers.
    for at in &grid {
        let c = p.centre(*at);
        let sea = cells
            .get(&(at.x, at.y))
            .is_some_and(|x| x.terrain == "sea" || x.terrain == "lake");
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="7.5" text-anchor="middle" fill="{}">{:02}{:02}</text>"##,
            c.0,
            c.1 - h / 2.0 + 9.5,
            if sea { "#4f7390" } else { "#5e5646" },
            at.x,
            at.y
        );
    }
    // Region names, under the cities.
    for l in &board.labels {
        let c = p.centre(l.at);
        let size = if l.kind == "country" { 19.0 } else { 15.0 };
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="{size}" text-anchor="middle" font-style="italic" font-weight="bold" letter-spacing="2" fill="#6a3f7a" fill-opacity="0.62">{}</text>"##,
            c.0,
            c.1 + size / 3.0,
            esc(&l.name.to_uppercase())
        );
    }
    for cell in &board.hexes {
        let c = p.centre(cell.at);
        if let Some(ct) = &cell.city {
            board_city(&mut out, c, &ct.name, &ct.class, &ct.tags);
        }
        cell_marks(&mut out, c, cell);
    }
    // The game's cities and forces.
    for (&(x, y), pl) in &places {
        let c = p.centre(Point { x, y });
        if cells.is_empty() && pl.name != pl.id {
            label(
                &mut out,
                (c.0, c.1 + h / 2.0 - 4.0),
                8.0,
                "normal",
                INK,
                "",
                &pl.name,
            );
        }
        for cty in &pl.cities {
            city(&mut out, view, cty, (c.0 - HEX / 2.0, c.1 + h / 4.0));
            if cty.naval_base {
                anchor(&mut out, (c.0 - 17.0, c.1 - 3.0), true);
            }
        }
        let forces: Vec<(&str, &Force)> = view
            .sides
            .iter()
            .flat_map(|sv| {
                sv.forces
                    .iter()
                    .filter(|f| f.place == pl.id)
                    .map(move |f| (sv.id.as_str(), f))
            })
            .collect();
        let n = forces.len() as f64;
        for (k, (side, f)) in forces.iter().enumerate() {
            let dx = (k as f64 - (n - 1.0) / 2.0) * 14.0;
            stack(&mut out, view, side, f, (c.0 + dx, c.1 + 2.0), 30.0);
        }
    }
    header(&mut out, view, width);
    legend(&mut out, view, &p);
    out.push_str("</svg>\n");
    out
}

fn header(out: &mut String, view: &View, width: f64) {
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{width:.0}" height="34" fill="#2b2b2b"/>"##
    );
    let mut title = view.title.clone();
    for part in [&view.turn, &view.phase] {
        if !part.is_empty() {
            title.push_str(" — ");
            title.push_str(part);
        }
    }
    let _ = writeln!(
        out,
        r##"<text x="12" y="24" font-family="{FONT}" font-size="18" font-weight="bold" fill="#ffffff">{}</text>"##,
        esc(&title)
    );
}

/// The legend under the map: terrain, hexsides, roads, cities and ports, each drawn as on the
/// map; the sides' colours when the game shows control; the data's caption.
fn legend(out: &mut String, view: &View, p: &HexPlacement) {
    let top = p.legend_top();
    let _ = writeln!(
        out,
        r##"<rect x="0" y="{top:.1}" width="{:.0}" height="{LEGEND}" fill="#ffffff" stroke="#9a917c"/>"##,
        p.width
    );
    let key = |out: &mut String, x: f64, y: f64, s: &str| {
        let _ = writeln!(
            out,
            r##"<text x="{x:.1}" y="{:.1}" font-family="{FONT}" font-size="12" fill="{INK}">{}</text>"##,
            y + 4.5,
            esc(s)
        );
    };
    // Row 1: terrain.
    let mut x = 16.0;
    let y = top + 22.0;
    for t in ["clear", "rough", "desert", "marsh", "sea", "lake"] {
        let mut d = String::new();
        hex_path(&mut d, (x + 11.0, y), 11.0);
        let _ = writeln!(
            out,
            r##"<path d="{d}" fill="{}" stroke="#9a917c"/>"##,
            terrain_fill(t)
        );
        key(out, x + 27.0, y, t);
        x += 40.0 + 7.5 * t.len() as f64;
    }
    let mut d = String::new();
    hex_path(&mut d, (x + 11.0, y), 11.0);
    let mut inner = String::new();
    hex_path(&mut inner, (x + 11.0, y), 8.5);
    let _ = writeln!(
        out,
        r##"<path d="{d}" fill="{}" stroke="#9a917c"/><path d="{inner}" fill="none" stroke="#4a86b8" stroke-width="1.3" stroke-dasharray="3 2.5"/>"##,
        terrain_fill("clear")
    );
    key(out, x + 27.0, y, "coastal hex (land and sea)");
    x += 230.0;
    for (cls, name) in [("A", "class A city"), ("B", "B"), ("C", "C"), ("D", "D")] {
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="14" height="14" fill="{}" stroke="#111111"/><text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="10" text-anchor="middle" font-weight="bold" fill="#ffffff">{cls}</text>"##,
            x,
            y - 7.0,
            class_fill(cls),
            x + 7.0,
            y + 3.5
        );
        key(out, x + 19.0, y, name);
        x += 30.0 + 7.0 * name.len() as f64;
    }
    anchor(out, (x + 8.0, y), false);
    key(out, x + 20.0, y, "port");
    x += 62.0;
    anchor(out, (x + 8.0, y), true);
    key(out, x + 22.0, y, "naval base (printed)");
    x += 180.0;
    if view.map.places.is_empty() {
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="14" height="14" fill="{}" stroke="#111111" stroke-width="2.6"/><text x="{:.1}" y="{:.1}" font-family="{FONT}" font-size="13" fill="#e0a800" stroke="#5a4200" stroke-width="0.6">★</text>"##,
            x,
            y - 7.0,
            class_fill("D"),
            x + 18.0,
            y + 5.0
        );
        key(out, x + 36.0, y, "walled / capital");
        x += 160.0;
        label(out, (x + 8.0, y + 5.0), 14.0, "bold", "#5b3715", "", ")(");
        key(out, x + 22.0, y, "pass");
        x += 64.0;
        label(out, (x + 8.0, y + 5.0), 13.0, "normal", "#1d3f72", "", "≈");
        key(out, x + 22.0, y, "sea lane");
    }
    // Row 2: hexsides and roads.
    let mut x = 16.0;
    let y = top + 54.0;
    let names = [
        ("river", "river"),
        ("mountain", "mountain (impassable)"),
        ("all-sea", "all-sea hexside"),
        ("all-lake", "all-lake"),
        ("all-land", "all-land"),
        ("strait", "strait"),
        ("blocked", "blocked"),
        ("coast", "coast"),
        ("border", "region border"),
    ];
    for (feature, words) in names {
        let Some((_, colour, w, dash)) = SIDES.iter().find(|s| s.0 == feature) else {
            continue;
        };
        let dash = if dash.is_empty() {
            String::new()
        } else {
            format!(r#" stroke-dasharray="{dash}""#)
        };
        let _ = writeln!(
            out,
            r#"<path d="M{:.1},{y:.1}H{:.1}" stroke="{colour}" stroke-width="{w}" stroke-linecap="round"{dash}/>"#,
            x + 2.0,
            x + 28.0
        );
        key(out, x + 36.0, y, words);
        x += 50.0 + 7.0 * words.len() as f64;
    }
    let _ = writeln!(
        out,
        r##"<path d="M{:.1},{y:.1}H{:.1}" stroke="#111111" stroke-width="2.2" stroke-dasharray="4 2.5"/>"##,
        x,
        x + 30.0
    );
    key(out, x + 36.0, y, "ferry");
    x += 86.0;
    let _ = writeln!(
        out,
        r##"<path d="M{:.1},{y:.1}H{:.1}" stroke="#111111" stroke-width="6"/><path d="M{:.1},{y:.1}H{:.1}" stroke="#d8d2c0" stroke-width="2.6"/>"##,
        x,
        x + 30.0,
        x,
        x + 30.0
    );
    key(out, x + 36.0, y, "bridge");
    x += 92.0;
    for (kind, words) in [("roman-road", "Roman road"), ("royal-road", "Royal Road")] {
        if !view_has_road(p, kind) {
            continue;
        }
        let (colour, w) = road_style(kind);
        let _ = writeln!(
            out,
            r#"<path d="M{:.1},{y:.1}H{:.1}" stroke="{colour}" stroke-width="{w}"/>"#,
            x,
            x + 30.0
        );
        key(out, x + 36.0, y, words);
        x += 60.0 + 7.0 * words.len() as f64;
    }
    // Row 3: sides and the caption.
    let mut x = 16.0;
    let y = top + 88.0;
    for s in &view.sides {
        let _ = writeln!(
            out,
            r##"<rect x="{x:.1}" y="{:.1}" width="14" height="14" fill="{}" stroke="#111111"/>"##,
            y - 7.0,
            s.colour
        );
        key(out, x + 20.0, y, &s.name);
        x += 40.0 + 7.5 * s.name.len() as f64;
    }
    key(
        out,
        x,
        y,
        "Hex numbers at the top of each hex (column, row). Region borders and names as the rules use them.",
    );
    if let Some(src) = &view.map.geography_source {
        let _ = writeln!(
            out,
            r##"<text x="16" y="{:.1}" font-family="{FONT}" font-size="11" fill="#444444">{}</text>"##,
            y + 19.0,
            esc(src)
        );
    }
}

fn view_has_road(p: &HexPlacement, kind: &str) -> bool {
    p.layout.board.roads.iter().any(|r| r.kind == kind)
}
