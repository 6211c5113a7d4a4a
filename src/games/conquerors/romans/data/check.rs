//! The Romans pack's own checks, run by `legatus data check scenarios/conquerors` and on every
//! load: provenance markings, every table complete for every die value it is read with, the
//! errata variants and Forced March columns tied to their tables, and every scenario's
//! references — counters, commanders, pools, legions, nations, tables, turn tracks — and places
//! (set-up hexes on the map and on land, city names as the map spells them, regions).

use std::collections::BTreeSet;

use super::model::RowsBy;
use super::scenario::{InitialControl, Scenario, SetupEntry};
use super::{
    item_origins, Pack, COUNTERS_FILE, MOVEMENT_FILE, NUMBERS_FILE, TABLES_FILE, TURNS_FILE,
};
use crate::games::conquerors::data::Pack as Maps;
use crate::geo::{Hex, HexMap};
use crate::pack::check::{file_marking, marked, not_both};
use crate::pack::{Findings, Violation};

/// The Romans' dice rule: every table is read with one or two six-sided dice (Romans [3.3]).
pub const DICE_RULE: &str = "Romans [3.3]";

/// Every violation of the Romans pack, read against the Conquerors maps `maps`.
pub fn validate(pack: &Pack, maps: &Maps) -> Vec<Violation> {
    let mut o = Findings::default();
    file_marking(&mut o, TABLES_FILE, &pack.tables.provenance);
    file_marking(&mut o, COUNTERS_FILE, &pack.counters.provenance);
    file_marking(&mut o, MOVEMENT_FILE, &pack.movement.provenance);
    file_marking(&mut o, NUMBERS_FILE, &pack.numbers.provenance);
    file_marking(&mut o, TURNS_FILE, &pack.turns.provenance);
    for (id, s) in &pack.scenarios {
        // A scenario replaced whole by an override file carries `player:` (and its own marks).
        if s.provenance.player.is_none() {
            file_marking(&mut o, pack.scenario_file(id), &s.provenance);
        }
    }
    not_both(&mut o, TABLES_FILE, "tables", &pack.tables.tables);
    not_both(
        &mut o,
        COUNTERS_FILE,
        "commanders",
        &pack.counters.commanders,
    );
    not_both(
        &mut o,
        COUNTERS_FILE,
        "unit-types",
        &pack.counters.unit_types,
    );
    marked(&mut o, &item_origins(pack));
    tables(&mut o, pack);
    for (id, s) in &pack.scenarios {
        scenario(&mut o, pack, maps, pack.scenario_file(id), s);
    }
    o.0
}

