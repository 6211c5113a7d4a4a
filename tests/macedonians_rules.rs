//! The Macedonians' rules through `Macedonians::apply`, named after their cases: the set-up
//! (20), the sequence of play (4.2), commander movement (5.0-5.4, 5.8, 17.22) with the worked
//! examples of the movement sections in their own numbers (5.22, 5.26; 5.52-5.53's Gates
//! combat is in macedonians_combat.rs), the zones of interception as movement meets them (the 6.24 and
//! 6.54 examples; the interception itself in macedonians_combat.rs), and the refusals of what is not built yet, each naming its section.

#[path = "macedonians/common.rs"]
mod common;

use common::*;
use legatus::games::conquerors::macedonians::state::Phase;
use legatus::games::conquerors::macedonians::Macedonians;
use legatus::ruleset::Ruleset;

const LYDIANS: &str = "[lydian-cavalry-1, lydian-cavalry-2, lydian-cavalry-3, lydian-cavalry-4, lydian-cavalry-5, lydian-cavalry-6]";

// ---------------------------------------------------------------- 20: the set-up

#[test]
fn macedonians_20_1_macedonian_set_up_at_abydus_and_sestus() {
    let s = campaign();
    assert_eq!(units_at(&s, "0505", "macedonian").len(), 46);
    assert_eq!(s.commanders["alexander"].at.hex, "0505");
    assert_eq!(s.commanders["hegelochus"].at.hex, "0404");
    assert_eq!(
        s.squadrons.values().filter(|q| q.at.hex == "0404").count(),
        8
    );
    assert_eq!(s.siege_train.as_ref().unwrap().hex, "0505");
    // 8.83: the Replacement Pool waits off the map.
    assert_eq!(s.pool.len(), 13);
    assert!(!s.commanders.contains_key("craterus"));
    // 20.13 / 20.3 / 13.3: Thrace with Sestus and Byzantium, and Abydus, are the Macedonian's.
    for c in ["Abydus", "Sestus", "Byzantium"] {
        assert_eq!(s.controller(c), Some("macedonian"), "{c}");
    }
    assert_eq!(s.satrapy_controller("thrace"), "macedonian");
    assert_eq!(s.satrapy_controller("hellespontine-phrygia"), "persian");
    assert_eq!(s.controller("Cyzicus"), Some("persian"));
}

#[test]
fn macedonians_20_2_persian_set_up_with_the_errata() {
    let s = campaign();
    // Cyzicus is 0904 (the set-up prints 6904).
    assert_eq!(s.commanders["memnon"].at.hex, "0904");
    assert_eq!(units_at(&s, "0904", "persian").len(), 5);
    // Errata: Halicarnassus, 3 Greek mercenary hoplites, 5 Garrisons, Orontabates, all inside
    // the Walled City (14.14).
    let hal = units_at(&s, "0714", "persian");
    assert_eq!(hal.len(), 8);
    assert!(hal.iter().all(|u| s.units[u].at.inside));
    assert_eq!(s.commanders["orontabates"].at.hex, "0714");
    // Pelusium: the mercenaries are on the galleys (12.12: 12 SSP a full squadron).
    let aboard: Vec<_> = s.aboard.keys().collect();
    assert_eq!(aboard.len(), 12);
    assert!(s.aboard.values().all(|q| s.squadrons[q].at.hex == "2233"));
    // One Garrison unit each at eight places, inside its city; the Gates' in 2912.
    assert!(s.units["garrison-sardes"].at.inside);
    assert!(!s.units["lydian-cavalry-1"].at.inside);
    assert_eq!(s.units["garrison-cilician-gates"].at.hex, "2912");
    assert_eq!(s.gates, "persian");
    assert_eq!(
        s.squadrons.values().filter(|q| q.side == "persian").count(),
        20
    );
}

// ---------------------------------------------------------------- 4.2: the sequence

#[test]
fn macedonians_4_2_persian_player_turn_first_then_his_supply_phase() {
    let mut s = campaign();
    let p = Macedonians.pending(&s);
    assert_eq!(p.step, "turn-1/persian-campaign-phase");
    assert_eq!(p.sides, ["persian"]);
    assert!(
        p.prompt.contains("Apr-May 334 B.C. (Game-Turn 1 of 26)"),
        "{}",
        p.prompt
    );
    let ev = submit(&mut s, orders("moves: []"), &mut dice(0)).unwrap();
    assert!(
        texts(&ev).contains("the Persian moves nothing"),
        "{}",
        texts(&ev)
    );
    // A2, the Persian Supply and Attrition Phase, runs by itself; A3 is omitted on Game-Turn 1;
    // B1 has no siege: the Macedonian moves next.
    assert!(
        texts(&ev).contains("[Macedonians [15.2]] the Persian has"),
        "{}",
        texts(&ev)
    );
    assert_eq!(s.phase, Phase::MacedonianCampaign);
    assert_eq!(
        Macedonians.pending(&s).step,
        "turn-1/macedonian-campaign-phase"
    );
}

#[test]
fn macedonians_4_2_macedonian_player_turn_ends_with_the_game_turn_phase() {
    let mut s = macedonian_turn();
    assert_eq!(Macedonians.pending(&s).sides, ["macedonian"]);
    submit(&mut s, orders("moves: []"), &mut dice(0)).unwrap();
    assert_eq!(s.phase, Phase::PersianCampaign);
    assert_eq!(
        Macedonians.pending(&s).step,
        "turn-2/persian-campaign-phase"
    );
}

// ---------------------------------------------------------------- 5.0-5.2: moving

