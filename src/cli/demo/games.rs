//! The games `legatus demo` plays: each with its ruleset, scenario, the players' names, its
//! bundled historical fixture (embedded with include_dir), a fixed game id and how its
//! seasons follow one another. The sides come from the ruleset.

use crate::ruleset::Event;

use super::fixture::Seasons;
use super::repair;

/// One demo game.
pub struct DemoGame {
    /// Its name for `--game`.
    pub name: &'static str,
    /// The ruleset id.
    pub ruleset: &'static str,
    /// The scenario id.
    pub scenario: &'static str,
    /// Options given to `legatus new`.
    pub options: &'static [&'static str],
    /// Data overrides given to `legatus new --data`: (file name, text), embedded.
    pub data: &'static [(&'static str, &'static str)],
    /// What the fixture plays, for the first line of the demo's output.
    pub title: &'static str,
    /// The players by side: (side, name, email).
    pub players: &'static [(&'static str, &'static str, &'static str)],
    /// The historical fixture.
    pub fixture: &'static include_dir::Dir<'static>,
    /// The game id (with the demo keys, it fixes every roll).
    pub game_id: &'static str,
    /// The season the demo stops at by default (`end`: the whole game).
    pub stop_at: &'static str,
    /// Where each season falls in the game.
    pub seasons: Seasons,
    /// Blocks of `orders:` the game places itself, taken from the template when a fixture file
    /// leaves them out.
    pub placed: &'static [&'static str],
    /// Drops the part of a fixture file the rules refused (`None`: it cannot).
    pub repair: fn(&str, &str) -> Option<(String, String)>,
    /// Whether an event is a battle being fought, and whether it is a battle's result.
    pub battle: fn(&Event) -> Option<Battle>,
    /// The summary's heading for the battles.
    pub battles_heading: &'static str,
}

/// What an event says of a battle.
pub enum Battle {
    /// A battle begins (its name is the event's text before the first `:`).
    Fought,
    /// A battle's result.
    Result,
}

static ALEXANDROS_FIXTURE: include_dir::Dir =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/fixtures/alexandros/historical");

static ROMANS_FIXTURE: include_dir::Dir =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/fixtures/romans/historical");

static CYNOSCEPHALAE_FIXTURE: include_dir::Dir =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/fixtures/romans/cynoscephalae/orders");

/// The demos, the default first.
pub const GAMES: [DemoGame; 3] = [
    DemoGame {
        name: "alexandros",
        ruleset: "alexandros",
        scenario: "campaign-334",
        options: &[],
        data: &[],
        title: "Alexandros (campaign-334) from Alexander's historical orders",
        players: &[
            ("macedonian", "Alexander", "alexander@example.org"),
            ("persian", "Darius", "darius@example.org"),
        ],
        fixture: &ALEXANDROS_FIXTURE,
        game_id: "811b2a632d49cd4db8b057d1fed5c2fc",
        // Granicus, Issus and Gaugamela (under a minute with a release build).
        stop_at: "winter-331",
        seasons: alexandros_season,
        placed: &["  reinforcements:"],
        repair: repair::repair,
        battle: alexandros_battle,
        battles_heading: "Battles fought on the Tactical Display",
    },
    DemoGame {
        name: "romans",
        ruleset: "romans",
        scenario: "second-macedonian-war",
        // The consuls of the fasti, known at once (Romans [8.4], optional): Sulpicius Galba
        // for 200, Villius for 199, T. Quinctius Flamininus for 198 and 197.
        options: &["historical-consuls"],
        data: &[],
        title: "The Romans (second-macedonian-war) from Flamininus' and Philip V's campaign of 200-197 B.C.",
        players: &[
            ("rome", "Flamininus", "flamininus@example.org"),
            ("macedon", "Philip", "philip@example.org"),
        ],
        fixture: &ROMANS_FIXTURE,
        game_id: "c2ffa98fa832a078ce2052f4c2faf7c4",
        stop_at: "end",
        seasons: romans_season,
        placed: &[],
        repair: romans_repair,
        battle: romans_battle,
        battles_heading: "Battles fought on the Strategic CRT (Major Land Battles and Skirmishes)",
    },
    DemoGame {
        name: "cynoscephalae",
        ruleset: "romans",
        scenario: "second-macedonian-war",
        // Major Land Battles on the Tactical Battle Display (Romans [9.4], Tactical [2.1]).
        options: &["tactical-battles"],
        data: &[(
            "armies.yaml",
            include_str!("../../../fixtures/romans/cynoscephalae/armies.yaml"),
        )],
        title: "The Romans: Cynoscephalae (June 197 B.C.) fought on the Tactical Battle Display by Flamininus' and Philip V's battle plans",
        players: &[
            ("rome", "Flamininus", "flamininus@example.org"),
            ("macedon", "Philip", "philip@example.org"),
        ],
        fixture: &CYNOSCEPHALAE_FIXTURE,
        game_id: "5b1d0a3c7e2f4a6b8c9d0e1f2a3b4c5d",
        // The battle is Game-Turn 1; the demo stops when it is over.
        stop_at: "turn-2",
        seasons: romans_season,
        placed: &[],
        repair: romans_repair,
        battle: romans_battle,
        battles_heading: "Battles fought on the Tactical Battle Display",
    },
];

