//! Romans [4.1], [5]: a Campaign Phase resolved from its orders — every move checked before
//! the first die, then made in the order given ([5.0] procedure), then the end of the phase
//! (supply [14.21], the Attrition Phase [15], desertion [15.13], blockades [17.15]) and what
//! follows it (the next player, reinforcements [20.14], victory [19], a Winter [4.2], a Siege
//! Phase [4.1]). `pause.rs` runs it, and runs it again from its start when a decision asked in
//! person arrives.

use super::orders::{self, Orders, Standing};
use super::state::{Phase, State};
use super::{
    attrition, encampment, movement, mutiny, naval_bases, naval_phase, reinforcements, senate,
    sequence, siege, siege_phase, supply, victory, view, winter,
};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Romans [4.1], [5]–[15]: `side`'s Campaign Phase with its orders `o`, by the standing orders
/// `standing` (those in force when it began): every move checked, then made, then the end of
/// the phase and what follows it. Events go to `ev` as they happen (a pause leaves them there).
///
/// Errors: the refusals of the moves; the pause for a decision asked in person (`pause.rs`).
pub fn campaign(
    st: &mut State,
    side: &str,
    o: &Orders,
    standing: &std::collections::BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let side = side.to_string();
    // [20.29]: a third-player Macedon's side, taken before his first moves are checked.
    super::macedon_side::choose(st, &side, o, ev)?;
    let roma_full = victory::roma_legion_present(st);
    for (i, mv) in o.moves.iter().enumerate() {
        senate::check_posted(st, i, mv)?;
        mutiny::check_held(st, i, mv)?;
    }
    if o.winter.is_some() || o.diplomacy.is_some() {
        return Err(RuleError::illegal(
            "winter",
            "Romans [4.2]",
            "Winter orders wait for the Winter, diplomacy for the Mutual Diplomacy Phase",
        ));
    }
    // [9.8]: last phase's camps are struck as Rome's next Campaign Phase begins.
    encampment::strike(st, &side);
    // Every move is checked before the first die ([5.0] procedure: in the order given).
    let mut dry = st.clone();
    let mut scratch = Vec::new();
    // [17.33]: Naval Bases built at the start of the phase serve its moves ([5.63]).
    naval_bases::build(&mut dry, &side, &o.naval_bases, &mut scratch)?;
    for (i, mv) in o.moves.iter().enumerate() {
        let from = siege_from(&dry, mv);
        movement::apply_move(&mut dry, &side, i, mv, None, &mut scratch, standing)?;
        siege::after_move(&mut dry, &side, i, mv, from, standing, None, &mut scratch)?;
    }
    // [9.8]: the camps pitched once the moves are made.
    encampment::pitch(&mut dry, &side, &o.encamp, &mut scratch)?;
    // [11.16], [5.24]: fleets sharing a hex with the enemy, and none left at sea.
    naval_phase::check_phase(st, &dry, &side, &o.moves)?;
    // [17.36], AMB-40: Rome never leaves Roma without a full-strength legion by choice.
    if side == "rome" && roma_full && !victory::roma_legion_present(&dry) {
        return Err(RuleError::illegal(
            "moves",
            "Romans [17.36]",
            "Rome must keep a full-strength legion in Roma at all times (AMB-40)",
        ));
    }
    naval_bases::build(st, &side, &o.naval_bases, ev)?;
    let before = st.combat.engagements;
    for (i, mv) in o.moves.iter().enumerate() {
        let from = siege_from(st, mv);
        if let Some(a) = st.asking.as_mut() {
            a.order = format!("moves[{i}]");
        }
        match movement::apply_move(st, &side, i, mv, Some(dice), ev, standing) {
            // [9.24]: a move a battle earlier in the phase made impossible is cancelled,
            // not refused (the dice have been rolled); a pause is no refusal.
            Err(RuleError::Illegal {
                rule,
                reason,
                order,
            }) if st.combat.engagements > before
                && order != crate::games::conquerors::pause::PAUSE =>
            {
                ev.push(Event::new(
                    rule,
                    format!("moves[{i}] cannot be made after the battles before it, and is cancelled: {reason}"),
                ));
                continue;
            }
            r => r?,
        }
        siege::after_move(st, &side, i, mv, from, standing, Some(dice), ev)?;
    }
    encampment::pitch(st, &side, &o.encamp, ev)?;
    // [14.21] rulings AMB-53: Forces still beyond the radius; [4.1] the Attrition Phase;
    // [15.13] desert after the last Player-Turn of the Game-Turn.
    supply::end_of_phase(st, &side, standing, dice, ev)?;
    attrition::attrition_phase(st, &side, standing, dice, ev)?;
    if st.players.last() == Some(&side) {
        attrition::desert(st, standing, dice, ev)?;
        naval_bases::count_blockades(st, ev);
    }
    siege::lift_abandoned(st, ev);
    if o.moves.is_empty() {
        ev.push(Event::new(
            "Romans [5.0]",
            format!("{} moves nothing", sequence::side_name(&side)),
        ));
    }
    let (turn, phase) = (st.turn_words(), view::phase_words(st));
    crate::ruleset::stamp_events(ev, 0, &turn, &phase, None, Some(&side), false);
    let from = ev.len();
    let (turn0, first) = (st.turn, st.turn == 0 && st.players.first() == Some(&side));
    sequence::end_campaign(st, &side);
    // [20.14]: reinforcements at the start of a Game-Turn (the random arrival's set-up
    // roll after the game's first Player-Turn, ruling R-97).
    if matches!(st.phase, Phase::Campaign { .. }) && (st.turn != turn0 || first) {
        reinforcements::arrive(st, dice, ev)?;
    }
    // [19.15], [17.36]: the sudden ends; [19.2]: the last Game-Turn; [4.2]: a Winter.
    if let Some(o) = victory::sudden_death(st, roma_full) {
        victory::end_game(st, o, ev);
    } else if st.phase == Phase::Over {
        let o = victory::final_outcome(st);
        victory::end_game(st, o, ev);
    } else if st.phase == Phase::Winter {
        winter::begin(st, standing, dice, ev)?;
    }
    // [9.69]: a beaten Roman Force's mutiny roll opens Rome's next Campaign Phase.
    mutiny::at_phase_start(st, dice, ev)?;
    siege_phase::open_siege_phase(st, ev);
    crate::ruleset::stamp_events(ev, from, &turn, &phase, None, None, false);
    Ok(())
}

/// The hex a move's last hex is entered from ([13.43], errata 13.4-A).
fn siege_from(st: &State, mv: &orders::Move) -> Option<String> {
    let n = mv.path.len();
    if n >= 2 {
        Some(mv.path[n - 2].clone())
    } else {
        st.commanders.get(&mv.commander).map(|c| c.at.hex.clone())
    }
}
