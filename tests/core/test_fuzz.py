"""Fuzzing the engine's public entry points with hypothesis, for every game ("Resilience").

- `game.from_json` on arbitrary JSON and on real positions with one field mutated:
  it returns a State or raises InputError naming a field, nothing else. A loaded
  State answers to_json(), legal_actions() and check() without raising.
- `run_case` (what `python -m engine check` runs) on cases built from mutated parts:
  a result or an InputError.
- Random, mostly malformed or illegal actions on random reachable states: check() raises
  only InputError (bad input) and otherwise returns a Verdict citing rules; apply() raises
  only those two; a well-formed action is described in words; the state is unchanged.

Runs on CPython and inside Pyodide (it needs only the engine and hypothesis). The
number of examples scales with KIKOTO_SCALE; every example is time-bound.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import signal
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine import IllegalAction, InputError, game_ids, load_game
from engine.core import Rng, State, Verdict
from engine.core.cases import run_case
from tests.conftest import SCALE, game_tests
from tests.edits import DELETE, edited

GAMES = game_ids()
LIMIT_S = 5  # one example that takes longer than this is a hang


def examples(n: int) -> settings:
    # Fixed examples in CI (reproducible); KIKOTO_FUZZ_RANDOM=1 explores new ones.
    return settings(
        max_examples=max(10, int(n * SCALE)),
        deadline=None,
        database=None,
        derandomize=not os.environ.get("KIKOTO_FUZZ_RANDOM"),
        suppress_health_check=list(HealthCheck),
    )


@contextlib.contextmanager
def time_bound(seconds=LIMIT_S):
    """Fails the example if it runs longer than `seconds` (CPython: a real timer; elsewhere: checked after)."""
    import time

    if hasattr(signal, "setitimer") and sys.platform != "emscripten":

        def fire(signum, frame):
            raise TimeoutError(f"example ran longer than {seconds} s")

        old = signal.signal(signal.SIGALRM, fire)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)
    else:
        t0 = time.monotonic()
        yield
        assert time.monotonic() - t0 < seconds * 4, "example took too long"


def dumps(value) -> str:
    return json.dumps(value, sort_keys=True)


# -- reachable positions -------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def positions(game_id: str) -> tuple:
    """A few reachable states per game: the start and random playouts of several lengths."""
    game = load_game(game_id)
    low, high = game.players
    out = []
    for i, depth in enumerate((0, 3, 12, 40, 150)):
        players = low + i % (high - low + 1)
        state = game.new(players, seed=11 + i)
        rng = Rng(97 + i)
        for _ in range(depth):
            if state.is_over():
                break
            state = state.apply(rng.choice(state.legal_actions()))
        out.append(state)
    return tuple(out)


@functools.lru_cache(maxsize=None)
def sample_actions(game_id: str) -> tuple:
    """Legal actions seen at those positions: the templates that mutations start from."""
    seen = {}
    for state in positions(game_id):
        if not state.is_over():
            for action in state.legal_actions()[:40]:
                seen.setdefault(dumps(action), action)
    return tuple(seen.values())


# -- strategies ----------------------------------------------------------------------

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.integers()
    | st.floats(allow_nan=False)
    | st.sampled_from(["", "x", "0", "-1", "<img src=x onerror=alert(1)>", "🚢", "\u0000"])
    | st.text(max_size=6)
)
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=10
)


def paths(value, prefix=()):
    """Every path into a JSON value (dict keys and list indexes), the root included."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


def nearby(value):
    """Values a careless or hostile editor would put where `value` was."""
    out = [None, True, "", "x", -1, 0, 2**64, 1.5, [], {}, [value], {"x": value}]
    if isinstance(value, bool):
        out += [not value, 0, 1]
    elif isinstance(value, int):
        out += [value + 1, value - 1, -value - 1, value * 1000 + 7, float(value), str(value), True]
    elif isinstance(value, str):
        out += [value.upper(), value + "x", value[:-1], " " + value]
    elif isinstance(value, list):
        out += [value[:-1], value + value[-1:], value[::-1], value * 3]
    elif isinstance(value, dict):
        keys = list(value)
        out += [{k: value[k] for k in keys[:-1]}, {**value, "extra": 1}]
    return out


def leaves(value) -> list:
    """The strings and small integers inside a value: swapping them around makes plausible, wrong input."""
    out = []
    for path in paths(value):
        node = value
        for key in path:
            node = node[key]
        if isinstance(node, str) or (isinstance(node, int) and not isinstance(node, bool) and -5 < node < 100):
            out.append(node)
    return out or [0]


@st.composite
def mutated(draw, base):
    """`base` with one to three values replaced (mostly by a plausible value of the same kind,
    sometimes by any JSON) or deleted."""
    data = base
    pool = sorted(set(map(dumps, leaves(base))))
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        candidates = list(paths(data))
        path = draw(st.sampled_from(candidates))
        old = data
        for key in path:
            old = old[key]
        plausible = st.sampled_from(nearby(old)) | st.sampled_from(pool).map(json.loads)
        new = draw(st.one_of(plausible, plausible, plausible, json_values, st.just(DELETE))) if path else draw(json_values)
        if new is DELETE and not path:
            continue
        data = edited(data, path, new)
    return data


