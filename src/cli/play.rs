//! `legatus accept`, `status`, `template`, `apply` and `demo`.

use super::echo::{standing_lines, yaml_item};
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{ArgGroup, Args};

use crate::engine::folder::GameDir;
use crate::engine::game::Game;
use crate::engine::order_file::{self, Problem};
use crate::engine::{orders, refusals, render, tasks, Error};
use crate::protocol::keys::{load_public, SigningKey};
use crate::protocol::log::{DiceMode, Doc, Entry, LogReader};
use crate::ruleset::{PendingKind, Registry, RuleError};

#[derive(Args, Debug)]
pub struct AcceptArgs {
    /// The game folder.
    game: PathBuf,
    /// Your OpenSSH ed25519 private key.
    #[arg(long)]
    key: PathBuf,
    /// Your side (needed only if your key plays several).
    #[arg(long)]
    side: Option<String>,
}

#[derive(Args, Debug)]
pub struct StatusArgs {
    /// The game folder.
    game: PathBuf,
    /// Your key: the events then run from your last entry on, and if an entry waits for your dice reveal, show what it will resolve to (nothing is written).
    #[arg(long)]
    key: Option<PathBuf>,
}

#[derive(Args, Debug)]
#[command(group(ArgGroup::new("who").required(true).multiple(true).args(["side", "key"])))]
pub struct TemplateArgs {
    /// The game folder.
    game: PathBuf,
    /// The side to write orders for (default: the side of --key).
    #[arg(long)]
    side: Option<String>,
    /// Your key: names your side, and is needed when an entry waits for your reveal, so the
    /// template is for the step that follows it (its passphrase is asked only then).
    #[arg(long)]
    key: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct ApplyArgs {
    /// The game folder.
    game: PathBuf,
    /// Your order file; without it, the entry is a bare dice reveal.
    #[arg(long)]
    orders: Option<PathBuf>,
    /// Your OpenSSH ed25519 private key.
    #[arg(long)]
    key: PathBuf,
    /// Your side (needed only if your key plays several).
    #[arg(long)]
    side: Option<String>,
}

#[derive(Args, Debug)]
pub struct DemoArgs {
    /// The game to play: `alexandros` (the default: Alexander's campaign, 334-323 B.C.),
    /// `romans` (The Romans, the Second Macedonian War: Flamininus against Philip V, 200-197
    /// B.C., to Cynoscephalae) or `cynoscephalae` (The Romans: that battle alone, fought on the
    /// Tactical Battle Display by both sides' battle plans).
    #[arg(long)]
    pub game: Option<String>,
    /// A new or empty folder for the demo (default: a fresh temporary folder). It gets the game
    /// folder DIR/game (give DIR/game to status, show, verify…), the keys in DIR/keys and the
    /// order files in DIR/orders.
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Play until this season's first step (e.g. `autumn-331`, `turn-11`), or `end` for the
    /// whole fixture (default: for Alexandros `winter-331`, through Gaugamela: under a minute
    /// with a release build, a few minutes with a debug build, `end` playing Spring 334 to
    /// Summer 323; for The Romans `end`, September 200 to October 197).
    #[arg(long)]
    pub until: Option<String>,
    /// Freshly generated keys and a random game id instead of the demo's published ones:
    /// other dice, so the dice may take the campaign off its historical path (the demo then
    /// drops the orders the rules refuse, or plays the template default).
    #[arg(long)]
    pub fresh_keys: bool,
    /// Another game id (32 hex digits) with the demo's keys: other dice, reproducibly.
    #[arg(long, conflicts_with = "fresh_keys")]
    pub game_id: Option<String>,
    /// Play the order files in this folder instead of the bundled historical fixture (named
    /// and written like `fixtures/alexandros/historical/` or `fixtures/romans/historical/`).
    #[arg(long)]
    pub fixture: Option<PathBuf>,
}

fn say(out: &mut dyn Write, s: impl AsRef<str>) -> Result<(), Error> {
    writeln!(out, "{}", s.as_ref()).map_err(super::io)
}

fn write_entry(dir: &GameDir, entry: &Entry, game: &Game) -> Result<(), Error> {
    let provisional = game.rules().provisional(&game.header.data);
    dir.append(
        entry,
        &render::state_yaml(game),
        &render::report_md(game, &provisional),
    )
}

fn summarise(out: &mut dyn Write, entry: &Entry, game: &Game, folder: &Path) -> Result<(), Error> {
    say(
        out,
        format!(
            "Appended entry {} ({:?} by {}), hash {}",
            entry.seq,
            entry.kind,
            entry.author,
            &game.last_hash()[..16]
        ),
    )?;
    for r in &entry.resolves {
        say(
            out,
            format!(
                "Resolved entry {} with {}{}",
                r.seq,
                crate::view::count(r.rolls.len(), "roll"),
                r.void
                    .as_ref()
                    .map(|v| format!(" (void: {v})"))
                    .unwrap_or_default()
            ),
        )?;
    }
    for ev in game
        .recent()
        .filter(|e| e.seq == entry.seq || entry.resolves.iter().any(|r| r.seq == e.seq))
    {
        for e in &ev.events {
            say(out, format!("  - {} [{}]", e.text, e.rule))?;
        }
    }
    if let Some(aw) = game.awaiting().filter(|a| a.seq == entry.seq) {
        // With three or more sides: the next reveals of every other player, in turn.
        let revealer = match aw.owed() {
            [one] => one.clone(),
            owed => format!(
                "{}, then {}",
                owed[..owed.len() - 1].join("'s, then "),
                owed[owed.len() - 1]
            ),
        };
        // Nothing is resolved yet: echo what was accepted, so the sender sees his orders.
        if let Some(orders) = entry.payload.as_ref().and_then(|p| p.as_object()) {
            if !orders.is_empty() {
                say(out, format!(
                    "Orders accepted, checked against the rules and signed; their outcome waits for {revealer}'s reveal:"
                ))?;
                for (k, v) in orders {
                    for line in yaml_item(k, v) {
                        say(out, line)?;
                    }
                }
            }
        }
        say(out, format!(
            "The dice for these orders are fixed by {revealer}'s next reveal: nobody, you included, can know them yet."
        ))?;
    }
    say(out, "Next:")?;
    for line in render::next_steps_in(game, &folder.display().to_string()) {
        say(out, format!("  - {line}"))?;
    }
    Ok(())
}

pub fn accept(registry: &Registry, a: AcceptArgs, out: &mut dyn Write) -> Result<(), Error> {
    let dir = GameDir::new(&a.game);
    let _lock = dir.lock()?;
    let (game, _) = dir.load(registry)?;
    let key = SigningKey::load(&a.key, None)?;
    let (entry, next) = orders::accept(&game, &key, a.side.as_deref())?;
    write_entry(&dir, &entry, &next)?;
    summarise(out, &entry, &next, &a.game)?;
    say(out, data_notice(&game))
}

/// What the accepted header's scenario data is, compared with this legatus' bundled scenario
/// of the same name: the same, or the values that differ (the game creator's overrides — or
/// his tampering: the data hash only proves the data is what the header carries).
fn data_notice(game: &Game) -> String {
    let h = &game.header;
    let Ok(bundled) = game.rules().load_scenario(&h.scenario.id, &[]) else {
        return format!(
            "Scenario data: this legatus has no bundled scenario {:?} to compare with; review the header's data.",
            h.scenario.id
        );
    };
    let mut diffs = Vec::new();
    data_diff(&bundled, &h.data, &mut String::new(), &mut diffs);
    if diffs.is_empty() {
        return format!(
            "Scenario data: identical to the bundled scenario {}.",
            h.scenario.id
        );
    }
    let shown: Vec<String> = diffs.iter().take(12).cloned().collect();
    format!(
        "NOTE — scenario data differs from the bundled scenario {} in {} value(s){}: {}{}. Make sure these are the overrides you agreed on.",
        h.scenario.id,
        diffs.len(),
        if h.scenario.overrides.is_empty() {
            " although the header names no override file".to_string()
        } else {
            format!(" (overrides named: {})", h.scenario.overrides.join(", "))
        },
        shown.join("; "),
        if diffs.len() > shown.len() { "; …" } else { "" }
    )
}

/// The paths where `a` and `b` differ, as `path: a → b` (in key order).
fn data_diff(
    a: &serde_json::Value,
    b: &serde_json::Value,
    path: &mut String,
    out: &mut Vec<String>,
) {
    use serde_json::Value;
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                let len = path.len();
                if !path.is_empty() {
                    path.push('/');
                }
                path.push_str(k);
                match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => data_diff(p, q, path, out),
                    (Some(p), None) => out.push(format!("{path}: {p} → (removed)")),
                    (None, Some(q)) => out.push(format!("{path}: (added) {q}")),
                    (None, None) => {}
                }
                path.truncate(len);
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                let len = path.len();
                path.push_str(&format!("/{i}"));
                data_diff(p, q, path, out);
                path.truncate(len);
            }
        }
        _ if a != b => out.push(format!("{path}: {a} → {b}")),
        _ => {}
    }
}

