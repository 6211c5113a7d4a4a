//! Siege combat (Alexandros 11): city garrisons, the siege differential, the Siege Table,
//! sorties, the fall of a city.

use std::collections::BTreeMap;

use super::data::{Pack, Side, UnitType};
use serde::{Deserialize, Serialize};

use super::minor_combat::Need;
use super::orders::{Decision, SiegeLossPolicy, SortiePolicy, Standing};
use super::state::{enemy, side_name, Place, State, Walls};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Alexandros 11.3: the Siege Train adds this to the differential.
pub const SIEGE_TRAIN_BONUS: i32 = 2;
/// Alexandros 11.5: a sortie destroys the Siege Train on a d6 roll of at most this.
pub const SORTIE_SUCCESS_MAX: u32 = 2;

/// Infantry for sieges and city garrisons: heavy, regular and light infantry (11.2, 11.3;
/// ruling A-46).
pub fn is_infantry(kind: UnitType) -> bool {
    matches!(
        kind,
        UnitType::HeavyInfantry | UnitType::RegularInfantry | UnitType::LightInfantry
    )
}

/// Alexandros 11.2 (ruling A-46): infantry units a city with `walls` markers may hold as its
/// garrison: one per wall, none with a single wall.
pub fn garrison_capacity(walls: u8) -> usize {
    if walls >= 2 {
        walls as usize
    } else {
        0
    }
}

/// Alexandros 11.3: the siege differential, in columns. Attacking infantry units, +2 with the
/// Siege Train, +1 per attacking leader while each has an infantry unit; −1 per wall, −1 per
/// garrison unit, −1 per defending leader while each has a garrison unit (ruling A-47).
pub fn differential(
    infantry: u32,
    siege_train: bool,
    leaders: u32,
    walls: u32,
    garrison: u32,
    defending_leaders: u32,
) -> i32 {
    infantry as i32 + if siege_train { SIEGE_TRAIN_BONUS } else { 0 } + leaders.min(infantry) as i32
        - walls as i32
        - garrison as i32
        - defending_leaders.min(garrison) as i32
}

/// Alexandros 11.3: the Siege Table column for a differential (labels `<=N`, `A-B`, `N+`).
pub fn column(pack: &Pack, diff: i32) -> String {
    let t = pack.table("siege").expect("siege table");
    for c in &t.columns {
        let hit = if let Some(n) = c.strip_prefix("<=") {
            n.parse::<i32>().map(|n| diff <= n).unwrap_or(false)
        } else if let Some(n) = c.strip_suffix('+') {
            n.parse::<i32>().map(|n| diff >= n).unwrap_or(false)
        } else if let Some((a, b)) = c.split_once('-') {
            matches!((a.parse::<i32>(), b.parse::<i32>()), (Ok(a), Ok(b)) if diff >= a && diff <= b)
        } else {
            false
        };
        if hit {
            return c.clone();
        }
    }
    t.columns.last().cloned().unwrap_or_default()
}

/// Alexandros 11.3: attacker and defender losses for a d6 roll in a column (`a/d`).
pub fn losses(pack: &Pack, roll: u32, column: &str) -> (u8, u8) {
    let cell = pack
        .table("siege")
        .and_then(|t| t.roll(roll as u8, column))
        .unwrap_or("0/0");
    let (a, d) = cell.split_once('/').unwrap_or(("0", "0"));
    (a.trim().parse().unwrap_or(0), d.trim().parse().unwrap_or(0))
}

/// Where a besieging force may stand for `city` (its province; Gaza from Egypt or Syria, 8.2).
pub fn siege_provinces(state: &State, city: &str) -> Vec<String> {
    match state.pack.city(city) {
        Some(c) => match &c.province {
            Some(p) => vec![p.clone()],
            None => c.between.clone(),
        },
        None => vec![],
    }
}

/// A siege declared for this turn's Siege Phase, waiting to be resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiegeDecl {
    /// Besieging side.
    pub side: Side,
    /// City besieged.
    pub city: String,
    /// Leader leading the siege (the first of `leaders`).
    pub leader: String,
    /// Leaders taking part, in the order they roll for casualties (11.3, 11.4).
    #[serde(default)]
    pub leaders: Vec<String>,
    /// Infantry units and the Siege Train taking part (11.1: one siege each).
    #[serde(default)]
    pub units: Vec<String>,
    /// The besieged side's sortie choice, once known (11.5).
    pub sortie: Option<bool>,
}

