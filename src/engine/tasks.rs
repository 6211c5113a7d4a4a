//! What one side must do next, for any number of sides: accept, send a bare dice reveal, send
//! the reveal that fixes an entry's dice (with its orders when the step after is its own),
//! orders, a decision, sealed orders to commit or reveal — or wait, and for whom. `status`,
//! `mail` and `template` say it from this one answer; game-agnostic.

use crate::protocol::keys::SigningKey;
use crate::ruleset::{Pending, PendingKind};

use super::game::Game;
use super::{orders, Error};

/// What a side must do next ([`task`]).
#[derive(Debug, Clone)]
pub enum Task {
    /// Accept the game.
    Accept,
    /// Nothing until these sides have accepted (accepts come one at a time, in the header's
    /// order: sent at once from several copies of the game, they would fork it).
    WaitAccept {
        /// The sides to accept before anything else (before this side, if it has not).
        before: Vec<String>,
        /// Whether this side has yet to accept too.
        mine: bool,
    },
    /// A bare dice reveal now: entry `seq` by `author` needs this side's reveal and, after it,
    /// those of `then` (with three or more sides in `mutual` dice): the entry may carry nothing
    /// else, as the dice are not fixed yet.
    BareReveal {
        /// The entry whose dice wait.
        seq: u64,
        /// Its author.
        author: String,
        /// The sides whose reveals come after this side's, in order.
        then: Vec<String>,
    },
    /// This side's reveal is the last that entry `seq` by `author` needs: the side's next
    /// entry fixes its dice. `after` is what the side must do once they are fixed — orders
    /// it can send in that same entry, or nothing (a bare reveal) — known only by looking
    /// ahead with its key ([`task_with_key`]); `None` when not looked at.
    FixDice {
        /// The entry whose dice wait.
        seq: u64,
        /// Its author.
        author: String,
        /// What the side must do once the dice are fixed.
        after: Option<Box<Task>>,
    },
    /// Nothing until the sides `owed` have sent their reveals for entry `seq` by `author`, in
    /// that order; `mine` when this side's own reveal is among them (not the first).
    WaitReveals {
        /// The entry whose dice wait.
        seq: u64,
        /// Its author.
        author: String,
        /// The sides whose reveals it still needs, in order.
        owed: Vec<String>,
        /// Whether this side is one of them.
        mine: bool,
    },
    /// Orders for the pending step.
    Orders(Pending),
    /// A decision for the pending step.
    Decision(Pending),
    /// Sealed orders to commit for the pending step.
    Commit(Pending),
    /// The sealed orders committed to reveal (every side has committed).
    RevealSealed(Pending),
    /// Nothing until `sides` have committed (or, all committed, revealed) their sealed orders
    /// for the step: one at a time, in the step's order of sides.
    WaitSealed {
        /// The sealed step.
        pending: Pending,
        /// The sides to act on it first.
        sides: Vec<String>,
        /// Whether this side has yet to commit (or reveal) too, after them.
        mine: bool,
    },
    /// Nothing until the sides of the pending step have acted.
    Wait(Pending),
    /// The game is over (the ruleset's words).
    Over(String),
}

impl Task {
    /// Whether the side has an entry to send now (rather than waiting).
    pub fn acts(&self) -> bool {
        matches!(
            self,
            Task::Accept
                | Task::BareReveal { .. }
                | Task::FixDice { .. }
                | Task::Orders(_)
                | Task::Decision(_)
                | Task::Commit(_)
                | Task::RevealSealed(_)
        )
    }

    /// Whether the side writes an order file now (orders, a decision, sealed orders, or
    /// orders sent with the reveal that fixes an entry's dice).
    pub fn writes_orders(&self) -> bool {
        match self {
            Task::Orders(_) | Task::Decision(_) | Task::Commit(_) | Task::RevealSealed(_) => true,
            Task::FixDice { after: Some(a), .. } => a.writes_orders(),
            _ => false,
        }
    }
}

