"""The Conquerors hex grid (digest-conquerors-romans 6.2): flat-topped hexes in vertical columns,
printed CCRR numbers, every even-numbered column half a hex lower than its odd neighbours.
Lengths are in hexes (centre-to-centre distance of neighbours = 1); y grows southward."""
import math

S3 = math.sqrt(3) / 2
NCOL, NROW = 61, 34                  # both maps: columns 01-61, rows 01-34
JOIN = (60, 18)                      # Macedonians (c, r) = Romans (c + 60, r + 18), Romans 20.21


def key(c, r):
    return "%02d%02d" % (c, r)


def parse(h):
    return int(h[:2]), int(h[2:])


def center(c, r):
    return c * S3, r + (0.5 if c % 2 == 0 else 0.0)


def corners(c, r):
    x, y = center(c, r)
    rad = 1 / math.sqrt(3)
    return [(x + rad * math.cos(math.radians(a)), y + rad * math.sin(math.radians(a))) for a in range(0, 360, 60)]


def neighbours(c, r):
    if c % 2:
        return [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
    return [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]


def cube(c, r):
    x = c
    z = r - (c + (c & 1)) // 2
    return x, -x - z, z


def distance(a, b):
    ax, ay, az = cube(*a)
    bx, by, bz = cube(*b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def from_cube(x, z):
    return x, z + (x + (x & 1)) // 2


def line(a, b):
    """Hexes on the straight line from a to b (both included), each a neighbour of the last."""
    n = distance(a, b)
    if n == 0:
        return [a]
    ax, ay, az = cube(*a)
    bx, by, bz = cube(*b)
    out = []
    for i in range(n + 1):
        t = i / n
        fx, fy, fz = ax + (bx - ax) * t + 1e-6, ay + (by - ay) * t + 2e-6, az + (bz - az) * t - 3e-6
        rx, ry, rz = round(fx), round(fy), round(fz)
        dx, dy, dz = abs(rx - fx), abs(ry - fy), abs(rz - fz)
        if dx > dy and dx > dz:
            rx = -ry - rz
        elif dy > dz:
            ry = -rx - rz
        else:
            rz = -rx - ry
        out.append(from_cube(rx, rz))
    return out


def nearest(x, y):
    """(x, y) in hex units -> (c, r) of the hex containing it."""
    c0 = round(x / S3)
    best = None
    for c in (c0 - 1, c0, c0 + 1):
        r0 = round(y - (0.5 if c % 2 == 0 else 0.0))
        for r in (r0 - 1, r0, r0 + 1):
            cx, cy = center(c, r)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best is None or d < best[0]:
                best = (d, c, r)
    return best[1], best[2]


def side_key(a, b):
    ka, kb = key(*a), key(*b)
    return "%s/%s" % (min(ka, kb), max(ka, kb))


def side_segment(a, b):
    """End points of the hexside between neighbours a and b."""
    (x0, y0), (x1, y1) = center(*a), center(*b)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    ux, uy = -(y1 - y0), (x1 - x0)
    h = 0.5 / math.sqrt(3)
    return (mx - ux * h, my - uy * h), (mx + ux * h, my + uy * h)


def on_map(c, r):
    return 1 <= c <= NCOL and 1 <= r <= NROW


# distance vectors printed by the rules (digest 6.2); checked by `python hexgrid.py`
VECTORS = [("5123", "5019", 4), ("5123", "5120", 3), ("5529", "5628", 1), ("5529", "5429", 1), ("5520", "5521", 1),
           ("5520", "5420", 1), ("5521", "5420", 1), ("4919", "5019", 1), ("5019", "5120", 1), ("0404", "0505", 1),
           ("1102", "1202", 1), ("3315", "2913", 4), ("3315", "3014", 3)]

if __name__ == "__main__":
    bad = [(a, b, d) for a, b, d in VECTORS if distance(parse(a), parse(b)) != d]
    for c in range(1, 12):
        for r in range(1, 12):
            for n in neighbours(c, r):
                assert distance((c, r), n) == 1
                (x0, y0), (x1, y1) = center(c, r), center(*n)
                assert abs(math.hypot(x1 - x0, y1 - y0) - 1) < 1e-9
            for t in ((c + 5, r + 3), (c + 2, r - 4)):
                ln = line((c, r), t)
                assert all(distance(p, q) == 1 for p, q in zip(ln, ln[1:])) and ln[-1] == t
    print("grid vectors:", "all %d pass" % len(VECTORS) if not bad else "FAIL %s" % bad)
