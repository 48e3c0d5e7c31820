"""Balaton's disputed case for the shared cases-page test (tests/browser/test_case_readings.py).

ba-bumped-landing: a pawn moved by another one lands on Tihany. Under the other reading
("nothing": being moved triggers nothing) nobody may buy the port now (BA-5.1). "Change the position"
opens the Ask page under that reading, with the same answer.
"""

import pytest

RULES = pytest.mark.rules("BA-4.2")

SCENARIO = {
    "case": "ba-bumped-landing",
    "option": "bumped_pawn",
    "flipped": "nothing",
    "flipped_rule": "BA-5.1",
    "flipped_reason": "not-settlement",
}
