//! Macedonians [12.34]: whether a Persian fleet's defection conditions hold, read in the Fleet
//! Defection Phase (ruling M-R7, digest A-26). The defection itself (12.31–12.33: the
//! squadrons leave and come back Macedonian) is not built yet; the sequence stops when it is due.

use super::state::{State, MACEDONIAN};

/// The first fleet (by name) still with Persian squadrons whose every condition holds.
pub fn due(st: &State) -> Option<String> {
    let turn: usize = st.turn + 1;
    st.pack.rules.defection.iter().find_map(|(fleet, d)| {
        let sailing = st
            .squadrons
            .values()
            .any(|q| &q.nation == fleet && q.side != MACEDONIAN);
        if !sailing || d.never {
            return None;
        }
        let cities = d
            .cities
            .iter()
            .all(|c| st.controller(c) == Some(MACEDONIAN));
        let satrapies = d
            .satrapies_at_least
            .is_none_or(|n| st.satrapies_of(MACEDONIAN).len() as u32 >= n);
        let gates = !d.cilician_gates || st.gates == MACEDONIAN;
        let early = d
            .not_before
            .as_ref()
            .and_then(|n| n.parse::<usize>().ok())
            .is_some_and(|n| turn < n);
        (cities && satrapies && gates && !early).then(|| fleet.clone())
    })
}
