//! The audit a reviewer reads (issue 6 acceptance: an insta snapshot of an
//! audit report). It runs on a checked-in Tally game log so every roll is fixed;
//! `generate_tally_fixture` (ignored) wrote that log once.

mod support;

use support::{ok, Table};

fn fixture() -> String {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/tally/mutual-game.yaml")
        .display()
        .to_string()
}

#[test]
#[ignore = "writes fixtures/tally/mutual-game.yaml; run by hand to regenerate"]
fn generate_tally_fixture() {
    let t = Table::new();
    t.start("mutual");
    t.play_out();
    std::fs::copy(t.p("game/log.yaml"), fixture()).unwrap();
}

#[test]
fn audit_report_text_snapshot() {
    insta::assert_snapshot!("audit_text", ok(&["audit", &fixture(), "--format", "text"]));
}

#[test]
fn audit_report_markdown_snapshot() {
    insta::assert_snapshot!(
        "audit_markdown",
        ok(&["audit", &fixture(), "--format", "markdown"])
    );
}

#[test]
fn audit_fixture_verifies() {
    assert!(ok(&["verify", &fixture()]).contains("Verdict: VALID"));
}
