//! The transport commands end to end: `mail` / `inbox` (.eml files, a loopback
//! SMTP sink), `post` / `import` (forum paste blocks), forks, and snapshots of
//! what players read. Files only in temp dirs; network only to 127.0.0.1.

mod support;

use std::path::Path;

use legatus::engine::folder::GameDir;
use legatus::engine::merge::LogSummary;
use legatus::protocol::log::LogReader;
use legatus::ruleset::PendingKind;
use legatus::transport::mail::{parse_message, write_eml, OutgoingMail};
use mailin::AuthMechanism;
use support::smtp_sink::SmtpSink;
use support::{cli, ok, registry, Table};

fn copy_game(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for f in ["log.yaml", "state.yaml", "report.md"] {
        std::fs::copy(from.join(f), to.join(f)).unwrap();
    }
}

fn hashes(game: &Path) -> Vec<String> {
    LogSummary::read(LogReader::open(&game.join("log.yaml")).unwrap())
        .unwrap()
        .entries
        .into_iter()
        .map(|e| e.hash)
        .collect()
}

fn other(side: &str) -> &'static str {
    if side == "red" {
        "blue"
    } else {
        "red"
    }
}

fn game_id(game: &Path) -> String {
    LogSummary::read(LogReader::open(&game.join("log.yaml")).unwrap())
        .unwrap()
        .header
        .game
}

/// Replaces the random parts (game id, hashes, key fingerprints, armored
/// payload) with fixed placeholders so snapshots are stable.
fn mask(text: &str, game: &str) -> String {
    let s = text
        .replace(game, "<GAME-ID>")
        .replace(&game[..8], "<GAME>");
    let mut out = String::new();
    let mut in_block = false;
    let mut body_done = false;
    for line in s.lines() {
        if line.contains("BEGIN LEGATUS ENTRIES") {
            in_block = true;
            body_done = false;
            out.push_str(line);
            out.push('\n');
            continue;
        }
        if line.contains("END LEGATUS ENTRIES") {
            in_block = false;
        }
        if in_block {
            if let Some(rest) = line.strip_prefix("Length: ") {
                let _ = rest;
                out.push_str("Length: <N>\n");
            } else if line.starts_with("Checksum: ") {
                out.push_str("Checksum: sha256:<SHA256>\n");
            } else if line.starts_with("Game: ") || line.starts_with("Entries: ") || line.is_empty()
            {
                out.push_str(line);
                out.push('\n');
            } else if !body_done {
                out.push_str("<base64 payload>\n");
                body_done = true;
            }
            continue;
        }
        out.push_str(&mask_hex(line));
        out.push('\n');
    }
    out
}

