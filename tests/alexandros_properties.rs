//! Property tests over Alexandros games played through the CLI (hardening issue).
//!
//! A game is a random legal order sequence: every entry is written by the side that must act
//! (or is a bare dice reveal), from `legatus template`, either as the template's default or as a
//! variant drawn from what the template lists: leader moves to the destinations its comments
//! name, with a subset of the units there; Darius's set-up province; evade and sortie answers;
//! standing orders (evasion and sortie policies, retreats, step losses, and battle plans built
//! from the default plan's attacks under random conditions, which fight battles on by
//! themselves). A move the rules refuse (exit 1, nothing written) is dropped and the rest sent
//! again; when nothing is left to drop, the template default is sent. Sealed set-ups stay
//! defaults (the reveal must repeat the commitment).
//!
//! Proptest draws the choices (one choice word per entry; 0 means "the template as it is", so a
//! failing case shrinks towards template defaults), the game id, the optional rules and, in the
//! verify test, the dice mode. Keys come from fixed seeds and the game id is written into the
//! header before the first entry, so a case replays exactly from its seed.
//!
//! - `alexandros_replay_equals_stepwise_state_hash` (4 cases)
//! - `alexandros_verify_accepts_every_log_written` (4 cases)
//! - `alexandros_single_value_mutation_is_rejected` (32 cases, on one game played once)

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::OnceLock;

use legatus::engine::folder::GameDir;
use legatus::engine::orders;
use legatus::engine::verify::replay;
use legatus::games::alexandros::{battle, Alexandros};
use legatus::protocol::keys::SigningKey;
use legatus::protocol::log::{header_yaml, yaml_options, Doc, Entry, LogReader, LOG_PREAMBLE};
use legatus::ruleset::{PendingKind, Ruleset};
use proptest::prelude::*;
use proptest::sample::{subsequence, Index};
use proptest::test_runner::FileFailurePersistence;
use serde_json::{json, Value};
use support::values::{at, scalar_paths};
use support::{cli, ok, registry, Table};

/// Entries played per game after the acceptances (fewer if the game ends first).
const ENTRIES: usize = 24;

/// A small deterministic generator driven by one proptest choice word (splitmix64).
struct Pick(u64);
impl Pick {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z % n.max(1) as u64) as usize
    }
    fn coin(&mut self) -> bool {
        self.next(2) == 0
    }
}

/// How a game is set up.
#[derive(Debug, Clone)]
struct Setup {
    game_id: [u8; 16],
    dice: &'static str,
    options: Vec<String>,
}

fn key_path(t: &Table, side: &str) -> String {
    t.s(&format!("{side}.key"))
}

/// A new Alexandros game in `t` as `setup` says, accepted by every participant; returns the
/// state hash `state.yaml` gave and the log after each acceptance.
///
/// Keys come from fixed seeds, and the header `legatus new` wrote is rewritten (before any entry
/// exists, so nothing signed changes) with `setup.game_id` and, for open dice, a seed derived
/// from it: the dice of a case are then the same on every run.
fn start(t: &Table, setup: &Setup) -> (Vec<String>, Vec<String>) {
    let mut sides = vec!["macedonian", "persian"];
    if setup.dice == "referee" {
        sides.push("referee");
    }
    for (i, side) in sides.iter().enumerate() {
        SigningKey::from_seed(&[i as u8 + 1; 32], side)
            .write(Path::new(&key_path(t, side)), None)
            .unwrap();
    }
    let mut args: Vec<String> = [
        "new",
        "--ruleset",
        "alexandros",
        "--scenario",
        "campaign-334",
        "--dice",
        setup.dice,
        "--dir",
        &t.game(),
    ]
    .map(String::from)
    .into();
    for side in &sides {
        args.push("--player".into());
        args.push(format!(
            "{side}={side},{side}@example.org,{}.pub",
            key_path(t, side)
        ));
    }
    for o in &setup.options {
        args.extend(["--option".into(), o.clone()]);
    }
    ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let log = t.p("game/log.yaml");
    let Some(Ok(Doc::Header(mut h))) = LogReader::open(&log).unwrap().next() else {
        panic!("no header")
    };
    h.game = hex::encode(setup.game_id);
    if h.dice.seed.is_some() {
        h.dice.seed = Some(hex::encode([setup.game_id, setup.game_id].concat()));
    }
    std::fs::write(&log, format!("{LOG_PREAMBLE}{}", header_yaml(&h))).unwrap();
    sides
        .iter()
        .map(|side| {
            ok(&["accept", &t.game(), "--key", &key_path(t, side)]);
            (state_after(t).1, std::fs::read_to_string(&log).unwrap())
        })
        .unzip()
}

