"""Reading and checking positions, before and after a change, in one run: `Game.from_json` (the
schema, the game's strict read and every problem of the position) and `State.check` (every legal
action of the position and as many illegal ones), over the positions of seeded random games; and a
game's hand-written `copy` against the core's `State.copy` (the hand-written copies it weighs:
MareBalticumState.copy, which replaces only the containers a move changes).

    .venv/bin/python -m bench.position [--before DIR] [--games ID...] [--out FILE]

With `--before DIR` (a copy of the engine package as it was, e.g. `git archive main engine | tar -x
-C DIR`) the same positions, written by the engine as it was, are timed by both engines in turns,
five times each, and the medians' ratios (after / before) are printed: the machine is noisy, so only
ratios measured in one run say anything. The figures go to bench/results-position.json.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(ROOT, "bench", "results-position.json")


def positions(game, seeds=6, every=7, limit=400) -> list:
    """Positions of seeded random games (every `every`-th), as JSON, with actions to check."""
    from engine.core import Rng

    out = []
    low, high = game.players
    for seed in range(seeds):
        state, rng = game.new(low + seed % (high - low + 1), seed), Rng(seed)
        for step in range(limit):
            if state.is_over():
                break
            legal = state.legal_actions()
            if step % every == 0:
                out.append({"state": state.to_json(), "actions": legal[:12]})
            state = state.apply(rng.choice(legal))
    return out


def timed(game_ids, sample_path) -> dict:
    """Median microseconds per from_json and per check, and per copy (the game's and the core's)."""
    from engine import load_game
    from engine.core import State

    with open(sample_path, encoding="utf-8") as f:
        sample = json.load(f)
    out = {}
    for gid in game_ids:
        game = load_game(gid)
        reads, checks, own, core = [], [], [], []
        for item in sample[gid]:
            t = time.perf_counter()
            state = game.from_json(item["state"])
            reads.append(time.perf_counter() - t)
            for action in item["actions"]:
                t = time.perf_counter()
                state.check(action)
                checks.append(time.perf_counter() - t)
            t = time.perf_counter()
            state.copy()
            own.append(time.perf_counter() - t)
            t = time.perf_counter()
            State.copy(state)
            core.append(time.perf_counter() - t)
        out[gid] = {
            "from_json_us": round(statistics.median(reads) * 1e6, 1),
            "check_us": round(statistics.median(checks) * 1e6, 1),
            "copy_us": round(statistics.median(own) * 1e6, 1),
            "core_copy_us": round(statistics.median(core) * 1e6, 1),
        }
    return out


def _run(root, game_ids, sample_path) -> dict:
    code = f"import json, sys; from bench.position import timed; print(json.dumps(timed({game_ids!r}, {sample_path!r})))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([root, ROOT])}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(done.stdout)


def main(argv) -> int:
    before = argv[argv.index("--before") + 1] if "--before" in argv else None
    games = []
    if "--games" in argv:
        for arg in argv[argv.index("--games") + 1 :]:
            if arg.startswith("--"):
                break
            games.append(arg)
    out = argv[argv.index("--out") + 1] if "--out" in argv else RESULTS
    with tempfile.TemporaryDirectory() as tmp:
        sample_path = os.path.join(tmp, "positions.json")
        code = (
            "import json; from engine import game_ids, load_game; from bench.position import positions; "
            f"ids = {games!r} or game_ids(); "
            f"json.dump({{g: positions(load_game(g)) for g in ids}}, open({sample_path!r}, 'w'))"
        )
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([before or ROOT, ROOT])}
        subprocess.run([sys.executable, "-c", code], env=env, check=True, cwd=ROOT)
        with open(sample_path, encoding="utf-8") as f:
            ids = list(json.load(f))
        runs = {"after": [], "before": []}
        for _ in range(5 if before else 1):
            runs["after"].append(_run(ROOT, ids, sample_path))
            if before:
                runs["before"].append(_run(before, ids, sample_path))
    figures = {}
    for gid in ids:
        row = {}
        for when, measured in runs.items():
            for key in measured[0][gid] if measured else ():
                row[f"{key}_{when}"] = statistics.median(m[gid][key] for m in measured)
        if before:
            for key in ("from_json_us", "check_us"):
                row[key.replace("_us", "_ratio")] = round(row[f"{key}_after"] / row[f"{key}_before"], 2)
        figures[gid] = row
    print(json.dumps(figures, indent=1))
    with open(out, "w", encoding="utf-8") as f:
        json.dump(figures, f, indent=1, sort_keys=True)
        f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
