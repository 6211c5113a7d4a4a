//! The Macedonians pack against the Macedonians map: satrapies (their region, capital and
//! Supply Points), the cities' hexes, ports, Naval Bases and walls, the islands, the Persian
//! entry (the Susa Box, hex 6121, Babylon), the Cilician Gates, the Ferry hexsides, home ports,
//! the defection conditions and the set-up (hexes, cities, counters of the right side, each
//! once, cargo within the squadrons' capacity).

use std::collections::BTreeMap;

use super::super::model::{CityKind, Scenario, Side};
use super::super::{Pack, COUNTERS_FILE, PLACES_FILE, RULES_FILE, SCENARIO_FILE};
use crate::games::conquerors::data::Pack as Maps;
use crate::geo::hexmap::{MapFile, RegionKind};
use crate::geo::{Board, Hex, HexMap, Hexside, HexsideFeature};
use crate::pack::Findings;

/// Cities of The Romans that do not exist in The Macedonians (13.0).
const NOT_IN_THIS_GAME: [&str; 3] = ["Antioch", "Pergamum", "Lysimachae"];

/// Runs every check against the scenario's map.
pub fn check(o: &mut Findings, pack: &Pack, maps: &Maps) {
    let id = &pack.scenario.map;
    let Some(file) = maps.maps.get(id).map(|m| m.with_variant("macedonians")) else {
        o.add(
            SCENARIO_FILE,
            "map",
            "Macedonians [3.1]",
            format!("no map `{id}` in the Conquerors pack"),
        );
        return;
    };
    let map = HexMap::new(&file);
    satrapies(o, pack, &file, &map);
    cities(o, pack, &map);
    others(o, pack, &file, &map);
    setup(o, pack, &map);
}

fn hex(o: &mut Findings, file: &str, item: &str, map: &HexMap, h: &str) -> Option<Hex> {
    match Hex::parse(h) {
        Ok(x) if map.hex(x).is_some() => Some(x),
        _ => {
            o.add(
                file,
                item,
                "Macedonians [3.1]: a place is a hex of the map",
                format!("{h} is not a hex of the Macedonians map"),
            );
            None
        }
    }
}

/// 15.11-15.12: each satrapy is a map region with the capital and points the pack gives.
fn satrapies(o: &mut Findings, pack: &Pack, file: &MapFile, map: &HexMap) {
    let f = PLACES_FILE;
    for (id, s) in &pack.places.satrapies {
        let item = format!("satrapies/{id}");
        let Some(r) = file
            .regions
            .get(id)
            .filter(|r| r.kind == RegionKind::Satrapy)
        else {
            o.add(
                f,
                &item,
                "Macedonians [15.1]: a satrapy is a satrapy of the map",
                format!("the map has no satrapy region `{id}`"),
            );
            continue;
        };
        let player = s.provenance.player.is_some();
        if !player && r.supply != Some(s.supply) {
            o.add(
                f,
                &item,
                "Macedonians [15.12]: a satrapy's Supply Points are those the map prints",
                format!("{} here, {:?} on the map", s.supply, r.supply),
            );
        }
        let Some(cap) = &s.capital else {
            if r.capital.is_some() {
                o.add(
                    f,
                    &item,
                    "Macedonians [15.11]",
                    "the map gives this satrapy a capital",
                );
            }
            continue;
        };
        let Some(c) = pack.places.cities.get(cap) else {
            o.add(
                f,
                &item,
                "Macedonians [15.11]: a capital is a city of places.yaml",
                format!("no city `{cap}`"),
            );
            continue;
        };
        let inside = Hex::parse(&c.hex)
            .ok()
            .and_then(|h| map.hex(h))
            .is_some_and(|e| e.regions.contains(id));
        if !inside {
            o.add(
                f,
                &item,
                "Macedonians [15.11]: a satrapy's capital lies in it",
                format!("{cap} ({}) is not in {id}", c.hex),
            );
        }
        if !player && r.capital.as_deref() != Some(c.hex.as_str()) {
            o.add(
                f,
                &item,
                "Macedonians [15.11]: the capital is the map's",
                format!("{cap} ({}) here, {:?} on the map", c.hex, r.capital),
            );
        }
    }
    for (id, r) in &file.regions {
        if r.kind == RegionKind::Satrapy && !pack.places.satrapies.contains_key(id) {
            o.add(
                f,
                format!("satrapies/{id}"),
                "Macedonians [15.1]: every satrapy of the map has its data",
                "the map's satrapy is missing here",
            );
        }
    }
}

