"""Special actions (VW-4.3.2.x), the execution order (VW-4.3) and the start player (VW-2.6)."""

import json
import os

import pytest

from engine.vor_dem_wind import edit, money
from engine.vor_dem_wind.components import CARDS, SHIPS

from .helpers import GAME, after_setup, card_of, execute_position, pull_card, set_goods
from .test_vw_examples import FOLDER


@pytest.mark.rules("VW-4.3.2.1", "VW-4.3.2")
def test_free_buy_and_keep_for_later():
    s = after_setup(3, 1)
    fb = card_of("free-buy", count=2)
    s = execute_position(s, [fb, None, None])
    v = s.check({"type": "free-buy", "card": fb, "goods": ["silk"]})
    assert (v.legal, v.reason) == (False, "free-buy-count")
    s2 = s.apply({"type": "free-buy", "card": fb, "goods": ["silk", "cheese"]})
    assert s2.seats[0]["goods"]["silk"] == 1 and fb in s2.decks["buy"]["discard"]
    s3 = s.apply({"type": "keep", "card": fb})
    assert fb in s3.seats[0]["specials"]
    # a later round: playable from hand, without having won a card
    s4 = after_setup(3, 1)
    s4 = execute_position(s4, [None, None, None], specials={0: [fb]})
    assert s4.current_player == 0
    assert s4.check({"type": "free-buy", "card": fb, "goods": ["silk", "silk"]}).legal
    assert s4.check({"type": "end-turn"}).legal


@pytest.mark.rules("VW-4.3.2.5")
def test_market_sale_three_each():
    s = after_setup(3, 1)
    mk = card_of("market")
    set_goods(s, 0, "warehouse", silk=2)
    s = execute_position(s, [mk, None, None])
    s = s.apply({"type": "market", "card": mk})
    for src, g in (("hand", "apple"), ("warehouse", "silk"), ("warehouse", "silk")):
        s = s.apply({"type": "sell", "from": src, "good": g})
    v = s.check({"type": "sell", "from": "warehouse", "good": "silk"})
    assert (v.legal, v.reason) == (False, "nothing-to-sell")
    assert money.value(s.seats[0]["purse"]) == 22 + 9
    s = s.apply({"type": "end-sale"})
    assert mk in s.decks["ship"]["discard"]


@pytest.mark.rules("VW-4.3.2.6", "VW-4.2")
def test_reserved_action_take_and_snatch():
    s = after_setup(3, 1)
    s.round = 4  # a special card in hand: kept in an earlier round (the start player is again seat 1)
    rc = card_of("reserved")
    pull_card(s, rc)
    s.seats[1]["specials"] = [rc]
    s = GAME.from_json(edit.settle_piles(s.to_json()))
    for d in ("buy", "ship", "warehouse"):
        s = s.apply({"type": "reveal", "deck": d})
    x, y = s.revealed[0], s.revealed[1]
    s = s.apply({"type": "take", "card": x})
    # instead of an offer: B takes A's card at once, A gets 5 from the bank
    s2 = s.apply({"type": "reserve", "card": x})
    assert s2.seats[1]["slot"] == {"card": x, "face": "down"}
    assert money.value(s2.seats[0]["slot"]["money"]) == 5  # face down until trading ends
    assert rc in s2.decks["ship"]["discard"] and s2.seats[1]["reserved_used"]
    # before choosing: a free card face down at once
    s3 = s.apply({"type": "reserve", "card": y})
    assert s3.seats[1]["slot"] == {"card": y, "face": "down"}
    assert s3.check({"type": "offer", "card": y, "amount": 1}).legal is False


