//! The Romans, scenario 20.2 *The Syrian War* (two players: Rome and Syria; Macedon a
//! non-player ally, 20.26): the set-up through `Romans::setup`, and a game through the CLI.

mod support;

use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::Romans;
use legatus::ruleset::Ruleset;
use support::{ok, Table};

fn syrian_war() -> State {
    let r = Romans;
    let data = r.load_scenario("syrian-war", &[]).unwrap();
    r.setup("syrian-war", &data, &[]).unwrap()
}

fn ssp(s: &State, side: &str) -> u32 {
    s.units
        .values()
        .filter(|u| u.side == side)
        .map(|u| u.ssp)
        .sum()
}

fn control(s: &State, name: &str) -> Option<String> {
    s.cities
        .values()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no city {name}"))
        .control
        .clone()
}

#[test]
fn romans_20_2_setup_players_treasuries_and_forces() {
    let s = syrian_war();
    // 20.2x: two players unless Macedon plays; Rome moves first.
    assert_eq!(s.players, ["rome", "syria"]);
    // 20.23: treasuries (Macedon's 15 only as a third player).
    assert_eq!(s.treasury["rome"], 30);
    assert_eq!(s.treasury["syria"], 50);
    assert!(!s.treasury.contains_key("macedon"));
    // 20.22: six legions I-VI (odd 22 SSP, even 24), two tribunes each.
    for (l, n) in [
        ("I", 22),
        ("II", 24),
        ("III", 22),
        ("IV", 24),
        ("V", 22),
        ("VI", 24),
    ] {
        assert_eq!(s.units[&format!("legion-{l}")].ssp, n, "legion {l}");
        assert_eq!(s.units[&format!("legion-{l}")].side, "rome");
    }
    assert_eq!(ssp(&s, "rome"), 3 * 22 + 3 * 24);
    assert_eq!(
        s.commanders
            .keys()
            .filter(|k| k.starts_with("tribune-"))
            .count(),
        12
    );
    // 20.22: Antiochus III and Hannibal at Demetrias (Romans map), Seleucus at Lysimachae
    // (Macedonians map): both maps are in play.
    assert_eq!(s.commanders["antiochus-iii"].at.map, "romans");
    assert_eq!(s.commanders["antiochus-iii"].at.hex, "5624");
    assert_eq!(s.commanders["hannibal"].at.hex, "5624");
    assert_eq!(s.commanders["seleucus"].at.map, "macedonians");
    assert_eq!(s.commanders["seleucus"].at.hex, "0603");
    assert!(s
        .units
        .values()
        .any(|u| u.side == "syria" && u.kind == "chariot"));
    assert!(ssp(&s, "syria") > 0);
    // 20.26: Macedon is an ally (not a player) at 0; Philip V stays off the board until it
    // is activated (only active allies set up, 16.13).
    assert_eq!(s.allies["macedon"].points, 0);
    assert!(s.allies["macedon"].active.is_none());
    assert!(!s.commanders.contains_key("philip-v"));
    assert!(!s.units.values().any(|u| u.side == "macedon"));
    // 20.26 levels: Rhodes 2 and Pergamum 3 toward Rome, Cappadocia and Aetolia 3 toward Syria;
    // Sparta and Achaea as in 20.1 at 0.
    assert_eq!(
        (
            s.allies["rhodes"].toward.as_deref(),
            s.allies["rhodes"].points
        ),
        (Some("rome"), 2)
    );
    assert_eq!(
        (
            s.allies["pergamum"].toward.as_deref(),
            s.allies["pergamum"].points
        ),
        (Some("rome"), 3)
    );
    assert_eq!(
        (
            s.allies["cappadocia"].toward.as_deref(),
            s.allies["cappadocia"].points
        ),
        (Some("syria"), 3)
    );
    assert_eq!(
        (
            s.allies["aetolia"].toward.as_deref(),
            s.allies["aetolia"].points
        ),
        (Some("syria"), 3)
    );
    assert_eq!(s.allies["sparta"].points, 0);
    assert!(
        s.cities
            .values()
            .any(|c| c.ally.as_deref() == Some("sparta")),
        "20.26 Sparta as in 20.1"
    );
}

