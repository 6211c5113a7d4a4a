//! The check report of a valid pack: per file, what is sourced, provisional or player-supplied.

use super::provenance::Origin;
use super::ItemOrigin;

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
    /// The pack's title, e.g. `Alexandros data pack`.
    pub title: String,
    /// Folder checked (display form).
    pub dir: String,
    /// Data hash of the pack (see [`super::data_hash`]).
    pub data_hash: String,
    /// One report per pack file, in the pack's file order.
    pub files: Vec<FileReport>,
}

impl CheckReport {
    /// Builds a report: `files` are the pack files with their file-level origin, in order;
    /// `items` every item with its effective origin (items of files not listed are dropped).
    pub fn new(
        title: &str,
        dir: &str,
        data_hash: String,
        files: Vec<(String, Origin)>,
        items: Vec<ItemOrigin>,
    ) -> CheckReport {
        let mut files: Vec<FileReport> = files
            .into_iter()
            .map(|(file, origin)| FileReport {
                file,
                origin,
                sourced: vec![],
                provisional: vec![],
                player: vec![],
            })
            .collect();
        for i in items {
            let Some(r) = files.iter_mut().find(|f| f.file == i.file) else {
                continue;
            };
            match i.origin {
                Origin::Source(s) => r.sourced.push((i.key, s)),
                Origin::Provisional(p) => r.provisional.push((i.key, p)),
                Origin::Player(p) => r.player.push((i.key, p)),
                Origin::Unmarked => {}
            }
        }
        CheckReport {
            title: title.to_string(),
            dir: dir.to_string(),
            data_hash,
            files,
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
            "{} {}: OK\ndata hash {}\n",
            self.title, self.dir, self.data_hash
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
