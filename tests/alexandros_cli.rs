//! Alexandros through the CLI: `legatus new --ruleset alexandros --scenario campaign-334`,
//! with and without a data override (issue 3 acceptance), accepted by both players.

mod support;

use legatus::engine::folder::GameDir;
use support::{cli, ok, registry, Table};

fn new_game(t: &Table, dir: &str, data: Option<&str>) -> String {
    let game = t.s(dir);
    let mac = format!("macedonian=Ana,ana@example.org,{}", t.s("red.key.pub"));
    let per = format!("persian=Ben,ben@example.org,{}", t.s("blue.key.pub"));
    let mut args = vec![
        "new",
        "--ruleset",
        "alexandros",
        "--scenario",
        "campaign-334",
        "--player",
        &mac,
        "--player",
        &per,
        "--dir",
        &game,
    ];
    if let Some(d) = data {
        args.extend(["--data", d]);
    }
    ok(&args);
    ok(&["accept", &game, "--key", &t.s("red.key")]);
    ok(&["accept", &game, "--key", &t.s("blue.key")])
}

#[test]
fn alexandros_data_override_changes_hash_and_provisional_list() {
    let t = Table::new();
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/alexandros/overrides/players-table-and-counter.yaml"
    );
    let plain_accept = new_game(&t, "plain", None);
    let printed_accept = new_game(&t, "printed", Some(fixture));
    // Accepting tells the player whether the header's data is the bundled scenario's, and
    // which values differ (the data hash alone only proves the header carries that data).
    assert!(
        plain_accept.contains("identical to the bundled scenario campaign-334"),
        "{plain_accept}"
    );
    assert!(
        printed_accept.contains("scenario data differs from the bundled scenario campaign-334")
            && printed_accept.contains("overrides named:")
            && printed_accept.contains("minor-combat-results"),
        "{printed_accept}"
    );
    let (plain, _) = GameDir::new(t.p("plain")).load(&registry()).unwrap();
    let (printed, _) = GameDir::new(t.p("printed")).load(&registry()).unwrap();
    assert_ne!(
        plain.header.scenario.data_hash,
        printed.header.scenario.data_hash
    );
    // The report points to `legatus data check` instead of listing the provisional data
    // (issue 12); the list itself follows the header's data.
    let r_printed = std::fs::read_to_string(t.p("printed/report.md")).unwrap();
    assert!(r_printed.contains("legatus data check"), "{r_printed}");
    let p_plain = plain.rules().provisional(&plain.header.data).join("\n");
    let p_printed = printed.rules().provisional(&printed.header.data).join("\n");
    for key in ["tables/minor-combat-results:", "counters/units/phalanx-1:"] {
        assert!(
            p_plain.contains(key),
            "{key} is provisional without the override"
        );
        assert!(
            !p_printed.contains(key),
            "{key} is player-supplied with the override"
        );
    }
    assert!(
        p_printed.contains("tables/siege:"),
        "other provisional items stay listed"
    );
    // The first step waits for the Persian set-up (3.3).
    let status = ok(&["status", &t.s("printed")]);
    assert!(status.contains("spring-334/persian-setup"), "{status}");
}

/// The whole campaign by order files written from `legatus template`, Spring 334 to the end.
/// Fresh keys make fresh dice: a game that ends early because Alexander fell (16.1) is a
/// legal end, so the campaign is played again (at most four times) until it runs its course.
#[test]
fn alexandros_whole_campaign_by_templates() {
    for _ in 0..4 {
        let (n, report) = campaign_by_templates();
        if n < 90 && report.contains("Alexander is lost") {
            continue;
        }
        assert!(n >= 90, "46 turns of two order files each, took {n}");
        assert!(
            report.contains("victory points, 16.3)") || report.contains("(16.2)"),
            "the game ends with the victory count"
        );
        return;
    }
    panic!("Alexander fell in four campaigns in a row");
}

