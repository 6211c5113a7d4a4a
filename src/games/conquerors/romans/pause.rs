//! The Romans' decisions inside the opponent's Campaign Phase taken in person (issue 15): a
//! standing order `ask` (`intercept: {philip-v: ask}`, `when_attacked: {any: ask}`,
//! `retreat_during_combat: {any: ask}`) stops the phasing player's resolution at that decision;
//! the state keeps the continuation (`conquerors::pause::Paused`), [`pending`] names the side
//! that decides with the rule, [`template`] lists exactly the legal answers, and his entry's
//! `decision:` resumes the phase ([`resume`]), which may stop again.
//!
//! The decisions asked here, one function each, called where the rules take them:
//! [`intercept`] (Romans [6.2], [6.55]: hex by hex, as the enemy Force enters a zone),
//! [`when_attacked`] ([10.1], [5.72], [7.34]: stand, Retreat Before Combat or go into the city
//! when an enemy Force enters his hex), [`retreat_during_combat`] ([10.2]: before each
//! exchange the Force may leave at). docs/romans-orders.md says how to ask.

use std::collections::BTreeMap;

use super::combat::Battle;
use super::interception::Interceptor;
use super::orders::{Orders, Standing, WhenAttacked};
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::combat::Situation;
use crate::games::conquerors::pause::{self, is_pause, Asking, Paused, Question};
use crate::geo::Hex;
use crate::protocol::dice::{Dice, Roll};
use crate::ruleset::{stamp_events, Event, Pending, PendingKind, RuleError, Submission};

/// The Romans' continuation of a stopped Campaign Phase.
pub type RomansPaused = Paused<State, Orders, Standing>;

/// [6.2], [6.55]: `owner`'s Force `f`, whose standing order is `ask`, may intercept the Force
/// of `mover` (of `phasing`) entering `hex` (`zone`, the `k`th hex of the leg): does it try?
///
/// Errors: the pause when no answer has been given yet.
pub fn intercept(
    st: &mut State,
    owner: &str,
    f: &Interceptor,
    (phasing, mover): (&str, &str),
    (hex, zone, k): (Hex, u32, usize),
) -> Result<bool, RuleError> {
    let automatic = st
        .pack
        .table(&st.pack.movement.zones.land.table)
        .is_some_and(|t| crate::games::conquerors::interception::automatic(t, zone));
    let q = Question {
        side: owner.to_string(),
        rule: "Romans [6.2], [6.55]".into(),
        kind: "intercept".into(),
        prompt: format!(
            "the {} Force of {} enters {hex}, Zone-{zone} of {}'s Force at {}: intercept ({}) or pass",
            side_name(phasing),
            st.commander_name(mover),
            st.commander_name(&f.chief),
            f.hex,
            if automatic {
                "automatic in this zone".to_string()
            } else {
                "a roll on the Land Interception Table".to_string()
            }
        ),
        options: vec!["pass".into(), "intercept".into()],
        at: format!(
            "{mover} entering {hex}{}",
            if k > 0 {
                format!(" after {k} hexes")
            } else {
                String::new()
            }
        ),
    };
    Ok(match pause::ask(&mut st.asking, q)? {
        Some(a) => a == "intercept",
        None => false,
    })
}

