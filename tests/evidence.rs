//! Evidence and audit (issue 13): a damaged paste, a hand-edited local log, two
//! copies that fork (`legatus audit LOG1 LOG2`). Files only in temp dirs.

mod support;

use support::{cli, copy_game, ok, tamper_state_hash, Table};

/// Applies `side`'s template for the pending step in `game`, with `edit` applied to it.
fn apply_edited(t: &Table, game: &str, side: &str, edit: impl Fn(&str) -> String) {
    let tpl = ok(&["template", game, "--side", side, "--key", &t.key_of(side)]);
    let file = t.p(&format!("{side}-{}.yaml", tpl.len()));
    std::fs::write(&file, edit(&tpl)).unwrap();
    ok(&[
        "apply",
        game,
        "--orders",
        &file.display().to_string(),
        "--key",
        &t.key_of(side),
    ]);
}

#[test]
fn evidence_damaged_paste_says_the_checksum_does_not_match() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    t.act_in(&t.game(), &mut n).unwrap();
    let behind = t.p("behind");
    copy_game(&t.p("game"), &behind);
    t.act_in(&t.game(), &mut n).unwrap();
    let post = ok(&["post", &t.game()]);
    // One character of the block's content changed, as a bad copy or an editor does:
    // the middle of the longest line of base64 between BEGIN and END.
    let begin = post.find("BEGIN LEGATUS ENTRIES").unwrap();
    let end = post.find("END LEGATUS ENTRIES").unwrap();
    let (at, line) = post[begin..end]
        .lines()
        .scan(begin, |pos, l| {
            let here = *pos;
            *pos += l.len() + 1;
            Some((here, l))
        })
        .filter(|(_, l)| {
            l.trim().len() > 40
                && l.trim()
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+/=".contains(c))
        })
        .max_by_key(|(_, l)| l.len())
        .expect("a line of base64");
    let mid = at + line.len() / 2;
    let mut damaged = post.clone();
    let c = if &post[mid..mid + 1] == "A" { "B" } else { "A" };
    damaged.replace_range(mid..mid + 1, c);
    std::fs::write(t.p("post.txt"), damaged).unwrap();
    let before = std::fs::read(behind.join("log.yaml")).unwrap();
    let r = cli(&["import", &behind.display().to_string(), &t.s("post.txt")]);
    assert_eq!(r.code, 2, "{}\n{}", r.out, r.err);
    assert!(r.err.contains("checksum"), "{}", r.err);
    assert!(r.err.contains("posted again"), "{}", r.err);
    assert!(!r.err.contains("corrupt deflate stream") || r.err.contains("checksum"));
    assert_eq!(std::fs::read(behind.join("log.yaml")).unwrap(), before);
}

#[test]
fn evidence_hand_edited_local_log_is_named_before_any_fork() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    for _ in 0..3 {
        t.act_in(&t.game(), &mut n).unwrap();
    }
    let theirs = t.p("theirs");
    copy_game(&t.p("game"), &theirs);
    // The opponent plays on in his copy and mails it.
    t.act_in(&theirs.display().to_string(), &mut n).unwrap();
    let eml = t.s("turn.eml");
    ok(&[
        "mail",
        &theirs.display().to_string(),
        "--to",
        "red",
        "--eml",
        &eml,
    ]);
    // Our own copy was edited by hand: one digit of entry 2's state hash.
    tamper_state_hash(&t.p("game/log.yaml"), 2);
    let before = std::fs::read(t.p("game/log.yaml")).unwrap();

    let r = cli(&["inbox", &eml, "--game", &t.game()]);
    assert_eq!(r.code, 3, "{}\n{}", r.out, r.err);
    for words in ["your own copy", "fails its own check", "entry 2", "--into"] {
        assert!(r.err.contains(words), "{words}: {}", r.err);
    }
    assert!(!r.err.contains("settle with your opponent"), "{}", r.err);
    assert_eq!(std::fs::read(t.p("game/log.yaml")).unwrap(), before);

    // The recovery it names works: the folder made again from the opponent's copy.
    std::fs::rename(t.p("game"), t.p("game.changed")).unwrap();
    ok(&["inbox", &eml, "--into", &t.game()]);
    let o = ok(&["verify", &t.game()]);
    assert!(o.contains("VALID"), "{o}");
}

