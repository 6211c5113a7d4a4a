//! The Romans data pack (`scenarios/conquerors/romans/`, issue 15 groundwork): every file parses
//! with the project's YAML options, tables are complete for every roll and column, the printed
//! cells are as the rulebook prints them, the reconstructed cells obey the constraints the text
//! states (PROVENANCE.md), provenance is never doubled, identifiers are strings, and every
//! reference of the scenarios resolves. The rules engine comes later; these tests pin the data.
//! `loader.rs`: the typed loader and its checks (completeness, references, places), on the real
//! pack and on broken copies; `tables.rs`: what the printed and reconstructed cells must obey;
//! `scenarios.rs`: set-up strengths, the counter mix, the turn track; `maps.rs`: places the
//! loader does not type yet (Syrian War map rules, Augury destinations) against the maps.

mod loader;
mod maps;
mod scenarios;
mod tables;

use std::path::{Path, PathBuf};

use legatus::protocol::log::yaml_options;
use serde_json::Value;

pub(crate) const FILES: [&str; 7] = [
    "tables.yaml",
    "counters.yaml",
    "movement.yaml",
    "numbers.yaml",
    "turns.yaml",
    "scenario-second-macedonian-war.yaml",
    "scenario-syrian-war.yaml",
];

pub(crate) fn pack_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/conquerors/romans")
}

pub(crate) fn load(name: &str) -> Value {
    let path = pack_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_saphyr::from_str_with_options::<Value>(&text, yaml_options())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub(crate) fn table(name: &str) -> Value {
    load("tables.yaml")["tables"][name].clone()
}

pub(crate) fn strs(v: &Value) -> Vec<String> {
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

pub(crate) fn row(t: &Value, r: &str) -> Vec<String> {
    strs(&t["rows"][r])
}

pub(crate) fn walk<'a>(v: &'a Value, path: String, out: &mut Vec<(String, &'a Value)>) {
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
