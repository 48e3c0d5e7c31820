"""At a phone's 375 px, with the engine running, each game's examples, sandbox and Ask pages never
scroll sideways as a whole: what is wider than the screen (Vor dem Wind's table, a wide player table)
scrolls in its own box, and that box shows it: its edge fades on the side where more of it lies.
The sandbox is measured after the engine's answer to a tap on its board, the Ask page after the
answer to the game's first typical question (tests/<package>/editor_scenario.py; the Hungarian page
after a tap on its board)."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_ask_taps import answered, count_answers, target_of
from tests.browser.test_editor import GAMES, editor, open_editor, scenario

pytestmark = pytest.mark.browser

PHONE = {"width": 375, "height": 800}
PAGES = ("examples", "sandbox", "ask")

# Each box that scrolls sideways: how wide it is and what it shows, at its start and at its end.
BOXES = """async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const out = [];
  for (const box of document.querySelectorAll('.kikoto-pan, .kikoto-panel, .kikoto-mq-scroll')) {
    if (!box.getClientRects().length) continue;
    const fades = () => { const s = getComputedStyle(box);
      return [s.getPropertyValue('--kikoto-fade-start').trim(), s.getPropertyValue('--kikoto-fade-end').trim()]; };
    box.scrollLeft = 0; await frame();
    const start = fades();
    box.scrollLeft = box.scrollWidth; await frame();
    const end = fades();
    box.scrollLeft = 0;
    out.push({box: box.className, wide: box.scrollWidth > box.clientWidth + 1, start, end});
  }
  return out; }"""


def wake(page):
    """The engine's first answer on the page (a tap on the board's first field), so what it draws is measured."""
    island = page.locator(".kikoto").filter(has=page.locator("[data-tap]")).first
    if not island.count():
        return
    field = island.locator("[data-tap]").first
    before = int(island.get_attribute("data-answers") or 0)
    field.scroll_into_view_if_needed()
    field.tap()
    expect(island).to_have_attribute("data-answers", str(before + 1), timeout=30_000)


@pytest.mark.parametrize("lang", ["en/", ""])
@pytest.mark.parametrize("game", GAMES)
def test_no_page_scrolls_sideways_and_a_wide_box_shows_it_scrolls(watched, site_url, game, lang):
    w = watched(viewport=PHONE, has_touch=True)
    page = w.page
    problems, wide_boxes = [], 0
    for name in PAGES:
        url = f"{site_url}{lang}{game}/{name}/"
        if name == "ask":
            open_editor(page, url)  # laid out for taps (test_editor.open_editor)
        else:
            page.goto(url)
        expect(page.locator(".kikoto[data-wired]").first).to_be_attached()
        if name == "sandbox" or name == "ask" and lang != "en/":
            wake(page)
        elif name == "ask":  # the answer to the game's first typical question (its steps name English words)
            ed = editor(page)
            for kind, what in scenario(game)["questions"][0]["steps"]:
                before = count_answers(page)
                target_of(ed, kind, what).tap()
                answered(page, before)
        # boards off screen skip layout (content-visibility) and would measure at a placeholder size
        page.add_style_tag(content=".kikoto, .kikoto-board { content-visibility: visible !important; }")
        width = page.evaluate("document.scrollingElement.scrollWidth")
        if width > PHONE["width"]:
            problems.append(f"{name}: the page is {width} px wide")
        for box in page.evaluate(BOXES):
            if box["wide"]:
                wide_boxes += 1
                # at its start the far edge fades, at its end the near one, and nothing else
                if not (box["start"][0] == "0px" != box["start"][1] and box["end"][0] != "0px" == box["end"][1]):
                    problems.append(f"{name}: {box['box']} scrolls without its cue: {box}")
            elif box["start"] != ["0px", "0px"]:
                problems.append(f"{name}: {box['box']} fits but fades: {box}")
    if scenario(game).get("wide_at_375"):  # a game whose board is known to be wider than a phone
        assert wide_boxes, scenario(game)["wide_at_375"]
    assert not problems, "\n".join(problems)
    assert not w.errors
