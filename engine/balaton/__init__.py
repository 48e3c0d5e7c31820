"""Balaton: the untitled Lake Balaton ports-and-ships dice game (rulebook from csetneki.hu), 2-6 players."""

from .game import GAME

__all__ = ["GAME"]
