//! Counters, set-up, turn track, numbers and places against what our text prints and against
//! the Macedonians map.

use std::collections::BTreeMap;

use legatus::games::conquerors::macedonians::data::model::{Arm, CityKind, Side};
use legatus::geo::Hex;

use super::{conquerors, pack};

/// Units of the set-up entry at `hex` for `side`, by type.
fn setup_types(side: &str, hex: &str) -> BTreeMap<String, usize> {
    let p = pack();
    let mut out = BTreeMap::new();
    for e in p.scenario.setup[side].iter().filter(|e| e.at.hex == hex) {
        for u in &e.units {
            *out.entry(p.counters.units[u].kind.clone()).or_default() += 1;
        }
    }
    out
}

#[test]
fn macedonians_20_2_persian_set_up_counts_as_printed() {
    let p = pack();
    let count = |hex: &str, nation: &str| {
        p.scenario.setup["persian"]
            .iter()
            .filter(|e| e.at.hex == hex)
            .flat_map(|e| &e.units)
            .filter(|u| p.counters.units[*u].nation == nation)
            .count()
    };
    assert_eq!(count("0904", "greek-mercenary"), 5, "Cyzicus");
    assert_eq!(count("1010", "lydian"), 9, "Sardes: 3 infantry, 6 cavalry");
    assert_eq!(count("2205", "phrygian"), 4);
    assert_eq!(count("2704", "cappadocian"), 4);
    assert_eq!(count("1901", "paphlagonian"), 4);
    assert_eq!(count("2915", "median") + count("2915", "bactrian"), 8);
    assert_eq!(
        count("2233", "greek-mercenary"),
        12,
        "Pelusium: 7 hoplites, 5 peltasts"
    );
    assert_eq!(count("0714", "greek-mercenary"), 3, "errata: Halicarnassus");
    let garrisons: usize = p.scenario.setup["persian"]
        .iter()
        .flat_map(|e| &e.units)
        .filter(|u| p.counters.units[*u].kind == "garrison")
        .count();
    assert_eq!(
        garrisons,
        8 + 5,
        "one each at eight places, five at Halicarnassus (errata)"
    );
    let squadrons: Vec<(&str, usize)> = [
        ("0917", 2),
        ("2620", 6),
        ("3026", 3),
        ("3123", 1),
        ("3124", 1),
        ("3025", 2),
        ("2233", 5),
    ]
    .into_iter()
    .map(|(h, n)| {
        let got = p.scenario.setup["persian"]
            .iter()
            .filter(|e| e.at.hex == h)
            .map(|e| e.squadrons.len())
            .sum();
        assert_eq!(got, n, "squadrons at {h}");
        (h, got)
    })
    .collect();
    let total: usize = squadrons.iter().map(|(_, n)| n).sum();
    assert_eq!(total, 20, "12.4 commentary: 400 ships at 20 a squadron");
    let at = |k: &str| {
        p.scenario.setup["persian"]
            .iter()
            .find(|e| e.commanders.iter().any(|c| c == k))
            .map(|e| e.at.hex.clone())
            .unwrap_or_default()
    };
    assert_eq!(at("memnon"), "0904");
    assert_eq!(at("orontabates"), "0714");
    assert_eq!(at("pharnabazus"), "2233");
    assert_eq!(at("azemilk"), "3026");
}

