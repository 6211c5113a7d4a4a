//! Hexes numbered `CCRR` (column, row; printed, 1-based), per-map grid conventions, cube
//! coordinates, neighbours, distance, hexes within N and lines of hexes. Integer arithmetic only.
//!
//! Flat-topped hexes stand in vertical columns; one column parity sits half a hex lower than
//! the other. The Conquerors maps lower the **even** columns (digest-conquerors-romans §6.2,
//! derived from the rules' examples); the Ancient World maps lower the **odd** ones
//! (reference/carthage-maps).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which printed columns sit half a hex lower than their neighbours.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum Convention {
    /// Flat-topped, even columns lower (The Conquerors: Romans [6.24], Macedonians [5.37]).
    #[serde(rename = "flat-even-columns-low")]
    EvenColumnsLow,
    /// Flat-topped, odd columns lower (The Ancient World, AW Carthage map notes).
    #[serde(rename = "flat-odd-columns-low")]
    OddColumnsLow,
}

/// A hex by its printed column and row (`CCRR`, each 1–99 printed as two digits; 0 allowed
/// for a column or row printed `00`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex {
    /// Printed column.
    pub col: i32,
    /// Printed row.
    pub row: i32,
}

/// One of the six directions from a hex to a neighbour (flat-topped: no east or west).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// Same column, row − 1.
    N,
    /// Next column, upper neighbour.
    NE,
    /// Next column, lower neighbour.
    SE,
    /// Same column, row + 1.
    S,
    /// Previous column, lower neighbour.
    SW,
    /// Previous column, upper neighbour.
    NW,
}

impl Direction {
    /// The six, clockwise from north.
    pub const ALL: [Direction; 6] = [
        Direction::N,
        Direction::NE,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::NW,
    ];
    /// Cube step (dx, dz) of the direction (dy = −dx − dz).
    fn cube(self) -> (i32, i32) {
        match self {
            Direction::N => (0, -1),
            Direction::NE => (1, -1),
            Direction::SE => (1, 0),
            Direction::S => (0, 1),
            Direction::SW => (-1, 1),
            Direction::NW => (-1, 0),
        }
    }
}

/// Cube coordinates (x + y + z = 0) of a hex under a convention.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cube {
    /// x = column.
    pub x: i32,
    /// y = −x − z.
    pub y: i32,
    /// z: the row shifted by half the column.
    pub z: i32,
}

impl Cube {
    /// Hex distance between two cube positions.
    pub fn distance(self, o: Cube) -> u32 {
        (self.x - o.x)
            .unsigned_abs()
            .max((self.y - o.y).unsigned_abs())
            .max((self.z - o.z).unsigned_abs())
    }
}

/// Errors reading a hex number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a hex number: {why} (four digits CCRR, e.g. \"0507\")")]
pub struct HexError {
    /// The text read.
    pub text: String,
    /// What is wrong.
    pub why: &'static str,
}

impl Hex {
    /// A hex from its printed column and row.
    pub const fn new(col: i32, row: i32) -> Hex {
        Hex { col, row }
    }

    /// Reads `CCRR`: exactly four ASCII digits (`"0507"` is column 5, row 7).
    ///
    /// Errors: [`HexError`] naming the text.
    pub fn parse(text: &str) -> Result<Hex, HexError> {
        let b = text.as_bytes();
        if b.len() != 4 {
            return Err(HexError {
                text: text.to_string(),
                why: "not four characters",
            });
        }
        if !b.iter().all(u8::is_ascii_digit) {
            return Err(HexError {
                text: text.to_string(),
                why: "not all digits",
            });
        }
        let d = |i: usize| i32::from(b[i] - b'0');
        Ok(Hex::new(d(0) * 10 + d(1), d(2) * 10 + d(3)))
    }

    /// Whether the hex prints as a four-digit number (columns and rows 0–99).
    pub fn printable(self) -> bool {
        (0..=99).contains(&self.col) && (0..=99).contains(&self.row)
    }

    /// Cube coordinates under `conv` (digest-conquerors-romans §6.2 for even columns low:
    /// x = c, z = r − (c + (c & 1)) / 2; for odd columns low z = r − (c − (c & 1)) / 2).
    pub fn cube(self, conv: Convention) -> Cube {
        let c = self.col;
        let odd = c.rem_euclid(2);
        let z = match conv {
            Convention::EvenColumnsLow => self.row - (c + odd).div_euclid(2),
            Convention::OddColumnsLow => self.row - (c - odd).div_euclid(2),
        };
        Cube { x: c, y: -c - z, z }
    }

    /// The hex at cube position `q` under `conv`.
    pub fn from_cube(q: Cube, conv: Convention) -> Hex {
        let c = q.x;
        let odd = c.rem_euclid(2);
        let row = match conv {
            Convention::EvenColumnsLow => q.z + (c + odd).div_euclid(2),
            Convention::OddColumnsLow => q.z + (c - odd).div_euclid(2),
        };
        Hex::new(c, row)
    }

    /// The neighbour in direction `d` (may lie off any map).
    pub fn neighbour(self, d: Direction, conv: Convention) -> Hex {
        let q = self.cube(conv);
        let (dx, dz) = d.cube();
        Hex::from_cube(
            Cube {
                x: q.x + dx,
                y: q.y - dx - dz,
                z: q.z + dz,
            },
            conv,
        )
    }

    /// The six neighbours, clockwise from north.
    pub fn neighbours(self, conv: Convention) -> [Hex; 6] {
        Direction::ALL.map(|d| self.neighbour(d, conv))
    }

