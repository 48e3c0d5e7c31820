"""Balaton's move that breaks two independent rules, for the shared contract test
(tests/core/test_every_reason.py).

Player 1 landed on Füred with no money left and a port in Tihany, across the same lake field, and asks to buy a
ship there: they own no port in Füred (BA-6.1: said as a precondition, with the fix "put a port of
yours in Füred"), and a ship costs money (BA-6.2). The money is the point of the question;
the port is not.
"""

from engine import load_game


def case() -> dict:
    game = load_game("balaton")
    data = game.new(2, 1).to_json()
    data.update(money=[0, 10], pos=["fured-2", "veszprem"], ports={"tihany": [0]}, phase="land", dice=[3, 4])
    data["step"]["landed"] = "fured"
    return {
        "game": game.id,
        "state": data,
        "action": {"type": "ship"},
        "expect": {"legal": False, "reason": "no-port-here", "reasons": ["no-port-here", "ship-money"]},
    }


# what each reason is about, and which one is the precondition (the fix puts the port there)
ABOUT = {"no-port-here": ("state.ports.fured",), "ship-money": ("state.money[0]",)}
PRECONDITION = "no-port-here"
