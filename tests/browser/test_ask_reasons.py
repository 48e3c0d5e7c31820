"""Every reason, the disputed one first (issue 39, item 3), on each game's Ask page at 375 px, by taps:
a move that breaks two rules, asked after the reader changed a field, shows both rules in the
verdict, the changed field's rule first (widgets/render/answer.py, `ordered`), and the verdict is on
the screen after the tap that asked.

A game brings it as SCENARIO["two_rules"] in tests/<package>/editor_scenario.py: {"steps", "rules"},
the steps as in tests/browser/test_ask_supply.py and the two rule ids in the order the page must show
them; a game without it is skipped."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steady import in_view
from tests.browser.test_ask_questions import PHONE, open_ask_page
from tests.browser.test_ask_supply import by_taps, run_commands
from tests.browser.test_editor import GAMES, ask_page, editor, scenario

pytestmark = pytest.mark.browser


def two_rules(game):
    s = scenario(game).get("two_rules")
    if s is None:
        pytest.skip(f"{game}: no SCENARIO['two_rules'] in its editor_scenario.py yet")
    return s


def order_of(cited: list, rules: list) -> list:
    """The expected rules in the order they first appear among those cited."""
    return sorted((r for r in rules if r in cited), key=cited.index)


@pytest.mark.parametrize("game", GAMES)
def test_both_rules_the_changed_fields_first_by_its_commands(game):
    """The same steps as the commands the page sends, without a browser."""
    from tests.widgets.test_editor_parts import ask_page as page_spec

    s = two_rules(game)
    answer = run_commands(page_spec(game), s["steps"])
    assert "kikoto-ed-answer" in answer
    verdict = answer[answer.index("kikoto-verdict") :]
    assert 'data-legal="false"' in verdict[:200]
    rule = r'class="kikoto-rule"[^>]*>([^<]+)</a>'
    headline = re.findall(rule, re.search(r'class="admonition-title">(.*?)</p>', verdict).group(1))
    cited = re.findall(rule, verdict)
    assert s["rules"][0] in headline, f"the changed field's rule is not the headline's: {headline}"
    assert order_of(cited, s["rules"]) == s["rules"], cited


@pytest.mark.parametrize("game", GAMES)
def test_both_rules_the_changed_fields_first_at_375(watched, site_url, game):
    s = two_rules(game)
    w = watched(viewport=PHONE, has_touch=True)
    page = w.page
    open_ask_page(page, ask_page(site_url, game), taps=True)
    by_taps(page, s["steps"])
    verdict = editor(page).locator(".kikoto-ed-answer .kikoto-verdict")
    expect(verdict).to_have_count(1)
    expect(verdict).to_have_attribute("data-legal", "false")
    headline = [a.inner_text() for a in verdict.locator(".admonition-title .kikoto-rule").all()]
    cited = [a.inner_text() for a in verdict.locator(".kikoto-rule").all()]
    assert s["rules"][0] in headline, f"the changed field's rule is not the headline's: {headline}"
    assert order_of(cited, s["rules"]) == s["rules"], cited
    assert in_view(verdict), "the verdict is off the screen after the tap that asked"
    assert not w.errors and not w.foreign()