#[test]
fn macedonians_5_41_royal_persian_highway_half_a_point_a_hex() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    let ev = go(&mut s, &format!("{{commander: spithridates, with: {LYDIANS}, path: [\"1111\", \"1210\", \"1311\", \"1411\", \"1511\", \"1611\"]}}")).unwrap();
    let t = texts(&ev);
    assert!(t.contains("1010 → 1111 → 1210 → 1311 → 1411 → 1511 → 1611 (3 MP of 30 MP, 6 hexes on the Royal Persian Highway) with 6 units, 12 SSP"), "{t}");
    assert_eq!(s.units["lydian-cavalry-1"].at.hex, "1611");
    assert_eq!(s.commanders["spithridates"].at.hex, "1611");
}

#[test]
fn macedonians_5_41_off_the_highway_the_terrain_is_paid() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    let ev = go(&mut s, &format!("{{commander: spithridates, with: {LYDIANS}, path: [\"1111\", \"1210\", \"1311\"], royal_road: false}}")).unwrap();
    // 1111 is Rough (3 MP), 1210 and 1311 clear (1 MP each) without the highway.
    assert!(
        texts(&ev).contains("1010 → 1111 → 1210 → 1311 (5 MP of 30 MP) with 6 units"),
        "{}",
        texts(&ev)
    );
}

#[test]
fn macedonians_5_42_a_force_on_the_highway_may_not_stop_at_an_enemy_city() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    s.units.remove("garrison-celaenae");
    control(&mut s, "Celaenae", "macedonian");
    let path = "[\"1111\", \"1210\", \"1311\", \"1411\", \"1511\", \"1611\"]";
    let r = go(
        &mut s.clone(),
        &format!("{{commander: spithridates, with: {LYDIANS}, path: {path}}}"),
    );
    let why = refused(r, "Macedonians [5.42], [5.44]");
    assert!(why.contains("Celaenae"), "{why}");
    // Off the highway it may (the city is only bypassed: taking it, 13.22, is not built).
    let ev = go(
        &mut s.clone(),
        &format!("{{commander: spithridates, with: {LYDIANS}, path: {path}, royal_road: false}}"),
    )
    .unwrap();
    assert!(texts(&ev).contains("→ 1611 ("), "{}", texts(&ev));
    // 5.44: passing through on the highway, the city's hex is paid at its terrain (clear, 1 MP):
    // five half points, one MP, and half a point out to 1712.
    let ev = go(&mut s, &format!("{{commander: spithridates, with: {LYDIANS}, path: [\"1111\", \"1210\", \"1311\", \"1411\", \"1511\", \"1611\", \"1712\"]}}")).unwrap();
    assert!(
        texts(&ev).contains("(4 MP of 30 MP, 6 hexes on the Royal Persian Highway)"),
        "{}",
        texts(&ev)
    );
}

#[test]
fn macedonians_5_51_the_cilician_gates_cost_six() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    // 2915 → 2914 clear (1), 2914 → 2913 on the highway (½), into the Gates 6 MP even on it.
    let ev = go(&mut s, "{commander: arsamenes, with: [median-cavalry-1, bactrian-cavalry-1], path: [\"2914\", \"2913\", \"2912\"]}").unwrap();
    assert!(
        texts(&ev).contains("2915 → 2914 → 2913 → 2912 (7½ MP of 30 MP"),
        "{}",
        texts(&ev)
    );
}

#[test]
fn macedonians_5_51_the_gates_are_impassable_in_winter() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    s.turn = 5;
    assert!(s.winter());
    let r = go(
        &mut s,
        "{commander: arsamenes, with: [median-cavalry-1], path: [\"2914\", \"2913\", \"2912\"]}",
    );
    let why = refused(r, "Macedonians [5.51]");
    assert!(why.contains("impassable in a Winter Game-Turn"), "{why}");
}

#[test]
fn macedonians_5_39_winter_allowance_15_north_of_the_line_and_rough_6() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    s.turn = 5;
    // Sardes lies north of the Winter Line: 15 MP; the eighteen clear hexes of the 5.22 path
    // north of Sardes would cost 16 MP.
    let path = "[\"1009\", \"1008\", \"1007\", \"1006\", \"1005\", \"1004\", \"0904\", \"0905\", \"0906\", \"0907\", \"0908\", \"0909\", \"0910\", \"0911\", \"0912\", \"0913\"]";
    let why = refused(
        go(
            &mut s.clone(),
            &format!("{{commander: spithridates, with: {LYDIANS}, path: {path}}}"),
        ),
        "Macedonians [5.12]",
    );
    assert!(why.contains("of the allowance of 15 MP"), "{why}");
    // 17.22: a Rough hex costs 6 MP in Winter (1408 from the highway hex 1309 by the northern
    // highway is ½ anyway; 1011 is Rough off any road).
    let ev = go(
        &mut s,
        &format!("{{commander: spithridates, with: {LYDIANS}, path: [\"1011\"]}}"),
    )
    .unwrap();
    assert!(
        texts(&ev).contains("1010 → 1011 (6 MP of 15 MP)"),
        "{}",
        texts(&ev)
    );
}

#[test]
fn macedonians_17_22_no_land_unit_goes_north_of_the_line_in_winter() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    s.turn = 5;
    put(&mut s, "arsamenes", "2416");
    put(&mut s, "bactrian-cavalry-1", "2416");
    let why = refused(
        go(
            &mut s,
            "{commander: arsamenes, with: [bactrian-cavalry-1], path: [\"2415\"]}",
        ),
        "Macedonians [17.22]",
    );
    assert!(why.contains("south of the Winter Line"), "{why}");
}

