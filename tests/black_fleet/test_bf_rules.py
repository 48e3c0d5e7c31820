"""One or more tests per checkable Black Fleet rule."""

import pytest

from engine import InputError
from engine.black_fleet import components as C

from .bf_helpers import GAME, play, position


def three(**over):
    seats = [
        {"merchant": "J2", "cargo": ["green"] * 3, "pirate": "A1"},
        {"merchant": "A2", "cargo": ["blue"] * 3, "pirate": "F1"},
        {"merchant": "J4", "cargo": ["green"] * 3, "pirate": "E1"},
    ]
    for i, extra in over.items():
        seats[int(i[1:])].update(extra)
    return seats


@pytest.mark.rules("BF-2.1", "BF-2.2", "BF-2.3", "BF-2.4", "BF-2.5", "BF-2.7", "BF-2.8", "BF-2.9", "BF-2.11", "BF-13.1")
@pytest.mark.parametrize("n", [3, 4])
def test_setup(n):
    s = GAME.new(n, 11, {"victory": 20})
    d = s.to_json()
    assert d["phase"] == "setup" and d["turn"] == d["first"] and d["seats"][d["first"]]["colour"] == "black"
    for seat in d["seats"]:
        assert [c["value"] for c in seat["developments"]] == [5, 8, 11, 14]
        assert not any(c["up"] for c in seat["developments"])
        assert seat["victory"] == {"value": 20, "up": False}
        assert len(seat["fates"]) == 1 and len(seat["moves"]) == 2
        assert seat["merchant"] is None and seat["pirate"] is None
    assert d["warships"] == C.NAVY_START and d["stock"] == {c: 13 for c in C.COLOURS}
    assert len({c["id"] for seat in d["seats"] for c in seat["developments"]}) == 4 * n
    # each seat takes the ships of its identification card's colour: one card, one colour each (BF-2.11)
    assert len({seat["colour"] for seat in d["seats"]}) == n and set(s.to_json()["seats"][0]) >= {"colour"}
    assert all(a["type"] == "place" and a["ship"] == "merchant" for a in s.legal_actions())


@pytest.mark.rules("BF-2.6")
def test_setup_placement_clockwise_and_loads_three():
    s = GAME.new(3, 2)
    first = s.first
    s = s.apply({"type": "place", "ship": "merchant", "port": "bahamas", "field": "A2"})
    assert s.seats[first]["cargo"] == ["blue"] * 3 and s.turn == (first + 1) % 3
    v = s.check({"type": "place", "ship": "merchant", "port": "bahamas", "field": "A2"})
    assert v.reason == "field-occupied" and v.rules == ("BF-2.6",)  # the placing rule, not BF-5.3's moves
    v = s.check({"type": "place", "ship": "merchant", "port": "bahamas", "field": "C6"})
    assert v.reason == "not-port-field"
    assert s.check({"type": "place", "ship": "pirate", "area": "west"}).reason == "wrong-phase"
    s = play(
        s,
        {"type": "place", "ship": "merchant", "port": "bahamas", "field": "A3"},
        {"type": "place", "ship": "merchant", "port": "port-4", "field": "F6"},
    )
    assert s.turn == first and s.phase == "place"  # the pirate enters in the first turn


@pytest.mark.rules("BF-3.1", "BF-4.1", "BF-4.2")
def test_turn_order_and_card():
    s = position(three(s0={"moves": ["M03", "M02"]}), phase="card")
    assert s.check({"type": "move", "ship": "merchant", "to": "J1"}).reason == "wrong-phase"
    assert s.check({"type": "play", "card": "M05"}).reason == "card-not-in-hand"
    s = s.apply({"type": "play", "card": "M03"})  # yellow warship
    v = s.check({"type": "move", "ship": "purple", "to": "H5"})
    assert not v.legal and v.reason == "warship-not-yours" and "BF-4.2" in v.rules
    assert s.check({"type": "move", "ship": "yellow", "to": "C4"}).legal
    assert s.check({"type": "play", "card": "M02", "player": 1}).reason == "not-your-turn"