/// What `state.yaml` says after a command: (entry, state hash).
fn state_after(t: &Table) -> (u64, String) {
    let text = std::fs::read_to_string(t.p("game/state.yaml")).unwrap();
    let v: Value = serde_saphyr::from_str_with_options(&text, yaml_options()).unwrap();
    (
        v["entry"].as_u64().unwrap(),
        v["state_hash"].as_str().unwrap().to_string(),
    )
}

/// A leader line of a movement template, as listed in its comments.
struct Listed {
    leader: String,
    from: String,
    to: Vec<String>,
    units: Vec<String>,
}

/// The leader lines of a movement template:
/// `# - leader: NAME   # in P; to one of: A, B; units here: [u, v]`.
fn listed_moves(template: &str) -> Vec<Listed> {
    let list = |s: &str| -> Vec<String> {
        s.split(',')
            .map(|x| x.trim().to_string())
            .filter(|x| !x.is_empty())
            .collect()
    };
    template
        .lines()
        .filter_map(|l| {
            let rest = l.trim().strip_prefix("# - leader: ")?;
            let (leader, rest) = rest.split_once("# in ")?;
            let (from, rest) = rest.split_once("; to one of: ")?;
            let (to, units) = rest.split_once("; units here: [")?;
            Some(Listed {
                leader: leader.trim().to_string(),
                from: from.trim().to_string(),
                to: list(to),
                units: list(units.trim_end_matches(']')),
            })
        })
        .collect()
}

/// Varies the template's `orders` within what the template lists as legal.
fn vary_orders(template: &str, orders: &mut Value, pick: &mut Pick) {
    let darius = template.lines().find(|l| l.trim().starts_with("darius:"));
    if let Some((_, choices)) = darius.and_then(|l| l.split_once("# one of ")) {
        let choices: Vec<&str> = choices
            .split(" (")
            .next()
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        if !choices.is_empty() {
            orders["darius"] = json!(choices[pick.next(choices.len())]);
        }
    }
    if orders.get("moves").is_some() {
        let mut used: Vec<String> = Vec::new();
        let mut moves = Vec::new();
        for l in listed_moves(template) {
            if l.to.is_empty() || pick.next(3) == 0 {
                continue;
            }
            let units: Vec<String> = l
                .units
                .into_iter()
                .filter(|u| !used.contains(u) && pick.next(4) != 0)
                .collect();
            used.extend(units.iter().cloned());
            let to = &l.to[pick.next(l.to.len())];
            moves.push(json!({"leader": l.leader, "to": to, "units": units}));
        }
        orders["moves"] = Value::Array(moves);
    }
    if let Some(d) = orders.get_mut("decision") {
        for key in ["evade", "sortie"] {
            if d.get(key).is_some() {
                d[key] = json!(pick.coin());
            }
        }
    }
}

