//! Macedonians [5]: a Campaign Phase's moves. Only commanders move, 30 MP each ([5.0], [5.12];
//! 15 for one who begins a Winter Game-Turn north of the Winter Line, [5.39], [17.22]),
//! carrying the units they pick up and leaving those they drop anywhere on the path at no cost
//! ([5.13]); a unit serves one commander a phase ([5.23]); a commander moves once ([5.0]
//! procedure). The path is walked by the shared `conquerors::movement` over the terrain costs
//! of the data (terrain, rivers, the Royal Persian Highway's half point, [5.27], [5.41]) with
//! the Macedonians' own hex rules: the Cilician Gates ([5.51]), the Ferry hexsides ([5.37]),
//! Marsh ([5.34]), enemy Walled Cities ([5.38]), the highway's limits ([5.42]–[5.44]), the
//! satrapy chain ([5.25]) and the Winter ([17.22]). A move runs in legs: each ends at an
//! enemy-occupied hex or where an interception the non-phasing player's standing orders try
//! succeeds, and `engage` resolves the meeting ([5.22], [5.7], [6.2]–[6.4], [9], [10]); the next
//! leg goes on from there if the Force still stands ([5.14], [9.25]). What the move would start
//! and this engine does not resolve yet — sieges ([14]), fleets and naval transport ([11],
//! [12]) — is refused with its section, never skipped. The Forced March is `forced_march`'s ([5.8]).

use std::collections::{BTreeMap, BTreeSet};

use super::data::model::CityKind;
use super::forced_march;
use super::orders::Move;
use super::state::{Moved, State, MACEDONIAN, PERSIAN, SUSA_BOX};
use crate::games::conquerors::decisions::standing_for;
use crate::games::conquerors::movement::{self, mp, Cites, Limits, Occupancy, PersianWays};
use crate::geo::{Board, Hex, HexMap, MoveCosts, Terrain};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The Macedonians' sections for the shared walk's refusals.
pub const CITES: Cites = Cites {
    adjacent: "Macedonians [5.0]",
    off_map: "Macedonians [5.24]",
    impassable: "Macedonians [5.32]",
    transport: "Macedonians [12.1]",
    closed_city: "Macedonians [5.38]",
    besiege: "Macedonians [14.33]",
    enemy_cost: "Macedonians [5.22]",
    enemy_contact: "Macedonians [5.64]",
    allowance: "Macedonians [5.12]",
    forced: "Macedonians [5.8]",
};

/// The id of the Siege Train in orders.
pub const SIEGE_TRAIN: &str = "siege-train";

/// The map as a side's moving Force sees it.
pub struct Seen<'a> {
    /// The state.
    pub st: &'a State,
    /// The moving side.
    pub side: &'a str,
    /// The Force takes the Royal Persian Highway ([5.41]).
    pub highway: bool,
}

impl Seen<'_> {
    /// The highway and the Gates of this move ([5.41]–[5.44], [5.51]).
    fn ways(&self) -> PersianWays {
        PersianWays {
            highway: self.highway,
            gates: Hex::parse(&self.st.pack.places.cilician_gates.hex).ok(),
            gates_cost: 2 * self
                .st
                .pack
                .number("movement", "cilician-gates")
                .unwrap_or(6),
        }
    }
    /// An enemy-controlled city in `h`, with its class in the rules.
    fn enemy_city(&self, h: Hex) -> Option<(&String, CityKind)> {
        let (name, c) = self.st.city_at(h)?;
        let kind = self.st.pack.places.cities.get(name)?.kind;
        (c.control != self.side).then_some((name, kind))
    }
}

impl Occupancy for Seen<'_> {
    /// Enemy land units outside any city, the enemy Siege Train, or enemy commanders with no
    /// land unit of theirs in the hex ([5.22], [5.61], [8.54]).
    fn enemy_outside(&self, h: Hex) -> bool {
        let hex = h.to_string();
        let st = self.st;
        let mut theirs = st
            .units_at(&hex)
            .filter(|(_, u)| u.side != self.side)
            .peekable();
        let any_unit = theirs.peek().is_some();
        let outside = theirs.any(|(_, u)| !u.at.inside);
        let train = st.siege_train_at(&hex) && self.side != super::state::MACEDONIAN;
        let lone = !any_unit && st.commanders_at(&hex).any(|(_, c)| c.side != self.side);
        outside || train || lone
    }
    /// [5.38], [5.62], [14.14]: an enemy-controlled Walled City hex, only to besiege.
    fn closed_city(&self, h: Hex) -> Option<String> {
        self.enemy_city(h)
            .filter(|(_, k)| *k == CityKind::Walled)
            .map(|(n, _)| format!("the Walled City of {n}"))
    }
    /// [5.43]–[5.44]: no highway rate without the highway, nor into an enemy-controlled city.
    fn road_closed(&self, h: Hex) -> bool {
        self.ways().road_closed(self.enemy_city(h).is_some())
    }
    /// [5.51]: six MP to enter the Cilician Gates.
    fn entry_cost(&self, h: Hex) -> Option<u32> {
        self.ways().entry_cost(h)
    }
}

