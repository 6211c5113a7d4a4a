//! Macedonians [4.2] A2/B3, [15.3], [16.2], [17]: a side's Supply and Attrition Phase. The
//! Supply Points are distributed ([`super::supply`]); then each Force liable rolls on the Land
//! Attrition Table (17.15): one out of supply (15.3, 17.11), one without a commander (17.12;
//! Garrison units are no Force and never suffer it, 18.24), one in a Marsh or Desert hex (5.34,
//! 17.13), one north of the Winter Line in Winter outside a friendly Major City/Port or Walled
//! City hex (17.13, 17.23; ruling M-R31). It rolls twice when leaderless and either unsupplied
//! or in a Marsh (17.14), or outside a city in Winter and unsupplied (17.23), never more
//! (17.14). Every Fleet not in a friendly Port rolls on the Naval Attrition Table (17.32); a
//! Fleet out of supply then disbands at the nearest friendly Port (4.2 A, 16.2, 12.22). Winter
//! adds 2 to every attrition die (17.24). Commanders never suffer attrition (8.55).

use std::collections::BTreeMap;

use super::orders::Standing;
use super::sequence::side_name;
use super::state::State;
use super::supply::{distribute, Group};
use crate::games::conquerors::attrition::{land_loss, remove_ssp};
use crate::geo::{Board, Hex, Terrain};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The hex holds a Major City/Port or Walled City `side` controls (17.23).
fn friendly_city(st: &State, side: &str, hex: &str) -> bool {
    st.pack
        .places
        .cities
        .iter()
        .any(|(n, c)| c.hex == hex && st.controller(n) == Some(side))
}

/// The hex holds a Port `side` controls (17.32).
fn friendly_port(st: &State, side: &str, hex: &str) -> bool {
    st.pack
        .places
        .cities
        .iter()
        .any(|(n, c)| c.hex == hex && c.port && st.controller(n) == Some(side))
}

/// The nearest Port `side` controls to `hex` (16.2), by hex count, then by name.
pub fn nearest_port(st: &State, side: &str, hex: &str) -> Option<(String, String)> {
    let map = st.map();
    let from = Hex::parse(hex).ok()?;
    st.pack
        .places
        .cities
        .iter()
        .filter(|(n, c)| c.port && st.controller(n) == Some(side))
        .filter_map(|(n, c)| {
            let h = Hex::parse(&c.hex).ok()?;
            Some((from.distance(h, map.convention()), n.clone(), c.hex.clone()))
        })
        .min()
        .map(|(_, n, h)| (n, h))
}

/// Why a Force must roll, and how many times (17.11-17.14, 17.23).
fn liability(st: &State, side: &str, g: &Group) -> (Vec<&'static str>, u32) {
    let map = st.map();
    let h = Hex::parse(&g.hex).ok();
    let e = h.and_then(|h| map.hex(h));
    let terrain = e.map(|e| e.terrain);
    let north = e.is_some_and(|e| e.regions.iter().any(|r| r == "north-of-winter-line"));
    let led = st.commanders.iter().any(|(id, c)| {
        c.side == side && c.at.hex == g.hex && !st.commander_data(id).is_some_and(|d| d.naval_only)
    });
    let unsupplied = !g.supplied;
    let marsh = terrain == Some(Terrain::Marsh);
    let desert = terrain == Some(Terrain::Desert);
    let winter_out = st.winter() && north && !friendly_city(st, side, &g.hex);
    let mut why = Vec::new();
    if unsupplied {
        why.push("out of supply (17.11)");
    }
    if !led {
        why.push("without a commander (17.12)");
    }
    if marsh {
        why.push("in a Marsh hex (17.13)");
    }
    if desert {
        why.push("in a Desert hex (17.13)");
    }
    if winter_out {
        why.push("north of the Winter Line outside a friendly city in Winter (17.23)");
    }
    let most = st
        .pack
        .number("supply", "attrition-rolls-at-most")
        .unwrap_or(2);
    let twice = (!led && (unsupplied || marsh)) || (winter_out && unsupplied);
    let n = if why.is_empty() {
        0
    } else if twice {
        2.min(most)
    } else {
        1
    };
    (why, n)
}

/// One attrition die: d6, +2 in Winter (17.24).
fn die(st: &State, side: &str, what: &str, dice: &mut Dice) -> Result<(u32, u32), RuleError> {
    let r = dice.roll_for(side).d6(what, "Macedonians [17.15]")?;
    let plus = if st.winter() {
        st.pack
            .number("supply", "winter-attrition-bonus")
            .unwrap_or(2)
    } else {
        0
    };
    Ok((r, r + plus))
}

/// The table cell of `table` for a modified die (rows 1-8).
fn cell(st: &State, table: &str, row: u32) -> String {
    st.pack
        .table(table)
        .and_then(|t| t.cell(&row.min(8).to_string(), "remove"))
        .unwrap_or("0")
        .to_string()
}

fn rolled(r: u32, row: u32) -> String {
    if r == row {
        format!("rolls {r}")
    } else {
        format!("rolls {r} +2 in Winter = {row}")
    }
}

