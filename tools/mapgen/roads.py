"""Roads as hex paths (see roads.yaml)."""
import heapq
import os

import numpy as np
import yaml

import hexgrid as hg

HERE = os.path.dirname(os.path.abspath(__file__))
BLOCKING = {"all-sea", "all-lake", "strait", "mountain", "blocked"}


def load():
    with open(os.path.join(HERE, "roads.yaml")) as f:
        return yaml.safe_load(f)


def _hex_of(geo, w, hexinfo):
    if isinstance(w, str):
        return hg.parse(w)
    x, y = geo.to_xy(np.array([w[0]]), np.array([w[1]]))
    h = hg.nearest(float(x[0]), float(y[0]))
    if hexinfo[h]["terrain"] in ("sea", "lake"):
        cands = [n for n in hg.neighbours(*h) if hg.on_map(*n) and hexinfo[n]["terrain"] not in ("sea", "lake")]
        h = min(cands, key=lambda n: (hg.center(*n)[0] - x[0]) ** 2 + (hg.center(*n)[1] - y[0]) ** 2)
    return h


def _path(a, b, hexinfo, sides):
    """Dijkstra over land hexes; cost 1 a step, +0.01 per hex off the straight line (stable ties)."""
    ax, ay = hg.center(*a)
    bx, by = hg.center(*b)
    L = max(1e-9, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)

    def off(h):
        x, y = hg.center(*h)
        return abs((bx - ax) * (ay - y) - (ax - x) * (by - ay)) / L

    dist, prev = {a: 0.0}, {}
    q = [(0.0, a)]
    while q:
        d, h = heapq.heappop(q)
        if h == b:
            break
        if d > dist[h]:
            continue
        for n in hg.neighbours(*h):
            if not hg.on_map(*n) or hexinfo[n]["terrain"] in ("sea", "lake"):
                continue
            f = set(sides.get(hg.side_key(h, n), {}).get("features", []))
            if f & BLOCKING and not f & {"ferry", "bridge"}:
                continue
            nd = d + 1 + 0.01 * off(n)
            if nd < dist.get(n, 1e18):
                dist[n], prev[n] = nd, h
                heapq.heappush(q, (nd, n))
    if b not in dist:
        raise SystemExit("no land path %s -> %s" % (hg.key(*a), hg.key(*b)))
    out = [b]
    while out[-1] != a:
        out.append(prev[out[-1]])
    return out[::-1]


def build(geo, spec, hexinfo, sides):
    out = []
    for road in spec.get(geo.name, []):
        hexes = [_hex_of(geo, w, hexinfo) for w in road["waypoints"]]
        path = [hexes[0]]
        for a, b in zip(hexes, hexes[1:]):
            if a == b:
                continue
            path.extend(_path(a, b, hexinfo, sides)[1:])
        out.append({"id": road["id"], "name": road["name"], "kind": road["kind"],
                    "hexes": [hg.key(*h) for h in path], "provisional": road["provisional"]})
    return out
