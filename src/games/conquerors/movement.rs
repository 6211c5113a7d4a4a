//! Commander movement on the hex map, shared by The Romans and The Macedonians: a commander
//! traces his path hex by hex, paying each hex's cost from the game's `MoveCosts` (terrain,
//! hexside, road: `geo::movement`) out of his allowance, stopping where the rules stop him.
//! The numbers are the game's data; the rules cited are The Romans' (The Macedonians' [5.x]
//! say the same with a larger allowance).
//!
//! - Romans [5.12]: no hex he cannot pay for.
//! - [5.42]: no impassable hexside, no all-sea hex or hexside without transport.
//! - [5.25], [5.52]: an uncontrolled or enemy A/B city hex only as the last hex (to besiege).
//! - [5.22]: an enemy-occupied hex only with its cost plus the combat surcharge in hand.
//! - [5.8] and ruling AMB-28: declared Forced March hexes come after the allowance is spent,
//!   each hex whatever its cost.
//!
//! A game whose rules cite other sections walks with [`walk_cited`] and its own [`Cites`]; the
//! [`Occupancy`] it passes may close a road into a hex (Macedonians [5.44]) or set a hex's own
//! entry cost (the Cilician Gates, Macedonians [5.51]); [`Walk::road_steps`] counts the steps
//! paid at a road's rate (Macedonians [5.42]).

use crate::geo::{Board, Hex, MoveCosts, StepCost, StepError};

/// What the game state says of a hex a commander enters.
pub trait Occupancy {
    /// Enemy land units stand in the hex outside any city (Romans [5.22], [5.27]).
    fn enemy_outside(&self, h: Hex) -> bool;
    /// The hex holds an uncontrolled or enemy-controlled A or B city: its name (Romans [5.25]).
    fn closed_city(&self, h: Hex) -> Option<String>;
    /// No road's rate may be paid into `h` (Macedonians [5.44]: an enemy city on the road; a
    /// Force that does not take the road).
    fn road_closed(&self, _h: Hex) -> bool {
        false
    }
    /// The rules' own cost of entering `h` in place of its terrain and any road, hexside costs
    /// added off the road (the Cilician Gates, Macedonians [5.51]); None: the data's cost.
    fn entry_cost(&self, _h: Hex) -> Option<u32> {
        None
    }
}

/// Macedonians [5.41]–[5.44], [5.51]: the Royal Persian Highway and the Cilician Gates, as The
/// Macedonians rule them and The Romans' Syrian War takes them over (Romans [20.21]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PersianWays {
    /// The Force takes the highway ([5.41]; otherwise each hex's terrain is paid).
    pub highway: bool,
    /// The Cilician Gates' hex.
    pub gates: Option<Hex>,
    /// What entering the Gates costs (the data's units, half MP).
    pub gates_cost: u32,
}

impl PersianWays {
    /// [5.43]–[5.44]: no highway rate without the highway, nor into an enemy-controlled city
    /// (`enemy_city`: the hex holds one).
    pub fn road_closed(&self, enemy_city: bool) -> bool {
        !self.highway || enemy_city
    }
    /// [5.51]: the Gates' own cost in place of the terrain's.
    pub fn entry_cost(&self, h: Hex) -> Option<u32> {
        (self.gates == Some(h)).then_some(self.gates_cost)
    }
}

/// The rule sections a walk's refusals cite, so each game names its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cites {
    /// A path through consecutive hexes.
    pub adjacent: &'static str,
    /// Never off the map.
    pub off_map: &'static str,
    /// Terrain a land Force may not enter, and hexsides it may not cross.
    pub impassable: &'static str,
    /// Where naval transport is ruled (named in the reason).
    pub transport: &'static str,
    /// A closed city only as the last hex.
    pub closed_city: &'static str,
    /// Where besieging is ruled (named in the reason).
    pub besiege: &'static str,
    /// An enemy-occupied hex with its surcharge in hand.
    pub enemy_cost: &'static str,
    /// Entering an enemy-occupied hex starts combat (the walk stops there).
    pub enemy_contact: &'static str,
    /// No hex beyond the allowance.
    pub allowance: &'static str,
    /// Forced March hexes beyond the declaration.
    pub forced: &'static str,
}

/// The Romans' sections (the walk's first game).
pub const ROMANS: Cites = Cites {
    adjacent: "Romans [5.1]",
    off_map: "Romans [5.24]",
    impassable: "Romans [5.42]",
    transport: "Romans [12]",
    closed_city: "Romans [5.25]",
    besiege: "Romans [5.52]",
    enemy_cost: "Romans [5.22]",
    enemy_contact: "Romans [5.53]",
    allowance: "Romans [5.12]",
    forced: "Romans [5.83]",
};

/// One hex entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The hex.
    pub hex: Hex,
    /// Its cost in the data's units (half MP), 0 for a Forced March hex.
    pub cost: u32,
    /// Entered as a declared Forced March hex.
    pub forced: bool,
}

/// A path walked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Walk {
    /// The hexes entered, in order.
    pub steps: Vec<Step>,
    /// Allowance spent (half MP).
    pub spent: u32,
    /// Forced March hexes used.
    pub forced: u32,
    /// Steps paid at a road's rate.
    pub road_steps: u32,
}

/// Why a path may not be walked: the hex (its index in the path), the rule and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveError {
    /// Index in the path of the hex refused.
    pub index: usize,
    /// The hex.
    pub hex: Hex,
    /// Rule section.
    pub rule: &'static str,
    /// Why, in words.
    pub reason: String,
}

