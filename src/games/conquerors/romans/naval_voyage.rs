//! Romans [5.43], [5.62], [5.26], [12.12]–[12.14]: a fleet's voyage hex by hex — each step
//! checked (water, hexsides, closed cities, the Naval Bases' reach, the MP of the mover and of
//! every passenger), then what happens on entering (`naval_engage`: attrition at sea,
//! interception, an attack), then what is put ashore and taken aboard there and the room for
//! it.

use std::collections::{BTreeMap, BTreeSet};

use super::fleets::{self, position, words};
use super::naval_bases;
use super::naval_engage::{self, After};
use super::naval_movement::{allowance, finish, per_mp, pick_ships, refuse, relocate, Fleet};
use super::orders::{Move, Standing};
use super::state::State;
use crate::games::conquerors::movement::mp;
use crate::games::conquerors::sea::{SeaError, Waters};
use crate::geo::hexmap::CityClass;
use crate::geo::HexKey;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// How a leg at sea ended.
pub(super) enum LegEnd {
    /// The move is over (at sea or in port).
    Done,
    /// Every squadron was dropped at path index `.0`: the mover is ashore there.
    Landed(usize),
}

/// Takes land units and commanders `ids` aboard where the fleet stands ([12.13], [12.14],
/// errata 5.23).
pub(super) fn board(
    st: &State,
    w: &Waters,
    side: &str,
    i: usize,
    f: &mut Fleet,
    ids: &[String],
) -> Result<(), RuleError> {
    let here = position(&f.at);
    let all = allowance(st);
    for id in ids {
        let (at, owner) = match (st.units.get(id), st.commanders.get(id)) {
            (Some(u), _) => (u.at.clone(), u.side.clone()),
            (None, Some(c)) => (c.at.clone(), c.side.clone()),
            _ => {
                let all: Vec<String> = st
                    .units
                    .keys()
                    .chain(st.commanders.keys())
                    .cloned()
                    .collect();
                return Err(refuse(
                    i,
                    "Romans [5.13]",
                    format!(
                        "no unit or commander `{id}`{}",
                        crate::names::did_you_mean(id, all.iter().map(String::as_str))
                    ),
                ));
            }
        };
        if owner != side {
            return Err(refuse(i, "Romans [5.13]", format!("{id} is not yours")));
        }
        if !fleets::same_hex(w, &at, &here) {
            return Err(refuse(
                i,
                "Romans [5.13]",
                format!("{id} stands at {}, not at {}", at.hex, words(st, &f.at)),
            ));
        }
        if st.combat.disrupted.contains_key(id) {
            return Err(refuse(
                i,
                "Romans [10.14]",
                format!("{id} is Disrupted and may not move this Player-Turn"),
            ));
        }
        if *id == f.mover || f.cargo.contains(id) {
            continue;
        }
        let on_board = fleets::aboard(st, id) && f.ships.contains(&st.naval.aboard[id]);
        if !on_board {
            if let Some(why) = super::transport::embark_refusal(st, w, &f.at, side, id, &f.ships) {
                return Err(refuse(i, "Romans [12.14]", why));
            }
        }
        // Errata 5.23: a passenger's own 20 MP bound the voyage.
        let used = if let Some(m) = st.moved.get(id) {
            m.spent
        } else {
            match st.committed.get(id) {
                Some(by) if *by == f.mover => f.spent,
                Some(by) => st.moved.get(by).map(|m| m.spent).unwrap_or(0),
                None => 0,
            }
        };
        f.caps
            .insert(id.clone(), f.spent + all.saturating_sub(used));
        f.boarded.insert(id.clone(), f.spent);
        f.cargo.push(id.clone());
    }
    Ok(())
}

