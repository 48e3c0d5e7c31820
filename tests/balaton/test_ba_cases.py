"""Every disputed case in docs/balaton/cases/ matches its "expect"."""

import json
import os

import pytest

from engine.core import content
from tests.conftest import IN_PYODIDE
from engine.core.cases import run_case

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "balaton", "cases")
FILES = sorted(f for f in os.listdir(CASES) if f.endswith(".json"))


def load(name):
    with open(os.path.join(CASES, name), encoding="utf-8") as f:
        return json.load(f)


def test_at_least_twelve_cases_and_every_reading_has_one():
    assert len(FILES) >= 12
    from engine import load_game

    game = load_game("balaton")
    used = {}
    for name in FILES:
        for key, value in load(name).get("options", {}).items():
            used.setdefault(key, set()).add(json.dumps(value))
    for name, option in game.options.items():
        if option.kind == "reading":
            assert name in used, f"no case sets the reading {name}"


@pytest.mark.rules("BA-3.1", "BA-3.2", "BA-4.2", "BA-5.1", "BA-5.2", "BA-6.1", "BA-6.3", "BA-6.4", "BA-7.1", "BA-7.2",
                   "BA-8.1", "BA-8.2", "BA-9.1", "BA-10.1", "BA-10.5", "BA-11.1", "BA-11.2", "BA-2.4")
@pytest.mark.parametrize("name", FILES)
def test_case(name):
    case = load(name)
    assert case["id"] + ".json" == name
    assert case["game"] == "balaton"
    for key in ("question", "note"):
        assert isinstance(case[key], str) and case[key]
    # the English is in the catalog (which the wheel leaves out: a page carries its own language)
    assert IN_PYODIDE or content.missing(case, content.CASE, "en") == []
    result = run_case(case)
    assert result["matches"] is True, result["differences"]


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
