//! Alexandros Tactical Display: the decisions the rules give a player (issue 11) — which
//! leader of a box takes part (10.16), leader moves (10.7, 10.16), refilling the first line
//! (10.6), the Reserve's four defenders (10.5), where a leader whose unit is destroyed goes
//! (10.12 AL) — each his order or standing choice, a default only when he said nothing, and
//! reported as one; the side each roll is for (10.11, 10.13, 10.18, 10.20); the report saying
//! why the rules override a stated preference (issue 12).

mod tactical_common;

use legatus::games::alexandros::data::counters::Side;
use legatus::games::alexandros::data::Pack;
use legatus::games::alexandros::tactical::{
    Attack, Battle, BattleOrders, BattlePlan, Duel, LeaderMove, LineChange, Phase, Place,
};
use legatus::protocol::dice::Dice;
use legatus::ruleset::{Event, RuleError};
use tactical_common::*;

fn illegal(r: Result<Vec<Event>, RuleError>) -> String {
    match r {
        Err(RuleError::Illegal { rule, reason, .. }) => format!("{rule}: {reason}"),
        Err(e) => panic!("expected an illegal order, got {e}"),
        Ok(_) => panic!("expected an illegal order, it was accepted"),
    }
}

fn at_round(p: &Pack, b: &mut Battle, n: u8) {
    b.start_round(p, n);
    b.phase = Phase::Round(n, Side::Macedonian);
}

fn attack(from: &str, leader: Option<&str>, duels: &[(&str, &str)]) -> Attack {
    Attack {
        from: from.into(),
        into: None,
        duels: duels
            .iter()
            .map(|(a, d)| Duel {
                attacker: a.to_string(),
                defender: d.to_string(),
            })
            .collect(),
        leader: leader.map(String::from),
    }
}

