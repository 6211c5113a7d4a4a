//! The printed board of a hex map as the renderers see it: every hex with its terrain, coast and
//! marks (port, naval base, pass…), its printed city with the class letter, the hexsides that
//! carry a feature (river, mountain, all-sea, strait, ferry, bridge, blocked; coastlines and
//! region borders worked out here), roads, and region names. [`board_view`] builds it from a
//! map file of `crate::geo::hexmap` (any hex-map game's), so the picture of a map is drawn by
//! the shared renderer (`render::hexmap`) and no game draws its own.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{HexLayout, MapKind, MapView, Point, View};
use crate::geo::hex::{Convention, Hex};
use crate::geo::hexmap::{MapFile, RegionKind};
use crate::geo::hexside::{Hexside, Terrain};

/// One hex of the printed board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexCell {
    /// Printed column (`x`) and row (`y`).
    pub at: Point,
    /// Terrain word: `clear`, `rough`, `desert`, `marsh`, `sea`, `lake` (others drawn plain).
    pub terrain: String,
    /// The hex holds land and sea.
    pub coastal: bool,
    /// Printed marks: `port`, `naval-base`, `pass`, `island`, `sea-lane`, `entry`,
    /// `supply-source`.
    pub marks: Vec<String>,
    /// The printed city.
    pub city: Option<BoardCity>,
    /// A printed name that is not a city (an island, a pass).
    pub name: Option<String>,
}

/// A city printed on the board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardCity {
    /// Name.
    pub name: String,
    /// Class letter (`A`–`D`), or empty.
    pub class: String,
    /// Printed attributes: `walled`, `major`, `capital`.
    pub tags: Vec<String>,
}

/// A hexside drawn with its features.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexsideView {
    /// One hex (column, row).
    pub a: Point,
    /// The neighbour across the hexside.
    pub b: Point,
    /// Feature words: `river`, `mountain`, `all-sea`, `all-lake`, `all-land`, `strait`,
    /// `ferry`, `bridge`, `blocked`; and, worked out from the hexes, `coast` (land against an
    /// all-sea or all-lake hex) and `border` (the regions of the two hexes differ).
    pub features: Vec<String>,
}

/// A road: a path of neighbouring hexes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoadView {
    /// Name (may be empty).
    pub name: String,
    /// Kind (`roman-road`, `royal-road`): the renderer picks a colour per kind.
    pub kind: String,
    /// The hexes in order.
    pub hexes: Vec<Point>,
}

/// A name written across the board (a country, a satrapy).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapLabel {
    /// The name.
    pub name: String,
    /// The hex it is centred on.
    pub at: Point,
    /// `country`, `satrapy`, `area`.
    pub kind: String,
}

/// The printed board of a hex map (carried by [`HexLayout`]; empty for a bare grid).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexBoard {
    /// Every hex.
    pub hexes: Vec<HexCell>,
    /// Hexsides with features.
    pub hexsides: Vec<HexsideView>,
    /// Roads.
    pub roads: Vec<RoadView>,
    /// Region names.
    pub labels: Vec<MapLabel>,
}

fn point(h: Hex) -> Point {
    Point { x: h.col, y: h.row }
}

fn is_water(t: Terrain) -> bool {
    matches!(t, Terrain::Sea | Terrain::Lake)
}

/// The regions that draw a border: every region but the sides of a line, whose border is the
/// line itself and is drawn too.
fn border_regions(map: &MapFile, regions: &[String]) -> BTreeSet<String> {
    regions
        .iter()
        .filter(|r| map.regions.contains_key(r.as_str()))
        .cloned()
        .collect()
}

/// The whole map `map` as a [`View`] to draw: the grid, every hex's terrain and marks, the
/// printed cities with their classes, hexside features, coastlines, region borders and names,
/// roads, and a caption saying the data's provenance. `title` heads the picture.
pub fn board_view(map: &MapFile, title: &str) -> View {
    View {
        title: title.to_string(),
        map: MapView {
            kind: MapKind::Hex(hex_layout(map)),
            geography_source: Some(
                "Hex numbers, cities and classes as the rules print them; terrain, coasts, \
                 hexsides, regions and roads provisional (tools/mapgen, scenarios/conquerors/maps)"
                    .into(),
            ),
            ..Default::default()
        },
        ..Default::default()
    }
}

