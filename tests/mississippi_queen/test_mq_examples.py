"""The rulebook's worked examples, with the book's own numbers."""

import pytest

from engine.mississippi_queen.board import DIRS, next_placement, tile_fields

from .mq_support import at, edit, fresh


@pytest.mark.rules("MQ-4.1")
def test_speed_change_costs_stated_reading():
    s = fresh()
    assert s.speed_cost(1, 2) == 0 and s.speed_cost(3, 2) == 0  # one step either way is free
    assert s.speed_cost(6, 3) == 2  # book: 6 -> 3 costs two coal
    assert s.speed_cost(2, 4) == 1  # stated rule: 2 -> 4 costs one coal
    e = fresh(speed_cost="example")
    assert e.speed_cost(2, 4) == 2  # book's example: 2 -> 4 costs two coal
    assert e.speed_cost(6, 3) == 2  # ... and 6 -> 3 still two


@pytest.mark.rules("MQ-4.1", "MQ-4.3")
def test_coal_wheel_is_set_at_once():
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 3, 0), "speed": 2}, 2: {"pos": at(s, 0, 0, -2)}})
    s = s.apply({"type": "move", "speed": 4, "path": ["F", "F", "F", "F"]})
    assert s.steamers[0]["coal"] == 5 and s.steamers[0]["speed"] == 4


@pytest.mark.rules("MQ-5.3")
def test_one_turn_right_is_free():
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 2, 0), "speed": 2}, 1: {"pos": at(s, 0, 0, 2)}, 2: {"pos": at(s, 0, 0, -2)}})
    v = s.check({"type": "move", "speed": 2, "path": ["F", "R", "F"]})
    assert v.legal and "MQ-5.3" in v.rules
    after = s.apply({"type": "move", "speed": 2, "path": ["F", "R", "F"]})
    assert after.steamers[0]["coal"] == 6 and after.steamers[0]["dir"] == 5


@pytest.mark.rules("MQ-5.3", "MQ-4.3")
def test_three_moves_three_turns_cost_two_coal():
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 1, 0), "speed": 3}, 1: {"pos": at(s, 0, 0, 2)}, 2: {"pos": at(s, 0, 0, -2)}})
    plan = {"type": "move", "speed": 3, "path": ["L", "F", "R", "F", "R", "F"]}
    after = s.apply(plan)
    assert after.steamers[0]["coal"] == 4  # 3 turns: 1 free + 2 coal
    poor = edit(s, {0: {"coal": 1}})
    v = poor.check(plan)
    assert not v.legal and v.reason == "not-enough-coal" and "MQ-5.3" in v.rules


@pytest.mark.rules("MQ-6.2")
def test_tile_placement_left_tab():
    # A -> B, the die says left: C is attached at B's left tab and turns the river 60 degrees left.
    origin, d = (4, 0), 0
    o2, d2 = next_placement(origin, d, "L")
    assert d2 == 1
    b, c = tile_fields(origin, d), tile_fields(o2, d2)
    assert not set(b) & set(c)
    entry = [p for p, (a, _) in c.items() if a == 0]
    assert any((p[0] + dq, p[1] + dr) in b for p in entry for dq, dr in DIRS)


@pytest.mark.rules("MQ-6.1", "MQ-6.2", "MQ-6.3")
def test_entering_an_unexplored_tile_lays_the_next_one_after_the_turn():
    s = fresh()
    assert len(s.tiles) == 2 and not s.tiles[1]["explored"]
    s = edit(s, {0: {"pos": at(s, 0, 3, 0)}, 2: {"pos": at(s, 0, 0, -2)}})
    after = s.apply({"type": "move", "speed": 1, "path": ["F"]})
    assert after.tiles[1]["explored"] and len(after.tiles) == 3
    assert after.rolls and after.rolls[-1] in ("L", "C", "R")