/// 3.4, 5.91, 14.11, 14.16: cities on their hexes, with the map's port and Naval Base.
fn cities(o: &mut Findings, pack: &Pack, map: &HexMap) {
    let f = PLACES_FILE;
    let mut bases = 0;
    for (name, c) in &pack.places.cities {
        let item = format!("cities/{name}");
        if NOT_IN_THIS_GAME.contains(&name.as_str()) {
            o.add(
                f,
                &item,
                "Macedonians [13.0]: Antioch, Pergamum and Lysimachae do not exist",
                "a city of The Romans only",
            );
        }
        let Some(h) = hex(o, f, &item, map, &c.hex) else {
            continue;
        };
        let e = map.hex(h).expect("checked");
        let named = e
            .city
            .as_ref()
            .is_some_and(|x| &x.name == name || x.also.contains(name));
        if !named {
            o.add(
                f,
                &item,
                "Macedonians [3.1]: a city stands in its hex of the map",
                format!("{} holds {:?}", c.hex, e.city.as_ref().map(|x| &x.name)),
            );
            continue;
        }
        if c.port != e.port || c.naval_base != e.naval_base {
            o.add(
                f,
                &item,
                "Macedonians [5.91], [13.1]: a city's port and Naval Base are the map's",
                format!(
                    "port {} base {} here, port {} base {} on the map",
                    c.port, c.naval_base, e.port, e.naval_base
                ),
            );
        }
        bases += usize::from(c.naval_base);
        let walled = c.kind == CityKind::Walled;
        let tagged = e
            .city
            .as_ref()
            .is_some_and(|x| x.tags.iter().any(|t| t == "walled"));
        if walled != tagged || walled != (c.fortification.is_some() && c.vp.is_some()) {
            o.add(f, &item, "Macedonians [14.11], [14.16], [21.11]: a Walled City is walled on the map and has its Fortification Strength and Victory Points, and only it", "walls, strength and points disagree");
        }
    }
    let walled = pack
        .places
        .cities
        .values()
        .filter(|c| c.kind == CityKind::Walled)
        .count();
    if walled != 5 {
        o.add(
            f,
            "cities",
            "Macedonians [3.4], [14.11]: there are five Walled Cities",
            format!("{walled}"),
        );
    }
    if bases != 8 {
        o.add(
            f,
            "cities",
            "Macedonians [5.91]: there are eight Naval Bases",
            format!("{bases}"),
        );
    }
}

