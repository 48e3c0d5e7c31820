"""Any position the player means (issue 39, item 1), on each game's Ask page at 375 px, by taps: a
question whose position needs a component taken from where it came from (supply, bag, bank) and put
back, and a setting changed after pieces were placed (what no longer fits is a problem with its
one-tap fix), then asked. It fails on more than 10 taps, or when the verdict is not on the screen
after the tap that asked (a swipe between the tap and its answer).

A game brings it as SCENARIO["round_trip"] in tests/<package>/editor_scenario.py: {"name", "steps",
"legal", "rule"}, a game without it is skipped. The steps are those of SCENARIO["questions"]
(tests/browser/test_ask_taps.py, `target_of`: "tap", "mode", "tool", "offer", "counter") and:

- ("players", n): the number of players (its select: two taps, open and choose);
- ("choose", (path, value)): another setting's select, at its data-path (a variant, a reading, the
  phase): two taps;
- ("fix", {"name", "args"}): a problem's or a reason's one-tap fix (the editor's "fix" command);
- ("cmd", command): any other button, by its whole command.

Each question's taps, and the swipes a player makes to reach a target that is off the screen, are
written to artifacts/ask-round-trip.json for the issue's note."""

import fcntl
import html
import json
import os
import re

import pytest
from playwright.sync_api import expect

from tests.browser.steady import in_view
from tests.browser.support import ARTIFACTS
from tests.browser.test_ask_questions import PHONE, assert_verdict, counter_by_taps, open_ask_page
from tests.browser.test_ask_taps import TAPS, answered, count_answers, target_of
from tests.browser.test_editor import GAMES, ask_page, compact, editor, scenario

pytestmark = pytest.mark.browser

RESULTS = os.path.join(ARTIFACTS, "ask-round-trip.json")
SELECTS = ("players", "choose")


def step_target(ed, kind, what):
    """The element a step acts on: test_ask_taps' kinds, and the settings' selects and the buttons."""
    if kind == "players":
        return ed.locator("select[data-players]")
    if kind == "choose":
        return ed.locator(f"select[data-path='{compact(what[0])}']")
    if kind == "fix":
        return ed.locator(f"button[data-cmd='{compact({'op': 'fix', **what})}']").first
    if kind == "cmd":
        return ed.locator(f"button[data-cmd='{compact(what)}']").first
    return target_of(ed, kind, what)


def on_screen(locator) -> bool:
    """Wholly within the phone's screen as it is: no swipe needed to reach it."""
    return locator.evaluate("(el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }")


def by_taps(page, steps) -> tuple[int, int]:
    """Runs the steps as a player's taps; returns (taps, swipes to reach a target off the screen)."""
    ed = editor(page)
    taps = swipes = 0
    for kind, what in steps:
        before = count_answers(page)
        target = step_target(ed, kind, what)
        expect(target).to_have_count(1)
        if not on_screen(target):
            swipes += 1
        if kind in SELECTS:
            target.scroll_into_view_if_needed()
            # a setting's options hold their values as JSON (data-json), the players' select plain numbers
            target.select_option(str(what) if kind == "players" else compact(what[1]))
            taps += 2
        elif kind == "counter":
            counter_by_taps(page, target, what[1])
            if count_answers(page) == before:  # sent when the phone's keyboard closes
                target.evaluate("el => el.blur()")
            taps += 1
        else:
            target.tap()
            taps += 1
        answered(page, before)
    return taps, swipes


def run_commands(spec, steps) -> str:
    """The steps as the commands the page sends, without a browser; returns the last answer's HTML.
    A fix must be offered by the answer before it (a problem's or a reason's button)."""
    from tests.widgets.test_editor_parts import command, render

    answer, update = render(spec)
    for kind, what in steps:
        spec = {**spec, **update, "parts": None}
        if kind == "counter":
            cmd = {"op": "set", "path": what[0], "value": int(what[1])}
        elif kind == "players":
            cmd = {"op": "players", "players": what}
        elif kind == "choose":
            cmd = {"op": "set", "path": what[0], "value": what[1]}
        elif kind in ("fix", "cmd"):
            cmd = {"op": "fix", **what} if kind == "fix" else what
            offered = [json.loads(html.unescape(c)) for c in re.findall(r'data-cmd="([^"]*)"', answer)]
            assert cmd in offered, f"no button {cmd} offered"
        else:
            cmd = command(answer, kind, what)
        answer, update = render({**spec, "cmd": cmd})
    return answer


def record(game, **counts):
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(RESULTS, "a+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        f.seek(0)
        text = f.read()
        results = json.loads(text) if text.strip() else {}
        results[game] = counts
        f.seek(0)
        f.truncate()
        json.dump(results, f, ensure_ascii=False, indent=1, sort_keys=True)


def round_trip(game):
    s = scenario(game).get("round_trip")
    if s is None:
        pytest.skip(f"{game}: no SCENARIO['round_trip'] in its editor_scenario.py yet")
    return s


@pytest.mark.parametrize("game", GAMES)
def test_a_round_trip_by_its_commands(game):
    """The same steps as the commands the page sends, without a browser: the same verdict, and the
    position possible before the question (every problem the setting made was fixed)."""
    from tests.widgets.test_editor_parts import ask_page as page_spec

    s = round_trip(game)
    answer = run_commands(page_spec(game), s["steps"])
    assert "kikoto-ed-answer" in answer, f"{s['name']}: not asked (the position still has a problem?)"
    verdict = answer[answer.index("kikoto-ed-answer") :]
    assert f'data-legal="{str(s["legal"]).lower()}"' in verdict, s["name"]
    assert f">{s['rule']}</a>" in verdict, s["name"]


@pytest.mark.parametrize("game", GAMES)
def test_a_round_trip_by_taps_at_375(watched, site_url, game):
    s = round_trip(game)
    w = watched(viewport=PHONE, has_touch=True)
    page = w.page
    open_ask_page(page, ask_page(site_url, game), taps=True)
    taps, swipes = by_taps(page, s["steps"])
    assert_verdict(page, s)
    verdict = editor(page).locator(".kikoto-ed-answer .kikoto-verdict")
    record(game, question=s["name"], taps=taps, swipes_to_reach=swipes, verdict_in_view=in_view(verdict))
    print(f"{game} round trip: {taps} taps, {swipes} swipes to reach a target")
    assert in_view(verdict), "the verdict is off the screen after the tap that asked"
    assert taps <= TAPS, f"{s['name']}: {taps} taps"
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    assert not w.errors and not w.foreign()
