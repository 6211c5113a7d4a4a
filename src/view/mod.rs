//! The situation model every game fills in (ARCHITECTURE: `src/view/`): what a player sees of a
//! game at one moment — the turn and phase, each side's forces where they stand (leaders with
//! their status, units with type, strengths and steps), the places that matter (provinces or
//! hexes, with control, depletion and cities), the tracks (victory points with each source
//! named, treasuries, replacement points), what each side must do next, a battle in progress as
//! its board, and the events since the reader's last turn grouped by turn, phase and round.
//!
//! A ruleset builds a [`View`] (`Ruleset::view`); the renderers in `crate::render` draw it and
//! know no game. Positions are integers (hundredths of a degree, or hex column/row): nothing
//! here reaches state or hashes, but the model stays exact and comparable in snapshots.

pub mod hexboard;
pub mod narrative;

use serde::{Deserialize, Serialize};

pub use hexboard::{
    board_view, hex_layout, joined_layout, BoardCity, HexBoard, HexCell, HexsideView, MapLabel,
    RoadView,
};
pub use narrative::{EventGroup, NarrativeEvent};

/// The situation of a game for one reader (or for everyone: `viewer` None).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The game's title, e.g. `Alexandros: Conquest and Empire`.
    pub title: String,
    /// The turn in words, e.g. `Spring 334 BC (turn 1 of 46)`.
    pub turn: String,
    /// The phase in words, e.g. `Persian movement`.
    pub phase: String,
    /// The side this view is for (None: an open view for everyone).
    pub viewer: Option<String>,
    /// Every side, in the game's order.
    pub sides: Vec<SideView>,
    /// The map and what stands on it.
    pub map: MapView,
    /// Victory points, treasuries, replacement points.
    pub tracks: Vec<Track>,
    /// What each side must do next, one line each.
    pub next: Vec<String>,
    /// A battle in progress, as its board.
    pub battle: Option<BattleView>,
    /// How the game ended, once it has.
    pub outcome: Option<String>,
    /// Anything else worth a line (e.g. a game-wide status such as an activated ally).
    pub notes: Vec<String>,
}

/// One side and its forces.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideView {
    /// Identifier used in order files, e.g. `macedonian`.
    pub id: String,
    /// Name for people, e.g. `Macedonian`.
    pub name: String,
    /// Colour for maps and tables, `#rrggbb`.
    pub colour: String,
    /// Forces on the map, each where it stands.
    pub forces: Vec<Force>,
    /// Counters not on the map, by where they wait (pool, turn track, set aside), with counts.
    pub off_map: Vec<(String, u32)>,
}

/// A force: the leaders and units of one side at one place.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Force {
    /// Place id (a province name, a hex number `0507`).
    pub place: String,
    /// Where in the place, when it matters: `field`, or `garrison of Tyre`.
    pub at: String,
    /// Leaders, highest command first as the game orders them.
    pub leaders: Vec<LeaderView>,
    /// Units.
    pub units: Vec<UnitView>,
    /// Status of the whole force (`besieging Tyre`, `out of supply`…).
    pub status: Vec<String>,
    /// A fleet (ships, and what they carry), drawn apart from the land forces of its place.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub naval: bool,
}

impl Force {
    /// Steps left and full steps of all units.
    pub fn steps(&self) -> (u32, u32) {
        self.units.iter().fold((0, 0), |(l, f), u| {
            (l + u32::from(u.steps), f + u32::from(u.full_steps))
        })
    }
}

/// A leader.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderView {
    /// Name.
    pub name: String,
    /// Rating as the counter prints it (e.g. `4`, `3 (wounded side)`).
    pub rating: String,
    /// Status words: `wounded`, `besieged`, `routed`, `captured`…
    pub status: Vec<String>,
}

/// A combat unit.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitView {
    /// Counter code.
    pub id: String,
    /// Unit type in words (`heavy infantry`).
    pub kind: String,
    /// Short type for a counter (`HI`).
    pub short: String,
    /// Strengths at the current step as the counter prints them (`6-5`).
    pub strength: String,
    /// Steps left.
    pub steps: u8,
    /// Steps at full strength.
    pub full_steps: u8,
    /// Status words: `routed`, `moved`, `2nd line`…
    pub status: Vec<String>,
}

