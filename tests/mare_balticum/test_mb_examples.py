"""The rulebook's worked examples, with the book's own numbers (the example files feed the site's widgets)."""

import pytest

from engine.mare_balticum import scoring

from ._mb import DEMAND, GAME, example


def _state(ex):
    s = GAME.from_json(ex["state"])
    s.options.update(ex.get("options", {}))
    return s


def _filtered(s, flt):
    return [a for a in s.legal_actions() if all(a.get(k) == v for k, v in flt.items())]


@pytest.mark.rules("MB-4.2", "MB-4.3")
def test_example_1_port_ship_has_exactly_three_destinations():
    ex = example("sail-example-1")
    s = _state(ex)
    moves = _filtered(s, ex["filter"])
    assert len(moves) == 3  # the book's three green ticks
    assert sorted(m["to"] for m in moves) == ["curonian", "klaipeda", "sambia"]
    for m in moves:
        assert s.check(m).legal and "MB-4.2" in s.check(m).rules


@pytest.mark.rules("MB-4.2")
def test_example_1_middle_ship_cannot_move():
    ex = example("sail-example-1-middle")
    s = _state(ex)
    assert _filtered(s, ex["filter"]) == []
    # every field it could try breaks the fleet (or holds one of its own ships)
    from engine.mare_balticum.board import BOARD

    for to in BOARD.ids:
        v = s.check({"type": "sail", "from": "gdansk_bay", "to": to})
        assert not v.legal
        assert v.reason == ("own-ship-there" if to in s.ships[s.turn] else "fleet-broken"), to
    assert s.check({"type": "sail", "from": "gdansk_bay", "to": "sambia"}).reason == "fleet-broken"


@pytest.mark.rules("MB-4.2", "MB-4.3")
def test_example_1_right_ship_only_north_west():
    from engine.mare_balticum.board import BOARD

    ex = example("sail-example-1-right")
    s = _state(ex)
    moves = _filtered(s, ex["filter"])
    assert [m["to"] for m in moves] == ["sambia"]
    right = next(f for f in BOARD.data["fields"] if f["id"] == "vistula")
    dest = next(f for f in BOARD.data["fields"] if f["id"] == "sambia")
    assert dest["x"] < right["x"] and dest["y"] < right["y"]  # north-west on the drawing
    assert (dest["q"] - right["q"], dest["r"] - right["r"]) == (0, -1)  # the NW hex neighbour


@pytest.mark.rules("MB-4.3", "MB-4.2")
def test_example_1_steps():
    ex = example("sail-example-1-steps")
    s = _state(ex)
    for step in ex["steps"]:
        s = s.apply(step["action"])
    assert sorted(s.ships[0]) == ["gdansk_bay", "klaipeda", "sambia"]
    assert s.actions == 2


@pytest.mark.rules("MB-5.1", "MB-5.3")
def test_example_2_fishing_a_salmon():
    ex = example("fish-salmon")
    s = _state(ex)
    before = s.hold[0]["salmon"]
    (step,) = ex["steps"]
    v = s.check(step["action"])
    assert v.legal and v.rules == ("MB-5.1", "MB-5.3")
    s = s.apply(step["action"])
    assert s.hold[0]["salmon"] == before + 1
    assert s.tokens["hano"] == []
    assert s.warehouse[0]["salmon"] == 0


@pytest.mark.rules("MB-6.1", "MB-6.2")
def test_unload_in_gdansk_herring_and_flounder_go_salmon_stay():
    ex = example("unload-gdansk")
    s = _state(ex)
    assert s.hold[0] == {"salmon": 2, "flounder": 1, "herring": 2, "cod": 0}
    for step in ex["steps"]:
        s = s.apply(step["action"])
    assert s.warehouse[0] == {"salmon": 0, "flounder": 1, "herring": 2, "cod": 0, "amber": 0}
    assert s.hold[0] == {"salmon": 2, "flounder": 0, "herring": 0, "cod": 0}
    # the salmon cannot be unloaded here
    assert s.check({"type": "unload", "port": "gdansk", "fish": {"salmon": 2}}).reason == "not-demanded"


@pytest.mark.rules("MB-12.1", "MB-12.2")
def test_variant_1_gdansk_demand_placement():
    ex = example("demand-gdansk")
    s = _state(ex)
    assert s.options["demand_variant"] is True
    s = s.apply(ex["steps"][0]["action"])
    s = s.apply(ex["steps"][1]["action"])  # 3 salmon on the 0 slot
    assert s.demand["gdansk"] == ["salmon", None]
    assert s.warehouse[0]["salmon"] == 3
    v = s.check(ex["steps"][2]["action"])
    assert v.legal and v.reason == "ok-unload-lost" and "MB-12.2" in v.rules
    s = s.apply(ex["steps"][2]["action"])  # 2 herring on the -1 slot: one lost
    assert s.demand["gdansk"] == ["salmon", "herring"]
    assert s.warehouse[0]["herring"] == 1
    assert s.discarded["herring"] == 1
    assert sum(s.hold[0].values()) == 0
    assert s.phase == "company"  # three actions: the turn is over


