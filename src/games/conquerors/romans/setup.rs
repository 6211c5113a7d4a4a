//! Romans [20.1]: the set-up of The Second Macedonian War — forces, commanders (the Roman ones
//! untried, [8.43], [18.1]), legions with their tribunes ([18.23]), squadrons, treasuries
//! ([20.12]), the allies on the Alliance Table ([20.15]) and initial control ([20.17]).
//! Set-up units in a friendly city stand inside it up to its capacity ([7.13], ruling R-4).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::data::check::resolve;
use super::data::model::Arm;
use super::data::scenario::{InitialControl, SetupEntry};
use super::data::Pack;
use super::state::{city_key, AllyState, CityState, Phase, State};
use crate::games::conquerors::data::Pack as Maps;
use crate::games::conquerors::force::{Commander, LandUnit, Position, Squadron};
use crate::geo::HexMap;
use crate::ruleset::SetupError;

/// The scenario id of 20.1.
pub const SECOND_MACEDONIAN_WAR: &str = "second-macedonian-war";

/// The scenario id of 20.2.
pub const SYRIAN_WAR: &str = "syrian-war";

/// The `legatus new --option` that makes Macedon a third player of 20.2 ([20.29]).
pub const MACEDON_PLAYS: &str = "macedon-third-player";

/// Whether an `only_when` condition of the scenario data holds for the options chosen at
/// `new` (a yes/no option: chosen means `true`).
fn holds(ow: Option<&super::data::scenario::OnlyWhen>, options: &[String]) -> bool {
    ow.is_none_or(|w| w.is == serde_json::Value::Bool(options.contains(&w.option)))
}

fn err(s: impl Into<String>) -> SetupError {
    SetupError(s.into())
}

