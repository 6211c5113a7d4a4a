//! The dice stream: every random number a game uses.
//!
//! Algorithm `legatus-dice-v1` (value-stable forever; pinned by test vectors):
//! - seed = SHA-256 over length-prefixed parts
//!   (`"legatus/dice/v1"`, game id bytes, resolved entry's core hash, reveal)
//!   — see [`crate::protocol::canonical::sha256_parts`];
//! - the stream is ChaCha20 (`rand_chacha` 0.3.1 `ChaCha20Rng::from_seed`), of
//!   which only `next_u32` is used;
//! - a die of N faces takes the first `x = next_u32()` with
//!   `x < floor(2^32 / N) * N` (rejection sampling) and reads `1 + x mod N`;
//!   *The Ancient World*'s d10 reads `x mod 10`, 0–9, and is recorded as die
//!   [`D10_ZERO`] (`d10z`), so that a record says which reading it took (a `d10` is a
//!   draw of 1–10, e.g. from a cup of ten);
//! - a draw from a cup of n items takes the item at index `dN - 1` with N = n;
//! - a shuffle is Fisher–Yates from the last index down, each swap partner
//!   drawn as `d(i+1) - 1`.
//!
//! Library helpers for ranges or shuffles are never used: their values may
//! change between versions (PROTOCOL invariant 5).

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde::{Deserialize, Serialize};

use super::canonical::sha256_parts;

/// The recorded name of *The Ancient World*'s ten-sided die, read 0–9 (AW 3.0).
pub const D10_ZERO: &str = "d10z";

/// One recorded roll: what it was for, the rule that called for it, the die and the value read.
#[derive(Debug, Clone, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Roll {
    /// Plain words, e.g. "minor combat at Cilicia".
    pub purpose: String,
    /// Rule section, e.g. "Alexandros 9.4".
    pub rule: String,
    /// `dN` (1..=N: a die of N faces, a draw from a cup of N, a shuffle partner) or `d10z` (0..=9).
    pub die: String,
    /// The value read: 1..=N for `dN`, 0..=9 for `d10z`.
    pub value: u32,
    /// The side the roll is for (whose roll it is in the rules), as the ruleset
    /// said with [`Dice::roll_for`]; `None` when it did not say. Not written to the
    /// log: replaying the log gives it again.
    #[serde(skip)]
    pub side: Option<String>,
}

// Two rolls are equal when the four recorded fields agree: `side` is not recorded
// in the log, so a replayed roll equals the one the log holds.
impl PartialEq for Roll {
    fn eq(&self, o: &Self) -> bool {
        (&self.purpose, &self.rule, &self.die, self.value) == (&o.purpose, &o.rule, &o.die, o.value)
    }
}

/// Returned when a ruleset draws a die while the entry's dice are not yet
/// fixed (the opponent's reveal has not arrived). The engine then defers the
/// whole entry; rulesets must propagate it unchanged with `?`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the dice for this entry are not fixed yet (they wait for the opponent's next reveal)")]
pub struct DiceUnavailable;

enum Source {
    Deferred,
    Stream(Box<ChaCha20Rng>),
}

/// The dice a ruleset may use while resolving one entry. Every value is
/// recorded with its purpose and rule.
pub struct Dice {
    source: Source,
    rolls: Vec<Roll>,
    /// Values drawn by an earlier entry, read again first and not recorded (see
    /// [`Dice::replay`]).
    tape: std::collections::VecDeque<Roll>,
    /// The side the next rolls are for (see [`Dice::roll_for`]).
    side: Option<String>,
}

/// [`Dice`] rolling for one side (see [`Dice::roll_for`]); dropping it restores
/// the side rolled for before.
pub struct RollingFor<'a> {
    dice: &'a mut Dice,
    prev: Option<String>,
}

impl std::ops::Deref for RollingFor<'_> {
    type Target = Dice;
    fn deref(&self) -> &Dice {
        self.dice
    }
}

impl std::ops::DerefMut for RollingFor<'_> {
    fn deref_mut(&mut self) -> &mut Dice {
        self.dice
    }
}

impl Drop for RollingFor<'_> {
    fn drop(&mut self) {
        self.dice.side = self.prev.take();
    }
}

/// Seed for the dice that resolve an entry.
///
/// `game_id`: the header's 16 id bytes; `core_hash`: SHA-256 of the resolved
/// entry's core (see `docs/protocol.md`); `reveal`: the 32-byte secret that
/// fixes it (the opponent's reveal, the referee's, or the open seed).
pub fn seed(game_id: &[u8], core_hash: &[u8; 32], reveal: &[u8; 32]) -> [u8; 32] {
    sha256_parts(&[b"legatus/dice/v1", game_id, core_hash, reveal])
}

