"""Kikötő's rules engine: one package per game, one contract for all (DESIGN.md).

    >>> from engine import load_game
    >>> load_game("mare-balticum").name("en")
    'Mare Balticum'
"""

from __future__ import annotations

import importlib
import os

from .core import Game, IllegalAction, InputError, Verdict

__all__ = ["Game", "IllegalAction", "InputError", "Verdict", "game_ids", "load_game"]

_HERE = os.path.dirname(__file__)


def game_ids() -> list[str]:
    """Every game is a subpackage (folder name with underscores; the id uses hyphens)."""
    return sorted(
        name.replace("_", "-")
        for name in os.listdir(_HERE)
        if name != "core" and os.path.isfile(os.path.join(_HERE, name, "__init__.py"))
    )


def load_game(game_id, field: str = "game") -> Game:
    ids = game_ids()
    if not isinstance(game_id, str) or game_id not in ids:
        raise InputError("unknown-game", field, value=repr(game_id), allowed=", ".join(ids))
    return importlib.import_module(f"engine.{game_id.replace('-', '_')}").GAME
