"""A disputed case on its game's cases page, in a real browser: its other reading flipped in the
page gets the worker's answer, citing the rule; then the case edited in the page gets a new
verdict, and the reader's text stays as typed.

Each game with a case to flip brings it in tests/<package>/case_scenario.py (SCENARIO, and RULES,
the rules the test exercises)."""

import json

import pytest

from engine import game_ids
from tests.browser.support import flip_case_reading, open_island, wait_answers
from tests.conftest import game_tests

pytestmark = pytest.mark.browser


def scenarios():
    for game in game_ids():
        module = game_tests(game, "case_scenario")
        if module:
            yield pytest.param(game, module.SCENARIO, marks=module.RULES, id=game)


@pytest.mark.parametrize("game, s", list(scenarios()))
def test_a_case_answers_under_its_other_reading_and_when_edited(watched, site_url, game, s):
    w = watched(bypass_csp=False)  # under the site's own CSP, as a reader gets it
    i, island = open_island(w.page, f"{site_url}en/{game}/cases/", f"[data-spec*='{s['case']}\"']")
    flip_case_reading(w.page, i, island, s["option"], s["flipped"])
    verdict = island.locator(".kikoto-verdict")
    assert verdict.get_attribute("data-legal") == "false" and verdict.get_attribute("data-reason") == s["flipped_reason"]
    assert s["flipped_rule"] in verdict.inner_text()
    assert island.get_attribute("data-runtime").startswith("emscripten")
    answers = 1
    if s["back"] is not None:
        island.locator(f"select[name='options.{s['option']}']").select_option(json.dumps(s["back"]))
        answers += 1
        wait_answers(w.page, i, answers)
    island.locator("details.kikoto-editor > summary").click()
    editor = island.locator("textarea[name='case']")
    typed = s["edit"](editor.input_value())
    editor.fill(typed)
    island.locator("button[data-ask]").click()
    wait_answers(w.page, i, answers + 1)
    where, says = s["edited"]
    assert verdict.get_attribute("data-legal") == "true" and says in island.locator(where).inner_text()
    assert editor.input_value() == typed
    assert not w.errors and not w.foreign()
