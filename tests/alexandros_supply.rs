//! Alexandros 7: supply, depletion, attrition, sea supply.

#[path = "alexandros/common.rs"]
mod common;

use common::*;
use legatus::games::alexandros::data::{ProvinceType, Side};
use legatus::games::alexandros::state::Place;
use legatus::games::alexandros::supply::{self, attrition_steps, depletes, depletion_modifier};

#[test]
fn alexandros_7_2_depletion_modifiers_cumulative() {
    // The rulebook's example: 10 units in a mountain province in winter add three.
    assert_eq!(depletion_modifier(10, true, true), 3);
    assert_eq!(depletion_modifier(9, false, false), 1);
    assert_eq!(depletion_modifier(8, false, false), 0, "more than 8, not 8");
    assert_eq!(depletion_modifier(3, true, false), 1);
    assert_eq!(depletion_modifier(3, false, true), 1);
}

#[test]
fn alexandros_7_2_depletion_on_five_or_more() {
    assert!(!depletes(4, 0));
    assert!(depletes(5, 0));
    assert!(depletes(6, 0));
    assert!(depletes(2, 3), "the three-modifier example depletes on a 2");
    assert!(!depletes(1, 3));
}

#[test]
fn alexandros_7_4_attrition_table_from_pack() {
    let p = pack();
    let t = p.table("supply-attrition").unwrap();
    for die in 1..=6u32 {
        for (ty, kind) in [
            ("rich", ProvinceType::Rich),
            ("fertile", ProvinceType::Fertile),
            ("mountain", ProvinceType::Mountain),
            ("desert-wilderness", ProvinceType::DesertWilderness),
        ] {
            for (units, band) in [
                (1, "1-8"),
                (4, "1-8"),
                (8, "1-8"),
                (9, "9-16"),
                (16, "9-16"),
                (17, "17+"),
                (40, "17+"),
            ] {
                let col = format!("{ty} {band}");
                let want: u8 = t.roll(die as u8, &col).unwrap().parse().unwrap();
                assert_eq!(
                    attrition_steps(&p, die, kind, units),
                    want,
                    "{col}, roll {die}"
                );
            }
        }
    }
}

/// The attrition events of the army in `province` over two turns (the second supply phase rolls),
/// as (units counted, column, roll, steps lost), for the first seed whose run rolls.
fn attrition_roll(
    s: &legatus::games::alexandros::state::State,
    province: &str,
    seed: u8,
) -> Option<(String, u32, u8)> {
    let mut t = s.clone();
    submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(seed)).unwrap();
    let ev =
        submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(seed)).unwrap();
    let e = ev
        .iter()
        .find(|e| e.rule == "Alexandros 7.4" && e.text.contains(&format!("army in {province}")))?;
    // "... rolls R for attrition on the COLUMN column: N steps lost"
    let rest = e.text.split(" rolls ").nth(1)?;
    let roll: u32 = rest.split(' ').next()?.parse().ok()?;
    let col = rest
        .split(" on the ")
        .nth(1)?
        .split(" column")
        .next()?
        .to_string();
    let lost: u8 = e
        .text
        .rsplit(": ")
        .next()?
        .split(' ')
        .next()?
        .parse()
        .ok()?;
    Some((col, roll, lost))
}

#[test]
fn alexandros_7_4_count_the_units_first_army_size_picks_the_column() {
    // 7.4: the army is counted before the roll. Four units and eighteen units in the same
    // desert province read different columns, and each loses what its column says.
    let p = pack();
    let t = p.table("supply-attrition").unwrap();
    let small = [
        "agrianians",
        "archers",
        "greek-allied-cavalry",
        "thessalians",
        "Parmenio",
    ];
    let big = [
        "hetairoi",
        "hypaspistoi",
        "phalanx-1",
        "phalanx-2",
        "phalanx-3",
        "phalanx-4",
        "phalanx-5",
        "phalanx-6",
        "thessalians",
        "prodromoi",
        "greek-allied-cavalry",
        "greek-allied-infantry-1",
        "greek-allied-infantry-2",
        "greek-allied-infantry-3",
        "thracian-light-infantry",
        "illyrian-light-infantry",
        "agrianians",
        "archers",
        "Parmenio",
        "Alexander",
        "siege-train",
    ];
    for (who, band) in [(&small[..], "1-8"), (&big[..], "17+")] {
        let mut s = summer_334();
        put(&mut s, who, prov("Lybia"));
        let mut seen = 0;
        for seed in 1..60u8 {
            if let Some((col, roll, lost)) = attrition_roll(&s, "Lybia", seed) {
                assert_eq!(col, format!("desert-wilderness {band}"));
                let want: u8 = t.roll(roll as u8, &col).unwrap().parse().unwrap();
                assert_eq!(lost, want, "roll {roll} on {col}");
                seen += 1;
            }
        }
        assert!(
            seen > 0,
            "the army of the {band} band rolled for attrition: {:?}",
            debug_run(&s)
        );
    }
    // The same roll costs a large army at least as much, and on some roll more (7.4).
    for ty in ["rich", "fertile", "mountain", "desert-wilderness"] {
        let cell =
            |r: u8, b: &str| -> u8 { t.roll(r, &format!("{ty} {b}")).unwrap().parse().unwrap() };
        assert!(
            (1..=6).all(|r| cell(r, "1-8") <= cell(r, "9-16") && cell(r, "9-16") <= cell(r, "17+"))
        );
        assert!(
            (1..=6).any(|r| cell(r, "1-8") < cell(r, "17+")),
            "{ty}: size matters"
        );
    }
}

