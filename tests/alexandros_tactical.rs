//! Alexandros Tactical Display (Alexandros 9.3, 10): one test per checklist item that can be
//! tested in isolation, named after its section; whole battles are in
//! `alexandros_tactical_battles.rs`.

mod tactical_common;

use legatus::games::alexandros::data::counters::Side;
use legatus::games::alexandros::tactical::combat::odds_column;
use legatus::games::alexandros::tactical::end::End;
use legatus::games::alexandros::tactical::evasion::attempt_evasion;
use legatus::games::alexandros::tactical::leaders::Column;
use legatus::games::alexandros::tactical::missile::missile_hits;
use legatus::games::alexandros::tactical::{
    Advance, Attack, Battle, BattleOrders, Engagement, Fate, LineChange, Phase, Place,
};
use legatus::protocol::dice::Dice;
use legatus::ruleset::RuleError;
use tactical_common::*;

fn illegal(r: Result<Vec<legatus::ruleset::Event>, RuleError>) -> String {
    match r {
        Err(RuleError::Illegal { rule, reason, .. }) => format!("{rule}: {reason}"),
        Err(e) => panic!("expected an illegal order, got {e}"),
        Ok(_) => panic!("expected an illegal order, it was accepted"),
    }
}

fn attacks(list: &[(&str, Option<&str>)]) -> BattleOrders {
    BattleOrders {
        attacks: list
            .iter()
            .map(|(f, i)| Attack {
                from: f.to_string(),
                into: i.map(String::from),
                duels: vec![],
                leader: None,
            })
            .collect(),
        ..BattleOrders::default()
    }
}

/// A seed whose first d6 rolls are `want`.
fn seed_rolling(want: &[u32]) -> [u8; 32] {
    for i in 0..100_000u32 {
        let mut d = Dice::from_seed(seed(i));
        if want.iter().all(|w| d.d6("probe", "probe").unwrap() == *w) {
            return seed(i);
        }
    }
    panic!("no seed rolls {want:?}");
}

fn place(b: &Battle, id: &str) -> Place {
    b.unit(id)
        .unwrap_or_else(|| panic!("no unit {id}"))
        .place
        .clone()
}

// ------------------------------------------------------------------ board (10.4, 10.5)

#[test]
fn alexandros_10_4_board_has_seven_boxes_and_arrows() {
    let p = pack();
    assert_eq!(p.board.boxes.len(), 7);
    for b in ["Left", "Center", "Right", "LeftOutflank", "RightOutflank"] {
        assert!(p.board.joined("Reserve", b), "Reserve joined to {b}");
    }
    assert_eq!(p.board.faces("Left"), Some("Right"));
    assert_eq!(p.board.faces("LeftOutflank"), Some("RightOutflank"));
    assert!(!p.board.joined("Left", "Right"));
    assert!(p.board.provenance.provisional.is_some());
}

#[test]
fn alexandros_10_5_box_capacities_come_from_the_pack() {
    let p = pack();
    let c = p.board.get("Center").unwrap();
    assert_eq!((c.first_line, c.second_line), (Some(4), Some(4)));
    assert_eq!(p.board.get("LeftOutflank").unwrap().capacity, Some(4));
    assert_eq!(p.board.get("Reserve").unwrap().engage, Some(4));
}

// ------------------------------------------------------------------ evasion (9.3)

#[test]
fn alexandros_9_3_evasion_rolls_by_side() {
    let p = pack();
    let mut d = Dice::from_seed(seed_rolling(&[3]));
    assert!(
        attempt_evasion(&p, Side::Macedonian, true, &mut d)
            .unwrap()
            .0,
        "3 evades for the Macedonian"
    );
    let mut d = Dice::from_seed(seed_rolling(&[3]));
    assert!(
        !attempt_evasion(&p, Side::Persian, true, &mut d).unwrap().0,
        "3 fails for the Persian"
    );
    let mut d = Dice::deferred();
    assert!(matches!(
        attempt_evasion(&p, Side::Persian, false, &mut d),
        Err(RuleError::Illegal { .. })
    ));
}

// ------------------------------------------------------------------ set-up (10.3)

#[test]
fn alexandros_10_3_persian_sets_up_first() {
    let p = pack();
    let mut b = Battle::new(&p, granicus(&p), &[]);
    let (side, step, _, _) = b.pending().unwrap();
    assert_eq!((side, step.as_str()), (Side::Persian, "persian-setup"));
    let e = illegal(b.apply(
        &p,
        Side::Macedonian,
        &granicus_macedonian_setup(),
        None,
        &mut Dice::deferred(),
    ));
    assert!(e.contains("10.2"), "{e}");
}

#[test]
fn alexandros_10_3_placement_order_center_right_left_reserve() {
    let p = pack();
    let mut b = Battle::new(&p, granicus(&p), &[]);
    let mut boxes = PER_BOXES;
    boxes.swap(1, 2); // unit 2 to Left, unit 3 to Right
    let o = placements(&PER_A, &boxes, &[(0, "Memnon")]);
    let e = illegal(b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("Right"), "{e}");
}

#[test]
fn alexandros_10_3_persian_leaders_by_rating() {
    let p = pack();
    let mut s = granicus(&p);
    s.persian.leaders.push(("Pharnabazus".into(), false));
    let mut b = Battle::new(&p, s.clone(), &[]);
    // Pharnabazus (2) with the first unit, Memnon (4) second: refused.
    let o = placements(&PER_A, &PER_BOXES, &[(0, "Pharnabazus"), (1, "Memnon")]);
    let e = illegal(b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("Memnon"), "{e}");
    let o = placements(&PER_A, &PER_BOXES, &[(0, "Memnon"), (1, "Pharnabazus")]);
    let mut b = Battle::new(&p, s, &[]);
    b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred())
        .unwrap();
}

#[test]
fn alexandros_10_3_macedonian_leaders_one_per_box_first() {
    let p = pack();
    let mut b = Battle::new(&p, granicus(&p), &[]);
    b.apply(
        &p,
        Side::Persian,
        &granicus_persian_setup(),
        None,
        &mut Dice::deferred(),
    )
    .unwrap();
    // Alexander and Parmenio both in the Center while Left, Right and Reserve have none.
    let o = placements(&MAC_I, &MAC_BOXES, &[(0, "Alexander"), (4, "Parmenio")]);
    let e = illegal(b.apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("second leader"), "{e}");
    // Any box for a Macedonian leader: Parmenio with unit 3 (Left) is fine.
    let o = placements(&MAC_I, &MAC_BOXES, &[(0, "Alexander"), (2, "Parmenio")]);
    b.apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred())
        .unwrap();
}

#[test]
fn alexandros_10_3_nothing_set_up_in_outflank_boxes() {
    let p = pack();
    let mut b = Battle::new(&p, granicus(&p), &[]);
    let mut boxes = PER_BOXES;
    boxes[5] = "LeftOutflank";
    let mut o = placements(&PER_A, &boxes, &[(0, "Memnon")]);
    o.placements.rotate_left(0);
    let e = illegal(b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("outflank") || e.contains("Center"), "{e}");
}