/// Standing orders drawn with `pick`, or none: evasion, sorties, retreats towards a place a
/// leader could move to, step losses among the units the template lists, and a battle plan.
fn vary_standing(template: &str, pick: &mut Pick) -> Option<Value> {
    if pick.next(4) == 0 {
        return None;
    }
    let evade = ["always", "never", "when_outnumbered"];
    let mut s = json!({
        "evade_minor_combat": evade[pick.next(evade.len())],
        "sortie": if pick.coin() { "always" } else { "never" },
    });
    let listed = listed_moves(template);
    let mut retreat = serde_json::Map::new();
    for l in &listed {
        if !l.to.is_empty() && pick.coin() {
            retreat.insert(l.from.clone(), json!(l.to[pick.next(l.to.len())]));
        }
    }
    if !retreat.is_empty() {
        s["retreat_to"] = Value::Object(retreat);
    }
    let units: Vec<&String> = listed.iter().flat_map(|l| &l.units).collect();
    if !units.is_empty() && pick.coin() {
        let losses: Vec<&String> = (0..pick.next(4) + 1)
            .map(|_| units[pick.next(units.len())])
            .fold(Vec::new(), |mut v, u| {
                if !v.contains(&u) {
                    v.push(u);
                }
                v
            });
        s["losses"] = json!(losses);
    }
    if let Some(plan) = battle_plan(pick) {
        s["battle_plan"] = plan;
    }
    Some(s)
}

/// A battle plan drawn with `pick`, or none (every battle step then waits for orders): some of
/// the attacks of the template's default plan under random conditions, maybe an advance and a
/// move, maybe "ask me", and maybe the whole default plan as a fallback.
fn battle_plan(pick: &mut Pick) -> Option<Value> {
    if pick.next(3) == 0 {
        return None;
    }
    let default = serde_json::to_value(battle::default_plan()).unwrap();
    let rules = default["attack_from"].as_array().unwrap();
    let when = |pick: &mut Pick| match pick.next(5) {
        0 => json!("always"),
        1 => json!("if_no_attack_yet"),
        2 => json!({"round_at_least": pick.next(4) + 1}),
        3 => {
            let odds = ["1:2", "1:1", "2:1", "3:1"][pick.next(4)];
            json!({ "every_duel_at_least": odds })
        }
        _ => json!("target_empty"),
    };
    let mut attack_from: Vec<Value> = (0..pick.next(8))
        .map(|_| {
            let mut r = rules[pick.next(rules.len())].clone();
            r["when"] = when(pick);
            r
        })
        .collect();
    if pick.next(3) != 0 {
        attack_from.extend(rules.iter().cloned());
    }
    let boxes = [
        "Center",
        "Left",
        "Right",
        "LeftOutflank",
        "RightOutflank",
        "Reserve",
    ];
    let units = ["any", "cavalry", "light_infantry", "mobile", "foot"];
    let rule = |pick: &mut Pick, from: String, to: String| json!({"from": from, "to": to, "units": units[pick.next(units.len())], "when": when(pick)});
    let mut plan = json!({
        "rally": if pick.coin() { "all_leaders" } else { "none" },
        "defensive_fire": if pick.coin() { "always" } else { "never" },
        "attack_from": attack_from,
    });
    if pick.coin() {
        let (f, t) = (boxes[pick.next(6)], boxes[pick.next(6)]);
        plan["advance"] = json!([rule(pick, f.into(), format!("enemy {t}"))]);
    }
    if pick.coin() {
        let (f, t) = (boxes[pick.next(6)], boxes[pick.next(6)]);
        plan["move"] = json!([rule(pick, f.into(), t.into())]);
    }
    if pick.next(4) == 0 {
        let ask = ["reserve_commitment", "every_round"];
        plan["ask_me"] = json!([ask[pick.next(2)]]);
    }
    Some(plan)
}

/// A varied order file: the template's envelope, orders and standing orders.
struct Variant {
    envelope: String,
    orders: Value,
    standing: Option<Value>,
}

impl Variant {
    /// The order file (orders written as JSON, which is YAML).
    fn text(&self) -> String {
        let mut text = format!("{}orders: {}\n", self.envelope, self.orders);
        if let Some(s) = &self.standing {
            text.push_str(&format!("standing: {s}\n"));
        }
        text
    }

