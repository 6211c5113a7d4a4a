//! Allies changing sides (Romans [16.13], [16.26], errata 13.2, errata 16.24): the one place
//! an ally's units, commanders, squadrons and home cities pass from one player to another
//! (`switch_sides`, used by diplomacy's activation and by an attack on one's own ally), the
//! step away from the old player's Forces (errata 16.24), the Revolt ([16.24], [16.27]), and
//! the errata to 13.2: a player who assaults or besieges a city of his own active ally drives
//! that ally to his opponent for the rest of the game (`attack_own_ally`; ruling R-140).

use std::collections::BTreeSet;

use super::sequence::side_name;
use super::state::{CityState, State};
use crate::geo::Hex;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Romans [16.13], [16.26], AMB-32: `ally` becomes the active ally of `to`: its units,
/// commanders and squadrons change owner where they stand, and its home cities pass to `to`
/// where no other player than its old one (or nobody) holds them. Returns the old player.
pub fn switch_sides(st: &mut State, ally: &str, to: &str) -> Option<String> {
    let was = st.allies.get(ally).and_then(|a| a.active.clone());
    if let Some(a) = st.allies.get_mut(ally) {
        a.active = Some(to.to_string());
    }
    for u in st.units.values_mut().filter(|u| u.nation == ally) {
        u.side = to.to_string();
    }
    for c in st.commanders.values_mut().filter(|c| c.nation == ally) {
        c.side = to.to_string();
    }
    for q in st.squadrons.values_mut().filter(|q| q.nation == ally) {
        q.side = to.to_string();
    }
    for c in st.cities.values_mut() {
        if c.ally.as_deref() == Some(ally)
            && (c.control.is_none() || c.control.as_deref() == was.as_deref())
        {
            c.control = Some(to.to_string());
        }
    }
    was
}

/// Errata 13.2: the ally whose home city `c` is, when it is `side`'s own active ally and the
/// city is not held by another player (a city of his ally the enemy holds is the enemy's to
/// lose, and retaking it is no attack on the ally: errata 13.2's table, `cities`).
pub fn own_active_ally(st: &State, side: &str, c: &CityState) -> Option<String> {
    let ally = c.ally.clone()?;
    let a = st.allies.get(&ally)?;
    let held_by_other = c.control.as_deref().is_some_and(|o| o != side);
    (a.active.as_deref() == Some(side) && !held_by_other).then_some(ally)
}

/// Errata 13.2: `side` may not assault or besiege a city of his own ally `ally` while any of
/// the ally's troops stand stacked with his own (in one hex, both inside its city or both
/// outside) or with the attacking Force outside the city `c` (ruling R-140).
///
/// Errors: [`RuleError::Illegal`] naming `at`.
pub fn check_not_stacked(
    st: &State,
    side: &str,
    ally: &str,
    c: &CityState,
    at: &str,
) -> Result<(), RuleError> {
    let own: BTreeSet<(&str, &str, bool)> = st
        .units
        .values()
        .filter(|u| u.side == side && u.nation != ally)
        .map(|u| (u.at.map.as_str(), u.at.hex.as_str(), u.at.inside))
        .collect();
    let stacked: Vec<String> = st
        .units
        .iter()
        .filter(|(_, u)| u.nation == ally && u.side == side)
        .filter(|(_, u)| {
            own.contains(&(u.at.map.as_str(), u.at.hex.as_str(), u.at.inside))
                || (u.at.map == c.at.map && u.at.hex == c.at.hex && !u.at.inside)
        })
        .map(|(k, u)| format!("{k} at {}", u.at.hex))
        .collect();
    if stacked.is_empty() {
        return Ok(());
    }
    Err(RuleError::illegal(
        at,
        "Romans errata 13.2",
        format!(
            "{} is a city of {ally}, your own active ally, and {ally}'s troops stand with yours ({}): you may not assault or besiege it while they do",
            c.name,
            stacked.join(", ")
        ),
    ))
}

