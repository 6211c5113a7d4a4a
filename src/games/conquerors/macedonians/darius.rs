//! Macedonians [8.6]: Darius III, King of Kings. His bolt ([8.61]) is rolled in the battle
//! (`battle.rs`); here: the attempt on his life after each Persian Major Land Battle he
//! commanded and lost ([8.62]), a d6 that must come up at most the number of such losses; its
//! consequences ([8.63]): he leaves the game, the Macedonian scores nothing for it, and in the
//! Game-Turn after it the Persian moves nothing except to retreat (his moves are refused, his
//! Forces do not intercept; Retreat Before and During Combat, going into a city and Flight
//! stay); and the option of [8.64] that drops these rules and the bolt (`no-darius-rules`).
//! Rulings M-R36 to M-R38.

use serde::{Deserialize, Serialize};

use super::orders::Standing;
use super::sequence::side_name;
use super::state::{State, PERSIAN};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The option of [8.64]: the Darius rules (the bolt, the assassination and its chaos) dropped.
pub const OPTION: &str = "no-darius-rules";

/// What the Darius rules keep in the state (in the combat record).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DariusRecord {
    /// Persian Major Land Battles lost under Darius' command so far, whether or not an
    /// assassination was attempted after them ([8.62], A-37, ruling M-R36).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub losses: u32,
    /// The Game-Turn (index) in which Darius was assassinated ([8.62]); the one after it is the
    /// Kingdom's chaos ([8.63]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assassinated: Option<usize>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl DariusRecord {
    /// Nothing recorded.
    pub fn is_empty(&self) -> bool {
        *self == DariusRecord::default()
    }
}

/// Whether the Darius rules are in force (not dropped by the option of [8.64]).
pub fn rules_on(st: &State) -> bool {
    !st.options.iter().any(|o| o == OPTION)
}

/// [8.63]: the current Game-Turn is the one immediately after Darius' assassination, in which
/// the Kingdom is in chaos.
pub fn chaos(st: &State) -> bool {
    st.combat
        .darius
        .assassinated
        .is_some_and(|t| t + 1 == st.turn)
}

/// The Game-Turn after the current one, in words, or None after the last.
fn next_turn_words(st: &State) -> Option<String> {
    let t = st.pack.track().nth(st.turn + 1)?;
    Some(format!(
        "{} {} B.C. (Game-Turn {})",
        t.months.as_deref().unwrap_or("Winter"),
        t.year,
        t.turn
    ))
}

fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// [8.62]: the highest die that kills Darius after the `n`th loss (1 after the first, one more
/// with each loss after it).
pub fn needed(st: &State, n: u32) -> u32 {
    let first = st
        .pack
        .number("combat", "darius-assassination-first")
        .unwrap_or(1);
    let step = st
        .pack
        .number("combat", "darius-assassination-step")
        .unwrap_or(1);
    first + step * n.saturating_sub(1)
}

/// [8.62], [8.63]: the Persian has lost a Major Land Battle that Darius commanded. The loss is
/// counted; unless his standing `assassinate_darius` is `false` the Persian throws a die, and
/// at most the number of such losses Darius is assassinated: removed with no Victory Points
/// for the Macedonian, and the next Game-Turn is the Kingdom's chaos.
///
/// Errors: dice not available yet.
pub fn after_lost_battle(
    st: &mut State,
    standing: Option<&Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !rules_on(st) || !st.commanders.contains_key("darius") {
        return Ok(());
    }
    st.combat.darius.losses += 1;
    let n = st.combat.darius.losses;
    let need = needed(st, n);
    let said = standing.and_then(|s| s.assassinate_darius);
    let lost = format!(
        "the Persian has lost a Major Land Battle under Darius, the {} such loss",
        ordinal(n)
    );
    if said == Some(false) {
        ev.push(
            Event::new(
                "Macedonians [8.62]",
                format!(
                    "{lost}: the Persian does not attempt his assassination (standing `assassinate_darius: false`); the next loss would need {} or less",
                    needed(st, n + 1)
                ),
            )
            .by_standing(PERSIAN.to_string()),
        );
        return Ok(());
    }
    let roll = dice
        .roll_for(PERSIAN)
        .d6("Darius' assassination", "Macedonians [8.62]")?;
    let dies = roll <= need;
    let mut e = Event::new(
        "Macedonians [8.62]",
        format!(
            "{lost}: the Persian attempts his assassination{} and rolls {roll}, needing {}: {}",
            if said.is_none() {
                " (default: the standing `assassinate_darius` is not set)"
            } else {
                ""
            },
            if need <= 1 {
                "a 1".to_string()
            } else {
                format!("{need} or less")
            },
            if dies {
                "Darius is assassinated and leaves the game"
            } else {
                "Darius lives"
            }
        ),
    );
    if said.is_none() {
        e = e.by_standing(PERSIAN.to_string());
    }
    ev.push(e);
    if !dies {
        return Ok(());
    }
    st.commanders.remove("darius");
    st.combat.darius.assassinated = Some(st.turn);
    let chaos = match next_turn_words(st) {
        Some(t) => {
            format!("in {t} the Kingdom is in chaos: Persian units may not move except to retreat")
        }
        None => "the game ends before the Game-Turn of chaos".to_string(),
    };
    ev.push(Event::new(
        "Macedonians [8.63]",
        format!(
            "{} scores no Victory Points for Darius' death; {chaos}",
            side_name(super::state::MACEDONIAN)
        ),
    ));
    Ok(())
}

/// [8.63]: in the Game-Turn of chaos the Persian's move `i` is refused.
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]` and [8.63].
pub fn check_move(st: &State, side: &str, i: usize) -> Result<(), RuleError> {
    if side != PERSIAN || !chaos(st) {
        return Ok(());
    }
    Err(RuleError::illegal(
        format!("moves[{i}]"),
        "Macedonians [8.63]",
        format!(
            "Darius was assassinated in the Game-Turn before, and in {} the Kingdom is in chaos: Persian units may not move except to retreat",
            st.turn_words()
        ),
    ))
}

/// [8.63]: in the Game-Turn of chaos no Persian Force intercepts: the interception the
/// Persian's standing orders would have tried first (its commander, hex and the hex entered)
/// is reported as barred. True: interceptions are barred now.
pub fn bars_interception(
    st: &State,
    side_intercepting: &str,
    first: Option<(String, String, String)>,
    ev: &mut Vec<Event>,
) -> bool {
    if side_intercepting != PERSIAN || !chaos(st) {
        return false;
    }
    if let Some((cid, at, entered)) = first {
        ev.push(Event::new(
            "Macedonians [8.63]",
            format!(
                "{}'s Force at {at} does not try to intercept as the move enters {entered}: the Kingdom is in chaos after Darius' assassination, and Persian units may not move except to retreat",
                st.commander_name(&cid)
            ),
        ));
    }
    true
}
