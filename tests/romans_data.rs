//! The Romans data pack (`scenarios/conquerors/romans/`, issue 15 groundwork): every file parses
//! with the project's YAML options, tables are complete for every roll and column, the printed
//! cells are as the rulebook prints them, the reconstructed cells obey the constraints the text
//! states (PROVENANCE.md), provenance is never doubled, identifiers are strings, and every
//! reference of the scenarios resolves. The rules engine comes later; these tests pin the data.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use legatus::protocol::log::yaml_options;
use serde_json::Value;

const FILES: [&str; 7] = [
    "tables.yaml",
    "counters.yaml",
    "movement.yaml",
    "numbers.yaml",
    "turns.yaml",
    "scenario-second-macedonian-war.yaml",
    "scenario-syrian-war.yaml",
];

fn pack_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/conquerors/romans")
}

fn load(name: &str) -> Value {
    let path = pack_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_saphyr::from_str_with_options::<Value>(&text, yaml_options())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn table(name: &str) -> Value {
    load("tables.yaml")["tables"][name].clone()
}

fn strs(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not a list: {v}"))
        .iter()
        .map(|c| {
            c.as_str()
                .unwrap_or_else(|| panic!("not a string: {c}"))
                .to_string()
        })
        .collect()
}

fn row(t: &Value, r: &str) -> Vec<String> {
    strs(&t["rows"][r])
}

/// Expected die totals of a table: die → 1..=6, two-dice → 2..=12, modified-die → the rows present,
/// which must be contiguous and include 1..=6.
fn die_rows(t: &Value) -> Vec<i64> {
    let keys: Vec<i64> = t["rows"]
        .as_object()
        .expect("rows")
        .keys()
        .map(|k| {
            k.parse()
                .unwrap_or_else(|_| panic!("row key {k} is not a die total"))
        })
        .collect();
    match t["rows_by"].as_str() {
        Some("die") => (1..=6).collect(),
        Some("two-dice") => (2..=12).collect(),
        Some("modified-die") => {
            let (lo, hi) = (*keys.iter().min().unwrap(), *keys.iter().max().unwrap());
            assert!(lo <= 1 && hi >= 6, "modified rows must cover 1-6");
            (lo..=hi).collect()
        }
        other => panic!("not a die table: {other:?}"),
    }
}

#[test]
fn romans_data_every_file_parses() {
    for f in FILES {
        assert!(load(f).is_object(), "{f} is not a mapping");
    }
}

#[test]
fn romans_tables_complete_for_every_roll_and_column() {
    let tables = load("tables.yaml")["tables"].clone();
    for (name, t) in tables.as_object().unwrap() {
        let cols = strs(&t["columns"]);
        let results: BTreeSet<String> = t
            .get("results")
            .map(strs)
            .unwrap_or_default()
            .into_iter()
            .collect();
        if ["die", "two-dice", "modified-die"].contains(&t["rows_by"].as_str().unwrap()) {
            let want: BTreeSet<String> = die_rows(t).iter().map(|d| d.to_string()).collect();
            let have: BTreeSet<String> = t["rows"].as_object().unwrap().keys().cloned().collect();
            assert_eq!(want, have, "{name}: rows must be every die total");
        }
        for (r, cells) in t["rows"].as_object().unwrap() {
            let cells = strs(cells);
            assert_eq!(
                cells.len(),
                cols.len(),
                "{name} row {r}: one cell per column"
            );
            for c in &cells {
                assert!(
                    results.is_empty() || results.contains(c),
                    "{name} row {r}: {c} not in results"
                );
            }
        }
        for key in t
            .get("sourced_cells")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(k, _)| k)
        {
            let (r, c) = key
                .split_once('/')
                .unwrap_or_else(|| panic!("{name}: bad cell key {key}"));
            assert!(
                t["rows"].get(r).is_some() && cols.iter().any(|x| x == c),
                "{name}: {key} names no cell"
            );
        }
        for r in t
            .get("sourced_rows")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(k, _)| k)
        {
            assert!(
                t["rows"].get(r).is_some(),
                "{name}: sourced row {r} missing"
            );
        }
        assert!(
            t.get("source").is_some() != t.get("provisional").is_some(),
            "{name}: exactly one of source/provisional"
        );
    }
}

