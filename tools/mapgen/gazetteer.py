"""Load gazetteer.yaml and build the fit's control points."""
import os

import yaml

import hexgrid as hg

HERE = os.path.dirname(os.path.abspath(__file__))
MAPS = ("romans", "macedonians")


def load():
    with open(os.path.join(HERE, "gazetteer.yaml")) as f:
        return yaml.safe_load(f)


def controls(gaz):
    out = []
    for m in MAPS:
        off = (0, 0) if m == "romans" else hg.JOIN
        for name, p in gaz[m].items():
            if "hex" in p and "lat" in p:
                c, r = hg.parse(p["hex"])
                out.append((name, (c + off[0], r + off[1]), p["lon"], p["lat"], p.get("fit", True)))
    return out
