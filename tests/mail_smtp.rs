//! Sending over SMTP to a loopback sink (127.0.0.1 only) and reading the message back.

mod support;

use legatus::transport::mail::{
    parse_message, send_smtp, subject_line, Attachment, MailError, OutgoingMail, SmtpConfig,
};
use mailin::AuthMechanism;
use support::smtp_sink::SmtpSink;

const USER: &str = "rome@example.test";
const PASSWORD: &str = "Hannibal-ad-portas-7731";

fn sample_mail() -> OutgoingMail {
    let binary: Vec<u8> = (0..=255u8).cycle().take(3000).collect();
    OutgoingMail {
        from: "Rome <rome@example.test>".into(),
        to: "carthage@example.test".into(),
        subject: subject_line("3f9a1c", 12, "Rome", "Carthage", "your orders for step move"),
        body_text: "Your move.\nThe signed entries are attached.\n".into(),
        attachments: vec![
            Attachment {
                file_name: "3f9a1c-0012.yaml".into(),
                content_type: "application/x-yaml".into(),
                bytes: b"entry: 12\nside: Rome\n  trailing spaces   \n.\n.leading dot\nno final newline"
                    .to_vec(),
            },
            Attachment {
                file_name: "dice.bin".into(),
                content_type: "application/octet-stream".into(),
                bytes: binary,
            },
            Attachment {
                file_name: "notes.txt".into(),
                content_type: "text/plain".into(),
                // Not valid UTF-8, CRLF and bare CR: must still arrive byte for byte.
                bytes: b"caf\xe9\r\nline\rend\n".to_vec(),
            },
        ],
    }
}

/// Writes a settings file only its owner can read.
fn private_file(dir: &std::path::Path, text: &str) -> std::path::PathBuf {
    let file = dir.join("smtp.yaml");
    std::fs::write(&file, text).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    file
}

fn config(sink: &SmtpSink, password: &str) -> SmtpConfig {
    SmtpConfig::from_values_and_file(
        Some(sink.url("rome%40example.test")),
        Some(password.into()),
        None,
    )
    .expect("config")
}

#[test]
fn message_sent_over_smtp_parses_back_with_identical_attachments() {
    for mech in [AuthMechanism::Plain, AuthMechanism::Login] {
        let sink = SmtpSink::start(USER, PASSWORD, std::slice::from_ref(&mech), 1);
        let mail = sample_mail();
        send_smtp(&mail, &config(&sink, PASSWORD)).unwrap_or_else(|e| panic!("{mech:?}: {e}"));
        let got = sink.recv(10).expect("the sink received a message");
        assert_eq!(got.from, "rome@example.test");
        assert_eq!(got.to, vec!["carthage@example.test".to_string()]);
        let parsed = parse_message(&got.data).expect("parse");
        assert_eq!(
            parsed.subject,
            "[legatus] 3f9a1c entry 12 from Rome: Carthage, your orders for step move"
        );
        assert_eq!(parsed.from, "rome@example.test");
        assert!(parsed.body_text.contains("Your move."));
        assert_eq!(parsed.attachments, mail.attachments, "{mech:?}");
    }
}

#[test]
fn wrong_password_is_a_clear_error_without_the_password() {
    let sink = SmtpSink::start(
        USER,
        PASSWORD,
        &[AuthMechanism::Plain, AuthMechanism::Login],
        1,
    );
    let wrong = "not-the-password-4411";
    let cfg = config(&sink, wrong);
    let err = send_smtp(&sample_mail(), &cfg).expect_err("must be refused");
    assert!(matches!(err, MailError::AuthRejected { .. }), "{err:?}");
    let shown = format!("{err}");
    let debugged = format!("{err:?}");
    eprintln!("{shown}");
    assert!(shown.contains("refused the login"), "{shown}");
    assert!(shown.contains("rome@example.test"), "{shown}");
    for text in [&shown, &debugged] {
        assert!(!text.contains(wrong), "{text}");
        assert!(!text.contains(PASSWORD), "{text}");
    }
    assert!(sink.recv(1).is_none(), "nothing may be delivered");
}

