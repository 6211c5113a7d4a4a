//! Hex maps as data: the typed form of a map file (format 1, `scenarios/conquerors/maps/FORMAT.md`,
//! meant for every hex-map game), loaded through `pack` (provenance on the file and on every
//! hex, hexside, road, region, place and variant), and [`HexMap`], its index for rules and
//! movement. Map checks are in [`super::hexmap_check`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::hex::{Convention, Hex, HexKey};
use super::hexside::{Hexside, HexsideFeature, Terrain};
use super::movement::Board;
use crate::pack::Item;

/// An inclusive range of printed numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Span {
    /// First printed number.
    pub first: i32,
    /// Last printed number.
    pub last: i32,
}

/// The grid of a map: convention and extent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    /// Which columns sit lower.
    pub convention: Convention,
    /// Printed columns.
    pub columns: Span,
    /// Printed rows.
    pub rows: Span,
}

/// How another map's numbers line up with this one: its (c, r) is this map's
/// (c + columns, r + rows) (Romans [20.21]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// The other map's id.
    pub map: String,
    /// Column offset (even).
    pub columns: i32,
    /// Row offset.
    pub rows: i32,
}

/// Kind of a region.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum RegionKind {
    /// A country the rules name (Italy, Greece, Asia…).
    Country,
    /// A satrapy (The Macedonians).
    Satrapy,
    /// One side of a line the rules draw (the Winter Line).
    LineSide,
    /// Any other area.
    Area,
}

/// A region the rules use. Key: its id (`roman-soil`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Region {
    /// Name as the text spells it.
    pub name: String,
    /// Kind.
    pub kind: RegionKind,
    /// Capital hex (satrapies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capital: Option<String>,
    /// Supply points (satrapies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<u32>,
}

/// City class (Romans [13.1]): A, B, C or D.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
pub enum CityClass {
    /// Class A.
    A,
    /// Class B.
    B,
    /// Class C.
    C,
    /// Class D.
    D,
}

/// A city in a hex.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct City {
    /// Name as the text spells it.
    pub name: String,
    /// Class letter.
    pub class: CityClass,
    /// Other names of the same city (Rhegium with Messana).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
    /// Map-printed attributes (`walled`, `major`, `capital`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

/// One hex. Key: `CCRR`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexEntry {
    /// Terrain.
    pub terrain: Terrain,
    /// Holds both land and sea.
    #[serde(default)]
    pub coastal: bool,
    /// A port (requires `coastal`).
    #[serde(default)]
    pub port: bool,
    /// A pre-printed naval base (requires `port`).
    #[serde(default)]
    pub naval_base: bool,
    /// The city in the hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<Item<City>>,
    /// Regions the hex belongs to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    /// Neighbours across which fleets may use the port (Corinth, Romans [5.33]); empty = all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fleet_sides: Vec<String>,
    /// Other printed properties (`pass`, `sea-lane`, `island`, `entry`, `supply-source`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// A printed label that is not a city.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// A hexside with features. Key: `AAAA/BBBB`, lower number first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideEntry {
    /// Features along it.
    pub features: Vec<HexsideFeature>,
    /// The port hex whose crossing this is (a blockade there closes it, Romans [5.32]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via: Option<String>,
    /// Free note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A road: a path of neighbouring hexes, joining each consecutive pair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Road {
    /// Id (`via-appia`).
    pub id: String,
    /// Name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `roman-road` (Romans [5.44]) or `royal-road` (the RPH, Macedonians [5.41]).
    pub kind: String,
    /// The hexes in order.
    pub hexes: Vec<String>,
}

/// A named place of the gazetteer. Key: its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Place {
    /// Name as the text spells it.
    pub name: String,
    /// `city`, `island`, `pass`, `box`, `hex`, `area`, `river`, `sea`.
    pub kind: String,
    /// Its hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    /// Its hexes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hexes: Vec<String>,
    /// For a box: the hexes next to it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub adjacent: Vec<String>,
    /// The text prints the hex number.
    #[serde(default)]
    pub printed: bool,
}

/// A partial hex entry of a variant: only the fields named change.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexPatch {
    /// Terrain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<Terrain>,
    /// Coastal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coastal: Option<bool>,
    /// Port.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<bool>,
    /// Naval base.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub naval_base: Option<bool>,
    /// City.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<Item<City>>,
    /// Regions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<Vec<String>>,
    /// Tags.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
}

/// Another game's changes to this map (The Romans' use of the Macedonians map).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// Hexes changed, field by field.
    #[serde(default)]
    pub hexes: BTreeMap<String, Item<HexPatch>>,
}

/// A map file (format 1). Its file-level `source:` / `provisional:` are on the [`Item`] holding it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    /// Map id (`romans`, `macedonians`), matching the file name.
    pub map: String,
    /// Title.
    pub title: String,
    /// Format version (1).
    pub format: u32,
    /// Grid.
    pub grid: Grid,
    /// Maps joined to this one.
    #[serde(default)]
    pub joins: Vec<Item<Join>>,
    /// Regions by id.
    #[serde(default)]
    pub regions: BTreeMap<String, Item<Region>>,
    /// Every hex of the grid, by `CCRR`.
    pub hexes: BTreeMap<String, Item<HexEntry>>,
    /// Hexsides with features, by `AAAA/BBBB`.
    #[serde(default)]
    pub hexsides: BTreeMap<String, Item<HexsideEntry>>,
    /// Roads.
    #[serde(default)]
    pub roads: Vec<Item<Road>>,
    /// Gazetteer.
    #[serde(default)]
    pub places: BTreeMap<String, Item<Place>>,
    /// Variants by the game applying them.
    #[serde(default)]
    pub variants: BTreeMap<String, Item<Variant>>,
}

