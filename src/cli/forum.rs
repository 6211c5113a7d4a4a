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

use std::io::{Cursor, Read, Write};
use std::path::PathBuf;

use clap::Args;

use crate::engine::folder::GameDir;
use crate::engine::game::Game;
use crate::engine::merge::{self, EntryId, LogSummary, Merged};
use crate::engine::verify::verify;
use crate::engine::{render, Error};
use crate::protocol::log::{entry_yaml, header_yaml, Doc, Entry, LogReader, LOG_PREAMBLE};
use crate::report::{self, Block, Format};
use crate::ruleset::Registry;
use crate::transport::armor::{self, ArmorHeader};

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

/// The report part of a post, as document blocks.
pub(crate) fn report_blocks(game: &Game) -> Vec<Block> {
    let h = &game.header;
    let mut doc = vec![
        Block::Heading(format!("{} — game {}", game.rules().title(), h.short_id())),
        Block::Paragraph(format!(
            "Scenario {}, {} entries, dice {}. Last hash {}.",
            h.scenario.id,
            game.last_seq(),
            h.dice.mode,
            &game.last_hash()[..16]
        )),
        Block::Heading("Where the game stands".into()),
        Block::List(game.state().summary()),
        Block::Heading("Next".into()),
        Block::List(render::next_steps(game)),
    ];
    let recent: Vec<_> = game.recent().collect();
    let shown: Vec<_> = recent.iter().rev().take(4).rev().collect();
    if !shown.is_empty() {
        doc.push(Block::Heading("Recent events".into()));
        let mut items = Vec::new();
        for ev in shown {
            for e in &ev.events {
                items.push(format!(
                    "entry {} ({}): {} [{}]",
                    ev.seq, ev.author, e.text, e.rule
                ));
            }
        }
        if !items.is_empty() {
            doc.push(Block::List(items));
        }
    }
    doc
}

/// Reads every entry of a log file, with its exact document text as `entry_yaml` gives it.
fn read_log(path: &std::path::Path) -> Result<(crate::protocol::log::Header, Vec<Entry>), Error> {
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
                "--from {n}: the log has {last} entries"
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
    let mut doc = report_blocks(&game);
    doc.push(Block::Paragraph(format!(
        "The block below carries {what}, signed. To add it to your copy of the game, save this post (or the whole page) to a file and run: legatus import <your game folder> <file>{}",
        if from == 1 { " (a game you do not have yet: add --new)" } else { "" }
    )));
    doc.push(Block::Preformatted(block.trim_end().to_string()));
    let format = match a.format {
        PostFormat::Bbcode => Format::BBCode,
        PostFormat::Markdown => Format::Markdown,
        PostFormat::Text => Format::Text,
    };
    write!(out, "{}", report::render(&doc, format)).map_err(super::io)
}