#[test]
fn macedonians_5_22_a_force_with_28_mp_spent_may_not_enter_an_enemy_hex() {
    // The example's numbers: 28 MP spent, so the 3 MP for combat plus the hex are not there.
    let mut s = campaign();
    clear(&mut s, "macedonian");
    s.units.insert(
        "league-hoplites-1".into(),
        macedonian_unit(&s, "league-hoplites-1", "0706"),
    );
    // 28 clear hexes north and west of Sardes, 1 MP each off the highway, then 0706.
    let hexes = [
        "1009", "1008", "1007", "1006", "1005", "1004", "0904", "0905", "0906", "0907", "0908",
        "0909", "0910", "0911", "0912", "0913", "0914", "0813", "0812", "0811", "0810", "0809",
        "0808", "0807", "0806", "0805", "0804", "0705", "0706",
    ];
    let quoted: Vec<String> = hexes.iter().map(|h| format!("\"{h}\"")).collect();
    let mv = format!(
        "{{commander: spithridates, with: {LYDIANS}, path: [{}], royal_road: false}}",
        quoted.join(", ")
    );
    let why = refused(go(&mut s.clone(), &mv), "Macedonians [5.22]");
    assert!(
        why.contains("path[28] 0706")
            && why.contains("needs 4 MP (1 MP for the hex and 3 MP for combat) and 2 MP are left"),
        "{why}"
    );
    // With 26 spent the 4 MP are there: the Force enters and fights (9.2; the combat's
    // cases are tests/macedonians_combat.rs), paying 3 MP more for it (5.22, 9.22).
    s.units.get_mut("league-hoplites-1").unwrap().at.hex = "0804".into();
    let mv = format!(
        "{{commander: spithridates, with: {LYDIANS}, path: [{}], royal_road: false}}",
        quoted[..27].join(", ")
    );
    let t = texts(&go(&mut s, &mv).unwrap());
    assert!(
        t.contains("(27 MP of 30 MP)") && t.contains("Skirmish at 0804"),
        "{t}"
    );
    assert!(
        t.contains("Spithridates pays 3 MP more for the combat at 0804"),
        "{t}"
    );
}

fn macedonian_unit(
    s: &legatus::games::conquerors::macedonians::state::State,
    id: &str,
    hex: &str,
) -> legatus::games::conquerors::force::LandUnit {
    let d = &s.pack.counters.units[id];
    legatus::games::conquerors::force::LandUnit {
        side: "macedonian".into(),
        nation: d.nation.clone(),
        kind: d.kind.clone(),
        label: Some(d.name.clone()),
        ssp: 3,
        full_ssp: 3,
        cavalry_ssp: 0,
        at: legatus::games::conquerors::force::Position {
            map: "macedonians".into(),
            hex: hex.into(),
            inside: false,
        },
    }
}

#[test]
fn macedonians_5_26_no_passing_from_one_enemy_satrapy_into_another() {
    // The example: the Macedonian holds Hellespontine Phrygia, Lydia and Bithynia-Paphlagonia;
    // the Persian Force in Phrygia may not go through Lydia into Hellespontine Phrygia, nor
    // through Bithynia-Paphlagonia.
    let mut s = campaign();
    clear(&mut s, "macedonian");
    for c in ["Dascylium", "Sardes", "Heraclea"] {
        control(&mut s, c, "macedonian");
    }
    put(&mut s, "atizyes", "1508");
    put(&mut s, "phrygian-cavalry-1", "1508");
    let via_lydia = "{commander: atizyes, with: [phrygian-cavalry-1], path: [\"1408\", \"1407\"]}";
    let why = refused(go(&mut s.clone(), via_lydia), "Macedonians [5.25]");
    assert!(
        why.contains("from Lydia") && why.contains("into Hellespontine Phrygia"),
        "{why}"
    );
    put(&mut s, "atizyes", "1505");
    put(&mut s, "phrygian-cavalry-1", "1505");
    let via_bp = "{commander: atizyes, with: [phrygian-cavalry-1], path: [\"1504\", \"1404\"]}";
    let why = refused(go(&mut s.clone(), via_bp), "Macedonians [5.25]");
    assert!(why.contains("from Bithynia-Paphlagonia"), "{why}");
    // He may move into Lydia, and through it to a satrapy he holds (Caria).
    put(&mut s, "atizyes", "1508");
    put(&mut s, "phrygian-cavalry-1", "1508");
    go(
        &mut s.clone(),
        "{commander: atizyes, with: [phrygian-cavalry-1], path: [\"1408\"]}",
    )
    .unwrap();
    let ev = go(&mut s, "{commander: atizyes, with: [phrygian-cavalry-1], path: [\"1408\", \"1409\", \"1410\", \"1311\", \"1312\", \"1313\"], royal_road: false}").unwrap();
    assert!(
        texts(&ev).contains("→ 1313 (14 MP of 30 MP)"),
        "{}",
        texts(&ev)
    );
}

#[test]
fn macedonians_5_37_the_hellespont_ferry_needs_a_friendly_squadron() {
    let mut s = macedonian_turn();
    let ev = go(
        &mut s.clone(),
        "{commander: alexander, with: [phalanx-coenus], path: [\"0404\"]}",
    )
    .unwrap();
    assert!(
        texts(&ev).contains("0505 → 0404 (1 MP of 30 MP) with 1 units, 5 SSP"),
        "{}",
        texts(&ev)
    );
    let mut no_fleet = s.clone();
    for q in no_fleet
        .squadrons
        .values_mut()
        .filter(|q| q.side == "macedonian")
    {
        q.at.hex = "1102".into();
    }
    let why = refused(
        go(
            &mut no_fleet,
            "{commander: alexander, with: [phalanx-coenus], path: [\"0404\"]}",
        ),
        "Macedonians [5.37]",
    );
    assert!(
        why.contains("the Ferry hexside 0404/0505 needs a friendly squadron in 0505 or 0404"),
        "{why}"
    );
    put(&mut s, "ionian-1", "0505");
    let why = refused(
        go(
            &mut s,
            "{commander: alexander, with: [phalanx-coenus], path: [\"0404\"]}",
        ),
        "Macedonians [5.37]",
    );
    assert!(why.contains("an enemy squadron"), "{why}");
}

