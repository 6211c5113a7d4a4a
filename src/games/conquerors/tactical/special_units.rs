//! Tactical [13.0]: special units. Chariots, elephants and phalanxes move straight ahead only
//! and never by corner lines ([13.11]–[13.12], [13.21]–[13.22], [13.41]; in `movement`);
//! elephants defend with TO against elephants ([13.23]) and add 4 against cavalry ([13.28]),
//! cavalry never attack them ([13.26]) and defend with TO against cavalry ([13.32]), nor attack
//! a phalanx frontally ([13.31]) (in `melee`); a phalanx turned to retreat is Disrupted
//! ([13.42], in `retreats`). Here: elephants going Berserk ([13.24]) and the Berserk moves
//! ([13.25]).

use super::data::Class;
use super::display::{Anchor, Dir};
use super::{melee, Battle, Entry, Fate};
use crate::protocol::dice::Dice;
use crate::ruleset::RuleError;

/// [13.24] (ruling TR-25): after a melee, each elephant that fought rolls a die (+1 with a
/// commander in its box): 1–3 it is Disrupted and goes Berserk.
///
/// Errors: dice not available yet.
pub fn elephant_panic(bt: &mut Battle, ids: &[String], dice: &mut Dice) -> Result<(), RuleError> {
    for u in ids {
        let Some(x) = bt.units.get(u) else { continue };
        if !x.fighting() || x.disrupted {
            continue;
        }
        let side = x.side;
        let at = x.at.clone().unwrap();
        let plus = u32::from(!bt.commanders_in(side, &at).is_empty());
        let r = dice
            .roll_for(&bt.sides[side])
            .d6(&format!("elephant panic for {u}"), "Tactical 13.24")?;
        if r + plus <= 3 {
            bt.units.get_mut(u).unwrap().disrupted = true;
            bt.note(
                "Tactical 13.24",
                None,
                format!(
                    "{u} rolls {r}{} after the melee: it is Disrupted and goes Berserk",
                    if plus > 0 { " +1" } else { "" }
                ),
            );
        } else {
            bt.note(
                "Tactical 13.24",
                None,
                format!(
                    "{u} rolls {r}{} after the melee and keeps calm",
                    if plus > 0 { " +1" } else { "" }
                ),
            );
        }
    }
    Ok(())
}

