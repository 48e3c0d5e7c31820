"""Balaton on the site: static answers without JavaScript, an example stepping through live, a reading
flipped in a disputed case, and a sandbox game played to the end by random seats, all from the site's origin."""


import pytest
from playwright.sync_api import expect

from tests.browser.support import (
    assert_stepped_from_the_page, flip_case_reading, open_island, screenshot, step_to, wait_answers)

pytestmark = pytest.mark.browser


@pytest.mark.rules("BA-3.1", "BA-7.2")
def test_examples_are_static_without_javascript(watched, site_url):
    w = watched(java_script_enabled=False)
    w.page.goto(site_url + "en/balaton/examples/")
    dice = w.page.locator("[data-spec*='\"dice-two-and-five\"']")
    assert dice.locator(".kikoto-legal-count").get_attribute("data-count") == "3"
    assert [t.strip().split(" → ")[0] for t in dice.locator(".kikoto-legal li").all_inner_texts()] == \
        ["Move 2", "Move 5", "Move 7"]
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


@pytest.mark.rules("BA-4.2")
def test_case_reading_flip_and_edit(watched, site_url):
    w = watched()
    i, island = open_island(w.page, site_url + "en/balaton/cases/", "[data-spec*='ba-bumped-landing\"']")
    # The default reading: being moved triggers nothing, so nobody can buy the Tihany port now.
    flip_case_reading(w.page, i, island, "bumped_pawn", "nothing")
    assert island.locator(".kikoto-verdict").get_attribute("data-legal") == "false"
    assert "BA-5.1" in island.locator(".kikoto-verdict").inner_text()
    assert island.get_attribute("data-runtime").startswith("emscripten")
    # Edit the case: put the pawn on a 1-field settlement instead; under "landing" the port costs 1 Ft there.
    island.locator("select[name='options.bumped_pawn']").select_option('"landing"')
    wait_answers(w.page, i, 2)
    island.locator("details.kikoto-editor > summary").click()
    editor = island.locator("textarea[name='case']")
    editor.fill(editor.input_value().replace('"tihany-2"', '"revfulop"'))
    island.locator("button[data-ask]").click()
    wait_answers(w.page, i, 3)
    verdict = island.locator(".kikoto-verdict")
    assert verdict.get_attribute("data-legal") == "true" and "Révfülöp for 1 Ft" in verdict.inner_text()
    assert not w.errors and not w.foreign()


def test_sandbox_random_game_to_the_end(watched, site_url):
    w = watched()
    w.page.goto(site_url + "en/balaton/sandbox/")
    island = w.page.locator(".kikoto").first
    island.locator("button[data-move]").first.click()  # roll
    wait_answers(w.page, 0, 1)
    assert island.locator(".kikoto-play").get_attribute("data-moves") == "1"
    assert island.locator("button[data-move*='reroll']").count() == 1  # the reroll is offered as an action
    for seat in range(3):
        island.locator(f"input[name='auto.{seat}']").check()
    expect(island.locator(".kikoto-play")).to_have_attribute("data-over", "true", timeout=120_000)
    assert int(island.locator(".kikoto-play").get_attribute("data-moves")) > 50
    assert "Game over" in island.locator(".kikoto-over").inner_text()
    screenshot(w.page, "ba-sandbox-en.png")
    assert not w.errors and not w.foreign()
