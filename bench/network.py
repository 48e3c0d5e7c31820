"""The phone at the table: the live engine's start over three network profiles.

The site is served gzipped, as a real host serves it (`GzipHandler`, with validators, so a returning
visit revalidates what it kept). Each profile is made for every target of the browser (bench/throttle.py):
the server shapes the link (a round trip before each response, one shared downlink) and the renderer
processes run `cpu` times slower, so the page, its engine worker and the service worker all live on
the phone. `verify` measures, per target, what reached it, and the run prints it.

Per profile, interleaved runs of:
- the yardstick (a bare module worker: loadPyodide, the wheel, the engine's import; bench/page.py BARE);
- the rules page opened cold, its scoring widget edited at once, until its live answer (`site_run`);
- the Ask page's first visit and two returns (`visits`): from opening the page to its engine being ready,
  the taps after it, and the bytes over the link; between two visits the page stays open until its
  background work is done and the link is quiet (a player reading the page), then closes.
`--before DIR` (python -m bench --network --before DIR) measures another build of the site the same
way in the same run, for a before/after table.
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import io
import os
import statistics
import sys
import threading
import time
from contextlib import contextmanager

from bench.throttle import CpuThrottle, Link

# name: (extra round trip ms, download bytes/s, CPU slowdown)
PROFILES = {
    "local": None,
    "10mbit_40ms": (40, 10e6 / 8, 4),
    "slow4g_cpu4x": (150, 1.6e6 / 8, 4),  # Lighthouse's mobile preset
}
TITLES = {"local": "localhost", "10mbit_40ms": "10 Mbit/s, 40 ms, CPU 4×", "slow4g_cpu4x": "slow 4G, 1.6 Mbit/s, 150 ms, CPU 4×"}
GOAL_RATIO = 0.7
GOAL_BYTES = 4.5e6
GOAL_RETURN_S = 2.0  # a returning visit's engine ready within 2 s
GOAL_FIRST = 1.1  # a first visit within 10 % of the time its bytes take at the profile's rate
GOAL_FIRST_TAP = 1.5  # the first answer after "ready" within 1.5× the median tap
GZIPPED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".xml", ".txt", ".webmanifest", ".map")


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Text and wasm gzipped (level 6, as hosts do, and kept), everything else as it is; each with a
    validator and `no-cache`, so a returning visit revalidates. Through the server's `link`, if any."""

    cache: dict = {}

    def log_message(self, *args):
        pass

    def send_head(self):
        link = getattr(self.server, "link", None)
        if link:
            link.wait_round_trip()
        if getattr(self.server, "requests", None) is not None:  # what a test watches the server get
            self.server.requests.append((self.path, dict(self.headers)))
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()
        stat = os.stat(path)
        tag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if self.headers.get("If-None-Match") == tag:
            self.send_response(304)
            self.send_header("ETag", tag)
            self.end_headers()
            return None
        gzipped = path.endswith(GZIPPED) and "gzip" in self.headers.get("Accept-Encoding", "")
        key = (path, stat.st_mtime_ns, gzipped)
        if key not in self.cache:
            with open(path, "rb") as f:
                self.cache[key] = gzip.compress(f.read(), 6) if gzipped else f.read()
        body = self.cache[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", tag)
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self):
        link = getattr(self.server, "link", None)
        if link:
            link.count(sum(map(len, getattr(self, "_headers_buffer", []))))
        super().end_headers()

    def copyfile(self, source, outputfile):
        link = getattr(self.server, "link", None)
        if link:
            link.send(outputfile, source.read())
        else:
            super().copyfile(source, outputfile)


GzipHandler.extensions_map = {
    **http.server.SimpleHTTPRequestHandler.extensions_map,
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
}


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a page closed mid-download: not an error
            super().handle_error(request, client_address)


