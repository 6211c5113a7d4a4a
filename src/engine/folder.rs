//! A game folder: `log.yaml` (the shared record), `state.yaml` and
//! `report.md` (derived caches), and a lock file.
//!
//! Writes are failure-atomic: each file is written to a temporary file in the
//! same folder and renamed over the old one; `log.yaml` is renamed last, so a
//! crash leaves the old log (and the caches are rebuilt from it). A lock
//! (`.legatus.lock`, an OS file lock released when the process ends) stops
//! two commands from appending to one game at once.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::protocol::log::{entry_yaml, Entry, LogReader};
use crate::ruleset::Registry;

use super::game::Game;
use super::verify::{replay, Verified};
use super::Error;

/// A game folder on disk.
#[derive(Debug, Clone)]
pub struct GameDir {
    /// The folder.
    pub path: PathBuf,
}

/// Holds the game's lock until dropped.
#[derive(Debug)]
pub struct Lock {
    _file: File,
}

impl GameDir {
    /// The folder at `path` (not checked).
    pub fn new(path: impl Into<PathBuf>) -> Self {
        GameDir { path: path.into() }
    }

    /// `log.yaml`.
    pub fn log(&self) -> PathBuf {
        self.path.join("log.yaml")
    }

    /// `state.yaml`.
    pub fn state(&self) -> PathBuf {
        self.path.join("state.yaml")
    }

    /// `report.md`.
    pub fn report(&self) -> PathBuf {
        self.path.join("report.md")
    }

    /// Takes the game's lock, or fails at once if another command holds it.
    ///
    /// Errors: [`Error::Input`] "game is busy" when locked; I/O errors.
    pub fn lock(&self) -> Result<Lock, Error> {
        let path = self.path.join(".legatus.lock");
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| Error::input(format!("{}: {e}", path.display())))?;
        match file.try_lock() {
            Ok(()) => {
                self.remove_stale_temp_files();
                Ok(Lock { _file: file })
            }
            Err(std::fs::TryLockError::WouldBlock) => Err(Error::input(format!(
                "game {} is busy: another legatus command is working on it; try again when it has finished",
                self.path.display()
            ))),
            Err(std::fs::TryLockError::Error(e)) => Err(Error::input(format!("{}: {e}", path.display()))),
        }
    }

    /// Removes temporary files a killed command left behind (`.tmp*`, made
    /// by [`write_atomic`] and [`GameDir::append`]). Called with the lock
    /// held, so no other command is writing them.
    fn remove_stale_temp_files(&self) {
        if let Ok(dir) = std::fs::read_dir(&self.path) {
            for e in dir.flatten() {
                if e.file_name().to_string_lossy().starts_with(".tmp") && e.path().is_file() {
                    let _ = std::fs::remove_file(e.path());
                }
            }
        }
    }

    /// Replays and verifies the whole log.
    ///
    /// Errors: [`Error::Input`] if there is no readable log; [`Error::Verify`] if it does not verify.
    pub fn load(&self, registry: &Registry) -> Result<(Game, Verified), Error> {
        let log = self.log();
        if !log.exists() {
            return Err(Error::input(format!(
                "{} has no log.yaml: is it a game folder? (make one with `legatus new`)",
                self.path.display()
            )));
        }
        let bytes = std::fs::read(&log).map_err(io_err(&log))?;
        let name = log.display().to_string();
        let loaded = match LOADED.with(|c| c.borrow().go_on(&log, &bytes, &name, registry)) {
            Some(hit) => hit?,
            None => replay(
                LogReader::new(name, std::io::Cursor::new(&bytes[..])),
                registry,
                |_, _| Ok(()),
            )?,
        };
        LOADED.with(|c| c.borrow_mut().keep(&log, bytes, &loaded));
        Ok(loaded)
    }

    /// Rewrites `state.yaml` and `report.md` when they do not match the log
    /// (after a crash between writes, or a log received by other means).
    /// Returns whether anything was rewritten.
    pub fn refresh_caches(&self, state_yaml: &str, report_md: &str) -> Result<bool, Error> {
        let current = std::fs::read_to_string(self.state()).unwrap_or_default();
        if current == state_yaml && self.report().exists() {
            return Ok(false);
        }
        write_atomic(&self.state(), state_yaml.as_bytes())?;
        write_atomic(&self.report(), report_md.as_bytes())?;
        Ok(true)
    }

    /// Appends `entry` to the log and rewrites the caches, atomically per file
    /// (caches first, the log last).
    pub fn append(&self, entry: &Entry, state_yaml: &str, report_md: &str) -> Result<(), Error> {
        write_atomic(&self.state(), state_yaml.as_bytes())?;
        write_atomic(&self.report(), report_md.as_bytes())?;
        let log = self.log();
        let mut tmp = tempfile::NamedTempFile::new_in(&self.path).map_err(io_err(&self.path))?;
        let mut old = File::open(&log).map_err(io_err(&log))?;
        std::io::copy(&mut old, tmp.as_file_mut()).map_err(io_err(&log))?;
        let doc = entry_yaml(entry);
        tmp.write_all(doc.as_bytes()).map_err(io_err(&log))?;
        tmp.as_file().sync_all().map_err(io_err(&log))?;
        tmp.persist(&log)
            .map_err(|e| Error::input(format!("{}: {}", log.display(), e.error)))?;
        Ok(())
    }
}

