"""The benchmark's regression guard: ratios measured in one run, against the committed baseline.

Only ratios are compared (the machine is noisy; a ratio of two figures from the same run is
not), and every one of them is lower-is-better. A ratio counts as a regression only when it is
worse in every one of its repeated measurements in the run (`<key>_runs`, at least two): one slow
measurement is noise, and `make bench` must not fail on noise. A ratio measured once per run (the
engine's Pyodide-to-CPython figures) can only be reported, never fail the run.
`python -m bench --update-baseline` rewrites bench/baseline.json from a run; tests/host/test_bench_guard.py
holds this logic.
"""

from __future__ import annotations

import json
import os

BASELINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "baseline.json")
TOLERANCE = 1.25  # a ratio may grow by a quarter before it counts as a regression


def is_ratio(key: str) -> bool:
    return (
        key.startswith("ratio_")
        or key.endswith("_ratio_pyodide_to_cpython")
        or (key.startswith("net.") and key.endswith(".ratio"))
    ) and not key.endswith("_runs")


def load_baseline() -> dict:
    with open(BASELINE, encoding="utf-8") as f:
        return json.load(f)


def runs(results: dict, key: str) -> list[float]:
    return list(results.get(f"{key}_runs") or ([results[key]] if key in results else []))


def regressions(results: dict, baseline: dict | None = None) -> list[str]:
    """The ratios worse than the baseline × TOLERANCE in every one of at least two measurements."""
    baseline = load_baseline() if baseline is None else baseline
    out = []
    for key, base in sorted(baseline.items()):
        values = runs(results, key)
        if len(values) >= 2 and min(values) > base * TOLERANCE:
            out.append(f"{key}: {values} all > {base} × {TOLERANCE} (baseline)")
    return out


def notes(results: dict, baseline: dict | None = None) -> list[str]:
    """Ratios above the bar in some measurement only, or measured once: worth a re-run, not a failure."""
    baseline = load_baseline() if baseline is None else baseline
    out = []
    for key, base in sorted(baseline.items()):
        values = runs(results, key)
        if values and max(values) > base * TOLERANCE and not (len(values) >= 2 and min(values) > base * TOLERANCE):
            out.append(
                f"{key}: {values} > {base} × {TOLERANCE} in {sum(v > base * TOLERANCE for v in values)} "
                f"of {len(values)} measurement(s)"
            )
    return out


def write_baseline(results: dict) -> None:
    """Each ratio's median over the run's measurements."""
    import statistics

    with open(BASELINE, "w", encoding="utf-8") as f:
        json.dump({k: round(statistics.median(runs(results, k)), 2) for k in sorted(results) if is_ratio(k)}, f, indent=2)
        f.write("\n")
