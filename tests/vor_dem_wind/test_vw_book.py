"""The rulebook's worked examples, with the book's own numbers."""

import pytest

from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, SHIPS

from .helpers import after_setup, card_of, execute_position, put_ship_in_port, set_goods, set_money, ship_worth


def purse_value(s, seat):
    return money.value(s.seats[seat]["purse"])


@pytest.mark.rules("VW-4.1")
def test_reveal_example_three_players():
    """3 players: a buy card, then a load/income card, then – its gulden too low – a second load/income card."""
    s = after_setup(3, 1)
    s = s.apply({"type": "reveal", "deck": "buy"})
    s = s.apply({"type": "reveal", "deck": "ship"})
    assert s.check({"type": "reveal", "deck": "ship"}).legal
    assert s.check({"type": "reveal", "deck": "warehouse"}).legal  # had the gulden been high enough
    s2 = s.apply({"type": "reveal", "deck": "ship"})
    assert [CARDS[c]["deck"] for c in s2.revealed] == ["buy", "ship", "ship"]
    assert s2.phase == "trade"
    v = s2.check({"type": "reveal", "deck": "ship"})
    assert not v.legal


@pytest.mark.rules("VW-4.1")
def test_reveal_limits():
    s = after_setup(3, 1).apply({"type": "reveal", "deck": "ship"}).apply({"type": "reveal", "deck": "ship"})
    v = s.check({"type": "reveal", "deck": "ship"})
    assert (v.legal, v.reason, v.rules) == (False, "reveal-two-per-deck", ("VW-4.1",))
    s = after_setup(2, 1).apply({"type": "reveal", "deck": "buy"})
    v = s.check({"type": "reveal", "deck": "buy"})
    assert (v.legal, v.reason) == (False, "reveal-two-decks")


@pytest.mark.rules("VW-4.2", "VW-2.3")
def test_trading_example_four_players():
    """A takes buy; B offers 4, C 7, D passes; A accepts C's 7; B takes load/income; D offers 5; B pays D 5."""
    A, B, C, D = range(4)
    s = after_setup(4, 1)
    for deck in ("buy", "ship", "warehouse", "warehouse"):
        s = s.apply({"type": "reveal", "deck": deck})
    buy, ship = s.revealed[0], s.revealed[1]
    assert CARDS[buy]["kind"] == "buy" and CARDS[ship]["kind"] == "load-income"
    start = [purse_value(s, i) for i in range(4)]
    assert start == [22, 22, 22, 22]
    s = s.apply({"type": "take", "card": buy})  # 1. A takes the buy card face up
    assert s.current_player == B
    s = s.apply({"type": "offer", "card": buy, "amount": 4})  # 2. B offers 4
    assert s.current_player == C
    s = s.apply({"type": "offer", "card": buy, "amount": 7})  # 3. C offers 7
    s = s.apply({"type": "pass"})  # 4. D passes
    assert s.current_player == A
    assert s.check({"type": "pay-off", "offerer": B}).legal  # A could also pay B off
    s = s.apply({"type": "accept", "offerer": C})  # 5. A accepts C's 7
    assert s.seats[C]["slot"] == {"card": buy, "face": "down"}  # 6.
    assert money.value(s.seats[A]["slot"]["money"]) == 7
    assert purse_value(s, C) == 15
    assert s.current_player == B  # 7. B's turn again
    s = s.apply({"type": "take", "card": ship})
    assert s.current_player == D
    s = s.apply({"type": "offer", "card": ship, "amount": 5})  # 8. D offers 5
    assert s.current_player == B
    s = s.apply({"type": "pay-off", "offerer": D})  # 9. B pays D 5 and keeps it
    # 10.-11. trading is over: everyone has a face-down card or money; money went to hand
    assert s.phase == "execute"
    assert [purse_value(s, i) for i in range(4)] == [29, 17, 15, 27]
    assert sum(purse_value(s, i) for i in range(4)) + money.value(s.bank) == 228
    assert s.seats[B]["slot"]["card"] == ship


