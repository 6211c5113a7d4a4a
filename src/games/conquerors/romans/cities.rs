//! Romans [13]: cities. A city's defence (class strength [13.21] plus its garrison [13.22],
//! friendly squadrons in a siege [13.47]); what happens when a city falls — control or sack
//! chosen at once ([13.51]), plunder ([13.53]), the garrison killed, freed to the nearest
//! friendly city or sold ([13.26], errata 13.26-B, follow-up 13.6), an all-allied army's roll
//! ([13.55]), the alliance levels of an ally's city (errata 13.2) — and parlay ([13.56]):
//! terms the engine enforces, accepted by the city's owner through his standing orders, is
//! `parlay`.

use std::collections::BTreeMap;

use super::data::model::NationKind;
use super::orders::{Capture, GarrisonFate, Standing, Terms};
use super::sequence::side_name;
use super::state::{city_key, CityState, State};
use crate::games::conquerors::attrition::remove_ssp;
use crate::games::conquerors::city::{self, Defence};
use crate::geo::hexmap::CityClass;
use crate::geo::Hex;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// A number of `numbers.yaml` (`section` / `key` / `field`).
pub fn number(st: &State, section: &str, key: &str, field: &str) -> Option<u32> {
    st.pack
        .numbers
        .get(section)?
        .get(key)?
        .get(field)?
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
}

/// The class letter as the tables' columns spell it.
pub fn class_name(c: CityClass) -> String {
    format!("{c:?}")
}

/// Capacity inside a city of `class` in SSP (None: unlimited; Romans [7.13], [13.12]).
pub fn capacity(st: &State, class: CityClass) -> Option<u32> {
    st.pack
        .movement
        .stacking
        .inside_city_by_class
        .get(&class_name(class))
        .and_then(|c| c.limit())
}

/// Romans [13.21]: the intrinsic defence of `class` (`tables.yaml` `city-classes`).
pub fn intrinsic(st: &State, class: CityClass) -> u32 {
    st.pack
        .table("city-classes")
        .and_then(|t| t.cell(&class_name(class), "defence"))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// The garrison of a city: units inside it, in id order (Romans [13.13]). An uncontrolled
/// city of an ally not yet active is treated as empty ([16.14]).
pub fn garrison(st: &State, c: &CityState) -> Vec<String> {
    st.units_at(&c.at.map, &c.at.hex)
        .filter(|(_, u)| u.at.inside)
        .map(|(k, _)| k.clone())
        .collect()
}

/// Romans [13.21], [13.22], [13.47]: the defence of the city `key`; in a siege (`siege`) the
/// squadrons of the city's player in the hex add their naval strength.
pub fn defence(st: &State, key: &str, siege: bool) -> Defence {
    let Some(c) = st.cities.get(key) else {
        return Defence::default();
    };
    let g = garrison(st, c)
        .into_iter()
        .filter_map(|id| st.units.get(&id))
        .map(|u| (u.ssp, u.cavalry_ssp))
        .collect::<Vec<_>>();
    let naval = if siege {
        st.squadrons
            .values()
            .filter(|q| {
                q.at.map == c.at.map && q.at.hex == c.at.hex && Some(&q.side) == c.control.as_ref()
            })
            .filter_map(|q| {
                st.pack.counters.squadron_types.get(&q.kind).map(|t| {
                    if q.half {
                        t.strength.half
                    } else {
                        t.strength.full
                    }
                })
            })
            .sum()
    } else {
        0
    };
    city::defence(intrinsic(st, c.class), capacity(st, c.class), g, naval)
}

/// The city of a hex, by `map:hex` key.
pub fn key_of(map: &str, hex: Hex) -> String {
    city_key(map, &hex.to_string())
}

/// Finds a city by name or hex (`Demetrias`, `5624`) among `keys`.
pub fn find<'a>(
    st: &State,
    keys: impl IntoIterator<Item = &'a String>,
    name: &str,
) -> Option<String> {
    keys.into_iter()
        .find(|k| {
            st.cities
                .get(*k)
                .is_some_and(|c| c.name.eq_ignore_ascii_case(name) || c.at.hex == name)
        })
        .cloned()
}

