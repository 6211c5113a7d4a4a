//! Random events (Alexandros 14): the Spartan Revolt with the Greek Mercenaries joining Agis
//! (14.2), Barbarian and Arab raids (14.3), and the optional Death of Alexander (17.3) and
//! Mutiny (17.4).

use super::data::{Nationality, SetupCode, Side};
use super::state::{Place, State};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Alexandros 14.2: the revolt breaks out on a d6 roll of at most this.
pub const REVOLT_MAX: u32 = 2;
/// Alexandros 14.2: once all four treasuries are taken the revolt roll gains this.
pub const REVOLT_ALL_TREASURIES: u32 = 1;
/// Province where the Spartans appear (14.2).
pub const REVOLT_PROVINCE: &str = "Hellas";

/// Alexandros 14.2: true when a modified d6 `roll` starts the revolt.
pub fn revolt_breaks_out(roll: u32, all_treasuries: bool) -> bool {
    roll + if all_treasuries {
        REVOLT_ALL_TREASURIES
    } else {
        0
    } <= REVOLT_MAX
}

/// Alexandros 14: the Random Events Phase of the current turn, with no standing orders.
pub fn random_events(
    state: &mut State,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    random_events_with(state, &std::collections::BTreeMap::new(), dice, ev)
}

/// Alexandros 14: the Random Events Phase of the current turn; `standing` gives the sides'
/// standing orders (17.4: which units a mutiny withdraws).
pub fn random_events_with(
    state: &mut State,
    standing: &std::collections::BTreeMap<String, super::orders::Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let t = state.turn_data();
    // 3.1, 14.0: the Random Events are the players' choice; the Beginners Rule leaves them
    // and the optional rules out.
    if state.option(super::OPT_BEGINNER) {
        return Ok(());
    }
    let events = !state.option(super::OPT_NO_EVENTS);
    if t.barbarians && events {
        raid(state, dice, ev)?;
    }
    if t.mutiny_check && state.option(super::OPT_MUTINY) {
        let pref = standing
            .get("macedonian")
            .map(|s| s.mutiny_withdrawals.clone())
            .unwrap_or_default();
        mutiny_with(state, &pref, dice, ev)?;
    }
    if t.death_of_alexander && state.option(super::OPT_DEATH) {
        death_of_alexander(state, dice, ev)?;
        if state.outcome.is_some() {
            return Ok(());
        }
    }
    if events && t.spartan_revolt && !state.spartan_revolt && !state.revolt_rolls_over() {
        // 14.2: the Persian rolls for the revolt.
        let r = dice
            .roll_for(super::state::side_name(Side::Persian))
            .d6("Spartan Revolt", "Alexandros 14.2")?;
        let all = state.treasuries_taken() >= 4;
        if revolt_breaks_out(r, all) {
            state.spartan_revolt = true;
            let revolt: Vec<String> = state
                .pack
                .counters
                .units
                .iter()
                .filter(|(_, u)| u.setup == SetupCode::Revolt)
                .map(|(c, _)| c.clone())
                .collect();
            for c in revolt {
                let u = state.units.get_mut(&c).unwrap();
                u.place = Place::Province(REVOLT_PROVINCE.into());
                u.owner = Side::Persian;
            }
            let leaders: Vec<String> = state
                .pack
                .counters
                .leaders
                .iter()
                .filter(|(_, l)| l.setup == SetupCode::Revolt)
                .map(|(n, _)| n.clone())
                .collect();
            for l in leaders {
                let x = state.leaders.get_mut(&l).unwrap();
                x.place = Place::Province(REVOLT_PROVINCE.into());
                x.owner = Side::Persian;
            }
            for (name, c) in state.pack.map.cities.clone() {
                if c.province.as_deref() == Some(REVOLT_PROVINCE) {
                    if let Some(w) = state.walls.get_mut(&name) {
                        w.side = Side::Persian;
                    }
                }
            }
            ev.push(Event::new(
                "Alexandros 14.2",
                format!("the Spartan Revolt breaks out (roll {r})"),
            ));
            revolt_mercenaries(state, dice, ev)?;
        } else {
            ev.push(Event::new(
                "Alexandros 14.2",
                format!("no Spartan Revolt (roll {r})"),
            ));
        }
    }
    Ok(())
}

