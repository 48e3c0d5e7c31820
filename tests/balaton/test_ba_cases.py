"""Balaton's cases: each has a note, every reading is set by one, and a reading case answers
otherwise under the default reading (tests/core/test_cases.py runs every case)."""

import json
import os

from engine.core import content
from engine.core.cases import run_case
from tests.conftest import IN_PYODIDE

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "balaton", "cases")
FILES = sorted(f for f in os.listdir(CASES) if f.endswith(".json"))


def load(name):
    with open(os.path.join(CASES, name), encoding="utf-8") as f:
        return json.load(f)


def test_every_reading_has_a_case():
    from engine import load_game

    game = load_game("balaton")
    used = {}
    for name in FILES:
        for key, value in load(name).get("options", {}).items():
            used.setdefault(key, set()).add(json.dumps(value))
    for name, option in game.options.items():
        if option.kind == "reading":
            assert name in used, f"no case sets the reading {name}"


def test_every_case_has_a_note_in_both_languages():
    """The file holds the Hungarian; the English is in the catalog (which the wheel leaves out)."""
    for name in FILES:
        case = load(name)
        assert isinstance(case["note"], str) and case["note"], name
        assert IN_PYODIDE or content.missing(case, content.CASE, "en") == [], name


def test_reading_cases_flip_with_the_option():
    """Each reading case gives another answer (or amount) under the default reading."""
    for name in FILES:
        case = load(name)
        readings = {k: v for k, v in case.get("options", {}).items() if k != "coin_scale"}
        if not readings:
            continue
        flipped = dict(case, options={})
        flipped.pop("expect")
        a, b = run_case(case)["verdict"], run_case(flipped)["verdict"]
        assert (a["legal"], a["reason"], a["message"]) != (b["legal"], b["reason"], b["message"]) or \
            name == "ba-bumped-landing.json", name
