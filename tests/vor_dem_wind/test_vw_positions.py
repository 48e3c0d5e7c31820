"""The engine contract for Vor dem Wind: impossible positions and malformed actions are refused with an
InputError naming the offending field; well-formed moves the rules forbid get a verdict; JSON round-trips."""

import copy
import json
import re

import pytest

from engine import IllegalAction, InputError
from engine.core.rng import Rng
from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, GOAL, SHIPS
from tests.edits import adding, deleting, setting, together

from .helpers import GAME, after_setup, card_of, execute_position, new, set_goods

BUY, LOAD = card_of("buy"), card_of("load-income", income=8)
SWAP, STORE = card_of("swap"), card_of("store")


def _reveal():
    """3 players, all starting goods taken: the start player reveals (round 1)."""
    return after_setup(3, 1).to_json()


def _auction():
    """3 players trading: seat 1 took a card face up, seat 2 offered 3 gulden; seat 3 is asked next."""
    s = after_setup(3, 1)
    for deck in ("buy", "ship", "warehouse"):
        s = s.apply({"type": "reveal", "deck": deck})
    card = s.revealed[0]
    s = s.apply({"type": "take", "card": card}).apply({"type": "offer", "card": card, "amount": 3})
    assert s.auction["to_ask"] == [2]
    return s.to_json()


def _execute():
    """3 players carrying out actions: seat 1 holds a buy card (its turn), seat 2 a load/income card."""
    return execute_position(after_setup(3, 1), [BUY, LOAD, None]).to_json()


def _spoil():
    s = GAME.new(2, 3)
    rng = Rng(3)
    while s.phase != "spoil":
        s = s.apply(rng.choice(s.legal_actions()))
    return s.to_json()


BASES = {"reveal": _reveal, "auction": _auction, "execute": _execute, "setup": lambda: new(3, 1).to_json()}
_CACHE = {}


def base(name):
    if name not in _CACHE:
        _CACHE[name] = BASES[name]() if name != "spoil" else _spoil()
    return copy.deepcopy(_CACHE[name])


def move_card(d, card, to):
    """Take an action card from its deck pile and put it into list `to`."""
    for pile in d["decks"][CARDS[card]["deck"]].values():
        if card in pile:
            pile.remove(card)
    to.append(card)


def many_ships(d):
    """20 ships in port: every small and large ship still in a pile sails in."""
    for size in ("small", "large"):
        d["port"] += d["ship_decks"][size][:10]
        del d["ship_decks"][size][:10]


def goal_ships(d, seat=0):
    """Give a seat large ships from the pile until it has the points that end the game."""
    while sum(SHIPS[s]["vp"] for s in d["seats"][seat]["ships"]) < GOAL[d["players"]]:
        best = max(d["ship_decks"]["large"], key=lambda s: SHIPS[s]["vp"])
        d["ship_decks"]["large"].remove(best)
        d["seats"][seat]["ships"].append(best)


def discard_revealed(d):
    card = d["revealed"].pop()
    d["decks"][CARDS[card]["deck"]]["discard"].append(card)


def ship_to_port(d):
    d["port"].append(d["ship_decks"]["small"].pop())


def gulden_to_slot(d, seat, denom="5"):
    d["bank"][denom] -= 1
    d["seats"][seat]["slot"] = {"money": {"1": 0, "2": 0, "5": 0, "10": 0, denom: 1}}


def bank_cards(mutate):
    """`mutate`, under the reading bank=cards (the bank is its cards)."""

    def run(d):
        mutate(d)
        d["options"] = {**d.get("options", {}), "bank": "cards"}

    return run


def warehouse_nine(d):
    w = d["seats"][0]["warehouse"]
    for g in ("apple", "spice", "cheese"):
        take = min(3, d["supply"][g])
        d["supply"][g] -= take
        w[g] += take


