//! Macedonians [19.1], [19.2]: the Macedonian's Reinforcements and the honeymoon.
//!
//! The honeymoon (19.2): at the start of the Winter 334 Player-Turn 6 SSP come off phalanx or
//! hypaspist units as if lost, those the standing `honeymoon_from` names first, then by id (a
//! default); they come back on the Apr-May 333 Game-Turn to the units they left (never as new
//! units), as far as each is still in play and below its full strength.
//!
//! Reinforcements (19.11-19.15), at the start of his Campaign Phase: infantry SSP rebuild
//! infantry and missile units, cavalry SSP cavalry units, never above full strength (19.12,
//! 19.13), those the standing `rebuild` names first, then by id (a default); what is left
//! brings in Macedonian units never yet in play that it pays for in full (19.14), again named
//! ones first, then by id; anything still left is lost (ruling M-R34). New units and arriving
//! commanders stand with Alexander, or with another Macedonian commander if he is gone (19.15).

use std::collections::BTreeMap;

use super::data::model::{Arm, At, SetupEntry};
use super::sequence::Run;
use super::state::{State, MACEDONIAN};
use crate::ruleset::Event;

fn arm(st: &State, kind: &str) -> Option<Arm> {
    st.pack.unit_type(kind).map(|t| t.arm)
}

fn foot(a: Option<Arm>) -> bool {
    matches!(a, Some(Arm::Infantry | Arm::Missile))
}

/// Named first, then by id.
fn ordered(ids: impl Iterator<Item = String>, named: &[String]) -> Vec<String> {
    let mut v: Vec<String> = ids.collect();
    v.sort_by_key(|id| {
        (
            named.iter().position(|n| n == id).unwrap_or(usize::MAX),
            id.clone(),
        )
    });
    v
}

/// Macedonians [19.2]: the 6 SSP go home.
pub fn honeymoon(st: &mut State, run: &Run<'_>, ev: &mut Vec<Event>) {
    let named = run
        .standing
        .get(MACEDONIAN)
        .map(|s| s.honeymoon_from.clone())
        .unwrap_or_default();
    let mut left = st.pack.number("reinforcements", "honeymoon").unwrap_or(6);
    let pool = ordered(
        st.units
            .iter()
            .filter(|(_, u)| u.side == MACEDONIAN && (u.kind == "phalanx" || u.kind == "hypaspist"))
            .map(|(id, _)| id.clone()),
        &named,
    );
    let (mut lines, mut defaulted) = (Vec::new(), false);
    for id in pool {
        if left == 0 {
            break;
        }
        let Some(u) = st.units.get_mut(&id) else {
            continue;
        };
        let x = u.ssp.min(left);
        if x == 0 {
            continue;
        }
        defaulted |= !named.contains(&id);
        u.ssp -= x;
        left -= x;
        *st.honeymoon.entry(id.clone()).or_default() += x;
        lines.push(format!("{id} -{x}"));
        if u.ssp == 0 {
            let gone = st.units.remove(&id).expect("present");
            st.eliminated.insert(id.clone(), gone);
        }
    }
    ev.push(Event::new(
        "Macedonians [19.2]",
        format!(
            "the honeymoon: the newly married go home to Macedonia until spring ({}){}",
            lines.join(", "),
            if defaulted { "; units not named in the standing `honeymoon_from` gave SSP in the order of their ids (default)" } else { "" }
        ),
    ));
}

/// Where new Macedonian units and commanders arrive (19.15).
fn with_alexander(st: &State) -> Option<String> {
    st.commanders
        .get("alexander")
        .or_else(|| st.commanders.values().find(|c| c.side == MACEDONIAN))
        .map(|c| c.at.hex.clone())
}

