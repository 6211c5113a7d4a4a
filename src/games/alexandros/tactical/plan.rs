//! Battle plans: standing orders for a whole battle (rules under named conditions), turned
//! into the side's [`BattleOrders`] for the pending step — exactly the orders the player
//! could have sent — or `None` when the plan says "ask me" or does not cover the step.

use serde::{Deserialize, Serialize};

use super::super::data::counters::{Side, UnitType};
use super::super::data::Pack;
use super::board::{kind, strength, Place};
use super::combat::odds_column;
use super::leaders::rating;
use super::{other, Advance, Attack, Battle, BattleOrders, FirePolicy, Phase};
use crate::ruleset::PendingKind;

/// Standing orders for a battle.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BattlePlan {
    /// Set-up orders to send at the side's set-up step (Alexandros 10.3); absent = ask me.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<BattleOrders>,
    /// Which routed units try to rally (Alexandros 10.18).
    #[serde(default)]
    pub rally: RallyPolicy,
    /// Archers' defensive fire (Alexandros 10.14).
    #[serde(default = "always")]
    pub defensive_fire: FirePolicy,
    /// Advances into empty boxes, tried in order (Alexandros 10.9).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advance: Vec<MoveRule>,
    /// The tactical move: the first rule that applies (Alexandros 10.8).
    #[serde(default, rename = "move", skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<MoveRule>,
    /// Attacking boxes, tried in order (Alexandros 10.10); in round 1 the first that applies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attack_from: Vec<AttackRule>,
    /// Decisions the player keeps for himself.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ask_me: Vec<AskMe>,
    /// Own routed units to give up first to a pursuit (Alexandros 10.20).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pursuit_losses: Vec<String>,
    /// Pursue when this side wins (Alexandros 10.20: the winner may pursue); `false` declines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pursue: Option<bool>,
    /// Leaders to take part first where several share a box (Alexandros 10.16); not given:
    /// the highest-rated, reported as a default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders_first: Vec<String>,
    /// Second-line units to step forward first into an emptied first line (Alexandros 10.6);
    /// not given: the strongest in defence, reported as a default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refill: Vec<String>,
    /// Units of the own Reserve to defend it first, four at most engaging (Alexandros 10.5);
    /// not given: the strongest in defence, reported as a default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reserve_defenders: Vec<String>,
    /// Units a leader joins first when his own is destroyed (Alexandros 10.12 AL); not given:
    /// the strongest leaderless unit in defence, reported as a default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rejoin: Vec<String>,
    /// Own boxes a rallied unit goes to first when the enemy holds the own Reserve
    /// (Alexandros 10.18); not given: Center, Left, Right, then the outflanks, reported as a
    /// default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rally_into: Vec<String>,
}

fn always() -> FirePolicy {
    FirePolicy::Always
}

/// Rally policy (Alexandros 10.18).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum RallyPolicy {
    /// Every routed unit with a leader tries.
    #[default]
    AllLeaders,
    /// None tries (Porus still rallies automatically).
    None,
}

/// Decisions kept by the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AskMe {
    /// The set-up.
    Setup,
    /// Any advance, move or attack out of the own Reserve.
    ReserveCommitment,
    /// Every half-round.
    EveryRound,
}

/// When a rule applies.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// Whenever legal.
    #[default]
    Always,
    /// The destination box holds no unit.
    TargetEmpty,
    /// From this round on.
    RoundAtLeast(u8),
    /// Only when no earlier rule has given an attack this half-round (a fallback that
    /// covers the compulsory attack of 10.10).
    IfNoAttackYet,
    /// Every duel of the attack (by the default pairing) is at these odds or better, e.g.
    /// `"1:1"`; missile attacks always qualify.
    EveryDuelAtLeast(String),
}

/// Which units a movement rule moves.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Units {
    /// Any unit.
    #[default]
    Any,
    /// Cavalry, horse archers included.
    Cavalry,
    /// Light infantry.
    LightInfantry,
    /// Cavalry or light infantry (what an outflank box admits).
    Mobile,
    /// Anything but cavalry.
    Foot,
}

