"""Lighthouse on the built site: `make lighthouse` (slow, so not part of `make test`).

Runs lighthouse@12.2.3 (the last release that runs on Node 20) against the home page and one
rules page per game, in both languages, served on 127.0.0.1 with gzip (as real hosts serve it),
with Debian's Chromium. Writes bench/lighthouse.json and prints the scores. Bars, for Lighthouse's
default mobile form factor: performance ≥ 95, accessibility 100, best practices ≥ 95. The desktop
preset's performance is recorded beside them as "performance-desktop", with no bar. The mobile
scores are the median of three runs ("performance-runs" keeps them all).

The theme's script waits for the reader's first move (kikoto.js, loadTheme), which Lighthouse never
makes; what it costs then is measured here too, traced in Chromium at the same 4x CPU slowdown
("first-move" in the JSON). `--first-move` measures only that and prints it.
"""

from __future__ import annotations

import collections
import gzip
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.__main__ import Quiet, build_site, serve  # noqa: E402
from engine import game_ids  # noqa: E402
from tests.browser.support import ARGS, CHROMIUM, THEME_MOUNTED  # noqa: E402

LIGHTHOUSE = os.path.join(ROOT, ".cache", "lighthouse", "node_modules", ".bin", "lighthouse")
GAMES = game_ids()
RUNS = 3
BARS = {"performance": 0.95, "accessibility": 1.0, "best-practices": 0.95}


class Gzip(Quiet):
    """A static server that compresses text the way any real host does (GitHub Pages, Netlify,
    nginx with gzip on), so that Lighthouse judges the pages as readers would get them; plain
    `http.server` sends everything uncompressed."""

    TEXT = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", "/")
    cache: dict = {}

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if (
            not self.path.split("?")[0].endswith(self.TEXT)
            or not os.path.isfile(path)
            or "gzip" not in self.headers.get("Accept-Encoding", "")
        ):
            return super().send_head()
        if path not in self.cache:
            with open(path, "rb") as f:
                self.cache[path] = gzip.compress(f.read(), 6)
        body = self.cache[path]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def blocking(tasks: list[float]) -> dict:
    """Lighthouse's blocking time for a list of task durations (ms): what each spent past 50 ms."""
    return {"blocking_ms": round(sum(max(0.0, d - 50) for d in tasks)), "longest_ms": round(max(tasks, default=0))}


def longest_rules_pages(n: int = 2) -> tuple:
    """The n games' rules pages with the longest source text: where the theme's start-up costs most."""
    size = lambda g: os.path.getsize(os.path.join(ROOT, "docs", g, "rules.hu.md"))  # noqa: E731
    return tuple(f"{g}/rules/" for g in sorted(GAMES, key=size, reverse=True)[:n])


