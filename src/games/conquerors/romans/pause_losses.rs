//! The Romans' loss allocations and retreat paths decided in person (issue 15, digest D-15,
//! D-16, D-22): a standing `losses: ask`, `naval_losses: ask` or `retreat_path: {COMMANDER:
//! ask}` stops the resolution where the rules give the owner the choice, with the legal
//! answers only, as `pause.rs` does for interception and retreats:
//! - [`loss`]: which unit takes the next SSP of a battle's exchange, a Retreat During Combat or
//!   a Pursuit ([9.51], [9.66], [10.23], [10.32]): one question per SSP, among the units of
//!   the contingent [9.66] makes lose it, asked only where two or more could;
//! - [`attrition_order`]: which unit an attrition roll's SSP come from first ([15.3]): one
//!   question per unit, until the units named can take the whole loss;
//! - [`retreat_path`]: the hexes of a Retreat Before Combat, a Retreat During Combat or a
//!   Flight, one question per hex ([10.13], [10.15], [10.31], [10.34]), offering the hexes
//!   from which the retreat can still be completed and `stop` where it may end;
//! - [`fleet_port`]: the friendly port a fleet Retreats Before Combat into ([11.13]), among
//!   those it can reach;
//! - [`naval_spread`]: among the ways of spreading a naval loss that absorb the most loss
//!   points and remove the most steps, the one the owner prefers (errata 11.2, ruling AMB-03).
//!
//! Outside a resolution that can stop, no question is asked and the default applies, reported
//! as such by the caller.

use std::collections::BTreeMap;

use super::combat::Battle;
use super::orders::Standing;
use super::retreat::{next_out, Kind};
use super::state::State;
use crate::games::conquerors::pause::{self, Question};
use crate::geo::Hex;
use crate::ruleset::RuleError;

/// [9.51], [9.66]: `side` loses SSP number `k` of `n`; the contingent `nation` takes it, and
/// any of `units` may. `None`: no pause is possible here (the default takes the first).
///
/// Errors: the pause when no answer has been given yet.
pub fn loss(
    asking: &mut Option<crate::games::conquerors::pause::Asking>,
    all: &BTreeMap<String, crate::games::conquerors::force::LandUnit>,
    side: &str,
    nation: &str,
    units: &[String],
    (k, n): (u32, u32),
) -> Result<Option<String>, RuleError> {
    let words: Vec<String> = units
        .iter()
        .map(|id| format!("{id} ({} SSP)", all.get(id).map_or(0, |u| u.ssp)))
        .collect();
    let q = Question {
        side: side.to_string(),
        rule: "Romans [9.51], [9.66]".into(),
        kind: "losses".into(),
        prompt: format!(
            "SSP {k} of {n} to take, from your {nation} contingent ([9.66]): which unit loses it — {}",
            words.join(", ")
        ),
        options: units.to_vec(),
        at: String::new(),
    };
    pause::ask(asking, q)
}

/// [15.3]: `side` loses `n` SSP to attrition from the units `ids`: the order they lose them
/// in, asked one unit at a time while more than one could be next and the units named cannot
/// take all `n`. Stops (the rest by id, the default) where no pause is possible.
///
/// Errors: the pause when no answer has been given yet.
pub fn attrition_order(
    st: &mut State,
    side: &str,
    ids: &[String],
    n: u32,
) -> Result<Vec<String>, RuleError> {
    let mut order: Vec<String> = Vec::new();
    loop {
        let covered: u32 = order
            .iter()
            .filter_map(|id| st.units.get(id))
            .map(|u| u.ssp)
            .sum();
        let rest: Vec<String> = ids
            .iter()
            .filter(|id| !order.contains(id) && st.units.get(*id).is_some_and(|u| u.ssp > 0))
            .cloned()
            .collect();
        if covered >= n || rest.len() < 2 {
            return Ok(order);
        }
        let words: Vec<String> = rest
            .iter()
            .map(|id| format!("{id} ({} SSP)", st.units[id].ssp))
            .collect();
        let q = Question {
            side: side.to_string(),
            rule: "Romans [15.3]".into(),
            kind: "losses".into(),
            prompt: format!(
                "attrition costs your Force {n} SSP; {covered} taken by the units named so far: which unit loses its SSP next — {}",
                words.join(", ")
            ),
            options: rest,
            at: String::new(),
        };
        match pause::ask(&mut st.asking, q)? {
            Some(id) => order.push(id),
            None => return Ok(order),
        }
    }
}