/// The demo named `name` (the default without one).
pub fn find(name: Option<&str>) -> Option<&'static DemoGame> {
    match name {
        None => GAMES.first(),
        Some(n) => GAMES.iter().find(|g| g.name == n),
    }
}

/// Alexandros: the turn of a season such as `autumn-331` (spring 334 is 1).
pub fn alexandros_season(s: &str) -> Option<u32> {
    let mut parts = s.splitn(3, ['-', '/', '.']);
    let first = parts.next()?;
    let season = ["spring", "summer", "autumn", "winter"]
        .iter()
        .position(|x| *x == first)?;
    let year: u32 = parts.next()?.parse().ok()?;
    (334u32.checked_sub(year)? * 4 + season as u32 + 1).into()
}

/// The Romans, Second Macedonian War: Game-Turn N (`turn-N`) is 2N, the Winter after it one
/// more; the Winters are `winter-200-199` (after turn 2), `winter-199-198` (after 10) and
/// `winter-198-197` (after 18), 20.13.
pub fn romans_season(s: &str) -> Option<u32> {
    if let Some(n) = s.strip_prefix("turn-") {
        let n: u32 = n.parse().ok()?;
        return (1..=26).contains(&n).then_some(2 * n);
    }
    let (from, to) = s.strip_prefix("winter-")?.split_once('-')?;
    let (from, to): (u32, u32) = (from.parse().ok()?, to.parse().ok()?);
    if to + 1 != from || !(198..=200).contains(&from) {
        return None;
    }
    Some(2 * (2 + 8 * (200 - from)) + 1)
}

fn alexandros_battle(e: &Event) -> Option<Battle> {
    if e.text.contains("to the Tactical Display") {
        Some(Battle::Fought)
    } else if e.rule.ends_with("10.19") && e.text.contains("the battle in") {
        Some(Battle::Result)
    } else {
        None
    }
}

/// The Romans: a Major Land Battle or a Skirmish joined, and who won it (Romans [9.3],
/// [9.4], [9.45]).
fn romans_battle(e: &Event) -> Option<Battle> {
    if e.text.starts_with("Major Land Battle at ") || e.text.starts_with("Skirmish at ") {
        Some(Battle::Fought)
    } else if e.rule.starts_with("Romans [9.45]") {
        Some(Battle::Result)
    } else {
        None
    }
}

/// The Romans: the refused item of a list (`moves[1]`, `winter.troops[0]`).
fn romans_repair(text: &str, msg: &str) -> Option<(String, String)> {
    repair::repair_by_path(text, msg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seasons_follow_the_games() {
        assert_eq!(alexandros_season("spring-334/persian-setup"), Some(1));
        assert_eq!(
            alexandros_season("winter-327/macedonian-movement"),
            Some(32)
        );
        assert_eq!(alexandros_season("summer-323"), Some(46));
        assert_eq!(alexandros_season("macedonian-standing.yaml"), None);
        assert_eq!(romans_season("turn-1"), Some(2));
        assert_eq!(romans_season("turn-2"), Some(4));
        assert_eq!(romans_season("winter-200-199"), Some(5));
        assert_eq!(romans_season("turn-3"), Some(6));
        assert_eq!(romans_season("winter-199-198"), Some(21));
        assert_eq!(romans_season("turn-11"), Some(22));
        assert_eq!(romans_season("winter-198-197"), Some(37));
        assert_eq!(romans_season("turn-19"), Some(38));
        assert_eq!(romans_season("turn-27"), None);
        assert_eq!(romans_season("winter-197-196"), None);
    }

    #[test]
    fn every_bundled_fixture_reads() {
        for g in &GAMES {
            let f = super::super::fixture::Fixture::embedded(g.fixture, g.seasons)
                .unwrap_or_else(|e| panic!("{}: {e}", g.name));
            assert!(!f.orders.is_empty(), "{}", g.name);
        }
    }
}
