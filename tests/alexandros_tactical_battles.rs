//! Whole Alexandros battles fought from battle plans with seeded dice (Alexandros 10.2–10.20),
//! and the equivalence of plans with orders sent step by step. Each test takes the first seed
//! below a bound that produces the situation, then checks the rules on that battle.

mod tactical_common;

use legatus::games::alexandros::data::counters::Side;
use legatus::games::alexandros::data::Pack;
use legatus::games::alexandros::tactical::plan::{orders_for, When};
use legatus::games::alexandros::tactical::{Battle, BattleOrders, BattlePlan, BattleSetup};
use legatus::protocol::dice::Dice;
use legatus::ruleset::RuleError;
use tactical_common::*;

fn granicus_fight(s: u32) -> Fought {
    let p = pack();
    let mac = aggressive(granicus_macedonian_setup());
    let per = aggressive(granicus_persian_setup());
    fight(&p, granicus(&p), &[], &mac, &per, s)
}

/// Attack from the Center only; any other box only when the attack is compulsory.
fn cautious(setup: BattleOrders) -> BattlePlan {
    let mut v = vec![attack("Center", None, When::Always)];
    for mut r in every_attack() {
        r.when = When::IfNoAttackYet;
        v.push(r);
    }
    BattlePlan {
        setup: Some(setup),
        attack_from: v,
        ..BattlePlan::default()
    }
}

fn small_battle(p: &Pack) -> (BattleSetup, BattleOrders, BattleOrders) {
    let mac_units = [
        "greek-allied-infantry-1",
        "greek-allied-infantry-2",
        "greek-allied-infantry-3",
        "illyrian-light-infantry",
    ];
    let per_units = [
        "greek-mercenaries-3",
        "persian-infantry-01",
        "persian-infantry-02",
        "persian-infantry-03",
    ];
    let boxes = ["Center", "Right", "Left", "Reserve"];
    (
        BattleSetup {
            province: "Syria".into(),
            macedonian: force(p, Side::Macedonian, &mac_units, &["Parmenio"]),
            persian: force(p, Side::Persian, &per_units, &["Mazaeus"]),
            first_battle: false,
        },
        placements(&mac_units, &boxes, &[(0, "Parmenio")]),
        placements(&per_units, &boxes, &[(0, "Mazaeus")]),
    )
}

#[test]
fn alexandros_10_19_nightfall_draw_after_ten_rounds_without_pursuit() {
    let p = pack();
    let (setup, mo, po) = small_battle(&p);
    let (mac, per) = (cautious(mo), cautious(po));
    let (_, f) = find(
        400,
        |s| fight(&p, setup.clone(), &[], &mac, &per, s),
        |f| f.battle.result().map(|r| r.nightfall).unwrap_or(false),
    );
    let r = f.battle.result().unwrap();
    assert_eq!(r.winner, None);
    assert_eq!(r.loser_must_retreat, None);
    assert!(
        f.rolls.iter().all(|x| x.rule != "Alexandros 10.20"),
        "no pursuit at nightfall"
    );
    assert_eq!(f.orders.len(), 2 + 20, "two set-ups and twenty half-rounds");
    assert!(has_event(&f, "nightfall"));
}

#[test]
fn alexandros_10_19_breakthrough_routs_the_enemy_army() {
    let p = pack();
    // A Persian army too big to be routed quickly; the Macedonians go for the camp.
    let per_units = [
        "royal-guard",
        "persian-infantry-01",
        "persian-infantry-02",
        "persian-levy-02",
        "persian-infantry-03",
        "persian-infantry-04",
        "persian-infantry-05",
        "persian-infantry-06",
        "persian-levy-03",
        "persian-levy-04",
    ];
    let boxes = [
        "Center", "Right", "Left", "Reserve", "Center", "Center", "Left", "Right", "Left", "Right",
    ];
    let setup = BattleSetup {
        province: "Cilicia".into(),
        macedonian: granicus(&p).macedonian,
        persian: force(&p, Side::Persian, &per_units, &["Mazaeus"]),
        first_battle: false,
    };
    let mac = aggressive(granicus_macedonian_setup());
    let mut per = cautious(placements(&per_units, &boxes, &[(0, "Mazaeus")]));
    per.defensive_fire = legatus::games::alexandros::tactical::FirePolicy::Always;
    let (_, f) = find(
        300,
        |s| fight(&p, setup.clone(), &[], &mac, &per, s),
        |f| has_event(f, "Breakthrough"),
    );
    let r = f.battle.result().unwrap();
    assert_eq!(r.winner, Some(Side::Macedonian));
    assert_eq!(r.loser_must_retreat, Some(Side::Persian));
    assert!(has_event(&f, "the persian army routs"));
    let camp = legatus::games::alexandros::tactical::Place::new(Side::Persian, "Reserve");
    assert!(
        f.battle.units_at(Side::Macedonian, &camp).len()
            >= p.board.rules.breakthrough_units as usize
    );
}

