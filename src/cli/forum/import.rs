//! `legatus import`: entries read back from a pasted post or a whole copied thread page (the
//! payload format is described in the parent module).

use std::io::{Cursor, Read, Write};

use super::{say, ImportArgs};
use crate::engine::folder::GameDir;
use crate::engine::merge::{self, EntryId, LogSummary, Merged};
use crate::engine::verify::verify;
use crate::engine::{render, Error};
use crate::protocol::log::{
    entry_yaml, header_yaml, Doc, Entry, Header, LogError, LogReader, LOG_PREAMBLE,
};
use crate::ruleset::Registry;
use crate::transport::armor::{self, ArmorHeader};
use crate::transport::head::{self, Head};

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
    header: Option<Header>,
    entries: Vec<Entry>,
}

fn starts_with_header(text: &str) -> bool {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    !matches!(first, Some(l) if l == "---" || l.starts_with("--- "))
}

/// Parses a block's payload; `local_header` stands in for the header of an
/// entries-only payload. Errors are reasons, to follow the block's name.
fn parse_payload(payload: &[u8], local_header: Option<&str>) -> Result<Payload, String> {
    let text =
        std::str::from_utf8(payload).map_err(|e| format!("the content is not UTF-8 text ({e})"))?;
    let with_header = starts_with_header(text);
    let (doc_text, offset) = if with_header {
        (text.to_string(), 0)
    } else {
        match local_header {
            Some(h) => (format!("{h}{text}"), h.lines().count() as u64),
            None => {
                return Err(
                    "it carries entries only, no header: a new game needs the block of `legatus post --from 1`"
                        .into(),
                )
            }
        }
    };
    let mut header = None;
    let mut entries = Vec::new();
    for doc in LogReader::new("content".into(), Cursor::new(doc_text.as_bytes())) {
        match doc {
            Ok(Doc::Header(h)) => header = Some(*h),
            Ok(Doc::Entry(e, _)) => entries.push(*e),
            Err(LogError::Yaml {
                line,
                column,
                message,
                ..
            }) => {
                return Err(format!(
                "its content does not read as a legatus log (line {}, column {column}): {message}",
                line.saturating_sub(offset)
            ))
            }
            Err(e) => return Err(format!("its content does not read as a legatus log: {e}")),
        }
    }
    Ok(Payload {
        header: if with_header { header } else { None },
        entries,
    })
}

/// What an `Entries:` line announces, in words.
fn describe_range(h: &ArmorHeader) -> String {
    match (h.first, h.last) {
        (0, 0) => "the header only".into(),
        (0, 1) => "the header and entry 1".into(),
        (0, l) => format!("the header and entries 1-{l}"),
        (f, l) if f == l => format!("entry {f}"),
        (f, l) => format!("entries {f}-{l}"),
    }
}

/// What a payload carries, in words.
fn describe_carried(p: &Payload) -> String {
    let seqs: Vec<u64> = p.entries.iter().map(|e| e.seq).collect();
    let entries = match seqs.as_slice() {
        [] => "no entries".to_string(),
        [one] => format!("entry {one}"),
        [first, .., last] if seqs.windows(2).all(|w| w[1] == w[0] + 1) => {
            format!("entries {first}-{last}")
        }
        _ => {
            let mut shown: Vec<String> = seqs.iter().take(10).map(u64::to_string).collect();
            if seqs.len() > 10 {
                shown.push("…".into());
            }
            format!("entries {}", shown.join(", "))
        }
    };
    match (&p.header, seqs.is_empty()) {
        (Some(_), true) => "the header only".into(),
        (Some(_), false) => format!("the header and {entries}"),
        (None, _) => entries,
    }
}

/// `None` when the armor's `Entries:` line names exactly the entries the
/// payload carries (0 standing for the header), else why the block is refused.
fn range_mismatch(h: &ArmorHeader, p: &Payload) -> Option<String> {
    let start = h.first.max(1);
    let count = if h.last >= start {
        h.last - start + 1
    } else {
        0
    };
    let exact = (h.first == 0) == p.header.is_some()
        && p.entries.len() as u64 == count
        && p.entries
            .iter()
            .enumerate()
            .all(|(i, e)| e.seq == start + i as u64);
    (!exact).then(|| {
        format!(
            "its line `Entries: {}-{}` announces {}, but it carries {}: the block was damaged or edited",
            h.first,
            h.last,
            describe_range(h),
            describe_carried(p)
        )
    })
}