/// [`Seen`] with the enemy hex a leg ends in open: the walk up to the contact ([5.22]).
struct Contact<'a> {
    seen: &'a Seen<'a>,
    at: Hex,
}

impl Occupancy for Contact<'_> {
    fn enemy_outside(&self, h: Hex) -> bool {
        h != self.at && self.seen.enemy_outside(h)
    }
    fn closed_city(&self, h: Hex) -> Option<String> {
        self.seen.closed_city(h)
    }
    fn road_closed(&self, h: Hex) -> bool {
        self.seen.road_closed(h)
    }
    fn entry_cost(&self, h: Hex) -> Option<u32> {
        self.seen.entry_cost(h)
    }
}

pub(crate) fn refuse(i: usize, rule: &str, reason: impl Into<String>) -> RuleError {
    RuleError::illegal(format!("moves[{i}]"), rule, reason)
}

/// A name the order gives that is not there: the nearest ones.
pub(crate) fn unknown(what: &str, id: &str, among: impl IntoIterator<Item = String>) -> String {
    let among: Vec<String> = among.into_iter().collect();
    format!(
        "no {what} `{id}`{}",
        crate::names::did_you_mean(id, among.iter().map(String::as_str))
    )
}

/// A move checked: everything [`execute`] needs.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The commander.
    pub commander: String,
    /// His start hex.
    pub start: Hex,
    /// The hexes entered.
    pub path: Vec<Hex>,
    /// MP spent (half MP) and the allowance (half MP).
    pub spent: u32,
    /// The allowance (half MP), a Forced March's extra included.
    pub allowance: u32,
    /// Steps at the highway's rate.
    pub highway: u32,
    /// Land units (and the Siege Train) with him at the end.
    pub force: BTreeSet<String>,
    /// Commanders carried to the end.
    pub carried: BTreeSet<String>,
    /// Units and commanders left on the way, and where.
    pub placed: BTreeMap<String, Hex>,
    /// The Force ends inside the city of the last hex.
    pub inside: bool,
    /// Extra MP of a Forced March.
    pub forced: u32,
    /// The last hex is enemy-occupied: entering it starts combat ([5.22], [9.2]).
    pub contact: bool,
    /// The hexes of the order after the contact, entered if the Force goes on ([9.25]).
    pub rest: Vec<String>,
    /// The interceptions the non-phasing player's standing orders try ([6.22]): (index in the
    /// path, zone, Force), in path order.
    pub tries: Vec<(usize, u32, super::interception::Zone)>,
    /// The first chance he had and said nothing of (no interception, reported as a default).
    pub passed: Option<(usize, u32, super::interception::Zone)>,
}

/// The allowance of `cid` this phase, in half MP ([5.0], [5.39], [17.22]).
fn allowance(st: &State, map: &HexMap, start: Hex) -> u32 {
    let full = st.pack.number("movement", "allowance").unwrap_or(30);
    let north = map
        .hex(start)
        .is_some_and(|e| e.regions.iter().any(|r| r == "north-of-winter-line"));
    let mp = if st.winter() && north {
        st.pack
            .number("movement", "winter-allowance-north")
            .unwrap_or(full / 2)
    } else {
        full
    };
    2 * mp
}

/// The terrain costs of this Game-Turn: Rough is 6 MP in a Winter Game-Turn ([17.22]).
fn costs(st: &State, i: usize) -> Result<MoveCosts, RuleError> {
    let mut c = st.maps.costs("macedonians").cloned().ok_or_else(|| {
        refuse(
            i,
            "Macedonians [5.27]",
            "no movement costs for The Macedonians",
        )
    })?;
    if st.winter() {
        let rough = st.pack.number("movement", "winter-rough").unwrap_or(6);
        c.terrain.insert(Terrain::Rough, rough * c.per_mp);
    }
    Ok(c)
}

pub use super::legs::apply_move;

