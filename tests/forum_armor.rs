//! Forum paste blocks: the committed corpus in `fixtures/forum/` (one block passed
//! through what forums do to text, plus corrupt ones), in-memory manglings of fresh
//! blocks, and property tests.
//!
//! The corpus was written once by the ignored test `generate_forum_fixtures`
//! (`cargo test --test forum_armor -- --ignored generate`); it is committed, and the
//! other tests only read it.

use std::path::PathBuf;

use legatus::transport::armor::{encode, find_blocks, ArmorErrorKind, ArmorHeader, Block};
use proptest::prelude::*;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/forum")
}

/// A realistic log excerpt: long enough for many base64 lines.
fn payload(n: u64) -> Vec<u8> {
    let mut s = String::from("# legatus log excerpt\n");
    for e in (n * 10)..(n * 10 + 12) {
        s.push_str(&format!(
            "- entry: {e}\n  side: {}\n  step: {}\n  orders:\n    - unit: leg-{}\n      from: hex-{:04}\n      to: hex-{:04}\n  dice: [{}, {}]\n  prev: {:064x}\n  sig: \"ssh-ed25519 {}\"\n",
            if e % 2 == 0 { "Rome" } else { "Carthage" },
            ["move", "combat", "retreat", "supply"][(e % 4) as usize],
            e % 7,
            e * 37 % 9973,
            e * 53 % 9973,
            e % 6 + 1,
            e * 5 % 6 + 1,
            (e as u128 + 1) * 0x9e37_79b9_7f4a_7c15_u128,
            "AAAAC3NzaC1lZDI1NTE5AAAAI".repeat(2 + (e % 3) as usize),
        ));
    }
    s.into_bytes()
}

fn header(n: u64) -> ArmorHeader {
    ArmorHeader {
        game: format!("3f9a1c{n}"),
        first: n * 10,
        last: n * 10 + 11,
    }
}

fn block_text(n: u64) -> String {
    encode(&header(n), &payload(n))
}

// ---------------------------------------------------------------------------
// What forums do to text.

fn map_lines(s: &str, f: impl Fn(&str) -> String) -> String {
    s.lines().map(f).collect::<Vec<_>>().join("\n") + "\n"
}

fn bbcode_quote(s: &str) -> String {
    format!("[quote=\"Scipio\"]{s}[/quote]\nYour move, Hannibal.\n")
}

fn nested_bbcode_quote(s: &str) -> String {
    format!(
        "[quote=\"Fabius\"][quote=\"Scipio\"]\nHere is my turn:\n{s}[/quote]\nConfirmed, it imports.[/quote]\nThanks both.\n"
    )
}

fn markdown_quote(s: &str) -> String {
    map_lines(s, |l| format!("> {l}"))
}

fn nested_markdown_quote(s: &str) -> String {
    map_lines(s, |l| format!(">> {l}"))
}

fn crlf(s: &str) -> String {
    s.replace('\n', "\r\n")
}

fn unicode_spaces(s: &str) -> String {
    map_lines(s, |l| {
        let l = l.replace(' ', "\u{00A0}");
        // Zero-width space in the middle of base64 lines, odd spaces around all lines.
        let l = if l.len() == 64 {
            format!("{}\u{200B}{}", &l[..32], &l[32..])
        } else {
            l
        };
        format!("\u{3000}{l}\u{00A0}\u{2009}")
    })
}

fn rewrap(s: &str, width: usize) -> String {
    let mut out = String::new();
    for line in s.lines() {
        let mut rest: Vec<char> = line.chars().collect();
        while rest.len() > width {
            let cut = rest[..=width]
                .iter()
                .rposition(|c| *c == ' ')
                .filter(|&p| p > 0)
                .unwrap_or(width);
            out.extend(&rest[..cut]);
            out.push('\n');
            let skip = if rest.get(cut) == Some(&' ') { 1 } else { 0 };
            rest = rest[cut + skip..].to_vec();
        }
        out.extend(&rest);
        out.push('\n');
    }
    out
}