#[test]
fn macedonians_5_34_an_enemy_marsh_hex_is_never_entered() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    put(&mut s, "orontabates", "2134");
    put(&mut s, "gkmrc-hoplites-13", "2134");
    // An empty Marsh hex costs 2 MP.
    let ev = go(
        &mut s.clone(),
        "{commander: orontabates, with: [gkmrc-hoplites-13], path: [\"2133\"]}",
    )
    .unwrap();
    assert!(
        texts(&ev).contains("2134 → 2133 (2 MP of 30 MP)"),
        "{}",
        texts(&ev)
    );
    s.units.insert(
        "league-hoplites-1".into(),
        macedonian_unit(&s, "league-hoplites-1", "2133"),
    );
    let why = refused(
        go(
            &mut s,
            "{commander: orontabates, with: [gkmrc-hoplites-13], path: [\"2133\"]}",
        ),
        "Macedonians [5.34], [9.23]",
    );
    assert!(why.contains("may never be entered"), "{why}");
}

#[test]
fn macedonians_5_38_an_enemy_walled_city_only_to_besiege() {
    let mut s = macedonian_turn();
    clear(&mut s, "persian");
    put(&mut s, "parmenion", "0812");
    put(&mut s, "phalanx-coenus", "0812");
    let why = refused(
        go(
            &mut s,
            "{commander: parmenion, with: [phalanx-coenus], path: [\"0713\"]}",
        ),
        "Macedonians [5.38], [14.33]",
    );
    assert!(why.contains("sieges are not built yet"), "{why}");
}

#[test]
fn macedonians_5_0_each_commander_moves_once_and_each_unit_under_one() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    let two = orders(&format!("moves:\n  - {{commander: spithridates, with: {LYDIANS}, path: [\"1111\"]}}\n  - {{commander: spithridates, path: [\"1210\"]}}\n"));
    let why = refused(
        submit(&mut s.clone(), two, &mut dice(1)),
        "Macedonians [5.0]",
    );
    assert!(why.contains("already moved"), "{why}");
    let two = orders("moves:\n  - {commander: spithridates, with: [lydian-cavalry-1], path: [\"1111\"], drop_off: {\"1111\": [lydian-cavalry-1]}}\n  - {commander: niphates, pick_up: {\"1111\": [lydian-cavalry-1]}, path: [\"1111\", \"1210\"]}\n");
    let why = refused(submit(&mut s, two, &mut dice(1)), "Macedonians [5.23]");
    assert!(why.contains("already moved under Spithridates"), "{why}");
}

#[test]
fn macedonians_5_13_pick_up_and_drop_off_on_the_way() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    let ev = go(&mut s, "{commander: spithridates, with: [lydian-cavalry-1, lydian-cavalry-2], path: [\"1111\", \"1210\"], drop_off: {\"1111\": [lydian-cavalry-2]}}").unwrap();
    assert!(texts(&ev).contains("with 1 units, 2 SSP"), "{}", texts(&ev));
    // Left without a commander, the unit rolls for attrition in the Supply and Attrition
    // Phase (17.12) and may be gone by then.
    match s.units.get("lydian-cavalry-2") {
        Some(u) => assert_eq!(u.at.hex, "1111"),
        None => assert_eq!(s.eliminated["lydian-cavalry-2"].at.hex, "1111"),
    }
    assert_eq!(s.units["lydian-cavalry-1"].at.hex, "1210");
}

#[test]
fn macedonians_5_11_only_the_phasing_players_commanders_move() {
    let mut s = campaign();
    let why = refused(
        go(&mut s, "{commander: alexander, path: [\"0404\"]}"),
        "Macedonians [5.11]",
    );
    assert!(why.contains("not yours"), "{why}");
    let why = refused(
        go(&mut s, "{commander: spithridatez, path: [\"1111\"]}"),
        "Macedonians [5.0]",
    );
    assert!(why.contains("did you mean spithridates"), "{why}");
}

#[test]
fn macedonians_18_1_garrison_units_never_move() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    let why = refused(
        go(
            &mut s,
            "{commander: spithridates, with: [garrison-sardes], path: [\"1111\"]}",
        ),
        "Macedonians [18.1]",
    );
    assert!(why.contains("never moves"), "{why}");
}

#[test]
fn macedonians_7_13_five_ssp_inside_a_major_city() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    // Sardes has its 2-SSP Garrison inside; 2 more fit, 4 more do not.
    go(&mut s.clone(), "{commander: spithridates, with: [lydian-infantry-1], path: [\"1110\", \"1010\"], inside: true}").unwrap();
    let why = refused(go(&mut s, "{commander: spithridates, with: [lydian-infantry-1, lydian-infantry-2], path: [\"1110\", \"1010\"], inside: true}"), "Macedonians [7.13]");
    assert!(why.contains("2 are there and the Force brings 4"), "{why}");
}

#[test]
fn macedonians_8_3_hegelochus_commands_fleets_only() {
    let mut s = macedonian_turn();
    let why = refused(
        go(&mut s, "{commander: hegelochus, path: [\"0403\"]}"),
        "Macedonians [8.3], [12.4]",
    );
    assert!(why.contains("fleet movement is not built yet"), "{why}");
}

