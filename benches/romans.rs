//! Issue 15's performance acceptance on the real Romans fixture (`legatus demo --game romans`,
//! the Second Macedonian War, mutual dice): `verify` of its log against the floor — reading
//! the same log and checking only its signatures and hash links — and `apply` of its last
//! entry, each command as its own process the way a player runs it. Results are recorded in
//! `docs/performance.md`; not run by CI.
//!
//! ```text
//! cargo bench --bench romans                  # play the demo in a temp dir, then time
//! cargo bench --bench romans -- --rounds 15   # more rounds (the minimum is reported)
//! cargo bench --bench romans -- --dir DIR     # use DIR made by `legatus demo --game romans --dir DIR`
//! ```
//!
//! Measured, each round alternating, minimum and median of wall time:
//! - the floor, in this process: parse, SSHSIG verify, hash link of every entry;
//! - `engine::verify::verify` in this process, the pack already loaded (the replay alone);
//! - `legatus verify`, `legatus status` as processes (pack loaded and set-up included);
//! - `legatus apply` of the last entry as a process, on a copy of the game folder whose log
//!   stops one entry short, with the fixture's own order file and key: the entry it writes
//!   must be the fixture's, byte for byte (so nothing measured changed a result);
//! - `legatus --version`, the cost of starting the binary at all.

#[path = "support/timing.rs"]
mod timing;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use legatus::engine::verify::verify;
use legatus::protocol::log::{Doc, LogReader};
use legatus::ruleset::Registry;
use timing::{floor, median, timed};

const BIN: &str = env!("CARGO_BIN_EXE_legatus");

/// Runs the binary with `args`, panicking on failure; its wall time.
fn run(args: &[&str]) -> Duration {
    let t = Instant::now();
    let out = Command::new(BIN).args(args).output().expect("legatus runs");
    let d = t.elapsed();
    assert!(
        out.status.success(),
        "legatus {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    d
}

/// The log's text cut before its last entry, and that last entry's text and author.
fn split_last(log: &str) -> (String, String, String) {
    let cut = log.rfind("\n---\n").expect("a YAML stream") + 1;
    let last = log[cut..].to_string();
    let author = last
        .lines()
        .find_map(|l| l.strip_prefix("author: "))
        .expect("an author")
        .trim()
        .to_string();
    (log[..cut].to_string(), last, author)
}

/// The order file the demo played last for `side` (the demo names them `NNN-…-SIDE.*.yaml`).
fn last_orders(dir: &Path, side: &str) -> PathBuf {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("orders"))
        .expect("the demo's orders folder")
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.contains(&format!("-{side}.")))
        })
        .collect();
    files.sort();
    files.pop().expect("an order file of the last author")
}

fn row(what: &str, v: &[Duration]) -> f64 {
    let min = *v.iter().min().unwrap();
    println!(
        "  {what:<58} min {:>9.2} ms   median {:>9.2} ms",
        min.as_secs_f64() * 1e3,
        median(v.to_vec()).as_secs_f64() * 1e3
    );
    min.as_secs_f64()
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    args.retain(|a| a != "--bench");
    let mut rounds = 9usize;
    let mut given: Option<PathBuf> = None;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--rounds" => rounds = args[i + 1].parse().expect("--rounds N"),
            "--dir" => given = Some(PathBuf::from(&args[i + 1])),
            other => panic!("unknown argument {other:?}"),
        }
        i += 2;
    }
    let tmp = tempfile::tempdir().unwrap();
    let dir = given.unwrap_or_else(|| {
        let d = tmp.path().join("demo");
        let t = run(&["demo", "--game", "romans", "--dir", d.to_str().unwrap()]);
        println!("demo played in {t:.2?}");
        d
    });
    let game = dir.join("game");
    let log_path = game.join("log.yaml");
    let log = std::fs::read_to_string(&log_path).unwrap();
    let (before, last, author) = split_last(&log);
    let orders = last_orders(&dir, &author);
    let key = dir.join("keys").join(format!("{author}.key"));
    let reg = Registry::builtin();
    let entries = LogReader::open(&log_path)
        .unwrap()
        .filter(|d| matches!(d, Ok(Doc::Entry(..))))
        .count();

    // Warm the page cache, the code and the pack once.
    floor(&log_path);
    verify(LogReader::open(&log_path).unwrap(), &reg).unwrap();
    let scratch = tmp.path().join("apply");
    let (mut fl, mut fu, mut pv, mut ps, mut pa, mut start) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    for _ in 0..rounds {
        let (n, d, _) = timed(|| floor(&log_path));
        assert_eq!(n as usize, entries);
        fl.push(d);
        let (v, d, _) = timed(|| verify(LogReader::open(&log_path).unwrap(), &reg).unwrap());
        assert_eq!(v.1.states as usize, entries);
        fu.push(d);
        pv.push(run(&["verify", game.to_str().unwrap()]));
        ps.push(run(&["status", game.to_str().unwrap()]));
        let _ = std::fs::remove_dir_all(&scratch);
        std::fs::create_dir_all(&scratch).unwrap();
        std::fs::write(scratch.join("log.yaml"), &before).unwrap();
        pa.push(run(&[
            "apply",
            scratch.to_str().unwrap(),
            "--key",
            key.to_str().unwrap(),
            "--orders",
            orders.to_str().unwrap(),
        ]));
        let written = std::fs::read_to_string(scratch.join("log.yaml")).unwrap();
        assert_eq!(
            written,
            format!("{before}{last}"),
            "apply wrote another last entry than the fixture's"
        );
        start.push(run(&["--version"]));
    }
    println!(
        "Romans fixture: {entries} entries, {} bytes; last entry by {author}, {}",
        log.len(),
        orders.file_name().unwrap().to_string_lossy()
    );
    println!("{rounds} rounds, alternating (shared machine: take the minimum):");
    let f = row("floor: parse + signature + hash link (in process)", &fl);
    let v = row("engine::verify::verify (in process, pack loaded)", &fu);
    let pv = row("legatus verify (process)", &pv);
    let ps = row("legatus status at the last entry (process)", &ps);
    let pa = row("legatus apply of the last entry (process)", &pa);
    let st = row("legatus --version (process start)", &start);
    println!(
        "verify / floor: {:.1} in process, {:.1} as a process (less start-up: {:.1})",
        v / f,
        pv / f,
        (pv - st) / f
    );
    println!(
        "per entry: floor {:.0} µs, replay {:.0} µs; status {:.0} ms; apply {:.0} ms (target 200 ms: {})",
        f * 1e6 / entries as f64,
        v * 1e6 / entries as f64,
        ps * 1e3,
        pa * 1e3,
        if pa <= 0.2 { "met" } else { "NOT met" }
    );
}
