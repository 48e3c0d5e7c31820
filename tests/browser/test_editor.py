"""Ask your own question, in a real browser, by taps and clicks only (no JSON typed): set up a
position, ask about a legal and an illegal move and get the rule, save it as a case file, share the
position as a link and open it again; the same by keyboard only; and an impossible position, named and kept.

Each game with an editor (widgets/render/<package>/edit.py) brings its scenario in
tests/<package>/editor_scenario.py."""

import json

import pytest
from playwright.sync_api import expect

from engine import game_ids
from engine.core.cases import judge
from tests.browser.support import THEME_MOUNTED, screenshot, wait_answers
from tests.conftest import game_tests
from widgets.render.renderer import renderer

GAMES = [g for g in game_ids() if renderer(g).editor]


def scenario(game):
    return game_tests(game, "editor_scenario").SCENARIO


def compact(value) -> str:
    """The JSON text the renderer writes into data-cmd and data-path."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def ask_page(site_url, game, lang="en"):
    return f"{site_url}{'' if lang == 'hu' else lang + '/'}{game}/ask/"


def editor(page):
    return page.locator(".kikoto").filter(has=page.locator(".kikoto-ed")).first


def answers(page) -> int:
    return int(editor(page).get_attribute("data-answers") or 0)


def act(page, step, *, keyboard=False):
    """One tap or click (or, by keyboard: focus, then Enter) and the engine's answer to it."""
    kind, what = step
    ed = editor(page)
    before = answers(page)
    # a tool or an offer is named by what it is ({"ship": 0}, an action) or by its words on the page
    if kind == "tap":
        target = ed.locator(f"[data-tap='{what}']")
    elif kind == "mode":
        target = ed.locator(f"button[data-cmd='{compact({'op': 'mode', 'mode': what})}']")
    elif isinstance(what, str):
        target = ed.locator(".kikoto-ed-palette button" if kind == "tool" else ".kikoto-ed-offers button", has_text=what).first
    elif kind == "tool":
        target = ed.locator(f"button[data-cmd='{compact({'op': 'tool', 'tool': what})}']")
    else:
        target = ed.locator(f"button[data-cmd='{compact({'op': 'ask', 'action': what})}']")
    if keyboard:
        target.focus()
        page.keyboard.press("Enter")
    else:
        target.click()
    expect(ed).to_have_attribute("data-answers", str(before + 1), timeout=120_000)


def set_counter(page, path, value, *, keyboard=False):
    ed = editor(page)
    before = answers(page)
    box = ed.locator(f"[data-path='{compact(path)}']")
    box.focus()
    if keyboard:
        page.keyboard.press("Control+A")
        page.keyboard.type(value)
    else:
        box.fill(value)
    page.keyboard.press("Tab")  # the change is sent when the field is left
    expect(ed).to_have_attribute("data-answers", str(before + 1), timeout=120_000)


def verdict(page):
    return editor(page).locator(".kikoto-ed-answer .kikoto-verdict")


def open_editor(page, url):
    """The ask page, laid out for taps: the theme's script (it loads at the first move, a scroll
    included) and the boards near the screen (content-visibility) must not move the page under a
    tap already aimed, which on a loaded machine lost a test's first tap."""
    page.goto(url)
    editor(page).locator(".kikoto-ed-palette").scroll_into_view_if_needed()
    page.mouse.move(1, 1)  # the first move, where the page needs no scroll (a new game's short Ask page)
    page.wait_for_function(THEME_MOUNTED)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def run_scenario(page, site_url, game, *, lang="en", keyboard=False, shot=None):
    s = scenario(game)
    open_editor(page, ask_page(site_url, game, lang))
    for step in s["setup"]:
        act(page, step, keyboard=keyboard)
    if s.get("counter"):
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


