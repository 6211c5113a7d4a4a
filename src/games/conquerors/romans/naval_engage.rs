//! What happens to a fleet under way, hex by hex: attrition in an all-sea hex ([15.21],
//! [5.43]); an enemy fleet's interception and what follows ([6.6], [11.17]: the phasing
//! fleet goes on only if the interceptor lost more, else back to the port it came from or the
//! nearest friendly one, or it stays); its own attack on an enemy fleet ([11.11]–[11.15]: the
//! defender may Retreat Before Combat into a friendly port, [11.13]; an attacker that loses
//! more returns to port, [11.15]; a fleet breaking out of a besieged port leaves only if it
//! inflicted more, [13.49]). Landings are `landing`'s.

use std::collections::BTreeMap;

use super::combat::{disrupt, in_charge};
use super::fleets::{self, key, position, words};
use super::naval_bases;
use super::naval_combat::{fight, NavalBattle};
use super::naval_decisions::{retreat_path, when_attacked};
use super::naval_interception::{move_in, Interceptor};
use super::naval_movement::{allowance, relocate, Fleet};
use super::orders::{FleetWhenAttacked, Standing};
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::sea::Waters;
use crate::geo::HexKey;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Whether a fleet goes on after what happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum After {
    /// It goes on along its path.
    GoOn,
    /// Its move is over.
    Stop,
}

/// Romans [15.21], [15.4]: the fleet `ships` of `side` entered the all-sea hex `h`: one roll
/// on the Naval Attrition Table.
///
/// Errors: dice not available yet.
pub fn sea_attrition(
    st: &mut State,
    side: &str,
    ships: &[String],
    h: &HexKey,
    standing: &BTreeMap<String, Standing>,
    d: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let what = format!(
        "{}'s fleet enters the all-sea hex {}",
        side_name(side),
        words(st, h)
    );
    super::attrition::naval_steps(
        st,
        side,
        ships,
        &what,
        "Romans [15.21], [5.43]",
        standing,
        d,
        ev,
    )
}

/// A fleet lost at sea: its commanders and cargo with it (ruling R-96).
pub(super) fn lost_at_sea(st: &mut State, w: &Waters, f: &Fleet, h: &HexKey, ev: &mut Vec<Event>) {
    let side = st
        .commanders
        .get(&f.mover)
        .map(|c| c.side.clone())
        .or_else(|| st.squadrons.get(&f.mover).map(|q| q.side.clone()))
        .unwrap_or_default();
    let lost: Vec<String> = f
        .cargo
        .iter()
        .chain(f.led.then_some(&f.mover))
        .filter(|c| st.commanders.contains_key(*c) || st.units.contains_key(*c))
        .cloned()
        .collect();
    let here = position(h);
    for c in &lost {
        if st.units.remove(c).is_some() {
            st.naval.aboard.remove(c);
        } else if w.all_sea(h)
            && st
                .commanders
                .get(c)
                .is_some_and(|x| fleets::same_hex(w, &x.at, &here))
        {
            st.naval.aboard.remove(c);
            super::casualties::kill_commander(st, c, ev);
        }
    }
    ev.push(Event::new(
        "Romans [15.21]",
        format!(
            "{}'s fleet is lost in the all-sea hex {} with all aboard ({})",
            side_name(&side),
            words(st, h),
            if lost.is_empty() {
                "nothing".into()
            } else {
                lost.join(", ")
            }
        ),
    ));
}

/// The commanders sailing with fleet `f` (its mover and the commanders aboard).
fn fleet_cmds(st: &State, f: &Fleet) -> Vec<String> {
    f.led
        .then(|| f.mover.clone())
        .into_iter()
        .chain(
            f.cargo
                .iter()
                .filter(|c| st.commanders.contains_key(*c) && fleets::commands_fleets(st, c))
                .cloned(),
        )
        .collect()
}

