"""Data, schemas, messages and rule pages of Black Fleet."""

import json
import os

import pytest

from engine import load_game
from engine.black_fleet import components as C
from engine.core.registry import parse_rules

HERE = os.path.dirname(__file__)
PKG = os.path.join(HERE, "..", "..", "engine", "black_fleet")
DOCS = os.path.join(HERE, "..", "..", "docs", "black-fleet")


def rules(lang):
    with open(os.path.join(DOCS, f"rules.{lang}.md"), encoding="utf-8") as f:
        return parse_rules(f.read())


@pytest.mark.rules("BF-15", "BF-1")
def test_data_counts_and_schematic_labels():
    C.check_data()
    assert C.BOARD["schematic"] is True and C.CARDS["schematic"] is True
    for name in ("data/board.schema.json", "data/cards.schema.json", "schema/state.schema.json", "schema/action.schema.json"):
        with open(os.path.join(PKG, name), encoding="utf-8") as f:
            assert "json-schema.org/" in json.load(f)["$schema"]
    assert sorted(C.COAST.values()) and all(v > 0 for v in C.COAST.values())
    assert 6 in C.COAST.values()  # the book's burying example pays 6
    assert C.PORTS["la-barbaria"]["price"] == 2 and len(C.PORTS["la-barbaria"]["buys"]) == 2
    assert C.PORTS["bahamas"]["price"] == 3 and len(C.PORTS["bahamas"]["buys"]) == 1


def test_schema_ids_are_the_data_ids():
    """The schemas name the board's and the decks' ids (written from the data): they must agree."""
    with open(os.path.join(PKG, "schema", "action.schema.json"), encoding="utf-8") as f:
        branches = {b["properties"]["type"]["const"]: b["properties"] for b in json.load(f)["oneOf"]}
    land = [c["id"] for area in C.BOARD["land"] for c in area["cells"]]
    assert sorted(branches["move"]["to"]["enum"]) == sorted(list(C.FIELDS) + land)
    assert branches["place"]["area"]["enum"] == list(C.DISTANT) and branches["sell"]["port"]["enum"] == list(C.PORTS)
    assert branches["steal"]["colour"]["enum"] == list(C.COLOURS)
    assert branches["play"]["card"]["enum"] == list(C.MOVEMENT) and branches["discard"]["card"]["enum"] == list(C.FATE)
    with open(os.path.join(PKG, "schema", "state.schema.json"), encoding="utf-8") as f:
        state = json.load(f)["properties"]
    seat = state["seats"]["items"]["properties"]
    assert seat["developments"]["items"]["properties"]["id"]["enum"] == list(C.DEVELOPMENT)
    assert seat["merchant"]["enum"] == list(C.FIELDS) + [None]
    assert seat["pirate"]["enum"] == list(C.FIELDS) + list(C.DISTANT) + [None]
    assert seat["moves"]["items"]["enum"] == state["decks"]["properties"]["movement_discard"]["items"]["enum"] == list(C.MOVEMENT)
    assert seat["fates"]["items"]["enum"] == state["decks"]["properties"]["fate"]["items"]["enum"] == list(C.FATE)
    assert state["warships"]["properties"]["yellow"]["enum"] == list(C.FIELDS)
    game = load_game("black-fleet")
    options = state["options"]["properties"]
    assert {k: v["enum"] for k, v in options.items()} == {k: list(o.choices) for k, o in game.options.items()}