@pytest.mark.parametrize("game", GAMES)
def test_set_up_ask_and_share_by_taps_on_a_phone(watched, site_url, game):
    w = watched(viewport={"width": 375, "height": 800}, has_touch=True, permissions=["clipboard-read", "clipboard-write"])
    page = w.page
    run_scenario(page, site_url, game, shot=f"editor-{game}-375.png")
    # nothing scrolls sideways on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    # "Save as a case file": the position, the move last asked and the question typed, as a case the
    # engine runs (so a dispute can become one of the site's cases)
    editor(page).locator("[data-question]").fill("May I?")
    with page.expect_download() as download:
        editor(page).locator("[data-save-case]").click()
    with open(download.value.path(), encoding="utf-8") as f:
        case = json.load(f)
    assert case["game"] == game and case["question"] == "May I?"
    assert case["state"] == json.loads(editor(page).locator(".kikoto-ed").get_attribute("data-update"))["draft"]
    verdict_of_file = judge(case)[2]
    assert not verdict_of_file.legal and scenario(game)["illegal_rule"] in verdict_of_file.rules
    # the position is in the address bar: opening the link again gives the same position and question
    expect(editor(page)).to_have_attribute("data-shared", editor(page).get_attribute("data-answers"))
    assert "#ask=" in page.url
    shared = json.loads(editor(page).locator(".kikoto-ed").get_attribute("data-update"))  # what the link holds
    # "Copy the link" says so, where it was tapped and to screen readers (a status)
    copied = editor(page).locator(".kikoto-ed-copied[role='status']")
    editor(page).locator("[data-share-link]").click()
    words = json.loads(editor(page).locator(".kikoto-ed").get_attribute("data-ui"))
    expect(copied).to_have_text(words["copied"])
    # whoever opens the link never sees the page's own position first: it says the shared one is opening
    again = watched(viewport={"width": 375, "height": 800}).page
    again.goto(page.url)
    expect(again.locator(".kikoto-opening")).to_have_text(words["opening"])
    expect(again.locator(".kikoto-output")).to_be_hidden()
    wait_answers(again, 0, 1)
    expect(again.locator(".kikoto-opening")).to_have_count(0)
    update = json.loads(again.locator(".kikoto-ed").get_attribute("data-update"))
    assert update["draft"] == shared["draft"]
    assert again.locator(".kikoto-ed-answer .kikoto-verdict").get_attribute("data-legal") == "false"
    assert not w.foreign() and not w.errors


@pytest.mark.parametrize("game", GAMES)
def test_the_same_by_keyboard_only(watched, site_url, game):
    w = watched(viewport={"width": 1280, "height": 900})
    run_scenario(w.page, site_url, game, keyboard=True, shot=f"editor-{game}-1280.png")
    assert not w.errors


@pytest.mark.parametrize("game", GAMES)
def test_an_impossible_position_is_named_and_kept(watched, site_url, game):
    """The engine says what is wrong, in Hungarian on the Hungarian page, and what was entered stays."""
    s = scenario(game)
    impossible = (
        s["impossible"] if isinstance(s["impossible"], dict) else {"setup": s["impossible"], "field": s["impossible_field"]}
    )
    page = watched().page
    open_editor(page, ask_page(site_url, game, "hu"))
    for step in impossible["setup"]:
        act(page, step)
    problem = editor(page).locator(".kikoto-ed-problem")
    expect(problem).to_be_visible()
    # asking waits for a possible position, and says so: disabled, and described by the problems
    ask = editor(page).locator(f"button[data-cmd='{compact({'op': 'mode', 'mode': 'ask'})}']")
    expect(ask).to_be_disabled()
    expect(ask).to_have_attribute("aria-describedby", problem.get_attribute("id"))
    expect(editor(page).locator(".kikoto-ed")).to_have_attribute("data-mode", "edit")
    assert problem.get_attribute("data-field").startswith(impossible["field"])
    assert "state." not in problem.inner_text()  # named in words, not by the JSON path
    draft = json.loads(editor(page).locator(".kikoto-ed").get_attribute("data-update"))["draft"]
    # the reader's edit is still there
    if "kept" in impossible:
        node = draft
        for key in impossible["kept"][0]:
            node = node[key]
        assert node == impossible["kept"][1]
    else:
        tapped = [what for kind, what in impossible["setup"] if kind == "tap"][-1]
        assert tapped in json.dumps(draft)
