"""The Balaton position editor's own logic (widgets/render/balaton/edit.py): what a tap does to a
draft, which move a pawn-then-field question asks, and that any draft can be drawn. The engine's
verdicts on these are tested with the rules; the browser scenario is editor_scenario.py."""

import copy
import json
import os
import re

import pytest

from engine import load_game
from engine.balaton.position import lenient
from engine.core.edit import apply_edit, set_field
from widgets.render.balaton.board import board_svg
from widgets.render.balaton.edit import EDITING, move_to

ASK = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "balaton", "examples", "ask.json")


@pytest.fixture
def draft():
    with open(ASK, encoding="utf-8") as f:
        return copy.deepcopy(json.load(f)["state"])


@pytest.fixture
def moving(draft):
    """The Ask page's table before a move: player 1 on field 10, dice 1 and 3."""
    draft = dict(draft, phase="move", dice=[1, 3], pos=["f10"] + draft["pos"][1:])
    del draft["step"]
    return draft


def test_the_ask_page_position_is_possible(draft, moving):
    load_game("balaton").from_json(copy.deepcopy(moving))
    load_game("balaton").from_json(copy.deepcopy(draft))


def test_a_pawn_and_a_field_ask_the_move_the_dice_allow(moving):
    draft = moving
    # dice 1 and 3: from field 13, Balatonboglár is 1 ahead, Fonyód 3
    assert move_to(draft, 0, "f13", "boglar") == {"type": "move", "player": 0, "steps": 1, "back": False}
    assert move_to(draft, 0, "f13", "fonyod")["steps"] == 3
    # backwards with the back card when only that way is rolled: field 12 is 1 behind
    assert move_to(draft, 0, "f13", "f12") == {"type": "move", "player": 0, "steps": 1, "back": True}
    # Siófok's centre (its last field: the arrows lead forward) is 3 ahead of field 5, and
    # reached through its arrow fields too: 1 step to siofok-1 when only that is rolled
    assert move_to(draft, 0, "f05", "siofok-3") == {"type": "move", "player": 0, "steps": 3, "back": False}
    assert move_to(dict(draft, dice=[1, 1]), 0, "f05", "siofok-3")["steps"] == 1
    # nothing rolled fits: the shortest way, for the engine to refuse
    assert move_to(draft, 0, "f13", "f23")["steps"] == 10


def test_taps_place_pieces_and_take_them_off(draft):
    d, _ = EDITING.edit_tap(draft, {"pawn": 2}, "f01")
    assert d["pos"][2] == "f01"
    d, _ = EDITING.edit_tap(d, {"port": 2}, "tihany-1")  # any field of a settlement
    assert d["ports"]["tihany"] == [0, 2]
    d, _ = EDITING.edit_tap(d, {"ship": 2}, "g-east")  # from player 3's own port beside it, the first
    assert d["ships"]["g-east"]["tihany"] == [0, 0, 1]
    load_game("balaton").from_json(copy.deepcopy(d))
    # the eraser on a field with several pieces takes none: it asks which, in the field's panel
    before = copy.deepcopy(d)
    d, tool = EDITING.edit_tap(d, {"erase": True}, "g-east")
    assert d == before and tool == {"erase": True, "at": "g-east"}
    assert "ed-erase-which" not in (panel := EDITING.inspector(d, tool, "en", set())) and "which one goes?" in panel
    d, _ = EDITING.command(d, tool, {"op": "game", "do": "remove-ship", "seat": 2, "field": "g-east", "port": "fured"})
    assert d["ships"]["g-east"] == {"szarszo": [1, 0, 0], "tihany": [0, 0, 1]}
    d, tool = EDITING.edit_tap(d, {"erase": True}, "tihany-2")
    assert d["ports"]["tihany"] == [0, 2] and tool == {"erase": True, "at": "tihany-2"}
    d, _ = EDITING.command(d, tool, {"op": "game", "do": "remove-port", "seat": 2, "field": "tihany-2"})
    assert d["ports"]["tihany"] == [0]
    # with one piece there, the eraser takes it at once
    d, tool = EDITING.edit_tap(d, {"erase": True}, "tihany-2")
    assert not d["ports"].get("tihany") and tool == {"erase": True}


def test_a_second_tap_on_a_pawn_asks_about_it(moving):
    draft = moving
    tool, action = EDITING.ask_tap(draft, None, "f10")
    assert tool == {"at": "f10", "seat": 0} and action is None
    tool, action = EDITING.ask_tap(draft, tool, "f13")
    assert action == {"type": "move", "player": 0, "steps": 3, "back": False}


