//! The Conquerors Tactical Battle System (Tactical [1.0]–[13.4]), driven through
//! `Romans::apply` with the option `tactical-battles` and standing battle plans: one test per
//! rule case, named after it, each worked example of the text with its own numbers.

#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use std::collections::BTreeMap;

use common::*;
use legatus::games::conquerors::romans::orders::Standing;
use legatus::games::conquerors::romans::state::State;
use support::*;

/// The Second Macedonian War with the option.
fn tactical_smw() -> State {
    let mut s = smw();
    s.options.push("tactical-battles".into());
    s
}

/// Legion III (22 SSP) with its tribunes at 5120; Macedon to move.
fn legion_waits(s: &mut State) {
    place(s, "legion-III", "5120");
    place(s, "tribune-III-1", "5120");
    place(s, "tribune-III-2", "5120");
    to_macedon(s);
}

fn athenagorus_attacks(s: &State) -> String {
    format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [\"5019\", \"5120\"]}}]",
        units_at(s, "4919", "macedon").join(", ")
    )
}

fn plans(rome: &str, macedon: &str) -> BTreeMap<String, Standing> {
    let mut m = BTreeMap::new();
    if !rome.is_empty() {
        m.insert(
            "rome".to_string(),
            serde_saphyr::from_str(&format!("battle_plan:\n{rome}")).unwrap(),
        );
    }
    if !macedon.is_empty() {
        m.insert(
            "macedon".to_string(),
            serde_saphyr::from_str(&format!("battle_plan:\n{macedon}")).unwrap(),
        );
    }
    m
}

#[test]
fn tactical_scratch() {
    let mut s = tactical_smw();
    s.units.get_mut("legion-III").unwrap();
    legion_waits(&mut s);
    // Athenagorus needs more than 10 SSP: he has 14 at Antipatreia.
    let o = athenagorus_attacks(&s);
    let ev = submit_with(&mut s, &o, &BTreeMap::new(), &mut stream(1)).unwrap();
    println!("{}", texts(&ev));
    panic!();
}
