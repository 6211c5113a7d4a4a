//! `legatus inbox`: merge a log received by mail into a game folder, or start a
//! folder for a game not held yet; and the folder-making shared with `import`.
//!
//! The log is recognised by its content (its first document has the `legatus:`
//! protocol version), whatever the attachment is called or typed, in the message
//! itself or in a message forwarded inside it. Outlook's winmail.dat and damaged or
//! cut-off attachments are named as such, with what to ask the sender.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{ArgGroup, Args};

use crate::engine::folder::GameDir;
use crate::engine::game::Game;
use crate::engine::merge::{self, LogSummary, Merged};
use crate::engine::verify::verify;
use crate::engine::{render, Error};
use crate::protocol::keys::fingerprint;
use crate::protocol::log::{is_log, LogReader};
use crate::ruleset::Registry;
use crate::transport::head::{self, Head};
use crate::transport::mail::{
    is_tnef, parse_message, read_maildir, Attachment, MailError, ReceivedMail, TNEF_ADVICE,
};

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("target").required(true).args(["game", "into"])))]
pub struct InboxArgs {
    /// A message file (.eml) or a Maildir folder (cur/ and new/ are read; nothing is moved).
    source: PathBuf,
    /// The local game folder to merge the received log into.
    #[arg(long, value_name = "GAME")]
    game: Option<PathBuf>,
    /// A game you do not have yet: create this folder with the received, verified log.
    #[arg(long, value_name = "DIR")]
    into: Option<PathBuf>,
}

fn say(out: &mut dyn Write, s: impl AsRef<str>) -> Result<(), Error> {
    writeln!(out, "{}", s.as_ref()).map_err(super::io)
}

/// Messages from a file or a Maildir, each with a label for messages; files of a
/// Maildir that could not be read are warned about on `err` and left out.
fn messages(source: &Path, err: &mut dyn Write) -> Result<Vec<(String, ReceivedMail)>, Error> {
    if source.is_dir() {
        let md = read_maildir(source).map_err(|e| Error::input(e.to_string()))?;
        for (path, why) in &md.skipped {
            writeln!(
                err,
                "warning: {}: skipped, {why}; the other messages are read",
                path.display()
            )
            .map_err(super::io)?;
        }
        Ok(md
            .messages
            .into_iter()
            .map(|(p, m)| (p.display().to_string(), m))
            .collect())
    } else {
        let raw = std::fs::read(source)
            .map_err(|e| Error::input(format!("{}: {e}", source.display())))?;
        let m = parse_message(&raw).map_err(|e| match e {
            MailError::Parse { reason, .. } => Error::input(format!(
                "{}: not an email message: {reason}",
                source.display()
            )),
            other => Error::input(other.to_string()),
        })?;
        Ok(vec![(source.display().to_string(), m)])
    }
}

/// The log a message carries: among its attachments (forwarded messages included)
/// those whose content is a legatus log, the one with the most entries (the first
/// of equal length). `None` when there is none.
pub(crate) fn log_attachment(m: &ReceivedMail) -> Option<&Attachment> {
    let mut best: Option<(&Attachment, usize)> = None;
    for a in m.attachments.iter().filter(|a| is_log(&a.bytes)) {
        let n = LogSummary::from_bytes(&a.file_name, &a.bytes)
            .map(|s| s.entries.len())
            .unwrap_or(0);
        if best.is_none_or(|(_, b)| n > b) {
            best = Some((a, n));
        }
    }
    best.map(|(a, _)| a)
}

/// Where a received log holds what no log written by legatus holds — bytes that are not UTF-8,
/// or a control character other than tab, line feed and carriage return — in words: a
/// character changed in transit (a mangled attachment), not a log to read.
fn damaged_in_transit(bytes: &[u8]) -> Option<String> {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|b| **b == b'\n')
                .count()
                + 1;
            return Some(format!("line {line}: a byte that is not UTF-8"));
        }
    };
    text.lines().enumerate().find_map(|(i, l)| {
        l.chars()
            .position(|c| c.is_control() && c != '\t' && c != '\r')
            .map(|col| format!("line {}, column {}: a control character", i + 1, col + 1))
    })
}

