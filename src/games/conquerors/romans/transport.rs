//! Romans [12]: naval transport. Land units embark only in a friendly controlled port
//! ([12.14]; on an island without a port in any of its coastal hexes, errata 12.17 and
//! follow-up 12.4; again where the same ships landed them, errata 12.14) and land in any clear
//! hex, enemy-occupied or not ([12.14]), in a friendly controlled port (ruling R-91) or in the
//! port they assault (follow-up 13.28); each squadron carries a legion's 24 SSP (12 at half
//! strength, a Merchant 20, [12.12], [12.2]) and its own cargo ([12.15]: a reduced squadron
//! loses what no longer fits, in its owner's `losses` order; a lost one all it carries; a
//! Siege Train with its carrier reduced or lost). Units aboard are not met by land Forces
//! (ruling AMB-58). An amphibious attacker that Flees or Retreats During Combat leaves by the
//! fleet that landed it ([12.16], errata 12.16; ruling R-93). Hooks for the land rules: a
//! commander landed from a fleet marches on with what is left of his 20 MP (errata 5.23,
//! follow-up 8.32); a unit aboard lands only where the rules let it.

use std::collections::{BTreeMap, BTreeSet};

use super::combat::{phase_index, Battle};
use super::fleets::{self, city_at, key, words};
use super::naval_decisions::cargo_loss_order;
use super::orders::Standing;
use super::retreat::{Kind, Planned};
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::attrition::remove_ssp;
use crate::games::conquerors::sea::Waters;
use crate::games::conquerors::transport::{pack, Hold, NoRoom};
use crate::geo::{Hex, HexKey, Terrain};
use crate::ruleset::{Event, RuleError};

/// Romans [12.14], errata 12.14, 12.17: whether `side`'s land unit or commander `id` may
/// embark in hex `k` on squadrons `ships`; None if it may, else why not.
pub fn embark_refusal(
    st: &State,
    w: &Waters,
    k: &HexKey,
    side: &str,
    id: &str,
    ships: &[String],
) -> Option<String> {
    if st.commanders.contains_key(id) {
        return None;
    }
    if w.port(k) {
        match city_at(st, w, k) {
            Some((_, c)) if !c.sacked && c.control.as_deref() == Some(side) => return None,
            // Ruling R-92 (AMB-57): auxiliaries embark in a neutral port (no player's, no
            // ally's), as Carthage's are raised and carried.
            Some((_, c))
                if !c.sacked
                    && c.control.is_none()
                    && c.ally.is_none()
                    && st.units.get(id).is_some_and(|u| u.kind != "legion") =>
            {
                return None
            }
            Some((_, c)) => {
                return Some(format!(
                    "{} is not a port {} controls: land units embark only in a friendly controlled port (Romans [12.14])",
                    c.name,
                    side_name(side)
                ))
            }
            None => {}
        }
    }
    if island_without_port(w, k) {
        return None;
    }
    if let Some(l) = st.naval.landings.get(id) {
        let here = w
            .canonical(k)
            .map(|c| super::state::city_key(&c.map, &c.hex.to_string()));
        if Some(&l.at) == here.as_ref() && l.squadrons.iter().any(|q| ships.contains(q)) {
            return None;
        }
    }
    Some(format!(
        "{} is not a friendly controlled port: land units embark only there (Romans [12.14]), on an island without a port (errata 12.17), or where the same ships landed them (errata 12.14)",
        words(st, k)
    ))
}