def serve_gzipped(directory: str):
    server = Server(("127.0.0.1", 0), functools.partial(GzipHandler, directory=directory))
    server.link = Link(0, 1e12)  # counts the bytes; a profile sets its own
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@contextmanager
def phone(servers, name: str):
    """Every server's link at the profile's (one shared downlink), the renderers at its CPU."""
    profile = PROFILES[name]
    latency, down, cpu = profile or (0, 1e12, 1)
    link = Link(latency, down)
    saved = [s.link for s in servers]
    for s in servers:
        s.link = link
    try:
        with CpuThrottle(cpu):
            yield link
    finally:
        for s, old in zip(servers, saved):
            s.link = old


def fetched(context) -> list:
    sizes = []

    def done(request):
        try:
            sizes.append(request.sizes()["responseBodySize"] + request.sizes()["responseHeadersSize"])
        except Exception:  # a request the page dropped
            pass

    context.on("requestfinished", done)
    return sizes


# -- what reached which target ------------------------------------------------------------------

SPIN = "() => { const t = performance.now(); let x = 0; for (let i = 0; i < 6e7; i++) x += i % 7; return performance.now() - t; }"
# A fetch of `url` (not cached anywhere): ms from the start to its last byte, and its bytes.
FETCH = """async (url) => { const t = performance.now(); const r = await fetch(url, { cache: "no-store" });
  const n = (await r.arrayBuffer()).byteLength; return [performance.now() - t, n]; }"""
# A module worker the page starts for the check, answering "spin" and "fetch <url>".
PROBE = """() => { window.__probe = new Worker(URL.createObjectURL(new Blob([`onmessage = async (e) => {
  if (e.data === "spin") postMessage((${SPIN})()); else postMessage(await (${FETCH})(e.data.slice(6))); }`],
  { type: "text/javascript" }))); }""".replace("${SPIN}", SPIN).replace("${FETCH}", FETCH)
ASK_PROBE = "(what) => new Promise((ok) => { window.__probe.onmessage = (e) => ok(e.data); window.__probe.postMessage(what); })"


def verify(browser, url, servers, name: str, probe_file: str) -> dict:
    """Per target (the page, a dedicated worker, the service worker): how much slower its CPU runs
    under the profile than without (a fixed loop, each way by turns, three times: the median), and
    the rate and round trip its fetches of `probe_file` get (a file no cache holds: a new query each
    time). On the site's 404 page, its own script held back (it would keep pages for offline meanwhile)."""
    ctx = browser.new_context(bypass_csp=True, service_workers="allow")
    page = ctx.new_page()
    page.route("**/kikoto.js", lambda route: route.abort())
    page.goto(url + "404.html")
    page.evaluate("navigator.serviceWorker.register('sw.js').then(() => navigator.serviceWorker.ready).then(() => true)")
    page.evaluate(PROBE)
    sw = ctx.service_workers[0] if ctx.service_workers else ctx.wait_for_event("serviceworker", timeout=30_000)
    run = {
        "page": lambda what: page.evaluate(SPIN) if what == "spin" else page.evaluate(FETCH, what[6:]),
        "worker": lambda what: page.evaluate(ASK_PROBE, what),
        "service worker": lambda what: sw.evaluate(SPIN) if what == "spin" else sw.evaluate(FETCH, what[6:]),
    }
    cpu = (PROFILES[name] or (0, 0, 1))[2]
    out, n = {}, iter(range(1000))
    for target, ask in run.items():
        ratios = []
        for _ in range(3):
            free = ask("spin")
            with CpuThrottle(cpu):
                ratios.append(ask("spin") / free)
        out[target] = {"cpu_slowdown": round(statistics.median(ratios), 1)}
    with phone(servers, name):
        for target, ask in run.items():
            small_ms, _ = ask(f"fetch {url}404.html?probe={next(n)}")
            ms, size = ask(f"fetch {url}{probe_file}?probe={next(n)}")
            out[target].update(down_mbit_s=round(size * 8 / 1e3 / max(1.0, ms - small_ms), 2), first_byte_ms=round(small_ms))
    ctx.close()
    return out


