//! Sealed steps in the demo. Once a side has committed its sealed orders they cannot change,
//! and the rules see them only when the last side reveals — so a fixture file the dice have
//! made illegal (Winter orders for an Augury that did not come) would stop the round. Before
//! the first commit, the demo plays the round in a scratch copy of the game and drops from
//! the files what the rules refuse there, as it does for other steps (`repair`).

use std::collections::BTreeMap;
use std::path::Path;

use crate::engine::folder::GameDir;
use crate::engine::{orders, Error};
use crate::protocol::keys::SigningKey;
use crate::ruleset::Registry;

use super::fixture::{compose, Fixture};
use super::games::DemoGame;
use super::{must, p, run, Folders, Tally};

/// Order texts by (side, step): the fixture's, as repaired so far.
pub type Texts = BTreeMap<(String, String), (String, String)>;

/// Plays the sealed round of `step` in a scratch copy of the game until it completes or the
/// rules refuse an entry; the refusal's message, or `None` when the round completes.
fn play_round(
    registry: &Registry,
    demo: &DemoGame,
    fixture: &Fixture,
    f: &Folders,
    scratch: &Path,
    step: &str,
    texts: &Texts,
) -> Result<Option<String>, Error> {
    let g = p(scratch);
    let dir = GameDir::new(scratch);
    let key_of = |side: &str| SigningKey::load(&f.key(side), None).map_err(Error::from);
    for _ in 0..16 {
        let (state, _) = dir.load(registry)?;
        let Some(next) = orders::next_actor(&state, &key_of)? else {
            return Ok(None);
        };
        if next.ahead.pending().step != step {
            return Ok(None);
        }
        let key = p(&f.key(&next.side));
        if !next.orders {
            must(registry, &["apply", &g, "--key", &key])?;
            continue;
        }
        let template = must(
            registry,
            &["template", &g, "--side", &next.side, "--key", &key],
        )?;
        let body = match texts.get(&(next.side.clone(), step.to_string())) {
            Some((_, text)) => compose(
                &template,
                text,
                fixture.standing_at(&next.side, step),
                demo.placed,
            ),
            None => template,
        };
        let file = scratch.join("orders.yaml");
        std::fs::write(&file, body).map_err(super::super::io)?;
        let (code, msg) = run(
            registry,
            &["apply", &g, "--orders", &p(&file), "--key", &key],
        );
        match code {
            0 => {}
            1 => return Ok(Some(msg)),
            _ => return Err(Error::input(format!("demo: sealed step {step}:\n{msg}"))),
        }
    }
    Ok(None)
}

/// Before the first commit of the sealed step `step`: plays the round in scratch copies of
/// the game and drops from the step's order texts each part the rules refuse once every
/// side's orders are known, noting it in `t`.
///
/// Errors: a command that fails for another reason than the rules.
pub fn precheck(
    registry: &Registry,
    demo: &DemoGame,
    fixture: &Fixture,
    f: &Folders,
    step: &str,
    texts: &mut Texts,
    t: &mut Tally,
) -> Result<(), Error> {
    for _ in 0..12 {
        let scratch = tempfile::tempdir().map_err(super::super::io)?;
        std::fs::copy(f.game.join("log.yaml"), scratch.path().join("log.yaml"))
            .map_err(super::super::io)?;
        let Some(msg) = play_round(registry, demo, fixture, f, scratch.path(), step, texts)? else {
            return Ok(());
        };
        let refusal = msg
            .lines()
            .rev()
            .find_map(|l| l.find("order ").map(|i| l[i..].to_string()))
            .unwrap_or_default();
        let mut fixed = false;
        for ((_, s), (name, text)) in texts.iter_mut() {
            if s != step {
                continue;
            }
            if let Some((new, what)) = (demo.repair)(text, &msg) {
                t.refusals
                    .push(format!("{name}: dropped {what} ({refusal})"));
                t.trimmed += 1;
                *text = new;
                fixed = true;
                break;
            }
        }
        if !fixed {
            // Nothing the repair can drop: every side of the round plays its template (legal
            // as it stands), so no commitment is made that cannot be revealed.
            let gone: Vec<String> = texts
                .iter()
                .filter(|((_, s), _)| s == step)
                .map(|(_, (name, _))| name.clone())
                .collect();
            texts.retain(|(_, s), _| s != step);
            for name in gone {
                t.refused += 1;
                t.refusals
                    .push(format!("{name}: {refusal}; fell back to the template"));
            }
            return Ok(());
        }
    }
    Ok(())
}
