//! Romans [19]: Victory Points and the end of the game. Major Land Battles won (25 VP,
//! [19.11]), the scenario's cities a player controls ([19.12]–[19.14], [20.16]), commanders
//! eliminated ([19.16]); the levels of victory ([19.2]); and the sudden ends: Roma taken
//! ([19.15]) or left without a full-strength legion ([17.36]).
//!
//! The rules that earn VP elsewhere report here: combat calls [`record_major_battle`] and
//! [`record_commander_eliminated`], sieges and assaults [`record_city_taken`].

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::sequence::side_name;
use super::state::{city_key, State};
use crate::ruleset::Event;

/// What has earned Victory Points so far, and the result once the game is over.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    /// Major Land Battles won by each side ([19.11]).
    #[serde(default)]
    pub battles_won: BTreeMap<String, u32>,
    /// VP for commanders eliminated, by side ([19.16], [20.16]).
    #[serde(default)]
    pub kill_vp: BTreeMap<String, u32>,
    /// Commanders (counter ids) eliminated whose death scored.
    #[serde(default)]
    pub kills: Vec<String>,
    /// Cities sacked (`map:hex`): no VP ever again ([19.13]), no revenue ([17.15]).
    #[serde(default)]
    pub sacked: BTreeSet<String>,
    /// Cities taken by force (`map:hex`): an ally's city scores for its captor ([19.12]).
    #[serde(default)]
    pub seized: BTreeSet<String>,
    /// The result, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// How the game ended ([19.2]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner (None: a draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// The result in words.
    pub words: String,
    /// The rule that decided it.
    pub rule: String,
}

/// One side's Victory Points, by source.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Score {
    /// Cities and their VP.
    pub cities: Vec<(String, u32)>,
    /// 25 a Major Land Battle won.
    pub battles: u32,
    /// Commanders eliminated.
    pub kills: u32,
    /// The sum.
    pub total: u32,
}

/// One entry of a side's scenario city list ([19.12]): the cities it names, and how many times
/// their class value ([19.14]) each scores ([20.27], [20.29]: thrice on the Macedonians map).
#[derive(Deserialize, Default, Clone)]
struct CityRule {
    /// Only cities on this map (absent: any map of the scenario).
    #[serde(default)]
    map: Option<String>,
    /// Cities in any of these map regions.
    #[serde(default)]
    regions: Vec<String>,
    /// Cities in none of these map regions ([20.27]: outside Asia).
    #[serde(default)]
    outside_regions: Vec<String>,
    /// Every city on these maps.
    #[serde(default)]
    maps: Vec<String>,
    /// Cities (by name) the entry leaves out.
    #[serde(default)]
    except: Vec<String>,
    /// Cities named one by one besides ([20.27]).
    #[serde(default)]
    plus: Vec<CityName>,
    /// Times the class value (absent: once).
    #[serde(default)]
    vp_multiplier: Option<u32>,
}

#[derive(Deserialize, Clone)]
struct CityName {
    map: String,
    city: String,
}

/// A side's city list: one entry or several (the first that names a city scores it).
#[derive(Deserialize, Clone)]
#[serde(untagged)]
enum CityRules {
    One(CityRule),
    Many(Vec<CityRule>),
}

impl Default for CityRules {
    fn default() -> Self {
        CityRules::One(CityRule::default())
    }
}

impl CityRules {
    fn entries(&self) -> &[CityRule] {
        match self {
            CityRules::One(r) => std::slice::from_ref(r),
            CityRules::Many(v) => v,
        }
    }
}

impl CityRule {
    /// Whether the entry names the city `name` at `map` in `regions`.
    fn names(&self, map: &str, name: &str, regions: &[String]) -> bool {
        if self.plus.iter().any(|p| p.map == map && p.city == name) {
            return true;
        }
        if self.map.as_deref().is_some_and(|m| m != map) || self.except.iter().any(|e| e == name) {
            return false;
        }
        self.maps.iter().any(|m| m == map)
            || regions.iter().any(|r| self.regions.contains(r))
            || (!self.outside_regions.is_empty()
                && !regions.iter().any(|r| self.outside_regions.contains(r)))
    }
}

#[derive(Deserialize)]
struct Kill {
    #[serde(default)]
    commander: Option<String>,
    #[serde(default)]
    consul: Option<String>,
    vp: u32,
}

#[derive(Deserialize, Default)]
struct SideVictory {
    #[serde(default)]
    cities: CityRules,
    #[serde(default)]
    commander_kills: Vec<Kill>,
}

fn side_rules(st: &State, side: &str) -> SideVictory {
    st.pack
        .scenarios
        .get(&st.scenario)
        .and_then(|s| s.victory.get(side).cloned())
        .and_then(|v| serde_json::from_value(v).ok())
        .unwrap_or_default()
}

