"""Self-checks of a generated map document (as read back from its YAML)."""
import hexgrid as hg

TERRAIN = {"clear", "rough", "desert", "marsh", "sea", "lake"}
FEATURES = {"river", "mountain", "all-sea", "all-lake", "all-land", "strait", "ferry", "bridge", "blocked"}
WATER = ("sea", "lake")
LAND_BLOCK = {"all-sea", "all-lake", "strait", "mountain", "blocked"}
# hexes the text prints with the role it gives them
PRINTED_LAND = {"romans": ["5628", "5429", "5521", "5420", "5123", "5019", "5120", "5417"],
                "macedonians": ["2913", "3014", "3315", "0706", "6121"]}
# regions the rules put a city in: (city, region) or (city, "-satrapy") for none
IN_REGION = {
    "romans": [("Roma", "italy"), ("Capua", "italy"), ("Ostia", "italy"), ("Brundisium", "italy"),
               ("Placentia", "cisalpine-gaul"), ("Placentia", "italy"), ("Altinum", "venetia"), ("Emporiae", "hispania"),
               ("Pella", "macedonia"), ("Thessalonica", "macedonia"), ("Demetrias", "macedonia"),
               ("Amphipolis", "macedonia"), ("Apollonia", "greece"), ("Corinth", "greece"), ("Athens", "greece"),
               ("Aegina", "greece"), ("Carthage", "africa"), ("Roma", "roman-soil")],
    "macedonians": [("Sardes", "lydia"), ("Erythrae", "lydia"), ("Ancyra", "phrygia"), ("Celaenae", "phrygia"),
                    ("Tarsus", "cilicia"), ("Salamis", "cyprus"), ("Tyre", "phoenicia"), ("Sidon", "phoenicia"),
                    ("Pelusium", "egypt"), ("Canopus", "egypt"), ("Babylon", "babylonia"), ("Sestus", "thrace"),
                    ("Byzantium", "thrace"), ("Rhodes", "north-of-winter-line"), ("Cnossus", "south-of-winter-line"),
                    ("Salamis", "south-of-winter-line"), ("Tyre", "seleucid-syria"), ("Sidon", "seleucid-syria"),
                    ("Byblus", "seleucid-syria"), ("Aradus", "seleucid-syria"), ("Abydus", "asia"), ("Sestus", "-asia"),
                    ("Chios", "-satrapy"), ("Rhodes", "-satrapy"), ("Samos", "-satrapy"), ("Mytilene", "-satrapy"),
                    ("Cnossus", "-satrapy")],
}
PATHS = {"romans": [["4919", "5019", "5120"]],          # Romans 6.24: Antipatreia, then 5019, then 5120
         "macedonians": [["2912", "2913"]]}            # Macedonians 6.24: into 2913 next to the Gates


# the fields FORMAT.md allows on each kind of item (unknown fields are refused by the loader)
ALLOWED = {
    "top": {"map", "title", "format", "provisional", "source", "grid", "joins", "regions", "hexes", "hexsides", "roads",
            "places", "variants"},
    "hex": {"terrain", "coastal", "port", "naval_base", "city", "regions", "fleet_sides", "tags", "name", "source",
            "provisional"},
    "city": {"name", "class", "also", "tags", "source", "provisional"},
    "hexside": {"features", "via", "note", "source", "provisional"},
    "road": {"id", "name", "kind", "hexes", "source", "provisional"},
    "region": {"name", "kind", "capital", "supply", "source", "provisional"},
    "place": {"name", "kind", "hex", "hexes", "adjacent", "printed", "source", "provisional"},
    "variant": {"source", "provisional", "hexes", "hexsides"},
}
TAGS = {"pass", "sea-lane", "island", "entry", "supply-source"}
CITY_TAGS = {"walled", "major", "capital"}


def _fields(out, what, where, item):
    extra = set(item) - ALLOWED[what]
    if extra:
        out.append("%s: unknown fields %s" % (where, sorted(extra)))
    if what != "top" and "source" in item and "provisional" in item:
        out.append("%s: both source and provisional" % where)


