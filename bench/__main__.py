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
    """Seconds from opening the page to the first live answer to an edit made as soon as the page
    has loaded, and the bytes the page downloaded. (The worker starts when a widget scrolls into
    view, so timing from the click alone would hide part of the start-up.)"""
    page = context.new_page()
    sizes = []
    context.on("requestfinished", lambda r: sizes.append(r.sizes()["responseBodySize"]))
    t = time.perf_counter()
    page.goto(url + PAGE)
    page.wait_for_load_state("load")
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


def engine_figures(wheel_path: str) -> dict:
    """The same script on CPython and inside Pyodide under Node; ratios per game."""
    script = os.path.join(ROOT, "bench", "engine_figures.py")
    scope: dict = {}
    with open(script, encoding="utf-8") as f:
        code = f.read()
    exec(compile(code.replace("json.dumps(figures())", "RESULT = figures()"), script, "exec"), scope)
    cpython = scope["RESULT"]
    proc = subprocess.run(["node", os.path.join(ROOT, "tests", "pyodide", "run.mjs"), ROOT, wheel_path,
                           os.path.join(ROOT, ".cache", "pyodide-wheels"), "--script", script],
                          capture_output=True, text=True, check=True, timeout=1200)
    lines = proc.stdout.strip().splitlines()
    pyodide = json.loads(lines[-1])
    startup = lines[0]  # "pyodide: loadPyodide N ms, import engine M ms, 3.14.x"
    out = {"pyodide_node_startup": startup}
    for game_id, figures in cpython.items():
        for key, value in figures.items():
            out[f"{game_id}.{key}.cpython"] = value
            out[f"{game_id}.{key}.pyodide"] = pyodide[game_id][key]
        out[f"{game_id}.random_game_ratio_pyodide_to_cpython"] = round(
            pyodide[game_id]["random_game_4p_ms"] / figures["random_game_4p_ms"], 2)
    return out


GAMES = ("mare-balticum", "black-fleet", "vor-dem-wind", "balaton", "mississippi-queen")


def sandbox_clicks(context, url: str, game: str) -> list[float]:
    """Seconds from a click on a legal move in a game's sandbox to the engine's answer."""
    page = context.new_page()
    page.goto(url + f"en/{game}/sandbox/")
    island = page.locator(".kikoto").first
    island.hover()
    page.wait_for_function("document.querySelector('.kikoto').dataset.live === 'ready'", timeout=180_000)
    clicks = []
    for n in range(1, 16):
        t = time.perf_counter()
        # dispatch: Mississippi Queen keeps most moves in closed <details>, which click() would refuse
        island.locator("button[data-move]").first.dispatch_event("click")
        page.wait_for_function(f"document.querySelector('.kikoto').dataset.answers === '{n}'", timeout=30_000)
        clicks.append(time.perf_counter() - t)
    page.close()
    return clicks


def main() -> int:
    from playwright.sync_api import sync_playwright

    results: dict = {}
    with tempfile.TemporaryDirectory() as out:
        results["build_s"] = round(build_site(out), 2)
        wheel = json.load(open(os.path.join(out, "assets", "kikoto", "build.json")))
        results["wheel_bytes"] = wheel["bytes"]
        wheel_path = os.path.join(out, "assets", "kikoto", wheel["wheel"])
        results.update(engine_figures(wheel_path))
        server, url = serve(out)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            bare, cold, cached = [], [], []
            for _ in range(3):
                ctx = browser.new_context(bypass_csp=True)
                bare.append(bare_load_pyodide(ctx, url))
                ctx.close()
                ctx = browser.new_context(bypass_csp=True, service_workers="block")  # fresh cache: cold
                elapsed, size, clicks = first_live_answer(ctx, url)
                cold.append(elapsed)
                results["page_bytes_cold"] = size
                elapsed, size, _ = first_live_answer(ctx, url)  # same context: HTTP cache warm
                cached.append(elapsed)
                results["page_bytes_cached"] = size
                ctx.close()
            ctx = browser.new_context(bypass_csp=True)  # wait_for_function needs eval()
            sandbox = {game: sandbox_clicks(ctx, url, game) for game in GAMES}
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
    for game, clicks in sandbox.items():
        results[f"{game}.sandbox_click_ms_median"] = round(statistics.median(clicks) * 1000, 1)
        results[f"{game}.sandbox_click_ms_p95"] = round(sorted(clicks)[int(len(clicks) * 0.95) - 1] * 1000, 1)
    with open(os.path.join(ROOT, "bench", "results.json"), "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
        f.write("\n")
    width = max(map(len, results))
    for key, value in results.items():
        print(f"{key:<{width}}  {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