@pytest.mark.rules("BF-5.1")
def test_movement_limit_and_sea_only():
    s = position(three(), now={"card": "M11"}, phase="move")  # everything 1
    assert s.check({"type": "move", "ship": "merchant", "to": "B2"}).reason == "not-sea"
    assert s.check({"type": "move", "ship": "merchant", "to": "J5"}).reason == "not-adjacent"
    s = s.apply({"type": "move", "ship": "merchant", "to": "J1"})
    assert s.check({"type": "move", "ship": "merchant", "to": "I1"}).reason == "no-movement-left"


@pytest.mark.rules("BF-5.2", "BF-5.3")
def test_pass_through_own_pirate_but_not_stop():
    s = position(three(s0={"merchant": "J2", "pirate": "J3"}, s2={"merchant": "A5"}), now={"card": "M13"}, phase="move")
    s = s.apply({"type": "move", "ship": "merchant", "to": "J3"})  # passes its own pirate
    assert s.check({"type": "end-moves"}).reason == "must-finish-move"
    assert s.check({"type": "move", "ship": "yellow", "to": "C4"}).reason == "must-finish-move"
    s = s.apply({"type": "move", "ship": "merchant", "to": "J4"})
    assert s.check({"type": "end-moves"}).legal


@pytest.mark.rules("BF-5.2")
def test_other_warship_blocks():
    s = position(three(s0={"merchant": "H5"}), now={"card": "M03"}, phase="move")  # yellow; purple on H4
    assert s.check({"type": "move", "ship": "merchant", "to": "H4"}).reason == "blocked"


@pytest.mark.rules("BF-5.4")
def test_one_ship_finishes_before_the_next():
    s = position(three(), now={"card": "M13"}, phase="move")
    s = play(s, {"type": "move", "ship": "merchant", "to": "J1"}, {"type": "move", "ship": "pirate", "to": "B1"})
    v = s.check({"type": "move", "ship": "merchant", "to": "I1"})
    assert v.reason == "movement-finished" and "BF-5.4" in v.rules


@pytest.mark.rules("BF-5.5", "BF-5.6", "BF-14.1")
def test_one_action_per_ship_any_time():
    s = position(three(s0={"merchant": "J3", "cargo": ["red"] * 3}), now={"card": "M13"}, phase="move")
    s = s.apply({"type": "sell", "port": "port-3"})  # before moving
    assert s.seats[0]["cargo"] == ["green"] * 3
    assert s.check({"type": "sell", "port": "port-3"}).reason == "already-acted"


@pytest.mark.rules("BF-7.1")
def test_sell_only_next_to_port_and_not_empty():
    s = position(three(s0={"merchant": "H5", "cargo": ["red"]}), phase="move", now={"card": "M03"})
    assert s.check({"type": "sell", "port": "port-3"}).reason == "not-at-port"
    with pytest.raises(InputError) as err:
        s.check({"type": "sell", "port": "nowhere"})  # not a port of the board: bad input, not a rule
    assert err.value.field == "action.port"


@pytest.mark.rules("BF-7.3", "BF-7.6")
def test_short_stock_load_available_sinks_when_nothing_left():
    seats = three(s0={"merchant": "D6", "cargo": ["blue"] * 3})
    s = position(seats, phase="move", now={"card": "M03"})
    s.stock["red"] = 0  # a unit check of loading: the 13 red cubes are imagined elsewhere
    v = s.check({"type": "sell", "port": "la-barbaria"})
    assert v.legal and v.reason == "sell-sinks" and "BF-7.6" in v.rules and "sinks" in v.message["en"]
    assert "loads" not in v.message["en"]
    s2 = s.apply({"type": "sell", "port": "la-barbaria"})
    assert s2.seats[0]["merchant"] is None and s2.seats[0]["cargo"] == []
    s.stock["red"] = 1
    v = s.check({"type": "sell", "port": "la-barbaria"})
    assert v.reason == "sell-loads-short" and "BF-7.6" in v.rules and "only 1;" in v.message["en"]
    s.options = dict(s.options, short_stock="no-sale")
    v = s.check({"type": "sell", "port": "la-barbaria"})
    assert v.reason == "short-stock" and "only 1 cube in stock" in v.message["en"]


