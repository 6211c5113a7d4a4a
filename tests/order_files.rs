//! Order files as players really write them (issue 13, "Order files"): every error at once
//! with file:line:column, nearest names, files applied twice, stray characters, wrong
//! encodings, leading zeros, an edited `side:`, a mistyped passphrase.

mod support;

use support::{cli, ok, Table};

/// An Alexandros game (keys red = macedonian, blue = persian) past the Persian set-up,
/// waiting for the Macedonian movement of Spring 334.
fn spring_334(t: &Table) -> String {
    let game = t.game();
    let mac = format!("macedonian=Ana,ana@example.org,{}", t.s("red.key.pub"));
    let per = format!("persian=Ben,ben@example.org,{}", t.s("blue.key.pub"));
    ok(&[
        "new", "--ruleset", "alexandros", "--scenario", "campaign-334", "--dice", "open",
        "--player", &mac, "--player", &per, "--dir", &game,
    ]);
    ok(&["accept", &game, "--key", &t.s("red.key")]);
    ok(&["accept", &game, "--key", &t.s("blue.key")]);
    let tpl = ok(&["template", &game, "--side", "persian"]);
    std::fs::write(t.p("setup.yaml"), tpl).unwrap();
    ok(&["apply", &game, "--orders", &t.s("setup.yaml"), "--key", &t.s("blue.key")]);
    game
}

#[test]
fn scratch() {
    let t = Table::new();
    let game = spring_334(&t);
    println!("{}", ok(&["status", &game]));
    println!("{}", ok(&["template", &game, "--side", "macedonian"]));
}
