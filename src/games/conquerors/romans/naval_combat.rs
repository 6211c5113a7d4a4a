//! Romans [11]: naval combat, through the shared procedure (`conquerors::naval_combat`): the
//! attacker (the phasing fleet, or the interceptor) rolls one die on the Naval CRT in the
//! column of his fleet's strength against all the enemy squadrons in the hex ([11.14],
//! [11.25]), moved by the commanders ([11.4]; untried ones revealed, [8.43]); the losses are
//! read under the game's errata option (`naval-crt-errata`: loss points plus one, the
//! follow-up's no-loss as 1 by default; digest AMB-02) and spread by each owner's standing
//! `naval_losses` ([11.2] errata, ruling AMB-03). `e` sinks the whole fleet ([11.24]) and with
//! it its commanders ([11.4]); a Merchant goes down when attacked alone or when the warships
//! with it are all lost ([12.2], ruling AMB-59); cargo follows its ships ([12.15]).

use std::collections::BTreeMap;

use super::combat::{in_charge, BattleRecord};
use super::fleets::{self, words};
use super::naval_decisions::naval_loss_order;
use super::orders::Standing;
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::naval_combat::{
    allocate_points, allocate_steps, column, modifier, read, row, Loss, Variant,
};
use crate::geo::HexKey;
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The option naming the Naval CRT errata variant (`naval-crt-errata=errata-e`, `=none`).
pub const OPTION: &str = "naval-crt-errata";

/// A naval battle about to be fought.
#[derive(Debug, Clone)]
pub struct NavalBattle {
    /// The hex.
    pub at: HexKey,
    /// Attacker and defender.
    pub sides: [String; 2],
    /// Each side's squadrons (Merchants included: they add nothing, [12.2]).
    pub squadrons: [Vec<String>; 2],
    /// Each side's commanders with the fleet.
    pub commanders: [Vec<String>; 2],
}

/// What a naval battle did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NavalOutcome {
    /// Steps each side lost ([11.17]: compared for who may go on).
    pub lost: [u32; 2],
    /// Each side's fleet is gone.
    pub sunk: [bool; 2],
}

/// The Naval CRT variant the game plays (`tables.yaml` `table-variants`, option
/// [`OPTION`]; default `errata-f`).
pub fn variant(st: &State) -> (String, Variant) {
    let chosen = st
        .options
        .iter()
        .find_map(|o| o.strip_prefix(&format!("{OPTION}=")).map(str::to_string));
    let vs = st.pack.tables.table_variants.get("naval-crt");
    let name = chosen
        .or_else(|| vs.map(|v| v.default.clone()))
        .unwrap_or_else(|| "errata-f".into());
    let v = vs.and_then(|v| v.variants.get(&name)).map(|v| &v.item);
    let var = match v {
        Some(t) if t.add_to_losses.is_some() => Variant {
            points: true,
            add: t.add_to_losses.unwrap_or(0),
            no_loss: t
                .no_loss_becomes
                .as_deref()
                .and_then(|x| x.parse().ok())
                .unwrap_or(0),
        },
        _ => Variant::PRINTED,
    };
    (name, var)
}

/// The default order of losses among `ids`: the owner's `naval_losses` first, then squadrons
/// carrying nothing, then by id.
fn loss_order(st: &State, ids: &[String], named: &[String]) -> Vec<String> {
    let mut rest: Vec<String> = ids.iter().filter(|i| !named.contains(i)).cloned().collect();
    rest.sort_by_key(|q| (st.naval.aboard.values().any(|x| x == q), q.clone()));
    named
        .iter()
        .filter(|n| ids.contains(n))
        .cloned()
        .chain(rest)
        .collect()
}