#[test]
fn alexandros_10_3_spartans_and_agis_in_the_right_box() {
    let p = pack();
    let mut s = granicus(&p);
    s.persian = force(
        &p,
        Side::Persian,
        &["persian-cavalry-01", "persian-cavalry-02", "spartans-1"],
        &["Agis"],
    );
    let mut b = Battle::new(&p, s.clone(), &[]);
    let o = placements(
        &["persian-cavalry-01", "persian-cavalry-02", "spartans-1"],
        &["Center", "Right", "Left"],
        &[(0, "Agis")],
    );
    let e = illegal(b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("Agis"), "{e}");
    let o = placements(
        &["persian-cavalry-01", "spartans-1", "persian-cavalry-02"],
        &["Center", "Right", "Left"],
        &[(1, "Agis")],
    );
    let mut b = Battle::new(&p, s, &[]);
    b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred())
        .unwrap();
}

#[test]
fn alexandros_10_5_first_line_holds_four_then_second_line() {
    let p = pack();
    let b = granicus_battle(&p);
    let center = Place::new(Side::Macedonian, "Center");
    assert_eq!(
        b.count_line(
            Side::Macedonian,
            &center,
            legatus::games::alexandros::tactical::Line::First
        ),
        4
    );
    assert_eq!(
        b.count_line(
            Side::Macedonian,
            &center,
            legatus::games::alexandros::tactical::Line::Second
        ),
        2
    );
}

#[test]
fn alexandros_10_7_persian_pair_needs_a_leader_and_fights_as_one() {
    let p = pack();
    let mut s = granicus(&p);
    s.persian = force(
        &p,
        Side::Persian,
        &[
            "persian-cavalry-01",
            "persian-cavalry-02",
            "persian-cavalry-03",
            "persian-cavalry-04",
        ],
        &["Memnon"],
    );
    let mut o = placements(
        &[
            "persian-cavalry-01",
            "persian-cavalry-03",
            "persian-cavalry-04",
        ],
        &["Center", "Right", "Left"],
        &[(0, "Memnon")],
    );
    o.pairs = vec![vec![
        "persian-cavalry-03".into(),
        "persian-cavalry-02".into(),
    ]];
    let mut b = Battle::new(&p, s.clone(), &[]);
    let e = illegal(b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("leader"), "{e}");
    o.pairs = vec![vec![
        "persian-cavalry-01".into(),
        "persian-cavalry-02".into(),
    ]];
    o.placements[1].unit = "persian-cavalry-03".into();
    let mut b = Battle::new(&p, s, &[]);
    b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred())
        .unwrap();
    let u = b.unit("persian-cavalry-01").unwrap();
    assert_eq!(u.steps, 2);
    let st = legatus::games::alexandros::tactical::board::strength(&p, u);
    assert_eq!((st.attack, st.defense), (6, 6));
    // A step loss removes one counter.
    let mut d = Dice::deferred();
    b.take_loss(&p, "persian-cavalry-01", None, &mut d, &mut vec![])
        .unwrap();
    assert_eq!(
        b.unit("persian-cavalry-01").unwrap().codes,
        vec!["persian-cavalry-01".to_string()]
    );
    assert!(b.eliminated.contains(&"persian-cavalry-02".to_string()));
}

// ------------------------------------------------------------------ movement (10.6–10.9)

#[test]
fn alexandros_10_8_no_tactical_move_in_round_one() {
    let p = pack();
    let mut b = granicus_battle(&p);
    let mut o = attacks(&[("Center", None)]);
    o.tactical_move = Some(Advance {
        units: vec!["prodromoi".into()],
        to: "LeftOutflank".into(),
    });
    let e = illegal(b.apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("10.8"), "{e}");
}

fn at_round(p: &legatus::games::alexandros::data::Pack, b: &mut Battle, n: u8) {
    b.start_round(p, n);
    b.phase = Phase::Round(n, Side::Macedonian);
}

#[test]
fn alexandros_10_8_tactical_move_may_not_empty_the_line() {
    let p = pack();
    let mut b = granicus_battle(&p);
    at_round(&p, &mut b, 2);
    // Persian Right (one unit) cannot be emptied; Macedonian Left has three.
    b.phase = Phase::Round(2, Side::Persian);
    let mut o = attacks(&[("Center", None)]);
    o.tactical_move = Some(Advance {
        units: vec!["persian-cavalry-01".into()],
        to: "RightOutflank".into(),
    });
    let e = illegal(
        b.clone()
            .apply(&p, Side::Persian, &o, None, &mut Dice::deferred()),
    );
    assert!(e.contains("empty"), "{e}");
    // Reserve may be emptied.
    o.tactical_move = Some(Advance {
        units: vec!["persian-cavalry-03".into()],
        to: "RightOutflank".into(),
    });
    assert!(matches!(
        b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred()),
        Err(RuleError::Dice(_))
    ));
}

#[test]
fn alexandros_10_8_two_units_at_most() {
    let p = pack();
    let mut b = granicus_battle(&p);
    at_round(&p, &mut b, 2);
    let mut o = attacks(&[("Center", None)]);
    o.tactical_move = Some(Advance {
        units: vec![
            "prodromoi".into(),
            "greek-allied-cavalry".into(),
            "thessalians".into(),
        ],
        to: "LeftOutflank".into(),
    });
    let e = illegal(b.apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("1 to 2"), "{e}");
}

#[test]
fn alexandros_10_5_outflank_only_cavalry_and_light_infantry() {
    let p = pack();
    let mut b = granicus_battle(&p);
    at_round(&p, &mut b, 2);
    let mut o = attacks(&[("Center", None)]);
    o.tactical_move = Some(Advance {
        units: vec!["phalanx-2".into()],
        to: "LeftOutflank".into(),
    });
    let e = illegal(
        b.clone()
            .apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()),
    );
    assert!(e.contains("outflank"), "{e}");
    o.tactical_move = Some(Advance {
        units: vec!["prodromoi".into(), "agrianians".into()],
        to: "LeftOutflank".into(),
    });
    assert!(matches!(
        b.apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()),
        Err(RuleError::Dice(_))
    ));
}

