//! The derived files of a game folder: `state.yaml` and `report.md`, and the
//! plain-words status `legatus status` prints.

use std::fmt::Write as _;

use crate::protocol::log::DiceMode;
use crate::report::{self, Block, Format};
use crate::ruleset::PendingKind;

use super::game::Game;

/// `state.yaml`: where the game stands (a cache: never read back as input).
pub fn state_yaml(game: &Game) -> String {
    let doc = serde_json::json!({
        "game": game.header.game,
        "entry": game.last_seq(),
        "entry_hash": game.last_hash(),
        "state_hash": game.state_hash(),
        "pending": game.pending(),
        "awaiting_reveal": game.awaiting().map(|a| a.seq),
        "state": game.snapshot(),
    });
    format!(
        "# Derived from log.yaml by legatus; rewritten after every command and never trusted as input.\n{}",
        serde_saphyr::to_string(&doc).expect("state serialises")
    )
}

/// Who must do what next, in plain words (one line each), for documents
/// others read (report.md, mail, forum posts): commands name the game folder
/// `<game>`, as each reader keeps the game in a folder of his own.
pub fn next_steps(game: &Game) -> Vec<String> {
    next_steps_in(game, GAME_PLACEHOLDER)
}

/// What the commands in [`next_steps`] call the game folder.
pub const GAME_PLACEHOLDER: &str = "<game>";

/// [`next_steps`] for the player at the keyboard: commands name the game
/// folder `folder` (as he typed it, quoted for the shell where needed).
pub fn next_steps_in(game: &Game, folder: &str) -> Vec<String> {
    let folder = if folder == GAME_PLACEHOLDER {
        folder.to_string()
    } else {
        shell_word(folder)
    };
    let mut out = Vec::new();
    let missing = game.not_accepted();
    if !missing.is_empty() {
        // One at a time, as every entry: accepts sent at once from several copies would fork.
        let first = &missing[0];
        out.push(format!(
            "{first} must accept the game: `legatus accept {folder} --key <{first}'s key>`"
        ));
        for side in &missing[1..] {
            out.push(format!(
                "then {side} must accept it, once the accepts before are in his copy (`legatus accept {folder} --key <{side}'s key>`)"
            ));
        }
        return out;
    }
    if let (Some(aw), Some(who)) = (game.awaiting(), game.awaited_revealer()) {
        let rest = &aw.owed()[1..];
        if rest.is_empty() && aw.revealers().len() > 1 {
            // Three or more sides: the last of several reveals, the only one that may carry
            // orders (when the step after the entry is the revealer's).
            out.push(format!(
                "entry {} by {} waits for {who}'s next dice reveal, the last it needs: {who}'s next entry fixes its dice — a bare reveal (`legatus apply {folder} --key <key>` without --orders), or {who}'s orders when the step after it is {who}'s (`legatus status {folder} --key <{who}'s key>` says which)",
                aw.seq, aw.author
            ));
        } else if rest.is_empty() {
            out.push(format!(
                "entry {} by {} waits for {who}'s next dice reveal: {who}'s next entry fixes its dice (a bare reveal will do: `legatus apply {folder} --key <key>` without --orders)",
                aw.seq, aw.author
            ));
        } else {
            out.push(format!(
                "entry {} by {} waits for the next dice reveals of {who}, then {}: {who} sends a bare reveal now (`legatus apply {folder} --key <key>` without --orders); the last of them fixes its dice",
                aw.seq, aw.author, rest.join(", then ")
            ));
        }
        return out;
    }
    let p = game.pending();
    match p.kind {
        PendingKind::GameOver if p.prompt.starts_with("the game is over") => {
            out.push(p.prompt.clone())
        }
        PendingKind::GameOver => out.push(format!("the game is over: {}", p.prompt)),
        PendingKind::Sealed => {
            let committed = game.sealed_committed();
            let revealed = game.sealed_revealed();
            // One entry at a time, in the step's order of sides (`tasks`): sent at once from
            // several copies of the game, they would fork it.
            let first_uncommitted = p.sides.iter().find(|s| !committed.contains(s));
            let first_unrevealed = p.sides.iter().find(|s| !revealed.contains(s));
            for side in &p.sides {
                let what = if !committed.contains(side) {
                    if first_uncommitted == Some(side) {
                        "commit sealed orders".to_string()
                    } else {
                        format!(
                            "commit sealed orders once {}'s commit is in your copy",
                            first_uncommitted.map(String::as_str).unwrap_or_default()
                        )
                    }
                } else if committed.len() < p.sides.len() {
                    "wait for the other sides to commit".to_string()
                } else if !revealed.contains(side) {
                    if first_unrevealed == Some(side) {
                        "reveal the sealed orders (apply the same order file again, with a fresh template's header)".to_string()
                    } else {
                        format!(
                            "reveal the sealed orders once {}'s reveal is in your copy (apply the same order file again, with a fresh template's header)",
                            first_unrevealed.map(String::as_str).unwrap_or_default()
                        )
                    }
                } else {
                    "wait for the other reveals".to_string()
                };
                out.push(format!(
                    "{side}: {what} for step {:?} — {}",
                    p.step,
                    crate::view::cited(&p.prompt, &p.rule)
                ));
            }
        }
        PendingKind::Orders | PendingKind::Decision => {
            let what = if p.kind == PendingKind::Orders {
                "orders"
            } else {
                "a decision"
            };
            out.push(format!(
                "{} to send {what} for step {:?}: {}",
                p.sides.join(" and "),
                p.step,
                crate::view::cited(&p.prompt, &p.rule)
            ));
        }
    }
    out
}

