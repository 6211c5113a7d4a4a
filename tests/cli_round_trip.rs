//! Whole games through the CLI in each dice mode (core issue acceptance:
//! new → accept ×2 → apply … → verify exit 0; state.yaml equals a fresh replay).

mod support;

use legatus::engine::folder::GameDir;
use legatus::engine::render;
use support::{cli, ok, registry, Table};

fn round_trip(mode: &str) {
    let t = Table::new();
    t.start(mode);
    let n = t.play_out();
    assert!(
        n >= 10,
        "a Tally game takes a dozen entries or more, took {n}"
    );
    let v = ok(&["verify", &t.s("game/log.yaml")]);
    assert!(v.contains("Verdict: VALID"), "{v}");
    let (game, verified) = GameDir::new(t.p("game")).load(&registry()).unwrap();
    assert!(verified.rolls > 0, "a whole game rolls dice");
    assert_eq!(
        std::fs::read_to_string(t.p("game/state.yaml")).unwrap(),
        render::state_yaml(&game),
        "state.yaml equals a fresh replay"
    );
    let status = ok(&["status", &t.game()]);
    assert!(status.contains("the game is over"), "{status}");
}

#[test]
fn protocol_round_trip_mutual_dice() {
    round_trip("mutual");
}

#[test]
fn protocol_round_trip_referee_dice() {
    round_trip("referee");
}

#[test]
fn protocol_round_trip_open_dice() {
    round_trip("open");
}

