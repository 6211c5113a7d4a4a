//! The sequence of play (Alexandros 4.2, 4.3) as pending steps: one order file per player per
//! movement phase; the mutual phases (supply, combat, siege, random events) resolve on their
//! own, asking a side only for decisions its standing orders do not answer.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::data::Side;
use super::orders::{Decision, Orders, Standing};
use super::state::{side_name, CombatAt, Host, Place, State};
use super::{
    battle, control, evasion, events, minor_combat, movement, objectives, reinforcements,
    replacements, siege, siege_declaration, supply, victory,
};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, Pending, PendingKind, RuleError};

/// The phase the game waits in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Set-up (3.3): the Persian places Darius and the "D" units.
    PersianSetup,
    /// Macedonian Movement Phase (4.2 II).
    MacedonianMovement,
    /// Persian Movement Phase (4.2 III).
    PersianMovement,
    /// A decision in the middle of the Combat Phase (9.2, 9.5).
    Decision {
        /// Who decides.
        side: Side,
        /// What is asked.
        prompt: String,
    },
    /// A battle on the Tactical Display (10).
    Battle,
    /// The game is over (16).
    Over,
}

fn slug(s: &str) -> String {
    s.to_lowercase().replace(' ', "-")
}

/// Alexandros 4.2: who must act next.
pub fn pending(state: &State) -> Pending {
    let label = state.turn_label();
    let (step, kind, sides, prompt, rule) = match &state.phase {
        Phase::PersianSetup => (
            format!("{label}/persian-setup"),
            PendingKind::Orders,
            vec!["persian".to_string()],
            "place Darius and the \"D\" units in Susiana, Persis or Babylonia".to_string(),
            "Alexandros 3.3",
        ),
        Phase::MacedonianMovement => (
            format!("{label}/macedonian-movement"),
            PendingKind::Orders,
            vec!["macedonian".to_string()],
            "Macedonian reinforcements, replacements, movement and sieges".to_string(),
            "Alexandros 4.2 II",
        ),
        Phase::PersianMovement => (
            format!("{label}/persian-movement"),
            PendingKind::Orders,
            vec!["persian".to_string()],
            "Persian reinforcements, replacements, movement and sieges".to_string(),
            "Alexandros 4.2 III",
        ),
        Phase::Decision { side, prompt }
            if state.minor.is_none() && !state.siege_queue.is_empty() =>
        {
            (
                format!(
                    "{label}/siege-{}/sortie-{}",
                    slug(&state.siege_queue[0].city),
                    side_name(*side)
                ),
                PendingKind::Decision,
                vec![side_name(*side).to_string()],
                prompt.clone(),
                "Alexandros 11.5",
            )
        }
        Phase::Decision { side, prompt } => {
            let m = state.minor.as_ref();
            let prov = m.map(|m| slug(&m.province)).unwrap_or_default();
            let stage = m
                .map(|m| format!("{:?}", m.stage).to_lowercase())
                .unwrap_or_default();
            (
                format!("{label}/minor-{prov}/{stage}-{}", side_name(*side)),
                PendingKind::Decision,
                vec![side_name(*side).to_string()],
                prompt.clone(),
                "Alexandros 9.5",
            )
        }
        Phase::Battle => {
            let b = state.battle.as_ref().expect("battle on");
            match b.battle.pending() {
                Some((side, suffix, kind, prompt)) => (
                    format!("{label}/battle-{}/{suffix}", slug(&b.province)),
                    kind,
                    vec![side_name(side).to_string()],
                    prompt,
                    "Alexandros 10",
                ),
                None => (
                    format!("{label}/battle-{}/over", slug(&b.province)),
                    PendingKind::GameOver,
                    vec![],
                    "battle over".into(),
                    "Alexandros 10",
                ),
            }
        }
        Phase::Over => (
            "over".to_string(),
            PendingKind::GameOver,
            vec![],
            state.outcome.clone().unwrap_or_else(|| "game over".into()),
            "Alexandros 16",
        ),
    };
    Pending {
        step,
        kind,
        sides,
        prompt,
        rule: rule.to_string(),
    }
}

