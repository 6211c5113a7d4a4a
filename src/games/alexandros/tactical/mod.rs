//! The Tactical Display (Alexandros 9.3, 10.0–10.20): a battle between two armies of at least
//! three units, fought by email one step at a time — Persian set-up, Macedonian set-up, then up
//! to ten rounds of Macedonian and Persian half-rounds (rally, movement, combat) — ending by
//! the death or capture of a commander, the elimination of a side, a Breakthrough or nightfall,
//! followed by pursuit. The strategic game hands a [`BattleSetup`] in and takes a
//! [`BattleResult`] back. Box layout and rule figures come from `board.yaml`, tables from
//! `tables.yaml`, strengths from `counters.yaml`.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::data::counters::Side;
use super::data::Pack;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, PendingKind, RuleError};

pub mod attacks;
pub mod board;
pub mod combat;
pub mod end;
pub mod evasion;
pub mod leader_moves;
pub mod leaders;
pub mod missile;
pub mod orders;
pub mod pairing;
pub mod plan;
pub mod pursuit;
pub mod rally;
pub mod retreat;
pub mod round;
pub mod setup;
pub mod template;
pub mod view;

pub use board::{Line, Place};
pub use orders::{
    Advance, Attack, BattleOrders, Duel, FirePolicy, LeaderMove, LineChange, Placement,
};
pub use plan::BattlePlan;

/// Optional rule: both sides deploy secretly and at once (Alexandros 10.3 design note).
pub const OPT_SIMULTANEOUS: &str = "simultaneous-deployment";
/// Optional rule: light infantry fire once per battle when attacked (Alexandros 10.14).
pub const OPT_LIGHT_INFANTRY_FIRE: &str = "light-infantry-defensive-fire";
/// Optional rule: a unit attacked from a second box shifts the odds (Alexandros 10.15).
pub const OPT_FLANK_SHIFT: &str = "flank-odds-shift";

/// One army handed to the battle by the strategic game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Force {
    /// Macedonian or Persian (Greek Mercenaries fight for the force holding them).
    pub side: Side,
    /// Units: code and steps now (1 = one step left).
    pub units: Vec<(String /*unit code*/, u8 /*steps now*/)>,
    /// Leaders: name and whether wounded.
    pub leaders: Vec<(String, bool /*wounded*/)>,
}

/// What the strategic game hands over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleSetup {
    /// Province of the battle.
    pub province: String,
    /// The Macedonian army.
    pub macedonian: Force,
    /// The Persian army.
    pub persian: Force,
    /// The campaign's first battle (Granicus).
    pub first_battle: bool,
}

/// What the strategic game takes back.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleResult {
    /// Winner; None at nightfall (Alexandros 10.19).
    pub winner: Option<Side>,
    /// Steps lost per unit code (eliminated units included).
    pub steps_lost: BTreeMap<String, u8>,
    /// Unit codes eliminated.
    pub eliminated: Vec<String>,
    /// Leaders killed (Alexandros 10.16).
    pub leaders_killed: Vec<String>,
    /// Leaders wounded in this battle.
    pub leaders_wounded: Vec<String>,
    /// Leaders captured (Alexandros 10.16, 10.19).
    pub leaders_captured: Vec<String>,
    /// The side whose survivors retreat (Alexandros 10.20, digest A-75).
    pub loser_must_retreat: Option<Side>,
    /// Alexander killed or captured: the game ends (Alexandros 10.19).
    pub alexander_killed: bool,
    /// Darius routed, killed or captured (Alexandros 15.2).
    pub darius_routed_or_lost: bool,
    /// The battle ended at nightfall (Alexandros 10.19).
    pub nightfall: bool,
}

/// A unit on the display. A Persian two-unit stack (10.7) has two codes, one step each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BUnit {
    /// The unit's identifier: its (first) code.
    pub id: String,
    /// Counter codes (two for a stack).
    pub codes: Vec<String>,
    /// Owner.
    pub side: Side,
    /// Steps left.
    pub steps: u8,
    /// Where it stands.
    pub place: Place,
    /// First or second line (battle-line boxes only; First elsewhere).
    pub line: Line,
}

