"""Balaton's scenario for the editor's browser test (tests/browser/test_editor.py, SCENARIOS).

The ask page's position (docs/balaton/examples/ask.json): player 1 to move, dice 1 and 3.
Set up by taps: player 1's pawn to field 13 (before Balatonboglár), one more ship of player 1
on the green lake field by Szárszó (bought from the port there), and player 1's money to 0.
Then: the pawn from field 13 to Balatonboglár, one field with the die's 1 (legal, BA-3.1), and
a reroll with no money (illegal, BA-3.2). tests/widgets/test_editor_parts.py runs the same steps
by their commands, without a browser.
"""

SCENARIO = {
    "setup": [("tool", "Player 1's pawn"), ("tap", "f13"),
              ("tool", "Player 1's ship"), ("tap", "g-east")],
    "counter": (["money", 0], "0"),
    "legal": [("tap", "f13"), ("tap", "boglar")],
    "legal_rule": "BA-3.1",
    "illegal": [("offer", "Reroll")],
    "illegal_rule": "BA-3.2",
    # for test_an_impossible_position_is_named_and_kept (Hungarian page): a ship of player 1 by
    # Keszthely, where player 1 has no port; the problem names that ship, and the ship stays.
    "impossible": [("tool", "1. játékos hajója"), ("tap", "l-keszthely")],
    "impossible_field": "state.ships.l-keszthely.keszthely[0]",
}
