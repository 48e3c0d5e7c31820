"""Editing a draft position, through its game: one field set by hand (the editor's counters and
choices), one of the game's editing operations by name (a one-tap fix is one), and a setting changed
with the draft carried over.

A draft is a position's JSON as the reader edits it; it may be impossible (`Game.problems` names what
is wrong, each problem with its fix where the game knows one) but it is written only here and by the
game's editing operations (`engine/<pkg>/edit.py`, which its Position names), which keep the totals:
no module outside the engine assigns into a position.
"""

from __future__ import annotations

import json

from .errors import InputError, expect


def path_text(path) -> str:
    """["players", 0, "hold"] -> "state.players[0].hold": the field names InputError uses."""
    return "state" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


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
    for key in path[:-1]:
        if not _holds(node, key):
            raise InputError("field-unknown", path_text(path))
        node = node[key]
    last = path[-1]
    if isinstance(node, list) and _holds(node, last):
        old = node[last]
    elif isinstance(node, dict) and isinstance(last, str):
        old = node.get(last)
    else:
        raise InputError("field-unknown", path_text(path))
    node[last] = value
    # what was typed is kept as it is; the totals follow only on a draft in the game's format (its
    # operations work on the format's fields; `Game.examine` names what is malformed)
    return draft if malformed(game, draft) else game.position.after_set(draft, path, old)


def _holds(node, key) -> bool:
    if isinstance(node, list):
        return type(key) is int and 0 <= key < len(node)
    return isinstance(node, dict) and isinstance(key, str) and key in node


def malformed(game, draft) -> InputError | None:
    """What keeps the game's editing operations from working on `draft`, named at its field: a part
    missing or of another type than its format's (the state schema), or an option the game does not
    have; None when they can. (A draft in the format but impossible is theirs to work on and mend: a
    table too small for its steamers, say, whose problem carries the fix.)"""
    try:
        game.read_format(draft)
    except InputError as err:
        return err
    return None


def apply_edit(game, draft: dict, op: str, args: dict | None = None) -> dict:
    """`draft` after the game's editing operation `op` with `args` (a Fix's `op` and `args`): "set" is
    `set_field` ({"path", "value"}), any other one of the game's operations (its Position's `edits`)."""
    args = {} if args is None else args
    expect(args, "object", "cmd.args")
    if op == "set":
        return set_field(game, draft, args.get("path"), args.get("value"))
    return game.position.edit(draft, op, args)


def change_setting(game, draft: dict, setting: str, value) -> dict:
    """`draft` under another setting, carried over: the number of players ("players"), a variant or
    reading (an option's name) or the phase ("phase"). What still fits is kept; what no longer fits is
    left for `Game.problems` to name, each with its fix where the game knows one ("return the extra
    steamers to the box"). InputError only for a setting or value that does not exist."""
    if setting == "players":
        low, high = game.players
        expect(value, "integer", "cmd.value", low=low, high=high)
        return game.position.resize(draft, value)
    if setting == "phase" and game.phases:
        names = [p.name for p in game.phases]
        if value not in names:
            raise InputError("field-value", "cmd.value", value=json.dumps(value), allowed=", ".join(names))
        return set_field(game, draft, ["phase"], value)
    if setting in game.options:
        game.resolve_options({setting: value}, "cmd")
        if not isinstance(draft.get("options"), dict):
            draft["options"] = {}
        return set_field(game, draft, ["options", setting], value)
    raise InputError("field-unknown", f"cmd.{setting}" if isinstance(setting, str) else "cmd.setting")