/// Errata 12.17, follow-up 12.4: the coastal hex `k` is on an island none of whose hexes is a
/// port (the island: land hexes tagged `island` joined to it).
fn island_without_port(w: &Waters, k: &HexKey) -> bool {
    let island = |x: &HexKey| {
        w.entry(x)
            .is_some_and(|e| e.terrain.is_land() && e.tags.iter().any(|t| t == "island"))
    };
    if !island(k) || !w.entry(k).is_some_and(|e| e.coastal) {
        return false;
    }
    let mut seen: BTreeSet<HexKey> = BTreeSet::new();
    let mut todo = vec![w.canonical(k).unwrap_or_else(|| k.clone())];
    while let Some(x) = todo.pop() {
        if !seen.insert(x.clone()) {
            continue;
        }
        if w.port(&x) {
            return false;
        }
        for n in w.neighbours(&x) {
            let sea = w
                .features(&x, &n)
                .iter()
                .any(|f| matches!(f, crate::geo::HexsideFeature::AllSea));
            if island(&n) && !sea && !seen.contains(&n) {
                todo.push(n);
            }
        }
    }
    true
}

/// Romans [12.14], ruling R-91, follow-up 13.28: whether `side`'s land units may land in
/// hex `k` (`assault`: the move assaults the port there); None if they may, else why not.
pub fn landing_refusal(
    st: &State,
    w: &Waters,
    k: &HexKey,
    side: &str,
    assault: bool,
) -> Option<String> {
    let Some(e) = w.entry(k) else {
        return Some(format!("{} is off the map", words(st, k)));
    };
    if !e.terrain.is_land() {
        return Some(format!(
            "{} is all sea: there is no land to put troops on (Romans [12.14])",
            words(st, k)
        ));
    }
    if e.terrain == Terrain::Clear {
        return None;
    }
    if e.port {
        if assault {
            return None;
        }
        if let Some((_, c)) = city_at(st, w, k) {
            if !c.sacked && c.control.as_deref() == Some(side) {
                return None;
            }
        }
    }
    Some(format!(
        "{} is {} terrain: land units land in a clear hex (Romans [12.14]), a friendly controlled port (ruling R-91) or a port they assault (follow-up 13.28)",
        words(st, k),
        e.terrain.name()
    ))
}

/// The holds of squadrons `ships` ([12.12], [12.2]).
pub fn holds(st: &State, ships: &[String]) -> Vec<Hold> {
    ships
        .iter()
        .filter_map(|id| st.squadrons.get(id).map(|q| (id, q)))
        .map(|(id, q)| Hold {
            id: id.clone(),
            capacity: fleets::capacity(st, q),
        })
        .collect()
}

/// Packs `cargo` (land units and commanders) onto `ships` ([12.12]), keeping where each
/// counter already is when it still fits.
///
/// Errors: the first counter that fits nowhere.
pub fn load(
    st: &State,
    ships: &[String],
    cargo: &[String],
) -> Result<BTreeMap<String, String>, NoRoom> {
    let items: Vec<(String, u32)> = cargo
        .iter()
        .map(|c| (c.clone(), fleets::room(st, c)))
        .collect();
    pack(&holds(st, ships), &items, &st.naval.aboard)
}

