//! The naval combat procedure, shared by The Romans and The Macedonians (Romans [11.1]–[11.5],
//! errata 11.2, follow-up 11.2 and 11.5): the attacker alone rolls one die, once, no
//! exchanges ([11.25]), in the column of his fleet's naval strength against all the enemy
//! squadrons in the hex rounded in the defender's favour ([11.14]), the die moved by the
//! commanders ([11.4]); a cell gives each side's loss (a number, `e` the whole fleet, `-`
//! none: [11.22], [11.24]), read as printed (steps) or as the errata's loss points (a Heavy
//! step costs 3 points, a Medium 2, a Light 1; one added to each number, and under the
//! follow-up to each no-loss too). Points are spread so as to absorb as many as possible, then
//! to remove the most steps, then as the owner prefers (ruling AMB-03).

use std::collections::BTreeMap;

use crate::pack::table::{RowIndex, Table};

/// A squadron as the procedure sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ship {
    /// Its id.
    pub id: String,
    /// Naval strength now (Romans [11.21]: 6/4/2 full, 3/2/1 half).
    pub strength: u32,
    /// Steps left (2 at full strength, 1 at half).
    pub steps: u32,
    /// Loss points one of its steps absorbs (errata 11.2: Heavy 3, Medium 2, Light 1).
    pub loss_points: u32,
}

/// One side's part of a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loss {
    /// No loss.
    None,
    /// This many steps (as printed) or loss points (errata).
    Number(u32),
    /// The whole fleet is eliminated ([11.24]).
    Eliminated,
}

/// A Naval CRT cell read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    /// The attacker's loss.
    pub attacker: Loss,
    /// The defender's loss.
    pub defender: Loss,
}

/// How the table's numbers are read (errata 11.2, follow-up 11.5, digest AMB-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// Numbers are loss points (errata), not steps (as printed).
    pub points: bool,
    /// Added to every number.
    pub add: u32,
    /// What a no-loss becomes (0: stays none).
    pub no_loss: u32,
}

impl Variant {
    /// The table as printed (Romans [11.22]: steps).
    pub const PRINTED: Variant = Variant {
        points: false,
        add: 0,
        no_loss: 0,
    };
}

fn part(s: &str, v: &Variant) -> Loss {
    let s = s.trim();
    let body = s.trim_start_matches(['A', 'D']);
    if body == "e" {
        return Loss::Eliminated;
    }
    match body.parse::<u32>() {
        Ok(n) => Loss::Number(n + v.add),
        Err(_) if v.no_loss > 0 => Loss::Number(v.no_loss),
        Err(_) => Loss::None,
    }
}

/// Reads a cell (`A4/D1`, `Ae/-`, `-/De`, `Ae`) under the variant.
pub fn read(cell: &str, v: &Variant) -> Reading {
    let (a, d) = cell.split_once('/').unwrap_or((cell, "-"));
    Reading {
        attacker: part(a, v),
        defender: part(d, v),
    }
}

/// Romans [11.14], [11.5] key: the odds column of `attacker` naval strength against
/// `defender`, rounded in the defender's favour; below the first column the first.
pub fn column<R: RowIndex>(table: &Table<R>, attacker: u32, defender: u32) -> usize {
    crate::games::conquerors::combat::column(table, attacker, defender, 0)
}

/// Romans [11.4]: the die modifier: +1 when the attacker's commander has the higher Strategic
/// Rating, −1 when the defender's has; a defending fleet with no commander gives the attacker
/// +1 instead of the comparison (digest NC-13).
pub fn modifier(attacker: Option<u8>, defender: Option<u8>) -> i32 {
    match (attacker, defender) {
        (_, None) => 1,
        (Some(a), Some(d)) if a > d => 1,
        (Some(a), Some(d)) if d > a => -1,
        (None, Some(_)) => -1,
        _ => 0,
    }
}

/// The row read for a die and its modifier: the table's rows run from `first` to `last`
/// (Romans 0–7), so a modified roll beyond them reads the nearest.
pub fn row(die: u32, modifier: i32, first: i32, last: i32) -> i32 {
    (die as i32 + modifier).clamp(first, last)
}

/// The best allocation so far: (points, steps), the ranks of the steps taken, the steps.
type Best = ((u32, u32), Vec<usize>, Vec<(String, u32)>);

