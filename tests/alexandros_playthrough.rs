//! Random playthroughs of the whole campaign through `Ruleset::apply`: leaders wander with their
//! units, decisions are answered from the templates. Nothing may panic, every refusal must name
//! an Alexandros rule, and every game must end.

#[path = "alexandros/common.rs"]
mod common;

use std::collections::BTreeMap;

use common::*;
use legatus::games::alexandros::orders::{Move, Orders};
use legatus::games::alexandros::state::{parse_side, Place, State};
use legatus::games::alexandros::Alexandros;
use legatus::ruleset::{PendingKind, RuleError, Ruleset};

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

fn from_template(s: &State, side: &str) -> Orders {
    let t = Alexandros.template(s, side);
    let v: serde_json::Value = serde_saphyr::from_str(&format!("orders:\n{t}")).unwrap();
    serde_json::from_value(v["orders"].clone())
        .unwrap_or_else(|e| panic!("template does not parse: {e}\n{t}"))
}

fn random_moves(s: &State, side: &str, rng: &mut Lcg) -> Orders {
    let mut o = from_template(s, side);
    let side = parse_side(side).unwrap();
    let mut moves = Vec::new();
    for (name, l) in &s.leaders {
        if l.owner != side || rng.next(3) == 0 {
            continue;
        }
        let Place::Province(p) = &l.place else {
            continue;
        };
        let ns = s.neighbours(p);
        if ns.is_empty() {
            continue;
        }
        let to = ns[rng.next(ns.len())].clone();
        let units: Vec<String> = s
            .field_units(side, p)
            .into_iter()
            .filter(|u| !moves.iter().any(|m: &Move| m.units.contains(u)))
            .filter(|_| rng.next(4) != 0)
            .collect();
        moves.push(Move {
            leader: name.clone(),
            to,
            units,
            via: None,
            drop: vec![],
            pick_up: vec![],
        });
    }
    o.moves = moves;
    o
}

fn play(seed: u64, options: &[&str]) -> (State, usize, usize) {
    let mut rng = Lcg(seed);
    let mut s = fresh();
    s.options = options.iter().map(|o| o.to_string()).collect();
    let st = BTreeMap::new();
    let (mut entries, mut refusals) = (0, 0);
    submit(
        &mut s,
        orders("darius: Babylonia"),
        &st,
        &mut dice(seed as u8),
    )
    .unwrap();
    while Alexandros.pending(&s).kind != PendingKind::GameOver {
        entries += 1;
        assert!(entries < 400, "the game does not end");
        let p = Alexandros.pending(&s);
        let side = p.sides[0].clone();
        let o = if p.kind == PendingKind::Orders {
            random_moves(&s, &side, &mut rng)
        } else {
            from_template(&s, &side)
        };
        let mut d = dice((seed as u8).wrapping_add(entries as u8));
        match submit(&mut s, o, &st, &mut d) {
            Ok(_) => {}
            // A refused order: one rule broken, or several at once (8.1).
            Err(e @ (RuleError::Illegal { .. } | RuleError::Several(_))) => {
                for r in e.each() {
                    let RuleError::Illegal { rule, .. } = r else {
                        panic!("{r}")
                    };
                    assert!(rule.starts_with("Alexandros "), "{rule}");
                }
                refusals += 1;
                let o = from_template(&s, &side);
                submit(&mut s, o, &st, &mut d)
                    .unwrap_or_else(|e| panic!("the template is refused: {e}"));
            }
            Err(e) => panic!("{e}"),
        }
    }
    (s, entries, refusals)
}

#[test]
fn alexandros_random_campaigns_run_to_the_end() {
    let mut outcomes = Vec::new();
    for seed in 1..=6u64 {
        let (s, entries, refusals) = play(seed, &[]);
        assert!(entries > 5);
        outcomes.push((s.outcome.clone().unwrap(), entries, refusals));
        // Every unit on the map is in a real province or city.
        for (c, u) in &s.units {
            if let Some(p) = s.province_of(&u.place) {
                assert!(s.pack.province(&p).is_some(), "{c} in {p}");
            }
        }
    }
    eprintln!("{outcomes:#?}");
}

#[test]
fn alexandros_random_campaigns_with_every_option() {
    // Every optional rule of section 17; the Beginners Rule leaves them out (17.0), so it is
    // not among them.
    let all: Vec<String> = Alexandros
        .options()
        .into_iter()
        .map(|o| o.name)
        .filter(|o| o != "beginner")
        // A sealed set-up needs both sides' orders in one submission, which this harness's
        // one-side `submit` does not send; the CLI property tests play it.
        .filter(|o| o != "simultaneous-deployment")
        .collect();
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    for seed in 11..=14u64 {
        let (s, _, _) = play(seed, &all);
        assert!(s.outcome.is_some());
    }
}
