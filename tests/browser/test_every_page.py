"""Every page: zero CSP violations and zero requests to other origins; axe-core finds no serious
or critical accessibility problem on one page per game in both languages."""

import os

import pytest

from tests.browser.support import CSP_WATCH
from tests.conftest import ROOT


def pages(built_site):
    for path in sorted(built_site["dir"].rglob("index.html")):
        rel = path.parent.relative_to(built_site["dir"]).as_posix()
        if rel.startswith(("assets", "search")):
            continue
        yield "" if rel == "." else rel + "/"


@pytest.mark.long
def test_every_page_loads_with_no_csp_violation_and_no_foreign_request(watched, site_url, built_site):
    w = watched(bypass_csp=False)
    w.page.add_init_script(CSP_WATCH)
    seen = 0
    for rel in pages(built_site):
        w.page.goto(site_url + rel)
        w.page.wait_for_load_state("load")
        assert w.page.evaluate("window.__csp") == [], rel
        assert w.page.locator("meta[http-equiv='Content-Security-Policy']").count() == 1, rel
        seen += 1
    assert seen >= 10
    assert not w.errors, w.errors
    assert not w.foreign(), w.foreign()


AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")


@pytest.mark.parametrize("lang_dir", ["", "en/"])
def test_axe_finds_no_serious_problem(watched, site_url, built_site, lang_dir):
    with open(AXE, encoding="utf-8") as f:
        axe = f.read()
    w = watched(bypass_csp=True)  # axe is injected by the test, not part of the site
    targets = [lang_dir] + [
        f"{lang_dir}{game}/rules/"
        for game in sorted(os.listdir(built_site["dir"] / (lang_dir or ".")))
        if (built_site["dir"] / (lang_dir or ".") / game / "rules" / "index.html").exists()
    ]
    for rel in targets:
        w.page.goto(site_url + rel)
        w.page.evaluate(axe)
        result = w.page.evaluate(
            "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
            ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
            ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))"
        )
        assert result == [], f"{rel}: {result}"
