//! Any entry's signature checks with `ssh-keygen -Y verify` on the bytes that
//! `legatus verify --show-signed N` prints (PROTOCOL "Files": SSHSIG keys).
//! Skipped, saying so, where OpenSSH's ssh-keygen is not installed.

mod support;

use std::process::{Command, Stdio};

use support::{cli, ok, Table};

#[test]
fn protocol_signature_checks_with_ssh_keygen() {
    if Command::new("ssh-keygen")
        .arg("-?")
        .stderr(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .is_err()
    {
        eprintln!("ssh-keygen not installed: skipping the cross-check with OpenSSH");
        return;
    }
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    for _ in 0..3 {
        t.step(&mut n);
    }
    let log = t.s("game/log.yaml");
    let signed = cli(&["verify", &log, "--show-signed", "3"]);
    assert_eq!(signed.code, 0);
    std::fs::write(t.p("e3.bytes"), signed.out.as_bytes()).unwrap();
    std::fs::write(
        t.p("e3.sig"),
        ok(&["verify", &log, "--show-signature", "3"]),
    )
    .unwrap();
    let author = if signed.out.contains("\"author\":\"red\"") {
        "red"
    } else {
        "blue"
    };
    let public = std::fs::read_to_string(t.p(&format!("{author}.key.pub"))).unwrap();
    std::fs::write(t.p("allowed"), format!("{author} {public}")).unwrap();
    let status = Command::new("ssh-keygen")
        .args([
            "-Y",
            "verify",
            "-f",
            &t.s("allowed"),
            "-I",
            author,
            "-n",
            "legatus",
            "-s",
            &t.s("e3.sig"),
        ])
        .stdin(std::fs::File::open(t.p("e3.bytes")).unwrap())
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "ssh-keygen rejects: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    std::fs::write(t.p("e3.bytes"), signed.out.replace("red", "blu")).unwrap();
    let bad = Command::new("ssh-keygen")
        .args([
            "-Y",
            "verify",
            "-f",
            &t.s("allowed"),
            "-I",
            author,
            "-n",
            "legatus",
            "-s",
            &t.s("e3.sig"),
        ])
        .stdin(std::fs::File::open(t.p("e3.bytes")).unwrap())
        .output()
        .unwrap();
    assert!(!bad.status.success(), "altered bytes must not verify");
}
