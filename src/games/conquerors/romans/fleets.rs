//! Romans [3.4], [7.14], [7.32], [11.21], [12.1]: fleets — what the naval rules keep in the
//! state between moves and phases ([`NavalState`]: cargo aboard each squadron, attacks made,
//! commanders landed who may march on, amphibious landings, fleets allowed to stay at sea) and
//! the look-ups every naval rule uses: the water of the scenario's maps (`conquerors::sea`,
//! both maps joined in the Syrian War, [20.21]), hexes named in orders (`"0712M"` on The
//! Macedonians map), squadrons' strength, steps and room, friendly ports, a fleet's commanders.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::state::State;
use crate::games::conquerors::data::Pack as ConquerorsMaps;
use crate::games::conquerors::force::{Position, Squadron};
use crate::games::conquerors::naval_combat::Ship;
use crate::games::conquerors::sea::Waters;
use crate::geo::{Hex, HexKey, Seam};

/// Land units landed from a fleet ([12.14] errata: the same ships may take them off again;
/// [12.16]: an amphibious attacker leaves by the fleet that landed it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Landing {
    /// The hex (`map:hex`).
    pub at: String,
    /// The squadrons that landed them.
    pub squadrons: Vec<String>,
    /// The Campaign Phase (index) of the landing.
    pub phase: usize,
}

/// A squadron allowed to sail without a commander (Romans [20.22], ruling R-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FreeSailing {
    /// Until the end of this year of the track.
    pub until_year: String,
    /// Where it may go (`roman-italian-city`).
    pub to: String,
}

/// The naval rules' records.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalState {
    /// Land units and commanders aboard → the squadron carrying them ([12.12], [12.15]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub aboard: BTreeMap<String, String>,
    /// Attacks made this Campaign Phase: `commander>map:hex` ([11.15]).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub attacks: BTreeSet<String>,
    /// Commanders carried by sea this phase and landed: they may march on with what is left
    /// of their 20 MP (errata 5.23, follow-up 8.32).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub landed: BTreeSet<String>,
    /// Land units landed from a fleet, by unit.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub landings: BTreeMap<String, Landing>,
    /// Squadrons that may end the Game-Turn in an all-sea hex: they intercepted there
    /// ([6.61]) or could not reach a port ([11.17] B).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub at_sea: BTreeSet<String>,
    /// Squadrons that sail without a commander ([20.22]).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub free_sailing: BTreeMap<String, FreeSailing>,
    /// Reinforcements placed, by nation ([20.14]).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub arrived: BTreeSet<String>,
    /// Reinforcements whose set-up roll of the random arrival is made ([20.14]).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub set_up_rolls: BTreeSet<String>,
    /// Squadrons whose move the check before the dice stopped at a battle (the rest of it is
    /// checked when it is fought); never in a real state.
    #[serde(skip)]
    pub unchecked: BTreeSet<String>,
}

impl NavalState {
    /// Nothing recorded (the field is left out of the state file).
    pub fn is_empty(&self) -> bool {
        *self == NavalState::default()
    }
}

/// The water of the scenario's maps, joined by the base map's seam ([20.21]); built once.
pub fn waters(st: &State) -> Waters {
    st.waters.get_or_init(|| build_waters(st)).clone()
}

/// Waters already built in this process: by the Conquerors maps they were built from (held
/// weakly) and the scenario's map ids. A pure function of those, so every game set up on the
/// same maps shares one (issue 15: built once per process, not once per replay).
type WatersCache = Vec<(std::sync::Weak<ConquerorsMaps>, Vec<String>, Waters)>;
static WATERS: std::sync::Mutex<WatersCache> = std::sync::Mutex::new(Vec::new());

fn build_waters(st: &State) -> Waters {
    let ids = st
        .pack
        .scenarios
        .get(&st.scenario)
        .map(|s| s.maps.clone())
        .unwrap_or_else(|| vec!["romans".into()]);
    let mut cache = WATERS.lock().unwrap_or_else(|e| e.into_inner());
    cache.retain(|(m, ..)| m.strong_count() > 0);
    let hit = cache.iter().find(|(m, i, _)| {
        *i == ids
            && m.upgrade()
                .is_some_and(|m| std::sync::Arc::ptr_eq(&m, &st.maps))
    });
    if let Some((.., w)) = hit {
        return w.clone();
    }
    let w = waters_of(st, &ids);
    cache.push((std::sync::Arc::downgrade(&st.maps), ids, w.clone()));
    w
}

