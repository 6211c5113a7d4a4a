//! Order files as players really write them (issue 13, "Order files"), each through the
//! CLI: every error of a file at once with file:line:column, nearest names, a file applied
//! twice, no-break spaces, tabs, UTF-16, leading zeros, a unit under two leaders, an edited
//! `side:`, a mistyped passphrase.

mod support;

use std::cell::RefCell;
use std::rc::Rc;

use legatus::protocol::keys::{with_prompt, SigningKey};
use support::{cli, folder_snapshot, ok, Table};

/// A new Alexandros game in `t` (keys macedonian.key and persian.key), accepted by both,
/// waiting for the Persian set-up (Alexandros 3.3).
fn new_game(t: &Table) -> String {
    for side in ["macedonian", "persian"] {
        SigningKey::generate(side)
            .unwrap()
            .write(&t.p(&format!("{side}.key")), None)
            .unwrap();
    }
    let game = t.game();
    let mac = format!(
        "macedonian=Ana,ana@example.org,{}",
        t.s("macedonian.key.pub")
    );
    let per = format!("persian=Ben,ben@example.org,{}", t.s("persian.key.pub"));
    ok(&[
        "new",
        "--ruleset",
        "alexandros",
        "--scenario",
        "campaign-334",
        "--dice",
        "open",
        "--player",
        &mac,
        "--player",
        &per,
        "--dir",
        &game,
    ]);
    ok(&["accept", &game, "--key", &t.s("macedonian.key")]);
    ok(&["accept", &game, "--key", &t.s("persian.key")]);
    game
}

/// The game played by templates until the Macedonian movement of Summer 334.
/// Fresh keys make fresh dice: when Alexander falls in a battle on the way (16.1, a legal end),
/// the game is made again.
fn macedonian_movement(t: &Table) -> String {
    for _ in 0..4 {
        let game = new_game(t);
        if t.play_until(&game, "macedonian-movement", 80) {
            return game;
        }
        t.start_over(&["macedonian", "persian"]);
    }
    panic!("Alexander fell before the Macedonian movement in four games in a row");
}

/// `legatus apply` of `text` (bytes) as the side's order file; checks that nothing was written.
fn apply_bytes(t: &Table, game: &str, side: &str, name: &str, text: &[u8]) -> support::Run {
    let f = t.p(name);
    std::fs::write(&f, text).unwrap();
    let before = folder_snapshot(&t.p("game"));
    let r = cli(&[
        "apply",
        game,
        "--orders",
        &f.display().to_string(),
        "--key",
        &t.s(&format!("{side}.key")),
    ]);
    if r.code != 0 {
        assert_eq!(
            folder_snapshot(&t.p("game")),
            before,
            "a failed apply writes nothing"
        );
    }
    r
}

/// The template's envelope (everything before `orders:`) followed by `orders`.
fn with_orders(template: &str, orders: &str) -> String {
    let head = &template[..template.find("\norders:").unwrap() + 1];
    format!("{head}orders:\n{orders}")
}

/// The line of `err` reporting `near` (a suggestion), checked to name `rule` and to be at
/// one of the 1-based `lines` of file `name`.
#[track_caller]
fn reported<'a>(err: &'a str, name: &str, near: &str, rule: &str, lines: &[usize]) -> &'a str {
    let line = err
        .lines()
        .find(|l| l.contains(near))
        .unwrap_or_else(|| panic!("{near:?} not reported:\n{err}"));
    assert!(line.contains(rule) && line.contains("refused"), "{line}");
    assert!(
        lines.iter().any(|n| line.contains(&format!("{name}:{n}:"))),
        "at line {lines:?}: {line}"
    );
    line
}