/// Seed for the dice that resolve an entry in a `mutual` game of any number of sides: the
/// reveals of every other side, in the order they were collected (`docs/protocol.md` §8).
/// With one reveal it is exactly [`seed`], so two-sided games keep their dice.
///
/// Panics if `reveals` is empty (an entry's dice always hang on at least one reveal).
pub fn seed_of_reveals(game_id: &[u8], core_hash: &[u8; 32], reveals: &[[u8; 32]]) -> [u8; 32] {
    assert!(!reveals.is_empty(), "dice need at least one reveal");
    let mut parts: Vec<&[u8]> = vec![b"legatus/dice/v1", game_id, core_hash];
    parts.extend(reveals.iter().map(|r| r.as_slice()));
    sha256_parts(&parts)
}

impl Dice {
    /// Dice from a seed (see [`seed`]).
    pub fn from_seed(seed: [u8; 32]) -> Self {
        Dice {
            source: Source::Stream(Box::new(ChaCha20Rng::from_seed(seed))),
            rolls: Vec::new(),
            tape: Default::default(),
            side: None,
        }
    }

    /// Dice that are not available yet: the first draw returns [`DiceUnavailable`].
    pub fn deferred() -> Self {
        Dice {
            source: Source::Deferred,
            rolls: Vec::new(),
            tape: Default::default(),
            side: None,
        }
    }

