"""What a reader does before the page script runs is not lost: a slow phone shows the page well before
its scripts come, and a reader types at once. The page script is held back (page.route) while the
reader types into a rules page's live example, and chooses a disputed case's other reading; once it
runs, each gets the engine's answer to what was typed or chosen (overrides/main.html keeps the events,
wire.mjs carries them out)."""

import json

import pytest
from playwright.sync_api import expect

from engine import game_ids
from tests.browser.support import live_scenario
from tests.conftest import game_tests

pytestmark = pytest.mark.browser

LIVE = live_scenario()
CASE_GAME, CASE = next((g, m.SCENARIO) for g in game_ids() if (m := game_tests(g, "case_scenario")))


def held_page(watched, url):
    """The page opened with kikoto.js held back: (the watched page, a function that lets it run)."""
    w = watched()
    held = []
    w.page.route("**/kikoto.js", lambda route: held.append(route))
    w.page.goto(url, wait_until="commit")
    return w, lambda: held[0].continue_()


def test_a_value_typed_into_an_example_before_the_script_runs_is_answered(watched, site_url):
    w, release = held_page(watched, site_url + LIVE.url("en/"))
    island = w.page.locator(LIVE.ISLAND)
    island.locator(f"input[name='{LIVE.FIELD}']").fill("4")
    assert island.get_attribute("data-wired") is None, "the page script ran before the reader typed"
    assert island.locator(LIVE.ANSWER).inner_text() == LIVE.STATIC
    release()
    expect(island).to_have_attribute("data-answers", "1", timeout=120_000)
    assert island.locator(LIVE.ANSWER).inner_text() == LIVE.LIVE["4"]
    assert island.locator(f"input[name='{LIVE.FIELD}']").input_value() == "4"
    assert not w.errors and not w.foreign()


def test_a_case_reading_chosen_before_the_script_runs_is_answered(watched, site_url):
    w, release = held_page(watched, f"{site_url}en/{CASE_GAME}/cases/")
    island = w.page.locator(f".kikoto[data-spec*='{CASE['case']}\"']")
    island.locator("details.kikoto-case-readings > summary").click()  # a <details> opens without a script
    select = island.locator(f"select[name='options.{CASE['option']}']")
    chosen = json.dumps(CASE["flipped"])
    select.select_option(chosen)
    assert island.get_attribute("data-wired") is None, "the page script ran before the reader chose"
    assert island.locator(".kikoto-verdict").get_attribute("data-legal") == "true"  # the page's own answer
    release()
    expect(island).to_have_attribute("data-answers", "1", timeout=120_000)
    verdict = island.locator(".kikoto-verdict")
    assert verdict.get_attribute("data-legal") == "false" and verdict.get_attribute("data-reason") == CASE["flipped_reason"]
    assert CASE["flipped_rule"] in verdict.inner_text()
    assert select.input_value() == chosen
    assert not w.errors and not w.foreign()
