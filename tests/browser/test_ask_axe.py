"""Each Ask page tapped through at phone width, checked as it is after each tap, not only on load:
axe-core finds nothing serious (the pressed, hovered and focused states of the controls included:
a tapped button stays under the pointer), and no text outside the boards is under 11 px (the boards'
labels: tests/browser/test_phone_boards.py)."""

import os

import pytest
from playwright.sync_api import expect

from tests.browser.test_ask_taps import target_of
from tests.browser.test_editor import GAMES, ask_page, editor, scenario
from tests.browser.test_phone_boards import SERIOUS
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

AXE = os.path.join(ROOT, "node_modules", "axe-core", "axe.min.js")
# The smallest text in the editor outside its boards (SVG), in CSS px, and where.
SMALLEST = """() => {
  let least = null, where = '';
  const walk = document.createTreeWalker(document.querySelector('.kikoto-ed').closest('.kikoto'), NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const el = t.parentElement;
    if (!t.textContent.trim() || el.closest('svg') || !el.getClientRects().length) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (least === null || px < least) { least = px; where = t.textContent.trim().slice(0, 40); }
  }
  return [least, where]; }"""
# Waits for the transitions a tap set off (the pressed button's colours, the header's title fading in
# as the page scrolls) to end: axe measures the colours as they are, and a fast answer can come while
# they are half-way, a contrast no reader sees for long. What is checked is the state they settle in.
SETTLED = (
    "() => Promise.all(document.getAnimations()"
    ".filter(a => isFinite(a.effect.getComputedTiming().endTime)).map(a => a.finished.catch(() => null)))"
)


@pytest.mark.parametrize("game", GAMES)
def test_nothing_serious_after_tapping_through_the_ask_page(watched, site_url, game):
    with open(AXE, encoding="utf-8") as f:
        axe = f.read()
    s = scenario(game)
    w = watched(viewport={"width": 375, "height": 800}, has_touch=True, bypass_csp=True)  # axe is the test's
    page = w.page
    page.goto(ask_page(site_url, game))
    ed = editor(page)
    page.evaluate(axe)
    problems = []

    def check(when):
        page.evaluate(SETTLED)
        problems.extend(f"{when}: axe {v}" for v in page.evaluate(SERIOUS))
        least, where = page.evaluate(SMALLEST)
        if least < 11:
            problems.append(f"{when}: {least} px text ({where!r})")

    check("on load")
    n = 0
    counter = [("counter", s["counter"])] if s.get("counter") else []
    for phase in ("setup", "legal", "illegal"):
        steps = {"setup": [*s["setup"], *counter], "legal": [("mode", "ask"), *s["legal"]]}.get(phase, s[phase])
        for kind, what in steps:
            target = target_of(ed, kind, what)
            target.click()  # the pointer stays on it: its hovered (and pressed) state is what axe sees
            if kind == "counter":
                target.fill(str(what[1]))
                target.press("Tab")
            n += 1
            expect(ed).to_have_attribute("data-answers", str(n), timeout=120_000)
        check(f"after the {phase}")
    # by keyboard: the control just used keeps the focus, and its focused state passes too
    ed.locator(".kikoto-ed-modes [aria-pressed='true']").focus()
    page.keyboard.press("Enter")
    expect(ed).to_have_attribute("data-answers", str(n + 1), timeout=120_000)
    check("after Enter on the mode in use")
    assert not problems, "\n".join(problems)
