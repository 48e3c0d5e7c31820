"""The editing operations (engine/balaton/edit.py) keep the component model's totals: a pawn moves,
ports and ships come from the supply and go back to it, never beyond the box; and they never raise
on a half-typed draft."""

import copy

import pytest

from engine.balaton import edit
from engine.balaton.components import START_CARDS

from .ba_helpers import GAME

BASE = {
    "players": 3,
    "money": [7, 10, 4],
    "pos": ["tihany-2", "f12", "almadi"],
    "ports": {"tihany": [0, 1], "fured": [0], "almadi": [2], "siofok": [2]},
    "ships": {"g-east": {"tihany": [2, 0, 0]}, "l-almadi": {"almadi": [0, 0, 1]}},
    "turn": 0,
    "phase": "land",
    "dice": [2, 3],
}


def draft():
    return copy.deepcopy(BASE)


def test_the_base_is_possible():
    assert GAME.problems(BASE) == []


def test_a_pawn_moves_and_the_acting_player_lands_there():
    d = draft()
    edit.move_pawn(d, 0, "fured-2")
    assert d["pos"] == ["fured-2", "f12", "almadi"]
    d = {**draft(), "step": {"landed": "tihany"}}
    edit.move_pawn(d, 0, "fured-2")
    assert d["step"]["landed"] == "fured"
    edit.move_pawn(d, 1, "siofok-3")  # another player's pawn: the step is the acting player's
    assert d["pos"][1] == "siofok-3" and d["step"]["landed"] == "fured"
    edit.move_pawn(d, 5, "f01")  # no such seat: nothing
    edit.move_pawn(d, 0, "atlantis")
    assert len(d["pos"]) == 3 and d["pos"][0] == "fured-2"


def test_ports_one_per_player_and_settlement():
    d = draft()
    edit.add_port(d, 1, "fured")
    edit.add_port(d, 1, "fured")
    assert d["ports"]["fured"] == [0, 1]
    edit.remove_port(d, 0, "fured")
    edit.remove_port(d, 1, "fured")
    assert "fured" not in d["ports"]
    edit.toggle_port(d, 2, "boglar")
    assert d["ports"]["boglar"] == [2]
    edit.toggle_port(d, 2, "boglar")
    assert "boglar" not in d["ports"]
    edit.add_port(d, 3, "boglar")  # no seat 3 at a table of three
    assert "boglar" not in d["ports"]


def test_ships_up_to_the_closure_and_back_to_the_supply():
    d = draft()
    assert edit.add_ship(d, 0, "g-east") is d  # from the player's own port beside it
    assert d["ships"]["g-east"]["tihany"] == [3, 0, 0]
    edit.add_ship(d, 0, "g-east", "fured")  # a fourth on the field: beyond the box
    assert "fured" not in d["ships"]["g-east"]
    assert GAME.problems(d) == []
    d["options"] = {"closure_scope": "port"}  # closure per port: three more from another port
    edit.add_ship(d, 0, "g-east", "fured")
    assert d["ships"]["g-east"]["fured"] == [1, 0, 0]
    for _ in range(4):
        edit.remove_ship(d, 0, "g-east", "fured")
    assert "fured" not in d["ships"]["g-east"]
    edit.remove_ship(d, 2, "l-almadi", "almadi")
    assert "l-almadi" not in d["ships"]
    before = copy.deepcopy(d)
    assert edit.add_ship(d, 0, "m-centre") == before  # a lake field with no port beside it


@pytest.mark.parametrize("players", [2, 3, 5])
def test_resize_keeps_seats_and_adds_new_ones_as_in_a_new_game(players):
    d = draft()
    edit.resize(d, players)
    if players < 3:
        # what no longer fits is carried over, and named with its one-tap fix
        (problem,) = GAME.problems(d)
        assert (problem.field, problem.code, problem.fix.op) == ("state.money", "field-count", "return_extra_seats")
        assert len(d["money"]) == 3 and d["ports"]["almadi"] == [2]
        edit.return_extra_seats(d)
    assert d["players"] == players and len(d["money"]) == len(d["pos"]) == len(d["cards"]) == players
    assert d["money"][:2] == [7, 10] and d["pos"][:2] == ["tihany-2", "f12"]
    assert all(c == START_CARDS for c in d["cards"][3:])
    assert all(s < players for owners in d["ports"].values() for s in owners)
    assert all(len(c) == players for by in d["ships"].values() for c in by.values())
    assert GAME.problems(d) == []


def test_a_smaller_table_and_back_keeps_the_seat_that_left():
    d = draft()
    edit.resize(edit.resize(d, 2), 3)
    assert {k: d[k] for k in BASE} == BASE and GAME.problems(d) == []


def test_resize_with_ten_fold_coins_starts_new_seats_with_100():
    d = {**draft(), "options": {"coin_scale": 10}, "money": [70, 100, 40]}
    edit.resize(d, 4)
    assert d["money"] == [70, 100, 40, 100]


def test_phases_bring_their_counters():
    d = {**draft(), "phase": "roll", "dice": []}
    d["phase"] = "land"
    edit.set_phase(d)
    assert len(d["dice"]) == 2 and d["step"]["landed"] == "tihany"
    assert GAME.problems(d) == []
    d["phase"] = "roll"
    edit.set_phase(d)
    assert d["dice"] == [] and d["rerolls"] == 0
    assert GAME.problems(d) == []
    d["turn"] = 2
    edit.set_turn(d)
    assert d["actor"] == 2


@pytest.mark.parametrize(
    "junk",
    [
        {},
        {"players": "3"},
        {"players": 3, "pos": "x", "ports": [], "ships": 5},
        {"players": 2, "ports": {"tihany": "0"}, "ships": {"g-east": []}},
    ],
)
def test_half_typed_drafts_never_raise(junk):
    d = copy.deepcopy(junk)
    edit.move_pawn(d, 0, "f01")
    edit.toggle_port(d, 0, "tihany")
    edit.add_ship(d, 0, "g-east")
    edit.remove_ship(d, 0, "g-east", "tihany")
    edit.resize(d, 2)
    edit.set_phase(d)
    edit.set_turn(d)
    assert d["players"] == 2


def test_operations_keep_the_totals():
    d = draft()

    def cubes():
        return (
            sum(len(o) for o in d["ports"].values()),
            sum(c for by in d["ships"].values() for counts in by.values() for c in counts),
        )

    ports, ships = cubes()
    edit.add_ship(d, 1, "g-east")
    assert cubes() == (ports, ships + 1)
    edit.remove_ship(d, 1, "g-east", "tihany")
    edit.add_port(d, 1, "zanka")
    assert cubes() == (ports + 1, ships)
    edit.move_pawn(d, 2, "f01")
    assert cubes() == (ports + 1, ships) and len(d["pos"]) == 3


def test_a_field_set_by_hand_goes_through_the_engine():
    """engine/core/edit.py's set_field writes the field, then this game's after_set: a new turn's
    player acts, a phase brings its counters; a path the format lacks changes nothing."""
    from engine.core import InputError
    from engine.core.edit import set_field

    d = set_field(GAME, draft(), ["turn"], 2)
    assert (d["turn"], d["actor"]) == (2, 2) and GAME.problems(d) == []
    d = set_field(GAME, d, ["phase"], "roll")
    assert d["dice"] == [] and d["rerolls"] == 0 and GAME.problems(d) == []
    with pytest.raises(InputError) as err:
        set_field(GAME, d, ["money", 3], 5)  # three seats: no fourth
    assert (err.value.code, err.value.field) == ("field-unknown", "state.money[3]")
