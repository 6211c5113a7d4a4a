//! Helpers for the Alexandros rule tests: a fresh game, the pack, submissions.
#![allow(dead_code)]

use std::collections::BTreeMap;

use legatus::games::alexandros::orders::{Orders, Standing};
use legatus::games::alexandros::state::{Place, State};
use legatus::games::alexandros::tactical::BattleResult;
use legatus::games::alexandros::{battle, data, initial_state, sequence, Alexandros};
use legatus::protocol::dice::Dice;
use legatus::ruleset::{Context, Event, PendingKind, RuleError, Ruleset, Submission};

pub fn pack() -> data::Pack {
    data::load_embedded().unwrap()
}

pub fn fresh() -> State {
    initial_state(pack()).unwrap()
}

pub fn dice(n: u8) -> Dice {
    Dice::from_seed([n; 32])
}

pub fn orders(yaml: &str) -> Orders {
    serde_saphyr::from_str(yaml).unwrap()
}

pub fn standing(yaml: &str) -> Standing {
    serde_saphyr::from_str(yaml).unwrap()
}

/// Submits `orders` for whoever must act, with the standing orders given.
pub fn submit(
    s: &mut State,
    o: Orders,
    st: &BTreeMap<String, Standing>,
    d: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    let p = Alexandros.pending(s);
    let side = p.sides[0].clone();
    let ctx = Context {
        standing: st,
        options: &[],
        seq: 1,
    };
    let sub = Submission {
        kind: p.kind,
        step: p.step.clone(),
        by: BTreeMap::from([(side, o)]),
    };
    let mut copy = s.clone();
    // The engine first applies with dice that refuse to roll: validation must come first.
    let mut deferred = Dice::deferred();
    let first = Alexandros.apply(&mut copy, &ctx, &sub, &mut deferred);
    if let Err(RuleError::Illegal { .. }) = first {
        return first;
    }
    let r = Alexandros.apply(s, &ctx, &sub, d);
    if let (Err(RuleError::Dice(_)), Err(RuleError::Illegal { rule, reason, .. })) = (&first, &r) {
        panic!("refused under {rule} ({reason}) only after a die was drawn");
    }
    r
}

/// A game past set-up and the Granicus, waiting for the Macedonian movement of Summer 334.
/// The Granicus is handed back with a given result — nightfall, nothing lost (Alexandros
/// 10.19) — so the strategic rules are tested from a known position; whole battles are tested
/// in `alexandros_tactical_battles.rs` and through the CLI in `alexandros_cli.rs`.
pub fn summer_334() -> State {
    let mut s = fresh();
    let st = BTreeMap::new();
    submit(&mut s, orders("darius: Persis"), &st, &mut dice(1)).unwrap();
    nightfall(&mut s);
    assert_eq!(
        Alexandros.pending(&s).step,
        "summer-334/macedonian-movement"
    );
    s
}

/// Ends every battle that comes up with a nightfall and no losses (Alexandros 10.19), playing
/// on to the next step; returns the events of what followed.
pub fn nightfall(s: &mut State) -> Vec<Event> {
    nightfall_with(s, &BTreeMap::new())
}

/// [`nightfall`] with the sides' standing orders for what follows the battles.
pub fn nightfall_with(s: &mut State, st: &BTreeMap<String, Standing>) -> Vec<Event> {
    let mut ev = Vec::new();
    while let Some(b) = s.battle.take() {
        let r = BattleResult {
            nightfall: true,
            ..Default::default()
        };
        battle::apply_result_for(s, &b.province, b.host, &r, st, &mut ev);
        sequence::continue_combat(s, st, &[], None, &mut dice(1), &mut ev).unwrap();
    }
    ev
}

/// [`submit`], then [`nightfall`] for any battle it starts: for tests of what comes after
/// the combat phase, from a position where both armies stand in Ionia.
pub fn submit_nightfall(
    s: &mut State,
    o: Orders,
    st: &BTreeMap<String, Standing>,
    d: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    let mut ev = submit(s, o, st, d)?;
    ev.extend(nightfall_with(s, st));
    Ok(ev)
}

/// Moves every counter of `who` (units or leaders) into `place`.
pub fn put(s: &mut State, who: &[&str], place: Place) {
    for w in who {
        if let Some(u) = s.units.get_mut(*w) {
            u.place = place.clone();
            if u.steps == 0 {
                u.steps = s.pack.unit(w).unwrap().steps.len() as u8;
            }
        } else if let Some(l) = s.leaders.get_mut(*w) {
            l.place = place.clone();
        } else {
            panic!("no counter {w}");
        }
    }
}

pub fn prov(p: &str) -> Place {
    Place::Province(p.to_string())
}

pub fn no_standing() -> BTreeMap<String, Standing> {
    BTreeMap::new()
}

pub fn is_game_over(s: &State) -> bool {
    Alexandros.pending(s).kind == PendingKind::GameOver
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
        // An order breaking several rules is refused with each (8.1): one of them is `rule`.
        Err(RuleError::Several(v)) => v
            .iter()
            .find_map(|e| match e {
                RuleError::Illegal {
                    rule: got, reason, ..
                } if got == rule => Some(reason.clone()),
                _ => None,
            })
            .unwrap_or_else(|| panic!("expected a refusal under {rule}, got {v:?}")),
        other => panic!("expected a refusal under {rule}, got {other:?}"),
    }
}

/// Takes every counter off the Turn Record Track (so no reinforcement is due).
pub fn clear_track(s: &mut State) {
    for u in s.units.values_mut() {
        if u.place == Place::Track {
            u.place = Place::Removed;
        }
    }
    for l in s.leaders.values_mut() {
        if l.place == Place::Track {
            l.place = Place::Removed;
        }
    }
}

/// Cilicia: Parmenio with two phalanxes against the Royal Guard (the Persian defends; 3:1).
pub fn cilicia() -> State {
    let mut s = summer_334();
    put(
        &mut s,
        &["Parmenio", "phalanx-1", "phalanx-2"],
        prov("Cilicia"),
    );
    put(&mut s, &["royal-guard"], prov("Cilicia"));
    legatus::games::alexandros::control::update(&mut s);
    s
}
