"""A sample of the cases' "Change the position" links in a real browser (every case's link is taken
through the same Python in CPython by test_links.py): the link opens the Ask page on the case's
position and question, asking, with the case's verdict and rules. And a sandbox played against
random seats: its link holds the reader's moves only and opens on the same game, as does a link the
site wrote before (every move listed)."""

import json
import os

import pytest
from playwright.sync_api import expect

from engine.core.cases import run_case
from engine.core.formats import LINK_FORMAT, read_link
from tests.browser.support import wait_answers, wait_shared
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
    page.wait_for_url(f"**/{game}/ask/#ask=*", wait_until="commit", timeout=60_000)
    answer = page.locator(".kikoto-ed-answer .kikoto-verdict")
    expect(answer).to_have_attribute("data-reason", verdict["reason"], timeout=120_000)
    assert answer.get_attribute("data-legal") == str(verdict["legal"]).lower()
    shown = answer.locator(".kikoto-rule").all_inner_texts()
    assert shown == verdict["rules"]
    assert page.locator(".kikoto-ed").get_attribute("data-mode") == "ask"
    assert not page.locator(".kikoto-ed-problem").count() and not w.errors


def game_shown(island) -> tuple:
    """What a sandbox shows of its game: how many moves, the log, whose turn."""
    play = island.locator(".kikoto-play")
    return (
        play.get_attribute("data-moves"),
        island.locator(".kikoto-log ol").inner_text(),
        island.locator(".kikoto-turn").inner_text(),
    )


def test_a_sandbox_against_random_seats_shares_the_readers_moves_only(watched, site_url):
    """Mare Balticum (a random seat's company token is put down face down): seats 2 and 3 random, a few
    moves by hand and an undo; the address bar's link holds the reader's moves, and a fresh page opens
    it on the same game. A link the site wrote before (format 3, every move) opens on its game too,
    and the address bar then holds the reader's moves only."""
    w = watched()
    w.page.goto(site_url + "en/mare-balticum/sandbox/")
    island = w.page.locator(".kikoto").first
    answers = 0
    for seat in (1, 2):
        island.locator(f"input[name='auto.{seat}']").check()
        answers += 1
        wait_answers(w.page, 0, answers)
    for _ in range(6):
        island.locator("button[data-move]").first.click()
        answers += 1
        wait_answers(w.page, 0, answers)
    before = int(island.locator(".kikoto-play").get_attribute("data-moves"))
    island.locator("button[data-undo]").click()
    answers += 1
    wait_answers(w.page, 0, answers)
    wait_shared(w.page, 0)
    text = w.page.url.split("#play=", 1)[1]
    link = read_link(text, "mare-balticum")
    shown = game_shown(island)
    assert text.startswith(f"{LINK_FORMAT}.") and len(link["moves"]) == 5 and "played" not in link
    assert 5 < int(shown[0]) < before  # the random seats played between the reader's moves
    w2 = watched()
    w2.page.goto(w.page.url)
    wait_answers(w2.page, 0, 1)
    assert game_shown(w2.page.locator(".kikoto").first) == shown
    # a link of format 3, as the site wrote it (tests/formats/corpus/links)
    with open(os.path.join(ROOT, "tests", "formats", "corpus", "links", "links.json"), encoding="utf-8") as f:
        old = next(
            e["text"]
            for e in json.load(f)
            if e["game"] == "mare-balticum" and e["text"].startswith("3.") and "random" in e.get("note", "")
        )
    w3 = watched()
    w3.page.goto(site_url + "en/mare-balticum/sandbox/#play=" + old)
    wait_answers(w3.page, 0, 1)
    wait_shared(w3.page, 0)
    listed = read_link(old, "mare-balticum")["played"]
    assert w3.page.locator(".kikoto-play").get_attribute("data-moves") == str(len(listed))
    now = read_link(w3.page.url.split("#play=", 1)[1], "mare-balticum")
    assert "played" not in now and 0 < len(now["moves"]) < len(listed)
    assert not w.errors and not w2.errors and not w3.errors
