//! The Romans [9.69]: the Roman mutiny after a Major Land Battle lost off Roman soil, rolled
//! at the start of Rome's next Campaign Phase, driven through `Romans::apply`.

#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use common::*;
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::Romans;
use legatus::ruleset::Ruleset;
use support::*;

/// Legion III (22 SSP) and its first tribune at `hex`.
fn legion_at(s: &mut State, hex: &str) {
    place(s, "legion-III", hex);
    place(s, "tribune-III-1", hex);
}

/// Athenagorus's Force from Antipatreia (4919) along `path`.
fn athenagorus_to(s: &State, path: &str) -> String {
    format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [{path}]}}]",
        units_at(s, "4919", "macedon").join(", ")
    )
}

#[test]
fn romans_9_69_a_roman_force_beaten_off_roman_soil_rolls_for_mutiny_at_romes_next_campaign_phase() {
    // Legion III under its tribune loses a Major Land Battle at 5120 (Greece) in Macedon's
    // Campaign Phase; Rome's next one opens with the mutiny roll: at least the rating + 2
    // (AMB-14) sends the Force, tribune and legion, to Roma (2914) until the next Campaign Year.
    let (mut mutinied, mut stayed) = (false, false);
    for seed in 11u32..80 {
        let mut s = smw();
        legion_at(&mut s, "5120");
        to_macedon(&mut s);
        let rome = standing("rome", "retreat_during_combat: {any: {at_once: true}}");
        let o = athenagorus_to(&s, "\"5019\", \"5120\"");
        let mut d = stream(seed);
        let ev = submit_with(&mut s, &o, &rome, &mut d).unwrap();
        assert!(s.combat.battles[0].roman_mutiny_check);
        if !s.commanders.contains_key("tribune-III-1") || !s.units.contains_key("legion-III") {
            continue;
        }
        // The roll is made once, at the start of Rome's Campaign Phase of the next Game-Turn.
        assert_eq!(Romans.pending(&s).sides, ["rome"]);
        assert!(s.combat.battles[0].mutiny_rolled);
        let rolls: Vec<_> = d
            .rolls()
            .iter()
            .filter(|r| r.rule == "Romans [9.69]")
            .cloned()
            .collect();
        assert_eq!(rolls.len(), 1, "{}", texts(&ev));
        let roll = rolls[0].value;
        let rating = s.rating("tribune-III-1").expect("revealed for the roll") as u32;
        let line = lines(&ev, "Romans [9.69]").join("\n");
        assert!(line.contains(&format!("rolls {roll} against")), "{line}");
        if roll >= rating + 2 {
            mutinied = true;
            assert!(line.contains("mutinies and goes back to Roma"), "{line}");
            assert_eq!(s.units["legion-III"].at.hex, "2914");
            assert_eq!(s.commanders["tribune-III-1"].at.hex, "2914");
            // It stays there until the next Campaign Year.
            let r = submit(
                &mut s,
                orders("moves: [{commander: tribune-III-1, with: [legion-III], path: [\"2915\"]}]"),
                &mut dice(1),
            );
            refused(r, "Romans [9.69]");
        } else {
            stayed = true;
            assert!(line.contains("no mutiny"), "{line}");
            assert_ne!(s.units["legion-III"].at.hex, "2914");
        }
        if mutinied && stayed {
            break;
        }
    }
    assert!(mutinied && stayed, "both outcomes seen");
}
