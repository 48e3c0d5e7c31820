"""The rules pages' pictures at a phone's 375 px are no wider than the screen, and at 1280 px too; at
375 px no text in a picture is drawn under 11 px and axe-core finds nothing serious in them. Each
picture (with its caption and words) is saved to artifacts/ for a person to look at."""

import os

import pytest

from tests.browser.support import ARTIFACTS
from tests.conftest import ROOT
from tests.site.test_figures import GAMES, figure_kinds

# the islands on the page whose widget is one of the game's pictures, by their example id
FIND = """(kinds) => [...document.querySelectorAll('.kikoto[data-spec]')].flatMap((el, i) => {
    const spec = JSON.parse(el.dataset.spec);
    if (!kinds.includes(spec.widget)) return [];
    const box = el.querySelector('kikoto-output svg').getBoundingClientRect();
    let least = null;
    for (const t of el.querySelectorAll('kikoto-output svg text')) {
      const m = t.getScreenCTM();
      const px = parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
      if (t.textContent.trim() && (least === null || px < least.px)) least = {px, text: t.textContent};
    }
    return [{index: i, id: spec.id, left: box.left, right: box.right, width: box.width, least}];
})"""
AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")
# axe on the pictures only (the page's other parts are tests/browser/test_every_page.py's)
SERIOUS = (
    "async (sels) => (await axe.run({include: sels.filter(s => document.querySelector(s)).map(s => [s])},"
    " {resultTypes: ['violations']})).violations"
    ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
    ".map(v => v.id + ': ' + v.nodes.slice(0, 2).map(n => n.target.join(' ')).join(', '))"
)


@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("game", GAMES)
def test_every_picture_fits_the_screen(watched, site_url, game, width):
    w = watched(viewport={"width": width, "height": 900})
    w.page.route("**/worker.mjs", lambda route: route.abort())  # only the static pictures are measured
    os.makedirs(ARTIFACTS, exist_ok=True)
    for lang_dir in ("", "en/"):
        w.page.goto(f"{site_url}{lang_dir}{game}/rules/")
        # the theme's sticky header and its back-to-top button would cover a picture in its screenshot
        w.page.add_style_tag(content=".md-header{position:absolute !important}.md-top{display:none !important}")
        found = w.page.evaluate(FIND, sorted(figure_kinds(game)))
        assert found, f"{lang_dir}{game}: no picture"
        for fig in found:
            assert fig["left"] >= 0 and fig["right"] <= width, (lang_dir, fig)
            assert fig["width"] >= min(width, 375) * 0.5, (lang_dir, fig)  # drawn, not a speck
            if width == 375:
                assert fig["least"]["px"] >= 10.95, (lang_dir, fig)
            island = w.page.locator(".kikoto").nth(fig["index"])
            island.scroll_into_view_if_needed()
            island.screenshot(
                path=os.path.join(ARTIFACTS, f"figure-{width}-{lang_dir.strip('/') or 'hu'}-{game}-{fig['id']}.png")
            )
        assert w.page.evaluate("document.documentElement.scrollWidth") <= width, f"{lang_dir}{game}"
        if width == 375:
            with open(AXE, encoding="utf-8") as f:
                w.page.evaluate(f.read())
            assert w.page.evaluate(SERIOUS, [".kikoto-figure"]) == []
