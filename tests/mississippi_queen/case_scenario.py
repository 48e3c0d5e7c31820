"""Mississippi Queen's disputed case for the shared cases-page test (tests/browser/test_case_readings.py).

mq-coal-2-to-4-stated: the rulebook contradicts itself on what a change of speed costs. Under the
example's reading (2 -> 4 costs two coal) the red steamer, with one coal, may not make it (MQ-4.1).
"Change the position" opens the Ask page under that reading, with the same answer.
"""

import pytest

RULES = pytest.mark.rules("MQ-4.1")


SCENARIO = {
    "case": "mq-coal-2-to-4-stated",
    "option": "speed_cost",
    "flipped": "example",
    "flipped_rule": "MQ-4.1",
    "flipped_reason": "not-enough-coal",
}
