//! Decisions inside the opponent's turn taken in person (The Conquerors; The Romans' issue 15,
//! The Macedonians to follow): a standing order may say `ask` instead of an answer, and the
//! phasing player's resolution then stops at that decision and waits for the owner's entry.
//!
//! The shape, shared by the games:
//! - [`Ask`]: a standing order's value, either the answer given in advance or the word `ask`;
//! - [`Question`]: the decision asked (whose, which rule, the legal options, where the moving
//!   Force stands);
//! - [`Asking`]: while a phase resolves, the answers given so far and the question that
//!   stopped it;
//! - [`Paused`]: the continuation kept in the state: the phasing side's orders for the phase,
//!   the standing orders in force when it began, the answers given, the rolls drawn so far and
//!   the state the phase began from.
//!
//! Resuming resolves the phase again from its start with the same orders and standing orders,
//! the rolls drawn before read again ([`crate::protocol::dice::Dice::replay`]) and each asked
//! decision taken from the answers in order; everything up to the pause repeats itself
//! exactly (the rules are deterministic), so the events already reported are skipped and the
//! dice the new entry brings serve what comes after. A phase with no `ask` never builds any of
//! this: it resolves as before, with the same dice.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::protocol::dice::Roll;
use crate::ruleset::RuleError;

/// The word `ask` in a standing order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AskWord {
    /// Pause the opponent's resolution here and wait for my entry.
    Ask,
}

/// A standing order's value: the answer given in advance, or `ask` (decide in person). Read
/// as `ask` or as the answer's own form; a value that is neither is refused with the answer's
/// own message (`unknown variant ...`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum Ask<T> {
    /// `ask`: the game pauses at this decision and waits for the player's entry.
    InPerson(AskWord),
    /// The answer sent in advance.
    Given(T),
}

impl<'de, T: serde::de::DeserializeOwned> Deserialize<'de> for Ask<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        if v.as_str() == Some("ask") {
            return Ok(Ask::InPerson(AskWord::Ask));
        }
        serde_json::from_value(v)
            .map(Ask::Given)
            .map_err(serde::de::Error::custom)
    }
}

impl<T> Ask<T> {
    /// The answer given in advance, if any.
    pub fn given(&self) -> Option<&T> {
        match self {
            Ask::Given(t) => Some(t),
            Ask::InPerson(_) => None,
        }
    }
    /// The player wants to decide in person.
    pub fn asks(&self) -> bool {
        matches!(self, Ask::InPerson(_))
    }
}

impl<T: Default> Default for Ask<T> {
    /// The answer's own default, given (for an order list: none named).
    fn default() -> Self {
        Ask::Given(T::default())
    }
}

impl<T> From<T> for Ask<T> {
    fn from(t: T) -> Self {
        Ask::Given(t)
    }
}

/// A decision asked in person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    /// The side that decides.
    pub side: String,
    /// The rule that gives him the decision (`Romans [6.2], [6.55]`).
    pub rule: String,
    /// What kind of decision (`intercept`, `when_attacked`, `retreat_during_combat`).
    pub kind: String,
    /// The question in plain words.
    pub prompt: String,
    /// The legal answers, in the order offered; the entry names one.
    pub options: Vec<String>,
    /// Where the resolution stands: the phasing side's order and the moving Force's place on
    /// its path (`moves[1]: flamininus entering 2412, path[2]`).
    pub at: String,
}

/// The answers while a phase resolves, and the question that stopped it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Asking {
    /// The answers given in earlier entries, in the order asked.
    pub answers: Vec<String>,
    /// How many have been read in this resolution.
    pub next: usize,
    /// The question no answer was given for yet: the resolution stops.
    pub asked: Option<Question>,
    /// Which of the phasing side's orders is being resolved (`moves[1]`), for [`Question::at`].
    pub order: String,
}

/// The `order` of the refusal that carries a pause up through resolution ([`pause_error`]).
pub const PAUSE: &str = "decision-pause";

/// The error that stops resolution at an asked decision: every caller passes it up with `?`;
/// a caller that catches refusals must let it through ([`is_pause`]).
pub fn pause_error(q: &Question) -> RuleError {
    RuleError::illegal(
        PAUSE,
        q.rule.clone(),
        format!("{} decides in person: {}", q.side, q.prompt),
    )
}

/// Is `e` a pause ([`pause_error`]), not a refusal?
pub fn is_pause(e: &RuleError) -> bool {
    matches!(e, RuleError::Illegal { order, .. } if order == PAUSE)
}

/// Asks `q`: the next answer given, if one is ([`Asking::answers`], in order); otherwise the
/// question is recorded and [`pause_error`] returned. `Ok(None)`: no pause is possible here
/// (the decision comes outside a resolution that can stop: the caller takes the default and
/// reports it).
///
/// Errors: the pause; an answer given that is not one of `q.options` (cannot happen: answers
/// are checked when they are entered).
pub fn ask(asking: &mut Option<Asking>, mut q: Question) -> Result<Option<String>, RuleError> {
    let Some(a) = asking.as_mut() else {
        return Ok(None);
    };
    if let Some(v) = a.answers.get(a.next).cloned() {
        a.next += 1;
        if !q.options.contains(&v) {
            return Err(RuleError::illegal(
                "decision",
                q.rule,
                format!("`{v}` is not one of {}", q.options.join(", ")),
            ));
        }
        return Ok(Some(v));
    }
    if q.at.is_empty() {
        q.at = a.order.clone();
    } else if !a.order.is_empty() {
        q.at = format!("{}: {}", a.order, q.at);
    }
    let e = pause_error(&q);
    a.asked = Some(q);
    Err(e)
}

/// The continuation of a phase stopped at an asked decision.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Paused<St, O, S> {
    /// The decision waited for.
    pub question: Question,
    /// The phasing side.
    pub phasing: String,
    /// The phasing side's orders for the phase (what remains is what follows
    /// [`Question::at`]).
    pub orders: O,
    /// The standing orders in force when the phase began: the whole phase resolves by them.
    pub standing: BTreeMap<String, S>,
    /// The answers given so far, in the order asked.
    pub answers: Vec<String>,
    /// The rolls drawn so far in the phase, in order, over the entries that resolved it.
    pub tape: Vec<Roll>,
    /// How many events have been reported so far.
    pub events: usize,
    /// The state the phase began from.
    pub start: Box<St>,
}
