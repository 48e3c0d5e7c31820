"""Vor dem Wind / Before the Wind (Torsten Landsvogt, Phalanx 2007), 2-4 players: trading action cards, storing goods, loading ships."""

from .game import GAME

__all__ = ["GAME"]