def schema(doc):
    out = []
    _fields(out, "top", "file", doc)
    for k, h in doc["hexes"].items():
        _fields(out, "hex", "hex " + k, h)
        if "city" in h:
            _fields(out, "city", "hex %s city" % k, h["city"])
            if h["city"]["class"] not in ("A", "B", "C", "D"):
                out.append("hex %s: class %s" % (k, h["city"]["class"]))
            if set(h["city"].get("tags", [])) - CITY_TAGS:
                out.append("hex %s: city tags %s" % (k, h["city"]["tags"]))
        if set(h.get("tags", [])) - TAGS:
            out.append("hex %s: tags %s" % (k, h["tags"]))
    for k, s in doc["hexsides"].items():
        _fields(out, "hexside", "hexside " + k, s)
    for r in doc["roads"]:
        _fields(out, "road", "road " + r["id"], r)
    for k, r in doc["regions"].items():
        _fields(out, "region", "region " + k, r)
    for k, p in doc["places"].items():
        _fields(out, "place", "place " + k, p)
    for k, v in doc.get("variants", {}).items():
        _fields(out, "variant", "variant " + k, v)
        for hk, h in v.get("hexes", {}).items():
            _fields(out, "hex", "variant %s hex %s" % (k, hk), h)
    return out


def run(name, doc):
    out = schema(doc)
    hx = doc["hexes"]
    want = {hg.key(c, r) for c in range(1, hg.NCOL + 1) for r in range(1, hg.NROW + 1)}
    if set(hx) != want:
        out.append("hexes missing %s / extra %s" % (sorted(want - set(hx))[:5], sorted(set(hx) - want)[:5]))
    for k, h in hx.items():
        if not isinstance(k, str) or len(k) != 4:
            out.append("hex key %r is not a 4-digit string" % (k,))
        if h["terrain"] not in TERRAIN:
            out.append("%s: unknown terrain %s" % (k, h["terrain"]))
        if "city" in h and h["terrain"] in WATER:
            out.append("%s: city %s at sea" % (k, h["city"]["name"]))
        if h.get("port") and not h.get("coastal"):
            out.append("%s: port not coastal" % k)
        if h.get("naval_base") and not h.get("port"):
            out.append("%s: naval base not a port" % k)
        if h.get("coastal") and h["terrain"] in WATER:
            out.append("%s: an all-%s hex marked coastal" % (k, h["terrain"]))
        for r in h.get("regions", []):
            if r not in doc["regions"]:
                out.append("%s: unknown region %s" % (k, r))
        for n in h.get("fleet_sides", []):
            if hg.distance(hg.parse(k), hg.parse(n)) != 1:
                out.append("%s: fleet side %s not a neighbour" % (k, n))
    for k, s in doc["hexsides"].items():
        a, b = k.split("/")
        if not a < b or hg.distance(hg.parse(a), hg.parse(b)) != 1:
            out.append("hexside %s: not two neighbours in order" % k)
        if set(s["features"]) - FEATURES:
            out.append("hexside %s: unknown features %s" % (k, set(s["features"]) - FEATURES))
        if ("ferry" in s["features"] or "bridge" in s["features"]) and not s.get("source") and not s.get("provisional"):
            out.append("hexside %s: a crossing without provenance" % k)
    for p in doc["places"].values():
        if p["printed"] and p["hex"] not in hx:
            out.append("place %s: hex %s off the map" % (p["name"], p["hex"]))
        if p["kind"] == "city":
            h = hx[p["hex"]]
            names = [] if "city" not in h else [h["city"]["name"]] + h["city"].get("also", [])
            if p["name"] not in names and not _variant_city(doc, p):
                out.append("place %s: hex %s holds no such city" % (p["name"], p["hex"]))
    for rid, r in doc["regions"].items():
        if "capital" in r and rid not in hx[r["capital"]].get("regions", []):
            out.append("region %s: capital %s not inside it" % (rid, r["capital"]))
    for road in doc["roads"]:
        hs = road["hexes"]
        for a, b in zip(hs, hs[1:]):
            if hg.distance(hg.parse(a), hg.parse(b)) != 1:
                out.append("road %s: %s-%s not neighbours" % (road["id"], a, b))
        for h in hs:
            if hx[h]["terrain"] in WATER:
                out.append("road %s: %s at sea" % (road["id"], h))
    where = {p["name"]: p["hex"] for p in doc["places"].values() if p["kind"] == "city"}
    sats = {rid for rid, r in doc["regions"].items() if r["kind"] == "satrapy"}
    for city, rid in IN_REGION[name]:
        regs = set(hx[where[city]].get("regions", []))
        if rid == "-satrapy" and regs & sats:
            out.append("%s (%s) should be in no satrapy (Macedonians 15.14), is in %s" % (city, where[city], regs & sats))
        elif rid.startswith("-") and rid != "-satrapy" and rid[1:] in regs:
            out.append("%s (%s) should not be in %s" % (city, where[city], rid[1:]))
        elif not rid.startswith("-") and rid not in regs:
            out.append("%s (%s) should be in %s, is in %s" % (city, where[city], rid, sorted(regs)))
    areas = {rid for rid, r in doc["regions"].items() if r["kind"] in ("country", "satrapy")}
    for k, h in hx.items():
        if h["terrain"] not in WATER and "island" not in h.get("tags", []) and not set(h.get("regions", [])) & areas:
            out.append("%s: a mainland hex in no country or satrapy" % k)
    anchors = {"romans": ["2914", "1927"], "macedonians": ["1010"]}[name]   # Roma, Carthage; Sardes
    reach = set()
    for a in anchors:
        reach |= _component(doc, a)
    for k, h in hx.items():
        if "city" in h and k not in reach and "island" not in h.get("tags", []):
            out.append("%s: city %s is on no island yet cut off from the mainland" % (k, h["city"]["name"]))
    for a, b, most in REACH[name]:
        n = land_steps(doc, a, b)
        if n is None or n > most:
            out.append("%s -> %s: %s land steps, the rules' example needs at most %d" % (a, b, n, most))
    for a, b in (("2914", "2625"), ("5520", "5626")) if name == "romans" else (("0404", "1202"),):
        if land_steps(doc, a, b, crossings=False) is not None:
            out.append("%s -> %s reachable by land without the ferry or bridge" % (a, b))
    for k in PRINTED_LAND[name]:
        if hx[k]["terrain"] in WATER:
            out.append("printed hex %s should be land" % k)
    for path in PATHS[name]:
        for a, b in zip(path, path[1:]):
            s = doc["hexsides"].get(hg.side_key(hg.parse(a), hg.parse(b)), {"features": []})
            if set(s["features"]) & LAND_BLOCK or hx[b]["terrain"] in WATER:
                out.append("example path %s: %s->%s blocked (%s)" % ("-".join(path), a, b, s["features"]))
    builders = {"romans": ["Ostia", "Thessalonica", "Demetrias"], "macedonians": ["Tyre", "Sidon", "Byblus", "Aradus"]}
    for nm in builders[name]:                      # fleets are built there (Romans 17.32)
        if not any(h.get("port") and h.get("city", {}).get("name") == nm for h in hx.values()):
            out.append("%s builds fleets (Romans 17.32): it must be a port" % nm)
    if name == "romans":
        if hx["6134"]["terrain"] not in WATER and not hx["6134"].get("coastal"):
            out.append("6134 (Rhodian arrival) should hold water")
        for k, f in (("3526", "ferry"), ("5727", "bridge")):
            if not any(f in s["features"] and s.get("via") == k for s in doc["hexsides"].values()):
                out.append("no %s hexside via %s" % (f, k))
        if not hx["5529"].get("fleet_sides"):
            out.append("Corinth 5529: no fleet_sides (Romans 5.33)")
    else:
        for k in ("0404/0505", "1102/1202"):
            if "ferry" not in doc["hexsides"].get(k, {"features": []})["features"]:
                out.append("ferry hexside %s missing (Macedonians 5.37)" % k)
        if "pass" not in hx["2912"].get("tags", []):
            out.append("2912: the Cilician Gates are not tagged pass")
        walled = {h["city"]["name"] for h in hx.values() if "walled" in h.get("city", {}).get("tags", [])}
        if walled != {"Miletus", "Halicarnassus", "Sidon", "Tyre", "Gaza"}:
            out.append("walled cities %s, the Macedonians text names exactly five (Macedonians 3.4, Walled City)" % sorted(walled))
        gaza = [h for h in hx.values() if h.get("city", {}).get("name") == "Gaza"]
        if not gaza or gaza[0].get("port"):
            out.append("Gaza must be a walled city that is not a port (Macedonians 3.4)")
        for nm in ("Pelusium", "Tyre", "Salamis", "Side", "Halicarnassus", "Ephesus", "Mytilene", "Byzantium"):
            if not any(h.get("naval_base") and h.get("city", {}).get("name") == nm for h in hx.values()):
                out.append("%s is a Naval Base (Macedonians 5.91)" % nm)
        rph = set(h for r in doc["roads"] if r["kind"] == "royal-road" for h in r["hexes"])
        for k in ("2912", "2913", "3014", "6121"):
            if k not in rph:
                out.append("RPH does not pass %s (Macedonians 6.24, 19.32)" % k)
        if not any("sea-lane" in h.get("tags", []) for h in hx.values()):
            out.append("no Sea-Lane hexes (Macedonians 5.33)")
        v = doc["variants"]["romans"]["hexes"]
        for k, h in v.items():
            if h.get("naval_base") and not (hx[k].get("port") or h.get("port")):
                out.append("variant romans: naval base %s not a port" % k)
        for r in range(17, 32):
            if not v.get(hg.key(1, r), {}).get("coastal"):
                out.append("variant romans: %s not coastal" % hg.key(1, r))
    return out


