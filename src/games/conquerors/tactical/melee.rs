//! Tactical [8.0]: melee — compulsory wherever both sides share a box in a Melee Phase, the
//! phasing side attacking ([8.21]); every unit in a box fights as one ([6.3]); the Melee
//! Differential with its modifiers ([8.22], [8.25]: Disruption [7.44], facing [5.33]–[5.37],
//! one commander [12.22], elephants [13.23], [13.28], cavalry [13.32], a river [8.5]); the Melee
//! CRT's results for each side ([8.4]): losses, R with its choice, F, M, and * for the Leader
//! Loss Table ([12.32]).

use super::data::Class;
use super::display::{aspect, Aspect, BoxId};
use super::{commanders, morale, retreats, special_units, Battle, Fate, Game};
use crate::protocol::dice::Dice;
use crate::ruleset::RuleError;

/// One side's part of a Melee CRT cell ([8.41]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// No effect.
    None,
    /// SSP lost in total ([8.43]).
    Lose(u32),
    /// Retreat one box or lose 1 SSP ([8.44]).
    R,
    /// Flee ([8.45]).
    F,
}

/// A Melee CRT cell: both sides' parts with their leader checks, or M ([8.46]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeleeResult {
    /// Attacker's and Defender's parts, each with its `*`.
    Parts([(Part, bool); 2]),
    /// Melee Engaged.
    Engaged,
}

impl MeleeResult {
    /// Parses `F*/-`, `1/1`, `-/R`, `M`.
    pub fn parse(s: &str) -> Option<MeleeResult> {
        if s == "M" {
            return Some(MeleeResult::Engaged);
        }
        let (a, d) = s.split_once('/')?;
        let part = |x: &str| -> Option<(Part, bool)> {
            let star = x.ends_with('*');
            let x = x.trim_end_matches('*');
            let p = match x {
                "-" => Part::None,
                "R" => Part::R,
                "F" => Part::F,
                n => Part::Lose(n.parse().ok().filter(|n| *n > 0)?),
            };
            Some((p, star))
        };
        Some(MeleeResult::Parts([part(a)?, part(d)?]))
    }
}

/// The CRT column of a differential ([8.22], ruling TR-14: -5 and below, +9 and above).
pub fn column(diff: i32) -> &'static str {
    match diff {
        i32::MIN..=-5 => "-5",
        -4 | -3 => "-4,-3",
        -2 => "-2",
        -1 => "-1",
        0 => "0",
        1 => "+1",
        2 => "+2",
        3 | 4 => "+3,+4",
        5 | 6 => "+5,+6",
        7 | 8 => "+7,+8",
        _ => "+9",
    }
}

/// The attackers of `side` in `b`: melee-capable, not Disrupted ([7.44], [8.14]); cavalry
/// never attack elephants ([13.26]) nor a phalanx they did not come at from the flank or rear
/// ([13.31], [5.37]).
pub fn attackers(bt: &Battle, side: usize, b: &BoxId) -> Vec<String> {
    let enemy = bt.in_box(1 - side, b);
    let eleph = enemy.iter().any(|u| bt.units[u].class == Class::Elephant);
    let phalanx = enemy.iter().any(|u| bt.units[u].class == Class::Phalanx);
    let ef = enemy.first().and_then(|u| bt.units[u].facing);
    bt.in_box(side, b)
        .into_iter()
        .filter(|u| {
            let x = &bt.units[u];
            if !x.melee_capable() || x.disrupted {
                return false;
            }
            if x.class == Class::Cavalry {
                if eleph {
                    return false;
                }
                if phalanx {
                    let from_side = matches!((ef, x.entry.as_ref().and_then(|e| e.anchor)), (Some(f), Some(a)) if aspect(f, a) != Aspect::Front);
                    return from_side;
                }
            }
            true
        })
        .collect()
}

