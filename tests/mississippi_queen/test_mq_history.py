"""The relation model, who has acted, and the counters' bounds (engine/mississippi_queen/position.py's
docstring): each problem on a position that has it alone, and its one-tap fix mending it."""

import json

import pytest

from engine.core.edit import apply_edit
from engine.mississippi_queen import edit
from engine.mississippi_queen.board import BOARD, TILE_IDS, field_at, tile_islands
from engine.mississippi_queen.position import _start_ranking, moves_made

from .mq_support import GAME, fresh


def problems(data):
    return [(p.code, p.field) for p in GAME.problems(data)]


def mended(data, code):
    """`data` after the fix of its problem `code`, which must have one."""
    problem = next(p for p in GAME.problems(data) if p.code == code)
    assert problem.fix is not None, code
    return apply_edit(GAME, json.loads(json.dumps(data)), problem.fix.op, problem.fix.args)


@pytest.mark.rules("MQ-2.1", "MQ-4.1")
def test_a_steamer_that_has_not_moved_has_its_start_wheels():
    data = fresh().to_json()  # round 1, nobody has moved
    data["steamers"][1]["speed"] = 2
    assert problems(data) == [("not-moved-wheel", "state.steamers[1].speed")]
    fixed = mended(data, "not-moved-wheel")  # the round its wheel needs: it turned it in round 1
    assert fixed["round"] == 2 and problems(fixed) == []


@pytest.mark.rules("MQ-4.1")
def test_speed_beyond_what_the_moves_and_the_coal_allow():
    data = fresh().to_json()
    data["round"] = 2  # every steamer has moved once: one free step, speed 2 at most with all coal kept
    data["steamers"][0].update(speed=2)
    assert problems(data) == []
    data["steamers"][0].update(speed=4)
    assert problems(data) == [("speed-unreachable", "state.steamers[0].speed")]
    data["steamers"][0].update(coal=4)  # two coal spent buy the two steps beyond the free one
    assert problems(data) == []
    data["steamers"][0].update(coal=6)
    fixed = mended(data, "speed-unreachable")
    assert fixed["round"] == 4 and problems(fixed) == []


@pytest.mark.rules("MQ-6.1")
def test_no_more_river_tiles_than_moves_made():
    data = fresh().to_json()
    edit.lay_tile(data, "C")
    assert problems(data) == [("tiles-unreachable", "state.tiles[2].index")]  # round 1, nobody has moved
    data["turn"] = 1  # once red has moved it may have laid it
    assert problems(data) == []
    data["turn"] = 0
    assert problems(mended(data, "tiles-unreachable")) == []


@pytest.mark.rules("MQ-2.4")
def test_a_seat_that_has_not_chosen_its_heading_faces_downstream():
    state = GAME.new(3, 1)
    state = state.apply({"type": "heading", "dir": 2})  # seat 1 has chosen
    data = state.to_json()
    assert problems(data) == []
    data["steamers"][2]["dir"] = 3
    assert problems(data) == [("heading-before-turn", "state.steamers[2].dir")]
    fixed = mended(data, "heading-before-turn")
    assert problems(fixed) == [] and fixed["steamers"][0]["dir"] == 2  # a heading already chosen stays


@pytest.mark.rules("MQ-9.6", "MQ-9.7")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_passenger_game_s_first_round_goes_by_the_start_spots(players):
    state = GAME.new(players, 1, {"game": "passenger"})
    for _ in range(players):
        state = state.apply({"type": "heading", "dir": 0})
    assert state.order == _start_ranking(state)  # the engine's ranking at the setup's end
    data = state.to_json()
    data["order"] = list(range(players))
    assert problems(data) == [("order-first-round", "state.order")]
    assert problems(mended(data, "order-first-round")) == []
    data["options"]["first_round"] = "seats"  # the reading: round 1 by seat
    assert problems(data) == []
    data["order"] = state.order
    assert ("order-first-round", "state.order") in problems(data)