/// The limits of one walk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Movement Allowance (half MP).
    pub allowance: u32,
    /// Already spent this phase (half MP).
    pub spent: u32,
    /// Forced March hexes declared.
    pub forced_hexes: u32,
    /// Surcharge to enter an enemy-occupied hex (half MP, Romans [5.22]).
    pub enemy_surcharge: u32,
}

/// Half movement points in words: `4 MP`, `2½ MP`.
pub fn mp(half: u32, per_mp: u32) -> String {
    let per = per_mp.max(1);
    if half.is_multiple_of(per) {
        format!("{} MP", half / per)
    } else {
        format!("{}½ MP", half / per)
    }
}

/// Walks a commander from `start` along `path` (each hex a neighbour of the one before).
///
/// Errors: [`MoveError`] for the first hex the rules refuse (sections above). Entering an
/// enemy-occupied hex is refused too when affordable: the combat it starts ([5.53], [9]) is
/// for the caller to resolve, so the caller says whether it can ([`MoveError::rule`] `5.53`).
pub fn walk(
    costs: &MoveCosts,
    board: &dyn Board,
    occ: &dyn Occupancy,
    start: Hex,
    path: &[Hex],
    lim: Limits,
) -> Result<Walk, MoveError> {
    walk_cited(costs, board, occ, start, path, lim, &ROMANS)
}

/// [`walk`], its refusals citing `cites`.
///
/// Errors: [`MoveError`] for the first hex the rules refuse.
pub fn walk_cited(
    costs: &MoveCosts,
    board: &dyn Board,
    occ: &dyn Occupancy,
    start: Hex,
    path: &[Hex],
    lim: Limits,
    cites: &Cites,
) -> Result<Walk, MoveError> {
    let per = costs.per_mp;
    let mut w = Walk {
        steps: Vec::new(),
        spent: lim.spent,
        forced: 0,
        road_steps: 0,
    };
    let mut at = start;
    for (i, &h) in path.iter().enumerate() {
        let err = |rule: &'static str, reason: String| MoveError {
            index: i,
            hex: h,
            rule,
            reason,
        };
        let step = costs.step_detail(board, at, h, !occ.road_closed(h));
        let step = step.map(|s| match occ.entry_cost(h) {
            Some(own) => StepCost {
                cost: own + s.hexside,
                road: false,
                hexside: s.hexside,
            },
            None => s,
        });
        let step = step.map_err(|e| match e {
            StepError::NotAdjacent(a, b) => {
                let next: Vec<String> = a
                    .neighbours(board.convention())
                    .into_iter()
                    .filter(|n| board.terrain(*n).is_some())
                    .map(|n| n.to_string())
                    .collect();
                err(
                    cites.adjacent,
                    format!(
                        "{b} is not next to {a}: a path runs through consecutive hexes (next to {a}: {})",
                        next.join(", ")
                    ),
                )
            }
            StepError::OffMap(x) => err(cites.off_map, format!("{x} is off the map")),
            StepError::Terrain(x, t) => err(
                cites.impassable,
                format!(
                    "{x} is {} and land units enter it only by naval transport ({})",
                    t.name(),
                    cites.transport
                ),
            ),
            StepError::Hexside(s, f) => err(
                cites.impassable,
                format!("the hexside {s} is {} and may not be crossed", f.name()),
            ),
        })?;
        let cost = step.cost;
        let last = i + 1 == path.len();
        if let Some(city) = occ.closed_city(h) {
            if !last {
                return Err(err(
                    cites.closed_city,
                    format!("{h} holds {city}, a city not yours to pass: a Force may enter it only to besiege it, and stops there ({})", cites.besiege),
                ));
            }
        }
        let left = lim.allowance.saturating_sub(w.spent);
        if occ.enemy_outside(h) {
            let need = cost + lim.enemy_surcharge;
            if w.forced > 0 || need > left {
                return Err(err(
                    cites.enemy_cost,
                    format!(
                        "entering enemy-occupied {h} needs {} ({} for the hex and {} for combat) and {} are left",
                        mp(need, per),
                        mp(cost, per),
                        mp(lim.enemy_surcharge, per),
                        mp(left, per)
                    ),
                ));
            }
            return Err(err(
                cites.enemy_contact,
                format!("{h} is enemy-occupied: entering it starts a combat"),
            ));
        }
        if w.forced == 0 && cost <= left {
            w.spent += cost;
            w.road_steps += u32::from(step.road);
            w.steps.push(Step {
                hex: h,
                cost,
                forced: false,
            });
        } else if w.forced < lim.forced_hexes {
            w.forced += 1;
            w.spent = lim.allowance;
            w.steps.push(Step {
                hex: h,
                cost: 0,
                forced: true,
            });
        } else if lim.forced_hexes > 0 {
            return Err(err(
                cites.forced,
                format!(
                    "{h} would be Forced March hex {} of the {} declared",
                    w.forced + 1,
                    lim.forced_hexes
                ),
            ));
        } else {
            return Err(err(
                cites.allowance,
                format!(
                    "{h} costs {} and only {} of the allowance of {} are left",
                    mp(cost, per),
                    mp(left, per),
                    mp(lim.allowance, per)
                ),
            ));
        }
        at = h;
    }
    Ok(w)
}