#[test]
fn romans_9_9_strategic_crt_printed_rows_as_printed() {
    let t = table("strategic-crt");
    assert_eq!(row(&t, "2"), ["1", "2x", "-", "-", "-", "1", "1", "2"]);
    assert_eq!(row(&t, "3"), ["1", "1", "1x", "2", "2", "2", "-", "2"]);
    assert_eq!(row(&t, "4")[..4], ["-", "-", "1", "-"]);
    // 8.52: a 9 at 2-1 carries a loss and the commander check.
    let nine = &row(&t, "9")[4];
    assert!(nine.ends_with('x') && nine.len() > 1, "9 at 2-1 is {nine}");
}

#[test]
fn romans_9_9_strategic_crt_expected_losses_rise_with_odds() {
    let t = table("strategic-crt");
    let value = |c: &str| match c.trim_end_matches('x') {
        "-" => 0,
        n => n.parse::<i64>().unwrap(),
    };
    // Expected loss inflicted per exchange, in 36ths (2d6 frequencies).
    let mean = |col: usize| -> i64 {
        (2..=12)
            .map(|r: i64| (6 - (r - 7).abs()) * value(&row(&t, &r.to_string())[col]))
            .sum()
    };
    let means: Vec<i64> = (0..8).map(mean).collect();
    assert!(
        means.windows(2).all(|w| w[0] < w[1]),
        "8.31: a column to the right must be better: {means:?}"
    );
}

#[test]
fn romans_11_5_naval_crt_printed_cells_and_monotone() {
    let t = table("naval-crt");
    assert_eq!(
        row(&t, "1"),
        ["Ae/-", "A4/-", "A4/-", "A3/-", "A2/D2", "A1/D2"]
    );
    assert_eq!(
        row(&t, "2"),
        ["Ae/-", "A4/-", "A3/D1", "A2/D1", "A1/D3", "A1/D3"]
    );
    assert_eq!(row(&t, "0")[2..], ["Ae/D1", "A5/D1", "A4/D1", "A2/D1"]);
    assert_eq!(row(&t, "3")[..2], ["A5/D1", "A4/D1"]);
    assert_eq!(
        row(&t, "5")[2],
        "A2/D4",
        "11.22: a 5 at 1-1 costs A2 and D4"
    );
    let steps = |s: &str| match s {
        "-" => 0,
        "e" => 99,
        n => n.parse::<i64>().unwrap(),
    };
    let split = |c: &str| {
        let (a, d) = c.split_once('/').unwrap();
        (
            steps(a.trim_start_matches('A')),
            steps(d.trim_start_matches('D')),
        )
    };
    // From row 1 down (row 0 is printed irregular), attacker losses never rise and defender
    // losses never fall, down a column and across a row.
    for r in 1..=7 {
        let cells: Vec<(i64, i64)> = row(&t, &r.to_string()).iter().map(|c| split(c)).collect();
        for w in cells.windows(2) {
            assert!(
                w[1].0 <= w[0].0 && w[1].1 >= w[0].1,
                "row {r} across: {cells:?}"
            );
        }
        if r > 1 {
            let above: Vec<(i64, i64)> = row(&t, &(r - 1).to_string())
                .iter()
                .map(|c| split(c))
                .collect();
            for (a, b) in above.iter().zip(&cells) {
                assert!(
                    b.0 <= a.0 && b.1 >= a.1,
                    "row {r} down: {above:?} -> {cells:?}"
                );
            }
        }
    }
}