/// Why entry `seq`, read where entry `next` should come, cannot be taken.
fn gap_reason(seq: u64, next: u64) -> String {
    if seq == 0 {
        return "it carries an entry numbered 0 (entries count from 1)".into();
    }
    format!(
        "entry {seq} does not continue the log, which ends at entry {}: import the post with entries {next}-{} first",
        next - 1,
        seq - 1
    )
}

fn entry_id(e: &Entry) -> Result<EntryId, Error> {
    Ok(EntryId {
        seq: e.seq,
        author: e.author.clone(),
        hash: hex::encode(e.hash().map_err(|err| Error::input(err.to_string()))?),
    })
}

/// A readable block with its documents.
struct Parsed {
    /// Its place among the blocks found (0-based).
    index: usize,
    /// "paste block N (starting at line L)".
    name: String,
    payload: Payload,
}

/// Blocks that are not imported: (place among the blocks found, "paste block N (…): why").
type Bad = Vec<(usize, String)>;

fn block_name(index: usize, line: usize) -> String {
    format!("paste block {} (starting at line {line})", index + 1)
}

/// Reads the blocks found in a text against the game's header: `known` (the
/// local game's), or for `import --new` the header of the first block that
/// carries one. Blocks that cannot be read, are for another game or whose
/// `Entries:` line does not match their content go to `bad`.
///
/// Errors: [`Error::Verify`] (fork) when a block carries this game's header
/// with other contents.
fn read_blocks(
    found: Vec<Result<armor::Block, armor::ArmorError>>,
    known: Option<&Header>,
    bad: &mut Bad,
) -> Result<(Option<Header>, Vec<Parsed>), Error> {
    let mut blocks = Vec::new();
    for (i, b) in found.into_iter().enumerate() {
        match b {
            Ok(b) => blocks.push((i, b)),
            Err(e) => bad.push((i, e.to_string())),
        }
    }
    // Header-carrying blocks first: for `--new` they give the header.
    let mut header = known.cloned();
    let mut parsed = Vec::new();
    let mut entries_only = Vec::new();
    for (i, b) in blocks {
        let name = block_name(i, b.line);
        let text = String::from_utf8_lossy(&b.payload);
        if !starts_with_header(&text) {
            entries_only.push((i, name, b));
            continue;
        }
        match parse_payload(&b.payload, None) {
            Ok(p) => {
                let h = p
                    .header
                    .clone()
                    .expect("a payload that starts with a header has one");
                // Checked here too, so that only a sound block gives `--new` its header.
                let g = &b.header.game;
                if g != &h.game && g != h.short_id() {
                    bad.push((
                        i,
                        format!("{name}: its line `Game: {g}` does not name the game it carries, {}: the block was damaged or edited", h.game),
                    ));
                    continue;
                }
                if let Some(why) = range_mismatch(&b.header, &p) {
                    bad.push((i, format!("{name}: {why}")));
                    continue;
                }
                match &header {
                    None => header = Some(h),
                    Some(have) if have.game != h.game => {
                        bad.push((
                            i,
                            format!(
                                "{name}: it carries the log of game {}, not of game {}",
                                h.game, have.game
                            ),
                        ));
                        continue;
                    }
                    Some(have) if have != &h => {
                        return Err(Error::Verify {
                            seq: 0,
                            check: "fork",
                            reason: format!(
                                "{name} has the same game id but a different header; nothing was imported"
                            ),
                        })
                    }
                    Some(_) => {}
                }
                parsed.push((i, name, b.header, p));
            }
            Err(why) => bad.push((i, format!("{name}: {why}"))),
        }
    }
    let Some(h0) = header else {
        return Ok((None, Vec::new()));
    };
    let h0_yaml = header_yaml(&h0);
    for (i, name, b) in entries_only {
        match parse_payload(&b.payload, Some(&h0_yaml)) {
            Ok(p) => parsed.push((i, name, b.header, p)),
            Err(why) => bad.push((i, format!("{name}: {why}"))),
        }
    }
    parsed.sort_by_key(|x| x.0);
    let mut out = Vec::new();
    for (i, name, armor_header, p) in parsed {
        let g = &armor_header.game;
        if g != &h0.game && g != h0.short_id() {
            bad.push((
                i,
                format!("{name}: it is for game {g}, not game {}", h0.game),
            ));
            continue;
        }
        if let Some(why) = range_mismatch(&armor_header, &p) {
            bad.push((i, format!("{name}: {why}")));
            continue;
        }
        out.push(Parsed {
            index: i,
            name,
            payload: p,
        });
    }
    Ok((Some(h0), out))
}