/// Tables: complete for every die value, modified-die rows contiguous over 1–6, printed cells
/// named by existing rows and columns, variants and Forced March columns tied to their tables,
/// Augury cells naming events.
fn tables(o: &mut Findings, pack: &Pack) {
    let f = TABLES_FILE;
    for (name, t) in &pack.tables.tables {
        let item = format!("tables/{name}");
        t.check(o, f, &item, DICE_RULE);
        if t.rows_by == RowsBy::ModifiedDie {
            let keys: Vec<i64> = t.rows.keys().filter_map(|k| k.parse().ok()).collect();
            let (lo, hi) = (keys.iter().min(), keys.iter().max());
            let contiguous = match (lo, hi) {
                (Some(lo), Some(hi)) => {
                    *lo <= 1 && *hi >= 6 && (*lo..=*hi).all(|r| keys.contains(&r))
                }
                _ => false,
            };
            if !contiguous || keys.len() != t.rows.len() {
                o.add(
                    f,
                    &item,
                    &format!("{DICE_RULE}: a modified die roll has a row for every total, 1-6 and each modified total"),
                    format!("rows {:?} are not contiguous numbers covering 1-6", t.rows.keys().collect::<Vec<_>>()),
                );
            }
        }
        for cell in t.sourced_cells.keys() {
            let ok = cell
                .split_once('/')
                .is_some_and(|(r, c)| t.rows.contains_key(r) && t.columns.iter().any(|x| x == c));
            if !ok {
                o.add(
                    f,
                    &item,
                    "tables schema: a printed cell names a row and a column of its table",
                    format!("sourced cell `{cell}` is not row/column of the table"),
                );
            }
        }
        for row in t.sourced_rows.keys() {
            if !t.rows.contains_key(row) {
                o.add(
                    f,
                    &item,
                    "tables schema: a printed row is a row of its table",
                    format!("sourced row `{row}` is not in the table"),
                );
            }
        }
    }
    for (name, v) in &pack.tables.table_variants {
        let item = format!("table-variants/{name}");
        match pack.tables.tables.get(name) {
            None => o.add(
                f,
                &item,
                "errata variants apply to a table of the pack",
                format!("no table `{name}`"),
            ),
            Some(t) => {
                for (vn, var) in &v.variants {
                    for cell in var.cells.keys() {
                        let ok = cell.split_once('/').is_some_and(|(r, c)| {
                            t.rows.contains_key(r) && t.columns.iter().any(|x| x == c)
                        });
                        if !ok {
                            o.add(
                                f,
                                &item,
                                "errata variants replace cells of their table",
                                format!("variant `{vn}`: `{cell}` is not row/column"),
                            );
                        }
                    }
                }
            }
        }
        if !v.variants.contains_key(&v.default) {
            o.add(
                f,
                &item,
                "errata variants name their default",
                format!("default `{}` is not one of the variants", v.default),
            );
        }
    }
    let fm = &pack.tables.forced_march_columns;
    if let Some(t) = pack.table("forced-march-attrition") {
        let keys: BTreeSet<&String> = fm.column_key.keys().collect();
        let cols: BTreeSet<&String> = t.columns.iter().collect();
        if keys != cols {
            o.add(
                f,
                "forced-march-columns",
                "Romans [5.86], errata 5.86: every column of the table has its rating and extra hexes",
                format!("column key {keys:?} against table columns {cols:?}"),
            );
        }
        for (label, c) in &fm.column_key {
            let max = fm
                .max_extra_hexes
                .get(&c.rating.to_string())
                .copied()
                .unwrap_or(0);
            if c.extra_hexes > max || c.extra_hexes == 0 {
                o.add(
                    f,
                    "forced-march-columns",
                    "Romans [5.85]: a rating may declare only up to its most extra hexes",
                    format!(
                        "column `{label}`: {} extra hexes at rating {} (most {max})",
                        c.extra_hexes, c.rating
                    ),
                );
            }
        }
    } else {
        o.add(
            f,
            "tables/forced-march-attrition",
            "Romans [5.86]",
            "the table is missing",
        );
    }
    if let Some(t) = pack.table("augury") {
        for (r, cells) in &t.rows {
            for c in cells {
                if !pack.tables.augury_events.contains_key(c) {
                    o.add(
                        f,
                        "tables/augury",
                        "Romans [18.32]: every Augury result is an event of `augury-events`",
                        format!("row {r}: no event `{c}`"),
                    );
                }
            }
        }
    }
}

/// The maps a scenario uses, as The Romans uses them.
fn scenario_maps(maps: &Maps, s: &Scenario) -> Vec<HexMap> {
    s.maps
        .iter()
        .filter_map(|m| maps.map_for(m, "romans"))
        .collect()
}

/// A place of a scenario: its map and hex, or why it does not resolve.
pub fn resolve(maps: &[HexMap], at: &super::model::PlaceRef) -> Result<(String, Hex), String> {
    let candidates: Vec<&HexMap> = match &at.map {
        Some(m) => maps.iter().filter(|x| &x.id == m).collect(),
        None => maps.iter().collect(),
    };
    if candidates.is_empty() {
        return Err(format!(
            "map `{}` is not one of the scenario's",
            at.map.as_deref().unwrap_or("")
        ));
    }
    match (&at.hex, &at.city) {
        (Some(h), city) => {
            let hex = Hex::parse(h).map_err(|e| e.to_string())?;
            let m = candidates[0];
            let e = m
                .hex(hex)
                .ok_or_else(|| format!("hex {h} is not on the {} map", m.id))?;
            if let Some(c) = city {
                let named = e
                    .city
                    .as_ref()
                    .is_some_and(|x| &x.name == c || x.also.iter().any(|a| a == c));
                if !named {
                    return Err(format!(
                        "hex {h} holds {}, not {c}",
                        e.city
                            .as_ref()
                            .map(|x| x.name.as_str())
                            .unwrap_or("no city")
                    ));
                }
            }
            Ok((m.id.clone(), hex))
        }
        (None, Some(c)) => candidates
            .iter()
            .find_map(|m| m.city(c).map(|h| (m.id.clone(), h)))
            .ok_or_else(|| {
                let names: Vec<String> = candidates
                    .iter()
                    .flat_map(|m| {
                        m.hexes
                            .values()
                            .filter_map(|e| e.city.as_ref().map(|c| c.name.clone()))
                    })
                    .collect();
                format!(
                    "no city `{c}` on the scenario's maps{}",
                    crate::names::did_you_mean(c, names.iter().map(String::as_str))
                )
            }),
        (None, None) => Err("a place needs a hex or a city".into()),
    }
}

