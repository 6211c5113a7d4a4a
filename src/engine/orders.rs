//! Making new entries: accept, orders, decisions, sealed commit and reveal,
//! bare reveals — and the order-file template for the pending step.

use crate::protocol::chain;
use crate::protocol::keys::SigningKey;
use crate::protocol::log::{Entry, EntryKind};
use crate::protocol::{canonical, sealed};
use crate::ruleset::{ParsedOrders, PendingKind};
use ssh_key::PublicKey;

use super::game::{sealed_body, Game, Outcome, Reject};
use super::Error;

/// The side a key plays: the one named (checked), or the only one it matches.
///
/// Errors: [`Error::Input`] when the key is not a player's, or is not `side`'s.
pub fn side_of_key(game: &Game, key: &SigningKey, side: Option<&str>) -> Result<String, Error> {
    side_of_public(game, &key.public(), side)
}

/// [`side_of_key`] for a public key (compared without its comment).
///
/// Errors: as [`side_of_key`].
pub fn side_of_public(
    game: &Game,
    public: &PublicKey,
    side: Option<&str>,
) -> Result<String, Error> {
    let public = public.clone();
    let mine: Vec<String> = game
        .header
        .players
        .iter()
        .filter(|p| game.key(&p.side) == Some(&public))
        .map(|p| p.side.clone())
        .collect();
    if let Some(s) = side {
        known_side(game, s)?;
    }
    match side {
        Some(s) if mine.iter().any(|m| m == s) => Ok(s.to_string()),
        Some(s) => Err(Error::input(format!(
            "this key does not belong to side {s:?} (it is {}); sign with {s}'s key",
            if mine.is_empty() {
                "no player's key in this game".to_string()
            } else {
                format!("the key of {}", mine.join(", "))
            }
        ))),
        None if mine.len() == 1 => Ok(mine[0].clone()),
        None if mine.is_empty() => Err(Error::input(
            "this key is not the key of any player in this game",
        )),
        None => Err(Error::input(format!(
            "this key plays {}: name the side",
            mine.join(", ")
        ))),
    }
}

/// Checks that `side` is one of the game's sides.
///
/// Errors: [`Error::Input`] naming the nearest sides (and a look-alike letter) and every side.
pub fn known_side(game: &Game, side: &str) -> Result<(), Error> {
    let sides: Vec<&str> = game
        .header
        .players
        .iter()
        .map(|p| p.side.as_str())
        .collect();
    if sides.contains(&side) {
        return Ok(());
    }
    let odd = if side.is_ascii() {
        ""
    } else {
        " (it has non-ASCII letters: a look-alike?)"
    };
    Err(Error::input(format!(
        "there is no side {side:?} in this game{}{odd}; the sides are {}",
        crate::names::did_you_mean(side, sides.iter().copied()),
        sides.join(", ")
    )))
}

/// An unsigned entry of `kind` by `author` following the game's last entry, with
/// nothing filled in yet (see [`finish`]).
pub fn draft(game: &Game, author: &str, kind: EntryKind) -> Entry {
    Entry {
        seq: game.last_seq() + 1,
        prev: game.last_hash(),
        author: author.to_string(),
        kind,
        step: None,
        payload: None,
        standing: None,
        commitment: None,
        salt: None,
        reveal: None,
        resolves: Vec::new(),
        state: String::new(),
        sig: String::new(),
    }
}

fn next_reveal(game: &Game, key: &SigningKey, side: &str) -> Option<String> {
    game.holds_chain(side).then(|| {
        let end = chain::chain_end(&key.seed(), game.game_id());
        hex::encode(chain::reveal(&end, game.reveals_published(side) + 1))
    })
}

fn to_error(r: Reject) -> Error {
    match r.rule {
        Some(rule) => Error::Rules(rule),
        None => Error::Input(r.reason),
    }
}

/// Runs a draft through a copy of the game, records its outcome, signs it.
/// Returns the signed entry and the game after it.
pub fn finish(game: &Game, mut e: Entry, key: &SigningKey) -> Result<(Entry, Game), Error> {
    let mut next = game.clone();
    let Outcome {
        resolves,
        state_hash,
    } = next.advance(&e).map_err(to_error)?;
    e.resolves = resolves;
    e.state = state_hash;
    let bytes = e
        .signed_bytes()
        .map_err(|err| Error::input(err.to_string()))?;
    e.sig = key.sign(&bytes);
    next.check_signature(&e).map_err(to_error)?;
    next.link(e.hash().map_err(|err| Error::input(err.to_string()))?);
    Ok((e, next))
}

/// An accept entry for the key's side (with its dice-chain commitment where it keeps one).
pub fn accept(game: &Game, key: &SigningKey, side: Option<&str>) -> Result<(Entry, Game), Error> {
    let side = side_of_key(game, key, side)?;
    let mut e = draft(game, &side, EntryKind::Accept);
    if game.holds_chain(&side) {
        e.commitment = Some(hex::encode(chain::reveal(
            &chain::chain_end(&key.seed(), game.game_id()),
            0,
        )));
    }
    finish(game, e, key)
}

