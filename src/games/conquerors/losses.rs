//! SSP losses taken unit by unit, shared by The Romans and The Macedonians: a CRT result, a
//! Retreat During Combat's die or a Pursuit is removed one SSP (step) at a time from the
//! owner's units in the order he gave (Romans [9.51], [9.66]; Macedonians [9.5], [9.12]).

use std::collections::BTreeMap;

use super::force::LandUnit;

/// Who picks the unit when `order` names none of a contingent's: `None`, the default (by id);
/// or the owner in person, asked with (the units, the contingent, the units that may take it,
/// (which SSP, of how many)) and answering a unit id, or `None` to leave it to the default.
pub type Chooser<'a, E> = Option<
    &'a mut dyn FnMut(
        &BTreeMap<String, LandUnit>,
        &str,
        &[String],
        (u32, u32),
    ) -> Result<Option<String>, E>,
>;

/// Takes `n` SSP from `live` units one at a time: from the contingent (`key` of a unit) furthest
/// below its share of `start` (its SSP when the battle began; Romans [9.66]: each nation in
/// proportion; a game with one contingent a side keys every unit alike), within it from the
/// units in `order` first, then the unit `choose` names where more than one may take it, then
/// by id. Units left with no SSP are removed. `tally` is (`start`, `lost` so far by
/// contingent, updated). Returns (SSP taken, words per unit, whether units not in a non-empty
/// `order` took some).
///
/// Errors: `choose`'s (a pause for the owner's answer).
pub fn take<E>(
    units: &mut BTreeMap<String, LandUnit>,
    live: &[String],
    order: &[String],
    tally: (&BTreeMap<String, u32>, &mut BTreeMap<String, u32>),
    n: u32,
    key: impl Fn(&LandUnit) -> &str,
    mut choose: Chooser<'_, E>,
) -> Result<(u32, Vec<String>, bool), E> {
    let (start, lost) = tally;
    let mut taken = 0;
    let mut per: BTreeMap<String, u32> = BTreeMap::new();
    let mut defaulted = false;
    for _ in 0..n {
        // The contingent furthest below its share.
        let mut best: Option<(u64, String)> = None;
        for (nation, s0) in start {
            let has = live
                .iter()
                .any(|id| units.get(id).is_some_and(|u| key(u) == nation && u.ssp > 0));
            if !has || *s0 == 0 {
                continue;
            }
            let share = u64::from(*lost.get(nation).unwrap_or(&0)) * 1_000_000 / u64::from(*s0);
            if best.as_ref().is_none_or(|(k, _)| share < *k) {
                best = Some((share, nation.clone()));
            }
        }
        let Some((_, nation)) = best else { break };
        let mut pick = order
            .iter()
            .find(|id| {
                live.contains(id)
                    && units
                        .get(*id)
                        .is_some_and(|u| key(u) == nation && u.ssp > 0)
            })
            .cloned();
        if let (None, Some(ask)) = (&pick, choose.as_mut()) {
            let can: Vec<String> = live
                .iter()
                .filter(|id| {
                    units
                        .get(*id)
                        .is_some_and(|u| key(u) == nation && u.ssp > 0)
                })
                .cloned()
                .collect();
            if can.len() > 1 {
                pick = ask(units, &nation, &can, (taken + 1, n))?;
            }
        }
        if pick.is_none() {
            pick = live
                .iter()
                .find(|id| {
                    units
                        .get(*id)
                        .is_some_and(|u| key(u) == nation && u.ssp > 0)
                })
                .cloned();
            defaulted = true;
        }
        let Some(id) = pick else { break };
        if let Some(u) = units.get_mut(&id) {
            u.ssp -= 1;
        }
        *lost.entry(nation).or_default() += 1;
        *per.entry(id).or_default() += 1;
        taken += 1;
    }
    let mut words = Vec::new();
    for (id, k) in per {
        if units.get(&id).is_some_and(|u| u.ssp == 0) {
            units.remove(&id);
            words.push(format!("{id} -{k}, eliminated"));
        } else {
            words.push(format!("{id} -{k}"));
        }
    }
    Ok((taken, words, defaulted && !order.is_empty()))
}

/// Romans [9.66], Macedonians [9.5]: [`take`] with nobody asked in person: the order, then the
/// default.
pub fn take_default(
    units: &mut BTreeMap<String, LandUnit>,
    live: &[String],
    order: &[String],
    tally: (&BTreeMap<String, u32>, &mut BTreeMap<String, u32>),
    n: u32,
    key: impl Fn(&LandUnit) -> &str,
) -> (u32, Vec<String>, bool) {
    take::<std::convert::Infallible>(units, live, order, tally, n, key, None)
        .unwrap_or_else(|e| match e {})
}
