"""Switching language keeps the position and the question: on an Ask page set up and asked by taps,
and on one opened from a case's "Change the position" link, the theme's language selector opens the
other language's Ask page on the same position, with the same question asked and answered."""

import json

import pytest
from playwright.sync_api import expect

from tests.browser.test_ask_taps import target_of
from tests.browser.test_editor import GAMES, ask_page, editor, scenario

pytestmark = pytest.mark.browser


def held(page):
    update = json.loads(editor(page).locator(".kikoto-ed").get_attribute("data-update"))
    return update["draft"], update["asked"], update["mode"]


def switch_language(page, lang):
    page.locator(".md-header .md-select").first.hover()
    page.locator(f".md-header a[hreflang='{lang}']").first.click()
    page.wait_for_url(f"**{'/' if lang == 'hu' else '/en/'}*/ask/#ask=*", wait_until="commit", timeout=60_000)
    expect(editor(page)).to_have_attribute("data-answers", "1", timeout=120_000)


@pytest.mark.parametrize("game", GAMES[:2])
def test_switching_language_keeps_the_position_and_the_question(watched, site_url, game):
    s = scenario(game)
    w = watched(viewport={"width": 1280, "height": 900})
    page = w.page
    page.goto(ask_page(site_url, game))
    ed = editor(page)
    for n, (kind, what) in enumerate([*s["setup"], ("mode", "ask"), *s["legal"]], 1):
        target_of(ed, kind, what).click()
        expect(ed).to_have_attribute("data-answers", str(n), timeout=120_000)
    expect(ed).to_have_attribute("data-shared", str(n))  # the address holds the answer's position
    before = held(page)
    assert before[1] is not None and before[2] == "ask"
    switch_language(page, "hu")
    assert "/en/" not in page.url
    assert held(page) == before
    expect(editor(page).locator(".kikoto-ed-answer .kikoto-verdict")).to_have_count(1)
    assert not w.errors and not w.foreign()


def test_a_case_opened_on_the_ask_page_keeps_its_position_in_the_other_language(watched, site_url):
    game = GAMES[0]
    w = watched(viewport={"width": 1280, "height": 900})
    page = w.page
    page.goto(f"{site_url}en/{game}/cases/")
    link = page.locator("[data-ask-link]").first
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_url("**/ask/#ask=*", wait_until="commit", timeout=60_000)
    expect(editor(page)).to_have_attribute("data-answers", "1", timeout=120_000)
    expect(page.locator(".kikoto-opening")).to_have_count(0)
    before = held(page)
    switch_language(page, "hu")
    assert held(page) == before
    assert not w.errors and not w.foreign()
