//! The adapter to the Tactical Display (Alexandros 9.1, 10): hands a battle over with the two
//! armies and applies its [`BattleResult`] to the strategic map (losses, leader fates, retreat
//! of the survivors 10.20, Royal Family 15.2, instant victory 16.1). Also the leader fates the
//! strategic rules share (10.16, 10.17, 12.10, 15.6, 15.7).

use serde::{Deserialize, Serialize};

use super::control;
use super::data::Pack;
use super::data::Side;
use super::movement;
use super::state::{side_name, Host, Place, State};
use super::tactical::{self, Battle, BattleResult, BattleSetup, Force};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// Alexandros 10.17: a KIA result kills Alexander only on a second d6 roll of at most this.
pub const ALEXANDER_DIES_MAX: u32 = 1;

/// A battle on the Tactical Display.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BattleState {
    /// Province.
    pub province: String,
    /// The display's own state.
    pub battle: Battle,
    /// The Persian-side force fighting (6.3).
    #[serde(default)]
    pub host: Host,
}

fn force(state: &State, side: Side, p: &str, host: Host) -> Force {
    Force {
        side,
        units: state
            .host_units(side, p, host)
            .into_iter()
            .filter(|u| !state.evaded.contains(u))
            .map(|u| {
                let s = state.units[&u].steps;
                (u, s)
            })
            .collect(),
        leaders: state
            .host_leaders(side, p, host)
            .into_iter()
            .map(|l| {
                let w = state.leaders[&l].wounded;
                (l, w)
            })
            .collect(),
    }
}

/// Alexandros 9.1, 10.1, 6.3: the set-up handed to the display for a battle in `province`
/// between the Macedonian army and one Persian-side army.
pub fn setup(state: &State, province: &str, first_battle: bool, host: Host) -> BattleSetup {
    BattleSetup {
        province: province.to_string(),
        macedonian: force(state, Side::Macedonian, province, Host::Main),
        persian: force(state, Side::Persian, province, host),
        first_battle,
    }
}

/// Starts a battle; returns it (it may already be over).
pub fn start(
    state: &State,
    province: &str,
    first_battle: bool,
    host: Host,
    options: &[String],
) -> BattleState {
    BattleState {
        province: province.to_string(),
        battle: Battle::new(
            &state.pack,
            setup(state, province, first_battle, host),
            options,
        ),
        host,
    }
}

/// Alexandros 10.16, 12.10, 15.6, 15.7: removes a killed leader; Darius and Bessus are
/// Macedonian objectives (15.6, 15.7); Alexander's death ends the game (16.1).
pub fn kill_leader(state: &mut State, name: &str, ev: &mut Vec<Event>) {
    let at = state
        .leaders
        .get(name)
        .and_then(|l| state.province_of(&l.place));
    if let Some(l) = state.leaders.get_mut(name) {
        l.place = Place::Removed;
    }
    ev.push(Event::new("Alexandros 10.16", format!("{name} is killed")));
    leader_lost(state, name, at, ev);
}

/// A leader captured (10.16; ruling A-18 for a lone leader).
pub fn capture_leader(state: &mut State, name: &str, ev: &mut Vec<Event>) {
    let at = state
        .leaders
        .get(name)
        .and_then(|l| state.province_of(&l.place));
    if let Some(l) = state.leaders.get_mut(name) {
        l.place = Place::Captured;
    }
    ev.push(Event::new(
        "Alexandros 10.16",
        format!("{name} is captured"),
    ));
    leader_lost(state, name, at, ev);
}

/// Alexandros 12.10: the side's "0" leader (rating 0, no wounded side), if the pack has one.
pub fn zero_leader(state: &State, side: Side) -> Option<String> {
    state
        .pack
        .counters
        .leaders
        .iter()
        .find(|(n, l)| {
            l.rating == 0 && l.wounded_rating.is_none() && state.leaders[n.as_str()].owner == side
        })
        .map(|(n, _)| n.clone())
}

