//! The hex grid of The Conquerors (digest-conquerors-romans §6.2): the 13 distance vectors the
//! rules' examples give, the seam joining the two maps (Romans [20.21]), neighbours, hexsides,
//! zones within N, lines of hexes and movement costs given as data.

use std::collections::BTreeMap;

use legatus::geo::*;

const EVEN: Convention = Convention::EvenColumnsLow;

fn h(s: &str) -> Hex {
    Hex::parse(s).expect("hex")
}

fn m(s: &str) -> HexKey {
    HexKey::parse(s, "romans").expect("hex key")
}

/// The 13 vectors of §6.2: (from, to, distance, rule). `M` marks the Macedonians map.
const VECTORS: [(&str, &str, u32, &str); 13] = [
    ("5123", "5019", 4, "Romans 6.24 (Zone-4)"),
    ("5123", "5120", 3, "Romans 6.24 (Zone-3)"),
    ("5529", "5628", 1, "Romans F(13.4), Corinth"),
    ("5529", "5429", 1, "Romans F(13.4)"),
    ("5520", "5521", 1, "Romans F(13.4), Pella"),
    ("5520", "5420", 1, "Romans F(13.4)"),
    ("5521", "5420", 1, "Romans F(13.4), inferred"),
    ("4919", "5019", 1, "Romans 6.24, Antipatreia"),
    ("5019", "5120", 1, "Romans 6.24"),
    ("0404M", "0505M", 1, "Macedonians 5.37 ferry"),
    ("1102M", "1202M", 1, "Macedonians 5.37 ferry"),
    ("3315M", "2913M", 4, "Macedonians 6.24 (Zone-4)"),
    ("3315M", "3014M", 3, "Macedonians 6.24 (Zone-3)"),
];

#[test]
fn romans_6_2_grid_distance_vectors() {
    for (a, b, d, rule) in VECTORS {
        let (a, b) = (h(a.trim_end_matches('M')), h(b.trim_end_matches('M')));
        assert_eq!(a.distance(b, EVEN), d, "{a}-{b} ({rule})");
        assert_eq!(b.distance(a, EVEN), d, "{b}-{a} ({rule})");
    }
}

#[test]
fn romans_6_2_opposite_parity_fails_five_vectors() {
    let failing: Vec<&str> = VECTORS
        .iter()
        .filter(|(a, b, d, _)| {
            let (a, b) = (h(a.trim_end_matches('M')), h(b.trim_end_matches('M')));
            a.distance(b, Convention::OddColumnsLow) != *d
        })
        .map(|(a, b, ..)| if a.ends_with('M') { *b } else { *a })
        .collect();
    assert_eq!(failing.len(), 5, "{failing:?}");
}

#[test]
fn romans_20_21_seam_6120_is_macedonians_0102() {
    let seam = Seam::new("romans", "macedonians", 60, 18).expect("even offset");
    let mac = HexKey {
        map: "macedonians".into(),
        hex: h("0102"),
    };
    assert_eq!(seam.to_base(&mac), Some(h("6120")));
    assert_eq!(seam.distance(&mac, &m("6120"), EVEN), Some(0));
    // The Rhodian arrival hex 6134 (Romans 20.14) is 0116 on The Macedonians.
    let rhodes = HexKey {
        map: "macedonians".into(),
        hex: h("0116"),
    };
    assert_eq!(seam.to_base(&rhodes), Some(h("6134")));
    // Across the seam: 6019 (Romans) touches 0102 (Macedonians) = 6120.
    assert_eq!(seam.distance(&m("6019"), &mac, EVEN), Some(1));
    assert!(
        Seam::new("romans", "macedonians", 61, 18).is_none(),
        "odd offsets do not mesh"
    );
}

#[test]
fn hex_numbers_are_strings_and_maps_keep_them_apart() {
    assert_eq!(h("0507"), Hex::new(5, 7));
    assert_eq!(h("0507").to_string(), "0507");
    assert!(Hex::parse("507").is_err());
    assert!(Hex::parse("05O7").is_err());
    let capua = m("3317");
    let antioch = HexKey {
        map: "macedonians".into(),
        hex: h("3317"),
    };
    assert_ne!(
        capua, antioch,
        "Capua 3317 and Antioch 3317 are different hexes"
    );
    let roma = HexKey::parse("It-3714", "It").expect("prefixed");
    assert_eq!((roma.map.as_str(), roma.hex), ("It", h("3714")));
    assert_eq!(roma.to_string(), "It-3714");
}

