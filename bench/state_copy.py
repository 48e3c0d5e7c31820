"""Why a game keeps a hand-written copy (its State class's own `copy`, as `BalatonState.copy`): every `apply`
copies the state, and the core's generic `State.copy` walks the same fields several times slower.
For each registered game whose State writes its own copy, over positions of seeded random play, in
the same run: microseconds per copy, both ways, and per `apply` (which includes one copy).
`python -m bench.state_copy` prints the figures as JSON; the last run's are in bench/README.md
("Measurements behind the code").
"""

from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import game_ids, load_game  # noqa: E402
from engine.core import Rng, State  # noqa: E402


def positions(game, games: int = 8, steps: int = 300) -> list:
    """(state, a legal action) pairs from seeded random games of every player count the game allows."""
    low, high = game.players
    out = []
    for seed in range(games):
        state, rng = game.new(low + seed % (high - low + 1), seed), Rng(seed)
        for _ in range(steps):
            if state.is_over():
                break
            action = rng.choice(state.legal_actions())
            out.append((state, action))
            state = state.apply(action)
    return out


def per_call(fn, items, rounds: int = 5) -> float:
    """The best of `rounds` runs over `items`, in microseconds per call."""
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - t)
    return round(best / len(items) * 1e6, 2)


def figures() -> dict:
    out = {}
    for gid in game_ids():
        game = load_game(gid)
        if "copy" not in vars(game.state_class):  # the core's copy: nothing to compare
            continue
        pairs = positions(game)
        states = [s for s, _ in pairs]
        out[gid] = {
            "positions": len(pairs),
            "own_copy_us": per_call(lambda s: s.copy(), states),
            "State.copy_us": per_call(lambda s: State.copy(s), states),
            "apply_us": per_call(lambda p: p[0].apply(p[1]), pairs),
        }
    return out


if __name__ == "__main__":
    print(json.dumps(figures(), indent=1))