/// A scenario: references and places.
fn scenario(o: &mut Findings, pack: &Pack, maps: &Maps, f: &str, s: &Scenario) {
    let c = &pack.counters;
    let ms = scenario_maps(maps, s);
    if ms.len() != s.maps.len() {
        o.add(
            f,
            "maps",
            "Romans [20]: the scenario's maps exist",
            format!("maps {:?}", s.maps),
        );
    }
    if !pack.turns.scenarios.contains_key(&s.turns) {
        o.add(
            f,
            "turns",
            "Romans [20.13]: the scenario has a turn track",
            format!("no track `{}` in turns.yaml", s.turns),
        );
    }
    let entry = |o: &mut Findings, item: &str, e: &SetupEntry, must_be_land: bool| {
        match resolve(&ms, &e.at) {
            Err(why) => o.add(f, item, "Romans [20]: a set-up place is on the map", why),
            Ok((m, h)) => {
                let land = ms
                    .iter()
                    .find(|x| x.id == m)
                    .and_then(|x| x.hex(h))
                    .is_some_and(|x| x.terrain.is_land());
                if must_be_land && !land {
                    o.add(
                        f,
                        item,
                        "Romans [5.42]: land units set up on land",
                        format!("{m} {h} is not land"),
                    );
                }
                let naval =
                    !e.squadrons.is_empty() || !e.half_squadrons.is_empty() || e.merchants > 0;
                let port_or_sea = ms
                    .iter()
                    .find(|x| x.id == m)
                    .and_then(|x| x.hex(h))
                    .is_some_and(|x| x.port || !x.terrain.is_land());
                if naval && !port_or_sea {
                    o.add(
                        f,
                        item,
                        "Romans [7.14], [5.24]: squadrons stand in a port or at sea",
                        format!("{m} {h} is neither a port nor a sea hex"),
                    );
                }
            }
        }
        for u in &e.units {
            if !c.unit_types.contains_key(&u.kind) {
                let near =
                    crate::names::did_you_mean(&u.kind, c.unit_types.keys().map(String::as_str));
                o.add(
                    f,
                    item,
                    "Romans [3.21]: every unit type exists in counters.yaml",
                    format!("no unit type `{}`{near}", u.kind),
                );
            }
        }
        for l in &e.legions {
            if !c.legion.numerals.contains(l) {
                o.add(
                    f,
                    item,
                    "Romans [3.4]: legions are numbered I-XII",
                    format!("no legion `{l}`"),
                );
            }
        }
        for k in e.squadrons.keys().chain(e.half_squadrons.keys()) {
            if !c.squadron_types.contains_key(k) {
                o.add(
                    f,
                    item,
                    "Romans [3.4]: every squadron type exists",
                    format!("no squadron type `{k}`"),
                );
            }
        }
        let blind = e.blind_commanders.iter().flat_map(|b| b.from.iter());
        for id in e.commanders.iter().chain(blind) {
            if !c.commanders.contains_key(id) {
                let near = crate::names::did_you_mean(id, c.commanders.keys().map(String::as_str));
                o.add(
                    f,
                    item,
                    "Romans [3.22]: every commander exists in counters.yaml",
                    format!("no commander `{id}`{near}"),
                );
            }
        }
        for u in &e.untried {
            if !c.roman_pools.contains_key(&u.pool) {
                o.add(
                    f,
                    item,
                    "Romans [18.1]: untried commanders come from a Roman pool",
                    format!("no pool `{}`", u.pool),
                );
            }
        }
    };
    for (side, entries) in &s.setup.sides {
        if !s.players.contains(side) && !s.optional_players.contains(side) {
            o.add(
                f,
                format!("setup/{side}"),
                "Romans [20]: set-up sides are players",
                format!("`{side}` is not a player"),
            );
        }
        for (i, e) in entries.entries().iter().enumerate() {
            let land = !e.legions.is_empty() || !e.units.is_empty();
            entry(o, &format!("setup/{side}/{i}"), e, land);
        }
    }
    for (i, r) in s.reinforcements.iter().enumerate() {
        let item = format!("reinforcements/{i}");
        if let Err(why) = resolve(&ms, &r.at) {
            o.add(
                f,
                &item,
                "Romans [20.14]: a reinforcement's place is on the map",
                why,
            );
        }
        if !c.nations.contains_key(&r.nation) {
            o.add(
                f,
                &item,
                "Romans [20.14]: its nation exists",
                format!("no nation `{}`", r.nation),
            );
        }
        for id in &r.commanders {
            if !c.commanders.contains_key(id) {
                o.add(
                    f,
                    &item,
                    "Romans [3.22]: every commander exists",
                    format!("no commander `{id}`"),
                );
            }
        }
        if let Some(t) = &r.random_arrival_table {
            if pack.table(t).is_none() {
                o.add(
                    f,
                    &item,
                    "Romans [20.14]: the arrival table exists",
                    format!("no table `{t}`"),
                );
            }
        }
    }
    for (id, a) in &s.allies {
        let item = format!("allies/{id}");
        let nation = a.nation.as_deref().unwrap_or(id);
        if !c.nations.contains_key(nation) {
            o.add(
                f,
                &item,
                "Romans [16]: every ally is a nation of counters.yaml",
                format!("no nation `{nation}`"),
            );
        }
        for city in &a.cities {
            if let Err(why) = resolve(&ms, &city.place()) {
                o.add(
                    f,
                    &item,
                    "Romans [20.15]: an ally's cities are on the map",
                    why,
                );
            }
        }
        for (i, e) in a.forces.iter().enumerate() {
            entry(o, &format!("{item}/forces/{i}"), e, !e.units.is_empty());
        }
        for id in a.commanders.iter().flatten().chain(&a.commanders_only) {
            if !c.commanders.contains_key(id) {
                o.add(
                    f,
                    &item,
                    "Romans [3.22]: every commander exists",
                    format!("no commander `{id}`"),
                );
            }
        }
    }
    for (side, ic) in &s.initial_control {
        control(o, f, &format!("initial-control/{side}"), &ms, maps, ic);
    }
}