/// Romans [20.1]: the initial state of a scenario from the pack and maps.
///
/// Errors: [`SetupError`] for a scenario whose set-up is not built yet (20.2) or whose data
/// do not resolve (a place off the map, an unknown counter).
pub fn initial_state(
    pack: Arc<Pack>,
    maps: Arc<Maps>,
    scenario: &str,
    options: &[String],
) -> Result<State, SetupError> {
    if scenario != SECOND_MACEDONIAN_WAR && scenario != SYRIAN_WAR {
        return Err(err(format!(
            "scenario {scenario}: only {SECOND_MACEDONIAN_WAR} (Romans 20.1) and {SYRIAN_WAR} (20.2) can be set up"
        )));
    }
    let s = pack
        .scenarios
        .get(scenario)
        .ok_or_else(|| err(format!("no scenario {scenario}")))?
        .clone();
    let ms: Vec<HexMap> = s
        .maps
        .iter()
        .filter_map(|m| maps.map_for(m, "romans"))
        .collect();
    // [20.29]: Macedon as a third player moves after Rome and Syria (follow-up notes).
    let mut s = s;
    if scenario == SYRIAN_WAR && options.iter().any(|o| o == MACEDON_PLAYS) {
        s.players.push("macedon".into());
    } else if options.iter().any(|o| o == MACEDON_PLAYS) {
        return Err(err(format!(
            "option {MACEDON_PLAYS} is for {SYRIAN_WAR} only (Romans 20.29)"
        )));
    }
    let mut st = State {
        scenario: scenario.to_string(),
        players: s.players.clone(),
        turn: 0,
        phase: Phase::Campaign {
            side: s.first_player.clone(),
        },
        treasury: s
            .players
            .iter()
            .map(|p| (p.clone(), s.treasury(p).unwrap_or(0)))
            .collect(),
        commanders: BTreeMap::new(),
        units: BTreeMap::new(),
        squadrons: BTreeMap::new(),
        cities: BTreeMap::new(),
        allies: BTreeMap::new(),
        drawn: BTreeSet::new(),
        moved: BTreeMap::new(),
        committed: BTreeMap::new(),
        combat: Default::default(),
        options: options.to_vec(),
        sieges: BTreeMap::new(),
        siege_phase: None,
        supply_paid: BTreeSet::new(),
        enslaved: BTreeMap::new(),
        winter: None,
        victory: Default::default(),
        senate: Default::default(),
        blockades: BTreeMap::new(),
        diplomacy: Default::default(),
        replacements: Default::default(),
        built_bases: BTreeMap::new(),
        encamped: BTreeMap::new(),
        naval: Default::default(),
        paused: None,
        asking: None,
        macedon_side: None,
        waters: Default::default(),
        reach_memo: Default::default(),
        data_hash: super::data::hash(&pack),
        pack: pack.clone(),
        maps: maps.clone(),
        tactical: super::state::embedded_tactical(),
    };
    for m in &ms {
        for (h, e) in &m.hexes {
            if let Some(c) = &e.city {
                st.cities.insert(
                    city_key(&m.id, &h.to_string()),
                    CityState {
                        name: c.name.clone(),
                        class: c.class,
                        at: Position {
                            map: m.id.clone(),
                            hex: h.to_string(),
                            inside: false,
                        },
                        control: None,
                        ally: None,
                        sacked: false,
                    },
                );
            }
        }
    }
    // [20.15]: the allies, their home cities and their levels; an ally active from the start
    // sets up its forces for its player at once ([16.13]).
    let mut active_forces: Vec<(String, String, SetupEntry)> = Vec::new();
    for (id, a) in &s.allies {
        if !holds(a.only_when.as_ref(), options) {
            continue;
        }
        // [20.26]: an ally "as in the Second Macedonian War" takes its cities and forces there.
        let mut a = (**a).clone();
        if let Some(same) = &a.same_as {
            let there = pack
                .scenarios
                .get(&same.scenario)
                .and_then(|x| x.allies.get(&same.ally))
                .ok_or_else(|| {
                    err(format!(
                        "ally {id}: no ally {} in {}",
                        same.ally, same.scenario
                    ))
                })?;
            if a.cities.is_empty() {
                a.cities = there.cities.clone();
            }
            if a.forces.is_empty() {
                a.forces = there.forces.clone();
            }
        }
        let a = &a;
        for c in &a.cities {
            let (m, h) = resolve(&ms, &c.place()).map_err(err)?;
            if let Some(city) = st.cities.get_mut(&city_key(&m, &h.to_string())) {
                city.ally = Some(id.clone());
            }
        }
        let level = a.level.clone();
        st.allies.insert(
            id.clone(),
            AllyState {
                toward: level.as_ref().and_then(|l| l.toward.clone()),
                points: level.map(|l| l.points).unwrap_or(0),
                active: a.active_at_start.clone(),
                permanent: a.permanent_ally.clone(),
            },
        );
        if let Some(side) = &a.active_at_start {
            for f in &a.forces {
                active_forces.push((side.clone(), id.clone(), f.clone()));
            }
        }
    }
    // [20.17]: initial control, then the active allies' home cities to their player.
    let mut own_troops: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let side_applies = |side: &str, e: &super::data::scenario::SideSetup| {
        let cond = match e {
            super::data::scenario::SideSetup::Conditional(c) => Some(&c.only_when),
            super::data::scenario::SideSetup::Always(_) => None,
        };
        s.players.iter().any(|p| p == side) && holds(cond, options)
    };
    for (side, entries) in &s.setup.sides {
        if !side_applies(side, entries) {
            continue;
        }
        for e in entries.entries() {
            if !e.units.is_empty() || !e.legions.is_empty() {
                let (m, h) = resolve(&ms, &e.at).map_err(err)?;
                own_troops
                    .entry(side.clone())
                    .or_default()
                    .insert(city_key(&m, &h.to_string()));
            }
        }
    }
    for (side, ic) in &s.initial_control {
        if !holds(ic.only_when.as_ref(), options) {
            continue;
        }
        // [20.28]: Rome's control as in 20.17, the data's default choice (ruling R-80: the
        // option `roman-initial-control` is not offered at `new` yet, so Italy-only is unused).
        let ic: &InitialControl = match &ic.as_20_17 {
            Some(a) => a,
            None => ic,
        };
        let keys = controlled(&st, &ms, &maps, ic, own_troops.get(side))?;
        for k in keys {
            if let Some(c) = st.cities.get_mut(&k) {
                c.control = Some(side.clone());
            }
        }
    }
    for (id, a) in &st.allies.clone() {
        if let Some(side) = &a.active {
            for c in st.cities.values_mut() {
                if c.ally.as_deref() == Some(id) && c.control.is_none() {
                    c.control = Some(side.clone());
                }
            }
        }
    }
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for (side, entries) in &s.setup.sides {
        if !side_applies(side, entries) {
            continue;
        }
        for e in entries.entries() {
            place(
                &mut st,
                &ms,
                side,
                side,
                e,
                s.setup.tribunes_per_legion,
                &mut counts,
            )?;
        }
    }
    for (side, nation, e) in &active_forces {
        place(&mut st, &ms, side, nation, e, 0, &mut counts)?;
    }
    Ok(st)
}