fn read_input(file: &std::path::Path) -> Result<String, Error> {
    let bytes = if file.as_os_str() == "-" {
        let mut v = Vec::new();
        std::io::stdin()
            .read_to_end(&mut v)
            .map_err(|e| Error::input(format!("standard input: {e}")))?;
        v
    } else {
        std::fs::read(file).map_err(|e| Error::input(format!("{}: {e}", file.display())))?
    };
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// A block's documents: the header (if it carries one) and its entries.
struct Payload {
    header: Option<crate::protocol::log::Header>,
    entries: Vec<Entry>,
}

fn starts_with_header(text: &str) -> bool {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    !matches!(first, Some(l) if l == "---" || l.starts_with("--- "))
}

/// Parses a block's payload; `local_header` stands in for the header of an entries-only payload.
fn parse_payload(name: &str, payload: &[u8], local_header: Option<&str>) -> Result<Payload, Error> {
    let text = std::str::from_utf8(payload)
        .map_err(|e| Error::input(format!("{name}: the content is not UTF-8 text ({e})")))?;
    let with_header = starts_with_header(text);
    let doc_text = if with_header {
        text.to_string()
    } else {
        match local_header {
            Some(h) => format!("{h}{text}"),
            None => {
                return Err(Error::input(format!(
                    "{name} carries entries only, no header: a new game needs the block of `legatus post --from 1`"
                )))
            }
        }
    };
    let mut header = None;
    let mut entries = Vec::new();
    for doc in LogReader::new(name.to_string(), Cursor::new(doc_text.as_bytes())) {
        match doc.map_err(|e| Error::input(format!("{name}: {e}")))? {
            Doc::Header(h) => header = Some(*h),
            Doc::Entry(e, _) => entries.push(*e),
        }
    }
    Ok(Payload {
        header: if with_header { header } else { None },
        entries,
    })
}

/// Entry `seq` read where entry `next` should come.
fn gap_error(name: &str, seq: u64, next: u64) -> Error {
    if seq == 0 {
        return Error::input(format!(
            "{name}: an entry numbered 0 (entries count from 1); nothing was imported"
        ));
    }
    Error::input(format!(
        "{name}: entry {seq} does not continue the log, which ends at entry {}: import the post with entries {next}-{} first; nothing was imported",
        next - 1,
        seq - 1
    ))
}

fn entry_id(e: &Entry) -> Result<EntryId, Error> {
    Ok(EntryId {
        seq: e.seq,
        author: e.author.clone(),
        hash: hex::encode(e.hash().map_err(|err| Error::input(err.to_string()))?),
    })
}

/// `legatus import`: takes the entries of every block in `file` that continue
/// the local log, verifies the result as a whole and replaces `log.yaml` once.
///
/// Errors: [`Error::Input`] for an unreadable or damaged block (with its reason),
/// a block of another game, or entries that skip ahead of the log;
/// [`Error::Verify`] for entries that fork from the local log or do not verify.
/// On any error nothing is written.
pub fn import(registry: &Registry, a: ImportArgs, out: &mut dyn Write) -> Result<(), Error> {
    let text = read_input(&a.file)?;
    let label = if a.file.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        a.file.display().to_string()
    };
    let blocks = armor::find_blocks(&text);
    if blocks.is_empty() {
        return Err(Error::input(format!(
            "{label}: no legatus block (-----BEGIN LEGATUS ENTRIES-----) found"
        )));
    }
    let mut ok = Vec::new();
    for b in blocks {
        ok.push(
            b.map_err(|e| Error::input(format!("{label}: {e}; refused, nothing was imported")))?,
        );
    }
    if a.new {
        return import_new(registry, &a.game, &label, ok, out);
    }
    let dir = GameDir::new(&a.game);
    if !dir.log().exists() {
        return Err(Error::input(format!(
            "{} has no log.yaml: is it a game folder? (to start a game you do not have yet from a `post --from 1` block, add --new)",
            a.game.display()
        )));
    }
    let lock = dir.lock()?;
    let local_bytes = std::fs::read(dir.log())
        .map_err(|e| Error::input(format!("{}: {e}", dir.log().display())))?;
    let local = LogSummary::from_bytes(&dir.log().display().to_string(), &local_bytes)?;
    let local_header_yaml = header_yaml(&local.header);
    let mut ids: Vec<EntryId> = local.entries.clone();
    let mut added = String::new();
    let mut skipped = 0u64;
    for (i, b) in ok.iter().enumerate() {
        let name = format!("{label}: paste block {}", i + 1);
        let g = &b.header.game;
        if g != &local.header.game && g != local.header.short_id() {
            return Err(Error::input(format!(
                "{name} is for game {g}, but {} holds game {}; nothing was imported",
                a.game.display(),
                local.header.game
            )));
        }
        let p = parse_payload(&name, &b.payload, Some(&local_header_yaml))?;
        if let Some(h) = &p.header {
            let hh = hex::encode(h.hash().map_err(|e| Error::input(e.to_string()))?);
            if h.game != local.header.game {
                return Err(Error::input(format!(
                    "{name} carries the log of game {}, not {}; nothing was imported",
                    h.game, local.header.game
                )));
            }
            if hh != local.header_hash {
                return Err(Error::Verify {
                    seq: 0,
                    check: "fork",
                    reason: format!(
                        "{name} has the same game id but a different header; nothing was imported"
                    ),
                });
            }
        }
        for e in &p.entries {
            let id = entry_id(e)?;
            let next = ids.len() as u64 + 1;
            if e.seq >= 1 && e.seq < next {
                let have = &ids[(e.seq - 1) as usize];
                if have.hash == id.hash {
                    skipped += 1;
                    continue;
                }
                return Err(merge::fork_error(have, &id));
            }
            if e.seq != next {
                return Err(gap_error(&name, e.seq, next));
            }
            added.push_str(&entry_yaml(e));
            ids.push(id);
        }
    }
    if added.is_empty() {
        say(
            out,
            format!(
                "Nothing to do: the {skipped} entries in {label} are already in {} (entry {} is the last).",
                a.game.display(),
                local.entries.len()
            ),
        )?;
        return Ok(());
    }
    let mut candidate = local_bytes.clone();
    if !candidate.is_empty() && !candidate.ends_with(b"\n") {
        candidate.push(b'\n');
    }
    candidate.extend_from_slice(added.as_bytes());
    let name = format!("{label} (imported into {})", dir.log().display());
    match merge::merge_into(&dir, &lock, registry, &name, &candidate)? {
        Merged::Extended { from, to, game } => {
            say(
                out,
                format!(
                    "Imported entries {}-{to} into {} (verified: chain, signatures, dice, rules){}",
                    from + 1,
                    a.game.display(),
                    if skipped > 0 {
                        format!("; skipped {skipped} entries already in the log")
                    } else {
                        String::new()
                    }
                ),
            )?;
            say(out, "Next:")?;
            for line in render::next_steps(&game) {
                say(out, format!("  - {line}"))?;
            }
            Ok(())
        }
        Merged::UpToDate { .. } => unreachable!("the candidate log is longer than the local one"),
    }
}

