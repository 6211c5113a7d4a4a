//! `legatus demo`: a bundled scenario played from its historical fixture orders through the
//! same commands players use (`new`, `accept`, `template`, `apply`, `verify`), in mutual
//! dice with a key for each side. `--game` picks the game ([`games::GAMES`]: Alexandros, the
//! default, and The Romans).
//!
//! By default the keys and the game id are the demo's published ones ([`demo_key`], the
//! game's `game_id`): every roll follows from them and the orders, so the demo replays the
//! same campaign each time (the fixture's orders are written for those dice). `--fresh-keys`
//! plays the same orders with other dice: the parts the rules then refuse are dropped and
//! counted (`repair`), or the step falls back to its template.

mod fixture;
mod games;
mod repair;
mod sealed;
mod summary;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::engine::folder::GameDir;
use crate::engine::{orders, Error};
use crate::protocol::keys::SigningKey;
use crate::ruleset::{PendingKind, Registry};

use super::play::DemoArgs;
use fixture::{compose, season_of, Fixture};
use games::DemoGame;
use summary::{note_battles, pictures, summary, Battles};

/// The demo's published key of `side`: an ed25519 key whose seed is the SHA-256 of
/// `legatus demo key: <side>`. Anyone can sign with it: never use it in a real game.
pub fn demo_key(side: &str) -> SigningKey {
    use sha2::Digest;
    let seed: [u8; 32] = sha2::Sha256::digest(format!("legatus demo key: {side}")).into();
    SigningKey::from_seed(
        &seed,
        &format!("legatus-demo-{side} (published demo key: never use it in a real game)"),
    )
}

/// Safety cap on the entries the demo appends.
const MAX_ENTRIES: u32 = 3000;

fn say(out: &mut dyn Write, s: impl AsRef<str>) -> Result<(), Error> {
    writeln!(out, "{}", s.as_ref()).map_err(super::io)
}

/// Runs one CLI command in-process; returns its exit code and output.
fn run(registry: &Registry, args: &[&str]) -> (i32, String) {
    let mut o = Vec::new();
    let mut e = Vec::new();
    let mut argv = vec!["legatus"];
    argv.extend_from_slice(args);
    let code = super::run(registry, argv, &mut o, &mut e);
    let mut text = String::from_utf8_lossy(&o).into_owned();
    text.push_str(&String::from_utf8_lossy(&e));
    (code, text)
}

fn must(registry: &Registry, args: &[&str]) -> Result<String, Error> {
    let (code, text) = run(registry, args);
    if code == 0 {
        Ok(text)
    } else {
        Err(Error::input(format!(
            "demo: `legatus {}` failed (exit {code}):\n{text}",
            args.join(" ")
        )))
    }
}

fn p(path: &Path) -> String {
    path.display().to_string()
}

/// What the demo did, for its summary.
#[derive(Default)]
struct Tally {
    from_fixture: u32,
    from_template: u32,
    refused: u32,
    reveals: u32,
    trimmed: u32,
    seasons: Vec<String>,
    /// The season of each entry the demo made.
    season_of_entry: BTreeMap<u64, String>,
    refusals: Vec<String>,
    battles: Battles,
}

/// The demo's folders: the game, the keys and the order files applied.
struct Folders {
    game: PathBuf,
    keys: PathBuf,
    orders: PathBuf,
}

impl Folders {
    fn key(&self, side: &str) -> PathBuf {
        self.keys.join(format!("{side}.key"))
    }
}

/// The folders under `--dir` (default: a fresh temporary folder), the game not made yet.
///
/// Errors: [`Error::Input`] when DIR/game exists already.
fn folders(dir: Option<&Path>) -> Result<Folders, Error> {
    let root = match dir {
        Some(d) => {
            std::fs::create_dir_all(d).map_err(super::io)?;
            d.to_path_buf()
        }
        None => tempfile::Builder::new()
            .prefix("legatus-demo-")
            .tempdir()
            .map_err(super::io)?
            .keep(),
    };
    let f = Folders {
        game: root.join("game"),
        keys: root.join("keys"),
        orders: root.join("orders"),
    };
    if f.game.exists() {
        return Err(Error::input(format!(
            "{} already exists: give --dir an empty or new folder",
            f.game.display()
        )));
    }
    std::fs::create_dir_all(&f.keys).map_err(super::io)?;
    std::fs::create_dir_all(&f.orders).map_err(super::io)?;
    Ok(f)
}