@pytest.mark.rules("BF-7.5", "BF-8.5", "BF-14.5", "BF-14.6")
def test_re_entry_of_merchant_and_pirate():
    s = position(three(s0={"merchant": None, "cargo": [], "pirate": None}), phase="place")
    assert s.check({"type": "play", "card": "M03"}).reason == "wrong-phase"
    acts = s.legal_actions()
    assert {a["ship"] for a in acts} == {"merchant", "pirate"}
    s = play(
        s,
        {"type": "place", "ship": "merchant", "port": "port-5", "field": "E3"},
        {"type": "place", "ship": "pirate", "area": "north-west"},
    )
    assert s.phase == "card" and s.seats[0]["pirate"] == "north-west"
    assert s.check({"type": "place", "ship": "pirate", "area": "west"}).reason == "wrong-phase"


@pytest.mark.rules("BF-8.5")
@pytest.mark.parametrize("reading,legal", [("first-step-costs", False), ("first-step-free", True)])
def test_pirate_entry_reading(reading, legal):
    s = position(three(s0={"pirate": "north-west"}), phase="move", now={"card": "M11"}, options={"pirate_entry": reading})
    assert s.check({"type": "steal", "target": 1}).reason == "in-distant-sea"
    s = s.apply({"type": "move", "ship": "pirate", "to": "B1"})
    assert s.check({"type": "move", "ship": "pirate", "to": "C1"}).legal is legal


@pytest.mark.rules("BF-8.5")
def test_pirate_left_in_distant_sea_goes_back():
    s = position(three(s0={"pirate": "west"}), phase="move", now={"card": "M11"})
    s = s.apply({"type": "end-moves"})
    assert s.seats[0]["pirate"] is None


@pytest.mark.rules("BF-8.1", "BF-8.2")
def test_steal_empties_and_sinks():
    s = position(three(s0={"pirate": "I4"}, s2={"cargo": ["green"]}), phase="move", now={"card": "M03"})
    s = s.apply({"type": "steal", "target": 2})
    assert s.seats[2]["merchant"] is None and s.seats[0]["treasure"] == "green"
    s2 = position(three(s0={"pirate": "I4", "treasure": "red"}), phase="move", now={"card": "M03"})
    assert s2.check({"type": "steal", "target": 2}).reason == "pirate-loaded"


@pytest.mark.rules("BF-8.3")
def test_bury_needs_coast_and_treasure():
    s = position(three(s0={"pirate": "I4", "treasure": "red"}), phase="move", now={"card": "M03"})
    assert s.check({"type": "bury"}).reason == "not-coast"
    s = position(three(s0={"pirate": "D4"}), phase="move", now={"card": "M03"})
    assert s.check({"type": "bury"}).reason == "no-treasure"


@pytest.mark.rules("BF-9.1", "BF-9.2", "BF-9.3", "BF-14.8")
def test_fate_cards():
    s = position(three(s0={"fates": ["F01", "F41", "F25"]}), phase="move", now={"card": "M11"})
    assert C.FATE["F01"]["effect"] == "extra-move" and C.FATE["F41"]["effect"] == "haven"
    s = s.apply({"type": "fate", "card": "F01"})  # merchant +2
    assert s._limit("merchant") == 3
    assert s.check({"type": "fate", "card": "F41"}).reason == "fate-param"
    s = s.apply({"type": "fate", "card": "F41", "field": "J5"})
    assert s.seats[0]["pirate"] == "J5"
    s = s.apply({"type": "fate", "card": "F25"})  # second warship
    assert s.now["second_warship"] == "purple"
    off = position(three(s0={"fates": ["F01"]}), phase="move", now={"card": "M11"}, options={"fate_effects": "none"})
    assert off.check({"type": "fate", "card": "F01"}).reason == "fate-effects-off"
    assert s.check({"type": "fate", "card": "F01"}).reason == "card-not-in-hand"


