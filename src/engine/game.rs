//! A game replayed from its log: the ruleset state plus the protocol's
//! bookkeeping (acceptances, dice-chain positions, standing orders, sealed
//! rounds, the entry whose dice still wait for a reveal).
//!
//! [`Game::advance`] is the one place where an entry takes effect; `verify`,
//! `apply` and every replay go through it, so a log always replays to the
//! same state (PROTOCOL invariant 3).

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;
use ssh_key::PublicKey;

use crate::protocol::canonical;
use crate::protocol::chain;
use crate::protocol::dice::{self, Dice};
use crate::protocol::keys;
use crate::protocol::log::{DiceMode, Entry, EntryKind, Header, Resolved};
use crate::protocol::sealed;
use crate::protocol::{DICE_ALGORITHM, PROTOCOL_VERSION};
use crate::ruleset::{
    DynRuleset, Event, GameState, Pending, PendingKind, Registry, RuleError, Submission,
};

use super::Error;

mod advance;
mod submission;

/// The side name of a referee.
pub const REFEREE: &str = "referee";

/// How many entries' events the report keeps.
const RECENT: usize = 64;

/// Where a participant's dice chain stands.
#[derive(Debug, Clone, Serialize)]
struct ChainPos {
    /// The last published value (commitment, then reveals), hex.
    #[serde(with = "hex::serde")]
    last: [u8; 32],
    /// How many reveals published.
    index: u32,
}

/// A round of sealed orders in progress.
#[derive(Debug, Clone, Serialize)]
struct SealedRound {
    step: String,
    /// side → (commit seq, commitment)
    commits: BTreeMap<String, (u64, String)>,
    /// side → (orders, standing)
    reveals: BTreeMap<String, (Value, Option<Value>)>,
}

/// An entry whose dice wait for a reveal.
#[derive(Debug, Clone)]
pub struct Awaiting {
    /// Its sequence number.
    pub seq: u64,
    /// Its author.
    pub author: String,
    core_hash: [u8; 32],
    submission: Submission<Value>,
    /// The sides whose next reveals fix its dice, in the order they must come (§8 of
    /// `docs/protocol.md`): one side in a two-sided `mutual` game or in `referee` mode.
    revealers: Vec<String>,
    /// The reveals collected so far, in that order (never all of them: the last one resolves).
    collected: Vec<[u8; 32]>,
}

impl Awaiting {
    /// The sides whose reveals fix its dice, in order.
    pub fn revealers(&self) -> &[String] {
        &self.revealers
    }

    /// The sides whose reveals it still needs, in order (the first one sends the next entry).
    pub fn owed(&self) -> &[String] {
        &self.revealers[self.collected.len()..]
    }
}

/// Events of one entry, for the report.
#[derive(Debug, Clone, Serialize)]
pub struct EntryEvents {
    /// The entry whose orders produced them.
    pub seq: u64,
    /// Its author.
    pub author: String,
    /// The entry that fixed their dice, if any.
    pub resolved_by: Option<u64>,
    /// What happened.
    pub events: Vec<Event>,
    /// The dice rolled to resolve it (for the turn page; the log records them too).
    pub rolls: Vec<crate::protocol::dice::Roll>,
}

impl EntryEvents {
    /// The entry whose application made these events happen: the one that fixed their dice,
    /// else their own.
    pub fn took_effect(&self) -> u64 {
        self.resolved_by.unwrap_or(self.seq)
    }
}

/// What an entry produces, to be recorded in it (when applying) or compared
/// with what it records (when verifying).
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    /// Entries whose dice this entry fixed, with their rolls.
    pub resolves: Vec<Resolved>,
    /// Hash (hex) of the state after the entry.
    pub state_hash: String,
}

/// Why an entry does not take effect.
#[derive(Debug)]
pub struct Reject {
    /// Check group: chain, dice, rules, state.
    pub check: &'static str,
    /// The rules' own error, when the rules refused.
    pub rule: Option<RuleError>,
    /// Plain words.
    pub reason: String,
}

fn reject(check: &'static str, reason: impl Into<String>) -> Reject {
    Reject {
        check,
        rule: None,
        reason: reason.into(),
    }
}

