//! `legatus data check`: validation of a pack and the per-file provenance report.
//!
//! Each rule function names the rulebook section it enforces. [`validate`] returns every
//! violation; [`check`] loads a folder, validates it and builds the [`CheckReport`].

mod board;
mod counters;
mod map;
mod report;
mod scenario;
mod tables;
mod turns;

use std::path::Path;

use std::collections::BTreeMap;

use super::provenance::{Origin, Provenanced};
use super::{
    item_origins, read_dir, DataError, Pack, Violation, BOARD_FILE, COUNTERS_FILE, MAP_FILE,
    SCENARIO_FILE, TABLES_FILE, TURNS_FILE,
};

pub use report::{CheckReport, FileReport};

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
    map::check_map(pack, &mut o);
    counters::check_counters(pack, &mut o);
    turns::check_turns(pack, &mut o);
    tables::check_tables(pack, &mut o);
    scenario::check_scenario(pack, &mut o);
    board::check_board(pack, &mut o);
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
        (BOARD_FILE, &pack.board.source, &pack.board.provisional),
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
    let m = &pack.map;
    both(o, MAP_FILE, "provinces", &m.provinces);
    both(o, MAP_FILE, "cities", &m.cities);
    both(o, MAP_FILE, "sea-zones", &m.sea_zones);
    both(o, MAP_FILE, "objectives", &m.objectives);
    both(o, COUNTERS_FILE, "leaders", &pack.counters.leaders);
    both(o, COUNTERS_FILE, "units", &pack.counters.units);
    both(o, TURNS_FILE, "turns", &pack.turns.turns);
    for (k, t) in &pack.turns.turns {
        for e in t.reinforcements.iter().chain(t.withdrawals.iter()) {
            if e.source.is_some() && e.provisional.is_some() {
                o.add(
                    TURNS_FILE,
                    format!("turns/{k}/{}", e.key()),
                    RULE,
                    "an entry carries both `source:` and `provisional:`",
                );
            }
        }
    }
    both(o, SCENARIO_FILE, "setup-codes", &pack.scenario.setup_codes);
    both(o, SCENARIO_FILE, "placements", &pack.scenario.placements);
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

/// An item is either printed or provisional, never both (house rule of issue 3).
fn both<T: Provenanced>(o: &mut Out, file: &str, prefix: &str, items: &BTreeMap<String, T>) {
    for (k, v) in items {
        if v.source().is_some() && v.provisional().is_some() {
            o.add(
                file,
                format!("{prefix}/{k}"),
                "pack provenance: exactly one of source/provisional",
                "the item carries both `source:` and `provisional:`",
            );
        }
    }
}

/// `legatus data check <dir>`: loads the pack folder, validates it and reports provenance.
///
/// Errors: loading errors of `load_dir`, or [`DataError::Invalid`] with every violation
/// (file, item, broken rule).
pub fn check(pack_dir: &Path) -> Result<CheckReport, DataError> {
    let pack = read_dir(pack_dir)?;
    let v = validate(&pack);
    if !v.is_empty() {
        return Err(DataError::Invalid(v));
    }
    Ok(CheckReport::of_pack(&pack_dir.display().to_string(), &pack))
}