/// Errata 13.2: the player `ally` goes over to when `side` attacks it: his opponent; with
/// three players, the other player whose land unit stands nearest the city `c` (hex distance on
/// its map; ties, and nobody on that map, to the first in the order of play; ruling R-140).
fn new_side(st: &State, side: &str, c: &CityState) -> Option<String> {
    let others: Vec<&String> = st.players.iter().filter(|p| *p != side).collect();
    if others.len() <= 1 {
        return others.first().map(|p| (*p).clone());
    }
    let map = st.map(&c.at.map)?;
    let here = Hex::parse(&c.at.hex).ok()?;
    let mut best: Option<(u32, usize)> = None;
    for (i, p) in others.iter().enumerate() {
        let d = st
            .units
            .values()
            .filter(|u| &u.side == *p && u.at.map == c.at.map)
            .filter_map(|u| Hex::parse(&u.at.hex).ok())
            .map(|h| h.distance(here, map.convention))
            .min();
        if let Some(d) = d {
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, i));
            }
        }
    }
    Some(others[best.map(|(_, i)| i).unwrap_or(0)].clone())
}

/// Errata 13.2: `side` assaults or besieges `c`, a city of `ally`, his own active ally. The
/// ally goes over to the opponent at once and for the rest of the game: it is his active ally,
/// at 5 toward him on the Alliance Table, and out of diplomacy (`permanent`); its units,
/// commanders, squadrons and home cities are his (`switch_sides`). The ally's troops in a city
/// `side` still holds revolt ([16.24], [16.27]); `dice` None (a check) rolls no revolt.
pub fn attack_own_ally(
    st: &mut State,
    side: &str,
    ally: &str,
    c: &CityState,
    dice: Option<&mut Dice>,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(to) = new_side(st, side, c) else {
        return Ok(());
    };
    let before = st.allies.get(ally).map(|a| (a.toward.clone(), a.points));
    switch_sides(st, ally, &to);
    if let Some(a) = st.allies.get_mut(ally) {
        a.toward = Some(to.clone());
        a.points = 5;
        a.permanent = Some(to.clone());
    }
    let was = match before {
        Some((Some(t), p)) if p > 0 => format!("{p} toward {}", side_name(&t)),
        _ => "0".into(),
    };
    ev.push(Event::new(
        "Romans errata 13.2",
        format!(
            "{} attacks {}, a city of {ally}, its own active ally: {ally} goes over to {} for the rest of the game (Alliance Table from {was} to 5 toward {}, out of diplomacy)",
            side_name(side),
            c.name,
            side_name(&to),
            side_name(&to)
        ),
    ));
    // The ally's troops in the attacker's cities revolt, city by city (AMB-31).
    let keys: Vec<String> = st
        .cities
        .iter()
        .filter(|(_, x)| x.control.as_deref() == Some(side) && !x.sacked)
        .filter(|(_, x)| {
            st.units_at(&x.at.map, &x.at.hex)
                .any(|(_, u)| u.nation == ally)
        })
        .map(|(k, _)| k.clone())
        .collect();
    let Some(dice) = dice else { return Ok(()) };
    for k in keys {
        let at = st.cities[&k].at.clone();
        let units: Vec<String> = st
            .units_at(&at.map, &at.hex)
            .filter(|(_, u)| u.nation == ally)
            .map(|(id, _)| id.clone())
            .collect();
        let commanders: Vec<String> = st
            .commanders
            .iter()
            .filter(|(_, x)| x.nation == ally && x.at.map == at.map && x.at.hex == at.hex)
            .map(|(id, _)| id.clone())
            .collect();
        revolt(st, ally, &k, side, &units, &commanders, dice, ev)?;
    }
    Ok(())
}

