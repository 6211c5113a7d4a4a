//! Hex maps drawn by the shared renderer (issue 14 §3): a map file turned into the view's
//! printed board (`view::board_view`) and drawn by `render::hexmap` — terrain, coasts, hexside
//! features, cities with their class, ports, roads, region names, the legend — and
//! `legatus data map`, which draws a pack's map as SVG and PNG.

mod support;

use std::path::{Path, PathBuf};

use legatus::games::conquerors::data;
use legatus::geo::hexmap::MapFile;
use legatus::pack::{parse_yaml, Item};
use legatus::render::{self, hexmap::HexPlacement};
use legatus::view::{board_view, MapKind, Point, View};

/// A 3×3 map (columns 1–3, rows 1–3): a sea hex 0303, Ostia (class D, port, naval base) on the
/// coast at 0202, Roma (class A) at 0201, a river, a mountain hexside, a road, a region.
const TINY: &str = r#"map: tiny
title: "Tiny"
format: 1
provisional: "hand-written test map"
grid: {convention: flat-even-columns-low, columns: {first: 1, last: 3}, rows: {first: 1, last: 3}}
regions:
  italy: {name: Italy, kind: country}
hexes:
  "0101": {terrain: clear, regions: [italy]}
  "0102": {terrain: rough, regions: [italy]}
  "0103": {terrain: clear, coastal: true, regions: [italy]}
  "0201": {terrain: clear, regions: [italy], city: {name: Roma, class: A}}
  "0202": {terrain: clear, coastal: true, port: true, naval_base: true, regions: [italy], city: {name: Ostia, class: D}}
  "0203": {terrain: sea}
  "0301": {terrain: desert}
  "0302": {terrain: clear, coastal: true, tags: [pass]}
  "0303": {terrain: sea}
hexsides:
  "0101/0102": {features: [river]}
  "0201/0301": {features: [mountain]}
roads:
  - {id: via-test, name: "Via Test", kind: roman-road, hexes: ["0101", "0201", "0202"]}
"#;

fn tiny_view() -> View {
    let m: Item<MapFile> = parse_yaml("maps/tiny.yaml", TINY).unwrap_or_else(|e| panic!("{e}"));
    board_view(&m.item, "Tiny map")
}

fn pack_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/conquerors")
}

#[test]
fn hex_map_board_from_a_map_file() {
    let v = tiny_view();
    let MapKind::Hex(layout) = &v.map.kind else {
        panic!("a hex map")
    };
    let b = &layout.board;
    assert_eq!(b.hexes.len(), 9);
    let ostia = b
        .hexes
        .iter()
        .find(|c| c.at == Point { x: 2, y: 2 })
        .unwrap();
    assert_eq!(ostia.city.as_ref().map(|c| c.class.as_str()), Some("D"));
    assert!(ostia.marks.contains(&"naval-base".to_string()));
    let side = |a: (i32, i32), b2: (i32, i32)| {
        b.hexsides
            .iter()
            .find(|s| s.a == Point { x: a.0, y: a.1 } && s.b == Point { x: b2.0, y: b2.1 })
            .map(|s| s.features.clone())
            .unwrap_or_default()
    };
    assert_eq!(side((1, 1), (1, 2)), vec!["river".to_string()]);
    // 0301 belongs to no region, 0201 to Italy: the mountain hexside is a region border too.
    assert_eq!(side((2, 1), (3, 1)), vec!["mountain", "border"]);
    // Coastlines are worked out from the hexes: land 0202 against the all-sea 0203.
    assert_eq!(side((2, 2), (2, 3)), vec!["coast".to_string()]);
    assert_eq!(side((2, 2), (3, 2)), vec!["border"]);
    assert_eq!(b.labels.len(), 1);
    assert_eq!(b.labels[0].name, "Italy");
}

#[test]
fn hex_map_tiny_svg_snapshot() {
    let svg = render::svg::map_svg(&tiny_view());
    for s in [
        ">0101<",
        ">0303<",
        ">Roma<",
        ">Ostia<",
        "ITALY",
        "href=\"#anchor\"",
    ] {
        assert!(svg.contains(s), "{s} drawn");
    }
    insta::assert_snapshot!("tiny_hex_map_svg", svg);
}

/// The Romans map drawn whole: the sea hex 2815 (Tyrrhenian Sea off Ostia) in the sea colour,
/// the class A city square of Roma (2914) in its class colour.
#[test]
fn hex_map_romans_png_sea_and_city_colours() {
    let maps = data::maps(&pack_dir()).unwrap_or_else(|e| panic!("{e}"));
    let v = board_view(&maps["romans"], "The Conquerors: The Romans map");
    let svg = render::svg::map_svg(&v);
    let pic = render::png::rasterise(&svg, 1.0).unwrap();
    let MapKind::Hex(layout) = &v.map.kind else {
        panic!("a hex map")
    };
    let at = HexPlacement::new(layout);
    let h = 3f64.sqrt() * render::hexmap::HEX;
    let sea = at.centre(Point { x: 28, y: 15 });
    // Below the centre, clear of the hex number at the top.
    let px = pic.pixel(sea.0 as u32, (sea.1 + h / 4.0) as u32).unwrap();
    assert_eq!(px, (0xa9, 0xcf, 0xe8, 255), "2815 is sea");
    let roma = at.centre(Point { x: 29, y: 14 });
    // Inside the class square, off the letter A: its lower-left corner area.
    let px = pic
        .pixel((roma.0 - 6.5) as u32, (roma.1 - 3.0 + 6.5) as u32)
        .unwrap();
    assert_eq!(px, (0x7a, 0x0c, 0x0c, 255), "Roma's class A square");
}

#[test]
fn hex_map_data_map_cli_writes_svg_and_png() {
    let tmp = tempfile::tempdir().unwrap();
    let svg = tmp.path().join("m.svg");
    let png = tmp.path().join("m.png");
    let r = support::cli(&[
        "data",
        "map",
        pack_dir().to_str().unwrap(),
        "--map",
        "macedonians",
        "--variant",
        "romans",
        "--svg",
        svg.to_str().unwrap(),
        "--png",
        png.to_str().unwrap(),
        "--zoom",
        "0.5",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("The Macedonians map, as romans uses it"));
    assert!(text.contains(">Babylon<") || text.contains(">Sardes<"));
    let bytes = std::fs::read(&png).unwrap();
    assert!(bytes.starts_with(b"\x89PNG"));
}

#[test]
fn hex_map_data_map_cli_names_the_maps_of_a_pack() {
    let tmp = tempfile::tempdir().unwrap();
    let svg = tmp.path().join("m.svg");
    let r = support::cli(&[
        "data",
        "map",
        pack_dir().to_str().unwrap(),
        "--map",
        "roman",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 2, "{}", r.out);
    assert!(
        r.err.contains("did you mean romans?") && r.err.contains("macedonians"),
        "{}",
        r.err
    );
    assert!(!svg.exists(), "nothing written");
}
