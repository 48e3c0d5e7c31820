"""Mississippi Queen's editor drafts: reading a draft that may hold anything (the seats, the steamer on a
field, the seat on turn). Split from edit.py, which re-exports it."""

from __future__ import annotations

import re

from engine.mississippi_queen.position import PHASES as _PHASES

from .layout import PLAYER_COLOURS, _is_field

GAME_ID = "mississippi-queen"
SIDES = ("L", "C", "R")
PHASES = tuple(p.name for p in _PHASES)  # the engine's phases, declared once (engine/core/position.py)
STATUSES = ("racing", "finished", "out")
MAX_OFFERS = 12


FIELD = re.compile(r"(-?\d+),(-?\d+)")


def parse(field):
    """ "q,r" -> (q, r), or None."""
    found = FIELD.fullmatch(field) if isinstance(field, str) else None
    return (int(found[1]), int(found[2])) if found else None


def listed(draft, key) -> list:
    value = draft.get(key) if isinstance(draft, dict) else None
    return value if isinstance(value, list) else []


def seats(draft) -> int:
    return len(listed(draft, "steamers"))


def steamer_at(draft, p):
    """The seat whose racing steamer is on field p, or None: one of the box's five, as drawn."""
    for seat, st in enumerate(listed(draft, "steamers")[: len(PLAYER_COLOURS)]):
        if isinstance(st, dict) and st.get("status") == "racing" and _is_field(st.get("pos")) and tuple(st["pos"]) == p:
            return seat
    return None


def to_move(draft) -> int:
    """The seat on turn as the engine reads it (a pushed steamer first, in the heading phase)."""
    pending, order, turn = draft.get("pending"), draft.get("order"), draft.get("turn")
    if isinstance(pending, list) and pending and draft.get("phase") == "heading":
        return pending[0]
    if isinstance(order, list) and order and isinstance(turn, int):
        return order[max(0, min(turn, len(order) - 1))]
    return 0


def passenger_game(draft) -> bool:
    options = draft.get("options")
    return isinstance(options, dict) and options.get("game") == "passenger"
