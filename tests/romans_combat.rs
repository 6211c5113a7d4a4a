//! The Romans: land interception (Romans [6.1]–[6.5]), strategic land combat ([9]), retreats
//! ([10]) and overrun ([5.7]), driven through `Romans::apply` with standing orders; each
//! worked example of the text with its own numbers (the dice stream searched for the rolls the
//! example rolls).

#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use std::collections::BTreeMap;

use common::*;
use support::*;

/// Athenagorus's Force at Antipatreia (4919), 14 SSP, as a `with:` list.
fn antipatreia(s: &legatus::games::conquerors::romans::state::State) -> String {
    units_at(s, "4919", "macedon").join(", ")
}

/// Legion III (22 SSP) and its first tribune at `hex`.
fn legion_at(s: &mut legatus::games::conquerors::romans::state::State, hex: &str) {
    place(s, "legion-III", hex);
    place(s, "tribune-III-1", hex);
}

fn athenagorus_to(s: &legatus::games::conquerors::romans::state::State, path: &str) -> String {
    format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [{path}]}}]",
        antipatreia(s)
    )
}

#[test]
fn romans_6_24_example_zone_4_roll_3_fails_zone_3_roll_2_intercepts() {
    // Force A (Legion III) at 5123; Force B leaves Antipatreia through 5019 (Zone-4) to 5120
    // (Zone-3). A rolls 3 at Zone-4 (a 1 was needed), then 2 at Zone-3: intercepted.
    let mut s = smw();
    legion_at(&mut s, "5123");
    to_macedon(&mut s);
    let rome = standing("rome", "intercept: {any: {zones: [3, 4]}}");
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let (after, ev, _) = search(&s, &o, &rome, |_, ev| {
        let l = lines(ev, "Romans [6.22], [6.3]");
        l.len() == 2
            && l[0].contains("at 5019, Zone-4: rolls 3, no interception")
            && l[1].contains("at 5120, Zone-3: rolls 2, intercepted")
    });
    let t = texts(&ev);
    assert!(t.contains("moves from 5123 to 5120 at no cost"), "{t}");
    assert!(t.contains("Major Land Battle at 5120"), "{t}");
    assert_eq!(after.combat.battles.len(), 1);
    assert_eq!(
        after.combat.battles[0].aggressor, "rome",
        "the interceptor attacks (6.42)"
    );
}

#[test]
fn romans_6_22_no_standing_order_no_interception() {
    // Interception is voluntary: without an order the move passes.
    let mut s = smw();
    legion_at(&mut s, "5123");
    to_macedon(&mut s);
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let ev = submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(1)).unwrap();
    assert!(lines(&ev, "Romans [6.22], [6.3]").is_empty());
    assert_eq!(s.commanders["athenagorus"].at.hex, "5120");
}

#[test]
fn romans_6_51_ten_ssp_or_less_may_not_intercept() {
    let mut s = smw();
    legion_at(&mut s, "5123");
    s.units.get_mut("legion-III").unwrap().ssp = 10;
    to_macedon(&mut s);
    let rome = standing("rome", "intercept: {any: {zones: [1, 2, 3, 4]}}");
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    for n in 0..20 {
        let mut x = s.clone();
        let ev = submit_with(&mut x, &o, &rome, &mut stream(n)).unwrap();
        assert!(
            lines(&ev, "Romans [6.22], [6.3]").is_empty(),
            "{}",
            texts(&ev)
        );
        assert_eq!(x.commanders["athenagorus"].at.hex, "5120");
    }
}

#[test]
fn romans_6_53_the_force_attacked_may_not_intercept_its_attacker() {
    // Legion III at 5120 is the target; 5019 is next to it (Zone-1, automatic) but it may not
    // intercept the Force coming to attack it.
    let mut s = smw();
    legion_at(&mut s, "5120");
    to_macedon(&mut s);
    let rome = standing("rome", "intercept: {any: {zones: [1, 2, 3, 4]}}");
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let ev = submit_with(&mut s, &o, &rome, &mut stream(2)).unwrap();
    let t = texts(&ev);
    assert!(!t.contains("intercept"), "{t}");
    assert_eq!(s.combat.battles[0].aggressor, "macedon");
}

