//! Romans [5.2]–[5.6], [5.43]–[5.47], [12.13], errata 5.23: fleet moves. A commander who may
//! lead fleets ([8.32]: never a tribune) moves the squadrons he takes along (`with`, or
//! `pick_up` in a port), 1 MP a hex whatever the water (ruling AMB-05) out of his 20 MP;
//! a Merchant fleet moves alone, named as the move's `commander` ([12.2]), and so does the
//! Carthage half-squadron of 1920 B.C. ([20.22], ruling R-7). A fleet enters only water
//! ([5.43]: never an all-land hex or hexside; Corinth from the south only, [5.33]), never an
//! uncontrolled or enemy A/B city's hex except to besiege it ([5.26], [13.15]), and never a
//! hex more than 20 MP from a friendly Naval Base ([5.62], `naval_bases`). It carries land
//! units and commanders ([12]: `transport`); they embark and land along the path (`pick_up`,
//! `drop_off`). A land commander aboard another's fleet spends his own MP at sea and may
//! march on after landing (errata 5.23, follow-up 8.32); a commander who drops all his
//! squadrons lands and goes on by land; a move may also march to a port first and take ships
//! there ([12.13]). Entering an enemy fleet's hex is an attack ([11.11], `naval_engage`);
//! naming the fleet's own hex first attacks the enemy fleet there ([11.16], [13.49]). A fleet
//! never ends its Campaign Phase in an all-sea hex ([5.24]) unless the rules leave it there.

use std::collections::{BTreeMap, BTreeSet};

use super::fleets::{self, key, position, words};
use super::naval_bases;
use super::naval_engage::{self, After};
use super::orders::{Move, Standing};
use super::state::{Moved, State};
use crate::games::conquerors::movement::mp;
use crate::games::conquerors::sea::{SeaError, Waters};
use crate::geo::hexmap::CityClass;
use crate::geo::HexKey;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

pub(super) fn refuse(i: usize, rule: &str, reason: impl Into<String>) -> RuleError {
    RuleError::illegal(format!("moves[{i}]"), rule, reason)
}

/// A fleet under way.
#[derive(Debug, Clone)]
pub(super) struct Fleet {
    /// The commander moving it, or the Merchant (or free squadron) moving itself.
    pub mover: String,
    /// The mover is a commander.
    pub led: bool,
    /// Where it is.
    pub at: HexKey,
    /// Its squadrons.
    pub ships: Vec<String>,
    /// Land units and commanders it carries in this move.
    pub cargo: Vec<String>,
    /// Counter aboard → the most the mover may have spent while it is aboard (its own 20 MP).
    pub caps: BTreeMap<String, u32>,
    /// Counter aboard → the mover's MP when it came aboard.
    pub boarded: BTreeMap<String, u32>,
    /// MP spent by the mover (half MP).
    pub spent: u32,
    /// The friendly port the fleet last left ([11.17] B).
    pub came_from: Option<HexKey>,
    /// The hex the move started from (for ties toward "the direction it came from").
    pub origin: HexKey,
    /// Every ship that has been part of the fleet this move.
    pub all_ships: BTreeSet<String>,
}

impl Fleet {
    /// The most the mover may spend: his allowance and every passenger's ([errata 5.23]).
    pub fn limit(&self, allowance: u32) -> u32 {
        self.caps.values().copied().fold(allowance, u32::min)
    }
}

/// How a leg at sea ended.
enum LegEnd {
    /// The move is over (at sea or in port).
    Done,
    /// Every squadron was dropped at path index `.0`: the mover is ashore there.
    Landed(usize),
}

/// Whether the move is a fleet's: its mover is a squadron, or it takes squadrons along.
pub fn is_fleet_move(st: &State, mv: &Move) -> bool {
    st.squadrons.contains_key(&mv.commander)
        || mv
            .with
            .iter()
            .chain(mv.pick_up.values().flatten())
            .chain(mv.drop_off.values().flatten())
            .any(|id| st.squadrons.contains_key(id))
}