/// Steps lost by each ship, taking `points` loss points (errata 11.2, ruling AMB-03): as many
/// points as can be absorbed without going over, then the most steps, then the ships earliest
/// in `order` (every ship of `ships` is in it, the owner's choices first). A ship may lose both
/// its steps. Returns (ship id, steps) for the ships that lose any.
pub fn allocate_points(ships: &[Ship], points: u32, order: &[String]) -> Vec<(String, u32)> {
    let ranked = rank(ships, order);
    let mut groups: BTreeMap<u32, u32> = BTreeMap::new();
    for s in &ranked {
        if s.loss_points > 0 {
            *groups.entry(s.loss_points).or_default() += s.steps;
        }
    }
    let kinds: Vec<(u32, u32)> = groups.into_iter().collect();
    let mut best: Option<Best> = None;
    let mut counts = vec![0u32; kinds.len()];
    loop {
        let pts: u32 = counts.iter().zip(&kinds).map(|(n, (lp, _))| n * lp).sum();
        if pts <= points {
            let steps: u32 = counts.iter().sum();
            let taken = concrete(&ranked, &kinds, &counts);
            let ranks = rank_vector(&ranked, &taken);
            let better = match &best {
                None => true,
                Some((score, r, _)) => {
                    (pts, steps) > *score || ((pts, steps) == *score && ranks < *r)
                }
            };
            if better {
                best = Some(((pts, steps), ranks, taken));
            }
        }
        // Next combination (odometer over each kind's steps).
        let mut i = 0;
        loop {
            if i == counts.len() {
                return best.map(|b| b.2).unwrap_or_default();
            }
            if counts[i] < kinds[i].1 {
                counts[i] += 1;
                break;
            }
            counts[i] = 0;
            i += 1;
        }
    }
}

/// Romans [11.22] as printed: `steps` steps from the ships in `order`, each ship losing both
/// of its steps before the next loses any.
pub fn allocate_steps(ships: &[Ship], steps: u32, order: &[String]) -> Vec<(String, u32)> {
    let mut left = steps;
    let mut out = Vec::new();
    for s in rank(ships, order) {
        if left == 0 {
            break;
        }
        let n = s.steps.min(left);
        if n > 0 {
            out.push((s.id.clone(), n));
            left -= n;
        }
    }
    out
}

/// The ships in the owner's order: those named first, in his order, then the rest as given.
fn rank(ships: &[Ship], order: &[String]) -> Vec<Ship> {
    let mut out: Vec<Ship> = order
        .iter()
        .filter_map(|id| ships.iter().find(|s| &s.id == id))
        .cloned()
        .collect();
    for s in ships {
        if !out.iter().any(|x| x.id == s.id) {
            out.push(s.clone());
        }
    }
    out
}

/// The steps of each kind (by loss points) taken from the ships in rank order.
fn concrete(ranked: &[Ship], kinds: &[(u32, u32)], counts: &[u32]) -> Vec<(String, u32)> {
    let mut out = Vec::new();
    for ((lp, _), n) in kinds.iter().zip(counts) {
        let mut left = *n;
        for s in ranked.iter().filter(|s| s.loss_points == *lp) {
            if left == 0 {
                break;
            }
            let k = s.steps.min(left);
            out.push((s.id.clone(), k));
            left -= k;
        }
    }
    out
}

/// The rank of each step taken (one entry a step), sorted: smaller is more the owner's choice.
fn rank_vector(ranked: &[Ship], taken: &[(String, u32)]) -> Vec<usize> {
    let mut v: Vec<usize> = taken
        .iter()
        .flat_map(|(id, n)| {
            let r = ranked
                .iter()
                .position(|s| &s.id == id)
                .unwrap_or(usize::MAX);
            std::iter::repeat_n(r, *n as usize)
        })
        .collect();
    v.sort_unstable();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ship(id: &str, lp: u32, steps: u32) -> Ship {
        Ship {
            id: id.into(),
            strength: lp * steps,
            steps,
            loss_points: lp,
        }
    }

    #[test]
    fn romans_errata_11_2_four_points_take_both_medium_steps() {
        let f = [ship("h", 3, 2), ship("m", 2, 2)];
        let order = vec!["h".to_string(), "m".to_string()];
        assert_eq!(allocate_points(&f, 4, &order), vec![("m".to_string(), 2)]);
    }

    #[test]
    fn romans_errata_11_2_five_points_take_a_medium_and_a_heavy_step() {
        let f = [ship("h", 3, 2), ship("m", 2, 2)];
        let order = vec!["h".to_string(), "m".to_string()];
        let mut got = allocate_points(&f, 5, &order);
        got.sort();
        assert_eq!(got, vec![("h".to_string(), 1), ("m".to_string(), 1)]);
    }

    #[test]
    fn romans_follow_up_11_5_one_point_spares_a_fleet_without_lembi() {
        let f = [ship("h", 3, 2), ship("m", 2, 2)];
        assert!(allocate_points(&f, 1, &[]).is_empty());
        assert_eq!(
            read(
                "A4/-",
                &Variant {
                    points: true,
                    add: 1,
                    no_loss: 1
                }
            ),
            Reading {
                attacker: Loss::Number(5),
                defender: Loss::Number(1)
            }
        );
    }

    #[test]
    fn romans_11_4_modifiers() {
        assert_eq!(modifier(Some(3), Some(2)), 1);
        assert_eq!(modifier(Some(2), Some(3)), -1);
        assert_eq!(modifier(Some(2), Some(2)), 0);
        assert_eq!(modifier(Some(1), None), 1);
        assert_eq!(row(6, 1, 0, 7), 7);
        assert_eq!(row(1, -1, 0, 7), 0);
    }
}
