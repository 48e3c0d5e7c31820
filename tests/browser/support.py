"""The browser tests' fixtures (`browser`, `watched`) and helpers: a pytest plugin loaded by
tests/conftest.py, so the shared browser tests (tests/browser/) and each game's own
(tests/<game package>/test_*_site.py) use the same ones."""

import json
import os
import time
import urllib.parse

import pytest

from tests.conftest import ROOT, game_tests

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = os.path.join(ROOT, "artifacts")
# The browser tests check what the pages do, not how fast: the engine's WebAssembly runs on V8's
# baseline compiler only, so the optimising one does not spend CPU on every test's fresh worker.
# What is timed (tests/browser/test_speed.py, bench) uses ARGS.
TEST_ARGS = ARGS + ["--js-flags=--liftoff-only"]


def launch(p, args):
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    return p.chromium.launch(executable_path=CHROMIUM, args=args)


@pytest.fixture(scope="session")
def playwright_driver():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_driver):
    b = launch(playwright_driver, TEST_ARGS)
    yield b
    b.close()


# Added with page.add_init_script: every CSP violation the page meets, in window.__csp.
CSP_WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(e.violatedDirective + " " + e.blockedURI));
"""


# True once the theme's script has mounted: it waits for the reader's first move (kikoto.js, loadTheme).
THEME_MOUNTED = "window.component$ !== undefined"


def type_search(page, query):
    """Types `query` into the theme's search box until results show: the theme ignores a query
    typed before its index is ready."""
    box = page.locator(".md-search__input")
    for _ in range(15):
        box.fill("")
        box.press_sequentially(query, delay=20)
        try:
            page.wait_for_selector(".md-search-result__item", timeout=2_000)
            break
        except Exception:
            continue


class Watched:
    """A page that records every request, so a test can prove none left the site's origin."""

    def __init__(self, context, site_url):
        self.context = context
        self.page = context.new_page()
        self.origin = urllib.parse.urlsplit(site_url).netloc
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        # Worker requests (Pyodide, the wheel) go through the context too.
        context.on("request", lambda r: self.requests.append(r.url))

    def foreign(self) -> list[str]:
        return [
            u for u in self.requests if not u.startswith(("data:", "blob:")) and urllib.parse.urlsplit(u).netloc != self.origin
        ]


@pytest.fixture
def watched(browser, site_url):
    def make(**kw):
        # page.wait_for_function(<string>) evaluates with eval(), which the site's CSP forbids.
        # Tests that wait that way run with the CSP bypassed; the CSP itself is exercised with
        # bypass_csp=False by test_every_page.py and test_foundation_live.py.
        kw.setdefault("bypass_csp", True)
        # page.route() does not see requests a service worker answers, so tests that need the
        # service worker (offline, caching) ask for it with service_workers="allow".
        kw.setdefault("service_workers", "block")
        origin = kw.pop("origin", site_url)  # plain_site_url for a test on the site as most hosts serve it
        ctx = browser.new_context(**kw)
        made.append(ctx)
        return Watched(ctx, origin)

    made = []
    yield make
    for ctx in made:
        ctx.close()


def wait_answers(page, index, n, timeout=120_000):
    """Waits until the index-th island on the page has had n live answers.
    A locator assertion polls from Playwright's side, so it works under the site's CSP
    (page.wait_for_function(<string>) would need eval())."""
    from playwright.sync_api import expect

    expect(page.locator(".kikoto").nth(index)).to_have_attribute("data-answers", str(n), timeout=timeout)


def play_to_the_end(island, seats=3, timeout=120_000):
    """A sandbox with every seat random, played to the game's end: (moves, seconds, the end's text)."""
    from playwright.sync_api import expect

    started = time.monotonic()
    for seat in range(seats):
        island.locator(f"input[name='auto.{seat}']").check()
    expect(island.locator(".kikoto-play")).to_have_attribute("data-over", "true", timeout=timeout)
    elapsed = time.monotonic() - started
    return (int(island.locator(".kikoto-play").get_attribute("data-moves")), elapsed, island.locator(".kikoto-over").inner_text())


def wait_shared(page, index=0, timeout=10_000):
    """Waits until a sandbox's link (the address bar) is at its last answer: it is written just after."""
    from playwright.sync_api import expect

    island = page.locator(".kikoto").nth(index)
    expect(island).to_have_attribute("data-shared", island.get_attribute("data-answers"), timeout=timeout)


def island_index(page, selector):
    """The position among the page's islands of the one containing `selector`."""
    return page.evaluate(
        "(sel) => [...document.querySelectorAll('.kikoto')].indexOf(document.querySelector(sel).closest('.kikoto'))", selector
    )


def screenshot(page, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    page.screenshot(path=os.path.join(ARTIFACTS, name), full_page=True)


def open_island(page, url, selector):
    """Opens `url` and finds the island that contains `selector`: (its index, its locator)."""
    page.goto(url)
    i = island_index(page, selector)
    return i, page.locator(".kikoto").nth(i)


def step_to(island, n):
    """Clicks the shown card's button to step `n`; returns the card now shown, checked to be step n."""
    from playwright.sync_api import expect

    island.scroll_into_view_if_needed()  # an island is wired when it comes into view: a click before is lost
    expect(island).to_have_attribute("data-wired", "1")
    island.locator(f".kikoto-card[data-current] button[data-step='{n}']").click()
    card = island.locator(".kikoto-card[data-current]")
    assert card.get_attribute("data-card") == str(n)
    return card


def flip_case_reading(page, index, island, option, value):
    """A case whose answer is "legal": opens its own readings, sets `option` to `value` (a JSON
    value) and waits for the live answer."""
    assert island.locator(".kikoto-verdict").get_attribute("data-legal") == "true"
    island.locator("details.kikoto-case-readings").evaluate("d => { d.open = true; }")
    island.locator(f"select[name='options.{option}']").select_option(json.dumps(value))
    wait_answers(page, index, 1)


def assert_stepped_from_the_page(watched_page, island):
    """The steps were in the page: no engine was asked, no script failed, nothing left the site."""
    assert island.get_attribute("data-answers") is None
    assert not watched_page.errors and not watched_page.foreign()


def live_scenario():
    """The live widget the shared browser tests use: the scenario of the first game (in the registry's
    order) whose tests bring one (tests/<game package>/live_scenario.py), with its `game` and `url(lang_dir)`."""
    from types import SimpleNamespace

    from engine import game_ids

    for game in game_ids():
        module = game_tests(game, "live_scenario")
        if module is None:
            continue
        values = {k: v for k, v in vars(module).items() if k.isupper()}
        return SimpleNamespace(game=game, url=lambda lang_dir="": f"{lang_dir}{game}/{module.PAGE}/", **values)
    raise LookupError("no game brings tests/<package>/live_scenario.py")