    /// Drops the move of the leader a refusal names ("order move LEADER to …"); false when
    /// the refusal is about something else.
    fn drop_refused_move(&mut self, refusal: &str) -> bool {
        let Some(leader) = refusal
            .split_once("order move ")
            .and_then(|(_, rest)| rest.split_once(" to "))
            .map(|(leader, _)| leader.to_string())
        else {
            return false;
        };
        let Some(moves) = self.orders.get_mut("moves").and_then(Value::as_array_mut) else {
            return false;
        };
        let before = moves.len();
        moves.retain(|m| m["leader"] != leader.as_str());
        moves.len() < before
    }
}

/// The variant for choice word `word`: `None` (the template as it is) for 0; otherwise the
/// template's orders varied and maybe standing orders.
fn variant(template: &str, word: u32) -> Option<Variant> {
    if word == 0 {
        return None;
    }
    let mut pick = Pick(u64::from(word));
    let parsed: Value = serde_saphyr::from_str_with_options(template, yaml_options()).unwrap();
    let mut orders = parsed["orders"].clone();
    vary_orders(template, &mut orders, &mut pick);
    let envelope: String = template
        .lines()
        .take_while(|l| !l.starts_with("orders:"))
        .map(|l| format!("{l}\n"))
        .collect();
    Some(Variant {
        envelope,
        orders,
        standing: vary_standing(template, &mut pick),
    })
}

/// A game played through the CLI.
struct Played {
    t: Table,
    /// The state hash `state.yaml` gave right after each command wrote its entry (index = seq − 1).
    stepwise: Vec<String>,
    /// The state hash after each entry when the test's own in-process game advances by the
    /// entry just written (acceptances: from `state.yaml`).
    advanced: Vec<String>,
    /// `log.yaml` as it stood after every command, from the first acceptance on.
    logs: Vec<String>,
    /// Variants applied, and refusals met on the way (each dropped a move, or sent the template).
    varied: usize,
    refused: usize,
    /// The pending step when play stopped.
    reached: String,
}

/// The entry a command appended to the log (`before` → `after`).
fn appended(before: &str, after: &str) -> Entry {
    let doc = after
        .strip_prefix(before)
        .expect("the log is only appended to")
        .strip_prefix("---\n")
        .expect("one document");
    serde_saphyr::from_str_with_options(doc, yaml_options()).unwrap()
}

/// Plays one entry per choice word (fewer if the game ends first), through the CLI. The side
/// that must act is found from an in-process game that follows the log entry by entry.
fn play(setup: &Setup, words: &[u32]) -> Played {
    let t = Table::new();
    let (mut stepwise, mut logs) = start(&t, setup);
    let mut advanced = stepwise.clone();
    let log = || std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    let reg = registry();
    let game = t.game();
    let (mut g, _) = GameDir::new(&game).load(&reg).unwrap();
    let key_of =
        |side: &str| SigningKey::load(Path::new(&key_path(&t, side)), None).map_err(Into::into);
    let (mut varied, mut refused) = (0, 0);
    for (i, &word) in words.iter().enumerate() {
        let Some(next) = orders::next_actor(&g, &key_of).unwrap() else {
            break;
        };
        let key = key_path(&t, &next.side);
        if !next.orders {
            ok(&["apply", &game, "--key", &key]);
        } else {
            let tpl = ok(&["template", &game, "--side", &next.side, "--key", &key]);
            let f = t.p(&format!("orders-{i}.yaml")).display().to_string();
            // A sealed commit must be revealed with the same orders: those stay defaults.
            let sealed = next.ahead.pending().kind == PendingKind::Sealed;
            let mut done = false;
            if let Some(mut v) = variant(&tpl, word).filter(|_| !sealed) {
                // A move the rules refuse is dropped and the rest sent again, as a player would.
                loop {
                    let text = v.text();
                    std::fs::write(&f, &text).unwrap();
                    let r = cli(&["apply", &game, "--orders", &f, "--key", &key]);
                    match r.code {
                        0 => {
                            (done, varied) = (true, varied + 1);
                            break;
                        }
                        1 => {
                            assert_eq!(&log(), logs.last().unwrap(), "a refusal writes nothing");
                            refused += 1;
                            if !v.drop_refused_move(&r.err) {
                                break;
                            }
                        }
                        c => panic!("apply exit {c} for\n{text}\n{}{}", r.out, r.err),
                    }
                }
            }
            if !done {
                std::fs::write(&f, &tpl).unwrap();
                ok(&["apply", &game, "--orders", &f, "--key", &key]);
            }
        }
        let (seq, hash) = state_after(&t);
        assert_eq!(seq as usize, stepwise.len() + 1, "one entry per command");
        stepwise.push(hash);
        let now = log();
        let e = appended(logs.last().unwrap(), &now);
        g.check_signature(&e).unwrap();
        let out = g
            .advance(&e)
            .unwrap_or_else(|r| panic!("entry {seq}: {}", r.reason));
        g.link(e.hash().unwrap());
        advanced.push(out.state_hash);
        logs.push(now);
    }
    Played {
        t,
        stepwise,
        advanced,
        logs,
        varied,
        refused,
        reached: g.pending().step,
    }
}

