//! What a log alone cannot prove (issue 16, points 11 and 12): `verify` says a log is valid
//! only up to its last entry; mail bodies and forum posts name the log head in their text,
//! and `inbox` / `import` warn when the log that came with the text ends elsewhere; a format
//! error in the middle of a log is not reported as the file's last entry.

mod support;

use legatus::engine::folder::GameDir;
use legatus::engine::merge::LogSummary;
use legatus::transport::mail::{parse_message, write_eml, Attachment, OutgoingMail};
use support::{cli, ok, registry, Table};

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/tally/mutual-game.yaml"
);

/// The log text cut after its first `n` entries.
fn first_entries(text: &str, n: usize) -> String {
    let docs: Vec<&str> = text.split("\n---\n").collect();
    docs[..=n].join("\n---\n") + "\n"
}

fn head_of(bytes: &[u8]) -> (u64, String) {
    let s = LogSummary::from_bytes("log", bytes).unwrap();
    let e = s.entries.last().unwrap();
    (e.seq, e.hash.clone())
}

#[test]
fn protocol_verify_verdict_is_valid_up_to_the_last_entry_only() {
    let t = Table::new();
    let full = std::fs::read_to_string(FIXTURE).unwrap();
    let (n, hash) = head_of(full.as_bytes());
    let out = ok(&["verify", FIXTURE]);
    assert!(
        out.contains(&format!(
            "Verdict: VALID up to entry {n}; a log cannot show whether later entries exist."
        )),
        "{out}"
    );
    assert!(
        out.contains(&format!("Its head: entry {n}, hash {hash}.")),
        "{out}"
    );
    // The same log with its last entries cut off verifies too — up to its own last entry.
    let cut = t.p("cut.yaml");
    std::fs::write(&cut, first_entries(&full, 9)).unwrap();
    let out = ok(&["verify", &cut.display().to_string()]);
    assert!(out.contains("Verdict: VALID up to entry 9;"), "{out}");
}

#[test]
fn protocol_format_error_in_a_middle_entry_is_not_called_the_last() {
    let t = Table::new();
    let full = std::fs::read_to_string(FIXTURE).unwrap();
    let docs: Vec<&str> = full.split("\n---\n").collect();
    let broken = |i: usize| -> String {
        let mut d: Vec<String> = docs.iter().map(|s| s.to_string()).collect();
        d[i] = d[i].replacen("kind: ", "kind: [", 1);
        d.join("\n---\n")
    };
    let last = docs.len() - 1;
    for (i, is_last) in [(5, false), (last, true)] {
        let f = t.p(&format!("broken-{i}.yaml"));
        std::fs::write(&f, broken(i)).unwrap();
        let r = cli(&["verify", &f.display().to_string()]);
        assert_ne!(r.code, 0);
        let all = format!("{}{}", r.out, r.err);
        assert!(all.contains(&format!("entry {i}")), "{all}");
        assert_eq!(
            all.contains("this is the file's last entry"),
            is_last,
            "entry {i} of {last}: {all}"
        );
    }
}

/// A game played a few entries, mailed to whoever acts next: the message, its body and log.
fn mailed(t: &Table) -> (String, Vec<u8>) {
    t.start("mutual");
    let mut n = 0;
    for _ in 0..5 {
        t.step(&mut n);
    }
    let (g, _) = GameDir::new(t.p("game")).load(&registry()).unwrap();
    let to = if g.pending().sides.contains(&"red".to_string()) {
        "red"
    } else {
        "blue"
    };
    let eml = t.s("turn.eml");
    ok(&["mail", &t.game(), "--to", to, "--eml", &eml]);
    (eml, std::fs::read(t.p("game/log.yaml")).unwrap())
}

#[test]
fn protocol_mail_names_the_head_and_inbox_warns_of_a_cut_off_attachment() {
    let t = Table::new();
    let (eml, log) = mailed(&t);
    let (n, hash) = head_of(&log);
    let m = parse_message(&std::fs::read(&eml).unwrap()).unwrap();
    assert!(
        m.body_text
            .contains(&format!("Log head: entry {n}, hash {hash}.")),
        "{}",
        m.body_text
    );
    // The message as sent: no warning.
    let out = ok(&["inbox", &eml, "--into", &t.s("whole")]);
    assert!(!out.contains("warning"), "{out}");
    // The same message with its attachment cut after entry n - 2: it still verifies, but
    // inbox warns that the text names a later head.
    let text = String::from_utf8(log.clone()).unwrap();
    let cut = first_entries(&text, n as usize - 2);
    let attachments = m
        .attachments
        .iter()
        .map(|a| Attachment {
            file_name: a.file_name.clone(),
            content_type: a.content_type.clone(),
            bytes: if a.file_name == "log.yaml" {
                cut.clone().into_bytes()
            } else {
                a.bytes.clone()
            },
        })
        .collect();
    let cut_eml = t.p("cut.eml");
    write_eml(
        &OutgoingMail {
            from: m.from.clone(),
            to: "someone@example.org".into(),
            subject: m.subject.clone(),
            body_text: m.body_text.clone(),
            attachments,
        },
        &cut_eml,
    )
    .unwrap();
    let out = ok(&[
        "inbox",
        &cut_eml.display().to_string(),
        "--into",
        &t.s("cut"),
    ]);
    assert!(
        out.contains("warning:")
            && out.contains(&format!("the text names entry {n} (hash {}…)", &hash[..16]))
            && out.contains(&format!("ends at entry {}", n - 2))
            && out.contains("cut off"),
        "{out}"
    );
}

/// The paste block of a post, its text only.
fn block_of(post: &str) -> String {
    let start = post.find("-----BEGIN LEGATUS ENTRIES-----").unwrap();
    let end = post.find("-----END LEGATUS ENTRIES-----").unwrap();
    format!("{}-----END LEGATUS ENTRIES-----", &post[start..end])
}

#[test]
fn protocol_post_names_the_head_and_import_warns_when_its_block_ends_earlier() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    for _ in 0..4 {
        t.step(&mut n);
    }
    let earlier = ok(&["post", &t.game(), "--format", "text", "--from", "1"]);
    t.step(&mut n);
    let post = ok(&["post", &t.game(), "--format", "text", "--from", "1"]);
    let (seq, hash) = head_of(&std::fs::read(t.p("game/log.yaml")).unwrap());
    assert!(
        post.contains(&format!("Log head: entry {seq}, hash {hash}.")),
        "{post}"
    );
    // The post as written imports without a warning.
    let page = t.p("page.txt");
    std::fs::write(&page, &post).unwrap();
    let out = ok(&[
        "import",
        &t.s("whole"),
        &page.display().to_string(),
        "--new",
    ]);
    assert!(!out.contains("warning"), "{out}");
    // Its text with an older block (one entry short): imported, with a warning.
    let mixed = post.replace(&block_of(&post), &block_of(&earlier));
    assert_ne!(mixed, post);
    std::fs::write(&page, &mixed).unwrap();
    let out = ok(&[
        "import",
        &t.s("short"),
        &page.display().to_string(),
        "--new",
    ]);
    assert!(
        out.contains("warning: paste block 1")
            && out.contains(&format!("the text names entry {seq}"))
            && out.contains(&format!("ends at entry {}", seq - 1)),
        "{out}"
    );
}
