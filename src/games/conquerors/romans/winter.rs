//! Romans [4.2]: the Winter/Planning Turn, after each October but the last. When it comes
//! ([`begin`]) Rome rolls the Augury ([18.31]) and both players roll their taxes ([17.12]) —
//! section 3 lets them take its tasks in any order, and knowing the taxes first costs neither
//! anything (ruling R-61). Then both players send their Winter orders at once, sealed
//! ([`apply`]): disbanding first (errata 17.39), the Augury's demands, maintenance ([17.35])
//! before raising ([17.3]), and Rome's Senate ([18.1], [18.2]). The next Campaign Year then
//! begins with March. Winter attrition ([15.11]) belongs to the attrition rules.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::augury::{self, Augury};
use super::economy::{self, TaxRoll};
use super::orders::Orders;
use super::sequence::side_name;
use super::state::{Phase, State};
use super::winter_orders::WinterOrders;
use super::{raising, senate, victory};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, Pending, PendingKind, RuleError, Submission};

/// The Winter in progress.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WinterState {
    /// Its name on the track (`200-199`).
    pub name: String,
    /// The Augury ([18.31]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub augury: Option<Augury>,
    /// Each player's taxes ([17.12]).
    #[serde(default)]
    pub taxes: BTreeMap<String, TaxRoll>,
}

/// The track's Winter after the current Game-Turn.
fn winter_name(st: &State) -> String {
    let number = st.turn_number();
    let id = &st.pack.scenarios[&st.scenario].turns;
    st.pack.turns.scenarios[id]
        .track
        .iter()
        .find(|t| t.winter.is_some() && t.after_turn.as_deref() == Some(number.as_str()))
        .and_then(|t| t.winter.clone())
        .unwrap_or_else(|| format!("after-turn-{number}"))
}

/// The consular year a Winter opens (`turns.yaml` `consular_year_begins`).
fn consular_year(st: &State, winter: &str) -> String {
    let id = &st.pack.scenarios[&st.scenario].turns;
    st.pack.turns.scenarios[id]
        .track
        .iter()
        .find(|t| t.winter.as_deref() == Some(winter))
        .and_then(|t| t.consular_year_begins.clone())
        .unwrap_or_default()
}