/// [10.1], [5.72], [7.34]: the Force of `def` (led by `chief`, `small` SSP) in `hex` is entered
/// by the Force of `cid` (of `side`, `big` SSP); its owner asked to decide in person among
/// `options` (`stand`, `retreat`, `into_city`; under the threat of an Overrun, [5.72]: into the
/// city or stand and be overrun). `None`: no pause is possible here (the default follows).
///
/// Errors: the pause when no answer has been given yet.
pub fn when_attacked(
    st: &mut State,
    (side, cid, big): (&str, &str, u32),
    (def, chief, small): (&str, Option<&str>, u32),
    hex: &str,
    options: Vec<&str>,
    overrun: bool,
) -> Result<Option<WhenAttacked>, RuleError> {
    let leader = chief
        .map(|c| format!(" of {}", st.commander_name(c)))
        .unwrap_or_default();
    let q = Question {
        side: def.to_string(),
        rule: if overrun {
            "Romans [5.72]".into()
        } else {
            "Romans [10.1], [7.34]".into()
        },
        kind: "when_attacked".into(),
        prompt: format!(
            "the {} Force of {} ({big} SSP) enters {hex}, where your Force{leader} ({small} SSP) stands{}: {}",
            side_name(side),
            st.commander_name(cid),
            if overrun {
                ", 7 to 1 or better: an Overrun unless it goes inside the city"
            } else {
                ""
            },
            options
                .iter()
                .map(|o| match *o {
                    "stand" if overrun => "stand (and be overrun)",
                    "stand" => "stand and fight",
                    "retreat" => "retreat (Retreat Before Combat, along your retreat_path or the default)",
                    "into_city" => "into_city (go inside the city)",
                    x => x,
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        options: options.iter().map(|o| o.to_string()).collect(),
        at: format!("{cid} entering {hex}"),
    };
    Ok(pause::ask(&mut st.asking, q)?.map(|a| match a.as_str() {
        "retreat" => WhenAttacked::Retreat,
        "into_city" => WhenAttacked::IntoCity,
        _ => WhenAttacked::Stand,
    }))
}

/// [10.2], [10.22]: does side `s` of battle `b` (its Force led by `chief`) Retreat During
/// Combat now (before the first exchange for the Resister, otherwise after exchange
/// `now.exchanges`)? Offered only when it has somewhere to go (the caller checks, [10.15]).
/// `false` while the decision waits (the battle stops before its next roll).
///
/// Errors: none (a pause is recorded in the state and stops the next roll).
pub fn retreat_during_combat(
    st: &mut State,
    b: &Battle,
    s: usize,
    chief: Option<&str>,
    now: &Situation,
) -> Result<bool, RuleError> {
    let leader = chief
        .map(|c| format!(" of {}", st.commander_name(c)))
        .unwrap_or_default();
    let q = Question {
        side: b.sides[s].clone(),
        rule: "Romans [10.2], [10.22]".into(),
        kind: "retreat_during_combat".into(),
        prompt: format!(
            "the battle at {}: your Force{leader} has {} SSP, lost {} so far, at {} against {} SSP{}: fight_on or retreat (Retreat During Combat)",
            b.hex,
            now.ssp[s],
            now.lost[s],
            now.columns[s],
            now.ssp[1 - s],
            if now.exchanges == 0 {
                ", before the first exchange".to_string()
            } else {
                format!(", after exchange {}", now.exchanges)
            }
        ),
        options: vec!["fight_on".into(), "retreat".into()],
        at: format!("the battle at {}", b.hex),
    };
    match pause::ask(&mut st.asking, q) {
        Ok(a) => Ok(a.as_deref() == Some("retreat")),
        Err(e) if is_pause(&e) => Ok(false),
        Err(e) => Err(e),
    }
}

/// The step waited for, while a Campaign Phase is stopped.
pub fn pending(st: &State) -> Option<Pending> {
    let p = st.paused.as_ref()?;
    let q = &p.question;
    Some(Pending {
        step: format!(
            "turn-{}/{}-campaign/decision-{}-{}",
            st.turn_number(),
            p.phasing,
            p.answers.len() + 1,
            q.kind.replace('_', "-")
        ),
        kind: PendingKind::Decision,
        sides: vec![q.side.clone()],
        prompt: format!(
            "{}: {}'s Campaign Phase waits for {}'s decision ({}; {}): {} (`decision:` {})",
            st.turn_words(),
            side_name(&p.phasing),
            side_name(&q.side),
            q.rule,
            q.at,
            q.prompt,
            q.options.join(" | ")
        ),
        rule: q.rule.clone(),
    })
}

/// The `orders:` of the decision waited for, for `side`: the legal answers only.
pub fn template(st: &State, side: &str) -> Option<String> {
    let p = st.paused.as_ref()?;
    let q = &p.question;
    if q.side != side {
        return Some(format!(
            "  # {}'s Campaign Phase waits for {}'s decision ({}); nothing to order now\n",
            side_name(&p.phasing),
            side_name(&q.side),
            q.rule
        ));
    }
    let mut out = format!(
        "  # {}: you asked to decide in person. {}\n  # Where: {}\n  # Answer one of:\n",
        q.rule, q.prompt, q.at
    );
    for o in &q.options {
        out.push_str(&format!("  #   decision: {o}\n"));
    }
    out.push_str(&format!("  decision: {}\n", q.options[0]));
    Some(out)
}

/// Resolves `side`'s Campaign Phase with its orders `o` by `standing` (`campaign.rs`),
/// reading `answers` in order where a decision is asked in person; `tape`: the rolls drawn by
/// the entries before (already handed to `dice`), `skip`: the events they reported. If a
/// decision is asked that has no answer yet, the phase stops there: the state keeps the
/// continuation and the events so far are returned.
///
/// Errors: the refusals of `campaign::campaign`.
#[allow(clippy::too_many_arguments)]
pub fn resolve(
    st: &mut State,
    side: &str,
    o: &Orders,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    answers: Vec<String>,
    tape: Vec<Roll>,
    skip: usize,
) -> Result<Vec<Event>, RuleError> {
    let start = st.clone();
    let r0 = dice.rolls().len();
    st.asking = Some(Asking {
        answers: answers.clone(),
        ..Default::default()
    });
    let mut ev = Vec::new();
    let r = super::campaign::campaign(st, side, o, standing, dice, &mut ev);
    let asking = st.asking.take();
    match r {
        Ok(()) => Ok(ev.split_off(skip.min(ev.len()))),
        Err(e) if is_pause(&e) => {
            let Some(q) = asking.and_then(|a| a.asked) else {
                return Err(e);
            };
            let (turn, phase) = (st.turn_words(), super::view::phase_words(st));
            stamp_events(&mut ev, 0, &turn, &phase, None, Some(side), false);
            let mut all = tape;
            all.extend(dice.rolls()[r0..].iter().cloned());
            let events = ev.len();
            let mut ev = ev.split_off(skip.min(ev.len()));
            let mut wait = Event::new(
                q.rule.clone(),
                format!(
                    "{}'s Campaign Phase stops for {}'s decision in person ({}): {}",
                    side_name(side),
                    side_name(&q.side),
                    q.at,
                    q.prompt
                ),
            );
            wait.turn = Some(turn);
            wait.phase = Some(phase);
            ev.push(wait);
            st.paused = Some(Box::new(Paused {
                question: q,
                phasing: side.to_string(),
                orders: o.clone(),
                standing: standing.clone(),
                answers,
                tape: all,
                events,
                start: Box::new(start),
            }));
            Ok(ev)
        }
        Err(e) => Err(e),
    }
}

/// The entry of the side a stopped Campaign Phase waits for: its `decision:` is checked
/// against the options, and the phase resumes from its continuation ([`resolve`]).
///
/// Errors: [`RuleError::Illegal`] when the entry is another side's, carries other orders, or
/// no legal `decision:`; the refusals of the rest of the phase.
pub fn resume(
    st: &mut State,
    sub: &Submission<Orders>,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    let Some(p) = st.paused.as_ref() else {
        return Err(RuleError::illegal(
            "decision",
            "Romans [4.1]",
            "no decision is waited for",
        ));
    };
    let q = p.question.clone();
    let o = sub.by.get(&q.side).ok_or_else(|| {
        RuleError::illegal(
            "orders",
            q.rule.clone(),
            format!("{} decides now", side_name(&q.side)),
        )
    })?;
    let other = !o.moves.is_empty()
        || !o.sieges.is_empty()
        || o.winter.is_some()
        || o.diplomacy.is_some()
        || !o.naval_bases.is_empty();
    if other {
        return Err(RuleError::illegal(
            "orders",
            q.rule.clone(),
            "a decision's entry carries only its `decision:`",
        ));
    }
    let a = o.decision.clone().unwrap_or_default();
    if !q.options.contains(&a) {
        return Err(RuleError::illegal(
            "decision",
            q.rule.clone(),
            format!(
                "{}: answer `decision:` with one of {}",
                if a.is_empty() {
                    "no decision given".to_string()
                } else {
                    format!("`{a}` is not an answer here")
                },
                q.options.join(", ")
            ),
        ));
    }
    let p = *st.paused.take().expect("checked above");
    let mut start = *p.start;
    // The pinned packs are not serialised: the ones in use stay.
    start.pack = st.pack.clone();
    start.maps = st.maps.clone();
    start.tactical = st.tactical.clone();
    start.waters = st.waters.clone();
    start.reach_memo = st.reach_memo.clone();
    *st = start;
    let mut answers = p.answers;
    answers.push(a.clone());
    dice.replay(p.tape.clone());
    let mut head = Event::new(
        q.rule.clone(),
        format!("{} decides in person ({}): {a}", side_name(&q.side), q.at),
    )
    .by_standing(q.side.clone());
    head.standing = false;
    let (turn, phase) = (st.turn_words(), super::view::phase_words(st));
    head.turn = Some(turn);
    head.phase = Some(phase);
    let rest = resolve(
        st,
        &p.phasing,
        &p.orders,
        &p.standing,
        dice,
        answers,
        p.tape,
        p.events,
    )?;
    let mut out = vec![head];
    out.extend(rest);
    Ok(out)
}