fn waters_of(st: &State, ids: &[String]) -> Waters {
    let maps: Vec<_> = ids.iter().filter_map(|m| st.map(m)).collect();
    let base = ids.first().cloned().unwrap_or_default();
    let seam = st.maps.maps.get(&base).and_then(|f| {
        f.joins.iter().find_map(|j| {
            ids.contains(&j.map)
                .then(|| Seam::new(&base, &j.map, j.columns, j.rows))
                .flatten()
        })
    });
    Waters::new(maps, seam)
}

/// The hex key of a position.
pub fn key(p: &Position) -> Option<HexKey> {
    Some(HexKey {
        map: p.map.clone(),
        hex: Hex::parse(&p.hex).ok()?,
    })
}

/// The position of a hex key, outside any city.
pub fn position(k: &HexKey) -> Position {
    Position {
        map: k.map.clone(),
        hex: k.hex.to_string(),
        inside: false,
    }
}

/// A hex for people: plain on the first map, with the map's letter on another (`0712M`).
pub fn words(st: &State, k: &HexKey) -> String {
    let base = st
        .pack
        .scenarios
        .get(&st.scenario)
        .and_then(|s| s.maps.first().cloned())
        .unwrap_or_else(|| "romans".into());
    if k.map == base {
        k.hex.to_string()
    } else {
        format!(
            "{}{}",
            k.hex,
            k.map.chars().next().unwrap_or('?').to_ascii_uppercase()
        )
    }
}

/// Reads a hex of an order: `CCRR` on the map `default`, or `CCRR` with a map's letter
/// (`0712M`, `6120R`).
///
/// Errors: what is wrong with it, in words.
pub fn parse_hex(st: &State, text: &str, default: &str) -> Result<HexKey, String> {
    let t = text.trim();
    let (num, map) = match t.chars().last() {
        Some(c) if c.is_ascii_alphabetic() => {
            let lower = c.to_ascii_lowercase();
            let ids = st
                .pack
                .scenarios
                .get(&st.scenario)
                .map(|s| s.maps.clone())
                .unwrap_or_default();
            let m = ids
                .iter()
                .find(|m| m.starts_with(lower))
                .cloned()
                .ok_or_else(|| format!("`{t}`: no map of this scenario is lettered {c}"))?;
            (&t[..t.len() - 1], m)
        }
        _ => (t, default.to_string()),
    };
    let hex = Hex::parse(num).map_err(|e| format!("`{t}`: {e}"))?;
    Ok(HexKey { map, hex })
}

/// Whether two positions are the same hex of the joined maps.
pub fn same_hex(w: &Waters, a: &Position, b: &Position) -> bool {
    match (key(a), key(b)) {
        (Some(x), Some(y)) => w.canonical(&x) == w.canonical(&y),
        _ => false,
    }
}

/// A Merchant fleet ([12.2]).
pub fn is_merchant(q: &Squadron) -> bool {
    q.kind == "merchant"
}

/// Naval strength of a squadron now ([11.21]); a Merchant has none ([12.2]).
pub fn strength(st: &State, q: &Squadron) -> u32 {
    st.pack
        .counters
        .squadron_types
        .get(&q.kind)
        .map(|t| {
            if q.half {
                t.strength.half
            } else {
                t.strength.full
            }
        })
        .unwrap_or(0)
}

/// Room of a squadron in SSP ([12.12], [12.2]).
pub fn capacity(st: &State, q: &Squadron) -> u32 {
    let t = &st.pack.counters.transport;
    if is_merchant(q) {
        t.merchant_ssp
    } else if q.half {
        t.squadron_half_ssp
    } else {
        t.squadron_full_ssp
    }
}

/// Room a land unit takes aboard ([12.12]; a Siege Train its own number, [13.45]); commanders
/// take none.
pub fn room(st: &State, id: &str) -> u32 {
    match st.units.get(id) {
        Some(u) if u.kind == "siege-train" => st.pack.counters.transport.siege_train_ssp,
        Some(u) => u.ssp,
        None => st.pack.counters.transport.commanders_ssp,
    }
}

