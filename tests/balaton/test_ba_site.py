"""Balaton on the site: static answers without JavaScript, an example stepping through live, and a
sandbox game played to the end by random seats, all from the site's origin. Its disputed case,
flipped and edited, is in case_scenario.py."""

import os

import pytest

from tests.browser.support import (
    ARTIFACTS,
    assert_stepped_from_the_page,
    open_island,
    play_to_the_end,
    screenshot,
    step_to,
    wait_answers,
)

pytestmark = pytest.mark.browser


@pytest.mark.rules("BA-3.1", "BA-7.2")
def test_examples_are_static_without_javascript(watched, site_url):
    w = watched(java_script_enabled=False)
    w.page.goto(site_url + "en/balaton/examples/")
    dice = w.page.locator("[data-spec*='\"dice-two-and-five\"']")
    assert dice.locator(".kikoto-legal-count").get_attribute("data-count") == "3"
    assert [t.strip().split(" → ")[0] for t in dice.locator(".kikoto-legal li").all_inner_texts()] == [
        "Move 2",
        "Move 5",
        "Move 7",
    ]
    assert w.page.locator("[data-spec*='\"dice-double-three\"'] .kikoto-legal-count").get_attribute("data-count") == "2"
    fig3 = w.page.locator("[data-spec*='\"income-figure-3\"'] .kikoto-verdict").last
    assert "Income: 0 Ft" in fig3.inner_text()
    route = w.page.locator("[data-spec*='\"route-payout\"'] .kikoto-verdict").last
    assert "Income: 4 Ft" in route.inner_text() and "BA-7.3" in route.inner_text()
    assert not w.foreign()


@pytest.mark.rules("BA-9.1")
def test_ferry_example_steps_through_live(watched, site_url):
    w = watched()
    i, island = open_island(w.page, site_url + "en/balaton/examples/", "[data-spec*='\"ferry-crossing\"']")
    for n in (1, 2):  # land on Szárszó, then take the ferry
        card = step_to(island, n)
        assert card.is_visible()
    verdict = card.locator(".kikoto-verdict")
    assert verdict.get_attribute("data-legal") == "true" and "BA-9.1" in verdict.inner_text()
    assert "Balatonakali" in verdict.inner_text()
    assert_stepped_from_the_page(w, island)


def test_sandbox_random_game_to_the_end(watched, site_url):
    w = watched()
    w.page.goto(site_url + "en/balaton/sandbox/")
    island = w.page.locator(".kikoto").first
    island.locator("button[data-move]").first.click()  # roll
    wait_answers(w.page, 0, 1)
    assert island.locator(".kikoto-play").get_attribute("data-moves") == "1"
    assert island.locator("button[data-move*='reroll']").count() == 1  # the reroll is offered as an action
    moves, _, over = play_to_the_end(island)
    assert moves > 50 and "Game over" in over
    screenshot(w.page, "ba-sandbox-en.png")
    assert not w.errors and not w.foreign()


# Every part of the board lies inside the board's box (nothing cut off), and every label is at
# least 11 px as drawn: [parts outside, smallest label in px, its text, the board's right edge].
BOARD_FITS = """() => {
  const svg = document.querySelector('.kikoto-board.kikoto-ba');
  const box = svg.getBoundingClientRect();
  const out = [];
  let least = null, where = '';
  for (const el of svg.querySelectorAll('text, circle, rect, polygon, path, line')) {
    const r = el.getBoundingClientRect();
    // the invisible disc round a field that answers a tap may reach past the edge
    if ((!r.width && !r.height) || el.getAttribute('fill-opacity') === '0') continue;
    if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
      out.push(el.tagName + ' ' + (el.textContent || '').trim() + ' ' + [r.left - box.left, box.right - r.right,
               r.top - box.top, box.bottom - r.bottom].map(Math.round).join(','));
    if (el.tagName === 'text') {
      const m = el.getScreenCTM();
      const px = parseFloat(getComputedStyle(el).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
      if (least === null || px < least) { least = px; where = el.textContent; }
    }
  }
  return [out, least, where, box.right];
}"""


@pytest.mark.parametrize("lang_dir", ["", "en/"])
def test_the_ask_board_fits_a_phone(watched, site_url, lang_dir):
    w = watched(viewport={"width": 375, "height": 800})
    w.page.route("**/worker.mjs", lambda route: route.abort())  # only the layout is measured
    w.page.goto(site_url + lang_dir + "balaton/ask/")
    w.page.add_style_tag(content=".kikoto-board { content-visibility: visible !important; }")
    outside, least, text, right = w.page.evaluate(BOARD_FITS)
    assert outside == [] and right <= 375
    assert least >= 10.95, (least, text)
    board = w.page.locator(".kikoto-board.kikoto-ba").first
    board.screenshot(path=os.path.join(ARTIFACTS, f"ba-ask-375-board-{lang_dir.strip('/') or 'hu'}.png"))