/// Alexandros 14.3: a raid on a "B" turn. The Raid Location table (pack data) gives the province
/// and the kind of raiders, the Raid Size table how many; the counter mix caps them. Raiders are
/// taken by unit code (ruling A-59), placed under Persian control and need no supply in their
/// province of origin.
pub fn raid(state: &mut State, dice: &mut Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    // Raiders come under Persian control (14.3): the raid's rolls are the Persian's.
    let r = dice
        .roll_for(super::state::side_name(Side::Persian))
        .d6("barbarian raid location", "Alexandros 14.3")?;
    let loc = state
        .pack
        .table("raid-location")
        .and_then(|t| t.roll(r as u8, "location"))
        .unwrap_or("")
        .to_string();
    let kind = state
        .pack
        .table("raid-location")
        .and_then(|t| t.roll(r as u8, "units"))
        .unwrap_or("")
        .to_string();
    if state.pack.province(&loc).is_none() {
        ev.push(Event::new(
            "Alexandros 14.3",
            format!("no barbarian raid (roll {r})"),
        ));
        return Ok(());
    }
    let nationality = if kind == "arab" {
        Nationality::Arab
    } else {
        Nationality::Barbarian
    };
    let r2 = dice
        .roll_for(super::state::side_name(Side::Persian))
        .d6("barbarian raid size", "Alexandros 14.3")?;
    let n: usize = state
        .pack
        .table("raid-size")
        .and_then(|t| t.roll(r2 as u8, "units"))
        .and_then(|c| c.trim().parse().ok())
        .unwrap_or(0);
    let free: Vec<String> = state
        .pack
        .counters
        .units
        .iter()
        .filter(|(c, u)| {
            u.setup == SetupCode::Raid
                && u.nationality == nationality
                // Ruling A-59: eliminated raiders go back to the counter mix (14.3: the mix
                // limits the raiders on the map at once, not over the game).
                && matches!(state.units[c.as_str()].place, Place::SetAside | Place::Pool)
        })
        .map(|(c, _)| c.clone())
        .take(n)
        .collect();
    for c in &free {
        let full = state.full_steps(c);
        let u = state.units.get_mut(c).unwrap();
        u.place = Place::Province(loc.clone());
        u.owner = Side::Persian;
        u.steps = full;
        state.raid_origin.insert(c.clone(), loc.clone());
    }
    // 14.3: the counters in the mix are a design limit; a size the mix cannot supply places
    // what there is and the excess is ignored (reported, so both players see why).
    let short = n.saturating_sub(free.len());
    ev.push(Event::new(
        "Alexandros 14.3",
        format!(
            "raid in {loc} (roll {r}): {} of {n} raiders appear (roll {r2}){}",
            free.len(),
            if short > 0 {
                format!(
                    "; the other {short} are ignored: no more {} counters are free in the counter mix",
                    if nationality == Nationality::Arab { "Arab" } else { "barbarian" }
                )
            } else {
                String::new()
            }
        ),
    ));
    Ok(())
}

/// Alexandros 14.2: when the revolt breaks out and Greek Mercenary units lie in the dead pile
/// or replacement pool, a d6 says how many of them (by unit code, as many as there are) join
/// Agis and the Spartans in Hellas, at full strength, under the Persian. No die without them.
pub fn revolt_mercenaries(
    state: &mut State,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let pool: Vec<String> = state
        .units
        .iter()
        .filter(|(c, u)| {
            u.place == Place::Pool
                && state.pack.unit(c).map(|x| x.nationality) == Some(Nationality::GreekMercenary)
        })
        .map(|(c, _)| c.clone())
        .collect();
    if pool.is_empty() {
        return Ok(());
    }
    // 14.2: the mercenaries' die follows the revolt roll, the Persian's too.
    let r = dice
        .roll_for(super::state::side_name(Side::Persian))
        .d6("Greek Mercenaries joining Agis", "Alexandros 14.2")?;
    let joining: Vec<String> = pool.into_iter().take(r as usize).collect();
    for c in &joining {
        let full = state.full_steps(c);
        let u = state.units.get_mut(c).unwrap();
        u.place = Place::Province(REVOLT_PROVINCE.into());
        u.owner = Side::Persian;
        u.steps = full;
    }
    ev.push(Event::new(
        "Alexandros 14.2",
        format!(
            "roll {r}: {} Greek Mercenary unit(s) join Agis in {REVOLT_PROVINCE}: {}",
            joining.len(),
            joining.join(", ")
        ),
    ));
    Ok(())
}