/// Takes `loss` from `side`'s squadrons `ids` ([11.21]–[11.24], errata 11.2); returns the
/// steps removed, the squadrons that lost a step, and the words.
///
/// Errors: the pause when the owner spreads the loss in person (`naval_losses: ask`).
fn take(
    st: &mut State,
    (side, here): (&str, &str),
    ids: &[String],
    loss: Loss,
    v: &Variant,
    standing: &BTreeMap<String, Standing>,
) -> Result<(u32, Vec<String>, String), RuleError> {
    let warships: Vec<String> = ids
        .iter()
        .filter(|q| {
            st.squadrons
                .get(*q)
                .is_some_and(|x| !fleets::is_merchant(x))
        })
        .cloned()
        .collect();
    let mut note = "";
    let cut: Vec<(String, u32)> = match loss {
        Loss::None => Vec::new(),
        Loss::Eliminated => fleets::ships(st, &warships)
            .into_iter()
            .map(|s| (s.id, s.steps))
            .collect(),
        Loss::Number(n) => {
            let order = naval_loss_order(standing, side);
            let ranked = loss_order(st, &warships, &order.value);
            let ships = fleets::ships(st, &ranked);
            let spread = |order: &[String]| {
                if v.points {
                    allocate_points(&ships, n, order)
                } else {
                    allocate_steps(&ships, n, order)
                }
            };
            let mut cut = spread(&ranked);
            let asks = standing.get(side).is_some_and(|s| s.naval_losses.asks());
            if asks {
                let ways = ways(&ranked, &spread);
                if ways.len() > 1 {
                    let said: Vec<String> = ways.iter().map(|w| describe(w)).collect();
                    if let Some(i) = super::pause_losses::naval_spread(st, side, here, &said)? {
                        cut = ways[i].clone();
                        note = " (as its owner chose in person, AMB-03)";
                    }
                }
            } else if order.defaulted && ships.len() > 1 && !cut.is_empty() {
                note = " (no standing `naval_losses`: ships carrying nothing first, then by id, default)";
            }
            cut
        }
    };
    let words = format!("{}{note}", describe(&cut));
    apply(st, &cut);
    let steps: u32 = cut.iter().map(|c| c.1).sum();
    Ok((steps, cut.into_iter().map(|c| c.0).collect(), words))
}

/// The most squadrons whose every order of losses is tried for the ways offered in person.
const WAYS_UP_TO: usize = 7;