fn html_escaped_quote(s: &str) -> String {
    map_lines(s, |l| format!("&gt; {}", l.replace('&', "&amp;")))
}

fn double_html_escaped_quote(s: &str) -> String {
    map_lines(s, |l| format!("&amp;gt; &amp;gt; {l}"))
}

fn extra_blank_lines(s: &str) -> String {
    format!("\n\n\n{}\n\n", s.replace('\n', "\n\n"))
}

fn trailing_spaces(s: &str) -> String {
    map_lines(s, |l| format!("{l}   \t "))
}

fn code_tags(s: &str) -> String {
    format!("Code: Select all\n[code]{s}[/code]\n")
}

fn joined_lines(s: &str) -> String {
    // The editor joins pairs of base64 lines with a space.
    let lines: Vec<&str> = s.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let is_b64 = |l: &str| l.len() == 64 && !l.contains(' ');
        if is_b64(lines[i]) && i + 1 < lines.len() && is_b64(lines[i + 1]) {
            out.push(format!("{} {}", lines[i], lines[i + 1]));
            i += 2;
        } else {
            out.push(lines[i].to_string());
            i += 1;
        }
    }
    out.join("\n") + "\n"
}

fn smart_dashes(s: &str) -> String {
    s.replace("-----", "\u{2014}\u{2014}-")
}

fn html_br(s: &str) -> String {
    format!("<p>{}</p>\n", s.trim_end().replace('\n', "<br />"))
}

fn thread_page(a: &str, b: &str) -> String {
    format!(
        "Turn 12 - Second Punic War (PBEM)\nPage 3 of 7\n\nScipio wrote:\n{a}\nSent from my phone\n\
         \nReply #41 on: Today at 10:12\n[quote=\"Hannibal\"]Got it.[/quote]\nNow my reply:\n\n{b}\
         \n--\nHannibal | Carthago delenda non est\n"
    )
}

/// The corpus: file name, text, expected outcome of each block in order
/// (`Ok(n)` = payload `n` exactly; `Err(kind)` = refused with a reason of that kind).
/// Expected outcome of one block: `Ok(n)` = payload `n`; `Err(kind)` = refused.
type Expected = Result<u64, &'static str>;

