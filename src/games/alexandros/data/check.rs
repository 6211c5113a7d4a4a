//! `legatus data check`: validation of a pack and the per-file provenance report.
//!
//! Each rule function names the rulebook section it enforces. [`validate`] returns every
//! violation; [`check`] loads a folder, validates it and builds the [`CheckReport`].

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::counters::{SetupCode, Side, UnitType};
use super::map::{BorderType, Control, ProvinceGroup, ProvinceType};
use super::provenance::{file_origin, Origin};
use super::tables::{die_range, vp_band, RowKind, REQUIRED_TABLES};
use super::turns::Season;
use super::{
    item_origins, load_dir, DataError, Pack, Violation, COUNTERS_FILE, MAP_FILE, PACK_FILES,
    SCENARIO_FILE, TABLES_FILE, TURNS_FILE,
};

struct Out(Vec<Violation>);

impl Out {
    fn add(&mut self, file: &str, item: impl Into<String>, rule: &str, message: impl Into<String>) {
        self.0.push(Violation {
            file: file.to_string(),
            item: item.into(),
            rule: rule.to_string(),
            message: message.into(),
        });
    }
}

/// Validates a parsed pack; returns every violation (empty = valid).
///
/// Checks: provenance markings; map geometry (symmetric borders, Mountain provinces, cities,
/// sea zones, objectives); counters (steps, reduced sides, missile strengths, leaders);
/// turn track (46 turns, seasons, replacement and revolt turns, references); tables (present,
/// complete for every die value and column, allowed results, rule constraints); set-up.
pub fn validate(pack: &Pack) -> Vec<Violation> {
    let mut o = Out(Vec::new());
    check_markings(pack, &mut o);
    check_map(pack, &mut o);
    check_counters(pack, &mut o);
    check_turns(pack, &mut o);
    check_tables(pack, &mut o);
    check_scenario(pack, &mut o);
    o.0
}

/// House rule (issue 3): every file carries exactly one of `source:` / `provisional:`, every
/// table carries its own, and no item carries both.
fn check_markings(pack: &Pack, o: &mut Out) {
    const RULE: &str = "pack provenance: exactly one of source/provisional";
    let files = [
        (MAP_FILE, &pack.map.source, &pack.map.provisional),
        (
            COUNTERS_FILE,
            &pack.counters.source,
            &pack.counters.provisional,
        ),
        (TURNS_FILE, &pack.turns.source, &pack.turns.provisional),
        (TABLES_FILE, &pack.tables.source, &pack.tables.provisional),
        (
            SCENARIO_FILE,
            &pack.scenario.source,
            &pack.scenario.provisional,
        ),
    ];
    for (f, s, p) in files {
        if s.is_some() == p.is_some() {
            o.add(
                f,
                "(file)",
                RULE,
                "the file must carry exactly one of `source:` and `provisional:`",
            );
        }
    }
    for (k, t) in &pack.tables.tables {
        if t.player.is_none() && t.source.is_some() == t.provisional.is_some() {
            o.add(
                TABLES_FILE,
                format!("tables/{k}"),
                RULE,
                "a table must carry exactly one of `source:` and `provisional:`",
            );
        }
    }
    for i in item_origins(pack) {
        if i.origin == Origin::Unmarked {
            o.add(
                i.file,
                i.key,
                RULE,
                "item has no provenance and its file none either",
            );
        }
    }
}