/// Runs of 12 or more hex digits become `<HEX>`.
fn mask_hex(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let mut j = i;
        while j < chars.len() && chars[j].is_ascii_hexdigit() {
            j += 1;
        }
        let bounded_left = i == 0 || !chars[i - 1].is_ascii_alphanumeric();
        let bounded_right = j == chars.len() || !chars[j].is_ascii_alphanumeric();
        if j - i >= 12 && bounded_left && bounded_right {
            out.push_str("<HEX>");
            i = j;
        } else if j > i {
            out.extend(&chars[i..j]);
            i = j;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

#[test]
fn transport_mail_eml_round_trip() {
    let t = Table::new();
    t.start("mutual");
    let red = t.game();
    let blue = t.s("blue-game");
    let mut n = 0;
    let mut first = true;
    let (mut saw_reveal, mut saw_template) = (false, false);
    for round in 0..8 {
        // Whoever must act plays in their own folder, then mails the game over.
        let folder_of = |side: &str| {
            if side == "red" {
                red.clone()
            } else {
                blue.clone()
            }
        };
        let expected = who_acts(&red);
        assert!(!first || expected == "red", "red acts first");
        let src = folder_of(&expected);
        let actor = t.act_in(&src, &mut n).expect("game goes on");
        assert_eq!(actor, expected);
        let to = other(&actor);
        let eml = t.s(&format!("round-{round}.eml"));
        let o = ok(&["mail", &src, "--to", to, "--eml", &eml]);
        assert!(o.contains("Attached: log.yaml"), "{o}");
        let msg = parse_message(&std::fs::read(&eml).unwrap()).unwrap();
        assert!(msg.subject.starts_with("[legatus] "), "{}", msg.subject);
        assert_eq!(msg.attachments[0].file_name, "log.yaml");
        assert_eq!(
            msg.attachments[0].bytes,
            std::fs::read(Path::new(&src).join("log.yaml")).unwrap()
        );
        assert!(msg.attachments.iter().any(|a| a.file_name == "report.md"));
        // A reveal owed by the recipient: said in the body, no template attached.
        let (g, _) = GameDir::new(&src).load(&registry()).unwrap();
        let has_template = msg
            .attachments
            .iter()
            .any(|a| a.file_name.starts_with("orders-"));
        if g.awaited_revealer().as_deref() == Some(to) {
            assert!(!has_template);
            assert!(
                msg.body_text.contains("waits for your dice reveal"),
                "{}",
                msg.body_text
            );
            saw_reveal = true;
        } else {
            saw_template |= has_template;
        }
        if first {
            // Blue has no copy yet: --into shows the header and creates the folder.
            let o = ok(&["inbox", &eml, "--into", &blue]);
            assert!(o.contains("Players:"), "{o}");
            assert!(o.contains("red: Ana <ana@example.org>"), "{o}");
            assert!(o.contains("Dice: mutual"), "{o}");
            first = false;
        } else {
            let o = ok(&["inbox", &eml, "--game", &folder_of(to)]);
            assert!(o.contains("merged entr"), "{o}");
            // The same message again: nothing to do.
            let o = ok(&["inbox", &eml, "--game", &folder_of(to)]);
            assert!(o.contains("nothing to do"), "{o}");
        }
        assert_eq!(hashes(Path::new(&red)), hashes(Path::new(&blue)));
    }
    assert!(saw_reveal && saw_template, "{saw_reveal} {saw_template}");
    for g in [&red, &blue] {
        ok(&["verify", &format!("{g}/log.yaml")]);
        let state = std::fs::read_to_string(format!("{g}/state.yaml")).unwrap();
        assert!(state.contains(&format!("entry: {}", hashes(Path::new(g)).len())));
    }
    assert_eq!(
        std::fs::read(format!("{red}/log.yaml")).unwrap(),
        std::fs::read(format!("{blue}/log.yaml")).unwrap()
    );
}

/// The side that acts next in `game` (the reveal owed first).
fn who_acts(game: &str) -> String {
    let reg = registry();
    let (g, _) = GameDir::new(game).load(&reg).unwrap();
    if let Some(w) = g.awaited_revealer() {
        return w;
    }
    let p = g.pending();
    if p.kind == PendingKind::Sealed {
        let c = g.sealed_committed();
        let r = g.sealed_revealed();
        return p
            .sides
            .iter()
            .find(|s| !c.contains(s))
            .or_else(|| p.sides.iter().find(|s| !r.contains(s)))
            .unwrap()
            .clone();
    }
    p.sides[0].clone()
}

#[test]
fn transport_mail_template_attached_for_recipient() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    let actor = t.act_in(&t.game(), &mut n).unwrap();
    let to = other(&actor);
    let eml = t.s("m.eml");
    ok(&["mail", &t.game(), "--to", to, "--eml", &eml]);
    let msg = parse_message(&std::fs::read(&eml).unwrap()).unwrap();
    let names: Vec<&str> = msg
        .attachments
        .iter()
        .map(|a| a.file_name.as_str())
        .collect();
    // The log, the template, report.md, the turn page and the map picture (issue 12).
    assert_eq!(names.len(), 5, "{names:?}");
    assert_eq!(&names[3..], ["turn.html", "map.png"], "{names:?}");
    assert!(msg.attachments[4].bytes.starts_with(b"\x89PNG"));
    let tpl = &msg.attachments[1];
    assert!(
        tpl.file_name.starts_with(&format!("orders-{to}-")),
        "{names:?}"
    );
    let text = String::from_utf8(tpl.bytes.clone()).unwrap();
    assert!(text.contains(&format!("side: \"{to}\"")), "{text}");
    // Unknown side: exit 2, nothing written.
    let r = cli(&["mail", &t.game(), "--to", "green", "--eml", &t.s("x.eml")]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(!t.p("x.eml").exists());
}

/// Writes a settings file only its owner can read.
fn private_file(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
}

#[test]
fn transport_mail_smtp_loopback() {
    const USER: &str = "ana";
    const PASSWORD: &str = "Alesia-52-bc-secret";
    let t = Table::new();
    t.start("mutual");
    let blue = t.p("blue-game");
    copy_game(&t.p("game"), &blue);
    let mut n = 0;
    let actor = t.act_in(&t.game(), &mut n).unwrap();
    let to = other(&actor);
    let sink = SmtpSink::start(USER, PASSWORD, &[AuthMechanism::Plain], 2);
    let cfg = t.p("smtp.yaml");
    private_file(
        &cfg,
        &format!("url: \"{}\"\npassword: \"{PASSWORD}\"\n", sink.url(USER)),
    );
    let o = ok(&[
        "mail",
        &t.game(),
        "--to",
        to,
        "--smtp",
        "--config",
        &cfg.display().to_string(),
    ]);
    assert!(!o.contains(PASSWORD), "{o}");
    let d = sink.recv(10).expect("the message arrives");
    assert_eq!(d.to, vec!["ben@example.org".to_string()]);
    let eml = t.p("received.eml");
    std::fs::write(&eml, &d.data).unwrap();
    let o = ok(&[
        "inbox",
        &eml.display().to_string(),
        "--game",
        &blue.display().to_string(),
    ]);
    assert!(o.contains("merged entr"), "{o}");
    assert_eq!(hashes(&t.p("game")), hashes(&blue));

    // A wrong password: a clear error, exit 2, the password never shown.
    let bad = t.p("bad.yaml");
    private_file(
        &bad,
        &format!(
            "url: \"{}\"\npassword: \"wrong-Pa55word\"\n",
            sink.url(USER)
        ),
    );
    let r = cli(&[
        "mail",
        &t.game(),
        "--to",
        to,
        "--smtp",
        "--config",
        &bad.display().to_string(),
    ]);
    assert_eq!(r.code, 2, "{}\n{}", r.out, r.err);
    assert!(r.err.contains("refused the login"), "{}", r.err);
    assert!(!r.err.contains("wrong-Pa55word") && !r.out.contains("wrong-Pa55word"));
    // --config without --smtp is a usage error.
    let r = cli(&[
        "mail",
        &t.game(),
        "--to",
        to,
        "--eml",
        &t.s("y.eml"),
        "--config",
        &cfg.display().to_string(),
    ]);
    assert_eq!(r.code, 2);
}

#[test]
fn transport_inbox_fork_and_foreign_mail() {
    let t = Table::new();
    t.start("mutual");
    let copy = t.p("copy");
    copy_game(&t.p("game"), &copy);
    let copy_s = copy.display().to_string();
    // Red commits a bid in the game; in the copy blue commits first: two
    // different entries at the same position.
    let mut n = 0;
    let actor = t.act_in(&t.game(), &mut n).unwrap();
    assert_eq!(actor, "red");
    let tpl = ok(&["template", &copy_s, "--side", "blue"]);
    std::fs::write(t.p("blue.yaml"), tpl).unwrap();
    ok(&[
        "apply",
        &copy_s,
        "--orders",
        &t.s("blue.yaml"),
        "--key",
        &t.key_of("blue"),
    ]);
    let eml = t.s("fork.eml");
    ok(&["mail", &copy_s, "--to", "red", "--eml", &eml]);
    let before = std::fs::read(t.p("game/log.yaml")).unwrap();
    let state_before = std::fs::read(t.p("game/state.yaml")).unwrap();
    let r = cli(&["inbox", &eml, "--game", &t.game()]);
    assert_eq!(r.code, 3, "{}\n{}", r.out, r.err);
    assert!(r.err.contains("fork"), "{}", r.err);
    let seq = hashes(&t.p("game")).len();
    assert!(
        r.err.contains(&format!("entry {seq} by red"))
            && r.err.contains(&format!("entry {seq} by blue")),
        "{}",
        r.err
    );
    assert_eq!(std::fs::read(t.p("game/log.yaml")).unwrap(), before);
    assert_eq!(std::fs::read(t.p("game/state.yaml")).unwrap(), state_before);

    // A log of another game: exit 2.
    let t2 = Table::new();
    t2.start("mutual");
    let other_eml = t.s("other.eml");
    ok(&["mail", &t2.game(), "--to", "blue", "--eml", &other_eml]);
    let r = cli(&["inbox", &other_eml, "--game", &t.game()]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(r.err.contains("is the log of game"), "{}", r.err);
    assert_eq!(std::fs::read(t.p("game/log.yaml")).unwrap(), before);

    // A message without a legatus attachment.
    let plain = t.p("plain.eml");
    write_eml(
        &OutgoingMail {
            from: "ben@example.org".into(),
            to: "ana@example.org".into(),
            subject: "lunch?".into(),
            body_text: "no log here\n".into(),
            attachments: vec![],
        },
        &plain,
    )
    .unwrap();
    let r = cli(&["inbox", &plain.display().to_string(), "--game", &t.game()]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("no legatus attachment"), "{}", r.err);
    assert!(!r.err.contains("quotes a legatus mail"), "{}", r.err);

    // A log with one character changed in transit (a NUL where a letter was): damaged, and
    // the refusal says to ask for it again.
    let mut bytes = std::fs::read(t.p("game/log.yaml")).unwrap();
    let at = bytes.len() / 2;
    bytes[at] = 0;
    let flipped = t.p("flipped.eml");
    write_eml(
        &OutgoingMail {
            from: "ben@example.org".into(),
            to: "ana@example.org".into(),
            subject: "[legatus] my move".into(),
            body_text: "here it is\n".into(),
            attachments: vec![legatus::transport::mail::Attachment {
                file_name: "log.yaml".into(),
                content_type: "application/x-yaml".into(),
                bytes,
            }],
        },
        &flipped,
    )
    .unwrap();
    let r = cli(&["inbox", &flipped.display().to_string(), "--game", &t.game()]);
    assert_ne!(r.code, 0, "{}", r.err);
    assert!(
        r.err.contains("damaged in transit")
            && r.err.contains("ask ben@example.org to send it again"),
        "{}",
        r.err
    );
    assert_eq!(std::fs::read(t.p("game/log.yaml")).unwrap(), before);

    // A legatus mail quoted line by line ("> "), as an inline forward does: its attachment is
    // gone, and the refusal says why and what to do.
    let quoted: String = std::fs::read_to_string(&other_eml)
        .unwrap()
        .lines()
        .map(|l| format!("> {l}\n"))
        .collect();
    let fwd = t.p("forwarded.eml");
    std::fs::write(
        &fwd,
        format!("From: ben@example.org\nSubject: Fwd: my move\n\n{quoted}"),
    )
    .unwrap();
    let r = cli(&["inbox", &fwd.display().to_string(), "--game", &t.game()]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err.contains("quotes a legatus mail") && r.err.contains("forward it as an attachment"),
        "{}",
        r.err
    );
    assert_eq!(std::fs::read(t.p("game/log.yaml")).unwrap(), before);

    // A Maildir with all three: the fork is reported (exit 3), the others noted.
    let md = t.p("Maildir");
    std::fs::create_dir_all(md.join("new")).unwrap();
    std::fs::create_dir_all(md.join("cur")).unwrap();
    std::fs::copy(&eml, md.join("new/1.eml")).unwrap();
    std::fs::copy(&plain, md.join("new/2.eml")).unwrap();
    let r = cli(&["inbox", &md.display().to_string(), "--game", &t.game()]);
    assert_eq!(r.code, 3, "{}\n{}", r.out, r.err);
    assert!(r.out.contains("no legatus attachment"), "{}", r.out);
    assert_eq!(std::fs::read(t.p("game/log.yaml")).unwrap(), before);

    // --into an existing, non-empty folder is refused.
    let r = cli(&["inbox", &eml, "--into", &t.game()]);
    assert_eq!(r.code, 2);
}

fn quote_crlf(post: &str) -> String {
    format!("Ana wrote:\n[quote]{post}[/quote]\nnice move\n").replace('\n', "\r\n")
}

#[test]
fn transport_forum_post_import() {
    let t = Table::new();
    t.start("mutual");
    let blue = t.p("blue-game");
    let blue_s = blue.display().to_string();
    copy_game(&t.p("game"), &blue);
    let stale = t.p("stale-game");
    copy_game(&t.p("game"), &stale);
    let mut n = 0;
    t.act_in(&t.game(), &mut n).unwrap();
    let post = ok(&["post", &t.game(), "--format", "bbcode"]);
    assert!(
        post.contains("[code]\n-----BEGIN LEGATUS ENTRIES-----"),
        "{post}"
    );
    let page = t.p("page.txt");
    std::fs::write(&page, quote_crlf(&post)).unwrap();
    let page_s = page.display().to_string();

    // A tampered block: refused with its reason, nothing written.
    let before = std::fs::read(blue.join("log.yaml")).unwrap();
    let mut lines: Vec<String> = quote_crlf(&post).split("\r\n").map(String::from).collect();
    let i = lines
        .iter()
        .position(|l| l.starts_with("Checksum:"))
        .unwrap()
        + 2;
    let flipped: String = lines[i]
        .chars()
        .enumerate()
        .map(|(k, c)| {
            if k == 10 {
                if c == 'A' {
                    'B'
                } else {
                    'A'
                }
            } else {
                c
            }
        })
        .collect();
    lines[i] = flipped;
    let bad = t.p("bad.txt");
    std::fs::write(&bad, lines.join("\r\n")).unwrap();
    let r = cli(&["import", &blue_s, &bad.display().to_string()]);
    assert_eq!(r.code, 2, "{}\n{}", r.out, r.err);
    assert!(r.err.contains("paste block 1"), "{}", r.err);
    assert_eq!(std::fs::read(blue.join("log.yaml")).unwrap(), before);

    // The real post imports; the same again is skipped.
    let o = ok(&["import", &blue_s, &page_s]);
    assert!(o.contains("Imported entries"), "{o}");
    assert_eq!(hashes(&t.p("game")), hashes(&blue));
    let o = ok(&["import", &blue_s, &page_s]);
    assert!(o.contains("Nothing to do"), "{o}");

    // Blue answers in Markdown; red imports the whole thread page (both posts).
    let actor = t.act_in(&blue_s, &mut n).unwrap();
    assert_eq!(actor, "blue");
    let reply = ok(&["post", &blue_s, "--format", "markdown"]);
    assert!(
        reply.contains("```\n-----BEGIN LEGATUS ENTRIES-----"),
        "{reply}"
    );
    // A copy that missed the first post: the gap is named, nothing written.
    let reply_file = t.p("reply.txt");
    std::fs::write(&reply_file, &reply).unwrap();
    let stale_before = std::fs::read(stale.join("log.yaml")).unwrap();
    let r = cli(&[
        "import",
        &stale.display().to_string(),
        &reply_file.display().to_string(),
    ]);
    assert_eq!(r.code, 2, "{}\n{}", r.out, r.err);
    assert!(r.err.contains("does not continue the log"), "{}", r.err);
    assert_eq!(std::fs::read(stale.join("log.yaml")).unwrap(), stale_before);
    let thread = t.p("thread.txt");
    std::fs::write(&thread, format!("{}\n\n{reply}", quote_crlf(&post))).unwrap();
    let o = ok(&["import", &t.game(), &thread.display().to_string()]);
    assert!(o.contains("skipped 1 entry already in the log"), "{o}");
    assert_eq!(hashes(&t.p("game")), hashes(&blue));
    ok(&["verify", &t.s("game/log.yaml")]);

    // The whole log with --from 1 starts a new folder with --new.
    let all = ok(&["post", &t.game(), "--format", "text", "--from", "1"]);
    assert!(all.contains("Entries: 0-"), "{all}");
    let f = t.p("all.txt");
    std::fs::write(&f, &all).unwrap();
    let fresh = t.s("fresh");
    let o = ok(&["import", &fresh, &f.display().to_string(), "--new"]);
    assert!(o.contains("Players:"), "{o}");
    assert_eq!(hashes(&t.p("game")), hashes(Path::new(&fresh)));
    // An entries-only block cannot start a game.
    let r = cli(&["import", &t.s("fresh2"), &page_s, "--new"]);
    assert_eq!(r.code, 2);
    assert!(!t.p("fresh2").exists());
    // A block of another game is refused.
    let t2 = Table::new();
    t2.start("mutual");
    let p2 = t.p("p2.txt");
    std::fs::write(&p2, ok(&["post", &t2.game()])).unwrap();
    let r = cli(&["import", &t.game(), &p2.display().to_string()]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(r.err.contains("is for game"), "{}", r.err);
}

#[test]
fn transport_import_refuses_forged_entries() {
    // A block re-armored with a valid checksum but an edited entry: the armor
    // reads, the signature does not verify, nothing is written (exit 3).
    let t = Table::new();
    t.start("mutual");
    let blue = t.p("blue-game");
    copy_game(&t.p("game"), &blue);
    let mut n = 0;
    t.act_in(&t.game(), &mut n).unwrap();
    let post = ok(&["post", &t.game(), "--format", "text"]);
    let block = legatus::transport::armor::find_blocks(&post)
        .pop()
        .unwrap()
        .unwrap();
    let payload = String::from_utf8(block.payload).unwrap();
    let forged = payload.replacen("author: red", "author: blue", 1);
    assert_ne!(forged, payload);
    let text = legatus::transport::armor::encode(&block.header, forged.as_bytes());
    let f = t.p("forged.txt");
    std::fs::write(&f, text).unwrap();
    let before = std::fs::read(blue.join("log.yaml")).unwrap();
    let r = cli(&[
        "import",
        &blue.display().to_string(),
        &f.display().to_string(),
    ]);
    assert_eq!(r.code, 3, "{}\n{}", r.out, r.err);
    assert_eq!(std::fs::read(blue.join("log.yaml")).unwrap(), before);
}

#[test]
fn transport_snapshots() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    t.act_in(&t.game(), &mut n).unwrap();
    let id = game_id(&t.p("game"));
    let bb = ok(&["post", &t.game(), "--format", "bbcode"]);
    insta::assert_snapshot!("post_bbcode", mask(&bb, &id));
    let md = ok(&["post", &t.game(), "--format", "markdown"]);
    insta::assert_snapshot!("post_markdown", mask(&md, &id));
    let eml = t.s("m.eml");
    ok(&["mail", &t.game(), "--to", "blue", "--eml", &eml]);
    let msg = parse_message(&std::fs::read(&eml).unwrap()).unwrap();
    let body = format!(
        "Subject: {}\n\n{}",
        msg.subject,
        msg.body_text.replace("\r\n", "\n")
    );
    insta::assert_snapshot!("mail_body", mask(&body, &id));
}

#[test]
fn transport_audit_chi_square() {
    let t = Table::new();
    t.start("mutual");
    t.play_out();
    let o = ok(&["audit", &t.s("game/log.yaml")]);
    assert!(o.contains("Dice audit"), "{o}");
    assert!(o.contains("Distribution per side"), "{o}");
    assert!(o.contains("chi-square"), "{o}");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["audit", &t.s("game/log.yaml"), "--format", "json"])).unwrap();
    let dist = json["distribution"].as_object().unwrap();
    assert!(!dist.is_empty());
    for (side, dice) in dist {
        let faces = &dice["d6"];
        let counts: Vec<u64> = (1..=6)
            .map(|f| faces[f.to_string()].as_u64().unwrap_or(0))
            .collect();
        let chi = legatus::report::stats::chi_square(&counts);
        let line = format!("{side} d6: ");
        let at = o.find(&line).unwrap_or_else(|| panic!("{o}"));
        let next = o[at..].lines().nth(1).unwrap();
        assert_eq!(next.trim(), chi.to_string(), "{o}");
    }
    let md = ok(&["audit", &t.s("game/log.yaml"), "--format", "markdown"]);
    assert!(md.contains("chi-square"), "{md}");
}

#[test]
fn transport_inbox_maildir_takes_the_newest() {
    let t = Table::new();
    t.start("mutual");
    let blue = t.p("blue-game");
    copy_game(&t.p("game"), &blue);
    let md = t.p("Maildir");
    std::fs::create_dir_all(md.join("new")).unwrap();
    let mut n = 0;
    // Three mails as the game goes on, filed so the newest is read first.
    for i in 0..3 {
        t.act_in(&t.game(), &mut n).unwrap();
        let eml = md.join(format!("new/{}.eml", 9 - i));
        ok(&[
            "mail",
            &t.game(),
            "--to",
            "blue",
            "--eml",
            &eml.display().to_string(),
        ]);
    }
    let o = ok(&[
        "inbox",
        &md.display().to_string(),
        "--game",
        &blue.display().to_string(),
    ]);
    assert_eq!(o.matches("merged entr").count(), 1, "{o}");
    assert_eq!(o.matches("this copy is older").count(), 2, "{o}");
    assert_eq!(hashes(&t.p("game")), hashes(&blue));
    // Maildir messages are only read: still in new/.
    assert_eq!(std::fs::read_dir(md.join("new")).unwrap().count(), 3);
}

#[test]
fn transport_inbox_names_an_altered_copy_not_a_fork() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    for _ in 0..4 {
        t.act_in(&t.game(), &mut n).unwrap();
    }
    // A copy of our own log with one value changed in entry 3 arrives by mail.
    let altered = t.p("altered");
    copy_game(&t.p("game"), &altered);
    let log = std::fs::read_to_string(altered.join("log.yaml")).unwrap();
    let mut docs: Vec<String> = log.split("\n---\n").map(str::to_string).collect();
    let at = docs[3]
        .find("state: ")
        .expect("entry 3 records its state hash")
        + "state: ".len()
        + 1;
    let flipped = if &docs[3][at..at + 1] == "0" {
        "1"
    } else {
        "0"
    };
    docs[3].replace_range(at..at + 1, flipped);
    let changed = docs.join("\n---\n");
    assert_ne!(log, changed);
    std::fs::write(altered.join("log.yaml"), changed).unwrap();
    let eml = t.s("altered.eml");
    let mail = OutgoingMail {
        from: "ben@example.org".into(),
        to: "ana@example.org".into(),
        subject: "[legatus] altered".into(),
        body_text: "see attachment".into(),
        attachments: vec![legatus::transport::mail::Attachment {
            file_name: "log.yaml".into(),
            content_type: "application/yaml".into(),
            bytes: std::fs::read(altered.join("log.yaml")).unwrap(),
        }],
    };
    write_eml(&mail, Path::new(&eml)).unwrap();
    let before = std::fs::read(t.p("game/log.yaml")).unwrap();
    let r = cli(&["inbox", &eml, "--game", &t.game()]);
    assert_eq!(r.code, 3, "{}\n{}", r.out, r.err);
    assert!(
        r.err.contains("does not verify") && !r.err.contains("settle with your opponent"),
        "{}",
        r.err
    );
    assert_eq!(std::fs::read(t.p("game/log.yaml")).unwrap(), before);
}

