//! Romans [17]: taxes and the treasury. The Taxation Schedule ([17.2]) and Rome's revenue
//! sources ([17.13]–[17.15]), the Purchase and Maintenance Cost Table ([17.4]), maintenance
//! ([17.35]) and the treasury itself ([17.5]) is in `treasury`: [`State::spend`] and [`State::earn`] are the only ways
//! talents move, for every rule that pays (supply, graft, raising). Raising new
//! units is in `raising`.

use serde::Deserialize;

use super::state::State;
use crate::protocol::dice::Dice;
use crate::ruleset::RuleError;

/// A cell of the Purchase and Maintenance Cost Table ([17.4]) in talents: `column` is
/// `raise` or `maintain`; `item` a row (`legion`, `20-ssp`, `heavy-squadron`…).
pub fn cost(st: &State, item: &str, column: &str) -> u32 {
    st.pack
        .table("purchase-and-maintenance")
        .and_then(|t| t.cell(item, column))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

/// The cost row of a squadron kind (`heavy` → `heavy-squadron`; `merchant` → the Naval
/// Transports row, AMB-43).
pub fn fleet_item(kind: &str) -> String {
    match kind {
        "merchant" => "naval-transport".into(),
        k => format!("{k}-squadron"),
    }
}

/// Talents to raise `ssp` SSP of non-legion land troops: 3 per 20 SSP ([17.31], [17.37]),
/// pro rata and rounded up for a Winter's whole raising (AMB-42, ruling R-63).
pub fn troops_cost(st: &State, ssp: u32) -> u32 {
    (cost(st, "20-ssp", "raise") * ssp).div_ceil(20)
}

/// One player's Winter maintenance bill ([17.35], [17.4]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Upkeep {
    /// Legions, 1 talent each.
    pub legions: Vec<String>,
    /// SSP of the other land troops he keeps (allies and the 20.11 unjoined auxiliaries
    /// excepted).
    pub troops_ssp: u32,
    /// Their talents: 1 per 20 SSP begun (AMB-42).
    pub troops: u32,
    /// Squadrons and Merchants with their talents (half squadrons pay in full, errata 17.35).
    pub fleets: Vec<(String, u32)>,
    /// Siege Trains, 1 talent each.
    pub siege_trains: Vec<String>,
    /// Units that pay nothing yet (20.11 auxiliaries still where they were set up).
    pub exempt: Vec<String>,
    /// The whole bill.
    pub total: u32,
}

/// Romans [20.11]: the set-up auxiliaries Rome maintains only once they join its army; they
/// have joined once they leave the hex they were set up in (ruling R-64).
fn exempt_until_joined(st: &State, side: &str, id: &str) -> bool {
    let Some(u) = st.units.get(id) else {
        return false;
    };
    let Some(s) = st.pack.scenarios.get(&st.scenario) else {
        return false;
    };
    let Some(entries) = s.setup.sides.get(side) else {
        return false;
    };
    entries.entries().iter().any(|e| {
        e.no_maintenance_until_joined
            && e.at.hex.as_deref() == Some(u.at.hex.as_str())
            && e.units.iter().any(|x| x.kind == u.kind)
    })
}

/// Romans [17.35]: what `side` must pay this Winter to keep every unit of his own nation
/// (allies need none, [17.11], [17.35]).
pub fn upkeep(st: &State, side: &str) -> Upkeep {
    let mut u = Upkeep::default();
    for (id, x) in st
        .units
        .iter()
        .filter(|(_, x)| x.side == side && x.nation == side)
    {
        if x.kind == "legion" {
            u.legions.push(id.clone());
        } else if x.kind == "siege-train" {
            u.siege_trains.push(id.clone());
        } else if exempt_until_joined(st, side, id) {
            u.exempt.push(id.clone());
        } else {
            u.troops_ssp += x.ssp;
        }
    }
    u.troops = u.troops_ssp.div_ceil(20) * cost(st, "20-ssp", "maintain");
    for (id, q) in st
        .squadrons
        .iter()
        .filter(|(_, q)| q.side == side && q.nation == side)
    {
        u.fleets
            .push((id.clone(), cost(st, &fleet_item(&q.kind), "maintain")));
    }
    u.total = u.legions.len() as u32 * cost(st, "legion", "maintain")
        + u.troops
        + u.fleets.iter().map(|(_, t)| t).sum::<u32>()
        + u.siege_trains.len() as u32 * cost(st, "siege-train", "maintain");
    u
}

