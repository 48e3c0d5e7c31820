"""Every worked example on the site (docs/balaton/examples/) runs through the widget code and shows the book's numbers."""

import json
import os

import pytest

from widgets.render.play import run

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "docs", "balaton", "examples")


def load(name):
    with open(os.path.join(EXAMPLES, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def test_every_example_file_runs_and_every_step_is_legal():
    names = sorted(f[:-5] for f in os.listdir(EXAMPLES) if f.endswith(".json"))
    assert len(names) >= 11
    for name in names:
        spec = load(name)
        _, cards, state, _ = run(spec)
        for card in cards[1:]:
            expected_illegal = name == "income-figure-5" and card["action"]["type"] == "ship"
            assert card["verdict"].legal != expected_illegal, (name, card["action"], card["verdict"].reason)


@pytest.mark.rules("BA-3.1")
@pytest.mark.parametrize("name,steps", [("dice-two-and-five", [2, 5, 7]), ("dice-double-three", [3, 6])])
def test_dice_examples(name, steps):
    spec = load(name)
    _, cards, state, _ = run(spec)
    legal = [a for a in state.legal_actions() if all(a.get(k) == v for k, v in spec["filter"].items())]
    assert sorted(a["steps"] for a in legal) == steps


@pytest.mark.rules("BA-7.2", "BA-6.4")
@pytest.mark.parametrize("figure", [1, 2, 3, 4, 5])
def test_income_figures(figure):
    spec = load(f"income-figure-{figure}")
    _, cards, state, _ = run(spec)
    start = cards[0]["state"]
    # blue collected exactly the pictured field's value; the field pays yellow what the book says
    assert state.money[0] - start.money[0] == spec["expect"]["blue"]
    assert start.field_value(0, "l-almadi") == spec["expect"]["blue"]
    assert start.field_value(1, "l-almadi") == spec["expect"]["yellow"]
    assert f"{spec['expect']['blue']} Ft" in cards[-1]["verdict"].message["en"]
    if figure == 5:
        assert cards[1]["verdict"].reason == "lake-closed"


@pytest.mark.rules("BA-7.1", "BA-7.3")
def test_route_payout():
    spec = load("route-payout")
    _, cards, state, _ = run(spec)
    assert state.money[0] == spec["expect"]["money"] == 7
    assert cards[0]["state"].best_route(0, "almadi")[0] == spec["expect"]["amount"] == 4
    assert "BA-7.3" in cards[1]["verdict"].rules


@pytest.mark.rules("BA-9.1")
def test_ferry_example():
    spec = load("ferry-crossing")
    _, cards, state, _ = run(spec)
    assert cards[1]["state"].pos[0] == "szarszo"
    assert state.pos[0] == spec["expect"]["pos"] and state.money[0] == spec["expect"]["money"]


@pytest.mark.rules("BA-10.3", "BA-4.3")
def test_plane_example():
    spec = load("plane-ticket")
    _, cards, state, _ = run(spec)
    assert cards[1]["state"].pos[0] == "siofok-3"
    assert state.pos[0] == spec["expect"]["pos"] and state.cards[0]["plane"] == spec["expect"]["plane"]


@pytest.mark.rules("BA-2.4", "BA-3.2")
def test_ten_fold_example():
    """The book's footnote: 100 Ft to start, 200 Ft to win, and every price ten times (a reroll 20 Ft)."""
    spec = load("coin-scale-ten")
    _, cards, state, _ = run(spec)
    assert cards[0]["state"].money == [spec["expect"]["start"]] * 2 == [100, 100]
    assert 20 * state.scale == spec["expect"]["goal"] == 200
    assert state.money[0] == spec["expect"]["money"] == 80


@pytest.mark.rules("BA-5.1")
@pytest.mark.parametrize("sid,price", [("siofok", 3), ("tihany", 2), ("revfulop", 1)])
def test_port_price_examples(sid, price):
    """The book's port prices: Siófok 3 Ft, Tihany 2 Ft, Révfülöp 1 Ft, as many as the settlement's fields."""
    spec = load(f"port-price-{sid}")
    _, cards, state, _ = run(spec)
    assert spec["expect"]["price"] == price
    assert state.money[0] == spec["expect"]["money"] == 10 - price
    assert sid in state.ports and state.ports[sid] == [0]