#[test]
fn macedonians_12_fleets_and_naval_transport_are_refused_until_built() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    let why = refused(
        go(
            &mut s.clone(),
            "{commander: pharnabazus, with: [gkmrc-hoplites-6], path: [\"2133\"]}",
        ),
        "Macedonians [12.13]",
    );
    assert!(why.contains("aboard"), "{why}");
    let why = refused(
        go(
            &mut s,
            "{commander: pharnabazus, with: [egyptian-1], path: [\"2133\"]}",
        ),
        "Macedonians [5.33], [11], [12]",
    );
    assert!(why.contains("squadron"), "{why}");
}

#[test]
fn macedonians_23_1_the_persian_never_lands_in_thrace() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    put(&mut s, "arsites", "1202");
    put(&mut s, "paphlagonian-cavalry-1", "1202");
    put(&mut s, "cypriot-1", "1202");
    let why = refused(
        go(
            &mut s,
            "{commander: arsites, with: [paphlagonian-cavalry-1], path: [\"1102\"]}",
        ),
        "Macedonians [23.1]",
    );
    assert!(why.contains("into Thrace"), "{why}");
}

// ---------------------------------------------------------------- 6: zones of interception

#[test]
fn macedonians_6_24_the_examples_zones_give_the_persian_his_chances() {
    // Force A in 3315; Force B from 2912 toward Tarsus enters 2913, Zone-4 of A, then 3014 on
    // the highway, Zone-3.
    let mut s = macedonian_turn();
    clear(&mut s, "persian");
    let a = campaign();
    for id in [
        "arsamenes",
        "median-cavalry-1",
        "median-cavalry-2",
        "median-cavalry-3",
        "median-cavalry-4",
        "bactrian-cavalry-1",
        "bactrian-cavalry-2",
    ] {
        if let Some(u) = a.units.get(id) {
            s.units.insert(id.into(), u.clone());
        } else {
            s.commanders.insert(id.into(), a.commanders[id].clone());
        }
        put(&mut s, id, "3315");
    }
    put(&mut s, "parmenion", "2912");
    put(&mut s, "phalanx-coenus", "2912");
    // The Persian said nothing: each chance is reported and passed (6.22, voluntary).
    let why = texts(
        &go(
            &mut s.clone(),
            "{commander: parmenion, with: [phalanx-coenus], path: [\"2913\"]}",
        )
        .unwrap(),
    );
    assert!(
        why.contains("intercepting with Arsamenes's Force at 3315 as the move enters 2913 (Zone-4): no interception (default)"),
        "{why}"
    );
    put(&mut s, "parmenion", "2914");
    put(&mut s, "phalanx-coenus", "2914");
    let why = texts(
        &go(
            &mut s.clone(),
            "{commander: parmenion, with: [phalanx-coenus], path: [\"3014\"]}",
        )
        .unwrap(),
    );
    assert!(why.contains("as the move enters 3014 (Zone-3)"), "{why}");
    // 6.59: a commander moving alone may not be intercepted.
    let alone = texts(&go(&mut s, "{commander: parmenion, path: [\"3014\"]}").unwrap());
    assert!(!alone.contains("intercept"), "{alone}");
}

#[test]
fn macedonians_6_54_leaving_by_weaker_zones_is_safe() {
    // The example: from Zone-2 to Zone-3, to Zone-4 and out is never intercepted; to another
    // Zone-2 hex it may be.
    let mut s = macedonian_turn();
    clear(&mut s, "persian");
    let a = campaign();
    for id in [
        "arsamenes",
        "median-cavalry-1",
        "median-cavalry-2",
        "median-cavalry-3",
        "median-cavalry-4",
        "bactrian-cavalry-1",
        "bactrian-cavalry-2",
    ] {
        if let Some(u) = a.units.get(id) {
            s.units.insert(id.into(), u.clone());
        } else {
            s.commanders.insert(id.into(), a.commanders[id].clone());
        }
        put(&mut s, id, "3315");
    }
    // 3115 is Zone-2 of 3315; 3014 Zone-3; 2914 Zone-4; 2814 out of the zone.
    put(&mut s, "parmenion", "3115");
    put(&mut s, "phalanx-coenus", "3115");
    let safe = texts(
        &go(
            &mut s.clone(),
            "{commander: parmenion, with: [phalanx-coenus], path: [\"3014\", \"2914\", \"2814\"]}",
        )
        .unwrap(),
    );
    assert!(!safe.contains("intercept"), "{safe}");
    // 2914 to 2913 stays in Zone-4: the same zone again exposes it.
    let why = texts(
        &go(
            &mut s.clone(),
            "{commander: parmenion, with: [phalanx-coenus], path: [\"3014\", \"2914\", \"2913\"]}",
        )
        .unwrap(),
    );
    assert!(why.contains("as the move enters 2913 (Zone-4)"), "{why}");
    let why = texts(
        &go(
            &mut s,
            "{commander: parmenion, with: [phalanx-coenus], path: [\"3114\"]}",
        )
        .unwrap(),
    );
    assert!(why.contains("(Zone-2)"), "{why}");
}

// ---------------------------------------------------------------- 5.8: the Forced March

/// Alexander's Force alone on the map, with Hellespontine Phrygia and Bithynia-Paphlagonia his
/// and a squadron at the Bosporus ferry: a clear road of 32 MP from Abydus.
fn open_road() -> (
    legatus::games::conquerors::macedonians::state::State,
    String,
) {
    let mut s = macedonian_turn();
    clear(&mut s, "persian");
    for c in ["Dascylium", "Heraclea"] {
        control(&mut s, c, "macedonian");
    }
    put(&mut s, "league-2", "1102");
    let hexes = [
        "0404", "0403", "0503", "0502", "0601", "0602", "0702", "0701", "0801", "0901", "0902",
        "1001", "1002", "1102", "1202", "1302", "1402", "1502", "1503", "1602", "1603", "1604",
        "1605", "1606", "1707", "1708", "1807", "1806", "1907", "1908", "1909", "1910",
    ];
    let quoted: Vec<String> = hexes.iter().map(|h| format!("\"{h}\"")).collect();
    (s, format!("[{}]", quoted.join(", ")))
}