#[test]
fn alexandros_10_19_death_of_persian_commander_routs_his_army() {
    let (_, f) = find(100, granicus_fight, |f| {
        f.battle
            .result()
            .map(|r| r.leaders_killed.contains(&"Memnon".to_string()))
            .unwrap_or(false)
    });
    let r = f.battle.result().unwrap();
    assert_eq!(r.winner, Some(Side::Macedonian));
    assert!(has_event(
        &f,
        "Memnon, commander of the persian army, is lost"
    ));
    assert!(has_event(&f, "the persian army routs"));
    assert_eq!(r.loser_must_retreat, Some(Side::Persian));
    assert!(!r.darius_routed_or_lost, "Darius was not there");
}

#[test]
fn alexandros_10_19_darius_routed_or_lost() {
    let p = pack();
    let per_units = [
        "kinsmen",
        "royal-guard",
        "greek-mercenaries-3",
        "persian-cavalry-05",
        "persian-infantry-01",
        "persian-infantry-02",
    ];
    let boxes = ["Center", "Right", "Left", "Reserve", "Center", "Center"];
    let setup = BattleSetup {
        province: "Cilicia".into(),
        macedonian: granicus(&p).macedonian,
        persian: force(&p, Side::Persian, &per_units, &["Darius", "Mazaeus"]),
        first_battle: false,
    };
    let mac = aggressive(granicus_macedonian_setup());
    let per = aggressive(placements(
        &per_units,
        &boxes,
        &[(0, "Darius"), (1, "Mazaeus")],
    ));
    let (_, f) = find(
        100,
        |s| fight(&p, setup.clone(), &[], &mac, &per, s),
        |f| {
            f.battle
                .result()
                .map(|r| r.darius_routed_or_lost)
                .unwrap_or(false)
        },
    );
    let r = f.battle.result().unwrap();
    assert_eq!(r.winner, Some(Side::Macedonian));
    assert_eq!(
        f.battle.commanders.get(&Side::Persian).map(String::as_str),
        Some("Darius")
    );
    // Darius never rallies a unit (10.18).
    assert!(!f
        .events
        .iter()
        .any(|e| e.text.contains("with Darius tries to rally")));
}

#[test]
fn alexandros_10_19_alexander_killed_ends_the_game() {
    let (_, f) = find(200, granicus_fight, |f| {
        f.battle
            .result()
            .map(|r| r.alexander_killed)
            .unwrap_or(false)
    });
    let r = f.battle.result().unwrap();
    assert_eq!(r.winner, Some(Side::Persian));
    assert!(r.leaders_killed.contains(&"Alexander".to_string()));
    assert_eq!(r.loser_must_retreat, None, "the game is over");
    assert!(has_event(&f, "Alexander rolls KIA, then 1"));
    assert!(
        f.rolls.iter().all(|x| x.rule != "Alexandros 10.20"),
        "no pursuit"
    );
}

#[test]
fn alexandros_10_17_alexander_kia_reroll_in_battle() {
    let (_, f) = find(300, granicus_fight, |f| has_event(f, "wounded instead"));
    assert!(f
        .rolls
        .iter()
        .any(|x| x.rule == "Alexandros 10.17" && x.value > 1));
    let alex = f.battle.leader("Alexander").unwrap();
    assert!(alex.wounded);
    assert!(!f.battle.result().unwrap().alexander_killed);
    assert!(f
        .battle
        .result()
        .unwrap()
        .leaders_wounded
        .contains(&"Alexander".to_string()));
}

