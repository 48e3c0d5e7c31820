"""Verdicts for rules that only markers named before coverage was measured (tests/coverage_plugin.py):
each entry of coverage_gaps.json is a position and an action whose verdict cites the rule it `covers`
(the rule it was written for), run as a case is."""

import json
import os

import pytest

from engine.core.cases import run_case

with open(os.path.join(os.path.dirname(__file__), "coverage_gaps.json"), encoding="utf-8") as f:
    GAPS = json.load(f)


@pytest.mark.parametrize("entry", GAPS, ids=[e["covers"] for e in GAPS])
def test_the_verdict_cites_the_rule(entry):
    case = {k: v for k, v in entry.items() if k not in ("covers", "note")}
    result = run_case(case)
    assert result["matches"] is True, result["differences"]
    assert entry["covers"] in result["verdict"]["rules"]