/// One campaign played from the templates; the number of entries and the last report.
fn campaign_by_templates() -> (u32, String) {
    use legatus::protocol::keys::SigningKey;
    let t = Table::new();
    for side in ["macedonian", "persian"] {
        SigningKey::generate(side)
            .unwrap()
            .write(&t.p(&format!("{side}.key")), None)
            .unwrap();
    }
    let mac = format!(
        "macedonian=Ana,ana@example.org,{}",
        t.s("macedonian.key.pub")
    );
    let per = format!("persian=Ben,ben@example.org,{}", t.s("persian.key.pub"));
    let game = t.game();
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
    let n = t.play_out();
    let v = ok(&["verify", &t.s("game/log.yaml")]);
    assert!(v.contains("Verdict: VALID"), "{v}");
    let report = std::fs::read_to_string(t.p("game/report.md")).unwrap();
    (n, report)
}

/// Mailing the opponent while the next step is still the sender's own (here the Persian
/// set-up, 3.3, right after the Persian accepted) leaves the recipient nothing to do: the
/// sender is warned, as when he mails himself; the message is still written.
#[test]
fn alexandros_mail_before_sending_ones_own_step_is_warned() {
    let t = Table::new();
    new_game(&t, "game", None);
    let (g, _) = GameDir::new(t.p("game")).load(&registry()).unwrap();
    assert_eq!(g.pending().sides, vec!["persian".to_string()]);
    let r = support::cli(&[
        "mail",
        &t.s("game"),
        "--to",
        "macedonian",
        "--eml",
        &t.s("early.eml"),
    ]);
    assert_eq!(r.code, 0, "a warning, not a refusal: {}", r.err);
    assert!(
        r.err.starts_with("warning: --to macedonian: the next step")
            && r.err.contains("is persian's")
            && r.err.contains("nothing for him to do")
            && r.err.contains("legatus template <game> --side persian"),
        "{}",
        r.err
    );
    assert!(t.p("early.eml").exists());
    let m =
        legatus::transport::mail::parse_message(&std::fs::read(t.p("early.eml")).unwrap()).unwrap();
    assert!(
        m.body_text.contains("Nothing for you (macedonian) to do"),
        "{}",
        m.body_text
    );
}

#[test]
fn alexandros_plain_words_title_once_and_subject_names_the_recipients_task() {
    let t = Table::new();
    new_game(&t, "game", None);
    let game = t.s("game");
    let status = ok(&["status", &game]);
    assert!(
        status.contains("Alexandros: Conquest and Empire (ruleset version"),
        "{status}"
    );
    assert!(!status.contains("Empire alexandros"), "{status}");
    assert!(status.contains("Log: 2 entries"), "{status}");
    ok(&["mail", &game, "--to", "persian", "--eml", &t.s("turn.eml")]);
    let m =
        legatus::transport::mail::parse_message(&std::fs::read(t.p("turn.eml")).unwrap()).unwrap();
    assert!(
        m.subject.contains("entry 2 from ")
            && m.subject.contains(": persian, your orders for step "),
        "{}",
        m.subject
    );
}

#[test]
fn protocol_log_cut_off_inside_its_header_says_so_and_asks_again() {
    // An Alexandros header carries the whole scenario data (its `data:` comes last): a log
    // cut off in transit inside it must not read like a tampered header.
    let t = Table::new();
    new_game(&t, "game", None);
    let game = t.s("game");
    let log = std::fs::read_to_string(format!("{game}/log.yaml")).unwrap();
    let header = &log[..log.find("\n---\n").unwrap()];
    let lines: Vec<&str> = header.lines().collect();
    let cut = lines[..lines.len() / 2].join("\n") + "\n";
    std::fs::write(t.p("cut.yaml"), cut).unwrap();
    let r = support::cli(&["verify", &t.s("cut.yaml")]);
    assert_eq!(r.code, 3, "{}\n{}", r.out, r.err);
    assert!(
        r.err.contains("looks cut off inside its header"),
        "{}",
        r.err
    );
    assert!(r.err.contains("Ask for the log again"), "{}", r.err);
    assert!(ok(&["verify", &format!("{game}/log.yaml")]).contains("VALID"));
}