/// Islands, the Persian entry, supply sources, the Gates, ferries, home ports, defections.
fn others(o: &mut Findings, pack: &Pack, file: &MapFile, map: &HexMap) {
    let p = &pack.places;
    let f = PLACES_FILE;
    let city = |n: &str| p.cities.contains_key(n);
    for (id, i) in &p.islands {
        let ok = i
            .place
            .as_ref()
            .map(|x| file.places.contains_key(x))
            .or(i.city.as_deref().map(city));
        if ok != Some(true) {
            o.add(
                f,
                format!("islands/{id}"),
                "Macedonians [15.14]: an island is a place or city of the map",
                "no such place or city",
            );
        }
    }
    let e = &p.persian_entry;
    if file.places.get(&e.susa_box).is_none_or(|b| b.kind != "box") {
        o.add(
            f,
            "persian-entry",
            "Macedonians [19.34]: the Susa Box is a box of the map",
            format!("no box `{}`", e.susa_box),
        );
    }
    for h in &e.entry_hexes {
        if let Some(x) = hex(o, f, "persian-entry", map, h) {
            let on_road = x
                .neighbours(map.convention)
                .into_iter()
                .any(|n| !map.roads(x, n).is_empty());
            if !on_road {
                o.add(
                    f,
                    "persian-entry",
                    "Macedonians [19.32]: the entry hex is on the Royal Persian Highway",
                    format!("{h} has no road"),
                );
            }
        }
    }
    if !city(&e.city) {
        o.add(
            f,
            "persian-entry",
            "Macedonians [19.32]",
            format!("no city `{}`", e.city),
        );
    }
    for (side, s) in &p.supply_sources {
        let ok = s
            .city
            .as_deref()
            .map(city)
            .or(s.satrapy.as_ref().map(|x| p.satrapies.contains_key(x)));
        if ok != Some(true) || (side != "persian" && side != "macedonian") {
            o.add(
                f,
                format!("supply-sources/{side}"),
                "Macedonians [10.16]: each side's source is a city or satrapy",
                "no such side, city or satrapy",
            );
        }
    }
    if let Some(h) = hex(o, f, "cilician-gates", map, &p.cilician_gates.hex) {
        if !map
            .hex(h)
            .is_some_and(|e| e.tags.iter().any(|t| t == "pass"))
        {
            o.add(
                f,
                "cilician-gates",
                "Macedonians [5.51]: the Cilician Gates are the pass hex",
                format!("{h} is not marked `pass` on the map"),
            );
        }
    }
    for key in &pack.rules.ferries.hexsides {
        let ok = Hexside::parse(key, map.convention)
            .is_ok_and(|s| map.features(&s).contains(&HexsideFeature::Ferry));
        if !ok {
            o.add(
                RULES_FILE,
                "ferries",
                "Macedonians [5.37]: the Ferry hexsides are ferries of the map",
                format!("{key} is not a ferry hexside there"),
            );
        }
    }
    for (id, q) in &pack.counters.squadrons {
        if let Some(home) = &q.home {
            if !p.cities.get(home).is_some_and(|c| c.port) {
                o.add(
                    COUNTERS_FILE,
                    format!("squadrons/{id}"),
                    "Macedonians [12.32]: a home port is a port",
                    format!("`{home}` is not a port of places.yaml"),
                );
            }
        }
    }
    for (fleet, d) in &pack.rules.defection {
        let item = format!("defection/{fleet}");
        if !pack.counters.squadrons.values().any(|q| &q.nation == fleet) {
            o.add(
                RULES_FILE,
                &item,
                "Macedonians [12.34]: a defecting fleet has squadrons",
                format!("no `{fleet}` squadron"),
            );
        }
        for c in d.cities.iter().chain(&d.removed_when) {
            if !city(c) {
                o.add(
                    RULES_FILE,
                    &item,
                    "Macedonians [12.34]",
                    format!("no city `{c}`"),
                );
            }
        }
        if d.never == d.removed_when.is_none() {
            o.add(
                RULES_FILE,
                &item,
                "Macedonians [12.34] G: a fleet that never defects leaves play when its city falls",
                "never and removed_when disagree",
            );
        }
    }
}

