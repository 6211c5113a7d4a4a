//! The water of The Conquerors' hex maps, for fleets, shared by The Romans and The Macedonians:
//! which hexes a fleet may enter (all-sea, coastal and port hexes, and the Macedonians' sea
//! lanes: Romans [5.43], [5.45], Macedonians [5.33]), which hexsides it may cross (never an
//! all-land or all-lake hexside; a port used only from some sides, Romans [5.33]), the cost of
//! a fleet path (the game's MP per hex, ruling AMB-05) and its cheapest paths, and the naval
//! zones of interception (Romans [6.61], [6.62]: hex steps through fleet hexsides). One or two
//! maps: the Syrian War joins The Romans and The Macedonians maps edge to edge (Romans
//! [20.21], `geo::Seam`); a hex printed on both maps (6120 on The Romans is 0102 on The
//! Macedonians) is one hex, named by the base map.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use crate::geo::hexmap::HexEntry;
use crate::geo::{Board, Convention, Hex, HexKey, HexMap, Hexside, HexsideFeature, Seam, Terrain};

/// The maps a game is played on, joined by their seam (cheap to clone: the maps are shared).
#[derive(Debug, Clone)]
pub struct Waters {
    maps: Vec<std::sync::Arc<HexMap>>,
    seam: Option<Seam>,
    /// Each hex a fleet may be in → the neighbours it may sail to (built once).
    links: std::sync::Arc<BTreeMap<HexKey, Vec<HexKey>>>,
}

/// Why a fleet may not take a step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeaError {
    /// The hexes are not neighbours.
    NotAdjacent,
    /// The hex is off the maps.
    OffMap,
    /// The hex holds no water a fleet may use (an all-land or all-lake hex).
    Land(Terrain),
    /// The hexside is all-land or all-lake.
    Hexside(HexsideFeature),
    /// The port of one of the hexes is used only across other hexsides (Romans [5.33]).
    PortSide,
}

impl Waters {
    /// The maps, the base first, and the seam joining the second to it.
    pub fn new(maps: Vec<std::sync::Arc<HexMap>>, seam: Option<Seam>) -> Waters {
        let mut w = Waters {
            maps,
            seam,
            links: Default::default(),
        };
        let mut links = BTreeMap::new();
        for m in w.maps.iter() {
            for h in m.hexes.keys() {
                let k = HexKey {
                    map: m.id.clone(),
                    hex: *h,
                };
                let Some(c) = w.canonical(&k) else { continue };
                if c != k || !w.fleet_enters(&c) {
                    continue;
                }
                let out: Vec<HexKey> = w
                    .neighbours(&c)
                    .into_iter()
                    .filter(|n| w.step(&c, n).is_ok())
                    .collect();
                links.insert(c, out);
            }
        }
        w.links = std::sync::Arc::new(links);
        w
    }

