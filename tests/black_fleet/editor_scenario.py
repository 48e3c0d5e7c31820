"""Black Fleet's scenario for tests/browser/test_editor.py (SCENARIOS["black-fleet"]).

The page opens in round 3 on player 1's turn (the black fleet): a movement card is played, nothing has
moved yet. Player 1's pirate is on E2, beside player 2's merchant on F2; the yellow warship on C5
is beside player 3's pirate on C4; player 1's merchant on D5 is a step from La Barbaria. Player 2's
merchant is moved to E3 (still beside the pirate) and player 1 is given 4 doubloons, in player 1's
panel (a tap on their row under the map). Then: may the
pirate rob the merchant on E3? (legal, BF-8.1); may it rob player 3's merchant on I4 from E2? (not
adjacent: illegal, BF-8.1).
"""

SCENARIO = {
    "setup": [("tool", "Merchant 2"), ("tap", "E3"), ("tap", "seat:0")],
    "counter": (["seats", 0, "coins"], "4"),
    "legal": [("tap", "E2"), ("tap", "E3")],
    "legal_rule": "BF-8.1",
    "illegal": [("tap", "I4")],
    "illegal_rule": "BF-8.1",
    # on the Hungarian page: player 3's merchant onto E2, where player 1's pirate is; the engine names
    # player 3's merchant, and the merchant stays there in the draft
    "impossible": [("tool", "3. kereskedő"), ("tap", "E2")],
    "impossible_field": "state.seats[2].merchant",
}

# Three typical questions at the table (tests/browser/test_ask_questions.py), each from the Ask page as
# it opens: a position set up by taps, then the question. "name" is the table's words, for the report.
SCENARIO["questions"] = [
    {
        "name": "Player 2's merchant moved to E3: may my pirate on E2 rob it?",
        "steps": [("tool", "Merchant 2"), ("tap", "E3"), ("mode", "ask"), ("tap", "E2"), ("tap", "E3")],
        "legal": True,
        "rule": "BF-8.1",
    },
    {
        "name": "The purple warship stands on E1: may my pirate step there?",
        "steps": [("tool", "purple warship"), ("tap", "E1"), ("mode", "ask"), ("tap", "E2"), ("tap", "E1")],
        "legal": False,
        "rule": "BF-5.2",
    },
    {
        "name": "My merchant reached C6, beside La Barbaria: may it sell and load there?",
        "steps": [("tool", "Merchant 1"), ("tap", "C6"), ("mode", "ask"), ("tap", "C6"), ("tap", "la-barbaria")],
        "legal": True,
        "rule": "BF-7.1",
    },
]

# Two number fields of one panel, typed in one after the other while the engine answers
# (tests/browser/test_ask_steady.py): in player 1's panel (their row under the map), their doubloons,
# then the fields their merchant has moved this turn (player 1 is on turn).
SCENARIO["two_numbers"] = {
    "setup": [("tap", "seat:0")],
    "fields": [(["seats", 0, "coins"], "12"), (["now", "moved", "merchant"], "2")],
}

# A component back to where it came from and one taken from there, then a setting changed after the
# pieces were placed, then the question (tests/browser/test_ask_supply.py): player 1's pirate on E2 is
# moved beside the yellow warship (the eraser takes it off the board, the pirate tool puts it on C6),
# then the reading that the card's warship lets ships through only once it has moved (BF-5.2); then the
# pirate steps onto the yellow warship's field, which has not moved yet: blocked (BF-5.2).
SCENARIO["round_trip"] = {
    "name": "My pirate beside the yellow warship, which has not moved yet: may it pass through, if a warship is friendly only once it moved?",
    "steps": [
        ("tool", {"erase": True}),
        ("tap", "E2"),
        ("tool", {"pirate": 0}),
        ("tap", "C6"),
        ("choose", (["options", "friendly_warship"], "once-moved")),
        ("mode", "ask"),
        ("tap", "C6"),
        ("tap", "C5"),
    ],
    "legal": False,
    "rule": "BF-5.2",
}

# A move that breaks two rules, on the Ask page (tests/browser/test_ask_reasons.py): player 1's pirate
# has used its whole movement (the changed field, in player 1's panel: 3 of the card's 3), then steps
# from E2 onto F2, where player 2's merchant stands. The engine gives the blocked field first (BF-5.2);
# the page puts the movement used up (BF-5.1), the field the reader changed, first. (reasons_scenario.py's move has a
# precondition, the card's warship, which the page says last whatever was changed.)
SCENARIO["two_rules"] = {
    "name": "My pirate has moved its 3 fields: may it step onto player 2's merchant?",
    "steps": [
        ("tap", "seat:0"),
        ("counter", (["now", "moved", "pirate"], "3")),
        ("mode", "ask"),
        ("tap", "E2"),
        ("offer", {"type": "move", "player": 0, "ship": "pirate", "to": "F2"}),
    ],
    "legal": False,
    "rules": ["BF-5.1", "BF-5.2"],
}