/// The grid of `map` with its printed board (every hex's terrain and marks, cities, hexside
/// features, coastlines, region borders, roads, region names): what a hex-map game puts in its
/// situation's [`MapKind::Hex`] so that its forces are drawn on the printed map.
pub fn hex_layout(map: &MapFile) -> HexLayout {
    let conv = map.grid.convention;
    let mut hexes: BTreeMap<Hex, &crate::geo::hexmap::HexEntry> = BTreeMap::new();
    for (k, v) in &map.hexes {
        if let Ok(h) = Hex::parse(k) {
            hexes.insert(h, &v.item);
        }
    }
    let cells = hexes
        .iter()
        .map(|(h, e)| {
            let mut marks = Vec::new();
            if e.naval_base {
                marks.push("naval-base".to_string());
            } else if e.port {
                marks.push("port".to_string());
            }
            marks.extend(e.tags.iter().cloned());
            HexCell {
                at: point(*h),
                terrain: e.terrain.name().to_string(),
                coastal: e.coastal,
                marks,
                city: e.city.as_ref().map(|c| BoardCity {
                    name: c.name.clone(),
                    class: format!("{:?}", c.class),
                    tags: c.tags.clone(),
                }),
                name: e.name.clone(),
            }
        })
        .collect();
    let mut sides: BTreeMap<Hexside, Vec<String>> = BTreeMap::new();
    for (k, v) in &map.hexsides {
        if let Ok(s) = Hexside::parse(k, conv) {
            sides
                .entry(s)
                .or_default()
                .extend(v.features.iter().map(|f| f.name().to_string()));
        }
    }
    for (h, e) in &hexes {
        for s in Hexside::of(*h, conv) {
            if s.a != *h {
                continue; // each hexside once, from its lower hex
            }
            let Some(o) = hexes.get(&s.b) else { continue };
            let (wa, wb) = (is_water(e.terrain), is_water(o.terrain));
            if wa != wb {
                sides.entry(s).or_default().push("coast".into());
            } else if !wa && border_regions(map, &e.regions) != border_regions(map, &o.regions) {
                sides.entry(s).or_default().push("border".into());
            }
        }
    }
    let hexsides = sides
        .into_iter()
        .map(|(s, features)| HexsideView {
            a: point(s.a),
            b: point(s.b),
            features,
        })
        .collect();
    let roads = map
        .roads
        .iter()
        .map(|r| RoadView {
            name: r.name.clone().unwrap_or_default(),
            kind: r.kind.clone(),
            hexes: r
                .hexes
                .iter()
                .filter_map(|h| Hex::parse(h).ok())
                .map(point)
                .collect(),
        })
        .collect();
    HexLayout {
        columns: (map.grid.columns.last - map.grid.columns.first + 1).max(0) as u32,
        rows: (map.grid.rows.last - map.grid.rows.first + 1).max(0) as u32,
        first_column: map.grid.columns.first.max(0) as u32,
        first_row: map.grid.rows.first.max(0) as u32,
        odd_columns_low: conv == Convention::OddColumnsLow,
        board: HexBoard {
            hexes: cells,
            hexsides,
            roads,
            labels: labels(map, &hexes, conv),
        },
    }
}

