//! The Conquerors map data (issue 14 §3): the shared hex-map checks on small hand-written maps
//! (asymmetric hexside, city in the sea, inland port), the map loader, and
//! `legatus data check scenarios/conquerors` on the real pack and on broken copies of it.

mod support;

use std::path::{Path, PathBuf};

use legatus::games::conquerors::data::{self, PACK_FILES, ROMANS_MAP};
use legatus::geo::hexmap::MapFile;
use legatus::geo::hexmap_check::check_map;
use legatus::pack::{parse_yaml, DataError, Findings, Item};

/// A 3×3 map (columns 1–3, rows 1–3): land with a sea hex 0303, a coastal port at 0202.
fn small_map(extra_hexes: &str, hexsides: &str) -> String {
    let mut s = String::from(
        "map: romans\ntitle: Test\nformat: 1\nprovisional: \"hand-written test map\"\n\
         grid: {convention: flat-even-columns-low, columns: {first: 1, last: 3}, rows: {first: 1, last: 3}}\n\
         regions:\n  italy: {name: Italy, kind: country}\nhexes:\n",
    );
    for c in 1..=3 {
        for r in 1..=3 {
            let k = format!("{c:02}{r:02}");
            if extra_hexes.contains(&format!("\"{k}\"")) {
                continue;
            }
            let e = match k.as_str() {
                "0303" => "{terrain: sea}".to_string(),
                "0202" => "{terrain: clear, coastal: true, port: true, city: {name: Ostia, class: D}, regions: [italy]}".to_string(),
                _ => "{terrain: clear, regions: [italy]}".to_string(),
            };
            s.push_str(&format!("  \"{k}\": {e}\n"));
        }
    }
    s.push_str(extra_hexes);
    s.push_str("hexsides:\n");
    s.push_str(if hexsides.is_empty() {
        "  \"0101/0102\": {features: [river]}\n"
    } else {
        hexsides
    });
    s
}

fn violations(text: &str) -> Vec<String> {
    let m: Item<MapFile> = match parse_yaml("maps/romans.yaml", text) {
        Ok(m) => m,
        Err(e) => panic!("{e}"),
    };
    let mut o = Findings::default();
    check_map(&mut o, "maps/romans.yaml", &m);
    o.0.iter().map(|v| v.to_string()).collect()
}

#[test]
fn hex_map_small_map_passes() {
    assert_eq!(violations(&small_map("", "")), Vec::<String>::new());
}

#[test]
fn hex_map_asymmetric_hexside_is_rejected() {
    let v = violations(&small_map(
        "",
        "  \"0101/0102\": {features: [river]}\n  \"0102/0101\": {features: [mountain]}\n",
    ));
    assert!(
        v.iter().any(|x| x.contains("hexsides/0102/0101")
            && x.contains("asymmetric hexside 0101/0102")
            && x.contains("[mountain]")
            && x.contains("[river]")),
        "{v:?}"
    );
}

#[test]
fn romans_13_1_city_in_the_sea_is_rejected() {
    let v = violations(&small_map(
        "  \"0303\": {terrain: sea, city: {name: Atlantis, class: D}}\n",
        "",
    ));
    assert!(
        v.iter().any(|x| x
            .starts_with("maps/romans.yaml: hexes/0303: city Atlantis in a sea hex (in the sea)")),
        "{v:?}"
    );
}

#[test]
fn romans_5_6_inland_port_is_rejected() {
    let v = violations(&small_map("  \"0101\": {terrain: clear, port: true}\n", ""));
    assert!(
        v.iter()
            .any(|x| x.contains("hexes/0101: port in a hex that is not coastal (inland port)")),
        "{v:?}"
    );
}

#[test]
fn hex_map_missing_hex_and_non_neighbour_hexside_are_named() {
    let text = small_map("", "  \"0101/0303\": {features: [river]}\n")
        .replace("  \"0201\": {terrain: clear, regions: [italy]}\n", "");
    let v = violations(&text);
    assert!(
        v.iter()
            .any(|x| x.contains("1 hex(es) of the grid missing: 0201")),
        "{v:?}"
    );
    assert!(
        v.iter()
            .any(|x| x.contains("hexsides/0101/0303") && x.contains("not neighbours")),
        "{v:?}"
    );
}

#[test]
fn hex_map_unknown_field_is_refused_with_its_line() {
    let text = small_map("", "").replace("{terrain: sea}", "{terrain: sea, coastel: true}");
    match parse_yaml::<Item<MapFile>>("maps/romans.yaml", &text) {
        Err(DataError::Yaml { line, message, .. }) => {
            assert!(line > 0 && message.contains("coastel"), "{line}: {message}")
        }
        other => panic!("expected a YAML error, got {other:?}"),
    }
}

// ---------------------------------------------------------------- the real pack, through the CLI

fn pack_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/conquerors")
}

fn run(dir: &Path) -> (i32, String, String) {
    let r = support::cli(&["data", "check", &dir.display().to_string()]);
    (r.code, r.out, r.err)
}

