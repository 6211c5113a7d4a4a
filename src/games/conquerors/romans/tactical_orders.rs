//! The Romans' battle plans as orders: the battle part of a template when the game has the
//! option `tactical-battles` (the display, the side's units with their tactical values), and
//! the check of every name a plan gives (Tactical [2.3], [4.1], [7.2], [8.43]).

use super::orders::Standing;
use super::state::State;
use super::tactical::{legion_parts, OPTION};
use crate::games::conquerors::tactical::{self as tac, Game};
use crate::ruleset::RuleError;

/// The battle part of `side`'s template when the game has the option: the display it would
/// fight on and its units' tactical values (Tactical [2.2]: the Manipular section when its
/// Force is at least half legion SSP, as Rome's always is at the start).
pub fn template(st: &State, side: &str) -> String {
    if !st.options.iter().any(|o| o == OPTION) {
        return String::new();
    }
    let mut units = Vec::new();
    let mut legion = 0;
    let mut all = 0;
    for (id, u) in st.units.iter().filter(|(_, u)| u.side == side) {
        all += u.ssp;
        if u.kind == "legion" {
            legion += u.ssp;
            for (pid, t, ssp, _) in legion_parts(st, id, u.ssp) {
                units.push((pid, t, ssp));
            }
        } else {
            units.push((id.clone(), u.kind.clone(), u.ssp));
        }
    }
    let manipular = all > 0 && legion * 2 >= all;
    crate::games::conquerors::tactical::template::notes(
        &st.tactical,
        Game::Romans,
        manipular,
        0,
        &units,
    )
}

/// The names a battle plan gives (Tactical [2.3], [4.1], [7.2], [8.43]): every unit and
/// commander one of `side`'s (a legion's counters as `legion-III/hastati-1`), every box one of
/// the display's (`F3`, `enemy F3`, `Reserve`), every turn a number; each refusal with its JSON
/// pointer and the nearest names.
pub fn check_plan(st: &State, side: &str, standing: &Standing) -> Vec<(String, RuleError)> {
    let Some(p) = &standing.battle_plan else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut ids: Vec<String> = st
        .commanders
        .iter()
        .filter(|(_, c)| c.side == side)
        .map(|(k, _)| k.clone())
        .collect();
    for (id, u) in st.units.iter().filter(|(_, u)| u.side == side) {
        if u.kind == "legion" {
            ids.extend(legion_parts(st, id, u.full_ssp).into_iter().map(|x| x.0));
        } else {
            ids.push(id.clone());
        }
    }
    let Ok(d) = tac::display::Display::new(&st.tactical, None) else {
        return out;
    };
    let own: Vec<String> = d.boxes(0).into_iter().map(|b| b.name).collect();
    let mut any: Vec<String> = own.clone();
    any.extend(own.iter().map(|b| format!("enemy {b}")));
    let near =
        |x: &str, among: &[String]| crate::names::did_you_mean(x, among.iter().map(String::as_str));
    let mut refuse = |path: String, rule: &str, why: String| {
        out.push((path, RuleError::illegal("standing.battle_plan", rule, why)));
    };
    let unit = |path: String, u: &str, rule: &str, refuse: &mut dyn FnMut(String, &str, String)| {
        if !ids.iter().any(|i| i == u) {
            refuse(
                path,
                rule,
                format!("no unit or commander of yours `{u}`{}", near(u, &ids)),
            );
        }
    };
    for (b, pl) in &p.setup {
        if !own.contains(b) {
            refuse(
                format!("/battle_plan/setup/{b}"),
                "Tactical [2.32]",
                format!("no box `{b}` in your section{}", near(b, &own)),
            );
        }
        for (n, u) in pl.units.iter().enumerate() {
            unit(
                format!("/battle_plan/setup/{b}/units/{n}"),
                u,
                "Tactical [2.32]",
                &mut refuse,
            );
        }
    }
    for (n, b) in p.hold.iter().enumerate() {
        if !any.contains(b) {
            refuse(
                format!("/battle_plan/hold/{n}"),
                "Tactical [4.1]",
                format!("no box `{b}`{}", near(b, &any)),
            );
        }
    }
    for (n, u) in p.losses.iter().enumerate() {
        unit(
            format!("/battle_plan/losses/{n}"),
            u,
            "Tactical [8.43]",
            &mut refuse,
        );
    }
    for (t, o) in &p.turns {
        if t.parse::<u32>().map_or(true, |n| n == 0) {
            refuse(
                format!("/battle_plan/turns/{t}"),
                "Tactical [3.0]",
                format!("`{t}` is no Tactical Turn: write \"1\", \"2\"…"),
            );
        }
        for (i, m) in o.moves.iter().enumerate() {
            for (k, u) in m.units.iter().enumerate() {
                unit(
                    format!("/battle_plan/turns/{t}/moves/{i}/units/{k}"),
                    u,
                    "Tactical [4.1]",
                    &mut refuse,
                );
            }
            for (what, b) in [("to", &m.to), ("via", &m.via)] {
                if let Some(b) = b.as_ref().filter(|b| !any.contains(b)) {
                    refuse(
                        format!("/battle_plan/turns/{t}/moves/{i}/{what}"),
                        "Tactical [4.11]",
                        format!("no box `{b}`{}", near(b, &any)),
                    );
                }
            }
        }
        for (i, f) in o.fire.iter().enumerate() {
            if !any.contains(&f.at) {
                refuse(
                    format!("/battle_plan/turns/{t}/fire/{i}/at"),
                    "Tactical [7.12]",
                    format!("no box `{}`{}", f.at, near(&f.at, &any)),
                );
            }
            for (k, u) in f.with.iter().enumerate() {
                unit(
                    format!("/battle_plan/turns/{t}/fire/{i}/with/{k}"),
                    u,
                    "Tactical [7.2]",
                    &mut refuse,
                );
            }
        }
    }
    out
}
