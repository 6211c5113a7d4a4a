//! Mail as it really arrives at `legatus inbox` (issue 13, "Mail in"): a turn
//! forwarded as an attachment, Outlook's winmail.dat, logs attached under any name
//! or none, Maildirs with a bad file or no legatus mail, CR-only line ends, a
//! doubled byte-order mark, and damaged or cut-off base64. Every message is built
//! by lettre (the mail library legatus sends with) and, where the shape is a
//! damage done on the way, changed afterwards as the damage would change it.
//! Files only in temp dirs.

mod support;

use std::path::Path;

use legatus::engine::merge::LogSummary;
use legatus::protocol::log::LogReader;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Attachment as LettreAttachment, Body, MultiPart, SinglePart};
use lettre::Message;
use support::{cli, ok, Table};

/// A game with a few entries; returns the table and its log bytes.
fn game() -> (Table, Vec<u8>) {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    for _ in 0..3 {
        t.act_in(&t.game(), &mut n).unwrap();
    }
    let log = std::fs::read(t.p("game/log.yaml")).unwrap();
    (t, log)
}

fn hashes(log: &Path) -> Vec<String> {
    LogSummary::read(LogReader::open(log).unwrap())
        .unwrap()
        .entries
        .into_iter()
        .map(|e| e.hash)
        .collect()
}

fn builder(subject: &str) -> lettre::message::MessageBuilder {
    Message::builder()
        .from("Ben <ben@example.org>".parse().unwrap())
        .to("Ana <ana@example.org>".parse().unwrap())
        .subject(subject)
}

fn text(body: &str) -> SinglePart {
    SinglePart::builder()
        .header(ContentType::TEXT_PLAIN)
        .body(body.to_string())
}

fn attached(name: &str, content_type: &str, bytes: &[u8]) -> SinglePart {
    LettreAttachment::new(name.to_string()).body(
        Body::new_with_encoding(bytes.to_vec(), ContentTransferEncoding::Base64).unwrap(),
        ContentType::parse(content_type).unwrap(),
    )
}

/// A message with a text part and the given parts, as lettre writes it.
fn message(subject: &str, parts: Vec<SinglePart>) -> Vec<u8> {
    let mut multi = MultiPart::mixed().singlepart(text("Your move.\n"));
    for p in parts {
        multi = multi.singlepart(p);
    }
    builder(subject).multipart(multi).unwrap().formatted()
}

/// Runs `inbox FILE --into NEW` on `raw`; returns the run and the new folder.
fn inbox_into(t: &Table, name: &str, raw: &[u8]) -> (support::Run, std::path::PathBuf) {
    let eml = t.p(&format!("{name}.eml"));
    std::fs::write(&eml, raw).unwrap();
    let into = t.p(&format!("{name}-game"));
    let r = cli(&[
        "inbox",
        &eml.display().to_string(),
        "--into",
        &into.display().to_string(),
    ]);
    (r, into)
}

#[track_caller]
fn assert_received(t: &Table, name: &str, raw: &[u8]) {
    let (r, into) = inbox_into(t, name, raw);
    assert_eq!(r.code, 0, "{name}:\n{}\n{}", r.out, r.err);
    assert_eq!(
        hashes(&into.join("log.yaml")),
        hashes(&t.p("game/log.yaml")),
        "{name}"
    );
}

#[test]
fn mail_in_turn_forwarded_as_attachment_once_and_twice() {
    let (t, log) = game();
    ok(&["mail", &t.game(), "--to", "blue", "--eml", &t.s("turn.eml")]);
    let turn = std::fs::read(t.p("turn.eml")).unwrap();
    // Forwarded as an attachment, as Thunderbird does: a message/rfc822 part.
    let forward = |inner: &[u8], subject: &str| {
        let part = LettreAttachment::new("turn.eml".to_string()).body(
            Body::new(inner.to_vec()),
            ContentType::parse("message/rfc822").unwrap(),
        );
        message(subject, vec![part])
    };
    let once = forward(&turn, "Fwd: [legatus] your turn");
    assert_received(&t, "once", &once);
    let twice = forward(&once, "Fwd: Fwd: [legatus] your turn");
    assert_received(&t, "twice", &twice);
    // Forwarded inline-encoded: some programs base64 the whole forwarded message.
    let b64 = message(
        "Fwd: encoded",
        vec![attached("turn.eml", "message/rfc822", &turn)],
    );
    assert_received(&t, "encoded", &b64);
    assert!(!log.is_empty());
}

