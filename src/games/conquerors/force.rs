//! The Conquerors' counters on the map, shared by The Romans and The Macedonians: where a
//! counter stands ([`Position`]: a hex, inside its city or not, Romans [7.13], [13.1]), land
//! combat units measured in Strategic Strength Points (Romans [3.21] note, [7.4]), squadrons at
//! full or half strength ([11.21]) and commanders, who alone move ([5.0]). A Force is whatever
//! a commander moves with him ([5.13]); it is not stored, only the counters are.

use serde::{Deserialize, Serialize};

/// Where a counter stands: a hex of a map, and for land counters in a city hex whether inside
/// the walls (Romans [7.13]: a city hex holds units inside and outside the city).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Position {
    /// Map id.
    pub map: String,
    /// `CCRR`.
    pub hex: String,
    /// Inside the city of the hex.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub inside: bool,
}

impl Position {
    /// The same hex, outside any city.
    pub fn hex_only(&self) -> (String, String) {
        (self.map.clone(), self.hex.clone())
    }
}

/// A land combat unit (or a legion, counted as one: Romans [7.4]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LandUnit {
    /// The side controlling it (a player).
    pub side: String,
    /// Its nation (`rome`, `macedon`, an ally).
    pub nation: String,
    /// Unit type id, or `legion`.
    pub kind: String,
    /// A label for people (`Legion III`, `Balearic`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Strategic Strength Points left.
    pub ssp: u32,
    /// SSP at full strength.
    pub full_ssp: u32,
    /// SSP of it that are cavalry (never lost to Forced March, Romans [5.86] key).
    #[serde(default)]
    pub cavalry_ssp: u32,
    /// Where it stands.
    pub at: Position,
}

/// A naval squadron or a Merchant fleet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Squadron {
    /// The side controlling it.
    pub side: String,
    /// Its nation.
    pub nation: String,
    /// `heavy`, `medium`, `light` or `merchant`.
    pub kind: String,
    /// At half strength (Romans [11.21]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub half: bool,
    /// Where it stands.
    pub at: Position,
}

/// A commander: a named counter, or an untried one whose counter is not drawn yet
/// (Romans [8.43]: nobody knows it until the rules first use his rating).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commander {
    /// The side controlling him.
    pub side: String,
    /// His nation.
    pub nation: String,
    /// The counter id once known (`philip-v`, `quinctius`); None while untried.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<String>,
    /// The pool an untried commander is drawn from (`consuls`, `praetors`, `legates`,
    /// `tribunes`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    /// His office (`field-consul`, `consul-for-rome`, `tribune of Legion I`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub office: Option<String>,
    /// Where he stands.
    pub at: Position,
}
