//! The Romans' seam to the Tactical Battle System (Romans [9.4], Tactical [2.1]): with the
//! option `tactical-battles` a Major Land Battle is fought on the display unless a player's
//! battle plan asks for the Strategic CRT (ruling TR-1). The Forces go in as their counters —
//! a legion as the maniples, velites and horse of [3.4] — with their commanders' ratings
//! (untried ones revealed, [8.43]) and their nations' Morale Levels ([9.6]); what comes back is
//! put on the map as the Strategic CRT's results are: SSP lost, commanders killed ([8.52],
//! [8.6]), contingents that broke fleeing ([9.65], [10.3]), the loser's Flight with Pursuit
//! ([10.3]) or Retreat During Combat with its die ([10.2]), the winner's battle for Victory
//! Points ([19.11]) and the mutiny check ([9.69]).
#![allow(clippy::needless_range_loop)] // both sides' arrays are indexed together

use std::collections::BTreeMap;

use super::casualties::{kill_commander, rdc_losses};
use super::combat::{in_charge, Battle, Outcome};
use super::orders::Standing;
use super::retreat::{flee, go, plan_out as plan, Kind};
use super::sequence::side_name;
use super::state::State;
use crate::games::conquerors::combat::End;
use crate::games::conquerors::tactical::{
    self as tac, plan::System, BattleInput, CommanderIn, Game, UnitIn,
};
use crate::protocol::dice::Dice;
use crate::ruleset::{Event, RuleError};

/// The game option.
pub const OPTION: &str = "tactical-battles";

/// [9.4], [2.1], ruling TR-1: the battle goes to the display when the game has the option and
/// neither side's plan asks for the Strategic CRT.
pub fn chosen(st: &State, standing: &BTreeMap<String, Standing>, sides: &[String; 2]) -> bool {
    st.options.iter().any(|o| o == OPTION)
        && sides.iter().all(|s| {
            standing
                .get(s)
                .and_then(|x| x.battle_plan.as_ref())
                .is_none_or(|p| p.system == System::Tactical)
        })
}

/// The order in which a reduced legion's missing SSP come off its counters (ruling TR-60:
/// the skirmishers and front lines first, as they fought).
const LEGION_LOSS_ORDER: [&str; 6] = [
    "velites",
    "hastati",
    "principes",
    "triarii",
    "legion-light-cavalry",
    "legion-cavalry",
];

/// [3.4]: a legion's counters on the display, its missing SSP taken in [`LEGION_LOSS_ORDER`].
pub(super) fn legion_parts(st: &State, id: &str, ssp: u32) -> Vec<(String, String, u32, u32)> {
    let l = &st.pack.counters.legion;
    let numeral = id.strip_prefix("legion-").unwrap_or(id);
    let i = l.numerals.iter().position(|n| n == numeral).unwrap_or(0);
    let comp = if i % 2 == 0 { &l.odd } else { &l.even };
    let mut parts: Vec<(String, String, u32, u32)> = Vec::new();
    for (t, n) in comp {
        let full = st.pack.unit_type(t).map(|u| u.ssp).unwrap_or(1);
        for k in 1..=*n {
            parts.push((format!("{id}/{t}-{k}"), t.clone(), full, full));
        }
    }
    let total: u32 = parts.iter().map(|p| p.2).sum();
    let mut missing = total.saturating_sub(ssp);
    for t in LEGION_LOSS_ORDER {
        for p in parts.iter_mut().filter(|p| p.1 == t) {
            let k = missing.min(p.2);
            p.2 -= k;
            missing -= k;
        }
    }
    parts.retain(|p| p.2 > 0);
    parts
}

fn ratings(st: &State, cid: &str) -> (u32, u32, bool, bool) {
    let v = st.tactical.game("romans");
    let c = &st.commanders[cid];
    let replaced =
        st.replacements.replaced.contains(cid) || st.combat.replacement_side.contains(cid);
    let pool = c.pool.as_deref();
    let bound = matches!(pool, Some("consuls" | "praetors" | "legates"));
    let named = c
        .counter
        .as_ref()
        .and_then(|k| st.pack.counters.commanders.get(k));
    let eleph = named.is_some_and(|n| n.elephants_only);
    let r = v.map(|v| {
        if replaced {
            *v.commanders.replacement
        } else if let Some(p) = pool.and_then(|p| v.commanders.pools.get(p)) {
            **p
        } else if let Some(n) = c.counter.as_ref().and_then(|k| v.commanders.named.get(k)) {
            **n
        } else {
            *v.commanders.default
        }
    });
    let r = r.unwrap_or(tac::data::Ratings { to: 1, td: 1 });
    (r.to, r.td, bound, eleph)
}

