"""One test (at least) per checkable rule of Mississippi Queen."""

import sys

import pytest

from engine.core import InputError
from engine.mississippi_queen.board import BOARD, DIRS, TILE_IDS, TILES, neighbours
from engine.mississippi_queen.edit import lay_tile

from .mq_support import GAME, aboard, at, edit, enough_rounds, fresh


def with_pier(last="9", **options):
    """A position where the last tile (`last`) and the pier are on the table: the passenger game
    lays all its tiles, the learning game a shorter river."""
    s = fresh(**options)
    assert s.tiles[1]["tile"] != last
    rest = [t for t in TILE_IDS if t not in (last, s.tiles[1]["tile"])]
    s.deck = (rest if s.options["game"] == "passenger" else []) + [last]
    while s.deck:
        s.tiles[-1]["explored"] = True
        s._place_tile(None, 0)
    s._reset_cache()
    return GAME.from_json(enough_rounds(s.to_json()))


def approach(s, target):
    """A water field next to `target` on the river and the heading from it to `target`."""
    cells = s._cellmap()
    for d, (dq, dr) in enumerate(DIRS):
        src = (target[0] - dq, target[1] - dr)
        if src in cells and src not in s._islands and src not in s._landing:
            return [src[0], src[1]], d
    raise AssertionError("no approach")


def park(s, keep, spots=((0, 0, 2), (0, 0, -2), (0, 0, 0), (0, 1, 2))):
    """Moves every steamer except `keep` to harmless fields of the rearmost tile."""
    out, k = {}, 0
    for seat in range(s.players):
        if seat not in keep:
            out[seat] = {"pos": at(s, *spots[k])}
            k += 1
    return out


@pytest.mark.rules("MQ-2.1", "MQ-2.2", "MQ-2.3", "MQ-9.1")
def test_setup():
    s = GAME.new(4, 3, {})
    assert all(st["speed"] == 1 and st["coal"] == 6 for st in s.steamers)
    assert len(s.tiles) == 2 and len(s.deck) == BOARD["learning_tiles"] - 1
    assert s.tiles[1]["dir"] == 0  # first tile straight ahead
    assert [st["pos"] for st in s.steamers] == [at(s, 0, a, b) for a, b in BOARD["start"]["spots"][:4]]
    p = GAME.new(5, 3, {"game": "passenger"})
    assert len(p.deck) == 10 and p.total_passengers == 16
    assert GAME.new(3, 3, {"game": "passenger"}).total_passengers == 8


@pytest.mark.rules("MQ-2.4", "MQ-3")
def test_headings_then_seat_order():
    s = GAME.new(3, 2, {})
    assert s.phase == "setup" and len(s.legal_actions()) == 6
    for seat, d in enumerate((3, 1, 5)):
        assert s.current_player == seat
        s = s.apply({"type": "heading", "dir": d})
    assert [st["dir"] for st in s.steamers] == [3, 1, 5]
    assert s.phase == "move" and s.current_player == 0
    v = s.check({"type": "heading", "dir": 0})
    assert not v.legal and v.reason == "not-heading-phase"


@pytest.mark.rules("MQ-4.2")
def test_speed_limits():
    s = fresh()
    assert s.check({"type": "move", "speed": 0, "path": []}).reason == "speed-range"
    assert all(1 <= m["speed"] <= 6 for m in s.legal_actions())


@pytest.mark.rules("MQ-4.3")
def test_stranded_steamer_is_out():
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 0, 0), "dir": 3, "coal": 0}, **park(s, {0}, ((0, 2, 2), (0, 2, -2)))})
    assert s.legal_actions() == [{"type": "retire"}]
    assert s.check({"type": "retire"}).legal
    after = s.apply({"type": "retire"})
    assert after.steamers[0]["status"] == "out" and after.steamers[0]["pos"] is None
    ok = fresh()
    v = ok.check({"type": "retire"})
    assert not v.legal and v.reason == "retire-not-stranded"