/// Alexandros 12.10: a "0" leader's name with what he is, for the first place a report
/// shows him (a player meeting "Persian 0" cannot otherwise tell what the counter is).
pub fn zero_leader_named(name: &str) -> String {
    format!("{name} (the side's stand-in leader of rating 0, Alexandros 12.10)")
}

/// Alexandros 12.10 (ruling A-56): when a leader is killed or captured in combat, the side's
/// "0" leader (if not in play) joins the force the leader was with, or else any friendly field
/// force.
fn zero_leader_steps_in(state: &mut State, name: &str, at: Option<String>, ev: &mut Vec<Event>) {
    let Some(side) = state.leaders.get(name).map(|l| l.owner) else {
        return;
    };
    let Some(zero) = zero_leader(state, side) else {
        return;
    };
    if matches!(
        state.leaders[&zero].place,
        Place::Province(_) | Place::City(_)
    ) && zero != name
    {
        return;
    }
    let with_force = at.filter(|p| !state.field_units(side, p).is_empty());
    let place = with_force.or_else(|| {
        state
            .pack
            .map
            .provinces
            .keys()
            .find(|p| !state.field_units(side, p).is_empty())
            .cloned()
    });
    if let Some(p) = place {
        let z = state.leaders.get_mut(&zero).unwrap();
        z.place = Place::Province(p.clone());
        z.wounded = false;
        ev.push(Event::new(
            "Alexandros 12.10",
            format!(
                "{} takes the place of {name} in {p}",
                zero_leader_named(&zero)
            ),
        ));
    }
}

fn leader_lost(state: &mut State, name: &str, at: Option<String>, ev: &mut Vec<Event>) {
    if name == "Alexander" {
        super::victory::persian_instant(state, ev);
        return;
    }
    zero_leader_steps_in(state, name, at, ev);
    let objectives: Vec<String> = state
        .pack
        .map
        .objectives
        .iter()
        .filter(|(_, o)| o.leader.as_deref() == Some(name))
        .map(|(k, _)| k.clone())
        .collect();
    for o in objectives {
        super::objectives::secure(state, &o, ev);
    }
    if name == "Darius" {
        // 15.6: Bessus becomes Great King, placed by the Persian (objectives::place_bessus).
        if let Some(b) = state.leaders.get("Bessus") {
            if matches!(b.place, Place::Track | Place::SetAside) {
                state.bessus_due = true;
            }
        }
    }
}

/// Alexandros 9.5, 10.16, 10.17: a Leader Casualty Table roll (pack data) in `column`
/// (`Rout` or `Loss`). WIA flips the leader ("0" leaders without a wounded side die, 10.16);
/// KIA kills him, except that Alexander dies only on a second roll of 1 (10.17).
pub fn leader_casualty(
    state: &mut State,
    name: &str,
    column: &str,
    rule: &str,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let purpose = format!("leader casualty for {name}");
    // The rolls are for the leader's side.
    let owner = state.leaders.get(name).map(|l| side_name(l.owner));
    let r = match owner {
        Some(side) => dice.roll_for(side).d6(&purpose, "Alexandros 10.16")?,
        None => dice.d6(&purpose, "Alexandros 10.16")?,
    };
    let res = state
        .pack
        .table("leader-casualty")
        .and_then(|t| t.roll(r as u8, column))
        .unwrap_or("none")
        .to_string();
    let mut res = res;
    if res == "KIA" && name == "Alexander" {
        let confirm = ("Alexander's KIA confirmation", "Alexandros 10.17");
        let r2 = match owner {
            Some(side) => dice.roll_for(side).d6(confirm.0, confirm.1)?,
            None => dice.d6(confirm.0, confirm.1)?,
        };
        if r2 > ALEXANDER_DIES_MAX {
            res = "WIA".into();
        }
        ev.push(Event::new(
            "Alexandros 10.17",
            format!("Alexander's fate roll {r2}"),
        ));
    }
    let no_wound_side = state
        .pack
        .leader(name)
        .map(|l| l.wounded_rating.is_none())
        .unwrap_or(false);
    if res == "WIA" && no_wound_side {
        res = "KIA".into();
    }
    ev.push(Event::new(
        rule,
        format!("leader casualty roll {r} for {name}: {res}"),
    ));
    match res.as_str() {
        "KIA" => kill_leader(state, name, ev),
        "WIA" => {
            state.leaders.get_mut(name).unwrap().wounded = true;
        }
        _ => {}
    }
    Ok(())
}

