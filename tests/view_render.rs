//! Seeing the game (issue 12): the situation model Alexandros fills in, drawn as text, SVG
//! (province and hex maps, the battle board), PNG and the HTML turn page, and `legatus show`.
//! Snapshots use a fixed small game: the campaign's set-up and the Granicus board, not the
//! historical fixture.

#[path = "alexandros/common.rs"]
mod common;
mod support;

use std::collections::BTreeMap;

use legatus::games::alexandros::view::{MACEDONIAN_COLOUR, PERSIAN_COLOUR};
use legatus::games::alexandros::Alexandros;
use legatus::render::{self, svg::province_layout};
use legatus::report::{self as doc, Format};
use legatus::ruleset::Ruleset;
use legatus::view::{
    Control, Force, HexLayout, LeaderView, MapKind, MapView, PlaceView, Point, SideView, UnitView,
    View,
};

fn setup_view() -> View {
    Alexandros.view(&common::fresh(), None)
}

/// After the Persian set-up: the Granicus waits on the Tactical Display (Alexandros 4.3).
fn granicus_view() -> View {
    let mut s = common::fresh();
    common::submit(
        &mut s,
        common::orders("darius: Persis"),
        &BTreeMap::new(),
        &mut common::dice(1),
    )
    .unwrap();
    Alexandros.view(&s, Some("macedonian"))
}

#[test]
fn view_text_situation_at_setup() {
    let text = doc::render(&render::text::situation(&setup_view()), Format::Text);
    assert!(text.contains("Macedonian forces"), "{text}");
    assert!(text.contains("Alexander"), "{text}");
    insta::assert_snapshot!("situation_setup_text", text);
}

#[test]
fn view_svg_map_at_setup() {
    let mut v = setup_view();
    let full = render::svg::map_svg(&v);
    assert!(
        full.contains("fill-rule=\"evenodd\""),
        "real coastlines drawn behind"
    );
    assert!(
        full.len() < 400_000,
        "the map SVG stays small: {} bytes",
        full.len()
    );
    // The snapshot leaves the (bundled, unchanging) coastlines out.
    v.map.geography.clear();
    v.map.geography_labels.clear();
    let svg = render::svg::map_svg(&v);
    assert!(svg.starts_with("<svg"));
    insta::assert_snapshot!("map_setup_svg", svg);
}

#[test]
fn view_battle_board_of_the_granicus() {
    let v = granicus_view();
    let b = v
        .battle
        .as_ref()
        .expect("the Granicus is on the Tactical Display");
    assert!(b.round.contains("set-up"), "{}", b.round);
    let text = doc::render(&render::text::battle(&v), Format::Text);
    insta::assert_snapshot!("granicus_board_text", text);
    let svg = render::board::board_svg(&v).expect("a board while a battle is on");
    assert!(svg.contains("Battle in"), "{svg}");
    render::png::png(&svg).expect("the board rasterises");
}

fn close(a: (u8, u8, u8, u8), hex: &str, blend: f64) -> bool {
    let c = |i: usize| u8::from_str_radix(&hex[1 + 2 * i..3 + 2 * i], 16).unwrap() as f64;
    let land = [0xef as f64, 0xe8 as f64, 0xd6 as f64];
    let want: Vec<f64> = (0..3)
        .map(|i| c(i) * blend + land[i] * (1.0 - blend))
        .collect();
    let got = [a.0 as f64, a.1 as f64, a.2 as f64];
    (0..3).all(|i| (want[i] - got[i]).abs() < 14.0)
}

#[test]
fn view_png_shows_province_control_and_army_counters() {
    let v = setup_view();
    let svg = render::svg::map_svg(&v);
    let pic = render::png::rasterise(&svg, 1.0).unwrap();
    let l = province_layout(&v);
    // The Macedonian army's top counter, away from its text.
    let (_, place, at) = l
        .stacks
        .iter()
        .find(|(side, _, _)| side == "macedonian")
        .expect("a Macedonian army on the map");
    let px = pic
        .pixel(
            (at.0 - l.counter * 0.4) as u32,
            (at.1 - l.counter * 0.4) as u32,
        )
        .unwrap();
    assert!(
        close(px, MACEDONIAN_COLOUR, 1.0),
        "Macedonian counter at {place}: {px:?}"
    );
    // A Persian province with nothing drawn at its centre shows the Persian colour (laid at
    // 42% over the land, the coastlines being drawn behind).
    let (i, id) = l
        .ids
        .iter()
        .enumerate()
        .find(|(_, id)| {
            let p = v.place(id).unwrap();
            p.control == Some(Control::Side("persian".into()))
                && p.cities.is_empty()
                && !l.stacks.iter().any(|(_, q, _)| q == *id)
        })
        .expect("an empty Persian province");
    let s = l.sites[i];
    let px = pic.pixel(s.0 as u32, s.1 as u32).unwrap();
    assert!(close(px, PERSIAN_COLOUR, 0.42), "{id}: {px:?}");
    assert!(pic.png().unwrap().starts_with(b"\x89PNG"));
}

