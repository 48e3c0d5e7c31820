"""Mare Balticum's cases cover every answer of each reading (tests/core/test_cases.py runs every case)."""

import os

import pytest

from ._mb import CASES, GAME, load_json

FILES = sorted(f for f in os.listdir(CASES) if f.endswith(".json"))


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
