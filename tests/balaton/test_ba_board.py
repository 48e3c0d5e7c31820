"""The schematic board keeps every fact the rulebook gives; formats match their JSON Schemas."""

import copy
import json
import os

import pytest

from engine.balaton.board import BOARD, Board, load_default
from engine.core import InputError
from tests.conftest import host_module

from .ba_helpers import GAME, position

PKG = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "engine", "balaton")


def schema(*parts):
    with open(os.path.join(PKG, *parts), encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.rules("BA-5.1", "BA-9.1", "BA-10.3", "BA-4.3")
def test_board_is_faithful_and_labelled_schematic():
    data = load_default()
    # the board data keeps ids and numbers only: its texts are in the catalog and on the rules page (BA-1.2)
    assert data["schematic"] is True and "note" not in data
    assert BOARD.start == "veszprem" and BOARD.kind["veszprem"] == "start"
    assert (BOARD.size["siofok"], BOARD.size["tihany"], BOARD.size["revfulop"]) == (3, 2, 1)
    for sid in ("siofok", "tihany", "revfulop", "keszthely", "szarszo", "akali", "zanka", "boglar"):
        assert sid in BOARD.size
    assert BOARD.ferries == {"szarszo": "akali", "zanka": "boglar"}
    assert BOARD.plane == {"siofok": "keszthely", "keszthely": "siofok"}
    # several-field settlements: every non-centre field is an arrow to the centre
    for sid, size in BOARD.size.items():
        fields = [f for f, s in BOARD.field_settlement.items() if s == sid]
        assert len(fields) == size
        for f in fields:
            assert (f == BOARD.centre[sid]) or BOARD.arrow[f] == BOARD.centre[sid]
            # „előre kell lépnie … a »központba«”: an arrow leads forward (clockwise), never back
            if f in BOARD.arrow:
                assert BOARD.index[BOARD.arrow[f]] > BOARD.index[f], f
    # so a pawn leaving a settlement's centre leaves the settlement: one step from Siófok's centre is field 9
    assert BOARD.walk(BOARD.centre["siofok"], 1) == "f09" and BOARD.walk(BOARD.centre["keszthely"], 1) == "f22"
    assert any(BOARD.double.values()) and any(BOARD.green.values())
    for lid, green in BOARD.green.items():
        assert (len(BOARD.ports_on[lid]) == 3) == green or not green
    # the lake network is connected, and every field has coordinates for the drawing
    assert all(BOARD.connected(BOARD.lakes[0], lid) for lid in BOARD.lakes)
    assert all(isinstance(v, tuple) for v in BOARD.xy.values())


def test_formats_follow_their_schemas():
    jsonschema = host_module("jsonschema")
    check = jsonschema.Draft202012Validator
    check(schema("data", "board.schema.json")).validate(load_default())
    state_v = check(schema("schema", "state.schema.json"))
    action_v = check(schema("schema", "action.schema.json"))
    seen = set()
    s = GAME.new(6, seed=4, options={"coin_scale": 10, "bumped_pawn": "landing"})
    for _ in range(300):
        state_v.validate(s.to_json())
        actions = s.legal_actions()
        for a in actions:
            shape = (a["type"], tuple(sorted(a)))
            if shape not in seen:
                seen.add(shape)
                action_v.validate(a)
        s = s.apply(actions[len(actions) // 2])


def test_bad_board_data_names_the_field():
    bad = copy.deepcopy(load_default())
    bad["settlements"][0]["lake"] = "nowhere"
    with pytest.raises(InputError) as err:
        Board(bad)
    assert err.value.field == "board.settlements[0].lake"
    bad = copy.deepcopy(load_default())
    bad["links"].append(["l-almadi", "l-almadi"])
    with pytest.raises(InputError) as err:
        Board(bad)
    assert err.value.field.startswith("board.links[")


@pytest.mark.parametrize(
    "change,field",
    [
        ({"money": [10]}, "state.money"),
        ({"pos": ["veszprem", "atlantis"]}, "state.pos[1]"),
        ({"ports": {"tihany": [0, 0]}}, "state.ports.tihany"),
        ({"ports": {"budapest": [0]}}, "state.ports.budapest"),
        ({"ships": {"l-siofok": {"tihany": [1, 0]}}}, "state.ships.l-siofok.tihany"),
        ({"ships": {"l-siofok": {"siofok": [4, 0]}}}, "state.ships.l-siofok.siofok[0]"),
        ({"phase": "dance"}, "state.phase"),
        ({"phase": "move"}, "state.dice"),
        ({"step": {"card": "joker"}}, "state.step.card"),
        ({"rng": "xyz"}, "state.rng"),
        ({"options": {"coin_scale": 3}}, "state.options.coin_scale"),
        ({"winner": 1}, "state.winner"),
    ],
)
def test_bad_positions_name_the_field(change, field):
    data = {"players": 2, "money": [10, 10], "pos": ["veszprem", "veszprem"], "turn": 0, "phase": "land"}
    data.update(change)
    with pytest.raises(InputError) as err:
        GAME.from_json(data)
    assert err.value.field == field


def test_round_trip_of_a_hand_written_position():
    s = position(ships={"g-east": {"tihany": [1, 2]}}, ports={"tihany": [1, 0], "fured": [0, 1]})
    assert s.ports == {"tihany": [0, 1], "fured": [0, 1]}
    assert GAME.from_json(s.to_json()).to_json() == s.to_json()