/// The 1-based line of `text` holding `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn order_file_every_error_at_once_with_place_rule_and_nearest_names() {
    let t = Table::new();
    let game = macedonian_movement(&t);
    let tpl = ok(&["template", &game, "--side", "macedonian"]);
    let file = with_orders(
        &tpl,
        "  leave_city: [thesalians]\n  moves:\n  - leader: Parmenion\n    to: Phrygia\n    units: []\n  - leader: Alexander\n    to: Phyrgia\n    units: []\n  sieges: {Halicarnasus: Alexander}\n",
    );
    let r = apply_bytes(&t, &game, "macedonian", "typos.yaml", file.as_bytes());
    assert_eq!(r.code, 1, "{}", r.err);
    for (needle, near, rule) in [
        ("thesalians", "did you mean thessalians?", "Alexandros 11.2"),
        ("Parmenion", "did you mean Parmenio?", "Alexandros 8.1"),
        ("Phyrgia", "did you mean Phrygia?", "Alexandros 8.1"),
        (
            "Halicarnasus",
            "did you mean Halicarnassus?",
            "Alexandros 11.1",
        ),
    ] {
        // The move's place is its first line (`- leader:`), one above `to:` for Phyrgia.
        let n = line_of(&file, needle);
        reported(&r.err, "typos.yaml", near, rule, &[n, n - 1]);
    }
    assert!(r.err.contains("4 problems"), "{}", r.err);
}

#[test]
fn order_file_unit_under_two_leaders_names_the_earlier_order() {
    let t = Table::new();
    let game = macedonian_movement(&t);
    let tpl = ok(&["template", &game, "--side", "macedonian"]);
    let file = with_orders(
        &tpl,
        "  moves:\n  - leader: Alexander\n    to: Phrygia\n    units: [hetairoi]\n  - leader: Parmenio\n    to: Phrygia\n    units: [hetairoi]\n",
    );
    let r = apply_bytes(&t, &game, "macedonian", "twice.yaml", file.as_bytes());
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(
        r.err.contains("hetairoi is already moved by the earlier order `move Alexander to Phrygia` (moves entry 1)"),
        "{}",
        r.err
    );
    let second = file.lines().position(|l| l.contains("Parmenio")).unwrap() + 1;
    assert!(
        r.err.contains(&format!("twice.yaml:{second}:")),
        "{}",
        r.err
    );
}

#[test]
fn order_file_applied_twice_is_already_in_the_log() {
    let t = Table::new();
    let game = new_game(&t);
    let tpl = ok(&["template", &game, "--side", "persian"]);
    let r = apply_bytes(&t, &game, "persian", "setup.yaml", tpl.as_bytes());
    assert_eq!(r.code, 0, "{}", r.err);
    let r = apply_bytes(&t, &game, "persian", "setup.yaml", tpl.as_bytes());
    assert_eq!(r.code, 2);
    assert!(r.err.contains("already in the log as entry 3"), "{}", r.err);
    assert!(!r.err.contains("stale"), "{}", r.err);
}

#[test]
fn order_file_no_break_spaces_are_named_with_their_place() {
    let t = Table::new();
    let game = new_game(&t);
    let tpl = ok(&["template", &game, "--side", "persian"]);
    let file = tpl.replace("  darius:", "\u{a0}\u{a0}darius:");
    let line = file.lines().position(|l| l.contains("darius:")).unwrap() + 1;
    let r = apply_bytes(&t, &game, "persian", "nbsp.yaml", file.as_bytes());
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err
            .contains(&format!("nbsp.yaml:{line}:1: a no-break space (U+00A0)")),
        "{}",
        r.err
    );
    assert!(
        r.err.contains("replace it with an ordinary space"),
        "{}",
        r.err
    );
    assert!(!r.err.contains("unknown field"), "{}", r.err);
}

#[test]
fn order_file_tab_indentation_points_at_the_tab() {
    let t = Table::new();
    let game = new_game(&t);
    let tpl = ok(&["template", &game, "--side", "persian"]);
    let file = tpl.replace("  darius:", "\tdarius:");
    let line = file.lines().position(|l| l.contains("darius:")).unwrap() + 1;
    let r = apply_bytes(&t, &game, "persian", "tab.yaml", file.as_bytes());
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err
            .contains(&format!("tab.yaml:{line}:1: a tab in the indentation")),
        "{}",
        r.err
    );
    assert!(r.err.contains("indent with spaces"), "{}", r.err);
}

