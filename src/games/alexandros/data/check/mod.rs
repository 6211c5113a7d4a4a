//! `legatus data check`: validation of a pack and the per-file provenance report.
//!
//! Each rule function names the rulebook section it enforces. [`validate`] returns every
//! violation; [`check`] loads a folder, validates it and builds the [`CheckReport`].

mod board;
mod counters;
mod map;
mod scenario;
mod tables;
mod turns;

use std::path::Path;

use super::{
    file_marks, file_origins, item_origins, read_dir, DataError, Pack, Violation, BOARD_FILE,
    COUNTERS_FILE, MAP_FILE, SCENARIO_FILE, TABLES_FILE, TURNS_FILE,
};
use crate::pack::check::{file_marking, marked, not_both, MARKING_RULE};
use crate::pack::CheckReport;

/// The violation collector of the shared check framework.
type Out = crate::pack::Findings;

/// Validates a parsed pack; returns every violation (empty = valid).
///
/// Checks: provenance markings; map geometry (symmetric borders, Mountain provinces, cities,
/// sea zones, objectives); counters (steps, reduced sides, missile strengths, leaders);
/// turn track (46 turns, seasons, replacement and revolt turns, references); tables (present,
/// complete for every die value and column, allowed results, rule constraints); set-up.
pub fn validate(pack: &Pack) -> Vec<Violation> {
    let mut o = Out::default();
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
    for (f, p) in file_marks(pack) {
        file_marking(o, f, p);
    }
    for (k, t) in &pack.tables.tables {
        let p = &t.provenance;
        if p.player.is_none() && p.source.is_some() == p.provisional.is_some() {
            o.add(
                TABLES_FILE,
                format!("tables/{k}"),
                MARKING_RULE,
                "a table must carry exactly one of `source:` and `provisional:`",
            );
        }
    }
    let m = &pack.map;
    not_both(o, MAP_FILE, "provinces", &m.provinces);
    not_both(o, MAP_FILE, "cities", &m.cities);
    not_both(o, MAP_FILE, "sea-zones", &m.sea_zones);
    not_both(o, MAP_FILE, "objectives", &m.objectives);
    not_both(o, COUNTERS_FILE, "leaders", &pack.counters.leaders);
    not_both(o, COUNTERS_FILE, "units", &pack.counters.units);
    not_both(o, TURNS_FILE, "turns", &pack.turns.turns);
    for (k, t) in &pack.turns.turns {
        for e in t.reinforcements.iter().chain(t.withdrawals.iter()) {
            if e.provenance.source.is_some() && e.provenance.provisional.is_some() {
                o.add(
                    TURNS_FILE,
                    format!("turns/{k}/{}", e.key()),
                    MARKING_RULE,
                    "an entry carries both `source:` and `provisional:`",
                );
            }
        }
    }
    not_both(o, SCENARIO_FILE, "setup-codes", &pack.scenario.setup_codes);
    not_both(o, SCENARIO_FILE, "placements", &pack.scenario.placements);
    not_both(o, BOARD_FILE, "boxes", &pack.board.boxes);
    marked(o, &item_origins(pack));
}

/// The check report of a valid pack: per file, what is sourced, provisional or player-supplied;
/// the printed rows of provisional tables are listed as sourced.
pub fn report(dir: &str, pack: &Pack) -> CheckReport {
    let mut r = CheckReport::new(
        "Alexandros data pack",
        dir,
        super::data_hash(pack),
        file_origins(pack),
        item_origins(pack),
    );
    if let Some(f) = r.files.iter_mut().find(|f| f.file == TABLES_FILE) {
        for (name, t) in &pack.tables.tables {
            if t.provenance.player.is_none() && t.provenance.source.is_none() {
                for (row, sec) in &t.sourced_rows {
                    f.sourced
                        .push((format!("tables/{name}/row/{row}"), sec.clone()));
                }
            }
        }
    }
    r
}

/// `legatus data check <dir>`: loads the pack folder, validates it and reports provenance.
///
/// Errors: loading errors of `load_dir`, or [`DataError::Invalid`] with every violation
/// (file, item, broken rule).
pub fn check(pack_dir: &Path) -> Result<CheckReport, DataError> {
    let pack = crate::pack::valid(read_dir(pack_dir)?, validate)?;
    Ok(report(&pack_dir.display().to_string(), &pack))
}

/// The Alexandros pack in the registry of `legatus data check`.
pub const PACK: crate::pack::PackKind = crate::pack::PackKind {
    name: "alexandros",
    markers: &[SCENARIO_FILE],
    check,
};
