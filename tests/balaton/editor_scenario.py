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
