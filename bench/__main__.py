"""Kikötő benchmarks, one command: `make bench`.

The machine is noisy, so the figures that matter are ratios measured in the same run
(live answer vs. bare loadPyodide plus the engine's import in the same browser, cached vs. cold).
Writes bench/results.json, prints a table, and exits 1 when a ratio regressed by more than 25%
against bench/baseline.json in every one of its repeated measurements (bench/guard.py;
`--update-baseline` rewrites it). `--network` runs only the three network profiles of
bench/network.py (the site served gzipped) and writes bench/results-network.json.
`--sandbox [GAME...]` measures only the sandbox clicks (all games, or those named) and prints them.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench import guard  # noqa: E402
from bench.page import BARE, FIELD, GAMES, ISLAND, PAGE, PURPLE  # noqa: E402
from tests.browser.support import ARGS, CHROMIUM  # noqa: E402


def build_site(out: str) -> float:
    t = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", out],
        cwd=ROOT,
        check=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    return time.perf_counter() - t


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(directory: str, handler=Quiet):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def first_live_answer(context, url: str) -> dict:
    """Open the page and, once it has loaded, edit a widget at once: a cold click, since the worker
    starts when the widget scrolls into view, which is at this edit. Seconds from opening the page
    and from the edit to the live answer, the bytes downloaded, then warm edits."""
    page = context.new_page()
    sizes = []
    context.on("requestfinished", lambda r: sizes.append(r.sizes()["responseBodySize"]))
    t0 = time.perf_counter()
    page.goto(url + PAGE)
    page.wait_for_load_state("load")
    t1 = time.perf_counter()
    page.locator(PURPLE + f" input[name='{FIELD}']").fill("4")
    page.wait_for_function(f"{ISLAND}.dataset.answers === '1'", timeout=180_000)
    t2 = time.perf_counter()
    boot = page.evaluate("window.__kikoto.state()")
    island = page.locator(PURPLE).element_handle()
    # warm: each further edit answered by the running worker, timed inside the page
    edits = [page.evaluate(EDIT, [island, FIELD, str(5 + i % 5)]) / 1000 for i in range(20)]
    page.close()
    return {"open": t2 - t0, "click": t2 - t1, "bytes": sum(sizes), "edits": edits, "from": boot["bootFrom"]}


# An edit timed inside the page, from the input event to the answer in the DOM (as CLICK below).
EDIT = """([island, name, value]) => new Promise((done) => {
  const n = island.dataset.answers || "0";
  const field = island.querySelector(`input[name='${name}']`);
  let t0;
  const seen = new MutationObserver(() => {
    if ((island.dataset.answers || "0") === n) return;
    seen.disconnect();
    done(performance.now() - t0);
  });
  seen.observe(island, { attributes: true, attributeFilter: ["data-answers"] });
  t0 = performance.now();
  field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
})"""


def warm_click(context, url: str, lead: float = 3.0) -> float:
    """Seconds from an edit to its live answer when the reader reached the widget `lead` seconds
    before (the worker starts when the widget comes into view)."""
    page = context.new_page()
    page.goto(url + PAGE)
    page.wait_for_load_state("load")
    field = page.locator(PURPLE + f" input[name='{FIELD}']")
    field.scroll_into_view_if_needed()
    time.sleep(lead)
    t = time.perf_counter()
    field.fill("4")
    page.wait_for_function(f"{ISLAND}.dataset.answers === '1'", timeout=180_000)
    elapsed = time.perf_counter() - t
    page.close()
    return elapsed


def bare_load_pyodide(context, url: str) -> float:
    page = context.new_page()
    page.goto(url)
    ms = page.evaluate(BARE, url)
    page.close()
    return ms / 1000


def p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def startup_figures(browser, url: str, runs: int = 3) -> dict:
    """Start-up in Chromium, interleaved so that the machine's noise hits every figure alike."""
    bare, cold, click, cached, warm, edits = [], [], [], [], [], []
    out: dict = {}
    for _ in range(runs):
        ctx = browser.new_context(bypass_csp=True)
        bare.append(bare_load_pyodide(ctx, url))
        ctx.close()
        ctx = browser.new_context(bypass_csp=True, service_workers="block")  # fresh cache: cold
        first = first_live_answer(ctx, url)
        second = first_live_answer(ctx, url)  # same context: the HTTP cache is warm
        ctx.close()
        cold.append(first["open"])
        click.append(first["click"])
        cached.append(second["open"])
        edits += first["edits"]
        out.update(page_bytes_cold=first["bytes"], page_bytes_cached=second["bytes"], boot_from=first["from"])
        ctx = browser.new_context(bypass_csp=True, service_workers="block")
        warm.append(warm_click(ctx, url))
        ctx.close()
    med = statistics.median
    # each run's own ratios (its figures were measured side by side): the guard reads these
    out.update(
        {
            "ratio_cold_click_to_bare_runs": [round(c / b, 2) for c, b in zip(click, bare)],
            "ratio_cold_open_to_bare_runs": [round(c / b, 2) for c, b in zip(cold, bare)],
            "ratio_cached_to_cold_runs": [round(c / o, 2) for c, o in zip(cached, cold)],
        }
    )
    out.update(
        {
            "bare_loadPyodide_import_s": round(med(bare), 2),
            "cold_open_to_answer_s": round(med(cold), 2),
            "cold_click_to_answer_s": round(med(click), 2),
            "cached_open_to_answer_s": round(med(cached), 2),
            "ratio_cold_click_to_bare": round(med(click) / med(bare), 2),
            "ratio_cold_open_to_bare": round(med(cold) / med(bare), 2),
            "ratio_cached_to_cold": round(med(cached) / med(cold), 2),
            "warm_click_3s_ms_median": round(med(warm) * 1000, 1),
            "warm_click_3s_ms_max": round(max(warm) * 1000, 1),
            "warm_edit_ms_median": round(med(edits) * 1000, 1),
            "warm_edit_ms_p95": round(p95(edits) * 1000, 1),
        }
    )
    return out