fn major_battle_vp(st: &State) -> u32 {
    st.pack
        .numbers
        .get("combat")
        .and_then(|c| c.get("major-battle-vp"))
        .and_then(|v| v.item.get("vp").and_then(|x| x.as_u64()))
        .unwrap_or(25) as u32
}

fn class_vp(st: &State, class: &str) -> u32 {
    st.pack
        .numbers
        .get("victory")
        .and_then(|c| c.get("city-vp-by-class"))
        .and_then(|v| v.item.get(class).and_then(|x| x.as_u64()))
        .unwrap_or(0) as u32
}

/// Romans [19.12]–[19.14], [20.16], [20.27], [20.29]: the cities that score for `side` now,
/// with their VP: listed for him by the scenario, controlled by him, not sacked, and not the
/// city of an ally active for him unless he took it by force. A city scores its class value
/// times the multiplier of the first entry of his list that names it (ruling R-124).
pub fn city_vp(st: &State, side: &str) -> Vec<(String, u32)> {
    let rules = side_rules(st, side).cities;
    let mut out = Vec::new();
    for (key, c) in &st.cities {
        if c.control.as_deref() != Some(side) || st.victory.sacked.contains(key) {
            continue;
        }
        let regions = st
            .maps
            .maps
            .get(&c.at.map)
            .and_then(|m| m.hexes.get(&c.at.hex))
            .map(|e| e.regions.clone())
            .unwrap_or_default();
        let Some(rule) = rules
            .entries()
            .iter()
            .find(|r| r.names(&c.at.map, &c.name, &regions))
        else {
            continue;
        };
        let own_ally = c
            .ally
            .as_ref()
            .and_then(|a| st.allies.get(a))
            .is_some_and(|a| a.active.as_deref() == Some(side));
        if own_ally && !st.victory.seized.contains(key) {
            continue;
        }
        let vp = class_vp(st, &format!("{:?}", c.class)) * rule.vp_multiplier.unwrap_or(1);
        out.push((c.name.clone(), vp));
    }
    out
}

/// Romans [19.1]: `side`'s Victory Points now.
pub fn score(st: &State, side: &str) -> Score {
    let cities = city_vp(st, side);
    let battles = st.victory.battles_won.get(side).copied().unwrap_or(0) * major_battle_vp(st);
    let kills = st.victory.kill_vp.get(side).copied().unwrap_or(0);
    let total = cities.iter().map(|(_, v)| v).sum::<u32>() + battles + kills;
    Score {
        cities,
        battles,
        kills,
        total,
    }
}

/// Romans [19.11]: `winner` won a Major Land Battle (not a Skirmish, siege or revolt:
/// follow-up 19.11, errata 16.24) led by `in_charge` (commander ids); a Roman field consul who
/// wins may be kept next Winter ([18.14]).
pub fn record_major_battle(st: &mut State, winner: &str, in_charge: &[String]) {
    *st.victory
        .battles_won
        .entry(winner.to_string())
        .or_default() += 1;
    for c in in_charge {
        st.senate.battle_winners.insert(c.clone());
    }
}

/// Romans [19.16], [20.16]: commander `id` (a commander id of the state) was eliminated by
/// the enemy (AMB-63); the scenario may give his enemy VP for it. Returns the VP awarded.
pub fn record_commander_eliminated(st: &mut State, id: &str) -> u32 {
    let Some(c) = st.commanders.get(id).cloned() else {
        return 0;
    };
    let Some(counter) = c.counter.clone() else {
        return 0;
    };
    let mut got = 0;
    for side in st.players.clone() {
        if side == c.side {
            continue;
        }
        for k in side_rules(st, &side).commander_kills {
            if k.commander.as_deref() == Some(counter.as_str())
                || k.consul.as_deref() == Some(counter.as_str())
            {
                *st.victory.kill_vp.entry(side.clone()).or_default() += k.vp;
                st.victory.kills.push(counter.clone());
                got += k.vp;
            }
        }
    }
    got
}

/// Romans [13.5], [19.12], [19.13]: the city at `map:hex` was taken by force; `sacked`: it was
/// sacked (it scores nothing again, and pays Rome no revenue, [17.15]).
pub fn record_city_taken(st: &mut State, map: &str, hex: &str, sacked: bool) {
    let k = city_key(map, hex);
    st.victory.seized.insert(k.clone());
    if sacked {
        st.victory.sacked.insert(k);
    }
}

