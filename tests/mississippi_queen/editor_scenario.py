"""The Mississippi Queen scenario of the editor's browser test (tests/browser/test_editor.py, SCENARIOS).

From docs/mississippi-queen/examples/ask.json (round 2, the red steamer on turn at speed 2, heading
east): the red steamer is put on tile 1, C1 and given 1 coal. Then it is asked about two fields by
tapping the steamer and the field (a first tap on it previews, a second asks): tile 1, C3, two fields
straight on (legal, the cheapest way: speed
2, no coal; MQ-5.1), and tile 1, B2, the island (no legal way: the nearest attempt runs onto the
island, MQ-5.2). Fields are "q,r" in data-tap; the reader sees their names."""

SCENARIO = {
    # the steamer placed opens its panel, with its coal
    "setup": [("tool", "Steamer 1"), ("tap", "4,0")],
    "counter": (["steamers", 0, "coal"], "1"),
    "legal": [("tap", "4,0"), ("tap", "6,0"), ("tap", "6,0")],
    "legal_rule": "MQ-5.1",
    "illegal": [("tap", "6,-1")],
    "illegal_rule": "MQ-5.2",
    # on the Hungarian page: steamer 1 put on the island of tile 1, B2; the engine refuses a steamer on
    # an island, and the steamer stays where it was put
    "impossible": {
        "setup": [("tool", "1. gőzös"), ("tap", "6,-1")],
        "field": "state.steamers[0]",
        "kept": (["steamers", 0, "pos"], [6, -1]),
    },
}

# Three typical questions at the table (tests/browser/test_ask_questions.py), each from the Ask page as
# it opens: a position set up by taps, then the question. "name" is the table's words, for the report.
# A ("counter", (path, value)) step is a tap on the number field and the value typed.
SCENARIO["questions"] = [
    {
        "name": "Red steamer on tile 1, C1: may it go two fields straight on to C3?",
        "steps": [("tool", "Steamer 1"), ("tap", "4,0"), ("mode", "ask"), ("tap", "4,0"), ("tap", "6,0"), ("tap", "6,0")],
        "legal": True,
        "rule": "MQ-5.1",
    },
    {
        "name": "Beige steamer on tile 1, C2: may red push it onto C3?",
        "steps": [("tool", "Steamer 2"), ("tap", "5,0"), ("mode", "ask"), ("tap", "5,0"), ("offer", "pushes to tile 1, C3")],
        "legal": True,
        "rule": "MQ-7.2",
    },
    {
        "name": "Red has 1 coal left: may it go from speed 2 to speed 5?",
        "steps": [
            ("tool", "Steamer 1"),
            ("tap", "4,0"),
            ("counter", (["steamers", 0, "coal"], "1")),
            ("mode", "ask"),
            ("tap", "4,0"),
            ("offer", "Speed 2 → 5"),
        ],
        "legal": False,
        "rule": "MQ-4.3",
        "keyboard_over": "the coal counter stands about 23 Tab stops below the board, past every other counter",
    },
]

# Two number fields of one panel, typed in one after the other while the engine answers
# (tests/browser/test_ask_steady.py): the red steamer put on tile 1, C1 opens its panel, where its
# speed and its coal are.
SCENARIO["two_numbers"] = {
    "setup": [("tool", "Steamer 1"), ("tap", "4,0")],
    "fields": [(["steamers", 0, "speed"], "5"), (["steamers", 0, "coal"], "3")],
}

# A question that needs a steamer taken from the box and put back, and a setting changed after the
# pieces were placed (tests/browser/test_ask_supply.py), from the Ask page as it opens: the grey
# steamer goes back to the box (the eraser) and comes out of it again in front of red, on tile 1, E1
# (the newest tile, so the next one is laid, as in play); the table becomes four players (the fourth
# steamer joins on the start tile); then red, on turn, pushes grey aside onto tile 1, D1 (tap grey,
# then the field): legal, one step and the push at speed 2 (MQ-7.1, MQ-7.2).
SCENARIO["round_trip"] = {
    "name": "With four at the table, grey moved up in front of red: may red push it aside onto tile 1, D1?",
    "steps": [
        ("tool", {"erase": True}),
        ("tap", "2,0"),
        ("tool", {"steamer": 2}),
        ("tap", "3,2"),
        ("players", 4),
        ("mode", "ask"),
        ("tap", "3,2"),
        ("tap", "4,1"),
    ],
    "legal": True,
    "rule": "MQ-7.2",
}

# A move that breaks two rules (reasons_scenario.py's, on the Ask page; tests/browser/test_ask_reasons.py):
# red, on turn at speed 2 on the start tile, is tapped (its panel opens) and left 1 coal (the changed field), then asks for speed 6
# straight on. It needs 3 coal (MQ-4.3, the changed field's rule, first), and its path runs past the
# newest tile, where no tile is laid yet (MQ-5.2, said last as a precondition, with its fix).
SCENARIO["two_rules"] = {
    "name": "Red has 1 coal left: may it go from speed 2 to 6, straight on past the newest tile?",
    "steps": [
        ("tap", "2,2"),
        ("counter", (["steamers", 0, "coal"], "1")),
        ("mode", "ask"),
        ("tap", "2,2"),
        ("offer", {"type": "move", "speed": 6, "path": ["F"] * 6}),
    ],
    "legal": False,
    "rules": ["MQ-4.3", "MQ-5.2"],
}