def test_a_phase_brings_its_counters(moving):
    d = set_field(load_game("balaton"), moving, ["phase"], "roll")
    assert d["dice"] == [] and d["rerolls"] == 0
    d = set_field(load_game("balaton"), d, ["phase"], "land")
    assert len(d["dice"]) == 2 and d["step"]["landed"] == ""
    load_game("balaton").from_json(copy.deepcopy(d))


def test_resizing_keeps_the_seats_that_stay(draft):
    d = EDITING.resize(copy.deepcopy(draft), 2)
    (problem,) = load_game("balaton").problems(copy.deepcopy(d))
    assert problem.fix.op == "return_extra_seats"  # the third seat's pieces stay until the fix is tapped
    d = apply_edit(load_game("balaton"), d, problem.fix.op, problem.fix.args)
    assert d["players"] == 2 and len(d["pos"]) == 2 and "fured" not in d["ports"]
    load_game("balaton").from_json(copy.deepcopy(d))
    d = EDITING.resize(d, 5)
    assert len(d["money"]) == 5 and d["ships"]["l-siofok"]["siofok"] == [1, 0, 0, 0, 0]
    load_game("balaton").from_json(copy.deepcopy(d))


@pytest.mark.parametrize(
    "bad",
    [
        {},
        {"pos": "x"},
        {"pos": ["nowhere", "f01"], "players": 9},
        {"ships": {"g-east": {"tihany": [1, "x"]}, "zz": 1}, "ports": {"siofok": 3}},
        {"dice": [7, 1], "phase": 3, "actor": "x"},
    ],
)
def test_any_draft_is_drawn(bad, draft):
    for data in (bad, {**draft, **bad}):
        assert board_svg(data, "hu", tappable=True, tall=True).endswith("</svg>")
        assert board_svg(data, "en").endswith("</svg>")
        assert isinstance(lenient(data)["players"], int)


@pytest.mark.rules("BA-11.1")
def test_a_purchase_on_this_landing_shows_what_it_cost(draft):
    """The subsidy_broke reading asks for the money on arriving: the step's "spent" is a counter once something was bought."""
    game = load_game("balaton")
    draft = dict(draft, phase="land", dice=[1, 3], step={"landed": "", "bought": False})
    assert "&quot;spent&quot;" not in EDITING.counters(draft, "en", frozenset(), game)
    draft["step"] = {"landed": "", "bought": True, "spent": 2}
    assert "&quot;spent&quot;" in EDITING.counters(draft, "en", frozenset(), game)


@pytest.mark.parametrize("which", ["round_trip", "two_rules"])
def test_the_round_trip_and_the_two_rules_by_their_commands(which):
    """The editor scenario's round trip (a ship back to the supply and one from it, then ten-fold coins)
    and its two rules, sent as the page sends them: the verdict, and the changed field's rule first."""
    from tests.balaton.editor_scenario import SCENARIO
    from tests.widgets.test_editor_parts import ask_page, command, render

    q = SCENARIO[which]
    spec = ask_page("balaton")
    answer, update = render(spec)
    for kind, what in q["steps"]:
        spec = {**spec, **update, "parts": None}
        cmd = {"op": "set", "path": what[0], "value": int(what[1])} if kind == "counter" else command(answer, kind, what)
        answer, update = render({**spec, "cmd": cmd})
    verdict = answer[answer.index("kikoto-ed-answer") :]
    assert f'data-legal="{str(q["legal"]).lower()}"' in verdict
    rules = [r for r in re.findall(r">(BA-[\d.]+)</a>", verdict)]
    assert rules[: len(q.get("rules", [q.get("rule")]))] == q.get("rules", [q.get("rule")])
    if which == "round_trip":
        assert update["draft"]["money"][0] == 60 and "l-siofok" not in update["draft"]["ships"]


def test_a_pawns_panel_holds_its_players_money_and_the_bank(draft):
    """Tapping a pawn opens its panel with the player's money, a coin at a time from the bank and back
    (never below 0 Ft); the typed field stays the only one of that value on the page."""
    panel = EDITING.inspector(draft, {"at": "szarszo"}, "en", frozenset())
    assert "Money (Ft): 6" in panel and "One coin from the bank" in panel and "data-path" not in panel
    d, _ = EDITING.command(copy.deepcopy(draft), None, {"op": "game", "do": "take-money", "seat": 0})
    assert d["money"][0] == 7
    for _ in range(9):
        d, _ = EDITING.command(d, None, {"op": "game", "do": "return-money", "seat": 0})
    assert d["money"][0] == 0
