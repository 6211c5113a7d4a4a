"""Interim PNG preview of a generated map (the project's own renderer will replace it)."""
import math

from PIL import Image, ImageDraw, ImageFont

import hexgrid as hg

COLOURS = {"sea": (166, 206, 227), "lake": (79, 143, 192), "clear": (232, 243, 214), "rough": (181, 139, 94),
           "desert": (246, 213, 142), "marsh": (150, 190, 150)}


def _font(size):
    for p in ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"):
        try:
            return ImageFont.truetype(p, size)
        except OSError:
            continue
    return ImageFont.load_default()


def render(doc, path, scale=26, coast=None, title=""):
    """doc: the map document (dict as written to YAML); coast: list of polylines in map hex units."""
    W = int((hg.NCOL + 1) * hg.S3 * scale)
    H = int((hg.NROW + 1.5) * scale) + 52
    img = Image.new("RGB", (W, H), (255, 255, 255))
    dr = ImageDraw.Draw(img)
    P = lambda x, y: (x * scale, y * scale + 52)
    small, mid, big = _font(max(7, scale // 4)), _font(max(9, scale // 3)), _font(14)
    for k, hx in doc["hexes"].items():
        c, r = hg.parse(k)
        dr.polygon([P(*p) for p in hg.corners(c, r)], fill=COLOURS[hx["terrain"]], outline=(150, 150, 150))
    for k, hx in doc["hexes"].items():
        c, r = hg.parse(k)
        if hx.get("coastal"):
            cs = [P(*p) for p in hg.corners(c, r)]
            dr.line(cs + [cs[0]], fill=(31, 95, 160), width=1)
    if coast:
        for ln in coast:
            dr.line([P(x, y) for x, y in ln], fill=(40, 40, 40), width=1)
    for sk, s in doc["hexsides"].items():
        a, b = (hg.parse(v) for v in sk.split("/"))
        p0, p1 = hg.side_segment(a, b)
        f = s["features"]
        if "mountain" in f:
            dr.line([P(*p0), P(*p1)], fill=(90, 30, 0), width=max(3, scale // 6))
        if "river" in f:
            dr.line([P(*p0), P(*p1)], fill=(0, 48, 208), width=max(2, scale // 9))
        if "strait" in f:
            dr.line([P(*p0), P(*p1)], fill=(0, 170, 255), width=max(2, scale // 8))
        elif "all-sea" in f or "all-lake" in f:
            dr.line([P(*p0), P(*p1)], fill=(0, 150, 255), width=1)
        if "ferry" in f or "bridge" in f:
            (x0, y0), (x1, y1) = hg.center(*a), hg.center(*b)
            dr.line([P(x0, y0), P(x1, y1)], fill=(200, 0, 200) if "ferry" in f else (120, 60, 0), width=3)
        if "blocked" in f:
            dr.line([P(*p0), P(*p1)], fill=(0, 0, 0), width=4)
    for road in doc.get("roads", []):
        pts = [P(*hg.center(*hg.parse(h))) for h in road["hexes"]]
        dr.line(pts, fill=(200, 40, 40) if road["kind"] == "roman-road" else (160, 60, 160), width=max(2, scale // 10))
    for k, hx in doc["hexes"].items():
        c, r = hg.parse(k)
        x, y = P(*hg.center(c, r))
        if c % 5 == 0 or r % 5 == 0 or c == 1 or r == 1:
            dr.text((x - scale * 0.3, y - scale * 0.45), k, fill=(110, 110, 110), font=small)
        if hx.get("naval_base"):
            dr.rectangle([x - scale * .28, y - scale * .28, x + scale * .28, y + scale * .28], outline=(0, 0, 120), width=2)
        if hx.get("port"):
            dr.ellipse([x - scale * .2, y + scale * .1, x - scale * .05, y + scale * .25], fill=(0, 0, 160))
        if "city" in hx:
            cty = hx["city"]
            rad = scale * 0.16
            dr.ellipse([x - rad, y - rad, x + rad, y + rad], fill=(220, 20, 20), outline=(0, 0, 0))
            label = "%s %s" % (cty["name"], cty.get("class", ""))
            dr.text((x + rad + 1, y - rad), label, fill=(0, 0, 0), font=mid)
        for t in hx.get("tags", []):
            if t == "pass":
                dr.text((x - 4, y - 6), "X", fill=(0, 0, 0), font=big)
            elif t == "sea-lane":
                dr.line([x - scale * .3, y, x + scale * .3, y], fill=(255, 255, 255), width=2)
    dr.rectangle([0, 0, W, 47], fill=(255, 255, 255))
    dr.text((6, 6), title, fill=(0, 0, 0), font=big)
    legend = [("clear", COLOURS["clear"]), ("rough", COLOURS["rough"]), ("desert", COLOURS["desert"]),
              ("marsh", COLOURS["marsh"]), ("sea", COLOURS["sea"]), ("lake", COLOURS["lake"])]
    lx = 6
    for name, col in legend:
        dr.rectangle([lx, 30, lx + 12, 42], fill=col, outline=(100, 100, 100))
        dr.text((lx + 15, 28), name, fill=(0, 0, 0), font=mid)
        lx += 70
    dr.text((lx + 10, 28), "lines: river (blue), mountain (brown), strait (light blue), ferry/bridge (across), "
            "road (red) / RPH (purple); dots: city + class, port; square: Naval Base; X: pass", fill=(60, 60, 60), font=mid)
    img.save(path, optimize=True)
