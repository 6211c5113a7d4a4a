//! The Conquerors data pack (`scenarios/conquerors`): the two hex maps (`maps/romans.yaml`,
//! `maps/macedonians.yaml`, format 1, written by `tools/mapgen`), the movement costs of each game
//! (`terrain-effects.yaml`: Romans [5.35], Macedonians [5.27]) and the hexes the rules print with
//! the role they give them (`printed-places.yaml`), read through the shared `pack` layer.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex, Weak};

use serde::{Deserialize, Serialize};

use crate::geo::hexmap::{CityClass, MapFile};
use crate::geo::{HexMap, MoveCosts};
use crate::pack::{
    data_hash, file_text, parse_yaml, CheckReport, DataError, Item, ItemOrigin, Origin,
};

mod check;

pub use check::validate;

/// Movement costs file.
pub const TERRAIN_FILE: &str = "terrain-effects.yaml";
/// The hexes the rules print.
pub const PRINTED_FILE: &str = "printed-places.yaml";
/// The Romans map.
pub const ROMANS_MAP: &str = "maps/romans.yaml";
/// The Macedonians map.
pub const MACEDONIANS_MAP: &str = "maps/macedonians.yaml";
/// Every file of the pack, in load order.
pub const PACK_FILES: [&str; 4] = [TERRAIN_FILE, PRINTED_FILE, ROMANS_MAP, MACEDONIANS_MAP];

/// `terrain-effects.yaml`: land movement costs by game (`romans`, `macedonians`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainEffects {
    /// Movement costs by game.
    pub movement: BTreeMap<String, Item<MoveCosts>>,
}

/// A role the rules give a printed hex.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// A city stands there (named `name`, with `class` when the rules give it).
    City,
    /// A port.
    Port,
    /// A pre-printed naval base.
    NavalBase,
    /// Land units stand or move there.
    Land,
}

/// A hex the rules print, with what they say is there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrintedPlace {
    /// Map id.
    pub map: String,
    /// The printed hex number.
    pub hex: String,
    /// The name the rules give it.
    pub name: String,
    /// What the rules say is there.
    pub roles: Vec<Role>,
    /// City class, when the rules give it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<CityClass>,
    /// The game whose use of the map prints it (`romans` for the Macedonians-map cities of the
    /// Syrian War, Romans [20.21]); absent = the map's own game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
}

/// `printed-places.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PrintedPlaces {
    /// The printed hexes.
    pub places: Vec<Item<PrintedPlace>>,
}

/// The whole pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pack {
    /// Movement costs.
    pub terrain: Item<TerrainEffects>,
    /// Printed hexes.
    pub printed: Item<PrintedPlaces>,
    /// The maps by id (`romans`, `macedonians`).
    pub maps: BTreeMap<String, Item<MapFile>>,
}

/// Maps already indexed, by the pack they come from (held weakly: an entry dies with its
/// pack), map id and game: indexing a map takes far longer than the rules that use it.
type Indexed = Vec<(Weak<Pack>, String, String, Arc<HexMap>)>;
static INDEXED: Mutex<Indexed> = Mutex::new(Vec::new());

impl Pack {
    /// A map as the game `game` uses it (its variant applied), indexed.
    pub fn map_for(&self, map: &str, game: &str) -> Option<HexMap> {
        self.maps
            .get(map)
            .map(|m| HexMap::new(&m.with_variant(game)))
    }

    /// [`Pack::map_for`], indexed once per pack, map and game and shared from then on (a
    /// pack never changes behind its `Arc`).
    pub fn indexed(self: &Arc<Self>, map: &str, game: &str) -> Option<Arc<HexMap>> {
        let mut cache = INDEXED.lock().unwrap_or_else(|e| e.into_inner());
        cache.retain(|(p, ..)| p.strong_count() > 0);
        let hit = cache.iter().find(|(p, m, g, _)| {
            m == map && g == game && p.upgrade().is_some_and(|p| Arc::ptr_eq(&p, self))
        });
        if let Some((.., x)) = hit {
            return Some(x.clone());
        }
        let x = Arc::new(self.map_for(map, game)?);
        cache.push((Arc::downgrade(self), map.into(), game.into(), x.clone()));
        Some(x)
    }
    /// The movement costs of a game.
    pub fn costs(&self, game: &str) -> Option<&MoveCosts> {
        self.terrain.movement.get(game).map(|c| &c.item)
    }
}

