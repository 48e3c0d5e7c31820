"""The contract every game implements (see DESIGN.md, "The engine contract").

A game module defines a `Game` instance named `GAME` and a `State` subclass.
States are values: `apply` returns a new state and never changes the old one.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field

from .errors import IllegalAction, InputError, expect, need
from .messages import Catalog
from .verdict import Verdict


@dataclass(frozen=True)
class Option:
    """A rulebook variant, or one reading of an ambiguous sentence ("kind": "reading")."""

    name: str
    default: object
    choices: tuple
    title: dict[str, str]
    kind: str = "variant"  # or "reading"
    rules: tuple[str, ...] = ()
    choice_titles: dict = field(default_factory=dict)  # choice -> {hu, en}


class Game:
    def __init__(self, *, id: str, title: dict, prefix: str, players: tuple[int, int],
                 state_class, catalog: Catalog, options: tuple[Option, ...] = ()):
        self.id = id
        self.title = title
        self.prefix = prefix
        self.players = players
        self.state_class = state_class
        self.catalog = catalog
        self.options = {o.name: o for o in options}

    def resolve_options(self, given, field: str = "options") -> dict:
        if given is None:
            given = {}
        expect(given, "object", field)
        resolved = {name: o.default for name, o in self.options.items()}
        for name, value in given.items():
            if name not in self.options:
                raise InputError("field-value", f"{field}.{name}", value=repr(name),
                                 allowed=", ".join(self.options) or "—")
            opt = self.options[name]
            if value not in opt.choices or type(value) is not type(opt.default):
                raise InputError("field-value", f"{field}.{name}", value=json.dumps(value),
                                 allowed=", ".join(json.dumps(c) for c in opt.choices))
            resolved[name] = value
        return resolved

    def new(self, players: int, seed: int = 0, options: dict | None = None):
        expect(players, "integer", "players", low=self.players[0], high=self.players[1])
        expect(seed, "integer", "seed", low=0, high=2**63 - 1)
        return self.state_class.initial(self, players, seed, self.resolve_options(options))

    def from_json(self, data, field: str = "state"):
        expect(data, "object", field)
        return self.state_class.load(self, data, field)

    def verdict(self, legal: bool, reason: str, rules, **params) -> Verdict:
        return Verdict.make(legal, reason, rules, self.catalog, **params)

    def illegal(self, reason: str, *rules, **params) -> Verdict:
        return self.verdict(False, reason, rules, **params)


class State:
    """Subclasses implement `initial`, `load`, `to_json`, `legal_actions`, `_check`, `_apply`, and the queries."""

    game: Game
    options: dict

    # -- construction -------------------------------------------------------------
    @classmethod
    def initial(cls, game: Game, players: int, seed: int, options: dict) -> "State":
        raise NotImplementedError

    @classmethod
    def load(cls, game: Game, data: dict, field: str) -> "State":
        raise NotImplementedError

    def to_json(self) -> dict:
        raise NotImplementedError

    def copy(self) -> "State":
        return copy.deepcopy(self)

    # -- play ---------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        raise NotImplementedError

    def legal_actions(self) -> list[dict]:
        raise NotImplementedError

    def check(self, action) -> Verdict:
        """Never raises on any JSON value: malformed actions are illegal with reason "bad-action"."""
        if self.is_over():
            return self.game.verdict(False, "game-over", self.end_rules)
        try:
            expect(action, "object", "action")
            need(action, "type", "string", "action")
            return self._check(action)
        except InputError as err:
            return Verdict(False, (), "bad-action", err.message)

    def apply(self, action) -> "State":
        verdict = self.check(action)
        if not verdict.legal:
            raise IllegalAction(verdict)
        nxt = self.copy()
        nxt._apply(action)
        return nxt

    end_rules: tuple[str, ...] = ()

    def _check(self, action: dict) -> Verdict:
        raise NotImplementedError

    def _apply(self, action: dict) -> None:
        raise NotImplementedError

    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def describe(self, action, lang: str) -> str:
        """A one-line description of an action for logs, buttons and the case editor.
        Never raises: games describe actions as legal ones look, but the case editor and the
        logs describe any JSON a reader typed, so a malformed one is shown as its JSON text
        (found by tests/core/test_fuzz.py)."""
        try:
            return self._describe(action, lang)
        except (AttributeError, IndexError, KeyError, TypeError, ValueError):
            return json.dumps(action, ensure_ascii=False)

    def _describe(self, action: dict, lang: str) -> str:
        """Games override this one."""
        return json.dumps(action, ensure_ascii=False)