# interceptions in the rules' examples: the interceptor reaches the hex in this many land steps
REACH = {"romans": [("5123", "5120", 3), ("2914", "2625", 40), ("5520", "5727", 12)],   # 6.24; Messana ferry; Chalcis bridge
         "macedonians": [("3315", "3014", 3), ("3315", "2913", 4), ("0404", "0505", 1), ("1102", "1202", 1),
                         ("2233", "1533", 12), ("2233", "2831", 12), ("3026", "2233", 20)]}   # Egypt whole; Tyre-Gaza-Pelusium


def _component(doc, a):
    hx, sd = doc["hexes"], doc["hexsides"]
    seen, todo = {a}, [a]
    while todo:
        k = todo.pop()
        for m in hg.neighbours(*hg.parse(k)):
            mk = hg.key(*m)
            if not hg.on_map(*m) or mk in seen or hx[mk]["terrain"] in WATER:
                continue
            f = set(sd.get(hg.side_key(hg.parse(k), m), {"features": []})["features"])
            if f & LAND_BLOCK and not f & {"ferry", "bridge"}:
                continue
            seen.add(mk)
            todo.append(mk)
    return seen


def land_steps(doc, a, b, crossings=True):
    """Fewest land steps from a to b (None if unreachable); ferry/bridge open all-sea and strait sides."""
    hx, sd = doc["hexes"], doc["hexsides"]
    seen, frontier, n = {a}, [a], 0
    while frontier:
        if b in seen:
            return n
        nxt = []
        for k in frontier:
            for m in hg.neighbours(*hg.parse(k)):
                mk = hg.key(*m)
                if not hg.on_map(*m) or mk in seen or hx[mk]["terrain"] in WATER:
                    continue
                f = set(sd.get(hg.side_key(hg.parse(k), m), {"features": []})["features"])
                if f & LAND_BLOCK and not (crossings and f & {"ferry", "bridge"}):
                    continue
                seen.add(mk)
                nxt.append(mk)
        frontier, n = nxt, n + 1
    return n if b in seen else None


def _variant_city(doc, p):
    v = doc.get("variants", {}).get("romans", {}).get("hexes", {}).get(p["hex"], {})
    return v.get("city", {}).get("name") == p["name"]


def seam(rom, mac):
    """The hexes both maps hold (Romans column 61 rows 19-34 = Macedonians column 01 rows 01-16,
    Romans 20.21) must agree on terrain and coast."""
    out = []
    for r in range(1 + hg.JOIN[1], hg.NROW + 1):
        kr, km = hg.key(1 + hg.JOIN[0], r), hg.key(1, r - hg.JOIN[1])
        a, b = rom["hexes"][kr], mac["hexes"][km]
        if (a["terrain"], a.get("coastal", False)) != (b["terrain"], b.get("coastal", False)):
            out.append("seam: %sR is %s, %sM is %s" % (kr, a["terrain"], km, b["terrain"]))
    return out
