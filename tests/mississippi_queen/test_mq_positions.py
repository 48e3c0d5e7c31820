"""Impossible positions and malformed actions are refused with InputError naming the field; rule
questions get verdicts; positions reached by play survive a JSON round trip."""

import json
import os

import pytest

from engine.core import InputError, Rng
from engine.mississippi_queen.board import TILES
from tests.edits import deleting, setting

from .mq_support import GAME, aboard, at, edit, fresh


def play_until(players, seed, options, wanted, limit=400):
    """The first position of a random race that `wanted` accepts."""
    state, rng = GAME.new(players, seed, options), Rng(seed)
    for _ in range(limit):
        if wanted(state):
            return state
        if state.is_over():
            break
        state = state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def two_waiting(s):
    return s.phase == "move" and len(s.tiles) >= 3 and any(n >= 2 for t in s.tiles for n in t["passengers"].values())


def _passenger():
    """A passenger race where a steamer carries a passenger from a station that still has one waiting."""
    s = play_until(4, 2, {"game": "passenger"}, two_waiting)
    island = next(i for t in s.tiles for i, n in t["passengers"].items() if n >= 2)
    return aboard(s, s.current_player, [island])


LEARNING = play_until(4, 1, {}, lambda s: s.phase == "move" and s.round >= 3)
PASSENGER = _passenger()
FINISHED = play_until(4, 3, {}, lambda s: s.phase == "move" and s.next_place >= 2)
OVER = play_until(3, 4, {"race_for_places": False}, lambda s: s.is_over() and any(st["status"] == "racing" for st in s.steamers))
SETUP = GAME.new(3, 1, {})
START = fresh()


def data_of(state):
    return json.loads(json.dumps(state.to_json()))


def racing(d):
    return [i for i, st in enumerate(d["steamers"]) if st["status"] == "racing"]


def station(d):
    """(tile index, island id) of a station on the table."""
    for i, t in enumerate(d["tiles"]):
        for island in t["passengers"]:
            return i, island
    raise AssertionError("no station")


def island_field(d):
    t = d["tiles"][-1]
    from engine.mississippi_queen.board import field_at

    for island in TILES[t["tile"]]["islands"]:
        a, b = island["cells"][0]
        p = field_at(tuple(t["origin"]), t["dir"], a, b)
        return [p[0], p[1]]
    raise AssertionError("no island")


def first_finished(d):
    return next(i for i, st in enumerate(d["steamers"]) if st["status"] == "finished")


def m_deck_twenty(d):
    d["deck"] = ["3"] * 20


def m_deck_twice(d):
    d["deck"][1] = d["deck"][0]


def m_deck_laid(d):
    d["deck"][0] = d["tiles"][-1]["tile"]


def m_station_16(d):
    i, island = station(d)
    d["tiles"][i]["passengers"][island] = 16


def m_order_zeros(d):
    d["order"] = [0, 0, 0, 0]


def m_order_short(d):
    d["order"] = d["order"][:-1]


def m_over(d):
    d["phase"] = "over"


def m_all_out(d):
    for st in d["steamers"]:
        st.update(status="out", pos=None, place=0)
    d["next_place"] = 1


def m_supply(d):
    d["supply"] += 1


def m_total(d):
    d["total_passengers"] = 16


def m_picked_short(d):
    i = next(i for i, st in enumerate(d["steamers"]) if st["passengers"])
    d["steamers"][i]["picked"] = []


def m_picked_twice(d):
    i = next(i for i, st in enumerate(d["steamers"]) if st["passengers"])
    st = d["steamers"][i]
    st["picked"] = [st["picked"][0], st["picked"][0]]
    st["passengers"] = 2


def m_coal(d):
    d["steamers"][0]["coal"] = 7


def m_speed(d):
    d["steamers"][0]["speed"] = 0


def m_on_island(d):
    d["steamers"][racing(d)[0]]["pos"] = island_field(d)


def m_off_river(d):
    d["steamers"][racing(d)[0]]["pos"] = [99, 99]


