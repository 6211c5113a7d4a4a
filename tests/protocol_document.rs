//! `docs/protocol.md` is the specification a second verifier is written from: every test
//! vector in it (a ```` ```yaml vector=NAME ```` block) is read out of the document here and
//! checked against the code, so the document and the code cannot drift apart (issue 16).

mod support;

use std::collections::BTreeMap;

use legatus::engine::game::sealed_body;
use legatus::engine::verify::replay;
use legatus::protocol::canonical;
use legatus::protocol::chain;
use legatus::protocol::dice::{seed, Dice, D10_ZERO};
use legatus::protocol::keys::SigningKey;
use legatus::protocol::log::{yaml_options, Entry, Header, LogReader};
use legatus::protocol::sealed;
use serde::Deserialize;
use serde_json::Value;

const DOC: &str = include_str!("../docs/protocol.md");

/// Every vector block of the document, by name.
fn vectors() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let mut lines = DOC.lines();
    while let Some(l) = lines.next() {
        if let Some(name) = l.strip_prefix("```yaml vector=") {
            let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
            let prev = out.insert(name.trim().to_string(), body.join("\n") + "\n");
            assert!(prev.is_none(), "vector {name} appears twice");
        }
    }
    out
}

fn vector<T: for<'de> Deserialize<'de>>(name: &str) -> T {
    let text = vectors()
        .remove(name)
        .unwrap_or_else(|| panic!("docs/protocol.md has no vector {name}"));
    serde_saphyr::from_str(&text).unwrap_or_else(|e| panic!("vector {name}: {e}"))
}

fn h32(s: &str) -> [u8; 32] {
    hex::decode(s).unwrap().try_into().unwrap()
}

fn h16(s: &str) -> [u8; 16] {
    hex::decode(s).unwrap().try_into().unwrap()
}

