//! Replacements (Alexandros 12): replacement points, purchases, walls, leader recovery.

use super::control;
use super::data::{Nationality, ProvinceGroup, Side, UnitType};
use super::orders::Replacement;
use super::state::{side_name, Place, State, Walls};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Alexandros 6.4: no city holds more than this many wall markers.
pub const MAX_WALLS: u8 = 5;
/// Alexandros 12.9: Alexander and Porus recover on a d6 roll of at most this.
pub const GREAT_RECOVERY_MAX: u32 = 5;
/// Alexandros 12.9: other leaders recover on a d6 roll of at most this.
pub const RECOVERY_MAX: u32 = 3;
/// Alexandros 15.8: the number of treasuries whose loss ends Persian archer, Royal Guard and
/// mercenary purchases.
pub const TREASURIES: usize = 4;
/// The Royal Guard's unit code (15.8).
pub const ROYAL_GUARD: &str = "royal-guard";
/// Alexandros 12.9: the leaders with the better recovery.
pub const GREAT_LEADERS: [&str; 2] = ["Alexander", "Porus"];

/// Alexandros 12.1, 12.6, 15.8: replacement points `side` receives at the start of this turn:
/// one per province it controls without contest, in its replacement turns only (the track
/// says which); the Persian counts no Indian or Independent province and has no Spring
/// replacements once two treasuries are lost.
pub fn points(state: &State, side: Side) -> u32 {
    let t = state.turn_data();
    let gives = match side {
        Side::Macedonian => t.macedonian_replacements,
        _ => {
            t.persian_replacements
                && !(t.season == super::data::Season::Spring && state.treasuries_taken() >= 2)
        }
    };
    if !gives {
        return 0;
    }
    state
        .pack
        .map
        .provinces
        .iter()
        .filter(|(n, p)| {
            control::controls(state, side, n)
                && !(side == Side::Persian
                    && (p.groups.contains(&ProvinceGroup::Indian)
                        || p.start_control == super::data::Control::Independent))
        })
        .count() as u32
}

/// Alexandros 12.2: the cost in replacement points per step of a unit type, or of a wall
/// (`wall`), from the Unit Replacement Cost table of the pack.
pub fn cost(state: &State, row: &str) -> u32 {
    state
        .pack
        .table("unit-replacement-cost")
        .and_then(|t| t.rows.get(row))
        .and_then(|r| r.first())
        .and_then(|c| c.trim().parse().ok())
        .unwrap_or(u32::MAX / 16)
}

fn type_row(kind: UnitType) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Alexandros 12.2–12.4: what `side` may spend replacement points on, for an order template:
/// `code (steps/full, RP a step, in PLACE)` for its units on the map below full strength and
/// `code (0/full, RP a step)` for its eliminated units, rebuilt in a province it controls
/// (12.4); in unit-code order. Special
/// recruitment (12.8), mercenaries (12.7) and walls (12.5) are not listed.
pub fn offers(state: &State, side: Side) -> Vec<String> {
    let mut out = Vec::new();
    for (code, us) in &state.units {
        let Some(u) = state.pack.unit(code) else {
            continue;
        };
        if u.side != side || u.kind == UnitType::SiegeTrain {
            continue;
        }
        if side == Side::Persian
            && matches!(
                u.nationality,
                Nationality::Indian | Nationality::Barbarian | Nationality::Arab
            )
        {
            continue;
        }
        let full = u.steps.len() as u8;
        let each = cost(state, &type_row(u.kind));
        match &us.place {
            Place::Province(p) | Place::City(p) if us.owner == side && us.steps < full => {
                out.push(format!("{code} ({}/{full}, {each} RP, in {p})", us.steps));
            }
            Place::Pool => out.push(format!("{code} (0/{full}, {each} RP)")),
            _ => {}
        }
    }
    out
}