fn unit(id: &str) -> UnitView {
    UnitView {
        id: id.into(),
        kind: "legion".into(),
        short: "Lg".into(),
        strength: "5-5".into(),
        steps: 1,
        full_steps: 2,
        status: vec![],
    }
}

/// A small synthetic hex map (4 columns, odd columns low) as the Conquerors games will fill it.
fn hex_view() -> View {
    let place = |id: &str, col: i32, row: i32, ctl: Option<&str>| PlaceView {
        id: id.into(),
        name: id.into(),
        at: Some(Point { x: col, y: row }),
        control: ctl.map(|s| Control::Side(s.into())),
        terrain: "clear".into(),
        ..Default::default()
    };
    View {
        title: "Hex test".into(),
        turn: "turn 1".into(),
        phase: "movement".into(),
        sides: vec![
            SideView {
                id: "roman".into(),
                name: "Roman".into(),
                colour: "#aa2222".into(),
                forces: vec![Force {
                    place: "0102".into(),
                    at: "field".into(),
                    leaders: vec![LeaderView {
                        name: "Scipio".into(),
                        rating: "4".into(),
                        status: vec![],
                    }],
                    units: vec![unit("L1"), unit("L2")],
                    status: vec![],
                    naval: false,
                }],
                off_map: vec![],
            },
            SideView {
                id: "carthaginian".into(),
                name: "Carthaginian".into(),
                colour: "#2244aa".into(),
                forces: vec![],
                off_map: vec![],
            },
        ],
        map: MapView {
            kind: MapKind::Hex(HexLayout {
                columns: 4,
                rows: 3,
                first_column: 1,
                first_row: 1,
                odd_columns_low: false,
                ..Default::default()
            }),
            places: vec![
                place("0102", 1, 2, Some("roman")),
                place("0201", 2, 1, Some("carthaginian")),
            ],
            ..Default::default()
        },
        ..Default::default()
    }
}

#[test]
fn view_hex_map_draws_flat_topped_columns() {
    let v = hex_view();
    let svg = render::svg::map_svg(&v);
    assert!(
        svg.contains(">0102<") && svg.contains(">0403<"),
        "every hex numbered"
    );
    assert!(svg.contains("Scipio"));
    insta::assert_snapshot!("hex_map_svg", svg);
    // Column 2 (even) sits half a hex lower than column 1 here: its hex 0201 is drawn lower
    // than 0101 though both are row 1.
    let pic = render::png::rasterise(&svg, 1.0).unwrap();
    let MapKind::Hex(layout) = &v.map.kind else {
        unreachable!("a hex view")
    };
    let at = render::hexmap::HexPlacement::new(layout);
    let h = 3f64.sqrt() * render::hexmap::HEX;
    let c0101 = at.centre(Point { x: 1, y: 1 });
    let c0201 = at.centre(Point { x: 2, y: 1 });
    assert!((c0201.1 - c0101.1 - h / 2.0).abs() < 1e-6);
    let px = pic
        .pixel(c0201.0 as u32, (c0201.1 - h / 4.0) as u32)
        .unwrap();
    assert!(px.2 > px.0, "0201 is Carthaginian (blue): {px:?}");
}

#[test]
fn view_situation_names_each_victory_point_source() {
    let v = setup_view();
    let vp = v
        .tracks
        .iter()
        .find(|t| t.name.contains("victory points"))
        .unwrap();
    assert!(vp.items.iter().any(|(what, _)| what.contains("Macedonia")));
    let text = doc::render(&render::text::tracks(&v), Format::Text);
    assert!(text.contains("province"), "{text}");
}
