"""Where the Balaton board's parts go (board.py draws them): WIDE, the board data's
own drawing, and TALL, the same track stood on its end for a phone (the editor's board)."""

from __future__ import annotations

import math

from engine.balaton.board import BOARD

TRACK_R = 13
LAKE_R = 26
# an invisible disc round each track field: the space between neighbours answers a tap too
HIT_R = 19


class Layout:
    """Where the board's parts go. WIDE is the board data's own drawing (the lake lying east to west);
    TALL stands it on its end, Siófok at the top, with larger fields: on a phone it takes the screen's
    width, and every field is a finger wide (the editor's board)."""

    def __init__(self, xy: dict, width: int, height: int, *, track_r: float, lake_r: float, hit_r: float, tall: bool = False):
        self.xy, self.width, self.height, self.tall = xy, width, height, tall
        self.track_r, self.lake_r, self.hit_r = track_r, lake_r, hit_r
        xs = [xy[f][0] for f in BOARD.track]
        ys = [xy[f][1] for f in BOARD.track]
        self.cx, self.cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2

    def anchor(self, fid: str) -> str:
        """Wide: labels at the lake's two ends run outwards from the field; elsewhere they are centred.
        Tall: labels stand inside the ring, running inwards from the long sides."""
        x, y = self.xy[fid]
        dx, dy = x - self.cx, y - self.cy
        if self.tall:
            return "middle" if abs(dx) < 40 else ("end" if dx > 0 else "start")
        slope = abs(dx) / (math.hypot(dx, dy) or 1)
        return "middle" if slope < 0.93 else ("start" if dx > 0 else "end")

    def track_half_width(self) -> float:
        return max(abs(self.xy[f][0] - self.cx) for f in BOARD.track)

    def out(self, fid: str, dist: float):
        """A point `dist` away from a track field, away from the lake's middle."""
        x, y = self.xy[fid]
        dx, dy = x - self.cx, y - self.cy
        if self.tall:  # on the long sides straight across, at the ends towards the middle
            dx, dy = (dx, 0) if abs(dx) >= 40 else (0, dy)
        norm = math.hypot(dx, dy) or 1
        # the wide lake is long: push mostly across its length so labels keep clear of neighbours
        return x + dx / norm * dist, y + dy / norm * dist * (1 if self.tall else 1.15)

    def name_at(self, fid: str):
        """Where a settlement's name goes: (x, y, text-anchor)."""
        anchor = self.anchor(fid)
        if self.tall:
            x, y = self.xy[fid]
            if abs(x - self.cx) > 130:  # a long side: the name runs inwards beside the field
                return x + (-1 if x > self.cx else 1) * (self.track_r + 6), y + 5, anchor
            # an end of the ring: the name stands inside, above or below the field
            return x, y + (self.track_r + 17 if y < self.cy else -(self.track_r + 26)), anchor
        x, y = self.out(fid, 30 if anchor == "middle" else 22)
        return x, y + 5, anchor


def _tall_xy() -> dict:
    """The track on a stadium-shaped ring, fields 46 apart (a finger's width on a phone), Siófok
    near the top and the south shore on the right; each lake field between its ports."""
    width, step, radius, top = 320, 46, 138, 24
    cx = width / 2
    perimeter = len(BOARD.track) * step
    side = (perimeter - 2 * math.pi * radius) / 2
    y1 = top + radius
    y2 = y1 + side

    def at(t):
        t %= perimeter
        quarter = math.pi * radius / 2
        if t < quarter:
            a = -math.pi / 2 + t / radius
            return cx + radius * math.cos(a), y1 + radius * math.sin(a)
        t -= quarter
        if t < side:
            return cx + radius, y1 + t
        t -= side
        if t < math.pi * radius:
            a = t / radius
            return cx + radius * math.cos(a), y2 + radius * math.sin(a)
        t -= math.pi * radius
        if t < side:
            return cx - radius, y2 - t
        a = math.pi + (t - side) / radius
        return cx + radius * math.cos(a), y1 + radius * math.sin(a)

    # the north shore's row of small settlements (Badacsony to Akali) on the left side, where their
    # names have room; Siófok on the right, Keszthely at the bottom
    first = BOARD.index["tihany-2"] + 4.5
    xy = {f: tuple(round(v, 1) for v in at((i - first) * step)) for i, f in enumerate(BOARD.track)}
    xy.update(TALL_LAKES)
    return xy


# Lake fields on the tall board: placed by hand in the middle, clear of the names on either side.
TALL_LAKES = {
    "l-almadi": (235, 205),
    "l-siofok": (230, 275),
    "g-east": (150, 210),
    "m-east": (165, 300),
    "l-akali": (130, 345),
    "l-zanka": (130, 430),
    "m-centre": (200, 420),
    "l-boglar": (230, 600),
    "m-west": (180, 520),
    "g-west": (165, 595),
    "l-keszthely": (130, 655),
}


WIDE = Layout(
    BOARD.xy,
    BOARD.data.get("size", {}).get("width", 1000),
    BOARD.data.get("size", {}).get("height", 600),
    track_r=TRACK_R,
    lake_r=LAKE_R,
    hit_r=HIT_R,
)
_TALL_XY = _tall_xy()
TALL = Layout(_TALL_XY, 320, round(max(y for _, y in _TALL_XY.values()) + 24 + 46), track_r=16, lake_r=24, hit_r=23, tall=True)
