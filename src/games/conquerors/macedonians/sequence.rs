//! Macedonians [4.1]–[4.2]: the sequence of play. Each Game-Turn the Persian Player-Turn comes
//! first — Campaign, Supply and Attrition, Cilician Garrison — then the Macedonian: Siege,
//! Campaign, Supply and Attrition, Fleet Defection, Satrap Appointment, and the Game-Turn Phase
//! that moves the marker on. Twenty-six Game-Turns, the Winters among them (turns.yaml).
//!
//! The Supply and Attrition Phases ([`super::attrition`]), the Cilician Garrison Phase
//! ([`super::garrison`]), the arrivals of the track ([`super::reinforcements`],
//! [`super::macedonian_reinforcements`]) and the honeymoon run by themselves, with the dice and
//! the standing orders ([`Run`]).
//! Phases with nothing to resolve pass by themselves and say why (the Cilician Garrison Phase
//! is omitted on Game-Turn 1, in Winter and after the Macedonian has gained the Gates; no siege
//! is under way; no fleet's defection conditions hold; no satrapy was gained). A phase or event
//! that has something to resolve that this engine does not build yet — defection ([12.3]),
//! satraps ([15.4]) — stops the game there with its sections ([`State::halt`]), never skipped.
//! After the last Game-Turn's Game-Turn Phase the game ends with its Level of Victory ([21.2],
//! [`super::victory::end_game`]).

use std::collections::BTreeMap;

use super::movement::SIEGE_TRAIN;
use super::orders::Standing;
use super::state::{Halt, Phase, State, MACEDONIAN, PERSIAN};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, Pending, PendingKind, RuleError};

/// What the phases that run by themselves draw on: the dice and the players' standing orders.
pub struct Run<'a> {
    /// The game's dice stream.
    pub dice: &'a mut Dice,
    /// Each side's standing orders.
    pub standing: &'a BTreeMap<String, Standing>,
}

/// A side's name for people.
pub fn side_name(side: &str) -> String {
    match side {
        PERSIAN => "the Persian".into(),
        MACEDONIAN => "the Macedonian".into(),
        s => s.to_string(),
    }
}

/// Every counter's hex, for the start of a Campaign Phase (5.8).
pub fn positions(st: &State) -> BTreeMap<String, String> {
    let mut m: BTreeMap<String, String> = st
        .units
        .iter()
        .map(|(k, u)| (k.clone(), u.at.hex.clone()))
        .chain(
            st.commanders
                .iter()
                .map(|(k, c)| (k.clone(), c.at.hex.clone())),
        )
        .collect();
    if let Some(p) = &st.siege_train {
        m.insert(SIEGE_TRAIN.into(), p.hex.clone());
    }
    m
}

/// Who must act next.
pub fn pending(st: &State) -> Pending {
    let step = format!("turn-{}/{}", st.turn_number(), slug(st.phase));
    if let Some(h) = &st.halt {
        return Pending {
            step,
            kind: PendingKind::GameOver,
            sides: vec![],
            prompt: format!(
                "{}, {}: {} — this engine does not resolve it yet, so the game cannot go on past it",
                st.turn_words(),
                st.phase.words(),
                h.due
            ),
            rule: h.rule.clone(),
        };
    }
    match st.phase {
        Phase::PersianCampaign | Phase::MacedonianCampaign => {
            let side = st.phase.side().unwrap_or(PERSIAN);
            Pending {
                step,
                kind: PendingKind::Orders,
                sides: vec![side.into()],
                prompt: if side == PERSIAN && super::darius::chaos(st) {
                    format!(
                        "{}: {}: the Kingdom is in chaos after Darius' assassination and the Persian moves nothing (`moves: []`, Macedonians [8.63])",
                        st.turn_words(),
                        st.phase.words()
                    )
                } else {
                    format!(
                        "{}: {}: {} moves commanders with their Forces (`moves:`)",
                        st.turn_words(),
                        st.phase.words(),
                        side_name(side)
                    )
                },
                rule: "Macedonians [4.2], [5.0]".into(),
            }
        }
        _ => match &st.result {
            Some(o) => Pending {
                step,
                kind: PendingKind::GameOver,
                sides: vec![],
                prompt: format!("the game is over: {}", o.words),
                rule: o.rule.clone(),
            },
            None => Pending {
                step,
                kind: PendingKind::GameOver,
                sides: vec![],
                prompt: "the last Game-Turn is over (Macedonians [4.1])".into(),
                rule: "Macedonians [4.1], [21]".into(),
            },
        },
    }
}

/// The phase's id in step names.
fn slug(p: Phase) -> String {
    p.words().to_lowercase().replace(' ', "-")
}

/// The phase after `p` within the Game-Turn; None after the Satrap Appointment Phase (the
/// Game-Turn Phase, B6).
pub fn following(p: Phase) -> Option<Phase> {
    Some(match p {
        Phase::PersianCampaign => Phase::PersianSupply,
        Phase::PersianSupply => Phase::CilicianGarrison,
        Phase::CilicianGarrison => Phase::MacedonianSiege,
        Phase::MacedonianSiege => Phase::MacedonianCampaign,
        Phase::MacedonianCampaign => Phase::MacedonianSupply,
        Phase::MacedonianSupply => Phase::FleetDefection,
        Phase::FleetDefection => Phase::SatrapAppointment,
        Phase::SatrapAppointment | Phase::Over => return None,
    })
}

