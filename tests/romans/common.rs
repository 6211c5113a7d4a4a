//! Shared helpers for The Romans' rule tests: the 20.1 set-up, orders, a submission through
//! `Romans::apply` (first with dice that refuse to roll, as the engine does), refusals.
#![allow(dead_code)]

use std::collections::BTreeMap;

use legatus::games::conquerors::romans::orders::{Orders, Standing};
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::Romans;
use legatus::protocol::dice::Dice;
use legatus::ruleset::{Context, Event, RuleError, Ruleset, Submission};

/// The Second Macedonian War as set up (Romans 20.1).
pub fn smw() -> State {
    let r = Romans;
    let data = r.load_scenario("second-macedonian-war", &[]).unwrap();
    r.setup("second-macedonian-war", &data, &[]).unwrap()
}

pub fn dice(n: u8) -> Dice {
    Dice::from_seed([n; 32])
}

pub fn orders(yaml: &str) -> Orders {
    serde_saphyr::from_str(yaml).unwrap()
}

/// Submits `o` for whoever must act.
pub fn submit(s: &mut State, o: Orders, d: &mut Dice) -> Result<Vec<Event>, RuleError> {
    let p = Romans.pending(s);
    let side = p.sides[0].clone();
    let standing: BTreeMap<String, Standing> = BTreeMap::new();
    let ctx = Context {
        standing: &standing,
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

/// Rome's Campaign Phase passes without a move: Macedon's comes.
pub fn to_macedon(s: &mut State) {
    submit(s, orders("moves: []"), &mut dice(0)).unwrap();
}

#[track_caller]
pub fn refused(r: Result<Vec<Event>, RuleError>, rule: &str) -> String {
    match r {
        Err(RuleError::Illegal {
            rule: got, reason, ..
        }) => {
            assert_eq!(got, rule, "refused under {got} ({reason}), expected {rule}");
            reason
        }
        other => panic!("expected a refusal under {rule}, got {other:?}"),
    }
}

/// Ids of `side`'s units at `hex`.
pub fn units_at(s: &State, hex: &str, side: &str) -> Vec<String> {
    s.units
        .iter()
        .filter(|(_, u)| u.at.hex == hex && u.side == side)
        .map(|(k, _)| k.clone())
        .collect()
}

pub fn texts(ev: &[Event]) -> String {
    ev.iter()
        .map(|e| format!("[{}] {}", e.rule, e.text))
        .collect::<Vec<_>>()
        .join("\n")
}
