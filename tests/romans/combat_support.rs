//! Helpers for The Romans' combat tests (Romans [5.7], [6], [9], [10]): counters placed by
//! hand, standing orders, a submission through `Romans::apply` with them (first with dice that
//! refuse to roll, as the engine does), and a search for the dice stream that rolls what a
//! worked example of the rulebook rolls.
#![allow(dead_code)]

use std::collections::BTreeMap;

use legatus::games::conquerors::force::Position;
use legatus::games::conquerors::romans::orders::{Orders, Standing};
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::Romans;
use legatus::protocol::dice::Dice;
use legatus::ruleset::{Context, Event, RuleError, Ruleset, Submission};

/// Puts a unit or commander at `hex` of the Romans map, outside any city.
pub fn place(s: &mut State, id: &str, hex: &str) {
    let at = Position {
        map: "romans".into(),
        hex: hex.into(),
        inside: false,
    };
    if let Some(u) = s.units.get_mut(id) {
        u.at = at;
    } else if let Some(c) = s.commanders.get_mut(id) {
        c.at = at;
    } else {
        panic!("no counter {id}");
    }
}

/// Standing orders of one side.
pub fn standing(side: &str, yaml: &str) -> BTreeMap<String, Standing> {
    BTreeMap::from([(side.to_string(), serde_saphyr::from_str(yaml).unwrap())])
}

/// A dice stream from a number.
pub fn stream(n: u32) -> Dice {
    let mut seed = [7u8; 32];
    seed[..4].copy_from_slice(&n.to_le_bytes());
    Dice::from_seed(seed)
}

/// Submits `o` for whoever must act, with these standing orders.
pub fn submit_with(
    s: &mut State,
    o: &str,
    standing: &BTreeMap<String, Standing>,
    d: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    let o: Orders = serde_saphyr::from_str(o).unwrap();
    let p = Romans.pending(s);
    let side = p.sides[0].clone();
    let ctx = Context {
        standing,
        options: &[],
        seq: 1,
    };
    let sub = Submission {
        kind: p.kind,
        step: p.step.clone(),
        by: BTreeMap::from([(side, o)]),
    };
    let mut copy = s.clone();
    let mut deferred = Dice::deferred();
    if let Err(e @ RuleError::Illegal { .. }) = Romans.apply(&mut copy, &ctx, &sub, &mut deferred) {
        return Err(e);
    }
    Romans.apply(s, &ctx, &sub, d)
}

/// The first dice stream (of 3000) under which the orders give what `want` sees: the state
/// after, the events and the stream's number. Panics if none does.
pub fn search(
    s: &State,
    o: &str,
    standing: &BTreeMap<String, Standing>,
    want: impl Fn(&State, &[Event]) -> bool,
) -> (State, Vec<Event>, u32) {
    for n in 0..3000 {
        let mut x = s.clone();
        if let Ok(ev) = submit_with(&mut x, o, standing, &mut stream(n)) {
            if want(&x, &ev) {
                return (x, ev, n);
            }
        }
    }
    panic!("no dice stream of 3000 gives what the test wants");
}

/// Events under a rule, as text.
pub fn lines(ev: &[Event], rule: &str) -> Vec<String> {
    ev.iter()
        .filter(|e| e.rule == rule)
        .map(|e| e.text.clone())
        .collect()
}

/// SSP of `side`'s units.
pub fn ssp_of(s: &State, side: &str) -> u32 {
    s.units
        .values()
        .filter(|u| u.side == side)
        .map(|u| u.ssp)
        .sum()
}
