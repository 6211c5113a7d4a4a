//! Macedonians [19.3], [19.4], [8.7]: what the Turn Record Track brings the Persian at the start
//! of his Campaign Phase. Memnon leaves play for the Persian Amyntas, who takes his place
//! (8.7, 8.84). The units and commanders of the track arrive at full strength (19.31) where the
//! Persian's standing `reinforcements_at` says: Babylon (the default) or the Royal Persian
//! Highway hex 6121 (19.32); Babylon only while it is not Macedonian (19.35; then 6121, a
//! default). The Susa Box (19.34) is not built: asked for, the default place is used and said.
//! On a levy Game-Turn (19.41) he takes two barbarian infantry, one cavalry and one auxiliary
//! unit from the counters that have never been in the game (19.42), those of his standing
//! `levies` first, then by id (a default); none of a class left, none comes (19.44). Counters
//! the track brings on a later Game-Turn are not in the levy mix (ruling M-R33).

use std::collections::BTreeSet;

use super::data::model::{At, Levy, SetupEntry};
use super::sequence::Run;
use super::state::{State, MACEDONIAN, PERSIAN};
use crate::ruleset::Event;

const RULE: &str = "Macedonians [19.3]";

/// Where the Persian's arrivals go this Game-Turn: (hex, city, words, a default was used).
fn entry(st: &State, asked: Option<&str>) -> (String, Option<String>, String, bool) {
    let e = &st.pack.places.persian_entry;
    let babylon = st.pack.places.cities.get(&e.city).map(|c| c.hex.clone());
    let highway = e
        .entry_hexes
        .first()
        .cloned()
        .unwrap_or_else(|| "6121".into());
    let open = st.controller(&e.city) != Some(MACEDONIAN) && babylon.is_some();
    let want_highway = asked.is_some_and(|a| a == highway);
    let want_babylon = asked.is_some_and(|a| a.eq_ignore_ascii_case("babylon"));
    if want_highway || !open {
        let default = !want_highway;
        return (
            highway.clone(),
            None,
            format!("the Royal Persian Highway at {highway}"),
            default,
        );
    }
    (
        babylon.unwrap_or_default(),
        Some(e.city.clone()),
        e.city.clone(),
        !want_babylon,
    )
}

/// The counters the Asiatic Levies may take (19.42): Persian, never in the game, not due on
/// the track this Game-Turn (they arrive with the levy) or later.
fn mix(st: &State) -> Vec<(String, Levy)> {
    let due: BTreeSet<&String> = st
        .pack
        .track()
        .skip(st.turn)
        .filter_map(|t| t.persian.as_ref())
        .flat_map(|p| p.units.iter())
        .collect();
    st.pack
        .counters
        .units
        .iter()
        .filter(|(id, _)| {
            !st.units.contains_key(*id) && !st.eliminated.contains_key(*id) && !due.contains(id)
        })
        .filter_map(|(id, u)| {
            let t = st.pack.unit_type(&u.kind)?;
            (t.side.id() == PERSIAN).then_some(())?;
            Some((id.clone(), t.levy?))
        })
        .collect()
}

/// The levy of this Game-Turn (19.42): ids, and whether a default chose any.
fn levy(st: &State, named: &[String]) -> (Vec<String>, bool) {
    let mut pool = mix(st);
    pool.sort_by_key(|(id, _)| {
        (
            named.iter().position(|n| n == id).unwrap_or(usize::MAX),
            id.clone(),
        )
    });
    let want = |l: Levy| match l {
        Levy::BarbarianInfantry => st
            .pack
            .number("reinforcements", "levy-barbarian-infantry")
            .unwrap_or(2),
        Levy::Cavalry => st
            .pack
            .number("reinforcements", "levy-cavalry")
            .unwrap_or(1),
        Levy::Auxiliary => st
            .pack
            .number("reinforcements", "levy-auxiliary")
            .unwrap_or(1),
    };
    let mut out = Vec::new();
    let mut defaulted = false;
    for class in [Levy::BarbarianInfantry, Levy::Cavalry, Levy::Auxiliary] {
        for (id, _) in pool
            .iter()
            .filter(|(_, l)| *l == class)
            .take(want(class) as usize)
        {
            defaulted |= !named.contains(id);
            out.push(id.clone());
        }
    }
    (out, defaulted)
}