/// Macedonians [17.1], [17.24]: the land attrition of one Force.
fn land(
    st: &mut State,
    side: &str,
    g: &Group,
    named: &[String],
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (why, n) = liability(st, side, g);
    for k in 0..n {
        let ids: Vec<String> = g
            .ids
            .iter()
            .filter(|i| st.units.contains_key(*i))
            .cloned()
            .collect();
        let force: u32 = ids.iter().map(|i| st.units[i].ssp).sum();
        if force == 0 {
            return Ok(());
        }
        let (r, row) = die(st, side, "land attrition", dice)?;
        let c = cell(st, "land-attrition", row);
        let lost = land_loss(&c, force).unwrap_or(0);
        let taken = remove_ssp(&mut st.units, named, &ids, lost);
        for (id, u) in taken.eliminated.iter().cloned() {
            st.eliminated.insert(id, u);
        }
        let nth = if n > 1 {
            format!(" (roll {} of {n})", k + 1)
        } else {
            String::new()
        };
        ev.push(Event::new(
            "Macedonians [17.1]",
            format!(
                "{}'s Force at {} ({force} SSP), {}{nth}: {} on the Land Attrition Table ({c}): {lost} SSP lost{}",
                side_name(side),
                g.hex,
                why.join(", "),
                rolled(r, row),
                taken.words()
            ),
        ));
    }
    Ok(())
}

/// Macedonians [17.32], [17.5]: the Fleet not in a friendly Port rolls; the steps come off one
/// at a time, a full squadron to half strength, a half one eliminated, in the owner's order,
/// then by id (default).
fn naval(
    st: &mut State,
    side: &str,
    g: &Group,
    named: &[String],
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let steps: u32 = g
        .ids
        .iter()
        .filter_map(|i| st.squadrons.get(i))
        .map(|q| if q.half { 1 } else { 2 })
        .sum();
    let (r, row) = die(st, side, "naval attrition", dice)?;
    let c = cell(st, "naval-attrition", row);
    let mut left = land_loss(&c, steps).unwrap_or(0);
    let lost = left;
    let order: Vec<(bool, &String)> = named
        .iter()
        .filter(|i| g.ids.contains(i))
        .map(|i| (true, i))
        .chain(
            g.ids
                .iter()
                .filter(|i| !named.contains(i))
                .map(|i| (false, i)),
        )
        .collect();
    let (mut lines, mut defaulted) = (Vec::new(), false);
    for (by_owner, id) in order {
        while left > 0 && st.squadrons.contains_key(id) {
            defaulted |= !by_owner;
            left -= 1;
            if st.squadrons[id].half {
                st.squadrons.remove(id);
                lines.push(format!("{id} eliminated"));
            } else if let Some(q) = st.squadrons.get_mut(id) {
                q.half = true;
                lines.push(format!("{id} to half strength"));
            }
        }
    }
    ev.push(Event::new(
        "Macedonians [17.32]",
        format!(
            "{}'s Fleet at {} ({steps} steps) is not in a friendly Port: {} on the Naval Attrition Table ({c}): {lost} steps lost{}{}",
            side_name(side),
            g.hex,
            rolled(r, row),
            if lines.is_empty() { String::new() } else { format!(" ({})", lines.join(", ")) },
            if defaulted { "; squadrons not named in the standing `attrition_losses` took steps in the order of their ids (default)" } else { "" }
        ),
    ));
    Ok(())
}

/// Macedonians [16.2], [12.22]: the unsupplied Fleet disbands at the nearest friendly Port
/// (kept aside with its place, 12.22-12.23; raising again is not built).
fn disband(st: &mut State, side: &str, g: &Group, ev: &mut Vec<Event>) {
    let port = nearest_port(st, side, &g.hex);
    let mut gone = Vec::new();
    for id in &g.ids {
        if let Some(mut q) = st.squadrons.remove(id) {
            if let Some((_, h)) = &port {
                q.at.hex = h.clone();
                q.at.inside = false;
            }
            st.disbanded.insert(id.clone(), q);
            gone.push(id.clone());
        }
    }
    if gone.is_empty() {
        return;
    }
    let at = port.map(|(n, _)| format!(" at {n}")).unwrap_or_default();
    ev.push(Event::new(
        "Macedonians [16.2]",
        format!(
            "{}'s Fleet at {} has no 3 Supply Points and disbands{at} ({})",
            side_name(side),
            g.hex,
            gone.join(", ")
        ),
    ));
}

/// Macedonians [4.2] A2/B3: `side`'s whole Supply and Attrition Phase.
///
/// Errors: [`RuleError::Dice`] while the dice are not fixed yet.
pub fn phase(
    st: &mut State,
    side: &str,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let mine = standing.get(side).cloned().unwrap_or_default();
    let (groups, defaulted) = distribute(st, side, &mine.supply_first);
    let total: u32 = super::supply::yields(st, side).values().sum();
    let out: Vec<String> = groups
        .iter()
        .filter(|g| !g.supplied)
        .map(|g| {
            format!(
                "{}{}",
                if g.naval {
                    "the Fleet at "
                } else {
                    "the Force at "
                },
                g.hex
            )
        })
        .collect();
    ev.push(Event::new(
        "Macedonians [15.2]",
        format!(
            "{} has {total} Supply Points for {} Forces and Fleets ({} each): {}{}",
            side_name(side),
            groups.len(),
            st.pack.number("supply", "per-force").unwrap_or(3),
            if out.is_empty() { "all in supply".to_string() } else { format!("out of supply: {}", out.join(", ")) },
            if defaulted && !out.is_empty() { "; those not named in the standing `supply_first` were served largest Force first, then the Fleets, by hex (default)" } else { "" }
        ),
    ));
    for g in groups.iter().filter(|g| !g.naval) {
        land(st, side, g, &mine.attrition_losses, dice, ev)?;
    }
    for g in groups.iter().filter(|g| g.naval) {
        if !friendly_port(st, side, &g.hex) {
            naval(st, side, g, &mine.attrition_losses, dice, ev)?;
        }
        if !g.supplied {
            disband(st, side, g, ev);
        }
    }
    Ok(())
}