#[test]
fn transport_mail_to_your_own_side_is_warned() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    let actor = t.act_in(&t.game(), &mut n).unwrap();
    let r = cli(&["mail", &t.game(), "--to", &actor, "--eml", &t.s("own.eml")]);
    assert_eq!(r.code, 0, "a warning, not a refusal: {}", r.err);
    assert!(
        r.err.starts_with("warning: ")
            && r.err.contains(&format!("--to {actor} is your own side"))
            && r.err.contains(&format!("use --to {}", other(&actor))),
        "{}",
        r.err
    );
    assert!(t.p("own.eml").exists());
    let r = cli(&[
        "mail",
        &t.game(),
        "--to",
        other(&actor),
        "--eml",
        &t.s("theirs.eml"),
    ]);
    assert_eq!(r.code, 0);
    assert!(r.err.is_empty(), "no warning for the opponent: {}", r.err);
}

/// The paste block of a post, its text only.
fn block_of(post: &str) -> String {
    let start = post.find("-----BEGIN LEGATUS ENTRIES-----").unwrap();
    let end = post.find("-----END LEGATUS ENTRIES-----").unwrap();
    format!("{}-----END LEGATUS ENTRIES-----\n", &post[start..end])
}

#[test]
fn transport_import_refuses_a_block_whose_entries_line_does_not_match() {
    let t = Table::new();
    t.start("mutual");
    let blue = t.p("blue-game");
    copy_game(&t.p("game"), &blue);
    let mut n = 0;
    t.act_in(&t.game(), &mut n).unwrap();
    let block = block_of(&ok(&["post", &t.game(), "--format", "text"]));
    assert!(block.contains("Entries: 3-3"), "{block}");
    let before = std::fs::read(blue.join("log.yaml")).unwrap();
    // The line is not covered by the checksum: the armor reads, the import refuses.
    for (edited, says) in [
        (
            "Entries: 3-4",
            "announces entries 3-4, but it carries entry 3",
        ),
        (
            "Entries: 2-3",
            "announces entries 2-3, but it carries entry 3",
        ),
        (
            "Entries: 0-3",
            "announces the header and entries 1-3, but it carries entry 3",
        ),
    ] {
        let f = t.p("edited.txt");
        std::fs::write(&f, block.replace("Entries: 3-3", edited)).unwrap();
        let r = cli(&[
            "import",
            &blue.display().to_string(),
            &f.display().to_string(),
        ]);
        assert_eq!(r.code, 2, "{edited}: {}{}", r.out, r.err);
        assert!(
            r.err.contains("paste block 1 (starting at line 1)")
                && r.err.contains(says)
                && r.err.contains("damaged or edited"),
            "{edited}: {}",
            r.err
        );
        assert_eq!(std::fs::read(blue.join("log.yaml")).unwrap(), before);
    }
    // The whole log announced as entries only.
    let all = block_of(&ok(&["post", &t.game(), "--from", "1"]));
    assert!(all.contains("Entries: 0-3"), "{all}");
    let f = t.p("all.txt");
    std::fs::write(&f, all.replace("Entries: 0-3", "Entries: 1-3")).unwrap();
    let r = cli(&["import", &t.s("fresh"), &f.display().to_string(), "--new"]);
    assert_eq!(r.code, 2, "{}{}", r.out, r.err);
    assert!(
        r.err
            .contains("announces entries 1-3, but it carries the header and entries 1-3"),
        "{}",
        r.err
    );
    assert!(!t.p("fresh").exists());
}

