//! The Alexandros data pack: map, counters, turn track, tables and campaign set-up, read from
//! the YAML files of `scenarios/alexandros` (embedded in the binary with `include_str!`).
//!
//! Every file, and every item that differs from its file, is marked `source:` (the rule section
//! printing it) or `provisional:` (one line on what it is based on). Player override files
//! replace items whole by key ([`apply_overrides`]); replaced items count as player-supplied.
//! [`data_hash`] pins the merged pack (SHA-256 of [`canonical_json`]) and [`provisional_items`]
//! lists what a game still takes from provisional data.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub mod board;
mod check;
pub mod counters;
mod error;
pub mod map;
mod overrides;
pub mod provenance;
pub mod scenario;
pub mod tables;
pub mod turns;

pub use board::{BoardFile, BoardRules, BoxDef, BoxKind, UnitClass};
pub use check::{check, validate, CheckReport, FileReport};
pub use counters::{CountersFile, Leader, Nationality, SetupCode, Side, Step, Unit, UnitType};
pub use error::{DataError, Violation};
pub use map::{
    BorderType, City, Control, MapFile, Objective, Province, ProvinceGroup, ProvinceType,
};
pub use overrides::{apply_overrides, OverrideFile};
pub use provenance::{Origin, Provenanced};
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
    pub map: MapFile,
    /// `counters.yaml`.
    pub counters: CountersFile,
    /// `turns.yaml`.
    pub turns: TurnsFile,
    /// `tables.yaml`.
    pub tables: TablesFile,
    /// `scenario-campaign-334.yaml`.
    pub scenario: ScenarioFile,
    /// `board.yaml`: the Tactical Display (Alexandros 10).
    pub board: BoardFile,
}

impl Pack {
    /// A province by name (the rulebook's spelling, e.g. `Upper India`).
    pub fn province(&self, name: &str) -> Option<&Province> {
        self.map.provinces.get(name)
    }
    /// A city by name (`Tyre`, `Sogdian Rock`…).
    pub fn city(&self, name: &str) -> Option<&City> {
        self.map.cities.get(name)
    }
    /// A leader by name (`Alexander`, `Macedonian 0`…).
    pub fn leader(&self, name: &str) -> Option<&Leader> {
        self.counters.leaders.get(name)
    }
    /// A combat unit by code (`phalanx-1`, `hetairoi`…).
    pub fn unit(&self, code: &str) -> Option<&Unit> {
        self.counters.units.get(code)
    }
    /// A table by name (`tactical-combat-results`…).
    pub fn table(&self, name: &str) -> Option<&Table> {
        self.tables.tables.get(name)
    }
    /// Turn `n` (1–46) with its key `Tnn`.
    pub fn turn(&self, n: u8) -> Option<&Turn> {
        self.turns.turns.get(&format!("T{n:02}"))
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

/// Parses one YAML document into `T` (duplicate keys rejected, only `true`/`false` are
/// booleans, numbers with leading zeros stay strings). Errors carry file, line and column.
pub(crate) fn parse_yaml<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
) -> Result<T, DataError> {
    serde_saphyr::from_str_with_options(text, crate::protocol::log::yaml_options()).map_err(|e| {
        let (line, column) = e
            .location()
            .map(|l| (l.line(), l.column()))
            .unwrap_or((0, 0));
        DataError::Yaml {
            file: file.to_string(),
            line,
            column,
            message: crate::protocol::log::short_message(&e),
        }
    })
}

/// Builds a pack from `(file name, text)` pairs holding the six [`PACK_FILES`]; only parses,
/// does not validate (see [`validate`]).
pub fn load_texts(files: &[(&str, &str)]) -> Result<Pack, DataError> {
    let get = |name: &str| -> Result<&str, DataError> {
        files
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
            .ok_or_else(|| DataError::MissingFile {
                file: name.to_string(),
            })
    };
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
    let mut texts = Vec::new();
    for name in PACK_FILES {
        let path = dir.join(name);
        if !path.exists() {
            return Err(DataError::MissingFile {
                file: path.display().to_string(),
            });
        }
        let text = std::fs::read_to_string(&path).map_err(|source| DataError::Io {
            path: path.display().to_string(),
            source,
        })?;
        texts.push((name, text));
    }
    let refs: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
    load_texts(&refs)
}

/// Reads a pack folder (the six [`PACK_FILES`]), parses and validates it.
///
/// Errors: [`DataError::MissingFile`], [`DataError::Io`], [`DataError::Yaml`],
/// [`DataError::Invalid`].
pub fn load_dir(dir: &Path) -> Result<Pack, DataError> {
    let pack = read_dir(dir)?;
    let violations = validate(&pack);
    if violations.is_empty() {
        Ok(pack)
    } else {
        Err(DataError::Invalid(violations))
    }
}

/// The pack compiled into the binary, parsed and validated.
pub fn load_embedded() -> Result<Pack, DataError> {
    let pack = load_texts(&embedded_files())?;
    let violations = validate(&pack);
    if violations.is_empty() {
        Ok(pack)
    } else {
        Err(DataError::Invalid(violations))
    }
}

/// Canonical bytes of the pack (`docs/protocol.md`: compact JSON, keys sorted, no floats).
pub fn canonical_json(pack: &Pack) -> Vec<u8> {
    // The protocol's canonical bytes (sorted keys), so this hash is the one a game header pins.
    crate::protocol::canonical::bytes(pack).expect("a Pack holds no floats")
}

/// Lowercase hex SHA-256 of [`canonical_json`]; the game header pins it.
pub fn data_hash(pack: &Pack) -> String {
    hex::encode(Sha256::digest(canonical_json(pack)))
}

/// One item of the pack with its effective origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemOrigin {
    /// Pack file holding it.
    pub file: &'static str,
    /// Item key, e.g. `tables/minor-combat-results`, `counters/units/phalanx-1`.
    pub key: String,
    /// Effective origin.
    pub origin: Origin,
}

