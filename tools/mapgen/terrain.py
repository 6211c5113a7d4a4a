"""Classify every hex and hexside of one map from the geodata (see README.md for the rules used)."""
import math

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, box
from shapely.ops import unary_union

import geodata
import hexgrid as hg
from relief import Relief

# thresholds (hex fractions, metres); see README "How terrain is decided"
SEA_MAX_LAND = 0.08        # a hex with less land than this is all-sea ...
ISLAND_KM2 = 40.0          # ... unless an island at least this big has its centroid in it
LAKE_MIN = 0.55            # a hex at least this much lake (of its area) is an all-lake hex
COAST_MIN_WATER = 0.04     # a land hex with at least this much sea is coastal
ROUGH_RELIEF = 900         # p90 - p10 of land heights in the hex
ROUGH_RELIEF_HIGH = 600    # ... or this much where the median is above HIGH
HIGH = 1300
LOWLAND = 200              # a hex whose land median is below this is never rough (coastal colour noise) ...
LOWLAND_RELIEF = 1500      # ... unless its relief is at least this
DESERT_ARID = 0.75         # fraction of land samples with the arid tint
DESERT_MAX_LAT = 36.6      # no desert north of this (Anatolia's steppe is not desert)
MOUNTAIN_CREST = 2500      # median height of the middle of the centre-to-centre line, both hexes rough ...
MOUNTAIN_PROMINENCE = 900  # ... and at least this far above the median of each hex
# modern reservoirs that GSHHG draws as lakes (lon, lat): dropped, they did not exist
# Tharthar, Razzaza, Habbaniyah, Hamrin, Assad, Ataturk, Keban, Haditha
RESERVOIRS = [(42.35, 34.25), (43.22, 34.02), (43.57, 32.82), (43.44, 33.32), (45.0, 34.15), (38.3, 36.0), (38.7, 37.5), (39.0, 38.8)]
SIDE_LAND_MIN = 0.2        # land fraction along a hexside for land units to cross between two land hexes
SIDE_WATER_MIN = 0.2       # water fraction along a hexside for fleets to cross between two water hexes
RIVER_RANKS = (0, 1, 2)    # WDBII ranks drawn as river hexsides
# Generic mountain hexsides from the relief proxy are off: hill-shading reads as height, so the
# crest test fires on shaded slopes (raising MOUNTAIN_CREST from 2500 to 2800 m changed nothing) and
# scattered impassable sides appeared on every plateau. The maps take their impassable mountain
# hexsides from the hand-drawn ridges of regions.yaml instead.
GENERIC_MOUNTAINS = False


def lattice():
    poly = shapely.Polygon(hg.corners(0, 0))
    cx, cy = hg.center(0, 0)
    out = []
    for j in range(-8, 9):
        for i in range(-8, 9):
            x, y = i * 0.1 + (j % 2) * 0.05, j * 0.1 * math.sqrt(3) / 2
            if poly.contains(shapely.Point(cx + x, cy + y)):
                out.append((x, y))
    return np.array(out)


