//! Romans [5]: a Campaign Phase's moves. Only commanders move, 20 MP each ([5.0], [5.12]),
//! carrying the units they pick up and leaving those they drop anywhere on the path at no cost
//! ([5.13]); a unit serves one commander a phase ([5.23]), a commander moves once ([5.0]
//! procedure), a stack split moves apart from its start ([5.28]). The path is walked by the
//! shared `conquerors::movement`. A move with squadrons is a fleet's (`naval_movement`); a
//! commander landed from a fleet goes on with the MP he has left (errata 5.23, `transport`).
//! Assaults and sieges at the end of a move are `siege`'s; the supply talent ([14.21]) is
//! charged here, through `supply`.

use std::collections::{BTreeMap, BTreeSet};

use super::engage;
use super::forced_march;
use super::interception::{self, Interceptor};
use super::orders::{Move, Standing};
use super::state::{Moved, State};
use crate::games::conquerors::movement::{self, mp, Limits, Occupancy, PersianWays, Walk};
use crate::geo::hexmap::CityClass;
use crate::geo::Hex;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The occupancy of the map seen by `side`.
struct Seen<'a> {
    st: &'a State,
    map: &'a str,
    side: &'a str,
    /// The Macedonians map's highway and Gates ([20.21], `persian_ways`).
    ways: Option<PersianWays>,
}

impl Occupancy for Seen<'_> {
    fn enemy_outside(&self, h: Hex) -> bool {
        let hex = h.to_string();
        let found = self.st.units_at(self.map, &hex).any(|(k, u)| {
            self.st.hostile(&u.side, self.side)
                && !u.at.inside
                && super::transport::ashore(self.st, k)
        });
        found
    }
    fn closed_city(&self, h: Hex) -> Option<String> {
        let c = self.st.city_at(self.map, h)?;
        (matches!(c.class, CityClass::A | CityClass::B)
            && !c.sacked
            && !c
                .control
                .as_deref()
                .is_some_and(|o| self.st.friends(o, self.side)))
        .then(|| format!("{} ({:?})", c.name, c.class))
    }
    fn road_closed(&self, h: Hex) -> bool {
        let enemy = self.st.city_at(self.map, h).is_some_and(|c| {
            !c.sacked
                && c.control
                    .as_deref()
                    .is_some_and(|o| self.st.hostile(o, self.side))
        });
        self.ways.is_some_and(|w| w.road_closed(enemy))
    }
    fn entry_cost(&self, h: Hex) -> Option<u32> {
        self.ways.and_then(|w| w.entry_cost(h))
    }
}

fn refuse(i: usize, rule: &str, reason: impl Into<String>) -> RuleError {
    RuleError::illegal(format!("moves[{i}]"), rule, reason)
}

/// A name the order gives that is not there: the nearest ones.
fn unknown(what: &str, id: &str, among: impl IntoIterator<Item = String>) -> String {
    let among: Vec<String> = among.into_iter().collect();
    format!(
        "no {what} `{id}`{}",
        crate::names::did_you_mean(id, among.iter().map(String::as_str))
    )
}

/// Romans [5.0]–[5.2], [5.8]: one commander's move, the `i`th of the phase. With `dice` None
/// it only checks (a Forced March is assumed granted); with dice it moves, reveals an untried
/// commander's rating when the Forced March needs it and rolls the march's attrition.
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
    // [5.43], [12]: a move with squadrons is a fleet's (`naval_movement`).
    if super::naval_movement::is_fleet_move(st, mv) {
        return super::naval_movement::apply_move(st, side, i, mv, dice, ev, standing);
    }
    // Errata 5.23: a commander landed from a fleet marches on with the MP he has left.
    let resumed = super::transport::resume(st, &mv.commander);
    leg(st, side, i, mv, dice, ev, standing, resumed)
}