#[test]
fn macedonians_20_1_macedonian_set_up_as_printed() {
    let p = pack();
    let abydus = setup_types("macedonian", "0505");
    assert_eq!(abydus["phalanx"], 6);
    assert_eq!(abydus["royal-squadron"], 1);
    let league = p.scenario.setup["macedonian"]
        .iter()
        .flat_map(|e| &e.units)
        .filter(|u| u.starts_with("league-hoplites"))
        .count();
    assert_eq!(league, 7);
    let companions = p.scenario.setup["macedonian"]
        .iter()
        .flat_map(|e| &e.units)
        .filter(|u| u.starts_with("companions-"))
        .count();
    assert_eq!(companions, 7, "seven squadrons of heavy cavalry");
    let sestus = &p.scenario.setup["macedonian"][0];
    assert_eq!(sestus.at.hex, "0404");
    assert_eq!(sestus.commanders, ["hegelochus"]);
    assert_eq!(sestus.squadrons.len(), 8, "160 ships at 20 a squadron");
    let abydus = &p.scenario.setup["macedonian"][1];
    assert_eq!(
        abydus.commanders,
        [
            "alexander",
            "parmenion",
            "nicanor",
            "antigonus",
            "menander",
            "philotas",
            "calas"
        ]
    );
    assert!(abydus.siege_train);
    // The army's size at the text's scale (25): about 32,000 foot and 5,000 horse.
    let (mut foot, mut horse) = (0, 0);
    for u in p.scenario.setup["macedonian"].iter().flat_map(|e| &e.units) {
        let ssp = p.full_ssp(u).unwrap();
        match p.unit_type(&p.counters.units[u].kind).unwrap().arm {
            Arm::Cavalry => horse += ssp,
            _ => foot += ssp,
        }
    }
    assert_eq!((foot, horse), (83, 20));
}

#[test]
fn macedonians_8_printed_ratings_and_the_tactical_12_13_sum() {
    let p = pack();
    let r = |k: &str| p.counters.commanders[k].rating;
    assert_eq!(r("alexander"), 5, "8.52");
    assert_eq!(r("parmenion"), 3, "8.52");
    assert_eq!(r("pharnabazus"), 1, "12.41");
    let a = &p.counters.commanders["alexander"];
    assert_eq!(a.rating + a.to + a.td, 12, "Tactical 12.31");
    // Tactical 12.13: the ten Persian commanders of the Granicus set-up total 18, Memnon 3.
    let granicus: u32 = ["0904", "1010", "2205", "2704", "1901", "2915"]
        .iter()
        .flat_map(|h| {
            p.scenario.setup["persian"]
                .iter()
                .filter(move |e| e.at.hex == *h)
        })
        .flat_map(|e| &e.commanders)
        .map(|k| u32::from(r(k)))
        .sum();
    assert_eq!(granicus, 18);
    assert_eq!(r("memnon"), 3);
    // 9.71: Alexander out-rates Memnon.
    assert!(r("alexander") > r("memnon"));
    // 8.83: the pool, thirteen.
    let pool = p
        .counters
        .commanders
        .values()
        .filter(|k| k.pool.is_some())
        .count();
    assert_eq!(pool, 13);
}

#[test]
fn macedonians_9_13_maximum_ssp_as_printed() {
    let p = pack();
    let max = |t: &str| p.unit_type(t).unwrap().ssp;
    assert_eq!(
        [
            max("phalanx"),
            max("hypaspist"),
            max("hoplite"),
            max("peltast"),
            max("javelinist")
        ],
        [5, 4, 3, 2, 2]
    );
    assert_eq!(
        [
            max("greek-hoplite"),
            max("greek-peltast"),
            max("barbarian-infantry"),
            max("persian-heavy-cavalry")
        ],
        [3, 2, 2, 2]
    );
    assert_eq!(
        [
            max("medium-cavalry"),
            max("persian-light-cavalry"),
            max("horse-archer"),
            max("chariot"),
            max("elephant"),
            max("persian-archer"),
            max("garrison")
        ],
        [2, 2, 1, 2, 4, 1, 2]
    );
    // "Archers=2 or 1", "Heavy Cavalry=2 or 1": some counters have the 1.
    assert!(p
        .counters
        .units
        .values()
        .any(|u| u.kind == "archer" && u.ssp == Some(1)));
    assert!(p
        .counters
        .units
        .values()
        .any(|u| u.kind == "persian-heavy-cavalry" && u.ssp == Some(1)));
    let train = &p.counters.siege_train;
    assert_eq!(
        (train.stacking_ssp, train.siege_points),
        (12, 20),
        "14.22, 14.26"
    );
}