/// `legatus new` and every side's accept, with the demo's keys (or fresh ones).
fn start(
    registry: &Registry,
    demo: &DemoGame,
    sides: &[String],
    f: &Folders,
    a: &DemoArgs,
) -> Result<(), Error> {
    for side in sides {
        let key = if a.fresh_keys {
            SigningKey::generate(&format!("legatus-demo-{side}"))?
        } else {
            demo_key(side)
        };
        key.write(&f.key(side), None)?;
    }
    let players: Vec<String> = sides
        .iter()
        .map(|side| {
            let (name, email) = demo
                .players
                .iter()
                .find(|(s, ..)| s == side)
                .map(|(_, n, e)| (n.to_string(), e.to_string()))
                .unwrap_or_else(|| (side.clone(), format!("{side}@example.org")));
            format!("{side}={name},{email},{}.pub", p(&f.key(side)))
        })
        .collect();
    let g = p(&f.game);
    let mut args = vec![
        "new",
        "--ruleset",
        demo.ruleset,
        "--scenario",
        demo.scenario,
        "--dice",
        "mutual",
    ];
    for player in &players {
        args.extend(["--player", player]);
    }
    for o in demo.options {
        args.extend(["--option", o]);
    }
    // The data overrides, written with the order files (the header records their names).
    let data: Vec<String> = demo
        .data
        .iter()
        .map(|(name, text)| {
            let path = f.orders.join(name);
            std::fs::write(&path, text).map_err(super::io)?;
            Ok(p(&path))
        })
        .collect::<Result<_, Error>>()?;
    for d in &data {
        args.extend(["--data", d]);
    }
    args.extend(["--dir", &g]);
    let game_id = a.game_id.clone().unwrap_or_else(|| demo.game_id.into());
    if !a.fresh_keys {
        args.extend(["--game-id", &game_id]);
    }
    must(registry, &args)?;
    for side in sides {
        must(registry, &["accept", &g, "--key", &p(&f.key(side))])?;
    }
    Ok(())
}

/// Applies the fixture's file `name` (`text`) for `side`'s step, dropping what the rules
/// refuse as long as the game's repair can; returns whether it was applied.
#[allow(clippy::too_many_arguments)]
fn apply_fixture(
    registry: &Registry,
    demo: &DemoGame,
    fixture: &Fixture,
    (name, text): (&str, &str),
    template: &str,
    file: &Path,
    (g, key, side, step): (&str, &str, &str, &str),
    t: &mut Tally,
) -> Result<bool, Error> {
    let standing = fixture.standing_at(side, step);
    let mut body = compose(template, text, standing, demo.placed);
    let mut dropped = Vec::new();
    let mut applied = false;
    let mut last_msg = String::new();
    for _ in 0..24 {
        std::fs::write(file, &body).map_err(super::io)?;
        let (code, msg) = run(registry, &["apply", g, "--orders", &p(file), "--key", key]);
        if code == 0 {
            applied = true;
            break;
        }
        if code != 1 {
            return Err(Error::input(format!("demo: fixture {name} failed:\n{msg}")));
        }
        last_msg = msg
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or_default()
            .to_string();
        // The refusal without the file name: `order … refused (rule): why`.
        if let Some(i) = last_msg.find("order ") {
            last_msg = last_msg[i..].to_string();
        }
        match (demo.repair)(&body, &msg) {
            Some((fixed, what)) => {
                // The first refusal in words; the others by what was dropped.
                if dropped.is_empty() {
                    dropped.push(format!("{what} ({last_msg})"));
                } else {
                    dropped.push(what);
                }
                body = fixed;
            }
            None => break,
        }
    }
    if !dropped.is_empty() {
        t.refusals.push(format!(
            "{name}: dropped {}{}",
            dropped.join(", "),
            if applied {
                ""
            } else {
                "; then fell back to the template"
            }
        ));
    }
    if applied {
        t.from_fixture += 1;
        if !dropped.is_empty() {
            t.trimmed += 1;
        }
    } else {
        t.refused += 1;
        if dropped.is_empty() {
            t.refusals
                .push(format!("{name}: {last_msg}; fell back to the template"));
        }
    }
    Ok(applied)
}

