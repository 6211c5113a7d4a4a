//! Supply radius on the hex map, shared by The Romans and The Macedonians: the cheapest land
//! movement path, in the game's movement costs (roads and rivers count, impassable and water
//! hexsides and sea hexes stop it), from a Force to the nearest of its supply sources, never
//! entering a hex the rules close to supply (Romans [14.12], [14.13], errata 14.12; ruling
//! AMB-52: the source hex counts, the Force's own hex does not). The radius and what closes a
//! hex are the game's.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

use crate::geo::{Board, Hex, MoveCosts};

/// Romans [14.12]: the cost (in the costs' units, half MP for The Romans) of the cheapest path
/// from `from` to any hex of `sources` costing at most `limit`, never entering a hex for which
/// `closed` is true (a closed source is no source). None when no source is within `limit`.
pub fn distance(
    costs: &MoveCosts,
    board: &dyn Board,
    closed: &dyn Fn(Hex) -> bool,
    from: Hex,
    sources: &BTreeSet<Hex>,
    limit: u32,
) -> Option<u32> {
    if sources.contains(&from) {
        return Some(0);
    }
    let conv = board.convention();
    let mut best: BTreeMap<Hex, u32> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    best.insert(from, 0);
    heap.push(Reverse((0u32, from)));
    while let Some(Reverse((cost, h))) = heap.pop() {
        if best.get(&h).is_some_and(|c| *c < cost) {
            continue;
        }
        if sources.contains(&h) {
            return Some(cost);
        }
        for n in h.neighbours(conv) {
            if closed(n) {
                continue;
            }
            let Ok(step) = costs.step(board, h, n) else {
                continue;
            };
            let c = cost + step;
            if c > limit || best.get(&n).is_some_and(|old| *old <= c) {
                continue;
            }
            best.insert(n, c);
            heap.push(Reverse((c, n)));
        }
    }
    None
}
