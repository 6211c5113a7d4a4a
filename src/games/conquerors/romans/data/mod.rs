//! The Romans data pack (`scenarios/conquerors/romans/`, embedded in the binary): tables,
//! counters, movement effects, numbers, the turn track and both scenarios, typed
//! ([`model`], [`scenario`]) and read through the shared `pack` layer (provenance on every
//! item, strict YAML, player overrides, the data hash). [`check`] holds the Romans checks that
//! `legatus data check scenarios/conquerors` runs beside the map checks.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::pack::{data_hash, file_text, merge, parse_yaml, DataError, Item, ItemOrigin, Origin};

pub mod check;
pub mod model;
pub mod scenario;

pub use check::validate;
use model::{CountersFile, MovementFile, NumbersFile, RTable, TablesFile, TurnsFile, UnitType};
use scenario::Scenario;

/// Tables file.
pub const TABLES_FILE: &str = "tables.yaml";
/// Counters file.
pub const COUNTERS_FILE: &str = "counters.yaml";
/// Movement effects file.
pub const MOVEMENT_FILE: &str = "movement.yaml";
/// Numbers file.
pub const NUMBERS_FILE: &str = "numbers.yaml";
/// Turn track file.
pub const TURNS_FILE: &str = "turns.yaml";
/// Scenario 20.1.
pub const SMW_FILE: &str = "scenario-second-macedonian-war.yaml";
/// Scenario 20.2.
pub const SYRIAN_FILE: &str = "scenario-syrian-war.yaml";
/// Every file of the pack, in load order.
pub const PACK_FILES: [&str; 7] = [
    TABLES_FILE,
    COUNTERS_FILE,
    MOVEMENT_FILE,
    NUMBERS_FILE,
    TURNS_FILE,
    SMW_FILE,
    SYRIAN_FILE,
];
/// The scenario files.
pub const SCENARIO_FILES: [&str; 2] = [SMW_FILE, SYRIAN_FILE];

/// The whole Romans pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pack {
    /// `tables.yaml`.
    pub tables: Item<TablesFile>,
    /// `counters.yaml`.
    pub counters: Item<CountersFile>,
    /// `movement.yaml`.
    pub movement: Item<MovementFile>,
    /// `numbers.yaml`.
    pub numbers: Item<NumbersFile>,
    /// `turns.yaml`.
    pub turns: Item<TurnsFile>,
    /// Scenarios by id.
    pub scenarios: BTreeMap<String, Item<Scenario>>,
}

impl Pack {
    /// A table by name.
    pub fn table(&self, name: &str) -> Option<&RTable> {
        self.tables.tables.get(name).map(|t| &t.item)
    }
    /// A land unit type.
    pub fn unit_type(&self, id: &str) -> Option<&UnitType> {
        self.counters.unit_types.get(id).map(|t| &t.item)
    }
    /// The file a scenario id was read from.
    pub fn scenario_file(&self, id: &str) -> &'static str {
        if id == "syrian-war" {
            SYRIAN_FILE
        } else {
            SMW_FILE
        }
    }
}

/// The pack's files as embedded in the binary.
pub fn embedded_files() -> Vec<(&'static str, &'static str)> {
    vec![
        (
            TABLES_FILE,
            include_str!("../../../../../scenarios/conquerors/romans/tables.yaml"),
        ),
        (
            COUNTERS_FILE,
            include_str!("../../../../../scenarios/conquerors/romans/counters.yaml"),
        ),
        (
            MOVEMENT_FILE,
            include_str!("../../../../../scenarios/conquerors/romans/movement.yaml"),
        ),
        (
            NUMBERS_FILE,
            include_str!("../../../../../scenarios/conquerors/romans/numbers.yaml"),
        ),
        (
            TURNS_FILE,
            include_str!("../../../../../scenarios/conquerors/romans/turns.yaml"),
        ),
        (
            SMW_FILE,
            include_str!(
                "../../../../../scenarios/conquerors/romans/scenario-second-macedonian-war.yaml"
            ),
        ),
        (
            SYRIAN_FILE,
            include_str!("../../../../../scenarios/conquerors/romans/scenario-syrian-war.yaml"),
        ),
    ]
}