fn entry(yaml: &str) -> Entry {
    serde_saphyr::from_str_with_options(yaml, yaml_options())
        .unwrap_or_else(|e| panic!("{yaml}: {e}"))
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

#[derive(Deserialize)]
struct Case {
    yaml: String,
    bytes: String,
    #[serde(default)]
    hash: Option<String>,
}

#[derive(Deserialize)]
struct Cases {
    cases: Vec<Case>,
    #[serde(default)]
    refused: Vec<String>,
}

#[derive(Deserialize, Debug, PartialEq)]
struct RollRec {
    die: String,
    value: u32,
}

/// Replays a stream with the die names of `rolls` (what a verifier without the rules does).
fn replay_rolls(s: [u8; 32], rolls: &[RollRec]) -> Vec<u32> {
    let mut d = Dice::from_seed(s);
    rolls
        .iter()
        .map(|r| {
            if r.die == D10_ZERO {
                d.d10("doc", "doc").unwrap()
            } else {
                let n: u32 = r.die.strip_prefix('d').unwrap().parse().unwrap();
                d.die(n, "doc", "doc").unwrap()
            }
        })
        .collect()
}

#[test]
fn protocol_document_every_vector_is_checked() {
    let names: Vec<String> = vectors().into_keys().collect();
    assert_eq!(
        names,
        [
            "canonical-example",
            "chain",
            "draws",
            "entry-omissions",
            "header-omissions",
            "sealed",
            "shuffle",
            "signed-entry",
            "state-snapshot",
            "stream",
            "two-d6",
            "typing",
            "worked-example",
        ]
    );
}

#[test]
fn protocol_document_scalar_typing() {
    let v: Cases = vector("typing");
    assert!(!v.cases.is_empty() && !v.refused.is_empty());
    for c in &v.cases {
        assert_eq!(
            text(canonical::bytes(&entry(&c.yaml)).unwrap()),
            c.bytes,
            "{}",
            c.yaml
        );
    }
    for y in &v.refused {
        let read = serde_saphyr::from_str_with_options::<Entry>(y, yaml_options());
        assert!(
            read.map(|e| canonical::bytes(&e))
                .map_or(true, |b| b.is_err()),
            "refused in the document, accepted by the code: {y}"
        );
    }
}

#[test]
fn protocol_document_canonical_example() {
    #[derive(Deserialize)]
    struct V {
        value: String,
        bytes: String,
    }
    let v: V = vector("canonical-example");
    let value: Value = serde_json::from_str(&v.value).unwrap();
    assert_eq!(text(canonical::bytes(&value).unwrap()), v.bytes);
}

#[test]
fn protocol_document_entry_omissions() {
    let v: Cases = vector("entry-omissions");
    assert!(v.cases.len() >= 4);
    for c in &v.cases {
        let e = entry(&c.yaml);
        assert_eq!(text(canonical::bytes(&e).unwrap()), c.bytes, "{}", c.yaml);
        if let Some(h) = &c.hash {
            assert_eq!(&hex::encode(e.hash().unwrap()), h);
        }
    }
}

#[test]
fn protocol_document_header_omissions() {
    let v: Cases = vector("header-omissions");
    for c in &v.cases {
        let h: Header = serde_saphyr::from_str_with_options(&c.yaml, yaml_options()).unwrap();
        assert_eq!(text(canonical::bytes(&h).unwrap()), c.bytes, "{}", c.yaml);
        assert_eq!(
            Some(hex::encode(h.hash().unwrap())),
            c.hash,
            "header hash of {}",
            c.yaml
        );
    }
    for y in &v.refused {
        assert!(
            serde_saphyr::from_str_with_options::<Header>(y, yaml_options()).is_err(),
            "refused in the document, accepted by the code: {y}"
        );
    }
}

#[test]
fn protocol_document_signed_entry() {
    #[derive(Deserialize)]
    struct V {
        key_seed: String,
        yaml: String,
        signed_bytes: String,
        core_hash: String,
        sig: String,
        entry_hash: String,
    }
    let v: V = vector("signed-entry");
    let key = SigningKey::from_seed(&h32(&v.key_seed), "vector");
    let mut e = entry(&v.yaml);
    assert_eq!(text(e.signed_bytes().unwrap()), v.signed_bytes);
    assert_eq!(hex::encode(e.core_hash().unwrap()), v.core_hash);
    e.sig = key.sign(&e.signed_bytes().unwrap());
    assert_eq!(e.sig, v.sig, "ed25519 is deterministic");
    assert_eq!(hex::encode(e.hash().unwrap()), v.entry_hash);
}

#[test]
fn protocol_document_chain() {
    #[derive(Deserialize)]
    struct V {
        key_seed: String,
        game: String,
        end: String,
        commitment: String,
        reveals: Vec<String>,
    }
    let v: V = vector("chain");
    let end = chain::chain_end(&h32(&v.key_seed), &h16(&v.game));
    assert_eq!(hex::encode(end), v.end);
    assert_eq!(hex::encode(chain::reveal(&end, 0)), v.commitment);
    let mut last = h32(&v.commitment);
    for (i, r) in v.reveals.iter().enumerate() {
        assert_eq!(&hex::encode(chain::reveal(&end, i as u32 + 1)), r);
        assert!(chain::follows(&h32(r), &last), "step(r_i) = r_(i-1)");
        last = h32(r);
    }
}

#[test]
fn protocol_document_stream_d6_d10z() {
    #[derive(Deserialize)]
    struct V {
        chacha20_zero_seed_first_u32: String,
        game: String,
        core_hash: String,
        reveal: String,
        seed: String,
        d6: Vec<u32>,
        d10z: Vec<u32>,
    }
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    let v: V = vector("stream");
    assert_eq!(
        format!(
            "{:08x}",
            rand_chacha::ChaCha20Rng::from_seed([0u8; 32]).next_u32()
        ),
        v.chacha20_zero_seed_first_u32
    );
    let s = seed(&h16(&v.game), &h32(&v.core_hash), &h32(&v.reveal));
    assert_eq!(hex::encode(s), v.seed);
    let mut d = Dice::from_seed(s);
    let d6: Vec<u32> = (0..v.d6.len()).map(|_| d.d6("v", "v").unwrap()).collect();
    assert_eq!(d6, v.d6);
    let mut d = Dice::from_seed(s);
    let d10: Vec<u32> = (0..v.d10z.len())
        .map(|_| d.d10("v", "v").unwrap())
        .collect();
    assert_eq!(d10, v.d10z);
    assert!(d.rolls().iter().all(|r| r.die == D10_ZERO));
}

#[test]
fn protocol_document_draws_leave_the_cup() {
    #[derive(Deserialize)]
    struct V {
        seed: String,
        cup: Vec<u32>,
        drawn: Vec<u32>,
        rolls: Vec<RollRec>,
        cup_after: Vec<u32>,
    }
    let v: V = vector("draws");
    let mut d = Dice::from_seed(h32(&v.seed));
    let mut cup = v.cup.clone();
    let drawn: Vec<u32> = (0..v.drawn.len())
        .map(|_| d.draw(&mut cup, "v", "v").unwrap().unwrap())
        .collect();
    assert_eq!(drawn, v.drawn);
    assert_eq!(cup, v.cup_after);
    let rolls: Vec<RollRec> = d
        .rolls()
        .iter()
        .map(|r| RollRec {
            die: r.die.clone(),
            value: r.value,
        })
        .collect();
    assert_eq!(rolls, v.rolls);
    assert_eq!(
        replay_rolls(h32(&v.seed), &v.rolls),
        v.rolls.iter().map(|r| r.value).collect::<Vec<_>>()
    );
}

#[test]
fn protocol_document_shuffle_has_no_i_zero_step() {
    #[derive(Deserialize)]
    struct V {
        seed: String,
        items: Vec<u32>,
        rolls: Vec<RollRec>,
        shuffled: Vec<u32>,
    }
    let v: V = vector("shuffle");
    let mut d = Dice::from_seed(h32(&v.seed));
    let mut items = v.items.clone();
    d.shuffle(&mut items, "v", "v").unwrap();
    assert_eq!(items, v.shuffled);
    assert_eq!(v.rolls.len(), v.items.len() - 1);
    let got: Vec<(String, u32)> = d.rolls().iter().map(|r| (r.die.clone(), r.value)).collect();
    let want: Vec<(String, u32)> = v.rolls.iter().map(|r| (r.die.clone(), r.value)).collect();
    assert_eq!(got, want);
}

#[test]
fn protocol_document_two_d6_is_two_records() {
    #[derive(Deserialize)]
    struct V {
        seed: String,
        rolls: Vec<RollRec>,
        total: u32,
    }
    let v: V = vector("two-d6");
    let mut d = Dice::from_seed(h32(&v.seed));
    assert_eq!(d.two_d6("v", "v").unwrap(), v.total);
    let got: Vec<(String, u32)> = d.rolls().iter().map(|r| (r.die.clone(), r.value)).collect();
    let want: Vec<(String, u32)> = v.rolls.iter().map(|r| (r.die.clone(), r.value)).collect();
    assert_eq!(got, want);
}

#[test]
fn protocol_document_sealed_commitment() {
    #[derive(Deserialize)]
    struct WithStanding {
        standing: Value,
        body: String,
    }
    #[derive(Deserialize)]
    struct Derived {
        key_seed: String,
        game: String,
        commit_seq: u64,
        salt: String,
    }
    #[derive(Deserialize)]
    struct V {
        payload: Value,
        body: String,
        salt: String,
        commitment: String,
        with_standing: WithStanding,
        derived_salt: Derived,
    }
    let v: V = vector("sealed");
    let body = canonical::bytes(&sealed_body(&v.payload, None)).unwrap();
    assert_eq!(text(body.clone()), v.body);
    assert_eq!(
        hex::encode(sealed::commitment(&h32(&v.salt), &body)),
        v.commitment
    );
    let b2 = canonical::bytes(&sealed_body(&v.payload, Some(&v.with_standing.standing))).unwrap();
    assert_eq!(text(b2), v.with_standing.body);
    let d = &v.derived_salt;
    assert_eq!(
        hex::encode(sealed::salt(&h32(&d.key_seed), &h16(&d.game), d.commit_seq)),
        d.salt
    );
    // The vector is the fixture's: red's commit is entry 3 and his reveal entry 5.
    let log = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/tally/mutual-game.yaml"
    ))
    .unwrap();
    assert!(log.contains(&format!("commitment: {}", v.commitment)));
    assert!(log.contains(&format!("salt: {}", v.salt)));
}