/// A TNEF stream (MS-OXTNEF) as Outlook writes winmail.dat: signature, key, the
/// message attributes, then one attachment (rendering data, title, data). Each
/// attribute: level, id, length, data, 16-bit sum of the data bytes.
fn tnef(file_name: &str, data: &[u8]) -> Vec<u8> {
    fn attr(v: &mut Vec<u8>, level: u8, id: u32, data: &[u8]) {
        v.push(level);
        v.extend(id.to_le_bytes());
        v.extend((data.len() as u32).to_le_bytes());
        v.extend(data);
        let sum = data.iter().fold(0u16, |s, &b| s.wrapping_add(b as u16));
        v.extend(sum.to_le_bytes());
    }
    let mut v = vec![0x78, 0x9f, 0x3e, 0x22];
    v.extend(0x5a31u16.to_le_bytes()); // legacy key
    attr(&mut v, 1, 0x0008_9006, &0x0001_0000u32.to_le_bytes()); // attTnefVersion
    attr(&mut v, 1, 0x0006_9007, &[0xe4, 0x04, 0, 0, 0, 0, 0, 0]); // attOemCodepage 1252
    attr(&mut v, 1, 0x0007_8008, b"IPM.Microsoft Mail.Note\0"); // attMessageClass
    let rend = [
        1, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0,
    ];
    attr(&mut v, 2, 0x0006_9002, &rend); // attAttachRendData
    let mut title = file_name.as_bytes().to_vec();
    title.push(0);
    attr(&mut v, 2, 0x0001_8010, &title); // attAttachTitle
    attr(&mut v, 2, 0x0006_800f, data); // attAttachData
    v
}

#[test]
fn mail_in_outlook_winmail_dat_says_what_to_ask_for() {
    let (t, log) = game();
    let raw = message(
        "RE: [legatus] your turn",
        vec![attached(
            "winmail.dat",
            "application/ms-tnef",
            &tnef("log.yaml", &log),
        )],
    );
    let (r, into) = inbox_into(&t, "outlook", &raw);
    assert_eq!(r.code, 2, "{}\n{}", r.out, r.err);
    for words in ["winmail.dat", "Outlook", "plain attachment"] {
        assert!(r.err.contains(words), "{words}: {}", r.err);
    }
    assert!(!into.exists());
}

#[test]
fn mail_in_log_recognised_by_content_whatever_its_name() {
    let (t, log) = game();
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    let html = b"<html><body><h1>Turn report</h1></body></html>".to_vec();
    let orders = b"game: 3f9a\nafter: 2\nside: blue\norders: []\n".to_vec();
    for (i, (name, ct)) in [
        ("granicus-log.yaml", "application/x-yaml"),
        ("log(1).yaml", "application/yaml"),
        ("LOG.YAML", "application/octet-stream"),
        ("turn.txt", "text/plain"),
    ]
    .into_iter()
    .enumerate()
    {
        // The log among a picture, an HTML report and an order file, which are passed over.
        let raw = message(
            "[legatus] your turn",
            vec![
                attached("situation.png", "image/png", &png),
                attached("report.html", "text/html", &html),
                attached("orders-blue.yaml", "application/x-yaml", &orders),
                attached(name, ct, &log),
            ],
        );
        assert_received(&t, &format!("named-{i}"), &raw);
    }
    // A part without any name: no Content-Disposition, no name parameter.
    let nameless = SinglePart::builder()
        .header(ContentType::parse("application/octet-stream").unwrap())
        .body(Body::new_with_encoding(log.clone(), ContentTransferEncoding::Base64).unwrap());
    assert_received(&t, "nameless", &message("turn", vec![nameless]));
    // A second, nameless text part after the body (kept inline by mail programs).
    let inline = SinglePart::builder()
        .header(ContentType::TEXT_PLAIN)
        .body(String::from_utf8(log.clone()).unwrap());
    assert_received(&t, "inline", &message("turn", vec![inline]));
}

