//! Romans [6.6], [6.7]: naval interception. Each commander-led fleet of the non-phasing
//! player has a zone of two hexes (`movement.yaml` `zones-of-interception.naval`), measured in
//! hex steps through the water fleets use, never across an all-land hexside, out into all-sea
//! hexes ([6.61], [6.62], `conquerors::sea`). As a phasing fleet enters a hex of the zone, the
//! fleet may try — its owner's standing `naval_intercept`, read through
//! `naval_decisions::intercept_zones` — rolling on the Naval Interception Table (zone 1 is
//! rolled for too, [6.63]). The land rules apply by analogy (ruling AMB-17): no minimum
//! strength, one attempt a hex entered and one success a phase (follow-up 6.57), the nearest
//! fleet tries in a hex (6.55), not the fleet the mover attacks (6.53, 6.56), and a mover that
//! starts in the zone is safe while it moves to weaker zones (6.54). A success moves the
//! interceptor into the hex at no cost; it attacks; intercepting in an all-sea hex costs it no
//! attrition and lets it stay there ([6.61]).

use std::collections::{BTreeMap, BTreeSet};

use super::combat::in_charge;
use super::fleets::{self, key, position, words};
use super::naval_decisions::intercept_zones;
use super::orders::Standing;
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::interception::{exposed, table_says};
use crate::games::conquerors::sea::Waters;
use crate::geo::HexKey;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// A fleet that may intercept.
#[derive(Debug, Clone)]
pub struct Interceptor {
    /// Its side.
    pub side: String,
    /// Its hex.
    pub at: HexKey,
    /// Commander in charge.
    pub chief: String,
    /// Its commanders.
    pub commanders: Vec<String>,
    /// Its squadrons.
    pub squadrons: Vec<String>,
    /// Its zone numbers.
    pub zones: BTreeMap<HexKey, u32>,
    /// The zones its owner ordered; None: he said nothing.
    pub want: Option<Vec<u32>>,
    /// The default was reported for this move.
    pub told: bool,
}

/// [6.0], [6.13], [6.52], [6.57], AMB-17: the fleets of players other than `phasing` that may
/// intercept: warships with a commander who may lead them, none Disrupted, not yet
/// successful this phase, not in `targets` (the hexes the mover attacks).
pub fn candidates(
    st: &State,
    w: &Waters,
    phasing: &str,
    targets: &BTreeSet<HexKey>,
    standing: &BTreeMap<String, Standing>,
) -> Vec<Interceptor> {
    let radius = st.pack.movement.zones.naval.radius;
    let mut groups: BTreeMap<(String, HexKey), Vec<String>> = BTreeMap::new();
    for (id, q) in &st.squadrons {
        if !st.hostile(&q.side, phasing) || fleets::is_merchant(q) {
            continue;
        }
        if let Some(k) = key(&q.at).and_then(|k| w.canonical(&k)) {
            groups
                .entry((q.side.clone(), k))
                .or_default()
                .push(id.clone());
        }
    }
    let mut out = Vec::new();
    for ((side, at), ids) in groups {
        if targets.contains(&at) {
            continue;
        }
        let all = fleets::squadrons_at(st, w, &at, Some(&side));
        if all.iter().any(|q| st.combat.disrupted.contains_key(q)) {
            continue;
        }
        let cmds: Vec<String> = fleets::fleet_commanders(st, w, &at, &side)
            .into_iter()
            .filter(|c| !st.combat.disrupted.contains_key(c))
            .collect();
        let Some(chief) = in_charge(st, &cmds) else {
            continue;
        };
        if cmds.iter().any(|c| st.combat.intercepted.contains(c)) {
            continue;
        }
        let d = intercept_zones(standing, &side, &chief);
        let _ = ids;
        out.push(Interceptor {
            zones: w.zones(&at, radius),
            side: side.clone(),
            at,
            chief,
            commanders: cmds,
            squadrons: all,
            want: (!d.defaulted).then_some(d.value),
            told: false,
        });
    }
    out
}

