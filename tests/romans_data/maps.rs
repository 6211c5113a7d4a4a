//! The pack against the Conquerors maps (`scenarios/conquerors/maps/`, issue 14): every place the
//! scenarios name stands on its map, at the printed hex where one is given; fleets set up in
//! ports; every region the scenarios use exists. The Macedonians map is read with its `romans`
//! variant (Antioch, Pergamum, Lysimachae exist in The Romans' Syrian War, Romans 20.21).

use std::collections::BTreeMap;

use legatus::protocol::log::yaml_options;
use serde_json::Value;

use super::{load, pack_dir, strs, walk};

const SCENARIOS: [&str; 2] = [
    "scenario-second-macedonian-war.yaml",
    "scenario-syrian-war.yaml",
];

struct Map {
    hexes: Value,
    /// City name (and `also` names) → hex.
    cities: BTreeMap<String, String>,
    regions: Value,
}

fn map(name: &str) -> Map {
    let path = pack_dir().join("../maps").join(format!("{name}.yaml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v: Value = serde_saphyr::from_str_with_options(&text, yaml_options())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut cities = BTreeMap::new();
    let variant = v["variants"]["romans"]["hexes"].clone();
    for hexes in [&v["hexes"], &variant] {
        for (hex, h) in hexes.as_object().into_iter().flatten() {
            if let Some(city) = h.get("city") {
                cities.insert(city["name"].as_str().unwrap().to_string(), hex.clone());
                for also in city.get("also").map(strs).unwrap_or_default() {
                    cities.insert(also, hex.clone());
                }
            }
        }
    }
    Map {
        hexes: v["hexes"].clone(),
        cities,
        regions: v["regions"].clone(),
    }
}

fn maps() -> BTreeMap<&'static str, Map> {
    ["romans", "macedonians"]
        .into_iter()
        .map(|m| (m, map(m)))
        .collect()
}

/// Every mapping in the named pack files, with its path and the map its places default to (the
/// Second Macedonian War uses the Romans map only; the Syrian War names the map every time).
fn nodes(files: &[&str]) -> Vec<(String, Value, Option<&'static str>)> {
    let mut out = Vec::new();
    for f in files {
        let default = (*f != "scenario-syrian-war.yaml").then_some("romans");
        let file = load(f);
        let mut all = Vec::new();
        walk(&file, f.to_string(), &mut all);
        out.extend(all.into_iter().map(|(p, v)| (p, v.clone(), default)));
    }
    out
}

#[test]
fn romans_20_places_stand_on_the_maps() {
    let maps = maps();
    for (path, v, default) in nodes(&[&SCENARIOS[..], &["tables.yaml"]].concat()) {
        let (Some(city), hex) = (v.get("city").and_then(Value::as_str), v.get("hex")) else {
            if let Some(hex) = v.get("hex").and_then(Value::as_str) {
                let m = v
                    .get("map")
                    .and_then(Value::as_str)
                    .or(default)
                    .expect("map");
                assert!(
                    maps[m].hexes.get(hex).is_some(),
                    "{path}: {m} has no hex {hex}"
                );
            }
            continue;
        };
        let m = v.get("map").and_then(Value::as_str).or(default);
        let m = m.unwrap_or_else(|| panic!("{path}: no map for {city}"));
        let at = maps[m]
            .cities
            .get(city)
            .unwrap_or_else(|| panic!("{path}: no {city} on {m}"));
        if let Some(hex) = hex {
            assert_eq!(hex, at, "{path}: {city} printed at {hex}, map has {at}");
        }
    }
}

#[test]
fn romans_7_14_fleets_set_up_in_ports() {
    let maps = maps();
    for (path, v, default) in nodes(&SCENARIOS) {
        let naval = ["squadrons", "half_squadrons", "merchants"]
            .iter()
            .any(|k| v.get(*k).is_some());
        let Some(at) = v.get("at").filter(|_| naval) else {
            continue;
        };
        let m = at
            .get("map")
            .and_then(Value::as_str)
            .or(default)
            .expect("map");
        let hex = match at.get("hex").and_then(Value::as_str) {
            Some(h) => h.to_string(),
            None => maps[m].cities[at["city"].as_str().unwrap()].clone(),
        };
        let h = &maps[m].hexes[&hex];
        assert!(
            h["port"] == true || h["terrain"] == "sea",
            "{path}: fleet at {m} {hex}, neither a port nor a sea hex"
        );
    }
}

#[test]
fn romans_20_regions_and_named_cities_exist() {
    let maps = maps();
    let two = load("scenario-second-macedonian-war.yaml");
    let syr = load("scenario-syrian-war.yaml");
    let romans = &maps["romans"];
    for r in ["greece", "italy", "roman-soil"] {
        assert!(romans.regions.get(r).is_some(), "romans map: region {r}");
    }
    for r in ["asia", "egypt", "south-of-winter-line"] {
        assert!(
            maps["macedonians"].regions.get(r).is_some(),
            "macedonians map: region {r}"
        );
    }
    let mut names: Vec<String> = Vec::new();
    for (_, ally) in two["allies"].as_object().unwrap() {
        names.extend(ally.get("cities").map(strs).unwrap_or_default());
    }
    let ic = &two["initial-control"];
    names.extend(strs(&ic["rome"]["except_cities"]));
    for list in [&ic["rome"]["plus_cities"], &ic["macedon"]["plus_cities"]] {
        for p in list.as_array().unwrap() {
            names.push(p["city"].as_str().unwrap().to_string());
        }
    }
    names.extend(strs(&two["victory"]["rome"]["cities"]["except"]));
    names.extend(strs(&two["victory"]["macedon"]["cities"]["except"]));
    for n in names {
        assert!(
            romans.cities.contains_key(&n),
            "20.1: {n} is not on the Romans map"
        );
    }
    let numbers = load("numbers.yaml");
    let economy = &numbers["economy"];
    let mut anywhere: Vec<String> = strs(&economy["roman-revenue-sources"]["cities"]);
    for (_, v) in economy["auxiliary-cities"].as_object().unwrap() {
        if v.is_array() {
            anywhere.extend(strs(v));
        }
    }
    for (_, side) in economy["raising-cities"].as_object().unwrap() {
        for (_, list) in side.as_object().into_iter().flatten() {
            anywhere.extend(strs(list));
        }
    }
    for n in anywhere {
        assert!(
            maps.values().any(|m| m.cities.contains_key(&n)),
            "{n} is on neither map"
        );
    }
    assert_eq!(syr["map_variants"]["macedonians"], "romans");
}
