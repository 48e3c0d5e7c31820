"""The Ask page holds still under the reader's finger, in every game at 375 px, by taps:

- two number fields of one panel typed in at a person's pace while an answer arrives (the engine's
  answer to the first is held until the second is being typed, then handed on): both values stay, in
  the fields and in the position, and the field being typed in stays the same element, since a phone
  closes its keyboard on a field taken away (typed values ended empty, or as "36" where 3 was typed);
- no layout shift while the page loads and the engine starts, nor at the answers of the game's first
  typical question (CLS, as Core Web Vitals count it: 0), and the verdict is on the screen after the
  tap that asked, with no swipe.

A game's SCENARIO["two_numbers"] (tests/<package>/editor_scenario.py) gives the steps that open the
panel and the two fields with the values to type."""

import json

import pytest
from playwright.sync_api import expect

from tests.browser.steady import HOLD, SHIFTS, cls, in_view, shifts
from tests.browser.test_ask_questions import PHONE, open_ask_page, questions
from tests.browser.test_ask_taps import answered, count_answers, target_of
from tests.browser.test_editor import GAMES, ask_page, compact, editor, scenario

pytestmark = pytest.mark.browser


def draft_value(page, path):
    node = json.loads(editor(page).locator(".kikoto-ed").get_attribute("data-update"))["draft"]
    for key in path:
        node = node[key]
    return node


def tap_steps(page, steps):
    ed = editor(page)
    for kind, what in steps:
        before = count_answers(page)
        target_of(ed, kind, what).tap()
        answered(page, before)


@pytest.mark.parametrize("game", GAMES)
def test_two_numbers_typed_while_an_answer_arrives(watched, site_url, game):
    s = scenario(game)["two_numbers"]
    w = watched(viewport=PHONE, has_touch=True)
    w.context.add_init_script(HOLD)
    page = w.page
    open_ask_page(page, ask_page(site_url, game), taps=True)
    tap_steps(page, s["setup"])
    ed = editor(page)
    (first, a), (second, b) = s["fields"]
    box1, box2 = (ed.locator(f"[data-path='{compact(path)}']") for path in (first, second))
    assert box1.input_value() != a and box2.input_value() != b, "the values typed must change the fields"
    box1.tap()
    page.keyboard.type(a, delay=150)
    page.evaluate("window.__hold = true")
    before = count_answers(page)
    box2.tap()  # the first field is left: its value goes to the engine, whose answer is held
    box2.evaluate("el => { el.__typedIn = true; }")
    page.keyboard.type(b[0], delay=150)
    page.wait_for_function("window.__held.length > 0")
    page.evaluate("window.__release()")
    answered(page, before)  # the first field's answer, arrived while the second is being typed
    page.keyboard.type(b[1:], delay=150)
    assert box2.evaluate("el => el.__typedIn === true"), "the answer took away the field being typed in"
    assert box2.evaluate("el => el === document.activeElement"), "the field being typed in lost the focus"
    box2.evaluate("el => el.blur()")  # the phone's keyboard closed: the second value goes
    answered(page, before + 1)
    assert (box1.input_value(), box2.input_value()) == (a, b)
    assert (draft_value(page, first), draft_value(page, second)) == (int(a), int(b))
    assert not w.errors


@pytest.mark.parametrize("game", GAMES)
def test_nothing_moves_while_loading_and_answering(watched, site_url, game):
    w = watched(viewport=PHONE, has_touch=True)
    w.context.add_init_script(SHIFTS)
    page = w.page
    open_ask_page(page, ask_page(site_url, game), taps=True)
    expect(editor(page)).to_have_attribute("data-live", "ready", timeout=120_000)
    page.wait_for_timeout(1000)
    assert cls(page) == 0, f"while loading: {shifts(page)}"
    ed = editor(page)
    steps = questions(game)[0]["steps"]
    for kind, what in steps:
        before = count_answers(page)
        target_of(ed, kind, what).tap()
        answered(page, before)
    verdict = ed.locator(".kikoto-ed-answer .kikoto-verdict")
    expect(verdict).to_have_count(1)
    assert in_view(verdict), "the verdict is off the screen after the tap that asked"
    page.wait_for_timeout(1000)
    assert cls(page) == 0, f"at the answers: {shifts(page)}"
    assert not w.errors