    /// The direction from `self` to the adjacent `other`, if they are neighbours.
    pub fn direction_to(self, other: Hex, conv: Convention) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|d| self.neighbour(*d, conv) == other)
    }

    /// Hex distance (the number of hexes entered on the shortest path, terrain ignored).
    pub fn distance(self, other: Hex, conv: Convention) -> u32 {
        self.cube(conv).distance(other.cube(conv))
    }

    /// Every hex within `n` hexes (the hex itself included), ordered by hex number. Zones of
    /// interception are `within` of a Force's hex (Romans [6.21]).
    pub fn within(self, n: u32, conv: Convention) -> Vec<Hex> {
        let q = self.cube(conv);
        let n = n as i32;
        let mut out = Vec::new();
        for dx in -n..=n {
            for dz in (-n).max(-dx - n)..=n.min(-dx + n) {
                out.push(Hex::from_cube(
                    Cube {
                        x: q.x + dx,
                        y: q.y - dx - dz,
                        z: q.z + dz,
                    },
                    conv,
                ));
            }
        }
        out.sort();
        out
    }

    /// The line of hexes from `self` to `to`, both included: the hexes a straight line between
    /// the two centres passes through, one per step (distance + 1 hexes). Where the line runs
    /// exactly along a hexside it takes the hex on a fixed side (a nudge toward +x, +y), so the
    /// result is deterministic. Integer arithmetic only.
    pub fn line(self, to: Hex, conv: Convention) -> Vec<Hex> {
        let (a, b) = (self.cube(conv), to.cube(conv));
        let n = a.distance(b) as i64;
        if n == 0 {
            return vec![self];
        }
        // Positions scaled by 6n; the nudge (+1, +1, −2) breaks ties and keeps the sum zero.
        let den = 6 * n;
        let lerp = |p: i32, q: i32, i: i64, e: i64| -> i64 {
            i64::from(p) * den + (i64::from(q) - i64::from(p)) * 6 * i + e
        };
        let round = |v: i64| -> i64 { (2 * v + den).div_euclid(2 * den) };
        (0..=n)
            .map(|i| {
                let (x, y, z) = (
                    lerp(a.x, b.x, i, 1),
                    lerp(a.y, b.y, i, 1),
                    lerp(a.z, b.z, i, -2),
                );
                let (rx, ry, rz) = (round(x), round(y), round(z));
                let (ex, ey, ez) = (
                    (rx * den - x).abs(),
                    (ry * den - y).abs(),
                    (rz * den - z).abs(),
                );
                // The component rounded furthest is the one recomputed from the other two.
                let (fx, fz) = if ex > ey && ex > ez {
                    (-ry - rz, rz)
                } else if ey > ez {
                    (rx, rz)
                } else {
                    (rx, -rx - ry)
                };
                Hex::from_cube(
                    Cube {
                        x: fx as i32,
                        y: (-fx - fz) as i32,
                        z: fz as i32,
                    },
                    conv,
                )
            })
            .collect()
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}{:02}", self.col, self.row)
    }
}

/// A hex of a named map: `(map, hex)`. Two maps may print the same numbers (the Syrian War
/// joins The Romans and The Macedonians maps: Capua 3317 on one, Antioch 3317 on the other).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HexKey {
    /// Map id (`romans`, `macedonians`, `It`, `Cr`).
    pub map: String,
    /// The hex on that map.
    pub hex: Hex,
}

impl HexKey {
    /// Reads a prefixed hex `It-3714` (map `It`); a bare `3714` is on `default_map`.
    ///
    /// Errors: [`HexError`] for a bad number.
    pub fn parse(text: &str, default_map: &str) -> Result<HexKey, HexError> {
        match text.split_once('-') {
            Some((map, num)) if !map.is_empty() => Ok(HexKey {
                map: map.to_string(),
                hex: Hex::parse(num)?,
            }),
            _ => Ok(HexKey {
                map: default_map.to_string(),
                hex: Hex::parse(text)?,
            }),
        }
    }
}

impl fmt::Display for HexKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.map, self.hex)
    }
}

/// Two maps joined edge to edge: a hex (c, r) of `map` is the hex (c + columns, r + rows) of
/// the base map (Romans [20.21]: 0102 on The Macedonians is 6120 on The Romans, so the offset
/// is 60 columns, 18 rows). The column offset must be even, so column parity — and with it the
/// grid convention — carries over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seam {
    /// The base map whose numbers are kept.
    pub base: String,
    /// The joined map.
    pub map: String,
    /// Columns added to a joined-map hex.
    pub columns: i32,
    /// Rows added.
    pub rows: i32,
}

impl Seam {
    /// A seam; `None` if the column offset is odd (the two grids would not mesh).
    pub fn new(base: &str, map: &str, columns: i32, rows: i32) -> Option<Seam> {
        (columns.rem_euclid(2) == 0).then(|| Seam {
            base: base.to_string(),
            map: map.to_string(),
            columns,
            rows,
        })
    }
    /// A hex of either map in the base map's numbering (joined hexes may lie past column 99).
    pub fn to_base(&self, k: &HexKey) -> Option<Hex> {
        if k.map == self.base {
            Some(k.hex)
        } else if k.map == self.map {
            Some(Hex::new(k.hex.col + self.columns, k.hex.row + self.rows))
        } else {
            None
        }
    }
    /// Distance between hexes of the two joined maps.
    pub fn distance(&self, a: &HexKey, b: &HexKey, conv: Convention) -> Option<u32> {
        Some(self.to_base(a)?.distance(self.to_base(b)?, conv))
    }
}