#[test]
fn alexandros_7_4_reduce_before_eliminating() {
    let mut s = fresh();
    let army: Vec<String> = ["agrianians", "archers", "phalanx-1"]
        .iter()
        .map(|x| x.to_string())
        .collect();
    put(
        &mut s,
        &["agrianians", "archers", "phalanx-1"],
        prov("Cilicia"),
    );
    let mut ev = Vec::new();
    // The owner asks for the one-step agrianians first, but the phalanx can absorb by reducing.
    supply::take_attrition(&mut s, &army, 1, &["agrianians".into()], &mut ev);
    assert_eq!(s.units["agrianians"].steps, 1);
    assert_eq!(s.units["phalanx-1"].steps, 1);
    // Now nothing can be reduced: the owner's order applies.
    supply::take_attrition(&mut s, &army, 1, &["agrianians".into()], &mut ev);
    assert_eq!(s.units["agrianians"].place, Place::Pool);
}

#[test]
fn alexandros_7_3_depletion_removed_in_summer() {
    let mut s = fresh();
    s.depleted.insert("Phrygia".into());
    // The first-turn step leads into Summer 334: markers come off at its start.
    let ev = submit_nightfall(
        &mut s,
        orders("darius: Persis"),
        &no_standing(),
        &mut dice(9),
    )
    .unwrap();
    assert_eq!(s.turn, 2);
    assert!(!s.depleted.contains("Phrygia"));
    assert!(ev.iter().any(|e| e.rule == "Alexandros 7.3"));
    // In an Autumn turn they stay.
    let mut t = summer_334();
    t.depleted.insert("Phrygia".into());
    submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(9)).unwrap();
    submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(9)).unwrap();
    assert_eq!(t.turn, 3);
    assert!(t.depleted.contains("Phrygia"));
}

#[test]
fn alexandros_7_7_contested_province_both_armies_roll_separately() {
    let mut s = summer_334();
    s.depleted.insert("Ionia".into());
    let mut ev = Vec::new();
    supply::supply_phase(&mut s, &no_standing(), &mut dice(3), &mut ev).unwrap();
    let rolls: Vec<_> = ev
        .iter()
        .filter(|e| e.rule == "Alexandros 7.4" && e.text.contains("army in Ionia ("))
        .collect();
    assert_eq!(rolls.len(), 2, "{ev:?}");
}

#[test]
fn alexandros_7_7_contested_depletion_counts_both_sides() {
    let mut s = summer_334();
    // Ionia holds both armies: more than 8 units in all, so the roll gets +1.
    let total = s.field_units(Side::Macedonian, "Ionia").len()
        + s.field_units(Side::Persian, "Ionia").len()
        + s.city_units(Side::Persian, "Ionia").len();
    assert!(total > 8);
    let mut ev = Vec::new();
    supply::supply_phase(&mut s, &no_standing(), &mut dice(3), &mut ev).unwrap();
    let e = ev
        .iter()
        .find(|e| e.rule == "Alexandros 7.2" && e.text.starts_with("Ionia"))
        .unwrap();
    assert!(e.text.contains(" + 1 = "), "{}", e.text);
}

#[test]
fn alexandros_7_6_desert_army_rolls_attrition_every_supply_phase() {
    let mut s = summer_334();
    // Put an army of three one-step units in Lybia (desert): the next supply phase rolls.
    put(
        &mut s,
        &["agrianians", "archers", "greek-allied-cavalry", "Parmenio"],
        prov("Lybia"),
    );
    let mut found = false;
    for seed in 1..40u8 {
        let mut t = s.clone();
        submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(seed)).unwrap();
        let ev =
            submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(seed)).unwrap();
        if ev
            .iter()
            .any(|e| e.rule == "Alexandros 7.4" && e.text.contains("Lybia"))
        {
            found = true;
            break;
        }
    }
    assert!(found, "an army in the desert rolls for attrition");
}