#[test]
fn order_file_utf16_says_save_as_utf8() {
    let t = Table::new();
    let game = new_game(&t);
    let tpl = ok(&["template", &game, "--side", "persian"]);
    let le: Vec<u8> = tpl.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be_bom: Vec<u8> = [0xFEu8, 0xFF]
        .into_iter()
        .chain(tpl.encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    for (name, bytes) in [("le.yaml", le), ("be-bom.yaml", be_bom)] {
        let r = apply_bytes(&t, &game, "persian", name, &bytes);
        assert_eq!(r.code, 2, "{}", r.err);
        assert!(
            r.err.contains("UTF-16") && r.err.contains("save it as UTF-8"),
            "{}",
            r.err
        );
    }
}

#[test]
fn order_file_leading_zeros_are_named() {
    let t = Table::new();
    let game = new_game(&t);
    let tpl = ok(&["template", &game, "--side", "persian"]);
    let after = tpl
        .lines()
        .find(|l| l.starts_with("after: "))
        .unwrap()
        .to_string();
    let file = tpl.replace(&after, "after: 02");
    let r = apply_bytes(&t, &game, "persian", "zeros.yaml", file.as_bytes());
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err.contains("`02` has leading zeros") && r.err.contains("write 2"),
        "{}",
        r.err
    );

    let t2 = Table::new();
    let game2 = macedonian_movement(&t2);
    let tpl2 = ok(&["template", &game2, "--side", "macedonian"]);
    let file2 = with_orders(
        &tpl2,
        "  replacements:\n  - unit: hetairoi\n    steps: 01\n",
    );
    let line = file2.lines().position(|l| l.contains("steps: 01")).unwrap() + 1;
    let r = apply_bytes(&t2, &game2, "macedonian", "steps.yaml", file2.as_bytes());
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(r.err.contains(&format!("steps.yaml:{line}:")), "{}", r.err);
    assert!(
        r.err.contains("`01` has leading zeros") && r.err.contains("write 1"),
        "{}",
        r.err
    );
}

#[test]
fn order_file_edited_side_says_which_side_the_key_plays() {
    let t = Table::new();
    let game = new_game(&t);
    let tpl = ok(&["template", &game, "--side", "persian"]);
    let file = tpl.replace("side: \"persian\"", "side: \"macedonian\"");
    let line = file.lines().position(|l| l.starts_with("side:")).unwrap() + 1;
    let r = apply_bytes(&t, &game, "persian", "side.yaml", file.as_bytes());
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(r.err.contains(&format!("side.yaml:{line}:1:")), "{}", r.err);
    assert!(
        r.err
            .contains("this key does not belong to side \"macedonian\""),
        "{}",
        r.err
    );
    assert!(r.err.contains("it plays persian"), "{}", r.err);
    assert!(r.err.contains("put back `side: persian`"), "{}", r.err);

    let typo = tpl.replace("side: \"persian\"", "side: \"persain\"");
    let r = apply_bytes(&t, &game, "persian", "typo.yaml", typo.as_bytes());
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(r.err.contains("did you mean persian?"), "{}", r.err);
}

#[test]
fn passphrase_mistyped_at_the_prompt_gets_three_tries() {
    let t = Table::new();
    let game = new_game(&t);
    // The Persian's key, locked with a passphrase.
    let key = SigningKey::load(&t.p("persian.key"), None).unwrap();
    key.write(&t.p("locked.key"), Some("correct horse"))
        .unwrap();
    let tpl = ok(&["template", &game, "--side", "persian"]);
    std::fs::write(t.p("setup.yaml"), &tpl).unwrap();
    let apply = || {
        cli(&[
            "apply",
            &game,
            "--orders",
            &t.s("setup.yaml"),
            "--key",
            &t.s("locked.key"),
        ])
    };
    let answer = |typed: Vec<&'static str>| {
        let asked = Rc::new(RefCell::new(Vec::<String>::new()));
        let log = asked.clone();
        let mut typed = typed.into_iter();
        let prompt = move |p: &str| {
            log.borrow_mut().push(p.to_string());
            Ok(typed.next().unwrap_or("").to_string())
        };
        (asked, prompt)
    };
    // Three wrong: refused, nothing written.
    let before = folder_snapshot(&t.p("game"));
    let (asked, prompt) = answer(vec!["wrong", "worng", "still wrong"]);
    let r = with_prompt(prompt, apply);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err.contains("wrong passphrase") && r.err.contains("3 tries"),
        "{}",
        r.err
    );
    assert_eq!(asked.borrow().len(), 3);
    assert!(
        asked.borrow()[1].contains("try 2 of 3"),
        "{:?}",
        asked.borrow()
    );
    assert_eq!(folder_snapshot(&t.p("game")), before);
    // Two wrong, then right: applied.
    let (asked, prompt) = answer(vec!["wrong", "worng", "correct horse"]);
    let r = with_prompt(prompt, apply);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(asked.borrow().len(), 3);
}