def engine_figures(wheel_path: str) -> dict:
    """The same script on CPython and inside Pyodide under Node; ratios per game."""
    script = os.path.join(ROOT, "bench", "engine_figures.py")
    scope: dict = {}
    with open(script, encoding="utf-8") as f:
        code = f.read()
    exec(compile(code.replace("json.dumps(figures())", "RESULT = figures()"), script, "exec"), scope)
    cpython = scope["RESULT"]
    proc = subprocess.run(
        [
            "node",
            os.path.join(ROOT, "tests", "pyodide", "run.mjs"),
            ROOT,
            wheel_path,
            os.path.join(ROOT, ".cache", "pyodide-wheels"),
            "--script",
            script,
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=1200,
    )
    lines = proc.stdout.strip().splitlines()
    pyodide = json.loads(lines[-1])
    startup = lines[0]  # "pyodide: loadPyodide N ms, import engine M ms, 3.14.x"
    out = {"pyodide_node_startup": startup}
    for game_id, figures in cpython.items():
        for key, value in figures.items():
            out[f"{game_id}.{key}.cpython"] = value
            out[f"{game_id}.{key}.pyodide"] = pyodide[game_id][key]
        out[f"{game_id}.random_game_ratio_pyodide_to_cpython"] = round(
            pyodide[game_id]["random_game_4p_ms"] / figures["random_game_4p_ms"], 2
        )
    return out


# A click timed inside the page, from the click to the answer in the DOM ("answer") and to the end
# of the next frame ("paint"). Timed from Playwright's side it would add its own round trips and
# polling (40-70 ms here), several times the answer itself.
CLICK = """([island, selector]) => new Promise((done, fail) => {
  const n = island.dataset.answers || "0";
  const button = island.querySelector(selector);
  if (!button || button.disabled) return fail(new Error(`no ${selector}`));
  let t0;
  const seen = new MutationObserver(() => {
    if ((island.dataset.answers || "0") === n) return;
    seen.disconnect();
    const answer = performance.now() - t0;
    requestAnimationFrame(() => setTimeout(() => done({ answer, paint: performance.now() - t0 }), 0));
  });
  seen.observe(island, { attributes: true, attributeFilter: ["data-answers"] });
  t0 = performance.now();
  button.click();  // in the page: Mississippi Queen keeps most moves in closed <details>
})"""


def heavy_positions(game_id: str, players: int = 3) -> dict:
    """Two harder start points per game, as a sandbox link's (input, moves): "late", 80 % into a
    seeded random game (a long log, a full board), and "widest", the position with the most legal
    actions met in four seeded random games (Mississippi Queen: about 2,000 at full coal)."""
    from engine import load_game
    from engine.cli import random_playout

    game = load_game(game_id)
    out, widest = {}, (-1, None, None)
    for seed in range(1, 5):
        moves, states = [], []
        for _, action, _, state in random_playout(game.new(players, seed), 20000, seed):
            moves.append(action)
            states.append(state)
        if seed == 1:
            out["late"] = (seed, moves[: len(moves) * 4 // 5])
        for i, state in enumerate(states):
            if not state.is_over() and len(state.legal_actions()) > widest[0]:
                widest = (len(state.legal_actions()), seed, moves[: i + 1])
    out["widest"] = widest[1:]
    return {
        name: ({"setup": {"players": players, "seed": seed}, "options": {}, "auto": {}}, moves)
        for name, (seed, moves) in out.items()
    }


def sandbox_clicks(context, url: str, game: str, start=None, clicks: int = 15) -> tuple[list[dict], float]:
    """Milliseconds from a click in a game's sandbox to the engine's answer in the page, and to the
    next frame. From the start: the first legal move, again and again. From a `start` (input, moves)
    opened as a shared link: a move, then undo back to that position, and so on. Also the warm-up's ms."""
    import base64

    page = context.new_page()
    link = ""
    if start:
        text = json.dumps({"input": start[0], "moves": start[1]}, separators=(",", ":"))
        link = "#play=" + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    page.goto(url + f"en/{game}/sandbox/{link}")
    island = page.locator(".kikoto").first
    island.hover()
    ready = "dataset.answers === '1'" if start else "dataset.live === 'ready'"  # the link replays the game
    page.wait_for_function(f"document.querySelector('.kikoto').{ready}", timeout=180_000)
    # A reader who looks at the board for a few seconds before the first move: the engine has
    # finished its warm-up (kikoto.js, `warmUp`), whose time is reported beside the clicks.
    page.wait_for_function("window.__kikoto.state().warm === 'done'", timeout=180_000)
    warm_ms = page.evaluate("window.__kikoto.state().warmMs")
    handle = island.element_handle()
    times = []
    for n in range(clicks):
        selector = "button[data-undo]" if start and n % 2 else "button[data-move]"
        times.append(page.evaluate(CLICK, [handle, selector]))
    page.close()
    return times, warm_ms


def sandbox_figures(context, url: str, games=GAMES) -> dict:
    out = {}
    for game in games:
        runs = {"": sandbox_clicks(context, url, game)}
        for name, start in heavy_positions(game).items():
            runs[f"{name}_"] = sandbox_clicks(context, url, game, start, clicks=16)
            out[f"{game}.sandbox_{name}_moves"] = len(start[1])
        out[f"{game}.sandbox_warm_up_ms"] = round(runs[""][1])
        runs = {name: times for name, (times, _) in runs.items()}
        for name, times in runs.items():
            answer, paint = [t["answer"] for t in times], [t["paint"] for t in times]
            out[f"{game}.sandbox_{name}click_ms_median"] = round(statistics.median(answer), 1)
            out[f"{game}.sandbox_{name}click_ms_p95"] = round(sorted(answer)[int(len(answer) * 0.95) - 1], 1)
            out[f"{game}.sandbox_{name}paint_ms_p95"] = round(sorted(paint)[int(len(paint) * 0.95) - 1], 1)
    return out


def editor_figures(context, url: str) -> dict:
    """Milliseconds from a tap in each game's position editor (Ask your own question) to the engine's
    answer in the page: a field tapped again and again (selected, then let go), each answer the whole
    editor rendered again with the position checked by the engine. After the engine's warm-up."""
    from engine import game_ids

    out = {}
    for game in game_ids():
        page = context.new_page()
        response = page.goto(url + f"en/{game}/ask/")
        if not response or not response.ok:
            page.close()
            continue
        island = page.locator(".kikoto").first
        island.hover()
        page.wait_for_function("document.querySelector('.kikoto').dataset.live === 'ready'", timeout=180_000)
        page.wait_for_function("window.__kikoto.state().warm === 'done'", timeout=180_000)
        field = page.locator("[data-tap]").nth(3).get_attribute("data-tap")
        handle = island.element_handle()
        times = []
        for _ in range(16):
            page.evaluate(SETTLED)  # a reader's taps come a moment apart, not in the same frame
            times.append(page.evaluate(TAP, [handle, field])["answer"])
        out[f"{game}.editor_tap_ms_median"] = round(statistics.median(times), 1)
        out[f"{game}.editor_tap_ms_p95"] = round(sorted(times)[int(len(times) * 0.95) - 1], 1)
        page.close()
    return out


# Until the page has drawn the last answer (two frames), and a little after.
SETTLED = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))))"