/// Checks one move and works out its Force, path and cost (no state change, no dice).
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]`, the section and why.
pub fn plan(st: &State, side: &str, i: usize, mv: &Move) -> Result<Plan, RuleError> {
    plan_leg(st, side, i, mv, None, None, None)
}

/// [`plan`] for a leg: the whole move, or (`resume`: MP spent and the allowance, half MP) what
/// is left of it after a combat the Force stood ([9.25]); with the non-phasing `standing`, the
/// interceptions it tries ([6.22]); `stop_at`: the leg ends at that index of the path, where an
/// interception succeeded ([6.23]).
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]`, the section and why.
pub fn plan_leg(
    st: &State,
    side: &str,
    i: usize,
    mv: &Move,
    resume: Option<(u32, u32)>,
    standing: Option<&BTreeMap<String, super::orders::Standing>>,
    stop_at: Option<usize>,
) -> Result<Plan, RuleError> {
    let cid = mv.commander.as_str();
    let cmd = st.commanders.get(cid).ok_or_else(|| {
        let own = st
            .commanders
            .iter()
            .filter(|(_, c)| c.side == side)
            .map(|(k, _)| k.clone());
        refuse(
            i,
            "Macedonians [5.0]",
            unknown("commander in play", cid, own),
        )
    })?;
    if cmd.side != side {
        return Err(refuse(
            i,
            "Macedonians [5.11]",
            format!("{cid} is not yours: only the phasing player's commanders move"),
        ));
    }
    super::darius::check_move(st, side, i)?;
    if resume.is_none() && st.combat.disrupted.get(cid) == Some(&st.turn) {
        return Err(refuse(
            i,
            "Macedonians [10.14]",
            format!(
                "{} is Disrupted by a retreat of more than 5 MP and may not move this Player-Turn",
                st.commander_name(cid)
            ),
        ));
    }
    if resume.is_none() && st.moved.contains_key(cid) {
        return Err(refuse(i, "Macedonians [5.0]", format!("{} has already moved this Campaign Phase (a Force that has finished moving may not move again)", st.commander_name(cid))));
    }
    if cmd.at.hex == SUSA_BOX {
        return Err(refuse(
            i,
            "Macedonians [19.34]",
            "leaving the Susa Box is not built yet, so the move is refused",
        ));
    }
    let data = st.commander_data(cid);
    if data.is_some_and(|d| d.naval_only) {
        return Err(refuse(i, "Macedonians [8.3], [12.4]", format!("{} commands fleets only, and fleet movement is not built yet, so the move is refused", st.commander_name(cid))));
    }
    let map = st.map();
    let start =
        Hex::parse(&cmd.at.hex).map_err(|e| refuse(i, "Macedonians [3.1]", e.to_string()))?;
    let mut path = Vec::new();
    for (k, h) in mv.path.iter().enumerate() {
        path.push(
            Hex::parse(h).map_err(|e| refuse(i, "Macedonians [5.0]", format!("path[{k}]: {e}")))?,
        );
    }
    if path.is_empty() {
        return Err(refuse(
            i,
            "Macedonians [5.0]",
            "the path names no hex to enter",
        ));
    }
    let (force, carried, placed) = super::command::force(st, side, i, mv, start, &path)?;
    let mut cut = None;
    if let Some(k) = stop_at.filter(|k| k + 1 < path.len()) {
        path.truncate(k + 1);
        cut = Some(mv.path[k + 1..].to_vec());
    }
    let forced = forced_march::check(st, i, mv, &force, !mv.pick_up.is_empty())?;
    let costs = costs(st, i)?;
    let allowance = match resume {
        Some((_, a)) => a,
        None => allowance(st, &map, start) + forced * costs.per_mp,
    };
    let seen = Seen {
        st,
        side,
        highway: mv.takes_highway(),
    };
    let lim = Limits {
        allowance,
        spent: resume.map(|r| r.0).unwrap_or(0),
        forced_hexes: 0,
        enemy_surcharge: costs.per_mp
            * st.pack
                .number("movement", "enter-enemy-occupied")
                .unwrap_or(3),
    };
    let cite = |e: movement::MoveError| {
        let at = format!("path[{}] {}", e.index, e.hex);
        refuse(i, e.rule, format!("{at}: {}", e.reason))
    };
    // [5.22], [9.2]: the leg ends at the first enemy-occupied hex; the rest waits for the
    // combat's end ([5.14], [9.25]).
    let (walked, rest) = match movement::walk_cited(&costs, &*map, &seen, start, &path, lim, &CITES)
    {
        Ok(w) => (w, None),
        Err(e) if e.rule == CITES.enemy_contact => {
            if map.terrain(e.hex) == Some(Terrain::Marsh) {
                return Err(refuse(
                    i,
                    "Macedonians [5.34], [9.23]",
                    format!(
                        "path[{}] {} is a Marsh hex held by the enemy, which may never be entered",
                        e.index, e.hex
                    ),
                ));
            }
            if !st.units_at(&e.hex.to_string()).any(|(_, u)| u.side != side)
                && st.siege_train_at(&e.hex.to_string())
            {
                return Err(refuse(i, "Macedonians [14.24]", format!("path[{}] {} holds the enemy Siege Train alone: attacking it is not built yet, so the move is refused", e.index, e.hex)));
            }
            let k = e.index;
            let open = Contact {
                seen: &seen,
                at: e.hex,
            };
            let short = Limits {
                allowance: allowance.saturating_sub(lim.enemy_surcharge),
                ..lim
            };
            let w = movement::walk_cited(&costs, &*map, &open, start, &path[..=k], short, &CITES)
                .map_err(cite)?;
            path.truncate(k + 1);
            (w, Some(mv.path[k + 1..].to_vec()))
        }
        Err(e) => return Err(cite(e)),
    };
    let contact = rest.is_some();
    // The Force as it stands at the contact: what is taken or left later waits for the rest.
    let (force, carried, placed) = if contact {
        super::command::force(st, side, i, mv, start, &path)?
    } else {
        (force, carried, placed)
    };
    if contact && walked.road_steps + st.moved.get(cid).map(|m| m.highway).unwrap_or(0) > 0 {
        return Err(refuse(i, "Macedonians [5.42]", format!("{} is enemy-occupied and the Force used the Royal Persian Highway this phase: it may not enter it (`royal_road: false` pays each hex's terrain instead)", path.last().expect("checked non-empty"))));
    }
    super::passage::check(
        st,
        &map,
        side,
        i,
        start,
        &path,
        !force.is_empty() || !carried.is_empty(),
    )?;
    let last = *path.last().expect("path checked non-empty");
    let highway = walked.road_steps;
    if highway > 0 {
        if let Some((name, _)) = seen.enemy_city(last) {
            return Err(refuse(i, "Macedonians [5.42], [5.44]", format!("{last} holds {name}, an enemy-controlled city, and the Force used the Royal Persian Highway this phase: it may not stop there (`royal_road: false` pays each hex's terrain instead)")));
        }
    }
    if seen.closed_city(last).is_some() {
        return Err(refuse(i, "Macedonians [5.38], [14.33]", format!("{last} holds an enemy Walled City: a Force enters it only to besiege it, and sieges are not built yet, so the move is refused")));
    }
    let has_troops = !force.is_empty();
    let (mut tries, mut passed) = (Vec::new(), None);
    if has_troops && stop_at.is_none() {
        let target = contact.then(|| *path.last().expect("checked non-empty"));
        let other = if side == MACEDONIAN {
            PERSIAN
        } else {
            MACEDONIAN
        };
        let theirs = standing.and_then(|m| m.get(other));
        for (k, zone, z) in
            super::interception::chances(st, &map, side, (start, resume.is_none()), &path, target)
        {
            // [6.56]: no Force intercepts in the hex of the Force attacked; [6.58]: once a phase;
            // [6.52]: not while Disrupted.
            if (contact && k + 1 == path.len())
                || st.combat.intercepted.contains(&z.commander)
                || st.combat.disrupted.contains_key(&z.commander)
            {
                continue;
            }
            let order = theirs
                .and_then(|s| standing_for(&s.intercept, Some(&z.commander)))
                .and_then(|a| a.given());
            match order {
                Some(o) if o.zones.contains(&zone) => tries.push((k, zone, z)),
                Some(_) => {}
                None if passed.is_none() => passed = Some((k, zone, z)),
                None => {}
            }
        }
    }
    let inside = if contact {
        false
    } else {
        inside(st, side, i, mv, last, &force)?
    };
    super::command::darius(st, i, cid, &force, &placed)?;
    Ok(Plan {
        commander: cid.to_string(),
        start,
        path,
        spent: walked.spent,
        allowance,
        highway,
        force,
        carried,
        placed,
        inside,
        forced,
        contact,
        rest: rest.or(cut).unwrap_or_default(),
        tries,
        passed,
    })
}

