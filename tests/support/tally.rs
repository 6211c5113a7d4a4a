//! "Tally": a tiny two-sided dice game defined in the tests to drive the
//! engine through every protocol feature: sealed bids (commit/reveal), orders
//! whose dice wait for the opponent's reveal, a decision in the middle of
//! resolution (suspension) and standing orders that answer it in advance.
//!
//! Rules (section numbers are this test game's own):
//! - T1 Each turn both sides bid 0–3 in secret; the higher bid attacks first (ties: red).
//! - T2 An attack rolls 1–3 d6; each die of at least `hit_on` (scenario data) is a hit.
//! - T3 If the attack hits, the defender blocks or takes it: a block rolls a d6 and
//!   succeeds on 4+; a hit that is taken (or a failed block) scores the hits for the attacker.
//!   Standing orders `auto: block|take` answer without asking; otherwise the game suspends.
//! - T4 After `turns` turns the game is over.
//!
//! Scenario `duel` is red against blue; scenario `trio` adds green, for the three-player
//! `mutual` dice: the bids order all three attacks (ties in the order red, blue, green) and
//! each side attacks the next one in that ring (red → blue → green → red).

use std::collections::BTreeMap;

use legatus::protocol::dice::Dice;
use legatus::ruleset::{
    Context, DataOverride, Event, Pending, PendingKind, RuleError, Ruleset, ScenarioInfo,
    SetupError, Submission,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub struct Tally;

#[derive(Clone, Serialize, Deserialize, JsonSchema, Debug)]
#[serde(deny_unknown_fields)]
pub struct TallyOrders {
    /// T1 bid (sealed step).
    #[serde(default)]
    pub bid: Option<u32>,
    /// T2 attack dice.
    #[serde(default)]
    pub dice: Option<u32>,
    /// T3 decision: block or take.
    #[serde(default)]
    pub answer: Option<String>,
}

#[derive(Clone, Serialize, Deserialize, JsonSchema, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct TallyStanding {
    /// block, take or ask.
    pub auto: String,
}

#[derive(Clone, Serialize, Deserialize, Debug, PartialEq)]
pub enum Phase {
    Bid,
    Attack {
        order: Vec<String>,
    },
    Decide {
        attacker: String,
        defender: String,
        hits: u32,
        rest: Vec<String>,
    },
    Over,
}

#[derive(Clone, Serialize, Deserialize, Debug)]
pub struct TallyState {
    pub turn: u32,
    pub turns: u32,
    pub hit_on: u32,
    pub scores: BTreeMap<String, u32>,
    pub phase: Phase,
}

/// The sides in play, in ring order (red, blue, green).
fn ring(s: &TallyState) -> Vec<String> {
    ["red", "blue", "green"]
        .into_iter()
        .filter(|x| s.scores.contains_key(*x))
        .map(String::from)
        .collect()
}

/// The side `side` attacks: the next in the ring (in a duel, the other side).
fn other(s: &TallyState, side: &str) -> String {
    let r = ring(s);
    let i = r.iter().position(|x| x == side).unwrap_or(0);
    r[(i + 1) % r.len()].clone()
}

impl Tally {
    fn after_attack(state: &mut TallyState, rest: Vec<String>) {
        if rest.is_empty() {
            if state.turn == state.turns {
                state.phase = Phase::Over;
            } else {
                state.turn += 1;
                state.phase = Phase::Bid;
            }
        } else {
            state.phase = Phase::Attack { order: rest };
        }
    }

    fn settle(
        state: &mut TallyState,
        attacker: &str,
        defender: &str,
        hits: u32,
        block: bool,
        dice: &mut Dice,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if block {
            let d = dice
                .roll_for(defender)
                .d6(&format!("{defender} blocks {hits} hits"), "Tally T3")?;
            if d >= 4 {
                ev.push(Event::new("Tally T3", format!("{defender} blocks ({d})")));
                return Ok(());
            }
            ev.push(Event::new(
                "Tally T3",
                format!("{defender} fails to block ({d})"),
            ));
        }
        *state.scores.get_mut(attacker).unwrap() += hits;
        ev.push(Event::new("Tally T3", format!("{attacker} scores {hits}")));
        Ok(())
    }
}