/// What `side` must do next in `game`, as far as the log tells (an entry's last revealer is
/// told [`Task::FixDice`] without `after`: what comes after his reveal depends on the dice).
pub fn task(game: &Game, side: &str) -> Task {
    let missing = game.not_accepted();
    if missing.first().is_some_and(|s| s == side) {
        return Task::Accept;
    }
    if !missing.is_empty() {
        // Accepts are entries too: one at a time, in the header's order.
        let before = missing.iter().take_while(|s| *s != side).cloned().collect();
        let mine = missing.iter().any(|s| s == side);
        return Task::WaitAccept { before, mine };
    }
    if let Some(aw) = game.awaiting() {
        let owed = aw.owed().to_vec();
        let (seq, author) = (aw.seq, aw.author.clone());
        return match owed.iter().position(|s| s == side) {
            Some(0) if owed.len() == 1 => Task::FixDice {
                seq,
                author,
                after: None,
            },
            Some(0) => Task::BareReveal {
                seq,
                author,
                then: owed[1..].to_vec(),
            },
            Some(_) => Task::WaitReveals {
                seq,
                author,
                owed,
                mine: true,
            },
            None => Task::WaitReveals {
                seq,
                author,
                owed,
                mine: false,
            },
        };
    }
    let p = game.pending();
    match p.kind {
        PendingKind::GameOver => Task::Over(p.prompt),
        _ if !p.sides.iter().any(|s| s == side) => Task::Wait(p),
        PendingKind::Orders => Task::Orders(p),
        PendingKind::Decision => Task::Decision(p),
        PendingKind::Sealed => {
            // Commits, then reveals, one at a time in the step's order of sides: entries sent
            // at once from several copies of the game would fork it.
            let committed = game.sealed_committed();
            let revealed = game.sealed_revealed();
            let uncommitted: Vec<String> = p
                .sides
                .iter()
                .filter(|s| !committed.contains(s))
                .cloned()
                .collect();
            let (left, first_acts): (Vec<String>, fn(Pending) -> Task) = if uncommitted.is_empty() {
                let unrevealed = p
                    .sides
                    .iter()
                    .filter(|s| !revealed.contains(s))
                    .cloned()
                    .collect();
                (unrevealed, Task::RevealSealed)
            } else {
                (uncommitted, Task::Commit)
            };
            if left.first().is_some_and(|s| s == side) {
                return first_acts(p);
            }
            let mine = left.iter().any(|s| s == side);
            let sides = left.iter().take_while(|s| *s != side).cloned().collect();
            Task::WaitSealed {
                pending: p,
                sides,
                mine,
            }
        }
    }
}

/// [`task`], looking past `side`'s own reveal with its key when that reveal fixes an entry's
/// dice, so [`Task::FixDice`] says what the side does in the same entry (nothing is written).
///
/// Errors: [`Error::Input`] when the key is not `side`'s.
pub fn task_with_key(game: &Game, side: &str, key: &SigningKey) -> Result<Task, Error> {
    match task(game, side) {
        Task::FixDice { seq, author, .. } => {
            let ahead = orders::lookahead(game, key, side)?;
            Ok(Task::FixDice {
                seq,
                author,
                after: Some(Box::new(task(&ahead, side))),
            })
        }
        t => Ok(t),
    }
}

