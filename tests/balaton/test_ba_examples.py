"""The rulebook's own examples and numbers, one test each."""

import pytest

from engine.balaton.board import BOARD

from .ba_helpers import GAME, position, verdict


def moves(state):
    return sorted(a["steps"] for a in state.legal_actions() if a["type"] == "move" and not a["back"])


@pytest.mark.rules("BA-3.1")
def test_example_1_two_and_five():
    # "ha az egyik kockával 2-t, a másikkal 5-öt dob: léphet 2-t, 5-öt vagy 7-et"
    assert moves(position(phase="move", dice=[2, 5])) == [2, 5, 7]


@pytest.mark.rules("BA-3.1")
def test_example_2_double_three():
    # "ha minkét kockával 3-at dob, léphet 3-at vagy 6-ot"
    state = position(phase="move", dice=[3, 3])
    assert moves(state) == [3, 6]
    assert verdict(state, {"type": "move", "steps": 9})[:2] == (False, "steps-not-rolled")


@pytest.mark.rules("BA-2.1", "BA-2.2")
def test_start_money_cards_and_goal():
    state = GAME.new(4, seed=3)
    assert state.money == [10] * 4
    assert state.pos == ["veszprem"] * 4
    assert state.cards == [{"back": 2, "plane": 1, "ferry": 1, "ship": 1}] * 4
    # the goal is to double the starting money: 20 Ft
    s = position(
        pos=["almadi", "veszprem"], money=[19, 10], ports={"almadi": [0], "siofok": [0]}, ships={"l-almadi": {"almadi": [1, 0]}}
    )
    s = s.apply({"type": "income"})
    assert s.money[0] == 20 and s.is_over() and s.winners() == [0]
    assert s.legal_actions() == []
    assert verdict(s, {"type": "end-turn"})[:2] == (False, "game-over")


@pytest.mark.rules("BA-2.4")
def test_ten_fold_coins():
    # "a játék 100 Ft kezdőösszeggel indul, és az nyeri a játékot, aki először éri el a 200 Ft-ot"
    state = GAME.new(2, seed=1, options={"coin_scale": 10})
    assert state.money == [100, 100]
    s = position(options={"coin_scale": 10}, pos=["siofok-3", "veszprem"], money=[100, 100])
    assert "30 Ft" in s.check({"type": "port"}).message["en"]
    s = s.apply({"type": "port"})
    assert s.money[0] == 70
    s = position(
        options={"coin_scale": 10},
        pos=["almadi", "veszprem"],
        money=[190, 100],
        ports={"almadi": [0], "siofok": [0]},
        ships={"l-almadi": {"almadi": [1, 0]}},
    )
    s = s.apply({"type": "income"})
    assert s.money[0] == 200 and s.winners() == [0]


@pytest.mark.rules("BA-3.2")
def test_reroll_costs_two_at_most_twice():
    # "2 Ft összegért újra dobhat ... legfeljebb kétszer ... kétszer 2 Ft-t kell fizetni"
    s = GAME.new(2, seed=5).apply({"type": "roll"})
    s = s.apply({"type": "reroll"}).apply({"type": "reroll"})
    assert s.money[0] == 6 and s.rerolls == 2
    assert verdict(s, {"type": "reroll"})[:2] == (False, "reroll-limit")
    # no limit over the whole game: the next step may reroll again
    for _ in range(2):  # P0 ends this step, P1 plays a step, P0 rolls again
        s = s.apply({"type": "move", "steps": s.move_options()[0]}).apply({"type": "end-turn"}).apply({"type": "roll"})
    assert s.current_player == 0 and s.rerolls == 0
    assert verdict(s, {"type": "reroll"})[:2] == (True, "reroll-ok")


@pytest.mark.rules("BA-5.1")
def test_port_prices_siofok_tihany_revfulop():
    # "Siófokon 3 Ft, Tihanyban 2 Ft, Révfülöpön 1 Ft"
    assert (BOARD.size["siofok"], BOARD.size["tihany"], BOARD.size["revfulop"]) == (3, 2, 1)
    for field, price in (("siofok-3", 3), ("tihany-2", 2), ("revfulop", 1)):
        s = position(pos=[field, "veszprem"]).apply({"type": "port"})
        assert s.money[0] == 10 - price


def _field(blue, yellow, double=False, options=None):
    """Blue (seat 0) and yellow (seat 1) ships on one lake field: what each earns for it."""
    lake = "l-siofok" if double else "l-almadi"
    port = "siofok" if double else "almadi"
    # both own ports at both ends of the route, as a ship needs (BA-6.1)
    s = position(
        options=options,
        ports={"almadi": [0, 1], "siofok": [0, 1]},
        ships={lake: {port: [blue, yellow]}} if blue or yellow else {},
    )
    return s.field_value(0, lake), s.field_value(1, lake)


