//! Campaign set-up validation.

use super::super::counters::{SetupCode, UnitType};
use super::super::{Pack, COUNTERS_FILE, SCENARIO_FILE};
use super::Out;

/// Alexandros 3.2, 3.3, 4.3: set-up codes, individual placements and the first battle.
pub(super) fn check_scenario(pack: &Pack, o: &mut Out) {
    let f = SCENARIO_FILE;
    let s = &pack.scenario;
    let m = &pack.map;
    for k in [&s.first_turn, &s.last_turn] {
        if !pack.turns.turns.contains_key(k) {
            o.add(
                f,
                "(file)",
                "Alexandros 3.2, 16.3: first and last turns are on the track",
                format!("unknown turn `{k}`"),
            );
        }
    }
    if !m.provinces.contains_key(&s.first_battle) {
        o.add(
            f,
            "(file)",
            "Alexandros 4.3: the first battle is in a province",
            format!("unknown province `{}`", s.first_battle),
        );
    }
    for (code, a) in &s.setup_codes {
        let item = format!("setup-codes/{code}");
        if !matches!(code.as_str(), "M" | "I" | "D" | "A") {
            o.add(
                f,
                &item,
                "Alexandros 3.2, 3.3: set-up codes are M, I, D, A",
                "unknown code",
            );
        }
        for p in &a.provinces {
            if !m.provinces.contains_key(p) {
                o.add(
                    f,
                    &item,
                    "Alexandros 3.2, 3.3: every referenced province exists",
                    format!("unknown province `{p}`"),
                );
            }
        }
        for l in &a.leaders {
            if !pack.counters.leaders.contains_key(l) {
                o.add(
                    f,
                    &item,
                    "Alexandros 3.2, 3.3: every referenced leader exists",
                    format!("unknown leader `{l}`"),
                );
            }
        }
    }
    for (code, a) in &s.setup_codes {
        for l in &a.leaders {
            if let Some(x) = pack.counters.leaders.get(l) {
                if format!("{:?}", x.setup) != *code {
                    o.add(
                        f,
                        format!("setup-codes/{code}"),
                        "Alexandros 3.2, 3.3: leaders set up with their code's units",
                        format!("leader `{l}` has set-up {:?}", x.setup),
                    );
                }
            }
        }
    }
    for (who, p) in &s.placements {
        let item = format!("placements/{who}");
        let is_unit = pack.counters.units.get(who).map(|u| u.setup);
        let is_leader = pack.counters.leaders.get(who).map(|l| l.setup);
        match is_unit.or(is_leader) {
            None => o.add(
                f,
                &item,
                "Alexandros 3.3: every placed unit exists",
                format!("unknown unit or leader `{who}`"),
            ),
            Some(SetupCode::Placed) => {}
            Some(c) => o.add(
                f,
                &item,
                "Alexandros 3.3: placed counters carry the `placed` set-up code",
                format!("set-up is {c:?}"),
            ),
        }
        if !m.provinces.contains_key(&p.province) {
            o.add(
                f,
                &item,
                "Alexandros 3.3: every referenced province exists",
                format!("unknown province `{}`", p.province),
            );
        }
        if let (Some(c), Some(u)) = (&p.city, pack.counters.units.get(who)) {
            let infantry = matches!(
                u.kind,
                UnitType::HeavyInfantry
                    | UnitType::RegularInfantry
                    | UnitType::LightInfantry
                    | UnitType::Archer
            );
            let walls = m.cities.get(c).map_or(0, |x| x.walls);
            if !infantry || walls < 2 {
                o.add(
                    f,
                    &item,
                    "Alexandros 11.2: a city garrison is infantry in a city of two or more walls",
                    format!("`{who}` in `{c}` ({walls} walls)"),
                );
            }
        }
        if let Some(c) = &p.city {
            match m.cities.get(c) {
                None => o.add(
                    f,
                    &item,
                    "Alexandros 3.3: every referenced city exists",
                    format!("unknown city `{c}`"),
                ),
                Some(city) if city.province.as_deref() != Some(p.province.as_str()) => o.add(
                    f,
                    &item,
                    "Alexandros 3.3: a city garrison is in the city's province",
                    format!("`{c}` is not in `{}`", p.province),
                ),
                _ => {}
            }
        }
    }
    let placed_units = pack
        .counters
        .units
        .iter()
        .filter(|(_, u)| u.setup == SetupCode::Placed)
        .map(|(k, _)| k);
    let placed_leaders = pack
        .counters
        .leaders
        .iter()
        .filter(|(_, l)| l.setup == SetupCode::Placed)
        .map(|(k, _)| k);
    for k in placed_units.chain(placed_leaders) {
        if !s.placements.contains_key(k) {
            o.add(
                COUNTERS_FILE,
                k.clone(),
                "Alexandros 3.3: a `placed` counter has a placement",
                "no entry in the scenario's placements",
            );
        }
    }
    for code in ["M", "I", "D", "A"] {
        let used = pack
            .counters
            .units
            .values()
            .any(|u| format!("{:?}", u.setup) == code);
        if used && !s.setup_codes.contains_key(code) {
            o.add(
                f,
                format!("setup-codes/{code}"),
                "Alexandros 3.2, 3.3: every set-up code used by a counter is placed",
                "code missing",
            );
        }
    }
}
