//! Acceptance tests of the Alexandros data pack (issue 3). Names follow the rule each test pins.
//! Broken packs are built in temp dirs; nothing is written outside them.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use legatus::games::alexandros::data::{self, *};

fn pack_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/alexandros")
}

fn fixture(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/alexandros/overrides")
        .join(name);
    fs::read_to_string(p).expect("fixture")
}

fn pack() -> Pack {
    match data::load_embedded() {
        Ok(p) => p,
        Err(e) => panic!("{e}"),
    }
}

/// A copy of the real pack with `from` replaced by `to` once in `file`.
fn broken_pack(file: &str, from: &str, to: &str) -> tempfile::TempDir {
    support::broken_pack_copy(&pack_dir(), &PACK_FILES, file, from, to)
}

fn check_err(dir: &Path) -> DataError {
    match data::check(dir) {
        Ok(_) => panic!("the broken pack passed the check"),
        Err(e) => e,
    }
}

fn unit<'a>(p: &'a Pack, code: &str) -> &'a Unit {
    p.counters
        .units
        .get(code)
        .unwrap_or_else(|| panic!("no unit {code}"))
}

// ---------------------------------------------------------------- check: real and broken packs

#[test]
fn alexandros_data_check_real_pack_passes() {
    let report = match data::check(&pack_dir()) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let text = report.render();
    assert!(text.contains("OK"), "{text}");
    for f in PACK_FILES {
        assert!(text.contains(f), "report lists {f}");
    }
    assert!(
        text.contains("sourced      tables/raid-size  [Alexandros 14.3]"),
        "{text}"
    );
    assert!(
        text.contains("sourced      tables/unit-replacement-cost/row/wall  [Alexandros 12.5]"),
        "{text}"
    );
    assert!(
        text.contains("provisional  tables/minor-combat-results"),
        "{text}"
    );
    assert!(
        text.contains("sourced      turns/T05/withdrawals/leader/Memnon  [Alexandros 13.2]"),
        "{text}"
    );
    assert!(report.provisional_count() > 0);
    assert_eq!(report.data_hash, data_hash(&pack()));
}

/// The bundled pack's hash is pinned: it seeds every die of the historical fixture and of every
/// game started with it, so a change to the data model (the shared `pack` layer) must leave the
/// canonical bytes exactly as they were.
#[test]
fn alexandros_data_hash_is_pinned() {
    assert_eq!(
        data_hash(&pack()),
        // 0.3: the Supply Attrition Table by army size (7.4) and the map without an
        // "impassable" border (8.2) changed the data on purpose.
        "6a9c567df025fca2f63196c687fd81b0a19cf96f681924b2d5451a6595a101b1"
    );
    // The header's copy of the data reads back to the same pack.
    let value = serde_json::to_value(pack()).expect("json");
    let back: Pack = serde_json::from_value(value).expect("pack from json");
    assert_eq!(back, pack());
}

/// Provenance markings sit beside an item's fields, yet an unknown field inside an item is still
/// refused with its line (the shared `pack::Item` wrapper, no serde `flatten`).
#[test]
fn alexandros_data_unknown_field_inside_marked_item_is_refused() {
    let dir = broken_pack(
        MAP_FILE,
        "    start_control: macedonian\n",
        "    start_control: macedonian\n    sorce: Alexandros 5.2\n",
    );
    match data::check(dir.path()) {
        Err(DataError::Yaml {
            file,
            line,
            message,
            ..
        }) => {
            assert_eq!(file, "map.yaml");
            assert!(line > 0, "{message}");
            assert!(message.contains("sorce"), "{message}");
        }
        other => panic!("expected a YAML error, got {other:?}"),
    }
}

#[test]
fn alexandros_data_embedded_equals_folder() {
    let from_dir = data::load_dir(&pack_dir()).expect("load_dir");
    assert_eq!(from_dir, pack());
    assert_eq!(data_hash(&from_dir), data_hash(&pack()));
    assert_eq!(embedded_files().len(), PACK_FILES.len());
}

#[test]
fn alexandros_8_2_asymmetric_border_is_rejected() {
    // Macedonia no longer lists Hellas, Hellas still lists Macedonia.
    let dir = broken_pack(MAP_FILE, "      Hellas: normal\n", "");
    let e = check_err(dir.path());
    let v = e.violations();
    assert!(
        v.iter().any(|x| x.file == "map.yaml"
            && x.item == "provinces/Hellas"
            && x.rule.contains("8.2")
            && x.message.contains("Macedonia")),
        "{e}"
    );
    assert!(e.to_string().contains("map.yaml: provinces/Hellas"), "{e}");
}

