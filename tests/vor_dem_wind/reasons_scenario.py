"""Vor dem Wind's move that breaks two independent rules, for the shared contract test
(tests/core/test_every_reason.py).

Player 1 holds the 18-gulden store card (4 goods) and 17 gulden, with 7 goods in the warehouse, and
asks to store an apple and a spice: 18 gulden cannot be paid (VW-4.3.1.2: „Ha nem tudod kifizetni”,
VW-2.3), and two goods do not fit the one free place (VW-2.5: said as a precondition, with the fix
"take 1 good out of the warehouse"). The money is the point of the question
(#39: the page answered the free places first); the warehouse is the second reason.
"""

import json
from pathlib import Path

from engine import load_game
from engine.vor_dem_wind import money

CASE = Path(__file__).resolve().parents[2] / "docs" / "vor-dem-wind" / "cases" / "vw-store-cannot-pay.json"


def case() -> dict:
    game = load_game("vor-dem-wind")
    data = json.loads(CASE.read_text(encoding="utf-8"))["state"]
    seat = data["seats"][data["turn"]]
    # 17 gulden: the purse's cards back to the bank, then a 10, a 5 and a 2 from it
    money.add(data["bank"], seat["purse"])
    seat["purse"] = {"1": 0, "2": 1, "5": 1, "10": 1}
    money.sub(data["bank"], seat["purse"])
    # 7 goods in the warehouse (cheese and silk from the supply) and an apple and a spice in hand
    seat["warehouse"].update(cheese=4, silk=3)
    data["supply"]["cheese"] -= 4
    data["supply"]["silk"] -= 3
    return {
        "game": game.id,
        "state": data,
        "action": {"type": "store", "card": "W15", "goods": ["apple", "spice"]},
        "expect": {"legal": False, "reason": "cannot-pay", "reasons": ["cannot-pay", "warehouse-full"]},
    }


# what each reason is about, and which one is the precondition (its fix takes a good out of the warehouse)
ABOUT = {"cannot-pay": ("state.seats[0].purse",), "warehouse-full": ("action.goods", "state.seats[0].warehouse")}
PRECONDITION = "warehouse-full"
