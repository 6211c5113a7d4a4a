//! One folder per game system. Games share the dice API, `pack/` and `geo/`, never each other's code.

pub mod alexandros;
pub mod conquerors;

use crate::ruleset::Registry;

/// Adds the games built into this binary to `registry`.
pub fn register_builtin(registry: Registry) -> Registry {
    registry
        .register(alexandros::Alexandros)
        .register(conquerors::romans::Romans)
        .register(conquerors::macedonians::Macedonians)
}

/// The data packs built into this binary, for `legatus data check scenarios/<game>`.
pub fn builtin_packs() -> crate::pack::Registry {
    crate::pack::Registry::new()
        .register(alexandros::data::PACK)
        .register(conquerors::data::PACK)
}

/// The files of the data pack `name` (`alexandros`, `conquerors`) as compiled into the binary,
/// as `(file name, text)`; None for a pack this binary does not embed.
pub fn embedded_pack_files(name: &str) -> Option<Vec<(&'static str, &'static str)>> {
    match name {
        "alexandros" => Some(alexandros::data::embedded_files()),
        "conquerors" => Some(conquerors::data::embedded_files()),
        _ => None,
    }
}

/// The data packs with hex maps, for `legatus data map scenarios/<game> --map ID`.
pub fn builtin_map_packs() -> Vec<crate::geo::hexmap::MapPack> {
    vec![conquerors::data::MAPS]
}