@pytest.mark.rules("MQ-5.1", "MQ-5.2")
def test_islands_block():
    s = fresh(seed=4)
    cells = s._cellmap()
    island = sorted(s._islands)[0]
    src, d = approach(s, island)
    s = edit(s, {0: {"pos": src, "dir": d}, **park(s, {0})})
    v = s.check({"type": "move", "speed": 1, "path": ["F"]})
    assert not v.legal and v.reason == "island"
    v = s.check({"type": "move", "speed": 1, "path": ["F", "F"]})
    assert not v.legal and v.reason == "island"  # the path is walked step by step: its first step is onto the island
    assert island in cells


@pytest.mark.rules("MQ-6.4")
def test_rearmost_tile_removed_when_the_last_steamer_leaves():
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 3, 0)}, 1: {"pos": at(s, 1, 0, 2)}, 2: {"pos": at(s, 1, 0, -2)}})
    after = s.apply({"type": "move", "speed": 1, "path": ["F"]})
    assert [t["index"] for t in after.tiles] == [1, 2]
    v = after.check({"type": "move", "speed": 1, "path": ["R", "R", "R", "F"]})
    assert (v.legal, v.reason, v.rules) == (False, "off-river", ("MQ-5.2",))  # where the removed tile lay


@pytest.mark.rules("MQ-9.5")
def test_passengers_on_a_removed_tile_go_to_the_box():
    for seed in range(50):
        s = fresh(game="passenger", seed=seed, players=4)
        if s.tiles[1]["passengers"]:
            break
    waiting = sum(s.tiles[1]["passengers"].values())
    assert waiting > 0
    s._place_tile("C", 0)
    for seat in range(4):
        s.steamers[seat]["pos"] = at(s, 2, 1, (-2, -1, 1, 2)[seat])
    s._reset_cache()
    s._remove_rear()
    assert [t["index"] for t in s.tiles] == [2]
    assert s.box == waiting


@pytest.mark.rules("MQ-9.2")
@pytest.mark.parametrize("players", [3, 4, 5])
def test_passengers_per_station(players):
    s = GAME.new(players, 11, {"game": "passenger"})
    while s.deck:
        s._place_tile(None, 0)
    per = BOARD["per_station"][str(players)]
    for t in s.tiles[1:]:
        for island in TILES[t["tile"]]["islands"]:
            if "station" in island:
                assert t["passengers"][island["id"]] <= per[island["station"]["roof"]]
    placed = sum(sum(t["passengers"].values()) for t in s.tiles)
    assert placed + s.supply == s.total_passengers
    if players == 4:
        expect = sum(per[i["station"]["roof"]] for t in s.tiles[1:] for i in TILES[t["tile"]]["islands"] if "station" in i)
        assert placed == min(expect, 12)


@pytest.mark.rules("MQ-6.3", "MQ-10.3")
def test_river_never_overlaps_whatever_the_dice():
    for seed in range(40):
        s = GAME.new(3, seed, {"game": "passenger"})
        while s.deck:
            s._place_tile(None, 0)
            assert len(s._cellmap()) == 20 * len(s.tiles)
        assert s.pier is not None


@pytest.mark.rules("MQ-7.4")
def test_pushed_owner_chooses_heading():
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 1, 0), "speed": 4}, 1: {"pos": at(s, 0, 2, 0)}, 2: {"pos": at(s, 0, 0, -2)}})
    s = s.apply({"type": "move", "speed": 4, "path": ["F", "F", "F"], "push": [at(s, 0, 2, -1)]})
    assert s.phase == "heading" and s.current_player == 1
    assert s.check({"type": "heading", "dir": 4}).rules == ("MQ-7.4",)
    s = s.apply({"type": "heading", "dir": 4})
    assert s.steamers[1]["dir"] == 4 and s.phase == "move" and s.current_player == 1


@pytest.mark.rules("MQ-7.5")
def test_push_onto_unexplored_tile_lays_a_tile():
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 2, 0), "speed": 2}, 1: {"pos": at(s, 0, 3, 0)}, 2: {"pos": at(s, 0, 0, -2)}})
    target = at(s, 1, 0, 0)
    after = s.apply({"type": "move", "speed": 2, "path": ["F"], "push": [target]})
    assert after.steamers[1]["pos"] == target
    assert after.tiles[-2]["explored"] and len(after.tiles) >= 3