@pytest.mark.rules("VW-4.3.2.2", "VW-4.4.1")
def test_keep_fresh_saves_spoiling_goods():
    s = after_setup(3, 1)
    kf = card_of("keep-fresh", count=2)
    set_goods(s, 0, "warehouse", apple=3, silk=1)
    for sid in list(s.port)[2:]:  # two ships left: the stage ends with this round
        s.port.remove(sid)
        s.ship_discard.append(sid)
    s = execute_position(s, [kf, None, None])
    s = s.apply({"type": "keep-fresh", "card": kf})
    assert s.stage == 2 and s.phase == "reveal"
    assert s.seats[0]["warehouse"]["apple"] == 2  # 3 apples spoil, 2 are kept fresh
    assert kf in s.decks["buy"]["discard"]


@pytest.mark.rules("VW-4.3", "VW-2.6", "VW-4.3.3")
def test_execution_order_and_start_player():
    s = after_setup(3, 1)
    li = card_of("load-income", income=8)
    bs = card_of("buy-store", count=2, cost=14)
    s = execute_position(s, [li, None, None], specials={0: [bs]})
    v = s.check({"type": "buy-store", "card": bs, "goods": ["silk", "silk"]})
    assert (v.legal, v.reason, v.rules) == (False, "load-first", ("VW-4.3.3",))
    v = s.check({"type": "end-turn"})
    assert (v.legal, v.reason) == (False, "card-unresolved")
    s = s.apply({"type": "income", "card": li})
    s = s.apply({"type": "buy-store", "card": bs, "goods": ["silk", "silk"]})
    assert s.phase == "reveal" and s.start == 1 and s.round == 2
    assert CARDS[li]["deck"] == "ship" and li in s.decks["ship"]["discard"]


@pytest.mark.rules("VW-5.0")
def test_game_end_and_tie_breaks():
    s = after_setup(2, 1)
    d = s.to_json()
    d["round"] = d["stage"] = 3  # ships loaded: the fleets of earlier stages (the start player is again seat 1)
    big = sorted(d["ship_decks"]["large"])[:4]
    for sid in big:
        d["ship_decks"]["large"].remove(sid)
    d["seats"][0]["ships"] = big[:2]
    d["seats"][1]["ships"] = big[2:]
    s = GAME.from_json(edit.settle_piles(d))
    keys = s.scores()
    assert keys == [sum(SHIPS[x]["vp"] for x in big[:2]), sum(SHIPS[x]["vp"] for x in big[2:])]
    assert keys[0] < keys[1] and s.winners() == [1]  # more points wins (equal points: below)
    # equal points: more warehouse goods wins, then more gulden
    s.seats[1]["ships"], s.seats[0]["ships"] = [], []
    set_goods(s, 1, "warehouse", silk=1)
    assert s.winners() == [1]
    set_goods(s, 0, "warehouse", silk=1)
    assert s.winners() == [0, 1]


def load_case(name):
    with open(os.path.join(FOLDER, "..", "cases", name + ".json"), encoding="utf-8") as f:
        return json.load(f)


@pytest.mark.rules("VW-4.3.3", "VW-4.3.1.3")
def test_load_first_reading_income_after_a_swap():
    """4.3.3 „először mindig a rakomány feltöltés alap akciót kell végrehajtani”: under the default the
    load/income card comes first whatever it is used for; under load_first=loading a swap may come
    first, and the card then brings only income."""
    case = load_case("vw-load-before-swap")
    swap = case["action"]
    always = GAME.from_json(case["state"])
    assert always.check(swap).reason == "load-first"
    loading = GAME.from_json(case["state"], options=GAME.resolve_options({"load_first": "loading"}))
    verdict = loading.check(swap)
    assert verdict.legal and "VW-4.3.3" in verdict.rules
    after = loading.apply(swap)
    card = after.seats[after.turn]["slot"]["card"]
    assert {a["type"] for a in after.legal_actions()} == {"income"}
    refused = after.check({"type": "load", "card": card, "ships": [after.port[0]]})
    assert not refused.legal and refused.reason == "load-after-store" and refused.rules == ("VW-4.3.3",)
    assert GAME.from_json(after.to_json()).to_json() == after.to_json()
    # the mark exists only under the reading that allows it
    data = after.to_json()
    data["options"] = {}
    assert [p.code for p in GAME.problems(data)] == ["stored-before-load"]
