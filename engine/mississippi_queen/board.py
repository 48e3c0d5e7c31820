"""The hex river: axial coordinates, tile geometry and the schematic tile data.

Coordinates are axial (q, r) on a pointy-top hex grid, r growing downwards on
screen, so a renderer can draw a field at x = sqrt(3) * (q + r / 2), y = 1.5 * r.
Directions are 0..5 counter-clockwise, starting east:

    0 E (1, 0)   1 NE (1, -1)   2 NW (0, -1)   3 W (-1, 0)   4 SW (-1, 1)   5 SE (0, 1)

Turning left is +1, turning right is -1.

A river tile is 4 rows of 5 fields. Its local field [a, b] has a = 0..3 along
the flow (0 = entry row) and b = -2..2 across it (negative = left bank, looking
downstream). A row is a zigzag: odd b fields stick half a field forward. A tile
placed with origin o and flow direction d has its field [a, b] at
o + a * DIRS[d] + lateral(d, b).
"""

from __future__ import annotations

import json
import os

DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIR_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
TURN = {"L": 1, "C": 0, "R": -1}


def add(p, v, k=1):
    return (p[0] + v[0] * k, p[1] + v[1] * k)


def neighbours(p):
    return [(p[0] + dq, p[1] + dr) for dq, dr in DIRS]


def lateral(d: int, b: int):
    if b == 0:
        return (0, 0)
    if b == 1:
        return DIRS[(d - 1) % 6]
    if b == 2:
        return add(DIRS[(d - 1) % 6], DIRS[(d - 2) % 6])
    if b == -1:
        return DIRS[(d + 1) % 6]
    if b == -2:
        return add(DIRS[(d + 1) % 6], DIRS[(d + 2) % 6])
    raise ValueError(b)


def field_at(origin, d: int, a: int, b: int):
    return add(add(origin, DIRS[d], a), lateral(d, b))


LOCAL = tuple((a, b) for a in range(4) for b in range(-2, 3))


def tile_fields(origin, d: int) -> dict:
    """{(q, r): (a, b)} for every field of a tile."""
    return {field_at(origin, d, a, b): (a, b) for a, b in LOCAL}


def next_placement(origin, d: int, side: str):
    """Where the next tile goes when attached at tab `side` (L, C or R)."""
    nd = (d + TURN[side]) % 6
    if side == "C":
        return add(origin, DIRS[d], 4), nd
    return add(add(origin, DIRS[d], 3), DIRS[nd], 2), nd


def depth(a: int, b: int) -> int:
    """How far downstream a local field is, as the measuring stick sees it (odd b fields stick forward)."""
    return 2 * a + (b & 1)


def dot(p, v) -> int:
    """4/3 times the screen dot product of two axial vectors (an exact integer)."""
    return 3 * (2 * p[0] + p[1]) * (2 * v[0] + v[1]) + 9 * p[1] * v[1]


def right_of(d: int):
    """The axial vector pointing exactly to the right of heading d."""
    return add(DIRS[(d - 1) % 6], DIRS[(d - 2) % 6])


def _load():
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "data", "board.json"), encoding="utf-8") as f:
        return json.load(f)


BOARD = _load()
TILE_IDS = tuple(t["id"] for t in BOARD["tiles"])


def _index():
    out = {BOARD["start"]["id"]: BOARD["start"]}
    for t in BOARD["tiles"]:
        out[t["id"]] = t
    return out


TILES = _index()


def tile_islands(tile_id: str) -> dict:
    """{(a, b): island dict} for every island field of a tile."""
    out = {}
    for island in TILES[tile_id]["islands"]:
        for a, b in island["cells"]:
            out[(a, b)] = island
    return out


def stations(tile_id: str) -> list:
    return [i for i in TILES[tile_id]["islands"] if "station" in i]