/// Builds the pack from `(file name, text)` pairs holding the [`PACK_FILES`]; only parses.
///
/// Errors: [`DataError::MissingFile`], [`DataError::Yaml`].
pub fn load_texts(files: &[(&str, &str)]) -> Result<Pack, DataError> {
    let get = |name: &str| file_text(files, name);
    let mut maps = BTreeMap::new();
    for (id, f) in [("romans", ROMANS_MAP), ("macedonians", MACEDONIANS_MAP)] {
        maps.insert(id.to_string(), parse_yaml::<Item<MapFile>>(f, get(f)?)?);
    }
    Ok(Pack {
        terrain: parse_yaml(TERRAIN_FILE, get(TERRAIN_FILE)?)?,
        printed: parse_yaml(PRINTED_FILE, get(PRINTED_FILE)?)?,
        maps,
    })
}

/// The pack's files as embedded in the binary (the games that play on these maps need them
/// without the folder).
pub fn embedded_files() -> Vec<(&'static str, &'static str)> {
    vec![
        (
            TERRAIN_FILE,
            include_str!("../../../../scenarios/conquerors/terrain-effects.yaml"),
        ),
        (
            PRINTED_FILE,
            include_str!("../../../../scenarios/conquerors/printed-places.yaml"),
        ),
        (
            ROMANS_MAP,
            include_str!("../../../../scenarios/conquerors/maps/romans.yaml"),
        ),
        (
            MACEDONIANS_MAP,
            include_str!("../../../../scenarios/conquerors/maps/macedonians.yaml"),
        ),
    ]
}

/// The embedded pack, parsed once per process, and validated in debug builds.
///
/// The embedded files are `scenarios/conquerors/` as compiled in, which the tests check
/// (`tests/conquerors_maps.rs`: `legatus data check scenarios/conquerors` and
/// `conquerors_embedded_pack_passes_its_checks`), so a release build does not check them
/// again in every process: that check was a fifth of `legatus apply` on a Romans game
/// (`docs/performance.md`).
///
/// Errors: the loading errors, or (debug builds) [`DataError::Invalid`] with every violation.
pub fn load_embedded() -> Result<Pack, DataError> {
    static PACK: std::sync::OnceLock<Result<Pack, String>> = std::sync::OnceLock::new();
    PACK.get_or_init(|| {
        load_texts(&embedded_files())
            .and_then(|p| {
                if cfg!(debug_assertions) {
                    crate::pack::valid(p, validate)
                } else {
                    Ok(p)
                }
            })
            .map_err(|e| e.to_string())
    })
    .clone()
    .map_err(|e| {
        DataError::Invalid(vec![crate::pack::Violation {
            file: "scenarios/conquerors".into(),
            item: "(embedded)".into(),
            rule: "embedded pack".into(),
            message: e,
        }])
    })
}

/// [`load_embedded`] shared: one copy per process (so the maps it indexes are indexed once,
/// [`Pack::indexed`]).
///
/// Errors: as [`load_embedded`].
pub fn embedded_shared() -> Result<Arc<Pack>, DataError> {
    static SHARED: std::sync::OnceLock<Arc<Pack>> = std::sync::OnceLock::new();
    if let Some(p) = SHARED.get() {
        return Ok(p.clone());
    }
    let p = Arc::new(load_embedded()?);
    Ok(SHARED.get_or_init(|| p).clone())
}

/// The `data_hash` of the embedded pack (computed once per process).
///
/// Errors: as [`load_embedded`].
pub fn embedded_hash() -> Result<String, DataError> {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    if let Some(h) = HASH.get() {
        return Ok(h.clone());
    }
    let h = data_hash(&*embedded_shared()?);
    Ok(HASH.get_or_init(|| h).clone())
}