/// Romans [12.15], [11.32]: the cargo of `side`'s squadrons after losses: what a lost squadron
/// carried is lost with it (its commanders go to another ship of the fleet in the hex, or are
/// lost with the last one); a reduced squadron keeps what fits in its new room, the rest lost
/// in the owner's `losses` order; a Siege Train is lost when its carrier is reduced or lost.
/// `reduced`: the squadrons that lost a step now.
pub fn settle(
    st: &mut State,
    side: &str,
    reduced: &[String],
    standing: &BTreeMap<String, Standing>,
    ev: &mut Vec<Event>,
) {
    let w = fleets::waters(st);
    let aboard: Vec<(String, String)> = st
        .naval
        .aboard
        .iter()
        .filter(|(c, _)| {
            st.units.get(*c).is_some_and(|u| u.side == side)
                || st.commanders.get(*c).is_some_and(|x| x.side == side)
        })
        .map(|(c, q)| (c.clone(), q.clone()))
        .collect();
    let order = cargo_loss_order(standing, side);
    let mut by_ship: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (c, q) in aboard {
        by_ship.entry(q).or_default().push(c);
    }
    for (q, cargo) in by_ship {
        let Some(ship) = st.squadrons.get(&q).cloned() else {
            // Lost with its carrier; commanders to another ship of the fleet there, if any.
            lost_with(st, &w, side, &q, &cargo, ev);
            continue;
        };
        let was_reduced = reduced.contains(&q);
        let mut lines = Vec::new();
        if was_reduced {
            for c in &cargo {
                if st.units.get(c).is_some_and(|u| u.kind == "siege-train") {
                    st.units.remove(c);
                    st.naval.aboard.remove(c);
                    lines.push(format!(
                        "the Siege Train {c} is lost with its reduced carrier"
                    ));
                }
            }
        }
        let room = fleets::capacity(st, &ship);
        let units: Vec<String> = cargo
            .iter()
            .filter(|c| st.units.contains_key(*c))
            .cloned()
            .collect();
        let load: u32 = units.iter().map(|u| fleets::room(st, u)).sum();
        if load > room {
            let taken = remove_ssp(&mut st.units, &order.value, &units, load - room);
            lines.push(format!(
                "{q} now carries {room} SSP: {} SSP of its cargo are lost{}",
                load - room,
                taken.words()
            ));
        }
        for c in &cargo {
            if !st.units.contains_key(c) && !st.commanders.contains_key(c) {
                st.naval.aboard.remove(c);
            }
        }
        if !lines.is_empty() {
            ev.push(Event::new("Romans [12.15]", lines.join("; ")));
        }
    }
}

/// The cargo of squadron `q`, lost with it ([12.15]).
fn lost_with(
    st: &mut State,
    w: &Waters,
    side: &str,
    q: &str,
    cargo: &[String],
    ev: &mut Vec<Event>,
) {
    let mut gone = Vec::new();
    for c in cargo {
        if st.units.remove(c).is_some() {
            gone.push(c.clone());
            st.naval.aboard.remove(c);
            continue;
        }
        let Some(at) = st.commanders.get(c).map(|x| x.at.clone()) else {
            st.naval.aboard.remove(c);
            continue;
        };
        let other = key(&at)
            .map(|k| fleets::squadrons_at(st, w, &k, Some(side)))
            .unwrap_or_default()
            .into_iter()
            .next();
        match other {
            Some(o) => {
                st.naval.aboard.insert(c.clone(), o);
            }
            None => {
                st.naval.aboard.remove(c);
                gone.push(st.commander_name(c));
                super::casualties::kill_commander(st, c, ev);
            }
        }
    }
    if !gone.is_empty() {
        ev.push(Event::new(
            "Romans [12.15]",
            format!("lost with {q}: {}", gone.join(", ")),
        ));
    }
}

/// Drops cargo entries whose counter no longer stands with its squadron (it marched off).
pub fn prune(st: &mut State) {
    let stale: Vec<String> = st
        .naval
        .aboard
        .keys()
        .filter(|c| !fleets::aboard(st, c))
        .cloned()
        .collect();
    for c in stale {
        st.naval.aboard.remove(&c);
    }
}

/// Errata 5.23, follow-up 8.32: a commander carried by sea and landed this phase may move on
/// land with what is left of his 20 MP: his MP spent (half MP), once (the mark is used up).
pub fn resume(st: &mut State, cid: &str) -> Option<u32> {
    if !st.naval.landed.remove(cid) {
        return None;
    }
    Some(st.moved.get(cid).map(|m| m.spent).unwrap_or(0))
}

/// Ruling AMB-58: a land unit aboard a fleet is not met by land Forces (for the land rules'
/// hexes entered, battles and zones).
pub fn ashore(st: &State, id: &str) -> bool {
    !fleets::aboard(st, id)
}

