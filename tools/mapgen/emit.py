"""A small YAML writer with a stable layout: one line per hex and per hexside, every string quoted
where YAML could misread it (hex numbers always), keys in a fixed order."""
import json
import re

PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
RESERVED = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}


def scalar(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    s = str(v)
    if PLAIN.match(s) and s.lower() not in RESERVED:
        return s
    return json.dumps(s, ensure_ascii=False)


def flow(v):
    if isinstance(v, dict):
        return "{" + ", ".join("%s: %s" % (scalar(k), flow(x)) for k, x in v.items()) + "}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    return scalar(v)


def key(k):
    return json.dumps(k) if re.match(r"^\d", k) or "/" in k else scalar(k)


def block(doc, order):
    """doc: dict; order: list of (top-level key, style) with style scalar|map-of-flow|list-of-flow|block."""
    out = []
    for k, style in order:
        if k not in doc:
            continue
        v = doc[k]
        if style == "scalar":
            out.append("%s: %s" % (k, flow(v)))
        elif style == "map":
            out.append("%s:" % k)
            for kk, vv in v.items():
                out.append("  %s: %s" % (key(kk), flow(vv)))
        elif style == "list":
            out.append("%s:" % k)
            for vv in v:
                out.append("  - %s" % flow(vv))
        elif style == "nested":
            out.append("%s:" % k)
            for kk, vv in v.items():
                out.append("  %s:" % key(kk))
                for k3, v3 in vv.items():
                    if isinstance(v3, dict) and k3 in ("hexes", "hexsides"):
                        out.append("    %s:" % k3)
                        for k4, v4 in v3.items():
                            out.append("      %s: %s" % (key(k4), flow(v4)))
                    else:
                        out.append("    %s: %s" % (k3, flow(v3)))
    return "\n".join(out) + "\n"