/// Why a message that carries no readable log has none, in plain words, with
/// what to ask the sender when that can help.
fn why_no_log(m: &ReceivedMail) -> String {
    let sender = if m.from.is_empty() {
        "the sender".to_string()
    } else {
        m.from.clone()
    };
    let plausible = |name: &str, ct: &str, partial: &[u8]| {
        let name = name.to_ascii_lowercase();
        is_log(partial)
            || name.ends_with(".yaml")
            || name.ends_with(".yml")
            || name.contains("log")
            || ct.contains("yaml")
            || name.starts_with("attachment-")
    };
    if let Some(d) = m
        .damaged
        .iter()
        .find(|d| plausible(&d.file_name, &d.content_type, &d.partial))
    {
        return format!(
            "the attachment {} is damaged or cut off ({}); ask {sender} to send it again",
            d.file_name, d.reason
        );
    }
    if let Some(t) = m.attachments.iter().find(|a| is_tnef(a)) {
        return format!("{} holds no readable log: {TNEF_ADVICE}", t.file_name);
    }
    let mut why = format!(
        "no legatus attachment in this message (subject {:?}): no attached file is a legatus log \
(a log's first document has the `legatus:` protocol version)",
        m.subject
    );
    if !m.attachments.is_empty() {
        let names: Vec<&str> = m.attachments.iter().map(|a| a.file_name.as_str()).collect();
        why.push_str(&format!("; attached: {}", names.join(", ")));
    }
    // A legatus mail quoted or forwarded inline: its attachment stayed behind.
    let quoted = m.body_text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with('>')
            && (l.contains("legatus") || l.to_ascii_lowercase().contains("content-disposition"))
    });
    if quoted && m.attachments.is_empty() {
        why.push_str(&format!(
            "; the message quotes a legatus mail (`>` lines): a mail forwarded inline or quoted in \
a reply leaves its attachment behind — forward it as an attachment, or ask {sender} to send it again"
        ));
    }
    for d in &m.damaged {
        why.push_str(&format!(
            "; {} is damaged or cut off ({}): if it was the log, ask {sender} to send it again",
            d.file_name, d.reason
        ));
    }
    why
}

/// The head of a log as read: its last entry, or the header (entry 0) when it has none.
pub(crate) fn summary_head(s: &LogSummary) -> Head {
    match s.entries.last() {
        Some(e) => Head {
            seq: e.seq,
            hash: e.hash.clone(),
        },
        None => Head {
            seq: 0,
            hash: s.header_hash.clone(),
        },
    }
}

/// Warns (on `out`) when the text of a message names another log head than the log
/// attached to it ends at: an attachment cut off in transit, or a truncated log
/// (`docs/protocol.md`, "What a log alone cannot prove"). The first head line of the
/// text counts (a reply quotes older ones after it). Says nothing when the text names no
/// head or the log does not read (merging reports that).
fn warn_head_mismatch(
    out: &mut dyn Write,
    label: &str,
    text: &str,
    log_bytes: &[u8],
) -> Result<(), Error> {
    let Some((_, named)) = head::find_heads(text).into_iter().next() else {
        return Ok(());
    };
    let Ok(s) = LogSummary::from_bytes(label, log_bytes) else {
        return Ok(());
    };
    match head::check(&named, &summary_head(&s)) {
        Some(w) => say(out, format!("warning: {label}: {w}.")),
        None => Ok(()),
    }
}

/// The header of a game in plain words, for someone deciding whether to join.
pub(crate) fn describe_header(game: &Game) -> Vec<String> {
    let h = &game.header;
    let mut v = vec![
        format!("Game {}", h.game),
        format!(
            "Ruleset: {} ({} version {})",
            game.rules().title(),
            h.ruleset.id,
            h.ruleset.version
        ),
        format!("Scenario: {}", h.scenario.id),
        format!(
            "Scenario data: sha256 {}{}",
            h.scenario.data_hash,
            if h.scenario.overrides.is_empty() {
                " (no overrides)".to_string()
            } else {
                format!(" (with overrides {})", h.scenario.overrides.join(", "))
            }
        ),
        format!(
            "Optional rules: {}",
            if h.options.is_empty() {
                "none".to_string()
            } else {
                h.options.join(", ")
            }
        ),
        format!("Dice: {}", h.dice.mode),
        "Players:".to_string(),
    ];
    for p in &h.players {
        let fp = game.key(&p.side).map(fingerprint).unwrap_or_default();
        v.push(format!(
            "  - {}: {} <{}>, key {fp}",
            p.side, p.name, p.email
        ));
    }
    v
}