impl Ruleset for Tally {
    type State = TallyState;
    type Orders = TallyOrders;
    type Standing = TallyStanding;

    fn id(&self) -> &'static str {
        "tally"
    }
    fn version(&self) -> &'static str {
        "1"
    }
    fn title(&self) -> &'static str {
        "Tally (test game)"
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        vec![
            ScenarioInfo {
                id: "duel".into(),
                title: "Duel".into(),
                sides: vec!["red".into(), "blue".into()],
            },
            ScenarioInfo {
                id: "trio".into(),
                title: "Trio".into(),
                sides: vec!["red".into(), "blue".into(), "green".into()],
            },
        ]
    }
    fn load_scenario(
        &self,
        scenario: &str,
        overrides: &[DataOverride],
    ) -> Result<Value, SetupError> {
        if scenario != "duel" && scenario != "trio" {
            return Err(SetupError(format!("no scenario {scenario}")));
        }
        let mut data =
            serde_json::json!({"turns": 3, "hit_on": 4, "source": "provisional: test game"});
        for o in overrides {
            let v: Value =
                serde_saphyr::from_str(&o.text).map_err(|e| SetupError(e.to_string()))?;
            for (k, x) in v.as_object().cloned().unwrap_or_default() {
                data[k] = x;
            }
        }
        Ok(data)
    }
    fn provisional(&self, data: &Value) -> Vec<String> {
        vec![format!(
            "hit_on {}: {}",
            data["hit_on"],
            data["source"].as_str().unwrap_or("")
        )]
    }
    fn setup(
        &self,
        scenario: &str,
        data: &Value,
        _options: &[String],
    ) -> Result<TallyState, SetupError> {
        let mut scores = BTreeMap::from([("red".into(), 0), ("blue".into(), 0)]);
        if scenario == "trio" {
            scores.insert("green".into(), 0);
        }
        Ok(TallyState {
            turn: 1,
            turns: data["turns"].as_u64().unwrap_or(3) as u32,
            hit_on: data["hit_on"].as_u64().unwrap_or(4) as u32,
            scores,
            phase: Phase::Bid,
        })
    }
    fn pending(&self, s: &TallyState) -> Pending {
        let (step, kind, sides, prompt) = match &s.phase {
            Phase::Bid => (
                format!("turn-{}/bid", s.turn),
                PendingKind::Sealed,
                ring(s),
                "secret bids",
            ),
            Phase::Attack { order } => (
                format!("turn-{}/{}-attack", s.turn, order[0]),
                PendingKind::Orders,
                vec![order[0].clone()],
                "attack",
            ),
            Phase::Decide { defender, .. } => (
                format!("turn-{}/{}-decides", s.turn, defender),
                PendingKind::Decision,
                vec![defender.clone()],
                "block or take",
            ),
            Phase::Over => (
                "over".to_string(),
                PendingKind::GameOver,
                vec![],
                "game over",
            ),
        };
        Pending {
            step,
            kind,
            sides,
            prompt: prompt.into(),
            rule: "Tally T1".into(),
        }
    }
    fn apply(
        &self,
        s: &mut TallyState,
        ctx: &Context<'_, TallyStanding>,
        sub: &Submission<TallyOrders>,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        let mut ev = Vec::new();
        match s.phase.clone() {
            Phase::Bid => {
                let bid = |side: &str| -> Result<u32, RuleError> {
                    let b = sub.by[side].bid.ok_or_else(|| {
                        RuleError::illegal("bid", "Tally T1", "a bid is required")
                    })?;
                    if b > 3 {
                        return Err(RuleError::illegal(
                            format!("bid {b}"),
                            "Tally T1",
                            "bids are 0 to 3",
                        ));
                    }
                    Ok(b)
                };
                let mut bids = Vec::new();
                for side in ring(s) {
                    let b = bid(&side)?;
                    bids.push((side, b));
                }
                let words: Vec<String> = bids.iter().map(|(x, b)| format!("{x} {b}")).collect();
                // Highest bid first; a stable sort keeps ties in ring order (red first).
                let mut order = bids.clone();
                order.sort_by_key(|x| std::cmp::Reverse(x.1));
                let order: Vec<String> = order.into_iter().map(|(x, _)| x).collect();
                ev.push(Event::new(
                    "Tally T1",
                    format!("bids {}: {} attacks first", words.join(", "), order[0]),
                ));
                s.phase = Phase::Attack { order };
            }
            Phase::Attack { order } => {
                let attacker = order[0].clone();
                let n = sub.by[&attacker].dice.ok_or_else(|| {
                    RuleError::illegal("dice", "Tally T2", "say how many dice attack")
                })?;
                if !(1..=3).contains(&n) {
                    return Err(RuleError::illegal(
                        format!("dice {n}"),
                        "Tally T2",
                        "an attack rolls 1 to 3 dice",
                    ));
                }
                let mut hits = 0;
                for _ in 0..n {
                    let d = dice
                        .roll_for(&attacker)
                        .d6(&format!("{attacker} attack"), "Tally T2")?;
                    if d >= s.hit_on {
                        hits += 1;
                    }
                }
                ev.push(Event::new(
                    "Tally T2",
                    format!("{attacker} attacks with {n} dice: {hits} hits"),
                ));
                let rest: Vec<String> = order[1..].to_vec();
                let defender = other(s, &attacker);
                if hits == 0 {
                    Self::after_attack(s, rest);
                } else {
                    match ctx.standing.get(&defender).map(|x| x.auto.as_str()) {
                        Some("block") => {
                            Self::settle(s, &attacker, &defender, hits, true, dice, &mut ev)?;
                            Self::after_attack(s, rest);
                        }
                        Some("take") => {
                            Self::settle(s, &attacker, &defender, hits, false, dice, &mut ev)?;
                            Self::after_attack(s, rest);
                        }
                        _ => {
                            s.phase = Phase::Decide {
                                attacker,
                                defender,
                                hits,
                                rest,
                            }
                        }
                    }
                }
            }
            Phase::Decide {
                attacker,
                defender,
                hits,
                rest,
            } => {
                let a = sub.by[&defender].answer.clone().unwrap_or_default();
                let block = match a.as_str() {
                    "block" => true,
                    "take" => false,
                    _ => {
                        return Err(RuleError::illegal(
                            format!("answer {a:?}"),
                            "Tally T3",
                            "answer block or take",
                        ))
                    }
                };
                Self::settle(s, &attacker, &defender, hits, block, dice, &mut ev)?;
                Self::after_attack(s, rest);
            }
            Phase::Over => {
                return Err(RuleError::illegal("orders", "Tally T4", "the game is over"))
            }
        }
        Ok(ev)
    }
    fn template(&self, s: &TallyState, _side: &str) -> String {
        match &s.phase {
            Phase::Bid => "  bid: 2   # 0 to 3 (Tally T1)\n".into(),
            Phase::Attack { .. } => "  dice: 3  # 1 to 3 (Tally T2)\n".into(),
            Phase::Decide { .. } => "  answer: block  # block or take (Tally T3)\n".into(),
            Phase::Over => "  {}\n".into(),
        }
    }
    fn summary(&self, s: &TallyState) -> Vec<String> {
        let mut line = format!(
            "turn {} of {}: red {}, blue {}",
            s.turn, s.turns, s.scores["red"], s.scores["blue"]
        );
        if let Some(g) = s.scores.get("green") {
            line.push_str(&format!(", green {g}"));
        }
        vec![line]
    }
}