/// Romans [20.21]: the Syrian War is played on both maps joined, 6120 of The Romans being 0102
/// of The Macedonians; the situation display and its picture show them as one board, the
/// Macedonians map's hexes in the Romans numbering (Antioch, 3317M, at column 93, row 35).
#[test]
fn romans_20_21_the_view_draws_both_maps_as_one_board() {
    let s = syrian_war();
    let v = Romans.view(&s, None);
    let legatus::view::MapKind::Hex(layout) = &v.map.kind else {
        panic!("a hex map");
    };
    assert!(
        layout.first_column + layout.columns > 93 && layout.first_row + layout.rows > 35,
        "{} columns, {} rows",
        layout.columns,
        layout.rows
    );
    let at = |x: i32, y: i32| legatus::view::Point { x, y };
    assert!(layout
        .board
        .hexes
        .iter()
        .any(|c| c.at == at(93, 35) && c.city.as_ref().is_some_and(|c| c.name == "Antioch")));
    // The seam hex is printed once, as the Romans map's 6120.
    assert_eq!(
        layout
            .board
            .hexes
            .iter()
            .filter(|c| c.at == at(61, 20))
            .count(),
        1
    );
    let antioch = v
        .map
        .places
        .iter()
        .find(|p| p.name == "Antioch")
        .expect("Antioch placed");
    assert_eq!(
        (antioch.id.as_str(), antioch.at),
        ("3317M", Some(at(93, 35)))
    );
    let roma = v
        .map
        .places
        .iter()
        .find(|p| p.name == "Roma")
        .expect("Roma placed");
    assert_eq!(
        roma.id.len(),
        4,
        "a Romans-map hex keeps its number: {}",
        roma.id
    );
    let svg = legatus::render::hexmap::hex_map(&v, layout);
    assert!(svg.contains("Antioch") && svg.contains("Roma"));
}

#[test]
fn romans_20_28_initial_control() {
    let s = syrian_war();
    // Rome as in 20.17: Roma, Apollonia; not Carthage.
    assert_eq!(control(&s, "Roma").as_deref(), Some("rome"));
    assert_eq!(control(&s, "Apollonia").as_deref(), Some("rome"));
    assert_ne!(control(&s, "Carthage").as_deref(), Some("rome"));
    // Syria: Antioch, and the Thracian cities it holds (Lysimachae, Abydus), Ephesus, Demetrias.
    for c in ["Antioch", "Lysimachae", "Abydus", "Ephesus", "Demetrias"] {
        assert_eq!(control(&s, c).as_deref(), Some("syria"), "{c}");
    }
    // Not Egypt's cities, nor an ally's home city.
    assert_ne!(control(&s, "Pelusium").as_deref(), Some("syria"));
    assert_ne!(control(&s, "Pergamum").as_deref(), Some("syria"));
}

#[test]
fn romans_20_2_two_game_turns_through_the_cli_in_mutual_dice_verify() {
    let t = Table::new();
    let game = t.game();
    let (red, blue) = (
        format!("rome=Ana,ana@example.org,{}", t.s("red.key.pub")),
        format!("syria=Ben,ben@example.org,{}", t.s("blue.key.pub")),
    );
    ok(&[
        "new",
        "--ruleset",
        "romans",
        "--scenario",
        "syrian-war",
        "--dice",
        "mutual",
        "--player",
        &red,
        "--player",
        &blue,
        "--dir",
        &game,
    ]);
    let key = |side: &str| t.key_of(if side == "rome" { "red" } else { "blue" });
    for side in ["rome", "syria"] {
        ok(&["accept", &game, "--key", &key(side)]);
    }
    // Two Game-Turns: each player's Campaign Phase, moving nothing.
    for n in 0..4 {
        let side = if n % 2 == 0 { "rome" } else { "syria" };
        let f = t.p(&format!("o{n}.yaml"));
        let tpl = ok(&["template", &game, "--side", side, "--key", &key(side)]);
        std::fs::write(&f, tpl).unwrap();
        ok(&[
            "apply",
            &game,
            "--orders",
            &f.display().to_string(),
            "--key",
            &key(side),
        ]);
    }
    let v = ok(&["verify", &t.s("game/log.yaml")]);
    assert!(v.contains("VALID"), "{v}");
    let status = ok(&["status", &game]);
    assert!(
        status.contains("turn-3/rome-campaign") || status.contains("rome"),
        "{status}"
    );
}

fn syrian_war_with_macedon() -> State {
    let r = Romans;
    let data = r.load_scenario("syrian-war", &[]).unwrap();
    r.setup("syrian-war", &data, &["macedon-third-player".to_string()])
        .unwrap()
}

