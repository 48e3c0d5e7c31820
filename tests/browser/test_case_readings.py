"""A disputed case on its game's cases page, in a real browser: its other reading flipped in the
page gets the worker's answer, citing the rule; then its "Change the position" opens the Ask page
on the case under the reading chosen, with the same answer, ready for the position to be changed.

Each game with a case to flip brings it in tests/<package>/case_scenario.py (SCENARIO, and RULES,
the rules the test exercises)."""

import pytest
from playwright.sync_api import expect

from engine import game_ids
from tests.browser.support import flip_case_reading, open_island
from tests.conftest import game_tests

pytestmark = pytest.mark.browser


def scenarios():
    for game in game_ids():
        module = game_tests(game, "case_scenario")
        if module:
            yield pytest.param(game, module.SCENARIO, marks=module.RULES, id=game)


@pytest.mark.parametrize("game, s", list(scenarios()))
def test_a_case_answers_under_its_other_reading_and_goes_on_to_the_ask_page(watched, site_url, game, s):
    w = watched(bypass_csp=False)  # under the site's own CSP, as a reader gets it
    i, island = open_island(w.page, f"{site_url}en/{game}/cases/", f"[data-spec*='{s['case']}\"']")
    flip_case_reading(w.page, i, island, s["option"], s["flipped"])
    verdict = island.locator(".kikoto-verdict")
    assert verdict.get_attribute("data-legal") == "false" and verdict.get_attribute("data-reason") == s["flipped_reason"]
    assert s["flipped_rule"] in verdict.inner_text()
    assert island.get_attribute("data-runtime").startswith("emscripten")
    # by keyboard: a click aims at where the link was, and on a loaded machine the cases above it could
    # still move it (CI twice waited for a navigation that never came)
    island.locator("[data-ask-link]").focus()
    w.page.keyboard.press("Enter")
    w.page.wait_for_url(f"**/en/{game}/ask/#ask=*", wait_until="commit", timeout=60_000)
    answer = w.page.locator(".kikoto-ed-answer .kikoto-verdict")
    expect(answer).to_have_attribute("data-reason", s["flipped_reason"], timeout=120_000)
    assert answer.get_attribute("data-legal") == "false"
    assert s["flipped_rule"] in answer.locator(".kikoto-rule").all_inner_texts()
    assert w.page.locator(".kikoto-ed").get_attribute("data-mode") == "ask"
    assert not w.page.locator(".kikoto-ed-problem").count()
    assert not w.errors and not w.foreign()