/// One line saying what replaying the log proved.
fn verified_line(v: &crate::engine::verify::Verified) -> String {
    format!(
        "✓ log verified: {} signed and chained; all {} follow from secrets committed before the orders they resolve",
        crate::view::count(v.entries as usize, "entry"),
        crate::view::count(v.rolls as usize, "roll")
    )
}

pub fn status(registry: &Registry, a: StatusArgs, out: &mut dyn Write) -> Result<(), Error> {
    let dir = GameDir::new(&a.game);
    let (game, verified) = dir.load(registry)?;
    say(out, verified_line(&verified))?;
    // Caches that do not match the log are rebuilt (skipped if another command holds the game).
    if let Ok(_lock) = dir.lock() {
        let provisional = game.rules().provisional(&game.header.data);
        if dir.refresh_caches(
            &render::state_yaml(&game),
            &render::report_md(&game, &provisional),
        )? {
            say(
                out,
                "(state.yaml and report.md were out of date with log.yaml and have been rebuilt)",
            )?;
        }
    }
    let folder = a.game.display().to_string();
    let keyed = match &a.key {
        Some(k) => {
            let key = SigningKey::load(k, None)?;
            let side = orders::side_of_key(&game, &key, None)?;
            Some((key, side))
        }
        None => None,
    };
    let reader = keyed.as_ref().map(|(_, side)| side.as_str());
    say(out, render::status_for(&game, &folder, reader))?;
    if let (Some((key, side)), Some(k)) = (&keyed, &a.key) {
        // What the reader himself does next, looking past his own reveal when it fixes dice.
        let t = tasks::task_with_key(&game, side, key)?;
        say(
            out,
            format!(
                "You ({side}): {}.",
                tasks::describe(
                    &t,
                    side,
                    &render::shell_word(&folder),
                    &render::shell_word(&k.display().to_string())
                )
            ),
        )?;
    }
    if let Some((key, side)) = keyed {
        if game.awaited_revealer().as_deref() == Some(side.as_str()) {
            let ahead = orders::lookahead(&game, &key, &side)?;
            say(
                out,
                format!("Preview for {side} (fixed by your next reveal; you cannot change it):"),
            )?;
            for ev in ahead
                .recent()
                .filter(|e| Some(e.seq) == game.awaiting().map(|a| a.seq))
            {
                for e in &ev.events {
                    say(out, format!("  - {} [{}]", e.text, e.rule))?;
                }
            }
            for line in render::next_steps_in(&ahead, &folder) {
                say(out, format!("  then: {line}"))?;
            }
        }
    }
    Ok(())
}

