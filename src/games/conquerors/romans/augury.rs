//! Romans [18.3]: the Augury. In step 2 of each Winter ([4.2], [18.31]) Rome rolls two dice
//! once on the Augury Table ([18.32], errata and follow-up 18.32; items 11 and 12 are
//! reconstructed, `tables.yaml`). Treasury events apply at once; the tax and revenue events
//! when taxes are collected; the legions sent away and the storm's losses are Rome's choices in
//! its Winter orders.

use serde::{Deserialize, Serialize};

use super::data::model::AuguryEvent;
use super::state::State;
use super::winter_orders::Senate;
use crate::games::conquerors::force::Position;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

const R: &str = "Romans [18.32]";

/// The Winter's Augury.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Augury {
    /// The two dice summed.
    pub roll: u32,
    /// The event id (`tables.yaml` `augury-events`).
    pub event: String,
}

impl Augury {
    /// The event's data.
    pub fn data(&self, st: &State) -> AuguryEvent {
        st.pack
            .tables
            .augury_events
            .get(&self.event)
            .map(|e| e.item.clone())
            .or_else(|| serde_json::from_value(serde_json::json!({"summary": "no event"})).ok())
            .expect("an Augury event with only a summary reads")
    }
}

/// Romans [18.31]: Rome rolls 2d6 on the Augury Table; a treasury change applies at once
/// (never below 0, AMB-41).
///
/// Errors: [`RuleError::Dice`] without dice.
pub fn roll(st: &mut State, dice: &mut Dice, ev: &mut Vec<Event>) -> Result<Augury, RuleError> {
    let roll = dice.roll_for("rome").two_d6("Augury", "Romans [18.31]")?;
    let event = st
        .pack
        .table("augury")
        .and_then(|t| t.cell(&roll.to_string(), "event"))
        .unwrap_or_default()
        .to_string();
    let a = Augury { roll, event };
    let e = a.data(st);
    ev.push(Event::new(
        R,
        format!("Augury: Rome rolls {roll}: {}", e.summary),
    ));
    match e.treasury_change {
        Some(n) if n < 0 => {
            let took = st.forfeit("rome", n.unsigned_abs());
            ev.push(Event::new(
                R,
                format!("Rome's treasury loses {took} talents"),
            ));
        }
        Some(n) => {
            st.earn("rome", n as u32);
            ev.push(Event::new(R, format!("Rome's treasury gains {n} talents")));
        }
        None => {}
    }
    Ok(a)
}

/// Romans [18.32] items 2, 10, 11 (errata 18.32): the legions sent away for the year, with a
/// new extra praetor; missing legions are raised there (paid as far as the treasury goes,
/// ruling R-70). Item 4: the storm's losses on Rome's largest fleet.
///
/// Errors: [`RuleError::Illegal`]: a legion not in play or the Roma legion when the event
/// forbids it; storm steps that are not Rome's largest fleet's or not half of it.
pub fn resolve(
    st: &mut State,
    a: &Augury,
    o: &Senate,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let e = a.data(st);
    if let Some(n) = e.send_legions {
        send_legions(st, &e, n, o, ev)?;
    } else if !o.augury_legions.is_empty() {
        return Err(RuleError::illegal(
            "senate.augury_legions",
            R,
            "this Winter's Augury sends no legion away",
        ));
    }
    if e.largest_fleet_loss_percent.is_some() {
        storm(st, o, ev)?;
    } else if !o.storm_steps.is_empty() {
        return Err(RuleError::illegal(
            "senate.storm_steps",
            R,
            "there is no storm this Winter",
        ));
    }
    Ok(())
}

