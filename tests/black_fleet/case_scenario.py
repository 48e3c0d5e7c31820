"""Black Fleet's disputed case for the shared cases-page test (tests/browser/test_case_readings.py).

bf-friendly-warship-card: a merchant moves through the yellow warship on C5. Under the other
reading the warship is friendly only once it has moved, so it blocks (BF-5.2). "Change the position"
opens the Ask page under that reading, with the same answer.
"""

import pytest

RULES = pytest.mark.rules("BF-5.2")

SCENARIO = {
    "case": "bf-friendly-warship-card",
    "option": "friendly_warship",
    "flipped": "once-moved",
    "flipped_rule": "BF-5.2",
    "flipped_reason": "blocked",
}