fn push<T: Provenanced>(
    out: &mut Vec<ItemOrigin>,
    file: &'static str,
    prefix: &str,
    items: &BTreeMap<String, T>,
    default: &Origin,
) {
    for (k, v) in items {
        out.push(ItemOrigin {
            file,
            key: format!("{prefix}/{k}"),
            origin: v.origin(default),
        });
    }
}

/// Every item of the pack with its effective origin, in file order then key order.
pub fn item_origins(pack: &Pack) -> Vec<ItemOrigin> {
    use provenance::file_origin;
    let mut out = Vec::new();
    let m = &pack.map;
    let d = file_origin(&m.source, &m.provisional);
    push(&mut out, MAP_FILE, "map/provinces", &m.provinces, &d);
    push(&mut out, MAP_FILE, "map/cities", &m.cities, &d);
    push(&mut out, MAP_FILE, "map/sea-zones", &m.sea_zones, &d);
    push(&mut out, MAP_FILE, "map/objectives", &m.objectives, &d);
    let c = &pack.counters;
    let d = file_origin(&c.source, &c.provisional);
    push(&mut out, COUNTERS_FILE, "counters/leaders", &c.leaders, &d);
    push(&mut out, COUNTERS_FILE, "counters/units", &c.units, &d);
    let t = &pack.turns;
    let d = file_origin(&t.source, &t.provisional);
    for (k, turn) in &t.turns {
        let to = turn.origin(&d);
        out.push(ItemOrigin {
            file: TURNS_FILE,
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
                    file: TURNS_FILE,
                    key: format!("turns/{k}/{what}/{}", e.key()),
                    origin,
                });
            }
        }
    }
    let tb = &pack.tables;
    let d = file_origin(&tb.source, &tb.provisional);
    push(&mut out, TABLES_FILE, "tables", &tb.tables, &d);
    let s = &pack.scenario;
    let d = file_origin(&s.source, &s.provisional);
    push(
        &mut out,
        SCENARIO_FILE,
        "scenario/setup-codes",
        &s.setup_codes,
        &d,
    );
    push(
        &mut out,
        SCENARIO_FILE,
        "scenario/placements",
        &s.placements,
        &d,
    );
    let b = &pack.board;
    let d = file_origin(&b.source, &b.provisional);
    for (k, bx) in &b.boxes {
        out.push(ItemOrigin {
            file: BOARD_FILE,
            key: format!("board/boxes/{k}"),
            origin: or_file(file_origin(&bx.source, &bx.provisional), &d),
        });
    }
    out.push(ItemOrigin {
        file: BOARD_FILE,
        key: "board/arrows".to_string(),
        origin: d.clone(),
    });
    out.push(ItemOrigin {
        file: BOARD_FILE,
        key: "board/rules".to_string(),
        origin: or_file(file_origin(&b.rules.source, &None), &d),
    });
    out
}

fn or_file(o: Origin, file: &Origin) -> Origin {
    if o == Origin::Unmarked {
        file.clone()
    } else {
        o
    }
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