@pytest.mark.rules("MQ-7.2", "MQ-7.3")
def test_push_target_reasons():
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 1, 0), "speed": 4}, 1: {"pos": at(s, 0, 2, 0)}, 2: {"pos": at(s, 0, 2, 2)}})
    plan = {"type": "move", "speed": 4, "path": ["F", "F", "F"]}
    assert s.check(plan).reason == "push-target-missing"
    assert s.check(dict(plan, push=[at(s, 0, 0, 0)])).reason == "push-target-not-adjacent"
    assert (
        s.check(dict(plan, push=[at(s, 0, 2, 2)])).reason == "push-target-not-adjacent"
    )  # (and occupied: nearness is asked first)
    assert s.check(dict(plan, push=[at(s, 0, 2, -1), at(s, 0, 2, -2)])).reason == "push-extra"


@pytest.mark.rules("MQ-8.1", "MQ-8.2")
def test_pier_landing_fields():
    s = with_pier()
    assert s.pier["side"] in ("L", "C", "R")
    fields = [tuple(p) for p in s.pier["fields"]]
    isl = {(a, b) for i in TILES["9"]["islands"] for a, b in i["cells"]}
    expected = [f for f in BOARD["tabs"][s.pier["side"]] if tuple(f) not in isl]
    assert len(fields) == len(expected) <= 3
    assert all(f in s._cellmap() and f not in s._islands for f in fields)


@pytest.mark.rules("MQ-8.3")
def test_first_to_reach_the_pier_wins_leftover_points_lost():
    s = with_pier()
    land = s.pier["fields"][0]
    src, d = approach(s, land)
    s = edit(s, {0: {"pos": src, "dir": d, "speed": 3}, **park(s, {0}, ((0, 0, 2), (0, 0, -2)))})
    v = s.check({"type": "move", "speed": 3, "path": ["F"]})
    assert v.legal and v.reason == "finish-ok"
    assert s.check({"type": "move", "speed": 3, "path": ["F", "F"]}).reason == "moves-after-finish"
    after = s.apply({"type": "move", "speed": 3, "path": ["F"]})
    assert after.steamers[0]["status"] == "finished" and after.steamers[0]["place"] == 1
    assert after.winners() == [0] and not after.is_over()


@pytest.mark.rules("MQ-8.3")
def test_pushed_onto_the_pier_reading():
    for reading, finishes in ((True, True), (False, False)):
        s = with_pier(pushed_finish=reading)
        land = s.pier["fields"][0]
        cells = s._cellmap()
        # beige sits next to the landing field; red runs into it and pushes it onto the landing field
        for x in neighbours(tuple(land)):
            if x in cells and x not in s._islands and x not in s._landing:
                for d, (dq, dr) in enumerate(DIRS):
                    y = (x[0] - dq, x[1] - dr)
                    if y in cells and y not in s._islands and y not in s._landing and y != tuple(land):
                        break
                else:
                    continue
                break
        s = edit(s, {0: {"pos": list(y), "dir": d, "speed": 2}, 1: {"pos": list(x)}, 2: {"pos": at(s, 0, 0, -2)}})
        after = s.apply({"type": "move", "speed": 2, "path": ["F"], "push": [land]})
        assert (after.steamers[1]["status"] == "finished") is finishes


@pytest.mark.rules("MQ-8.4")
def test_game_ends_at_first_finish_without_race_for_places():
    s = with_pier(race_for_places=False)
    land = s.pier["fields"][0]
    src, d = approach(s, land)
    s = edit(s, {0: {"pos": src, "dir": d}, **park(s, {0}, ((0, 0, 2), (0, 0, -2)))})
    after = s.apply({"type": "move", "speed": 1, "path": ["F"]})
    assert after.is_over() and after.scores()[0] == 3