@pytest.mark.rules("VW-4.2")
def test_offer_of_zero_is_no_offer():
    s = after_setup(2, 1).apply({"type": "reveal", "deck": "buy"}).apply({"type": "reveal", "deck": "ship"})
    card = s.revealed[0]
    s = s.apply({"type": "take", "card": card})
    v = s.check({"type": "offer", "card": card, "amount": 0})
    assert (v.legal, v.reason) == (False, "offer-zero")
    v = s.check({"type": "offer", "card": card, "amount": 23})
    assert (v.legal, v.reason) == (False, "cannot-pay")


@pytest.mark.rules("VW-4.3.1.1")
def test_buy_two_apples_one_spice():
    s = after_setup(3, 1)
    card = card_of("buy", goods={"apple": 2, "spice": 1, "cheese": 0, "silk": 0})
    s = execute_position(s, [card, None, None])
    s = s.apply({"type": "buy", "card": card})
    assert s.seats[0]["goods"] == {"apple": 3, "spice": 2, "cheese": 0, "silk": 0}


@pytest.mark.rules("VW-4.3.1.2", "VW-2.5")
def test_store_four_for_eighteen():
    s = after_setup(3, 1)
    card = card_of("store", count=4, cost=18)
    set_goods(s, 0, "goods", apple=2, cheese=2, silk=1)
    s = execute_position(s, [card, None, None])
    v = s.check({"type": "store", "card": card, "goods": ["apple", "apple", "cheese", "cheese", "silk"]})
    assert (v.legal, v.reason) == (False, "store-too-many")
    s2 = s.apply({"type": "store", "card": card, "goods": ["apple", "cheese"]})  # fewer, full price
    assert purse_value(s2, 0) == 4
    s = s.apply({"type": "store", "card": card, "goods": ["apple", "apple", "cheese", "cheese"]})
    assert purse_value(s, 0) == 22 - 18
    assert s.seats[0]["warehouse"] == {"apple": 2, "spice": 0, "cheese": 2, "silk": 0}
    # cannot pay: no storing at all
    s = after_setup(3, 1)
    set_money(s, 0, {"1": 1, "2": 1, "5": 1, "10": 0})
    s = execute_position(s, [card, None, None])
    v = s.check({"type": "store", "card": card, "goods": ["apple"]})
    assert (v.legal, v.reason) == (False, "cannot-pay")
    assert s.check({"type": "decline", "card": card}).legal
    # warehouse of 8
    s = after_setup(3, 1)
    set_goods(s, 0, "warehouse", silk=7)
    s = execute_position(s, [card, None, None])
    v = s.check({"type": "store", "card": card, "goods": ["apple", "spice"]})
    assert (v.legal, v.reason) == (False, "warehouse-full")


@pytest.mark.rules("VW-4.3.1.3")
def test_load_sixteen_vp_ship():
    s = after_setup(3, 1)
    ship = ship_worth(16)
    put_ship_in_port(s, ship)
    card = card_of("load-income", income=8)
    demand = SHIPS[ship]["demand"]
    set_goods(s, 0, "warehouse", **demand)
    s = execute_position(s, [card, None, None])
    s = s.apply({"type": "load", "card": card, "ships": [ship]})
    assert s.vp(0) == 16 and ship in s.seats[0]["ships"] and ship not in s.port
    assert sum(s.seats[0]["warehouse"].values()) == 0


@pytest.mark.rules("VW-4.3.1.3")
def test_income_and_demand_not_met():
    s = after_setup(3, 1)
    card = card_of("load-income", income=8)
    s = execute_position(s, [card, None, None])
    v = s.check({"type": "load", "card": card, "ships": [s.port[0]]})
    assert (v.legal, v.reason) == (False, "demand-not-met")
    s = s.apply({"type": "income", "card": card})
    assert purse_value(s, 0) == 30


@pytest.mark.rules("VW-4.3.2.3")
def test_buy_and_store_two_for_fourteen():
    s = after_setup(3, 1)
    card = card_of("buy-store", count=2, cost=14)
    s = execute_position(s, [card, None, None])
    s = s.apply({"type": "buy-store", "card": card, "goods": ["cheese", "silk"]})
    assert purse_value(s, 0) == 8
    assert s.seats[0]["warehouse"] == {"apple": 0, "spice": 0, "cheese": 1, "silk": 1}


