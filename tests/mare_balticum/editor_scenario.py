"""Mare Balticum in the position editor's browser test (tests/browser/test_editor.py).

The Ask page opens on a mid-game position: player 1 to move, all five ships at sea or in Riga, a
flounder and a herring in the hold. A flounder from the bag is added on A2 (Western Gulf of
Finland, empty, player 1's ship there), and player 1's hold is filled with flounder. Then: "my hold
is full: may I still fish the amber on A3?" (legal, MB-5.4) and "may I fish the flounder on A2?"
(illegal, MB-5.3). A cod added to the full A5 (Hiiumaa coast) is one token too many there: the engine names it."""

SCENARIO = {
    # ("tool", the palette's tool), ("tap", a field id), ("offer", an offered action), ("mode", "ask")
    "setup": [("tool", {"token": "flounder"}), ("tap", "finland_w")],
    "counter": (["players", 0, "hold", "flounder"], "4"),  # 4 flounder + 1 herring: full
    "legal": [("tap", "finland_e"), ("offer", {"type": "fish", "player": 0, "field": "finland_e", "kind": "amber"})],
    "legal_rule": "MB-5.4",
    "illegal": [
        ("tap", "finland_e"),
        ("tap", "finland_w"),
        ("offer", {"type": "fish", "player": 0, "field": "finland_w", "kind": "flounder"}),
    ],
    "illegal_rule": "MB-5.3",
    "impossible": [("tool", {"token": "cod"}), ("tap", "hiiumaa")],
    "impossible_field": "state.tokens.hiiumaa",
}

# Three typical questions at the table (tests/browser/test_ask_questions.py), each from the Ask page as
# it opens: a position set up by taps, then the question. "name" is the table's words, for the report.
SCENARIO["questions"] = [
    {
        "name": "A flounder is drawn onto Gulf of Finland, west: may my ship beside it fish the amber on the east?",
        "steps": [
            ("tool", {"token": "flounder"}),
            ("tap", "finland_w"),
            ("mode", "ask"),
            ("tap", "finland_e"),
            ("offer", {"type": "fish", "player": 0, "field": "finland_e", "kind": "amber"}),
        ],
        "legal": True,
        "rule": "MB-5.2",
    },
    # the eraser sends player 1's ship on Gulf of Finland, west back to the supply
    {
        "name": "One of my ships went back to the supply: may I still sail Hiiumaa coast → Gotland Deep?",
        "steps": [("tool", "Eraser"), ("tap", "finland_w"), ("mode", "ask"), ("tap", "hiiumaa"), ("tap", "gotland_deep")],
        "legal": False,
        "rule": "MB-4.1",
    },
    {
        "name": "The last herring of the bag lands on Irbe Strait: may my ship there fish it?",
        "steps": [
            ("tool", {"token": "herring"}),
            ("tap", "irbe"),
            ("mode", "ask"),
            ("tap", "irbe"),
            ("offer", {"type": "fish", "player": 0, "field": "irbe", "kind": "herring"}),
        ],
        "legal": True,
        "rule": "MB-5.3",
    },
]

# Two number fields of one panel, typed in one after the other while the engine answers
# (tests/browser/test_ask_steady.py): player 1's hold, salmon then cod.
SCENARIO["two_numbers"] = {"setup": [], "fields": [(["players", 0, "hold", "salmon"], "2"), (["players", 0, "hold", "cod"], "1")]}

# A question that needs a piece taken from the supply and put back, and a setting changed after the
# pieces were placed (tests/browser/test_ask_supply.py), from the Ask page as it opens: player 1's
# ship on Gulf of Finland, west goes back to the supply (the eraser); the table becomes 4 players, so
# players 2 and 3 each have a ship beyond the 4 a player has (each problem's fix returns it to the
# box) and player 4 has none yet (the fix takes its first one from its supply into Stockholm); then
# "may my ship on Irbe Strait sail to Courland coast?" (legal: the fleet holds in two pairs, MB-4.2).
SCENARIO["round_trip"] = {
    "name": "With four at the table, one of my ships back in the supply: may Irbe Strait → Courland coast?",
    "steps": [
        ("tool", {"erase": True}),
        ("tap", "finland_w"),
        ("players", 4),
        ("fix", {"name": "place_ship", "args": {"seat": 3, "fid": "stockholm"}}),
        ("fix", {"name": "return_extra_ships", "args": {"seat": 1}}),
        ("fix", {"name": "return_extra_ships", "args": {"seat": 2}}),
        ("mode", "ask"),
        ("tap", "irbe"),
        ("tap", "courland"),
    ],
    "legal": True,
    "rule": "MB-4.2",
}

# A move that breaks two rules, on the Ask page (tests/browser/test_ask_reasons.py): player 1's hold
# filled with flounder (the changed field), then fishing the cod on Sea of Åland, where player 1 has
# no ship. The engine gives the missing ship first (MB-5.1); the page puts the full hold's rule
# (MB-5.3), the field the reader changed, first. (reasons_scenario.py's move has a precondition,
# which the page says last whatever was changed.)
SCENARIO["two_rules"] = {
    "steps": [
        ("counter", (["players", 0, "hold", "flounder"], "4")),
        ("mode", "ask"),
        ("tap", "aland"),
        ("offer", {"type": "fish", "player": 0, "field": "aland", "kind": "cod"}),
    ],
    "rules": ["MB-5.3", "MB-5.1"],
}
