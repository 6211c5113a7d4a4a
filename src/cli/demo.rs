//! `legatus demo`: the bundled Alexandros scenario played from the historical
//! fixture orders through the same commands players use (`new`, `accept`,
//! `template`, `apply`, `verify`), in mutual dice with two keys.
//!
//! By default the two keys and the game id are the demo's published ones
//! ([`demo_key`], [`DEMO_GAME_ID`]): every roll follows from them and the orders,
//! so the demo replays the same campaign each time (the fixture's orders are
//! written for those dice). `--fresh-keys` plays the same orders with other dice.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;

use crate::engine::folder::GameDir;
use crate::engine::{orders, Error};
use crate::protocol::keys::SigningKey;
use crate::ruleset::Registry;

use super::play::DemoArgs;

const SIDES: [&str; 2] = ["macedonian", "persian"];

/// The season the demo stops at by default (it plays the steps before it): Granicus, Issus and
/// Gaugamela (under a minute with a release build). `--until end` plays the whole fixture, to the end of the game (Summer 323).
const STOP_AT: &str = "winter-331";

/// The demo's game id (with [`demo_key`], it fixes every roll of the demo).
pub const DEMO_GAME_ID: &str = "811b2a632d49cd4db8b057d1fed5c2fc";

/// The demo's published key of `side`: an ed25519 key whose seed is the SHA-256 of
/// `legatus demo key: <side>`. Anyone can sign with it: never use it in a real game.
pub fn demo_key(side: &str) -> SigningKey {
    use sha2::Digest;
    let seed: [u8; 32] = sha2::Sha256::digest(format!("legatus demo key: {side}")).into();
    SigningKey::from_seed(
        &seed,
        &format!("legatus-demo-{side} (published demo key: never use it in a real game)"),
    )
}

/// Safety cap on the entries the demo appends.
const MAX_ENTRIES: u32 = 3000;

/// The historical fixture: order files named `<season>-<year>-<step>.yaml` (each with `side`,
/// `step`, `orders` and perhaps `standing`; the envelope comes from the game being played) and
/// `<side>-standing.yaml`, each side's standing orders (battle plan included), sent with its
/// files that have none of their own; `<side>-standing-from-<season>-<year>.yaml` replaces
/// them from that season on (as a player sends new standing orders when the war changes).
static BUNDLED: include_dir::Dir =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/fixtures/alexandros/historical");

/// A fixture's order files by (side, step) and standing orders by side.
struct Fixture {
    /// (side, step) → (file name, text).
    orders: BTreeMap<(String, String), (String, String)>,
    /// (side, first turn) → the `standing:` part of its standing-orders file (turn 0: from the
    /// start).
    standing: BTreeMap<(String, u32), String>,
}

impl Fixture {
    /// Reads (file name, text) pairs; only `.yaml` files count.
    ///
    /// Errors: [`Error::Input`] for a file that would be silently ignored — a standing-orders
    /// file whose name gives no season, one without `standing:`, or an order file without
    /// `side:` and `step:`.
    fn from_files(files: impl IntoIterator<Item = (String, String)>) -> Result<Self, Error> {
        let mut f = Fixture {
            orders: BTreeMap::new(),
            standing: BTreeMap::new(),
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
                let from = standing_from(&name).ok_or_else(|| {
                    bad("name it <side>-standing.yaml or <side>-standing-from-<season>-<year>.yaml")
                })?;
                let i = text
                    .find("\nstanding:")
                    .ok_or_else(|| bad("no `standing:` part"))?;
                f.standing
                    .insert((field("side"), from), text[i + 1..].to_string());
            } else {
                let key = (field("side"), field("step"));
                if key.0.is_empty() || turn_of(&key.1).is_none() {
                    return Err(bad(
                        "give `side:` and a `step:` such as spring-333/macedonian-movement",
                    ));
                }
                f.orders.insert(key, (name, text));
            }
        }
        Ok(f)
    }

    /// The fixture bundled in the binary (checked by the tests: it always reads).
    fn bundled() -> Result<Self, Error> {
        Self::from_files(BUNDLED.files().filter_map(|file| {
            Some((
                file.path().file_name()?.to_string_lossy().into_owned(),
                file.contents_utf8()?.to_string(),
            ))
        }))
    }

    /// The fixture files in `dir`.
    ///
    /// Errors: [`Error::Input`] when the folder or a file cannot be read.
    fn from_dir(dir: &Path) -> Result<Self, Error> {
        let mut files = Vec::new();
        let rd = std::fs::read_dir(dir)
            .map_err(|e| Error::input(format!("--fixture {}: {e}", dir.display())))?;
        for entry in rd {
            let path = entry.map_err(super::io)?.path();
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
        Self::from_files(files)
    }
}