@pytest.mark.rules("MQ-9.8")
def test_passenger_landing_needs_two_passengers_and_speed_one():
    s = with_pier(game="passenger")
    land = s.pier["fields"][0]
    src, d = approach(s, land)
    s = edit(s, park(s, {0}, ((0, 0, 2), (0, 0, -2))))
    s = aboard(s, 0, ["1a", "2a"], pos=src, dir=d, speed=2, coal=1)
    v = s.check({"type": "move", "speed": 2, "path": ["F"], "brake": 1})
    assert v.legal and v.reason == "finish-ok"
    assert s.check({"type": "move", "speed": 2, "path": ["F"]}).reason == "too-few-steps"
    assert s.check({"type": "move", "speed": 3, "path": ["F"], "brake": 2}).reason == "not-enough-coal"
    one = aboard(with_pier(game="passenger"), 0, ["1a"], pos=src, dir=d, speed=2, coal=1)
    one = edit(one, park(one, {0}, ((0, 0, 2), (0, 0, -2))))
    # with one passenger there is no landing to brake for: an ordinary move that leaves a movement point unused
    assert one.check({"type": "move", "speed": 2, "path": ["F"], "brake": 1}).reason == "too-few-steps"
    assert any(m.get("brake") == 1 for m in s.legal_actions())


@pytest.mark.rules("MQ-9.8")
def test_a_landing_field_is_open_water_to_a_steamer_that_does_not_qualify():
    """The convention box of MQ-9.8: without two passengers, or too fast, a steamer may stop on a landing field
    (it does not finish there), and finishes once it steps onto one qualifying."""
    base = with_pier(game="passenger")
    land = base.pier["fields"][0]
    src, d = approach(base, land)
    base = edit(base, park(base, {0}, ((0, 0, 2), (0, 0, -2))))
    one = aboard(base, 0, ["1a"], pos=src, dir=d, speed=1)
    v = one.check({"type": "move", "speed": 1, "path": ["F"]})
    assert v.legal and v.reason != "finish-ok"
    after = one.apply({"type": "move", "speed": 1, "path": ["F"]})
    assert after.steamers[0]["status"] == "racing" and after.steamers[0]["pos"] == list(land)
    two = aboard(base, 0, ["1a", "2a"], pos=src, dir=d, speed=1)
    assert two.check({"type": "move", "speed": 1, "path": ["F"]}).reason == "finish-ok"


@pytest.mark.rules("MQ-9.3", "MQ-9.4")
def test_pickup_rules_and_pushed_pickup():
    s = fresh(game="passenger", seed=2, players=5)  # two passengers at a station: one stays after a pick-up
    s._cellmap()
    piers = [(p, v) for p, v in s._piers.items() if s.tiles[v[0]]["passengers"].get(v[1])]
    if not piers:
        pytest.skip("no station on the first tile for this seed")
    pier, (li, island, _) = piers[0]
    cells = s._cellmap()
    # MQ-9.4: beige at speed 1 pushed onto the jetty field picks up
    for x in neighbours(pier):
        if x in cells and x not in s._islands:
            for d, (dq, dr) in enumerate(DIRS):
                y = (x[0] - dq, x[1] - dr)
                if y in cells and y not in s._islands and y != pier:
                    break
            else:
                continue
            break
    t = edit(
        s,
        {
            0: {"pos": list(y), "dir": d, "speed": 2},
            1: {"pos": list(x)},
            2: {"pos": at(s, 0, 0, -2)},
            3: {"pos": at(s, 0, 0, 2)},
            4: {"pos": at(s, 0, 0, 0)},
        },
    )
    after = t.apply({"type": "move", "speed": 2, "path": ["F"], "push": [list(pier)]})
    assert after.steamers[1]["passengers"] == 1 and after.steamers[1]["picked"] == [island]
    # MQ-9.3: not twice from the same island, not more than two
    again = aboard(t, 1, [island])
    assert again.apply({"type": "move", "speed": 2, "path": ["F"], "push": [list(pier)]}).steamers[1]["passengers"] == 1
    # two passengers from stations further down the river (laid straight ahead until there are two)
    data = t.to_json()
    while len([i for u in data["tiles"] for i in u["passengers"] if i != island]) < 2:
        lay_tile(data, "C")
    elsewhere = [i for u in data["tiles"] for i in u["passengers"] if i != island][:2]
    full = aboard(GAME.from_json(data), 1, elsewhere)
    assert full.apply({"type": "move", "speed": 2, "path": ["F"], "push": [list(pier)]}).steamers[1]["passengers"] == 2


