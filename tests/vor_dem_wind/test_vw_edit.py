"""The editing operations (engine/vor_dem_wind/edit.py): each keeps every total, and the Ask page's
start stays a possible position under the ones that move things without adding or removing any."""

import copy
import json

import pytest

from engine.vor_dem_wind import edit, money
from engine.vor_dem_wind.components import CARDS, GOODS, SHIPS

from .helpers import GAME
from .test_vw_examples import load
from .test_vw_properties import invariants

START = load("ask")["state"]


def draft():
    return copy.deepcopy(START)


def conserved(d):
    """Every card and ship once, 60 goods and every gulden card (the property tests' check)."""
    invariants(d)


def problems(d):
    return [p.code for p in GAME.problems(d)]


def test_the_start_is_possible():
    assert problems(draft()) == []


def test_goods_and_gulden_come_from_the_pools_and_go_back():
    d = draft()
    seats = d["seats"]
    held = (seats[0]["goods"]["apple"], seats[1]["warehouse"]["silk"], seats[2]["purse"]["10"], seats[0]["purse"]["5"])
    # each operation returns the draft it changed (engine/core/position.py: op(draft, **args) -> draft)
    assert edit.add_good(d, 0, "goods", "apple") is d and edit.add_good(d, 1, "warehouse", "silk") is d
    assert edit.add_coin(d, 2, "purse", "10") is d and edit.remove_coin(d, 0, "5") is d
    after = (seats[0]["goods"]["apple"], seats[1]["warehouse"]["silk"], seats[2]["purse"]["10"], seats[0]["purse"]["5"])
    assert after == (held[0] + 1, held[1] + 1, held[2] + 1, held[3] - 1)
    edit.remove_good(d, 2, "warehouse")
    edit.remove_good(d, 0, "goods", "silk")
    conserved(d)
    assert problems(d) == []
    d["supply"]["cheese"] = 0
    before = json.dumps(d)
    edit.add_good(d, 0, "goods", "cheese")  # none left: nothing changes
    edit.remove_good(d, 1, "goods", "apple")  # player 2 holds no apple: nothing changes
    assert json.dumps(d) == before


def test_a_counter_takes_from_its_pool_or_keeps_what_was_typed():
    d = draft()
    path = ["seats", 1, "purse", "1"]
    d["seats"][1]["purse"]["1"] = 5
    assert edit.set_count(d, path, 2, 5) and d["bank"]["1"] == START["bank"]["1"] - 3
    conserved(d)
    d["seats"][1]["purse"]["1"] = 99
    assert not edit.set_count(d, path, 5, 99)
    assert d["seats"][1]["purse"]["1"] == 99 and d["bank"]["1"] == 0  # kept; the bank gave what it had
    assert "gulden-count" in problems({**d, "options": {"bank": "cards"}})  # and the total is named
    assert "gulden-count" not in problems(d)  # (by default, as the book reads, the rest are stand-ins)
    # typed back within the box, the bank is whole again (it was not left short by the edit it could not pay)
    d["seats"][1]["purse"]["1"] = 4
    assert edit.set_count(d, path, 99, 4) and d["bank"]["1"] == START["bank"]["1"] - 2
    conserved(d)


def test_two_purse_fields_in_a_row_keep_the_bank_and_name_the_seat_edited():
    """#39: the 5-gulden field, then the 1-gulden field of player 2; the bank follows each, and a total
    the bank cannot cover is named at player 2's field."""
    from engine.core.edit import set_field

    d = draft()
    bank = dict(d["bank"])
    d = set_field(GAME, d, ["seats", 1, "purse", "5"], d["seats"][1]["purse"]["5"] + 1)
    d = set_field(GAME, d, ["seats", 1, "purse", "1"], d["seats"][1]["purse"]["1"] + 2)
    assert (d["bank"]["5"], d["bank"]["1"]) == (bank["5"] - 1, bank["1"] - 2)
    conserved(d)
    d = set_field(GAME, d, ["seats", 1, "purse", "1"], 25)
    found = GAME.problems({**d, "options": {"bank": "cards"}})  # the bank's cards alone: 25 is too many
    assert [e.field for e in found if e.code == "gulden-count"] == ["state.seats[1].purse.1"]


def test_cards_come_from_the_discards_first_so_the_draw_piles_keep_their_count():
    d = draft()
    cid = edit.add_card(d, "buy", "specials", 0)["seats"][0]["specials"][-1]
    assert cid in START["decks"]["buy"]["discard"]
    assert GAME.problems(d)[0].field.startswith("state.seats[0].specials")  # a buy card is no special card
    d = draft()
    cid = edit.add_card(d, "free-buy", "specials", 2)["seats"][2]["specials"][-1]
    assert CARDS[cid]["kind"] == "free-buy" and cid not in START["seats"][2]["specials"]
    conserved(d)
    assert cid in edit.remove_card(d, cid)["decks"]["buy"]["discard"]
    assert problems(d) == []