def m_share(d):
    a, b = racing(d)[:2]
    d["steamers"][b]["pos"] = list(d["steamers"][a]["pos"])


def m_racing_nowhere(d):
    d["steamers"][racing(d)[0]]["pos"] = None


def m_finished_no_place(d):
    d["steamers"][first_finished(d)]["place"] = 0


def m_place_twice(d):
    i = racing(d)[0]
    d["steamers"][i].update(status="finished", pos=None, place=1)


def m_next_place(d):
    d["next_place"] += 1


def m_tile_moved(d):
    d["tiles"][1]["origin"][0] += 1


def m_tile_index(d):
    d["tiles"][1]["index"] += 1


def m_last_explored(d):
    d["tiles"][-1]["explored"] = True


def m_pier_early(d):
    d["pier"] = {"side": "C", "tile": d["tiles"][-1]["index"], "fields": []}


def m_no_pier(d):
    d["deck"] = []


def m_foreign_station(d):
    i = next(i for i, t in enumerate(d["tiles"]) if t["tile"] != "8")
    d["tiles"][i]["passengers"]["8a"] = 0


def m_heading_without_pending(d):
    d["phase"] = "heading"


def m_pending_finished(d):
    d["phase"] = "heading"
    d["pending"] = [first_finished(d)]


def m_turn_finished(d):
    d["turn"] = d["order"].index(first_finished(d))


def m_turn_range(d):
    d["turn"] = len(d["order"])


def m_round_zero(d):
    d["round"] = 0


def m_setup_round(d):
    d["round"] = 1


def m_order_unsorted(d):
    d["order"] = sorted(d["order"], reverse=True)


def m_rear_empty(d):
    from engine.mississippi_queen.board import LOCAL, field_at, tile_islands

    t = d["tiles"][1]
    water = [field_at(tuple(t["origin"]), t["dir"], a, b) for a, b in LOCAL if (a, b) not in tile_islands(t["tile"])]
    for seat in racing(d):
        d["steamers"][seat]["pos"] = list(water[seat])


def m_round_limit(d):
    d["options"]["round_limit"] = 30
    d["round"] = 31


def m_tiles_short(d):
    d["deck"].pop()


def m_seat_range(d):
    d["order"][0] = 4


def m_pending_range(d):
    d["phase"] = "heading"
    d["pending"] = [7]


def m_steamer_count(d):
    d["steamers"].pop()


def m_unknown(path):
    return setting([*path, "colour"], "blue")