/// Fights `b` on the Tactical Battle Display and carries out its end on the map.
///
/// Errors: dice not available yet; a unit type the tactical data has no values for.
pub fn fight(
    st: &mut State,
    b: Battle,
    standing: &BTreeMap<String, Standing>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<Outcome, RuleError> {
    let mut units = Vec::new();
    let mut owner: BTreeMap<String, String> = BTreeMap::new();
    let mut base = [0u32; 2];
    for s in 0..2 {
        for id in &b.units[s] {
            let Some(u) = st.units.get(id).cloned() else {
                continue;
            };
            base[s] += u.ssp;
            if u.kind == "legion" {
                for (pid, t, ssp, full) in legion_parts(st, id, u.ssp) {
                    owner.insert(pid.clone(), id.clone());
                    units.push(UnitIn {
                        id: pid,
                        side: s,
                        kind: t,
                        ssp,
                        full_ssp: full,
                        contingent: u.nation.clone(),
                        legion: Some(id.clone()),
                    });
                }
            } else {
                owner.insert(id.clone(), id.clone());
                units.push(UnitIn {
                    id: id.clone(),
                    side: s,
                    kind: u.kind.clone(),
                    ssp: u.ssp,
                    full_ssp: u.full_ssp,
                    contingent: u.nation.clone(),
                    legion: None,
                });
            }
        }
    }
    ev.push(Event::new(
        "Romans [9.4], Tactical [2.1]",
        format!(
            "Major Land Battle at {}: {} ({} SSP) against {} ({} SSP), fought on the Tactical Battle Display; both Forces are revealed (Romans [10.22])",
            b.hex, side_name(&b.sides[0]), base[0], side_name(&b.sides[1]), base[1]
        ),
    ));
    // [8.43], Tactical [12.11]: every commander's Strategic Rating is needed.
    let mut commanders = Vec::new();
    for s in 0..2 {
        for cid in &b.commanders[s] {
            let naval = st.commanders[cid]
                .counter
                .as_ref()
                .and_then(|k| st.pack.counters.commanders.get(k))
                .is_some_and(|n| n.naval_only);
            if naval {
                continue;
            }
            super::forced_march::reveal_rating(st, cid, dice, ev)?;
            let sr = if st.combat.replacement_side.contains(cid) {
                1
            } else {
                u32::from(st.rating(cid).unwrap_or(1))
            };
            let (to, td, bound, eleph) = ratings(st, cid);
            commanders.push(CommanderIn {
                id: cid.clone(),
                side: s,
                name: st.commander_name(cid),
                sr,
                to,
                td,
                reserve_bound: bound,
                elephants_only: eleph,
                contingent: st.commanders[cid].nation.clone(),
            });
        }
    }
    let morale = morale_levels(st, &b, &units, ev);
    let agreed = (0..2).all(|s| {
        standing
            .get(&b.sides[s])
            .and_then(|x| x.battle_plan.as_ref())
            .is_some_and(|p| p.river)
    });
    let river = agreed || river(st, &b);
    if river {
        ev.push(Event::new(
            "Tactical [8.5]",
            "both plans agree that the Center Line is a river",
        ));
    }
    let input = BattleInput {
        game: Game::Romans,
        place: b.hex.to_string(),
        sides: b.sides.clone(),
        names: [side_name(&b.sides[0]), side_name(&b.sides[1])],
        units,
        commanders,
        river,
        rough: rough(st, &b),
        morale,
    };
    let plans = [0, 1].map(|s| {
        standing
            .get(&b.sides[s])
            .and_then(|x| x.battle_plan.clone())
    });
    for s in 0..2 {
        if plans[s].is_none() {
            ev.push(
                Event::new(
                    "Tactical [2.3], docs/conquerors-tactical-rulings.md",
                    format!(
                        "{} sent no battle plan: the bundled default plan fights for it",
                        side_name(&b.sides[s])
                    ),
                )
                .by_standing(b.sides[s].clone()),
            );
        }
    }
    let battle = tac::Battle::new(&st.tactical, input, plans)?;
    let names = [side_name(&b.sides[0]), side_name(&b.sides[1])];
    let r = battle.fight(dice)?;
    // The rules' own lines (no plan chose them) are nobody's orders: they keep no side.
    let (turn, phase) = (st.turn_words(), super::view::phase_words(st));
    ev.extend(r.events.iter().cloned().map(|mut e| {
        if e.by.is_none() {
            e.turn = Some(turn.clone());
            e.phase = Some(phase.clone());
        }
        e
    }));
    ev.push(Event::new(
        "Tactical [11.0]",
        format!(
            "the battle at {}: {}",
            b.hex,
            tac::report::summary(&names, &r)
        ),
    ));
    if let Some(board) = r.board.clone() {
        st.combat.board = Some((super::combat::phase_index(st), board));
    }
    conclude(st, &b, standing, &r, &owner, dice, ev)
}

/// Tactical [8.5]: the Center Line is a river when the Aggressor crossed a river hexside into
/// the battle hex; the seam does not know his last hexside, so only the players' agreement
/// (both plans' `river: true`) makes it one (ruling TR-47: simplified).
pub fn river(_st: &State, _b: &Battle) -> bool {
    false
}

/// Tactical [8.6]: the battle hex is Rough on the strategic map, so the plans may mark boxes
/// Rough or Blocked.
fn rough(st: &State, b: &Battle) -> bool {
    st.map(&b.map).and_then(|m| m.hex(b.hex).map(|e| e.terrain))
        == Some(crate::geo::hexside::Terrain::Rough)
}

fn morale_levels(
    st: &mut State,
    b: &Battle,
    units: &[UnitIn],
    ev: &mut Vec<Event>,
) -> [BTreeMap<String, u32>; 2] {
    let mut out = [BTreeMap::new(), BTreeMap::new()];
    for s in 0..2 {
        let alive: Vec<String> = b.commanders[s]
            .iter()
            .filter(|c| st.commanders.contains_key(*c))
            .cloned()
            .collect();
        let chief = in_charge(st, &alive);
        let r = chief
            .as_ref()
            .and_then(|c| st.rating(c))
            .map(u32::from)
            .unwrap_or(0);
        for u in units.iter().filter(|u| u.side == s) {
            let pct = st
                .pack
                .counters
                .nations
                .get(&u.contingent)
                .map(|n| {
                    n.item.morale.base_percent + n.item.morale.per_rating_point.unwrap_or(0) * r
                })
                .unwrap_or(40);
            out[s].insert(u.contingent.clone(), pct);
        }
        let words: Vec<String> = out[s].iter().map(|(k, p)| format!("{k} {p}%")).collect();
        ev.push(Event::new(
            "Romans [9.61]–[9.65], Tactical [11.0]",
            format!(
                "{} Morale Level: {}",
                side_name(&b.sides[s]),
                words.join(", ")
            ),
        ));
    }
    out
}

fn conclude(
    st: &mut State,
    b: &Battle,
    standing: &BTreeMap<String, Standing>,
    r: &tac::BattleResult,
    owner: &BTreeMap<String, String>,
    dice: &mut Dice,
    ev: &mut Vec<Event>,
) -> Result<Outcome, RuleError> {
    let mut lost: BTreeMap<String, u32> = BTreeMap::new();
    for (pid, n) in &r.ssp_lost {
        *lost
            .entry(owner.get(pid).cloned().unwrap_or_else(|| pid.clone()))
            .or_default() += n;
    }
    for (id, n) in &lost {
        if let Some(u) = st.units.get_mut(id) {
            u.ssp = u.ssp.saturating_sub(*n);
            if u.ssp == 0 {
                st.units.remove(id);
                ev.push(Event::new(
                    "Tactical [8.43]",
                    format!("{id} loses {n} SSP and is eliminated"),
                ));
            } else {
                ev.push(Event::new(
                    "Tactical [8.43]",
                    format!("{id} loses {n} SSP in the battle"),
                ));
            }
        }
    }
    for c in &r.killed {
        if st.commanders.contains_key(c) {
            kill_commander(st, c, ev);
        }
    }
    for (c, n) in &r.wounded {
        ev.push(Event::new("Tactical [12.34], [12.5]", format!("{} is wounded and should miss {n} Game-Turn(s); The Romans has no wounded status yet, so he stays with his Force (simplified, docs/coverage/conquerors-tactical.md)", st.commander_name(c))));
    }
    let std_of = |s: usize| standing.get(&b.sides[s]);
    let live = |st: &State, s: usize, nations: Option<&[String]>| -> Vec<String> {
        b.units[s]
            .iter()
            .filter(|u| {
                st.units
                    .get(*u)
                    .is_some_and(|x| nations.is_none_or(|n| n.contains(&x.nation)))
            })
            .cloned()
            .collect()
    };
    let cmds = |st: &State, s: usize, nations: Option<&[String]>| -> Vec<String> {
        b.commanders[s]
            .iter()
            .filter(|c| {
                st.commanders
                    .get(*c)
                    .is_some_and(|x| nations.is_none_or(|n| n.contains(&x.nation)))
            })
            .cloned()
            .collect()
    };
    let end = r.end.clone().unwrap_or(End::Retreated(0));
    let beaten: Option<usize> = match &end {
        End::Fled(s) | End::Retreated(s) => Some(*s),
        End::Draw(_) => None,
    };
    // [9.65], [9.67]: contingents that broke while their side fought on flee on the map.
    for s in 0..2 {
        if beaten == Some(s) || r.broken[s].is_empty() {
            continue;
        }
        let ns = r.broken[s].clone();
        let (u, c) = (live(st, s, Some(&ns)), cmds(st, s, Some(&ns)));
        flee(st, b, s, &u, &c, std_of(s), dice, ev, true)?;
    }
    let mut stands = [true, true];
    match &end {
        End::Retreated(s) => {
            let s = *s;
            stands[s] = false;
            let (u, c) = (live(st, s, None), cmds(st, s, None));
            let chief = in_charge(st, &c);
            let used = chief
                .as_ref()
                .and_then(|x| st.combat.retreat_spent.get(x))
                .copied()
                .unwrap_or(0);
            let wanted = super::pause_losses::retreat_path(
                st,
                b,
                s,
                (Kind::DuringCombat, used),
                std_of(s),
                chief.as_deref(),
            )?;
            match plan(st, b, s, Kind::DuringCombat, used, &wanted) {
                Some(p) => go(
                    st,
                    b,
                    s,
                    &u,
                    &c,
                    &p,
                    ev,
                    "Romans [10.22], Tactical [9.4]",
                    "Retreats During Combat",
                ),
                None => {
                    ev.push(Event::new(
                        "Romans [10.15]",
                        format!(
                            "{} has no hex to retreat into and Flees instead",
                            side_name(&b.sides[s])
                        ),
                    ));
                    flee(st, b, s, &u, &c, std_of(s), dice, ev, true)?;
                }
            }
            let u = live(st, s, None);
            rdc_losses(
                st,
                &b.sides[s],
                &u,
                std_of(s),
                "Romans [10.23], Tactical follow-up 2.35",
                dice,
                ev,
            )?;
        }
        End::Fled(s) => {
            let s = *s;
            stands[s] = false;
            let (u, c) = (live(st, s, None), cmds(st, s, None));
            flee(st, b, s, &u, &c, std_of(s), dice, ev, true)?;
        }
        End::Draw(who) => {
            let list: Vec<usize> = match who {
                Some(s) => vec![*s],
                None => vec![0, 1],
            };
            for s in list {
                stands[s] = false;
                let (u, c) = (live(st, s, None), cmds(st, s, None));
                flee(st, b, s, &u, &c, std_of(s), dice, ev, false)?;
            }
        }
    }
    // The same record as the Strategic CRT's: the winner's 25 VP ([19.11]), the mutiny check.
    super::combat::record_end(st, b, &end, true, ev);
    Ok(Outcome { end, stands })
}