#[test]
fn macedonians_5_8_forced_march_adds_declared_mp_and_rolls_after() {
    let (mut s, path) = open_road();
    // 32 clear hexes: beyond the 30 MP without a Forced March.
    let plain =
        format!("{{commander: alexander, with: [phalanx-coenus, companions-1], path: {path}}}");
    let why = refused(go(&mut s.clone(), &plain), "Macedonians [5.12]");
    assert!(why.contains("of the allowance of 30 MP"), "{why}");
    let fm = format!("{{commander: alexander, with: [phalanx-coenus, companions-1], path: {path}, forced_march: {{extra_mp: 3}}}}");
    let ev = go(&mut s, &fm).unwrap();
    let t = texts(&ev);
    assert!(t.contains("(32 MP of 33 MP)"), "{t}");
    // One die, in the +3 column however many MP were used: read the table for the roll.
    let line = ev
        .iter()
        .find(|e| e.rule == "Macedonians [5.8]")
        .map(|e| e.text.clone())
        .expect(&t);
    let roll: u32 = line
        .split("rolls ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let cell = s
        .pack
        .table("forced-march-attrition")
        .unwrap()
        .cell(&roll.to_string(), "+3")
        .unwrap()
        .to_string();
    let lost = if cell == "-" {
        0
    } else {
        cell.parse::<u32>().unwrap()
    };
    assert!(
        line.contains(&format!("column +3: {lost} SSP lost")),
        "{line}"
    );
    // Cavalry never take the losses.
    assert_eq!(s.units["companions-1"].ssp, 1);
    assert_eq!(s.units["phalanx-coenus"].ssp, 5 - lost);
}

#[test]
fn macedonians_5_8_only_alexanders_force_from_its_start() {
    let (mut s, path) = open_road();
    let why = refused(go(&mut s.clone(), &format!("{{commander: parmenion, with: [phalanx-coenus], path: {path}, forced_march: {{extra_mp: 2}}}}")), "Macedonians [5.8]");
    assert!(why.contains("only a Force commanded by Alexander"), "{why}");
    let why = refused(go(&mut s.clone(), &format!("{{commander: alexander, with: [phalanx-coenus], path: {path}, forced_march: {{extra_mp: 6}}}}")), "Macedonians [5.8]");
    assert!(why.contains("one to 5 MP, not 6"), "{why}");
    let why = refused(go(&mut s.clone(), &format!("{{commander: alexander, with: [companions-1], path: {path}, forced_march: {{extra_mp: 2, losses_from: [companions-1]}}}}")), "Macedonians [5.8]");
    assert!(
        why.contains("cavalry never take Forced March losses"),
        "{why}"
    );
    // A unit that began the phase elsewhere is not under his direct command.
    s.phase_start.insert("phalanx-coenus".into(), "0404".into());
    let why = refused(go(&mut s, &format!("{{commander: alexander, with: [phalanx-coenus], path: {path}, forced_march: {{extra_mp: 2}}}}")), "Macedonians [5.8]");
    assert!(
        why.contains("did not begin the Campaign Phase stacked with Alexander"),
        "{why}"
    );
}

// ---------------------------------------------------------------- the view and the template

#[test]
fn macedonians_view_shows_forces_cities_satrapies_and_vp() {
    let s = campaign();
    let v = Macedonians.view(&s, None);
    assert_eq!(v.title, "The Macedonians");
    assert!(matches!(v.map.kind, legatus::view::MapKind::Hex(_)));
    let mac = v.side("macedonian").unwrap();
    assert!(mac
        .forces
        .iter()
        .any(|f| f.place == "0505" && f.units.iter().any(|u| u.id == "siege-train")));
    let sardes = v.place("1010").unwrap();
    assert_eq!(sardes.name, "Sardes");
    assert!(
        sardes.cities[0]
            .marks
            .iter()
            .any(|m| m == "capital of Lydia"),
        "{:?}",
        sardes.cities[0].marks
    );
    let tyre = v.place("3026").unwrap();
    assert!(tyre.cities[0]
        .marks
        .iter()
        .any(|m| m == "Walled City, Fortification 50"));
    let satrapies = v
        .tracks
        .iter()
        .find(|t| t.name.starts_with("Satrapies"))
        .unwrap();
    assert!(
        satrapies
            .items
            .iter()
            .any(|(k, v)| k == "Lydia (Sardes)" && v == "the Persian, 3"),
        "{:?}",
        satrapies.items
    );
    // 21.11: the Persian's control is worth every satrapy but Thrace, and the Walled Cities.
    let vp = v
        .tracks
        .iter()
        .find(|t| t.side.as_deref() == Some("persian"))
        .unwrap();
    assert_eq!(vp.value, "64");
    let vp = v
        .tracks
        .iter()
        .find(|t| t.side.as_deref() == Some("macedonian"))
        .unwrap();
    assert_eq!(vp.value, "0");
    // 5.91: Naval Bases marked; 8.1: commanders with their Strategic Rating.
    assert!(tyre.cities[0].marks.iter().any(|m| m == "Naval Base"));
    let alexander = mac
        .forces
        .iter()
        .flat_map(|f| &f.leaders)
        .find(|l| l.name.starts_with("Alexander"))
        .unwrap();
    assert_eq!(alexander.rating, "5");
    // 3.4, 13.0: only the cities the rules use, none of The Romans' three.
    let cities: Vec<&str> = v
        .map
        .places
        .iter()
        .flat_map(|p| &p.cities)
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(cities.len(), s.pack.places.cities.len());
    for gone in ["Antioch", "Pergamum", "Lysimachae"] {
        assert!(!cities.contains(&gone), "{gone}");
    }
    // 21.14: Egypt's points need Gaza too.
    let mut s = s;
    control(&mut s, "Pelusium", "macedonian");
    let vp = |s: &legatus::games::conquerors::macedonians::state::State| {
        Macedonians
            .view(s, None)
            .tracks
            .iter()
            .find(|t| t.side.as_deref() == Some("macedonian"))
            .unwrap()
            .value
            .clone()
    };
    assert_eq!(vp(&s), "0", "Egypt without Gaza");
    control(&mut s, "Gaza", "macedonian");
    assert_eq!(vp(&s), "11", "Egypt 6 and Gaza 5");
}

#[test]
fn macedonians_template_lists_only_accepted_moves_with_costs() {
    let mut s = campaign();
    let t = Macedonians.template(&s, "persian");
    assert!(t.contains("to 1611 Celaenae: 3 MP, path: [\"1111\", \"1210\", \"1311\", \"1411\", \"1511\", \"1611\"]"), "{t}");
    assert!(
        t.contains("petines: Petines at 1010, rating 1: the same stack and moves as niphates"),
        "{t}"
    );
    // 18.1: Garrison units never move, so no stack offered lists one.
    assert!(
        !t.lines()
            .filter(|l| l.contains("with him:"))
            .any(|l| l.contains("garrison-")),
        "{t}"
    );
    // Every listed move is accepted as an order.
    let path = "[\"1111\", \"1210\", \"1311\", \"1411\", \"1511\", \"1611\"]";
    go(
        &mut s,
        &format!("{{commander: niphates, with: {LYDIANS}, path: {path}}}"),
    )
    .unwrap();
    assert!(Macedonians
        .template(&campaign(), "macedonian")
        .contains("nothing for the Macedonian to order now"));
}

// ---------------------------------------------------------------- 5.27: the Terrain Effects Chart

#[test]
fn macedonians_5_27_terrain_effects_chart() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    let at = |s: &mut legatus::games::conquerors::macedonians::state::State, hex: &str| {
        put(s, "atizyes", hex);
        put(s, "phrygian-cavalry-1", hex);
    };
    let mv = |to: &str| {
        format!("{{commander: atizyes, with: [phrygian-cavalry-1], path: [\"{to}\"], royal_road: false}}")
    };
    // River hexside +1 (clear 1): 2 MP.
    at(&mut s, "3714");
    let ev = go(&mut s.clone(), &mv("3814")).unwrap();
    assert!(
        texts(&ev).contains("3714 → 3814 (2 MP of 30 MP)"),
        "{}",
        texts(&ev)
    );
    // Desert 2 MP.
    at(&mut s, "2929");
    let ev = go(&mut s.clone(), &mv("2930")).unwrap();
    assert!(
        texts(&ev).contains("2929 → 2930 (2 MP of 30 MP)"),
        "{}",
        texts(&ev)
    );
    // Impassable mountain hexside.
    at(&mut s, "2214");
    let why = refused(go(&mut s.clone(), &mv("2315")), "Macedonians [5.32]");
    assert!(why.contains("mountain"), "{why}");
    // An all-sea hex only by naval transport.
    at(&mut s, "0409");
    let why = refused(go(&mut s.clone(), &mv("0309")), "Macedonians [5.32]");
    assert!(
        why.contains("naval transport (Macedonians [12.1])"),
        "{why}"
    );
    // 5.24: never off the map.
    at(&mut s, "0134");
    let why = refused(go(&mut s, &mv("0135")), "Macedonians [5.24]");
    assert!(why.contains("off the map"), "{why}");
}

