//! The Alexandros data pack: map, counters, turn track, tables and campaign set-up, read from
//! the YAML files of `scenarios/alexandros` (embedded in the binary with `include_str!`).
//!
//! The game-agnostic parts are `crate::pack`'s: every file, and every item that differs from its
//! file, is an [`Item`] marked `source:` (the rule section printing it) or `provisional:` (one line
//! on what it is based on); player override files replace items whole by key
//! ([`apply_overrides`], through `pack::apply_overrides`); [`data_hash`] pins the merged pack and
//! [`provisional_items`] lists what a game still takes from provisional data. This module holds
//! the Alexandros model, its file list and its own checks (`check/`).

use std::path::Path;

use serde::{Deserialize, Serialize};

pub mod board;
mod check;
pub mod counters;
pub mod map;
mod overrides;
pub mod scenario;
pub mod tables;
pub mod turns;

pub use crate::pack::{CheckReport, DataError, FileReport, Item, ItemOrigin, Origin, Violation};
pub use board::{BoardFile, BoardRules, BoxDef, BoxKind, UnitClass};
pub use check::{check, report as check_report, validate, PACK};
pub use counters::{CountersFile, Leader, Nationality, SetupCode, Side, Step, Unit, UnitType};
pub use map::{
    BorderType, City, Control, MapFile, Objective, Province, ProvinceGroup, ProvinceType,
};
pub use overrides::{apply_overrides, OverrideFile};
pub use scenario::{Placement, ScenarioFile, SetupArea};
pub use tables::{RowKind, Table, TablesFile};
pub use turns::{Season, TrackEntry, Turn, TurnsFile};

/// File names of a pack folder, in load order.
pub const MAP_FILE: &str = "map.yaml";
/// Counter sheet file.
pub const COUNTERS_FILE: &str = "counters.yaml";
/// Turn Record Track file.
pub const TURNS_FILE: &str = "turns.yaml";
/// Tables file.
pub const TABLES_FILE: &str = "tables.yaml";
/// Campaign set-up file.
pub const SCENARIO_FILE: &str = "scenario-campaign-334.yaml";
/// Tactical Display file (Alexandros 10).
pub const BOARD_FILE: &str = "board.yaml";
/// All pack files.
pub const PACK_FILES: [&str; 6] = [
    MAP_FILE,
    COUNTERS_FILE,
    TURNS_FILE,
    TABLES_FILE,
    SCENARIO_FILE,
    BOARD_FILE,
];

/// The whole typed pack. Serialises to canonical JSON (struct fields in declaration order,
/// maps sorted), and round-trips through `serde_json::Value`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pack {
    /// `map.yaml`.
    pub map: Item<MapFile>,
    /// `counters.yaml`.
    pub counters: Item<CountersFile>,
    /// `turns.yaml`.
    pub turns: Item<TurnsFile>,
    /// `tables.yaml`.
    pub tables: Item<TablesFile>,
    /// `scenario-campaign-334.yaml`.
    pub scenario: Item<ScenarioFile>,
    /// `board.yaml`: the Tactical Display (Alexandros 10).
    pub board: Item<BoardFile>,
}

impl Pack {
    /// A province by name (the rulebook's spelling, e.g. `Upper India`).
    pub fn province(&self, name: &str) -> Option<&Province> {
        self.map.provinces.get(name).map(|i| &i.item)
    }
    /// A city by name (`Tyre`, `Sogdian Rock`…).
    pub fn city(&self, name: &str) -> Option<&City> {
        self.map.cities.get(name).map(|i| &i.item)
    }
    /// A leader by name (`Alexander`, `Macedonian 0`…).
    pub fn leader(&self, name: &str) -> Option<&Leader> {
        self.counters.leaders.get(name).map(|i| &i.item)
    }
    /// A combat unit by code (`phalanx-1`, `hetairoi`…).
    pub fn unit(&self, code: &str) -> Option<&Unit> {
        self.counters.units.get(code).map(|i| &i.item)
    }
    /// A table by name (`tactical-combat-results`…).
    pub fn table(&self, name: &str) -> Option<&Table> {
        self.tables.tables.get(name).map(|i| &i.item)
    }
    /// Turn `n` (1–46) with its key `Tnn`.
    pub fn turn(&self, n: u8) -> Option<&Turn> {
        self.turns.turns.get(&format!("T{n:02}")).map(|i| &i.item)
    }
}