/// A game replayed up to some entry.
pub struct Game {
    /// The log's header.
    pub header: Header,
    game_id: [u8; 16],
    rules: Arc<dyn DynRuleset>,
    state: Box<dyn GameState>,
    keys: BTreeMap<String, PublicKey>,
    accepted: BTreeSet<String>,
    chains: BTreeMap<String, ChainPos>,
    standing: BTreeMap<String, Value>,
    sealed: Option<SealedRound>,
    awaiting: Option<Awaiting>,
    open_seed: Option<[u8; 32]>,
    last_seq: u64,
    last_hash: [u8; 32],
    recent: VecDeque<EntryEvents>,
    /// Each author's latest entry (not part of the state: the log tells it).
    last_by: BTreeMap<String, u64>,
}

impl Clone for Game {
    fn clone(&self) -> Self {
        Game {
            header: self.header.clone(),
            game_id: self.game_id,
            rules: self.rules.clone(),
            state: self.state.clone_box(),
            keys: self.keys.clone(),
            accepted: self.accepted.clone(),
            chains: self.chains.clone(),
            standing: self.standing.clone(),
            sealed: self.sealed.clone(),
            awaiting: self.awaiting.clone(),
            open_seed: self.open_seed,
            last_seq: self.last_seq,
            last_hash: self.last_hash,
            recent: self.recent.clone(),
            last_by: self.last_by.clone(),
        }
    }
}

fn hex32(s: &str) -> Option<[u8; 32]> {
    hex::decode(s).ok()?.try_into().ok()
}

/// A header this legatus cannot replay whatever its data: another protocol, dice algorithm,
/// ruleset or ruleset version (never the sign of a file cut off).
fn version_error(reason: impl Into<String>) -> Error {
    Error::Verify {
        seq: 0,
        check: "version",
        reason: reason.into(),
    }
}

fn header_error(reason: impl Into<String>) -> Error {
    Error::Verify {
        seq: 0,
        check: "header",
        reason: reason.into(),
    }
}