/// `word` as one shell word: unchanged when it holds only characters no shell
/// treats specially, else in single quotes.
pub fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+,:@%=~".contains(c));
    if plain && !word.starts_with('~') {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The status text, with next steps for documents others read (see [`next_steps`]).
pub fn status(game: &Game) -> String {
    status_in(game, GAME_PLACEHOLDER)
}

/// The status text for the player at the keyboard, whose game folder is `folder`.
pub fn status_in(game: &Game, folder: &str) -> String {
    status_for(game, folder, None)
}

/// The status text for `reader` (None: for no side in particular), whose game folder is
/// `folder`: for a reader, the events end with everything that happened since his last entry
/// (the results of his own orders that the opponent's reveal fixed included); for no reader,
/// with what the last entry set off.
pub fn status_for(game: &Game, folder: &str, reader: Option<&str>) -> String {
    let h = &game.header;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Game {} — {} (ruleset version {}), scenario {}",
        h.game,
        game.rules().title(),
        h.ruleset.version,
        h.scenario.id
    );
    let players: Vec<String> = h
        .players
        .iter()
        .map(|p| format!("{} ({})", p.side, p.name))
        .collect();
    let _ = writeln!(s, "Players: {}", players.join(", "));
    let many = h.dice.mode == DiceMode::Mutual && h.players.len() > 2;
    let _ = writeln!(
        s,
        "Dice: {}",
        if many {
            "mutual — each entry's dice are fixed by the next reveals of every other player, in turn. Your dice secrets are derived from your signing key and the game id: the key is the only thing to keep."
        } else {
            dice_words(h.dice.mode)
        }
    );
    let _ = writeln!(
        s,
        "Log: {}, last hash {}",
        crate::view::count(game.last_seq() as usize, "entry"),
        &game.last_hash()[..16]
    );
    let view = super::pages::view(game, None);
    let situation = report::render(&crate::render::text::situation(&view), Format::Text);
    for line in situation.lines() {
        let _ = writeln!(s, "{}", format!("  {line}").trim_end());
    }
    let _ = writeln!(s, "Next:");
    for line in next_steps_in(game, folder) {
        let _ = writeln!(s, "  - {line}");
    }
    s.push_str(&last_events(game, reader));
    s
}