#[test]
fn alexandros_7_8_no_attrition_in_macedonia_and_7_9_garrisons() {
    let mut s = summer_334();
    s.depleted.insert("Macedonia".into());
    s.depleted.insert("Cilicia".into());
    put(
        &mut s,
        &["agrianians", "archers", "Parmenio"],
        prov("Cilicia"),
    );
    let mut t = s.clone();
    submit(&mut t, orders("moves: []"), &no_standing(), &mut dice(5)).unwrap();
    let ev = submit(&mut t, orders("moves: []"), &no_standing(), &mut dice(5)).unwrap();
    assert!(!ev
        .iter()
        .any(|e| e.rule == "Alexandros 7.4" && e.text.contains("in Macedonia")));
    assert!(
        !ev.iter()
            .any(|e| e.rule == "Alexandros 7.4" && e.text.contains("in Cilicia")),
        "two units are a garrison"
    );
}

#[test]
fn alexandros_7_5_tyre_example_sea_supply() {
    let mut s = fresh();
    // Macedonians hold Ionia alone; Persians hold Tyre (4 walls); Macedonians contest Syria.
    for (c, u) in s.units.clone() {
        if u.owner == Side::Persian && s.province_of(&u.place).as_deref() == Some("Ionia") {
            s.units.get_mut(&c).unwrap().place = Place::Pool;
        }
    }
    put(&mut s, &["persian-levy-02"], prov("Syria"));
    put(
        &mut s,
        &["agrianians", "archers", "thessalians"],
        prov("Syria"),
    );
    legatus::games::alexandros::control::update(&mut s);
    assert!(legatus::games::alexandros::control::is_contested(
        &s, "Syria"
    ));
    assert_eq!(
        supply::sea_route(&s, Side::Macedonian, "Syria", "Ionia"),
        Ok(())
    );
    // An army in Egypt may not: Tyre blocks the Phoenician zone.
    put(
        &mut s,
        &["agrianians", "archers", "thessalians"],
        prov("Egypt"),
    );
    legatus::games::alexandros::control::update(&mut s);
    assert!(supply::sea_route(&s, Side::Macedonian, "Egypt", "Ionia").is_err());
    // Once Tyre's walls are Macedonian, Gaza (further along the coast) still blocks; then open.
    s.walls.get_mut("Tyre").unwrap().side = Side::Macedonian;
    assert!(supply::sea_route(&s, Side::Macedonian, "Egypt", "Ionia").is_err());
    s.walls.get_mut("Gaza").unwrap().side = Side::Macedonian;
    assert_eq!(
        supply::sea_route(&s, Side::Macedonian, "Egypt", "Ionia"),
        Ok(())
    );
}

#[test]
fn alexandros_7_5_source_must_be_friendly_and_undepleted() {
    let mut s = fresh();
    for (c, u) in s.units.clone() {
        if u.owner == Side::Persian && s.province_of(&u.place).as_deref() == Some("Ionia") {
            s.units.get_mut(&c).unwrap().place = Place::Pool;
        }
    }
    legatus::games::alexandros::control::update(&mut s);
    put(
        &mut s,
        &["agrianians", "archers", "thessalians"],
        prov("Cilicia"),
    );
    legatus::games::alexandros::control::update(&mut s);
    assert!(supply::sea_route(&s, Side::Macedonian, "Cilicia", "Ionia").is_ok());
    s.depleted.insert("Ionia".into());
    assert!(supply::sea_route(&s, Side::Macedonian, "Cilicia", "Ionia").is_err());
    s.depleted.clear();
    assert!(
        supply::sea_route(&s, Side::Macedonian, "Cilicia", "Syria").is_err(),
        "Syria is Persian"
    );
}

