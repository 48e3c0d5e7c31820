"""The benchmark's regression guard: ratios measured in one run, against the committed baseline.

Only ratios are compared (the machine is noisy; a ratio of two figures from the same run is
not), and every one of them is lower-is-better. `python -m bench --update-baseline` rewrites
bench/baseline.json from a run; tests/browser/test_speed.py measures the start-up ratios in CI.
"""

from __future__ import annotations

import json
import os

BASELINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "baseline.json")
TOLERANCE = 1.25  # a ratio may grow by a quarter before it counts as a regression


def is_ratio(key: str) -> bool:
    return key.startswith("ratio_") or key.endswith("_ratio_pyodide_to_cpython")


def load_baseline() -> dict:
    with open(BASELINE, encoding="utf-8") as f:
        return json.load(f)


def regressions(results: dict, baseline: dict | None = None) -> list[str]:
    baseline = load_baseline() if baseline is None else baseline
    return [f"{key}: {results[key]} > {base} × {TOLERANCE} (baseline)"
            for key, base in sorted(baseline.items())
            if key in results and results[key] > base * TOLERANCE]


def write_baseline(results: dict) -> None:
    with open(BASELINE, "w", encoding="utf-8") as f:
        json.dump({k: v for k, v in sorted(results.items()) if is_ratio(k)}, f, indent=2)
        f.write("\n")
