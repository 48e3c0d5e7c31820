"""Balaton's position format and its migrations (Game(migrations=...) in engine/balaton/game.py):
every document saved in an earlier format opens. Format 1 had the reading `no_money`, dropped since
the book's „elfogy a pénze” is 0 Ft (format 2); format 2 called the end of the step `end`, now
`end-turn` as in Black Fleet and Vor dem Wind (format 3). The fixtures in formats/ are documents
as they were written (two case files from the repository's history, one at format 2)."""

import copy
import json
import os

import pytest

from engine.core.cases import judge

from .ba_helpers import GAME

HERE = os.path.join(os.path.dirname(__file__), "formats")
PARTS = ("state", "options", "setup", "moves", "action")


def fixture(name):
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        return json.load(f)


def migrated(doc):
    """The document at the current format: the game's steps from its version on, on its game parts
    (what engine/core/formats.py's migrate does with them), the reader's own left unchanged."""
    parts = {k: copy.deepcopy(doc[k]) for k in PARTS if k in doc}
    for step in GAME.migrations[doc.get("game_format", 1) - 1 :]:
        step(parts)
    return {**{k: v for k, v in doc.items() if k not in PARTS and k != "game_format"}, **parts}


def test_the_format_is_three():
    assert GAME.format == 3 and "no_money" not in GAME.options


@pytest.mark.rules("BA-4.2", "BA-5.1")
def test_a_case_whose_moves_end_the_step_with_end_opens_with_its_verdict():
    doc = fixture("format-1-ba-bumped-landing.json")
    before = json.dumps(doc)
    *_, result = judge(migrated(doc))
    assert result["matches"] and result["verdict"]["reason"] == "port-ok"
    assert json.dumps(doc) == before
    # judge() migrates a case file itself (engine/core/formats.py), as `engine check` does
    assert judge(doc)[3] == result


@pytest.mark.rules("BA-11.1")
def test_a_case_that_chose_no_money_below_reroll_opens_under_the_book():
    doc = fixture("format-1-ba-subsidy-below-reroll.json")
    assert doc["options"] == {"no_money": "below-reroll"}
    assert judge(doc)[3]["verdict"] == judge(migrated(doc))[3]["verdict"]  # judge() migrates it too
    # it relied on the answer that is gone: with 1 Ft the money has not run out, so no subsidy
    *_, result = judge(migrated(doc))
    assert result["verdict"]["legal"] is False and result["verdict"]["reason"] == "subsidy-not-broke"
    assert not result["matches"]


def test_a_format_2_document_ends_its_step_with_end_turn():
    *_, result = judge(migrated(fixture("format-2-end.json")))
    assert result["matches"]


def test_options_inside_a_saved_position_and_a_link_are_migrated():
    draft = {
        "players": 2,
        "money": [0, 10],
        "pos": ["tihany-2", "veszprem"],
        "turn": 0,
        "phase": "land",
        "options": {"no_money": "zero", "coin_scale": 1},
    }
    parts = {
        "state": copy.deepcopy(draft),
        "action": {"type": "end", "player": 0},
        "moves": [{"type": "end"}, "junk", None],
        "options": {"no_money": "below-reroll"},
    }
    for step in GAME.migrations:
        step(parts)
    assert parts["state"]["options"] == {"coin_scale": 1} and parts["options"] == {}
    assert parts["action"] == {"type": "end-turn", "player": 0} and parts["moves"][0] == {"type": "end-turn"}
    state = GAME.from_json(parts["state"])
    assert state.check({"type": "subsidy"}).legal and state.check(parts["action"]).legal


@pytest.mark.parametrize(
    "parts",
    [{}, {"state": None, "options": [], "moves": "x", "action": 5}, {"state": {"options": "zero"}, "setup": {"options": None}}],
)
def test_steps_leave_what_they_cannot_read(parts):
    before = copy.deepcopy(parts)
    for step in GAME.migrations:
        step(parts)
    assert parts == before