#[test]
fn neighbours_follow_the_column_parity() {
    // Odd column: (c, r±1) and rows r-1, r in columns c±1.
    let mut n = h("5123").neighbours(EVEN).to_vec();
    n.sort();
    let mut want: Vec<Hex> = ["5023", "5022", "5122", "5124", "5222", "5223"]
        .map(h)
        .to_vec();
    want.sort();
    assert_eq!(n, want);
    // Even column: rows r, r+1 in columns c±1.
    let mut n = h("5020").neighbours(EVEN).to_vec();
    n.sort();
    let mut want: Vec<Hex> = ["4920", "4921", "5019", "5021", "5120", "5121"]
        .map(h)
        .to_vec();
    want.sort();
    assert_eq!(n, want);
    // Ancient World maps: odd columns lower (AW Carthage: 1317 touches 1218 and 1418).
    let aw = h("1317").neighbours(Convention::OddColumnsLow);
    assert!(aw.contains(&h("1218")) && aw.contains(&h("1418")) && aw.contains(&h("1417")));
}

#[test]
fn hexsides_of_a_hex_and_between_two() {
    let sides = Hexside::of(h("5019"), EVEN);
    assert_eq!(sides.len(), 6);
    let s = Hexside::between(h("5120"), h("5019"), EVEN).expect("neighbours");
    assert_eq!(s.to_string(), "5019/5120");
    assert!(sides.contains(&s));
    assert_eq!(s.other(h("5019")), Some(h("5120")));
    assert!(Hexside::between(h("5123"), h("5019"), EVEN).is_none());
    assert!(matches!(
        Hexside::parse("5120/5019", EVEN),
        Err(HexsideError::Order(_))
    ));
    assert!(matches!(
        Hexside::parse("5019/5123", EVEN),
        Err(HexsideError::NotNeighbours(_))
    ));
    assert!(
        Hexside::parse("0404/0505", EVEN).is_ok(),
        "Macedonians 5.37 ferry hexside"
    );
}

#[test]
fn romans_6_21_zones_within_n() {
    assert_eq!(h("5123").within(0, EVEN), vec![h("5123")]);
    assert_eq!(h("5123").within(1, EVEN).len(), 7);
    assert_eq!(h("5123").within(4, EVEN).len(), 61);
    let zone4 = h("5123").within(4, EVEN);
    assert!(zone4.contains(&h("5019")) && !h("5123").within(3, EVEN).contains(&h("5019")));
    for x in &zone4 {
        assert!(x.distance(h("5123"), EVEN) <= 4);
    }
}

#[test]
fn lines_of_hexes_step_one_hex_at_a_time() {
    let line = h("5123").line(h("5019"), EVEN);
    assert_eq!(line.len(), 5);
    assert_eq!((line[0], line[4]), (h("5123"), h("5019")));
    for w in line.windows(2) {
        assert_eq!(w[0].distance(w[1], EVEN), 1, "{line:?}");
    }
    // Deterministic where the line runs along hexsides.
    assert_eq!(
        h("0101").line(h("0301"), EVEN),
        h("0101").line(h("0301"), EVEN)
    );
    assert_eq!(h("0101").line(h("0101"), EVEN), vec![h("0101")]);
}

/// A small board: a strip of clear hexes with a rough hex, a river and a mountain hexside, a
/// sea hex, and a road.
struct Strip {
    terrain: BTreeMap<Hex, Terrain>,
    sides: BTreeMap<Hexside, Vec<HexsideFeature>>,
    road: Vec<Hex>,
}