/// [7.13], [13.11], [14.14]: whether the Force ends inside the city of `last`.
fn inside(
    st: &State,
    side: &str,
    i: usize,
    mv: &Move,
    last: Hex,
    force: &BTreeSet<String>,
) -> Result<bool, RuleError> {
    let city = st.city_at(last);
    let kind = city
        .and_then(|(n, _)| st.pack.places.cities.get(n))
        .map(|c| c.kind);
    let ours = city.is_some_and(|(_, c)| c.control == side);
    if kind == Some(CityKind::Walled) && ours {
        return Ok(true);
    }
    if !mv.inside {
        return Ok(false);
    }
    let Some((name, _)) = city.filter(|_| ours) else {
        return Err(refuse(
            i,
            "Macedonians [13.11]",
            format!("{last} holds no city of yours to enter"),
        ));
    };
    let cap = st.pack.number("stacking", "inside-major-city").unwrap_or(5);
    let hex = last.to_string();
    let already: u32 = st
        .units_at(&hex)
        .filter(|(id, u)| u.at.inside && !force.contains(*id))
        .map(|(_, u)| u.ssp)
        .sum();
    let bringing: u32 = force
        .iter()
        .filter_map(|id| st.units.get(id))
        .map(|u| u.ssp)
        .sum();
    let train = if force.contains(SIEGE_TRAIN) {
        st.pack.counters.siege_train.stacking_ssp
    } else {
        0
    };
    if already + bringing + train > cap {
        return Err(refuse(i, "Macedonians [7.13]", format!("{name} holds {cap} SSP of land units inside: {already} are there and the Force brings {}", bringing + train)));
    }
    Ok(true)
}