/// [13.25] (ruling TR-23): before anything else in `side`'s Movement Phase each Berserk
/// elephant rolls (+1 with a commander): 5–6 it calms down; otherwise it turns clockwise that
/// many Connecting Lines from its facing, goes along the line it then faces and melees whatever
/// is in the box it enters, friend or foe; into a Reserve Area it is removed from play. With no
/// line that way it stays, still Berserk.
///
/// Errors: dice not available yet.
pub fn berserk_moves(bt: &mut Battle, side: usize, dice: &mut Dice) -> Result<(), RuleError> {
    let ids: Vec<String> = bt
        .units
        .values()
        .filter(|u| u.side == side && u.fighting() && u.class == Class::Elephant && u.disrupted)
        .map(|u| u.id.clone())
        .collect();
    for u in ids {
        if bt.end.is_some() || !bt.units[&u].fighting() {
            continue;
        }
        let at = bt.units[&u].at.clone().unwrap();
        let plus = u32::from(!bt.commanders_in(side, &at).is_empty());
        let r = dice
            .roll_for(&bt.sides[side])
            .d6(&format!("Berserk elephant {u}"), "Tactical 13.25")?;
        if r + plus >= 5 {
            bt.units.get_mut(&u).unwrap().disrupted = false;
            bt.note(
                "Tactical 13.25",
                None,
                format!(
                    "the Berserk {u} rolls {r}{}: it calms down and its Disruption is removed",
                    if plus > 0 { " +1" } else { "" }
                ),
            );
            continue;
        }
        let steps = (r + plus) as usize;
        let facing = bt.units[&u].facing.unwrap_or(Dir::N);
        let mut exits = bt.display.exits(&at);
        let start = facing.anchor().index();
        // One line clockwise is the first after the facing; a line straight ahead is the eighth.
        exits.sort_by_key(|e| {
            (
                e.from.map(|a| (a.index() + 7 - start) % 8).unwrap_or(0),
                e.to.clone(),
            )
        });
        if exits.is_empty() {
            continue;
        }
        let e = exits[(steps - 1) % exits.len()].clone();
        let turn = e.from.unwrap_or(Anchor::N);
        let new_facing = Dir::ALL
            .into_iter()
            .find(|d| d.anchor() == turn)
            .or(Some(facing));
        bt.units.get_mut(&u).unwrap().facing = new_facing;
        if e.to.is_reserve() {
            let x = bt.units.get_mut(&u).unwrap();
            x.fate = Fate::Removed;
            x.at = None;
            let lost = x.ssp;
            bt.lost[side] += lost;
            bt.turn_losses += lost;
            bt.note(
                "Tactical 13.25",
                None,
                format!(
                    "the Berserk {u} rolls {r}: it stampedes into {} and is removed from play",
                    bt.place_words(&e.to)
                ),
            );
            super::morale::check(bt);
            continue;
        }
        let f2 = super::movement::facing_after(new_facing, &e);
        let x = bt.units.get_mut(&u).unwrap();
        x.at = Some(e.to.clone());
        x.facing = f2;
        x.entry = Some(Entry {
            from: at.clone(),
            anchor: e.to_anchor,
            crossing: e.crossing,
        });
        bt.note("Tactical 13.25", None, format!("the Berserk {u} rolls {r}: it turns {steps} line(s) clockwise and stampedes from {} into {}", bt.place_words(&at), bt.place_words(&e.to)));
        let friends: Vec<String> = bt
            .in_box(side, &e.to)
            .into_iter()
            .filter(|x| *x != u)
            .collect();
        if !bt.in_box(1 - side, &e.to).is_empty() {
            melee::melee(bt, side, &e.to, dice)?;
        } else if !friends.is_empty() {
            trample(bt, side, &u, &friends, dice)?;
        }
    }
    Ok(())
}

/// [13.25] (ruling TR-22): a Berserk elephant meleeing its own side: one roll on the Melee CRT,
/// the elephant attacking; its owner takes both sides' losses; the elephant then stays if
/// stacking allows, else goes back where it came from.
fn trample(
    bt: &mut Battle,
    side: usize,
    eleph: &str,
    friends: &[String],
    dice: &mut Dice,
) -> Result<(), RuleError> {
    let a = bt.units[eleph].to_now() as i32;
    let d: i32 = friends.iter().map(|f| bt.units[f].td_now() as i32).sum();
    let diff = a - d;
    let col = melee::column(diff);
    let r = dice
        .roll_for(&bt.sides[side])
        .d6("Berserk elephant melee", "Tactical 13.25")?;
    let cell = bt
        .pack
        .table("melee")
        .and_then(|t| t.roll(r as u8, col))
        .unwrap_or("M")
        .to_string();
    bt.note("Tactical 13.25, 8.3", None, format!("the Berserk {eleph} tramples its own {} ({a} against {d}, differential {diff:+}), roll {r}: {cell}", friends.join(", ")));
    if let Some(melee::MeleeResult::Parts(p)) = melee::MeleeResult::parse(&cell) {
        for (k, ids) in [(0usize, vec![eleph.to_string()]), (1, friends.to_vec())] {
            if let melee::Part::Lose(n) = p[k].0 {
                melee::take_losses(bt, side, &ids, n, "Tactical 13.25");
            } else if p[k].0 != melee::Part::None {
                melee::take_losses(bt, side, &ids, 1, "Tactical 13.25");
            }
        }
        super::morale::check(bt);
    }
    if bt.units[eleph].fighting() {
        let here = bt.units[eleph].at.clone().unwrap();
        if super::stacking::fits(bt, side, &here, &[], &[], false).is_err() {
            let back = bt.units[eleph].entry.as_ref().map(|e| e.from.clone());
            if let Some(b) = back {
                bt.units.get_mut(eleph).unwrap().at = Some(b);
            }
        }
    }
    Ok(())
}