    /// The dice, rolling for `side` until the returned guard is dropped (use it
    /// in one expression: `dice.roll_for("persian").d6(..)?`): the side the rolls
    /// are for in the rules (the besieger's siege roll, the defender's block), which
    /// may not be the author of the entry being resolved. Recorded in
    /// [`Roll::side`]; the audit groups its statistics by it.
    pub fn roll_for(&mut self, side: &str) -> RollingFor<'_> {
        let prev = self.side.replace(side.to_string());
        RollingFor { dice: self, prev }
    }

    /// Has the next draws read `rolls` again, in order, before the stream: a resolution that
    /// was suspended for a player's decision and is resolved again from its start, with the
    /// rolls it drew in the entries before (The Conquerors' pauses, `docs/protocol.md`). The
    /// replayed values are not recorded in [`Dice::rolls`] (their entries hold them).
    ///
    /// Panics if a replayed roll is read as another die than the one it was drawn with
    /// (resolution did not repeat itself: a bug in the ruleset).
    pub fn replay(&mut self, rolls: Vec<Roll>) {
        self.tape = rolls.into();
    }

    /// Rolls of [`Dice::replay`] not read yet.
    pub fn replaying(&self) -> usize {
        self.tape.len()
    }

    fn replayed(&mut self, die: &str) -> Option<u32> {
        let r = self.tape.pop_front()?;
        assert_eq!(
            r.die, die,
            "a replayed roll is read as another die ({})",
            r.purpose
        );
        Some(r.value)
    }

    /// The rolls drawn so far, in order.
    pub fn rolls(&self) -> &[Roll] {
        &self.rolls
    }

    /// Consumes the dice, returning the rolls.
    pub fn into_rolls(self) -> Vec<Roll> {
        self.rolls
    }

    fn raw(&mut self, faces: u32) -> Result<u32, DiceUnavailable> {
        assert!(faces >= 1, "a die needs at least one face");
        let rng = match &mut self.source {
            Source::Deferred => return Err(DiceUnavailable),
            Source::Stream(rng) => rng,
        };
        let zone = (1u64 << 32) / u64::from(faces) * u64::from(faces);
        loop {
            let x = rng.next_u32();
            if u64::from(x) < zone {
                return Ok(x % faces);
            }
        }
    }

    fn record(&mut self, die: String, value: u32, purpose: &str, rule: &str) -> u32 {
        self.rolls.push(Roll {
            purpose: purpose.to_string(),
            rule: rule.to_string(),
            die,
            value,
            side: self.side.clone(),
        });
        value
    }

    /// A die of `faces` faces: 1..=faces.
    pub fn die(&mut self, faces: u32, purpose: &str, rule: &str) -> Result<u32, DiceUnavailable> {
        if let Some(v) = self.replayed(&format!("d{faces}")) {
            return Ok(v);
        }
        let v = self.raw(faces)? + 1;
        Ok(self.record(format!("d{faces}"), v, purpose, rule))
    }

    /// A six-sided die: 1..=6.
    pub fn d6(&mut self, purpose: &str, rule: &str) -> Result<u32, DiceUnavailable> {
        self.die(6, purpose, rule)
    }

    /// Two six-sided dice summed: 2..=12 (recorded as two d6 rolls).
    pub fn two_d6(&mut self, purpose: &str, rule: &str) -> Result<u32, DiceUnavailable> {
        Ok(self.d6(purpose, rule)? + self.d6(purpose, rule)?)
    }

    /// *The Ancient World*'s ten-sided die, read 0..=9 (AW 3.0: a 0 is zero).
    pub fn d10(&mut self, purpose: &str, rule: &str) -> Result<u32, DiceUnavailable> {
        if let Some(v) = self.replayed(D10_ZERO) {
            return Ok(v);
        }
        let v = self.raw(10)?;
        Ok(self.record(D10_ZERO.to_string(), v, purpose, rule))
    }

    /// Draws (removes and returns) one item from a cup, uniformly.
    /// Returns `None` from an empty cup without drawing.
    pub fn draw<T>(
        &mut self,
        cup: &mut Vec<T>,
        purpose: &str,
        rule: &str,
    ) -> Result<Option<T>, DiceUnavailable> {
        if cup.is_empty() {
            return Ok(None);
        }
        let n = u32::try_from(cup.len()).expect("cup smaller than 2^32");
        let i = self.die(n, purpose, rule)? - 1;
        Ok(Some(cup.remove(i as usize)))
    }

    /// Shuffles `items` in place (Fisher–Yates, last index down).
    pub fn shuffle<T>(
        &mut self,
        items: &mut [T],
        purpose: &str,
        rule: &str,
    ) -> Result<(), DiceUnavailable> {
        for i in (1..items.len()).rev() {
            let n = u32::try_from(i + 1).expect("fewer than 2^32 items");
            let j = self.die(n, purpose, rule)? - 1;
            items.swap(i, j as usize);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn protocol_dice_seed_of_one_reveal_is_the_two_sided_seed() {
        let (g, c, r, q) = ([1u8; 16], [2u8; 32], [3u8; 32], [4u8; 32]);
        assert_eq!(seed_of_reveals(&g, &c, &[r]), seed(&g, &c, &r));
        assert_ne!(
            seed_of_reveals(&g, &c, &[r, q]),
            seed_of_reveals(&g, &c, &[q, r])
        );
        assert_ne!(seed_of_reveals(&g, &c, &[r, q]), seed(&g, &c, &r));
    }

    #[test]
    fn protocol_dice_deferred_refuses_to_roll() {
        let mut d = Dice::deferred();
        assert_eq!(d.d6("x", "y"), Err(DiceUnavailable));
        assert!(d.rolls().is_empty());
    }

    #[test]
    fn protocol_dice_roll_for_names_the_side_of_those_rolls_only() {
        let mut d = Dice::from_seed([3; 32]);
        d.d6("before", "t").unwrap();
        d.roll_for("persian").two_d6("sortie", "t").unwrap();
        d.d6("after", "t").unwrap();
        let sides: Vec<Option<&str>> = d.rolls().iter().map(|r| r.side.as_deref()).collect();
        assert_eq!(sides, [None, Some("persian"), Some("persian"), None]);
        // Not part of what is recorded or compared.
        let mut other = d.rolls()[1].clone();
        other.side = None;
        assert_eq!(other, d.rolls()[1]);
    }

    #[test]
    fn protocol_dice_replay_reads_the_tape_first_and_records_only_new_rolls() {
        let mut a = Dice::from_seed([5; 32]);
        let first = a.d6("x", "t").unwrap();
        let tape = a.rolls().to_vec();
        let mut b = Dice::deferred();
        b.replay(tape);
        assert_eq!(b.d6("x", "t"), Ok(first));
        assert!(b.rolls().is_empty());
        assert_eq!(b.d6("y", "t"), Err(DiceUnavailable));
    }

    #[test]
    fn protocol_dice_ranges() {
        let mut d = Dice::from_seed([7; 32]);
        for _ in 0..1000 {
            assert!((1..=6).contains(&d.d6("t", "t").unwrap()));
            assert!(d.d10("t", "t").unwrap() <= 9);
            assert!((2..=12).contains(&d.two_d6("t", "t").unwrap()));
        }
    }

    #[test]
    fn protocol_dice_draw_empties_cup_exactly_once() {
        let mut d = Dice::from_seed([1; 32]);
        let mut cup: Vec<u32> = (0..10).collect();
        let mut out = Vec::new();
        while let Some(x) = d.draw(&mut cup, "chit", "AW 4.1").unwrap() {
            out.push(x);
        }
        out.sort();
        assert_eq!(out, (0..10).collect::<Vec<_>>());
    }
}
