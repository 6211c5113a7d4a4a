//! The YAML order types of an Alexandros order file (the `orders:` and `standing:` parts).
//! Identifiers are the pack's keys as strings: province and city names, unit codes, leader names.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::tactical::{BattleOrders, BattlePlan};

/// Orders for the pending step. Only the parts the step uses may be given.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    /// Set-up (3.3): province of Darius and the "D" units (Susiana, Persis or Babylonia).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub darius: Option<String>,
    /// Reinforcements (13.1): unit code or leader name → province (controlled, not contested).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub reinforcements: BTreeMap<String, String>,
    /// Replacements (12.3, 12.4): steps bought for units.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replacements: Vec<Replacement>,
    /// New wall markers (12.5): one city per marker (repeat a city to buy several).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walls: Vec<String>,
    /// City garrison units leaving their city for the field before moving (11.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leave_city: Vec<String>,
    /// Leader moves (8.1, 8.4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<Move>,
    /// Optional Scorched Earth (17.1): provinces the Persian lays waste at the next Supply Phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scorch: Vec<String>,
    /// Barbarian and Arab raiders moving without a leader (14.3): one province each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub raiders: Vec<RaiderMove>,
    /// Units entering a city as its garrison after moving: unit code → city (6.2, 11.2).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub garrison: BTreeMap<String, String>,
    /// Sieges for this turn's Siege Phase (11.1): city → the leader leading it (with every
    /// infantry unit and the Siege Train of his force not named for another siege), or
    /// `{leaders: [..], units: [..]}` saying which leaders and units besiege it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sieges: BTreeMap<String, SiegeOrder>,
    /// Optional City Surrender (17.5): cities to roll for instead of besieging them this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub surrender_rolls: Vec<String>,
    /// An answer to a decision in the middle of resolution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
    /// Orders for a step of a battle on the Tactical Display.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<BattleOrders>,
}

/// One siege declared (Alexandros 11.1, 11.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum SiegeOrder {
    /// The leader leading the siege; the units are every infantry unit and the Siege Train of
    /// his force not named for another siege.
    Leader(String),
    /// The leaders and units taking part.
    Force(SiegeForce),
}

/// The leaders and units of one siege (11.1: each unit in one siege only; 11.3: each leader
/// adds 1 while there is an infantry unit for each).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SiegeForce {
    /// Leaders taking part; the first leads the siege (not a "0" leader, 11.1) and is the
    /// first to roll on the Leader Casualty Table when the attacker loses steps (11.4).
    pub leaders: Vec<String>,
    /// Infantry units and the Siege Train besieging; empty means every infantry unit and the
    /// Siege Train of the force not named for another siege.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub units: Vec<String>,
}

impl SiegeOrder {
    /// The leaders, in order (the first leads).
    pub fn leaders(&self) -> Vec<String> {
        match self {
            SiegeOrder::Leader(l) => vec![l.clone()],
            SiegeOrder::Force(f) => f.leaders.clone(),
        }
    }
    /// The units named, if any (empty: the rest of the force).
    pub fn units(&self) -> Vec<String> {
        match self {
            SiegeOrder::Leader(_) => Vec::new(),
            SiegeOrder::Force(f) => f.units.clone(),
        }
    }
}

/// Which loss the besieged side takes first from a siege result (11.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SiegeLossPolicy {
    /// Lose wall markers first, then garrison steps.
    WallsFirst,
    /// Lose garrison steps first, then wall markers.
    GarrisonFirst,
}

/// Steps bought for one unit (12.2–12.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Replacement {
    /// Unit code.
    pub unit: String,
    /// Steps bought (at least 1).
    pub steps: u8,
    /// Province to place a rebuilt unit (12.4); omitted for a unit on the map (12.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub province: Option<String>,
}

/// One leader's move (8.1), or Alexander's forced march (8.4) when `via` is given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Move {
    /// The leader moving.
    pub leader: String,
    /// Destination province.
    pub to: String,
    /// Units moving with him (they must start the turn with him, 8.1); `[all]` for every
    /// unit that may.
    #[serde(default)]
    pub units: Vec<String>,
    /// Forced march (Alexander only, 8.4): the province passed through.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via: Option<String>,
    /// Forced march: units left in the province passed through (8.4, 8.5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drop: Vec<String>,
    /// Forced march: units picked up in the province passed through (8.4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pick_up: Vec<String>,
}