TAP = """([island, field]) => new Promise((done) => {
  const n = island.dataset.answers || "0";
  let t0;
  const seen = new MutationObserver(() => {
    if ((island.dataset.answers || "0") === n) return;
    seen.disconnect();
    done({ answer: performance.now() - t0 });
  });
  seen.observe(island, { attributes: true, attributeFilter: ["data-answers"] });
  t0 = performance.now();
  island.querySelector(`[data-tap="${field}"]`).dispatchEvent(new MouseEvent("click", { bubbles: true }));
})"""


def editor_only() -> int:
    """`python -m bench --editor`: only the editor's taps, printed, nothing written."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as out:
        build_site(out)
        server, url = serve(out)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            results = editor_figures(browser.new_context(bypass_csp=True), url)
            browser.close()
        server.shutdown()
    for key, value in results.items():
        print(f"{key:<50}  {value}")
    return 0


def sandbox_only(games) -> int:
    """`python -m bench --sandbox [GAME...]`: only the sandbox clicks, printed, nothing written."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as out:
        build_site(out)
        server, url = serve(out)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            ctx = browser.new_context(bypass_csp=True)
            results = sandbox_figures(ctx, url, games or GAMES)
            browser.close()
        server.shutdown()
    for key, value in results.items():
        print(f"{key:<50}  {value}")
    return 0