@pytest.mark.rules("BF-10.1", "BF-10.2", "BF-10.4", "BF-10.5")
def test_drawing_and_hand_limit():
    s = position(three(s0={"fates": ["F01", "F02", "F03"], "moves": ["M01"]}), phase="move", now={"card": "M08"})  # draw2
    s = s.apply({"type": "end-moves"})
    me = s.seats[0]
    assert len(me["moves"]) == 2 and len(me["fates"]) == 5 and s.phase == "discard"
    s = play(s, {"type": "discard", "card": "F01"}, {"type": "discard", "card": "F02"})
    assert s.phase == "buy" and len(s.seats[0]["fates"]) == 3
    # reshuffle: an empty deck is rebuilt from the discards
    s = position(three(), phase="move", now={"card": "M01"})
    s.decks["movement_discard"] = s.decks["movement"]
    s.decks["movement"] = []
    s = s.apply({"type": "end-moves"})
    assert len(s.seats[0]["moves"]) == 2 and s.decks["movement_discard"] == []


@pytest.mark.rules("BF-10.3")
def test_discard_symbol_at_end_of_turn():
    s = position(three(s0={"fates": ["F01"]}), phase="move", now={"card": "M43"})
    s = s.apply({"type": "end-moves"})
    assert s.phase == "discard"
    s = s.apply({"type": "discard", "card": "F01"})
    assert s.phase == "buy"
    s = position(three(), phase="move", now={"card": "M43"})  # no fate card: no effect
    assert s.apply({"type": "end-moves"}).phase == "buy"


@pytest.mark.rules("BF-11.1", "BF-11.2", "BF-11.3", "BF-11.4", "BF-13.2")
def test_buying():
    s = position(three(s0={"coins": 12}), phase="buy")
    assert s.check({"type": "buy", "card": "development", "value": 14}).reason == "too-poor"
    s = s.apply({"type": "buy", "card": "development", "value": 11})  # any order
    assert s.seats[0]["coins"] == 1 and s.seats[0]["spent"] == 11
    assert s.check({"type": "buy", "card": "development", "value": 5}).reason == "one-purchase"
    ups = [{"value": v, "up": True} for v in (5, 8, 11, 14)]
    s = position(
        three(s0={"coins": 15, "developments": ups, "victory": {"value": 20, "up": False}}), {"victory": 20}, phase="buy", round=5
    )
    assert s.check({"type": "buy", "card": "victory"}).reason == "too-poor"  # handicap: own value 20
    s = position(three(s0={"coins": 15, "developments": ups}), phase="buy", round=5)
    assert s.check({"type": "buy", "card": "victory"}).legal
    # a beginner's 10 card among experienced players' 20 cards (BF-13.2): a position, and a purchase
    head_start = three(s0={"coins": 15, "developments": ups, "victory": {"value": 10, "up": False}})
    s = position(head_start, {"victory": 20}, phase="buy", round=5)
    assert GAME.problems(s.to_json()) == [] and [x["victory"]["value"] for x in s.seats] == [10, 20, 20]
    assert s.check({"type": "buy", "card": "victory"}).legal


@pytest.mark.rules("BF-11.5")
def test_development_abilities_schematic():
    ups = [
        {"id": "D05-4", "value": 5, "up": True},
        {"value": 8, "up": False},
        {"value": 11, "up": False},
        {"value": 14, "up": False},
    ]
    assert C.DEVELOPMENT["D05-4"]["effect"] == "move-bonus" and C.DEVELOPMENT["D05-4"]["ship"] == "pirate"
    s = position(three(s0={"developments": ups}), phase="move", now={"card": "M11"}, round=2)
    assert s._limit("pirate") == 1
    s.options = dict(s.options, development_abilities="schematic")
    assert s._limit("pirate") == 2


@pytest.mark.rules("BF-12.1", "BF-12.2")
def test_last_round_and_winner():
    ups = [{"value": v, "up": True} for v in (5, 8, 11, 14)]
    s = position(three(s1={"coins": 10, "developments": ups}), phase="buy", turn=1, first=0, round=5)
    s = play(s, {"type": "buy", "card": "victory"}, {"type": "end-turn"})
    assert s.final_round and not s.is_over() and s.current_player == 2
    # player 2 (to the right of the black fleet, seat 0) ends the round
    s.phase = "buy"
    s = s.apply({"type": "end-turn"})
    assert s.is_over() and s.winners() == [1]
    assert not s.check({"type": "end-turn"}).legal and s.check({"type": "end-turn"}).reason == "game-over"
    # two buyers: the richer wins; equal: shared
    s.seats[2]["victory"]["up"] = True
    s.seats[2]["coins"] = 3
    assert s.winners() == [2]
    s.seats[1]["coins"] = 3
    assert s.winners() == [1, 2]