/// Errata 16.24: an ally that changes sides while its units share a hex with a Force of its
/// old player moves them (and its commanders there) one hex away: the first neighbouring land
/// hex, in the map's order, without the old player's units (a default of the new owner's
/// choice, reported; ruling R-79).
pub(super) fn step_away(st: &mut State, ally: &str, old: &str, ev: &mut Vec<Event>) {
    let hexes: BTreeSet<(String, String)> = st
        .units
        .values()
        .filter(|u| u.nation == ally)
        .map(|u| (u.at.map.clone(), u.at.hex.clone()))
        .collect();
    for (m, h) in hexes {
        let shared = st
            .units
            .values()
            .any(|u| u.side == old && u.nation != ally && u.at.map == m && u.at.hex == h);
        if !shared {
            continue;
        }
        let (Some(map), Ok(hex)) = (st.map(&m), crate::geo::Hex::parse(&h)) else {
            continue;
        };
        let to = hex.neighbours(map.convention).into_iter().find(|n| {
            map.hex(*n).is_some_and(|e| {
                !matches!(
                    e.terrain,
                    crate::geo::hexside::Terrain::Sea | crate::geo::hexside::Terrain::Lake
                )
            }) && !st
                .units
                .values()
                .any(|u| u.side == old && u.at.map == m && u.at.hex == n.to_string())
        });
        let Some(to) = to else { continue };
        let to = to.to_string();
        for u in st
            .units
            .values_mut()
            .filter(|u| u.nation == ally && u.at.map == m && u.at.hex == h)
        {
            u.at.hex = to.clone();
            u.at.inside = false;
        }
        for c in st
            .commanders
            .values_mut()
            .filter(|c| c.nation == ally && c.at.map == m && c.at.hex == h)
        {
            c.at.hex = to.clone();
            c.at.inside = false;
        }
        ev.push(Event::new(
            "Romans errata 16.24",
            format!(
                "{ally}'s units at {h} share the hex with {}: they move to {to} (default)",
                side_name(old)
            ),
        ));
    }
}

/// Romans [16.24], [16.27]: the ally's new forces against the garrison of the city `key`,
/// held by `holder`: simple odds, one die, +1 against an all-Roman garrison (never a Major Land
/// Battle, errata 16.24).
#[allow(clippy::too_many_arguments)]
pub(super) fn revolt(
    st: &mut State,
    ally: &str,
    key: &str,
    holder: &str,
    new: &[String],
    new_c: &[String],
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let at = st.cities[key].at.clone();
    let garrison: Vec<String> = st
        .units
        .iter()
        .filter(|(_, u)| u.side == holder && u.at.map == at.map && u.at.hex == at.hex)
        .map(|(k, _)| k.clone())
        .collect();
    let g: u32 = garrison.iter().map(|k| st.units[k].ssp).sum();
    let r: u32 = new.iter().map(|k| st.units[k].ssp).sum();
    let roman = !garrison.is_empty() && garrison.iter().all(|k| st.units[k].nation == "rome");
    let table = st.pack.table("revolt").cloned();
    let Some(t) = table else { return Ok(()) };
    // AMB-31: no garrison rolls in the last column; odds below the first use the first.
    let i = match t.odds(r, g) {
        crate::pack::table::OddsColumn::Column(i) => i,
        crate::pack::table::OddsColumn::Below => 0,
        crate::pack::table::OddsColumn::Above => t.columns.len() - 1,
    };
    let col = if g == 0 {
        t.columns[t.columns.len() - 1].clone()
    } else {
        t.columns[i].clone()
    };
    let die = dice.roll_for(ally).d6("revolt", "Romans [16.27]")? + u32::from(roman);
    let yes = t.cell(&die.to_string(), &col) == Some("YES");
    if yes {
        for k in &garrison {
            st.units.remove(k);
        }
        if let Some(c) = st.cities.get_mut(key) {
            c.control = st.allies[ally].active.clone();
        }
    } else {
        for k in new {
            st.units.remove(k);
        }
        for k in new_c {
            st.remove_commander(k);
        }
    }
    ev.push(Event::new(
        "Romans [16.24], [16.27]",
        format!(
            "{ally} revolts in {} against {} ({r} SSP against {g}, {col}, roll {die}{}): {}",
            st.cities[key].name,
            side_name(holder),
            if roman {
                " with +1 for the Roman garrison"
            } else {
                ""
            },
            if yes {
                "the garrison is removed and the city is the ally's"
            } else {
                "the revolt fails and the allied forces are removed"
            }
        ),
    ));
    Ok(())
}