#[test]
fn alexandros_3_3_unit_in_unknown_province_is_rejected() {
    let dir = broken_pack(
        SCENARIO_FILE,
        "dahae: {province: Bactria",
        "dahae: {province: Atlantis",
    );
    let e = check_err(dir.path());
    assert!(
        e.violations().iter().any(|x| x.file == SCENARIO_FILE
            && x.item == "placements/dahae"
            && x.message.contains("unknown province `Atlantis`")),
        "{e}"
    );
}

#[test]
fn alexandros_9_4_table_missing_a_die_value_is_rejected() {
    let dir = broken_pack(TABLES_FILE, "      \"4\": [AL, AL, EX, DL, DL]\n", "");
    let e = check_err(dir.path());
    assert!(
        e.violations().iter().any(|x| x.file == TABLES_FILE
            && x.item == "tables/minor-combat-results"
            && x.message.contains("no row for die value 4")),
        "{e}"
    );
}

#[test]
fn alexandros_9_4_table_row_missing_a_column_is_rejected() {
    let dir = broken_pack(
        TABLES_FILE,
        "      \"4\": [AL, AL, EX, DL, DL]\n",
        "      \"4\": [AL, AL, EX, DL]\n",
    );
    let e = check_err(dir.path());
    assert!(
        e.violations()
            .iter()
            .any(|x| x.item == "tables/minor-combat-results"
                && x.message.contains("row `4` has 4 cells for 5 columns")),
        "{e}"
    );
}

#[test]
fn alexandros_10_11_provisional_crt_must_favour_better_odds() {
    let dir = broken_pack(
        TABLES_FILE,
        "      \"1\": [DL, DL, DL, DL, DL, DL, DL]\n",
        "      \"1\": [DL, AL, DL, DL, DL, DL, DL]\n",
    );
    let e = check_err(dir.path());
    assert!(
        e.violations()
            .iter()
            .any(|x| x.item == "tables/tactical-combat-results" && x.rule.contains("10.11")),
        "{e}"
    );
}

#[test]
fn alexandros_2_3_reduced_side_stronger_than_full_is_rejected() {
    let from = "  phalanx-1:\n    name: \"Phalanx (Perdiccas)\"\n    side: macedonian\n    nationality: macedonian\n    type: heavy-infantry\n    steps: [{attack: 8, defense: 8}, {attack: 7, defense: 7}]";
    let to = "  phalanx-1:\n    name: \"Phalanx (Perdiccas)\"\n    side: macedonian\n    nationality: macedonian\n    type: heavy-infantry\n    steps: [{attack: 8, defense: 8}, {attack: 9, defense: 7}]";
    let dir = broken_pack(COUNTERS_FILE, from, to);
    let e = check_err(dir.path());
    assert!(
        e.violations().iter().any(|x| x.file == COUNTERS_FILE
            && x.item == "units/phalanx-1"
            && x.rule.contains("reduced side")
            && x.message.contains("step 2 is 9-7 but step 1 is 8-8")),
        "{e}"
    );
}

#[test]
fn alexandros_data_yaml_errors_carry_file_line_and_column() {
    let dir = broken_pack(
        MAP_FILE,
        "    start_control: macedonian\n",
        "    start_contrl: macedonian\n",
    );
    match data::check(dir.path()) {
        Err(DataError::Yaml {
            file, line, column, ..
        }) => {
            assert_eq!(file, "map.yaml");
            assert!(line > 0 && column > 0, "{line}:{column}");
        }
        other => panic!("expected a YAML error, got {other:?}"),
    }
}

#[test]
fn alexandros_data_duplicate_keys_are_rejected() {
    let dir = broken_pack(MAP_FILE, "cities:\n", "cities:\n  Tyre:\n    province: Syria\n    coastal: true\n    walls: 0\n    fortifiable: true\n");
    assert!(matches!(
        data::check(dir.path()),
        Err(DataError::Yaml { .. })
    ));
}

#[test]
fn alexandros_data_missing_file_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    assert!(matches!(
        data::check(dir.path()),
        Err(DataError::MissingFile { .. })
    ));
}

// ---------------------------------------------------------------- figures the text states

#[test]
fn alexandros_12_11_phalanx_is_8_8_reduced_7_7() {
    let p = pack();
    let phalanxes: Vec<&Unit> = p
        .counters
        .units
        .iter()
        .filter(|(k, _)| k.starts_with("phalanx-"))
        .map(|(_, u)| u)
        .map(|u| &u.item)
        .collect();
    assert!(phalanxes.len() >= 6);
    for u in phalanxes {
        assert_eq!(
            u.steps,
            vec![
                Step {
                    attack: 8,
                    defense: 8
                },
                Step {
                    attack: 7,
                    defense: 7
                }
            ]
        );
        assert_eq!(u.kind, UnitType::HeavyInfantry);
    }
}