/// The squadrons of `ids` as the combat procedure sees them (Merchants left out: no strength).
pub fn ships(st: &State, ids: &[String]) -> Vec<Ship> {
    ids.iter()
        .filter_map(|id| st.squadrons.get(id).map(|q| (id, q)))
        .filter(|(_, q)| !is_merchant(q))
        .map(|(id, q)| Ship {
            id: id.clone(),
            strength: strength(st, q),
            steps: if q.half { 1 } else { 2 },
            loss_points: st
                .pack
                .counters
                .squadron_types
                .get(&q.kind)
                .map(|t| t.loss_points_per_step)
                .unwrap_or(1),
        })
        .collect()
}

/// The squadrons standing in hex `k` (any side when `side` is None).
pub fn squadrons_at(st: &State, w: &Waters, k: &HexKey, side: Option<&str>) -> Vec<String> {
    let k = w.canonical(k);
    st.squadrons
        .iter()
        .filter(|(_, q)| side.is_none_or(|s| q.side == s))
        .filter(|(_, q)| key(&q.at).and_then(|x| w.canonical(&x)) == k)
        .map(|(id, _)| id.clone())
        .collect()
}

/// Squadrons of sides other than `side` in hex `k` (an enemy fleet, [5.27], [11.11]).
pub fn enemy_squadrons(st: &State, w: &Waters, k: &HexKey, side: &str) -> Vec<String> {
    squadrons_at(st, w, k, None)
        .into_iter()
        .filter(|id| st.hostile(&st.squadrons[id].side, side))
        .collect()
}

/// Whether commander `cid` may command fleets ([8.32], [18.22]: tribunes never; Philipus,
/// elephants only, [20.22]).
pub fn commands_fleets(st: &State, cid: &str) -> bool {
    let Some(c) = st.commanders.get(cid) else {
        return false;
    };
    if let Some(p) = c
        .pool
        .as_ref()
        .and_then(|p| st.pack.counters.roman_pools.get(p))
    {
        return p.commands.fleets;
    }
    !c.counter
        .as_ref()
        .and_then(|k| st.pack.counters.commanders.get(k))
        .is_some_and(|n| n.elephants_only)
}

/// Whether commander `cid` may command land Forces ([8.32], [18.22]).
pub fn commands_land(st: &State, cid: &str) -> bool {
    let Some(c) = st.commanders.get(cid) else {
        return false;
    };
    if let Some(p) = c
        .pool
        .as_ref()
        .and_then(|p| st.pack.counters.roman_pools.get(p))
    {
        return p.commands.land;
    }
    !c.counter
        .as_ref()
        .and_then(|k| st.pack.counters.commanders.get(k))
        .is_some_and(|n| n.naval_only)
}

/// The commanders of `side` in hex `k` who may lead its fleet there ([11.12], [8.32]).
pub fn fleet_commanders(st: &State, w: &Waters, k: &HexKey, side: &str) -> Vec<String> {
    let k = w.canonical(k);
    st.commanders
        .iter()
        .filter(|(_, c)| c.side == side && key(&c.at).and_then(|x| w.canonical(&x)) == k)
        .map(|(id, _)| id.clone())
        .filter(|id| commands_fleets(st, id))
        .collect()
}

/// Whether commander `cid` goes down with his fleet ([11.4]): he is aboard it, commands
/// fleets only, or has no land units of his side ashore in the hex.
pub fn sails_with_fleet(st: &State, w: &Waters, cid: &str) -> bool {
    let Some(c) = st.commanders.get(cid) else {
        return false;
    };
    if st.naval.aboard.contains_key(cid) || !commands_land(st, cid) {
        return true;
    }
    !st.units.iter().any(|(id, u)| {
        u.side == c.side
            && !u.at.inside
            && !st.naval.aboard.contains_key(id)
            && same_hex(w, &u.at, &c.at)
    })
}

/// The city in hex `k`, with its key.
pub fn city_at<'a>(
    st: &'a State,
    w: &Waters,
    k: &HexKey,
) -> Option<(String, &'a super::state::CityState)> {
    let c = w.canonical(k)?;
    let key = super::state::city_key(&c.map, &c.hex.to_string());
    st.cities.get(&key).map(|x| (key, x))
}

