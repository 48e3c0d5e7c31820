"""Engine figures, run both by CPython (bench/__main__.py) and inside Pyodide under Node
(tests/pyodide/run.mjs --script): a full random game per game and legal_actions() per position.
The last expression is the JSON result."""

import gc
import json
import statistics
import time

from engine import game_ids, load_game
from engine.cli import random_playout


def players(game) -> int:
    """Four players (the figures' key says 4p), or the nearest count the game allows."""
    low, high = game.players
    return max(low, min(4, high))


def figures(seeds=3):
    out = {}
    for game_id in game_ids():
        game = load_game(game_id)
        games, calls = [], []
        for seed in range(seeds):
            t = time.perf_counter()
            states = [s for _, _, _, s in random_playout(game.new(players(game), seed), 20000, seed)]
            games.append(time.perf_counter() - t)
            # Keep only the sampled positions: with every state of every game alive, a call that
            # allocates a few thousand actions (Mississippi Queen) set off CPython's full collection
            # over that heap, up to 100+ ms, which measured the benchmark's garbage, not the engine.
            states = states[:: max(1, len(states) // 200)]
            gc.collect()
            for state in states:
                t = time.perf_counter()
                state.legal_actions()
                calls.append(time.perf_counter() - t)
        out[game_id] = {
            "random_game_4p_ms": round(statistics.median(games) * 1000, 1),
            "legal_actions_ms_median": round(statistics.median(calls) * 1000, 3),
            "legal_actions_ms_max": round(max(calls) * 1000, 2),
        }
    return out


json.dumps(figures())
