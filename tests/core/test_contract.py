"""The engine contract, the same for every game: the schemas are the format, and the engine
accepts nothing the schemas refuse.

- Every position reached by random play validates against its game's state schema, round-trips
  through `from_json`, and passes the game's invariants (`check_position`); every legal action
  validates against the action schema.
- Every case and example on the site validates against the schemas: they describe the format only.
- Malformed actions are InputErrors naming the field, never verdicts; seats out of range too.
- Positions generated from the state schema itself (hypothesis-jsonschema, on CPython) load or are
  refused with an InputError, nothing else.
"""

from __future__ import annotations

import functools
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import InputError, game_ids, load_game
from engine.core import Rng
from tests.conftest import ROOT, SCALE, host_module

GAMES = game_ids()


def dumps(value) -> str:
    return json.dumps(value, sort_keys=True)


@functools.lru_cache(maxsize=None)
def reachable(game_id: str, wanted: int) -> tuple:
    """About `wanted` states met in seeded random games (every player count), spread over the games."""
    game = load_game(game_id)
    low, high = game.players
    states, seed = [], 0
    while len(states) < wanted:
        players = low + seed % (high - low + 1)
        state = game.new(players, seed=seed)
        rng = Rng(1000 + seed)
        moves = 0
        while True:
            if moves % 7 == 0 or state.is_over():
                states.append(state)
            if state.is_over() or moves >= 400 or len(states) >= wanted:
                break
            state = state.apply(rng.choice(state.legal_actions()))
            moves += 1
        seed += 1
    return tuple(states)


def site_files(game_id: str, kind: str):
    folder = os.path.join(ROOT, "docs", game_id, kind)
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        if name.endswith(".json"):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                yield name, json.load(f)


@pytest.mark.parametrize("game_id", GAMES)
def test_reachable_states_fit_the_schemas_and_round_trip(game_id):
    game = load_game(game_id)
    for state in reachable(game_id, max(20, int(400 * SCALE))):  # `make soak` goes 30 times further
        data = state.to_json()
        game.state_schema.validate(data, "state")
        again = game.from_json(json.loads(json.dumps(data)))  # runs check_position and the stuck check
        assert dumps(again.to_json()) == dumps(data)
        if not state.is_over():
            for action in state.legal_actions()[:3]:
                game.action_schema.validate(action, "action")


@pytest.mark.parametrize("game_id", GAMES)
def test_site_cases_and_examples_fit_the_schemas(game_id):
    game = load_game(game_id)
    count = 0
    for name, case in site_files(game_id, "cases"):
        if "state" in case:
            game.state_schema.validate(case["state"], f"{name}: state")
        for i, move in enumerate(case.get("moves", [])):
            game.action_schema.validate(move, f"{name}: moves[{i}]")
        if "action" in case:
            game.action_schema.validate(case["action"], f"{name}: action")
        count += 1
    for name, example in site_files(game_id, "examples"):
        if isinstance(example.get("state"), dict):
            game.state_schema.validate(example["state"], f"{name}: state")
        for i, step in enumerate(example.get("steps", [])):
            if isinstance(step, dict) and "action" in step:
                game.action_schema.validate(step["action"], f"{name}: steps[{i}].action")
    assert count


def malformed(action: dict, players: int) -> list[tuple[dict, str]]:
    """Typos a reader makes in a legal action, each with the field the error must name."""
    out = [
        ({**action, "type": "teleport"}, "action.type"),
        ({**action, "plyer": 2}, "action.plyer"),
        ({k: v for k, v in action.items() if k != "type"}, "action.type"),
        ({**action, "player": players + 5}, "action.player"),
        ({**action, "player": "1"}, "action.player"),
    ]
    for key, value in action.items():
        if key == "type":
            continue
        wrong = "x" if not isinstance(value, str) else 7
        out.append(({**action, key: wrong}, f"action.{key}"))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_malformed_actions_are_input_errors_naming_the_field(game_id):
    for state in reachable(game_id, 60)[::6]:
        if state.is_over():
            continue
        for action in state.legal_actions()[:4]:
            for bad, field in malformed(action, state.player_count):
                with pytest.raises(InputError) as err:
                    state.check(bad)
                assert err.value.field.startswith(field), (bad, err.value.field)
                assert err.value.message["hu"] and err.value.message["en"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_out_of_range_is_a_range_error_not_a_turn(game_id):
    state = reachable(game_id, 10)[1]
    action = {**state.legal_actions()[0], "player": 9}
    with pytest.raises(InputError) as err:
        state.check(action)
    assert err.value.code == "field-range" and err.value.field == "action.player"


@pytest.mark.parametrize("game_id", GAMES)
def test_not_your_turn_numbers_seats_from_one(game_id):
    state = next(s for s in reachable(game_id, 30) if not s.is_over())
    other = (state.current_player + 1) % state.player_count
    verdict = state.check({**state.legal_actions()[0], "player": other})
    assert not verdict.legal and verdict.reason == "not-your-turn" and verdict.rules
    assert f"{other + 1}" in verdict.message["en"] and f"{state.current_player + 1}" in verdict.message["en"]


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_keys_are_refused_at_every_depth(game_id):
    """One unknown key added to each object inside a reachable position: always refused, naming it."""
    game = load_game(game_id)
    data = reachable(game_id, 20)[5].to_json()

    def objects(value, path):
        if isinstance(value, dict):
            yield path, value
            for k, v in value.items():
                yield from objects(v, f"{path}.{k}")
        elif isinstance(value, list):
            for i, v in enumerate(value):
                yield from objects(v, f"{path}[{i}]")

    tried = 0
    for path, node in list(objects(data, "state")):
        node["zz_typo"] = 1
        with pytest.raises(InputError) as err:
            game.from_json(data)
        del node["zz_typo"]
        # an object keyed by ids (a map) refuses the key as unknown too
        assert err.value.field == f"{path}.zz_typo", err.value.field
        tried += 1
    assert tried >= 2


@pytest.mark.long
@pytest.mark.parametrize("game_id", GAMES)
def test_positions_generated_from_the_schema_load_or_are_refused(game_id):
    from_schema = host_module("hypothesis_jsonschema").from_schema  # (its jsonschema dependency is not in Pyodide)
    game = load_game(game_id)

    @settings(
        max_examples=max(10, int(60 * SCALE)),
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=from_schema(game.state_schema.data))
    def run(data):
        try:
            state = game.from_json(data)
        except InputError as err:
            assert err.field.startswith("state") and err.message["hu"] and err.message["en"]
            return
        assert dumps(game.from_json(state.to_json()).to_json()) == dumps(state.to_json())

    run()


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_generated_from_the_schema_get_a_verdict(game_id):
    """A well-formed action is never refused as bad input at a position with seats enough: it is
    legal or illegal, and the verdict cites rules."""
    from_schema = host_module("hypothesis_jsonschema").from_schema
    game = load_game(game_id)
    states = [s for s in reachable(game_id, 40) if not s.is_over()]

    @settings(
        max_examples=max(10, int(100 * SCALE)),
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(action=from_schema(game.action_schema.data), pick=st.integers(0, len(states) - 1))
    def run(action, pick):
        state = states[pick]
        try:
            verdict = state.check(action)
        except InputError as err:
            # only what the static schema cannot know: a seat beyond this table, an id outside the data
            assert err.field.startswith("action"), err.field
            return
        assert verdict.legal or verdict.rules, (action, verdict)
        assert verdict.message["hu"] and verdict.message["en"]

    run()
