"""Black Fleet (Sebastian Bleasdale), 3-4 players: merchants, pirates and the navy in the Caribbean."""

from .game import GAME

__all__ = ["GAME"]