/// One leg of a move: the whole move, or (`spent0` Some: MP already spent) what is left of
/// it after a battle the Force won ([9.24]).
#[allow(clippy::too_many_arguments)]
fn leg(
    st: &mut State,
    side: &str,
    i: usize,
    mv: &Move,
    dice: Option<&mut Dice>,
    ev: &mut Vec<Event>,
    standing: &BTreeMap<String, Standing>,
    spent0: Option<u32>,
) -> Result<(), RuleError> {
    let cid = &mv.commander;
    let cmd = st.commanders.get(cid).cloned().ok_or_else(|| {
        let own = st
            .commanders
            .iter()
            .filter(|(_, c)| c.side == side)
            .map(|(k, _)| k.clone());
        refuse(i, "Romans [5.0]", unknown("commander", cid, own))
    })?;
    if cmd.side != side {
        return Err(refuse(
            i,
            "Romans [5.11]",
            format!("{cid} is not yours: only the phasing player's commanders move"),
        ));
    }
    if spent0.is_none() && st.combat.disrupted.contains_key(cid) {
        return Err(refuse(
            i,
            "Romans [10.14]",
            format!("{cid} is Disrupted by a retreat of more than 4 MP and may not move this Player-Turn"),
        ));
    }
    if spent0.is_none() {
        super::siege::check_move(st, side, i, mv)?;
    }
    if spent0.is_none() && st.moved.contains_key(cid) {
        return Err(refuse(i, "Romans [5.0]", format!("{cid} has already moved this Campaign Phase (a Force that has finished moving may not move again)")));
    }
    let map_id = cmd.at.map.clone();
    let map = st
        .map(&map_id)
        .ok_or_else(|| refuse(i, "Romans [3.1]", format!("no map {map_id}")))?;
    let start = Hex::parse(&cmd.at.hex).map_err(|e| refuse(i, "Romans [3.1]", e.to_string()))?;
    let mut path = Vec::new();
    for (k, h) in mv.path.iter().enumerate() {
        path.push(Hex::parse(h).map_err(|e| refuse(i, "Romans [5.1]", format!("path[{k}]: {e}")))?);
    }
    if path.is_empty() {
        return Err(refuse(i, "Romans [5.1]", "the path names no hex to enter"));
    }
    // [20.29] (R-83, AMB-46): a neutral's hexes, an ally's hex at the end.
    let attacks = mv.assault.is_some() || mv.besiege.is_some();
    super::macedon_side::check_path(st, side, i, &map_id, &path, true, attacks)?;
    // What he takes along, where ([5.13]); each piece checked where it is taken.
    let mut takes: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    takes.insert(0, mv.with.clone());
    let mut drops: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (hex, ids) in &mv.pick_up {
        let k = position(&mv.path, hex).ok_or_else(|| {
            refuse(
                i,
                "Romans [5.13]",
                format!("pick_up at {hex}: not a hex of the path"),
            )
        })?;
        takes.entry(k + 1).or_default().extend(ids.iter().cloned());
    }
    for (hex, ids) in &mv.drop_off {
        let k = position(&mv.path, hex).ok_or_else(|| {
            refuse(
                i,
                "Romans [5.13]",
                format!("drop_off at {hex}: not a hex of the path"),
            )
        })?;
        drops.entry(k + 1).or_default().extend(ids.iter().cloned());
    }
    // The walk ([5.12], [5.22], [5.25], [5.42]) and the Forced March limits ([5.8]).
    let mut fm = mv.forced_march.clone();
    if let Some(f) = &fm {
        forced_march::check_declaration(st, i, cid, f)?;
    }
    // [20.21]: the Macedonians map's own chart (`persian_ways`).
    let costs = super::persian_ways::costs(st, &map_id)
        .ok_or_else(|| refuse(i, "Romans [5.35]", "no movement costs"))?;
    let ways = super::persian_ways::ways(st, &map, mv.takes_highway());
    let surcharge = st
        .pack
        .movement
        .actions
        .get("enter-enemy-occupied")
        .map(|a| a.half_mp)
        .unwrap_or(0);
    let lim = |forced: u32| Limits {
        allowance: costs.allowance,
        spent: spent0.unwrap_or(0),
        forced_hexes: forced,
        enemy_surcharge: surcharge,
    };
    let declared = fm.as_ref().map(|f| f.extra_hexes).unwrap_or(0);
    let seen = Seen {
        st,
        map: &map_id,
        side,
        ways,
    };
    // [5.22], [9.2]: the path stops at the first enemy-occupied hex; the rest waits for the
    // battle's end ([9.24]).
    let mut rest: Vec<String> = Vec::new();
    let mut contact: Option<Hex> = None;
    let walked = match movement::walk(&costs, &map, &seen, start, &path, lim(declared)) {
        Err(e) if e.rule == "Romans [5.53]" => {
            let mut w = movement::walk(&costs, &map, &seen, start, &path[..e.index], lim(declared))
                .map_err(|e| {
                    refuse(
                        i,
                        e.rule,
                        format!("path[{}] {}: {}", e.index, e.hex, e.reason),
                    )
                })?;
            let from = if e.index == 0 {
                start
            } else {
                path[e.index - 1]
            };
            let c = costs.step(&map, from, e.hex).unwrap_or(0);
            w.spent += c;
            w.steps.push(movement::Step {
                hex: e.hex,
                cost: c,
                forced: false,
            });
            rest = mv.path[e.index + 1..].to_vec();
            path.truncate(e.index + 1);
            contact = Some(e.hex);
            Ok(w)
        }
        other => other,
    };
    let walked = walked.map_err(|e| {
        refuse(
            i,
            e.rule,
            format!("path[{}] {}: {}", e.index, e.hex, e.reason),
        )
    })?;
    // [20.21], Macedonians [5.34], [5.42]: Marsh and the highway's limits.
    let closed_end = path.last().and_then(|h| seen.closed_city(*h));
    super::persian_ways::check(&map, i, &walked, contact, closed_end.as_deref())?;
    // [5.32]: an enemy fleet in Messana's hex closes the ferry across the strait.
    super::transport::ferries_open(st, side, i, &map_id, start, &walked)?;
    // A reveal that denies the Forced March leaves the path where the allowance ends.
    let mut walked: Walk = walked;
    let mut rating = None;
    let mut dice = dice;
    if fm.is_some() {
        if let Some(d) = dice.as_deref_mut() {
            let r = forced_march::reveal_rating(st, cid, d, ev)?;
            let f = fm.clone().unwrap_or_default();
            if !forced_march::within_ability(st, cid, r, f.extra_hexes) {
                ev.push(Event::new(
                    "Romans [5.83] errata",
                    format!(
                        "{} (rating {r}) may not march {} extra hexes: there is no Forced March, and the move ends where the allowance does",
                        st.commander_name(cid),
                        f.extra_hexes
                    ),
                ));
                let keep = walked.steps.iter().take_while(|s| !s.forced).count();
                path.truncate(keep);
                let seen = Seen {
                    st,
                    map: &map_id,
                    side,
                    ways,
                };
                walked = movement::walk(&costs, &map, &seen, start, &path, lim(0))
                    .map_err(|e| refuse(i, e.rule, e.reason))?;
                takes.retain(|k, _| *k <= keep);
                drops.retain(|k, _| *k <= keep);
                fm = None;
            } else {
                rating = Some(r);
            }
        }
    }
    // [6.2]: interception, hex by hex, by the non-phasing player's standing orders; a
    // commander moving alone may not be intercepted ([6.58]).
    let mut intercept: Option<Interceptor> = None;
    if let Some(d) = dice.as_deref_mut() {
        let has_units = mv
            .with
            .iter()
            .chain(mv.pick_up.values().flatten())
            .any(|id| st.units.contains_key(id));
        if has_units {
            let hexes: Vec<Hex> = walked.steps.iter().map(|s| s.hex).collect();
            let seen = Seen {
                st,
                map: &map_id,
                side,
                ways,
            };
            // [6.53]: the Forces the path attacks are announced targets.
            let mut targets: BTreeSet<Hex> = contact.into_iter().collect();
            for h in rest.iter().filter_map(|h| Hex::parse(h).ok()) {
                if seen.enemy_outside(h) {
                    targets.insert(h);
                }
            }
            if let Some((k, f)) = interception::roll_along(
                st, &map, cid, side, start, &hexes, &targets, standing, d, ev,
            )? {
                let keep = k + 1;
                rest = mv.path[keep..].to_vec();
                path.truncate(keep);
                walked.steps.truncate(keep);
                walked.spent = if walked.steps.iter().any(|s| s.forced) {
                    costs.allowance
                } else {
                    spent0.unwrap_or(0) + walked.steps.iter().map(|s| s.cost).sum::<u32>()
                };
                walked.forced = walked.steps.iter().filter(|s| s.forced).count() as u32;
                takes.retain(|x, _| *x <= keep);
                drops.retain(|x, _| *x <= keep);
                contact = None;
                intercept = Some(f);
            }
        }
    }
    let inside_here = mv.inside && rest.is_empty();
    let last = *path.last().expect("path checked non-empty");
    let seen = Seen {
        st,
        map: &map_id,
        side,
        ways,
    };
    if let Some(c) = seen.closed_city(last) {
        if mv.besiege.is_none() {
            return Err(refuse(
                i,
                "Romans [5.52], [13.4]",
                format!("{last} holds {c}: a Force enters it only to besiege it (`besiege: {{}}`)"),
            ));
        }
    }
    if cmd.office.as_deref() == Some("consul-for-rome") {
        for s in &walked.steps {
            let italy = map
                .hex(s.hex)
                .is_some_and(|e| e.regions.iter().any(|r| r == "italy"));
            if !italy {
                return Err(refuse(
                    i,
                    "Romans [18.13]",
                    format!("{}: the Consul for Rome may never leave Italy", s.hex),
                ));
            }
        }
    }
    // The Force, hex by hex: who is taken and left where.
    let mut force: BTreeSet<String> = BTreeSet::new();
    let mut carried: BTreeSet<String> = BTreeSet::new();
    let mut placed: BTreeMap<String, Hex> = BTreeMap::new();
    let hex_at = |k: usize| if k == 0 { start } else { path[k - 1] };
    for k in 0..=path.len() {
        let here = hex_at(k);
        for id in drops.get(&k).into_iter().flatten() {
            if !force.remove(id) && !carried.remove(id) {
                return Err(refuse(
                    i,
                    "Romans [5.13]",
                    format!("drop_off at {here}: {id} is not with {cid} there"),
                ));
            }
            placed.insert(id.clone(), here);
        }
        for id in takes.get(&k).into_iter().flatten() {
            take(
                st,
                side,
                i,
                cid,
                &cmd,
                &map_id,
                here,
                id,
                &mut force,
                &mut carried,
            )?;
        }
    }
    // [8.2], [9.22]: only combat units attack; a commander alone does not enter an enemy
    // Force's hex (ruling R-26).
    if let Some(h) = contact {
        if force.is_empty() {
            return Err(refuse(
                i,
                "Romans [8.2], [9.22]",
                format!("{h} is enemy-occupied and {cid} brings no combat units to attack with"),
            ));
        }
    }
    if let Some(f) = &fm {
        forced_march::check_force(st, i, cid, &cmd.nation, &force)?;
        forced_march::check_losses(st, i, f, &force)?;
    }
    // [13.13], [7.13]: ending inside a friendly city, within its capacity.
    let end = last.to_string();
    if inside_here {
        let city = st
            .city_at(&map_id, last)
            .cloned()
            .ok_or_else(|| refuse(i, "Romans [13.13]", format!("{end} holds no city to enter")))?;
        if city.control.as_deref() != Some(side) {
            return Err(refuse(
                i,
                "Romans [13.13]",
                format!(
                    "{} is not your city: only a friendly city is entered by moving in",
                    city.name
                ),
            ));
        }
        let class = format!("{:?}", city.class);
        if let Some(cap) = st
            .pack
            .movement
            .stacking
            .inside_city_by_class
            .get(&class)
            .and_then(|c| c.limit())
        {
            let already: u32 = st
                .units_at(&map_id, &end)
                .filter(|(id, u)| u.at.inside && !force.contains(*id))
                .map(|(_, u)| u.ssp)
                .sum();
            let bringing: u32 = force
                .iter()
                .filter_map(|id| st.units.get(id))
                .map(|u| u.ssp)
                .sum();
            if already + bringing > cap {
                return Err(refuse(i, "Romans [7.13]", format!("{} (class {class}) holds {cap} SSP inside: {already} are there and the Force brings {bringing}", city.name)));
            }
        }
    }
    // [16.15]: allied troops stay within 10 MP of their point of origin unless a commander of
    // their parent power leads them.
    super::allied_leash::check(st, side, i, cid, &map, &path, &takes, &drops)?;
    // [14.21]: the supply talent when the Force goes beyond its radius.
    super::supply::charge_move(st, side, i, cid, &map, &walked, &force, ev)?;
    // Done: everything moves.
    let words: Vec<String> = walked
        .steps
        .iter()
        .map(|s| {
            if s.forced {
                format!("{} (forced)", s.hex)
            } else {
                s.hex.to_string()
            }
        })
        .collect();
    let ssp: u32 = force
        .iter()
        .filter_map(|id| st.units.get(id))
        .map(|u| u.ssp)
        .sum();
    for (id, h) in &placed {
        relocate(st, id, &map_id, &h.to_string(), false);
        st.committed.insert(id.clone(), cid.clone());
    }
    for id in force.iter().chain(carried.iter()) {
        relocate(st, id, &map_id, &end, inside_here);
        st.committed.insert(id.clone(), cid.clone());
    }
    relocate(st, cid, &map_id, &end, false);
    for id in carried.iter().chain(placed.keys()) {
        if st.commanders.contains_key(id) {
            st.moved.insert(
                id.clone(),
                Moved {
                    spent: walked.spent,
                    forced: walked.forced,
                },
            );
        }
    }
    st.moved.insert(
        cid.clone(),
        Moved {
            spent: walked.spent,
            forced: walked.forced,
        },
    );
    let per = costs.per_mp;
    ev.push(Event::new(
        "Romans [5.12]",
        format!(
            "{} moves {} → {} ({} of {}{}) with {}",
            st.commander_name(cid),
            cmd.at.hex,
            words.join(" → "),
            mp(walked.spent, per),
            mp(costs.allowance, per),
            if walked.forced > 0 {
                format!(", {} Forced March hexes", walked.forced)
            } else {
                String::new()
            },
            if force.is_empty() {
                "no Force".to_string()
            } else {
                format!("{} units, {ssp} SSP", force.len())
            }
        ),
    ));
    if let (Some(f), Some(r), Some(d)) = (&fm, rating, dice.as_deref_mut()) {
        forced_march::attrition(st, cid, r, f, &force, d, ev)?;
    }
    // [8.55]: enemy commanders standing alone in the hexes the Force entered.
    if dice.is_some() && !force.is_empty() {
        for s in &walked.steps {
            engage::lone_commanders(st, side, &map_id, s.hex, standing, ev);
        }
    }
    // The meeting at the end of this leg ([6.4], [5.22], [9.2]) and what is left of the path.
    let force_ids: Vec<String> = force
        .iter()
        .filter(|u| st.units.contains_key(*u))
        .cloned()
        .collect();
    let carried_ids: Vec<String> = carried
        .iter()
        .filter(|c| st.commanders.contains_key(*c))
        .cloned()
        .collect();
    let goes_on = engage::meet(
        st,
        side,
        cid,
        (&force_ids, &carried_ids),
        (&map_id, last),
        (intercept.as_ref(), contact),
        dice.as_deref_mut(),
        standing,
        ev,
    )?;
    if rest.is_empty() {
        return Ok(());
    }
    if goes_on && st.commanders.contains_key(cid) {
        let here = st.commanders[cid].at.hex.clone();
        let with: Vec<String> = force_ids
            .iter()
            .chain(carried_ids.iter())
            .filter(|id| {
                st.units.get(*id).is_some_and(|u| u.at.hex == here)
                    || st.commanders.get(*id).is_some_and(|c| c.at.hex == here)
            })
            .cloned()
            .collect();
        let keep = |m: &BTreeMap<String, Vec<String>>| {
            m.iter()
                .filter(|(h, _)| rest.contains(h))
                .map(|(h, v)| (h.clone(), v.clone()))
                .collect()
        };
        let next = Move {
            commander: cid.clone(),
            with,
            path: rest.clone(),
            pick_up: keep(&mv.pick_up),
            drop_off: keep(&mv.drop_off),
            forced_march: None,
            inside: mv.inside,
            royal_road: mv.royal_road,
            assault: mv.assault.clone(),
            besiege: mv.besiege.clone(),
        };
        let spent = st.moved.get(cid).map(|m| m.spent).unwrap_or(0);
        return leg(st, side, i, &next, dice, ev, standing, Some(spent));
    }
    if dice.is_some() {
        ev.push(Event::new(
            "Romans [9.24]",
            format!(
                "the move of {} ends at {last}: the rest of the path ({}) is not entered",
                st.commander_name(cid),
                rest.join(", ")
            ),
        ));
    }
    Ok(())
}