class MapGeo:
    def __init__(self, name, transform):
        self.name = name
        self.T = transform
        self.off = (0, 0) if name == "romans" else hg.JOIN
        self.hexes = [(c, r) for c in range(1, hg.NCOL + 1) for r in range(1, hg.NROW + 1)]

    def to_ll(self, x, y):
        """map hex units -> lon, lat"""
        return self.T.hex_to_lonlat(np.asarray(x) + self.off[0] * hg.S3, np.asarray(y) + self.off[1])

    def to_xy(self, lon, lat):
        x, y = self.T.lonlat_to_hex(lon, lat)
        return x - self.off[0] * hg.S3, y - self.off[1]

    def load(self):
        offs = lattice()
        self.K = len(offs)
        C = np.array([hg.center(*h) for h in self.hexes])
        SX = (C[:, None, 0] + offs[None, :, 0]).ravel()
        SY = (C[:, None, 1] + offs[None, :, 1]).ravel()
        slon, slat = self.to_ll(SX, SY)
        pad = 1.0
        self.bbox = (slon.min() - pad, slat.min() - pad, slon.max() + pad, slat.max() + pad)
        clip = box(*self.bbox)
        land, lakes, islands = [], [], []
        for level, area, poly in geodata.gshhg_polygons(self.bbox, "i"):
            part = shapely.intersection(poly, clip)
            if part.is_empty:
                continue
            if level in (1, 3):
                land.append(part)
                if area >= ISLAND_KM2 and area < 50000:
                    islands.append((area, poly.representative_point()))
            elif not any(poly.distance(shapely.Point(p)) < 0.1 for p in RESERVOIRS):
                lakes.append(part)
        self.LAND = unary_union(land)
        self.LAKE = unary_union(lakes) if lakes else shapely.GeometryCollection()
        shapely.prepare(self.LAND)
        shapely.prepare(self.LAKE)
        self.land_parts = land
        self.lake_parts = lakes
        lk = shapely.contains_xy(self.LAKE, slon, slat)
        ld = shapely.contains_xy(self.LAND, slon, slat) & ~lk
        self.slon, self.slat = slon, slat
        self.land_samples = ld.reshape(-1, self.K)
        self.landf = ld.reshape(-1, self.K).mean(1)
        self.lakef = lk.reshape(-1, self.K).mean(1)
        self.seaf = 1 - self.landf - self.lakef
        self.relief = Relief(self.bbox)
        z = self.relief.height(slon, slat).reshape(-1, self.K)
        arid = self.relief.aridity(slon, slat).reshape(-1, self.K)
        L = ld.reshape(-1, self.K)
        self.zmed = np.zeros(len(self.hexes))
        self.zrel = np.zeros(len(self.hexes))
        self.aridf = np.zeros(len(self.hexes))
        for k in range(len(self.hexes)):
            v = z[k][L[k]]
            if len(v) >= 3:
                self.zmed[k] = np.median(v)
                self.zrel[k] = np.percentile(v, 90) - np.percentile(v, 10)
                self.aridf[k] = arid[k][L[k]].mean()
        hlon, hlat = self.to_ll(C[:, 0], C[:, 1])
        self.hlat = hlat
        # islands: hex holding an island's representative point
        self.island_hexes = set()
        if islands:
            ix, iy = self.to_xy(np.array([p.x for _, p in islands]), np.array([p.y for _, p in islands]))
            for x, y in zip(ix, iy):
                h = hg.nearest(x, y)
                if hg.on_map(*h):
                    self.island_hexes.add(h)
        self.rivers = {}
        for rank in RIVER_RANKS:
            segs = geodata.wdbii_rivers(self.bbox, rank, "h")
            if segs:
                self.rivers[rank] = MultiLineString(segs)
        self.RIV = unary_union(list(self.rivers.values())) if self.rivers else None

    def classify(self):
        """-> dict (c, r) -> {terrain, coastal, land, sea, lake, zmed, relief, arid}"""
        self.idx = {h: k for k, h in enumerate(self.hexes)}
        valley = self._river_valleys()
        out = {}
        for k, h in enumerate(self.hexes):
            lf, kf, sf = self.landf[k], self.lakef[k], self.seaf[k]
            if kf >= LAKE_MIN:
                t = "lake"
            elif lf < SEA_MAX_LAND and h not in self.island_hexes:
                t = "sea" if sf >= kf else "lake"
            else:
                rough = self.zrel[k] >= ROUGH_RELIEF or (self.zmed[k] >= HIGH and self.zrel[k] >= ROUGH_RELIEF_HIGH)
                if self.zmed[k] < LOWLAND and self.zrel[k] < LOWLAND_RELIEF:
                    rough = False
                desert = (not rough and self.aridf[k] >= DESERT_ARID and self.hlat[k] < DESERT_MAX_LAT
                          and h not in valley)
                t = "rough" if rough else ("desert" if desert else "clear")
            coastal = t not in ("sea", "lake") and (sf >= COAST_MIN_WATER or (lf < SEA_MAX_LAND))
            out[h] = dict(terrain=t, coastal=bool(coastal), land=float(lf), sea=float(sf), lake=float(kf),
                          zmed=float(self.zmed[k]), relief=float(self.zrel[k]), arid=float(self.aridf[k]))
        self.hexinfo = out
        return out

    def _river_valleys(self):
        """hexes whose centre lies within 0.45 hex of a rank 0-1 river: irrigated, never desert"""
        out = set()
        big = [self.rivers[r] for r in (0, 1) if r in self.rivers]
        if not big:
            return out
        for ml in big:
            for ln in ml.geoms:
                xy = np.array(ln.coords)
                x, y = self.to_xy(xy[:, 0], xy[:, 1])
                for xx, yy in zip(x, y):
                    h = hg.nearest(xx, yy)
                    if hg.on_map(*h):
                        out.add(h)
        return out

    def hexsides(self):
        """-> dict side_key -> {features: [...], river_rank}"""
        H = set(self.hexes)
        out = {}
        ts = np.linspace(0.0, 1.0, 17)
        for h in self.hexes:
            for n in hg.neighbours(*h):
                if n not in H or hg.side_key(h, n) in out:
                    continue
                a, b = self.hexinfo[h], self.hexinfo[n]
                (x0, y0), (x1, y1) = hg.side_segment(h, n)
                slon, slat = self.to_ll(x0 + (x1 - x0) * ts, y0 + (y1 - y0) * ts)
                lk = shapely.contains_xy(self.LAKE, slon, slat)
                ld = shapely.contains_xy(self.LAND, slon, slat) & ~lk
                feats = []
                a_land, b_land = a["terrain"] not in ("sea", "lake"), b["terrain"] not in ("sea", "lake")
                a_water = a["terrain"] in ("sea", "lake") or a["coastal"]
                b_water = b["terrain"] in ("sea", "lake") or b["coastal"]
                if a_land and b_land and ld.mean() < SIDE_LAND_MIN:
                    feats.append("all-lake" if lk.sum() > (~ld & ~lk).sum() else "all-sea")
                if a_water and b_water and (1 - ld.mean()) < SIDE_WATER_MIN and not (a["terrain"] == "sea" and b["terrain"] == "sea"):
                    feats.append("all-land")
                rank = None
                if self.RIV is not None and a_land and b_land and "all-sea" not in feats:
                    (cx0, cy0), (cx1, cy1) = hg.center(*h), hg.center(*n)
                    tt = np.linspace(0, 1, 13)
                    llo, lla = self.to_ll(cx0 + (cx1 - cx0) * tt, cy0 + (cy1 - cy0) * tt)
                    seg = LineString(np.column_stack([llo, lla]))
                    for rk in sorted(self.rivers):
                        ip = shapely.intersection(self.rivers[rk], seg)
                        npts = 0 if ip.is_empty else len(getattr(ip, "geoms", [ip]))
                        if npts % 2 == 1:
                            rank = rk
                            feats.append("river")
                            break
                    if GENERIC_MOUNTAINS and a["terrain"] == "rough" and b["terrain"] == "rough":
                        mid = np.linspace(0.3, 0.7, 7)
                        mlo, mla = self.to_ll(cx0 + (cx1 - cx0) * mid, cy0 + (cy1 - cy0) * mid)
                        crest = np.median(self.relief.height(mlo, mla))
                        if crest >= MOUNTAIN_CREST and crest - max(a["zmed"], b["zmed"]) >= MOUNTAIN_PROMINENCE:
                            feats.append("mountain")
                if feats:
                    out[hg.side_key(h, n)] = {"features": feats, "river_rank": rank}
        return out
