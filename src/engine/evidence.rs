//! Two copies of one game's log compared, as evidence: where they part, and
//! whether each of the two entries at that place carries its author's valid
//! signature. Two validly signed entries by one author at one place, after the
//! same parent, prove that the author went back and signed that place again
//! (PROTOCOL: one entry per place in the hash chain; the dice of an entry follow
//! from its content, so writing it again re-rolls them).

use std::io::Cursor;

use crate::protocol::dice::Roll;
use crate::protocol::log::{Doc, Entry, Header, LogReader};
use crate::ruleset::Registry;

use super::game::Game;
use super::verify::verify;
use super::Error;

/// One copy of a log, read (not yet verified).
#[derive(Debug, Clone)]
pub struct Copy {
    /// How the copy is named in messages (its file).
    pub name: String,
    /// Its header.
    pub header: Header,
    /// Its entries, in log order.
    pub entries: Vec<Entry>,
    /// How many of its entries verify in full (chain, signatures, dice, rules,
    /// state), and why the next one does not, if one does not.
    pub verified: (u64, Option<String>),
}

impl Copy {
    /// Reads and verifies the log in `bytes`; `name` names it in messages.
    ///
    /// Errors: [`Error::Input`] when it cannot be read as a log at all.
    pub fn read(name: &str, bytes: &[u8], registry: &Registry) -> Result<Copy, Error> {
        let mut header = None;
        let mut entries = Vec::new();
        for doc in LogReader::new(name.to_string(), Cursor::new(bytes)) {
            match doc? {
                Doc::Header(h) => header = Some(*h),
                Doc::Entry(e, _) => entries.push(*e),
            }
        }
        let header =
            header.ok_or_else(|| Error::input(format!("{name}: empty log (no header)")))?;
        let verified = match verify(
            LogReader::new(name.to_string(), Cursor::new(bytes)),
            registry,
        ) {
            Ok((g, _)) => (g.last_seq(), None),
            Err(Error::Verify { seq, check, reason }) => {
                (seq.saturating_sub(1), Some(format!("{check}: {reason}")))
            }
            Err(e) => (0, Some(e.to_string())),
        };
        Ok(Copy {
            name: name.to_string(),
            header,
            entries,
            verified,
        })
    }

    /// The rolls this copy records for the orders of entry `seq`, with the entry
    /// whose reveal fixed them.
    pub fn rolls_of(&self, seq: u64) -> Vec<(u64, &Roll)> {
        self.entries
            .iter()
            .flat_map(|e| {
                e.resolves
                    .iter()
                    .filter(move |r| r.seq == seq)
                    .flat_map(move |r| r.rolls.iter().map(move |x| (e.seq, x)))
            })
            .collect()
    }
}

/// One side of a fork: the copy's entry at the place, and its signature check.
#[derive(Debug, Clone)]
pub struct ForkSide {
    /// The entry.
    pub entry: Entry,
    /// Its hash (hex).
    pub hash: String,
    /// `Ok` when the signature checks against the author's key in the header,
    /// else why not.
    pub signature: Result<(), String>,
}

/// What comparing two copies found.
#[derive(Debug, Clone)]
pub enum Comparison {
    /// The copies are logs of two different games.
    OtherGames,
    /// Same game id, different headers: the game was set up twice.
    HeaderFork,
    /// One copy is the other or continues it: nothing is in dispute.
    Agree {
        /// Entries both hold.
        common: u64,
    },
    /// The copies hold different entries at one place.
    Fork {
        /// The place (entry number).
        seq: u64,
        /// The hash both entries name as their parent, or `None` when they name
        /// different parents (one copy's chain is broken there).
        parent: Option<String>,
        /// The first copy's entry.
        a: Box<ForkSide>,
        /// The second copy's entry.
        b: Box<ForkSide>,
    },
}

impl Comparison {
    /// A fork where both entries carry valid signatures of one author: proof
    /// that the author signed two different entries at the same place.
    pub fn is_proof(&self) -> bool {
        matches!(self, Comparison::Fork { parent: Some(_), a, b, .. }
            if a.signature.is_ok() && b.signature.is_ok() && a.entry.author == b.entry.author)
    }
}

fn entry_hash(e: &Entry) -> String {
    e.hash().map(hex::encode).unwrap_or_default()
}

/// Compares two copies of a log entry by entry (by hash) and checks the
/// signatures of the two entries where they part.
///
/// Errors: [`Error::Input`] when a header is unusable (unknown ruleset, bad key).
pub fn compare_copies(a: &Copy, b: &Copy, registry: &Registry) -> Result<Comparison, Error> {
    if a.header.game != b.header.game {
        return Ok(Comparison::OtherGames);
    }
    let hash = |h: &Header| h.hash().map(hex::encode).unwrap_or_default();
    if hash(&a.header) != hash(&b.header) {
        return Ok(Comparison::HeaderFork);
    }
    let keys = Game::new(a.header.clone(), registry)?;
    let side = |e: &Entry| ForkSide {
        entry: e.clone(),
        hash: entry_hash(e),
        signature: keys.check_signature(e).map_err(|r| r.reason),
    };
    for (i, (x, y)) in a.entries.iter().zip(&b.entries).enumerate() {
        let (hx, hy) = (entry_hash(x), entry_hash(y));
        if hx != hy {
            return Ok(Comparison::Fork {
                seq: i as u64 + 1,
                parent: (x.prev == y.prev).then(|| x.prev.clone()),
                a: Box::new(side(x)),
                b: Box::new(side(y)),
            });
        }
    }
    Ok(Comparison::Agree {
        common: a.entries.len().min(b.entries.len()) as u64,
    })
}