# (name, base, mutation of the JSON, the field the error must name)
IMPOSSIBLE = [
    # format: the schema
    ("unknown key", "reveal", setting(["colour"], "red"), "state.colour"),
    ("unknown key in a seat", "reveal", setting(["seats", 1, "hat"], 1), "state.seats[1].hat"),
    ("unknown key in a slot", "execute", setting(["seats", 0, "slot", "x"], 1), "state.seats[0].slot.x"),
    ("unknown key in the auction", "auction", setting(["auction", "x"], 1), "state.auction.x"),
    ("unknown key in an offer", "auction", setting(["auction", "offers", 0, "x"], 1), "state.auction.offers[0].x"),
    ("unknown key in exec", "execute", setting(["exec", "x"], 1), "state.exec.x"),
    ("unknown key in a deck", "reveal", setting(["decks", "buy", "x"], []), "state.decks.buy.x"),
    ("unknown deck", "reveal", setting(["decks", "gold"], {"draw": [], "discard": []}), "state.decks.gold"),
    ("unknown key in a purse", "reveal", setting(["bank", "20"], 1), "state.bank.20"),
    ("unknown option", "reveal", setting(["options", "wind"], "east"), "state.options.wind"),
    ("unknown option value", "reveal", setting(["options", "swap_chain"], "maybe"), "state.options.swap_chain"),
    ("wrong type", "reveal", setting(["round"], "1"), "state.round"),
    ("float for an integer", "reveal", setting(["supply", "apple"], 9.0), "state.supply.apple"),
    ("missing field", "reveal", deleting("supply"), "state.supply"),
    ("missing good", "reveal", deleting("seats", 0, "goods", "apple"), "state.seats[0].goods.apple"),
    ("negative count", "reveal", setting(["supply", "apple"], -1), "state.supply.apple"),
    ("unknown card", "reveal", setting(["decks", "buy", "draw", 0], "X99"), "state.decks.buy.draw[0]"),
    ("card in the wrong deck", "reveal", setting(["decks", "buy", "draw", 0], "W01"), "state.decks.buy.draw[0]"),
    ("ship in the wrong pile", "reveal", setting(["ship_decks", "small", 0], "N01"), "state.ship_decks.small[0]"),
    ("basic card among specials", "reveal", setting(["seats", 0, "specials"], [BUY]), "state.seats[0].specials[0]"),
    ("bad rng", "reveal", setting(["rng"], "xyz"), "state.rng"),
    (
        "slot with money and a card",
        "execute",
        setting(["seats", 0, "slot", "money"], {"1": 0, "2": 0, "5": 0, "10": 0}),
        "state.seats[0].slot.money",
    ),
    # seats that do not exist at this table
    ("seats and players disagree", "reveal", setting(["players"], 4), "state.seats"),
    ("turn out of range", "reveal", setting(["turn"], 3), "state.turn"),
    ("start out of range", "reveal", setting(["start"], 9), "state.start"),
    ("auction holder out of range", "auction", setting(["auction", "holder"], 7), "state.auction.holder"),
    ("offerer out of range", "auction", setting(["auction", "offers", 0, "player"], 3), "state.auction.offers[0].player"),
    ("asked seat out of range", "auction", setting(["auction", "to_ask", 0], 5), "state.auction.to_ask[0]"),
    ("slot without face", "execute", deleting("seats", 0, "slot", "face"), "state.seats[0].slot.face"),
    (
        "money slot with a face",
        "execute",
        lambda d: (gulden_to_slot(d, 2), d["seats"][2]["slot"].__setitem__("face", "up")),
        "state.seats[2].slot.face",
    ),
    # conservation
    (
        "card twice",
        "reveal",
        lambda d: d["decks"]["buy"]["discard"].append(d["decks"]["buy"]["draw"][0]),
        "state.decks.buy.discard[0]",
    ),
    ("card missing", "reveal", lambda d: d["decks"]["ship"]["draw"].pop(), "state.decks.ship"),
    ("ship twice", "reveal", lambda d: d["seats"][1]["ships"].append(d["port"][0]), "state.seats[1].ships[0]"),
    ("ship missing", "reveal", lambda d: d["ship_decks"]["large"].pop(), "state.ship_decks.large"),
    ("20 ships in port for 3 players", "reveal", many_ships, "state.port"),
    ("extra good in a warehouse", "reveal", adding(["seats", 1, "warehouse", "silk"], 1), "state.seats[1].warehouse.silk"),
    ("good missing", "reveal", adding(["supply", "cheese"], -1), "state.supply.cheese"),
    # gulden beyond the box: impossible when the bank is its cards (the reading bank=cards); by default they
    # are stand-ins, up to what the bank can have paid out by the round
    ("extra gulden in a purse", "reveal", bank_cards(adding(["seats", 1, "purse", "10"], 1)), "state.seats[1].purse.10"),
    ("extra 5 gulden in a purse", "execute", bank_cards(adding(["seats", 2, "purse", "5"], 1)), "state.seats[2].purse.5"),
    ("gulden beyond the stand-ins", "reveal", adding(["seats", 1, "purse", "10"], 10_000), "state.seats[1].purse.10"),
    ("gulden missing", "reveal", adding(["bank", "5"], -1), "state.bank.5"),
    # a surplus is blamed on the players' cards when they hold any (the seat holding the most): a purse is what
    # a person edits; the bank holds the rest
    ("extra gulden in the bank", "reveal", bank_cards(adding(["bank", "1"], 1)), "state.seats[0].purse.1"),
    ("warehouse of 9", "reveal", warehouse_nine, "state.seats[0].warehouse"),
    # phase consistency
    ("gulden left in a slot while executing", "execute", lambda d: gulden_to_slot(d, 2), "state.seats[2].slot.money"),
    ("face-up card while executing", "execute", setting(["seats", 1, "slot", "face"], "up"), "state.seats[1].slot.face"),
    ("no exec while executing", "execute", setting(["exec"], None), "state.exec"),
    ("auction outside trading", "auction", setting(["phase"], "reveal"), "state.auction"),
    ("slot while revealing", "reveal", lambda d: gulden_to_slot(d, 1), "state.seats[1].slot"),
    ("start does not follow the round", "reveal", setting(["round"], 2), "state.start"),
    ("stage after the round", "reveal", setting(["stage"], 2), "state.stage"),
    ("someone else reveals", "reveal", setting(["turn"], 1), "state.turn"),
    (
        "too many revealed",
        "reveal",
        lambda d: [move_card(d, c, d["revealed"]) for c in d["decks"]["buy"]["draw"][:3]],
        "state.revealed",
    ),
    ("a revealed card vanished in trading", "auction", discard_revealed, "state.revealed"),
    (
        "chooser already holds a card",
        "auction",
        lambda d: (d.__setitem__("auction", None), d.__setitem__("turn", 0)),
        "state.turn",
    ),
    ("offer larger than the purse", "auction", setting(["auction", "offers", 0, "amount"], 25), "state.auction.offers[0].amount"),
    ("offer of 0 gulden", "auction", setting(["auction", "offers", 0, "amount"], 0), "state.auction.offers[0].amount"),
    ("holder bids on its own card", "auction", setting(["auction", "to_ask"], [0]), "state.auction.to_ask[0]"),
    ("won card and card_done disagree", "execute", setting(["exec", "card_done"], True), "state.exec.card_done"),
    (
        "a seat that had its turn still holds a card",
        "execute",
        lambda d: (d.__setitem__("turn", 1), d["exec"].__setitem__("card_done", False)),
        "state.seats[0].slot",
    ),
    ("two hand specials under the 'one' reading", "execute", setting(["exec", "hand_plays"], 2), "state.exec.hand_plays"),
    ("new special not held", "execute", setting(["seats", 0, "new_specials"], [SWAP]), "state.seats[0].new_specials[0]"),
    (
        "setup goods before their turn",
        "setup",
        together(adding(["supply", "silk"], -2), adding(["seats", 2, "goods", "silk"], 2)),
        "state.seats[2].goods",
    ),
    ("spoiling with a full port", "spoil", ship_to_port, "state.port"),
    (
        "spoil queue out of order",
        "spoil",
        lambda d: d["spoil_queue"].reverse() if len(d["spoil_queue"]) > 1 else d["spoil_queue"].append(d["spoil_queue"][0]),
        "state.spoil_queue",
    ),
    # the end condition
    ("over when nobody reached the goal", "reveal", setting(["phase"], "over"), "state.phase"),
    ("goal reached but play goes on", "reveal", goal_ships, "state.phase"),
]