/// Romans [5.43], [5.62], [5.26], [12]: the fleet's voyage from path index `first`.
#[allow(clippy::too_many_arguments)]
pub(super) fn sail(
    st: &mut State,
    w: &Waters,
    side: &str,
    i: usize,
    mv: &Move,
    keys: &[HexKey],
    first: usize,
    mut f: Fleet,
    mut dice: Option<&mut Dice>,
    ev: &mut Vec<Event>,
    standing: &BTreeMap<String, Standing>,
) -> Result<LegEnd, RuleError> {
    let mut reach_for = fleets::nations(st, &f.ships);
    let mut reach = naval_bases::reach(st, w, side, &reach_for);
    let leg_start = f.at.clone();
    let targets: BTreeSet<HexKey> = keys[first..]
        .iter()
        .filter(|k| !fleets::enemy_squadrons(st, w, k, side).is_empty())
        .filter_map(|k| w.canonical(k))
        .collect();
    let mut hunters = super::naval_interception::candidates(st, w, side, &targets, standing);
    let mut entered: Vec<HexKey> = Vec::new();
    let mut rolled = false;
    let mut trail: Vec<String> = Vec::new();
    for idx in first..keys.len() {
        let h = w.canonical(&keys[idx]).ok_or_else(|| {
            refuse(
                i,
                "Romans [5.24]",
                format!("path[{idx}] {} is off the map", mv.path[idx]),
            )
        })?;
        let (in_place, fight, cost) =
            check_step(st, w, side, i, mv, keys, (idx, first), &h, &f, &reach)?;
        if !in_place {
            relocate(st, &f, &h);
            f.at = h.clone();
            f.spent += cost;
            entered.push(h.clone());
            trail.push(words(st, &h));
        }
        if let Some(d) = dice.as_deref_mut() {
            if !in_place
                && w.all_sea(&h)
                && !naval_bases::own_base(st, w, &h, &fleets::nations(st, &f.ships))
            {
                rolled = true;
                naval_engage::sea_attrition(st, side, &f.ships, &h, standing, d, ev)?;
                f.ships.retain(|q| st.squadrons.contains_key(q));
                f.cargo
                    .retain(|c| st.units.contains_key(c) || st.commanders.contains_key(c));
                if f.ships.is_empty() {
                    naval_engage::lost_at_sea(st, w, &f, &h, ev);
                    return Ok(LegEnd::Done);
                }
            }
            if !in_place && !fight {
                if let Some(k) = super::naval_interception::try_at(
                    st,
                    &mut hunters,
                    &leg_start,
                    &entered,
                    d,
                    ev,
                )? {
                    rolled = true;
                    let by = hunters.remove(k);
                    match naval_engage::intercepted(st, w, side, &mut f, &by, standing, d, ev)? {
                        After::GoOn => {
                            hunters = super::naval_interception::candidates(
                                st, w, side, &targets, standing,
                            );
                        }
                        After::Stop => {
                            finish(st, &f, ev, &trail);
                            return Ok(LegEnd::Done);
                        }
                    }
                }
            }
        }
        if fight {
            let Some(d) = dice.as_deref_mut() else {
                st.naval.unchecked.extend(f.ships.iter().cloned());
                finish(st, &f, ev, &trail);
                return Ok(LegEnd::Done);
            };
            rolled = true;
            let go = naval_engage::attack(st, w, side, &mut f, &h, in_place, standing, d, ev)?;
            if f.ships.is_empty() || go == After::Stop {
                finish(st, &f, ev, &trail);
                return Ok(LegEnd::Done);
            }
            hunters = super::naval_interception::candidates(st, w, side, &targets, standing);
        }
        // Drops and pick-ups in this hex ([5.13], [12.13], [12.14]).
        let r = along(
            st,
            w,
            side,
            i,
            mv,
            idx,
            &mut f,
            dice.as_deref_mut(),
            ev,
            standing,
        );
        match r {
            Ok(Some(end)) => {
                finish(st, &f, ev, &trail);
                return Ok(end);
            }
            Ok(None) => {}
            // A pause for a decision asked in person is no refusal (`pause.rs`).
            Err(e) if rolled && !crate::games::conquerors::pause::is_pause(&e) => {
                if let RuleError::Illegal { rule, reason, .. } = &e {
                    ev.push(Event::new(rule.clone(), format!("moves[{i}] cannot go on after what happened at sea, and ends at {}: {reason}", words(st, &f.at))));
                    finish(st, &f, ev, &trail);
                    return Ok(LegEnd::Done);
                }
                return Err(e);
            }
            Err(e) => return Err(e),
        }
        let nations = fleets::nations(st, &f.ships);
        if nations != reach_for {
            reach = naval_bases::reach(st, w, side, &nations);
            reach_for = nations.clone();
        }
        if fleets::friendly_port(st, w, &h, side, &nations) {
            f.came_from = Some(h.clone());
        }
    }
    end_checks(st, w, i, &f, rolled)?;
    finish(st, &f, ev, &trail);
    Ok(LegEnd::Done)
}