/// Alexandros 10.20 (ruling ): where the loser's survivors retreat: friendly first,
/// then contested, then enemy-controlled; the owner's standing `retreat_to` choice within the
/// best tier, else the first by name. Only provinces every retreating unit and leader may
/// enter (8.2, 8.3, 14.2; `host` is the force, 6.3). `None`: no legal province (the survivors
/// are eliminated).
pub fn retreat_destination(
    state: &State,
    side: Side,
    host: Host,
    p: &str,
    wanted: Option<&String>,
) -> Option<String> {
    let counters: Vec<String> = state
        .host_units(side, p, host)
        .into_iter()
        .chain(state.host_leaders(side, p, host))
        .collect();
    let mut tiers: [Vec<String>; 3] = Default::default();
    for n in state.neighbours(p) {
        if movement::force_may_enter(state, side, &counters, p, &n).is_err() {
            continue;
        }
        // 14.3 (ruling 24): raiders never join other raiders, in a retreat either.
        if host == Host::Raiders && !state.host_units(side, &n, Host::Raiders).is_empty() {
            continue;
        }
        let tier = if control::is_contested(state, &n) {
            1
        } else if control::controls(state, side, &n) {
            0
        } else {
            2
        };
        tiers[tier].push(n);
    }
    let best = tiers.into_iter().find(|t| !t.is_empty())?;
    if let Some(w) = wanted {
        if best.contains(w) {
            return Some(w.clone());
        }
    }
    best.first().cloned()
}

/// Applies a battle's result (against the Persian main army) to the strategic map.
pub fn apply_result(
    state: &mut State,
    province: &str,
    r: &BattleResult,
    standing: &std::collections::BTreeMap<String, super::orders::Standing>,
    ev: &mut Vec<Event>,
) {
    apply_result_for(state, province, Host::Main, r, standing, ev)
}

