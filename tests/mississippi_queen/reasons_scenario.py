"""Mississippi Queen's move that breaks two independent rules, for the shared contract test
(tests/core/test_every_reason.py).

Red, alone on the last row of the start tile with 3 coal left, asks for speed 6 straight ahead: the
sixth step would leave the river beyond the newest tile, where no tile is laid yet (MQ-5.2: said as a
precondition, with the fix "lay the next river tile"), and going from speed 1 to 6 costs 4 coal
(MQ-4.1, MQ-4.3). The coal is the point of the question; the river's end is not.
"""

from engine import load_game
from engine.mississippi_queen.board import field_at


def case() -> dict:
    game = load_game("mississippi-queen")
    state = game.new(3, 1)
    for _ in range(3):
        state = state.apply({"type": "heading", "dir": 0})
    data = state.to_json()
    red = data["steamers"][0]
    red.update(coal=3, pos=list(field_at((0, 0), 0, 3, 0)))
    return {
        "game": game.id,
        "state": data,
        "action": {"type": "move", "speed": 6, "path": ["F"] * 6},
        "expect": {"legal": False, "reason": "off-river", "reasons": ["off-river", "not-enough-coal"]},
    }


# what each reason is about, and which one is the precondition (the fix lays the tile)
ABOUT = {"off-river": ("action.path",), "not-enough-coal": ("action.speed", "state.steamers[0].coal")}
PRECONDITION = "off-river"
