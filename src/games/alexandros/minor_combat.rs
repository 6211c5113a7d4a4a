//! Minor Combat (Alexandros 9.1, 9.2, 9.4, 9.5): who attacks, evasion, odds, the five results,
//! step losses, leader casualties and retreat. Resolution may stop for a decision of either side
//! and resume with its answer ([`MinorCombat`] keeps where it stopped).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::control;
use super::data::{Pack, Side, UnitType};
use super::movement;
use super::orders::{Decision, EvadePolicy, Standing};
use super::state::{enemy, side_name, Host, Place, State};
use crate::pack::OddsColumn;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Alexandros 9.2: a minor-combat evasion succeeds on a d6 roll of at most this (pips).
pub const EVASION_SUCCESS_MAX: u32 = 3;

/// Alexandros 9.4: the odds of `attack` against `defence` strength points, rounded down
/// (31 against 8 is 3, i.e. 3:1). Zero means below 1:1.
pub fn odds(attack: u32, defence: u32) -> u32 {
    attack.checked_div(defence).unwrap_or(u32::MAX)
}

/// Alexandros 9.4: the attacker is the side with more combat units; on a tie the side with the
/// higher total attack strength; on a further tie the Macedonian.
pub fn attacker(mac_units: usize, per_units: usize, mac_attack: u32, per_attack: u32) -> Side {
    if mac_units != per_units {
        if mac_units > per_units {
            Side::Macedonian
        } else {
            Side::Persian
        }
    } else if mac_attack != per_attack {
        if mac_attack > per_attack {
            Side::Macedonian
        } else {
            Side::Persian
        }
    } else {
        Side::Macedonian
    }
}

/// What the Minor Combat Results Table gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookup {
    /// A result read with a d6 in this column.
    Column(String),
    /// Odds above the last column: this result without a roll (9.4: DE above 4:1).
    Automatic(String),
}

/// Alexandros 9.4: the column of the Minor Combat Results Table for the odds (pack data): the
/// `N:1` column the odds reach, rounded down (the shared odds-column model); below 1:1 the first
/// column; above the last column the table's automatic result.
pub fn column(pack: &Pack, odds: u32) -> Lookup {
    let t = pack.table("minor-combat-results").expect("table in pack");
    // `odds` is already rounded down to N (N:1); u32::MAX means no defence at all.
    let at = if odds == u32::MAX {
        t.odds(1, 0)
    } else {
        t.odds(odds, 1)
    };
    match at {
        OddsColumn::Below => Lookup::Column(t.columns[0].clone()),
        OddsColumn::Column(i) => Lookup::Column(t.columns[i].clone()),
        OddsColumn::Above => match &t.above_last_column {
            Some(r) => Lookup::Automatic(r.clone()),
            None => Lookup::Column(t.columns.last().cloned().unwrap_or_default()),
        },
    }
}

/// Alexandros 9.4, 9.5: the result for a d6 `roll` in `column`.
pub fn result(pack: &Pack, roll: u32, column: &str) -> String {
    pack.table("minor-combat-results")
        .and_then(|t| t.roll(roll as u8, column))
        .unwrap_or("")
        .to_string()
}

/// Where a minor combat stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// The defender may try to evade (9.2).
    Evasion,
    /// The combat roll (9.4).
    Roll,
    /// Step losses still to take, by side (9.5).
    Losses,
    /// Leader casualty rolls (9.5).
    Leaders,
    /// The defender may retreat (9.5 EX, DL).
    Retreat,
    /// Over.
    Done,
}

/// A minor combat in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinorCombat {
    /// Province.
    pub province: String,
    /// Attacker (9.4).
    pub attacker: Side,
    /// Defender.
    pub defender: Side,
    /// Stage.
    pub stage: Stage,
    /// The result read (AE, AL, EX, DL, DE).
    pub result: Option<String>,
    /// Steps each side still has to lose.
    pub losses_due: BTreeMap<Side, u8>,
    /// The Persian-side force fighting (6.3).
    #[serde(default)]
    pub host: Host,
}

/// A decision the combat waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Need {
    /// Who decides.
    pub side: Side,
    /// What to answer, in plain words.
    pub prompt: String,
}

fn force(state: &State, side: Side, p: &str, host: Host) -> Vec<String> {
    state
        .host_units(side, p, host)
        .into_iter()
        .filter(|u| !state.evaded.contains(u))
        .collect()
}

