//! The naval decisions the rules give a player inside his opponent's Campaign Phase, one
//! function each: whether and in which zones his fleet intercepts ([6.6]), whether it stands
//! or Retreats Before Combat when attacked and where it goes ([11.13], [12.2]), which
//! squadrons lose steps ([11.2] errata, [15.4]) and which cargo is lost with a reduced
//! squadron ([12.15]). Each reads the player's standing orders (`orders::Standing`) and says
//! whether he answered or the default applies, so the report can say so — and so that a
//! player who asks the game to pause at such a decision can be asked here instead.

use std::collections::BTreeMap;

use super::combat::standing_for;
use super::orders::{FleetWhenAttacked, Standing};

/// A decision: its answer and whether it is the default (the player said nothing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision<T> {
    /// The answer.
    pub value: T,
    /// The player said nothing: the rules engine's default.
    pub defaulted: bool,
}

fn of<'a>(standing: &'a BTreeMap<String, Standing>, side: &str) -> Option<&'a Standing> {
    standing.get(side)
}

/// Romans [6.6], [6.22]: the zones in which the fleet led by `chief` intercepts; none by
/// default (interception is voluntary).
pub fn intercept_zones(
    standing: &BTreeMap<String, Standing>,
    side: &str,
    chief: &str,
) -> Decision<Vec<u32>> {
    match of(standing, side).and_then(|s| standing_for(&s.naval_intercept, Some(chief))) {
        Some(i) => Decision {
            value: i.zones.clone(),
            defaulted: false,
        },
        None => Decision {
            value: Vec::new(),
            defaulted: true,
        },
    }
}

/// Romans [11.13], [12.2]: what the fleet led by `who` (a commander, or a Merchant's id)
/// does when an enemy fleet enters its hex; it stands by default.
pub fn when_attacked(
    standing: &BTreeMap<String, Standing>,
    side: &str,
    who: Option<&str>,
) -> Decision<FleetWhenAttacked> {
    match of(standing, side).and_then(|s| standing_for(&s.fleet_when_attacked, who)) {
        Some(a) => Decision {
            value: *a,
            defaulted: false,
        },
        None => Decision {
            value: FleetWhenAttacked::Stand,
            defaulted: true,
        },
    }
}

/// Romans [11.13]: the hexes of the fleet's retreat (its commander's `retreat_path`); empty:
/// the default, the nearest friendly port.
pub fn retreat_path(
    standing: &BTreeMap<String, Standing>,
    side: &str,
    who: Option<&str>,
) -> Decision<Vec<String>> {
    let v = of(standing, side)
        .map(|s| s.path_for(who))
        .unwrap_or_default();
    Decision {
        defaulted: v.is_empty(),
        value: v,
    }
}

/// Errata 11.2, [15.4], ruling AMB-03: the order in which `side`'s squadrons lose steps.
pub fn naval_loss_order(
    standing: &BTreeMap<String, Standing>,
    side: &str,
) -> Decision<Vec<String>> {
    let v = of(standing, side)
        .map(Standing::naval_loss_order)
        .unwrap_or_default();
    Decision {
        defaulted: v.is_empty(),
        value: v,
    }
}

/// Romans [12.15]: the order in which `side`'s land units aboard a reduced squadron are lost
/// (its standing `losses`).
pub fn cargo_loss_order(
    standing: &BTreeMap<String, Standing>,
    side: &str,
) -> Decision<Vec<String>> {
    let v = of(standing, side)
        .map(Standing::loss_order)
        .unwrap_or_default();
    Decision {
        defaulted: v.is_empty(),
        value: v,
    }
}
