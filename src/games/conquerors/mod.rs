//! The Conquerors (SPI): The Romans, The Macedonians and the Tactical battle game, one system.
//!
//! Shared by the games: `data` (the two hex maps, movement costs, the hexes the rules print),
//! `force` (counters on the map: positions, land units in SSP, squadrons, commanders) and
//! `movement` (a commander's path on the hex map), `interception` (land zones of interception)
//! and `combat` (the strategic combat procedure on the Strategic CRT). `romans`: The Romans' own data and rules.

pub mod combat;
pub mod data;
pub mod force;
pub mod interception;
pub mod movement;
pub mod romans;
