"""Balaton's fixed numbers: the book's amounts and components, the phases of a step, and
which actions each phase allows."""

from __future__ import annotations

from ..core.messages import N_

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
PHASE_ACTIONS = {
    "roll": ("roll",),
    "move": ("reroll", "move"),
    "land": ("ferry", "fly", "bump", "port", "ship", "income", "subsidy", "end-turn"),
    "over": (),
}
# what players call the phases and the actions (codes of the game's catalog): messages never show
# the engine's names for them
PHASE_NAMES = {"roll": N_("phase-roll"), "move": N_("phase-move"), "land": N_("phase-land"), "over": N_("phase-over")}
ACTION_NAMES = {
    "roll": N_("do-roll"),
    "reroll": N_("do-reroll"),
    "move": N_("do-move"),
    "ferry": N_("do-ferry"),
    "fly": N_("do-fly"),
    "bump": N_("do-bump"),
    "port": N_("do-port"),
    "ship": N_("do-ship"),
    "income": N_("do-income"),
    "subsidy": N_("do-subsidy"),
    "end-turn": N_("do-end"),
}
ACTION_RULES = {
    "roll": "BA-3.1",
    "reroll": "BA-3.2",
    "move": "BA-3.1",
    "ferry": "BA-9.1",
    "fly": "BA-10.3",
    "bump": "BA-4.2",
    "port": "BA-5.1",
    "ship": "BA-6.1",
    "income": "BA-7.1",
    "subsidy": "BA-11.1",
    "end-turn": "BA-2.3",
}


def _fresh_step() -> dict:
    step = {flag: False for flag in STEP_FLAGS}
    step["card"] = ""
    step["landed"] = ""
    step["spent"] = 0  # money paid for a port or a ship since the pawn arrived (reading subsidy_broke)
    return step