/// Builds the pack from `(file name, text)` pairs holding the [`PACK_FILES`]; only parses.
///
/// Errors: [`DataError::MissingFile`], [`DataError::Yaml`] (file, line, column).
pub fn load_texts(files: &[(&str, &str)]) -> Result<Pack, DataError> {
    let get = |name: &str| file_text(files, name);
    let mut scenarios = BTreeMap::new();
    for f in SCENARIO_FILES {
        let s: Item<Scenario> = parse_yaml(f, get(f)?)?;
        scenarios.insert(s.scenario.clone(), s);
    }
    Ok(Pack {
        tables: parse_yaml(TABLES_FILE, get(TABLES_FILE)?)?,
        counters: parse_yaml(COUNTERS_FILE, get(COUNTERS_FILE)?)?,
        movement: parse_yaml(MOVEMENT_FILE, get(MOVEMENT_FILE)?)?,
        numbers: parse_yaml(NUMBERS_FILE, get(NUMBERS_FILE)?)?,
        turns: parse_yaml(TURNS_FILE, get(TURNS_FILE)?)?,
        scenarios,
    })
}

/// Reads and parses a Romans pack folder without validating it.
pub fn read_dir(dir: &Path) -> Result<Pack, DataError> {
    crate::pack::read_dir(dir, &PACK_FILES, load_texts)
}

/// The embedded pack, validated against the embedded Conquerors maps.
///
/// Errors: the loading errors, or [`DataError::Invalid`] with every violation.
pub fn load_embedded() -> Result<Pack, DataError> {
    let maps = crate::games::conquerors::data::load_embedded()?;
    let pack = load_texts(&embedded_files())?;
    crate::pack::valid(pack, |p| validate(p, &maps))
}

/// A player's override file: items that replace the pack's by key (each marked `player:`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Overrides {
    /// Tables by name.
    #[serde(default)]
    pub tables: BTreeMap<String, Item<RTable>>,
    /// Named commanders by id.
    #[serde(default)]
    pub commanders: BTreeMap<String, Item<model::Commander>>,
    /// Land unit types by id.
    #[serde(default, rename = "unit-types")]
    pub unit_types: BTreeMap<String, Item<UnitType>>,
    /// Squadron types by id.
    #[serde(default, rename = "squadron-types")]
    pub squadron_types: BTreeMap<String, Item<model::SquadronType>>,
    /// Scenarios by id, replaced whole (a printed variant, or a battle's armies where they met:
    /// `fixtures/romans/cynoscephalae/`).
    #[serde(default)]
    pub scenarios: BTreeMap<String, Item<Scenario>>,
    /// The Tactical Battle System's tables, display, unit values and ratings
    /// (`tactical::overrides`).
    #[serde(default)]
    pub tactical: crate::games::conquerors::tactical::overrides::Overrides,
}

/// Applies the override file `yaml` (named `file_name`) to `pack` and its `tactical:` section
/// to the Tactical pack `tactical`, and validates both (the Romans pack against `maps`); on
/// any error both are unchanged.
///
/// Errors: [`DataError::Yaml`] or [`DataError::Invalid`].
pub fn apply_overrides(
    pack: &mut Pack,
    tactical: &mut crate::games::conquerors::tactical::data::Pack,
    maps: &crate::games::conquerors::data::Pack,
    file_name: &str,
    yaml: &str,
) -> Result<(), DataError> {
    use crate::games::conquerors::tactical::data as tac;
    let mut both = (pack.clone(), tactical.clone());
    crate::pack::apply_overrides(
        &mut both,
        file_name,
        yaml,
        |(p, t): &mut (Pack, tac::Pack), o: Overrides, f| {
            merge(&mut p.tables.tables, o.tables, f);
            merge(&mut p.counters.commanders, o.commanders, f);
            merge(&mut p.counters.unit_types, o.unit_types, f);
            merge(&mut p.counters.squadron_types, o.squadron_types, f);
            merge(&mut p.scenarios, o.scenarios, f);
            o.tactical.merge_into(t, "romans", f);
        },
        |(p, t)| {
            let mut v = validate(p, maps);
            v.extend(tac::validate(t));
            v
        },
    )?;
    (*pack, *tactical) = both;
    Ok(())
}