fn refuse_parts(o: &Orders, allowed: &[&str], step: &str) -> Result<(), RuleError> {
    let used = [
        ("darius", o.darius.is_some()),
        ("reinforcements", !o.reinforcements.is_empty()),
        ("replacements", !o.replacements.is_empty()),
        ("walls", !o.walls.is_empty()),
        ("leave_city", !o.leave_city.is_empty()),
        ("moves", !o.moves.is_empty()),
        ("garrison", !o.garrison.is_empty()),
        ("sieges", !o.sieges.is_empty()),
        ("raiders", !o.raiders.is_empty()),
        ("scorch", !o.scorch.is_empty()),
        ("surrender_rolls", !o.surrender_rolls.is_empty()),
        ("decision", o.decision.is_some()),
        ("battle", o.battle.is_some()),
    ];
    for (name, on) in used {
        if on && !allowed.contains(&name) {
            return Err(RuleError::illegal(
                name,
                "Alexandros 4.1",
                format!("`{name}` does not belong to the step {step}"),
            ));
        }
    }
    Ok(())
}

/// Applies the Persian set-up (3.3) and fights the Granicus (4.3).
pub fn persian_setup(
    state: &mut State,
    o: &Orders,
    standing: &BTreeMap<String, Standing>,
    options: &[String],
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    refuse_parts(o, &["darius"], "persian-setup")?;
    let area = state.pack.scenario.setup_codes.get("D").cloned();
    let choices = area
        .as_ref()
        .map(|a| a.provinces.clone())
        .unwrap_or_default();
    let p = o.darius.clone().ok_or_else(|| {
        RuleError::illegal(
            "darius",
            "Alexandros 3.3",
            format!("choose one of {}", choices.join(", ")),
        )
    })?;
    if !choices.contains(&p) {
        return Err(RuleError::illegal(
            format!("darius: {p}"),
            "Alexandros 3.3",
            format!("Darius sets up in one of {}", choices.join(", ")),
        ));
    }
    let codes: Vec<String> = state
        .pack
        .counters
        .units
        .iter()
        .filter(|(_, u)| u.setup == super::data::SetupCode::D)
        .map(|(c, _)| c.clone())
        .collect();
    for c in codes {
        let u = state.units.get_mut(&c).unwrap();
        u.place = Place::Province(p.clone());
        u.owner = Side::Persian; // Greek Mercenaries coded "D" start Persian (3.3)
    }
    for l in area.map(|a| a.item.leaders).unwrap_or_default() {
        state.leaders.get_mut(&l).unwrap().place = Place::Province(p.clone());
    }
    ev.push(Event::new(
        "Alexandros 3.3",
        format!("Darius and the \"D\" units set up in {p}"),
    ));
    // 4.3: straight to the battle of the first turn.
    state.combat_queue = vec![CombatAt {
        province: state.pack.scenario.first_battle.clone(),
        host: Host::Main,
    }];
    stamp(state, ev, 0, "Persian set-up (3.3)", None, Some("persian"));
    continue_combat(state, standing, options, None, dice, ev)
}

