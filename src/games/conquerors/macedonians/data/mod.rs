//! The Macedonians data pack (`scenarios/conquerors/macedonians/`, embedded in the binary):
//! tables, counters, places, rule numbers, the turn track and the scenario, typed ([`model`])
//! and read through the shared `pack` layer (provenance on every item, strict YAML, player
//! overrides, the data hash). [`check`] holds the checks `legatus data check
//! scenarios/conquerors` runs on it against the Conquerors maps.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::pack::{
    data_hash, file_text, merge, origins, parse_yaml, DataError, Item, ItemOrigin, Origin,
};

pub mod check;
pub mod model;
pub mod scenario;

pub use check::validate;
use model::{
    CountersFile, GameTurn, MTable, PlacesFile, RulesFile, Scenario, TablesFile, TurnsFile,
    UnitType,
};

/// Tables file.
pub const TABLES_FILE: &str = "tables.yaml";
/// Counters file.
pub const COUNTERS_FILE: &str = "counters.yaml";
/// Places file.
pub const PLACES_FILE: &str = "places.yaml";
/// Rule numbers file.
pub const RULES_FILE: &str = "rules.yaml";
/// Turn track file.
pub const TURNS_FILE: &str = "turns.yaml";
/// The scenario.
pub const SCENARIO_FILE: &str = "scenario.yaml";
/// Every file of the pack, in load order.
pub const PACK_FILES: [&str; 6] = [
    TABLES_FILE,
    COUNTERS_FILE,
    PLACES_FILE,
    RULES_FILE,
    TURNS_FILE,
    SCENARIO_FILE,
];

/// The whole Macedonians pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pack {
    /// `tables.yaml`.
    pub tables: Item<TablesFile>,
    /// `counters.yaml`.
    pub counters: Item<CountersFile>,
    /// `places.yaml`.
    pub places: Item<PlacesFile>,
    /// `rules.yaml`.
    pub rules: Item<RulesFile>,
    /// `turns.yaml`.
    pub turns: Item<TurnsFile>,
    /// `scenario.yaml`.
    pub scenario: Item<Scenario>,
}

impl Pack {
    /// A table by name.
    pub fn table(&self, name: &str) -> Option<&MTable> {
        self.tables.tables.get(name).map(|t| &t.item)
    }
    /// A land unit type.
    pub fn unit_type(&self, id: &str) -> Option<&UnitType> {
        self.counters.unit_types.get(id).map(|t| &t.item)
    }
    /// The full SSP of a land counter: its own, else its type's (9.13).
    pub fn full_ssp(&self, unit: &str) -> Option<u32> {
        let u = self.counters.units.get(unit)?;
        u.ssp.or_else(|| self.unit_type(&u.kind).map(|t| t.ssp))
    }
    /// A rule number (`rules.yaml` section and name).
    pub fn number(&self, section: &str, name: &str) -> Option<u32> {
        self.rules.get(section, name)
    }
    /// The Game-Turns in order.
    pub fn track(&self) -> impl Iterator<Item = &GameTurn> {
        self.turns.turns.iter().map(|t| &t.item)
    }
    /// Each file with its own marking.
    pub fn file_markings(&self) -> [(&'static str, &crate::pack::Provenance); 6] {
        [
            (TABLES_FILE, &self.tables.provenance),
            (COUNTERS_FILE, &self.counters.provenance),
            (PLACES_FILE, &self.places.provenance),
            (RULES_FILE, &self.rules.provenance),
            (TURNS_FILE, &self.turns.provenance),
            (SCENARIO_FILE, &self.scenario.provenance),
        ]
    }
}

/// The pack's files as embedded in the binary.
pub fn embedded_files() -> Vec<(&'static str, &'static str)> {
    macro_rules! file {
        ($name:literal) => {
            (
                $name,
                include_str!(concat!(
                    "../../../../../scenarios/conquerors/macedonians/",
                    $name
                )),
            )
        };
    }
    vec![
        file!("tables.yaml"),
        file!("counters.yaml"),
        file!("places.yaml"),
        file!("rules.yaml"),
        file!("turns.yaml"),
        file!("scenario.yaml"),
    ]
}

/// Builds the pack from `(file name, text)` pairs holding the [`PACK_FILES`]; only parses.
///
/// Errors: [`DataError::MissingFile`], [`DataError::Yaml`] (file, line, column).
pub fn load_texts(files: &[(&str, &str)]) -> Result<Pack, DataError> {
    fn one<T: serde::de::DeserializeOwned>(
        files: &[(&str, &str)],
        name: &str,
    ) -> Result<T, DataError> {
        parse_yaml(name, file_text(files, name)?)
    }
    Ok(Pack {
        tables: one(files, TABLES_FILE)?,
        counters: one(files, COUNTERS_FILE)?,
        places: one(files, PLACES_FILE)?,
        rules: one(files, RULES_FILE)?,
        turns: one(files, TURNS_FILE)?,
        scenario: one(files, SCENARIO_FILE)?,
    })
}

/// Reads and parses a Macedonians pack folder without validating it.
///
/// Errors: [`DataError::MissingFile`], [`DataError::Io`], [`DataError::Yaml`].
pub fn read_dir(dir: &Path) -> Result<Pack, DataError> {
    crate::pack::read_dir(dir, &PACK_FILES, load_texts)
}

/// The embedded pack, validated against the embedded Conquerors maps; parsed once a process.
///
/// Errors: the loading errors, or [`DataError::Invalid`] with every violation.
pub fn load_embedded() -> Result<Pack, DataError> {
    static PACK: std::sync::OnceLock<Result<Pack, String>> = std::sync::OnceLock::new();
    PACK.get_or_init(|| {
        let maps = crate::games::conquerors::data::load_embedded().map_err(|e| e.to_string())?;
        load_texts(&embedded_files())
            .and_then(|p| crate::pack::valid(p, |p| validate(p, &maps)))
            .map_err(|e| e.to_string())
    })
    .clone()
    .map_err(|e| {
        DataError::Invalid(vec![crate::pack::Violation {
            file: "scenarios/conquerors/macedonians".into(),
            item: "(embedded)".into(),
            rule: "embedded pack".into(),
            message: e,
        }])
    })
}

/// A player's override file (`legatus new --data FILE`): items that replace the pack's by key,
/// each marked `player:`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Overrides {
    /// Tables by name.
    #[serde(default)]
    pub tables: BTreeMap<String, Item<MTable>>,
    /// Unit types by id.
    #[serde(default, rename = "unit-types")]
    pub unit_types: BTreeMap<String, Item<UnitType>>,
    /// Land counters by id.
    #[serde(default)]
    pub units: BTreeMap<String, Item<model::Unit>>,
    /// Squadrons by id.
    #[serde(default)]
    pub squadrons: BTreeMap<String, Item<model::SquadronCounter>>,
    /// Commanders by id.
    #[serde(default)]
    pub commanders: BTreeMap<String, Item<model::Commander>>,
    /// Satrapies by id.
    #[serde(default)]
    pub satrapies: BTreeMap<String, Item<model::Satrapy>>,
    /// Cities by name.
    #[serde(default)]
    pub cities: BTreeMap<String, Item<model::CityRole>>,
}

