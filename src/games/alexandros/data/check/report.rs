//! The check report: per file, what is sourced, provisional or player-supplied.

use std::collections::BTreeMap;

use super::super::provenance::{file_origin, Origin};
use super::super::{
    item_origins, Pack, BOARD_FILE, COUNTERS_FILE, MAP_FILE, PACK_FILES, SCENARIO_FILE,
    TABLES_FILE, TURNS_FILE,
};

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
            (
                BOARD_FILE,
                file_origin(&pack.board.source, &pack.board.provisional),
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
            data_hash: super::super::data_hash(pack),
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