/// What became of a leader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fate {
    /// On the display.
    Active,
    /// Killed (KIA).
    Killed,
    /// Captured alone in a box (10.16).
    Captured,
}

/// A leader on the display (Alexandros 10.7, 10.16).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BLeader {
    /// Name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// On his wounded side.
    pub wounded: bool,
    /// Wounded during this battle.
    pub wounded_here: bool,
    /// Unit he is stacked with (None: alone in `place`).
    pub with: Option<String>,
    /// Where he stands when alone.
    pub place: Place,
    /// Alive, killed, captured.
    pub fate: Fate,
}

/// Two units locked by an Eng result (Alexandros 10.12).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Engagement {
    /// The unit that attacked.
    pub attacker: String,
    /// The unit that defended: it must attack back next round.
    pub defender: String,
    /// The round of the Eng result.
    pub round: u8,
}

/// A side's standing choices during a battle, kept until changed: from its own orders, or
/// from its battle plan when the other side acts (Alexandros 10.5, 10.6, 10.12, 10.16).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choices {
    /// Leaders to take part first where several share a box (10.16).
    #[serde(default)]
    pub leaders_first: Vec<String>,
    /// Second-line units to step forward first into an emptied first line (10.6).
    #[serde(default)]
    pub refill: Vec<String>,
    /// Units of the own Reserve to defend it first (10.5).
    #[serde(default)]
    pub reserve_defenders: Vec<String>,
    /// Units a leader joins first when his unit is destroyed (10.12 AL).
    #[serde(default)]
    pub rejoin: Vec<String>,
    /// Own boxes a rallied unit goes to first when the enemy holds the own Reserve (10.18).
    /// Left out of the saved state when empty (states saved before it read the same).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rally_into: Vec<String>,
}

impl Choices {
    /// Takes every list the orders give; a list left out keeps the earlier choice.
    pub fn update(
        &mut self,
        leaders_first: &[String],
        refill: &[String],
        reserve: &[String],
        rejoin: &[String],
        rally_into: &[String],
    ) {
        for (mine, new) in [
            (&mut self.leaders_first, leaders_first),
            (&mut self.refill, refill),
            (&mut self.reserve_defenders, reserve),
            (&mut self.rejoin, rejoin),
            (&mut self.rally_into, rally_into),
        ] {
            if !new.is_empty() {
                *mine = new.to_vec();
            }
        }
    }
}

/// Where the battle stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// A side places its army (Alexandros 10.3).
    Setup(Side),
    /// Half-round of a side (Alexandros 10.2).
    Round(u8, Side),
    /// The battle is over.
    Over,
}