impl Game {
    /// Starts a replay from a header: checks versions, data hash, players and
    /// keys, and sets the scenario up.
    ///
    /// Errors: [`Error::Verify`] with `seq` 0 for a bad header or a ruleset
    /// this build does not have.
    pub fn new(header: Header, registry: &Registry) -> Result<Self, Error> {
        if header.legatus != PROTOCOL_VERSION {
            return Err(version_error(format!(
                "protocol version {} (this legatus reads {PROTOCOL_VERSION})",
                header.legatus
            )));
        }
        if header.dice_algorithm != DICE_ALGORITHM {
            return Err(version_error(format!(
                "dice algorithm {} (this legatus has {DICE_ALGORITHM})",
                header.dice_algorithm
            )));
        }
        let game_id = header
            .game_id_bytes()
            .ok_or_else(|| header_error("game id is not 32 hex digits"))?;
        let rules = registry.get(&header.ruleset.id).ok_or_else(|| {
            version_error(format!(
                "unknown ruleset {:?}; this legatus knows: {}",
                header.ruleset.id,
                registry
                    .all()
                    .map(|r| r.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        if rules.version() != header.ruleset.version {
            return Err(version_error(format!(
                "ruleset {} version {} (this legatus has version {}; replay needs the same rules)",
                header.ruleset.id,
                header.ruleset.version,
                rules.version()
            )));
        }
        let data_hash =
            canonical::hash_value_hex(&header.data).map_err(|e| header_error(e.to_string()))?;
        if data_hash != header.scenario.data_hash {
            return Err(header_error(format!(
                "scenario data hash is {data_hash}, header pins {}",
                header.scenario.data_hash
            )));
        }
        let scenario = rules
            .scenarios()
            .into_iter()
            .find(|s| s.id == header.scenario.id)
            .ok_or_else(|| {
                header_error(format!(
                    "ruleset {} has no scenario {}",
                    header.ruleset.id, header.scenario.id
                ))
            })?;
        let sides = rules.sides(&scenario.id, &header.options);
        let mut want: BTreeSet<String> = sides.iter().cloned().collect();
        if header.dice.mode == DiceMode::Referee {
            want.insert(REFEREE.to_string());
        }
        let have: BTreeSet<String> = header.players.iter().map(|p| p.side.clone()).collect();
        if have != want || have.len() != header.players.len() {
            let words = |s: &BTreeSet<String>| s.iter().cloned().collect::<Vec<_>>().join(", ");
            return Err(header_error(format!(
                "the players are for the sides {}, but scenario {} of {} is played by the sides {} (with {} dice{}): name each with --player SIDE=NAME,EMAIL,PUBKEYFILE, one player per side (`legatus new --help` lists every scenario's sides)",
                words(&have),
                header.scenario.id,
                header.ruleset.id,
                words(&want),
                header.dice.mode,
                if header.dice.mode == DiceMode::Referee {
                    ", the referee included"
                } else {
                    ""
                }
            )));
        }
        if header.dice.mode == DiceMode::Mutual && sides.len() < 2 {
            return Err(header_error(
                "mutual dice need at least two sides (each side's dice hang on the others' reveals); use open dice",
            ));
        }
        let open_seed = match (header.dice.mode, &header.dice.seed) {
            (DiceMode::Open, Some(s)) => {
                Some(hex32(s).ok_or_else(|| header_error("open dice seed is not 64 hex digits"))?)
            }
            (DiceMode::Open, None) => return Err(header_error("open dice need a seed")),
            (_, Some(_)) => return Err(header_error("only open dice carry a seed in the header")),
            (_, None) => None,
        };
        let mut keys = BTreeMap::new();
        for p in &header.players {
            let k = keys::parse_public(&p.key)
                .map_err(|e| header_error(format!("key of {}: {e}", p.side)))?;
            keys.insert(p.side.clone(), k);
        }
        let state = rules
            .setup(&header.scenario.id, &header.data, &header.options)
            .map_err(|e| header_error(format!("scenario set-up failed: {e}")))?;
        let last_hash = header.hash().map_err(|e| header_error(e.to_string()))?;
        Ok(Game {
            header,
            game_id,
            rules,
            state,
            keys,
            accepted: BTreeSet::new(),
            chains: BTreeMap::new(),
            standing: BTreeMap::new(),
            sealed: None,
            awaiting: None,
            open_seed,
            last_seq: 0,
            last_hash,
            recent: VecDeque::new(),
            last_by: BTreeMap::new(),
        })
    }

    /// Sequence number of the last entry (0 before any).
    pub fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// Hash (hex) of the last document.
    pub fn last_hash(&self) -> String {
        hex::encode(self.last_hash)
    }

    /// The game id bytes.
    pub fn game_id(&self) -> &[u8; 16] {
        &self.game_id
    }

    /// The ruleset.
    pub fn rules(&self) -> &Arc<dyn DynRuleset> {
        &self.rules
    }

    /// The ruleset state.
    pub fn state(&self) -> &dyn GameState {
        self.state.as_ref()
    }

    /// Sequence number of `side`'s latest entry, if he sent any.
    pub fn last_entry_of(&self, side: &str) -> Option<u64> {
        self.last_by.get(side).copied()
    }

    /// Events of the most recent entries, in the order they took effect (an entry whose dice
    /// waited comes just before the entry whose reveal fixed them).
    pub fn recent(&self) -> impl Iterator<Item = &EntryEvents> {
        self.recent.iter()
    }

    /// Participants who have not accepted yet.
    pub fn not_accepted(&self) -> Vec<String> {
        self.header
            .players
            .iter()
            .filter(|p| !self.accepted.contains(&p.side))
            .map(|p| p.side.clone())
            .collect()
    }

    /// Whether `side` keeps a dice chain in this game.
    pub fn holds_chain(&self, side: &str) -> bool {
        match self.header.dice.mode {
            DiceMode::Mutual => side != REFEREE,
            DiceMode::Referee => side == REFEREE,
            DiceMode::Open => false,
        }
    }

    /// How many reveals `side` has published.
    pub fn reveals_published(&self, side: &str) -> u32 {
        self.chains.get(side).map_or(0, |c| c.index)
    }

    /// The entry whose dice wait for a reveal, if any.
    pub fn awaiting(&self) -> Option<&Awaiting> {
        self.awaiting.as_ref()
    }

    /// Who must publish the next reveal for the awaiting entry (in a game of three or more
    /// sides in `mutual` dice, the first of the sides it still needs: [`Awaiting::owed`]).
    pub fn awaited_revealer(&self) -> Option<String> {
        self.awaiting.as_ref()?.owed().first().cloned()
    }

    /// The sides whose next reveals fix the dice of an entry by `author` (`docs/protocol.md`
    /// §8): the referee in `referee` mode; in `mutual` every other side, in the order the
    /// header lists the players starting after the author (so in a two-sided game, the
    /// opponent); nobody in `open` mode.
    pub fn revealers_for(&self, author: &str) -> Vec<String> {
        match self.header.dice.mode {
            DiceMode::Open => Vec::new(),
            DiceMode::Referee => vec![REFEREE.to_string()],
            DiceMode::Mutual => {
                let players = &self.header.players;
                let at = players.iter().position(|p| p.side == author).unwrap_or(0);
                (1..players.len())
                    .map(|k| &players[(at + k) % players.len()].side)
                    .filter(|s| *s != author && s.as_str() != REFEREE)
                    .cloned()
                    .collect()
            }
        }
    }

    /// A side's standing orders in force (its latest `standing:` block, merged key by key with
    /// the earlier ones when the ruleset merges them: `engine::standing`).
    pub fn standing(&self, side: &str) -> Option<&Value> {
        self.standing.get(side)
    }

    /// Whether the ruleset merges a new `standing:` block key by key with the earlier one.
    pub fn merges_standing(&self) -> bool {
        self.state.merges_standing()
    }

    /// `side`'s standing orders once `new` (a `standing:` block as sent) takes effect.
    pub fn standing_after(&self, side: &str, new: &Value) -> Value {
        super::standing::combine(self.standing.get(side), new, self.merges_standing())
    }

    /// What `side`'s standing orders `standing` will do, in the game's words (empty when the
    /// ruleset does not say).
    pub fn describe_standing(&self, side: &str, standing: &Value) -> Vec<String> {
        self.state.describe_standing(side, standing)
    }

    fn keep_standing(&mut self, side: &str, new: &Value) {
        let merged = self.standing_after(side, new);
        self.standing.insert(side.to_string(), merged);
    }

    /// The ruleset's pending step.
    pub fn pending(&self) -> Pending {
        self.state.pending()
    }

    /// Sides that have already committed in the current sealed round.
    pub fn sealed_committed(&self) -> Vec<String> {
        self.sealed
            .as_ref()
            .map(|s| s.commits.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// Sides that have already revealed in the current sealed round.
    pub fn sealed_revealed(&self) -> Vec<String> {
        self.sealed
            .as_ref()
            .map(|s| s.reveals.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// The commit entry of `side` in the current sealed round.
    pub fn sealed_commit_seq(&self, side: &str) -> Option<u64> {
        self.sealed.as_ref()?.commits.get(side).map(|c| c.0)
    }

    /// The public key of `side`.
    pub fn key(&self, side: &str) -> Option<&PublicKey> {
        self.keys.get(side)
    }

    /// Records that the entry just advanced has this hash (the next `prev`).
    pub fn link(&mut self, hash: [u8; 32]) {
        self.last_hash = hash;
    }

    /// Canonical snapshot of everything that determines what comes next.
    pub fn snapshot(&self) -> Value {
        // Built as a map directly so the ruleset state is converted only once
        // (its `to_value` already rejects floats; the rest holds none by type).
        let mut m = serde_json::Map::new();
        m.insert("ruleset".into(), self.state.to_value());
        m.insert(
            "accepted".into(),
            serde_json::to_value(&self.accepted).expect("strings"),
        );
        m.insert(
            "chains".into(),
            serde_json::to_value(&self.chains).expect("hex and integers"),
        );
        m.insert(
            "standing".into(),
            Value::Object(
                self.standing
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            ),
        );
        m.insert(
            "sealed".into(),
            serde_json::to_value(&self.sealed).expect("strings and integers"),
        );
        // The awaiting entry's seq; once some (not all) of the reveals it needs are in (only
        // with three or more sides), `{"seq", "reveals": {side: hex}}`.
        m.insert(
            "awaiting".into(),
            self.awaiting.as_ref().map_or(Value::Null, |a| {
                if a.collected.is_empty() {
                    Value::from(a.seq)
                } else {
                    let reveals: serde_json::Map<String, Value> = a
                        .revealers
                        .iter()
                        .zip(&a.collected)
                        .map(|(s, r)| (s.clone(), Value::from(hex::encode(r))))
                        .collect();
                    serde_json::json!({"seq": a.seq, "reveals": reveals})
                }
            }),
        );
        Value::Object(m)
    }

    /// SHA-256 (hex) of the canonical bytes of [`Game::snapshot`].
    pub fn state_hash(&self) -> String {
        hex::encode(canonical::sha256_value(&self.snapshot()))
    }

    /// Checks an entry's signature against its author's key.
    pub fn check_signature(&self, e: &Entry) -> Result<(), Reject> {
        let key = self.keys.get(&e.author).ok_or_else(|| {
            reject(
                "signature",
                format!("author {:?} is not a player of this game", e.author),
            )
        })?;
        let bytes = e
            .signed_bytes()
            .map_err(|err| reject("signature", err.to_string()))?;
        keys::verify(key, &bytes, &e.sig)
            .map_err(|err| reject("signature", format!("{err} (author {})", e.author)))
    }

    /// Every name in `standing` (the `standing:` of an order file by `side`) the rules do not
    /// know, each with the JSON pointer of its value inside `standing:` (see
    /// [`crate::ruleset::Ruleset::check_standing`]). Checked when an order file is made
    /// into an entry, never on replay. Empty when every name is known.
    pub fn check_standing(&self, side: &str, standing: &Value) -> Vec<(String, RuleError)> {
        self.state.check_standing(side, standing)
    }

    /// Runs `orders` (and `standing`, if given) by `side` for the pending step through
    /// the rules on a copy of the state, up to the first die, and changes nothing: the
    /// rules validate every order before drawing a die, so `Ok` means the rules take
    /// them. Used to find every refusal of an order file at once.
    ///
    /// At a sealed step the orders are checked together with those the other sides have
    /// already revealed, as their reveal will be resolved; while another side's orders are
    /// still hidden nothing can be checked yet and the answer is `Ok`.
    ///
    /// Errors: the rules' refusal ([`RuleError::Illegal`]).
    pub fn check_orders(
        &self,
        side: &str,
        orders: &Value,
        standing: Option<&Value>,
    ) -> Result<(), RuleError> {
        let pending = self.state.pending();
        let mut all_standing = self.standing.clone();
        let mut by = BTreeMap::from([(side.to_string(), orders.clone())]);
        if pending.kind == PendingKind::Sealed {
            if let Some(round) = &self.sealed {
                for (other, (o, s)) in &round.reveals {
                    if other != side {
                        by.insert(other.clone(), o.clone());
                        if let Some(s) = s {
                            all_standing.insert(other.clone(), s.clone());
                        }
                    }
                }
            }
            if pending.sides.iter().any(|s| !by.contains_key(s)) {
                // The others' orders are not known yet: what the rules refuse in these alone.
                return match self.state.check_sealed_alone(side, orders) {
                    Ok(()) | Err(RuleError::Dice(_)) => Ok(()),
                    Err(e) => Err(e),
                };
            }
        }
        if let Some(s) = standing {
            all_standing.insert(side.to_string(), self.standing_after(side, s));
        }
        let sub = Submission {
            kind: pending.kind,
            step: pending.step,
            by,
        };
        let mut copy = self.state.clone_box();
        let mut dice = Dice::deferred();
        match copy.apply(
            &all_standing,
            &self.header.options,
            self.last_seq + 1,
            &sub,
            &mut dice,
        ) {
            Ok(_) | Err(RuleError::Dice(_)) => Ok(()),
            Err(e) => Err(e),
        }
    }
}

/// What a sealed commitment covers: the orders and the standing orders.
pub fn sealed_body<'a>(orders: &'a Value, standing: Option<&'a Value>) -> Value {
    let mut m = serde_json::Map::new();
    m.insert("orders".into(), orders.clone());
    if let Some(s) = standing {
        m.insert("standing".into(), s.clone());
    }
    Value::Object(m)
}
