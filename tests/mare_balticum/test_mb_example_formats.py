"""An example (a widget's spec under docs/mare-balticum/examples/) saved in an earlier game format
still renders: its parts go through the game's steps on load (engine/core/formats.py,
`migrate_example`), as a case file's and a link's do. Format 1 spelled the end of a turn "end_turn"
and knew the option refill_opponent_ship."""

import copy
import json

import pytest

from engine.core.formats import migrate_example
from widgets.render import render_island, render_output

from ._mb import CASES, GAME, load_json

CASE = load_json(CASES, "mb-refill-opponent-ship.json")  # ends a turn, legally
CTX = {"rules_url": "../rules/"}


def current() -> list[dict]:
    """A worked example ("steps"), a move list ("legal", its filter) and an Ask page ("editor"), each
    in today's format, on the case's position."""
    state, action = CASE["state"], CASE["action"]
    base = {"id": "t", "game": GAME.id, "game_format": GAME.format, "title": "Próba"}
    return [
        {**base, "widget": "steps", "state": state, "options": {}, "steps": [{"action": action, "caption": "Vége"}]},
        {**base, "widget": "legal", "state": state, "options": {}, "filter": dict(action)},
        {**base, "widget": "editor", "state": state, "asked": action},
    ]


def first_format(spec: dict) -> dict:
    """The spec as format 1 wrote it: "end_turn", the option that is gone, and no "game_format"."""
    old = json.loads(json.dumps(spec).replace('"end-turn"', '"end_turn"'))
    old.pop("game_format")
    old["state"]["options"] = {**old["state"].get("options", {}), "refill_opponent_ship": True}
    return old


@pytest.mark.parametrize("index", range(3), ids=["steps", "legal", "editor"])
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_an_example_in_the_first_format_renders_as_today_s(index, lang):
    new = current()[index]
    old = first_format(new)
    ctx = {**CTX, "lang": lang}
    assert "kikoto-error" not in render_island(new, ctx)
    island = render_island(old, ctx)
    assert "kikoto-error" not in island
    assert render_output(old, ctx) == render_output(new, ctx)
    assert old == first_format(new)  # the file's own data is not changed
    # read as today's format, the same spec is refused: the steps are what opens it
    assert "kikoto-error" in render_output({**old, "game_format": GAME.format}, ctx)


def test_a_current_example_is_left_as_it_is():
    for spec in current():
        assert migrate_example(spec) is spec
    old = first_format(current()[0])
    once = migrate_example(old)
    assert migrate_example(once) is once and once["game_format"] == GAME.format
    assert once["steps"][0]["action"] == CASE["action"] and "refill_opponent_ship" not in once["state"]["options"]
    assert copy.deepcopy(once) == migrate_example(copy.deepcopy(old))