fn corpus() -> Vec<(&'static str, String, Vec<Expected>)> {
    let a = block_text(1);
    let b = block_text(2);
    let ok1 = || vec![Ok(1)];
    let mut changed = a.clone();
    {
        // Change one base64 character in the middle of the body.
        let pos = a.find("\n\n").unwrap() + 2 + 130;
        let old = changed.as_bytes()[pos];
        let new = if old == b'A' { "B" } else { "A" };
        changed.replace_range(pos..pos + 1, new);
    }
    let truncated: String = {
        let lines: Vec<&str> = a.lines().collect();
        lines[..lines.len() / 2].join("\n") + "\n"
    };
    let line_lost: String = {
        let mut lines: Vec<&str> = a.lines().collect();
        lines.remove(9);
        lines.join("\n") + "\n"
    };
    let length_edited = a.replacen(
        &format!("Length: {}", payload(1).len()),
        &format!("Length: {}", payload(1).len() + 1),
        1,
    );
    vec![
        ("ok-01-bbcode-quote.txt", bbcode_quote(&a), ok1()),
        (
            "ok-02-nested-bbcode-quote.txt",
            nested_bbcode_quote(&a),
            ok1(),
        ),
        ("ok-03-markdown-quote.txt", markdown_quote(&a), ok1()),
        (
            "ok-04-nested-markdown-quote.txt",
            nested_markdown_quote(&a),
            ok1(),
        ),
        ("ok-05-crlf.txt", crlf(&a), ok1()),
        ("ok-06-nbsp-unicode-spaces.txt", unicode_spaces(&a), ok1()),
        ("ok-07-rewrapped-60.txt", rewrap(&a, 60), ok1()),
        ("ok-08-html-escaped-gt.txt", html_escaped_quote(&a), ok1()),
        ("ok-09-extra-blank-lines.txt", extra_blank_lines(&a), ok1()),
        ("ok-10-trailing-spaces.txt", trailing_spaces(&a), ok1()),
        (
            "ok-11-two-blocks-on-a-page.txt",
            thread_page(&a, &b),
            vec![Ok(1), Ok(2)],
        ),
        ("ok-12-code-tags.txt", code_tags(&a), ok1()),
        ("ok-13-joined-lines.txt", joined_lines(&a), ok1()),
        ("ok-14-smart-dashes.txt", smart_dashes(&a), ok1()),
        ("ok-15-html-br.txt", html_br(&a), ok1()),
        (
            "ok-16-double-escaped-crlf-rewrapped.txt",
            crlf(&rewrap(&double_html_escaped_quote(&a), 60)),
            ok1(),
        ),
        (
            "ok-17-quoted-twice-on-a-page.txt",
            thread_page(
                &nested_bbcode_quote(&markdown_quote(&b)),
                &unicode_spaces(&a),
            ),
            vec![Ok(2), Ok(1)],
        ),
        (
            "bad-01-changed-base64-char.txt",
            bbcode_quote(&changed),
            vec![Err("LengthMismatch")],
        ),
        ("bad-02-truncated.txt", truncated, vec![Err("Truncated")]),
        (
            "bad-03-lost-line.txt",
            line_lost,
            vec![Err("LengthMismatch")],
        ),
        (
            "bad-04-length-edited.txt",
            length_edited,
            vec![Err("LengthMismatch")],
        ),
        (
            "bad-05-good-then-truncated.txt",
            thread_page(&b, &a[..a.len() - 200]),
            vec![Ok(2), Err("Truncated")],
        ),
    ]
}

#[test]
#[ignore = "writes fixtures/forum/; run once by hand to regenerate the committed corpus"]
fn generate_forum_fixtures() {
    let dir = fixtures();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("payload-1.yaml"), payload(1)).unwrap();
    std::fs::write(dir.join("payload-2.yaml"), payload(2)).unwrap();
    for (name, text, _) in corpus() {
        std::fs::write(dir.join(name), text).unwrap();
    }
}

fn kind_name(k: &ArmorErrorKind) -> String {
    format!("{k:?}")
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn forum_fixtures_import_exactly_or_are_refused_with_a_reason() {
    let dir = fixtures();
    let payloads = [
        std::fs::read(dir.join("payload-1.yaml")).unwrap(),
        std::fs::read(dir.join("payload-2.yaml")).unwrap(),
    ];
    let mut ok_files = 0;
    for (name, _, expected) in corpus() {
        let text = std::fs::read_to_string(dir.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e} (regenerate with the ignored generator)"));
        let found = find_blocks(&text);
        assert_eq!(found.len(), expected.len(), "{name}: {found:?}");
        for (i, (got, want)) in found.iter().zip(&expected).enumerate() {
            match (got, want) {
                (
                    Ok(Block {
                        header: h, payload, ..
                    }),
                    Ok(n),
                ) => {
                    assert_eq!(payload, &payloads[*n as usize - 1], "{name} block {i}");
                    assert_eq!(h, &header(*n), "{name} block {i}");
                }
                (Err(e), Err(kind)) => {
                    assert_eq!(e.block, i + 1, "{name}");
                    let msg = e.to_string();
                    assert!(
                        msg.starts_with(&format!("paste block {} (starting at line ", i + 1)),
                        "{msg}"
                    );
                    if *kind != "any" {
                        assert_eq!(kind_name(&e.kind), *kind, "{name}: {msg}");
                    }
                }
                (got, want) => panic!("{name} block {}: expected {want:?}, got {got:?}", i + 1),
            }
        }
        if name.starts_with("ok-") {
            ok_files += 1;
        }
    }
    assert!(ok_files >= 10);
}

#[test]
fn refusal_reasons_are_plain_words() {
    let a = block_text(1);
    let bad = a.replacen("Checksum: sha256:", "Checksum: sha256:0", 1);
    let r = find_blocks(&format!("hello\n\n{bad}"));
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.to_string().contains("Checksum"), "{e}");

    let wrong_sum = {
        let pos = a.find("sha256:").unwrap() + 7;
        let mut s = a.clone();
        let c = if &s[pos..pos + 1] == "0" { "1" } else { "0" };
        s.replace_range(pos..pos + 1, c);
        s
    };
    let e = find_blocks(&wrong_sum).remove(0).unwrap_err();
    assert!(
        matches!(e.kind, ArmorErrorKind::ChecksumMismatch { .. }),
        "{e}"
    );
    assert!(e.to_string().contains("altered in transit"), "{e}");

    let smiley = a.replacen("\n\n", "\n\nxx:)\n", 1);
    let e = find_blocks(&smiley).remove(0).unwrap_err();
    assert!(
        matches!(e.kind, ArmorErrorKind::BadCharacter { ch: ':', .. }),
        "{e}"
    );
}

