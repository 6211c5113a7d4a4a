//! Romans [18]: the Roman Senate. Each Winter the consular year turns: two new consuls, one
//! for Rome (revealed at once, [18.13]) and one for the field army ([18.12], [18.16]), unless
//! the field consul is kept ([18.14]); new praetors, one per 4 legions ([18.21], AMB-33) and
//! legates ([18.22]); the Augury ([18.3]) rolled once a Winter and its events. Untried
//! counters are drawn from their cup by the dice stream only when revealed.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::state::State;
use super::winter_orders::Senate;
use crate::games::conquerors::force::{Commander, Position};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// What the Senate remembers between Winters.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SenateState {
    /// Consul counters set aside at the last Winter: out of the cup for the consular year they
    /// were replaced in ([18.12], AMB-35; ruling R-66).
    #[serde(default)]
    pub set_aside: Vec<String>,
    /// Commanders (ids) who won a Major Land Battle this consular year ([18.14]).
    #[serde(default)]
    pub battle_winners: BTreeSet<String>,
    /// Legions the Augury sent away for the year, with their destination ([18.32]).
    #[serde(default)]
    pub posted: BTreeMap<String, String>,
    /// The extra praetors of the Augury, deactivated at the next Winter (errata 18.32).
    #[serde(default)]
    pub extra_praetors: BTreeSet<String>,
    /// Commanders and units of a Force that mutinied: in Roma until the next Campaign Year
    /// ([9.69], `mutiny.rs`).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub mutinied: BTreeSet<String>,
}

/// Errata 18.32: the Augury's extra praetors end with the year, and the legions it sent away
/// are free again. Called when the Winter's orders are resolved, before this Winter's Augury
/// sends any.
pub fn end_of_year(st: &mut State) {
    for p in std::mem::take(&mut st.senate.extra_praetors) {
        if let Some(c) = st.remove_commander(&p) {
            if let Some(k) = c.counter {
                st.drawn.remove(&k);
            }
        }
    }
    st.senate.posted.clear();
    st.senate.mutinied.clear();
}

/// Romans [8.43], [18.13]: reveals untried commander `cid` by drawing his counter blind from
/// his pool's cup (counters held by other commanders, set aside or drawn stay out).
///
/// Errors: [`RuleError::Dice`] without dice; [`RuleError::Illegal`] if the cup is empty.
pub fn reveal(
    st: &mut State,
    cid: &str,
    dice: &mut Dice,
    rule: &str,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let c = st.commanders[cid].clone();
    if c.counter.is_some() {
        return Ok(());
    }
    let pool = c.pool.clone().unwrap_or_default();
    let held: BTreeSet<String> = st
        .commanders
        .values()
        .filter_map(|x| x.counter.clone())
        .collect();
    let mut cup: Vec<String> = st
        .pack
        .counters
        .roman_pools
        .get(&pool)
        .map(|p| p.counters.keys().cloned().collect())
        .unwrap_or_default();
    cup.retain(|k| !held.contains(k) && !st.drawn.contains(k));
    let drawn = dice
        .roll_for(&c.side)
        .draw(&mut cup, &format!("untried {pool} counter of {cid}"), rule)?
        .ok_or_else(|| RuleError::illegal(cid, rule, format!("the {pool} cup is empty")))?;
    st.drawn.insert(drawn.clone());
    if let Some(x) = st.commanders.get_mut(cid) {
        x.counter = Some(drawn);
    }
    ev.push(Event::new(
        rule,
        format!(
            "the untried {} is revealed: {}, Strategic Rating {}",
            c.office.clone().unwrap_or(pool),
            st.commander_name(cid),
            st.rating(cid).unwrap_or(1)
        ),
    ));
    Ok(())
}

/// The game option of Romans [8.4]: consuls appointed in historical order.
pub const HISTORICAL: &str = "historical-consuls";

