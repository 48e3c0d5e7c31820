"""`python -m widgets new-game ID --title-hu … --title-en …`: the whole house of a new game, the same
files as the five games beside it; `python -m widgets check-game ID`: what a game still lacks against
the shared requirements (docs/contributing/adding-a-game.en.md walks through both).

new-game writes a small placeholder game that is whole from the start, so that every shared test passes
on it untouched, at any player count: a boat race from the quay to the harbour, with a reading, a
precondition and its one-tap fix, twelve disputed cases, three pictures and a guided first round. The
maintainer then replaces it rule by rule. The files come from templates/ (write.py says how).

    write.py    the templates filled in and written; the messages, nav, home page, rules index and
                formats record brought up to date
    check.py    the shared requirements, each in the words of the test that asks it
    cli.py      the command line
"""

from .cli import main
from .write import new_game

__all__ = ["main", "new_game"]