#[test]
fn macedonians_5_61_enemy_units_inside_a_city_do_not_hinder_movement() {
    // Celaenae's Persian Garrison is inside its city: a Macedonian Force passes through.
    let mut s = macedonian_turn();
    clear(&mut s, "persian");
    let a = campaign();
    s.units.insert(
        "garrison-celaenae".into(),
        a.units["garrison-celaenae"].clone(),
    );
    control(&mut s, "Ancyra", "macedonian");
    put(&mut s, "parmenion", "1511");
    put(&mut s, "phalanx-coenus", "1511");
    let ev = go(&mut s, "{commander: parmenion, with: [phalanx-coenus], path: [\"1611\", \"1612\"], royal_road: false}").unwrap();
    assert!(texts(&ev).contains("1511 → 1611 → 1612"), "{}", texts(&ev));
}

#[test]
fn macedonians_5_56_the_macedonian_gains_the_gates_and_6_12_no_zone_reaches_into_them() {
    // Arsamenes' Force at Tarsus (16 SSP outside the city) has a zone over 2811 but not over
    // the Gates (6.12): Parmenion from 2811 into 2912 is not exposed, pays 6 MP (5.51), and
    // takes the Gates; the Cilician Garrison Phase is over for good (5.56).
    let mut s = macedonian_turn();
    s.units.remove("garrison-cilician-gates");
    control(&mut s, "Mazaka", "macedonian");
    put(&mut s, "parmenion", "2811");
    put(&mut s, "phalanx-coenus", "2811");
    let ev = go(
        &mut s,
        "{commander: parmenion, with: [phalanx-coenus], path: [\"2912\"]}",
    )
    .unwrap();
    let t = texts(&ev);
    assert!(t.contains("2811 → 2912 (6 MP of 30 MP)"), "{t}");
    assert!(t.contains("the Cilician Gates (2912) pass to the macedonian: the Cilician Garrison Phase and its Table are over"), "{t}");
    assert_eq!(s.gates, "macedonian");
    assert!(s.gates_gained);
}