#[test]
fn romans_20_29_macedon_as_third_player_sets_up_and_moves_third() {
    let s = syrian_war_with_macedon();
    assert_eq!(s.players, ["rome", "syria", "macedon"]);
    // 20.23: Macedon's treasury only as a third player.
    assert_eq!(s.treasury["macedon"], 15);
    // Its army (follow-up suggestion, provisional data): Philip V and Perseus at Pella, its
    // cities its own (20.26), no longer an ally on the Alliance Table.
    assert_eq!(s.commanders["philip-v"].side, "macedon");
    assert_eq!(s.commanders["philip-v"].at.hex, "5520");
    assert!(ssp(&s, "macedon") > 0);
    assert!(!s.allies.contains_key("macedon"));
    for c in ["Pella", "Thessalonica", "Amphipolis", "Miletus"] {
        assert_eq!(control(&s, c).as_deref(), Some("macedon"), "{c}");
    }
    // Rome's and Syria's set-up is the same as with two players.
    let two = syrian_war();
    assert_eq!(ssp(&s, "rome"), ssp(&two, "rome"));
    assert_eq!(ssp(&s, "syria"), ssp(&two, "syria"));
    // The option belongs to 20.2 only.
    let r = Romans;
    let data = r.load_scenario("second-macedonian-war", &[]).unwrap();
    assert!(r
        .setup(
            "second-macedonian-war",
            &data,
            &["macedon-third-player".to_string()]
        )
        .is_err());
}

/// One player of a game by email: his side, his key and his own copy of the game.
struct Seat {
    side: &'static str,
    key: String,
    folder: String,
}

/// What `legatus status --key` tells the player he must do now (the line `You (side): …`).
fn my_task(seat: &Seat) -> String {
    let status = ok(&["status", &seat.folder, "--key", &seat.key]);
    status
        .lines()
        .find_map(|l| l.strip_prefix(&format!("You ({}): ", seat.side)))
        .unwrap_or_else(|| panic!("status names no task for {}:\n{status}", seat.side))
        .to_string()
}

/// Mails the game from `seat` to every other player (`--to all`: one message, both
/// addresses); returns the message file.
fn mail_all(t: &Table, seat: &Seat, n: usize) -> String {
    let eml = t.s(&format!("mail-{n:03}-{}.eml", seat.side));
    let out = ok(&["mail", &seat.folder, "--to", "all", "--eml", &eml]);
    let raw = String::from_utf8_lossy(&std::fs::read(&eml).unwrap()).into_owned();
    let to = raw
        .lines()
        .find(|l| l.starts_with("To: "))
        .expect("a To: header")
        .to_string();
    assert_eq!(
        to.matches('@').count(),
        2,
        "one message to both others: {out}\n{to}"
    );
    eml
}