/// Control of a place.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Control {
    /// Held by the side with this id.
    Side(String),
    /// Independent / neutral.
    Neutral,
}

/// How the map is laid out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MapKind {
    /// Areas at real places: positions in hundredths of a degree (longitude, latitude).
    #[default]
    Provinces,
    /// A hex grid of flat-topped hexes in columns.
    Hex(HexLayout),
}

/// A hex map's conventions (per map: which columns sit half a hex lower).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexLayout {
    /// Columns on the map, numbered from `first_column`.
    pub columns: u32,
    /// Rows on the map, numbered from `first_row`.
    pub rows: u32,
    /// Number of the first column (usually 1).
    pub first_column: u32,
    /// Number of the first row (usually 1).
    pub first_row: u32,
    /// Columns whose number is odd (true) or even (false) sit half a hex lower.
    pub odd_columns_low: bool,
    /// The printed board: terrain, hexsides, cities, roads, region names (empty: a bare grid).
    #[serde(default)]
    pub board: HexBoard,
}

/// The map: places, their borders and background geography.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MapView {
    /// Layout.
    pub kind: MapKind,
    /// Every place that matters.
    pub places: Vec<PlaceView>,
    /// Borders worth drawing (mountain, impassable, river…).
    pub borders: Vec<BorderView>,
    /// Real coastlines and rivers behind the places (same coordinates as `places`).
    pub geography: Vec<GeoLine>,
    /// Names on the geography (rivers).
    pub geography_labels: Vec<GeoLabel>,
    /// Where the geography came from and its licence, for a caption.
    pub geography_source: Option<String>,
}

/// A point: hundredths of a degree (lon, lat) on a province map, or (column, row) on a hex map.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point {
    /// Longitude ×100, or hex column.
    pub x: i32,
    /// Latitude ×100, or hex row.
    pub y: i32,
}

/// A province or hex.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceView {
    /// Id (name or hex number).
    pub id: String,
    /// Name for people (may equal the id).
    pub name: String,
    /// Where it is drawn (None: not drawn on the map).
    pub at: Option<Point>,
    /// Who holds it.
    pub control: Option<Control>,
    /// Control is contested (enemy units present).
    pub contested: bool,
    /// Depleted (foraged out).
    pub depleted: bool,
    /// Terrain in words (`mountain`, `desert/wilderness`, `clear`).
    pub terrain: String,
    /// Cities and fortresses.
    pub cities: Vec<CityView>,
}

/// A city or fortress.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CityView {
    /// Name.
    pub name: String,
    /// Where it is drawn (None: at its place's position).
    pub at: Option<Point>,
    /// Wall markers.
    pub walls: u8,
    /// Whose colours the walls show (side id).
    pub wall_side: Option<String>,
    /// Garrison units (side id, unit) — the same units appear in that side's forces.
    pub garrison: Vec<String>,
    /// A siege in progress or declared, in words.
    pub siege: Option<String>,
    /// Special marks: `capital`, `objective: Babylon Treasury`, `secured`.
    pub marks: Vec<String>,
    /// A naval base made in play (the printed ones are on the board).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub naval_base: bool,
}

/// A border between two places.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BorderView {
    /// One place id.
    pub a: String,
    /// The other.
    pub b: String,
    /// `mountain`, `impassable`, `river`, `not-adjacent` (provinces drawn touching that share
    /// no border; drawn only where the picture's cells meet).
    pub kind: String,
}

/// A shape of real geography in the map's coordinates: a land or lake polygon (an outer ring
/// and its holes) or a river line.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeoLine {
    /// `land`, `lake`, `river-1` (major) … `river-3`.
    pub kind: String,
    /// Closed rings (a polygon, holes after the outer ring) or one open line.
    pub closed: bool,
    /// The rings (or the one line).
    pub rings: Vec<Vec<Point>>,
}

/// A name written on the map's geography (a river).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeoLabel {
    /// The name.
    pub name: String,
    /// Where.
    pub at: Point,
}

