"""Vor dem Wind live in the browser: the static answers without JavaScript, the book's trading round
stepping through in the worker, and the sandbox playing a random game to the end, with hands hidden
except the seat to move. Its disputed case, flipped and edited, is in case_scenario.py."""

import pytest

from tests.browser.support import (
    assert_stepped_from_the_page,
    open_island,
    play_to_the_end,
    screenshot,
    step_to,
    wait_answers,
    wait_shared,
)

pytestmark = pytest.mark.browser


def test_examples_are_static_without_javascript(watched, site_url):
    w = watched(java_script_enabled=False)
    w.page.goto(site_url + "en/vor-dem-wind/examples/")
    trading = w.page.locator("[data-spec*='\"trading-four\"']")
    cards = trading.locator(".kikoto-card")
    assert cards.count() == 9  # the start and the book's eight moves
    assert trading.locator(".kikoto-verdict[data-legal='true']").count() == 8
    # The board's text: textContent, since a board off screen is not laid out (content-visibility).
    assert "offers 7 G" in cards.nth(3).text_content()
    assert "Gulden: A 29, B 17, C 15, D 27" in cards.nth(8).inner_text()
    legal = w.page.locator("[data-spec*='\"reveal-choices\"'] .kikoto-legal-count")
    assert legal.get_attribute("data-count") == "3"
    # Hidden information: the buy example shows the buyer's own hand, the table only counts cards.
    buy = w.page.locator("[data-spec*='\"buy-apples-spice\"'] .kikoto-card").nth(1)
    assert "3 × apple, 2 × spice" in buy.locator(".kikoto-hand").inner_text()
    assert "In hand: 12 cards" in buy.locator("svg.vw-board").text_content()
    assert not w.foreign()


@pytest.mark.rules("VW-4.2")
def test_trading_example_steps_through_live(watched, site_url):
    w = watched()
    i, island = open_island(w.page, site_url + "en/vor-dem-wind/examples/", "[data-spec*='\"trading-four\"']")
    for n in range(1, 9):
        card = step_to(island, n)
        assert card.locator(".kikoto-verdict").get_attribute("data-legal") == "true"
        if n == 5:  # A accepted C's 7: the money lies face down in front of A
            assert "7 gulden (face down)" in card.locator("svg.vw-board").text_content()
    assert "VW-4.2" in card.locator(".kikoto-verdict").inner_text()
    assert_stepped_from_the_page(w, island)


def test_sandbox_plays_a_random_game_to_the_end(watched, site_url):
    w = watched()
    w.page.goto(site_url + "en/vor-dem-wind/sandbox/")
    island = w.page.locator(".kikoto").first
    # Before any move: only the seat to move sees a hand (its own).
    assert island.locator(".kikoto-hand").count() == 1
    assert island.locator(".kikoto-hand").get_attribute("data-seat") == "0"
    island.locator("button[data-move]").first.click()
    wait_answers(w.page, 0, 1)
    assert island.locator(".kikoto-play").get_attribute("data-moves") == "1"
    assert island.locator(".kikoto-hand").get_attribute("data-seat") == "1"
    island.locator("button[data-undo]").click()
    wait_answers(w.page, 0, 2)
    assert island.locator(".kikoto-play").get_attribute("data-moves") == "0"
    moves, elapsed, over = play_to_the_end(island)
    assert moves > 100, moves
    assert "Game over" in over
    assert island.locator(".kikoto-hand").count() == 0  # every seat random: no reader's hand to show
    wait_shared(w.page, 0)  # the sandbox is the page's one island
    assert "#play=" in w.page.url
    screenshot(w.page, "vw-sandbox-en.png")
    assert elapsed < 90, elapsed  # ~20 s on an idle machine; generous for a loaded CI box
    assert not w.errors and not w.foreign()
