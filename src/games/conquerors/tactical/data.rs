//! The Tactical Battle System data pack (`scenarios/conquerors/tactical/`, embedded): the six
//! tables (Tactical [7.5], [8.3], [9.33], [10.3], [12.4], [12.5]), the reconstructed display
//! ([2.0], [2.2]) and the counters' tactical values per game. Read through the shared `pack`
//! layer (provenance on every item, strict YAML, overrides, the data hash) and checked by
//! `legatus data check scenarios/conquerors` with [`validate`].

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::pack::table::{Dice, RowIndex};
use crate::pack::{file_text, parse_yaml, DataError, Findings, Item, ItemOrigin, Origin, Table};

/// Tables file.
pub const TABLES_FILE: &str = "tables.yaml";
/// Display file.
pub const DISPLAY_FILE: &str = "display.yaml";
/// Unit values file.
pub const UNITS_FILE: &str = "units.yaml";
/// Every file, in load order.
pub const PACK_FILES: [&str; 3] = [TABLES_FILE, DISPLAY_FILE, UNITS_FILE];

/// What a tactical table's rows are indexed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RowsBy {
    /// One die, rows 1–6.
    Die,
    /// Two dice summed, rows 2–12.
    TwoDice,
}

impl RowIndex for RowsBy {
    fn dice(&self) -> Option<Dice> {
        Some(match self {
            RowsBy::Die => Dice::D6,
            RowsBy::TwoDice => Dice::TwoD6,
        })
    }
}

/// A tactical table.
pub type TTable = Table<RowsBy>;

/// `tables.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablesFile {
    /// Tables by name.
    pub tables: BTreeMap<String, Item<TTable>>,
}

/// One section of the display as its owner sees it (Tactical [2.2]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionData {
    /// Its name.
    pub title: String,
    /// The row on the Center Line, left to right.
    pub front: Vec<String>,
    /// The row behind it.
    pub back: Vec<String>,
    /// The Flank circles.
    pub flanks: Flanks,
    /// Connecting Lines `BOX.ANCHOR BOX.ANCHOR` (`Reserve` without anchor).
    pub lines: Vec<String>,
}

/// The two Flank circles of a section (Tactical [2.32]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flanks {
    /// On the owner's left.
    pub left: String,
    /// On his right.
    pub right: String,
}

/// One side of the printed display: its two sections (Tactical [2.2]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisplayData {
    /// Its name.
    pub title: String,
    /// The sections: the first for the Roman (Manipular side) or either player.
    pub sections: Vec<String>,
}

/// `display.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DisplayFile {
    /// Sections by id.
    pub sections: BTreeMap<String, Item<SectionData>>,
    /// Display sides by id (`phalanx-formation`, `manipular-legion`).
    pub displays: BTreeMap<String, Item<DisplayData>>,
}

/// A unit's tactical class (Tactical [6.14], [6.2], [8.14], [13]).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// Phalanx ([13.4]).
    Phalanx,
    /// Hastati, principes, triarii, velites ([6.2] B).
    Legionary,
    /// Infantry-type for [6.14]: hoplites, barbarian infantry…
    HeavyInfantry,
    /// Peltasts, cardaces and their like: not infantry-type ([6.14]).
    LightInfantry,
    /// Fires only ([8.14]).
    Missile,
    /// Cavalry ([13.3]).
    Cavalry,
    /// Elephants ([13.2]).
    Elephant,
    /// Chariots ([13.1]).
    Chariot,
}

impl Class {
    /// Infantry-type for [6.14]: cavalry may not end a Movement Phase with them.
    pub fn infantry_type(self) -> bool {
        matches!(
            self,
            Class::Phalanx | Class::Legionary | Class::HeavyInfantry
        )
    }
    /// May move only straight ahead ([5.25], [13.11], [13.21], [13.41]).
    pub fn straight_only(self) -> bool {
        matches!(self, Class::Phalanx | Class::Elephant | Class::Chariot)
    }
    /// Charges two boxes ([4.2]).
    pub fn charges(self) -> bool {
        matches!(self, Class::Cavalry | Class::Elephant | Class::Chariot)
    }
}

/// A unit type's tactical values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitValues {
    /// Class.
    pub class: Class,
    /// Tactical Offensive strength of the full counter.
    pub to: u32,
    /// Tactical Defensive strength of the full counter.
    pub td: u32,
    /// Missile strength ([7.0]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missile: Option<u32>,
    /// A pure archer: range two boxes ([7.11]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub archer: bool,
}