#[test]
fn macedonians_19_42_the_levy_pile_covers_every_levy() {
    let p = pack();
    let mut used: std::collections::BTreeSet<&String> = p
        .scenario
        .setup
        .values()
        .flatten()
        .flat_map(|e| e.units.iter())
        .collect();
    for t in p.track() {
        if let Some(x) = &t.persian {
            used.extend(x.units.iter());
        }
    }
    let pile = |class| {
        p.counters
            .units
            .iter()
            .filter(|(id, u)| {
                !used.contains(id) && p.unit_type(&u.kind).and_then(|t| t.levy) == Some(class)
            })
            .count()
    };
    use legatus::games::conquerors::macedonians::data::model::Levy;
    let levy_turns = p
        .track()
        .filter(|t| t.persian.as_ref().is_some_and(|x| x.levies))
        .count();
    assert_eq!(levy_turns, 15, "7-23 without the Winters 13 and 20");
    assert!(pile(Levy::BarbarianInfantry) >= 2 * levy_turns);
    assert!(pile(Levy::Cavalry) >= levy_turns);
    assert!(pile(Levy::Auxiliary) >= levy_turns);
}

#[test]
fn macedonians_turn_track_printed_entries_and_calendar() {
    let p = pack();
    let t: Vec<_> = p.track().collect();
    assert_eq!(t.len(), 26, "4.1");
    assert_eq!(
        (t[0].year.as_str(), t[0].months.as_deref()),
        ("334", Some("Apr-May"))
    );
    assert!(t[5].winter, "Game-Turn 6 is the 334 Winter");
    assert_eq!(t[7].months.as_deref(), Some("Apr-May"));
    assert_eq!(t[7].year, "333");
    assert_eq!(
        t[8].months.as_deref(),
        Some("Jun-Jul"),
        "8.7: Memnon goes at the start of Jun-Jul 333"
    );
    assert_eq!(
        t[8].persian.as_ref().unwrap().replace["memnon"],
        "amyntas-persian"
    );
    assert_eq!(t[2].persian.as_ref().unwrap().commanders, ["darius"]);
    assert_eq!(t[5].persian.as_ref().unwrap().commanders, ["nabarzanes"]);
    let gt8 = t[7].macedonian.as_ref().unwrap();
    assert_eq!(
        (gt8.infantry_ssp, gt8.cavalry_ssp, gt8.honeymoon_return),
        (12, 4, true)
    );
    assert_eq!(
        t[17].persian.as_ref().unwrap().commanders,
        ["bessus"],
        "follow-up: Game-Turn 18"
    );
    let winters: Vec<usize> = t
        .iter()
        .enumerate()
        .filter(|(_, x)| x.winter)
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(winters, [6, 13, 20]);
    // The printed part (1-8) is `source:`, the rest marked.
    for (i, x) in p.turns.turns.iter().enumerate() {
        if i < 8 {
            assert!(x.provenance.source.is_some(), "Game-Turn {}", i + 1);
        }
    }
}

#[test]
fn macedonians_numbers_as_the_text_states_them() {
    let p = pack();
    let n = |s: &str, k: &str| p.number(s, k).unwrap_or_else(|| panic!("{s}/{k}"));
    assert_eq!(n("movement", "allowance"), 30, "5.0");
    assert_eq!(n("movement", "winter-allowance-north"), 15, "5.39");
    assert_eq!(n("movement", "enter-enemy-occupied"), 3, "5.22");
    assert_eq!(n("movement", "cilician-gates"), 6, "5.51");
    assert_eq!(n("movement", "naval-base-radius"), 15, "5.92");
    assert_eq!(n("zones", "land-radius"), 4, "6.11");
    assert_eq!(n("stacking", "inside-major-city"), 5, "7.13");
    assert_eq!(
        (
            n("combat", "morale-macedonian"),
            n("combat", "morale-persian")
        ),
        (50, 35)
    );
    assert_eq!(
        (
            n("victory", "battle-persian"),
            n("victory", "battle-macedonian")
        ),
        (15, 5)
    );
    assert_eq!(n("supply", "first-phase-macedonian"), 5, "20.13");
    assert_eq!(p.rules.ferries.hexsides, ["0404/0505", "1102/1202"], "5.37");
    let d = &p.rules.defection;
    assert_eq!(d["ionian"].not_before.as_deref(), Some("3"));
    assert_eq!(d["cypriot"].satrapies_at_least, Some(5));
    assert!(d["tyrian"].never);
    // The terrain costs (in half MP) the shared movement reads: Macedonians 5.27, 5.41.
    let m = conquerors();
    let c = m.costs("macedonians").unwrap();
    assert_eq!(c.allowance, 2 * n("movement", "allowance"));
    assert_eq!(c.roads["royal-road"], 1, "5.41: half a point");
}

