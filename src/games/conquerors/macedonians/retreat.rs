//! Macedonians [10]: retreats. Retreat Before Combat ([10.1]) and During Combat ([10.2]) share a
//! Force's 30 MP of retreat a Campaign Phase ([10.13], [10.24]); Flight ([10.3]) must go its 30
//! MP whatever was used, never entering a hex twice, and a Force that cannot is eliminated
//! ([10.31], [10.34]). Every retreat goes where the Force could move ([10.15]: land it may
//! enter, never an enemy-occupied hex, follow-up 10.15, a city only if its side controls it),
//! off the Royal Persian Highway ([5.43]: each hex's terrain is paid), toward the side's basic
//! source of supply ([10.16]: Babylon, Thrace); it may cross enemy-controlled satrapies at 2
//! SSP each ([10.17]). More than 5 MP of retreat in a phase Disrupts ([10.14]). The path is the
//! owner's standing `retreat_path` as far as it is legal, then the default (ruling M-R25):
//! the hex nearest the source (then the cheapest, then the lowest id), one hex for a voluntary
//! retreat, on for a Flight until no open hex fits in what is left of its 30 MP; a Flight
//! boxed in (no open hex at all) before its 30 MP is eliminated.

use std::collections::BTreeSet;

use super::data::model::CityKind;
use super::orders::Standing;
use super::sequence::side_name;
use super::state::{State, MACEDONIAN};
use crate::games::conquerors::movement::mp;
use crate::geo::{Hex, HexMap, MoveCosts};
use crate::ruleset::Event;

/// The kind of retreat.
pub use crate::games::conquerors::decisions::RetreatKind as Kind;

/// A retreat planned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// The hexes entered.
    pub path: Vec<Hex>,
    /// Half MP spent.
    pub spent: u32,
    /// Some of the path is the default, not the owner's order.
    pub defaulted: bool,
    /// Enemy-controlled satrapies entered on the way ([10.17]).
    pub satrapies: Vec<String>,
}

/// The map as a retreating Force of `side` sees it.
struct Ground<'a> {
    st: &'a State,
    map: &'a HexMap,
    costs: &'a MoveCosts,
    side: &'a str,
    gates: Option<Hex>,
    home: Vec<Hex>,
}

impl Ground<'_> {
    /// Half MP to step from `a` into `b` off the highway ([5.43]), or None if the Force may
    /// not retreat there ([10.15]).
    fn cost(&self, a: Hex, b: Hex) -> Option<u32> {
        let step = self.costs.step_detail(self.map, a, b, false).ok()?;
        if !self.map.hex(b).is_some_and(|e| e.terrain.is_land()) {
            return None;
        }
        let hex = b.to_string();
        let st = self.st;
        if st.units_at(&hex).any(|(_, u)| u.side != self.side)
            || st.commanders_at(&hex).any(|(_, c)| c.side != self.side)
        {
            return None;
        }
        if let Some((name, c)) = st.city_at(b) {
            let walled = super::engage::city_kind(st, name) == Some(CityKind::Walled);
            if walled && c.control != self.side {
                return None;
            }
        }
        if Some(b) == self.gates {
            let gates = st.pack.number("movement", "cilician-gates").unwrap_or(6);
            return Some(2 * gates + step.hexside);
        }
        Some(step.cost)
    }
    /// Hexes to the nearest hex of the side's basic source of supply ([10.16]).
    fn distance(&self, h: Hex) -> u32 {
        self.home
            .iter()
            .map(|x| x.distance(h, self.map.convention))
            .min()
            .unwrap_or(0)
    }
    /// The enemy-controlled satrapy `h` lies in, if any ([10.17]).
    fn enemy_satrapy(&self, h: Hex) -> Option<String> {
        self.st
            .satrapy_of(self.map, h)
            .filter(|s| self.st.satrapy_controller(s) != self.side)
    }
}

