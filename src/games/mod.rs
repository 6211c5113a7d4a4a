//! One folder per game system. Games share the dice API (and, once the hex-map games come, `geo/`), never each other's code.

pub mod alexandros;

use crate::ruleset::Registry;

/// Adds the games built into this binary to `registry`.
pub fn register_builtin(registry: Registry) -> Registry {
    registry.register(alexandros::Alexandros)
}