#[test]
fn alexandros_18_hetairoi_with_alexander_defend_at_17() {
    let p = pack();
    let h = unit(&p, "hetairoi");
    let a = &p.counters.leaders["Alexander"];
    assert_eq!(h.full().defense + a.rating, 17);
    assert_eq!(h.kind, UnitType::HeavyCavalry);
    assert_eq!(
        (h.steps.len(), h.counters),
        (4, 2),
        "four steps on two counters (2.3)"
    );
    assert_eq!(
        (
            unit(&p, "hypaspistoi").steps.len(),
            unit(&p, "hypaspistoi").counters
        ),
        (4, 2)
    );
}

#[test]
fn alexandros_18_best_persian_stack_attacks_at_13() {
    let p = pack();
    let persian_side = |s: Side| s == Side::Persian || s == Side::Mercenary;
    let best_unit = p
        .counters
        .units
        .values()
        .filter(|u| persian_side(u.side))
        .map(|u| u.full().attack)
        .max()
        .unwrap();
    // 10.7: two 3-3 cavalry or two 3-2 infantry may pair into one 6-6 / 6-4 unit.
    let best_unit = best_unit.max(6);
    let best_leader = p
        .counters
        .leaders
        .values()
        .filter(|l| l.side == Side::Persian)
        .map(|l| l.rating)
        .max()
        .unwrap();
    assert_eq!(best_unit + best_leader, 13);
    assert_eq!(
        unit(&p, "kinsmen").full().attack + p.counters.leaders["Darius"].rating,
        13
    );
}

#[test]
fn alexandros_3_3_and_10_7_persian_2_1_3_3_3_2() {
    let p = pack();
    let count = |kind: fn(UnitType) -> bool, a: u8, d: u8| {
        p.counters
            .units
            .values()
            .filter(|u| {
                u.nationality == Nationality::Persian
                    && kind(u.kind)
                    && u.steps
                        == vec![Step {
                            attack: a,
                            defense: d,
                        }]
            })
            .count()
    };
    let infantry = |k: UnitType| matches!(k, UnitType::RegularInfantry | UnitType::HeavyInfantry);
    assert!(count(infantry, 2, 1) >= 1, "Persian 2-1 infantry (3.3)");
    assert!(
        count(UnitType::is_cavalry, 3, 3) >= 2,
        "two 3-3 cavalry pair into 6-6 (10.7)"
    );
    assert!(
        count(infantry, 3, 2) >= 2,
        "two 3-2 infantry pair into 6-4 (10.7)"
    );
}

#[test]
fn alexandros_3_3_and_10_13_indian_2_1_infantry_and_4_2_archers() {
    let p = pack();
    let indian = |k: UnitType, a: u8, d: u8| {
        p.counters
            .units
            .values()
            .filter(|u| {
                u.nationality == Nationality::Indian
                    && u.kind == k
                    && u.full()
                        == Step {
                            attack: a,
                            defense: d,
                        }
            })
            .count()
    };
    assert!(
        indian(UnitType::RegularInfantry, 2, 1) >= 4,
        "two in Lower India, two in Gandara (3.3)"
    );
    assert!(
        indian(UnitType::Archer, 4, 2) >= 1,
        "Indian 4-2 archers (10.13)"
    );
}

#[test]
fn alexandros_10_13_missile_strengths_can_miss() {
    for u in pack()
        .counters
        .units
        .values()
        .filter(|u| u.kind.is_missile())
    {
        assert!(
            u.steps.iter().all(|s| (1..=5).contains(&s.attack)),
            "{}",
            u.name
        );
    }
    // The 10.13 example: a 4-2 archer hits the heavy Hetairoi on a 3 (modified to 4).
    assert!(UnitType::HeavyCavalry.is_heavy());
}

#[test]
fn alexandros_3_3_tyre_has_four_walls() {
    let p = pack();
    let tyre = &p.map.cities["Tyre"];
    assert_eq!(
        (tyre.walls, tyre.wall_side),
        (4, Some(map::WallSide::Persian))
    );
    assert_eq!(tyre.province.as_deref(), Some("Syria"));
    assert!(tyre.coastal, "Tyre blocks the Phoenician zone (7.5)");
    assert!(p.map.sea_zones["Phoenician"]
        .fortresses
        .contains(&"Tyre".to_string()));
}

#[test]
fn alexandros_3_2_athens_has_three_macedonian_walls() {
    let p = pack();
    let a = &p.map.cities["Athens"];
    assert_eq!((a.walls, a.wall_side), (3, Some(map::WallSide::Macedonian)));
    assert_eq!(a.province.as_deref(), Some("Hellas"));
}