#[test]
fn romans_5_86_forced_march_printed_rows_and_ratings_never_hurt() {
    let t = table("forced-march-attrition");
    assert_eq!(row(&t, "1"), ["0"; 8]);
    assert_eq!(row(&t, "2"), ["1", "0", "1", "0", "1", "0", "0", "1"]);
    assert_eq!(row(&t, "3")[..3], ["1", "1", "1"]);
    let cols = strs(&t["columns"]);
    let fm = load("tables.yaml")["forced-march-columns"].clone();
    let key = |c: &str| {
        let k = &fm["column_key"][c];
        (
            k["rating"].as_i64().unwrap(),
            k["extra_hexes"].as_i64().unwrap(),
        )
    };
    for r in 1..=6 {
        let cells: Vec<i64> = row(&t, &r.to_string())
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        for (i, a) in cols.iter().enumerate() {
            for (j, b) in cols.iter().enumerate() {
                let ((ra, ha), (rb, hb)) = (key(a), key(b));
                if ha == hb && rb > ra {
                    assert!(
                        cells[j] <= cells[i],
                        "row {r}: a better rating lost more ({a} vs {b})"
                    );
                }
                if ra == rb && hb > ha {
                    assert!(
                        cells[j] >= cells[i],
                        "row {r}: more hexes lost less ({a} vs {b})"
                    );
                }
            }
            if r > 1 {
                let above: i64 = row(&t, &(r - 1).to_string())[i].parse().unwrap();
                assert!(cells[i] >= above, "row {r} {a}: losses fell with the roll");
            }
        }
    }
    // 5.85: rating 1 may not force march; the corrected header gives the limits 1, 2, 2, 3.
    assert_eq!(fm["max_extra_hexes"]["1"], 0);
    assert_eq!(fm["max_extra_hexes"]["5"], 3);
}

#[test]
fn romans_13_3_siege_printed_rows_and_high_rolls_favour_the_attacker() {
    let t = table("siege");
    assert_eq!(row(&t, "1"), ["NO"; 4]);
    assert_eq!(row(&t, "2"), ["NO", "NO", "NO", "*"]);
    assert_eq!(row(&t, "3")[..2], ["NO", "NO"]);
    let rank = |c: &str| ["NO", "*", "YES"].iter().position(|x| *x == c).unwrap();
    for r in 2..=6 {
        let (above, now) = (row(&t, &(r - 1).to_string()), row(&t, &r.to_string()));
        for i in 0..4 {
            assert!(rank(&now[i]) >= rank(&above[i]), "siege row {r} column {i}");
            if i > 0 {
                assert!(
                    rank(&now[i]) >= rank(&now[i - 1]),
                    "siege row {r}: a weaker class held better"
                );
            }
        }
    }
    assert!(
        !row(&t, "6")[0].eq("YES"),
        "19.15: Roma (A) never falls outright"
    );
    let p = table("plunder");
    assert_eq!(row(&p, "1"), ["2", "1", "1", "0"]);
    assert_eq!(row(&p, "2"), ["3", "2", "1", "1"]);
    assert_eq!(row(&p, "3")[..2], ["5", "3"]);
}

#[test]
fn romans_16_27_revolt_printed_rows_and_low_rolls_favour_the_revolt() {
    let t = table("revolt");
    assert_eq!(row(&t, "1"), ["NO", "YES", "YES", "YES", "YES", "YES"]);
    assert_eq!(row(&t, "3"), ["NO", "NO", "YES", "YES", "YES", "YES"]);
    assert_eq!(row(&t, "4")[..3], ["NO", "NO", "NO"]);
    for r in 2..=7 {
        let (above, now) = (row(&t, &(r - 1).to_string()), row(&t, &r.to_string()));
        for i in 0..6 {
            assert!(
                !(now[i] == "YES" && above[i] == "NO"),
                "revolt row {r}: a higher roll did better"
            );
            assert!(
                i == 0 || !(now[i] == "NO" && now[i - 1] == "YES"),
                "revolt row {r}: better odds did worse"
            );
        }
    }
}

#[test]
fn romans_18_32_augury_printed_events_and_reconstructed_praetor() {
    let t = table("augury");
    let events = load("tables.yaml")["augury-events"].clone();
    for r in 2..=12 {
        let id = &row(&t, &r.to_string())[0];
        assert!(events.get(id).is_some(), "augury {r}: no event {id}");
    }
    // Errata 18.32: items 2, 10 and 11 bring a newly chosen (extra) praetor.
    for r in ["2", "10", "11"] {
        let id = &row(&t, r)[0];
        assert_eq!(events[id]["extra_praetor"], true, "augury {r}");
    }
}

fn walk<'a>(v: &'a Value, path: String, out: &mut Vec<(String, &'a Value)>) {
    out.push((path.clone(), v));
    match v {
        Value::Object(m) => m
            .iter()
            .for_each(|(k, x)| walk(x, format!("{path}/{k}"), out)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| walk(x, format!("{path}/{i}"), out)),
        _ => {}
    }
}

