"""Mare Balticum's move that breaks two independent rules, for the shared contract test
(tests/core/test_every_reason.py) and the Ask page's (tests/browser/test_ask_reasons.py).

Player 1 has sailed a ship from Stockholm to the Archipelago, whose tokens are gone (fished
earlier), and holds 5 cod: a full hold. Fishing a herring there breaks two rules: no herring is on the area (MB-5.1: said as
a precondition, with the fix "put a herring there from the bag"), and a full hold takes no fish
(MB-5.3, MB-5.4). The full hold is the point of the question; the missing token is not.
"""

from engine import load_game


def case() -> dict:
    game = load_game("mare-balticum")
    state = game.new(3, 0)
    while state.phase == "setup":  # everyone starts in Stockholm (the first port offered)
        state = state.apply(state.legal_actions()[0])
    state = state.apply({"type": "sail", "from": "supply", "to": "archipelago"})
    data = state.to_json()
    area = data["tokens"]["archipelago"]
    for kind in area:  # (back in the bag, so that the counts add up)
        data["bag"][kind] += 1
    data["tokens"]["archipelago"] = []
    data["players"][0]["hold"]["cod"] = 5
    data["bag"]["cod"] -= 5
    return {
        "game": game.id,
        "state": data,
        "action": {"type": "fish", "field": "archipelago", "kind": "herring"},
        "expect": {"legal": False, "reason": "token-not-there", "reasons": ["token-not-there", "hold-full"]},
    }


# what each reason is about, and which one is the precondition (the fix puts the herring there)
ABOUT = {"token-not-there": ("action.kind", "state.tokens.archipelago"), "hold-full": ("state.players[0].hold",)}
PRECONDITION = "token-not-there"
