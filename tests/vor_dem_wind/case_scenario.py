"""Vor dem Wind's disputed case for the shared cases-page test (tests/browser/test_case_readings.py).

vw-swap-chain-allowed: a chain of swaps with two cards. Under the other reading two cards mean
one source, so the chain is refused (VW-4.3.2.4). "Change the position" opens the
Ask page under that reading, with the same answer.
"""

import pytest

RULES = pytest.mark.rules("VW-4.3.2.4")


SCENARIO = {
    "case": "vw-swap-chain-allowed",
    "option": "swap_chain",
    "flipped": "forbidden",
    "flipped_rule": "VW-4.3.2.4",
    "flipped_reason": "swap-chain-forbidden",
}
