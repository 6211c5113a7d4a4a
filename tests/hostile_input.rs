//! Hostile input (hardening issue, first part): order files and logs a
//! stranger could send get a clear error within bounded time, never a panic,
//! and write nothing.

mod support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use support::{cli, ok, Table};

const BOUND: Duration = Duration::from_secs(10);

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/hostile")
            .join(name),
    )
    .unwrap()
}

fn snapshot(t: &Table) -> BTreeMap<String, Vec<u8>> {
    support::folder_snapshot(&t.p("game"))
}

/// Applies `bytes` as red's order file; checks exit code, message, time, and that nothing changed.
#[track_caller]
fn refused(t: &Table, what: &str, bytes: &[u8], codes: &[i32]) -> String {
    let before = snapshot(t);
    let f = t.p("hostile.yaml");
    std::fs::write(&f, bytes).unwrap();
    let start = Instant::now();
    let r = cli(&[
        "apply",
        &t.game(),
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.key_of("red"),
    ]);
    assert!(
        start.elapsed() < BOUND,
        "{what}: took {:?}",
        start.elapsed()
    );
    assert!(
        codes.contains(&r.code),
        "{what}: exit {} not in {codes:?}: {}{}",
        r.code,
        r.out,
        r.err
    );
    assert!(
        r.err.starts_with("error: ") && r.err.len() > 20,
        "{what}: a clear message: {}",
        r.err
    );
    assert_eq!(before, snapshot(t), "{what}: nothing written");
    r.err
}

fn game() -> (Table, String) {
    let t = Table::new();
    t.start("mutual");
    let tpl = ok(&["template", &t.game(), "--side", "red"]);
    (t, tpl)
}

#[test]
fn hostile_order_files_are_refused_cleanly() {
    let (t, tpl) = game();
    let envelope: String = tpl
        .lines()
        .filter(|l| !l.starts_with("orders:") && !l.starts_with("  "))
        .map(|l| format!("{l}\n"))
        .collect();
    refused(
        &t,
        "alias bomb",
        &[
            envelope.as_bytes(),
            b"orders:\n  bid: 2\n",
            &fixture("alias-bomb.yaml"),
        ]
        .concat(),
        &[2],
    );
    refused(
        &t,
        "alias bomb in orders",
        format!("{envelope}orders: {}\n", "*a").as_bytes(),
        &[2],
    );
    refused(
        &t,
        "deep nesting",
        &[envelope.as_bytes(), &fixture("deep-nesting.yaml")].concat(),
        &[2],
    );
    refused(&t, "invalid UTF-8", &fixture("invalid-utf8.yaml"), &[2]);
    refused(&t, "NUL byte", &fixture("nul-bytes.yaml"), &[2]);
    refused(&t, "not YAML", &fixture("not-yaml.yaml"), &[2]);
    refused(&t, "empty file", b"", &[2]);
    refused(
        &t,
        "duplicate keys",
        tpl.replace("  bid: 2", "  bid: 2\n  bid: 3").as_bytes(),
        &[2],
    );
    refused(
        &t,
        "duplicate envelope key",
        format!("side: \"red\"\n{tpl}").as_bytes(),
        &[2],
    );
    refused(
        &t,
        "unknown field",
        tpl.replace("  bid: 2", "  bid: 2\n  gold: 100").as_bytes(),
        &[2],
    );
    refused(
        &t,
        "unknown envelope field",
        format!("{tpl}extra: 1\n").as_bytes(),
        &[2],
    );
    refused(
        &t,
        "negative number",
        tpl.replace("  bid: 2", "  bid: -2").as_bytes(),
        &[2],
    );
    refused(
        &t,
        "2^64",
        tpl.replace("  bid: 2", "  bid: 18446744073709551616")
            .as_bytes(),
        &[2],
    );
    refused(
        &t,
        "after out of range",
        tpl.replace("after: 2", "after: 99999999999999999999999")
            .as_bytes(),
        &[2],
    );
    let msg = refused(
        &t,
        "look-alike side name",
        tpl.replace("side: \"red\"", "side: \"r\u{0435}d\"")
            .as_bytes(),
        &[2],
    );
    assert!(
        msg.contains("no side") && msg.contains("look-alike") && msg.contains("red, blue"),
        "{msg}"
    );
    refused(
        &t,
        "boolean-looking side",
        tpl.replace("side: \"red\"", "side: no").as_bytes(),
        &[2],
    );
}

#[test]
fn hostile_huge_order_file_is_refused_before_reading() {
    let (t, tpl) = game();
    let mut big = tpl.into_bytes();
    big.extend(std::iter::repeat_n(b'#', 100 * 1024 * 1024));
    let msg = refused(&t, "100 MB order file", &big, &[2]);
    assert!(msg.contains("larger than the limit"), "{msg}");
}