/// Index of `hex` in the path.
fn position(path: &[String], hex: &str) -> Option<usize> {
    path.iter().position(|h| h == hex)
}

/// Takes `id` into the Force of `cid` at `here` ([5.13], [5.23], [8.32], [8.33], [18.22]).
#[allow(clippy::too_many_arguments)]
fn take(
    st: &State,
    side: &str,
    i: usize,
    cid: &str,
    cmd: &crate::games::conquerors::force::Commander,
    map: &str,
    here: Hex,
    id: &str,
    force: &mut BTreeSet<String>,
    carried: &mut BTreeSet<String>,
) -> Result<(), RuleError> {
    let hex = here.to_string();
    if let Some(u) = st.units.get(id) {
        if u.side != side {
            return Err(refuse(i, "Romans [5.13]", format!("{id} is not yours")));
        }
        if u.at.map != map || u.at.hex != hex {
            return Err(refuse(
                i,
                "Romans [5.13]",
                format!("{id} stands at {}, not at {hex}", u.at.hex),
            ));
        }
        if st.combat.disrupted.contains_key(id) {
            return Err(refuse(
                i,
                "Romans [10.14]",
                format!("{id} is Disrupted and may not move this Player-Turn"),
            ));
        }
        super::transport::check_disembark(st, i, id)?;
        if let Some(by) = st.committed.get(id).filter(|by| *by != cid) {
            return Err(refuse(
                i,
                "Romans [5.23]",
                format!("{id} has already moved under {by} this Campaign Phase"),
            ));
        }
        let pools = &st.pack.counters.roman_pools;
        let named = cmd
            .counter
            .as_ref()
            .and_then(|c| st.pack.counters.commanders.get(c));
        if named.is_some_and(|n| n.naval_only) {
            return Err(refuse(
                i,
                "Romans [8.32]",
                format!("{} commands fleets only", st.commander_name(cid)),
            ));
        }
        if let Some(p) = cmd.pool.as_ref().and_then(|p| pools.get(p)) {
            if !p.commands.land {
                return Err(refuse(
                    i,
                    "Romans [18.22]",
                    format!("{} may command fleets only", st.commander_name(cid)),
                ));
            }
        }
        let major = st
            .pack
            .counters
            .nations
            .get(&cmd.nation)
            .is_some_and(|n| n.kind == super::data::model::NationKind::Major);
        if !major && u.nation != cmd.nation {
            return Err(refuse(
                i,
                "Romans [8.33]",
                format!(
                    "{} commands only his own nation's units, not {id} ({})",
                    st.commander_name(cid),
                    u.nation
                ),
            ));
        }
        force.insert(id.to_string());
        return Ok(());
    }
    if let Some(c) = st.commanders.get(id) {
        if c.side != side || c.at.map != map || c.at.hex != hex {
            return Err(refuse(
                i,
                "Romans [5.0]",
                format!("{id} is not a commander of yours at {hex}"),
            ));
        }
        if st.moved.contains_key(id) || id == cid {
            return Err(refuse(
                i,
                "Romans [5.28]",
                format!("{id} has moved already or is the one moving"),
            ));
        }
        carried.insert(id.to_string());
        return Ok(());
    }
    if st.squadrons.contains_key(id) {
        return Err(refuse(
            i,
            "Romans [5.43]",
            format!("{id} is a squadron: it moves in a fleet move (docs/romans-orders.md)"),
        ));
    }
    let all = st.units.keys().chain(st.commanders.keys()).cloned();
    Err(refuse(
        i,
        "Romans [5.13]",
        unknown("unit or commander", id, all),
    ))
}

/// Puts a counter (unit or commander) in a hex.
fn relocate(st: &mut State, id: &str, map: &str, hex: &str, inside: bool) {
    if let Some(u) = st.units.get_mut(id) {
        u.at.map = map.to_string();
        u.at.hex = hex.to_string();
        u.at.inside = inside;
    } else if let Some(c) = st.commanders.get_mut(id) {
        c.at.map = map.to_string();
        c.at.hex = hex.to_string();
        c.at.inside = false;
    }
}
