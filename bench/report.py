"""The current figures in bench/README.md, written from bench/results.json.

`make bench` runs this after the benchmarks, so the table in the README is always the last run's
and no commit edits timings by hand. `python -m bench.report` rewrites the table on its own.
"""

from __future__ import annotations

import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
START, END = "<!-- results:start -->", "<!-- results:end -->"

# The page-level figures: (key, what it is, unit).
PAGE = (
    ("build_s", "site build, every game and language", "s"),
    ("wheel_bytes", "engine wheel", "bytes"),
    ("bare_loadPyodide_import_s", "bare `loadPyodide()` + importing the engine", "s"),
    ("cold_click_to_answer_s", "cold click: first edit on a fresh page → live answer", "s"),
    ("ratio_cold_click_to_bare", "… as a share of the bare start", "×"),
    ("cold_open_to_answer_s", "opening the page → first live answer, cold cache", "s"),
    ("ratio_cold_open_to_bare", "… as a share of the bare start", "×"),
    ("cached_open_to_answer_s", "the same with the HTTP cache warm", "s"),
    ("warm_click_3s_ms_median", "a click 3 s after the widget came into view, median", "ms"),
    ("warm_edit_ms_median", "each further edit, median", "ms"),
    ("warm_edit_ms_p95", "each further edit, p95", "ms"),
    ("page_bytes_cold", "bytes the page downloads, cold", "bytes"),
    ("ask.slow4g_cpu4x.open_to_ready_s", "Ask page, slow 4G + CPU 4×: opening → engine ready", "s"),
    ("ask.slow4g_cpu4x.last_tap_to_answer_s", "… the last of ten taps 1.5 s apart → its answer", "s"),
)

# Per game: (key suffix, column title).
GAME = (
    ("random_game_4p_ms.cpython", "random game, CPython (ms)"),
    ("random_game_ratio_pyodide_to_cpython", "Pyodide / CPython"),
    ("legal_actions_ms_max.cpython", "`legal_actions()` max (ms)"),
    ("sandbox_click_ms_p95", "sandbox click p95 (ms)"),
    ("sandbox_late_click_ms_p95", "late position p95 (ms)"),
    ("sandbox_widest_click_ms_p95", "widest position p95 (ms)"),
    ("editor_tap_ms_p95", "editor tap p95 (ms)"),
)

NETWORK = (("local", "127.0.0.1"), ("10mbit_40ms", "10 Mbit/s, 40 ms"), ("slow4g_cpu4x", "slow 4G, CPU 4×"))


def _fmt(value, unit: str = "") -> str:
    if value is None:
        return "—"
    if unit == "bytes":
        return f"{value / 1e6:.2f} MB" if value >= 1e6 else f"{value / 1e3:.0f} KB"
    if isinstance(value, float):
        value = f"{value:.3g}" if value < 10 else f"{value:.0f}"
    return f"{value} {unit}".strip() if unit not in ("", "×") else f"{value}{unit}"


def _span(runs, unit: str = "") -> str:
    """The range of a figure's repeated runs, in one unit: "6.05–7.21 s"."""
    if not runs:
        return "—"
    if unit == "bytes":
        low, high = (f"{v / 1e6:.2f}" for v in (min(runs), max(runs)))
        unit = "MB"
    else:
        low, high = (_fmt(v) for v in (min(runs), max(runs)))
    text = low if low == high else f"{low}–{high}"
    return f"{text}{unit}" if unit == "×" else f"{text} {unit}".strip()


def table(results: dict) -> str:
    lines = ["| measure | value |", "|---|---|"]
    lines += [f"| {title} | {_fmt(results.get(key), unit)} |" for key, title, unit in PAGE if key in results]
    games = sorted({k.split(".", 1)[0] for k in results if "." in k and not k.startswith("net.")})
    lines += ["", "| game | " + " | ".join(title for _, title in GAME) + " |", "|---" * (len(GAME) + 1) + "|"]
    for game in games:
        lines.append(f"| {game} | " + " | ".join(_fmt(results.get(f"{game}.{key}")) for key, _ in GAME) + " |")
    if any(k.startswith("net.") for k in results):
        lines += [
            "",
            "| network profile | site: first live answer | bare Pyodide + engine | ratio | bytes, site / bare | start |",
            "|---|---|---|---|---|---|",
        ]
        for key, title in NETWORK:
            get = lambda name: results.get(f"net.{key}.{name}")  # noqa: E731
            if get("ratio_runs") is None:
                continue
            lines.append(
                f"| {title} | {_span(get('site_s_runs'), 's')} | {_span(get('bare_s_runs'), 's')} | "
                f"{_span(get('ratio_runs'), '×')} | {_span(get('site_bytes_runs'), 'bytes')} / "
                f"{_span(get('bare_bytes_runs'), 'bytes')} | {', '.join(sorted(set(get('start_runs') or [])))} |"
            )
    return "\n".join(lines)


def write(results_path: str | None = None, readme_path: str | None = None) -> bool:
    """Rewrites the table between the README's markers; True when the README changed."""
    results_path = results_path or os.path.join(HERE, "results.json")
    readme_path = readme_path or os.path.join(HERE, "README.md")
    with open(results_path, encoding="utf-8") as f:
        results = json.load(f)
    with open(readme_path, encoding="utf-8") as f:
        readme = f.read()
    block = f"{START}\n{table(results)}\n{END}"
    new = re.sub(re.escape(START) + ".*?" + re.escape(END), lambda _: block, readme, flags=re.S)
    if new == readme:
        return False
    with open(readme_path, "w", encoding="utf-8") as f:
        f.write(new)
    return True


if __name__ == "__main__":
    print("bench/README.md", "rewritten" if write() else "unchanged")