def reached(checks: dict) -> list[str]:
    return [
        f"  {target:<15} CPU {c['cpu_slowdown']}× slower, {c['down_mbit_s']} Mbit/s down, a small file in {c['first_byte_ms']} ms"
        for target, c in checks.items()
    ]


# -- the runs -----------------------------------------------------------------------------------


def bare_run(browser, url, link) -> tuple[float, int]:
    from bench.page import BARE

    ctx = browser.new_context(bypass_csp=True, service_workers="block")
    page = ctx.new_page()
    page.goto(url + "404.html")  # a small page of the site: the worker's origin
    link.sent = 0
    t = time.perf_counter()
    page.evaluate(BARE, url)
    elapsed = time.perf_counter() - t
    ctx.close()
    return elapsed, link.sent


def site_run(browser, url, link) -> tuple[float, int, str]:
    """Seconds from opening the page to the widget's first live answer, editing it at once."""
    from bench.page import FIELD, ISLAND, PAGE, PURPLE

    ctx = browser.new_context(bypass_csp=True, service_workers="block")
    page = ctx.new_page()
    link.sent = 0
    t = time.perf_counter()
    page.goto(url + PAGE, wait_until="commit")
    page.wait_for_selector(PURPLE + ".js", timeout=180_000)  # wired: an edit before that would go unheard
    page.locator(PURPLE + f" input[name='{FIELD}']").fill("4", timeout=180_000)
    page.wait_for_function(f"{ISLAND}.dataset.answers === '1'", timeout=300_000)
    elapsed = time.perf_counter() - t
    state = page.evaluate("window.__kikoto.state()")
    start = f"{state['bootFrom']}/{state['bootChoice']}"
    ctx.close()
    return elapsed, link.sent, start


READY = "window.__kikoto && window.__kikoto.state().state === 'ready'"
# Until the page has drawn the last answer (two frames), and a little after: a reader's taps come apart.
SETTLED = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))))"
# A tap on the editor's `n`-th board field, timed in the page until its answer is there.
TAP = """(n) => new Promise((done) => {
  const island = [...document.querySelectorAll('.kikoto')].find((el) => el.querySelector('.kikoto-ed'));
  const count = island.dataset.answers || "0";
  const seen = new MutationObserver(() => {
    if ((island.dataset.answers || "0") === count) return;
    seen.disconnect();
    done(performance.now() - t0);
  });
  seen.observe(island, { attributes: true, attributeFilter: ["data-answers"] });
  const t0 = performance.now();
  island.querySelectorAll('[data-tap]')[n].dispatchEvent(new MouseEvent('click', { bubbles: true }));
})"""
TAPS = 7


def ask_visit(page, url, link, game) -> dict:
    """Opens the game's Ask page: seconds to the engine ready, bytes meanwhile, then a tap at once
    and TAPS - 1 more, each once the last answer is drawn (ms to each answer)."""
    link.sent = 0
    t = time.perf_counter()
    page.goto(f"{url}en/{game}/ask/", wait_until="commit")
    page.wait_for_function("window.__kikoto !== undefined", timeout=300_000)  # kikoto.js listens for moves
    page.mouse.move(100, 300)  # the reader's first move: the theme's script comes (widgets/assets/theme.mjs)
    page.wait_for_function(READY, timeout=300_000, polling=50)
    ready = time.perf_counter() - t
    got = link.sent
    taps = []
    for i in range(TAPS):
        if i:
            page.evaluate(SETTLED)
        taps.append(page.evaluate(TAP, 3 + 2 * i))
    state = page.evaluate("window.__kikoto.state()")
    return {
        "ready_s": round(ready, 2),
        "steps": phases(state.get("steps") or {}),
        "bytes": got,
        "start": f"{state.get('bootFrom')}/{state.get('bootChoice')}",
        "rate_mb_s": state.get("bootRate") and round(state["bootRate"] / 1e3, 2),  # what the worker chose on (a lower bound)
        "tap_first_ms": round(taps[0]),
        "tap_median_ms": round(statistics.median(taps[1:])),
    }


