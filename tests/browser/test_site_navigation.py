"""The language switcher keeps the page; search answers in both languages; the page's colour
scheme follows the palette toggle, and the theme's start-up leaves the root's class alone."""

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
def test_the_palette_toggle(watched, site_url, system, other):
    """The page is painted in the system's palette until the reader picks one; the toggle (by click
    or Enter) switches the palette and the page's colour scheme (the one color-scheme meta, written
    before the first paint), and the choice is kept over a reload."""
    w = watched(color_scheme=system, bypass_csp=False)
    page = w.page
    page.add_init_script(CSP_WATCH)
    state = """() => ({meta: [...document.querySelectorAll('meta[name=color-scheme]')].map(m => m.content),
                       body: getComputedStyle(document.body).colorScheme,
                       scheme: document.body.dataset.mdColorScheme,
                       saved: localStorage.getItem(__md_scope.pathname + '.__palette')})"""
    scheme = {"light": "default", "dark": "slate"}
    page.goto(site_url + "black-fleet/rules/", wait_until="load")
    assert page.evaluate(state) == {"meta": [system], "body": system, "scheme": scheme[system], "saved": None}
    page.click("[data-kikoto-palette] label:not([hidden])")
    after = page.evaluate(state)
    assert (after["meta"], after["body"], after["scheme"]) == ([other], other, scheme[other]) and after["saved"]
    page.reload(wait_until="load")  # the saved choice, against the system's
    reloaded = page.evaluate(state)
    assert reloaded["meta"] == [other] and reloaded["body"] == other
    page.focus("#__palette_0")  # as Tab would reach the toggle
    page.keyboard.press("Enter")
    back = page.evaluate(state)
    assert back["meta"] == [system] and back["body"] == system
    assert page.locator("[data-kikoto-palette] label:not([hidden])").count() == 1
    assert page.evaluate("window.__csp") == []
    assert not w.errors and not w.foreign()


def test_the_theme_start_up_leaves_the_root_class_alone(watched, site_url):
    """Any change of <html>'s class restyles the whole page (the theme's `table:not([class])`
    selectors hang on every class attribute), so the head sets what the theme's script would."""
    w = watched()
    w.page.add_init_script("""
      window.__root = [];
      new MutationObserver((records) => records.forEach((r) => {
        if (r.target === document.documentElement && document.body) window.__root.push([r.oldValue, r.target.className]);
      })).observe(document, {attributes: true, attributeFilter: ["class"], attributeOldValue: true, subtree: true});
    """)
    w.page.goto(site_url + "mare-balticum/rules/", wait_until="load")
    classes = w.page.evaluate("document.documentElement.className").split()
    assert "js" in classes and "js-focus-visible" in classes and "no-js" not in classes
    assert all(old == new for old, new in w.page.evaluate("window.__root")), w.page.evaluate("window.__root")
    assert not w.errors