/// Reads and parses a pack folder without validating it.
pub fn read_dir(dir: &Path) -> Result<Pack, DataError> {
    crate::pack::read_dir(dir, &PACK_FILES, load_texts)
}

/// Reads, parses and validates a pack folder.
///
/// Errors: the loading errors, or [`DataError::Invalid`] with every violation.
pub fn load_dir(dir: &Path) -> Result<Pack, DataError> {
    crate::pack::valid(read_dir(dir)?, validate)
}

/// The file of a map id.
fn map_file(id: &str) -> &'static str {
    if id == "romans" {
        ROMANS_MAP
    } else {
        MACEDONIANS_MAP
    }
}

/// Every item with its origin. Items of a map that carry their own marking are listed one by
/// one; the rest of each section is one entry (`maps/romans/hexes (1964 more)`) with the file's
/// origin, so the report stays readable.
pub fn item_origins(pack: &Pack) -> Vec<ItemOrigin> {
    let mut out = Vec::new();
    let d = pack.terrain.provenance.file_origin();
    out.extend(crate::pack::origins(
        TERRAIN_FILE,
        "movement",
        &pack.terrain.movement,
        &d,
    ));
    let d = pack.printed.provenance.file_origin();
    for p in &pack.printed.places {
        out.push(ItemOrigin {
            file: PRINTED_FILE.to_string(),
            key: format!("places/{}/{} {}", p.map, p.hex, p.name),
            origin: p.origin(&d),
        });
    }
    for (id, m) in &pack.maps {
        let file = map_file(id);
        let d = m.provenance.file_origin();
        let mut section = |name: &str, marks: Vec<(String, &crate::pack::Provenance)>| {
            let mut rest = 0;
            for (k, p) in marks {
                let o = p.origin(&Origin::Unmarked);
                if o == Origin::Unmarked {
                    rest += 1;
                } else {
                    out.push(ItemOrigin {
                        file: file.to_string(),
                        key: format!("maps/{id}/{name}/{k}"),
                        origin: o,
                    });
                }
            }
            if rest > 0 {
                out.push(ItemOrigin {
                    file: file.to_string(),
                    key: format!("maps/{id}/{name} ({rest} more)"),
                    origin: d.clone(),
                });
            }
        };
        section(
            "hexes",
            m.hexes
                .iter()
                .map(|(k, v)| (k.clone(), &v.provenance))
                .collect(),
        );
        section(
            "cities",
            m.hexes
                .iter()
                .filter_map(|(k, v)| {
                    v.city
                        .as_ref()
                        .map(|c| (format!("{k} {}", c.name), &c.provenance))
                })
                .collect(),
        );
        section(
            "hexsides",
            m.hexsides
                .iter()
                .map(|(k, v)| (k.clone(), &v.provenance))
                .collect(),
        );
        section(
            "roads",
            m.roads
                .iter()
                .map(|r| (r.id.clone(), &r.provenance))
                .collect(),
        );
        section(
            "regions",
            m.regions
                .iter()
                .map(|(k, v)| (k.clone(), &v.provenance))
                .collect(),
        );
        section(
            "places",
            m.places
                .iter()
                .map(|(k, v)| (k.clone(), &v.provenance))
                .collect(),
        );
        section(
            "variants",
            m.variants
                .iter()
                .map(|(k, v)| (k.clone(), &v.provenance))
                .collect(),
        );
    }
    out
}

/// The check report of a valid pack.
pub fn report(dir: &str, pack: &Pack) -> CheckReport {
    let mut files = vec![
        (
            TERRAIN_FILE.to_string(),
            pack.terrain.provenance.file_origin(),
        ),
        (
            PRINTED_FILE.to_string(),
            pack.printed.provenance.file_origin(),
        ),
    ];
    for (id, m) in &pack.maps {
        files.push((map_file(id).to_string(), m.provenance.file_origin()));
    }
    CheckReport::new(
        "Conquerors data pack",
        dir,
        data_hash(pack),
        files,
        item_origins(pack),
    )
}