#[test]
fn mail_in_maildir_skips_an_empty_file_with_a_warning() {
    let (t, _) = game();
    let md = t.p("Maildir");
    std::fs::create_dir_all(md.join("new")).unwrap();
    std::fs::create_dir_all(md.join("cur")).unwrap();
    std::fs::write(md.join("new/1-empty"), b"").unwrap();
    ok(&[
        "mail",
        &t.game(),
        "--to",
        "blue",
        "--eml",
        &md.join("new/2-turn").display().to_string(),
    ]);
    let into = t.p("from-maildir");
    let r = cli(&[
        "inbox",
        &md.display().to_string(),
        "--into",
        &into.display().to_string(),
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.out, r.err);
    assert!(
        r.err.contains("1-empty") && r.err.contains("skipped") && r.err.contains("empty"),
        "{}",
        r.err
    );
    assert_eq!(
        hashes(&into.join("log.yaml")),
        hashes(&t.p("game/log.yaml"))
    );
    // The same with --game: the good message is merged, the empty file warned about.
    let r = cli(&[
        "inbox",
        &md.display().to_string(),
        "--game",
        &into.display().to_string(),
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.out, r.err);
    assert!(r.err.contains("1-empty"), "{}", r.err);
    assert!(r.out.contains("nothing to do"), "{}", r.out);
}

#[test]
fn mail_in_maildir_without_legatus_mail_same_exit_code_for_game_and_into() {
    let (t, _) = game();
    let md = t.p("Maildir");
    std::fs::create_dir_all(md.join("new")).unwrap();
    let lunch = builder("lunch?")
        .singlepart(text("no log here\n"))
        .unwrap()
        .formatted();
    std::fs::write(md.join("new/1.host"), lunch).unwrap();
    let before = std::fs::read(t.p("game/log.yaml")).unwrap();
    let with_game = cli(&["inbox", &md.display().to_string(), "--game", &t.game()]);
    let into = t.p("new-game");
    let with_into = cli(&[
        "inbox",
        &md.display().to_string(),
        "--into",
        &into.display().to_string(),
    ]);
    assert_eq!(with_game.code, 2, "{}\n{}", with_game.out, with_game.err);
    assert_eq!(with_into.code, with_game.code, "{}", with_into.err);
    for r in [&with_game, &with_into] {
        assert!(r.err.contains("no legatus mail"), "{}", r.err);
        assert!(r.err.contains("lunch?"), "{}", r.err);
    }
    assert_eq!(std::fs::read(t.p("game/log.yaml")).unwrap(), before);
    assert!(!into.exists());
}

#[test]
fn mail_in_log_with_cr_only_line_ends_is_read() {
    let (t, log) = game();
    // Old Mac mail programs end lines with a lone CR.
    let cr: Vec<u8> = log
        .iter()
        .map(|&b| if b == b'\n' { b'\r' } else { b })
        .collect();
    assert!(!cr.contains(&b'\n'));
    let raw = message(
        "turn",
        vec![attached("log.yaml", "application/x-yaml", &cr)],
    );
    assert_received(&t, "cr", &raw);
    // The file itself verifies too.
    std::fs::write(t.p("cr.yaml"), &cr).unwrap();
    let o = ok(&["verify", &t.s("cr.yaml")]);
    assert!(o.contains("VALID"), "{o}");
}

#[test]
fn mail_in_doubled_bom_is_named() {
    let (t, log) = game();
    let mut bom2 = "\u{feff}\u{feff}".as_bytes().to_vec();
    bom2.extend_from_slice(&log);
    let raw = message(
        "turn",
        vec![attached("log.yaml", "application/x-yaml", &bom2)],
    );
    let (r, into) = inbox_into(&t, "bom", &raw);
    assert_eq!(r.code, 2, "{}\n{}", r.out, r.err);
    assert!(r.err.contains("two byte-order marks"), "{}", r.err);
    assert!(!into.exists());
    // One byte-order mark is fine.
    let mut bom1 = "\u{feff}".as_bytes().to_vec();
    bom1.extend_from_slice(&log);
    let raw = message(
        "turn",
        vec![attached("log.yaml", "application/x-yaml", &bom1)],
    );
    assert_received(&t, "bom1", &raw);
}

#[test]
fn mail_in_base64_with_a_stray_semicolon_is_read() {
    let (t, log) = game();
    let raw = message(
        "turn",
        vec![attached("log.yaml", "application/x-yaml", &log)],
    );
    let text = String::from_utf8(raw).unwrap();
    // lettre writes the text part first (7bit), then the attachment (base64).
    assert_eq!(
        text.matches("Content-Transfer-Encoding: base64\r\n")
            .count(),
        1
    );
    let bad = text.replace(
        "Content-Transfer-Encoding: base64\r\n",
        "Content-Transfer-Encoding: base64;\r\n",
    );
    assert_received(&t, "semicolon", bad.as_bytes());
}

#[test]
fn mail_in_base64_cut_off_asks_for_it_again() {
    let (t, log) = game();
    let raw = message(
        "turn",
        vec![attached("log.yaml", "application/x-yaml", &log)],
    );
    let text = String::from_utf8(raw).unwrap();
    let body = text.find("Content-Transfer-Encoding: base64").unwrap();
    let start = body + text[body..].find("\r\n\r\n").unwrap() + 4;
    // Cut mid-line (not a whole base64 group), and cut at a line end (whole groups,
    // but the message stops before its closing boundary).
    let mid = &text[..start + 1000 + 3];
    let line_end = {
        let at = start + text[start..].match_indices("\r\n").nth(20).unwrap().0;
        &text[..at + 2]
    };
    for (name, cut) in [("mid", mid), ("line", line_end)] {
        let (r, into) = inbox_into(&t, name, cut.as_bytes());
        assert_eq!(r.code, 2, "{name}: {}\n{}", r.out, r.err);
        assert!(
            r.err.contains("damaged or cut off") && r.err.contains("send it again"),
            "{name}: {}",
            r.err
        );
        assert!(r.err.contains("ben@example.org"), "{name}: {}", r.err);
        assert!(!into.exists());
    }
}

/// A message forwarded as an attachment the way Thunderbird, Gmail, Outlook and Python's
/// `email` forward it: a `message/rfc822` part in plain text (7bit or 8bit, not
/// re-encoded), whose own multipart boundary lines (`--…`) sit inside the outer message.
fn forward_in_plain_text(inner: &[u8], subject: &str, boundary: &str) -> Vec<u8> {
    let mut raw = format!(
        "From: Carol <carol@example.org>\r\nTo: Ana <ana@example.org>\r\nSubject: {subject}\r\n\
MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"{boundary}\"\r\n\r\n\
--{boundary}\r\nContent-Type: text/plain; charset=\"utf-8\"\r\nContent-Transfer-Encoding: 7bit\r\n\r\n\
see attached\r\n\r\n--{boundary}\r\nContent-Type: message/rfc822\r\nContent-Transfer-Encoding: 8bit\r\n\
MIME-Version: 1.0\r\nContent-Disposition: attachment\r\n\r\n"
    )
    .into_bytes();
    raw.extend_from_slice(inner);
    raw.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    raw
}

#[test]
fn mail_in_forwarded_in_plain_text_with_its_own_boundaries_once_and_twice() {
    let (t, _) = game();
    ok(&["mail", &t.game(), "--to", "blue", "--eml", &t.s("turn.eml")]);
    let turn = std::fs::read(t.p("turn.eml")).unwrap();
    let once = forward_in_plain_text(&turn, "Fwd: turn", "===============0758500404278495318==");
    assert_received(&t, "plain-once", &once);
    let twice = forward_in_plain_text(&once, "Fwd: Fwd: turn", "===============1111111111==");
    assert_received(&t, "plain-twice", &twice);
}

#[test]
fn mail_in_forwarded_by_python_email_library_fixture() {
    // fixtures/mail/make-forwarded.py: CPython's email library forwards a turn carrying
    // fixtures/tally/mutual-game.yaml as a message/rfc822 attachment.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let raw = std::fs::read(root.join("fixtures/mail/forwarded-by-python-email.eml")).unwrap();
    let t = Table::new();
    let (r, into) = inbox_into(&t, "python", &raw);
    assert_eq!(r.code, 0, "{}\n{}", r.out, r.err);
    assert_eq!(
        hashes(&into.join("log.yaml")),
        hashes(&root.join("fixtures/tally/mutual-game.yaml"))
    );
}

#[test]
fn mail_in_maildir_names_each_message_it_passes_over_with_why() {
    let (t, _) = game();
    ok(&["mail", &t.game(), "--to", "blue", "--eml", &t.s("turn.eml")]);
    let turn = std::fs::read(t.p("turn.eml")).unwrap();
    let md = t.p("Maildir");
    for sub in ["cur", "new", "tmp"] {
        std::fs::create_dir_all(md.join(sub)).unwrap();
    }
    // A forward whose log was damaged on the way (a `-` inside its base64 text).
    let mut bad = forward_in_plain_text(&turn, "Fwd: turn", "===============22==");
    let at = bad
        .windows(20)
        .position(|w| w.starts_with(b"filename=\"log.yaml\""))
        .unwrap();
    let body = at + bad[at..].windows(4).position(|w| w == b"\r\n\r\n").unwrap() + 10;
    bad[body] = b'-';
    std::fs::write(md.join("new/1.eml"), &bad).unwrap();
    std::fs::write(md.join("new/2.eml"), &turn).unwrap();
    let into = t.p("from-maildir");
    let r = cli(&[
        "inbox",
        &md.display().to_string(),
        "--into",
        &into.display().to_string(),
    ]);
    assert_eq!(r.code, 0, "{}\n{}", r.out, r.err);
    assert!(
        r.err.contains("1.eml") && r.err.contains("skipped"),
        "{}",
        r.err
    );
    assert!(r.err.contains("damaged or cut off"), "{}", r.err);
}