/// Plays the game from the fixture until `stop_at` (a season, or `end`).
fn play(
    registry: &Registry,
    demo: &DemoGame,
    fixture: &Fixture,
    f: &Folders,
    stop_at: &str,
) -> Result<Tally, Error> {
    let g = p(&f.game);
    let dir = GameDir::new(&f.game);
    let key_of = |side: &str| SigningKey::load(&f.key(side), None).map_err(Error::from);
    let mut t = Tally::default();
    let mut texts: sealed::Texts = fixture.orders.clone();
    let mut n = 0u32;
    loop {
        let (state, _) = dir.load(registry)?;
        note_battles(demo, &state, &t.season_of_entry, &mut t.battles);
        let Some(next) = orders::next_actor(&state, &key_of)? else {
            break;
        };
        let step = next.ahead.pending().step;
        let past_end = stop_at == "end"
            && fixture.season(&step).is_some()
            && fixture.season(&step) > fixture.last_season();
        if past_end || step.starts_with(&format!("{stop_at}/")) || step == stop_at {
            // Leave the folder as the game stands: the last entry's dice (a battle, say)
            // wait for the other side's reveal, so send it bare.
            if let Some(who) = state.awaited_revealer() {
                must(registry, &["apply", &g, "--key", &p(&f.key(&who))])?;
                t.reveals += 1;
            }
            break;
        }
        n += 1;
        if n > MAX_ENTRIES {
            break;
        }
        let season = season_of(&step).to_string();
        t.season_of_entry
            .insert(state.last_seq() + 1, season.clone());
        let over = next.ahead.pending().kind == PendingKind::GameOver;
        if !over && !t.seasons.contains(&season) {
            t.seasons.push(season);
        }
        let key = p(&f.key(&next.side));
        if !next.orders {
            must(registry, &["apply", &g, "--key", &key])?;
            t.reveals += 1;
            continue;
        }
        let template = must(
            registry,
            &["template", &g, "--side", &next.side, "--key", &key],
        )?;
        let stem = format!("{n:03}-{}-{}", step.replace('/', "-"), next.side);
        let sealed_round = next.ahead.pending().kind == PendingKind::Sealed;
        if sealed_round && next.ahead.sealed_committed().is_empty() {
            sealed::precheck(registry, demo, fixture, f, &step, &mut texts, &mut t)?;
        }
        if let Some((name, text)) = texts.get(&(next.side.clone(), step.clone())).cloned() {
            let (name, text) = (name.as_str(), text.as_str());
            let file = f.orders.join(format!("{stem}.historical.yaml"));
            let who = (g.as_str(), key.as_str(), next.side.as_str(), step.as_str());
            if apply_fixture(
                registry,
                demo,
                fixture,
                (name, text),
                &template,
                &file,
                who,
                &mut t,
            )? {
                continue;
            }
        }
        let tpl_file = f.orders.join(format!("{stem}.yaml"));
        std::fs::write(&tpl_file, &template).map_err(super::io)?;
        let (code, msg) = run(
            registry,
            &["apply", &g, "--orders", &p(&tpl_file), "--key", &key],
        );
        if code != 0 {
            // Templates are legal as they stand: a refusal here is a bug to report.
            return Err(Error::input(format!(
                "demo: the template default for {step} was refused:\n{msg}"
            )));
        }
        t.from_template += 1;
    }
    Ok(t)
}