/// Raiders moving together without a leader (14.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RaiderMove {
    /// Raider units, all in one province.
    pub units: Vec<String>,
    /// Adjacent destination province.
    pub to: String,
}

/// An answer to a decision (minor combat 9.2, 9.5).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    /// Attempt evasion (9.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evade: Option<bool>,
    /// Units to take step losses from, in order (9.5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losses: Vec<String>,
    /// Retreat destination after EX or DL, or `stay` (9.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat_to: Option<String>,
    /// Sortie against the besieging Siege Train (11.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sortie: Option<bool>,
}

/// When to try to evade a minor combat (9.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EvadePolicy {
    /// Always try when allowed.
    Always,
    /// Never try.
    Never,
    /// Try when the attacker has more combat units.
    WhenOutnumbered,
}

/// When to sortie against a Siege Train (11.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SortiePolicy {
    /// Always sortie when allowed.
    Always,
    /// Never sortie.
    Never,
}

/// Standing orders: answers to decisions the opponent's resolution may ask for, kept until
/// changed. A new `standing:` block merges with the earlier one key by key (each key given
/// replaces that key whole — a battle plan is one key —, `key: ~` removes it, a key left out
/// stays). Anything not set is asked for (the game waits for a decision).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// Minor-combat evasion (9.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evade_minor_combat: Option<EvadePolicy>,
    /// Step losses (9.5, 11.4; also 7.4 attrition): unit codes in the order to take them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub losses: Option<Vec<String>>,
    /// Retreat and evasion destinations: from province → to province, or `stay` (9.2, 9.5, 10.20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat_to: Option<BTreeMap<String, String>>,
    /// Sortie against a besieging Siege Train (11.5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sortie: Option<SortiePolicy>,
    /// Sea supply (7.5): army's province → supplying province.
    #[serde(
        default,
        deserialize_with = "null_as_empty",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub sea_supply: BTreeMap<String, String>,
    /// Evasion before a battle on the Tactical Display (9.3): battle province → province to
    /// evade into, or `any` (the first open one). Provinces not named: no evasion attempt.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub evade_battle: BTreeMap<String, String>,
    /// Siege losses of a besieged city: walls or garrison steps first (11.4). Not given:
    /// walls first, reported as a default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub siege_losses: Option<SiegeLossPolicy>,
    /// Where Bessus becomes Great King when Darius leaves the board (15.6): provinces (or
    /// cities) in order of preference; the first allowed is used. Not given (or none allowed):
    /// with the largest Persian army, reported as a default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bessus: Vec<String>,
    /// Units a mutiny withdraws first (17.4), in order; units not named (or too few): the
    /// weakest by attack, reported as a default.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mutiny_withdrawals: Vec<String>,
    /// Standing plan for battles on the Tactical Display.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle_plan: Option<BattlePlan>,
}

/// `sea_supply: ~` reads as no sea supply (the key removed from the standing orders).
fn null_as_empty<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    Ok(Option::<BTreeMap<String, String>>::deserialize(d)?.unwrap_or_default())
}

