//! The Macedonians pack's own checks, run by `legatus data check scenarios/conquerors` and on
//! every load: provenance markings, every table complete for every roll it is read with (the
//! modified rolls' rows contiguous), the printed cells naming rows and columns of their table,
//! the tables and numbers the rules read all present, counters consistent with their types, and
//! every reference — types, counters, commanders, cities, satrapies, hexes — resolved, against
//! the Macedonians map where it names a place. `places.rs` holds the checks against the map.

use std::collections::BTreeMap;

use super::model::{Arm, Fleets, MTable, Side};
use super::{item_origins, Pack, COUNTERS_FILE, RULES_FILE, TABLES_FILE, TURNS_FILE};
use crate::games::conquerors::data::Pack as Maps;
use crate::pack::check::{file_marking, marked, not_both};
use crate::pack::{Findings, Violation};

mod places;

/// The Macedonians' dice rule: tables are read with one or two six-sided dice (3.3, 9.42).
pub const DICE_RULE: &str = "Macedonians [3.3]";

/// The tables the rules read, with the section that reads each.
pub const TABLES: [(&str, &str); 12] = [
    ("forced-march-attrition", "Macedonians [5.8]"),
    ("land-interception", "Macedonians [6.3]"),
    ("naval-interception", "Macedonians [6.7]"),
    ("cilician-gates-garrison", "Macedonians [5.55]"),
    ("macedonian-crt", "Macedonians [9.81]"),
    ("persian-crt", "Macedonians [9.82]"),
    ("naval-crt", "Macedonians [11.5]"),
    ("city-surrender", "Macedonians [13.5]"),
    ("siege", "Macedonians [14.7]"),
    ("land-attrition", "Macedonians [17.4]"),
    ("naval-attrition", "Macedonians [17.5]"),
    ("spartan-revolt", "Macedonians [22]"),
];

/// The rule numbers the engine reads: (section of rules.yaml, name, rule).
pub const NUMBERS: [(&str, &str, &str); 17] = [
    ("movement", "allowance", "Macedonians [5.0]"),
    ("movement", "winter-allowance-north", "Macedonians [5.39]"),
    ("movement", "winter-rough", "Macedonians [17.22]"),
    ("movement", "enter-enemy-occupied", "Macedonians [5.22]"),
    ("movement", "attack-city", "Macedonians [13.22]"),
    ("movement", "cilician-gates", "Macedonians [5.51]"),
    ("movement", "forced-march-most", "Macedonians [5.8]"),
    ("zones", "land-radius", "Macedonians [6.11]"),
    ("zones", "intercept-more-than", "Macedonians [6.51]"),
    ("stacking", "inside-major-city", "Macedonians [7.13]"),
    ("combat", "skirmish-at-most", "Macedonians [9.3]"),
    ("victory", "battle-macedonian", "Macedonians [21.12]"),
    ("victory", "battle-persian", "Macedonians [21.12]"),
    ("victory", "decisive-macedonian-from", "Macedonians [21.2]"),
    ("victory", "tactical-macedonian-from", "Macedonians [21.2]"),
    ("victory", "tactical-persian-from", "Macedonians [21.2]"),
    ("supply", "per-force", "Macedonians [15.23]"),
];

/// Every violation of the Macedonians pack, read against the Conquerors maps `maps`.
pub fn validate(pack: &Pack, maps: &Maps) -> Vec<Violation> {
    let mut o = Findings::default();
    for (file, p) in pack.file_markings() {
        file_marking(&mut o, file, p);
    }
    not_both(&mut o, TABLES_FILE, "tables", &pack.tables.tables);
    let c = &pack.counters;
    not_both(&mut o, COUNTERS_FILE, "unit-types", &c.unit_types);
    not_both(&mut o, COUNTERS_FILE, "units", &c.units);
    not_both(&mut o, COUNTERS_FILE, "squadrons", &c.squadrons);
    not_both(&mut o, COUNTERS_FILE, "commanders", &c.commanders);
    marked(&mut o, &item_origins(pack));
    tables(&mut o, pack);
    counters(&mut o, pack);
    numbers(&mut o, pack);
    turns(&mut o, pack);
    places::check(&mut o, pack, maps);
    o.0
}

/// Whether `cell` of a table names one of its rows and columns (`row/column`).
fn names_cell(t: &MTable, cell: &str) -> bool {
    cell.split_once('/')
        .is_some_and(|(r, c)| t.rows.contains_key(r) && t.columns.iter().any(|x| x == c))
}