#[test]
fn romans_9_0_odds_134_to_73_is_3_2_and_73_to_134_is_1_2() {
    let mut s = smw();
    legion_at(&mut s, "5120");
    s.units.get_mut("legion-III").unwrap().ssp = 134;
    to_macedon(&mut s);
    let force = units_at(&s, "4919", "macedon");
    let others: u32 = force[1..].iter().map(|u| s.units[u].ssp).sum();
    s.units.get_mut(&force[0]).unwrap().ssp = 73 - others;
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let ev = submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(3)).unwrap();
    let first = lines(&ev, "Romans [9.42], [9.43]")[0].clone();
    assert!(first.contains("Aggressor 73 v 134 at 1-2"), "{first}");
    assert!(first.contains("Resister 134 v 73 at 3-2"), "{first}");
}

#[test]
fn romans_9_42_odds_55_to_54_is_1_1_but_54_to_55_is_1_2() {
    let mut s = smw();
    legion_at(&mut s, "5120");
    s.units.get_mut("legion-III").unwrap().ssp = 54;
    to_macedon(&mut s);
    let force = units_at(&s, "4919", "macedon");
    let others: u32 = force[1..].iter().map(|u| s.units[u].ssp).sum();
    s.units.get_mut(&force[0]).unwrap().ssp = 55 - others;
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let ev = submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(4)).unwrap();
    let first = lines(&ev, "Romans [9.42], [9.43]")[0].clone();
    assert!(first.contains("Aggressor 55 v 54 at 1-1"), "{first}");
    assert!(first.contains("Resister 54 v 55 at 1-2"), "{first}");
}

#[test]
fn romans_9_42_both_players_roll_and_lose_at_once() {
    let mut s = smw();
    legion_at(&mut s, "5120");
    to_macedon(&mut s);
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let mut d = stream(5);
    let ev = submit_with(&mut s, &o, &BTreeMap::new(), &mut d).unwrap();
    let t = texts(&ev);
    assert!(t.contains("it stands and fights (default)"), "{t}");
    assert!(t.contains("pays 2 MP more for the combat at 5120"), "{t}");
    let ex = lines(&ev, "Romans [9.42], [9.43]");
    assert!(ex[0].contains("Aggressor 14 v 22 at 1-2"), "{}", ex[0]);
    assert!(ex[0].contains("Resister 22 v 14 at 3-2"), "{}", ex[0]);
    // Each exchange: one 2d6 roll for each side, Macedon's then Rome's.
    let crt: Vec<_> = d
        .rolls()
        .iter()
        .filter(|r| r.rule == "Romans [9.52]")
        .collect();
    // (two dice recorded for each 2d6 roll)
    assert_eq!(crt.len(), 4 * ex.len());
    for four in crt.chunks(4) {
        assert_eq!(four[0].side.as_deref(), Some("macedon"));
        assert_eq!(four[1].side.as_deref(), Some("macedon"));
        assert_eq!(four[2].side.as_deref(), Some("rome"));
        assert_eq!(four[3].side.as_deref(), Some("rome"));
    }
    let b = &s.combat.battles[0];
    assert_eq!(b.kind, "major");
    assert!(b.winner.is_some() || t.contains("a draw"), "{t}");
}

#[test]
fn romans_19_11_the_winner_of_a_major_land_battle_gains_25_vp() {
    // Athenagorus (14 SSP) attacks Legion III (22 SSP) at 5120: both more than 10 SSP, a Major
    // Land Battle; its winner's score holds 25 VP for it, a Skirmish's none.
    use legatus::games::conquerors::romans::victory::score;
    let mut s = smw();
    legion_at(&mut s, "5120");
    to_macedon(&mut s);
    let before = (score(&s, "rome").battles, score(&s, "macedon").battles);
    assert_eq!(before, (0, 0));
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(5)).unwrap();
    let b = s.combat.battles[0].clone();
    assert_eq!(b.kind, "major");
    let w = b.winner.clone().expect("a winner");
    let l = if w == "rome" { "macedon" } else { "rome" };
    assert_eq!(score(&s, &w).battles, 25, "{b:?}");
    assert_eq!(score(&s, l).battles, 0);
    assert_eq!(s.victory.battles_won[&w], 1);
}