# (name, base position, mutation, the field the error names)
IMPOSSIBLE = [
    ("deck of twenty copies", PASSENGER, m_deck_twenty, "state.deck"),
    ("a tile twice in the deck", PASSENGER, m_deck_twice, "state.deck[1]"),
    ("a laid tile in the deck", PASSENGER, m_deck_laid, "state.deck[0]"),
    ("fewer tiles than the game has", PASSENGER, m_tiles_short, "state.deck"),
    ("16 passengers at a station", PASSENGER, m_station_16, "state.tiles[{station}].passengers.{island}"),
    ("turn order 0, 0, 0, 0", LEARNING, m_order_zeros, "state.order[1]"),
    ("a racing seat left out of the order", LEARNING, m_order_short, "state.order"),
    ("learning order not in seat order", LEARNING, m_order_unsorted, "state.order"),
    ("over while steamers race", LEARNING, m_over, "state.phase"),
    ("move phase with nobody racing", LEARNING, m_all_out, "state.phase"),
    ("over without the end after the first arrival", OVER, lambda d: d["options"].update(race_for_places=True), "state.phase"),
    ("a passenger from nowhere", PASSENGER, m_supply, "state.supply"),
    ("the wrong number of passengers", PASSENGER, m_total, "state.total_passengers"),
    ("passengers without their islands", PASSENGER, m_picked_short, "state.steamers[{carrier}].passengers"),
    ("two passengers from one island", PASSENGER, m_picked_twice, "state.steamers[{carrier}].picked"),
    ("coal above the wheel", LEARNING, m_coal, "state.steamers[0].coal"),
    ("speed below the wheel", LEARNING, m_speed, "state.steamers[0].speed"),
    ("a steamer on an island", LEARNING, m_on_island, "state.steamers[{racer}].pos"),
    ("a steamer off the river", LEARNING, m_off_river, "state.steamers[{racer}].pos"),
    ("two steamers on one field", LEARNING, m_share, "state.steamers[{racer2}].pos"),
    ("a racing steamer nowhere", LEARNING, m_racing_nowhere, "state.steamers[{racer}].pos"),
    ("a finished steamer without a place", FINISHED, m_finished_no_place, "state.steamers[{finished}].place"),
    ("one place twice", FINISHED, m_place_twice, "state.steamers[{later}].place"),
    ("the wrong next place", FINISHED, m_next_place, "state.next_place"),
    ("a tile off its tab", LEARNING, m_tile_moved, "state.tiles[1].origin"),
    ("a gap in the tile numbers", LEARNING, m_tile_index, "state.tiles[1].index"),
    ("the newest tile explored", LEARNING, m_last_explored, "state.tiles[{last}].explored"),
    ("a pier while tiles are left", LEARNING, m_pier_early, "state.pier"),
    ("no pier after the last tile", LEARNING, m_no_pier, "state.pier"),
    ("a station of another tile", PASSENGER, m_foreign_station, "state.tiles[{foreign}].passengers.8a"),
    ("heading phase without a pushed steamer", LEARNING, m_heading_without_pending, "state.pending"),
    ("a finished steamer to turn", FINISHED, m_pending_finished, "state.pending[0]"),
    ("a finished steamer on turn (no legal action)", FINISHED, m_turn_finished, "state.turn"),
    ("turn beyond the order", LEARNING, m_turn_range, "state.turn"),
    ("round 0 after the setup", LEARNING, m_round_zero, "state.round"),
    ("a round during the setup", SETUP, m_setup_round, "state.round"),
    ("the rearmost tile left empty", START, m_rear_empty, "state.tiles[0]"),
    ("past the round limit", LEARNING, m_round_limit, "state.phase"),
    ("a seat not at the table", LEARNING, m_seat_range, "state.order[0]"),
    ("a seat not in the game", LEARNING, m_pending_range, "state.pending[0]"),
    ("one steamer short", LEARNING, m_steamer_count, "state.steamers"),
    (
        "the pier's fields moved",
        OVER,
        lambda d: d["pier"]["fields"][0].__setitem__(0, d["pier"]["fields"][0][0] - 1),
        "state.pier.fields",
    ),
    ("the pier at an earlier tile", OVER, lambda d: d["pier"].update(tile=d["pier"]["tile"] - 1), "state.pier.tile"),
    (
        "a gap in the places",
        FINISHED,
        lambda d: d["steamers"][first_finished(d)].update(place=2),
        "state.steamers[{finished}].place",
    ),
    ("the start tile in the deck", LEARNING, lambda d: d["deck"].__setitem__(0, "S"), "state.deck[0]"),
    ("the start tile down the river", START, lambda d: d["tiles"][1].update(tile="S"), "state.tiles[1].tile"),
    ("one steamer to turn twice", LEARNING, lambda d: d.update(phase="heading", pending=[0, 0]), "state.pending[1]"),
    ("setup out of seat order", SETUP, lambda d: d.update(order=[1, 0, 2]), "state.order"),
    ("a steamer out at the setup", SETUP, lambda d: d["steamers"][2].update(status="out", pos=None), "state.steamers[2].status"),
    ("unknown key", LEARNING, m_unknown([]), "state.colour"),
    ("unknown steamer key", LEARNING, m_unknown(["steamers", 0]), "state.steamers[0].colour"),
    ("unknown tile key", LEARNING, m_unknown(["tiles", 0]), "state.tiles[0].colour"),
    ("unknown option", LEARNING, m_unknown(["options"]), "state.options.colour"),
    ("unknown pier key", OVER, m_unknown(["pier"]), "state.pier.colour"),
    ("a round as text", LEARNING, setting(["round"], "3"), "state.round"),
    ("a round as a float", LEARNING, setting(["round"], 3.0), "state.round"),
    ("six players", LEARNING, setting(["players"], 6), "state.players"),
    ("no deck", LEARNING, deleting("deck"), "state.deck"),
    ("a bad generator", LEARNING, setting(["rng"], "xyz"), "state.rng"),
    ("an unknown option value", LEARNING, lambda d: d["options"].update(game="race"), "state.options.game"),
    ("an unknown phase", LEARNING, setting(["phase"], "trade"), "state.phase"),
]


