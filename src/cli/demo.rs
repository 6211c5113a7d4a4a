//! `legatus demo`: the bundled Alexandros scenario played from the historical
//! fixture orders through the same commands players use (`new`, `accept`,
//! `template`, `apply`, `verify`), in mutual dice with two fresh keys.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

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
const HISTORICAL: &[(&str, &str)] = fixture!["spring-334-persian-setup.yaml",];

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

/// The fixture's orders under the envelope the template wrote for this game.
fn compose(template: &str, fixture: &str) -> String {
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
    let mut seasons: Vec<String> = Vec::new();
    let mut battles: BTreeSet<String> = BTreeSet::new();
    let mut refusals: Vec<String> = Vec::new();
    let mut n = 0u32;
    loop {
        let (state, _) = dir.load(registry)?;
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
        if let Some(b) = step.split('/').find(|s| s.starts_with("battle-")) {
            battles.insert(format!(
                "{}/{}",
                step.split('/').next().unwrap_or_default(),
                b
            ));
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
            std::fs::write(&file, compose(&template, text)).map_err(super::io)?;
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
        must(
            registry,
            &["apply", &g, "--orders", &p(&tpl_file), "--key", &key],
        )?;
        from_template += 1;
    }

    let verdict = must(registry, &["verify", &p(&game.join("log.yaml"))])?;
    let (last, verified) = dir.load(registry)?;
    let status = last.pending();
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
    say(
        out,
        format!(
            "Battles fought on the Tactical Display: {}{}",
            battles.len(),
            if battles.is_empty() {
                String::new()
            } else {
                format!(
                    " ({})",
                    battles.iter().cloned().collect::<Vec<_>>().join(", ")
                )
            }
        ),
    )?;
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
    let _: Option<PathBuf> = None;
    Ok(())
}
