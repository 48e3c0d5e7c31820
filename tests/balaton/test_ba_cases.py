"""Balaton's cases each have a note, in both languages (tests/core/test_cases.py runs every case,
and checks the readings' cases for every game)."""

import json
import os

from engine.core import content
from tests.conftest import IN_PYODIDE

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "balaton", "cases")
FILES = sorted(f for f in os.listdir(CASES) if f.endswith(".json"))


def load(name):
    with open(os.path.join(CASES, name), encoding="utf-8") as f:
        return json.load(f)


def test_every_case_has_a_note_in_both_languages():
    """The file holds the Hungarian; the English is in the catalog (which the wheel leaves out)."""
    for name in FILES:
        case = load(name)
        assert isinstance(case["note"], str) and case["note"], name
        assert IN_PYODIDE or content.missing(case, content.CASE, "en") == [], name