#[test]
fn protocol_audit_lists_every_roll() {
    let t = Table::new();
    t.start("mutual");
    t.play_out();
    let a = ok(&["audit", &t.s("game/log.yaml"), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    let rolls = v["rolls"].as_array().unwrap();
    assert!(!rolls.is_empty());
    assert!(rolls
        .iter()
        .all(|r| r["rule"].as_str().unwrap().starts_with("Tally T")));
    let r = cli(&["audit", &t.s("game/log.yaml"), "--format", "markdown"]);
    assert_eq!(r.code, 0);
    assert!(r.out.contains("| entry | side |"));
}

#[test]
fn protocol_state_file_is_a_cache_never_trusted() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    for _ in 0..4 {
        t.step(&mut n);
    }
    let state = t.p("game/state.yaml");
    let good = std::fs::read_to_string(&state).unwrap();
    std::fs::write(&state, good.replace("turn", "tern")).unwrap();
    let out = ok(&["status", &t.game()]);
    assert!(out.contains("rebuilt"), "{out}");
    assert_eq!(
        std::fs::read_to_string(&state).unwrap(),
        good,
        "status rebuilds state.yaml from the log"
    );
    std::fs::remove_file(&state).unwrap();
    t.step(&mut n);
    let (game, _) = GameDir::new(t.p("game")).load(&registry()).unwrap();
    assert_eq!(
        std::fs::read_to_string(&state).unwrap(),
        render::state_yaml(&game)
    );
}

/// Plays entries until the pending step is orders for one side (open dice: nothing waits for a reveal).
fn until_orders(t: &Table) -> String {
    let mut n = 0;
    loop {
        let (g, _) = GameDir::new(t.p("game")).load(&registry()).unwrap();
        let p = g.pending();
        if p.kind == legatus::ruleset::PendingKind::Orders {
            return p.sides[0].clone();
        }
        assert!(t.step(&mut n), "the game ended before an attack step");
    }
}

/// Giving the public half as `--key` says so, and writes nothing.
#[test]
fn a_public_key_given_as_key_is_named_as_such() {
    let t = Table::new();
    t.start("mutual");
    let before = std::fs::read(t.p("game/log.yaml")).unwrap();
    let r = cli(&["apply", &t.game(), "--key", &t.s("red.key.pub")]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(r.err.contains("public key line"), "{}", r.err);
    assert_eq!(std::fs::read(t.p("game/log.yaml")).unwrap(), before);
}

#[test]
fn template_refuses_a_side_nothing_awaits_and_names_who_is_awaited() {
    let t = Table::new();
    t.start("open");
    let actor = until_orders(&t);
    let idle = if actor == "red" { "blue" } else { "red" };
    let before = support::folder_snapshot(&t.p("game"));
    let game = t.game();
    for args in [
        vec!["--side", idle],
        vec!["--key", &t.key_of(idle)],
        vec!["--side", idle, "--key", &t.key_of(idle)],
    ] {
        let mut argv = vec!["template", game.as_str()];
        argv.extend(args.iter().copied());
        let r = cli(&argv);
        assert_eq!(r.code, 2, "{args:?}: {}{}", r.out, r.err);
        assert!(
            r.out.is_empty(),
            "{args:?}: no template is written: {}",
            r.out
        );
        assert!(
            r.err.contains(&format!("nothing awaits {idle}"))
                && r.err.contains(&format!("awaits {actor}")),
            "{args:?}: names who is awaited: {}",
            r.err
        );
    }
    assert_eq!(before, support::folder_snapshot(&t.p("game")));
    // --key alone names the side; a key that is not --side's is refused.
    let tpl = ok(&["template", &t.game(), "--key", &t.key_of(&actor)]);
    assert!(tpl.contains(&format!("side: \"{actor}\"")), "{tpl}");
    assert!(!tpl.contains("# Note"), "{tpl}");
    let r = cli(&[
        "template",
        &t.game(),
        "--side",
        &actor,
        "--key",
        &t.key_of(idle),
    ]);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(r.err.contains("does not belong"), "{}", r.err);
    // Neither --side nor --key: a usage error.
    assert_eq!(cli(&["template", &t.game()]).code, 2);
    // Once the game is over, nothing awaits anyone.
    t.play_out();
    let r = cli(&["template", &t.game(), "--side", "red"]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("the game is over"), "{}", r.err);
}

#[test]
fn template_refuses_while_another_sides_reveal_is_awaited_or_before_all_accept() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    let waiting = loop {
        let (g, _) = GameDir::new(t.p("game")).load(&registry()).unwrap();
        if let (Some(aw), Some(who)) = (g.awaiting(), g.awaited_revealer()) {
            break (aw.author.clone(), who);
        }
        assert!(t.step(&mut n), "no entry ever waited for a reveal");
    };
    let (author, revealer) = waiting;
    let r = cli(&["template", &t.game(), "--side", &author]);
    assert_eq!(r.code, 2, "{}{}", r.out, r.err);
    assert!(r.out.is_empty());
    assert!(
        r.err.contains(&format!(
            "waits for {revealer}'s dice reveal, so {revealer} sends the next entry"
        )),
        "{}",
        r.err
    );
    // The revealer gets the template of the step after his reveal, or is told to send a bare reveal.
    let r = cli(&["template", &t.game(), "--key", &t.key_of(&revealer)]);
    assert!(
        (r.code == 0 && r.out.contains(&format!("side: \"{revealer}\"")))
            || (r.code == 2 && r.err.contains("Send a bare reveal")),
        "{}{}",
        r.out,
        r.err
    );

    let t = Table::new();
    t.create_in(&t.game(), "mutual", &[]);
    ok(&["accept", &t.game(), "--key", &t.key_of("red")]);
    let r = cli(&["template", &t.game(), "--side", "red"]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("waits for blue to accept"), "{}", r.err);
}

#[test]
fn next_steps_printed_by_commands_name_the_game_folder() {
    let t = Table::new();
    // A folder name with a space, so it must come out quoted for the shell.
    let game = t.s("my game");
    t.create_in(&game, "mutual", &[]);
    let quoted = format!("'{game}'");
    let accepted = ok(&["accept", &game, "--key", &t.key_of("red")]);
    assert!(
        accepted.contains(&format!("`legatus accept {quoted} --key <blue's key>`")),
        "{accepted}"
    );
    assert!(!accepted.contains("<game>"), "{accepted}");
    let status = ok(&["status", &game]);
    assert!(
        status.contains(&format!("legatus accept {quoted}")),
        "{status}"
    );
    assert!(!status.contains("<game>"), "{status}");
    // report.md is read by both players, each with a folder of his own: it keeps the placeholder.
    let report = std::fs::read_to_string(t.p("my game/report.md")).unwrap();
    assert!(report.contains("legatus accept <game>"), "{report}");

    ok(&["accept", &game, "--key", &t.key_of("blue")]);
    let tpl = ok(&["template", &game, "--side", "red"]);
    assert!(
        tpl.contains(&format!("then run: legatus apply {quoted} --orders")),
        "{tpl}"
    );
    // An entry waiting for a reveal: the hint names the folder too.
    let plain = t.game();
    std::fs::rename(t.p("my game"), t.p("game")).unwrap();
    let mut n = 0;
    loop {
        let (g, _) = GameDir::new(t.p("game")).load(&registry()).unwrap();
        if g.awaiting().is_some() {
            break;
        }
        assert!(t.step(&mut n));
    }
    let status = ok(&["status", &plain]);
    assert!(
        status.contains(&format!("`legatus apply {plain} --key <key>`")),
        "{status}"
    );
}

#[test]
fn protocol_apply_echoes_orders_whose_dice_wait_for_the_reveal() {
    // Mutual dice: an attack's dice are fixed by the defender's next reveal, so nothing is
    // resolved when the attacker applies; apply says what it accepted and what waits.
    let t = Table::new();
    t.start("mutual");
    let reg = registry();
    for n in 0..60 {
        let (g, _) = GameDir::new(t.p("game")).load(&reg).unwrap();
        let key_of = |side: &str| {
            legatus::protocol::keys::SigningKey::load(std::path::Path::new(&t.key_of(side)), None)
                .map_err(Into::into)
        };
        let next = legatus::engine::orders::next_actor(&g, &key_of)
            .unwrap()
            .expect("the game goes on until an attack");
        let key = t.key_of(&next.side);
        let out = if next.orders {
            let tpl = ok(&["template", &t.game(), "--side", &next.side, "--key", &key]);
            let f = t.p(&format!("orders-{n}.yaml"));
            std::fs::write(&f, tpl).unwrap();
            ok(&[
                "apply",
                &t.game(),
                "--orders",
                &f.display().to_string(),
                "--key",
                &key,
            ])
        } else {
            ok(&["apply", &t.game(), "--key", &key])
        };
        if let Some(at) = out.find("their outcome waits for") {
            let echoed = &out[at..];
            assert!(echoed.contains("  - dice: "), "{out}");
            assert!(echoed.contains("nobody, you included"), "{out}");
            return;
        }
    }
    panic!("no orders waited for a reveal");
}

#[test]
fn status_mail_and_turn_page_include_the_readers_own_results_fixed_by_the_opponents_reveal() {
    // Mutual dice: an attack's dice are fixed by the defender's next entry, so its results
    // happen inside the defender's entry. The attacker's status, the mail to him and the turn
    // page for either side must still tell them, labelled with the attacker's entry.
    let t = Table::new();
    t.start("mutual");
    let reg = registry();
    let mut n = 0;
    for _ in 0..80 {
        let last = t
            .act_in(&t.game(), &mut n)
            .expect("the game goes on until an attack");
        let (g, _) = GameDir::new(t.p("game")).load(&reg).unwrap();
        let Some(theirs) = g.recent().find(|e| {
            e.resolved_by == Some(g.last_seq()) && e.author != last && !e.events.is_empty()
        }) else {
            continue;
        };
        let reader = theirs.author.clone();
        let texts: Vec<String> = theirs.events.iter().map(|e| e.text.clone()).collect();
        let label = format!("entry {} by {reader}", theirs.seq);
        // Without a key: what the last entry set off, the other side's results first.
        let plain = ok(&["status", &t.game()]);
        let at = plain.find("Last events").expect("status has last events");
        for text in &texts {
            assert!(
                plain[at..].contains(text.as_str()),
                "{text} missing:\n{plain}"
            );
        }
        assert!(plain[at..].contains(&label), "{plain}");
        // With the reader's key: since his last entry.
        let mine = ok(&["status", &t.game(), "--key", &t.key_of(&reader)]);
        let at = mine
            .find("What happened since your last entry")
            .expect("status for a reader tells what happened since his entry");
        for text in &texts {
            assert!(
                mine[at..].contains(text.as_str()),
                "{text} missing:\n{mine}"
            );
        }
        // The mail to him.
        let eml = t.p("to-reader.eml");
        ok(&[
            "mail",
            &t.game(),
            "--to",
            &reader,
            "--eml",
            &eml.display().to_string(),
        ]);
        let raw = std::fs::read(&eml).unwrap();
        let head = String::from_utf8_lossy(&raw).to_lowercase();
        assert!(
            head.contains("text/markdown; charset=utf-8")
                && head.contains("text/html; charset=utf-8"),
            "report.md and turn.html name their charset"
        );
        let mail = legatus::transport::mail::parse_message(&raw).unwrap();
        for text in &texts {
            assert!(
                mail.body_text.contains(text.as_str()),
                "{text} missing:\n{}",
                mail.body_text
            );
        }
        // The turn page for the side whose reveal fixed them.
        let html = t.p("turn.html");
        ok(&[
            "show",
            &t.game(),
            "--html",
            &html.display().to_string(),
            "--side",
            &last,
        ]);
        let page = std::fs::read_to_string(&html).unwrap();
        for text in &texts {
            assert!(
                page.contains(text.as_str()),
                "{text} missing from the turn page"
            );
        }
        return;
    }
    panic!("no entry's results were fixed by the opponent's reveal");
}

#[test]
fn verify_and_inbox_of_an_altered_log_say_why_once_in_a_full_sentence() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    for _ in 0..4 {
        t.step(&mut n);
    }
    // A good mail, then the same with its log altered on the way.
    let good = t.p("good.eml");
    ok(&[
        "mail",
        &t.game(),
        "--to",
        "blue",
        "--eml",
        &good.display().to_string(),
    ]);
    support::tamper_state_hash(&t.p("game/log.yaml"), 2);
    let r = cli(&["verify", &t.game()]);
    assert_ne!(r.code, 0);
    assert!(r.out.contains("Verdict: INVALID"), "{}", r.out);
    assert_eq!(r.err.matches("error:").count(), 1, "{}", r.err);
    assert!(
        !r.out.contains("entry 2"),
        "the reason is said once, on stderr: {}",
        r.out
    );
    let raw = std::fs::read(&good).unwrap();
    let mut received = legatus::transport::mail::parse_message(&raw).unwrap();
    let log = received
        .attachments
        .iter_mut()
        .find(|a| a.file_name == "log.yaml")
        .unwrap();
    log.bytes = std::fs::read(t.p("game/log.yaml")).unwrap();
    let forged = legatus::transport::mail::OutgoingMail {
        from: "ben@example.org".into(),
        to: "ana@example.org".into(),
        subject: received.subject.clone(),
        body_text: received.body_text.clone(),
        attachments: vec![log.clone()],
    };
    let eml = t.p("forged.eml");
    legatus::transport::mail::write_eml(&forged, &eml).unwrap();
    let r = cli(&["inbox", &eml.display().to_string(), "--into", &t.s("copy")]);
    assert_ne!(r.code, 0);
    assert!(
        r.err
            .contains("does not verify: the copy was damaged or altered; nothing was written"),
        "{}",
        r.err
    );
    assert!(!t.p("copy").exists());
}