/// Romans [4.2] steps 1 to 3: Winter attrition ([15.11]), the Augury, then every player's taxes, with the dice of the
/// entry that ended the last Game-Turn.
///
/// Errors: [`RuleError::Dice`] without dice.
pub fn begin(
    st: &mut State,
    standing: &BTreeMap<String, super::orders::Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let name = winter_name(st);
    ev.push(Event::new(
        "Romans [4.2]",
        format!("the Winter/Planning Turn {name} B.C. begins: no movement, no combat"),
    ));
    // [4.2] step 1, [15.11]: Winter attrition before anything else of the Winter.
    super::attrition::winter(st, standing, dice, ev)?;
    let augury = if st.players.iter().any(|p| p == "rome") {
        Some(augury::roll(st, dice, ev)?)
    } else {
        None
    };
    let e = augury.as_ref().map(|a| a.data(st));
    let mut taxes = BTreeMap::new();
    for side in st.players.clone() {
        let (modifier, per, closed) = match (&e, side.as_str()) {
            (Some(e), "rome") => (
                e.tax_modifier.unwrap_or(0),
                e.revenue_per_source,
                e.no_revenue_from.clone(),
            ),
            _ => (0, None, Vec::new()),
        };
        let t = economy::collect_taxes(st, &side, modifier, per, &closed, dice)?;
        let mut words = format!(
            "{} rolls {} for taxes: {} talents",
            side_name(&side),
            t.die,
            t.schedule
        );
        if t.modifier != 0 {
            words.push_str(&format!(" {:+} (Augury)", t.modifier));
        }
        if !t.revenue.is_empty() {
            words.push_str(&format!(
                ", revenue {}",
                t.revenue
                    .iter()
                    .map(|(c, n)| format!("{c} {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        for (c, why) in &t.closed {
            words.push_str(&format!("; no revenue from {c}: {why}"));
        }
        words.push_str(&format!(
            "; {} talents in all, treasury {}",
            t.total,
            st.treasury.get(&side).copied().unwrap_or(0)
        ));
        ev.push(Event::new("Romans [17.12], [17.13]", words));
        taxes.insert(side, t);
    }
    st.winter = Some(WinterState {
        name,
        augury,
        taxes,
    });
    Ok(())
}

/// The Winter's step: both players' orders at once, sealed (ruling R-60).
pub fn pending(st: &State) -> Pending {
    let name = st
        .winter
        .as_ref()
        .map(|w| w.name.clone())
        .unwrap_or_default();
    Pending {
        step: format!("winter-{name}"),
        kind: PendingKind::Sealed,
        sides: st.players.clone(),
        prompt: format!(
            "Winter/Planning Turn {name} B.C.: each player sends his Winter orders (`winter:`: disband, raise, build; Rome also the Senate), sealed"
        ),
        rule: "Romans [4.2]".into(),
    }
}

/// Romans [4.2]: both players' Winter orders, then the next Campaign Year's March.
///
/// Errors: [`RuleError::Illegal`] naming the side's order and rule: moves in Winter, a unit
/// that is not his, maintenance or raising beyond the treasury, anything [`raising::raise`],
/// [`senate::appoint`] or [`augury::resolve`] refuse, or leaving Roma without a full-strength
/// legion ([17.36], AMB-40).
pub fn apply(
    st: &mut State,
    sub: &Submission<Orders>,
    dice: &mut Dice,
) -> Result<Vec<Event>, RuleError> {
    let w = st
        .winter
        .clone()
        .ok_or_else(|| RuleError::illegal("winter", "Romans [4.2]", "no Winter is on"))?;
    let mut ev = Vec::new();
    let mut next = st.clone();
    for side in st.players.clone() {
        let o = sub.by.get(&side).ok_or_else(|| {
            RuleError::illegal(
                "winter",
                "Romans [4.2]",
                format!("{} must send Winter orders", side_name(&side)),
            )
        })?;
        side_orders(&mut next, &side, o, &w, &mut ev)?;
    }
    roma_kept(st, &next)?;
    // [18]: the Senate sits last, once every order has been checked: its draws are the
    // Winter's only dice.
    if let Some(o) = sub.by.get("rome") {
        let senate_orders = o
            .winter
            .as_ref()
            .and_then(|w| w.senate.clone())
            .unwrap_or_default();
        let reappoint = w
            .augury
            .as_ref()
            .is_some_and(|a| a.data(&next).may_reappoint_field_consul);
        let year = consular_year(&next, &w.name);
        senate::appoint(&mut next, &senate_orders, &year, reappoint, dice, &mut ev)?;
    }
    *st = next;
    end(st, &mut ev);
    Ok(ev)
}

/// Romans [4.2], [17.35], [17.36]: one player's sealed Winter orders checked on their own,
/// before the other's are known (no dice: the Senate's draws come after every order).
///
/// Errors: as [`apply`] for this player's orders.
pub fn check_alone(st: &State, side: &str, o: &Orders) -> Result<(), RuleError> {
    let w = st
        .winter
        .clone()
        .ok_or_else(|| RuleError::illegal("winter", "Romans [4.2]", "no Winter is on"))?;
    let mut next = st.clone();
    side_orders(&mut next, side, o, &w, &mut Vec::new())?;
    roma_kept(st, &next)
}

/// One player's Winter orders ([4.2]): no movement, then his Winter.
fn side_orders(
    next: &mut State,
    side: &str,
    o: &Orders,
    w: &WinterState,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    if !o.moves.is_empty() {
        return Err(RuleError::illegal(
            "moves",
            "Romans [4.2]",
            "there is no movement in a Winter/Planning Turn",
        ));
    }
    let said = o.winter.is_some();
    let wo = o.winter.clone().unwrap_or_default();
    side_winter(next, side, &wo, said, w, ev)
}

/// Romans [17.36] (AMB-40): the Winter's orders leave a full-strength legion in Roma.
fn roma_kept(before: &State, after: &State) -> Result<(), RuleError> {
    if !victory::roma_legion_present(after) && victory::roma_legion_present(before) {
        return Err(RuleError::illegal(
            "winter",
            "Romans [17.36]",
            "Rome must keep a full-strength legion in Roma at all times (AMB-40)",
        ));
    }
    Ok(())
}

/// One player's Winter, in the order of [4.2] and [17.35].
fn side_winter(
    st: &mut State,
    side: &str,
    o: &WinterOrders,
    said: bool,
    w: &WinterState,
    ev: &mut Vec<Event>,
) -> Result<(), RuleError> {
    let who = side_name(side);
    // Errata 17.39, follow-up 17.35: disbanding, before anything else.
    for (i, id) in o.disband.iter().enumerate() {
        let own_unit = st
            .units
            .get(id)
            .is_some_and(|u| u.side == side && u.nation == side);
        let own_ship = st
            .squadrons
            .get(id)
            .is_some_and(|q| q.side == side && q.nation == side);
        if !own_unit && !own_ship {
            let mine: Vec<String> = st
                .units
                .iter()
                .filter(|(_, u)| u.side == side && u.nation == side)
                .map(|(k, _)| k.clone())
                .chain(
                    st.squadrons
                        .iter()
                        .filter(|(_, q)| q.side == side && q.nation == side)
                        .map(|(k, _)| k.clone()),
                )
                .collect();
            return Err(RuleError::illegal(
                format!("disband[{i}]"),
                "Romans errata 17.39",
                format!(
                    "{id} is not a unit of {who}'s own (allies are not his to disband); nearest: {}",
                    crate::names::nearest(id, mine.iter().map(String::as_str)).join(", ")
                ),
            ));
        }
        disband(st, id);
    }
    if !o.disband.is_empty() {
        ev.push(Event::new(
            "Romans errata 17.39",
            format!(
                "{who} disbands {}: back to the counter mix",
                o.disband.join(", ")
            ),
        ));
    }
    // Step 2's demands: legions sent away, the storm.
    let senate_orders = o.senate.clone().unwrap_or_default();
    if side == "rome" {
        senate::end_of_year(st);
        if let Some(a) = &w.augury {
            augury::resolve(st, a, &senate_orders, ev)?;
        }
    } else if o.senate.is_some() {
        return Err(RuleError::illegal(
            "senate",
            "Romans [18]",
            "only Rome has a Senate",
        ));
    }
    // [17.35]: maintenance, before raising.
    maintain(st, side, said, ev)?;
    // Errata 17.35: refits, after maintenance.
    super::refits::refit(st, side, &o.refits, ev)?;
    // [17.3]: raising and building.
    let (no_new, free) = match (&w.augury, side) {
        (Some(a), "rome") => {
            let e = a.data(st);
            (e.no_new_legions, e.free_legions.unwrap_or(0))
        }
        _ => (false, 0),
    };
    raising::raise(st, side, o, no_new, free, ev)?;
    // [8.62]: fallen commanders come back as their Replacements.
    super::replacements::return_fallen(st, side, &o.replacements, ev)?;
    ev.push(Event::new(
        "Romans [17.5]",
        format!(
            "{who}'s treasury after the Winter: {} talents",
            st.treasury.get(side).copied().unwrap_or(0)
        ),
    ));
    Ok(())
}

/// Removes a unit or squadron (back to the counter mix, errata 17.3), with a legion's tribunes.
fn disband(st: &mut State, id: &str) {
    if let Some(u) = st.units.remove(id) {
        if u.kind == "legion" {
            let office = format!("tribune of {}", u.label.unwrap_or_default());
            let gone: Vec<String> = st
                .commanders
                .iter()
                .filter(|(_, c)| c.office.as_deref() == Some(office.as_str()))
                .map(|(k, _)| k.clone())
                .collect();
            for t in gone {
                if let Some(c) = st.remove_commander(&t) {
                    if let Some(x) = c.counter {
                        st.drawn.remove(&x);
                    }
                }
            }
        }
    }
    st.squadrons.remove(id);
}

/// Romans [17.35]: pays every unit's upkeep. A player who sent no Winter orders keeps what
/// the treasury pays for, his units removed from the last id back until it does (a default,
/// reported); one who did must disband enough himself.
fn maintain(st: &mut State, side: &str, said: bool, ev: &mut Vec<Event>) -> Result<(), RuleError> {
    let who = side_name(side);
    let mut bill = economy::upkeep(st, side);
    let have = st.treasury.get(side).copied().unwrap_or(0);
    if bill.total > have {
        if said {
            return Err(RuleError::illegal(
                "winter",
                "Romans [17.35]",
                format!(
                    "maintenance costs {} talents and the treasury holds {have}: disband units (`disband:`) until it pays",
                    bill.total
                ),
            ));
        }
        let mut dropped = Vec::new();
        // The Roma legion is never dropped by default (17.36).
        let roma = st
            .pack
            .counters
            .nations
            .get("rome")
            .and_then(|n| n.capital.clone())
            .and_then(|c| c.hex)
            .unwrap_or_default();
        while bill.total > st.treasury.get(side).copied().unwrap_or(0) {
            let last = st
                .units
                .iter()
                .filter(|(_, u)| u.side == side && u.nation == side)
                .map(|(k, _)| k.clone())
                .chain(
                    st.squadrons
                        .iter()
                        .filter(|(_, q)| q.side == side && q.nation == side && q.kind != "merchant")
                        .map(|(k, _)| k.clone()),
                )
                .filter(|k| !bill.exempt.contains(k))
                .filter(|k| {
                    !(st.units
                        .get(k)
                        .is_some_and(|u| u.kind == "legion" && u.at.hex == roma))
                })
                .next_back();
            let Some(k) = last else { break };
            disband(st, &k);
            dropped.push(k);
            bill = economy::upkeep(st, side);
        }
        ev.push(Event::new(
            "Romans [17.35]",
            format!("default: {who} sent no Winter orders and cannot pay every unit: {} not maintained, removed", dropped.join(", ")),
        ));
    }
    st.spend(side, bill.total, "Romans [17.35]", "maintenance")?;
    let mut parts = Vec::new();
    if !bill.legions.is_empty() {
        parts.push(format!("{} legion(s)", bill.legions.len()));
    }
    if bill.troops_ssp > 0 {
        parts.push(format!(
            "{} SSP of troops ({} talents)",
            bill.troops_ssp, bill.troops
        ));
    }
    if !bill.fleets.is_empty() {
        parts.push(format!(
            "{} squadron(s) ({} talents)",
            bill.fleets.len(),
            bill.fleets.iter().map(|(_, t)| t).sum::<u32>()
        ));
    }
    if !bill.siege_trains.is_empty() {
        parts.push(format!("{} Siege Train(s)", bill.siege_trains.len()));
    }
    if !bill.exempt.is_empty() {
        parts.push(format!("free: {}", bill.exempt.join(", ")));
    }
    ev.push(Event::new(
        "Romans [17.35]",
        format!(
            "{who} pays {} talents of maintenance: {}",
            bill.total,
            parts.join("; ")
        ),
    ));
    Ok(())
}

/// The Winter is over: the blockade count starts again ([17.15]) and the next Campaign Year
/// begins with March, Rome first ([4.0]).
fn end(st: &mut State, ev: &mut Vec<Event>) {
    st.winter = None;
    st.blockades.clear();
    super::diplomacy::new_year(st);
    st.turn += 1;
    st.phase = Phase::Campaign {
        side: st.players[0].clone(),
    };
    ev.push(Event::new(
        "Romans [4.2]",
        format!("the Winter is over: {} begins", st.turn_words()),
    ));
    // [4.1]: a siege laid before the Winter is rolled in the first Siege Phase after it.
    super::siege_phase::open_siege_phase(st, ev);
}