#[test]
fn transport_import_goes_on_past_a_bad_block() {
    let t = Table::new();
    t.start("mutual");
    let blue = t.p("blue-game");
    copy_game(&t.p("game"), &blue);
    let mut n = 0;
    // Three posts, one entry each (entries 3, 4 and 5).
    let mut blocks = Vec::new();
    for _ in 0..3 {
        t.act_in(&t.game(), &mut n).unwrap();
        blocks.push(block_of(&ok(&["post", &t.game(), "--format", "text"])));
    }
    let damaged = {
        let lines: Vec<&str> = blocks[1].lines().collect();
        let i = lines.iter().position(|l| l.is_empty()).unwrap() + 1;
        let mut l: Vec<String> = lines.iter().map(|x| x.to_string()).collect();
        let c = if l[i].starts_with('A') { "B" } else { "A" };
        l[i].replace_range(0..1, c);
        l.join("\n") + "\n"
    };
    let page = |parts: &[&str]| {
        let f = t.p("page.txt");
        std::fs::write(&f, parts.join("\nnext post\n")).unwrap();
        f.display().to_string()
    };
    let blue_s = blue.display().to_string();

    // Entry 4's block is damaged: entry 3 is imported; entry 5 cannot follow it.
    let r = cli(&[
        "import",
        &blue_s,
        &page(&[&blocks[0], &damaged, &blocks[2]]),
    ]);
    assert_eq!(r.code, 2, "{}{}", r.out, r.err);
    assert!(r.out.contains("Imported entries 3-3"), "{}", r.out);
    assert!(
        r.err.contains("2 of 3 paste blocks could not be imported"),
        "{}",
        r.err
    );
    assert!(
        r.err.contains("paste block 2 (starting at line "),
        "{}",
        r.err
    );
    assert!(
        r.err.contains("paste block 3 (starting at line ")
            && r.err
                .contains("entry 5 does not continue the log, which ends at entry 3"),
        "{}",
        r.err
    );
    assert_eq!(hashes(&blue), hashes(&t.p("game"))[..3]);
    ok(&["verify", &blue.join("log.yaml").display().to_string()]);

    // The damaged copy, then a good one later on the page: all is imported, the bad block named.
    let r = cli(&[
        "import",
        &blue_s,
        &page(&[&damaged, &blocks[2], &blocks[1]]),
    ]);
    assert_eq!(r.code, 2, "{}{}", r.out, r.err);
    assert!(r.out.contains("Imported entries 4-5"), "{}", r.out);
    assert!(
        r.err.contains("1 of 3 paste blocks could not be imported")
            && r.err.contains("paste block 1 (starting at line 1)"),
        "{}",
        r.err
    );
    assert_eq!(hashes(&blue), hashes(&t.p("game")));

    // Only bad blocks: nothing is written.
    let before = std::fs::read(blue.join("log.yaml")).unwrap();
    let r = cli(&["import", &blue_s, &page(&[&damaged])]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("nothing was written"), "{}", r.err);
    assert_eq!(std::fs::read(blue.join("log.yaml")).unwrap(), before);

    // A new game from the whole log, with a damaged block beside it: created, and the block named.
    let all = block_of(&ok(&["post", &t.game(), "--from", "1"]));
    let fresh = t.s("fresh");
    let r = cli(&["import", &fresh, &page(&[&damaged, &all]), "--new"]);
    assert_eq!(r.code, 2, "{}{}", r.out, r.err);
    assert!(r.out.contains("Created"), "{}", r.out);
    assert!(
        r.err.contains("paste block 1 (starting at line 1)"),
        "{}",
        r.err
    );
    assert_eq!(hashes(Path::new(&fresh)), hashes(&t.p("game")));
}