/// Ruling AMB-03 in person: the distinct spreads `spread` gives over every order of the
/// squadrons `ranked` (all tie on the points absorbed and the steps removed: the owner's order
/// only breaks that tie), in the order first met from the default order. A fleet of more than
/// [`WAYS_UP_TO`] squadrons is offered only the default (simplified).
fn ways(
    ranked: &[String],
    spread: &dyn Fn(&[String]) -> Vec<(String, u32)>,
) -> Vec<Vec<(String, u32)>> {
    let mut out: Vec<Vec<(String, u32)>> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut push = |c: Vec<(String, u32)>, out: &mut Vec<Vec<(String, u32)>>| {
        let mut key = c.clone();
        key.sort();
        if seen.insert(key) {
            out.push(c);
        }
    };
    push(spread(ranked), &mut out);
    if ranked.len() > WAYS_UP_TO {
        return out;
    }
    // Heap's algorithm over the orders.
    let mut a = ranked.to_vec();
    let mut c = vec![0usize; a.len()];
    let mut i = 0;
    while i < a.len() {
        if c[i] < i {
            if i % 2 == 0 {
                a.swap(0, i);
            } else {
                a.swap(c[i], i);
            }
            push(spread(&a), &mut out);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

fn describe(cut: &[(String, u32)]) -> String {
    if cut.is_empty() {
        return "nothing".into();
    }
    cut.iter()
        .map(|(q, n)| format!("{q} −{n} step{}", if *n > 1 { "s" } else { "" }))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Removes steps: a full squadron to half, a half one (or a full one losing two) eliminated.
pub fn apply(st: &mut State, cut: &[(String, u32)]) {
    for (q, n) in cut {
        let Some(x) = st.squadrons.get_mut(q) else {
            continue;
        };
        if x.half || *n >= 2 {
            st.squadrons.remove(q);
        } else {
            x.half = true;
        }
    }
}

/// Romans [11.4]: the commanders of a fleet whose squadrons are all gone go down with it; a
/// Merchant left without warships in a fight is lost too (ruling AMB-59).
fn sink(st: &mut State, b: &NavalBattle, s: usize, ev: &mut Vec<Event>) -> bool {
    let alive = b.squadrons[s]
        .iter()
        .any(|q| st.squadrons.get(q).is_some_and(|x| !fleets::is_merchant(x)));
    if alive {
        return false;
    }
    let w = fleets::waters(st);
    let merchants: Vec<String> = b.squadrons[s]
        .iter()
        .filter(|q| st.squadrons.contains_key(*q))
        .cloned()
        .collect();
    for m in &merchants {
        st.squadrons.remove(m);
    }
    if !merchants.is_empty() {
        ev.push(Event::new(
            "Romans [12.2]",
            format!(
                "{} go down with the warships (ruling AMB-59)",
                merchants.join(", ")
            ),
        ));
    }
    for c in &b.commanders[s] {
        if st.commanders.contains_key(c) && fleets::sails_with_fleet(st, &w, c) {
            ev.push(Event::new(
                "Romans [11.4]",
                format!(
                    "{} goes down with the whole {} fleet",
                    st.commander_name(c),
                    side_name(&b.sides[s])
                ),
            ));
            super::casualties::kill_commander(st, c, ev);
        }
    }
    true
}

/// Romans [11.1]–[11.5]: fights naval battle `b`: one roll of the attacker on the Naval CRT.
///
/// Errors: dice not available yet.
pub fn fight(
    st: &mut State,
    b: &NavalBattle,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<NavalOutcome, RuleError> {
    st.combat.engagements += 1;
    let mut ratings = [None, None];
    for (s, r) in ratings.iter_mut().enumerate() {
        if let Some(chief) = in_charge(st, &b.commanders[s]) {
            super::senate::reveal(st, &chief, dice, "Romans [8.43], [11.4]", ev)?;
            *r = st.rating(&chief).or(Some(1));
        }
    }
    let strength = |st: &State, s: usize| -> u32 {
        fleets::ships(st, &b.squadrons[s])
            .iter()
            .map(|x| x.strength)
            .sum()
    };
    let (a, d) = (strength(st, 0), strength(st, 1));
    let here = words(st, &b.at);
    let mut out = NavalOutcome::default();
    if d == 0 {
        // [12.2]: a Merchant fleet attacked alone is eliminated.
        let gone: Vec<String> = b.squadrons[1]
            .iter()
            .filter(|q| st.squadrons.contains_key(*q))
            .cloned()
            .collect();
        for q in &gone {
            st.squadrons.remove(q);
        }
        ev.push(Event::new(
            "Romans [12.2]",
            format!(
                "{}'s fleet attacks {}'s Merchant fleet at {here}: it has no combat strength and is eliminated ({})",
                side_name(&b.sides[0]),
                side_name(&b.sides[1]),
                gone.join(", ")
            ),
        ));
        out.sunk[1] = true;
        out.lost[1] = gone.len() as u32;
        sink(st, b, 1, ev);
        super::transport::settle(st, &b.sides[1], &gone, standing, ev);
        record(st, b, &out);
        return Ok(out);
    }
    let table =
        st.pack.table("naval-crt").cloned().ok_or_else(|| {
            RuleError::illegal("moves", "Romans [11.5]", "no Naval CRT in the data")
        })?;
    let col = column(&table, a, d);
    let label = table.columns[col].clone();
    let m = modifier(ratings[0], ratings[1]);
    let die = dice
        .roll_for(&b.sides[0])
        .d6("Naval CRT", "Romans [11.14]")?;
    let rows: Vec<i32> = table.rows.keys().filter_map(|r| r.parse().ok()).collect();
    let r = row(
        die,
        m,
        rows.iter().copied().min().unwrap_or(0),
        rows.iter().copied().max().unwrap_or(7),
    );
    let cell = table
        .cell(&r.to_string(), &label)
        .unwrap_or("-")
        .to_string();
    let (vname, v) = variant(st);
    let reading = read(&cell, &v);
    let (sa, ca, wa) = take(
        st,
        (&b.sides[0], &here),
        &b.squadrons[0],
        reading.attacker,
        &v,
        standing,
    )?;
    let (sd, cd, wd) = take(
        st,
        (&b.sides[1], &here),
        &b.squadrons[1],
        reading.defender,
        &v,
        standing,
    )?;
    out.lost = [sa, sd];
    let unit = if v.points { "loss points" } else { "steps" };
    let part = |l: Loss| match l {
        Loss::None => "no loss".to_string(),
        Loss::Eliminated => "the whole fleet".to_string(),
        Loss::Number(n) => format!("{n} {unit}"),
    };
    ev.push(Event::new(
        "Romans [11.14], [11.4], [11.5]",
        format!(
            "naval battle at {here}: {} attacks with {a} against {d} ({label}), rolls {die}{} = {r}: {cell} ({vname}: attacker {}, defender {}); {} loses {wa}; {} loses {wd}",
            side_name(&b.sides[0]),
            match m {
                0 => String::new(),
                x if x > 0 => format!(" +{x}"),
                x => format!(" {x}"),
            },
            part(reading.attacker),
            part(reading.defender),
            side_name(&b.sides[0]),
            side_name(&b.sides[1]),
        ),
    ));
    out.sunk = [sink(st, b, 0, ev), sink(st, b, 1, ev)];
    super::transport::settle(st, &b.sides[0], &ca, standing, ev);
    super::transport::settle(st, &b.sides[1], &cd, standing, ev);
    record(st, b, &out);
    Ok(out)
}

fn record(st: &mut State, b: &NavalBattle, out: &NavalOutcome) {
    let winner = match out.lost[0].cmp(&out.lost[1]) {
        std::cmp::Ordering::Less => Some(b.sides[0].clone()),
        std::cmp::Ordering::Greater => Some(b.sides[1].clone()),
        std::cmp::Ordering::Equal => None,
    };
    st.combat.battles.push(BattleRecord {
        turn: st.turn_number(),
        hex: words(st, &b.at),
        kind: "naval".into(),
        aggressor: b.sides[0].clone(),
        resister: b.sides[1].clone(),
        winner,
        roman_mutiny_check: false,
        roman_commanders: Vec::new(),
        mutiny_rolled: false,
    });
}