fn texts(ev: &[Event]) -> String {
    ev.iter()
        .map(|e| e.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Granicus in round 2 with Parmenio moved to phalanx-3 in the Macedonian Center, beside
/// Alexander with the Hetairoi (a leader move of the movement phase, 10.16).
fn two_leaders_in_center(p: &Pack) -> Battle {
    let mut b = granicus_battle(p);
    at_round(p, &mut b, 2);
    let o = BattleOrders {
        leaders: vec![LeaderMove {
            leader: "Parmenio".into(),
            unit: Some("phalanx-3".into()),
            to: None,
        }],
        attacks: vec![attack("Right", None, &[])],
        ..BattleOrders::default()
    };
    let ev = b
        .apply(p, Side::Macedonian, &o, None, &mut Dice::from_seed(seed(1)))
        .expect("leader move");
    assert!(
        texts(&ev).contains("Parmenio joins phalanx-3 in macedonian Center"),
        "{}",
        texts(&ev)
    );
    at_round(p, &mut b, 3);
    b
}

#[test]
fn alexandros_10_16_owner_chooses_leader() {
    let p = pack();
    // The attack names Parmenio: he, not the higher-rated Alexander, takes part for the box.
    let mut b = two_leaders_in_center(&p);
    let o = BattleOrders {
        attacks: vec![attack("Center", Some("Parmenio"), &[])],
        ..BattleOrders::default()
    };
    let ev = b
        .apply(
            &p,
            Side::Macedonian,
            &o,
            None,
            &mut Dice::from_seed(seed(3)),
        )
        .unwrap();
    let t = texts(&ev);
    assert!(
        t.contains(
            "Parmenio takes part for macedonian Center this round (the macedonian player's order)"
        ),
        "{t}"
    );
    assert_eq!(
        b.box_leader
            .get("macedonian|macedonian|Center")
            .map(String::as_str),
        Some("Parmenio")
    );
    // Hetairoi fight without Alexander's rating: 10.16, one leader per box.
    let hetairoi = ev
        .iter()
        .find(|e| e.text.starts_with("hetairoi ("))
        .map(|e| e.text.clone())
        .unwrap_or_default();
    let base = p.unit("hetairoi").unwrap().full().attack;
    assert!(
        hetairoi.is_empty() || hetairoi.starts_with(&format!("hetairoi ({base})")),
        "{hetairoi}"
    );
    // Phalanx-3 fights with Parmenio's rating added.
    let ph = ev
        .iter()
        .find(|e| e.text.starts_with("phalanx-3 ("))
        .map(|e| e.text.clone());
    if let Some(ph) = ph {
        let with = p.unit("phalanx-3").unwrap().full().attack + 3;
        assert!(ph.starts_with(&format!("phalanx-3 ({with})")), "{ph}");
    }

    // Nothing said: the highest-rated takes part, reported as a default.
    let mut b = two_leaders_in_center(&p);
    let ev = b
        .apply(
            &p,
            Side::Macedonian,
            &BattleOrders {
                attacks: vec![attack("Center", None, &[])],
                ..BattleOrders::default()
            },
            None,
            &mut Dice::from_seed(seed(3)),
        )
        .unwrap();
    assert!(
        texts(&ev).contains("Alexander takes part for macedonian Center this round (default: the highest-rated; the macedonian player named none)"),
        "{}",
        texts(&ev)
    );

    // The standing leaders_first decides when the attack names nobody.
    let mut b = two_leaders_in_center(&p);
    let ev = b
        .apply(
            &p,
            Side::Macedonian,
            &BattleOrders {
                attacks: vec![attack("Center", None, &[])],
                leaders_first: vec!["Parmenio".into()],
                ..BattleOrders::default()
            },
            None,
            &mut Dice::from_seed(seed(3)),
        )
        .unwrap();
    assert!(
        texts(&ev).contains("Parmenio takes part for macedonian Center this round (the macedonian player's leaders_first)"),
        "{}",
        texts(&ev)
    );

    // A leader not in the box is refused before any die, naming those who are.
    let mut b = two_leaders_in_center(&p);
    let e = illegal(b.apply(
        &p,
        Side::Macedonian,
        &BattleOrders {
            attacks: vec![attack("Right", Some("Alexander"), &[])],
            ..BattleOrders::default()
        },
        None,
        &mut Dice::deferred(),
    ));
    assert!(
        e.contains("10.16") && e.contains("not stacked with a unit of macedonian Right"),
        "{e}"
    );
}

#[test]
fn alexandros_10_16_every_stacked_leader_rolls_for_casualty() {
    let p = pack();
    // Alexander takes part for the Center; when phalanx-3 (with Parmenio, not taking part)
    // suffers a loss or a rout, Parmenio still rolls on the Leader Casualty Table.
    let (_, ev) = (0..300)
        .find_map(|s| {
            let mut b = two_leaders_in_center(&p);
            let o = BattleOrders {
                attacks: vec![attack("Center", Some("Alexander"), &[])],
                ..BattleOrders::default()
            };
            let ev = b
                .apply(
                    &p,
                    Side::Macedonian,
                    &o,
                    None,
                    &mut Dice::from_seed(seed(s)),
                )
                .unwrap();
            let t = texts(&ev);
            (t.contains("phalanx-3 loses a step") || t.contains("phalanx-3 routs"))
                .then_some((s, t))
        })
        .expect("a seed where phalanx-3 suffers a result");
    let hit = ev
        .find("phalanx-3 loses a step")
        .or_else(|| ev.find("phalanx-3 routs"))
        .unwrap();
    assert!(
        ev.contains("Parmenio rolls"),
        "Parmenio, stacked with phalanx-3, must roll (10.16):\n{ev}"
    );
    let _ = hit;
}

#[test]
fn alexandros_10_16_lone_leader_may_move() {
    let p = pack();
    let mut b = granicus_battle(&p);
    // Round 1: no move between boxes (10.8), said in plain words.
    let e = illegal(b.clone().apply(
        &p,
        Side::Macedonian,
        &BattleOrders {
            leaders: vec![LeaderMove {
                leader: "Parmenio".into(),
                unit: None,
                to: Some("Reserve".into()),
            }],
            attacks: vec![attack("Right", None, &[])],
            ..BattleOrders::default()
        },
        None,
        &mut Dice::deferred(),
    ));
    assert!(e.contains("10.8"), "{e}");
    // The template says where each leader may go.
    at_round(&p, &mut b, 2);
    let t = b.order_template(&p, Side::Macedonian);
    assert!(t.contains("Parmenio (in Right): join (unit:)"), "{t}");
    assert!(t.contains("go alone (to:)"), "{t}");
    // Round 2: Parmenio leaves his unit and goes alone to the Reserve…
    let o = BattleOrders {
        leaders: vec![LeaderMove {
            leader: "Parmenio".into(),
            unit: None,
            to: Some("Reserve".into()),
        }],
        attacks: vec![attack("Center", None, &[])],
        ..BattleOrders::default()
    };
    let ev = b
        .apply(
            &p,
            Side::Macedonian,
            &o,
            None,
            &mut Dice::from_seed(seed(2)),
        )
        .unwrap();
    assert!(
        texts(&ev).contains("Parmenio moves alone to macedonian Reserve"),
        "{}",
        texts(&ev)
    );
    let l = b.leader("Parmenio").unwrap();
    assert_eq!(l.with, None);
    assert_eq!(l.place, Place::new(Side::Macedonian, "Reserve"));
    // …and in round 3 joins a leaderless unit there.
    at_round(&p, &mut b, 3);
    let o = BattleOrders {
        leaders: vec![LeaderMove {
            leader: "Parmenio".into(),
            unit: Some("thessalians".into()),
            to: None,
        }],
        attacks: vec![attack("Center", None, &[])],
        ..BattleOrders::default()
    };
    b.apply(
        &p,
        Side::Macedonian,
        &o,
        None,
        &mut Dice::from_seed(seed(2)),
    )
    .unwrap();
    assert_eq!(
        b.leader("Parmenio").unwrap().with.as_deref(),
        Some("thessalians")
    );
    // A unit already led is refused (10.7).
    at_round(&p, &mut b, 4);
    let e = illegal(b.clone().apply(
        &p,
        Side::Macedonian,
        &BattleOrders {
            leaders: vec![LeaderMove {
                leader: "Parmenio".into(),
                unit: Some("hetairoi".into()),
                to: None,
            }],
            attacks: vec![attack("Center", None, &[])],
            ..BattleOrders::default()
        },
        None,
        &mut Dice::deferred(),
    ));
    assert!(
        e.contains("10.7") && e.contains("already has a leader"),
        "{e}"
    );
}

/// Granicus with the Persian Center's two last units in its second line: only
/// greek-mercenaries-1 stands in the first line.
fn thin_persian_center(p: &Pack) -> Battle {
    let mut per = granicus_persian_setup();
    for pl in per.placements.iter_mut().skip(4) {
        pl.line = Some("second".into());
    }
    let mut b = Battle::new(p, granicus(p), &[]);
    let mut d = Dice::deferred();
    b.apply(p, Side::Persian, &per, None, &mut d).unwrap();
    b.apply(
        p,
        Side::Macedonian,
        &granicus_macedonian_setup(),
        None,
        &mut d,
    )
    .unwrap();
    b
}

#[test]
fn alexandros_10_6_owner_chooses_who_refills_the_first_line() {
    let p = pack();
    let plan = BattlePlan {
        refill: vec!["persian-cavalry-04".into()],
        ..BattlePlan::default()
    };
    let center = || BattleOrders {
        attacks: vec![attack("Center", None, &[])],
        ..BattleOrders::default()
    };
    // A seed where greek-mercenaries-1 leaves the first line (routed or destroyed).
    let emptied =
        |ev: &str| ev.contains("steps forward into the emptied first line of persian Center");
    let (s, t) = (0..400)
        .find_map(|s| {
            let mut b = thin_persian_center(&p);
            let ev = b
                .apply(
                    &p,
                    Side::Macedonian,
                    &center(),
                    Some(&plan),
                    &mut Dice::from_seed(seed(s)),
                )
                .unwrap();
            let t = texts(&ev);
            emptied(&t).then_some((s, t))
        })
        .expect("a seed that empties the Persian first line");
    // The Persian's standing refill order, from his plan, decides (10.6).
    assert!(
        t.contains("persian-cavalry-04 steps forward into the emptied first line of persian Center (the persian player's refill order)"),
        "{t}"
    );
    // Without it: the strongest in defence, reported as a default.
    let mut b = thin_persian_center(&p);
    let t = texts(
        &b.apply(
            &p,
            Side::Macedonian,
            &center(),
            None,
            &mut Dice::from_seed(seed(s)),
        )
        .unwrap(),
    );
    assert!(
        t.contains("greek-mercenaries-2 steps forward into the emptied first line of persian Center (default: the strongest in defence; the persian player named none)"),
        "{t}"
    );
}

#[test]
fn alexandros_10_5_owner_chooses_the_four_reserve_defenders() {
    let p = pack();
    let run = |plan: Option<&BattlePlan>| -> String {
        let mut b = granicus_battle(&p);
        // Five Persian units in the Persian Reserve, and Macedonian units that advanced into
        // the Persian Center (10.9) and now attack the Reserve behind it (10.4).
        for id in [
            "greek-mercenaries-1",
            "greek-mercenaries-2",
            "persian-cavalry-04",
            "persian-cavalry-01",
        ] {
            b.units.iter_mut().find(|u| u.id == id).unwrap().place =
                Place::new(Side::Persian, "Reserve");
        }
        for id in ["phalanx-3", "phalanx-4", "hypaspistoi", "hetairoi"] {
            let u = b.units.iter_mut().find(|u| u.id == id).unwrap();
            u.place = Place::new(Side::Persian, "Center");
        }
        for l in b.leaders.iter_mut() {
            if l.name == "Memnon" {
                l.with = Some("persian-cavalry-03".into());
            }
        }
        at_round(&p, &mut b, 2);
        let o = BattleOrders {
            attacks: vec![Attack {
                from: "enemy Center".into(),
                into: Some("enemy Reserve".into()),
                duels: vec![],
                leader: None,
            }],
            ..BattleOrders::default()
        };
        texts(
            &b.apply(
                &p,
                Side::Macedonian,
                &o,
                plan,
                &mut Dice::from_seed(seed(5)),
            )
            .unwrap(),
        )
    };
    let plan = BattlePlan {
        reserve_defenders: vec![
            "persian-cavalry-01".into(),
            "persian-cavalry-03".into(),
            "persian-cavalry-04".into(),
            "greek-mercenaries-1".into(),
        ],
        ..BattlePlan::default()
    };
    let t = run(Some(&plan));
    assert!(
        t.contains("persian Reserve engages persian-cavalry-01, persian-cavalry-03, persian-cavalry-04, greek-mercenaries-1 (the persian player's reserve_defenders)"),
        "{t}"
    );
    assert!(!t.contains("vs greek-mercenaries-2"), "{t}");
    let t = run(None);
    assert!(
        t.contains("(default: the strongest in defence; the persian player named none)"),
        "{t}"
    );
}

#[test]
fn alexandros_10_10_overridden_duel_says_why() {
    let p = pack();
    let mut b = granicus_battle(&p);
    // Only the Hetairoi and the Hypaspists stay in the Macedonian first line; the Hetairoi
    // ask for the Persian cavalry, but two attackers must take on the two strongest of the
    // three defenders (10.10).
    let o = BattleOrders {
        lines: ["phalanx-3", "phalanx-4"]
            .iter()
            .map(|u| LineChange {
                unit: u.to_string(),
                to: "second".into(),
            })
            .collect(),
        attacks: vec![attack(
            "Center",
            None,
            &[("hetairoi", "persian-cavalry-04")],
        )],
        ..BattleOrders::default()
    };
    let t = texts(
        &b.apply(
            &p,
            Side::Macedonian,
            &o,
            None,
            &mut Dice::from_seed(seed(1)),
        )
        .unwrap(),
    );
    assert!(
        t.contains("hetairoi against persian-cavalry-04 asked, not fought: with 2 attacker(s) the rules make this attack take on greek-mercenaries-"),
        "{t}"
    );
}

#[test]
fn alexandros_10_11_rolls_name_the_side_they_are_for() {
    let p = pack();
    let f = fight(
        &p,
        granicus(&p),
        &[],
        &aggressive(granicus_macedonian_setup()),
        &aggressive(granicus_persian_setup()),
        7,
    );
    assert!(!f.rolls.is_empty());
    for r in &f.rolls {
        assert!(r.side.is_some(), "roll without a side: {r:?}");
        if r.rule == "Alexandros 10.11" {
            // combat A vs D: the attacker's roll.
            let a = r
                .purpose
                .trim_start_matches("combat ")
                .split(" vs ")
                .next()
                .unwrap();
            let side = p.unit(a).map(|u| u.side).unwrap();
            // Greek mercenaries fight for the Persian here.
            let want = if side == Side::Macedonian {
                "macedonian"
            } else {
                "persian"
            };
            assert_eq!(r.side.as_deref(), Some(want), "{r:?}");
        }
    }
    let sides: std::collections::BTreeSet<_> =
        f.rolls.iter().filter_map(|r| r.side.clone()).collect();
    assert!(sides.contains("persian") && sides.contains("macedonian"));
}

#[test]
fn alexandros_10_18_rallied_units_may_attack() {
    let p = pack();
    // Memnon's greek-mercenaries-1 routed with him; the Persian Center is held by Macedonian
    // units that advanced into it. In the Persian half-round the unit rallies to the Reserve
    // and attacks from it in the same round: 10.18 sets no bar (unlike an advance, 10.9).
    let (_, t) = (0..200)
        .find_map(|s| {
            let mut b = granicus_battle(&p);
            for id in [
                "greek-mercenaries-1",
                "greek-mercenaries-2",
                "persian-cavalry-04",
            ] {
                b.units.iter_mut().find(|u| u.id == id).unwrap().place =
                    Place::new(Side::Persian, "Routed");
            }
            for id in ["phalanx-3", "phalanx-4"] {
                b.units.iter_mut().find(|u| u.id == id).unwrap().place =
                    Place::new(Side::Persian, "Center");
            }
            at_round(&p, &mut b, 2);
            b.phase = Phase::Round(2, Side::Persian);
            let o = BattleOrders {
                rally: vec!["greek-mercenaries-1".into()],
                attacks: vec![Attack {
                    from: "Reserve".into(),
                    into: Some("Center".into()),
                    duels: vec![],
                    leader: None,
                }],
                ..BattleOrders::default()
            };
            let t = texts(
                &b.apply(&p, Side::Persian, &o, None, &mut Dice::from_seed(seed(s)))
                    .unwrap(),
            );
            t.contains("rallied").then_some((s, t))
        })
        .expect("a seed where the rally succeeds");
    assert!(
        t.contains("greek-mercenaries-1 and Memnon return to the persian Reserve"),
        "{t}"
    );
    assert!(
        t.contains("greek-mercenaries-1 ("),
        "the rallied unit attacks:\n{t}"
    );
}

#[test]
fn alexandros_10_20_pursuit_may_be_declined() {
    let p = pack();
    let mut b = granicus_battle(&p);
    // The Macedonian's orders say he will not pursue (10.20: the winner "may").
    let o = BattleOrders {
        attacks: vec![attack("Right", None, &[])],
        pursue: Some(false),
        ..BattleOrders::default()
    };
    b.apply(
        &p,
        Side::Macedonian,
        &o,
        None,
        &mut Dice::from_seed(seed(0)),
    )
    .unwrap();
    for u in b.units.iter_mut().filter(|u| u.side == Side::Persian) {
        u.place = Place::new(Side::Persian, "Routed");
    }
    let before = b.eliminated.len();
    let mut d = Dice::from_seed(seed(0));
    let mut ev = Vec::new();
    b.finish(
        &p,
        legatus::games::alexandros::tactical::end::End::Elimination {
            loser: Side::Persian,
        },
        &mut d,
        &mut ev,
    )
    .unwrap();
    assert!(
        texts(&ev).contains("the macedonian decline to pursue"),
        "{}",
        texts(&ev)
    );
    assert!(d.rolls().iter().all(|r| r.rule != "Alexandros 10.20"));
    assert_eq!(b.result().unwrap().eliminated.len(), before);
}

#[test]
fn alexandros_10_18_template_offers_only_legal_rallies() {
    let p = pack();
    let mut s = granicus(&p);
    s.persian = force(
        &p,
        Side::Persian,
        &[
            "indian-infantry-05",
            "indian-infantry-06",
            "indian-infantry-07",
            "indian-cavalry",
        ],
        &["Porus"],
    );
    let mut b = Battle::new(&p, s, &[]);
    let o = tactical_common::placements(
        &[
            "indian-infantry-05",
            "indian-infantry-06",
            "indian-infantry-07",
            "indian-cavalry",
        ],
        &["Center", "Right", "Left", "Reserve"],
        &[(0, "Porus")],
    );
    let mut d = Dice::deferred();
    b.apply(&p, Side::Persian, &o, None, &mut d).unwrap();
    b.apply(
        &p,
        Side::Macedonian,
        &granicus_macedonian_setup(),
        None,
        &mut d,
    )
    .unwrap();
    // Porus' unit routed with him: it rallies without an order, and the template says so
    // instead of offering a roll (10.18).
    b.units
        .iter_mut()
        .find(|u| u.id == "indian-infantry-05")
        .unwrap()
        .place = Place::new(Side::Persian, "Routed");
    at_round(&p, &mut b, 2);
    b.phase = Phase::Round(2, Side::Persian);
    let t = b.order_template(&p, Side::Persian);
    assert!(
        t.contains("rally automatically with Porus, no order needed (10.18): indian-infantry-05"),
        "{t}"
    );
    assert!(t.contains("none of your units may try to rally"), "{t}");
}

/// The Granicus, round 2, Persian half-round: Memnon's greek-mercenaries-1 routed with him,
/// and Macedonian units hold both the Persian Center and the Persian Reserve. Plays the
/// Persian rally with `rally_into` until a seed where it succeeds; returns the events' text.
fn rally_with_reserve_held(p: &Pack, rally_into: &[&str]) -> String {
    (0..200)
        .find_map(|s| {
            let mut b = granicus_battle(p);
            for id in [
                "greek-mercenaries-1",
                "greek-mercenaries-2",
                "persian-cavalry-04",
            ] {
                b.units.iter_mut().find(|u| u.id == id).unwrap().place =
                    Place::new(Side::Persian, "Routed");
            }
            for id in ["phalanx-3", "phalanx-4"] {
                b.units.iter_mut().find(|u| u.id == id).unwrap().place =
                    Place::new(Side::Persian, "Center");
            }
            // The Persian Reserve emptied (its units routed), then taken by phalanx-5.
            for u in b.units.iter_mut() {
                if u.place == Place::new(Side::Persian, "Reserve") {
                    u.place = Place::new(Side::Persian, "Routed");
                }
            }
            b.units
                .iter_mut()
                .find(|u| u.id == "phalanx-5")
                .unwrap()
                .place = Place::new(Side::Persian, "Reserve");
            at_round(p, &mut b, 2);
            b.phase = Phase::Round(2, Side::Persian);
            let o = BattleOrders {
                rally: vec!["greek-mercenaries-1".into()],
                rally_into: rally_into.iter().map(|x| x.to_string()).collect(),
                ..BattleOrders::default()
            };
            // Some own box must attack (10.10): the first that may.
            let t = ["Left", "Right", "Center", "Reserve"]
                .iter()
                .find_map(|from| {
                    let o = BattleOrders {
                        attacks: vec![attack(from, None, &[])],
                        ..o.clone()
                    };
                    b.clone()
                        .apply(p, Side::Persian, &o, None, &mut Dice::from_seed(seed(s)))
                        .ok()
                        .map(|ev| texts(&ev))
                })?;
            t.contains("rallied").then_some(t)
        })
        .expect("a seed where the rally succeeds")
}

#[test]
fn alexandros_10_18_owner_chooses_the_box_when_the_reserve_is_enemy_held() {
    let p = pack();
    // Said nothing: the first own box that takes it, reported as a default.
    let t = rally_with_reserve_held(&p, &[]);
    assert!(t.contains("no rally_into box"), "{t}");
    assert!(!t.contains("return to the persian Reserve"), "{t}");
    assert!(!t.contains("return to the persian Center"), "{t}");
    let default_box = t
        .split("greek-mercenaries-1 and Memnon return to the persian ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("{t}"))
        .to_string();
    // Named: the box the owner wants, when it is his and takes the unit.
    let other = if default_box == "Left" {
        "Right"
    } else {
        "Left"
    };
    let t = rally_with_reserve_held(&p, &[other]);
    assert!(
        t.contains(&format!(
            "greek-mercenaries-1 and Memnon return to the persian {other}"
        )),
        "{t}"
    );
    assert!(!t.contains("no rally_into box"), "{t}");
    // A name that is no box a rallied unit may take is refused before any die.
    let mut b = granicus_battle(&p);
    at_round(&p, &mut b, 2);
    b.phase = Phase::Round(2, Side::Persian);
    let o = BattleOrders {
        rally_into: vec!["Routed".into()],
        attacks: vec![attack("Left", None, &[])],
        ..BattleOrders::default()
    };
    let why = illegal(b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred()));
    assert!(
        why.contains("Alexandros 10.18") && why.contains("Center, Left"),
        "{why}"
    );
}