#[test]
fn alexandros_3_3_starting_walls() {
    let p = pack();
    let expected: &[(&str, u8, &str)] = &[
        ("Athens", 3, "Hellas"),
        ("Tyre", 4, "Syria"),
        ("Sardis", 3, "Ionia"),
        ("Babylon", 1, "Babylonia"),
        ("Susa", 1, "Susiana"),
        ("Ecbatana", 1, "Media"),
        ("Halicarnassus", 1, "Ionia"),
        ("Malli", 1, "Upper India"),
        ("Sogdian Rock", 1, "Sogdiana"),
        ("Aornos", 1, "Gandara"),
    ];
    for (city, walls, prov) in expected {
        let c = &p.map.cities[*city];
        assert_eq!(c.walls, *walls, "{city}");
        assert_eq!(c.province.as_deref(), Some(*prov), "{city}");
    }
    let gaza = &p.map.cities["Gaza"];
    assert_eq!(gaza.walls, 1);
    assert_eq!(gaza.between, vec!["Egypt".to_string(), "Syria".to_string()]);
    assert!(
        p.map.border("Egypt", "Syria").is_some(),
        "Gaza is the Egypt-Syria border (8.2)"
    );
    // Every other city starts unwalled; 15 Persian and 3 Macedonian walls in all.
    let listed: Vec<&str> = expected.iter().map(|e| e.0).chain(["Gaza"]).collect();
    for (name, c) in &p.map.cities {
        if !listed.contains(&name.as_str()) {
            assert_eq!(c.walls, 0, "{name}");
        }
    }
    let total: u32 = p.map.cities.values().map(|c| c.walls as u32).sum();
    assert_eq!(total, 18);
    assert!(!p.map.cities["Temple of Ammon"].fortifiable, "6.4");
}

#[test]
fn alexandros_3_2_objectives_placed() {
    let p = pack();
    let o = &p.map.objectives;
    assert_eq!(o["Royal Family"].leader.as_deref(), Some("Darius"));
    assert_eq!(o["Gordian Knot"].city.as_deref(), Some("Gordium"));
    assert_eq!(p.map.cities["Gordium"].province.as_deref(), Some("Phrygia"));
    assert_eq!(o["Oracle of Ammon"].province.as_deref(), Some("Lybia"));
    assert_eq!(o["Alexandria"].province.as_deref(), Some("Egypt"));
    assert_eq!(o["Roxana"].city.as_deref(), Some("Sogdian Rock"));
    let mut treasuries: Vec<&str> = o
        .values()
        .filter(|x| x.treasury)
        .filter_map(|x| x.city.as_deref())
        .collect();
    treasuries.sort();
    assert_eq!(treasuries, ["Babylon", "Ecbatana", "Persepolis", "Susa"]);
    assert_eq!(o.len(), 11, "9 markers + Darius + Bessus (15.6, 15.7)");
}

#[test]
fn alexandros_3_3_set_up_placements() {
    let p = pack();
    let s = &p.scenario;
    let sardis = &s.placements["persian-levy-01"];
    assert_eq!(
        (sardis.province.as_str(), sardis.city.as_deref()),
        ("Ionia", Some("Sardis"))
    );
    assert_eq!(
        unit(&p, "persian-levy-01").full(),
        Step {
            attack: 2,
            defense: 1
        }
    );
    assert_eq!(s.placements["dahae"].province, "Bactria");
    assert_eq!(s.placements["massagetae"].province, "Sogdiana");
    assert_eq!(unit(&p, "dahae").kind, UnitType::HorseArcher);
    let indians_in = |prov: &str| {
        s.placements
            .iter()
            .filter(|(k, pl)| k.starts_with("indian-infantry") && pl.province == prov)
            .count()
    };
    assert_eq!(indians_in("Lower India"), 2);
    assert_eq!(indians_in("Gandara"), 2);
    assert_eq!(
        s.setup_codes["D"].provinces,
        ["Susiana", "Persis", "Babylonia"]
    );
    assert_eq!(s.setup_codes["M"].provinces, ["Macedonia"]);
    assert_eq!(s.setup_codes["I"].provinces, ["Ionia"]);
    assert_eq!(s.setup_codes["A"].leaders, ["Memnon"]);
    let home: Vec<&Unit> = p
        .counters
        .units
        .values()
        .filter(|u| u.home_army)
        .map(|u| &u.item)
        .collect();
    assert_eq!(home.len(), 6, "Antipater and the six M infantry (8.3)");
}

