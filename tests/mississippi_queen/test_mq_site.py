"""Mississippi Queen live in the browser: a static answer without JavaScript, the book's push stepping
through in the worker, the coal contradiction first on the cases page (flipped, then taken to the
Ask page, in case_scenario.py), the sandbox's grouped moves and a random race to the end."""

import pytest

from tests.browser.support import assert_stepped_from_the_page, open_island, play_to_the_end, screenshot, step_to, wait_answers

pytestmark = pytest.mark.browser


def test_examples_are_static_without_javascript(watched, site_url):
    w = watched(java_script_enabled=False)
    w.page.goto(site_url + "en/mississippi-queen/examples/")
    coal = w.page.locator("[data-spec*='\"coal-costs\"'] .kikoto-card")
    assert coal.count() == 3
    assert "speed 4, coal 5" in coal.nth(1).locator("svg").text_content()  # 2 -> 4: one coal
    assert "speed 3, coal 4" in coal.nth(2).locator("svg").text_content()  # 6 -> 3: two coal
    assert w.page.locator("[data-spec*='push-alternatives'] .kikoto-legal-count").get_attribute("data-count") == "4"
    assert not w.foreign()


@pytest.mark.rules("MQ-7.1", "MQ-7.4")
def test_push_example_steps_through_live(watched, site_url):
    w = watched(bypass_csp=False)
    i, island = open_island(w.page, site_url + "en/mississippi-queen/examples/", "[data-spec*='\"push\"']")
    for n in (1, 2):  # red pushes beige and moves on; beige picks a new heading
        card = step_to(island, n)
        assert card.locator(".kikoto-verdict").get_attribute("data-legal") == "true"
    assert "MQ-7.4" in card.locator(".kikoto-verdict").inner_text()
    assert "heading north-east" in card.locator("svg").text_content()
    assert_stepped_from_the_page(w, island)


def test_the_coal_contradiction_is_the_first_case(watched, site_url):
    """The rulebook's own contradiction leads the cases page (its reading flipped, then taken to
    the Ask page: case_scenario.py, run by tests/browser/test_case_readings.py)."""
    w = watched(java_script_enabled=False)
    w.page.goto(site_url + "en/mississippi-queen/cases/")
    first = w.page.locator(".kikoto").nth(1)  # (the page's readings come first)
    assert "mq-coal-2-to-4-stated" in first.get_attribute("data-spec")
    assert first.locator(".kikoto-verdict").get_attribute("data-legal") == "true"


def test_sandbox_groups_moves_and_races_to_a_winner(watched, site_url):
    w = watched(bypass_csp=False)
    w.page.goto(site_url + "en/mississippi-queen/sandbox/")
    island = w.page.locator(".kikoto").first
    for n in range(1, 4):  # three headings at the start
        island.locator("button[data-move]").first.click()
        wait_answers(w.page, 0, n)
    # Now a real turn: the moves come grouped by speed; another speed group opens on request.
    heads = island.locator(".kikoto-group-heads button[data-step]")
    assert heads.count() >= 2
    heads.nth(1).click()
    wait_answers(w.page, 0, 4)
    assert island.locator(".kikoto-move-groups").get_attribute("data-group") == "1"
    assert island.locator("svg .kikoto-field.is-target").count() > 3  # where the moves end
    # Its first field's moves are listed; another field's are asked for when it opens.
    assert island.locator(".kikoto-move-group[data-sub='0'][open] button[data-move]").count() >= 1
    assert island.locator(".kikoto-move-group[data-sub='1'] button[data-move]").count() == 0
    island.locator(".kikoto-move-group[data-sub='1'] summary").click()
    wait_answers(w.page, 0, 5)
    island.locator(".kikoto-move-group[data-sub='1'][open] button[data-move]").first.click()
    wait_answers(w.page, 0, 6)
    assert island.locator(".kikoto-play").get_attribute("data-moves") == "4"
    screenshot(w.page, "mq-sandbox-move-en.png")
    # All seats random: seed 1 ends with a winner.
    moves, elapsed, over = play_to_the_end(island, timeout=60_000)
    assert elapsed < 40 and "Game over. Winner: 3" in over and moves >= 10
    screenshot(w.page, "mq-sandbox-en.png")
    assert not w.errors and not w.foreign()