/// A commander's tactical ratings ([12.22]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ratings {
    /// Tactical Offensive Rating.
    pub to: u32,
    /// Tactical Defensive Rating.
    pub td: u32,
}

/// A game's commanders' ratings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommanderValues {
    /// Anyone not listed.
    pub default: Item<Ratings>,
    /// A Replacement (counter back).
    pub replacement: Item<Ratings>,
    /// By draw pool (The Romans' consuls, praetors, legates, tribunes).
    #[serde(default)]
    pub pools: BTreeMap<String, Item<Ratings>>,
    /// By commander id.
    #[serde(default)]
    pub named: BTreeMap<String, Item<Ratings>>,
}

/// One game's values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameValues {
    /// By unit type id of the game's counters.
    pub unit_types: BTreeMap<String, Item<UnitValues>>,
    /// Commanders.
    pub commanders: CommanderValues,
}

/// `units.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitsFile {
    /// By game (`romans`, `macedonians`).
    pub games: BTreeMap<String, GameValues>,
}

/// The whole pack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pack {
    /// `tables.yaml`.
    pub tables: Item<TablesFile>,
    /// `display.yaml`.
    pub display: Item<DisplayFile>,
    /// `units.yaml`.
    pub units: Item<UnitsFile>,
}

impl Pack {
    /// A table by name.
    pub fn table(&self, name: &str) -> Option<&TTable> {
        self.tables.tables.get(name).map(|t| &t.item)
    }
    /// A game's values.
    pub fn game(&self, game: &str) -> Option<&GameValues> {
        self.units.games.get(game)
    }
}

/// The files as embedded in the binary.
pub fn embedded_files() -> Vec<(&'static str, &'static str)> {
    vec![
        (
            TABLES_FILE,
            include_str!("../../../../scenarios/conquerors/tactical/tables.yaml"),
        ),
        (
            DISPLAY_FILE,
            include_str!("../../../../scenarios/conquerors/tactical/display.yaml"),
        ),
        (
            UNITS_FILE,
            include_str!("../../../../scenarios/conquerors/tactical/units.yaml"),
        ),
    ]
}

/// Parses the pack from `(file, text)` pairs.
///
/// Errors: [`DataError::MissingFile`], [`DataError::Yaml`] (file, line, column).
pub fn load_texts(files: &[(&str, &str)]) -> Result<Pack, DataError> {
    let get = |n: &str| file_text(files, n);
    Ok(Pack {
        tables: parse_yaml(TABLES_FILE, get(TABLES_FILE)?)?,
        display: parse_yaml(DISPLAY_FILE, get(DISPLAY_FILE)?)?,
        units: parse_yaml(UNITS_FILE, get(UNITS_FILE)?)?,
    })
}

/// The embedded pack, validated.
///
/// Errors: loading errors, or [`DataError::Invalid`] with every violation.
pub fn load_embedded() -> Result<Pack, DataError> {
    crate::pack::valid(load_texts(&embedded_files())?, validate)
}

/// A pack folder (`scenarios/conquerors/tactical`), parsed.
///
/// Errors: a missing or unreadable file, or YAML errors.
pub fn read_dir(dir: &Path) -> Result<Pack, DataError> {
    crate::pack::read_dir(dir, &PACK_FILES, load_texts)
}

/// Each file's origin.
pub fn file_origins(p: &Pack) -> Vec<(String, Origin)> {
    vec![
        (TABLES_FILE.into(), p.tables.provenance.file_origin()),
        (DISPLAY_FILE.into(), p.display.provenance.file_origin()),
        (UNITS_FILE.into(), p.units.provenance.file_origin()),
    ]
}

/// Each item's origin.
pub fn item_origins(p: &Pack) -> Vec<ItemOrigin> {
    let mut out = Vec::new();
    let d = p.tables.provenance.file_origin();
    out.extend(crate::pack::origins(
        TABLES_FILE,
        "tables",
        &p.tables.tables,
        &d,
    ));
    let d = p.display.provenance.file_origin();
    out.extend(crate::pack::origins(
        DISPLAY_FILE,
        "sections",
        &p.display.sections,
        &d,
    ));
    out.extend(crate::pack::origins(
        DISPLAY_FILE,
        "displays",
        &p.display.displays,
        &d,
    ));
    let d = p.units.provenance.file_origin();
    for (g, v) in &p.units.games {
        out.extend(crate::pack::origins(
            UNITS_FILE,
            &format!("{g}/unit-types"),
            &v.unit_types,
            &d,
        ));
        out.extend(crate::pack::origins(
            UNITS_FILE,
            &format!("{g}/commanders/pools"),
            &v.commanders.pools,
            &d,
        ));
        out.extend(crate::pack::origins(
            UNITS_FILE,
            &format!("{g}/commanders/named"),
            &v.commanders.named,
            &d,
        ));
    }
    out
}