/// An advance or move rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRule {
    /// From this place (`Reserve`, `enemy Center`…).
    pub from: String,
    /// To this place.
    pub to: String,
    /// Which units.
    #[serde(default)]
    pub units: Units,
    /// How many at most (default: as many as the rule allows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u8>,
    /// When.
    #[serde(default)]
    pub when: When,
}

/// An attack rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackRule {
    /// The attacking place.
    #[serde(rename = "box")]
    pub from: String,
    /// The attacked place (default: the box it faces).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub into: Option<String>,
    /// When.
    #[serde(default)]
    pub when: When,
}

fn fits(pack: &Pack, t: UnitType, f: Units) -> bool {
    match f {
        Units::Any => true,
        Units::Cavalry => t.is_cavalry(),
        Units::LightInfantry => t == UnitType::LightInfantry,
        Units::Mobile => t.is_cavalry() || t == UnitType::LightInfantry,
        Units::Foot => {
            !t.is_cavalry() && {
                let _ = pack;
                true
            }
        }
    }
}

fn parse_odds(s: &str) -> u8 {
    s.split(':')
        .next()
        .and_then(|x| x.trim().parse().ok())
        .unwrap_or(1)
}

/// The orders `plan` gives `side` at the battle's pending step, or None ("ask me", or the plan
/// does not cover it — e.g. no attack rule applies when an attack is compulsory).
pub fn orders_for(
    battle: &Battle,
    pack: &Pack,
    side: Side,
    plan: &BattlePlan,
) -> Option<BattleOrders> {
    let (want, _, kind_, _) = battle.pending()?;
    if want != side || kind_ == PendingKind::GameOver {
        return None;
    }
    let n = match battle.phase {
        Phase::Setup(_) => {
            if plan.ask_me.contains(&AskMe::Setup) {
                return None;
            }
            return plan.setup.clone();
        }
        Phase::Round(n, _) => n,
        Phase::Over => return None,
    };
    if plan.ask_me.contains(&AskMe::EveryRound) {
        return None;
    }
    let mut o = BattleOrders {
        defensive_fire: Some(plan.defensive_fire),
        pursuit_losses: plan.pursuit_losses.clone(),
        pursue: plan.pursue,
        leaders_first: plan.leaders_first.clone(),
        refill: plan.refill.clone(),
        reserve_defenders: plan.reserve_defenders.clone(),
        rejoin: plan.rejoin.clone(),
        rally_into: plan.rally_into.clone(),
        ..BattleOrders::default()
    };
    if plan.rally == RallyPolicy::AllLeaders {
        o.rally = battle
            .may_rally
            .iter()
            .filter(|id| {
                battle
                    .unit(id)
                    .map(|u| u.side == side && u.place.name == "Routed")
                    .unwrap_or(false)
            })
            .filter(|id| {
                battle
                    .leader_with(id)
                    .map(|l| l.name != "Darius" && l.name != "Porus")
                    .unwrap_or(false)
            })
            .cloned()
            .collect();
    }
    let ask_reserve = plan.ask_me.contains(&AskMe::ReserveCommitment);
    let try_move = |o: &BattleOrders| -> bool {
        let mut w = battle.clone();
        w.movement(pack, n, side, o, &mut Vec::new()).is_ok()
    };
    // Advances (10.9).
    for r in &plan.advance {
        let Some(c) = group(
            battle,
            pack,
            side,
            r,
            n,
            pack.board.rules.max_units_per_advance,
        ) else {
            continue;
        };
        let mut cand = o.clone();
        cand.advances.push(c);
        if try_move(&cand) {
            if ask_reserve && r.from == "Reserve" {
                return None;
            }
            o = cand;
        }
    }
    // The tactical move (10.8).
    if n > 1 {
        for r in &plan.moves {
            let Some(c) = group(
                battle,
                pack,
                side,
                r,
                n,
                pack.board.rules.max_units_per_tactical_move,
            ) else {
                continue;
            };
            let mut cand = o.clone();
            cand.tactical_move = Some(c);
            if try_move(&cand) {
                if ask_reserve && r.from == "Reserve" {
                    return None;
                }
                o = cand;
                break;
            }
        }
    }
    // Attacks (10.10).
    let mut w = battle.clone();
    w.movement(pack, n, side, &o, &mut Vec::new()).ok()?;
    for r in &plan.attack_from {
        if n == 1 && !o.attacks.is_empty() {
            break;
        }
        if r.when == When::IfNoAttackYet && !o.attacks.is_empty() {
            continue;
        }
        if !cond_ok(&w, pack, side, n, r) {
            continue;
        }
        let mut cand = o.clone();
        cand.attacks.push(Attack {
            from: r.from.clone(),
            into: r.into.clone(),
            duels: Vec::new(),
            leader: None,
        });
        if w.check_attacks(pack, n, side, &cand.attacks).is_ok() {
            if ask_reserve && r.from == "Reserve" {
                return None;
            }
            o = cand;
        }
    }
    w.check_attacks(pack, n, side, &o.attacks).ok()?;
    Some(o)
}

