"""Mississippi Queen's board geometry for the widgets: a move's plan as a key, tracing a plan from a
steamer, the drawable parts of a draft, and the fields' names as the board labels them ("tile 2, B3").
Plain hex geometry; no rule is checked here. Split from board.py, which re-exports it."""

from __future__ import annotations

import functools

from engine.mississippi_queen.board import DIRS, field_at
from engine.mississippi_queen.position import is_field as _is_field, lenient as drawable, tile_ok as _tile_ok  # noqa: F401

from ..ui import UI

PLAYER_COLOURS = ("#e53935", "#e8d3a9", "#9e9e9e", "#43a047", "#795548")  # red, beige, grey, green, brown


MOVES = frozenset("FLR")


def target(action: dict):
    """A move's plan as a hashable key, (path, pushes), which the board traces from the steamer to
    move; else None (so too for a malformed move, which a case editor may hold). Plain tuples, built
    at C speed: a wide position has thousands of moves, and this runs for each."""
    if not isinstance(action, dict) or action.get("type") != "move":
        return None
    path, pushes = action.get("path"), action.get("push", [])
    if not (isinstance(path, list) and isinstance(pushes, list)):
        return None
    try:
        key = (tuple(path), tuple(map(tuple, pushes)))  # the pushes are checked where drawn (_fields)
        hash(key)
    except TypeError:  # pushes that are not lists, unhashable contents
        return None
    return key if set(key[0]) <= MOVES else None


_KEPT = [None, 0, {}]  # the last list of actions grouped by _by_path, its length and its groups


def _by_path(actions) -> dict:
    """The moves among `actions` by (speed, path as a tuple). The highlight and the groups both need
    them, and the sandbox gives both its one kept list of a position's 1,000-2,000 moves, so the
    last list's groups are kept (it is held here, so `is` cannot match another list)."""
    if _KEPT[0] is not actions or _KEPT[1] != len(actions):
        by_path = {}
        for a in actions:
            if a.get("type") == "move":
                by_path.setdefault((a["speed"], tuple(a["path"])), []).append(a)
        _KEPT[:] = [actions, len(actions), by_path]
    return _KEPT[2]


def _fields(pushes) -> list:
    """The pushes that name a field [q, r]: a case editor's move may hold anything."""
    return [p for p in pushes if len(p) == 2 and all(type(c) is int for c in p)]


@functools.lru_cache(maxsize=8192)
def trace(pos: tuple, heading: int, path: tuple):
    """The fields a plan enters and its final heading, from a start field and heading (geometry only).
    Kept, and built from the plan one token shorter: a wide position's thousands of moves share a few
    hundred paths, and those share their beginnings; the board and the groups trace them all."""
    if not path:
        return (pos,), heading
    fields, h = trace(pos, heading, path[:-1])
    tok = path[-1]
    if tok == "L":
        return fields, (h + 1) % 6
    if tok == "R":
        return fields, (h - 1) % 6
    if tok == "F":
        q, r = fields[-1]
        return fields + ((q + DIRS[h][0], r + DIRS[h][1]),), h
    return fields, h


LANES = "ABCDE"  # across the river, left bank to right bank looking downstream (local b = -2 … 2)


def fid(p) -> str:
    """A field's id in the editor (data-tap): "q,r"."""
    return f"{p[0]},{p[1]}"


@functools.lru_cache(maxsize=64)
def _names(tiles: tuple) -> dict:
    """{(q, r): (tile label, lane letter, row)} for the river (tiles as (id, index, q, r, dir)); kept."""
    out = {}
    for tid, index, q, r, d in tiles:
        label = "S" if tid == "S" else str(index)
        for a in range(4):
            for b in range(-2, 3):
                out.setdefault(field_at((q, r), d, a, b), (label, LANES[b + 2], a + 1))
    return out


def names(data: dict) -> dict:
    """The river's field names for a position's JSON (or a drawable draft)."""
    tiles = data.get("tiles") if isinstance(data.get("tiles"), list) else []
    return _names(tuple((t["tile"], t["index"], t["origin"][0], t["origin"][1], t["dir"]) for t in tiles if _tile_ok(t)))


def short_name(named, p) -> str:
    """A field's label as drawn on it: its lane and row on its tile, "B2"."""
    label, lane, row = named[p]
    return f"{lane}{row}"


def field_name(named, p, lang: str) -> str:
    """A field as a player finds it on the board: its tile (the big number on it) and its label,
    "2. folyómező, B3" / "tile 2, B3"; a field off the river says so."""
    p = tuple(p)
    if p not in named:
        return UI.text("mq-off-river", lang)
    label, lane, row = named[p]
    tile = UI.text("mq-start-tile", lang) if label == "S" else UI.text("mq-tile-n", lang, n=label)
    return f"{tile}, {lane}{row}"