/// Alexandros 8.2 (borders, Mountain provinces, Gaza), 5.2 (Independent provinces), 6.4 (walls),
/// 5.6/7.5 (sea zones), 3.2/15 (objectives).
fn check_map(pack: &Pack, o: &mut Out) {
    let m = &pack.map;
    let f = MAP_FILE;
    for (name, p) in &m.provinces {
        let item = format!("provinces/{name}");
        for (other, bt) in &p.borders {
            if other == name {
                o.add(
                    f,
                    &item,
                    "Alexandros 8.2: borders join two provinces",
                    "a province borders itself",
                );
                continue;
            }
            match m.provinces.get(other) {
                None => o.add(
                    f,
                    &item,
                    "Alexandros 2.2: every referenced province exists",
                    format!("border with unknown province `{other}`"),
                ),
                Some(q) => match q.borders.get(name) {
                    None => o.add(
                        f,
                        &item,
                        "Alexandros 8.2: borders are symmetric",
                        format!("borders `{other}` ({bt:?}) but `{other}` does not list `{name}`"),
                    ),
                    Some(bt2) if bt2 != bt => o.add(
                        f,
                        &item,
                        "Alexandros 8.2: borders are symmetric",
                        format!("border with `{other}` is {bt:?} here but {bt2:?} there"),
                    ),
                    _ => {}
                },
            }
            if p.kind == ProvinceType::Mountain && *bt == BorderType::Normal {
                o.add(
                    f,
                    &item,
                    "Alexandros 8.2: all borders of a Mountain province are mountain borders",
                    format!("normal border with `{other}`"),
                );
            }
        }
        let indep = p.groups.contains(&ProvinceGroup::Independent);
        if indep != (p.start_control == Control::Independent) {
            o.add(
                f,
                &item,
                "Alexandros 5.2: Independent provinces start Independent",
                "group `independent` and start_control `independent` must go together",
            );
        }
    }
    for (name, c) in &m.cities {
        let item = format!("cities/{name}");
        match (&c.province, c.between.len()) {
            (Some(p), 0) => {
                if !m.provinces.contains_key(p) {
                    o.add(
                        f,
                        &item,
                        "Alexandros 2.2: every referenced province exists",
                        format!("unknown province `{p}`"),
                    );
                }
            }
            (None, 2) => {
                let (a, b) = (&c.between[0], &c.between[1]);
                for p in [a, b] {
                    if !m.provinces.contains_key(p) {
                        o.add(
                            f,
                            &item,
                            "Alexandros 2.2: every referenced province exists",
                            format!("unknown province `{p}`"),
                        );
                    }
                }
                if m.border(a, b).is_none() {
                    o.add(
                        f,
                        &item,
                        "Alexandros 8.2: a border fortress stands on a border",
                        format!("`{a}` and `{b}` are not adjacent"),
                    );
                }
            }
            _ => o.add(
                f,
                &item,
                "map schema: a city has a province or stands between two",
                "set exactly one of `province` or two `between` provinces",
            ),
        }
        if c.walls > 5 {
            o.add(
                f,
                &item,
                "Alexandros 6.4: no city holds more than five walls",
                format!("{} walls", c.walls),
            );
        }
        if c.walls > 0 && (c.wall_side.is_none() || !c.fortifiable) {
            o.add(
                f,
                &item,
                "Alexandros 3.2, 3.3, 6.4: walls have a side and need a fortifiable city",
                "walls without `wall_side` or in an unfortifiable city",
            );
        }
    }
    for (name, z) in &m.sea_zones {
        let item = format!("sea-zones/{name}");
        if !z.coast.iter().any(|p| m.provinces.contains_key(p)) {
            o.add(
                f,
                &item,
                "Alexandros 5.6: a sea zone borders provinces",
                "no bordering province",
            );
        }
        for e in &z.coast {
            if let Some(c) = m.cities.get(e) {
                let provs: Vec<&String> = c.province.iter().chain(c.between.iter()).collect();
                if !c.coastal || !provs.iter().any(|p| z.coast.contains(p)) {
                    o.add(
                        f,
                        &item,
                        "Alexandros 7.5: coastal fortresses lie on the zone's coast",
                        format!("`{e}` is not coastal or its province is not on this coast"),
                    );
                }
            } else if !m.provinces.contains_key(e) {
                o.add(
                    f,
                    &item,
                    "Alexandros 2.2: every referenced province exists",
                    format!("unknown coast place `{e}`"),
                );
            }
        }
        for fo in &z.fortresses {
            if !z.coast.contains(fo) || !m.cities.contains_key(fo) {
                o.add(
                    f,
                    &item,
                    "Alexandros 7.5: a blocking fortress is a coastal city of the zone",
                    format!("`{fo}` is not a city listed on the coast"),
                );
            }
        }
        for a in &z.adjacent_zones {
            match m.sea_zones.get(a) {
                None => o.add(
                    f,
                    &item,
                    "Alexandros 7.5: contiguous sea zones exist",
                    format!("unknown sea zone `{a}`"),
                ),
                Some(b) if !b.adjacent_zones.contains(name) => o.add(
                    f,
                    &item,
                    "Alexandros 7.5: sea zone contiguity is symmetric",
                    format!("`{a}` does not list `{name}`"),
                ),
                _ => {}
            }
        }
    }
    for (name, ob) in &m.objectives {
        let item = format!("objectives/{name}");
        let n = ob.city.is_some() as u8 + ob.province.is_some() as u8 + ob.leader.is_some() as u8;
        if n != 1 {
            o.add(
                f,
                &item,
                "Alexandros 3.2: each objective has one placement",
                "set exactly one of city, province, leader",
            );
        }
        if let Some(c) = &ob.city {
            if !m.cities.contains_key(c) {
                o.add(
                    f,
                    &item,
                    "Alexandros 3.2: every referenced city exists",
                    format!("unknown city `{c}`"),
                );
            }
        }
        if let Some(p) = &ob.province {
            if !m.provinces.contains_key(p) {
                o.add(
                    f,
                    &item,
                    "Alexandros 3.2: every referenced province exists",
                    format!("unknown province `{p}`"),
                );
            }
        }
        if let Some(l) = &ob.leader {
            if !pack.counters.leaders.contains_key(l) {
                o.add(
                    f,
                    &item,
                    "Alexandros 3.2: every referenced leader exists",
                    format!("unknown leader `{l}`"),
                );
            }
        }
    }
}