#[test]
fn alexandros_10_18_rally_with_porus_in_battle() {
    let p = pack();
    let per_units = [
        "indian-elephants-1",
        "indian-infantry-05",
        "indian-infantry-06",
        "indian-archers-1",
        "indian-elephants-2",
        "indian-chariots",
        "indian-infantry-07",
        "indian-infantry-08",
        "indian-archers-2",
        "indian-cavalry",
    ];
    let boxes = [
        "Center", "Right", "Left", "Reserve", "Center", "Center", "Left", "Right", "Center",
        "Reserve",
    ];
    let setup = BattleSetup {
        province: "Upper India".into(),
        macedonian: granicus(&p).macedonian,
        persian: force(&p, Side::Persian, &per_units, &["Porus"]),
        first_battle: false,
    };
    let mac = aggressive(granicus_macedonian_setup());
    let per = aggressive(placements(&per_units, &boxes, &[(0, "Porus")]));
    let (_, f) = find(
        300,
        |s| fight(&p, setup.clone(), &[], &mac, &per, s),
        |f| has_event(f, "rallies automatically with Porus"),
    );
    assert!(
        !f.rolls
            .iter()
            .any(|x| x.rule == "Alexandros 10.18" && x.purpose.contains("Porus")),
        "no die for Porus"
    );
}

#[test]
fn alexandros_10_20_pursuit_by_light_infantry_cannot_touch_cavalry() {
    let p = pack();
    let (_, f) = find(100, granicus_fight, |f| {
        has_event(
            f,
            "(light infantry) cannot pursue: only routed cavalry remain",
        )
    });
    // Every unit destroyed right after a light-infantry pursuit roll is not cavalry.
    let li = [
        "thracian-light-infantry",
        "illyrian-light-infantry",
        "agrianians",
    ];
    let mut by_li = false;
    for e in &f.events {
        if e.text.contains(" pursues: roll") {
            by_li = li.iter().any(|x| e.text.starts_with(x));
        } else if by_li && e.text.ends_with("is destroyed in the pursuit") {
            let id = e.text.split(' ').next().unwrap();
            assert!(
                !p.unit(id).unwrap().kind.is_cavalry(),
                "{id} destroyed by light infantry"
            );
        }
    }
    let r = f.battle.result().unwrap();
    assert_eq!(r.winner, Some(Side::Macedonian));
}

/// A battle fought from plans and the same battle fought with the plans' choices sent as
/// orders, step by step (through YAML, without plans), give the same result and rolls.
#[test]
fn alexandros_plan_and_orders_give_identical_battles() {
    let p = pack();
    for s in [0u32, 1, 5, 14] {
        let a = granicus_fight(s);
        let mut b = Battle::new(&p, granicus(&p), &[]);
        let mut dice = Dice::from_seed(seed(s));
        for (side, o) in &a.orders {
            let yaml = serde_saphyr::to_string(o).expect("orders serialise");
            let back: BattleOrders = serde_saphyr::from_str(&yaml).expect("orders parse");
            assert_eq!(&back, o);
            b.apply(&p, *side, &back, None, &mut dice).unwrap();
        }
        assert!(b.pending().is_none());
        assert_eq!(b.result(), a.battle.result(), "seed {s}");
        assert_eq!(dice.into_rolls(), a.rolls, "seed {s}");
    }
}

/// Every order a plan produces is checked completely before a die is drawn: with dice that
/// refuse to roll, `apply` never reports an illegal order (Alexandros 10.2; engine contract).
#[test]
fn alexandros_plan_orders_validate_before_dice() {
    let p = pack();
    let mac = aggressive(granicus_macedonian_setup());
    let per = aggressive(granicus_persian_setup());
    let mut b = Battle::new(&p, granicus(&p), &[]);
    let mut dice = Dice::from_seed(seed(3));
    while let Some((side, _, _, _)) = b.pending() {
        let plan = if side == Side::Macedonian { &mac } else { &per };
        let o = orders_for(&b, &p, side, plan).expect("covered");
        match b.clone().apply(&p, side, &o, None, &mut Dice::deferred()) {
            Ok(_) | Err(RuleError::Dice(_)) => {}
            Err(e) => panic!("{e}"),
        }
        b.apply(&p, side, &o, None, &mut dice).unwrap();
    }
}