fn halt(st: &mut State, rule: &str, due: impl Into<String>) -> bool {
    st.halt = Some(Halt {
        rule: rule.into(),
        due: due.into(),
    });
    true
}

/// Macedonians [4.2]: the Campaign Phase of `side` is over: the sequence runs on through every
/// phase it resolves by itself (supply and attrition, the Cilician Gates) to the next one that
/// needs a player, or stops where a rule not built yet is due.
///
/// Errors: [`RuleError::Dice`] while the dice are not fixed yet.
pub fn end_campaign(
    st: &mut State,
    ev: &mut Vec<Event>,
    run: &mut Run<'_>,
) -> Result<(), RuleError> {
    super::battle::end_of_phase(st);
    st.moved.clear();
    st.committed.clear();
    advance(st, ev, run)
}

/// Steps on from the current phase until a phase needs orders or stops.
fn advance(st: &mut State, ev: &mut Vec<Event>, run: &mut Run<'_>) -> Result<(), RuleError> {
    loop {
        match following(st.phase) {
            Some(next) => st.phase = next,
            None => {
                // B6, the Game-Turn Phase: the marker moves on.
                st.turn += 1;
                if st.turn >= st.pack.track().count() {
                    // [21.0]: the last Game-Turn is over; the Victory Points decide.
                    super::victory::end_game(st, ev);
                    return Ok(());
                }
                st.phase = Phase::PersianCampaign;
                ev.push(Event::new(
                    "Macedonians [4.2]",
                    format!("the Game-Turn marker moves to {}", st.turn_words()),
                ));
                st.satrapies_at_turn_start = st.satrapies_of(MACEDONIAN);
                if enter(st, ev, run)? {
                    return Ok(());
                }
                continue;
            }
        }
        if enter(st, ev, run)? {
            return Ok(());
        }
    }
}

/// The start of a Game-Turn (before the Persian Campaign Phase): whatever the track and the
/// rules bring. True: the game stops, or the Persian must give orders.
/// Nothing there rolls a die.
pub fn open_turn(st: &mut State, ev: &mut Vec<Event>) -> bool {
    st.satrapies_at_turn_start = st.satrapies_of(MACEDONIAN);
    let standing = BTreeMap::new();
    let mut dice = Dice::deferred();
    let mut run = Run {
        dice: &mut dice,
        standing: &standing,
    };
    enter(st, ev, &mut run).unwrap_or(true)
}

/// Enters the current phase: passes it (false) or stops for orders or a rule not built (true).
fn enter(st: &mut State, ev: &mut Vec<Event>, run: &mut Run<'_>) -> Result<bool, RuleError> {
    let t = st.game_turn().cloned();
    let first = st.turn == 0;
    let say = |ev: &mut Vec<Event>, rule: &str, text: String| ev.push(Event::new(rule, text));
    Ok(match st.phase {
        Phase::PersianCampaign => {
            super::reinforcements::persian(st, run, ev);
            st.phase_start = positions(st);
            true
        }
        Phase::PersianSupply => {
            super::attrition::phase(st, PERSIAN, run.standing, run.dice, ev)?;
            false
        }
        Phase::CilicianGarrison => {
            let winter = st.winter();
            let off = st.options.iter().any(|o| o == "no-cilician-table");
            if first || winter || st.gates_gained || off {
                let why = if first {
                    "omitted on the first Game-Turn"
                } else if winter {
                    "omitted in a Winter Game-Turn"
                } else if off {
                    "ignored by the players' choice (5.57)"
                } else {
                    "over since the Macedonian gained the Gates (5.56)"
                };
                say(
                    ev,
                    "Macedonians [4.2], [5.54]",
                    format!("the Cilician Garrison Phase is {why}"),
                );
                false
            } else {
                super::garrison::phase(st, run.standing, run.dice, ev)?;
                false
            }
        }
        Phase::MacedonianSiege => {
            if t.as_ref()
                .and_then(|t| t.macedonian.as_ref())
                .is_some_and(|m| m.honeymoon)
            {
                super::macedonian_reinforcements::honeymoon(st, run, ev);
            }
            say(
                ev,
                "Macedonians [4.2], [14]",
                "the Macedonian Siege Phase: no siege is under way".into(),
            );
            false
        }
        Phase::MacedonianCampaign => {
            super::macedonian_reinforcements::macedonian(st, run, ev);
            st.phase_start = positions(st);
            true
        }
        Phase::MacedonianSupply => {
            super::attrition::phase(st, MACEDONIAN, run.standing, run.dice, ev)?;
            false
        }
        Phase::FleetDefection => match super::defection::due(st) {
            Some(fleet) => halt(
                st,
                "Macedonians [12.3]",
                format!("the {fleet} fleet's defection conditions hold (12.34)"),
            ),
            None => {
                say(
                    ev,
                    "Macedonians [12.34]",
                    "the Fleet Defection Phase: no fleet's conditions hold".into(),
                );
                false
            }
        },
        Phase::SatrapAppointment => {
            let now = st.satrapies_of(MACEDONIAN);
            let gained: Vec<String> = now
                .difference(&st.satrapies_at_turn_start)
                .cloned()
                .collect();
            if gained.is_empty() {
                say(
                    ev,
                    "Macedonians [15.4]",
                    "the Satrap Appointment Phase: no satrapy was gained this Game-Turn".into(),
                );
                false
            } else {
                halt(
                    st,
                    "Macedonians [15.4]",
                    format!("satraps for {} may be appointed", gained.join(", ")),
                )
            }
        }
        Phase::Over => true,
    })
}
