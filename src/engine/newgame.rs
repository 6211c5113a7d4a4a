//! `legatus new`: the header of a new game.

use std::path::Path;

use rand_core::RngCore;

use crate::protocol::canonical;
use crate::protocol::keys;
use crate::protocol::log::{
    header_yaml, DiceMode, DiceSetup, Header, Player, RulesetRef, ScenarioRef, LOG_PREAMBLE,
};
use crate::protocol::{DICE_ALGORITHM, PROTOCOL_VERSION};
use crate::ruleset::{DataOverride, Registry};

use super::folder::{write_atomic, GameDir};
use super::game::Game;
use super::Error;

/// What `legatus new` needs.
#[derive(Debug, Clone)]
pub struct NewGame {
    /// Ruleset id.
    pub ruleset: String,
    /// Scenario id.
    pub scenario: String,
    /// Dice mode.
    pub dice: DiceMode,
    /// Participants (public keys as OpenSSH lines).
    pub players: Vec<Player>,
    /// Optional rules.
    pub options: Vec<String>,
    /// Player-supplied data overrides.
    pub overrides: Vec<DataOverride>,
    /// The game id (16 bytes); `None` draws a fresh random one. A fixed id makes a game
    /// reproducible (the demo, tests): every roll of a mutual-dice game follows from the id,
    /// the players' keys and their orders. Players must never reuse an id for a second game.
    pub game_id: Option<[u8; 16]>,
}

/// A created game.
pub struct Created {
    /// The header written.
    pub header: Header,
    /// Provisional data items the game uses.
    pub provisional: Vec<String>,
}

/// Builds and checks a header (the given or a fresh random game id and, for open dice, a
/// fresh seed).
///
/// Errors: [`Error::Input`] for an unknown ruleset, scenario or option, bad
/// keys, or sides that do not match the scenario.
pub fn build_header(spec: &NewGame, registry: &Registry) -> Result<Created, Error> {
    let rules = registry.get(&spec.ruleset).ok_or_else(|| {
        Error::input(format!(
            "unknown ruleset {:?}; known: {}",
            spec.ruleset,
            registry
                .all()
                .map(|r| r.id())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })?;
    let known: Vec<String> = rules.options().into_iter().map(|o| o.name).collect();
    for o in &spec.options {
        if !known.contains(o) {
            return Err(Error::input(format!(
                "ruleset {} has no option {o:?}; options: {}",
                spec.ruleset,
                known.join(", ")
            )));
        }
    }
    for p in &spec.players {
        keys::parse_public(&p.key).map_err(|e| Error::input(format!("key of {}: {e}", p.side)))?;
    }
    let data = rules
        .load_scenario(&spec.scenario, &spec.overrides)
        .map_err(|e| Error::input(e.to_string()))?;
    let data_hash = canonical::hash_hex(&data).map_err(|e| Error::input(e.to_string()))?;
    let id = spec.game_id.unwrap_or_else(|| {
        let mut id = [0u8; 16];
        rand_core::OsRng.fill_bytes(&mut id);
        id
    });
    let seed = (spec.dice == DiceMode::Open).then(|| {
        let mut s = [0u8; 32];
        rand_core::OsRng.fill_bytes(&mut s);
        hex::encode(s)
    });
    let mut options = spec.options.clone();
    options.sort();
    options.dedup();
    let header = Header {
        legatus: PROTOCOL_VERSION,
        game: hex::encode(id),
        dice_algorithm: DICE_ALGORITHM.to_string(),
        ruleset: RulesetRef {
            id: rules.id().to_string(),
            version: rules.version().to_string(),
        },
        scenario: ScenarioRef {
            id: spec.scenario.clone(),
            data_hash,
            overrides: spec.overrides.iter().map(|o| o.name.clone()).collect(),
        },
        options,
        dice: DiceSetup {
            mode: spec.dice,
            seed,
        },
        players: spec.players.clone(),
        data,
    };
    let provisional = rules.provisional(&header.data);
    // Set-up must succeed and the players must fit the scenario: check by replaying the bare header.
    Game::new(header.clone(), registry).map_err(|e| match e {
        Error::Verify { reason, .. } => Error::Input(reason),
        other => other,
    })?;
    Ok(Created {
        header,
        provisional,
    })
}

/// Creates the game folder with its `log.yaml`. Refuses to overwrite a game.
pub fn create(spec: &NewGame, registry: &Registry, dir: &Path) -> Result<Created, Error> {
    let created = build_header(spec, registry)?;
    std::fs::create_dir_all(dir).map_err(|e| Error::input(format!("{}: {e}", dir.display())))?;
    let game = GameDir::new(dir);
    let _lock = game.lock()?;
    if game.log().exists() {
        return Err(Error::input(format!(
            "{} already holds a game; choose another --dir",
            dir.display()
        )));
    }
    let text = format!("{LOG_PREAMBLE}{}", header_yaml(&created.header));
    write_atomic(&game.log(), text.as_bytes())?;
    Ok(created)
}