/// `legatus data check scenarios/conquerors`: loads, validates and reports.
///
/// Errors: the loading errors, or [`DataError::Invalid`] with every violation.
/// Each game's pack the folder holds is loaded, checked against these maps and listed in the same
/// report, its files under its folder's name: `romans/` (The Romans' tables, counters and
/// scenarios, `romans::data::validate`), `macedonians/` (`macedonians::data::validate`) and
/// `tactical/` (the Tactical Battle System, `tactical::data::validate`). The report's data hash
/// covers every pack found.
pub fn check(dir: &Path) -> Result<CheckReport, DataError> {
    let pack = load_dir(dir)?;
    let mut r = report(&dir.display().to_string(), &pack);
    let romans_dir = dir.join("romans");
    if romans_dir.is_dir() {
        use crate::games::conquerors::romans::data as rd;
        let rp = crate::pack::valid(rd::read_dir(&romans_dir)?, |p| rd::validate(p, &pack))?;
        let hash = rd::hash(&rp);
        add_game_pack(
            &mut r,
            "romans",
            rd::file_origins(&rp),
            rd::item_origins(&rp),
            hash,
        );
    }
    let macedonians_dir = dir.join("macedonians");
    if macedonians_dir.is_dir() {
        use crate::games::conquerors::macedonians::data as md;
        let mp = crate::pack::valid(md::read_dir(&macedonians_dir)?, |p| {
            let mut v = md::validate(p, &pack);
            v.iter_mut()
                .for_each(|x| x.file = format!("macedonians/{}", x.file));
            v
        })?;
        let hash = md::hash(&mp);
        add_game_pack(
            &mut r,
            "macedonians",
            md::file_origins(&mp),
            md::item_origins(&mp),
            hash,
        );
    }
    let tactical_dir = dir.join("tactical");
    if tactical_dir.is_dir() {
        use crate::games::conquerors::tactical::data as td;
        let tp = crate::pack::valid(td::read_dir(&tactical_dir)?, td::validate)?;
        let hash = td::hash(&tp);
        add_game_pack(
            &mut r,
            "tactical",
            td::file_origins(&tp),
            td::item_origins(&tp),
            hash,
        );
    }
    Ok(r)
}

/// Lists a game's pack, found in the folder `sub`, in the Conquerors report: its files and items
/// under `sub/`, its hash chained onto the report's.
fn add_game_pack(
    r: &mut CheckReport,
    sub: &str,
    files: Vec<(String, Origin)>,
    items: Vec<ItemOrigin>,
    hash: String,
) {
    let files = files
        .into_iter()
        .map(|(f, o)| (format!("{sub}/{f}"), o))
        .collect();
    let items = items
        .into_iter()
        .map(|mut i| {
            i.file = format!("{sub}/{}", i.file);
            i
        })
        .collect();
    r.files
        .extend(CheckReport::new("", "", String::new(), files, items).files);
    r.data_hash = data_hash(&(r.data_hash.clone(), hash));
}

/// The maps of a validated pack folder by id (`romans`, `macedonians`), for `legatus data map`.
///
/// Errors: the loading errors, or [`DataError::Invalid`] with every violation.
pub fn maps(dir: &Path) -> Result<BTreeMap<String, MapFile>, DataError> {
    Ok(load_dir(dir)?
        .maps
        .into_iter()
        .map(|(id, m)| (id, m.item))
        .collect())
}

/// The Conquerors maps for `legatus data map`.
pub const MAPS: crate::geo::hexmap::MapPack = crate::geo::hexmap::MapPack {
    pack: "conquerors",
    system: "The Conquerors",
    maps,
};

/// The Conquerors pack in the registry of `legatus data check`.
pub const PACK: crate::pack::PackKind = crate::pack::PackKind {
    name: "conquerors",
    markers: &[TERRAIN_FILE, ROMANS_MAP],
    check,
};
