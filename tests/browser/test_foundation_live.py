"""The first live slice in a real browser (Debian Chromium), in both languages."""

import pytest
from playwright.sync_api import expect

from tests.browser.support import screenshot

PAGES = [("hu", "mare-balticum/rules/"), ("en", "en/mare-balticum/rules/")]
PURPLE = ".kikoto[data-spec*='scoring-purple']"
JS_PURPLE = f'document.querySelector("{PURPLE}")'


def wait(page, attribute, value, timeout=30_000):
    # Playwright's expect polls without eval(), so these tests run under the site's real CSP.
    expect(page.locator(PURPLE)).to_have_attribute(attribute, value, timeout=timeout)


@pytest.mark.parametrize("lang,path", PAGES)
def test_static_answer_without_javascript(watched, site_url, lang, path):
    w = watched(java_script_enabled=False)
    w.page.goto(site_url + path)
    total = w.page.locator(PURPLE).locator("[data-total]")
    assert total.inner_text() == "21"
    assert not w.foreign()


@pytest.mark.parametrize("lang,path", PAGES)
def test_live_answer_comes_from_pyodide(watched, site_url, lang, path):
    w = watched(bypass_csp=False)
    w.page.goto(site_url + path)
    island = w.page.locator(PURPLE)
    # The static answer as served (the theme's script later wraps tables in the live DOM).
    static_html = w.page.evaluate("""async () => new DOMParser()
        .parseFromString(await (await fetch(location.href)).text(), "text/html")
        .querySelector(`${sel} .kikoto-output`).innerHTML""".replace("${sel}", PURPLE))

    # Unchanged input first: the live answer must equal the static one.
    island.locator("select[name='companies.salmon']").select_option("3")
    wait(w.page, "data-answers", "1", 120_000)
    assert island.locator(".kikoto-output").inner_html() == static_html

    # A change: 4 salmon at 3 points instead of 3 -> 24.
    island.locator("input[name='warehouse.salmon']").fill("4")
    wait(w.page, "data-answers", "2")
    assert island.locator("[data-total]").inner_text() == "24"
    # The answer came from Python running on WebAssembly in the worker, not from JavaScript:
    assert island.get_attribute("data-runtime").startswith("emscripten 3.")
    assert any(u.endswith("pyodide.asm.wasm") for u in w.requests)
    assert any(".whl" in u for u in w.requests)
    # Bad input: an error naming the field, in the page's language; the form keeps what was typed.
    island.locator("select[name='companies.cod']").select_option("3")
    wait(w.page, "data-answers", "3")
    error = island.locator(".kikoto-error")
    assert error.get_attribute("data-field") == "input.companies"
    assert ("pontosan egy" if lang == "hu" else "exactly once") in error.inner_text()
    assert island.locator("input[name='warehouse.salmon']").input_value() == "4"

    assert not w.errors, w.errors
    assert not w.foreign(), w.foreign()
    screenshot(w.page, f"foundation-{lang}.png")


@pytest.mark.parametrize("fault", ["no-webassembly", "worker-script-fails"])
def test_engine_failure_is_reported_and_static_answer_stays(watched, site_url, fault):
    w = watched(bypass_csp=False)
    if fault == "no-webassembly":
        w.page.add_init_script("delete window.WebAssembly")
    else:
        w.page.route("**/worker.mjs", lambda route: route.fulfill(
            status=200, content_type="text/javascript", body="throw new Error('boom')"))
    w.page.goto(site_url + "en/mare-balticum/rules/")
    island = w.page.locator(PURPLE)
    island.locator("input[name='warehouse.salmon']").fill("5")
    wait(w.page, "data-live", "failed", 60_000)
    assert "could not start" in island.locator(".kikoto-status").inner_text()
    assert island.locator("[data-total]").inner_text() == "21"
    assert island.locator("input[name='warehouse.salmon']").input_value() == "5"
