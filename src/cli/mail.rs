//! `legatus mail`: send the game to the other side by email (`legatus inbox`,
//! in [`super::inbox`], reads it back).
//!
//! A message carries three attachments: `log.yaml` (the whole signed log: the
//! only thing `inbox` trusts), the recipient's order template for the pending
//! step (when the recipient has something to order), and `report.md`. The body
//! text is for people and is never read back.

use std::io::Write;
use std::path::PathBuf;

use clap::{ArgGroup, Args};

use crate::engine::folder::GameDir;
use crate::engine::game::Game;
use crate::engine::merge::LogSummary;
use crate::engine::{pages, render, tasks, Error};
use crate::ruleset::{PendingKind, Registry};
use crate::transport::head::{self, Head};
use crate::transport::mail::{
    send_smtp, subject_line, write_eml, Attachment, MailError, OutgoingMail, SmtpConfig,
};

/// The name of the attached log (`inbox` recognises a log by its content, whatever its name).
pub(crate) const LOG_ATTACHMENT: &str = "log.yaml";
/// The turn page attached to every mail (issue 12): self-contained HTML.
pub(crate) const TURN_PAGE: &str = "turn.html";
/// The map picture attached to every mail while no battle is on.
pub(crate) const MAP_PICTURE: &str = "map.png";
/// The battle board picture attached instead of the map while a battle is on (the map
/// stays in the turn page).
pub(crate) const BOARD_PICTURE: &str = "board.png";
/// 80% of the full picture: a long game's mail stays near 1 MB (docs: mail size).
const PICTURE_ZOOM: f32 = 0.8;

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("how").required(true).args(["smtp", "eml"])))]
pub struct MailArgs {
    /// The game folder.
    game: PathBuf,
    /// The side the message is for (its player's email comes from the log's header). Give
    /// several for one message to each of them (`--to syria --to macedon`, or
    /// `--to syria,macedon`), or `all`: every player but the sender.
    #[arg(long, value_name = "SIDE", value_delimiter = ',', required = true)]
    to: Vec<String>,
    /// Your side, the sender (default: the author of the log's last entry).
    #[arg(long, value_name = "SIDE")]
    from: Option<String>,
    /// Send through SMTP: the server URL and password come from LEGATUS_SMTP_URL /
    /// LEGATUS_SMTP_PASSWORD or the --config file, never from the command line.
    #[arg(long)]
    smtp: bool,
    /// Write the message to FILE (an .eml any mail program can open and send) instead.
    #[arg(long, value_name = "FILE")]
    eml: Option<PathBuf>,
    /// SMTP settings file: YAML with `url:` (smtp://user@host:port), `password:` and,
    /// for a server with a private CA or a self-signed certificate, `ca_file:` (that
    /// certificate as PEM; or set LEGATUS_SMTP_CA_FILE); must not be readable by others.
    #[arg(long, value_name = "FILE", conflicts_with = "eml")]
    config: Option<PathBuf>,
}

fn say(out: &mut dyn Write, s: impl AsRef<str>) -> Result<(), Error> {
    writeln!(out, "{}", s.as_ref()).map_err(super::io)
}

fn mail_err(e: MailError) -> Error {
    Error::input(e.to_string())
}

/// `Name <addr>` when the name is plain enough to need no quoting, else the bare address.
fn address(name: &str, email: &str) -> String {
    let plain = !name.trim().is_empty()
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '.' | '-' | '\''));
    if plain {
        format!("{} <{email}>", name.trim())
    } else {
        email.to_string()
    }
}

/// The sides that must act before anything else can happen: those yet to accept, the side
/// whose dice reveal an entry awaits, or those the pending step still needs (in a sealed
/// round: those yet to commit, then those yet to reveal). Empty when the game is over.
pub(crate) fn next_actors(game: &Game) -> Vec<String> {
    let missing = game.not_accepted();
    if !missing.is_empty() {
        return missing;
    }
    if let Some(who) = game.awaited_revealer() {
        return vec![who];
    }
    let p = game.pending();
    match p.kind {
        PendingKind::GameOver => Vec::new(),
        PendingKind::Sealed => {
            // One at a time (`engine::tasks`): the first to commit, then the first to reveal.
            let committed = game.sealed_committed();
            let revealed = game.sealed_revealed();
            let all_in = committed.len() >= p.sides.len();
            p.sides
                .into_iter()
                .find(|s| !committed.contains(s) || (all_in && !revealed.contains(s)))
                .into_iter()
                .collect()
        }
        PendingKind::Orders | PendingKind::Decision => p.sides,
    }
}