/// One label per country and satrapy, on the land hex without a city nearest the middle of
/// the region, at least three hexes from any other label (largest regions placed first).
fn labels(
    map: &MapFile,
    hexes: &BTreeMap<Hex, &crate::geo::hexmap::HexEntry>,
    conv: Convention,
) -> Vec<MapLabel> {
    let mut regions: Vec<(&String, &crate::geo::hexmap::Region, Vec<Hex>)> = map
        .regions
        .iter()
        .filter(|(_, r)| r.kind != RegionKind::LineSide)
        .map(|(id, r)| {
            let members = hexes
                .iter()
                .filter(|(_, e)| e.regions.iter().any(|x| x == id))
                .map(|(h, _)| *h)
                .collect();
            (id, &r.item, members)
        })
        .filter(|(_, _, m): &(_, _, Vec<Hex>)| !m.is_empty())
        .collect();
    regions.sort_by(|a, b| b.2.len().cmp(&a.2.len()).then(a.0.cmp(b.0)));
    let mut placed: Vec<MapLabel> = Vec::new();
    let mut taken: Vec<Hex> = Vec::new();
    for (_, r, members) in regions {
        // The middle in a plane where columns are 1.5 units apart and rows √3 ≈ 7/4 (integers:
        // columns ×6, rows ×7, half a row for a lower column).
        let plane = |h: &Hex| {
            let low = match conv {
                Convention::EvenColumnsLow => h.col % 2 == 0,
                Convention::OddColumnsLow => h.col % 2 != 0,
            };
            (
                i64::from(h.col) * 6,
                i64::from(h.row) * 14 + if low { 7 } else { 0 },
            )
        };
        let n = members.len() as i64;
        let (sx, sy) = members
            .iter()
            .map(plane)
            .fold((0, 0), |a, p| (a.0 + p.0, a.1 + p.1));
        let mid = (sx / n, sy / n);
        let free = |h: &&Hex| {
            hexes
                .get(h)
                .is_some_and(|e| e.city.is_none() && e.terrain.is_land())
                && taken.iter().all(|t| t.distance(**h, conv) >= 3)
        };
        let best = members
            .iter()
            .filter(free)
            .min_by_key(|h| {
                let p = plane(h);
                ((p.0 - mid.0).pow(2) + (p.1 - mid.1).pow(2), **h)
            })
            .copied();
        if let Some(h) = best {
            taken.push(h);
            placed.push(MapLabel {
                name: r.name.clone(),
                at: point(h),
                kind: match r.kind {
                    RegionKind::Country => "country",
                    RegionKind::Satrapy => "satrapy",
                    RegionKind::LineSide => "line-side",
                    RegionKind::Area => "area",
                }
                .into(),
            });
        }
    }
    placed
}

/// Two maps joined at a seam (The Romans' Syrian War, Romans [20.21]) as one layout in the
/// base map's numbering: the joined map's hexes, hexsides, roads and names moved by the
/// seam's offset (`columns`, `rows`: hexes), its hexes kept only where the base map prints
/// none. Both maps must share the grid convention (a seam keeps column parity).
pub fn joined_layout(base: &MapFile, joined: &MapFile, columns: i32, rows: i32) -> HexLayout {
    let mut out = hex_layout(base);
    let other = hex_layout(joined);
    let first = |l: &HexLayout| (l.first_column as i32, l.first_row as i32);
    let last = |l: &HexLayout| {
        (
            l.first_column as i32 + l.columns as i32 - 1,
            l.first_row as i32 + l.rows as i32 - 1,
        )
    };
    let (bf, bl) = (first(&out), last(&out));
    let (of, ol) = (first(&other), last(&other));
    let shift = |p: Point| Point {
        x: p.x + columns,
        y: p.y + rows,
    };
    let printed: BTreeSet<Point> = out.board.hexes.iter().map(|c| c.at).collect();
    let mut added = BTreeSet::new();
    for mut c in other.board.hexes {
        c.at = shift(c.at);
        if !printed.contains(&c.at) {
            added.insert(c.at);
            out.board.hexes.push(c);
        }
    }
    for mut s in other.board.hexsides {
        (s.a, s.b) = (shift(s.a), shift(s.b));
        if added.contains(&s.a) || added.contains(&s.b) {
            out.board.hexsides.push(s);
        }
    }
    for mut r in other.board.roads {
        r.hexes = r.hexes.into_iter().map(shift).collect();
        out.board.roads.push(r);
    }
    for mut l in other.board.labels {
        l.at = shift(l.at);
        if added.contains(&l.at) {
            out.board.labels.push(l);
        }
    }
    let (c0, r0) = (
        bf.0.min(of.0 + columns).max(0),
        bf.1.min(of.1 + rows).max(0),
    );
    let (c1, r1) = (bl.0.max(ol.0 + columns), bl.1.max(ol.1 + rows));
    out.first_column = c0 as u32;
    out.first_row = r0 as u32;
    out.columns = (c1 - c0 + 1).max(0) as u32;
    out.rows = (r1 - r0 + 1).max(0) as u32;
    out
}