/// What a city's fall or surrender leads to.
#[derive(Debug, Clone, Default)]
pub struct Fall {
    /// The captor's choice ([13.51]); None: control, garrison killed (default, reported).
    pub capture: Option<Capture>,
    /// Parlay terms agreed ([13.56]), binding the captor.
    pub terms: Option<Terms>,
    /// The attacking units (for [13.55]: an army of allies only).
    pub attackers: Vec<String>,
}

/// Romans [13.51]–[13.55], [13.26]: `side` takes the city `key`. Dice: the plunder roll and the
/// roll of an all-allied army; with None (a check) nothing is rolled and no plunder counted.
pub fn take_city(
    st: &mut State,
    side: &str,
    key: &str,
    fall: &Fall,
    standing: &BTreeMap<String, Standing>,
    dice: Option<&mut Dice>,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let _ = standing;
    let Some(c) = st.cities.get(key).cloned() else {
        return Ok(());
    };
    let loser = c.control.clone();
    let mut cap = fall.capture.clone().unwrap_or_default();
    let mut defaulted = fall.capture.is_none();
    if let Some(t) = &fall.terms {
        if t.no_sack && cap.sack {
            cap.sack = false;
            ev.push(Event::new(
                "Romans [13.56]",
                format!("{} may not be sacked: the surrender terms say so", c.name),
            ));
        }
        if t.garrison_free {
            cap.garrison = Some(GarrisonFate::Free);
        }
    }
    // [13.55]: an army of allies only does not choose.
    let allied_only = !fall.attackers.is_empty()
        && fall.attackers.iter().all(|id| {
            st.units.get(id).is_some_and(|u| {
                st.pack
                    .counters
                    .nations
                    .get(&u.nation)
                    .is_some_and(|n| n.kind == NationKind::Ally)
            })
        });
    let mut dice = dice;
    let mut no_plunder = false;
    if allied_only && fall.terms.is_none() {
        let Some(d) = dice.as_deref_mut() else {
            return Ok(());
        };
        let r = d
            .roll_for(side)
            .d6("an allied army takes a city", "Romans [13.55]")?;
        cap.sack = r <= 2;
        no_plunder = true;
        defaulted = false;
        ev.push(Event::new(
            "Romans [13.55]",
            format!(
                "{} was taken by allied troops alone: {} rolls {r}, so it is {}",
                c.name,
                side_name(side),
                if cap.sack {
                    "sacked, without plunder"
                } else {
                    "controlled"
                }
            ),
        ));
    }
    if fall.terms.is_none() {
        // [19.12], [19.13]: taken by force (not by terms): an ally's city scores for its
        // captor, a sacked one for nobody.
        super::victory::record_city_taken(st, &c.at.map, &c.at.hex, cap.sack);
    }
    let gar = garrison(st, &c);
    let gar_ssp: u32 = gar
        .iter()
        .filter_map(|id| st.units.get(id))
        .map(|u| u.ssp)
        .sum();
    if cap.sack {
        let mut talents = 0;
        if !no_plunder {
            let Some(d) = dice.as_deref_mut() else {
                return Ok(());
            };
            let r = d.roll_for(side).d6("plunder", "Romans [13.53]")?;
            talents = st
                .pack
                .table("plunder")
                .and_then(|t| t.cell(&r.to_string(), &class_name(c.class)))
                .and_then(|x| x.parse().ok())
                .unwrap_or(0);
            ev.push(Event::new(
                "Romans [13.53]",
                format!(
                    "{} sacks {} (class {:?}): plunder roll {r}, {talents} talents",
                    side_name(side),
                    c.name,
                    c.class
                ),
            ));
        }
        // Follow-up 13.6: the garrison of a sacked city is sold, 1 talent per 3 SSP.
        let per = number(st, "combat", "slavery-talents", "ssp_per_talent").unwrap_or(3);
        let sold = if no_plunder { 0 } else { gar_ssp / per.max(1) };
        for id in &gar {
            if let Some(u) = st.units.remove(id) {
                st.enslaved.insert(id.clone(), u);
            }
        }
        if !gar.is_empty() {
            ev.push(Event::new(
                "Romans [13.26] A, follow-up 13.6",
                format!(
                    "the garrison of {} ({gar_ssp} SSP: {}) is sold into slavery, out of the game{}",
                    c.name,
                    gar.join(", "),
                    if sold > 0 { format!(": {sold} talents") } else { String::new() }
                ),
            ));
        }
        st.earn(side, talents + sold);
        if let Some(x) = st.cities.get_mut(key) {
            x.sacked = true;
            x.control = None;
        }
        ev.push(Event::new(
            "Romans [13.54]",
            format!(
                "{} is SACKED: no city, base or port for the rest of the game",
                c.name
            ),
        ));
    } else {
        if let Some(x) = st.cities.get_mut(key) {
            x.control = Some(side.to_string());
        }
        ev.push(Event::new(
            "Romans [13.51], [13.52]",
            format!(
                "{} controls {}{}",
                side_name(side),
                c.name,
                if defaulted {
                    " (no on_capture given: control, the default)"
                } else {
                    ""
                }
            ),
        ));
        let fate = cap.garrison.unwrap_or(GarrisonFate::Kill);
        if !gar.is_empty() {
            dispose(
                st,
                &c,
                &gar,
                fate,
                loser.as_deref(),
                cap.garrison.is_none(),
                ev,
            );
        }
    }
    st.sieges.remove(key);
    ally_effect(st, side, &c, cap.sack, ev);
    let alone: Vec<String> = st
        .commanders
        .iter()
        .filter(|(_, x)| st.hostile(&x.side, side) && x.at.map == c.at.map && x.at.hex == c.at.hex)
        .map(|(k, _)| st.commander_name(k))
        .collect();
    if !alone.is_empty() {
        ev.push(Event::new(
            "Romans [8.55]",
            format!(
                "{} now stand(s) in {}'s hex with the enemy: a commander alone retreats or is captured (Romans 8.55), which the combat rules resolve and this engine does not yet",
                alone.join(", "),
                c.name
            ),
        ));
    }
    // [5.64]: fleets left beyond reach of a friendly Naval Base go to the nearest at once.
    super::naval_bases::beyond_reach(st, ev);
    Ok(())
}