def _field(template, d):
    names = {
        "racer": racing(d)[0] if racing(d) else 0,
        "racer2": racing(d)[1] if len(racing(d)) > 1 else 0,
        "last": len(d["tiles"]) - 1,
    }
    if "{station}" in template:
        names["station"], names["island"] = station(d)
    if "{carrier}" in template:
        names["carrier"] = next(i for i, st in enumerate(d["steamers"]) if st["passengers"])
    if "{later}" in template:
        names["later"] = max(racing(d)[0], first_finished(d))
    if "{finished}" in template:
        names["finished"] = first_finished(d)
    if "{foreign}" in template:
        names["foreign"] = next(i for i, t in enumerate(d["tiles"]) if t["tile"] != "8")
    return template.format(**names)


def test_the_bases_are_valid():
    for base in (LEARNING, PASSENGER, FINISHED, OVER, SETUP, START):
        assert GAME.from_json(data_of(base)).to_json() == base.to_json()


@pytest.mark.parametrize("name,base,mutate,where", IMPOSSIBLE, ids=[row[0] for row in IMPOSSIBLE])
def test_impossible_position_is_refused(name, base, mutate, where):
    d = data_of(base)
    expected = _field(where, d)
    mutate(d)
    with pytest.raises(InputError) as err:
        GAME.from_json(d)
    found = GAME.problems(d)
    assert found[0].field == err.value.field  # from_json refuses with the first problem
    assert expected in [p.field for p in found], [(p.code, p.message["en"]) for p in found]
    assert all(p.message["hu"] and p.message["en"] for p in found)


def test_every_refusal_has_a_message_in_both_languages():
    import re

    from engine.mississippi_queen.messages import CATALOG

    with open(
        os.path.join(os.path.dirname(__file__), "..", "..", "engine", "mississippi_queen", "position.py"), encoding="utf-8"
    ) as f:
        codes = set(re.findall(r'InputError\("([a-z-]+)", [^\n]*CATALOG', f.read()))
    assert len(codes) > 25
    for code in codes:
        for lang in ("hu", "en"):
            assert CATALOG.text(
                code,
                lang,
                field="x",
                **{
                    k: 1
                    for k in (
                        "expected",
                        "value",
                        "index",
                        "tile",
                        "total",
                        "laid",
                        "hex",
                        "other",
                        "status",
                        "place",
                        "picked",
                        "most",
                        "supply",
                        "stations",
                        "held",
                        "box",
                        "seat",
                        "phase",
                        "left",
                        "share",
                        "taken",
                        "spot",
                        "island",
                        "moves",
                    )
                },
            )


MALFORMED = [
    ({"type": "move", "speed": "seven", "path": ["F"]}, "action.speed"),
    ({"type": "move", "speed": 1.0, "path": ["F"]}, "action.speed"),
    ({"type": "move", "path": ["F"]}, "action.speed"),
    ({"type": "move", "speed": 1}, "action.path"),
    ({"type": "move", "speed": 1, "path": "F"}, "action.path"),
    ({"type": "move", "speed": 1, "path": ["X"]}, "action.path[0]"),
    ({"type": "move", "speed": 1, "path": ["F"], "push": [[1]]}, "action.push[0]"),
    ({"type": "move", "speed": 1, "path": ["F"], "push": [[1, 2, 3]]}, "action.push[0]"),
    ({"type": "move", "speed": 1, "path": ["F"], "push": [["a", 1]]}, "action.push[0][0]"),
    ({"type": "move", "speed": 1, "path": ["F"], "brake": "1"}, "action.brake"),
    ({"type": "move", "speed": 1, "path": ["F"], "turbo": True}, "action.turbo"),
    ({"type": "move", "speed": 1, "path": ["F"], "player": 4}, "action.player"),
    ({"type": "move", "speed": 1, "path": ["F"], "player": "0"}, "action.player"),
    ({"type": "heading", "dir": 6}, "action.dir"),
    ({"type": "heading"}, "action.dir"),
    ({"type": "retire", "x": 1}, "action.x"),
    ({"type": "fly"}, "action.type"),
    ({}, "action.type"),
    ([], "action"),
    ("move", "action"),
]