#[test]
fn alexandros_5_2_provinces_named_in_the_text_exist() {
    let p = pack();
    let named = [
        "Macedonia",
        "Hellas",
        "Thrace",
        "Ionia",
        "Phrygia",
        "Syria",
        "Egypt",
        "Arabia",
        "Lybia",
        "Babylonia",
        "Susiana",
        "Persis",
        "Media",
        "Armenia",
        "Bactria",
        "Sogdiana",
        "Scythia",
        "Chorasmia",
        "Gandara",
        "Upper India",
        "Lower India",
        "Sind",
    ];
    for n in named {
        assert!(p.map.provinces.contains_key(n), "{n}");
    }
    for n in [
        "Cappadocia",
        "Cilicia",
        "Mesopotamia",
        "Parthia",
        "Hyrcania",
        "Aria",
        "Drangiana",
        "Arachosia",
        "Carmania",
        "Gedrosia",
    ] {
        assert!(p.map.provinces.contains_key(n), "{n}");
    }
    for n in ["Scythia", "Chorasmia", "Upper India", "Lower India", "Sind"] {
        assert_eq!(
            p.map.provinces[n].start_control,
            Control::Independent,
            "{n}"
        );
    }
    assert_eq!(
        p.map.provinces["Arabia"].kind,
        ProvinceType::DesertWilderness,
        "8.6 example"
    );
    assert_eq!(
        p.map.border("Thrace", "Ionia"),
        Some(BorderType::Normal),
        "8.2"
    );
}

#[test]
fn alexandros_13_2_memnon_withdrawn_spring_333() {
    let p = pack();
    let (key, turn) = p.turns.find(Season::Spring, "333").expect("Spring 333");
    assert_eq!(key, "T05");
    assert!(turn
        .withdrawals
        .iter()
        .any(|e| e.leader.as_deref() == Some("Memnon") && e.provenance.source.is_some()));
}

#[test]
fn alexandros_16_3_turn_track_runs_46_turns() {
    let p = pack();
    assert_eq!(p.turns.turns.len(), 46);
    let t1 = &p.turns.turns["T01"];
    assert_eq!((t1.season, t1.year.as_str()), (Season::Spring, "334"));
    let t46 = &p.turns.turns["T46"];
    assert_eq!((t46.season, t46.year.as_str()), (Season::Summer, "323"));
    assert!(t46.death_of_alexander);
    assert!(
        !p.turns.turns["T04"].persian_replacements,
        "not Winter 334 (12.1)"
    );
    assert!(
        p.turns.turns["T08"].persian_replacements && p.turns.turns["T08"].macedonian_replacements
    );
    assert!(p.turns.turns.values().any(|t| t.barbarians));
    assert!(p.turns.turns.values().any(|t| t.mutiny_check));
    assert!(p.turns.turns["T10"].spartan_revolt && !p.turns.turns["T07"].spartan_revolt);
    assert_eq!(
        (
            p.scenario.first_turn.as_str(),
            p.scenario.last_turn.as_str()
        ),
        ("T01", "T46")
    );
}

#[test]
fn alexandros_14_3_raid_location_and_size_tables() {
    let p = pack();
    let loc = &p.tables.tables["raid-location"];
    let size = &p.tables.tables["raid-size"];
    let locs: Vec<&str> = (1..=6).map(|d| loc.roll(d, "location").unwrap()).collect();
    assert_eq!(
        locs,
        [
            "no raid",
            "no raid",
            "Scythia",
            "Chorasmia",
            "Sind",
            "Arabia"
        ]
    );
    assert_eq!(loc.roll(6, "units"), Some("arab"));
    let sizes: Vec<&str> = (1..=6).map(|d| size.roll(d, "units").unwrap()).collect();
    assert_eq!(sizes, ["2", "4", "6", "8", "10", "10"]);
    assert_eq!(loc.provenance.source.as_deref(), Some("Alexandros 14.3"));
    assert_eq!(size.provenance.source.as_deref(), Some("Alexandros 14.3"));
}

#[test]
fn alexandros_16_3_victory_schedule() {
    let p = pack();
    let t = &p.tables.tables["victory-schedule"];
    assert_eq!(t.provenance.source.as_deref(), Some("Alexandros 16.3"));
    let expect = [
        ("0-10", "decisive-persian"),
        ("11-15", "marginal-persian"),
        ("16-20", "draw"),
        ("21-25", "marginal-macedonian"),
        ("26+", "decisive-macedonian"),
    ];
    for (band, result) in expect {
        assert_eq!(t.cell(band, "result"), Some(result), "{band}");
    }
    assert_eq!(t.rows.len(), 5);
}