@pytest.mark.rules("BF-14.2", "BF-14.4")
def test_no_safe_haven_and_no_own_targets():
    s = position(three(s0={"pirate": "D5"}, s1={"merchant": "D6", "cargo": ["red"] * 3}), phase="move", now={"card": "M03"})
    assert s.check({"type": "steal", "target": 1}).legal
    s = position(three(s0={"pirate": "I4"}), phase="move", now={"card": "M03"})
    assert s.check({"type": "steal", "target": 0}).reason == "own-ship"


@pytest.mark.rules("BF-5.4", "BF-5.6")
@pytest.mark.parametrize("reading,legal", [("any-time", True), ("own-move", False)])
def test_action_timing_reading(reading, legal):
    """May a ship act after another ship has moved since its own move? A reading (BF-5.6)."""
    s = position(
        three(s0={"merchant": "C6", "pirate": "D4"}, s1={"merchant": "E5"}),
        phase="move",
        now={"card": "M13"},
        options={"action_timing": reading},
    )
    s = s.apply({"type": "move", "ship": "pirate", "to": "D5"})
    assert s.check({"type": "steal", "target": 1}).legal  # its own move: both readings
    s = s.apply({"type": "move", "ship": "merchant", "to": "C5"})
    verdict = s.check({"type": "steal", "target": 1})
    assert verdict.legal is legal
    if not legal:
        assert verdict.reason == "action-time-over" and {"BF-5.6", "BF-5.4"} <= set(verdict.rules)
        assert s.check({"type": "steal", "target": 1}).legal is False
        assert not any(a["type"] == "steal" for a in s.legal_actions())


@pytest.mark.rules("BF-5.4", "BF-5.6")
def test_acting_opens_the_ships_stretch_in_the_own_move_reading():
    """In the `own-move` reading, acting with a ship before it moves ends the moving ship's move."""
    s = position(
        three(s0={"merchant": "C6", "pirate": "D5"}, s1={"merchant": "E5"}),
        phase="move",
        now={"card": "M13"},
        options={"action_timing": "own-move"},
    )
    s = s.apply({"type": "move", "ship": "merchant", "to": "D6"})
    s = s.apply({"type": "steal", "target": 1})
    assert s.now["active"] == "pirate" and s.now["finished"] == ["merchant"]
    assert s.check({"type": "move", "ship": "merchant", "to": "C6"}).reason == "movement-finished"
    assert s.check({"type": "move", "ship": "pirate", "to": "D4"}).legal
    assert GAME.from_json(s.to_json()).to_json() == s.to_json()
    # the default reading leaves the merchant free to go on
    s = position(three(s0={"merchant": "C6", "pirate": "D5"}, s1={"merchant": "E5"}), phase="move", now={"card": "M13"})
    s = s.apply({"type": "move", "ship": "merchant", "to": "D6"})
    s = s.apply({"type": "steal", "target": 1})
    assert s.check({"type": "move", "ship": "merchant", "to": "C6"}).legal


@pytest.mark.rules("BF-5.1")
def test_counts_in_messages_take_the_right_form():
    """ "1 field", not "1 fields": the messages with a count use the catalog's plural forms."""
    s = position(three(s0={"merchant": "D5", "pirate": "E2"}), phase="move", now={"card": "M11"}, round=2)
    s = s.apply({"type": "move", "ship": "merchant", "to": "D4"})
    v = s.check({"type": "move", "ship": "merchant", "to": "D3"})
    assert v.message["en"] == "The merchant may move at most 1 field this turn."
    assert v.message["hu"] == "Ebben a körben a kereskedő legfeljebb 1 mezőt léphet."
    s = position(three(s0={"merchant": "D5", "pirate": "E2"}), phase="move", now={"card": "M09"}, round=2)
    s = play(s, *({"type": "move", "ship": "pirate", "to": f} for f in ("D2", "D3", "D4")))
    assert (
        s.check({"type": "move", "ship": "pirate", "to": "C4"}).message["en"] == "The pirate may move at most 3 fields this turn."
    )