#[test]
fn romans_9_64_quinctius_rating_4_gives_roman_morale_48() {
    let mut s = smw();
    place(&mut s, "legion-III", "5120");
    place(&mut s, "field-consul", "5120");
    s.commanders.get_mut("field-consul").unwrap().counter = Some("quinctius".into());
    s.drawn.insert("quinctius".into());
    to_macedon(&mut s);
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let ev = submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(6)).unwrap();
    let m = lines(&ev, "Romans [9.61]–[9.65]").join(" / ");
    assert!(m.contains("Rome Morale Level: rome 48% of 22 SSP"), "{m}");
    assert!(
        m.contains("Macedon Morale Level: macedon 40% of 14 SSP"),
        "{m}"
    );
}

#[test]
fn romans_10_32_the_loser_flees_20_mp_and_is_pursued() {
    let mut s = smw();
    legion_at(&mut s, "5120");
    to_macedon(&mut s);
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let (after, ev, _) = search(&s, &o, &BTreeMap::new(), |_, ev| {
        !lines(ev, "Romans [10.32]").is_empty() && !lines(ev, "Romans [10.31]").is_empty()
    });
    let p = lines(&ev, "Romans [10.32]")[0].clone();
    let roll: u32 = p.split("rolls ").nth(1).unwrap()[..1].parse().unwrap();
    assert!(p.contains(&format!("rolls {roll} × 2")), "{p}");
    let f = lines(&ev, "Romans [10.31]")[0].clone();
    assert!(f.contains("Flees 5120 →"), "{f}");
    let b = &after.combat.battles[0];
    let loser = if b.winner.as_deref() == Some("rome") {
        "macedon"
    } else {
        "rome"
    };
    assert!(
        p.contains(if loser == "rome" {
            "Rome loses"
        } else {
            "Macedon loses"
        }) || p.contains("fleeing"),
        "{p}"
    );
    // The loser left the hex; the winner holds it.
    let winner = b.winner.clone().unwrap();
    assert!(after
        .units
        .values()
        .filter(|u| u.side == loser)
        .all(|u| u.at.hex != "5120"));
    assert!(after
        .units
        .values()
        .any(|u| u.side == winner && u.at.hex == "5120"));
    // [10.14]: a flight of 20 MP Disrupts what is left.
    assert!(
        lines(&ev, "Romans [10.14]").len() == 1
            || after
                .units
                .values()
                .all(|u| u.side != loser || u.at.hex == "5120")
    );
}

#[test]
fn romans_8_52_commander_check_survives_a_roll_not_higher_than_his_rating() {
    // Philip V (rating 3) leads the Antipatreia Force into Legion III.
    let mut s = smw();
    legion_at(&mut s, "5120");
    to_macedon(&mut s);
    place(&mut s, "philip-v", "4919");
    let o = format!(
        "moves: [{{commander: philip-v, with: [{}, athenagorus], path: [\"5019\", \"5120\"]}}]",
        antipatreia(&s)
    );
    let (after, ev, _) = search(&s, &o, &BTreeMap::new(), |_, ev| {
        lines(ev, "Romans [8.52]")
            .iter()
            .any(|l| l.contains("then 3 against rating 3: not higher, he survives"))
    });
    assert!(after.commanders.contains_key("philip-v"), "{}", texts(&ev));
}

#[test]
fn romans_5_71_overrun_eliminates_a_small_force_and_the_move_goes_on() {
    // Rome moves first: Legion III (22 SSP) from 5120 through 5019, where a lone peltast
    // (2 SSP) stands: 11 to 1, overrun; the legion goes on to 4919.
    let mut s = smw();
    legion_at(&mut s, "5120");
    let peltast = units_at(&s, "4919", "macedon")
        .into_iter()
        .find(|u| u.contains("peltast"))
        .unwrap();
    place(&mut s, &peltast, "5019");
    let ev = submit_with(
        &mut s,
        "moves: [{commander: tribune-III-1, with: [legion-III], path: [\"5019\", \"5018\"]}]",
        &BTreeMap::new(),
        &mut stream(7),
    )
    .unwrap();
    let t = texts(&ev);
    assert!(t.contains("Overrun at 5019: 22 SSP against 2"), "{t}");
    assert!(t.contains("pays 2 MP more for the combat at 5019"), "{t}");
    assert!(!s.units.contains_key(&peltast));
    assert_eq!(s.units["legion-III"].at.hex, "5018", "{t}");
    assert_eq!(s.combat.battles[0].kind, "overrun");
}