/// A battle on the Tactical Display. Pure state: every die comes through [`Battle::apply`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    /// Province of the battle.
    pub province: String,
    /// Optional rules in force.
    pub options: Vec<String>,
    /// The campaign's first battle.
    pub first_battle: bool,
    /// Armies as handed over (for set-up and the result).
    pub forces: BTreeMap<Side, Force>,
    /// Each army's commander (Alexandros 10.19; digest A-38).
    pub commanders: BTreeMap<Side, String>,
    /// Units on the display (eliminated units removed).
    pub units: Vec<BUnit>,
    /// Leaders.
    pub leaders: Vec<BLeader>,
    /// Current step.
    pub phase: Phase,
    /// Places with no units at the start of the round (Alexandros 10.9).
    pub vacant_at_start: Vec<Place>,
    /// Routed units stacked with a leader at the start of the round (Alexandros 10.18).
    pub may_rally: Vec<String>,
    /// Units that advanced this round and may not attack (Alexandros 10.9).
    pub no_attack: BTreeSet<String>,
    /// Eng results waiting for the return attack (Alexandros 10.12).
    pub engaged: Vec<Engagement>,
    /// The one leader taking part per box this round: `side|place` → leader (10.16).
    pub box_leader: BTreeMap<String, String>,
    /// Leaders whose unit was destroyed this combat phase: they sit out the rest of it
    /// (Alexandros 10.12 AL).
    #[serde(default)]
    pub sat_out: BTreeSet<String>,
    /// Boxes already attacked this combat phase: later attacks on them are flank or rear
    /// attacks and may reach the second line (Alexandros 10.15).
    #[serde(default)]
    pub boxes_attacked: BTreeSet<Place>,
    /// Attacks received this combat phase, per defending unit (Alexandros 10.15).
    pub attacked: BTreeMap<String, u8>,
    /// Boxes that attacked each defending unit this combat phase (10.15 optional shift).
    pub attacked_from: BTreeMap<String, BTreeSet<String>>,
    /// Archers' defensive fire choice per side (Alexandros 10.14).
    pub fire: BTreeMap<Side, FirePolicy>,
    /// Routed units each side gives up first to a pursuit (Alexandros 10.20).
    pub pursuit_losses: BTreeMap<Side, Vec<String>>,
    /// Sides that decline to pursue if they win (Alexandros 10.20).
    #[serde(default)]
    pub no_pursuit: BTreeSet<Side>,
    /// Light infantry that used their one defensive fire (10.14 optional).
    pub fired_once: BTreeSet<String>,
    /// Each side's standing choices (10.5, 10.6, 10.12, 10.16).
    #[serde(default)]
    pub choices: BTreeMap<Side, Choices>,
    /// Steps lost per code.
    pub steps_lost: BTreeMap<String, u8>,
    /// Codes eliminated.
    pub eliminated: Vec<String>,
    /// How the battle is ending, once an end condition is met (Alexandros 10.19).
    pub ending: Option<end::End>,
    /// Set when the battle ends.
    pub result: Option<BattleResult>,
}

impl Battle {
    /// Starts a battle: Persian set-up pending (Alexandros 10.2, 10.3). The commander of each
    /// army is Alexander, Darius or Bessus when present, else its highest-rated leader (10.19).
    pub fn new(pack: &Pack, setup: BattleSetup, options: &[String]) -> Battle {
        let mut forces = BTreeMap::new();
        let mut leaders = Vec::new();
        let mut commanders = BTreeMap::new();
        for f in [setup.macedonian, setup.persian] {
            let side = f.side;
            for (name, wounded) in &f.leaders {
                leaders.push(BLeader {
                    name: name.clone(),
                    side,
                    wounded: *wounded,
                    wounded_here: false,
                    with: None,
                    place: Place::new(side, "Reserve"),
                    fate: Fate::Active,
                });
            }
            if let Some(c) = leaders::commander_of(pack, &f) {
                commanders.insert(side, c);
            }
            forces.insert(side, f);
        }
        Battle {
            province: setup.province,
            options: options.to_vec(),
            first_battle: setup.first_battle,
            forces,
            commanders,
            units: Vec::new(),
            leaders,
            phase: Phase::Setup(Side::Persian),
            vacant_at_start: Vec::new(),
            may_rally: Vec::new(),
            no_attack: BTreeSet::new(),
            engaged: Vec::new(),
            box_leader: BTreeMap::new(),
            sat_out: BTreeSet::new(),
            boxes_attacked: BTreeSet::new(),
            attacked: BTreeMap::new(),
            attacked_from: BTreeMap::new(),
            fire: BTreeMap::new(),
            pursuit_losses: BTreeMap::new(),
            no_pursuit: BTreeSet::new(),
            fired_once: BTreeSet::new(),
            choices: BTreeMap::new(),
            steps_lost: BTreeMap::new(),
            eliminated: Vec::new(),
            ending: None,
            result: None,
        }
    }

