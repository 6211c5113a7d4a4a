//! Merging a log received from the other side (by mail or from a forum post)
//! into a game folder: game-agnostic, by entry hash.
//!
//! The received log replaces the local one only when the local log's
//! documents are a prefix of the received ones (same header hash, then the
//! same entry hash at every position) and the received log verifies as a
//! whole. Anything else leaves every file untouched: an older or equal copy
//! is reported as such, a log of another game is refused, and two different
//! entries at one position are reported as a fork.

use std::io::{BufRead, Cursor};

use crate::protocol::log::{Doc, Header, LogReader};
use crate::ruleset::Registry;

use super::folder::{write_atomic, GameDir, Lock};
use super::game::Game;
use super::verify::{replay_entries, verify};
use super::{render, Error};

/// One entry as the merge sees it: position, author and hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryId {
    /// The entry's `seq` field.
    pub seq: u64,
    /// The author's side.
    pub author: String,
    /// SHA-256 (hex) of the entry's canonical bytes (what the next entry's `prev` names).
    pub hash: String,
}

impl std::fmt::Display for EntryId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "entry {} by {}, hash {}",
            self.seq, self.author, self.hash
        )
    }
}

/// A log read (not verified): its header, the header's hash and every entry's id.
#[derive(Debug, Clone)]
pub struct LogSummary {
    /// The header.
    pub header: Header,
    /// SHA-256 (hex) of the header's canonical bytes.
    pub header_hash: String,
    /// The entries in log order.
    pub entries: Vec<EntryId>,
}

impl LogSummary {
    /// Reads a log's documents (parsing only: no signature, dice or rules check).
    ///
    /// Errors: [`Error::Input`] when the log cannot be read or a document is not
    /// a header or entry (with file:line:column).
    pub fn read<R: BufRead>(reader: LogReader<R>) -> Result<Self, Error> {
        let mut header = None;
        let mut entries = Vec::new();
        for doc in reader {
            match doc? {
                Doc::Header(h) => header = Some(*h),
                Doc::Entry(e, _) => {
                    let hash = e.hash().map_err(|err| Error::input(err.to_string()))?;
                    entries.push(EntryId {
                        seq: e.seq,
                        author: e.author.clone(),
                        hash: hex::encode(hash),
                    });
                }
            }
        }
        let header = header.ok_or_else(|| Error::input("empty log (no header)"))?;
        let header_hash = hex::encode(header.hash().map_err(|e| Error::input(e.to_string()))?);
        Ok(LogSummary {
            header,
            header_hash,
            entries,
        })
    }

    /// Reads a log held in memory; `name` names it in errors.
    ///
    /// Errors: as [`LogSummary::read`].
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<Self, Error> {
        Self::read(LogReader::new(name.to_string(), Cursor::new(bytes)))
    }

    /// The number of the last entry (0 when there are none).
    pub fn last_seq(&self) -> u64 {
        self.entries.last().map(|e| e.seq).unwrap_or(0)
    }
}

/// How a received log stands to the local one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Relation {
    /// The received log is the local log or a prefix of it: nothing to do.
    UpToDate {
        /// Entries in the local log.
        local: u64,
        /// Entries in the received log.
        received: u64,
    },
    /// The received log continues the local one.
    Extends {
        /// Entries in the local log.
        local: u64,
        /// Entries in the received log.
        received: u64,
    },
    /// The received log is of another game.
    OtherGame {
        /// The local game id.
        local: String,
        /// The received game id.
        received: String,
    },
    /// Same game id, different headers: the game was set up twice.
    HeaderFork,
    /// Two different entries stand at the same position.
    Fork {
        /// The local entry.
        local: EntryId,
        /// The received entry.
        received: EntryId,
    },
}

/// Compares a received log with the local one, document by document (by hash).
pub fn compare(local: &LogSummary, received: &LogSummary) -> Relation {
    if local.header.game != received.header.game {
        return Relation::OtherGame {
            local: local.header.game.clone(),
            received: received.header.game.clone(),
        };
    }
    if local.header_hash != received.header_hash {
        return Relation::HeaderFork;
    }
    for (l, r) in local.entries.iter().zip(&received.entries) {
        if l.hash != r.hash {
            return Relation::Fork {
                local: l.clone(),
                received: r.clone(),
            };
        }
    }
    let (nl, nr) = (local.entries.len() as u64, received.entries.len() as u64);
    if nr <= nl {
        Relation::UpToDate {
            local: nl,
            received: nr,
        }
    } else {
        Relation::Extends {
            local: nl,
            received: nr,
        }
    }
}

/// What [`merge_into`] did.
pub enum Merged {
    /// The received log is older than or equal to the local one; nothing was written.
    UpToDate {
        /// Entries in the local log.
        local: u64,
        /// Entries in the received log.
        received: u64,
    },
    /// `log.yaml` was replaced by the received log; `state.yaml` and `report.md` were rewritten.
    Extended {
        /// Entries in the local log before.
        from: u64,
        /// Entries now.
        to: u64,
        /// The verified game after the merge.
        game: Box<Game>,
    },
}

/// The error for a fork between `local` and `received` (exit 3).
pub fn fork_error(local: &EntryId, received: &EntryId) -> Error {
    Error::Verify {
        seq: local.seq,
        check: "fork",
        reason: format!(
            "the logs fork: here {local}; received {received}. Two different entries stand at the same position; nothing was overwritten — settle with your opponent which one stands"
        ),
    }
}