fn say(out: &mut dyn Write, s: impl AsRef<str>) -> Result<(), Error> {
    writeln!(out, "{}", s.as_ref()).map_err(super::io)
}

/// Runs one CLI command in-process; returns its exit code and output.
fn run(registry: &Registry, args: &[&str]) -> (i32, String) {
    let mut o = Vec::new();
    let mut e = Vec::new();
    let mut argv = vec!["legatus"];
    argv.extend_from_slice(args);
    let code = super::run(registry, argv, &mut o, &mut e);
    let mut text = String::from_utf8_lossy(&o).into_owned();
    text.push_str(&String::from_utf8_lossy(&e));
    (code, text)
}

fn must(registry: &Registry, args: &[&str]) -> Result<String, Error> {
    let (code, text) = run(registry, args);
    if code == 0 {
        Ok(text)
    } else {
        Err(Error::input(format!(
            "demo: `legatus {}` failed (exit {code}):\n{text}",
            args.join(" ")
        )))
    }
}

fn p(path: &Path) -> String {
    path.display().to_string()
}

/// Battles seen in the game's events.
#[derive(Default)]
struct Battles {
    /// (entry, text) → (season, text) of each battle sent to the Tactical Display (9.1).
    fought: BTreeMap<(u64, String), (String, String)>,
    /// The results (10.19), in order.
    results: Vec<String>,
    seen: BTreeSet<(u64, String)>,
}

fn note_battles(game: &crate::engine::game::Game, b: &mut Battles) {
    let season = game
        .pending()
        .step
        .split('/')
        .next()
        .unwrap_or_default()
        .to_string();
    for ee in game.recent() {
        for e in &ee.events {
            let key = (ee.seq, e.text.clone());
            if b.seen.contains(&key) {
                continue;
            }
            if e.text.contains("to the Tactical Display") {
                b.seen.insert(key.clone());
                let name = e.text.split(':').next().unwrap_or_default().to_string();
                b.fought.insert(key, (season.clone(), name));
            } else if e.rule.ends_with("10.19") && e.text.contains("the battle in") {
                b.seen.insert(key);
                b.results.push(format!("{} [{}]", e.text, e.rule));
            }
        }
    }
}

/// The fixture text with the order part the rules refused in `msg` dropped (a unit that
/// died or stayed behind, a leader's move, a siege), and what was dropped; `None` when the
/// refusal is of another kind.
fn repair(text: &str, msg: &str) -> Option<(String, String)> {
    let word_before = |pat: &str| {
        msg.find(pat)
            .and_then(|i| msg[..i].split_whitespace().last())
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
    };
    let word_after = |pat: &str| {
        msg.find(pat)
            .and_then(|i| msg[i + pat.len()..].split_whitespace().next())
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
    };
    // A unit: drop it from every `units: [...]` list.
    let unit = word_before(" is not with")
        .or_else(|| word_after("no unit "))
        .or_else(|| word_before(" is not yours"));
    if let Some(u) = unit.filter(|u| !u.is_empty()) {
        let mut changed = false;
        let lines: Vec<String> = text
            .lines()
            .map(|l| match (l.find("units: ["), l.rfind(']')) {
                (Some(a), Some(b)) if b > a => {
                    let items: Vec<&str> = l[a + 8..b].split(',').map(str::trim).collect();
                    if !items.contains(&u) {
                        return l.to_string();
                    }
                    changed = true;
                    let kept: Vec<&str> = items.into_iter().filter(|x| *x != u).collect();
                    format!("{}{}{}", &l[..a + 8], kept.join(", "), &l[b..])
                }
                _ => l.to_string(),
            })
            .collect();
        if changed {
            return Some((lines.join("\n") + "\n", format!("unit {u}")));
        }
    }
    // A leader's move: drop the whole `- leader: NAME` item.
    if let Some(leader) = word_after("order move ") {
        let mut out = String::new();
        let mut skipping = false;
        let mut changed = false;
        for l in text.lines() {
            let t = l.trim_start();
            if t.starts_with("- leader:") {
                skipping = t.trim_start_matches("- leader:").trim() == leader;
                changed |= skipping;
            } else if skipping && (t.starts_with("- ") || !l.starts_with("    ")) {
                skipping = false;
            }
            if !skipping {
                out.push_str(l);
                out.push('\n');
            }
        }
        if changed {
            let out = empty_lists(&out);
            return Some((out, format!("the move of {leader}")));
        }
    }
    // A replacement: drop its `- {unit: CODE, ...}` item.
    if let Some(unit) = word_after("order replacement ") {
        let item = format!("{{unit: {unit},");
        if text
            .lines()
            .any(|l| l.trim_start().starts_with("- ") && l.contains(&item))
        {
            let kept: Vec<&str> = text
                .lines()
                .filter(|l| !(l.trim_start().starts_with("- ") && l.contains(&item)))
                .collect();
            return Some((
                empty_lists(&(kept.join("\n") + "\n")),
                format!("the replacement of {unit}"),
            ));
        }
    }
    // A siege: drop the `sieges:` line naming the city.
    if let Some(city) = word_after("order siege ") {
        if text
            .lines()
            .any(|l| l.trim_start().starts_with("sieges:") && l.contains(city))
        {
            let out: Vec<String> = text
                .lines()
                .map(|l| {
                    if l.trim_start().starts_with("sieges:") && l.contains(city) {
                        format!("{}sieges: {{}}", &l[..l.len() - l.trim_start().len()])
                    } else {
                        l.to_string()
                    }
                })
                .collect();
            return Some((out.join("\n") + "\n", format!("the siege of {city}")));
        }
    }
    None
}

