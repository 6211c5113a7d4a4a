//! Tactical [2.0], [2.2], [4.1], [5.1]: the Tactical Battle Display built from its data — two
//! sections face each other across the Center Line, each with a front and a back row of boxes,
//! a Flank circle at each end and a Reserve Area behind; Connecting Lines join box sides and
//! corners; the Center Line is crossed to the box opposite or diagonally. Facings are kept in
//! the frame of the section a box belongs to (N toward the Center Line); crossing the line
//! turns a facing round.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::data::{Pack, SectionData};

/// The name of each side's Reserve Area.
pub const RESERVE: &str = "Reserve";

/// A unit's facing: one side of its box ([5.11]), in the frame of the box's section.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
pub enum Dir {
    /// Toward the Center Line.
    N,
    /// The section owner's right.
    E,
    /// Toward the Reserve Area.
    S,
    /// His left.
    W,
}

impl Dir {
    /// Turned round (crossing the Center Line).
    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::S => Dir::N,
            Dir::E => Dir::W,
            Dir::W => Dir::E,
        }
    }
    /// The side anchor.
    pub fn anchor(self) -> Anchor {
        match self {
            Dir::N => Anchor::N,
            Dir::E => Anchor::E,
            Dir::S => Anchor::S,
            Dir::W => Anchor::W,
        }
    }
    /// All four.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
}

/// Where a Connecting Line meets a box: a side or a corner ([5.13], [5.25]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Anchor {
    /// Front side (toward the Center Line).
    N,
    /// Corner.
    NE,
    /// Right side.
    E,
    /// Corner.
    SE,
    /// Rear side.
    S,
    /// Corner.
    SW,
    /// Left side.
    W,
    /// Corner.
    NW,
}

impl Anchor {
    /// Clockwise order from N ([13.25]).
    pub const CLOCKWISE: [Anchor; 8] = [
        Anchor::N,
        Anchor::NE,
        Anchor::E,
        Anchor::SE,
        Anchor::S,
        Anchor::SW,
        Anchor::W,
        Anchor::NW,
    ];
    /// Parses `N`, `NE`…
    pub fn parse(s: &str) -> Option<Anchor> {
        Anchor::CLOCKWISE
            .into_iter()
            .find(|a| format!("{a:?}") == s)
    }
    /// A corner ([5.25]).
    pub fn corner(self) -> bool {
        matches!(self, Anchor::NE | Anchor::SE | Anchor::SW | Anchor::NW)
    }
    /// Its position clockwise from N.
    pub fn index(self) -> usize {
        Anchor::CLOCKWISE
            .iter()
            .position(|a| *a == self)
            .unwrap_or(0)
    }
    fn touches(self, d: Dir) -> bool {
        let s = format!("{self:?}");
        s.contains(&format!("{d:?}"))
    }
}

/// The class of a side or Connecting Line for a unit of a facing ([5.13], ruling TR-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aspect {
    /// Frontal.
    Front,
    /// Flank.
    Flank,
    /// Rear.
    Rear,
}

/// [5.13] (ruling TR-3): the facing side and the two corners beside it are Frontal, the
/// opposite side and its corners Rear, the other two sides Flank.
pub fn aspect(facing: Dir, a: Anchor) -> Aspect {
    if a.touches(facing) {
        Aspect::Front
    } else if a.touches(facing.opposite()) {
        Aspect::Rear
    } else {
        Aspect::Flank
    }
}

/// A box of the display: the side whose section holds it and its name (`F3`, `LF`, `Reserve`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct BoxId {
    /// The side (0 Aggressor, 1 Resister) whose section holds the box.
    pub side: usize,
    /// Its name in that section.
    pub name: String,
}

impl BoxId {
    /// A box.
    pub fn new(side: usize, name: &str) -> Self {
        BoxId {
            side,
            name: name.to_string(),
        }
    }
    /// The box is a Reserve Area.
    pub fn is_reserve(&self) -> bool {
        self.name == RESERVE
    }
}

/// One way out of a box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exit {
    /// Where the line leaves this box (None: out of the Reserve Area).
    pub from: Option<Anchor>,
    /// The box it leads to.
    pub to: BoxId,
    /// Where it enters that box (None: into a Reserve Area).
    pub to_anchor: Option<Anchor>,
    /// Across the Center Line ([4.12]).
    pub crossing: bool,
}

impl Exit {
    /// A corner line at either end, or a diagonal crossing ([5.25], [4.12]).
    pub fn diagonal(&self) -> bool {
        self.from.is_some_and(Anchor::corner) || self.to_anchor.is_some_and(Anchor::corner)
    }
}

/// Kind of a place on the display.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// A box of a row.
    Box,
    /// A Flank circle ([2.32]).
    Flank,
    /// The Reserve Area ([10.0]).
    Reserve,
}

