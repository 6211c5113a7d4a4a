//! What land combat leaves in the state of The Macedonians ([`CombatState`]): the retreat MP of
//! the phase ([10.13]), the Disrupted commanders ([10.14]), the interceptions of the phase
//! ([6.58]), every battle fought, the commanders lost ([8.5], [8.81]), the Victory Points
//! combat won ([21.12], [21.13]) and Darius' lost battles and assassination ([8.62], [8.63],
//! `darius.rs`: an assassinated Darius is not among the commanders killed and scores nothing);
//! and what lapses when a Campaign Phase ends.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::sequence::side_name;
use super::state::{State, MACEDONIAN, PERSIAN};
use crate::ruleset::Event;

/// The Macedonians' combat record kept in the state: what lapses with the Campaign Phase
/// (retreat MP, interceptions) or the next Player-Turn (Disruption), and what stays (the
/// battles, the commanders lost, the Victory Points won).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatState {
    /// Half MP of Retreat Before and During Combat used so far in this phase, by the
    /// retreating Force's commander (30 MP at most, [10.13], [10.24]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub retreat_spent: BTreeMap<String, u32>,
    /// Disrupted commanders ([10.14]) → the Game-Turn (index) of the Player-Turn of theirs in
    /// which they may not move.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub disrupted: BTreeMap<String, usize>,
    /// Commanders whose Force has intercepted in this phase: once only ([6.58]).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub intercepted: BTreeSet<String>,
    /// Commanders killed or captured, in order ([8.5], [21.13]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub killed: Vec<String>,
    /// Macedonian commanders lost and not yet replaced from the pool ([8.81]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub replacements_due: u32,
    /// Every battle fought.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub battles: Vec<BattleRecord>,
    /// Victory Points won in combat ([21.12], [21.13]), by side.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub vp: BTreeMap<String, u32>,
    /// The Darius rules' record: his lost battles and his assassination ([8.62], [8.63]).
    #[serde(default, skip_serializing_if = "super::darius::DariusRecord::is_empty")]
    pub darius: super::darius::DariusRecord,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl CombatState {
    /// Nothing recorded (the state leaves the field out).
    pub fn is_empty(&self) -> bool {
        *self == CombatState::default()
    }
}

/// A battle fought.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleRecord {
    /// Game-Turn number.
    pub turn: String,
    /// The hex.
    pub hex: String,
    /// `major` ([9.4]), `skirmish` ([9.3]) or `overrun` ([5.71]).
    pub kind: String,
    /// The attacker's side.
    pub attacker: String,
    /// The winner's side (None: a draw, [9.65]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
}

/// [10.14], [10.13], [6.58]: what lapses when a Campaign Phase ends.
pub fn end_of_phase(st: &mut State) {
    let (turn, side) = (st.turn, st.phase.side());
    st.combat.retreat_spent.clear();
    st.combat.intercepted.clear();
    let owner = |st: &State, c: &str| st.commanders.get(c).map(|x| x.side.clone());
    let keep: BTreeMap<String, usize> = st
        .combat
        .disrupted
        .iter()
        .filter(|(c, t)| **t > turn || (**t == turn && owner(st, c).as_deref() != side))
        .map(|(c, t)| (c.clone(), *t))
        .collect();
    st.combat.disrupted = keep;
}

/// [10.14]: the Force of `cmds` (of `side`) is Disrupted for its side's next Player-Turn.
pub fn disrupt(st: &mut State, side: &str, cmds: &[String]) {
    let later = st.phase.side() == Some(side) || (side == PERSIAN);
    let t = if later { st.turn + 1 } else { st.turn };
    for c in cmds {
        st.combat.disrupted.insert(c.clone(), t);
    }
}

/// [8.52], [8.54], [21.13]: commander `cid` is killed or captured: he leaves the map, the enemy
/// scores his points, a Macedonian is owed a replacement from the pool ([8.81]).
pub fn kill_commander(st: &mut State, cid: &str, ev: &mut Vec<Event>) {
    let Some(c) = st.commanders.remove(cid) else {
        return;
    };
    let key = match cid {
        "alexander" => "kill-alexander",
        "darius" => "kill-darius",
        _ => "kill-other",
    };
    let vp = st.pack.number("victory", key).unwrap_or(1);
    let enemy = if c.side == MACEDONIAN {
        PERSIAN
    } else {
        MACEDONIAN
    };
    *st.combat.vp.entry(enemy.to_string()).or_default() += vp;
    st.combat.killed.push(cid.to_string());
    let mut words = format!(
        "{} is eliminated: {} scores {vp} VP (Macedonians [21.13])",
        st.commander_name(cid),
        side_name(enemy)
    );
    if c.side == MACEDONIAN && !st.pool.is_empty() {
        st.combat.replacements_due += 1;
        words.push_str("; a commander of the Replacement Pool may take his place in the next Macedonian Campaign Phase ([8.81]), which is not built yet");
    }
    ev.push(Event::new("Macedonians [8.52], [8.53]", words));
}
