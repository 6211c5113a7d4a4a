//! `legatus post` (a forum post: the turn report and an armored block of
//! entries) and `legatus import` (entries read back from a pasted post or a
//! whole copied thread page).
//!
//! Payload of a block: the YAML documents of the entries, exactly as
//! [`entry_yaml`] writes them into `log.yaml` (each starting with its `---`
//! line), concatenated in log order. A block that starts at entry 1 carries
//! the header document first ([`header_yaml`]), so the payload is then a whole
//! log that `import --new` can start a game folder from; its armor line reads
//! `Entries: 0-N` (0 standing for the header). The armor's `Game:` line is the
//! full game id.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

mod import;
pub use import::import;

use crate::engine::folder::GameDir;
use crate::engine::game::Game;
use crate::engine::{pages, render, Error};
use crate::protocol::log::{entry_yaml, header_yaml, Doc, Entry, Header, LogReader, LOG_PREAMBLE};
use crate::report::{self, Block, Format};
use crate::ruleset::Registry;
use crate::transport::armor::{self, ArmorHeader};
use crate::transport::head::{self, Head};

/// The markup of a post.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum PostFormat {
    /// Forum BBCode.
    Bbcode,
    /// Markdown (CommonMark).
    Markdown,
    /// Plain text.
    Text,
}