/// Applies a battle's result to the strategic map; `host` is the Persian-side army that fought.
pub fn apply_result_for(
    state: &mut State,
    province: &str,
    host: Host,
    r: &BattleResult,
    standing: &std::collections::BTreeMap<String, super::orders::Standing>,
    ev: &mut Vec<Event>,
) {
    ev.push(Event::new(
        "Alexandros 10.19",
        match (&r.winner, r.nightfall) {
            (_, true) => format!("the battle in {province} ends at nightfall"),
            (Some(w), _) => format!(
                "the {} wins the battle in {province}",
                crate::view::narrative::capitalised(side_name(*w))
            ),
            (None, _) => format!("the battle in {province} ends without a winner"),
        },
    ));
    for (u, n) in &r.steps_lost {
        for _ in 0..*n {
            if state
                .units
                .get(u)
                .map(|x| x.place != Place::Pool)
                .unwrap_or(false)
            {
                state.lose_step(u);
            }
        }
    }
    for u in &r.eliminated {
        if state.units.contains_key(u) {
            state.eliminate(u);
        }
    }
    for l in &r.leaders_wounded {
        if let Some(x) = state.leaders.get_mut(l) {
            x.wounded = true;
        }
    }
    if r.darius_routed_or_lost {
        super::objectives::secure(state, "Royal Family", ev);
    }
    for l in &r.leaders_killed {
        kill_leader(state, l, ev);
    }
    for l in &r.leaders_captured {
        capture_leader(state, l, ev);
    }
    if r.alexander_killed {
        super::victory::persian_instant(state, ev);
        return;
    }
    if let Some(loser) = r.loser_must_retreat {
        let wanted = standing
            .get(side_name(loser))
            .and_then(|s| s.retreat_to.as_ref())
            .and_then(|m| m.get(province));
        let h = if loser == Side::Macedonian {
            Host::Main
        } else {
            host
        };
        let units: Vec<String> = state.host_units(loser, province, h);
        let leaders = state.host_leaders(loser, province, h);
        match retreat_destination(state, loser, h, province, wanted) {
            Some(to) => {
                // 10.20: where to go within the best tier is the loser's (standing
                // `retreat_to`); said nothing, or named no province of that tier: the first
                // by name, reported as a default.
                if wanted != Some(&to) {
                    ev.push(Event::new(
                        "Alexandros 10.20",
                        format!(
                            "the {} {} for {province}: {to} (default, the first by name of the best it may enter)",
                            side_name(loser),
                            match wanted {
                                Some(w) => format!("asked to retreat to {w}, which is not open or not in the best tier"),
                                None => "gave no standing retreat_to".to_string(),
                            }
                        ),
                    ));
                }
                for u in units {
                    state.units.get_mut(&u).unwrap().place = Place::Province(to.clone());
                }
                for l in leaders {
                    state.leaders.get_mut(&l).unwrap().place = Place::Province(to.clone());
                }
                ev.push(Event::new(
                    "Alexandros 10.20",
                    format!(
                        "the {} survivors retreat from {province} to {to}",
                        side_name(loser)
                    ),
                ));
            }
            None => {
                for u in units {
                    state.eliminate(&u);
                }
                for l in leaders {
                    capture_leader(state, &l, ev);
                }
                ev.push(Event::new(
                    "Alexandros 10.20",
                    format!(
                        "the {} survivors in {province} have nowhere to retreat and are lost",
                        side_name(loser)
                    ),
                ));
            }
        }
    }
}

/// The battle plan a template pre-fills: rally with every leader, defensive
/// fire always, advance into every emptied enemy box and on into the enemy
/// Reserve, commit the Reserve, and attack from every box that can (own boxes
/// first, then the enemy boxes units have advanced into). A player edits it;
/// it is always legal.
pub fn default_plan() -> tactical::plan::BattlePlan {
    let boxes = [
        "Center",
        "Left",
        "Right",
        "LeftOutflank",
        "RightOutflank",
        "Reserve",
    ];
    let places: Vec<String> = boxes
        .iter()
        .map(|b| b.to_string())
        .chain(boxes.iter().map(|b| format!("enemy {b}")))
        .collect();
    // Each box first at its default target, then at every box it could name (10.10:
    // some attacks must name their target); the display keeps only legal ones.
    let rule = |from: &String, into: Option<&String>| tactical::plan::AttackRule {
        from: from.clone(),
        into: into.cloned(),
        when: tactical::plan::When::Always,
    };
    let attack_from = places
        .iter()
        .flat_map(|f| {
            std::iter::once(rule(f, None)).chain(places.iter().map(move |t| rule(f, Some(t))))
        })
        .collect();
    // Advance into every box the enemy leaves empty and on into his camp (10.9, 10.19
    // Breakthrough); fill an emptied own line from the Reserve; commit the Reserve from the
    // second round (10.8).
    let step = |from: &str, to: &str| tactical::plan::MoveRule {
        from: from.to_string(),
        to: to.to_string(),
        units: tactical::plan::Units::Any,
        count: None,
        when: tactical::plan::When::Always,
    };
    let mut advance = vec![
        step("Right", "enemy Left"),
        step("Center", "enemy Center"),
        step("Left", "enemy Right"),
        step("RightOutflank", "enemy LeftOutflank"),
        step("LeftOutflank", "enemy RightOutflank"),
    ];
    for b in ["Left", "Center", "Right", "LeftOutflank", "RightOutflank"] {
        advance.push(step(&format!("enemy {b}"), "enemy Reserve"));
    }
    for b in ["Center", "Right", "Left"] {
        advance.push(step("Reserve", b));
    }
    let moves = vec![
        step("Reserve", "Center"),
        step("Reserve", "Right"),
        step("Reserve", "Left"),
    ];
    tactical::plan::BattlePlan {
        attack_from,
        advance,
        moves,
        ..Default::default()
    }
}