/// What `side` must do next, in a few words for a subject line (the step just done is
/// named by the entry number; this names the recipient's part).
fn subject_task(game: &Game, side: &str) -> String {
    let missing = game.not_accepted();
    if missing.first().is_some_and(|s| s == side) {
        return "accept the game".into();
    }
    if let Some(i) = missing.iter().position(|s| s == side) {
        return format!(
            "wait for {} to accept, then accept",
            missing[..i].join(" and ")
        );
    }
    if !missing.is_empty() {
        return format!("wait for {} to accept", missing.join(" and "));
    }
    if let (Some(aw), Some(who)) = (game.awaiting(), game.awaited_revealer()) {
        return if who == side {
            format!("your dice reveal for entry {}", aw.seq)
        } else if aw.owed().iter().any(|s| s == side) {
            format!("wait for {who}'s dice reveal, then yours")
        } else {
            format!("wait for {who}'s dice reveal")
        };
    }
    let p = game.pending();
    if p.kind == PendingKind::GameOver {
        return "the game is over".into();
    }
    if next_actors(game).iter().any(|s| s == side) {
        let what = if p.kind == PendingKind::Decision {
            "your decision"
        } else {
            "your orders"
        };
        format!("{what} for step {}", p.step)
    } else {
        format!("wait for {} (step {})", p.sides.join(" and "), p.step)
    }
}

/// What `side` has to do now, and the order template if it has orders to write.
fn recipient_task(game: &Game, side: &str) -> (Vec<String>, Option<(String, String)>) {
    let mut lines = Vec::new();
    let missing = game.not_accepted();
    if !missing.is_empty() {
        if missing.first().is_some_and(|s| s == side) {
            lines.push(format!(
                "You ({side}) must accept the game first: `legatus accept <game> --key <your key>`."
            ));
        } else if let Some(i) = missing.iter().position(|s| s == side) {
            lines.push(format!(
                "You ({side}) accept the game once {} {} accepted and you have merged that mail: \
`legatus accept <game> --key <your key>` (one at a time: accepts sent at once from several copies would fork the game).",
                missing[..i].join(" and "),
                if i == 1 { "has" } else { "have" }
            ));
        } else {
            lines.push(format!(
                "Nothing for you ({side}) to do until {} accept the game.",
                missing.join(" and ")
            ));
        }
        return (lines, None);
    }
    if let (Some(aw), Some(who)) = (game.awaiting(), game.awaited_revealer()) {
        let owed = aw.owed();
        if who == side && owed.len() > 1 {
            // Three or more sides: a reveal that is not the last is a bare one.
            lines.push(format!(
                "Entry {} by {} waits for your dice reveal, then {}'s: send a bare reveal now, `legatus apply <game> --key <your key>` (without --orders). \
Nothing can be ordered until its dice are fixed, so no order template is attached.",
                aw.seq,
                aw.author,
                owed[1..].join("'s, then ")
            ));
        } else if let Some(i) = owed.iter().position(|s| s == side).filter(|i| *i > 0) {
            let yours = if i + 1 == owed.len() {
                "Yours is the last it needs: it fixes the dice, and may carry your orders when the step after it is yours (`legatus status <game> --key <your key>` says which)".to_string()
            } else {
                format!(
                    "Yours will be a bare reveal, before {}'s",
                    owed[i + 1..].join("'s and ")
                )
            };
            lines.push(format!(
                "Entry {} by {} waits for the dice reveals of {}, then yours: nothing for you ({side}) to do until {} reached you. {yours}.",
                aw.seq,
                aw.author,
                owed[..i].join(", then "),
                if i == 1 { "it has" } else { "they have" }
            ));
        } else if who == side {
            lines.push(format!(
                "Entry {} by {} waits for your dice reveal, which decides what comes next, so no order template is attached. \
See what follows with `legatus template <game> --side {side} --key <your key>`, or send a bare reveal: `legatus apply <game> --key <your key>`.",
                aw.seq, aw.author
            ));
        } else {
            lines.push(format!(
                "Entry {} by {} waits for {who}'s dice reveal; nothing for you ({side}) to do until then.",
                aw.seq, aw.author
            ));
        }
        return (lines, None);
    }
    let p = game.pending();
    if p.kind == PendingKind::GameOver {
        lines.push(format!("The game is over: {}", p.prompt));
        return (lines, None);
    }
    if !next_actors(game).iter().any(|s| s == side) {
        match tasks::task(game, side) {
            // Sealed orders go one entry at a time: say whose comes first.
            t @ tasks::Task::WaitSealed { .. } => lines.push(format!(
                "You ({side}): {}.",
                tasks::describe(&t, side, render::GAME_PLACEHOLDER, "<your key>")
            )),
            _ => lines.push(format!(
                "Nothing for you ({side}) to do until {} have acted on step {:?}.",
                p.sides.join(" and "),
                p.step
            )),
        }
        return (lines, None);
    }
    let safe: String = p
        .step
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let name = format!("orders-{side}-{safe}.yaml");
    lines.push(format!(
        "Your ({side}) move: step {:?} — {}. Fill in `orders:` in the attached {name}, then run \
`legatus apply <game> --orders {name} --key <your key>` and mail the game back.",
        p.step,
        crate::view::cited(&p.prompt, &p.rule)
    ));
    (
        lines,
        Some((
            name,
            super::play::template_text(game, game, side, render::GAME_PLACEHOLDER),
        )),
    )
}

