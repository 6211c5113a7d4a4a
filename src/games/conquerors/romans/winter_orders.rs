//! The orders of a Winter/Planning Turn (Romans [4.2]), the `winter:` part of an order file:
//! what a player disbands ([errata 17.39]), raises and builds ([17.31]–[17.38]), and for Rome
//! what the Senate decides ([18.1], [18.2]) and what the Augury demands ([18.32]). Maintenance
//! ([17.35]) is not ordered: every unit not disbanded is maintained.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Land troops of one type raised in one city (Romans [17.31], [17.32], [17.37]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RaiseTroops {
    /// Unit type id (`phalanx`, `hoplite`, `slinger`…).
    #[serde(rename = "type")]
    pub kind: String,
    /// How many counters (each of its type's full SSP).
    pub count: u32,
    /// The city where they appear (its name: `Pella`, `Syracusa`).
    pub at: String,
}

/// Squadrons or Merchant fleets built in one port (Romans [17.31], [17.32]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuildFleet {
    /// `heavy`, `medium`, `light` or `merchant`.
    pub kind: String,
    /// How many.
    pub count: u32,
    /// The port city where they appear (`Ostia`, `Thessalonica`).
    pub at: String,
}

/// A legion raised (Romans [17.31], [17.38]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RaiseLegion {
    /// Its numeral (`VI`): the lowest not in play ([17.38]).
    pub legion: String,
    /// `Roma` or `Capua` ([17.32]).
    pub at: String,
}

/// Siege Trains built (Romans [17.34]; not Rome).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuildSiegeTrain {
    /// How many.
    pub count: u32,
    /// The city where they appear (the land-raising city, [17.32]).
    pub at: String,
}

/// The Senate's decisions and the Augury's demands (Rome only, Romans [18]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Senate {
    /// Keep the field consul another year (Romans [18.14]: he won a Major Land Battle, or
    /// Augury 6).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub keep_field_consul: bool,
    /// The praetor a kept consul retains (Romans [18.21]): a praetor's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_praetor: Option<String>,
    /// The hex (`CCRR`) where the new field consul takes the field: one holding a legion
    /// ([18.16]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_consul_at: Option<String>,
    /// Hexes where the new praetors appear, one each, each holding a legion (ruling AMB-34).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub praetors_at: Vec<String>,
    /// Hexes where the new legates appear, one each: ports with a Roman squadron (AMB-34).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legates_at: Vec<String>,
    /// Appoint a Proconsul in Roma (Romans [18.15]: only while more than 7 legions are in the
    /// field, the Roma legion and auxiliaries not counted).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub proconsul: bool,
    /// The legions the Augury sends away (events 2, 10, 11): each in play, not the Roma
    /// legion where the event says so. Fewer than asked: new legions are raised there.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub augury_legions: Vec<String>,
    /// The squadrons that lose a step to the storm (Augury 4), one entry a step, from Rome's
    /// largest fleet.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub storm_steps: Vec<String>,
}

/// One player's Winter orders.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WinterOrders {
    /// Units and squadrons disbanded first (errata 17.39) or left unmaintained (follow-up
    /// 17.35): they go back to the counter mix.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub disband: Vec<String>,
    /// Reduced land units in supply and half squadrons refitted to full strength (errata
    /// 17.35), after maintenance.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refits: Vec<String>,
    /// Legions raised (Rome).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legions: Vec<RaiseLegion>,
    /// Land troops raised.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub troops: Vec<RaiseTroops>,
    /// Squadrons and Merchant fleets built.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fleets: Vec<BuildFleet>,
    /// Siege Trains built.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub siege_trains: Vec<BuildSiegeTrain>,
    /// Naval Bases built (Romans [17.33]): friendly port cities by name, two at most at any
    /// one time.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub naval_bases: Vec<String>,
    /// Where each fallen commander's Replacement returns (Romans [8.62]): commander id →
    /// `CCRR`, a hex with troops of his nation.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub replacements: BTreeMap<String, String>,
    /// Rome: the Senate and the Augury.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub senate: Option<Senate>,
}

impl WinterOrders {
    /// Counters raised of each land type (for the counter mix).
    pub fn troops_by_type(&self) -> BTreeMap<String, u32> {
        let mut m = BTreeMap::new();
        for t in &self.troops {
            *m.entry(t.kind.clone()).or_default() += t.count;
        }
        m
    }
}