#[test]
fn romans_20_29_three_players_two_game_turns_by_email_in_mutual_dice_verify() {
    let t = Table::new();
    let key_name = |side: &str| match side {
        "rome" => "red",
        "syria" => "blue",
        _ => "green",
    };
    let spec = |side: &str, who: &str| {
        format!(
            "{side}={who},{who}@example.org,{}",
            t.s(&format!("{}.key.pub", key_name(side)))
        )
    };
    let (a, b, c) = (
        spec("rome", "ana"),
        spec("syria", "ben"),
        spec("macedon", "gia"),
    );
    let seats: Vec<Seat> = ["rome", "syria", "macedon"]
        .into_iter()
        .map(|side| Seat {
            side,
            key: t.key_of(key_name(side)),
            folder: t.s(&format!("{side}-game")),
        })
        .collect();
    // Without Macedon's player the option is refused, and so is Macedon without the option.
    let r = support::cli(&[
        "new",
        "--ruleset",
        "romans",
        "--scenario",
        "syrian-war",
        "--dice",
        "mutual",
        "--option",
        "macedon-third-player",
        "--player",
        &a,
        "--player",
        &b,
        "--dir",
        &seats[0].folder,
    ]);
    assert_ne!(r.code, 0);
    ok(&[
        "new",
        "--ruleset",
        "romans",
        "--scenario",
        "syrian-war",
        "--dice",
        "mutual",
        "--option",
        "macedon-third-player",
        "--player",
        &a,
        "--player",
        &b,
        "--player",
        &c,
        "--dir",
        &seats[0].folder,
    ]);
    // Rome sends the new game to both others (no entry yet: he names himself with --from).
    let eml = t.s("mail-000-rome.eml");
    ok(&[
        "mail",
        &seats[0].folder,
        "--to",
        "all",
        "--from",
        "rome",
        "--eml",
        &eml,
    ]);
    for seat in &seats[1..] {
        ok(&["inbox", &eml, "--into", &seat.folder]);
    }
    // Mail in flight: (message, the sides that have not read it yet).
    let mut post: Vec<(String, Vec<&str>)> = Vec::new();
    let mut n = 0;
    let mut reveals = 0;
    let mut orders = 0;
    let mut winter = 0;
    // Every entry of the game, by the one player whose status says he must act.
    loop {
        n += 1;
        assert!(n < 80, "runaway game");
        // Each player reads his mail; every other message is read newest first, so the same
        // entries arrive from two opponents in either order.
        for seat in &seats {
            let mut mine: Vec<String> = post
                .iter_mut()
                .filter(|(_, to)| to.contains(&seat.side))
                .map(|(m, to)| {
                    to.retain(|s| *s != seat.side);
                    m.clone()
                })
                .collect();
            if n % 2 == 0 {
                mine.reverse();
            }
            for m in mine {
                ok(&["inbox", &m, "--game", &seat.folder]);
            }
        }
        post.retain(|(_, to)| !to.is_empty());
        let tasks: Vec<(usize, String)> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| (i, my_task(s)))
            .collect();
        let status = ok(&["status", &seats[0].folder]);
        if status.contains("the game is over") || status.contains("turn-3/rome-campaign") {
            break;
        }
        let acting: Vec<&(usize, String)> = tasks
            .iter()
            .filter(|(_, t)| !t.starts_with("nothing"))
            .collect();
        assert_eq!(acting.len(), 1, "one player acts at a time: {tasks:#?}");
        let (i, task) = acting[0];
        let seat = &seats[*i];
        // The others are told for whom they wait.
        for (j, other) in &tasks {
            if j != i {
                assert!(other.contains(seat.side), "{}: {other}", seats[*j].side);
            }
        }
        if task.starts_with("send a bare dice reveal") {
            if task.contains("needs your reveal, then") {
                // Not the last reveal the entry needs: `template` says so too.
                let r = support::cli(&["template", &seat.folder, "--key", &seat.key]);
                assert_ne!(r.code, 0, "{}", r.out);
                assert!(r.err.contains("bare reveal"), "{}", r.err);
            }
            ok(&["apply", &seat.folder, "--key", &seat.key]);
            reveals += 1;
        } else if task.starts_with("accept the game") {
            ok(&["accept", &seat.folder, "--key", &seat.key]);
        } else {
            assert!(
                task.starts_with("send orders")
                    || task.contains("carries your orders")
                    || task.starts_with("commit sealed orders")
                    || task.starts_with("reveal your sealed orders"),
                "{}: {task}",
                seat.side
            );
            // `template --key` looks past the reveal his entry carries.
            let f = t.p(&format!("o{n}.yaml"));
            let tpl = ok(&["template", &seat.folder, "--key", &seat.key]);
            if tpl.contains(&format!("{}-campaign", seat.side)) {
                orders += 1;
            } else {
                // The Winter between the two Game-Turns: sealed, each side in turn.
                assert!(tpl.contains("step: \"winter-"), "{tpl}");
                winter += 1;
            }
            std::fs::write(&f, tpl).unwrap();
            ok(&[
                "apply",
                &seat.folder,
                "--orders",
                &f.display().to_string(),
                "--key",
                &seat.key,
            ]);
        }
        let others: Vec<&str> = seats
            .iter()
            .map(|s| s.side)
            .filter(|s| *s != seat.side)
            .collect();
        post.push((mail_all(&t, seat, n), others));
    }
    assert_eq!(orders, 6, "two Game-Turns of three Campaign Phases");
    assert_eq!(winter, 6, "three sealed Winter commits, then three reveals");
    assert!(
        reveals >= 3,
        "end-of-phase dice wait for bare reveals: {reveals}"
    );
    // Every copy holds the same log, and it verifies.
    let logs: Vec<Vec<u8>> = seats
        .iter()
        .map(|s| std::fs::read(format!("{}/log.yaml", s.folder)).unwrap())
        .collect();
    assert!(logs.iter().all(|l| *l == logs[0]), "the three copies agree");
    let v = ok(&["verify", &format!("{}/log.yaml", seats[2].folder)]);
    assert!(v.contains("VALID"), "{v}");
}
