"""The browser scenario of the position editor (tests/browser/test_editor.py, SCENARIOS["vor-dem-wind"]).

The ask page starts mid-game: round 7, stage 2, carrying out the action cards; player 2 is to move with
a load/income card. Player 2 gets a 10-gulden card from the bank, and 5 one-gulden cards instead of 2.
Then player 2 taps their own card: loading the ship of 14 VP (1 apple, 2 spice, 1 silk) is legal, their
warehouse holds it (VW-4.3.1.3); loading the ship of 12 VP (2 apples, 2 spice) is not, the warehouse
has one apple (VW-4.3.1.3).

"impossible" (for the Hungarian page's impossible-position test): nine apples tapped into player 1's
warehouse, which held 3 goods and has 8 places; the engine names the warehouse, and the apples stay in
the draft (2 + 9).
"""

SCENARIO = {
    "setup": [("tool", "10-gulden card"), ("tap", "purse:1")],
    "counter": (["seats", 1, "purse", "1"], "5"),
    "legal": [("tap", "slot:1"), ("offer", "loads the 14-VP ship (1 × apple, 2 × spice, 1 × silk)")],
    "legal_rule": "VW-4.3.1.3",
    "illegal": [("offer", "loads the 12-VP ship (2 × apple, 2 × spice)")],  # the card stays selected after a question
    "illegal_rule": "VW-4.3.1.3",
    "impossible": {
        "setup": [("tool", "alma")] + [("tap", "warehouse:0")] * 9,
        "field": "state.seats[0].warehouse",
        "kept": (["seats", 0, "warehouse", "apple"], 11),
    },
}

# Three typical questions at the table (tests/browser/test_ask_questions.py), each from the Ask page as
# it opens: a position set up by taps, then the question. "name" is the table's words, for the report.
SCENARIO["questions"] = [
    {
        "name": "Player 2 got a 10-gulden card: may they load the 14 VP ship (1 apple, 2 spice, 1 silk)?",
        "steps": [
            ("tool", "10-gulden card"),
            ("tap", "purse:1"),
            ("mode", "ask"),
            ("tap", "slot:1"),
            ("offer", "loads the 14-VP ship (1 × apple, 2 × spice, 1 × silk)"),
        ],
        "legal": True,
        "rule": "VW-4.3.1.3",
    },
    # the eraser takes the warehouse's last good, its silk
    {
        "name": "Player 2's silk left the warehouse: may they still load that ship?",
        "steps": [
            ("tool", "Eraser"),
            ("tap", "warehouse:1"),
            ("mode", "ask"),
            ("tap", "slot:1"),
            ("offer", "loads the 14-VP ship (1 × apple, 2 × spice, 1 × silk)"),
        ],
        "legal": False,
        "rule": "VW-4.3.1.3",
    },
    {
        "name": "Player 2 holds a free-buy card: may they take 2 apples with it now?",
        "steps": [("tool", "free buy"), ("tap", "specials:1"), ("mode", "ask"), ("tap", "specials:1"), ("offer", "2 × apple")],
        "legal": True,
        "rule": "VW-4.3.2.1",
    },
]

# For tests/browser/test_ask_width.py: at 375 px the table of the examples and the sandbox is wider than
# the phone (its smallest labels stay at 11 px), so it must scroll in its own box, with the scroll cue.
SCENARIO["wide_at_375"] = "the table is wider than a phone: its box should scroll sideways, with its cue"

# Two number fields of one panel, typed in one after the other while the engine answers
# (tests/browser/test_ask_steady.py): player 1's purse (its panel opens at a tap), the 5-gulden
# cards, then the 1-gulden ones (the two that ended empty, or as "32").
SCENARIO["two_numbers"] = {
    "setup": [("tap", "purse:0")],
    "fields": [(["seats", 0, "purse", "5"], "4"), (["seats", 0, "purse", "1"], "3")],
}

# A component back to where it came from and one taken from there, then a setting changed after the
# pieces were placed, then the question (tests/browser/test_ask_supply.py): player 2's stored silk goes
# back to the supply (the eraser takes the warehouse's last good) and an apple comes out of it into the
# warehouse; then 2 players instead of 3 (player 3's cards, goods and gulden go back; the piles hold
# more cards and ships than two players revealed, a problem whose one-tap fix settles them). Loading the
# 12-VP ship (2 apples, 2 spice) is now legal: the warehouse holds it (VW-4.3.1.3).
SCENARIO["round_trip"] = {
    "name": "Two players; player 2's stored silk swapped for an apple from the supply: may they load the 12 VP ship?",
    "steps": [
        ("tool", "Eraser"),
        ("tap", "warehouse:1"),
        ("tool", "apple"),
        ("tap", "warehouse:1"),
        ("players", 2),
        ("cmd", {"op": "game", "do": "settle-piles"}),
        ("mode", "ask"),
        ("tap", "slot:1"),
        ("offer", "loads the 12-VP ship (2 × apple, 2 × spice)"),
    ],
    "legal": True,
    "rule": "VW-4.3.1.3",
}

# A move that breaks two rules (reasons_scenario.py's, on the Ask page; tests/browser/test_ask_reasons.py):
# a store card (8 gulden, up to 2 goods) from its deck in front of player 2, their warehouse filled to its
# 8 places (3 apples), then their 5-gulden card set to 0 (6 gulden left); then storing a silk. The changed
# field's rule first: the payment (VW-2.3), then the full warehouse, said as a precondition with its fix
# (VW-2.5).
SCENARIO["two_rules"] = {
    "name": "Player 2 with 6 gulden and a full warehouse: may they store a silk for 8 gulden?",
    "steps": [
        ("tool", "store"),
        ("tap", "slot:1"),
        ("tap", "warehouse:1"),
        ("counter", (["seats", 1, "warehouse", "apple"], "3")),
        ("tap", "purse:1"),
        ("counter", (["seats", 1, "purse", "5"], "0")),
        ("mode", "ask"),
        ("tap", "slot:1"),
        ("offer", "stores 1 × silk"),
    ],
    "legal": False,
    "rules": ["VW-2.3", "VW-2.5"],
}

# Ids a reader never sees, beside the board's field ids (tests/widgets/test_ask_words.py): the cards' and
# ships' own ids.
from engine.vor_dem_wind.components import CARDS, SHIPS  # noqa: E402

SCENARIO["internal_ids"] = set(CARDS) | set(SHIPS)
