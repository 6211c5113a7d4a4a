//! Romans [20.14]: the Second Macedonian War's scheduled reinforcements, the Rhodian fleet
//! (one Heavy squadron under Acestimbrotus, at 6134, which is a Naval Base for it alone) and
//! the Pergamene fleet (one Medium squadron under Attalus, at Aegina, or with the Rhodians
//! when Macedon or an ally of hers holds Aegina), both Rome's allies for the game, starting the
//! March 199 Game-Turn (turn 3). With the option `random-allied-fleet-arrival` each fleet rolls
//! once at the start of the game (1–2: it is there) and then each Game-Turn from March 199
//! until it comes (1–4 in 199, 1–3 in 198, 1–2 in 197), on `tables.yaml` `allied-fleet-arrival`
//! (ruling R-97 for when those rolls are made).

use super::fleets::position;
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::force::{Commander, Squadron};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The option of [20.14]'s random arrival.
pub const RANDOM: &str = "random-allied-fleet-arrival";

/// Romans [20.14]: at the start of a Game-Turn (and, with the option, after the first
/// Player-Turn of the game for the set-up roll), the reinforcements due come on the map.
///
/// Errors: dice not available yet (the random option's rolls).
pub fn arrive(st: &mut State, dice: &mut Dice, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let Some(sc) = st.pack.scenarios.get(&st.scenario).cloned() else {
        return Ok(());
    };
    let random = st.options.iter().any(|o| o == RANDOM);
    let now: u32 = st.turn_number().parse().unwrap_or(0);
    let year = st
        .track()
        .get(st.turn)
        .and_then(|t| t.year.clone())
        .unwrap_or_default();
    let mut order: Vec<_> = sc.reinforcements.iter().map(|r| r.item.clone()).collect();
    // Those placed "with" another come after it.
    order.sort_by_key(|r| r.else_with.is_some());
    for r in order {
        if st.naval.arrived.contains(&r.nation) {
            continue;
        }
        let due: u32 = r.turn.parse().unwrap_or(0);
        let comes = if random {
            let column = if !st.naval.set_up_rolls.contains(&r.nation) {
                st.naval.set_up_rolls.insert(r.nation.clone());
                Some("set-up".to_string())
            } else if now >= due {
                Some(year.clone())
            } else {
                None
            };
            match column {
                None => false,
                Some(col) => {
                    let table = r.random_arrival_table.clone().unwrap_or_default();
                    let roll = dice
                        .roll_for(&r.side)
                        .d6("allied fleet arrival", "Romans [20.14]")?;
                    let ok = st
                        .pack
                        .table(&table)
                        .and_then(|t| t.cell(&roll.to_string(), &col))
                        == Some("arrives");
                    ev.push(Event::new(
                        "Romans [20.14]",
                        format!(
                            "the {} fleet's arrival ({col}): {} rolls {roll}: {}",
                            r.nation,
                            side_name(&r.side),
                            if ok { "it comes" } else { "not yet" }
                        ),
                    ));
                    ok
                }
            }
        } else {
            now >= due
        };
        if comes {
            place(st, &r, ev);
        }
    }
    Ok(())
}

/// Puts reinforcement `r` on the map ([20.14]).
fn place(st: &mut State, r: &super::data::scenario::Reinforcement, ev: &mut Vec<Event>) {
    let map = r.at.map.clone().unwrap_or_else(|| "romans".into());
    let mut hex = r.at.hex.clone().unwrap_or_default();
    let held = st.units.values().any(|u| {
        u.at.map == map
            && u.at.hex == hex
            && r.if_occupied_by
                .iter()
                .any(|s| s.trim_end_matches("-allies") == u.side)
    });
    let mut note = String::new();
    if held {
        if let Some(other) = r.else_with.as_ref().and_then(|n| {
            st.pack.scenarios[&st.scenario]
                .reinforcements
                .iter()
                .find(|x| &x.nation == n)
        }) {
            hex = other.at.hex.clone().unwrap_or(hex);
            note = format!(
                " ({} is held by the enemy: with the {} fleet)",
                r.at.city.clone().unwrap_or_default(),
                other.nation
            );
        }
    }
    let Ok(h) = crate::geo::Hex::parse(&hex) else {
        return;
    };
    let pos = position(&crate::geo::HexKey {
        map: map.clone(),
        hex: h,
    });
    let mut ids = Vec::new();
    for (kind, n) in &r.squadrons {
        for k in 1..=*n {
            let mut id = format!("{}-{kind}-{k}", r.nation);
            let mut j = k;
            while st.squadrons.contains_key(&id) {
                j += 1;
                id = format!("{}-{kind}-{j}", r.nation);
            }
            st.squadrons.insert(
                id.clone(),
                Squadron {
                    side: r.side.clone(),
                    nation: r.nation.clone(),
                    kind: kind.clone(),
                    half: false,
                    at: pos.clone(),
                },
            );
            ids.push(id);
        }
    }
    for c in &r.commanders {
        if let Some(n) = st.pack.counters.commanders.get(c) {
            st.commanders.insert(
                c.clone(),
                Commander {
                    side: r.side.clone(),
                    nation: n.nation.clone(),
                    counter: Some(c.clone()),
                    pool: None,
                    office: None,
                    at: pos.clone(),
                },
            );
        }
    }
    st.naval.arrived.insert(r.nation.clone());
    ev.push(Event::new(
        "Romans [20.14]",
        format!(
            "the {} fleet arrives at {hex}{note}: {} under {}, allied to {} for the game",
            r.nation,
            ids.join(", "),
            r.commanders.join(", "),
            side_name(&r.side)
        ),
    ));
}
