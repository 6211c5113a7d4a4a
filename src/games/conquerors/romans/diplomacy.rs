//! Romans [16]: allies, graft and ambassadors, in the errata's Mutual Diplomacy Phase (errata
//! and follow-up 4.1): each Game-Turn opens with both players naming, sealed, one city-state or
//! league, the talents of graft and whether an ambassador goes ([16.3], [16.4]); revealed
//! together, every contribution is netted on the Alliance Table (AMB-21). An ally reaching 5 on
//! a player's side is activated for him at once, its forces placed ([16.13], [16.23]), or
//! changes sides ([16.26]); forces appearing in a city the opponent holds revolt ([16.24],
//! [16.27]). Ambassadors: three a year of each player's six, their ratings unknown to all until
//! played ([16.33]–[16.35]), so the dice stream draws each when it is played.
//!
//! The phase runs when the game is created with the option `mutual-diplomacy` ([`OPTION`],
//! ruling R-79).

use std::collections::{BTreeMap, BTreeSet};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::orders::Orders;
use super::sequence::side_name;
use super::state::{city_key, Phase, State};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, Pending, PendingKind, RuleError, Submission};

/// The game option that holds a Mutual Diplomacy Phase each Game-Turn.
pub const OPTION: &str = "mutual-diplomacy";

/// One player's diplomacy in a Game-Turn (Romans [16.3], [16.4], errata 4.1).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiplomacyOrders {
    /// The one city-state or league approached this Game-Turn (an ally id: `sparta`).
    pub target: String,
    /// Talents of graft, each one level toward the payer ([16.4]).
    #[serde(default)]
    pub graft: u32,
    /// Send one of the year's ambassadors ([16.34]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ambassador: bool,
}

/// What diplomacy remembers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiplomacyState {
    /// The Game-Turn (index) whose Mutual Diplomacy Phase is done.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub done_turn: Option<usize>,
    /// Ambassador counters (indexes into `counters.yaml` `ambassadors.ratings`) each player has
    /// played this year ([16.34]: three a year).
    #[serde(default)]
    pub played: BTreeMap<String, Vec<usize>>,
    /// Allies whose forces have been placed once ([16.13]).
    #[serde(default)]
    pub placed: BTreeSet<String>,
}

/// Whether the game holds the phase.
pub fn enabled(st: &State) -> bool {
    st.options.iter().any(|o| o == OPTION)
}

/// Whether the Mutual Diplomacy Phase of the current Game-Turn is due now (before the first
/// Campaign Phase).
pub fn due(st: &State) -> bool {
    enabled(st)
        && matches!(&st.phase, Phase::Campaign { side } if Some(side) == st.players.first())
        && st.diplomacy.done_turn != Some(st.turn)
        && st.moved.is_empty()
}

/// Romans [16.22], the Alliance Table's two ends: the first player (Rome, at the left) and the
/// second (Macedon or Syria, at the right). A third player is at neither end: he may not use
/// the table ([20.29], follow-up's Syrian War notes; ruling R-126).
fn table_ends(st: &State) -> (String, String) {
    (
        st.players.first().cloned().unwrap_or_default(),
        st.players.get(1).cloned().unwrap_or_default(),
    )
}

/// Whether `side` plays on the Alliance Table ([20.29]: a third player does not).
pub fn on_table(st: &State, side: &str) -> bool {
    let (left, right) = table_ends(st);
    side == left || side == right
}

/// The sealed step of the players at the Alliance Table's two ends.
pub fn pending(st: &State) -> Pending {
    Pending {
        step: format!("turn-{}/diplomacy", st.turn_number()),
        kind: PendingKind::Sealed,
        sides: st
            .players
            .iter()
            .filter(|p| on_table(st, p))
            .cloned()
            .collect(),
        prompt: format!(
            "{}: Mutual Diplomacy Phase: each player may approach one city-state or league with graft and an ambassador (`diplomacy:`), sealed",
            st.turn_words()
        ),
        rule: "Romans errata 4.1, [16]".into(),
    }
}