    /// The neighbours a fleet in `k` may sail to (canonical names).
    pub fn sea_links(&self, k: &HexKey) -> &[HexKey] {
        self.links.get(k).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The grid convention (the seam keeps column parity, so both maps share it).
    pub fn convention(&self) -> Convention {
        self.maps
            .first()
            .map(|m| m.convention)
            .unwrap_or(Convention::EvenColumnsLow)
    }

    /// The map `id`.
    pub fn map(&self, id: &str) -> Option<&HexMap> {
        self.maps.iter().find(|m| m.id == id).map(|m| &**m)
    }

    /// The base map's id.
    pub fn base(&self) -> &str {
        self.maps.first().map(|m| m.id.as_str()).unwrap_or("")
    }

    /// The seam joining the second map to the base, if the game is played on two.
    pub fn seam(&self) -> Option<&Seam> {
        self.seam.as_ref()
    }

    /// A hex of either map in the base map's numbering.
    pub fn to_base(&self, k: &HexKey) -> Option<Hex> {
        match &self.seam {
            Some(s) => s.to_base(k),
            None => (k.map == self.base()).then_some(k.hex),
        }
    }

    /// The hex of base coordinates `b` on map `id`, when that map prints it.
    fn on(&self, id: &str, b: Hex) -> Option<Hex> {
        let m = self.map(id)?;
        let h = if id == self.base() {
            b
        } else {
            let s = self.seam.as_ref().filter(|s| s.map == id)?;
            Hex::new(b.col - s.columns, b.row - s.rows)
        };
        m.hexes.contains_key(&h).then_some(h)
    }

    /// The one name of a hex: the base map's where it prints the hex, else the joined map's.
    pub fn canonical(&self, k: &HexKey) -> Option<HexKey> {
        let b = self.to_base(k)?;
        for m in self.maps.iter() {
            if let Some(h) = self.on(&m.id, b) {
                return Some(HexKey {
                    map: m.id.clone(),
                    hex: h,
                });
            }
        }
        None
    }

    /// The printed entry of a hex.
    pub fn entry(&self, k: &HexKey) -> Option<&HexEntry> {
        let c = self.canonical(k)?;
        self.map(&c.map)?.hex(c.hex)
    }

    /// The hex `k` as map `id` numbers it, when that map prints it.
    pub fn numbered_on(&self, k: &HexKey, id: &str) -> Option<Hex> {
        self.on(id, self.to_base(k)?)
    }

    /// The neighbours of a hex on the maps (canonical names).
    pub fn neighbours(&self, k: &HexKey) -> Vec<HexKey> {
        let Some(b) = self.to_base(k) else {
            return Vec::new();
        };
        let mut out: Vec<HexKey> = b
            .neighbours(self.convention())
            .into_iter()
            .filter_map(|n| {
                self.maps.iter().find_map(|m| {
                    self.on(&m.id, n).map(|h| HexKey {
                        map: m.id.clone(),
                        hex: h,
                    })
                })
            })
            .collect();
        out.sort();
        out
    }

    /// Whether two hexes are neighbours.
    pub fn adjacent(&self, a: &HexKey, b: &HexKey) -> bool {
        match (self.to_base(a), self.to_base(b)) {
            (Some(x), Some(y)) => x.distance(y, self.convention()) == 1,
            _ => false,
        }
    }

    /// The features of the hexside between neighbours `a` and `b`, from a map printing both.
    pub fn features(&self, a: &HexKey, b: &HexKey) -> Vec<HexsideFeature> {
        for m in self.maps.iter() {
            if let (Some(x), Some(y)) = (self.numbered_on(a, &m.id), self.numbered_on(b, &m.id)) {
                if let Some(s) = Hexside::between(x, y, m.convention) {
                    return m.features(&s);
                }
            }
        }
        Vec::new()
    }

    /// A fleet may be in the hex: all-sea, coastal, a port, or a sea lane (Romans [5.43],
    /// Macedonians [5.33]).
    pub fn fleet_enters(&self, k: &HexKey) -> bool {
        self.entry(k).is_some_and(|e| {
            e.terrain == Terrain::Sea
                || e.coastal
                || e.port
                || e.tags.iter().any(|t| t == "sea-lane")
        })
    }

    /// The hex is all sea (Romans [5.43], [15.21]: entering it costs a fleet an attrition
    /// roll); a sea lane counts as coastal (Macedonians [5.33]).
    pub fn all_sea(&self, k: &HexKey) -> bool {
        self.entry(k)
            .is_some_and(|e| e.terrain == Terrain::Sea && !e.tags.iter().any(|t| t == "sea-lane"))
    }

    /// The hex has a port (Romans [5.26], [7.14]).
    pub fn port(&self, k: &HexKey) -> bool {
        self.entry(k).is_some_and(|e| e.port)
    }

    /// Whether a fleet may step from `a` into its neighbour `b`.
    ///
    /// Errors: [`SeaError`] saying why not.
    pub fn step(&self, a: &HexKey, b: &HexKey) -> Result<(), SeaError> {
        if !self.adjacent(a, b) {
            return Err(SeaError::NotAdjacent);
        }
        let e = self.entry(b).ok_or(SeaError::OffMap)?;
        if !self.fleet_enters(b) {
            return Err(SeaError::Land(e.terrain));
        }
        for f in self.features(a, b) {
            if matches!(f, HexsideFeature::AllLand | HexsideFeature::AllLake) {
                return Err(SeaError::Hexside(f));
            }
        }
        if !self.port_side(a, b) || !self.port_side(b, a) {
            return Err(SeaError::PortSide);
        }
        Ok(())
    }

    /// A port used only across some hexsides (Romans [5.33]) lets a fleet between `a` and `b`
    /// only across one of them.
    fn port_side(&self, a: &HexKey, b: &HexKey) -> bool {
        let Some(ca) = self.canonical(a) else {
            return true;
        };
        let Some(e) = self.entry(&ca) else {
            return true;
        };
        if e.fleet_sides.is_empty() {
            return true;
        }
        self.numbered_on(b, &ca.map)
            .is_some_and(|h| e.fleet_sides.iter().any(|s| *s == h.to_string()))
    }

    /// Cheapest fleet costs from the `from` hexes (each with a cost already spent) to every hex
    /// reachable within `limit`, each step `per_hex`; `open` says which hexes may be entered
    /// (the start hexes are always held).
    pub fn reach(
        &self,
        from: &[(HexKey, u32)],
        per_hex: u32,
        limit: u32,
        open: &dyn Fn(&HexKey) -> bool,
    ) -> BTreeMap<HexKey, u32> {
        let mut best: BTreeMap<HexKey, u32> = BTreeMap::new();
        let mut heap = BinaryHeap::new();
        for (k, c) in from {
            if let Some(k) = self.canonical(k) {
                if best.get(&k).is_none_or(|b| c < b) {
                    best.insert(k.clone(), *c);
                    heap.push(Reverse((*c, k)));
                }
            }
        }
        while let Some(Reverse((c, k))) = heap.pop() {
            if best.get(&k).is_some_and(|b| *b < c) {
                continue;
            }
            for n in self.sea_links(&k) {
                let nc = c + per_hex;
                if nc > limit || !open(n) {
                    continue;
                }
                if best.get(n).is_none_or(|b| nc < *b) {
                    best.insert(n.clone(), nc);
                    heap.push(Reverse((nc, n.clone())));
                }
            }
        }
        best
    }

    /// The cheapest fleet path from `from` to a hex `goal` accepts, costing at most `limit`
    /// (`per_hex` a step, only through hexes `open` accepts): (the hexes entered, cost). Ties go
    /// to the lower hex names, so the answer is always the same.
    pub fn path(
        &self,
        from: &HexKey,
        goal: &dyn Fn(&HexKey) -> bool,
        per_hex: u32,
        limit: u32,
        open: &dyn Fn(&HexKey) -> bool,
    ) -> Option<(Vec<HexKey>, u32)> {
        let start = self.canonical(from)?;
        if goal(&start) {
            return Some((Vec::new(), 0));
        }
        let mut best: BTreeMap<HexKey, (u32, Option<HexKey>)> = BTreeMap::new();
        best.insert(start.clone(), (0, None));
        let mut heap = BinaryHeap::new();
        heap.push(Reverse((0u32, start.clone())));
        while let Some(Reverse((c, k))) = heap.pop() {
            if best.get(&k).is_some_and(|(b, _)| *b < c) {
                continue;
            }
            if k != start && goal(&k) {
                let mut hexes = vec![k.clone()];
                let mut at = k;
                while let Some((_, Some(p))) = best.get(&at) {
                    if *p == start {
                        break;
                    }
                    hexes.push(p.clone());
                    at = p.clone();
                }
                hexes.reverse();
                return Some((hexes, c));
            }
            for n in self.sea_links(&k) {
                let nc = c + per_hex;
                if nc > limit || !open(n) {
                    continue;
                }
                if best.get(n).is_none_or(|(b, _)| nc < *b) {
                    best.insert(n.clone(), (nc, Some(k.clone())));
                    heap.push(Reverse((nc, n.clone())));
                }
            }
        }
        None
    }

    /// Naval zone numbers (1 = adjacent … `radius`) around a fleet at `origin`: hex steps
    /// through hexes and hexsides a fleet may use (Romans [6.61]: never across an all-land
    /// hexside; into all-sea hexes). The origin itself is not in the zone.
    pub fn zones(&self, origin: &HexKey, radius: u32) -> BTreeMap<HexKey, u32> {
        let mut z = self.reach(&[(origin.clone(), 0)], 1, radius, &|_| true);
        if let Some(o) = self.canonical(origin) {
            z.remove(&o);
        }
        z
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn waters() -> Waters {
        let maps = crate::games::conquerors::data::load_embedded().expect("maps load");
        Waters::new(
            vec![std::sync::Arc::new(
                maps.map_for("romans", "romans").expect("map"),
            )],
            None,
        )
    }

    fn k(h: &str) -> HexKey {
        HexKey::parse(h, "romans").expect("hex")
    }

    #[test]
    fn romans_5_43_fleets_stay_on_water() {
        let w = waters();
        // Brundisium is a port; the sea beside it is open; Roma (2914) is inland.
        assert!(w.fleet_enters(&k("4319")));
        assert!(!w.fleet_enters(&k("2914")));
        assert!(w.port(&k("2915")));
    }

    fn north_has_port_side(w: &Waters) -> bool {
        w.neighbours(&k("5529"))
            .iter()
            .any(|n| w.step(n, &k("5529")) == Err(SeaError::PortSide))
    }

    #[test]
    fn romans_5_33_corinth_serves_fleets_from_the_south_only() {
        let w = waters();
        assert!(w.step(&k("5629"), &k("5529")).is_ok());
        let north: Vec<HexKey> = w
            .neighbours(&k("5529"))
            .into_iter()
            .filter(|n| *n != k("5629") && w.fleet_enters(n))
            .collect();
        for n in north {
            // Every other water neighbour is barred: by the port side, or by the coast itself.
            assert!(w.step(&n, &k("5529")).is_err(), "{n}");
        }
        assert!(north_has_port_side(&w));
    }
}