fn best_rating(state: &State, side: Side, p: &str, host: Host) -> (Option<String>, u32) {
    let mut best: Option<(u32, String)> = None;
    for l in state.host_leaders(side, p, host) {
        let r = u32::from(state.rating(&l));
        if best.as_ref().map(|(b, _)| r > *b).unwrap_or(true) {
            best = Some((r, l));
        }
    }
    match best {
        Some((r, l)) => (Some(l), r),
        None => (None, 0),
    }
}

/// Alexandros 9.4: attack strength of a side's main force (units' attack plus its best leader).
pub fn attack_strength(state: &State, side: Side, p: &str) -> u32 {
    attack_of(state, side, p, Host::Main)
}

/// Alexandros 9.4: defence strength of a side's main force (units' defence plus its best leader).
pub fn defence_strength(state: &State, side: Side, p: &str) -> u32 {
    defence_of(state, side, p, Host::Main)
}

/// Alexandros 9.4, 6.3: attack strength of one force.
pub fn attack_of(state: &State, side: Side, p: &str, host: Host) -> u32 {
    force(state, side, p, host)
        .iter()
        .map(|u| u32::from(state.strength(u).attack))
        .sum::<u32>()
        + best_rating(state, side, p, host).1
}

/// Alexandros 9.4, 6.3: defence strength of one force.
pub fn defence_of(state: &State, side: Side, p: &str, host: Host) -> u32 {
    force(state, side, p, host)
        .iter()
        .map(|u| u32::from(state.strength(u).defense))
        .sum::<u32>()
        + best_rating(state, side, p, host).1
}

/// Alexandros 9.2: may the defender evade? Every defending unit cavalry or light infantry
/// (ruling A-15), or a defending leader rated above every attacking leader.
pub fn may_evade(state: &State, c: &MinorCombat) -> bool {
    let units = force(state, c.defender, &c.province, c.host_of(c.defender));
    let all_mobile = !units.is_empty()
        && units.iter().all(|u| {
            state
                .pack
                .unit(u)
                .map(|x| x.kind.is_cavalry() || x.kind == UnitType::LightInfantry)
                .unwrap_or(false)
        });
    let (dl, dr) = best_rating(state, c.defender, &c.province, c.host_of(c.defender));
    let (_, ar) = best_rating(state, c.attacker, &c.province, c.host_of(c.attacker));
    (all_mobile || (dl.is_some() && dr > ar))
        && !destinations(state, c.defender, c.host_of(c.defender), &c.province).is_empty()
}

/// Alexandros 9.2, 9.5, 8.3, 6.3: adjacent friendly-controlled or contested provinces the
/// force (`host`: the Persian main army, the Indians or the raiders) may enter this turn —
/// every one of its units and leaders allowed in by 8.2, 8.3 and 14.2 (friendly first, then
/// contested; each by name).
pub fn destinations(state: &State, side: Side, host: Host, p: &str) -> Vec<String> {
    let mut friendly = Vec::new();
    let mut contested = Vec::new();
    let counters: Vec<String> = state
        .host_units(side, p, host)
        .into_iter()
        .chain(state.host_leaders(side, p, host))
        .collect();
    for n in state.neighbours(p) {
        if movement::force_may_enter(state, side, &counters, p, &n).is_err() {
            continue;
        }
        // 14.3 (ruling 24): raiders never join other raiders, by evasion or retreat either.
        if host == Host::Raiders && !state.host_units(side, &n, Host::Raiders).is_empty() {
            continue;
        }
        if control::is_contested(state, &n) {
            contested.push(n);
        } else if control::controls(state, side, &n) {
            friendly.push(n);
        }
    }
    friendly.extend(contested);
    friendly
}

/// Alexandros 9.2, 9.3, 9.5: moves one force (`host`) of `side` from `from` to `to`; an
/// evading force (`mark_evaded`) entering a contested province sits out further combat this
/// turn (9.2), while a retreating one takes along units that evaded into `from` earlier.
pub fn move_force(
    state: &mut State,
    side: Side,
    host: Host,
    from: &str,
    to: &str,
    mark_evaded: bool,
) {
    // 9.2: units that evaded here earlier retreat with the force (not when it evades itself).
    let units = if mark_evaded {
        force(state, side, from, host)
    } else {
        state.host_units(side, from, host)
    };
    for u in &units {
        state.units.get_mut(u).unwrap().place = Place::Province(to.to_string());
        if mark_evaded && control::is_contested(state, to) {
            state.evaded.insert(u.clone());
        }
    }
    for l in state.host_leaders(side, from, host) {
        state.leaders.get_mut(&l).unwrap().place = Place::Province(to.to_string());
    }
}