/// `legatus inbox`: reads messages and merges the log each carries into `--game`,
/// or creates `--into` for a game not held yet. Maildir files that cannot be read
/// are skipped with a warning on `err`.
///
/// Errors: [`Error::Input`] when the source is unreadable, holds no message, no
/// message carries a legatus log (the same with `--game` and `--into`; the reason
/// names a damaged or cut-off attachment or Outlook's winmail.dat), or a log is of
/// another game; [`Error::Verify`] when the received log does not verify or forks
/// from the local one. Nothing is written on error.
pub fn inbox(
    registry: &Registry,
    a: InboxArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Error> {
    let msgs = messages(&a.source, err)?;
    let single = !a.source.is_dir();
    if msgs.is_empty() {
        return Err(Error::input(format!(
            "{}: no messages in this Maildir",
            a.source.display()
        )));
    }
    let with_log: Vec<(&str, &ReceivedMail, &Attachment)> = msgs
        .iter()
        .filter_map(|(l, m)| log_attachment(m).map(|a| (l.as_str(), m, a)))
        .collect();
    if with_log.is_empty() {
        return Err(no_legatus_mail(&a.source, &msgs, single));
    }
    match (&a.game, &a.into) {
        (Some(g), _) => inbox_merge(registry, g, &msgs, single, out),
        (None, Some(into)) => {
            // Every message passed over is named, with why (`--game` says so as it merges).
            for (label, m) in msgs.iter().filter(|(_, m)| log_attachment(m).is_none()) {
                writeln!(
                    err,
                    "warning: {label}: skipped, {}; the other messages are read",
                    why_no_log(m)
                )
                .map_err(super::io)?;
            }
            inbox_new(registry, into, &with_log, out)
        }
        (None, None) => unreachable!("clap requires --game or --into"),
    }
}

/// The error when no message carries a legatus log.
fn no_legatus_mail(source: &Path, msgs: &[(String, ReceivedMail)], single: bool) -> Error {
    if single {
        let (label, m) = &msgs[0];
        return Error::input(format!("{label}: {}; nothing to merge", why_no_log(m)));
    }
    let lines: Vec<String> = msgs
        .iter()
        .map(|(l, m)| format!("  - {l}: {}", why_no_log(m)))
        .collect();
    Error::input(format!(
        "{}: no legatus mail in this Maildir ({} read, none carries a legatus log); nothing was written:\n{}",
        source.display(),
        crate::view::count(msgs.len(), "message"),
        lines.join("\n")
    ))
}

fn inbox_merge(
    registry: &Registry,
    game: &Path,
    msgs: &[(String, ReceivedMail)],
    single: bool,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let dir = GameDir::new(game);
    if !dir.log().exists() {
        return Err(Error::input(format!(
            "{} has no log.yaml: is it a game folder? (for a game you do not have yet use --into <new folder>)",
            game.display()
        )));
    }
    let lock = dir.lock()?;
    let mut first_error: Option<Error> = None;
    let mut merged = None;
    for (label, m) in msgs {
        let Some(att) = log_attachment(m) else {
            say(out, format!("- {label}: {}", why_no_log(m)))?;
            continue;
        };
        warn_head_mismatch(out, label, &m.body_text, &att.bytes)?;
        let name = format!("{label} ({})", att.file_name);
        let result = match damaged_in_transit(&att.bytes) {
            Some(why) => Err(Error::input(format!(
                "{name}: the log was damaged in transit ({why}: no log holds that); ask {} to send it again",
                if m.from.is_empty() { "the sender" } else { m.from.as_str() }
            ))),
            None => merge::merge_into(&dir, &lock, registry, &name, &att.bytes),
        };
        match result {
            Ok(Merged::UpToDate { local, received }) => say(
                out,
                format!(
                    "{label}: nothing to do — it carries {} and {} already has {local}{}",
                    crate::view::count(received as usize, "entry"),
                    game.display(),
                    if received == local {
                        " (the same log)"
                    } else {
                        " (this copy is older)"
                    }
                ),
            )?,
            Ok(Merged::Extended { from, to, game: g }) => {
                let which = if from + 1 == to {
                    format!("entry {to}")
                } else {
                    format!("entries {}-{to}", from + 1)
                };
                say(
                    out,
                    format!(
                        "{label}: merged {which} into {} (verified: chain, signatures, dice, rules)",
                        game.display()
                    ),
                )?;
                merged = Some(g);
            }
            Err(e) => {
                if single {
                    return Err(e);
                }
                say(out, format!("- {label}: {e}"))?;
                let worse = match (&first_error, &e) {
                    (None, _) => true,
                    (Some(Error::Verify { .. }), _) => false,
                    (Some(_), Error::Verify { .. }) => true,
                    _ => false,
                };
                if worse {
                    first_error = Some(e);
                }
            }
        }
    }
    if let Some(g) = merged {
        say(out, "Next:")?;
        for line in render::next_steps_in(&g, &game.display().to_string()) {
            say(out, format!("  - {line}"))?;
        }
    }
    match first_error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

fn inbox_new(
    registry: &Registry,
    into: &Path,
    with_log: &[(&str, &ReceivedMail, &Attachment)],
    out: &mut dyn Write,
) -> Result<(), Error> {
    // The longest log among the messages (the first of equal length).
    let mut best: Option<(&str, &ReceivedMail, &Attachment, LogSummary)> = None;
    for &(label, m, att) in with_log {
        if let Some(why) = damaged_in_transit(&att.bytes) {
            return Err(Error::input(format!(
                "{label} ({}): the log was damaged in transit ({why}: no log holds that); ask {} to send it again",
                att.file_name,
                if m.from.is_empty() { "the sender" } else { m.from.as_str() }
            )));
        }
        let s = LogSummary::from_bytes(label, &att.bytes)?;
        if let Some((_, _, _, b)) = &best {
            if b.header.game != s.header.game {
                return Err(Error::input(format!(
                    "the messages hold logs of different games ({} and {}); give one message file",
                    b.header.game, s.header.game
                )));
            }
            if s.entries.len() <= b.entries.len() {
                continue;
            }
        }
        best = Some((label, m, att, s));
    }
    let (label, m, att, _) = best.expect("inbox passes at least one message with a log");
    new_folder(
        into,
        "give a new folder to --into, or merge into an existing game with --game",
    )?;
    warn_head_mismatch(out, label, &m.body_text, &att.bytes)?;
    let name = format!("{label} ({})", att.file_name);
    let (game, _) = verify(
        LogReader::new(name.clone(), std::io::Cursor::new(&att.bytes[..])),
        registry,
    )
    .map_err(|e| match e {
        Error::Verify { seq, check, reason } => Error::Verify {
            seq,
            check,
            reason: format!(
                "{reason} — {name} does not verify: the copy was damaged or altered; nothing was written"
            ),
        },
        other => other,
    })?;
    start_received_game(into, &game, &att.bytes, label, out)
}

/// Checks that `into` can hold a new game: it does not exist yet, or is an empty folder.
///
/// Errors: [`Error::Input`] saying it is not empty, then `instead` (what to do).
pub(crate) fn new_folder(into: &Path, instead: &str) -> Result<(), Error> {
    let taken = into.exists()
        && std::fs::read_dir(into)
            .map(|mut d| d.next().is_some())
            .unwrap_or(true);
    if taken {
        return Err(Error::input(format!(
            "{} already exists and is not empty: {instead}",
            into.display()
        )));
    }
    Ok(())
}

/// Creates the folder `into` for a verified game received by mail or from a
/// forum, and tells the player what it is and what to do next.
pub(crate) fn start_received_game(
    into: &Path,
    game: &Game,
    log_bytes: &[u8],
    label: &str,
    out: &mut dyn Write,
) -> Result<(), Error> {
    create_game_dir(into, game, log_bytes)?;
    say(out, format!("{label}: a game you did not have yet; its log verifies (chain, signatures, dice, rules)."))?;
    for line in describe_header(game) {
        say(out, line)?;
    }
    say(
        out,
        format!(
            "Created {} with {}. Check the players, keys and scenario above before you play.",
            into.display(),
            crate::view::count(game.last_seq() as usize, "entry")
        ),
    )?;
    say(out, "Next:")?;
    for line in render::next_steps_in(game, &into.display().to_string()) {
        say(out, format!("  - {line}"))?;
    }
    Ok(())
}

/// Creates the folder `into` holding `log_bytes` and the caches of `game`: the
/// files are written into a temporary folder next to it, which is then renamed.
pub(crate) fn create_game_dir(into: &Path, game: &Game, log_bytes: &[u8]) -> Result<(), Error> {
    let parent = match into.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let tmp = tempfile::Builder::new()
        .prefix(".legatus-new-")
        .tempdir_in(&parent)
        .map_err(|e| Error::input(format!("{}: {e}", parent.display())))?;
    merge::write_game(&GameDir::new(tmp.path()), game, log_bytes)?;
    if into.exists() {
        // An empty folder: rename replaces it.
        std::fs::remove_dir(into).map_err(|e| Error::input(format!("{}: {e}", into.display())))?;
    }
    let kept = tmp.keep();
    std::fs::rename(&kept, into).map_err(|e| {
        let _ = std::fs::remove_dir_all(&kept);
        Error::input(format!("{}: {e}", into.display()))
    })
}