def actions_for(game_id):
    templates = sample_actions(game_id)
    by_key = {}
    for a in templates:
        for k, v in a.items():
            by_key.setdefault(k, []).append(v)

    @st.composite
    def crossed(draw):
        """A legal action's fields mixed with the same fields of other legal actions."""
        a = dict(draw(st.sampled_from(templates)))
        for k in draw(st.lists(st.sampled_from(sorted(a)), max_size=3)):
            a[k] = draw(st.sampled_from(by_key[k]))
        return a

    return st.one_of(
        crossed(),
        crossed(),
        st.sampled_from(templates).flatmap(lambda a: mutated(a)),
        st.sampled_from(templates).flatmap(
            lambda a: st.dictionaries(st.sampled_from(sorted(a)), json_values).map(lambda d, a=a: {**d, "type": a["type"]})
        ),
        json_values,
    )


# -- the invariants ------------------------------------------------------------------


def assert_sound(state: State):
    """A state that loaded answers every query without raising, and round-trips."""
    data = state.to_json()
    text = dumps(data)
    assert dumps(state.game.from_json(json.loads(text)).to_json()) == text
    over = state.is_over()
    actions = [] if over else state.legal_actions()
    for action in actions[:5]:
        verdict = state.check(action)
        assert verdict.legal, (action, verdict.reason)
        state.apply(action)
    if over:
        state.scores()
        state.winners()
    assert dumps(state.to_json()) == text


def try_action(state: State, action):
    before = dumps(state.to_json())
    try:
        verdict = state.check(action)
    except InputError as err:
        assert err.field.startswith("action") and err.message["hu"] and err.message["en"]
        with pytest.raises(InputError):
            state.apply(action)
        assert dumps(state.to_json()) == before, "the state changed"
        return
    assert isinstance(verdict, Verdict)
    assert verdict.message["hu"] and verdict.message["en"]
    assert verdict.legal or verdict.rules or verdict.reason == "game-over", verdict
    for lang in ("hu", "en"):  # a well-formed action reads as words: no JSON, no unfilled template
        text = state.describe(action, lang)
        assert text and "{" not in text and "}" not in text, text
    try:
        after = state.apply(action)
    except IllegalAction as err:
        assert not verdict.legal and err.verdict.reason == verdict.reason
    else:
        assert verdict.legal, verdict.reason
        # a legal action gives a state that round-trips too
        text = dumps(after.to_json())
        assert dumps(state.game.from_json(json.loads(text)).to_json()) == text
    assert dumps(state.to_json()) == before, "the state changed"


def expect_input_error(fn, *args):
    try:
        return fn(*args)
    except InputError as err:
        assert isinstance(err.field, str)
        assert err.message["hu"] and err.message["en"]
        return None


# -- the tests -----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
@examples(150)
@given(data=json_values)
def test_from_json_on_any_json(game_id, data):
    game = load_game(game_id)
    with time_bound():
        state = expect_input_error(game.from_json, data)
        if state is not None:
            assert_sound(state)


@pytest.mark.parametrize("game_id", GAMES)
@examples(300)
@given(data=st.data())
def test_from_json_on_mutated_positions(game_id, data):
    game = load_game(game_id)
    base = data.draw(st.sampled_from(positions(game_id)))
    original = dumps(base.to_json())
    changed = data.draw(mutated(base.to_json()))
    with time_bound():
        state = expect_input_error(game.from_json, changed)
        if state is not None:
            assert_sound(state)
    assert dumps(base.to_json()) == original


@pytest.mark.parametrize("game_id", GAMES)
@examples(200)
@given(data=st.data())
def test_random_actions_on_reachable_states(game_id, data):
    state = data.draw(st.sampled_from(positions(game_id)))
    for _ in range(data.draw(st.integers(1, 8))):
        action = data.draw(actions_for(game_id))
        with time_bound():
            try_action(state, action)


@pytest.mark.parametrize("game_id", GAMES)
@examples(120)
@given(data=st.data())
def test_run_case_on_mutated_cases(game_id, data):
    """What `python -m engine check` runs: a result, or an InputError naming the field."""
    state = data.draw(st.sampled_from(positions(game_id)))
    actions = sample_actions(game_id)
    case = {
        "id": "fuzz",
        "game": game_id,
        "state": state.to_json(),
        "action": data.draw(st.sampled_from(actions)),
        "expect": {"legal": True},
    }
    if data.draw(st.booleans()):
        case = {k: v for k, v in case.items() if k != "state"}
        case["setup"] = {"players": state.player_count, "seed": 3}
        case["moves"] = [data.draw(st.sampled_from(actions))]
    case = data.draw(mutated(case))
    with time_bound():
        result = expect_input_error(run_case, case)
    if result is not None:
        assert set(result) == {"id", "verdict", "matches", "differences"}
        assert isinstance(result["verdict"]["legal"], bool)


# -- regressions found by the fuzzing above ------------------------------------------


def fuzz_regressions() -> list:
    """Each game's regressions, from tests/<game package>/fuzz_regressions.py where it has one."""
    out = []
    for game_id in game_ids():
        module = game_tests(game_id, "fuzz_regressions")
        if module:
            out += [(game_id, action, field) for action, field, _ in module.MALFORMED]
    return out


@pytest.mark.parametrize("game_id,action,field", fuzz_regressions())
def test_a_malformed_action_is_bad_input(game_id, action, field):
    state = positions(game_id)[1]
    with pytest.raises(InputError) as err:
        state.check(action)
    assert err.value.field.startswith(field)
