"""Put the gazetteer's cities and places on a map's hexes."""
import numpy as np

import hexgrid as hg

# classes our text prints for Romans-map cities (Romans 13.12, 5.34); every Macedonians-map class is
# printed by Romans 20.21 (listed A-C, all the rest D)
ROMANS_PRINTED_CLASS = {"Roma", "Demetrias", "Chalcis", "Thebes", "Gytheum"}


def place_all(geo, gaz, hexinfo):
    """-> (cities: hex -> record, places: id -> record, notes: [str]).

    Printed hexes are taken as printed. A fitted place goes to the hex its real position maps to;
    a city there must stand on land (a port on a coastal hex) in a hex no other city holds, else it
    moves to the nearest hex that qualifies (noted)."""
    cities, places, notes = {}, {}, []
    entries = gaz[geo.name]
    order = sorted(entries.items(), key=lambda kv: (0 if "hex" in kv[1] else 1 if "hex_fitted" in kv[1] else 2))
    for name, p in order:
        rec = dict(p)
        rec["name"] = name
        if "hex" in p:
            h = hg.parse(p["hex"])
            rec["printed"] = True
        elif "hex_fitted" in p:
            h = hg.parse(p["hex_fitted"])
            rec["printed"] = False
        else:
            x, y = geo.to_xy(np.array([p["lon"]]), np.array([p["lat"]]))
            h0 = hg.nearest(float(x[0]), float(y[0]))
            rec["printed"] = False
            if not hg.on_map(*h0) and p.get("extra"):
                notes.append("%s: off the map (fitted %d,%d), left out" % (name, h0[0], h0[1]))
                continue
            rec["fitted_raw"] = "%02d%02d" % h0 if hg.on_map(*h0) else "(%d,%d)" % h0
            h = _settle(h0, (float(x[0]), float(y[0])), rec, hexinfo, cities)
            if h != h0:
                notes.append("%s: fitted %s, moved to %s (%s)" % (name, rec["fitted_raw"], hg.key(*h), _why(h0, rec, hexinfo, cities)))
                rec["moved"] = "fitted hex %s is %s; nearest hex that qualifies" % (rec["fitted_raw"], _why(h0, rec, hexinfo, cities))
        rec["hex"] = h
        if "place" in p:
            places[name] = rec
        else:
            if h in cities:
                notes.append("%s shares hex %s with %s" % (name, hg.key(*h), cities[h]["name"]))
            cities[h] = rec
    return cities, places, notes


def _ok(h, rec, hexinfo, cities):
    if not hg.on_map(*h):
        return False
    if "place" in rec:
        return rec["place"] != "island" or hexinfo[h]["terrain"] not in ("sea", "lake")
    t = hexinfo[h]
    if t["terrain"] in ("sea", "lake") or h in cities:
        return False
    if rec.get("port") and not t["coastal"]:
        return False
    return True


def _why(h, rec, hexinfo, cities):
    if not hg.on_map(*h):
        return "off the map"
    if h in cities:
        return "hex held by %s" % cities[h]["name"]
    t = hexinfo[h]
    if t["terrain"] in ("sea", "lake"):
        return "all-%s hex" % t["terrain"]
    return "port needs a coastal hex"


def _settle(h0, xy, rec, hexinfo, cities):
    if _ok(h0, rec, hexinfo, cities):
        return h0
    best = None
    for c in range(h0[0] - 6, h0[0] + 7):
        for r in range(h0[1] - 6, h0[1] + 7):
            if (c, r) == h0 or not _ok((c, r), rec, hexinfo, cities):
                continue
            cx, cy = hg.center(c, r)
            d = (cx - xy[0]) ** 2 + (cy - xy[1]) ** 2
            if best is None or d < best[0]:
                best = (d, (c, r))
    if best is None:
        raise SystemExit("no hex for %s near %s" % (rec["name"], hg.key(*h0)))
    return best[1]


def city_provenance(mapname, rec):
    """source: when everything about the city is printed, else provisional: naming what is not."""
    printed_class = mapname == "macedonians" or rec["name"] in ROMANS_PRINTED_CLASS
    src = rec.get("source", "")
    if rec.get("extra"):
        return "provisional", ("not named in our text; a city a player of the period expects here; hex fitted to its real "
                               "position; class %s%s" % (rec["class"], " (Romans 20.21: all the rest D)" if mapname == "macedonians" else " provisional"))
    parts = []
    parts.append("hex printed" if rec["printed"] else "hex fitted to the real position")
    parts.append("class printed" if printed_class else "class provisional")
    if rec["printed"] and printed_class and not rec.get("port"):
        return "source", "%s%s" % (src, "; class Romans 20.21" if mapname == "macedonians" else "")
    extra = []
    if rec.get("port"):
        extra.append("port from the text's use of it (fleets, ports named)" if rec["printed"] else "port: a harbour city")
    if rec.get("naval_base"):
        extra.append("pre-printed Naval Base" + (" named by the text" if _nb_named(mapname, rec["name"]) else " provisional"))
    note = "; " + rec["note"] if rec.get("note") else ""
    text = "%s (%s)" % (", ".join(parts), src)
    if extra:
        text += "; " + "; ".join(extra)
    return "provisional", text + note + ("; class Romans 20.21" if mapname == "macedonians" else "")


def _nb_named(mapname, name):
    if mapname == "romans":
        return name in ("Athens", "Naupactus")
    return name in ("Pelusium", "Tyre", "Salamis", "Side", "Halicarnassus", "Ephesus", "Mytilene", "Byzantium")
