//! Romans errata 16.13, follow-up 16.28: sacked cities of an ally. An ally every one of whose
//! cities has been sacked can never be activated; a league with some of its cities sacked
//! brings its forces cut in proportion to the cities left (rounded down, ruling R-138), and
//! forces whose own city is sacked appear in the first of the league's cities still standing
//! (the cities in key order, a reported default, ruling R-138).

use super::state::State;
use crate::ruleset::Event;

/// (cities, sacked) of `ally`.
fn count(st: &State, ally: &str) -> (u32, u32) {
    let of: Vec<bool> = st
        .cities
        .values()
        .filter(|c| c.ally.as_deref() == Some(ally))
        .map(|c| c.sacked)
        .collect();
    (of.len() as u32, of.iter().filter(|s| **s).count() as u32)
}

/// Errata 16.13: every city of `ally` is sacked: it is never activated.
pub fn never_active(st: &State, ally: &str) -> bool {
    let (all, sacked) = count(st, ally);
    all > 0 && sacked == all
}

/// Follow-up 16.28: the forces `units` and `commanders` of `ally` just placed at the city
/// `key`: moved to a city of the league still standing if `key` is sacked, and cut in
/// proportion to the cities left. Returns the city key they stand in.
pub fn cut(
    st: &mut State,
    ally: &str,
    key: &str,
    units: &[String],
    commanders: &[String],
    ev: &mut Vec<Event>,
) -> String {
    let (all, sacked) = count(st, ally);
    if sacked == 0 {
        return key.to_string();
    }
    let mut at = key.to_string();
    if st.cities.get(key).is_some_and(|c| c.sacked) {
        let other = st
            .cities
            .iter()
            .find(|(_, c)| c.ally.as_deref() == Some(ally) && !c.sacked)
            .map(|(k, c)| (k.clone(), c.at.clone(), c.name.clone()));
        if let Some((k, pos, name)) = other {
            for id in units {
                if let Some(u) = st.units.get_mut(id) {
                    u.at = pos.clone();
                }
            }
            for id in commanders {
                if let Some(c) = st.commanders.get_mut(id) {
                    c.at = pos.clone();
                    c.at.inside = false;
                }
            }
            ev.push(Event::new(
                "Romans follow-up 16.28",
                format!("{ally}'s forces' own city is sacked: they appear at {name} instead (default, ruling R-138)"),
            ));
            at = k;
        }
    }
    let left = all - sacked;
    let mut gone = Vec::new();
    for id in units {
        if let Some(u) = st.units.get_mut(id) {
            u.ssp = u.ssp * left / all;
            u.full_ssp = u.full_ssp * left / all;
            u.cavalry_ssp = u.cavalry_ssp.min(u.ssp);
            if u.ssp == 0 {
                gone.push(id.clone());
            }
        }
    }
    for id in &gone {
        st.units.remove(id);
    }
    ev.push(Event::new(
        "Romans follow-up 16.28",
        format!(
            "{sacked} of {ally}'s {all} cities are sacked: its forces are cut to {left}/{all} of their SSP{}",
            if gone.is_empty() {
                String::new()
            } else {
                format!(" ({} left with none)", gone.join(", "))
            }
        ),
    ));
    at
}
