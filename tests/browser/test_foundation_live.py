"""The first live slice in a real browser (Debian Chromium), in both languages."""

import pytest
from playwright.sync_api import expect

from tests.browser.support import live_scenario, screenshot

LIVE = live_scenario()
PAGES = [("hu", LIVE.url()), ("en", LIVE.url("en/"))]
PURPLE = LIVE.ISLAND
FIELD = f"input[name='{LIVE.FIELD}']"


def wait(page, attribute, value, timeout=30_000):
    # Playwright's expect polls without eval(), so these tests run under the site's real CSP.
    expect(page.locator(PURPLE)).to_have_attribute(attribute, value, timeout=timeout)


@pytest.mark.parametrize("lang,path", PAGES)
def test_static_answer_without_javascript(watched, site_url, lang, path):
    w = watched(java_script_enabled=False)
    w.page.goto(site_url + path)
    total = w.page.locator(PURPLE).locator(LIVE.ANSWER)
    assert total.inner_text() == LIVE.STATIC
    assert not w.foreign()


@pytest.mark.parametrize("lang,path", PAGES)
def test_live_answer_comes_from_pyodide(watched, plain_site_url, lang, path):
    # (served as most hosts do: the worker unpacks the packed runtime itself)
    w = watched(bypass_csp=False, origin=plain_site_url)
    w.page.goto(plain_site_url + path)
    island = w.page.locator(PURPLE)
    # The static answer as served (the theme's script later wraps tables in the live DOM).
    static_html = w.page.evaluate(
        """async () => new DOMParser()
        .parseFromString(await (await fetch(location.href)).text(), "text/html")
        .querySelector(`${sel} .kikoto-output`).innerHTML""".replace("${sel}", PURPLE)
    )

    # Unchanged input first: the live answer must equal the static one.
    island.locator(f"select[name='{LIVE.SAME[0]}']").select_option(LIVE.SAME[1])
    wait(w.page, "data-answers", "1", 120_000)
    assert island.locator(".kikoto-output").inner_html() == static_html

    # A change: the live answer follows it.
    island.locator(FIELD).fill("4")
    wait(w.page, "data-answers", "2")
    assert island.locator(LIVE.ANSWER).inner_text() == LIVE.LIVE["4"]
    # The answer came from Python running on WebAssembly in the worker, not from JavaScript:
    assert island.get_attribute("data-runtime").startswith("emscripten 3.")
    assert any(u.endswith("pyodide.asm.wasm.zst") for u in w.requests)  # packed (widgets/build/packed.py)
    assert any(".whl.zst" in u for u in w.requests)
    # Bad input: an error naming the field, in the page's language; the form keeps what was typed.
    name, value, field, words = LIVE.BAD
    island.locator(f"select[name='{name}']").select_option(value)
    wait(w.page, "data-answers", "3")
    error = island.locator(".kikoto-error")
    assert error.get_attribute("data-field") == field
    assert words[lang] in error.inner_text()
    assert island.locator(FIELD).input_value() == "4"

    assert not w.errors, w.errors
    assert not w.foreign(), w.foreign()
    screenshot(w.page, f"foundation-{lang}.png")


@pytest.mark.parametrize("fault", ["no-webassembly", "worker-script-fails"])
def test_engine_failure_is_reported_and_static_answer_stays(watched, site_url, fault):
    w = watched(bypass_csp=False)
    if fault == "no-webassembly":
        w.page.add_init_script("delete window.WebAssembly")
    else:
        w.page.route(
            "**/worker.mjs",
            lambda route: route.fulfill(status=200, content_type="text/javascript", body="throw new Error('boom')"),
        )
    w.page.goto(site_url + LIVE.url("en/"))
    island = w.page.locator(PURPLE)
    island.locator(FIELD).fill("5")
    wait(w.page, "data-live", "failed", 60_000)
    assert "could not start" in island.locator(".kikoto-status").inner_text()
    assert island.locator(LIVE.ANSWER).inner_text() == LIVE.STATIC
    assert island.locator(FIELD).input_value() == "5"
