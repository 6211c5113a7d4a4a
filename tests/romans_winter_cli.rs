//! The Romans' first Winter/Planning Turn (Romans [4.2]) through the CLI: both players' Winter
//! orders from `template` as written, sealed (committed, then revealed), the dice of the Augury
//! and the taxes from the reveals, then March 199 B.C.; `verify` replays the whole log.

mod support;

use support::{ok, Table};

#[test]
fn romans_cli_first_winter_sealed_into_march() {
    let t = Table::new();
    // The table's keys, under the side names `act_in` looks for.
    std::fs::copy(t.p("red.key"), t.p("rome.key")).unwrap();
    std::fs::copy(t.p("blue.key"), t.p("macedon.key")).unwrap();
    let game = t.game();
    let rome = format!("rome=Ana,ana@example.org,{}", t.s("red.key.pub"));
    let mac = format!("macedon=Ben,ben@example.org,{}", t.s("blue.key.pub"));
    ok(&[
        "new",
        "--ruleset",
        "romans",
        "--scenario",
        "second-macedonian-war",
        "--player",
        &rome,
        "--player",
        &mac,
        "--dir",
        &game,
    ]);
    ok(&["accept", &game, "--key", &t.s("red.key")]);
    ok(&["accept", &game, "--key", &t.s("blue.key")]);
    let mut n = 0;
    let mut saw_winter = false;
    while !ok(&["status", &game]).contains("March 199 B.C. (Game-Turn 3 of 26)") {
        let status = ok(&["status", &game]);
        if status.contains("winter-200-199") {
            saw_winter = true;
            let tpl = ok(&[
                "template",
                &game,
                "--side",
                "rome",
                "--key",
                &t.s("red.key"),
            ]);
            assert!(
                tpl.contains("Augury (18.32)") && tpl.contains("Maintenance (17.35)"),
                "{tpl}"
            );
        }
        t.act_in(&game, &mut n).expect("the game goes on");
        assert!(n < 30, "the first Winter does not end: {status}");
    }
    assert!(saw_winter);
    let shown = ok(&["show", &game]);
    assert!(shown.contains("Victory Points"), "{shown}");
    ok(&["verify", &game]);
}
