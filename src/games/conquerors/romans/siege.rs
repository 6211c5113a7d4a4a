//! Romans [13.2]–[13.4], [4.1]: assaults and sieges. A Force that ends its move in a C or D
//! city hex it does not hold may assault the city, 4 MP a try while MP last, with at least one
//! SSP more than the defence; a NO costs it 1 SSP ([13.24], [13.25]). A Force with a commander
//! and a Siege Train may lay siege to any city it does not hold ([13.43], [13.45]); in its
//! player's next Siege Phase it rolls once: a NO costs the garrison 2 SSP and the besiegers 1
//! ([13.44]), and besiegers of an A or B city who rolled may not move that Game-Turn ([4.1],
//! ruling AMB-26). Squadrons add their naval strength to a siege: the city's always, the
//! besieger's while no enemy squadron is in the hex ([13.47], [13.48]). A siege is given up by leaving through the hexside of entry (errata 13.4-A,
//! follow-up 13.4). A city of one's own active ally may be attacked, and the ally defects
//! (errata 13.2, `ally_sides`). Parlay comes first when offered ([13.56], `parlay`); the fall is
//! `cities::take_city`; the Siege Phase step is `siege_phase`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::cities::{self, Fall};
use super::orders::{Move, Standing};
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::attrition::remove_ssp;
use crate::games::conquerors::city::{siege_roll, strong_enough};
use crate::games::conquerors::movement::mp;
use crate::geo::hexmap::CityClass;
use crate::geo::Hex;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// A siege under way (Romans [13.43]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Siege {
    /// The besieging player.
    pub side: String,
    /// The hex the besiegers entered from (errata 13.4-A: they leave the same way).
    pub from: String,
    /// The Game-Turn index it was laid in.
    pub since: usize,
    /// The Game-Turn index of its last roll (besiegers of A/B are Disrupted that turn, [4.1]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled: Option<usize>,
}

pub(super) fn refuse(at: &str, rule: &str, reason: impl Into<String>) -> RuleError {
    RuleError::illegal(at, rule, reason)
}

/// `side`'s land units outside the city in the hex of `key`.
pub(super) fn besiegers(st: &State, side: &str, key: &str) -> Vec<String> {
    let Some(c) = st.cities.get(key) else {
        return Vec::new();
    };
    st.units_at(&c.at.map, &c.at.hex)
        .filter(|(_, u)| u.side == side && !u.at.inside)
        .map(|(k, _)| k.clone())
        .collect()
}

pub(super) fn ssp(st: &State, ids: &[String]) -> u32 {
    ids.iter()
        .filter_map(|id| st.units.get(id))
        .map(|u| u.ssp)
        .sum()
}

/// Romans [13.47], [13.48]: the naval strength `side`'s squadrons in the hex of `key` add to a
/// siege (never to an assault), only while no enemy squadron is there.
pub(super) fn naval_attack(st: &State, side: &str, key: &str) -> u32 {
    let Some(c) = st.cities.get(key) else {
        return 0;
    };
    let here = |q: &&crate::games::conquerors::force::Squadron| {
        q.at.map == c.at.map && q.at.hex == c.at.hex
    };
    if st
        .squadrons
        .values()
        .filter(here)
        .any(|q| st.hostile(&q.side, side))
    {
        return 0;
    }
    st.squadrons
        .values()
        .filter(here)
        .filter(|q| q.side == side)
        .filter_map(|q| {
            st.pack.counters.squadron_types.get(&q.kind).map(|t| {
                if q.half {
                    t.strength.half
                } else {
                    t.strength.full
                }
            })
        })
        .sum()
}

/// Romans [13.45]: the Siege Train among `ids`: a legion with at least half its original SSP
/// (its own train), or a Siege Train counter (`kind: siege-train`).
pub(super) fn train(st: &State, ids: &[String]) -> Option<String> {
    let pct = st.pack.counters.legion.siege_train_min_percent;
    ids.iter()
        .find(|id| {
            st.units.get(*id).is_some_and(|u| {
                (u.kind == "legion" && u.ssp * 100 >= u.full_ssp * pct) || u.kind == "siege-train"
            })
        })
        .cloned()
}

/// Whether `side` has a commander in the hex of the city `key` ([13.43]).
fn commander_there(st: &State, side: &str, key: &str) -> bool {
    let Some(c) = st.cities.get(key) else {
        return false;
    };
    st.commanders
        .values()
        .any(|x| x.side == side && x.at.map == c.at.map && x.at.hex == c.at.hex)
}