/// Every item with its origin (file-level origin where the item has none).
pub fn item_origins(pack: &Pack) -> Vec<ItemOrigin> {
    let mut out = Vec::new();
    let d = pack.tables.provenance.file_origin();
    out.extend(crate::pack::origins(
        TABLES_FILE,
        "tables",
        &pack.tables.tables,
        &d,
    ));
    for (t, v) in &pack.tables.table_variants {
        out.extend(crate::pack::origins(
            TABLES_FILE,
            &format!("table-variants/{t}"),
            &v.variants,
            &d,
        ));
    }
    out.push(ItemOrigin {
        file: TABLES_FILE.into(),
        key: "forced-march-columns".into(),
        origin: pack.tables.forced_march_columns.origin(&d),
    });
    out.extend(crate::pack::origins(
        TABLES_FILE,
        "augury-events",
        &pack.tables.augury_events,
        &d,
    ));
    let c = &pack.counters;
    let d = c.provenance.file_origin();
    out.extend(crate::pack::origins(
        COUNTERS_FILE,
        "nations",
        &c.nations,
        &d,
    ));
    out.extend(crate::pack::origins(
        COUNTERS_FILE,
        "unit-types",
        &c.unit_types,
        &d,
    ));
    out.extend(crate::pack::origins(
        COUNTERS_FILE,
        "squadron-types",
        &c.squadron_types,
        &d,
    ));
    out.extend(crate::pack::origins(
        COUNTERS_FILE,
        "commanders",
        &c.commanders,
        &d,
    ));
    for (k, o) in [
        ("legion", c.legion.origin(&d)),
        ("transport", c.transport.origin(&d)),
        ("merchant", c.merchant.origin(&d)),
        ("siege-train", c.siege_train.origin(&d)),
        ("historical-consuls", c.historical_consuls.origin(&d)),
        ("ambassadors", c.ambassadors.origin(&d)),
        ("counter-mix", c.counter_mix.origin(&d)),
    ] {
        out.push(ItemOrigin {
            file: COUNTERS_FILE.into(),
            key: k.into(),
            origin: o,
        });
    }
    for (p, pool) in &c.roman_pools {
        let pd = pool.origin(&d);
        out.extend(crate::pack::origins(
            COUNTERS_FILE,
            &format!("roman-pools/{p}"),
            &pool.counters,
            &pd,
        ));
    }
    let m = &pack.movement;
    let d = m.provenance.file_origin();
    out.extend(crate::pack::origins(
        MOVEMENT_FILE,
        "actions",
        &m.actions,
        &d,
    ));
    out.extend(crate::pack::origins(MOVEMENT_FILE, "radii", &m.radii, &d));
    for (f, e) in &m.hexside_effects {
        out.push(ItemOrigin {
            file: MOVEMENT_FILE.into(),
            key: format!("hexside-effects/{}", f.name()),
            origin: e.origin(&d),
        });
    }
    for (k, o) in [
        ("fleets/per_hex", m.fleets.per_hex.origin(&d)),
        ("fleets/allowance", m.fleets.allowance.origin(&d)),
        ("zones/land", m.zones.land.origin(&d)),
        ("zones/naval", m.zones.naval.origin(&d)),
        ("stacking", m.stacking.origin(&d)),
    ] {
        out.push(ItemOrigin {
            file: MOVEMENT_FILE.into(),
            key: k.into(),
            origin: o,
        });
    }
    let d = pack.numbers.provenance.file_origin();
    for (section, items) in pack.numbers.iter() {
        out.extend(crate::pack::origins(NUMBERS_FILE, section, items, &d));
    }
    let d = pack.turns.provenance.file_origin();
    out.extend(crate::pack::origins(
        TURNS_FILE,
        "scenarios",
        &pack.turns.scenarios,
        &d,
    ));
    for (id, s) in &pack.scenarios {
        let file = pack.scenario_file(id);
        let d = s.provenance.file_origin();
        for (side, entries) in &s.setup.sides {
            for (i, e) in entries.entries().iter().enumerate() {
                out.push(ItemOrigin {
                    file: file.into(),
                    key: format!("setup/{side}/{i}"),
                    origin: e.origin(&d),
                });
            }
        }
        out.extend(crate::pack::origins(file, "allies", &s.allies, &d));
        out.extend(crate::pack::origins(
            file,
            "initial-control",
            &s.initial_control,
            &d,
        ));
        out.extend(crate::pack::origins(file, "options", &s.options, &d));
        for (i, r) in s.reinforcements.iter().enumerate() {
            out.push(ItemOrigin {
                file: file.into(),
                key: format!("reinforcements/{i}"),
                origin: r.origin(&d),
            });
        }
    }
    out
}

/// The files of the pack with their own markings, named under `romans/`.
pub fn file_origins(pack: &Pack) -> Vec<(String, Origin)> {
    let mut v = vec![
        (TABLES_FILE, pack.tables.provenance.file_origin()),
        (COUNTERS_FILE, pack.counters.provenance.file_origin()),
        (MOVEMENT_FILE, pack.movement.provenance.file_origin()),
        (NUMBERS_FILE, pack.numbers.provenance.file_origin()),
        (TURNS_FILE, pack.turns.provenance.file_origin()),
    ];
    for (id, s) in &pack.scenarios {
        v.push((pack.scenario_file(id), s.provenance.file_origin()));
    }
    v.into_iter().map(|(f, o)| (f.to_string(), o)).collect()
}

/// SHA-256 of the pack's canonical bytes.
pub fn hash(pack: &Pack) -> String {
    data_hash(pack)
}