/// The "last events" part of the status: see [`status_for`].
fn last_events(game: &Game, reader: Option<&str>) -> String {
    let mut s = String::new();
    let since = reader.and_then(|r| game.last_entry_of(r).map(|seq| (r, seq)));
    let entries = match since {
        Some((r, _)) => super::pages::unseen(game, Some(r)),
        None => super::pages::last_entry_events(game),
    };
    let last = game.last_seq();
    if entries.is_empty() && game.awaiting().is_none() {
        // Only accepts, commitments or bare reveals so far: nothing to tell.
        return s;
    }
    match since {
        Some((_, seq)) => {
            let _ = writeln!(
                s,
                "What happened since your last entry (entry {seq}), in the order it happened:"
            );
        }
        None => {
            let author = game_author(game, last);
            let _ = writeln!(
                s,
                "Last events (what entry {last}{author} set off, in the order it happened):"
            );
        }
    }
    let groups = super::pages::group(&entries);
    for g in &groups {
        let _ = writeln!(s, "  {}:", crate::render::text::group_title(g));
        for line in crate::render::text::group_lines(g) {
            let _ = writeln!(s, "  - {line}");
        }
    }
    for e in entries.iter().filter(|e| e.events.is_empty()) {
        let _ = writeln!(
            s,
            "  - entry {} ({}'s orders): nothing happened",
            e.seq, e.author
        );
    }
    if let Some(aw) = game.awaiting() {
        let who = game.awaited_revealer().unwrap_or_default();
        let _ = writeln!(
            s,
            "  - entry {} ({}'s orders): its results wait for {who}'s next dice reveal",
            aw.seq, aw.author
        );
    }
    s
}

/// ` by SIDE` for entry `seq` when the game still remembers its author.
fn game_author(game: &Game, seq: u64) -> String {
    game.recent()
        .find(|e| e.seq == seq)
        .map(|e| format!(" by {}", e.author))
        .or_else(|| {
            game.header
                .players
                .iter()
                .find(|p| game.last_entry_of(&p.side) == Some(seq))
                .map(|p| format!(" by {}", p.side))
        })
        .unwrap_or_default()
}

fn dice_words(mode: DiceMode) -> &'static str {
    match mode {
        DiceMode::Mutual => "mutual — each entry's dice are fixed by the opponent's next reveal. Your dice secrets are derived from your signing key and the game id: the key is the only thing to keep.",
        DiceMode::Referee => "referee — the referee's committed reveals fix every entry's dice; the referee's key derives them.",
        DiceMode::Open => "open — the seed is in the header: anyone can compute every roll in advance (solo, testing, face to face).",
    }
}

/// The turn report as a document: where the game stands (the situation: roster, cities,
/// tracks, a battle's board), what comes next, what happened in the latest entries grouped by
/// turn, phase and round, and one line on the provisional data. The text of the turn page;
/// rendered as `report.md`, in mail bodies and forum posts.
pub fn report_blocks(game: &Game, provisional: &[String]) -> Vec<Block> {
    let h = &game.header;
    let view = super::pages::view(game, None);
    let mut doc = vec![
        Block::Heading(format!("{} — game {}", game.rules().title(), h.short_id())),
        Block::Paragraph(format!(
            "Scenario {}, {}. Dice: {}.",
            h.scenario.id,
            crate::view::count(game.last_seq() as usize, "entry"),
            h.dice.mode
        )),
        Block::Heading("Next".into()),
        Block::List(next_steps(game)),
        Block::Heading("Where the game stands".into()),
    ];
    doc.extend(crate::render::text::situation(&view));
    let groups = super::pages::narrative(game, None);
    if !groups.is_empty() {
        doc.push(Block::Heading("What happened".into()));
        doc.push(Block::Paragraph(format!(
            "The latest {}, by turn, phase and round; a side named with its standing orders acted without being asked.",
            crate::view::count(super::pages::unseen(game, None).len(), "entry")
        )));
        doc.extend(crate::render::text::narrative(&groups));
    }
    if let Some(line) = super::pages::provisional_line(provisional) {
        doc.push(Block::Paragraph(line));
    }
    doc
}

/// `report.md`: [`report_blocks`] in Markdown.
pub fn report_md(game: &Game, provisional: &[String]) -> String {
    report::render(&report_blocks(game, provisional), Format::Markdown)
}