#[test]
fn romans_5_72_threatened_force_slips_into_its_city() {
    // At Antipatreia (class D) one unit stands inside, one outside; Legion III comes: the
    // outside unit may not retreat but goes inside (the default when its owner said nothing).
    let mut s = smw();
    legion_at(&mut s, "5019");
    let mut here = units_at(&s, "4919", "macedon");
    let keep: Vec<String> = here.drain(..2).collect();
    for u in here {
        s.units.remove(&u);
    }
    s.units.get_mut(&keep[0]).unwrap().at.inside = true;
    s.units.get_mut(&keep[1]).unwrap().at.inside = false;
    let ev = submit_with(
        &mut s,
        "moves: [{commander: tribune-III-1, with: [legion-III], path: [\"4919\"]}]",
        &BTreeMap::new(),
        &mut stream(8),
    )
    .unwrap();
    let t = texts(&ev);
    assert!(
        t.contains("threatened with Overrun at 4919 goes inside the city (default)"),
        "{t}"
    );
    assert!(s.units[&keep[1]].at.inside);
    assert!(s.combat.battles.is_empty());
}

/// Neighbours of 5120 away from 5019 making a path of more than 4 MP.
fn long_retreat(s: &legatus::games::conquerors::romans::state::State) -> Vec<String> {
    use legatus::geo::Hex;
    let map = s.map("romans").unwrap();
    let costs = s.maps.costs("romans").unwrap().clone();
    let mut at = Hex::parse("5120").unwrap();
    let mut seen = vec![at, Hex::parse("5019").unwrap()];
    let mut spent = 0;
    let mut path = Vec::new();
    while spent <= 8 {
        let next = at
            .neighbours(map.convention)
            .into_iter()
            .filter(|n| !seen.contains(n))
            .filter(|n| s.units.values().all(|u| u.at.hex != n.to_string()))
            .filter(|n| s.city_at("romans", *n).is_none())
            .find_map(|n| costs.step(&map, at, n).ok().map(|c| (n, c)))
            .expect("a way out");
        spent += next.1;
        seen.push(next.0);
        path.push(next.0.to_string());
        at = next.0;
    }
    path
}

