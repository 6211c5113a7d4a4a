//! Game-agnostic data packs: the YAML files under `scenarios/<game>/` that hold every number a
//! game uses, each item marked with its provenance.
//!
//! - [`provenance`]: `source:` / `provisional:` / `player:` declared once ([`Provenance`]) and
//!   attached to any item by the wrapper [`Item<T>`], unknown fields still refused.
//! - loading: [`parse_yaml`] (strict YAML: duplicate keys refused, identifiers stay strings,
//!   errors with file:line:column) and [`read_files`] (a pack folder's files).
//! - overrides: [`apply_overrides`] merges a player's override file into any pack ([`merge`]
//!   replaces items whole by key and marks them player-supplied); [`data_hash`] pins the merged
//!   data (SHA-256 of the protocol's canonical bytes).
//! - [`check`]: the pack check framework (markings, references, symmetric adjacency); each game
//!   adds its own rule checks. [`report`]: what `legatus data check` prints.
//! - [`table`]: die-indexed tables (1d6, 2d6, d10, two d10), odds columns, column shifts.
//! - [`Registry`]: the packs this binary knows, so `legatus data check scenarios/<game>` works for
//!   every game without the CLI knowing any.

use std::collections::BTreeMap;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::Serialize;
use sha2::{Digest, Sha256};

pub mod check;
mod error;
pub mod provenance;
pub mod report;
pub mod table;

pub use check::Findings;
pub use error::{DataError, Violation};
pub use provenance::{Item, Origin, Provenance};
pub use report::{CheckReport, FileReport};
pub use table::{Dice, OddsColumn, RowIndex, Table};

/// One item of a pack with its effective origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemOrigin {
    /// Pack file holding it.
    pub file: String,
    /// Item key, e.g. `tables/minor-combat-results`, `counters/units/phalanx-1`.
    pub key: String,
    /// Effective origin.
    pub origin: Origin,
}

/// The origins of every item of `items` as `{prefix}/{key}` of `file`, items without their own
/// marking taking `file_origin`.
pub fn origins<'a, T: 'a>(
    file: &'a str,
    prefix: &'a str,
    items: &'a BTreeMap<String, Item<T>>,
    file_origin: &'a Origin,
) -> impl Iterator<Item = ItemOrigin> + 'a {
    items.iter().map(move |(k, v)| ItemOrigin {
        file: file.to_string(),
        key: format!("{prefix}/{k}"),
        origin: v.origin(file_origin),
    })
}

/// Parses one YAML document into `T` (duplicate keys rejected, only `true`/`false` are
/// booleans, numbers with leading zeros stay strings). Errors carry file, line and column.
pub fn parse_yaml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
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

/// Reads the files `names` of a pack folder, as `(file name, text)` in the order given.
///
/// Errors: [`DataError::MissingFile`] (with the path), [`DataError::Io`].
pub fn read_files<'n>(dir: &Path, names: &[&'n str]) -> Result<Vec<(&'n str, String)>, DataError> {
    let mut texts = Vec::new();
    for name in names {
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
        texts.push((*name, text));
    }
    Ok(texts)
}

/// The text of file `name` among `(file name, text)` pairs.
///
/// Errors: [`DataError::MissingFile`].
pub fn file_text<'a>(files: &[(&str, &'a str)], name: &str) -> Result<&'a str, DataError> {
    files
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| DataError::MissingFile {
            file: name.to_string(),
        })
}

/// Canonical bytes of a pack (`docs/protocol.md`: compact JSON, keys sorted, no floats).
pub fn canonical_json<P: Serialize>(pack: &P) -> Vec<u8> {
    crate::protocol::canonical::bytes(pack).expect("a pack holds no floats")
}

/// Lowercase hex SHA-256 of [`canonical_json`]: the hash a game header pins.
pub fn data_hash<P: Serialize>(pack: &P) -> String {
    hex::encode(Sha256::digest(canonical_json(pack)))
}

/// Merges override items into `base`: each replaces the base item with the same key whole (or
/// is added) and is marked as supplied by the override file `file`.
pub fn merge<T>(base: &mut BTreeMap<String, Item<T>>, over: BTreeMap<String, Item<T>>, file: &str) {
    for (k, mut v) in over {
        v.set_player(file);
        base.insert(k, v);
    }
}

/// Applies the override file `yaml` (named `file_name` in errors and in the items' `player:`
/// marking) to `pack`: parses it as `O` (unknown sections refused), merges it with `merge_into`
/// and validates the result with `validate`. On any error `pack` is left unchanged.
///
/// Errors: [`DataError::Yaml`] (with line and column) or [`DataError::Invalid`].
pub fn apply_overrides<P: Clone, O: DeserializeOwned>(
    pack: &mut P,
    file_name: &str,
    yaml: &str,
    merge_into: impl FnOnce(&mut P, O, &str),
    validate: impl FnOnce(&P) -> Vec<Violation>,
) -> Result<(), DataError> {
    let o: O = parse_yaml(file_name, yaml)?;
    let mut merged = pack.clone();
    merge_into(&mut merged, o, file_name);
    let violations = validate(&merged);
    if !violations.is_empty() {
        return Err(DataError::Invalid(violations));
    }
    *pack = merged;
    Ok(())
}

/// Parses the files `names` of a pack folder with `load` (the game's `(file name, text)` loader).
///
/// Errors: [`DataError::MissingFile`], [`DataError::Io`], or `load`'s.
pub fn read_dir<P>(
    dir: &Path,
    names: &[&str],
    load: impl FnOnce(&[(&str, &str)]) -> Result<P, DataError>,
) -> Result<P, DataError> {
    let texts = read_files(dir, names)?;
    let refs: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (*n, t.as_str())).collect();
    load(&refs)
}

/// `pack` if `validate` finds nothing wrong with it.
///
/// Errors: [`DataError::Invalid`] with every violation.
pub fn valid<P>(pack: P, validate: impl FnOnce(&P) -> Vec<Violation>) -> Result<P, DataError> {
    let v = validate(&pack);
    if v.is_empty() {
        Ok(pack)
    } else {
        Err(DataError::Invalid(v))
    }
}

/// A kind of data pack this binary can check (one per game system).
#[derive(Debug, Clone, Copy)]
pub struct PackKind {
    /// The pack's folder name under `scenarios/` (`alexandros`, `conquerors`).
    pub name: &'static str,
    /// Files that mark a folder as this kind of pack whatever it is called.
    pub markers: &'static [&'static str],
    /// Loads and validates a pack folder and reports its provenance (errors: the loading
    /// errors, or [`DataError::Invalid`] with every violation).
    pub check: fn(&Path) -> Result<CheckReport, DataError>,
}

/// The data packs a binary knows.
#[derive(Debug, Default)]
pub struct Registry {
    kinds: Vec<PackKind>,
}

impl Registry {
    /// An empty registry.
    pub fn new() -> Self {
        Registry::default()
    }
    /// Adds a pack kind.
    pub fn register(mut self, kind: PackKind) -> Self {
        self.kinds.push(kind);
        self
    }
    /// Names of the registered packs.
    pub fn names(&self) -> Vec<&'static str> {
        self.kinds.iter().map(|k| k.name).collect()
    }
    /// The kind of pack in `dir`: by folder name, else by its marker files.
    pub fn kind_of(&self, dir: &Path) -> Option<&PackKind> {
        let name = dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()));
        self.kinds
            .iter()
            .find(|k| name.as_deref() == Some(k.name))
            .or_else(|| {
                self.kinds
                    .iter()
                    .find(|k| k.markers.iter().all(|m| dir.join(m).exists()))
            })
    }
}