/// Takes the entries of `blocks` that continue the log `ids` (extending it),
/// trying the blocks left over again while any of them takes: a page may show
/// posts out of order. A block is taken whole or not at all; blocks whose
/// entries never continue the log go to `bad`.
///
/// Returns the entries taken, in log order, and how many were already in the log.
///
/// Errors: [`Error::Verify`] (fork) when an entry differs from the one the log
/// has at its position.
fn take_entries(
    blocks: Vec<Parsed>,
    ids: &mut Vec<EntryId>,
    bad: &mut Bad,
) -> Result<(Vec<Entry>, u64), Error> {
    let mut taken = Vec::new();
    let mut skipped = 0u64;
    let mut waiting = blocks;
    loop {
        let mut progress = false;
        let mut left = Vec::new();
        for b in waiting {
            let mut new: Vec<(Entry, EntryId)> = Vec::new();
            let mut dup = 0u64;
            let mut gap = None;
            for e in &b.payload.entries {
                let id = entry_id(e)?;
                let next = (ids.len() + new.len()) as u64 + 1;
                if e.seq >= 1 && e.seq < next {
                    let have = &ids[(e.seq - 1) as usize];
                    if have.hash != id.hash {
                        return Err(merge::fork_error(have, &id));
                    }
                    dup += 1;
                } else if e.seq == next {
                    new.push((e.clone(), id));
                } else {
                    gap = Some((e.seq, next));
                    break;
                }
            }
            match gap {
                Some(_) => left.push((b, gap)),
                None => {
                    progress |= !new.is_empty();
                    skipped += dup;
                    for (e, id) in new {
                        taken.push(e);
                        ids.push(id);
                    }
                }
            }
        }
        if left.is_empty() || !progress {
            for (b, gap) in left {
                let (seq, next) = gap.expect("left over for a gap");
                bad.push((b.index, format!("{}: {}", b.name, gap_reason(seq, next))));
            }
            break;
        }
        waiting = left.into_iter().map(|(b, _)| b).collect();
    }
    Ok((taken, skipped))
}

/// The line where each block found starts (its BEGIN line), readable or not.
fn block_lines(found: &[Result<armor::Block, armor::ArmorError>]) -> Vec<usize> {
    found
        .iter()
        .map(|b| match b {
            Ok(b) => b.line,
            Err(e) => e.line,
        })
        .collect()
}

/// Warns (on `out`) for every block whose post names, in its text, another log head
/// than the block ends at (`docs/protocol.md`, "What a log alone cannot prove"). A block's
/// head line is the last one above its BEGIN line and below the block before it; a block
/// with none (an older post) is not checked.
fn warn_head_mismatches(
    out: &mut dyn Write,
    text: &str,
    lines: &[usize],
    blocks: &[Parsed],
) -> Result<(), Error> {
    let heads = head::find_heads(text);
    for b in blocks {
        let start = lines[b.index];
        let above = lines
            .iter()
            .filter(|l| **l < start)
            .max()
            .copied()
            .unwrap_or(0);
        let Some((_, named)) = heads.iter().rfind(|(l, _)| *l > above && *l < start) else {
            continue;
        };
        let carried = match (b.payload.entries.last(), &b.payload.header) {
            (Some(e), _) => Head {
                seq: e.seq,
                hash: entry_id(e)?.hash,
            },
            (None, Some(h)) => Head {
                seq: 0,
                hash: hex::encode(h.hash().map_err(|e| Error::input(e.to_string()))?),
            },
            (None, None) => continue,
        };
        if let Some(w) = head::check(named, &carried) {
            say(out, format!("warning: {}: {w}.", b.name))?;
        }
    }
    Ok(())
}

/// The error for blocks that were not imported, listing each with its reason.
fn bad_blocks_error(label: &str, total: usize, mut bad: Bad, imported: bool) -> Error {
    bad.sort_by_key(|b| b.0);
    let head = if imported {
        format!(
            "{label}: {} of {total} paste blocks could not be imported (the entries of the others were):",
            bad.len()
        )
    } else if bad.len() < total {
        format!(
            "{label}: {} of {total} paste blocks could not be imported, and the others hold nothing new; nothing was written:",
            bad.len()
        )
    } else if total == 1 {
        format!("{label}: the paste block could not be imported; nothing was written:")
    } else {
        format!("{label}: none of the {total} paste blocks could be imported; nothing was written:")
    };
    let lines: Vec<String> = bad
        .into_iter()
        .map(|(_, why)| format!("  - {why}"))
        .collect();
    Error::input(format!("{head}\n{}", lines.join("\n")))
}