/// A new game's log (its header alone) written by another version of the rules is refused for
/// its version, not taken for a file cut off in transit: asking for the log again would not help.
#[test]
fn protocol_header_of_another_ruleset_version_is_named_not_taken_for_a_cut_off() {
    let t = Table::new();
    new_game(&t, "game", None);
    let log = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    let header = &log[..log.find("\n---\n").unwrap()];
    let version = header
        .lines()
        .find(|l| l.trim_start().starts_with("version: "))
        .expect("the ruleset version");
    let old = header.replacen(version, "  version: \"0.0\"", 1) + "\n";
    std::fs::write(t.p("old.yaml"), old).unwrap();
    let r = support::cli(&["verify", &t.s("old.yaml")]);
    assert_eq!(r.code, 3, "{}\n{}", r.out, r.err);
    assert!(
        r.err
            .contains("version check failed: ruleset alexandros version 0.0"),
        "{}",
        r.err
    );
    assert!(!r.err.contains("cut off"), "{}", r.err);
}

/// A new `standing:` block merges key by key with the side's earlier one (issue 12, PROTOCOL
/// §12): a key given replaces that key, `key: ~` removes it, a key left out stays. `apply` says
/// what the standing orders will do in the coming steps and names what the block replaced,
/// added and removed and what stays; the removal is signed in the log and replays.
#[test]
fn alexandros_standing_orders_merge_key_by_key() {
    // Fresh keys make fresh dice: when Alexander falls before the Persian's second order
    // file (16.1, a legal end), the game is made again.
    let (t, game, said) = (0..4)
        .find_map(|_| two_persian_order_files())
        .expect("Alexander fell early in four games in a row");
    standing_orders_merged(&t, &game, &said);
}

/// A new game in which the Persian sends two order files with the two `standing:` blocks;
/// his two `apply` outputs, or `None` when the game ended first.
fn two_persian_order_files() -> Option<(Table, String, Vec<String>)> {
    use legatus::engine::orders;
    use legatus::protocol::keys::SigningKey;
    use std::path::Path;
    let t = Table::new();
    for side in ["macedonian", "persian"] {
        SigningKey::generate(side)
            .unwrap()
            .write(&t.p(&format!("{side}.key")), None)
            .unwrap();
    }
    let game = t.game();
    ok(&[
        "new",
        "--ruleset",
        "alexandros",
        "--scenario",
        "campaign-334",
        "--dice",
        "open",
        "--player",
        &format!("macedonian=Ana,a@example.org,{}", t.s("macedonian.key.pub")),
        "--player",
        &format!("persian=Ben,b@example.org,{}", t.s("persian.key.pub")),
        "--dir",
        &game,
    ]);
    ok(&["accept", &game, "--key", &t.s("macedonian.key")]);
    ok(&["accept", &game, "--key", &t.s("persian.key")]);
    let blocks = [
        "standing:\n  sortie: always\n  retreat_to: {Ionia: Phrygia}\n  losses: [persian-cavalry-01]\n",
        "standing:\n  sortie: ~\n  evade_minor_combat: never\n  losses: [persian-cavalry-02]\n",
    ];
    let mut said = Vec::new();
    for n in 0..40 {
        if said.len() == blocks.len() {
            break;
        }
        let (g, _) = GameDir::new(&game).load(&registry()).unwrap();
        let key_of = |side: &str| {
            SigningKey::load(Path::new(&t.s(&format!("{side}.key"))), None).map_err(Into::into)
        };
        let next = orders::next_actor(&g, &key_of).unwrap()?;
        let key = t.s(&format!("{}.key", next.side));
        if !next.orders {
            ok(&["apply", &game, "--key", &key]);
            continue;
        }
        let mut file = ok(&["template", &game, "--side", &next.side, "--key", &key]);
        if next.side == "persian" {
            file.push_str(blocks[said.len()]);
        }
        let f = t.s(&format!("orders-{n}.yaml"));
        std::fs::write(&f, file).unwrap();
        let out = ok(&["apply", &game, "--orders", &f, "--key", &key]);
        if next.side == "persian" {
            said.push(out);
        }
    }
    assert_eq!(said.len(), 2, "the Persian sent two order files");
    Some((t, game, said))
}

