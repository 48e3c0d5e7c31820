"""Worker faults and untrusted text, in a real browser.

The worker is replaced (page.route) by small scripts that misbehave in one way each: throw
after "ready", never answer, never finish starting. A real worker is also killed from the
page. Each time the island says so in the reader's language and offers a retry, the rest of
the page keeps working, and the retry brings the real engine back.
"""

import json

import pytest
from playwright.sync_api import expect

from tests.browser.support import live_scenario, screenshot

LIVE = live_scenario()
PURPLE = LIVE.ISLAND
FIELD = f"input[name='{LIVE.FIELD}']"
JS_PURPLE = f'document.querySelector("{PURPLE}")'
CASE = ".kikoto:has(.kikoto-case-readings)"
JS_CASE = f'document.querySelector("{CASE}")'
EVIL = "<img src=x onerror=alert(1)>"

THROWS = """postMessage({type: "ready", runtime: "fake", ms: 1});
onmessage = () => { throw new Error("boom after ready"); };"""
SILENT = """postMessage({type: "ready", runtime: "fake", ms: 1});
onmessage = () => {};"""
NEVER_READY = "onmessage = () => {};"
ANSWERS_HTML = """postMessage({type: "ready", runtime: "fake", ms: 1});
onmessage = (e) => postMessage({id: e.data.id, runtime: "fake",
  error: {code: "x", field: "", message: {hu: "<img src=x onerror=alert(1)>", en: "<img src=x onerror=alert(1)>"}}});"""

SHORT = "window.__kikoto = {limits: {boot: 3000, request: 2000}};"


def fake_worker(page, body):
    page.route("**/worker.mjs", lambda route: route.fulfill(status=200, content_type="text/javascript", body=body))


def wait(page, js, timeout=30_000):
    page.wait_for_function(js, timeout=timeout)


def dialogs(page):
    seen = []
    page.on("dialog", lambda d: (seen.append(d.message), d.dismiss()))
    return seen


@pytest.mark.parametrize(
    "fault,lang,words",
    [
        ("crashed", "en", "The live engine stopped"),
        ("timeout", "hu", "nem válaszolt időben"),
        ("boot-timeout", "en", "did not answer in time"),
    ],
)
def test_worker_fault_is_reported_with_a_retry(watched, site_url, fault, lang, words):
    w = watched()
    w.page.add_init_script(SHORT)
    fake_worker(w.page, {"crashed": THROWS, "timeout": SILENT, "boot-timeout": NEVER_READY}[fault])
    w.page.goto(site_url + LIVE.url("en/" if lang == "en" else ""))
    island = w.page.locator(PURPLE)
    island.locator(FIELD).fill("5")
    wait(w.page, f"{JS_PURPLE}.dataset.live === 'failed'")
    assert island.get_attribute("data-fault") == ("timeout" if fault == "boot-timeout" else fault)
    status = island.locator(".kikoto-status")
    assert words in status.inner_text()
    retry = status.locator("button.kikoto-retry")
    assert retry.inner_text() == ("Retry" if lang == "en" else "Újraindítás")
    # The static answer and the reader's input stay; the rest of the page keeps working.
    assert island.locator(LIVE.ANSWER).inner_text() == LIVE.STATIC
    assert island.locator(FIELD).input_value() == "5"
    island.locator(f"input[name='{LIVE.OTHER_FIELD}']").fill("2")
    assert island.locator(f"input[name='{LIVE.OTHER_FIELD}']").input_value() == "2"
    assert w.page.locator(".md-header").is_visible()
    assert not w.errors, w.errors
    screenshot(w.page, f"fault-{fault}-{lang}.png")


def test_retry_after_a_kill_brings_the_real_engine_back(watched, site_url):
    """The worker dies without a word (as when its process is killed): the next request times
    out, the island offers a retry, and the retry starts a new worker that answers."""
    w = watched()
    w.page.goto(site_url + LIVE.url("en/"))
    island = w.page.locator(PURPLE)
    island.locator(FIELD).fill("4")
    wait(w.page, f"{JS_PURPLE}.dataset.answers === '1'", 180_000)
    assert island.locator(LIVE.ANSWER).inner_text() == LIVE.LIVE["4"]
    w.page.evaluate("window.__kikoto.limits.request = 2000; window.__kikoto.kill()")
    island.locator(FIELD).fill("3")
    wait(w.page, f"{JS_PURPLE}.dataset.live === 'failed'")
    assert island.get_attribute("data-fault") == "timeout"
    assert island.locator(LIVE.ANSWER).inner_text() == LIVE.LIVE["4"]  # the last live answer stays
    island.locator("button.kikoto-retry").click()
    wait(w.page, f"{JS_PURPLE}.dataset.answers === '2'", 180_000)
    assert island.locator(LIVE.ANSWER).inner_text() == LIVE.LIVE["3"]
    assert island.get_attribute("data-live") == "ready"
    assert island.get_attribute("data-runtime").startswith("emscripten")
    assert not w.errors, w.errors


def test_status_lines_show_engine_text_as_text(watched, site_url):
    w = watched()
    seen = dialogs(w.page)
    fake_worker(w.page, ANSWERS_HTML)
    w.page.goto(site_url + LIVE.url("en/"))
    island = w.page.locator(PURPLE)
    island.locator(FIELD).fill("5")
    wait(w.page, f"{JS_PURPLE}.dataset.answers === '1'")
    assert EVIL in island.locator(".kikoto-status").inner_text()
    assert w.page.locator("img[src='x']").count() == 0
    assert not seen


def case_page(site_url, lang):
    return site_url + ("en/" if lang == "en" else "") + f"{LIVE.game}/cases/"


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_html_chosen_in_a_case_reading_is_shown_as_text(watched, site_url, lang):
    """A case's one input is its readings: a choice whose value carries markup (a page tampered with)
    comes back as text, named as bad input."""
    w = watched()
    seen = dialogs(w.page)
    w.page.goto(case_page(site_url, lang))
    island = w.page.locator(CASE).first
    island.scroll_into_view_if_needed()  # an island is wired when it comes into view
    expect(island).to_have_attribute("data-wired", "1")
    select = island.locator(".kikoto-case-readings select").first
    name = select.get_attribute("name")
    select.evaluate(
        "(s, v) => { s.add(new Option(v, v)); s.value = v; s.dispatchEvent(new Event('input', { bubbles: true })); }",
        json.dumps(EVIL),
    )
    wait(w.page, f"{JS_CASE}.dataset.answers === '1'", 180_000)
    assert island.get_attribute("data-runtime").startswith("emscripten")
    out = island.locator(".kikoto-output")
    assert EVIL in out.inner_text()  # shown, as text
    # a choice the reading does not have is bad input, named as such (not a verdict)
    assert island.locator(".kikoto-error").get_attribute("data-field") == name
    w.page.wait_for_timeout(300)
    assert w.page.locator("img[src='x']").count() == 0
    assert not seen, seen
    assert not w.errors, w.errors
    assert not w.foreign()
