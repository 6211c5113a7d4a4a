//! Macedonians [5.22], [5.64], [9.2], [5.7], [10.1], [8.54]: a moving Force enters an
//! enemy-occupied hex. A Force of 10 SSP or less outside any city facing 7 to 1 or worse is
//! Overrun ([5.71], 3 MP more, [5.73]) unless it goes inside its Major City or Port of the hex
//! ([5.72]); it may not Retreat Before Combat. Otherwise the defender's standing
//! `when_attacked` decides ([10.11]): stand and fight ([9]), Retreat Before Combat with a
//! commander ([10.12]) or go inside the city of the hex ([7.34], room for 5 SSP, [7.13]). A
//! battle costs the mover 3 MP ([9.22]); he moves on afterwards unless his Force left the field
//! ([5.14], [9.25]). Enemy commanders alone in the hex retreat or are captured ([8.54]). And
//! interception ([6.2]–[6.5]): the tries the non-phasing player's standing orders make as the
//! move enters his zones, and the battle an interception starts.

use std::collections::BTreeMap;

use super::battle::{self, in_charge, kill_commander, Battle, BattleRecord};
use super::data::model::CityKind;
use super::interception::Zone;
use super::orders::{Standing, WhenAttacked};
use super::retreat::Kind;
use super::sequence::side_name;
use super::state::{State, MACEDONIAN, PERSIAN};
use crate::games::conquerors::decisions::standing_for;
use crate::games::conquerors::interception::{automatic, table_says};
use crate::geo::Hex;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// What the contact cost the mover (half MP, on top of the hex) and whether he goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Engaged {
    /// Combat or Overrun surcharge; 0 when the enemy left.
    pub surcharge: u32,
    /// The mover stands in the hex and may move on ([9.25]).
    pub goes_on: bool,
}

fn ssp(st: &State, ids: &[String]) -> u32 {
    ids.iter()
        .filter_map(|u| st.units.get(u))
        .map(|u| u.ssp)
        .sum()
}

fn half_mp(st: &State, key: &str) -> u32 {
    let per = st.maps.costs("macedonians").map(|c| c.per_mp).unwrap_or(2);
    per * st.pack.number("movement", key).unwrap_or(3)
}

/// [7.13], [7.34], [5.72]: `units` of `side` all fit inside the Major City or Port of `hex`,
/// which `side` controls.
fn city_room(st: &State, hex: Hex, side: &str, units: &[String]) -> bool {
    let Some((name, c)) = st.city_at(hex) else {
        return false;
    };
    let major = city_kind(st, name) == Some(CityKind::Major);
    let cap = st.pack.number("stacking", "inside-major-city").unwrap_or(5);
    let h = hex.to_string();
    let inside: u32 = st
        .units_at(&h)
        .filter(|(_, u)| u.at.inside)
        .map(|(_, u)| u.ssp)
        .sum();
    major && c.control == side && inside + ssp(st, units) <= cap
}

/// The class of the city `name` in the rules (13, 14).
pub(super) fn city_kind(st: &State, name: &str) -> Option<CityKind> {
    st.pack.places.cities.get(name).map(|c| c.kind)
}

fn go_inside(st: &mut State, units: &[String]) {
    for u in units {
        if let Some(x) = st.units.get_mut(u) {
            x.at.inside = true;
        }
    }
}