#[test]
fn config_debug_and_display_never_show_the_password() {
    let dir = tempfile::tempdir().unwrap();
    let file = private_file(
        dir.path(),
        &format!("url: smtps://rome%40example.test@mail.example.test\npassword: \"{PASSWORD}\"\n"),
    );
    let cfg = SmtpConfig::from_values_and_file(None, None, Some(&file)).unwrap();
    assert_eq!(cfg.password.as_deref(), Some(PASSWORD));
    for text in [format!("{cfg:?}"), format!("{cfg}")] {
        assert!(!text.contains(PASSWORD), "{text}");
        assert!(text.contains("mail.example.test"), "{text}");
    }
    // The environment wins over the file.
    let cfg = SmtpConfig::from_values_and_file(
        Some("smtp://127.0.0.1:2525?tls=none".into()),
        Some("other".into()),
        Some(&file),
    )
    .unwrap();
    assert_eq!(cfg.password.as_deref(), Some("other"));
    assert!(cfg.url.starts_with("smtp://127.0.0.1:2525"));
}

#[test]
fn bad_settings_file_error_does_not_quote_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = private_file(
        dir.path(),
        &format!("url: [unclosed\npassword: {PASSWORD}\nextra: {{\n"),
    );
    let err = SmtpConfig::from_values_and_file(None, None, Some(&file)).unwrap_err();
    assert!(!format!("{err} {err:?}").contains(PASSWORD));
    let err = SmtpConfig::from_values_and_file(None, None, None).unwrap_err();
    assert!(err.to_string().contains("LEGATUS_SMTP_URL"), "{err}");
}

#[test]
fn user_without_password_is_refused_before_connecting() {
    let cfg = SmtpConfig::from_values_and_file(
        Some("smtp://rome@127.0.0.1:9?tls=none".into()),
        None,
        None,
    )
    .unwrap();
    let err = send_smtp(&sample_mail(), &cfg).unwrap_err();
    assert!(matches!(err, MailError::Config(_)), "{err:?}");
    assert!(err.to_string().contains("LEGATUS_SMTP_PASSWORD"), "{err}");
}

#[cfg(unix)]
#[test]
fn settings_file_readable_by_others_is_refused() {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = tempfile::tempdir().unwrap();
    let file = private_file(
        dir.path(),
        &format!("url: smtp://a@b.test\npassword: {PASSWORD}\n"),
    );
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let err = SmtpConfig::from_values_and_file(None, None, Some(&file)).unwrap_err();
    assert!(err.to_string().contains("chmod 600"), "{err}");
    assert!(!err.to_string().contains(PASSWORD));
}

#[test]
fn tls_is_never_skipped_silently() {
    // smtp:// without tls=none requires STARTTLS; the sink does not offer it, so the
    // send must fail before any login (the password never crosses in clear).
    let sink = SmtpSink::start(USER, PASSWORD, &[AuthMechanism::Plain], 1);
    let url = format!("smtp://rome%40example.test@127.0.0.1:{}", sink.port);
    let cfg = SmtpConfig::from_values_and_file(Some(url), Some(PASSWORD.into()), None).unwrap();
    let err = send_smtp(&sample_mail(), &cfg).unwrap_err();
    eprintln!("{err}");
    assert!(matches!(err, MailError::Smtp { .. }), "{err:?}");
    assert!(!format!("{err} {err:?}").contains(PASSWORD));
    assert!(sink.recv(1).is_none());

    // smtps:// to a plaintext server: the TLS handshake fails with a clear error.
    let sink = SmtpSink::start(USER, PASSWORD, &[AuthMechanism::Plain], 1);
    let url = format!("smtps://rome%40example.test@127.0.0.1:{}", sink.port);
    let cfg = SmtpConfig::from_values_and_file(Some(url), Some(PASSWORD.into()), None).unwrap();
    let err = send_smtp(&sample_mail(), &cfg).unwrap_err();
    eprintln!("{err}");
    assert!(matches!(err, MailError::Smtp { .. }), "{err:?}");
    assert!(!format!("{err} {err:?}").contains(PASSWORD));
}