/// The two totals and the differential of a melee by `side` in `b`, with the words for each
/// modifier ([8.22], [8.25]).
pub fn differential(
    bt: &Battle,
    side: usize,
    b: &BoxId,
    att: &[String],
) -> (i32, u32, u32, Vec<String>) {
    let def = bt.in_box(1 - side, b);
    let mut notes = Vec::new();
    let all_cav = att.iter().all(|u| bt.units[u].class == Class::Cavalry);
    let elephants_attack = att.iter().any(|u| bt.units[u].class == Class::Elephant);
    let mut a: u32 = 0;
    for u in att {
        let x = &bt.units[u];
        let mut s = x.to_now();
        if bt.river && x.entry.as_ref().is_some_and(|e| e.crossing) {
            s = s.saturating_sub(x.ssp);
            notes.push(format!("{u} crossed the river: -{} (8.5)", x.ssp));
        }
        if x.class == Class::Elephant && def.iter().any(|d| bt.units[d].class == Class::Cavalry) {
            s += 4;
            notes.push(format!("{u}, an elephant against cavalry: +4 (13.28)"));
        }
        a += s;
    }
    let mut d: u32 = 0;
    for u in &def {
        let x = &bt.units[u];
        let by_to = (x.class == Class::Cavalry && all_cav)
            || (x.class == Class::Elephant && elephants_attack);
        d += if by_to { x.to_now() } else { x.td_now() };
        if by_to {
            notes.push(format!(
                "{u} defends with its TO ({})",
                if x.class == Class::Cavalry {
                    "13.32"
                } else {
                    "13.23"
                }
            ));
        }
    }
    let rough = super::terrain::defence(bt, b);
    if rough > 0 && !def.is_empty() {
        d += rough;
        notes.push(format!(
            "the defenders stand on Rough ground: +{rough} TD (8.6)"
        ));
    }
    if def.iter().any(|u| bt.units[u].disrupted) {
        a += 2;
        notes.push("a defender is Disrupted: +2 (7.44)".into());
    }
    // [5.33]-[5.37]: the best angle of the units that came in this phase.
    let f = def.first().and_then(|u| bt.units[u].facing);
    let phalanx = def.iter().any(|u| bt.units[u].class == Class::Phalanx);
    let mut best = 0;
    for u in att {
        if let (Some(f), Some(an)) = (f, bt.units[u].entry.as_ref().and_then(|e| e.anchor)) {
            let bonus = match aspect(f, an) {
                Aspect::Rear => 4,
                Aspect::Flank if phalanx && bt.game == Game::Romans => 3,
                Aspect::Flank => 2,
                Aspect::Front => 0,
            };
            best = best.max(bonus);
        }
    }
    if best > 0 {
        a += best;
        notes.push(format!(
            "{} attack: +{best} ({})",
            if best == 4 { "a rear" } else { "a flank" },
            match best {
                4 => "5.34",
                3 => "5.35",
                _ => "5.33",
            }
        ));
    }
    if let Some((c, r)) = commanders::helper(bt, side, b, att, true) {
        a += r;
        notes.push(format!(
            "{} adds his TO {r} (12.22)",
            bt.commanders[&c].c.name
        ));
    }
    if let Some((c, r)) = commanders::helper(bt, 1 - side, b, &def, false) {
        d += r;
        notes.push(format!(
            "{} adds his TD {r} (12.22)",
            bt.commanders[&c].c.name
        ));
    }
    (a as i32 - d as i32, a, d, notes)
}

/// A Melee Phase ([3.0] Phases 6 and 10): `side` attacks in every box it shares with the
/// enemy, the most favourable first (the order is his, [8.24]).
///
/// Errors: dice not available yet.
pub fn melee_phase(bt: &mut Battle, side: usize, dice: &mut Dice) -> Result<(), RuleError> {
    let mut boxes: Vec<(i32, BoxId)> = bt
        .contested()
        .into_iter()
        .map(|b| {
            let att = attackers(bt, side, &b);
            (differential(bt, side, &b, &att).0, b)
        })
        .collect();
    boxes.sort_by_key(|(d, b)| (std::cmp::Reverse(*d), b.clone()));
    for (_, b) in boxes {
        if bt.end.is_some() {
            break;
        }
        if bt.in_box(0, &b).is_empty() || bt.in_box(1, &b).is_empty() {
            continue;
        }
        melee(bt, side, &b, dice)?;
    }
    Ok(())
}

