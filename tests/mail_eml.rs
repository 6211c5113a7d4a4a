//! `.eml` files and Maildirs: round trips and hostile input. Files only in temp dirs.

use legatus::transport::mail::{
    build_message, parse_message, read_maildir, write_eml, Attachment, OutgoingMail,
};

fn mail() -> OutgoingMail {
    OutgoingMail {
        from: "rome@example.test".into(),
        to: "Carthage <carthage@example.test>".into(),
        subject: "[legatus] 3f9a1c entry 3: Rome to retreat — ünïcödé".into(),
        body_text: "Hello,\n\nentries attached.\n".into(),
        attachments: vec![
            Attachment {
                file_name: "entries 1-3.yaml".into(),
                content_type: "application/x-yaml".into(),
                bytes: b"a: 1\nb: \"two\"\n".to_vec(),
            },
            Attachment {
                file_name: "raw.bin".into(),
                content_type: "application/octet-stream".into(),
                bytes: (0..=255u8).rev().collect(),
            },
        ],
    }
}

#[test]
fn eml_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.eml");
    write_eml(&mail(), &path).unwrap();
    // Atomic write leaves nothing else behind.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("out.eml")]);
    let raw = std::fs::read(&path).unwrap();
    let got = parse_message(&raw).unwrap();
    assert_eq!(got.subject, mail().subject);
    assert_eq!(got.from, "rome@example.test");
    assert_eq!(got.body_text.replace("\r\n", "\n"), mail().body_text);
    assert_eq!(got.attachments, mail().attachments);
    // Overwriting an existing file works too.
    write_eml(&mail(), &path).unwrap();
}

#[test]
fn message_without_attachments_and_bad_inputs() {
    let mut m = mail();
    m.attachments.clear();
    let got = parse_message(&build_message(&m).unwrap()).unwrap();
    assert!(got.attachments.is_empty());
    assert!(got.body_text.contains("entries attached."));

    let mut bad = mail();
    bad.to = "not an address".into();
    let e = build_message(&bad).unwrap_err();
    assert!(e.to_string().contains("not an address"), "{e}");

    let mut bad = mail();
    bad.attachments[0].content_type = "no slash".into();
    assert!(build_message(&bad).is_err());
}

const HOSTILE: &str = "From: Mallory <mallory@example.test>\r
To: rome@example.test\r
Subject: [legatus] 3f9a1c entry 4: Rome to move\r
MIME-Version: 1.0\r
Content-Type: multipart/mixed; boundary=\"XX\"\r
\r
--XX\r
Content-Type: text/plain\r
\r
innocent\r
--XX\r
Content-Type: application/x-yaml\r
Content-Disposition: attachment; filename=\"../../../../home/user/.bashrc\"\r
Content-Transfer-Encoding: base64\r
\r
ZWNobyBwd25lZAo=\r
--XX\r
Content-Type: application/octet-stream\r
Content-Disposition: attachment; filename=\"..\\\\..\\\\Windows\\\\evil.dll\"\r
Content-Transfer-Encoding: base64\r
\r
AAEC\r
--XX\r
Content-Type: application/octet-stream\r
Content-Disposition: attachment; filename*=UTF-8''..%2F..%2Fetc%2Fcron.d%2Fx%00y%0A.txt\r
Content-Transfer-Encoding: base64\r
\r
AAEC\r
--XX\r
Content-Type: application/octet-stream\r
Content-Disposition: attachment; filename=\"..\"\r
Content-Transfer-Encoding: base64\r
\r
AAEC\r
--XX--\r
";

#[test]
fn hostile_attachment_names_are_made_safe() {
    let got = parse_message(HOSTILE.as_bytes()).unwrap();
    let names: Vec<&str> = got
        .attachments
        .iter()
        .map(|a| a.file_name.as_str())
        .collect();
    assert_eq!(names, vec!["bashrc", "evil.dll", "xy.txt", "attachment-4"]);
    for n in &names {
        assert!(!n.contains('/') && !n.contains('\\') && !n.contains(".."));
        assert!(!n.chars().any(char::is_control));
    }
    assert_eq!(got.attachments[0].bytes, b"echo pwned\n");
    assert_eq!(got.attachments[1].bytes, [0, 1, 2]);
    assert_eq!(got.from, "mallory@example.test");
}

#[test]
fn maildir_is_read_sorted_from_cur_and_new() {
    let dir = tempfile::tempdir().unwrap();
    for sub in ["cur", "new", "tmp"] {
        std::fs::create_dir(dir.path().join(sub)).unwrap();
    }
    let mut m = mail();
    for (sub, name, subject) in [
        ("new", "300.host", "third"),
        ("cur", "100.host:2,S", "first"),
        ("new", "200.host", "second"),
        ("tmp", "050.host", "in tmp: ignored"),
    ] {
        m.subject = subject.into();
        std::fs::write(dir.path().join(sub).join(name), build_message(&m).unwrap()).unwrap();
    }
    std::fs::write(dir.path().join("new/.hidden"), b"x").unwrap();
    let got = read_maildir(dir.path()).unwrap().messages;
    let subjects: Vec<&str> = got.iter().map(|(_, r)| r.subject.as_str()).collect();
    assert_eq!(subjects, vec!["first", "second", "third"]);
    assert!(got[0].0.ends_with("cur/100.host:2,S"));
    assert_eq!(got[2].1.attachments, mail().attachments);

    assert!(read_maildir(&dir.path().join("missing")).is_err());
}
