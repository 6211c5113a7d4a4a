"""Real geography <-> Conquerors hex coordinates.

1. Spherical Lambert conformal conic (R 6371 km, standard parallels 30 N / 44 N, origin 38 N 25 E).
2. A 4-parameter similarity (scale, rotation, shift; y mirrored) to hex units, fitted by least
   squares jointly to every place whose hex the text prints on either map (Macedonians hexes
   moved into Romans numbering by the join M(c, r) = R(c + 60, r + 18), Romans 20.21).
3. A smooth local correction (Gaussian radial basis functions, length scale 2 hexes) pinned on
   the printed places, so each lies exactly on its printed hex. It is defined from printed
   positions to real ones; the forward direction is found by fixed-point iteration.
All coordinates here are in Romans numbering; subtract the join for the Macedonians map.
"""
import math

import numpy as np

import hexgrid as hg

R_EARTH, LAT1, LAT2, LAT0, LON0 = 6371.0, 30.0, 44.0, 38.0, 25.0
_f1, _f2, _f0 = (math.radians(v) for v in (LAT1, LAT2, LAT0))
_N = math.log(math.cos(_f1) / math.cos(_f2)) / math.log(math.tan(math.pi / 4 + _f2 / 2) / math.tan(math.pi / 4 + _f1 / 2))
_F = math.cos(_f1) * math.tan(math.pi / 4 + _f1 / 2) ** _N / _N
_RHO0 = R_EARTH * _F / math.tan(math.pi / 4 + _f0 / 2) ** _N
EPS = 0.5          # RBF shape: exp(-(EPS r)^2), r in hexes
RIDGE = 1e-6


def lcc(lon, lat):
    lon, lat = np.asarray(lon, float), np.asarray(lat, float)
    rho = R_EARTH * _F / np.tan(np.pi / 4 + np.radians(lat) / 2) ** _N
    th = _N * np.radians(lon - LON0)
    return rho * np.sin(th), _RHO0 - rho * np.cos(th)


def lcc_inv(e, n):
    rho = np.sign(_N) * np.hypot(e, _RHO0 - n)
    th = np.arctan2(e, _RHO0 - n)
    lon = LON0 + np.degrees(th / _N)
    lat = np.degrees(2 * np.arctan((R_EARTH * _F / rho) ** (1 / _N)) - np.pi / 2)
    return lon, lat


class Transform:
    def __init__(self, controls):
        """controls: list of (name, hex (c, r) in Romans numbering, lon, lat, use_in_similarity)."""
        self.names = [c[0] for c in controls]
        P = np.array([hg.center(*c[1]) for c in controls])
        e, n = lcc([c[2] for c in controls], [c[3] for c in controls])
        use = np.array([c[4] for c in controls])
        # x = a e + b n + tx ; y = b e - a n + ty
        A = np.zeros((2 * use.sum(), 4))
        rhs = np.zeros(2 * use.sum())
        A[0::2] = np.column_stack([e[use], n[use], np.ones(use.sum()), np.zeros(use.sum())])
        A[1::2] = np.column_stack([-n[use], e[use], np.zeros(use.sum()), np.ones(use.sum())])
        rhs[0::2], rhs[1::2] = P[use, 0], P[use, 1]
        self.params = np.linalg.lstsq(A, rhs, rcond=None)[0]
        Q = np.column_stack(self._sim(e, n))
        self.residuals = np.hypot(*(Q - P).T)
        self.rms = float(np.sqrt(np.mean(self.residuals[use] ** 2)))
        self._P = P
        K = self._kernel(P, P) + RIDGE * np.eye(len(P))
        self._W = np.linalg.solve(K, Q - P)

    def _sim(self, e, n):
        a, b, tx, ty = self.params
        return a * e + b * n + tx, b * e - a * n + ty

    def _sim_inv(self, x, y):
        a, b, tx, ty = self.params
        dx, dy = x - tx, y - ty
        det = -(a * a + b * b)
        return (-a * dx - b * dy) / det, (-b * dx + a * dy) / det

    def _kernel(self, X, Y):
        d2 = ((X[:, None, :] - Y[None, :, :]) ** 2).sum(2)
        return np.exp(-(EPS ** 2) * d2)

    def displacement(self, XY):
        return self._kernel(XY, self._P) @ self._W

    def km_per_hex(self):
        return 1 / math.hypot(self.params[0], self.params[1])

    def rotation_deg(self):
        return math.degrees(math.atan2(self.params[1], self.params[0]))

    def hex_to_lonlat(self, x, y):
        """hex units (Romans numbering) -> lon, lat (with the local correction)."""
        XY = np.column_stack([np.ravel(x), np.ravel(y)])
        Q = XY + self.displacement(XY)
        return lcc_inv(*self._sim_inv(Q[:, 0], Q[:, 1]))

    def lonlat_to_hex(self, lon, lat, iters=40):
        """lon, lat -> hex units (Romans numbering), inverting the correction by iteration."""
        q = np.column_stack(self._sim(*lcc(np.ravel(lon), np.ravel(lat))))
        p = q.copy()
        for _ in range(iters):
            p = 0.4 * p + 0.6 * (q - self.displacement(p))
        return p[:, 0], p[:, 1]