#[test]
fn alexandros_10_6_line_changes_are_free_and_first_line_never_empty() {
    let p = pack();
    let mut b = granicus_battle(&p);
    let mut o = attacks(&[("Left", None)]);
    o.lines = vec![LineChange {
        unit: "archers".into(),
        to: "first".into(),
    }];
    let e = illegal(
        b.clone()
            .apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()),
    );
    assert!(e.contains("10.5"), "five in the first line: {e}");
    o.lines = vec![
        LineChange {
            unit: "phalanx-4".into(),
            to: "second".into(),
        },
        LineChange {
            unit: "archers".into(),
            to: "first".into(),
        },
    ];
    // Free in round 1 (not the tactical move): accepted up to the dice.
    assert!(matches!(
        b.clone()
            .apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()),
        Err(RuleError::Dice(_))
    ));
    o.lines = vec![
        LineChange {
            unit: "phalanx-2".into(),
            to: "second".into(),
        },
        LineChange {
            unit: "phalanx-5".into(),
            to: "second".into(),
        },
        LineChange {
            unit: "greek-allied-infantry-1".into(),
            to: "second".into(),
        },
    ];
    let e = illegal(b.apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("first line"), "{e}");
}

/// The example of 10.9: three Macedonian heavy infantry advance into the vacant Persian Center
/// in round 3; they may not attack in round 3; Persian Left, Right and Reserve may attack
/// them in the Persian phase of round 3; they attack in round 4.
#[test]
fn alexandros_10_9_advance_example() {
    let p = pack();
    let mut b = granicus_battle(&p);
    // Persian Center cleared: its units moved to the Persian Reserve.
    for id in [
        "greek-mercenaries-1",
        "greek-mercenaries-2",
        "persian-cavalry-04",
    ] {
        b.units.iter_mut().find(|u| u.id == id).unwrap().place =
            Place::new(Side::Persian, "Reserve");
    }
    at_round(&p, &mut b, 3);
    let adv = Advance {
        units: vec!["phalanx-3".into(), "phalanx-4".into(), "hypaspistoi".into()],
        to: "enemy Center".into(),
    };
    let mut o = attacks(&[("enemy Center", Some("enemy Reserve"))]);
    o.advances = vec![adv.clone()];
    let e = illegal(
        b.clone()
            .apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()),
    );
    assert!(
        e.contains("may attack"),
        "advancing units may not attack: {e}"
    );
    let mut o = attacks(&[("Right", None)]);
    o.advances = vec![adv];
    b.apply(
        &p,
        Side::Macedonian,
        &o,
        None,
        &mut Dice::from_seed(seed(1)),
    )
    .unwrap();
    assert_eq!(place(&b, "phalanx-3"), Place::new(Side::Persian, "Center"));
    assert_eq!(b.pending().map(|x| x.0), Some(Side::Persian));
    {
        for from in ["Left", "Right", "Reserve"] {
            let o = attacks(&[(from, Some("Center"))]);
            let r = b
                .clone()
                .apply(&p, Side::Persian, &o, None, &mut Dice::deferred());
            assert!(
                matches!(r, Err(RuleError::Dice(_))),
                "Persian {from} may attack the advanced units: {r:?}"
            );
        }
        b.apply(
            &p,
            Side::Persian,
            &attacks(&[("Left", Some("Center"))]),
            None,
            &mut Dice::from_seed(seed(2)),
        )
        .unwrap();
    }
    if let Some((Side::Macedonian, step, _, _)) = b.pending() {
        assert_eq!(step, "round-4/macedonian");
        if b.unit("phalanx-3")
            .map(|u| u.place == Place::new(Side::Persian, "Center"))
            .unwrap_or(false)
        {
            let o = attacks(&[("enemy Center", Some("enemy Reserve"))]);
            assert!(matches!(
                b.apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()),
                Err(RuleError::Dice(_))
            ));
        }
    }
}

#[test]
fn alexandros_10_9_only_boxes_empty_at_the_start_of_the_round() {
    let p = pack();
    let mut b = granicus_battle(&p);
    at_round(&p, &mut b, 2);
    let mut o = attacks(&[("Center", None)]);
    o.advances = vec![Advance {
        units: vec!["phalanx-1".into()],
        to: "enemy Left".into(),
    }];
    let e = illegal(b.apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("10.9"), "{e}");
}

#[test]
fn alexandros_10_16_lone_leader_captured_by_an_advance() {
    let p = pack();
    let mut b = granicus_battle(&p);
    // Persian Left emptied, Memnon left alone there (not the only leader case: he commands).
    b.units.retain(|u| u.id != "persian-cavalry-02");
    let m = b.leaders.iter_mut().find(|l| l.name == "Memnon").unwrap();
    m.with = None;
    m.place = Place::new(Side::Persian, "Left");
    at_round(&p, &mut b, 2);
    let mut o = attacks(&[("Center", None)]);
    o.advances = vec![Advance {
        units: vec!["phalanx-1".into()],
        to: "enemy Left".into(),
    }];
    let ev = b
        .apply(
            &p,
            Side::Macedonian,
            &o,
            None,
            &mut Dice::from_seed(seed(0)),
        )
        .unwrap();
    assert!(
        ev.iter().any(|e| e.text.contains("Memnon, alone")),
        "{ev:?}"
    );
    let r = b.result().expect("commander captured: the battle ends");
    assert_eq!(r.leaders_captured, vec!["Memnon".to_string()]);
    assert_eq!(r.winner, Some(Side::Macedonian));
}

// ------------------------------------------------------------------ combat (10.10–10.15)

#[test]
fn alexandros_10_10_round_one_only_one_box_attacks() {
    let p = pack();
    let mut b = granicus_battle(&p);
    let e = illegal(b.clone().apply(
        &p,
        Side::Macedonian,
        &attacks(&[("Center", None), ("Left", None)]),
        None,
        &mut Dice::deferred(),
    ));
    assert!(e.contains("only one box"), "{e}");
    let e = illegal(b.apply(
        &p,
        Side::Macedonian,
        &attacks(&[]),
        None,
        &mut Dice::deferred(),
    ));
    assert!(e.contains("at least one box"), "{e}");
}

#[test]
fn alexandros_10_10_validates_before_the_first_die() {
    let p = pack();
    let mut b = granicus_battle(&p);
    let r = b.clone().apply(
        &p,
        Side::Macedonian,
        &attacks(&[("Center", None)]),
        None,
        &mut Dice::deferred(),
    );
    assert!(
        matches!(r, Err(RuleError::Dice(_))),
        "legal orders wait for the dice"
    );
    let r = b.apply(
        &p,
        Side::Macedonian,
        &attacks(&[("Reserve", Some("enemy Center"))]),
        None,
        &mut Dice::deferred(),
    );
    assert!(
        matches!(r, Err(RuleError::Illegal { .. })),
        "Reserve is not joined to the enemy Center"
    );
}