/// Romans [6.4], [11.17]: the phasing fleet `f` of `side` is intercepted by `by`.
///
/// Errors: dice not available yet.
#[allow(clippy::too_many_arguments)]
pub(super) fn intercepted(
    st: &mut State,
    w: &Waters,
    side: &str,
    f: &mut Fleet,
    by: &Interceptor,
    standing: &BTreeMap<String, Standing>,
    d: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<After, RuleError> {
    let h = f.at.clone();
    move_in(st, w, by, &h, ev);
    let b = NavalBattle {
        at: h.clone(),
        sides: [by.side.clone(), side.to_string()],
        squadrons: [by.squadrons.clone(), f.ships.clone()],
        commanders: [by.commanders.clone(), fleet_cmds(st, f)],
    };
    let out = fight(st, &b, standing, d, ev)?;
    f.ships.retain(|q| st.squadrons.contains_key(q));
    f.cargo
        .retain(|c| st.units.contains_key(c) || st.commanders.contains_key(c));
    if f.ships.is_empty() {
        return Ok(After::Stop);
    }
    if out.lost[0] > out.lost[1] {
        ev.push(Event::new(
            "Romans [11.17] A",
            format!(
                "the interceptor lost more steps ({} to {}): {}'s fleet goes on",
                out.lost[0],
                out.lost[1],
                side_name(side)
            ),
        ));
        return Ok(After::GoOn);
    }
    ev.push(Event::new(
        "Romans [11.17] B",
        format!(
            "{}'s fleet lost {} ({} for the interceptor): it must turn back",
            side_name(side),
            if out.lost[1] > out.lost[0] {
                "more steps"
            } else {
                "as many steps"
            },
            out.lost[0]
        ),
    ));
    back_to_port(st, w, side, f, standing, d, ev)?;
    Ok(After::Stop)
}

/// Romans [11.17] B, [11.15]: the fleet returns to the port it came from, or the nearest
/// friendly port toward where it came from, with the MP it has left; if it reaches none it
/// stays (ruling R-94).
///
/// Errors: dice not available yet.
pub(super) fn back_to_port(
    st: &mut State,
    w: &Waters,
    side: &str,
    f: &mut Fleet,
    standing: &BTreeMap<String, Standing>,
    d: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let per = naval_bases::per_hex(st);
    let left = f.limit(allowance(st)).saturating_sub(f.spent);
    let nations = fleets::nations(st, &f.ships);
    let open = |k: &HexKey| fleets::open_water(st, w, k, side);
    let back = f
        .came_from
        .clone()
        .filter(|p| fleets::friendly_port(st, w, p, side, &nations))
        .and_then(|p| w.path(&f.at, &|k| *k == p, per, left, &open));
    let reach = w.reach(&[(f.at.clone(), 0)], per, left, &open);
    let conv = w.convention();
    let dist = |k: &HexKey| match (
        w.numbered_on(k, w.base()),
        w.numbered_on(&f.origin, w.base()),
    ) {
        (Some(a), Some(b)) => a.distance(b, conv),
        _ => u32::MAX,
    };
    let nearest = reach
        .iter()
        .filter(|(k, _)| fleets::friendly_port(st, w, k, side, &nations))
        .min_by_key(|(k, c)| (**c, dist(k), (*k).clone()))
        .map(|(k, _)| k.clone());
    let route = back.or_else(|| {
        nearest.and_then(|p| {
            if p == f.at {
                Some((Vec::new(), 0))
            } else {
                w.path(&f.at, &|k| *k == p, per, left, &open)
            }
        })
    });
    let Some((path, _)) = route else {
        if w.all_sea(&f.at) {
            st.naval.at_sea.extend(f.ships.iter().cloned());
        }
        ev.push(Event::new(
            "Romans [11.17] B",
            format!(
                "no friendly port within the {} MP left: {}'s fleet stays at {}",
                left / 2,
                side_name(side),
                words(st, &f.at)
            ),
        ));
        return Ok(());
    };
    let from = words(st, &f.at);
    let mut trail = Vec::new();
    for h in path {
        relocate(st, f, &h);
        f.at = h.clone();
        f.spent += per;
        trail.push(words(st, &h));
        if w.all_sea(&h) {
            sea_attrition(st, side, &f.ships.clone(), &h, standing, d, ev)?;
            f.ships.retain(|q| st.squadrons.contains_key(q));
            if f.ships.is_empty() {
                lost_at_sea(st, w, f, &h, ev);
                return Ok(());
            }
        }
    }
    ev.push(Event::new(
        "Romans [11.17] B",
        format!(
            "{}'s fleet returns from {from} to {}{}",
            side_name(side),
            trail.last().cloned().unwrap_or(from.clone()),
            if trail.len() > 1 {
                format!(" by {}", trail.join(" → "))
            } else {
                String::new()
            }
        ),
    ));
    Ok(())
}

/// Romans [11.11]–[11.16], [13.49]: fleet `f` attacks the enemy fleet in `h` (`in_place`: the
/// hex it began in).
///
/// Errors: dice not available yet.
#[allow(clippy::too_many_arguments)]
pub(super) fn attack(
    st: &mut State,
    w: &Waters,
    side: &str,
    f: &mut Fleet,
    h: &HexKey,
    in_place: bool,
    standing: &BTreeMap<String, Standing>,
    d: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<After, RuleError> {
    let enemy = fleets::enemy_squadrons(st, w, h, side);
    let Some(def) = enemy.first().map(|q| st.squadrons[q].side.clone()) else {
        return Ok(After::GoOn);
    };
    let ships: Vec<String> = enemy
        .into_iter()
        .filter(|q| st.squadrons[q].side == def)
        .collect();
    let cmds = fleets::fleet_commanders(st, w, h, &def);
    let chief = in_charge(st, &cmds);
    let merchants_only = ships.iter().all(|q| fleets::is_merchant(&st.squadrons[q]));
    let who = chief
        .clone()
        .or_else(|| merchants_only.then(|| ships[0].clone()));
    let order = when_attacked(standing, &def, who.as_deref());
    if order.defaulted {
        ev.push(Event::new(
            "Romans [11.13]",
            format!(
                "{} said nothing for its fleet attacked at {}: it stands (default)",
                side_name(&def),
                words(st, h)
            ),
        ));
    }
    if order.value == FleetWhenAttacked::Retreat
        && retreat_before_combat(
            st,
            w,
            &def,
            &ships,
            who.as_deref(),
            chief.is_some(),
            standing,
            ev,
        )?
    {
        return Ok(After::GoOn);
    }
    let surcharge = st
        .pack
        .movement
        .actions
        .get("naval-attack")
        .map(|a| a.half_mp)
        .unwrap_or(4);
    f.spent += surcharge;
    st.naval.attacks.insert(format!("{}>{}", f.mover, h));
    let b = NavalBattle {
        at: h.clone(),
        sides: [side.to_string(), def.clone()],
        squadrons: [f.ships.clone(), ships],
        commanders: [fleet_cmds(st, f), cmds],
    };
    let out = fight(st, &b, standing, d, ev)?;
    f.ships.retain(|q| st.squadrons.contains_key(q));
    f.cargo
        .retain(|c| st.units.contains_key(c) || st.commanders.contains_key(c));
    if f.ships.is_empty() {
        return Ok(After::Stop);
    }
    if in_place {
        let besieged = fleets::city_at(st, w, h).is_some_and(|(k, c)| {
            c.control.as_deref() == Some(side)
                && st.sieges.get(&k).is_some_and(|s| st.hostile(&s.side, side))
        });
        if besieged
            && !fleets::enemy_squadrons(st, w, h, side).is_empty()
            && out.lost[1] <= out.lost[0]
        {
            ev.push(Event::new(
                "Romans [13.49]",
                format!(
                    "the fleet breaking the blockade of {} inflicted no more than it suffered ({} to {}): it may not leave this Campaign Phase",
                    words(st, h),
                    out.lost[1],
                    out.lost[0]
                ),
            ));
            return Ok(After::Stop);
        }
    }
    if out.lost[0] > out.lost[1] {
        ev.push(Event::new(
            "Romans [11.15]",
            format!(
                "{}'s attacking fleet lost more steps ({} to {}): it stops and returns to port",
                side_name(side),
                out.lost[0],
                out.lost[1]
            ),
        ));
        back_to_port(st, w, side, f, standing, d, ev)?;
        return Ok(After::Stop);
    }
    Ok(After::GoOn)
}

/// Romans [11.13], [12.2]: the attacked fleet retreats into a friendly port within its 20 MP
/// of retreat a phase, never more than 20 MP from a friendly Naval Base; more than 4 MP
/// Disrupts it. A fleet needs a commander to retreat (as a Force, [10.12]), a Merchant alone
/// does not. Returns whether it retreated. With `retreat_path: ask` the owner picks the port
/// in person among those it can reach (`pause_losses::fleet_port`).
///
/// Errors: the pause for the port asked in person.
#[allow(clippy::too_many_arguments)]
fn retreat_before_combat(
    st: &mut State,
    w: &Waters,
    side: &str,
    ships: &[String],
    who: Option<&str>,
    led: bool,
    standing: &BTreeMap<String, Standing>,
    ev: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    let Some(who) = who else {
        ev.push(Event::new(
            "Romans [11.13], [10.12]",
            format!(
                "{}'s fleet has no commander and may not Retreat Before Combat: it stands",
                side_name(side)
            ),
        ));
        return Ok(false);
    };
    let Some(from) = ships
        .first()
        .and_then(|q| key(&st.squadrons[q].at))
        .and_then(|k| w.canonical(&k))
    else {
        return Ok(false);
    };
    let per = naval_bases::per_hex(st);
    let full = st
        .pack
        .movement
        .radii
        .get("retreat")
        .map(|r| r.item.half_mp)
        .unwrap_or(40);
    let used = st.combat.retreat_spent.get(who).copied().unwrap_or(0);
    let budget = full.saturating_sub(used);
    let nations = fleets::nations(st, ships);
    let reach = naval_bases::reach(st, w, side, &nations);
    let open =
        |k: &HexKey| fleets::enemy_squadrons(st, w, k, side).is_empty() && reach.contains_key(k);
    let goal =
        |k: &HexKey| fleets::friendly_port(st, w, k, side, &nations) && reach.contains_key(k);
    let wanted = retreat_path(standing, side, Some(who));
    let mut chosen: Option<(Vec<HexKey>, u32)> = None;
    if !wanted.value.is_empty() {
        let mut at = from.clone();
        let mut path = Vec::new();
        let mut ok = true;
        for t in &wanted.value {
            match fleets::parse_hex(st, t, &at.map)
                .ok()
                .and_then(|x| w.canonical(&x))
            {
                Some(x) if w.step(&at, &x).is_ok() && open(&x) => {
                    path.push(x.clone());
                    at = x;
                }
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        let cost = per * path.len() as u32;
        if ok && cost <= budget && goal(&at) {
            chosen = Some((path, cost));
        }
    }
    let asks = standing.get(side).is_some_and(|x| x.asks_path(Some(who)));
    if asks && chosen.is_none() {
        // Each friendly port within reach, by its cheapest path ([11.13]).
        let mut ports: Vec<(HexKey, (Vec<HexKey>, u32))> = Vec::new();
        for k in reach.keys().filter(|k| **k != from && goal(k)) {
            if let Some(p) = w.path(&from, &|x: &HexKey| x == k, per, budget, &open) {
                ports.push((k.clone(), p));
            }
        }
        if ports.len() > 1 {
            let names: Vec<String> = ports.iter().map(|(k, _)| words(st, k)).collect();
            let here = words(st, &from);
            if let Some(i) = super::pause_losses::fleet_port(st, side, &here, &names)? {
                chosen = Some(ports[i].1.clone());
            }
        }
    }
    // The ports and the water open to it again (the question may have been asked).
    let open =
        |k: &HexKey| fleets::enemy_squadrons(st, w, k, side).is_empty() && reach.contains_key(k);
    let goal =
        |k: &HexKey| fleets::friendly_port(st, w, k, side, &nations) && reach.contains_key(k);
    let defaulted = chosen.is_none();
    let chosen = chosen.or_else(|| w.path(&from, &goal, per, budget, &open));
    let Some((path, cost)) = chosen else {
        ev.push(Event::new(
            "Romans [11.13]",
            format!(
                "{}'s fleet at {} would Retreat Before Combat but no friendly port lies within its retreat MP and 20 MP of a friendly Naval Base: it stands",
                side_name(side),
                words(st, &from)
            ),
        ));
        return Ok(false);
    };
    let Some(to) = path.last().cloned() else {
        return Ok(false);
    };
    let pos = position(&to);
    let cargo = fleets::cargo_of(st, ships);
    let cmds: Vec<String> = fleets::fleet_commanders(st, w, &from, side)
        .into_iter()
        .filter(|c| fleets::sails_with_fleet(st, w, c))
        .collect();
    for q in ships {
        if let Some(x) = st.squadrons.get_mut(q) {
            x.at = pos.clone();
        }
    }
    for c in cargo.keys().chain(cmds.iter()) {
        if let Some(u) = st.units.get_mut(c) {
            u.at = pos.clone();
        } else if let Some(x) = st.commanders.get_mut(c) {
            x.at = pos.clone();
        }
    }
    if led {
        *st.combat.retreat_spent.entry(who.to_string()).or_default() += cost;
    }
    let limit = st
        .pack
        .movement
        .radii
        .get("disruption-threshold")
        .map(|r| r.item.half_mp)
        .unwrap_or(8);
    let total = used + cost;
    ev.push(Event::new(
        "Romans [11.13]",
        format!(
            "{}'s fleet Retreats Before Combat {} → {} ({} MP){}",
            side_name(side),
            words(st, &from),
            path.iter().map(|k| words(st, k)).collect::<Vec<_>>().join(" → "),
            cost / 2,
            if defaulted { "; to the nearest friendly port (no standing `retreat_path`, or it could not be followed: default)" } else { "" }
        ),
    ));
    if total > limit {
        let mut ids: Vec<String> = ships.to_vec();
        ids.extend(cmds);
        disrupt(st, side, &ids);
        ev.push(Event::new(
            "Romans [11.13]",
            format!("the {} fleet retreated more than 4 MP and is Disrupted: it may not move in its next Campaign Phase", side_name(side)),
        ));
    }
    Ok(true)
}