/// The hash that pins this pack.
pub fn hash(p: &Pack) -> String {
    crate::pack::data_hash(p)
}

const CELL_RULE: &str = "Tactical tables: every cell reads as the table's key says";

/// Every rule the pack must obey: markings, complete tables, melee cells that parse, every
/// Connecting Line between boxes of its section at a real anchor, a Reserve link on every
/// section, both displays of two known sections (Tactical [2.2]).
pub fn validate(p: &Pack) -> Vec<crate::pack::Violation> {
    let mut o = Findings::default();
    for (f, origin) in [
        (TABLES_FILE, &p.tables.provenance),
        (DISPLAY_FILE, &p.display.provenance),
        (UNITS_FILE, &p.units.provenance),
    ] {
        crate::pack::check::file_marking(&mut o, f, origin);
    }
    crate::pack::check::marked(&mut o, &item_origins(p));
    for (name, t) in &p.tables.tables {
        t.check(&mut o, TABLES_FILE, &format!("tables/{name}"), "Tactical");
    }
    for name in [
        "missile-fire",
        "melee",
        "voluntary-retreat",
        "reserve-area",
        "leader-loss",
        "wound-recovery",
    ] {
        if p.table(name).is_none() {
            o.add(TABLES_FILE, format!("tables/{name}"), CELL_RULE, "missing");
        }
    }
    if let Some(t) = p.table("melee") {
        for (r, cells) in &t.rows {
            for (c, cell) in t.columns.iter().zip(cells) {
                if super::melee::MeleeResult::parse(cell).is_none() {
                    o.add(
                        TABLES_FILE,
                        format!("tables/melee/{r}/{c}"),
                        CELL_RULE,
                        format!("`{cell}` is not A/D (-, N, R, F with an optional *) or M"),
                    );
                }
            }
        }
    }
    for (id, s) in &p.display.sections {
        check_section(&mut o, id, s);
    }
    for (id, d) in &p.display.displays {
        if d.sections.len() != 2 {
            o.add(
                DISPLAY_FILE,
                format!("displays/{id}"),
                "Tactical 2.2: each side of the display has two sections",
                "name exactly two sections",
            );
        }
        for s in &d.sections {
            if !p.display.sections.contains_key(s) {
                o.add(
                    DISPLAY_FILE,
                    format!("displays/{id}"),
                    "Tactical 2.2",
                    format!("no section {s}"),
                );
            }
        }
    }
    for need in ["phalanx-formation", "manipular-legion"] {
        if !p.display.displays.contains_key(need) {
            o.add(
                DISPLAY_FILE,
                format!("displays/{need}"),
                "Tactical 2.2",
                "missing",
            );
        }
    }
    o.0
}

fn check_section(o: &mut Findings, id: &str, s: &SectionData) {
    let rule = "Tactical 2.0, 5.11: Connecting Lines join boxes of the section at a side or corner";
    let mut boxes: BTreeSet<&str> = s.front.iter().chain(&s.back).map(String::as_str).collect();
    boxes.insert(&s.flanks.left);
    boxes.insert(&s.flanks.right);
    if s.front.len() != s.back.len() || s.front.is_empty() {
        o.add(
            DISPLAY_FILE,
            format!("sections/{id}"),
            "Tactical 2.0: four rows of boxes, two to a section",
            "front and back rows must be non-empty and of the same length",
        );
    }
    let mut reserve = false;
    for l in &s.lines {
        match super::display::parse_line(l) {
            Some((a, b)) => {
                for end in [&a, &b] {
                    match end {
                        Some((bx, _)) if !boxes.contains(bx.as_str()) => o.add(
                            DISPLAY_FILE,
                            format!("sections/{id}/lines/{l}"),
                            rule,
                            format!("no box {bx} in the section"),
                        ),
                        None => reserve = true,
                        _ => {}
                    }
                }
            }
            None => o.add(
                DISPLAY_FILE,
                format!("sections/{id}/lines/{l}"),
                rule,
                "write `BOX.ANCHOR BOX.ANCHOR` (anchors N E S W NE NW SE SW) or `BOX.ANCHOR Reserve`",
            ),
        }
    }
    if !reserve {
        o.add(
            DISPLAY_FILE,
            format!("sections/{id}"),
            "Tactical 10.13: units move in and out of the Reserve Area as a box",
            "no line joins the Reserve Area",
        );
    }
}