/// A bare reveal entry (resolves the entry that waits for this side's dice).
pub fn reveal(game: &Game, key: &SigningKey, side: Option<&str>) -> Result<(Entry, Game), Error> {
    let side = side_of_key(game, key, side)?;
    if game.awaited_revealer().as_deref() != Some(side.as_str()) {
        return Err(Error::input(format!("nothing waits for {side}'s dice reveal; send orders instead (`legatus status` says what is expected)")));
    }
    let mut e = draft(game, &side, EntryKind::Reveal);
    e.reveal = next_reveal(game, key, &side);
    finish(game, e, key)
}

/// Checks an order file's envelope against the game: right game, follows the
/// last entry, written by the key's side.
///
/// Errors: [`Error::Input`] saying what was expected.
pub fn check_envelope(
    game: &Game,
    parsed: &ParsedOrders,
    key: &SigningKey,
) -> Result<String, Error> {
    if parsed.game != game.header.game {
        return Err(Error::input(format!(
            "these orders are for game {}, but this is game {}",
            parsed.game, game.header.game
        )));
    }
    if parsed.after != game.last_seq() {
        return Err(Error::input(format!(
            "these orders follow entry {}, but the log now ends at entry {} ({}): they are stale or for another copy of the game; make a new template with `legatus template`",
            parsed.after,
            game.last_seq(),
            short(&game.last_hash())
        )));
    }
    if parsed.after_hash != game.last_hash() {
        return Err(Error::input(format!(
            "these orders name entry {} with hash {}, but entry {} of this log has hash {}: they were written against a different log (stale, forked or edited); make a new template with `legatus template`",
            parsed.after,
            short(&parsed.after_hash),
            game.last_seq(),
            short(&game.last_hash())
        )));
    }
    side_of_key(game, key, Some(&parsed.side))
}

/// The sides `public` plays in `game` (none when it is no player's key).
pub fn sides_of_public(game: &Game, public: &PublicKey) -> Vec<String> {
    game.header
        .players
        .iter()
        .filter(|p| game.key(&p.side) == Some(public))
        .map(|p| p.side.clone())
        .collect()
}

/// The entry of the log `entries` that these very orders already made, if any: an entry
/// after the one they follow (whose hash they name), by their side, for their step, with
/// their orders and standing orders — or, for sealed orders, with the commitment `key`
/// makes of them. A file applied twice is then reported as such, not as stale.
pub fn already_applied(
    game: &Game,
    entries: &[Entry],
    parsed: &ParsedOrders,
    key: &SigningKey,
) -> Option<u64> {
    if parsed.game != game.header.game || parsed.after >= game.last_seq() {
        return None;
    }
    if parsed.after > 0 {
        let followed = entries.get(parsed.after as usize - 1)?;
        if followed.hash().ok().map(hex::encode).as_deref() != Some(parsed.after_hash.as_str()) {
            return None;
        }
    }
    let orders = parsed.orders.as_ref()?;
    let body = canonical::bytes(&sealed_body(orders, parsed.standing.as_ref())).ok()?;
    entries
        .iter()
        .filter(|e| e.seq > parsed.after)
        .find(|e| {
            e.author == parsed.side
                && e.step.as_deref() == Some(parsed.step.as_str())
                && match e.kind {
                    EntryKind::SealedCommit => {
                        let salt = sealed::salt(&key.seed(), game.game_id(), e.seq);
                        e.commitment.as_deref()
                            == Some(hex::encode(sealed::commitment(&salt, &body)).as_str())
                    }
                    _ => e.payload.as_ref() == Some(orders) && e.standing == parsed.standing,
                }
        })
        .map(|e| e.seq)
}

fn short(h: &str) -> &str {
    &h[..h.len().min(12)]
}

