"""Black Fleet's scenario for tests/browser/test_editor.py (SCENARIOS["black-fleet"]).

The page opens with player 3's pirate on E1 (card M15 played, its one step taken), player 1's
merchant beside Bahamas (B4) and player 2's beside Port 5 (F3). Player 1's merchant is moved next
to the pirate, onto F1, and player 3 is given 4 doubloons. Then: may the pirate rob the merchant on
F1? (legal, BF-8.1); may it rob player 2's merchant on F3 from E1? (not adjacent: illegal, BF-8.1).
"""

SCENARIO = {
    "setup": [("tool", "Merchant 1"), ("tap", "F1")],
    "counter": (["seats", 2, "coins"], "4"),
    "legal": [("tap", "E1"), ("tap", "F1")],
    "legal_rule": "BF-8.1",
    "illegal": [("tap", "F3")],
    "illegal_rule": "BF-8.1",
    # on the Hungarian page: player 1's merchant onto E1, where player 3's pirate is; the engine names
    # player 1's merchant, and the merchant stays there in the draft
    "impossible": [("tool", "1. kereskedő"), ("tap", "E1")],
    "impossible_field": "state.seats[0].merchant",
}