/// A copy of the real pack with `from` replaced by `to` once in `file`.
fn broken_pack(file: &str, from: &str, to: &str) -> tempfile::TempDir {
    support::broken_pack_copy(&pack_dir(), &PACK_FILES, file, from, to)
}

#[test]
fn conquerors_data_check_passes_and_lists_provisional() {
    let (code, out, err) = run(&pack_dir());
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("Conquerors data pack"), "{out}");
    assert!(
        out.contains("maps/romans.yaml (provisional: generated by tools/mapgen"),
        "{out}"
    );
    assert!(out.contains("provisional  maps/romans/hexes ("), "{out}");
    assert!(
        out.contains("sourced      places/romans/2914 Roma"),
        "{out}"
    );
    let pack = data::load_dir(&pack_dir()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pack.maps.len(), 2);
}

#[test]
fn romans_6_24_example_path_is_passable() {
    let pack = data::load_dir(&pack_dir()).unwrap_or_else(|e| panic!("{e}"));
    let m = pack.map_for("romans", "romans").expect("map");
    let c = pack.costs("romans").expect("costs");
    let path = ["4919", "5019", "5120"].map(|h| legatus::geo::Hex::parse(h).unwrap());
    let cost = c.path_cost(&m, &path).unwrap_or_else(|e| panic!("{e}"));
    assert!(cost <= c.allowance, "{cost}");
}

#[test]
fn romans_follow_up_macedonians_0117_0131_are_coastal_in_the_romans() {
    let pack = data::load_dir(&pack_dir()).unwrap_or_else(|e| panic!("{e}"));
    let m = pack.map_for("macedonians", "romans").expect("map");
    for r in 17..=31 {
        assert!(
            m.hex(legatus::geo::Hex::new(1, r))
                .is_some_and(|e| e.coastal),
            "01{r}"
        );
    }
}

#[test]
fn conquerors_data_check_broken_maps_exit_2_with_a_precise_message() {
    // Roma into the sea.
    let dir = broken_pack(
        ROMANS_MAP,
        "\"2914\": {terrain: clear",
        "\"2914\": {terrain: sea",
    );
    let (code, _, err) = run(dir.path());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("maps/romans.yaml: hexes/2914: city Roma in a sea hex (in the sea)"),
        "{err}"
    );
    // An inland port.
    let dir = broken_pack(
        ROMANS_MAP,
        "\"2203\": {terrain: clear,",
        "\"2203\": {terrain: clear, port: true,",
    );
    let (code, _, err) = run(dir.path());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "maps/romans.yaml: hexes/2203: port in a hex that is not coastal (inland port)"
        ),
        "{err}"
    );
    // The same hexside written from its other hex with other features.
    let dir = broken_pack(
        ROMANS_MAP,
        "hexsides:\n",
        "hexsides:\n  \"3526/3425\": {features: [all-sea]}\n",
    );
    let (code, _, err) = run(dir.path());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("maps/romans.yaml: hexsides/3526/3425: asymmetric hexside 3425/3526: `3526/3425` says [all-sea] but `3425/3526` says [all-sea, ferry]"),
        "{err}"
    );
}

#[test]
fn data_check_and_map_by_pack_name_use_the_pack_compiled_into_legatus() {
    // A player with only the binary: no scenarios/ folder where he stands.
    let tmp = tempfile::tempdir().unwrap();
    let missing = tmp.path().join("scenarios/conquerors");
    let by_path = support::cli(&["data", "check", &missing.display().to_string()]);
    assert_eq!(by_path.code, 0, "{}{}", by_path.out, by_path.err);
    assert!(
        by_path.out.contains("compiled into this legatus"),
        "{}",
        by_path.out
    );
    assert!(by_path.out.contains("provisional"), "{}", by_path.out);
    let by_name = support::cli(&["data", "check", "alexandros"]);
    assert_eq!(by_name.code, 0, "{}{}", by_name.out, by_name.err);
    assert!(by_name.out.contains("provisional"), "{}", by_name.out);
    let svg = tmp.path().join("romans.svg");
    let drawn = support::cli(&[
        "data",
        "map",
        "conquerors",
        "--map",
        "romans",
        "--svg",
        &svg.display().to_string(),
    ]);
    assert_eq!(drawn.code, 0, "{}{}", drawn.out, drawn.err);
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    // A name that is neither a folder nor a pack says which packs there are.
    let wrong = support::cli(&["data", "check", "romanz"]);
    assert_ne!(wrong.code, 0);
    assert!(
        wrong.err.contains("alexandros, conquerors"),
        "{}",
        wrong.err
    );
}

/// A release build loads the embedded pack without checking it again in every process
/// (`data::load_embedded`): the pack as compiled in must pass every check here.
#[test]
fn conquerors_embedded_pack_passes_its_checks() {
    let pack = data::load_embedded().expect("the embedded pack loads");
    let found: Vec<String> = data::validate(&pack)
        .iter()
        .map(|v| v.to_string())
        .collect();
    assert_eq!(found, Vec::<String>::new());
}