/// Romans [5.43], [5.33], [5.26], [5.62], [11.12], [11.15], [13.47], errata 5.23: whether the
/// fleet may enter path index `idx` (`h`, canonical) from where it is: (attack in place, an
/// attack, the hex's MP cost).
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]`, the path entry, the section and why.
#[allow(clippy::too_many_arguments)]
fn check_step(
    st: &State,
    w: &Waters,
    side: &str,
    i: usize,
    mv: &Move,
    keys: &[HexKey],
    (idx, first): (usize, usize),
    h: &HexKey,
    f: &Fleet,
    reach: &BTreeMap<HexKey, u32>,
) -> Result<(bool, bool, u32), RuleError> {
    let h = h.clone();
    let per = naval_bases::per_hex(st);
    let attack = st
        .pack
        .movement
        .actions
        .get("naval-attack")
        .map(|a| a.half_mp)
        .unwrap_or(4);
    let all = allowance(st);
    let last = idx + 1 == keys.len();
    let in_place = idx == first && h == f.at;
    let enemy = fleets::enemy_squadrons(st, w, &h, side);
    let at = |r: &str, why: String| refuse(i, r, format!("path[{idx}] {}: {why}", mv.path[idx]));
    if idx == first && !in_place && !fleets::enemy_squadrons(st, w, &f.at, side).is_empty() {
        let blockaded = fleets::city_at(st, w, &f.at).is_some_and(|(k, c)| {
            c.control.as_deref() == Some(side)
                && st.sieges.get(&k).is_some_and(|s| st.hostile(&s.side, side))
        });
        if blockaded {
            return Err(at("Romans [13.47], [13.49]", format!("the fleet is blockaded in its besieged port {}: to leave it must first attack the enemy fleet there (name {} first)", words(st, &f.at), words(st, &f.at))));
        }
    }
    if in_place && enemy.is_empty() {
        return Err(at("Romans [5.1]", "the fleet stands there: name its own hex first only to attack an enemy fleet in it (Romans [11.16], [13.49])".into()));
    }
    if !in_place {
        w.step(&f.at, &h).map_err(|e| match e {
            SeaError::NotAdjacent => {
                at("Romans [5.1]", format!("not next to {}", words(st, &f.at)))
            }
            SeaError::OffMap => at("Romans [5.24]", "off the map".into()),
            SeaError::Land(t) => at(
                "Romans [5.43]",
                format!(
                    "a fleet never enters an all-land hex ({} with no coast)",
                    t.name()
                ),
            ),
            SeaError::Hexside(x) => at(
                "Romans [5.43]",
                format!("a fleet never crosses an {} hexside", x.name()),
            ),
            SeaError::PortSide => at(
                "Romans [5.33]",
                "that port is used by fleets only from the south".into(),
            ),
        })?;
        if let Some((ck, c)) = fleets::city_at(st, w, &h) {
            let closed = matches!(c.class, CityClass::A | CityClass::B)
                && !c.sacked
                && !c.control.as_deref().is_some_and(|o| st.friends(o, side));
            let besieging = st.sieges.get(&ck).is_some_and(|s| s.side == side);
            if closed && !(last && (mv.besiege.is_some() || besieging)) {
                return Err(at("Romans [5.26], [13.15]", format!("{} is an uncontrolled or enemy {:?} city: a fleet enters its hex only to besiege it, as the last hex of its move", c.name, c.class)));
            }
        }
        if !reach.contains_key(&h) {
            return Err(at(
                "Romans [5.62]",
                "more than 20 MP from every friendly, controlled Naval Base".into(),
            ));
        }
    }
    let cost = if in_place { 0 } else { per };
    let fight = !enemy.is_empty();
    if fight {
        if !f.led {
            return Err(at(
                "Romans [12.2], [11.12]",
                "a fleet without a commander does not attack (a Merchant has no combat strength)"
                    .into(),
            ));
        }
        if fleets::ships(st, &f.ships).iter().all(|s| s.strength == 0) {
            return Err(at(
                "Romans [12.2]",
                "the fleet has no combat strength to attack with".into(),
            ));
        }
        if st.naval.attacks.contains(&format!("{}>{}", f.mover, h)) {
            return Err(at(
                "Romans [11.15]",
                "this fleet has attacked the enemy fleet there already this Campaign Phase".into(),
            ));
        }
    }
    let need = cost + if fight { attack } else { 0 };
    let limit = f.limit(all);
    if f.spent + need > limit {
        let pm = per_mp(st);
        let rule = if fight {
            "Romans [11.12], [9.22]"
        } else {
            "Romans [5.12], errata 5.23"
        };
        return Err(at(
            rule,
            format!(
                "needs {}{} and {} are left{}",
                mp(need, pm),
                if fight {
                    " (1 for the hex, 2 to attack)"
                } else {
                    ""
                },
                mp(limit.saturating_sub(f.spent), pm),
                if limit < all {
                    " (a land Force aboard may not exceed its own 20 MP this turn)"
                } else {
                    ""
                }
            ),
        ));
    }
    Ok((in_place, fight, cost))
}

/// Romans [5.24], [20.22]: a voyage's end: never in an all-sea hex by choice (a fleet stopped
/// there by what happened at sea stays), and the Carthage half-squadron only in a Roman city of
/// Italy (ruling R-7).
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]`.
fn end_checks(st: &State, w: &Waters, i: usize, f: &Fleet, rolled: bool) -> Result<(), RuleError> {
    // [5.24]: never the end of a Campaign Phase in an all-sea hex.
    let own = naval_bases::own_base(st, w, &f.at, &fleets::nations(st, &f.ships));
    if w.all_sea(&f.at) && !own && !st.naval.at_sea.iter().any(|q| f.ships.contains(q)) {
        let msg = format!("the fleet would end its move in the all-sea hex {}: a fleet never ends a Game-Turn there (Romans [5.24]; it ends each Campaign Phase in a friendly port or takes attrition)", words(st, &f.at));
        if !rolled {
            return Err(refuse(i, "Romans [5.24]", msg));
        }
    }
    if let Some(fs) = st.naval.free_sailing.get(&f.mover).cloned() {
        if !f.led && fs.to == "roman-italian-city" {
            let ok = fleets::city_at(st, w, &f.at).is_some_and(|(_, c)| {
                c.control.as_deref() == Some("rome")
                    && w.entry(&f.at)
                        .is_some_and(|e| e.regions.iter().any(|r| r == "italy"))
            });
            if !ok && !st.squadrons[&f.mover].kind.eq("merchant") {
                return Err(refuse(i, "Romans [20.22]", format!("{} sails without a commander only to a Roman-controlled city of Italy (ruling R-7)", f.mover)));
            }
        }
    }
    Ok(())
}