/// Romans [13.26] B, errata 13.26-B: a controlled city's garrison killed, freed or sold.
fn dispose(
    st: &mut State,
    c: &CityState,
    gar: &[String],
    fate: GarrisonFate,
    owner: Option<&str>,
    defaulted: bool,
    ev: &mut Vec<Event>,
) {
    let tail = if defaulted {
        " (no garrison fate given: killed, the default)"
    } else {
        ""
    };
    match fate {
        GarrisonFate::Kill => {
            for id in gar {
                st.units.remove(id);
            }
            ev.push(Event::new(
                "Romans [13.26] B",
                format!(
                    "the garrison of {} is put to the sword: {}{tail}",
                    c.name,
                    gar.join(", ")
                ),
            ));
        }
        GarrisonFate::Slavery => {
            for id in gar {
                if let Some(u) = st.units.remove(id) {
                    st.enslaved.insert(id.clone(), u);
                }
            }
            ev.push(Event::new(
                "Romans errata 13.26-B",
                format!(
                    "the garrison of {} is sold into slavery, out of the game: {}",
                    c.name,
                    gar.join(", ")
                ),
            ));
        }
        GarrisonFate::Free => {
            let mut lines = Vec::new();
            for id in gar {
                let Some(u) = st.units.get(id).cloned() else {
                    continue;
                };
                match nearest_room(st, c, owner.unwrap_or(&u.side), u.ssp) {
                    Some((k, name)) => {
                        let (m, h) = {
                            let d = &st.cities[&k];
                            (d.at.map.clone(), d.at.hex.clone())
                        };
                        if let Some(x) = st.units.get_mut(id) {
                            x.at.map = m;
                            x.at.hex = h;
                            x.at.inside = true;
                        }
                        lines.push(format!("{id} to {name}"));
                    }
                    None => {
                        st.units.remove(id);
                        lines.push(format!("{id} eliminated (no friendly city can hold it)"));
                    }
                }
            }
            ev.push(Event::new(
                "Romans [13.26] B",
                format!("the garrison of {} goes free: {}", c.name, lines.join(", ")),
            ));
        }
    }
}