pub fn demo(registry: &Registry, a: DemoArgs, out: &mut dyn Write) -> Result<(), Error> {
    let started = std::time::Instant::now();
    let demo = games::find(a.game.as_deref()).ok_or_else(|| {
        Error::input(format!(
            "there is no demo of {:?}; the demos are {}",
            a.game.as_deref().unwrap_or_default(),
            games::GAMES
                .iter()
                .map(|g| g.name)
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })?;
    let rules = registry
        .get(demo.ruleset)
        .ok_or_else(|| Error::input(format!("this legatus has no ruleset {}", demo.ruleset)))?;
    let options: Vec<String> = demo.options.iter().map(|o| o.to_string()).collect();
    let sides = rules.sides(demo.scenario, &options);
    let f = folders(a.dir.as_deref())?;
    let stop_at = a.until.clone().unwrap_or_else(|| demo.stop_at.to_string());
    say(
        out,
        format!(
            "legatus demo: {}, mutual dice, {}",
            demo.title,
            if a.fresh_keys {
                format!("{} fresh keys and a random game id", sides.len())
            } else {
                format!("the demo's {} published keys and game id (the same dice every run; --fresh-keys for others)", sides.len())
            }
        ),
    )?;
    start(registry, demo, &sides, &f, &a)?;
    let fixture = match &a.fixture {
        Some(d) => Fixture::from_dir(d, demo.seasons)?,
        None => Fixture::embedded(demo.fixture, demo.seasons)?,
    };
    let mut t = play(registry, demo, &fixture, &f, &stop_at)?;
    let verdict = must(registry, &["verify", &p(&f.game.join("log.yaml"))])?;
    let dir = GameDir::new(&f.game);
    let (last, verified) = dir.load(registry)?;
    note_battles(demo, &last, &t.season_of_entry, &mut t.battles);
    let key_of = |side: &str| SigningKey::load(&f.key(side), None).map_err(Error::from);
    let status = match orders::next_actor(&last, &key_of)? {
        Some(n) => n.ahead.pending(),
        None => last.pending(),
    };
    say(out, format!("Game folder: {}", f.game.display()))?;
    say(
        out,
        format!(
            "Keys: {}   Order files: {}",
            f.keys.display(),
            f.orders.display()
        ),
    )?;
    say(
        out,
        format!(
            "Played {} turns ({} → {}), {} log entries: {} acceptances, {} order files from the historical fixture, {} from template defaults, {} bare dice reveals",
            t.seasons.len(),
            t.seasons.first().map(String::as_str).unwrap_or("-"),
            t.seasons.last().map(String::as_str).unwrap_or("-"),
            verified.entries,
            sides.len(),
            t.from_fixture,
            t.from_template,
            t.reveals
        ),
    )?;
    summary(out, demo, &t)?;
    say(
        out,
        format!(
            "Rolls verified: {} ({} dice reveals matched their commitments)",
            verified.rolls, verified.reveals
        ),
    )?;
    if status.kind == PendingKind::GameOver {
        say(
            out,
            if stop_at == "end" {
                let words = status.prompt.trim_start_matches("the game is over: ");
                format!("The game is over: {words}")
            } else {
                format!("Game over before {stop_at}: {}", status.prompt)
            },
        )?;
    }
    say(
        out,
        format!(
            "Final status: next step {} — {}",
            status.step, status.prompt
        ),
    )?;
    pictures(out, &last, &f)?;
    for l in verdict.lines().filter(|l| l.starts_with("Verdict")) {
        say(out, l)?;
    }
    say(
        out,
        format!(
            "Done in {:.1} s. Look around: legatus status {}; legatus audit {}",
            started.elapsed().as_secs_f64(),
            p(&f.game),
            p(&f.game.join("log.yaml"))
        ),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixture file the demo would not use is an error, not silently skipped (a standing
    /// file whose season did not parse once went unused unnoticed).
    #[test]
    fn fixture_files_that_would_be_ignored_are_refused() {
        let seasons = games::alexandros_season;
        let bundled =
            Fixture::embedded(games::GAMES[0].fixture, seasons).expect("the bundled fixture reads");
        assert!(bundled.last_season() == Some(46), "to Summer 323");
        let standing = "side: macedonian\nstanding:\n  sortie: never\n".to_string();
        for (name, text) in [
            (
                "macedonian-standing-from-midsummer-328.yaml",
                standing.clone(),
            ),
            ("macedonian-standing.yaml", "side: macedonian\n".to_string()),
            ("spring-333-notes.yaml", "# no side, no step\n".to_string()),
        ] {
            let r = Fixture::from_files([(name.to_string(), text)], seasons);
            assert!(r.is_err(), "{name} is refused");
        }
        let f = Fixture::from_files(
            [(
                "macedonian-standing-from-summer-328.yaml".to_string(),
                standing,
            )],
            seasons,
        )
        .unwrap();
        assert!(f
            .standing_at("macedonian", "summer-328/macedonian-movement")
            .contains("sortie"));
        assert_eq!(
            f.standing_at("macedonian", "spring-328/macedonian-movement"),
            ""
        );
        // The Romans: standing orders from a Game-Turn or a Winter on.
        let f = Fixture::from_files(
            [(
                "macedon-standing-from-turn-11.yaml".to_string(),
                "side: macedon\nstanding:\n  losses: [macedon-phalanx-1]\n".to_string(),
            )],
            games::romans_season,
        )
        .unwrap();
        assert!(f
            .standing_at("macedon", "turn-14/macedon-campaign")
            .contains("losses"));
        assert_eq!(f.standing_at("macedon", "winter-199-198"), "");
    }
}