/// Romans [8.4] (optional): gives commander `cid` the historical consul's counter of `year`
/// (`field` or `roma` of `counters.yaml` `historical-consuls`), revealed, when the option is
/// on and the counter is free (not held, not eliminated). Returns whether it did.
pub fn historical(st: &mut State, cid: &str, year: &str, field: bool, ev: &mut Vec<Event>) -> bool {
    if !st.options.iter().any(|o| o == HISTORICAL) {
        return false;
    }
    let Some(y) = st.pack.counters.historical_consuls.get(year) else {
        return false;
    };
    let counter = if field {
        y.field.clone()
    } else {
        y.roma.clone()
    };
    let held = st
        .commanders
        .values()
        .any(|c| c.counter.as_deref() == Some(counter.as_str()));
    // The historical order replaces the random system, the set-aside of 18.12 included
    // (ruling R-72); an eliminated consul is gone for good (8.64).
    let set_aside = st.senate.set_aside.contains(&counter);
    if held || (st.drawn.contains(&counter) && !set_aside) {
        return false;
    }
    st.drawn.insert(counter.clone());
    if let Some(c) = st.commanders.get_mut(cid) {
        c.counter = Some(counter);
    }
    ev.push(Event::new(
        "Romans [8.4]",
        format!(
            "historical consuls: {} is {} for {year} B.C.",
            st.commander_name(cid),
            if field {
                "the field consul"
            } else {
                "the Consul for Rome"
            }
        ),
    ));
    true
}

/// Hexes holding Roman legions, the most legion SSP first (the Winter's default placement).
pub fn legion_hexes(st: &State) -> Vec<String> {
    let mut by: BTreeMap<String, u32> = BTreeMap::new();
    for u in st
        .units
        .values()
        .filter(|u| u.side == "rome" && u.kind == "legion")
    {
        *by.entry(u.at.hex.clone()).or_default() += u.ssp;
    }
    let mut v: Vec<(String, u32)> = by.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v.into_iter().map(|(h, _)| h).collect()
}

/// Hexes holding Roman squadrons (own, not allied), the most squadrons first.
pub fn squadron_hexes(st: &State) -> Vec<String> {
    let mut by: BTreeMap<String, u32> = BTreeMap::new();
    for q in st
        .squadrons
        .values()
        .filter(|q| q.side == "rome" && q.nation == "rome" && q.kind != "merchant")
    {
        *by.entry(q.at.hex.clone()).or_default() += 1;
    }
    let mut v: Vec<(String, u32)> = by.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v.into_iter().map(|(h, _)| h).collect()
}

/// Romans [18.21], AMB-33: praetors the Senate appoints, one per 4 legions in play, rounded
/// up.
pub fn praetors_due(st: &State) -> u32 {
    let legions = st
        .units
        .values()
        .filter(|u| u.side == "rome" && u.kind == "legion")
        .count() as u32;
    legions.div_ceil(4)
}

/// Romans [18.15]: legions in the field (all but those in Roma; auxiliaries are not legions).
pub fn field_legions(st: &State, roma_hex: &str) -> u32 {
    st.units
        .values()
        .filter(|u| u.side == "rome" && u.kind == "legion" && u.at.hex != roma_hex)
        .count() as u32
}

/// Romans [18.32], AMB-44: a legion the Augury sent away stays there until the next Winter.
///
/// Errors: [`RuleError::Illegal`] naming the move when it takes such a legion along.
pub fn check_posted(st: &State, i: usize, mv: &super::orders::Move) -> Result<(), RuleError> {
    for id in mv.with.iter().chain(mv.pick_up.values().flatten()) {
        if let Some(place) = st.senate.posted.get(id) {
            return Err(RuleError::illegal(
                format!("moves[{i}]"),
                "Romans [18.32]",
                format!(
                    "{id} was sent to {place} by the Augury and stays there until the next Winter"
                ),
            ));
        }
    }
    Ok(())
}

/// Romans [18.22]: the most legates Rome may have: as many as praetors, one while its own
/// fleet is under 6 squadrons.
pub fn legates_allowed(st: &State) -> u32 {
    let squadrons = st
        .squadrons
        .values()
        .filter(|q| q.side == "rome" && q.nation == "rome" && q.kind != "merchant")
        .count();
    let p = praetors_due(st);
    if squadrons < 6 {
        p.min(1)
    } else {
        p
    }
}

fn new_commander(st: &mut State, id: &str, pool: &str, office: Option<&str>, hex: &str) {
    st.commanders.insert(
        id.to_string(),
        Commander {
            side: "rome".into(),
            nation: "rome".into(),
            counter: None,
            pool: Some(pool.into()),
            office: office.map(str::to_string),
            at: Position {
                map: "romans".into(),
                hex: hex.into(),
                inside: false,
            },
        },
    );
}

