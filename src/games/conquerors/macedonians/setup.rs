//! Macedonians [20.0]–[20.3]: the set-up — every counter in its printed place (the errata's
//! Halicarnassus group included, Cyzicus on 0904), the Persian mercenaries of Pelusium aboard
//! their galleys, the Replacement Pool set aside (8.83), and initial control (20.3, 13.3).
//! Units in a Walled City hex stand inside it (14.14); Garrison units stand inside their city and
//! every other unit outside, unless the entry says `inside` (ruling M-R4).

use std::collections::BTreeMap;
use std::sync::Arc;

use super::data::model::{Arm, CityKind, SetupEntry};
use super::data::Pack;
use super::state::{CityState, Phase, State, MACEDONIAN, PERSIAN};
use crate::games::conquerors::data::Pack as Maps;
use crate::games::conquerors::force::{Commander, LandUnit, Position, Squadron};
use crate::ruleset::SetupError;

/// The scenario id.
pub const CAMPAIGN: &str = "campaign-334";

fn err(s: impl Into<String>) -> SetupError {
    SetupError(s.into())
}

/// Macedonians [20.0]: the initial state of the campaign from the pack and maps.
///
/// Errors: [`SetupError`] for another scenario id or data that do not resolve.
pub fn initial_state(
    pack: Arc<Pack>,
    maps: Arc<Maps>,
    scenario: &str,
) -> Result<State, SetupError> {
    if scenario != pack.scenario.scenario {
        return Err(err(format!(
            "no scenario {scenario} in The Macedonians (try {})",
            pack.scenario.scenario
        )));
    }
    let s = &pack.scenario;
    let ctl = &s.control;
    let cities = pack
        .places
        .cities
        .iter()
        .map(|(name, c)| {
            let mac = ctl.macedonian.cities.contains(name);
            let control = if mac { MACEDONIAN } else { PERSIAN };
            (
                name.clone(),
                CityState {
                    hex: c.hex.clone(),
                    control: control.into(),
                },
            )
        })
        .collect();
    let mut st = State {
        scenario: scenario.to_string(),
        players: s.players.clone(),
        turn: 0,
        phase: Phase::PersianCampaign,
        commanders: BTreeMap::new(),
        units: BTreeMap::new(),
        squadrons: BTreeMap::new(),
        siege_train: None,
        aboard: BTreeMap::new(),
        cities,
        gates: if ctl.macedonian.cilician_gates {
            MACEDONIAN
        } else {
            PERSIAN
        }
        .into(),
        gates_gained: false,
        pool: pack
            .counters
            .commanders
            .iter()
            .filter(|(_, c)| c.pool.is_some())
            .map(|(k, _)| k.clone())
            .collect(),
        moved: BTreeMap::new(),
        committed: BTreeMap::new(),
        phase_start: BTreeMap::new(),
        satrapies_at_turn_start: Default::default(),
        halt: None,
        result: None,
        eliminated: BTreeMap::new(),
        combat: Default::default(),
        disbanded: BTreeMap::new(),
        honeymoon: BTreeMap::new(),
        options: Vec::new(),
        data_hash: super::data::hash(&pack),
        hexmap: Arc::new(super::state::hexmap_of(&pack, &maps)),
        pack: pack.clone(),
        maps,
    };
    for (side, entries) in &s.setup {
        for e in entries {
            place(&mut st, side, e)?;
        }
    }
    st.phase_start = super::sequence::positions(&st);
    st.satrapies_at_turn_start = st.satrapies_of(MACEDONIAN);
    super::sequence::open_turn(&mut st, &mut Vec::new());
    Ok(st)
}

/// Puts one set-up entry's counters on the map.
pub(super) fn place(st: &mut State, side: &str, e: &SetupEntry) -> Result<(), SetupError> {
    let pack = st.pack.clone();
    let map = st.map_id().to_string();
    let at = |inside: bool| Position {
        map: map.clone(),
        hex: e.at.hex.clone(),
        inside,
    };
    let city = e.at.city.as_ref().and_then(|c| pack.places.cities.get(c));
    let walled = city.is_some_and(|c| c.kind == CityKind::Walled);
    for id in &e.commanders {
        let c = pack
            .counters
            .commanders
            .get(id)
            .ok_or_else(|| err(format!("no commander {id}")))?;
        st.pool.remove(id);
        st.commanders.insert(
            id.clone(),
            Commander {
                side: side.into(),
                nation: c.side.id().into(),
                counter: Some(id.clone()),
                pool: None,
                office: None,
                at: at(false),
            },
        );
    }
    for id in &e.units {
        let u = pack
            .counters
            .units
            .get(id)
            .ok_or_else(|| err(format!("no unit {id}")))?;
        let t = pack
            .unit_type(&u.kind)
            .ok_or_else(|| err(format!("no unit type {}", u.kind)))?;
        let ssp = u.ssp.unwrap_or(t.ssp);
        let garrison = t.arm == Arm::Garrison && city.is_some();
        st.units.insert(
            id.clone(),
            LandUnit {
                side: side.into(),
                nation: u.nation.clone(),
                kind: u.kind.clone(),
                label: Some(u.name.clone()),
                ssp,
                full_ssp: ssp,
                cavalry_ssp: if t.arm == Arm::Cavalry { ssp } else { 0 },
                at: at(walled || e.inside || garrison),
            },
        );
    }
    for id in &e.squadrons {
        let q = pack
            .counters
            .squadrons
            .get(id)
            .ok_or_else(|| err(format!("no squadron {id}")))?;
        st.squadrons.insert(
            id.clone(),
            Squadron {
                side: side.into(),
                nation: q.nation.clone(),
                kind: "squadron".into(),
                half: false,
                at: at(walled),
            },
        );
    }
    if e.siege_train {
        st.siege_train = Some(at(false));
    }
    if e.aboard {
        embark(st, e)?;
    }
    Ok(())
}

/// 12.12, 20.2: the entry's land units aboard its squadrons, 12 SSP to a full squadron.
fn embark(st: &mut State, e: &SetupEntry) -> Result<(), SetupError> {
    let full = st.pack.number("naval", "transport-full").unwrap_or(12);
    let mut room: Vec<(String, u32)> = e.squadrons.iter().map(|q| (q.clone(), full)).collect();
    for id in &e.units {
        let ssp = st.units.get(id).map(|u| u.ssp).unwrap_or(0);
        let slot = room
            .iter_mut()
            .find(|(_, left)| *left >= ssp)
            .ok_or_else(|| {
                err(format!(
                    "{id}: no room aboard the squadrons at {} (12.12)",
                    e.at.hex
                ))
            })?;
        slot.1 -= ssp;
        st.aboard.insert(id.clone(), slot.0.clone());
    }
    Ok(())
}