fn import_new(
    registry: &Registry,
    into: &std::path::Path,
    label: &str,
    blocks: Vec<armor::Block>,
    out: &mut dyn Write,
) -> Result<(), Error> {
    // The first block with a header starts the log; later blocks may continue it.
    let mut log = String::new();
    let mut header: Option<crate::protocol::log::Header> = None;
    let mut ids: Vec<EntryId> = Vec::new();
    for (i, b) in blocks.iter().enumerate() {
        let name = format!("{label}: paste block {}", i + 1);
        let hy = header.as_ref().map(header_yaml);
        let p = match parse_payload(&name, &b.payload, hy.as_deref()) {
            Ok(p) => p,
            Err(_) if header.is_none() => continue, // entries before the game's first full block
            Err(e) => return Err(e),
        };
        match (&header, p.header) {
            (None, Some(h)) => {
                log.push_str(LOG_PREAMBLE);
                log.push_str(&header_yaml(&h));
                header = Some(h);
            }
            (Some(have), Some(h)) if have.game != h.game => {
                return Err(Error::input(format!(
                    "{name} is for game {}, the first full block for game {}; nothing was imported",
                    h.game, have.game
                )))
            }
            (Some(have), Some(h)) if have != &h => {
                return Err(Error::Verify {
                    seq: 0,
                    check: "fork",
                    reason: format!("{name} has the same game id but a different header"),
                })
            }
            _ => {}
        }
        for e in &p.entries {
            let id = entry_id(e)?;
            let next = ids.len() as u64 + 1;
            if e.seq >= 1 && e.seq < next {
                let have = &ids[(e.seq - 1) as usize];
                if have.hash == id.hash {
                    continue;
                }
                return Err(merge::fork_error(have, &id));
            }
            if e.seq != next {
                return Err(gap_error(&name, e.seq, next));
            }
            log.push_str(&entry_yaml(e));
            ids.push(id);
        }
    }
    if header.is_none() {
        return Err(Error::input(format!(
            "{label}: no block carries the game's header: a new game needs the block of `legatus post --from 1`"
        )));
    }
    if into.exists()
        && std::fs::read_dir(into)
            .map(|mut d| d.next().is_some())
            .unwrap_or(true)
    {
        return Err(Error::input(format!(
            "{} already exists and is not empty: import --new needs a new folder",
            into.display()
        )));
    }
    let (game, _) = verify(
        LogReader::new(label.to_string(), Cursor::new(log.as_bytes())),
        registry,
    )?;
    super::mail::start_received_game(into, &game, log.as_bytes(), label, out)
}
