"""Ask your own question, in a real browser, by taps and clicks only (no JSON typed): set up a
position, ask about a legal and an illegal move and get the rule, share the position as a link
and open it again; then the same by keyboard only. Every game with an editor module
(widgets/render/<game>_edit.py) is covered by its own scenario below."""

import base64
import json

import pytest
from playwright.sync_api import expect

from .conftest import screenshot, wait_answers

# Each scenario: the game's ask page, the taps that set up the position, and two questions.
SCENARIOS = {
    "mare-balticum": {
        # Player 1's ship sits in Stockholm (STO) at the start; a salmon and an amber go on A4,
        # and player 1 gets a full hold of herring. Then: sail STO -> A4 (legal, MB-4.1), and
        # fish amber on A4 with a full hold (player 1 has no ship there: illegal, MB-5.1).
        "setup": [("tool", "Player 1's ship"), ("tap", "archipelago"),
                  ("tool", "amber"), ("tap", "archipelago")],
        "counter": (["players", 0, "hold", "herring"], "5"),
        "legal": [("tap", "stockholm"), ("tap", "archipelago")],
        "legal_rule": "MB-4",
        "illegal": [("tap", "aland"), ("offer", "amber")],
        "illegal_rule": "MB-5.1",
    },
}


def ask_page(site_url, game, lang="en"):
    return f"{site_url}{'' if lang == 'hu' else lang + '/'}{game}/ask/"


def editor(page):
    return page.locator(".kikoto").filter(has=page.locator(".kikoto-ed")).first


def answers(page) -> int:
    return int(editor(page).get_attribute("data-answers") or 0)


def act(page, step, *, keyboard=False):
    """One tap or click (or, by keyboard, focus and Enter) and the engine's answer to it."""
    kind, what = step
    ed = editor(page)
    before = answers(page)
    if kind == "tap":
        target = ed.locator(f"[data-tap='{what}']")
    elif kind == "tool":
        target = ed.locator(".kikoto-ed-palette button", has_text=what).first
    elif kind == "mode":
        target = ed.locator(".kikoto-ed-modes button").nth(0 if what == "edit" else 1)
    else:  # an offered move, by the words of its description
        target = ed.locator(".kikoto-ed-offers button", has_text=what).first
    if keyboard:
        target.focus()
        page.keyboard.press("Enter")
    else:
        target.click()
    expect(ed).to_have_attribute("data-answers", str(before + 1), timeout=120_000)


def set_counter(page, path, value, *, keyboard=False):
    ed = editor(page)
    before = answers(page)
    box = ed.locator(f"input[data-path='{json.dumps(path, separators=(',', ':'))}']")
    if keyboard:
        box.focus()
        page.keyboard.press("Control+A")
        page.keyboard.type(value)
        page.keyboard.press("Tab")
    else:
        box.fill(value)
        box.dispatch_event("change")
    expect(ed).to_have_attribute("data-answers", str(before + 1), timeout=120_000)


def verdict(page):
    return editor(page).locator(".kikoto-ed-answer .kikoto-verdict")


def run_scenario(page, site_url, game, *, keyboard=False, shot=None):
    s = SCENARIOS[game]
    page.goto(ask_page(site_url, game))
    for step in s["setup"]:
        act(page, step, keyboard=keyboard)
    set_counter(page, *s["counter"], keyboard=keyboard)
    ed = editor(page)
    expect(ed.locator(".kikoto-ed")).to_have_attribute("data-valid", "true")
    act(page, ("mode", "ask"), keyboard=keyboard)
    for step in s["legal"]:
        act(page, step, keyboard=keyboard)
    expect(verdict(page)).to_have_attribute("data-legal", "true")
    assert s["legal_rule"] in verdict(page).inner_text()
    for step in s["illegal"]:
        act(page, step, keyboard=keyboard)
    expect(verdict(page)).to_have_attribute("data-legal", "false")
    assert s["illegal_rule"] in verdict(page).inner_text()
    if shot:
        screenshot(page, shot)
    return ed


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_set_up_ask_and_share_by_taps(watched, site_url, game):
    w = watched(viewport={"width": 375, "height": 800}, has_touch=True)
    page = w.page
    run_scenario(page, site_url, game, shot=f"editor-{game}-375.png")
    # the position is in the address bar: opening the link again gives the same position
    expect(editor(page)).to_have_attribute("data-shared", editor(page).get_attribute("data-answers"))
    link = page.url
    assert "#ask=" in link
    shared = json.loads(base64.urlsafe_b64decode(link.split("#ask=")[1] + "==="))
    again = watched(viewport={"width": 375, "height": 800}).page
    again.goto(link)
    wait_answers(again, 0, 1)
    update = json.loads(again.locator(".kikoto-ed").get_attribute("data-update"))
    assert update["draft"] == shared["draft"]
    assert again.locator(".kikoto-ed-answer .kikoto-verdict").get_attribute("data-legal") == "false"
    # nothing scrolls sideways on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert not w.foreign() and not w.errors


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_the_same_by_keyboard_only(watched, site_url, game):
    w = watched(viewport={"width": 1280, "height": 900})
    run_scenario(w.page, site_url, game, keyboard=True, shot=f"editor-{game}-1280.png")
    assert not w.errors


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_an_impossible_position_is_named_and_kept(watched, site_url, game):
    """Too many ships for a player: the engine says what is wrong, in Hungarian on the Hungarian
    page, and what was entered stays."""
    w = watched()
    page = w.page
    page.goto(ask_page(site_url, game, "hu"))
    steps = [("tool", "1. játékos hajója")] + [("tap", f) for f in ("aland", "archipelago", "north_basin", "finland_w", "finland_e")]
    for step in steps:
        act(page, step)
    problem = editor(page).locator(".kikoto-ed-problem")
    expect(problem).to_be_visible()
    assert "state.players[0]" in problem.get_attribute("data-field")
    draft = json.loads(editor(page).locator(".kikoto-ed").get_attribute("data-update"))["draft"]
    assert draft["players"][0]["ships"].count("aland") == 1  # the reader's entry is still there
