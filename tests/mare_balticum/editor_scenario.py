"""Mare Balticum in the position editor's browser test (tests/browser/test_editor.py).

The Ask page opens on a mid-game position: player 1 to move, all five ships at sea or in Riga, a
flounder and a herring in the hold. A flounder from the bag is added on A2 (Western Gulf of
Finland, empty, player 1's ship there), and player 1's hold is filled with flounder. Then: "my hold
is full: may I still fish the amber on A3?" (legal, MB-5.4) and "may I fish the flounder on A2?"
(illegal, MB-5.3). A cod added to the full A5 (Hiiumaa coast) is one token too many there: the engine names it."""

SCENARIO = {
    # ("tool", the palette's tool), ("tap", a field id), ("offer", an offered action), ("mode", "ask")
    "setup": [("tool", {"token": "flounder"}), ("tap", "finland_w")],
    "counter": (["players", 0, "hold", "flounder"], "4"),              # 4 flounder + 1 herring: full
    "legal": [("tap", "finland_e"), ("offer", {"type": "fish", "player": 0, "field": "finland_e", "kind": "amber"})],
    "legal_rule": "MB-5.4",
    "illegal": [("tap", "finland_e"), ("tap", "finland_w"),
                ("offer", {"type": "fish", "player": 0, "field": "finland_w", "kind": "flounder"})],
    "illegal_rule": "MB-5.3",
    "impossible": [("tool", {"token": "cod"}), ("tap", "hiiumaa")],
    "impossible_field": "state.tokens.hiiumaa",
}
