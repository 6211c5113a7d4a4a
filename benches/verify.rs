//! Verification benchmark (core issue: `benches/`): a synthetic
//! 10,000-entry Tally log in `mutual` dice mode, verified in full
//! (`engine::verify::verify`) and compared with the floor — reading the same
//! log and checking only its signatures and hash links. Results are recorded
//! in `docs/performance.md`.
//!
//! Usage (a plain `harness = false` binary, no benchmark framework):
//!
//! ```text
//! cargo bench --bench verify                       # generate, time floor and full, print
//! cargo bench --bench verify -- --entries 20000    # another log length
//! cargo bench --bench verify -- --generate PATH    # only write the synthetic log to PATH
//! cargo bench --bench verify -- --verify-only PATH # one full verify (for /usr/bin/time -v)
//! cargo bench --bench verify -- --floor-only PATH  # one floor pass (for /usr/bin/time -v)
//! cargo bench --bench verify -- --breakdown PATH   # where the per-entry time goes
//! ```
//!
//! The log is made without `orders::from_orders`: that function (like the CLI)
//! walks the author's whole 65,536-step dice chain for every reveal, which is
//! right for a player sending one entry but would make 10,000 entries take
//! many minutes. Here each side's chain is computed once and entries are
//! drafted by hand, then run through the engine's own `orders::finish`
//! (advance, record resolves and state hash, sign, link) — so the log is
//! exactly what `legatus apply` would have written.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[path = "../tests/support/tally.rs"]
mod tally;
#[path = "support/timing.rs"]
mod timing;

use timing::{floor, median, timed};

use legatus::engine::game::{sealed_body, Game};
use legatus::engine::newgame::{build_header, NewGame};
use legatus::engine::orders::{self, draft};
use legatus::engine::verify::verify;
use legatus::protocol::canonical;
use legatus::protocol::chain;
use legatus::protocol::keys::SigningKey;
use legatus::protocol::log::{
    entry_yaml, header_yaml, DiceMode, Doc, Entry, EntryKind, LogReader, Player, LOG_PREAMBLE,
};
use legatus::protocol::sealed;
use legatus::ruleset::{DataOverride, PendingKind, Registry};
use serde_json::{json, Value};

const DEFAULT_ENTRIES: u64 = 10_000;
const ROUNDS: usize = 9;

fn registry() -> Registry {
    Registry::builtin().register(tally::Tally)
}

/// One side of the synthetic game: its key and its whole dice chain.
struct Side {
    name: &'static str,
    key: SigningKey,
    /// `vals[k]` = `step^k(end)`, so reveal `i` is `vals[CHAIN_LENGTH - i]`.
    vals: Vec<[u8; 32]>,
}

impl Side {
    fn new(name: &'static str, key: SigningKey, game_id: &[u8; 16]) -> Side {
        let end = chain::chain_end(&key.seed(), game_id);
        let mut vals = Vec::with_capacity(chain::CHAIN_LENGTH as usize + 1);
        let mut r = end;
        vals.push(r);
        for _ in 0..chain::CHAIN_LENGTH {
            r = chain::step(&r);
            vals.push(r);
        }
        debug_assert_eq!(
            vals[(chain::CHAIN_LENGTH - 2) as usize],
            chain::reveal(&end, 2)
        );
        Side { name, key, vals }
    }

    /// This side's next reveal in `game`, hex.
    fn next_reveal(&self, game: &Game) -> String {
        let i = game.reveals_published(self.name) + 1;
        hex::encode(self.vals[(chain::CHAIN_LENGTH - i) as usize])
    }
}

fn bare_reveal(game: &Game, side: &Side) -> (Entry, Game) {
    let mut e = draft(game, side.name, EntryKind::Reveal);
    e.reveal = Some(side.next_reveal(game));
    orders::finish(game, e, &side.key).expect("reveal entry")
}

/// The orders a side gives at a step (varied a little so that bids, attack
/// sizes, hits, blocks and both attack orders all occur).
fn choose(kind: PendingKind, seq: u64, side: &str) -> Value {
    let k = seq.wrapping_mul(2_654_435_761) >> 7;
    match kind {
        PendingKind::Sealed => json!({ "bid": k % 4 }),
        PendingKind::Orders => json!({ "dice": 1 + k % 3 }),
        PendingKind::Decision => {
            json!({ "answer": if (k + side.len() as u64).is_multiple_of(3) { "take" } else { "block" } })
        }
        PendingKind::GameOver => unreachable!(),
    }
}