/// The cities `ic` gives a side ([20.17]).
fn controlled(
    st: &State,
    ms: &[HexMap],
    maps: &Maps,
    ic: &InitialControl,
    own: Option<&BTreeSet<String>>,
) -> Result<BTreeSet<String>, SetupError> {
    let mut out = BTreeSet::new();
    let region_of = |map: &str, hex: &str| -> Vec<String> {
        maps.maps
            .get(map)
            .and_then(|m| m.hexes.get(hex))
            .map(|e| e.regions.clone())
            .unwrap_or_default()
    };
    if let Some(rs) = &ic.every_city_on_map_outside_regions {
        for (k, c) in &st.cities {
            if c.at.map == rs.map
                && !region_of(&c.at.map, &c.at.hex)
                    .iter()
                    .any(|r| rs.regions.contains(r))
                && !ic.except_cities.contains(&c.name)
            {
                out.insert(k.clone());
            }
        }
    }
    if let Some(rs) = &ic.regions {
        for (k, c) in &st.cities {
            let regs = region_of(&c.at.map, &c.at.hex);
            if c.at.map == rs.map
                && regs.iter().any(|r| rs.regions.contains(r))
                && !regs.iter().any(|r| rs.except_regions.contains(r))
                && !ic.except_cities.contains(&c.name)
            {
                out.insert(k.clone());
            }
        }
    }
    for p in &ic.plus_cities {
        let (m, h) = resolve(ms, p).map_err(err)?;
        out.insert(city_key(&m, &h.to_string()));
    }
    if ic.not_ally_cities {
        out.retain(|k| st.cities.get(k).is_none_or(|c| c.ally.is_none()));
    }
    if ic.cities_with_own_troops {
        for k in own.into_iter().flatten() {
            if st.cities.contains_key(k) {
                out.insert(k.clone());
            }
        }
    }
    Ok(out)
}

/// The next number of a counter kind (`macedon-phalanx` → 1, 2…).
fn next(counts: &mut BTreeMap<String, u32>, stem: &str) -> String {
    let n = counts.entry(stem.to_string()).or_default();
    *n += 1;
    format!("{stem}-{n}")
}