/// Ambassadors `side` still holds this year ([16.33], [16.34]).
pub fn ambassadors_left(st: &State, side: &str) -> u32 {
    let per_year = st.pack.counters.ambassadors.drawn_each_winter;
    per_year.saturating_sub(st.diplomacy.played.get(side).map(|v| v.len()).unwrap_or(0) as u32)
}

/// Signed level of an ally: positive toward `first` (the table's left end), negative toward
/// its right end.
fn signed(st: &State, ally: &str, first: &str) -> i32 {
    let a = &st.allies[ally];
    match a.toward.as_deref() {
        Some(s) if s == first => a.points as i32,
        Some(_) => -(a.points as i32),
        None => 0,
    }
}

/// Romans [16], errata 4.1: resolves both players' sealed diplomacy, then the Campaign Phase
/// follows. Each player's graft and ambassador move the level toward his own end of the table
/// (a negative ambassador away from it, [16.35]).
///
/// Errors: [`RuleError::Illegal`]: a target that is not a city-state or league of the
/// scenario on the Alliance Table, graft beyond the treasury, no ambassador left, diplomacy
/// from a third player ([20.29]);
/// [`RuleError::Dice`] without dice.
pub fn apply(
    st: &mut State,
    sub: &Submission<Orders>,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    let mut next = st.clone();
    let mut ev = Vec::new();
    let (first, second) = table_ends(st);
    let mut net: BTreeMap<String, i32> = BTreeMap::new();
    let mut draws: Vec<(String, String, i32)> = Vec::new();
    for side in st.players.clone() {
        let Some(o) = sub.by.get(&side) else { continue };
        if !o.moves.is_empty() || o.winter.is_some() {
            return Err(RuleError::illegal(
                "moves",
                "Romans errata 4.1",
                "the Mutual Diplomacy Phase takes only `diplomacy:`",
            ));
        }
        let Some(d) = &o.diplomacy else {
            continue;
        };
        if !on_table(st, &side) {
            return Err(RuleError::illegal(
                "diplomacy",
                "Romans [20.29]",
                format!(
                    "{}, a third player, may not use the Alliance Table: he makes no graft and sends no ambassador (he may side only with {} or {})",
                    side_name(&side),
                    side_name(&first),
                    side_name(&second)
                ),
            ));
        }
        let ok: Vec<String> = st
            .allies
            .iter()
            .filter(|(_, a)| a.permanent.is_none())
            .map(|(k, _)| k.clone())
            .collect();
        if !ok.contains(&d.target) {
            return Err(RuleError::illegal(
                "diplomacy.target",
                "Romans [16.11]",
                format!(
                    "{} is not a city-state or league open to diplomacy (try {})",
                    d.target,
                    ok.join(", ")
                ),
            ));
        }
        // Toward the payer's own end of the table ([16.4], [16.35]).
        let sign = if side == first { 1 } else { -1 };
        let who = side_name(&side);
        if d.graft > 0 {
            next.spend(&side, d.graft, "Romans [16.4]", "the graft")?;
            ev.push(Event::new(
                "Romans [16.4]",
                format!("{who} pays {} talents of graft to {}", d.graft, d.target),
            ));
        }
        let amount = d.graft as i32;
        if d.ambassador {
            if ambassadors_left(&next, &side) == 0 {
                return Err(RuleError::illegal(
                    "diplomacy.ambassador",
                    "Romans [16.34]",
                    format!("{who} has no ambassador left this year"),
                ));
            }
            draws.push((side.clone(), d.target.clone(), sign));
        }
        *net.entry(d.target.clone()).or_default() += sign * amount;
    }
    // The ambassadors are turned up once every order is checked (their draws are the dice).
    for (side, target, sign) in draws {
        let ratings = next.pack.counters.ambassadors.ratings.clone();
        let played = next.diplomacy.played.entry(side.clone()).or_default();
        let mut cup: Vec<usize> = (0..ratings.len()).filter(|i| !played.contains(i)).collect();
        let i = dice
            .roll_for(&side)
            .draw(&mut cup, "ambassador played", "Romans [16.35]")?
            .unwrap_or(0);
        played.push(i);
        *net.entry(target.clone()).or_default() += sign * ratings[i];
        ev.push(Event::new(
            "Romans [16.35]",
            format!(
                "{}'s ambassador to {target} is turned up: {:+}",
                side_name(&side),
                ratings[i]
            ),
        ));
    }
    for (ally, n) in net {
        let before = signed(&next, &ally, &first);
        let after = (before + n).clamp(-5, 5);
        let a = next.allies.get_mut(&ally).expect("checked above");
        a.points = after.unsigned_abs();
        a.toward = match after {
            0 => None,
            x if x > 0 => Some(first.clone()),
            _ => Some(second.clone()),
        };
        ev.push(Event::new(
            "Romans [16.22], [16.25]",
            format!(
                "{ally} moves from {} to {} on the Alliance Table",
                level_words(before, &first, &second),
                level_words(after, &first, &second)
            ),
        ));
        let side = match after {
            5 => Some(first.clone()),
            -5 => Some(second.clone()),
            _ => None,
        };
        if let Some(side) = side {
            if next.allies[&ally].active.as_deref() != Some(side.as_str()) {
                activate(&mut next, &ally, &side, dice, &mut ev)?;
            }
        }
    }
    if ev.is_empty() {
        ev.push(Event::new(
            "Romans errata 4.1",
            "no diplomacy this Game-Turn",
        ));
    }
    next.diplomacy.done_turn = Some(next.turn);
    *st = next;
    Ok(ev)
}