/// One choice word: a quarter are 0 (the template default).
fn word() -> impl Strategy<Value = u32> {
    prop_oneof![1 => Just(0u32), 3 => 1..u32::MAX]
}

/// A subset of the Alexandros options that `legatus new` accepts: the Beginners Rule leaves
/// out the optional rules of section 17 (Alexandros 3.1, 17.0), so with `beginner` only the
/// options that are not 17.x rules stay.
fn options() -> impl Strategy<Value = Vec<String>> {
    let all: Vec<String> = Alexandros.options().into_iter().map(|o| o.name).collect();
    let n = all.len();
    subsequence(all, 0..=n).prop_map(|v| {
        if v.iter().any(|o| o == "beginner") {
            v.into_iter()
                .filter(|o| o == "beginner" || o == "no-random-events")
                .collect()
        } else {
            v
        }
    })
}

fn setup() -> impl Strategy<Value = Setup> {
    (
        any::<[u8; 16]>(),
        prop_oneof![Just("mutual"), Just("open"), Just("referee")],
        options(),
    )
        .prop_map(|(game_id, dice, options)| Setup {
            game_id,
            dice,
            options,
        })
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Next to this file (proptest cannot find the crate root from an integration test).
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        // Every case plays a game: keep shrinking short.
        max_shrink_iters: 8,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(4))]

    /// Replaying the log from its header gives, after every entry, the state hash the CLI
    /// reported in `state.yaml` right after it wrote that entry, the hash of an in-process game
    /// advanced by each entry as it was written, and the hash the entry records; the final
    /// snapshot is the one `state.yaml` holds. Mutual dice, random optional rules.
    #[test]
    fn alexandros_replay_equals_stepwise_state_hash(
        game_id in any::<[u8; 16]>(),
        options in options(),
        words in proptest::collection::vec(word(), ENTRIES),
    ) {
        let setup = Setup { game_id, dice: "mutual", options };
        let p = play(&setup, &words);
        let mut replayed = Vec::new();
        let mut recorded = Vec::new();
        let log = p.t.p("game/log.yaml");
        let (end, v) = replay(LogReader::open(&log).unwrap(), &registry(), |e, g| {
            replayed.push(g.state_hash());
            recorded.push(e.state.clone());
            Ok(())
        })
        .unwrap();
        prop_assert_eq!(v.entries as usize, p.stepwise.len());
        for (i, r) in replayed.iter().enumerate() {
            let n = i + 1;
            prop_assert_eq!(r, &p.stepwise[i], "entry {}: replayed vs state.yaml after the command", n);
            prop_assert_eq!(r, &p.advanced[i], "entry {}: replayed vs advanced in process", n);
            prop_assert_eq!(r, &recorded[i], "entry {}: replayed vs recorded in the entry", n);
        }
        let text = std::fs::read_to_string(p.t.p("game/state.yaml")).unwrap();
        let cached: Value = serde_saphyr::from_str_with_options(&text, yaml_options()).unwrap();
        prop_assert_eq!(&cached["state"], &end.snapshot(), "state.yaml holds the replayed snapshot");
        eprintln!(
            "replay case {:?}: {} entries to {}, {} variants applied, {} refusals",
            setup, p.stepwise.len(), p.reached, p.varied, p.refused
        );
    }

    /// `legatus verify` accepts every log the tool wrote on the way through a game (after each
    /// command, acceptances included), whatever the dice mode and optional rules; each log is
    /// the previous one with one entry appended.
    #[test]
    fn alexandros_verify_accepts_every_log_written(
        setup in setup(),
        words in proptest::collection::vec(word(), ENTRIES),
    ) {
        let p = play(&setup, &words);
        let f = p.t.p("check.yaml");
        let f = f.display().to_string();
        for (i, text) in p.logs.iter().enumerate() {
            if i > 0 {
                prop_assert!(text.starts_with(&p.logs[i - 1]), "log {} rewrote the one before", i);
            }
            std::fs::write(&f, text).unwrap();
            let r = cli(&["verify", &f]);
            prop_assert_eq!(r.code, 0, "log after command {} ({:?}):\n{}{}", i, setup, r.out, r.err);
            prop_assert!(r.out.contains("Verdict: VALID"), "{}", r.out);
        }
        eprintln!(
            "verify case {:?}: {} logs to {}, {} variants applied, {} refusals",
            setup, p.logs.len(), p.reached, p.varied, p.refused
        );
    }
}