/// A place's position for the picture: column from the owner's left (flank circles at the
/// ends), row 0 the front.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    /// Column, 0 = the left Flank circle.
    pub col: u8,
    /// Row: 0 front, 1 back, 2 the Reserve Area.
    pub row: u8,
    /// What it is.
    pub kind: Kind,
}

/// One section in use.
#[derive(Debug, Clone)]
struct Section {
    id: String,
    title: String,
    outer: Vec<String>,
    positions: BTreeMap<String, Position>,
    lines: BTreeMap<String, Vec<Link>>,
}

/// The display of a battle: which printed side, and each side's section.
#[derive(Debug, Clone)]
pub struct Display {
    /// `phalanx-formation` or `manipular-legion` ([2.2]).
    pub id: String,
    /// Its title.
    pub title: String,
    sections: [Section; 2],
}

/// One end of a Connecting Line: a box and its anchor (None = the Reserve Area).
pub type End = Option<(String, Anchor)>;

/// A line out of a box: its anchor, the other box, the anchor there.
type Link = (Option<Anchor>, String, Option<Anchor>);

/// Parses `BOX.ANCHOR BOX.ANCHOR`; `Reserve` stands alone.
pub fn parse_line(l: &str) -> Option<(End, End)> {
    let mut it = l.split_whitespace();
    let (a, b) = (it.next()?, it.next()?);
    if it.next().is_some() {
        return None;
    }
    let end = |s: &str| -> Option<Option<(String, Anchor)>> {
        if s == RESERVE {
            return Some(None);
        }
        let (bx, an) = s.split_once('.')?;
        Some(Some((bx.to_string(), Anchor::parse(an)?)))
    };
    let (a, b) = (end(a)?, end(b)?);
    if a.is_none() && b.is_none() {
        return None;
    }
    Some((a, b))
}

fn section(id: &str, s: &SectionData) -> Section {
    let mut outer = vec![s.flanks.left.clone()];
    outer.extend(s.front.iter().cloned());
    outer.push(s.flanks.right.clone());
    let mut positions = BTreeMap::new();
    let n = s.front.len() as u8;
    positions.insert(
        s.flanks.left.clone(),
        Position {
            col: 0,
            row: 0,
            kind: Kind::Flank,
        },
    );
    positions.insert(
        s.flanks.right.clone(),
        Position {
            col: n + 1,
            row: 0,
            kind: Kind::Flank,
        },
    );
    for (i, b) in s.front.iter().enumerate() {
        positions.insert(
            b.clone(),
            Position {
                col: i as u8 + 1,
                row: 0,
                kind: Kind::Box,
            },
        );
    }
    for (i, b) in s.back.iter().enumerate() {
        positions.insert(
            b.clone(),
            Position {
                col: i as u8 + 1,
                row: 1,
                kind: Kind::Box,
            },
        );
    }
    positions.insert(
        RESERVE.into(),
        Position {
            col: 0,
            row: 2,
            kind: Kind::Reserve,
        },
    );
    let mut lines: BTreeMap<String, Vec<Link>> = BTreeMap::new();
    for l in &s.lines {
        let Some((a, b)) = parse_line(l) else {
            continue;
        };
        let name = |e: &Option<(String, Anchor)>| {
            e.as_ref()
                .map(|x| x.0.clone())
                .unwrap_or_else(|| RESERVE.into())
        };
        let anchor = |e: &Option<(String, Anchor)>| e.as_ref().map(|x| x.1);
        lines
            .entry(name(&a))
            .or_default()
            .push((anchor(&a), name(&b), anchor(&b)));
        lines
            .entry(name(&b))
            .or_default()
            .push((anchor(&b), name(&a), anchor(&a)));
    }
    Section {
        id: id.to_string(),
        title: s.title.clone(),
        outer,
        positions,
        lines,
    }
}