/// Initial control: regions exist on their map, named cities are on the maps.
fn control(o: &mut Findings, f: &str, item: &str, ms: &[HexMap], maps: &Maps, ic: &InitialControl) {
    for rs in ic
        .every_city_on_map_outside_regions
        .iter()
        .chain(&ic.regions)
    {
        let Some(m) = maps.maps.get(&rs.map) else {
            o.add(
                f,
                item,
                "Romans [20.17]: regions of a scenario map",
                format!("no map `{}`", rs.map),
            );
            continue;
        };
        for r in rs.regions.iter().chain(&rs.except_regions) {
            if !m.regions.contains_key(r) {
                o.add(
                    f,
                    item,
                    "Romans [20.17]: regions exist on their map",
                    format!("no region `{r}` on the {} map", rs.map),
                );
            }
        }
    }
    for c in &ic.except_cities {
        let at = super::model::PlaceRef {
            map: None,
            hex: None,
            city: Some(c.clone()),
            place: None,
        };
        if let Err(why) = resolve(ms, &at) {
            o.add(f, item, "Romans [20.17]: named cities are on the map", why);
        }
    }
    for p in &ic.plus_cities {
        if let Err(why) = resolve(ms, p) {
            o.add(f, item, "Romans [20.17]: named cities are on the map", why);
        }
    }
    for sub in ic.as_20_17.iter().chain(&ic.italy_only) {
        control(o, f, item, ms, maps, sub);
    }
}