/// The documents of a log (header first), as values.
fn docs(text: &str) -> Vec<Value> {
    text.split("\n---\n")
        .map(|d| serde_saphyr::from_str_with_options::<Value>(d, yaml_options()).unwrap())
        .collect()
}

/// A log from its documents, re-serialised (block YAML).
fn write(docs: &[Value]) -> String {
    docs.iter()
        .map(|d| serde_saphyr::to_string(d).unwrap())
        .collect::<Vec<_>>()
        .join("---\n")
}

/// The log of one Alexandros game (mutual dice, varied orders), played once for the mutation
/// test; the folder it was played in is gone.
fn written_log() -> &'static str {
    static LOG: OnceLock<String> = OnceLock::new();
    LOG.get_or_init(|| {
        let setup = Setup {
            game_id: *b"alexandros-tamp!",
            dice: "mutual",
            options: vec![],
        };
        let words: Vec<u32> = (0..ENTRIES as u32)
            .map(|i| i.wrapping_mul(2_654_435_761))
            .collect();
        let p = play(&setup, &words);
        p.logs.last().unwrap().clone()
    })
}

/// The name a scalar goes by: the last key of its path that is not a list index.
fn field(path: &[String]) -> &str {
    path.iter()
        .rev()
        .find(|k| k.parse::<usize>().is_err())
        .map_or("", String::as_str)
}

/// Every string of the log, by the name of the field holding it (the last key of its path
/// that is not a list index).
fn strings_by_field(docs: &[Value]) -> BTreeMap<String, BTreeSet<String>> {
    fn walk(v: &Value, name: &str, out: &mut BTreeMap<String, BTreeSet<String>>) {
        match v {
            Value::Object(m) => m.iter().for_each(|(k, x)| walk(x, k, out)),
            Value::Array(a) => a.iter().for_each(|x| walk(x, name, out)),
            Value::String(s) => {
                out.entry(name.to_string()).or_default().insert(s.clone());
            }
            _ => {}
        }
    }
    let mut out = BTreeMap::new();
    docs.iter().for_each(|d| walk(d, "", &mut out));
    out
}