@pytest.mark.rules("BA-7.2")
@pytest.mark.parametrize(
    "figure,blue,yellow,paid",
    [
        (1, 1, 0, (1, 0)),  # 1. ábra: a kéknek 1 Ft jár
        (2, 1, 1, (1, 1)),  # 2. ábra: kéknek és sárgának egyformán 1 Ft
        (3, 1, 2, (0, 2)),  # 3. ábra: sárgának 2 Ft, kéknek 0 Ft
        (4, 2, 2, (1, 1)),  # 4. ábra: egyformán 1 Ft (azonos számú kocka)
        (5, 1, 3, (0, 2)),  # 5. ábra: sárgának 2 Ft, kéknek 0 Ft, és a mező lezárult
    ],
)
def test_income_figures(figure, blue, yellow, paid):
    assert _field(blue, yellow) == paid


@pytest.mark.rules("BA-6.4")
def test_figure_5_field_closed():
    s = position(pos=["almadi", "veszprem"], ports={"almadi": [0, 1], "siofok": [0, 1]}, ships={"l-almadi": {"almadi": [1, 3]}})
    assert verdict(s, {"type": "ship"})[:2] == (False, "lake-closed")


@pytest.mark.rules("BA-7.3")
@pytest.mark.parametrize("blue,yellow,paid", [(1, 0, (2, 0)), (2, 1, (4, 0)), (2, 2, (2, 2)), (1, 2, (0, 4))])
def test_two_fields_double(blue, yellow, paid):
    # "A 2-es jelölésű mezőkön 1 Ft helyett 2 Ft, 2 helyett pedig 4 Ft jár."
    assert _field(blue, yellow, double=True) == paid


@pytest.mark.rules("BA-7.1", "BA-7.2", "BA-7.3")
def test_whole_route_payout():
    # Blue stands in Almádi; route Almádi - l-almadi - l-siofok ("2") - Siófok, both ports blue.
    # l-almadi: 2 blue vs 1 yellow -> 2; l-siofok: 1 blue, alone -> 1, doubled -> 2. Total 4.
    s = position(
        pos=["almadi", "veszprem"],
        money=[3, 10],
        ports={"almadi": [0, 1], "siofok": [0, 1]},
        ships={"l-almadi": {"almadi": [2, 1]}, "l-siofok": {"siofok": [1, 0]}},
    )
    amount, path, end = s.best_route(0, "almadi")
    assert (amount, path, end) == (4, ["l-almadi", "l-siofok"], "siofok")
    after = s.apply({"type": "income"})
    assert after.money[0] == 7
    v = s.check({"type": "income"})
    assert v.legal and "4 Ft" in v.message["hu"] and "BA-7.3" in v.rules


@pytest.mark.rules("BA-9.1", "BA-10.4")
def test_ferry_crossing():
    # "Szárszóról Akalira lehet menni ... a komp 2 Ft-ba kerül", or free with the ferry ticket
    s = position(pos=["f10", "veszprem"], phase="move", dice=[1, 4])
    s = s.apply({"type": "move", "steps": 1})
    assert s.pos[0] == "szarszo" and s.step["landed"] == "szarszo"
    paid = s.apply({"type": "ferry"})
    assert paid.pos[0] == "akali" and paid.money[0] == 8
    free = s.apply({"type": "ferry", "ticket": True})
    assert free.pos[0] == "akali" and free.money[0] == 10 and free.cards[0]["ferry"] == 0
    # passing over Szárszó is not an exact landing
    s2 = position(pos=["f10", "veszprem"], phase="move", dice=[1, 4]).apply({"type": "move", "steps": 4})
    assert verdict(s2, {"type": "ferry"})[:2] == (False, "no-ferry-here")


@pytest.mark.rules("BA-10.3", "BA-4.3")
def test_plane_ticket():
    # "Siófokra vagy Keszthelyre érkezve (pontos belépéssel) a másik településre ugorhat"
    s = position(pos=["f05", "veszprem"], phase="move", dice=[1, 6]).apply({"type": "move", "steps": 1})
    assert s.pos[0] == "siofok-3"  # the arrow field sends the pawn on to the centre
    flown = s.apply({"type": "fly"})
    assert flown.pos[0] == BOARD.centre["keszthely"] and flown.cards[0]["plane"] == 0
    assert verdict(flown, {"type": "fly"})[:2] == (False, "no-plane-here")
    # and back from Keszthely
    k = position(pos=["f18", "veszprem"], phase="move", dice=[2, 5]).apply({"type": "move", "steps": 2})
    assert k.apply({"type": "fly"}).pos[0] == "siofok-3"
