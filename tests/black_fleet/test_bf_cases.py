"""BF-14.7 ("the cards are always right") is checked by a case: a fate card lets a pirate bury right
after an attack. (tests/core/test_cases.py runs every case; this names the rule it shows.)"""

import json
import os

import pytest

from engine.core.cases import run_case
from engine.core.registry import docs_dir


@pytest.mark.rules("BF-14.7")
def test_a_card_lets_a_pirate_bury_after_an_attack():
    with open(os.path.join(docs_dir(), "black-fleet", "cases", "bf-card-allows-bury-after-attack.json"), encoding="utf-8") as f:
        case = json.load(f)
    result = run_case(case)
    assert result["matches"] is True and result["verdict"]["legal"] is True, result