/// The nearest city of `owner` (not `from`, not sacked) with room for `ssp` more inside, by
/// hex distance, ties to the lower key ([13.26] B).
fn nearest_room(st: &State, from: &CityState, owner: &str, ssp: u32) -> Option<(String, String)> {
    let map = st.map(&from.at.map)?;
    let here = Hex::parse(&from.at.hex).ok()?;
    let mut best: Option<(u32, String)> = None;
    for (k, c) in &st.cities {
        if c.control.as_deref() != Some(owner)
            || c.sacked
            || c.at.map != from.at.map
            || c.at.hex == from.at.hex
        {
            continue;
        }
        let inside: u32 = st
            .units_at(&c.at.map, &c.at.hex)
            .filter(|(_, u)| u.at.inside)
            .map(|(_, u)| u.ssp)
            .sum();
        if capacity(st, c.class).is_some_and(|cap| inside + ssp > cap) {
            continue;
        }
        let Ok(h) = Hex::parse(&c.at.hex) else {
            continue;
        };
        let d = here.distance(h, map.convention);
        if best.as_ref().is_none_or(|(bd, _)| d < *bd) {
            best = Some((d, k.clone()));
        }
    }
    best.map(|(_, k)| {
        let name = st.cities[&k].name.clone();
        (k, name)
    })
}

/// The game option for AMB-01: sacking one's own active ally's city moves the level 5, as the
/// follow-up's 13.54 reads (the default is the errata 13.2 table's).
pub const ALLY_CITY_OPTION: &str = "ally-city-effects=errata-f";

/// Errata 13.2 (replacing the flat 3 of [13.54]): taking or sacking an ally's home city moves
/// the attacker's level with that ally toward his opponent, by the ally's status. The option
/// `ally-city-effects=errata-f` reads 5 for sacking one's own active ally (follow-up 13.54).
fn ally_effect(st: &mut State, side: &str, c: &CityState, sack: bool, ev: &mut Vec<Event>) {
    let Some(ally) = c.ally.clone() else { return };
    let Some(a) = st.allies.get(&ally).cloned() else {
        return;
    };
    if a.permanent.is_some() {
        return;
    }
    let column = match a.active.as_deref() {
        None => "inactive",
        Some(s) if s == side => "allied-to-attacker",
        Some(_) => "allied-to-enemy",
    };
    let row = if sack { "sack" } else { "capture" };
    let mut n: u32 = st
        .pack
        .table("ally-city-alliance-effects")
        .and_then(|t| t.cell(row, column))
        .and_then(|x| x.parse().ok())
        .unwrap_or(0);
    if sack && column == "allied-to-attacker" && st.options.iter().any(|o| o == ALLY_CITY_OPTION) {
        n = 5;
    }
    if n == 0 {
        return;
    }
    let Some(other) = st.players.iter().find(|p| *p != side).cloned() else {
        return;
    };
    let level: i64 = match a.toward.as_deref() {
        Some(t) if t == side => i64::from(a.points),
        Some(_) => -i64::from(a.points),
        None => 0,
    };
    let new = (level - i64::from(n)).max(-5);
    let x = st.allies.get_mut(&ally).expect("ally present");
    x.toward = match new.cmp(&0) {
        std::cmp::Ordering::Greater => Some(side.to_string()),
        std::cmp::Ordering::Less => Some(other.clone()),
        std::cmp::Ordering::Equal => None,
    };
    x.points = u32::try_from(new.unsigned_abs()).unwrap_or(5);
    ev.push(Event::new(
        "Romans errata 13.2",
        format!(
            "{} {} a city of {ally} ({column}): {} loses {n} levels with {ally}, now {}",
            side_name(side),
            if sack { "sacks" } else { "takes" },
            side_name(side),
            match &x.toward {
                Some(t) => format!("{} toward {}", x.points, side_name(t)),
                None => "the middle column".into(),
            }
        ),
    ));
}

/// Romans [13.22] garrison losses of a siege's NO ([13.44]): `n` SSP from the garrison, in the
/// owner's standing `losses` order, the rest by id (default).
pub fn garrison_losses(
    st: &mut State,
    key: &str,
    n: u32,
    standing: &BTreeMap<String, Standing>,
) -> String {
    let Some(c) = st.cities.get(key).cloned() else {
        return String::new();
    };
    let gar = garrison(st, &c);
    if gar.is_empty() {
        return " (no garrison to lose them)".into();
    }
    let owner = st
        .units
        .get(&gar[0])
        .map(|u| u.side.clone())
        .unwrap_or_default();
    let named = standing
        .get(&owner)
        .map(Standing::loss_order)
        .unwrap_or_default();
    remove_ssp(&mut st.units, &named, &gar, n).words()
}
