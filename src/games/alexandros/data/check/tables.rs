//! Table validation: completeness, result codes and the constraints the rules put on each table.

use super::super::counters::UnitType;
use super::super::tables::{die_range, vp_band, RowKind, Table, REQUIRED_TABLES};
use super::super::{Pack, TABLES_FILE};
use super::Out;

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Alexandros 7.4, 9.4–9.5, 10.12, 10.16, 10.20, 11.3, 11.7, 12.2, 12.5, 14.3, 16.3, 17.4,
/// 17.5: every table is present and complete, and its cells fit the rule that uses it.
pub(super) fn check_tables(pack: &Pack, o: &mut Out) {
    let f = TABLES_FILE;
    let tables = &pack.tables.tables;
    for name in REQUIRED_TABLES {
        if !tables.contains_key(*name) {
            o.add(
                f,
                format!("tables/{name}"),
                "Alexandros 4.2, 12.2, 16.3, 17: the game's tables are all present",
                "table missing",
            );
        }
    }
    for (name, t) in tables {
        let item = format!("tables/{name}");
        t.check(o, f, &item, "Alexandros 2.0");
        match t.rows_by {
            RowKind::Die => {}
            RowKind::City => {
                for r in t.rows.keys() {
                    if !pack.map.cities.contains_key(r) {
                        o.add(
                            f,
                            &item,
                            "Alexandros 17.5: every referenced city exists",
                            format!("unknown city `{r}`"),
                        );
                    }
                }
            }
            RowKind::VictoryPoints => {
                let mut bands: Vec<(u32, Option<u32>)> = Vec::new();
                for r in t.rows.keys() {
                    match vp_band(r) {
                        Some(b) => bands.push(b),
                        None => o.add(
                            f,
                            &item,
                            "Alexandros 16.3: VP bands read `a-b` or `a+`",
                            format!("bad band `{r}`"),
                        ),
                    }
                }
                bands.sort();
                let mut next = 0u32;
                let mut open = false;
                for (lo, hi) in &bands {
                    if *lo != next || open {
                        o.add(
                            f,
                            &item,
                            "Alexandros 16.3: VP bands cover every total from 0 without gaps",
                            format!("band starting at {lo}, expected {next}"),
                        );
                    }
                    match hi {
                        Some(h) => next = h + 1,
                        None => open = true,
                    }
                }
                if !open {
                    o.add(
                        f,
                        &item,
                        "Alexandros 16.3: the last VP band is open-ended",
                        "no `a+` band",
                    );
                }
            }
            RowKind::UnitType => {
                for r in t.rows.keys() {
                    let ok = r == "wall"
                        || serde_json::from_value::<UnitType>(serde_json::Value::String(r.clone()))
                            .is_ok();
                    if !ok {
                        o.add(
                            f,
                            &item,
                            "Alexandros 12.2: costs are per unit type or wall",
                            format!("unknown unit type `{r}`"),
                        );
                    }
                }
            }
        }
    }
    check_table_rules(pack, o);
}

fn subset(o: &mut Out, name: &str, t: &Table, allowed: &[&str], rule: &str) {
    for (r, cells) in &t.rows {
        for c in cells {
            if !allowed.contains(&c.as_str()) {
                o.add(
                    TABLES_FILE,
                    format!("tables/{name}"),
                    rule,
                    format!("row `{r}`: `{c}` is not one of {allowed:?}"),
                );
            }
        }
    }
}

fn numeric(o: &mut Out, name: &str, t: &Table, rule: &str) {
    for (r, cells) in &t.rows {
        for c in cells {
            if !is_number(c) {
                o.add(
                    TABLES_FILE,
                    format!("tables/{name}"),
                    rule,
                    format!("row `{r}`: `{c}` is not a whole number"),
                );
            }
        }
    }
}

