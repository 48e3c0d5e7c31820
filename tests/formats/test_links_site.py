"""A sample of the cases' "Change the position" links in a real browser (every case's link is taken
through the same Python in CPython by test_links.py): the link opens the Ask page on the case's
position and question, asking, with the case's verdict and rules."""

import json
import os

import pytest
from playwright.sync_api import expect

from engine.core.cases import run_case
from tests.conftest import ROOT

pytestmark = pytest.mark.browser

# cases whose link opened on "moves[0]: illegal move" before (the Ask page's own moves were played on them)
SAMPLE = [("mare-balticum", "mb-company-slot-taken", "en"), ("black-fleet", "bf-no-passing-enemy", "hu")]


@pytest.mark.parametrize("game,case_id,lang", SAMPLE, ids=[s[1] for s in SAMPLE])
def test_change_the_position_opens_the_case_on_the_ask_page(watched, site_url, game, case_id, lang):
    with open(os.path.join(ROOT, "docs", game, "cases", case_id + ".json"), encoding="utf-8") as f:
        verdict = run_case(json.load(f))["verdict"]
    w = watched()
    page = w.page
    page.goto(f"{site_url}{'' if lang == 'hu' else lang + '/'}{game}/cases/")
    island = page.locator(f"[data-spec*='{case_id}\"']").first
    island.locator("[data-ask-link]").click()
    page.wait_for_url(f"**/{game}/ask/#ask=*")
    answer = page.locator(".kikoto-ed-answer .kikoto-verdict")
    expect(answer).to_have_attribute("data-reason", verdict["reason"], timeout=120_000)
    assert answer.get_attribute("data-legal") == str(verdict["legal"]).lower()
    shown = answer.locator(".kikoto-rule").all_inner_texts()
    assert shown == verdict["rules"]
    assert page.locator(".kikoto-ed").get_attribute("data-mode") == "ask"
    assert not page.locator(".kikoto-ed-problem").count() and not w.errors