/// What standing orders `st` of `side` will do in the coming steps, one line a rule they set
/// (Alexandros 7.4, 7.5, 9.2, 9.5, 10, 11.4, 11.5), then the decisions they leave to be asked.
pub fn describe_standing(state: &super::state::State, st: &Standing) -> Vec<String> {
    use super::state::Place;
    let mut out = Vec::new();
    let mut asked = Vec::new();
    match st.evade_minor_combat {
        Some(EvadePolicy::Always) => out.push(
            "evade_minor_combat: always — an army of yours attacked in minor combat tries to evade whenever it may (9.2)".to_string(),
        ),
        Some(EvadePolicy::Never) => out.push(
            "evade_minor_combat: never — an army of yours attacked in minor combat stands and fights (9.2)".to_string(),
        ),
        Some(EvadePolicy::WhenOutnumbered) => out.push(
            "evade_minor_combat: when_outnumbered — an army of yours attacked in minor combat tries to evade when the attacker has more units, and otherwise fights (9.2)".to_string(),
        ),
        None => asked.push("whether to evade a minor combat (9.2)"),
    }
    match &st.losses {
        Some(order) if !order.is_empty() => {
            let gone: Vec<&str> = order
                .iter()
                .filter(|u| {
                    state
                        .units
                        .get(*u)
                        .is_none_or(|x| matches!(x.place, Place::Pool | Place::Removed))
                })
                .map(String::as_str)
                .collect();
            let mut l = format!(
                "losses: a step lost to attrition, minor combat or a siege is taken from the first of {} in the force hit; when none of them is, you are asked (7.4, 9.5, 11.4)",
                order.join(", ")
            );
            if !gone.is_empty() {
                l.push_str(&format!("; not on the map now: {}", gone.join(", ")));
            }
            out.push(l);
        }
        _ => asked.push("which unit takes a step loss (7.4, 9.5, 11.4)"),
    }
    match &st.retreat_to {
        Some(r) if !r.is_empty() => {
            let routes: Vec<String> = r
                .iter()
                .map(|(from, to)| {
                    if to == "stay" {
                        format!("in {from} stay")
                    } else {
                        format!("from {from} to {to}")
                    }
                })
                .collect();
            out.push(format!(
                "retreat_to: a retreat or evasion goes {} where the rules allow; from elsewhere you are asked (9.2, 9.5, 10.20)",
                routes.join("; ")
            ));
        }
        _ => asked.push("where to retreat or evade (9.2, 9.5, 10.20)"),
    }
    match st.sortie {
        Some(SortiePolicy::Always) => out.push(
            "sortie: always — a besieged garrison of yours sorties against the Siege Train whenever it may (11.5)".to_string(),
        ),
        Some(SortiePolicy::Never) => out.push(
            "sortie: never — a besieged garrison of yours never sorties (11.5)".to_string(),
        ),
        None => asked.push("whether a besieged garrison sorties (11.5)"),
    }
    if !st.sea_supply.is_empty() {
        let routes: Vec<String> = st
            .sea_supply
            .iter()
            .map(|(army, from)| format!("the army in {army} from {from}"))
            .collect();
        out.push(format!(
            "sea_supply: at each Supply Phase {} draws supply by sea, when the sea route is open (7.5)",
            routes.join(", ")
        ));
    }
    match &st.battle_plan {
        Some(plan) => {
            let mut parts = vec![
                format!(
                    "set-up {}",
                    if plan.setup.is_some() {
                        "given"
                    } else {
                        "asked of you"
                    }
                ),
                format!(
                    "rally: {}",
                    match plan.rally {
                        super::tactical::plan::RallyPolicy::AllLeaders =>
                            "every routed unit with a leader",
                        super::tactical::plan::RallyPolicy::None => "none",
                    }
                ),
                format!(
                    "defensive fire: {}",
                    match plan.defensive_fire {
                        super::tactical::FirePolicy::Always => "always",
                        super::tactical::FirePolicy::Never => "never",
                    }
                ),
            ];
            for (n, what) in [
                (plan.advance.len(), "advance rule"),
                (plan.moves.len(), "move rule"),
                (plan.attack_from.len(), "attack rule"),
            ] {
                if n > 0 {
                    parts.push(crate::view::count(n, what));
                }
            }
            if !plan.pursuit_losses.is_empty() {
                parts.push(format!(
                    "pursuit losses first from {}",
                    plan.pursuit_losses.join(", ")
                ));
            }
            if !plan.ask_me.is_empty() {
                parts.push(format!("{} kept for you to decide", plan.ask_me.len()));
            }
            out.push(format!(
                "battle_plan: fights your battles on the Tactical Display round by round — {} (10)",
                parts.join("; ")
            ));
        }
        None => asked.push("every battle's set-up and orders on the Tactical Display (10)"),
    }
    if !asked.is_empty() {
        out.push(format!(
            "not set, so asked of you when it comes up: {}",
            asked.join("; ")
        ));
    }
    out
}
