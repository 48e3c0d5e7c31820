"""Mare Balticum (Filip Miłuński), 3-5 players: fishing fleets on the Baltic.

`GAME` is imported on first use, so the scoring helpers load without the whole game.
"""


def __getattr__(name):
    if name == "GAME":
        from .game import GAME

        return GAME
    raise AttributeError(name)