fn send_legions(
    st: &mut State,
    e: &AuguryEvent,
    n: u32,
    o: &Senate,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let city = e
        .destination
        .as_ref()
        .and_then(|d| d.city.clone())
        .unwrap_or_default();
    let key = super::raising::city_named(st, &city).ok_or_else(|| {
        RuleError::illegal(
            "senate.augury_legions",
            R,
            format!("no city {city} on the map"),
        )
    })?;
    let place = st.cities[&key].at.clone();
    let roma = st
        .pack
        .counters
        .nations
        .get("rome")
        .and_then(|x| x.capital.clone())
        .and_then(|c| c.hex)
        .unwrap_or_default();
    let eligible: Vec<String> = st
        .units
        .iter()
        .filter(|(_, u)| u.side == "rome" && u.kind == "legion")
        .filter(|(_, u)| !(e.not_roma_legion && u.at.hex == roma))
        .map(|(k, _)| k.clone())
        .collect();
    let mut chosen = o.augury_legions.clone();
    for l in &chosen {
        if !eligible.contains(l) {
            return Err(RuleError::illegal(
                "senate.augury_legions",
                R,
                format!("{l} may not go (try {})", eligible.join(", ")),
            ));
        }
    }
    if chosen.len() as u32 > n {
        return Err(RuleError::illegal(
            "senate.augury_legions",
            R,
            format!("the Augury sends {n} legion(s)"),
        ));
    }
    if chosen.is_empty() {
        // Default: legions outside Roma first (17.36 keeps one there).
        let mut order: Vec<String> = eligible.clone();
        order.sort_by_key(|l| (st.units[l].at.hex == roma, l.clone()));
        chosen = order.into_iter().take(n as usize).collect();
        if !chosen.is_empty() {
            ev.push(Event::new(
                R,
                format!("default: {} sent (Rome named none)", chosen.join(", ")),
            ));
        }
    }
    for l in &chosen {
        let from = st.units[l].at.clone();
        // The legion goes with its tribunes (they never leave it, [18.23]).
        let tribunes: Vec<String> = st
            .commanders
            .iter()
            .filter(|(_, c)| {
                c.office.as_deref()
                    == Some(&format!(
                        "tribune of {}",
                        st.units[l].label.clone().unwrap_or_default()
                    ))
                    && c.at == from
            })
            .map(|(k, _)| k.clone())
            .collect();
        for t in tribunes {
            if let Some(c) = st.commanders.get_mut(&t) {
                c.at = Position {
                    inside: false,
                    ..place.clone()
                };
            }
        }
        if let Some(u) = st.units.get_mut(l) {
            u.at = Position {
                inside: false,
                ..place.clone()
            };
        }
        st.senate.posted.insert(l.clone(), city.clone());
    }
    for _ in chosen.len() as u32..n {
        let Some(numeral) = super::raising::next_legion(st) else {
            break;
        };
        let c = super::economy::cost(st, "legion", "raise");
        let paid = st.forfeit("rome", c);
        super::raising::place_legion(st, "rome", &numeral, &key);
        st.senate
            .posted
            .insert(format!("legion-{numeral}"), city.clone());
        ev.push(Event::new(
            "Romans [18.32], errata 18.32",
            format!("no legion can go: Legion {numeral} is raised at {city} ({paid} talents)"),
        ));
    }
    if e.extra_praetor {
        let id = "praetor-augury".to_string();
        st.commanders.insert(
            id.clone(),
            crate::games::conquerors::force::Commander {
                side: "rome".into(),
                nation: "rome".into(),
                counter: None,
                pool: Some("praetors".into()),
                office: Some(format!("praetor sent to {city}")),
                at: Position {
                    inside: false,
                    ..place.clone()
                },
            },
        );
        st.senate.extra_praetors.insert(id);
    }
    ev.push(Event::new(
        R,
        format!(
            "{} go{} to {city} for the year{}",
            if chosen.is_empty() {
                "new legions".to_string()
            } else {
                chosen.join(", ")
            },
            if chosen.len() == 1 { "es" } else { "" },
            if e.extra_praetor {
                ", with a newly chosen praetor"
            } else {
                ""
            }
        ),
    ));
    Ok(())
}

/// Steps of a squadron: 2 at full strength, 1 at half ([11.21]).
fn steps(half: bool) -> u32 {
    if half {
        1
    } else {
        2
    }
}