impl State {
    /// Alexandros 14.2 (ruling A-58): no more revolt rolls once all four treasuries are taken and
    /// Darius and Bessus are both out of play; this also frees the Home Army (8.3).
    pub fn revolt_rolls_over(&self) -> bool {
        self.treasuries_taken() >= super::replacements::TREASURIES
            && ["Darius", "Bessus"].iter().all(|l| {
                matches!(
                    self.leaders.get(*l).map(|x| &x.place),
                    Some(Place::Removed | Place::Captured)
                )
            })
    }
}

/// Alexandros 17.3: Alexander dies on a d6 roll of at most this.
pub const DEATH_MAX: u32 = 1;
/// Alexandros 17.3: ... or at most this when he is wounded.
pub const DEATH_MAX_WOUNDED: u32 = 2;

/// Alexandros 17.3 (optional): from Summer 323, Alexander may die; the game ends at once and is
/// scored (16.3; his death is no Persian victory, 16.1).
pub fn death_of_alexander(
    state: &mut State,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(a) = state.leaders.get("Alexander").cloned() else {
        return Ok(());
    };
    if !matches!(a.place, Place::Province(_) | Place::City(_)) {
        return Ok(());
    }
    // Alexander's fate: a Macedonian roll (17.3).
    let r = dice
        .roll_for(super::state::side_name(Side::Macedonian))
        .d6("death of Alexander", "Alexandros 17.3")?;
    let max = if a.wounded {
        DEATH_MAX_WOUNDED
    } else {
        DEATH_MAX
    };
    if r <= max {
        ev.push(Event::new(
            "Alexandros 17.3",
            format!("Alexander dies (roll {r})"),
        ));
        state.leaders.get_mut("Alexander").unwrap().place = Place::Removed;
        super::victory::final_count(state, ev);
    } else {
        ev.push(Event::new(
            "Alexandros 17.3",
            format!("Alexander lives on (roll {r})"),
        ));
    }
    Ok(())
}

/// Alexandros 17.4: the leader never picked for treachery.
pub const LOYAL: &str = "Hephaistion";
/// Alexandros 17.4: a plotter is withdrawn on a d6 roll of at most this.
pub const TREACHERY_MAX: u32 = 2;

/// Alexandros 17.4 (optional Mutiny): a roll on the Mutiny Table (pack data) in the column of the
/// objectives secured. A mutiny withdraws the number of Macedonian units the result names (the
/// weakest by attack, then by code: ruling A-69), freezes
/// Alexander's army for the next Macedonian movement, and brings a treachery roll.
pub fn mutiny(state: &mut State, dice: &mut Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    mutiny_with(state, &[], dice, ev)
}

