"""Mississippi Queen's disputed case for the shared cases-page test (tests/browser/test_case_readings.py).

mq-coal-2-to-4-stated: the rulebook contradicts itself on what a change of speed costs. Under the
example's reading (2 -> 4 costs two coal) the red steamer, with one coal, may not make it (MQ-4.1).
Then, under the same reading, the case's move is edited to speed 3: a free one-step change (the path
shortened to match), legal.
"""

import pytest

from tests.edits import in_text, setting

RULES = pytest.mark.rules("MQ-4.1")


SCENARIO = {
    "case": "mq-coal-2-to-4-stated",
    "option": "speed_cost",
    "flipped": "example",
    "flipped_rule": "MQ-4.1",
    "flipped_reason": "not-enough-coal",
    "back": None,
    "edit": in_text(setting(["action"], {"type": "move", "speed": 3, "path": ["F", "F", "F"]})),
    "edited": (".kikoto-verdict", "speed 3, 3 movement points, 0 turns, 0 coal"),
}