/// Tables: present, complete, modified rolls contiguous, printed cells on the table.
fn tables(o: &mut Findings, pack: &Pack) {
    let f = TABLES_FILE;
    for (name, rule) in TABLES {
        if pack.table(name).is_none() {
            o.add(
                f,
                format!("tables/{name}"),
                rule,
                "the rules read this table and the pack has none",
            );
        }
    }
    for (name, t) in &pack.tables.tables {
        let item = format!("tables/{name}");
        t.check(o, f, &item, DICE_RULE);
        if let Some(base) = t.rows_by.modified() {
            if let Err(why) = t.contiguous_rows(base) {
                o.add(
                    f,
                    &item,
                    &format!("{DICE_RULE}: a modified roll has a row for every total it can reach"),
                    why,
                );
            }
        }
        for cell in t.sourced_cells.keys().filter(|c| !names_cell(t, c)) {
            o.add(
                f,
                &item,
                "tables schema: a printed cell names a row and a column of its table",
                format!("sourced cell `{cell}` is not row/column of the table"),
            );
        }
        for row in t.sourced_rows.keys().filter(|r| !t.rows.contains_key(*r)) {
            o.add(
                f,
                &item,
                "tables schema: a printed row is a row of its table",
                format!("sourced row `{row}` is not in the table"),
            );
        }
        let whole = pack.tables.tables[name].provenance.source.is_some();
        if whole && !(t.sourced_rows.is_empty() && t.sourced_cells.is_empty()) {
            o.add(
                f,
                &item,
                "pack provenance: a table printed in full marks no rows",
                "a `source:` table lists sourced rows or cells: mark the table `provisional:`",
            );
        }
    }
}

/// Counters: types exist, SSP within the type's, sides agree, command restrictions coherent.
fn counters(o: &mut Findings, pack: &Pack) {
    let f = COUNTERS_FILE;
    let c = &pack.counters;
    for (id, u) in &c.units {
        let item = format!("units/{id}");
        let Some(t) = pack.unit_type(&u.kind) else {
            o.add(
                f,
                &item,
                "Macedonians [3.21]: every counter is of a unit type",
                format!(
                    "no unit type `{}`{}",
                    u.kind,
                    crate::names::did_you_mean(&u.kind, c.unit_types.keys().map(String::as_str))
                ),
            );
            continue;
        };
        match u.ssp {
            Some(0) => o.add(
                f,
                &item,
                "Macedonians [9.12]: a unit has at least one step",
                "ssp 0",
            ),
            Some(n) if n > t.ssp => o.add(
                f,
                &item,
                "Macedonians [9.13]: no unit above its type's maximum SSP",
                format!("{n} SSP, above the {} of {}", t.ssp, u.kind),
            ),
            _ => {}
        }
    }
    for (id, t) in &c.unit_types {
        let item = format!("unit-types/{id}");
        if t.ssp == 0 {
            o.add(
                f,
                &item,
                "Macedonians [9.12]: a unit has at least one step",
                "ssp 0",
            );
        }
        if (t.arm == Arm::Garrison) != t.tactical.is_none() {
            o.add(
                f,
                &item,
                "Macedonians [18.1]: Garrison units alone have no tactical strengths",
                "a garrison with tactical values, or another type without them",
            );
        }
        if t.side == Side::Macedonian && t.levy.is_some() {
            o.add(
                f,
                &item,
                "Macedonians [19.42]: only Persian types are levied",
                "a Macedonian type with a levy class",
            );
        }
    }
    for (id, k) in &c.commanders {
        let item = format!("commanders/{id}");
        if (k.fleets == Fleets::Only) == k.fleet_nations.is_empty() {
            o.add(
                f,
                &item,
                "Macedonians [8.3], [12.43]: `fleets: only` names its fleets, and only it",
                "fleet_nations and fleets disagree",
            );
        }
        for n in &k.fleet_nations {
            if !c.squadrons.values().any(|q| &q.nation == n) {
                o.add(
                    f,
                    &item,
                    "Macedonians [12.43]: a king commands his own fleet",
                    format!("no squadron of the `{n}` fleet"),
                );
            }
        }
        if k.naval_only && k.fleets == Fleets::None {
            o.add(
                f,
                &item,
                "Macedonians [8.3]",
                "commands fleets only, and no fleet",
            );
        }
        if k.pool.is_some() && k.side != Side::Macedonian {
            o.add(
                f,
                &item,
                "Macedonians [8.84]: only the Macedonian has a Replacement Pool",
                "a Persian in the pool",
            );
        }
        if k.side == Side::Macedonian && k.fleets == Fleets::Any {
            o.add(f, &item, "Macedonians [8.3]: only Hegelochus, Alexander and Parmenion command Macedonian fleets", "a Macedonian commanding any fleet");
        }
    }
    for (id, q) in &c.squadrons {
        if q.strength < 2 {
            o.add(
                f,
                format!("squadrons/{id}"),
                "Macedonians [11.21]: a full squadron is 2 or 3, a half squadron 1",
                format!("full strength {}", q.strength),
            );
        }
    }
}