/// The hexes of `side`'s basic source of supply ([10.16], places.yaml `supply-sources`).
fn home(st: &State, map: &HexMap, side: &str) -> Vec<Hex> {
    let Some(src) = st.pack.places.supply_sources.get(side) else {
        return Vec::new();
    };
    if let Some(city) = &src.city {
        return st
            .cities
            .get(city)
            .and_then(|c| Hex::parse(&c.hex).ok())
            .into_iter()
            .collect();
    }
    let Some(region) = &src.satrapy else {
        return Vec::new();
    };
    map.hexes
        .iter()
        .filter(|(_, e)| e.regions.iter().any(|r| r == region))
        .map(|(h, _)| *h)
        .collect()
}

/// Plans the retreat of `side`'s Force from `from`: `wanted` (the standing order's hexes) as
/// far as it is legal, then the default. `used`: retreat MP (half MP) the Force spent earlier
/// this phase ([10.24]). None: no retreat is possible (a Flight: not its full 30 MP, [10.34]).
pub fn plan(
    st: &State,
    side: &str,
    from: Hex,
    kind: Kind,
    used: u32,
    wanted: &[String],
) -> Option<Route> {
    let map = st.map();
    let costs = st.maps.costs("macedonians")?;
    let g = Ground {
        st,
        map: &map,
        costs,
        side,
        gates: Hex::parse(&st.pack.places.cilician_gates.hex).ok(),
        home: home(st, &map, side),
    };
    let per = costs.per_mp;
    let (budget, must) = match kind {
        Kind::Flight => {
            let f = per * st.pack.number("movement", "flight").unwrap_or(30);
            (f, f)
        }
        _ => {
            let r = per
                * st.pack
                    .number("movement", "retreat-allowance")
                    .unwrap_or(30);
            (r.saturating_sub(used), 0)
        }
    };
    let mut r = Route {
        path: Vec::new(),
        spent: 0,
        defaulted: false,
        satrapies: Vec::new(),
    };
    let mut seen = BTreeSet::from([from]);
    let mut at = from;
    for w in wanted {
        let Some(c) = Hex::parse(w).ok().and_then(|h| Some((h, g.cost(at, h)?))) else {
            r.defaulted = true;
            break;
        };
        if seen.contains(&c.0) || r.spent + c.1 > budget {
            r.defaulted = true;
            break;
        }
        seen.insert(c.0);
        r.spent += c.1;
        r.path.push(c.0);
        at = c.0;
    }
    // The default ([10.16], ruling M-R25): the step nearest home, then cheapest, then by id.
    let voluntary_done = |r: &Route| kind != Kind::Flight && !r.path.is_empty();
    while !voluntary_done(&r) {
        let mut next: Vec<(u32, u32, Hex)> = at
            .neighbours(map.convention)
            .into_iter()
            .filter(|h| !seen.contains(h))
            .filter_map(|h| g.cost(at, h).map(|c| (g.distance(h), c, h)))
            .collect();
        next.sort();
        let open = !next.is_empty();
        let Some(&(_, c, h)) = next.iter().find(|(_, c, _)| r.spent + c <= budget) else {
            // [10.34] (ruling M-R25): boxed in (no hex open at all) before the Flight's 30 MP
            // are spent, the Force is eliminated; with hexes open but none within what is
            // left, the Flight is over.
            if kind == Kind::Flight && !open && r.spent < must {
                return None;
            }
            break;
        };
        r.defaulted = true;
        seen.insert(h);
        r.spent += c;
        r.path.push(h);
        at = h;
    }
    if r.path.is_empty() {
        return None;
    }
    let start_satrapy = g.enemy_satrapy(from);
    let mut last = start_satrapy;
    for h in &r.path {
        let s = g.enemy_satrapy(*h);
        if let Some(x) = &s {
            if last.as_ref() != Some(x) && !r.satrapies.contains(x) {
                r.satrapies.push(x.clone());
            }
        }
        last = s;
    }
    Some(r)
}

/// The basic source of supply in words, for the report ([10.16]).
pub fn home_words(side: &str) -> &'static str {
    if side == MACEDONIAN {
        "Thrace"
    } else {
        "Babylon"
    }
}

