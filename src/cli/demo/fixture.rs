//! A demo's fixture: order files named after the step they answer (each with `side`, `step`,
//! `orders` and perhaps `standing`; the envelope comes from the game being played), and
//! `<side>-standing.yaml`, each side's standing orders, sent with its files that have none of
//! their own; `<side>-standing-from-<season>.yaml` replaces them from that season on (as a
//! player sends new standing orders when the war changes). A season is the part of a step
//! before its `/` (`spring-333`, `turn-11`, `winter-199-198`); the game's [`Seasons`] order them.

use std::collections::BTreeMap;
use std::path::Path;

use crate::engine::Error;

/// Where a season falls in a game, to order fixture files: a number that grows with the game
/// (`None` for a name that is no season of it).
pub type Seasons = fn(&str) -> Option<u32>;

/// A fixture's order files by (side, step) and standing orders by side.
pub struct Fixture {
    /// (side, step) → (file name, text).
    pub orders: BTreeMap<(String, String), (String, String)>,
    /// (side, first season) → the `standing:` part of its standing-orders file (0: from the
    /// start).
    standing: BTreeMap<(String, u32), String>,
    seasons: Seasons,
}

/// The season of a step or file name: what comes before its first `/` (or, for a file
/// name, the whole stem).
pub fn season_of(step: &str) -> &str {
    step.split('/').next().unwrap_or_default()
}

impl Fixture {
    /// Reads (file name, text) pairs; only `.yaml` files count.
    ///
    /// Errors: [`Error::Input`] for a file that would be silently ignored — a standing-orders
    /// file whose name gives no season, one without `standing:`, or an order file without
    /// `side:` and a `step:` of one of the game's seasons.
    pub fn from_files(
        files: impl IntoIterator<Item = (String, String)>,
        seasons: Seasons,
    ) -> Result<Self, Error> {
        let mut f = Fixture {
            orders: BTreeMap::new(),
            standing: BTreeMap::new(),
            seasons,
        };
        for (name, text) in files {
            if !name.ends_with(".yaml") {
                continue;
            }
            let field = |k: &str| {
                text.lines()
                    .find_map(|l| l.strip_prefix(&format!("{k}:")))
                    .map(|v| v.trim().trim_matches('"').to_string())
                    .unwrap_or_default()
            };
            let bad = |why: &str| Error::input(format!("fixture file {name}: {why}"));
            if name.contains("-standing") {
                let from = f.standing_from(&name).ok_or_else(|| {
                    bad("name it <side>-standing.yaml or <side>-standing-from-<season>.yaml")
                })?;
                let i = text
                    .find("\nstanding:")
                    .ok_or_else(|| bad("no `standing:` part"))?;
                f.standing
                    .insert((field("side"), from), text[i + 1..].to_string());
            } else {
                let key = (field("side"), field("step"));
                if key.0.is_empty() || (f.seasons)(season_of(&key.1)).is_none() {
                    return Err(bad(
                        "give `side:` and the `step:` it answers, as its template names it",
                    ));
                }
                f.orders.insert(key, (name, text));
            }
        }
        Ok(f)
    }

    /// A fixture embedded in the binary (checked by the tests: it always reads).
    pub fn embedded(dir: &include_dir::Dir, seasons: Seasons) -> Result<Self, Error> {
        Self::from_files(
            dir.files().filter_map(|file| {
                Some((
                    file.path().file_name()?.to_string_lossy().into_owned(),
                    file.contents_utf8()?.to_string(),
                ))
            }),
            seasons,
        )
    }

    /// The fixture files in `dir`.
    ///
    /// Errors: [`Error::Input`] when the folder or a file cannot be read.
    pub fn from_dir(dir: &Path, seasons: Seasons) -> Result<Self, Error> {
        let mut files = Vec::new();
        let rd = std::fs::read_dir(dir)
            .map_err(|e| Error::input(format!("--fixture {}: {e}", dir.display())))?;
        for entry in rd {
            let path = entry.map_err(super::super::io)?.path();
            let text = std::fs::read_to_string(&path)
                .map_err(|e| Error::input(format!("{}: {e}", path.display())))?;
            files.push((
                path.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                text,
            ));
        }
        Self::from_files(files, seasons)
    }

    /// The first season of a standing-orders file (`<side>-standing.yaml`: 0,
    /// `<side>-standing-from-<season>.yaml`: that season), `None` for other files.
    fn standing_from(&self, name: &str) -> Option<u32> {
        if name.ends_with("-standing.yaml") {
            return Some(0);
        }
        let (_, from) = name.split_once("-standing-from-")?;
        (self.seasons)(from.strip_suffix(".yaml")?)
    }

    /// Where the step's season falls (`None` for a step of no season).
    pub fn season(&self, step: &str) -> Option<u32> {
        (self.seasons)(season_of(step))
    }

    /// The last season the fixture has order files for.
    pub fn last_season(&self) -> Option<u32> {
        self.orders
            .keys()
            .filter_map(|(_, step)| self.season(step))
            .max()
    }

    /// The standing orders of `side` in force at `step`.
    pub fn standing_at(&self, side: &str, step: &str) -> &str {
        let turn = self.season(step).unwrap_or(0);
        self.standing
            .range((side.to_string(), 0)..=(side.to_string(), turn))
            .next_back()
            .map(|(_, t)| t.as_str())
            .unwrap_or("")
    }
}

/// The lines of `template` from the one starting with `key` to the end of its block.
fn template_block(template: &str, key: &str) -> String {
    let mut s = String::new();
    let mut inside = false;
    for l in template.lines() {
        if l.starts_with(key) {
            inside = true;
        } else if inside && !l.starts_with("    ") {
            break;
        }
        if inside {
            s.push_str(l);
            s.push('\n');
        }
    }
    s
}

/// The fixture's orders under the envelope the template wrote for this game, with the
/// side's standing orders when the file has none of its own. Blocks the game places itself
/// (`placed`, such as Alexandros' `  reinforcements:`, 13.1: the fixture cannot know which
/// arrive) are taken from the template when the file leaves them out.
pub fn compose(template: &str, fixture: &str, standing: &str, placed: &[&str]) -> String {
    let mut s = String::new();
    for l in template.lines() {
        if l.starts_with("orders:") {
            break;
        }
        s.push_str(l);
        s.push('\n');
    }
    for l in fixture.lines() {
        if ["game:", "after:", "after_hash:", "side:", "step:"]
            .iter()
            .any(|k| l.starts_with(k))
        {
            continue;
        }
        s.push_str(l);
        s.push('\n');
        if l.starts_with("orders:") {
            for key in placed {
                if !fixture.contains(&format!("\n{key}")) {
                    s.push_str(&template_block(template, key));
                }
            }
        }
    }
    if !fixture.lines().any(|l| l.starts_with("standing:")) {
        s.push_str(standing);
    }
    s
}
