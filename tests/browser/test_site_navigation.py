"""The language switcher keeps the page; search answers in both languages; the page's colour
scheme follows the palette."""

import pytest

from tests.browser.conftest import CSP_WATCH


def test_language_switcher_goes_to_the_same_page(watched, site_url):
    w = watched()
    w.page.goto(site_url + "en/mare-balticum/rules/")
    link = w.page.locator(".md-select a[hreflang='hu']")
    href = link.get_attribute("href")
    w.page.goto(site_url + "en/mare-balticum/rules/" + href if not href.startswith("/") else site_url + href[1:])
    assert w.page.url.endswith("/mare-balticum/rules/") and "/en/" not in w.page.url
    assert w.page.locator("h1").inner_text().startswith("Mare Balticum — szabályok")


@pytest.mark.parametrize("path,query,expect", [("", "borostyán", "MB-11.3"), ("en/", "amber", "MB-11.3")])
def test_search(watched, site_url, path, query, expect):
    w = watched()
    w.page.goto(site_url + path)
    box = w.page.locator(".md-search__input")
    box.click()
    # The theme ignores a query typed before its index is ready, so type again until it answers.
    for _ in range(15):
        box.fill("")
        box.press_sequentially(query, delay=20)
        try:
            w.page.wait_for_selector(".md-search-result__item", timeout=2_000)
            break
        except Exception:
            continue
    assert expect in w.page.locator(".md-search-result").inner_text()
    assert not w.foreign()


@pytest.mark.parametrize("system,other", [("light", "dark"), ("dark", "light")])
def test_the_page_colour_scheme_follows_the_palette(watched, site_url, system, other):
    """The first color-scheme meta (the one the browser uses) is written before the first paint
    (overrides/main.html), so the theme's own, added later, does not restyle the page again; it
    must still say what the palette shows: the system's choice, the toggle's, and the saved one."""
    w = watched(color_scheme=system, bypass_csp=False)
    page = w.page
    page.add_init_script(CSP_WATCH)
    first = "document.querySelector('meta[name=color-scheme]').content"
    page.goto(site_url + "black-fleet/rules/", wait_until="load")
    assert page.evaluate(first) == system
    assert page.evaluate("getComputedStyle(document.body).colorScheme") == system
    page.click("[data-md-component=palette] label:not([hidden])")
    for _ in range(50):  # kikoto.js follows on the next frame (no wait_for_function under the CSP)
        if page.evaluate(first) == other:
            break
        page.wait_for_timeout(50)
    assert page.evaluate(first) == other
    page.reload(wait_until="load")  # the saved choice, against the system's
    assert page.evaluate(first) == other
    assert page.evaluate("getComputedStyle(document.body).colorScheme") == other
    assert page.evaluate("window.__csp") == []
    assert not w.errors and not w.foreign()