fn next_id(st: &State, stem: &str) -> String {
    (1..)
        .map(|n| format!("{stem}-{n}"))
        .find(|k| !st.commanders.contains_key(k))
        .unwrap_or_default()
}

/// Checks that each hex of `chosen` is in `allowed`; empty `chosen`: the first `n` of
/// `allowed` in turn, reported as a default.
fn places(
    chosen: &[String],
    allowed: &[String],
    n: usize,
    what: &str,
    rule: &str,
    defaults: &mut Vec<String>,
) -> Result<Vec<String>, RuleError> {
    if chosen.is_empty() {
        if allowed.is_empty() {
            return Ok(Vec::new());
        }
        let v: Vec<String> = (0..n).map(|i| allowed[i % allowed.len()].clone()).collect();
        if n > 0 {
            defaults.push(format!("{what} at {} (nothing ordered)", v.join(", ")));
        }
        return Ok(v);
    }
    for h in chosen {
        if !allowed.contains(h) {
            return Err(RuleError::illegal(
                what,
                rule,
                format!(
                    "{h} is not a hex where it may appear (try {})",
                    allowed.join(", ")
                ),
            ));
        }
    }
    Ok(chosen.to_vec())
}

/// Romans [18.12]–[18.16], [18.21], [18.22]: the Senate's Winter. `may_reappoint`: Augury 6.
///
/// Errors: [`RuleError::Illegal`]: keeping a consul who may not be kept, a hex where an
/// officer may not appear, more legates than allowed; [`RuleError::Dice`] without dice.
pub fn appoint(
    st: &mut State,
    o: &Senate,
    year: &str,
    may_reappoint: bool,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    const R: &str = "Romans [18.12]";
    let mut defaults = Vec::new();
    // The set-aside consuls of last Winter go back to the pile now (AMB-35).
    for c in std::mem::take(&mut st.senate.set_aside) {
        st.drawn.remove(&c);
    }
    // [18.14]: keep the field consul?
    let field = st
        .commanders
        .iter()
        .find(|(_, c)| c.office.as_deref() == Some("field-consul"))
        .map(|(k, _)| k.clone());
    let kept = match (&field, o.keep_field_consul) {
        (Some(f), true) => {
            let won = st.senate.battle_winners.contains(f);
            if !won && !may_reappoint {
                return Err(RuleError::illegal(
                    "senate.keep_field_consul",
                    "Romans [18.14]",
                    "the field consul may be kept only after winning a Major Land Battle this year or on Augury 6",
                ));
            }
            ev.push(Event::new(
                "Romans [18.14]",
                format!(
                    "the Senate keeps {} as field consul for another year",
                    st.commander_name(f)
                ),
            ));
            true
        }
        (None, true) => {
            return Err(RuleError::illegal(
                "senate.keep_field_consul",
                "Romans [18.14]",
                "there is no field consul to keep",
            ))
        }
        _ => false,
    };
    // [18.12]: the outgoing consuls (and a Proconsul, AMB-36) are set aside.
    let outgoing: Vec<String> = st
        .commanders
        .iter()
        .filter(|(k, c)| {
            c.side == "rome"
                && c.pool.as_deref() == Some("consuls")
                && !(kept && Some(*k) == field.as_ref())
        })
        .map(|(k, _)| k.clone())
        .collect();
    for k in &outgoing {
        if let Some(c) = st.remove_commander(k) {
            if let Some(counter) = c.counter {
                st.senate.set_aside.push(counter);
            }
        }
    }
    // The Consul for Rome: placed in Roma and revealed at once ([18.13]).
    let roma = st
        .pack
        .counters
        .nations
        .get("rome")
        .and_then(|n| n.capital.clone())
        .and_then(|c| c.hex)
        .unwrap_or_else(|| "2914".into());
    new_commander(
        st,
        "consul-for-rome",
        "consuls",
        Some("consul-for-rome"),
        &roma,
    );
    let consul_for_rome_known = historical(st, "consul-for-rome", year, false, ev);
    // The new field consul ([18.16]: any hex with a legion).
    let lh = legion_hexes(st);
    if !kept {
        let at = places(
            &o.field_consul_at.iter().cloned().collect::<Vec<_>>(),
            &lh,
            1,
            "the new field consul",
            "Romans [18.16]",
            &mut defaults,
        )?;
        if let Some(h) = at.first() {
            new_commander(st, "field-consul", "consuls", Some("field-consul"), h);
            historical(st, "field-consul", year, true, ev);
            ev.push(Event::new(
                R,
                format!("a new untried field consul takes the field at {h}"),
            ));
        }
    }
    // [18.21]: praetors anew; a kept consul may retain one.
    let old_praetors: Vec<String> = st
        .commanders
        .iter()
        .filter(|(k, c)| {
            c.side == "rome"
                && c.pool.as_deref() == Some("praetors")
                && !st.senate.extra_praetors.contains(*k)
        })
        .map(|(k, _)| k.clone())
        .collect();
    if let Some(p) = &o.keep_praetor {
        if !kept || !old_praetors.contains(p) {
            return Err(RuleError::illegal(
                "senate.keep_praetor",
                "Romans [18.21]",
                format!(
                    "only a kept consul retains a praetor, and {p} must be one of {}",
                    old_praetors.join(", ")
                ),
            ));
        }
    }
    for k in &old_praetors {
        if Some(k) != o.keep_praetor.as_ref() {
            if let Some(c) = st.remove_commander(k) {
                if let Some(x) = c.counter {
                    st.drawn.remove(&x);
                }
            }
        }
    }
    let due = praetors_due(st).saturating_sub(u32::from(o.keep_praetor.is_some()));
    let at = places(
        &o.praetors_at,
        &lh,
        due as usize,
        "the new praetors",
        "Romans [18.21]",
        &mut defaults,
    )?;
    if at.len() as u32 != due && !o.praetors_at.is_empty() {
        return Err(RuleError::illegal(
            "senate.praetors_at",
            "Romans [18.21]",
            format!("the Senate appoints {due} praetor(s) this Winter: name {due} hex(es)"),
        ));
    }
    for h in &at {
        let id = next_id(st, "praetor");
        new_commander(st, &id, "praetors", None, h);
    }
    // [18.22]: legates anew, in ports with a Roman squadron (AMB-34).
    for k in st
        .commanders
        .iter()
        .filter(|(_, c)| c.side == "rome" && c.pool.as_deref() == Some("legates"))
        .map(|(k, _)| k.clone())
        .collect::<Vec<_>>()
    {
        if let Some(c) = st.remove_commander(&k) {
            if let Some(x) = c.counter {
                st.drawn.remove(&x);
            }
        }
    }
    let allowed = legates_allowed(st);
    if o.legates_at.len() as u32 > allowed {
        return Err(RuleError::illegal(
            "senate.legates_at",
            "Romans [18.22]",
            format!("Rome may have {allowed} legate(s) now"),
        ));
    }
    let sh = squadron_hexes(st);
    let lat = places(
        &o.legates_at,
        &sh,
        allowed as usize,
        "the new legates",
        "Romans [18.22]",
        &mut defaults,
    )?;
    for h in &lat {
        let id = next_id(st, "legate");
        new_commander(st, &id, "legates", None, h);
    }
    if o.proconsul {
        let field = field_legions(st, &roma);
        if field <= 7 {
            return Err(RuleError::illegal(
                "senate.proconsul",
                "Romans [18.15]",
                format!("a Proconsul needs more than 7 legions in the field; Rome has {field}"),
            ));
        }
        new_commander(st, "proconsul", "consuls", Some("proconsul"), &roma);
        ev.push(Event::new(
            "Romans [18.15]",
            "a Proconsul, drawn untried from the consuls, is appointed in Roma until the next Winter",
        ));
    }
    ev.push(Event::new(
        "Romans [18.21], [18.22]",
        format!(
            "the Senate appoints {} new praetor(s){} and {} legate(s){}",
            at.len(),
            if at.is_empty() {
                String::new()
            } else {
                format!(" at {}", at.join(", "))
            },
            lat.len(),
            if lat.is_empty() {
                String::new()
            } else {
                format!(" at {}", lat.join(", "))
            },
        ),
    ));
    for d in defaults {
        ev.push(Event::new(R, format!("default: {d}")));
    }
    st.senate.battle_winners.clear();
    // Last, once every choice is checked: the Consul for Rome is revealed at once ([18.13]).
    if !consul_for_rome_known {
        reveal(st, "consul-for-rome", dice, "Romans [18.13]", ev)?;
    }
    Ok(())
}
