"""Black Fleet's move that breaks two independent rules, for the shared contract test
(tests/core/test_every_reason.py).

In the first turn of a three-player game the card played (M15) moves the yellow warship; the player
asks to move the purple one from H4 straight to A1, across the board. The purple warship is not the
card's (BF-4.2: said as a precondition, with the fix "play a card that moves the purple warship"), and
A1 is not a neighbouring field (BF-5.1). The step is the point of the question; the card is not.
"""

from engine import load_game


def case() -> dict:
    game = load_game("black-fleet")
    state = game.new(3, 1)
    while state.phase != "move":  # the setup and the first card, as the game's own order gives them
        state = state.apply(next(iter(state.legal_actions())))
    data = state.to_json()
    assert data["now"]["card"] == "M15" and data["warships"]["purple"] == "H4"
    return {
        "game": game.id,
        "state": data,
        "action": {"type": "move", "ship": "purple", "to": "A1"},
        "expect": {"legal": False, "reason": "warship-not-yours", "reasons": ["warship-not-yours", "not-adjacent"]},
    }


# what each reason is about, and which one is the precondition (the fix plays a card of that warship)
ABOUT = {"warship-not-yours": ("action.ship", "state.now.card"), "not-adjacent": ("action.to",)}
PRECONDITION = "warship-not-yours"