#[test]
fn evidence_audit_of_two_logs_shows_a_fork_signed_twice_as_proof() {
    let t = Table::new();
    t.start("mutual");
    let copy = t.p("restarted");
    copy_game(&t.p("game"), &copy);
    // Red bids 2 in one copy, then goes back and bids 3 in the other: two entries 3
    // (after the two acceptances) signed by red after the same entry 2.
    apply_edited(&t, &t.game(), "red", |s| s.to_string());
    apply_edited(&t, &copy.display().to_string(), "red", |s| {
        s.replace("bid: 2", "bid: 3")
    });
    let a = t.s("game/log.yaml");
    let b = copy.join("log.yaml").display().to_string();
    let r = cli(&["audit", &a, &b]);
    assert_eq!(r.code, 3, "{}\n{}", r.out, r.err);
    for words in [
        "At entry 3 they part",
        "red signed two different entries 3",
        "re-rolling by restarting",
        "--show-signed 3",
        "# A:",
        "# B:",
        "sig:",
    ] {
        assert!(r.out.contains(words), "{words}: {}", r.out);
    }
    assert_eq!(
        r.out
            .matches("the signature checks against red's key")
            .count(),
        2,
        "{}",
        r.out
    );

    let fresh = t.p("fresh");
    t.create_in(&fresh.display().to_string(), "mutual", &[]);
    let r = cli(&["audit", &a, &fresh.display().to_string()]);
    assert_eq!(r.code, 2, "{}\n{}", r.out, r.err);
    assert!(r.err.contains("nothing to compare"), "{}", r.err);

    // Two sides each writing the same place (a sealed step both may answer first)
    // is shown, but not as proof.
    let t2 = Table::new();
    t2.start("mutual");
    let c2 = t2.p("copy");
    copy_game(&t2.p("game"), &c2);
    apply_edited(&t2, &t2.game(), "red", |s| s.to_string());
    apply_edited(&t2, &c2.display().to_string(), "blue", |s| s.to_string());
    let r = cli(&["audit", &t2.game(), &c2.display().to_string()]);
    assert_eq!(r.code, 3, "{}\n{}", r.out, r.err);
    assert!(r.out.contains("not by itself proof"), "{}", r.out);
}

#[test]
fn evidence_audit_of_two_agreeing_logs_finds_no_fork() {
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    t.act_in(&t.game(), &mut n).unwrap();
    let older = t.p("older");
    copy_game(&t.p("game"), &older);
    t.act_in(&t.game(), &mut n).unwrap();
    let o = ok(&["audit", &older.display().to_string(), &t.game()]);
    assert!(o.contains("They agree"), "{o}");
    // Two acceptances and one entry, then one more.
    assert!(o.contains("entries 1-3; B goes on to entry 4"), "{o}");
}

#[test]
fn evidence_audit_counts_each_roll_for_the_side_it_is_for() {
    // Tally T3: with a standing order to block, the defender's block die is rolled
    // while the attacker's entry is resolved. It is the defender's roll.
    let t = Table::new();
    t.start("mutual");
    let mut n = 0;
    while t
        .act_in_with(&t.game(), &mut n, |tpl| {
            format!("{tpl}standing:\n  auto: block\n")
        })
        .is_some()
    {
        assert!(n < 500, "game does not end");
    }
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["audit", &t.game(), "--format", "json"])).unwrap();
    let rolls = json["rolls"].as_array().unwrap();
    let mut in_other_sides_entry = 0;
    let mut per_side = std::collections::BTreeMap::<String, u64>::new();
    for r in rolls {
        let (side, author) = (r["side"].as_str().unwrap(), r["author"].as_str().unwrap());
        let purpose = r["purpose"].as_str().unwrap();
        let whose = purpose.split(' ').next().unwrap();
        assert_eq!(side, whose, "{r}");
        assert_eq!(r["side_from_rules"], true, "{r}");
        if side != author {
            assert!(purpose.contains("blocks"), "{r}");
            in_other_sides_entry += 1;
        }
        *per_side.entry(side.to_string()).or_default() += 1;
    }
    assert!(
        in_other_sides_entry > 0,
        "no block roll in the attacker's entry: {json}"
    );
    for (side, dice) in json["distribution"].as_object().unwrap() {
        let counted: u64 = dice["d6"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(counted, per_side[side], "{side}");
    }
    let text = ok(&["audit", &t.game()]);
    assert!(text.contains("counted for the side it is for"), "{text}");
    assert!(
        text.contains("\"side\" is the side the roll is for"),
        "{text}"
    );
}
