//! Macedonians [21.11], [21.14]: the Victory Points a side's control is worth as it stands — each
//! satrapy its Supply Point level (undoubled), Egypt only with Gaza, and the Walled Cities' own
//! points. Thrace gives none in the standard game (23.1; ruling M-R8). Battles and commanders
//! (21.12, 21.13) and the final levels (21.2) come with the combat and the end of the game.

use super::state::State;

/// A side's points from control.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standing {
    /// (satrapy name, points), in id order.
    pub satrapies: Vec<(String, u32)>,
    /// (Walled City, points).
    pub cities: Vec<(String, u32)>,
    /// The total.
    pub total: u32,
}

/// [21.11]: what `side`'s control is worth now.
pub fn standing(st: &State, side: &str) -> Standing {
    let mut s = Standing::default();
    let thrace_counts = st.options.iter().any(|o| o == "thrace-invasion");
    for (id, sat) in &st.pack.places.satrapies {
        if st.satrapy_controller(id) != side || (id == "thrace" && !thrace_counts) {
            continue;
        }
        if id == "egypt" && st.controller("Gaza") != Some(side) {
            continue;
        }
        s.satrapies.push((sat.name.clone(), sat.supply));
    }
    for (name, c) in &st.pack.places.cities {
        if let (Some(vp), Some(who)) = (c.vp, st.controller(name)) {
            if who == side {
                s.cities.push((name.clone(), vp));
            }
        }
    }
    s.total = s.satrapies.iter().chain(&s.cities).map(|(_, v)| v).sum();
    s
}