/// One melee in `b` by `side` ([8.2]).
///
/// Errors: dice not available yet.
pub fn melee(bt: &mut Battle, side: usize, b: &BoxId, dice: &mut Dice) -> Result<(), RuleError> {
    let att = attackers(bt, side, b);
    if att.is_empty() {
        bt.note(
            "Tactical 8.14, 7.44, 13.26, 13.31",
            None,
            format!(
                "{} has no unit in {} that may attack: no melee there",
                bt.names[side],
                bt.place_words(b)
            ),
        );
        return Ok(());
    }
    let def = bt.in_box(1 - side, b);
    let (diff, a, d, notes) = differential(bt, side, b, &att);
    let col = column(diff);
    let r = dice
        .roll_for(&bt.sides[side])
        .d6(&format!("melee in {}", b.name), "Tactical 8.23")?;
    let cell = bt
        .pack
        .table("melee")
        .and_then(|t| t.roll(r as u8, col))
        .unwrap_or("M")
        .to_string();
    let res = MeleeResult::parse(&cell).unwrap_or(MeleeResult::Engaged);
    bt.note(
        "Tactical 8.22, 8.3",
        Some(side),
        format!(
            "melee in {}: {} ({a}) against {} ({d}){}; differential {diff:+}, roll {r}: {cell}",
            bt.place_words(b),
            att.join(", "),
            def.join(", "),
            if notes.is_empty() {
                String::new()
            } else {
                format!(" [{}]", notes.join("; "))
            }
        ),
    );
    let elephants: Vec<String> = att
        .iter()
        .chain(&def)
        .filter(|u| bt.units[*u].class == Class::Elephant)
        .cloned()
        .collect();
    match res {
        MeleeResult::Engaged => {
            for u in att.iter().chain(&def) {
                bt.units.get_mut(u).unwrap().engaged = true;
            }
            bt.note(
                "Tactical 8.46",
                None,
                format!("both sides in {} are Melee Engaged", bt.place_words(b)),
            );
        }
        MeleeResult::Parts(parts) => {
            for u in att.iter().chain(&def) {
                if let Some(x) = bt.units.get_mut(u) {
                    x.engaged = false;
                }
            }
            for (k, s) in [(1, 1 - side), (0, side)] {
                let (p, star) = parts[k];
                let ids = if k == 0 {
                    bt.in_box(side, b)
                } else {
                    def.clone()
                };
                if star {
                    commanders::leader_loss(bt, s, b, dice)?;
                }
                result_for(bt, s, b, &ids, p);
                morale::check(bt);
            }
        }
    }
    special_units::elephant_panic(bt, &elephants, dice)?;
    for s in 0..2 {
        commanders::lone_commanders_escape(bt, s, b);
    }
    Ok(())
}

fn result_for(bt: &mut Battle, side: usize, b: &BoxId, ids: &[String], p: Part) {
    let ids: Vec<String> = ids
        .iter()
        .filter(|u| bt.units[*u].fighting())
        .cloned()
        .collect();
    if ids.is_empty() {
        return;
    }
    match p {
        Part::None => {}
        Part::Lose(n) => take_losses(bt, side, &ids, n, "Tactical 8.43"),
        Part::F => {
            for c in bt.commanders_in(side, b) {
                let x = bt.commanders.get_mut(&c).unwrap();
                x.status = super::Status::Fled;
                x.at = None;
            }
            for u in &ids {
                retreats::flee(bt, u, "Tactical 8.45");
            }
        }
        Part::R => {
            let retreat = super::choices::r_choice(bt, side, b, &ids);
            if retreat && retreats::retreat(bt, side, &ids, b, "Tactical 8.44, 9.2") {
                return;
            }
            let why = if retreat {
                " (it cannot retreat, so it must lose it)"
            } else {
                " (its plan's choice)"
            };
            bt.note(
                "Tactical 8.44",
                Some(side),
                format!("{} take the R result as 1 SSP lost{why}", ids.join(", ")),
            );
            take_losses(bt, side, &ids, 1, "Tactical 8.44");
        }
    }
}

/// [8.43], [7.25]: `n` SSP in total from `ids` of `side`, in the plan's loss order, the rest
/// from the strongest unit first (ties by id): the default keeps counters on the display.
pub fn take_losses(bt: &mut Battle, side: usize, ids: &[String], n: u32, rule: &str) {
    let mut taken: Vec<String> = Vec::new();
    let order = bt.plans[side].losses.clone();
    for _ in 0..n {
        let alive: Vec<&String> = ids
            .iter()
            .filter(|u| bt.units[*u].fighting() && bt.units[*u].ssp > 0)
            .collect();
        if alive.is_empty() {
            break;
        }
        let pick = order
            .iter()
            .find(|o| alive.contains(o))
            .cloned()
            .unwrap_or_else(|| {
                alive
                    .iter()
                    .max_by_key(|u| (bt.units[**u].ssp, std::cmp::Reverse((**u).clone())))
                    .map(|u| (*u).clone())
                    .unwrap()
            });
        let x = bt.units.get_mut(&pick).unwrap();
        x.ssp -= 1;
        if x.ssp == 0 {
            x.fate = Fate::Eliminated;
            x.at = None;
        }
        bt.lost[side] += 1;
        bt.turn_losses += 1;
        taken.push(pick);
    }
    if !taken.is_empty() {
        let mut gone: Vec<String> = taken
            .iter()
            .filter(|u| bt.units[*u].fate == Fate::Eliminated)
            .cloned()
            .collect();
        gone.dedup();
        bt.note(
            rule,
            Some(side),
            format!(
                "{} loses {} SSP ({}){}",
                bt.names[side],
                taken.len(),
                taken.join(", "),
                if gone.is_empty() {
                    String::new()
                } else {
                    format!("; {} eliminated", gone.join(", "))
                }
            ),
        );
    }
}
