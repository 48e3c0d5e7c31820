"""Rule-by-rule checks, including every reading option (both choices)."""

import pytest

from engine.balaton.board import BOARD
from engine.core import InputError

from .ba_helpers import GAME, position, verdict


@pytest.mark.rules("BA-2.3")
def test_youngest_first_then_clockwise():
    s = GAME.new(3, seed=2)
    seen = []
    for _ in range(4):
        seen.append(s.current_player)
        s = s.apply({"type": "roll"})
        s = s.apply({"type": "move", "steps": s.move_options()[0]})
        s = s.apply({"type": "end-turn"})
    assert seen == [0, 1, 2, 0]


@pytest.mark.rules("BA-4.1", "BA-10.2", "BA-10.1")
def test_clockwise_and_back_card():
    s = position(phase="move", dice=[1, 2])
    assert s.apply({"type": "move", "steps": 1}).pos[0] == "f01"
    back = s.apply({"type": "move", "steps": 2, "back": True})
    assert back.pos[0] == BOARD.track[-2] and back.cards[0]["back"] == 1 and back.step["card"] == "back"
    none_left = position(phase="move", dice=[1, 2], cards=[{"back": 0, "plane": 1, "ferry": 1, "ship": 1}] * 2)
    assert verdict(none_left, {"type": "move", "steps": 1, "back": True})[:2] == (False, "no-card")
    assert all(not a.get("back") for a in none_left.legal_actions())


@pytest.mark.rules("BA-4.3")
def test_arrow_fields_send_to_centre():
    for arrow, centre in BOARD.arrow.items():
        i = BOARD.index[arrow]
        s = position(pos=[BOARD.track[i - 1], "veszprem"], phase="move", dice=[1, 6])
        assert s.apply({"type": "move", "steps": 1}).pos[0] == centre


@pytest.mark.rules("BA-4.2")
@pytest.mark.parametrize("reading,where", [("nothing", "siofok-1"), ("arrow", "siofok-3"), ("landing", "siofok-3")])
def test_bump_readings(reading, where):
    s = position(options={"bumped_pawn": reading}, pos=["f12", "f12"])
    assert {"type": "bump", "seat": 1, "to": "siofok-1"} in s.legal_actions()
    after = s.apply({"type": "bump", "seat": 1, "to": "siofok-1"})
    assert after.pos[1] == where
    assert verdict(after, {"type": "bump", "seat": 1, "to": "f01"})[0] is False
    if reading == "landing":
        assert after.current_player == 1 and after.step["sub"]
        assert verdict(after, {"type": "port"})[:2] == (True, "port-ok")
        assert verdict(after, {"type": "fly"})[:2] == (False, "no-plane-here")
        done = after.apply({"type": "port"}).apply({"type": "end-turn"})
        assert done.current_player == 1 and done.turn == 1 and done.phase == "roll"
    else:
        assert after.current_player == 0


@pytest.mark.rules("BA-4.2")
def test_bump_only_gray_and_only_other_pawns():
    assert verdict(position(pos=["siofok-3", "siofok-3"]), {"type": "bump", "seat": 1, "to": "f01"})[1] == "bump-not-gray"
    assert verdict(position(pos=["f12", "f13"]), {"type": "bump", "seat": 1, "to": "f01"})[1] == "bump-no-pawn"
    assert verdict(position(pos=["f12", "f12"]), {"type": "bump", "seat": 0, "to": "f01"})[1] == "bump-no-pawn"
    assert verdict(position(pos=["f12", "f12"]), {"type": "bump", "seat": 1, "to": "f12"})[1] == "bump-same-field"
    assert verdict(position(pos=["f12", "f12"]), {"type": "bump", "seat": 1, "to": "veszprem"})[1] == "bump-ok"
    # Veszprém is not a gray field
    assert verdict(position(), {"type": "bump", "seat": 1, "to": "f01"})[1] == "bump-not-gray"


@pytest.mark.rules("BA-5.2")
def test_one_port_per_player_per_settlement_shared():
    s = position(pos=["tihany-2", "tihany-2"], ports={"tihany": [1]})
    s = s.apply({"type": "port"})
    assert s.ports["tihany"] == [0, 1]
    assert verdict(s, {"type": "port"})[1] == "port-owned"  # (also the turn's one purchase: the port is named first)
    assert verdict(position(pos=["tihany-2", "veszprem"], ports={"tihany": [0]}), {"type": "port"})[1] == "port-owned"
    assert verdict(position(pos=["f12", "veszprem"]), {"type": "port"})[1] == "not-settlement"
    assert verdict(position(pos=["siofok-3", "veszprem"], money=[2, 10]), {"type": "port"})[1] == "port-money"


