"""Black Fleet on the site, in a real browser: the static answers without JavaScript, an example
stepped through live, and a sandbox game played to the end by random seats. No request may leave
the site's origin. Its disputed case, flipped and edited, is in case_scenario.py."""

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


@pytest.mark.rules("BF-6.1", "BF-7.1")
def test_examples_static_answers_without_javascript(watched, site_url):
    w = watched(java_script_enabled=False)
    w.page.goto(site_url + "en/black-fleet/examples/")
    warship = w.page.locator("[data-spec*='\"warship-sinks-pirate\"']")
    assert warship.locator(".kikoto-card").count() == 5  # the start and four steps, all visible
    sink = warship.locator(".kikoto-card[data-card='3']")
    assert "earns 2 doubloons" in sink.locator(".kikoto-verdict").inner_text()
    assert sink.locator("g[data-seat='0']").get_attribute("data-coins") == "2"
    sell = w.page.locator("[data-spec*='\"merchant-sells-la-barbaria\"'] .kikoto-card[data-card='2']")
    assert "sells 2 cubes for 4 doubloons" in sell.locator(".kikoto-verdict").inner_text()
    bahamas = w.page.locator("[data-spec*='\"bahamas-buys-yellow\"'] .kikoto-card[data-card='1']")
    assert bahamas.locator("g[data-seat='0']").get_attribute("data-coins") == "9"
    # the Hungarian page has the same static numbers
    w.page.goto(site_url + "black-fleet/examples/")
    bury = w.page.locator("[data-spec*='\"pirate-buries\"'] .kikoto-card[data-card='1']")
    assert "6 dublont" in bury.locator(".kikoto-verdict").inner_text()
    assert not w.foreign()


@pytest.mark.rules("BF-8.3", "BF-8.4", "BF-5.5")
def test_example_steps_through_live(watched, site_url):
    w = watched(viewport={"width": 1100, "height": 900})
    i, island = open_island(w.page, site_url + "en/black-fleet/examples/", "[data-spec*='\"pirate-buries\"']")
    for n in range(1, 6):  # bury, three steps north, the attack that is refused
        card = step_to(island, n)
        assert card.is_visible()
        assert island.locator(".kikoto-card:visible").count() == 1
        if n == 1:
            assert "6 doubloons" in card.locator(".kikoto-verdict").inner_text()
    verdict = card.locator(".kikoto-verdict")
    assert verdict.get_attribute("data-legal") == "false" and verdict.get_attribute("data-reason") == "already-acted"
    assert "BF-5.5" in verdict.inner_text()
    assert card.locator("g[data-seat='0']").get_attribute("data-coins") == "6"
    screenshot(w.page, "bf-example-en.png")
    assert_stepped_from_the_page(w, island)


@pytest.mark.rules("BF-12.1", "BF-12.2")
def test_sandbox_random_game_to_the_end(watched, site_url):
    w = watched(viewport={"width": 1100, "height": 900})
    w.page.goto(site_url + "en/black-fleet/sandbox/")
    island = w.page.locator(".kikoto").first
    # One move by hand first (the black-fleet player places a merchant), then undo it.
    island.locator("button[data-move]").first.click()
    wait_answers(w.page, 0, 1)
    assert island.locator(".kikoto-play").get_attribute("data-moves") == "1"
    assert island.locator(".kikoto-bf-hand li").count() == 1
    assert island.locator(".kikoto-bf-hands").count() == 0  # the other hands are not on the page (the view)
    # Seed 2 with every seat random gives a short game (about 1100 moves).
    island.locator("input[name='setup.seed']").fill("2")
    wait_answers(w.page, 0, 2)
    moves, elapsed, over = play_to_the_end(island)
    assert moves > 300, moves
    assert "Game over" in over
    assert island.locator(".kikoto-bf-panel td:has-text('10 ✔')").count() >= 1  # a victory card was bought
    print(f"sandbox: {moves} random moves to the end in {elapsed:.1f} s")
    screenshot(w.page, "bf-sandbox-en.png")
    wait_shared(w.page, 0)  # the sandbox is the page's one island
    assert "#play=" in w.page.url
    assert not w.errors and not w.foreign()