/// Games this thread has loaded, by log file: the log's bytes then, and the game and proof
/// they replayed to. A log that has only grown since (new entries after a `---` line) is
/// replayed from there on, not from its header: a command run in-process again and again on
/// one game (`legatus demo`, the tests) then costs one entry's replay, not the whole log's.
/// The result is the same as a whole replay's, as replay is deterministic.
#[derive(Default)]
struct Loaded {
    games: Vec<(PathBuf, Vec<u8>, u64, Game, Verified)>,
}

/// How many games [`Loaded`] keeps (the most recently loaded).
const LOADED_GAMES: usize = 6;

thread_local! {
    static LOADED: std::cell::RefCell<Loaded> = std::cell::RefCell::default();
}

/// The number of lines in `bytes`, each ended by LF, CRLF or a lone CR (as `LogReader` counts).
fn line_count(bytes: &[u8]) -> u64 {
    let mut n = 0;
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'\n' || (*b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            n += 1;
        }
    }
    n
}

/// Whether `game` was replayed by the very ruleset `registry` has for it (a game kept for
/// another registry is not used: its ruleset might differ).
fn same_rules(game: &Game, registry: &Registry) -> bool {
    registry
        .get(&game.header.ruleset.id)
        .is_some_and(|r| std::sync::Arc::ptr_eq(&r, game.rules()))
}

impl Loaded {
    /// The load of `log`, now `bytes`, from a game kept for it: the same game when the log is
    /// unchanged, the game replayed on through the new entries when it has only grown by
    /// whole documents, with the ruleset of `registry`. `None` when no kept game serves.
    fn go_on(
        &self,
        log: &Path,
        bytes: &[u8],
        name: &str,
        registry: &Registry,
    ) -> Option<Result<(Game, Verified), Error>> {
        let (_, old, lines, game, verified) = self
            .games
            .iter()
            .find(|(p, _, _, g, _)| p == log && same_rules(g, registry))?;
        let tail = bytes.strip_prefix(&old[..])?;
        if !old.ends_with(b"\n") {
            return None;
        }
        let mut game = game.clone();
        if tail.is_empty() {
            return Some(Ok((game, verified.clone())));
        }
        if !tail.starts_with(b"---\n") {
            return None;
        }
        let docs = LogReader::continuing(name.to_string(), std::io::Cursor::new(tail), *lines);
        Some(
            super::verify::replay_entries(&mut game, verified.clone(), docs, |_, _| Ok(()))
                .map(|v| (game, v)),
        )
    }

    /// Keeps `loaded`, the game `bytes` of `log` replayed to.
    fn keep(&mut self, log: &Path, bytes: Vec<u8>, loaded: &(Game, Verified)) {
        let rules = loaded.0.rules();
        self.games
            .retain(|(p, _, _, g, _)| !(p == log && std::sync::Arc::ptr_eq(g.rules(), rules)));
        let lines = line_count(&bytes);
        self.games.push((
            log.to_path_buf(),
            bytes,
            lines,
            loaded.0.clone(),
            loaded.1.clone(),
        ));
        if self.games.len() > LOADED_GAMES {
            self.games.remove(0);
        }
    }
}

fn io_err(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |e| Error::input(format!("{}: {e}", path.display()))
}

/// Writes `bytes` to `path` through a temporary file in the same folder and a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(&dir).map_err(io_err(&dir))?;
    tmp.write_all(bytes).map_err(io_err(path))?;
    tmp.as_file().sync_all().map_err(io_err(path))?;
    tmp.persist(path)
        .map_err(|e| Error::input(format!("{}: {}", path.display(), e.error)))?;
    Ok(())
}