/// The checks of [`alexandros_standing_orders_merge_key_by_key`] on the Persian's two outputs.
fn standing_orders_merged(t: &Table, game: &str, said: &[String]) {
    // The first block: what each standing order does, and what is left to ask.
    assert!(
        said[0].contains("sortie: always — a besieged garrison of yours sorties")
            && said[0].contains("retreat_to: a retreat or evasion goes from Ionia to Phrygia")
            && said[0].contains("not set, so asked of you when it comes up: whether to evade")
            && said[0].contains("merges key by key"),
        "{}",
        said[0]
    );
    // The second: merged, naming what it replaced, added, removed and kept.
    assert!(
        said[1].contains("replaces your earlier `losses`")
            && said[1].contains("adds `evade_minor_combat`")
            && said[1].contains("removes `sortie`")
            && said[1].contains("your earlier `retreat_to` stays in force")
            && said[1].contains("evade_minor_combat: never")
            && said[1].contains("whether a besieged garrison sorties (11.5)"),
        "{}",
        said[1]
    );
    let (g, _) = GameDir::new(&game).load(&registry()).unwrap();
    assert_eq!(
        g.standing("persian").unwrap(),
        &serde_json::json!({
            "evade_minor_combat": "never",
            "losses": ["persian-cavalry-02"],
            "retreat_to": {"Ionia": "Phrygia"}
        })
    );
    let log = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    assert!(
        log.contains("sortie: null") || log.contains("sortie: ~"),
        "the removal is in the signed entry"
    );
    let v = ok(&["verify", &t.s("game/log.yaml")]);
    assert!(v.contains("Verdict: VALID"), "{v}");
}

#[test]
fn alexandros_3_1_17_0_every_option_is_offered_by_legatus_new() {
    // 3.1: the players choose the Random Events and the optional rules; the optional rules
    // of section 17, the Tactical Display's (10.3 design note, 10.14, 10.15) and the Beginners
    // Rule are each an option of `legatus new`, listed by its help and accepted by it.
    let help = cli(&["new", "--help"]);
    let text = format!("{}{}", help.out, help.err);
    for o in [
        "beginner",
        "no-random-events",
        "recuperation",
        "scorched-earth",
        "macedonian-fury",
        "death-of-alexander",
        "mutiny",
        "city-surrender",
        "simultaneous-deployment",
        "light-infantry-defensive-fire",
        "flank-odds-shift",
    ] {
        assert!(
            text.contains(o),
            "`legatus new --help` does not list {o}:\n{text}"
        );
    }
    let t = Table::new();
    let mac = format!("macedonian=Ana,ana@example.org,{}", t.s("red.key.pub"));
    let per = format!("persian=Ben,ben@example.org,{}", t.s("blue.key.pub"));
    let game = t.game();
    ok(&[
        "new",
        "--ruleset",
        "alexandros",
        "--scenario",
        "campaign-334",
        "--player",
        &mac,
        "--player",
        &per,
        "--dir",
        &game,
        "--option",
        "simultaneous-deployment",
        "--option",
        "light-infantry-defensive-fire",
        "--option",
        "flank-odds-shift",
        "--option",
        "beginner",
    ]);
    let header = std::fs::read_to_string(t.p("game/log.yaml")).unwrap();
    for o in [
        "simultaneous-deployment",
        "light-infantry-defensive-fire",
        "flank-odds-shift",
    ] {
        assert!(header.contains(o), "the header names option {o}");
    }
}