/// The `battle:` part of an order file for `side` (Alexandros 10.2, 10.3):
/// legal orders pre-filled where a default plan gives them (rounds), the
/// display's own template otherwise (set-up), with the display's notes on
/// boxes, strengths and legal attacks as comments.
pub fn template(b: &BattleState, pack: &Pack, side: Side) -> String {
    let notes = b.battle.order_template(pack, side);
    let mut t = String::from("  battle:\n");
    match tactical::plan::orders_for(&b.battle, pack, side, &default_plan()) {
        Some(orders) => {
            for line in notes.lines() {
                let body = line.trim_start();
                t.push_str(&format!("    # {}\n", body.trim_start_matches("# ")));
            }
            let yaml = serde_saphyr::to_string(&orders).expect("battle orders serialise");
            for line in yaml.lines() {
                t.push_str(&format!("    {line}\n"));
            }
        }
        None if notes.is_empty() => t = "  battle: {}\n".into(),
        None => {
            for line in notes.lines() {
                t.push_str(&format!("  {line}\n"));
            }
        }
    }
    t
}

/// Fights the battle on as far as the sides' standing battle plans cover it
/// (issue: "two plans can fight a whole battle with one email each"): while
/// the side to act has a plan that gives orders for the pending step, those
/// orders are applied as that side's choice. Stops at a sealed step, an
/// "ask me", a step no plan covers, or the end of the battle.
pub fn advance_by_plans(
    state: &mut State,
    standing: &std::collections::BTreeMap<String, super::orders::Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(mut b) = state.battle.clone() else {
        return Ok(());
    };
    let pack = state.pack.clone();
    while let Some((side, _, kind, _)) = b.battle.pending() {
        if kind == crate::ruleset::PendingKind::Sealed {
            break;
        }
        let Some(plan) = standing
            .get(side_name(side))
            .and_then(|s| s.battle_plan.clone())
        else {
            break;
        };
        let Some(orders) = tactical::plan::orders_for(&b.battle, &pack, side, &plan) else {
            break;
        };
        let theirs = standing
            .get(side_name(tactical::other(side)))
            .and_then(|s| s.battle_plan.clone());
        let round = tactical::view::round_words(&b.battle);
        let n = b.battle.round();
        // What the plan ordered, in its side's name (10.2), before the dice it draws.
        let said = (n > 0)
            .then(|| super::battle_report::plan_summary(&b.battle, &pack, side, &plan, &orders));
        let mut e = b
            .battle
            .apply(&pack, side, &orders, theirs.as_ref(), dice)?;
        if let Some(s) = said {
            e.insert(0, s);
        }
        let (turn, phase) = (
            super::view::turn_short(state),
            format!("Combat phase: battle in {}", b.province),
        );
        // Nightfall is the rules' (10.19), not the plan's.
        super::battle_report::stamp_nightfall(&b.battle, n, &turn, &phase, &mut e);
        // The side's battle plan acted: its events are reported in that side's name.
        crate::ruleset::stamp_events(
            &mut e,
            0,
            &turn,
            &phase,
            Some(&round),
            Some(side_name(side)),
            true,
        );
        ev.append(&mut e);
    }
    state.battle = Some(b);
    Ok(())
}
