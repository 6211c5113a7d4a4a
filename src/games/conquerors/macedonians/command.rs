//! Macedonians [5.13], [5.23], [7.47], [8.3], [18.1]: who moves with a commander. He takes
//! units and commanders of his hex along at the start and anywhere on his path, and leaves them
//! anywhere, at no cost (5.13); a unit serves one commander a Campaign Phase (5.23); Garrison
//! units never move (18.1); units aboard ships wait for naval transport (12.13); the Persian
//! Guard serves only Darius, who keeps 20 SSP with him (7.47); squadrons wait for the naval rules.

use std::collections::{BTreeMap, BTreeSet};

use super::data::model::{Arm, Fleets};
use super::movement::{refuse, unknown, SIEGE_TRAIN};
use super::orders::Move;
use super::state::State;
use crate::geo::Hex;
use crate::ruleset::RuleError;

/// The Force (units and the Siege Train), the commanders carried to the end, and what is left on
/// the way with where.
pub type Pieces = (BTreeSet<String>, BTreeSet<String>, BTreeMap<String, Hex>);

/// [5.13], [5.23], [8.3], [7.47], [18.1]: who moves with the commander, hex by hex.
pub fn force(
    st: &State,
    side: &str,
    i: usize,
    mv: &Move,
    start: Hex,
    path: &[Hex],
) -> Result<Pieces, RuleError> {
    let at = |k: usize| if k == 0 { start } else { path[k - 1] };
    let index = |what: &str, hex: &str| {
        mv.path
            .iter()
            .position(|h| h == hex)
            .map(|k| k + 1)
            .ok_or_else(|| {
                refuse(
                    i,
                    "Macedonians [5.13]",
                    format!("{what} at {hex}: not a hex of the path"),
                )
            })
    };
    let mut takes: BTreeMap<usize, Vec<String>> = BTreeMap::from([(0, mv.with.clone())]);
    let mut drops: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (hex, ids) in &mv.pick_up {
        takes
            .entry(index("pick_up", hex)?)
            .or_default()
            .extend(ids.iter().cloned());
    }
    for (hex, ids) in &mv.drop_off {
        drops
            .entry(index("drop_off", hex)?)
            .or_default()
            .extend(ids.iter().cloned());
    }
    let (mut force, mut carried, mut placed) = (BTreeSet::new(), BTreeSet::new(), BTreeMap::new());
    for k in 0..=path.len() {
        let here = at(k);
        for id in drops.get(&k).into_iter().flatten() {
            if !force.remove(id) && !carried.remove(id) {
                return Err(refuse(
                    i,
                    "Macedonians [5.13]",
                    format!(
                        "drop_off at {here}: {id} is not with {} there",
                        st.commander_name(&mv.commander)
                    ),
                ));
            }
            placed.insert(id.clone(), here);
        }
        for id in takes.get(&k).into_iter().flatten() {
            if take(st, side, i, &mv.commander, here, id)? {
                force.insert(id.clone());
            } else {
                carried.insert(id.clone());
            }
        }
    }
    Ok((force, carried, placed))
}

/// Whether `id` may join the Force of `cid` at `here`: Ok(true) a combat unit (or the Siege
/// Train), Ok(false) a commander.
fn take(
    st: &State,
    side: &str,
    i: usize,
    cid: &str,
    here: Hex,
    id: &str,
) -> Result<bool, RuleError> {
    let hex = here.to_string();
    let name = st.commander_name(cid);
    if id == SIEGE_TRAIN {
        if side != super::state::MACEDONIAN || !st.siege_train_at(&hex) {
            return Err(refuse(
                i,
                "Macedonians [14.25]",
                format!("the Siege Train is not yours at {hex}"),
            ));
        }
        return Ok(true);
    }
    if let Some(u) = st.units.get(id) {
        if u.side != side {
            return Err(refuse(
                i,
                "Macedonians [5.13]",
                format!("{id} is not yours"),
            ));
        }
        if u.at.hex != hex {
            return Err(refuse(
                i,
                "Macedonians [5.13]",
                format!("{id} stands at {}, not at {hex}", u.at.hex),
            ));
        }
        if st.unit_type(id).is_some_and(|t| t.arm == Arm::Garrison) {
            return Err(refuse(
                i,
                "Macedonians [18.1]",
                format!("{id} is a Garrison unit, which never moves"),
            ));
        }
        if let Some(q) = st.aboard.get(id) {
            return Err(refuse(
                i,
                "Macedonians [12.13]",
                format!(
                    "{id} is aboard {q}: naval transport is not built yet, so the move is refused"
                ),
            ));
        }
        if let Some(by) = st.committed.get(id).filter(|by| *by != cid) {
            return Err(refuse(
                i,
                "Macedonians [5.23]",
                format!(
                    "{id} has already moved under {} this Campaign Phase",
                    st.commander_name(by)
                ),
            ));
        }
        let darius_in_play = st.commanders.contains_key("darius");
        if u.nation == "royal-guard" && cid != "darius" && darius_in_play {
            return Err(refuse(
                i,
                "Macedonians [7.47]",
                format!("{id} is of the Persian Guard, which only Darius commands"),
            ));
        }
        return Ok(true);
    }
    if let Some(c) = st.commanders.get(id) {
        if c.side != side || c.at.hex != hex {
            return Err(refuse(
                i,
                "Macedonians [5.0]",
                format!("{id} is not a commander of yours at {hex}"),
            ));
        }
        if st.moved.contains_key(id) || id == cid {
            return Err(refuse(
                i,
                "Macedonians [5.0]",
                format!("{id} has moved already or is the one moving"),
            ));
        }
        return Ok(false);
    }
    if st.squadrons.contains_key(id) {
        let fleets = st
            .commander_data(cid)
            .map(|d| d.fleets)
            .unwrap_or(Fleets::None);
        let rule = if fleets == Fleets::None {
            "Macedonians [8.3]"
        } else {
            "Macedonians [5.33], [11], [12]"
        };
        return Err(refuse(i, rule, format!("{id} is a squadron: {name} moving a fleet, and naval transport, are not built yet, so the move is refused")));
    }
    let all = st
        .units
        .keys()
        .chain(st.commanders.keys())
        .cloned()
        .chain([SIEGE_TRAIN.to_string()]);
    Err(refuse(
        i,
        "Macedonians [5.13]",
        unknown("unit or commander", id, all),
    ))
}

/// [7.47]: Darius keeps a Force of at least 20 SSP with him; he may not leave units behind if
/// that brings him under it.
pub fn darius(
    st: &State,
    i: usize,
    cid: &str,
    force: &BTreeSet<String>,
    placed: &BTreeMap<String, Hex>,
) -> Result<(), RuleError> {
    if cid != "darius" || !placed.keys().any(|u| st.units.contains_key(u)) {
        return Ok(());
    }
    let need = st.pack.number("stacking", "darius-escort").unwrap_or(20);
    let with: u32 = force
        .iter()
        .filter_map(|u| st.units.get(u))
        .map(|u| u.ssp)
        .sum();
    if with < need {
        return Err(refuse(i, "Macedonians [7.47]", format!("Darius may not leave units behind that bring his Force under {need} SSP ({with} would stay with him)")));
    }
    Ok(())
}