#[test]
fn alexandros_7_5_sea_supplied_army_skips_its_attrition_and_source_rolls() {
    let mut s = summer_334();
    for (c, u) in s.units.clone() {
        if u.owner == Side::Persian && s.province_of(&u.place).as_deref() == Some("Ionia") {
            s.units.get_mut(&c).unwrap().place = Place::Pool;
        }
    }
    for u in s.units.clone().keys() {
        if s.units[u].owner == Side::Macedonian && s.units[u].place == prov("Ionia") {
            s.units.get_mut(u).unwrap().place = prov("Cilicia");
        }
    }
    put(&mut s, &["Alexander", "Parmenio"], prov("Cilicia"));
    put(&mut s, &["phalanx-6"], prov("Ionia"));
    s.depleted.insert("Cilicia".into());
    legatus::games::alexandros::control::update(&mut s);
    let st = std::collections::BTreeMap::from([(
        "macedonian".to_string(),
        standing("sea_supply: {Cilicia: Ionia}"),
    )]);
    let mut t = s.clone();
    submit(&mut t, orders("moves: []"), &st, &mut dice(7)).unwrap();
    let ev = submit(&mut t, orders("moves: []"), &st, &mut dice(7)).unwrap();
    assert!(
        ev.iter().any(
            |e| e.rule == "Alexandros 7.5" && e.text.contains("draws supply by sea from Ionia")
        ),
        "{ev:?}"
    );
    assert!(
        ev.iter()
            .any(|e| e.rule == "Alexandros 7.2" && e.text.contains("Ionia")),
        "the source rolls for depletion"
    );
    assert!(!ev
        .iter()
        .any(|e| e.rule == "Alexandros 7.4" && e.text.contains("Cilicia")));
}

/// Alexandros 7.2: each depletion roll in the report names the total and the number it had to
/// reach (5 or more), not just "roll r + m".
#[test]
fn alexandros_7_2_depletion_report_names_the_target() {
    let mut s = summer_334();
    let mut ev = Vec::new();
    // Both movement steps of Summer 334 with no moves: the Supply Phase follows.
    for _ in 0..2 {
        ev.extend(
            submit_nightfall(&mut s, orders("moves: []"), &no_standing(), &mut dice(9)).unwrap(),
        );
    }
    let rolls: Vec<_> = ev
        .iter()
        .filter(|e| e.rule == "Alexandros 7.2" && e.text.contains("(roll "))
        .collect();
    assert!(!rolls.is_empty(), "no depletion roll reported: {ev:?}");
    for e in rolls {
        let inner = e.text.split("(roll ").nth(1).unwrap();
        let (sum, target) = inner.split_once(", ").unwrap();
        assert_eq!(target, "needs 5 or more)", "{}", e.text);
        let (terms, total) = sum.split_once(" = ").unwrap();
        let (r, m) = terms.split_once(" + ").unwrap();
        let (r, m, total): (u32, u32, u32) = (
            r.parse().unwrap(),
            m.parse().unwrap(),
            total.parse().unwrap(),
        );
        assert_eq!(r + m, total, "{}", e.text);
        assert_eq!(e.text.contains("not depleted"), total < 5, "{}", e.text);
    }
}

fn debug_run(s: &legatus::games::alexandros::state::State) -> Vec<String> {
    let mut t = s.clone();
    let mut out = Vec::new();
    for _ in 0..2 {
        match submit_nightfall(&mut t, orders("moves: []"), &no_standing(), &mut dice(1)) {
            Ok(ev) => out.extend(ev.iter().map(|e| format!("{} [{}]", e.text, e.rule))),
            Err(e) => out.push(format!("ERR {e}")),
        }
    }
    out
}

#[test]
fn alexandros_14_3_raiders_need_no_supply_only_in_their_province_of_origin() {
    use std::collections::BTreeMap;
    // A raid from Scythia: three raiders stay at home, three have ridden into Chorasmia
    // (another barbarian province, desert-wilderness: attrition every Supply Phase, 7.6).
    let mut s = summer_334();
    clear_track(&mut s);
    for u in s.field_units(Side::Persian, "Ionia") {
        s.units.get_mut(&u).unwrap().place = Place::Removed;
    }
    let home = [
        "saka-horse-archers-1",
        "saka-horse-archers-2",
        "saka-horse-archers-3",
    ];
    let away = [
        "saka-horse-archers-4",
        "steppe-cavalry-1",
        "steppe-cavalry-2",
    ];
    put(&mut s, &home, prov("Scythia"));
    put(&mut s, &away, prov("Chorasmia"));
    for c in home.iter().chain(away.iter()) {
        s.units.get_mut(*c).unwrap().owner = Side::Persian;
        s.raid_origin.insert(c.to_string(), "Scythia".to_string());
    }
    let st = BTreeMap::new();
    let mut ev = submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(2)).unwrap();
    ev.extend(submit_nightfall(&mut s, orders("moves: []"), &st, &mut dice(2)).unwrap());
    let rolled = |p: &str| {
        ev.iter().any(|e| {
            e.rule == "Alexandros 7.4" && e.text.contains(&format!("raiders' army in {p}"))
        })
    };
    assert!(
        !rolled("Scythia"),
        "at home: no supply needed (14.3): {ev:#?}"
    );
    assert!(
        rolled("Chorasmia"),
        "away from home: attrition (14.3, 7.6): {ev:#?}"
    );
}