fn fixture_log() -> LogReader<std::io::BufReader<std::fs::File>> {
    LogReader::open(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/tally/mutual-game.yaml"
    )))
    .unwrap()
}

#[test]
fn protocol_document_state_snapshot() {
    #[derive(Deserialize)]
    struct After {
        entry: u64,
        snapshot: String,
        state: String,
    }
    #[derive(Deserialize)]
    struct V {
        after: Vec<After>,
    }
    let v: V = vector("state-snapshot");
    let mut seen = 0;
    replay(fixture_log(), &support::registry(), |e, g| {
        if let Some(a) = v.after.iter().find(|a| a.entry == e.seq) {
            assert_eq!(text(canonical::bytes(&g.snapshot()).unwrap()), a.snapshot);
            assert_eq!(e.state, a.state);
            assert_eq!(
                hex::encode(canonical::sha256(a.snapshot.as_bytes())),
                a.state
            );
            seen += 1;
        }
        Ok(())
    })
    .unwrap();
    assert_eq!(seen, v.after.len());
}

#[test]
fn protocol_document_worked_example_rolls_follow_from_the_stream() {
    #[derive(Deserialize)]
    struct V {
        log: String,
        header_hash: String,
        awaiting: u64,
        resolved_by: u64,
        core_hash: String,
        reveal: String,
        seed: String,
        rolls: Vec<RollRec>,
    }
    let v: V = vector("worked-example");
    assert_eq!(v.log, "fixtures/tally/mutual-game.yaml");
    let mut header = None;
    let mut entries = Vec::new();
    for d in fixture_log() {
        match d.unwrap() {
            legatus::protocol::log::Doc::Header(h) => header = Some(*h),
            legatus::protocol::log::Doc::Entry(e, _) => entries.push(*e),
        }
    }
    let header = header.unwrap();
    assert_eq!(hex::encode(header.hash().unwrap()), v.header_hash);
    let waiting = &entries[v.awaiting as usize - 1];
    let resolver = &entries[v.resolved_by as usize - 1];
    assert_eq!(
        v.resolved_by,
        v.awaiting + 1,
        "the entry right after resolves"
    );
    assert_eq!(hex::encode(waiting.core_hash().unwrap()), v.core_hash);
    assert_eq!(resolver.reveal.as_deref(), Some(v.reveal.as_str()));
    let s = seed(
        &header.game_id_bytes().unwrap(),
        &h32(&v.core_hash),
        &h32(&v.reveal),
    );
    assert_eq!(hex::encode(s), v.seed);
    assert_eq!(resolver.resolves.len(), 1);
    let item = &resolver.resolves[0];
    assert_eq!(item.seq, v.awaiting);
    let recorded: Vec<RollRec> = item
        .rolls
        .iter()
        .map(|r| RollRec {
            die: r.die.clone(),
            value: r.value,
        })
        .collect();
    assert_eq!(recorded, v.rolls);
    assert_eq!(
        replay_rolls(s, &v.rolls),
        v.rolls.iter().map(|r| r.value).collect::<Vec<_>>()
    );
    // Every resolves item of the whole log follows from its stream by die names alone, and
    // (mutual dice) names the entry right before it.
    let gid = header.game_id_bytes().unwrap();
    for (i, e) in entries.iter().enumerate() {
        assert!(e.resolves.len() <= 1, "at most one item");
        for r in &e.resolves {
            assert_eq!(r.seq, e.seq - 1);
            let w = &entries[i - 1];
            let s = seed(
                &gid,
                &w.core_hash().unwrap(),
                &h32(e.reveal.as_ref().unwrap()),
            );
            let rolls: Vec<RollRec> = r
                .rolls
                .iter()
                .map(|x| RollRec {
                    die: x.die.clone(),
                    value: x.value,
                })
                .collect();
            assert!(!rolls.is_empty());
            assert_eq!(
                replay_rolls(s, &rolls),
                rolls.iter().map(|x| x.value).collect::<Vec<_>>(),
                "entry {}",
                e.seq
            );
        }
    }
}