@pytest.mark.rules("MQ-9.6", "MQ-10.2")
def test_round_order_and_limit():
    s = fresh(game="passenger", round_limit=30)
    s = edit(s, {0: {"pos": at(s, 0, 0, 0)}, 1: {"pos": at(s, 0, 1, 1)}, 2: {"pos": at(s, 0, 2, 0)}}, round=30, turn=2)
    assert s.current_player == 2
    after = s.apply(s.legal_actions()[0])
    while after.phase == "heading":
        after = after.apply(after.legal_actions()[0])
    assert after.is_over()
    s2 = edit(s, round=5)
    after = s2.apply({"type": "move", "speed": 1, "path": ["F"]})
    assert after.order == after.rank() and after.current_player == after.order[0]


@pytest.mark.rules("MQ-9.7")
def test_right_hand_reading_when_facing_upstream():
    for reading, first in (("river", 0), ("heading", 2)):
        s = fresh(game="passenger", right_hand=reading)
        s = edit(s, {0: {"pos": at(s, 0, 1, 2), "dir": 3}, 2: {"pos": at(s, 0, 1, 0), "dir": 3}, 1: {"pos": at(s, 0, 3, 0)}})
        assert s.rank() == [1, first, 2 - first]


@pytest.mark.rules("MQ-10.1")
def test_state_errors_name_the_field():
    s = fresh()
    data = s.to_json()
    data["steamers"][1]["speed"] = 9
    with pytest.raises(InputError) as err:
        GAME.from_json(data)
    assert err.value.field == "state.steamers[1].speed"
    data = s.to_json()
    data["steamers"][1]["pos"] = data["steamers"][0]["pos"]
    with pytest.raises(InputError) as err:
        GAME.from_json(data)
    assert err.value.field == "state.steamers[1].pos"
    for bad, where in (({"type": "move", "speed": 1, "path": ["X"]}, "action.path[0]"), ({"type": "fly"}, "action.type")):
        with pytest.raises(InputError) as err:
            s.check(bad)
        assert err.value.field == where


@pytest.mark.rules("MQ-10.1")
def test_legal_actions_fast_at_speed_6_with_6_coal():
    import time

    s = fresh(players=5)
    s = edit(
        s,
        {
            0: {"pos": at(s, 0, 2, 0), "speed": 6, "coal": 6},
            1: {"pos": at(s, 0, 3, 1)},
            2: {"pos": at(s, 0, 3, -1)},
            3: {"pos": at(s, 0, 1, -2)},
            4: {"pos": at(s, 0, 1, 2)},
        },
    )
    best = 1e9
    for _ in range(5):  # the best of five: a loaded machine slows some runs, not the engine
        s._moves = None
        t = time.perf_counter()
        actions = s.legal_actions()
        best = min(best, time.perf_counter() - t)
    # Pyodide's CPython runs this 2-3x slower than the host's
    assert actions and best < (0.75 if sys.platform == "emscripten" else 0.25)


@pytest.mark.rules("MQ-10.1")
def test_shared_legal_actions_equal_the_copies():
    """legal_actions_shared is the state's own list (read-only); legal_actions copies it, so a
    caller that edits its copy changes neither the state's list nor the next copy."""
    s = fresh(players=3)
    while s.phase != "move":
        s = s.apply(s.legal_actions()[0])
    shared = s.legal_actions_shared()
    assert shared is s.legal_actions_shared() and len(shared) > 100
    copies = s.legal_actions()
    assert copies == shared
    copies[0]["path"].append("F")
    copies[0]["speed"] = 99
    assert s.legal_actions() == shared and shared[0]["speed"] != 99
    assert all(type(a["path"]) is list for a in shared)