#[test]
fn alexandros_10_10_strongest_defenders_first() {
    let p = pack();
    let b = granicus_battle(&p);
    // Macedonian Left (3 first-line units) against the Persian Right (1 unit): one duel.
    let l = Place::new(Side::Macedonian, "Left");
    let r = Place::new(Side::Persian, "Right");
    let d = b.pair(&p, Side::Macedonian, &l, &r, &[]);
    assert_eq!(d.len(), 1);
    // Persian Center (3 units: mercenaries 5, 5 and cavalry 3) attacked by the Macedonian
    // archers alone would take the strongest: a mercenary.
    let mut b2 = b.clone();
    b2.units
        .retain(|u| u.place != Place::new(Side::Macedonian, "Center") || u.id == "archers");
    b2.units
        .iter_mut()
        .find(|u| u.id == "archers")
        .unwrap()
        .line = legatus::games::alexandros::tactical::Line::First;
    let c = Place::new(Side::Macedonian, "Center");
    let pc = Place::new(Side::Persian, "Center");
    let d = b2.pair(
        &p,
        Side::Macedonian,
        &c,
        &pc,
        &[("archers".into(), "persian-cavalry-04".into())],
    );
    assert_eq!(
        d,
        vec![("archers".to_string(), "greek-mercenaries-1".to_string())]
    );
    // More attackers than defenders: each defender attacked once.
    let d = b.pair(&p, Side::Persian, &pc, &c, &[]);
    assert_eq!(d.len(), 3);
}

#[test]
fn alexandros_10_10_cavalry_may_not_attack_elephants() {
    let p = pack();
    let mut s = granicus(&p);
    s.persian = force(
        &p,
        Side::Persian,
        &[
            "indian-elephants-1",
            "indian-infantry-05",
            "indian-elephants-2",
        ],
        &["Porus"],
    );
    let mut b = Battle::new(&p, s, &[]);
    let o = placements(
        &[
            "indian-infantry-05",
            "indian-elephants-1",
            "indian-elephants-2",
        ],
        &["Center", "Right", "Left"],
        &[(0, "Porus")],
    );
    b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred())
        .unwrap();
    let mut mo = granicus_macedonian_setup();
    mo.placements[2].unit = "thessalians".into();
    mo.placements[3].unit = "phalanx-2".into();
    b.apply(&p, Side::Macedonian, &mo, None, &mut Dice::deferred())
        .unwrap();
    // Macedonian Left: thessalians (cavalry) first line with phalanx-5, gai-1. Remove the foot.
    b.units
        .retain(|u| !(u.place == Place::new(Side::Macedonian, "Left") && u.id != "thessalians"));
    let e = illegal(b.apply(
        &p,
        Side::Macedonian,
        &attacks(&[("Left", None)]),
        None,
        &mut Dice::deferred(),
    ));
    assert!(e.contains("elephants"), "{e}");
}

#[test]
fn alexandros_10_11_odds_rounded_down_from_the_table_columns() {
    let p = pack();
    assert_eq!(odds_column(&p, 17, 5, 0), "3:1");
    assert_eq!(odds_column(&p, 4, 5, 0), "<1:1");
    assert_eq!(odds_column(&p, 60, 5, 0), "6:1");
    assert_eq!(
        odds_column(&p, 10, 5, 1),
        "3:1",
        "one column shift (10.15 optional)"
    );
}

#[test]
fn alexandros_10_12_engaged_box_must_attack_back() {
    let p = pack();
    let mut b = granicus_battle(&p);
    at_round(&p, &mut b, 2);
    b.engaged.push(Engagement {
        attacker: "persian-cavalry-02".into(),
        defender: "phalanx-2".into(),
        round: 1,
    });
    // Left must attack the Persian Right (where the former attacker stands).
    let e = illegal(b.clone().apply(
        &p,
        Side::Macedonian,
        &attacks(&[("Left", Some("enemy Center"))]),
        None,
        &mut Dice::deferred(),
    ));
    assert!(e.contains("engaged") || e.contains("joined"), "{e}");
    let checked = b
        .check_attacks(
            &p,
            2,
            Side::Macedonian,
            &attacks(&[("Center", None)]).attacks,
        )
        .unwrap();
    assert_eq!(
        checked[0].0,
        Place::new(Side::Macedonian, "Left"),
        "the return attack is added first"
    );
    let d = b.pair(&p, Side::Macedonian, &checked[0].0, &checked[0].1, &[]);
    assert_eq!(
        d[0],
        ("phalanx-2".to_string(), "persian-cavalry-02".to_string())
    );
}

/// 10.10 with 10.12: the only defender of the attacked box is engaged with a unit of the
/// attacking box (an Eng result of the last round). No free target is left, so the attack
/// line says so and names the engaged pair, instead of listing no duel at all.
#[test]
fn alexandros_10_12_engaged_defender_leaves_no_free_target() {
    let p = pack();
    let mut b = granicus_battle(&p);
    at_round(&p, &mut b, 2);
    let right = Place::new(Side::Macedonian, "Right");
    let mac_right: Vec<String> = b
        .units
        .iter()
        .filter(|u| u.place == right)
        .map(|u| u.id.clone())
        .collect();
    assert!(mac_right.len() >= 2, "{mac_right:?}");
    let left = Place::new(Side::Persian, "Left");
    let per_left: Vec<String> = b
        .units
        .iter()
        .filter(|u| u.place == left)
        .map(|u| u.id.clone())
        .collect();
    assert_eq!(per_left, vec!["persian-cavalry-02".to_string()]);
    b.engaged.push(Engagement {
        attacker: mac_right[0].clone(),
        defender: "persian-cavalry-02".into(),
        round: 1,
    });
    let ev = b
        .apply(
            &p,
            Side::Macedonian,
            &attacks(&[("Right", None)]),
            None,
            &mut Dice::from_seed(seed(1)),
        )
        .unwrap();
    let line = ev
        .iter()
        .find(|e| e.text.contains("Right attacks") && e.text.contains("Left"))
        .unwrap_or_else(|| panic!("no attack line: {ev:?}"));
    assert_eq!(line.rule, "Alexandros 10.10");
    assert!(line.text.contains("no free target"), "{}", line.text);
    assert!(
        line.text.contains(&format!(
            "persian-cavalry-02 is engaged with {}",
            mac_right[0]
        )),
        "{}",
        line.text
    );
    assert!(line.text.contains("10.12"), "{}", line.text);
    assert!(
        !ev.iter().any(|e| e.text.trim_end().ends_with(':')),
        "an attack line lists nothing: {ev:?}"
    );
}

#[test]
fn alexandros_10_15_later_attacks_reach_the_second_line() {
    let p = pack();
    let mut b = granicus_battle(&p);
    let c = Place::new(Side::Macedonian, "Center");
    let order = b.defender_order(&p, Side::Persian, &c);
    assert!(
        !order.contains(&"archers".to_string()),
        "second line not attacked from the front"
    );
    b.attacked.insert("hetairoi".into(), 1);
    let order = b.defender_order(&p, Side::Persian, &c);
    assert!(order.contains(&"archers".to_string()));
    // Not attacked yet first: first line, strongest first; then second line; hetairoi last.
    assert_eq!(order.first().map(String::as_str), Some("hypaspistoi"));
    assert_eq!(order.last().map(String::as_str), Some("hetairoi"));
    let arch = order.iter().position(|x| x == "archers").unwrap();
    let ph = order.iter().position(|x| x == "phalanx-3").unwrap();
    assert!(ph < arch);
}

