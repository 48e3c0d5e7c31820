"""Helpers for the Black Fleet tests: compact hand-written positions."""

from engine import load_game

GAME = load_game("black-fleet")


def position(seats, options=None, **top):
    """A position from a compact description (missing fields get their defaults, see position.py)."""
    data = {"players": len(seats), "seats": seats, "options": options or {}}
    data.update(top)
    return GAME.from_json(data)


def play(state, *actions):
    for a in actions:
        state = state.apply(a)
    return state