#[test]
fn romans_provenance_is_source_or_provisional_never_both() {
    for f in FILES {
        let v = load(f);
        let mut all = Vec::new();
        walk(&v, f.to_string(), &mut all);
        for (path, x) in all {
            if let Value::Object(m) = x {
                assert!(
                    !(m.contains_key("source") && m.contains_key("provisional")),
                    "{path}: both"
                );
            }
        }
        assert!(
            v.get("source").is_some() || v.get("provisional").is_some(),
            "{f}: no file provenance"
        );
    }
}

#[test]
fn romans_identifiers_are_strings() {
    let four_digits = |s: &str| s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit());
    for f in FILES {
        let v = load(f);
        let mut all = Vec::new();
        walk(&v, f.to_string(), &mut all);
        for (path, x) in all {
            let last = path.rsplit('/').next().unwrap();
            match last {
                "hex" => {
                    let s = x
                        .as_str()
                        .unwrap_or_else(|| panic!("{path}: hex {x} is not a string"));
                    assert!(four_digits(s), "{path}: {s} is not a CCRR hex");
                }
                "turn"
                | "year"
                | "after_turn"
                | "until_year"
                | "consular_year"
                | "consular_year_begins" => {
                    assert!(x.is_string(), "{path}: {x} is not a string");
                }
                _ => {}
            }
        }
    }
}

#[test]
fn romans_20_13_20_24_twenty_six_game_turns_and_march_is_turn_three() {
    let t = load("turns.yaml");
    for (id, s) in t["scenarios"].as_object().unwrap() {
        let track = s["track"].as_array().unwrap();
        let turns: Vec<&Value> = track.iter().filter(|e| e.get("turn").is_some()).collect();
        assert_eq!(turns.len(), 26, "{id}");
        assert_eq!(
            track.len() - turns.len(),
            3,
            "{id}: a Winter after each October but the last"
        );
        assert_eq!(turns[0]["month"], "september");
        assert_eq!(turns[2]["turn"], "3");
        assert_eq!(
            turns[2]["month"], "march",
            "20.14: March of the second year is turn three"
        );
        assert_eq!(turns[25]["month"], "october");
    }
}

/// Every id a scenario uses exists in counters.yaml / tables.yaml / turns.yaml.
#[test]
fn romans_20_scenario_references_resolve() {
    let c = load("counters.yaml");
    let tables = load("tables.yaml")["tables"].clone();
    let turns = load("turns.yaml");
    let legions = strs(&c["legion"]["numerals"]);
    for f in [
        "scenario-second-macedonian-war.yaml",
        "scenario-syrian-war.yaml",
    ] {
        let s = load(f);
        assert!(
            turns["scenarios"]
                .get(s["turns"].as_str().unwrap())
                .is_some(),
            "{f}: turns"
        );
        let mut all = Vec::new();
        walk(&s, f.to_string(), &mut all);
        for (path, x) in all {
            let last = path.rsplit('/').next().unwrap();
            if last == "type" {
                assert!(
                    c["unit-types"].get(x.as_str().unwrap()).is_some(),
                    "{path}: unit type {x}"
                );
            }
            if path.ends_with("/commanders")
                || path.ends_with("/commanders_only")
                || path.ends_with("blind_commanders/from")
            {
                for id in strs(x) {
                    assert!(c["commanders"].get(&id).is_some(), "{path}: commander {id}");
                }
            }
            if last == "commander" {
                assert!(
                    c["commanders"].get(x.as_str().unwrap()).is_some(),
                    "{path}: {x}"
                );
            }
            if last == "consul" {
                assert!(
                    c["roman-pools"]["consuls"]["counters"]
                        .get(x.as_str().unwrap())
                        .is_some(),
                    "{path}: {x}"
                );
            }
            if last == "pool" {
                assert!(
                    c["roman-pools"].get(x.as_str().unwrap()).is_some(),
                    "{path}: {x}"
                );
            }
            if last == "legions" {
                for l in strs(x) {
                    assert!(legions.contains(&l), "{path}: legion {l}");
                }
            }
            if last == "random_arrival_table" {
                assert!(tables.get(x.as_str().unwrap()).is_some(), "{path}: {x}");
            }
            if last == "nation" {
                assert!(
                    c["nations"].get(x.as_str().unwrap()).is_some(),
                    "{path}: {x}"
                );
            }
        }
        for (ally, _) in s["allies"].as_object().unwrap() {
            let nation = s["allies"][ally]
                .get("nation")
                .and_then(Value::as_str)
                .unwrap_or(ally);
            assert!(c["nations"].get(nation).is_some(), "{f}: ally {ally}");
        }
    }
}