/// The example of 10.13: the Indian 4-2 archers fire at the Hetairoi with Alexander; a 3
/// becomes 4 and hits (Alexander rolls for casualty); a 4 becomes 5 and misses.
#[test]
fn alexandros_10_13_archer_hits_on_roll_at_most_attack() {
    assert!(missile_hits(3, 4, true, 1));
    assert!(!missile_hits(4, 4, true, 1));
    assert!(missile_hits(4, 4, false, 1));
    let p = pack();
    assert_eq!(p.board.rules.missile_heavy_modifier, 1);
    for (roll, hit) in [(3u32, true), (4, false)] {
        let mut b = granicus_battle(&p);
        let mut arch = b.unit("greek-mercenaries-1").unwrap().clone();
        arch.id = "indian-archers-1".into();
        arch.codes = vec!["indian-archers-1".into()];
        arch.steps = 1;
        b.units.push(arch);
        let mut d = Dice::from_seed(seed_rolling(&[roll]));
        let mut ev = vec![];
        b.phase = Phase::Round(2, Side::Persian);
        b.duel(
            &p,
            "indian-archers-1",
            "hetairoi",
            &Place::new(Side::Persian, "Center"),
            &mut d,
            &mut ev,
        )
        .unwrap();
        let het = b.unit("hetairoi").unwrap();
        assert_eq!(het.steps, if hit { 3 } else { 4 }, "roll {roll}: {ev:?}");
        assert_eq!(d.rolls()[0].rule, "Alexandros 10.13");
        let alex_rolled = d.rolls().iter().any(|r| r.purpose.contains("Alexander"));
        assert_eq!(
            alex_rolled, hit,
            "Alexander rolls on the Leader Casualty Table only on a hit"
        );
    }
}

#[test]
fn alexandros_10_14_defensive_fire_before_the_attack() {
    let p = pack();
    let mut b = granicus_battle(&p);
    b.phase = Phase::Round(2, Side::Persian);
    let mut d = Dice::from_seed(seed(5));
    let mut ev = vec![];
    b.duel(
        &p,
        "greek-mercenaries-1",
        "archers",
        &Place::new(Side::Persian, "Center"),
        &mut d,
        &mut ev,
    )
    .unwrap();
    assert_eq!(d.rolls()[0].rule, "Alexandros 10.14", "{ev:?}");
    // An archer attacked by an archer does not fire back.
    let mut b = granicus_battle(&p);
    let mut arch = b.unit("greek-mercenaries-1").unwrap().clone();
    arch.id = "persian-archers-01".into();
    arch.codes = vec![arch.id.clone()];
    arch.steps = 1;
    b.units.push(arch);
    if p.unit("persian-archers-01").is_some() {
        b.phase = Phase::Round(2, Side::Persian);
        let mut d = Dice::from_seed(seed(5));
        b.duel(
            &p,
            "persian-archers-01",
            "archers",
            &Place::new(Side::Persian, "Center"),
            &mut d,
            &mut vec![],
        )
        .unwrap();
        assert!(d.rolls().iter().all(|r| r.rule != "Alexandros 10.14"));
    }
}

// ------------------------------------------------------------------ leaders (10.16, 10.17)

#[test]
fn alexandros_10_16_one_leader_per_box_per_round() {
    let p = pack();
    let mut b = granicus_battle(&p);
    // Parmenio joins phalanx-3 in the Center with Alexander.
    b.leaders
        .iter_mut()
        .find(|l| l.name == "Parmenio")
        .unwrap()
        .with = Some("phalanx-3".into());
    assert_eq!(
        b.participating_leader(&p, "phalanx-3", &mut vec![]),
        None,
        "Alexander (5) takes part for the Center"
    );
    assert_eq!(
        b.participating_leader(&p, "hetairoi", &mut vec![]),
        Some("Alexander".into())
    );
}

#[test]
fn alexandros_10_16_zero_leader_wia_is_kia() {
    let p = pack();
    let mut s = granicus(&p);
    s.persian.leaders = vec![("Memnon".into(), false), ("Persian 0".into(), false)];
    let mut b = Battle::new(&p, s, &[]);
    let mut o = granicus_persian_setup();
    o.placements[1].leader = Some("Persian 0".into());
    b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred())
        .unwrap();
    // Loss column: a 2 is WIA in the pack's table.
    let wia: Vec<String> = (1..=6)
        .filter(|r| p.table("leader-casualty").unwrap().roll(*r, "Loss") == Some("WIA"))
        .map(|r| r.to_string())
        .collect();
    let r: u32 = wia[0].parse().unwrap();
    let mut d = Dice::from_seed(seed_rolling(&[r]));
    let died = b
        .leader_casualty(&p, "Persian 0", Column::Loss, &mut d, &mut vec![])
        .unwrap();
    assert!(died);
    assert_eq!(b.leader("Persian 0").unwrap().fate, Fate::Killed);
    assert!(
        b.ending.is_none(),
        "not the commander: no further effect (10.16)"
    );
}

#[test]
fn alexandros_10_17_unit_with_alexander_ignores_rout() {
    let p = pack();
    let mut b = granicus_battle(&p);
    b.phase = Phase::Round(1, Side::Persian);
    let mut d = Dice::from_seed(seed_rolling(&[4]));
    b.rout(
        &p,
        "hetairoi",
        Some("Alexander".into()),
        &mut d,
        &mut vec![],
    )
    .unwrap();
    assert_eq!(
        place(&b, "hetairoi"),
        Place::new(Side::Macedonian, "Center")
    );
    assert!(d.rolls()[0].purpose.contains("Alexander (Rout)"));
    // Without Alexander the unit routs.
    b.rout(&p, "phalanx-1", None, &mut d, &mut vec![]).unwrap();
    assert_eq!(
        place(&b, "phalanx-1"),
        Place::new(Side::Macedonian, "Routed")
    );
}

#[test]
fn alexandros_10_17_kia_reroll_spares_alexander_unless_a_one() {
    let p = pack();
    let kia: u32 = (1..=6u8)
        .find(|r| p.table("leader-casualty").unwrap().roll(*r, "Loss") == Some("KIA"))
        .unwrap() as u32;
    let mut b = granicus_battle(&p);
    let mut d = Dice::from_seed(seed_rolling(&[kia, 2]));
    let mut ev = vec![];
    assert!(!b
        .leader_casualty(&p, "Alexander", Column::Loss, &mut d, &mut ev)
        .unwrap());
    assert!(b.leader("Alexander").unwrap().wounded);
    assert_eq!(d.rolls()[1].rule, "Alexandros 10.17");
    let mut b = granicus_battle(&p);
    let mut d = Dice::from_seed(seed_rolling(&[kia, 1]));
    assert!(b
        .leader_casualty(&p, "Alexander", Column::Loss, &mut d, &mut vec![])
        .unwrap());
    assert_eq!(b.ending, Some(End::AlexanderLost));
}

