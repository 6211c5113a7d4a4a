//! Movement-point costs as data and the paths they allow: entering a hex costs its terrain,
//! crossing a hexside may add to that or be impossible, and moving along a road from a connected
//! road hex costs the road's rate instead (Romans [5.41]–[5.44], Macedonians [5.31], [5.41]).
//! Costs are whole numbers in a unit the data chooses (half movement points, so that a road's
//! ½ MP is an integer).

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use serde::{Deserialize, Serialize};

use super::hex::{Convention, Hex};
use super::hexside::{Hexside, HexsideFeature, Terrain};

/// What crossing a hexside with a feature costs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HexsideCost {
    /// Added to the cost of entering the hex beyond.
    #[serde(default)]
    pub extra: u32,
    /// Land units may not cross (mountain, blocked, all-sea without a crossing).
    #[serde(default)]
    pub impassable: bool,
    /// Features this one makes passable on the same hexside (a ferry or bridge opens all-sea
    /// and strait hexsides).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opens: Vec<HexsideFeature>,
}

/// Land movement costs of one game, in `1 / per_mp` movement points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveCosts {
    /// Cost units in one movement point (2: costs are in half MPs).
    pub per_mp: u32,
    /// A Commander's movement allowance, in cost units.
    pub allowance: u32,
    /// Cost to enter a hex of each terrain; a terrain not listed may not be entered.
    pub terrain: BTreeMap<Terrain, u32>,
    /// Hexside features that cost or block; a feature not listed has no effect.
    #[serde(default)]
    pub hexsides: BTreeMap<HexsideFeature, HexsideCost>,
    /// Cost to enter a road hex from a connected road hex, by road kind (terrain and hexsides
    /// ignored along the road).
    #[serde(default)]
    pub roads: BTreeMap<String, u32>,
}

/// What movement needs to know of a map.
pub trait Board {
    /// The grid convention.
    fn convention(&self) -> Convention;
    /// The terrain of a hex; `None` off the map.
    fn terrain(&self, h: Hex) -> Option<Terrain>;
    /// The features of the hexside (empty when none).
    fn features(&self, side: &Hexside) -> Vec<HexsideFeature>;
    /// The kinds of road joining the neighbours `from` and `to` directly.
    fn roads(&self, from: Hex, to: Hex) -> Vec<String>;
}

/// A shared board is a board (games keep their indexed maps behind an `Arc`).
impl<B: Board + ?Sized> Board for std::sync::Arc<B> {
    fn convention(&self) -> Convention {
        (**self).convention()
    }
    fn terrain(&self, h: Hex) -> Option<Terrain> {
        (**self).terrain(h)
    }
    fn features(&self, side: &Hexside) -> Vec<HexsideFeature> {
        (**self).features(side)
    }
    fn roads(&self, from: Hex, to: Hex) -> Vec<String> {
        (**self).roads(from, to)
    }
}

/// Why a step may not be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The hexes are not neighbours.
    #[error("{0} and {1} are not neighbours")]
    NotAdjacent(Hex, Hex),
    /// The hex lies off the map.
    #[error("{0} is off the map")]
    OffMap(Hex),
    /// Its terrain may not be entered.
    #[error("{hex} ({terrain}) may not be entered", hex = .0, terrain = .1.name())]
    Terrain(Hex, Terrain),
    /// The hexside may not be crossed.
    #[error("the hexside {side} ({feature}) may not be crossed", side = .0, feature = .1.name())]
    Hexside(Hexside, HexsideFeature),
}

/// What one step costs and how it was paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepCost {
    /// The cost (in the data's units).
    pub cost: u32,
    /// Paid at a road's rate (the road was cheaper, or the only way across).
    pub road: bool,
    /// The hexside's extra cost, when the step crosses it off the road.
    pub hexside: u32,
}

impl MoveCosts {
    /// The cost of stepping from `from` into its neighbour `to`: the cheaper of road movement
    /// (when a road joins the two) and terrain plus hexside costs.
    ///
    /// Errors: [`StepError`] saying why the step is impossible.
    pub fn step(&self, b: &dyn Board, from: Hex, to: Hex) -> Result<u32, StepError> {
        self.step_detail(b, from, to, true).map(|s| s.cost)
    }