/// The `To:` header of a written message.
fn to_header(eml: &str) -> String {
    let raw = String::from_utf8_lossy(&std::fs::read(eml).unwrap()).into_owned();
    raw.lines()
        .find(|l| l.starts_with("To: "))
        .expect("a To: header")
        .to_string()
}

/// Three players by mail: one message reaches both others (`--to all`, `--to a,b`,
/// `--to a --to b`), each of them reads the same .eml into his own folder, and the same
/// entries arriving from two opponents merge in either order.
#[test]
fn transport_mail_to_several_and_inbox_from_two_opponents_in_either_order() {
    let t = Table::new();
    t.start_trio("mutual");
    let g = t.game();
    // The accepts are in: green wrote the last entry, so `all` is red and blue.
    let all = t.s("all.eml");
    let o = ok(&["mail", &g, "--to", "all", "--eml", &all]);
    let to = to_header(&all);
    assert!(
        to.contains("ana@example.org") && to.contains("ben@example.org"),
        "{to}"
    );
    assert!(!to.contains("gia@example.org"), "{to}");
    assert!(o.contains("for red, blue"), "{o}");
    let msg = parse_message(&std::fs::read(&all).unwrap()).unwrap();
    assert!(msg
        .body_text
        .starts_with("To Ana (red) and Ben (blue), from Gia (green)"));
    let lines: Vec<&str> = msg.body_text.lines().map(str::trim_end).collect();
    assert!(lines.contains(&"Ana (red):"), "{}", msg.body_text);
    assert!(lines.contains(&"Ben (blue):"), "{}", msg.body_text);
    assert!(
        msg.body_text
            .contains("nothing to do until red has acted on the sealed step"),
        "{}",
        msg.body_text
    );
    for spec in [&["--to", "red,blue"][..], &["--to", "red", "--to", "blue"]] {
        let eml = t.s("pair.eml");
        let mut args = vec!["mail", &g, "--eml", &eml];
        args.extend_from_slice(spec);
        ok(&args);
        assert_eq!(to_header(&eml), to);
    }
    // `--from` names the sender: `all` is then everyone else.
    let eml = t.s("from-red.eml");
    ok(&["mail", &g, "--to", "all", "--from", "red", "--eml", &eml]);
    let to = to_header(&eml);
    assert!(
        to.contains("ben@") && to.contains("gia@") && !to.contains("ana@"),
        "{to}"
    );
    let r = cli(&["mail", &g, "--to", "red,purple", "--eml", &eml]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("no side \"purple\""), "{}", r.err);
    // Each recipient reads the one message into a folder of his own.
    let (red, blue) = (t.s("red-game"), t.s("blue-game"));
    ok(&["inbox", &all, "--into", &red]);
    ok(&["inbox", &all, "--into", &blue]);
    assert_eq!(hashes(Path::new(&red)), hashes(Path::new(&g)));
    assert_eq!(hashes(Path::new(&blue)), hashes(Path::new(&g)));
    // Two entries, each mailed to both others; red reads the later one first.
    let mut n = 0;
    let mut mails = Vec::new();
    for i in 0..2 {
        let who = t.act_in(&g, &mut n).unwrap();
        let eml = t.s(&format!("m{i}.eml"));
        ok(&["mail", &g, "--to", "all", "--from", &who, "--eml", &eml]);
        mails.push(eml);
    }
    let o = ok(&["inbox", &mails[1], "--game", &red]);
    assert!(o.contains("merged entr"), "{o}");
    let o = ok(&["inbox", &mails[0], "--game", &red]);
    assert!(o.contains("this copy is older"), "{o}");
    for m in &mails {
        ok(&["inbox", m, "--game", &blue]);
    }
    assert_eq!(hashes(Path::new(&red)), hashes(Path::new(&g)));
    assert_eq!(hashes(Path::new(&blue)), hashes(Path::new(&g)));
}

