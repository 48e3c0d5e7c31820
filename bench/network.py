"""The phone at the table: the live engine's start over three network profiles.

The site is served gzipped, as a real host serves it (`GzipHandler`); Chromium's own throttling
(CDP: Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate) makes the profiles. For
each profile, interleaved runs of the yardstick (a bare module worker: loadPyodide, the wheel, the
engine's import; bench/__main__.py BARE) and of the site (the Mare Balticum rules page opened cold,
the scoring widget edited at once, until its live answer), with the bytes each fetched.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import os
import statistics
import threading
import time

# name: (extra round trip ms, download bytes/s, upload bytes/s, CPU slowdown)
PROFILES = {
    "local": None,
    "10mbit_40ms": (40, 10e6 / 8, 10e6 / 8, 1),
    "slow4g_cpu4x": (150, 1.6e6 / 8, 0.75e6 / 8, 4),  # Lighthouse's mobile preset
}
GOAL_RATIO = 0.7
GOAL_BYTES = 4.5e6
GZIPPED = (".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".xml", ".txt", ".webmanifest", ".map")


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Text and wasm gzipped (level 6, as hosts do, and kept), everything else as it is."""

    cache: dict = {}

    def log_message(self, *args):
        pass

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not (path.endswith(GZIPPED) and "gzip" in self.headers.get("Accept-Encoding", "") and os.path.isfile(path)):
            return super().send_head()
        key = (path, os.path.getmtime(path))
        if key not in self.cache:
            with open(path, "rb") as f:
                self.cache[key] = gzip.compress(f.read(), 6)
        body = self.cache[key]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        import io

        return io.BytesIO(body)


GzipHandler.extensions_map = {
    **http.server.SimpleHTTPRequestHandler.extensions_map,
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
}


def serve_gzipped(directory: str):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(GzipHandler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def throttled(context, page, profile):
    if profile is None:
        return
    latency, down, up, cpu = profile
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": latency, "downloadThroughput": down, "uploadThroughput": up},
    )
    if cpu > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})


def fetched(context) -> list:
    sizes = []

    def done(request):
        try:
            sizes.append(request.sizes()["responseBodySize"] + request.sizes()["responseHeadersSize"])
        except Exception:  # a request the page dropped
            pass

    context.on("requestfinished", done)
    return sizes


def bare_run(browser, url, profile) -> tuple[float, int]:
    from bench.page import BARE

    ctx = browser.new_context(bypass_csp=True, service_workers="block")
    sizes = fetched(ctx)
    page = ctx.new_page()
    page.goto(url + "404.html")  # a small page of the site: the worker's origin
    throttled(ctx, page, profile)
    sizes.clear()
    t = time.perf_counter()
    page.evaluate(BARE, url)
    elapsed = time.perf_counter() - t
    ctx.close()
    return elapsed, sum(sizes)


def site_run(browser, url, profile, warm_context=None) -> tuple[float, int, str]:
    """Seconds from opening the page to the widget's first live answer, editing it at once."""
    from bench.page import FIELD, ISLAND, PAGE, PURPLE

    ctx = warm_context or browser.new_context(bypass_csp=True, service_workers="block")
    sizes = fetched(ctx)
    page = ctx.new_page()
    throttled(ctx, page, profile)
    t = time.perf_counter()
    page.goto(url + PAGE, wait_until="commit")
    page.wait_for_selector(PURPLE + ".js", timeout=180_000)  # wired: an edit before that would go unheard
    page.locator(PURPLE + f" input[name='{FIELD}']").fill("4", timeout=180_000)
    page.wait_for_function(f"{ISLAND}.dataset.answers === '1'", timeout=300_000)
    elapsed = time.perf_counter() - t
    state = page.evaluate("window.__kikoto.state()")
    start = f"{state['bootFrom']}/{state['bootChoice']}"
    page.close()
    if warm_context is None:
        ctx.close()
    return elapsed, sum(sizes), start


def network_figures(browser, url, runs: int = 3, profiles=PROFILES) -> dict:
    """Per profile: each run's bare and site seconds and bytes, their ratio, and the ranges."""
    out = {}
    for name, profile in profiles.items():
        bare, site, ratios, bare_bytes, site_bytes, starts = [], [], [], [], [], []
        for _ in range(runs):
            b, bb = bare_run(browser, url, profile)
            s, sb, start = site_run(browser, url, profile)
            bare.append(round(b, 2))
            site.append(round(s, 2))
            ratios.append(round(s / b, 2))
            bare_bytes.append(bb)
            site_bytes.append(sb)
            starts.append(start)
        out[name] = {
            "bare_s": bare,
            "site_s": site,
            "ratio": ratios,
            "bare_bytes": bare_bytes,
            "site_bytes": site_bytes,
            "start": starts,
            "ratio_median": statistics.median(ratios),
        }
    return out


def report(figures: dict) -> list[str]:
    lines = []
    for name, f in figures.items():
        ratio_ok, bytes_ok = max(f["ratio"]) <= GOAL_RATIO, max(f["site_bytes"]) <= GOAL_BYTES
        lines.append(
            f"{name:<14} site {min(f['site_s']):.2f}-{max(f['site_s']):.2f} s, bare {min(f['bare_s']):.2f}-"
            f"{max(f['bare_s']):.2f} s, ratio {min(f['ratio'])}-{max(f['ratio'])}, bytes site "
            f"{max(f['site_bytes']) / 1e6:.2f} MB / bare {max(f['bare_bytes']) / 1e6:.2f} MB, "
            f"start {','.join(sorted(set(f['start'])))}  ratio goal {'met' if ratio_ok else 'NOT MET'}, bytes goal {'met' if bytes_ok else 'NOT MET'}"
        )
    return lines


if __name__ == "__main__":  # python -m bench.network SITE_DIR [runs]: only these figures
    import json
    import sys

    from playwright.sync_api import sync_playwright

    from tests.browser.support import ARGS, CHROMIUM

    server, url = serve_gzipped(sys.argv[1])
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        figures = network_figures(
            browser,
            url,
            int(sys.argv[2]) if len(sys.argv) > 2 else 3,
            {k: PROFILES[k] for k in (sys.argv[3].split(",") if len(sys.argv) > 3 else PROFILES)},
        )
        browser.close()
    print(json.dumps(figures))
    print("\n".join(report(figures)))