/// Naval strength of a squadron kind at full or half strength.
fn strength(st: &State, kind: &str, half: bool) -> u32 {
    st.pack
        .counters
        .squadron_types
        .get(kind)
        .map(|t| {
            if half {
                t.strength.half
            } else {
                t.strength.full
            }
        })
        .unwrap_or(0)
}

/// Romans [18.32] item 4, AMB-44: Rome's largest fleet (its own squadrons in one hex, the
/// most naval strength; ties: the first hex) loses half its steps, rounded up, Rome choosing.
fn storm(st: &mut State, o: &Senate, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let mut by: std::collections::BTreeMap<(String, String), u32> = Default::default();
    for q in st
        .squadrons
        .values()
        .filter(|q| q.side == "rome" && q.nation == "rome" && q.kind != "merchant")
    {
        *by.entry((q.at.map.clone(), q.at.hex.clone())).or_default() +=
            strength(st, &q.kind, q.half);
    }
    let Some(best) = by.values().copied().max() else {
        ev.push(Event::new(R, "the storm finds no Roman fleet at sea"));
        return Ok(());
    };
    let tied: Vec<(String, String)> = by
        .iter()
        .filter(|(_, v)| **v == best)
        .map(|(k, _)| k.clone())
        .collect();
    // Rome names the fleet by naming its squadrons; otherwise the first of the largest.
    let at = o
        .storm_steps
        .first()
        .and_then(|id| st.squadrons.get(id))
        .map(|q| (q.at.map.clone(), q.at.hex.clone()))
        .filter(|k| tied.contains(k))
        .unwrap_or_else(|| tied[0].clone());
    let fleet: Vec<String> = st
        .squadrons
        .iter()
        .filter(|(_, q)| q.side == "rome" && q.nation == "rome" && q.kind != "merchant")
        .filter(|(_, q)| (q.at.map.clone(), q.at.hex.clone()) == at)
        .map(|(k, _)| k.clone())
        .collect();
    let total: u32 = fleet.iter().map(|k| steps(st.squadrons[k].half)).sum();
    let due = total.div_ceil(2);
    let mut picks = o.storm_steps.clone();
    if picks.is_empty() {
        // Default: the lightest squadrons first (the least naval strength lost).
        let mut order = fleet.clone();
        order.sort_by_key(|k| (strength(st, &st.squadrons[k].kind, false), k.clone()));
        for k in order {
            for _ in 0..steps(st.squadrons[&k].half) {
                if (picks.len() as u32) < due {
                    picks.push(k.clone());
                }
            }
        }
        ev.push(Event::new(
            R,
            format!(
                "default: the storm's steps fall on {} (Rome named none)",
                picks.join(", ")
            ),
        ));
    }
    if picks.len() as u32 != due {
        return Err(RuleError::illegal(
            "senate.storm_steps",
            R,
            format!(
                "the fleet at {} has {total} steps: name {due} (one entry a step)",
                at.1
            ),
        ));
    }
    for p in &picks {
        let n = picks.iter().filter(|x| *x == p).count() as u32;
        if !fleet.contains(p) || n > steps(st.squadrons[p].half) {
            return Err(RuleError::illegal(
                "senate.storm_steps",
                R,
                format!(
                    "{p} is not a squadron of the largest fleet with that many steps (try {})",
                    fleet.join(", ")
                ),
            ));
        }
    }
    let mut done = std::collections::BTreeSet::new();
    for p in &picks {
        if !done.insert(p.clone()) {
            st.squadrons.remove(p);
            continue;
        }
        let half = st.squadrons[p].half;
        if half {
            st.squadrons.remove(p);
        } else if let Some(q) = st.squadrons.get_mut(p) {
            q.half = true;
        }
    }
    ev.push(Event::new(
        R,
        format!(
            "the storm costs Rome's fleet at {} {due} step(s): {}",
            at.1,
            picks.join(", ")
        ),
    ));
    Ok(())
}
