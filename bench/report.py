"""The current figures in bench/README.md, written from bench/results.json.

`make bench` runs this after the benchmarks, so the table in the README is always the last run's
and no commit edits timings by hand. `python -m bench.report` rewrites the table on its own.
"""

from __future__ import annotations

import json
import os
import re
import statistics

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

NETWORK = (("local", "127.0.0.1"), ("10mbit_40ms", "10 Mbit/s, 40 ms, CPU 4×"), ("slow4g_cpu4x", "slow 4G, CPU 4×"))


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
    lines = []
    if "machine.cpus" in results:
        start, end = results.get("machine.load_at_start"), results.get("machine.load_at_end")
        lines += [
            f"Measured on {results['machine.cpus']} cores"
            + (f", load average (1, 5, 15 min) {', '.join(map(str, start))} at the start" if start else "")
            + (f" and {', '.join(map(str, end))} at the end" if end else "")
            + ": the machine is shared, so compare figures of the same run.",
            "",
        ]
    lines += ["| measure | value |", "|---|---|"]
    lines += [f"| {title} | {_fmt(results.get(key), unit)} |" for key, title, unit in PAGE if key in results]
    games = sorted(
        {k.split(".", 1)[0] for k in results if "." in k and not k.startswith(("net.", "visit.", "taps.", "ask.", "machine."))}
    )
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
    visits = visits_table(results)
    if visits:
        lines += ["", visits]
    return "\n".join(lines)


VISITS = (("first", "first visit"), ("returning", "returning visit"), ("later", "a later return"))


def _median(values):
    return statistics.median(values) if values else None


def visits_table(results: dict) -> str:
    """The Ask page's first and returning visits per network profile (bench/network.py, `visits`),
    against the bare start of the same run; what reached each target; each game's first tap."""
    from bench.network import PROFILES, TITLES

    profiles = [(key, title) for key, title in TITLES.items() if f"net.{key}.bare_s_runs" in results]
    sites = sorted({k.split(".")[2] for k in results if k.startswith("visit.")}, key=lambda site: site != "before")
    if not profiles or not sites:
        return ""
    get = lambda profile, site, visit, figure: results.get(f"visit.{profile}.{site}.{visit}.{figure}_runs") or []  # noqa: E731
    runs = len(get(profiles[0][0], sites[0], "first", "ready_s"))
    lines = [f"| Ask page, engine ready (median of {runs}) | " + " | ".join(title for _, title in profiles) + " |"]
    lines.append("|---" * (len(profiles) + 1) + "|")
    for site in sites:
        for visit, title in VISITS:
            label = f"{'before: ' if site == 'before' else ''}{title}"
            cells = []
            for profile, _ in profiles:
                ready, got = _median(get(profile, site, visit, "ready_s")), _median(get(profile, site, visit, "bytes"))
                starts = ", ".join(sorted(set(get(profile, site, visit, "start"))))
                cells.append("—" if ready is None else f"{ready:.1f} s ({starts}, {got / 1e6:.2f} MB)")
            lines.append(f"| **{label}** | " + " | ".join(cells) + " |")
    bare = [_median(results.get(f"net.{profile}.bare_s_runs")) for profile, _ in profiles]
    lines.append("| bare Pyodide, same run | " + " | ".join(f"{b:.1f} s" for b in bare) + " |")
    # the first visit against the time its bytes take at the profile's rate
    cells = []
    for profile, _ in profiles:
        rate = PROFILES[profile] and PROFILES[profile][1]
        ready, got = _median(get(profile, sites[-1], "first", "ready_s")), _median(get(profile, sites[-1], "first", "bytes"))
        cells.append("—" if not rate or ready is None else f"{got / rate:.1f} s (ready at {ready / (got / rate):.2f}×)")
    lines.append("| first visit's bytes at the profile's rate | " + " | ".join(cells) + " |")
    for visit, title in VISITS:
        cells = []
        for profile, _ in profiles:
            first, median = (
                _median(get(profile, sites[-1], visit, "tap_first_ms")),
                _median(get(profile, sites[-1], visit, "tap_median_ms")),
            )
            cells.append("—" if first is None else f"{first:.0f} / {median:.0f} ms")
        lines.append(f"| {title}: first tap after ready / median tap | " + " | ".join(cells) + " |")
    # where each visit's start spends its time (bench/network.py, PHASES), medians in ms
    from bench.network import PHASES

    for visit, title in VISITS:
        cells = []
        for profile, _ in profiles:
            steps = [s for s in get(profile, sites[-1], visit, "steps") if s]
            names = [name for name, *_ in PHASES if any(name in s for s in steps)]
            cells.append(", ".join(f"{name} {_median([s[name] for s in steps if name in s]):.0f}" for name in names) or "—")
        lines.append(f"| {title}: ms per step | " + " | ".join(cells) + " |")
    cells = []
    for profile, _ in profiles:
        got = _median(get(profile, sites[-1], "first", "background_bytes"))
        cells.append("—" if got is None else f"{got / 1e6:.2f} MB")
    lines.append("| first visit: kept in the background for the next | " + " | ".join(cells) + " |")
    # what reached each target
    lines += [
        "",
        "| what reached each target | " + " | ".join(title for _, title in profiles) + " |",
        "|---" * (len(profiles) + 1) + "|",
    ]
    targets = [t for t in ("page", "worker", "service worker") if t in results.get(f"net.{profiles[0][0]}.reached", {})]
    for target in targets:
        cells = []
        for profile, _ in profiles:
            c = results.get(f"net.{profile}.reached", {}).get(target)
            cells.append("—" if not c else f"CPU {c['cpu_slowdown']}×, {c['down_mbit_s']} Mbit/s, {c['first_byte_ms']} ms")
        lines.append(f"| {target} | " + " | ".join(cells) + " |")
    taps = sorted({k.split(".")[1] for k in results if k.startswith("taps.")})
    if taps:
        lines += ["", "| game (this machine, unthrottled) | first tap after ready | median tap | ratio |", "|---|---|---|---|"]
        for game in taps:
            first, median = _median(results[f"taps.{game}.first_ms_runs"]), _median(results[f"taps.{game}.median_ms_runs"])
            lines.append(f"| {game} | {first:.0f} ms | {median:.0f} ms | {first / median:.2f}× |")
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