#[test]
fn macedonians_6_51_a_force_of_10_ssp_or_less_does_not_intercept() {
    let mut s = macedonian_turn();
    clear(&mut s, "persian");
    let a = campaign();
    for id in [
        "arsamenes",
        "median-cavalry-1",
        "median-cavalry-2",
        "median-cavalry-3",
        "median-cavalry-4",
        "bactrian-cavalry-1",
    ] {
        if let Some(u) = a.units.get(id) {
            s.units.insert(id.into(), u.clone());
        } else {
            s.commanders.insert(id.into(), a.commanders[id].clone());
        }
        put(&mut s, id, "3315");
    }
    // 10 SSP: no Zone of Interception; 2913 may be entered.
    put(&mut s, "parmenion", "2912");
    put(&mut s, "phalanx-coenus", "2912");
    go(
        &mut s,
        "{commander: parmenion, with: [phalanx-coenus], path: [\"2913\"]}",
    )
    .unwrap();
}

#[test]
fn macedonians_6_57_no_interception_in_a_marsh_hex() {
    // Pharnabazus' Force at Pelusium (the 31 SSP of mercenaries aboard his galleys) has a zone
    // over the Nile marsh 2133 and the plain 2134.
    let mut s = macedonian_turn();
    control(&mut s, "Pelusium", "persian");
    put(&mut s, "parmenion", "2032");
    put(&mut s, "phalanx-coenus", "2032");
    let marsh = texts(
        &go(
            &mut s.clone(),
            "{commander: parmenion, with: [phalanx-coenus], path: [\"2133\"]}",
        )
        .unwrap(),
    );
    assert!(!marsh.contains("intercept"), "{marsh}");
    let why = texts(
        &go(
            &mut s,
            "{commander: parmenion, with: [phalanx-coenus], path: [\"2133\", \"2134\"]}",
        )
        .unwrap(),
    );
    assert!(
        why.contains(
            "intercepting with Pharnabazus's Force at 2233 as the move enters 2134 (Zone-1)"
        ),
        "{why}"
    );
}

#[test]
fn macedonians_7_47_the_guard_serves_darius_who_keeps_20_ssp() {
    let mut s = campaign();
    clear(&mut s, "macedonian");
    let at = legatus::games::conquerors::force::Position {
        map: "macedonians".into(),
        hex: "5826".into(),
        inside: false,
    };
    let darius = legatus::games::conquerors::force::Commander {
        side: "persian".into(),
        nation: "persian".into(),
        counter: Some("darius".into()),
        pool: None,
        office: None,
        at: at.clone(),
    };
    s.commanders.insert("darius".into(), darius);
    let mut bessus = s.commanders["atizyes"].clone();
    bessus.counter = Some("bessus".into());
    bessus.at = at.clone();
    s.commanders.insert("bessus".into(), bessus);
    for (id, ssp) in [
        ("royal-guard-hoplites-1", 3),
        ("royal-guard-hoplites-2", 3),
        ("royal-guard-hoplites-3", 3),
        ("royal-guard-hoplites-4", 3),
        ("royal-guard-hoplites-5", 3),
        ("royal-guard-cavalry-1", 2),
        ("royal-guard-cavalry-2", 2),
        ("royal-guard-cavalry-3", 2),
    ] {
        let d = &s.pack.counters.units[id];
        s.units.insert(
            id.into(),
            legatus::games::conquerors::force::LandUnit {
                side: "persian".into(),
                nation: d.nation.clone(),
                kind: d.kind.clone(),
                label: Some(d.name.clone()),
                ssp,
                full_ssp: ssp,
                cavalry_ssp: 0,
                at: at.clone(),
            },
        );
    }
    s.phase_start = legatus::games::conquerors::macedonians::sequence::positions(&s);
    let why = refused(
        go(
            &mut s.clone(),
            "{commander: bessus, with: [royal-guard-hoplites-1], path: [\"5825\"]}",
        ),
        "Macedonians [7.47]",
    );
    assert!(why.contains("only Darius commands"), "{why}");
    // 21 SSP: leaving one 3-SSP unit behind brings him under 20.
    let all = "[royal-guard-hoplites-1, royal-guard-hoplites-2, royal-guard-hoplites-3, royal-guard-hoplites-4, royal-guard-hoplites-5, royal-guard-cavalry-1, royal-guard-cavalry-2, royal-guard-cavalry-3]";
    let why = refused(go(&mut s.clone(), &format!("{{commander: darius, with: {all}, path: [\"5825\", \"5824\"], drop_off: {{\"5825\": [royal-guard-hoplites-1]}}}}")), "Macedonians [7.47]");
    assert!(
        why.contains("under 20 SSP (18 would stay with him)"),
        "{why}"
    );
    go(
        &mut s,
        &format!("{{commander: darius, with: {all}, path: [\"5825\"]}}"),
    )
    .unwrap();
}

#[test]
fn macedonians_options_are_refused_until_built() {
    let r = Macedonians;
    let data = r.load_scenario("campaign-334", &[]).unwrap();
    let e = r
        .setup("campaign-334", &data, &["spartan-revolt".into()])
        .unwrap_err();
    assert!(
        e.0.contains("Macedonians [22]") && e.0.contains("not built yet"),
        "{e}"
    );
    assert!(r.options().iter().any(|o| o.name == "memnon-lives"));
}