/// Romans [12.14]: a land move taking unit `id` off its ships: only where it may land.
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]`.
pub fn check_disembark(st: &State, i: usize, id: &str) -> Result<(), RuleError> {
    if !fleets::aboard(st, id) || !st.units.contains_key(id) {
        return Ok(());
    }
    let w = fleets::waters(st);
    let u = &st.units[id];
    let Some(k) = key(&u.at) else { return Ok(()) };
    match landing_refusal(st, &w, &k, &u.side, false) {
        None => Ok(()),
        Some(why) => Err(RuleError::illegal(
            format!("moves[{i}]"),
            "Romans [12.14]",
            format!("{id} is aboard {}: {why}", st.naval.aboard[id]),
        )),
    }
}

/// The squadrons that landed side `s`'s attacking Force of battle `b` this phase, when it
/// came by sea ([12.16]).
fn landed_by(st: &State, b: &Battle, s: usize) -> Option<Vec<String>> {
    if s != 0 {
        return None;
    }
    let here = super::state::city_key(&b.map, &b.hex.to_string());
    let now = phase_index(st);
    let ships: BTreeSet<String> = b.units[s]
        .iter()
        .filter_map(|u| st.naval.landings.get(u))
        .filter(|l| l.at == here && l.phase == now)
        .flat_map(|l| l.squadrons.iter().cloned())
        .collect();
    (!ships.is_empty()).then(|| ships.into_iter().collect())
}

/// Romans [12.16], errata 12.16, ruling R-93: the retreat of an amphibious attacker: aboard
/// the fleet that landed it, by sea to the nearest friendly port within its retreat MP
/// (flight: 20 MP), where it lands. `Some(None)`: it came by sea but cannot leave so (its
/// fleet is gone or no port is in reach); `None`: it did not come by sea.
pub fn amphibious_plan(
    st: &State,
    b: &Battle,
    s: usize,
    kind: Kind,
    used: u32,
) -> Option<Option<Planned>> {
    let ships = landed_by(st, b, s)?;
    let w = fleets::waters(st);
    let here = HexKey {
        map: b.map.clone(),
        hex: b.hex,
    };
    let present: Vec<String> = ships
        .into_iter()
        .filter(|q| {
            st.squadrons
                .get(q)
                .is_some_and(|x| key(&x.at).and_then(|k| w.canonical(&k)) == w.canonical(&here))
        })
        .collect();
    if present.is_empty() {
        return Some(None);
    }
    let full = st
        .pack
        .movement
        .radii
        .get(if kind == Kind::Flight {
            "flight"
        } else {
            "retreat"
        })
        .map(|r| r.item.half_mp)
        .unwrap_or(40);
    let budget = if kind == Kind::Flight {
        full
    } else {
        full.saturating_sub(used)
    };
    let side = &b.sides[s];
    let nations = fleets::nations(st, &present);
    let per = super::naval_bases::per_hex(st);
    let (path, cost) = w.path(
        &here,
        &|k| fleets::friendly_port(st, &w, k, side, &nations),
        per,
        budget,
        &|k| fleets::open_water(st, &w, k, side),
    )?;
    let hexes: Vec<Hex> = path
        .iter()
        .filter_map(|k| w.numbered_on(k, &b.map))
        .collect();
    if hexes.len() != path.len() || hexes.is_empty() {
        return Some(None);
    }
    Some(Some(Planned {
        path: hexes,
        spent: cost,
        defaulted: false,
        into_city: false,
    }))
}

/// Romans [12.16]: after an amphibious Force's retreat by sea, its fleet has carried it: the
/// squadrons that landed it go with it to the port.
pub fn amphibious_after(st: &mut State, b: &Battle, s: usize, p: &Planned, ev: &mut Vec<Event>) {
    let Some(ships) = landed_by(st, b, s) else {
        return;
    };
    let Some(end) = p.path.last() else { return };
    let hex = end.to_string();
    let from = b.hex.to_string();
    let mut moved = Vec::new();
    for q in ships {
        if let Some(x) = st.squadrons.get_mut(&q) {
            if x.at.map == b.map && x.at.hex == from {
                x.at.hex = hex.clone();
                moved.push(q);
            }
        }
    }
    if !moved.is_empty() {
        ev.push(Event::new(
            "Romans [12.16]",
            format!(
                "the amphibious Force re-embarks and {} carry it by sea from {from} to the friendly port {hex}, where it lands (the land units are Disrupted beyond 4 MP, not the fleet: errata 12.16)",
                moved.join(", ")
            ),
        ));
    }
}

/// Romans [13.28], errata and follow-up 13.28: what a fleet adds to the assault by `cid` on
/// the city `city_key`: the land units its ships landed there this phase (they assault with
/// it, in any terrain), and — the city being unoccupied and no enemy squadron there — the
/// naval strength of the squadrons that moved under him, each point one SSP. Returns (landed
/// units, naval strength).
pub fn assault_help(st: &State, side: &str, cid: &str, city_key: &str) -> (Vec<String>, u32) {
    let Some(c) = st.cities.get(city_key) else {
        return (Vec::new(), 0);
    };
    let w = fleets::waters(st);
    let Some(k) = key(&c.at) else {
        return (Vec::new(), 0);
    };
    let now = phase_index(st);
    let mine: Vec<String> = fleets::squadrons_at(st, &w, &k, Some(side))
        .into_iter()
        .filter(|q| st.committed.get(q).is_some_and(|by| by == cid))
        .collect();
    let landed: Vec<String> = st
        .naval
        .landings
        .iter()
        .filter(|(u, l)| {
            l.at == city_key
                && l.phase == now
                && l.squadrons.iter().any(|q| mine.contains(q))
                && st.committed.get(*u).is_none_or(|by| by != cid)
                && st
                    .units
                    .get(*u)
                    .is_some_and(|x| x.side == side && !x.at.inside)
        })
        .map(|(u, _)| u.clone())
        .collect();
    let occupied = !super::cities::garrison(st, c).is_empty();
    let blockaded = !fleets::enemy_squadrons(st, &w, &k, side).is_empty();
    let naval = if occupied || blockaded {
        0
    } else {
        mine.iter()
            .filter_map(|q| st.squadrons.get(q))
            .map(|q| fleets::strength(st, q))
            .sum()
    };
    (landed, naval)
}

/// Romans [5.32], the hexsides' `via` (`maps/FORMAT.md`): a land move may not cross a ferry
/// whose port hex holds an enemy fleet (it "blockades" the crossing).
///
/// Errors: [`RuleError::Illegal`] naming `moves[i]` and the hex beyond the ferry.
pub fn ferries_open(
    st: &State,
    side: &str,
    i: usize,
    map: &str,
    start: Hex,
    walked: &crate::games::conquerors::movement::Walk,
) -> Result<(), RuleError> {
    let Some(file) = st.maps.maps.get(map) else {
        return Ok(());
    };
    let w = fleets::waters(st);
    let mut at = start;
    for step in &walked.steps {
        let (a, b) = if at <= step.hex {
            (at, step.hex)
        } else {
            (step.hex, at)
        };
        let name = format!("{a}/{b}");
        if let Some(e) = file.hexsides.get(&name) {
            let ferry = e.features.contains(&crate::geo::HexsideFeature::Ferry);
            if let (true, Some(via)) = (ferry, e.via.as_ref()) {
                let k = HexKey {
                    map: map.to_string(),
                    hex: Hex::parse(via).unwrap_or(a),
                };
                if !fleets::enemy_squadrons(st, &w, &k, side).is_empty() {
                    return Err(RuleError::illegal(
                        format!("moves[{i}]"),
                        "Romans [5.32]",
                        format!("the crossing {name} is closed: an enemy fleet blockades {via}"),
                    ));
                }
            }
        }
        at = step.hex;
    }
    Ok(())
}
