"""Every disputed-rule case file is a test."""

import os

import pytest

from engine.core.cases import run_case

from ._mb import CASES, GAME, load_json

FILES = sorted(f for f in os.listdir(CASES) if f.endswith(".json"))


def test_enough_cases():
    assert len(FILES) >= 12


@pytest.mark.parametrize("name", FILES)
def test_case(name):
    case = load_json(CASES, name)
    assert case["id"] + ".json" == name
    assert case["game"] == "mare-balticum"
    result = run_case(case)
    assert result["matches"] is True, result["differences"]


@pytest.mark.rules("MB-4.2", "MB-8.1", "MB-8.3")
def test_every_reading_has_a_case_for_each_answer():
    seen = {}
    for name in FILES:
        case = load_json(CASES, name)
        for opt, value in GAME.resolve_options(case.get("options", {})).items():
            seen.setdefault(opt, set()).add(repr(value))
    for name, opt in GAME.options.items():
        if opt.kind == "reading":
            assert seen[name] == {repr(c) for c in opt.choices}, name