fn level_words(v: i32, first: &str, second: &str) -> String {
    match v {
        0 => "0".into(),
        x if x > 0 => format!("{x} toward {}", side_name(first)),
        x => format!("{} toward {}", -x, side_name(second)),
    }
}

/// Romans [16.13], [16.23], [16.26]: `ally` becomes active for `side`. The first time, its
/// forces appear at once; later, its units and commanders change owner where they stand
/// (AMB-32). Its cities pass to `side` where no other player holds them.
fn activate(
    st: &mut State,
    ally: &str,
    side: &str,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let was = st.allies[ally].active.clone();
    // Errata 16.13: an ally with every city sacked is never activated.
    if was.is_none() && super::sacked_allies::never_active(st, ally) {
        ev.push(Event::new(
            "Romans errata 16.13",
            format!("every city of {ally} is sacked: it can never be activated"),
        ));
        return Ok(());
    }
    super::ally_sides::switch_sides(st, ally, side);
    ev.push(Event::new(
        if was.is_some() {
            "Romans [16.26]"
        } else {
            "Romans [16.23]"
        },
        format!("{ally} is now the active ally of {}", side_name(side)),
    ));
    if let Some(old) = &was {
        super::ally_sides::step_away(st, ally, old, ev);
    }
    // Forces appear once a game; an ally active from the set-up has them already (20.15).
    let at_start = st.pack.scenarios[&st.scenario]
        .allies
        .get(ally)
        .is_some_and(|a| a.active_at_start.is_some());
    if st.diplomacy.placed.insert(ally.to_string()) && !at_start {
        place_forces(st, ally, side, dice, ev)?;
    }
    Ok(())
}