// ------------------------------------------------------------------ rally (10.18)

#[test]
fn alexandros_10_18_rally_with_porus_is_automatic() {
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
    let o = placements(
        &[
            "indian-infantry-05",
            "indian-infantry-06",
            "indian-infantry-07",
            "indian-cavalry",
        ],
        &["Center", "Right", "Left", "Reserve"],
        &[(0, "Porus")],
    );
    b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred())
        .unwrap();
    b.apply(
        &p,
        Side::Macedonian,
        &granicus_macedonian_setup(),
        None,
        &mut Dice::deferred(),
    )
    .unwrap();
    b.units
        .iter_mut()
        .find(|u| u.id == "indian-infantry-05")
        .unwrap()
        .place = Place::new(Side::Persian, "Routed");
    b.units
        .iter_mut()
        .find(|u| u.id == "indian-infantry-06")
        .unwrap()
        .place = Place::new(Side::Persian, "Center");
    at_round(&p, &mut b, 2);
    b.phase = Phase::Round(2, Side::Persian);
    let mut d = Dice::from_seed(seed(3));
    let ev = b
        .apply(
            &p,
            Side::Persian,
            &attacks(&[("Center", None)]),
            None,
            &mut d,
        )
        .unwrap();
    assert!(
        ev.iter()
            .any(|e| e.text.contains("rallies automatically with Porus")),
        "{ev:?}"
    );
    assert!(
        d.rolls().iter().all(|r| r.rule != "Alexandros 10.18"),
        "no rally roll"
    );
    let u = b.unit("indian-infantry-05");
    assert!(u.map(|u| u.place.name != "Routed").unwrap_or(true));
}

#[test]
fn alexandros_10_18_rally_roll_and_darius_may_not_rally() {
    let p = pack();
    let mut b = granicus_battle(&p);
    b.units
        .iter_mut()
        .find(|u| u.id == "phalanx-1")
        .unwrap()
        .place = Place::new(Side::Macedonian, "Routed");
    b.units
        .iter_mut()
        .find(|u| u.id == "phalanx-2")
        .unwrap()
        .place = Place::new(Side::Macedonian, "Routed");
    at_round(&p, &mut b, 2);
    // phalanx-2 routed without a leader: may not rally.
    let mut o = attacks(&[("Center", None)]);
    o.rally = vec!["phalanx-2".into()];
    let e = illegal(
        b.clone()
            .apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()),
    );
    assert!(e.contains("10.18"), "{e}");
    o.rally = vec!["phalanx-1".into()];
    let mut d = Dice::from_seed(seed_rolling(&[p.board.rules.rally_roll_max as u32]));
    b.apply(&p, Side::Macedonian, &o, None, &mut d).unwrap();
    assert_eq!(d.rolls()[0].rule, "Alexandros 10.18");
    assert_eq!(
        place(&b, "phalanx-1"),
        Place::new(Side::Macedonian, "Reserve")
    );
}

// ------------------------------------------------------------------ end and pursuit (10.19, 10.20)

#[test]
fn alexandros_10_19_death_of_a_persian_commander_routs_his_army() {
    let p = pack();
    let mut b = granicus_battle(&p);
    let mut ev = vec![];
    b.remove_leader("Memnon", Fate::Killed, &mut ev);
    assert_eq!(
        b.ending,
        Some(End::Commander {
            loser: Side::Persian
        })
    );
    assert!(b
        .units
        .iter()
        .filter(|u| u.side == Side::Persian)
        .all(|u| u.place.name == "Routed"));
}

#[test]
fn alexandros_10_20_light_infantry_cannot_pursue_cavalry() {
    let p = pack();
    let mut b = granicus_battle(&p);
    b.phase = Phase::Round(3, Side::Macedonian);
    // Only the Agrianians (light infantry) and the Persian cavalry routed: no pursuit roll.
    b.units.retain(|u| {
        u.side == Side::Persian && u.id.starts_with("persian-cavalry") || u.id == "agrianians"
    });
    for u in b.units.iter_mut().filter(|u| u.side == Side::Persian) {
        u.place = Place::new(Side::Persian, "Routed");
    }
    let mut d = Dice::from_seed(seed(0));
    let mut ev = vec![];
    b.finish(
        &p,
        End::Elimination {
            loser: Side::Persian,
        },
        &mut d,
        &mut ev,
    )
    .unwrap();
    assert!(d.rolls().is_empty(), "{ev:?}");
    assert!(ev.iter().any(|e| e.text.contains("cannot pursue")));
    let r = b.result().unwrap();
    assert!(r.eliminated.is_empty());
    assert_eq!(r.loser_must_retreat, Some(Side::Persian));
}

#[test]
fn alexandros_10_20_no_pursuit_at_nightfall() {
    let p = pack();
    let mut b = granicus_battle(&p);
    b.units
        .iter_mut()
        .find(|u| u.id == "persian-cavalry-01")
        .unwrap()
        .place = Place::new(Side::Persian, "Routed");
    let mut d = Dice::from_seed(seed(0));
    b.finish(&p, End::Nightfall, &mut d, &mut vec![]).unwrap();
    assert!(d.rolls().is_empty());
    let r = b.result().unwrap();
    assert!(r.nightfall && r.winner.is_none() && r.loser_must_retreat.is_none());
}

#[test]
fn alexandros_10_20_pursuit_destroys_routed_units_by_table() {
    let p = pack();
    for s in 0..20 {
        let mut b = granicus_battle(&p);
        // Only the two Greek mercenary units are left, both routed.
        b.units
            .retain(|u| u.side == Side::Macedonian || u.id.starts_with("greek-mercenaries"));
        for u in b.units.iter_mut().filter(|u| u.side == Side::Persian) {
            u.place = Place::new(Side::Persian, "Routed");
        }
        let mut d = Dice::from_seed(seed(s));
        b.finish(
            &p,
            End::Elimination {
                loser: Side::Persian,
            },
            &mut d,
            &mut vec![],
        )
        .unwrap();
        let t = p.table("pursuit").unwrap();
        let mut kills = 0usize;
        for r in d.rolls() {
            assert_eq!(r.rule, "Alexandros 10.20");
            let id = r.purpose.trim_start_matches("pursuit by ");
            let col = if p.unit(id).unwrap().kind.is_cavalry() {
                "cavalry"
            } else {
                "light-infantry"
            };
            kills += t
                .roll(r.value as u8, col)
                .unwrap()
                .parse::<usize>()
                .unwrap();
        }
        let res = b.result().unwrap();
        assert_eq!(res.eliminated.len(), kills.min(2), "seed {s}");
        // Cavalry pursue before light infantry; the rolls stop once no routed unit is left.
        let first = d
            .rolls()
            .first()
            .unwrap()
            .purpose
            .trim_start_matches("pursuit by ")
            .to_string();
        assert!(p.unit(&first).unwrap().kind.is_cavalry());
    }
}