/// The entry for an order file: orders, a decision, or a sealed commit or
/// reveal, whichever the pending step and the sealed round call for.
pub fn from_orders(
    game: &Game,
    parsed: &ParsedOrders,
    key: &SigningKey,
) -> Result<(Entry, Game), Error> {
    let side = check_envelope(game, parsed, key)?;
    // The step is checked against what is pending once the awaiting entry (if
    // this side's reveal resolves it) has been resolved: look ahead on a copy.
    let ahead = lookahead(game, key, &side)?;
    if let Some(aw) = ahead
        .awaiting()
        .filter(|_| game.awaited_revealer().as_deref() == Some(side.as_str()))
    {
        // Three or more sides: this side's reveal is not the last the entry needs.
        return Err(Error::input(format!(
            "entry {} by {} needs the dice reveals of {} after {side}'s before anything may act on it: \
send a bare reveal now (`legatus apply` with your key and without --orders), and these orders once its dice are fixed",
            aw.seq,
            aw.author,
            aw.owed().join(" and ")
        )));
    }
    let pending = ahead.pending();
    if parsed.step != pending.step {
        return Err(Error::input(format!(
            "these orders answer step {:?}, but the pending step is {:?} ({})",
            parsed.step, pending.step, pending.prompt
        )));
    }
    if !pending.sides.contains(&side) {
        return Err(Error::input(format!(
            "step {:?} is for {}, not {side}",
            pending.step,
            pending.sides.join(" and ")
        )));
    }
    let orders = parsed
        .orders
        .clone()
        .ok_or_else(|| Error::input("the order file has no `orders:`"))?;
    let kind = match pending.kind {
        PendingKind::Orders => EntryKind::Orders,
        PendingKind::Decision => EntryKind::Decision,
        PendingKind::GameOver => return Err(Error::input("the game is over")),
        PendingKind::Sealed if ahead.sealed_commit_seq(&side).is_none() => EntryKind::SealedCommit,
        PendingKind::Sealed => EntryKind::SealedReveal,
    };
    let mut e = draft(game, &side, kind);
    e.step = Some(parsed.step.clone());
    e.reveal = next_reveal(game, key, &side);
    let body = || {
        canonical::bytes(&sealed_body(&orders, parsed.standing.as_ref()))
            .map_err(|err| Error::input(err.to_string()))
    };
    match kind {
        EntryKind::SealedCommit => {
            // Once committed, sealed orders cannot be changed: refuse them now if the rules
            // can already tell (every other side's orders known, or none to wait for).
            ahead
                .check_orders(&side, &orders, parsed.standing.as_ref())
                .map_err(Error::Rules)?;
            let salt = sealed::salt(&key.seed(), game.game_id(), e.seq);
            e.commitment = Some(hex::encode(sealed::commitment(&salt, &body()?)));
        }
        EntryKind::SealedReveal => {
            let commit_seq = ahead.sealed_commit_seq(&side).expect("committed");
            if ahead.sealed_revealed().contains(&side) {
                return Err(Error::input(format!(
                    "{side} has already revealed its sealed orders; waiting for the others"
                )));
            }
            let missing: Vec<String> = pending
                .sides
                .iter()
                .filter(|s| !ahead.sealed_committed().contains(s))
                .cloned()
                .collect();
            if !missing.is_empty() {
                return Err(Error::input(format!(
                    "your sealed orders are committed; reveal them once {} has committed",
                    missing.join(", ")
                )));
            }
            e.salt = Some(hex::encode(sealed::salt(
                &key.seed(),
                game.game_id(),
                commit_seq,
            )));
            e.payload = Some(orders);
            e.standing = parsed.standing.clone();
        }
        _ => {
            e.payload = Some(orders);
            e.standing = parsed.standing.clone();
        }
    }
    finish(game, e, key)
}

/// The game as it will be once `side`'s next reveal resolves what waits for it
/// (the game itself when nothing waits for this side).
pub fn lookahead(game: &Game, key: &SigningKey, side: &str) -> Result<Game, Error> {
    if game.awaited_revealer().as_deref() == Some(side) {
        let (_, next) = reveal(game, key, Some(side))?;
        Ok(next)
    } else {
        Ok(game.clone())
    }
}

/// Who must act next and how, as decided by [`next_actor`].
#[derive(Clone)]
pub struct NextActor {
    /// The side that acts.
    pub side: String,
    /// True when that side writes orders for the pending step of `ahead`;
    /// false when its entry is a bare dice reveal.
    pub orders: bool,
    /// The game once `side`'s reveal has resolved what waits for it (the game
    /// itself when nothing waits for this side).
    pub ahead: Game,
}

/// Who must act next in `game`: the side whose reveal an awaiting entry needs
/// (looking ahead with its key from `key_of`), otherwise the side the pending
/// step waits for. `None` when the game is over and nothing waits.
pub fn next_actor(
    game: &Game,
    key_of: &dyn Fn(&str) -> Result<SigningKey, Error>,
) -> Result<Option<NextActor>, Error> {
    let (actor, ahead) = match game.awaited_revealer() {
        Some(who) => {
            let key = key_of(&who)?;
            let ahead = lookahead(game, &key, &who)?;
            (who, ahead)
        }
        None => {
            let p = game.pending();
            let who = match p.kind {
                PendingKind::GameOver => return Ok(None),
                PendingKind::Sealed => {
                    let c = game.sealed_committed();
                    let r = game.sealed_revealed();
                    match p
                        .sides
                        .iter()
                        .find(|s| !c.contains(s))
                        .or_else(|| p.sides.iter().find(|s| !r.contains(s)))
                    {
                        Some(s) => s.clone(),
                        None => return Ok(None),
                    }
                }
                _ => match p.sides.first() {
                    Some(s) => s.clone(),
                    None => return Ok(None),
                },
            };
            (who, game.clone())
        }
    };
    let p = ahead.pending();
    let committed = ahead.sealed_committed();
    let sealed_turn = !committed.contains(&actor)
        || (committed.len() == p.sides.len() && !ahead.sealed_revealed().contains(&actor));
    // With three or more sides, a reveal that is not the last an entry needs is a bare one.
    let orders = ahead.awaiting().is_none()
        && p.sides.contains(&actor)
        && (p.kind != PendingKind::Sealed || sealed_turn)
        && p.kind != PendingKind::GameOver;
    Ok(Some(NextActor {
        side: actor,
        orders,
        ahead,
    }))
}