#[test]
fn no_blocks_in_plain_text() {
    assert!(find_blocks("just chatter\n[quote]hi[/quote]\n").is_empty());
}

// ---------------------------------------------------------------------------
// Properties.

fn body_positions(text: &str) -> Vec<usize> {
    let start = text.find("\n\n").unwrap() + 2;
    let end = text.find("-----END").unwrap();
    text[start..end]
        .char_indices()
        .filter(|(_, c)| *c != '\n')
        .map(|(i, _)| start + i)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn arbitrary_text_never_panics(
        pieces in proptest::collection::vec(
            prop_oneof![
                any::<String>(),
                Just("-----BEGIN LEGATUS ENTRIES-----\n".to_string()),
                Just("-----END LEGATUS ENTRIES-----\n".to_string()),
                Just("Game: x\nEntries: 1-2\nLength: 3\n".to_string()),
                Just("Checksum: sha256:".to_string()),
                Just("[quote=\"a\"]&gt; &amp;#43;<br />\r".to_string()),
                "[A-Za-z0-9+/=\n]{0,80}",
            ],
            0..12,
        )
    ) {
        let text: String = pieces.concat();
        for r in find_blocks(&text) {
            if let Err(e) = r {
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }

    #[test]
    fn encode_then_find_round_trips(
        payload in proptest::collection::vec(any::<u8>(), 0..4096),
        game in "[a-z0-9]{1,12}",
        first in 0u64..1_000_000,
        span in 0u64..1000,
        mangle in 0usize..6,
    ) {
        let h = ArmorHeader { game, first, last: first + span };
        let text = encode(&h, &payload);
        let text = match mangle {
            0 => text,
            1 => bbcode_quote(&markdown_quote(&text)),
            2 => crlf(&rewrap(&text, 60)),
            3 => unicode_spaces(&trailing_spaces(&text)),
            4 => html_escaped_quote(&joined_lines(&text)),
            _ => thread_page(&text, &code_tags(&text)),
        };
        let found = find_blocks(&text);
        prop_assert!(!found.is_empty());
        for b in found {
            let b = b.map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&b.header, &h);
            prop_assert_eq!(&b.payload, &payload);
        }
    }

    #[test]
    fn single_character_change_in_body_is_never_accepted_with_other_content(
        payload in proptest::collection::vec(any::<u8>(), 1..2048),
        pick in any::<proptest::sample::Index>(),
        replacement in any::<char>(),
    ) {
        let text = encode(&header(0), &payload);
        let positions = body_positions(&text);
        let pos = positions[pick.index(positions.len())];
        let old = text[pos..].chars().next().unwrap();
        prop_assume!(old != replacement);
        let mut changed = text.clone();
        changed.replace_range(pos..pos + old.len_utf8(), &replacement.to_string());
        for b in find_blocks(&changed).into_iter().flatten() {
            prop_assert_eq!(b.payload, payload.clone(), "accepted with altered content");
        }
    }
}