/// `moves:` or `replacements:` left with no items (comments aside) becomes `KEY: []`.
fn empty_lists(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut fixed = String::new();
    for (i, l) in lines.iter().enumerate() {
        fixed.push_str(l);
        let key = l.split('#').next().unwrap_or("").trim_end();
        if key.ends_with("moves:") || key.ends_with("replacements:") {
            let indent = l.len() - l.trim_start().len();
            // The next line that is not a comment (fixture files comment their items).
            let next = lines[i + 1..].iter().find(|n| {
                let t = n.trim_start();
                !t.is_empty() && !t.starts_with('#')
            });
            let has_items = next.is_some_and(|n| {
                let ni = n.len() - n.trim_start().len();
                ni > indent || (ni == indent && n.trim_start().starts_with("- "))
            });
            if !has_items {
                fixed.truncate(fixed.len() - l.len());
                fixed.push_str(&format!("{key} []"));
            }
        }
        fixed.push('\n');
    }
    fixed
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

/// The turn number of a season such as `autumn-331` (spring 334 is 1), from the step or
/// file name that starts with it; `None` for anything else.
fn turn_of(s: &str) -> Option<u32> {
    let mut parts = s.splitn(3, ['-', '/', '.']);
    let first = parts.next()?;
    let season = ["spring", "summer", "autumn", "winter"]
        .iter()
        .position(|x| *x == first)?;
    let year: u32 = parts.next()?.parse().ok()?;
    (334u32.checked_sub(year)? * 4 + season as u32 + 1).into()
}

/// The first turn of a standing-orders file (`<side>-standing.yaml`: 0,
/// `<side>-standing-from-<season>-<year>.yaml`: that season), `None` for other files.
fn standing_from(name: &str) -> Option<u32> {
    if name.ends_with("-standing.yaml") {
        return Some(0);
    }
    let (_, from) = name.split_once("-standing-from-")?;
    turn_of(from)
}

impl Fixture {
    /// The last turn the fixture has order files for.
    fn last_turn(&self) -> Option<u32> {
        self.orders
            .keys()
            .filter_map(|(_, step)| turn_of(step))
            .max()
    }

    /// The standing orders of `side` in force at `step`.
    fn standing_at(&self, side: &str, step: &str) -> &str {
        let turn = turn_of(step).unwrap_or(0);
        self.standing
            .range((side.to_string(), 0)..=(side.to_string(), turn))
            .next_back()
            .map(|(_, t)| t.as_str())
            .unwrap_or("")
    }
}

/// The fixture's orders under the envelope the template wrote for this game, with the
/// side's standing orders when the file has none of its own.
fn compose(template: &str, fixture: &str, standing: &str) -> String {
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
        if l.starts_with("orders:") && !fixture.contains("\n  reinforcements:") {
            // Reinforcements go where the template places them (13.1): the fixture cannot
            // know which arrive.
            s.push_str(&template_block(template, "  reinforcements:"));
        }
    }
    if !fixture.lines().any(|l| l.starts_with("standing:")) {
        s.push_str(standing);
    }
    s
}

