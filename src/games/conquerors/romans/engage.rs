//! What happens when forces meet during a move: a moving Force enters an enemy-occupied hex
//! (Romans [5.22], [9.2]) — Overrun of a small Force ([5.71]–[5.73]) unless it slips into its
//! city ([5.72]), Retreat Before Combat ([10.1]) or going inside the city ([7.34]) by the
//! defender's standing order `when_attacked`, otherwise a battle ([9]); or an interception
//! succeeds ([6.23], [6.41]–[6.43]): the intercepting Force moves in at no cost and must attack,
//! and the intercepted Force may not Retreat Before Combat.

use std::collections::BTreeMap;

use super::combat::{self, in_charge, standing_for, Battle, BattleRecord};
use super::interception::Interceptor;
use super::orders::{Standing, WhenAttacked};
use super::retreat::Kind;
use super::sequence::side_name;
use super::state::State;
use crate::geo::Hex;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// What the contact cost the mover and whether his move goes on ([9.24]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Engaged {
    /// MP paid on top of the hex's cost (half MP): combat or overrun, 0 if the enemy left.
    pub surcharge: u32,
    /// The mover stands in the hex and may go on.
    pub goes_on: bool,
}

fn action(st: &State, key: &str) -> u32 {
    st.pack
        .movement
        .actions
        .get(key)
        .map(|a| a.half_mp)
        .unwrap_or(0)
}

fn combat_number(st: &State, key: &str, field: &str, or: u64) -> u32 {
    st.pack
        .numbers
        .get("combat")
        .and_then(|c| c.get(key))
        .and_then(|p| p.item.get(field))
        .and_then(|m| m.as_u64())
        .unwrap_or(or) as u32
}

fn ssp(st: &State, ids: &[String]) -> u32 {
    ids.iter()
        .filter_map(|u| st.units.get(u))
        .map(|u| u.ssp)
        .sum()
}

/// [5.71]: an overrun threatens `small` SSP facing `big` SSP.
fn overrun_threat(st: &State, big: u32, small: u32) -> bool {
    let max = combat_number(st, "overrun", "defender_max_ssp", 5);
    let ratio = combat_number(st, "overrun", "min_ratio", 7);
    small <= max && big >= ratio * small
}

/// Whether `units` of `side` all fit inside the city of `hex`, which `side` controls ([7.13],
/// [10.15]).
fn city_takes(st: &State, map: &str, hex: Hex, side: &str, units: &[String]) -> bool {
    let Some(c) = st.city_at(map, hex) else {
        return false;
    };
    if c.control.as_deref() != Some(side) {
        return false;
    }
    let class = format!("{:?}", c.class);
    let cap = st
        .pack
        .movement
        .stacking
        .inside_city_by_class
        .get(&class)
        .and_then(|c| c.limit());
    let inside: u32 = st
        .units_at(map, &hex.to_string())
        .filter(|(_, u)| u.at.inside)
        .map(|(_, u)| u.ssp)
        .sum();
    cap.is_none_or(|cap| inside + ssp(st, units) <= cap)
}

fn go_inside(st: &mut State, units: &[String]) {
    for u in units {
        if let Some(x) = st.units.get_mut(u) {
            x.at.inside = true;
        }
    }
}

fn eliminate(st: &mut State, units: &[String], cmds: &[String], ev: &mut Vec<Event>) {
    for u in units {
        st.units.remove(u);
    }
    for c in cmds {
        if st.commanders.contains_key(c) {
            super::casualties::kill_commander(st, c, ev);
        }
    }
}

fn record(st: &mut State, hex: Hex, kind: &str, sides: [&str; 2], winner: &str) {
    st.combat.battles.push(BattleRecord {
        turn: st.turn_number(),
        hex: hex.to_string(),
        kind: kind.into(),
        aggressor: sides[0].into(),
        resister: sides[1].into(),
        winner: Some(winner.into()),
        roman_mutiny_check: false,
        roman_commanders: Vec::new(),
        mutiny_rolled: false,
    });
}