    /// As [`MoveCosts::step`], saying whether the road's rate was paid; with `roads` false the
    /// step pays terrain and hexside even where a road joins the hexes (a Force that may not
    /// use the road there: Macedonians [5.43], [5.44]).
    ///
    /// Errors: [`StepError`] saying why the step is impossible.
    pub fn step_detail(
        &self,
        b: &dyn Board,
        from: Hex,
        to: Hex,
        roads: bool,
    ) -> Result<StepCost, StepError> {
        let conv = b.convention();
        let side = Hexside::between(from, to, conv).ok_or(StepError::NotAdjacent(from, to))?;
        let terrain = b.terrain(to).ok_or(StepError::OffMap(to))?;
        let road = if roads {
            b.roads(from, to)
                .iter()
                .filter_map(|k| self.roads.get(k).copied())
                .min()
        } else {
            None
        };
        let cross = self.cross(&b.features(&side), &side).and_then(|extra| {
            self.terrain
                .get(&terrain)
                .map(|c| (c + extra, extra))
                .ok_or(StepError::Terrain(to, terrain))
        });
        let on_road = |cost| StepCost {
            cost,
            road: true,
            hexside: 0,
        };
        match (road, cross) {
            (Some(r), Ok((c, _))) if r < c => Ok(on_road(r)),
            (Some(r), Err(_)) => Ok(on_road(r)),
            (_, c) => c.map(|(cost, hexside)| StepCost {
                cost,
                road: false,
                hexside,
            }),
        }
    }

    /// Extra cost of crossing a hexside with `features`, or the feature that blocks it.
    fn cross(&self, features: &[HexsideFeature], side: &Hexside) -> Result<u32, StepError> {
        let opened: Vec<HexsideFeature> = features
            .iter()
            .filter_map(|f| self.hexsides.get(f))
            .flat_map(|c| c.opens.iter().copied())
            .collect();
        let mut extra = 0;
        for f in features {
            if let Some(c) = self.hexsides.get(f) {
                if c.impassable && !opened.contains(f) {
                    return Err(StepError::Hexside(*side, *f));
                }
                extra += c.extra;
            }
        }
        Ok(extra)
    }

    /// The total cost of a path (each hex after the first entered in turn).
    ///
    /// Errors: the first impossible step.
    pub fn path_cost(&self, b: &dyn Board, path: &[Hex]) -> Result<u32, StepError> {
        path.windows(2).map(|w| self.step(b, w[0], w[1])).sum()
    }

    /// Every hex reachable from `from` for at most `limit`: its cheapest cost and the hex it is
    /// entered from on that path (None for `from`), ties to lower hex numbers. The cheapest path
    /// to any of them is read back through the predecessors.
    pub fn reach(&self, b: &dyn Board, from: Hex, limit: u32) -> BTreeMap<Hex, (u32, Option<Hex>)> {
        let conv = b.convention();
        let mut best: BTreeMap<Hex, (u32, Option<Hex>)> = BTreeMap::from([(from, (0, None))]);
        let mut heap = BinaryHeap::from([Reverse((0u32, from))]);
        while let Some(Reverse((cost, h))) = heap.pop() {
            if best.get(&h).is_some_and(|(c, _)| *c < cost) {
                continue;
            }
            for n in h.neighbours(conv) {
                let Ok(step) = self.step(b, h, n) else {
                    continue;
                };
                let c = cost + step;
                if c > limit || best.get(&n).is_some_and(|(old, _)| *old <= c) {
                    continue;
                }
                best.insert(n, (c, Some(h)));
                heap.push(Reverse((c, n)));
            }
        }
        best
    }

    /// The cheapest path from `from` to `to` costing at most `limit`, as (cost, hexes from
    /// `from` to `to`). Ties go to the path through lower hex numbers, so the answer is
    /// deterministic.
    pub fn cheapest(
        &self,
        b: &dyn Board,
        from: Hex,
        to: Hex,
        limit: u32,
    ) -> Option<(u32, Vec<Hex>)> {
        let conv = b.convention();
        let mut best: BTreeMap<Hex, (u32, Option<Hex>)> = BTreeMap::new();
        let mut heap = BinaryHeap::new();
        best.insert(from, (0, None));
        heap.push(Reverse((0u32, from)));
        while let Some(Reverse((cost, h))) = heap.pop() {
            if best.get(&h).is_some_and(|(c, _)| *c < cost) {
                continue;
            }
            if h == to {
                let mut path = vec![h];
                let mut at = h;
                while let Some((_, Some(p))) = best.get(&at) {
                    path.push(*p);
                    at = *p;
                }
                path.reverse();
                return Some((cost, path));
            }
            for n in h.neighbours(conv) {
                let Ok(step) = self.step(b, h, n) else {
                    continue;
                };
                let c = cost + step;
                if c > limit || best.get(&n).is_some_and(|(old, _)| *old <= c) {
                    continue;
                }
                best.insert(n, (c, Some(h)));
                heap.push(Reverse((c, n)));
            }
        }
        None
    }
}
