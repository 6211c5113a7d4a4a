//! The game-agnostic engine: load a log, verify and replay it, apply a new
//! entry, audit the dice. It drives a ruleset through [`crate::ruleset`] and
//! knows nothing of provinces or legions.

pub mod audit;
pub mod error;
pub mod evidence;
pub mod folder;
pub mod game;
pub mod merge;
pub mod newgame;
pub mod order_file;
pub mod orders;
pub mod pages;
pub mod refusals;
pub mod render;
pub mod standing;
pub mod tasks;
pub mod verify;

pub use error::Error;
pub use game::Game;
