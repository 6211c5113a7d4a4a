//! What a player is told, and what he is stopped from doing, where a first player found it
//! wanting: a siege declared by a leader (or with units) marching away (Alexandros 11.1), the
//! set-up template's leaders with the best units (10.3), each half-round a battle plan plays
//! reported in its side's name and nightfall credited to no side (10.2, 10.10, 10.19), and the
//! besieger's step losses cited under 11.4. Every case is driven through the game's `apply`.

#[path = "alexandros/common.rs"]
mod common;

use std::collections::BTreeMap;

use common::*;
use legatus::games::alexandros::battle::default_plan;
use legatus::games::alexandros::data::Side;
use legatus::games::alexandros::orders::{Orders, Standing};
use legatus::games::alexandros::state::State;
use legatus::games::alexandros::tactical::board::Place as BoxPlace;
use legatus::games::alexandros::Alexandros;
use legatus::ruleset::{Event, Ruleset};

#[test]
fn alexandros_11_1_a_siege_leader_who_marches_away_is_refused_at_apply() {
    let mut s = summer_334();
    let r = submit(
        &mut s.clone(),
        orders(
            "moves: [{leader: Parmenio, to: Thrace, units: []}]\nsieges: {Halicarnassus: Parmenio}",
        ),
        &no_standing(),
        &mut dice(1),
    );
    let why = refused(r, "Alexandros 11.1");
    assert!(
        why.contains("Parmenio marches to Thrace") && why.contains("Halicarnassus"),
        "{why}"
    );
    // Nothing was declared: the status shows no siege from Thrace.
    assert!(s.sieges.is_empty());
    // The same siege with Parmenio staying is taken.
    submit(
        &mut s,
        orders("moves: []\nsieges: {Halicarnassus: Parmenio}"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    assert_eq!(s.sieges.values().flatten().count(), 1);
}

#[test]
fn alexandros_11_1_a_unit_named_for_a_siege_that_marches_away_is_refused_at_apply() {
    let s = summer_334();
    let r = submit(
        &mut s.clone(),
        orders(
            "moves: [{leader: Alexander, to: Phrygia, units: [phalanx-1]}]\n\
             sieges: {Halicarnassus: {leaders: [Parmenio], units: [phalanx-1, phalanx-2]}}",
        ),
        &no_standing(),
        &mut dice(1),
    );
    let why = refused(r, "Alexandros 11.1");
    assert!(
        why.contains("phalanx-1 marches to Phrygia") && why.contains("Halicarnassus"),
        "{why}"
    );
}

/// The Granicus, both armies placed by the set-up templates' placements, Macedonian round 1.
fn granicus_from_templates() -> (State, String) {
    let mut s = fresh();
    submit(
        &mut s,
        orders("darius: Persis"),
        &no_standing(),
        &mut dice(1),
    )
    .unwrap();
    let mut macedonian_template = String::new();
    for side in [Side::Persian, Side::Macedonian] {
        let b = s.battle.clone().expect("the Granicus (4.3)");
        let name = if side == Side::Persian {
            "persian"
        } else {
            "macedonian"
        };
        let t = Alexandros.template(&s, name);
        if side == Side::Macedonian {
            macedonian_template = t;
        }
        let o = Orders {
            battle: Some(b.battle.default_setup(&s.pack, side)),
            ..Default::default()
        };
        submit(&mut s, o, &no_standing(), &mut dice(1)).unwrap();
    }
    (s, macedonian_template)
}

#[test]
fn alexandros_10_3_setup_template_stacks_the_best_leaders_with_the_best_units() {
    let (s, template) = granicus_from_templates();
    assert!(
        template.contains("{unit: hetairoi, box: Center, leader: Alexander}"),
        "{template}"
    );
    assert!(
        template.contains("{unit: hypaspistoi, box: Right, leader: Parmenio}"),
        "{template}"
    );
    let b = &s.battle.as_ref().unwrap().battle;
    let with = |l: &str| b.leader(l).and_then(|x| x.with.clone());
    assert_eq!(with("Alexander").as_deref(), Some("hetairoi"));
    assert_eq!(with("Parmenio").as_deref(), Some("hypaspistoi"));
    // The Persian's best leader leads his best unit in the Center (10.3).
    let centre = b
        .units_at(Side::Persian, &BoxPlace::new(Side::Persian, "Center"))
        .iter()
        .filter_map(|u| b.leader_with(&u.id).map(|l| l.name.clone()))
        .collect::<Vec<_>>();
    assert!(!centre.is_empty(), "a leader with the first Persian unit");
}

fn plans() -> BTreeMap<String, Standing> {
    let plan = default_plan();
    ["macedonian", "persian"]
        .into_iter()
        .map(|side| {
            (
                side.to_string(),
                Standing {
                    battle_plan: Some(plan.clone()),
                    ..Default::default()
                },
            )
        })
        .collect()
}

#[test]
fn alexandros_10_10_each_half_round_a_plan_plays_says_what_it_did_and_10_19_nightfall_is_no_sides()
{
    let (mut s, _) = granicus_from_templates();
    // Every Persian unit falls back to its Reserve: no box of either army faces the other's,
    // and neither plan orders an advance (10.9) or a move (10.8) — ten rounds with nothing to
    // attack.
    {
        let b = &mut s.battle.as_mut().unwrap().battle;
        for u in b.units.iter_mut().filter(|u| u.side == Side::Persian) {
            u.place = BoxPlace::new(Side::Persian, "Reserve");
        }
        for l in b.leaders.iter_mut().filter(|l| l.side == Side::Persian) {
            l.place = BoxPlace::new(Side::Persian, "Reserve");
        }
        b.start_round(&s.pack, 1);
    }
    let mut still = plans();
    for st in still.values_mut() {
        let plan = st.battle_plan.as_mut().unwrap();
        plan.advance.clear();
        plan.moves.clear();
    }
    let ev = submit(&mut s, orders("battle: {}"), &still, &mut dice(3)).unwrap();
    let battle: Vec<&Event> = ev
        .iter()
        .filter(|e| {
            e.phase
                .as_deref()
                .is_some_and(|p| p.starts_with("Combat phase: battle"))
        })
        .collect();
    for n in 1..=10 {
        for side in ["Macedonian", "Persian"] {
            if n == 1 && side == "Macedonian" {
                continue; // sent as orders
            }
            let round = format!("round {n}, {side} half-round");
            let said: Vec<&&Event> = battle
                .iter()
                .filter(|e| e.round.as_deref() == Some(round.as_str()))
                .collect();
            let e = said
                .iter()
                .find(|e| e.text.starts_with(&format!("the {side} battle plan")))
                .unwrap_or_else(|| panic!("nothing said for {round}: {battle:#?}"));
            assert_eq!(e.by.as_deref(), Some(side.to_lowercase().as_str()), "{e:?}");
            assert!(e.standing, "{e:?}");
            assert!(e.text.contains("attacks nowhere"), "{e:?}");
            assert!(e.text.contains("(10.4, 10.10)"), "says why: {e:?}");
        }
    }
    // The Macedonian is told the empty enemy boxes wait for an advance his plan never makes.
    let mac = battle
        .iter()
        .find(|e| e.text.starts_with("the Macedonian battle plan"))
        .unwrap();
    assert!(
        mac.text.contains("enemy Center") && mac.text.contains("no advance rules"),
        "{mac:?}"
    );
    let night = battle
        .iter()
        .find(|e| e.text.starts_with("nightfall"))
        .unwrap_or_else(|| panic!("{battle:#?}"));
    assert_eq!(night.rule, "Alexandros 10.19");
    assert_eq!(night.by, None, "nightfall is no side's doing: {night:?}");
    assert!(!night.standing);
    assert_eq!(
        night.round.as_deref(),
        Some("nightfall after round 10 (10.19)")
    );
}

#[test]
fn alexandros_11_4_siege_step_losses_cite_11_4() {
    let mut seen = false;
    for seed in 1..60 {
        let mut s = summer_334();
        let no = BTreeMap::from([("persian".to_string(), standing("sortie: never"))]);
        let mut ev = submit(
            &mut s,
            orders("sieges: {Sardis: {leaders: [Alexander], units: [phalanx-1, phalanx-2]}}"),
            &no,
            &mut dice(seed),
        )
        .unwrap();
        ev.extend(submit_nightfall(&mut s, orders("moves: []"), &no, &mut dice(seed)).unwrap());
        let siege: Vec<&Event> = ev
            .iter()
            .filter(|e| e.phase.as_deref().is_some_and(|p| p.starts_with("Siege")))
            .collect();
        assert!(
            siege.iter().all(|e| e.rule != "Alexandros 7.4"),
            "{siege:#?}"
        );
        let steps: Vec<&&Event> = siege
            .iter()
            .filter(|e| e.text.contains("phalanx-") && e.text.contains("loses a step"))
            .collect();
        if steps.is_empty() {
            continue;
        }
        seen = true;
        assert!(
            steps.iter().all(|e| e.rule == "Alexandros 11.4"),
            "{steps:#?}"
        );
        break;
    }
    assert!(seen, "some seed costs the besieger a step");
}
