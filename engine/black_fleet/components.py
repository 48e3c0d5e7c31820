"""Black Fleet's components (BF-1) and the schematic board and card data (BF-15).

The rulebook describes the mechanisms but prints neither the map nor the card
texts, so both are JSON data beside this module (data/board.json, data/cards.json,
each with a JSON Schema). Both are labelled "schematic": true.
"""

from __future__ import annotations

import json
import os

_DATA = os.path.join(os.path.dirname(__file__), "data")


def _load(name: str) -> dict:
    with open(os.path.join(_DATA, name), encoding="utf-8") as f:
        return json.load(f)


BOARD = _load("board.json")
CARDS = _load("cards.json")

# -- counts the rulebook gives (BF-1) ---------------------------------------------
MOVEMENT_CARDS = 44
FATE_CARDS = 44
CUBES_PER_COLOUR = 13
COLOURS = tuple(BOARD["colours"])  # 5 colours, 65 cubes
MERCHANT_CAPACITY = 3
PIRATE_CAPACITY = 1
DEVELOPMENT_VALUES = (5, 8, 11, 14)
VICTORY_VALUES = (10, 20)
FATE_HAND_LIMIT = 3
MOVEMENT_HAND = 2
REWARD_SINK = 2
REWARD_STEAL = 2
PLAYER_COLOURS = ("black", "red", "blue", "green")  # "black" holds the black-fleet card; others schematic
WARSHIPS = ("yellow", "purple")

# -- board graph --------------------------------------------------------------------
FIELDS = {f["id"]: f for f in BOARD["fields"]}
ADJ = {fid: tuple(f["adjacent"]) for fid, f in FIELDS.items()}
COAST = {fid: f["coast"] for fid, f in FIELDS.items() if "coast" in f}
PORTS = {p["id"]: p for p in BOARD["ports"]}
PORT_OF_COLOUR = {p["colour"]: p["id"] for p in BOARD["ports"]}
DISTANT = {d["id"]: tuple(d["entries"]) for d in BOARD["distant_seas"]}
NAVY_START = dict(BOARD["navy_start"])
HAVENS = tuple(BOARD["havens"])
FIELD_PORTS = {}
for _p in BOARD["ports"]:
    for _f in _p["fields"]:
        FIELD_PORTS.setdefault(_f, []).append(_p["id"])

# -- cards ----------------------------------------------------------------------------
MOVEMENT = {c["id"]: c for c in CARDS["movement"]}
FATE = {c["id"]: c for c in CARDS["fate"]}
DEVELOPMENT = {c["id"]: c for c in CARDS["development"]}


def check_data() -> None:
    """The data keeps every count the rulebook states (BF-1, BF-15); raises AssertionError otherwise."""
    assert len(MOVEMENT) == MOVEMENT_CARDS
    assert len(FATE) == FATE_CARDS
    assert len(DEVELOPMENT) == 24
    for v in DEVELOPMENT_VALUES:
        assert sum(1 for c in DEVELOPMENT.values() if c["value"] == v) == 6
    assert len(COLOURS) == 5 and len(PORTS) == 5
    assert sorted(p["colour"] for p in PORTS.values()) == sorted(COLOURS)
    for p in PORTS.values():
        assert len(p["fields"]) == 3 and p["price"] in (2, 3)
        assert all(f in FIELDS for f in p["fields"])
    for a, bs in ADJ.items():
        for b in bs:
            assert a in ADJ[b], (a, b)
    assert {"la-barbaria", "bahamas"} <= set(PORTS)
    assert set(NAVY_START) == set(WARSHIPS) and len(HAVENS) == 2
