"""Helpers for the Black Fleet tests: compact hand-written positions."""

from engine import load_game

GAME = load_game("black-fleet")


def position(seats, options=None, **top):
    """A position from a compact description (missing fields get their defaults, see game._validate)."""
    data = {"players": len(seats), "seats": seats}
    data.update(top)
    state = GAME.from_json(data)
    state.options = GAME.resolve_options(options or {})
    return state


def play(state, *actions):
    for a in actions:
        state = state.apply(a)
    return state