/// Alexandros 17.4 as [`mutiny`], the withdrawn units chosen by the Macedonian's standing
/// `mutiny_withdrawals` list (units on the map, in order) before the default (weakest by
/// attack, then by code, reported as such).
pub fn mutiny_with(
    state: &mut State,
    pref: &[String],
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let n = state.objectives.len() as u32;
    let t = state.pack.table("mutiny").cloned();
    let Some(t) = t else { return Ok(()) };
    let col = t
        .columns
        .iter()
        .find(|c| {
            super::data::tables::vp_band(c)
                .map(|(lo, hi)| n >= lo && hi.map(|h| n <= h).unwrap_or(true))
                .unwrap_or(false)
        })
        .cloned()
        .unwrap_or_default();
    // The Macedonian army's mutiny check (17.4).
    let r = dice
        .roll_for(super::state::side_name(Side::Macedonian))
        .d6("mutiny check", "Alexandros 17.4")?;
    let res = t.roll(r as u8, &col).unwrap_or("none").to_string();
    let Some(k) = res
        .strip_prefix("mutiny-")
        .and_then(|k| k.parse::<usize>().ok())
    else {
        ev.push(Event::new(
            "Alexandros 17.4",
            format!(
                "no mutiny (roll {r}, {})",
                crate::view::count(n as usize, "objective")
            ),
        ));
        return Ok(());
    };
    ev.push(Event::new(
        "Alexandros 17.4",
        format!(
            "mutiny! (roll {r}, {}): {} withdrawn",
            crate::view::count(n as usize, "objective"),
            crate::view::count(k, "unit")
        ),
    ));
    let mut units: Vec<String> = state
        .units
        .iter()
        .filter(|(_, u)| {
            u.owner == Side::Macedonian && matches!(u.place, Place::Province(_) | Place::City(_))
        })
        .map(|(c, _)| c.clone())
        .collect();
    units.sort_by_key(|c| (state.strength(c).attack, c.clone()));
    let chosen: Vec<String> = pref.iter().filter(|c| units.contains(c)).cloned().collect();
    let rest: Vec<String> = units.into_iter().filter(|c| !chosen.contains(c)).collect();
    let n_chosen = chosen.len();
    for (i, c) in chosen.into_iter().chain(rest).take(k).enumerate() {
        state.units.get_mut(&c).unwrap().place = Place::Removed;
        ev.push(Event::new(
            "Alexandros 17.4",
            if i < n_chosen {
                format!("{c} is withdrawn")
            } else {
                format!("{c} is withdrawn (default: the weakest; the standing mutiny_withdrawals order names no other)")
            },
        ));
    }
    let alex = match state.leaders.get("Alexander").map(|l| l.place.clone()) {
        Some(Place::Province(p)) => Some(p),
        _ => None,
    };
    let Some(at) = alex else { return Ok(()) };
    for u in state.field_units(Side::Macedonian, &at) {
        state.frozen.insert(u);
    }
    state.frozen.insert("Alexander".into());
    // Treachery.
    let with: Vec<String> = state
        .field_leaders(Side::Macedonian, &at)
        .into_iter()
        .filter(|l| l != "Alexander" && l != LOYAL)
        .collect();
    let (pool, apart) = if with.is_empty() {
        let others: Vec<String> = state
            .leaders
            .iter()
            .filter(|(n, l)| {
                l.owner == Side::Macedonian
                    && n.as_str() != "Alexander"
                    && n.as_str() != LOYAL
                    && matches!(l.place, Place::Province(_))
            })
            .map(|(n, _)| n.clone())
            .collect();
        (others, true)
    } else {
        (with, false)
    };
    if pool.is_empty() {
        return Ok(());
    }
    // Treachery strikes a Macedonian general (17.4): both rolls are the Macedonian's.
    let pick = pool[(dice
        .roll_for(super::state::side_name(Side::Macedonian))
        .die(
            pool.len() as u32,
            "treachery: which general",
            "Alexandros 17.4",
        )?
        - 1) as usize]
        .clone();
    let r = dice
        .roll_for(super::state::side_name(Side::Macedonian))
        .d6(&format!("treachery of {pick}"), "Alexandros 17.4")?;
    if r <= TREACHERY_MAX {
        let at = state.leaders[&pick].place.clone();
        state.leaders.get_mut(&pick).unwrap().place = Place::Removed;
        ev.push(Event::new(
            "Alexandros 17.4",
            format!("{pick} plots and is executed (roll {r})"),
        ));
        if apart {
            if let Place::Province(p) = at {
                for u in state.field_units(Side::Macedonian, &p) {
                    state.frozen.insert(u);
                }
            }
        }
    } else {
        ev.push(Event::new(
            "Alexandros 17.4",
            format!("{pick} stays loyal (roll {r})"),
        ));
    }
    Ok(())
}