/// Alexandros 4.2 II/III: one side's movement phase: withdrawals and reinforcements (13),
/// replacements (12), garrisons (11.2), moves (8), siege declarations (11.1); then the dice:
/// leader recovery (12.9) and forced-march attrition (8.6). Every order is checked before the
/// first die.
pub fn movement_phase(
    state: &mut State,
    side: Side,
    o: &Orders,
    standing: &BTreeMap<String, Standing>,
    options: &[String],
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    // Raiders (14.3) and scorched earth (17.1) are the Persian's; surrender rolls (17.5)
    // the Macedonian's.
    let mut parts = vec![
        "reinforcements",
        "replacements",
        "walls",
        "leave_city",
        "moves",
        "garrison",
        "sieges",
    ];
    match side {
        Side::Persian => parts.extend(["raiders", "scorch"]),
        _ => parts.push("surrender_rolls"),
    }
    refuse_parts(o, &parts, &format!("{} movement", side_name(side)))?;
    reinforcements::withdraw(state, side, ev);
    reinforcements::place(state, side, &o.reinforcements, ev)?;
    replacements::buy(state, side, &o.replacements, &o.walls, ev)?;
    for u in &o.leave_city {
        let ok = state
            .units
            .get(u)
            .map(|x| x.owner == side && matches!(x.place, Place::City(_)))
            .unwrap_or(false);
        if !ok {
            return Err(RuleError::illegal(
                format!("leave_city {u}"),
                "Alexandros 11.2",
                format!("{u} is not one of your city garrisons"),
            ));
        }
        let place = state.units[u].place.clone();
        // A border fortress (Gaza, 8.2) opens onto its first bordering province.
        let p = state.province_of(&place).or_else(|| match &place {
            Place::City(c) => state.pack.city(c).and_then(|c| c.between.first().cloned()),
            _ => None,
        });
        if let Some(p) = p {
            state.units.get_mut(u).unwrap().place = Place::Province(p);
        }
    }
    let mut marches = Vec::new();
    let mut leaders_seen = Vec::new();
    movement::each_unit_once(&o.moves)?;
    for m in &o.moves {
        if leaders_seen.contains(&m.leader) {
            return Err(RuleError::illegal(
                format!("move {}", m.leader),
                "Alexandros 8.1",
                "a leader moves once per turn",
            ));
        }
        leaders_seen.push(m.leader.clone());
        if let Some(a) = movement::apply_move(state, side, m, ev)? {
            marches.push(a);
        }
    }
    for r in &o.raiders {
        movement::move_raiders(state, side, r, ev)?;
    }
    ev.append(&mut state.pending_events);
    for (u, city) in &o.garrison {
        enter_city(state, side, u, city)?;
    }
    let sieges = siege_declaration::declare(state, side, &o.sieges)?;
    if !sieges.is_empty() {
        state.sieges.insert(side, sieges);
    }
    for p in &o.scorch {
        supply::check_scorch(state, side, p)?;
        state.scorch_orders.push(p.clone());
    }
    for city in &o.surrender_rolls {
        siege::check_surrender_roll(state, side, city)?;
        state.surrender_rolls.push(city.clone());
    }
    control::update(state);
    state.check_indians();
    objectives::check_unwalled(state, ev);
    siege::check_siege_trains(state, ev);
    // Dice from here on.
    replacements::recovery(state, side, dice, ev)?;
    let pref = standing
        .get(side_name(side))
        .and_then(|s| s.losses.clone())
        .unwrap_or_default();
    // Beginners Rule (7.0): no attrition, forced march's included.
    let marches = if state.option(super::OPT_BEGINNER) {
        Vec::new()
    } else {
        marches
    };
    for (units, kind) in marches {
        movement::forced_march_attrition(state, &units, kind, &pref, dice, ev)?;
    }
    control::update(state);
    if side == Side::Macedonian {
        state.frozen.clear(); // 17.4: for one Macedonian movement phase only
        state.phase = Phase::PersianMovement;
        Ok(())
    } else {
        stamp(
            state,
            ev,
            0,
            "Persian movement phase (4.2 III)",
            None,
            Some("persian"),
        );
        begin_combat(state, ev);
        continue_combat(state, standing, options, None, dice, ev)
    }
}