/// The next entry, by whoever must act (mirrors `orders::from_orders` and the
/// test driver in `tests/support/mod.rs`, with precomputed dice chains).
fn next_entry(game: &Game, sides: &[Side; 2]) -> Option<(Entry, Game)> {
    let by_name = |n: &str| sides.iter().find(|s| s.name == n).unwrap();
    let (actor, ahead) = match game.awaited_revealer() {
        Some(who) => {
            let side = by_name(&who);
            (side, bare_reveal(game, side).1)
        }
        None => {
            let p = game.pending();
            let who = match p.kind {
                PendingKind::GameOver => return None,
                PendingKind::Sealed => {
                    let c = game.sealed_committed();
                    let r = game.sealed_revealed();
                    p.sides
                        .iter()
                        .find(|s| !c.contains(s))
                        .or_else(|| p.sides.iter().find(|s| !r.contains(s)))
                        .unwrap()
                        .clone()
                }
                _ => p.sides[0].clone(),
            };
            (by_name(&who), game.clone())
        }
    };
    let p = ahead.pending();
    let committed = ahead.sealed_committed();
    let sealed_turn = !committed.iter().any(|c| c == actor.name)
        || (committed.len() == p.sides.len()
            && !ahead.sealed_revealed().iter().any(|r| r == actor.name));
    let acts = p.sides.iter().any(|s| s == actor.name)
        && (p.kind != PendingKind::Sealed || sealed_turn)
        && p.kind != PendingKind::GameOver;
    if !acts {
        return Some(bare_reveal(game, actor));
    }
    let kind = match p.kind {
        PendingKind::Orders => EntryKind::Orders,
        PendingKind::Decision => EntryKind::Decision,
        PendingKind::Sealed if ahead.sealed_commit_seq(actor.name).is_none() => {
            EntryKind::SealedCommit
        }
        PendingKind::Sealed => EntryKind::SealedReveal,
        PendingKind::GameOver => unreachable!(),
    };
    let mut e = draft(game, actor.name, kind);
    e.step = Some(p.step.clone());
    e.reveal = Some(actor.next_reveal(game));
    let game_id = *game.game_id();
    match kind {
        EntryKind::SealedCommit => {
            // The orders are chosen at commit time and re-derived at reveal
            // from the commit's sequence number.
            let o = choose(p.kind, e.seq, actor.name);
            let salt = sealed::salt(&actor.key.seed(), &game_id, e.seq);
            let body = canonical::bytes(&sealed_body(&o, None)).unwrap();
            e.commitment = Some(hex::encode(sealed::commitment(&salt, &body)));
        }
        EntryKind::SealedReveal => {
            let c = ahead.sealed_commit_seq(actor.name).unwrap();
            e.salt = Some(hex::encode(sealed::salt(&actor.key.seed(), &game_id, c)));
            e.payload = Some(choose(p.kind, c, actor.name));
        }
        _ => e.payload = Some(choose(p.kind, e.seq, actor.name)),
    }
    Some(orders::finish(game, e, &actor.key).expect("entry"))
}

/// Writes a synthetic `mutual`-dice Tally log of `entries` entries to `path`.
fn generate(path: &Path, entries: u64) {
    let t = Instant::now();
    let reg = registry();
    let red = SigningKey::generate("red").unwrap();
    let blue = SigningKey::generate("blue").unwrap();
    let spec = NewGame {
        ruleset: "tally".into(),
        scenario: "duel".into(),
        dice: DiceMode::Mutual,
        players: vec![
            Player {
                side: "red".into(),
                name: "Ana".into(),
                email: "ana@example.org".into(),
                key: red.public_line(),
            },
            Player {
                side: "blue".into(),
                name: "Ben".into(),
                email: "ben@example.org".into(),
                key: blue.public_line(),
            },
        ],
        options: vec![],
        // Tally ends after `turns` turns (about 7 entries each): enough for any length asked.
        overrides: vec![DataOverride {
            name: "bench.yaml".into(),
            text: format!("turns: {}", entries / 4 + 10),
        }],
        game_id: None,
    };
    let header = build_header(&spec, &reg).unwrap().header;
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    write!(out, "{LOG_PREAMBLE}{}", header_yaml(&header)).unwrap();
    let mut game = Game::new(header, &reg).unwrap();
    let sides = [
        Side::new("red", red, game.game_id()),
        Side::new("blue", blue, game.game_id()),
    ];
    for side in &sides {
        let (e, next) = orders::accept(&game, &side.key, Some(side.name)).unwrap();
        out.write_all(entry_yaml(&e).as_bytes()).unwrap();
        game = next;
    }
    while game.last_seq() < entries {
        let (e, next) = next_entry(&game, &sides).expect("the game lasts long enough");
        out.write_all(entry_yaml(&e).as_bytes()).unwrap();
        game = next;
    }
    out.flush().unwrap();
    eprintln!(
        "generated {} entries ({} bytes) in {:.1?}",
        game.last_seq(),
        std::fs::metadata(path).unwrap().len(),
        t.elapsed()
    );
}

