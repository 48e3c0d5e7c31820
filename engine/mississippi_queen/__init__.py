"""Mississippi Queen (Werner Hodel), 3-5 players: a steamboat race on a river laid as it is sailed."""

from .game import GAME

__all__ = ["GAME"]
