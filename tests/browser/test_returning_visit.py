"""The returning player: on a slow link the second visit's engine is ready sooner than the first's.
The first visit starts Python the plain way (the link is too slow for the snapshot's download to
pay); once its engine is idle, the service worker keeps the snapshot, and the next visit starts from
it, downloading nothing of the runtime. (The aim of 2 s is `make bench`'s to measure, on every
profile: timed beside the rest of the suite on this 2-core machine, the same visit took 1.8-2.9 s,
so here the returning visit is held to a share of the first, which the load slows alike.)

The link is made at the server (bench/network.py, `Link`), so that it holds for the page, its engine
worker and the service worker alike; 20 Mbit/s with 40 ms round trips keeps the test short (the
snapshot's background download takes a few seconds) while staying under the rate at which the worker
downloads the snapshot at once."""

import re

import pytest
from playwright.sync_api import expect

from bench.network import serve_gzipped
from bench.throttle import Link
from engine import game_ids
from widgets.render.renderer import renderer

pytestmark = pytest.mark.browser

GAME = next(g for g in game_ids() if renderer(g).editor)
RETURN_SHARE = 0.6  # of the first visit's seconds to "ready"

# Seconds from the navigation's start to the engine's readiness, in the page's own clock.
READY_S = "window.__kikoto.state().readyAt / 1000"


@pytest.fixture
def slow_server(built_site):
    assert built_site["returncode"] == 0, built_site["log"]
    server, url = serve_gzipped(str(built_site["dir"]))
    server.link = Link(40, 20e6 / 8)
    server.requests = []
    yield server, url
    server.shutdown()


# When the theme's script mounted (it sets window.component$), in the page's clock.
THEME_AT = """
Object.defineProperty(window, "component$", { configurable: true, set(value) {
  window.__themeAt = performance.now();
  Object.defineProperty(window, "component$", { value, writable: true, configurable: true });
} });
"""


def visit(page, url):
    page.goto(f"{url}en/{GAME}/ask/", wait_until="commit")
    page.wait_for_function("window.__kikoto !== undefined")  # kikoto.js listens for the first move
    page.mouse.move(100, 400)  # the reader's first move, on the editor: the theme's script is asked for
    page.wait_for_function("window.__kikoto && window.__kikoto.state().state === 'ready'", timeout=120_000, polling=50)
    return page.evaluate(READY_S), page.evaluate("window.__kikoto.state()")


def test_the_returning_visit_is_ready_sooner(watched, slow_server):
    server, slow_site_url = slow_server
    w = watched(origin=slow_site_url, service_workers="allow", viewport={"width": 375, "height": 800})
    first_s, first = visit(w.page, slow_site_url)
    assert (first["bootFrom"], first["bootChoice"]) == ("start", "plain"), first
    assert sorted(first["unpacked"]) == ["stdlib", "wheel"], first
    # the page stays open until its engine is idle and the service worker has kept the fast start
    w.page.wait_for_function("window.__kikoto.state().kept === 'done'", timeout=120_000, polling=200)
    kept_at = len(server.requests)
    # then the next visit's start is rehearsed (engine.mjs, rehearse) from what the service worker kept
    w.page.wait_for_function("window.__kikoto.state().rehearsal === 'done'", timeout=120_000, polling=200)
    rehearsed = [path for path, _ in server.requests[kept_at:]]
    assert not [p for p in rehearsed if re.search(r"\.zst\b|/pyodide/|snapshot-", p)], rehearsed
    w.page.wait_for_function("window.__kikoto.state().site === 'done'", timeout=120_000, polling=200)
    w.page.close()
    page = w.context.new_page()
    page.add_init_script(THEME_AT)
    del server.requests[:]
    again_s, again = visit(page, slow_site_url)
    print(f"engine ready: first visit {first_s:.2f} s ({first['bootFrom']}), returning {again_s:.2f} s ({again['bootFrom']})")
    assert (again["bootFrom"], again["bootChoice"]) == ("snapshot", "cached"), again
    # started from the page's head, its wasm through the service worker (whose compiled code Chromium
    # keeps beside the cached response; these tests run V8's baseline compiler only, so none is kept)
    assert (again["startedBy"], again["wasmFrom"]) == ("head", "sw"), again
    # the library and the wheel read as the first visit's start unpacked them (nothing to unpack again)
    assert again["unpacked"] == [], again
    assert again_s <= RETURN_SHARE * first_s, f"returning visit ready in {again_s:.2f} s, the first in {first_s:.2f} s"
    # the theme's script, asked for by the first move, came once the engine was ready (theme.mjs)
    page.wait_for_function("window.__themeAt !== undefined", timeout=30_000)
    assert page.evaluate("window.__themeAt") >= page.evaluate("window.__kikoto.state().readyAt")
    # the page's request left as the service worker started (navigation preload), and nothing named
    # by its content, nor the engine's runtime, came over the link again
    page_requests = [headers for path, headers in server.requests if path.startswith(f"/en/{GAME}/ask/")]
    assert page_requests and all("Service-Worker-Navigation-Preload" in h for h in page_requests), page_requests
    again_paths = [path for path, _ in server.requests]
    assert not [p for p in again_paths if re.search(r"\.[0-9a-f]{8}\.min\.(js|css)$|\.zst\b|/pyodide/", p)], again_paths
    expect(page.locator(".kikoto-ed").first).to_be_visible()
    # an engine started from the kept copies leaves Chromium's compiled code itself: no rehearsal
    # (decided in the same turn as `kept`)
    page.wait_for_function("window.__kikoto.state().kept === 'done'", timeout=120_000, polling=200)
    assert page.evaluate("window.__kikoto.state().rehearsal") is None
    assert not w.errors and not w.foreign()