/// Romans [4.1], ruling AMB-26: whether the land units of `side` in hex `hex` of `map` besiege
/// an A or B city and rolled this Game-Turn: Disrupted until it ends (no move, no zone of
/// interception, no interception; they may still retreat). For the interception rules.
pub fn besiegers_disrupted(st: &State, side: &str, map: &str, hex: &str) -> bool {
    st.sieges.iter().any(|(k, s)| {
        s.side == side
            && s.rolled == Some(st.turn)
            && st.cities.get(k).is_some_and(|c| {
                c.at.map == map && c.at.hex == hex && matches!(c.class, CityClass::A | CityClass::B)
            })
    })
}

/// Romans [5.25], [13.43], errata 13.4-A, [4.1]: checks a move against the sieges: units that
/// besieged an A/B city and rolled this Game-Turn are Disrupted and may not move; a Force
/// leaving a hex it besieges leaves through the hexside it entered by, or its neighbour in the
/// spirit of follow-up 13.4.
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]`.
pub fn check_move(st: &State, side: &str, i: usize, mv: &Move) -> Result<(), RuleError> {
    let at = format!("moves[{i}]");
    let Some(cmd) = st.commanders.get(&mv.commander) else {
        return Ok(());
    };
    let key = cities::key_of(
        &cmd.at.map,
        Hex::parse(&cmd.at.hex).unwrap_or(Hex { col: 0, row: 0 }),
    );
    let Some(s) = st.sieges.get(&key).filter(|s| s.side == side) else {
        return Ok(());
    };
    let c = &st.cities[&key];
    let taken: Vec<&String> = mv
        .with
        .iter()
        .filter(|id| st.units.get(*id).is_some_and(|u| !u.at.inside))
        .collect();
    if besiegers_disrupted(st, side, &c.at.map, &c.at.hex) {
        if let Some(id) = taken.first() {
            return Err(refuse(&at, "Romans [4.1]", format!("{id} besieged {} (class {:?}) and rolled this Game-Turn: it is Disrupted and may not move until the Game-Turn ends", c.name, c.class)));
        }
    }
    if taken.is_empty() {
        return Ok(());
    }
    let (Some(first), Ok(from), Ok(here), Some(map)) = (
        mv.path.first().and_then(|h| Hex::parse(h).ok()),
        Hex::parse(&s.from),
        Hex::parse(&c.at.hex),
        st.map(&c.at.map),
    ) else {
        return Ok(());
    };
    let conv = map.convention;
    let ok = first == from || (first.distance(from, conv) == 1 && first.distance(here, conv) == 1);
    if !ok {
        return Err(refuse(&at, "Romans errata 13.4-A, follow-up 13.4", format!("the siege of {} was laid from {}: the Force gives it up only back through that hexside (or a hex beside it), not into {first}", c.name, s.from)));
    }
    Ok(())
}

/// Romans [13.24], [13.43]: after the `i`th move of the phase, its assault or siege. `dice`
/// None: a check (no roll, no plunder).
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]` when the rules forbid the assault or siege.
#[allow(clippy::too_many_arguments)]
pub fn after_move(
    st: &mut State,
    side: &str,
    i: usize,
    mv: &Move,
    from: Option<String>,
    standing: &BTreeMap<String, Standing>,
    dice: Option<&mut Dice>,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let at = format!("moves[{i}]");
    let mut dice = dice;
    if mv.assault.is_none() && mv.besiege.is_none() {
        return Ok(());
    }
    if mv.assault.is_some() && mv.besiege.is_some() {
        return Err(refuse(
            &at,
            "Romans [13.2]",
            "a move ends in an assault or a siege, not both",
        ));
    }
    let cid = &mv.commander;
    // A commander lost on the way (at sea, in a battle) assaults and besieges nothing.
    let Some(cmd) = st.commanders.get(cid).cloned() else {
        return Ok(());
    };
    let hex = Hex::parse(&cmd.at.hex).map_err(|e| refuse(&at, "Romans [5.1]", e.to_string()))?;
    let key = cities::key_of(&cmd.at.map, hex);
    let c = st
        .cities
        .get(&key)
        .cloned()
        .filter(|c| !c.sacked)
        .ok_or_else(|| {
            refuse(
                &at,
                "Romans [13.2]",
                format!("{hex} holds no city to attack"),
            )
        })?;
    // Errata 13.2: a city of one's own active ally may be attacked, and the ally defects.
    let own_ally = super::ally_sides::own_active_ally(st, side, &c);
    if let Some(ally) = &own_ally {
        super::ally_sides::check_not_stacked(st, side, ally, &c, &at)?;
        super::ally_sides::attack_own_ally(st, side, ally, &c, dice.as_deref_mut(), ev)?;
    } else if c.control.as_deref() == Some(side) {
        return Err(refuse(&at, "Romans [13.2]", format!("{} is yours", c.name)));
    }
    let c = st.cities.get(&key).cloned().unwrap_or(c);
    if st
        .units_at(&cmd.at.map, &cmd.at.hex)
        .any(|(_, u)| st.hostile(&u.side, side) && !u.at.inside)
    {
        return Err(refuse(&at, "Romans [7.34], [9.0]", format!("enemy units stand outside {}: they must be beaten in the field first (a battle, [9.0]), before a siege is laid", c.name)));
    }
    // The Force: the units that moved with him and stand here now.
    let force: Vec<String> = st
        .committed
        .iter()
        .filter(|(u, by)| {
            *by == cid
                && st
                    .units
                    .get(*u)
                    .is_some_and(|x| x.at.hex == cmd.at.hex && x.at.map == cmd.at.map)
        })
        .map(|(u, _)| u.clone())
        .collect();
    let over = cities::number(st, "combat", "assault-min-ssp-over-defence", "ssp").unwrap_or(1);
    let fall = |cap: Option<super::orders::Capture>, force: &[String]| Fall {
        capture: cap,
        terms: None,
        attackers: force.to_vec(),
    };
    if let Some(b) = &mv.besiege {
        let all = besiegers(st, side, &key);
        if train(st, &all).is_none() {
            return Err(refuse(&at, "Romans [13.45]", format!("no Siege Train at {}: a legion with at least half its original SSP, or a Siege Train counter, is needed", c.name)));
        }
        let d = cities::defence(st, &key, true);
        let a = ssp(st, &all) + naval_attack(st, side, &key);
        if !strong_enough(a, &d, over) {
            return Err(refuse(
                &at,
                "Romans [13.43], [13.24]",
                format!(
                    "{a} SSP may not besiege {} (defence {}): at least {} are needed",
                    c.name,
                    d.words(),
                    d.total() + over
                ),
            ));
        }
        if let Some(t) = &b.parlay {
            if super::parlay::parlay(
                st,
                side,
                &at,
                &key,
                t,
                &fall(None, &force),
                standing,
                dice.as_deref_mut(),
                ev,
            )? {
                return Ok(());
            }
        }
        st.sieges.insert(
            key.clone(),
            Siege {
                side: side.to_string(),
                from: from.unwrap_or_else(|| cmd.at.hex.clone()),
                since: st.turn,
                rolled: None,
            },
        );
        ev.push(Event::new("Romans [13.43]", format!("{} lays siege to {} (class {:?}, defence {}) with {a} SSP; the roll comes in {}'s next Siege Phase", st.commander_name(cid), c.name, c.class, d.words(), side_name(side))));
        return Ok(());
    }
    let asl = mv.assault.clone().unwrap_or_default();
    if matches!(c.class, CityClass::A | CityClass::B) {
        return Err(refuse(
            &at,
            "Romans [13.2], [13.42]",
            format!(
                "{} is class {:?}: A and B cities are taken only by siege (`besiege:`)",
                c.name, c.class
            ),
        ));
    }
    let per_try = st
        .pack
        .movement
        .actions
        .get("assault-c-d-city")
        .map(|a| a.half_mp)
        .unwrap_or(8);
    let allowance = st.maps.costs("romans").map(|c| c.allowance).unwrap_or(40);
    let per_mp = st.maps.costs("romans").map(|c| c.per_mp).unwrap_or(2);
    let moved = st.moved.get(cid).cloned().unwrap_or(super::state::Moved {
        spent: 0,
        forced: 0,
    });
    let tries = asl.tries.unwrap_or(1).max(1);
    if moved.forced == 0 && allowance.saturating_sub(moved.spent) < per_try {
        return Err(refuse(
            &at,
            "Romans [13.24]",
            format!(
                "an assault costs {} and {} are left",
                mp(per_try, per_mp),
                mp(allowance.saturating_sub(moved.spent), per_mp)
            ),
        ));
    }
    // [13.28], errata and follow-up 13.28: a fleet (and what it landed) assaults an
    // unoccupied C/D port, its naval strength counted as SSP.
    let (landed, naval) = super::transport::assault_help(st, side, cid, &key);
    let force: Vec<String> = force.into_iter().chain(landed).collect();
    let d = cities::defence(st, &key, false);
    let a = ssp(st, &force) + naval;
    if !strong_enough(a, &d, over) {
        return Err(refuse(
            &at,
            "Romans [13.24]",
            format!(
                "{a} SSP may not assault {} (defence {}): at least {} are needed",
                c.name,
                d.words(),
                d.total() + over
            ),
        ));
    }
    if let Some(t) = &asl.parlay {
        if super::parlay::parlay(
            st,
            side,
            &at,
            &key,
            t,
            &fall(asl.on_capture.clone(), &force),
            standing,
            dice.as_deref_mut(),
            ev,
        )? {
            return Ok(());
        }
    }
    let Some(dice) = dice else { return Ok(()) };
    let lose = cities::number(st, "combat", "assault-losses-on-no", "attacker_ssp").unwrap_or(1);
    let column = cities::class_name(c.class);
    for k in 1..=tries {
        let m = st.moved.get(cid).cloned().unwrap_or(super::state::Moved {
            spent: 0,
            forced: 0,
        });
        let free = m.forced > 0 && k == 1;
        if !free && (m.forced > 0 || allowance.saturating_sub(m.spent) < per_try) {
            ev.push(Event::new(
                "Romans [13.25]",
                format!(
                    "{} has no MP left for another assault on {}",
                    st.commander_name(cid),
                    c.name
                ),
            ));
            break;
        }
        let force: Vec<String> = force
            .iter()
            .filter(|id| st.units.contains_key(*id))
            .cloned()
            .collect();
        let d = cities::defence(st, &key, false);
        let a = ssp(st, &force) + super::transport::assault_help(st, side, cid, &key).1;
        if !strong_enough(a, &d, over) {
            ev.push(Event::new(
                "Romans [13.24]",
                format!(
                    "{a} SSP are no longer enough to assault {} (defence {})",
                    c.name,
                    d.words()
                ),
            ));
            break;
        }
        if !free {
            if let Some(x) = st.moved.get_mut(cid) {
                x.spent += per_try;
            }
        }
        let table = st.pack.table("siege").cloned();
        let r = siege_roll(
            |row, col| {
                table
                    .as_ref()
                    .and_then(|t| t.cell(row, col))
                    .map(str::to_string)
            },
            &column,
            || {
                dice.roll_for(side)
                    .d6("assault", "Romans [13.24]")
                    .map_err(RuleError::from)
            },
            |why| refuse(&at, "Romans [13.3]", why),
        )?;
        let rolls: Vec<String> = r.rolls.iter().map(|x| x.to_string()).collect();
        if r.falls {
            ev.push(Event::new(
                "Romans [13.24]",
                format!(
                    "{} assaults {} (defence {}) with {a} SSP: rolls {} ({}): the city falls",
                    st.commander_name(cid),
                    c.name,
                    d.words(),
                    rolls.join(" then "),
                    r.cell
                ),
            ));
            return cities::take_city(
                st,
                side,
                &key,
                &fall(asl.on_capture.clone(), &force),
                standing,
                Some(dice),
                ev,
            );
        }
        let taken = remove_ssp(&mut st.units, &asl.losses_from, &force, lose);
        ev.push(Event::new("Romans [13.25]", format!("{} assaults {} (defence {}) with {a} SSP: rolls {} ({}): the city withstands; the attackers lose {lose} SSP{}", st.commander_name(cid), c.name, d.words(), rolls.join(" then "), if r.cell == "*" { "* and no 6" } else { "NO" }, taken.words())));
    }
    Ok(())
}

/// Romans [13.43]: drops the sieges whose besiegers are gone (no unit or no commander left in
/// the hex), reporting each.
pub fn lift_abandoned(st: &mut State, ev: &mut Vec<Event>) {
    let keys: Vec<String> = st.sieges.keys().cloned().collect();
    for k in keys {
        let s = st.sieges[&k].clone();
        let gone = besiegers(st, &s.side, &k).is_empty() || !commander_there(st, &s.side, &k);
        let lost = st
            .cities
            .get(&k)
            .is_none_or(|c| c.sacked || c.control.as_deref() == Some(s.side.as_str()));
        if gone || lost {
            st.sieges.remove(&k);
            if gone {
                let name = st
                    .cities
                    .get(&k)
                    .map(|c| c.name.clone())
                    .unwrap_or(k.clone());
                ev.push(Event::new("Romans errata 13.4-A", format!("the siege of {name} by {} is given up: no besieging Force with a commander is left in the hex", side_name(&s.side))));
            }
        }
    }
}