def flat_network(figures: dict) -> dict:
    """bench/network.py's figures as results keys: net.<profile>.<figure>[_runs] (the rules page's first
    live answer and the bare start), net.<profile>.reached (what reached each target) and
    visit.<profile>.<site>.<first|returning|later>.<figure>_runs (the Ask page's visits)."""
    out = {}
    for name, f in figures.items():
        out[f"net.{name}.ratio"] = f["ratio_median"]
        out[f"net.{name}.reached"] = f["reached"]
        for key in ("ratio", "site_s", "bare_s", "site_bytes", "bare_bytes", "start"):
            out[f"net.{name}.{key}_runs"] = f[key]
        for site, runs in f["visits"].items():
            for visit in runs[0]:
                for key in runs[0][visit]:
                    out[f"visit.{name}.{site}.{visit}.{key}_runs"] = [r[visit][key] for r in runs]
    return out


def flat_taps(taps: dict) -> dict:
    return {f"taps.{game}.{key}_runs": values for game, t in taps.items() for key, values in t.items()}


def served(out: str):
    """The site in `out` served gzipped, and the `--before DIR` site beside it: (servers, url, before url)."""
    from bench import network

    server, url = network.serve_gzipped(out)
    servers, before = [server], None
    if "--before" in sys.argv:
        other, before = network.serve_gzipped(os.path.abspath(sys.argv[sys.argv.index("--before") + 1]))
        servers.append(other)
    return servers, url, before