@pytest.mark.rules("VW-4.3.2.4")
def test_swap_example():
    """A swaps their cheese for B's apple, then that apple for C's silk."""
    action = None
    for chain in ("allowed", "forbidden"):
        s = after_setup(3, 1, swap_chain=chain)
        card = card_of("swap")
        set_goods(s, 0, "warehouse", cheese=1)
        set_goods(s, 1, "warehouse", apple=1)
        set_goods(s, 2, "warehouse", silk=1)
        s = execute_position(s, [card, None, None])
        action = {
            "type": "swap",
            "card": card,
            "steps": [{"give": "cheese", "with": 1, "take": "apple"}, {"give": "apple", "with": 2, "take": "silk"}],
        }
        v = s.check(action)
        if chain == "forbidden":
            assert (v.legal, v.reason) == (False, "swap-chain-forbidden")
            continue
        assert v.legal and "VW-4.3.2.4" in v.rules
        s = s.apply(action)
        w = [s.seats[i]["warehouse"] for i in range(3)]
        assert w[0] == {"apple": 0, "spice": 0, "cheese": 0, "silk": 1}
        assert w[1] == {"apple": 0, "spice": 0, "cheese": 1, "silk": 0}
        assert w[2] == {"apple": 1, "spice": 0, "cheese": 0, "silk": 0}


@pytest.mark.rules("VW-4.3.2.4")
def test_a_good_for_the_same_good_is_no_swap():
    """Goods cards of one kind are alike: apple for apple would change nothing, so it is not offered
    (a W36 position listed over a thousand swaps, nearly half of them such), and the card can be kept."""
    s = after_setup(3, 1)
    card = card_of("swap")
    set_goods(s, 0, "warehouse", cheese=1, apple=1)
    set_goods(s, 1, "warehouse", cheese=1)
    s = execute_position(s, [card, None, None])
    same = {"type": "swap", "card": card, "steps": [{"give": "cheese", "with": 1, "take": "cheese"}]}
    v = s.check(same)
    assert (v.legal, v.reason, v.rules[0]) == (False, "swap-same-good", "VW-4.3.2.4")
    second = {
        "type": "swap",
        "card": card,
        "steps": [{"give": "apple", "with": "hand", "take": "spice"}, {"give": "spice", "with": "hand", "take": "spice"}],
    }
    assert s.check(second).reason == "swap-same-good"
    acts = s.legal_actions()
    steps = [st for a in acts if a["type"] == "swap" for st in a["steps"]]
    assert steps and all(st["give"] != st["take"] for st in steps)
    assert {"type": "swap", "card": card, "steps": [{"give": "cheese", "with": "hand", "take": "apple"}]} in acts
    assert {"type": "keep", "card": card} in acts


@pytest.mark.rules("VW-4.4.1", "VW-4.4", "VW-4.4.2")
def test_spoilage_examples():
    """A loses all apples; B (2 spice+cheese) discards 1 cheese; C (3) discards the cheese, keeps 2 spice."""
    s = after_setup(3, 1)
    set_goods(s, 0, "warehouse", apple=3, silk=1)
    set_goods(s, 1, "warehouse", spice=1, cheese=1)
    set_goods(s, 2, "warehouse", spice=2, cheese=1)
    for sid in list(s.port)[2:]:  # leave 2 ships in port: the stage ends at the end of this round
        s.port.remove(sid)
        s.ship_discard.append(sid)
    s = execute_position(s, [None, None, None])
    # nobody has anything to do: the round ended and spoilage waits for B's choice
    assert s.phase == "spoil" and s.current_player == 1
    v = s.check({"type": "spoil", "discard": ["cheese", "spice"]})
    assert (v.legal, v.reason) == (False, "spoil-half")
    s = s.apply({"type": "spoil", "discard": ["cheese"]})
    assert s.current_player == 2
    s = s.apply({"type": "spoil", "discard": ["cheese"]})
    w = [s.seats[i]["warehouse"] for i in range(3)]
    assert w[0] == {"apple": 0, "spice": 0, "cheese": 0, "silk": 1}
    assert w[1] == {"apple": 0, "spice": 1, "cheese": 0, "silk": 0}
    assert w[2] == {"apple": 0, "spice": 2, "cheese": 0, "silk": 0}
    assert all(sum(s.seats[i]["goods"].values()) == 0 for i in range(3))  # hands discarded
    assert len(s.port) == 6 and s.stage == 2 and s.phase == "reveal" and s.start == 1
