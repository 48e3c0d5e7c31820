"""Every disputed-rule case file of Mississippi Queen gives its expected verdict."""

import json
import re
import os

import pytest

from engine.core.cases import run_case

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "mississippi-queen", "cases")
FILES = sorted(f for f in os.listdir(CASES) if f.endswith(".json"))


def test_there_are_enough_cases():
    assert len(FILES) >= 12


@pytest.mark.rules("MQ-4.1", "MQ-4.2", "MQ-5.1", "MQ-5.2", "MQ-5.3", "MQ-6.1", "MQ-7.1", "MQ-7.2", "MQ-7.3",
                   "MQ-8.3", "MQ-9.7", "MQ-9.8")
@pytest.mark.parametrize("name", FILES)
def test_case(name):
    with open(os.path.join(CASES, name), encoding="utf-8") as f:
        case = json.load(f)
    # a file may carry an ordering prefix ("01-"): the cases page lists the files in name order
    assert re.sub(r"^\d+-", "", name) == case["id"] + ".json"
    assert case["game"] == "mississippi-queen"
    result = run_case(case)
    assert result["matches"] is True, result["differences"]