fn cond_ok(w: &Battle, pack: &Pack, side: Side, n: u8, r: &AttackRule) -> bool {
    let Ok(from) = Place::parse(pack, side, &r.from, "plan") else {
        return false;
    };
    let into = match &r.into {
        Some(t) => match Place::parse(pack, side, t, "plan") {
            Ok(p) => p,
            Err(_) => return false,
        },
        None => match pack.board.faces(&from.name) {
            Some(f) => Place::new(other(from.army), f),
            None => return false,
        },
    };
    match &r.when {
        When::Always | When::TargetEmpty | When::IfNoAttackYet => true,
        When::RoundAtLeast(k) => n >= *k,
        When::EveryDuelAtLeast(odds) => {
            let need = parse_odds(odds);
            let duels = w.pair(pack, side, &from, &into, &[]);
            !duels.is_empty()
                && duels.iter().all(|(a, d)| {
                    let (au, du) = (w.unit(a).expect("unit"), w.unit(d).expect("unit"));
                    if kind(pack, au).is_missile() {
                        return true;
                    }
                    let bonus = |id: &str| {
                        w.leader_with(id)
                            .map(|l| rating(pack, &l.name, l.wounded))
                            .unwrap_or(0)
                    };
                    let att = strength(pack, au).attack + bonus(a);
                    let def = strength(pack, du).defense + bonus(d);
                    let col = odds_column(pack, att, def, 0);
                    col.strip_suffix(":1")
                        .and_then(|x| x.parse::<u8>().ok())
                        .map(|x| x >= need)
                        .unwrap_or(false)
                })
        }
    }
}

/// The units a movement rule would move now, if its condition holds.
fn group(
    battle: &Battle,
    pack: &Pack,
    side: Side,
    r: &MoveRule,
    n: u8,
    max: u8,
) -> Option<Advance> {
    let from = Place::parse(pack, side, &r.from, "plan").ok()?;
    let to = Place::parse(pack, side, &r.to, "plan").ok()?;
    match &r.when {
        When::TargetEmpty if battle.occupant(&to).is_some() => return None,
        When::RoundAtLeast(k) if n < *k => return None,
        _ => {}
    }
    let mut ids: Vec<(u8, String)> = battle
        .units_at(side, &from)
        .into_iter()
        .filter(|u| !battle.is_engaged(&u.id) && fits(pack, kind(pack, u), r.units))
        .map(|u| (u8::MAX - strength(pack, u).attack, u.id.clone()))
        .collect();
    ids.sort();
    let limit = r.count.unwrap_or(max).min(max) as usize;
    let units: Vec<String> = ids.into_iter().take(limit).map(|x| x.1).collect();
    if units.is_empty() {
        return None;
    }
    Some(Advance {
        units,
        to: r.to.clone(),
    })
}