/// Alexandros 9.4, 10.11: a provisional combat table never gives the attacker a worse result at
/// better odds (same die roll) nor a better result on a higher roll (same odds). `order` lists
/// the results from worst to best for the attacker. Printed and player tables are taken as is.
fn monotone(o: &mut Out, name: &str, t: &Table, order: &[&str]) {
    const RULE: &str = "Alexandros 9.4, 10.11: provisional combat tables favour the attacker more at better odds and on lower rolls";
    let rank = |c: &str| order.iter().position(|x| *x == c);
    for (r, cells) in &t.rows {
        for w in cells.windows(2) {
            if let (Some(a), Some(b)) = (rank(&w[0]), rank(&w[1])) {
                if b < a {
                    o.add(
                        TABLES_FILE,
                        format!("tables/{name}"),
                        RULE,
                        format!("row `{r}`: `{}` then `{}`", w[0], w[1]),
                    );
                }
            }
        }
    }
    for (c, col) in t.columns.iter().enumerate() {
        let mut prev: Option<usize> = None;
        for d in 1..=6 {
            let cell = t.rows.get(&d.to_string()).and_then(|r| r.get(c));
            if let Some(x) = cell.and_then(|x| rank(x)) {
                if prev.is_some_and(|p| x > p) {
                    o.add(
                        TABLES_FILE,
                        format!("tables/{name}"),
                        RULE,
                        format!(
                            "column `{col}`: roll {d} better for the attacker than roll {}",
                            d - 1
                        ),
                    );
                }
                prev = Some(x);
            }
        }
    }
}

fn check_table_rules(pack: &Pack, o: &mut Out) {
    let f = TABLES_FILE;
    let tb = &pack.tables.tables;
    if let Some(t) = tb.get("minor-combat-results") {
        subset(
            o,
            "minor-combat-results",
            t,
            &["AE", "AL", "EX", "DL", "DE"],
            "Alexandros 9.5: five Minor Combat results AE, AL, EX, DL, DE",
        );
        if t.columns.last().map(String::as_str) != Some("4:1")
            || t.above_last_column.as_deref() != Some("DE")
        {
            o.add(
                f,
                "tables/minor-combat-results",
                "Alexandros 9.4: odds above 4:1 eliminate the defender",
                "last column must be `4:1` with above_last_column `DE`",
            );
        }
    }
    for (name, order) in [
        ("minor-combat-results", &["AE", "AL", "EX", "DL", "DE"][..]),
        (
            "tactical-combat-results",
            &["AL", "AR", "Eng", "DR", "DL"][..],
        ),
    ] {
        if let Some(t) = tb.get(name) {
            if t.provenance.player.is_none() && t.provenance.source.is_none() {
                monotone(o, name, t, order);
            }
        }
    }
    if let Some(t) = tb.get("tactical-combat-results") {
        subset(
            o,
            "tactical-combat-results",
            t,
            &["AR", "AL", "Eng", "DR", "DL"],
            "Alexandros 10.12: five Tactical Combat results AR, AL, Eng, DR, DL",
        );
    }
    if let Some(t) = tb.get("leader-casualty") {
        if t.columns != ["Rout", "Loss"] {
            o.add(
                f,
                "tables/leader-casualty",
                "Alexandros 10.12: the Leader Casualty Table has Rout and Loss columns",
                format!("columns {:?}", t.columns),
            );
        }
        subset(
            o,
            "leader-casualty",
            t,
            &["KIA", "WIA", "none"],
            "Alexandros 10.16: leader casualty results are KIA, WIA or none",
        );
        if t.cell("1", "Loss") != Some("KIA") {
            o.add(f, "tables/leader-casualty", "Alexandros 10.17 DN: Alexander dies only on snake-eyes (KIA on a 1, confirmed by a second 1)", "Loss column must read KIA on a roll of 1");
        }
    }
    if let Some(t) = tb.get("supply-attrition") {
        attrition_columns(o, f, &t.columns);
        numeric(
            o,
            "supply-attrition",
            t,
            "Alexandros 7.4: attrition is a number of steps",
        );
    }
    if let Some(t) = tb.get("pursuit") {
        numeric(
            o,
            "pursuit",
            t,
            "Alexandros 10.20: pursuit eliminates a number of routed units",
        );
    }
    if let Some(t) = tb.get("raid-size") {
        numeric(
            o,
            "raid-size",
            t,
            "Alexandros 14.3: raid size is a number of units",
        );
    }
    if let Some(t) = tb.get("siege") {
        for (r, cells) in &t.rows {
            for c in cells {
                let ok = c
                    .split_once('/')
                    .is_some_and(|(a, d)| is_number(a) && is_number(d));
                if !ok {
                    o.add(
                        f,
                        "tables/siege",
                        "Alexandros 11.3: siege results read attacker/defender losses",
                        format!("row `{r}`: `{c}`"),
                    );
                }
            }
        }
    }
    if let Some(t) = tb.get("unit-replacement-cost") {
        if t.rows
            .get("wall")
            .and_then(|r| r.first())
            .map(String::as_str)
            != Some("2")
        {
            o.add(
                f,
                "tables/unit-replacement-cost",
                "Alexandros 12.5: a wall marker costs 2 replacement points",
                "wall cost is not 2",
            );
        }
        if t.rows
            .get("siege-train")
            .and_then(|r| r.first())
            .map(String::as_str)
            != Some("4")
        {
            o.add(
                f,
                "tables/unit-replacement-cost",
                "Alexandros 11.7: the Siege Train costs four replacement steps",
                "siege-train cost is not 4",
            );
        }
        numeric(
            o,
            "unit-replacement-cost",
            t,
            "Alexandros 12.2: costs are replacement points",
        );
    }
    if let Some(t) = tb.get("raid-location") {
        for (r, cells) in &t.rows {
            if let Some(p) = cells.first() {
                if p != "no raid" && !pack.map.provinces.contains_key(p) {
                    o.add(
                        f,
                        "tables/raid-location",
                        "Alexandros 14.3: every raid province exists",
                        format!("row `{r}`: unknown province `{p}`"),
                    );
                }
            }
        }
    }
    if let Some(t) = tb.get("city-surrender") {
        for (r, cells) in &t.rows {
            for c in cells {
                let ok = c == "N"
                    || c == "blank"
                    || die_range(c)
                        .is_some_and(|(a, b)| (1..=6).contains(&a) && (a..=6).contains(&b));
                if !ok {
                    o.add(
                        f,
                        "tables/city-surrender",
                        "Alexandros 17.5: a die span, N (never) or blank",
                        format!("row `{r}`: `{c}`"),
                    );
                }
            }
        }
    }
}