@pytest.mark.rules("MB-12.2", "MB-12.3")
def test_variant_1_minus_one_slot_costs_everyone_from_then_on():
    ex = example("demand-gdansk")
    data = dict(ex["state"])
    data["demand"] = {"gdansk": ["salmon", "herring"]}
    data["players"] = [
        dict(data["players"][0], ships=["gdansk", "gdansk_bay", "vistula", "sambia"], hold={"herring": 3, "cod": 1})
    ] + data["players"][1:]
    s = _state(dict(ex, state=data))
    s2 = s.apply({"type": "unload", "port": "gdansk", "fish": {"herring": 3}})
    assert s2.warehouse[0]["herring"] == 2 and s2.discarded["herring"] == 1
    # the port is full: cod cannot be added any more
    v = s.check({"type": "unload", "port": "gdansk", "fish": {"cod": 1}, "demand": {"cod": 0}})
    assert v.reason == "demand-slot-taken"
    assert s.check({"type": "unload", "port": "gdansk", "fish": {"cod": 1}}).reason == "not-demanded"


@pytest.mark.rules("MB-12.1", "MB-12.2")
def test_variant_1_gdansk_in_one_unload_action():
    """The book does not say whether its example is one unload or two; the example shows two, and one
    unload placing both demand tokens (MB-12.1 allows it) ends the same."""
    ex = example("demand-gdansk")
    s = _state(ex).apply(ex["steps"][0]["action"])
    s = s.apply({"type": "unload", "port": "gdansk", "fish": {"salmon": 3, "herring": 2}, "demand": {"salmon": 0, "herring": 1}})
    assert s.warehouse[0]["salmon"] == 3 and s.warehouse[0]["herring"] == 1 and s.discarded["herring"] == 1
    assert s.actions == 2


@pytest.mark.rules("MB-11.2", "MB-11.3")
def test_purple_scores_21():
    ex = example("scoring-purple")
    result = scoring.score(ex["input"]["companies"], ex["input"]["warehouse"])
    assert result["total"] == 21 == 9 + 8 + 1 + 3


@pytest.mark.rules("MB-13.2", "MB-13.3")
def test_green_contract_scores_14():
    companies = {"salmon": 0, "flounder": 1, "herring": 2, "cod": 3}
    warehouse = {"salmon": 2, "flounder": 0, "herring": 2, "cod": 0, "amber": 4}
    result = scoring.score(companies, warehouse, {"salmon": 1, "herring": 1, "amber": 2}, sets=2)
    assert result["contract"]["points"] == 14 and result["contract"]["sets"] == 2
    assert result["total"] == 14


@pytest.mark.rules("MB-11.1", "MB-11.2", "MB-11.3", "MB-13.2")
def test_state_scores_use_the_book_numbers():
    """The same two examples through State.scores(): purple 21; green with contract c1 (the book's card) 14."""
    players = [
        {
            "ships": ["lubeck"],
            "market": {"salmon": 3, "herring": 2, "flounder": 1, "cod": 0},
            "vault": True,
            "warehouse": {"salmon": 3, "herring": 4, "flounder": 1, "amber": 3},
            "hold": {"cod": 2},
        },
        {
            "ships": ["riga"],
            "market": {"salmon": 0, "herring": 1, "flounder": 2, "cod": 3},
            "vault": True,
            "warehouse": {"salmon": 2, "herring": 2, "amber": 4},
            "contract": "c1",
            "contract_sets": 2,  # its move at the end (MB-13.2)
        },
        {"ships": ["visby"], "market": {"salmon": 0, "herring": 1, "flounder": 2, "cod": 3}, "vault": True},
    ]
    s = GAME.from_json(
        {
            "players": players,
            "time_track": 6,
            "end_round": 3,
            "round": 3,
            "turn": 2,
            "phase": "over",
            "options": {"contracts": True},
            "demand": DEMAND,
        }
    )
    sc = s.score_details()
    assert s.scores()[:2] == [21, 14]
    assert sc[0]["total"] == 21 and sc[0]["hold_discarded"] == 2  # the hold scores nothing (MB-11.1)
    assert sc[1]["total"] == 14 and sc[1]["contract"] == 14
    assert s.winners() == [0]