#[test]
fn macedonians_places_against_the_map() {
    let p = pack();
    let m = conquerors();
    let map = m.map_for("macedonians", "macedonians").unwrap();
    let hex = |h: &str| map.hex(Hex::parse(h).unwrap()).unwrap();
    // 5.91: the eight Naval Bases.
    let mut bases: Vec<&String> = p
        .places
        .cities
        .iter()
        .filter(|(_, c)| c.naval_base)
        .map(|(n, _)| n)
        .collect();
    bases.sort();
    assert_eq!(
        bases,
        [
            "Byzantium",
            "Ephesus",
            "Halicarnassus",
            "Mytilene",
            "Pelusium",
            "Salamis",
            "Side",
            "Tyre"
        ]
    );
    // 14.16, 21.11: the Walled Cities, their strength and points; Gaza is no port (14.11).
    let w: Vec<(String, u32, u32)> = p
        .places
        .cities
        .iter()
        .filter(|(_, c)| c.kind == CityKind::Walled)
        .map(|(n, c)| (n.clone(), c.fortification.unwrap(), c.vp.unwrap()))
        .collect();
    assert_eq!(
        w,
        [
            ("Gaza".to_string(), 40, 5),
            ("Halicarnassus".into(), 30, 3),
            ("Miletus".into(), 20, 3),
            ("Sidon".into(), 20, 3),
            ("Tyre".into(), 50, 10)
        ]
    );
    assert!(!p.places.cities["Gaza"].port);
    // 5.51, 19.32: the Gates and the entry hex.
    assert!(hex("2912").tags.iter().any(|t| t == "pass"));
    assert_eq!(p.places.persian_entry.entry_hexes, ["6121"]);
    // 13.0: three cities of The Romans are not in this game's map.
    for gone in ["0603", "0708", "3317"] {
        assert!(hex(gone).city.is_none(), "{gone}");
    }
    // 15.11, 15.22, 21.11: the printed satrapy values.
    let s = &p.places.satrapies;
    assert_eq!(
        (s["lydia"].capital.as_deref(), s["lydia"].supply),
        (Some("Sardes"), 3)
    );
    assert_eq!(
        (s["phrygia"].capital.as_deref(), s["phrygia"].supply),
        (Some("Ancyra"), 1)
    );
    assert_eq!(s["phoenicia"].supply, 6);
    // Every side's counters belong to one side only.
    for (id, u) in &p.counters.units {
        let t = p.unit_type(&u.kind).unwrap();
        assert!(matches!(t.side, Side::Macedonian | Side::Persian), "{id}");
    }
}

#[test]
fn macedonians_21_2_the_historical_campaign_scores_81() {
    // PROVENANCE.md, Places: what Alexander held at the end of Oct-Nov 331.
    let p = pack();
    let held = [
        "hellespontine-phrygia",
        "lydia",
        "caria",
        "lycia-pisidia",
        "phrygia",
        "cilicia",
        "cyprus",
        "phoenicia",
        "syria",
        "egypt",
        "babylonia",
    ];
    let satrapies: u32 = held.iter().map(|s| p.places.satrapies[*s].supply).sum();
    let walled: u32 = p.places.cities.values().filter_map(|c| c.vp).sum();
    let battles = 3 * p.number("victory", "battle-macedonian").unwrap();
    // Spithridates, Mithrobarzanes, Niphates, Petines, Omares (Granicus); Arsamenes,
    // Reomithres, Atizyes (Issus).
    let killed = 8 * p.number("victory", "kill-other").unwrap();
    assert_eq!(
        satrapies + walled + battles + killed,
        p.number("victory", "historical-total").unwrap()
    );
}
