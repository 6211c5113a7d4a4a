//! Romans [6.1]–[6.5]: land interception of a moving Force, hex by hex. The zones are the
//! shared `conquerors::interception` zones with The Romans' data (radius 4, the hexsides that
//! block, movement.yaml `zones-of-interception`); the decision to try is the non-phasing
//! player's standing order `intercept` (zones per commander), the roll is on the Land
//! Interception Table (tables.yaml).

use std::collections::{BTreeMap, BTreeSet};

use super::combat::in_charge;
use super::orders::Standing;
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::interception::{automatic, exposed, table_says, zones, ZoneReach};
use crate::geo::hexmap::CityClass;
use crate::geo::{Board, Hex, HexMap, Hexside};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// A Force that may intercept: its hex, its commanders (in charge first) and its units.
#[derive(Debug, Clone)]
pub struct Interceptor {
    /// The hex.
    pub hex: Hex,
    /// Commander in charge.
    pub chief: String,
    /// Its commanders.
    pub commanders: Vec<String>,
    /// Its land units outside the city.
    pub units: Vec<String>,
}

/// A Force with an order: its zones, which hexes of the move expose the mover, the zones
/// ordered (None: `ask`, every zone, asked in person hex by hex).
type Candidate = (Interceptor, BTreeMap<Hex, u32>, Vec<bool>, Option<Vec<u32>>);

struct Reach<'a> {
    st: &'a State,
    map: &'a HexMap,
    side: &'a str,
}

impl ZoneReach for Reach<'_> {
    fn crosses(&self, side: &Hexside) -> bool {
        let effects = &self.st.pack.movement.hexside_effects;
        !self.map.features(side).iter().any(|f| {
            effects
                .get(f)
                .is_some_and(|e| e.item.zoi_blocked == Some(true))
        })
    }
    fn enters(&self, h: Hex) -> bool {
        if !self.map.hex(h).is_some_and(|e| e.terrain.is_land()) {
            return false;
        }
        // [6.12]: not into an A/B city hex the intercepting player does not control.
        !self.st.city_at(&self.map.id, h).is_some_and(|c| {
            matches!(c.class, CityClass::A | CityClass::B)
                && c.control.as_deref() != Some(self.side)
        })
    }
}

/// [6.11], [6.13], [6.51], [6.52], [6.57], AMB-20: the Forces of `side` (non-phasing) that may
/// intercept: a commander, more than 10 SSP outside any city, not Disrupted, not yet
/// intercepted this phase.
pub fn candidates(st: &State, map: &str, side: &str) -> Vec<Interceptor> {
    let z = &st.pack.movement.zones.land;
    let mut by_hex: BTreeMap<String, (Vec<String>, Vec<String>)> = BTreeMap::new();
    for (id, c) in &st.commanders {
        if c.side == side && c.at.map == map && !st.combat.disrupted.contains_key(id) {
            by_hex
                .entry(c.at.hex.clone())
                .or_default()
                .0
                .push(id.clone());
        }
    }
    for (id, u) in &st.units {
        if u.side == side && u.at.map == map && !u.at.inside && super::transport::ashore(st, id) {
            by_hex
                .entry(u.at.hex.clone())
                .or_default()
                .1
                .push(id.clone());
        }
    }
    let mut out = Vec::new();
    for (hex, (cmds, units)) in by_hex {
        if cmds.is_empty() || units.iter().any(|u| st.combat.disrupted.contains_key(u)) {
            continue;
        }
        let ssp: u32 = units.iter().map(|u| st.units[u].ssp).sum();
        if ssp <= z.min_ssp_exclusive {
            continue;
        }
        let Some(chief) = in_charge(st, &cmds) else {
            continue;
        };
        if cmds.iter().any(|c| st.combat.intercepted.contains(c)) {
            continue;
        }
        let Ok(h) = Hex::parse(&hex) else { continue };
        let mut commanders = vec![chief.clone()];
        commanders.extend(cmds.into_iter().filter(|c| *c != chief));
        out.push(Interceptor {
            hex: h,
            chief,
            commanders,
            units,
        });
    }
    out
}

/// The zone numbers around an interceptor ([6.11], [6.12], [6.14]).
pub fn zone_map(st: &State, map: &HexMap, side: &str, at: Hex) -> BTreeMap<Hex, u32> {
    let radius = st.pack.movement.zones.land.radius;
    zones(map, &Reach { st, map, side }, at, radius)
}