@pytest.mark.parametrize("action,where", MALFORMED, ids=[json.dumps(a) for a, _ in MALFORMED])
def test_malformed_action_is_input_error(action, where):
    s = fresh(players=3)
    with pytest.raises(InputError) as err:
        s.check(action)
    assert err.value.field == where
    with pytest.raises(InputError):
        s.apply(action)


@pytest.mark.rules("MQ-4.2", "MQ-9.8")
def test_rule_limits_are_verdicts_not_format():
    s = fresh()
    for speed in (7, 0, -1):
        v = s.check({"type": "move", "speed": speed, "path": ["F"] * max(speed, 0)})
        assert not v.legal and v.reason == "speed-range" and "MQ-4.2" in v.rules
    v = s.check({"type": "move", "speed": 1, "path": ["F"], "brake": -1})
    assert not v.legal and v.reason == "brake-range" and "MQ-9.8" in v.rules
    with open(
        os.path.join(os.path.dirname(__file__), "..", "..", "docs", "mississippi-queen", "cases", "mq-speed-seven.json"),
        encoding="utf-8",
    ) as f:
        case = json.load(f)
    v = GAME.from_json(case["state"]).check(case["action"])
    assert v.reason == "speed-range" and v.rules == ("MQ-4.2",)


@pytest.mark.rules("MQ-3", "MQ-7.4")
def test_seat_of_another_player_is_a_verdict_with_seats_from_one():
    s = fresh()
    v = s.check({"type": "move", "speed": 1, "path": ["F"], "player": 1})
    assert not v.legal and v.reason == "not-your-turn" and "MQ-3" in v.rules
    assert "2" in v.message["en"] and "1" in v.message["en"]
    assert s.check({"type": "move", "speed": 1, "path": ["F"], "player": 0}).legal


@pytest.mark.rules("MQ-5.1", "MQ-7.1")
def test_a_step_too_many_after_a_push_cites_the_push():
    # red at speed 4: enters beige's field (1), pushes it (2), two more fields (3, 4); a fifth is one too many
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 1, 0), "speed": 4}, 1: {"pos": at(s, 0, 2, 0)}, 2: {"pos": at(s, 0, 0, -2)}})
    plan = {"type": "move", "speed": 4, "path": ["F", "F", "F", "F"], "push": [at(s, 0, 2, -1)]}
    v = s.check(plan)
    assert not v.legal and v.reason == "too-many-steps-pushed"
    assert "MQ-5.1" in v.rules and "MQ-7.1" in v.rules
    v = fresh().check({"type": "move", "speed": 1, "path": ["F", "F"]})
    assert v.reason == "too-many-steps" and v.rules == ("MQ-5.1",)
    v = s.check(dict(plan, path=["F", "F"]))
    assert v.reason == "too-few-steps" and "MQ-5.1" in v.rules and "MQ-7.1" in v.rules


@pytest.mark.rules("MQ-7.2")
def test_pushing_onto_a_field_the_pusher_enters_later():
    # red pushes beige one field ahead, then sails on into that field
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 1, 0), "speed": 4}, 1: {"pos": at(s, 0, 2, 0)}, 2: {"pos": at(s, 0, 0, -2)}})
    v = s.check({"type": "move", "speed": 4, "path": ["F", "F", "F"], "push": [at(s, 0, 3, 0)]})
    assert not v.legal and v.reason == "push-target-on-path" and "MQ-7.2" in v.rules
    # the field as the board labels it, not as coordinates
    assert "start tile, C4" in v.message["en"] and "startmező, C4" in v.message["hu"] and "[" not in v.message["en"]
    pushes = [m["push"][0] for m in s.legal_actions() if m.get("push") and m["path"] == ["F", "F", "F"]]
    assert pushes and at(s, 0, 3, 0) not in pushes


