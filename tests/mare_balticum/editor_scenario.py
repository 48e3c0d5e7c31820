"""Mare Balticum in the position editor's browser test (tests/browser/test_editor.py).

Player 1's ship stands in Stockholm. On B3 (Western Gotland Basin) one token is erased, an amber
token and a ship of player 1 are placed, and player 1's hold is filled with herring. Then: "my hold
is full: may I still fish amber here?" (legal, MB-5.4) and "may I fish flounder?" (illegal, MB-5.3).
A ship of player 1 alone on A14 breaks the fleet rule: the engine names player 1's ships."""

SCENARIO = {
    # ("tool", the palette's tool), ("tap", a field id), ("offer", an offered action), ("mode", "ask")
    "setup": [("tool", {"erase": True}), ("tap", "west_gotland"), ("tool", {"token": "amber"}), ("tap", "west_gotland"),
              ("tool", {"ship": 0}), ("tap", "west_gotland")],
    "counter": (["players", 0, "hold", "herring"], "5"),
    "legal": [("tap", "west_gotland"), ("offer", {"type": "fish", "player": 0, "field": "west_gotland", "kind": "amber"})],
    "legal_rule": "MB-5.4",
    "illegal": [("offer", {"type": "fish", "player": 0, "field": "west_gotland", "kind": "flounder"})],
    "illegal_rule": "MB-5.3",
    "impossible": [("tool", {"ship": 0}), ("tap", "curonian")],
    "impossible_field": "state.players[0]",
}
