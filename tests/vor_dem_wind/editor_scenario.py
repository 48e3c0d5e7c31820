"""The browser scenario of the position editor (tests/browser/test_editor.py, SCENARIOS["vor-dem-wind"]).

The ask page starts in round 1's trading: player 1 has taken the buy card (2 cheese, 1 silk) face up,
and player 2 is to move. Player 2 gets a 10-gulden card from the bank, and 5 one-gulden cards instead of
3 (34 gulden). Then player 2 taps player 1's card: offering 1 gulden for it is legal (VW-4.2); offering
35 gulden, one more than player 2 holds, is not (VW-2.3).

"impossible" (for the Hungarian page's impossible-position test): nine apples tapped into player 1's
warehouse, which has 8 places; the engine names the warehouse, and the nine apples stay in the draft.
"""

SCENARIO = {
    "setup": [("tool", "10-gulden card"), ("tap", "purse:1")],
    "counter": (["seats", 1, "purse", "1"], "5"),
    "legal": [("tap", "slot:0"), ("offer", "offers 1 gulden")],
    "legal_rule": "VW-4.2",
    "illegal": [("offer", "offers 35 gulden")],  # the card stays selected after a question
    "illegal_rule": "VW-2.3",
    "impossible": {
        "setup": [("tool", "alma")] + [("tap", "warehouse:0")] * 9,
        "field": "state.seats[0].warehouse",
        "kept": (["seats", 0, "warehouse", "apple"], 9),
    },
}