/// [6.2]–[6.5]: walks the phasing Force's `steps` (hexes entered after `start`) and rolls for
/// each interception the non-phasing player ordered. `targets`: hexes the mover attacks
/// ([6.53]: their Forces may not intercept it). A Force whose order is `ask` is asked in
/// person at each hex of its zones the mover enters (`pause::intercept`); if he passes, the
/// next Force that may try there does ([6.55]). Returns the index of the hex intercepted in
/// and the Force intercepting, or None.
///
/// Errors: dice not available yet; the pause for a decision asked in person.
#[allow(clippy::too_many_arguments)]
pub fn roll_along(
    st: &mut State,
    map: &HexMap,
    mover: &str,
    phasing: &str,
    start: Hex,
    steps: &[Hex],
    targets: &BTreeSet<Hex>,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<Option<(usize, Interceptor)>, RuleError> {
    let Some(table) = st.pack.table(&st.pack.movement.zones.land.table).cloned() else {
        return Ok(None);
    };
    let others: Vec<String> = st
        .players
        .iter()
        .filter(|p| st.hostile(p, phasing))
        .cloned()
        .collect();
    for other in &others {
        let Some(orders) = standing.get(other) else {
            continue;
        };
        let mut forces: Vec<Candidate> = Vec::new();
        for f in candidates(st, &map.id, other) {
            if targets.contains(&f.hex) {
                continue;
            }
            let Some(want) = orders
                .intercept
                .get(&f.chief)
                .or_else(|| orders.intercept.get("any"))
            else {
                continue;
            };
            let zm = zone_map(st, map, other, f.hex);
            let entered: Vec<Option<u32>> = steps.iter().map(|h| zm.get(h).copied()).collect();
            let open = exposed(zm.get(&start).copied(), &entered);
            let zones = want.given().map(|w| w.zones.clone());
            forces.push((f, zm, open, zones));
        }
        for (k, h) in steps.iter().enumerate() {
            // [6.56]: not into a hex where the mover attacks a Force of his.
            if targets.contains(h) {
                continue;
            }
            // [6.55]: one Force a hex, chosen before the roll: the nearest (lowest zone); one
            // asked in person that passes leaves the hex to the next.
            let mut picks: Vec<(u32, usize)> = Vec::new();
            for (i, (_, zm, open, want)) in forces.iter().enumerate() {
                let Some(z) = zm.get(h).copied() else {
                    continue;
                };
                if !open[k] || want.as_ref().is_some_and(|w| !w.contains(&z)) {
                    continue;
                }
                // [14.21]: no interception beyond the radius without the talent.
                let f = &forces[i].0;
                if super::supply_charges::interception_cost(st, other, &map.id, f, *h).is_none() {
                    continue;
                }
                picks.push((z, i));
            }
            picks.sort();
            let mut pick = None;
            for (z, i) in picks {
                if forces[i].3.is_some() {
                    pick = Some((z, i));
                    break;
                }
                let f = forces[i].0.clone();
                if super::pause::intercept(st, other, &f, (phasing, mover), (*h, z, k))? {
                    pick = Some((z, i));
                    break;
                }
            }
            let Some((z, i)) = pick else { continue };
            let f = &forces[i].0;
            let name = st.commander_name(&f.chief);
            let ok = if automatic(&table, z) {
                ev.push(Event::new(
                    "Romans [6.3]",
                    format!(
                        "{name}'s Force ({}) intercepts at {h}, Zone-{z}: automatic",
                        side_name(other)
                    ),
                ));
                true
            } else {
                let roll = dice
                    .roll_for(other)
                    .d6("land interception", "Romans [6.22]")?;
                let ok = table_says(&table, z, roll as u8);
                ev.push(Event::new(
                    "Romans [6.22], [6.3]",
                    format!(
                        "{name}'s Force ({}) tries to intercept at {h}, Zone-{z}: rolls {roll}, {}",
                        side_name(other),
                        if ok { "intercepted" } else { "no interception" }
                    ),
                ));
                ok
            };
            if ok {
                let f = f.clone();
                super::supply_charges::charge_interception(st, other, &map.id, &f, *h, ev);
                return Ok(Some((k, f)));
            }
        }
    }
    Ok(None)
}
