//! `legatus verify` and `legatus audit`.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use crate::engine::audit::Audit;
use crate::engine::verify::{replay, verify as verify_log};
use crate::engine::Error;
use crate::protocol::keys::signature_pem;
use crate::protocol::log::{Doc, LogReader};
use crate::report::stats::chi_square;
use crate::ruleset::Registry;

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The log file (log.yaml), or the game folder holding it.
    log: PathBuf,
    /// Print the exact bytes entry N's signature covers (for `ssh-keygen -Y verify`), nothing else.
    #[arg(long, value_name = "N")]
    show_signed: Option<u64>,
    /// Print entry N's signature as an armored SSHSIG file, nothing else.
    #[arg(long, value_name = "N")]
    show_signature: Option<u64>,
}

#[derive(Args, Debug)]
pub struct AuditArgs {
    /// The log file (log.yaml), or the game folder holding it.
    log: PathBuf,
    /// A second copy of the same game's log (or its folder): compare the two and show
    /// where they fork, with both signed entries as evidence (exit 3 on a fork).
    other: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: AuditFormat,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum AuditFormat {
    Text,
    Markdown,
    Json,
}

fn find_entry(a: &VerifyArgs, n: u64) -> Result<crate::protocol::log::Entry, Error> {
    for doc in LogReader::open(&a.log)? {
        if let Doc::Entry(e, _) = doc? {
            if e.seq == n {
                return Ok(*e);
            }
        }
    }
    Err(Error::input(format!(
        "{} has no entry {n}",
        a.log.display()
    )))
}

/// The log file: `path` itself, or `path/log.yaml` when `path` is a game folder.
fn log_file(path: &std::path::Path) -> PathBuf {
    if path.is_dir() {
        path.join("log.yaml")
    } else {
        path.to_path_buf()
    }
}

pub fn verify(registry: &Registry, mut a: VerifyArgs, out: &mut dyn Write) -> Result<(), Error> {
    a.log = log_file(&a.log);
    if let Some(n) = a.show_signed {
        let e = find_entry(&a, n)?;
        let bytes = e
            .signed_bytes()
            .map_err(|err| Error::input(err.to_string()))?;
        return out.write_all(&bytes).map_err(super::io);
    }
    if let Some(n) = a.show_signature {
        let e = find_entry(&a, n)?;
        return write!(out, "{}", signature_pem(&e.sig)?).map_err(super::io);
    }
    match verify_log(LogReader::open(&a.log)?, registry) {
        Ok((game, v)) => {
            let w = |out: &mut dyn Write, s: String| writeln!(out, "{s}").map_err(super::io);
            w(
                out,
                format!(
                    "✓ header: game {}, {} v{}, scenario {} (data sha256 {}…)",
                    game.header.game,
                    game.header.ruleset.id,
                    game.header.ruleset.version,
                    game.header.scenario.id,
                    &game.header.scenario.data_hash[..12]
                ),
            )?;
            w(
                out,
                format!(
                    "✓ hash chain: {}, each names the hash of the one before",
                    crate::view::count(v.entries as usize, "entry")
                ),
            )?;
            w(
                out,
                format!(
                    "✓ signatures: {}, each signed by its author's key from the header",
                    crate::view::count(v.signatures as usize, "entry")
                ),
            )?;
            w(
                out,
                format!(
                    "✓ dice: {} match their commitments; {} recomputed and matched",
                    crate::view::count(v.reveals as usize, "reveal"),
                    crate::view::count(v.rolls as usize, "roll")
                ),
            )?;
            w(
                out,
                format!(
                    "✓ rules and state: every entry replayed, {} state hashes matched",
                    v.states
                ),
            )?;
            if let Some(seq) = v.awaiting {
                w(
                    out,
                    format!(
                        "… entry {seq} awaits {}'s next reveal for its dice",
                        game.awaited_revealer().unwrap_or_default()
                    ),
                )?;
            }
            w(out, format!(
                "Verdict: VALID up to entry {n}; a log cannot show whether later entries exist. Up to there it is unbroken, every entry is signed by its author, and every roll follows from secrets committed before the entries they resolve ({} dice).",
                game.header.dice.mode,
                n = game.last_seq()
            ))?;
            w(out, format!(
                "Its head: entry {}, hash {}. If you expect more (a mail or post that names a later entry), the log you have was cut off: ask for it again.",
                game.last_seq(),
                game.last_hash()
            ))
        }
        Err(e @ Error::Verify { .. }) => {
            // The error itself goes to stderr once (as every command's error does).
            let _ = writeln!(out, "Verdict: INVALID. Entries before the one the error names check out; that entry and everything after it cannot be trusted.");
            Err(e)
        }
        Err(e) => Err(e),
    }
}

pub fn audit(registry: &Registry, mut a: AuditArgs, out: &mut dyn Write) -> Result<(), Error> {
    a.log = log_file(&a.log);
    if let Some(other) = &a.other {
        return super::compare::run(registry, &a.log, &log_file(other), out);
    }
    let mut authors: BTreeMap<u64, String> = BTreeMap::new();
    let mut audit = Audit::default();
    replay(LogReader::open(&a.log)?, registry, |e, _| {
        authors.insert(e.seq, e.author.clone());
        for r in &e.resolves {
            let author = authors.get(&r.seq).cloned().unwrap_or_default();
            audit.add(r.seq, &author, e.seq, &r.rolls);
        }
        Ok(())
    })?;
    match a.format {
        AuditFormat::Json => writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&audit).expect("audit serialises")
        )
        .map_err(super::io),
        AuditFormat::Text | AuditFormat::Markdown => {
            let md = matches!(a.format, AuditFormat::Markdown);
            let mut s = String::new();
            const HOW: &str = "Every die rolled in this game, in order. \"entry\" is the entry whose orders called for the roll; \"side\" is the side the roll is for, as the rules name it (a besieger's siege roll is his even when the other side's entry brought it about), or else that entry's author; \"fixed by\" is the entry whose dice reveal fixed the value — a secret committed before play began (in open dice, the seed printed in the header). The log verified: each value below was recomputed from those secrets. The statistics per side count each roll for the side it is for.";
            if md {
                s.push_str(&format!("# Dice audit\n\n{HOW}\n\n| entry | side | fixed by | purpose | rule | die | value |\n|---|---|---|---|---|---|---|\n"));
            } else {
                s.push_str(&format!("Dice audit\n{HOW}\n\n"));
            }
            for r in &audit.rolls {
                if md {
                    s.push_str(&format!(
                        "| {} | {} | {} | {} | {} | {} | {} |\n",
                        r.entry,
                        r.side,
                        r.fixed_by,
                        r.roll.purpose,
                        r.roll.rule,
                        r.roll.die,
                        r.roll.value
                    ));
                } else {
                    s.push_str(&format!(
                        "entry {:>4} {:<12} fixed by {:>4}  {} = {:<2} {} [{}]\n",
                        r.entry,
                        r.side,
                        r.fixed_by,
                        r.roll.die,
                        r.roll.value,
                        r.roll.purpose,
                        r.roll.rule
                    ));
                }
            }
            s.push_str(if md {
                "\n## Distribution per side (each roll counted for the side it is for)\n\n"
            } else {
                "\nDistribution per side (each roll counted for the side it is for)\n"
            });
            for (side, dice) in &audit.distribution {
                for (die, faces) in dice {
                    let total: u64 = faces.values().sum();
                    let counts: Vec<String> =
                        faces.iter().map(|(f, n)| format!("{f}:{n}")).collect();
                    s.push_str(&format!(
                        "{}{side} {die}: {total} rolls — {}\n",
                        if md { "- " } else { "  " },
                        counts.join(" ")
                    ));
                    if let Some(faces) = die_faces(die) {
                        let observed: Vec<u64> = faces.map(|f| faces_count(dice, die, f)).collect();
                        s.push_str(&format!(
                            "{}{}\n",
                            if md { "  - " } else { "      " },
                            chi_square(&observed)
                        ));
                    }
                }
            }
            write!(out, "{s}").map_err(super::io)
        }
    }
}

/// The faces of a die named `dN`: 1..=N; `d10z`, *The Ancient World*'s ten-sided die, 0..=9.
fn die_faces(die: &str) -> Option<std::ops::RangeInclusive<u32>> {
    if die == crate::protocol::dice::D10_ZERO {
        return Some(0..=9);
    }
    let n: u32 = die.strip_prefix('d')?.parse().ok()?;
    (n > 0).then_some(1..=n)
}

fn faces_count(dice: &BTreeMap<String, BTreeMap<u32, u64>>, die: &str, face: u32) -> u64 {
    dice.get(die)
        .and_then(|f| f.get(&face))
        .copied()
        .unwrap_or(0)
}