def test_moving_a_card_or_a_ship_moves_it():
    d = draft()
    card = d["seats"][1]["slot"]["card"]
    edit.move_card(d, card, "specials", 0)
    assert d["seats"][1]["slot"] is None and card in d["seats"][0]["specials"]
    conserved(d)
    d = draft()
    ship = d["port"][0]
    edit.move_ship(d, ship, "ships", 1)
    assert ship not in d["port"] and ship in d["seats"][1]["ships"]
    conserved(d)
    assert problems(d) == []  # loaded from the port: as many ships have arrived as before


def test_ships_come_from_the_sailed_ones_first_and_go_back_to_them():
    d = draft()
    sailed = [s for s in d["ship_discard"] if SHIPS[s]["size"] == "large"]
    sid = edit.add_ship(d, "large", "ships", 0)["seats"][0]["ships"][-1]
    assert sid == sailed[0]
    assert problems(d) == []
    assert sid in edit.remove_ship(d, sid)["ship_discard"]
    edit.add_ship(d, "small", "port")
    edit.add_ship(d, "small", "port")  # none sailed left: from the pile, one more than arrived
    assert sorted(problems(d)) == ["port-too-many", "ships-arrived"]
    conserved(d)


def test_changing_a_card_swaps_it_with_its_pile():
    d = draft()
    old = d["seats"][1]["slot"]["card"]
    new = d["decks"]["ship"]["draw"][3]
    d["seats"][1]["slot"]["card"] = new
    edit.after_set(d, ["seats", 1, "slot", "card"], old)
    assert d["decks"]["ship"]["draw"][3] == old
    conserved(d)


def test_setting_the_phase_keeps_the_turn_and_the_totals():
    for phase in ("setup", "reveal", "trade", "execute", "spoil", "over"):
        d = draft()
        d["phase"] = phase
        edit.after_set(d, ["phase"], "execute")
        assert d["turn"] == START["turn"], phase
        conserved(d)


def test_setting_the_round_changes_nothing_else_and_the_start_player_is_named():
    d = draft()
    d["round"] = 8
    edit.after_set(d, ["round"], 7)
    assert d["start"] == START["start"]
    assert "start-round" in problems(d)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_resize_keeps_the_totals(players):
    d = draft()
    edit.resize(d, players)
    assert d["players"] == players == len(d["seats"])
    conserved(d)
    assert d["turn"] < players and d["start"] < players


def test_settle_piles_fixes_the_piles():
    d = draft()
    d["round"] = 10  # three rounds more: 9 cards more revealed; the start player is again player 1
    edit.after_set(d, ["round"], 7)
    assert "cards-drawn" in problems(d)
    edit.settle_piles(d)
    assert problems(d) == []
    d["stage"] = 3
    assert "ships-arrived" in problems(d)
    edit.settle_piles(d)
    assert problems(d) == []
    conserved(d)
    assert sum(money.value(s["purse"]) for s in d["seats"]) == sum(money.value(s["purse"]) for s in START["seats"])
    assert all(sum(s["goods"][g] for s in d["seats"]) == sum(s["goods"][g] for s in START["seats"]) for g in GOODS)


def test_a_position_saved_before_the_piles_were_counted_is_settled():
    """Game format 1 → 2 (position.settle_old_piles): the earlier editor took a card from the draw pile,
    so one card too many was out of it; the step settles the piles at their bottoms, and the verdict
    stays the same. Any JSON is taken: what is not a position is left for the loader to name."""
    d = draft()
    cid = d["decks"]["ship"]["draw"].pop(0)  # as the earlier editor did: from the draw pile…
    d["decks"]["ship"]["discard"].append(cid)  # …then it went back to the discards
    assert "cards-drawn" in problems(d)
    parts = {"state": d}
    GAME.migrations[0](parts)
    assert problems(parts["state"]) == []
    assert parts["state"]["decks"]["ship"]["draw"][-1] == START["decks"]["ship"]["draw"][-1]  # the next card drawn
    for bad in (None, 7, [], {}, {"players": 3}, {**START, "decks": {"ship": []}}):
        parts = {"state": copy.deepcopy(bad)}
        GAME.migrations[0](parts)
        assert parts["state"] == bad


def test_a_count_set_by_hand_comes_out_of_its_pool():
    """engine/core/edit.py's set_field writes the field, then this game's after_set: goods a seat
    gains come out of the supply."""
    from engine.core.edit import set_field

    d = draft()
    supply, held = d["supply"]["apple"], d["seats"][0]["goods"]["apple"]
    d = set_field(GAME, d, ["seats", 0, "goods", "apple"], held + 2)
    assert d["supply"]["apple"] == supply - 2
    conserved(d)
    d = set_field(GAME, d, ["seats", 0, "goods", "apple"], held)
    assert d["supply"]["apple"] == supply and problems(d) == []