// ------------------------------------------------------------------ more items

#[test]
fn alexandros_10_3_simultaneous_deployment_option_seals_set_up() {
    let p = pack();
    let b = Battle::new(&p, granicus(&p), &["simultaneous-deployment".to_string()]);
    assert_eq!(
        b.pending().unwrap().2,
        legatus::ruleset::PendingKind::Sealed
    );
    let b = Battle::new(&p, granicus(&p), &[]);
    assert_eq!(
        b.pending().unwrap().2,
        legatus::ruleset::PendingKind::Orders
    );
}

#[test]
fn alexandros_10_5_reserve_engages_four_at_most() {
    let p = pack();
    let b = granicus_battle(&p);
    let r = Place::new(Side::Macedonian, "Reserve");
    assert_eq!(b.units_at(Side::Macedonian, &r).len(), 6);
    assert_eq!(b.defender_order(&p, Side::Persian, &r).len(), 4);
}

#[test]
fn alexandros_10_9_four_units_at_most_per_advance() {
    let p = pack();
    let mut b = granicus_battle(&p);
    b.units.retain(|u| u.id != "persian-cavalry-03");
    at_round(&p, &mut b, 2);
    let mut o = attacks(&[("Center", None)]);
    o.advances = vec![Advance {
        units: [
            "thessalians",
            "prodromoi",
            "greek-allied-cavalry",
            "thracian-light-infantry",
            "agrianians",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
        to: "Center".into(),
    }];
    let e = illegal(b.apply(&p, Side::Macedonian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("10.9"), "{e}");
}

#[test]
fn alexandros_10_6_emptied_first_line_is_refilled() {
    let p = pack();
    let mut b = granicus_battle(&p);
    b.units.retain(|u| {
        !["hetairoi", "phalanx-3", "phalanx-4", "hypaspistoi"].contains(&u.id.as_str())
    });
    let ev = b.fill_first_lines(&p);
    assert_eq!(ev.len(), 1);
    let c = Place::new(Side::Macedonian, "Center");
    assert_eq!(
        b.count_line(
            Side::Macedonian,
            &c,
            legatus::games::alexandros::tactical::Line::First
        ),
        1
    );
    // The strongest defence steps forward: greek-allied-infantry-3 (4) before the archers (1).
    assert_eq!(
        b.unit("greek-allied-infantry-3").unwrap().line,
        legatus::games::alexandros::tactical::Line::First
    );
}

#[test]
fn alexandros_10_10_a_box_attacks_only_one_box() {
    let p = pack();
    let mut b = granicus_battle(&p);
    at_round(&p, &mut b, 2);
    let e = illegal(b.apply(
        &p,
        Side::Macedonian,
        &attacks(&[("Center", None), ("Center", Some("Left"))]),
        None,
        &mut Dice::deferred(),
    ));
    assert!(e.contains("only one box"), "{e}");
}

#[test]
fn alexandros_10_6_second_line_units_do_not_attack() {
    let p = pack();
    let b = granicus_battle(&p);
    let c = Place::new(Side::Macedonian, "Center");
    let att = b.eligible_attackers(&p, Side::Macedonian, &c, false);
    assert!(!att.contains(&"archers".to_string()));
    assert_eq!(att.len(), 4);
}

#[test]
fn alexandros_10_12_four_step_unit_steps_down_by_the_counter_sheet() {
    let p = pack();
    let mut b = granicus_battle(&p);
    let mut d = Dice::deferred();
    let full = p.unit("hetairoi").unwrap().steps.clone();
    for step in full.iter().skip(1) {
        b.take_loss(&p, "hetairoi", None, &mut d, &mut vec![])
            .unwrap();
        let st =
            legatus::games::alexandros::tactical::board::strength(&p, b.unit("hetairoi").unwrap());
        assert_eq!(&st, step);
    }
    b.take_loss(&p, "hetairoi", None, &mut d, &mut vec![])
        .unwrap();
    assert!(b.unit("hetairoi").is_none());
    assert_eq!(b.steps_lost.get("hetairoi"), Some(&(full.len() as u8)));
    // Alexander survives his unit and joins another unit of the Center.
    assert_eq!(b.leader("Alexander").unwrap().fate, Fate::Active);
    assert!(b.leader("Alexander").unwrap().with.is_some());
}

#[test]
fn alexandros_10_18_darius_may_not_rally() {
    let p = pack();
    let mut s = granicus(&p);
    s.persian.leaders = vec![("Darius".into(), false), ("Memnon".into(), false)];
    let mut b = Battle::new(&p, s, &[]);
    let o = placements(&PER_A, &PER_BOXES, &[(0, "Darius"), (1, "Memnon")]);
    b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred())
        .unwrap();
    b.apply(
        &p,
        Side::Macedonian,
        &granicus_macedonian_setup(),
        None,
        &mut Dice::deferred(),
    )
    .unwrap();
    b.units
        .iter_mut()
        .find(|u| u.id == "greek-mercenaries-1")
        .unwrap()
        .place = Place::new(Side::Persian, "Routed");
    at_round(&p, &mut b, 2);
    b.phase = Phase::Round(2, Side::Persian);
    let mut o = attacks(&[("Center", None)]);
    o.rally = vec!["greek-mercenaries-1".into()];
    let e = illegal(b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("Darius"), "{e}");
}

#[test]
fn alexandros_10_14_optional_light_infantry_fire_once_per_battle() {
    let p = pack();
    let mut b = Battle::new(
        &p,
        granicus(&p),
        &["light-infantry-defensive-fire".to_string()],
    );
    let mut d = Dice::deferred();
    b.apply(&p, Side::Persian, &granicus_persian_setup(), None, &mut d)
        .unwrap();
    b.apply(
        &p,
        Side::Macedonian,
        &granicus_macedonian_setup(),
        None,
        &mut d,
    )
    .unwrap();
    b.phase = Phase::Round(2, Side::Persian);
    let from = Place::new(Side::Persian, "Reserve");
    let mut d = Dice::from_seed(seed(9));
    b.duel(
        &p,
        "persian-cavalry-03",
        "agrianians",
        &from,
        &mut d,
        &mut vec![],
    )
    .unwrap();
    assert_eq!(
        d.rolls()[0].rule,
        "Alexandros 10.14",
        "light infantry fire first"
    );
    if b.unit("agrianians")
        .map(|u| u.place.name == "Reserve")
        .unwrap_or(false)
        && b.unit("persian-cavalry-03").is_some()
    {
        let mut d = Dice::from_seed(seed(9));
        b.duel(
            &p,
            "persian-cavalry-03",
            "agrianians",
            &from,
            &mut d,
            &mut vec![],
        )
        .unwrap();
        assert_ne!(
            d.rolls()[0].rule,
            "Alexandros 10.14",
            "only once per battle"
        );
    }
    // Without the option, no fire.
    let mut b = granicus_battle(&p);
    b.phase = Phase::Round(2, Side::Persian);
    let mut d = Dice::from_seed(seed(9));
    b.duel(
        &p,
        "persian-cavalry-03",
        "agrianians",
        &from,
        &mut d,
        &mut vec![],
    )
    .unwrap();
    assert_eq!(d.rolls()[0].rule, "Alexandros 10.11");
}

#[test]
fn alexandros_10_15_optional_flank_odds_shift() {
    let p = pack();
    let from = Place::new(Side::Persian, "Left");
    for (opt, col) in [(true, "1:1"), (false, "<1:1")] {
        let opts: Vec<String> = if opt {
            vec!["flank-odds-shift".into()]
        } else {
            vec![]
        };
        let mut b = Battle::new(&p, granicus(&p), &opts);
        let mut d = Dice::deferred();
        b.apply(&p, Side::Persian, &granicus_persian_setup(), None, &mut d)
            .unwrap();
        b.apply(
            &p,
            Side::Macedonian,
            &granicus_macedonian_setup(),
            None,
            &mut d,
        )
        .unwrap();
        b.phase = Phase::Round(2, Side::Persian);
        // phalanx-1 (8, with Parmenio 11) was attacked from the Persian Right first.
        b.attacked.insert("phalanx-2".into(), 1);
        b.attacked_from.insert(
            "phalanx-2".into(),
            ["persian Right".to_string()].into_iter().collect(),
        );
        let mut d = Dice::from_seed(seed(1));
        b.duel(
            &p,
            "persian-cavalry-02",
            "phalanx-2",
            &from,
            &mut d,
            &mut vec![],
        )
        .unwrap();
        assert!(
            d.rolls()[0].purpose.ends_with(&format!("at {col}")),
            "{:?}",
            d.rolls()[0]
        );
    }
}

#[test]
fn alexandros_10_20_survivors_retreat_friendly_then_contested_then_enemy() {
    use legatus::games::alexandros::tactical::retreat::{retreat_choices, Standing};
    let p = pack();
    let ionia = p.province("Ionia").unwrap();
    let neighbours: Vec<String> = ionia.borders.keys().cloned().collect();
    assert!(neighbours.len() >= 2);
    let friendly = neighbours[0].clone();
    let t = retreat_choices(
        &p,
        "Ionia",
        false,
        |n| {
            if n == friendly {
                Standing::Friendly
            } else {
                Standing::Enemy
            }
        },
        |_| true,
    );
    assert_eq!(t[0], vec![friendly.clone()]);
    let t = retreat_choices(
        &p,
        "Ionia",
        false,
        |_| Standing::Contested,
        |n| n != friendly,
    );
    assert!(!t[0].contains(&friendly));
}

#[test]
fn alexandros_10_3_spartan_rule_overrides_the_rating_order() {
    let p = pack();
    let mut s = granicus(&p);
    let units = [
        "persian-cavalry-01",
        "spartans-1",
        "persian-cavalry-02",
        "spartans-2",
    ];
    s.persian = force(
        &p,
        Side::Persian,
        &units,
        &["Memnon", "Pharnabazus", "Agis"],
    );
    // Memnon (4) with unit 1, Agis with the Spartans in the Right, Pharnabazus next (unit 3).
    let o = placements(
        &units,
        &["Center", "Right", "Left", "Reserve"],
        &[(0, "Memnon"), (1, "Agis"), (2, "Pharnabazus")],
    );
    let mut b = Battle::new(&p, s.clone(), &[]);
    b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred())
        .unwrap();
    let o = placements(
        &units,
        &["Center", "Right", "Left", "Reserve"],
        &[(0, "Memnon"), (1, "Agis"), (3, "Pharnabazus")],
    );
    let mut b = Battle::new(&p, s, &[]);
    let e = illegal(b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred()));
    assert!(e.contains("Pharnabazus"), "{e}");
}