/// Alexandros 12.1–12.7, 11.7: validates and applies purchases; returns the points spent.
pub fn buy(
    state: &mut State,
    side: Side,
    reps: &[Replacement],
    walls: &[String],
    ev: &mut Vec<Event>,
) -> Result<u32, RuleError> {
    if reps.is_empty() && walls.is_empty() {
        return Ok(0);
    }
    let have = state.replacement_points.get(&side).copied().unwrap_or(0);
    if have == 0 {
        return Err(RuleError::illegal(
            "replacements",
            "Alexandros 12.1",
            format!(
                "the {} receives no replacement points this turn",
                side_name(side)
            ),
        ));
    }
    let mut spent = 0u32;
    let (mut specials, mut regular) = (0u32, 0u32);
    for r in reps {
        let order = format!("replacement {}", r.unit);
        let u = state
            .pack
            .unit(&r.unit)
            .ok_or_else(|| RuleError::illegal(&order, "Alexandros 12.2", "no such unit"))?
            .clone();
        if r.steps == 0 {
            return Err(RuleError::illegal(
                &order,
                "Alexandros 12.2",
                "buy at least one step",
            ));
        }
        let us = state.units[&r.unit].clone();
        let special = side == Side::Macedonian && u.side == Side::Persian;
        if special {
            special_recruit(state, &u, &us.place)
                .map_err(|why| RuleError::illegal(&order, "Alexandros 12.8", why))?;
            specials += 1;
        } else if u.kind != UnitType::SiegeTrain {
            regular += 1;
        }
        let mine = special
            || match u.side {
                Side::Mercenary => us.owner == side || us.place == Place::Pool,
                s => s == side,
            };
        if !mine {
            return Err(RuleError::illegal(
                &order,
                "Alexandros 12.7",
                format!("{} is not a unit you may buy", r.unit),
            ));
        }
        if side == Side::Persian
            && matches!(
                u.nationality,
                Nationality::Indian | Nationality::Barbarian | Nationality::Arab
            )
        {
            return Err(RuleError::illegal(
                &order,
                "Alexandros 12.6",
                "Indian and barbarian forces never receive replacements",
            ));
        }
        if side == Side::Persian && state.treasuries_taken() >= TREASURIES {
            if u.kind == UnitType::Archer || r.unit == ROYAL_GUARD {
                return Err(RuleError::illegal(&order, "Alexandros 15.8", "with all four treasuries lost the Persian rebuilds no foot archers and no Royal Guard"));
            }
            if u.side == Side::Mercenary {
                return Err(RuleError::illegal(
                    &order,
                    "Alexandros 15.8",
                    "with all four treasuries lost the Persian hires no Greek Mercenaries",
                ));
            }
        }
        if u.kind == UnitType::SiegeTrain && r.province.as_deref() != Some("Macedonia") {
            return Err(RuleError::illegal(
                &order,
                "Alexandros 11.7",
                "the Siege Train is rebuilt in Macedonia",
            ));
        }
        let full = u.steps.len() as u8;
        let row = if u.kind == UnitType::SiegeTrain {
            "siege-train".to_string()
        } else {
            type_row(u.kind)
        };
        let c = cost(state, &row) * u32::from(r.steps);
        match &us.place {
            Place::Pool => {
                let Some(p) = &r.province else {
                    return Err(RuleError::illegal(
                        &order,
                        "Alexandros 12.4",
                        "say where the rebuilt unit is placed",
                    ));
                };
                if !control::controls(state, side, p) {
                    return Err(RuleError::illegal(
                        &order,
                        "Alexandros 12.4",
                        format!("{p} is not a province you control without contest"),
                    ));
                }
                if r.steps > full {
                    return Err(RuleError::illegal(
                        &order,
                        "Alexandros 12.4",
                        format!(
                            "{} has only {}",
                            r.unit,
                            crate::view::count(full as usize, "step")
                        ),
                    ));
                }
                let x = state.units.get_mut(&r.unit).unwrap();
                x.place = Place::Province(p.clone());
                x.steps = r.steps;
                x.owner = side;
                ev.push(Event::new(
                    "Alexandros 12.4",
                    format!(
                        "{} rebuilt in {p} with {}",
                        r.unit,
                        crate::view::count(r.steps as usize, "step")
                    ),
                ));
            }
            Place::Province(_) | Place::City(_) if us.owner == side => {
                if us.steps + r.steps > full {
                    return Err(RuleError::illegal(
                        &order,
                        "Alexandros 12.3",
                        format!("{} cannot exceed full strength", r.unit),
                    ));
                }
                state.units.get_mut(&r.unit).unwrap().steps += r.steps;
                ev.push(Event::new(
                    "Alexandros 12.3",
                    format!(
                        "{} restored by {}",
                        r.unit,
                        crate::view::count(r.steps as usize, "step")
                    ),
                ));
            }
            _ => {
                return Err(RuleError::illegal(
                    &order,
                    "Alexandros 12.4",
                    format!("{} is not available", r.unit),
                ));
            }
        }
        spent += c;
    }
    for city in walls {
        let order = format!("wall {city}");
        let cd = state
            .pack
            .city(city)
            .ok_or_else(|| RuleError::illegal(&order, "Alexandros 12.5", "no such city"))?
            .clone();
        if !cd.fortifiable {
            return Err(RuleError::illegal(
                &order,
                "Alexandros 6.4",
                format!("{city} may never carry walls"),
            ));
        }
        let prov = cd
            .province
            .clone()
            .or_else(|| cd.between.first().cloned())
            .unwrap_or_default();
        let ok_place = if cd.province.is_some() {
            control::controls(state, side, &prov)
        } else {
            cd.between.iter().any(|p| control::controls(state, side, p))
        };
        if !ok_place {
            return Err(RuleError::illegal(
                &order,
                "Alexandros 12.5",
                format!("{city}: walls are built only in a province you control, not contested"),
            ));
        }
        if city == super::objectives::ALEXANDRIA
            && state
                .alexandria_from
                .map(|t| state.turn < t)
                .unwrap_or(true)
        {
            return Err(RuleError::illegal(
                &order,
                "Alexandros 15.4",
                "Alexandria does not exist yet",
            ));
        }
        let w = state
            .walls
            .entry(city.clone())
            .or_insert(Walls { count: 0, side });
        if w.count > 0 && w.side != side {
            return Err(RuleError::illegal(
                &order,
                "Alexandros 12.5",
                format!("{city}'s walls show the enemy's colours (ruling A-51)"),
            ));
        }
        if w.count >= MAX_WALLS {
            return Err(RuleError::illegal(
                &order,
                "Alexandros 6.4",
                format!("{city} already has {MAX_WALLS} walls"),
            ));
        }
        w.count += 1;
        w.side = side;
        spent += cost(state, "wall");
        ev.push(Event::new(
            "Alexandros 12.5",
            format!("a wall is built in {city}"),
        ));
    }
    if specials > regular {
        return Err(RuleError::illegal(
            "replacements",
            "Alexandros 12.8",
            format!("{specials} special recruits need as many Macedonian, Greek Allied or Mercenary purchases ({regular})"),
        ));
    }
    if spent > have {
        return Err(RuleError::illegal(
            "replacements",
            "Alexandros 12.2",
            format!("the purchases cost {spent} replacement points; {have} available"),
        ));
    }
    state.replacement_points.insert(side, 0); // 12.1: unspent points are lost
    ev.push(Event::new(
        "Alexandros 12.2",
        format!(
            "the {} spends {spent} of {have} replacement points",
            side_name(side)
        ),
    ));
    Ok(spent)
}