/// The set-up (20.1, 20.2) and initial control (20.3).
fn setup(o: &mut Findings, pack: &Pack, map: &HexMap) {
    let f = SCENARIO_FILE;
    let s: &Scenario = &pack.scenario;
    let c = &pack.counters;
    if !s
        .players
        .iter()
        .all(|p| p == "persian" || p == "macedonian")
        || !s.players.contains(&s.first_player)
    {
        o.add(
            f,
            "players",
            "Macedonians [2.0], [4.2]: the Persian and the Macedonian, the Persian first",
            format!("{:?} first {}", s.players, s.first_player),
        );
    }
    let mut seen: BTreeMap<&str, String> = BTreeMap::new();
    let mut trains = 0;
    for (side, entries) in &s.setup {
        let want = if side == "persian" {
            Side::Persian
        } else {
            Side::Macedonian
        };
        for (i, e) in entries.iter().enumerate() {
            let item = format!("setup/{side}/{i}");
            let Some(h) = hex(o, f, &item, map, &e.at.hex) else {
                continue;
            };
            if let Some(name) = &e.at.city {
                if pack
                    .places
                    .cities
                    .get(name)
                    .is_none_or(|x| x.hex != e.at.hex)
                {
                    o.add(
                        f,
                        &item,
                        "Macedonians [20.0]: a set-up city stands in its hex",
                        format!("{name} is not the city of {}", e.at.hex),
                    );
                }
            }
            let entry = map.hex(h).expect("checked");
            if !e.squadrons.is_empty() && !entry.port {
                o.add(
                    f,
                    &item,
                    "Macedonians [5.24], [20.0]: squadrons set up in a port",
                    format!("{} is no port", e.at.hex),
                );
            }
            if !entry.terrain.is_land() {
                o.add(
                    f,
                    &item,
                    "Macedonians [5.24]",
                    format!("{} is not land", e.at.hex),
                );
            }
            trains += usize::from(e.siege_train);
            if e.siege_train && want != Side::Macedonian {
                o.add(
                    f,
                    &item,
                    "Macedonians [14.27]: the Persian has no Siege Train",
                    "a Persian Siege Train",
                );
            }
            for id in e.units.iter().chain(&e.commanders).chain(&e.squadrons) {
                let side_of = c
                    .units
                    .get(id)
                    .and_then(|u| pack.unit_type(&u.kind))
                    .map(|t| t.side)
                    .or_else(|| c.commanders.get(id).map(|k| k.side))
                    .or_else(|| c.squadrons.get(id).map(|q| q.side));
                match side_of {
                    None => o.add(
                        f,
                        &item,
                        "Macedonians [20.0]: the set-up places counters of counters.yaml",
                        format!("no counter `{id}`"),
                    ),
                    Some(x) if x != want => o.add(
                        f,
                        &item,
                        "Macedonians [20.0]",
                        format!("`{id}` is not {side}"),
                    ),
                    _ => {}
                }
                if let Some(was) = seen.insert(id.as_str(), item.clone()) {
                    o.add(
                        f,
                        &item,
                        "Macedonians [20.0]: each counter is placed once",
                        format!("`{id}` also at {was}"),
                    );
                }
            }
            if e.aboard {
                let cargo: u32 = e.units.iter().filter_map(|u| pack.full_ssp(u)).sum();
                let full = pack.number("naval", "transport-full").unwrap_or(12);
                let room: u32 = e.squadrons.len() as u32 * full;
                if cargo > room {
                    o.add(
                        f,
                        &item,
                        "Macedonians [12.12]: a full squadron carries 12 SSP",
                        format!("{cargo} SSP aboard {} squadrons", e.squadrons.len()),
                    );
                }
            }
        }
    }
    if trains != 1 {
        o.add(
            f,
            "setup",
            "Macedonians [14.21], [20.12]: one Siege Train",
            format!("{trains}"),
        );
    }
    let ctl = &s.control;
    for side in [&ctl.macedonian, &ctl.persian] {
        for x in &side.satrapies {
            if !pack.places.satrapies.contains_key(x) {
                o.add(
                    f,
                    "control",
                    "Macedonians [20.3]",
                    format!("no satrapy `{x}`"),
                );
            }
        }
        for x in &side.cities {
            if !pack.places.cities.contains_key(x) {
                o.add(f, "control", "Macedonians [20.3]", format!("no city `{x}`"));
            }
        }
    }
    if ctl.macedonian.all_others == ctl.persian.all_others {
        o.add(
            f,
            "control",
            "Macedonians [20.3]: one side holds everything not named",
            "both or neither",
        );
    }
}