#[test]
fn order_file_yaml_syntax_error_comes_first_with_its_place() {
    let t = Table::new();
    let game = new_game(&t);
    // The trial's file: an unclosed bracket after an unknown field.
    let r = apply_bytes(&t, &game, "persian", "broken.yaml", b"game: x\nfoo: [\n");
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(
        r.err
            .contains("broken.yaml:2:6: YAML syntax error: the `[` opened here is never closed"),
        "{}",
        r.err
    );
    assert!(!r.err.contains("unknown field"), "{}", r.err);
    // In a real template: an unclosed flow mapping inside the orders.
    let tpl = ok(&["template", &game, "--side", "persian"]);
    let file = tpl.replace("  darius:", "  darius: {place: Susiana\n  x:");
    let r = apply_bytes(&t, &game, "persian", "brace.yaml", file.as_bytes());
    assert_ne!(r.code, 0, "{}", r.out);
    assert!(r.err.contains("YAML syntax error"), "{}", r.err);
}

#[test]
fn order_file_standing_orders_every_unknown_name_at_its_place_with_the_nearest() {
    let t = Table::new();
    let game = macedonian_movement(&t);
    let tpl = ok(&["template", &game, "--side", "macedonian"]);
    let file = format!(
        "{}standing:\n  losses: [hetairoy, phalanx-1]\n  retreat_to: {{Phyrgia: Ionia, Ionia: Trace}}\n  battle_plan:\n    advance:\n    - {{from: Rigth, to: enemy Left}}\n    attack_from:\n    - {{box: enemy Centre}}\n    pursuit_losses: [hypaspists]\n    rally_into: [Lefft]\n",
        with_orders(&tpl, "  moves: []\n")
    );
    let r = apply_bytes(&t, &game, "macedonian", "standing.yaml", file.as_bytes());
    assert_eq!(r.code, 1, "{}", r.err);
    for (needle, near, rule) in [
        ("hetairoy", "did you mean hetairoi?", "Alexandros 9.5"),
        ("Phyrgia", "did you mean Phrygia?", "Alexandros 9.5"),
        ("Trace", "did you mean Thrace?", "Alexandros 9.5"),
        ("Rigth", "did you mean Right?", "Alexandros 10.9"),
        ("Centre", "did you mean enemy Center?", "Alexandros 10.10"),
        (
            "hypaspists",
            "did you mean hypaspistoi?",
            "Alexandros 10.20",
        ),
        ("Lefft", "did you mean Left?", "Alexandros 10.18"),
    ] {
        reported(
            &r.err,
            "standing.yaml",
            near,
            rule,
            &[line_of(&file, needle)],
        );
    }
    // The unit's own column in its list.
    let losses = line_of(&file, "hetairoy");
    assert!(
        r.err.contains(&format!("standing.yaml:{losses}:12:")),
        "{}",
        r.err
    );
}

