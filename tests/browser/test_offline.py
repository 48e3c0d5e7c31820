"""Warm start, the service worker's cache, and offline use ("Speed" and "Offline").

One visit to a page with a live island: the service worker (at the site root, one scope for
both languages) keeps the page, the theme's files, the Pyodide runtime and the engine wheel.
A second page (the other language) then starts the engine from that cache, and with the
network off a reload still shows the page and its widgets go live again.
"""

import json
import os

from engine import game_ids
from tests.browser.support import ARTIFACTS, THEME_MOUNTED, live_scenario, screenshot

LIVE = live_scenario()
PURPLE = LIVE.ISLAND
JS_PURPLE = f'document.querySelector("{PURPLE}")'

CACHED = """async () => {
  const names = await caches.keys();
  const count = async (prefix) => {
    const name = names.find((n) => n.startsWith(prefix));
    return name ? (await (await caches.open(name)).keys()).length : 0;
  };
  return {pyodide: await count("kikoto-pyodide-"), engine: await count("kikoto-engine-"),
          pages: await count("kikoto-pages"), names};
}"""


def live_answer(page, answers, timeout=180_000):
    """Edits the live widget (its `answers`-th answer) and returns the answer, checked to be live."""
    island = page.locator(PURPLE)
    island.locator(f"input[name='{LIVE.FIELD}']").fill(str(3 + answers))
    page.wait_for_function(f"{JS_PURPLE}.dataset.answers === '{answers}'", timeout=timeout)
    assert island.get_attribute("data-runtime").startswith("emscripten")
    return island.locator(LIVE.ANSWER).inner_text()


EDITED = LIVE.LIVE["4"]  # live_answer(page, 1)


def boot_ms(page):
    page.wait_for_function("window.__kikoto.state().state === 'ready'", timeout=180_000)
    return page.evaluate("window.__kikoto.state().bootMs")


def test_warm_start_begins_when_an_island_comes_into_view(watched, site_url):
    """The engine starts before any click once an island is near the screen; a page without
    islands starts nothing."""
    w = watched()
    w.page.goto(site_url)  # the home page: no islands
    w.page.wait_for_timeout(1500)
    assert not any(u.endswith("worker.mjs") for u in w.requests)
    assert w.page.evaluate("window.__kikoto.state().state") == "idle"
    w.page.goto(site_url + LIVE.url("en/"))
    w.page.locator(PURPLE).scroll_into_view_if_needed()
    assert boot_ms(w.page) > 0  # ready without a single click or key
    island = w.page.locator(PURPLE)
    assert island.get_attribute("data-answers") is None
    island.locator(f"input[name='{LIVE.FIELD}']").fill("4")
    w.page.wait_for_function(f"{JS_PURPLE}.dataset.answers === '1'", timeout=10_000)
    assert island.locator(LIVE.ANSWER).inner_text() == EDITED


def test_second_page_starts_from_cache_and_offline_reload_goes_live(watched, site_url):
    w = watched(service_workers="allow")
    page = w.page
    page.goto(site_url + LIVE.url("en/"))
    assert live_answer(page, 1) == EDITED
    cold = boot_ms(page)
    # The runtime, the wheel and the page are kept once the engine has started.
    page.wait_for_function(
        f"({CACHED})().then((c) => c.pyodide >= 5 && c.engine >= 1 && c.pages > 5)", timeout=120_000, polling=500
    )
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == site_url  # the site root: both languages

    # A second page, in the other language: the runtime comes from the service worker's cache.
    page.goto(site_url + LIVE.url())
    assert live_answer(page, 1) == EDITED
    cached = boot_ms(page)

    # Network off: the page reloads from the cache and its widget goes live again.
    w.context.set_offline(True)
    page.reload()
    assert page.locator(PURPLE).locator(LIVE.ANSWER).inner_text() == LIVE.STATIC  # static answer
    assert page.locator(".md-header").is_visible()  # the theme's CSS and JS came from the cache too
    # really offline: a URL nobody kept cannot be fetched
    assert page.evaluate("fetch('nothing-here.txt').then(() => 'fetched', () => 'failed')") == "failed"
    assert live_answer(page, 1) == EDITED
    offline = boot_ms(page)
    page.wait_for_function(THEME_MOUNTED)  # the theme's script, from the cache
    # the English page, visited first, also reloads offline
    page.goto(site_url + LIVE.url("en/"))
    assert live_answer(page, 1) == EDITED
    screenshot(page, "offline-en.png")
    w.context.set_offline(False)

    assert not w.foreign(), w.foreign()
    figures = {"boot_ms_cold": round(cold), "boot_ms_cached_second_page": round(cached), "boot_ms_offline_reload": round(offline)}
    print("service worker figures:", figures)
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(os.path.join(ARTIFACTS, "service-worker.json"), "w") as f:
        json.dump(figures, f)


KEPT_ALL = """() => new Promise((done) => {
  navigator.serviceWorker.addEventListener("message", (e) => e.data.type === "kept" && e.data.all && done(true));
  dispatchEvent(new Event("appinstalled"));  // what Chromium fires once the reader installed the site
})"""