/// Makes a checked move: the Force moves, the Forced March's attrition is rolled ([5.8]), the
/// Cilician Gates change hands ([5.56], ruling M-R6).
///
/// Errors: a die the stream cannot give yet ([`RuleError::Dice`]).
pub fn execute(
    st: &mut State,
    side: &str,
    mv: &Move,
    p: &Plan,
    dice: Option<&mut Dice>,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let end = p.path.last().expect("a plan has a path").to_string();
    let from = p.start.to_string();
    let ssp: u32 = p
        .force
        .iter()
        .filter_map(|id| st.units.get(id))
        .map(|u| u.ssp)
        .sum();
    for (id, h) in &p.placed {
        relocate(st, id, &h.to_string(), false);
        st.committed.insert(id.clone(), p.commander.clone());
    }
    for id in p.force.iter().chain(&p.carried) {
        relocate(st, id, &end, p.inside);
        st.committed.insert(id.clone(), p.commander.clone());
    }
    relocate(st, &p.commander, &end, false);
    let moved = Moved {
        spent: p.spent,
        highway: p.highway,
        forced: p.forced,
    };
    for id in p
        .carried
        .iter()
        .chain(p.placed.keys().filter(|k| st.commanders.contains_key(*k)))
    {
        st.moved.insert(id.clone(), moved.clone());
    }
    st.moved.insert(p.commander.clone(), moved);
    let per = st.maps.costs("macedonians").map(|c| c.per_mp).unwrap_or(2);
    let words: Vec<String> = p.path.iter().map(|h| h.to_string()).collect();
    let units = p.force.iter().filter(|u| st.units.contains_key(*u)).count();
    let with = match (units, p.force.contains(SIEGE_TRAIN)) {
        (0, false) => "no Force".to_string(),
        (0, true) => "the Siege Train".to_string(),
        (n, train) => format!(
            "{n} units, {ssp} SSP{}",
            if train { ", the Siege Train" } else { "" }
        ),
    };
    ev.push(Event::new(
        "Macedonians [5.12]",
        format!(
            "{} moves {from} → {} ({} of {}{}) with {with}",
            st.commander_name(&p.commander),
            words.join(" → "),
            mp(p.spent, per),
            mp(p.allowance, per),
            if p.highway > 0 {
                format!(", {} hexes on the Royal Persian Highway", p.highway)
            } else {
                String::new()
            },
        ),
    ));
    if p.inside {
        ev.push(Event::new(
            "Macedonians [13.12]",
            format!("the Force ends inside the city at {end}"),
        ));
    }
    super::control::after_move(st, side, p, ev);
    if let (true, Some(d)) = (p.forced > 0, dice) {
        forced_march::attrition(st, mv, p, d, ev)?;
    }
    Ok(())
}

/// Puts a counter (unit, commander or the Siege Train) in a hex.
fn relocate(st: &mut State, id: &str, hex: &str, inside: bool) {
    if id == SIEGE_TRAIN {
        if let Some(p) = st.siege_train.as_mut() {
            p.hex = hex.to_string();
            p.inside = inside;
        }
    } else if let Some(u) = st.units.get_mut(id) {
        u.at.hex = hex.to_string();
        u.at.inside = inside;
    } else if let Some(c) = st.commanders.get_mut(id) {
        c.at.hex = hex.to_string();
        c.at.inside = false;
    }
}
