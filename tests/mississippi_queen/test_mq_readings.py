"""The readings added for the rules-fidelity pass (wheels, came_from, first_round): the engine's check and its
list of legal moves agree under each answer; and every schema-valid action is described in words."""

from __future__ import annotations

import functools
import json
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.core import Rng
from engine.core.messages import LANGS
from engine.mississippi_queen.messages import CATALOG

from .mq_support import GAME, edit, fresh

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "mississippi-queen", "cases")


def _case_state(name, **options):
    with open(os.path.join(CASES, name + ".json"), encoding="utf-8") as f:
        data = json.load(f)["state"]
    return GAME.from_json(data, "state", GAME.resolve_options(dict(data["options"], **options)))


@pytest.mark.rules("MQ-7.2")
def test_came_from_reading_in_check_and_listed_moves():
    plan = {"type": "move", "speed": 3, "path": ["F", "L", "L", "F"], "push": [[1, -1]]}
    for reading, legal in (("path", False), ("previous", True)):
        s = _case_state("mq-came-from-whole-path", came_from=reading)
        assert s.check(plan).legal is legal
        listed = [m for m in s.legal_actions() if m.get("push") == [[1, -1]] and m["speed"] == 3]
        assert bool(listed) is legal
        for m in s.legal_actions()[::25]:
            assert s.check(m).legal, m
    # the field the pusher stepped in from stays taboo under both readings
    s = _case_state("mq-came-from-whole-path", came_from="previous")
    assert s.check(dict(plan, push=[[2, -1]])).reason == "push-target-on-path"


@pytest.mark.rules("MQ-4.4", "MQ-9.3")
def test_wheels_reading_brake_after_any_move():
    plan = {"type": "move", "speed": 2, "path": ["F", "F"], "brake": 1}
    before = _case_state("mq-wheels-before-move", wheels="before")
    assert before.check(plan).reason == "brake-not-allowed"
    assert not any(m.get("brake") for m in before.legal_actions())
    after = _case_state("mq-wheels-before-move", wheels="after")
    assert after.check(plan).legal and plan in after.legal_actions()
    moved = after.apply(plan)
    assert moved.steamers[0]["speed"] == 1 and moved.steamers[0]["passengers"] == 1
    assert moved.steamers[0]["coal"] == after.steamers[0]["coal"] - 1
    # braking to 1 needs coal: a steamer without coal may not
    broke = edit(after, {0: {"coal": 0}})
    assert broke.check(plan).reason == "not-enough-coal" and "MQ-4.4" in broke.check(plan).rules
    assert not any(m.get("brake") for m in broke.legal_actions())


@pytest.mark.rules("MQ-3", "MQ-9.6")
def test_first_round_reading():
    ahead = fresh(game="passenger", first_round="ahead")
    assert ahead.order == ahead.rank() and ahead.order[0] != 0
    seats = fresh(game="passenger", first_round="seats")
    assert seats.order == [0, 1, 2]
    learning = fresh(first_round="ahead")  # the learning game always goes in seat order
    assert learning.order == [0, 1, 2]


# -- describing every schema-valid action -------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _positions() -> tuple:
    out = []
    for options in ({}, {"game": "passenger", "wheels": "after", "came_from": "previous"}):
        state = GAME.new(3, 2, options)
        rng = Rng(5)
        for step in range(60):
            if state.is_over():
                break
            if step % 6 == 0:
                out.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return tuple(out)


FIELD = st.tuples(st.integers(-30, 30), st.integers(-30, 30)).map(list)
SEAT = st.integers(0, 4)
MOVES = st.fixed_dictionaries(
    {"type": st.just("move"), "speed": st.integers(-3, 12), "path": st.lists(st.sampled_from("FLR"), max_size=14)},
    optional={"push": st.lists(FIELD, max_size=3), "brake": st.integers(-2, 8), "player": SEAT},
)
HEADINGS = st.fixed_dictionaries({"type": st.just("heading"), "dir": st.integers(0, 5)}, optional={"player": SEAT})
RETIRES = st.fixed_dictionaries({"type": st.just("retire")}, optional={"player": SEAT})
CODE = re.compile(r"\b[a-z]+(-[a-z0-9]+)+\b")


@pytest.mark.rules("MQ-10.1")
@settings(max_examples=150, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 10_000), st.one_of(MOVES, HEADINGS, RETIRES))
def test_every_well_formed_action_is_described(pick, action):
    states = _positions()
    state = states[pick % len(states)]
    GAME.action_schema.validate(action, "action")  # schema-valid (raises otherwise)
    for lang in LANGS:
        text = state._describe(action, lang)
        assert isinstance(text, str) and text.strip()
        assert "{" not in text and "}" not in text and "None" not in text
        codes = {m.group(0) for m in CODE.finditer(text)} & set(CATALOG.entries)
        assert not codes, codes
        assert "[" not in text  # fields as the board labels them, not [q, r]