#[test]
fn order_file_battle_placement_unknown_unit_and_box_named_with_the_nearest() {
    let t = Table::new();
    let mut game = new_game(&t);
    let mut n = 0;
    let (side, tpl) = loop {
        let status = ok(&["status", &game]);
        if status.contains("battle-") && status.contains("-setup") {
            let side = if status.contains("persian-setup") {
                "persian"
            } else {
                "macedonian"
            };
            break (side, ok(&["template", &game, "--side", side]));
        }
        if t.act_in(&game, &mut n).is_none() {
            // Fresh dice: Alexander fell before any battle on the display (16.1); again.
            t.start_over(&["macedonian", "persian"]);
            game = new_game(&t);
            n = 0;
        }
        assert!(n < 40, "no battle set-up step");
    };
    // The first placement's unit misspelt, the first Center box written the British way.
    let at = tpl.find("unit: ").expect("a placement") + "unit: ".len();
    let code: String = tpl[at..]
        .chars()
        .take_while(|c| !matches!(c, ',' | '}' | '\n' | ' '))
        .collect();
    let typo = format!("{code}x");
    let file = tpl
        .replacen(&format!("unit: {code}"), &format!("unit: {typo}"), 1)
        .replacen("box: Center", "box: Centre", 1);
    assert_ne!(file, tpl);
    let r = apply_bytes(&t, &game, side, "battle.yaml", file.as_bytes());
    assert_eq!(r.code, 1, "{}", r.err);
    for (needle, near) in [
        (typo.as_str(), format!("did you mean {code}?")),
        ("Centre", "did you mean Center?".to_string()),
    ] {
        let n = line_of(&file, needle);
        reported(&r.err, "battle.yaml", &near, "Alexandros 10.3", &[n]);
    }
    // The first unit left out (10.3): named as not placed, and the units after it, now one
    // place earlier in the placement order, are not each refused for the wrong box.
    let dropped: String = tpl
        .lines()
        .filter(|l| !l.contains(&format!("unit: {code}")))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(dropped, tpl);
    let r = apply_bytes(&t, &game, side, "battle2.yaml", dropped.as_bytes());
    assert_eq!(r.code, 1, "{}", r.err);
    assert!(r.err.contains(&format!("not placed: {code}")), "{}", r.err);
    assert!(!r.err.contains("must go to the"), "{}", r.err);
}

#[test]
fn order_file_empty_says_so_and_how_to_get_a_template() {
    let t = Table::new();
    let game = new_game(&t);
    for (name, text) in [("e2.yaml", ""), ("e3.yaml", "# nothing yet\n\n")] {
        let r = apply_bytes(&t, &game, "persian", name, text.as_bytes());
        assert_eq!(r.code, 2, "{}", r.err);
        assert!(
            r.err.contains(&format!("{name}:1:1")) && r.err.contains("the order file is empty"),
            "{}",
            r.err
        );
        assert!(r.err.contains("legatus template"), "{}", r.err);
        assert!(!r.err.contains("end of input"), "{}", r.err);
    }
}

#[test]
fn order_file_long_comment_blocks_are_read() {
    // A player's notes: well over a hundred comment lines in a row, at the top, between keys
    // and between the items of a list, as editors and players write them. The YAML reader
    // must not refuse them (with comment events on, it stopped after 96 in a row).
    let t = Table::new();
    let game = new_game(&t);
    let tpl = ok(&[
        "template",
        &game,
        "--side",
        "persian",
        "--key",
        &t.s("persian.key"),
    ]);
    let notes = |n: usize| -> String {
        (0..n)
            .map(|i| format!("# note {i}: where Darius should stand\n"))
            .collect()
    };
    let mut text = String::new();
    text.push_str(&notes(150));
    for line in tpl.lines() {
        text.push_str(line);
        text.push('\n');
        if line.starts_with("orders:") || line.trim_start().starts_with("- ") {
            text.push_str(&notes(120));
        }
    }
    let r = apply_bytes(&t, &game, "persian", "notes.yaml", text.as_bytes());
    assert_eq!(r.code, 0, "{}{}", r.out, r.err);
}

/// A misspelt key (`move:` for `moves:`) is named with the nearest field first, not only
/// with serde's list of every field.
#[test]
fn order_file_misspelt_key_names_the_nearest_field() {
    let t = Table::new();
    let game = macedonian_movement(&t);
    let tpl = ok(&[
        "template",
        &game,
        "--side",
        "macedonian",
        "--key",
        &t.s("macedonian.key"),
    ]);
    assert!(tpl.contains("\n  moves:"), "{tpl}");
    let file = tpl.replacen("\n  moves:", "\n  move:", 1);
    let r = apply_bytes(&t, &game, "macedonian", "move.yaml", file.as_bytes());
    assert_ne!(r.code, 0, "{}", r.err);
    assert!(
        r.err
            .contains("unknown field `move` (did you mean `moves`?)"),
        "{}",
        r.err
    );
}