/// Alexandros 7.1, 7.4: the Supply Attrition Table's columns are labelled `<type>` or
/// `<type> <band>` (`rich 9-16`, `mountain 17+`: the army counted first, 7.4), and for each
/// province type every army size from 1 unit up falls in exactly one column.
fn attrition_columns(o: &mut Out, f: &str, columns: &[String]) {
    const RULE: &str = "Alexandros 7.1, 7.4: one column per province type and army size (count the units, then read the province type)";
    const TYPES: [&str; 4] = ["rich", "fertile", "mountain", "desert-wilderness"];
    let mut bands: Vec<(&str, u32, Option<u32>)> = Vec::new();
    for c in columns {
        let (ty, band) = match c.split_once(' ') {
            None => (c.as_str(), Some((1, None))),
            Some((ty, b)) => (ty, crate::pack::table::band(b.trim())),
        };
        match (TYPES.contains(&ty), band) {
            (true, Some((lo, hi))) => bands.push((ty, lo, hi)),
            _ => o.add(
                f,
                "tables/supply-attrition",
                RULE,
                format!("column `{c}` is not a province type with an optional band of units (`fertile 9-16`, `mountain 17+`)"),
            ),
        }
    }
    for ty in TYPES {
        // Sizes up to one past the highest bound must each fall in exactly one band.
        let top = bands
            .iter()
            .filter_map(|b| b.2.or(Some(b.1)))
            .max()
            .unwrap_or(1)
            + 1;
        for n in 1..=top {
            let hits = bands
                .iter()
                .filter(|(t, lo, hi)| *t == ty && n >= *lo && hi.map(|h| n <= h).unwrap_or(true))
                .count();
            if hits != 1 {
                o.add(
                    f,
                    "tables/supply-attrition",
                    RULE,
                    format!(
                        "an army of {n} units in a {ty} province falls in {hits} columns, not one"
                    ),
                );
                break;
            }
        }
    }
}
