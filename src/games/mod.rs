//! One folder per game system. Games share `geo/` and the dice API, never each other's code.

pub mod alexandros;

use crate::ruleset::Registry;

/// Adds the games built into this binary to `registry`.
pub fn register_builtin(registry: Registry) -> Registry {
    registry.register(alexandros::Alexandros)
}