@pytest.mark.rules("BA-6.1", "BA-6.2")
def test_ship_conditions_and_price():
    base = dict(pos=["siofok-3", "veszprem"], ports={"siofok": [0], "almadi": [0]})
    s = position(**base)
    after = s.apply({"type": "ship"})
    assert after.ships == {"l-siofok": {"siofok": [1, 0]}} and after.money[0] == 8  # "2" field: 2 Ft
    a = position(pos=["almadi", "veszprem"], ports={"siofok": [0], "almadi": [0]}).apply({"type": "ship"})
    assert a.money[0] == 9  # plain field: 1 Ft
    assert verdict(position(pos=["siofok-3", "veszprem"], ports={"almadi": [0]}), {"type": "ship"})[1] == "no-port-here"
    assert verdict(position(pos=["siofok-3", "veszprem"], ports={"siofok": [0]}), {"type": "ship"})[1] == "no-route"
    assert verdict(position(money=[1, 10], **base), {"type": "ship"})[1] == "ship-money"
    assert verdict(position(pos=["f12", "veszprem"]), {"type": "ship"})[1] == "not-settlement"


@pytest.mark.rules("BA-6.3")
def test_green_field_free_with_three_ports():
    ports = {"tihany": [0], "fured": [0], "szarszo": [0]}
    s = position(pos=["tihany-2", "veszprem"], money=[0, 10], ports=ports)
    after = s.apply({"type": "ship"})
    assert after.money[0] == 0 and after.ships_on("g-east") == [1, 0]
    two = position(pos=["tihany-2", "veszprem"], money=[0, 10], ports={"tihany": [0], "fured": [0]})
    assert verdict(two, {"type": "ship"})[1] == "ship-money"


@pytest.mark.rules("BA-6.4")
def test_closure_readings_on_green_field():
    data = dict(
        pos=["fured-2", "veszprem"], ports={"fured": [0], "tihany": [0, 1], "szarszo": [1]}, ships={"g-east": {"tihany": [0, 3]}}
    )
    assert verdict(position(**data), {"type": "ship"})[1] == "lake-closed"
    assert verdict(position(options={"closure_scope": "port"}, **data), {"type": "ship"})[1] == "ship-ok"
    # under "port" the Tihany port itself is closed
    at_tihany = dict(data, pos=["tihany-2", "veszprem"])
    assert verdict(position(options={"closure_scope": "port"}, **at_tihany), {"type": "ship"})[1] == "lake-closed"
    # the owner of three ships may not add a fourth either
    own = position(pos=["almadi", "veszprem"], ports={"almadi": [0], "siofok": [0]}, ships={"l-almadi": {"almadi": [3, 0]}})
    assert verdict(own, {"type": "ship"})[1] == "lake-closed"


@pytest.mark.rules("BA-7.1")
def test_income_needs_port_ship_and_route():
    good = dict(pos=["almadi", "veszprem"], ports={"almadi": [0], "siofok": [0]}, ships={"l-almadi": {"almadi": [1, 0]}})
    assert verdict(position(**good), {"type": "income"})[1] == "income-ok"
    assert verdict(position(**dict(good, ships={})), {"type": "income"})[1] == "no-ship-adjacent"
    # a ship without a second port on its route cannot have been bought: no such position
    with pytest.raises(InputError) as err:
        position(**dict(good, ports={"almadi": [0]}))
    assert (err.value.code, err.value.field) == ("pos-ship-no-route", "state.ships.l-almadi.almadi[0]")
    assert verdict(position(**dict(good, ports={"siofok": [0]}, ships={})), {"type": "income"})[1] == "no-port-here"
    once = position(**good).apply({"type": "income"})
    assert verdict(once, {"type": "income"})[1] == "income-done"


@pytest.mark.rules("BA-7.1")
def test_best_route_takes_the_richest_line():
    # Blue: ports Almádi, Siófok, Tihany. From Almádi: direct to Siófok pays 1+0, via g-east to Tihany pays 1+2.
    s = position(
        pos=["almadi", "veszprem"],
        ports={"almadi": [0], "siofok": [0], "tihany": [0]},
        ships={"l-almadi": {"almadi": [1, 0]}, "g-east": {"tihany": [2, 0]}},
    )
    assert s.best_route(0, "almadi") == (3, ["l-almadi", "g-east"], "tihany")