/// The full verification, as `legatus verify` does it.
fn full(path: &Path, reg: &Registry) -> u64 {
    let (_, v) = verify(LogReader::open(path).unwrap(), reg).unwrap();
    assert_eq!(v.signatures, v.entries);
    assert_eq!(v.states, v.entries);
    v.entries
}

/// Times the pieces of per-entry work that full verification does on top of
/// the floor, each alone, over the same log.
fn breakdown(path: &Path) {
    let reg = registry();
    let mut reader = LogReader::open(path).unwrap();
    let Some(Ok(Doc::Header(header))) = reader.next() else {
        panic!("no header")
    };
    let entries: Vec<Entry> = reader
        .map(|d| match d.unwrap() {
            Doc::Entry(e, _) => *e,
            Doc::Header(_) => panic!(),
        })
        .collect();
    let n = entries.len() as f64;
    let text = std::fs::read_to_string(path).unwrap();
    // Best of three passes for each piece (the machine may be shared).
    let mut best: Vec<(&str, Duration)> = Vec::new();
    for _ in 0..3 {
        let mut m: Vec<(&str, Duration)> = Vec::new();

        let t = Instant::now();
        let c = LogReader::new("log".into(), text.as_bytes()).count();
        m.push(("read + YAML-parse every entry", t.elapsed()));
        assert_eq!(c as f64, n + 1.0);

        let game = Game::new((*header).clone(), &reg).unwrap();
        let t = Instant::now();
        for e in &entries {
            game.check_signature(e).unwrap();
        }
        m.push(("signed_bytes + SSHSIG check", t.elapsed()));

        let t = Instant::now();
        for e in &entries {
            std::hint::black_box(e.signed_bytes().unwrap());
        }
        m.push(("  of which signed_bytes", t.elapsed()));

        let t = Instant::now();
        for e in &entries {
            std::hint::black_box(e.hash().unwrap());
        }
        m.push(("entry hash()", t.elapsed()));

        // Replay with advance only, then time apart what advance does per
        // entry that the public API exposes.
        let mut g = Game::new((*header).clone(), &reg).unwrap();
        let (mut adv, mut state_hash, mut snapshot, mut clone) = Default::default();
        for e in &entries {
            let t = Instant::now();
            let out = g.advance(e).unwrap();
            adv += t.elapsed();
            g.link(e.hash().unwrap());
            assert_eq!(out.state_hash, e.state);
            let t = Instant::now();
            std::hint::black_box(g.snapshot());
            snapshot += t.elapsed();
            let t = Instant::now();
            std::hint::black_box(g.state_hash());
            state_hash += t.elapsed();
            let t = Instant::now();
            std::hint::black_box(g.clone());
            clone += t.elapsed();
        }
        m.push(("Game::advance (everything beyond the floor)", adv));

        let t = Instant::now();
        for e in &entries {
            std::hint::black_box(e.core_hash().unwrap());
        }
        m.push(("  in it: entry core_hash()", t.elapsed()));
        m.push(("  in it: Game::state_hash", state_hash));
        m.push(("    of which Game::snapshot", snapshot));
        m.push(("Game::clone (apply/finish only, not verify)", clone));

        if best.is_empty() {
            best = m;
        } else {
            for (b, x) in best.iter_mut().zip(m) {
                b.1 = b.1.min(x.1);
            }
        }
    }
    for (what, d) in best {
        println!("  {what:<46} {:7.2} µs/entry", d.as_secs_f64() * 1e6 / n);
    }
    let g = Game::new((*header).clone(), &reg).unwrap();
    println!(
        "  (Tally's snapshot is {} canonical bytes)",
        canonical::bytes(&g.snapshot()).unwrap().len()
    );
    state_hash_scaling();
}

