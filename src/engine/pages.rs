//! What players see of a game, beside the log: the situation ([`view`]), the narrative of the
//! latest entries ([`narrative`]), their dice, the map picture (SVG and PNG) and the turn page
//! (HTML). The ruleset fills the view in; `crate::render` draws it; this module joins them
//! to the log's bookkeeping (who must act next, whose entries are recent).

use crate::render::{self, html::TurnPage};
use crate::view::{narrative, EventGroup, View};

use super::game::{EntryEvents, Game};
use super::render::next_steps;

/// How many of the latest entries the report narrates when it is for no reader in particular.
pub const REPORT_ENTRIES: usize = 8;

/// The situation for `reader` (None: for everyone), with the log's next steps.
pub fn view(game: &Game, reader: Option<&str>) -> View {
    let mut v = game.state().view(reader);
    if v.title.is_empty() {
        v.title = game.rules().title().to_string();
    }
    v.next = next_steps(game);
    v
}

/// The entries a reader has not seen yet, in the order they took effect: everything that
/// happened from the application of his own last entry on — the results of his own orders
/// whose dice the opponent's reveal fixed included, labelled with their own entry — or the
/// latest [`REPORT_ENTRIES`] for no reader (or one who sent no entry yet).
pub fn unseen<'g>(game: &'g Game, reader: Option<&str>) -> Vec<&'g EntryEvents> {
    let recent: Vec<&EntryEvents> = game.recent().collect();
    let from = match reader.and_then(|r| game.last_entry_of(r)) {
        Some(last) => recent
            .iter()
            .position(|e| e.took_effect() >= last)
            .unwrap_or(recent.len()),
        None => recent.len().saturating_sub(REPORT_ENTRIES),
    };
    recent[from..].to_vec()
}

/// What the last entry of the log set off, in the order it happened: the results of an
/// earlier entry whose dice its reveal fixed, then its own.
pub fn last_entry_events(game: &Game) -> Vec<&EntryEvents> {
    let last = game.last_seq();
    game.recent().filter(|e| e.took_effect() == last).collect()
}

/// Groups the events of `entries` by turn, phase and round.
pub fn group(entries: &[&EntryEvents]) -> Vec<EventGroup> {
    let refs: Vec<narrative::EntryRef<'_>> = entries
        .iter()
        .map(|e| narrative::EntryRef {
            seq: e.seq,
            author: &e.author,
            events: &e.events,
        })
        .collect();
    narrative::group(&refs)
}

/// What happened since the reader's last entry ([`unseen`]), grouped by turn, phase and round.
pub fn narrative(game: &Game, reader: Option<&str>) -> Vec<EventGroup> {
    group(&unseen(game, reader))
}

/// The dice rolled for the entries of [`unseen`], one line each.
pub fn dice_lines(game: &Game, reader: Option<&str>) -> Vec<String> {
    let mut out = Vec::new();
    for e in unseen(game, reader) {
        for r in &e.rolls {
            out.push(format!(
                "entry {} ({}): {} {} = {} — {}",
                e.seq, e.author, r.die, r.rule, r.value, r.purpose
            ));
        }
    }
    out
}

/// The map picture as SVG.
pub fn map_svg(game: &Game) -> String {
    render::svg::map_svg(&view(game, None))
}

/// The map picture as PNG bytes.
pub fn map_png(game: &Game) -> Result<Vec<u8>, render::png::PngError> {
    render::png::png(&map_svg(game))
}

/// The map picture as PNG bytes at `zoom` times its size (mail attachments use less than 1 to
/// keep a message small).
pub fn map_png_at(game: &Game, zoom: f32) -> Result<Vec<u8>, render::png::PngError> {
    render::png::rasterise(&map_svg(game), zoom)?.png()
}

/// The battle board as SVG, when a battle is on.
pub fn board_svg(game: &Game) -> Option<String> {
    render::board::board_svg(&view(game, None))
}

/// The battle board as PNG bytes at `zoom` times its size, when a battle is on.
pub fn board_png_at(game: &Game, zoom: f32) -> Option<Result<Vec<u8>, render::png::PngError>> {
    board_svg(game).map(|svg| render::png::rasterise(&svg, zoom)?.png())
}

/// The line that replaces the list of provisional data in reports.
pub fn provisional_line(provisional: &[String]) -> Option<String> {
    (!provisional.is_empty()).then(|| {
        format!(
            "This game uses {} not printed in our rulebook text; `legatus data check` lists them with what each is based on (players who own the printed game may override them: `legatus new --data`).",
            crate::view::count(provisional.len(), "provisional data item")
        )
    })
}

/// The turn page for `reader` (None: for everyone): one self-contained HTML file.
pub fn turn_page(game: &Game, reader: Option<&str>, provisional: &[String]) -> String {
    let h = &game.header;
    let v = view(game, reader);
    let groups = narrative(game, reader);
    let players: Vec<String> = h
        .players
        .iter()
        .map(|p| format!("{} ({})", p.side, p.name))
        .collect();
    let page = TurnPage {
        title: format!("{} — game {}", game.rules().title(), h.short_id()),
        intro: vec![format!(
            "Scenario {}; players {}; {} in the log; dice: {}.{}",
            h.scenario.id,
            players.join(", "),
            crate::view::count(game.last_seq() as usize, "entry"),
            h.dice.mode,
            reader
                .map(|r| format!(
                    " This page is for the {r}: it tells what happened since his last entry."
                ))
                .unwrap_or_default()
        )],
        view: &v,
        next: v.next.clone(),
        narrative: &groups,
        dice: dice_lines(game, reader),
        footer: provisional_line(provisional).into_iter().collect(),
    };
    render::html::turn_page(&page)
}