@pytest.mark.rules("VW-2.0", "VW-2.3", "VW-2.5", "VW-4.2", "VW-4.3", "VW-5.0")
@pytest.mark.parametrize("name, start, mutate, field", IMPOSSIBLE, ids=[x[0] for x in IMPOSSIBLE])
def test_impossible_position_is_refused(name, start, mutate, field):
    data = base(start)
    GAME.from_json(copy.deepcopy(data))  # the base position itself loads
    mutate(data)
    with pytest.raises(InputError) as err:
        GAME.from_json(data)
    assert err.value.field == field, err.value


def test_seat_messages_count_from_one():
    data = base("auction")
    data["auction"]["offers"][0]["amount"] = 25
    with pytest.raises(InputError) as err:
        GAME.from_json(data)
    assert "player 2 " in err.value.message["en"] and "2. játékos" in err.value.message["hu"]


MALFORMED = [
    (None, "action"),
    ({}, "action.type"),
    ({"type": 5}, "action.type"),
    ({"type": "fly"}, "action.type"),
    ({"type": "pass", "plyer": 0}, "action.plyer"),
    ({"type": "pass", "player": 9}, "action.player"),
    ({"type": "pass", "player": -1}, "action.player"),
    ({"type": "pass", "player": True}, "action.player"),
    ({"type": "offer", "card": BUY}, "action.amount"),
    ({"type": "offer", "card": BUY, "amount": "7"}, "action.amount"),
    ({"type": "offer", "card": BUY, "amount": 7.0}, "action.amount"),
    ({"type": "take", "card": "Z99"}, "action.card"),
    ({"type": "accept", "offerer": 9}, "action.offerer"),
    ({"type": "reveal", "deck": "gold"}, "action.deck"),
    ({"type": "end-turn", "now": True}, "action.now"),
    ({"type": "sell", "from": "pocket", "good": "apple"}, "action.from"),
    ({"type": "spoil", "discard": ["gold"]}, "action.discard[0]"),
    ({"type": "load", "card": LOAD, "ships": ["Z1"]}, "action.ships[0]"),
    ({"type": "swap", "card": SWAP, "steps": [{"give": "apple", "with": 9, "take": "silk"}]}, "action.steps[0].with"),
    ({"type": "swap", "card": SWAP, "steps": [{"give": "apple", "with": "hnd", "take": "silk"}]}, "action.steps[0].with"),
    ({"type": "swap", "card": SWAP, "steps": [{"give": "apple", "take": "silk"}]}, "action.steps[0].with"),
    ({"type": "swap", "card": SWAP, "steps": "apple"}, "action.steps"),
]


