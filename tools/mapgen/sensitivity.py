"""How many land hexes change class when the rough and desert thresholds move by +-20%:
`python tools/mapgen/sensitivity.py` (a measure of how soft the terrain classification is)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fit  # noqa: E402
import gazetteer  # noqa: E402
import terrain  # noqa: E402

KNOBS = ["ROUGH_RELIEF", "ROUGH_RELIEF_HIGH", "HIGH", "DESERT_ARID"]


def main():
    T = fit.Transform(gazetteer.controls(gazetteer.load()))
    base = {k: getattr(terrain, k) for k in KNOBS}
    for name in ("romans", "macedonians"):
        geo = terrain.MapGeo(name, T)
        geo.load()
        ref = {h: v["terrain"] for h, v in geo.classify().items()}
        land = [h for h, t in ref.items() if t not in ("sea", "lake")]
        for f in (0.8, 1.2):
            for k in KNOBS:
                setattr(terrain, k, base[k] * f)
            new = {h: v["terrain"] for h, v in geo.classify().items()}
            changed = sum(1 for h in land if new[h] != ref[h])
            print("%s: thresholds x%.1f -> %d of %d land hexes change class (%.0f%%)" % (
                name, f, changed, len(land), 100.0 * changed / len(land)))
            for k in KNOBS:
                setattr(terrain, k, base[k])


if __name__ == "__main__":
    main()