impl Display {
    /// [2.2]: the Manipular Legion side when `manipular` names the side whose Force is at least
    /// half Roman legion SSP (it takes the Manipular section), else the Phalanx Formation side.
    ///
    /// Errors: the pack lacks the display or a section (a pack check refuses such a pack).
    pub fn new(pack: &Pack, manipular: Option<usize>) -> Result<Display, String> {
        let id = if manipular.is_some() {
            "manipular-legion"
        } else {
            "phalanx-formation"
        };
        let d = pack
            .display
            .displays
            .get(id)
            .ok_or_else(|| format!("the pack has no display {id}"))?;
        let get = |i: usize| -> Result<Section, String> {
            let sid = d.sections.get(i).ok_or("a display needs two sections")?;
            let s = pack
                .display
                .sections
                .get(sid)
                .ok_or_else(|| format!("no section {sid}"))?;
            Ok(section(sid, s))
        };
        let (first, second) = (get(0)?, get(1)?);
        let sections = match manipular {
            Some(1) => [second, first],
            _ => [first, second],
        };
        Ok(Display {
            id: id.to_string(),
            title: d.title.clone(),
            sections,
        })
    }
    /// The section id of `side` (`phalanx`, `manipular`).
    pub fn section_id(&self, side: usize) -> &str {
        &self.sections[side].id
    }
    /// The section title of `side`.
    pub fn section_title(&self, side: usize) -> &str {
        &self.sections[side].title
    }
    /// Every place of `side`'s section, Reserve Area included.
    pub fn boxes(&self, side: usize) -> Vec<BoxId> {
        self.sections[side]
            .positions
            .keys()
            .map(|n| BoxId::new(side, n))
            .collect()
    }
    /// Where a place is drawn; None: no such place.
    pub fn position(&self, b: &BoxId) -> Option<Position> {
        self.sections.get(b.side)?.positions.get(&b.name).copied()
    }
    /// The place is a Flank circle ([2.33]).
    pub fn is_flank(&self, b: &BoxId) -> bool {
        self.position(b).is_some_and(|p| p.kind == Kind::Flank)
    }
    /// Front row of the section (on the Center Line).
    pub fn is_front(&self, b: &BoxId) -> bool {
        self.position(b).is_some_and(|p| p.row == 0)
    }
    /// Every Connecting Line and Center Line crossing out of `b` ([4.11], [4.12], [10.13]).
    pub fn exits(&self, b: &BoxId) -> Vec<Exit> {
        let s = &self.sections[b.side];
        let mut out: Vec<Exit> = s
            .lines
            .get(&b.name)
            .map(|v| {
                v.iter()
                    .map(|(a, to, ta)| Exit {
                        from: *a,
                        to: BoxId::new(b.side, to),
                        to_anchor: *ta,
                        crossing: false,
                    })
                    .collect()
            })
            .unwrap_or_default();
        if let Some(k) = s.outer.iter().position(|n| *n == b.name) {
            let other = &self.sections[1 - b.side].outer;
            let n = other.len();
            let mut cross = |from: Anchor, j: Option<usize>, ta: Anchor| {
                if let Some(j) = j.filter(|j| *j < n) {
                    out.push(Exit {
                        from: Some(from),
                        to: BoxId::new(1 - b.side, &other[j]),
                        to_anchor: Some(ta),
                        crossing: true,
                    });
                }
            };
            cross(Anchor::N, (n - 1).checked_sub(k), Anchor::N);
            cross(Anchor::NE, (n - 2).checked_sub(k), Anchor::NE);
            cross(Anchor::NW, n.checked_sub(k), Anchor::NW);
        }
        out
    }
    /// Names of every Connecting Line of a side's section, once each, for the picture:
    /// (from, from anchor, to, to anchor).
    pub fn lines(&self, side: usize) -> Vec<(BoxId, Option<Anchor>, BoxId, Option<Anchor>)> {
        let mut out = Vec::new();
        for (from, v) in &self.sections[side].lines {
            for (a, to, ta) in v {
                if from < to {
                    out.push((BoxId::new(side, from), *a, BoxId::new(side, to), *ta));
                }
            }
        }
        out
    }
    /// Finds a place by a player's name for it: `F3` (his own), `enemy F3`, `Reserve`.
    pub fn find(&self, side: usize, words: &str) -> Option<BoxId> {
        let w = words.trim();
        let (s, name) = match w.strip_prefix("enemy ") {
            Some(rest) => (1 - side, rest.trim()),
            None => (side, w),
        };
        self.sections[s]
            .positions
            .contains_key(name)
            .then(|| BoxId::new(s, name))
    }
    /// A place in the words of `side`: `F3` or `enemy F3`.
    pub fn words(&self, side: usize, b: &BoxId) -> String {
        if b.side == side {
            b.name.clone()
        } else {
            format!("enemy {}", b.name)
        }
    }
    /// Every name a side may give a place, for error messages.
    pub fn names(&self, side: usize) -> Vec<String> {
        let mut v: Vec<String> = self.sections[side].positions.keys().cloned().collect();
        v.extend(
            self.sections[1 - side]
                .positions
                .keys()
                .map(|n| format!("enemy {n}")),
        );
        v
    }
    /// The number of rows from `b` back to its section's rear: 0 for the front row of a side
    /// seen from that side; used for "toward his own lines" ([9.16]): a place's depth for
    /// `side`, larger = nearer his Reserve Area.
    pub fn depth(&self, side: usize, b: &BoxId) -> i32 {
        let row = self.position(b).map(|p| p.row as i32).unwrap_or(0);
        if b.side == side {
            row
        } else {
            -1 - row
        }
    }
}