#[test]
fn alexandros_plan_ask_me_suspends() {
    let p = pack();
    let mut plan = aggressive(granicus_persian_setup());
    plan.ask_me = vec![legatus::games::alexandros::tactical::plan::AskMe::Setup];
    let b = Battle::new(&p, granicus(&p), &[]);
    assert!(orders_for(&b, &p, Side::Persian, &plan).is_none());
    let plan: BattlePlan = serde_saphyr::from_str(
        "rally: all_leaders\ndefensive_fire: always\nattack_from:\n  - {box: Center, when: {every_duel_at_least: \"1:1\"}}\nmove:\n  - {from: Reserve, to: LeftOutflank, units: cavalry, when: target_empty}\nask_me: [reserve_commitment]\n",
    )
    .expect("plan YAML");
    assert_eq!(plan.attack_from.len(), 1);
    let bad: Result<BattlePlan, _> = serde_saphyr::from_str("attack_from: []\nretreat: now\n");
    assert!(bad.is_err(), "unknown fields are refused");
}

#[test]
fn alexandros_10_19_elimination_of_one_side_then_pursuit() {
    let (_, f) = find(100, granicus_fight, |f| {
        has_event(f, "has no unit left in the field")
    });
    let r = f.battle.result().unwrap();
    assert_eq!(r.winner, Some(Side::Macedonian));
    assert!(
        f.rolls.iter().any(|x| x.rule == "Alexandros 10.20"),
        "pursuit follows"
    );
    assert!(f
        .battle
        .units
        .iter()
        .filter(|u| u.side == Side::Persian)
        .all(|u| u.place.name == "Routed"));
}

#[test]
fn alexandros_orders_and_plan_have_json_schemas() {
    let o = serde_json::to_value(schemars::schema_for!(BattleOrders)).unwrap();
    let p = serde_json::to_value(schemars::schema_for!(BattlePlan)).unwrap();
    assert!(o.to_string().contains("placements") && o.to_string().contains("attacks"));
    assert!(p.to_string().contains("attack_from") && p.to_string().contains("ask_me"));
}

/// The battle state is part of the game state: it round-trips through canonical JSON.
#[test]
fn alexandros_battle_state_round_trips_through_json() {
    let f = granicus_fight(3);
    let v = legatus::protocol::canonical::to_value(&f.battle).expect("no floats");
    let back: Battle = serde_json::from_value(v).expect("parse back");
    assert_eq!(back, f.battle);
    // Mid-battle too.
    let p = pack();
    let b = granicus_battle_mid(&p);
    let v = serde_json::to_value(&b).unwrap();
    assert_eq!(serde_json::from_value::<Battle>(v).unwrap(), b);
}

fn granicus_battle_mid(p: &Pack) -> Battle {
    let mut b = granicus_battle(p);
    let o = orders_for(
        &b,
        p,
        Side::Macedonian,
        &aggressive(granicus_macedonian_setup()),
    )
    .unwrap();
    b.apply(p, Side::Macedonian, &o, None, &mut Dice::from_seed(seed(4)))
        .unwrap();
    b
}

#[test]
fn alexandros_plan_reserve_commitment_asks_the_player() {
    let p = pack();
    let mut plan = aggressive(granicus_macedonian_setup());
    plan.ask_me = vec![legatus::games::alexandros::tactical::plan::AskMe::ReserveCommitment];
    let per = aggressive(granicus_persian_setup());
    let mut asked = false;
    for s in 0..20 {
        let mut b = granicus_battle(&p);
        let mut dice = Dice::from_seed(seed(s));
        // Round 1: only the Center attacks, nothing leaves the Reserve.
        let o = orders_for(&b, &p, Side::Macedonian, &plan).expect("round 1 is covered");
        b.apply(&p, Side::Macedonian, &o, None, &mut dice).unwrap();
        if b.pending().map(|x| x.0) != Some(Side::Persian) {
            continue;
        }
        let o = orders_for(&b, &p, Side::Persian, &per).unwrap();
        b.apply(&p, Side::Persian, &o, None, &mut dice).unwrap();
        if b.pending().map(|x| x.0) != Some(Side::Macedonian) {
            continue;
        }
        // Round 2: the plan would move cavalry out of the Reserve: ask the player.
        assert!(orders_for(&b, &p, Side::Macedonian, &plan).is_none());
        asked = true;
        break;
    }
    assert!(asked);
}
