"""Balaton's fixed numbers: the book's amounts and components, and a step's record. (The phases of a
step, and which actions each allows, are position.PHASES.)"""

from __future__ import annotations

# The book's amounts at coin scale 1 (option coin_scale multiplies them all).
START_MONEY = 10
GOAL = 20
REROLL_PRICE = 2
FERRY_PRICE = 2
SUBSIDY = 2
SHIP_PRICE = 1
SHIP_PRICE_DOUBLE = 2
MAX_REROLLS = 2
CLOSURE = 3
START_CARDS = {"back": 2, "plane": 1, "ferry": 1, "ship": 1}
CARDS = ("back", "plane", "ferry", "ship")
STEP_FLAGS = ("crossed", "bumped", "bought", "income", "subsidy", "sub")


def _fresh_step() -> dict:
    step = {flag: False for flag in STEP_FLAGS}
    step["card"] = ""
    step["landed"] = ""
    step["spent"] = 0  # money paid for a port or a ship since the pawn arrived (reading subsidy_broke)
    return step