/// The order-file text for `side`: the envelope follows the last entry of
/// `game`; the step and choices are those of `ahead` (the game once `side`'s
/// reveal has resolved what waits for it; `game` itself otherwise). Its
/// comment names the game folder `folder` (or [`render::GAME_PLACEHOLDER`]).
pub fn template_text(game: &Game, ahead: &Game, side: &str, folder: &str) -> String {
    let p = ahead.pending();
    let mut s = String::new();
    s.push_str(&format!(
        "# yaml-language-server: $schema=schemas/orders-{}.json\n",
        game.header.ruleset.id
    ));
    s.push_str(&format!(
        "# {} — step {}: {}\n",
        game.rules().title(),
        p.step,
        crate::view::cited(&p.prompt, &p.rule)
    ));
    if !p.sides.iter().any(|x| x == side) {
        s.push_str(&format!(
            "# Note: this step is for {}, not {side}.\n",
            p.sides.join(" and ")
        ));
    }
    s.push_str(&format!(
        "# Fill in `orders:`, then run: legatus apply {} --orders <this file> --key <your key>\n",
        if folder == render::GAME_PLACEHOLDER {
            folder.to_string()
        } else {
            render::shell_word(folder)
        }
    ));
    s.push_str(&format!(
        "game: \"{}\"\nafter: {}\nafter_hash: \"{}\"\nside: \"{}\"\nstep: \"{}\"\n",
        game.header.game,
        game.last_seq(),
        game.last_hash(),
        side,
        p.step
    ));
    s.push_str("orders:\n");
    s.push_str(&ahead.state().template(side));
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// `legatus template`: prints the order file for the side named by `--side` or
/// by `--key`, for the step that awaits it.
///
/// Errors: [`Error::Input`] when the side is not in the game, the key is not
/// its, or nothing awaits that side now (the message says who is awaited);
/// nothing is written then.
pub fn template(registry: &Registry, a: TemplateArgs, out: &mut dyn Write) -> Result<(), Error> {
    let dir = GameDir::new(&a.game);
    let (game, _) = dir.load(registry)?;
    let folder = render::shell_word(&a.game.display().to_string());
    if let Some(side) = &a.side {
        orders::known_side(&game, side)?;
    }
    let side = match (&a.key, &a.side) {
        (Some(k), side) => orders::side_of_public(&game, &load_public(k)?, side.as_deref())?,
        (None, Some(side)) => side.clone(),
        (None, None) => unreachable!("clap requires --side or --key"),
    };
    let missing = game.not_accepted();
    if !missing.is_empty() {
        return Err(Error::input(format!(
            "nothing to order yet: the game waits for {} to accept it (`legatus accept {folder} --key <key>`); no template was written",
            missing.join(" and ")
        )));
    }
    let key_hint = a
        .key
        .as_ref()
        .map(|k| render::shell_word(&k.display().to_string()))
        .unwrap_or_else(|| format!("<{side}'s key>"));
    let revealer = game.awaited_revealer();
    let ahead = match (&a.key, revealer.as_deref()) {
        (Some(k), Some(who)) if who == side => {
            let key = SigningKey::load(k, None)?;
            orders::lookahead(&game, &key, &side)?
        }
        (None, Some(who)) if who == side => {
            return Err(Error::input(format!(
                "entry {} waits for {who}'s dice reveal, which decides what comes next: pass --key to see it, or send a bare reveal first",
                game.awaiting().map(|x| x.seq).unwrap_or_default()
            )))
        }
        (_, Some(who)) => {
            let aw = game.awaiting().expect("a revealer is awaited for an entry");
            // With three or more sides, a reveal that is not the last is a bare one.
            let then = &aw.owed()[1..];
            let how = if game.header.dice.mode == DiceMode::Referee || !then.is_empty() {
                format!("a bare reveal: `legatus apply {folder} --key <{who}'s key>`")
            } else {
                format!("orders from `legatus template {folder} --key <{who}'s key>`, or a bare reveal")
            };
            let after = if then.is_empty() {
                String::new()
            } else {
                format!(", then {}'s", then.join("'s, then "))
            };
            return Err(Error::input(format!(
                "nothing awaits {side} now: entry {} by {} waits for {who}'s dice reveal{after}, so {who} sends the next entry ({how}); \
no template was written",
                aw.seq, aw.author
            )));
        }
        (_, None) => game.clone(),
    };
    if let Some(aw) = ahead.awaiting() {
        return Err(Error::input(format!(
            "nothing for {side} to order yet: entry {} by {} still needs the dice reveals of {} after {side}'s, \
so {side} sends a bare reveal: `legatus apply {folder} --key {key_hint}`; no template was written",
            aw.seq,
            aw.author,
            aw.owed().join(" and ")
        )));
    }
    let p = ahead.pending();
    if p.kind == PendingKind::GameOver {
        return Err(Error::input(format!(
            "nothing awaits {side}: the game is over ({}); no template was written",
            p.prompt
        )));
    }
    if !p.sides.iter().any(|x| x == &side) {
        let awaited = p.sides.join(" and ");
        let first = p.sides.first().cloned().unwrap_or_default();
        return Err(Error::input(
            if revealer.as_deref() == Some(side.as_str()) {
                format!(
                "nothing for {side} to order: entry {} waits for {side}'s dice reveal, and the step after it, {:?} — {}, awaits {awaited}. \
Send a bare reveal: `legatus apply {folder} --key {key_hint}`; no template was written",
                game.awaiting().map(|x| x.seq).unwrap_or_default(),
                p.step,
                crate::view::cited(&p.prompt, &p.rule)
            )
            } else {
                format!(
                    "nothing awaits {side}: step {:?} — {} — awaits {awaited} \
(`legatus template {folder} --side {first}`); no template was written",
                    p.step,
                    crate::view::cited(&p.prompt, &p.rule)
                )
            },
        ));
    }
    write!(
        out,
        "{}",
        template_text(&game, &ahead, &side, &a.game.display().to_string())
    )
    .map_err(super::io)
}

fn read_orders(path: &Path) -> Result<Vec<u8>, Error> {
    const MAX: u64 = 4 * 1024 * 1024;
    let meta =
        std::fs::metadata(path).map_err(|e| Error::input(format!("{}: {e}", path.display())))?;
    if meta.len() > MAX {
        return Err(Error::input(format!(
            "{}: order file of {} bytes is larger than the limit of {MAX} bytes",
            path.display(),
            meta.len()
        )));
    }
    std::fs::read(path).map_err(|e| Error::input(format!("{}: {e}", path.display())))
}

/// One error listing every problem and refusal of an order file, each at its place:
/// a rules refusal (exit 1) when the rules refused and nothing else is wrong, else an
/// input error (exit 2).
fn file_errors(label: &str, problems: Vec<Problem>, refusals: Vec<(Problem, RuleError)>) -> Error {
    let rules_only = problems.is_empty();
    let mut all: Vec<Problem> = problems;
    all.extend(refusals.into_iter().map(|(at, e)| Problem {
        message: e.to_string(),
        ..at
    }));
    all.sort_by_key(|p| (p.line == 0, p.line, p.column));
    let msg = match all.as_slice() {
        [one] => one.render(label),
        _ => {
            let mut m = format!(
                "{label}: {} problems, all listed here; nothing was written:",
                all.len()
            );
            for p in &all {
                m.push_str(&format!("\n  {}", p.render(label)));
            }
            m
        }
    };
    if rules_only {
        Error::Refused(msg)
    } else {
        Error::Input(msg)
    }
}

/// The entry an order file makes, or every reason it cannot be made (see [`file_errors`]).
fn entry_from_file(
    dir: &GameDir,
    game: &Game,
    path: &Path,
    key_path: &Path,
    side: Option<&str>,
) -> Result<(Entry, Game), Error> {
    let label = path.display().to_string();
    let (problems, file) = order_file::read(game.rules().as_ref(), &read_orders(path)?);
    let Some(file) = file else {
        return Err(file_errors(&label, problems, Vec::new()));
    };
    let parsed = &file.parsed;
    let place = |p: &str| {
        let (line, column) = file.places.of(p).unwrap_or((0, 0));
        Problem {
            line,
            column,
            message: String::new(),
        }
    };
    let key = SigningKey::load(key_path, None)?;
    if let Some(side) = side {
        if side != parsed.side {
            return Err(Error::input(format!(
                "--side {side} but the order file is for side {}",
                parsed.side
            )));
        }
    }
    if parsed.game == game.header.game && parsed.after < game.last_seq() {
        let mut entries = Vec::new();
        for doc in LogReader::open(&dir.log())? {
            if let Doc::Entry(e, _) = doc? {
                entries.push(*e);
            }
        }
        if let Some(n) = orders::already_applied(game, &entries, parsed, &key) {
            return Err(Error::input(format!(
                "{label}: these orders are already in the log as entry {n}: the file was applied before, and nothing was written now. The log ends at entry {}; for what comes next, see `legatus status` (and make a new template with `legatus template`)",
                game.last_seq()
            )));
        }
    }
    let mine = orders::sides_of_public(game, &key.public());
    if parsed.game == game.header.game
        && !mine.is_empty()
        && !mine.contains(&parsed.side)
        && game.header.player(&parsed.side).is_some()
    {
        let at = Problem {
            message: format!(
                "this key does not belong to side {:?}, which `side:` names: it plays {}. An order file is signed with the key of the side it names: to give {}'s orders, sign with {}'s key (`--key`); if this file is yours and `side:` was edited, put back `side: {}`",
                parsed.side,
                mine.join(" and "),
                parsed.side,
                parsed.side,
                mine[0]
            ),
            ..place("/side")
        };
        return Err(Error::input(at.render(&label)));
    }
    // Standing orders are the rules' to check too, each name at its own place.
    let standing_refusals: Vec<(Problem, RuleError)> = parsed
        .standing
        .as_ref()
        .map(|s| game.check_standing(&parsed.side, s))
        .unwrap_or_default()
        .into_iter()
        .map(|(path, e)| (place(&format!("/standing{path}")), e))
        .collect();
    match orders::from_orders(game, parsed, &key) {
        Ok(made) if problems.is_empty() && standing_refusals.is_empty() => Ok(made),
        Ok(_) => Err(file_errors(&label, problems, standing_refusals)),
        Err(Error::Rules(first)) => {
            let ahead = orders::lookahead(game, &key, &parsed.side)?;
            let orders = parsed.orders.clone().unwrap_or_default();
            let found = match ahead.pending().kind {
                PendingKind::Orders | PendingKind::Decision | PendingKind::Sealed => refusals::all(
                    &ahead,
                    &parsed.side,
                    &orders,
                    parsed.standing.as_ref(),
                    first,
                ),
                PendingKind::GameOver => vec![refusals::Refusal {
                    path: None,
                    error: first,
                }],
            };
            let mut refusals: Vec<(Problem, RuleError)> = found
                .into_iter()
                .map(|r| {
                    let at = place(&format!("/orders{}", r.path.unwrap_or_default()));
                    (at, r.error)
                })
                .collect();
            refusals.extend(standing_refusals);
            Err(file_errors(&label, problems, refusals))
        }
        Err(_) if !problems.is_empty() => Err(file_errors(&label, problems, standing_refusals)),
        Err(Error::Input(message)) => {
            // An envelope that does not fit the game: at the line of the field at fault.
            let field = if parsed.game != game.header.game {
                "/game"
            } else if parsed.after != game.last_seq() {
                "/after"
            } else if parsed.after_hash != game.last_hash() {
                "/after_hash"
            } else if message.contains("answer step") || message.starts_with("step ") {
                "/step"
            } else {
                return Err(Error::Input(format!("{label}: {message}")));
            };
            Err(Error::Input(
                Problem {
                    message,
                    ..place(field)
                }
                .render(&label),
            ))
        }
        Err(other) => Err(other),
    }
}

pub fn apply(registry: &Registry, a: ApplyArgs, out: &mut dyn Write) -> Result<(), Error> {
    let dir = GameDir::new(&a.game);
    let _lock = dir.lock()?;
    let (game, verified) = dir.load(registry)?;
    // The check mark only when the entry is taken: a refused file prints its errors alone.
    let (entry, next) = match &a.orders {
        None => {
            let key = SigningKey::load(&a.key, None)?;
            orders::reveal(&game, &key, a.side.as_deref())?
        }
        Some(path) => entry_from_file(&dir, &game, path, &a.key, a.side.as_deref())?,
    };
    let standing_note = if a.orders.is_some() {
        standing_lines(&game, &next, &entry.author, entry.standing.as_ref())
    } else {
        Vec::new()
    };
    say(out, verified_line(&verified))?;
    write_entry(&dir, &entry, &next)?;
    summarise(out, &entry, &next, &a.game)?;
    for l in standing_note {
        say(out, l)?;
    }
    Ok(())
}