/// Checks that the local log of `dir` verifies on its own; `name` names the
/// received copy in the message.
///
/// Errors: [`Error::Verify`] (check `local copy`) naming the first bad entry of the
/// local log, saying that the local copy — not the received one — was changed
/// after it was written, and how to rebuild the folder from the opponent's copy.
fn local_copy_verifies(dir: &GameDir, registry: &Registry, name: &str) -> Result<(), Error> {
    let log = dir.log();
    match verify(LogReader::open(&log)?, registry) {
        Ok(_) => Ok(()),
        Err(Error::Verify { seq, check, reason }) => {
            let at = if seq == 0 {
                "its header".to_string()
            } else {
                format!("entry {seq}")
            };
            let folder = dir.path.display();
            Err(Error::Verify {
                seq,
                check: "local copy",
                reason: format!(
                    "your own copy {} fails its own check at {at} ({check}: {reason}). It was changed after it was \
written — edited by hand, or damaged on disk — so this is not a fork between two signed logs, and no one's \
entries are in doubt. Nothing was merged. To recover it from your opponent's copy ({name}): rename the folder \
{folder} to keep the changed copy aside, then make the folder again from what you received — \
`legatus inbox <message> --into {folder}` for mail, or `legatus import {folder} <post> --new` for a post \
that carries the whole game (`legatus post --from 1`). Your key is not in the folder: nothing else is lost",
                    log.display()
                ),
            })
        }
        Err(other) => Err(other),
    }
}

/// Writes `state.yaml`, `report.md` (from `game`) and then `log.yaml` (`log_bytes`)
/// into `dir`, each atomically.
///
/// Errors: [`Error::Input`] on I/O failure.
pub fn write_game(dir: &GameDir, game: &Game, log_bytes: &[u8]) -> Result<(), Error> {
    let provisional = game.rules().provisional(&game.header.data);
    write_atomic(&dir.state(), render::state_yaml(game).as_bytes())?;
    write_atomic(
        &dir.report(),
        render::report_md(game, &provisional).as_bytes(),
    )?;
    write_atomic(&dir.log(), log_bytes)
}

/// The log `received` replayed and verified: from the local game of `dir` on, when it
/// verifies and holds the `local` entries `received` starts with (same header and entry
/// hashes: [`compare`]), so only the new entries are replayed; else the whole log. The
/// result and any error are those of a whole replay (the shared entries replay alike).
///
/// Errors: as [`verify`].
fn replay_received(
    dir: &GameDir,
    registry: &Registry,
    name: &str,
    received: &[u8],
    local: u64,
) -> Result<Game, Error> {
    let whole = || LogReader::new(name.to_string(), Cursor::new(received));
    match dir.load(registry) {
        Ok((mut game, proved)) if game.last_seq() == local => {
            // The header and the entries both logs hold were read by `compare`'s summaries.
            let mut docs = whole();
            for _ in 0..=local {
                docs.next();
            }
            replay_entries(&mut game, proved, docs, |_, _| Ok(()))?;
            Ok(game)
        }
        _ => verify(whole(), registry).map(|(game, _)| game),
    }
}

/// Merges the log `received` (named `name` in messages) into the game folder
/// `dir`, whose lock the caller holds.
///
/// Replaces `log.yaml` with `received` (and rewrites the caches) only when the
/// local log is a prefix of it (by hash) and it verifies as a whole.
///
/// Errors: [`Error::Input`] if either log cannot be read or the received log is
/// of another game; [`Error::Verify`] (check `fork`) if the logs fork — unless the
/// local log fails its own check (check `local copy`: it was changed after it was
/// written, and the error says how to rebuild it from the received copy) — or any
/// verification failure of the received log. Nothing is written on error.
pub fn merge_into(
    dir: &GameDir,
    _lock: &Lock,
    registry: &Registry,
    name: &str,
    received: &[u8],
) -> Result<Merged, Error> {
    let local = LogSummary::read(LogReader::open(&dir.log())?)?;
    let theirs = LogSummary::from_bytes(name, received)?;
    let relation = compare(&local, &theirs);
    if matches!(relation, Relation::Fork { .. } | Relation::HeaderFork) {
        // A copy that differs from ours only counts as a fork if it verifies on its own;
        // otherwise it was damaged or altered on the way, and that is what to say.
        if let Err(e) = verify(
            LogReader::new(name.to_string(), Cursor::new(received)),
            registry,
        ) {
            return Err(match e {
                Error::Verify { seq, check, reason } => Error::Verify {
                    seq,
                    check,
                    reason: format!("{reason} — {name} does not verify: the copy was damaged or altered; nothing was merged"),
                },
                other => other,
            });
        }
    }
    if matches!(relation, Relation::Fork { .. } | Relation::HeaderFork) {
        // Before calling it a fork, check our own copy: a local log changed after it
        // was written (edited by hand, damaged on disk) differs from every honest copy.
        local_copy_verifies(dir, registry, name)?;
    }
    match relation {
        Relation::OtherGame { local, received } => Err(Error::input(format!(
            "{name} is the log of game {received}, but {} holds game {local}; nothing was merged",
            dir.path.display()
        ))),
        Relation::HeaderFork => Err(Error::Verify {
            seq: 0,
            check: "fork",
            reason: format!(
                "{name} has the same game id as {} but a different header; nothing was overwritten",
                dir.path.display()
            ),
        }),
        Relation::Fork { local, received } => Err(fork_error(&local, &received)),
        Relation::UpToDate { local, received } => Ok(Merged::UpToDate { local, received }),
        Relation::Extends { local, received: n } => {
            let game = replay_received(dir, registry, name, received, local)?;
            write_game(dir, &game, received)?;
            Ok(Merged::Extended {
                from: local,
                to: n,
                game: Box::new(game),
            })
        }
    }
}