/// Moves the sieges declared in the movement orders into the queue of the Siege Phase
/// (Macedonian sieges first, then by city name).
pub fn queue_declared(state: &mut State) {
    let declared = std::mem::take(&mut state.sieges);
    for (_, list) in declared {
        state.siege_queue.extend(list);
    }
}

/// Alexandros 11: resolves the queued sieges; `Ok(Some(need))` when the besieged side must
/// say whether it sorties (11.5) and its standing orders do not.
pub fn siege_phase(
    state: &mut State,
    standing: &BTreeMap<String, Standing>,
    answer: Option<(Side, &Decision)>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<Option<Need>, RuleError> {
    let mut answer = answer;
    while !state.siege_queue.is_empty() {
        let mut decl = state.siege_queue[0].clone();
        let Some(plan) = plan(state, &decl, ev) else {
            state.siege_queue.remove(0);
            continue;
        };
        if plan.sortie_possible && decl.sortie.is_none() {
            let def = enemy(decl.side);
            let from_answer = answer
                .filter(|(s, _)| *s == def)
                .and_then(|(_, d)| d.sortie);
            let from_standing = standing
                .get(side_name(def))
                .and_then(|s| s.sortie)
                .map(|p| p == SortiePolicy::Always);
            if from_answer.is_none() {
                if let Some(b) = from_standing {
                    ev.push(
                        Event::new(
                            "Alexandros 11.5",
                            format!(
                                "sortie: {} — the garrison of {} {}",
                                if b { "always" } else { "never" },
                                decl.city,
                                if b {
                                    "sorties against the Siege Train"
                                } else {
                                    "stays behind its walls"
                                }
                            ),
                        )
                        .by_standing(side_name(def)),
                    );
                }
            }
            match from_answer.or(from_standing) {
                Some(b) => decl.sortie = Some(b),
                None => {
                    return Ok(Some(Need {
                        side: def,
                        prompt: format!(
                            "siege of {}: sortie against the Siege Train? (answer decision: {{sortie: true|false}}; Alexandros 11.5)",
                            decl.city
                        ),
                    }))
                }
            }
            answer = None;
        }
        state.siege_queue.remove(0);
        resolve(state, &decl, plan, standing, dice, ev)?;
    }
    state.siege_used.clear();
    Ok(None)
}

/// Who takes part in a siege.
#[derive(Debug, Clone)]
pub struct Plan {
    leaders: Vec<String>,
    infantry: Vec<String>,
    train: Option<String>,
    garrison: Vec<String>,
    defending_leaders: Vec<String>,
    walls: Walls,
    sortie_possible: bool,
}

fn plan(state: &State, decl: &SiegeDecl, ev: &mut Vec<Event>) -> Option<Plan> {
    let (side, city) = (decl.side, &decl.city);
    let walls = state
        .walls
        .get(city)
        .cloned()
        .unwrap_or(Walls { count: 0, side });
    let from = siege_provinces(state, city);
    let declared = if decl.leaders.is_empty() {
        vec![decl.leader.clone()]
    } else {
        decl.leaders.clone()
    };
    // Leaders still before the walls (a battle may have moved or taken some).
    let at = declared
        .iter()
        .find_map(|l| match state.leaders.get(l).map(|x| &x.place) {
            Some(Place::Province(p)) if from.contains(p) => Some(p.clone()),
            _ => None,
        });
    let Some(at) = at.filter(|_| walls.count > 0 && walls.side != side) else {
        ev.push(Event::new(
            "Alexandros 11.1",
            format!(
                "no siege of {city}: none of {} is before its walls",
                declared.join(", ")
            ),
        ));
        return None;
    };
    let leaders: Vec<String> = declared
        .into_iter()
        .filter(|l| state.leaders[l].place == Place::Province(at.clone()))
        .collect();
    let present = |u: &String| {
        state
            .units
            .get(u)
            .is_some_and(|x| x.owner == side && x.place == Place::Province(at.clone()))
            && !state.siege_used.contains(u)
    };
    let infantry: Vec<String> = decl
        .units
        .iter()
        .filter(|u| present(u) && !state.is_siege_train(u))
        .cloned()
        .collect();
    let train: Option<String> = decl
        .units
        .iter()
        .find(|u| present(u) && state.is_siege_train(u))
        .cloned();
    let garrison: Vec<String> = state
        .units
        .iter()
        .filter(|(_, u)| u.place == Place::City(city.clone()))
        .map(|(c, _)| c.clone())
        .collect();
    let defending_leaders: Vec<String> = state
        .leaders
        .iter()
        .filter(|(_, l)| l.place == Place::City(city.clone()))
        .map(|(n, _)| n.clone())
        .collect();
    let sortie_possible = train.is_some() && !garrison.is_empty();
    Some(Plan {
        leaders,
        infantry,
        train,
        garrison,
        defending_leaders,
        walls,
        sortie_possible,
    })
}

fn resolve(
    state: &mut State,
    decl: &SiegeDecl,
    plan: Plan,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let (side, city) = (decl.side, decl.city.clone());
    let leader = plan.leaders.join(", ");
    for u in plan
        .infantry
        .iter()
        .chain(plan.train.iter())
        .chain(plan.garrison.iter())
    {
        state.siege_used.insert(u.clone());
        state.fought.insert(u.clone());
    }
    state.besieged.insert(city.clone());
    let fury = state.option(super::OPT_FURY) && state.fury.contains(&city);
    let mut train_alive = plan.train.is_some();
    if decl.sortie == Some(true) && plan.sortie_possible {
        // 11.5: the besieged side names the garrison unit that pays the sortie's step (its
        // standing `losses` list, ruling 42); said nothing: the first by code, reported.
        let pref = standing
            .get(side_name(enemy(side)))
            .and_then(|s| s.losses.clone())
            .unwrap_or_default();
        let g = match pref.iter().find(|u| plan.garrison.contains(u)) {
            Some(u) => u.clone(),
            None => {
                ev.push(Event::new(
                    "Alexandros 11.5",
                    format!(
                        "the {} named no garrison unit of {city} in its standing losses: {} pays the sortie's step (default)",
                        side_name(enemy(side)),
                        plan.garrison[0]
                    ),
                ));
                plan.garrison[0].clone()
            }
        };
        state.lose_step(&g);
        // The sortie roll is the garrison's (11.5), the siege roll the besieger's (11.3).
        let r = dice
            .roll_for(side_name(enemy(side)))
            .d6(&format!("sortie from {city}"), "Alexandros 11.5")?;
        if r <= SORTIE_SUCCESS_MAX {
            let t = plan.train.clone().unwrap();
            state.eliminate(&t);
            train_alive = false;
            ev.push(Event::new(
                "Alexandros 11.5",
                format!(
                    "a sortie from {city} destroys the Siege Train (roll {r}); {g} loses a step"
                ),
            ));
        } else {
            ev.push(Event::new(
                "Alexandros 11.5",
                format!("a sortie from {city} fails (roll {r}); {g} loses a step"),
            ));
        }
    }
    let garrison: Vec<String> = plan
        .garrison
        .iter()
        .filter(|g| state.units[g.as_str()].place == Place::City(city.clone()))
        .cloned()
        .collect();
    let d = differential(
        plan.infantry.len() as u32,
        train_alive,
        plan.leaders.len() as u32,
        u32::from(plan.walls.count),
        garrison.len() as u32,
        plan.defending_leaders.len() as u32,
    );
    let col = column(&state.pack, d);
    let r = dice
        .roll_for(side_name(side))
        .d6(&format!("siege of {city}"), "Alexandros 11.3")?;
    let (a_loss, mut d_loss) = losses(&state.pack, r, &col);
    if fury {
        d_loss *= 2; // 17.2, ruling A-68: double the table's loss, then the Siege Train's +1
    }
    if train_alive {
        d_loss += 1;
    }
    ev.push(Event::new(
        "Alexandros 11.3",
        format!("siege of {city} by {leader}: differential {d} ({col}), roll {r}: attacker loses {a_loss}, defender {d_loss}"),
    ));
    attacker_losses(
        state,
        side,
        &city,
        &plan,
        a_loss,
        train_alive,
        standing,
        dice,
        ev,
    )?;
    // Defender losses (11.4): walls or garrison steps, as the besieged side's standing order
    // says; each garrison step lost brings a casualty check for one defending leader.
    let def = enemy(side);
    let policy = standing.get(side_name(def)).and_then(|s| s.siege_losses);
    let mut w = plan.walls.count;
    let mut garrison_losses = 0usize;
    let alive_garrison = |state: &State| {
        garrison
            .iter()
            .filter(|g| state.units[g.as_str()].place == Place::City(city.clone()))
            .cloned()
            .collect::<Vec<_>>()
    };
    if d_loss > 0 && !alive_garrison(state).is_empty() && policy.is_none() {
        ev.push(Event::new(
            "Alexandros 11.4",
            format!(
                "the {} gave no standing siege_losses order: {city} loses walls first (default)",
                side_name(def)
            ),
        ));
    }
    let def_pref = standing
        .get(side_name(def))
        .and_then(|s| s.losses.clone())
        .unwrap_or_default();
    for _ in 0..d_loss {
        if w == 0 {
            break; // the city has fallen (11.6)
        }
        let g = alive_garrison(state);
        if policy == Some(SiegeLossPolicy::GarrisonFirst) && !g.is_empty() {
            let pick = def_pref
                .iter()
                .find(|u| g.contains(u))
                .cloned()
                .unwrap_or_else(|| g[0].clone());
            state.lose_step(&pick);
            garrison_losses += 1;
            ev.push(Event::new(
                "Alexandros 11.4",
                format!("{pick} in {city} loses a step"),
            ));
        } else {
            w -= 1;
            ev.push(Event::new(
                "Alexandros 11.4",
                format!("{city} loses a wall marker"),
            ));
        }
    }
    for l in plan.defending_leaders.iter().take(garrison_losses) {
        if state.leaders[l].place == Place::City(city.clone()) {
            super::battle::leader_casualty(state, l, "Loss", "Alexandros 11.4", dice, ev)?;
        }
    }
    if w == 0 {
        fall(state, &city, side, ev);
    } else {
        state.walls.insert(
            city.clone(),
            Walls {
                count: w,
                side: plan.walls.side,
            },
        );
    }
    Ok(())
}

/// Alexandros 11.6, 15.2, 15.8, 15.9: the city falls to `side`: garrison and leaders captured,
/// one wall marker in the new owner's colours.
pub fn fall(state: &mut State, city: &str, side: Side, ev: &mut Vec<Event>) {
    let garrison: Vec<String> = state
        .units
        .iter()
        .filter(|(_, u)| u.place == Place::City(city.to_string()))
        .map(|(c, _)| c.clone())
        .collect();
    for g in garrison {
        state.eliminate(&g);
    }
    capture_leaders_in(state, city, ev);
    state
        .walls
        .insert(city.to_string(), Walls { count: 1, side });
    ev.push(Event::new(
        "Alexandros 11.6",
        format!("{city} falls to the {}", side_name(side)),
    ));
    if side == Side::Macedonian {
        super::objectives::city_captured(state, city, ev);
    }
}

/// Alexandros 11.7: a Siege Train left without friendly combat units in an enemy-controlled
/// province is captured and destroyed.
pub fn check_siege_trains(state: &mut State, ev: &mut Vec<Event>) {
    let trains: Vec<(String, Side, String)> = state
        .units
        .iter()
        .filter(|(c, _)| state.is_siege_train(c))
        .filter_map(|(c, u)| match &u.place {
            Place::Province(p) => Some((c.clone(), u.owner, p.clone())),
            _ => None,
        })
        .collect();
    for (c, side, p) in trains {
        let alone = state.field_units(side, &p).is_empty() && state.city_units(side, &p).is_empty();
        let enemy_held = super::control::loyalty(state, &p) == super::control::ctl_of(enemy(side))
            || super::control::is_contested(state, &p);
        if alone && enemy_held {
            state.eliminate(&c);
            ev.push(Event::new(
                "Alexandros 11.7",
                format!("the Siege Train alone in {p} is captured and destroyed"),
            ));
        }
    }
}

/// Alexandros 17.5 (optional): checks a surrender roll declared by `side`.
pub fn check_surrender_roll(state: &State, side: Side, city: &str) -> Result<(), RuleError> {
    let order = format!("surrender_rolls {city}");
    let refuse = |why: String| Err(RuleError::illegal(&order, "Alexandros 17.5", why));
    if !state.option(super::OPT_SURRENDER) {
        return refuse("the optional City Surrender rule is not in play".into());
    }
    if side != Side::Macedonian {
        return refuse("only the Macedonian rolls for a city's surrender".into());
    }
    let walled = state
        .walls
        .get(city)
        .map(|w| w.count > 0 && w.side == Side::Persian)
        .unwrap_or(false);
    if !walled {
        return refuse(format!("{city} is not a Persian walled city"));
    }
    if state.surrender_tried.contains(city) {
        return refuse(format!("{city} has had its surrender roll"));
    }
    if state.besieged.contains(city) {
        return refuse(format!("the siege of {city} has begun"));
    }
    if !siege_provinces(state, city)
        .iter()
        .any(|p| !state.field_units(side, p).is_empty())
    {
        return refuse(format!(
            "no Macedonian force stands before {city} (ruling A-53)"
        ));
    }
    Ok(())
}

/// Alexandros 17.5 (optional): the surrender rolls of this Siege Phase, on the City Surrender
/// Table of the pack; a city rolled for is not besieged this turn (ruling A-53).
pub fn surrender_rolls(
    state: &mut State,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let rolls = std::mem::take(&mut state.surrender_rolls);
    for city in rolls {
        state.surrender_tried.insert(city.clone());
        state.siege_queue.retain(|d| d.city != city);
        let span = state
            .pack
            .table("city-surrender")
            .and_then(|t| t.cell(&city, "surrenders-on"))
            .and_then(super::data::tables::die_range);
        let Some((lo, hi)) = span else {
            ev.push(Event::new(
                "Alexandros 17.5",
                format!("{city} never surrenders"),
            ));
            continue;
        };
        // The Macedonian rolls on the City Surrender Table (17.5).
        let r = dice
            .roll_for(side_name(Side::Macedonian))
            .d6(&format!("surrender of {city}"), "Alexandros 17.5")?;
        if r < u32::from(lo) || r > u32::from(hi) {
            ev.push(Event::new(
                "Alexandros 17.5",
                format!("{city} refuses to surrender (roll {r})"),
            ));
            continue;
        }
        ev.push(Event::new(
            "Alexandros 17.5",
            format!("{city} surrenders (roll {r})"),
        ));
        if let Some(w) = state.walls.get_mut(&city) {
            w.side = Side::Macedonian;
        }
        let prov = siege_provinces(state, &city)
            .into_iter()
            .next()
            .unwrap_or_default();
        let garrison: Vec<String> = state
            .units
            .iter()
            .filter(|(_, u)| u.place == Place::City(city.clone()))
            .map(|(c, _)| c.clone())
            .collect();
        for g in garrison {
            let flips = matches!(
                state.pack.unit(&g).and_then(|u| u.flip_nationality),
                Some(super::data::Nationality::Macedonian | super::data::Nationality::GreekAllied)
            );
            if flips {
                let u = state.units.get_mut(&g).unwrap();
                u.owner = Side::Macedonian;
                u.place = Place::Province(prov.clone());
            } else {
                state.eliminate(&g);
            }
        }
        capture_leaders_in(state, &city, ev);
        super::objectives::city_captured(state, &city, ev);
    }
    Ok(())
}

/// Alexandros 11.6, 15.2: the leaders in a city that falls are captured; Darius there
/// brings the Royal Family with him.
fn capture_leaders_in(state: &mut State, city: &str, ev: &mut Vec<Event>) {
    let leaders: Vec<String> = state
        .leaders
        .iter()
        .filter(|(_, l)| l.place == Place::City(city.to_string()))
        .map(|(n, _)| n.clone())
        .collect();
    for l in leaders {
        if l == "Darius" {
            super::objectives::secure(state, "Royal Family", ev);
        }
        super::battle::capture_leader(state, &l, ev);
    }
}

/// Alexandros 11.4: the besieger's losses. Each is an infantry step (the owner's standing
/// `losses` order first); with no infantry step left the Siege Train takes it (ruling A-78);
/// a loss nothing can take is reported. For each loss one leader of the siege, in the order
/// declared, rolls on the Leader Casualty Table (once each at most), infantry or not.
#[allow(clippy::too_many_arguments)]
fn attacker_losses(
    state: &mut State,
    side: Side,
    city: &str,
    plan: &Plan,
    a_loss: u8,
    train_alive: bool,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let pref = standing
        .get(side_name(side))
        .and_then(|s| s.losses.clone())
        .unwrap_or_default();
    let taken =
        super::supply::take_losses(state, &plan.infantry, a_loss, &pref, "Alexandros 11.4", ev);
    let mut left = a_loss - taken;
    if left > 0 && train_alive {
        if let Some(t) = plan.train.clone() {
            state.lose_step(&t);
            left -= 1;
            ev.push(Event::new(
                "Alexandros 11.4",
                format!("no infantry step left before {city}: {t} takes the loss"),
            ));
        }
    }
    if left > 0 {
        ev.push(Event::new(
            "Alexandros 11.4",
            format!("{left} siege loss(es) before {city} find no besieging unit left"),
        ));
    }
    for leader in plan.leaders.iter().take(a_loss as usize) {
        if !matches!(state.leaders[leader].place, Place::Province(_)) {
            continue;
        }
        let was = state.leaders[leader].wounded;
        super::battle::leader_casualty(state, leader, "Loss", "Alexandros 11.4", dice, ev)?;
        let now = state
            .leaders
            .get(leader)
            .map(|l| l.wounded)
            .unwrap_or(false);
        if leader == "Alexander" && !was && now && state.option(super::OPT_FURY) {
            state.fury.insert(city.to_string());
            ev.push(Event::new(
                "Alexandros 17.2",
                format!("Macedonian Fury against {city}"),
            ));
        }
    }
    Ok(())
}
