"""Every Black Fleet case file gives the verdict it expects."""

import glob
import json
import os

import pytest

from engine.core.cases import run_case

CASES = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "black-fleet", "cases")
FILES = sorted(glob.glob(os.path.join(CASES, "*.json")))


def test_enough_cases():
    assert len(FILES) >= 12


@pytest.mark.rules("BF-5.2", "BF-5.3", "BF-5.5", "BF-7.2", "BF-7.4", "BF-7.6", "BF-8.1", "BF-8.3", "BF-9.1",
                   "BF-10.3", "BF-11.1", "BF-11.4", "BF-14.1", "BF-14.2", "BF-14.3", "BF-14.4", "BF-14.5",
                   "BF-14.6", "BF-14.7")
@pytest.mark.parametrize("path", FILES, ids=[os.path.basename(f)[:-5] for f in FILES])
def test_case(path):
    with open(path, encoding="utf-8") as f:
        case = json.load(f)
    assert case["id"] == os.path.basename(path)[:-5]
    result = run_case(case)
    assert result["matches"] is True, result["differences"]