@pytest.mark.rules("BA-7.2")
def test_empty_route_field_readings():
    data = dict(pos=["almadi", "veszprem"], ports={"almadi": [0], "siofok": [0]}, ships={"l-almadi": {"almadi": [1, 0]}})
    assert position(**data).best_route(0, "almadi")[0] == 1
    assert position(options={"empty_route_field": "tie"}, **data).best_route(0, "almadi")[0] == 9
    # someone else's ships on a field where you have none: 0 under both readings
    other = position(
        options={"empty_route_field": "tie"}, ports={"almadi": [1], "siofok": [1]}, ships={"l-siofok": {"siofok": [0, 1]}}
    )
    assert other.field_value(0, "l-siofok") == 0


@pytest.mark.rules("BA-8.1", "BA-8.2")
def test_one_thing_per_step():
    base = dict(pos=["siofok-3", "veszprem"], ports={"almadi": [0]})
    s = position(**base).apply({"type": "port"})
    assert verdict(s, {"type": "ship"})[1] == "one-purchase"
    withship = position(
        pos=["siofok-3", "veszprem"], ports={"siofok": [0], "almadi": [0]}, ships={"l-siofok": {"siofok": [1, 0]}}
    )
    bought = withship.apply({"type": "ship"})
    assert verdict(bought, {"type": "income"})[1] == "buy-no-income"
    earned = withship.apply({"type": "income"})
    assert verdict(earned, {"type": "ship"})[1] == "income-no-buy"


@pytest.mark.rules("BA-9.1")
def test_ferry_rules_and_crossing_readings():
    s = position(pos=["zanka", "veszprem"], step={"landed": "zanka"})
    after = s.apply({"type": "ferry"})
    assert after.pos[0] == "boglar" and after.money[0] == 8
    assert verdict(after, {"type": "ferry"})[1] == "no-ferry-here"
    assert verdict(after, {"type": "port"})[1] == "port-ok"
    ends = position(options={"crossing_lands": False}, pos=["zanka", "veszprem"], step={"landed": "zanka"})
    ends = ends.apply({"type": "ferry"})
    assert verdict(ends, {"type": "port"})[1] == "crossing-ends-step"
    assert ends.legal_actions() == [{"type": "end-turn"}]
    assert (
        verdict(position(pos=["zanka", "veszprem"], money=[1, 10], step={"landed": "zanka"}), {"type": "ferry"})[1]
        == "ferry-money"
    )


@pytest.mark.rules("BA-10.1", "BA-10.4")
def test_one_card_per_step():
    s = position(
        pos=["szarszo", "veszprem"],
        step={"landed": "szarszo", "card": "back"},
        cards=[{"back": 1, "plane": 1, "ferry": 1, "ship": 1}] * 2,
    )
    assert verdict(s, {"type": "ferry", "ticket": True})[1] == "one-card"
    assert verdict(s, {"type": "ferry", "ticket": False})[1] == "ferry-ok"
    none = position(
        pos=["szarszo", "veszprem"], step={"landed": "szarszo"}, cards=[{"back": 2, "plane": 1, "ferry": 0, "ship": 1}] * 2
    )
    assert verdict(none, {"type": "ferry", "ticket": True})[1] == "no-card"


@pytest.mark.rules("BA-10.5")
def test_plus_one_ship():
    base = dict(pos=["siofok-3", "veszprem"], money=[0, 10], ports={"siofok": [0], "almadi": [0]})
    assert verdict(position(**base), {"type": "ship", "card": True})[1] == "plus-needs-ship"
    s = position(ships={"l-siofok": {"siofok": [1, 0]}}, **base)
    after = s.apply({"type": "ship", "card": True})
    assert after.ships_on("l-siofok") == [2, 0] and after.money[0] == 0 and after.cards[0]["ship"] == 0
    assert verdict(after, {"type": "ship", "card": True})[1] == "one-purchase"


@pytest.mark.rules("BA-11.1")
@pytest.mark.parametrize("money,legal", [(0, True), (1, False), (2, False)])
def test_subsidy_only_with_no_money_left(money, legal):
    # „elfogy a pénze”: 0 Ft left; 1 Ft, less than a reroll, is still money
    s = position(pos=["tihany-2", "veszprem"], money=[money, 10])
    assert s.check({"type": "subsidy"}).legal is legal
    if legal:
        after = s.apply({"type": "subsidy"})
        assert after.money[0] == money + 2
        assert verdict(after, {"type": "subsidy"})[1] == "subsidy-done"  # (no longer broke either: once a turn is named first)


