//! `legatus verify`: replays a log from its header, checking every link of
//! the hash chain, every signature, every dice reveal and roll, every order
//! and every recorded state hash. Entries are read one at a time.

use std::io::BufRead;

use crate::protocol::log::{Doc, Entry, LogError, LogReader};
use crate::ruleset::Registry;

use super::game::Game;
use super::Error;

/// What a successful verification proved.
#[derive(Debug, Clone, Default)]
pub struct Verified {
    /// Entries checked.
    pub entries: u64,
    /// Signatures checked (one per entry).
    pub signatures: u64,
    /// Dice reveals checked against commitments.
    pub reveals: u64,
    /// Rolls recomputed and matched.
    pub rolls: u64,
    /// State hashes recomputed and matched.
    pub states: u64,
    /// Entries whose dice still wait for a reveal (0 or 1).
    pub awaiting: Option<u64>,
}

/// Added to the reason when the bad entry is the last in the file.
const TRUNCATED: &str = " (this is the file's last entry: if the file was cut off in transit — a truncated attachment or paste — ask for the log again)";

/// Added to a header check that fails when the header is the file's only document.
const HEADER_CUT: &str = "the file looks cut off inside its header (the header's data ends early and nothing follows it): a truncated attachment or paste. Ask for the log again";

/// Replays a whole log, stopping at the first bad entry.
///
/// Errors: [`Error::Input`] when the file is unreadable or not YAML (with
/// file:line:column); [`Error::Verify`] naming the first bad entry and check.
pub fn verify<R: BufRead>(
    reader: LogReader<R>,
    registry: &Registry,
) -> Result<(Game, Verified), Error> {
    replay(reader, registry, |_, _| Ok(()))
}

/// Replays a log, calling `each` with every verified entry (its `resolves` as
/// replayed: equal to the recorded ones, with [`crate::protocol::dice::Roll::side`]
/// filled in where the ruleset says whom a roll is for) and the game after it.
pub fn replay<R: BufRead>(
    mut reader: LogReader<R>,
    registry: &Registry,
    each: impl FnMut(&Entry, &Game) -> Result<(), Error>,
) -> Result<(Game, Verified), Error> {
    let header = match reader.next() {
        Some(Ok(Doc::Header(h))) => *h,
        Some(Ok(Doc::Entry(..))) => unreachable!("the first document is read as a header"),
        Some(Err(LogError::Yaml {
            file,
            line,
            column,
            message,
        })) => {
            return Err(Error::Verify {
                seq: 0,
                check: "format",
                reason: format!("header: {file}:{line}:{column}: {message}"),
            })
        }
        Some(Err(e)) => return Err(e.into()),
        None => return Err(Error::input("empty log")),
    };
    let mut docs = reader.peekable();
    let only_header = docs.peek().is_none();
    let mut game = Game::new(header, registry).map_err(|e| match e {
        // A header that fails its own checks with nothing after it: most likely the
        // file was cut off inside the header (its `data:` comes last and ends early).
        Error::Verify {
            seq: 0,
            check: check @ "header",
            reason,
        } if only_header => Error::Verify {
            seq: 0,
            check,
            reason: format!("{HEADER_CUT} (the check that failed: {reason})"),
        },
        e => e,
    })?;
    replay_entries(&mut game, Verified::default(), docs, each).map(|v| (game, v))
}

/// Replays the entries `docs` onto `game`, which has replayed the documents before them and
/// proved `v` so far: the rest of [`replay`], also used to go on from a game replayed earlier
/// when its log has grown (`GameDir::load`). Returns what the whole replay proved.
///
/// Errors: as [`replay`].
pub fn replay_entries<I: Iterator<Item = Result<Doc, LogError>>>(
    game: &mut Game,
    mut v: Verified,
    docs: I,
    mut each: impl FnMut(&Entry, &Game) -> Result<(), Error>,
) -> Result<Verified, Error> {
    let mut docs = docs.peekable();
    while let Some(doc) = docs.next() {
        // Entries are named by their position in the log, whatever their `seq` field says.
        let seq = game.last_seq() + 1;
        // A log cut off in transit fails on its last entry: say so.
        let hint = if docs.peek().is_none() { TRUNCATED } else { "" };
        let entry = match doc {
            Ok(Doc::Entry(e, _line)) => e,
            Ok(Doc::Header(_)) => unreachable!("later documents are read as entries"),
            Err(LogError::Yaml {
                file,
                line,
                column,
                message,
            }) => {
                return Err(Error::Verify {
                    seq,
                    check: "format",
                    reason: format!("{file}:{line}:{column}: {message}{hint}"),
                })
            }
            Err(e) => return Err(e.into()),
        };
        let fail = |check: &'static str, reason: String| Error::Verify {
            seq,
            check,
            reason: format!("{reason}{hint}"),
        };
        game.check_signature(&entry)
            .map_err(|r| fail(r.check, r.reason))?;
        v.signatures += 1;
        let reveal_before = entry.reveal.is_some();
        let out = game.advance(&entry).map_err(|r| fail(r.check, r.reason))?;
        if reveal_before {
            v.reveals += 1;
        }
        if out.resolves != entry.resolves {
            return Err(fail(
                "dice",
                describe_roll_mismatch(&out.resolves, &entry.resolves),
            ));
        }
        v.rolls += out
            .resolves
            .iter()
            .map(|r| r.rolls.len() as u64)
            .sum::<u64>();
        if out.state_hash != entry.state {
            return Err(fail(
                "state",
                format!(
                    "recorded state hash {} differs from the replayed {}",
                    entry.state, out.state_hash
                ),
            ));
        }
        v.states += 1;
        let hash = entry.hash().map_err(|e| fail("chain", e.to_string()))?;
        game.link(hash);
        // The replayed rolls equal the recorded ones and also say whom each is for.
        let mut entry = entry;
        entry.resolves = out.resolves;
        each(&entry, game)?;
        v.entries += 1;
    }
    v.awaiting = game.awaiting().map(|a| a.seq);
    Ok(v)
}

fn describe_roll_mismatch(
    computed: &[crate::protocol::log::Resolved],
    recorded: &[crate::protocol::log::Resolved],
) -> String {
    let c: Vec<String> = computed
        .iter()
        .map(|r| {
            format!(
                "entry {}: {:?}",
                r.seq,
                r.rolls.iter().map(|x| x.value).collect::<Vec<_>>()
            )
        })
        .collect();
    let r: Vec<String> = recorded
        .iter()
        .map(|r| {
            format!(
                "entry {}: {:?}",
                r.seq,
                r.rolls.iter().map(|x| x.value).collect::<Vec<_>>()
            )
        })
        .collect();
    format!(
        "recorded rolls [{}] differ from the rolls the reveals give [{}]",
        r.join("; "),
        c.join("; ")
    )
}