@pytest.mark.parametrize(
    "players,seed,options",
    [(3, 1, {}), (4, 2, {"game": "passenger", "round_limit": 30}), (5, 3, {"explore": "end", "pushed_finish": False})],
)
def test_positions_of_play_round_trip(players, seed, options):
    state, rng, step = GAME.new(players, seed, options), Rng(seed + 100), 0
    while True:
        data = json.loads(json.dumps(state.to_json()))
        again = GAME.from_json(data)
        assert again.to_json() == data
        if step % 5 == 0:
            assert again.legal_actions_shared() == state.legal_actions_shared()
        if state.is_over():
            break
        state = state.apply(rng.choice(state.legal_actions_shared()))
        step += 1


def test_the_schema_names_the_options_and_their_choices():
    props = GAME.state_schema.data["properties"]["options"]["properties"]
    assert set(props) == set(GAME.options)
    for name, option in GAME.options.items():
        allowed = props[name].get("enum") or [True, False]
        assert sorted(map(json.dumps, allowed)) == sorted(map(json.dumps, option.choices))


def test_copies_drop_the_caches():
    s = fresh()
    s.legal_actions_shared()
    assert s._moves is not None and "_cells" in s.__dict__
    c = s.copy()
    assert not any(key in c.__dict__ for key in type(s)._transient)
    assert c.legal_actions() == s.legal_actions()


def _to_the_end(players, seed, options):
    """Positions of a random race from the moment the last tile is laid."""
    state, rng = GAME.new(players, seed, options), Rng(seed)
    while not state.is_over():
        if not state.deck:
            yield state
        state = state.apply(rng.choice(state.legal_actions_shared()))
    yield state


@pytest.mark.rules("MQ-6.1", "MQ-8.1")
def test_the_last_tile_is_explored_as_the_schema_says():
    """Issue 32: "explored" is "a steamer has been on it". Once the deck is empty the newest tile has no
    tile to follow it, yet a steamer on it has been on it: the position says so, and opens."""
    seen_unexplored = seen_explored = False
    for state in _to_the_end(3, 5, {}):
        cells = state._cellmap()
        newest = state.tiles[-1]
        on_it = any(st["status"] == "racing" and cells[tuple(st["pos"])][0] == len(state.tiles) - 1 for st in state.steamers)
        if on_it or any(st["status"] == "finished" for st in state.steamers):
            assert newest["explored"]
        seen_explored = seen_explored or newest["explored"]
        seen_unexplored = seen_unexplored or not newest["explored"]
        for value in (True, False):  # written either way by hand, both open: the deck decides nothing
            d = data_of(state)
            d["tiles"][-1]["explored"] = value
            if value or not on_it:
                assert GAME.problems(d) == [], value
    assert seen_explored
    # while tiles are left, the newest is unexplored, and no steamer is on it
    d = data_of(LEARNING)
    d["tiles"][-1]["explored"] = True
    assert [p.code for p in GAME.problems(d)] == ["tile-last-explored"]


def test_the_pier_fields_are_a_set():
    d = data_of(OVER)
    d["pier"]["fields"].reverse()
    assert GAME.problems(d) == []


def test_every_problem_is_reported():
    d = data_of(PASSENGER)
    d["supply"] += 1  # a passenger from nowhere
    d["steamers"][0]["coal"] = 6
    d["round"] = 0  # and round 0 after the setup
    d["steamers"][racing(d)[0]]["pos"] = [99, 99]
    codes = {p.code for p in GAME.problems(d)}
    assert {"passengers-conserved", "supply-count", "round-zero", "steamer-off-river"} <= codes
    with pytest.raises(InputError) as err:
        GAME.from_json(d)
    assert err.value.code == GAME.problems(d)[0].code