/// `legatus import`: takes the entries of every block in `file` that continue
/// the local log, verifies the result as a whole and replaces `log.yaml` once.
/// A block that cannot be read or placed is named with its reason and left
/// out; the others are imported, and the command then fails (exit 2).
///
/// Errors: [`Error::Input`] when no block is found or some block is left out
/// (unreadable or damaged, of another game, an `Entries:` line that does not
/// match its content, entries that skip ahead of the log);
/// [`Error::Verify`] for entries that fork from the local log or do not verify,
/// and then nothing is written.
pub fn import(registry: &Registry, a: ImportArgs, out: &mut dyn Write) -> Result<(), Error> {
    let text = read_input(&a.file)?;
    let label = if a.file.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        a.file.display().to_string()
    };
    let found = armor::find_blocks(&text);
    if found.is_empty() {
        return Err(Error::input(format!(
            "{label}: no legatus block (-----BEGIN LEGATUS ENTRIES-----) found"
        )));
    }
    if a.new {
        return import_new(registry, &a.game, &label, &text, found, out);
    }
    let total = found.len();
    let mut bad = Bad::new();
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
    let lines = block_lines(&found);
    let (_, blocks) = read_blocks(found, Some(&local.header), &mut bad)?;
    warn_head_mismatches(out, &text, &lines, &blocks)?;
    let mut ids: Vec<EntryId> = local.entries.clone();
    let (taken, skipped) = take_entries(blocks, &mut ids, &mut bad)?;
    if taken.is_empty() {
        if !bad.is_empty() {
            return Err(bad_blocks_error(&label, total, bad, false));
        }
        say(
            out,
            format!(
                "Nothing to do: {} in {label} {} already in {} (entry {} is the last).",
                if skipped == 1 {
                    "the 1 entry".to_string()
                } else {
                    format!("the {skipped} entries")
                },
                if skipped == 1 { "is" } else { "are" },
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
    for e in &taken {
        candidate.extend_from_slice(entry_yaml(e).as_bytes());
    }
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
                        format!(
                            "; skipped {} already in the log",
                            crate::view::count(skipped as usize, "entry")
                        )
                    } else {
                        String::new()
                    }
                ),
            )?;
            say(out, "Next:")?;
            for line in render::next_steps_in(&game, &a.game.display().to_string()) {
                say(out, format!("  - {line}"))?;
            }
        }
        Merged::UpToDate { .. } => unreachable!("the candidate log is longer than the local one"),
    }
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad_blocks_error(&label, total, bad, true))
    }
}

fn import_new(
    registry: &Registry,
    into: &std::path::Path,
    label: &str,
    text: &str,
    found: Vec<Result<armor::Block, armor::ArmorError>>,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let total = found.len();
    let mut bad = Bad::new();
    // The first block with a header starts the log; the others may continue it.
    let lines = block_lines(&found);
    let (header, blocks) = read_blocks(found, None, &mut bad)?;
    warn_head_mismatches(out, text, &lines, &blocks)?;
    let Some(header) = header else {
        let mut msg = format!(
            "{label}: no block carries the game's header: a new game needs the block of `legatus post --from 1`"
        );
        bad.sort_by_key(|b| b.0);
        for (_, why) in bad {
            msg.push_str(&format!("\n  - {why}"));
        }
        return Err(Error::input(msg));
    };
    let mut ids: Vec<EntryId> = Vec::new();
    let (taken, _) = take_entries(blocks, &mut ids, &mut bad)?;
    let mut log = String::new();
    log.push_str(LOG_PREAMBLE);
    log.push_str(&header_yaml(&header));
    for e in &taken {
        log.push_str(&entry_yaml(e));
    }
    crate::cli::inbox::new_folder(into, "import --new needs a new folder")?;
    let (game, _) = verify(
        LogReader::new(label.to_string(), Cursor::new(log.as_bytes())),
        registry,
    )?;
    crate::cli::inbox::start_received_game(into, &game, log.as_bytes(), label, out)?;
    if bad.is_empty() {
        Ok(())
    } else {
        Err(bad_blocks_error(label, total, bad, true))
    }
}