/// Applies the override file `yaml` (named `file_name`) to `pack` and validates the result
/// against `maps`; on any error `pack` is unchanged.
///
/// Errors: [`DataError::Yaml`] or [`DataError::Invalid`].
pub fn apply_overrides(
    pack: &mut Pack,
    maps: &crate::games::conquerors::data::Pack,
    file_name: &str,
    yaml: &str,
) -> Result<(), DataError> {
    crate::pack::apply_overrides(
        pack,
        file_name,
        yaml,
        |p: &mut Pack, o: Overrides, f| {
            merge(&mut p.tables.tables, o.tables, f);
            merge(&mut p.counters.unit_types, o.unit_types, f);
            merge(&mut p.counters.units, o.units, f);
            merge(&mut p.counters.squadrons, o.squadrons, f);
            merge(&mut p.counters.commanders, o.commanders, f);
            merge(&mut p.places.satrapies, o.satrapies, f);
            merge(&mut p.places.cities, o.cities, f);
        },
        |p| validate(p, maps),
    )
}

/// One entry for a single marked item of `file`.
fn single(file: &str, key: &str, origin: Origin) -> ItemOrigin {
    ItemOrigin {
        file: file.to_string(),
        key: key.to_string(),
        origin,
    }
}

/// Every item with its origin (its file's where it has none of its own).
pub fn item_origins(pack: &Pack) -> Vec<ItemOrigin> {
    let mut out = Vec::new();
    let d = pack.tables.provenance.file_origin();
    out.extend(origins(TABLES_FILE, "tables", &pack.tables.tables, &d));
    let c = &pack.counters;
    let d = c.provenance.file_origin();
    out.extend(origins(COUNTERS_FILE, "unit-types", &c.unit_types, &d));
    out.extend(origins(COUNTERS_FILE, "units", &c.units, &d));
    out.extend(origins(COUNTERS_FILE, "squadrons", &c.squadrons, &d));
    out.extend(origins(COUNTERS_FILE, "commanders", &c.commanders, &d));
    out.push(single(
        COUNTERS_FILE,
        "siege-train",
        c.siege_train.origin(&d),
    ));
    let p = &pack.places;
    let d = p.provenance.file_origin();
    out.extend(origins(PLACES_FILE, "satrapies", &p.satrapies, &d));
    out.extend(origins(PLACES_FILE, "cities", &p.cities, &d));
    out.extend(origins(PLACES_FILE, "islands", &p.islands, &d));
    out.extend(origins(
        PLACES_FILE,
        "supply-sources",
        &p.supply_sources,
        &d,
    ));
    out.push(single(
        PLACES_FILE,
        "persian-entry",
        p.persian_entry.origin(&d),
    ));
    out.push(single(
        PLACES_FILE,
        "cilician-gates",
        p.cilician_gates.origin(&d),
    ));
    let r = &pack.rules;
    let d = r.provenance.file_origin();
    for (section, numbers) in r.sections() {
        out.extend(origins(RULES_FILE, section, numbers, &d));
    }
    out.push(single(RULES_FILE, "ferries", r.ferries.origin(&d)));
    out.extend(origins(RULES_FILE, "defection", &r.defection, &d));
    let d = pack.turns.provenance.file_origin();
    for t in &pack.turns.turns {
        out.push(single(
            TURNS_FILE,
            &format!("turns/{}", t.turn),
            t.origin(&d),
        ));
    }
    let s = &pack.scenario;
    let d = s.provenance.file_origin();
    for (side, entries) in &s.setup {
        for (i, e) in entries.iter().enumerate() {
            out.push(single(
                SCENARIO_FILE,
                &format!("setup/{side}/{i} {}", e.at.hex),
                e.origin(&d),
            ));
        }
    }
    out.push(single(SCENARIO_FILE, "control", s.control.origin(&d)));
    out.extend(origins(SCENARIO_FILE, "options", &s.options, &d));
    out
}

/// The files of the pack with their own markings.
pub fn file_origins(pack: &Pack) -> Vec<(String, Origin)> {
    pack.file_markings()
        .into_iter()
        .map(|(f, p)| (f.to_string(), p.file_origin()))
        .collect()
}

/// SHA-256 of the pack's canonical bytes.
pub fn hash(pack: &Pack) -> String {
    data_hash(pack)
}
