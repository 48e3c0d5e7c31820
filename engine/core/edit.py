"""Setting one field of a draft position by hand (the editor's counters and choices), through its game.

A draft is a position's JSON as the reader edits it; it may be impossible (`Game.problems` names what
is wrong) but it is written only here and by the game's editing operations (`engine/<pkg>/edit.py`),
which keep the totals: no module outside the engine assigns into a position.
"""

from __future__ import annotations

import importlib

from .errors import InputError


def path_text(path) -> str:
    """["players", 0, "hold"] -> "state.players[0].hold": the field names InputError uses."""
    return "state" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def operations(game):
    """The game's editing operations: the `edit` module of its package. Each defines
    `after_set(draft, path, old) -> draft`, which keeps the totals after a field changed."""
    return importlib.import_module(game.state_class.__module__.rpartition(".")[0] + ".edit")


def set_field(game, draft: dict, path, value) -> dict:
    """`draft` with `value` at `path` and the totals that depend on it kept by the game (its
    `after_set`): a token counted into a hold comes out of the bag, say. The draft is changed in place
    (the caller passes its own copy) and returned; the game may return a new one.

    The path must name a place the game's position format describes (its state schema), and an
    existing item when it indexes a list; else InputError("field-unknown") naming it. A new key in an
    object is allowed where the format has one; whether the value is right is `Game.problems`'s to say."""
    if not isinstance(path, list) or not path or not game.state_schema.describes(path):
        raise InputError("field-unknown", path_text(path) if isinstance(path, list) else "cmd.path")
    node = draft
    try:
        for key in path[:-1]:
            node = node[key]
    except (KeyError, IndexError, TypeError):
        raise InputError("field-unknown", path_text(path)) from None
    last = path[-1]
    if isinstance(node, list):
        if not (isinstance(last, int) and 0 <= last < len(node)):
            raise InputError("field-unknown", path_text(path))
        old = node[last]
    elif isinstance(node, dict):
        old = node.get(last)
    else:
        raise InputError("field-unknown", path_text(path))
    node[last] = value
    return operations(game).after_set(draft, path, old)
