"""Kikötő benchmarks, one command: `make bench`.

The machine is noisy, so the figures that matter are ratios measured in the same run
(live answer vs. bare loadPyodide in the same browser, cached vs. cold).
Writes bench/results.json and prints a table.
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
sys.path.insert(0, ROOT)

from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402

PAGE = "en/mare-balticum/rules/"
PURPLE = ".kikoto[data-spec*='scoring-purple']"
ISLAND = f'document.querySelector("{PURPLE}")'


def build_site(out: str) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", out], cwd=ROOT, check=True,
                   env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return time.perf_counter() - t


def serve(directory: str):
    import functools
    import http.server
    import threading

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def first_live_answer(context, url: str) -> tuple[float, int]:
    """Seconds from the first interaction to the first live answer, and the bytes the page downloaded."""
    page = context.new_page()
    sizes = []
    context.on("requestfinished", lambda r: sizes.append(r.sizes()["responseBodySize"]))
    page.goto(url + PAGE)
    page.wait_for_load_state("load")
    t = time.perf_counter()
    page.locator(PURPLE + " input[name='warehouse.salmon']").fill("4")
    page.wait_for_function(f"{ISLAND}.dataset.answers === '1'", timeout=180_000)
    elapsed = time.perf_counter() - t
    clicks = []
    for i in range(20):  # warm: each further edit answered by the running worker
        t = time.perf_counter()
        page.locator(PURPLE + " input[name='warehouse.salmon']").fill(str(5 + i % 5))
        page.wait_for_function(f"{ISLAND}.dataset.answers === '{i + 2}'", timeout=30_000)
        clicks.append(time.perf_counter() - t)
    page.close()
    return elapsed, sum(sizes), clicks


BARE = """async (base) => {
  const src = `import { loadPyodide } from "${base}assets/kikoto/pyodide/pyodide.mjs";
    const t = performance.now();
    await loadPyodide({ indexURL: "${base}assets/kikoto/pyodide/" });
    postMessage(performance.now() - t);`;
  const w = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })), { type: "module" });
  return await new Promise((ok, bad) => { w.onmessage = (e) => ok(e.data); w.onerror = (e) => bad(e.message); });
}"""


def bare_load_pyodide(context, url: str) -> float:
    page = context.new_page()
    page.goto(url)
    ms = page.evaluate(BARE, url)
    page.close()
    return ms / 1000


def engine_figures() -> dict:
    from engine import load_game
    from engine.cli import random_playout

    game = load_game("mare-balticum")
    times, per_call = [], []
    for seed in range(5):
        t = time.perf_counter()
        states = [state for _, _, _, state in random_playout(game.new(4, seed), None, seed)]
        times.append(time.perf_counter() - t)
        for state in states:  # every position of the game, timed on its own
            t = time.perf_counter()
            state.legal_actions()
            per_call.append(time.perf_counter() - t)
    return {"mb_random_game_4p_ms_median": round(statistics.median(times) * 1000, 1),
            "mb_legal_actions_ms_median": round(statistics.median(per_call) * 1000, 3),
            "mb_legal_actions_ms_max": round(max(per_call) * 1000, 3)}


def main() -> int:
    from playwright.sync_api import sync_playwright

    results: dict = {}
    with tempfile.TemporaryDirectory() as out:
        results["build_s"] = round(build_site(out), 2)
        wheel = json.load(open(os.path.join(out, "assets", "kikoto", "build.json")))
        results["wheel_bytes"] = wheel["bytes"]
        server, url = serve(out)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            bare, cold, cached = [], [], []
            for _ in range(3):
                ctx = browser.new_context()
                bare.append(bare_load_pyodide(ctx, url))
                ctx.close()
                ctx = browser.new_context()  # fresh cache: cold
                elapsed, size, clicks = first_live_answer(ctx, url)
                cold.append(elapsed)
                results["page_bytes_cold"] = size
                elapsed, size, _ = first_live_answer(ctx, url)  # same context: HTTP cache warm
                cached.append(elapsed)
                results["page_bytes_cached"] = size
                ctx.close()
            browser.close()
        server.shutdown()
    results["bare_loadPyodide_s"] = round(statistics.median(bare), 2)
    results["first_live_answer_cold_s"] = round(statistics.median(cold), 2)
    results["first_live_answer_cached_s"] = round(statistics.median(cached), 2)
    results["ratio_cold_to_bare"] = round(statistics.median(cold) / statistics.median(bare), 2)
    results["ratio_cached_to_cold"] = round(statistics.median(cached) / statistics.median(cold), 2)
    results["warm_edit_ms_median"] = round(statistics.median(clicks) * 1000, 1)
    results["warm_edit_ms_p95"] = round(sorted(clicks)[int(len(clicks) * 0.95) - 1] * 1000, 1)
    results.update(engine_figures())
    with open(os.path.join(ROOT, "bench", "results.json"), "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
        f.write("\n")
    width = max(map(len, results))
    for key, value in results.items():
        print(f"{key:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