#[test]
fn alexandros_17_5_city_surrender_table() {
    let p = pack();
    let t = &p.tables.tables["city-surrender"];
    assert_eq!(t.provenance.source.as_deref(), Some("Alexandros 17.5"));
    let expect = [
        ("Sardis", "1-5"),
        ("Halicarnassus", "1-2"),
        ("Tyre", "N"),
        ("Gaza", "1"),
        ("Susa", "1-3"),
        ("Ecbatana", "1-4"),
        ("Persepolis", "1-3"),
        ("Pasargadae", "1-3"),
        ("Sogdian Rock", "N"),
        ("Aornos", "1-2"),
        ("Malli", "N"),
        ("Gordium", "1-4"),
        ("Athens", "blank"),
    ];
    for (city, cell) in expect {
        assert_eq!(t.cell(city, "surrenders-on"), Some(cell), "{city}");
    }
    assert_eq!(t.rows.len(), expect.len());
    assert_eq!(tables::die_range("1-5"), Some((1, 5)));
    assert_eq!(tables::die_range("N"), None);
}

#[test]
fn alexandros_9_4_minor_combat_above_4_to_1_is_automatic_de() {
    let p = pack();
    let t = &p.tables.tables["minor-combat-results"];
    assert_eq!(t.columns.last().map(String::as_str), Some("4:1"));
    assert_eq!(t.above_last_column.as_deref(), Some("DE"));
    assert!(
        t.provenance.provisional.is_some(),
        "the matrix is not printed"
    );
}

#[test]
fn alexandros_12_5_and_11_7_wall_and_siege_train_costs() {
    let p = pack();
    let t = &p.tables.tables["unit-replacement-cost"];
    assert_eq!(t.cell("wall", "rp-per-step"), Some("2"));
    assert_eq!(t.cell("siege-train", "rp-per-step"), Some("4"));
    assert_eq!(t.sourced_rows["wall"], "Alexandros 12.5");
}

// ---------------------------------------------------------------- overrides, hash, JSON