/// Macedonians [19.1], [19.2]: the Macedonian's arrivals at the start of his Campaign Phase.
pub fn macedonian(st: &mut State, run: &Run<'_>, ev: &mut Vec<Event>) {
    let Some(m) = st.game_turn().and_then(|t| t.macedonian.clone()) else {
        return;
    };
    if m.honeymoon_return && !st.honeymoon.is_empty() {
        let back = std::mem::take(&mut st.honeymoon);
        let mut lines = Vec::new();
        for (id, n) in back {
            if let Some(u) = st.units.get_mut(&id) {
                let x = n.min(u.full_ssp - u.ssp);
                u.ssp += x;
                lines.push(format!("{id} +{x}"));
            }
        }
        ev.push(Event::new(
            "Macedonians [19.2]",
            format!(
                "the honeymoon is over: the SSP return to their units ({})",
                lines.join(", ")
            ),
        ));
    }
    if m.infantry_ssp == 0 && m.cavalry_ssp == 0 && m.commanders.is_empty() {
        return;
    }
    let named = run
        .standing
        .get(MACEDONIAN)
        .map(|s| s.rebuild.clone())
        .unwrap_or_default();
    let Some(hex) = with_alexander(st) else {
        ev.push(Event::new(
            "Macedonians [19.15]",
            "no Macedonian commander is in play: the Reinforcements cannot be placed".to_string(),
        ));
        return;
    };
    let mut lines = Vec::new();
    let mut defaulted = false;
    let mut new_units = Vec::new();
    for (cavalry, mut left) in [(false, m.infantry_ssp), (true, m.cavalry_ssp)] {
        let fits = |a: Option<Arm>| {
            if cavalry {
                a == Some(Arm::Cavalry)
            } else {
                foot(a)
            }
        };
        let below = ordered(
            st.units
                .iter()
                .filter(|(_, u)| {
                    u.side == MACEDONIAN && u.ssp < u.full_ssp && fits(arm(st, &u.kind))
                })
                .map(|(id, _)| id.clone()),
            &named,
        );
        for id in below {
            let u = st.units.get_mut(&id).expect("present");
            let x = left.min(u.full_ssp - u.ssp);
            if x == 0 {
                continue;
            }
            defaulted |= !named.contains(&id);
            u.ssp += x;
            left -= x;
            lines.push(format!("{id} +{x}"));
        }
        let mix: BTreeMap<String, u32> = st
            .pack
            .counters
            .units
            .iter()
            .filter(|(id, u)| {
                !st.units.contains_key(*id)
                    && !st.eliminated.contains_key(*id)
                    && !new_units.contains(*id)
                    && st
                        .pack
                        .unit_type(&u.kind)
                        .is_some_and(|t| t.side.id() == MACEDONIAN)
                    && fits(arm(st, &u.kind))
            })
            .filter_map(|(id, _)| Some((id.clone(), st.pack.full_ssp(id)?)))
            .collect();
        for id in ordered(mix.keys().cloned(), &named) {
            let ssp = mix[&id];
            if ssp <= left {
                defaulted |= !named.contains(&id);
                left -= ssp;
                lines.push(format!("{id} (new, {ssp} SSP)"));
                new_units.push(id);
            }
        }
        if left > 0 {
            lines.push(format!(
                "{left} {} SSP unused",
                if cavalry { "cavalry" } else { "infantry" }
            ));
        }
    }
    let e = SetupEntry {
        at: At {
            hex: hex.clone(),
            city: None,
        },
        units: new_units,
        squadrons: vec![],
        commanders: m.commanders.clone(),
        siege_train: false,
        aboard: false,
        inside: false,
    };
    if let Err(why) = super::setup::place(st, MACEDONIAN, &e) {
        ev.push(Event::new(
            "Macedonians [19.1]",
            format!("the Macedonian Reinforcements could not be placed at {hex}: {why}"),
        ));
        return;
    }
    for c in &m.commanders {
        lines.push(format!("{} joins", st.commander_name(c)));
    }
    ev.push(Event::new(
        "Macedonians [19.1]",
        format!(
            "Macedonian Reinforcements ({} infantry SSP, {} cavalry SSP) at {hex}: {}{}",
            m.infantry_ssp,
            m.cavalry_ssp,
            lines.join(", "),
            if defaulted { "; units not named in the standing `rebuild` were chosen in the order of their ids (default)" } else { "" }
        ),
    ));
}