/// Roma's key and whether a full-strength legion stands there.
fn roma(st: &State) -> Option<(String, bool)> {
    let cap = st.pack.counters.nations.get("rome")?.capital.clone()?;
    let map = cap.map.clone().unwrap_or_else(|| "romans".into());
    let hex = cap.hex.clone()?;
    let full = st.units.values().any(|u| {
        u.side == "rome"
            && u.kind == "legion"
            && u.ssp >= u.full_ssp
            && u.at.map == map
            && u.at.hex == hex
    });
    Some((city_key(&map, &hex), full))
}

/// Romans [17.36]: Roma holds a full-strength Roman legion (true when the scenario has no
/// Roma).
pub fn roma_legion_present(st: &State) -> bool {
    roma(st).is_none_or(|(_, full)| full)
}

/// Romans [19.15], [17.36]: the game ends at once when Roma falls to another player (he wins)
/// or loses its full-strength legion (Rome loses; AMB-40: a shortfall the enemy causes).
/// `had_full_legion`: Roma held one when the entry being resolved began (ruling R-76: the
/// loss is judged on what happens in play).
pub fn sudden_death(st: &State, had_full_legion: bool) -> Option<Outcome> {
    let (key, full) = roma(st)?;
    let opponent = st.players.iter().find(|p| *p != "rome").cloned();
    if let Some(holder) = st.cities.get(&key).and_then(|c| c.control.clone()) {
        if holder != "rome" {
            return Some(Outcome {
                words: format!(
                    "Roma has fallen to {}: {} wins",
                    side_name(&holder),
                    side_name(&holder)
                ),
                winner: Some(holder),
                rule: "Romans [19.15]".into(),
            });
        }
    }
    if had_full_legion && !full {
        return Some(Outcome {
            words: format!(
                "Roma holds no full-strength legion: Rome loses{}",
                opponent
                    .as_ref()
                    .map(|o| format!(" and {} wins", side_name(o)))
                    .unwrap_or_default()
            ),
            winner: opponent,
            rule: "Romans [17.36]".into(),
        });
    }
    None
}

/// Romans [19.2]: the result after the last Game-Turn. The most VP wins; Rome's win is only
/// nominal unless it has at least twice the VP of every other player and has won a Major
/// Land Battle. Equal totals: a draw (ruling R-75).
pub fn final_outcome(st: &State) -> Outcome {
    let scores: BTreeMap<String, u32> = st
        .players
        .iter()
        .map(|p| (p.clone(), score(st, p).total))
        .collect();
    let tally = scores
        .iter()
        .map(|(s, v)| format!("{} {v} VP", side_name(s)))
        .collect::<Vec<_>>()
        .join(", ");
    let best = scores.values().copied().max().unwrap_or(0);
    let leaders: Vec<&String> = scores
        .iter()
        .filter(|(_, v)| **v == best)
        .map(|(s, _)| s)
        .collect();
    if leaders.len() != 1 {
        return Outcome {
            winner: None,
            words: format!("{tally}: a draw"),
            rule: "Romans [19.2]".into(),
        };
    }
    let w = leaders[0].clone();
    let mut words = format!("{tally}: {} wins", side_name(&w));
    if w == "rome" {
        let others_max = scores
            .iter()
            .filter(|(s, _)| *s != "rome")
            .map(|(_, v)| *v)
            .max()
            .unwrap_or(0);
        let (ratio, battles) = st
            .pack
            .numbers
            .get("victory")
            .and_then(|v| v.get("roman-decisive-win"))
            .map(|v| {
                (
                    v.item
                        .get("vp_ratio_at_least")
                        .and_then(|x| x.as_u64())
                        .unwrap_or(2) as u32,
                    v.item
                        .get("major_battles_won_at_least")
                        .and_then(|x| x.as_u64())
                        .unwrap_or(1) as u32,
                )
            })
            .unwrap_or((2, 1));
        let won = st.victory.battles_won.get("rome").copied().unwrap_or(0);
        if best >= ratio * others_max && won >= battles {
            words.push_str(
                " (more than a nominal victory: twice the VP and a Major Land Battle won)",
            );
        } else {
            words.push_str(&format!(
                " only nominally: {} has beaten history (Rome needs twice the VP and a Major Land Battle won)",
                st.players
                    .iter()
                    .filter(|p| *p != "rome")
                    .map(|p| side_name(p))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ));
        }
    }
    Outcome {
        winner: Some(w),
        words,
        rule: "Romans [19.2]".into(),
    }
}

/// Ends the game with `o` and reports it.
pub fn end_game(st: &mut State, o: Outcome, ev: &mut Vec<Event>) {
    ev.push(Event::new(o.rule.clone(), o.words.clone()));
    st.phase = super::state::Phase::Over;
    st.victory.outcome = Some(o);
}
