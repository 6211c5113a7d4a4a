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

/// Sealed Winter orders the rules refuse on their own are refused before they are committed
/// (PROTOCOL §7): a commitment cannot be changed, and orders refused only once both sides had
/// revealed would leave the Winter unable to end. Rome has committed; Macedon asks for a
/// legion, which only Rome raises (Romans [17.31]): nothing is written, and the template's
/// orders then go.
#[test]
fn romans_17_31_sealed_winter_orders_refused_alone_before_the_commitment() {
    let t = Table::new();
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
    assert!(
        t.play_until(&game, "macedon: commit sealed orders", 30),
        "the first Winter"
    );
    let key = t.s("blue.key");
    let tpl = ok(&["template", &game, "--side", "macedon", "--key", &key]);
    let at = tpl.find("\n  winter:\n").expect("a winter block") + "\n  winter:\n".len();
    let bad = format!(
        "{}    legions: [{{legion: VI, at: Pella}}]\n{}",
        &tpl[..at],
        &tpl[at..].replacen("    legions: []", "", 1)
    );
    let f = t.p("macedon-winter.yaml");
    std::fs::write(&f, &bad).unwrap();
    let before = support::folder_snapshot(&t.p("game"));
    let r = support::cli(&[
        "apply",
        &game,
        "--orders",
        &f.display().to_string(),
        "--key",
        &key,
    ]);
    assert_ne!(r.code, 0, "{}{}", r.out, r.err);
    assert!(r.err.contains("Romans [17.31]"), "{bad}\n{}", r.err);
    assert_eq!(
        before,
        support::folder_snapshot(&t.p("game")),
        "nothing written"
    );
    // The template as given is committed; the Winter then ends as usual.
    std::fs::write(&f, &tpl).unwrap();
    ok(&[
        "apply",
        &game,
        "--orders",
        &f.display().to_string(),
        "--key",
        &key,
    ]);
    assert!(t.play_until(&game, "March 199 B.C.", 30), "the Winter ends");
    ok(&["verify", &game]);
}
