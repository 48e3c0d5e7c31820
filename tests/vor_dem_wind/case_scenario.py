"""Vor dem Wind's disputed case for the shared cases-page test (tests/browser/test_case_readings.py).

vw-swap-chain-allowed: a chain of swaps with two cards. Under the other reading two cards mean
one source, so the chain is refused (VW-4.3.2.4). Then, back under "allowed", the case keeps only
the first swap: legal.
"""

import json

import pytest

RULES = pytest.mark.rules("VW-4.3.2.4")


def first_swap_only(text):
    case = json.loads(text)
    case["action"]["steps"] = case["action"]["steps"][:1]
    return json.dumps(case)


SCENARIO = {
    "case": "vw-swap-chain-allowed",
    "option": "swap_chain",
    "flipped": "forbidden",
    "flipped_rule": "VW-4.3.2.4",
    "flipped_reason": "swap-chain-forbidden",
    "back": "allowed",
    "edit": first_swap_only,
    "edited": (".kikoto-action", "cheese ↔ apple (player 2)"),
}
