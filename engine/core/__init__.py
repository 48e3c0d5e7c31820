"""Shared vocabulary of all games: verdicts, errors, messages, randomness, the game contract."""

from .errors import IllegalAction, InputError, expect, need
from .game import Game, Option, Quick, State, clone
from .messages import LANGS, Catalog
from .rng import Rng
from .rules import cites
from .verdict import Fix, Reason, Verdict, rule_anchor

__all__ = [
    "Catalog",
    "Fix",
    "Game",
    "IllegalAction",
    "InputError",
    "LANGS",
    "Option",
    "Quick",
    "Reason",
    "Rng",
    "State",
    "Verdict",
    "cites",
    "clone",
    "expect",
    "need",
    "rule_anchor",
]