/// Every YAML file of `scenarios/alexandros`, as `(file name, text)`, compiled into the binary.
pub fn embedded_files() -> Vec<(&'static str, &'static str)> {
    vec![
        (
            MAP_FILE,
            include_str!("../../../../scenarios/alexandros/map.yaml"),
        ),
        (
            COUNTERS_FILE,
            include_str!("../../../../scenarios/alexandros/counters.yaml"),
        ),
        (
            TURNS_FILE,
            include_str!("../../../../scenarios/alexandros/turns.yaml"),
        ),
        (
            TABLES_FILE,
            include_str!("../../../../scenarios/alexandros/tables.yaml"),
        ),
        (
            SCENARIO_FILE,
            include_str!("../../../../scenarios/alexandros/scenario-campaign-334.yaml"),
        ),
        (
            BOARD_FILE,
            include_str!("../../../../scenarios/alexandros/board.yaml"),
        ),
    ]
}

/// Builds a pack from `(file name, text)` pairs holding the six [`PACK_FILES`]; only parses,
/// does not validate (see [`validate`]).
pub fn load_texts(files: &[(&str, &str)]) -> Result<Pack, DataError> {
    use crate::pack::{file_text, parse_yaml};
    let get = |name: &str| file_text(files, name);
    Ok(Pack {
        map: parse_yaml(MAP_FILE, get(MAP_FILE)?)?,
        counters: parse_yaml(COUNTERS_FILE, get(COUNTERS_FILE)?)?,
        turns: parse_yaml(TURNS_FILE, get(TURNS_FILE)?)?,
        tables: parse_yaml(TABLES_FILE, get(TABLES_FILE)?)?,
        scenario: parse_yaml(SCENARIO_FILE, get(SCENARIO_FILE)?)?,
        board: parse_yaml(BOARD_FILE, get(BOARD_FILE)?)?,
    })
}

/// Reads and parses a pack folder (the six [`PACK_FILES`]) without validating it.
pub(crate) fn read_dir(dir: &Path) -> Result<Pack, DataError> {
    crate::pack::read_dir(dir, &PACK_FILES, load_texts)
}

/// Reads a pack folder (the six [`PACK_FILES`]), parses and validates it.
///
/// Errors: [`DataError::MissingFile`], [`DataError::Io`], [`DataError::Yaml`],
/// [`DataError::Invalid`].
pub fn load_dir(dir: &Path) -> Result<Pack, DataError> {
    crate::pack::valid(read_dir(dir)?, validate)
}

/// The pack compiled into the binary, parsed and validated.
pub fn load_embedded() -> Result<Pack, DataError> {
    crate::pack::valid(load_texts(&embedded_files())?, validate)
}

/// Canonical bytes of the pack (`docs/protocol.md`: compact JSON, keys sorted, no floats).
pub fn canonical_json(pack: &Pack) -> Vec<u8> {
    crate::pack::canonical_json(pack)
}

/// Lowercase hex SHA-256 of [`canonical_json`]; the game header pins it.
pub fn data_hash(pack: &Pack) -> String {
    crate::pack::data_hash(pack)
}

