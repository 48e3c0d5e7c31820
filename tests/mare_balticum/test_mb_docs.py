"""The rules pages, the engine's citations, the tests' rule marks, the examples and the data files agree."""

import json
import os
import re

from engine.core import content
from engine.core.registry import parse_rules
from tests.conftest import IN_PYODIDE

from ._mb import DOCS, EXAMPLES, GAME, ROOT, load_json

HERE = os.path.dirname(os.path.abspath(__file__))
PKG = os.path.join(ROOT, "engine", "mare_balticum")


def _rules(lang):
    with open(os.path.join(DOCS, f"rules.{lang}.md"), encoding="utf-8") as f:
        return parse_rules(f.read(), f"rules.{lang}.md")


def test_both_languages_have_the_same_rules_in_the_same_order():
    hu, en = _rules("hu"), _rules("en")
    assert list(hu) == list(en)
    for rid in hu:
        assert hu[rid].descriptive == en[rid].descriptive, rid
        assert hu[rid].text and en[rid].text, rid


def test_examples_in_the_pages_exist_and_load():
    names = set()
    for lang in ("hu", "en"):
        with open(os.path.join(DOCS, f"rules.{lang}.md"), encoding="utf-8") as f:
            names |= set(re.findall(r"^example:\s*(\S+)", f.read(), re.M))
    for name in sorted(names):
        assert os.path.exists(os.path.join(EXAMPLES, name + ".json")), name
    for name in os.listdir(EXAMPLES):
        ex = load_json(EXAMPLES, name)
        assert ex["id"] + ".json" == name and ex["game"] == "mare-balticum"
        if "state" in ex and ex.get("widget") != "lesson":  # a lesson's steps: tests/widgets/test_lesson.py
            assert isinstance(ex["title"], str)
            assert IN_PYODIDE or content.missing(ex, content.EXAMPLE, "en") == []  # (the wheel has no content catalogs)
            state = GAME.from_json(ex["state"])
            for step in ex.get("steps", []):
                assert isinstance(step["caption"], str)
                state = state.apply(step["action"])


def test_data_files_are_labelled_schematic_and_have_schemas():
    for name in ("board", "contracts"):
        data = load_json(PKG, "data", name + ".json")
        schema = load_json(PKG, "data", name + ".schema.json")
        assert data["schematic"] is True and set(data["note"]) == {"hu", "en"}
        assert schema["type"] == "object"
    for name in ("state", "action"):
        assert load_json(PKG, "schema", name + ".schema.json")["$schema"] == "http://json-schema.org/draft-07/schema#"


def test_schema_ids_are_the_board_data():
    """The schemas list the field and contract ids of data/: a new board needs new enums there."""
    from engine.mare_balticum.board import BOARD, CONTRACTS

    state = load_json(PKG, "schema", "state.schema.json")
    action = load_json(PKG, "schema", "action.schema.json")
    branches = {b["properties"]["type"]["const"]: b["properties"] for b in action["oneOf"]}
    assert state["properties"]["players"]["items"]["properties"]["ships"]["items"]["enum"] == BOARD.ids
    assert branches["sail"]["to"]["enum"] == branches["fish"]["field"]["enum"] == BOARD.ids
    assert list(state["properties"]["tokens"]["properties"]) == BOARD.sea
    assert list(state["properties"]["demand"]["properties"]) == BOARD.ports
    assert branches["contract"]["card"]["enum"] == CONTRACTS.ids


def test_state_json_matches_the_schema_keys():
    schema = load_json(PKG, "schema", "state.schema.json")
    data = GAME.new(3, 1, {}).to_json()
    assert set(data) <= set(schema["properties"])
    assert set(data["players"][0]) <= set(schema["properties"]["players"]["items"]["properties"])
    json.dumps(data)