impl MapFile {
    /// The map as the game `game` uses it: its variant's hex patches applied field by field
    /// (a patched hex takes the variant's provenance). Unchanged if the map has no such variant.
    pub fn with_variant(&self, game: &str) -> MapFile {
        let mut m = self.clone();
        let Some(v) = self.variants.get(game) else {
            return m;
        };
        for (k, p) in &v.hexes {
            let Some(h) = m.hexes.get_mut(k) else {
                continue;
            };
            if let Some(t) = p.terrain {
                h.terrain = t;
            }
            if let Some(c) = p.coastal {
                h.coastal = c;
            }
            if let Some(x) = p.port {
                h.port = x;
            }
            if let Some(x) = p.naval_base {
                h.naval_base = x;
            }
            if let Some(c) = &p.city {
                h.city = Some(c.clone());
            }
            if let Some(r) = &p.regions {
                h.regions = r.clone();
            }
            if let Some(t) = &p.tags {
                h.tags = t.clone();
            }
            let prov = if p.provenance == Default::default() {
                &v.provenance
            } else {
                &p.provenance
            };
            h.provenance = prov.clone();
        }
        m
    }
}

/// A map indexed by [`Hex`]: terrain, hexside features and road links, for rules and movement.
/// Entries whose keys do not read are left out (the map check reports them).
#[derive(Debug, Clone)]
pub struct HexMap {
    /// Map id.
    pub id: String,
    /// Grid convention.
    pub convention: Convention,
    /// Hexes by number.
    pub hexes: BTreeMap<Hex, HexEntry>,
    /// Hexside features, by hexside.
    pub hexsides: BTreeMap<Hexside, Vec<HexsideFeature>>,
    /// Road links between neighbours: hexside → road kinds.
    pub roads: BTreeMap<Hexside, Vec<String>>,
}

impl HexMap {
    /// Indexes a map file.
    pub fn new(f: &MapFile) -> HexMap {
        let conv = f.grid.convention;
        let hexes = f
            .hexes
            .iter()
            .filter_map(|(k, v)| Some((Hex::parse(k).ok()?, v.item.clone())))
            .collect();
        let mut hexsides: BTreeMap<Hexside, Vec<HexsideFeature>> = BTreeMap::new();
        for (k, v) in &f.hexsides {
            if let Ok(s) = Hexside::parse(k, conv) {
                hexsides
                    .entry(s)
                    .or_default()
                    .extend(v.features.iter().copied());
            }
        }
        let mut roads: BTreeMap<Hexside, Vec<String>> = BTreeMap::new();
        for r in &f.roads {
            let hs: Vec<Option<Hex>> = r.hexes.iter().map(|h| Hex::parse(h).ok()).collect();
            for w in hs.windows(2) {
                if let (Some(a), Some(b)) = (w[0], w[1]) {
                    if let Some(s) = Hexside::between(a, b, conv) {
                        roads.entry(s).or_default().push(r.kind.clone());
                    }
                }
            }
        }
        HexMap {
            id: f.map.clone(),
            convention: conv,
            hexes,
            hexsides,
            roads,
        }
    }

    /// The hex entry of `h`.
    pub fn hex(&self, h: Hex) -> Option<&HexEntry> {
        self.hexes.get(&h)
    }

    /// The hex holding the city named `name` (or one of its other names).
    pub fn city(&self, name: &str) -> Option<Hex> {
        self.hexes
            .iter()
            .find(|(_, e)| {
                e.city
                    .as_ref()
                    .is_some_and(|c| c.name == name || c.also.iter().any(|a| a == name))
            })
            .map(|(h, _)| *h)
    }

    /// The key of a hex of this map.
    pub fn key(&self, h: Hex) -> HexKey {
        HexKey {
            map: self.id.clone(),
            hex: h,
        }
    }
}

impl Board for HexMap {
    fn convention(&self) -> Convention {
        self.convention
    }
    fn terrain(&self, h: Hex) -> Option<Terrain> {
        self.hexes.get(&h).map(|e| e.terrain)
    }
    fn features(&self, side: &Hexside) -> Vec<HexsideFeature> {
        self.hexsides.get(side).cloned().unwrap_or_default()
    }
    fn roads(&self, from: Hex, to: Hex) -> Vec<String> {
        Hexside::between(from, to, self.convention)
            .and_then(|s| self.roads.get(&s).cloned())
            .unwrap_or_default()
    }
}

/// A data pack holding hex maps, for `legatus data map` (one per game system with maps).
#[derive(Debug, Clone, Copy)]
pub struct MapPack {
    /// The pack's name, as in `pack::PackKind::name` (`conquerors`).
    pub pack: &'static str,
    /// The game system's name for the picture's title (`The Conquerors`).
    pub system: &'static str,
    /// Loads and validates the pack folder and returns its maps by id.
    ///
    /// Errors: the pack's loading errors, or [`crate::pack::DataError::Invalid`].
    pub maps: fn(&std::path::Path) -> Result<BTreeMap<String, MapFile>, crate::pack::DataError>,
}