/// Alexandros 12.9: recovery roll for each wounded leader of `side` on the map.
pub fn recovery(
    state: &mut State,
    side: Side,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let wounded: Vec<String> = state
        .leaders
        .iter()
        .filter(|(_, l)| {
            l.owner == side && l.wounded && matches!(l.place, Place::Province(_) | Place::City(_))
        })
        .map(|(n, _)| n.clone())
        .collect();
    for l in wounded {
        let r = dice
            .roll_for(side_name(side))
            .d6(&format!("recovery of {l}"), "Alexandros 12.9")?;
        let max = if GREAT_LEADERS.contains(&l.as_str()) {
            GREAT_RECOVERY_MAX
        } else {
            RECOVERY_MAX
        };
        if r <= max {
            state.leaders.get_mut(&l).unwrap().wounded = false;
            ev.push(Event::new(
                "Alexandros 12.9",
                format!("{l} recovers (roll {r})"),
            ));
        } else {
            ev.push(Event::new(
                "Alexandros 12.9",
                format!("{l} stays wounded (roll {r})"),
            ));
        }
    }
    Ok(())
}

/// Alexandros 12.11 (optional): a reduced Macedonian phalanx that took part in no combat this
/// turn returns to full strength without cost.
pub fn recuperation(state: &mut State, ev: &mut Vec<Event>) {
    let codes: Vec<String> = state
        .units
        .iter()
        .filter(|(c, u)| {
            u.owner == Side::Macedonian
                && matches!(u.place, Place::Province(_) | Place::City(_))
                && !state.fought.contains(c.as_str())
                && state
                    .pack
                    .unit(c)
                    .map(|x| {
                        x.nationality == Nationality::Macedonian
                            && x.name.starts_with(PHALANX)
                            && u.steps < x.steps.len() as u8
                    })
                    .unwrap_or(false)
        })
        .map(|(c, _)| c.clone())
        .collect();
    for c in codes {
        let full = state.full_steps(&c);
        state.units.get_mut(&c).unwrap().steps = full;
        ev.push(Event::new("Alexandros 12.11", format!("{c} recuperates")));
    }
}

/// Unit names that Recuperation applies to (12.11: the Macedonian phalanx).
pub const PHALANX: &str = "Phalanx";

/// Alexandros 12.8: may the Macedonian buy this Persian-side counter? One-step Persian infantry
/// or cavalry with a Macedonian back, from the Winter after the first Persian capital is taken;
/// one-step Indian infantry with a Macedonian back, from the Winter after Macedonians first
/// enter Upper or Lower India; only from the dead pile.
pub fn special_recruit(state: &State, u: &super::data::Unit, place: &Place) -> Result<(), String> {
    if *place != Place::Pool {
        return Err("special recruits come only from the dead pile".into());
    }
    if u.steps.len() != 1 || u.flip_nationality != Some(Nationality::Macedonian) {
        return Err(format!("{} has no Macedonian side", u.name));
    }
    let after = |t: Option<u8>| t.map(|t| state.turn > t).unwrap_or(false) && state.is_winter();
    let infantry = matches!(
        u.kind,
        UnitType::RegularInfantry | UnitType::HeavyInfantry | UnitType::LightInfantry
    );
    match u.nationality {
        Nationality::Persian if infantry || u.kind.is_cavalry() => {
            if after(state.capital_taken) {
                Ok(())
            } else {
                Err("Persian recruits only from the Winter after a Persian capital is taken".into())
            }
        }
        Nationality::Indian if infantry => {
            if after(state.india_entered) {
                Ok(())
            } else {
                Err("Indian recruits only from the Winter after the Macedonians enter India".into())
            }
        }
        _ => Err(format!("{} cannot be recruited by the Macedonian", u.name)),
    }
}
