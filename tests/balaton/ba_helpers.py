"""Shared helpers of the Balaton tests: compact hand-written positions."""

from engine import load_game

GAME = load_game("balaton")


def position(options=None, **fields):
    """A 2-player position (P0 to act, landing phase) with the given fields overridden, through from_json."""
    data = {"players": 2, "money": [10, 10], "pos": ["veszprem", "veszprem"], "turn": 0, "phase": "land"}
    data.update(fields)
    if options:
        data["options"] = options
    return GAME.from_json(data)


def verdict(state, action):
    v = state.check(action)
    return v.legal, v.reason, v.rules
