"""Worker faults, kept text and untrusted text, in a real browser.

The worker is replaced (page.route) by small scripts that misbehave in one way each: throw
after "ready", never answer, never finish starting. A real worker is also killed from the
page. Each time the island says so in the reader's language and offers a retry, the rest of
the page keeps working, and the retry brings the real engine back.
"""

import json

import pytest

from tests.browser.support import live_scenario, screenshot

LIVE = live_scenario()
PURPLE = LIVE.ISLAND
FIELD = f"input[name='{LIVE.FIELD}']"
JS_PURPLE = f'document.querySelector("{PURPLE}")'
CASE = ".kikoto:has(textarea[name='case'])"
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


def test_case_editor_text_survives_a_reload(watched, site_url):
    w = watched()
    fake_worker(w.page, SILENT)  # the engine is not what this test is about
    url = case_page(site_url, "en")
    w.page.goto(url)
    island = w.page.locator(CASE).first
    island.locator("details.kikoto-editor summary").click()
    editor = island.locator("textarea[name='case']")
    original = editor.input_value()
    typed = original.replace('"type"', '"note_for_later": "my edit",\n "type"', 1)
    editor.fill(typed)
    # A fresh load of the page (not the browser's own form restoration on reload).
    page2 = w.context.new_page()
    page2.goto(url)
    island2 = page2.locator(CASE).first
    assert island2.locator("textarea[name='case']").input_value() == typed
    assert island2.locator("details.kikoto-editor").get_attribute("open") is not None
    assert "restored" in island2.locator(".kikoto-restored").inner_text()
    # Put back as it was: nothing is kept any more.
    island2.locator("textarea[name='case']").fill(original)
    page3 = w.context.new_page()
    page3.goto(url)
    assert page3.locator(CASE).first.locator("textarea[name='case']").input_value() == original
    assert page3.locator(".kikoto-restored").count() == 0


@pytest.mark.parametrize("lang", ["hu", "en"])
def test_html_typed_into_a_case_editor_is_shown_as_text(watched, site_url, lang):
    w = watched()
    seen = dialogs(w.page)
    w.page.goto(case_page(site_url, lang))
    island = w.page.locator(CASE).first
    island.locator("details.kikoto-editor summary").click()
    editor = island.locator("textarea[name='case']")
    case = json.loads(editor.input_value())
    case["action"] = {**case["action"], "type": EVIL, "port": EVIL, "species": EVIL}
    editor.fill(json.dumps(case))
    island.locator("button[data-ask]").click()
    wait(w.page, f"{JS_CASE}.dataset.answers === '1'", 180_000)
    assert island.get_attribute("data-runtime").startswith("emscripten")
    out = island.locator(".kikoto-output")
    assert EVIL in out.inner_text()  # shown, as text
    # an unknown action type is bad input, named as such (not a verdict)
    assert island.locator(".kikoto-error").get_attribute("data-field") == "action.type"
    w.page.wait_for_timeout(300)
    assert w.page.locator("img[src='x']").count() == 0
    assert not seen, seen
    assert not w.errors, w.errors
    assert not w.foreign()
