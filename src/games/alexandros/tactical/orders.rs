//! One side's orders for its current step of a battle (set-up, or a half-round of rally,
//! movement and combat). Identifiers are strings: unit codes of `counters.yaml`, leader names,
//! and places: a box name (`Center`, `LeftOutflank`…) for the side's own display, or
//! `enemy Center` for a box of the opposing army (Alexandros 10.4).

use serde::{Deserialize, Serialize};

/// Orders of one side for one step. Set-up uses `placements` and `pairs`; a half-round uses
/// the rest. Every list may be left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BattleOrders {
    /// Set-up (Alexandros 10.3): units in placement order, each with its box, line and leader.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub placements: Vec<Placement>,
    /// Set-up or movement phase (Alexandros 10.7): Persian two-unit stacks of units sharing a
    /// box with a leader; the first code names the stack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pairs: Vec<Vec<String>>,
    /// Rally phase (Alexandros 10.18): routed units (codes) that try to rally.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rally: Vec<String>,
    /// Movement phase (Alexandros 10.6): units changing between first and second line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<LineChange>,
    /// Movement phase (Alexandros 10.9): advances into boxes empty since the round began.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub advances: Vec<Advance>,
    /// Movement phase (Alexandros 10.8): the one tactical move (not in round 1).
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    pub tactical_move: Option<Advance>,
    /// Movement phase (Alexandros 10.7, 10.16; ruling R-16): leaders re-attached to another
    /// unit, or moving alone, after the units have moved.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<LeaderMove>,
    /// Combat phase (Alexandros 10.10–10.15): the boxes that attack, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attacks: Vec<Attack>,
    /// Standing choice for this side's archers when attacked (Alexandros 10.14): `always`
    /// (default) or `never`. Kept until changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defensive_fire: Option<FirePolicy>,
    /// Standing choice (Alexandros 10.20): own routed units to give up first to a pursuit.
    /// Kept until changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pursuit_losses: Vec<String>,
    /// Standing choice (Alexandros 10.20): `false` declines the pursuit if this side wins;
    /// not given: the winner pursues. Kept until changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pursue: Option<bool>,
    /// Standing choice (Alexandros 10.16): leaders in the order this side wants them to take
    /// part when several share a box (the one leader per box per round); an attack's own
    /// `leader` comes first. Not given: the highest-rated, reported as a default. Kept until
    /// changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders_first: Vec<String>,
    /// Standing choice (Alexandros 10.6): second-line units to step forward first when a first
    /// line is emptied (in either side's half-round). Not given: the strongest in defence,
    /// reported as a default. Kept until changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refill: Vec<String>,
    /// Standing choice (Alexandros 10.5): the units of the own Reserve that defend it (four at
    /// most engage), first named first. Not given: the strongest in defence, reported as a
    /// default. Kept until changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reserve_defenders: Vec<String>,
    /// Standing choice (Alexandros 10.12 AL): units a leader joins first when his own unit is
    /// destroyed (a leaderless unit of the same box). Not given: the strongest in defence,
    /// reported as a default. Kept until changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rejoin: Vec<String>,
    /// Standing choice (Alexandros 10.18): own boxes (`Center`, `Left`, `Right`,
    /// `LeftOutflank`, `RightOutflank`) a rallied unit goes to first when the enemy holds the
    /// own Reserve. Not given: Center, Left, Right, then the outflanks, reported as a default.
    /// Kept until changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rally_into: Vec<String>,
}

/// A leader's move in the movement phase (Alexandros 10.7, 10.16; ruling R-16): to a
/// leaderless unit (`unit`) of his box or of a box joined to it, or alone (`to`) into a box
/// joined to his that holds no enemy unit. Not in the first round, except within his box.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaderMove {
    /// The leader's name.
    pub leader: String,
    /// The unit he stacks with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    /// The place he goes to alone (`Reserve`, `enemy Center`…).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
}

/// A set-up placement (Alexandros 10.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// Unit code (the first code of a pair).
    pub unit: String,
    /// `Left`, `Center`, `Right` or `Reserve`.
    #[serde(rename = "box")]
    pub into: String,
    /// `first` or `second` line of a battle-line box; default: first while it has room.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    /// Leader stacked with the unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<String>,
}

/// Moving a unit between the lines of its battle-line box (Alexandros 10.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LineChange {
    /// Unit code.
    pub unit: String,
    /// `first` or `second`.
    pub to: String,
}

/// Units going from the one box they share into another (advance 10.9, tactical move 10.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Advance {
    /// Unit codes, all in the same box.
    pub units: Vec<String>,
    /// Destination place (`Reserve`, `enemy Center`…).
    pub to: String,
}

/// One attacking box (Alexandros 10.10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// The attacking place (`Center`, `enemy Center`…).
    pub from: String,
    /// The attacked place; default: the enemy box the attacking box faces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub into: Option<String>,
    /// Preferred pairing, in order; the rest is paired by default (strongest first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub duels: Vec<Duel>,
    /// The one leader of the attacking box who takes part this round (Alexandros 10.16),
    /// stacked with a unit of the box. Not given: the side's `leaders_first`, else the
    /// highest-rated (reported as a default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<String>,
}

/// One attacker against one defender (Alexandros 10.10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Duel {
    /// Attacking unit code.
    pub attacker: String,
    /// Defending unit code.
    pub defender: String,
}

/// Whether archers fire when attacked (Alexandros 10.14).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum FirePolicy {
    /// Fire whenever allowed.
    #[default]
    Always,
    /// Never fire.
    Never,
}