/// The numbers the engine reads are all in rules.yaml; percentages at most 100.
fn numbers(o: &mut Findings, pack: &Pack) {
    for (section, name, rule) in NUMBERS {
        if pack.number(section, name).is_none() {
            o.add(
                RULES_FILE,
                format!("{section}/{name}"),
                rule,
                "the rules read this number and rules.yaml has none",
            );
        }
    }
    for (section, nums) in pack.rules.sections() {
        for (k, q) in nums {
            if q.unit == super::model::Measure::Percent && q.value > 100 {
                o.add(
                    RULES_FILE,
                    format!("{section}/{k}"),
                    "rules.yaml schema: a percentage is 0-100",
                    format!("{}%", q.value),
                );
            }
        }
    }
}

/// The Turn Record Track: 26 Game-Turns numbered in order (4.1), Winter ones without months,
/// levies on Game-Turns 7-23 except Winter (19.41), every arrival a counter of its side that
/// neither stands in the set-up nor arrives twice.
fn turns(o: &mut Findings, pack: &Pack) {
    let f = TURNS_FILE;
    let c = &pack.counters;
    let track: Vec<_> = pack.track().collect();
    if track.len() != 26 {
        o.add(
            f,
            "turns",
            "Macedonians [4.1]: twenty-six Game-Turns",
            format!("{} Game-Turns", track.len()),
        );
    }
    let from = pack.number("reinforcements", "levies-from").unwrap_or(7) as usize;
    let to = pack.number("reinforcements", "levies-to").unwrap_or(23) as usize;
    let mut placed: BTreeMap<String, String> = BTreeMap::new();
    for (side, entries) in &pack.scenario.setup {
        for e in entries {
            for id in e.units.iter().chain(&e.commanders).chain(&e.squadrons) {
                placed.insert(id.clone(), format!("the {side} set-up"));
            }
        }
    }
    for (i, t) in track.iter().enumerate() {
        let item = format!("turns/{}", t.turn);
        if t.turn != (i + 1).to_string() {
            o.add(
                f,
                &item,
                "Macedonians [4.1]: the Game-Turns in order",
                format!("Game-Turn {} in place {}", t.turn, i + 1),
            );
        }
        if t.winter == t.months.is_some() {
            o.add(
                f,
                &item,
                "Macedonians Turn Record Track: a Winter Game-Turn has no months, the others have",
                "winter and months disagree",
            );
        }
        let levies = t.persian.as_ref().is_some_and(|p| p.levies);
        let due = (from..=to).contains(&(i + 1)) && !t.winter;
        if levies != due {
            o.add(
                f,
                &item,
                "Macedonians [19.41]: Asiatic Levies on Game-Turns 7-23 except Winter",
                format!("levies {levies}, due {due}"),
            );
        }
        let mut arrivals: Vec<(Side, &String)> = Vec::new();
        if let Some(p) = &t.persian {
            arrivals.extend(
                p.units
                    .iter()
                    .chain(&p.commanders)
                    .map(|u| (Side::Persian, u)),
            );
            for (gone, by) in &p.replace {
                for k in [gone, by] {
                    if c.commanders.get(k).is_none_or(|x| x.side != Side::Persian) {
                        o.add(
                            f,
                            &item,
                            "Macedonians [8.7], [8.84]",
                            format!("`{k}` is not a Persian commander"),
                        );
                    }
                }
                arrivals.push((Side::Persian, by));
            }
        }
        if let Some(m) = &t.macedonian {
            arrivals.extend(m.commanders.iter().map(|u| (Side::Macedonian, u)));
        }
        for (side, id) in arrivals {
            let of = c
                .units
                .get(id)
                .and_then(|u| pack.unit_type(&u.kind))
                .map(|t| t.side)
                .or_else(|| c.commanders.get(id).map(|k| k.side));
            match of {
                None => o.add(
                    f,
                    &item,
                    "Macedonians [19.31], [19.33]: Reinforcements are counters of counters.yaml",
                    format!("no unit or commander `{id}`"),
                ),
                Some(s) if s != side => o.add(
                    f,
                    &item,
                    "Macedonians [19.0]: each side receives its own Reinforcements",
                    format!("`{id}` is not {}", side.id()),
                ),
                _ => {}
            }
            if let Some(was) = placed.insert(id.clone(), format!("Game-Turn {}", t.turn)) {
                o.add(
                    f,
                    &item,
                    "Macedonians [19.31]: a counter comes into play once",
                    format!("`{id}` is already in {was}"),
                );
            }
        }
    }
    let starts = track
        .iter()
        .position(|t| t.macedonian.as_ref().is_some_and(|m| m.honeymoon));
    let ends = track
        .iter()
        .position(|t| t.macedonian.as_ref().is_some_and(|m| m.honeymoon_return));
    match (starts, ends) {
        (Some(s), Some(e)) if s < e && track[s].winter => {}
        _ => o.add(
            f,
            "turns",
            "Macedonians [19.2]: the honeymoon leaves in the 334 Winter and returns later",
            format!("leave {starts:?}, return {ends:?}"),
        ),
    }
}