/// [5.22], [5.7], [10.1], [9]: the phasing Force of `cid` (`force` units, `carried`
/// commanders) has entered enemy-occupied `hex`.
///
/// Errors: dice not available yet; the Tactical game asked for ([`combat::battle_system`]).
#[allow(clippy::too_many_arguments)]
pub fn enter(
    st: &mut State,
    side: &str,
    cid: &str,
    force: &[String],
    carried: &[String],
    map: &str,
    hex: Hex,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<Engaged, RuleError> {
    st.combat.engagements += 1;
    let h = hex.to_string();
    // Ruling AMB-58: units aboard a fleet are not met by a land Force.
    let defenders: Vec<String> = st
        .units_at(map, &h)
        .filter(|(k, u)| {
            st.hostile(&u.side, side) && !u.at.inside && super::transport::ashore(st, k)
        })
        .map(|(k, _)| k.clone())
        .collect();
    let Some(def) = defenders.first().map(|d| st.units[d].side.clone()) else {
        return Ok(Engaged {
            surcharge: 0,
            goes_on: true,
        });
    };
    let def_cmds: Vec<String> = st
        .commanders
        .iter()
        .filter(|(_, c)| c.side == def && c.at.map == map && c.at.hex == h)
        .map(|(k, _)| k.clone())
        .collect();
    let chief = in_charge(st, &def_cmds);
    let said = standing
        .get(&def)
        .and_then(|s| standing_for(&s.when_attacked, chief.as_deref()));
    let asks = said.is_some_and(|a| a.asks());
    let mut order = said.and_then(|a| a.given().copied());
    // [9.8]: an encamped Roman Force counts double against the Overrun and may not retreat.
    let camp = super::encampment::encamped(st, map, &h, &def);
    let (big, small) = (
        ssp(st, force),
        super::encampment::odds_ssp(camp, ssp(st, &defenders)),
    );
    let ask = |st: &mut State, options: Vec<&str>, overrun: bool| {
        super::pause::when_attacked(
            st,
            (side, cid, big),
            (&def, chief.as_deref(), small),
            &h,
            options,
            overrun,
        )
    };
    if overrun_threat(st, big, small) {
        // [5.72]: no Retreat Before Combat; the city of the hex, if his, saves it.
        if asks && city_takes(st, map, hex, &def, &defenders) {
            order = ask(st, vec!["into_city", "stand"], true)?;
        }
        let into = matches!(order, None | Some(WhenAttacked::IntoCity));
        if into && city_takes(st, map, hex, &def, &defenders) {
            go_inside(st, &defenders);
            ev.push(Event::new(
                "Romans [5.72]",
                format!(
                    "{} threatened with Overrun at {h} goes inside the city{}",
                    side_name(&def),
                    if order.is_none() { " (default)" } else { "" }
                ),
            ));
            return Ok(Engaged {
                surcharge: 0,
                goes_on: true,
            });
        }
        eliminate(st, &defenders, &def_cmds, ev);
        ev.push(Event::new(
            "Romans [5.71], [5.73]",
            format!("Overrun at {h}: {big} SSP against {small}, 7 to 1 or better: the {} Force is eliminated with its commanders (+2 MP)", side_name(&def)),
        ));
        record(st, hex, "overrun", [side, &def], side);
        return Ok(Engaged {
            surcharge: action(st, "overrun"),
            goes_on: true,
        });
    }
    let b = Battle {
        map: map.to_string(),
        hex,
        sides: [side.to_string(), def.clone()],
        units: [force.to_vec(), defenders.clone()],
        commanders: [
            std::iter::once(cid.to_string())
                .chain(carried.iter().cloned())
                .collect(),
            def_cmds.clone(),
        ],
    };
    if asks {
        // Only what he may do here is offered ([10.12], [10.15], [7.34]).
        let mut options = vec!["stand"];
        if let (Some(c), false) = (&chief, camp) {
            let used = st.combat.retreat_spent.get(c).copied().unwrap_or(0);
            let wanted = standing
                .get(&def)
                .map(|s| s.path_for(chief.as_deref()))
                .unwrap_or_default();
            if super::retreat::plan_out(st, &b, 1, Kind::BeforeCombat, used, &wanted).is_some() {
                options.push("retreat");
            }
        }
        if city_takes(st, map, hex, &def, &defenders) {
            options.push("into_city");
        }
        order = if options.len() > 1 {
            ask(st, options, false)?
        } else {
            Some(WhenAttacked::Stand)
        };
    }
    match order {
        Some(WhenAttacked::Retreat) if camp => {
            ev.push(super::encampment::no_retreat(&h, "Retreat Before Combat"));
        }
        Some(WhenAttacked::Retreat) if chief.is_some() => {
            let used = chief
                .as_ref()
                .and_then(|c| st.combat.retreat_spent.get(c))
                .copied()
                .unwrap_or(0);
            let wanted = super::pause_losses::retreat_path(
                st,
                &b,
                1,
                (Kind::BeforeCombat, used),
                standing.get(&def),
                chief.as_deref(),
            )?;
            if let Some(p) = super::retreat::plan_out(st, &b, 1, Kind::BeforeCombat, used, &wanted)
            {
                super::retreat::go(
                    st,
                    &b,
                    1,
                    &defenders,
                    &def_cmds,
                    &p,
                    ev,
                    "Romans [10.11]",
                    "Retreats Before Combat",
                );
                return Ok(Engaged {
                    surcharge: 0,
                    goes_on: true,
                });
            }
            ev.push(Event::new(
                "Romans [10.15]",
                format!(
                    "{} would Retreat Before Combat but has no hex to go to, and stands",
                    side_name(&def)
                ),
            ));
        }
        Some(WhenAttacked::Retreat) => ev.push(Event::new(
            "Romans [10.12]",
            format!(
                "the {} Force has no commander and may not Retreat Before Combat: it stands",
                side_name(&def)
            ),
        )),
        Some(WhenAttacked::IntoCity) => {
            if city_takes(st, map, hex, &def, &defenders) {
                go_inside(st, &defenders);
                ev.push(Event::new(
                    "Romans [7.34]",
                    format!("the {} Force at {h} goes inside its city", side_name(&def)),
                ));
                return Ok(Engaged {
                    surcharge: 0,
                    goes_on: true,
                });
            }
            ev.push(Event::new(
                "Romans [7.13], [7.34]",
                format!(
                    "the {} Force at {h} cannot go inside (no city of its side with room): it stands",
                    side_name(&def)
                ),
            ));
        }
        Some(WhenAttacked::Stand) => {}
        None => ev.push(Event::new(
            "Romans [10.11]",
            format!(
                "{} said nothing for a Force attacked at {h}: it stands and fights (default)",
                side_name(&def)
            ),
        )),
    }
    super::supply_charges::charge_attack(st, side, cid, map, hex, force, ev);
    let out = combat::fight(st, b, standing, dice, ev)?;
    Ok(Engaged {
        surcharge: action(st, "enter-enemy-occupied"),
        goes_on: out.stands[0],
    })
}

/// [6.23], [6.41]–[6.43]: `by` intercepts the phasing Force of `cid` at `hex`: it moves in,
/// free, and attacks (an Overrun if the odds allow it). Returns whether the intercepted Force
/// stands and may go on (ruling AMB-18: it pays no MP for the battle).
///
/// Errors: dice not available yet; the Tactical game asked for.
#[allow(clippy::too_many_arguments)]
pub fn intercepted(
    st: &mut State,
    side: &str,
    cid: &str,
    force: &[String],
    carried: &[String],
    map: &str,
    hex: Hex,
    by: &Interceptor,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    st.combat.engagements += 1;
    let other = st.commanders[&by.chief].side.clone();
    let h = hex.to_string();
    for u in &by.units {
        if let Some(x) = st.units.get_mut(u) {
            x.at.hex = h.clone();
        }
    }
    for c in &by.commanders {
        if let Some(x) = st.commanders.get_mut(c) {
            x.at.hex = h.clone();
        }
        st.combat.intercepted.insert(c.clone());
    }
    ev.push(Event::new(
        "Romans [6.41]",
        format!(
            "{}'s Force moves from {} to {h} at no cost and must attack (no Retreat Before Combat, Romans [6.43])",
            st.commander_name(&by.chief),
            by.hex
        ),
    ));
    let mine: Vec<String> = std::iter::once(cid.to_string())
        .chain(carried.iter().cloned())
        .collect();
    let (big, small) = (ssp(st, &by.units), ssp(st, force));
    if overrun_threat(st, big, small) {
        eliminate(st, force, &mine, ev);
        ev.push(Event::new(
            "Romans [5.71], [6.43]",
            format!(
                "Overrun at {h}: {big} SSP against {small}: the {} Force is eliminated with its commanders",
                side_name(side)
            ),
        ));
        record(st, hex, "overrun", [&other, side], &other);
        return Ok(false);
    }
    let b = Battle {
        map: map.to_string(),
        hex,
        sides: [other.clone(), side.to_string()],
        units: [by.units.clone(), force.to_vec()],
        commanders: [by.commanders.clone(), mine],
    };
    super::supply_charges::charge_attack(st, &other, &by.chief, map, hex, &by.units, ev);
    let out = combat::fight(st, b, standing, dice, ev)?;
    Ok(out.stands[1])
}

/// [8.55]: enemy commanders alone (no land units of theirs outside a city) in `hex`, which the
/// phasing Force of `side` has entered: each retreats like a Force (his standing
/// `when_attacked`; by default he retreats, R-38) or, if he cannot or is ordered to stand, is
/// captured.
pub fn lone_commanders(
    st: &mut State,
    side: &str,
    map: &str,
    hex: Hex,
    standing: &BTreeMap<String, Standing>,
    ev: &mut Vec<Event>,
) {
    let h = hex.to_string();
    if st
        .units_at(map, &h)
        .any(|(_, u)| st.hostile(&u.side, side) && !u.at.inside)
    {
        return;
    }
    let lone: Vec<(String, String)> = st
        .commanders
        .iter()
        .filter(|(_, c)| {
            st.hostile(&c.side, side) && c.at.map == map && c.at.hex == h && !c.at.inside
        })
        // Ruling AMB-58: a commander with his side's ships in the hex is at sea with them.
        .filter(|(k, _)| !super::fleets::with_ships(st, k))
        .map(|(k, c)| (k.clone(), c.side.clone()))
        .collect();
    for (cid, owner) in lone {
        let order = standing
            .get(&owner)
            .and_then(|s| standing_for(&s.when_attacked, Some(&cid)))
            // A lone commander's retreat is not asked in person: `ask` takes the default.
            .and_then(|a| a.given().copied());
        let b = Battle {
            map: map.to_string(),
            hex,
            sides: [side.to_string(), owner.clone()],
            units: [Vec::new(), Vec::new()],
            commanders: [Vec::new(), vec![cid.clone()]],
        };
        let used = st.combat.retreat_spent.get(&cid).copied().unwrap_or(0);
        let wanted = standing
            .get(&owner)
            .map(|s| s.path_for(Some(&cid)))
            .unwrap_or_default();
        let plan = if order == Some(WhenAttacked::Stand) {
            None
        } else {
            super::retreat::plan_out(st, &b, 1, Kind::BeforeCombat, used, &wanted)
        };
        match plan {
            Some(p) => super::retreat::go(
                st,
                &b,
                1,
                &[],
                std::slice::from_ref(&cid),
                &p,
                ev,
                "Romans [8.55]",
                if order.is_none() {
                    "retreats its lone commander (default)"
                } else {
                    "retreats its lone commander"
                },
            ),
            None => {
                ev.push(Event::new(
                    "Romans [8.55]",
                    format!(
                        "{} stands alone at {h} and is captured",
                        st.commander_name(&cid)
                    ),
                ));
                super::casualties::kill_commander(st, &cid, ev);
            }
        }
    }
}

/// The meeting at the end of a move's leg: the interception battle ([6.4]) or the entry into
/// an enemy hex ([5.22], [9.2]), charging the mover's extra MP. `force` is (units,
/// commanders carried), `at` (map, the leg's last hex), `why` (the interceptor, the enemy hex
/// entered). With no dice (the check before any roll) a move meeting the enemy stops there.
/// Returns whether the mover stands and may go on ([9.24]).
///
/// Errors: dice not available yet; the Tactical game asked for.
#[allow(clippy::too_many_arguments)]
pub fn meet(
    st: &mut State,
    side: &str,
    cid: &str,
    force: (&[String], &[String]),
    at: (&str, Hex),
    why: (Option<&Interceptor>, Option<Hex>),
    dice: Option<&mut Dice>,
    standing: &BTreeMap<String, Standing>,
    ev: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    let ((units, carried), (map, last)) = (force, at);
    Ok(match (why, dice) {
        ((Some(f), _), Some(d)) => {
            intercepted(st, side, cid, units, carried, map, last, f, standing, d, ev)?
        }
        ((None, Some(h)), Some(d)) => {
            let e = enter(st, side, cid, units, carried, map, h, standing, d, ev)?;
            if let Some(m) = st.moved.get_mut(cid) {
                m.spent += e.surcharge;
            }
            if e.surcharge > 0 {
                let per = st.maps.costs("romans").map(|c| c.per_mp).unwrap_or(2);
                ev.push(Event::new(
                    "Romans [9.22], [5.73]",
                    format!(
                        "{} pays {} more for the combat at {h}",
                        st.commander_name(cid),
                        crate::games::conquerors::movement::mp(e.surcharge, per)
                    ),
                ));
            }
            e.goes_on
        }
        // Checking only: what follows a battle is checked when it is fought.
        ((_, Some(_)), None) => false,
        _ => true,
    })
}