#[derive(Args, Debug)]
pub struct PostArgs {
    /// The game folder.
    game: PathBuf,
    /// The markup of the post.
    #[arg(long, value_enum, default_value = "bbcode")]
    format: PostFormat,
    /// First entry to include (1 = the whole log, header included). Default: the
    /// entries since the other side's last entry (the last author's trailing run).
    #[arg(long, value_name = "N")]
    from: Option<u64>,
    /// Also write the map picture (PNG) to this file; the post names it, to attach.
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct ImportArgs {
    /// The game folder (with --new: the folder to create).
    game: PathBuf,
    /// The pasted post or copied thread page; `-` reads standard input.
    file: PathBuf,
    /// Start a game you do not have yet from a block that carries the header (`post --from 1`).
    #[arg(long)]
    new: bool,
}

fn say(out: &mut dyn Write, s: impl AsRef<str>) -> Result<(), Error> {
    writeln!(out, "{}", s.as_ref()).map_err(super::io)
}

/// The report part of a post, as document blocks: where the game stands (compact: forces with
/// their units grouped, the tracks, a battle's board), what comes next, where the map picture
/// is (`map`: the file `--map` wrote), and what happened since the reader's last entry, long
/// event lists folded (BBCode `[spoiler]`, Markdown `<details>`).
pub(crate) fn report_blocks(game: &Game, map: Option<&std::path::Path>) -> Vec<Block> {
    let h = &game.header;
    let reader = game.pending().sides.first().cloned();
    let view = pages::view(game, reader.as_deref());
    let mut doc = vec![
        Block::Heading(format!("{} — game {}", game.rules().title(), h.short_id())),
        Block::Paragraph(format!(
            "Scenario {}, {}, dice {}. Last hash {}.",
            h.scenario.id,
            crate::view::count(game.last_seq() as usize, "entry"),
            h.dice.mode,
            &game.last_hash()[..16]
        )),
        Block::Heading("Where the game stands".into()),
    ];
    doc.extend(crate::render::text::situation_compact(&view));
    doc.push(Block::Heading("Next".into()));
    doc.push(Block::List(render::next_steps(game)));
    if !view.map.places.is_empty() {
        doc.push(Block::Paragraph(match map {
            Some(p) => format!(
                "The map: {} (a picture made by legatus; attach it to this post).",
                p.display()
            ),
            None => "The map: `legatus show <game> --png map.png` draws it (or `legatus post <game> --map map.png` writes it with the post).".into(),
        }));
    }
    let groups = pages::narrative(game, reader.as_deref());
    if !groups.is_empty() {
        doc.push(Block::Heading(match &reader {
            Some(r) => format!("What happened since the {r}'s last entry"),
            None => "What happened".into(),
        }));
        doc.extend(crate::render::text::narrative_folded(&groups));
    }
    doc
}

/// Reads every entry of a log file, with its exact document text as `entry_yaml` gives it.
fn read_log(path: &std::path::Path) -> Result<(Header, Vec<Entry>), Error> {
    let mut header = None;
    let mut entries = Vec::new();
    for doc in LogReader::open(path)? {
        match doc? {
            Doc::Header(h) => header = Some(*h),
            Doc::Entry(e, _) => entries.push(*e),
        }
    }
    Ok((header.ok_or_else(|| Error::input("empty log"))?, entries))
}

/// `legatus post`: prints the post. Reads the game only (verifies it first).
///
/// Errors: [`Error::Input`] when `--from` is outside the log; [`Error::Verify`] if
/// the local log does not verify.
pub fn post(registry: &Registry, a: PostArgs, out: &mut dyn Write) -> Result<(), Error> {
    let dir = GameDir::new(&a.game);
    let (game, _) = dir.load(registry)?;
    let (header, entries) = read_log(&dir.log())?;
    let last = entries.len() as u64;
    let from = match a.from {
        Some(0) => {
            return Err(Error::input(
                "--from counts entries from 1 (1 = the whole log)",
            ))
        }
        Some(n) if n > last.max(1) => {
            return Err(Error::input(format!(
                "--from {n}: the log has {}",
                crate::view::count(last as usize, "entry")
            )))
        }
        Some(n) => n,
        None => match entries.last() {
            None => 1,
            Some(l) => {
                let run = entries
                    .iter()
                    .rev()
                    .take_while(|e| e.author == l.author)
                    .count();
                last - run as u64 + 1
            }
        },
    };
    let mut payload = String::new();
    if from == 1 {
        payload.push_str(LOG_PREAMBLE);
        payload.push_str(&header_yaml(&header));
    }
    for e in entries.iter().skip(from as usize - 1) {
        payload.push_str(&entry_yaml(e));
    }
    let first = if from == 1 { 0 } else { from };
    let block = armor::encode(
        &ArmorHeader {
            game: header.game.clone(),
            first,
            last: last.max(first),
        },
        payload.as_bytes(),
    );
    let what = if from == 1 {
        format!("the whole log (header and entries 1-{last})")
    } else if from == last {
        format!("entry {last}")
    } else {
        format!("entries {from}-{last}")
    };
    if let Some(m) = &a.map {
        let png = pages::map_png(&game).map_err(|e| Error::input(e.to_string()))?;
        crate::engine::folder::write_atomic(m, &png)?;
    }
    let mut doc = report_blocks(&game, a.map.as_deref());
    doc.extend(import_instructions(&what, from == 1));
    doc.push(Block::Paragraph(head::head_line(&Head {
        seq: game.last_seq(),
        hash: game.last_hash(),
    })));
    doc.push(Block::Preformatted(block.trim_end().to_string()));
    let format = match a.format {
        PostFormat::Bbcode => Format::BBCode,
        PostFormat::Markdown => Format::Markdown,
        PostFormat::Text => Format::Text,
    };
    write!(out, "{}", report::render(&doc, format)).map_err(super::io)
}

/// How to import a post, in words that survive every markup a post passes through: the
/// command is a preformatted block (a Markdown code fence or BBCode `[code]`), so no
/// renderer takes its placeholders for HTML tags (`<file>` vanishes in Markdown) or its
/// `--new` for a dash; placeholders are capitalised words with no markup characters.
fn import_instructions(what: &str, whole_log: bool) -> Vec<Block> {
    let mut command = String::from("legatus import GAME-FOLDER FILE");
    let mut words = format!(
        "The block below carries {what}, signed. To add it to your copy of the game, save this post (or the whole page) to a file and run the command below, with your game folder for GAME-FOLDER and the saved file for FILE"
    );
    if whole_log {
        command.push_str("\nlegatus import --new NEW-FOLDER FILE");
        words.push_str(
            " (a game you do not have yet: the second line, with a new folder for NEW-FOLDER)",
        );
    }
    words.push(':');
    vec![Block::Paragraph(words), Block::Preformatted(command)]
}