/// `task` in plain words for `side`, whose game folder is `folder` and key `key` (as the
/// commands name them), as one sentence addressed to him.
pub fn describe(t: &Task, side: &str, folder: &str, key: &str) -> String {
    let step = |p: &Pending| format!("{:?} — {}", p.step, crate::view::cited(&p.prompt, &p.rule));
    let template = format!("`legatus template {folder} --key {key}`");
    let bare = format!("`legatus apply {folder} --key {key}` without --orders");
    match t {
        Task::Accept => format!("accept the game: `legatus accept {folder} --key {key}`"),
        Task::WaitAccept { before, mine } => format!(
            "nothing to do until {} {} accepted the game{}",
            before.join(" and "),
            if before.len() == 1 { "has" } else { "have" },
            if *mine {
                ", then accept it yourself (one at a time: accepts sent at once from several copies would fork the game)"
            } else {
                ""
            }
        ),
        Task::BareReveal { seq, author, then } => format!(
            "send a bare dice reveal now ({bare}): entry {seq} by {author} needs your reveal, then {}'s; \
its dice are not fixed until the last of them, so your entry carries nothing else",
            then.join("'s, then ")
        ),
        Task::FixDice {
            seq,
            author,
            after: None,
        } => format!(
            "your next entry fixes the dice of entry {seq} by {author} (the last reveal it needs): \
{template} shows what comes after it — orders of yours to send in the same entry, or nothing (then a bare reveal: {bare})"
        ),
        Task::FixDice {
            seq,
            author,
            after: Some(a),
        } if a.writes_orders() => format!(
            "your next entry fixes the dice of entry {seq} by {author} and carries your orders for what comes after: {}; \
write them from {template}, then `legatus apply {folder} --orders <file> --key {key}`",
            match a.as_ref() {
                Task::Orders(p)
                | Task::Decision(p)
                | Task::Commit(p)
                | Task::RevealSealed(p) => format!("step {}", step(p)),
                _ => String::new(),
            }
        ),
        Task::FixDice {
            seq,
            author,
            after: Some(a),
        } => format!(
            "send a bare dice reveal ({bare}): it fixes the dice of entry {seq} by {author}. After it: {}",
            describe(a, side, folder, key)
        ),
        Task::WaitReveals {
            seq,
            author,
            owed,
            mine,
        } => {
            let first = &owed[0];
            if *mine {
                format!(
                    "nothing to do until {first} has sent a bare reveal for entry {seq} by {author}; your reveal comes after {}",
                    owed.iter()
                        .take_while(|s| *s != side)
                        .cloned()
                        .collect::<Vec<_>>()
                        .join("'s and ")
                )
            } else {
                format!(
                    "nothing to do until {} {} for entry {seq} by {author}",
                    owed.join(" and "),
                    if owed.len() == 1 {
                        "has sent his dice reveal"
                    } else {
                        "have sent their dice reveals"
                    }
                )
            }
        }
        Task::Orders(p) => format!(
            "send orders for step {}: {template}, then `legatus apply {folder} --orders <file> --key {key}`",
            step(p)
        ),
        Task::Decision(p) => format!(
            "send a decision for step {}: {template}, then `legatus apply {folder} --orders <file> --key {key}`",
            step(p)
        ),
        Task::Commit(p) => format!(
            "commit sealed orders for step {}: {template}, then `legatus apply {folder} --orders <file> --key {key}`",
            step(p)
        ),
        Task::RevealSealed(p) => format!(
            "reveal your sealed orders for step {} (apply the same order file again, with a fresh template's header)",
            step(p)
        ),
        Task::WaitSealed {
            pending,
            sides,
            mine,
        } => format!(
            "nothing to do until {} {} acted on the sealed step {}{}",
            sides.join(" and "),
            if sides.len() == 1 { "has" } else { "have" },
            step(pending),
            if *mine {
                "; then your turn on it (one entry at a time: entries sent at once from several copies would fork the game)"
            } else {
                ""
            }
        ),
        Task::Wait(p) => format!(
            "nothing to do until {} {} acted on step {}",
            p.sides.join(" and "),
            if p.sides.len() == 1 { "has" } else { "have" },
            step(p)
        ),
        Task::Over(prompt) if prompt.starts_with("the game is over") => format!("nothing: {prompt}"),
        Task::Over(prompt) => format!("nothing: the game is over ({prompt})"),
    }
}