def with_pier(side, **options):
    """The learning game's river ending with a second tile and the pier at its tab `side`, every
    steamer on the start tile, round 3."""
    state = fresh(**options)
    data = state.to_json()
    used = {t["tile"] for t in data["tiles"]}
    data["deck"] = [next(t for t in TILE_IDS if t not in used)]
    edit.lay_tile(data, "C")
    edit.set_pier(data, side)
    data["tiles"][-1]["explored"] = True
    data["round"] = 3
    return data


def landing(data):
    return [list(p) for p in data["pier"]["fields"]]


@pytest.mark.rules("MQ-8.3")
def test_a_racing_steamer_stands_on_a_landing_field_only_where_it_could_not_land():
    data = with_pier("C")
    data["steamers"][0]["pos"] = landing(data)[0]
    assert problems(data) == [("racing-on-landing", "state.steamers[0].pos")]  # the learning game lands at once
    data["options"]["pushed_finish"] = False  # pushed there, it stays: the reading
    assert problems(data) == []


def test_the_jetty_on_a_landing_field_keeps_a_steamer_that_took_its_second_passenger_there():
    """Tile 6's jetty is a landing field of the pier at its centre tab (the convention of MQ-9.8): a
    steamer that arrived with one passenger and took its second there did not land."""
    state = fresh(game="passenger")
    data = state.to_json()
    rest = [t for t in TILE_IDS if t not in ("6", data["tiles"][1]["tile"])]
    if data["tiles"][1]["tile"] == "6":
        pytest.skip("the seed laid tile 6 first")
    data["deck"] = rest + ["6"]
    while data["deck"]:
        edit.lay_tile(data, "C")
    edit.set_pier(data, "C")
    data["tiles"][-1]["explored"] = True
    last = data["tiles"][-1]
    jetty = list(field_at(tuple(last["origin"]), last["dir"], 3, 0))
    assert jetty in landing(data) and (3, 0) not in tile_islands("6")
    red = data["steamers"][0]
    red.update(pos=jetty, speed=1, coal=6, picked=["1a", "6a"])
    edit.recount(data)
    data["round"] = 30
    data["turn"] = 1
    assert problems(data) == []
    red["picked"] = ["6a", "1a"]  # the second came from elsewhere: arriving with two at speed 1, it landed
    edit.recount(data)
    assert problems(data) == [("racing-on-landing", "state.steamers[0].pos")]


@pytest.mark.rules("MQ-8.4")
def test_without_the_race_for_places_there_is_one_place():
    data = with_pier("C", race_for_places=False)
    for seat in (0, 1):
        data["steamers"][seat].update(status="finished", pos=None, place=seat + 1)
    data["next_place"] = 3
    data["phase"] = "over"
    assert ("places-without-race", "state.steamers[1].place") in problems(data)
    data["options"]["race_for_places"] = True
    assert "places-without-race" not in {code for code, _ in problems(data)}


def test_moves_made_follow_the_round_and_who_has_acted():
    state = fresh()
    assert moves_made(state) == [(0, 0)] * 3
    state = state.apply(state.legal_actions()[0])
    if state.phase == "move":
        acted = state.order[: state.turn]
        assert all(moves_made(state)[seat] == (1, 1) for seat in acted)


def test_every_setup_spot_ranks_as_the_engine_ranks_it():
    """The first round's expected order is the engine's own ranking of the start spots (MQ-9.6)."""
    spots = BOARD["start"]["spots"]
    assert len(spots) == 5
    for players in (3, 4, 5):
        state = GAME.new(players, 2, {"game": "passenger"})
        assert state.rank() == _start_ranking(state)


def test_a_fix_is_a_button_s_worth_of_json():
    data = fresh().to_json()
    data["steamers"][1]["speed"] = 2
    problem = GAME.problems(data)[0]
    shown = problem.to_json()
    assert shown["fix"]["op"] == "set" and shown["fix"]["args"] == {"path": ["round"], "value": 2}
    assert json.loads(json.dumps(shown)) == shown
