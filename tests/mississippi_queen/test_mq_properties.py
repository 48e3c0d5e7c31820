"""Random playouts: every race ends, and the invariants hold all the way."""

import json

import pytest

from engine.core import IllegalAction, InputError, Rng

from .mq_support import GAME

CONFIGS = [
    ({}, "learning"),
    ({"game": "passenger", "round_limit": 30}, "passenger"),
    ({"speed_cost": "example", "explore": "end", "right_hand": "heading", "pushed_finish": False}, "readings"),
    ({"game": "passenger", "race_for_places": False, "explore": "end", "round_limit": 30}, "passenger-first"),
    ({"game": "passenger", "wheels": "after", "came_from": "previous", "first_round": "seats", "round_limit": 30}, "readings-2"),
]


def invariants(state, previous):
    cells = state._cellmap()
    # tiles never overlap: every tile has 20 fields of its own
    assert len(cells) == 20 * len(state.tiles)
    seen = set()
    for i, st in enumerate(state.steamers):
        assert 1 <= st["speed"] <= 6
        assert 0 <= st["coal"] <= 6
        if previous is not None:
            assert st["coal"] <= previous.steamers[i]["coal"]  # coal never rises
        assert st["passengers"] <= 2 and len(st["picked"]) == st["passengers"]
        assert len(set(st["picked"])) == len(st["picked"])  # never two from one island
        if st["status"] == "racing":
            p = tuple(st["pos"])
            assert p in cells and p not in state._islands  # on water, on the river
            assert p not in seen  # no two steamers share a field
            seen.add(p)
    on_tiles = sum(sum(t["passengers"].values()) for t in state.tiles)
    held = sum(st["passengers"] for st in state.steamers)
    assert state.supply + on_tiles + held + state.box == state.total_passengers


def playout(players, seed, options):
    state = GAME.new(players, seed, options)
    rng = Rng(seed + 17)
    previous = None
    steps = 0
    while not state.is_over():
        invariants(state, previous)
        actions = state.legal_actions()
        assert actions
        action = rng.choice(actions)
        if steps % 7 == 0:
            data = state.to_json()
            assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data
            # an illegal action is refused and leaves the state unchanged
            before = json.dumps(data, sort_keys=True)
            for bad in (
                {"type": "move", "speed": 9, "path": []},
                {"type": "move", "speed": 1, "path": ["F", "F"]},
                {"type": "heading", "dir": 5},
                {"type": "retire"},
            ):
                verdict = state.check(bad)
                if not verdict.legal:
                    with pytest.raises(IllegalAction):
                        state.apply(bad)
                    assert json.dumps(state.to_json(), sort_keys=True) == before
            # malformed actions are not verdicts
            for bad in ({"type": "heading", "dir": 7}, {"type": "nonsense"}, [], {"type": "retire", "x": 1}):
                with pytest.raises(InputError):
                    state.check(bad)
                with pytest.raises(InputError):
                    state.apply(bad)
            assert json.dumps(state.to_json(), sort_keys=True) == before
            assert state.check(action).legal
        previous = state
        state = state.apply(action)
        steps += 1
        assert steps < 5000
    invariants(state, previous)
    assert state.winners() == [i for i, s in enumerate(state.score_details()) if s["place"] == 1]
    racing = [s for s in state.steamers if s["status"] == "racing"]
    finished = [s for s in state.steamers if s["status"] == "finished"]
    assert (not racing) or finished or state.round > state.options["round_limit"] or (not state.options["race_for_places"])
    return state


@pytest.mark.rules(
    "MQ-4.1",
    "MQ-4.2",
    "MQ-4.3",
    "MQ-5.1",
    "MQ-5.2",
    "MQ-5.3",
    "MQ-6.1",
    "MQ-6.3",
    "MQ-6.4",
    "MQ-7.1",
    "MQ-7.2",
    "MQ-7.4",
    "MQ-8.4",
    "MQ-9.2",
    "MQ-9.5",
    "MQ-10.1",
    "MQ-10.2",
)
@pytest.mark.parametrize("options,label", CONFIGS, ids=[c[1] for c in CONFIGS])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_races(players, options, label, scaled):
    for seed in range(scaled(12)):
        playout(players, seed, options)


@pytest.mark.rules("MQ-10.1")
def test_same_seed_same_game():
    a = playout(4, 3, {"game": "passenger", "round_limit": 30})
    b = playout(4, 3, {"game": "passenger", "round_limit": 30})
    assert json.dumps(a.to_json(), sort_keys=True) == json.dumps(b.to_json(), sort_keys=True)


@pytest.mark.rules("MQ-10.1")
def test_every_listed_move_is_legal_and_distinct():
    state = GAME.new(4, 5, {})
    rng = Rng(99)
    for _ in range(25):
        if state.is_over():
            break
        actions = state.legal_actions()
        keys = [json.dumps(a, sort_keys=True) for a in actions]
        assert len(keys) == len(set(keys))
        for a in actions[:: max(1, len(actions) // 40)]:
            assert state.check(a).legal, a
        state = state.apply(rng.choice(actions))


# Re-recorded when the readings wheels, came_from and first_round were added: the state's JSON carries every
# option, and the passenger game's first round now goes by the ranking (first_round: ahead).
GOLDEN = [
    ({}, 30, "05639f44e571b3e389a79993b116c24b760db1c670930c7a6a07b40e968080a3"),
    ({"game": "passenger", "round_limit": 30}, 45, "31a2e78c8af8fa9c224252639cdbb4ad40b629d1fa8ac2617a176323498fa777"),
]


@pytest.mark.rules("MQ-6.2", "MQ-10.1")
@pytest.mark.parametrize("options,length,digest", GOLDEN)
def test_golden_log_is_identical_on_every_runtime(options, length, digest):
    """The same seed and the same random choices give the same log and state, byte for byte (CPython and Pyodide)."""
    import hashlib

    state = GAME.new(4, 7, options)
    rng = Rng(7)
    log = []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        log.append(action)
        state = state.apply(action)
    assert len(log) == length
    text = json.dumps([log, state.to_json()], sort_keys=True)
    assert hashlib.sha256(text.encode()).hexdigest() == digest