    /// Whether an optional rule is in force.
    pub fn option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o == name)
    }

    /// Who must act next: side, step suffix (`persian-setup`, `round-3/macedonian`), kind and
    /// prompt. None when the battle is over.
    pub fn pending(&self) -> Option<(Side, String, PendingKind, String)> {
        match &self.phase {
            Phase::Over => None,
            Phase::Setup(side) => {
                let kind = if self.option(OPT_SIMULTANEOUS) {
                    PendingKind::Sealed
                } else {
                    PendingKind::Orders
                };
                Some((
                    *side,
                    format!("{}-setup", side_name(*side)),
                    kind,
                    format!(
                        "{} set-up on the Tactical Display at {} (Alexandros 10.3)",
                        side_title(*side),
                        self.province
                    ),
                ))
            }
            Phase::Round(n, side) => Some((
                *side,
                format!("round-{n}/{}", side_name(*side)),
                PendingKind::Orders,
                format!(
                    "round {n} at {}: {} rally, movement and combat (Alexandros 10.2)",
                    self.province,
                    side_title(*side)
                ),
            )),
        }
    }

    /// Validates and resolves one side's orders for the pending step, drawing dice only after
    /// every order has been checked. `plan` holds the standing orders of the side *not*
    /// acting, for its choices during this step (defensive fire 10.14, pursuit losses 10.20);
    /// without it, the choices that side last sent in its orders apply.
    pub fn apply(
        &mut self,
        pack: &Pack,
        side: Side,
        orders: &BattleOrders,
        plan: Option<&BattlePlan>,
        dice: &mut Dice,
    ) -> Result<Vec<Event>, RuleError> {
        let Some((want, step, _, _)) = self.pending() else {
            return Err(RuleError::illegal(
                "battle",
                "Alexandros 10.19",
                "the battle is over",
            ));
        };
        if want != side {
            return Err(RuleError::illegal(
                step,
                "Alexandros 10.2",
                format!("it is the {} player's step", side_name(want)),
            ));
        }
        if let Some(p) = plan {
            let other = other(side);
            self.fire.insert(other, p.defensive_fire);
            if !p.pursuit_losses.is_empty() {
                self.pursuit_losses.insert(other, p.pursuit_losses.clone());
            }
            match p.pursue {
                Some(false) => {
                    self.no_pursuit.insert(other);
                }
                Some(true) => {
                    self.no_pursuit.remove(&other);
                }
                None => {}
            }
            self.choices.entry(other).or_default().update(
                &p.leaders_first,
                &p.refill,
                &p.reserve_defenders,
                &p.rejoin,
                &p.rally_into,
            );
        }
        match self.phase.clone() {
            Phase::Setup(_) => {
                let ev = self.apply_setup(pack, side, orders)?;
                self.choices.entry(side).or_default().update(
                    &orders.leaders_first,
                    &orders.refill,
                    &orders.reserve_defenders,
                    &orders.rejoin,
                    &orders.rally_into,
                );
                Ok(ev)
            }
            Phase::Round(n, _) => self.apply_half_round(pack, n, side, orders, dice),
            Phase::Over => unreachable!("checked above"),
        }
    }

    /// The outcome, once the battle is over.
    pub fn result(&self) -> Option<BattleResult> {
        self.result.clone()
    }

    /// A unit on the display by id.
    pub fn unit(&self, id: &str) -> Option<&BUnit> {
        self.units.iter().find(|u| u.id == id)
    }

    /// A leader by name.
    pub fn leader(&self, name: &str) -> Option<&BLeader> {
        self.leaders.iter().find(|l| l.name == name)
    }

    /// Current round (0 during set-up).
    pub fn round(&self) -> u8 {
        match self.phase {
            Phase::Round(n, _) => n,
            _ => 0,
        }
    }
}

/// The other side of a battle.
pub fn other(side: Side) -> Side {
    match side {
        Side::Macedonian => Side::Persian,
        _ => Side::Macedonian,
    }
}

/// `macedonian` / `persian`.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Macedonian => "macedonian",
        Side::Persian => "persian",
        Side::Mercenary => "mercenary",
    }
}

pub(crate) fn side_title(side: Side) -> &'static str {
    match side {
        Side::Macedonian => "Macedonian",
        Side::Persian => "Persian",
        Side::Mercenary => "Mercenary",
    }
}