def on_served_site(measure):
    """`measure(browser, url)` on a fresh build of the site, served gzipped as hosts serve it."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as out:
        build_site(out)
        servers, url, _ = served(out)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            figures = measure(browser, url)
            browser.close()
        for server in servers:
            server.shutdown()
    return figures


def network_only() -> int:
    """`python -m bench --network [--before DIR]`: only the three network profiles (bench/network.py),
    and each game's first tap after "ready"; with --before, the Ask page's visits of the site built in
    DIR too (the same run: a before/after table)."""
    from playwright.sync_api import sync_playwright

    from bench import network

    with tempfile.TemporaryDirectory() as out:
        build_site(out)
        servers, url, before = served(out)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            figures = network.network_figures(browser, url, servers=servers, before=before)
            taps = network.first_taps(browser, url)
            browser.close()
        for server in servers:
            server.shutdown()
    results = {
        **flat_network(figures),
        **flat_taps(taps),
        "machine.cpus": os.cpu_count(),
        "machine.load_at_end": [round(x, 1) for x in os.getloadavg()],
    }
    with open(os.path.join(ROOT, "bench", "results-network.json"), "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
        f.write("\n")
    print("\n".join(network.report(figures)))
    from bench import report

    print(report.visits_table(results))
    return finish(results, {k: v for k, v in guard.load_baseline().items() if k.startswith("net.")})


def ask_only() -> int:
    """`python -m bench --ask`: only the Ask page on slow 4G with CPU 4× (bench/ask.py), printed."""
    from playwright.sync_api import sync_playwright

    from bench import ask

    with tempfile.TemporaryDirectory() as out:
        build_site(out)
        servers, url, _ = served(out)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            figures = ask.ask_figures(browser, url, servers)
            browser.close()
        for server in servers:
            server.shutdown()
    for key, value in figures.items():
        print(f"{key:<50}  {value}")
    print("\n".join(ask.report(figures)))
    return 0


def questions_only() -> int:
    """`python -m bench --questions`: only the three typical questions per game (bench/questions.py),
    added to bench/results-questions.json and printed."""
    from bench import questions

    figures = on_served_site(questions.questions_figures)
    questions.write(figures)
    print("\n".join(questions.report(figures)))
    return 0


def finish(results: dict, baseline: dict | None = None) -> int:
    for line in guard.notes(results, baseline):
        print("note (not a regression: not worse in every measurement)", line)
    worse = guard.regressions(results, baseline)
    for line in worse:
        print("REGRESSION", line)
    return 1 if worse else 0


def main() -> int:
    from playwright.sync_api import sync_playwright

    from bench import network

    if "--sandbox" in sys.argv:
        return sandbox_only(sys.argv[sys.argv.index("--sandbox") + 1 :])
    if "--editor" in sys.argv:
        return editor_only()
    if "--network" in sys.argv:
        return network_only()
    if "--ask" in sys.argv:
        return ask_only()
    if "--questions" in sys.argv:
        return questions_only()
    results: dict = {"machine.cpus": os.cpu_count(), "machine.load_at_start": [round(x, 1) for x in os.getloadavg()]}
    with tempfile.TemporaryDirectory() as out:
        results["build_s"] = round(build_site(out), 2)
        wheel = json.load(open(os.path.join(out, "assets", "kikoto", "build.json")))
        results["wheel_bytes"] = wheel["bytes"]
        wheel_path = os.path.join(out, "assets", "kikoto", wheel["wheel"])
        results.update(engine_figures(wheel_path))
        server, url = serve(out)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            results.update(startup_figures(browser, url))
            ctx = browser.new_context(bypass_csp=True)  # wait_for_function needs eval()
            results.update(sandbox_figures(ctx, url))
            results.update(editor_figures(ctx, url))
            ctx.close()
            # The phone at the table: three network profiles on every target, the site served gzipped
            # (bench/network.py), and each game's first tap after "ready".
            servers, gz_url, before = served(out)
            figures = network.network_figures(browser, gz_url, servers=servers, before=before)
            results.update(flat_network(figures))
            results.update(flat_taps(network.first_taps(browser, gz_url)))
            # The Ask page on the phone at the table: its engine's start, and ten taps (bench/ask.py).
            from bench import ask

            asked = ask.ask_figures(browser, gz_url, servers)
            results.update(asked)
            # The three typical questions per game by taps: taps, swipes, seconds, layout shift
            # (bench/questions.py), kept beside the test's counts in bench/results-questions.json.
            from bench import questions

            asked_questions = questions.questions_figures(browser, gz_url)
            questions.write(asked_questions)
            for gz_server in servers:
                gz_server.shutdown()
            browser.close()
        server.shutdown()
    results["machine.load_at_end"] = [round(x, 1) for x in os.getloadavg()]
    with open(os.path.join(ROOT, "bench", "results.json"), "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
        f.write("\n")
    width = max(map(len, results))
    for key, value in results.items():
        print(f"{key:<{width}}  {value}")
    print("\n".join(network.report(figures)))
    print("\n".join(ask.report(asked)))
    print("\n".join(questions.report(asked_questions)))
    if "--update-baseline" in sys.argv:
        guard.write_baseline(results)
        return 0
    return finish(results)


if __name__ == "__main__":
    sys.exit(main())