# The start's phases, ms each, from the steps the page and its worker mark (engine.mjs, worker.mjs;
# ms from the navigation): (name, from step, to step).
PHASES = (
    ("page", None, "page.worker"),  # the page's own work until it starts the worker
    ("worker", "page.worker", "worker"),  # the worker's module fetched and run
    ("runtime", "worker", "loadPyodide"),  # Pyodide's scripts, the start chosen, the snapshot read
    ("wasm", "wasm.instantiateStreaming", "wasm.instantiateStreaming.done"),
    ("python", "loadPyodide", "python"),  # the wasm, the memory restored or Python started
    ("engine", "python", "settled"),  # the wheel unpacked, the engine imported
    ("warm", "page.started", "page.ready"),  # the page's position answered until at speed
)


def phases(steps: dict) -> dict:
    out = {}
    for name, start, end in PHASES:
        if end in steps and (start is None or start in steps):
            out[name] = steps[end] - (steps[start] if start else 0)
    return out


def wait_background(page, link, quiet_s: float = 3.0, limit_s: float = 240.0) -> float:
    """Until the page's work after the start is done (the engine's warm-up, what the service worker
    keeps for the next visit and for offline use, the next visit's start rehearsed: state().kept, .site
    and .rehearsal, where the page reports them) and the link has been quiet for `quiet_s`."""
    t = time.perf_counter()
    last, since = link.sent, time.perf_counter()
    while time.perf_counter() - t < limit_s:
        time.sleep(0.5)
        if link.sent != last:
            last, since = link.sent, time.perf_counter()
        state = page.evaluate("window.__kikoto.state()")
        busy = (
            state.get("warm") == "running"
            or state.get("kept") == "fetching"
            or state.get("site") == "waiting"
            or state.get("rehearsal") == "running"
        )
        if not busy and time.perf_counter() - since >= quiet_s:
            break
    return time.perf_counter() - t


def visits(browser, url, link, game) -> dict:
    """A first visit in a fresh browser profile (service worker allowed), then two returns in the same
    profile, each once the page before is done with its background work (what it kept for the next
    visit counted apart): the first return, and a later one, which runs the WebAssembly code Chromium
    compiled on the first return and kept beside the service worker's copy of the wasm (worker.mjs,
    `controlled`)."""
    ctx = browser.new_context(bypass_csp=True, service_workers="allow", viewport={"width": 375, "height": 800})
    out = {}
    for visit in ("first", "returning", "later"):
        page = ctx.new_page()
        out[visit] = ask_visit(page, url, link, game)
        if visit == "later":
            break
        link.sent = 0
        waited = wait_background(page, link)
        out[visit].update(background_bytes=link.sent, background_s=round(waited, 1))
        page.close()
        time.sleep(2)  # the player comes back later: the closed page's processes are gone
    ctx.close()
    return out


def first_taps(browser, url, runs: int = 3) -> dict:
    """Per game with an editor, on this machine unthrottled: the first tap's answer right after its Ask
    page says "ready", against the median of the later taps (first visits, fresh browser profiles)."""
    from engine import game_ids
    from widgets.render.renderer import renderer

    out = {}
    for game in (g for g in game_ids() if renderer(g).editor):
        first, median = [], []
        for _ in range(runs):
            ctx = browser.new_context(bypass_csp=True, service_workers="allow", viewport={"width": 375, "height": 800})
            visit = ask_visit(ctx.new_page(), url, Link(0, 1e12), game)
            ctx.close()
            first.append(visit["tap_first_ms"])
            median.append(visit["tap_median_ms"])
        out[game] = {"first_ms": first, "median_ms": median}
    return out