@pytest.mark.rules("MQ-7.1", "MQ-7.2", "MQ-7.4")
def test_push_example_red_speed_4():
    # Red at speed 4 steps onto beige's field (point 1), pushes beige to A (point 2), moves 2 on (points 3, 4).
    s = fresh()
    red, beige = at(s, 0, 1, 0), at(s, 0, 2, 0)
    s = edit(s, {0: {"pos": red, "speed": 4}, 1: {"pos": beige}, 2: {"pos": at(s, 0, 0, -2)}})
    a = at(s, 0, 2, -1)
    plan = {"type": "move", "speed": 4, "path": ["F", "F", "F"], "push": [a]}
    v = s.check(plan)
    assert v.legal and "MQ-7.1" in v.rules
    after = s.apply(plan)
    assert after.steamers[1]["pos"] == a and after.steamers[0]["pos"] == at(s, 1, 0, 0)
    assert after.phase == "heading" and after.current_player == 1  # beige may now turn freely
    alternatives = sorted(
        m["push"][0] for m in s.legal_actions() if m.get("push") and m["path"] == ["F", "F", "F"] and m["speed"] == 4
    )
    # the X fields: every free neighbour of beige except red's start and the fields red will enter
    assert a in alternatives
    assert red not in alternatives and at(s, 0, 3, 0) not in alternatives
    assert len(alternatives) >= 3
    bad = dict(plan, push=[red])
    v = s.check(bad)
    assert not v.legal and v.reason == "push-target-on-path"


@pytest.mark.rules("MQ-7.3")
def test_catching_up_without_a_point_to_push_is_illegal():
    s = fresh()
    s = edit(s, {0: {"pos": at(s, 0, 1, 0), "speed": 2}, 1: {"pos": at(s, 0, 3, 0)}, 2: {"pos": at(s, 0, 0, -2)}})
    v = s.check({"type": "move", "speed": 2, "path": ["F", "F"], "push": [at(s, 0, 3, 1)]})
    assert not v.legal and v.reason == "push-no-points"


@pytest.mark.rules("MQ-9.6", "MQ-9.7")
def test_turn_order_example():
    # grey first; red and beige tied on field line, speed and coal: the one further right (beige) goes first;
    # green before brown because green is on a tile further down the river.
    s = fresh(players=5, game="passenger")
    s = edit(
        s,
        {
            2: {"pos": at(s, 1, 3, 0)},  # grey
            0: {"pos": at(s, 1, 1, -2), "speed": 3, "coal": 4},  # red, left
            1: {"pos": at(s, 1, 1, 2), "speed": 3, "coal": 4},  # beige, right
            3: {"pos": at(s, 1, 0, 0), "speed": 2},  # green, tile 1
            4: {"pos": at(s, 0, 3, 2), "speed": 6},  # brown, start tile
        },
    )
    assert s.rank() == [2, 1, 0, 3, 4]


@pytest.mark.rules("MQ-9.3")
def test_passenger_pickup_in_two_turns():
    s = fresh(game="passenger")
    tile = s.tiles[1]
    from engine.mississippi_queen.board import TILES

    station = [i for i in TILES[tile["tile"]]["islands"] if "station" in i][0]
    pa, pb = station["station"]["pier"]
    assert tile["passengers"][station["id"]] == 1  # 3 players: 1 per station
    pier = at(s, 1, pa, pb)
    # put red three fields before the pier, heading at it, at speed 3
    t = s.tiles[1]
    from engine.mississippi_queen.board import DIRS as D

    d = t["dir"]
    start = [pier[0] - 3 * D[d][0], pier[1] - 3 * D[d][1]]
    s = edit(s, {0: {"pos": start, "speed": 3}, 1: {"pos": at(s, 0, 0, -2)}, 2: {"pos": at(s, 0, 0, 2)}})
    if start not in [list(p) for p in s._cellmap()] or tuple(start) in s._islands:
        pytest.skip("schematic tile has no straight approach")
    s = s.apply({"type": "move", "speed": 2, "path": ["F", "F"]})  # slows to 2, two fields
    s = s.apply(s.legal_actions()[0])
    s = s.apply(s.legal_actions()[0])
    assert s.current_player == 0
    s = s.apply({"type": "move", "speed": 1, "path": ["F"]})  # slows to 1 and lands at the jetty
    assert s.steamers[0]["passengers"] == 1 and s.steamers[0]["picked"] == [station["id"]]