/// Romans [15.22], [11.18], ruling R-49: whether hex `k` is a friendly port for the fleet of
/// `side` made of squadrons of `nations`: a port whose city `side` controls (not sacked), or a
/// port without a city; with no enemy squadron in it ([11.18]); a reinforcement's own base is
/// its port ([20.14]).
pub fn friendly_port(
    st: &State,
    w: &Waters,
    k: &HexKey,
    side: &str,
    nations: &BTreeSet<String>,
) -> bool {
    if !enemy_squadrons(st, w, k, side).is_empty() {
        return false;
    }
    if super::naval_bases::own_base(st, w, k, nations) {
        return true;
    }
    if !w.port(k) {
        return false;
    }
    match city_at(st, w, k) {
        Some((_, c)) => !c.sacked && c.control.as_deref() == Some(side),
        None => true,
    }
}

/// The nations of squadrons `ids`.
pub fn nations(st: &State, ids: &[String]) -> BTreeSet<String> {
    ids.iter()
        .filter_map(|id| st.squadrons.get(id))
        .map(|q| q.nation.clone())
        .collect()
}

/// The cargo aboard squadrons `ids`, by counter.
pub fn cargo_of(st: &State, ids: &[String]) -> BTreeMap<String, String> {
    st.naval
        .aboard
        .iter()
        .filter(|(_, q)| ids.contains(q))
        .map(|(c, q)| (c.clone(), q.clone()))
        .collect()
}

/// Whether land unit or commander `id` is aboard a squadron standing in its hex.
pub fn aboard(st: &State, id: &str) -> bool {
    let Some(q) = st.naval.aboard.get(id).and_then(|q| st.squadrons.get(q)) else {
        return false;
    };
    let at = st
        .units
        .get(id)
        .map(|u| &u.at)
        .or_else(|| st.commanders.get(id).map(|c| &c.at));
    at.is_some_and(|p| p.map == q.at.map && p.hex == q.at.hex)
}

/// [11.15], [6.61], errata 5.23: what lapses when `side`'s Campaign Phase ends: the attacks
/// made, the landed commanders' leave to march on, stale cargo and landings; after the last
/// player's phase, the leave of fleets to end the Game-Turn at sea ([6.61], [11.17] B).
pub fn end_of_phase(st: &mut State, side: &str) {
    st.naval.attacks.clear();
    st.naval.landed.clear();
    st.naval.unchecked.clear();
    super::transport::prune(st);
    let w = waters(st);
    let keep: BTreeMap<String, Landing> = st
        .naval
        .landings
        .iter()
        .filter(|(u, l)| {
            st.units.get(*u).is_some_and(|x| {
                key(&x.at)
                    .and_then(|k| w.canonical(&k))
                    .is_some_and(|k| super::state::city_key(&k.map, &k.hex.to_string()) == l.at)
            })
        })
        .map(|(u, l)| (u.clone(), l.clone()))
        .collect();
    st.naval.landings = keep;
    // [6.61], [11.17] B: leave to stay at sea lasts to the end of the Game-Turn.
    if st.players.last().is_some_and(|p| p == side) {
        st.naval.at_sea.clear();
    }
}

/// Romans [5.26], [13.15]: hex `k` holds an uncontrolled or enemy A/B city (not sacked) that
/// `side`'s fleets may not pass or enter (except to besiege it).
pub fn closed(st: &State, w: &Waters, k: &HexKey, side: &str) -> bool {
    city_at(st, w, k).is_some_and(|(_, c)| {
        matches!(
            c.class,
            crate::geo::hexmap::CityClass::A | crate::geo::hexmap::CityClass::B
        ) && !c.sacked
            && !c.control.as_deref().is_some_and(|o| st.friends(o, side))
    })
}

/// Where a fleet of `side` may sail through on its own: water with no enemy fleet and no city
/// closed to it ([5.26], [5.27]).
pub fn open_water(st: &State, w: &Waters, k: &HexKey, side: &str) -> bool {
    enemy_squadrons(st, w, k, side).is_empty() && !closed(st, w, k, side)
}

/// Ruling AMB-58: commander `cid` stands with squadrons of his side in his hex (a land Force
/// entering the hex does not find him alone ashore, [8.55]).
pub fn with_ships(st: &State, cid: &str) -> bool {
    let Some(c) = st.commanders.get(cid) else {
        return false;
    };
    st.squadrons
        .values()
        .any(|q| q.side == c.side && q.at.map == c.at.map && q.at.hex == c.at.hex)
}