/// Starts the minor combat in `province` against the Persian main force (9.4).
pub fn start(state: &State, province: &str) -> MinorCombat {
    start_with(state, province, Host::Main)
}

/// Starts the minor combat in `province` against one Persian-side force (9.4: attacker by
/// numbers, then attack strength; 6.3: each Persian-side force fights apart).
pub fn start_with(state: &State, province: &str, host: Host) -> MinorCombat {
    let m = force(state, Side::Macedonian, province, Host::Main);
    let p = force(state, Side::Persian, province, host);
    let a = attacker(
        m.len(),
        p.len(),
        attack_of(state, Side::Macedonian, province, Host::Main),
        attack_of(state, Side::Persian, province, host),
    );
    MinorCombat {
        province: province.to_string(),
        attacker: a,
        defender: enemy(a),
        stage: Stage::Evasion,
        result: None,
        losses_due: BTreeMap::new(),
        host,
    }
}

impl MinorCombat {
    /// The force of `side` in this combat.
    pub fn host_of(&self, side: Side) -> Host {
        if side == Side::Macedonian {
            Host::Main
        } else {
            self.host
        }
    }
}

fn choice_from(answer: Option<(Side, &Decision)>, side: Side) -> Option<&Decision> {
    answer.filter(|(s, _)| *s == side).map(|(_, d)| d)
}

