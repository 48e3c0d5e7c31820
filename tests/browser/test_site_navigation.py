"""The language switcher keeps the page; search answers in both languages; the page's colour
scheme follows the palette toggle, and the theme's start-up leaves the root's class alone; the
theme's script waits for the reader's first move, and nothing it does is lost meanwhile."""

import pytest

from engine import game_ids
from tests.browser.support import CSP_WATCH, THEME_MOUNTED, live_scenario, type_search
from tests.conftest import ROOT

SITE = live_scenario()  # its rules page, and a word to search for
OTHER = next(g for g in game_ids() if g != SITE.game)


def hu_title(game_id: str) -> str:
    """The Hungarian rules page's first heading."""
    with open(f"{ROOT}/docs/{game_id}/rules.hu.md", encoding="utf-8") as f:
        return next(line[2:].strip() for line in f if line.startswith("# "))


def test_language_switcher_goes_to_the_same_page(watched, site_url):
    w = watched()
    w.page.goto(site_url + SITE.url("en/"))
    link = w.page.locator(".md-select a[hreflang='hu']")
    href = link.get_attribute("href")
    w.page.goto(site_url + SITE.url("en/") + href if not href.startswith("/") else site_url + href[1:])
    assert w.page.url.endswith("/" + SITE.url()) and "/en/" not in w.page.url
    assert w.page.locator("h1").inner_text().startswith(hu_title(SITE.game))


def test_the_theme_asks_for_no_sitemap(watched, site_url):
    """The theme looks for sitemap.xml under each <link rel="alternate"> as it mounts (404s, since
    those point at pages): kikoto.js mounts it without them, and puts them back for crawlers."""
    w = watched()
    failed = []
    w.page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    w.page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
    w.page.goto(site_url + SITE.url("en/"))
    links = w.page.evaluate("[...document.querySelectorAll('link[rel=alternate]')].map((l) => l.outerHTML)")
    w.page.mouse.move(10, 10)  # the first move brings the theme's script
    w.page.wait_for_function(THEME_MOUNTED)
    w.page.wait_for_timeout(1000)
    assert not [u for u in w.requests if "sitemap" in u] and not failed, failed
    assert len(links) >= 2
    assert w.page.evaluate("[...document.querySelectorAll('link[rel=alternate]')].map((l) => l.outerHTML)") == links


@pytest.mark.parametrize("path,query,expect", [("", *SITE.SEARCH["hu"]), ("en/", *SITE.SEARCH["en"])])
def test_search(watched, site_url, path, query, expect):
    w = watched()
    w.page.goto(site_url + path)
    w.page.locator(".md-search__input").click()
    type_search(w.page, query)
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
    page.goto(site_url + f"{OTHER}/rules/", wait_until="load")
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
    w.page.goto(site_url + SITE.url(), wait_until="load")
    w.page.mouse.move(200, 300)  # the theme's script comes at the reader's first move
    w.page.wait_for_function(THEME_MOUNTED)
    classes = w.page.evaluate("document.documentElement.className").split()
    assert "js" in classes and "js-focus-visible" in classes and "no-js" not in classes
    assert all(old == new for old, new in w.page.evaluate("window.__root")), w.page.evaluate("window.__root")
    assert not w.errors


def test_the_theme_script_waits_for_the_readers_first_move(watched, site_url):
    """Until the reader scrolls, taps, types or moves the pointer the page runs none of the
    theme's script (nor fetches it); the first scroll brings it, and it mounts as at load: the
    header shows the page's title once the title has scrolled away."""
    w = watched(bypass_csp=False)
    page = w.page
    page.add_init_script(CSP_WATCH)
    theme = []
    page.on("request", lambda r: theme.append(r.url) if "/assets/javascripts/bundle." in r.url else None)
    page.goto(site_url + SITE.url("en/"), wait_until="load")
    page.wait_for_timeout(500)
    assert theme == [] and page.evaluate(THEME_MOUNTED) is False
    assert page.locator(".md-header__title--active").count() == 0
    page.mouse.wheel(0, 1500)
    page.locator(".md-header__title--active").wait_for(timeout=10_000)
    assert page.evaluate(THEME_MOUNTED) and len(theme) == 1
    page.mouse.wheel(0, 1500)  # later moves load nothing more
    page.wait_for_timeout(300)
    assert len(theme) == 1
    assert page.evaluate("window.__csp") == [] and not w.errors and not w.foreign()


def test_a_first_key_reaches_the_theme(watched, site_url):
    """The key that brought the theme's script is sent again once it listens: "/" opens search."""
    w = watched(viewport={"width": 1300, "height": 800})
    w.page.goto(site_url + SITE.url(), wait_until="load")
    w.page.keyboard.press("/")
    w.page.wait_for_function("document.activeElement.matches('.md-search__input')", timeout=10_000)
    assert not w.errors


def test_a_phone_search_tapped_before_the_theme_came(watched, site_url):
    """On a phone the search button opens the search box without the theme's script (a checkbox);
    the tap brings the script, which then gets the query's focus, and the search answers."""
    w = watched(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    page = w.page
    page.goto(site_url + SITE.url("en/"), wait_until="load")
    page.tap("label.md-header__button[for=__search]")
    page.wait_for_function("document.activeElement.matches('.md-search__input')", timeout=10_000)
    word, rule = SITE.SEARCH["en"]
    type_search(page, word)
    assert rule in page.locator(".md-search-result").inner_text()
    assert not w.errors


def test_a_search_link_loads_the_theme_at_once(watched, site_url):
    """A search deep link (?q=) and a result's link (?h=, the words to highlight) need the
    theme's script without any move of the reader."""
    w = watched()
    word = SITE.SEARCH["en"][0]
    w.page.goto(site_url + f"en/?q={word}")
    w.page.wait_for_selector(".md-search-result__item", timeout=20_000)
    w.page.goto(site_url + SITE.url("en/") + f"?h={word}")
    w.page.wait_for_selector("article mark", timeout=20_000)
    assert not w.errors
