//! Shared helpers for The Macedonians' rule tests: the 20.0 set-up, orders, a submission through
//! `Macedonians::apply` (first with dice that refuse to roll, as the engine does), refusals,
//! and positions set by hand (a counter moved, a city's control, the phase).
#![allow(dead_code)]

use std::collections::BTreeMap;

use legatus::games::conquerors::macedonians::orders::{Orders, Standing};
use legatus::games::conquerors::macedonians::state::{Phase, State};
use legatus::games::conquerors::macedonians::Macedonians;
use legatus::protocol::dice::Dice;
use legatus::ruleset::{Context, Event, RuleError, Ruleset, Submission};

/// The campaign as set up (Macedonians 20).
pub fn campaign() -> State {
    let r = Macedonians;
    let data = r.load_scenario("campaign-334", &[]).unwrap();
    r.setup("campaign-334", &data, &[]).unwrap()
}

/// The campaign at the Macedonian Campaign Phase of Game-Turn 1 (the Persian Supply and
/// Attrition Phase between is not built: the phase is set by hand).
pub fn macedonian_turn() -> State {
    let mut s = campaign();
    s.phase = Phase::MacedonianCampaign;
    s
}

pub fn dice(n: u8) -> Dice {
    Dice::from_seed([n; 32])
}

pub fn orders(yaml: &str) -> Orders {
    serde_saphyr::from_str(yaml).unwrap_or_else(|e| panic!("{e}: {yaml}"))
}

/// Submits `o` for whoever must act.
pub fn submit(s: &mut State, o: Orders, d: &mut Dice) -> Result<Vec<Event>, RuleError> {
    let p = Macedonians.pending(s);
    let side = p.sides.first().cloned().unwrap_or_default();
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
    if let Err(e @ RuleError::Illegal { .. }) =
        Macedonians.apply(&mut copy, &ctx, &sub, &mut deferred)
    {
        return Err(e);
    }
    Macedonians.apply(s, &ctx, &sub, d)
}

/// One move, submitted.
pub fn go(s: &mut State, mv: &str) -> Result<Vec<Event>, RuleError> {
    submit(s, orders(&format!("moves:\n  - {mv}\n")), &mut dice(1))
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

pub fn texts(ev: &[Event]) -> String {
    ev.iter()
        .map(|e| format!("[{}] {}", e.rule, e.text))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Puts a unit, commander or squadron (or the Siege Train) in `hex`, outside any city.
pub fn put(s: &mut State, id: &str, hex: &str) {
    if id == "siege-train" {
        s.siege_train.as_mut().unwrap().hex = hex.into();
    } else if let Some(u) = s.units.get_mut(id) {
        u.at.hex = hex.into();
        u.at.inside = false;
    } else if let Some(c) = s.commanders.get_mut(id) {
        c.at.hex = hex.into();
    } else if let Some(q) = s.squadrons.get_mut(id) {
        q.at.hex = hex.into();
    } else {
        panic!("no counter {id}");
    }
    s.aboard.remove(id);
    s.phase_start.insert(id.into(), hex.into());
}

/// Takes a side's counters off the map (a position without them).
pub fn clear(s: &mut State, side: &str) {
    s.units.retain(|_, u| u.side != side);
    s.commanders.retain(|_, c| c.side != side);
    s.squadrons.retain(|_, q| q.side != side);
    if side == "macedonian" {
        s.siege_train = None;
    }
}

/// Gives `city` to `side`.
pub fn control(s: &mut State, city: &str, side: &str) {
    s.cities
        .get_mut(city)
        .unwrap_or_else(|| panic!("no city {city}"))
        .control = side.into();
}

/// Ids of `side`'s land units at `hex`.
pub fn units_at(s: &State, hex: &str, side: &str) -> Vec<String> {
    s.units
        .iter()
        .filter(|(_, u)| u.at.hex == hex && u.side == side)
        .map(|(k, _)| k.clone())
        .collect()
}
