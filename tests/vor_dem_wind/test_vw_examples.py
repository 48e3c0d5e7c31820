"""The site's worked examples (docs/vor-dem-wind/examples/) reproduce the rulebook's numbers.

Each example file is run through the same code the page uses (widgets.render.play.run), every
step must be legal, and the final position must show the book's figures.
"""

import json
import os

import pytest

from engine.vor_dem_wind import money
from engine.vor_dem_wind.components import CARDS, SHIPS
from widgets.render import render_output
from widgets.render.play import run

DOCS = os.environ.get("KIKOTO_DOCS", os.path.join(os.path.dirname(__file__), "..", "..", "docs"))
FOLDER = os.path.join(DOCS, "vor-dem-wind", "examples")


def load(name):
    with open(os.path.join(FOLDER, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def played(name):
    """The example's cards: every step legal; returns the states from start to end."""
    _, cards, _, _ = run(load(name))
    for card in cards[1:]:
        assert card["verdict"].legal, (name, card["action"], card["verdict"].reason)
    return [c["state"] for c in cards]


def gulden(state, seat):
    return money.value(state.seats[seat]["purse"])


@pytest.mark.rules("VW-4.1")
def test_reveal_three_players():
    states = played("reveal-three")
    revealed = states[-1].revealed
    assert [CARDS[c]["deck"] for c in revealed] == ["buy", "ship", "ship"]
    assert [CARDS[c]["income"] for c in revealed[1:]] == [6, 12]  # the first income too low, the second higher
    assert states[-1].phase == "trade"


@pytest.mark.rules("VW-4.1")
def test_reveal_choices_all_three_decks():
    _, cards, _, _ = run(load("reveal-choices"))
    legal = [a["deck"] for a in cards[-1]["state"].legal_actions() if a["type"] == "reveal"]
    assert sorted(legal) == ["buy", "ship", "warehouse"]


@pytest.mark.rules("VW-4.2")
def test_trading_four_players():
    states = played("trading-four")
    after_offers = states[3]
    assert [o["amount"] for o in after_offers.auction["offers"]] == [4, 7]
    accepted = states[5]
    assert money.value(accepted.seats[0]["slot"]["money"]) == 7
    assert accepted.seats[2]["slot"]["face"] == "down"
    last = states[-1]
    assert last.phase == "execute"
    assert [gulden(last, i) for i in range(4)] == [29, 17, 15, 27]
    assert CARDS[last.seats[1]["slot"]["card"]]["kind"] == "load-income"


@pytest.mark.rules("VW-4.3.1.1")
def test_buy_two_apples_one_spice():
    first, last = played("buy-apples-spice")
    assert first.seats[0]["goods"] == {"apple": 1, "spice": 1, "cheese": 0, "silk": 0}
    assert last.seats[0]["goods"] == {"apple": 3, "spice": 2, "cheese": 0, "silk": 0}


@pytest.mark.rules("VW-4.3.1.2")
def test_store_four_for_eighteen():
    first, last = played("store-four")
    card = first.seats[0]["slot"]["card"]
    assert (CARDS[card]["count"], CARDS[card]["cost"]) == (4, 18)
    assert gulden(first, 0) == 22 and gulden(last, 0) == 4
    assert last.seats[0]["warehouse"] == {"apple": 2, "spice": 0, "cheese": 2, "silk": 0}


@pytest.mark.rules("VW-4.3.1.3")
def test_load_sixteen_vp_ship():
    first, last = played("load-sixteen")
    assert last.vp(0) == 16 and [SHIPS[s]["vp"] for s in last.seats[0]["ships"]] == [16]
    assert len(first.port) == 6 and len(last.port) == 5
    assert sum(last.seats[0]["warehouse"].values()) == 0


@pytest.mark.rules("VW-4.3.2.3")
def test_buy_and_store_two_for_fourteen():
    first, last = played("buy-store-two")
    assert gulden(first, 0) - gulden(last, 0) == 14
    assert sum(last.seats[0]["warehouse"].values()) == 2


@pytest.mark.rules("VW-4.3.2.4")
def test_swap_example():
    _, last = played("swap-example")
    w = [last.seats[i]["warehouse"] for i in range(3)]
    assert (w[0]["silk"], w[1]["cheese"], w[2]["apple"]) == (1, 1, 1)
    assert sum(sum(x.values()) for x in w) == 3


@pytest.mark.rules("VW-4.4.1")
def test_spoilage_examples():
    states = played("spoilage")
    assert states[0].seats[0]["warehouse"]["apple"] == 3
    after_a = states[1]
    assert after_a.phase == "spoil" and after_a.seats[0]["warehouse"] == {"apple": 0, "spice": 0, "cheese": 0, "silk": 1}
    last = states[-1]
    assert last.seats[1]["warehouse"] == {"apple": 0, "spice": 1, "cheese": 0, "silk": 0}
    assert last.seats[2]["warehouse"] == {"apple": 0, "spice": 2, "cheese": 0, "silk": 0}
    assert last.stage == 2 and len(last.port) == 6


@pytest.mark.parametrize("name", sorted(n[:-5] for n in os.listdir(FOLDER) if n.endswith(".json")))
@pytest.mark.parametrize("lang", ["hu", "en"])
def test_every_example_renders(name, lang):
    spec = load(name)
    html = render_output(spec, {"lang": lang, "rules_url": "../rules/"})
    # the editor and the lesson draw the table as buttons (HTML), the other widgets as SVG
    drawn = {"editor": 'data-valid="true"', "lesson": 'class="vw-table'}.get(spec.get("widget"), "<svg") in html
    assert "kikoto-error" not in html and drawn
    assert 'data-legal="false"' not in html


def test_board_shows_only_public_information():
    """An onlooker's board never shows a hand's goods or gulden; the step cards with show_hand do."""
    spec = load("buy-apples-spice")
    html = render_output({k: v for k, v in spec.items() if k != "show_hand"}, {"lang": "en", "rules_url": ""})
    assert "kikoto-hand" not in html and "In hand: 12 cards" in html
    html = render_output(spec, {"lang": "en", "rules_url": ""})
    assert "3 × apple, 2 × spice" in html


@pytest.mark.rules("VW-4.3.2.1")
def test_free_buy_any_two():
    first, last = played("free-buy-two")
    card = first.seats[0]["slot"]["card"]
    assert (CARDS[card]["kind"], CARDS[card]["count"]) == ("free-buy", 2)
    assert gulden(first, 0) == gulden(last, 0)  # a free buy costs nothing
    assert last.seats[0]["goods"] == {"apple": 1, "spice": 1, "cheese": 1, "silk": 1}
    assert card in last.decks["buy"]["discard"]
