"""Every disputed-rule case file of Vor dem Wind matches its expected verdict."""

import glob
import json
import os

import pytest

from engine.core import content
from tests.conftest import IN_PYODIDE
from engine.core.cases import run_case

CASES = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "vor-dem-wind", "cases", "*.json")))


def _rules(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)["expect"].get("rules", [])


def test_enough_cases():
    assert len(CASES) >= 12


@pytest.mark.rules("VW-4.1", "VW-4.2", "VW-4.3.2.4", "VW-4.3.1.2", "VW-2.5", "VW-4.3.3", "VW-4.3.2.6",
                   "VW-4.3.2", "VW-4.3.2.2", "VW-4.3.2.5", "VW-4.4.1")
@pytest.mark.parametrize("path", CASES, ids=[os.path.basename(p)[:-5] for p in CASES])
def test_case(path):
    with open(path, encoding="utf-8") as f:
        case = json.load(f)
    assert case["id"] == os.path.basename(path)[:-5]
    assert isinstance(case["question"], str) and isinstance(case.get("note", ""), str)
    assert IN_PYODIDE or content.missing(case, content.CASE, "en") == []   # (the wheel has no content catalogs)
    result = run_case(case)
    assert result["matches"] is True, result["differences"]
