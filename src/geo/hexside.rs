//! Hexsides (the edge two neighbouring hexes share), their features, and hex terrain.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::hex::{Convention, Hex, HexError};

/// The terrain of a hex (Romans [5.35], Macedonians [5.27]). `Sea` and `Lake` hold no land.
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
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    /// Clear.
    Clear,
    /// Rough.
    Rough,
    /// Desert.
    Desert,
    /// Marsh (Macedonians [5.27]).
    Marsh,
    /// All-sea hex.
    Sea,
    /// All-lake hex.
    Lake,
}

impl Terrain {
    /// The name pack files use (`clear`, `sea`…).
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Rough => "rough",
            Terrain::Desert => "desert",
            Terrain::Marsh => "marsh",
            Terrain::Sea => "sea",
            Terrain::Lake => "lake",
        }
    }
    /// Whether the hex holds any land.
    pub fn is_land(self) -> bool {
        !matches!(self, Terrain::Sea | Terrain::Lake)
    }
}

/// A feature along a hexside (Romans [5.35], [5.42]–[5.43], Macedonians [5.27], [5.32]–[5.37]).
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
#[serde(rename_all = "kebab-case")]
pub enum HexsideFeature {
    /// A river runs along it.
    River,
    /// Impassable mountain hexside.
    Mountain,
    /// Water along the whole hexside between two land hexes.
    AllSea,
    /// Lake water along the whole hexside.
    AllLake,
    /// Land along the whole hexside between two water hexes (fleets may not cross).
    AllLand,
    /// A narrow channel.
    Strait,
    /// A ferry across water.
    Ferry,
    /// A bridge across water.
    Bridge,
    /// Blocked hexside.
    Blocked,
}

impl HexsideFeature {
    /// The name pack files use (`river`, `all-sea`…).
    pub fn name(self) -> &'static str {
        match self {
            HexsideFeature::River => "river",
            HexsideFeature::Mountain => "mountain",
            HexsideFeature::AllSea => "all-sea",
            HexsideFeature::AllLake => "all-lake",
            HexsideFeature::AllLand => "all-land",
            HexsideFeature::Strait => "strait",
            HexsideFeature::Ferry => "ferry",
            HexsideFeature::Bridge => "bridge",
            HexsideFeature::Blocked => "blocked",
        }
    }
    /// A list as pack files write it: `[all-sea, ferry]`.
    pub fn list(features: &[HexsideFeature]) -> String {
        let v: Vec<&str> = features.iter().map(|f| f.name()).collect();
        format!("[{}]", v.join(", "))
    }
}

/// The hexside between two neighbouring hexes, stored with the lower hex number first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hexside {
    /// The lower-numbered hex.
    pub a: Hex,
    /// The higher-numbered hex.
    pub b: Hex,
}

/// Errors reading a hexside key `AAAA/BBBB`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexsideError {
    /// Not two hex numbers joined by `/`.
    #[error("`{0}` is not a hexside: write two hex numbers as \"AAAA/BBBB\"")]
    Shape(String),
    /// A bad hex number.
    #[error(transparent)]
    Hex(#[from] HexError),
    /// The two hexes do not touch.
    #[error("`{0}`: the two hexes are not neighbours")]
    NotNeighbours(String),
    /// The higher number is written first.
    #[error("`{0}`: write the lower hex number first")]
    Order(String),
}

impl Hexside {
    /// The hexside between `x` and `y`, if they are neighbours.
    pub fn between(x: Hex, y: Hex, conv: Convention) -> Option<Hexside> {
        x.direction_to(y, conv)?;
        Some(if x < y {
            Hexside { a: x, b: y }
        } else {
            Hexside { a: y, b: x }
        })
    }
    /// The six hexsides of a hex, clockwise from north.
    pub fn of(h: Hex, conv: Convention) -> [Hexside; 6] {
        h.neighbours(conv).map(|n| {
            if h < n {
                Hexside { a: h, b: n }
            } else {
                Hexside { a: n, b: h }
            }
        })
    }
    /// Reads `AAAA/BBBB` (lower number first, neighbours).
    ///
    /// Errors: [`HexsideError`].
    pub fn parse(text: &str, conv: Convention) -> Result<Hexside, HexsideError> {
        let (x, y) = text
            .split_once('/')
            .ok_or_else(|| HexsideError::Shape(text.to_string()))?;
        let (x, y) = (Hex::parse(x)?, Hex::parse(y)?);
        if x >= y {
            return Err(HexsideError::Order(text.to_string()));
        }
        Hexside::between(x, y, conv).ok_or_else(|| HexsideError::NotNeighbours(text.to_string()))
    }
    /// The hex across the hexside from `h` (`None` if `h` is not one of its two).
    pub fn other(&self, h: Hex) -> Option<Hex> {
        if h == self.a {
            Some(self.b)
        } else if h == self.b {
            Some(self.a)
        } else {
            None
        }
    }
}

impl fmt::Display for Hexside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.a, self.b)
    }
}
