//! The Macedonians data pack (`scenarios/conquerors/macedonians/`): every file parses with the
//! project's YAML options and its typed loader, every table is complete for every roll, the
//! printed cells are as our text prints them, the reconstructed cells obey every constraint the
//! text states (PROVENANCE.md), provenance is never doubled, identifiers stay strings, and every
//! reference resolves against the counters and the Macedonians map.
//! `tables.rs`: printed cells and constraints; `loader.rs`: the loader and its checks on the
//! real pack and on broken copies, `legatus data check`; `references.rs`: counters, set-up,
//! turn track and places against the text and the map.

mod loader;
mod references;
mod tables;

use std::path::{Path, PathBuf};

use legatus::games::conquerors::data as maps;
use legatus::games::conquerors::macedonians::data::{self, model::MTable, Pack, PACK_FILES};
use legatus::protocol::log::yaml_options;
use serde_json::Value;

pub(crate) fn pack_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/conquerors/macedonians")
}

pub(crate) fn pack() -> Pack {
    data::read_dir(&pack_dir()).unwrap_or_else(|e| panic!("{e}"))
}

pub(crate) fn conquerors() -> maps::Pack {
    maps::load_dir(&pack_dir().join("..")).unwrap_or_else(|e| panic!("{e}"))
}

pub(crate) fn table(name: &str) -> MTable {
    pack()
        .table(name)
        .unwrap_or_else(|| panic!("no table {name}"))
        .clone()
}

pub(crate) fn row(t: &MTable, r: &str) -> Vec<String> {
    t.rows
        .get(r)
        .unwrap_or_else(|| panic!("no row {r} in {}", t.title))
        .clone()
}

fn raw(name: &str) -> Value {
    let path = pack_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_saphyr::from_str_with_options::<Value>(&text, yaml_options())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
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
fn macedonians_provenance_is_source_or_provisional_never_both() {
    for f in PACK_FILES {
        let v = raw(f);
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
fn macedonians_identifiers_are_strings() {
    let four_digits = |s: &str| s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit());
    for f in PACK_FILES {
        let v = raw(f);
        let mut all = Vec::new();
        walk(&v, f.to_string(), &mut all);
        for (path, x) in all {
            let last = path.rsplit('/').next().unwrap();
            let parent = path.rsplit_once('/').map(|x| x.0).unwrap_or_default();
            match last {
                _ if path.contains("/sourced_cells/") => {}
                "hex" => {
                    let s = x
                        .as_str()
                        .unwrap_or_else(|| panic!("{path}: {x} is not a string"));
                    assert!(four_digits(s), "{path}: {s} is not a CCRR hex");
                }
                "turn" | "year" | "not_before" => {
                    assert!(x.is_string(), "{path}: {x} is not a string")
                }
                _ if parent.ends_with("entry_hexes") => {
                    assert!(x.as_str().is_some_and(four_digits), "{path}: {x}")
                }
                _ => {}
            }
        }
    }
    // Every table cell and row key is a string, never a number YAML read itself.
    let t = raw("tables.yaml");
    for (name, tab) in t["tables"].as_object().unwrap() {
        for (r, cells) in tab["rows"].as_object().unwrap() {
            for c in cells.as_array().unwrap() {
                assert!(c.is_string(), "tables/{name}/{r}: {c}");
            }
        }
    }
}
