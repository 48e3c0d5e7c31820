"""Kikötő's rules engine: one package per game, one contract for all
(docs/contributing/architecture.en.md).

    >>> from engine import load_game
    >>> load_game("mare-balticum").name("en")
    'Mare Balticum'
"""

from __future__ import annotations

from .core import Game, IllegalAction, InputError, Verdict
from .core.registry import game_ids, load_game

__all__ = ["Game", "IllegalAction", "InputError", "Verdict", "game_ids", "load_game"]