/// A private CA (a club's own) and a server certificate it issued for 127.0.0.1 and
/// localhost, made fresh for the test (rcgen); returns the CA certificate as PEM and
/// the server's rustls configuration (its chain and key).
fn private_ca() -> (String, std::sync::Arc<rustls::ServerConfig>) {
    use rcgen::{
        BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose,
    };
    use rustls::pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer};
    let ca_key = KeyPair::generate().unwrap();
    let mut ca = CertificateParams::new(Vec::<String>::new()).unwrap();
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(DnType::CommonName, "Tabletop Club private CA");
    ca.key_usages = vec![
        KeyUsagePurpose::KeyCertSign,
        KeyUsagePurpose::CrlSign,
        KeyUsagePurpose::DigitalSignature,
    ];
    let ca_cert = ca.self_signed(&ca_key).unwrap();
    let issuer = Issuer::new(ca, ca_key);
    let server_key = KeyPair::generate().unwrap();
    let mut server =
        CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()]).unwrap();
    server
        .distinguished_name
        .push(DnType::CommonName, "mail.club.test");
    let server_cert = server.signed_by(&server_key, &issuer).unwrap();
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    let cfg = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(
            vec![server_cert.der().clone(), ca_cert.der().clone()],
            PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(server_key.serialize_der())),
        )
        .unwrap();
    (ca_cert.pem(), std::sync::Arc::new(cfg))
}

#[test]
fn starttls_to_a_server_with_a_private_ca() {
    let (ca_pem, tls) = private_ca();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("club-ca.pem"), &ca_pem).unwrap();
    let mechs = [AuthMechanism::Plain, AuthMechanism::Login];

    // Only the public roots: the server's certificate is refused before any login,
    // and the error says how to trust the club's CA.
    let sink = SmtpSink::start_tls(USER, PASSWORD, &mechs, 1, tls.clone());
    let url = format!("smtp://rome%40example.test@127.0.0.1:{}", sink.port);
    let cfg =
        SmtpConfig::from_values_and_file(Some(url.clone()), Some(PASSWORD.into()), None).unwrap();
    let err = send_smtp(&sample_mail(), &cfg).unwrap_err();
    eprintln!("{err}");
    assert!(matches!(err, MailError::Smtp { .. }), "{err:?}");
    assert!(err.to_string().contains("ca_file"), "{err}");
    assert!(!format!("{err} {err:?}").contains(PASSWORD));
    assert!(sink.recv(1).is_none());

    // The documented way: `ca_file:` in the settings file (read from its folder).
    let sink = SmtpSink::start_tls(USER, PASSWORD, &mechs, 1, tls.clone());
    let file = private_file(
        dir.path(),
        &format!(
            "url: smtp://rome%40example.test@127.0.0.1:{}\npassword: \"{PASSWORD}\"\nca_file: club-ca.pem\n",
            sink.port
        ),
    );
    let cfg = SmtpConfig::from_values_and_file(None, None, Some(&file)).unwrap();
    assert!(cfg.to_string().contains("club-ca.pem"), "{cfg}");
    let mail = sample_mail();
    send_smtp(&mail, &cfg).unwrap_or_else(|e| panic!("{e}"));
    let got = sink.recv(10).expect("the sink received a message over TLS");
    let parsed = parse_message(&got.data).unwrap();
    assert_eq!(parsed.attachments, mail.attachments);

    // The same CA given in code (what LEGATUS_SMTP_CA_FILE sets).
    let sink = SmtpSink::start_tls(USER, PASSWORD, &mechs, 1, tls);
    let url = format!("smtp://rome%40example.test@127.0.0.1:{}", sink.port);
    let cfg = SmtpConfig::from_values_and_file(Some(url), Some(PASSWORD.into()), None)
        .unwrap()
        .with_ca_file(dir.path().join("club-ca.pem"))
        .unwrap();
    send_smtp(&mail, &cfg).unwrap_or_else(|e| panic!("{e}"));
    assert!(sink.recv(10).is_some());

    // A file that holds no certificate is refused when the settings are read.
    std::fs::write(dir.path().join("not-a-cert.pem"), "hello\n").unwrap();
    let err = cfg
        .clone()
        .with_ca_file(dir.path().join("not-a-cert.pem"))
        .unwrap_err();
    assert!(matches!(err, MailError::Config(_)), "{err:?}");
    assert!(err.to_string().contains("BEGIN CERTIFICATE"), "{err}");
}