#[test]
fn romans_10_11_retreat_before_combat_costs_the_mover_nothing_and_10_14_disrupts() {
    let mut s = smw();
    legion_at(&mut s, "5120");
    to_macedon(&mut s);
    let path = long_retreat(&s);
    let rome = standing(
        "rome",
        &format!(
            "when_attacked: {{any: retreat}}\nretreat_path: {{any: [{}]}}",
            path.iter()
                .map(|h| format!("\"{h}\""))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let ev = submit_with(&mut s, &o, &rome, &mut stream(9)).unwrap();
    let t = texts(&ev);
    assert!(t.contains("Retreats Before Combat 5120 →"), "{t}");
    assert!(!t.contains("pays 2 MP more"), "{t}");
    assert!(s.combat.battles.is_empty());
    assert_eq!(s.units["legion-III"].at.hex, *path.last().unwrap());
    assert!(t.contains("is Disrupted"), "{t}");
    // Rome's next Player-Turn: the Disrupted Force may not move.
    let why = refused(
        submit_with(
            &mut s,
            "moves: [{commander: tribune-III-1, with: [legion-III], path: [\"5120\"]}]",
            &BTreeMap::new(),
            &mut stream(10),
        ),
        "Romans [10.14]",
    );
    assert!(why.contains("Disrupted"), "{why}");
}

#[test]
fn romans_10_23_retreat_during_combat_rolls_one_die_of_losses_and_loses_the_battle() {
    let mut s = smw();
    legion_at(&mut s, "5120");
    to_macedon(&mut s);
    let rome = standing("rome", "retreat_during_combat: {any: {at_once: true}}");
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let ev = submit_with(&mut s, &o, &rome, &mut stream(11)).unwrap();
    let t = texts(&ev);
    assert!(
        lines(&ev, "Romans [9.42], [9.43]").is_empty(),
        "left before the first exchange: {t}"
    );
    let l = lines(&ev, "Romans [10.23]")[0].clone();
    let roll: u32 = l.split("rolls ").nth(1).unwrap()[..1].parse().unwrap();
    assert!(l.contains(&format!("loses {roll} SSP")), "{l}");
    assert_eq!(s.units["legion-III"].ssp, 22 - roll);
    assert_ne!(s.units["legion-III"].at.hex, "5120");
    let b = &s.combat.battles[0];
    assert_eq!(b.winner.as_deref(), Some("macedon"));
    assert!(
        b.roman_mutiny_check,
        "a Major Land Battle lost off Roman soil (9.69)"
    );
}

#[test]
fn romans_6_58_a_commander_moving_alone_is_not_intercepted() {
    let mut s = smw();
    legion_at(&mut s, "5123");
    to_macedon(&mut s);
    let rome = standing("rome", "intercept: {any: {zones: [1, 2, 3, 4]}}");
    let ev = submit_with(
        &mut s,
        "moves: [{commander: athenagorus, path: [\"5019\", \"5120\"]}]",
        &rome,
        &mut stream(12),
    )
    .unwrap();
    assert!(!texts(&ev).contains("intercept"), "{}", texts(&ev));
    assert_eq!(s.commanders["athenagorus"].at.hex, "5120");
}

#[test]
fn romans_9_3_a_force_of_10_ssp_or_less_fights_a_skirmish() {
    // Legion III cut down to 10 SSP at 5120: Athenagorus's 14 SSP fight a Skirmish, never a
    // Major Land Battle, and its winner gains no Victory Points.
    let mut s = smw();
    legion_at(&mut s, "5120");
    s.units.get_mut("legion-III").unwrap().ssp = 10;
    to_macedon(&mut s);
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let ev = submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(13)).unwrap();
    let t = texts(&ev);
    assert!(
        t.contains("Skirmish at 5120: Macedon (14 SSP) against Rome (10 SSP)"),
        "{t}"
    );
    assert_eq!(s.combat.battles[0].kind, "skirmish");
    assert!(!s.combat.battles[0].roman_mutiny_check);
}

#[test]
fn romans_10_34_a_force_that_cannot_flee_20_mp_is_eliminated() {
    // Legion III at 5120 with every hex around it held by Macedonian units (the attacker comes
    // through his own 5019): when it breaks it has nowhere to flee and is eliminated with its
    // tribune.
    let mut s = smw();
    legion_at(&mut s, "5120");
    s.units.get_mut("legion-III").unwrap().ssp = 12;
    let map = s.map("romans").unwrap();
    let ring: Vec<String> = legatus::geo::Hex::parse("5120")
        .unwrap()
        .neighbours(map.convention)
        .iter()
        .map(|h| h.to_string())
        .collect();
    let spare: Vec<String> = units_at(&s, "5520", "macedon");
    for (u, h) in spare.iter().zip(ring.iter()) {
        place(&mut s, u, h);
    }
    to_macedon(&mut s);
    let mut force = units_at(&s, "4919", "macedon");
    for u in &force {
        s.units.get_mut(u).unwrap().ssp = 20;
    }
    force.sort();
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let (after, ev, _) = search(&s, &o, &BTreeMap::new(), |x, _| {
        x.combat.battles.first().and_then(|b| b.winner.as_deref()) == Some("macedon")
    });
    let t = texts(&ev);
    assert!(t.contains("cannot flee 20 MP and is eliminated"), "{t}");
    assert!(!after.units.contains_key("legion-III"));
}

#[test]
fn romans_8_55_a_lone_commander_retreats_or_is_captured() {
    // Androsthenes alone at 5019: Legion III passes; by default he retreats. Nicanor alone at
    // 5018 with the order to stand is captured.
    let mut s = smw();
    legion_at(&mut s, "5120");
    place(&mut s, "androsthenes", "5019");
    place(&mut s, "nicanor", "5018");
    let mac = standing("macedon", "when_attacked: {nicanor: stand}");
    let ev = submit_with(
        &mut s,
        "moves: [{commander: tribune-III-1, with: [legion-III], path: [\"5019\", \"5018\"]}]",
        &mac,
        &mut stream(14),
    )
    .unwrap();
    let t = texts(&ev);
    assert!(
        t.contains("Macedon retreats its lone commander (default) 5019 →"),
        "{t}"
    );
    assert_ne!(s.commanders["androsthenes"].at.hex, "5019");
    assert!(
        t.contains("Nicanor stands alone at 5018 and is captured"),
        "{t}"
    );
    assert!(!s.commanders.contains_key("nicanor"));
    assert_eq!(s.units["legion-III"].at.hex, "5018");
}

#[test]
fn romans_9_65_an_allied_contingent_breaks_before_the_romans() {
    // Legion III (22 SSP) with the two Illyrian units (4 SSP, morale 30%) at 5120: 26 SSP. The
    // Illyrians flee once the battle's losses pass 30% of 26 (the 8th SSP); the Romans (42% or
    // more) stay and fight on.
    let mut s = smw();
    legion_at(&mut s, "5120");
    let illyrians: Vec<String> = s
        .units
        .iter()
        .filter(|(_, u)| u.nation == "illyria")
        .map(|(k, _)| k.clone())
        .collect();
    assert_eq!(illyrians.len(), 2);
    for u in &illyrians {
        place(&mut s, u, "5120");
    }
    to_macedon(&mut s);
    let force = units_at(&s, "4919", "macedon");
    s.units.get_mut(&force[0]).unwrap().ssp = 20;
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let (after, ev, _) = search(&s, &o, &BTreeMap::new(), |_, ev| {
        !lines(ev, "Romans [9.65], [9.67]").is_empty()
    });
    let t = texts(&ev);
    assert!(t.contains("illyria 30%"), "{t}");
    assert!(
        t.contains("the illyria contingent of Rome passes its Morale Level and Flees"),
        "{t}"
    );
    for u in &illyrians {
        assert!(after.units.get(u).is_none_or(|x| x.at.hex != "5120"), "{t}");
    }
    // The Romans fought on after the Illyrians left: another exchange followed, or they won.
    let at = t.find("the illyria contingent").unwrap();
    let rest = &t[at..];
    assert!(
        rest.contains("exchange") || rest.contains("Rome wins"),
        "{t}"
    );
}

#[test]
fn romans_9_68_both_break_in_one_exchange_the_greater_loss_flees_and_nobody_wins() {
    let mut s = smw();
    legion_at(&mut s, "5120");
    s.units.get_mut("legion-III").unwrap().ssp = 14;
    to_macedon(&mut s);
    let o = athenagorus_to(&s, "\"5019\", \"5120\"");
    let (after, ev, _) = search(&s, &o, &BTreeMap::new(), |x, _| {
        x.combat.battles.first().is_some_and(|b| b.winner.is_none())
    });
    let t = texts(&ev);
    assert!(t.contains("a draw, nobody wins"), "{t}");
    assert!(
        lines(&ev, "Romans [10.32]").is_empty(),
        "no pursuit in a draw: {t}"
    );
    assert!(!lines(&ev, "Romans [10.31]").is_empty(), "{t}");
    assert!(!after.combat.battles[0].roman_mutiny_check);
}

#[test]
fn romans_standing_orders_with_unknown_names_are_refused_with_the_nearest() {
    use legatus::games::conquerors::romans::Romans;
    use legatus::ruleset::{RuleError, Ruleset};
    let s = smw();
    let st = standing(
        "macedon",
        "intercept: {philip-v: {zones: [1, 5]}, philipv: {zones: [2]}}\nretreat_during_combat: {any: {at_odds: \"1-4\"}}\nretreat_path: {athenagorus: [\"9999\"]}\nlosses: [legion-III]",
    );
    let found = Romans.check_standing(&s, "macedon", &st["macedon"]);
    let at: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        at,
        vec![
            "/intercept/philip-v/zones/1",
            "/intercept/philipv",
            "/retreat_during_combat/any/at_odds",
            "/retreat_path/athenagorus/0",
            "/losses/0"
        ]
    );
    let RuleError::Illegal { reason, .. } = &found[1].1 else {
        panic!()
    };
    assert!(reason.contains("philip-v"), "{reason}");
}