/// Romans [16.13], [16.24]: the ally's scenario forces appear; where the opponent holds the
/// city they appear in, they revolt.
fn place_forces(
    st: &mut State,
    ally: &str,
    side: &str,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let Some(a) = st.pack.scenarios[&st.scenario].allies.get(ally).cloned() else {
        return Ok(());
    };
    let maps: Vec<crate::geo::HexMap> = st.pack.scenarios[&st.scenario]
        .maps
        .iter()
        .filter_map(|m| st.map(m).map(|x| (*x).clone()))
        .collect();
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for k in st.units.keys().chain(st.squadrons.keys()) {
        if let Some((stem, n)) = k.rsplit_once('-') {
            if let Ok(n) = n.parse::<u32>() {
                let e = counts.entry(stem.to_string()).or_default();
                *e = (*e).max(n);
            }
        }
    }
    for f in &a.forces {
        let (map, hex) = super::data::check::resolve(&maps, &f.at)
            .map_err(|e| RuleError::illegal(ally, "Romans [16.13]", e))?;
        let key = city_key(&map, &hex.to_string());
        let holder = st.cities.get(&key).and_then(|c| c.control.clone());
        let before: BTreeSet<String> = st.units.keys().cloned().collect();
        let before_c: BTreeSet<String> = st.commanders.keys().cloned().collect();
        super::setup::place(st, &maps, side, ally, f, 0, &mut counts)
            .map_err(|e| RuleError::illegal(ally, "Romans [16.13]", e.0))?;
        let new: Vec<String> = st
            .units
            .keys()
            .filter(|k| !before.contains(*k))
            .cloned()
            .collect();
        let new_c: Vec<String> = st
            .commanders
            .keys()
            .filter(|k| !before_c.contains(*k))
            .cloned()
            .collect();
        ev.push(Event::new(
            "Romans [16.13]",
            format!("{ally}'s forces appear at {}: {}", hex, new.join(", ")),
        ));
        // Errata 16.13, follow-up 16.28: sacked cities cut the forces.
        let now = super::sacked_allies::cut(st, ally, &key, &new, &new_c, ev);
        let new: Vec<String> = new
            .into_iter()
            .filter(|k| st.units.contains_key(k))
            .collect();
        let holder = if now == key {
            holder
        } else {
            st.cities.get(&now).and_then(|c| c.control.clone())
        };
        let key = now;
        if let Some(h) = holder.filter(|h| h != side) {
            super::ally_sides::revolt(st, ally, &key, &h, &new, &new_c, dice, ev)?;
        }
    }
    Ok(())
}

/// The commented `diplomacy:` block for `side`.
pub fn template(st: &State, side: &str) -> String {
    let mut t = String::new();
    if !on_table(st, side) {
        t.push_str(&format!(
            "  # Romans [20.29]: {}'s Mutual Diplomacy Phase is for the Alliance Table's two players; {}, a third player, may not use it.\n",
            st.turn_words(),
            side_name(side)
        ));
        t.push_str("  moves: []\n");
        return t;
    }
    t.push_str(&format!(
        "  # Romans errata 4.1, [16]: {}'s Mutual Diplomacy Phase, sealed until both are in.\n",
        st.turn_words()
    ));
    t.push_str(&format!(
        "  # Treasury {} talents: each talent of graft moves the ally one level toward you (16.4).\n",
        st.treasury.get(side).copied().unwrap_or(0)
    ));
    t.push_str(&format!(
        "  # Ambassadors left this year: {} (rated -1 to +3, turned up when sent, 16.35).\n",
        ambassadors_left(st, side)
    ));
    t.push_str("  # One city-state or league a Game-Turn; at 5 toward a player it is his active ally (16.23).\n");
    for (id, a) in st.allies.iter().filter(|(_, a)| a.permanent.is_none()) {
        t.push_str(&format!(
            "  #   {id}: {}{}\n",
            match &a.toward {
                Some(s) if a.points > 0 => format!("{} toward {}", a.points, side_name(s)),
                _ => "0".into(),
            },
            a.active
                .as_ref()
                .map(|s| format!(", active for {}", side_name(s)))
                .unwrap_or_default()
        ));
    }
    t.push_str("  # diplomacy: {target: sparta, graft: 2, ambassador: true}\n");
    t.push_str("  moves: []\n");
    t
}

/// Romans [16.33]: at the Winter, the year's ambassadors go back and three are drawn anew.
pub fn new_year(st: &mut State) {
    st.diplomacy.played.clear();
}
