"""Every reason on the Ask page: for each game's move that breaks two rules
(tests/<package>/reasons_scenario.py, brought with the engine's side of "every reason"), the editor's
answer shows all of them, first the one about the field the reader changed last, and a precondition
that is not the point of the question after the others, said as such, with its fix as a button that
carries the fix out."""

import html
import json
import os
import re

import pytest

from engine import game_ids, load_game
from tests.conftest import ROOT, game_tests
from tests.widgets.test_editor_parts import render
from widgets.render.renderer import renderer

GAMES = [
    g
    for g in game_ids()
    if renderer(g).editor and os.path.exists(os.path.join(ROOT, "tests", g.replace("-", "_"), "reasons_scenario.py"))
]


def scenario(game):
    return game_tests(game, "reasons_scenario")


def shown(answer: str) -> list[str]:
    """The reason codes of the answer's verdict, in the order the page shows them."""
    verdict = answer[answer.index("kikoto-verdict") :].split(">")[0]
    every = re.search(r'data-reasons="([^"]*)"', verdict)
    return every.group(1).split() if every else [re.search(r'data-reason="([^"]*)"', verdict).group(1)]


def ask(game, changed):
    case = scenario(game).case()
    return render(
        {"widget": "editor", "game": game, "draft": case["state"], "mode": "ask", "asked": case["action"], "changed": changed}
    )


def test_a_game_brings_its_two_rule_move():
    assert GAMES, "no game brings tests/<package>/reasons_scenario.py"


@pytest.mark.parametrize("game", GAMES)
def test_every_reason_shown_the_changed_fields_first(game):
    s = scenario(game)
    case = s.case()
    verdict = load_game(game).from_json(case["state"]).check(case["action"])
    codes = {r.code for r in verdict.reasons}
    assert codes >= set(case["expect"]["reasons"])
    for code, about in s.ABOUT.items():
        if code == getattr(s, "PRECONDITION", None):
            continue
        for field in about:
            if not field.startswith("state."):
                continue  # the reader changes the position; the move's own fields are the question's
            answer, _ = ask(game, [field])
            order = shown(answer)
            assert set(order) == codes, order
            assert order[0] == code, f"{field} changed: {order}"


@pytest.mark.parametrize("game", GAMES)
def test_a_precondition_comes_last_as_such_with_its_fix(game):
    s = scenario(game)
    pre = getattr(s, "PRECONDITION", None)
    if pre is None:
        pytest.fail(f"{game}: its reasons_scenario names no PRECONDITION")
    answer, _ = ask(game, [])
    assert shown(answer)[-1] == pre
    said = answer[answer.index(f'class="kikoto-precondition" data-reason="{pre}"') :]
    assert "Not what you asked" in said.split("</p>")[0]
    fix = re.search(r'data-cmd="([^"]*op&quot;:&quot;fix[^"]*)"', said)
    assert fix, "the precondition's fix is a button"
    # the fix carried out: the precondition is gone from the verdict on the same move
    case = s.case()
    spec = {"widget": "editor", "game": game, "draft": case["state"], "mode": "ask", "asked": case["action"]}
    fixed, update = render({**spec, "cmd": json.loads(html.unescape(fix.group(1)))})
    assert pre not in shown(fixed)
