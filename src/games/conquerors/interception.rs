//! Land zones of interception, shared by The Romans and The Macedonians (Romans [6.1]–[6.5],
//! Macedonians [6]): the zone number of each hex around an intercepting Force, measured as hex
//! steps through the hexes and hexsides a zone may cross (the game says which, as data), the
//! roll on the game's Land Interception Table, and the rule of a Force that starts its move
//! inside a zone (Romans [6.54]).

use std::collections::{BTreeMap, VecDeque};

use crate::geo::{Board, Hex, Hexside};
use crate::pack::table::{RowIndex, Table};

/// What a zone may reach: the game's answers for one hexside and one hex.
pub trait ZoneReach {
    /// The zone crosses the hexside between neighbours `from` and `to` (Romans [6.12]:
    /// not mountain, blocked, all-lake or all-sea hexsides; rivers yes).
    fn crosses(&self, side: &Hexside) -> bool;
    /// The zone enters hex `h` (land, and not an A/B city the intercepting player does not
    /// control: Romans [6.12]).
    fn enters(&self, h: Hex) -> bool;
}

/// Zone numbers (1 = adjacent … `radius`) of the hexes reached from `origin` by breadth-first
/// hex steps that cross only hexsides and enter only hexes the zone may (ruling AMB-54: hex
/// steps, not MP). The origin itself is not in the zone.
pub fn zones(
    board: &dyn Board,
    reach: &dyn ZoneReach,
    origin: Hex,
    radius: u32,
) -> BTreeMap<Hex, u32> {
    let conv = board.convention();
    let mut out = BTreeMap::new();
    let mut queue = VecDeque::from([(origin, 0u32)]);
    let mut seen = BTreeMap::from([(origin, 0u32)]);
    while let Some((h, d)) = queue.pop_front() {
        if d == radius {
            continue;
        }
        for n in h.neighbours(conv) {
            if seen.contains_key(&n) || board.terrain(n).is_none() || !reach.enters(n) {
                continue;
            }
            let Some(side) = Hexside::between(h, n, conv) else {
                continue;
            };
            if !reach.crosses(&side) {
                continue;
            }
            seen.insert(n, d + 1);
            out.insert(n, d + 1);
            queue.push_back((n, d + 1));
        }
    }
    out
}

/// The Land Interception Table's answer for `zone` (its column `zone-N`) and a die `roll`:
/// whether the interception succeeds (cells `yes`; `auto` succeeds on any roll).
pub fn table_says<R: RowIndex>(table: &Table<R>, zone: u32, roll: u8) -> bool {
    matches!(
        table.roll(roll, &format!("zone-{zone}")),
        Some("yes" | "auto")
    )
}

/// Whether `zone` needs no roll: every cell of its column is `auto` (Romans [6.3], zone 1).
pub fn automatic<R: RowIndex>(table: &Table<R>, zone: u32) -> bool {
    let col = format!("zone-{zone}");
    let Some(c) = table.columns.iter().position(|x| *x == col) else {
        return false;
    };
    !table.rows.is_empty()
        && table
            .rows
            .values()
            .all(|r| r.get(c).map(String::as_str) == Some("auto"))
}

/// Romans [6.54] (ruling AMB-55): which hexes of a move may be intercepted by one Force, given
/// the zone number of the start hex and of each hex entered (`None`: outside the zone). A Force
/// that starts inside the zone is safe while it moves only to weaker zones (higher numbers);
/// entering a hex of the same or a stronger zone, or coming back after leaving, exposes it.
pub fn exposed(start: Option<u32>, entered: &[Option<u32>]) -> Vec<bool> {
    let mut protected = start;
    entered
        .iter()
        .map(|z| match (z, protected) {
            (None, _) => {
                protected = None;
                false
            }
            (Some(z), Some(p)) if *z > p => {
                protected = Some(*z);
                false
            }
            (Some(_), _) => {
                protected = None;
                true
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::exposed;

    #[test]
    fn romans_6_54_moving_to_weaker_zones_is_safe() {
        // The 6.54 example: from Zone-2 to Zone-3, Zone-4, out: never exposed.
        assert_eq!(
            exposed(Some(2), &[Some(3), Some(4), None]),
            vec![false, false, false]
        );
        // To Zone-1 or another Zone-2 hex: exposed.
        assert_eq!(exposed(Some(2), &[Some(1)]), vec![true]);
        assert_eq!(exposed(Some(2), &[Some(2)]), vec![true]);
        // Not starting inside: every zone hex entered is exposed.
        assert_eq!(exposed(None, &[Some(4), Some(3)]), vec![true, true]);
    }
}
