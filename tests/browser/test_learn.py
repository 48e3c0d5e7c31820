"""A newcomer's path, in Chromium at phone width (375 px): each game's guided first round played to its
end by taps on the board, one forbidden move tried and refused with its rule on the way; the round's
last position opens in the sandbox; and each game's player aid printed to PDF fits one A4 page in
both languages. One browser context for all of it, so the suite stays quick.

The lessons' steps are data (docs/<game>/examples/lesson.json): the taps are the fields the guide
marks, as tests/widgets/test_lesson.py checks them on CPython."""

import json
import os
import re

import pytest
from playwright.sync_api import expect

from engine import game_ids
from tests.browser.support import ARTIFACTS, wait_answers
from tests.conftest import ROOT
from widgets.render.lesson import lesson

PHONE = {"width": 375, "height": 800}
# one lesson per game, both languages between them
LANG_DIR = {game: ("en/" if i % 2 else "") for i, game in enumerate(game_ids())}


def load(game):
    with open(os.path.join(ROOT, "docs", game, "examples", "lesson.json"), encoding="utf-8") as f:
        return json.load(f)


def tap(page, island, index, answers, field):
    """Taps a field of the lesson's board and waits for the engine's answer. Returns the island's answer count."""
    island.locator(f'.kikoto-lesson [data-tap="{field}"]').first.click()
    answers += 1
    wait_answers(page, index, answers)
    return answers


def choose(page, island, index, answers, move):
    """Taps the offered move that is `move` (the offer may also name its player)."""
    offers = island.locator(".kikoto-offers button[data-try]")
    wanted = [
        i
        for i in range(offers.count())
        if all(json.loads(offers.nth(i).get_attribute("data-try")).get(k) == v for k, v in move.items())
    ]
    assert wanted, (move, [offers.nth(i).get_attribute("data-try") for i in range(offers.count())])
    offers.nth(wanted[0]).click()
    wait_answers(page, index, answers + 1)
    return answers + 1


@pytest.mark.parametrize("game", game_ids())
def test_the_lesson_plays_to_its_end_by_taps_at_phone_width(watched, site_url, game):
    w = watched(viewport=PHONE, has_touch=True)
    page = w.page
    spec = load(game)
    _, seat, plan, owners, _ = lesson(spec)
    page.goto(f"{site_url}{LANG_DIR[game]}{game}/learn/")
    island = page.locator(".kikoto:has(.kikoto-lesson)")
    index = page.evaluate("[...document.querySelectorAll('.kikoto')].findIndex((i) => i.querySelector('.kikoto-lesson'))")
    island.scroll_into_view_if_needed()
    expect(island).to_have_attribute("data-wired", "1")
    answers, taps, refused = 0, 0, 0
    for i, step in enumerate(plan):
        if owners[i] != seat:
            continue
        expect(island.locator(".kikoto-lesson")).to_have_attribute("data-step", str(i))
        if "mistake" in step:
            for field in step["mistake"]["taps"]:
                answers, taps = tap(page, island, index, answers, field), taps + 1
            if not island.locator(".kikoto-tried").count():  # the taps selected: the move is offered
                answers, taps = choose(page, island, index, answers, step["mistake"]["move"]), taps + 1
            verdict = island.locator(".kikoto-tried .kikoto-verdict")
            expect(verdict).to_have_attribute("data-legal", "false")
            assert verdict.locator("a.kikoto-rule").count() >= 1 and verdict.inner_text().strip()
            expect(island.locator(".kikoto-lesson")).to_have_attribute("data-step", str(i))
            os.makedirs(ARTIFACTS, exist_ok=True)
            page.screenshot(path=os.path.join(ARTIFACTS, f"learn-{game}-refused.png"))
            refused += 1
        for field in step["where"]:
            answers, taps = tap(page, island, index, answers, field), taps + 1
        if island.locator(".kikoto-lesson").get_attribute("data-step") == str(i):  # offered, not yet played
            answers, taps = choose(page, island, index, answers, step["action"]), taps + 1
    expect(island.locator(".kikoto-lesson")).to_have_attribute("data-done", "true")
    assert refused == 1 and page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=os.path.join(ARTIFACTS, f"learn-{game}-done.png"))
    # the round's last position goes on in the sandbox
    island.locator("a[data-sandbox-link]").click()
    page.wait_for_url(re.compile(r".*/sandbox/#play=.+"), wait_until="commit", timeout=60_000)
    expect(page.locator(".kikoto-play")).to_be_visible(timeout=120_000)  # once the engine has read the link
    assert not page.locator(".kikoto-error").count()
    with open(os.path.join(ARTIFACTS, f"learn-{game}-taps.json"), "w", encoding="utf-8") as f:
        json.dump({"steps": len(plan), "yours": owners.count(seat), "taps": taps, "lang": LANG_DIR[game] or "hu/"}, f)
    assert not w.errors and not w.foreign(), (w.errors, w.foreign())


@pytest.mark.parametrize("game", game_ids())
def test_each_player_aid_prints_on_one_a4_page(watched, site_url, game):
    w = watched()
    for lang_dir in ("", "en/"):
        w.page.goto(f"{site_url}{lang_dir}{game}/aid/")
        pdf = w.page.pdf(format="A4", prefer_css_page_size=True)
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert pages == 1, f"{lang_dir}{game}/aid: {pages} pages"