/// Alexandros 2.3 (steps, two-counter units, reduced sides), 10.13 (missile strengths),
/// 10.16/12.10 (wounded sides), 12.7 (two-step units are single-coloured), 8.3 (Home Army).
fn check_counters(pack: &Pack, o: &mut Out) {
    let f = COUNTERS_FILE;
    for (code, u) in &pack.counters.units {
        let item = format!("units/{code}");
        if u.steps.is_empty() || u.steps.len() > 4 {
            o.add(
                f,
                &item,
                "Alexandros 2.3: a unit has one to four steps",
                format!("{} steps", u.steps.len()),
            );
        }
        if (u.steps.len() == 4) != (u.counters == 2) || u.counters == 0 || u.counters > 2 {
            o.add(
                f,
                &item,
                "Alexandros 2.3: four-step units use two counters, others one",
                format!("{} steps on {} counters", u.steps.len(), u.counters),
            );
        }
        for (i, w) in u.steps.windows(2).enumerate() {
            if w[1].attack > w[0].attack || w[1].defense > w[0].defense {
                o.add(
                    f,
                    &item,
                    "Alexandros 2.3, 12.3: a reduced side is never stronger than the side above it",
                    format!(
                        "step {} is {}-{} but step {} is {}-{}",
                        i + 2,
                        w[1].attack,
                        w[1].defense,
                        i + 1,
                        w[0].attack,
                        w[0].defense
                    ),
                );
            }
        }
        if u.kind.is_missile() && u.steps.iter().any(|s| s.attack == 0 || s.attack > 5) {
            o.add(f, &item, "Alexandros 10.13: a missile unit hits on a d6 roll at most its attack, so attack is 1-5", "missile attack outside 1-5");
        }
        if u.flip_nationality.is_some() && u.steps.len() != 1 {
            o.add(
                f,
                &item,
                "Alexandros 12.7 DN: only one-step counters are back-printed in other colours",
                "flip side on a multi-step unit",
            );
        }
        if u.side == Side::Macedonian
            && (u.kind.is_cavalry() || u.kind.is_missile())
            && !u.forced_march
        {
            o.add(
                f,
                &item,
                "Alexandros 8.4: all Macedonian cavalry and archers may force march",
                "forced_march is false",
            );
        }
        if u.home_army && (u.setup != SetupCode::M || u.side != Side::Macedonian) {
            o.add(
                f,
                &item,
                "Alexandros 8.3: the Home Army is the Macedonian units marked M",
                "home_army unit not Macedonian with set-up M",
            );
        }
        if matches!(u.setup, SetupCode::M | SetupCode::I) && u.side != Side::Macedonian {
            o.add(
                f,
                &item,
                "Alexandros 3.2: M and I units are Macedonian",
                "non-Macedonian unit with set-up M or I",
            );
        }
        if matches!(u.setup, SetupCode::D | SetupCode::A) && u.side == Side::Macedonian {
            o.add(
                f,
                &item,
                "Alexandros 3.3: D and A units are Persian or Greek Mercenary",
                "Macedonian unit with set-up D or A",
            );
        }
    }
    for (name, l) in &pack.counters.leaders {
        let item = format!("leaders/{name}");
        match (l.rating, l.wounded_rating) {
            (0, Some(_)) => o.add(
                f,
                &item,
                "Alexandros 10.16, 12.10: \"0\" leaders have no wounded side",
                "rating 0 with a wounded rating",
            ),
            (r, None) if r > 0 => o.add(
                f,
                &item,
                "Alexandros 10.16: rated leaders have a wounded side",
                "no wounded rating",
            ),
            (r, Some(w)) if w > r => o.add(
                f,
                &item,
                "Alexandros 10.16: the wounded side is never stronger",
                format!("wounded {w} above rating {r}"),
            ),
            _ => {}
        }
    }
}