/// Places one set-up entry for `side` (units of `nation`); also an ally's forces when it is
/// activated (Romans [16.13]).
pub(crate) fn place(
    st: &mut State,
    ms: &[HexMap],
    side: &str,
    nation: &str,
    e: &SetupEntry,
    tribunes_per_legion: u32,
    counts: &mut BTreeMap<String, u32>,
) -> Result<(), SetupError> {
    let (map, hex) = resolve(ms, &e.at).map_err(err)?;
    let hex = hex.to_string();
    let pack = st.pack.clone();
    let city = st.cities.get(&city_key(&map, &hex)).cloned();
    let capacity = city.as_ref().and_then(|c| {
        if c.control.as_deref() != Some(side) {
            return Some(0);
        }
        let class = format!("{:?}", c.class);
        pack.movement
            .stacking
            .inside_city_by_class
            .get(&class)
            .map(|cap| cap.limit().unwrap_or(u32::MAX))
    });
    let mut room = capacity.unwrap_or(0);
    let mut at = |ssp: u32| -> Position {
        let inside = city.is_some() && ssp <= room;
        if inside {
            room -= ssp;
        }
        Position {
            map: map.clone(),
            hex: hex.clone(),
            inside,
        }
    };
    let legion = &pack.counters.legion;
    let cav = |comp: &BTreeMap<String, u32>| -> u32 {
        comp.iter()
            .filter_map(|(t, n)| {
                pack.unit_type(t)
                    .filter(|u| u.arm == Arm::Cavalry)
                    .map(|u| u.ssp * n)
            })
            .sum()
    };
    for l in &e.legions {
        let full = legion
            .full_ssp(l)
            .ok_or_else(|| err(format!("no legion {l} (Romans 3.4)")))?;
        let i = legion.numerals.iter().position(|n| n == l).unwrap_or(0);
        let comp = if i % 2 == 0 {
            &legion.odd
        } else {
            &legion.even
        };
        let pos = at(full);
        st.units.insert(
            format!("legion-{l}"),
            LandUnit {
                side: side.into(),
                nation: nation.into(),
                kind: "legion".into(),
                label: Some(format!("Legion {l}")),
                ssp: full,
                full_ssp: full,
                cavalry_ssp: cav(comp),
                at: pos.clone(),
            },
        );
        for k in 1..=tribunes_per_legion {
            st.commanders.insert(
                format!("tribune-{l}-{k}"),
                Commander {
                    side: side.into(),
                    nation: nation.into(),
                    counter: None,
                    pool: Some("tribunes".into()),
                    office: Some(format!("tribune of Legion {l}")),
                    at: pos.clone(),
                },
            );
        }
    }
    for u in &e.units {
        let t = pack
            .unit_type(&u.kind)
            .ok_or_else(|| err(format!("no unit type {} (Romans 3.21)", u.kind)))?
            .clone();
        for _ in 0..u.count {
            let id = next(counts, &format!("{nation}-{}", u.kind));
            let pos = at(t.ssp);
            st.units.insert(
                id,
                LandUnit {
                    side: side.into(),
                    nation: nation.into(),
                    kind: u.kind.clone(),
                    label: u.label.clone(),
                    ssp: t.ssp,
                    full_ssp: t.ssp,
                    cavalry_ssp: if t.arm == Arm::Cavalry { t.ssp } else { 0 },
                    at: pos,
                },
            );
        }
    }
    let pos = Position {
        map: map.clone(),
        hex: hex.clone(),
        inside: false,
    };
    for (kind, n, half) in e
        .squadrons
        .iter()
        .map(|(k, n)| (k.as_str(), *n, false))
        .chain(e.half_squadrons.iter().map(|(k, n)| (k.as_str(), *n, true)))
        .chain(std::iter::once(("merchant", e.merchants, false)))
    {
        for _ in 0..n {
            let id = next(counts, &format!("{nation}-{kind}"));
            // [20.22], ruling R-7: a squadron that may sail without a commander for a while.
            if let Some(m) = &e.moves_without_commander {
                st.naval.free_sailing.insert(
                    id.clone(),
                    super::fleets::FreeSailing {
                        until_year: m.until_year.clone(),
                        to: m.to.clone(),
                    },
                );
            }
            st.squadrons.insert(
                id,
                Squadron {
                    side: side.into(),
                    nation: nation.into(),
                    kind: kind.into(),
                    half,
                    at: pos.clone(),
                },
            );
        }
    }
    for c in &e.commanders {
        let n = pack
            .counters
            .commanders
            .get(c)
            .ok_or_else(|| err(format!("no commander {c} (Romans 3.22)")))?;
        st.commanders.insert(
            c.clone(),
            Commander {
                side: side.into(),
                nation: n.nation.clone(),
                counter: Some(c.clone()),
                pool: None,
                office: None,
                at: pos.clone(),
            },
        );
    }
    for u in &e.untried {
        let id = match &u.office {
            Some(o) => o.clone(),
            None => next(counts, u.pool.trim_end_matches('s')),
        };
        st.commanders.insert(
            id,
            Commander {
                side: side.into(),
                nation: nation.into(),
                counter: None,
                pool: Some(u.pool.clone()),
                office: u.office.clone(),
                at: pos.clone(),
            },
        );
    }
    Ok(())
}
