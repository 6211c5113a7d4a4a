//! The standing orders' answers shared by The Romans and The Macedonians for decisions inside
//! the opponent's Campaign Phase: where a Force tries to intercept (Romans [6.3], Macedonians
//! [6.3]), what it does when an enemy Force enters its hex (both [10.1], [5.72], [7.34]) and
//! when it Retreats During Combat (both [10.22]). Each game's `Standing` maps a commander (or
//! `any`) to them ([`standing_for`]).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::combat::{Side, Situation};

/// Where a Force tries to intercept ([6.3]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Intercept {
    /// Zones (1–4) in which to try; zone 1 needs no roll.
    pub zones: Vec<u32>,
}

/// What a Force does when an enemy Force enters its hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WhenAttacked {
    /// Stay and accept combat.
    Stand,
    /// Retreat Before Combat ([10.1]) along `retreat_path` (or the default path).
    Retreat,
    /// Go inside the city of the hex when it is yours and has room ([7.34], [5.72]),
    /// otherwise stand.
    IntoCity,
}

/// When a Force Retreats During Combat ([10.22]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RetreatPolicy {
    /// Leave before the first exchange (the defender only, [10.22]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_once: bool,
    /// Leave once the Force has lost this many SSP in the battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after_losses: Option<u32>,
    /// Leave when its own odds column would be this one or worse (`1-2`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at_odds: Option<String>,
}

impl RetreatPolicy {
    /// Romans [10.21], Macedonians [10.22]: whether side `s` wants to leave the battle `now`: before the first exchange if
    /// `at_once`, after one once its losses reach `after_losses` or its column (among
    /// `columns`, its CRT's, worst first) is `at_odds` or worse.
    pub fn leaves(&self, now: &Situation, s: Side, columns: Option<&[String]>) -> bool {
        let worse = |at: &str| {
            columns.is_some_and(|c| {
                let mine = c.iter().position(|x| *x == now.columns[s]);
                let lim = c.iter().position(|x| x == at);
                matches!((mine, lim), (Some(m), Some(l)) if m <= l)
            })
        };
        (now.exchanges == 0 && self.at_once)
            || (now.exchanges > 0 && self.after_losses.is_some_and(|n| now.lost[s] >= n))
            || (now.exchanges > 0 && self.at_odds.as_deref().is_some_and(worse))
    }
}

/// The three retreats of a land Force (both games' [10]): before combat ([10.1]), during
/// combat ([10.2]) and Flight ([10.3]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RetreatKind {
    /// [10.1].
    BeforeCombat,
    /// [10.2].
    DuringCombat,
    /// [10.3].
    Flight,
}

/// Romans digest §3.6, Macedonians [6.22], [10.11]: the standing answer for the Force of
/// commander `cid`, else the one for `any` (standing orders keyed by commander).
pub fn standing_for<'a, T>(map: &'a BTreeMap<String, T>, cid: Option<&str>) -> Option<&'a T> {
    cid.and_then(|c| map.get(c)).or_else(|| map.get("any"))
}
