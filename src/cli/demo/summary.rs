//! What `legatus demo` tells at the end: the battles the game's events name, the refusals the
//! dice caused, the victory tracks, and the turn page and map picture it leaves in the folder.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use crate::engine::game::Game;
use crate::engine::Error;

use super::fixture::season_of;
use super::games::{Battle, DemoGame};
use super::{say, Folders, Tally};

/// Battles seen in the game's events.
#[derive(Default)]
pub(super) struct Battles {
    /// (entry, text) → (season, name) of each battle joined.
    fought: BTreeMap<(u64, String), (String, String)>,
    /// The results, in order.
    results: Vec<String>,
    seen: BTreeSet<(u64, String)>,
}

/// Notes the battles of the game's recent events, each under the season of the entry that
/// set it off (`seasons`: entry → season, as the demo made them; else the season now).
pub(super) fn note_battles(
    demo: &DemoGame,
    game: &Game,
    seasons: &BTreeMap<u64, String>,
    b: &mut Battles,
) {
    let now = season_of(&game.pending().step).to_string();
    for ee in game.recent() {
        let season = seasons.get(&ee.seq).cloned().unwrap_or_else(|| now.clone());
        for e in &ee.events {
            let key = (ee.seq, e.text.clone());
            if b.seen.contains(&key) {
                continue;
            }
            match (demo.battle)(e) {
                Some(Battle::Fought) => {
                    b.seen.insert(key.clone());
                    let name = e.text.split(':').next().unwrap_or_default().to_string();
                    b.fought.insert(key, (season.clone(), name));
                }
                Some(Battle::Result) => {
                    b.seen.insert(key);
                    b.results.push(format!("{} [{}]", e.text, e.rule));
                }
                None => {}
            }
        }
    }
}

/// The refusals the dice caused and the battles fought.
pub(super) fn summary(out: &mut dyn Write, demo: &DemoGame, t: &Tally) -> Result<(), Error> {
    if !t.refusals.is_empty() {
        say(out, format!("{} fixture order files applied with a part the rules refused dropped, {} replaced by the template default:", t.trimmed, t.refused))?;
        for r in &t.refusals {
            say(out, format!("  - {r}"))?;
        }
    }
    say(
        out,
        format!("{}: {}", demo.battles_heading, t.battles.fought.len()),
    )?;
    for (season, text) in t.battles.fought.values() {
        say(out, format!("  - {season}: {text}"))?;
    }
    for r in &t.battles.results {
        say(out, format!("    {r}"))?;
    }
    Ok(())
}

/// The victory tracks, and what a player would look at beside the log: the turn page and the
/// map picture, written into the game folder.
pub(super) fn pictures(out: &mut dyn Write, last: &Game, f: &Folders) -> Result<(), Error> {
    let view = crate::engine::pages::view(last, None);
    for t in view
        .tracks
        .iter()
        .filter(|t| t.name.to_lowercase().contains("victory"))
    {
        say(out, format!("  {}: {}", t.name, t.value))?;
    }
    let provisional = last.rules().provisional(&last.header.data);
    let page = f.game.join("turn.html");
    let map = f.game.join("map.png");
    crate::engine::folder::write_atomic(
        &page,
        crate::engine::pages::turn_page(last, None, &provisional).as_bytes(),
    )?;
    let png = crate::engine::pages::map_png(last).map_err(|e| Error::input(e.to_string()))?;
    crate::engine::folder::write_atomic(&map, &png)?;
    say(
        out,
        format!(
            "Turn page: {} (open it in a browser)   Map: {}",
            page.display(),
            map.display()
        ),
    )
}
