//! Tamper corpus (core issue acceptance): every way of altering a log is
//! caught by `verify` (exit 3, naming the entry); harmless reformatting is not.

mod support;

use serde_json::Value;
use support::values::{at, scalar_paths};
use support::{cli, ok, Table};

/// A finished mutual-dice game of at least 20 entries, and its log's documents.
fn game() -> (Table, Vec<Value>) {
    let t = Table::new();
    std::fs::write(t.p("long.yaml"), "turns: 5\n").unwrap();
    let data = t.s("long.yaml");
    t.create_in(&t.game(), "mutual", &["--data", &data]);
    ok(&["accept", &t.game(), "--key", &t.key_of("red")]);
    ok(&["accept", &t.game(), "--key", &t.key_of("blue")]);
    t.play_out();
    let docs = docs(&std::fs::read_to_string(t.p("game/log.yaml")).unwrap());
    assert!(
        docs.len() > 20,
        "tamper corpus needs at least 20 entries, got {}",
        docs.len() - 1
    );
    (t, docs)
}

fn docs(text: &str) -> Vec<Value> {
    text.split("\n---\n")
        .map(|d| {
            serde_saphyr::from_str_with_options::<Value>(d, legatus::protocol::log::yaml_options())
                .unwrap()
        })
        .collect()
}

fn write(docs: &[Value]) -> String {
    docs.iter()
        .map(|d| serde_saphyr::to_string(d).unwrap())
        .collect::<Vec<_>>()
        .join("---\n")
}

/// Runs verify on `text`; returns (exit code, stdout+stderr).
fn verify_text(t: &Table, text: &str) -> (i32, String) {
    let p = t.p("tampered.yaml");
    std::fs::write(&p, text).unwrap();
    let r = cli(&["verify", &p.display().to_string()]);
    (r.code, format!("{}{}", r.out, r.err))
}

#[track_caller]
fn assert_caught(t: &Table, text: &str, entry: usize, what: &str) {
    let (code, out) = verify_text(t, text);
    assert_eq!(
        code, 3,
        "{what}: verify must fail with exit 3, got {code}:\n{out}"
    );
    let named = if entry == 0 {
        "header".to_string()
    } else {
        format!("entry {entry}:")
    };
    assert!(
        out.contains(&named),
        "{what}: the verdict must name {named}:\n{out}"
    );
}

fn mutate(v: &mut Value) {
    *v = match v.take() {
        Value::Number(n) => Value::from(n.as_u64().map(|x| x + 1).unwrap_or(1)),
        Value::String(s) if s.chars().all(|c| c.is_ascii_hexdigit()) && !s.is_empty() => {
            let mut b = s.into_bytes();
            b[0] = if b[0] == b'0' { b'1' } else { b'0' };
            Value::String(String::from_utf8(b).unwrap())
        }
        Value::String(s) => Value::String(format!("{s}x")),
        Value::Bool(b) => Value::Bool(!b),
        Value::Null => Value::from(0),
        other => other,
    };
}

#[test]
fn protocol_tamper_any_single_value_in_any_entry() {
    let (t, docs) = game();
    let (code, out) = verify_text(&t, &write(&docs));
    assert_eq!(
        code, 0,
        "the untouched log re-serialised must verify:\n{out}"
    );
    for (i, doc) in docs.iter().enumerate().skip(1) {
        let mut paths = Vec::new();
        paths.extend(scalar_paths(doc, true));
        for path in paths {
            let mut copy = docs.clone();
            mutate(at(&mut copy[i], &path));
            assert_caught(
                &t,
                &write(&copy),
                i,
                &format!("entry {i} field {}", path.join(".")),
            );
        }
    }
}

#[test]
fn protocol_tamper_header_values() {
    let (t, docs) = game();
    let mut paths = Vec::new();
    paths.extend(scalar_paths(&docs[0], true));
    assert!(paths.len() > 15);
    for path in paths {
        let mut copy = docs.clone();
        mutate(at(&mut copy[0], &path));
        let (code, out) = verify_text(&t, &write(&copy));
        let what = format!("header field {}", path.join("."));
        assert_eq!(code, 3, "{what}: {out}");
        assert!(
            out.contains("header") || out.contains("entry 1:"),
            "{what} must be named: {out}"
        );
    }
    let mut copy = docs.clone();
    copy[0]["options"] = serde_json::json!(["extra"]);
    assert_eq!(
        verify_text(&t, &write(&copy)).0,
        3,
        "an option added to the header"
    );
}

#[test]
fn protocol_tamper_drop_swap_duplicate_truncate() {
    let (t, docs) = game();
    let n = docs.len();
    for i in 1..n {
        let mut copy = docs.clone();
        copy.remove(i);
        if i + 1 < n {
            assert_caught(&t, &write(&copy), i, &format!("drop entry {i}"));
        }
    }
    for i in 1..n - 1 {
        let mut copy = docs.clone();
        copy.swap(i, i + 1);
        assert_caught(
            &t,
            &write(&copy),
            i,
            &format!("swap entries {i} and {}", i + 1),
        );
    }
    for i in 1..n {
        let mut copy = docs.clone();
        copy.insert(i, docs[i].clone());
        assert_caught(&t, &write(&copy), i + 1, &format!("duplicate entry {i}"));
    }
    let text = write(&docs);
    let last_doc = text.rfind("---\n").unwrap();
    let cut = &text[..last_doc + (text.len() - last_doc) / 2];
    assert_caught(&t, cut, n - 1, "truncated in the middle of the last entry");
    // The verdict says the file may have been cut off in transit.
    let (_, out) = verify_text(&t, cut);
    assert!(out.contains("cut off in transit"), "{out}");
    // A bad entry in the middle of the log gets no such hint.
    let mut copy = docs.clone();
    copy.swap(2, 3);
    let (_, out) = verify_text(&t, &write(&copy));
    assert!(!out.contains("cut off"), "{out}");
}

