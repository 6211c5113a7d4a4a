//! Turn Record Track validation.

use std::collections::BTreeSet;

use super::super::counters::SetupCode;
use super::super::turns::Season;
use super::super::{Pack, COUNTERS_FILE, TURNS_FILE};
use super::Out;

/// Alexandros 1.0 and 16.3 (46 turns, Spring 334 to Summer 323), 12.1 (replacement turns),
/// 14.2 (Spartan Revolt turns), 13 (reinforcements and withdrawals exist and match set-up codes).
pub(super) fn check_turns(pack: &Pack, o: &mut Out) {
    let f = TURNS_FILE;
    let t = &pack.turns.turns;
    const SEASONS: [Season; 4] = [
        Season::Spring,
        Season::Summer,
        Season::Autumn,
        Season::Winter,
    ];
    let expected: BTreeSet<String> = (1..=46).map(|n| format!("T{n:02}")).collect();
    let have: BTreeSet<String> = t.keys().cloned().collect();
    for k in expected.difference(&have) {
        o.add(
            f,
            format!("turns/{k}"),
            "Alexandros 16.3: 46 turns from Spring 334 to Summer 323",
            "turn missing",
        );
    }
    for k in have.difference(&expected) {
        o.add(
            f,
            format!("turns/{k}"),
            "Alexandros 16.3: 46 turns from Spring 334 to Summer 323",
            "unexpected turn key (use T01..T46)",
        );
    }
    let mut track_units: BTreeSet<&str> = BTreeSet::new();
    for n in 1..=46u32 {
        let k = format!("T{n:02}");
        let Some(turn) = t.get(&k) else { continue };
        let item = format!("turns/{k}");
        let season = SEASONS[((n - 1) % 4) as usize];
        let year = (334 - (n - 1) / 4).to_string();
        if turn.season != season || turn.year != year {
            o.add(
                f,
                &item,
                "Alexandros 1.0, 3.2: three-month turns from Spring 334",
                format!(
                    "expected {season:?} {year}, found {:?} {}",
                    turn.season, turn.year
                ),
            );
        }
        if turn.macedonian_replacements != (season == Season::Winter) {
            o.add(
                f,
                &item,
                "Alexandros 12.1: Macedonian replacements every Winter only",
                "macedonian_replacements wrong",
            );
        }
        let per = (season == Season::Winter && n != 4) || (season == Season::Spring && n != 1);
        if turn.persian_replacements != per {
            o.add(f, &item, "Alexandros 12.1, 4.3: Persian replacements Spring and Winter, not Winter 334 nor the first turn", "persian_replacements wrong");
        }
        let revolt = matches!(season, Season::Summer | Season::Autumn) && n >= 10;
        if turn.spartan_revolt != revolt {
            o.add(
                f,
                &item,
                "Alexandros 14.2: Spartan Revolt rolls each Summer and Autumn from 332",
                "spartan_revolt wrong",
            );
        }
        for (what, list) in [
            ("reinforcements", &turn.reinforcements),
            ("withdrawals", &turn.withdrawals),
        ] {
            for e in list {
                let ei = format!("{item}/{what}/{}", e.key());
                match (&e.unit, &e.leader) {
                    (Some(u), None) => {
                        match pack.counters.units.get(u) {
                            None => o.add(
                                f,
                                &ei,
                                "Alexandros 13: every referenced unit exists",
                                format!("unknown unit `{u}`"),
                            ),
                            Some(x) if what == "reinforcements" && x.setup != SetupCode::Track => o
                                .add(
                                    f,
                                    &ei,
                                    "Alexandros 13.1: reinforcements carry the track set-up code",
                                    format!("unit `{u}` has set-up {:?}", x.setup),
                                ),
                            _ => {}
                        }
                        if what == "reinforcements" {
                            track_units.insert(u);
                        }
                    }
                    (None, Some(l)) => {
                        match pack.counters.leaders.get(l) {
                            None => o.add(
                                f,
                                &ei,
                                "Alexandros 13: every referenced leader exists",
                                format!("unknown leader `{l}`"),
                            ),
                            Some(x) if what == "reinforcements" && x.setup != SetupCode::Track => o
                                .add(
                                    f,
                                    &ei,
                                    "Alexandros 13.1: reinforcements carry the track set-up code",
                                    format!("leader `{l}` has set-up {:?}", x.setup),
                                ),
                            _ => {}
                        }
                        if what == "reinforcements" {
                            track_units.insert(l);
                        }
                    }
                    _ => o.add(
                        f,
                        &ei,
                        "turns schema: an entry names one unit or one leader",
                        "set exactly one of unit, leader",
                    ),
                }
            }
        }
    }
    for (code, u) in &pack.counters.units {
        if u.setup == SetupCode::Track && !track_units.contains(code.as_str()) {
            o.add(
                COUNTERS_FILE,
                format!("units/{code}"),
                "Alexandros 13.1: track units enter on some turn",
                "set-up `track` but no turn brings it in",
            );
        }
    }
    for (name, l) in &pack.counters.leaders {
        if l.setup == SetupCode::Track && !track_units.contains(name.as_str()) {
            o.add(
                COUNTERS_FILE,
                format!("leaders/{name}"),
                "Alexandros 13.1: track leaders enter on some turn",
                "set-up `track` but no turn brings him in",
            );
        }
    }
}
