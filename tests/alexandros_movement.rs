//! Alexandros 8 (movement), 11.2 (garrisons), 12 (replacements), 13 (reinforcements):
//! legal moves and refusals, each naming its rule, before any die is drawn.

#[path = "alexandros/common.rs"]
mod common;

use common::*;
use legatus::games::alexandros::data::Side;
use legatus::games::alexandros::sequence::Phase;
use legatus::games::alexandros::state::Place;
use legatus::games::alexandros::Alexandros;
use legatus::ruleset::Ruleset;

fn winter(
    mut s: legatus::games::alexandros::state::State,
) -> legatus::games::alexandros::state::State {
    s.turn = 4;
    s.replacement_points.insert(Side::Macedonian, 10);
    s
}

#[test]
fn alexandros_8_1_leader_moves_units_one_province() {
    let mut s = summer_334();
    submit(
        &mut s,
        orders("moves: [{leader: Parmenio, to: Phrygia, units: [phalanx-1, phalanx-2]}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.units["phalanx-1"].place, prov("Phrygia"));
    assert_eq!(s.leaders["Parmenio"].place, prov("Phrygia"));
    assert_eq!(
        s.units["phalanx-3"].place,
        prov("Ionia"),
        "units left behind stay"
    );
}

#[test]
fn alexandros_8_1_units_all_takes_every_unit_that_starts_with_the_leader() {
    let mut s = summer_334();
    let before: Vec<String> = s
        .units
        .iter()
        .filter(|(_, u)| {
            u.place == prov("Ionia")
                && u.owner == legatus::games::alexandros::data::Side::Macedonian
        })
        .map(|(c, _)| c.clone())
        .collect();
    assert!(before.len() > 2, "{before:?}");
    submit(
        &mut s,
        orders("moves: [{leader: Parmenio, to: Phrygia, units: [all]}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    for u in &before {
        assert_eq!(
            s.units[u].place,
            prov("Phrygia"),
            "{u} marches with Parmenio"
        );
    }
    assert_eq!(s.leaders["Parmenio"].place, prov("Phrygia"));
}

/// 4.1, 14.3: raiders are the Persian's to move; a Macedonian file naming them is refused as
/// a part of another step, not judged as a leaderless move.
#[test]
fn alexandros_4_1_raiders_do_not_belong_to_the_macedonian_movement() {
    let mut s = summer_334();
    let r = submit(
        &mut s,
        orders("raiders: [{units: [home-army-1], to: Thrace}]"),
        &no_standing(),
        &mut dice(1),
    );
    assert!(refused(r, "Alexandros 4.1").contains("raiders"));
}

#[test]
fn alexandros_8_1_a_unit_named_twice_is_refused() {
    let mut s = summer_334();
    let r = submit(
        &mut s,
        orders("moves: [{leader: Parmenio, to: Phrygia, units: [phalanx-1, phalanx-1]}]"),
        &no_standing(),
        &mut dice(1),
    );
    assert!(refused(r, "Alexandros 8.1").contains("named twice"));
}

#[test]
fn alexandros_8_1_a_province_not_on_the_map_is_refused() {
    let mut s = summer_334();
    let r = submit(
        &mut s,
        orders("moves: [{leader: Parmenio, to: Narnia, units: [phalanx-1]}]"),
        &no_standing(),
        &mut dice(1),
    );
    assert!(refused(r, "Alexandros 8.1").contains("no province Narnia"));
}

#[test]
fn alexandros_8_1_unit_without_leader_refused() {
    let mut s = summer_334();
    put(&mut s, &["agrianians"], prov("Thrace"));
    let r = submit(
        &mut s,
        orders("moves: [{leader: Parmenio, to: Phrygia, units: [agrianians]}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.1");
}

#[test]
fn alexandros_8_1_not_adjacent_refused_and_one_move_per_leader() {
    let mut s = summer_334();
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Parmenio, to: Syria}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.1");
    let r = submit(
        &mut s,
        orders("moves: [{leader: Parmenio, to: Phrygia}, {leader: Parmenio, to: Ionia}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.1");
}

#[test]
fn alexandros_8_2_mountain_border_closed_in_winter() {
    let mut s = winter(summer_334());
    put(&mut s, &["Parmenio", "phalanx-1"], prov("Phrygia"));
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Parmenio, to: Cilicia, units: [phalanx-1]}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.2");
    // The same move in summer is fine.
    s.turn = 2;
    submit(
        &mut s,
        orders("moves: [{leader: Parmenio, to: Cilicia, units: [phalanx-1]}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
}

#[test]
fn alexandros_8_2_gaza_closes_egypt_syria_when_enemy_held() {
    let mut s = summer_334();
    put(&mut s, &["Parmenio", "phalanx-1"], prov("Syria"));
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Parmenio, to: Egypt, units: [phalanx-1]}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.2");
    s.walls.get_mut("Gaza").unwrap().side = Side::Macedonian;
    submit(
        &mut s,
        orders("moves: [{leader: Parmenio, to: Egypt, units: [phalanx-1]}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
}

#[test]
fn alexandros_8_3_home_army_stays_in_europe() {
    let mut s = summer_334();
    put(&mut s, &["Antipater", "home-army-1"], prov("Thrace"));
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Antipater, to: Ionia, units: [home-army-1]}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.3");
    // Parmenio may not take a Home Army unit out either.
    put(&mut s, &["Parmenio"], prov("Thrace"));
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Parmenio, to: Ionia, units: [home-army-1]}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.3");
    submit(
        &mut s,
        orders("moves: [{leader: Antipater, to: Macedonia, units: [home-army-1]}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
}

#[test]
fn alexandros_8_3_persians_may_not_enter_india() {
    let mut s = summer_334();
    submit(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    assert_eq!(s.phase, Phase::PersianMovement);
    put(&mut s, &["Darius", "kinsmen"], prov("Gandara"));
    s.turn = 2;
    let r = submit(
        &mut s,
        orders("moves: [{leader: Darius, to: Upper India, units: [kinsmen]}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.3");
}

#[test]
fn alexandros_8_4_forced_march_ineligible_unit_refused() {
    let mut s = summer_334();
    put(
        &mut s,
        &["Alexander", "hetairoi", "phalanx-1"],
        prov("Syria"),
    );
    s.walls.get_mut("Gaza").unwrap().side = Side::Macedonian;
    let r = submit(
        &mut s,
        orders(
            "moves: [{leader: Alexander, via: Arabia, to: Egypt, units: [hetairoi, phalanx-1]}]",
        ),
        &no_standing(),
        &mut dice(1),
    );
    let why = refused(r, "Alexandros 8.4");
    assert!(why.contains("phalanx-1"));
}

#[test]
fn alexandros_8_4_only_alexander_force_marches() {
    let mut s = summer_334();
    put(&mut s, &["Parmenio", "thessalians"], prov("Syria"));
    let r = submit(
        &mut s,
        orders("moves: [{leader: Parmenio, via: Arabia, to: Egypt, units: [thessalians]}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.4");
}

#[test]
fn alexandros_8_4_drop_off_and_pick_up() {
    let mut s = summer_334();
    put(
        &mut s,
        &["Alexander", "hetairoi", "phalanx-1"],
        prov("Syria"),
    );
    put(&mut s, &["phalanx-2"], prov("Arabia"));
    submit(
        &mut s,
        orders("moves: [{leader: Alexander, via: Arabia, to: Egypt, units: [hetairoi, phalanx-1], drop: [phalanx-1], pick_up: [phalanx-2]}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.units["phalanx-1"].place, prov("Arabia"));
    assert_eq!(s.units["phalanx-2"].place, prov("Egypt"));
    assert_eq!(s.leaders["Alexander"].place, prov("Egypt"));
}

#[test]
fn alexandros_8_5_no_forced_march_through_an_enemy_army() {
    let mut s = summer_334();
    put(&mut s, &["Alexander", "hetairoi"], prov("Syria"));
    put(
        &mut s,
        &[
            "persian-cavalry-05",
            "persian-cavalry-06",
            "persian-cavalry-07",
        ],
        prov("Arabia"),
    );
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Alexander, via: Arabia, to: Egypt, units: [hetairoi]}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.5");
    put(
        &mut s,
        &["persian-cavalry-07", "persian-cavalry-06"],
        Place::Pool,
    );
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Alexander, via: Arabia, to: Egypt, units: [hetairoi]}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.5");
    put(&mut s, &["agrianians"], prov("Syria"));
    submit(
        &mut s,
        orders("moves: [{leader: Alexander, via: Arabia, to: Egypt, units: [hetairoi, agrianians], drop: [agrianians]}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
}

#[test]
fn alexandros_8_6_syria_arabia_egypt_forced_march_attrition_uses_desert() {
    let mut s = summer_334();
    put(
        &mut s,
        &["Alexander", "hetairoi", "thessalians"],
        prov("Syria"),
    );
    let ev = submit(
        &mut s,
        orders(
            "moves: [{leader: Alexander, via: Arabia, to: Egypt, units: [hetairoi, thessalians]}]",
        ),
        &no_standing(),
        &mut dice(2),
    )
    .unwrap();
    let e = ev
        .iter()
        .find(|e| e.rule == "Alexandros 8.6")
        .expect("an attrition roll");
    assert!(e.text.contains("desert-wilderness"), "{}", e.text);
    // Entering Egypt secures Alexandria; the city exists from the next turn (15.4).
    assert!(s.objectives.contains("Alexandria"));
    assert_eq!(s.alexandria_from, Some(3));
}

#[test]
fn alexandros_11_2_one_wall_city_takes_no_garrison() {
    let mut s = summer_334();
    submit(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    put(&mut s, &["persian-levy-02"], prov("Babylonia"));
    let r = submit(
        &mut s,
        orders("garrison: {persian-levy-02: Babylon}"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 11.2");
}

#[test]
fn alexandros_11_2_city_garrison_holds_infantry_up_to_walls() {
    let mut s = summer_334();
    put(
        &mut s,
        &[
            "greek-allied-infantry-1",
            "greek-allied-infantry-2",
            "greek-allied-infantry-3",
            "thessalians",
        ],
        prov("Hellas"),
    );
    let r = submit(
        &mut s.clone(),
        orders("garrison: {thessalians: Athens}"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 11.2");
    submit(
        &mut s,
        orders("garrison: {greek-allied-infantry-1: Athens, greek-allied-infantry-2: Athens, greek-allied-infantry-3: Athens}"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(
        s.units["greek-allied-infantry-1"].place,
        Place::City("Athens".into())
    );
}

#[test]
fn alexandros_12_1_no_replacements_in_a_turn_without_points() {
    let mut s = summer_334();
    s.lose_step("phalanx-1");
    let r = submit(
        &mut s,
        orders("replacements: [{unit: phalanx-1, steps: 1}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 12.1");
}

#[test]
fn alexandros_12_1_points_per_controlled_province_in_replacement_turns() {
    use legatus::games::alexandros::replacements::points;
    let mut s = summer_334();
    assert_eq!(points(&s, Side::Macedonian), 0, "summer gives none");
    s.turn = 4;
    assert_eq!(
        points(&s, Side::Macedonian),
        3,
        "Macedonia, Hellas, Thrace (Ionia contested)"
    );
    assert_eq!(points(&s, Side::Persian), 0, "not in Winter 334");
    s.turn = 5;
    let n = points(&s, Side::Persian);
    assert!(n > 10, "{n}");
    // Contested provinces give nothing; Independent ones never count for the Persian.
    assert!(n < s.pack.map.provinces.len() as u32 - 5);
}

#[test]
fn alexandros_12_3_restore_cost_from_table() {
    let mut s = winter(summer_334());
    s.lose_step("phalanx-1");
    let ev = submit(
        &mut s,
        orders("replacements: [{unit: phalanx-1, steps: 1}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.units["phalanx-1"].steps, 2);
    let cost: u32 = s.pack.table("unit-replacement-cost").unwrap().rows["heavy-infantry"][0]
        .parse()
        .unwrap();
    assert!(
        ev.iter()
            .any(|e| e.text.contains(&format!("spends {cost} of 10"))),
        "{ev:?}"
    );
}

#[test]
fn alexandros_12_5_no_wall_in_a_contested_province() {
    let mut s = winter(summer_334());
    put(&mut s, &["persian-levy-02", "agrianians"], prov("Hellas"));
    legatus::games::alexandros::control::update(&mut s);
    let r = submit(
        &mut s.clone(),
        orders("walls: [Athens]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 12.5");
    put(&mut s, &["persian-levy-02"], Place::Pool);
    legatus::games::alexandros::control::update(&mut s);
    submit(
        &mut s,
        orders("walls: [Athens]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.walls["Athens"].count, 4);
}

#[test]
fn alexandros_6_4_no_walls_in_the_temple_of_ammon() {
    let mut s = winter(summer_334());
    s.control.insert(
        "Lybia".into(),
        legatus::games::alexandros::state::Ctl::Macedonian,
    );
    let r = submit(
        &mut s,
        orders("walls: [Temple of Ammon]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 6.4");
}

#[test]
fn alexandros_13_1_reinforcements_placed_in_controlled_province() {
    let mut s = summer_334();
    s.turn = 5;
    let due = legatus::games::alexandros::reinforcements::due(&s, Side::Macedonian);
    assert!(due.contains(&"phalanx-7".to_string()), "{due:?}");
    let r = submit(
        &mut s.clone(),
        orders("moves: []"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 13.1");
    let r = submit(
        &mut s.clone(),
        orders("reinforcements: {phalanx-7: Syria}"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 13.1");
    let mut o = String::from("reinforcements: {");
    for d in &due {
        o.push_str(&format!("{d}: Macedonia, "));
    }
    o.push('}');
    submit(&mut s, orders(&o), &no_standing(), &mut dice(1)).unwrap();
    assert_eq!(s.units["phalanx-7"].place, prov("Macedonia"));
    assert_eq!(s.units["phalanx-7"].steps, 2, "full strength");
}

#[test]
fn alexandros_13_2_withdrawal_of_memnon() {
    let mut s = summer_334();
    s.turn = 5;
    let mut o = String::from("reinforcements: {");
    for d in legatus::games::alexandros::reinforcements::due(&s, Side::Macedonian) {
        o.push_str(&format!("{d}: Macedonia, "));
    }
    o.push('}');
    submit(&mut s, orders(&o), &no_standing(), &mut dice(1)).unwrap();
    let mut o = String::from("reinforcements: {");
    for d in legatus::games::alexandros::reinforcements::due(&s, Side::Persian) {
        o.push_str(&format!("{d}: Persis, "));
    }
    o.push('}');
    assert_eq!(Alexandros.pending(&s).sides, vec!["persian".to_string()]);
    // The template does not offer a move to the leader about to be withdrawn; it says so.
    let t = Alexandros.template(&s, "persian");
    assert!(!t.contains("leader: Memnon"), "{t}");
    assert!(
        t.contains("withdrawn from the map as this step is applied (Alexandros 13.2): Memnon"),
        "{t}"
    );
    submit(&mut s, orders(&o), &no_standing(), &mut dice(1)).unwrap();
    assert_eq!(s.leaders["Memnon"].place, Place::Removed);
}

#[test]
fn alexandros_12_4_rebuild_from_the_pool_in_a_controlled_province() {
    let mut s = winter(summer_334());
    s.eliminate("phalanx-1");
    let r = submit(
        &mut s.clone(),
        orders("replacements: [{unit: phalanx-1, steps: 2, province: Ionia}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 12.4");
    submit(
        &mut s,
        orders("replacements: [{unit: phalanx-1, steps: 1, province: Macedonia}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.units["phalanx-1"].place, prov("Macedonia"));
    assert_eq!(s.units["phalanx-1"].steps, 1, "rebuilt at any level");
}

#[test]
fn alexandros_12_2_cannot_overspend() {
    let mut s = winter(summer_334());
    s.replacement_points.insert(Side::Macedonian, 1);
    let r = submit(
        &mut s,
        orders("walls: [Athens]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 12.2");
}

#[test]
fn alexandros_12_6_persian_buys_no_indian_units() {
    let mut s = summer_334();
    submit(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    s.replacement_points.insert(Side::Persian, 10);
    s.lose_step("indian-archers-1");
    let r = submit(
        &mut s,
        orders("replacements: [{unit: indian-archers-1, steps: 1}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 12.6");
}

#[test]
fn alexandros_order_file_example_applies() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/alexandros/orders/summer-334-macedonian-movement.yaml"
    ))
    .unwrap();
    let parsed = legatus::ruleset::Registry::builtin()
        .get("alexandros")
        .unwrap()
        .parse_order_file(&text)
        .unwrap();
    assert_eq!(parsed.step, "summer-334/macedonian-movement");
    let o: legatus::games::alexandros::orders::Orders =
        serde_json::from_value(parsed.orders.unwrap()).unwrap();
    let st: legatus::games::alexandros::orders::Standing =
        serde_json::from_value(parsed.standing.unwrap()).unwrap();
    let mut s = summer_334();
    let standing = std::collections::BTreeMap::from([("macedonian".to_string(), st)]);
    submit(&mut s, o, &standing, &mut dice(1)).unwrap();
    assert_eq!(s.leaders["Alexander"].place, prov("Phrygia"));
    assert_eq!(s.units["home-army-1"].place, prov("Thrace"));
    assert!(s.objectives.contains("Gordian Knot"));
    assert_eq!(s.phase, Phase::PersianMovement);
}

#[test]
fn alexandros_12_8_special_recruitment_after_a_capital_falls() {
    let mut s = summer_334();
    clear_track(&mut s);
    s.turn = 8; // Winter 333
    s.replacement_points.insert(Side::Macedonian, 10);
    s.lose_step("phalanx-1");
    let o = "replacements: [{unit: persian-cavalry-09, steps: 1, province: Macedonia}, {unit: phalanx-1, steps: 1}]";
    let r = submit(&mut s.clone(), orders(o), &no_standing(), &mut dice(1));
    refused(r, "Alexandros 12.8");
    // Susa falls in Autumn 333: recruits from the next Winter.
    s.turn = 7;
    legatus::games::alexandros::siege::fall(&mut s, "Susa", Side::Macedonian, &mut Vec::new());
    assert_eq!(s.capital_taken, Some(7));
    s.turn = 8;
    let r = submit(
        &mut s.clone(),
        orders("replacements: [{unit: persian-cavalry-09, steps: 1, province: Macedonia}]"),
        &no_standing(),
        &mut dice(1),
    );
    let why = refused(r, "Alexandros 12.8");
    assert!(why.contains("as many"), "{why}");
    submit(&mut s, orders(o), &no_standing(), &mut dice(1)).unwrap();
    assert_eq!(s.units["persian-cavalry-09"].owner, Side::Macedonian);
    assert_eq!(s.units["persian-cavalry-09"].place, prov("Macedonia"));
}

#[test]
fn alexandros_11_2_garrison_leaves_its_city_to_move() {
    let mut s = summer_334();
    submit(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    put(&mut s, &["Memnon"], prov("Ionia"));
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Memnon, to: Phrygia, units: [persian-levy-01]}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.1");
    submit(
        &mut s,
        orders("{leave_city: [persian-levy-01], moves: [{leader: Memnon, to: Phrygia, units: [persian-levy-01]}]}"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.units["persian-levy-01"].place, prov("Phrygia"));
}

#[test]
fn alexandros_14_3_raiders_move_without_a_leader() {
    let mut s = summer_334();
    submit(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    for c in ["arabs-1", "arabs-2"] {
        let u = s.units.get_mut(c).unwrap();
        u.place = prov("Arabia");
        u.owner = Side::Persian;
        u.steps = 1;
    }
    put(&mut s, &["royal-guard"], prov("Babylonia"));
    let r = submit(
        &mut s.clone(),
        orders("raiders: [{units: [royal-guard], to: Mesopotamia}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.1");
    submit(
        &mut s,
        orders("raiders: [{units: [arabs-1, arabs-2], to: Syria}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.units["arabs-1"].place, prov("Syria"));
}

#[test]
fn alexandros_3_3_porus_waits_and_the_template_says_why() {
    let mut s = summer_334();
    submit(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    assert_eq!(Alexandros.pending(&s).sides, vec!["persian".to_string()]);
    let t = Alexandros.template(&s, "persian");
    assert!(!t.contains("leader: Porus"), "{t}");
    assert!(
        t.contains("Porus in Upper India cannot move this turn"),
        "{t}"
    );
    assert!(t.contains("(Alexandros 3.3)"), "{t}");
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Porus, to: Gandara}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 3.3");
}

#[test]
fn alexandros_8_2_only_normal_and_mountain_borders_aria_gandara_not_adjacent() {
    // 8.2 knows two kinds of border. Aria and Gandara share none (reference 2.2: no route
    // through the central Afghan massif), so a move between them is refused as not adjacent,
    // in Summer as in Winter; Gandara is reached from Bactria instead.
    let mut s = summer_334();
    put(&mut s, &["Parmenio", "phalanx-1"], prov("Aria"));
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Parmenio, to: Gandara, units: [phalanx-1]}]"),
        &no_standing(),
        &mut dice(1),
    );
    let why = refused(r, "Alexandros 8.1");
    assert!(why.contains("not adjacent"), "{why}");
    for p in s.pack.map.provinces.values() {
        for kind in p.borders.values() {
            assert!(matches!(
                kind,
                legatus::games::alexandros::data::BorderType::Normal
                    | legatus::games::alexandros::data::BorderType::Mountain
            ));
        }
    }
    put(&mut s, &["Parmenio", "phalanx-1"], prov("Bactria"));
    submit(
        &mut s,
        orders("moves: [{leader: Parmenio, to: Gandara, units: [phalanx-1]}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
}

#[test]
fn alexandros_8_2_winter_template_says_why_a_leader_cannot_move_and_offers_no_set_aside_leader() {
    // 8.2: in Winter every border of a Mountain province is closed. Parmenio in Cappadocia
    // (all its borders mountain) has nowhere to go: the template says so and why instead of
    // an empty list, and a move there is refused for the same reason. 12.10: the "0" leader
    // waiting off the map is no leader the template offers.
    let mut s = winter(summer_334());
    put(&mut s, &["Parmenio", "phalanx-1"], prov("Cappadocia"));
    let t = Alexandros.template(&s, "macedonian");
    assert!(
        t.contains("Parmenio in Cappadocia cannot move this turn"),
        "{t}"
    );
    assert!(t.contains("closed in Winter (Alexandros 8.2)"), "{t}");
    assert!(!t.contains("leader: Parmenio"), "{t}");
    assert!(!t.contains("Macedonian 0"), "{t}");
    let r = submit(
        &mut s.clone(),
        orders("moves: [{leader: Parmenio, to: Phrygia, units: [phalanx-1]}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 8.2");
    submit(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    let t = Alexandros.template(&s, "persian");
    assert!(!t.contains("Persian 0"), "{t}");
}

#[test]
fn alexandros_8_1_a_move_with_several_rule_problems_is_refused_with_each() {
    // 8.1–8.3: a move order with known names but several rule problems is refused once with
    // all of them, not only the first; nothing moves.
    let mut s = summer_334();
    let before = serde_json::to_string(&s).unwrap();
    let r = submit(
        &mut s,
        orders("moves: [{leader: Antipater, to: Cappadocia, units: [home-army-1, home-army-1, hetairoi]}]"),
        &no_standing(),
        &mut dice(1),
    );
    let Err(legatus::ruleset::RuleError::Several(v)) = r else {
        panic!("expected several refusals, got {r:?}");
    };
    let text: Vec<String> = v.iter().map(ToString::to_string).collect();
    for (rule, why) in [
        ("Alexandros 8.1", "home-army-1 is named twice"),
        (
            "Alexandros 8.1",
            "hetairoi is not with Antipater in Macedonia (it is in ",
        ),
        (
            "Alexandros 8.1",
            "Cappadocia is not adjacent to Macedonia (next to Macedonia: ",
        ),
    ] {
        assert!(
            text.iter().any(|t| t.contains(rule) && t.contains(why)),
            "{why}: {text:#?}"
        );
    }
    assert!(
        text.iter().any(|t| t.contains("Alexandros 8.3")),
        "{text:#?}"
    );
    assert_eq!(
        serde_json::to_string(&s).unwrap(),
        before,
        "a refused order changes nothing"
    );
}

#[test]
fn alexandros_14_3_raiders_never_join_other_raiders() {
    let mut s = summer_334();
    submit(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    for (c, at) in [
        ("arabs-1", "Arabia"),
        ("arabs-2", "Arabia"),
        ("arabs-3", "Syria"),
    ] {
        let u = s.units.get_mut(c).unwrap();
        u.place = prov(at);
        u.owner = Side::Persian;
        u.steps = 1;
    }
    // Into a province other raiders hold: refused.
    let r = submit(
        &mut s.clone(),
        orders("raiders: [{units: [arabs-1], to: Syria}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 14.3");
    // A group that splits may not join up again, not even in the same turn.
    let r = submit(
        &mut s.clone(),
        orders("raiders: [{units: [arabs-1], to: Egypt}, {units: [arabs-2], to: Egypt}]"),
        &no_standing(),
        &mut dice(1),
    );
    refused(r, "Alexandros 14.3");
    // Moving as one group, or apart, is allowed.
    submit(
        &mut s,
        orders("raiders: [{units: [arabs-1], to: Egypt}, {units: [arabs-2], to: Babylonia}]"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.units["arabs-1"].place, prov("Egypt"));
    assert_eq!(s.units["arabs-2"].place, prov("Babylonia"));
}

#[test]
fn alexandros_14_3_template_lists_the_raiders_and_where_they_may_go() {
    let mut s = summer_334();
    submit(&mut s, orders("moves: []"), &no_standing(), &mut dice(1)).unwrap();
    for (c, at) in [
        ("arabs-1", "Arabia"),
        ("arabs-2", "Arabia"),
        ("arabs-3", "Syria"),
    ] {
        let u = s.units.get_mut(c).unwrap();
        u.place = prov(at);
        u.owner = Side::Persian;
    }
    let t = Alexandros.template(&s, "persian");
    let line = |p: &str| {
        t.lines()
            .find(|l| l.contains(&format!("# in {p}; to one of:")))
            .unwrap_or_else(|| panic!("{t}"))
            .to_string()
    };
    let arabia = line("Arabia");
    assert!(arabia.contains("units: [arabs-1, arabs-2]"), "{arabia}");
    assert!(
        arabia.contains("Egypt") && !arabia.contains("Syria"),
        "{arabia}"
    );
    let syria = line("Syria");
    assert!(
        syria.contains("Egypt") && !syria.contains("Arabia"),
        "{syria}"
    );
    // The Macedonian is shown no raiders.
    assert!(!Alexandros.template(&s, "macedonian").contains("raiders:"));
}