/// A message composed for one or more sides, and the side it is from.
pub(crate) struct Composed {
    /// The message.
    pub mail: OutgoingMail,
    /// The sending side: `--from`, else the author of the last entry (before any entry,
    /// another side than the recipient).
    pub from_side: String,
}

/// The player of side `side`.
///
/// Errors: [`Error::Input`] naming the game's sides.
fn player<'a>(game: &'a Game, side: &str) -> Result<&'a crate::protocol::log::Player, Error> {
    let h = &game.header;
    h.player(side).ok_or_else(|| {
        Error::input(format!(
            "no side {side:?} in this game; sides: {}",
            h.players
                .iter()
                .map(|p| p.side.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}

/// The recipient whose view the body and the turn page give when a message goes to several:
/// the one whose last entry is the oldest (so "what happened since your last entry" covers
/// what each of them has not seen).
fn oldest_reader<'a>(game: &Game, to: &'a [String]) -> &'a str {
    to.iter()
        .min_by_key(|s| game.last_entry_of(s))
        .map(String::as_str)
        .unwrap_or_default()
}

/// The subject's task for the recipients `to`: the one that acts (its side named when the
/// message goes to several), else the first one's.
fn subject_tasks(game: &Game, to: &[String]) -> String {
    if let [one] = to {
        return subject_task(game, one);
    }
    let actors = next_actors(game);
    let side = to.iter().find(|s| actors.contains(s)).unwrap_or(&to[0]);
    format!("{side}: {}", subject_task(game, side))
}

/// Builds the message for the sides `to` (one or more, each once) from the verified `game`
/// and its exact log bytes, from `from` (default: the author of the last entry).
///
/// Errors: [`Error::Input`] if the game has no side named.
pub(crate) fn compose(
    game: &Game,
    log_bytes: Vec<u8>,
    to: &[String],
    from: Option<&str>,
) -> Result<Composed, Error> {
    let h = &game.header;
    let recipients = to
        .iter()
        .map(|s| player(game, s))
        .collect::<Result<Vec<_>, _>>()?;
    let summary = LogSummary::from_bytes("log.yaml", &log_bytes)?;
    let last_author = summary.entries.last().map(|e| e.author.clone());
    let sender = match from {
        Some(f) => player(game, f)?,
        None => last_author
            .as_deref()
            .and_then(|s| h.player(s))
            .or_else(|| h.players.iter().find(|p| !to.contains(&p.side)))
            .unwrap_or(recipients[0]),
    };
    let names: Vec<String> = recipients
        .iter()
        .map(|r| format!("{} ({})", r.name, r.side))
        .collect();
    let subject = subject_line(
        h.short_id(),
        game.last_seq(),
        &sender.side,
        &to.join(" and "),
        &subject_tasks(game, to),
    );
    let reader = oldest_reader(game, to);
    let mut body = String::new();
    body.push_str(&format!(
        "To {}, from {} ({}):\n\n",
        names.join(" and "),
        sender.name,
        sender.side
    ));
    body.push_str(&render::status_for(
        game,
        render::GAME_PLACEHOLDER,
        Some(reader),
    ));
    body.push_str("\nWhat you do next\n----------------\n");
    let mut templates = Vec::new();
    for r in &recipients {
        let (task, template) = recipient_task(game, &r.side);
        if recipients.len() > 1 {
            body.push_str(&format!("{} ({}):\n", r.name, r.side));
        }
        for line in &task {
            body.push_str(&format!("{line}\n"));
        }
        templates.extend(template);
    }
    body.push_str(&format!(
        "\n{}\n",
        head::head_line(&Head {
            seq: game.last_seq(),
            hash: game.last_hash(),
        })
    ));
    // While a battle is on, its board is the picture to decide by; one picture keeps the
    // mail small (the map is in the turn page).
    let board = pages::board_png_at(game, PICTURE_ZOOM)
        .transpose()
        .map_err(|e| Error::input(e.to_string()))?;
    let picture = if board.is_some() {
        format!("{BOARD_PICTURE} (the battle board)")
    } else {
        format!("{MAP_PICTURE} (the map)")
    };
    body.push_str(&format!(
        "\nAttached: {LOG_ATTACHMENT} (the whole signed game log, up to the head above){}, report.md (this report), \
{TURN_PAGE} (the turn page: open it in any browser for the map, every force, what happened since your last entry and the dice), \
{picture}.\n\
Save this message and merge the log with `legatus inbox <message.eml> --game <your game folder>` \
(for a game you do not have yet: `--into <new folder>`). Only the attached log counts: this text is a courtesy copy.\n",
        templates
            .iter()
            .map(|(n, _)| format!(
                ", {n} ({} order template)",
                if recipients.len() > 1 {
                    n.trim_start_matches("orders-")
                        .split('-')
                        .next()
                        .map(|s| format!("{s}'s"))
                        .unwrap_or_default()
                } else {
                    "your".to_string()
                }
            ))
            .collect::<String>()
    ));
    let provisional = game.rules().provisional(&h.data);
    let mut attachments = vec![Attachment {
        file_name: LOG_ATTACHMENT.into(),
        content_type: "application/x-yaml".into(),
        bytes: log_bytes,
    }];
    for (name, text) in templates {
        attachments.push(Attachment {
            file_name: name,
            content_type: "application/x-yaml".into(),
            bytes: text.into_bytes(),
        });
    }
    attachments.push(Attachment {
        file_name: "report.md".into(),
        content_type: "text/markdown; charset=utf-8".into(),
        bytes: render::report_md(game, &provisional).into_bytes(),
    });
    attachments.push(Attachment {
        file_name: TURN_PAGE.into(),
        content_type: "text/html; charset=utf-8".into(),
        bytes: pages::turn_page(game, Some(reader), &provisional).into_bytes(),
    });
    attachments.push(match board {
        Some(bytes) => Attachment {
            file_name: BOARD_PICTURE.into(),
            content_type: "image/png".into(),
            bytes,
        },
        None => Attachment {
            file_name: MAP_PICTURE.into(),
            content_type: "image/png".into(),
            bytes: pages::map_png_at(game, PICTURE_ZOOM)
                .map_err(|e| Error::input(e.to_string()))?,
        },
    });
    Ok(Composed {
        mail: OutgoingMail {
            from: address(&sender.name, &sender.email),
            to: recipients
                .iter()
                .map(|r| address(&r.name, &r.email))
                .collect::<Vec<_>>()
                .join(", "),
            subject,
            body_text: body,
            attachments,
        },
        from_side: sender.side.clone(),
    })
}

/// The sides named by `--to`, each once, in the header's order: `all` is every player but
/// the sender (`from`, else the author of the last entry).
///
/// Errors: [`Error::Input`] for an unknown side, or `all` when the log names no sender
/// (no entry yet) and `--from` is not given.
fn recipients(game: &Game, to: &[String], from: Option<&str>) -> Result<Vec<String>, Error> {
    let named: Vec<&str> = to
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    if let Some(f) = from {
        player(game, f)?;
    }
    let sender = from.map(str::to_string).or_else(|| {
        game.header
            .players
            .iter()
            .map(|p| p.side.clone())
            .find(|s| game.last_entry_of(s) == Some(game.last_seq()))
    });
    let mut out = Vec::new();
    for p in &game.header.players {
        let all = named.contains(&"all");
        if all && sender.is_none() {
            return Err(Error::input(
                "--to all: the log has no entry yet to name the sender, so name your side with --from SIDE",
            ));
        }
        if named.contains(&p.side.as_str()) || (all && sender.as_deref() != Some(p.side.as_str())) {
            out.push(p.side.clone());
        }
    }
    if let Some(unknown) = named
        .iter()
        .find(|s| **s != "all" && game.header.player(s).is_none())
    {
        player(game, unknown)?;
    }
    if out.is_empty() {
        return Err(Error::input("--to names nobody but the sender"));
    }
    Ok(out)
}

/// `legatus mail`: verifies the game, builds the message and writes or sends it.
///
/// Errors: [`Error::Input`] for an unknown side, unusable SMTP settings, a refused
/// login or an unreachable server (the password is never shown); [`Error::Verify`]
/// if the local log does not verify.
pub fn mail(
    registry: &Registry,
    a: MailArgs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Error> {
    let dir = GameDir::new(&a.game);
    let (game, _) = dir.load(registry)?;
    let log = dir.log();
    let bytes = std::fs::read(&log).map_err(|e| Error::input(format!("{}: {e}", log.display())))?;
    let to = recipients(&game, &a.to, a.from.as_deref())?;
    let msg = compose(&game, bytes, &to, a.from.as_deref())?;
    let shown = to.join(", ");
    if let [one] = &to[..] {
        if msg.from_side == *one {
            let others: Vec<&str> = game
                .header
                .players
                .iter()
                .map(|p| p.side.as_str())
                .filter(|s| s != one)
                .collect();
            writeln!(
                err,
                "warning: --to {one} is your own side: {one} wrote the last entry, so this message goes from {one} to {one} ({}). \
To send the game to your opponent, use --to {}{}.",
                msg.mail.to,
                others.join(" or --to "),
                if others.len() > 1 { " (or --to all)" } else { "" }
            )
            .map_err(super::io)?;
        } else {
            warn_if_recipient_waits(&game, &to, &msg.from_side, err)?;
        }
    } else {
        warn_if_recipient_waits(&game, &to, &msg.from_side, err)?;
    }
    let msg = msg.mail;
    let names: Vec<&str> = msg
        .attachments
        .iter()
        .map(|x| x.file_name.as_str())
        .collect();
    if let Some(path) = &a.eml {
        write_eml(&msg, path).map_err(mail_err)?;
        say(
            out,
            format!("Wrote {} for {shown} ({})", path.display(), msg.to),
        )?;
    } else {
        let cfg = SmtpConfig::from_env_and_file(a.config.as_deref()).map_err(mail_err)?;
        send_smtp(&msg, &cfg).map_err(mail_err)?;
        say(out, format!("Sent to {shown} ({}) through {cfg}", msg.to))?;
    }
    say(out, format!("Subject: {}", msg.subject))?;
    say(out, format!("Attached: {}", names.join(", ")))
}

/// Warns the sender when the message leaves `to` nothing to do because the next step is
/// someone else's — typically the sender's own (a Persian mailing the Macedonian before he
/// has sent his own battle set-up): the recipient would only read "Nothing for you to do".
fn warn_if_recipient_waits(
    game: &Game,
    to: &[String],
    from: &str,
    err: &mut dyn Write,
) -> Result<(), Error> {
    let actors = next_actors(game);
    if actors.is_empty() || actors.iter().any(|s| to.contains(s)) {
        return Ok(());
    }
    let to = to.join(" and ");
    let step = game.pending().step;
    let why = if actors.iter().any(|s| s == from) {
        format!(
            "the next step ({step:?}) is {from}'s, so {to} will read that there is nothing for him to do. \
If you play {from}, do your step first (`legatus template <game> --side {from} --key <your key>`, then `legatus apply`), then mail the game"
        )
    } else {
        format!(
            "the next step ({step:?}) is for {}, so {to} will read that there is nothing for him to do; \
mail the game to {} instead",
            actors.join(" and "),
            actors.join(" or ")
        )
    };
    writeln!(err, "warning: --to {to}: {why}.").map_err(super::io)
}
