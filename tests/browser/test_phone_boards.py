"""Every page with a board, in every language, at a phone's 375 px: the page never scrolls sideways,
no label on a board is drawn under 11 px, and axe-core finds nothing serious. The games come from
the engine's registry, so a new game is checked too."""

import os

import pytest

from engine import game_ids

from .conftest import screenshot

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")
PAGES = ("ask", "sandbox", "cases", "examples")

# The rendered size of each board label: its font size times the board's scale on screen.
SMALLEST_LABEL = """() => {
  let least = null, where = '';
  for (const t of document.querySelectorAll('.kikoto-board text')) {
    const box = t.getBoundingClientRect();
    if (!box.width || !box.height || t.closest('[aria-hidden="true"]:not(svg)')) continue;
    const m = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
    if (least === null || px < least) { least = px; where = t.textContent; }
  }
  return [least, where];
}"""

SERIOUS = (
    "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
    ".map(v => v.id + ': ' + v.nodes.slice(0, 2).map(n => n.target.join(' ')).join(', '))"
)


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("lang_dir", ["", "en/"])
def test_every_board_reads_at_phone_width(watched, site_url, built_site, lang_dir, game):
    with open(AXE, encoding="utf-8") as f:
        axe = f.read()
    w = watched(viewport={"width": 375, "height": 800}, bypass_csp=True)  # axe is the test's, not the site's
    w.page.route("**/worker.mjs", lambda route: route.abort())  # only the layout is measured
    problems = []
    for page in PAGES:
        rel = f"{lang_dir}{game}/{page}/"
        if not (built_site["dir"] / rel / "index.html").exists():
            continue
        w.page.goto(site_url + rel)
        width = w.page.evaluate("document.documentElement.scrollWidth")
        if width > 375:
            problems.append(f"{rel}: the page is {width} px wide")
        # boards off screen skip layout (content-visibility) and would measure at a placeholder size
        w.page.add_style_tag(content=".kikoto-board { content-visibility: visible !important; }")
        least, text = w.page.evaluate(SMALLEST_LABEL)
        if least is not None and least < 10.95:
            problems.append(f"{rel}: a label is {least:.1f} px ({text!r})")
        w.page.evaluate(axe)
        problems += [f"{rel}: axe {v}" for v in w.page.evaluate(SERIOUS)]
        if page == "ask":
            screenshot(w.page, f"phone-{lang_dir.strip('/') or 'hu'}-{game}-ask.png")
    assert not problems, "\n".join(problems)