/// With three players, `status --key` says what each must do: the one bare reveal an entry
/// needs first, then the last reveal (with orders when the step after is his), and whom the
/// others wait for.
#[test]
fn transport_status_says_who_acts_and_whether_orders_or_a_reveal() {
    let t = Table::new();
    t.start_trio("mutual");
    let g = t.game();
    let you = |side: &str| {
        let s = ok(&["status", &g, "--key", &t.key_of(side)]);
        s.lines()
            .find_map(|l| l.strip_prefix(&format!("You ({side}): ")))
            .unwrap_or_else(|| panic!("{s}"))
            .to_string()
    };
    let mut n = 0;
    // Play until an entry waits for two reveals.
    loop {
        let (game, _) = GameDir::new(&g).load(&registry()).unwrap();
        if game.awaiting().is_some_and(|a| a.owed().len() == 2) {
            break;
        }
        t.act_in(&g, &mut n).unwrap();
        assert!(n < 60);
    }
    let (game, _) = GameDir::new(&g).load(&registry()).unwrap();
    let aw = game.awaiting().unwrap();
    let (first, second) = (aw.owed()[0].clone(), aw.owed()[1].clone());
    let author = aw.author.clone();
    assert!(
        you(&first).starts_with("send a bare dice reveal now"),
        "{}",
        you(&first)
    );
    assert!(
        you(&second).starts_with("nothing to do until"),
        "{}",
        you(&second)
    );
    assert!(you(&second).contains(&first), "{}", you(&second));
    assert!(
        you(&author).starts_with("nothing to do until"),
        "{}",
        you(&author)
    );
    // Orders from the first revealer are refused with what to do instead.
    let f = t.p("early.yaml");
    std::fs::write(
        &f,
        format!(
            "game: \"{}\"\nafter: {}\nafter_hash: \"{}\"\nside: {first}\nstep: \"{}\"\norders: {{}}\n",
            game.header.game,
            game.last_seq(),
            game.last_hash(),
            game.pending().step
        ),
    )
    .unwrap();
    let r = cli(&[
        "apply",
        &g,
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.key_of(&first),
    ]);
    assert_ne!(r.code, 0);
    assert!(r.err.contains("send a bare reveal now"), "{}", r.err);
    let status = ok(&["status", &g]);
    assert!(
        status.contains(&format!("{first} sends a bare reveal now")),
        "{status}"
    );
    ok(&["apply", &g, "--key", &t.key_of(&first)]);
    // The last revealer: his next entry fixes the dice; with his key, whether it carries orders.
    let last = you(&second);
    assert!(
        last.contains("fixes the dice") || last.contains("carries your orders"),
        "{last}"
    );
    let status = ok(&["status", &g]);
    assert!(status.contains("the last it needs"), "{status}");
}
