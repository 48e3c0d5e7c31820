"""Every schema-valid action is described in words, in every language, in any reachable position,
legal or not: describe has no catch-all behind it (hypothesis)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.balaton.board import BOARD
from engine.balaton.messages import CATALOG
from engine.core import Rng
from engine.core.messages import LANGS

from .ba_helpers import GAME

CODES = [code for code in CATALOG.entries if "-" in code]
CODE_LIKE = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)+$")
PLAYER = st.one_of(st.none(), st.integers(-2, 7))


def _with_player(action: dict, player) -> dict:
    return action if player is None else dict(action, player=player)


def _optional(name: str, values):
    return st.one_of(st.just({}), values.map(lambda v: {name: v}))


ACTIONS = st.one_of(
    st.sampled_from(["roll", "reroll", "fly", "port", "income", "subsidy", "end-turn"]).map(lambda t: {"type": t}),
    st.builds(
        lambda steps, extra: {"type": "move", "steps": steps, **extra}, st.integers(-60, 60), _optional("back", st.booleans())
    ),
    st.builds(lambda extra: {"type": "ferry", **extra}, _optional("ticket", st.booleans())),
    st.builds(lambda extra: {"type": "ship", **extra}, _optional("card", st.booleans())),
    st.builds(lambda seat, to: {"type": "bump", "seat": seat, "to": to}, st.integers(-3, 8), st.sampled_from(BOARD.track)),
)

OPTIONS = st.fixed_dictionaries({name: st.sampled_from(option.choices) for name, option in GAME.options.items()})


def reachable(players: int, seed: int, moves: int, options: dict):
    """A position reached by random legal play (the game may end on the way)."""
    state = GAME.new(players, seed, options)
    rng = Rng(seed ^ 0xD5C)
    for _ in range(moves):
        if state.is_over():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.rules("BA-2.3", "BA-4.2")
@settings(max_examples=150, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 120),
    options=OPTIONS,
    action=ACTIONS,
    player=PLAYER,
)
def test_every_schema_valid_action_is_described(players, seed, moves, options, action, player):
    state = reachable(players, seed, moves, options)
    action = _with_player(action, player)
    GAME.action_schema.validate(action, "action")  # the generator makes well-formed actions only
    for lang in LANGS:
        text = state.describe(action, lang)
        assert isinstance(text, str) and text.strip(), (action, lang)
        assert "{" not in text and "}" not in text, text
        assert "None" not in text, text
        assert not CODE_LIKE.match(text) and not any(code in text for code in CODES), text


@pytest.mark.rules("BA-3.1")
def test_describe_names_the_seat_and_the_place():
    state = reachable(3, 1, 0, {})
    bump = {"type": "bump", "seat": 0, "to": "siofok-1"}
    assert state.describe(bump, "hu") == "Az 1. játékos bábuját áthelyezi ide: Siófok"
    assert state.describe(dict(bump, seat=1, to="f05"), "hu") == "A 2. játékos bábuját áthelyezi ide: 5. mező"
    assert state.describe(dict(bump, seat=1, to="veszprem"), "en") == "Move player 2's pawn to Veszprém"