/// Runs the combat as far as it can go: `Ok(None)` when over, `Ok(Some(need))` when it waits
/// for a decision. `answer` is the decision just received, if any.
pub fn run(
    state: &mut State,
    c: &mut MinorCombat,
    standing: &BTreeMap<String, Standing>,
    answer: Option<(Side, &Decision)>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<Option<Need>, RuleError> {
    let p = c.province.clone();
    // Validate the answer before any die (retreat and loss choices).
    if let Some((side, d)) = answer {
        if let Some(to) = &d.retreat_to {
            if to != "stay" && !destinations(state, side, c.host_of(side), &p).contains(to) {
                return Err(RuleError::illegal(
                    format!("retreat_to {to}"),
                    "Alexandros 9.5",
                    format!("{to} is not an adjacent friendly-controlled or contested province open to you"),
                ));
            }
        }
        for u in &d.losses {
            if !force(state, side, &p, c.host_of(side)).contains(u) {
                return Err(RuleError::illegal(
                    format!("losses {u}"),
                    "Alexandros 9.5",
                    format!("{u} is not in your force in {p}"),
                ));
            }
        }
    }
    loop {
        match c.stage {
            Stage::Evasion => {
                if !may_evade(state, c) {
                    c.stage = Stage::Roll;
                    continue;
                }
                let st = standing.get(side_name(c.defender));
                let by_standing = |evade: bool, policy: &str, ev: &mut Vec<Event>| {
                    ev.push(
                        Event::new(
                            "Alexandros 9.2",
                            format!(
                                "evade_minor_combat: {policy} — the {} in {p} {}",
                                side_name(c.defender),
                                if evade {
                                    "tries to evade"
                                } else {
                                    "stands and fights"
                                }
                            ),
                        )
                        .by_standing(side_name(c.defender)),
                    );
                    evade
                };
                let evade = match choice_from(answer, c.defender).and_then(|d| d.evade) {
                    Some(e) => e,
                    None => match st.and_then(|s| s.evade_minor_combat) {
                        Some(EvadePolicy::Always) => by_standing(true, "always", ev),
                        Some(EvadePolicy::Never) => by_standing(false, "never", ev),
                        Some(EvadePolicy::WhenOutnumbered) => {
                            let outnumbered = force(state, c.attacker, &p, c.host_of(c.attacker)).len() > force(state, c.defender, &p, c.host_of(c.defender)).len();
                            by_standing(outnumbered, "when-outnumbered", ev)
                        }
                        None => {
                            return Ok(Some(Need {
                                side: c.defender,
                                prompt: format!(
                                    "minor combat in {p}: evade? (answer decision: {{evade: true|false, retreat_to: PROVINCE}}; Alexandros 9.2)"
                                ),
                            }))
                        }
                    },
                };
                if !evade {
                    c.stage = Stage::Roll;
                    continue;
                }
                let dests = destinations(state, c.defender, c.host_of(c.defender), &p);
                let to = choice_from(answer, c.defender)
                    .and_then(|d| d.retreat_to.clone())
                    .filter(|t| dests.contains(t))
                    .or_else(|| {
                        st.and_then(|s| s.retreat_to.as_ref())
                            .and_then(|m| m.get(&p))
                            .filter(|t| dests.contains(t))
                            .cloned()
                    })
                    .unwrap_or_else(|| {
                        // 9.2: where to evade is the defender's; said nothing (or named a
                        // province not open), the first open one, reported as a default.
                        ev.push(Event::new(
                            "Alexandros 9.2",
                            format!(
                                "the {} named no open province to evade to from {p} (decision or standing retreat_to): {} (default; open: {})",
                                side_name(c.defender),
                                dests[0],
                                dests.join(", ")
                            ),
                        ));
                        dests[0].clone()
                    });
                // The evading side's roll (9.2).
                let r = dice.roll_for(side_name(c.defender)).d6(
                    &format!("evasion from minor combat in {p}"),
                    "Alexandros 9.2",
                )?;
                if r <= EVASION_SUCCESS_MAX {
                    ev.push(Event::new(
                        "Alexandros 9.2",
                        format!(
                            "the {} force in {p} evades to {to} (roll {r})",
                            side_name(c.defender)
                        ),
                    ));
                    move_force(state, c.defender, c.host_of(c.defender), &p, &to, true);
                    c.stage = Stage::Done;
                } else {
                    ev.push(Event::new(
                        "Alexandros 9.2",
                        format!(
                            "the {} force in {p} fails to evade (roll {r})",
                            side_name(c.defender)
                        ),
                    ));
                    c.stage = Stage::Roll;
                }
            }
            Stage::Roll => {
                // 6.3: only the force in this combat counts (an Indian or barbarian force
                // fights apart from the Persian main force in the same province).
                let a = attack_of(state, c.attacker, &p, c.host_of(c.attacker));
                let d = defence_of(state, c.defender, &p, c.host_of(c.defender));
                let o = odds(a, d);
                let res = match column(&state.pack, o) {
                    Lookup::Automatic(r) => {
                        ev.push(Event::new(
                            "Alexandros 9.4",
                            format!("minor combat in {p}: {a} against {d}, above the table: {r} without a roll"),
                        ));
                        r
                    }
                    Lookup::Column(col) => {
                        // The attacker rolls on the Minor Combat Results Table (9.4).
                        let r = dice
                            .roll_for(side_name(c.attacker))
                            .d6(&format!("minor combat in {p} at {col}"), "Alexandros 9.4")?;
                        let res = result(&state.pack, r, &col);
                        ev.push(Event::new(
                            "Alexandros 9.4",
                            format!(
                                "minor combat in {p}: {} attacks {a} against {d} ({col}), roll {r}: {res}",
                                side_name(c.attacker)
                            ),
                        ));
                        res
                    }
                };
                c.result = Some(res.clone());
                match res.as_str() {
                    "AE" => {
                        eliminate_force(state, c.attacker, c.host_of(c.attacker), &p, ev);
                        c.stage = Stage::Done;
                    }
                    "DE" => {
                        for u in force(state, c.defender, &p, c.host_of(c.defender)) {
                            state.eliminate(&u);
                        }
                        ev.push(Event::new(
                            "Alexandros 9.5",
                            format!("the {} units in {p} are eliminated", side_name(c.defender)),
                        ));
                        c.stage = Stage::Leaders;
                    }
                    "AL" => {
                        c.losses_due.insert(c.attacker, 1);
                        c.stage = Stage::Losses;
                    }
                    "DL" => {
                        c.losses_due.insert(c.defender, 1);
                        c.stage = Stage::Losses;
                    }
                    _ => {
                        c.losses_due.insert(c.attacker, 1);
                        c.losses_due.insert(c.defender, 1);
                        c.stage = Stage::Losses;
                    }
                }
            }
            Stage::Losses => {
                for side in [c.attacker, c.defender] {
                    let due = c.losses_due.get(&side).copied().unwrap_or(0);
                    if due == 0 {
                        continue;
                    }
                    let units = force(state, side, &p, c.host_of(side));
                    if units.is_empty() {
                        c.losses_due.insert(side, 0);
                        continue;
                    }
                    let answered = choice_from(answer, side)
                        .map(|d| d.losses.clone())
                        .filter(|v| !v.is_empty());
                    let from_standing = answered.is_none();
                    let listed = answered
                        .or_else(|| standing.get(side_name(side)).and_then(|s| s.losses.clone()));
                    let pick = match listed.and_then(|v| v.into_iter().find(|u| units.contains(u))) {
                        Some(u) => u,
                        None if units.len() == 1 => units[0].clone(),
                        None => {
                            return Ok(Some(Need {
                                side,
                                prompt: format!(
                                    "minor combat in {p}: choose the unit to lose a step (answer decision: {{losses: [UNIT]}}; Alexandros 9.5)"
                                ),
                            }))
                        }
                    };
                    let chosen_by_standing = from_standing && units.len() > 1;
                    state.lose_step(&pick);
                    let lost = if state.units[&pick].place == Place::Pool {
                        format!("{pick} loses its last step: destroyed")
                    } else {
                        format!("{pick} loses a step")
                    };
                    let e = Event::new("Alexandros 9.5", lost);
                    ev.push(if chosen_by_standing {
                        e.by_standing(side_name(side))
                    } else {
                        e
                    });
                    c.losses_due.insert(side, due - 1);
                    if due > 1 {
                        continue;
                    }
                }
                if c.losses_due.values().all(|n| *n == 0) {
                    c.stage = Stage::Leaders;
                }
            }
            Stage::Leaders => {
                let res = c.result.clone().unwrap_or_default();
                let sides: Vec<Side> = match res.as_str() {
                    "AL" => vec![c.attacker],
                    "DL" | "DE" => vec![c.defender],
                    "EX" => vec![c.attacker, c.defender],
                    _ => vec![],
                };
                for side in sides {
                    if let (Some(l), _) = best_rating(state, side, &p, c.host_of(side)) {
                        super::battle::leader_casualty(
                            state,
                            &l,
                            "Loss",
                            "Alexandros 9.5",
                            dice,
                            ev,
                        )?;
                    }
                }
                if res == "DE" {
                    // Ruling A-22: defending leaders who survive join the nearest friendly force.
                    let leaders = state.host_leaders(c.defender, &p, c.host_of(c.defender));
                    if !leaders.is_empty() {
                        let dests = destinations(state, c.defender, c.host_of(c.defender), &p);
                        for l in leaders {
                            match dests.first() {
                                Some(to) => {
                                    state.leaders.get_mut(&l).unwrap().place =
                                        Place::Province(to.clone());
                                    ev.push(Event::new(
                                        "Alexandros 9.5",
                                        format!("{l} escapes to {to}"),
                                    ));
                                }
                                None => super::battle::capture_leader(state, &l, ev),
                            }
                        }
                    }
                }
                c.stage = if res == "EX" || res == "DL" {
                    Stage::Retreat
                } else {
                    Stage::Done
                };
            }
            Stage::Retreat => {
                let dests = destinations(state, c.defender, c.host_of(c.defender), &p);
                if dests.is_empty()
                    || force(state, c.defender, &p, c.host_of(c.defender)).is_empty()
                {
                    c.stage = Stage::Done;
                    continue;
                }
                let to = match choice_from(answer, c.defender).and_then(|d| d.retreat_to.clone()) {
                    Some(t) => t,
                    None => match standing
                        .get(side_name(c.defender))
                        .and_then(|s| s.retreat_to.as_ref())
                        .and_then(|m| m.get(&p))
                    {
                        Some(t) if t == "stay" || dests.contains(t) => {
                            ev.push(
                                Event::new(
                                    "Alexandros 9.5",
                                    format!("retreat_to {p}: {t}"),
                                )
                                .by_standing(side_name(c.defender)),
                            );
                            t.clone()
                        }
                        _ => {
                            return Ok(Some(Need {
                                side: c.defender,
                                prompt: format!(
                                    "minor combat in {p}: retreat to one of {} or stay (answer decision: {{retreat_to: PROVINCE|stay}}; Alexandros 9.5)",
                                    dests.join(", ")
                                ),
                            }))
                        }
                    },
                };
                if to != "stay" {
                    move_force(state, c.defender, c.host_of(c.defender), &p, &to, false);
                    ev.push(Event::new(
                        "Alexandros 9.5",
                        format!(
                            "the {} survivors retreat from {p} to {to}",
                            side_name(c.defender)
                        ),
                    ));
                }
                c.stage = Stage::Done;
            }
            Stage::Done => return Ok(None),
        }
    }
}

fn eliminate_force(state: &mut State, side: Side, host: Host, p: &str, ev: &mut Vec<Event>) {
    for u in force(state, side, p, host) {
        state.eliminate(&u);
    }
    for l in state.host_leaders(side, p, host) {
        super::battle::kill_leader(state, &l, ev);
    }
    ev.push(Event::new(
        "Alexandros 9.5",
        format!(
            "every {} unit and leader in {p} is eliminated",
            side_name(side)
        ),
    ));
}