@pytest.mark.parametrize("action, field", MALFORMED, ids=[f[1] + "-" + str(i) for i, f in enumerate(MALFORMED)])
@pytest.mark.parametrize("start", ["auction", "execute"])
def test_malformed_action_is_input_error(start, action, field):
    s = GAME.from_json(base(start))
    with pytest.raises(InputError) as err:
        s.check(action)
    assert err.value.field == field
    with pytest.raises(InputError):
        s.apply(action)


@pytest.mark.rules("VW-4.2")
def test_offer_zero_is_a_verdict_not_bad_input():
    s = GAME.from_json(base("auction"))
    card = s.auction["card"]
    for amount in (0, -5):
        v = s.check({"type": "offer", "card": card, "amount": amount})
        assert (v.legal, v.reason, v.rules) == (False, "offer-zero", ("VW-4.2",))


@pytest.mark.rules("VW-4.2")
def test_not_your_turn_counts_seats_from_one():
    s = GAME.from_json(base("auction"))  # seat 3 (index 2) is asked
    v = s.check({"type": "pass", "player": 0})
    assert (v.legal, v.reason) == (False, "not-your-turn")
    assert "1" in v.message["en"] and "3" in v.message["en"] and "0" not in v.message["en"]
    assert s.check({"type": "pass", "player": 2}).legal


def _swap_position(**options):
    """Seat 1 plays a swap card won in trading; it has cheese stored, silk in hand; seat 2 stores an apple."""
    s = after_setup(3, 1, **options)
    set_goods(s, 0, "warehouse", cheese=1)
    set_goods(s, 0, "goods", silk=1)
    set_goods(s, 1, "warehouse", apple=1)
    return execute_position(s, [SWAP, None, None])


@pytest.mark.rules("VW-4.3.2.4")
@pytest.mark.parametrize("chain", ["allowed", "forbidden"])
def test_swap_never_mixes_hand_and_an_opponent(chain):
    """VW-4.3.2.4: „Mikor 2 kártyát cserélsz, nem választhatod az egyiket a kezedből, a másikat pedig egy
    ellenfeled raktárházából.” The chain reading (the book's example) passes a card between two opponents
    only; a chain through the hand is refused under either reading."""
    s = _swap_position(swap_chain=chain)
    through_hand = [
        [{"give": "cheese", "with": 1, "take": "apple"}, {"give": "apple", "with": "hand", "take": "silk"}],
        [{"give": "cheese", "with": "hand", "take": "silk"}, {"give": "silk", "with": 1, "take": "apple"}],
    ]
    for steps in through_hand:
        v = s.check({"type": "swap", "card": SWAP, "steps": steps})
        assert (v.legal, v.reason, v.rules) == (False, "swap-one-source", ("VW-4.3.2.4",))
        with pytest.raises(IllegalAction):
            s.apply({"type": "swap", "card": SWAP, "steps": steps})
    for a in s.legal_actions():
        if a["type"] == "swap" and len(a["steps"]) == 2:
            assert "hand" not in (a["steps"][0]["with"], a["steps"][1]["with"]) or a["steps"][0]["with"] == a["steps"][1]["with"]
    # one source stays legal: the hand alone, or one opponent alone
    assert s.check({"type": "swap", "card": SWAP, "steps": [{"give": "cheese", "with": "hand", "take": "silk"}]}).legal
    assert s.check({"type": "swap", "card": SWAP, "steps": [{"give": "cheese", "with": 1, "take": "apple"}]}).legal