/// Romans [6.6], [6.55], follow-up 6.57: as the phasing fleet enters `entered.last()` (the
/// hexes entered so far after `start`), the fleet nearest to it that was ordered to try in
/// that zone rolls. Returns the index of the interceptor that succeeded.
///
/// Errors: dice not available yet.
pub fn try_at(
    st: &State,
    found: &mut [Interceptor],
    start: &HexKey,
    entered: &[HexKey],
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<Option<usize>, RuleError> {
    let Some(h) = entered.last() else {
        return Ok(None);
    };
    let Some(table) = st.pack.table(&st.pack.movement.zones.naval.table).cloned() else {
        return Ok(None);
    };
    let mut pick: Option<(u32, usize)> = None;
    for (i, f) in found.iter_mut().enumerate() {
        let Some(z) = f.zones.get(h).copied() else {
            continue;
        };
        let zs: Vec<Option<u32>> = entered.iter().map(|k| f.zones.get(k).copied()).collect();
        let open = exposed(f.zones.get(start).copied(), &zs);
        if !open.last().copied().unwrap_or(false) {
            continue;
        }
        let Some(want) = &f.want else {
            if !f.told {
                f.told = true;
                ev.push(Event::new(
                    "Romans [6.6]",
                    format!(
                        "{}'s fleet under {} could try to intercept at {} (Zone-{z}) but its player sent no standing `naval_intercept`: no interception (default)",
                        side_name(&f.side),
                        st.commander_name(&f.chief),
                        words(st, h)
                    ),
                ));
            }
            continue;
        };
        if want.contains(&z) && pick.is_none_or(|(pz, _)| z < pz) {
            pick = Some((z, i));
        }
    }
    let Some((z, i)) = pick else { return Ok(None) };
    let f = &found[i];
    let roll = dice
        .roll_for(&f.side)
        .d6("naval interception", "Romans [6.63]")?;
    let ok = table_says(&table, z, roll as u8);
    ev.push(Event::new(
        "Romans [6.63], [6.7]",
        format!(
            "{}'s fleet under {} tries to intercept at {}, Zone-{z}: rolls {roll}, {}",
            side_name(&f.side),
            st.commander_name(&f.chief),
            words(st, h),
            if ok { "intercepted" } else { "no interception" }
        ),
    ));
    Ok(ok.then_some(i))
}

/// Romans [6.41], [6.61]: the interceptor moves into `h`, free, with what it carries; in an
/// all-sea hex it may stay (and rolls no attrition).
pub fn move_in(st: &mut State, w: &Waters, f: &Interceptor, h: &HexKey, ev: &mut Vec<Event>) {
    let pos = position(&w.canonical(h).unwrap_or_else(|| h.clone()));
    let cargo = fleets::cargo_of(st, &f.squadrons);
    for q in &f.squadrons {
        if let Some(x) = st.squadrons.get_mut(q) {
            x.at = pos.clone();
        }
    }
    let going: Vec<String> = f
        .commanders
        .iter()
        .filter(|c| **c == f.chief || fleets::sails_with_fleet(st, w, c))
        .cloned()
        .collect();
    for c in going.iter().chain(cargo.keys()) {
        if let Some(x) = st.commanders.get_mut(c) {
            x.at = pos.clone();
        } else if let Some(u) = st.units.get_mut(c) {
            u.at = pos.clone();
        }
    }
    for c in &f.commanders {
        st.combat.intercepted.insert(c.clone());
    }
    let sea = w.all_sea(h);
    if sea {
        st.naval.at_sea.extend(f.squadrons.iter().cloned());
    }
    ev.push(Event::new(
        "Romans [6.41], [6.61]",
        format!(
            "{}'s fleet moves from {} to {} at no cost and attacks{}",
            side_name(&f.side),
            words(st, &f.at),
            words(st, h),
            if sea {
                " (an all-sea hex: no attrition for the interceptor, and it may stay there)"
            } else {
                ""
            }
        ),
    ));
}