/// The pack files with their file-level markings, in [`PACK_FILES`] order.
pub fn file_marks(pack: &Pack) -> [(&'static str, &crate::pack::Provenance); 6] {
    [
        (MAP_FILE, &pack.map.provenance),
        (COUNTERS_FILE, &pack.counters.provenance),
        (TURNS_FILE, &pack.turns.provenance),
        (TABLES_FILE, &pack.tables.provenance),
        (SCENARIO_FILE, &pack.scenario.provenance),
        (BOARD_FILE, &pack.board.provenance),
    ]
}

/// The pack files with their file-level origin, in [`PACK_FILES`] order.
pub fn file_origins(pack: &Pack) -> Vec<(String, Origin)> {
    file_marks(pack)
        .into_iter()
        .map(|(f, p)| (f.to_string(), p.file_origin()))
        .collect()
}

/// Every item of the pack with its effective origin, in file order then key order.
pub fn item_origins(pack: &Pack) -> Vec<ItemOrigin> {
    use crate::pack::origins;
    let mut out = Vec::new();
    let m = &pack.map;
    let d = m.provenance.file_origin();
    out.extend(origins(MAP_FILE, "map/provinces", &m.provinces, &d));
    out.extend(origins(MAP_FILE, "map/cities", &m.cities, &d));
    out.extend(origins(MAP_FILE, "map/sea-zones", &m.sea_zones, &d));
    out.extend(origins(MAP_FILE, "map/objectives", &m.objectives, &d));
    let c = &pack.counters;
    let d = c.provenance.file_origin();
    out.extend(origins(COUNTERS_FILE, "counters/leaders", &c.leaders, &d));
    out.extend(origins(COUNTERS_FILE, "counters/units", &c.units, &d));
    let t = &pack.turns;
    let d = t.provenance.file_origin();
    for (k, turn) in &t.turns {
        let to = turn.origin(&d);
        out.push(ItemOrigin {
            file: TURNS_FILE.to_string(),
            key: format!("turns/{k}"),
            origin: to.clone(),
        });
        for (what, list) in [
            ("reinforcements", &turn.reinforcements),
            ("withdrawals", &turn.withdrawals),
        ] {
            for e in list {
                let origin = if matches!(to, Origin::Player(_)) {
                    to.clone()
                } else {
                    e.origin(&to)
                };
                out.push(ItemOrigin {
                    file: TURNS_FILE.to_string(),
                    key: format!("turns/{k}/{what}/{}", e.key()),
                    origin,
                });
            }
        }
    }
    let tb = &pack.tables;
    let d = tb.provenance.file_origin();
    out.extend(origins(TABLES_FILE, "tables", &tb.tables, &d));
    let s = &pack.scenario;
    let d = s.provenance.file_origin();
    out.extend(origins(
        SCENARIO_FILE,
        "scenario/setup-codes",
        &s.setup_codes,
        &d,
    ));
    out.extend(origins(
        SCENARIO_FILE,
        "scenario/placements",
        &s.placements,
        &d,
    ));
    let b = &pack.board;
    let d = b.provenance.file_origin();
    out.extend(origins(BOARD_FILE, "board/boxes", &b.boxes, &d));
    out.push(ItemOrigin {
        file: BOARD_FILE.to_string(),
        key: "board/arrows".to_string(),
        origin: d.clone(),
    });
    out.push(ItemOrigin {
        file: BOARD_FILE.to_string(),
        key: "board/rules".to_string(),
        origin: b.rules.origin(&d),
    });
    out
}

/// Provisional items the pack still uses, sorted:
/// `"<key>: provisional (<basis>)"`, e.g. `tables/minor-combat-results: provisional (…)`.
/// Items replaced by a player override are player-supplied and not listed.
pub fn provisional_items(pack: &Pack) -> Vec<String> {
    let mut v: Vec<String> = item_origins(pack)
        .into_iter()
        .filter_map(|i| match i.origin {
            Origin::Provisional(p) => Some(format!("{}: provisional ({p})", i.key)),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

/// JSON Schema of the pack (schemars), for tooling and documentation.
pub fn json_schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(Pack)).expect("schema serialises")
}
