"""Three typical questions per game, asked on its Ask page at 375 px the way players at a table ask
them: each from the page as it opens, a position set up by taps and then the question, at most 10
taps; and each again by keyboard alone, at most 40 key presses, the focus never on the page's body.
The questions are the game's SCENARIO["questions"] (tests/<package>/editor_scenario.py), each with
the verdict and a rule it must cite.

What each question took is written to artifacts/ask-questions.json (game → question → taps, keys
typed on the phone's keyboard, key presses by keyboard alone) for the issue's note. A number field
counts as a player meets it: on the phone, one tap on it, then a Backspace for each digit it held,
the digits and Enter, all counted as key presses; by keyboard, the Tabs to reach it, Ctrl+A, the
digits and Enter (and a Tab if Enter did not send it).

After the first question, the answered page is photographed in both languages (the Hungarian page
opened from the English one's link, which holds the position and the question) under
artifacts/screens/."""

import fcntl
import json
import os
import re

import pytest
from playwright.sync_api import expect

from tests.browser.support import ARTIFACTS
from tests.browser.test_ask_taps import FOCUS, KEYS, TAPS, Keyboard, answered, count_answers, target_of
from tests.browser.test_editor import GAMES, ask_page, editor, open_editor, scenario

pytestmark = pytest.mark.browser

RESULTS = os.path.join(ARTIFACTS, "ask-questions.json")
PHONE = {"width": 375, "height": 800}


def questions(game):
    return scenario(game)["questions"]


