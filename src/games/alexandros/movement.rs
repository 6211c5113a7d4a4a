//! Movement (Alexandros 8): leader moves, borders, restrictions, forced march.

use super::data::{BorderType, Nationality, ProvinceGroup, ProvinceType, Side};
use super::orders::Move;
use super::state::{side_name, Place, State};
use super::supply;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

fn illegal(order: &str, rule: &str, why: impl Into<String>) -> RuleError {
    RuleError::illegal(order, format!("Alexandros {rule}"), why)
}

/// Alexandros 8.2: may a move cross the border `from`–`to` this turn? Mountain borders are
/// closed in Winter (8.2 knows only normal and mountain borders); Gaza closes Egypt–Syria while its walls show
/// the enemy's colours (ruling A-52). `Err((section, why))`.
pub fn crossing(state: &State, side: Side, from: &str, to: &str) -> Result<(), (String, String)> {
    let b = state.pack.map.border(from, to).ok_or_else(|| {
        let next: Vec<&str> = state
            .pack
            .map
            .provinces
            .get(from)
            .map(|p| p.borders.keys().map(String::as_str).collect())
            .unwrap_or_default();
        (
            "8.1".to_string(),
            format!(
                "{to} is not adjacent to {from} (next to {from}: {})",
                next.join(", ")
            ),
        )
    })?;
    let mountain = b == BorderType::Mountain
        || [from, to]
            .iter()
            .any(|p| state.pack.province(p).map(|x| x.kind) == Some(ProvinceType::Mountain));
    if mountain && state.is_winter() {
        return Err((
            "8.2".into(),
            format!("the {from}–{to} border is a mountain border, closed in Winter"),
        ));
    }
    for (name, city) in &state.pack.map.cities {
        if city.between.iter().any(|p| p == from) && city.between.iter().any(|p| p == to) {
            if let Some(w) = state.walls.get(name) {
                if w.count > 0 && w.side != side {
                    return Err((
                        "8.2".into(),
                        format!("{name} on the {from}–{to} border is enemy-held"),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Alexandros 8.3, 14.2: may this counter (unit code or leader name) enter `to`?
pub fn may_enter(state: &State, who: &str, to: &str) -> Result<(), (String, String)> {
    let groups = state
        .pack
        .province(to)
        .map(|p| p.groups.clone())
        .unwrap_or_default();
    let (nationality, owner, home) = if let Some(u) = state.pack.unit(who) {
        (u.nationality, state.units[who].owner, u.home_army)
    } else if let Some(l) = state.pack.leader(who) {
        let home = state
            .pack
            .scenario
            .setup_codes
            .get("M")
            .map(|a| a.leaders.iter().any(|x| x == who))
            .unwrap_or(false);
        (l.nationality, state.leaders[who].owner, home)
    } else {
        return Err(("8.1".into(), format!("no counter {who}")));
    };
    let europe = groups.contains(&ProvinceGroup::Europe);
    if home && !europe && !state.home_army_released() {
        return Err((
            "8.3".into(),
            format!("{who} belongs to the Home Army and may not leave Europe for {to}"),
        ));
    }
    if nationality == Nationality::Indian && !groups.contains(&ProvinceGroup::IndianArea) {
        return Err(("8.3".into(), format!("Indian units may not enter {to}")));
    }
    if owner == Side::Persian
        && matches!(
            nationality,
            Nationality::Persian | Nationality::GreekMercenary
        )
        && (groups.contains(&ProvinceGroup::Indian) || groups.contains(&ProvinceGroup::Barbarian))
    {
        return Err((
            "8.3".into(),
            format!("Persian units and leaders may not enter {to}"),
        ));
    }
    if nationality == Nationality::Spartan && !(europe || to == "Ionia") {
        return Err(("14.2".into(), format!("Spartans may not enter {to}")));
    }
    Ok(())
}

/// Alexandros 8.3, 14.2, 6.3: may a whole force (its units and leaders) move from `from`
/// into `to` other than by a leader's move (an evasion 9.2/9.3 or a retreat 9.5/10.20)?
/// The same border (8.2) and entry limits (8.3, 14.2) as movement: a retreat is no way round
/// them. `Err((section, why))` names the first counter refused.
pub fn force_may_enter(
    state: &State,
    side: Side,
    counters: &[String],
    from: &str,
    to: &str,
) -> Result<(), (String, String)> {
    crossing(state, side, from, to)?;
    for c in counters {
        may_enter(state, c, to)?;
    }
    Ok(())
}

impl State {
    /// Alexandros 8.3: the Home Army restriction is lifted once a Spartan Revolt has happened and
    /// every Spartan unit is eliminated or out of Europe.
    pub fn home_army_released(&self) -> bool {
        if self.revolt_rolls_over() {
            return true; // 14.2, ruling A-58
        }
        self.spartan_revolt
            && self.units.iter().all(|(c, u)| {
                self.pack.unit(c).map(|x| x.nationality) != Some(Nationality::Spartan)
                    || match self.province_of(&u.place) {
                        None => true,
                        Some(p) => !self
                            .pack
                            .province(&p)
                            .map(|x| x.groups.contains(&ProvinceGroup::Europe))
                            .unwrap_or(false),
                    }
            })
    }
}

/// `units: [all]` in a move: every unit the leader may take along (8.1) — of his own force
/// (6.3: barbarian, Indian and Persian forces stay apart).
pub const ALL_UNITS: &str = "all";

/// Alexandros 8.1: the units of `side` that may move with a leader in `province` — in the
/// field there (not in a city), not yet moved this turn and not held by the mutiny (17.4);
/// in code order. What `units: [all]` stands for.
pub fn units_with(state: &State, side: Side, province: &str) -> Vec<String> {
    state
        .units
        .iter()
        .filter(|(c, u)| {
            u.owner == side
                && u.place == Place::Province(province.to_string())
                && !u.moved
                && !state.frozen.contains(*c)
        })
        .map(|(c, _)| c.clone())
        .collect()
}

/// Alexandros 8.1: a unit moves with one leader. A unit listed under two leaders' moves is
/// refused at the later one, naming the earlier order that already moves it.
pub fn each_unit_once(moves: &[Move]) -> Result<(), RuleError> {
    let mut moved_by: std::collections::BTreeMap<&str, (usize, &Move)> = Default::default();
    for (i, m) in moves.iter().enumerate() {
        let listed = m.units.iter().chain(&m.pick_up).filter(|u| *u != ALL_UNITS);
        for u in listed.clone() {
            if let Some((j, earlier)) = moved_by.get(u.as_str()) {
                return Err(illegal(
                    &format!("move {} to {}", m.leader, m.to),
                    "8.1",
                    format!(
                        "{u} is already moved by the earlier order `move {} to {}` (moves entry {}): a unit moves with one leader, so list it under one of them only",
                        earlier.leader,
                        earlier.to,
                        j + 1
                    ),
                ));
            }
        }
        for u in listed {
            moved_by.entry(u.as_str()).or_insert((i, m));
        }
    }
    Ok(())
}

/// Alexandros 8.1–8.6: validates and performs one leader's move. `units: [all]` takes every
/// unit [`units_with`] the leader. Forced-march attrition is
/// returned (units, province type of the first province entered) for rolling after every order
/// has been checked.
pub fn apply_move(
    state: &mut State,
    side: Side,
    m: &Move,
    ev: &mut Vec<Event>,
) -> Result<Option<(Vec<String>, ProvinceType)>, RuleError> {
    let order = format!("move {} to {}", m.leader, m.to);
    let l = state
        .leaders
        .get(&m.leader)
        .ok_or_else(|| illegal(&order, "8.1", format!("no leader {}", m.leader)))?;
    if l.owner != side {
        return Err(illegal(&order, "8.1", format!("{} is not yours", m.leader)));
    }
    let Place::Province(from) = l.place.clone() else {
        return Err(illegal(
            &order,
            "8.1",
            format!("{} is not in the field on the map", m.leader),
        ));
    };
    let expanded;
    let m = if m.units.len() == 1 && m.units[0] == ALL_UNITS {
        expanded = Move {
            units: units_with(state, side, &from)
                .into_iter()
                .filter(|u| state.host_of(u) == state.host_of(&m.leader))
                .collect(),
            ..m.clone()
        };
        &expanded
    } else {
        m
    };
    // Every problem of the move at once (8.1): nothing moves unless the whole order is legal.
    super::move_check::refusal(super::move_check::problems(state, side, &from, m))?;
    let mut attrition = None;
    let final_units: Vec<String>;
    if let Some(via) = &m.via {
        // Forced march (8.4–8.6).
        for u in &m.drop {
            let us = state.units.get_mut(u).unwrap();
            us.place = Place::Province(via.clone());
            us.moved = true;
        }
        let marching: Vec<String> = m
            .units
            .iter()
            .filter(|u| !m.drop.contains(u))
            .cloned()
            .collect();
        if !marching.is_empty() {
            let kind = state.pack.province(via).map(|p| p.kind).unwrap();
            attrition = Some((marching.clone(), kind));
        }
        let mut all = marching;
        all.extend(m.pick_up.iter().cloned());
        final_units = all;
        ev.push(Event::new(
            "Alexandros 8.4",
            format!(
                "{} force marches from {from} through {via} to {}",
                m.leader, m.to
            ),
        ));
        state.entered(side, via, &m.leader);
    } else {
        final_units = m.units.clone();
        // Counted as the status counts them: the Siege Train is not a combat unit.
        let train = final_units
            .iter()
            .filter(|u| state.is_siege_train(u))
            .count();
        ev.push(Event::new(
            "Alexandros 8.1",
            format!(
                "{} moves from {from} to {} with {}{}",
                m.leader,
                m.to,
                crate::view::count(final_units.len() - train, "unit"),
                if train > 0 {
                    " and the Siege Train"
                } else {
                    ""
                }
            ),
        ));
    }
    for u in &final_units {
        let us = state.units.get_mut(u).unwrap();
        us.place = Place::Province(m.to.clone());
        us.moved = true;
    }
    let l = state.leaders.get_mut(&m.leader).unwrap();
    l.place = Place::Province(m.to.clone());
    l.moved = true;
    state.entered(side, &m.to, &m.leader);
    Ok(attrition)
}

/// Alexandros 8.6: rolls the forced-march attrition for the units that completed the march.
pub fn forced_march_attrition(
    state: &mut State,
    units: &[String],
    kind: ProvinceType,
    pref: &[String],
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    // Alexander's group marched (8.4): a Macedonian roll.
    let r = dice
        .roll_for(side_name(Side::Macedonian))
        .d6("forced-march attrition", "Alexandros 8.6")?;
    // 7.4, 8.6: the marching units are counted; their number and the first province's type
    // pick the column.
    let n = supply::attrition_steps(&state.pack, r, kind, units.len());
    ev.push(Event::new(
        "Alexandros 8.6",
        format!(
            "forced march: attrition roll {r} on the {} column, {} lost",
            supply::attrition_column(&state.pack, kind, units.len())
                .unwrap_or_else(|| supply::attrition_type(kind).to_string()),
            crate::view::count(n as usize, "step")
        ),
    ));
    supply::take_losses(state, units, n, pref, "Alexandros 8.6", ev);
    Ok(())
}

/// Alexandros 14.3: raiders move without a leader, one province a turn, like any unit (8.2, 8.3).
pub fn move_raiders(
    state: &mut State,
    side: Side,
    m: &super::orders::RaiderMove,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let order = format!("raiders to {}", m.to);
    let mut from: Option<String> = None;
    for u in &m.units {
        let us = state
            .units
            .get(u)
            .ok_or_else(|| illegal(&order, "14.3", format!("no unit {u}")))?;
        if us.owner != side || state.host_of(u) != super::state::Host::Raiders {
            return Err(illegal(
                &order,
                "8.1",
                format!("{u} is no raider of yours: it needs a leader to move"),
            ));
        }
        let Place::Province(p) = &us.place else {
            return Err(illegal(&order, "14.3", format!("{u} is not on the map")));
        };
        if us.moved {
            return Err(illegal(
                &order,
                "8.1",
                format!("{u} has already moved this turn"),
            ));
        }
        match &from {
            None => from = Some(p.clone()),
            Some(f) if f != p => {
                return Err(illegal(
                    &order,
                    "14.3",
                    "raiders moving together start in one province",
                ))
            }
            _ => {}
        }
    }
    let Some(from) = from else {
        return Ok(());
    };
    crossing(state, side, &from, &m.to).map_err(|(s, w)| illegal(&order, &s, w))?;
    // 14.3: raiders never join other forces, other raiders included, and a group that has
    // split never joins up again (ruling 24): no raider enters a province other raiders hold.
    let there = state.host_units(side, &m.to, super::state::Host::Raiders);
    if let Some(o) = there.iter().find(|u| !m.units.contains(u)) {
        return Err(illegal(
            &order,
            "14.3",
            format!(
                "raiders may not join other raiders: {o} already stands in {}",
                m.to
            ),
        ));
    }
    for u in &m.units {
        let us = state.units.get_mut(u).unwrap();
        us.place = Place::Province(m.to.clone());
        us.moved = true;
    }
    ev.push(Event::new(
        "Alexandros 14.3",
        format!("{} raiders move from {from} to {}", m.units.len(), m.to),
    ));
    Ok(())
}

/// Alexandros 14.3: the Persian's raiders on the map, a group per province, each with the
/// provinces it may move to this turn (each tried as the move on a copy: 8.2 borders, and no
/// province other raiders hold, ruling 24), or why it may not move. Nothing without raiders.
pub fn raider_template(state: &State, t: &mut String) {
    let mut groups: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for (c, u) in &state.units {
        if u.owner == Side::Persian && state.host_of(c) == super::state::Host::Raiders {
            if let Place::Province(p) = &u.place {
                groups.entry(p.clone()).or_default().push(c.clone());
            }
        }
    }
    if groups.is_empty() {
        return;
    }
    t.push_str("  raiders:   # raiders move without a leader, one province, never into a province other raiders hold (Alexandros 14.3)\n");
    for (p, units) in &groups {
        let to: Vec<String> = state
            .neighbours(p)
            .into_iter()
            .filter(|n| {
                let m = super::orders::RaiderMove {
                    units: units.clone(),
                    to: n.clone(),
                };
                move_raiders(&mut state.clone(), Side::Persian, &m, &mut Vec::new()).is_ok()
            })
            .collect();
        if to.is_empty() {
            t.push_str(&format!(
                "    # the raiders in {p} ({}) cannot move this turn: every border is closed to them or leads to other raiders\n",
                units.join(", ")
            ));
        } else {
            t.push_str(&format!(
                "    # - {{units: [{}], to: PROVINCE}}   # in {p}; to one of: {}\n",
                units.join(", "),
                to.join(", ")
            ));
        }
    }
    t.push_str("    []\n");
}
