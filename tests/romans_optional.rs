//! The Romans' optional rules offered by `legatus new --option`: Variable Morale ([9.7],
//! `variable-morale`), off by default, its draws from the dice stream once battle is joined —
//! driven through `Romans::apply`.

#[path = "romans/common.rs"]
mod common;
#[path = "romans/combat_support.rs"]
mod support;

use common::*;
use legatus::games::conquerors::romans::state::State;
use legatus::games::conquerors::romans::Romans;
use legatus::ruleset::Ruleset;
use support::*;

fn legion_at_5120() -> (State, String) {
    let mut s = smw();
    place(&mut s, "legion-III", "5120");
    place(&mut s, "tribune-III-1", "5120");
    to_macedon(&mut s);
    let o = format!(
        "moves: [{{commander: athenagorus, with: [{}], path: [\"5019\", \"5120\"]}}]",
        units_at(&s, "4919", "macedon").join(", ")
    );
    (s, o)
}

#[test]
fn romans_9_7_variable_morale_draws_each_sides_chits_once_battle_is_joined() {
    let (mut s, o) = legion_at_5120();
    s.options.push("variable-morale".into());
    let mut x = s.clone();
    let ev = submit_with(&mut x, &o, &Default::default(), &mut stream(3)).unwrap();
    let t = texts(&ev);
    let l = lines(&ev, "Romans [9.7]");
    assert_eq!(l.len(), 2, "{t}");
    // The Aggressor (Macedon) draws first, then Rome; a number 1-6 with its sign.
    assert!(l[0].starts_with("Variable Morale: Macedon draws "), "{t}");
    assert!(l[1].starts_with("Variable Morale: Rome draws "), "{t}");
    for line in &l {
        let n: u32 = line
            .split("draws ")
            .nth(1)
            .unwrap()
            .trim_start_matches(['+', '−'])
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=6).contains(&n), "{line}");
    }
    // After the Morale Levels are set, before the first exchange.
    let pos = |rule: &str| ev.iter().position(|e| e.rule == rule).unwrap();
    assert!(pos("Romans [9.61]–[9.65]") < pos("Romans [9.7]"), "{t}");
    assert!(pos("Romans [9.7]") < pos("Romans [9.42], [9.43]"), "{t}");
}

#[test]
fn romans_9_7_variable_morale_is_off_by_default_and_offered_as_an_option() {
    let (s, o) = legion_at_5120();
    let mut x = s.clone();
    let ev = submit_with(&mut x, &o, &Default::default(), &mut stream(3)).unwrap();
    assert!(lines(&ev, "Romans [9.7]").is_empty(), "{}", texts(&ev));
    assert!(!x.combat.battles.is_empty());
    assert!(Romans.options().iter().any(|o| o.name == "variable-morale"));
}