/// [5.22], [5.7], [10.1], [9]: the phasing Force of `cid` (`force` units, `carried`
/// commanders) of `side` has entered enemy-occupied `hex`.
///
/// Errors: dice not available yet.
#[allow(clippy::too_many_arguments)]
pub fn enter(
    st: &mut State,
    side: &str,
    cid: &str,
    (force, carried): (&[String], &[String]),
    hex: Hex,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<Engaged, RuleError> {
    let h = hex.to_string();
    let defenders: Vec<String> = st
        .units_at(&h)
        .filter(|(k, u)| u.side != side && !u.at.inside && !st.aboard.contains_key(*k))
        .map(|(k, _)| k.clone())
        .collect();
    let Some(def) = defenders.first().map(|d| st.units[d].side.clone()) else {
        lone_commanders(st, side, hex, standing, ev);
        return Ok(Engaged {
            surcharge: 0,
            goes_on: true,
        });
    };
    let def_cmds: Vec<String> = st
        .commanders_at(&h)
        .filter(|(_, c)| c.side == def)
        .map(|(k, _)| k.clone())
        .collect();
    let chief = in_charge(st, &def_cmds);
    let own = standing.get(&def);
    let order = own
        .and_then(|s| standing_for(&s.when_attacked, chief.as_deref()))
        .and_then(|a| a.given().copied());
    let (big, small) = (ssp(st, force), ssp(st, &defenders));
    if overrun_threat(st, big, small) {
        // [5.72]: no Retreat Before Combat; its Major City or Port of the hex saves it.
        let into = matches!(order, None | Some(WhenAttacked::IntoCity));
        if into && city_room(st, hex, &def, &defenders) {
            go_inside(st, &defenders);
            ev.push(Event::new("Macedonians [5.72]", format!(
                "{} threatened with Overrun at {h} ({big} SSP against {small}) goes inside the city{}",
                side_name(&def),
                if order.is_none() { " (default)" } else { "" }
            )));
            return Ok(Engaged {
                surcharge: 0,
                goes_on: true,
            });
        }
        ev.push(Event::new("Macedonians [5.71], [5.73]", format!(
            "Overrun at {h}: {big} SSP against {small}, 7 to 1 or better: the {} Force is eliminated with its commanders, without a roll (3 MP more)",
            side_name(&def)
        )));
        overrun(st, &h, side, (&defenders, &def_cmds), ev);
        return Ok(Engaged {
            surcharge: half_mp(st, "overrun"),
            goes_on: true,
        });
    }
    match order {
        Some(WhenAttacked::Retreat) if chief.is_some() => {
            let r = super::retreat::go(st, &def, hex, (&defenders, &def_cmds), Kind::BeforeCombat, own, ev);
            if r.is_some() {
                return Ok(Engaged { surcharge: 0, goes_on: true });
            }
            ev.push(Event::new("Macedonians [10.15]", format!(
                "{} would Retreat Before Combat from {h} but has no hex to go to, and stands",
                side_name(&def)
            )));
        }
        Some(WhenAttacked::Retreat) => ev.push(Event::new("Macedonians [10.12]", format!(
            "the {} Force at {h} has no commander and may not Retreat Before Combat: it stands",
            side_name(&def)
        ))),
        Some(WhenAttacked::IntoCity) if city_room(st, hex, &def, &defenders) => {
            go_inside(st, &defenders);
            ev.push(Event::new("Macedonians [7.34]", format!("the {} Force at {h} goes inside its city", side_name(&def))));
            return Ok(Engaged { surcharge: 0, goes_on: true });
        }
        Some(WhenAttacked::IntoCity) => ev.push(Event::new("Macedonians [7.13], [7.34]", format!(
            "the {} Force at {h} cannot go inside (no Major City or Port of its side with room for all of it): it stands",
            side_name(&def)
        ))),
        Some(WhenAttacked::Stand) => {}
        None => ev.push(Event::new("Macedonians [10.11]", format!(
            "{} said nothing for a Force attacked at {h}: it stands and fights (default)",
            side_name(&def)
        ))),
    }
    let b = Battle {
        hex,
        sides: [side.to_string(), def.clone()],
        units: [force.to_vec(), defenders],
        commanders: [
            std::iter::once(cid.to_string())
                .chain(carried.iter().cloned())
                .collect(),
            def_cmds,
        ],
    };
    let out = battle::fight(st, b, standing, dice, ev)?;
    Ok(Engaged {
        surcharge: half_mp(st, "enter-enemy-occupied"),
        goes_on: out.stands[0] && st.commanders.contains_key(cid),
    })
}

/// [8.54]: enemy commanders alone in `hex` (no land unit of theirs outside a city): each
/// Retreats Before Combat by his standing `when_attacked` (by default he retreats, ruling
/// M-R27) or, ordered to stand or with nowhere to go, is eliminated.
fn lone_commanders(
    st: &mut State,
    side: &str,
    hex: Hex,
    standing: &BTreeMap<String, Standing>,
    ev: &mut Vec<Event>,
) {
    let h = hex.to_string();
    let lone: Vec<(String, String)> = st
        .commanders_at(&h)
        .filter(|(_, c)| c.side != side)
        .map(|(k, c)| (k.clone(), c.side.clone()))
        .collect();
    for (cid, owner) in lone {
        let own = standing.get(&owner);
        let said = own.and_then(|s| standing_for(&s.when_attacked, Some(&cid)));
        let stand = said.and_then(|a| a.given().copied()) == Some(WhenAttacked::Stand);
        if said.is_none() {
            ev.push(
                Event::new(
                    "Macedonians [8.54]",
                    format!(
                        "{} is alone at {h} and his player said nothing: he Retreats Before Combat (default, ruling M-R27)",
                        st.commander_name(&cid)
                    ),
                )
                .by_standing(owner.clone()),
            );
        }
        let one = std::slice::from_ref(&cid);
        let gone = !stand
            && super::retreat::go(st, &owner, hex, (&[], one), Kind::BeforeCombat, own, ev)
                .is_some();
        if !gone {
            ev.push(Event::new(
                "Macedonians [8.54]",
                format!(
                    "{} stands alone at {h} and is captured",
                    st.commander_name(&cid)
                ),
            ));
            kill_commander(st, &cid, ev);
        }
    }
}

/// [6.22], [6.3], [6.55], follow-up 6.58: the interceptions the non-phasing player's standing
/// orders try against the leg planned in `p`, hex by hex: one Force a hex, zone 1 without a
/// roll, otherwise a die on the Land Interception Table. Returns the first that succeeds (its
/// index in the path and the Force).
///
/// Errors: dice not available yet.
pub fn try_intercepts(
    st: &State,
    side: &str,
    p: &super::movement::Plan,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<Option<(usize, Zone)>, RuleError> {
    let other = if side == MACEDONIAN {
        PERSIAN
    } else {
        MACEDONIAN
    };
    // [8.63]: no Persian interception in the Game-Turn of chaos.
    let first = p.tries.first().map(|(k, _, z)| {
        let (at, entered) = (z.hex.to_string(), p.path[*k].to_string());
        (z.commander.clone(), at, entered)
    });
    if super::darius::bars_interception(st, other, first, ev) {
        return Ok(None);
    }
    if let Some((k, zone, z)) = p.passed.as_ref().filter(|_| p.tries.is_empty()) {
        ev.push(Event::new("Macedonians [6.22]", format!(
            "{} said nothing of intercepting with {}'s Force at {} as the move enters {} (Zone-{zone}): no interception (default)",
            side_name(other), st.commander_name(&z.commander), z.hex, p.path[*k]
        )));
    }
    let Some(t) = st.pack.table("land-interception") else {
        return Ok(None);
    };
    let mut tried = std::collections::BTreeSet::new();
    for (k, zone, z) in &p.tries {
        if !tried.insert(*k) {
            continue;
        }
        let (ok, how) = if automatic(t, *zone) {
            (true, "automatic".to_string())
        } else {
            let r = dice
                .roll_for(other)
                .d6("land interception", "Macedonians [6.3]")?;
            (table_says(t, *zone, r as u8), format!("rolls {r}"))
        };
        ev.push(Event::new("Macedonians [6.22], [6.3]", format!(
            "{} tries to intercept with {}'s Force at {} ({} SSP) as the move enters {} (Zone-{zone}): {how}, {}",
            side_name(other), st.commander_name(&z.commander), z.hex, z.ssp, p.path[*k],
            if ok { "intercepted" } else { "no interception" }
        )));
        if ok {
            return Ok(Some((*k, z.clone())));
        }
    }
    Ok(None)
}

/// [6.23], [6.41]–[6.43]: the Force `by` intercepts the phasing Force of `cid` at `hex`: it
/// moves in at no cost and must attack (an Overrun when the odds allow, [5.71]); the Force
/// intercepted may not Retreat Before Combat ([10.18]) and pays no MP for the battle. Returns
/// whether it still stands and may go on ([9.25]).
///
/// Errors: dice not available yet.
#[allow(clippy::too_many_arguments)]
pub fn intercepted(
    st: &mut State,
    side: &str,
    cid: &str,
    (force, carried): (&[String], &[String]),
    hex: Hex,
    by: &Zone,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    let other = if side == MACEDONIAN {
        PERSIAN
    } else {
        MACEDONIAN
    };
    let (from, h) = (by.hex.to_string(), hex.to_string());
    let units: Vec<String> = st
        .units_at(&from)
        .filter(|(k, u)| u.side == other && !u.at.inside && !st.aboard.contains_key(*k))
        .map(|(k, _)| k.clone())
        .collect();
    let cmds: Vec<String> = st
        .commanders_at(&from)
        .filter(|(_, c)| c.side == other)
        .map(|(k, _)| k.clone())
        .collect();
    for u in &units {
        if let Some(x) = st.units.get_mut(u) {
            x.at.hex = h.clone();
        }
    }
    for c in &cmds {
        if let Some(x) = st.commanders.get_mut(c) {
            x.at.hex = h.clone();
        }
        st.combat.intercepted.insert(c.clone());
    }
    ev.push(Event::new("Macedonians [6.41], [6.43]", format!(
        "{}'s Force moves from {from} to {h} at no cost and must attack; the Force intercepted may not Retreat Before Combat",
        st.commander_name(&by.commander)
    )));
    let mine: Vec<String> = std::iter::once(cid.to_string())
        .chain(carried.iter().cloned())
        .collect();
    let (big, small) = (ssp(st, &units), ssp(st, force));
    if overrun_threat(st, big, small) {
        ev.push(Event::new("Macedonians [5.71], [6.43]", format!(
            "Overrun at {h}: {big} SSP against {small}: the {} Force is eliminated with its commanders",
            side_name(side)
        )));
        overrun(st, &h, other, (force, &mine), ev);
        return Ok(false);
    }
    let b = Battle {
        hex,
        sides: [other.to_string(), side.to_string()],
        units: [units, force.to_vec()],
        commanders: [cmds, mine],
    };
    let out = battle::fight(st, b, standing, dice, ev)?;
    Ok(out.stands[1] && st.commanders.contains_key(cid))
}

/// Macedonians [5.71]: a Force of `small` SSP is Overrun by one of `big` (at most the pack's
/// `overrun-at-most` SSP, against the pack's `overrun-odds` to 1 or better).
fn overrun_threat(st: &State, big: u32, small: u32) -> bool {
    let most = st.pack.number("combat", "overrun-at-most").unwrap_or(10);
    let odds = st.pack.number("combat", "overrun-odds").unwrap_or(7);
    small <= most && big >= odds * small
}

/// Macedonians [5.71], [5.73]: the Overrun Force (`units`, `commanders`) at `hex` is eliminated
/// without a roll, and the Overrun is on the combat record as `winner`'s.
fn overrun(
    st: &mut State,
    hex: &str,
    winner: &str,
    (units, commanders): (&[String], &[String]),
    ev: &mut Vec<Event>,
) {
    for u in units {
        if let Some(x) = st.units.remove(u) {
            st.eliminated.insert(u.clone(), x);
        }
    }
    for c in commanders {
        kill_commander(st, c, ev);
    }
    st.combat.battles.push(BattleRecord {
        turn: st.turn_number(),
        hex: hex.to_string(),
        kind: "overrun".into(),
        attacker: winner.to_string(),
        winner: Some(winner.to_string()),
    });
}