/// Alexandros 6.2, 11.2: a unit enters a city as its garrison.
pub fn enter_city(state: &mut State, side: Side, u: &str, city: &str) -> Result<(), RuleError> {
    let order = format!("garrison {u}: {city}");
    let us = state
        .units
        .get(u)
        .ok_or_else(|| RuleError::illegal(&order, "Alexandros 11.2", "no such unit"))?
        .clone();
    let c = state
        .pack
        .city(city)
        .ok_or_else(|| RuleError::illegal(&order, "Alexandros 11.2", "no such city"))?
        .clone();
    if us.owner != side {
        return Err(RuleError::illegal(
            &order,
            "Alexandros 11.2",
            format!("{u} is not yours"),
        ));
    }
    let here = match &us.place {
        Place::Province(p) => c.province.as_deref() == Some(p) || c.between.contains(p),
        _ => false,
    };
    if !here {
        return Err(RuleError::illegal(
            &order,
            "Alexandros 11.2",
            format!("{u} is not in the field in {city}'s province"),
        ));
    }
    let w = state.walls.get(city).cloned();
    let walls = w
        .as_ref()
        .filter(|w| w.side == side)
        .map(|w| w.count)
        .unwrap_or(0);
    if !state
        .pack
        .unit(u)
        .map(|x| siege::is_infantry(x.kind))
        .unwrap_or(false)
    {
        return Err(RuleError::illegal(
            &order,
            "Alexandros 11.2",
            "a city garrison holds infantry only",
        ));
    }
    let inside = state
        .units
        .values()
        .filter(|x| x.place == Place::City(city.to_string()))
        .count();
    let cap = siege::garrison_capacity(walls);
    if inside + 1 > cap {
        return Err(RuleError::illegal(
            &order,
            "Alexandros 11.2",
            format!(
                "{city} with {walls} of your walls holds {cap} garrison units (none with one wall)"
            ),
        ));
    }
    state.units.get_mut(u).unwrap().place = Place::City(city.to_string());
    Ok(())
}

/// Alexandros 9.1: lists the provinces where the two sides' field forces meet, minor combats
/// first (4.2 IV); lone leaders facing enemy units are captured (ruling A-18).
pub fn begin_combat(state: &mut State, ev: &mut Vec<Event>) {
    let mut minor = Vec::new();
    let mut tactical = Vec::new();
    let provinces: Vec<String> = state.pack.map.provinces.keys().cloned().collect();
    for p in provinces {
        let m = live(state, Side::Macedonian, &p, Host::Main);
        let any_persian = HOSTS.iter().any(|h| live(state, Side::Persian, &p, *h) > 0);
        // Units that evaded here still shelter their leaders.
        if state.field_units(Side::Macedonian, &p).is_empty() && any_persian {
            for l in state.field_leaders(Side::Macedonian, &p) {
                battle::capture_leader(state, &l, ev);
            }
        }
        for host in HOSTS {
            let q = live(state, Side::Persian, &p, host);
            if m > 0 && state.host_units(Side::Persian, &p, host).is_empty() {
                for l in state.host_leaders(Side::Persian, &p, host) {
                    battle::capture_leader(state, &l, ev);
                }
            }
            if m > 0 && q > 0 {
                let at = CombatAt {
                    province: p.clone(),
                    host,
                };
                if m >= supply::ARMY_UNITS && q >= supply::ARMY_UNITS {
                    tactical.push(at);
                } else {
                    minor.push(at);
                }
            }
        }
    }
    minor.extend(tactical);
    state.combat_queue = minor;
}

/// The forces of the Persian side, in the order they fight (6.3, ruling A-19).
pub const HOSTS: [Host; 3] = [Host::Main, Host::Indian, Host::Raiders];

/// Field units of one force that have not evaded this turn (9.2).
fn live(s: &State, side: Side, p: &str, host: Host) -> usize {
    s.host_units(side, p, host)
        .into_iter()
        .filter(|u| !s.evaded.contains(u))
        .count()
}

/// Places the events from `from` on that have no context yet in this turn's `phase` (and
/// `round`), caused by `by`'s orders when a side's answer caused them.
fn stamp(
    state: &State,
    ev: &mut [Event],
    from: usize,
    phase: &str,
    round: Option<String>,
    by: Option<&str>,
) {
    let turn = super::view::turn_short(state);
    crate::ruleset::stamp_events(ev, from, &turn, phase, round.as_deref(), by, false);
}

