//! Romans [4.1]: the sequence of play as far as it is built. Each Game-Turn, each player in
//! turn (Rome first, [4.0]) has his Campaign Phase ([5]); then the month advances ([4.1] B).
//! After each October but the last comes a Winter/Planning Turn ([4.2], `winter.rs`); the
//! errata's Mutual Diplomacy Phase opens each Game-Turn when the game has the diplomacy option
//! (`diplomacy.rs`). A player with a siege under way has his Siege Phase first (`siege`); his
//! Attrition Phase ends his Campaign Phase (`attrition`).

use super::state::{Phase, State};
use crate::ruleset::{Pending, PendingKind};

/// Who must act next.
pub fn pending(st: &State) -> Pending {
    // A Campaign Phase stopped for a decision asked in person (`pause.rs`).
    if let Some(p) = super::pause::pending(st) {
        return p;
    }
    if super::diplomacy::due(st) {
        return super::diplomacy::pending(st);
    }
    match &st.phase {
        Phase::Campaign { side } if st.siege_phase.as_deref() == Some(side.as_str()) => {
            super::siege_phase::pending(st, side)
        }
        Phase::Campaign { side } => Pending {
            step: format!("turn-{}/{side}-campaign", st.turn_number()),
            kind: PendingKind::Orders,
            sides: vec![side.clone()],
            prompt: format!(
                "{}: {}'s Campaign Phase: move commanders with their Forces (`moves:`)",
                st.turn_words(),
                side_name(side)
            ),
            rule: "Romans [4.1], [5.0]".into(),
        },
        Phase::Winter => super::winter::pending(st),
        Phase::Over => Pending {
            step: "over".into(),
            kind: PendingKind::GameOver,
            sides: vec![],
            prompt: match &st.victory.outcome {
                Some(o) => format!("the game is over: {}", o.words),
                None => "the last Game-Turn is over (Romans [20.13])".into(),
            },
            rule: st
                .victory
                .outcome
                .as_ref()
                .map(|o| o.rule.clone())
                .unwrap_or_else(|| "Romans [19], [20.13]".into()),
        },
    }
}

/// A side's name for people.
pub fn side_name(side: &str) -> String {
    match side {
        "rome" => "Rome".into(),
        "macedon" => "Macedon".into(),
        "syria" => "Syria".into(),
        s => s.to_string(),
    }
}

/// Romans [4.1]: the Campaign Phase of `side` is over: the next player's, or the next
/// Game-Turn (a Winter, or the end, when the track says so).
pub fn end_campaign(st: &mut State, side: &str) {
    super::combat::end_of_phase(st);
    super::fleets::end_of_phase(st, side);
    st.moved.clear();
    st.committed.clear();
    st.supply_paid.clear();
    let i = st.players.iter().position(|p| p == side).unwrap_or(0);
    if let Some(next) = st.players.get(i + 1) {
        st.phase = Phase::Campaign { side: next.clone() };
        return;
    }
    let number = st.turn_number();
    let id = st.pack.scenarios[&st.scenario].turns.clone();
    let winter = st.pack.turns.scenarios[&id]
        .track
        .iter()
        .any(|t| t.winter.is_some() && t.after_turn.as_deref() == Some(number.as_str()));
    if st.turn + 1 >= st.track().len() {
        st.phase = Phase::Over;
    } else if winter {
        st.phase = Phase::Winter;
    } else {
        st.turn += 1;
        st.phase = Phase::Campaign {
            side: st.players[0].clone(),
        };
    }
}