pub fn demo(registry: &Registry, a: DemoArgs, out: &mut dyn Write) -> Result<(), Error> {
    let started = std::time::Instant::now();
    let root = match a.dir {
        Some(d) => {
            std::fs::create_dir_all(&d).map_err(super::io)?;
            d
        }
        None => tempfile::Builder::new()
            .prefix("legatus-demo-")
            .tempdir()
            .map_err(super::io)?
            .keep(),
    };
    let game = root.join("game");
    if game.exists() {
        return Err(Error::input(format!(
            "{} already exists: give --dir an empty or new folder",
            game.display()
        )));
    }
    let keys = root.join("keys");
    let order_dir = root.join("orders");
    std::fs::create_dir_all(&keys).map_err(super::io)?;
    std::fs::create_dir_all(&order_dir).map_err(super::io)?;
    let key_path = |side: &str| keys.join(format!("{side}.key"));
    for side in SIDES {
        let key = if a.fresh_keys {
            SigningKey::generate(&format!("legatus-demo-{side}"))?
        } else {
            demo_key(side)
        };
        key.write(&key_path(side), None)?;
    }
    let stop_at = a.until.clone().unwrap_or_else(|| STOP_AT.to_string());
    say(
        out,
        format!(
            "legatus demo: Alexandros (campaign-334) from Alexander's historical orders, mutual dice, {}",
            if a.fresh_keys {
                "two fresh keys and a random game id"
            } else {
                "the demo's two published keys and game id (the same dice every run; --fresh-keys for others)"
            }
        ),
    )?;
    let mac = format!(
        "macedonian=Alexander,alexander@example.org,{}.pub",
        p(&key_path("macedonian"))
    );
    let per = format!(
        "persian=Darius,darius@example.org,{}.pub",
        p(&key_path("persian"))
    );
    let g = p(&game);
    let mut new_args = vec![
        "new",
        "--ruleset",
        "alexandros",
        "--scenario",
        "campaign-334",
        "--dice",
        "mutual",
        "--player",
        &mac,
        "--player",
        &per,
        "--dir",
        &g,
    ];
    let game_id = a
        .game_id
        .clone()
        .unwrap_or_else(|| DEMO_GAME_ID.to_string());
    if !a.fresh_keys {
        new_args.extend(["--game-id", &game_id]);
    }
    must(registry, &new_args)?;
    for side in SIDES {
        must(registry, &["accept", &g, "--key", &p(&key_path(side))])?;
    }

    let fixture = match &a.fixture {
        Some(d) => Fixture::from_dir(d)?,
        None => Fixture::bundled()?,
    };
    let dir = GameDir::new(&game);
    let key_of = |side: &str| SigningKey::load(&key_path(side), None).map_err(Error::from);
    let (mut from_fixture, mut from_template, mut refused, mut reveals) = (0u32, 0u32, 0u32, 0u32);
    let mut trimmed = 0u32;
    let mut seasons: Vec<String> = Vec::new();
    let mut battles = Battles::default();
    let mut refusals: Vec<String> = Vec::new();
    let mut n = 0u32;
    loop {
        let (state, _) = dir.load(registry)?;
        note_battles(&state, &mut battles);
        let Some(next) = orders::next_actor(&state, &key_of)? else {
            break;
        };
        let step = next.ahead.pending().step;
        let past_end =
            stop_at == "end" && turn_of(&step).is_some_and(|t| Some(t) > fixture.last_turn());
        if past_end || step.starts_with(&format!("{stop_at}/")) {
            // Leave the folder as the game stands: the last entry's dice (a battle, say)
            // wait for the other side's reveal, so send it bare.
            if let Some(who) = state.awaited_revealer() {
                must(registry, &["apply", &g, "--key", &p(&key_path(&who))])?;
                reveals += 1;
            }
            break;
        }
        n += 1;
        if n > MAX_ENTRIES {
            break;
        }
        let season = step.split('/').next().unwrap_or_default().to_string();
        let over = next.ahead.pending().kind == crate::ruleset::PendingKind::GameOver;
        if !over && !seasons.contains(&season) {
            seasons.push(season);
        }
        let key = p(&key_path(&next.side));
        if !next.orders {
            must(registry, &["apply", &g, "--key", &key])?;
            reveals += 1;
            continue;
        }
        let template = must(
            registry,
            &["template", &g, "--side", &next.side, "--key", &key],
        )?;
        let stem = format!("{n:03}-{}-{}", step.replace('/', "-"), next.side);
        let tpl_file = order_dir.join(format!("{stem}.yaml"));
        if let Some((name, text)) = fixture.orders.get(&(next.side.clone(), step.clone())) {
            let file = order_dir.join(format!("{stem}.historical.yaml"));
            let standing = fixture.standing_at(&next.side, &step);
            let mut body = compose(&template, text, standing);
            let mut dropped = Vec::new();
            let mut applied = false;
            let mut last_msg = String::new();
            for _ in 0..24 {
                std::fs::write(&file, &body).map_err(super::io)?;
                let (code, msg) = run(
                    registry,
                    &["apply", &g, "--orders", &p(&file), "--key", &key],
                );
                if code == 0 {
                    applied = true;
                    break;
                }
                if code != 1 {
                    return Err(Error::input(format!("demo: fixture {name} failed:\n{msg}")));
                }
                last_msg = msg
                    .lines()
                    .rev()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or_default()
                    .to_string();
                // The refusal without the file name: `order … refused (rule): why`.
                if let Some(i) = last_msg.find("order ") {
                    last_msg = last_msg[i..].to_string();
                }
                match repair(&body, &msg) {
                    Some((fixed, what)) => {
                        dropped.push(format!("{what} ({last_msg})"));
                        body = fixed;
                    }
                    None => break,
                }
            }
            if !dropped.is_empty() {
                refusals.push(format!(
                    "{name}: dropped {}{}",
                    dropped.join(", "),
                    if applied {
                        ""
                    } else {
                        "; then fell back to the template"
                    }
                ));
            }
            if applied {
                from_fixture += 1;
                if !dropped.is_empty() {
                    trimmed += 1;
                }
                continue;
            }
            refused += 1;
            if dropped.is_empty() {
                refusals.push(format!("{name}: {last_msg}; fell back to the template"));
            }
        }
        std::fs::write(&tpl_file, &template).map_err(super::io)?;
        let (code, msg) = run(
            registry,
            &["apply", &g, "--orders", &p(&tpl_file), "--key", &key],
        );
        if code != 0 {
            // Templates are legal as they stand: a refusal here is a bug to report.
            return Err(Error::input(format!(
                "demo: the template default for {step} was refused:\n{msg}"
            )));
        }
        from_template += 1;
    }

    let verdict = must(registry, &["verify", &p(&game.join("log.yaml"))])?;
    let (last, verified) = dir.load(registry)?;
    note_battles(&last, &mut battles);
    let status = match orders::next_actor(&last, &key_of)? {
        Some(n) => n.ahead.pending(),
        None => last.pending(),
    };
    say(out, format!("Game folder: {}", game.display()))?;
    say(
        out,
        format!(
            "Keys: {}   Order files: {}",
            keys.display(),
            order_dir.display()
        ),
    )?;
    say(
        out,
        format!(
            "Played {} turns ({} → {}), {} log entries: {} acceptances, {} order files from the historical fixture, {} from template defaults, {} bare dice reveals",
            seasons.len(),
            seasons.first().map(String::as_str).unwrap_or("-"),
            seasons.last().map(String::as_str).unwrap_or("-"),
            verified.entries,
            SIDES.len(),
            from_fixture,
            from_template,
            reveals
        ),
    )?;
    if !refusals.is_empty() {
        say(out, format!("{trimmed} fixture order files applied with a part the rules refused dropped, {refused} replaced by the template default:"))?;
        for r in &refusals {
            say(out, format!("  - {r}"))?;
        }
    }
    say(
        out,
        format!(
            "Battles fought on the Tactical Display: {}",
            battles.fought.len()
        ),
    )?;
    for (season, text) in battles.fought.values() {
        say(out, format!("  - {season}: {text}"))?;
    }
    for r in &battles.results {
        say(out, format!("    {r}"))?;
    }
    say(
        out,
        format!(
            "Rolls verified: {} ({} dice reveals matched their commitments)",
            verified.rolls, verified.reveals
        ),
    )?;
    if status.kind == crate::ruleset::PendingKind::GameOver {
        say(
            out,
            if stop_at == "end" {
                format!("The game is over: {}", status.prompt)
            } else {
                format!("Game over before {stop_at}: {}", status.prompt)
            },
        )?;
    }
    say(
        out,
        format!(
            "Final status: next step {} — {}",
            status.step, status.prompt
        ),
    )?;
    let view = crate::engine::pages::view(&last, None);
    for t in view.tracks.iter().filter(|t| t.name.contains("victory")) {
        say(out, format!("  {}: {}", t.name, t.value))?;
    }
    // What a player would look at: the turn page and the map picture, beside the log.
    let provisional = last.rules().provisional(&last.header.data);
    let page = game.join("turn.html");
    let map = game.join("map.png");
    crate::engine::folder::write_atomic(
        &page,
        crate::engine::pages::turn_page(&last, None, &provisional).as_bytes(),
    )?;
    let png = crate::engine::pages::map_png(&last).map_err(|e| Error::input(e.to_string()))?;
    crate::engine::folder::write_atomic(&map, &png)?;
    say(
        out,
        format!(
            "Turn page: {} (open it in a browser)   Map: {}",
            page.display(),
            map.display()
        ),
    )?;
    for l in verdict.lines().filter(|l| l.starts_with("Verdict")) {
        say(out, l)?;
    }
    say(
        out,
        format!(
            "Done in {:.1} s. Look around: legatus status {g}; legatus audit {}",
            started.elapsed().as_secs_f64(),
            p(&game.join("log.yaml"))
        ),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_of_counts_seasons_from_spring_334() {
        assert_eq!(turn_of("spring-334/persian-setup"), Some(1));
        assert_eq!(turn_of("winter-327/macedonian-movement"), Some(32));
        assert_eq!(turn_of("summer-323"), Some(46));
        assert_eq!(turn_of("macedonian-standing.yaml"), None);
        assert_eq!(
            standing_from("macedonian-standing-from-summer-328.yaml"),
            Some(26)
        );
    }

    /// A fixture file the demo would not use is an error, not silently skipped (a standing
    /// file whose season did not parse once went unused unnoticed).
    #[test]
    fn fixture_files_that_would_be_ignored_are_refused() {
        let bundled = Fixture::bundled().expect("the bundled fixture reads");
        assert!(bundled.last_turn() == Some(46), "to Summer 323");
        let standing = "side: macedonian\nstanding:\n  sortie: never\n".to_string();
        for (name, text) in [
            (
                "macedonian-standing-from-midsummer-328.yaml",
                standing.clone(),
            ),
            ("macedonian-standing.yaml", "side: macedonian\n".to_string()),
            ("spring-333-notes.yaml", "# no side, no step\n".to_string()),
        ] {
            let r = Fixture::from_files([(name.to_string(), text)]);
            assert!(r.is_err(), "{name} is refused");
        }
        let f = Fixture::from_files([(
            "macedonian-standing-from-summer-328.yaml".to_string(),
            standing,
        )])
        .unwrap();
        assert!(f
            .standing_at("macedonian", "summer-328/macedonian-movement")
            .contains("sortie"));
        assert_eq!(
            f.standing_at("macedonian", "spring-328/macedonian-movement"),
            ""
        );
    }

    /// Dropping the first of two commented moves keeps valid YAML (regression: the demo wrote
    /// `moves: []` followed by the second move's item).
    #[test]
    fn repair_drops_a_move_between_comments() {
        let text = "orders:\n  moves:\n  - leader: Alexander\n    to: Lybia\n    units: [all]\n  # Agis has risen\n  - leader: Antipater\n    to: Hellas\n    units: [all]\n";
        let (fixed, what) = repair(
            text,
            "order move Alexander to Lybia refused (Alexandros 8.1): x",
        )
        .expect("repaired");
        assert_eq!(what, "the move of Alexander");
        assert!(
            fixed.contains("  moves:\n  # Agis has risen\n  - leader: Antipater"),
            "{fixed}"
        );
        let (fixed, _) = repair(
            &fixed,
            "order move Antipater to Hellas refused (Alexandros 8.1): x",
        )
        .expect("repaired");
        assert!(fixed.contains("  moves: []"), "{fixed}");
    }

    #[test]
    fn repair_drops_a_refused_replacement() {
        let text =
            "orders:\n  replacements:   # 12.3\n  - {unit: hetairoi, steps: 1}\n  moves: []\n";
        let (fixed, what) = repair(
            text,
            "order replacement hetairoi refused (Alexandros 12.3): hetairoi cannot exceed full strength",
        )
        .expect("repaired");
        assert_eq!(what, "the replacement of hetairoi");
        assert_eq!(fixed, "orders:\n  replacements: []\n  moves: []\n");
    }
}
