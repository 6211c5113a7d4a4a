//! Map models shared by the hex-map games (The Conquerors, The Ancient World). Alexandros keeps
//! its province graph in its own data pack: a border graph with one game's border types serves
//! no other game yet.
//!
//! - [`hex`]: `CCRR` hex numbers, per-map conventions (which columns sit lower), (map, hex)
//!   keys with prefixes (`It-3714`), cube coordinates, neighbours, distance, hexes within N,
//!   lines of hexes, and the seam joining two maps.
//! - [`hexside`]: hexsides (the six of a hex, the one between two hexes), their features, terrain.
//! - [`movement`]: movement-point costs as data and the paths they allow.
//! - [`hexmap`]: hex maps as data (format 1) loaded through `pack`; [`hexmap_check`] the checks
//!   every map passes.
//!
//! Integer arithmetic only.

pub mod hex;
pub mod hexmap;
pub mod hexmap_check;
pub mod hexside;
pub mod movement;

pub use hex::{Convention, Cube, Direction, Hex, HexError, HexKey, Seam};
pub use hexmap::{HexMap, MapFile};
pub use hexside::{Hexside, HexsideError, HexsideFeature, Terrain};
pub use movement::{Board, HexsideCost, MoveCosts, StepCost, StepError};
