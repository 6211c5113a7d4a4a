//! Macedonians [13.3] and ruling M-R6 ([5.56], A-12): who controls what after a move. A city is
//! controlled by the side with a land unit or squadron in it, or the last to have had one;
//! moving into one's own city changes nothing, and taking an enemy city ([13.2], [13.4]) is not
//! built yet. The Cilician Gates are a hex, not a city: a side's land unit entering 2912 with no
//! enemy land unit there takes control of it; once the Macedonian has held it the Cilician
//! Garrison Phase is over for the rest of the game (5.56).

use super::movement::{Plan, SIEGE_TRAIN};
use super::state::{State, MACEDONIAN};
use crate::ruleset::Event;

/// After a move of `side`'s Force along `p`.
pub fn after_move(st: &mut State, side: &str, p: &Plan, ev: &mut Vec<Event>) {
    let gates = st.pack.places.cilician_gates.hex.clone();
    let troops = p.force.iter().any(|u| u != SIEGE_TRAIN);
    let through = p.path.iter().any(|h| h.to_string() == gates);
    let held = st.units_at(&gates).any(|(_, u)| u.side != side);
    if troops && through && !held && st.gates != side {
        st.gates = side.to_string();
        let forever = side == MACEDONIAN && !st.gates_gained;
        if side == MACEDONIAN {
            st.gates_gained = true;
        }
        ev.push(Event::new(
            "Macedonians [5.56]",
            format!(
                "the Cilician Gates ({gates}) pass to the {side}{}",
                if forever {
                    ": the Cilician Garrison Phase and its Table are over for the rest of the game"
                } else {
                    ""
                }
            ),
        ));
    }
}