/// Alexandros 1.0 and 16.3 (46 turns, Spring 334 to Summer 323), 12.1 (replacement turns),
/// 14.2 (Spartan Revolt turns), 13 (reinforcements and withdrawals exist and match set-up codes).
fn check_turns(pack: &Pack, o: &mut Out) {
    let f = TURNS_FILE;
    let t = &pack.turns.turns;
    const SEASONS: [Season; 4] = [
        Season::Spring,
        Season::Summer,
        Season::Autumn,
        Season::Winter,
    ];
    let expected: BTreeSet<String> = (1..=46).map(|n| format!("T{n:02}")).collect();
    let have: BTreeSet<String> = t.keys().cloned().collect();
    for k in expected.difference(&have) {
        o.add(
            f,
            format!("turns/{k}"),
            "Alexandros 16.3: 46 turns from Spring 334 to Summer 323",
            "turn missing",
        );
    }
    for k in have.difference(&expected) {
        o.add(
            f,
            format!("turns/{k}"),
            "Alexandros 16.3: 46 turns from Spring 334 to Summer 323",
            "unexpected turn key (use T01..T46)",
        );
    }
    let mut track_units: BTreeSet<&str> = BTreeSet::new();
    for n in 1..=46u32 {
        let k = format!("T{n:02}");
        let Some(turn) = t.get(&k) else { continue };
        let item = format!("turns/{k}");
        let season = SEASONS[((n - 1) % 4) as usize];
        let year = (334 - (n - 1) / 4).to_string();
        if turn.season != season || turn.year != year {
            o.add(
                f,
                &item,
                "Alexandros 1.0, 3.2: three-month turns from Spring 334",
                format!(
                    "expected {season:?} {year}, found {:?} {}",
                    turn.season, turn.year
                ),
            );
        }
        if turn.macedonian_replacements != (season == Season::Winter) {
            o.add(
                f,
                &item,
                "Alexandros 12.1: Macedonian replacements every Winter only",
                "macedonian_replacements wrong",
            );
        }
        let per = (season == Season::Winter && n != 4) || (season == Season::Spring && n != 1);
        if turn.persian_replacements != per {
            o.add(f, &item, "Alexandros 12.1, 4.3: Persian replacements Spring and Winter, not Winter 334 nor the first turn", "persian_replacements wrong");
        }
        let revolt = matches!(season, Season::Summer | Season::Autumn) && n >= 10;
        if turn.spartan_revolt != revolt {
            o.add(
                f,
                &item,
                "Alexandros 14.2: Spartan Revolt rolls each Summer and Autumn from 332",
                "spartan_revolt wrong",
            );
        }
        for (what, list) in [
            ("reinforcements", &turn.reinforcements),
            ("withdrawals", &turn.withdrawals),
        ] {
            for e in list {
                let ei = format!("{item}/{what}/{}", e.key());
                match (&e.unit, &e.leader) {
                    (Some(u), None) => {
                        match pack.counters.units.get(u) {
                            None => o.add(
                                f,
                                &ei,
                                "Alexandros 13: every referenced unit exists",
                                format!("unknown unit `{u}`"),
                            ),
                            Some(x) if what == "reinforcements" && x.setup != SetupCode::Track => o
                                .add(
                                    f,
                                    &ei,
                                    "Alexandros 13.1: reinforcements carry the track set-up code",
                                    format!("unit `{u}` has set-up {:?}", x.setup),
                                ),
                            _ => {}
                        }
                        if what == "reinforcements" {
                            track_units.insert(u);
                        }
                    }
                    (None, Some(l)) => {
                        match pack.counters.leaders.get(l) {
                            None => o.add(
                                f,
                                &ei,
                                "Alexandros 13: every referenced leader exists",
                                format!("unknown leader `{l}`"),
                            ),
                            Some(x) if what == "reinforcements" && x.setup != SetupCode::Track => o
                                .add(
                                    f,
                                    &ei,
                                    "Alexandros 13.1: reinforcements carry the track set-up code",
                                    format!("leader `{l}` has set-up {:?}", x.setup),
                                ),
                            _ => {}
                        }
                        if what == "reinforcements" {
                            track_units.insert(l);
                        }
                    }
                    _ => o.add(
                        f,
                        &ei,
                        "turns schema: an entry names one unit or one leader",
                        "set exactly one of unit, leader",
                    ),
                }
            }
        }
    }
    for (code, u) in &pack.counters.units {
        if u.setup == SetupCode::Track && !track_units.contains(code.as_str()) {
            o.add(
                COUNTERS_FILE,
                format!("units/{code}"),
                "Alexandros 13.1: track units enter on some turn",
                "set-up `track` but no turn brings it in",
            );
        }
    }
    for (name, l) in &pack.counters.leaders {
        if l.setup == SetupCode::Track && !track_units.contains(name.as_str()) {
            o.add(
                COUNTERS_FILE,
                format!("leaders/{name}"),
                "Alexandros 13.1: track leaders enter on some turn",
                "set-up `track` but no turn brings him in",
            );
        }
    }
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Alexandros 7.4, 9.4–9.5, 10.12, 10.16, 10.20, 11.3, 11.7, 12.2, 12.5, 14.3, 16.3, 17.4,
/// 17.5: every table is present and complete, and its cells fit the rule that uses it.
fn check_tables(pack: &Pack, o: &mut Out) {
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
        let cols: BTreeSet<&String> = t.columns.iter().collect();
        if t.columns.is_empty() || cols.len() != t.columns.len() {
            o.add(
                f,
                &item,
                "tables schema: columns are non-empty and distinct",
                "empty or repeated column",
            );
        }
        for (r, cells) in &t.rows {
            if cells.len() != t.columns.len() {
                o.add(
                    f,
                    &item,
                    "tables schema: every row has a cell for every column",
                    format!(
                        "row `{r}` has {} cells for {} columns",
                        cells.len(),
                        t.columns.len()
                    ),
                );
            }
            if !t.results.is_empty() {
                for c in cells {
                    if !t.results.contains(c) {
                        o.add(
                            f,
                            &item,
                            "tables schema: cells use the table's result codes",
                            format!("row `{r}`: `{c}` is not one of {:?}", t.results),
                        );
                    }
                }
            }
        }
        match t.rows_by {
            RowKind::Die => {
                for d in 1..=6 {
                    if !t.rows.contains_key(&d.to_string()) {
                        o.add(f, &item, "Alexandros 2.0: tables are read with one d6, every die value 1-6 has a row", format!("no row for die value {d}"));
                    }
                }
                for r in t.rows.keys() {
                    if !matches!(r.as_str(), "1" | "2" | "3" | "4" | "5" | "6") {
                        o.add(
                            f,
                            &item,
                            "Alexandros 2.0: tables are read with one d6",
                            format!("row `{r}` is not a die value"),
                        );
                    }
                }
            }
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

fn subset(o: &mut Out, name: &str, t: &super::Table, allowed: &[&str], rule: &str) {
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

fn numeric(o: &mut Out, name: &str, t: &super::Table, rule: &str) {
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
fn monotone(o: &mut Out, name: &str, t: &super::Table, order: &[&str]) {
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
            if t.player.is_none() && t.source.is_none() {
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
        if t.columns != ["rich", "fertile", "mountain", "desert-wilderness"] {
            o.add(
                f,
                "tables/supply-attrition",
                "Alexandros 7.1, 7.4: one column per province type",
                format!("columns {:?}", t.columns),
            );
        }
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

/// Alexandros 3.2, 3.3, 4.3: set-up codes, individual placements and the first battle.
fn check_scenario(pack: &Pack, o: &mut Out) {
    let f = SCENARIO_FILE;
    let s = &pack.scenario;
    let m = &pack.map;
    for k in [&s.first_turn, &s.last_turn] {
        if !pack.turns.turns.contains_key(k) {
            o.add(
                f,
                "(file)",
                "Alexandros 3.2, 16.3: first and last turns are on the track",
                format!("unknown turn `{k}`"),
            );
        }
    }
    if !m.provinces.contains_key(&s.first_battle) {
        o.add(
            f,
            "(file)",
            "Alexandros 4.3: the first battle is in a province",
            format!("unknown province `{}`", s.first_battle),
        );
    }
    for (code, a) in &s.setup_codes {
        let item = format!("setup-codes/{code}");
        if !matches!(code.as_str(), "M" | "I" | "D" | "A") {
            o.add(
                f,
                &item,
                "Alexandros 3.2, 3.3: set-up codes are M, I, D, A",
                "unknown code",
            );
        }
        for p in &a.provinces {
            if !m.provinces.contains_key(p) {
                o.add(
                    f,
                    &item,
                    "Alexandros 3.2, 3.3: every referenced province exists",
                    format!("unknown province `{p}`"),
                );
            }
        }
        for l in &a.leaders {
            if !pack.counters.leaders.contains_key(l) {
                o.add(
                    f,
                    &item,
                    "Alexandros 3.2, 3.3: every referenced leader exists",
                    format!("unknown leader `{l}`"),
                );
            }
        }
    }
    for (code, a) in &s.setup_codes {
        for l in &a.leaders {
            if let Some(x) = pack.counters.leaders.get(l) {
                if format!("{:?}", x.setup) != *code {
                    o.add(
                        f,
                        format!("setup-codes/{code}"),
                        "Alexandros 3.2, 3.3: leaders set up with their code's units",
                        format!("leader `{l}` has set-up {:?}", x.setup),
                    );
                }
            }
        }
    }
    for (who, p) in &s.placements {
        let item = format!("placements/{who}");
        let is_unit = pack.counters.units.get(who).map(|u| u.setup);
        let is_leader = pack.counters.leaders.get(who).map(|l| l.setup);
        match is_unit.or(is_leader) {
            None => o.add(
                f,
                &item,
                "Alexandros 3.3: every placed unit exists",
                format!("unknown unit or leader `{who}`"),
            ),
            Some(SetupCode::Placed) => {}
            Some(c) => o.add(
                f,
                &item,
                "Alexandros 3.3: placed counters carry the `placed` set-up code",
                format!("set-up is {c:?}"),
            ),
        }
        if !m.provinces.contains_key(&p.province) {
            o.add(
                f,
                &item,
                "Alexandros 3.3: every referenced province exists",
                format!("unknown province `{}`", p.province),
            );
        }
        if let (Some(c), Some(u)) = (&p.city, pack.counters.units.get(who)) {
            let infantry = matches!(
                u.kind,
                UnitType::HeavyInfantry
                    | UnitType::RegularInfantry
                    | UnitType::LightInfantry
                    | UnitType::Archer
            );
            let walls = m.cities.get(c).map_or(0, |x| x.walls);
            if !infantry || walls < 2 {
                o.add(
                    f,
                    &item,
                    "Alexandros 11.2: a city garrison is infantry in a city of two or more walls",
                    format!("`{who}` in `{c}` ({walls} walls)"),
                );
            }
        }
        if let Some(c) = &p.city {
            match m.cities.get(c) {
                None => o.add(
                    f,
                    &item,
                    "Alexandros 3.3: every referenced city exists",
                    format!("unknown city `{c}`"),
                ),
                Some(city) if city.province.as_deref() != Some(p.province.as_str()) => o.add(
                    f,
                    &item,
                    "Alexandros 3.3: a city garrison is in the city's province",
                    format!("`{c}` is not in `{}`", p.province),
                ),
                _ => {}
            }
        }
    }
    let placed_units = pack
        .counters
        .units
        .iter()
        .filter(|(_, u)| u.setup == SetupCode::Placed)
        .map(|(k, _)| k);
    let placed_leaders = pack
        .counters
        .leaders
        .iter()
        .filter(|(_, l)| l.setup == SetupCode::Placed)
        .map(|(k, _)| k);
    for k in placed_units.chain(placed_leaders) {
        if !s.placements.contains_key(k) {
            o.add(
                COUNTERS_FILE,
                k.clone(),
                "Alexandros 3.3: a `placed` counter has a placement",
                "no entry in the scenario's placements",
            );
        }
    }
    for code in ["M", "I", "D", "A"] {
        let used = pack
            .counters
            .units
            .values()
            .any(|u| format!("{:?}", u.setup) == code);
        if used && !s.setup_codes.contains_key(code) {
            o.add(
                f,
                format!("setup-codes/{code}"),
                "Alexandros 3.2, 3.3: every set-up code used by a counter is placed",
                "code missing",
            );
        }
    }
}

/// What one pack file holds, by origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileReport {
    /// File name.
    pub file: String,
    /// File-level marking.
    pub origin: Origin,
    /// Printed items: (key, section).
    pub sourced: Vec<(String, String)>,
    /// Provisional items: (key, basis).
    pub provisional: Vec<(String, String)>,
    /// Player-supplied items: (key, override file).
    pub player: Vec<(String, String)>,
}

/// Result of `legatus data check`: the pack is valid; per file, what is sourced and what is
/// provisional.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckReport {
    /// Folder checked (display form).
    pub dir: String,
    /// Data hash of the pack (see `data_hash`).
    pub data_hash: String,
    /// One report per pack file, in [`PACK_FILES`] order.
    pub files: Vec<FileReport>,
}

impl CheckReport {
    /// Builds the report of an already validated pack.
    pub fn of_pack(dir: &str, pack: &Pack) -> CheckReport {
        let mut by_file: BTreeMap<&str, FileReport> = BTreeMap::new();
        let file_marks = [
            (
                MAP_FILE,
                file_origin(&pack.map.source, &pack.map.provisional),
            ),
            (
                COUNTERS_FILE,
                file_origin(&pack.counters.source, &pack.counters.provisional),
            ),
            (
                TURNS_FILE,
                file_origin(&pack.turns.source, &pack.turns.provisional),
            ),
            (
                TABLES_FILE,
                file_origin(&pack.tables.source, &pack.tables.provisional),
            ),
            (
                SCENARIO_FILE,
                file_origin(&pack.scenario.source, &pack.scenario.provisional),
            ),
        ];
        for (f, origin) in file_marks {
            by_file.insert(
                f,
                FileReport {
                    file: f.to_string(),
                    origin,
                    sourced: vec![],
                    provisional: vec![],
                    player: vec![],
                },
            );
        }
        for i in item_origins(pack) {
            let r = by_file.get_mut(i.file).expect("known file");
            match i.origin {
                Origin::Source(s) => r.sourced.push((i.key, s)),
                Origin::Provisional(p) => r.provisional.push((i.key, p)),
                Origin::Player(p) => r.player.push((i.key, p)),
                Origin::Unmarked => {}
            }
        }
        for (name, t) in &pack.tables.tables {
            if t.player.is_none() && t.source.is_none() {
                let r = by_file.get_mut(TABLES_FILE).expect("tables file");
                for (row, sec) in &t.sourced_rows {
                    r.sourced
                        .push((format!("tables/{name}/row/{row}"), sec.clone()));
                }
            }
        }
        CheckReport {
            dir: dir.to_string(),
            data_hash: super::data_hash(pack),
            files: PACK_FILES
                .iter()
                .filter_map(|f| by_file.remove(f))
                .collect(),
        }
    }

    /// Number of provisional items over all files.
    pub fn provisional_count(&self) -> usize {
        self.files.iter().map(|f| f.provisional.len()).sum()
    }

    /// Human-readable report: a header, then per file the sourced items with their section,
    /// the provisional items with their basis, and player-supplied items.
    pub fn render(&self) -> String {
        let mut s = format!(
            "Alexandros data pack {}: OK\ndata hash {}\n",
            self.dir, self.data_hash
        );
        for f in &self.files {
            let mark = match &f.origin {
                Origin::Source(x) => format!("source: {x}"),
                Origin::Provisional(x) => format!("provisional: {x}"),
                Origin::Player(x) => format!("player: {x}"),
                Origin::Unmarked => "unmarked".to_string(),
            };
            s.push_str(&format!(
                "\n{} ({mark})\n  sourced: {}, provisional: {}, player-supplied: {}\n",
                f.file,
                f.sourced.len(),
                f.provisional.len(),
                f.player.len()
            ));
            for (k, v) in &f.sourced {
                s.push_str(&format!("  sourced      {k}  [{v}]\n"));
            }
            for (k, v) in &f.provisional {
                s.push_str(&format!("  provisional  {k}  ({v})\n"));
            }
            for (k, v) in &f.player {
                s.push_str(&format!("  player       {k}  ({v})\n"));
            }
        }
        s
    }
}

/// `legatus data check <dir>`: loads the pack folder, validates it and reports provenance.
///
/// Errors: loading errors of `load_dir`, or [`DataError::Invalid`] with every violation
/// (file, item, broken rule).
pub fn check(pack_dir: &Path) -> Result<CheckReport, DataError> {
    let pack = load_dir(pack_dir)?;
    let v = validate(&pack);
    if !v.is_empty() {
        return Err(DataError::Invalid(v));
    }
    Ok(CheckReport::of_pack(&pack_dir.display().to_string(), &pack))
}
