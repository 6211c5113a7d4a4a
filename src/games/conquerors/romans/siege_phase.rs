//! Romans [4.1], [13.43], [13.44]: the Siege Phase, a step of its own at the start of a
//! Player-Turn when the player has a siege under way: each siege is rolled once (unless the
//! order says `roll: false`), after any parlay; a NO costs the garrison 2 SSP and the besiegers
//! 1, and besiegers of an A/B city who rolled are Disrupted for the Game-Turn.

use std::collections::BTreeMap;

use super::cities::{self, Fall};
use super::orders::{Orders, Standing};
use super::sequence::side_name;
use super::siege::{besiegers, lift_abandoned, naval_attack, refuse, ssp, train};
use super::state::State;
use crate::games::conquerors::attrition::remove_ssp;
use crate::games::conquerors::city::{siege_roll, strong_enough};
use crate::geo::hexmap::CityClass;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, Pending, PendingKind, RuleError};

/// Romans [4.1]: at the start of a Player-Turn, a Siege Phase when `side` has a siege.
pub fn open_siege_phase(st: &mut State, ev: &mut Vec<Event>) {
    lift_abandoned(st, ev);
    st.siege_phase = match &st.phase {
        super::state::Phase::Campaign { side } if st.sieges.values().any(|s| &s.side == side) => {
            Some(side.clone())
        }
        _ => None,
    };
}

/// Who acts in a Siege Phase.
pub fn pending(st: &State, side: &str) -> Pending {
    let names: Vec<String> = st
        .sieges
        .iter()
        .filter(|(_, s)| s.side == side)
        .filter_map(|(k, _)| st.cities.get(k).map(|c| c.name.clone()))
        .collect();
    Pending {
        step: format!("turn-{}/{side}-siege", st.turn_number()),
        kind: PendingKind::Orders,
        sides: vec![side.to_string()],
        prompt: format!(
            "{}: {}'s Siege Phase: roll for the sieges of {} (`sieges:`; a siege not named is rolled)",
            st.turn_words(),
            side_name(side),
            names.join(", ")
        ),
        rule: "Romans [4.1], [13.43]".into(),
    }
}

/// Romans [4.1], [13.43], [13.44]: `side`'s Siege Phase: each siege rolled once unless the
/// order says `roll: false`, after any parlay.
///
/// Errors: [`RuleError::Illegal`] for moves in this step or a siege order naming no siege of
/// `side`.
pub fn apply_siege_phase(
    st: &mut State,
    side: &str,
    o: &Orders,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    if !o.moves.is_empty() {
        return Err(refuse(
            "moves",
            "Romans [4.1]",
            "this is the Siege Phase: the moves come in the Campaign Phase that follows",
        ));
    }
    let mine: Vec<String> = st
        .sieges
        .iter()
        .filter(|(_, s)| s.side == side)
        .map(|(k, _)| k.clone())
        .collect();
    let mut orders = BTreeMap::new();
    for (n, so) in o.sieges.iter().enumerate() {
        let k = cities::find(st, &mine, &so.city).ok_or_else(|| {
            let names: Vec<String> = mine
                .iter()
                .filter_map(|k| st.cities.get(k).map(|c| c.name.clone()))
                .collect();
            refuse(
                &format!("sieges[{n}]"),
                "Romans [13.43]",
                format!(
                    "no siege of yours at `{}`{}",
                    so.city,
                    crate::names::did_you_mean(&so.city, names.iter().map(String::as_str))
                ),
            )
        })?;
        orders.insert(k, (n, so.clone()));
    }
    let mut ev = Vec::new();
    let over = cities::number(st, "combat", "assault-min-ssp-over-defence", "ssp").unwrap_or(1);
    let g_lose = cities::number(st, "combat", "siege-losses-on-no", "garrison_ssp").unwrap_or(2);
    let b_lose = cities::number(st, "combat", "siege-losses-on-no", "besieger_ssp").unwrap_or(1);
    for k in mine {
        let (n, so) = orders.get(&k).cloned().unwrap_or_default();
        let at = format!("sieges[{n}]");
        let c = st.cities[&k].clone();
        if so.roll == Some(false) {
            ev.push(Event::new(
                "Romans [13.43]",
                format!(
                    "{} does not roll for the siege of {} this Siege Phase",
                    side_name(side),
                    c.name
                ),
            ));
            continue;
        }
        let defaulted = !orders.contains_key(&k);
        let force = besiegers(st, side, &k);
        if train(st, &force).is_none() {
            ev.push(Event::new(
                "Romans [13.45]",
                format!("no roll at {}: no Siege Train with the besiegers", c.name),
            ));
            continue;
        }
        let d = cities::defence(st, &k, true);
        let a = ssp(st, &force) + naval_attack(st, side, &k);
        if !strong_enough(a, &d, over) {
            ev.push(Event::new(
                "Romans [13.43], ruling AMB-25",
                format!(
                    "no roll at {}: the besiegers' {a} SSP are not more than its defence {}",
                    c.name,
                    d.words()
                ),
            ));
            continue;
        }
        let fall = Fall {
            capture: so.on_capture.clone(),
            terms: None,
            attackers: force.clone(),
        };
        if let Some(t) = &so.parlay {
            if super::parlay::parlay(st, side, &at, &k, t, &fall, standing, Some(dice), &mut ev)? {
                continue;
            }
        }
        if let Some(s) = st.sieges.get_mut(&k) {
            s.rolled = Some(st.turn);
        }
        let table = st.pack.table("siege").cloned();
        let r = siege_roll(
            |row, col| {
                table
                    .as_ref()
                    .and_then(|t| t.cell(row, col))
                    .map(str::to_string)
            },
            &cities::class_name(c.class),
            || {
                dice.roll_for(side)
                    .d6("siege", "Romans [13.43]")
                    .map_err(RuleError::from)
            },
            |why| refuse(&at, "Romans [13.3]", why),
        )?;
        let rolls: Vec<String> = r.rolls.iter().map(|x| x.to_string()).collect();
        let disrupted = if matches!(c.class, CityClass::A | CityClass::B) {
            "; the besiegers are Disrupted for the rest of the Game-Turn (Romans 4.1)"
        } else {
            ""
        };
        if r.falls {
            ev.push(Event::new("Romans [13.43]", format!("{} rolls {} ({}) against {} (defence {}) with {a} SSP{}: the city falls{disrupted}", side_name(side), rolls.join(" then "), r.cell, c.name, d.words(), if defaulted { " (rolled by default)" } else { "" })));
            cities::take_city(st, side, &k, &fall, standing, Some(dice), &mut ev)?;
            continue;
        }
        let g = cities::garrison_losses(st, &k, g_lose, standing);
        let b = remove_ssp(&mut st.units, &so.losses_from, &force, b_lose);
        ev.push(Event::new("Romans [13.44]", format!("{} rolls {} ({}) against {} (defence {}) with {a} SSP{}: the city withstands; the garrison loses {g_lose} SSP{g}; the besiegers lose {b_lose} SSP{}{disrupted}", side_name(side), rolls.join(" then "), if r.cell == "*" { "* and no 6" } else { "NO" }, c.name, d.words(), if defaulted { " (rolled by default)" } else { "" }, b.words())));
    }
    Ok(ev)
}