/// Carries out a retreat of `side`'s Force (`units`, `cmds`) from `from` ([10.13]–[10.17],
/// [10.31], [10.34], [8.54]): the route by the standing `retreat_path` of its commander, then
/// the default; the 2 SSP of each enemy-controlled satrapy entered; Disruption past 5 MP of
/// retreat in the phase (always after a Flight). A Flight with no route eliminates the Force
/// with its commanders. Returns the route taken (None: no retreat was possible).
pub fn go(
    st: &mut State,
    side: &str,
    from: Hex,
    (units, cmds): (&[String], &[String]),
    kind: Kind,
    standing: Option<&Standing>,
    ev: &mut Vec<Event>,
) -> Option<Route> {
    let chief = super::battle::in_charge(st, cmds);
    let used = chief
        .as_ref()
        .and_then(|c| st.combat.retreat_spent.get(c))
        .copied()
        .unwrap_or(0);
    let wanted = super::battle::wanted_path(standing, chief.as_deref());
    let (rule, what) = match kind {
        Kind::BeforeCombat => ("Macedonians [10.11]", "Retreats Before Combat"),
        Kind::DuringCombat => ("Macedonians [10.22]", "Retreats During Combat"),
        Kind::Flight => ("Macedonians [10.31]", "Flees"),
    };
    let Some(r) = plan(st, side, from, kind, used, &wanted) else {
        if kind == Kind::Flight {
            ev.push(Event::new(
                "Macedonians [10.34]",
                format!(
                    "{} cannot flee its 30 MP from {from} and is eliminated with its commanders",
                    side_name(side)
                ),
            ));
            for u in units {
                if let Some(x) = st.units.remove(u) {
                    st.eliminated.insert(u.clone(), x);
                }
            }
            for c in cmds {
                super::battle::kill_commander(st, c, ev);
            }
        }
        return None;
    };
    let end = r.path.last().expect("a route enters a hex").to_string();
    for u in units {
        if let Some(x) = st.units.get_mut(u) {
            x.at.hex = end.clone();
            x.at.inside = false;
        }
    }
    for c in cmds {
        if let Some(x) = st.commanders.get_mut(c) {
            x.at.hex = end.clone();
        }
    }
    let per = st.maps.costs("macedonians").map(|c| c.per_mp).unwrap_or(2);
    let words: Vec<String> = r.path.iter().map(|h| h.to_string()).collect();
    ev.push(Event::new(
        rule,
        format!(
            "{} {what}: {from} → {} ({}, off the Royal Persian Highway, Macedonians [5.43]; toward {}, [10.16]){}",
            side_name(side),
            words.join(" → "),
            mp(r.spent, per),
            home_words(side),
            if r.defaulted {
                if wanted.is_empty() {
                    " (default path: no standing `retreat_path`)"
                } else {
                    " (the standing `retreat_path` as far as it was legal, then the default)"
                }
            } else {
                ""
            }
        ),
    ));
    if kind != Kind::Flight {
        if let Some(c) = &chief {
            st.combat.retreat_spent.insert(c.clone(), used + r.spent);
        }
    }
    let order = standing.map(|x| x.losses.clone()).unwrap_or_default();
    let each = st
        .pack
        .number("combat", "retreat-satrapy-loss")
        .unwrap_or(2);
    for s in &r.satrapies {
        let why = format!("crossing the enemy-controlled satrapy {s}");
        let live: Vec<String> = units
            .iter()
            .filter(|u| st.units.contains_key(*u))
            .cloned()
            .collect();
        super::battle::take_losses(
            st,
            side,
            &live,
            &order,
            each,
            ("Macedonians [10.17]", &why),
            ev,
        );
    }
    let over = per
        * st.pack
            .number("movement", "retreat-disrupts-over")
            .unwrap_or(5);
    let total = if kind == Kind::Flight {
        r.spent
    } else {
        used + r.spent
    };
    if kind == Kind::Flight || total > over {
        super::battle::disrupt(st, side, cmds);
        ev.push(Event::new(
            "Macedonians [10.14]",
            format!(
                "the Force of {} is Disrupted ({} of retreat this phase): it may not move in its next Player-Turn",
                chief.as_deref().map(|c| st.commander_name(c)).unwrap_or_else(|| side_name(side).to_string()),
                mp(total, per)
            ),
        ));
    }
    Some(r)
}