def record(game, n, **counts):
    """Adds one question's counts to the results file (the tests of one run add to the same file)."""
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(RESULTS, "a+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        f.seek(0)
        text = f.read()
        results = json.loads(text) if text.strip() else {}
        entry = results.setdefault(game, {}).setdefault(str(n + 1), {})
        entry.update({"question": questions(game)[n]["name"], **counts})
        f.seek(0)
        f.truncate()
        json.dump(results, f, ensure_ascii=False, indent=1, sort_keys=True)


def open_ask_page(page, url, *, taps=False):
    if taps:  # laid out for taps: nothing moves the page under a tap already aimed (test_editor.open_editor)
        open_editor(page, url)
    else:
        page.goto(url)
    # a tap before the page's script has run is not seen (it runs once the page is parsed)
    expect(page.locator(".kikoto[data-wired]")).to_have_count(1)


# Every text of the editor drawn under 11 px (an SVG label at its font size times the board's scale).
SMALL_TEXT = """(root) => { const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !el.getClientRects().length || el.closest('details:not([open]) > :not(summary)')) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) { const m = el.getScreenCTM(); px *= m ? Math.hypot(m.a, m.b) : 1; }
    if (px < 10.95) out.push(`${node.textContent.trim().slice(0, 30)} (${px.toFixed(1)} px)`);
  }
  return out; }"""


def assert_verdict(page, q):
    verdict = editor(page).locator(".kikoto-ed-answer .kikoto-verdict")
    expect(verdict).to_have_count(1)
    expect(verdict).to_have_attribute("data-legal", "true" if q["legal"] else "false")
    cited = [a.inner_text() for a in verdict.locator(".kikoto-rule").all()]
    assert q["rule"] in cited, f"{q['name']}: {cited}"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_brings_three_questions_both_verdicts_among_them(game):
    qs = questions(game)
    assert len(qs) == 3, game
    assert {q["legal"] for q in qs} == {True, False}, game
    for q in qs:
        assert ("mode", "ask") in q["steps"] and q["steps"][0] != ("mode", "ask"), f"{game}: set up, then ask"


@pytest.mark.parametrize("game", GAMES)
def test_the_questions_by_their_commands(game):
    """Each question's steps as the commands the page sends, without a browser: the same verdicts."""
    from tests.widgets.test_editor_parts import ask_page as page_spec, command, render

    for q in questions(game):
        spec = page_spec(game)
        answer, update = render(spec)
        for kind, what in q["steps"]:
            spec = {**spec, **update, "parts": None}
            cmd = {"op": "set", "path": what[0], "value": int(what[1])} if kind == "counter" else command(answer, kind, what)
            answer, update = render({**spec, "cmd": cmd})
        verdict = answer[answer.index("kikoto-ed-answer") :]
        assert f'data-legal="{str(q["legal"]).lower()}"' in verdict, q["name"]
        assert f">{q['rule']}</a>" in verdict, q["name"]


def counter_by_taps(page, target, value):
    """A number field on a phone: a tap, the old digits erased, the new typed, Enter. Returns the key presses."""
    target.tap()
    keys = 0
    for _ in target.input_value():
        page.keyboard.press("Backspace")
        keys += 1
    for digit in value:
        page.keyboard.press(digit)
        keys += 1
    page.keyboard.press("Enter")
    return keys + 1


@pytest.mark.parametrize("game", GAMES)
def test_three_questions_by_taps_at_375(watched, site_url, game):
    w = watched(viewport=PHONE, has_touch=True)
    page = w.page
    for n, q in enumerate(questions(game)):
        open_ask_page(page, ask_page(site_url, game), taps=True)
        ed = editor(page)
        taps = keys = 0
        for kind, what in q["steps"]:
            before = count_answers(page)
            target = target_of(ed, kind, what)
            if kind == "counter":
                keys += counter_by_taps(page, target, what[1])
                if count_answers(page) == before:  # sent when the phone's keyboard closes
                    target.evaluate("el => el.blur()")
            else:
                target.tap()
            taps += 1
            answered(page, before)
        assert_verdict(page, q)
        # the answer never widens the page past the phone's screen
        assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"], q["name"]
        assert not editor(page).evaluate(SMALL_TEXT), q["name"]
        record(game, n, taps=taps, typed=keys)
        print(f"{game} #{n + 1}: {taps} taps, {keys} keys typed")
        assert taps <= TAPS, f"{q['name']}: {taps} taps"
        if n == 0:
            photograph_both_languages(page, site_url, game)
    assert not w.errors and not w.foreign()


def photograph_both_languages(page, site_url, game):
    """The answered Ask page at 375 px, in English and (from the same link) in Hungarian."""
    shots = os.path.join(ARTIFACTS, "screens")
    os.makedirs(shots, exist_ok=True)
    expect(editor(page)).to_have_attribute("data-shared", editor(page).get_attribute("data-answers"))
    link = page.url
    for lang in ("en", "hu"):
        if lang == "hu":
            page.goto(re.sub(r"/en/", "/", link, count=1))
            expect(editor(page)).to_have_attribute("data-answers", "1", timeout=120_000)
            expect(editor(page).locator(".kikoto-ed-answer .kikoto-verdict")).to_have_count(1)
        # the whole island (board, controls and answer) as the page lays it out, the theme's fixed
        # header at the page's top, and the screen as the player holds it at the answer
        # (boards off screen skip their drawing, content-visibility: a whole-page picture draws them)
        page.add_style_tag(content=".kikoto, .kikoto-board { content-visibility: visible !important; }")
        page.evaluate("window.scrollTo(0, 0)")  # the fixed header where it is at the page's top
        box = editor(page).bounding_box()
        page.screenshot(
            path=os.path.join(shots, f"ask-{game}-{lang}-375.png"),
            full_page=True,
            clip={"x": 0, "y": box["y"], "width": PHONE["width"], "height": box["height"]},
        )
        editor(page).locator(".kikoto-ed-answer").scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(shots, f"ask-{game}-{lang}-375-answer.png"))


@pytest.mark.parametrize("game", GAMES)
def test_three_questions_by_keyboard_at_375(watched, site_url, game):
    w = watched(viewport=PHONE)
    page = w.page
    over, noted = {}, {q["name"] for q in questions(game) if q.get("keyboard_over")}
    for n, q in enumerate(questions(game)):
        open_ask_page(page, ask_page(site_url, game))
        ed = editor(page)
        keys = Keyboard(page)
        keys.start()
        for kind, what in q["steps"]:
            before = count_answers(page)
            target = target_of(ed, kind, what)
            keys.reach(target)
            if kind == "counter":
                for key in ["Control+A", *str(what[1]), "Enter"]:
                    keys.press(key)
                if count_answers(page) == before:  # a number field sends its value when left
                    keys.press("Tab")
            else:
                keys.press("Enter")
            answered(page, before)
            assert page.evaluate(FOCUS) is not None, "focus on the page's body after the answer"
        assert_verdict(page, q)
        record(game, n, keyboard=keys.presses)
        print(f"{game} #{n + 1}: {keys.presses} key presses", keys.keys)
        over[q["name"]] = keys.presses > KEYS
    # every question in at most 40, but one that says why it takes more (SCENARIO: "keyboard_over")
    assert not [name for name, o in over.items() if o and name not in noted], over
    assert not all(over.values()), "no question by keyboard in 40 key presses"
    assert not w.errors
