"""Land masses and regions of a map's hexes."""
import os

import numpy as np
import shapely
import yaml
from shapely.geometry import Polygon, Point

import hexgrid as hg

HERE = os.path.dirname(os.path.abspath(__file__))
MEMBER_MIN = 0.5      # share of a hex's land samples inside a region polygon for membership
MASS_MIN_DEG2 = 0.005  # land masses smaller (islets under ~50 km2) make no straits; Aegina is 0.0085
CONTINENT_DEG2 = 10.0  # land masses this big (no island here passes 3) are one mainland: GSHHG splits Africa from Asia at Suez


def load():
    with open(os.path.join(HERE, "regions.yaml")) as f:
        return yaml.safe_load(f)


def landmasses(geo):
    """-> dict hex -> index of the land polygon holding most of its land samples (or None), and the polygons."""
    parts = []
    for p in geo.land_parts:
        parts.extend(q for q in getattr(p, "geoms", [p]) if q.geom_type == "Polygon" and q.area > 1e-4)
    best = {}
    for h in geo.hexes:
        best[h] = (0, None)
    for i, poly in enumerate(parts):
        x0, y0, x1, y1 = poly.bounds
        m = (geo.slon >= x0) & (geo.slon <= x1) & (geo.slat >= y0) & (geo.slat <= y1)
        if not m.any():
            continue
        idx = np.nonzero(m)[0]
        inside = shapely.contains_xy(poly, geo.slon[idx], geo.slat[idx])
        counts = np.bincount(idx[inside] // geo.K, minlength=len(geo.hexes))
        for k in np.nonzero(counts)[0]:
            if counts[k] > best[geo.hexes[k]][0]:
                best[geo.hexes[k]] = (counts[k], i)
    return {h: v[1] for h, v in best.items()}, parts


def assign(geo, spec, land_hexes, mass, parts):
    """-> dict hex -> [region ids], and the region table for the map document."""
    regs = spec[geo.name]
    L = geo.land_samples
    member = {h: [] for h in geo.hexes}
    shares = {}
    for rid, r in regs.items():
        if "polygon" not in r:
            continue
        poly = Polygon(r["polygon"])
        inside = shapely.contains_xy(poly, geo.slon, geo.slat).reshape(-1, geo.K)
        sh = np.where(L.sum(1) > 0, (inside & L).sum(1) / np.maximum(L.sum(1), 1), 0.0)
        shares[rid] = sh
    no_sat = set()
    if geo.name == "macedonians":
        for nm, (lo, la) in spec.get("no_satrapy_islands", {}).items():
            for i, p in enumerate(parts):
                if p.contains(Point(lo, la)):
                    no_sat.add(i)
    for k, h in enumerate(geo.hexes):
        if h not in land_hexes:
            continue
        sats = [(shares[rid][k], rid) for rid, r in regs.items() if r.get("kind") == "satrapy" and rid in shares]
        if sats and mass.get(h) not in no_sat:
            s, rid = max(sats)
            if s >= 0.3:
                member[h].append(rid)
        for rid, r in regs.items():
            if r.get("kind") == "satrapy" or rid not in shares:
                continue
            if shares[rid][k] >= MEMBER_MIN:
                member[h].append(rid)
        for rid, r in regs.items():
            if "complement_of" in r and r["complement_of"] not in member[h]:
                member[h].append(rid)
    return member


def regions_at(spec, mapname, lon, lat, parts=None):
    """Region ids whose polygon holds a real point (used for cities)."""
    out = []
    regs = spec[mapname]
    pt = Point(lon, lat)
    sat = [rid for rid, r in regs.items() if r.get("kind") == "satrapy" and "polygon" in r and Polygon(r["polygon"]).contains(pt)]
    if mapname == "macedonians":
        for nm, (lo, la) in spec.get("no_satrapy_islands", {}).items():
            if parts and any(p.contains(Point(lo, la)) and p.distance(pt) < 0.05 for p in parts):
                sat = []
    out.extend(sat[:1])
    for rid, r in regs.items():
        if r.get("kind") != "satrapy" and "polygon" in r and Polygon(r["polygon"]).contains(pt):
            out.append(rid)
    for rid, r in regs.items():
        if "complement_of" in r and r["complement_of"] not in out:
            out.append(rid)
    return out


def table(spec, mapname, capital_hex):
    out = {}
    for rid, r in spec[mapname].items():
        e = {"name": r["name"], "kind": r["kind"]}
        if r.get("capital"):
            e["capital"] = capital_hex[r["capital"]]
        if "supply" in r:
            e["supply"] = r["supply"]
        if "source" in r:
            e["source"] = r["source"]
        else:
            e["provisional"] = r["provisional"]
        out[rid] = e
    return out