/// The allowance (half MP) of fleets and their commanders ([5.0], [11.12]).
pub(super) fn allowance(st: &State) -> u32 {
    st.pack.movement.fleets.allowance.half_mp
}

fn per_mp(st: &State) -> u32 {
    st.maps.costs("romans").map(|c| c.per_mp).unwrap_or(2)
}

/// Romans [5.2]–[5.6], [12]: a fleet move, the `i`th of the phase. With `dice` None it only
/// checks (a move stops at its first attack or landing battle, as land moves do); with dice
/// it rolls attrition at sea, interception and battles as they come.
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]`, the section and why.
pub fn apply_move(
    st: &mut State,
    side: &str,
    i: usize,
    mv: &Move,
    dice: Option<&mut Dice>,
    ev: &mut Vec<Event>,
    standing: &BTreeMap<String, Standing>,
) -> Result<(), RuleError> {
    let mut dice = dice;
    let w = fleets::waters(st);
    super::transport::prune(st);
    let (start, led) = mover(st, side, i, mv)?;
    if mv.forced_march.is_some() {
        return Err(refuse(
            i,
            "Romans [5.8]",
            "a Forced March is a land Force's: a move with ships has none (ruling R-90)",
        ));
    }
    let keys = path_keys(st, i, mv, &start)?;
    let ships0: Vec<String> = mv
        .with
        .iter()
        .filter(|id| st.squadrons.contains_key(*id))
        .cloned()
        .chain((!led).then(|| mv.commander.clone()))
        .collect();
    if !led && mv.with.iter().any(|id| st.squadrons.contains_key(id)) {
        return Err(refuse(
            i,
            "Romans [12.2], [8.2]",
            format!(
                "{} moves alone: other squadrons need a commander",
                mv.commander
            ),
        ));
    }
    if !led && (mv.assault.is_some() || mv.besiege.is_some()) {
        return Err(refuse(
            i,
            "Romans [12.2], [13.28]",
            "a fleet without a commander neither assaults nor besieges",
        ));
    }
    let (first, fleet) = if ships0.is_empty() {
        // [12.13]: a land Force marches to a port and goes on with the ships there.
        let Some(k) = (0..mv.path.len()).find(|k| {
            mv.pick_up
                .get(&mv.path[*k])
                .is_some_and(|v| v.iter().any(|id| st.squadrons.contains_key(id)))
        }) else {
            return Err(refuse(
                i,
                "Romans [5.43]",
                "no squadron moves with this commander",
            ));
        };
        let sub = land_part(st, mv, 0, k + 1, mv.with.clone());
        super::movement::apply_move(st, side, i, &sub, dice.as_deref_mut(), ev, standing)?;
        let here = st.commanders.get(&mv.commander).and_then(|c| key(&c.at));
        if here.and_then(|h| w.canonical(&h)) != w.canonical(&keys[k]) {
            return Ok(());
        }
        let mut f = embark_fleet(st, &w, side, i, mv, &keys[k], Vec::new(), led)?;
        f.spent = st.moved.get(&mv.commander).map(|m| m.spent).unwrap_or(0);
        // The Force he brought comes aboard here.
        let brought: Vec<String> = st
            .committed
            .iter()
            .filter(|(u, by)| {
                *by == &mv.commander
                    && st
                        .units
                        .get(*u)
                        .is_some_and(|x| fleets::same_hex(&w, &x.at, &position(&keys[k])))
            })
            .map(|(u, _)| u.clone())
            .collect();
        let picks: Vec<String> = mv.pick_up[&mv.path[k]]
            .iter()
            .filter(|id| st.squadrons.contains_key(*id))
            .cloned()
            .collect();
        pick_ships(st, &w, side, i, &mut f, &picks)?;
        board(st, &w, side, i, &mut f, &brought)?;
        stow(st, i, &mv.path[k], &f)?;
        (k + 1, f)
    } else {
        let cargo: Vec<String> = mv
            .with
            .iter()
            .filter(|id| !st.squadrons.contains_key(*id))
            .cloned()
            .collect();
        let mut f = embark_fleet(st, &w, side, i, mv, &start, ships0, led)?;
        board(st, &w, side, i, &mut f, &cargo)?;
        let here = fleets::words(st, &start);
        stow(st, i, &here, &f)?;
        (0, f)
    };
    match sail(
        st,
        &w,
        side,
        i,
        mv,
        &keys,
        first,
        fleet,
        dice.as_deref_mut(),
        ev,
        standing,
    )? {
        LegEnd::Done => Ok(()),
        LegEnd::Landed(k) => {
            let landed: Vec<String> = mv
                .drop_off
                .get(&mv.path[k])
                .into_iter()
                .flatten()
                .filter(|id| !st.squadrons.contains_key(*id) && *id != &mv.commander)
                .cloned()
                .collect();
            if k + 1 == mv.path.len() {
                return Ok(());
            }
            let sub = land_part(st, mv, k + 1, mv.path.len(), landed);
            st.naval.landed.insert(mv.commander.clone());
            super::movement::apply_move(st, side, i, &sub, dice, ev, standing)
        }
    }
}

/// The mover: a commander of `side` who may lead fleets, or a squadron that moves alone.
fn mover(st: &State, side: &str, i: usize, mv: &Move) -> Result<(HexKey, bool), RuleError> {
    let id = &mv.commander;
    if let Some(q) = st.squadrons.get(id) {
        if q.side != side {
            return Err(refuse(i, "Romans [5.11]", format!("{id} is not yours")));
        }
        if !fleets::is_merchant(q) && !free_sailing(st, id) {
            return Err(refuse(
                i,
                "Romans [8.2], [12.2]",
                format!(
                    "{id} is a warship: it moves only with a commander (a Merchant moves alone)"
                ),
            ));
        }
        if st.committed.contains_key(id) {
            return Err(refuse(
                i,
                "Romans [5.0]",
                format!("{id} has already moved this Campaign Phase"),
            ));
        }
        if st.combat.disrupted.contains_key(id) {
            return Err(refuse(
                i,
                "Romans [11.13]",
                format!("{id} is Disrupted and may not move this Player-Turn"),
            ));
        }
        let k = key(&q.at).ok_or_else(|| refuse(i, "Romans [3.1]", "no hex"))?;
        return Ok((k, false));
    }
    let c = st.commanders.get(id).ok_or_else(|| {
        let own: Vec<String> = st
            .commanders
            .iter()
            .filter(|(_, c)| c.side == side)
            .map(|(k, _)| k.clone())
            .collect();
        refuse(
            i,
            "Romans [5.0]",
            format!(
                "no commander `{id}`{}",
                crate::names::did_you_mean(id, own.iter().map(String::as_str))
            ),
        )
    })?;
    if c.side != side {
        return Err(refuse(
            i,
            "Romans [5.11]",
            format!("{id} is not yours: only the phasing player's commanders move"),
        ));
    }
    if st.moved.contains_key(id) {
        return Err(refuse(
            i,
            "Romans [5.0]",
            format!("{id} has already moved this Campaign Phase"),
        ));
    }
    if st.combat.disrupted.contains_key(id) {
        return Err(refuse(
            i,
            "Romans [10.14], [11.13]",
            format!("{id} is Disrupted and may not move this Player-Turn"),
        ));
    }
    let k = key(&c.at).ok_or_else(|| refuse(i, "Romans [3.1]", "no hex"))?;
    Ok((k, true))
}

/// Romans [20.22], ruling R-7: the squadron may sail without a commander now.
fn free_sailing(st: &State, id: &str) -> bool {
    let Some(f) = st.naval.free_sailing.get(id) else {
        return false;
    };
    st.track()
        .get(st.turn)
        .and_then(|t| t.year.clone())
        .is_some_and(|y| y == f.until_year)
}

/// The path as hexes of the joined maps: `CCRR` on the map of the hex before, `CCRR` with a
/// map letter elsewhere (`0712M`).
fn path_keys(st: &State, i: usize, mv: &Move, start: &HexKey) -> Result<Vec<HexKey>, RuleError> {
    let mut out = Vec::new();
    let mut map = start.map.clone();
    for (k, h) in mv.path.iter().enumerate() {
        let x = fleets::parse_hex(st, h, &map)
            .map_err(|e| refuse(i, "Romans [5.1]", format!("path[{k}]: {e}")))?;
        map = x.map.clone();
        out.push(x);
    }
    if out.is_empty() {
        return Err(refuse(i, "Romans [5.1]", "the path names no hex to enter"));
    }
    Ok(out)
}

/// The land part of a move, path indices `from..to`, taking `with` ([12.13], errata 5.23).
fn land_part(st: &State, mv: &Move, from: usize, to: usize, with: Vec<String>) -> Move {
    let hexes: Vec<String> = mv.path[from..to].to_vec();
    let keep = |m: &BTreeMap<String, Vec<String>>| -> BTreeMap<String, Vec<String>> {
        m.iter()
            .filter(|(h, _)| hexes.contains(h))
            .map(|(h, v)| {
                (
                    h.clone(),
                    v.iter()
                        .filter(|id| !st.squadrons.contains_key(*id))
                        .cloned()
                        .collect::<Vec<_>>(),
                )
            })
            .filter(|(_, v)| !v.is_empty())
            .collect()
    };
    let last = to == mv.path.len();
    Move {
        commander: mv.commander.clone(),
        with: with
            .into_iter()
            .filter(|id| !st.squadrons.contains_key(id))
            .collect(),
        path: hexes.clone(),
        pick_up: keep(&mv.pick_up),
        drop_off: keep(&mv.drop_off),
        forced_march: None,
        inside: last && mv.inside,
        assault: if last { mv.assault.clone() } else { None },
        besiege: if last { mv.besiege.clone() } else { None },
    }
}

/// A fleet formed at `at` with `ships` (checked: [5.23], [8.33], [11.13]).
#[allow(clippy::too_many_arguments)]
fn embark_fleet(
    st: &State,
    w: &Waters,
    side: &str,
    i: usize,
    mv: &Move,
    at: &HexKey,
    ships: Vec<String>,
    led: bool,
) -> Result<Fleet, RuleError> {
    if led && !fleets::commands_fleets(st, &mv.commander) {
        return Err(refuse(
            i,
            "Romans [8.32]",
            format!(
                "{} may not command a fleet (tribunes never do; Philipus commands elephants only)",
                st.commander_name(&mv.commander)
            ),
        ));
    }
    let mut f = Fleet {
        mover: mv.commander.clone(),
        led,
        at: w.canonical(at).unwrap_or_else(|| at.clone()),
        ships: Vec::new(),
        cargo: Vec::new(),
        caps: BTreeMap::new(),
        boarded: BTreeMap::new(),
        spent: 0,
        came_from: None,
        origin: w.canonical(at).unwrap_or_else(|| at.clone()),
        all_ships: BTreeSet::new(),
    };
    pick_ships(st, w, side, i, &mut f, &ships)?;
    let nations = fleets::nations(st, &f.ships);
    if fleets::friendly_port(st, w, &f.at, side, &nations) {
        f.came_from = Some(f.at.clone());
    }
    Ok(f)
}

/// Takes squadrons `ids` into the fleet where it stands.
fn pick_ships(
    st: &State,
    w: &Waters,
    side: &str,
    i: usize,
    f: &mut Fleet,
    ids: &[String],
) -> Result<(), RuleError> {
    for id in ids {
        let Some(q) = st.squadrons.get(id) else {
            return Err(refuse(i, "Romans [5.13]", format!("no squadron `{id}`")));
        };
        if q.side != side {
            return Err(refuse(i, "Romans [5.13]", format!("{id} is not yours")));
        }
        if !fleets::same_hex(w, &q.at, &position(&f.at)) {
            return Err(refuse(
                i,
                "Romans [5.13]",
                format!("{id} stands at {}, not at {}", q.at.hex, words(st, &f.at)),
            ));
        }
        if *id != f.mover {
            if let Some(by) = st.committed.get(id).filter(|by| **by != f.mover) {
                return Err(refuse(
                    i,
                    "Romans [5.23]",
                    format!("{id} has already moved under {by} this Campaign Phase"),
                ));
            }
        }
        if st.combat.disrupted.contains_key(id) {
            return Err(refuse(i, "Romans [11.13]", format!("{id} is Disrupted (it retreated more than 4 MP) and may not move this Player-Turn")));
        }
        if f.led {
            let cmd = &st.commanders[&f.mover];
            let major = st
                .pack
                .counters
                .nations
                .get(&cmd.nation)
                .is_some_and(|n| n.kind == super::data::model::NationKind::Major);
            if !major && q.nation != cmd.nation {
                return Err(refuse(
                    i,
                    "Romans [8.33]",
                    format!(
                        "{} commands only his own nation's squadrons, not {id} ({})",
                        st.commander_name(&f.mover),
                        q.nation
                    ),
                ));
            }
        }
        if !f.ships.contains(id) {
            f.ships.push(id.clone());
            f.all_ships.insert(id.clone());
        }
    }
    Ok(())
}

/// Takes land units and commanders `ids` aboard where the fleet stands ([12.13], [12.14],
/// errata 5.23).
fn board(
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
fn sail(
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
    let per = naval_bases::per_hex(st);
    let attack = st
        .pack
        .movement
        .actions
        .get("naval-attack")
        .map(|a| a.half_mp)
        .unwrap_or(4);
    let all = allowance(st);
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
        let last = idx + 1 == keys.len();
        let in_place = idx == first && h == f.at;
        let enemy = fleets::enemy_squadrons(st, w, &h, side);
        let at =
            |r: &str, why: String| refuse(i, r, format!("path[{idx}] {}: {why}", mv.path[idx]));
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
                    && c.control.as_deref() != Some(side);
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
                return Err(at("Romans [12.2], [11.12]", "a fleet without a commander does not attack (a Merchant has no combat strength)".into()));
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
                    "this fleet has attacked the enemy fleet there already this Campaign Phase"
                        .into(),
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
            Err(e) if rolled => {
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
    // [5.24]: never the end of a Campaign Phase in an all-sea hex.
    if w.all_sea(&f.at) && !st.naval.at_sea.iter().any(|q| f.ships.contains(q)) {
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
    finish(st, &f, ev, &trail);
    Ok(LegEnd::Done)
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
    let goes_on = naval_engage::land(
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
    stow(st, i, name, f)?;
    if f.led && f.ships.is_empty() {
        return Ok(Some(LegEnd::Landed(idx)));
    }
    Ok(None)
}

/// Romans [12.12]: room for everything aboard the fleet, each counter on one squadron.
///
/// Errors: [`RuleError::Illegal`] when something finds no room.
fn stow(st: &mut State, i: usize, name: &str, f: &Fleet) -> Result<(), RuleError> {
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

/// Moves the fleet, its cargo and its mover into `h`.
pub(super) fn relocate(st: &mut State, f: &Fleet, h: &HexKey) {
    let pos = position(h);
    for q in &f.ships {
        if let Some(x) = st.squadrons.get_mut(q) {
            x.at = pos.clone();
        }
    }
    for c in f.cargo.iter().chain(std::iter::once(&f.mover)) {
        if let Some(u) = st.units.get_mut(c) {
            u.at = pos.clone();
        } else if let Some(x) = st.commanders.get_mut(c) {
            x.at = pos.clone();
        }
    }
}

/// The books at the end of a voyage: MP spent by the mover and each passenger ([5.0],
/// errata 5.23), squadrons committed to the mover ([5.23]).
pub(super) fn finish(st: &mut State, f: &Fleet, ev: &mut Vec<Event>, trail: &[String]) {
    for q in &f.all_ships {
        st.committed.insert(q.clone(), f.mover.clone());
    }
    for c in &f.cargo {
        if st.commanders.contains_key(c) {
            let before = st.moved.get(c).map(|m| m.spent).unwrap_or(0);
            let at_sea = f
                .spent
                .saturating_sub(f.boarded.get(c).copied().unwrap_or(f.spent));
            st.moved.insert(
                c.clone(),
                Moved {
                    spent: before + at_sea,
                    forced: 0,
                },
            );
        } else if st.units.contains_key(c) && !st.committed.contains_key(c) {
            st.committed.insert(c.clone(), f.mover.clone());
        }
    }
    st.moved.insert(
        f.mover.clone(),
        Moved {
            spent: f.spent,
            forced: 0,
        },
    );
    let pm = per_mp(st);
    let aboard: Vec<&String> = f.cargo.iter().filter(|c| fleets::aboard(st, c)).collect();
    ev.push(Event::new(
        "Romans [5.12], [5.43]",
        format!(
            "{} sails {} → {} ({} of {}) with {}{}",
            if f.led {
                st.commander_name(&f.mover)
            } else {
                f.mover.clone()
            },
            words(st, &f.origin),
            if trail.is_empty() {
                "nowhere".to_string()
            } else {
                trail.join(" → ")
            },
            mp(f.spent, pm),
            mp(allowance(st), pm),
            if f.ships.is_empty() {
                "no squadron left".to_string()
            } else {
                f.ships.join(", ")
            },
            if aboard.is_empty() {
                String::new()
            } else {
                format!(
                    ", carrying {}",
                    aboard
                        .iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        ),
    ));
}

/// Romans [11.16], [13.47], [5.24]: checks the phase's moves as a whole: a fleet that began
/// the phase in a hex with an enemy fleet has moved away or attacked it (a fleet defending a
/// besieged port friendly to it need not, [13.47]); no fleet ends the phase in an all-sea hex.
/// `before` is the state at the start of the phase, `after` after the moves were checked.
///
/// Errors: [`RuleError::Illegal`] naming `moves`.
pub fn check_phase(
    before: &State,
    after: &State,
    side: &str,
    moves: &[Move],
) -> Result<(), RuleError> {
    let w = fleets::waters(before);
    let mut shared: BTreeSet<HexKey> = BTreeSet::new();
    for q in before.squadrons.values().filter(|q| q.side == side) {
        let Some(k) = key(&q.at).and_then(|k| w.canonical(&k)) else {
            continue;
        };
        if !fleets::enemy_squadrons(before, &w, &k, side).is_empty() {
            shared.insert(k);
        }
    }
    for k in shared {
        let besieged_own = fleets::city_at(before, &w, &k).is_some_and(|(ck, c)| {
            c.control.as_deref() == Some(side)
                && before.sieges.get(&ck).is_some_and(|s| s.side != side)
        });
        if besieged_own {
            continue;
        }
        let attacked = moves.iter().any(|m| {
            m.path
                .first()
                .and_then(|h| fleets::parse_hex(before, h, &k.map).ok())
                .and_then(|x| w.canonical(&x))
                == Some(k.clone())
                && before
                    .commanders
                    .get(&m.commander)
                    .and_then(|c| key(&c.at))
                    .and_then(|x| w.canonical(&x))
                    == Some(k.clone())
        });
        let stays = fleets::squadrons_at(after, &w, &k, Some(side))
            .iter()
            .any(|q| {
                before.squadrons.get(q).is_some_and(|b| {
                    b.side == side && key(&b.at).and_then(|x| w.canonical(&x)) == Some(k.clone())
                })
            })
            && !fleets::enemy_squadrons(after, &w, &k, side).is_empty();
        if stays && !attacked {
            return Err(RuleError::illegal(
                "moves",
                "Romans [11.16]",
                format!("{}'s fleet began the phase at {} with an enemy fleet: it must move away at once or attack it (a move whose path begins with {})", super::sequence::side_name(side), words(before, &k), words(before, &k)),
            ));
        }
    }
    for (id, q) in after.squadrons.iter().filter(|(_, q)| q.side == side) {
        let Some(k) = key(&q.at) else { continue };
        if w.all_sea(&k) && !after.naval.at_sea.contains(id) && !after.naval.unchecked.contains(id)
        {
            return Err(RuleError::illegal(
                "moves",
                "Romans [5.24]",
                format!("{id} would end the Campaign Phase in the all-sea hex {}: a fleet never ends a Game-Turn there", words(before, &k)),
            ));
        }
    }
    Ok(())
}