/// Resolves the Combat Phase as far as it can go, then the Siege and Random Events phases,
/// the end of the turn, the next turn's start and Supply Phase, up to the next order step.
pub fn continue_combat(
    state: &mut State,
    standing: &BTreeMap<String, Standing>,
    options: &[String],
    answer: Option<(Side, &Decision)>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let mut answer = answer;
    loop {
        if state.phase == Phase::Over {
            return Ok(());
        }
        objectives::place_bessus(state, standing, ev);
        if let Some(mut m) = state.minor.take() {
            let n = ev.len();
            let by = answer.map(|(s, _)| side_name(s));
            let need = minor_combat::run(state, &mut m, standing, answer.take(), dice, ev);
            stamp(
                state,
                ev,
                n,
                "Combat phase (9)",
                Some(format!("minor combat in {}", m.province)),
                by,
            );
            let need = need?;
            if let Some(need) = need {
                state.minor = Some(m);
                state.phase = Phase::Decision {
                    side: need.side,
                    prompt: need.prompt,
                };
                return Ok(());
            }
            control::update(state);
            continue;
        }
        if state.battle.is_some() {
            battle::advance_by_plans(state, standing, dice, ev)?;
        }
        if let Some(b) = state.battle.clone() {
            if b.battle.pending().is_some() {
                state.phase = Phase::Battle;
                return Ok(());
            }
            let r = b.battle.result().unwrap_or_default();
            let n = ev.len();
            battle::apply_result_for(state, &b.province, b.host, &r, standing, ev);
            stamp(
                state,
                ev,
                n,
                &format!("Combat phase: battle in {}", b.province),
                Some("after the battle (10.19, 10.20)".into()),
                None,
            );
            state.battle = None;
            control::update(state);
            continue;
        }
        if state.combat_queue.is_empty() {
            break;
        }
        let CombatAt { province: p, host } = state.combat_queue.remove(0);
        let (m, q) = (
            live(state, Side::Macedonian, &p, Host::Main),
            live(state, Side::Persian, &p, host),
        );
        if m == 0 || q == 0 {
            continue;
        }
        if m >= supply::ARMY_UNITS && q >= supply::ARMY_UNITS {
            if evasion::before_battle(state, &p, host, standing, dice, ev)? {
                control::update(state);
                continue;
            }
            ev.push(Event::new(
                "Alexandros 9.1",
                format!("battle in {p}: to the Tactical Display"),
            ));
            let n = ev.len() - 1;
            stamp(state, ev, n, "Combat phase (9)", None, None);
            state.battle = Some(battle::start(state, &p, state.turn == 1, host, options));
        } else {
            state.minor = Some(minor_combat::start_with(state, &p, host));
        }
        for u in state
            .host_units(Side::Macedonian, &p, Host::Main)
            .into_iter()
            .chain(state.host_units(Side::Persian, &p, host))
        {
            state.fought.insert(u);
        }
    }
    if state.phase == Phase::Over {
        return Ok(());
    }
    control::update(state);
    siege_and_events(state, standing, answer, dice, ev)
}

/// The Siege Phase (11) and the Random Events Phase (14), then the end of the turn.
fn siege_and_events(
    state: &mut State,
    standing: &BTreeMap<String, Standing>,
    mut answer: Option<(Side, &Decision)>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let n = ev.len();
    let by = answer.map(|(s, _)| side_name(s));
    let r = siege_phase(state, standing, &mut answer, dice, ev);
    stamp(state, ev, n, "Siege phase (11)", None, by);
    if !r? {
        return Ok(());
    }
    let n = ev.len();
    let r = events::random_events_with(state, standing, dice, ev);
    stamp(state, ev, n, "Random events phase (14)", None, None);
    r?;
    if state.phase == Phase::Over {
        return Ok(());
    }
    end_turn(state, standing, dice, ev)
}