impl Board for Strip {
    fn convention(&self) -> Convention {
        EVEN
    }
    fn terrain(&self, x: Hex) -> Option<Terrain> {
        self.terrain.get(&x).copied()
    }
    fn features(&self, s: &Hexside) -> Vec<HexsideFeature> {
        self.sides.get(s).cloned().unwrap_or_default()
    }
    fn roads(&self, a: Hex, b: Hex) -> Vec<String> {
        let joined = self
            .road
            .windows(2)
            .any(|w| (w[0], w[1]) == (a, b) || (w[0], w[1]) == (b, a));
        if joined {
            vec!["roman-road".into()]
        } else {
            vec![]
        }
    }
}

fn romans_costs() -> MoveCosts {
    // Romans [5.35], [5.44], in half movement points.
    MoveCosts {
        per_mp: 2,
        allowance: 40,
        terrain: [
            (Terrain::Clear, 2),
            (Terrain::Rough, 6),
            (Terrain::Desert, 4),
        ]
        .into(),
        hexsides: [
            (
                HexsideFeature::River,
                HexsideCost {
                    extra: 2,
                    ..Default::default()
                },
            ),
            (
                HexsideFeature::Mountain,
                HexsideCost {
                    impassable: true,
                    ..Default::default()
                },
            ),
            (
                HexsideFeature::AllSea,
                HexsideCost {
                    impassable: true,
                    ..Default::default()
                },
            ),
            (
                HexsideFeature::Ferry,
                HexsideCost {
                    opens: vec![HexsideFeature::AllSea],
                    ..Default::default()
                },
            ),
        ]
        .into(),
        roads: [("roman-road".to_string(), 1)].into(),
    }
}

fn strip() -> Strip {
    let mut terrain = BTreeMap::new();
    for c in 1..=6 {
        for r in 1..=3 {
            terrain.insert(Hex::new(c, r), Terrain::Clear);
        }
    }
    terrain.insert(h("0302"), Terrain::Rough);
    terrain.insert(h("0502"), Terrain::Sea);
    let mut sides = BTreeMap::new();
    sides.insert(
        Hexside::between(h("0101"), h("0102"), EVEN).unwrap(),
        vec![HexsideFeature::River],
    );
    sides.insert(
        Hexside::between(h("0202"), h("0203"), EVEN).unwrap(),
        vec![HexsideFeature::Mountain],
    );
    Strip {
        terrain,
        sides,
        road: ["0101", "0201", "0301", "0401"].map(h).to_vec(),
    }
}

#[test]
fn romans_5_35_terrain_and_hexside_costs_from_data() {
    let (b, c) = (strip(), romans_costs());
    assert_eq!(c.step(&b, h("0102"), h("0202")), Ok(2), "clear: 1 MP");
    assert_eq!(c.step(&b, h("0202"), h("0302")), Ok(6), "rough: 3 MP");
    assert_eq!(c.step(&b, h("0101"), h("0102")), Ok(4), "river: +1 MP");
    assert!(matches!(
        c.step(&b, h("0202"), h("0203")),
        Err(StepError::Hexside(_, HexsideFeature::Mountain))
    ));
    assert!(matches!(
        c.step(&b, h("0402"), h("0502")),
        Err(StepError::Terrain(_, Terrain::Sea))
    ));
    assert!(matches!(
        c.step(&b, h("0101"), h("0303")),
        Err(StepError::NotAdjacent(..))
    ));
}

#[test]
fn romans_5_44_road_costs_half_clear_from_a_connected_road_hex() {
    let (b, c) = (strip(), romans_costs());
    assert_eq!(
        c.path_cost(&b, &["0101", "0201", "0301", "0401"].map(h)),
        Ok(3)
    );
    // Entering the road hex 0301 from off the road pays its terrain.
    assert_eq!(c.step(&b, h("0302"), h("0301")), Ok(2));
    let (cost, path) = c
        .cheapest(&b, h("0101"), h("0401"), c.allowance)
        .expect("path");
    assert_eq!((cost, path.len()), (3, 4));
    assert!(
        c.cheapest(&b, h("0101"), h("0502"), c.allowance).is_none(),
        "no land path into the sea"
    );
    assert!(
        c.cheapest(&b, h("0101"), h("0603"), 4).is_none(),
        "beyond the limit"
    );
}