/// What re-hashing the state after every entry costs as the state grows: the
/// canonical hash (as `Game::state_hash` does it: JSON value -> canonical
/// bytes -> SHA-256) of a synthetic game-like state of `units` counters.
fn state_hash_scaling() {
    for units in [10usize, 100, 1_000] {
        let state = json!({
            "turn": 7, "phase": "movement",
            "units": (0..units).map(|i| json!({
                "id": format!("u{i:04}"), "side": if i % 2 == 0 { "red" } else { "blue" },
                "hex": format!("{:02}{:02}", i % 40, i / 40), "strength": i % 9 + 1,
                "steps": [1, 2], "status": "ok"
            })).collect::<Vec<_>>()
        });
        let size = canonical::bytes(&state).unwrap().len();
        let rounds = 20_000 / units + 10;
        let best_of = |f: &dyn Fn()| {
            let mut best = Duration::MAX;
            for _ in 0..3 {
                let t = Instant::now();
                for _ in 0..rounds {
                    f();
                }
                best = best.min(t.elapsed() / rounds as u32);
            }
            best.as_secs_f64() * 1e6
        };
        // `canonical::hash_hex` of a value converts it again before writing
        // the bytes (two conversions here; `Game::state_hash` makes three:
        // typed state -> value, snapshot -> value, then `canonical::bytes`).
        let engine = best_of(&|| {
            let v = canonical::to_value(&state).unwrap();
            std::hint::black_box(canonical::hash_hex(&v).unwrap());
        });
        // One conversion to a (key-sorted) value, one pass to bytes, hash.
        let once = best_of(&|| {
            let v = canonical::to_value(&state).unwrap();
            let b = serde_json::to_vec(&v).unwrap();
            std::hint::black_box(canonical::sha256(&b));
        });
        println!(
            "  state hash, {units:>5}-unit state ({size:>6} bytes): {engine:8.1} µs with 2 value conversions, {once:8.1} µs with 1",
        );
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    args.retain(|a| a != "--bench");
    let mut entries = DEFAULT_ENTRIES;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--entries" => {
                entries = args[i + 1].parse().expect("--entries N");
                i += 2;
            }
            "--generate" => {
                generate(Path::new(&args[i + 1]), entries);
                return;
            }
            "--verify-only" => {
                let t = Instant::now();
                let n = full(Path::new(&args[i + 1]), &registry());
                println!("full verify: {n} entries in {:.3?}", t.elapsed());
                return;
            }
            "--floor-only" => {
                let t = Instant::now();
                let n = floor(Path::new(&args[i + 1]));
                println!("floor: {n} entries in {:.3?}", t.elapsed());
                return;
            }
            "--breakdown" => {
                breakdown(Path::new(&args[i + 1]));
                return;
            }
            other => panic!("unknown argument {other:?}"),
        }
    }

    let dir = tempfile::tempdir().unwrap();
    let path: PathBuf = dir.path().join("log.yaml");
    generate(&path, entries);
    let bytes = std::fs::metadata(&path).unwrap().len();
    let reg = registry();
    // Warm the page cache and the code once, then alternate the two.
    floor(&path);
    full(&path, &reg);
    let (mut fl, mut fu, mut flc, mut fuc) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let (n, wall, cpu) = timed(|| floor(&path));
        assert_eq!(n, entries);
        fl.push(wall);
        flc.extend(cpu);
        let (n, wall, cpu) = timed(|| full(&path, &reg));
        assert_eq!(n, entries);
        fu.push(wall);
        fuc.extend(cpu);
    }
    println!("log: {entries} entries, {bytes} bytes (mutual dice, Tally)");
    println!("{ROUNDS} rounds each, alternating; min / median:");
    let row = |what: &str, wall: &[Duration], cpu: &[Duration]| {
        print!(
            "  {what:<44} wall {:.3?} / {:.3?}",
            wall.iter().min().unwrap(),
            median(wall.to_vec())
        );
        if !cpu.is_empty() {
            print!(
                "   cpu {:.3?} / {:.3?}",
                cpu.iter().min().unwrap(),
                median(cpu.to_vec())
            );
        }
        println!();
    };
    row("floor (parse + signature + hash link)", &fl, &flc);
    row("full verify (engine::verify::verify)", &fu, &fuc);
    let ratio = |a: &[Duration], b: &[Duration]| {
        a.iter().min().unwrap().as_secs_f64() / b.iter().min().unwrap().as_secs_f64()
    };
    let r = ratio(&fu, &fl);
    print!("ratio full/floor (min wall): {r:.2}");
    if !fuc.is_empty() {
        print!(", (min cpu): {:.2}", ratio(&fuc, &flc));
    }
    println!(
        "  -- target <= 1.5: {}",
        if r <= 1.5 { "met" } else { "NOT met" }
    );
    println!("breakdown (same log):");
    breakdown(&path);
}