#[test]
fn protocol_tamper_splice_from_another_game() {
    let (t, docs) = game();
    let (_, other) = game();
    for i in [1, 5, 12] {
        let mut copy = docs.clone();
        copy[i] = other[i].clone();
        assert_caught(
            &t,
            &write(&copy),
            i,
            &format!("entry {i} spliced from another game"),
        );
    }
}

fn resign(entry: &mut Value, key: &legatus::protocol::keys::SigningKey) {
    let mut e: legatus::protocol::log::Entry = serde_json::from_value(entry.clone()).unwrap();
    e.sig = key.sign(&e.signed_bytes().unwrap());
    *entry = serde_json::to_value(&e).unwrap();
}

fn load_key(t: &Table, side: &str) -> legatus::protocol::keys::SigningKey {
    legatus::protocol::keys::SigningKey::load(std::path::Path::new(&t.key_of(side)), None).unwrap()
}

#[test]
fn protocol_tamper_resigned_with_the_other_players_key() {
    let (t, docs) = game();
    for i in 3..docs.len() {
        let author = docs[i]["author"].as_str().unwrap().to_string();
        let other = if author == "red" { "blue" } else { "red" };
        let mut copy = docs.clone();
        resign(&mut copy[i], &load_key(&t, other));
        assert_caught(
            &t,
            &write(&copy),
            i,
            &format!("entry {i} signed by {other} instead of {author}"),
        );
        // Claiming the other author too does not help: the reveal, the step or the chain gives it away.
        let mut copy = docs.clone();
        copy[i]["author"] = Value::from(other);
        resign(&mut copy[i], &load_key(&t, other));
        assert_caught(
            &t,
            &write(&copy),
            i,
            &format!("entry {i} re-authored as {other}"),
        );
    }
}

#[test]
fn protocol_tamper_reveal_not_matching_commitment() {
    let (t, docs) = game();
    for i in 3..docs.len() {
        let author = docs[i]["author"].as_str().unwrap().to_string();
        let mut copy = docs.clone();
        copy[i]["reveal"] = Value::from("ab".repeat(32));
        resign(&mut copy[i], &load_key(&t, &author));
        assert_caught(
            &t,
            &write(&copy),
            i,
            &format!("entry {i} with a forged reveal, properly signed"),
        );
    }
}

#[test]
fn protocol_reformatting_does_not_break_verification() {
    let (t, _) = game();
    let text = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    let crlf = text.replace('\n', "\r\n");
    assert_eq!(verify_text(&t, &crlf).0, 0, "CRLF line ends");
    assert_eq!(
        verify_text(&t, &format!("{text}\n\n")).0,
        0,
        "trailing blank lines"
    );
    let reindented: String = text
        .lines()
        .map(|l| {
            if l.is_empty() || l.starts_with("---") || l.starts_with('#') {
                format!("{l}\n")
            } else {
                format!("    {l}\n")
            }
        })
        .collect();
    let (code, out) = verify_text(&t, &reindented);
    assert_eq!(code, 0, "re-indented YAML:\n{out}");
    let flow: String = docs(&text)
        .iter()
        .map(|d| format!("{}\n", serde_json::to_string(d).unwrap()))
        .collect::<Vec<_>>()
        .join("---\n");
    assert_eq!(
        verify_text(&t, &flow).0,
        0,
        "rewritten as JSON-style flow YAML"
    );
}

/// `GameDir::load` keeps what it replayed and, when the log has only grown, replays the new
/// entries from there: the game is the one a whole replay gives, and an altered log — an
/// earlier entry changed, or lines glued onto the last entry — is refused as by a whole replay.
#[test]
fn protocol_load_goes_on_from_a_kept_replay_only_when_the_log_only_grew() {
    use legatus::engine::folder::GameDir;
    let t = Table::new();
    t.start("mutual");
    let reg = support::registry();
    let dir = GameDir::new(t.p("game"));
    let mut n = 0;
    for _ in 0..6 {
        let (kept, _) = dir.load(&reg).unwrap();
        assert!(t.step(&mut n));
        let (grown, v) = dir.load(&reg).unwrap();
        let (whole, w) = GameDir::new(t.p("game"))
            .load(&support::registry())
            .unwrap();
        assert_eq!(grown.last_seq(), kept.last_seq() + 1);
        assert_eq!(grown.state_hash(), whole.state_hash());
        assert_eq!(
            (v.entries, v.rolls, v.reveals),
            (w.entries, w.rolls, w.reveals)
        );
    }
    let log = t.p("game/log.yaml");
    let text = std::fs::read_to_string(&log).unwrap();
    dir.load(&reg).unwrap();
    // An earlier entry altered: the kept replay does not serve, the whole replay refuses it.
    let mut d = docs(&text);
    d[2]["state"] = Value::from("00".repeat(32));
    std::fs::write(&log, write(&d)).unwrap();
    let err = dir.load(&reg).err().expect("altered entry refused");
    assert!(err.to_string().contains("entry 2"), "{err}");
    // Lines glued onto the last entry (no `---`): refused, not read as a new entry.
    std::fs::write(&log, format!("{text}extra: 1\n")).unwrap();
    assert!(dir.load(&reg).is_err());
    std::fs::write(&log, &text).unwrap();
    dir.load(&reg).unwrap();
    std::fs::write(&log, format!("{text}extra: 1\n")).unwrap();
    let glued = dir.load(&reg).err().expect("glued lines refused");
    let whole = GameDir::new(t.p("game"))
        .load(&support::registry())
        .err()
        .unwrap();
    assert_eq!(glued.to_string(), whole.to_string());
}