/// A tax roll ([17.12]): the die, the Schedule's talents and the modifier applied.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TaxRoll {
    /// The die.
    pub die: u32,
    /// The Schedule's talents for it.
    pub schedule: u32,
    /// Augury change to the result (events 3, 5).
    #[serde(default)]
    pub modifier: i32,
    /// Revenue sources that paid, and what ([17.13]).
    #[serde(default)]
    pub revenue: Vec<(String, u32)>,
    /// Revenue sources closed, with why.
    #[serde(default)]
    pub closed: Vec<(String, String)>,
    /// Talents added in all.
    pub total: u32,
}

#[derive(Deserialize)]
struct RevenueSources {
    cities: Vec<String>,
    talents_each: u32,
    blockade_game_turns_to_cut: u32,
}

/// Romans [17.13]–[17.15]: whether each Roman revenue source pays this Winter, and why not.
/// A source is closed while a player other than Rome controls it (captured: until retaken)
/// or once sacked (for good); the Augury may close one for the year. The Line of
/// Communications is not traced (ruling R-62). Returns (city, Ok(talents) or Err(why)).
pub fn revenue(
    st: &State,
    per_source: Option<u32>,
    closed_by_augury: &[String],
) -> Vec<(String, Result<u32, String>)> {
    let Some(v) = st
        .pack
        .numbers
        .get("economy")
        .and_then(|e| e.get("roman-revenue-sources"))
    else {
        return Vec::new();
    };
    let Ok(r) = serde_json::from_value::<RevenueSources>(v.item.clone()) else {
        return Vec::new();
    };
    let each = per_source.unwrap_or(r.talents_each);
    r.cities
        .iter()
        .map(|name| {
            let city = st.cities.values().find(|c| &c.name == name);
            let status = match city {
                None => Err("not on the map".to_string()),
                Some(c)
                    if st
                        .victory
                        .sacked
                        .contains(&super::state::city_key(&c.at.map, &c.at.hex)) =>
                {
                    Err("sacked (Romans 17.15)".into())
                }
                Some(c) if c.control.as_deref().is_some_and(|s| s != "rome") => Err(format!(
                    "held by {} (Romans 17.15)",
                    super::sequence::side_name(c.control.as_deref().unwrap_or(""))
                )),
                Some(_) if closed_by_augury.contains(name) => {
                    Err("no revenue this year (Augury, Romans 18.32)".into())
                }
                Some(_)
                    if st.blockades.get(name).copied().unwrap_or(0)
                        >= r.blockade_game_turns_to_cut =>
                {
                    Err("blockaded two Game-Turns this year (Romans 17.15)".into())
                }
                Some(_) => Ok(each),
            };
            (name.clone(), status)
        })
        .collect()
}

/// Romans [17.12], [17.2]: `side` rolls one die on the Taxation Schedule; Rome adds its
/// revenue sources. The talents go to the treasury at once. `modifier` (Augury 3, 5) changes
/// the Schedule's result, never below 0 (AMB-44).
///
/// Errors: [`RuleError::Dice`] when the dice are not available yet.
pub fn collect_taxes(
    st: &mut State,
    side: &str,
    modifier: i32,
    per_source: Option<u32>,
    closed_by_augury: &[String],
    dice: &mut Dice,
) -> Result<TaxRoll, RuleError> {
    let column = st
        .pack
        .counters
        .nations
        .get(side)
        .and_then(|n| n.tax_column.clone())
        .unwrap_or_else(|| side.to_string());
    let die = dice
        .roll_for(side)
        .d6("taxes (Taxation Schedule)", "Romans [17.12]")?;
    let schedule: u32 = st
        .pack
        .table("taxation")
        .and_then(|t| t.roll(die as u8, &column))
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let taxes = (schedule as i32 + modifier).max(0) as u32;
    let mut roll = TaxRoll {
        die,
        schedule,
        modifier,
        revenue: Vec::new(),
        closed: Vec::new(),
        total: taxes,
    };
    if side == "rome" {
        for (city, r) in revenue(st, per_source, closed_by_augury) {
            match r {
                Ok(t) => {
                    roll.total += t;
                    roll.revenue.push((city, t));
                }
                Err(why) => roll.closed.push((city, why)),
            }
        }
    }
    st.earn(side, roll.total);
    Ok(roll)
}