/// The set-ups' SSP: units × their type's SSP, legions 22 (odd) / 24 (even) (3.4, 3.21).
fn ssp(c: &Value, placement: &Value) -> i64 {
    let units: i64 = placement
        .get("units")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|u| {
            u["count"].as_i64().unwrap()
                * c["unit-types"][u["type"].as_str().unwrap()]["ssp"]
                    .as_i64()
                    .unwrap()
        })
        .sum();
    let numerals = strs(&c["legion"]["numerals"]);
    let legions: i64 = placement
        .get("legions")
        .map(strs)
        .unwrap_or_default()
        .iter()
        .map(|l| {
            let n = numerals.iter().position(|x| x == l).unwrap() + 1;
            c["legion"]["ssp"][if n % 2 == 0 { "even" } else { "odd" }]
                .as_i64()
                .unwrap()
        })
        .sum();
    units + legions
}

#[test]
fn romans_20_11_20_22_setup_strengths() {
    let c = load("counters.yaml");
    let two = load("scenario-second-macedonian-war.yaml");
    let mac: Vec<i64> = two["setup"]["macedon"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| ssp(&c, p))
        .collect();
    assert_eq!(
        mac,
        [26, 14, 6, 8, 21, 6],
        "20.11 and follow-up 20.11 (Chalcis)"
    );
    let rome: Vec<i64> = two["setup"]["rome"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| ssp(&c, p))
        .collect();
    assert_eq!(rome, [46, 22, 0, 24, 22, 0, 2, 8]);
    let syr = load("scenario-syrian-war.yaml");
    let syria: Vec<i64> = syr["setup"]["syria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| ssp(&c, p))
        .collect();
    assert_eq!(syria, [32, 16, 48, 0, 0, 10], "20.22");
    // Follow-up: the third-player Macedon brings about half the 20.1 army (81 SSP).
    let third: i64 = syr["setup"]["macedon"]["placements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| ssp(&c, p))
        .sum();
    assert_eq!(third, 40);
}

#[test]
fn romans_17_3_counter_mix_holds_every_setup() {
    let c = load("counters.yaml");
    let mix = &c["counter-mix"];
    let two = load("scenario-second-macedonian-war.yaml");
    let syr = load("scenario-syrian-war.yaml");
    let sides = [
        ("macedon", two["setup"]["macedon"].clone()),
        ("syria", syr["setup"]["syria"].clone()),
        ("macedon", syr["setup"]["macedon"]["placements"].clone()),
        ("rome", two["setup"]["rome"].clone()),
        ("rome", syr["setup"]["rome"].clone()),
    ];
    for (nation, placements) in sides {
        let mut count = std::collections::BTreeMap::<String, i64>::new();
        for p in placements.as_array().unwrap() {
            for u in p
                .get("units")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                *count
                    .entry(u["type"].as_str().unwrap().to_string())
                    .or_default() += u["count"].as_i64().unwrap();
            }
            for key in ["squadrons", "half_squadrons"] {
                for (k, n) in p.get(key).and_then(Value::as_object).into_iter().flatten() {
                    *count.entry(format!("squadron-{k}")).or_default() += n.as_i64().unwrap();
                }
            }
        }
        for (kind, n) in count {
            let limit = match kind.strip_prefix("squadron-") {
                Some(k) => &mix[nation]["squadrons"][k],
                None => &mix[nation]["land"][&kind],
            };
            let limit = limit
                .as_i64()
                .unwrap_or_else(|| panic!("{nation}: no counter mix for {kind}"));
            assert!(
                n <= limit,
                "{nation}: {n} {kind} set up, counter mix {limit}"
            );
        }
    }
}
