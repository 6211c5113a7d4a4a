//! `legatus demo`: the bundled Alexandros scenario played from the historical
//! fixture orders through the same commands players use (`new`, `accept`,
//! `template`, `apply`, `verify`), in mutual dice with two fresh keys.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;

use crate::engine::folder::GameDir;
use crate::engine::{orders, Error};
use crate::protocol::keys::SigningKey;
use crate::ruleset::Registry;

use super::play::DemoArgs;

const SIDES: [&str; 2] = ["macedonian", "persian"];

/// The season the demo stops at (it plays the steps before it).
const STOP_AT: &str = "spring-333";

/// Safety cap on the entries the demo appends.
const MAX_ENTRIES: u32 = 600;

macro_rules! fixture {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../fixtures/alexandros/historical/", $name)))),*]
    };
}

/// The historical order files, one per step and side (`side`, `step`,
/// `orders`, `standing`; the envelope comes from the game being played).
const HISTORICAL: &[(&str, &str)] = fixture![
    "spring-334-persian-setup.yaml",
    "spring-334-battle-ionia-persian-setup.yaml",
    "spring-334-battle-ionia-macedonian-setup.yaml",
    "summer-334-macedonian-movement.yaml",
    "summer-334-persian-movement.yaml",
    "autumn-334-macedonian-movement.yaml",
    "autumn-334-persian-movement.yaml",
    "winter-334-macedonian-movement.yaml",
    "winter-334-persian-movement.yaml",
];

/// Each side's standing orders (battle plan included), sent with its fixture files that
/// have no `standing:` of their own.
const STANDING: &[(&str, &str)] = fixture!["macedonian-standing.yaml", "persian-standing.yaml"];

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

/// The fixture's orders by (side, step).
fn historical() -> BTreeMap<(String, String), (&'static str, &'static str)> {
    let mut m = BTreeMap::new();
    for (name, text) in HISTORICAL {
        let field = |k: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("{k}:")))
                .map(|v| v.trim().trim_matches('"').to_string())
                .unwrap_or_default()
        };
        m.insert((field("side"), field("step")), (*name, *text));
    }
    m
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

/// A battle-round template that leaves `attacks: []` although an attack is compulsory
/// (10.10): the first attack its `possible:` comment lists, if any.
fn patch_compulsory_attack(template: &str) -> Option<String> {
    let line = template
        .lines()
        .find(|l| l.trim_start().starts_with("attacks: []") && l.contains("possible:"))?;
    let possible = line.split("possible:").nth(1)?;
    let first = possible.split(';').next()?.trim();
    let (from, into) = first.split_once("->")?;
    let indent = &line[..line.len() - line.trim_start().len()];
    let fixed = format!(
        "{indent}attacks:\n{indent}- {{from: {}, into: {}}}",
        from.trim(),
        into.trim()
    );
    Some(template.replacen(line, &fixed, 1))
}

/// The standing orders of `side` from [`STANDING`] (from the `standing:` line on).
fn standing_of(side: &str) -> &'static str {
    STANDING
        .iter()
        .find(|(name, _)| name.starts_with(side))
        .and_then(|(_, text)| text.find("\nstanding:").map(|i| &text[i + 1..]))
        .unwrap_or("")
}

/// The fixture's orders under the envelope the template wrote for this game, with the
/// side's standing orders when the file has none of its own.
fn compose(template: &str, fixture: &str, side: &str) -> String {
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
    }
    if !fixture.lines().any(|l| l.starts_with("standing:")) {
        s.push_str(standing_of(side));
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
        SigningKey::generate(&format!("legatus-demo-{side}"))?.write(&key_path(side), None)?;
    }
    say(
        out,
        "legatus demo: Alexandros (campaign-334) from Alexander's historical orders, mutual dice, two fresh keys",
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
    must(
        registry,
        &[
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
        ],
    )?;
    for side in SIDES {
        must(registry, &["accept", &g, "--key", &p(&key_path(side))])?;
    }

    let fixture = historical();
    let dir = GameDir::new(&game);
    let key_of = |side: &str| SigningKey::load(&key_path(side), None).map_err(Error::from);
    let (mut from_fixture, mut from_template, mut refused, mut reveals) = (0u32, 0u32, 0u32, 0u32);
    let mut patched = 0u32;
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
        if step.starts_with(STOP_AT) {
            break;
        }
        n += 1;
        if n > MAX_ENTRIES {
            break;
        }
        let season = step.split('/').next().unwrap_or_default().to_string();
        if !seasons.contains(&season) {
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
        if let Some((name, text)) = fixture.get(&(next.side.clone(), step.clone())) {
            let file = order_dir.join(format!("{stem}.historical.yaml"));
            std::fs::write(&file, compose(&template, text, &next.side)).map_err(super::io)?;
            let (code, msg) = run(
                registry,
                &["apply", &g, "--orders", &p(&file), "--key", &key],
            );
            if code == 0 {
                from_fixture += 1;
                continue;
            }
            if code != 1 {
                return Err(Error::input(format!("demo: fixture {name} failed:\n{msg}")));
            }
            refused += 1;
            refusals.push(format!(
                "{name}: {}",
                msg.lines()
                    .rev()
                    .find(|l| !l.trim().is_empty())
                    .unwrap_or_default()
            ));
        }
        std::fs::write(&tpl_file, &template).map_err(super::io)?;
        let (code, msg) = run(
            registry,
            &["apply", &g, "--orders", &p(&tpl_file), "--key", &key],
        );
        if code != 0 {
            // The default leaves out a compulsory attack it lists as possible: take that one.
            let Some(fixed) = patch_compulsory_attack(&template).filter(|_| code == 1) else {
                return Err(Error::input(format!(
                    "demo: the template default for {step} was refused:\n{msg}"
                )));
            };
            std::fs::write(&tpl_file, fixed).map_err(super::io)?;
            must(
                registry,
                &["apply", &g, "--orders", &p(&tpl_file), "--key", &key],
            )?;
            patched += 1;
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
            "Played {} turns ({} → {}), {} entries: {} order files from the historical fixture, {} from template defaults, {} bare dice reveals",
            seasons.len(),
            seasons.first().map(String::as_str).unwrap_or("-"),
            seasons.last().map(String::as_str).unwrap_or("-"),
            verified.entries,
            from_fixture,
            from_template,
            reveals
        ),
    )?;
    if refused > 0 {
        say(out, format!("{refused} fixture order files were refused by the rules (the dice went otherwise) and replaced by the template default:"))?;
        for r in &refusals {
            say(out, format!("  - {r}"))?;
        }
    }
    if patched > 0 {
        say(out, format!("{patched} template defaults left out a compulsory attack (10.10) and got the first possible one"))?;
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
    say(
        out,
        format!(
            "Final status: next step {} — {}",
            status.step, status.prompt
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