def test_the_installed_site_is_live_offline(watched, site_url):
    """Installable (Chromium's own check of the manifest, icons and service worker finds nothing
    missing, in both languages); once installed, the service worker keeps every page and the runtime,
    so pages the reader never opened open offline and go live."""
    w = watched(service_workers="allow")
    page = w.page
    cdp = w.context.new_cdp_session(page)
    for path, lang in (("en/", "en"), ("", "hu")):
        page.goto(site_url + path)
        page.wait_for_function("navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready", timeout=30_000)
        manifest = cdp.send("Page.getAppManifest")
        assert not manifest["errors"], manifest["errors"]
        parsed = json.loads(manifest["data"])
        assert manifest["url"] == site_url + path + "manifest.webmanifest"
        assert parsed["lang"] == lang and parsed["display"] == "standalone"
        assert page.evaluate("(u) => fetch(u).then((r) => r.ok)", site_url + path + parsed["start_url"])
        for icon in parsed["icons"]:
            assert page.evaluate("(u) => fetch(u).then((r) => r.ok)", site_url + path + icon["src"]), icon
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()  # now under the service worker's control, as an installed app's page is
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    # (Playwright's contexts are incognito ones, where Chromium installs nothing: that one error aside)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
    assert page.evaluate(KEPT_ALL)
    w.context.set_offline(True)
    other = next(g for g in game_ids() if g != LIVE.game)
    for path in (f"en/{other}/rules/", "", "en/"):
        page.goto(site_url + path)  # never opened before
        assert page.locator(".md-header").is_visible()
    page.goto(site_url + LIVE.url())
    assert live_answer(page, 1) == EDITED
    w.context.set_offline(False)
    assert not w.foreign(), w.foreign()


# Every page reachable through the navigation (the sidebar's links and the language switcher), followed
# from `start` with fetch: [page URL, the status its fetch got, whether it is the site's page (its
# header), and its links].
CRAWL = """async (start) => {
  const seen = new Map(), todo = [start];
  while (todo.length) {
    const url = todo.shift();
    if (seen.has(url)) continue;
    let got = [0, false];
    try {
      const r = await fetch(url);
      const doc = new DOMParser().parseFromString(await r.text(), "text/html");
      const links = [...doc.querySelectorAll("a.md-nav__link[href], a.md-select__link[href]")]
        .map((a) => new URL(a.getAttribute("href"), url)).filter((u) => u.origin === location.origin)
        .map((u) => u.href.split("#")[0]);
      got = [r.status, !!doc.querySelector(".md-header")];
      todo.push(...links);
    } catch {}
    seen.set(url, got);
  }
  return [...seen.entries()];
}"""


def test_after_visiting_the_home_page_every_page_opens_offline(watched, site_url, built_site):
    """The site is small: once the home page has been open a moment, the service worker has kept every
    page and what pages use, so offline the whole navigation opens, in both languages."""
    w = watched(service_workers="allow")
    page = w.page
    page.goto(site_url)
    page.wait_for_function("window.__kikoto.state().site === 'done'", timeout=120_000, polling=500)
    w.context.set_offline(True)
    assert page.evaluate("fetch('nothing-here.txt').then(() => 'fetched', () => 'failed')") == "failed"  # offline
    reached = dict(page.evaluate(CRAWL, site_url))
    assert all(got == [200, True] for got in reached.values()), {u: g for u, g in reached.items() if g != [200, True]}
    pages = {
        site_url + str(p.relative_to(built_site["dir"])).removesuffix("index.html")
        for p in built_site["dir"].rglob("*.html")
        if p.name != "404.html"
    }
    assert pages <= set(reached), sorted(pages - set(reached))
    # and opened, as a reader opens them: a page of each kind, in each language, with the theme's look
    for url in sorted(u for u in pages if u.endswith(("/rules/", "/ask/")) and LIVE.game in u) + [site_url, site_url + "en/"]:
        page.goto(url)
        assert page.locator(".md-header").is_visible() and page.locator(".md-sidebar").count(), url
    w.context.set_offline(False)
    assert not w.foreign(), w.foreign()


def test_the_service_worker_keeps_every_page_and_what_pages_use(built_site):
    """What sw.js keeps for offline reading (widgets/build/offline.py, site_files): every page, the
    theme's styles and scripts, each language's search, the page script; not the runtime (kept once an
    engine has started), the source maps, nor the other languages' stemmers."""
    import re

    site = built_site["dir"]
    text = (site / "sw.js").read_text(encoding="utf-8")
    kept = set(json.loads(re.search(r"const PAGES = (\[.*?\])\.map", text).group(1)))
    pages = {str(p.parent.relative_to(site)).replace(".", "") for p in site.rglob("index.html")}
    assert {p + "/" if p else "./" for p in pages} <= kept
    for found in ("assets/stylesheets/main.*.css", "assets/javascripts/bundle.*.js", "assets/javascripts/workers/search.*.js"):
        assert {str(p.relative_to(site)) for p in site.glob(found)} <= kept, found
    assert {
        "search/search_index.json",
        "en/search/search_index.json",
        "assets/kikoto/kikoto.js",
        "assets/kikoto/kikoto.css",
    } <= kept
    assert "assets/javascripts/lunr/min/lunr.hu.min.js" in kept and "assets/javascripts/lunr/min/lunr.de.min.js" not in kept
    assert not [k for k in kept if k.endswith(".map") or "/pyodide/" in k or "snapshot" in k or k.endswith(".whl")]
