"""Every page: zero CSP violations and zero requests to other origins; axe-core finds no serious
or critical accessibility problem on one page per game in both languages.

Each game's pages are a test of their own, its id in the test's (`-k <game>` selects them); the pages
of no game (the home pages, the contributors' pages) are the `site` one."""

import os

import pytest

from engine import game_ids
from tests.browser.support import CSP_WATCH
from tests.conftest import ROOT

SITE = "site"
PARTS = [SITE, *game_ids()]


def part_of(rel: str) -> str:
    """The game a page belongs to (its folder, under a language's folder or not), else SITE."""
    return next((s for s in rel.split("/")[:2] if s in PARTS[1:]), SITE)


def pages(built_site, part: str):
    for path in sorted(built_site["dir"].rglob("index.html")):
        rel = path.parent.relative_to(built_site["dir"]).as_posix()
        if rel.startswith(("assets", "search")):
            continue
        rel = "" if rel == "." else rel + "/"
        if part_of(rel) == part:
            yield rel


@pytest.mark.parametrize("part", PARTS)
def test_every_page_loads_with_no_csp_violation_and_no_foreign_request(watched, site_url, built_site, part):
    w = watched(bypass_csp=False)
    w.page.add_init_script(CSP_WATCH)
    seen = 0
    for rel in pages(built_site, part):
        w.page.goto(site_url + rel)
        w.page.wait_for_load_state("load")
        assert w.page.evaluate("window.__csp") == [], rel
        assert w.page.locator("meta[http-equiv='Content-Security-Policy']").count() == 1, rel
        seen += 1
    assert seen >= 10
    assert not w.errors, w.errors
    assert not w.foreign(), w.foreign()


AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("lang_dir", ["", "en/"])
def test_axe_finds_no_serious_problem(watched, site_url, lang_dir, part):
    """The home page (SITE), a game's rules page."""
    with open(AXE, encoding="utf-8") as f:
        axe = f.read()
    w = watched(bypass_csp=True)  # axe is injected by the test, not part of the site
    rel = lang_dir if part == SITE else f"{lang_dir}{part}/rules/"
    w.page.goto(site_url + rel)
    w.page.evaluate(axe)
    result = w.page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))"
    )
    assert result == [], f"{rel}: {result}"