#[test]
fn alexandros_10_7_pair_formed_in_the_movement_phase() {
    let p = pack();
    let mut b = granicus_battle(&p);
    // Persian Center: greek-mercenaries-1 (Memnon), greek-mercenaries-2, persian-cavalry-04;
    // bring persian-cavalry-03 from the Reserve next to persian-cavalry-04.
    b.units
        .iter_mut()
        .find(|u| u.id == "persian-cavalry-03")
        .unwrap()
        .place = Place::new(Side::Persian, "Center");
    at_round(&p, &mut b, 2);
    b.phase = Phase::Round(2, Side::Persian);
    let mut o = attacks(&[("Center", None)]);
    o.pairs = vec![vec![
        "persian-cavalry-04".into(),
        "greek-mercenaries-2".into(),
    ]];
    let e = illegal(
        b.clone()
            .apply(&p, Side::Persian, &o, None, &mut Dice::deferred()),
    );
    assert!(e.contains("10.7"), "{e}");
    o.pairs = vec![vec![
        "persian-cavalry-04".into(),
        "persian-cavalry-03".into(),
    ]];
    let mut w = b.clone();
    w.movement(&p, 2, Side::Persian, &o, &mut vec![]).unwrap();
    let u = w.unit("persian-cavalry-04").unwrap();
    assert_eq!((u.codes.len(), u.steps), (2, 2));
    assert!(w.unit("persian-cavalry-03").is_none());
    assert!(matches!(
        b.apply(&p, Side::Persian, &o, None, &mut Dice::deferred()),
        Err(RuleError::Dice(_))
    ));
}

#[test]
fn alexandros_10_2_order_template_lists_the_choices() {
    let p = pack();
    let b = Battle::new(&p, granicus(&p), &[]);
    let t = b.order_template(&p, Side::Persian);
    assert!(
        t.contains("persian-setup") && t.contains("greek-mercenaries-1") && t.contains("Memnon"),
        "{t}"
    );
    assert!(b.order_template(&p, Side::Macedonian).is_empty());
    let b = granicus_battle(&p);
    let t = b.order_template(&p, Side::Macedonian);
    assert!(t.contains("Center -> enemy Center"), "{t}");
    assert!(t.contains("hetairoi 12-12 +Alexander"), "{t}");
    // 10.10: an attack is compulsory, so the template pre-fills the first possible one and is
    // legal as it stands.
    assert!(
        t.contains("  attacks:  #") && t.contains("\n  - {from: "),
        "{t}"
    );
}

#[test]
fn alexandros_10_15_second_line_open_after_the_front_was_swept() {
    let p = pack();
    let mut b = granicus_battle(&p);
    let c = Place::new(Side::Macedonian, "Center");
    // The first line was attacked and is gone; a later box may reach the second line.
    b.units.retain(|u| {
        !["hetairoi", "phalanx-3", "phalanx-4", "hypaspistoi"].contains(&u.id.as_str())
    });
    assert!(b.defender_order(&p, Side::Persian, &c).is_empty());
    b.boxes_attacked.insert(c.clone());
    assert_eq!(b.defender_order(&p, Side::Persian, &c).len(), 2);
}