/// The drops and pick-ups of path index `idx` where the fleet now is.
#[allow(clippy::too_many_arguments)]
fn along(
    st: &mut State,
    w: &Waters,
    side: &str,
    i: usize,
    mv: &Move,
    idx: usize,
    f: &mut Fleet,
    dice: Option<&mut Dice>,
    ev: &mut Vec<Event>,
    standing: &BTreeMap<String, Standing>,
) -> Result<Option<LegEnd>, RuleError> {
    let name = &mv.path[idx];
    let last = idx + 1 == mv.path.len();
    let drops: Vec<String> = mv.drop_off.get(name).cloned().unwrap_or_default();
    let picks: Vec<String> = mv.pick_up.get(name).cloned().unwrap_or_default();
    // Squadrons left here.
    for q in drops.iter().filter(|q| st.squadrons.contains_key(*q)) {
        if !f.ships.contains(q) {
            return Err(refuse(
                i,
                "Romans [5.13]",
                format!("drop_off at {name}: {q} is not with the fleet there"),
            ));
        }
        if w.all_sea(&f.at) {
            return Err(refuse(
                i,
                "Romans [5.24]",
                format!("drop_off at {name}: a squadron is never left in an all-sea hex"),
            ));
        }
        f.ships.retain(|x| x != q);
    }
    // Land units and commanders put ashore here.
    let ashore: Vec<String> = drops
        .iter()
        .filter(|id| !st.squadrons.contains_key(*id))
        .cloned()
        .collect();
    let assaulting = last && (mv.assault.is_some() || mv.besiege.is_some());
    let landing_mover = f.led && f.ships.is_empty();
    let goes_on = super::landing::land(
        st,
        w,
        (side, i, name),
        f,
        &ashore,
        (assaulting, landing_mover),
        dice,
        ev,
        standing,
    )?;
    if !goes_on {
        return Ok(Some(LegEnd::Done));
    }
    let picked: Vec<String> = picks
        .iter()
        .filter(|q| st.squadrons.contains_key(*q))
        .cloned()
        .collect();
    pick_ships(st, w, side, i, f, &picked)?;
    let boarding: Vec<String> = picks
        .iter()
        .filter(|id| !st.squadrons.contains_key(*id))
        .cloned()
        .collect();
    board(st, w, side, i, f, &boarding)?;
    // With every squadron left here, what was not landed stays aboard them.
    if !f.ships.is_empty() {
        stow(st, i, name, f)?;
    }
    if f.led && f.ships.is_empty() {
        return Ok(Some(LegEnd::Landed(idx)));
    }
    Ok(None)
}

/// Romans [12.12]: room for everything aboard the fleet, each counter on one squadron.
///
/// Errors: [`RuleError::Illegal`] when something finds no room.
pub(super) fn stow(st: &mut State, i: usize, name: &str, f: &Fleet) -> Result<(), RuleError> {
    let placed = super::transport::load(st, &f.ships, &f.cargo).map_err(|e| {
        refuse(
            i,
            "Romans [12.12]",
            format!(
                "at {name}: {} ({} SSP) finds no room: the fleet's {} squadron(s) carry {} SSP in all and the cargo is {} SSP (a full squadron 24, a half one 12, a Merchant 20; a counter is not split)",
                e.id, e.ssp, f.ships.len(), e.capacity, e.load
            ),
        )
    })?;
    for (c, q) in placed {
        st.naval.aboard.insert(c, q);
    }
    Ok(())
}