/// The hexes side `s` of `b` retreats along (`kind`, `used` retreat MP spent before): its
/// standing `retreat_path` for the Force led by `chief`, or when that says `ask`, the hexes
/// chosen in person one at a time ([10.13], [10.15], [10.31], [10.34]). A path not completed
/// (no pause possible here) is completed by the default, reported as such.
///
/// Errors: the pause when no answer has been given yet.
pub fn retreat_path(
    st: &mut State,
    b: &Battle,
    s: usize,
    (kind, used): (Kind, u32),
    standing: Option<&Standing>,
    chief: Option<&str>,
) -> Result<Vec<String>, RuleError> {
    let Some(std) = standing else {
        return Ok(Vec::new());
    };
    if !std.asks_path(chief) {
        return Ok(std.path_for(chief));
    }
    let mut path: Vec<Hex> = Vec::new();
    while let Some((next, stop)) = next_out(st, b, s, kind, used, &path) {
        let mut options: Vec<String> = Vec::new();
        if stop && !path.is_empty() {
            options.push("stop".into());
        }
        options.extend(next.iter().map(Hex::to_string));
        match options.len() {
            0 => break,
            1 if next.len() == 1 => {
                // The only hex it may enter: no question.
                path.push(next[0]);
                continue;
            }
            1 => break,
            _ => {}
        }
        let what = match kind {
            Kind::BeforeCombat => "Retreat Before Combat ([10.1])",
            Kind::DuringCombat => "Retreat During Combat ([10.2])",
            Kind::Flight => "Flight ([10.31]: 20 MP, no hex twice)",
        };
        let at = path.last().copied().unwrap_or(b.hex);
        let q = Question {
            side: b.sides[s].clone(),
            rule: if kind == Kind::Flight {
                "Romans [10.31], [10.34]".into()
            } else {
                "Romans [10.13], [10.15]".into()
            },
            kind: "retreat_path".into(),
            prompt: format!(
                "your Force's {what} from the battle at {}, now at {at}{}: the next hex{}",
                b.hex,
                if path.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (path so far {})",
                        path.iter()
                            .map(Hex::to_string)
                            .collect::<Vec<_>>()
                            .join(" → ")
                    )
                },
                if options[0] == "stop" {
                    ", or stop here"
                } else {
                    ""
                }
            ),
            options,
            at: format!("the retreat from {}", b.hex),
        };
        match pause::ask(&mut st.asking, q)? {
            Some(a) if a == "stop" => break,
            Some(a) => match Hex::parse(&a) {
                Ok(h) => path.push(h),
                Err(_) => break,
            },
            None => break,
        }
    }
    Ok(path.iter().map(Hex::to_string).collect())
}

/// Errata 11.2, ruling AMB-03: `side` spreads a naval loss; `ways` are the allocations that
/// absorb the most loss points and remove the most steps (each in words). The index of the one
/// chosen; `None` when no pause is possible here (the default order's).
///
/// Errors: the pause when no answer has been given yet.
pub fn naval_spread(
    st: &mut State,
    side: &str,
    hex: &str,
    ways: &[String],
) -> Result<Option<usize>, RuleError> {
    let q = Question {
        side: side.to_string(),
        rule: "Romans [11.2] errata, AMB-03".into(),
        kind: "naval_losses".into(),
        prompt: format!(
            "the naval battle at {hex}: your fleet's loss may be spread in {} ways that absorb the most loss points and remove the most steps: which",
            ways.len()
        ),
        options: ways.to_vec(),
        at: format!("the naval battle at {hex}"),
    };
    Ok(pause::ask(&mut st.asking, q)?.and_then(|a| ways.iter().position(|w| *w == a)))
}

/// Romans [11.13]: `side`'s fleet at `from` Retreats Before Combat; `ports` are the friendly
/// ports it can reach (in words, as the report names them). The index of the one chosen;
/// `None` when no pause is possible here (the nearest, the default).
///
/// Errors: the pause when no answer has been given yet.
pub fn fleet_port(
    st: &mut State,
    side: &str,
    from: &str,
    ports: &[String],
) -> Result<Option<usize>, RuleError> {
    let q = Question {
        side: side.to_string(),
        rule: "Romans [11.13]".into(),
        kind: "retreat_path".into(),
        prompt: format!(
            "your fleet at {from} Retreats Before Combat: into which friendly port — {}",
            ports.join(", ")
        ),
        options: ports.to_vec(),
        at: format!("the fleet at {from}"),
    };
    Ok(pause::ask(&mut st.asking, q)?.and_then(|a| ports.iter().position(|p| *p == a)))
}