/// Macedonians [8.7], [19.3], [19.4]: the Persian's arrivals at the start of his Campaign
/// Phase, placed at once.
pub fn persian(st: &mut State, run: &Run<'_>, ev: &mut Vec<Event>) {
    let Some(p) = st.game_turn().and_then(|t| t.persian.clone()) else {
        return;
    };
    for (gone, by) in &p.replace {
        let Some(c) = st.commanders.remove(gone) else {
            continue;
        };
        let entry = SetupEntry {
            at: At {
                hex: c.at.hex.clone(),
                city: None,
            },
            units: vec![],
            squadrons: vec![],
            commanders: vec![by.clone()],
            siege_train: false,
            aboard: false,
            inside: false,
        };
        if super::setup::place(st, PERSIAN, &entry).is_ok() {
            ev.push(Event::new(
                "Macedonians [8.7], [8.84]",
                format!(
                    "{} leaves play; {} takes his place at {}",
                    st.commander_name(gone),
                    st.commander_name(by),
                    c.at.hex
                ),
            ));
        }
    }
    let mine = run.standing.get(PERSIAN).cloned().unwrap_or_default();
    let (levied, levy_default) = if p.levies {
        levy(st, &mine.levies)
    } else {
        (vec![], false)
    };
    let units: Vec<String> = p.units.iter().chain(levied.iter()).cloned().collect();
    if units.is_empty() && p.commanders.is_empty() {
        return;
    }
    let (hex, city, words, default) = entry(st, mine.reinforcements_at.as_deref());
    let e = SetupEntry {
        at: At {
            hex: hex.clone(),
            city,
        },
        units: units.clone(),
        squadrons: vec![],
        commanders: p.commanders.clone(),
        siege_train: false,
        aboard: false,
        inside: false,
    };
    if let Err(why) = super::setup::place(st, PERSIAN, &e) {
        ev.push(Event::new(
            RULE,
            format!("the arrivals could not be placed: {why}"),
        ));
        return;
    }
    for u in &units {
        if let Some(x) = st.units.get_mut(u) {
            x.at.inside = false;
        }
    }
    let mut what: Vec<String> = p.commanders.iter().map(|c| st.commander_name(c)).collect();
    what.extend(p.units.iter().cloned());
    if !p.units.is_empty() || !p.commanders.is_empty() {
        ev.push(Event::new(
            RULE,
            format!(
                "Persian Reinforcements arrive at {words}: {}{}",
                what.join(", "),
                if default {
                    " (the standing `reinforcements_at` chose no place that can be used: default)"
                } else {
                    ""
                }
            ),
        ));
    }
    if p.levies {
        ev.push(Event::new(
            "Macedonians [19.4]",
            format!(
                "Asiatic Levies arrive at {words}: {}{}",
                if levied.is_empty() { "none left in the counter-mix".into() } else { levied.join(", ") },
                if levy_default { " (units not named in the standing `levies` taken by class in the order of their ids: default)" } else { "" }
            ),
        ));
    }
}

/// Macedonians [19.32], [19.34]: a standing `reinforcements_at` that names no place the
/// Persian may use.
pub fn check(
    st: &State,
    side: &str,
    standing: &super::orders::Standing,
) -> Vec<(String, crate::ruleset::RuleError)> {
    let Some(at) = standing.reinforcements_at.as_deref() else {
        return Vec::new();
    };
    let e = &st.pack.places.persian_entry;
    let ok = side == PERSIAN
        && (at.eq_ignore_ascii_case("babylon") || e.entry_hexes.iter().any(|h| h == at));
    if ok {
        return Vec::new();
    }
    let why = if side != PERSIAN {
        "only the Persian places Reinforcements".to_string()
    } else if at == e.susa_box {
        "the Susa Box is not built yet".to_string()
    } else {
        format!(
            "{at}: Reinforcements arrive at Babylon or {}",
            e.entry_hexes.join(", ")
        )
    };
    vec![(
        "reinforcements_at".into(),
        crate::ruleset::RuleError::illegal("standing", "Macedonians [19.32]", why),
    )]
}
