//! `legatus new`.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use crate::engine::newgame::{create, NewGame};
use crate::engine::Error;
use crate::protocol::log::{DiceMode, Player};
use crate::ruleset::{DataOverride, Registry};

#[derive(Args, Debug)]
pub struct NewArgs {
    /// Ruleset id (e.g. alexandros).
    #[arg(long)]
    ruleset: String,
    /// Scenario id (`legatus new --help` lists each ruleset's scenarios and their sides).
    #[arg(long, long_help = scenarios_help())]
    scenario: String,
    /// Dice mode: mutual (each entry's dice fixed by every other player's next reveal), referee, or open (seed public).
    #[arg(long, value_enum, default_value = "mutual")]
    dice: DiceArg,
    /// A participant: SIDE=NAME,EMAIL,PUBKEYFILE (the side `referee` for a referee). Repeat per player.
    #[arg(long = "player", required = true)]
    players: Vec<String>,
    /// An optional rule of the ruleset. Repeatable.
    #[arg(long = "option", long_help = options_help())]
    options: Vec<String>,
    /// A data override file (printed values replacing provisional ones). Repeatable.
    #[arg(long = "data")]
    data: Vec<PathBuf>,
    /// The game folder to create.
    #[arg(long)]
    dir: PathBuf,
    /// A fixed game id (32 hex digits) instead of a random one, to replay a game exactly
    /// (demos, tests). Never reuse an id for a second real game.
    #[arg(long, value_parser = parse_game_id)]
    game_id: Option<[u8; 16]>,
}

/// The `--scenario` help: every scenario of every ruleset, with the sides `--player` names.
fn scenarios_help() -> String {
    let mut t = String::from(
        "Scenario id. The scenarios, with the sides each --player SIDE=… must name (one player per side; add --player referee=… with --dice referee):",
    );
    for r in Registry::builtin().all() {
        for sc in r.scenarios() {
            t.push_str(&format!(
                "\n  --ruleset {} --scenario {}: {} — sides {}",
                r.id(),
                sc.id,
                sc.title,
                sc.sides.join(" and ")
            ));
        }
    }
    t
}

/// The `--option` help: every optional rule of every ruleset, with its rule section.
fn options_help() -> String {
    let mut t = String::from("An optional rule of the ruleset. Repeatable. The options:");
    for r in Registry::builtin().all() {
        for o in r.options() {
            t.push_str(&format!("\n  {} {}: {}", r.id(), o.name, o.help));
        }
    }
    t
}

/// Parses `--game-id`: 32 hex digits.
fn parse_game_id(s: &str) -> Result<[u8; 16], String> {
    let bytes = hex::decode(s).map_err(|_| {
        format!(
            "{s:?} is not a game id: a game id is 32 hex digits (0-9, a-f), e.g. the `game:` line of a log.yaml"
        )
    })?;
    bytes
        .try_into()
        .map_err(|b: Vec<u8>| format!("{} bytes; a game id is 16 bytes (32 hex digits)", b.len()))
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum DiceArg {
    Mutual,
    Referee,
    Open,
}

/// Parses `SIDE=NAME,EMAIL,PUBKEYFILE`, reading the public key file.
fn parse_player(spec: &str) -> Result<Player, Error> {
    let bad = || {
        Error::input(format!(
            "--player {spec:?}: expected SIDE=NAME,EMAIL,PUBKEYFILE"
        ))
    };
    let (side, rest) = spec.split_once('=').ok_or_else(bad)?;
    let parts: Vec<&str> = rest.splitn(3, ',').collect();
    let [name, email, file] = parts.as_slice() else {
        return Err(bad());
    };
    let key = std::fs::read_to_string(file.trim())
        .map_err(|e| Error::input(format!("--player {side}: public key file {file}: {e}")))?;
    let key = key
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim()
        .to_string();
    Ok(Player {
        side: side.trim().to_string(),
        name: name.trim().to_string(),
        email: email.trim().to_string(),
        key,
    })
}

pub fn run(registry: &Registry, a: NewArgs, out: &mut dyn Write) -> Result<(), Error> {
    let players = a
        .players
        .iter()
        .map(|p| parse_player(p))
        .collect::<Result<Vec<_>, _>>()?;
    let mut overrides = Vec::new();
    for f in &a.data {
        let text = std::fs::read_to_string(f)
            .map_err(|e| Error::input(format!("--data {}: {e}", f.display())))?;
        // The header records the file's name, never the folder it was read from: the log is
        // shared, and the same override read from another checkout must give the same game.
        let name = f
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| f.display().to_string());
        overrides.push(DataOverride { name, text });
    }
    let dice = match a.dice {
        DiceArg::Mutual => DiceMode::Mutual,
        DiceArg::Referee => DiceMode::Referee,
        DiceArg::Open => DiceMode::Open,
    };
    let spec = NewGame {
        ruleset: a.ruleset,
        scenario: a.scenario,
        dice,
        players,
        options: a.options,
        overrides,
        game_id: a.game_id,
    };
    let created = create(&spec, registry, &a.dir)?;
    let h = &created.header;
    let w = |out: &mut dyn Write, s: String| writeln!(out, "{s}").map_err(super::io);
    w(
        out,
        format!("Created game {} in {}", h.game, a.dir.display()),
    )?;
    w(
        out,
        format!(
            "Ruleset {} v{}, scenario {}, dice {}",
            h.ruleset.id, h.ruleset.version, h.scenario.id, h.dice.mode
        ),
    )?;
    w(
        out,
        format!("Scenario data pinned: sha256 {}", h.scenario.data_hash),
    )?;
    if created.provisional.is_empty() {
        w(
            out,
            "All scenario data is sourced from the rulebook text or player overrides.".into(),
        )?;
    } else {
        w(
            out,
            format!(
                "{} data items are provisional (see report.md once play starts).",
                created.provisional.len()
            ),
        )?;
    }
    w(
        out,
        format!(
            "Next: every player accepts: {}",
            h.players
                .iter()
                .map(|p| format!(
                    "`legatus accept {} --key <{}'s key>`",
                    a.dir.display(),
                    p.side
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )
}