@pytest.mark.rules("VW-4.3.2.4")
def test_swap_chain_between_two_opponents_follows_the_reading():
    for chain, legal in (("allowed", True), ("forbidden", False)):
        s = after_setup(3, 1, swap_chain=chain)
        set_goods(s, 0, "warehouse", cheese=1)
        set_goods(s, 1, "warehouse", apple=1)
        set_goods(s, 2, "warehouse", silk=1)
        s = execute_position(s, [SWAP, None, None])
        steps = [{"give": "cheese", "with": 1, "take": "apple"}, {"give": "apple", "with": 2, "take": "silk"}]
        assert s.check({"type": "swap", "card": SWAP, "steps": steps}).legal is legal


@pytest.mark.rules("VW-4.2", "VW-2.3")
def test_accepting_an_offer_the_offerer_cannot_pay():
    """An offer beyond the offerer's purse is no offer: a position holding one is refused at load, and if the
    purse shrank under it anyway, accepting it is illegal (a verdict), never an error inside apply."""
    data = base("auction")
    s = GAME.from_json(data).apply({"type": "pass"})  # the holder (seat 1) decides now
    assert s.check({"type": "accept", "offerer": 1}).legal
    poor = s.copy()
    purse = poor.seats[1]["purse"]
    money.add(poor.bank, purse)
    for k in purse:
        purse[k] = 0
    purse["2"] = 1
    poor.bank["2"] -= 1
    v = poor.check({"type": "accept", "offerer": 1})
    assert (v.legal, v.reason) == (False, "cannot-pay") and "VW-4.2" in v.rules
    with pytest.raises(IllegalAction):
        poor.apply({"type": "accept", "offerer": 1})
    with pytest.raises(InputError) as err:
        GAME.from_json(poor.to_json())
    assert err.value.field == "state.auction.offers[0].amount"


def test_round_trip_of_random_play(scaled):
    """from_json(to_json()) gives the same position, with the same moves, all through random games."""
    for seed in range(scaled(2)):
        s = GAME.new(3 + seed % 2, seed, {"swap_chain": "forbidden"} if seed % 2 else {})
        rng = Rng(seed + 1)
        steps = 0
        while not s.is_over():
            acts = s.legal_actions()
            if steps % 13 == 0:
                data = json.loads(json.dumps(s.to_json()))
                back = GAME.from_json(data)
                assert back.to_json() == data and back.legal_actions() == acts
            s = s.apply(rng.choice(acts))
            steps += 1
        data = s.to_json()
        assert GAME.from_json(data).to_json() == data
        assert len(s.scores()) == s.player_count and all(type(x) is int for x in s.scores())
        assert [d["vp"] for d in s.score_details()] == s.scores()


def test_schema_id_patterns_match_the_data():
    """The schemas name card and ship ids by pattern (cheaper to check than 120-way enums): each pattern must
    accept exactly the ids in the game's data."""
    state = GAME.state_schema.data["properties"]
    every = ["%s%02d" % (a, n) for a in "BWSKN" for n in range(100)]

    def accepted(schema):
        return sorted(x for x in every if re.search(schema["pattern"], x))

    for deck in ("buy", "warehouse", "ship"):
        assert accepted(state["decks"]["properties"][deck]["properties"]["draw"]["items"]) == sorted(
            c for c in CARDS if CARDS[c]["deck"] == deck
        )
    for size in ("small", "large"):
        assert accepted(state["ship_decks"]["properties"][size]["items"]) == sorted(s for s in SHIPS if SHIPS[s]["size"] == size)
    assert accepted(state["revealed"]["items"]) == sorted(CARDS)
    assert accepted(state["port"]["items"]) == sorted(SHIPS)