/// A track: a total and what it is made of.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Track {
    /// Name, e.g. `Macedonian victory points`.
    pub name: String,
    /// The side it belongs to, if any.
    pub side: Option<String>,
    /// The total in words, e.g. `14`.
    pub value: String,
    /// Each source named: (what, how much).
    pub items: Vec<(String, String)>,
}

/// A battle in progress, as its board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleView {
    /// Where the battle is fought.
    pub place: String,
    /// Round and half-round in words (`round 3, Persian half-round`, `set-up`).
    pub round: String,
    /// The boxes of the board, every side's.
    pub boxes: Vec<BoxView>,
    /// Who is engaged with whom, one line each.
    pub engaged: Vec<String>,
    /// Connecting Lines between boxes of one side's half, where a board has them (The
    /// Conquerors' Tactical Battle Display); empty: boxes stand on their own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<LineView>,
    /// What divides the two halves, in words (`Center Line`, `river`), if it is named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub center_line: Option<String>,
}

/// A Connecting Line of a battle board: two boxes of one side's half and where it meets each
/// (`N`, `NE`… as that side sees it; none: the Reserve Area).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineView {
    /// The side whose half holds both boxes.
    pub side: String,
    /// One box.
    pub from: String,
    /// Where the line meets it.
    pub from_anchor: Option<String>,
    /// The other box.
    pub to: String,
    /// Where the line meets it.
    pub to_anchor: Option<String>,
}

/// One box of a battle board.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoxView {
    /// The side whose display holds the box.
    pub side: String,
    /// Box name (`Left`, `Center`, `Routed`…).
    pub name: String,
    /// Grid position on that side's half of the board: column (0 = left) and row (0 = front).
    pub col: u8,
    /// Row: 0 = the battle line facing the enemy, counting back.
    pub row: u8,
    /// Units in the box; `status` holds `2nd line` for the second line.
    pub units: Vec<UnitView>,
    /// Leaders standing in the box (with a unit, or alone).
    pub leaders: Vec<String>,
    /// The side whose units stand in the box, if any.
    pub occupant: Option<String>,
    /// `box` (the default), `circle` (a Flank circle) or `reserve` (a Reserve Area, drawn the
    /// width of the half behind its rows).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub shape: String,
    /// The box's ground, when the game marks it: `rough` or `blocked` (Conquerors Tactical
    /// [8.6]); empty for open ground.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub terrain: String,
}

impl View {
    /// The side with this id.
    pub fn side(&self, id: &str) -> Option<&SideView> {
        self.sides.iter().find(|s| s.id == id)
    }
    /// The colour of a side (grey for an unknown side).
    pub fn colour(&self, id: &str) -> &str {
        self.side(id)
            .map(|s| s.colour.as_str())
            .unwrap_or("#9a9a9a")
    }
    /// The place with this id.
    pub fn place(&self, id: &str) -> Option<&PlaceView> {
        self.map.places.iter().find(|p| p.id == id)
    }
}

/// `text (rule)`, or `text` alone when it already cites `rule` or a section within
/// it (`… (Alexandros 10.2)` already cites `Alexandros 10`): no rule cited twice.
pub fn cited(text: &str, rule: &str) -> String {
    if rule.is_empty() || text.contains(rule) {
        text.to_string()
    } else {
        format!("{text} ({rule})")
    }
}

/// "1 unit", "3 units", "2 entries": a count with its noun, singular for one.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else if let Some(stem) = noun
        .strip_suffix('y')
        .filter(|s| !s.ends_with(['a', 'e', 'o', 'u']))
    {
        format!("{n} {stem}ies")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_words_no_rule_cited_twice_and_one_of_a_kind() {
        // A step prompt that cites its own section is not followed by its chapter again.
        assert_eq!(
            cited("round 1 at Ionia (Alexandros 10.2)", "Alexandros 10"),
            "round 1 at Ionia (Alexandros 10.2)"
        );
        assert_eq!(cited("evade?", "Alexandros 9.2"), "evade? (Alexandros 9.2)");
        assert_eq!(count(1, "entry"), "1 entry");
        assert_eq!(count(3, "entry"), "3 entries");
        assert_eq!(count(1, "step"), "1 step");
        assert_eq!(count(0, "unit"), "0 units");
    }
}