/// The Siege Phase as far as it goes: false when it waits for a decision or the game ended.
fn siege_phase(
    state: &mut State,
    standing: &BTreeMap<String, Standing>,
    answer: &mut Option<(Side, &Decision)>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<bool, RuleError> {
    siege::check_siege_trains(state, ev);
    siege::queue_declared(state);
    siege::surrender_rolls(state, dice, ev)?;
    if let Some(need) = siege::siege_phase(state, standing, answer.take(), dice, ev)? {
        state.phase = Phase::Decision {
            side: need.side,
            prompt: need.prompt,
        };
        return Ok(false);
    }
    control::update(state);
    objectives::place_bessus(state, standing, ev);
    objectives::check_unwalled(state, ev);
    Ok(state.phase != Phase::Over)
}

/// End of turn: the last turn scores (16.3); otherwise the next turn starts.
pub fn end_turn(
    state: &mut State,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    for u in state.units.values_mut() {
        u.moved = false;
    }
    for l in state.leaders.values_mut() {
        l.moved = false;
    }
    if state.option(super::OPT_RECUPERATION) {
        replacements::recuperation(state, ev);
    }
    state.fought.clear();
    state.evaded.clear();
    state.replacement_points.clear();
    // 17.3 (ruling A-63): with the Death of Alexander the game goes on past the last turn of
    // the track until Alexander dies (the roll ends it, scored as 16.3).
    let alexander_lives = state.option(super::OPT_DEATH)
        && state
            .leaders
            .get("Alexander")
            .is_some_and(|a| matches!(a.place, Place::Province(_) | Place::City(_)));
    if state.turn >= state.last_turn() && !alexander_lives {
        victory::final_count(state, ev);
        stamp(state, ev, 0, "End of the game (16.3)", None, None);
        return Ok(());
    }
    if state.turn >= state.last_turn() {
        ev.push(Event::new(
            "Alexandros 17.3",
            "Alexander lives: the game goes on past the last turn of the track",
        ));
    }
    stamp(state, ev, 0, "End of turn", None, None);
    state.turn += 1;
    start_turn(state, standing, dice, ev)
}

/// Start of a turn (4.2): instant Macedonian victory (16.2), Summer removal of depletion
/// (7.3), replacement points (12.1), Alexandria founded (15.4), then the Supply Phase (7).
pub fn start_turn(
    state: &mut State,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    ev.push(Event::new(
        "Alexandros 4.2",
        format!("turn {}: {}", state.turn, state.turn_label()),
    ));
    if victory::macedonian_instant(state) {
        state.outcome = Some("decisive Macedonian victory: the Empire is conquered (16.2)".into());
        state.phase = Phase::Over;
        ev.push(Event::new("Alexandros 16.2", "decisive Macedonian victory"));
        return Ok(());
    }
    if state.turn_data().season == super::data::Season::Summer {
        let scorched = state.scorched.clone();
        state.depleted.retain(|p| scorched.contains(p)); // 17.1: scorched earth stays
        ev.push(Event::new(
            "Alexandros 7.3",
            "Summer: depletion markers removed",
        ));
    }
    for side in [Side::Macedonian, Side::Persian] {
        let n = replacements::points(state, side);
        if n > 0 {
            state.replacement_points.insert(side, n);
            ev.push(Event::new(
                "Alexandros 12.1",
                format!("the {} receives {n} replacement points", side_name(side)),
            ));
        }
    }
    stamp(state, ev, 0, "Start of turn (4.2)", None, None);
    if state.option(super::OPT_BEGINNER) {
        ev.push(Event::new(
            "Alexandros 7.0",
            "Beginners Rule: no Supply Phase",
        ));
    } else {
        let r = supply::supply_phase(state, standing, dice, ev);
        stamp(state, ev, 0, "Supply phase (7)", None, None);
        r?;
    }
    state.phase = Phase::MacedonianMovement;
    Ok(())
}