@pytest.mark.rules("BA-11.1")
def test_subsidy_only_in_larger_settlements():
    assert verdict(position(pos=["revfulop", "veszprem"], money=[0, 10]), {"type": "subsidy"})[1] == "subsidy-small"
    assert verdict(position(pos=["siofok-3", "veszprem"], money=[0, 10]), {"type": "subsidy"})[1] == "subsidy-ok"


@pytest.mark.rules("BA-11.1", "BA-11.2")
def test_subsidy_or_income_and_buy_reading():
    data = dict(
        pos=["tihany-2", "veszprem"], money=[0, 10], ports={"tihany": [0], "fured": [0]}, ships={"g-east": {"tihany": [1, 0]}}
    )
    s = position(**data)
    assert verdict(s.apply({"type": "income"}), {"type": "subsidy"})[1] == "subsidy-or-income"
    took = s.apply({"type": "subsidy"})
    assert verdict(took, {"type": "income"})[1] == "subsidy-or-income"
    assert verdict(took, {"type": "ship"})[1] == "ship-ok"
    strict = position(options={"subsidy_then_buy": False}, **data).apply({"type": "subsidy"})
    assert verdict(strict, {"type": "ship"})[1] == "subsidy-no-buy"
    spent = position(options={"subsidy_then_buy": False}, **dict(data, money=[1, 10])).apply({"type": "ship"})
    assert spent.money[0] == 0 and verdict(spent, {"type": "subsidy"})[1] == "buy-no-subsidy"
    # arrived with 1 Ft, spent it on the ship: out of money now, but not on arriving (reading subsidy_broke)
    spent = position(**dict(data, money=[1, 10])).apply({"type": "ship"})
    assert spent.step["spent"] == 1 and verdict(spent, {"type": "subsidy"})[1] == "subsidy-spent"
    spent = position(options={"subsidy_broke": "any"}, **dict(data, money=[1, 10])).apply({"type": "ship"})
    assert verdict(spent, {"type": "subsidy"})[1] == "subsidy-ok"


@pytest.mark.rules("BA-3.1")
def test_wrong_phase_and_malformed_actions():
    s = GAME.new(2, seed=1)
    assert verdict(s, {"type": "port"})[1] == "wrong-phase-land"
    for bad, where in (({"type": "teleport"}, "action.type"), ("roll", "action")):
        with pytest.raises(InputError) as err:
            s.check(bad)
        assert err.value.field == where
    m = s.apply({"type": "roll"})
    with pytest.raises(InputError) as err:
        m.check({"type": "move", "steps": "3"})
    assert err.value.field == "action.steps"
    # a well-formed number of steps the dice do not allow is a rule question
    assert verdict(m, {"type": "move", "steps": 0})[:3] == (False, "steps-not-rolled", ("BA-3.1",))


@pytest.mark.rules("BA-7.1", "BA-6.1")
def test_a_route_through_a_junction_under_each_reading():
    """Reading route_junction: `pass` lets a route cross a field where the lines branch, `stop` ends it
    there (only its first or last field may be one); the same routes decide a ship's purchase."""
    fields = dict(
        pos=["boglar", "veszprem"],
        ports={"boglar": [0], "siofok": [0], "keszthely": [0], "almadi": [0]},
        step={"landed": "boglar"},
    )
    ships = {"l-boglar": {"boglar": [1, 0]}, "l-siofok": {"siofok": [2, 0]}}
    passing, stopping = (position({"route_junction": r}, ships=ships, **fields) for r in ("pass", "stop"))
    amount, path, end = passing.best_route(0, "boglar")
    assert end == "siofok" and {"m-centre", "m-east"} <= set(path) and amount == 5
    amount, path, end = stopping.best_route(0, "boglar")
    assert end == "keszthely" and all(len(BOARD.links[lid]) <= 2 for lid in path[1:-1]) and amount == 1
    fields["ports"] = {"boglar": [0], "siofok": [0]}
    assert verdict(position({"route_junction": "pass"}, **fields), {"type": "ship"})[:2] == (True, "ship-ok")
    assert verdict(position({"route_junction": "stop"}, **fields), {"type": "ship"})[:2] == (False, "no-route")
