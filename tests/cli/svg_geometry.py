# SPDX-License-Identifier: MIT
"""The geometry of coinline's SVG pictures, for the CLI tests.

heatmap(svg, table) checks a heat map of table --svg (or --circle --svg)
against the table's JSON (table --json): a cell per value, the cells of
optimal play framed and each step between two of them marked inside those
two cells, no mark of the line over a written number, a colour legend
naming the lowest and the highest value, and a picture no wider than
what it draws. It returns a list of the faults found (empty: all well).

The boxes of texts are estimated as a browser would draw them: a
character is at most 0.62 of the font size wide (digits in DejaVu Sans
are 0.636 wide at 11 px: 7 px, the width heatmap.c allows them), from
0.8 of the size above the baseline to 0.1 below it (digits and the minus
sign have no descender).
"""
import re
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def _parents(root):
    return {c: p for p in root.iter() for c in p}


def _inherited(el, parents, name, default):
    while el is not None:
        if el.get(name) is not None:
            return el.get(name)
        el = parents.get(el)
    return default


def _classes(el):
    return (el.get("class") or "").split()


def _within(el, parents, cls):
    while el is not None:
        if cls in _classes(el):
            return True
        el = parents.get(el)
    return False


def text_box(el, parents):
    """(x0, y0, x1, y1) of a text element, or None when it is rotated."""
    if _inherited(el, parents, "transform", None) is not None:
        return None
    size = float(_inherited(el, parents, "font-size", "16"))
    anchor = _inherited(el, parents, "text-anchor", "start")
    s = "".join(el.itertext())
    w = len(s) * size * 0.62
    x, y = float(el.get("x")), float(el.get("y"))
    x0 = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
    return (x0, y - 0.8 * size, x0 + w, y + 0.1 * size)


def _points(el):
    tag = el.tag.replace(NS, "")
    if tag in ("polygon", "polyline"):
        nums = [float(v) for v in re.split(r"[ ,]+", el.get("points").strip())]
        return list(zip(nums[0::2], nums[1::2])), tag == "polygon"
    if tag == "line":
        return [(float(el.get("x1")), float(el.get("y1"))),
                (float(el.get("x2")), float(el.get("y2")))], False
    return None, False


def _hits(pts, closed, box):
    """1 when the shape (a filled polygon, or a path of segments) meets box."""
    x0, y0, x1, y1 = box
    if closed:  # a small filled mark: its bounding box
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return min(xs) < x1 and max(xs) > x0 and min(ys) < y1 and max(ys) > y0
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        steps = int(max(abs(bx - ax), abs(by - ay)) * 4) + 1
        for k in range(steps + 1):
            px, py = ax + (bx - ax) * k / steps, ay + (by - ay) * k / steps
            if x0 < px < x1 and y0 < py < y1:
                return True
    return False


def _cell_key(title):
    m = re.match(r"(V|m)\((\d+)(?:, (\d+))?\)", title)
    return m and (m.group(1), int(m.group(2)), int(m.group(3) or 0))


def _line_cells(table):
    """The cells of optimal play, in order, as the keys of _cell_key."""
    n, line = table["n"], table["line"]
    if not table.get("circle"):
        cells, i, j = [], 1, n
        for mv in line + "L":
            if j < i:
                break
            cells.append(("V", i, j))
            i, j = (i + 1, j) if mv == "L" else (i, j - 1)
        return cells
    if n == 0:
        return []
    first = table["first"]
    cells, i = [("m", first, 0)], first % n
    for k, length in enumerate(range(n - 1, 0, -1)):
        cells.append(("V", i + 1, length))
        if line[k] == "L":
            i = (i + 1) % n
    return cells


