//! Plane geometry for the map pictures: a projection from longitude/latitude to the picture,
//! and province cells (a Voronoi diagram of the province positions, each cell clipped to a
//! disc around its province) with their edges tagged by the neighbouring province, so a
//! border between two provinces can be drawn where their cells meet. Floating point is fine
//! here: nothing reaches state or hashes.

/// A point on the picture, in pixels.
pub type Xy = (f64, f64);

/// Equirectangular projection with the x scale corrected at the middle latitude.
#[derive(Debug, Clone, Copy)]
pub struct Projection {
    lon0: f64,
    lat1: f64,
    scale: f64,
    kx: f64,
    /// Left margin, pixels.
    pub left: f64,
    /// Top margin, pixels.
    pub top: f64,
    /// Width of the drawing, pixels.
    pub width: f64,
    /// Height of the drawing, pixels.
    pub height: f64,
}

impl Projection {
    /// Fits the box (degrees) into `width` pixels, margins `left` and `top`.
    pub fn fit(min: Xy, max: Xy, width: f64, left: f64, top: f64) -> Projection {
        let mid = ((min.1 + max.1) / 2.0).to_radians();
        let kx = mid.cos().max(0.2);
        let scale = width / ((max.0 - min.0) * kx).max(1e-6);
        Projection {
            lon0: min.0,
            lat1: max.1,
            scale,
            kx,
            left,
            top,
            width,
            height: (max.1 - min.1) * scale,
        }
    }
    /// Degrees to pixels.
    pub fn xy(&self, lon: f64, lat: f64) -> Xy {
        (
            self.left + (lon - self.lon0) * self.kx * self.scale,
            self.top + (self.lat1 - lat) * self.scale,
        )
    }
    /// Pixels per degree of latitude.
    pub fn scale(&self) -> f64 {
        self.scale
    }
}

/// One province's cell: a convex polygon; `edge_of[i]` is the site whose bisector made the
/// edge from `points[i]` to `points[i + 1]` (None: the clipping disc or the frame).
#[derive(Debug, Clone, Default)]
pub struct Cell {
    /// Corners, in order.
    pub points: Vec<Xy>,
    /// The neighbour on each edge.
    pub edge_of: Vec<Option<usize>>,
}

/// Clips a convex polygon to the half-plane `n·p <= c`, tagging the new edge with `tag`.
fn clip(cell: &Cell, n: Xy, c: f64, tag: Option<usize>) -> Cell {
    let inside = |p: Xy| n.0 * p.0 + n.1 * p.1 <= c + 1e-9;
    let cross = |a: Xy, b: Xy| {
        let da = n.0 * a.0 + n.1 * a.1 - c;
        let db = n.0 * b.0 + n.1 * b.1 - c;
        let t = da / (da - db);
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
    };
    let mut out = Cell::default();
    let k = cell.points.len();
    for i in 0..k {
        let a = cell.points[i];
        let b = cell.points[(i + 1) % k];
        let e = cell.edge_of[i];
        match (inside(a), inside(b)) {
            (true, true) => {
                out.points.push(a);
                out.edge_of.push(e);
            }
            (true, false) => {
                out.points.push(a);
                out.edge_of.push(e);
                out.points.push(cross(a, b));
                out.edge_of.push(tag);
            }
            (false, true) => {
                out.points.push(cross(a, b));
                out.edge_of.push(e);
            }
            (false, false) => {}
        }
    }
    out
}

/// The cells of `sites` within the frame (`min`–`max`, pixels), each within `radius` of its
/// site (a 32-sided polygon).
pub fn cells(sites: &[Xy], min: Xy, max: Xy, radius: f64) -> Vec<Cell> {
    sites
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let mut cell = Cell {
                points: vec![min, (max.0, min.1), max, (min.0, max.1)],
                edge_of: vec![None; 4],
            };
            for (j, &o) in sites.iter().enumerate() {
                if i == j || o == s {
                    continue;
                }
                // Points nearer to s than to o: (o - s)·p <= (|o|² - |s|²) / 2.
                let n = (o.0 - s.0, o.1 - s.1);
                let c = (o.0 * o.0 + o.1 * o.1 - s.0 * s.0 - s.1 * s.1) / 2.0;
                cell = clip(&cell, n, c, Some(j));
            }
            for k in 0..32 {
                let a = std::f64::consts::TAU * (k as f64 + 0.5) / 32.0;
                let n = (a.cos(), a.sin());
                let c = n.0 * s.0 + n.1 * s.1 + radius;
                cell = clip(&cell, n, c, None);
            }
            cell
        })
        .collect()
}

/// The edge of `cell` shared with site `other`, if the cells meet.
pub fn shared_edge(cell: &Cell, other: usize) -> Option<(Xy, Xy)> {
    let k = cell.points.len();
    (0..k)
        .find(|&i| cell.edge_of[i] == Some(other))
        .map(|i| (cell.points[i], cell.points[(i + 1) % k]))
}

/// Centre of a flat-topped hex of size `s` (centre to corner) at grid position `col`, `row`
/// (counted from 0); `low` says whether this column sits half a hex lower.
pub fn hex_centre(col: u32, row: u32, s: f64, low: bool, origin: Xy) -> Xy {
    let h = 3f64.sqrt() * s;
    (
        origin.0 + s + col as f64 * 1.5 * s,
        origin.1 + h / 2.0 + row as f64 * h + if low { h / 2.0 } else { 0.0 },
    )
}

/// Corners of a flat-topped hex.
pub fn hex_corners(c: Xy, s: f64) -> Vec<Xy> {
    (0..6)
        .map(|k| {
            let a = std::f64::consts::PI / 3.0 * k as f64;
            (c.0 + s * a.cos(), c.1 + s * a.sin())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_sites_share_the_bisector() {
        let c = cells(
            &[(10.0, 50.0), (90.0, 50.0)],
            (0.0, 0.0),
            (100.0, 100.0),
            1000.0,
        );
        let (a, b) = shared_edge(&c[0], 1).expect("cells meet");
        assert!((a.0 - 50.0).abs() < 1e-6 && (b.0 - 50.0).abs() < 1e-6);
        assert!(shared_edge(&c[1], 0).is_some());
    }

    #[test]
    fn flat_topped_columns_offset_by_half_a_hex() {
        let a = hex_centre(0, 0, 10.0, false, (0.0, 0.0));
        let b = hex_centre(1, 0, 10.0, true, (0.0, 0.0));
        assert!((b.0 - a.0 - 15.0).abs() < 1e-9);
        assert!((b.1 - a.1 - 3f64.sqrt() * 5.0).abs() < 1e-9);
    }
}
