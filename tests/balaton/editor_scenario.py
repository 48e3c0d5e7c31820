"""Balaton's scenario for the editor's browser test (tests/browser/test_editor.py, SCENARIOS).

The ask page's position (docs/balaton/examples/ask.json): player 1 has just landed in Balatonszárszó,
where they own a port, with a ship on the green lake field beside it. Set up by taps: one more ship
of player 1 on that field (bought from the port there), and player 1's money to 0. Then, tapping
player 1's field: income there (legal, BA-7.1; it needs no money), and a ship with no money left
(illegal, BA-6.2). tests/widgets/test_editor_parts.py runs the same steps by their commands,
without a browser.
"""

SCENARIO = {
    "setup": [("tool", "Player 1's ship"), ("tap", "g-east")],
    "counter": (["money", 0], "0"),
    "legal": [("tap", "szarszo"), ("offer", "Income")],
    "legal_rule": "BA-7.1",
    "illegal": [("offer", "Buy a ship")],
    "illegal_rule": "BA-6.2",
    # for test_an_impossible_position_is_named_and_kept (Hungarian page): a ship of player 1 by
    # Keszthely, where player 1 has no port; the problem names that ship, and the ship stays.
    "impossible": [("tool", "1. játékos hajója"), ("tap", "l-keszthely")],
    "impossible_field": "state.ships.l-keszthely.keszthely[0]",
}

# Three typical questions at the table (tests/browser/test_ask_questions.py), each from the Ask page as
# it opens: a position set up by taps, then the question. "name" is the table's words, for the report.
SCENARIO["questions"] = [
    {
        "name": "A second ship of mine by Balatonszárszó: may I take the income there?",
        "steps": [("tool", "Player 1's ship"), ("tap", "g-east"), ("mode", "ask"), ("tap", "szarszo"), ("offer", "Income")],
        "legal": True,
        "rule": "BA-7.1",
    },
    {
        "name": "I landed in Tihany, where I own a port: may I buy a second one?",
        "steps": [
            ("tool", "Player 1's pawn"),
            ("tap", "tihany-2"),
            ("mode", "ask"),
            ("tap", "tihany-2"),
            ("offer", "Buy a port"),
        ],
        "legal": False,
        "rule": "BA-5.2",
    },
    {
        "name": "I landed in Siófok with 6 Ft: may I take the subsidy?",
        "steps": [
            ("tool", "Player 1's pawn"),
            ("tap", "siofok-3"),
            ("mode", "ask"),
            ("tap", "siofok-3"),
            ("offer", "Take the subsidy"),
        ],
        "legal": False,
        "rule": "BA-11.1",
    },
]

# Two number fields of one panel, typed in one after the other while the engine answers
# (tests/browser/test_ask_steady.py): player 1's money, then their "back" cards.
SCENARIO["two_numbers"] = {"setup": [], "fields": [(["money", 0], "15"), (["cards", 0, "back"], "2")]}

# A component back to where it came from and one taken from there, then a setting changed after the
# pieces were placed, then the question (tests/browser/test_ask_supply.py): with ten-fold coins, player 1's
# ship by Siófok is moved beside Balatonszárszó (the eraser puts it back in the supply, the ship tool takes
# one from it); then income at Balatonszárszó: two ships of theirs against one, 2 × 10 Ft (BA-7.1, BA-7.2).
SCENARIO["round_trip"] = {
    "name": "With ten-fold coins, my ship by Siófok moved beside Balatonszárszó: what income there?",
    "steps": [
        ("tool", "Eraser"),
        ("tap", "l-siofok"),
        ("tool", "Player 1's ship"),
        ("tap", "g-east"),
        ("counter", (["options", "coin_scale"], "10")),
        ("mode", "ask"),
        ("tap", "szarszo"),
        ("offer", "Income"),
    ],
    "legal": True,
    "rule": "BA-7.1",
}

# A move that breaks two rules (tests/reasons_scenario.py's, on the Ask page; tests/browser/test_ask_reasons.py):
# player 1's pawn to Balatonfüred, where player 3 has the port, their money set to 0, then a ship there.
# The changed field's rule first: the ship's price (BA-6.2), then the port they lack (BA-6.1, with its fix).
SCENARIO["two_rules"] = {
    "name": "In Balatonfüred with no money and no port of mine: may I buy a ship?",
    "steps": [
        ("tool", "Player 1's pawn"),
        ("tap", "fured-2"),
        ("counter", (["money", 0], "0")),
        ("mode", "ask"),
        ("tap", "fured-2"),
        ("offer", "Buy a ship"),
    ],
    "legal": False,
    "rules": ["BA-6.2", "BA-6.1"],
}
