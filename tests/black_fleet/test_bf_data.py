"""Data, schemas, messages and rule pages of Black Fleet."""

import json
import os

import pytest

from engine import load_game
from engine.black_fleet import components as C
from engine.black_fleet.messages import CATALOG
from engine.core.messages import LANGS, placeholders
from engine.core.registry import parse_rules
from engine.core.rules import CITED

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
    assert 6 in C.COAST.values()                       # the book's burying example pays 6
    assert C.PORTS["la-barbaria"]["price"] == 2 and len(C.PORTS["la-barbaria"]["buys"]) == 2
    assert C.PORTS["bahamas"]["price"] == 3 and len(C.PORTS["bahamas"]["buys"]) == 1


def test_messages_both_languages():
    for code, entry in CATALOG.entries.items():
        assert set(entry) == set(LANGS), code
        assert placeholders(entry["hu"]) == placeholders(entry["en"]), code


def test_rule_pages_agree_and_citations_exist():
    hu, en = rules("hu"), rules("en")
    assert list(hu) == list(en)
    load_game("black-fleet")
    cited = {r for r in CITED if r.startswith("BF-")}
    assert cited <= set(hu), cited - set(hu)
    checkable = {r for r, rule in hu.items() if not rule.descriptive}
    assert checkable <= cited, checkable - cited
    game = load_game("black-fleet")
    for opt in game.options.values():
        assert all(r in hu for r in opt.rules)


def test_every_checkable_rule_has_a_test():
    import ast
    named = set()
    for name in os.listdir(HERE):
        if name.startswith("test_bf_") and name.endswith(".py"):
            with open(os.path.join(HERE, name), encoding="utf-8") as f:
                tree = ast.parse(f.read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "rules":
                    named |= {a.value for a in node.args if isinstance(a, ast.Constant)}
    checkable = {r for r, rule in rules("hu").items() if not rule.descriptive}
    assert checkable <= named, sorted(checkable - named)


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