/// Another value of the same type, looking as valid as the first: a number one up or down; a
/// hex string with one digit changed; another string the log holds in a field of the same
/// name (a side for a side, a province for a province, a step for a step), or else any other
/// string of the log; a flipped boolean.
fn mutate(
    v: &Value,
    name: &str,
    pools: &BTreeMap<String, BTreeSet<String>>,
    pick: &mut Pick,
) -> Value {
    match v {
        Value::Number(n) => match n.as_u64() {
            Some(x) if x > 0 && pick.coin() => json!(x - 1),
            Some(x) => json!(x + 1),
            None => json!(n.as_i64().unwrap_or(0) + 1),
        },
        Value::String(s) if s.len() >= 8 && s.chars().all(|c| c.is_ascii_hexdigit()) => {
            let mut b = s.clone().into_bytes();
            let i = pick.next(b.len());
            let others: Vec<u8> = b"0123456789abcdef"
                .iter()
                .copied()
                .filter(|d| *d != b[i])
                .collect();
            b[i] = others[pick.next(others.len())];
            Value::String(String::from_utf8(b).unwrap())
        }
        Value::String(s) => {
            let others = |set: &BTreeSet<String>| -> Vec<String> {
                set.iter().filter(|x| *x != s).cloned().collect()
            };
            let mut pool = pools.get(name).map(others).unwrap_or_default();
            if pool.is_empty() {
                pool = others(&pools.values().flatten().cloned().collect());
            }
            Value::String(pool[pick.next(pool.len())].clone())
        }
        Value::Bool(b) => Value::Bool(!b),
        other => panic!("not a scalar: {other}"),
    }
}

/// The same values laid out another way: block YAML re-serialised, JSON-style flow documents,
/// CRLF line ends, or every line indented.
fn reformat(text: &str, how: usize) -> String {
    match how % 4 {
        0 => write(&docs(text)),
        1 => docs(text)
            .iter()
            .map(|d| format!("{d}\n"))
            .collect::<Vec<_>>()
            .join("---\n"),
        2 => text.replace('\n', "\r\n"),
        _ => text
            .lines()
            .map(|l| {
                if l.is_empty() || l.starts_with("---") || l.starts_with('#') {
                    format!("{l}\n")
                } else {
                    format!("  {l}\n")
                }
            })
            .collect(),
    }
}

proptest! {
    #![proptest_config(config(32))]

    /// Any single-value mutation of a written Alexandros log — one scalar, in the header or in
    /// any entry, changed to another value of its type — makes `verify` fail with exit 3, naming
    /// that entry (or the header); the same values laid out another way still verify.
    #[test]
    fn alexandros_single_value_mutation_is_rejected(
        doc in any::<Index>(),
        leaf in any::<Index>(),
        how in 0usize..4,
        word in any::<u64>(),
    ) {
        let text = written_log();
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("log.yaml");
        let fs = f.display().to_string();
        std::fs::write(&f, reformat(text, how)).unwrap();
        let r = cli(&["verify", &fs]);
        prop_assert_eq!(r.code, 0, "reformatted ({}) must verify:\n{}{}", how, r.out, r.err);

        let mut all = docs(text);
        let i = doc.index(all.len());
        let mut paths = Vec::new();
        paths.extend(scalar_paths(&all[i], false));
        let mut pick = Pick(word);
        // The header is mostly scenario data: its other fields get half the draws.
        if i == 0 && pick.coin() {
            paths.retain(|p| p[0] != "data");
        }
        let path = &paths[leaf.index(paths.len())];
        let old = at(&mut all[i], path).clone();
        let new = mutate(&old, field(path), &strings_by_field(&all), &mut pick);
        prop_assert_ne!(&old, &new);
        *at(&mut all[i], path) = new.clone();
        std::fs::write(&f, write(&all)).unwrap();
        let r = cli(&["verify", &fs]);
        let out = format!("{}{}", r.out, r.err);
        let what = format!("document {} field {}: {} -> {}", i, path.join("."), old, new);
        prop_assert_eq!(r.code, 3, "{} must fail verification:\n{}", what, out);
        let named = if i == 0 {
            out.contains("header") || out.contains("entry 1:")
        } else {
            out.contains(&format!("entry {i}:"))
        };
        prop_assert!(named, "{} must be named in the verdict:\n{}", what, out);
    }
}