def network_figures(browser, url, runs: int = 2, profiles=PROFILES, servers=(), before: str | None = None) -> dict:
    """Per profile: what reached each target, then `runs` interleaved rounds of the bare start, the
    rules page's first live answer and the Ask page's two visits (and the same visits on the
    `before` site, if given)."""
    import json

    from bench.page import ASK_GAME as GAME

    sites = {"site": url, **({"before": before} if before else {})}
    with open(os.path.join(servers[0].RequestHandlerClass.keywords["directory"], "assets", "kikoto", "build.json")) as f:
        probe = f"assets/kikoto/{json.load(f)['wheel']}"  # about 0.5 MB, sent as it is
    out = {}
    for name in profiles:
        f = {
            "reached": verify(browser, url, servers, name, probe),
            "bare_s": [],
            "bare_bytes": [],
            "site_s": [],
            "site_bytes": [],
            "start": [],
            "ratio": [],
            "visits": {site: [] for site in sites},
        }
        with phone(servers, name) as link:
            for _ in range(runs):
                b, bb = bare_run(browser, url, link)
                s, sb, start = site_run(browser, url, link)
                f["bare_s"].append(round(b, 2))
                f["bare_bytes"].append(bb)
                f["site_s"].append(round(s, 2))
                f["site_bytes"].append(sb)
                f["start"].append(start)
                f["ratio"].append(round(s / b, 2))
                for site, site_url in sites.items():
                    f["visits"][site].append(visits(browser, site_url, link, GAME))
        f["ratio_median"] = statistics.median(f["ratio"])
        out[name] = f
    return out


def report(figures: dict) -> list[str]:
    lines = []
    for name, f in figures.items():
        ratio_ok, bytes_ok = max(f["ratio"]) <= GOAL_RATIO, max(f["site_bytes"]) <= GOAL_BYTES
        lines.append(f"{name}: what reached each target")
        lines += reached(f["reached"])
        lines.append(
            f"{name:<14} rules page: site {min(f['site_s']):.2f}-{max(f['site_s']):.2f} s, bare {min(f['bare_s']):.2f}-"
            f"{max(f['bare_s']):.2f} s, ratio {min(f['ratio'])}-{max(f['ratio'])}, bytes site "
            f"{max(f['site_bytes']) / 1e6:.2f} MB / bare {max(f['bare_bytes']) / 1e6:.2f} MB, "
            f"start {','.join(sorted(set(f['start'])))}  ratio goal {'met' if ratio_ok else 'NOT MET'}, bytes goal {'met' if bytes_ok else 'NOT MET'}"
        )
        for site, runs in f["visits"].items():
            for visit in runs[0]:
                v = [r[visit] for r in runs]
                ready = statistics.median(r["ready_s"] for r in v)
                lines.append(
                    f"  {site} {visit:<9} ready {ready:.2f} s ({', '.join(str(r['ready_s']) for r in v)}), "
                    f"{statistics.median(r['bytes'] for r in v) / 1e6:.2f} MB, start {','.join(sorted({r['start'] for r in v}))}, "
                    f"taps: first {statistics.median(r['tap_first_ms'] for r in v)} ms, median {statistics.median(r['tap_median_ms'] for r in v)} ms"
                )
                steps = [r.get("steps") or {} for r in v]
                lines.append(
                    "    ms: "
                    + ", ".join(
                        f"{name} {round(statistics.median(s[name] for s in steps if name in s))}"
                        for name, *_ in PHASES
                        if any(name in s for s in steps)
                    )
                )
    return lines


if __name__ == "__main__":  # python -m bench.network SITE_DIR [runs] [profiles] [BEFORE_DIR]: only these figures
    import json
    import sys

    from playwright.sync_api import sync_playwright

    from tests.browser.support import ARGS, CHROMIUM

    server, url = serve_gzipped(sys.argv[1])
    servers, before = [server], None
    if len(sys.argv) > 4:
        other, before = serve_gzipped(sys.argv[4])
        servers.append(other)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        figures = network_figures(
            browser,
            url,
            int(sys.argv[2]) if len(sys.argv) > 2 else 2,
            sys.argv[3].split(",") if len(sys.argv) > 3 else list(PROFILES),
            servers,
            before,
        )
        browser.close()
    print(json.dumps(figures))
    print("\n".join(report(figures)))
