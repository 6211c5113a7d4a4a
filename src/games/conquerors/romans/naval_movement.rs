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
use super::naval_voyage::{board, sail, stow, LegEnd};
use super::orders::{Move, Standing};
use super::state::{Moved, State};
use crate::games::conquerors::movement::mp;
use crate::games::conquerors::sea::Waters;
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

pub(super) fn per_mp(st: &State) -> u32 {
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
        royal_road: mv.royal_road,
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
pub(super) fn pick_ships(
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
            // [12.14]: what is aboard it sails with it, each on its own 20 MP (errata 5.23).
            let all = allowance(st);
            for (c, _) in st
                .naval
                .aboard
                .iter()
                .filter(|(c, q)| *q == id && fleets::aboard(st, c))
            {
                if f.cargo.contains(c) {
                    continue;
                }
                let used = st
                    .moved
                    .get(c)
                    .map(|m| m.spent)
                    .or_else(|| {
                        st.committed
                            .get(c)
                            .and_then(|by| st.moved.get(by))
                            .map(|m| m.spent)
                    })
                    .unwrap_or(0);
                f.caps.insert(c.clone(), f.spent + all.saturating_sub(used));
                f.boarded.insert(c.clone(), f.spent);
                f.cargo.push(c.clone());
            }
        }
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