def first_move(url: str, pages=None, runs: int = 3) -> dict:
    """The main thread's long tasks on a phone-sized page at 4x CPU: from opening the page to two
    seconds after `load`, then from the reader's first move (a scroll) until two seconds after the
    theme's script has mounted. Median over runs of each figure."""
    from playwright.sync_api import sync_playwright

    pages = pages or longest_rules_pages()

    figures = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for page in pages:
            seen = collections.defaultdict(list)
            for _ in range(runs):
                ctx = browser.new_context(
                    viewport={"width": 412, "height": 823},
                    device_scale_factor=1.75,
                    is_mobile=True,
                    has_touch=True,
                    bypass_csp=True,
                )
                tab = ctx.new_page()
                cdp = ctx.new_cdp_session(tab)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
                events, done = [], []
                cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
                cdp.on("Tracing.tracingComplete", lambda e: done.append(1))
                cdp.send(
                    "Tracing.start",
                    {
                        "traceConfig": {
                            "includedCategories": [
                                "devtools.timeline",
                                "disabled-by-default-devtools.timeline",
                                "blink.user_timing",
                            ]
                        },
                        "transferMode": "ReportEvents",
                    },
                )
                tab.goto(url + page, wait_until="load")
                tab.wait_for_timeout(2000)
                tab.evaluate("performance.mark('kikoto-first-move')")
                tab.mouse.wheel(0, 600)
                tab.wait_for_function(THEME_MOUNTED)
                tab.wait_for_timeout(2000)
                cdp.send("Tracing.end")
                while not done:
                    tab.wait_for_timeout(100)
                ctx.close()
                # The page's main thread is the one that parsed its HTML.
                main = collections.Counter((e["pid"], e["tid"]) for e in events if e.get("name") == "ParseHTML").most_common(1)[
                    0
                ][0]
                tasks = [
                    e
                    for e in events
                    if (e.get("pid"), e.get("tid")) == main and e.get("name") == "RunTask" and e.get("ph") == "X"
                ]
                move = next(e["ts"] for e in events if e.get("name") == "kikoto-first-move")
                for phase, part in (
                    ("load", [t for t in tasks if t["ts"] < move]),
                    ("first_move", [t for t in tasks if t["ts"] >= move]),
                ):
                    for key, value in blocking([t["dur"] / 1000 for t in part]).items():
                        seen[f"{phase}_{key}"].append(value)
            figures[page] = {k: round(statistics.median(v)) for k, v in seen.items()}
            print(page, figures[page], flush=True)
        browser.close()
    return figures


def main() -> int:
    only_first_move = "--first-move" in sys.argv  # needs no Lighthouse
    if not only_first_move and not os.path.exists(LIGHTHOUSE):
        subprocess.run(
            [
                "npm",
                "install",
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--prefix",
                os.path.join(ROOT, ".cache", "lighthouse"),
                "lighthouse@12.2.3",
            ],
            check=True,
        )
    results = {}
    with tempfile.TemporaryDirectory() as out:
        build_site(out)
        server, url = serve(out, Gzip)
        if only_first_move:
            first_move(url)
            server.shutdown()
            return 0
        for lang_dir in ("", "en/"):
            for path in [""] + [f"{g}/rules/" for g in GAMES]:
                page = f"{lang_dir}{path}"
                runs = collections.defaultdict(list)
                # The bars hold for Lighthouse's default, a mid-range phone (4× slower CPU, slow 4G);
                # the desktop preset's performance is recorded beside it, for context only. The mobile
                # scores are the median of RUNS runs, as Lighthouse's docs advise on a noisy machine.
                mobile = (["--only-categories=performance,accessibility,best-practices"], "")
                for extra, suffix in [mobile] * RUNS + [(["--only-categories=performance", "--preset=desktop"], "-desktop")]:
                    proc = subprocess.run(
                        [
                            LIGHTHOUSE,
                            url + page,
                            "--output=json",
                            "--quiet",
                            f"--chrome-path={CHROMIUM}",
                            *extra,
                            "--chrome-flags=" + " ".join(ARGS),
                        ],
                        capture_output=True,
                        text=True,
                        timeout=600,
                    )
                    if proc.returncode != 0:
                        runs["error" + suffix].append(proc.stderr[-500:])
                        continue
                    for key, cat in json.loads(proc.stdout)["categories"].items():
                        runs[key + suffix].append(round(cat["score"] * 100))
                scores = {k: v[0] if k.startswith("error") else round(statistics.median(v)) for k, v in runs.items()}
                scores["performance-runs"] = runs["performance"]
                results[page or "/"] = scores
                print(page or "/", scores, flush=True)
        results["first-move"] = first_move(url)
        server.shutdown()
    with open(os.path.join(ROOT, "bench", "lighthouse.json"), "w") as f:
        json.dump(results, f, indent=2, sort_keys=True)
        f.write("\n")
    below = [
        (p, k, v) for p, r in results.items() for k, v in r.items() if k in BARS and isinstance(v, int) and v < BARS[k] * 100
    ]
    for page, key, value in below:
        print(f"below the bar: {page} {key} {value}")
    return 1 if below or any(k.startswith("error") for r in results.values() for k in r) else 0


if __name__ == "__main__":
    sys.exit(main())
