//! legatus: a turn processor for historical board wargames played by email and on forums.
//!
//! Layers, top to bottom (arrows point down only; see ARCHITECTURE.md):
//! `cli` → `transport` → `engine` → `protocol`; `engine` → `ruleset` ← `games`; `games` → `geo` (planned, for the hex-map games).

pub mod cli;
pub mod engine;
pub mod games;
pub mod geo;
pub mod names;
pub mod pack;
pub mod protocol;
pub mod render;
pub mod report;
pub mod ruleset;
pub mod transport;
pub mod view;