def heatmap(path, table):
    faults = []
    root = ET.parse(path).getroot()
    parents = _parents(root)
    vb = [float(v) for v in root.get("viewBox").split()]
    width = vb[2]
    if root.get("width") != "%.0f" % width:
        faults.append("width %s is not the viewBox's %s" % (root.get("width"), width))
    cells = {}
    for r in root.iter(NS + "rect"):
        t = r.find(NS + "title")
        key = t is not None and _cell_key(t.text or "")
        if key:
            cells[key] = tuple(float(r.get(a)) for a in ("x", "y", "width", "height"))
    n = table["n"]
    values = [v for row in table["v"] for v in row if v is not None]
    want = len(values) + (n if table.get("circle") else 0)
    if len(cells) != want:
        faults.append("%d cells, not %d" % (len(cells), want))
    if table.get("circle"):
        values += table["margins"]
    texts = [(el, text_box(el, parents)) for el in root.iter(NS + "text")]
    shapes = []
    for el in root.iter():
        pts, closed = _points(el)
        if pts and not _within(el, parents, "legend"):
            shapes.append((el, pts, closed))
    for el, pts, closed in shapes:
        for t, box in texts:
            if box and _hits(pts, closed, box):
                faults.append("a %s of the line over the text %r" %
                              (el.tag.replace(NS, ""), "".join(t.itertext())))
    # The steps of the line: one between each two cells of optimal play,
    # drawn inside the box of those two cells.
    order = _line_cells(table)
    steps = [g for g in root.iter(NS + "g") if "step" in _classes(g)]
    if len(steps) != max(len(order) - 1, 0):
        faults.append("%d steps for %d cells of the line" % (len(steps), len(order)))
    for k, g in enumerate(steps[: len(order) - 1]):
        a, b = cells.get(order[k]), cells.get(order[k + 1])
        if a is None or b is None:
            faults.append("step %d: no cell %s or %s" % (k + 1, order[k], order[k + 1]))
            continue
        x0, y0 = min(a[0], b[0]) - 5, min(a[1], b[1]) - 5
        x1, y1 = max(a[0] + a[2], b[0] + b[2]) + 5, max(a[1] + a[3], b[1] + b[3]) + 5
        for el in g.iter():
            pts, _ = _points(el)
            for px, py in pts or []:
                if not (x0 <= px <= x1 and y0 <= py <= y1):
                    faults.append("step %d: (%s, %s) outside the cells %s and %s"
                                  % (k + 1, px, py, order[k], order[k + 1]))
    framed = set()
    for r in root.iter(NS + "rect"):
        if "frame" in _classes(r):
            framed.add(tuple(float(r.get(a)) for a in ("x", "y", "width", "height")))
    if framed != {cells.get(c) for c in order}:
        faults.append("the framed cells are not those of optimal play")
    # The legend: the lowest and the highest value, exactly.
    legends = [g for g in root.iter(NS + "g") if "legend" in _classes(g)]
    if values:
        if len(legends) != 1:
            faults.append("%d legends" % len(legends))
        else:
            said = ["".join(t.itertext()) for t in legends[0].iter(NS + "text")]
            for v in (min(values), max(values)):
                if str(v) not in said:
                    faults.append("the legend does not say %d: %s" % (v, said))
            if legends[0].find(".//" + NS + "rect") is None:
                faults.append("the legend has no colour bar")
    # The width: the cells fit, and no more than 40 px past what is drawn.
    right = max([c[0] + c[2] for c in cells.values()] or [0])
    drawn = max([right] + [b[2] for _, b in texts if b] +
                [float(r.get("x")) + float(r.get("width"))
                 for r in root.iter(NS + "rect") if r.get("x") is not None])
    if width < right + 10:
        faults.append("width %.0f: the cells end at %.0f" % (width, right))
    if width > drawn + 40:
        faults.append("width %.0f: what is drawn ends at %.0f" % (width, drawn))
    return faults


def chart(path):
    """The values a margin chart of analyze --svg plots, read back from its
    pixels through its y ticks: a dict of each series ("played", "eval",
    "best") as a list of (move, value), the mistakes' dots and move 1's
    diamonds ("first-taken", "first-best") likewise, the positions under
    the moves ({move: "at P"}) and the texts of the legend and the note on
    move 1. Values are rounded to integers; moves are the x ticks' numbers.
    """
    root = ET.parse(path).getroot()
    ticks = [(float(l.get("y1")), float("".join(t.itertext())))
             for l, t in zip([e for e in root.iter(NS + "line") if "ytick" in _classes(e)],
                             [e for e in root.iter(NS + "text") if "ytick" in _classes(e)])]
    (ya, va), (yb, vb) = ticks[0], ticks[-1]
    value = lambda y: round(va + (y - ya) * (vb - va) / (yb - ya))
    xs = {}
    base = max(float(l.get("y1")) for l in root.iter(NS + "line")
               if l.get("stroke") == "#333")
    for t in root.iter(NS + "text"):
        s = "".join(t.itertext())
        if t.get("y") and abs(float(t.get("y")) - (base + 18)) < 0.05 and s.isdigit():
            xs[int(s)] = float(t.get("x"))
    (ka, xa), (kb, xb) = min(xs.items()), max(xs.items())
    move = lambda x: (x - xa) * (kb - ka) / (xb - xa) + ka
    out = {"positions": {}, "notes": [], "legend": []}
    for p in root.iter(NS + "polyline"):
        pts, _ = _points(p)
        out[p.get("class")] = [(move(x), value(y)) for x, y in pts]
    out["mistakes"] = [(move(float(c.get("cx"))), value(float(c.get("cy"))))
                       for c in root.iter(NS + "circle") if "mistake" in _classes(c)]
    for g in root.iter(NS + "polygon"):
        for cls in ("first-taken", "first-best"):
            if cls in _classes(g):
                pts, _ = _points(g)
                x = sum(p[0] for p in pts) / len(pts)
                y = sum(p[1] for p in pts) / len(pts)
                out.setdefault(cls, []).append((move(x), value(y)))
    for t in root.iter(NS + "text"):
        s = "".join(t.itertext())
        if "position" in _classes(t):
            out["positions"][round(move(float(t.get("x"))))] = s
        if "first-move" in _classes(t):
            out["notes"].append(s)
        if "legend" in _classes(t):
            out["legend"].append(s)
    return out