#[test]
fn hostile_logs_are_refused_cleanly() {
    let (t, _) = game();
    let log = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        (
            "alias bomb entry",
            format!(
                "{log}---\n{}",
                String::from_utf8(fixture("alias-bomb.yaml")).unwrap()
            )
            .into_bytes(),
        ),
        (
            "deep nesting entry",
            [log.as_bytes(), b"---\n", &fixture("deep-nesting.yaml")].concat(),
        ),
        (
            "invalid UTF-8",
            [log.as_bytes(), b"---\n", &fixture("invalid-utf8.yaml")].concat(),
        ),
        (
            "NUL byte",
            [log.as_bytes(), b"---\n", &fixture("nul-bytes.yaml")].concat(),
        ),
        (
            "huge document",
            format!(
                "{log}---\nseq: 3\nprev: \"{}\"\n",
                "a".repeat(20 * 1024 * 1024)
            )
            .into_bytes(),
        ),
        ("binary", (0..=255u8).cycle().take(100_000).collect()),
    ];
    for (what, bytes) in cases {
        let p = t.p("hostile-log.yaml");
        std::fs::write(&p, &bytes).unwrap();
        let start = Instant::now();
        let r = cli(&["verify", &p.display().to_string()]);
        assert!(
            start.elapsed() < BOUND,
            "{what}: took {:?}",
            start.elapsed()
        );
        assert!(
            r.code == 2 || r.code == 3,
            "{what}: exit {}: {}{}",
            r.code,
            r.out,
            r.err
        );
        assert!(r.err.starts_with("error: "), "{what}: {}", r.err);
        if what == "binary" {
            assert_eq!(r.code, 2, "binary garbage is not a log: {}", r.err);
            assert!(r.err.contains("not a legatus log"), "{}", r.err);
        }
    }
}

/// Runs `verify` on `bytes` written to a file; returns the run.
fn verify_bytes(t: &Table, bytes: &[u8]) -> support::Run {
    let p = t.p("input.yaml");
    std::fs::write(&p, bytes).unwrap();
    cli(&["verify", &p.display().to_string()])
}

#[test]
fn verify_of_a_file_that_is_not_a_log_is_an_input_error() {
    let (t, tpl) = game();
    let log = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    let post = ok(&["post", &t.game()]);
    let headless: String = {
        let docs: Vec<&str> = log.split("\n---\n").collect();
        format!("---\n{}", docs[1..].join("\n---\n"))
    };
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "an order file",
            tpl.clone().into_bytes(),
            "it is an order file",
        ),
        (
            "plain text",
            b"Dear Ben,\nyour move.\n".to_vec(),
            "not a legatus log",
        ),
        ("a YAML list", b"- a\n- b\n".to_vec(), "not a legatus log"),
        (
            "a mapping",
            b"name: Ana\nturn: 3\n".to_vec(),
            "no `legatus:` protocol version",
        ),
        ("a forum post", post.into_bytes(), "legatus import"),
        (
            "a log without its header",
            headless.into_bytes(),
            "starts with a log entry",
        ),
        (
            "binary",
            (0..=255u8).cycle().take(10_000).collect(),
            "not UTF-8",
        ),
        ("not YAML", fixture("not-yaml.yaml"), "not a legatus log"),
    ];
    for (what, bytes, says) in cases {
        let r = verify_bytes(&t, &bytes);
        assert_eq!(r.code, 2, "{what}: {}{}", r.out, r.err);
        assert!(
            r.err.contains("this is not a legatus log") && r.err.contains(says),
            "{what}: {}",
            r.err
        );
    }
    assert_eq!(verify_bytes(&t, b"").code, 2, "an empty file");
}

#[test]
fn verify_of_a_log_with_a_damaged_header_is_a_verification_failure() {
    let (t, _) = game();
    let log = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    let cases: Vec<(&str, String)> = vec![
        (
            "a header value the format refuses",
            log.replacen("mode: mutual", "mode: mutualx", 1),
        ),
        (
            "a YAML syntax error in the header",
            log.replacen("dice:", "dice: [", 1),
        ),
        (
            "an unknown header field",
            log.replacen("legatus: ", "extra: 1\nlegatus: ", 1),
        ),
        (
            "a header field removed",
            log.replacen("dice_algorithm:", "removed_algorithm:", 1),
        ),
        ("a header in flow style with a bad value", {
            let docs: Vec<&str> = log.split("\n---\n").collect();
            let mut h: serde_json::Value = serde_saphyr::from_str(docs[0]).unwrap();
            h["dice"]["mode"] = serde_json::json!("nobody");
            format!(
                "{}\n---\n{}",
                serde_json::to_string(&h).unwrap(),
                docs[1..].join("\n---\n")
            )
        }),
    ];
    for (what, text) in cases {
        assert_ne!(text, log, "{what}: the case changes the log");
        let r = verify_bytes(&t, text.as_bytes());
        assert_eq!(r.code, 3, "{what}: {}{}", r.out, r.err);
        assert!(r.err.contains("header"), "{what}: {}", r.err);
        assert!(!r.err.contains("not a legatus log"), "{what}: {}", r.err);
    }
}