#[test]
fn alexandros_data_override_changes_hash_and_provisional_list() {
    let base = pack();
    let base_hash = data_hash(&base);
    let base_prov = provisional_items(&base);
    assert!(base_prov
        .iter()
        .any(|s| s.starts_with("tables/minor-combat-results: provisional (")));
    assert!(base_prov
        .iter()
        .any(|s| s.starts_with("counters/units/phalanx-1: provisional (")));

    let mut merged = base.clone();
    apply_overrides(
        &mut merged,
        "players-table-and-counter.yaml",
        &fixture("players-table-and-counter.yaml"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(data_hash(&merged), base_hash);
    let prov = provisional_items(&merged);
    assert!(!prov
        .iter()
        .any(|s| s.starts_with("tables/minor-combat-results:")));
    assert!(!prov
        .iter()
        .any(|s| s.starts_with("counters/units/phalanx-1:")));
    assert_eq!(prov.len() + 2, base_prov.len());
    let mut sorted = prov.clone();
    sorted.sort();
    assert_eq!(prov, sorted);

    let t = &merged.tables.tables["minor-combat-results"];
    assert_eq!(
        t.provenance.player.as_deref(),
        Some("players-table-and-counter.yaml")
    );
    assert_eq!(t.roll(1, "2:1"), Some("DL"));
    assert_eq!(
        merged.counters.units["phalanx-1"]
            .provenance
            .player
            .as_deref(),
        Some("players-table-and-counter.yaml")
    );
    let report = check_report("merged", &merged).render();
    assert!(
        report
            .contains("player       tables/minor-combat-results  (players-table-and-counter.yaml)"),
        "{report}"
    );

    // The base pack is unaffected.
    assert_eq!(data_hash(&base), base_hash);
    assert_eq!(data_hash(&pack()), base_hash);
    assert_eq!(provisional_items(&pack()), base_prov);
}

#[test]
fn alexandros_data_invalid_override_is_rejected_and_pack_unchanged() {
    let mut p = pack();
    let before = data_hash(&p);
    let e = apply_overrides(
        &mut p,
        "broken-reduced-stronger.yaml",
        &fixture("broken-reduced-stronger.yaml"),
    )
    .expect_err("must be rejected");
    assert!(
        e.violations().iter().any(|v| v.item == "units/phalanx-1"),
        "{e}"
    );
    assert_eq!(data_hash(&p), before);
    let e = apply_overrides(&mut p, "typo.yaml", "unitz: {}\n").expect_err("unknown section");
    assert!(
        matches!(e, DataError::Yaml { ref file, .. } if file == "typo.yaml"),
        "{e}"
    );
}

#[test]
fn alexandros_data_pack_round_trips_through_json_value() {
    let p = pack();
    let v = serde_json::to_value(&p).unwrap();
    let back: Pack = serde_json::from_value(v).unwrap();
    assert_eq!(back, p);
    let mut merged = p.clone();
    apply_overrides(
        &mut merged,
        "o.yaml",
        &fixture("players-table-and-counter.yaml"),
    )
    .unwrap();
    let back: Pack = serde_json::from_value(serde_json::to_value(&merged).unwrap()).unwrap();
    assert_eq!(back, merged);
    assert_eq!(data_hash(&back), data_hash(&merged));
}

#[test]
fn alexandros_data_hash_is_sha256_of_canonical_json() {
    use sha2::{Digest, Sha256};
    let p = pack();
    let h = data_hash(&p);
    assert_eq!(h.len(), 64);
    assert!(h
        .bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
    assert_eq!(h, hex::encode(Sha256::digest(canonical_json(&p))));
    assert_eq!(canonical_json(&p), canonical_json(&pack()));
}

#[test]
fn alexandros_data_json_schema_is_generated() {
    let s = data::json_schema();
    assert!(s.to_string().contains("Province"));
}

#[test]
fn alexandros_data_pack_accessors() {
    let p = pack();
    assert_eq!(p.turn(5).map(|t| t.year.as_str()), Some("333"));
    assert_eq!(p.city("Tyre").map(|c| c.walls), Some(4));
    assert_eq!(
        p.leader("Macedonian 0")
            .map(|l| (l.rating, l.wounded_rating)),
        Some((0, None))
    );
    assert!(p.unit("hetairoi").is_some() && p.table("siege").is_some());
    assert_eq!(
        p.province("Cappadocia").map(|x| x.kind),
        Some(ProvinceType::Mountain)
    );
}

#[test]
fn alexandros_data_item_marked_both_sourced_and_provisional_is_rejected() {
    let dir = broken_pack(
        MAP_FILE,
        "    source: \"Alexandros 3.2, 15.3\"\n",
        "    source: \"Alexandros 3.2, 15.3\"\n    provisional: \"both\"\n",
    );
    let e = check_err(dir.path());
    assert!(
        e.violations()
            .iter()
            .any(|x| x.item == "objectives/Gordian Knot"),
        "{e}"
    );
}

#[test]
fn alexandros_data_load_dir_validates() {
    let dir = broken_pack(MAP_FILE, "      Hellas: normal\n", "");
    assert!(matches!(
        data::load_dir(dir.path()),
        Err(DataError::Invalid(_))
    ));
}

#[test]
fn alexandros_data_check_cli_exit_codes() {
    let run = |dir: &Path| {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = legatus::cli::run(
            &legatus::ruleset::Registry::builtin(),
            ["legatus", "data", "check", &dir.display().to_string()],
            &mut out,
            &mut err,
        );
        (
            code,
            String::from_utf8_lossy(&out).into_owned(),
            String::from_utf8_lossy(&err).into_owned(),
        )
    };
    let (code, out, _) = run(&pack_dir());
    assert_eq!(code, 0);
    assert!(
        out.contains("provisional") && out.contains("sourced"),
        "{out}"
    );
    let broken = broken_pack(MAP_FILE, "      Hellas: normal\n", "");
    let (code, _, err) = run(broken.path());
    assert_eq!(code, 2, "a broken pack exits 2: {err}");
    assert!(err.contains("map.yaml: provinces/Hellas"), "{err}");
}

// ---------------------------------------------------------------- board.yaml (Alexandros 10.4, 10.5)

#[test]
fn alexandros_10_5_board_outflank_capacity_is_checked() {
    let dir = broken_pack(
        BOARD_FILE,
        "kind: outflank, capacity: 4,",
        "kind: outflank, capacity: 5,",
    );
    let e = check_err(dir.path());
    assert!(
        e.violations()
            .iter()
            .any(|v| v.file == BOARD_FILE && v.rule.contains("10.5")),
        "{e}"
    );
}

#[test]
fn alexandros_10_4_board_reserve_arrows_are_checked() {
    let dir = broken_pack(BOARD_FILE, "  - [Reserve, Center]\n", "");
    let e = check_err(dir.path());
    assert!(
        e.violations()
            .iter()
            .any(|v| v.file == BOARD_FILE && v.message.contains("Center")),
        "{e}"
    );
}

#[test]
fn alexandros_10_4_board_is_in_the_pack_and_provisional() {
    let p = pack();
    assert_eq!(p.board.boxes.len(), 7);
    assert!(provisional_items(&p)
        .iter()
        .any(|i| i.starts_with("board/arrows: provisional")));
}

#[test]
fn alexandros_data_check_hash_is_the_hash_a_game_pins() {
    use legatus::ruleset::Ruleset;
    let data = legatus::games::alexandros::Alexandros
        .load_scenario("campaign-334", &[])
        .unwrap();
    let pinned = legatus::protocol::canonical::hash_hex(&data).unwrap();
    assert_eq!(legatus::games::alexandros::data::data_hash(&pack()), pinned);
}

/// Alexandros 12.1: README's sentence on replacement points says what the Turn Record Track
/// (`scenarios/alexandros/turns.yaml`) gives: for each side, the seasons of its replacement turns
/// and the first of them, with every later turn of those seasons giving points too.
#[test]
fn alexandros_12_1_readme_replacement_turns_match_the_turn_track() {
    let p = pack();
    let turns: Vec<&Turn> = (1..=255u8).map_while(|n| p.turn(n)).collect();
    assert!(turns.len() > 40);
    let title = |s: &Season| {
        let s = format!("{s:?}");
        s[..1].to_uppercase() + &s[1..].to_lowercase()
    };
    let readme = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for (side, gets) in [
        (
            "Macedonian",
            (|t: &Turn| t.macedonian_replacements) as fn(&Turn) -> bool,
        ),
        ("Persian", |t: &Turn| t.persian_replacements),
    ] {
        let first = turns.iter().position(|t| gets(t)).unwrap();
        let mut seasons: Vec<Season> = Vec::new();
        for t in &turns[first..] {
            if gets(t) && !seasons.contains(&t.season) {
                seasons.push(t.season);
            }
        }
        for t in &turns[first..] {
            assert_eq!(
                gets(t),
                seasons.contains(&t.season),
                "{side}: {:?} {} breaks the every-season pattern",
                t.season,
                t.year
            );
        }
        let phrase = format!(
            "the {side} every {} from {} {}",
            seasons
                .iter()
                .map(title)
                .collect::<Vec<_>>()
                .join(" and every "),
            title(&turns[first].season),
            turns[first].year
        );
        assert!(readme.contains(&phrase), "README must say {phrase:?}");
    }
}

#[test]
fn alexandros_8_2_a_border_kind_the_rules_do_not_know_is_refused() {
    // 8.2: normal and mountain borders only; an override writing "impassable" is refused and
    // leaves the pack as it was.
    let mut p = pack();
    let before = data_hash(&p);
    let e = apply_overrides(
        &mut p,
        "impassable.yaml",
        "provinces:\n  Aria:\n    type: fertile\n    start_control: persian\n    groups: [empire]\n    borders: {Bactria: normal, Chorasmia: normal, Drangiana: normal, Parthia: mountain, Gandara: impassable}\n    provisional: test\n",
    )
    .expect_err("impassable is no 8.2 border");
    assert!(e.to_string().contains("impassable"), "{e}");
    assert_eq!(data_hash(&p), before);
}

#[test]
fn alexandros_7_4_attrition_columns_must_cover_every_army_size() {
    // 7.4: a player's attrition table may be by type alone or by type and army size, but every
    // size of every type must fall in one column.
    let mut p = pack();
    let e = apply_overrides(
        &mut p,
        "gap.yaml",
        "tables:\n  supply-attrition:\n    title: t\n    rows_by: die\n    columns: [\"rich 1-8\", \"rich 10+\", fertile, mountain, desert-wilderness]\n    rows:\n      \"1\": [\"0\", \"0\", \"0\", \"0\", \"0\"]\n      \"2\": [\"0\", \"0\", \"0\", \"0\", \"0\"]\n      \"3\": [\"0\", \"0\", \"0\", \"0\", \"0\"]\n      \"4\": [\"0\", \"0\", \"0\", \"0\", \"0\"]\n      \"5\": [\"0\", \"0\", \"0\", \"0\", \"1\"]\n      \"6\": [\"0\", \"0\", \"1\", \"1\", \"1\"]\n    source: player\n",
    )
    .expect_err("an army of 9 in a rich province has no column");
    assert!(e.to_string().contains("9 units in a rich province"), "{e}");
    // Size-blind columns (one per type) are accepted and read for every army.
    let mut q = pack();
    apply_overrides(
        &mut q,
        "blind.yaml",
        "tables:\n  supply-attrition:\n    title: t\n    rows_by: die\n    columns: [rich, fertile, mountain, desert-wilderness]\n    rows:\n      \"1\": [\"0\", \"0\", \"0\", \"0\"]\n      \"2\": [\"0\", \"0\", \"0\", \"1\"]\n      \"3\": [\"0\", \"0\", \"1\", \"1\"]\n      \"4\": [\"0\", \"1\", \"1\", \"2\"]\n      \"5\": [\"1\", \"1\", \"2\", \"2\"]\n      \"6\": [\"1\", \"2\", \"2\", \"3\"]\n    source: player\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    use legatus::games::alexandros::supply::attrition_steps;
    assert_eq!(attrition_steps(&q, 6, ProvinceType::DesertWilderness, 4), 3);
    assert_eq!(
        attrition_steps(&q, 6, ProvinceType::DesertWilderness, 30),
        3
    );
}
